"""Minesweeper deduction: a rows x cols board where some cells are revealed (a number = how many of its
up to eight neighbours hold a mine; a revealed cell never holds a mine) and the others are covered. Task:
flag every covered cell that holds a mine; the revealed numbers force exactly one mine layout.

Instances: random mines; start with every safe cell revealed, then cover safe cells one at a time in
random order while the mines stay forced (own backtracking counter over the covered cells, limit 2).
The total mine count is not given. Certificate: the counter finds exactly 1 mine layout of the covered
cells consistent with every revealed number (limit 2); ``validate`` re-counts with CP-SAT. Difficulty: size, mines,
revealed numbers, covered safe cells, the counter's search nodes.
"""

from __future__ import annotations

import random
from genpuzzle.solvers.board_game.puzzle_common import (INPUT_CHANGED, RULE_BROKEN, Cell, Finding, cell_name,
                                                        compare_marks)

SIZES = {"easy": (5, 5), "medium": (6, 6), "hard": (7, 7)}
DENSITY = {"easy": 0.18, "medium": 0.2, "hard": 0.2}


def neighbours(rows: int, cols: int, cell: Cell) -> list[Cell]:
    r, c = cell
    return [(r + a, c + b) for a in (-1, 0, 1) for b in (-1, 0, 1)
            if (a or b) and 0 <= r + a < rows and 0 <= c + b < cols]


def numbers_of(rows: int, cols: int, mines: set[Cell]) -> list[list[int]]:
    return [[sum(nb in mines for nb in neighbours(rows, cols, (r, c))) for c in range(cols)] for r in range(rows)]


def count_layouts(rows: int, cols: int, revealed: dict[Cell, int], limit: int) -> tuple[int, int]:
    """Mine layouts of the covered cells consistent with the revealed numbers (up to ``limit``) and the
    search nodes used: cells decided in order, each number's remaining capacity checked as it goes."""
    covered = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in revealed]
    index = {cell: i for i, cell in enumerate(covered)}
    constraints = []
    for cell, k in revealed.items():
        vars_ = [index[nb] for nb in neighbours(rows, cols, cell) if nb in index]
        constraints.append((vars_, k))
    by_var: list[list[int]] = [[] for _ in covered]
    for j, (vars_, _) in enumerate(constraints):
        for v in vars_:
            by_var[v].append(j)
    mines_in = [0] * len(constraints)
    open_in = [len(v) for v, _ in constraints]
    if any(k > len(v) for v, k in constraints) or any(not v and k for v, k in constraints):
        return 0, 0
    count = nodes = 0
    wanted = [k for _, k in constraints]
    last = len(covered)

    def rec(i: int) -> bool:
        nonlocal count, nodes
        nodes += 1
        if i == last:
            count += 1
            return count >= limit
        js = by_var[i]
        for value in (0, 1):
            ok = True
            for j in js:
                open_in[j] -= 1
                mines_in[j] += value
                # each number touching the cell: no more mines than it says, and room for the rest
                if ok and not mines_in[j] <= wanted[j] <= mines_in[j] + open_in[j]:
                    ok = False
            if ok and rec(i + 1):
                return True
            for j in js:
                open_in[j] += 1
                mines_in[j] -= value
        return False

    rec(0)
    return count, nodes


def count_layouts_cpsat(rows: int, cols: int, revealed: dict[Cell, int], limit: int = 2) -> int:
    """Independent count (CP-SAT, stops at ``limit``)."""
    from ortools.sat.python import cp_model

    from genpuzzle.solvers.cpsat import count_model_solutions

    model = cp_model.CpModel()
    x = {(r, c): model.NewBoolVar(f"m{r}_{c}") for r in range(rows) for c in range(cols) if (r, c) not in revealed}
    for cell, k in revealed.items():
        model.Add(sum(x[nb] for nb in neighbours(rows, cols, cell) if nb in x) == k)
    return count_model_solutions(model, limit)


def generate(rng: random.Random, level: str) -> dict:
    """One certified instance: ``{"rows", "cols", "revealed": [[r, c, number]...], "mines": [[r, c]...]}``."""
    rows, cols = SIZES[level]
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    while True:
        mines = set(rng.sample(cells, max(3, round(DENSITY[level] * rows * cols))))
        numbers = numbers_of(rows, cols, mines)
        revealed = {cell: numbers[cell[0]][cell[1]] for cell in cells if cell not in mines}
        order = sorted(revealed)
        rng.shuffle(order)
        for cell in order:
            trial = {k: v for k, v in revealed.items() if k != cell}
            if count_layouts(rows, cols, trial, 2)[0] == 1:
                revealed = trial
        covered_safe = rows * cols - len(mines) - len(revealed)
        if covered_safe >= 2:
            break
    count, nodes = count_layouts(rows, cols, revealed, 2)
    if count != 1:  # CP-SAT re-counts in validate (the independent check), not in every generation
        raise AssertionError("minesweeper: mines are not forced")
    return {"rows": rows, "cols": cols, "revealed": sorted([r, c, k] for (r, c), k in revealed.items()),
            "mines": sorted([r, c] for r, c in mines),
            "difficulty": {"level": level, "size": f"{rows}x{cols}", "mines": len(mines),
                           "givens": len(revealed), "covered_safe": covered_safe, "search_nodes": nodes}}


def check(rows: int, cols: int, revealed: dict[Cell, int], flags: set[Cell], mines: set[Cell]) -> list[Finding]:
    """Findings on the flags an answer shows: a flag on a revealed cell (``input_changed``), a revealed
    number touching more flags than it says (``rule_broken``), then the cell differences to the mines."""
    out: list[Finding] = []
    for cell in sorted(flags & set(revealed)):
        out.append(Finding(INPUT_CHANGED, f"a flag covers the revealed {revealed[cell]} at {cell_name(cell, rows)}", (cell,)))
    for cell, k in sorted(revealed.items()):
        near = [nb for nb in neighbours(rows, cols, cell) if nb in flags and nb not in revealed]
        if len(near) > k:
            out.append(Finding(RULE_BROKEN, f"the {k} at {cell_name(cell, rows)} touches {len(near)} flags",
                               (cell, *sorted(near))))
    return out + compare_marks(flags - set(revealed), mines, set(), rows, "flag")


def validate(instance: dict) -> list[str]:
    rows, cols = instance["rows"], instance["cols"]
    revealed = {(r, c): k for r, c, k in instance["revealed"]}
    mines = {(r, c) for r, c in instance["mines"]}
    problems = []
    numbers = numbers_of(rows, cols, mines)
    if any(numbers[r][c] != k or (r, c) in mines for (r, c), k in revealed.items()):
        problems.append("a revealed number disagrees with the stored mines")
    count = count_layouts_cpsat(rows, cols, revealed, 2)
    if count != 1:
        problems.append(f"CP-SAT finds {count if count < 2 else '2 or more'} mine layouts, expected 1")
    return problems


# ------------------------------------------------------------------------------------------ track glue

from genpuzzle.solvers.board_game.base import Move  # noqa: E402
from genpuzzle.solvers.board_game.puzzle_game import PuzzleGame, changed_cells  # noqa: E402


def board_of(rows: int, cols: int, revealed, flags=()) -> list[list[str]]:
    """Codes: ``"0"``-``"8"`` a revealed cell and its number, ``"#"`` a covered cell, ``"F"`` a flagged one."""
    numbers = {(r, c): k for r, c, k in revealed}
    flagged = {tuple(f) for f in flags}
    return [[str(numbers[(r, c)]) if (r, c) in numbers else "F" if (r, c) in flagged else "#" for c in range(cols)]
            for r in range(rows)]


class Minesweeper(PuzzleGame):
    name = "minesweeper"
    rows = cols = 6
    codes = ("F", "#") + tuple("012345678")
    title = "Minesweeper"
    description = "flag the mines the revealed numbers force: unique, CP-SAT"
    certificate_kind = "cpsat_unique_mines"
    answer_text = "Draw the board with a flag on every mine"

    def make(self, rng, level):
        return generate(rng, level)

    def boards(self, data):
        rows, cols = data["rows"], data["cols"]
        position = board_of(rows, cols, data["revealed"])
        solved = board_of(rows, cols, data["revealed"], data["mines"])
        move = Move("flag " + "+".join(cell_name(tuple(m), rows) for m in data["mines"]), solved,
                    changed_cells(position, solved))
        return position, [move], [move]

    def task_text(self, data):
        return ("White cells are revealed: a number tells how many of its up to eight neighbours hold a mine (an "
                "empty white cell has none); revealed cells hold no mine. Grey cells are covered. Put a flag (or "
                "any clear mark) on every covered cell that must hold a mine; the numbers decide every covered "
                "cell, and the total number of mines is not given.")

    def prove(self, data):
        return validate(data)


GAME = Minesweeper()
