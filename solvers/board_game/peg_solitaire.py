"""Peg solitaire on a small rectangular board (rows x cols holes). A jump takes a peg over an
orthogonally adjacent peg into the empty hole right behind it; the jumped peg is removed. The game is won
when one peg is left (anywhere).

Task: make the only jump after which a one-peg finish is still possible (draw the board after it).
Instances: reverse play from a single peg (a reverse jump turns peg, empty, empty in a line into empty,
peg, peg) up to 4..9 pegs; kept when exhaustive depth-first search (memoised on the peg set) finds
exactly one first jump that keeps a one-peg finish possible. Difficulty: board size, pegs, legal jumps,
search nodes (distinct positions visited).
"""

from __future__ import annotations

import random
from typing import Sequence

from genpuzzle.solvers.board_game.puzzle_common import (RULE_BROKEN, WRONG_STATE, Cell, Finding, cell_name,
                                                        cells_of, compare_marks, grid_of)

LEVELS = {"easy": ((4, 4), 4, 5), "medium": ((4, 5), 6, 7), "hard": ((5, 5), 8, 9)}  # board, pegs low/high
DIRS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def jumps(rows: int, cols: int, pegs: frozenset[Cell]) -> list[tuple[Cell, Cell, Cell]]:
    """Every legal jump ``(from, over, to)``."""
    out = []
    for r, c in sorted(pegs):
        for dr, dc in DIRS:
            over, to = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
            if over in pegs and 0 <= to[0] < rows and 0 <= to[1] < cols and to not in pegs:
                out.append(((r, c), over, to))
    return out


def apply(pegs: frozenset[Cell], jump: tuple[Cell, Cell, Cell]) -> frozenset[Cell]:
    a, b, c = jump
    return (pegs - {a, b}) | {c}


class Solver:
    """Memoised exhaustive search: can ``pegs`` be reduced to one peg? Positions are bit sets (bit
    r * cols + c); the jumps are tried in :func:`jumps`' order, so the search visits the same positions."""

    def __init__(self, rows: int, cols: int):
        self.rows, self.cols = rows, cols
        self.memo: dict[int, bool] = {}
        self.moves = _jump_masks(rows, cols)

    def solvable(self, pegs: frozenset[Cell]) -> bool:
        return self._solvable(sum(1 << (r * self.cols + c) for r, c in pegs))

    def _solvable(self, mask: int) -> bool:
        if not mask & (mask - 1):
            return True
        found = self.memo.get(mask)
        if found is not None:
            return found
        result = False
        rest = mask
        while rest and not result:
            low = rest & -rest
            rest ^= low
            for over, to, flip in self.moves[low.bit_length() - 1]:
                if mask & over and not mask & to and self._solvable(mask ^ flip):
                    result = True
                    break
        self.memo[mask] = result
        return result


MEMO_MAX = 400_000  # positions kept per board size across instances (~40 MB); then the memo starts afresh
_SOLVERS: dict[tuple[int, int], Solver] = {}


def _shared_solver(rows: int, cols: int) -> Solver:
    """One solver per board size for the whole process: its answers depend on the pegs only, so later
    instances reuse earlier searches (the difficulty's node count uses a fresh one, see :func:`_nodes`)."""
    solver = _SOLVERS.get((rows, cols))
    if solver is None or len(solver.memo) > MEMO_MAX:
        solver = _SOLVERS[rows, cols] = Solver(rows, cols)
    return solver


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        bit = mask & -mask
        mask ^= bit
        out.append(bit)
    return out


def _cell_of(bit: int, cols: int) -> Cell:
    return divmod(bit.bit_length() - 1, cols)


def _reverse_jump_masks(rows: int, cols: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per cell (index r * cols + c), the reverse jumps of a peg there as bits (b | a, c | b | a) in DIRS
    order: the peg at c goes back over b (left behind) to a, both of which must be empty."""
    out = []
    for r in range(rows):
        for c in range(cols):
            cell = []
            for dr, dc in DIRS:
                b, a = (r - dr, c - dc), (r - 2 * dr, c - 2 * dc)
                if 0 <= a[0] < rows and 0 <= a[1] < cols:
                    bb, ab = 1 << (b[0] * cols + b[1]), 1 << (a[0] * cols + a[1])
                    cell.append((bb | ab, (1 << (r * cols + c)) | bb | ab))
            out.append(tuple(cell))
    return tuple(out)


def _jump_masks(rows: int, cols: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Per cell (index r * cols + c), its jumps as bits (over, to, from | over | to) in DIRS order: with
    the cells taken in increasing order, :func:`jumps`' order."""
    out = []
    for r in range(rows):
        for c in range(cols):
            frm, cell = 1 << (r * cols + c), []
            for dr, dc in DIRS:
                over, to = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
                if 0 <= to[0] < rows and 0 <= to[1] < cols:
                    o, t = 1 << (over[0] * cols + over[1]), 1 << (to[0] * cols + to[1])
                    cell.append((o, t, frm | o | t))
            out.append(tuple(cell))
    return tuple(out)


def good_jumps(rows: int, cols: int, pegs: frozenset[Cell], solver: Solver | None = None
               ) -> list[tuple[Cell, Cell, Cell]]:
    solver = solver or Solver(rows, cols)
    return [j for j in jumps(rows, cols, pegs) if solver.solvable(apply(pegs, j))]


def generate(rng: random.Random, level: str) -> dict:
    """``{"rows", "cols", "start": 0/1 grid, "accepted": [grid], "jump": [[r, c]x3], "difficulty"}``."""
    (rows, cols), low, high = LEVELS[level]
    target = rng.randint(low, high)
    solver = _shared_solver(rows, cols)  # one memo for every attempt: solvability depends on the pegs only
    # Positions as bit sets (bit r * cols + c), cells in increasing order: the options, the legal jumps and
    # the random draws of the set-based reverse play, in the same order
    unjumps, moves = _reverse_jump_masks(rows, cols), solver.moves
    while True:
        r0 = rng.randrange(rows)
        mask, count, stuck = 1 << (r0 * cols + rng.randrange(cols)), 1, False
        while count < target:
            options = []
            rest = mask
            while rest:
                bit = rest & -rest
                rest ^= bit
                options += [flip for free, flip in unjumps[bit.bit_length() - 1] if not mask & free]
            if not options:
                stuck = True
                break
            mask ^= rng.choice(options)
            count += 1
        if stuck:
            continue
        legal = []
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            legal += [(bit, over, to) for over, to, _ in moves[bit.bit_length() - 1] if mask & over and not mask & to]
        if len(legal) < 2:
            continue
        good = [j for j in legal if solver._solvable(mask ^ j[0] ^ j[1] ^ j[2])]
        if len(good) == 1:
            break
    pegs = frozenset(_cell_of(bit, cols) for bit in _bits(mask))
    good = [tuple(_cell_of(x, cols) for x in j) for j in good]
    legal = [tuple(_cell_of(x, cols) for x in j) for j in legal]
    after = apply(pegs, good[0])
    return {"rows": rows, "cols": cols, "start": grid_of(pegs, rows, cols), "accepted": [grid_of(after, rows, cols)],
            "jump": [list(x) for x in good[0]],
            "legal": [grid_of(apply(pegs, j), rows, cols) for j in legal],
            "difficulty": {"level": level, "size": f"{rows}x{cols}", "pegs": len(pegs), "legal_jumps": len(legal),
                           "search_nodes": _nodes(rows, cols, pegs), "solution_length": len(pegs) - 1}}


def _nodes(rows: int, cols: int, pegs: frozenset[Cell]) -> int:
    """Positions a fresh exhaustive search of this start visits (the difficulty measure)."""
    solver = Solver(rows, cols)
    solver.solvable(pegs)
    for j in jumps(rows, cols, pegs):
        solver.solvable(apply(pegs, j))
    return len(solver.memo)


def check(state: Sequence[Sequence[int]], instance: dict) -> list[Finding]:
    """Findings on the pegs an answer shows: a legal jump after which no one-peg finish is possible
    (``wrong_state``), a board no single jump reaches (``rule_broken``), then the cell differences."""
    grid = [list(r) for r in state]
    expected = instance["accepted"][0]
    if grid == expected:
        return []
    out: list[Finding] = []
    if grid in instance["legal"]:
        out.append(Finding(WRONG_STATE, "a legal jump, but no one-peg finish is possible after it", ()))
    elif grid != instance["start"]:
        out.append(Finding(RULE_BROKEN, "no single jump turns the input into this board", ()))
    return out + compare_marks(cells_of(grid), cells_of(expected), set(), instance["rows"], "peg")


def validate(instance: dict) -> list[str]:
    rows, cols = instance["rows"], instance["cols"]
    pegs = frozenset(cells_of(instance["start"]))
    good = good_jumps(rows, cols, pegs)
    if len(good) != 1 or [grid_of(apply(pegs, good[0]), rows, cols)] != instance["accepted"]:
        return [f"DFS finds {len(good)} jumps keeping a one-peg finish, expected exactly the stored one"]
    return []


# ------------------------------------------------------------------------------------------ track glue

from genpuzzle.solvers.board_game.base import Move  # noqa: E402
from genpuzzle.solvers.board_game.puzzle_game import PuzzleGame, changed_cells  # noqa: E402


def board_of(grid) -> list[list[str]]:
    """Codes: ``"P"`` a peg, ``"."`` an empty hole."""
    return [["P" if v else "." for v in row] for row in grid]


class PegSolitaire(PuzzleGame):
    name = "peg_solitaire"
    rows = cols = 5
    codes = ("P",)
    title = "peg solitaire"
    description = "the only jump keeping a one-peg finish possible: exhaustive DFS"
    certificate_kind = "exhaustive_dfs"
    answer_text = "Draw the board after that jump"

    def make(self, rng, level):
        return generate(rng, level)

    def boards(self, data):
        rows = data["rows"]
        position = board_of(data["start"])

        def move_of(grid):
            board = board_of(grid)
            cells = changed_cells(position, board)
            src = [x for x in cells if position[x[0]][x[1]] == "P" and board[x[0]][x[1]] == "."]
            dst = [x for x in cells if board[x[0]][x[1]] == "P"]
            far = max(src, key=lambda x: abs(x[0] - dst[0][0]) + abs(x[1] - dst[0][1]))
            return Move(f"{cell_name(far, rows)}-{cell_name(dst[0], rows)}", board, [far, dst[0]])

        return position, [move_of(data["accepted"][0])], [move_of(g) for g in data["legal"]]

    def task_text(self, data):
        return ("A jump moves a peg (a dark disc) over an orthogonally adjacent peg into the empty hole right behind "
                "it, and the jumped peg is removed. The game is won when a single peg is left. Make the only jump "
                "after which the game can still be won.")

    def prove(self, data):
        return validate(data)


GAME = PegSolitaire()
