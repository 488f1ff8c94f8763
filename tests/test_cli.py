"""The command line as a user meets it: commands work, errors are one clear line, the wheel installs."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import venv
from pathlib import Path

import pytest
from PIL import Image

REPO = Path(__file__).resolve().parent.parent


def run(*args: str, cwd: Path | None = None, check: bool = False,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    proc = subprocess.run([sys.executable, "-m", "genpuzzle.cli", *args], capture_output=True, text=True,
                          cwd=cwd, env={**os.environ, "COLUMNS": "200", **(env or {})})
    if check:
        assert proc.returncode == 0, proc.stderr
    return proc


@pytest.fixture(scope="module")
def cli_set(tmp_path_factory):
    root = tmp_path_factory.mktemp("cli")
    run("generate", "--tracks", "sudoku", "--count", "2", "--seed", "4", "--out", str(root / "set"), check=True)
    return root / "set"


def test_version_and_help_without_raw_type_placeholders(monkeypatch, capsys):
    import genpuzzle

    assert _main(monkeypatch, "--version") == 0
    assert capsys.readouterr().out.strip() == f"genpuzzle {genpuzzle.__version__}"
    monkeypatch.setenv("COLUMNS", "200")
    for command in ("", "report", "evaluate", "demo"):
        assert _main(monkeypatch, *command.split(), "--help") == 0
        text = capsys.readouterr().out
        assert "--help" in text and not re.search(r"<(bool|path|int|str|list\[)", text), text


def test_demo_reruns_with_force_or_into_a_fresh_folder(tmp_path, monkeypatch):
    from genpuzzle.demo import fresh_folder

    monkeypatch.chdir(tmp_path)
    (tmp_path / "runs" / "demo" / "set").mkdir(parents=True)
    (tmp_path / "runs" / "demo-2").mkdir()  # empty: usable
    assert fresh_folder(Path("runs/demo")) == Path("runs/demo-2")
    (tmp_path / "runs" / "demo-2" / "report.html").write_text("old")
    assert fresh_folder(Path("runs/demo")) == Path("runs/demo-3")
    out = tmp_path / "runs" / "demo"
    (out / "report.html").write_text("an old demo report")
    proc = run("demo", "--out", str(out), "--tracks", "sudoku", "--count", "1", "--workers", "1", "--force",
               check=True)
    assert "reference-distorted" in proc.stdout and (out / "results" / "unchanged-input" / "summary.json").is_file()
    assert "an old demo report" not in (out / "report.html").read_text()


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
              "--json")
    assert bad.returncode == 1  # incorrect: scripts can tell it from correct (0)
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
    (answers / "stray_answer.png").write_bytes(b"x")
    proc = run("evaluate", "--set", str(cli_set), "--answers", str(answers), "--out", str(tmp_path / "o"), check=True)
    assert "Macro Overall 50.00" in proc.stdout
    assert len((tmp_path / "o" / "results.jsonl").read_text().splitlines()) == 2
    # what matched, what did not, progress lines in a log (not a terminal), speed and time at the end
    assert "answers: 1 of 2 instance(s) have an answer file" in proc.stderr
    assert "1 file(s) match no id: stray_answer.png" in proc.stderr
    assert "verifying: 2/2 (100%)" in proc.stderr
    assert re.search(r"verified 2 answer\(s\) in [\d.]+ s \([\d.]+ answers/s\); elapsed [\d.]+ s", proc.stdout)


def test_progress_lines_follow_genpuzzle_progress(cli_set, tmp_path):
    answers = tmp_path / "answers"
    shutil.copytree(cli_set / "images" / "sudoku", answers)
    for path in answers.glob("*_input.png"):
        path.rename(answers / path.name.replace("_input", ""))
    lines = run("evaluate", "--set", str(cli_set), "--answers", str(answers), "--out", str(tmp_path / "a"),
                env={"GENPUZZLE_PROGRESS": "0"}, check=True).stderr
    assert "verifying: 1/2 (50%)" in lines and "verifying: 2/2 (100%)" in lines
    quiet = run("evaluate", "--set", str(cli_set), "--answers", str(answers), "--out", str(tmp_path / "b"),
                env={"GENPUZZLE_PROGRESS": "off"}, check=True).stderr
    assert "verifying" not in quiet


def test_progress_setting_is_checked(monkeypatch):
    from genpuzzle import cli
    from genpuzzle.errors import GenpuzzleError

    monkeypatch.setenv("GENPUZZLE_PROGRESS", "sometimes")
    with pytest.raises(GenpuzzleError, match="GENPUZZLE_PROGRESS='sometimes': expected bar, lines, off"):
        cli._progress()
    monkeypatch.setenv("GENPUZZLE_PROGRESS", "lines")
    assert isinstance(cli._progress(), cli.LineProgress) and cli._progress().every == cli.PROGRESS_LINE_SECONDS


def _main(monkeypatch, *args: str) -> int:
    """Run the CLI's entry point in this process (so a test can patch a track); returns the exit code."""
    from genpuzzle import cli

    monkeypatch.setattr(sys, "argv", ["genpuzzle", *args])
    with pytest.raises(SystemExit) as stop:
        cli.main()
    return stop.value.code or 0


def test_verify_exit_code_says_the_status(cli_set, tmp_path, monkeypatch, capsys):
    from genpuzzle.records import Status, Verdict
    from genpuzzle.registry import get_track

    record = json.loads((cli_set / "manifest.jsonl").read_text().splitlines()[0])
    reference = str(cli_set / record["reference_images"][0])
    verify = ["verify", "--set", str(cli_set), "--id", record["id"]]
    assert _main(monkeypatch, *verify, reference) == 0
    assert _main(monkeypatch, *verify, str(cli_set / record["input_image"])) == 1
    blank = tmp_path / "blank.png"
    Image.new("RGB", (300, 300), "white").save(blank)
    capsys.readouterr()
    assert _main(monkeypatch, *verify, "--json", str(blank)) == 5
    assert json.loads(capsys.readouterr().out)["status"] == "unreadable"
    track = type(get_track("sudoku"))
    monkeypatch.setattr(track, "verify", lambda self, rec, answer, image: Verdict(
        rec.id, rec.track, 100, Status.CORRECT, needs_review=True))
    assert _main(monkeypatch, *verify, reference) == 4
    monkeypatch.setattr(track, "verify", lambda self, rec, answer, image: 1 / 0)
    assert _main(monkeypatch, *verify, reference) == 6
    assert _main(monkeypatch, *verify, str(tmp_path / "absent.png")) == 2


def test_validate_reports_a_failing_instance_and_goes_on(cli_set, monkeypatch, capsys):
    """An exception in one instance's re-proof or reference check is that instance's problem, not the run's."""
    from genpuzzle import evaluate
    from genpuzzle.registry import get_track

    first, second = (json.loads(line)["id"] for line in (cli_set / "manifest.jsonl").read_text().splitlines())
    track = type(get_track("sudoku"))
    original = track.validate

    def validate(self, record):
        if record.id == first:
            raise RuntimeError("TopologyException: side location conflict")
        return original(self, record)

    monkeypatch.setattr(track, "validate", validate)
    real_verify = evaluate.verify_answer

    def verify_answer(root, record, answer_path):
        if record.id == second:
            raise ValueError("planted")
        return real_verify(root, record, answer_path)

    monkeypatch.setattr(evaluate, "verify_answer", verify_answer)
    assert _main(monkeypatch, "validate", "--set", str(cli_set)) == 1
    out, err = capsys.readouterr()
    assert "checked 2 instances, 2 reference images" in out
    assert f"{first}: re-proof failed: RuntimeError: TopologyException" in err
    assert f"{second}: reference" in err and "could not be verified: ValueError: planted" in err


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
    (["evaluate", "--set", "SET", "--answers", "MISNAMED", "--out", "o"], "_answer.png; expected <id>.png"),
    (["evaluate", "--set", "SET", "--answers", "EMPTY", "--out", "o"], "no answer images"),
    (["evaluate", "--set", "NO_SET_JSON", "--answers", "ANSWERS", "--out", "o"], "set.json: missing"),
    (["evaluate", "--set", "NO_INPUT", "--answers", "ANSWERS", "--out", "o"], "_input.png: set image missing"),
    (["verify", "--set", "NO_INPUT", "--id", "ID", "REFERENCE"], "set image unreadable"),
    (["evaluate", "--set", "SET", "--answers", "ANSWERS", "--out", "o", "--judge", "m", "--judge-base-url",
      "DEAD_URL"], "is unreachable"),
    (["demo", "--out", "FULL", "--tracks", "sudoku"], "--force"),
    (["validate", "--set", "BAD_SET_JSON"], "set.json: invalid JSON (Expecting property name enclosed in double "
                                            "quotes: line 1 column 9 (char 8))"),
])
def test_errors_are_one_clear_line_without_traceback(cli_set, tmp_path, args, needle):
    corrupt = tmp_path / "corrupt.png"
    corrupt.write_bytes(b"\x89PNG\r\n\x1a\n\0\0")
    records = [json.loads(line) for line in (cli_set / "manifest.jsonl").read_text().splitlines()]
    first_id = records[0]["id"]
    subst = {"SET": str(cli_set), "ANSWER": str(corrupt), "CORRUPT": str(corrupt), "ID": first_id,
             "REFERENCE": str(cli_set / records[0]["reference_images"][0])}
    for name in {"MISNAMED", "EMPTY", "ANSWERS", "FULL"} & set(args):
        (tmp_path / name).mkdir()
        subst[name] = str(tmp_path / name)
    for folder, name in (("MISNAMED", f"{first_id}_answer.png"), ("ANSWERS", f"{first_id}.png")):
        if folder in args:
            shutil.copy(cli_set / records[0]["reference_images"][0], tmp_path / folder / name)
    if "FULL" in args:
        (tmp_path / "FULL" / "notes.txt").write_text("mine")
    for name, remove in (("NO_SET_JSON", "set.json"), ("NO_INPUT", records[0]["input_image"]),
                         ("BAD_SET_JSON", "set.json")):
        if name in args:
            shutil.copytree(cli_set, tmp_path / name)
            (tmp_path / name / remove).unlink()
            subst[name] = str(tmp_path / name)
    if "BAD_SET_JSON" in args:
        (tmp_path / "BAD_SET_JSON" / "set.json").write_text('{"a": 1,,}')
    if "DEAD_URL" in args:
        with socket.socket() as free:  # a port nothing listens on
            free.bind(("127.0.0.1", 0))
            subst["DEAD_URL"] = f"http://127.0.0.1:{free.getsockname()[1]}/v1"
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
    # every module of the source folders ships, subpackages (solvers/board_game/...) included
    folders = {"genpuzzle": "genpuzzle", "tracks": "genpuzzle/tracks", "solvers": "genpuzzle/solvers",
               "renderers": "genpuzzle/renderers", "verifiers": "genpuzzle/verifiers"}
    for folder, package in folders.items():
        for source in (REPO / folder).rglob("*.py"):
            if "__pycache__" not in source.parts:
                assert f"{package}/{source.relative_to(REPO / folder).as_posix()}" in names, source
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    py = env_dir / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps", "--no-index",
                    str(wheel)], check=False, capture_output=True)
    if not (env_dir / "bin" / "genpuzzle").exists():  # pip < 22.3 has no --python: use the target's own pip
        subprocess.run([str(py), "-m", "pip", "install", "--no-deps", "--no-index", str(wheel)], check=True,
                       capture_output=True)
    _see_dependencies_of_this_interpreter(py)
    clean_env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    proc = subprocess.run([str(env_dir / "bin" / "genpuzzle"), "tracks", "--json"], capture_output=True,
                          text=True, cwd=tmp_path, env=clean_env)
    assert proc.returncode == 0, proc.stderr
    assert "sudoku" in proc.stdout
    where = subprocess.run([str(py), "-c", "import genpuzzle.solvers, importlib.util as u; "
                            "print(genpuzzle.solvers.__file__); print(u.find_spec('solvers'))"],
                           capture_output=True, text=True, cwd=tmp_path, env=clean_env).stdout.split("\n")
    assert str(env_dir) in where[0] and where[1] == "None"


def _see_dependencies_of_this_interpreter(py: Path) -> None:
    """Make the dependencies installed for the interpreter running the tests importable from the fresh
    environment of ``py``, whether they live in a virtual environment or the system.

    A venv made from inside a venv is based on the base interpreter, so ``system_site_packages`` would show
    the base's packages, not this environment's. A ``.pth`` file listing this interpreter's site folders
    does: their own ``.pth`` files (an editable genpuzzle among them) are not run, so the genpuzzle
    imported there is the installed wheel's. Written after the install, so pip never saw these folders.
    """
    import site

    folders = list(site.getsitepackages())
    if site.ENABLE_USER_SITE:
        folders.append(site.getusersitepackages())
    inner = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                           capture_output=True, text=True, check=True).stdout.strip()
    Path(inner, "_genpuzzle_test_dependencies.pth").write_text(
        "".join(f"{folder}\n" for folder in folders if Path(folder).is_dir() and folder != inner), encoding="utf-8")


def test_readme_names_the_licence_of_every_dependency():
    """A dependency added to pyproject.toml without its licence in the README's Licences section fails."""
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    block = pyproject[pyproject.index("dependencies = ["):pyproject.index("[project.scripts]")]
    names = {re.split(r"[<>=!~\[;]", spec)[0].strip().lower()
             for spec in re.findall(r'"([A-Za-z0-9_.\-]+[^"]*)"', block)} - {"genpuzzle"}
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    licences = readme[readme.index("## Licences"):].lower()
    assert (REPO / "LICENSE").is_file() and (REPO / "CITATION.cff").is_file()
    assert {"numpy", "ortools", "opencv-python-headless", "shapely"} <= names
    assert not [name for name in sorted(names) if name not in licences]
