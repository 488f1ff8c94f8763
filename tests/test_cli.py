"""The command line as a user meets it: commands work, errors are one clear line, the wheel installs."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def run(*args: str, cwd: Path | None = None, check: bool = False) -> subprocess.CompletedProcess:
    proc = subprocess.run([sys.executable, "-m", "genpuzzle.cli", *args], capture_output=True, text=True,
                          cwd=cwd, env={**os.environ, "COLUMNS": "200"})
    if check:
        assert proc.returncode == 0, proc.stderr
    return proc


@pytest.fixture(scope="module")
def cli_set(tmp_path_factory):
    root = tmp_path_factory.mktemp("cli")
    run("generate", "--tracks", "sudoku", "--count", "2", "--seed", "4", "--out", str(root / "set"), check=True)
    return root / "set"


def test_tracks_lists_sudoku():
    out = run("tracks", "--json", check=True).stdout
    info = {t["name"]: t for t in json.loads(out)}
    assert info["sudoku"]["variants"] == ["4x4", "9x9"]


def test_generate_verify_validate_export(cli_set, tmp_path):
    manifest = [json.loads(line) for line in (cli_set / "manifest.jsonl").read_text().splitlines()]
    record = manifest[0]
    ok = run("verify", "--set", str(cli_set), "--id", record["id"], str(cli_set / record["reference_images"][0]),
             check=True)
    assert "correct" in ok.stdout and "100.00" in ok.stdout
    bad = run("verify", "--set", str(cli_set), "--id", record["id"], str(cli_set / record["input_image"]),
              "--json", check=True)
    verdict = json.loads(bad.stdout)
    assert verdict["status"] == "incorrect" and verdict["violations"][0]["code"] == "blank_unfilled"
    assert "correct" not in run("validate", "--set", str(cli_set), check=True).stderr
    run("export", "--set", str(cli_set), "--out", str(tmp_path / "pub"), "--public", check=True)
    assert (tmp_path / "pub" / "public.jsonl").is_file()


def test_evaluate_command_writes_results(cli_set, tmp_path):
    answers = tmp_path / "answers"
    answers.mkdir()
    rec = json.loads((cli_set / "manifest.jsonl").read_text().splitlines()[0])
    shutil.copy(cli_set / rec["reference_images"][0], answers / f"{rec['id']}.png")
    proc = run("evaluate", "--set", str(cli_set), "--answers", str(answers), "--out", str(tmp_path / "o"), check=True)
    assert "Macro Overall 50.00" in proc.stdout
    assert len((tmp_path / "o" / "results.jsonl").read_text().splitlines()) == 2


def test_validate_fails_on_a_tampered_set(cli_set, tmp_path):
    copy = tmp_path / "tampered"
    shutil.copytree(cli_set, copy)
    rec = json.loads((copy / "manifest.jsonl").read_text().splitlines()[0])
    shutil.copy(copy / rec["input_image"], copy / rec["reference_images"][0])
    proc = run("validate", "--set", str(copy))
    assert proc.returncode == 1
    assert "fingerprint" in proc.stderr and f"{rec['id']}: reference" in proc.stderr


@pytest.mark.parametrize("args,needle", [
    (["generate", "--tracks", "nope", "--out", "x"], "unknown track 'nope'"),
    (["evaluate", "--set", "missing-set", "--answers", ".", "--out", "o"], "missing-set: set folder does not exist"),
    (["verify", "--set", "SET", "--id", "nope", "ANSWER"], "no instance with id 'nope'"),
    (["verify", "--set", "SET", "--id", "ID", "CORRUPT"], "corrupt.png"),
    (["evaluate", "--set", "SET", "--answers", "no-answers", "--out", "o"], "no-answers: answers folder does not exist"),
    (["generate", "--tracks", "sudoku", "--variants", "7x7", "--out", "x"], "'7x7'"),
    (["export", "--set", "SET", "--out", "p"], "--public"),
])
def test_errors_are_one_clear_line_without_traceback(cli_set, tmp_path, args, needle):
    corrupt = tmp_path / "corrupt.png"
    corrupt.write_bytes(b"\x89PNG\r\n\x1a\n\0\0")
    first_id = json.loads((cli_set / "manifest.jsonl").read_text().splitlines()[0])["id"]
    subst = {"SET": str(cli_set), "ANSWER": str(corrupt), "CORRUPT": str(corrupt), "ID": first_id}
    proc = run(*[subst.get(a, a) for a in args], cwd=tmp_path)
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and needle in lines[0], proc.stderr


def test_wheel_installs_without_generic_top_level_names(tmp_path):
    """Build the wheel, install it into a fresh venv, and run `genpuzzle tracks` from there."""
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", str(dist),
                    str(REPO)], check=True, capture_output=True)
    wheel = next(dist.glob("genpuzzle-*.whl"))
    import zipfile

    tops = {name.split("/")[0] for name in zipfile.ZipFile(wheel).namelist()}
    assert tops <= {"genpuzzle", f"{wheel.name.split('-')[0]}-{wheel.name.split('-')[1]}.dist-info"}, tops
    names = zipfile.ZipFile(wheel).namelist()
    assert "genpuzzle/data/fonts/DejaVuSans.ttf" in names and "genpuzzle/data/rubrics/sudoku.json" in names
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(system_site_packages=True, with_pip=False).create(env_dir)
    py = env_dir / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps", "--no-index",
                    str(wheel)], check=False, capture_output=True)
    if not (env_dir / "bin" / "genpuzzle").exists():  # pip < 22.3 has no --python: use the target's own pip
        subprocess.run([str(py), "-m", "pip", "install", "--no-deps", "--no-index", str(wheel)], check=True,
                       capture_output=True)
    clean_env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    proc = subprocess.run([str(env_dir / "bin" / "genpuzzle"), "tracks", "--json"], capture_output=True,
                          text=True, cwd=tmp_path, env=clean_env)
    assert proc.returncode == 0, proc.stderr
    assert "sudoku" in proc.stdout
    where = subprocess.run([str(py), "-c", "import genpuzzle.solvers, importlib.util as u; "
                            "print(genpuzzle.solvers.__file__); print(u.find_spec('solvers'))"],
                           capture_output=True, text=True, cwd=tmp_path, env=clean_env).stdout.split("\n")
    assert str(env_dir) in where[0] and where[1] == "None"
