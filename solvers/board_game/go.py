"""Go on a 9x9 board: the unique move capturing the most stones, or the only move saving a group in atari.

Rules implemented: Black ``B`` and White ``W`` alternate placing one stone on an empty point; after a
stone is placed, every opponent group (orthogonally connected stones) left without a liberty (an
orthogonally adjacent empty point) is removed; a move leaving the mover's own group without a liberty
after those removals (suicide) is illegal. Simple ko forbids retaking a single stone immediately; the
generated positions come without a previous move, so no point is ko-forbidden (stated in the certificate).

Tasks:
- ``capture_most``: exactly one legal move captures the largest number of stones (at least one).
- ``save_group``: a group of the side to move is in atari (one liberty) and exactly one legal move gives it
  at least two liberties (extending, or capturing an adjacent group); every legal move was tried.
Positions: random stones on the empty board (groups without liberties removed), kept when the task's
answer is unique.
"""

from __future__ import annotations

import random
from functools import lru_cache

from genpuzzle.solvers.board_game.base import EMPTY, Board, BoardGame, Instance, Move, cell_name, other

N = 9
SIDES = ("B", "W")


def neighbours(r: int, c: int, n: int = N):
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < n and 0 <= cc < n:
            yield rr, cc


@lru_cache(maxsize=None)
def _neighbour_table(n: int) -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
    """:func:`neighbours` of every point of an n x n board, in the same order."""
    return tuple(tuple(tuple(neighbours(r, c, n)) for c in range(n)) for r in range(n))


def group_and_liberties(board: Board, r: int, c: int) -> tuple[set, set]:
    colour = board[r][c]
    table = _neighbour_table(len(board))
    stack, group, libs = [(r, c)], {(r, c)}, set()
    while stack:
        pr, pc = stack.pop()
        for q in table[pr][pc]:
            v = board[q[0]][q[1]]
            if v == EMPTY:
                libs.add(q)
            elif v == colour and q not in group:
                group.add(q)
                stack.append(q)
    return group, libs


def play(board: Board, r: int, c: int, side: str) -> tuple[Board, int] | None:
    """The board after ``side`` plays at (r, c) and the number of stones captured; None if illegal."""
    if board[r][c] != EMPTY:
        return None
    nb = [row[:] for row in board]
    nb[r][c] = side
    opp = other(side, SIDES)
    captured = 0
    around = _neighbour_table(len(board))[r][c]
    for q in around:
        if nb[q[0]][q[1]] == opp:
            group, libs = group_and_liberties(nb, *q)
            if not libs:
                for gr, gc in group:
                    nb[gr][gc] = EMPTY
                captured += len(group)
    if all(nb[q[0]][q[1]] != EMPTY for q in around) and not group_and_liberties(nb, r, c)[1]:
        return None  # suicide (an empty point next to the stone is a liberty: no search needed)
    return nb, captured


def clean(board: Board) -> Board:
    """Remove every group without a liberty (a random placement may contain some)."""
    nb = [row[:] for row in board]
    n = len(nb)
    for r in range(n):
        for c in range(n):
            if nb[r][c] != EMPTY:
                group, libs = group_and_liberties(nb, r, c)
                if not libs:
                    for gr, gc in group:
                        nb[gr][gc] = EMPTY
    return nb


class Go(BoardGame):
    name = "go"
    rows = cols = N
    codes = SIDES
    side_names = {"B": "Black", "W": "White"}
    cell_kind = "stone"
    title = "Go (9x9)"
    description = "the unique move capturing the most stones, or the only move saving a group in atari"

    def legal_moves(self, board: Board, side: str) -> list[Move]:
        moves = []
        for r in range(len(board)):
            for c in range(len(board)):
                res = play(board, r, c, side)
                if res is not None:
                    moves.append(Move(cell_name(r, c, len(board)), res[0], [(r, c)]))
        return moves

    def captures(self, board: Board, side: str) -> dict[str, int]:
        out = {}
        for r in range(len(board)):
            for c in range(len(board)):
                res = play(board, r, c, side)
                if res is not None:
                    out[cell_name(r, c, len(board))] = res[1]
        return out

    def atari_groups(self, board: Board, side: str) -> list[set]:
        seen, out = set(), []
        for r in range(len(board)):
            for c in range(len(board)):
                if board[r][c] == side and (r, c) not in seen:
                    group, libs = group_and_liberties(board, r, c)
                    seen |= group
                    if len(libs) == 1:
                        out.append(group)
        return out

    def solve(self, board: Board, side: str, task: str) -> list[Move]:
        legal = self.legal_moves(board, side)
        if task == "capture_most":
            caps = self.captures(board, side)
            best = max(caps.values(), default=0)
            return [m for m in legal if best > 0 and caps[m.name] == best]
        if task.startswith("save_group:"):
            anchor = task.split(":", 1)[1]
            (ar, ac), = [(len(board) - int(anchor[1:]), "abcdefghi".index(anchor[0]))]
            return [m for m in legal if m.board[ar][ac] == side and len(group_and_liberties(m.board, ar, ac)[1]) >= 2]
        raise ValueError(f"go: unknown task {task!r}")

    def generate(self, rng: random.Random) -> Instance:
        for attempt in range(1, 5001):
            board = [[EMPTY] * N for _ in range(N)]
            stones = rng.randint(18, 40)
            for _ in range(stones):
                r, c = rng.randrange(N), rng.randrange(N)
                board[r][c] = SIDES[rng.randrange(2)]
            board = clean(board)
            side = SIDES[rng.randrange(2)]
            legal = self.legal_moves(board, side)
            caps = self.captures(board, side)
            ataris = self.atari_groups(board, side)
            if ataris and rng.random() < 0.4:
                group = sorted(ataris[rng.randrange(len(ataris))])[0]
                task = f"save_group:{cell_name(*group, N)}"
                accepted = self.solve(board, side, task)
                if len(accepted) != 1:
                    continue
                name = self.side_names[side]
                text = (f"{name} is to move. {name}'s group containing the stone at {task.split(':')[1]} is in "
                        f"atari (one liberty left). Play the only move that gives this group at least two "
                        f"liberties.")
                cert = {"kind": "every_legal_move_tried", "saving_moves": [m.name for m in accepted],
                        "ko": "no previous move: no point is ko-forbidden"}
                level = "medium"
            else:
                task = "capture_most"
                best = max(caps.values(), default=0)
                if best == 0 or sum(v == best for v in caps.values()) != 1:
                    continue
                accepted = self.solve(board, side, task)
                name = self.side_names[side]
                text = (f"{name} is to move. Play the move that captures the most {('White' if side == 'B' else 'Black')} "
                        f"stones (it is unique) and remove the captured stones.")
                cert = {"kind": "every_legal_move_tried", "captures": {k: v for k, v in caps.items() if v},
                        "ko": "no previous move: no point is ko-forbidden"}
                level = "easy" if best == 1 else "medium" if best <= 3 else "hard"
            count = sum(v != EMPTY for row in board for v in row)
            return Instance(board, side, self.side_names[side], task, text, accepted, legal, cert,
                            {"level": level, "stones": count, "captured": caps[accepted[0].name],
                             "attempts": attempt})
        raise RuntimeError("go: no instance in 5000 attempts")


GAME = Go()
