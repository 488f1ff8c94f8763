"""Thirty-seventh session (issue 13), nonogram rubric 68: HELDOUT28's false passes, studied.

HELDOUT28, measured blind at the end of the thirty-sixth session, had 13 false passes, every one a pale planted cell
read blank:

- under a window bar's shadow, :func:`cells.shadow_edges` found the band's two edges and shaded the whole page beyond
  each of them, so no paper was lit: the paper was taken as 0.84 of itself and pale shadings (grey 232 on white) read
  as paper. A shading is now relative to the page's most lit paper;
- on an overexposed photo, a crackle of pale lines (grey 235 on white), and on a carbonless copy, pale pinstripes over
  a faint tint, have no mark ink and a tone under FAINT: a cell read blank whose middle holds pale lines
  (:func:`cells._faint_lines_against_page`) is now unsure, unless the page's other empty cells hold as much (and it
  draws what they draw), its drawing copies the page's mark for an empty cell, or the line runs on through the nearest
  empty cell along it (a fold, a ruled line).

Each test below, except the three guards, fails on rubric 67.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest
from test_nonogram_rubric67 import _verdict  # (HELDOUT26's pages it keeps correct guard this rubric too)

from genpuzzle.verifiers import cells as C

# -- a band of shadow between two edges: the paper on both sides of it is lit ---------------------------------------


def _band_page() -> np.ndarray:
    """A page (grey 240) crossed by a shadow band between two parallel edges tilted 6 degrees, 20 % darker."""
    h = w = 640
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    t = xx * math.sin(math.radians(6)) + yy * math.cos(math.radians(6))
    inside = np.clip((t - 260) / 6 + 0.5, 0, 1) * np.clip((340 - t) / 6 + 0.5, 0, 1)
    return np.clip(240 * (1 - 0.2 * inside), 0, 255).astype(np.uint8)


def test_the_paper_beyond_both_edges_of_a_band_of_shadow_is_lit():
    factor = C.shadow_edges(_band_page(), 40.0)
    assert factor is not None
    assert factor[50, 50] > 0.97 and factor[600, 600] > 0.97  # (rubric 67: 0.8 on both sides)
    assert factor[300, 300] < 0.85


def test_the_paper_map_of_a_band_of_shadow_keeps_the_lit_paper_at_its_level():
    page = _band_page()
    paper = C.paper_map(np.stack([page] * 3, axis=2), 40.0)
    assert abs(float(paper[50, 50]) - 240) < 8 and abs(float(paper[600, 600]) - 240) < 8


# -- pale lines drawn in a cell -------------------------------------------------------------------------------------


def _with_grid(img: np.ndarray, origin: int, cell: int, n: int) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """``img`` (grey) with a dark n x n grid drawn over it, as RGB, and the grid's box."""
    for k in range(n + 1):
        cv2.line(img, (origin + k * cell, origin), (origin + k * cell, origin + n * cell), 40, 2)
        cv2.line(img, (origin, origin + k * cell), (origin + n * cell, origin + k * cell), 40, 2)
    return np.stack([img] * 3, axis=2), (origin, origin, origin + n * cell, origin + n * cell)


def _grid_page(crackle: tuple[int, int] | None = None, fold_col: int | None = None, cell: int = 60, n: int = 5,
               origin: int = 30) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """A white page with a dark 5 x 5 grid; ``crackle``: pale lines (grey 228) in that cell, inset from its sides;
    ``fold_col``: a pale fold down that column's middle, across the whole page."""
    size = 2 * origin + n * cell
    img = np.full((size, size), 250, np.uint8)
    if fold_col is not None:
        img[:, origin + fold_col * cell + cell // 2] = 228
    if crackle is not None:
        rng = np.random.default_rng(0)
        r, c = crackle
        x0, y0 = origin + c * cell + 6, origin + r * cell + 6
        for _ in range(6):
            p = rng.integers(0, cell - 12, 4)
            cv2.line(img, (int(x0 + p[0]), int(y0 + p[1])), (int(x0 + p[2]), int(y0 + p[3])), 228, 1, cv2.LINE_AA)
    return _with_grid(img, origin, cell, n)


def test_a_cell_with_pale_lines_among_clean_blank_cells_is_unsure():
    img, box = _grid_page(crackle=(2, 2))
    marks = C.read_marks(img, grid_bbox=box, rows=5, cols=5)
    assert marks.states[12] == C.UNSURE and marks.evidence[12]["faint_lines"][0] >= C.FAINT_LINE_SHARE
    assert marks.states.count(C.BLANK) == 24


def test_a_pale_fold_running_through_a_column_of_cells_is_the_pages():
    img, box = _grid_page(fold_col=1)
    marks = C.read_marks(img, grid_bbox=box, rows=5, cols=5)
    assert marks.states == [C.BLANK] * 25


def _pale_x_page(stripes_at: tuple[int, int] | None = None, cell: int = 60, n: int = 5, origin: int = 30
                 ) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """Every cell of a 5 x 5 grid holds a pale X (grey 222), the page's mark for an empty cell; ``stripes_at``: that
    cell holds pale upright stripes instead (less ink than an X)."""
    size = 2 * origin + n * cell
    img = np.full((size, size), 250, np.uint8)
    for r in range(n):
        for c in range(n):
            x0, y0 = origin + c * cell, origin + r * cell
            if (r, c) == stripes_at:
                for x in range(x0 + 10, x0 + cell - 8, 9):
                    cv2.line(img, (x, y0 + 8), (x, y0 + cell - 8), 222, 1)
            else:
                cv2.line(img, (x0 + 16, y0 + 16), (x0 + cell - 16, y0 + cell - 16), 222, 2, cv2.LINE_AA)
                cv2.line(img, (x0 + cell - 16, y0 + 16), (x0 + 16, y0 + cell - 16), 222, 2, cv2.LINE_AA)
    return _with_grid(img, origin, cell, n)


def test_pale_stripes_among_the_pages_pale_xs_are_unsure():
    img, box = _pale_x_page(stripes_at=(2, 3))
    marks = C.read_marks(img, grid_bbox=box, rows=5, cols=5)
    assert marks.states[13] == C.UNSURE and "faint_lines" in marks.evidence[13]
    assert not any("faint_lines" in e for i, e in enumerate(marks.evidence) if i != 13)


def test_a_pale_x_in_every_empty_cell_is_the_pages_mark():
    img, box = _pale_x_page()
    marks = C.read_marks(img, grid_bbox=box, rows=5, cols=5)
    assert not any("faint_lines" in e for e in marks.evidence)
    assert C.UNSURE not in marks.states


# -- HELDOUT28's and HELDOUT26's pages -------------------------------------------------------------------------------


@pytest.mark.parametrize("style_name, size, k", [
    ("s_cwheib_damascus_overexposed", "5x5", 0),  # a crackle of pale lines on an overexposed photo
    ("s_unikuweb_windowpane_ncrcopy", "10x10", 0),  # pale pinstripes among the page's rubbed-out pale x's
    ("s_tlwgmono_seersucker_windowshadow", "15x15", 1),  # pale bubbles under a window bar's shadow
])
def test_heldout28s_pale_planted_cells_do_not_pass(style_name, size, k):
    from genpuzzle.records import Status

    v = _verdict(style_name, size, k, "extra_light", family="nonogram_heldout28")
    assert v.status != Status.CORRECT, (v.status, v.score)
