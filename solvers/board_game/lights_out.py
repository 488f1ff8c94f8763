"""Lights Out on an n x n board (n = 5..7). Pressing a cell toggles it and its (up to four) orthogonal
neighbours; the order of presses does not matter and pressing twice undoes a press.

Tasks:
- ``press``: mark the fewest cells to press so that every light goes out. The press sets that clear a
  board are ``p0 + ker(A)`` over GF(2), A the n^2 x n^2 toggle matrix. A is invertible for n = 6 and 7
  (the press set is unique) and singular for n = 4 (nullity 4) and n = 5 (nullity 2): there every
  solution of minimum size is accepted (all of them enumerated from the kernel).
- ``after``: the board shows lights and marked cells; draw the lights after pressing every marked cell.

Certificate: Gaussian elimination over GF(2) (bit rows as Python ints); the accepted set is every press
set of minimum size in ``p0 + ker(A)``. Difficulty: n, lit cells, presses needed, nullity.
"""

from __future__ import annotations

import itertools
import random
from functools import lru_cache
from typing import Sequence

from genpuzzle.solvers.board_game.puzzle_common import (RULE_BROKEN, Cell, Finding, cell_name,
                                                        cells_of, compare_grids, compare_marks, grid_of, names)

SIZES = {"easy": (5,), "medium": (6,), "hard": (7,)}


def toggles(n: int, cell: Cell) -> list[Cell]:
    r, c = cell
    return [(a, b) for a, b in ((r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= a < n and 0 <= b < n]


def press_all(n: int, lights: set[Cell], presses: set[Cell]) -> set[Cell]:
    """The lit cells after pressing every cell of ``presses`` once."""
    out = set(lights)
    for p in presses:
        out ^= set(toggles(n, p))
    return out


@lru_cache(maxsize=16)
def _elimination(n: int) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """Reduced rows of [A | I] as ``(row bits of A, row bits of the combination)`` and the kernel basis."""
    m = n * n
    rows = []
    for i in range(m):
        bits = 0
        for a, b in toggles(n, divmod(i, n)):
            bits |= 1 << (a * n + b)
        rows.append([bits, 1 << i])
    pivots: list[int] = []
    r = 0
    for col in range(m):
        k = next((i for i in range(r, m) if rows[i][0] >> col & 1), None)
        if k is None:
            continue
        rows[r], rows[k] = rows[k], rows[r]
        for i in range(m):
            if i != r and rows[i][0] >> col & 1:
                rows[i][0] ^= rows[r][0]
                rows[i][1] ^= rows[r][1]
        pivots.append(col)
        r += 1
    # A is symmetric: combinations of zero rows span ker(A^T) = ker(A)
    kernel = tuple(rows[i][1] for i in range(r, m))
    return tuple((a, comb) for a, comb in rows[:r]), kernel


def nullity(n: int) -> int:
    return len(_elimination(n)[1])


def solutions(n: int, lights: set[Cell]) -> list[set[Cell]]:
    """Every press set that clears ``lights`` (empty when the board cannot be cleared)."""
    reduced, kernel = _elimination(n)
    target = 0
    for r, c in lights:
        target |= 1 << (r * n + c)
    # E A = R (E: the combination rows), so A p = t gives R p = E t: each pivot variable is the parity
    # of its combination row against t; free variables are 0, and the kernel spans the rest
    press = 0
    for a_row, comb in reduced:
        if bin(comb & target).count("1") & 1:
            press |= a_row & -a_row
    # every candidate is checked against the rules (an unsolvable board yields none)
    out = []
    for k in range(len(kernel) + 1):
        for combo in itertools.combinations(kernel, k):
            bits = press
            for v in combo:
                bits ^= v
            cells = {divmod(i, n) for i in range(n * n) if bits >> i & 1}
            out.append(cells)
    return [s for s in out if not press_all(n, lights, s)]


def minimum_solutions(n: int, lights: set[Cell]) -> list[set[Cell]]:
    sols = solutions(n, lights)
    if not sols:
        return []
    low = min(len(s) for s in sols)
    return sorted((s for s in sols if len(s) == low), key=sorted)


def generate(rng: random.Random, level: str, task: str) -> dict:
    """One instance: ``{"n", "task", "lights", "marked" (after-task presses), "accepted", "difficulty"}``.
    ``accepted`` holds 0/1 grids: press marks (``press``) or the final lights (``after``)."""
    n = rng.choice(SIZES[level])
    while True:
        presses = set(rng.sample([(r, c) for r in range(n) for c in range(n)], rng.randint(3, 2 + n)))
        lights = press_all(n, set(), presses)
        if len(lights) < 4:
            continue
        if task == "press":
            best = minimum_solutions(n, lights)
            if len(best[0]) < 3:
                continue
            accepted = [grid_of(s, n, n) for s in best]
            marked: list = []
            presses_needed = len(best[0])
        else:
            lights = set(rng.sample([(r, c) for r in range(n) for c in range(n)], rng.randint(n, 2 * n)))
            presses = set(rng.sample(sorted(set((r, c) for r in range(n) for c in range(n))), rng.randint(2, 4)))
            after = press_all(n, lights, presses)
            accepted = [grid_of(after, n, n)]
            marked = sorted([r, c] for r, c in presses)
            presses_needed = len(presses)
        break
    return {"n": n, "task": task, "lights": grid_of(lights, n, n), "marked": marked, "accepted": accepted,
            "difficulty": {"level": level, "size": n, "lit": len(lights), "presses": presses_needed,
                           "nullity": nullity(n), "accepted_answers": len(accepted)}}


def check_press(n: int, lights: set[Cell], marked: set[Cell], accepted: Sequence[set[Cell]]) -> list[Finding]:
    """Findings on a press set: lights left on (``rule_broken``), a clearing set that is not of the
    fewest presses (``rule_broken``), and the cell differences to the nearest accepted set."""
    out: list[Finding] = []
    rows = n
    left = press_all(n, lights, marked)
    if left:
        out.append(Finding(RULE_BROKEN, f"pressing the marked cells leaves {len(left)} light(s) on: {names(left, rows)}",
                           tuple(sorted(left))))
    elif len(marked) > len(accepted[0]):
        out.append(Finding(RULE_BROKEN, f"the marked {len(marked)} presses clear the board, but "
                           f"{len(accepted[0])} are enough", tuple(sorted(marked))))
    if any(marked == a for a in accepted):
        return out
    nearest = min(accepted, key=lambda a: (len(a ^ marked), sorted(a)))
    return out + compare_marks(marked, nearest, set(), n, "press")


def check_after(n: int, lit: Sequence[Sequence[int]], expected: Sequence[Sequence[int]]) -> list[Finding]:
    """``wrong_cell`` for every light drawn in the wrong state."""
    return compare_grids(lit, expected, lambda v: "a light on" if v else "no light")


def validate(instance: dict) -> list[str]:
    n = instance["n"]
    lights = cells_of(instance["lights"])
    accepted = [cells_of(g) for g in instance["accepted"]]
    problems = []
    rows = n
    if instance["task"] == "press":
        want = minimum_solutions(n, lights)
        # independent check: brute force over the kernel is what minimum_solutions does; re-derive by rules
        if sorted(map(sorted, want)) != sorted(map(sorted, accepted)):
            problems.append("accepted press sets are not the minimum solutions")
        for a in accepted:
            if press_all(n, lights, a):
                problems.append(f"accepted press set {names(a, rows)} does not clear the board")
    else:
        if [press_all(n, lights, {(r, c) for r, c in instance["marked"]})] != accepted:
            problems.append("stored after-board is not the board after the marked presses")
    return problems


# ------------------------------------------------------------------------------------------ track glue

from genpuzzle.solvers.board_game.base import Move  # noqa: E402
from genpuzzle.solvers.board_game.puzzle_game import PuzzleGame, changed_cells  # noqa: E402


def board_of(lights, marks=(), mark_code: str = "") -> list[list[str]]:
    """Codes: ``"L"`` a lit cell, ``"."`` a dark one; ``+`` appended for a cell marked to press (the
    ``press`` answer), ``o`` for a cell the ``after`` task marks as pressed."""
    marked = {tuple(m) for m in marks}
    return [[("L" if v else ".") + (mark_code if (r, c) in marked else "") for c, v in enumerate(row)]
            for r, row in enumerate(lights)]


class LightsOut(PuzzleGame):
    name = "lights_out"
    rows = cols = 6
    codes = ("L", "L+", ".+", "Lo", ".o")
    title = "Lights Out"
    description = "press set by GF(2) algebra (all minimum press sets accepted), or the board after the presses"
    certificate_kind = "gf2_elimination"

    def make(self, rng, level):
        return generate(rng, level, "press" if rng.random() < 0.6 else "after")

    def boards(self, data):
        n = data["n"]
        if data["task"] == "press":
            position = board_of(data["lights"])
            accepted = []
            for grid in data["accepted"]:
                presses = sorted(cells_of(grid))
                board = board_of(data["lights"], presses, "+")
                accepted.append(Move("+".join(cell_name(p, n) for p in presses), board, changed_cells(position, board)))
            return position, accepted, accepted
        position = board_of(data["lights"], data["marked"], "o")
        board = board_of(data["accepted"][0], data["marked"], "o")
        move = Move("press " + "+".join(cell_name(tuple(p), n) for p in data["marked"]), board,
                    [tuple(p) for p in data["marked"]])
        return position, [move], [move]

    def task_text(self, data):
        rule = ("Pressing a cell switches it and its up to four orthogonal neighbours (lit cells are yellow, "
                "dark cells grey): a lit one goes dark and a dark one lights up.")
        if data["task"] == "press":
            many = " (if several sets of that fewest number of presses work, any of them is right)" if nullity(data["n"]) else ""
            return (f"{rule} Mark with a dot every cell to press, using as few presses as possible, so that every "
                    f"light goes out{many}.")
        return (f"{rule} Each cell marked with a ring is pressed once. Show the lights after all those presses "
                "(keep the rings).")

    @property
    def answer_text(self):  # type: ignore[override]
        return "Draw the board with your marks"

    def instruction(self, instance, layout):
        text = super().instruction(instance, layout)
        if instance.task == "after":
            text = text.replace("Draw the board with your marks", "Draw the board with every cell lit or dark as "
                                                                    "it is after the presses")
        return text

    def prove(self, data):
        return validate(data)


GAME = LightsOut()
