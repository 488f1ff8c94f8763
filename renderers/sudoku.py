"""Sudoku drawing: the puzzle grid with givens, the solved reference, and the edit mask."""

from __future__ import annotations

from PIL import Image, ImageDraw

from genpuzzle.renderers.common import Drawing, cell_box, draw_centered_text

GIVEN_INK = (0, 0, 0)
FILLED_INK = (30, 80, 200)
BACKGROUND = (255, 255, 255)


def render_sudoku(givens: list[list[int]], solution: list[list[int]], box_rows: int, box_cols: int,
                  cell_px: int, margin: int = 40) -> Drawing:
    """Draw the puzzle (givens in black), the reference (blanks filled in blue) and the mask of blanks."""
    n = len(givens)
    thin, thick = max(2, cell_px // 32), max(4, cell_px // 14)
    side = n * cell_px
    size = side + 2 * margin
    layout = {"grid_bbox": [margin, margin, margin + side, margin + side], "rows": n, "cols": n,
              "box_rows": box_rows, "box_cols": box_cols}

    def grid_image() -> Image.Image:
        image = Image.new("RGB", (size, size), BACKGROUND)
        draw = ImageDraw.Draw(image)
        for k in range(n + 1):
            width = thick if k % box_cols == 0 else thin
            x = margin + k * cell_px
            draw.line([(x, margin - thick // 2), (x, margin + side + thick // 2)], fill=GIVEN_INK, width=width)
        for k in range(n + 1):
            width = thick if k % box_rows == 0 else thin
            y = margin + k * cell_px
            draw.line([(margin - thick // 2, y), (margin + side + thick // 2, y)], fill=GIVEN_INK, width=width)
        return image

    digit_px = int(cell_px * 0.62)
    puzzle = grid_image()
    draw = ImageDraw.Draw(puzzle)
    reference = grid_image()
    ref_draw = ImageDraw.Draw(reference)
    mask = Image.new("L", (size, size), 0)
    mask_draw = ImageDraw.Draw(mask)
    for r in range(n):
        for c in range(n):
            x0, y0, x1, y1 = cell_box(layout, r, c)
            center = ((x0 + x1) / 2, (y0 + y1) / 2)
            if givens[r][c]:
                draw_centered_text(draw, center, str(givens[r][c]), digit_px, GIVEN_INK, bold=True)
                draw_centered_text(ref_draw, center, str(givens[r][c]), digit_px, GIVEN_INK, bold=True)
            else:
                draw_centered_text(ref_draw, center, str(solution[r][c]), digit_px, FILLED_INK)
                inset = thick // 2 + 1
                mask_draw.rectangle([x0 + inset, y0 + inset, x1 - inset, y1 - inset], fill=255)
    return Drawing(puzzle, reference, mask, layout)
