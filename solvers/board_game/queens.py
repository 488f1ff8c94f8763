"""Queens (the region-coloured puzzle, a one-star Star Battle): an n x n board (n = 5..8) split into n
coloured regions; place n queens so that every row, every column and every region holds exactly one
queen and no two queens touch, not even diagonally.

Instances: a random non-touching placement (one queen per row and column), regions grown from the
queens by random flood fill, then repaired: while the own row-by-row counter (limit 2) finds another
solution, a cell of that other solution's queens moves to a neighbouring region (regions stay connected,
the intended queens stay in their own regions). Regions of one cell are rejected (a free queen).
Certificate: the counter finds exactly 1 solution (limit 2); ``validate`` re-counts with CP-SAT.
Difficulty: n, the counter's search nodes.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Sequence

from genpuzzle.solvers.board_game.puzzle_common import (RULE_BROKEN, Cell, Finding, cell_name, column_letter,
                                                        compare_marks, names, row_label)

SIZES = {"easy": (5, 6), "medium": (7,), "hard": (8,)}
MAX_ATTEMPTS = 200
MAX_REPAIRS = 60


def search(regions: Sequence[Sequence[int]], limit: int, rng: random.Random | None = None
           ) -> tuple[list[list[int]], int]:
    """Up to ``limit`` solutions (queen column per row) and the search nodes used."""
    n = len(regions)
    found: list[list[int]] = []
    cols: list[int] = []
    nodes = 0
    columns = tuple(range(n))

    def rec(r: int, used_c: int, used_r: int) -> bool:  # used columns and regions as bit masks
        nonlocal nodes
        nodes += 1
        if r == n:
            found.append(list(cols))
            return len(found) >= limit
        if rng is not None:
            order = list(columns)
            rng.shuffle(order)
        else:
            order = columns
        row = regions[r]
        last = cols[-1] if cols else -2
        for c in order:
            reg = row[c]
            if (used_c >> c) & 1 or (used_r >> reg) & 1 or -1 <= last - c <= 1:
                continue
            cols.append(c)
            stop = rec(r + 1, used_c | (1 << c), used_r | (1 << reg))
            cols.pop()
            if stop:
                return True
        return False

    rec(0, 0, 0)
    return found, nodes


def first_solutions(regions: Sequence[Sequence[int]], limit: int, skip: Sequence[int] | None = None
                    ) -> list[list[int]]:
    """The first ``limit`` solutions of :func:`search` (without ``rng``), in the same (lexicographic) order,
    found faster: columns tried as bits, and a branch cut as soon as a region no longer meets any of the
    rows left (every row takes one region, so each unused region needs a row below). The cut removes
    only branches without solutions, so the solutions come in the same order. ``skip``: a solution
    passed over (neither returned nor counted)."""
    n = len(regions)
    full = (1 << n) - 1
    below = [0] * (n + 1)  # regions meeting rows r..n-1
    regions_below = 0
    for r in range(n - 1, -1, -1):
        for reg in set(regions[r]):
            regions_below |= 1 << reg
        below[r] = regions_below
    skipped = list(skip) if skip is not None else None
    found: list[list[int]] = []
    cols: list[int] = []

    def rec(r: int, used_c: int, used_r: int, last: int) -> bool:
        if r == n:
            if cols != skipped:
                found.append(list(cols))
            return len(found) >= limit
        if full & ~used_r & ~below[r]:
            return False
        row = regions[r]
        free = full & ~used_c
        if last >= 0:
            free &= ~(0b111 << last >> 1)
        while free:
            bit = free & -free
            free ^= bit
            c = bit.bit_length() - 1
            reg = 1 << row[c]
            if used_r & reg:
                continue
            cols.append(c)
            stop = rec(r + 1, used_c | bit, used_r | reg, c)
            cols.pop()
            if stop:
                return True
        return False

    rec(0, 0, 0, -1)
    return found


def count_solutions_cpsat(regions: Sequence[Sequence[int]], limit: int = 2) -> int:
    """Independent count (CP-SAT, stops at ``limit``)."""
    from ortools.sat.python import cp_model

    from genpuzzle.solvers.cpsat import count_model_solutions

    n = len(regions)
    model = cp_model.CpModel()
    x = [[model.NewBoolVar(f"q{r}_{c}") for c in range(n)] for r in range(n)]
    for i in range(n):
        model.AddExactlyOne(x[i])
        model.AddExactlyOne(x[r][i] for r in range(n))
        model.AddExactlyOne(x[r][c] for r in range(n) for c in range(n) if regions[r][c] == i)
    for r in range(n - 1):
        for c in range(n):
            for dc in (-1, 0, 1):
                if 0 <= c + dc < n:
                    model.AddBoolOr([x[r][c].Not(), x[r + 1][c + dc].Not()])
    return count_model_solutions(model, limit)


def grow_regions(n: int, seeds: Sequence[Cell], rng: random.Random) -> list[list[int]]:
    """Regions grown from ``seeds`` (region i from seed i) by random frontier growth: a random entry of the
    frontier (a cell and a region; cells off the board included, and skipped when drawn) is taken out,
    and an empty cell joins the region, adding its four neighbours (right, down, left, up)."""
    flat = [-1] * (n * n)
    entries = _frontier_entries(n)
    frontier: list[tuple[int, int]] = []
    for i, (r, c) in enumerate(seeds):
        flat[r * n + c] = i
    for i, (r, c) in enumerate(seeds):
        frontier += entries[r * n + c][i]
    randrange, pop = rng.randrange, frontier.pop
    while frontier:
        k = randrange(len(frontier))
        cell, i = frontier[k]
        frontier[k] = frontier[-1]
        pop()
        if cell >= 0 and flat[cell] < 0:
            flat[cell] = i
            frontier += entries[cell][i]
    return [flat[r * n:(r + 1) * n] for r in range(n)]


@lru_cache(maxsize=None)
def _frontier_entries(n: int) -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
    """Per cell (r * n + c) and region: the four frontier entries its joining adds, (neighbour cell or -1
    off the board, region), right, down, left, up."""
    out = []
    for r in range(n):
        for c in range(n):
            cells = [a * n + b if 0 <= a < n and 0 <= b < n else -1
                     for a, b in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c))]
            out.append(tuple(tuple((cell, i) for cell in cells) for i in range(n)))
    return tuple(out)


def _connected(regions: list[list[int]], region: int) -> bool:
    return _mask_connected(_region_mask(regions, region), len(regions))


def _region_mask(regions: list[list[int]], region: int) -> int:
    """The region's cells as bits (bit r * n + c)."""
    n, mask = len(regions), 0
    for r, row in enumerate(regions):
        for c, v in enumerate(row):
            if v == region:
                mask |= 1 << (r * n + c)
    return mask


def _mask_connected(mask: int, n: int) -> bool:
    """Whether the cells of ``mask`` (bit r * n + c) are one non-empty 4-connected group: flooded from
    one cell by shifts (sideways shifts masked so a row's end does not wrap onto the next row)."""
    if not mask:
        return False
    not_first, not_last = _column_masks(n)
    reach = mask & -mask
    while True:
        grown = (reach | (reach << 1 & not_first) | (reach >> 1 & not_last) | reach << n | reach >> n) & mask
        if grown == reach:
            return reach == mask
        reach = grown


@lru_cache(maxsize=None)
def _column_masks(n: int) -> tuple[int, int]:
    """Bits of every cell not in the first column, and of every cell not in the last column."""
    full = (1 << n * n) - 1
    first = sum(1 << (r * n) for r in range(n))
    return full & ~first, full & ~(first << (n - 1))


def _repair(regions: list[list[int]], seeds: Sequence[Cell], rng: random.Random) -> bool:
    """Move cells between regions until the seeds are the only solution; False if that fails."""
    n = len(regions)
    intended = [c for _, c in sorted(seeds)]
    keep = set(seeds)
    masks = [_region_mask(regions, i) for i in range(n)]  # kept up to date with regions
    for _ in range(MAX_REPAIRS):
        # the first solution other than the intended one (the search passes over the intended one, and
        # stops at the first other: no second solution is looked for when the first is not the intended)
        others = first_solutions(regions, 1, skip=intended)
        if not others:
            return True
        cells = [(r, c) for r, c in enumerate(others[0]) if (r, c) not in keep]
        rng.shuffle(cells)
        for r, c in cells:
            old = regions[r][c]
            nbs = [regions[a][b] for a, b in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
                   if 0 <= a < n and 0 <= b < n and regions[a][b] != old]
            if not nbs:
                continue
            new = regions[r][c] = rng.choice(nbs)
            bit = 1 << (r * n + c)
            if _mask_connected(masks[old] & ~bit, n):  # as _connected(regions, old)
                masks[old] &= ~bit
                masks[new] |= bit
                break
            regions[r][c] = old
        else:
            return False
    return False


def generate(rng: random.Random, level: str) -> dict:
    """One certified instance: ``{"n", "regions", "solution": [[r, c]...], "difficulty"}``."""
    n = rng.choice(SIZES[level])
    for attempt in range(MAX_ATTEMPTS):
        placement, _ = search([[c for c in range(n)] for _ in range(n)], 1, rng)  # columns as dummy regions
        seeds = [(r, c) for r, c in enumerate(placement[0])]
        regions = grow_regions(n, seeds, rng)
        if _repair(regions, seeds, rng) and min(sum(row.count(i) for row in regions) for i in range(n)) >= 2:
            found, nodes = search(regions, 2)
            break
    else:
        raise RuntimeError(f"queens: no unique {n}x{n} puzzle in {MAX_ATTEMPTS} attempts")
    if len(found) != 1:  # CP-SAT re-counts in validate (the independent check), not in every generation
        raise AssertionError("queens: the repaired regions have another solution")
    sizes = sorted(sum(row.count(i) for row in regions) for i in range(n))
    return {"n": n, "regions": regions, "solution": [[r, c] for r, c in enumerate(found[0])],
            "difficulty": {"level": level, "size": n, "givens": 0, "search_nodes": nodes,
                           "smallest_region": sizes[0], "attempts": attempt + 1}}


def check(regions: Sequence[Sequence[int]], queens: set[Cell], solution: set[Cell],
          region_names: Sequence[str] | None = None) -> list[Finding]:
    """Findings on the queens an answer shows: a row, column or region with two or more queens, two
    queens touching (``rule_broken``), then the differences to the unique solution."""
    n = rows = len(regions)
    region_name = region_names or [f"region {i + 1}" for i in range(n)]
    out: list[Finding] = []
    groups: dict[str, list[Cell]] = {}
    for r, c in sorted(queens):
        groups.setdefault(f"row {row_label(r, n)}", []).append((r, c))
        groups.setdefault(f"column {column_letter(c)}", []).append((r, c))
        groups.setdefault(f"the {region_name[regions[r][c]]} region", []).append((r, c))
    for name, cells in groups.items():
        if len(cells) >= 2:
            out.append(Finding(RULE_BROKEN, f"{name} holds {len(cells)} queens ({names(cells, rows)})",
                               tuple(cells)))
    for a in sorted(queens):
        for b in sorted(queens):
            if a < b and abs(a[0] - b[0]) == 1 and abs(a[1] - b[1]) <= 1:
                out.append(Finding(RULE_BROKEN, f"queens at {cell_name(a, rows)} and {cell_name(b, rows)} touch", (a, b)))
    return out + compare_marks(queens, solution, set(), n, "queen")


def validate(instance: dict) -> list[str]:
    regions = instance["regions"]
    solution = {(r, c) for r, c in instance["solution"]}
    problems = []
    if check(regions, solution, solution) or len(solution) != instance["n"]:
        problems.append("stored solution breaks the rules")
    count = count_solutions_cpsat(regions, 2)
    if count != 1:
        problems.append(f"CP-SAT finds {count if count < 2 else '2 or more'} solutions, expected 1")
    return problems


# ------------------------------------------------------------------------------------------ track glue

from genpuzzle.solvers.board_game.base import Move  # noqa: E402
from genpuzzle.solvers.board_game.puzzle_game import PuzzleGame, changed_cells  # noqa: E402

REGION_CODES = "abcdefghij"


def board_of(regions, queens) -> list[list[str]]:
    """Codes: the cell's region letter, lower case for an empty cell, upper case for a queen."""
    cells = {tuple(q) for q in queens}
    return [[REGION_CODES[v].upper() if (r, c) in cells else REGION_CODES[v] for c, v in enumerate(row)]
            for r, row in enumerate(regions)]


class Queens(PuzzleGame):
    name = "queens"
    rows = cols = 8
    codes = tuple(REGION_CODES.upper())
    title = "Queens (coloured regions)"
    description = "one queen per row, column and region, none touching: unique, CP-SAT"
    certificate_kind = "cpsat_unique"
    answer_text = "Draw the board with the queens placed"

    def make(self, rng, level):
        return generate(rng, level)

    def boards(self, data):
        position = board_of(data["regions"], [])
        solved = board_of(data["regions"], data["solution"])
        n = data["n"]
        move = Move("+".join(cell_name(tuple(q), n) for q in sorted(data["solution"])), solved,
                    changed_cells(position, solved))
        return position, [move], [move]

    def task_text(self, data):
        n = data["n"]
        return (f"The {n}x{n} board is divided into {n} coloured regions. Place {n} queens so that every row, "
                "every column and every coloured region holds exactly one queen, and no two queens touch each "
                "other, not even diagonally (the solution is unique).")

    def prove(self, data):
        return validate(data)


GAME = Queens()
