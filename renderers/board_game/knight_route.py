"""Knight route drawing: a chessboard, blocked squares dark grey with a white cross, the start square with a
knight glyph (U+265E) and "A", the target with a ring and "B"; the squares of a drawn route (code ``*``)
are joined from A to B by a red line through their centres, with a dot on each."""

from __future__ import annotations

from genpuzzle.renderers.board_game.base import BoardDrawing
from genpuzzle.renderers.board_game.puzzle_draw import Board
from genpuzzle.renderers.common import draw_centered_text
from genpuzzle.solvers.board_game.knight_route import route_of

LIGHT, DARK, BLOCKED = (240, 224, 190), (196, 160, 120), (70, 70, 70)
ROUTE = (220, 20, 20)
KNIGHT = "\u265e"


def render_board(board: list[list[str]]) -> BoardDrawing:
    n = len(board)
    b = Board(n, n)
    s = b.cell
    for r in range(n):
        for c in range(n):
            b.fill(r, c, BLOCKED if board[r][c] == "#" else LIGHT if (r + c) % 2 == 0 else DARK)
    b.grid((90, 70, 50))
    for r in range(n):
        for c in range(n):
            x0, y0, x1, y1 = b.box(r, c)
            v = board[r][c]
            if v == "#":
                m = 0.25 * s
                b.draw.line([(x0 + m, y0 + m), (x1 - m, y1 - m)], fill=(255, 255, 255), width=max(2, s // 20))
                b.draw.line([(x0 + m, y1 - m), (x1 - m, y0 + m)], fill=(255, 255, 255), width=max(2, s // 20))
            elif v == "A":
                b.glyph(r, c, KNIGHT, (0, 0, 0), scale=0.6)
                draw_centered_text(b.draw, (x0 + 0.16 * s, y0 + 0.18 * s), "A", int(0.26 * s), (0, 0, 0), bold=True)
            elif v == "B":
                b.disc(r, c, None, radius=0.3, outline=(0, 0, 0), width=max(3, s // 16))
                b.text(r, c, "B", (0, 0, 0), scale=0.36)
    route = route_of(board) if any("*" in row for row in board) else None
    if route:
        points = [b.centre(r, c) for r, c in route]
        b.draw.line(points, fill=ROUTE, width=max(4, s // 12), joint="curve")
        for r, c in route[1:-1]:
            b.disc(r, c, ROUTE, radius=0.1)
    return b.finish("knight_route", {".": LIGHT, "#": BLOCKED, "*": ROUTE}, blocked_colour=list(BLOCKED))
