"""Othello (Reversi) on 8x8: the unique move flipping the most discs, or the board after "play at X".

Rules implemented: Black ``B`` and White ``W``; a move places a disc of the mover's colour on an empty
square such that in at least one of the eight directions a straight, unbroken run of opponent discs is
closed by a disc of the mover's colour; every such run (in every direction) is flipped to the mover's
colour. A square with no run to flip is not a legal move.

Tasks:
- ``most_flips``: exactly one legal move flips the largest number of discs (every legal move tried).
- ``play_at:<square>``: the board after the given legal move (flipping discs in at least two directions or
  at least three discs), with all its flips; the only accepted board.
Positions: random legal play from the standard start (4 to 40 plies).
"""

from __future__ import annotations

import random

from genpuzzle.solvers.board_game.base import EMPTY, Board, BoardGame, Instance, Move, cell_name, other, parse_cells

N = 8
SIDES = ("B", "W")
DIRS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]


def flips(board: Board, r: int, c: int, side: str) -> list[tuple[int, int]]:
    """The discs a ``side`` disc placed on (r, c) would flip (empty list: not a legal move)."""
    if board[r][c] != EMPTY:
        return []
    opp = other(side, SIDES)
    out = []
    for dr, dc in DIRS:
        run = []
        rr, cc = r + dr, c + dc
        while 0 <= rr < N and 0 <= cc < N and board[rr][cc] == opp:
            run.append((rr, cc))
            rr, cc = rr + dr, cc + dc
        if run and 0 <= rr < N and 0 <= cc < N and board[rr][cc] == side:
            out += run
    return out


def start_board() -> Board:
    b = [[EMPTY] * N for _ in range(N)]
    b[3][3] = b[4][4] = "W"
    b[3][4] = b[4][3] = "B"
    return b


class Othello(BoardGame):
    name = "othello"
    rows = cols = N
    codes = SIDES
    side_names = {"B": "Black", "W": "White"}
    cell_kind = "disc"
    title = "Othello (8x8)"
    description = "the unique move flipping the most discs, or the board after a given move"

    def legal_moves(self, board: Board, side: str) -> list[Move]:
        moves = []
        for r in range(N):
            for c in range(N):
                f = flips(board, r, c, side)
                if f:
                    nb = [row[:] for row in board]
                    nb[r][c] = side
                    for fr, fc in f:
                        nb[fr][fc] = side
                    moves.append(Move(cell_name(r, c, N), nb, [(r, c)]))
        return moves

    def solve(self, board: Board, side: str, task: str) -> list[Move]:
        legal = self.legal_moves(board, side)
        if task == "most_flips":
            counts = {m.name: len(flips(board, *m.cells[0], side)) for m in legal}
            best = max(counts.values(), default=0)
            return [m for m in legal if counts[m.name] == best]
        if task.startswith("play_at:"):
            target = task.split(":", 1)[1]
            return [m for m in legal if m.name == target]
        raise ValueError(f"othello: unknown task {task!r}")

    def generate(self, rng: random.Random) -> Instance:
        for attempt in range(1, 2001):
            board, side = start_board(), "B"
            plies = rng.randint(4, 40)
            for _ in range(plies):
                legal = self.legal_moves(board, side)
                if not legal:
                    side = other(side, SIDES)
                    legal = self.legal_moves(board, side)
                    if not legal:
                        break
                board = legal[rng.randrange(len(legal))].board
                side = other(side, SIDES)
            legal = self.legal_moves(board, side)
            if len(legal) < 2:
                continue
            name = self.side_names[side]
            counts = {m.name: len(flips(board, *m.cells[0], side)) for m in legal}
            if rng.random() < 0.5:
                task = "most_flips"
                accepted = self.solve(board, side, task)
                if len(accepted) != 1:
                    continue
                text = (f"{name} is to move. Play the move that flips the most discs (it is unique) and turn over "
                        f"every disc it flips.")
            else:
                def directions(m: Move) -> int:
                    r, c = m.cells[0]
                    f = set(flips(board, r, c, side))
                    return sum(1 for dr, dc in DIRS if (r + dr, c + dc) in f)
                rich = [m for m in legal if counts[m.name] >= 3 or directions(m) >= 2]
                if not rich:
                    continue
                move = rich[rng.randrange(len(rich))]
                task = f"play_at:{move.name}"
                accepted = self.solve(board, side, task)
                text = f"{name} is to move and plays at {move.name}. Show the board after this move, with every flip."
            discs = sum(v != EMPTY for row in board for v in row)
            best = counts[accepted[0].name]
            return Instance(board, side, name, task, text, accepted, legal,
                            {"kind": "every_legal_move_tried", "flips": counts, "answer": accepted[0].name},
                            {"level": "easy" if best <= 2 else "medium" if best <= 4 else "hard", "discs": discs,
                             "flips": best, "attempts": attempt})
        raise RuntimeError("othello: no instance in 2000 attempts")


GAME = Othello()
