"""Nonogram logic: clues from masks, an exact solution counter, source masks, CP-SAT cross-check.

A mask/solution is a list of rows of 0/1 ints. A clue is the list of run lengths of a line, ``[]`` for an
empty line. The counter is line logic (every line keeps the set of its placements still consistent with
the known cells; the intersection/union of that set fixes cells) plus depth-first branching, counting to a
limit (``limit=2`` proves uniqueness). Lines with too many placements to enumerate use an exact DP line
solver instead. No drawing, no I/O.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from functools import lru_cache, reduce
from operator import and_, or_

Grid = list[list[int]]
Clues = list[list[int]]

ENUMERATION_LIMIT = 4000  # a line with more placements than this is solved by DP, not by filtering


# ------------------------------------------------------------------------------------------------ clues


def line_clue(cells: list[int]) -> list[int]:
    """Run lengths of filled cells in one line (``[]`` for an empty line)."""
    runs: list[int] = []
    run = 0
    for v in cells:
        if v:
            run += 1
        elif run:
            runs.append(run)
            run = 0
    if run:
        runs.append(run)
    return runs


def clues_from_mask(mask: Grid) -> tuple[Clues, Clues]:
    """``(row_clues, col_clues)`` of a 0/1 grid."""
    rows = [line_clue(row) for row in mask]
    cols = [line_clue([row[c] for row in mask]) for c in range(len(mask[0]))] if mask else []
    return rows, cols


def satisfies(grid: Grid, row_clues: Clues, col_clues: Clues) -> bool:
    """True when every row and column of ``grid`` reads its clue."""
    return clues_from_mask(grid) == ([list(c) for c in row_clues], [list(c) for c in col_clues])


# ------------------------------------------------------------------------------------------ line solving


@lru_cache(maxsize=4096)
def placement_count(clue: tuple[int, ...], n: int) -> int:
    """Number of ways to place ``clue`` in a line of ``n`` cells."""
    from math import comb

    k = len(clue)
    slack = n - sum(clue) - max(0, k - 1)
    return comb(slack + k, k) if slack >= 0 else 0


@lru_cache(maxsize=8192)
def placements(clue: tuple[int, ...], n: int) -> tuple[int, ...]:
    """Every placement of ``clue`` in ``n`` cells as a bitmask (bit i = cell i filled), ordered by the
    first block's start, then the rest's placements in the same order."""
    if not clue:
        return (0,)
    b, rest = clue[0], clue[1:]
    need = sum(rest) + len(rest)  # the rest's blocks with a gap before each
    block = (1 << b) - 1
    if not rest:
        return tuple(block << s for s in range(n - b + 1))
    out: list[int] = []
    for s in range(n - need - b + 1):
        shift = s + b + 1
        head = block << s
        out.extend([head | (p << shift) for p in placements(rest, n - shift)])
    return tuple(out)


def line_solve_dp(clue: tuple[int, ...], n: int, filled: int, empty: int) -> tuple[int, int] | None:
    """Exact line solving by dynamic programming: ``(must_fill, may_fill)`` bitmasks over all placements
    consistent with the known ``filled``/``empty`` cells, or ``None`` when none is consistent."""
    k = len(clue)
    # ok[j][i]: cells i.. can hold blocks j.. consistently (i may equal n).
    ok = [[False] * (n + 2) for _ in range(k + 1)]
    ok[k][n] = ok[k][n + 1] = True
    for i in range(n - 1, -1, -1):
        ok[k][i] = ok[k][i + 1] and not (filled >> i) & 1
    for j in range(k - 1, -1, -1):
        b = clue[j]
        block = (1 << b) - 1
        for i in range(n - 1, -1, -1):
            good = ok[j][i + 1] and not (filled >> i) & 1
            if not good and i + b <= n and not (empty >> i) & block:
                end = i + b
                if end == n:
                    good = j == k - 1
                elif not (filled >> end) & 1:
                    good = ok[j + 1][end + 1]
            ok[j][i] = good
    if not ok[0][0]:
        return None
    may_fill = may_empty = 0
    frontier = {(0, 0)}
    for i in range(n):
        nxt: set[tuple[int, int]] = set()
        for pos, j in frontier:
            if pos != i:
                nxt.add((pos, j))
                continue
            if not (filled >> i) & 1 and ok[j][i + 1]:
                may_empty |= 1 << i
                nxt.add((i + 1, j))
            if j < k:
                b = clue[j]
                end = i + b
                if end <= n and not (empty >> i) & ((1 << b) - 1):
                    if end == n and j == k - 1:
                        may_fill |= ((1 << b) - 1) << i
                        nxt.add((n, k))
                    elif end < n and not (filled >> end) & 1 and ok[j + 1][end + 1]:
                        may_fill |= ((1 << b) - 1) << i
                        may_empty |= 1 << end
                        nxt.add((end + 1, j + 1))
        frontier = nxt
    full = (1 << n) - 1
    return full & ~may_empty, may_fill


# ------------------------------------------------------------------------------------------------ search


@dataclass
class SolveResult:
    """Outcome of :func:`solve`: up to ``limit`` solutions, whether line logic alone settled the puzzle
    (no branching), the number of search nodes, and whether the node budget ran out first."""

    solutions: list[Grid]
    line_solvable: bool
    nodes: int
    exhausted: bool

    @property
    def count(self) -> int:
        return len(self.solutions)


def _mark_crossing(bits: int, line: int, crossing: list[int], queue: set[int]) -> None:
    """For each set bit k of ``bits`` (cells of line ``line`` just decided), set bit ``line`` in
    ``crossing[k]`` and queue crossing line k for propagation."""
    bit = 1 << line
    while bits:
        low = bits & -bits
        k = low.bit_length() - 1
        crossing[k] |= bit
        queue.add(k)
        bits ^= low


class _Lines:
    """Propagation state: per-line known filled/empty bitmasks and remaining placements."""

    __slots__ = ("rf", "re", "cf", "ce", "rc", "cc")

    def copy(self) -> _Lines:
        s = _Lines.__new__(_Lines)
        s.rf, s.re, s.cf, s.ce = self.rf[:], self.re[:], self.cf[:], self.ce[:]
        s.rc, s.cc = self.rc[:], self.cc[:]
        return s


class _Solver:
    def __init__(self, row_clues: Clues, col_clues: Clues):
        self.h, self.w = len(row_clues), len(col_clues)
        self.row_clues = [tuple(c) for c in row_clues]
        self.col_clues = [tuple(c) for c in col_clues]
        self.nodes = 0

    def initial(self) -> _Lines | None:
        s = _Lines()
        s.rf, s.re, s.cf, s.ce = [0] * self.h, [0] * self.h, [0] * self.w, [0] * self.w
        s.rc = [self._cands(c, self.w) for c in self.row_clues]
        s.cc = [self._cands(c, self.h) for c in self.col_clues]
        if any(c == () for c in s.rc + s.cc):
            return None
        return s

    @staticmethod
    def _cands(clue: tuple[int, ...], n: int) -> tuple[int, ...] | None:
        """Placements of the clue, or ``None`` for a line too rich to enumerate (DP instead)."""
        if placement_count(clue, n) > ENUMERATION_LIMIT:
            return None
        return placements(clue, n)

    def propagate(self, s: _Lines, rows: set[int], cols: set[int]) -> bool:
        """Line logic to a fixpoint from the dirty ``rows``/``cols``; False on a contradiction."""
        h, w = self.h, self.w
        full_r, full_c = (1 << w) - 1, (1 << h) - 1
        while rows or cols:
            while rows:
                r = rows.pop()
                res = self._line(s.rc, r, self.row_clues[r], w, s.rf[r], s.re[r])
                if res is None:
                    return False
                must, may = res
                new_f = must & ~s.rf[r]
                new_e = full_r & ~may & ~s.re[r]
                if new_f & new_e:
                    return False
                if new_f:
                    s.rf[r] |= new_f
                    _mark_crossing(new_f, r, s.cf, cols)
                if new_e:
                    s.re[r] |= new_e
                    _mark_crossing(new_e, r, s.ce, cols)
            while cols:
                c = cols.pop()
                res = self._line(s.cc, c, self.col_clues[c], h, s.cf[c], s.ce[c])
                if res is None:
                    return False
                must, may = res
                new_f = must & ~s.cf[c]
                new_e = full_c & ~may & ~s.ce[c]
                if new_f:
                    s.cf[c] |= new_f
                    _mark_crossing(new_f, c, s.rf, rows)
                if new_e:
                    s.ce[c] |= new_e
                    _mark_crossing(new_e, c, s.re, rows)
        return True

    @staticmethod
    def _line(cands: list, i: int, clue: tuple[int, ...], n: int, f: int, e: int) -> tuple[int, int] | None:
        current = cands[i]
        if current is None:
            return line_solve_dp(clue, n, f, e)
        if len(current) > 1:
            current = [p for p in current if p & f == f and not p & e]
            if not current:
                return None
            cands[i] = current
        elif current[0] & f != f or current[0] & e:
            return None
        if len(current) == 1:
            return current[0], current[0]
        return reduce(and_, current), reduce(or_, current)

    def solved(self, s: _Lines) -> bool:
        full = (1 << self.w) - 1
        return all(f | e == full for f, e in zip(s.rf, s.re))

    def grid(self, s: _Lines) -> Grid:
        return [[(f >> c) & 1 for c in range(self.w)] for f in s.rf]

    def branch_cell(self, s: _Lines) -> tuple[int, int]:
        """An unknown cell of the most constrained undecided row (fewest placements left)."""
        full = (1 << self.w) - 1
        best_r, best_n = -1, 1 << 62
        for r in range(self.h):
            unknown = full & ~(s.rf[r] | s.re[r])
            if unknown:
                cands = s.rc[r]
                n = len(cands) if cands is not None else (1 << 40) + bin(unknown).count("1")
                if n < best_n:
                    best_r, best_n = r, n
        unknown = full & ~(s.rf[best_r] | s.re[best_r])
        return best_r, (unknown & -unknown).bit_length() - 1


def solve(row_clues: Clues, col_clues: Clues, limit: int = 2, max_nodes: int | None = None) -> SolveResult:
    """Up to ``limit`` solutions of the clues (``limit=2`` proves uniqueness), by line logic + branching.

    ``max_nodes`` bounds the search; when it runs out, ``exhausted`` is True and the count is a lower bound.
    """
    solver = _Solver(row_clues, col_clues)
    found: list[Grid] = []
    state = solver.initial()
    if state is None or not solver.propagate(state, set(range(solver.h)), set(range(solver.w))):
        return SolveResult([], True, 1, False)
    solver.nodes = 1
    if solver.solved(state):
        return SolveResult([solver.grid(state)], True, 1, False)
    exhausted = False
    stack: list[_Lines] = [state]
    while stack:
        s = stack.pop()
        if solver.solved(s):
            found.append(solver.grid(s))
            if len(found) >= limit:
                break
            continue
        if max_nodes is not None and solver.nodes >= max_nodes:
            exhausted = True
            break
        r, c = solver.branch_cell(s)
        children = []
        for value in (0, 1):  # pushed in reverse: "filled" is explored first
            child = s.copy()
            if value:
                child.rf[r] |= 1 << c
                child.cf[c] |= 1 << r
            else:
                child.re[r] |= 1 << c
                child.ce[c] |= 1 << r
            solver.nodes += 1
            if solver.propagate(child, {r}, {c}):
                children.append(child)
        stack.extend(children)
    return SolveResult(found, False, solver.nodes, exhausted)


def count_solutions(row_clues: Clues, col_clues: Clues, limit: int = 2, max_nodes: int | None = None) -> int:
    """Number of solutions of the clues, counting at most ``limit``."""
    return solve(row_clues, col_clues, limit, max_nodes).count


# ----------------------------------------------------------------------------------------- CP-SAT check


def _automaton(clue: list[int]) -> tuple[list[tuple[int, int, int]], list[int]]:
    """Deterministic automaton over 0/1 accepting exactly the lines whose runs are ``clue``.

    State 0 is "before the first block"; each further state is "inside block j after t cells" or
    "in the gap after block j". Returns (transitions, final states)."""
    transitions: list[tuple[int, int, int]] = [(0, 0, 0)]
    state = 0
    gap = 0  # the state that loops on 0 before the next block
    for j, b in enumerate(clue):
        for t in range(b):
            nxt = state + 1
            transitions.append((state, 1, nxt))
            state = nxt
        if j < len(clue) - 1:
            gap = state + 1
            transitions.append((state, 0, gap))
            transitions.append((gap, 0, gap))
            state = gap
    if clue:
        end = state + 1
        transitions.append((state, 0, end))
        transitions.append((end, 0, end))
        return transitions, [state, end]
    return transitions, [0]


def count_solutions_cpsat(row_clues: Clues, col_clues: Clues, limit: int = 2) -> int:
    """Count solutions with an OR-Tools CP-SAT model (one automaton constraint per line), up to ``limit``.

    An independent algorithm from :func:`solve`, used to cross-check it.
    """
    from ortools.sat.python import cp_model

    h, w = len(row_clues), len(col_clues)
    model = cp_model.CpModel()
    x = [[model.NewIntVar(0, 1, f"x{r}_{c}") for c in range(w)] for r in range(h)]
    for r, clue in enumerate(row_clues):
        trans, finals = _automaton(list(clue))
        model.AddAutomaton(x[r], 0, finals, trans)
    for c, clue in enumerate(col_clues):
        trans, finals = _automaton(list(clue))
        model.AddAutomaton([x[r][c] for r in range(h)], 0, finals, trans)

    from genpuzzle.solvers.cpsat import count_model_solutions

    return count_model_solutions(model, limit)


# ------------------------------------------------------------------------------------------ source masks

MASK_KINDS = ("random", "blobs", "symmetric", "shapes", "walk")


def random_mask(rows: int, cols: int, rng: random.Random, kind: str) -> Grid:
    """A source picture of one ``kind``: ``random`` (independent cells at a drawn density), ``blobs``
    (random cells smoothed by a majority rule), ``symmetric`` (a random half mirrored), ``shapes``
    (union of rectangles and ellipses, some cut out), ``walk`` (thick random-walk strokes)."""
    if kind == "random":
        p = rng.uniform(0.45, 0.65)
        return [[int(rng.random() < p) for _ in range(cols)] for _ in range(rows)]
    if kind == "blobs":
        p = rng.uniform(0.45, 0.6)
        g = [[int(rng.random() < p) for _ in range(cols)] for _ in range(rows)]
        out = [row[:] for row in g]
        for r in range(rows):
            for c in range(cols):
                around = [g[rr][cc] for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)
                          if 0 <= rr < rows and 0 <= cc < cols]
                s = sum(around)
                if s * 2 > len(around) + 1:
                    out[r][c] = 1
                elif s * 2 < len(around) - 1:
                    out[r][c] = 0
        return out
    if kind == "symmetric":
        p = rng.uniform(0.45, 0.65)
        g = [[int(rng.random() < p) for _ in range(cols)] for _ in range(rows)]
        axis = rng.choice(("vertical", "horizontal"))
        for r in range(rows):
            for c in range(cols):
                if axis == "vertical":
                    g[r][c] = g[r][min(c, cols - 1 - c)]
                else:
                    g[r][c] = g[min(r, rows - 1 - r)][c]
        return g
    if kind == "shapes":
        g = [[0] * cols for _ in range(rows)]
        for k in range(rng.randint(2, 4) + (rows * cols) // 80):
            value = 0 if k >= 2 and rng.random() < 0.3 else 1
            r0, c0 = rng.randrange(rows), rng.randrange(cols)
            hr, hc = rng.randint(1, max(1, rows // 3)), rng.randint(1, max(1, cols // 3))
            ellipse = rng.random() < 0.5
            for r in range(max(0, r0 - hr), min(rows, r0 + hr + 1)):
                for c in range(max(0, c0 - hc), min(cols, c0 + hc + 1)):
                    if not ellipse or ((r - r0) / (hr + 0.5)) ** 2 + ((c - c0) / (hc + 0.5)) ** 2 <= 1.0:
                        g[r][c] = value
        return g
    if kind == "walk":
        g = [[0] * cols for _ in range(rows)]
        target = rng.uniform(0.4, 0.6) * rows * cols
        r, c = rng.randrange(rows), rng.randrange(cols)
        filled = 0
        steps = 0
        while filled < target and steps < 50 * rows * cols:
            steps += 1
            if not g[r][c]:
                g[r][c] = 1
                filled += 1
            if rng.random() < 0.35:  # a thicker stroke: also paint one neighbour
                dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols and not g[rr][cc]:
                    g[rr][cc] = 1
                    filled += 1
            dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
            r, c = min(rows - 1, max(0, r + dr)), min(cols - 1, max(0, c + dc))
        return g
    raise ValueError(f"unknown mask kind {kind!r}; kinds: {', '.join(MASK_KINDS)}")


def density(mask: Grid) -> float:
    return sum(map(sum, mask)) / (len(mask) * len(mask[0]))


def is_trivial(mask: Grid, min_density: float = 0.2, max_density: float = 0.8) -> bool:
    """True for masks not worth a puzzle: nearly empty or full, or with an all-empty/all-full half."""
    d = density(mask)
    if not min_density <= d <= max_density:
        return True
    rows, cols = len(mask), len(mask[0])
    empty_rows = sum(1 for row in mask if not any(row))
    empty_cols = sum(1 for c in range(cols) if not any(row[c] for row in mask))
    return empty_rows > rows // 3 or empty_cols > cols // 3


def solution_hash(mask: Grid) -> str:
    """SHA-256 of the exact picture (shape + cells)."""
    text = f"{len(mask)}x{len(mask[0])}:" + "/".join("".join(map(str, row)) for row in mask)
    return hashlib.sha256(text.encode()).hexdigest()


def canonical_hash(mask: Grid) -> str:
    """SHA-256 of the picture's canonical form under rotations and mirrors (the dihedral group), so
    puzzles that are the same up to symmetry share one hash (clues transform with the picture)."""
    def rot(g: Grid) -> Grid:
        return [list(row) for row in zip(*g[::-1])]

    forms = []
    g = [row[:] for row in mask]
    for _ in range(4):
        forms.append(g)
        forms.append([row[::-1] for row in g])
        g = rot(g)
    texts = [f"{len(f)}x{len(f[0])}:" + "/".join("".join(map(str, row)) for row in f) for f in forms]
    return hashlib.sha256(min(texts).encode()).hexdigest()
