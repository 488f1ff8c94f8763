"""Sliding puzzle drawing: numbered tiles (cream with black numbers), the empty square dark grey."""

from __future__ import annotations

from genpuzzle.renderers.board_game.base import BoardDrawing
from genpuzzle.renderers.board_game.puzzle_draw import INK, Board

TILE, BLANK = (250, 236, 200), (120, 120, 120)


def render_board(board: list[list[str]]) -> BoardDrawing:
    n = len(board)
    b = Board(n, n, cell_px=110 if n == 3 else 96)
    for r in range(n):
        for c in range(n):
            b.fill(r, c, BLANK if board[r][c] == "." else TILE)
    b.grid()
    for r in range(n):
        for c in range(n):
            if board[r][c] != ".":
                b.text(r, c, board[r][c], INK, scale=0.5)
    return b.finish("sliding_puzzle", {".": BLANK, "tile": TILE}, tile_colour=list(TILE), blank_colour=list(BLANK))
