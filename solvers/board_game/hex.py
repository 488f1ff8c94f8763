"""Hex on a 7x7 rhombus: the unique winning cell.

Rules implemented: Red ``R`` and Blue ``U`` alternately place a stone on an empty cell (Red first: Red is
to move when both have the same number of stones). Each cell touches six neighbours: (r-1, c), (r-1, c+1),
(r, c-1), (r, c+1), (r+1, c-1), (r+1, c) (row 0 at the top, each row drawn half a cell to the right of the
one above). Red wins by a chain of red stones joining the top and bottom rows, Blue by a chain joining the
left and right columns (connection tested by flooding a bit set from one edge).

Task ``win``: exactly one empty cell completes a winning chain for the side to move (every empty cell
tried). Positions: random stones (balanced counts), nobody connected yet.
"""

from __future__ import annotations

import random
from functools import lru_cache

from genpuzzle.solvers.board_game.base import EMPTY, Board, BoardGame, Instance, Move, cell_name

N = 7
SIDES = ("R", "U")
NEIGHBOURS = ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0))


def connected(board: Board, side: str) -> bool:
    """Whether ``side`` joins its two edges (Red: top-bottom, Blue: left-right): its stones as a bit set
    (bit r * n + c), flooded from the first edge through the six neighbour shifts until it stops
    growing; joined when the flood reaches the other edge."""
    return _joined(_stones(board, side), len(board), side)


def _stones(board: Board, side: str) -> int:
    """``side``'s stones as a bit set (bit r * n + c)."""
    n = len(board)
    stones = 0
    for r in range(n):
        for c in range(n):
            if board[r][c] == side:
                stones |= 1 << (r * n + c)
    return stones


def _joined(stones: int, n: int, side: str) -> bool:
    """:func:`connected` of the bit set ``stones`` of ``side`` on an n x n board."""
    first, last, not_left, not_right = _masks(n, side)
    reached = stones & first
    while True:
        grown = reached | (reached << n) | (reached >> n)  # (r +- 1, c)
        grown |= ((reached & not_right) << 1) | ((reached & not_left) >> 1)  # (r, c +- 1)
        grown |= ((reached & not_right) >> (n - 1)) | ((reached & not_left) << (n - 1))  # (r -+ 1, c +- 1)
        grown &= stones
        if grown & last:
            return True
        if grown == reached:
            return False
        reached = grown


def _winning_cells(stones: int, taken: int, n: int, side: str) -> int:
    """The empty cells (bit set) whose stone joins ``side``'s edges, for stones not joined yet: a new
    stone joins them iff it lies on or next to the part flooded from the first edge and on or next to
    the part flooded from the last edge (any chain between the edges runs through it). Two floods
    instead of one per empty cell (:func:`_joined` of ``stones`` plus that cell)."""
    first, last, not_left, not_right = _masks(n, side)
    full = (1 << (n * n)) - 1
    near_first = _flood(stones & first, stones, n, not_left, not_right)
    near_last = _flood(stones & last, stones, n, not_left, not_right)
    touch_first = _neighbours(near_first, n, not_left, not_right) | first
    touch_last = _neighbours(near_last, n, not_left, not_right) | last
    return touch_first & touch_last & ~taken & full


def _neighbours(cells: int, n: int, not_left: int, not_right: int) -> int:
    """The cells next to ``cells`` (and ``cells``), as :func:`_joined` grows a flood (bits off the board
    included: callers mask them)."""
    grown = cells | (cells << n) | (cells >> n)  # (r +- 1, c)
    grown |= ((cells & not_right) << 1) | ((cells & not_left) >> 1)  # (r, c +- 1)
    return grown | ((cells & not_right) >> (n - 1)) | ((cells & not_left) << (n - 1))  # (r -+ 1, c +- 1)


def _flood(reached: int, stones: int, n: int, not_left: int, not_right: int) -> int:
    """The ``stones`` connected to ``reached`` (a subset of them) through ``stones``."""
    while True:
        grown = _neighbours(reached, n, not_left, not_right) & stones
        if grown == reached:
            return reached
        reached = grown


@lru_cache(maxsize=None)
def _masks(n: int, side: str) -> tuple[int, int, int, int]:
    """Bit sets of ``side``'s first and last edge, and of the cells not in the left / right column."""
    row = sum(1 << c for c in range(n))
    col = sum(1 << (r * n) for r in range(n))
    full = (1 << (n * n)) - 1
    if side == "R":
        first, last = row, row << (n * (n - 1))
    else:
        first, last = col, col << (n - 1)
    return first, last, full & ~col, full & ~(col << (n - 1))


class Hex(BoardGame):
    name = "hex"
    rows = cols = N
    codes = SIDES
    side_names = {"R": "Red", "U": "Blue"}
    cell_kind = "stone"
    title = "Hex (7x7; Red joins the top and bottom edges, Blue the left and right edges)"
    description = "the unique winning cell (union-find)"

    def legal_moves(self, board: Board, side: str) -> list[Move]:
        if connected(board, "R") or connected(board, "U"):
            return []
        moves = []
        for r in range(N):
            for c in range(N):
                if board[r][c] == EMPTY:
                    nb = [row[:] for row in board]
                    nb[r][c] = side
                    moves.append(Move(cell_name(r, c, N), nb, [(r, c)]))
        return moves

    def solve(self, board: Board, side: str, task: str) -> list[Move]:
        if task != "win":
            raise ValueError(f"hex: unknown task {task!r}")
        return [m for m in self.legal_moves(board, side) if connected(m.board, side)]

    def generate(self, rng: random.Random) -> Instance:
        for attempt in range(1, 20001):
            board = [[EMPTY] * N for _ in range(N)]
            stones = rng.randint(14, 30)
            cells = [(r, c) for r in range(N) for c in range(N)]
            rng.shuffle(cells)
            for k, (r, c) in enumerate(cells[:stones]):
                board[r][c] = SIDES[k % 2]
            side = "R" if stones % 2 == 0 else "U"
            red, blue = _stones(board, "R"), _stones(board, "U")
            if _joined(red, N, "R") or _joined(blue, N, "U"):
                continue
            # :meth:`solve` on bit sets, stopping at a second winning cell: the same accepted move
            own, taken = (red if side == "R" else blue), red | blue
            wins = []
            cells_left = _winning_cells(own, taken, N, side)
            while cells_left and len(wins) < 2:
                k = (cells_left & -cells_left).bit_length() - 1
                cells_left ^= 1 << k
                wins.append(divmod(k, N))
            if len(wins) != 1:
                continue
            (r, c), = wins
            won = [row[:] for row in board]
            won[r][c] = side
            accepted = [Move(cell_name(r, c, N), won, [(r, c)])]
            name = self.side_names[side]
            edges = "top and bottom" if side == "R" else "left and right"
            text = f"{name} is to move. Play the only cell that completes a {name.lower()} chain joining the {edges} edges."
            return Instance(board, side, name, "win", text, accepted, self.legal_moves(board, side),
                            {"kind": "every_empty_cell_tried_union_find", "answer": accepted[0].name},
                            {"level": "easy" if stones >= 24 else "medium", "stones": stones, "attempts": attempt})
        raise RuntimeError("hex: no instance in 20000 attempts")


GAME = Hex()
