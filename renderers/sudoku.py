"""Sudoku drawing: the puzzle grid with givens, the solved reference, and the edit mask."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from genpuzzle.renderers.common import Drawing, cell_box, draw_centered_text

GIVEN_INK = (0, 0, 0)
FILLED_INK = (30, 80, 200)
BACKGROUND = (255, 255, 255)
# the puzzle is drawn as a grey ("L") image (written as 8-bit grey without a colour check); the reference
# is its RGB copy with the filled digits
GIVEN_GREY = 0
BACKGROUND_GREY = 255


def render_sudoku(givens: list[list[int]], solution: list[list[int]], box_rows: int, box_cols: int,
                  cell_px: int, margin: int = 40) -> Drawing:
    """Draw the puzzle (givens in black, a grey image), the reference (blanks filled in blue, RGB) and the
    mask of blanks."""
    n = len(givens)
    thick = max(4, cell_px // 14)
    side = n * cell_px
    size = side + 2 * margin
    layout = {"grid_bbox": [margin, margin, margin + side, margin + side], "rows": n, "cols": n,
              "box_rows": box_rows, "box_cols": box_cols}

    digit_px = int(cell_px * 0.62)
    puzzle = _grid_image(n, box_rows, box_cols, cell_px, margin).copy()
    mask = Image.new("L", (size, size), 0)
    fill_rectangle = ImageDraw.Draw(mask).draw.draw_rectangle  # ImageDraw.rectangle(box, fill=255) without its checks
    blanks = []
    for r in range(n):
        for c in range(n):
            x0, y0, x1, y1 = cell_box(layout, r, c)
            center = ((x0 + x1) / 2, (y0 + y1) / 2)
            if givens[r][c]:
                _paste_digit(puzzle, center, givens[r][c], cell_px, digit_px, GIVEN_GREY, True)
            else:
                blanks.append((center, solution[r][c]))
                inset = thick // 2 + 1
                fill_rectangle((x0 + inset, y0 + inset, x1 - inset, y1 - inset), 255, 1)
    # the reference is the puzzle plus the filled digits (each digit's tile stays inside its cell, so the
    # paste order does not matter)
    reference = puzzle.convert("RGB")
    for center, digit in blanks:
        _paste_digit(reference, center, digit, cell_px, digit_px, FILLED_INK, False)
    return Drawing(puzzle, reference, mask, layout)


@lru_cache(maxsize=16)
def _grid_image(n: int, box_rows: int, box_cols: int, cell_px: int, margin: int) -> Image.Image:
    """The empty grid as a grey image, drawn once per geometry (callers copy it)."""
    thin, thick = max(2, cell_px // 32), max(4, cell_px // 14)
    side = n * cell_px
    size = side + 2 * margin
    image = Image.new("L", (size, size), BACKGROUND_GREY)
    draw = ImageDraw.Draw(image)
    for k in range(n + 1):
        width = thick if k % box_cols == 0 else thin
        x = margin + k * cell_px
        draw.line([(x, margin - thick // 2), (x, margin + side + thick // 2)], fill=GIVEN_GREY, width=width)
    for k in range(n + 1):
        width = thick if k % box_rows == 0 else thin
        y = margin + k * cell_px
        draw.line([(margin - thick // 2, y), (margin + side + thick // 2, y)], fill=GIVEN_GREY, width=width)
    return image


def _paste_digit(image: Image.Image, center: tuple[float, float], digit: int, cell_px: int, digit_px: int,
                 ink: int | tuple[int, int, int], bold: bool) -> None:
    """Draw ``digit`` centred on ``center`` inside a white cell: the same pixels as drawing the text there
    (the glyph is rasterised once, at the same sub-pixel position, on the same white), at a fraction of
    the cost."""
    x0, y0 = math.floor(center[0] - cell_px / 2), math.floor(center[1] - cell_px / 2)
    tile, (dx, dy) = _digit_tile(digit, cell_px, digit_px, image.mode, ink, bold, center[0] - x0, center[1] - y0)
    # Image.paste(tile, corner) without its argument checks (same mode, both loaded, inside the page): the
    # core paste of the same box; most of a paste's cost is those checks, and a 9x9 page pastes 81 tiles
    x, y = x0 + dx, y0 + dy
    image.im.paste(tile.im, (x, y, x + tile.width, y + tile.height))


@lru_cache(maxsize=256)
def _digit_tile(digit: int, cell_px: int, digit_px: int, mode: str, ink: int | tuple[int, int, int], bold: bool,
                cx: float, cy: float) -> tuple[Image.Image, tuple[int, int]]:
    """``digit`` drawn centred on (cx, cy) of a white cell of ``mode`` ("L" or "RGB"), cropped to its ink,
    and the crop's offset."""
    white = Image.new(mode, (cell_px, cell_px), "white")
    canvas = white.copy()
    draw_centered_text(ImageDraw.Draw(canvas), (cx, cy), str(digit), digit_px, ink, bold=bold)
    box = ImageChops.difference(canvas, white).getbbox() or (0, 0, 1, 1)
    return canvas.crop(box), (box[0], box[1])
