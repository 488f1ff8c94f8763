"""Minesweeper drawing: covered cells grey, revealed cells white with their number (0 shown empty) in the
classic colours, darkened for contrast; a flag is a red pennant on a black pole."""

from __future__ import annotations

from genpuzzle.renderers.board_game.base import BoardDrawing
from genpuzzle.renderers.board_game.puzzle_draw import Board

COVERED, REVEALED = (178, 178, 178), (255, 255, 255)
NUMBER_INK = {1: (20, 40, 200), 2: (0, 110, 0), 3: (200, 0, 0), 4: (0, 0, 120), 5: (120, 0, 0),
              6: (0, 110, 110), 7: (0, 0, 0), 8: (90, 90, 90)}
FLAG_RED, POLE = (220, 20, 20), (0, 0, 0)


def draw_flag(b: Board, r: int, c: int) -> None:
    x0, y0, _, _ = b.box(r, c)
    s = b.cell
    px = x0 + 0.4 * s
    b.draw.line([(px, y0 + 0.2 * s), (px, y0 + 0.8 * s)], fill=POLE, width=max(3, s // 16))
    b.draw.polygon([(px, y0 + 0.2 * s), (x0 + 0.78 * s, y0 + 0.36 * s), (px, y0 + 0.52 * s)], fill=FLAG_RED)
    b.draw.line([(x0 + 0.26 * s, y0 + 0.8 * s), (x0 + 0.62 * s, y0 + 0.8 * s)], fill=POLE, width=max(3, s // 14))


def render_board(board: list[list[str]]) -> BoardDrawing:
    rows, cols = len(board), len(board[0])
    b = Board(rows, cols)
    for r in range(rows):
        for c in range(cols):
            b.fill(r, c, REVEALED if board[r][c].isdigit() else COVERED)
    b.grid()
    for r in range(rows):
        for c in range(cols):
            v = board[r][c]
            if v.isdigit() and v != "0":
                b.text(r, c, v, NUMBER_INK[int(v)], scale=0.58)
            elif v == "F":
                draw_flag(b, r, c)
    return b.finish("minesweeper", {"#": COVERED, "0": REVEALED, "F": FLAG_RED}, covered_colour=list(COVERED),
                    revealed_colour=list(REVEALED))
