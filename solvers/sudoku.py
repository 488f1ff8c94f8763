"""Sudoku logic: exact solution counting, random full grids, unique-puzzle carving, CP-SAT cross-check.

Grids are lists of rows of ints, 0 for a blank, for an ``n x n`` board of ``box_rows x box_cols`` boxes
(``n = box_rows * box_cols``; 4x4 is 2x2 boxes, 9x9 is 3x3). No drawing, no I/O.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

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


@lru_cache(maxsize=None)
def _geometry(board: Board) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """(cells of each unit, units of each cell) with cells numbered ``r * n + c``; computed once per board."""
    n = board.n
    unit_cells = tuple(tuple(r * n + c for r, c in cells) for _, _, cells in board.units())
    cell_units: list[list[int]] = [[] for _ in range(n * n)]
    for u, cells in enumerate(unit_cells):
        for i in cells:
            cell_units[i].append(u)
    return unit_cells, tuple(tuple(units) for units in cell_units)


@lru_cache(maxsize=None)
def _popcounts(n: int) -> tuple[int, ...]:
    """The number of set bits of every n-bit mask (a table look-up is cheaper than ``int.bit_count``)."""
    return tuple(m.bit_count() for m in range(1 << n))


class _BitCounts:
    """:func:`_popcounts` for boards too large for a table."""

    def __getitem__(self, mask: int) -> int:
        return mask.bit_count()


class _Search:
    """Bitmask depth-first search. Each node places a naked single or a hidden single when one exists,
    else branches on the most-constrained cell; a unit that can no longer hold some digit prunes.

    Its node count is the stored difficulty measure (:func:`search_nodes`): keep it unchanged.
    """

    def __init__(self, grid: Grid, board: Board):
        n = board.n
        self.n = n
        self.full = (1 << n) - 1
        self.unit_cells, self.cell_units = _geometry(board)
        self.used = [0] * len(self.unit_cells)
        self.values = [0] * (n * n)
        self.cand = [0] * (n * n)
        self.empties: list[int] = []
        self.consistent = True
        self.nodes = 0
        self.popcount = _popcounts(n) if n <= 16 else _BitCounts()
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
        popcount = self.popcount
        best, best_count, best_mask = -1, 99, 0
        dead = False
        # the first open cell (in ``empties`` order) with the fewest candidates; a cell with none is a dead
        # end wherever it lies, so once a single is found the other cells are only tested for that
        j = k
        while j < ne:
            i = empties[j]
            row, col, box = cell_units[i]  # every cell lies in one row, one column and one box
            mask = full ^ (used[row] | used[col] | used[box])  # used masks lie within full
            cand[i] = mask
            j += 1
            if not mask:
                dead = True
                break
            count = popcount[mask]
            if count < best_count:
                best, best_count, best_mask = j - 1, count, mask
                if count == 1:
                    break
        written = j  # cand is set for empties[k:written]
        if not dead and best_count == 1:
            for j in range(written, ne):
                row, col, box = cell_units[empties[j]]
                if not full ^ (used[row] | used[col] | used[box]):
                    dead = True
                    break
        elif not dead:
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
        for j in range(k, written):
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

    Each check asks whether the puzzle without the cell has a solution in which the cell holds another
    digit: the puzzle before the blanking has ``solution`` as its only one, so that is the same question
    as "does the blanked puzzle have a second solution" (the same decisions as counting to 2), and a
    search for one completion of a more constrained grid, which propagation usually refutes at once.
    A cell that would leave a whole unavoidable rectangle of ``solution`` blank (:func:`_rectangles`) is
    kept without a search: swapping its two digits gives a second solution.
    """
    n = board.n
    bitboards = _bitboards(board)
    peers_of_bit = bitboards.peers_of_bit
    puzzle = [row[:] for row in solution]

    def seen_by(cells: int) -> int:
        out = 0
        while cells:
            low = cells & -cells
            out |= peers_of_bit[low]
            cells ^= low
        return out

    cell_unit_masks = bitboards.cell_unit_masks
    holding, _ = bitboards.position(solution)  # per digit: the cells holding it (nothing is blank yet)
    seen = [seen_by(h) for h in holding]  # per digit: the cells that see one holding it
    rectangles_at: list[list[int]] = [[] for _ in range(n * n)]
    for rectangle in _rectangles(solution, board):
        for i in _cell_indices(rectangle):
            rectangles_at[i].append(rectangle)
    cells = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(cells)
    givens = n * n
    blank = 0
    for r, c in cells:
        if givens <= min_givens:
            break
        digit = solution[r][c] - 1
        i = r * n + c
        cell = 1 << i
        trial_blank = blank | cell
        trial_holding = holding[digit] ^ cell
        trial_seen = seen_by(trial_holding)
        elsewhere = trial_blank & ~trial_seen & ~cell  # where else the digit may go (~cell: not back here)
        if all(seen[d] & cell for d in range(n) if d != digit):
            unique = True  # every other digit is seen from the cell: a naked single
        elif any(not elsewhere & unit for unit in cell_unit_masks[i]):
            unique = True  # no other place for the digit in one of the cell's units: a hidden single
        elif any(not rectangle & ~trial_blank for rectangle in rectangles_at[i]):
            unique = False  # a blank unavoidable rectangle: its two digits swapped solve the puzzle too
        else:
            trial = [holding[d] | (trial_blank & ~seen[d]) for d in range(n)]
            trial[digit] = trial_holding | elsewhere
            unique = not bitboards.completes(trial, trial_blank)
        if unique:
            puzzle[r][c] = 0
            blank = trial_blank
            holding[digit], seen[digit] = trial_holding, trial_seen
            givens -= 1
    return puzzle


def _rectangles(solution: Grid, board: Board) -> list[int]:
    """The unavoidable rectangles of a full grid, as cell bitmasks (bit ``r * n + c``): cells at two rows
    and two columns, in exactly two boxes, holding a b / b a. Swapping a and b there gives another valid
    grid, so a puzzle with all four blank has two solutions or none."""
    n = board.n
    found = []
    column_of = [{v: c for c, v in enumerate(row)} for row in solution]
    for r1 in range(n):
        row1 = solution[r1]
        for r2 in range(r1 + 1, n):
            row2 = solution[r2]
            same_band = r1 // board.box_rows == r2 // board.box_rows
            for c1 in range(n):
                c2 = column_of[r1][row2[c1]]  # where row r1 holds the digit row r2 holds at c1
                if c2 > c1 and row2[c2] == row1[c1] and same_band != (c1 // board.box_cols == c2 // board.box_cols):
                    found.append((1 << (r1 * n + c1)) | (1 << (r1 * n + c2)) | (1 << (r2 * n + c1))
                                 | (1 << (r2 * n + c2)))
    return found


def _cell_indices(cells: int) -> list[int]:
    out = []
    while cells:
        low = cells & -cells
        out.append(low.bit_length() - 1)
        cells ^= low
    return out


class _Bitboards:
    """Sudoku search on bitboards: one int per digit whose bit ``r * n + c`` says the digit is still
    possible in cell (r, c) (a filled cell keeps only its digit's bit), so that finding every naked
    single of the grid, or placing a digit, is a handful of integer operations."""

    def __init__(self, board: Board):
        n = board.n
        unit_cells, cell_units = _geometry(board)
        self.n = n
        self.units = tuple(sum(1 << i for i in cells) for cells in unit_cells)
        self.cell_unit_masks = tuple(tuple(self.units[u] for u in cell_units[i]) for i in range(n * n))
        self.peers = tuple(sum(1 << j for j in {j for u in cell_units[i] for j in unit_cells[u]} - {i})
                           for i in range(n * n))
        self.peers_of_bit = {1 << i: peers for i, peers in enumerate(self.peers)}  # keyed by the cell's bit

    def position(self, grid: Grid) -> tuple[list[int], int]:
        """(possible cells per digit, blank cells) of a grid (0 for a blank)."""
        n, peers = self.n, self.peers
        holding, seen = [0] * n, [0] * n
        blank = 0
        for r, row in enumerate(grid):
            for c, v in enumerate(row):
                i = r * n + c
                if v:
                    holding[v - 1] |= 1 << i
                    seen[v - 1] |= peers[i]
                else:
                    blank |= 1 << i
        return [holding[d] | (blank & ~seen[d]) for d in range(n)], blank

    def completes(self, possible: list[int], blank: int, singles_only: bool = False) -> bool:
        """True when the grid has a completion: ``possible`` per digit, ``blank`` the unfilled cells.

        Propagates naked and hidden singles to a fixed point, then branches on a cell with the fewest
        candidates it finds cheaply (two, else any). ``singles_only``: no branching (True only when
        singles alone complete the grid). ``possible`` is changed (pass a copy).
        """
        n, units, peers, peers_of_bit = self.n, self.units, self.peers, self.peers_of_bit
        digits = range(n)
        while blank:
            once = twice = thrice = 0
            for p in possible:
                thrice |= twice & p
                twice |= once & p
                once |= p
            if blank & ~once:
                return False  # a cell with no candidate left
            singles = blank & ~twice
            if singles:
                # every naked single at once: a single's other digits are gone already, so placing
                # digit d in its singles only takes d from their peers
                for d in digits:
                    placed = singles & possible[d]
                    if placed:
                        seen = 0
                        while placed:
                            low = placed & -placed
                            seen |= peers_of_bit[low]
                            placed ^= low
                        if seen & singles & possible[d]:
                            return False  # two singles of one digit in one unit
                        possible[d] &= ~seen
                blank ^= singles
                continue
            placed = False
            open_units = [unit for unit in units if unit & blank]  # a full unit holds every digit once
            for d in digits:
                for unit in open_units:
                    x = possible[d] & unit
                    if not x:
                        return False  # a digit with no place left in a unit
                    if x & blank and not x & (x - 1):  # a hidden single: place it
                        possible[d] &= ~peers_of_bit[x]
                        for e in digits:
                            if e != d:
                                possible[e] &= ~x
                        blank ^= x
                        placed = True
            if not placed:
                break
        else:
            return True
        if singles_only:
            return False
        two = twice & ~thrice & blank
        cell = (two or blank) & -(two or blank)
        i = cell.bit_length() - 1
        for d in digits:
            if possible[d] & cell:
                trial = possible[:]
                trial[d] &= ~peers[i]
                for e in digits:
                    if e != d:
                        trial[e] &= ~cell
                if self.completes(trial, blank ^ cell):
                    return True
        return False


@lru_cache(maxsize=None)
def _bitboards(board: Board) -> _Bitboards:
    return _Bitboards(board)


def solvable_by_singles(grid: Grid, board: Board) -> bool:
    """True when naked and hidden singles alone complete the grid (no guessing needed).

    Singles only ever place forced digits, so the order they are applied in does not change where
    they lead: any order that applies them until none is left gives this answer.
    """
    bitboards = _bitboards(board)
    possible, blank = bitboards.position(grid)
    return bitboards.completes(possible, blank, singles_only=True)


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
