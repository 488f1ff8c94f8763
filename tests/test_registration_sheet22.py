"""Registration of a page that draws the puzzle inside a larger lattice of its own (a spreadsheet), and the refusal of a
fit that places the input's lattice at twice the page's scale (issue 13).

A model that redraws the puzzle as a spreadsheet puts its clues and cells in the sheet's cells: the sheet's light grid
goes on past the puzzle on every side, the puzzle's own frame and block lines drawn heavy. Every evenly spaced comb of
the input's lines lies on sheet lines, a cell off as well as right, so the lattice fit (which wants the lattice to end
where the input's does) found none: HELDOUT19's ``z_rocknroll_chocolate_redrawsheet`` had 4 of its 10x10 pages
`unreadable` at seed 5. Two more were registered at twice the scale (a located fit at 1.95x and 2.5x, quality 0.90):
its chocolate fills carry a groove across their middle, so half the input's lines lay on grooves and half on the
sheet's lines, a confident fit that read every cell as four.

The twenty-second session: the lattice fit's last look (:func:`genpuzzle.registration._heavy_fit`) finds the combs whose
heavy teeth (the input's frame and block lines) lie on the page's heaviest lines and takes the map when the page draws
the input's lattice line for line with its heavy lines there (``lattice+heavy``); and a fit that places the input small
within the page and leaves every other line of the input's undrawn along its length while drawing the others is refused
(:func:`genpuzzle.registration._twice_scale`).

The pages here are drawn by this file (a graph-paper sheet, navy frame and block lines, fills of four small tiles each
with a gap across their middle), not taken from the held-out families.
"""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

import genpuzzle
import genpuzzle.registration as R
from genpuzzle.registration import Registration, register

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def _sheet_page(puzzle, cw: float, ch: float, extra=(2, 1, 2, 2), clue_px: int = 20):
    """The puzzle on a graph-paper sheet of cells ``cw`` x ``ch``: a clue per sheet cell left of and above the grid,
    ``extra`` (left, top, right, bottom) sheet cells of margin beyond the clues and the grid, light grey sheet lines
    everywhere, the puzzle's inner lines mid grey, its frame and block lines heavy navy; a filled cell is four small
    brown tiles with a gap across their middle each way. Returns the page and the grid's top-left corner (answer px)."""
    rows, cols = puzzle.layout["rows"], puzzle.layout["cols"]
    sol = np.asarray(puzzle.ground_truth["solution"], bool)
    rcl, ccl = puzzle.ground_truth["row_clues"], puzzle.ground_truth["col_clues"]
    nr, nc = max(len(c) for c in rcl), max(len(c) for c in ccl)
    left, top, right, bottom = extra
    n_x, n_y = left + nr + cols + right, top + nc + rows + bottom
    W, H = round(n_x * cw) + 1, round(n_y * ch) + 1
    img = Image.new("RGB", (W, H), (255, 255, 255))
    d = ImageDraw.Draw(img)
    for i in range(n_x + 1):
        d.line([(i * cw, 0), (i * cw, H)], fill=(214, 216, 220), width=1)
    for j in range(n_y + 1):
        d.line([(0, j * ch), (W, j * ch)], fill=(214, 216, 220), width=1)
    gx0, gy0 = (left + nr) * cw, (top + nc) * ch
    font = ImageFont.truetype(FONT, clue_px)
    for r, vals in enumerate(rcl):
        for k, v in enumerate(vals):
            d.text((gx0 - (len(vals) - k - 0.5) * cw, gy0 + (r + 0.5) * ch), str(v), font=font, fill=(30, 30, 30),
                   anchor="mm")
    for c, vals in enumerate(ccl):
        for k, v in enumerate(vals):
            d.text((gx0 + (c + 0.5) * cw, gy0 - (len(vals) - k - 0.5) * ch), str(v), font=font, fill=(30, 30, 30),
                   anchor="mm")
    for r in range(rows):
        for c in range(cols):
            if not sol[r, c]:
                continue
            x0, y0 = gx0 + c * cw, gy0 + r * ch
            for i in range(2):
                for j in range(2):
                    a = (x0 + (0.1 + 0.42 * i) * cw, y0 + (0.1 + 0.42 * j) * ch)
                    d.rectangle([a[0], a[1], a[0] + 0.36 * cw, a[1] + 0.36 * ch], fill=(92, 52, 30))
    for c in range(1, cols):
        if c % 5:
            d.line([(gx0 + c * cw, gy0), (gx0 + c * cw, gy0 + rows * ch)], fill=(120, 120, 126), width=1)
    for r in range(1, rows):
        if r % 5:
            d.line([(gx0, gy0 + r * ch), (gx0 + cols * cw, gy0 + r * ch)], fill=(120, 120, 126), width=1)
    for c in range(0, cols + 1, 5):
        d.line([(gx0 + c * cw, gy0 - 1), (gx0 + c * cw, gy0 + rows * ch + 1)], fill=(24, 32, 80), width=3)
    for r in range(0, rows + 1, 5):
        d.line([(gx0 - 1, gy0 + r * ch), (gx0 + cols * cw + 1, gy0 + r * ch)], fill=(24, 32, 80), width=3)
    return np.asarray(img), (gx0, gy0)


def _corner_error(reg, puzzle, origin, cw, ch) -> float:
    x0, y0, x1, y1 = puzzle.layout["grid_bbox"]
    rows, cols = puzzle.layout["rows"], puzzle.layout["cols"]
    pts = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64)
    gx0, gy0 = origin
    true = np.array([[gx0, gy0], [gx0 + cols * cw, gy0], [gx0 + cols * cw, gy0 + rows * ch], [gx0, gy0 + rows * ch]])
    return float(np.abs(reg.source_points(pts) - true).max())


def _input(puzzle) -> np.ndarray:
    return np.asarray(puzzle.input_image.convert("RGB"))


@pytest.mark.parametrize("seed,variant,cw,ch", [
    (6201, "10x10", 54.0, 40.0),  # wide sheet cells
    (6202, "15x15", 36.0, 34.0),
])
def test_a_sheet_page_registers_on_its_heavy_lines(seed, variant, cw, ch):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    answer, origin = _sheet_page(puzzle, cw, ch)
    reg = R._heavy_fit(answer, _input(puzzle), np.asarray(puzzle.edit_mask))
    assert reg is not None and reg.method == "lattice+heavy"
    assert _corner_error(reg, puzzle, origin, cw, ch) <= 2.0


def test_a_sheet_page_registers_where_its_puzzle_is():
    puzzle = genpuzzle.generate("nonogram", 6201, "10x10")
    answer, origin = _sheet_page(puzzle, 54.0, 40.0)
    reg = register(answer, _input(puzzle), edit_mask=np.asarray(puzzle.edit_mask))
    # whatever fit takes it, it lies on the puzzle (or the page is not registered): never a lattice a cell off
    assert not reg.ok or _corner_error(reg, puzzle, origin, 54.0, 40.0) <= 2.0, reg.method


def test_a_sheet_without_heavy_lines_is_not_taken():
    # the same sheet with the puzzle's frame and block lines drawn like the sheet's: nothing shows where it lies
    puzzle = genpuzzle.generate("nonogram", 6201, "10x10")
    answer, _ = _sheet_page(puzzle, 54.0, 40.0)
    a = answer.copy()
    navy = (a[..., 0] < 60) & (a[..., 2] > 60)
    a[navy] = (214, 216, 220)
    assert R._heavy_fit(a, _input(puzzle), np.asarray(puzzle.edit_mask)) is None


def _fit_at(answer, target, B) -> Registration:
    """A registration at the map B (input px -> answer px)."""
    A = np.linalg.inv(B)
    h, w = target.shape[:2]
    image = R._warp_full(answer, A, (w, h), 1, (255.0, 255.0, 255.0))
    return Registration(True, image, A, "ecc+located", 0.9, None)


def test_a_fit_at_twice_the_scale_is_refused():
    puzzle = genpuzzle.generate("nonogram", 6201, "10x10")
    target = _input(puzzle)
    cw, ch = 54.0, 40.0
    answer, (gx0, gy0) = _sheet_page(puzzle, cw, ch, extra=(6, 4, 6, 6))
    x0, y0, x1, y1 = puzzle.layout["grid_bbox"]
    sx, sy = cw * 10 / (x1 - x0), ch * 10 / (y1 - y0)
    right = np.array([[sx, 0, gx0 - sx * x0], [0, sy, gy0 - sy * y0], [0, 0, 1.0]])
    assert not R._twice_scale(answer, target, _fit_at(answer, target, right))
    # the input's lattice on 5x5 of the page's cells: every other line of it on a tile's gap, the others on lines
    half = np.array([[sx / 2, 0, gx0 - sx / 2 * x0], [0, sy / 2, gy0 - sy / 2 * y0], [0, 0, 1.0]])
    assert R._twice_scale(answer, target, _fit_at(answer, target, half))
