"""Connect Four drawing: a blue frame with white holes, red and yellow discs, columns a-g below and rows
1-6 on the left. The frame between the holes is the board fill the layout dimension measures."""

from __future__ import annotations

from genpuzzle.renderers.board_game.base import (BoardDrawing, draw_labels, draw_stone, finish_layout, new_canvas,
                                                 square_geometry)

CELL_PX = 60
BLUE = (30, 80, 200)
HOLE = (255, 255, 255)
COLOURS = {"R": (220, 40, 40), "Y": (245, 200, 30)}


def render_board(board: list[list[str]]) -> BoardDrawing:
    g = square_geometry(6, 7, CELL_PX, frame=8)
    image, draw = new_canvas(g)
    draw.rounded_rectangle(g["board_bbox"], radius=10, fill=BLUE)
    labels = draw_labels(draw, g)
    radius = 0.4 * CELL_PX
    for r in range(6):
        for c in range(7):
            code = board[r][c]
            draw_stone(draw, g["cell_centers"][r][c], radius, COLOURS.get(code, HOLE), outline=(20, 40, 110))
    x0, y0 = g["grid_bbox"][:2]
    fills = [[x0 + c * CELL_PX, y0 + r * CELL_PX] for r in range(1, 6) for c in range(1, 7)]
    layout = finish_layout("connect4", "disc", g, piece_radius=radius, line_points=[], fill_points=fills,
                           labels=labels, palette={".": HOLE, **COLOURS}, hollow_code=None)
    return BoardDrawing(image, layout)
