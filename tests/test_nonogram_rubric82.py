"""Fifty-second session (issue 13), nonogram rubric 82: a cast shadow is paper again; two clue-strip rules.

Rubric 80's cast-shadow rule (``cells.lattice_shade``) gained on HELDOUT40 and HELDOUT41 (a monstera leaf's and a
pergola's shadows, paper 0.8 of the light, edges blurred over 2-4 px: whole cells read as pale fills, surely), and was
taken out when the CI dry run showed it passing a pale glyph drawn in every empty cell and failing a hand's soft shadow.
It is back with what it lacked:

- **The envelope is capped at the page's brightest paper.** With a pale glyph in every empty cell the polynomial
  envelope overshot, and the white margins round the grid read as paper 0.9 of it: a "shadow" (the pale "?" and
  triangle pages of ``test_nonogram_pale_glyph_signs20`` guard this).
- **A shadow is one piece of darkened paper before any join.** Marks drawn cell by cell (a pale disc in every empty
  cell), their pieces joined across the lines, made one region whose edge ran through every cell.
- **Its edge is steep.** A hand's soft shadow (``test_nonogram_contour_fax21``), blurred over half a cell, is the
  soft-shadow search's, which now runs first, on the page as drawn.

And, seen on HELDOUT44 (studied): a narrow "1" on a face of wide digits ("1 1 1 1" read "1111", one "1" just under the
confident level) takes the grouping its line allows when a thicker re-read reads every digit surely
(``nonogram._line_grouping_of``); and a beaded frame's knobs standing out past the frame into the clue strips' grid
end are the grid's (``nonogram._grid_side_sliver``, GRID_KNOB).

On rubric 81 (the fifty-first session's verifier) the shadow pages, the mechanism tests, the Square Route and beaded
pages fail; the guards (planted errors, pale fills, changed clues) pass there too.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_nonogram_rubric67 import _verdict

from genpuzzle.records import Status
from genpuzzle.verifiers import cells as C
from genpuzzle.verifiers import nonogram as nv

FAMILY = "nonogram_heldout41"
MONSTERA = "s_kirbybrk_lavarock_monsterashadow"
PERGOLA = "s_mishmashbrk_blackcurrants_pergolashadow"


# -- HELDOUT41's pages -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size, k", [("5x5", 0), ("5x5", 1), ("10x10", 0), ("10x10", 1)])
def test_heldout41s_monstera_shadow_pages_read_correct(size, k):
    v = _verdict(MONSTERA, size, k, "none", family=FAMILY)
    assert v.status == Status.CORRECT and v.score == 100.0, (v.status, v.score, v.codes)


def test_heldout41s_pergola_page_has_no_cell_in_doubt():
    """Its cells all read (eleven were in doubt, two read as pale fills); clues in Mishmash's face stay in doubt."""
    v = _verdict(PERGOLA, "15x15", 1, "none", family=FAMILY)
    assert not v.extra.get("unsure_cells"), [c["cell"] for c in v.extra["unsure_cells"]]
    assert v.status != Status.INCORRECT, (v.status, v.codes)


def test_heldout40s_wood_board_light_cells_are_still_caught():
    """The plywood board's grain (paper 0.9-0.95 of the envelope, streaked across every cell) is taken for a shadow;
    the three planted light cells, 0.79 of it, are darker than its level by SHADE_FILL_STEP and stay fills (a first
    version shaded them to tone 20-22: in doubt, no longer charged)."""
    v = _verdict("s_alfaslab_lacqueredtokens_redrawwoodtiles", "10x10", 1, "extra_light", family="nonogram_heldout40")
    assert v.status == Status.INCORRECT and "row_clue_mismatch" in v.codes, (v.status, v.codes)


@pytest.mark.parametrize("style, size, k, error", [(MONSTERA, "10x10", 1, "extra_light"),
                                                   (MONSTERA, "5x5", 0, "extra_light"),
                                                   (MONSTERA, "10x10", 0, "extra_outline"),
                                                   (PERGOLA, "10x10", 1, "extra_light")])
def test_heldout41s_shadowed_pages_planted_errors_are_still_caught(style, size, k, error):
    v = _verdict(style, size, k, error, family=FAMILY)
    assert v.status == Status.INCORRECT and v.score < 100, (v.status, v.score, v.codes)


# -- the mechanism on a drawn page -------------------------------------------------------------------------------------

CELL = 40
GRID = (60, 60, 340, 340)  # 7 x 7 cells
PAPER = 250.0
PALE = 212.0  # a pale fill: tone 38 on this paper


def _cell(r: int, c: int, inset: int) -> tuple[slice, slice]:
    y, x = GRID[1] + r * CELL, GRID[0] + c * CELL
    return slice(y + inset, y + CELL - inset), slice(x + inset, x + CELL - inset)


def _page(shadow: bool = False, pale: tuple[tuple[int, int], ...] = (), fills: tuple[tuple[int, int], ...] = ()
          ) -> np.ndarray:
    """A grid on white paper, dark fills, pale fills, and a leaf's shadow (0.82 of the light, edges blurred 1.5 px)
    across the middle of the grid, through cells and over lines."""
    img = np.full((400, 400), PAPER, np.float32)
    for i in range(8):
        at = GRID[0] + i * CELL
        img[at - 1:at + 1, GRID[0]:GRID[2]] = 60
        img[GRID[1]:GRID[3], at - 1:at + 1] = 60
    for r, c in fills:
        img[_cell(r, c, 4)] = 40
    for r, c in pale:
        img[_cell(r, c, 3)] = PALE
    if shadow:
        mask = np.zeros((400, 400), np.uint8)
        cv2.ellipse(mask, (205, 195), (95, 52), 30, 0, 360, 255, -1)
        cv2.ellipse(mask, (250, 255), (40, 26), -20, 0, 360, 255, -1)
        soft = cv2.GaussianBlur(mask.astype(np.float32) / 255.0, (0, 0), 1.5)
        img *= 1.0 - 0.18 * soft
    return np.repeat(np.clip(img, 0, 255).astype(np.uint8)[:, :, None], 3, axis=2)


def _shadow_cells() -> list[tuple[int, int]]:
    """The cells whose core the shadow covers at least half of."""
    mask = (_page(shadow=True)[:, :, 0] < 0.9 * PAPER).astype(np.float32)
    return [(r, c) for r in range(7) for c in range(7) if mask[_cell(r, c, 6)].mean() >= 0.5]


def _tone(image: np.ndarray, r: int, c: int, grid: tuple[int, int, int, int] | None = GRID) -> float:
    tone = C.darkness_maps(image, float(CELL), bands=True, grid=grid)[1]
    return float(tone[_cell(r, c, 8)].mean())


def test_a_leafs_shadow_across_the_lattice_is_paper():
    page = _page(shadow=True, fills=((0, 0), (3, 3), (6, 6)))
    under = [rc for rc in _shadow_cells() if rc != (3, 3)]
    assert len(under) >= 4, under
    tone = C.darkness_maps(page, float(CELL), bands=True, grid=GRID)[1]
    without = C.darkness_maps(page, float(CELL), bands=True)[1]
    assert max(float(without[_cell(r, c, 8)].mean()) for r, c in under) >= C.INK  # read as pale fills before
    assert all(float(tone[_cell(r, c, 8)].mean()) < C.FAINT for r, c in under), [
        (rc, round(float(tone[_cell(*rc, 8)].mean()), 1)) for rc in under]
    assert float(tone[_cell(3, 3, 8)].mean()) > 150  # the fill under it stays a fill


def test_pale_fills_in_a_row_are_no_shadow():
    pale = ((2, 1), (2, 2), (2, 3), (4, 5), (5, 5))
    page = _page(pale=pale, fills=((0, 0),))
    grey = cv2.morphologyEx(page[:, :, 0], cv2.MORPH_CLOSE, np.ones((13, 13), np.uint8))
    estimate = np.full((100, 100), PAPER, np.float32)
    assert C.lattice_shade(grey, estimate, float(CELL), GRID) is None
    assert all(_tone(page, r, c) >= 30 for r, c in pale)


@pytest.mark.parametrize("inset", [2, 7])
def test_a_block_of_pale_fills_is_no_shadow(inset):
    """A solution drawn in pale fills, a 3 x 3 block and a bar, set close to the lines or 0.18 of a cell in."""
    pale = tuple((r, c) for r in range(1, 4) for c in range(1, 4)) + ((5, 1), (5, 2), (5, 3), (5, 4))
    img = _page(fills=((0, 6),))[:, :, 0].astype(np.float32)
    for r, c in pale:
        img[_cell(r, c, inset)] = PALE
    page = np.repeat(img.astype(np.uint8)[:, :, None], 3, axis=2)
    assert np.array_equal(C.paper_map(page[:, :, 0], float(CELL), grid=GRID), C.paper_map(page[:, :, 0], float(CELL)))
    assert all(_tone(page, r, c) >= 30 for r, c in pale)


def test_pale_fills_on_a_grained_page_stay_fills():
    """Wavy streaks of grain 0.9 of the paper across the page, through cells and over lines, and an L of pale fills
    (0.79) among them: the streaks may be shaded away, the fills never (without SHADE_FILL_STEP two of them fall to
    tone 19)."""
    page = _page(fills=((0, 0), (6, 6)))[:, :, 0].astype(np.float32)
    streaks = np.zeros((400, 400), np.float32)
    for k in range(8):
        wave = np.array([[x, 30 + 60 * k + 12 * np.sin(x / 37.0)] for x in range(0, 401, 8)], np.int32)
        cv2.polylines(streaks, [wave], False, 1.0, 24)
    page *= 1.0 - 0.1 * cv2.GaussianBlur(streaks, (0, 0), 2.0)
    pale = ((3, 2), (3, 3), (4, 2))
    for r, c in pale:
        page[_cell(r, c, 3)] = 0.79 * PAPER
    image = np.repeat(page.astype(np.uint8)[:, :, None], 3, axis=2)
    assert all(_tone(image, r, c) >= 30 for r, c in pale), [round(_tone(image, r, c), 1) for r, c in pale]


def test_a_pale_fill_beside_the_shadow_stays_a_fill():
    """A pale cell touching the shadow, lit paper past its other sides: its edge runs along its lines."""
    shade = set(_shadow_cells())
    beside = next((r, c) for r in range(7) for c in range(7) if (r, c) not in shade
                  and any((r + dr, c + dc) in shade for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))))
    page = _page(shadow=True, pale=(beside,))
    assert _tone(page, *beside) >= 30, beside


def test_a_pale_fill_under_the_shadow_stays_a_fill():
    inside = _shadow_cells()[len(_shadow_cells()) // 2]
    page = _page(shadow=True, pale=(inside,))
    assert _tone(page, *inside) >= 25, inside


def test_a_page_without_a_shadow_keeps_its_paper():
    """Dark and pale fills, no shadow: the grid box changes nothing."""
    page = _page(pale=((2, 1), (2, 2), (5, 4)), fills=((0, 0), (3, 3), (3, 4), (4, 3)))
    assert np.array_equal(C.paper_map(page[:, :, 0], float(CELL), grid=GRID), C.paper_map(page[:, :, 0], float(CELL)))


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.integers(4, 60), st.floats(0.3, 1.0))
def test_lattice_shade_on_any_page_is_a_factor_or_none(seed, cell, depth):
    rng = np.random.default_rng(seed)
    h, w = rng.integers(40, 200, 2)
    grey = (rng.random((h, w)) * 255 * depth + (1 - depth) * 255).astype(np.uint8)
    grey = cv2.GaussianBlur(grey, (0, 0), float(rng.uniform(0.5, 4)))
    estimate = np.full((max(3, h // 4), max(3, w // 4)), float(np.percentile(grey, 90)), np.float32)
    x0, y0 = rng.integers(0, max(1, w // 3)), rng.integers(0, max(1, h // 3))
    n = int(rng.integers(2, 8))
    grid = (float(x0), float(y0), float(x0 + n * cell), float(y0 + n * cell))
    out = C.lattice_shade(grey, estimate, float(cell), grid)
    if out is not None:
        assert out.shape == grey.shape and out.dtype == np.float32
        assert float(out.max()) <= 1.0 + 1e-6 and float(out.min()) >= C.SHADE_DEPTH[0] - C.SHADE_LEVEL_TOL - 1e-6


def _disc_page() -> np.ndarray:
    """Every cell but a few fills holds a pale solid disc 0.84 of a cell across: the join (SHADE_JOIN) bridges the
    gaps between neighbouring discs across their line, and their round edges run through every cell, off the lines."""
    fills = {(0, 0), (3, 3), (3, 4), (6, 6)}
    img = _page(fills=tuple(fills))[:, :, 0].copy()
    for r in range(7):
        for c in range(7):
            if (r, c) not in fills:
                y, x = GRID[1] + r * CELL, GRID[0] + c * CELL
                cv2.circle(img, (x + CELL // 2, y + CELL // 2), int(0.42 * CELL), int(PALE), -1, cv2.LINE_AA)
    return np.repeat(img[:, :, None], 3, axis=2)


def test_pale_marks_drawn_cell_by_cell_are_no_shadow():
    """No piece of them spans SHADE_AREA cells before the join: they keep their tone (without that test, shaded away
    to tone 2-3). (The pale "?" and triangle pages of ``test_nonogram_pale_glyph_signs20`` guard the envelope's cap:
    its overshoot read the white margins round such a page as shadowed paper.)"""
    page = _disc_page()
    stroke = max(3, round(C.STROKE_CLOSE * CELL) | 1)
    grey = cv2.morphologyEx(page[:, :, 0], cv2.MORPH_CLOSE, np.ones((stroke, stroke), np.uint8))
    assert C.lattice_shade(grey, np.full((100, 100), PAPER, np.float32), float(CELL), GRID) is None
    assert all(_tone(page, r, c) >= 30 for r, c in ((1, 1), (2, 5), (5, 2))), [
        round(_tone(page, r, c), 1) for r, c in ((1, 1), (2, 5), (5, 2))]


# -- a narrow "1" on a face of wide digits: the thickened re-read's grouping by the line --------------------------------

SQUARE_ROUTE = "s_squareroutebrk_longpepper_batteries"


def test_heldout44s_square_route_ones_read_by_their_line():
    """Square Route draws its digits 1.2 times as wide as tall and its "1" as a bare bar: "1 1 1 1" set a digit's
    slot apart reads "1111" (one "1" at 0.899, just under the confident level); the re-read with strokes 1 px heavier
    reads every "1" surely and groups them by the 10-cell line, as a sure first reading would have been grouped. That
    re-read was set aside for its other grouping, and the strip, far from the input's pixels, was charged as changed."""
    v = _verdict(SQUARE_ROUTE, "10x10", 0, "none", family="nonogram_heldout44")
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes)


def _row(text: str, xs: list[int], conf: float = 0.99, values: list[int] | None = None) -> nv.ClueReading:
    digits = [int(ch) for ch in text.replace(" ", "")]
    glyphs = [[x, 10, x + 6, 29] for x in xs]
    return nv.ClueReading(values, conf, glyphs, text, tuple(len(t) for t in text.split(" ")), (19.0, 22.0),
                          glyph_reads=tuple((d, conf) for d in digits))


def test_a_reread_takes_only_the_grouping_the_first_readings_spacing_allows():
    first = _row("1111", [96, 125, 153, 182], conf=0.899)
    assert nv._line_grouping_of(_row("1 1 1 1", [96, 125, 153, 182], values=[1, 1, 1, 1]), first, "row", 10)
    # other digits than first read, a grouping the line does not force, a column: no
    assert not nv._line_grouping_of(_row("1 1 7 1", [96, 125, 153, 182], values=[1, 1, 7, 1]), first, "row", 10)
    assert not nv._line_grouping_of(_row("11 1 1", [96, 125, 153, 182], values=[11, 1, 1]), first, "row", 15)
    assert not nv._line_grouping_of(_row("1 1 1 1", [96, 125, 153, 182], values=[1, 1, 1, 1]), first, "col", 10)
    # a line long enough for 1111 as spaced: no grouping is forced, the re-read's other grouping is not taken
    assert not nv._line_grouping_of(_row("1 1 1 1", [96, 125, 153, 182], values=[1, 1, 1, 1]), first, "row", 1200)


# -- a beaded frame's knobs at the clue strips' grid end ----------------------------------------------------------------

AMPLITUDE = "s_amplitudebrk_phonecord_headshadow"


@pytest.mark.parametrize("size, k", [("10x10", 0), ("15x15", 0), ("15x15", 1)])
def test_heldout44s_beaded_frame_pages_read_correct(size, k):
    """A phone cord drawn as the grid's frame and block lines: where a block line meets the frame, and at the corners,
    a bead stands out past the frame into the row strips' grid end (5-11 px, across two strips): read as a glyph ("1 1"
    read "119", "2 4 2" read "2 ? 24"), the strips were unsure or charged. The head's shadow on these pages is a cast
    shadow (``lattice_shade``)."""
    v = _verdict(AMPLITUDE, size, k, "none", family="nonogram_heldout44")
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes)


@pytest.mark.parametrize("size, k", [("10x10", 0), ("15x15", 0)])
def test_heldout44s_beaded_frame_pages_changed_clue_is_still_caught(size, k):
    v = _verdict(AMPLITUDE, size, k, "clue_changed", family="nonogram_heldout44")
    assert v.status == Status.INCORRECT and "clue_changed" in v.codes, (v.status, v.codes)


def test_a_knob_at_the_grid_end_is_the_lines_and_a_digit_is_not():
    font = 18.0
    shape = (37, 67)  # a row strip: its grid end on the right, a grid line along its top and bottom edges
    assert nv._grid_side_sliver([62, 0, 67, 6], "row", shape, font)  # a bead where the top line meets the frame
    assert nv._grid_side_sliver([61, 31, 67, 37], "row", shape, font)  # ... the bottom line
    assert not nv._grid_side_sliver([58, 0, 67, 9], "row", shape, font)  # half a font size wide: a glyph's size
    assert not nv._grid_side_sliver([62, 12, 67, 20], "row", shape, font)  # in the strip's middle: a glyph's place
    assert not nv._grid_side_sliver([50, 0, 55, 6], "row", shape, font)  # away from the grid end
    col = (67, 37)  # a column strip: its grid end at the bottom, lines along its left and right edges
    assert nv._grid_side_sliver([0, 62, 6, 67], "col", col, font)
    assert not nv._grid_side_sliver([14, 58, 22, 67], "col", col, font)
