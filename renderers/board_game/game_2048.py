"""2048 drawing: a 4 x 4 board, empty cells light, tiles in warm colours with dark numbers (dark ink on
every tile, so each number reads as ink on a light tile)."""

from __future__ import annotations

from genpuzzle.renderers.board_game.base import BoardDrawing
from genpuzzle.renderers.board_game.puzzle_draw import Board

EMPTY = (238, 232, 224)
TILE = {2: (250, 244, 230), 4: (246, 236, 205), 8: (250, 210, 170), 16: (250, 195, 150), 32: (250, 180, 150),
        64: (250, 170, 130), 128: (245, 225, 150), 256: (245, 220, 130), 512: (245, 215, 110),
        1024: (245, 210, 90), 2048: (245, 205, 70)}
NUMBER = (50, 40, 30)


def render_board(board: list[list[str]]) -> BoardDrawing:
    b = Board(4, 4, cell_px=110)
    for r in range(4):
        for c in range(4):
            v = board[r][c]
            b.fill(r, c, TILE.get(int(v), (240, 200, 60)) if v != "." else EMPTY)
    b.grid((150, 140, 130))
    for r in range(4):
        for c in range(4):
            if board[r][c] != ".":
                b.text(r, c, board[r][c], NUMBER, scale=0.42)
    return b.finish("game_2048", {".": EMPTY, **{str(k): v for k, v in TILE.items()}}, empty_colour=list(EMPTY))
