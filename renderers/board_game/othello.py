"""Othello drawing: a green 8x8 board with black lines, black and white discs with a dark outline,
columns a-h below and rows 1-8 on the left."""

from __future__ import annotations

from genpuzzle.renderers.board_game.base import (STONE_BLACK, STONE_WHITE, BoardDrawing, draw_labels, draw_lines,
                                                 draw_stone, finish_layout, new_canvas, segment_points,
                                                 square_geometry)

CELL_PX = 52
GREEN = (120, 190, 130)


def render_board(board: list[list[str]]) -> BoardDrawing:
    g = square_geometry(8, 8, CELL_PX, frame=6)
    image, draw = new_canvas(g)
    draw.rectangle(g["board_bbox"], fill=GREEN)
    x0, y0, x1, y1 = g["grid_bbox"]
    segments = [[x0 + k * CELL_PX, y0, x0 + k * CELL_PX, y1] for k in range(9)] + \
               [[x0, y0 + k * CELL_PX, x1, y0 + k * CELL_PX] for k in range(9)]
    draw_lines(draw, segments, 2)
    labels = draw_labels(draw, g)
    radius = 0.4 * CELL_PX
    colours = {"B": STONE_BLACK, "W": STONE_WHITE}
    for r in range(8):
        for c in range(8):
            if board[r][c] in colours:
                draw_stone(draw, g["cell_centers"][r][c], radius, colours[board[r][c]])
    layout = finish_layout("othello", "disc", g, piece_radius=radius, line_points=segment_points(segments, CELL_PX / 4),
                           labels=labels, palette={".": GREEN, **colours}, hollow_code="W")
    return BoardDrawing(image, layout)
