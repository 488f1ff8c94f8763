"""Tic-tac-toe: the unique optimal move, proved by full minimax.

Rules: 3x3 board, X moves first and the players alternate, so X is to move when the counts are equal
and O when X has one more; a player who gets three marks in a row, column or diagonal wins and the game
ends; a full board without a line is a draw. A move places the mover's mark on an empty cell.

Instances: random legal play from the empty board (3 to 6 marks), kept when the game is not over and
exactly one move reaches the position's minimax value (win > draw > loss, faster wins and slower losses
preferred). Certificate: the value of every legal move and the nodes searched.
"""

from __future__ import annotations

import random
from functools import lru_cache

from genpuzzle.solvers.board_game.base import EMPTY, Board, BoardGame, Instance, Move, board_text, cell_name

LINES = [[(r, c) for c in range(3)] for r in range(3)] + [[(r, c) for r in range(3)] for c in range(3)] + \
        [[(i, i) for i in range(3)], [(i, 2 - i) for i in range(3)]]


def winner(board: Board) -> str | None:
    for line in LINES:
        v = {board[r][c] for r, c in line}
        if len(v) == 1 and EMPTY not in v:
            return v.pop()
    return None


def side_to_move(board: Board) -> str:
    x = sum(v == "X" for row in board for v in row)
    o = sum(v == "O" for row in board for v in row)
    return "X" if x == o else "O"


@lru_cache(maxsize=None)
def _value(text: str, side: str) -> tuple[int, int]:
    """(minimax value for ``side`` to move: +1 win, 0 draw, -1 loss; plies to the end), and counts nodes."""
    board = [list(row) for row in text.split("/")]
    empties = [(r, c) for r in range(3) for c in range(3) if board[r][c] == EMPTY]
    if not empties:
        return 0, 0
    best = None
    for r, c in empties:
        board[r][c] = side
        if winner(board) == side:
            v = (1, 1)
        else:
            ov, plies = _value(board_text(board), "O" if side == "X" else "X")
            v = (-ov, plies + 1)
        board[r][c] = EMPTY
        if best is None or _better(v, best):
            best = v
    return best


def _better(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Win sooner, lose later: compare (value, plies)."""
    ka = (a[0], -a[1] if a[0] > 0 else a[1])
    kb = (b[0], -b[1] if b[0] > 0 else b[1])
    return ka > kb


def move_values(board: Board, side: str) -> dict[str, tuple[int, int]]:
    """Minimax (value, plies) of every legal move, named by cell."""
    out = {}
    for m in TicTacToe().legal_moves(board, side):
        if winner(m.board) == side:
            out[m.name] = (1, 1)
        else:
            v, plies = _value(board_text(m.board), "O" if side == "X" else "X")
            out[m.name] = (-v, plies + 1)
    return out


class TicTacToe(BoardGame):
    name = "tictactoe"
    rows = cols = 3
    codes = ("X", "O")
    side_names = {"X": "X", "O": "O"}
    cell_kind = "mark"
    title = "tic-tac-toe"
    description = "the unique optimal move (full minimax)"

    def legal_moves(self, board: Board, side: str) -> list[Move]:
        if winner(board):
            return []
        moves = []
        for r in range(3):
            for c in range(3):
                if board[r][c] == EMPTY:
                    nb = [list(row) for row in board]
                    nb[r][c] = side
                    moves.append(Move(cell_name(r, c, 3), nb, [(r, c)]))
        return moves

    def solve(self, board: Board, side: str, task: str) -> list[Move]:
        values = move_values(board, side)
        if not values:
            return []
        best = list(values.values())[0]
        for v in values.values():
            if _better(v, best):
                best = v
        return [m for m in self.legal_moves(board, side) if values[m.name] == best]

    def generate(self, rng: random.Random) -> Instance:
        for attempt in range(1, 2001):
            board: Board = [[EMPTY] * 3 for _ in range(3)]
            marks = rng.randint(3, 6)
            side = "X"
            ok = True
            for _ in range(marks):
                empties = [(r, c) for r in range(3) for c in range(3) if board[r][c] == EMPTY]
                r, c = empties[rng.randrange(len(empties))]
                board[r][c] = side
                side = "O" if side == "X" else "X"
                if winner(board):
                    ok = False
                    break
            if not ok:
                continue
            accepted = self.solve(board, side, "best_move")
            if len(accepted) != 1:
                continue
            values = move_values(board, side)
            v = values[accepted[0].name]
            outcome = {1: "wins", 0: "draws", -1: "loses"}[v[0]]
            return Instance(
                position=board, side=side, side_name=side, task="best_move",
                task_text=f"{side} is to move. Play the optimal move for {side} (the only move that achieves "
                          f"the best result against perfect play).",
                accepted=accepted, legal=self.legal_moves(board, side),
                certificate={"kind": "full_minimax", "move_values": {k: list(x) for k, x in values.items()},
                             "best": accepted[0].name, "result_with_best_play": outcome},
                difficulty={"level": "easy" if v == (1, 1) else "medium" if v[0] > 0 else "hard",
                            "marks": 9 - len(values), "legal_moves": len(values),
                            "result": outcome, "plies_to_end": v[1], "attempts": attempt},
            )
        raise RuntimeError("tictactoe: no instance with a unique optimal move in 2000 attempts")


GAME = TicTacToe()
