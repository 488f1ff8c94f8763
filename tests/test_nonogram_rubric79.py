"""Forty-eighth session (issue 13), nonogram rubric 79: HELDOUT40, measured blind last session, studied.

- **A grid line's own sprigs.** HELDOUT40's ivy grid draws every line as a stem with three-lobed leaves on both sides,
  a fifth of a cell deep. Each leaf in a cell read empty was a mark in doubt: up to 48 cells of a 15x15 page, three
  under the top border of a 10x10 page, all in review. A mark lying within SPRIG_DEPTH of a side of its cell (or
  SPRIG_CORNER of both sides at a corner) whose ink runs on into the grid line is the line's drawing, when the page
  has such marks in SPRIG_CELLS cells and some line has them on both its sides (``nonogram._without_line_sprigs``). A
  mark clear of the sides, one reaching deeper, one apart from the line, one joined to a line in one or two cells, and
  bulges hugging one side of the lines (rubric 74's guard) stay marks.

On rubric 78 (the forty-seventh session's verifier, run from outside the checkout) the ivy pages and the mechanism
tests that call ``_without_line_sprigs`` fail; the guards on the planted errors pass there too.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_nonogram_rubric67 import _verdict

from genpuzzle.records import Status
from genpuzzle.verifiers import nonogram as nv

FAMILY = "nonogram_heldout40"
IVY_CHIPS = "s_jekyllbrk_chocolatechips_linoleum"
IVY_PUCK = "s_permmarker_espressopuck_blossom"


# -- HELDOUT40's pages -------------------------------------------------------------------------------------------------


def test_heldout40s_ivy_page_reads_correct():
    v = _verdict(IVY_PUCK, "15x15", 0, "none", family=FAMILY)
    unsure = [c["cell"] for c in v.extra.get("unsure_cells", [])]
    assert v.status == Status.CORRECT and v.score == 100.0, (v.status, v.score, unsure)


@pytest.mark.parametrize("style, k", [(IVY_CHIPS, 0), (IVY_CHIPS, 1), (IVY_PUCK, 1)])
def test_heldout40s_10x10_ivy_pages_leaves_under_the_frame_alone_stay_in_doubt(style, k):
    """Their only leaves in cells read empty hang from the top frame line, into the cells below it: sprigs on one side
    of a line, which the rule leaves as marks in doubt (review, never a charge)."""
    v = _verdict(style, "10x10", k, "none", family=FAMILY)
    assert v.status == Status.NEEDS_REVIEW and v.extra.get("unsure_cells"), (v.status, v.score)


def test_heldout40s_15x15_ivy_page_has_no_leaf_in_doubt():
    """Its cells all read (48 leaves were in doubt); a clue in Jekyll's face stays in doubt, so the page is in review."""
    v = _verdict(IVY_CHIPS, "15x15", 0, "none", family=FAMILY)
    assert not v.extra.get("unsure_cells"), [c["cell"] for c in v.extra["unsure_cells"]]
    assert v.status != Status.INCORRECT, (v.status, v.codes)


@pytest.mark.parametrize("style, size, k, error", [(IVY_CHIPS, "15x15", 0, "extra_outline"),
                                                   (IVY_CHIPS, "10x10", 1, "x_instead"),
                                                   (IVY_PUCK, "15x15", 1, "extra_light"),
                                                   (IVY_PUCK, "10x10", 0, "missing")])
def test_heldout40s_ivy_pages_planted_errors_are_still_caught(style, size, k, error):
    v = _verdict(style, size, k, error, family=FAMILY)
    assert v.status == Status.INCORRECT and v.score < 100, (v.status, v.score, v.codes)


# -- the mechanism on a drawn map --------------------------------------------------------------------------------------

CELL = 40
LAYOUT = {"rows": 5, "cols": 5, "grid_bbox": [20, 20, 220, 220]}
LINE = 200  # the lines' darkness (0-255)


def _grid_map() -> np.ndarray:
    dark = np.zeros((240, 240), np.uint8)
    for i in range(6):
        at = 20 + i * CELL
        dark[at - 1:at + 1, 20:220] = LINE
        dark[20:220, at - 1:at + 1] = LINE
    return dark


def _leaf(dark: np.ndarray, r: int, c: int, side: str, along: float = 0.5, depth: int = 8, gap: int = 0,
          width: int = 5) -> dict:
    """A leaf on cell (r, c)'s ``side``, ``depth`` px into the cell from the line, ``gap`` px clear of it; its mark as
    the empty-mark search reports one (the part inside the cell's core, past its border band)."""
    x0, y0 = 20 + c * CELL, 20 + r * CELL
    mid = round(along * CELL)
    if side == "top":
        box = (x0 + mid - width // 2, y0 + 1 + gap, x0 + mid + width - width // 2, y0 + 1 + depth)
    elif side == "left":
        box = (x0 + 1 + gap, y0 + mid - width // 2, x0 + 1 + depth, y0 + mid + width - width // 2)
    elif side == "bottom":
        box = (x0 + mid - width // 2, y0 + CELL - 1 - depth, x0 + mid + width - width // 2, y0 + CELL - 1 - gap)
    else:
        box = (x0 + CELL - 1 - depth, y0 + mid - width // 2, x0 + CELL - 1 - gap, y0 + mid + width - width // 2)
    dark[box[1]:box[3], box[0]:box[2]] = LINE
    border = round(nv.STRAY_BORDER * CELL)
    core = (x0 + border, y0 + border, x0 + CELL - border, y0 + CELL - border)
    bbox = [max(box[0], core[0]), max(box[1], core[1]), min(box[2], core[2]), min(box[3], core[3])]
    return {"cell": [r, c], "bbox": bbox, "sure": False}


def _dot(dark: np.ndarray, r: int, c: int) -> dict:
    x0, y0 = 20 + c * CELL + 17, 20 + r * CELL + 17
    dark[y0:y0 + 6, x0:x0 + 6] = LINE
    return {"cell": [r, c], "bbox": [x0, y0, x0 + 6, y0 + 6], "sure": True}


def test_leaves_along_the_lines_are_the_lines_drawing():
    """Leaves on both sides of the line between rows 1 and 2, and along the top frame line."""
    dark = _grid_map()
    marks = [_leaf(dark, 1, c, "bottom", along=0.3 + 0.1 * c) for c in range(2)]
    marks += [_leaf(dark, 2, c, "top", along=0.6) for c in range(2, 4)] + [_leaf(dark, 0, 4, "top")]
    assert nv._without_line_sprigs(dark, LAYOUT, marks) == []


def test_leaves_on_one_side_of_every_line_stay_marks():
    """A row of bulges hugging one side of a line in every cell is a mark drawn against it (rubric 74's guard)."""
    dark = _grid_map()
    marks = [_leaf(dark, r, c, "top") for r in (1, 3) for c in range(5)] + [_leaf(dark, 2, 0, "left")]
    assert nv._without_line_sprigs(dark, LAYOUT, marks) == marks


def test_leaves_in_the_corners_are_the_lines_drawing():
    """A cluster where two lines meet reaches further in from both."""
    dark = _grid_map()
    marks = [_leaf(dark, 1, c, "top", along=0.2) for c in range(3)] + [_leaf(dark, 0, 0, "bottom", along=0.7)]
    x0, y0 = 20 + 3 * CELL, 20 + 1 * CELL
    dark[y0 + 1:y0 + 16, x0 + 1:x0 + 16] = LINE  # 0.4 of the cell each way, from the corner
    marks.append({"cell": [1, 3], "bbox": [x0 + 5, y0 + 5, x0 + 16, y0 + 16], "sure": False})
    assert nv._without_line_sprigs(dark, LAYOUT, marks) == []


def test_marks_that_are_no_sprigs_stay_among_leaves():
    dark = _grid_map()
    leaves = [_leaf(dark, 0, c, "bottom") for c in range(3)] + [_leaf(dark, 1, c, "top", along=0.7) for c in range(3)]
    dot = _dot(dark, 3, 3)  # a dot at a cell's centre
    deep = _leaf(dark, 2, 2, "left", depth=20)  # a stroke from a line half into the cell
    apart = _leaf(dark, 4, 1, "bottom", gap=3)  # a short dash beside a line, not touching it
    kept = nv._without_line_sprigs(dark, LAYOUT, leaves + [dot, deep, apart])
    assert kept == [dot, deep, apart]


def test_a_mark_joined_to_a_line_in_two_cells_stays():
    dark = _grid_map()
    marks = [_leaf(dark, 0, 0, "top"), _leaf(dark, 3, 2, "right")]
    assert nv._without_line_sprigs(dark, LAYOUT, marks) == marks


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4), st.sampled_from(["top", "left", "bottom", "right"]),
                          st.floats(0.2, 0.8), st.integers(2, 30), st.integers(0, 4)), max_size=12),
       st.integers(0, 2 ** 32 - 1))
def test_sprigs_never_add_marks_and_keep_the_others_in_order(leaves, seed):
    rng = np.random.default_rng(seed)
    dark = _grid_map()
    dark = np.maximum(dark, (rng.random(dark.shape) < 0.02).astype(np.uint8) * 120)
    marks = [_leaf(dark, r, c, side, along=a, depth=d, gap=g) for r, c, side, a, d, g in leaves]
    kept = nv._without_line_sprigs(dark, LAYOUT, marks)
    assert all(m in marks for m in kept)
    assert [m for m in marks if m in kept] == kept
    if len({tuple(m["cell"]) for m in marks}) < nv.SPRIG_CELLS:
        assert kept == marks
    for m in marks:
        x0, y0, x1, y1 = nv.cell_box(LAYOUT, *m["cell"])
        left, top, right, bottom = (m["bbox"][2] - x0, m["bbox"][3] - y0, x1 - m["bbox"][0], y1 - m["bbox"][1])
        near_side = min(left, top, right, bottom) <= nv.SPRIG_DEPTH * CELL
        near_corner = any(max(a, b) <= nv.SPRIG_CORNER * CELL
                          for a, b in ((left, top), (top, right), (right, bottom), (bottom, left)))
        if not near_side and not near_corner:  # reaching into the cell's middle: never a sprig
            assert m in kept
