"""Human review: the HTML page of needs_review cases, its JavaScript export, and the import of the export."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest
from PIL import Image
from typer.testing import CliRunner

from genpuzzle.agreement import load_scores
from genpuzzle.cli import app
from genpuzzle.dataset import load_set, write_set
from genpuzzle.errors import DatasetError
from genpuzzle.evaluate import evaluate, read_results
from genpuzzle.judge import Judge, JudgeConfig
from genpuzzle.review import apply_human_scores, read_human, write_review
from test_judge import ChatServer, tier_reply


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """A judged run: a correct answer (program decides), a blank answer (unreadable: the unsure judge
    decides, so it needs review) and a missing one."""
    root = tmp_path_factory.mktemp("review")
    write_set(root / "set", {"sudoku": 3}, 5)
    puzzle_set = load_set(root / "set")
    answers = root / "answers"
    answers.mkdir()
    first, second, _ = puzzle_set.records
    shutil.copyfile(puzzle_set.path(first.reference_images[0]), answers / f"{first.id}.png")
    Image.new("RGB", (500, 400), "white").save(answers / f"{second.id}.png")
    server = ChatServer(default=tier_reply(1, confidence=0.5))
    try:
        judge = Judge(JudgeConfig(model="j", base_url=server.url, passes=2, cache_dir=root / "cache"))
        evaluate(puzzle_set.root, answers, root / "model-a", judge=judge)
    finally:
        server.close()
    return root, puzzle_set, first.id, second.id


def test_review_page_holds_the_flagged_cases(run):
    root, puzzle_set, correct_id, blank_id = run
    page, n = write_review(root / "model-a")
    text = page.read_text(encoding="utf-8")
    assert n == 1 and f'id="{blank_id}"' in text and correct_id not in text
    section = text[text.index(f'id="{blank_id}"'):text.index("</section>")]
    assert len(re.findall(r'<img src="data:image/png;base64,', section)) == 3  # input, answer, reference
    assert 'class="score"' in section and "unreadable" in section and "judge 33.3" in section
    assert "http" not in text.replace("http-equiv", "")  # self-contained: nothing fetched
    cases = json.loads(re.search(r'<script type="application/json" id="cases">(.*?)</script>', text, re.S).group(1))
    assert cases == [{"id": blank_id, "track": "sudoku", "model": "model-a"}]
    page_all, n_all = write_review(root / "model-a", root / "all.html", include_all=True)
    assert n_all == 3 and correct_id in page_all.read_text(encoding="utf-8")


def _export_with_node(page_text: str, scores: list, notes: list) -> str:
    """Run the page's own export function in node with the page's cases and the given field values."""
    script = re.findall(r"<script>(.*?)</script>", page_text, re.S)[0]
    cases = re.search(r'<script type="application/json" id="cases">(.*?)</script>', page_text, re.S).group(1)
    program = (script + f"\nprocess.stdout.write(exportLines({cases}, {json.dumps(scores)}, {json.dumps(notes)}));")
    done = subprocess.run(["node", "-e", program], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_export_round_trips_through_the_import(run, tmp_path):
    root, puzzle_set, correct_id, blank_id = run
    results = tmp_path / "model-a"  # a copy: the import rewrites results.jsonl
    shutil.copytree(root / "model-a", results)
    page, _ = write_review(results, tmp_path / "page.html")
    exported = _export_with_node(page.read_text(encoding="utf-8"), ["80"], ["digits drawn faintly"])
    human = tmp_path / "human_scores.jsonl"
    human.write_text(exported, encoding="utf-8")
    rows = read_human(human)
    assert rows == [{"id": blank_id, "track": "sudoku", "model": "model-a", "score": 80,
                     "note": "digits drawn faintly"}]
    before = {v.id: v for v in read_results(results / "results.jsonl")}
    summary = evaluate(puzzle_set.root, root / "answers", results, resume=True, human=human)
    after = {v.id: v for v in read_results(results / "results.jsonl")}
    v = after[blank_id]
    assert v.score == 80 and not v.needs_review and v.extra["merge"]["decided_by"] == "human"
    assert v.extra["human"]["previous"]["score"] == pytest.approx(before[blank_id].score)
    assert after[correct_id].to_json() == before[correct_id].to_json()
    assert summary["tracks"]["sudoku"]["mean"] == pytest.approx((100 + 80 + 0) / 3)
    run_json = json.loads((results / "run.json").read_text())
    assert run_json["human_scores"]["applied"] == 1
    apply_human_scores(results, human)  # idempotent: the original verdict stays the "previous" one
    again = {v.id: v for v in read_results(results / "results.jsonl")}
    assert again[blank_id].to_json() == v.to_json()
    name, scores = load_scores(str(results), role="human")
    assert scores == {("model-a", "sudoku", blank_id): 80.0}
    # The page exports nothing for blank fields and refuses out-of-range scores.
    assert _export_with_node(page.read_text(encoding="utf-8"), [""], [""]) == ""
    with pytest.raises(AssertionError, match="score must be 0-100"):
        _export_with_node(page.read_text(encoding="utf-8"), ["120"], [""])


def test_import_errors_and_other_models(run, tmp_path):
    root, _, _, blank_id = run
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"id": "nope", "score": 50}) + "\n")
    with pytest.raises(DatasetError, match="ids not in"):
        apply_human_scores(root / "model-a", bad)
    bad.write_text(json.dumps({"id": blank_id, "score": 150}) + "\n")
    with pytest.raises(DatasetError, match="0..100"):
        read_human(bad)
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({"id": "whatever", "model": "model-b", "score": 10}) + "\n")
    assert apply_human_scores(root / "model-a", other) == 0  # lines of another run are skipped


def test_cli_review(run, tmp_path):
    root, _, _, blank_id = run
    out = tmp_path / "r.html"
    result = CliRunner().invoke(app, ["review", str(root / "model-a"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "1 case(s)" in result.output and blank_id in out.read_text(encoding="utf-8")
