"""Hex on a 7x7 rhombus: the unique winning cell.

Rules implemented: Red ``R`` and Blue ``U`` alternately place a stone on an empty cell (Red first: Red is
to move when both have the same number of stones). Each cell touches six neighbours: (r-1, c), (r-1, c+1),
(r, c-1), (r, c+1), (r+1, c-1), (r+1, c) (row 0 at the top, each row drawn half a cell to the right of the
one above). Red wins by a chain of red stones joining the top and bottom rows, Blue by a chain joining the
left and right columns (connection tested with union-find).

Task ``win``: exactly one empty cell completes a winning chain for the side to move (every empty cell
tried). Positions: random stones (balanced counts), nobody connected yet.
"""

from __future__ import annotations

import random

from genpuzzle.solvers.board_game.base import EMPTY, Board, BoardGame, Instance, Move, cell_name

N = 7
SIDES = ("R", "U")
NEIGHBOURS = ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0))


def connected(board: Board, side: str) -> bool:
    """Whether ``side`` joins its two edges (Red: top-bottom, Blue: left-right), by union-find."""
    n = len(board)
    parent = list(range(n * n + 2))
    start, end = n * n, n * n + 1

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(a: int, b: int) -> None:
        parent[find(a)] = find(b)

    for r in range(n):
        for c in range(n):
            if board[r][c] != side:
                continue
            i = r * n + c
            edge = r if side == "R" else c
            if edge == 0:
                union(i, start)
            if edge == n - 1:
                union(i, end)
            for dr, dc in NEIGHBOURS:
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n and board[rr][cc] == side:
                    union(i, rr * n + cc)
    return find(start) == find(end)


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
            if connected(board, "R") or connected(board, "U"):
                continue
            accepted = self.solve(board, side, "win")
            if len(accepted) != 1:
                continue
            name = self.side_names[side]
            edges = "top and bottom" if side == "R" else "left and right"
            text = f"{name} is to move. Play the only cell that completes a {name.lower()} chain joining the {edges} edges."
            return Instance(board, side, name, "win", text, accepted, self.legal_moves(board, side),
                            {"kind": "every_empty_cell_tried_union_find", "answer": accepted[0].name},
                            {"level": "easy" if stones >= 24 else "medium", "stones": stones, "attempts": attempt})
        raise RuntimeError("hex: no instance in 20000 attempts")


GAME = Hex()
