"""Small marks are accounted for on the other tracks (twenty-second session, h22g).

The lead's small-marks check (``validity_checks.py scribble all SEED 3 --size 0.02``: marks 2 % of the page's short
side, 8-13 px) passed 9-15 of ~128 marked references a seed on tracks other than nonogram; at the default 3.5 %
none. Why each was not seen, and what now sees it:

* sudoku 4x4 (cells 110 px): the 9 px tolerance round the input's ink (0.08 cell) took a dot or tick drawn 5-8 px
  from a grid line for the line redrawn heavier; the rest of a tick was under ``min_extent`` (8.8 px). Now a piece
  of ink apart from the input's ink by paper, beside input ink still in place (:func:`genpuzzle.ink.detached_ink`),
  is added ink, and a sure mark at least ``notice_extent`` across is unsure (review): sudoku rubric 11.
* math_proof constructions: marks 7-9 px across with 25-61 px of sure ink were under ``min_extent`` (one
  tolerance, 9.6 px), or beside a given line within its tolerance: the same two rules, rubric 14.
* pattern_completion matrix_cells: the shared cell reader reads a 6-9 px tick on a cell's paper as blank; a mark
  in a cell read blank now makes the cell unsure (rubric 15).

Every page here is a reference with marks drawn in this file's own shapes (a small x, a dot, a hook, a tick); each scored
100 ``correct`` before.
"""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from genpuzzle.dataset import load_set, write_set
from genpuzzle.evaluate import verify_answer


def _x(d: ImageDraw.ImageDraw, cx: int, cy: int, s: int, colour) -> None:
    d.line([(cx - s // 2, cy - s // 2), (cx + s // 2, cy + s // 2)], fill=colour, width=2)
    d.line([(cx - s // 2, cy + s // 2), (cx + s // 2, cy - s // 2)], fill=colour, width=2)


def _dot(d: ImageDraw.ImageDraw, cx: int, cy: int, r: int, colour) -> None:
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour)


def _tick(d: ImageDraw.ImageDraw, cx: int, cy: int, colour, reach: int = 5) -> None:
    d.line([(cx - 4, cy - 1), (cx - 1, cy + 3), (cx + reach, cy - reach)], fill=colour, width=2)


def _hook(d: ImageDraw.ImageDraw, cx: int, cy: int, s: int, colour) -> None:
    d.line([(cx - s // 2, cy - s // 2), (cx + s // 2, cy - s // 2), (cx, cy + s // 2)], fill=colour, width=2)


@pytest.fixture(scope="module")
def sets(tmp_path_factory):
    out = {}
    for seed in (24900,):
        root = tmp_path_factory.mktemp(f"marks{seed}") / "set"
        write_set(root, {"sudoku": 3, "pattern_completion": 3, "math_proof": 3}, seed)
        out[seed] = (root, {r.id: r for r in load_set(root).records})
    return out


def _verify_marked(sets, tmp_path, seed: int, rid: str, draw):
    root, records = sets[seed]
    record = records[rid]
    page = Image.open(root / record.reference_images[0]).convert("RGB")
    draw(ImageDraw.Draw(page))
    path = tmp_path / "marked.png"
    page.save(path)
    return verify_answer(str(root), record, path)


CASES = {
    # a dot 5 px from a 4x4 grid's thick line (inside the 9 px tolerance), a small blue x beside a line
    "sudoku_dot_by_line": (24900, "sudoku-4x4-00000", lambda d: _dot(d, 113, 271, 3, (45, 45, 55))),
    "sudoku_x_by_line": (24900, "sudoku-4x4-00000", lambda d: _x(d, 272, 338, 7, (25, 25, 150))),
    "sudoku_hook": (24900, "sudoku-4x4-00001", lambda d: _hook(d, 358, 278, 8, (30, 30, 30))),
    # 8 px marks on a construction's blank paper (one tolerance is 9.6 px)
    "math_proof_x": (24900, "math_proof-construction-00001", lambda d: _x(d, 371, 272, 7, (30, 30, 40))),
    "math_proof_dot": (24900, "math_proof-construction-00001", lambda d: _dot(d, 459, 318, 4, (40, 40, 40))),
    "math_proof_tick": (24900, "math_proof-construction-00000", lambda d: _tick(d, 189, 240, (30, 30, 170), 4)),
    # a small tick in a blank answer cell (cells 28 px; a centred x the cell reader already reads as not blank)
    "pattern_cells_tick": (24900, "pattern_completion-matrix_cells-00000", lambda d: _tick(d, 404, 409, (30, 30, 170))),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_small_mark_on_a_reference_does_not_pass(sets, tmp_path, case):
    seed, rid, draw = CASES[case]
    v = _verify_marked(sets, tmp_path, seed, rid, draw)
    assert v.score < 100 or v.needs_review, (case, v.score, v.status, v.violations)
    assert v.needs_review or v.status.value != "correct", (case, v.score, v.status)


@pytest.mark.parametrize("seed,rid", [(24900, "sudoku-4x4-00000"), (24900, "math_proof-construction-00001"),
                                      (24900, "pattern_completion-matrix_cells-00000")])
def test_the_unmarked_reference_still_scores_100(sets, tmp_path, seed, rid):
    v = _verify_marked(sets, tmp_path, seed, rid, lambda d: None)
    assert v.score == 100 and v.status.value == "correct" and not v.needs_review, v.violations


def test_detached_ink_is_a_piece_apart_from_input_ink_still_in_place():
    from genpuzzle.ink import detached_ink

    inp = np.zeros((60, 60), bool)
    inp[:, 28:32] = True  # a 4 px line
    ans = inp.copy()
    ans[20:25, 35:40] = True  # a dot 3 px right of it: apart by paper, the line still in place
    ans[40:45, 32:36] = True  # a blob against it: the line drawn heavier there
    got = detached_ink(ans, inp, tol_px=9)
    assert got[20:25, 35:40].all() and not got[40:45, 32:36].any() and not got[:, 28:32].any()
    moved = np.zeros_like(inp)
    moved[:, 34:38] = True  # the line moved 6 px (its place left empty): no piece of it is new
    assert not detached_ink(moved, inp, tol_px=9).any()


def test_a_noticed_small_mark_is_returned_unsure():
    from genpuzzle.ink import unexplained_marks

    sure = np.zeros((80, 80), bool)
    for k in range(7):  # a 2 px stroke 7 px long: under min_extent (0.12 x 100 = 12 px)
        sure[30 + k, 30 + k:32 + k] = True
    none = np.zeros_like(sure)
    assert unexplained_marks(sure, None, none, 100.0, params={"min_area": 0.001}) == []
    marks = unexplained_marks(sure, None, none, 100.0, params={"min_area": 0.001, "notice_extent": 0.05})
    assert len(marks) == 1 and marks[0].dot and not marks[0].sure
