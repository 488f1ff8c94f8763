"""Thirtieth session (issue 13, rubric 61): a spill across the grid's edge is paper, not shading.

A spill (tea, coffee) over a page's edge tints the paper as dark as a light shading (luma contrast ~45), which the cell
reader must read as a fill. HELDOUT21's coffee spill over a page's corner made three error-free pages read a corner
cell filled or unsure (two of them `incorrect`). Only the spill's shape tells it from a shading: it runs off the grid,
the frame shows through it, and where it covers a cell it covers the cell's lines too; a shading stays inside its lines.
``cells.remove_stain_tint`` (with the puzzle's grid box) takes such a spill's tint out of the mark and tone maps.

The spill drawn here is tea (a Beer-Lambert tint with a darker tide line, droplets beside it) over the grid's corner,
right or bottom edge; HELDOUT21's spill, which the rule was built on, is a flat coffee blob over a corner. The planted
errors are light tan shadings of the spill's own hue: an extra cell far from the spill, one a cell from it, a missing
fill under it. A shading painted past the frame (over it) is no spill either.
"""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw
from test_nonogram_stain60 import _around, _marked_reference, checks

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.registry import get_track
from genpuzzle.verifiers import cells

TEA = np.array([0.09, 0.19, 0.33], np.float32)  # the tint's depth per channel, one layer of tea
TIDE = 0.8  # the tide line holds this much more tea
TAN = (226, 199, 160)  # a light shading of about the spill's hue and darkness


def _tea_spill(page: Image.Image, centre: tuple[float, float], radius: float, seed: int) -> Image.Image:
    """The page under a puddle of tea: a lobed outline, a tide line just inside it, three droplets beyond it;
    multiplied into everything on the page (Beer-Lambert: each layer of tea absorbs the same share)."""
    rng = np.random.default_rng(seed)
    a, xx, yy, d, angle = _around(page, centre)
    cx, cy = centre
    outline = np.full_like(d, radius)
    for k in range(2, 6):
        outline += radius * rng.uniform(0.02, 0.12) * np.cos(k * angle + rng.uniform(0, 2 * np.pi))
    inside = np.clip((outline - d) / 1.5, 0, 1)
    layers = inside + TIDE * np.exp(-((d - outline + 2.5) / 2.0) ** 2) * inside
    for _ in range(3):
        t, r, size = rng.uniform(0, 2 * np.pi), radius * rng.uniform(1.1, 1.35), rng.uniform(1.5, 3.5)
        layers += np.clip(size - np.hypot(xx - cx - r * np.cos(t), yy - cy - r * np.sin(t)), 0, 1)
    f = np.exp(np.log(1 - TEA) * np.minimum(layers, 2.5)[..., None])
    return Image.fromarray(np.clip(a * f, 0, 255).astype(np.uint8))


WHERE = ("corner", "right", "bottom")


def _spilt_page(variant: str, seed: int, error: str | None = None):
    """(puzzle, page): the reference with a grey X in every empty cell and tea spilt over the grid's corner, right or
    bottom edge (by ``seed``), photographed; ``error`` plants one first (see the module docstring)."""
    p = get_track("nonogram").generate(seed, variant)
    cp = p.layout["cell_px"]
    gx0, gy0, gx1, gy1 = p.layout["grid_bbox"]
    page, _ = _marked_reference(p, "x")
    rng = np.random.default_rng(seed)
    where = WHERE[seed % 3]
    if where == "corner":
        centre = (gx1 - 0.3 * cp, gy1 - 0.2 * cp)
    elif where == "right":
        centre = (gx1 + 0.1 * cp, gy0 + rng.uniform(0.3, 0.7) * (gy1 - gy0))
    else:
        centre = (gx0 + rng.uniform(0.3, 0.7) * (gx1 - gx0), gy1 + 0.1 * cp)
    radius = rng.uniform(1.0, 1.5) * cp
    solution = p.ground_truth["solution"]
    n = len(solution)
    box = lambda r, c: (gx0 + c * cp, gy0 + r * cp, gx0 + (c + 1) * cp, gy0 + (r + 1) * cp)
    away = lambda rc: np.hypot(gx0 + (rc[1] + 0.5) * cp - centre[0], gy0 + (rc[0] + 0.5) * cp - centre[1])
    empty = [(r, c) for r in range(n) for c in range(n) if not solution[r][c]]
    d = ImageDraw.Draw(page)
    if error == "tan_far":  # the empty cell farthest from the spill shaded tan
        x0, y0, x1, y1 = box(*max(empty, key=away))
        d.rectangle([x0 + 3, y0 + 3, x1 - 3, y1 - 3], fill=TAN)
    elif error == "tan_near":  # the empty cell nearest the spill outside it shaded tan
        x0, y0, x1, y1 = box(*min([e for e in empty if away(e) > radius + 0.5 * cp], key=away))
        d.rectangle([x0 + 3, y0 + 3, x1 - 3, y1 - 3], fill=TAN)
    elif error == "missing_under":  # the filled cell nearest the spill's middle left empty
        x0, y0, x1, y1 = box(*min([(r, c) for r in range(n) for c in range(n) if solution[r][c]], key=away))
        d.rectangle([x0 + 2, y0 + 2, x1 - 2, y1 - 2], fill="white")
    page = _tea_spill(page, centre, radius, seed)
    return p, checks.photographed(page, float(rng.uniform(-1.2, 1.2)), float(rng.uniform(0.9, 1.1)))


# each of these read a cell under the spill filled (incorrect) or unsure on the session-start code (rubric 60)
@pytest.mark.parametrize("variant,seed", [("5x5", 611), ("5x5", 616), ("10x10", 611), ("10x10", 612),
                                          ("10x10", 613), ("10x10", 615), ("15x15", 611), ("15x15", 615)])
def test_tea_spilt_over_the_grid_s_edge_on_a_right_answer_is_paper(variant, seed):
    p, page = _spilt_page(variant, seed)
    v = genpuzzle.verify(p, page)
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes,
                                                          v.extra.get("unsure_cells", [])[:2])


@pytest.mark.parametrize("variant", ["5x5", "10x10", "15x15"])
def test_a_spill_never_fails_a_right_answer(variant):
    # the rest of the spills: a grey X the spill's droplet or tide line crosses may be in doubt (review), never wrong
    for seed in range(611, 617):
        p, page = _spilt_page(variant, seed)
        v = genpuzzle.verify(p, page)
        assert v.status in (Status.CORRECT, Status.NEEDS_REVIEW), (seed, v.status, v.score, v.codes)


@pytest.mark.parametrize("error", ["tan_far", "tan_near", "missing_under"])
@pytest.mark.parametrize("variant", ["5x5", "10x10", "15x15"])
def test_an_error_beside_or_under_a_spill_is_still_caught(variant, error):
    for seed in range(611, 617):
        p, page = _spilt_page(variant, seed, error)
        v = genpuzzle.verify(p, page)
        assert v.status != Status.CORRECT and v.score < 100, (seed, v.status, v.score)


def _grid_page(paint) -> tuple[np.ndarray, tuple[int, int, int, int], float]:
    """A 5x5 grid of 60-px cells (grey lines, a black frame) on white, ``paint(draw)`` drawn last; its box and cell."""
    cp, x0, y0 = 60, 100, 100
    page = Image.new("RGB", (500, 500), (252, 252, 250))
    d = ImageDraw.Draw(page)
    for i in range(6):
        d.line([(x0 + i * cp, y0), (x0 + i * cp, y0 + 5 * cp)], fill=(120, 120, 120), width=2)
        d.line([(x0, y0 + i * cp), (x0 + 5 * cp, y0 + i * cp)], fill=(120, 120, 120), width=2)
    d.rectangle([x0, y0, x0 + 5 * cp, y0 + 5 * cp], outline=(0, 0, 0), width=4)
    paint(d)
    return np.asarray(page), (x0, y0, x0 + 5 * cp, y0 + 5 * cp), float(cp)


def _mark_at(page: np.ndarray, grid, cp: float, y: int, x: int, spill: bool) -> int:
    mark, _ = cells.darkness_maps(page, cp, bands=True, stains=True, grid=grid if spill else None)
    return int(mark[y, x])


def test_a_shading_painted_past_the_frame_is_no_spill():
    # a tan shading of the right column's middle cell run 0.4 cell past the frame, over it: the frame is not seen
    # through it, so it is a shading (its cell keeps its darkness), however far it leaves the grid
    page, grid, cp = _grid_page(lambda d: d.rectangle([343, 223, 424, 277], fill=TAN))
    assert _mark_at(page, grid, cp, 250, 370, True) == _mark_at(page, grid, cp, 250, 370, False) >= 60


def test_a_shaded_cell_the_spill_touches_keeps_its_darkness():
    # tea over the grid's bottom-right corner cell, and the cell left of it shaded tan up to its lines, one piece of
    # tint with the spill: the spill is paper, the shading stays ink (its lines are not tinted: it lies inside them)
    def paint(d):
        d.rectangle([281, 341, 339, 397], fill=TAN)
    page, grid, cp = _grid_page(paint)
    page = np.asarray(_tea_spill(Image.fromarray(page), (395, 395), 50, 3))
    assert _mark_at(page, grid, cp, 370, 370, False) >= 60 and _mark_at(page, grid, cp, 370, 370, True) <= 25
    assert _mark_at(page, grid, cp, 370, 310, True) >= 60


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2 ** 31 - 1), st.tuples(*[st.integers(-150, 450)] * 4), st.sampled_from([12.0, 37.0, 80.0]))
def test_any_grid_box_on_any_tinted_page_never_breaks_the_maps(seed, box, cp):
    # the reader also maps canvases the grid's box runs off (clue strips read past the frame): a spill's tests must
    # clip, never raise, and keep the maps' shape and type
    rng = np.random.default_rng(seed)
    page = Image.new("RGB", (300, 260), (252, 250, 246))
    d = ImageDraw.Draw(page)
    for _ in range(int(rng.integers(0, 6))):
        x, y = (int(v) for v in rng.integers(-40, 300, 2))
        d.ellipse([x, y, x + int(rng.integers(10, 160)), y + int(rng.integers(10, 160))],
                  fill=tuple(int(v) for v in rng.integers(150, 256, 3)))
    for _ in range(int(rng.integers(0, 8))):
        x, y = (int(v) for v in rng.integers(0, 300, 2))
        d.line([(x, y), (x + int(rng.integers(-80, 80)), y + int(rng.integers(-80, 80)))], fill=(0, 0, 0),
               width=int(rng.integers(1, 6)))
    x0, y0, x1, y1 = box
    grid = (min(x0, x1), min(y0, y1), max(x0, x1) + 1, max(y0, y1) + 1)
    doubt: list = []
    mark, tone = cells.darkness_maps(np.asarray(page), cp, bands=True, stains=True, grid=grid, doubt=doubt)
    assert mark.shape == tone.shape == (260, 300) and mark.dtype == tone.dtype == np.uint8
    assert all(isinstance(r, int) and isinstance(c, int) for r, c in doubt)
