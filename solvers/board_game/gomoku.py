"""Gomoku (freestyle) on a 15x15 board: the winning five, or the only block of a four.

Rules implemented: Black ``B`` and White ``W`` alternate placing one stone on an empty intersection; a
player with five or more stones in an unbroken row (horizontal, vertical or diagonal) wins. Every empty
point is a legal move while nobody has won.

Tasks:
- ``win``: the side to move has exactly one move that makes five.
- ``block``: the side to move cannot win at once, the opponent threatens to make five at exactly one point
  (a four), and playing there is therefore the only move after which the opponent cannot win next move;
  proved by trying every legal move and every opponent reply.
Positions: random scattered stones (no five, no other threat of the kind asked) plus a planted four.
"""

from __future__ import annotations

import random

from genpuzzle.solvers.board_game.base import EMPTY, Board, BoardGame, Instance, Move, cell_name, other

N = 15
SIDES = ("B", "W")
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def makes_five(board: Board, r: int, c: int, side: str) -> bool:
    """Whether a ``side`` stone at (r, c) is part of five or more in a row."""
    n = len(board)
    for dr, dc in DIRECTIONS:
        run = 1
        for s in (1, -1):
            rr, cc = r + s * dr, c + s * dc
            while 0 <= rr < n and 0 <= cc < n and board[rr][cc] == side:
                run += 1
                rr, cc = rr + s * dr, cc + s * dc
        if run >= 5:
            return True
    return False


def has_five(board: Board, side: str) -> bool:
    n = len(board)
    return any(board[r][c] == side and makes_five(board, r, c, side) for r in range(n) for c in range(n))


def winning_points(board: Board, side: str) -> list[tuple[int, int]]:
    """Empty points where ``side`` would make five."""
    n = len(board)
    return [(r, c) for r in range(n) for c in range(n) if board[r][c] == EMPTY and makes_five(board, r, c, side)]


class Gomoku(BoardGame):
    name = "gomoku"
    rows = cols = N
    codes = SIDES
    side_names = {"B": "Black", "W": "White"}
    cell_kind = "stone"
    title = "gomoku (15x15, five or more in a row wins)"
    description = "the winning five, or the only block of a four"

    def legal_moves(self, board: Board, side: str) -> list[Move]:
        if has_five(board, "B") or has_five(board, "W"):
            return []
        return self._placements(board, side)

    @staticmethod
    def _placements(board: Board, side: str) -> list[Move]:
        """A ``side`` stone on every empty point: the legal moves of a board without a five."""
        moves = []
        for r in range(len(board)):
            for c in range(len(board)):
                if board[r][c] == EMPTY:
                    nb = [row[:] for row in board]
                    nb[r][c] = side
                    moves.append(Move(cell_name(r, c, len(board)), nb, [(r, c)]))
        return moves

    def solve(self, board: Board, side: str, task: str, legal: list[Move] | None = None) -> list[Move]:
        """``legal``: the legal moves, when the caller has them."""
        if legal is None:
            legal = self.legal_moves(board, side)
        opp = other(side, SIDES)
        if task == "win":
            return [m for m in legal if makes_five(m.board, *m.cells[0], side)]
        if task == "block":
            if any(makes_five(m.board, *m.cells[0], side) for m in legal):
                return []
            # The opponent's winning replies after a move are its winning points now, less the point the
            # move takes: a stone of the mover elsewhere neither completes nor breaks the opponent's runs
            # (makes_five at a point reads only the opponent's own stones in line with it).
            threats = set(winning_points(board, opp))
            return [m for m in legal if not threats - {m.cells[0]}]
        raise ValueError(f"gomoku: unknown task {task!r}")

    def generate(self, rng: random.Random) -> Instance:
        for attempt in range(1, 3001):
            board = [[EMPTY] * N for _ in range(N)]
            task = "win" if rng.random() < 0.5 else "block"
            side = SIDES[rng.randrange(2)]
            owner = side if task == "win" else other(side, SIDES)
            dr, dc = DIRECTIONS[rng.randrange(4)]
            r0 = rng.randrange(N - 4 * dr) if dr else rng.randrange(N)
            c0 = rng.randrange(4 * dc if dc < 0 else 0, N - (4 * dc if dc > 0 else 0))
            line = [(r0 + k * dr, c0 + k * dc) for k in range(5)]
            gap = rng.randrange(5)
            for k, (r, c) in enumerate(line):
                if k != gap:
                    board[r][c] = owner
            for _ in range(rng.randint(10, 30)):
                r, c = rng.randrange(N), rng.randrange(N)
                if board[r][c] == EMPTY and (r, c) != line[gap]:
                    board[r][c] = SIDES[rng.randrange(2)]
            counts = {s: sum(v == s for row in board for v in row) for s in SIDES}
            if abs(counts["B"] - counts["W"]) > 3 or has_five(board, "B") or has_five(board, "W"):
                continue
            # cheap screen before the exhaustive proof: one own five (win) / no own five and one threat (block)
            own, threats = winning_points(board, side), winning_points(board, other(side, SIDES))
            if (task == "win" and len(own) != 1) or (task == "block" and (own or len(threats) != 1)):
                continue
            legal = self._placements(board, side)  # no five on the board (tested above)
            accepted = self.solve(board, side, task, legal)
            if len(accepted) != 1:
                continue
            name, opp_name = self.side_names[side], self.side_names[other(side, SIDES)]
            text = (f"{name} is to move. Play the move that makes five in a row for {name} (it is unique)."
                    if task == "win" else
                    f"{name} is to move and cannot win at once; {opp_name} threatens to make five. Play the only "
                    f"move that stops {opp_name} from making five next move.")
            threats = winning_points(board, other(side, SIDES))
            stones = counts["B"] + counts["W"]
            return Instance(board, side, name, task, text, accepted, legal,
                            {"kind": "every_legal_move_and_reply_tried", "answer": accepted[0].name,
                             "own_winning_points": [cell_name(r, c, N) for r, c in winning_points(board, side)],
                             "opponent_winning_points": [cell_name(r, c, N) for r, c in threats]},
                            {"level": "easy" if task == "win" else "medium", "stones": stones, "attempts": attempt})
        raise RuntimeError("gomoku: no instance in 3000 attempts")


GAME = Gomoku()
