"""Twenty-first session (issue 13, "account for all ink"): ink hugging a cell's side in an empty nonogram cell.

The stray-mark search looks at a cell's core only: STRAY_BORDER (0.12 of a cell) in from each side, where a grid line
drawn thicker or a few px off may lie. A dash, a tick, a zigzag or a small digit drawn in that band of an empty cell
(beside the line, not on it) passed as paper (`correct`, 100). The band between the lines as the patch reader found
them and the core is now looked at too (``_border_band_ink``): ink there that is no grid line (it runs along most of a
side or across the band), no crossing (joined to both lines of a corner), no neighbour's mark or the grid's frame
run over the line, and no part of the core's own mark is a mark in doubt (the cell unsure: review, never 100).

Guards: error-free pages (clean, JPEG, grid lines redrawn thick, hairline X, slash and big corner-to-corner X marks
in every empty cell) stay `correct` 100.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.renderers.nonogram import cell_box

FONT = Path(genpuzzle.__file__).parent / "data" / "fonts" / "DejaVuSans.ttf"
SEED = 2113  # a seed no rule was written on


def _passes(v) -> bool:
    return v.status == Status.CORRECT or v.score >= 100


def _empty_cells(puzzle) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(puzzle.ground_truth["solution"]) for c, v in enumerate(row) if not v]


def _inner_edge(grey: np.ndarray, cx: int, cy: int, side: str) -> int:
    """The first paper px inside the cell's grid line on ``side``, walking out from the cell's centre."""
    step = -1 if side in ("top", "left") else 1
    if side in ("top", "bottom"):
        y = cy
        while grey[y + step, cx] > 128:
            y += step
        return y
    x = cx
    while grey[cy, x + step] > 128:
        x += step
    return x


def _band_page(puzzle, cell: tuple[int, int], side: str, kind: str, gap: int) -> np.ndarray:
    """The reference with one mark drawn ``gap`` px in from the grid line's inner edge on ``side`` of ``cell``."""
    page = puzzle.reference_images[0].convert("RGB")
    grey = np.asarray(page.convert("L"))
    x0, y0, x1, y1 = cell_box(puzzle.layout, *cell)
    cp = puzzle.layout["cell_px"]
    cx, cy = int((x0 + x1) / 2), int((y0 + y1) / 2)
    s = 1 if side in ("top", "left") else -1
    e = _inner_edge(grey, cx, cy, side) + s * gap

    def at(u: float, v: float) -> tuple[float, float]:  # u along the side from its middle, v into the cell
        return (cx + u, e + s * v) if side in ("top", "bottom") else (e + s * v, cy + u)

    d = ImageDraw.Draw(page)
    L = 0.2 * cp
    ink = (30, 30, 30)
    if kind == "dash":
        d.line([at(-L, 1), at(L, 1)], fill=ink, width=2)
    elif kind == "tick":
        d.line([at(-0.75 * L, 2), at(-0.25 * L, 3), at(0.75 * L, 0)], fill=ink, width=2)
    elif kind == "zigzag":
        d.line([at(-L, 0), at(-L / 2, 3), at(0, 0), at(L / 2, 3), at(L, 0)], fill=ink, width=1)
    elif kind == "digit":
        f = ImageFont.truetype(str(FONT), max(8, int(0.22 * cp)))
        d.text(at(0, 0.09 * cp), "3", font=f, fill=ink, anchor="mm")
    return np.asarray(page)


# (variant, mark, side, gap px): both cells passed (`correct` 100) on the session-start code at SEED
BAND = [("5x5", "dash", "top", 0), ("5x5", "tick", "left", 2), ("5x5", "zigzag", "bottom", 2),
        ("5x5", "digit", "bottom", 2), ("10x10", "dash", "right", 2), ("10x10", "tick", "bottom", 0),
        ("10x10", "zigzag", "top", 2), ("10x10", "digit", "right", 2), ("15x15", "dash", "bottom", 0),
        ("15x15", "tick", "right", 0), ("15x15", "zigzag", "right", 2), ("15x15", "digit", "right", 0)]


@pytest.mark.parametrize("variant,kind,side,gap", BAND, ids=[f"{v}-{k}-{s}-{g}" for v, k, s, g in BAND])
def test_a_mark_hugging_an_empty_cells_side_does_not_pass(variant, kind, side, gap):
    puzzle = genpuzzle.generate("nonogram", SEED, variant)
    empties = _empty_cells(puzzle)
    for cell in (empties[len(empties) // 4], empties[3 * len(empties) // 4]):
        v = genpuzzle.verify(puzzle, _band_page(puzzle, cell, side, kind, gap))
        assert not _passes(v), (cell, v.status, v.score, v.codes)
        assert v.status == Status.NEEDS_REVIEW or v.needs_review, (cell, v.status, v.score)


def _guard_page(puzzle, kind: str) -> np.ndarray:
    page = puzzle.reference_images[0].convert("RGB")
    d = ImageDraw.Draw(page)
    L = puzzle.layout
    cp = L["cell_px"]
    if kind == "thick grid":  # every grid line redrawn 5 px wide, a darker grey
        gx0, gy0, gx1, gy1 = L["grid_bbox"]
        for i in range(L["cols"] + 1):
            d.line([(gx0 + i * cp, gy0), (gx0 + i * cp, gy1)], fill=(60, 60, 60), width=5)
        for i in range(L["rows"] + 1):
            d.line([(gx0, gy0 + i * cp), (gx1, gy0 + i * cp)], fill=(60, 60, 60), width=5)
    for cell in _empty_cells(puzzle):
        x0, y0, x1, y1 = cell_box(L, *cell)
        if kind in ("hairline X", "big X"):
            m, w, g = (0.25 * cp, 1, 150) if kind == "hairline X" else (0.08 * cp, max(2, int(cp / 12)), 0)
            d.line([(x0 + m, y0 + m), (x1 - m, y1 - m)], fill=(g, g, g), width=w)
            d.line([(x0 + m, y1 - m), (x1 - m, y0 + m)], fill=(g, g, g), width=w)
        elif kind == "hairline slash":
            m = 0.25 * cp
            d.line([(x0 + m, y1 - m), (x1 - m, y0 + m)], fill=(120, 120, 120), width=1)
    if kind == "jpeg":
        buf = io.BytesIO()
        page.save(buf, "JPEG", quality=55)
        page = Image.open(buf).convert("RGB")
    return np.asarray(page)


@pytest.mark.parametrize("variant", ["5x5", "10x10", "15x15"])
@pytest.mark.parametrize("kind", ["clean", "jpeg", "thick grid", "hairline X", "big X", "hairline slash"])
def test_error_free_pages_stay_correct(variant, kind):
    puzzle = genpuzzle.generate("nonogram", SEED, variant)
    v = genpuzzle.verify(puzzle, _guard_page(puzzle, kind))
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes)
