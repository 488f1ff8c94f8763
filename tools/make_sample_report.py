"""Make the sample report in ``docs/sample-report/``: a tiny Sudoku set, two fake models, evaluated.

``careful`` answers with the references, one with a planted wrong digit, two with several, one rescaled
JPEG, one missing; ``sloppy`` returns unchanged inputs, overwrites and erases givens, plants wrong digits
and sends one blank page. Run: ``python tools/make_sample_report.py [--out docs/sample-report]``.
"""

from __future__ import annotations

import argparse
import io
import os
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw

from genpuzzle.dataset import load_set, write_set
from genpuzzle.evaluate import evaluate
from genpuzzle.records import InstanceRecord
from genpuzzle.renderers.common import draw_centered_text
from genpuzzle.renderers.sudoku import FILLED_INK, GIVEN_INK, cell_box
from genpuzzle.report import write_report

SET_SEED = 7
COUNT = 6  # three 4x4 and three 9x9 instances


def plant(image: Image.Image, record: InstanceRecord, cells: list[tuple[int, int]], *, given: bool = False,
          erase: bool = False) -> Image.Image:
    """A copy of ``image`` with each cell white-ed out and (unless ``erase``) a wrong digit drawn in it."""
    image = image.copy()
    draw = ImageDraw.Draw(image)
    layout, solution = record.layout, record.ground_truth["solution"]
    n = layout["rows"]
    for r, c in cells:
        x0, y0, x1, y1 = cell_box(layout, r, c)
        inset = 0.14 * (x1 - x0)
        draw.rectangle([x0 + inset, y0 + inset, x1 - inset, y1 - inset], fill=(255, 255, 255))
        if not erase:
            wrong = solution[r][c] % n + 1
            draw_centered_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), str(wrong), int(0.62 * (x1 - x0)),
                               GIVEN_INK if given else FILLED_INK, bold=given)
    return image


def _cells(record: InstanceRecord, given: bool, count: int) -> list[tuple[int, int]]:
    givens = record.ground_truth["givens"]
    found = [(r, c) for r, row in enumerate(givens) for c, v in enumerate(row) if bool(v) == given]
    return found[:: max(1, len(found) // count)][:count]


def make_answers(set_dir: Path, answers: Path, plan: dict[str, str]) -> None:
    """Write one answer per planned id: 'reference', 'input', 'wrong:K', 'given', 'erase', 'jpeg', 'blank'."""
    puzzle_set = load_set(set_dir)
    answers.mkdir(parents=True, exist_ok=True)
    for record in puzzle_set.records:
        kind = plan.get(record.id)
        if kind is None:
            continue  # missing answer
        reference = Image.open(puzzle_set.path(record.reference_images[0])).convert("RGB")
        target = answers / f"{record.id}.png"
        if kind == "reference":
            image = reference
        elif kind == "input":
            image = Image.open(puzzle_set.path(record.input_image)).convert("RGB")
        elif kind.startswith("wrong:"):
            image = plant(reference, record, _cells(record, False, int(kind[6:])))
        elif kind == "given":
            image = plant(reference, record, _cells(record, True, 1), given=True)
        elif kind == "erase":
            image = plant(reference, record, _cells(record, True, 2), erase=True)
        elif kind == "jpeg":
            scaled = reference.resize((reference.width * 3 // 2, reference.height * 3 // 2), Image.BICUBIC)
            buffer = io.BytesIO()
            scaled.save(buffer, format="JPEG", quality=70)
            (answers / f"{record.id}.jpg").write_bytes(buffer.getvalue())
            continue
        elif kind == "blank":
            image = Image.new("RGB", reference.size, (255, 255, 255))
        else:
            raise ValueError(f"unknown answer kind {kind!r}")
        image.save(target)


PLANS = {
    "careful": {"sudoku-4x4-00000": "reference", "sudoku-4x4-00001": "wrong:1", "sudoku-4x4-00002": "jpeg",
                "sudoku-9x9-00003": "wrong:3", "sudoku-9x9-00004": "reference"},
    "sloppy": {"sudoku-4x4-00000": "input", "sudoku-4x4-00001": "given", "sudoku-4x4-00002": "blank",
               "sudoku-9x9-00003": "input", "sudoku-9x9-00004": "wrong:6", "sudoku-9x9-00005": "erase"},
}


def make_sample(work: Path) -> list[Path]:
    """Generate the set, answer folders and evaluations under ``work``; returns the results folders."""
    set_dir = work / "set"
    write_set(set_dir, {"sudoku": COUNT}, SET_SEED)
    results = []
    for name, plan in PLANS.items():
        make_answers(set_dir, work / "answers" / name, plan)
        evaluate(set_dir, work / "answers" / name, work / "results" / name)
        results.append(work / "results" / name)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parents[1] / "docs" / "sample-report")
    args = parser.parse_args()
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        make_sample(Path(tmp))
        here = os.getcwd()
        os.chdir(tmp)  # relative results paths keep temporary folders out of the committed JSON
        try:
            dirs = [Path("results") / name for name in PLANS]
            written = write_report(dirs, out / "report.html")
            written += write_report(dirs, out / "report.md", fmt="md")
            written += write_report(dirs, out / "report.json", fmt="json")
        finally:
            os.chdir(here)
    for path in dict.fromkeys(written):
        print(f"{path}  {path.stat().st_size / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
