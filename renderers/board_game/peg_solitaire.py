"""Peg solitaire drawing: a wooden board of square holes; a peg is a large dark-blue disc, an empty hole a
small brown ring."""

from __future__ import annotations

from genpuzzle.renderers.board_game.base import BoardDrawing
from genpuzzle.renderers.board_game.puzzle_draw import Board

WOOD, PEG, HOLE = (236, 214, 170), (30, 60, 150), (150, 120, 80)


def render_board(board: list[list[str]]) -> BoardDrawing:
    rows, cols = len(board), len(board[0])
    b = Board(rows, cols, cell_px=88)
    for r in range(rows):
        for c in range(cols):
            b.fill(r, c, WOOD)
    b.grid((120, 90, 50))
    for r in range(rows):
        for c in range(cols):
            if board[r][c] == "P":
                b.disc(r, c, PEG, radius=0.33)
            else:
                b.disc(r, c, None, radius=0.14, outline=HOLE, width=max(2, b.cell // 30))
    return b.finish("peg_solitaire", {".": WOOD, "P": PEG}, board_colour=list(WOOD), peg_colour=list(PEG))
