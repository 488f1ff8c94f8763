"""Gomoku drawing: a 15x15 wooden board, black and white stones with a dark outline, columns a-o below
and rows 1-15 on the left."""

from __future__ import annotations

from genpuzzle.renderers.board_game.base import STONE_BLACK, STONE_WHITE, BoardDrawing, render_stone_board

SPACING = 32


def render_board(board: list[list[str]]) -> BoardDrawing:
    return render_stone_board("gomoku", board, SPACING, {"B": STONE_BLACK, "W": STONE_WHITE},
                              star_points=[(3, 3), (3, 11), (7, 7), (11, 3), (11, 11)])
