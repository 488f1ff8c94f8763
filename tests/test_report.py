"""The evaluation report, tested as a reader uses it: numbers from results.jsonl, every format, the HTML
page rendered in headless Chromium (not blank, leaderboard rows, chart images, working filter), overlays
and clear errors for moved sets and answers."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from typer.testing import CliRunner

from genpuzzle.cli import app
from genpuzzle.dataset import load_set
from genpuzzle.errors import DatasetError, GenpuzzleError
from genpuzzle.evaluate import read_results
from genpuzzle.overlay import draw_violations, evidence_boxes, overlay_image, registered_answer
from genpuzzle.records import Status, Verdict, Violation
from genpuzzle.report import CHARTS, load_run, report_numbers, write_report

ROOT = Path(__file__).resolve().parents[1]


def _tool():
    spec = importlib.util.spec_from_file_location("make_sample_report", ROOT / "tools" / "make_sample_report.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def sample(tmp_path_factory) -> tuple[Path, list[Path]]:
    """The docs sample: a 6-instance Sudoku set and two evaluated fake models (careful, sloppy)."""
    work = tmp_path_factory.mktemp("report")
    return work, _tool().make_sample(work)


@pytest.fixture(scope="module")
def html_report(sample) -> Path:
    work, results = sample
    out = work / "out" / "report.html"
    write_report(results, out, resamples=2000)
    return out


def _expected_from_results(results_dir: Path) -> tuple[float, Counter]:
    verdicts = read_results(results_dir / "results.jsonl")
    by_track: dict[str, list[float]] = {}
    for v in verdicts:
        by_track.setdefault(v.track, []).append(v.score)
    macro = float(np.mean([np.mean(s) for s in by_track.values()]))
    return macro, Counter(v.status.value for v in verdicts)


def test_numbers_come_from_results_not_a_stale_summary(sample, tmp_path):
    _, results = sample
    stale = tmp_path / "sloppy"
    shutil.copytree(results[1], stale)
    summary = json.loads((stale / "summary.json").read_text())
    summary["macro_overall"] = summary["micro_mean"] = 99.5
    (stale / "summary.json").write_text(json.dumps(summary))
    numbers = report_numbers([load_run(results[0], resamples=500), load_run(stale, resamples=500)])
    by_name = {m["name"]: m for m in numbers["models"]}
    for name, folder in (("careful", results[0]), ("sloppy", stale)):
        macro, statuses = _expected_from_results(folder)
        assert by_name[name]["macro_overall"] == pytest.approx(macro, abs=1e-3)
        assert by_name[name]["status_counts"] == {s.value: statuses.get(s.value, 0) for s in Status}
        lo, hi = by_name[name]["macro_ci95"]
        assert lo <= macro <= hi
    assert [m["name"] for m in numbers["models"]] == ["careful", "sloppy"]  # ranked by Macro Overall
    assert [m["rank"] for m in numbers["models"]] == [1, 2]
    sloppy = by_name["sloppy"]["tracks"]["sudoku"]["violation_instances"]
    for code in ("blank_unfilled", "given_overwritten", "given_erased", "wrong_digit"):
        assert sloppy.get(code, 0) >= 1, code
    assert by_name["careful"]["status_counts"]["missing"] == 1
    assert by_name["sloppy"]["status_counts"]["unreadable"] == 1
    assert numbers["warnings"] == []


def test_json_and_markdown_formats(sample, tmp_path):
    _, results = sample
    [json_path] = write_report(results, tmp_path / "r.json", fmt="json", names=["A", "B"], resamples=500)
    numbers = json.loads(json_path.read_text())
    runs = [load_run(results[0], "A", resamples=500), load_run(results[1], "B", resamples=500)]
    assert numbers == report_numbers(runs)
    written = write_report(results, tmp_path / "r.md", fmt="md", names=["A", "B"], resamples=500)
    text = written[0].read_text()
    for m in numbers["models"]:
        assert f"| {m['rank']} | {m['name']} | {m['n']} | **{m['macro_overall']:.1f}**" in text
    for chart in written[1:]:
        assert chart.is_file() and f"]({chart.name})" in text
    assert "`given_overwritten`" in text


def test_report_is_deterministic(sample, html_report, tmp_path):
    _, results = sample
    again = tmp_path / "report.html"
    write_report(results, again, resamples=2000)
    assert again.read_bytes() == html_report.read_bytes()
    for suffix in CHARTS.values():
        chart = f"report.{suffix}.png"
        assert (tmp_path / chart).read_bytes() == (html_report.parent / chart).read_bytes()


class _Dom(HTMLParser):
    """Collects leaderboard rows, chart images and gallery items from a dumped DOM."""

    def __init__(self) -> None:
        super().__init__()
        self.rows, self.charts, self.items = [], [], []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if tag == "tr" and "model-row" in classes:
            self.rows.append(a["data-model"])
        if tag == "img" and "chart" in classes:
            self.charts.append(a["src"])
        if tag == "article" and "item" in classes:
            self.items.append({"codes": a["data-codes"].split(), "model": a["data-model"], "hidden": "hidden" in a})


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    pytest.fail("headless Chromium is needed to test the HTML report and was not found: install Debian's "
                "chromium (apt-get install -y chromium); .ci/run installs it when missing")


def _browse(url: str, profile: Path, *args: str) -> subprocess.CompletedProcess:
    cmd = [_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           f"--user-data-dir={profile}", *args, url]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60, check=False)


def _dom(url: str, profile: Path) -> _Dom:
    done = _browse(url, profile, "--dump-dom")
    assert "</html>" in done.stdout, f"chromium printed no DOM: {done.stderr[-2000:]}"
    dom = _Dom()
    dom.feed(done.stdout)
    return dom


def test_html_report_in_headless_chromium(html_report, tmp_path):
    url = html_report.resolve().as_uri()
    shot = tmp_path / "shot.png"
    done = _browse(url, tmp_path / "profile", f"--screenshot={shot}", "--window-size=1400,2000")
    assert shot.is_file(), f"no screenshot: {done.stderr[-2000:]}"
    pixels = np.asarray(Image.open(shot).convert("L"), dtype=float)
    assert pixels.shape == (2000, 1400)
    assert pixels.std() > 20, "the rendered page is (nearly) blank"
    assert (pixels < 100).mean() > 0.01, "almost no dark ink (text, charts) on the rendered page"

    dom = _dom(url, tmp_path / "profile")
    assert sorted(dom.rows) == ["careful", "sloppy"]
    assert len(dom.charts) == len(CHARTS)
    for src in dom.charts:
        chart = html_report.parent / src
        assert chart.is_file(), src
        assert Image.open(chart).size[0] > 300
    assert len(dom.items) >= 6 and not any(item["hidden"] for item in dom.items)
    assert {item["model"] for item in dom.items} == {"careful", "sloppy"}


@pytest.mark.parametrize("code", ["given_overwritten", "wrong_digit", "status:unreadable"])
def test_gallery_filter_hides_non_matching_items(html_report, tmp_path, code):
    dom = _dom(html_report.resolve().as_uri() + f"?filter={code}", tmp_path / "profile")
    shown = [item for item in dom.items if not item["hidden"]]
    hidden = [item for item in dom.items if item["hidden"]]
    assert shown and hidden
    assert all(code in item["codes"] for item in shown)
    assert all(code not in item["codes"] for item in hidden)


def test_gallery_filter_by_model(html_report, tmp_path):
    dom = _dom(html_report.resolve().as_uri() + "?filter=wrong_digit&model=careful", tmp_path / "profile")
    shown = [item for item in dom.items if not item["hidden"]]
    assert shown and all(item["model"] == "careful" and "wrong_digit" in item["codes"] for item in shown)
    assert any(item["model"] == "sloppy" and "wrong_digit" in item["codes"] and item["hidden"] for item in dom.items)


def test_overlay_draws_each_violation_box(sample):
    work, results = sample
    puzzle_set = load_set(work / "set")
    verdicts = {v.id: v for v in read_results(results[0] / "results.jsonl")}
    verdict = next(v for v in verdicts.values() if "wrong_digit" in v.codes)
    record = puzzle_set.get(verdict.id)
    answer = registered_answer(puzzle_set.root, record, verdict.answer_path)
    assert answer is not None and answer.shape == (*Image.open(puzzle_set.path(record.input_image)).size[::-1], 3)
    drawn = overlay_image(record, verdict, answer)
    assert drawn.shape == answer.shape
    changed = np.any(drawn != answer, axis=2)
    wrong = next(v for v in verdict.violations if v.code == "wrong_digit")
    x0, y0, x1, y1 = (round(c) for c in wrong.evidence["bbox"])
    assert changed[y0:y1, x0:x1].mean() > 0.5  # the box is tinted
    flagged = np.zeros_like(changed)
    for violation in verdict.violations:
        for bx0, by0, bx1, by1 in evidence_boxes(violation, record.layout):
            flagged[max(0, int(by0) - 40):int(by1) + 40, max(0, int(bx0) - 40):int(bx1) + 40] = True
    assert not changed[~flagged].any()  # nothing drawn away from the evidence and its labels
    conflict = next(v for v in verdict.violations if v.code.endswith("_conflict"))
    assert len(evidence_boxes(conflict, record.layout)) == len(conflict.evidence["cells"])
    small = draw_violations(answer, verdict.violations, record.layout, max_side=200)
    assert max(small.shape[:2]) == 200
    assert np.array_equal(draw_violations(answer, [], record.layout), answer)
    assert evidence_boxes(Violation("x", "no location", {})) == []


def test_clear_errors_for_moved_sets_and_answers(sample, tmp_path):
    _, results = sample
    with pytest.raises(DatasetError, match="does not exist"):
        write_report([tmp_path / "nowhere"], tmp_path / "r.html")
    moved = tmp_path / "moved"
    shutil.copytree(results[1], moved)
    run = json.loads((moved / "run.json").read_text())
    run["set"] = str(tmp_path / "old-set")
    (moved / "run.json").write_text(json.dumps(run))
    with pytest.raises(DatasetError, match=str(tmp_path / "old-set")):
        write_report([moved], tmp_path / "r.html", resamples=200)
    write_report([moved], tmp_path / "r.html", gallery=0, resamples=200)  # numbers need no set
    write_report([moved], tmp_path / "r.html", set_dir=Path(json.loads((results[1] / "run.json").read_text())["set"]),
                 resamples=200)

    gone = tmp_path / "gone"
    shutil.copytree(results[1], gone)
    run = json.loads((gone / "run.json").read_text())
    run["answers"] = str(tmp_path / "no-answers")
    (gone / "run.json").write_text(json.dumps(run))
    lines = []
    for v in read_results(gone / "results.jsonl"):
        if v.answer_path:
            v.answer_path = str(tmp_path / "no-answers" / Path(v.answer_path).name)
        lines.append(json.dumps(v.to_json()))
    (gone / "results.jsonl").write_text("\n".join(lines) + "\n")
    with pytest.raises(DatasetError, match=str(tmp_path / "no-answers")):
        write_report([gone], tmp_path / "r.html", resamples=200)
    with pytest.raises(GenpuzzleError, match="--name"):
        write_report(results, tmp_path / "r.html", names=["only-one"])
    with pytest.raises(GenpuzzleError, match="both named"):
        write_report([results[0], results[0]], tmp_path / "r.html")


def test_cli_report(sample, tmp_path):
    _, results = sample
    out = tmp_path / "cli.md"
    result = CliRunner().invoke(app, ["report", *map(str, results), "--out", str(out), "--format", "md",
                                      "--name", "model A", "--name", "model B"])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert "| model A |" in text and "| model B |" in text
    result = CliRunner().invoke(app, ["report", str(results[0]), "--out", str(tmp_path / "x.txt"), "--format", "pdf"])
    assert isinstance(result.exception, GenpuzzleError) and "pdf" in str(result.exception)


def test_verdict_without_location_still_reported(tmp_path, sample):
    """A verdict whose violations carry no bbox (and a model with an error) still renders."""
    work, results = sample
    odd = tmp_path / "odd"
    shutil.copytree(results[0], odd)
    verdicts = read_results(odd / "results.jsonl")
    verdicts[0] = Verdict(verdicts[0].id, verdicts[0].track, 40.0, Status.INCORRECT,
                          [Violation("odd_rule", "broken <somewhere>", {"note": "no box"})],
                          answer_path=verdicts[0].answer_path)
    (odd / "results.jsonl").write_text("".join(json.dumps(v.to_json()) + "\n" for v in verdicts))
    out = tmp_path / "odd.html"
    write_report([odd], out, resamples=200)
    page = out.read_text()
    assert "odd_rule" in page and "broken &lt;somewhere&gt;" in page


def test_cli_says_on_the_console_when_results_come_from_different_sets(sample, tmp_path):
    _, results = sample
    other = tmp_path / "other-set-model"
    shutil.copytree(results[1], other)
    run = json.loads((other / "run.json").read_text())
    run["set_fingerprint"] = "sha256:" + "0" * 64
    (other / "run.json").write_text(json.dumps(run))
    result = CliRunner().invoke(app, ["report", str(results[0]), str(other), "--out", str(tmp_path / "r.json"),
                                      "--format", "json"])
    assert result.exit_code == 0, result.output
    assert "warning: the models were evaluated on different sets" in result.stderr
    same = CliRunner().invoke(app, ["report", *map(str, results), "--out", str(tmp_path / "s.json"), "--format", "json"])
    assert same.exit_code == 0 and "warning" not in same.stderr
