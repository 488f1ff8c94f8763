"""Rubric 53 (twenty-fifth session, issue 13): light bands across the whole page (a venetian blind's shadow) are
paper, not shading: the nonogram reader's paper follows them (``cells.band_shading``), while a light grey shading
planted in a cell, under a band or not, is still a fill, and a row or a column of light fills is no band.
Synthetic pages (a generated reference with typed X's, as tests/test_nonogram_cells.py draws them)."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw

from genpuzzle.records import Status
from genpuzzle.renderers.nonogram import cell_box

sys.path.insert(0, str(Path(__file__).parent))

from test_nonogram_cells import _closed, _typed_x_page  # noqa: E402


def _blinds(image: Image.Image, period: float, darker: float, tilt_deg: float, phase: float = 0.0,
            soft_px: float = 4.0, upright: bool = False) -> np.ndarray:
    """The page under a blind's shadow: bands ``period`` px apart (half of each dark), ``darker`` (share) darker,
    across the whole page at ``tilt_deg`` from level (or from upright), their edges blurred over ``soft_px``."""
    a = np.asarray(image.convert("RGB")).astype(np.float32)
    h, w = a.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if upright:
        xx, yy = yy, xx
    t = yy - math.tan(math.radians(tilt_deg)) * xx + phase
    band = (np.mod(t, period) < period / 2).astype(np.float32)
    band = cv2.GaussianBlur(band, (0, 0), soft_px)
    return np.clip(a * (1.0 - darker * band)[:, :, None], 0, 255).astype(np.uint8)


def _shade_cells(image: Image.Image, layout: dict, cells: list[tuple[int, int]], grey: int = 215) -> Image.Image:
    """``image`` with a light grey shading (the planted ``extra_light`` error: grey 215, contrast 40) over
    ``cells``, drawn over whatever the cell holds."""
    out = image.copy()
    d = ImageDraw.Draw(out)
    for r, c in cells:
        x0, y0, x1, y1 = cell_box(layout, r, c)
        d.rectangle([x0 + 2, y0 + 2, x1 - 2, y1 - 2], fill=(grey, grey, grey))
    return out


def _dark_band_cells(shaded: np.ndarray, clean: Image.Image, layout: dict, empty: list[tuple[int, int]]
                     ) -> list[tuple[int, int]]:
    """The empty cells whose centre lies under a band (its paper at least 15 % darker)."""
    a = np.asarray(clean.convert("L")).astype(np.float32)
    b = cv2.cvtColor(shaded, cv2.COLOR_RGB2GRAY).astype(np.float32)
    out = []
    for r, c in empty:
        x0, y0, x1, y1 = cell_box(layout, r, c)
        x, y = int((x0 + x1) / 2), int(y0 + 0.2 * (y1 - y0))
        if a[y, x] > 200 and b[y, x] < 0.85 * a[y, x]:
            out.append((r, c))
    return out


@pytest.mark.parametrize("variant,seed,period,darker,tilt,upright", [
    ("15x15", 5020, 2.4, 0.24, 1.3, False), ("10x10", 5010, 1.7, 0.3, -2.0, False),
    ("5x5", 5000, 1.1, 0.2, 0.0, False), ("15x15", 5021, 2.0, 0.25, 0.8, True),
    # bands close together at a tilt: the ends' profiles also match a band off (BAND_SHIFTS)
    ("5x5", 5001, 0.7, 0.22, 2.5, False)])
def test_blind_bands_are_paper_and_a_light_shading_under_them_is_a_fill(variant, seed, period, darker, tilt,
                                                                          upright):
    import genpuzzle

    from genpuzzle.verifiers import cells as cells_mod
    from genpuzzle.verifiers.nonogram import read_cells

    puzzle, image, empty = _typed_x_page(seed, variant)
    layout = puzzle.layout
    cell = layout["cell_px"]
    shaded = _blinds(image, period * cell, darker, tilt, phase=0.3 * cell, upright=upright)
    assert cells_mod.band_shading(_closed(shaded, cell), cell) is not None
    reading = read_cells(shaded, layout)
    assert reading.cells == puzzle.ground_truth["solution"], \
        [(r, c, reading.states[r][c]) for r in range(layout["rows"]) for c in range(layout["cols"])
         if reading.states[r][c] == cells_mod.UNSURE or bool(reading.cells[r][c])
         != bool(puzzle.ground_truth["solution"][r][c])]
    v = genpuzzle.verify(puzzle, Image.fromarray(shaded))
    assert v.status == Status.CORRECT and v.score == 100, (v.codes, (v.extra or {}).get("unsure_cells"))
    # the planted error: a light grey shading in two empty cells, one under a band and one not (where there is one)
    under = _dark_band_cells(shaded, image, layout, empty)
    lit = [rc for rc in empty if rc not in under]
    planted = ([under[len(under) // 2]] if under else []) + ([lit[len(lit) // 2]] if lit else [])
    assert under
    wrong = _blinds(_shade_cells(image, layout, planted), period * cell, darker, tilt, phase=0.3 * cell,
                    upright=upright)
    reading = read_cells(wrong, layout)
    for r, c in planted:
        assert reading.states[r][c] in (cells_mod.FILLED, cells_mod.UNSURE), (r, c, reading.states[r][c])
    v = genpuzzle.verify(puzzle, Image.fromarray(wrong))
    assert v.status != Status.CORRECT and v.score < 100, (v.status, v.score)


def test_rows_and_columns_of_light_fills_are_no_band():
    # the page of test_nonogram_cells' rows and columns of light grey fills: every line through them reaches lit
    # paper past the grid (the clue strips, the margins), so no band is found and the fills stay fills
    import genpuzzle

    from genpuzzle.verifiers import cells as cells_mod
    from genpuzzle.verifiers.nonogram import read_cells

    puzzle = genpuzzle.generate("nonogram", 5020, "15x15")
    layout = puzzle.layout
    image = puzzle.input_image.convert("RGB")
    d = ImageDraw.Draw(image)
    shaded = []
    for r in range(layout["rows"]):
        for c in range(layout["cols"]):
            if r < 7 or c < 4:
                x0, y0, x1, y1 = cell_box(layout, r, c)
                d.rectangle([x0 + 2, y0 + 2, x1 - 2, y1 - 2], fill=(215, 215, 215))
                shaded.append((r, c))
    assert cells_mod.band_shading(_closed(image, layout["cell_px"]), layout["cell_px"]) is None
    reading = read_cells(np.asarray(image), layout)
    assert all(reading.states[r][c] == cells_mod.FILLED for r, c in shaded)
    # and under blinds as well: the bands are followed, the fills still read filled
    banded = _blinds(image, 2.2 * layout["cell_px"], 0.22, 1.0)
    reading = read_cells(banded, layout)
    assert all(reading.states[r][c] in (cells_mod.FILLED, cells_mod.UNSURE) for r, c in shaded)
    assert sum(reading.states[r][c] == cells_mod.FILLED for r, c in shaded) >= 0.9 * len(shaded)


def test_a_grey_border_down_both_sides_is_no_band_across_the_grid():
    # a page with a grey frame down its left and right edges: the ends of every level line are dark, but lit paper
    # lies between them, so no level line is a band; the frame itself is paper as dark along its whole height (an
    # upright band of its own), and the grid's paper stays the page's
    from genpuzzle.verifiers import cells as cells_mod

    puzzle, image, _ = _typed_x_page(5010, "10x10")
    cell = puzzle.layout["cell_px"]
    a = np.asarray(image).copy()
    w = a.shape[1]
    x0, y0, x1, y1 = (int(v) for v in puzzle.layout["grid_bbox"])
    side = min(int(0.6 * cell), w - x1 - 4)  # (clear of the grid)
    a[:, :side] = 190
    a[:, w - side:] = 190
    factor = cells_mod.band_shading(_closed(a, cell), cell)
    if factor is not None:
        assert np.abs(factor[:, side + 4:w - side - 4] - 1.0).max() <= 0.01


@pytest.mark.parametrize("upright", [False, True])
def test_a_shadow_darkening_the_page_towards_one_edge_is_no_band(upright):
    # a linear shadow (TUNE's t_pencil_shadow, t_light_shadow: the paper 30 % darker at one edge of the page) darkens
    # whole lines evenly too, but no band of it has lit paper on both sides: it is left to the envelope and the
    # soft-shadow search, which follow it
    from genpuzzle.verifiers import cells as cells_mod

    puzzle, image, _ = _typed_x_page(5020, "15x15")
    cell = puzzle.layout["cell_px"]
    a = np.asarray(image).astype(np.float32)
    h, w = a.shape[:2]
    ramp = np.linspace(0.0, 0.3, h if not upright else w, dtype=np.float32)
    shade = (1.0 - ramp)[:, None] if not upright else (1.0 - ramp)[None, :]
    a = np.clip(a * shade[:, :, None], 0, 255).astype(np.uint8)
    assert cells_mod.band_shading(_closed(a, cell), cell) is None
