"""Human review: a self-contained HTML page of the answers flagged ``needs_review``, and the import of
the scores a reviewer enters there.

``write_review(results_dir)`` embeds, per case, the input, the answer and the reference(s) as base64
thumbnails, the verdict (program and judge), its violations, and a score field (0-100) plus a note. The
page's "Export" button downloads ``human_scores.jsonl``: one ``{"id", "track", "model", "score",
"note"}`` line per scored case. ``apply_human_scores(results_dir, file)`` (``genpuzzle evaluate ...
--human FILE``; with ``--resume`` on a finished run it only imports) writes each human score into
``results.jsonl``: the score decides, ``needs_review`` is cleared, and the previous verdict is kept in
``extra["human"]``.
"""

from __future__ import annotations

import base64
import html
import io
import json
import os
from pathlib import Path
from typing import Any

from PIL import Image

from genpuzzle.dataset import json_line, load_set
from genpuzzle.errors import DatasetError, ImageError
from genpuzzle.records import Status, Verdict

THUMB_SIDE = 360


def run_model(results_dir: Path) -> str:
    """The generation-model label of a results folder: ``run.json`` ``"model"``, else the folder name."""
    from genpuzzle.dataset import read_json_object

    label = read_json_object(results_dir / "run.json").get("model")
    return str(label) if label else results_dir.resolve().name


def write_review(results_dir: str | Path, out: str | Path | None = None, *, set_dir: str | Path | None = None,
                 include_all: bool = False) -> tuple[Path, int]:
    """Write the review page for ``results_dir`` (default ``<results_dir>/review.html``).

    The set is found through ``run.json`` unless ``set_dir`` is given. Returns (page path, cases).
    """
    from genpuzzle.evaluate import read_results

    results_dir = Path(results_dir)
    results = results_dir / "results.jsonl"
    if not results.is_file():
        raise DatasetError(f"{results}: missing; is {results_dir} an evaluation folder?")
    if set_dir is None:
        run = results_dir / "run.json"
        if not run.is_file():
            raise DatasetError(f"{run}: missing; pass --set to name the set")
        from genpuzzle.dataset import read_json_object

        set_dir = read_json_object(run).get("set")
        if not set_dir:
            raise DatasetError(f"{run}: names no set; pass --set to name the set")
    puzzle_set = load_set(set_dir)
    model = run_model(results_dir)
    verdicts = [v for v in read_results(results) if include_all or v.needs_review]
    verdicts.sort(key=lambda v: (v.track, v.id))
    cases = []
    sections = []
    for verdict in verdicts:
        record = puzzle_set.by_id.get(verdict.id)
        if record is None:
            continue
        images = [("input", _thumb(puzzle_set.path(record.input_image)))]
        images.append(("answer", _thumb(Path(verdict.answer_path)) if verdict.answer_path else None))
        images += [(f"reference {k + 1}", _thumb(puzzle_set.path(ref)))
                   for k, ref in enumerate(record.reference_images)]
        cases.append({"id": verdict.id, "track": verdict.track, "model": model})
        sections.append(_section(len(cases) - 1, verdict, record.instruction, images))
    out = Path(out) if out is not None else results_dir / "review.html"
    page = PAGE.format(title=html.escape(f"genpuzzle review: {model}"), model=html.escape(model),
                       n=len(cases), sections="\n".join(sections),
                       cases=json.dumps(cases).replace("</", "<\\/"))
    out.write_text(page, encoding="utf-8")
    return out, len(cases)


def read_human(path: str | Path) -> list[dict[str, Any]]:
    """The lines of a human score file, validated: ``id`` (str), ``score`` (0..100), optional
    ``track``, ``model``, ``note``."""
    path = Path(path)
    if not path.is_file():
        raise DatasetError(f"{path}: human score file not found")
    from genpuzzle.dataset import iter_json_objects

    rows = []
    for number, data in iter_json_objects(path):
        score = data.get("score")
        if not isinstance(data.get("id"), str):
            raise DatasetError(f"{path}:{number}: expected an object with a string 'id'")
        if not isinstance(score, (int, float)) or isinstance(score, bool) or not 0 <= score <= 100:
            raise DatasetError(f"{path}:{number}: 'score' must be a number in 0..100, got {score!r}")
        rows.append(data)
    return rows


def apply_human_scores(results_dir: str | Path, human_file: str | Path) -> int:
    """Write human scores into ``results_dir/results.jsonl``; returns how many verdicts they set.

    Lines whose ``model`` names another run are ignored (one export may cover several runs); lines for
    ids not in the results are an error. Re-importing is idempotent.
    """
    from genpuzzle.evaluate import read_results

    results_dir = Path(results_dir)
    path = results_dir / "results.jsonl"
    model = run_model(results_dir)
    rows = [r for r in read_human(human_file) if not r.get("model") or str(r["model"]) == model]
    verdicts = read_results(path)
    by_id = {v.id: v for v in verdicts}
    unknown = [r["id"] for r in rows if r["id"] not in by_id]
    if unknown:
        raise DatasetError(f"{human_file}: ids not in {path}: {', '.join(unknown[:5])}")
    for row in rows:
        _apply(by_id[row["id"]], float(row["score"]), row.get("note"))
    tmp = path.with_suffix(".jsonl.part")
    with open(tmp, "w", encoding="utf-8", newline="\n") as f:
        for verdict in verdicts:
            f.write(json_line(verdict.to_json()) + "\n")
    os.replace(tmp, path)
    return len(rows)


def _apply(verdict: Verdict, score: float, note: Any) -> None:
    previous = verdict.extra.get("human", {}).get("previous") or {
        "score": round(verdict.score, 4), "status": verdict.status.value, "needs_review": verdict.needs_review}
    verdict.extra["human"] = {"score": score, "note": note, "previous": previous}
    verdict.score = score
    verdict.status = Status.CORRECT if score >= 100 else Status.INCORRECT
    verdict.needs_review = False
    verdict.extra.setdefault("merge", {})["decided_by"] = "human"


def _thumb(path: Path) -> str | None:
    try:
        image = Image.open(path).convert("RGB")
    except (OSError, ValueError, ImageError):
        return None
    image.thumbnail((THUMB_SIDE, THUMB_SIDE), Image.LANCZOS)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def _section(index: int, verdict: Verdict, instruction: str, images: list[tuple[str, str | None]]) -> str:
    e = html.escape
    figures = "".join(
        f'<figure><img src="{src}" alt="{e(label)}"><figcaption>{e(label)}</figcaption></figure>' if src
        else f'<figure><div class="none">unreadable</div><figcaption>{e(label)}</figcaption></figure>'
        for label, src in images)
    judge = verdict.extra.get("judge") or {}
    program = verdict.extra.get("program") or {}
    facts = [f"status <b>{e(verdict.status.value)}</b>", f"score <b>{verdict.score:.1f}</b>",
             f"confidence {verdict.confidence:.2f}"]
    if program:
        facts.append(f"program {program.get('score', 0):.1f} ({e(str(program.get('status')))})")
    if judge:
        facts.append(f"judge {judge['score']:.1f} (conf {judge.get('confidence', 0):.2f})" if "score" in judge
                     else f"judge error: {e(str(judge.get('error')))}")
    violations = "".join(f"<li><code>{e(v.code)}</code> {e(v.message)}</li>" for v in verdict.violations)
    reason = f"<p>{e(verdict.reason)}</p>" if verdict.reason else ""
    return (f'<section class="case" data-index="{index}" id="{e(verdict.id)}"><h2>{e(verdict.id)} '
            f'<small>{e(verdict.track)}</small></h2><p class="instr">{e(instruction)}</p>'
            f'<div class="imgs">{figures}</div><p>{" &middot; ".join(facts)}</p>{reason}<ul>{violations}</ul>'
            f'<label>human score (0-100) <input type="number" class="score" min="0" max="100" step="any"></label> '
            f'<label>note <input type="text" class="note" size="50"></label></section>')


PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body{{font-family:sans-serif;margin:1.5em;max-width:1400px}} .case{{border-top:1px solid #999;padding:.5em 0}}
.imgs{{display:flex;gap:1em;flex-wrap:wrap}} figure{{margin:0}} img{{max-width:360px;border:1px solid #ccc}}
.none{{width:200px;height:120px;background:#eee;display:flex;align-items:center;justify-content:center}}
.instr{{color:#444}} #bar{{position:sticky;top:0;background:#fff;padding:.5em 0;border-bottom:2px solid #333}}
</style></head><body>
<div id="bar"><b>{model}</b>: {n} case(s) to review. Enter scores, then
<button id="export">Export human_scores.jsonl</button> <span id="status"></span></div>
{sections}
<textarea id="out" rows="6" cols="120" readonly placeholder="exported JSONL also appears here"></textarea>
<script type="application/json" id="cases">{cases}</script>
<script>
// Pure: the JSONL export for the cases and the entered values (blank scores are skipped).
function exportLines(cases, scores, notes) {{
  var lines = [];
  for (var i = 0; i < cases.length; i++) {{
    var raw = String(scores[i] === undefined || scores[i] === null ? "" : scores[i]).trim();
    if (raw === "") continue;
    var score = Number(raw);
    if (!isFinite(score) || score < 0 || score > 100) throw new Error(cases[i].id + ": score must be 0-100");
    lines.push(JSON.stringify({{id: cases[i].id, track: cases[i].track, model: cases[i].model,
                                score: score, note: notes[i] || ""}}));
  }}
  return lines.length ? lines.join("\\n") + "\\n" : "";
}}
if (typeof document !== "undefined") {{
  document.getElementById("export").addEventListener("click", function () {{
    var cases = JSON.parse(document.getElementById("cases").textContent);
    var sections = document.querySelectorAll("section.case");
    var scores = [], notes = [];
    sections.forEach(function (s) {{
      var i = Number(s.dataset.index);
      scores[i] = s.querySelector("input.score").value; notes[i] = s.querySelector("input.note").value;
    }});
    try {{
      var text = exportLines(cases, scores, notes);
      document.getElementById("out").value = text;
      var a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([text], {{type: "application/x-ndjson"}}));
      a.download = "human_scores.jsonl"; a.click();
      document.getElementById("status").textContent = text.split("\\n").length - 1 + " score(s) exported";
    }} catch (err) {{ document.getElementById("status").textContent = err.message; }}
  }});
}}
</script></body></html>
"""
