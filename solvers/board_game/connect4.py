"""Connect Four (7 columns x 6 rows): the winning column, or the only column that does not lose at once.

Rules implemented: Red ``R`` moves first, then Yellow ``Y``, alternating (Red is to move when both have
the same number of discs). A move drops a disc into a column that is not full; it falls to the lowest
empty cell. Four or more discs of one colour in a row (horizontal, vertical or diagonal) win and end the
game.

Tasks:
- ``win``: exactly one column wins at once.
- ``only_move``: the side to move cannot win at once and exactly one column leaves the opponent without
  an immediate win (two-ply search over every column and every reply).
Positions: random legal play (6 to 30 discs) with nobody having won, kept when the answer is unique.
"""

from __future__ import annotations

import random

from genpuzzle.solvers.board_game.base import EMPTY, FILES, Board, BoardGame, Instance, Move, other

ROWS, COLS = 6, 7
SIDES = ("R", "Y")


def landing_row(board: Board, c: int) -> int | None:
    for r in range(ROWS - 1, -1, -1):
        if board[r][c] == EMPTY:
            return r
    return None


def four_at(board: Board, r: int, c: int) -> bool:
    side = board[r][c]
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        run = 1
        for s in (1, -1):
            rr, cc = r + s * dr, c + s * dc
            while 0 <= rr < ROWS and 0 <= cc < COLS and board[rr][cc] == side:
                run += 1
                rr, cc = rr + s * dr, cc + s * dc
        if run >= 4:
            return True
    return False


def someone_won(board: Board) -> bool:
    return any(board[r][c] != EMPTY and four_at(board, r, c) for r in range(ROWS) for c in range(COLS))


def side_to_move(board: Board) -> str:
    red = sum(v == "R" for row in board for v in row)
    yellow = sum(v == "Y" for row in board for v in row)
    return "R" if red == yellow else "Y"


class ConnectFour(BoardGame):
    name = "connect4"
    rows, cols = ROWS, COLS
    codes = SIDES
    side_names = {"R": "Red", "Y": "Yellow"}
    cell_kind = "disc"
    title = "Connect Four (7 columns x 6 rows, four in a row wins)"
    description = "the winning column, or the only non-losing column"

    def legal_moves(self, board: Board, side: str) -> list[Move]:
        if someone_won(board):
            return []
        moves = []
        for c in range(COLS):
            r = landing_row(board, c)
            if r is not None:
                nb = [row[:] for row in board]
                nb[r][c] = side
                moves.append(Move(FILES[c], nb, [(r, c)]))
        return moves

    def wins(self, m: Move) -> bool:
        return four_at(m.board, *m.cells[0])

    def solve(self, board: Board, side: str, task: str) -> list[Move]:
        legal = self.legal_moves(board, side)
        if task == "win":
            return [m for m in legal if self.wins(m)]
        if task == "only_move":
            if any(self.wins(m) for m in legal):
                return []
            opp = other(side, SIDES)
            return [m for m in legal if not any(self.wins(x) for x in self.legal_moves(m.board, opp))]
        raise ValueError(f"connect4: unknown task {task!r}")

    def generate(self, rng: random.Random) -> Instance:
        for attempt in range(1, 5001):
            board = [[EMPTY] * COLS for _ in range(ROWS)]
            side = "R"
            discs = rng.randint(6, 30)
            for _ in range(discs):
                legal = self.legal_moves(board, side)
                if not legal:
                    break
                board = legal[rng.randrange(len(legal))].board
                side = other(side, SIDES)
            if someone_won(board):
                continue
            legal = self.legal_moves(board, side)
            if len(legal) < 3:
                continue
            name, opp = self.side_names[side], self.side_names[other(side, SIDES)]
            winning = [m for m in legal if self.wins(m)]
            task = "win" if winning else "only_move"
            accepted = self.solve(board, side, task)
            if len(accepted) != 1:
                continue
            text = (f"{name} is to move. Drop a {name.lower()} disc into the column that wins at once (it is unique)."
                    if task == "win" else
                    f"{name} is to move and cannot win at once. Drop a {name.lower()} disc into the only column "
                    f"after which {opp} cannot win with the next disc.")
            count = sum(v != EMPTY for row in board for v in row)
            return Instance(board, side, name, task, text, accepted, legal,
                            {"kind": "two_ply_search", "answer": accepted[0].name,
                             "winning_columns": [m.name for m in winning]},
                            {"level": "easy" if task == "win" else "medium", "discs": count, "attempts": attempt})
        raise RuntimeError("connect4: no instance in 5000 attempts")


GAME = ConnectFour()
