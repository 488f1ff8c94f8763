"""N-Queens drawing: an n x n board (light checkerboard), queens as black queen glyphs (U+265B)."""

from __future__ import annotations

from genpuzzle.renderers.board_game.base import BoardDrawing
from genpuzzle.renderers.board_game.puzzle_draw import INK, Board

LIGHT, DARK = (255, 255, 255), (222, 222, 222)
QUEEN = "\u265b"


def square_colour(r: int, c: int) -> tuple[int, int, int]:
    return LIGHT if (r + c) % 2 == 0 else DARK


def render_board(board: list[list[str]]) -> BoardDrawing:
    n = len(board)
    b = Board(n, n)
    for r in range(n):
        for c in range(n):
            b.fill(r, c, square_colour(r, c))
    b.grid()
    for r in range(n):
        for c in range(n):
            if board[r][c] == "Q":
                b.glyph(r, c, QUEEN)
    return b.finish("nqueens", {".": LIGHT, "Q": INK},
                    cell_colours=[[list(square_colour(r, c)) for c in range(n)] for r in range(n)])
