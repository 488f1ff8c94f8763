"""Queens drawing: the n x n board with each region in its own pastel colour (region code a, b, ...),
thick lines between regions, queens as black queen glyphs (U+265B)."""

from __future__ import annotations

from genpuzzle.renderers.board_game.base import BoardDrawing
from genpuzzle.renderers.board_game.puzzle_draw import GRID_INK, INK, Board

PALETTE = ((250, 180, 170), (170, 210, 250), (190, 235, 170), (250, 225, 140), (215, 185, 245),
           (160, 225, 215), (250, 195, 230), (215, 215, 215), (240, 205, 160), (180, 190, 250))
NAMES = ("red", "blue", "green", "yellow", "purple", "teal", "pink", "grey", "orange", "indigo")
QUEEN = "\u265b"


def render_board(board: list[list[str]]) -> BoardDrawing:
    n = len(board)
    regions = [["abcdefghij".index(v.lower()) for v in row] for row in board]
    b = Board(n, n)
    for r in range(n):
        for c in range(n):
            b.fill(r, c, PALETTE[regions[r][c]])
    b.grid()
    thick = b.line * 3
    for r in range(n):
        for c in range(n):
            x0, y0, x1, y1 = b.box(r, c)
            if c + 1 < n and regions[r][c] != regions[r][c + 1]:
                b.draw.line([(x1, y0), (x1, y1)], fill=GRID_INK, width=thick)
            if r + 1 < n and regions[r][c] != regions[r + 1][c]:
                b.draw.line([(x0, y1), (x1, y1)], fill=GRID_INK, width=thick)
    for r in range(n):
        for c in range(n):
            if board[r][c].isupper():
                b.glyph(r, c, QUEEN)
    palette = {"abcdefghij"[i]: PALETTE[i] for i in range(n)}
    return b.finish("queens", {**palette, "Q": INK}, region_names=list(NAMES[:n]),
                    cell_colours=[[list(PALETTE[regions[r][c]]) for c in range(n)] for r in range(n)])
