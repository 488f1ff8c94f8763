"""Tic-tac-toe drawing: a 3x3 grid with a border, X in dark blue and O in dark red, coordinates a-c
below and 1-3 on the left."""

from __future__ import annotations

from genpuzzle.renderers.board_game.base import (BoardDrawing, draw_labels, draw_lines, draw_o, draw_x,
                                                 finish_layout, new_canvas, segment_points, square_geometry)

CELL_PX = 120
LINE_WIDTH = 4
X_INK = (30, 50, 150)
O_INK = (170, 30, 30)
MARK_WIDTH = 9


def render_board(board: list[list[str]]) -> BoardDrawing:
    g = square_geometry(3, 3, CELL_PX, frame=0)
    image, draw = new_canvas(g)
    x0, y0, x1, y1 = g["grid_bbox"]
    segments = [[x0 + k * CELL_PX, y0, x0 + k * CELL_PX, y1] for k in range(4)] + \
               [[x0, y0 + k * CELL_PX, x1, y0 + k * CELL_PX] for k in range(4)]
    draw_lines(draw, segments, LINE_WIDTH)
    labels = draw_labels(draw, g)
    for r in range(3):
        for c in range(3):
            center = g["cell_centers"][r][c]
            if board[r][c] == "X":
                draw_x(draw, center, 0.3 * CELL_PX, X_INK, MARK_WIDTH)
            elif board[r][c] == "O":
                draw_o(draw, center, 0.32 * CELL_PX, O_INK, MARK_WIDTH)
    # lines are sampled away from the cell corners' neighbourhood of marks: marks stay within 0.4 cell
    layout = finish_layout("tictactoe", "mark", g, piece_radius=0.35 * CELL_PX,
                           line_points=segment_points(segments, CELL_PX / 6), labels=labels,
                           palette={".": (255, 255, 255), "X": X_INK, "O": O_INK}, edit_regions="cells")
    return BoardDrawing(image, layout)
