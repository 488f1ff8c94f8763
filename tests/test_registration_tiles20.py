"""Registration of a page redrawn with a lattice of its own proportions, found as the answer's own lattice.

A model that redraws the whole puzzle lays it out its own way: cells 1.4 times wider than high, a clue area of its own
size, the cells as separate tiles with gutters between them and no grid lines, or a dark app with light lines. No
whole-page fit maps such a page onto the input (the clues lie elsewhere relative to the grid), and the fits its searches
tried can lie cells off, so a start-based correction never reaches the lattice: HELDOUT18's
``w_bizud_enamel_ghost_redrawgutter`` (13 of 36 answers) and ``w_lemonada_cmyk_redrawlandscape`` (6 of 36) and
HELDOUT17's ``v_cousine_led_darkapp`` (6 of 36) were `unreadable` at seed 5 on the twentieth session's start.
A person sees the lattice at once. The twentieth session's lattice retry (:func:`genpuzzle.registration._lattice_fit`)
finds it without a fit: per axis the comb of the input's number of lines whose teeth lie on the answer's thin lines or
gutters (either polarity), then takes the map only when the registered page shows the input's lattice line for line
and ending where the input's does (:func:`genpuzzle.registration._lattice_shown`), else starts the tile fit from it.

The pages here are drawn by this file (not the held-out families), each with its own geometry, so the true map is
known; the refusals check that a lattice a cell off, or with twice the cells, is not taken.
"""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

import genpuzzle
import genpuzzle.registration as R
from genpuzzle.registration import register

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def _redraw(puzzle, kind: str, cw: float, ch: float, clue_px: int = 22, margin: int = 30):
    """The puzzle redrawn: ``kind`` "lines" (thin blue lines, thick every 5, solid fills inset in their cells, a small
    triangle in the empty ones), "tiles" (rounded pale tiles, red fills, gutters between them, clue chips beside) or
    "dark" (a dark app: grey lines on near-black, orange tiles). Returns the page and the map input px -> answer px
    (a scale and an offset per axis: the input's grid box onto the page's)."""
    rows, cols = puzzle.layout["rows"], puzzle.layout["cols"]
    sol = np.asarray(puzzle.ground_truth["solution"], bool)
    font = ImageFont.truetype(FONT, clue_px)
    rc = [" ".join(str(v) for v in c) for c in puzzle.ground_truth["row_clues"]]
    cc = puzzle.ground_truth["col_clues"]
    probe = ImageDraw.Draw(Image.new("L", (4, 4)))
    row_w = max(probe.textlength(t, font=font) for t in rc)
    col_h = max(len(c) for c in cc) * clue_px * 1.25
    gx0, gy0 = margin + row_w + 0.5 * cw, margin + col_h + 0.5 * ch
    W, H = round(gx0 + cols * cw + margin), round(gy0 + rows * ch + margin)
    bg, ink = {"lines": ((255, 255, 255), (20, 30, 70)), "tiles": ((250, 250, 252), (40, 44, 56)),
               "dark": ((26, 28, 34), (226, 228, 236))}[kind]
    img = Image.new("RGB", (W, H), bg)
    d = ImageDraw.Draw(img)
    gx1, gy1 = gx0 + cols * cw, gy0 + rows * ch
    for r in range(rows):
        for c in range(cols):
            x0, y0 = gx0 + c * cw, gy0 + r * ch
            if kind == "lines":
                if sol[r, c]:
                    d.rectangle([x0 + 0.08 * cw, y0 + 0.08 * ch, x0 + 0.92 * cw, y0 + 0.92 * ch], fill=(18, 18, 22))
                else:
                    mx, my, s = x0 + cw / 2, y0 + ch / 2, 0.12 * min(cw, ch)
                    d.polygon([(mx, my - s), (mx + s, my + s), (mx - s, my + s)], outline=(120, 120, 120))
            else:
                box = [x0 + 0.12 * cw, y0 + 0.12 * ch, x0 + 0.88 * cw, y0 + 0.88 * ch]
                fill = ((184, 30, 40) if kind == "tiles" else (246, 168, 40)) if sol[r, c] else (
                    (238, 240, 244) if kind == "tiles" else bg)
                d.rounded_rectangle(box, radius=round(0.14 * min(cw, ch)), fill=fill,
                                    outline=(206, 210, 220) if kind == "tiles" else None)
    if kind != "tiles":
        line = {"lines": ((170, 198, 228), (92, 128, 188)), "dark": ((70, 74, 84), (120, 126, 140))}[kind]
        for k in range(cols + 1):
            big = k % 5 == 0 or k == cols
            d.line([(gx0 + k * cw, gy0), (gx0 + k * cw, gy1)], fill=line[big], width=2 if big else 1)
        for k in range(rows + 1):
            big = k % 5 == 0 or k == rows
            d.line([(gx0, gy0 + k * ch), (gx1, gy0 + k * ch)], fill=line[big], width=2 if big else 1)
    for r, t in enumerate(rc):
        y = gy0 + (r + 0.5) * ch
        if kind == "tiles":
            d.rounded_rectangle([margin * 0.5, gy0 + (r + 0.12) * ch, gx0 - 0.25 * cw, gy0 + (r + 0.88) * ch],
                                radius=round(0.25 * ch), fill=(232, 236, 244))
        d.text((gx0 - 0.3 * cw, y), t, font=font, fill=ink, anchor="rm")
    for c, vals in enumerate(cc):
        x = gx0 + (c + 0.5) * cw
        for k, v in enumerate(vals):
            d.text((x, gy0 - 0.3 * ch - (len(vals) - k - 0.5) * clue_px * 1.25), str(v), font=font, fill=ink,
                   anchor="mm")
    x0, y0, x1, y1 = puzzle.layout["grid_bbox"]
    fx, fy = (gx1 - gx0) / (x1 - x0), (gy1 - gy0) / (y1 - y0)
    return np.asarray(img), np.array([[fx, 0, gx0 - fx * x0], [0, fy, gy0 - fy * y0], [0, 0, 1.0]])


def _corner_error(reg, M: np.ndarray, layout) -> float:
    x0, y0, x1, y1 = layout["grid_bbox"]
    pts = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64)
    true = (M @ np.vstack([pts.T, np.ones(4)]))[:2].T
    return float(np.abs(reg.source_points(pts) - true).max())


def _input(puzzle) -> np.ndarray:
    return np.asarray(puzzle.input_image.convert("RGB"))


@pytest.mark.parametrize("seed,variant,kind,cw,ch,inverted", [
    (5011, "10x10", "lines", 78.0, 53.0, False),  # landscape cells, clue area its own
    (5021, "15x15", "tiles", 38.0, 38.0, False),  # tiles with gutters, no lines, clue chips beside them
    (5021, "15x15", "dark", 28.0, 28.0, True),  # a dark app: grey lines on near-black, orange tiles
])
def test_a_page_redrawn_with_its_own_lattice_registers_on_it(seed, variant, kind, cw, ch, inverted):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    answer, M = _redraw(puzzle, kind, cw, ch)
    reg = register(answer, _input(puzzle), edit_mask=np.asarray(puzzle.edit_mask))
    assert reg.ok, reg.reason
    # found without a whole-page fit: the answer's lattice (or, for drawn lines, the marks fit that runs before it)
    assert ("lattice" in reg.method or "marks" in reg.method) and (("+inverted" in reg.method) == inverted), reg.method
    assert _corner_error(reg, M, puzzle.layout) <= 2.0, reg.method


@pytest.mark.parametrize("seed,variant,kind,cw,ch", [
    (5011, "10x10", "lines", 78.0, 53.0),
    (5021, "15x15", "tiles", 38.0, 38.0),
])
def test_the_lattice_fit_alone_registers_a_redrawn_page(seed, variant, kind, cw, ch):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    answer, M = _redraw(puzzle, kind, cw, ch)
    reg = R._lattice_fit(answer, _input(puzzle), np.asarray(puzzle.edit_mask))
    assert reg is not None and reg.ok
    assert reg.method == ("lattice" if kind == "lines" else "lattice+tiles"), reg.method
    assert _corner_error(reg, M, puzzle.layout) <= 2.0


def test_the_answer_lattice_is_found_without_a_fit():
    puzzle = genpuzzle.generate("nonogram", 5011, "10x10")
    answer, M = _redraw(puzzle, "lines", 78.0, 53.0)
    starts = R._lattice_starts(answer, _input(puzzle))
    assert starts
    # the best start maps the answer's grid box onto the input's within a px: no refinement needed
    x0, y0, x1, y1 = puzzle.layout["grid_bbox"]
    corners = np.array([[x0, x1], [y0, y1], [1.0, 1.0]])
    got = np.linalg.inv(starts[0]) @ corners
    assert np.abs(got[:2] - (M @ corners)[:2]).max() <= 1.5


def _warped(answer: np.ndarray, A: np.ndarray, target: np.ndarray) -> np.ndarray:
    h, w = target.shape[:2]
    return R._warp_full(answer, A, (w, h), 1, (255.0, 255.0, 255.0))


def test_a_lattice_a_cell_off_is_not_shown():
    puzzle = genpuzzle.generate("nonogram", 5011, "10x10")
    target = _input(puzzle)
    answer, M = _redraw(puzzle, "lines", 78.0, 53.0)
    right = np.linalg.inv(M)  # answer px -> input px
    assert R._lattice_shown(_warped(answer, right, target), target)
    cell = puzzle.layout["cell_px"]
    for dx, dy in ((cell, 0), (-cell, 0), (0, cell), (0, -cell)):
        off = np.array([[1.0, 0, dx], [0, 1, dy], [0, 0, 1]]) @ right
        assert not R._lattice_shown(_warped(answer, off, target), target), (dx, dy)


def test_a_lattice_with_twice_the_cells_does_not_register_as_the_input():
    # a 10x10 page redrawn over a 5x5 input: the comb of 6 lines finds half of its lattice, whose lines go on past it
    big = genpuzzle.generate("nonogram", 5011, "10x10")
    small = genpuzzle.generate("nonogram", 5001, "5x5")
    answer, _ = _redraw(big, "lines", 78.0, 53.0)
    target = _input(small)
    for A in R._lattice_starts(answer, target):
        assert not R._lattice_shown(_warped(answer, A, target), target)
    reg = register(answer, target, edit_mask=np.asarray(small.edit_mask))
    assert not reg.ok or "lattice" not in reg.method, reg.method
