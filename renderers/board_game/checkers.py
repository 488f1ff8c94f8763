"""Checkers drawing: an 8x8 board of light and dark (green) squares in a thin frame, files a-h below and
ranks 1-8 on the left; pieces on the dark squares as black or white discs with an inner ring, kings
with a gold crown."""

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
from genpuzzle.renderers.board_game.chess import corner_points
from genpuzzle.renderers.board_game.pieces import CHECKERS_BLACK, CHECKERS_WHITE, draw_checkers_piece

CELL_PX = 64
FRAME = 3
MARGIN = 48  # paper must be the page's most common colour (registration reads the paper as the modal grey)
LIGHT = (238, 228, 198)
DARK = (104, 138, 80)
FRAME_INK = (50, 50, 40)


def render_board(board: list[list[str]]) -> BoardDrawing:
    static, g, labels, line_points, fill_points, shades = _static_board()
    image = static.copy()
    for r in range(8):
        for c in range(8):
            if board[r][c] != ".":
                draw_checkers_piece(image, board[r][c], tuple(g["cell_boxes"][r][c]))
    palette = {".": DARK, "b": CHECKERS_BLACK, "B": CHECKERS_BLACK, "w": CHECKERS_WHITE, "W": CHECKERS_WHITE}
    layout = finish_layout("checkers", "glyph", g, piece_radius=0.40 * CELL_PX, line_points=line_points,
                           fill_points=fill_points, labels=labels, palette=palette, square_shades=shades,
                           square_colours={"light": list(LIGHT), "dark": list(DARK)})
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
            draw.rectangle([x0, y0, x1 - 1, y1 - 1], fill=DARK if (r + c) % 2 else LIGHT)
    labels = draw_labels(draw, g)
    h = FRAME / 2
    frame = [[bx0 + h, by0 + h, bx1 - h, by0 + h], [bx0 + h, by1 - h, bx1 - h, by1 - h],
             [bx0 + h, by0 + h, bx0 + h, by1 - h], [bx1 - h, by0 + h, bx1 - h, by1 - h]]
    return (image, g, labels, segment_points(frame, CELL_PX / 4), corner_points(g["cell_boxes"], 0.08),
            [["dark" if (r + c) % 2 else "light" for c in range(8)] for r in range(8)])
