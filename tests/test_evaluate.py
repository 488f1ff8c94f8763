"""The evaluation pipeline: statuses, incremental results, resume after a kill, summaries."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from genpuzzle.dataset import load_set, write_set
from genpuzzle.errors import DatasetError
from genpuzzle.evaluate import evaluate, read_results
from genpuzzle.records import Status, Verdict
from genpuzzle.summary import macro_overall, summarize


@pytest.fixture(scope="module")
def small_set(tmp_path_factory):
    root = tmp_path_factory.mktemp("eval") / "set"
    write_set(root, {"sudoku": 6}, master_seed=21)
    return root


def _answers(set_root: Path, folder: Path, skip: int = 1) -> Path:
    """References as answers (one as JPEG), the first ``skip`` ids missing, one corrupt, one stray file."""
    folder.mkdir()
    records = load_set(set_root).records
    for k, record in enumerate(records[skip:]):
        suffix = ".JPG" if k == 0 else ".png"
        src = set_root / record.reference_images[0]
        if suffix == ".png":
            shutil.copy(src, folder / f"{record.id}.png")
        else:
            from PIL import Image

            Image.open(src).convert("RGB").save(folder / f"{record.id}{suffix}", format="JPEG", quality=85)
    (folder / f"{records[-1].id}.png").write_bytes(b"garbage")
    (folder / "not-an-instance.png").write_bytes(b"x")
    return folder


def test_evaluate_statuses_and_summary(small_set, tmp_path):
    answers = _answers(small_set, tmp_path / "answers")
    summary = evaluate(small_set, answers, tmp_path / "out")
    results = read_results(tmp_path / "out" / "results.jsonl")
    assert len(results) == 6 and len({v.id for v in results}) == 6
    by_status = summary["tracks"]["sudoku"]["status_counts"]
    assert by_status == {"correct": 4, "incorrect": 0, "needs_review": 0, "unreadable": 0, "missing": 1, "error": 1}
    missing = next(v for v in results if v.status is Status.MISSING)
    assert missing.score == 0 and missing.reason
    error = next(v for v in results if v.status is Status.ERROR)
    assert "garbage" not in error.reason and error.answer_path.endswith(".png")
    assert summary["macro_overall"] == pytest.approx(400 / 6, abs=1e-3)
    run = json.loads((tmp_path / "out" / "run.json").read_text())
    assert run["answers_unmatched"] == ["not-an-instance"] and run["answers_matched"] == 5
    _assert_run_is_reproducible(run)
    with pytest.raises(DatasetError, match="--resume"):
        evaluate(small_set, answers, tmp_path / "out")


def _assert_run_is_reproducible(run: dict) -> None:
    """run.json names what reproduces the run: versions of genpuzzle (and its commit), Python, libraries."""
    import platform
    from importlib import metadata

    import genpuzzle

    repo = Path(genpuzzle.__file__).resolve().parent.parent
    assert run["genpuzzle_version"] == genpuzzle.__version__ and run["python"] == platform.python_version()
    if (repo / ".git").exists():
        head = subprocess.run(["git", "-C", str(repo), "rev-parse", "HEAD"], capture_output=True, text=True).stdout
        assert run["genpuzzle_commit"].split("+")[0] == head.strip()
    for name, dist in (("numpy", "numpy"), ("shapely", "shapely"), ("ortools", "ortools"),
                       ("opencv", "opencv-python-headless")):
        assert run["versions"][name] == metadata.version(dist)
    assert "rapidocr" in run["versions"]  # None when the OCR extra is not installed
    started, finished = (time.strptime(run[k], "%Y-%m-%dT%H:%M:%SZ") for k in ("started", "finished"))
    assert started <= finished and run["elapsed_s"] >= run["verify_s"] > 0 and run["verified"] == 6


def test_resume_after_truncated_line_gives_every_id_once(small_set, tmp_path):
    answers = _answers(small_set, tmp_path / "answers", skip=0)
    out = tmp_path / "out"
    evaluate(small_set, answers, out)
    results = out / "results.jsonl"
    lines = results.read_bytes().splitlines(keepends=True)
    results.write_bytes(b"".join(lines[:3]) + lines[3][: len(lines[3]) // 2])  # killed mid-write
    summary = evaluate(small_set, answers, out, resume=True, workers=2)
    ids = [json.loads(line)["id"] for line in results.read_text().splitlines()]
    assert sorted(ids) == sorted(r.id for r in load_set(small_set).records)
    assert summary["n"] == 6


@pytest.mark.parametrize("workers", [1, 2])
def test_killed_cli_run_resumes_to_completion(small_set, tmp_path, workers):
    answers = _answers(small_set, tmp_path / "answers", skip=0)
    out = tmp_path / "out"
    cmd = [sys.executable, "-m", "genpuzzle.cli", "evaluate", "--set", str(small_set), "--answers", str(answers),
           "--out", str(out), "--workers", str(workers)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    results = out / "results.jsonl"
    deadline = time.time() + 60
    # one process writes its answers one by one; with workers they come in batches, so kill at the first
    wanted = 2 if workers == 1 else 1
    while time.time() < deadline and (not results.exists() or results.read_text().count("\n") < wanted):
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    done_before = results.read_text().count("\n")
    subprocess.run(cmd + ["--resume"], check=True, capture_output=True)
    ids = [json.loads(line)["id"] for line in results.read_text().splitlines()]
    assert sorted(ids) == sorted(r.id for r in load_set(small_set).records), done_before


def test_killed_run_leaves_no_worker_behind(small_set, tmp_path):
    """kill -9 of `genpuzzle evaluate --workers 2`: its spawned worker and the resource tracker exit too."""
    from conftest import command_line, descendants, is_running, wait_until_gone

    answers = _answers(small_set, tmp_path / "answers", skip=0)
    cmd = [sys.executable, "-m", "genpuzzle.cli", "evaluate", "--set", str(small_set), "--answers", str(answers),
           "--out", str(tmp_path / "out"), "--workers", "2"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 60
    children: list[int] = []
    while time.time() < deadline and proc.poll() is None:
        children = descendants(proc.pid)
        if any("spawn_main" in command_line(pid) for pid in children):
            break
        time.sleep(0.02)
    assert any("spawn_main" in command_line(pid) for pid in children), "no worker started"
    assert any("resource_tracker" in command_line(pid) for pid in children)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    left = wait_until_gone(children, timeout=10)
    assert not left, [(pid, command_line(pid)) for pid in left if is_running(pid)]


@pytest.mark.parametrize("workers", [2, 3, 8])
def test_parallel_runs_give_the_same_verdicts_as_one_process(small_set, tmp_path, workers):
    answers = _answers(small_set, tmp_path / "answers")
    evaluate(small_set, answers, tmp_path / "one")
    evaluate(small_set, answers, tmp_path / "many", workers=workers)

    def verdicts(out):
        return {v.id: (v.score, v.status, v.codes, v.parsed) for v in read_results(out / "results.jsonl")}

    assert verdicts(tmp_path / "many") == verdicts(tmp_path / "one")
    assert len(verdicts(tmp_path / "many")) == len(load_set(small_set).records)


def test_workers_that_cannot_start_give_a_clear_error_and_the_run_resumes(small_set, tmp_path):
    """Spawned workers re-run the caller's main script; from stdin they cannot, and die."""
    answers = _answers(small_set, tmp_path / "answers", skip=0)
    out = tmp_path / "out"
    script = (f"from genpuzzle.evaluate import evaluate\n"
              f"evaluate({str(small_set)!r}, {str(answers)!r}, {str(out)!r}, workers=2)\n")
    done = subprocess.run([sys.executable, "-"], input=script, capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode != 0
    assert "GenpuzzleError: a worker process stopped unexpectedly" in done.stderr and "--resume" in done.stderr
    assert (out / "results.jsonl").exists()  # whatever was verified before is on disk
    summary = evaluate(small_set, answers, out, resume=True)
    assert summary["n"] == len(load_set(small_set).records)


def test_a_damaged_set_stops_the_run_instead_of_scoring_the_model(small_set, tmp_path):
    """An unreadable set image is the set's problem: the run stops naming it (also from a worker), and no
    verdict charges it to the model."""
    from genpuzzle.errors import SetImageError

    damaged = tmp_path / "set"
    shutil.copytree(small_set, damaged)
    first = load_set(damaged).records[0]
    (damaged / first.edit_mask).write_bytes(b"not a png")
    answers = _answers(small_set, tmp_path / "answers", skip=0)
    with pytest.raises(SetImageError, match=f"{first.id}_mask.png.*the set is damaged"):
        evaluate(damaged, answers, tmp_path / "out", workers=2)
    assert all(v.id != first.id for v in read_results(tmp_path / "out" / "results.jsonl"))


def test_resume_refuses_results_from_another_set(small_set, tmp_path):
    answers = _answers(small_set, tmp_path / "answers")
    evaluate(small_set, answers, tmp_path / "out")
    other = tmp_path / "other"
    write_set(other, {"sudoku": 2}, master_seed=99)
    with pytest.raises(DatasetError, match="different set"):
        evaluate(other, answers, tmp_path / "out", resume=True)


def _v(track: str, score: float) -> Verdict:
    return Verdict(id=f"{track}-{score}", track=track, score=score, status=Status.CORRECT)


def test_macro_overall_weights_tracks_equally():
    verdicts = [_v("a", 100)] * 9 + [_v("a", 0)] + [_v("b", 0)] * 2
    summary = summarize(verdicts, resamples=2000)
    assert summary["tracks"]["a"]["mean"] == 90 and summary["tracks"]["b"]["mean"] == 0
    assert summary["macro_overall"] == 45.0
    assert summary["micro_mean"] == pytest.approx(75.0)
    lo, hi = summary["macro_ci95"]
    assert lo <= 45.0 <= hi and hi - lo > 0
    assert summary["tracks"]["b"]["ci95"] == [0.0, 0.0]
    assert macro_overall({"a": 90.0, "b": 0.0}) == 45.0
    # A bootstrap replicate never drops a track: track b alone stays at 0 in every replicate.
    assert summarize([_v("b", 0)] * 3, resamples=100)["macro_ci95"] == [0.0, 0.0]


def test_verdict_round_trips_through_json():
    from genpuzzle.records import Violation

    v = Verdict(id="x", track="t", score=np.float64(55.5), status="incorrect",
                violations=[Violation("c", "m", {"cell": (1, 2), "n": np.int64(3)})], parsed={"g": np.eye(2)})
    again = Verdict.from_json(json.loads(json.dumps(v.to_json())))
    assert again.to_json() == v.to_json() and again.violations[0].evidence["cell"] == [1, 2]
    assert Verdict(id="y", track="t", score=140, status="correct").score == 100.0


def test_verification_reads_the_records_lazily(small_set):
    """The manifest is streamed into verification: the first verdict comes before the second record is read."""
    from genpuzzle.evaluate import _verify_all

    records = load_set(small_set).records
    taken = []

    def stream_records():
        for record in records:
            taken.append(record.id)
            yield record

    verdicts = _verify_all(small_set, stream_records(), {}, workers=1)
    first = next(verdicts)
    assert taken == [records[0].id] and first.status is Status.MISSING
    assert [v.id for v in verdicts] == [r.id for r in records[1:]]


def test_bootstrap_in_blocks_draws_the_same_replicates(monkeypatch):
    import genpuzzle.summary as summary_module

    scores = {"a": np.arange(37, dtype=float), "b": np.array([0.0, 100.0, 50.0])}
    whole = summary_module.bootstrap_means(scores, resamples=500)
    monkeypatch.setattr(summary_module, "BOOTSTRAP_BLOCK", 40)  # one replicate of "a" per block
    blocks = summary_module.bootstrap_means(scores, resamples=500)
    for key in ("macro", "micro"):
        assert np.array_equal(whole[key], blocks[key])
    assert all(np.array_equal(whole["tracks"][t], blocks["tracks"][t]) for t in scores)


def test_verify_image_runs_opencv_and_blas_at_one_thread_and_restores_them(small_set, monkeypatch):
    """OpenCV's parallel loops split float sums by thread: at two threads the same page registered twice
    differed in the last bits of its fit (a verdict at a threshold could flip between calls). The library
    call verifies at one thread, as `evaluate`'s workers do, and gives the caller's settings back."""
    import cv2
    from threadpoolctl import threadpool_info

    from genpuzzle.evaluate import verify_image
    from genpuzzle.images import load_image, load_mask
    from genpuzzle.registry import get_track

    record = load_set(small_set).records[0]
    track = get_track(record.track)
    seen = []
    real_verify = track.verify

    def spy(*args, **kwargs):
        blas = [pool["num_threads"] for pool in threadpool_info() if pool["user_api"] == "blas"]
        seen.append((cv2.getNumThreads(), blas, cv2.ipp.useIPP()))
        return real_verify(*args, **kwargs)

    monkeypatch.setattr(track, "verify", spy)
    target = load_image(small_set / record.input_image)
    mask = load_mask(small_set / record.edit_mask)
    answer = load_image(small_set / record.reference_images[0])
    before, ipp_before = cv2.getNumThreads(), cv2.ipp.useIPP()
    cv2.setNumThreads(2)
    try:
        first = verify_image(record, answer, target, mask)
        second = verify_image(record, answer, target, mask)
        assert cv2.getNumThreads() == 2
    finally:
        cv2.setNumThreads(before)
    assert seen and all(threads == 1 and all(n == 1 for n in blas) and not ipp for threads, blas, ipp in seen)
    assert first.to_json() == second.to_json() and first.score == 100
    assert cv2.ipp.useIPP() == ipp_before


def test_an_edit_mask_given_as_0_255_is_the_same_mask(small_set):
    """A mask read with PIL is uint8 0/255: used as it is, it indexed pixels by value (a torn nonogram page showing
    its whole puzzle was held for review as "only 48 % of the answer area is inside the answer image")."""
    from genpuzzle.evaluate import verify_image
    from genpuzzle.images import load_image, load_mask

    record = load_set(small_set).records[1]
    target = load_image(small_set / record.input_image)
    mask = load_mask(small_set / record.edit_mask)
    answer = load_image(small_set / record.reference_images[0])
    h, w = answer.shape[:2]
    answer = answer[:, : w - w // 50]  # a sliver of the page cut off: the observed share is measured
    as_bool = verify_image(record, answer, target, mask).to_json()
    as_bytes = verify_image(record, answer, target, mask.astype(np.uint8) * 255).to_json()
    assert as_bytes == as_bool
