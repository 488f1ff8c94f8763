"""N-Queens completion: an n x n board (n = 6..10) with k queens given; place the remaining queens so
that no two queens share a row, a column or a diagonal (every row then holds exactly one queen).

Instances: a random full placement (randomised backtracking), then givens removed one by one in random
order while the completion stays unique (own backtracking counter, limit 2), so the given set is
minimal. Certificate: the counter finds exactly 1 completion of the final givens (limit 2);
``validate`` re-counts with CP-SAT, which must find exactly 1 too.
Difficulty: n, givens, the backtracking nodes of a plain row-by-row search for the completion.
"""

from __future__ import annotations

import random
from genpuzzle.solvers.board_game.puzzle_common import (RULE_BROKEN, Cell, Finding, cell_name, column_letter,
                                                        compare_marks, names, row_label)

SIZES = {"easy": (6, 7), "medium": (8,), "hard": (9, 10)}


def search(n: int, givens: dict[int, int], limit: int, rng: random.Random | None = None
           ) -> tuple[list[list[int]], int]:
    """Up to ``limit`` completions (column of the queen in each row) of the givens ``{row: col}``, and
    the number of search nodes used. Rows are filled top to bottom; a row with a given keeps it."""
    found: list[list[int]] = []
    cols: list[int] = []
    used_c, used_d, used_a = set(), set(), set()
    nodes = 0
    for r, c in givens.items():
        if c in used_c or r - c in used_d or r + c in used_a:
            return [], 0
        used_c.add(c), used_d.add(r - c), used_a.add(r + c)

    def rec(r: int) -> bool:
        nonlocal nodes
        nodes += 1
        if r == n:
            found.append(list(cols))
            return len(found) >= limit
        if r in givens:
            cols.append(givens[r])
            stop = rec(r + 1)
            cols.pop()
            return stop
        order = list(range(n))
        if rng is not None:
            rng.shuffle(order)
        for c in order:
            if c in used_c or r - c in used_d or r + c in used_a:
                continue
            used_c.add(c), used_d.add(r - c), used_a.add(r + c)
            cols.append(c)
            stop = rec(r + 1)
            cols.pop()
            used_c.discard(c), used_d.discard(r - c), used_a.discard(r + c)
            if stop:
                return True
        return False

    rec(0)
    return found, nodes


def count_completions_cpsat(n: int, givens: dict[int, int], limit: int = 2) -> int:
    """Independent count (CP-SAT, stops at ``limit``) of the completions of ``givens``."""
    from ortools.sat.python import cp_model

    from genpuzzle.solvers.cpsat import count_model_solutions

    model = cp_model.CpModel()
    x = [[model.NewBoolVar(f"q{r}_{c}") for c in range(n)] for r in range(n)]
    for i in range(n):
        model.AddExactlyOne(x[i])
        model.AddExactlyOne(x[r][i] for r in range(n))
    for d in range(-(n - 1), n):
        model.AddAtMostOne(x[r][r - d] for r in range(n) if 0 <= r - d < n)
    for s in range(2 * n - 1):
        model.AddAtMostOne(x[r][s - r] for r in range(n) if 0 <= s - r < n)
    for r, c in givens.items():
        model.Add(x[r][c] == 1)
    return count_model_solutions(model, limit)


def generate(rng: random.Random, level: str) -> dict:
    """One certified instance: ``{"n", "givens": [[r, c]...], "solution": [[r, c]...], "difficulty"}``."""
    n = rng.choice(SIZES[level])
    full, _ = search(n, {}, 1, rng)
    solution = {r: c for r, c in enumerate(full[0])}
    givens = dict(solution)
    order = list(solution)
    rng.shuffle(order)
    for r in order:
        trial = {k: v for k, v in givens.items() if k != r}
        if len(search(n, trial, 2)[0]) == 1:
            givens = trial
    found, nodes = search(n, givens, 2)
    if len(found) != 1:  # CP-SAT re-counts in validate (the independent check), not in every generation
        raise AssertionError(f"nqueens: {len(found)} completions of a unique instance")
    return {"n": n, "givens": sorted([r, c] for r, c in givens.items()),
            "solution": sorted([r, c] for r, c in solution.items()),
            "difficulty": {"level": level, "size": n, "givens": len(givens), "to_place": n - len(givens),
                           "search_nodes": nodes}}


def check(n: int, queens: set[Cell], givens: set[Cell], solution: set[Cell]) -> list[Finding]:
    """Findings on the queens an answer shows: every row, column and diagonal holding two or more queens
    (``rule_broken``), then the cell differences to the unique solution (:func:`compare_marks`)."""
    out: list[Finding] = []
    rows = n
    lines: dict[str, list[Cell]] = {}
    for r, c in queens:
        lines.setdefault(f"row {row_label(r, n)}", []).append((r, c))
        lines.setdefault(f"column {column_letter(c)}", []).append((r, c))
        lines.setdefault(f"diagonal {r - c}", []).append((r, c))
        lines.setdefault(f"anti-diagonal {r + c}", []).append((r, c))
    for name, cells in lines.items():
        if len(cells) >= 2:
            cells = sorted(cells)
            if name.startswith(("diagonal", "anti")):
                name = f"the {name.split()[0]} through {cell_name(cells[0], rows)}"
            out.append(Finding(RULE_BROKEN, f"{name} holds {len(cells)} queens ({names(cells, rows)})",
                               tuple(cells)))
    return out + compare_marks(queens, solution, givens, n, "queen")


def validate(instance: dict) -> list[str]:
    n = instance["n"]
    givens = {r: c for r, c in instance["givens"]}
    solution = {(r, c) for r, c in instance["solution"]}
    problems = []
    if check(n, solution, {(r, c) for r, c in givens.items()}, solution) or len(solution) != n:
        problems.append("stored solution breaks the rules or misses a given")
    count = count_completions_cpsat(n, givens, 2)
    if count != 1:
        problems.append(f"CP-SAT finds {count if count < 2 else '2 or more'} completions, expected 1")
    return problems


# ------------------------------------------------------------------------------------------ track glue

from genpuzzle.solvers.board_game.base import Move  # noqa: E402
from genpuzzle.solvers.board_game.puzzle_game import PuzzleGame, changed_cells  # noqa: E402


def board_of(n: int, queens) -> list[list[str]]:
    """Codes: ``"Q"`` a queen, ``"."`` an empty square."""
    cells = {tuple(q) for q in queens}
    return [["Q" if (r, c) in cells else "." for c in range(n)] for r in range(n)]


class NQueens(PuzzleGame):
    name = "nqueens"
    rows = cols = 8
    codes = ("Q",)
    title = "N-Queens"
    description = "complete the queens: unique completion, CP-SAT counting to 2"
    certificate_kind = "cpsat_unique_completion"
    answer_text = "Draw the board with every queen in place (the given ones and the ones you add)"

    def make(self, rng, level):
        return generate(rng, level)

    def boards(self, data):
        n = data["n"]
        position = board_of(n, data["givens"])
        solved = board_of(n, data["solution"])
        move = Move("+".join(cell_name(tuple(q), n) for q in sorted(data["solution"]) if q not in data["givens"]),
                    solved, changed_cells(position, solved))
        return position, [move], [move]

    def task_text(self, data):
        n, k = data["n"], len(data["givens"])
        return (f"The board is {n}x{n} and {k} queen{'s are' if k != 1 else ' is'} already placed. Place the "
                f"remaining {n - k} queens so that no two queens share a row, a column or a diagonal "
                "(the solution is unique).")

    def prove(self, data):
        return validate(data)


GAME = NQueens()
