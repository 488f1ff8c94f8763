"""Go 9x9 drawing: a wooden board, black lines 3 px wide (more line work for the registration), star points, black and white stones with a dark outline,
columns a-i below and rows 1-9 on the left (no column letter is skipped)."""

from __future__ import annotations

from genpuzzle.renderers.board_game.base import STONE_BLACK, STONE_WHITE, BoardDrawing, render_stone_board

SPACING = 46


def render_board(board: list[list[str]]) -> BoardDrawing:
    return render_stone_board("go", board, SPACING, {"B": STONE_BLACK, "W": STONE_WHITE},
                              line_width=3, star_points=[(2, 2), (2, 6), (4, 4), (6, 2), (6, 6)])
