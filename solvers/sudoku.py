"""Sudoku logic: exact solution counting, random full grids, unique-puzzle carving, CP-SAT cross-check.

Grids are lists of rows of ints, 0 for a blank, for an ``n x n`` board of ``box_rows x box_cols`` boxes
(``n = box_rows * box_cols``; 4x4 is 2x2 boxes, 9x9 is 3x3). No drawing, no I/O.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

Grid = list[list[int]]


@dataclass(frozen=True)
class Board:
    """Board geometry: ``box_rows x box_cols`` boxes, side ``n = box_rows * box_cols``."""

    box_rows: int
    box_cols: int

    @property
    def n(self) -> int:
        return self.box_rows * self.box_cols

    def box_of(self, r: int, c: int) -> int:
        return (r // self.box_rows) * (self.n // self.box_cols) + c // self.box_cols

    def units(self) -> list[tuple[str, int, list[tuple[int, int]]]]:
        """Every row, column and box as (kind, index, cells)."""
        n = self.n
        out: list[tuple[str, int, list[tuple[int, int]]]] = []
        out += [("row", r, [(r, c) for c in range(n)]) for r in range(n)]
        out += [("col", c, [(r, c) for r in range(n)]) for c in range(n)]
        boxes: dict[int, list[tuple[int, int]]] = {}
        for r in range(n):
            for c in range(n):
                boxes.setdefault(self.box_of(r, c), []).append((r, c))
        out += [("box", b, cells) for b, cells in sorted(boxes.items())]
        return out


class _Search:
    """Bitmask depth-first search. Each node places a naked single or a hidden single when one exists,
    else branches on the most-constrained cell; a unit that can no longer hold some digit prunes."""

    def __init__(self, grid: Grid, board: Board):
        n = board.n
        self.n = n
        self.full = (1 << n) - 1
        self.unit_cells = [tuple(r * n + c for r, c in cells) for _, _, cells in board.units()]
        cell_units: list[list[int]] = [[] for _ in range(n * n)]
        for u, cells in enumerate(self.unit_cells):
            for i in cells:
                cell_units[i].append(u)
        self.cell_units = [tuple(units) for units in cell_units]
        self.used = [0] * len(self.unit_cells)
        self.values = [0] * (n * n)
        self.cand = [0] * (n * n)
        self.empties: list[int] = []
        self.consistent = True
        self.nodes = 0
        for r in range(n):
            for c in range(n):
                v = grid[r][c]
                i = r * n + c
                if v == 0:
                    self.empties.append(i)
                    continue
                if not 1 <= v <= n:
                    raise ValueError(f"cell ({r}, {c}) holds {v}, outside 0..{n}")
                bit = 1 << (v - 1)
                self.values[i] = v
                for u in self.cell_units[i]:
                    if self.used[u] & bit:
                        self.consistent = False
                    self.used[u] |= bit

    def run(self, limit: int, rng: random.Random | None = None) -> list[Grid]:
        """Up to ``limit`` solutions; branching order is shuffled by ``rng`` when given."""
        found: list[Grid] = []
        if self.consistent:
            self._dfs(0, limit, found, rng)
        return found

    def _dfs(self, k: int, limit: int, found: list[Grid], rng: random.Random | None) -> bool:
        self.nodes += 1
        empties, cand, used, cell_units, full = self.empties, self.cand, self.used, self.cell_units, self.full
        ne = len(empties)
        if k == ne:
            n = self.n
            found.append([self.values[r * n:(r + 1) * n] for r in range(n)])
            return len(found) >= limit
        best, best_count, best_mask = -1, 99, 0
        dead = False
        for j in range(k, ne):
            i = empties[j]
            mask = full
            for u in cell_units[i]:
                mask &= ~used[u]
            cand[i] = mask
            if not mask:
                dead = True
                break
            if best_count > 1:
                count = mask.bit_count()
                if count < best_count:
                    best, best_count, best_mask = j, count, mask
        if not dead and best_count > 1:
            for u, cells in enumerate(self.unit_cells):
                once = twice = 0
                for i in cells:
                    m = cand[i]
                    twice |= once & m
                    once |= m
                if (once | used[u]) != full:
                    dead = True
                    break
                hidden = once & ~twice
                if hidden:
                    bit = hidden & -hidden
                    cell = next(i for i in cells if cand[i] & bit)
                    best, best_mask = empties.index(cell, k), bit
                    break
        for j in range(k, ne):
            cand[empties[j]] = 0
        if dead:
            return False
        empties[k], empties[best] = empties[best], empties[k]
        i = empties[k]
        units = cell_units[i]
        bits = []
        mask = best_mask
        while mask:
            bit = mask & -mask
            bits.append(bit)
            mask ^= bit
        if rng is not None:
            rng.shuffle(bits)
        for bit in bits:
            for u in units:
                used[u] |= bit
            self.values[i] = bit.bit_length()
            stop = self._dfs(k + 1, limit, found, rng)
            for u in units:
                used[u] ^= bit
            self.values[i] = 0
            if stop:
                return True
        return False


def count_solutions(grid: Grid, board: Board, limit: int = 2) -> int:
    """Number of completions of ``grid``, counting at most ``limit`` (``limit=2`` proves uniqueness)."""
    return len(_Search(grid, board).run(limit))


def solve(grid: Grid, board: Board) -> Grid | None:
    """One completion of ``grid``, or ``None`` when it has none."""
    found = _Search(grid, board).run(1)
    return found[0] if found else None


def search_nodes(grid: Grid, board: Board) -> int:
    """Search nodes needed to prove the solution count (a difficulty measure)."""
    search = _Search(grid, board)
    search.run(2)
    return search.nodes


def random_full_grid(board: Board, rng: random.Random) -> Grid:
    """A uniformly shuffled-order valid full grid drawn by randomized search."""
    empty = [[0] * board.n for _ in range(board.n)]
    return _Search(empty, board).run(1, rng)[0]


def carve_unique(solution: Grid, board: Board, rng: random.Random, min_givens: int) -> Grid:
    """Blank cells of ``solution`` in random order while the puzzle keeps exactly one solution.

    Stops at ``min_givens`` givens or when no further cell can be blanked (a minimal puzzle).
    """
    puzzle = [row[:] for row in solution]
    cells = [(r, c) for r in range(board.n) for c in range(board.n)]
    rng.shuffle(cells)
    givens = board.n * board.n
    for r, c in cells:
        if givens <= min_givens:
            break
        kept = puzzle[r][c]
        puzzle[r][c] = 0
        if count_solutions(puzzle, board, 2) == 1:
            givens -= 1
        else:
            puzzle[r][c] = kept
    return puzzle


def solvable_by_singles(grid: Grid, board: Board) -> bool:
    """True when naked and hidden singles alone complete the grid (no guessing needed)."""
    n = board.n
    values = [row[:] for row in grid]
    units = [cells for _, _, cells in board.units()]
    full = (1 << n) - 1
    while True:
        cand: dict[tuple[int, int], int] = {}
        for r in range(n):
            for c in range(n):
                if values[r][c] == 0:
                    used = 0
                    for rr, cc in _peers(board, r, c):
                        if values[rr][cc]:
                            used |= 1 << (values[rr][cc] - 1)
                    cand[(r, c)] = full & ~used
        if not cand:
            return True
        placed = False
        for (r, c), mask in cand.items():
            if mask.bit_count() == 1:
                values[r][c] = mask.bit_length()
                placed = True
        if not placed:
            for cells in units:
                for d in range(n):
                    bit = 1 << d
                    spots = [cell for cell in cells if cell in cand and cand[cell] & bit]
                    if len(spots) == 1 and not any(values[r][c] == d + 1 for r, c in cells):
                        r, c = spots[0]
                        values[r][c] = d + 1
                        placed = True
        if not placed:
            return False


def _peers(board: Board, r: int, c: int) -> set[tuple[int, int]]:
    n = board.n
    out = {(r, k) for k in range(n)} | {(k, c) for k in range(n)}
    r0 = (r // board.box_rows) * board.box_rows
    c0 = (c // board.box_cols) * board.box_cols
    out |= {(r0 + i, c0 + j) for i in range(board.box_rows) for j in range(board.box_cols)}
    out.discard((r, c))
    return out


def count_solutions_cpsat(grid: Grid, board: Board, limit: int = 2) -> int:
    """Count completions with an OR-Tools CP-SAT model (AllDifferent per unit), up to ``limit``.

    An independent algorithm from :func:`count_solutions`, used to cross-check it.
    """
    from ortools.sat.python import cp_model

    n = board.n
    model = cp_model.CpModel()
    x = [[model.NewIntVar(1, n, f"x{r}{c}") for c in range(n)] for r in range(n)]
    for r in range(n):
        for c in range(n):
            if grid[r][c]:
                model.Add(x[r][c] == grid[r][c])
    for _, _, cells in board.units():
        model.AddAllDifferent([x[r][c] for r, c in cells])

    from genpuzzle.solvers.cpsat import count_model_solutions

    return count_model_solutions(model, limit)


def grid_is_valid_solution(grid: Grid, board: Board) -> bool:
    """True when ``grid`` is full and every row, column and box holds each digit once."""
    digits = set(range(1, board.n + 1))
    return all({grid[r][c] for r, c in cells} == digits for _, _, cells in board.units())
