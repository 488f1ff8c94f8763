"""Forty-ninth session (issue 13), nonogram rubric 80: HELDOUT41, measured blind two sessions ago, studied.

- **A shadow cast across the lattice.** HELDOUT41's monstera leaf and pergola shadows darken the paper to about 0.8 of
  its brightness, with edges blurred over only 2-4 px: too sharp for the soft-shadow search, curved or aslant for the
  straight-edge and band searches. Whole cells under them read as pale fills (tone 40-45), surely: error-free pages
  `incorrect` with changed row and column counts. A shadow falls where it falls; a fill, however pale, is drawn cell
  by cell. ``cells.lattice_shade`` takes a region of darkened paper as a shadow when its edge against lit paper runs
  through the cells, off the lattice's lines, over SHADE_OFF cells of length; a cell it covers whole, bounded by lit
  paper just past two of its sides, is a pale fill beside it and stays out; a pale fill under the shadow is darker
  than the shadow's level and stays a fill.

On rubric 79 (the forty-eighth session's verifier, run from outside the checkout) the HELDOUT41 pages and the
mechanism tests fail (``lattice_shade`` and ``paper_map``'s ``grid`` do not exist); the planted-error guards pass there
too.
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
ROPE = "s_lamebrain_blacksand_safetypin"


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


def test_heldout41s_rope_grid_knots_are_no_stray_marks():
    """Knots bind the rope lines at places, across them; one reaching 0.19 of a cell into an empty cell was charged as
    a sure stray mark (the page `incorrect`). Cells beside knots within their border band stay in doubt (review)."""
    v = _verdict(ROPE, "15x15", 0, "none", family=FAMILY)
    assert "stray_mark" not in v.codes and v.status != Status.INCORRECT, (v.status, v.codes)


# -- knots across the lines (nonogram._straddles) --------------------------------------------------------------------

SPRIG_CELL = 40
SPRIG_LAYOUT = {"rows": 5, "cols": 5, "grid_bbox": [20, 20, 220, 220]}


def _sprig_grid() -> np.ndarray:
    dark = np.zeros((240, 240), np.uint8)
    for i in range(6):
        at = 20 + i * SPRIG_CELL
        dark[at - 1:at + 1, 20:220] = 200
        dark[20:220, at - 1:at + 1] = 200
    return dark


def _knot(dark: np.ndarray, r: int, c: int, across: bool = True) -> dict:
    """A knot on cell (r, c)'s top line, 8 px into the cell, and as far across the line when ``across``."""
    x0, y0 = 20 + c * SPRIG_CELL + 15, 20 + r * SPRIG_CELL
    dark[y0 - (8 if across else 0):y0 + 8, x0:x0 + 6] = 200
    border = round(nv.STRAY_BORDER * SPRIG_CELL)
    return {"cell": [r, c], "bbox": [x0, y0 + border, x0 + 6, y0 + 8], "sure": True}


def test_knots_across_the_lines_are_the_lines_drawing():
    dark = _sprig_grid()
    marks = [_knot(dark, 1, 0), _knot(dark, 3, 2), _knot(dark, 4, 4)]  # on three lines, each in one cell below it
    assert nv._without_line_sprigs(dark, SPRIG_LAYOUT, marks) == []


def test_bulges_on_one_side_of_their_lines_stay_marks():
    dark = _sprig_grid()
    marks = [_knot(dark, 1, 0, across=False), _knot(dark, 3, 2, across=False), _knot(dark, 4, 4, across=False)]
    assert nv._without_line_sprigs(dark, SPRIG_LAYOUT, marks) == marks


def test_ink_across_the_line_that_runs_on_is_no_knot():
    """A mark against a line with a fill past it: its mirror image is ink, but so is everything beyond."""
    dark = _sprig_grid()
    marks = [_knot(dark, r, c, across=False) for r, c in ((1, 0), (3, 2), (4, 4))]
    for r, c in ((0, 0), (2, 2), (3, 4)):
        dark[22 + r * SPRIG_CELL:18 + (r + 1) * SPRIG_CELL, 22 + c * SPRIG_CELL:18 + (c + 1) * SPRIG_CELL] = 220
    assert not any(nv._straddles(dark, nv.cell_box(SPRIG_LAYOUT, *m["cell"]), m["bbox"], "top") for m in marks)
    assert nv._without_line_sprigs(dark, SPRIG_LAYOUT, marks) == marks


def test_two_knots_are_too_few():
    dark = _sprig_grid()
    marks = [_knot(dark, 1, 0), _knot(dark, 3, 2)]
    assert nv._without_line_sprigs(dark, SPRIG_LAYOUT, marks) == marks


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
