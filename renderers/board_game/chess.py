"""Chess drawing: an 8x8 board of light and dark squares in a thin frame, files a-h below and ranks 1-8
on the left, pieces as the DejaVu Sans chess glyphs (White: the silhouette filled white under the
outline glyph; Black: the filled glyph)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from genpuzzle.renderers.board_game.base import (
    BoardDrawing,
    draw_labels,
    finish_layout,
    new_canvas,
    segment_points,
    square_geometry,
)
from genpuzzle.renderers.board_game.pieces import INK, PAPER, draw_chess_piece

CELL_PX = 64
FRAME = 3
MARGIN = 48  # paper must be the page's most common colour (registration reads the paper as the modal grey)
LIGHT = (240, 217, 181)
DARK = (181, 136, 99)
FRAME_INK = (60, 40, 25)


def square_shade(r: int, c: int) -> str:
    """``"light"`` or ``"dark"`` (a1, bottom left, is dark)."""
    return "light" if (r + c) % 2 == 0 else "dark"


def corner_points(boxes: list, inset: float) -> list[list[float]]:
    """Four points per cell, ``inset`` of a cell inside its corners: where a piece never reaches."""
    pts = []
    for row in boxes:
        for x0, y0, x1, y1 in row:
            d = inset * (x1 - x0)
            pts += [[x0 + d, y0 + d], [x1 - d, y0 + d], [x0 + d, y1 - d], [x1 - d, y1 - d]]
    return pts


def render_board(board: list[list[str]]) -> BoardDrawing:
    static, g, labels, line_points, fill_points, shades = _static_board()
    image = static.copy()
    for r in range(8):
        for c in range(8):
            if board[r][c] != ".":
                draw_chess_piece(image, board[r][c], tuple(g["cell_boxes"][r][c]))
    palette = {".": LIGHT, **{k: PAPER for k in "KQRBNP"}, **{k: INK for k in "kqrbnp"}}
    layout = finish_layout("chess", "glyph", g, piece_radius=0.43 * CELL_PX, line_points=line_points,
                           fill_points=fill_points, labels=labels, palette=palette, square_shades=shades,
                           square_colours={"light": list(LIGHT), "dark": list(DARK)}, glyph_style="dejavu")
    return BoardDrawing(image, layout)


@lru_cache(maxsize=1)
def _static_board() -> tuple[Image.Image, dict, list, list, list, list]:
    """The empty board (frame, squares, labels: drawn before any piece), its geometry, labels, line and
    fill points and square shades: the same for every position, so drawn once per process (the layouts
    of its drawings share these lists, which nothing mutates)."""
    g = square_geometry(8, 8, CELL_PX, frame=FRAME, margin=MARGIN)
    image, draw = new_canvas(g)
    bx0, by0, bx1, by1 = g["board_bbox"]
    draw.rectangle([bx0, by0, bx1 - 1, by1 - 1], fill=FRAME_INK)
    for r in range(8):
        for c in range(8):
            x0, y0, x1, y1 = g["cell_boxes"][r][c]
            draw.rectangle([x0, y0, x1 - 1, y1 - 1], fill=LIGHT if square_shade(r, c) == "light" else DARK)
    labels = draw_labels(draw, g)
    h = FRAME / 2
    frame = [[bx0 + h, by0 + h, bx1 - h, by0 + h], [bx0 + h, by1 - h, bx1 - h, by1 - h],
             [bx0 + h, by0 + h, bx0 + h, by1 - h], [bx1 - h, by0 + h, bx1 - h, by1 - h]]
    return (image, g, labels, segment_points(frame, CELL_PX / 4), corner_points(g["cell_boxes"], 0.1),
            [[square_shade(r, c) for c in range(8)] for r in range(8)])
