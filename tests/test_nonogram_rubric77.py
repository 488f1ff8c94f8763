"""Forty-sixth session (issue 13), nonogram rubric 77: HELDOUT38, measured blind last session, studied.

Four of HELDOUT38's styles draw the grid's block lines as a model railway's track: two rails on wooden sleepers, the
sleepers a little longer than the rails are apart. The sleepers' ends stick out past the rails into every cell along
the line, and in the cells read empty they were ink in the cells' border bands: marks in doubt, so ten error-free
pages went to review. Both ways a line can be read now take its own decoration out of the cells
(``cells.without_line_companions``, shared by every track's cell reader):

- where the rails are found as parallel rules (``line_companions``; the 5x5 and 10x10 pages), a rung crossing the whole
  group, band to last rule, is the line's, and so are its ends past the rules and past the band, each at most
  LINE_RUNG_TIP of a cell (``_rung_tips``). A mark beside the outer rule does not cross the gap between the rules;
- where the sleepers lie so close that the line's band holds both rails (the 15x15 pages), short tips in a row along
  a line's side, alike in most of the cells along it (``line_decorations``), or standing out on both sides of the line
  at the same places, are the line's. A mark drawn beside a line is one cell's, on one side; a cell's own frame runs
  along its whole side.

On rubric 76 (a snapshot of 3011e75, run from outside the checkout) the HELDOUT38 pages (the missing fill's page was in
review) and both mechanism tests fail; so do the two guards of ``line_decorations``, which call it. The dash beside
parallel rules stays on both.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_nonogram_rubric67 import _verdict

from genpuzzle.records import Status
from genpuzzle.verifiers import cells as cells_mod

FAMILY = "nonogram_heldout38"


# -- HELDOUT38's pages -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("style_name, size, k", [
    ("s_impossibilium_elderberries_velvet", "5x5", 0),  # the frame's rails found as parallel rules
    ("s_bitstreamcharter_cavolonero_fanshadow", "5x5", 1),
    ("s_neepbold_sunflowerdisc_wineglass", "5x5", 0),
    ("s_impossibilium_elderberries_velvet", "15x15", 0),  # the sleepers so close the band holds both rails
    ("s_impossibilium_elderberries_velvet", "15x15", 1),
    ("s_bitstreamcharter_cavolonero_fanshadow", "15x15", 1),
])
def test_heldout38s_rail_track_pages_read_correct(style_name, size, k):
    v = _verdict(style_name, size, k, "none", family=FAMILY)
    unsure = [c["cell"] for c in v.extra.get("unsure_cells", [])]
    assert v.status == Status.CORRECT and v.score == 100.0, (v.status, v.score, unsure)


def test_heldout38s_missing_fill_on_a_rail_track_page_fails():
    v = _verdict("s_bitstreamcharter_cavolonero_fanshadow", "5x5", 0, "missing", family=FAMILY)
    assert v.status == Status.INCORRECT and not v.extra.get("needs_review"), (v.status, v.score)


# -- the mechanism, on drawn darkness maps ----------------------------------------------------------------------------

CELL = 40
N = 5


def _page(rails: bool = False) -> tuple[np.ndarray, list]:
    """A 5x5 grid's darkness map (0 paper, 255 ink), 40-px cells from (20, 20): every line 2 px, or with
    ``rails`` the grid's frame a track of two 2-px rails 5 px apart. Returns the map and the cells' boxes."""
    size = 2 * 20 + N * CELL
    dark = np.zeros((size, size), np.uint8)
    for k in range(N + 1):
        v = 20 + k * CELL
        dark[20:20 + N * CELL + 1, v - 1:v + 1] = 255
        dark[v - 1:v + 1, 20:20 + N * CELL + 1] = 255
    if rails:  # a second rail outside the frame, 3 px of paper between
        lo, hi = 20 - 6, 20 + N * CELL + 4
        dark[lo:hi + 2, lo:lo + 2] = 255
        dark[lo:hi + 2, hi:hi + 2] = 255
        dark[lo:lo + 2, lo:hi + 2] = 255
        dark[hi:hi + 2, lo:hi + 2] = 255
    return dark, cells_mod.grid_boxes((20, 20, 20 + N * CELL, 20 + N * CELL), N, N)


def _sleepers(dark: np.ndarray, x: int, y0: int, y1: int, left: int, right: int, period: int = 8,
              width: int = 4) -> None:
    """Sleepers across a vertical line at ``x``: bars ``width`` px long along it every ``period`` px, from ``left``
    px left of ``x`` to ``right`` px right of it."""
    for y in range(y0, y1, period):
        dark[y:y + width, x - left:x + right] = 255


def test_a_lines_row_of_tips_in_every_cell_is_the_lines():
    dark, boxes = _page()
    x = 20 + 2 * CELL  # an inner vertical line: tips 3 px past it on both sides, the whole line long
    _sleepers(dark, x, 22, 20 + N * CELL - 2, 4, 4)
    mask = cells_mod.line_decorations(dark, boxes, float(CELL))
    assert mask is not None
    tips = dark.copy()
    tips[:, x - 1:x + 1] = 0
    tips[:, :x - 6] = 0
    tips[:, x + 6:] = 0
    ys, xs = np.nonzero(tips)
    inner = ((ys - 20) % CELL > 5) & ((ys - 20) % CELL < CELL - 5)  # (each cell's ends, at the crossings, are not
    # looked at)
    assert mask[ys[inner], xs[inner]].all()


def test_a_mark_beside_a_line_in_one_cell_is_no_decoration():  # guard
    dark, boxes = _page()
    x = 20 + 2 * CELL
    _sleepers(dark, x, 20 + CELL + 4, 20 + 2 * CELL - 4, 0, 4)  # ticks on one side, one cell only
    assert cells_mod.line_decorations(dark, boxes, float(CELL)) is None


def test_a_side_drawn_along_is_no_decoration():  # guard: an outlined cell's frame against its line
    dark, boxes = _page()
    x = 20 + 2 * CELL
    for r in range(N):  # even in every cell along the line
        dark[20 + r * CELL + 4:20 + (r + 1) * CELL - 4, x + 1:x + 4] = 255
    assert cells_mod.line_decorations(dark, boxes, float(CELL)) is None


def test_a_rungs_ends_past_parallel_rules_are_the_lines():
    dark, boxes = _page(rails=True)
    for y in range(24, 20 + N * CELL - 4, 8):  # sleepers across the left frame's two rails, 3 px past each
        dark[y:y + 4, 20 - 9:20 + 4] = 255
    before = dark.copy()
    out, _ = cells_mod.without_line_companions(dark, boxes, float(CELL))
    inside = before[:, 21:25] > 0  # the sleepers' inner ends, inside the first column's cells
    inside[:, :1] = False  # (the frame's own inner px)
    ys, xs = np.nonzero(inside)
    keep = ((ys - 20) % CELL > 5) & ((ys - 20) % CELL < CELL - 5)
    assert (out[:, 21:25][ys[keep], xs[keep]] == 0).all()


def test_a_dash_beside_parallel_rules_stays():  # guard: it does not cross the rules' gap
    dark, boxes = _page(rails=True)
    dark[100:104, 21:25] = 255  # a short dash against the frame's inner rule, inside a cell
    out, _ = cells_mod.without_line_companions(dark, boxes, float(CELL))
    assert (out[100:104, 22:25] > 0).all()


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 9), st.floats(8, 60), st.floats(0.0, 0.6))
def test_line_decorations_on_any_darkness_map(seed, n, cell, ink):
    """Garbage in: any darkness map, any grid on it (lines or none, scattered ink) gives None or a mask of the map's
    own shape, never an error."""
    rng = np.random.default_rng(seed)
    size = int(n * cell) + 10
    dark = np.where(rng.random((size, size)) < ink, 255, 0).astype(np.uint8)
    boxes = cells_mod.grid_boxes((5, 5, 5 + n * cell, 5 + n * cell), n, n)
    mask = cells_mod.line_decorations(dark, boxes, float(cell))
    assert mask is None or (mask.shape == dark.shape and mask.dtype == bool)
    out, _ = cells_mod.without_line_companions(dark, boxes, float(cell))
    assert out.shape == dark.shape


def test_a_lines_one_px_ripple_is_no_decoration():  # guard
    """A resampled line's edge steps a px in and out along it (a page registered from a slight turn): no tips."""
    dark, boxes = _page()
    x = 20 + 2 * CELL
    for y in range(20, 20 + N * CELL, 10):
        dark[y:y + 5, x - 2] = 255  # the line's left edge a px further out along half of every 10 px
    assert cells_mod.line_decorations(dark, boxes, float(CELL)) is None


def test_heldout35s_page_with_a_rippled_line_stays_correct():  # guard
    """HELDOUT35's wicker-tray page (10x10): its lines' edges ripple a px after registration; taken as decoration
    before LINE_DECOR_LEAST, their edge px moved a mark's reading and sent the page to review."""
    v = _verdict("s_keptclues_acousticfoam_wickertray", "10x10", 0, "none", family="nonogram_heldout35")
    assert v.status == Status.CORRECT, (v.status, v.score)


def test_a_dot_matrix_fill_against_a_line_is_no_decoration():  # guard
    """Cells filled with a dot matrix on both sides of a line, in every cell along it: the dots against the line are
    tips in a row, but the dots go on into the cells (LINE_DECOR_BEYOND)."""
    dark, boxes = _page()
    x = 20 + 2 * CELL
    for y in range(22, 20 + N * CELL - 2, 6):
        for k in range(CELL // 6):
            for dx in (2 + 6 * k, -3 - 6 * k):  # (the first dots against the line's two sides)
                dark[y:y + 3, x + dx:x + dx + 3] = 255
    assert cells_mod.line_decorations(dark, boxes, float(CELL)) is None
