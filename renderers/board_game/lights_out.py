"""Lights Out drawing: lit cells yellow, dark cells light grey; a black dot marks a cell to press (the
``press`` answer), a black ring a cell the ``after`` task presses."""

from __future__ import annotations

from genpuzzle.renderers.board_game.base import BoardDrawing
from genpuzzle.renderers.board_game.puzzle_draw import INK, Board

LIT, DARK = (255, 214, 10), (225, 225, 225)


def render_board(board: list[list[str]]) -> BoardDrawing:
    n = len(board)
    b = Board(n, n)
    for r in range(n):
        for c in range(n):
            b.fill(r, c, LIT if board[r][c].startswith("L") else DARK)
    b.grid()
    for r in range(n):
        for c in range(n):
            if board[r][c].endswith("+"):
                b.disc(r, c, INK, radius=0.17)
            elif board[r][c].endswith("o"):
                b.disc(r, c, None, radius=0.3, outline=INK, width=max(3, b.cell // 14))
    return b.finish("lights_out", {".": DARK, "L": LIT, "+": INK, "o": INK}, lit_colour=list(LIT),
                    dark_colour=list(DARK))
