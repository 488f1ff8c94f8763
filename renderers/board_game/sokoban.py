"""Sokoban drawing: walls dark grey, floor white, goals as small red diamonds, boxes as brown squares with
a cross, the player as a blue disc (a goal under a box or the player is covered, as in the game)."""

from __future__ import annotations

from genpuzzle.renderers.board_game.base import BoardDrawing
from genpuzzle.renderers.board_game.puzzle_draw import Board

WALL, FLOOR, GOAL = (70, 70, 70), (255, 255, 255), (220, 30, 30)
BOX, BOX_EDGE, PLAYER = (196, 132, 52), (110, 66, 20), (30, 90, 230)


def render_board(board: list[list[str]]) -> BoardDrawing:
    rows, cols = len(board), len(board[0])
    b = Board(rows, cols, cell_px=64)
    s = b.cell
    for r in range(rows):
        for c in range(cols):
            b.fill(r, c, WALL if board[r][c] == "#" else FLOOR)
    b.grid((150, 150, 150))
    for r in range(rows):
        for c in range(cols):
            v = board[r][c]
            if v == "g":
                cx, cy = b.centre(r, c)
                k = 0.16 * s
                b.draw.polygon([(cx, cy - k), (cx + k, cy), (cx, cy + k), (cx - k, cy)], fill=GOAL)
            elif v in ("B", "b"):
                x0, y0, x1, y1 = b.box(r, c)
                m = 0.14 * s
                b.draw.rectangle([x0 + m, y0 + m, x1 - m, y1 - m], fill=BOX, outline=BOX_EDGE, width=max(3, s // 18))
                b.draw.line([(x0 + m, y0 + m), (x1 - m, y1 - m)], fill=BOX_EDGE, width=max(2, s // 24))
                b.draw.line([(x0 + m, y1 - m), (x1 - m, y0 + m)], fill=BOX_EDGE, width=max(2, s // 24))
            elif v in ("P", "p"):
                b.disc(r, c, PLAYER, radius=0.3)
    return b.finish("sokoban", {"#": WALL, ".": FLOOR, "g": GOAL, "B": BOX, "P": PLAYER})
