"""Nonogram drawing: clues on the top and left, the empty grid (thicker lines every 5 cells), the solved
reference (solution cells filled black) and the edit mask (the grid cells)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from genpuzzle.renderers.common import Drawing, cell_box, draw_centered_text, font

# grey levels: the pictures are grey ("L") images, written as 8-bit grey PNGs
CLUE_INK = 0
THICK_INK = 0
THIN_INK = 96
FILL_INK = 0
BACKGROUND = 255
BLOCK = 5  # thicker line every BLOCK cells


@lru_cache(maxsize=4096)
def _text_length(font_px: int, text: str) -> float:
    return font(font_px, True).getlength(text)


def cell_px_for(rows: int, cols: int) -> int:
    """Cell side in pixels: the grid spans about 560 px on its long side (images stay < 1000 px)."""
    return max(24, min(80, 560 // max(rows, cols)))


def clue_strip(layout: dict[str, Any], kind: str, index: int) -> tuple[int, int, int, int]:
    """Pixel box of the clue numbers of row/col ``index`` (``kind`` is ``"row"`` or ``"col"``)."""
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    if kind == "row":
        x0, _, x1, _ = layout["row_clue_bbox"]
        h = (gy1 - gy0) / layout["rows"]
        return (x0, round(gy0 + index * h), x1, round(gy0 + (index + 1) * h))
    _, y0, _, y1 = layout["col_clue_bbox"]
    w = (gx1 - gx0) / layout["cols"]
    return (round(gx0 + index * w), y0, round(gx0 + (index + 1) * w), y1)


@lru_cache(maxsize=64)
def _grid_lines(rows: int, cols: int, cell_px: int, thin: int, thick: int) -> tuple[Image.Image, Image.Image, int]:
    """The grid's lines (thicker every ``BLOCK`` cells and at the border) as a grey picture, the mask of
    their pixels, and the picture's offset from the grid's top left corner. Pasted with the mask, they
    give the same pixels as drawing the lines there (integer positions: the lines' pixels only move)."""
    pad = thick  # the lines reach thick // 2 (+1 for a wide line's rounding) beyond the grid's border
    size = (cols * cell_px + 2 * pad + 1, rows * cell_px + 2 * pad + 1)
    lines = Image.new("L", size, BACKGROUND)
    mask = Image.new("L", size, 0)
    x0, y0, x1, y1 = pad, pad, pad + cols * cell_px, pad + rows * cell_px
    for draw, ink in ((ImageDraw.Draw(lines), None), (ImageDraw.Draw(mask), 255)):
        for k in range(cols + 1):
            major = k % BLOCK == 0 or k == cols
            x = x0 + k * cell_px
            draw.line([(x, y0 - thick // 2), (x, y1 + thick // 2)],
                      fill=ink if ink is not None else THICK_INK if major else THIN_INK, width=thick if major else thin)
        for k in range(rows + 1):
            major = k % BLOCK == 0 or k == rows
            y = y0 + k * cell_px
            draw.line([(x0 - thick // 2, y), (x1 + thick // 2, y)],
                      fill=ink if ink is not None else THICK_INK if major else THIN_INK, width=thick if major else thin)
    return lines, mask, -pad


def render_nonogram(row_clues: list[list[int]], col_clues: list[list[int]], solution: list[list[int]],
                    cell_px: int | None = None, margin: int = 28) -> Drawing:
    """Draw the puzzle, the reference (solution filled black) and the mask of the grid cells."""
    rows, cols = len(row_clues), len(col_clues)
    cell_px = cell_px or cell_px_for(rows, cols)
    thin, thick = max(2, cell_px // 20), max(4, cell_px // 9)
    font_px = max(13, int(cell_px * 0.5))
    gap = int(font_px * 0.55)  # between numbers of one row clue
    pad = max(8, cell_px // 4)  # between the clues and the grid

    def texts(clue: list[int]) -> list[str]:
        return [str(v) for v in clue] or ["0"]

    row_widths = [sum(_text_length(font_px, t) for t in texts(c)) + gap * (len(texts(c)) - 1) for c in row_clues]
    slot = int(font_px * 1.2)  # vertical pitch of the numbers of one column clue
    left = int(max(row_widths)) + pad
    top = max(len(texts(c)) for c in col_clues) * slot + pad
    gx0, gy0 = margin + left, margin + top
    gx1, gy1 = gx0 + cols * cell_px, gy0 + rows * cell_px
    width, height = gx1 + margin, gy1 + margin
    layout = {
        "grid_bbox": [gx0, gy0, gx1, gy1], "rows": rows, "cols": cols, "cell_px": cell_px,
        "row_clue_bbox": [margin // 2, gy0, gx0 - thick, gy1],
        "col_clue_bbox": [gx0, margin // 2, gx1, gy0 - thick],
        "clue_font_px": font_px, "thick_every": BLOCK,
    }

    def draw_clues(draw: ImageDraw.ImageDraw) -> None:
        for r, clue in enumerate(row_clues):
            x_right = gx0 - pad
            cy = gy0 + (r + 0.5) * cell_px
            for text in reversed(texts(clue)):
                w = _text_length(font_px, text)
                draw_centered_text(draw, (x_right - w / 2, cy), text, font_px, CLUE_INK, bold=True)
                x_right -= w + gap
        for c, clue in enumerate(col_clues):
            cx = gx0 + (c + 0.5) * cell_px
            items = texts(clue)
            for k, text in enumerate(items):
                cy = gy0 - pad - (len(items) - k - 0.5) * slot
                draw_centered_text(draw, (cx, cy), text, font_px, CLUE_INK, bold=True)

    puzzle = Image.new("L", (width, height), BACKGROUND)
    draw_clues(ImageDraw.Draw(puzzle))
    reference = puzzle.copy()  # the clues are drawn once: text is most of the drawing time
    lines, line_mask, offset = _grid_lines(rows, cols, cell_px, thin, thick)
    at = (gx0 + offset, gy0 + offset)
    puzzle.paste(lines, at, line_mask)

    ref_draw = ImageDraw.Draw(reference)
    for r in range(rows):
        for c in range(cols):
            if solution[r][c]:
                x0, y0, x1, y1 = cell_box(layout, r, c)
                ref_draw.rectangle([x0, y0, x1, y1], fill=FILL_INK)
    reference.paste(lines, at, line_mask)  # the grid over the filled cells

    mask = Image.new("L", (width, height), 0)
    inset = thick // 2 + 1
    ImageDraw.Draw(mask).rectangle([gx0 + inset, gy0 + inset, gx1 - inset, gy1 - inset], fill=255)
    return Drawing(puzzle, reference, mask, layout)
