"""Matchstick arithmetic logic: glyph table, equation evaluation, exact k-move search, instance generation.

An equation ``A op B = C`` is a row of symbol positions. Each position has a *kind* that fixes its stick
slots: ``digit`` (seven segments ``a``-``g``), ``op`` (``h``, ``v``: ``+`` and ``-``), ``opx`` (``op``
plus the diagonals ``x1``, ``x2``: also ``x``, multiplication) and ``eq`` (``top``, ``bottom``: ``=``).
A configuration is one boolean per slot (:func:`slots` order). A *move* takes a stick out of an occupied
slot and puts it into an empty slot of any position; "exactly k moves" means the target configuration
differs from the shown one by k emptied and k filled slots. Every position must stay a legal glyph of its
kind, numbers have no leading zero, and the equation must be true (``-`` results are never negative).
Positions are never created or deleted. No drawing, no I/O.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from functools import lru_cache

DIGIT_SEGMENTS = ("a", "b", "c", "d", "e", "f", "g")
SLOT_NAMES: dict[str, tuple[str, ...]] = {
    "digit": DIGIT_SEGMENTS,
    "op": ("h", "v"),
    "opx": ("h", "v", "x1", "x2"),
    "eq": ("top", "bottom"),
}
_DIGITS = {
    "0": "abcdef", "1": "bc", "2": "abdeg", "3": "abcdg", "4": "bcfg",
    "5": "acdfg", "6": "acdefg", "7": "abc", "8": "abcdefg", "9": "abcdfg",
}
GLYPHS: dict[str, dict[str, frozenset[str]]] = {
    "digit": {d: frozenset(s) for d, s in _DIGITS.items()},
    "op": {"+": frozenset({"h", "v"}), "-": frozenset({"h"})},
    "opx": {"+": frozenset({"h", "v"}), "-": frozenset({"h"}), "x": frozenset({"x1", "x2"})},
    "eq": {"=": frozenset({"top", "bottom"})},
}
OPERATORS = ("+", "-", "x")
MAX_MOVES = 4


@dataclass(frozen=True)
class Frame:
    """The symbol positions of an equation: one kind per position (``digit``/``op``/``opx``/``eq``)."""

    kinds: tuple[str, ...]

    @property
    def times(self) -> bool:
        """Whether the operator position has the diagonal slots (``x`` is allowed)."""
        return "opx" in self.kinds


def frame_for(equation: str, times: bool = False) -> Frame:
    """The frame of ``equation`` (e.g. ``"6+4=4"``); ``times`` gives the operator position ``x`` slots."""
    if parse_equation(equation, allow_leading_zero=True) is None:
        raise ValueError(f"not an equation of the form A op B = C: {equation!r}")
    if "x" in equation and not times:
        raise ValueError(f"{equation!r} uses x but times=False")
    kinds = []
    for ch in equation:
        kinds.append("digit" if ch.isdigit() else "eq" if ch == "=" else ("opx" if times else "op"))
    return Frame(tuple(kinds))


@lru_cache(maxsize=256)
def slots(frame: Frame) -> tuple[tuple[int, str], ...]:
    """Every slot as ``(symbol index, segment name)``, positions left to right, segments in table order."""
    return tuple((i, name) for i, kind in enumerate(frame.kinds) for name in SLOT_NAMES[kind])


@lru_cache(maxsize=4096)
def occupancy(equation: str, frame: Frame) -> tuple[bool, ...]:
    """The configuration showing ``equation`` in ``frame`` (raises ``ValueError`` on an illegal glyph;
    cached: generation asks for the same equations again)."""
    if len(equation) != len(frame.kinds):
        raise ValueError(f"{equation!r} has {len(equation)} symbols, frame has {len(frame.kinds)}")
    sets = []
    for ch, kind in zip(equation, frame.kinds):
        if ch not in GLYPHS[kind]:
            raise ValueError(f"{ch!r} is not a glyph of a {kind} position")
        sets.append(GLYPHS[kind][ch])
    return tuple(name in sets[i] for i, name in slots(frame))


def decode(occupied: tuple[bool, ...] | list[bool], frame: Frame) -> list[str | None]:
    """The glyph at each position (``None`` where the sticks form no legal glyph of that kind)."""
    on: list[set[str]] = [set() for _ in frame.kinds]
    for (i, name), bit in zip(slots(frame), occupied):
        if bit:
            on[i].add(name)
    out: list[str | None] = []
    for kind, segs in zip(frame.kinds, on):
        out.append(next((g for g, s in GLYPHS[kind].items() if s == segs), None))
    return out


def parse_equation(equation: str, allow_leading_zero: bool = False) -> tuple[int, str, int, int] | None:
    """``(A, op, B, C)`` of ``"A op B = C"`` (1+ digits each, op in ``+ - x``), else ``None``.

    Numbers with a leading zero (``"07"``) are rejected unless ``allow_leading_zero``.
    """
    if equation.count("=") != 1:
        return None
    left, right = equation.split("=")
    ops = [i for i, ch in enumerate(left) if ch in OPERATORS]
    if len(ops) != 1:
        return None
    a, op, b = left[: ops[0]], left[ops[0]], left[ops[0] + 1:]
    numbers = (a, b, right)
    if not all(n and n.isascii() and n.isdigit() for n in numbers):
        return None
    if not allow_leading_zero and any(len(n) > 1 and n[0] == "0" for n in numbers):
        return None
    return int(a), op, int(b), int(right)


def is_true(equation: str) -> bool:
    """Whether ``equation`` is a well-formed, true ``A op B = C`` (no leading zeros)."""
    parsed = parse_equation(equation)
    if parsed is None:
        return False
    a, op, b, c = parsed
    value = a + b if op == "+" else a - b if op == "-" else a * b
    return value == c


def move_counts(shown: tuple[bool, ...] | list[bool], target: tuple[bool, ...] | list[bool]) -> tuple[int, int]:
    """``(removed, added)``: slots emptied and slots filled going from ``shown`` to ``target``."""
    removed = sum(1 for s, t in zip(shown, target) if s and not t)
    added = sum(1 for s, t in zip(shown, target) if t and not s)
    return removed, added


@lru_cache(maxsize=4096)
def _glyph_costs(kind: str, current: frozenset[str], k: int) -> tuple[tuple[str, int, int], ...]:
    """Glyphs of ``kind`` reachable from the stick set ``current`` as (glyph, removed, added), each <= k."""
    out = []
    for glyph, segs in GLYPHS[kind].items():
        r, a = len(current - segs), len(segs - current)
        if r <= k and a <= k:
            out.append((glyph, r, a))
    return tuple(out)


def _position_sets(occupied: tuple[bool, ...], frame: Frame) -> list[frozenset[str]]:
    on: list[set[str]] = [set() for _ in frame.kinds]
    for (i, name), bit in zip(slots(frame), occupied):
        if bit:
            on[i].add(name)
    return [frozenset(s) for s in on]


@lru_cache(maxsize=1024)
def _equation_parts(occupied: tuple[bool, ...], frame: Frame) -> tuple:
    """The stick sets of a configuration split as :func:`search` reads them: (A's digit sets, the operator's
    kind and set, B's digit sets, the equals sign's set, C's digit sets). Cached: a generation searches one
    configuration at each move count up to k."""
    sets = _position_sets(occupied, frame)
    op_pos = next(i for i, kind in enumerate(frame.kinds) if kind in ("op", "opx"))
    eq_pos = frame.kinds.index("eq")
    return (tuple(sets[:op_pos]), frame.kinds[op_pos], sets[op_pos], tuple(sets[op_pos + 1:eq_pos]), sets[eq_pos],
            tuple(sets[eq_pos + 1:]))


@lru_cache(maxsize=1024)
def _number_options(kinds_sets: tuple[frozenset[str], ...], k: int) -> dict[tuple[int, int], dict[int, str]]:
    """All numbers (no leading zero) the digit positions can show at cost (removed, added) <= (k, k):
    ``{(removed, added): {value: digits}}`` (cached: callers must not modify it)."""
    partial: dict[tuple[int, int], list[str]] = {(0, 0): [""]}
    for pos, current in enumerate(kinds_sets):
        nxt: dict[tuple[int, int], list[str]] = {}
        for glyph, r, a in _glyph_costs("digit", current, k):
            if glyph == "0" and pos == 0 and len(kinds_sets) > 1:
                continue
            for (r0, a0), prefixes in partial.items():
                if r0 + r <= k and a0 + a <= k:
                    nxt.setdefault((r0 + r, a0 + a), []).extend(p + glyph for p in prefixes)
        partial = nxt
    return {cost: {int(s): s for s in strings} for cost, strings in partial.items()}


def search(occupied: tuple[bool, ...] | list[bool], frame: Frame, k: int) -> list[str]:
    """Every true equation reachable from configuration ``occupied`` with exactly ``k`` moves, sorted.

    Meet in the middle: all (value, cost) options of A, op and B are combined and C = A op B is looked up
    among C's options with the remaining cost.
    """
    if k < 0:
        return []
    a_sets, op_kind, op_set, b_sets, eq_set, c_sets = _equation_parts(tuple(map(bool, occupied)), frame)
    a_opts = _number_options(a_sets, k)
    b_opts = _number_options(b_sets, k)
    c_opts = _number_options(c_sets, k)
    op_opts = _glyph_costs(op_kind, op_set, k)
    eq_opts = _glyph_costs("eq", eq_set, k)
    found: set[str] = set()
    for (ra, aa), a_vals in a_opts.items():
        for op, ro, ao in op_opts:
            for eq, re_, ae in eq_opts:
                for (rb, ab), b_vals in b_opts.items():
                    r_need = k - ra - ro - re_ - rb
                    a_need = k - aa - ao - ae - ab
                    c_vals = c_opts.get((r_need, a_need))
                    if not c_vals:
                        continue
                    # C = A op B looked up for every A and B (one loop per operator: no test per pair)
                    c_of, b_items = c_vals.get, b_vals.items()
                    if op == "+":
                        for a_val, a_str in a_vals.items():
                            for b_val, b_str in b_items:
                                c_str = c_of(a_val + b_val)
                                if c_str is not None:
                                    found.add(f"{a_str}{op}{b_str}{eq}{c_str}")
                    elif op == "-":
                        for a_val, a_str in a_vals.items():
                            for b_val, b_str in b_items:
                                c_str = c_of(a_val - b_val)
                                if c_str is not None:
                                    found.add(f"{a_str}{op}{b_str}{eq}{c_str}")
                    else:
                        for a_val, a_str in a_vals.items():
                            for b_val, b_str in b_items:
                                c_str = c_of(a_val * b_val)
                                if c_str is not None:
                                    found.add(f"{a_str}{op}{b_str}{eq}{c_str}")
    return sorted(found)


def solve(equation: str, k: int, times: bool = False) -> list[str]:
    """Every true equation reachable from ``equation`` with exactly ``k`` stick moves, sorted."""
    frame = frame_for(equation, times)
    return search(occupancy(equation, frame), frame, k)


def enumerate_by_glyphs(occupied: tuple[bool, ...] | list[bool], frame: Frame, k: int) -> list[str]:
    """Independent check of :func:`search`: depth-first over every glyph of every position, keeping the
    assignments whose slot difference to ``occupied`` is exactly k emptied and k filled slots."""
    occupied = tuple(bool(x) for x in occupied)
    order = slots(frame)
    found: list[str] = []
    symbols = [sorted(GLYPHS[kind]) for kind in frame.kinds]

    def walk(pos: int, chosen: list[str], removed: int, added: int) -> None:
        if removed > k or added > k:
            return
        if pos == len(frame.kinds):
            if removed == k and added == k and is_true("".join(chosen)):
                found.append("".join(chosen))
            return
        kind = frame.kinds[pos]
        for glyph in symbols[pos]:
            segs = GLYPHS[kind][glyph]
            r = a = 0
            for (i, name), bit in zip(order, occupied):
                if i == pos:
                    r += bit and name not in segs
                    a += (not bit) and name in segs
            walk(pos + 1, chosen + [glyph], removed + r, added + a)

    walk(0, [], 0, 0)
    return sorted(found)


def min_moves(occupied: tuple[bool, ...] | list[bool], frame: Frame, up_to: int = MAX_MOVES) -> int | None:
    """The fewest moves (1..``up_to``) that make the equation true, or ``None``."""
    for j in range(1, up_to + 1):
        if search(occupied, frame, j):
            return j
    return None


# ------------------------------------------------------------------------------------------- generation


@dataclass(frozen=True)
class MatchstickInstance:
    """A generated puzzle: the false ``equation`` shown, ``k`` moves, every solution (sorted)."""

    equation: str
    moves: int
    solutions: tuple[str, ...]
    frame: Frame
    source: str  # the true equation the shown one was derived from (one of ``solutions``)

    @property
    def occupied(self) -> tuple[bool, ...]:
        return occupancy(self.equation, self.frame)

    @property
    def stick_count(self) -> int:
        return sum(self.occupied)


SHAPES = ((1, 1, 1), (1, 1, 2), (2, 1, 2), (2, 1, 1), (1, 2, 2), (2, 2, 2), (2, 2, 1))
SHAPE_WEIGHTS = (40, 18, 14, 8, 8, 6, 6)


def random_true_equation(rng: random.Random, shape: tuple[int, int, int], op: str) -> str | None:
    """A random true ``A op B = C`` whose numbers have ``shape`` digits (no leading zeros), or ``None``."""
    randrange = rng.randrange
    a_one, b_one = shape[0] == 1, shape[1] == 1
    for _ in range(60):
        a = randrange(10) if a_one else randrange(10, 100)
        b = randrange(10) if b_one else randrange(10, 100)
        c = a + b if op == "+" else a - b if op == "-" else a * b
        if c >= 0 and len(str(c)) == shape[2]:
            return f"{a}{op}{b}={c}"
    return None


@lru_cache(maxsize=4096)
def _completion_counts(options: tuple[tuple[tuple[str, int, int], ...], ...], k: int) -> list[list[list[int]]]:
    """``ways[pos][r][a]``: the glyph choices for positions ``pos..`` (``options[pos]``: (glyph, removed,
    added), each cost <= k) that empty exactly r and fill exactly a slots (cached: callers must not
    modify it)."""
    size = k + 1
    after = [[0] * size for _ in range(size)]
    after[0][0] = 1
    ways = [after]
    for choices in reversed(options):
        here = [[0] * size for _ in range(size)]
        for _, gr, ga in choices:
            for r in range(gr, size):
                row, row_after = here[r], after[r - gr]
                for a in range(ga, size):
                    row[a] += row_after[a - ga]
        ways.append(here)
        after = here
    ways.reverse()
    return ways


def _sample_at_distance(rng: random.Random, occupied: tuple[bool, ...], frame: Frame, k: int) -> str | None:
    """A uniformly random glyph assignment at exactly k emptied + k filled slots from ``occupied``."""
    sets = _position_sets(occupied, frame)
    options = tuple(_glyph_costs(kind, cur, k) for kind, cur in zip(frame.kinds, sets))
    ways = _completion_counts(options, k)
    if ways[0][k][k] == 0:
        return None
    out, r, a = [], k, k
    for pos in range(len(options)):
        after = ways[pos + 1]
        weights = [after[r - gr][a - ga] if gr <= r and ga <= a else 0 for _, gr, ga in options[pos]]
        pick = rng.choices(range(len(options[pos])), weights=weights)[0]
        glyph, gr, ga = options[pos][pick]
        out.append(glyph)
        r, a = r - gr, a - ga
    return "".join(out)


def generate(rng: random.Random, k: int, several: bool = False, times: bool = False,
             attempts: int = 400) -> MatchstickInstance:
    """A false equation that exactly k moves make true, with k also the fewest moves that do.

    ``several=False`` asks for exactly one solution, ``several=True`` for 2-4; when no attempt meets that,
    the candidate with the closest solution count is returned (its count is recorded, never hidden).
    """
    if not 1 <= k <= MAX_MOVES:
        raise ValueError(f"k must be 1..{MAX_MOVES}, got {k}")
    best: tuple[int, MatchstickInstance] | None = None
    ops = ("+", "-", "x") if times else ("+", "-")
    for _ in range(attempts):
        shape = rng.choices(SHAPES, weights=SHAPE_WEIGHTS)[0]
        op = rng.choice(ops)
        source = random_true_equation(rng, shape, op)
        if source is None:
            continue
        frame = frame_for(source, times)
        shown = _sample_at_distance(rng, occupancy(source, frame), frame, k)
        if shown is None or parse_equation(shown) is None or is_true(shown):
            continue
        shown_occ = occupancy(shown, frame)
        if min_moves(shown_occ, frame, k - 1) is not None:
            continue
        solutions = search(shown_occ, frame, k)
        n = len(solutions)
        penalty = abs(n - 1) if not several else (0 if 2 <= n <= 4 else abs(n - 3))
        instance = MatchstickInstance(shown, k, tuple(solutions), frame, source)
        if penalty == 0:
            return instance
        if best is None or penalty < best[0]:
            best = (penalty, instance)
    if best is None:
        raise RuntimeError(f"no {k}-move matchstick instance found in {attempts} attempts")
    return best[1]


def operator_changes(instance: MatchstickInstance) -> bool:
    """Whether some solution shows a different operator than the shown equation."""
    op = next(ch for ch in instance.equation if ch in OPERATORS)
    return any(op not in sol for sol in instance.solutions)


def all_slot_moves(occupied: tuple[bool, ...], k: int) -> itertools.product:
    """Every (emptied slot indices, filled slot indices) pair of a k-move change (for brute force)."""
    full = [i for i, b in enumerate(occupied) if b]
    empty = [i for i, b in enumerate(occupied) if not b]
    return itertools.product(itertools.combinations(full, k), itertools.combinations(empty, k))
