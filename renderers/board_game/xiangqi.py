"""Xiangqi drawing: 9 files x 10 ranks of intersections on a light wood board, the river between ranks 5
and 6 (inner files interrupted), both palaces with their diagonals; files a-i below and ranks 1-10 on
the left; pieces as discs with a ring and the traditional character (Red in red, Black in black) from
the shipped WenQuanYi Micro Hei subset."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from genpuzzle.renderers.board_game.base import (
    BoardDrawing,
    draw_labels,
    draw_lines,
    finish_layout,
    intersection_geometry,
    new_canvas,
    segment_points,
)
from genpuzzle.renderers.board_game.pieces import XIANGQI_BLACK, XIANGQI_DISC, XIANGQI_RED, draw_xiangqi_piece

SPACING = 56
LINE_WIDTH = 2
BOARD = (222, 184, 120)
LINE_INK = (70, 45, 20)


def board_segments(g: dict) -> list[list[float]]:
    """The board's line work: 10 ranks, the two edge files whole, the inner files cut at the river, the
    palace diagonals."""
    pts = g["cell_centers"]

    def p(r: int, c: int) -> list[float]:
        return pts[r][c]

    segs = [[*p(r, 0), *p(r, 8)] for r in range(10)]
    segs += [[*p(0, 0), *p(9, 0)], [*p(0, 8), *p(9, 8)]]
    segs += [[*p(0, c), *p(4, c)] for c in range(1, 8)] + [[*p(5, c), *p(9, c)] for c in range(1, 8)]
    segs += [[*p(0, 3), *p(2, 5)], [*p(0, 5), *p(2, 3)], [*p(7, 3), *p(9, 5)], [*p(7, 5), *p(9, 3)]]
    return segs


def render_board(board: list[list[str]]) -> BoardDrawing:
    static, g, labels, line_points = _static_board()
    image = static.copy()
    for r in range(10):
        for c in range(9):
            if board[r][c] != ".":
                draw_xiangqi_piece(image, board[r][c], tuple(g["cell_boxes"][r][c]))
    x0, y0, x1, y1 = g["grid_bbox"]
    river = [x0, g["cell_centers"][4][0][1], x1, g["cell_centers"][5][0][1]]
    palette = {".": BOARD, **{k: XIANGQI_RED for k in "KABNRCP"}, **{k: XIANGQI_BLACK for k in "kabnrcp"}}
    layout = finish_layout("xiangqi", "glyph", g, piece_radius=0.44 * SPACING, line_points=line_points,
                           labels=labels, palette=palette, river_bbox=river, disc=list(XIANGQI_DISC),
                           board_colour=list(BOARD))
    return BoardDrawing(image, layout)


@lru_cache(maxsize=1)
def _static_board() -> tuple[Image.Image, dict, list, list]:
    """The empty board (wood, lines, palace frame, labels: drawn before any piece), its geometry, labels
    and line points: the same for every position, so drawn once per process (the layouts of its drawings
    share these lists, which nothing mutates)."""
    g = intersection_geometry(10, 9, SPACING)
    image, draw = new_canvas(g)
    bx0, by0, bx1, by1 = g["board_bbox"]
    draw.rectangle([bx0, by0, bx1, by1], fill=BOARD)
    segments = board_segments(g)
    draw_lines(draw, segments, LINE_WIDTH, LINE_INK)
    x0, y0, x1, y1 = g["grid_bbox"]
    draw.rectangle([x0 - 5, y0 - 5, x1 + 5, y1 + 5], outline=LINE_INK, width=LINE_WIDTH)
    labels = draw_labels(draw, g)
    centers = [p for row in g["cell_centers"] for p in row]
    return image, g, labels, segment_points(segments, SPACING / 4, avoid=centers, avoid_radius=0.47 * SPACING)
