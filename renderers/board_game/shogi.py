"""Shogi drawing: a 9x9 grid on a wood-coloured board, files a-i below and ranks 1-9 on the left (as
every genpuzzle board), pieces as GenPuzzle's letters K R B G S N L P on pentagons: Sente light and
pointing up, Gote dark and pointing down."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from genpuzzle.renderers.board_game.base import (
    BoardDrawing,
    draw_labels,
    draw_lines,
    finish_layout,
    new_canvas,
    segment_points,
    square_geometry,
)
from genpuzzle.renderers.board_game.pieces import SHOGI_GOTE_FILL, SHOGI_SENTE_FILL, draw_shogi_piece

CELL_PX = 56
LINE_WIDTH = 2
WOOD = (228, 190, 120)
LINE_INK = (40, 30, 20)


def render_board(board: list[list[str]]) -> BoardDrawing:
    static, g, labels, line_points = _static_board()
    image = static.copy()
    for r in range(9):
        for c in range(9):
            if board[r][c] != ".":
                draw_shogi_piece(image, board[r][c], tuple(g["cell_boxes"][r][c]))
    palette = {".": WOOD, **{k: SHOGI_SENTE_FILL for k in "KRBGSNLP"}, **{k: SHOGI_GOTE_FILL for k in "krbgsnlp"}}
    layout = finish_layout("shogi", "glyph", g, piece_radius=0.43 * CELL_PX, line_points=line_points,
                           labels=labels, palette=palette, wood=list(WOOD))
    return BoardDrawing(image, layout)


@lru_cache(maxsize=1)
def _static_board() -> tuple[Image.Image, dict, list, list]:
    """The empty board (wood, lines, labels: drawn before any piece), its geometry, labels and line
    points: the same for every position, so drawn once per process (the layouts of its drawings share
    these lists, which nothing mutates)."""
    g = square_geometry(9, 9, CELL_PX, frame=0)
    image, draw = new_canvas(g)
    x0, y0, x1, y1 = g["grid_bbox"]
    draw.rectangle([x0, y0, x1, y1], fill=WOOD)
    segments = [[x0 + k * CELL_PX, y0, x0 + k * CELL_PX, y1] for k in range(10)] + \
               [[x0, y0 + k * CELL_PX, x1, y0 + k * CELL_PX] for k in range(10)]
    draw_lines(draw, segments, LINE_WIDTH, LINE_INK)
    labels = draw_labels(draw, g)
    centers = [p for row in g["cell_centers"] for p in row]
    return image, g, labels, segment_points(segments, CELL_PX / 4, avoid=centers, avoid_radius=0.45 * CELL_PX)
