"""Pattern-completion logic: the closed hypothesis spaces and the uniqueness proofs (pure, no images).

A 3 x 3 matrix of panels is shown with panel (2, 2) missing. A *hypothesis* is a rule a solver could
read into the eight shown panels, applied row-wise (third panel of a row from the first two) or
column-wise. It is *consistent* when it reproduces every shown panel it constrains, and then *predicts*
the missing panel. An instance is kept only when at least one hypothesis is consistent and every
consistent hypothesis predicts the same answer (:func:`prove_cells`, :func:`prove_objects`).

``matrix_cells`` (binary n x n panels): all 16 cell-wise Boolean operations f(a, b) (truth table bit
``2a + b`` of the op's index), and 19 grid transforms T applied twice along a row or column
(p2 = T(p1), p3 = T(p2)): identity, complement, 10 wrap-around shifts, 3 rotations, 4 flips.

``matrix_objects`` (one figure per slot; all figures of a panel share type, size and fill): per
attribute, row-wise and column-wise: Constant, Progression (+-1, +-2), Arithmetic (add / subtract on
1-based values), Distribute-Three, copy-first, copy-second; for the slot set of the 2x2 grid also all 16
Boolean operations per slot, rotations of the slots around the ring and Distribute-Three over sets, and
for its figure count the scalar rules above. Every attribute's consistent hypotheses must agree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

AXES = ("row", "col")
BOOLEAN_NAMES = {0: "FALSE", 1: "NOR", 2: "B_AND_NOT_A", 3: "NOT_A", 4: "A_AND_NOT_B", 5: "NOT_B", 6: "XOR",
                 7: "NAND", 8: "AND", 9: "XNOR", 10: "B", 11: "B_OR_NOT_A", 12: "A", 13: "A_OR_NOT_B", 14: "OR",
                 15: "TRUE"}
BOOLEAN_INDEX = {v: k for k, v in BOOLEAN_NAMES.items()}
GENERATOR_OPS = ("XOR", "OR", "AND", "A_AND_NOT_B")
SHIFTS = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1), (0, 2), (2, 0)]


def boolean_op(index: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Cell-wise Boolean operation ``index`` (0..15): output bit = bit ``2a + b`` of ``index``."""
    a, b = np.asarray(a, np.int64), np.asarray(b, np.int64)
    return (index >> (2 * a + b)) & 1


def _transforms() -> dict[str, Callable[[np.ndarray], np.ndarray]]:
    out: dict[str, Callable[[np.ndarray], np.ndarray]] = {"identity": lambda g: g, "complement": lambda g: 1 - g}
    for dr, dc in SHIFTS:
        out[f"shift_{dr:+d}_{dc:+d}"] = (lambda dr, dc: lambda g: np.roll(g, (dr, dc), axis=(0, 1)))(dr, dc)
    out.update({"rot90": lambda g: np.rot90(g, -1), "rot180": lambda g: np.rot90(g, 2),
                "rot270": lambda g: np.rot90(g, 1), "flip_lr": lambda g: g[:, ::-1], "flip_ud": lambda g: g[::-1, :],
                "transpose": lambda g: g.T, "anti_transpose": lambda g: np.rot90(g, 2).T})
    return out


TRANSFORMS = _transforms()
GENERATOR_TRANSFORMS = ("shift_+0_+1", "shift_+0_-1", "shift_+1_+0", "shift_-1_+0", "rot90", "rot270", "flip_lr",
                        "flip_ud")


def cell_hypotheses() -> list[tuple[str, str, str]]:
    """The closed space for ``matrix_cells``: (kind, axis, name) for 2 x (16 + 19) = 70 hypotheses."""
    out = [("boolean", axis, BOOLEAN_NAMES[k]) for axis in AXES for k in range(16)]
    out += [("transform", axis, name) for axis in AXES for name in TRANSFORMS]
    return out


def _lines(panels: Sequence[Sequence[Any]], axis: str) -> list[list[Any]]:
    """The three rows (axis ``row``) or columns of the matrix, each as three panels."""
    if axis == "row":
        return [list(panels[r]) for r in range(3)]
    return [[panels[r][c] for r in range(3)] for c in range(3)]


def cell_prediction(hypothesis: Sequence[str], panels: Sequence[Sequence[Any]]) -> np.ndarray | None:
    """The missing panel predicted by ``hypothesis`` if it is consistent with the eight shown panels
    (``panels[2][2]`` is ignored), else None."""
    lines = [[np.asarray(p, np.int64) if p is not None else None for p in line]
             for line in _lines(panels, hypothesis[1])]
    return _line_prediction(hypothesis, lines)


def _line_prediction(hypothesis: Sequence[str], lines: list[list[np.ndarray | None]]) -> np.ndarray | None:
    """:func:`cell_prediction` on the hypothesis's three lines (int64 arrays)."""
    kind, axis, name = hypothesis
    if kind == "boolean":
        k = BOOLEAN_INDEX[name]
        for line in lines[:2]:
            if not np.array_equal(boolean_op(k, line[0], line[1]), line[2]):
                return None
        return boolean_op(k, lines[2][0], lines[2][1])
    t = TRANSFORMS[name]
    for line in lines[:2]:
        if line[0].shape[0] != line[0].shape[1] and name in ("rot90", "rot270", "transpose", "anti_transpose"):
            return None
        if not (np.array_equal(t(line[0]), line[1]) and np.array_equal(t(line[1]), line[2])):
            return None
    if not np.array_equal(t(lines[2][0]), lines[2][1]):
        return None
    return t(lines[2][1])


def prove_cells(panels: Sequence[Sequence[Any]]) -> dict[str, Any]:
    """The uniqueness proof over :func:`cell_hypotheses`: ``unique`` (some hypothesis is consistent and all
    consistent ones predict one answer), ``consistent`` (names), ``answer`` (the agreed panel or None),
    ``hypotheses_checked``."""
    predictions: dict[bytes, np.ndarray] = {}
    consistent = []
    space = cell_hypotheses()
    arrays = [[np.asarray(p, np.int64) if p is not None else None for p in row] for row in panels]  # once
    lines = {axis: _lines(arrays, axis) for axis in AXES}
    booleans = {axis: _consistent_booleans(lines[axis]) for axis in AXES}
    for h in space:
        kind, axis, name = h
        if kind == "boolean" and booleans[axis] is not None:
            k = BOOLEAN_INDEX[name]
            p = boolean_op(k, lines[axis][2][0], lines[axis][2][1]) if k in booleans[axis] else None
        else:
            p = _line_prediction(h, lines[axis])
        if p is not None:
            consistent.append(":".join(h))
            predictions[p.astype(np.int8).tobytes() + bytes(p.shape)] = p
    unique = len(predictions) == 1
    answer = next(iter(predictions.values())).tolist() if unique else None
    return {"unique": unique, "consistent": consistent, "answer": answer, "hypotheses_checked": len(space),
            "distinct_predictions": len(predictions)}


def _consistent_booleans(lines: list[list[np.ndarray | None]]) -> set[int] | None:
    """The Boolean operations (0..15) under which the first two of ``lines`` hold (third panel = op of the
    first two, cell-wise), found from the bits each cell pins (operation bit ``2a + b`` must be ``c``) in
    one pass instead of one array test per operation; None (decide per operation) unless the six panels
    are 0/1 arrays of one shape."""
    panels = [p for line in lines[:2] for p in line]
    if any(p is None or p.shape != panels[0].shape for p in panels):
        return None
    pinned: dict[int, int] = {}
    for a, b, c in (line for line in lines[:2]):
        for x, y, z in zip(a.ravel().tolist(), b.ravel().tolist(), c.ravel().tolist()):
            if x not in (0, 1) or y not in (0, 1) or z not in (0, 1):
                return None
            bit = 2 * x + y
            if pinned.setdefault(bit, z) != z:
                return set()
    return {k for k in range(16) if all((k >> bit) & 1 == z for bit, z in pinned.items())}


def all_cell_predictions(panels: Sequence[Sequence[Any]]) -> dict[str, list]:
    """What every hypothesis of the space predicts for the missing panel, consistent or not (applied to
    the last row / column alone), for telling a known wrong rule from a reading no rule explains."""
    out = {}
    for kind, axis, name in cell_hypotheses():
        last = _lines(panels, axis)[2]
        a, b = np.asarray(last[0], np.int64), np.asarray(last[1], np.int64)
        if kind == "boolean":
            out[f"{kind}:{axis}:{name}"] = boolean_op(BOOLEAN_INDEX[name], a, b).tolist()
        else:
            try:
                out[f"{kind}:{axis}:{name}"] = TRANSFORMS[name](b).tolist()
            except ValueError:
                continue
    return out


# ------------------------------------------------------------------------------------------ objects

SCALAR_RULES = ("constant", "progression_+1", "progression_-1", "progression_+2", "progression_-2", "arithmetic_add",
                "arithmetic_sub", "distribute_three", "copy_first", "copy_second")


def _progression(d: int) -> Callable[[int, int], int | None]:
    return lambda a, b: b + d if b - a == d else None


# rule -> the third value of a line from its first two (None: the rule cannot hold on that line)
_SCALAR_THIRD: dict[str, Callable[[int, int], int | None]] = {
    "constant": lambda a, b: a if a == b else None,
    **{f"progression_{d:+d}": _progression(d) for d in (1, -1, 2, -2)},
    "arithmetic_add": lambda a, b: a + b + 1,
    "arithmetic_sub": lambda a, b: a - b - 1,
    "copy_first": lambda a, b: a,
    "copy_second": lambda a, b: b,
}


def scalar_prediction(rule: str, lines: Sequence[Sequence[int | None]], levels: int | None) -> int | None:
    """The missing value predicted by ``rule`` over three lines of values (``lines[2][2]`` unknown) if the
    rule is consistent with the shown values and predicts a value in ``0..levels-1`` (any integer >= 0 when
    ``levels`` is None), else None."""

    def in_range(v: int | None) -> bool:
        return v is not None and v >= 0 and (levels is None or v < levels)

    if rule == "distribute_three":
        values = set(lines[0])
        if len(values) != 3 or set(lines[1]) != values or len(set(lines[2][:2])) != 2 or not set(lines[2][:2]) <= values:
            return None
        (v,) = values - set(lines[2][:2])
        return int(v)
    third = _SCALAR_THIRD.get(rule)
    if third is None:
        raise ValueError(rule)
    for line in lines[:2]:
        if third(line[0], line[1]) != line[2] or not in_range(line[2]):
            return None
    v = third(lines[2][0], lines[2][1])
    return int(v) if in_range(v) else None


def ring_length(slots: int) -> int:
    """Slots on the ring that a slot-set rotation moves: all of the 2x2 grid; the outer eight of the 3x3
    grid (bit 8, the centre, stays)."""
    return 8 if slots == 9 else slots


def rotate_set(mask: int, s: int, slots: int) -> int:
    """Slot set ``mask`` with its ring bits rotated by ``s`` places (bits beyond the ring kept)."""
    n = ring_length(slots)
    ring, rest = mask & ((1 << n) - 1), mask & ~((1 << n) - 1)
    return (((ring << s) | (ring >> (n - s))) & ((1 << n) - 1)) | rest


def _set_rules(slots: int) -> list[str]:
    return ([f"boolean_{BOOLEAN_NAMES[k]}" for k in range(16)]
            + [f"rotate_{k}" for k in range(1, ring_length(slots))] + ["distribute_three"])


def boolean_set(k: int, a: int, b: int, slots: int) -> int:
    """Slot sets ``a`` and ``b`` (bit masks) combined by Boolean operation ``k`` slot-wise: slot i holds
    bit ``2 a_i + b_i`` of ``k``, for the first ``slots`` slots (the four operand cases as masks)."""
    full = (1 << slots) - 1
    na, nb = ~a & full, ~b & full
    return (((na & nb) if k & 1 else 0) | ((na & b) if k & 2 else 0) | ((a & nb) if k & 4 else 0)
            | ((a & b & full) if k & 8 else 0))


def set_prediction(rule: str, lines: Sequence[Sequence[int | None]], slots: int) -> int | None:
    """As :func:`scalar_prediction` for slot sets (bit masks over ``slots`` slots); empty sets are not a
    prediction (every panel shows a figure)."""
    def third(a: int, b: int) -> int | None:
        if rule.startswith("boolean_"):
            return boolean_set(BOOLEAN_INDEX[rule[len("boolean_"):]], a, b, slots)
        if rule.startswith("rotate_"):
            s = int(rule.split("_")[1])
            return rotate_set(b, s, slots) if rotate_set(a, s, slots) == b else None
        raise ValueError(rule)

    if rule == "distribute_three":
        return scalar_prediction("distribute_three", lines, None)
    for line in lines[:2]:
        if third(line[0], line[1]) != line[2]:
            return None
    v = third(lines[2][0], lines[2][1])
    return v if v else None


def attribute_hypotheses(attribute: str, slots: int) -> list[str]:
    rules = _set_rules(slots) if attribute == "position" else list(SCALAR_RULES)
    return [f"{axis}:{rule}" for axis in AXES for rule in rules]


def _attribute_lines(values: Sequence[Sequence[int | None]], axis: str) -> list[list[int | None]]:
    return _lines(values, axis)


def attribute_predictions(attribute: str, values: Sequence[Sequence[int | None]], levels: int | None,
                          slots: int) -> dict[str, int]:
    """Consistent hypotheses of one attribute -> their predicted value."""
    out = {}
    lines = {axis: _attribute_lines(values, axis) for axis in AXES}
    for hyp, axis, rule in _split_hypotheses(attribute == "position", slots):
        p = (set_prediction(rule, lines[axis], slots) if attribute == "position"
             else scalar_prediction(rule, lines[axis], levels))
        if p is not None:
            out[hyp] = p
    return out


@lru_cache(maxsize=None)
def _split_hypotheses(position: bool, slots: int) -> tuple[tuple[str, str, str], ...]:
    """(hypothesis, axis, rule) of :func:`attribute_hypotheses` (any attribute but ``position``, or it)."""
    return tuple((hyp, *hyp.split(":")) for hyp in attribute_hypotheses("position" if position else "type", slots))


def all_attribute_predictions(attribute: str, values: Sequence[Sequence[int | None]], levels: int | None,
                              slots: int) -> set[int]:
    """Every value any hypothesis of the attribute predicts when applied to the last row / column alone,
    whether or not it is consistent with the other lines: the values a known (possibly wrong) rule
    explains."""
    out: set[int] = set()
    for hyp in attribute_hypotheses(attribute, slots):
        axis, rule = hyp.split(":")
        lines = _attribute_lines(values, axis)
        a, b = lines[2][0], lines[2][1]
        p: int | None = None
        if rule == "distribute_three":
            rest = set(lines[0]) - {a, b}
            p = rest.pop() if len(rest) == 1 else None
        elif rule.startswith("boolean_"):
            p = sum(
                ((BOOLEAN_INDEX[rule[8:]] >> (2 * ((a >> i) & 1) + ((b >> i) & 1))) & 1) << i for i in range(slots))
        elif rule.startswith("rotate_"):
            p = rotate_set(b, int(rule.split("_")[1]), slots)
        elif rule.startswith("progression"):
            p = b + int(rule.split("_")[1])
        else:
            p = {"constant": b, "arithmetic_add": a + b + 1, "arithmetic_sub": a - b - 1, "copy_first": a,
                 "copy_second": b}[rule]
        if p is not None and p >= 0 and (levels is None or p < levels):
            out.add(int(p))
    return out


def object_attributes(config: str) -> tuple[str, ...]:
    if config in ("grid2x2", "grid3x3"):
        return ("position", "count", "type", "size", "fill")
    if config == "in_out":
        return ("out_type", "type", "size", "fill")
    return ("type", "size", "fill")


def prove_objects(panels: Sequence[Sequence[dict[str, int] | None]], config: str, levels: dict[str, int],
                  slots: int) -> dict[str, Any]:
    """Per-attribute uniqueness proof for a ``matrix_objects`` instance (``panels[r][c]`` = attribute dict,
    ``panels[2][2]`` ignored). ``unique`` holds when every attribute has a consistent hypothesis and its
    consistent hypotheses agree. The figure count (value = count - 1) is a distractor attribute: its
    consistent hypotheses, if any, must predict the count of the proved slot set."""
    proof: dict[str, Any] = {"attributes": {}, "hypotheses_checked": 0}
    answer: dict[str, int] = {}
    unique = True
    for attr in object_attributes(config):
        values = [[(panels[r][c] or {}).get(attr) if (r, c) != (2, 2) else None for c in range(3)] for r in range(3)]
        preds = attribute_predictions(attr, values, levels.get(attr), slots)
        proof["hypotheses_checked"] += len(attribute_hypotheses(attr, slots))
        distinct = sorted(set(preds.values()))
        proof["attributes"][attr] = {"consistent": preds, "distinct_predictions": distinct}
        if attr == "count":
            continue  # a distractor only: the slot set decides the count (checked below)
        if len(distinct) != 1:
            unique = False
            continue
        answer[attr] = distinct[0]
    if unique and "position" in answer:
        answer["count"] = bin(answer["position"]).count("1") - 1
        if any(v != answer["count"] for v in proof["attributes"]["count"]["distinct_predictions"]):
            unique = False
    proof["unique"] = unique
    proof["answer"] = answer if unique else None
    return proof


# ------------------------------------------------------------------------------------------ sequences
#
# ``sequence`` and ``counting`` show a row of five panels and ask for the sixth. One value per panel
# (a count, an arrow direction mod 8, a ring position mod 8) follows a rule; the closed space below
# lists every rule family with its parameters. Parameters are read off the first panels (the family
# fixes how), so every named hypothesis is one fully parameterised rule.

SEQUENCE_SHOWN = 5
SCALAR_STEPS = range(-4, 5)
SECOND_STEPS = (-3, -2, -1, 1, 2, 3)


def _diff(a: int, b: int, modulus: int | None) -> int:
    """b - a, taken into -modulus/2 < d <= modulus/2 for cyclic values."""
    d = b - a
    if modulus:
        d %= modulus
        if d > modulus // 2:
            d -= modulus
    return d


def sequence_predictions(values: Sequence[int], modulus: int | None = None, lo: int = 0,
                         hi: int | None = None) -> dict[str, int]:
    """Every hypothesis of the closed sequence space consistent with the shown ``values`` -> its
    prediction for the next value. Cyclic values (``modulus`` set) are compared mod ``modulus``; scalar
    predictions outside ``lo..hi`` are not predictions.

    Families: ``step_d`` (constant difference d; d = 0 is Constant), ``second_step_d0_e`` (differences
    grow by e), ``alternate_d1_d2`` (differences alternate), ``period_2`` / ``period_3`` (repetition),
    and for scalars ``double``, ``halve``, ``fibonacci`` (each the sum of the previous two), ``squares``
    (v = (i + k)^2). (Triangular numbers are ``second_step_+1_+1``.)"""
    v = [int(x) for x in values]
    n = len(v)
    m = modulus
    norm = (lambda x: x % m) if m else (lambda x: x)
    diffs = [_diff(v[i], v[i + 1], m) for i in range(n - 1)]
    out: dict[str, int] = {}

    def add(name: str, pred: int) -> None:
        pred = norm(pred)
        if m or (pred >= lo and (hi is None or pred <= hi)):
            out[name] = int(pred)

    if len(set(diffs)) == 1:
        add(f"step_{diffs[0]:+d}", v[-1] + diffs[0])
    second = [diffs[i + 1] - diffs[i] for i in range(len(diffs) - 1)]
    if m:
        second = [_diff(0, s, m) for s in second]
    if len(set(second)) == 1 and second[0] != 0:
        add(f"second_step_{diffs[0]:+d}_{second[0]:+d}", v[-1] + diffs[-1] + second[0])
    if len(diffs) >= 3 and diffs[0] != diffs[1] and all(diffs[i] == diffs[i % 2] for i in range(len(diffs))):
        add(f"alternate_{diffs[0]:+d}_{diffs[1]:+d}", v[-1] + diffs[len(diffs) % 2])
    for p in (2, 3):
        if n > p and all(v[i] == v[i - p] for i in range(p, n)) and len(set(v[:p])) > 1:
            add(f"period_{p}", v[n - p])
    if not m:
        if all(v[i + 1] == 2 * v[i] for i in range(n - 1)):
            add("double", 2 * v[-1])
        if all(v[i] % 2 == 0 and v[i + 1] == v[i] // 2 for i in range(n - 1)) and v[-1] % 2 == 0:
            add("halve", v[-1] // 2)
        if n >= 3 and all(v[i] == v[i - 1] + v[i - 2] for i in range(2, n)):
            add("fibonacci", v[-1] + v[-2])
        root = round(v[0] ** 0.5) if v[0] >= 0 else -1
        if root >= 0 and all(v[i] == (root + i) ** 2 for i in range(n)):
            add("squares", (root + n) ** 2)
    return out


def sequence_hypotheses(modulus: int | None) -> list[str]:
    """Names of the closed space (for counting ``hypotheses_checked``; parameters as enumerated)."""
    steps = range(-(modulus // 2) + 1, modulus // 2 + 1) if modulus else SCALAR_STEPS
    names = [f"step_{d:+d}" for d in steps]
    names += [f"second_step_{d:+d}_{e:+d}" for d in steps for e in (SECOND_STEPS if not modulus else
                                                                     [x for x in steps if x])]
    names += [f"alternate_{a:+d}_{b:+d}" for a in steps for b in steps if a != b]
    names += ["period_2", "period_3"]
    if not modulus:
        names += ["double", "halve", "fibonacci", "squares"]
    return names


def prove_sequence_value(values: Sequence[int], modulus: int | None, lo: int = 0,
                         hi: int | None = None) -> dict[str, Any]:
    """Uniqueness proof for one value per panel: consistent hypotheses, their distinct predictions, the
    agreed answer (or None)."""
    preds = sequence_predictions(values[:SEQUENCE_SHOWN], modulus, lo, hi)
    distinct = sorted(set(preds.values()))
    unique = len(distinct) == 1
    return {"unique": unique, "consistent": preds, "distinct_predictions": distinct,
            "answer": distinct[0] if unique else None, "hypotheses_checked": len(sequence_hypotheses(modulus))}


def prove_dot_sets(sets: Sequence[Sequence[int]], modulus: int) -> dict[str, Any]:
    """Uniqueness proof for sets of dots on a ring of ``modulus`` positions (one set per shown panel,
    all of one size k = 1 or 2). The dots are not labelled, so a hypothesis is an assignment of the dots
    to k tracks (which dot of each panel is which) plus one sequence rule per track; every consistent
    combination's predicted set must be the same."""
    shown = [sorted(int(x) for x in s) for s in sets[:SEQUENCE_SHOWN]]
    k = len(shown[0])
    consistent: dict[str, list[int]] = {}
    if any(len(s) != k for s in shown) or k not in (1, 2):
        return {"unique": False, "consistent": {}, "distinct_predictions": [], "answer": None,
                "hypotheses_checked": 0}
    checked = 0
    if k == 1:
        for name, p in sequence_predictions([s[0] for s in shown], modulus).items():
            consistent[name] = [p]
        checked = len(sequence_hypotheses(modulus))
    else:
        # panel 0 fixes the labels (tracks are interchangeable); each later panel's pair in either order
        for order in range(1 << (len(shown) - 1)):
            a = [shown[0][0]] + [shown[i][(order >> (i - 1)) & 1] for i in range(1, len(shown))]
            b = [shown[0][1]] + [shown[i][1 - ((order >> (i - 1)) & 1)] for i in range(1, len(shown))]
            checked += len(sequence_hypotheses(modulus)) ** 2
            pa, pb = sequence_predictions(a, modulus), sequence_predictions(b, modulus)
            for na, va in pa.items():
                for nb, vb in pb.items():
                    if va != vb:
                        consistent[f"tracks_{order:04b}:{na}|{nb}"] = sorted([va, vb])
    distinct = sorted({tuple(p) for p in consistent.values()})
    unique = len(distinct) == 1
    return {"unique": unique, "consistent": consistent, "distinct_predictions": [list(d) for d in distinct],
            "answer": list(distinct[0]) if unique else None, "hypotheses_checked": checked}
