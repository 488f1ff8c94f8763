"""The visual pattern-completion track (``pattern_completion``): 3 x 3 matrices with the bottom-right panel
missing, generated procedurally; every kept instance has a unique answer *by proof* over a closed
hypothesis space (:mod:`genpuzzle.solvers.pattern_completion`), stored in the ground truth and re-run by
:meth:`PatternCompletionTrack.validate`.

* ``matrix_cells``: binary n x n cell panels (n = 4 or 5); along each row the third panel is a cell-wise
  XOR / OR / AND / AND-NOT of the first two, or each panel is the previous one shifted, rotated or flipped.
* ``matrix_objects``: RAVEN-style figures (triangle, square, pentagon, circle; 4 sizes; 5 fills) in the
  ``center_single`` or ``grid2x2`` configuration, each attribute following Constant, Progression,
  Arithmetic or Distribute-Three along the rows.

Verification reads the answer panel (cells by the shared cell reader, figures open-set), checks every
change outside it, and grades in GenPuzzle's four tiers (see ``data/rubrics/pattern_completion.json``,
section ``programmatic``).
"""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np

from genpuzzle.errors import TrackError
from genpuzzle.records import InstanceRecord, Puzzle, Status, Verdict, Violation
from genpuzzle.renderers.pattern_completion import (
    DOT_RADIUS,
    FILLS_LSTAR,
    INNER_SIZES,
    OUTER_SHAPES,
    OUTER_SIZE,
    RING,
    RING_POSITIONS,
    SHAPES,
    SIZES,
    SLOT_RINGS,
    draw_counting_panel,
    draw_sequence_panel,
    render_cells,
    render_objects,
    render_row,
    ring_centers,
    slot_boxes,
)
from genpuzzle.solvers.pattern_completion import (
    BOOLEAN_INDEX,
    GENERATOR_OPS,
    GENERATOR_TRANSFORMS,
    TRANSFORMS,
    all_attribute_predictions,
    all_cell_predictions,
    boolean_op,
    prove_cells,
    prove_dot_sets,
    prove_objects,
    prove_sequence_value,
    rotate_set,
    sequence_predictions,
)
from genpuzzle.track import Track
from genpuzzle.verifiers.pattern_completion import (
    BESIDE_REACH,
    Calibration,
    beside_page,
    calibrate,
    page_changes,
    read_arrow,
    blank_cell_marks,
    read_cell_panel,
    read_dots,
    read_lines,
    read_object_panel,
    read_regions,
    read_ring,
    tier_score,
)

MAX_ATTEMPTS = 500
LEVELS = {"type": len(SHAPES), "size": len(SIZES), "fill": len(FILLS_LSTAR), "count": 4}
SLOTS = {"center_single": 1, "in_out": 1, "grid2x2": 4, "grid3x3": 9}
CONFIGS = ("center_single", "grid2x2", "grid3x3", "in_out")
OBJECT_RULES = {
    "type": ("constant", "progression", "distribute_three"),
    "out_type": ("constant", "progression", "distribute_three"),
    "size": ("constant", "progression", "arithmetic", "distribute_three"),
    "fill": ("constant", "progression", "arithmetic", "distribute_three"),
    "position": ("constant", "progression", "arithmetic", "distribute_three"),
}


# ------------------------------------------------------------------------------------------ generation


def generate_cells(rng: random.Random) -> dict[str, Any] | None:
    """One candidate ``matrix_cells`` matrix with its generating rule, or None when degenerate."""
    n = rng.choice((4, 5))
    nrng = np.random.default_rng(rng.getrandbits(32))
    if rng.random() < 0.5:
        name = rng.choice(GENERATOR_OPS)
        rule = {"kind": "boolean", "axis": "row", "name": name}
        rows = []
        for _ in range(3):
            a = (nrng.random((n, n)) < rng.uniform(0.35, 0.55)).astype(np.int64)
            b = (nrng.random((n, n)) < rng.uniform(0.35, 0.55)).astype(np.int64)
            rows.append([a, b, boolean_op(BOOLEAN_INDEX[name], a, b)])
    else:
        name = rng.choice(GENERATOR_TRANSFORMS)
        rule = {"kind": "transform", "axis": "row", "name": name}
        t = TRANSFORMS[name]
        rows = []
        for _ in range(3):
            a = (nrng.random((n, n)) < rng.uniform(0.3, 0.5)).astype(np.int64)
            rows.append([a, t(a), t(t(a))])
    for row in rows:
        for p in row:
            if p.sum() < 2 or p.sum() > n * n - 2:
                return None
        if np.array_equal(row[0], row[1]) or np.array_equal(row[1], row[2]):
            return None
    return {"n": n, "rule": rule, "panels": [[p.tolist() for p in row] for row in rows]}


def _scalar_row_values(rule: str, levels: int, rng: random.Random) -> tuple[list[list[int]], dict[str, Any]] | None:
    if rule == "constant":
        return [[v] * 3 for v in (rng.randrange(levels) for _ in range(3))], {"name": "constant"}
    if rule == "progression":
        d = rng.choice([d for d in (-2, -1, 1, 2) if 2 * abs(d) < levels])
        rows = []
        for _ in range(3):
            lo, hi = max(0, -2 * d), min(levels - 1, levels - 1 - 2 * d)
            a = rng.randint(lo, hi)
            rows.append([a, a + d, a + 2 * d])
        return rows, {"name": f"progression_{d:+d}"}
    if rule == "arithmetic":
        op = rng.choice(("add", "sub"))
        rows = []
        for _ in range(3):
            if op == "add":
                a = rng.randrange(levels - 1)
                b = rng.randrange(levels - 1 - a)
                rows.append([a, b, a + b + 1])
            else:
                a = rng.randrange(1, levels)
                b = rng.randrange(a)
                rows.append([a, b, a - b - 1])
        return rows, {"name": f"arithmetic_{op}"}
    values = rng.sample(range(levels), 3)
    step = rng.choice((1, 2))
    return [[values[(c + step * r) % 3] for c in range(3)] for r in range(3)], {"name": "distribute_three"}


def _position_row_values(rule: str, rng: random.Random, slots: int) -> tuple[list[list[int]], dict[str, Any]] | None:
    full = (1 << slots) - 1

    def rand_set() -> int:
        if slots == 9:  # two to six figures of nine: a readable, varied panel
            return sum(1 << b for b in rng.sample(range(9), rng.randint(2, 6)))
        return rng.randrange(1, full + 1)

    if rule == "constant":
        return [[v] * 3 for v in (rand_set() for _ in range(3))], {"name": "constant"}
    if rule == "progression":
        s = rng.choice((1, 3) if slots == 4 else (1, 2, 6, 7))
        rot = lambda m: rotate_set(m, s, slots)
        rows = []
        for _ in range(3):
            a = rand_set()
            rows.append([a, rot(a), rot(rot(a))])
        return rows, {"name": f"rotate_{s}"}
    if rule == "arithmetic":
        name = rng.choice(("OR", "A_AND_NOT_B", "XOR"))
        k = BOOLEAN_INDEX[name]
        rows = []
        for _ in range(3):
            a, b = rand_set(), rand_set()
            c = sum(((k >> (2 * ((a >> i) & 1) + ((b >> i) & 1))) & 1) << i for i in range(slots))
            if slots == 9 and bin(c).count("1") > 7:
                return None
            if c == 0:
                return None
            rows.append([a, b, c])
        return rows, {"name": f"boolean_{name}"}
    values = list({rand_set() for _ in range(3)})
    if len(values) < 3:
        return None
    step = rng.choice((1, 2))
    return [[values[(c + step * r) % 3] for c in range(3)] for r in range(3)], {"name": "distribute_three"}


def object_levels(config: str) -> dict[str, int]:
    """Number of palette values per attribute of a configuration (``count`` = figures - 1)."""
    slots = SLOTS[config]
    levels = {"type": len(SHAPES), "size": len(INNER_SIZES if config == "in_out" else SIZES),
              "fill": len(FILLS_LSTAR), "count": slots}
    if config == "in_out":
        levels["out_type"] = len(OUTER_SHAPES)
    return levels


def generate_objects(rng: random.Random, config: str) -> dict[str, Any] | None:
    attrs = ["type", "size", "fill"] + (["position"] if config in ("grid2x2", "grid3x3") else [])
    if config == "in_out":
        attrs = ["out_type"] + attrs
    levels = object_levels(config)
    rules = {a: rng.choice(OBJECT_RULES[a]) for a in attrs}
    if all(r == "constant" for r in rules.values()):
        return None
    values, rule_names = {}, {}
    for a in attrs:
        made = (_position_row_values(rules[a], rng, SLOTS[config]) if a == "position"
                else _scalar_row_values(rules[a], levels[a], rng))
        if made is None:
            return None
        values[a], rule_names[a] = made[0], {"axis": "row", **made[1]}
    panels = []
    for r in range(3):
        row = []
        for c in range(3):
            p = {a: int(values[a][r][c]) for a in attrs}
            if "position" in p:
                p["count"] = bin(p["position"]).count("1") - 1
            row.append(p)
        panels.append(row)
    return {"config": config, "rules": rule_names, "panels": panels}


SEQUENCE_KINDS = ("ring", "arrow", "count")
REDRAW_REACH = 0.045  # a redrawn given panel's changes stay this close (fraction of the panel side) to its ink
REDRAW_REACH_PAGE = 0.08  # ... when at least half the given panels were redrawn (a restyled page)
COUNTING_KINDS = ("dots", "regions", "lines")
MAX_COUNT = 9


def _cyclic_track(rng: random.Random, modulus: int) -> tuple[list[int], str]:
    """Six values mod ``modulus`` from a rule of the sequence space: a constant step, alternating steps or
    steps that grow by one."""
    start = rng.randrange(modulus)
    family = rng.choice(("step", "step", "alternate", "second_step"))
    if family == "step":
        d = rng.choice((1, 2, 3, -1, -2, -3))
        steps = [d] * 5
    elif family == "alternate":
        d1, d2 = rng.sample((1, 2, 3, -1, -2, 0), 2)
        steps = [d1, d2, d1, d2, d1]
    else:
        d0, e = rng.choice((0, 1, -1)), rng.choice((1, -1))
        steps = [d0 + e * i for i in range(5)]
    values = [start]
    for d in steps:
        values.append((values[-1] + d) % modulus)
    return values, family


def _count_track(rng: random.Random) -> tuple[list[int], str] | None:
    """Six counts in 1..MAX_COUNT from a rule of the sequence space."""
    family = rng.choice(("step", "step", "alternate", "second_step", "fibonacci", "period_3"))
    if family == "step":
        d = rng.choice((1, -1))  # steps of two leave 1..9 within six panels
        start = rng.randint(max(1, 1 - 5 * d), min(MAX_COUNT, MAX_COUNT - 5 * d))
        values = [start + d * i for i in range(6)]
    elif family == "alternate":
        d1, d2 = rng.sample((2, 3, -1, -2, 1), 2)
        values = [rng.randint(1, MAX_COUNT)]
        for i in range(5):
            values.append(values[-1] + (d1, d2)[i % 2])
    elif family == "second_step":
        values = [rng.randint(1, 3)]
        d = rng.choice((-1, 0))
        for i in range(5):
            values.append(values[-1] + d + i)
    elif family == "fibonacci":
        values = [1, 1]
        while len(values) < 6:
            values.append(values[-1] + values[-2])
    else:
        a, b, c = rng.sample(range(1, MAX_COUNT + 1), 3)
        values = [a, b, c, a, b, c]
    if any(v < 1 or v > MAX_COUNT for v in values):
        return None
    return values, family


def generate_sequence(rng: random.Random) -> dict[str, Any] | None:
    """One candidate ``sequence`` row: ``ring`` (one or two dots moving on a ring of 8), ``arrow`` (a
    direction of 8 turning), ``count`` (dots on a 3 x 3 lattice)."""
    kind = rng.choice(SEQUENCE_KINDS)
    if kind == "ring":
        dots = rng.choice((1, 1, 2))
        tracks = [_cyclic_track(rng, RING_POSITIONS) for _ in range(dots)]
        values = [sorted({t[0][i] for t in tracks}) for i in range(6)]
        if any(len(v) != dots for v in values) or len({tuple(v) for v in values}) < 3:
            return None
        rule = {"tracks": [t[1] for t in tracks]}
    elif kind == "arrow":
        values, family = _cyclic_track(rng, 8)
        if len(set(values)) < 3:
            return None
        rule = {"family": family}
    else:
        made = _count_track(rng)
        if made is None or len(set(made[0])) < 3:
            return None
        values, rule = made[0], {"family": made[1]}
    return {"kind": kind, "values": values, "rule": rule}


def prove_row(kind: str, values: list[Any]) -> dict[str, Any]:
    """The uniqueness proof of a ``sequence`` or ``counting`` row (five shown values)."""
    if kind == "ring":
        return prove_dot_sets(values, RING_POSITIONS)
    if kind == "arrow":
        return prove_sequence_value(values, 8)
    return prove_sequence_value(values, None, 1, None)  # counts: any count >= 1 could be drawn


def _far_enough(points: list[tuple[float, float]], p: tuple[float, float], gap: float) -> bool:
    return all((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 >= gap ** 2 for q in points)


def _segment_samples(segment) -> np.ndarray:
    """24 evenly spaced points of a segment, end points included (24 x 2)."""
    ends = np.array(segment)
    return np.linspace(ends[0], ends[1], 24)


def _point_segment_distance(p, a, b) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _segment_distance(a, b) -> float:
    """Exact smallest distance between segments ``a`` and ``b`` (0 when they cross)."""
    def side(p, q, r) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    if side(a[0], a[1], b[0]) * side(a[0], a[1], b[1]) < 0 and side(b[0], b[1], a[0]) * side(b[0], b[1], a[1]) < 0:
        return 0.0
    return min(_point_segment_distance(a[0], *b), _point_segment_distance(a[1], *b),
               _point_segment_distance(b[0], *a), _point_segment_distance(b[1], *a))


def _segments_gap(samples: np.ndarray, others: np.ndarray) -> float:
    """Smallest distance between a sampled segment (24 x 2) and any of ``others`` (n x 24 x 2), by the
    samples (no intersection test needed beyond sampling)."""
    return float(np.sqrt(((samples[None, :, None, :] - others[:, None, :, :]) ** 2).sum(-1)).min())


def counting_figure(rng: random.Random, kind: str, count: int) -> dict[str, Any] | None:
    """Geometry (fractions of the panel side) of a figure with ``count`` dots, enclosed regions or
    separate straight lines."""
    if kind == "dots":
        dots: list[tuple[float, float]] = []
        for _ in range(400):
            p = (round(rng.uniform(0.15, 0.85), 3), round(rng.uniform(0.15, 0.85), 3))
            if _far_enough(dots, p, 0.19):
                dots.append(p)
                if len(dots) == count:
                    return {"kind": kind, "dots": dots}
        return None
    if kind == "regions":
        shape = rng.choice(("circle", "square"))
        chords = []
        if shape == "circle" and 2 <= count <= 6 and rng.random() < 0.5:
            turn = rng.uniform(0, 2 * math.pi)
            for j in range(count):  # spokes from the centre: count sectors
                a = turn + 2 * math.pi * j / count
                chords.append([(0.5, 0.5), (round(0.5 + 0.36 * math.cos(a), 3), round(0.5 + 0.36 * math.sin(a), 3))])
        else:
            vertical = rng.random() < 0.5
            for j in range(1, count):
                t = 0.15 + 0.7 * j / count
                half = 0.36 if shape == "square" else math.sqrt(max(0.0, 0.35 ** 2 - (t - 0.5) ** 2)) + 0.012
                ends = [(round(t, 3), round(0.5 - half, 3)), (round(t, 3), round(0.5 + half, 3))]
                chords.append(ends if vertical else [(e[1], e[0]) for e in ends])
        return {"kind": kind, "shape": shape, "chords": chords}
    lines: list[list[tuple[float, float]]] = []
    sampled: list[np.ndarray] = []  # the samples of ``lines``
    middles: list[tuple[float, float]] = []  # and their middles and half lengths
    half_lengths: list[float] = []
    for _ in range(600):
        c = (rng.uniform(0.2, 0.8), rng.uniform(0.2, 0.8))
        a, half = rng.uniform(0, math.pi), rng.uniform(0.1, 0.17)
        seg = [(round(c[0] - half * math.cos(a), 3), round(c[1] - half * math.sin(a), 3)),
               (round(c[0] + half * math.cos(a), 3), round(c[1] + half * math.sin(a), 3))]
        if min(min(seg[0]), min(seg[1])) < 0.1 or max(max(seg[0]), max(seg[1])) > 0.9:
            continue
        # The decision is the sampled gap's (>= 0.07), taken without sampling where the exact distance
        # settles it: the sampled gap is never below the exact one, nor above it by more than half a
        # sample spacing per segment (length / 46); only the undecided pairs are sampled.
        near, rejected = [], False
        mid, half_length = ((seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2), math.dist(*seg) / 2
        for i, o in enumerate(lines):
            # every point of a segment lies within half its length of its middle: a pair that far
            # apart (with room for rounding) is neither rejected nor near
            if math.dist(mid, middles[i]) - half_length - half_lengths[i] >= 0.07 + 1e-6:
                continue
            exact = _segment_distance(seg, o)
            if exact + (math.dist(*seg) + math.dist(*o)) / 46 < 0.07 - 1e-9:
                rejected = True
                break
            if exact < 0.07 + 1e-9:
                near.append(i)
        if rejected:
            continue
        if not near or _segments_gap(_segment_samples(seg), np.stack([sampled[i] for i in near])) >= 0.07:
            lines.append(seg)
            sampled.append(_segment_samples(seg))
            middles.append(mid)
            half_lengths.append(half_length)
            if len(lines) == count:
                return {"kind": kind, "lines": lines}
    return None


def generate_counting(rng: random.Random) -> dict[str, Any] | None:
    """One candidate ``counting`` row: six figures whose count of dots, enclosed regions or separate
    straight lines follows a rule; the answer is any figure with the sixth count."""
    kind = rng.choice(COUNTING_KINDS)
    made = _count_track(rng)
    if made is None or len(set(made[0])) < 3:
        return None
    counts, family = made
    figures = [counting_figure(rng, kind, c) for c in counts]
    if any(f is None for f in figures):
        return None
    return {"kind": kind, "values": counts, "figures": figures, "rule": {"family": family}}


def relaxed_row_predictions(kind: str, values: list[Any]) -> dict[str, Any]:
    """What the sequence space predicts from the last three, four or five shown values alone, consistent
    with the earlier ones or not: the answers a known (possibly wrong) rule explains."""
    out: dict[str, Any] = {}
    for start in (2, 1, 0):
        shown = values[start:5]
        if kind == "ring":
            proof = prove_dot_sets(shown, RING_POSITIONS)
            preds = {name: p for name, p in proof["consistent"].items()}
        elif kind == "arrow":
            preds = sequence_predictions(shown, 8)
        else:
            preds = sequence_predictions(shown, None, 1, None)
        out.update({f"last_{5 - start}:{name}": p for name, p in preds.items()})
    return out


def read_panel(image: np.ndarray, truth: dict[str, Any], layout: dict[str, Any], index: int,
               calibration: Calibration | None = None) -> Any:
    """Read panel ``index`` of a drawn instance back into the generator's own terms (a cell grid, an
    attribute dict, a ring set, a direction, a count), or None when the reading is unsure or mixed.
    The answer panel's readers on any panel: the round trip the tests check on every rendered panel."""
    box = layout["panel_boxes"][index]
    slot = index == layout["slot_panel"]
    frame = layout["slot_frame_px"] if slot else layout["frame_px"]
    kind = layout["variant_kind"]
    if kind == "cells":
        values = read_cell_panel(image, layout["grid_boxes"][index], truth["n"], 0.5).values
        return None if (values < 0).any() else values.tolist()
    if kind == "objects":
        config = truth["config"]
        figures, specks = read_object_panel(image, box, slot_boxes(box, config), frame, 30, config,
                                            calibration or Calibration())
        if specks or not figures:
            return None
        out: dict[str, Any] = {}
        if config == "in_out":
            if len(figures) != 1 or len(figures[0].inner) != 1 or figures[0].size != 0 or figures[0].fill != 0:
                return None
            out["out_type"] = figures[0].type
            figures = figures[0].inner
        elif config == "center_single" and len(figures) != 1:
            return None
        for attr in ("type", "size", "fill"):
            got = {getattr(f, attr) for f in figures}
            if len(got) != 1 or None in got:
                return None
            out[attr] = got.pop()
        if config in ("grid2x2", "grid3x3"):
            ring = SLOT_RINGS[config]
            occupied = [ring.index(f.slot) for f in figures if f.slot is not None]
            if len(occupied) != len(figures) or len(set(occupied)) != len(occupied):
                return None
            out["position"] = sum(1 << b for b in occupied)
            out["count"] = len(occupied) - 1
        return out
    tkind = truth["kind"]
    if tkind == "ring":
        reading = read_ring(image, box, frame, ring_centers(box), DOT_RADIUS * (box[2] - box[0]), 30)
    elif tkind == "arrow":
        reading = read_arrow(image, box, frame, 30)
    elif tkind in ("count", "dots"):
        reading = read_dots(image, box, frame, 30)
    elif tkind == "regions":
        reading = read_regions(image, box, frame)
    else:
        reading = read_lines(image, box, frame, 30)
    return None if reading.unsure or reading.off_kind or reading.specks else reading.value


def _proof_json(proof: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in proof.items() if k != "answer"}


class PatternCompletionTrack(Track):
    name = "pattern_completion"
    version = "2"
    variants = ("matrix_cells", "matrix_objects", "sequence", "counting")
    variant_weights = {"matrix_cells": 1, "matrix_objects": 2, "sequence": 1, "counting": 1}
    description = ("3x3 matrices with the last panel missing (binary cell panels or RAVEN-style figures); the "
                   "answer is unique by proof over a closed hypothesis space; read back cell by cell or figure "
                   "by figure, four tiers.")

    # -- generation --------------------------------------------------------------------------------

    def generate(self, seed: int, variant: str) -> Puzzle:
        if variant not in self.variants:
            raise TrackError(f"pattern_completion has no variant {variant!r}; variants: {', '.join(self.variants)}")
        rng = random.Random(seed)
        config = rng.choice(CONFIGS) if variant == "matrix_objects" else None
        for attempt in range(MAX_ATTEMPTS):
            made = {"matrix_cells": lambda: generate_cells(rng), "matrix_objects": lambda: generate_objects(rng, config),
                    "sequence": lambda: generate_sequence(rng), "counting": lambda: generate_counting(rng)}[variant]()
            if made is None:
                continue
            if variant == "matrix_cells":
                proof = prove_cells(made["panels"])
                if proof["unique"] and proof["answer"] == made["panels"][2][2]:
                    break
            elif variant == "matrix_objects":
                proof = prove_objects(made["panels"], config, object_levels(config), SLOTS[config])
                answer = {k: v for k, v in made["panels"][2][2].items()}
                if proof["unique"] and all(proof["answer"].get(k) == v for k, v in answer.items()):
                    break
            else:
                proof = prove_row(made["kind"], made["values"])
                if proof["unique"] and proof["answer"] == made["values"][5]:
                    break
        else:
            raise TrackError(f"pattern_completion {variant}: no certified instance in {MAX_ATTEMPTS} attempts "
                             f"(seed {seed})")
        if variant in ("sequence", "counting"):
            return self._row_puzzle(seed, variant, made, proof, attempt)
        panels = made["panels"]
        if variant == "matrix_cells":
            drawing = render_cells(panels, made["n"])
            truth = {"n": made["n"], "panels": panels, "answer": panels[2][2], "rule": made["rule"],
                     "proof": _proof_json(proof)}
            difficulty = {"level": "easy" if made["rule"]["kind"] == "transform" and made["n"] == 4
                          else "hard" if made["n"] == 5 else "medium",
                          "n": made["n"], "rule": made["rule"]["name"], "attempts": attempt + 1,
                          "consistent_hypotheses": len(proof["consistent"])}
            text = self.instruction_sections()[variant].format(n=made["n"])
        else:
            drawing = render_objects(panels, config)
            in_out = config == "in_out"
            truth = {"config": config, "panels": panels, "answer": panels[2][2], "rules": made["rules"],
                     "palette": {"types": list(SHAPES), "sizes": list(INNER_SIZES if in_out else SIZES),
                                 "fills_lstar": list(FILLS_LSTAR),
                                 **({"outer_types": list(OUTER_SHAPES), "outer_size": OUTER_SIZE} if in_out else {}),
                                 "position_bits": "bit i = slot RING[i] (row-major), RING = "
                                                  + str(list(SLOT_RINGS[config]))},
                     "proof": _proof_json(proof)}
            changing = sum(r["name"] != "constant" for r in made["rules"].values())
            difficulty = {"level": ("easy", "medium", "hard", "hard")[min(3, changing - 1 + (config != "center_single"))],
                          "config": config, "changing_attributes": changing, "attempts": attempt + 1}
            grid = config in ("grid2x2", "grid3x3")
            figure_text = {"center_single": "one figure in its centre",
                           "grid2x2": "one to four figures placed in the four quarters",
                           "grid3x3": "several figures placed on a 3x3 grid",
                           "in_out": "a large white figure with a smaller figure at its centre"}[config]
            position_text = {"grid2x2": ", and in which quarters hold a figure (all figures of a panel look alike)",
                             "grid3x3": ", and in which places of the 3x3 grid hold a figure (all figures of a panel "
                                        "look alike)",
                             "in_out": " (the large outer figure's shape also follows a rule; it stays white)"}.get(config, "")
            text = self.instruction_sections()[variant].format(
                figure_text=figure_text, position_text=position_text,
                plural="s" if grid or in_out else "", verb="" if grid or in_out else "s")
        return Puzzle(track=self.name, variant=variant, seed=seed, instruction=text, difficulty=difficulty,
                      ground_truth=truth, layout={**drawing.layout, "variant": variant},
                      input_image=drawing.input_image, reference_images=[drawing.reference_image],
                      edit_mask=drawing.edit_mask,
                      scoring={"mechanism": "four_tier", "rubric": "pattern_completion",
                               "rubric_version": self.rubric["rubric_version"], "programmatic": True})

    def _row_puzzle(self, seed: int, variant: str, made: dict[str, Any], proof: dict[str, Any], attempt: int) -> Puzzle:
        kind, values = made["kind"], made["values"]
        if variant == "sequence":
            drawing = render_row(values, lambda d, box, v: draw_sequence_panel(d, box, kind, v),
                                 answer_base=[] if kind == "ring" else None)
        else:
            drawing = render_row(made["figures"], draw_counting_panel)
        layout = {**drawing.layout, "variant": variant, "variant_kind": variant, "kind": kind}
        if kind == "ring":
            box = layout["panel_boxes"][layout["slot_panel"]]
            layout["ring_centers"] = [[round(x, 2), round(y, 2)] for x, y in ring_centers(box)]
            layout["dot_radius_px"] = round(DOT_RADIUS * (box[2] - box[0]), 2)
        truth = {"kind": kind, "values": values, "answer": values[5], "rule": made["rule"],
                 "proof": _proof_json(proof)}
        if variant == "counting":
            truth["figures"] = made["figures"]
            truth["invariant"] = {"kind": kind, "count": values[5]}
        family = made["rule"].get("family") or "+".join(made["rule"]["tracks"])
        difficulty = {"level": "easy" if family in ("step", "step+step") and kind != "regions" else
                      "hard" if "second_step" in family or "fibonacci" in family or "+" in family else "medium",
                      "kind": kind, "rule": family, "attempts": attempt + 1}
        what = {"ring": "a ring of eight places with dots moving around it",
                "arrow": "an arrow turning in steps of 45 degrees",
                "count": "a number of dots", "dots": "a number of dots", "regions": "a figure cut into a number of "
                "enclosed regions", "lines": "a number of separate straight lines"}[kind]
        draw_text = {"ring": "fill the places that hold a dot in the sixth panel solid black",
                     "arrow": "draw the arrow of the sixth panel (a shaft with a clear head)",
                     "count": "draw the right number of solid dots (any arrangement)",
                     "dots": "draw any figure made of the right number of solid dots",
                     "regions": "draw any figure of closed lines that encloses the right number of regions",
                     "lines": "draw the right number of separate straight lines that do not touch (any "
                              "length and arrangement)"}[kind]
        text = self.instruction_sections()[variant].format(what=what, draw_text=draw_text)
        return Puzzle(track=self.name, variant=variant, seed=seed, instruction=text, difficulty=difficulty,
                      ground_truth=truth, layout=layout, input_image=drawing.input_image,
                      reference_images=[drawing.reference_image], edit_mask=drawing.edit_mask,
                      scoring={"mechanism": "four_tier", "rubric": "pattern_completion",
                               "rubric_version": self.rubric["rubric_version"], "programmatic": True})

    # -- verification ------------------------------------------------------------------------------

    def verify(self, record: InstanceRecord, answer: np.ndarray, input_image: np.ndarray,
               answer_page: tuple[np.ndarray, Any] | None = None) -> Verdict:
        """``answer_page``: the answer as returned and its registration (``evaluate.observed_kwargs``), when
        known: the ink it drew beyond the input's page is read too (:func:`beside_page`)."""
        layout, prog = record.layout, self.rubric["programmatic"]
        answer_box = layout["grid_boxes"][layout["slot_panel"]] if layout["variant_kind"] == "cells" else None
        page = page_changes(answer, input_image, layout, self.rubric, answer_box)
        beside = None
        if answer_page is not None and getattr(answer_page[1], "matrix", None) is not None:
            raw, registration = answer_page
            beside = beside_page(raw, registration.matrix, "+inverted" in (registration.method or ""),
                                 input_image.shape, layout["panel_px"], prog["added_darkness"])
            if not beside.drawings:
                # ink added at the page's edge, outside every panel, that runs on beyond the page into a label's
                # text or the page's surroundings (a bar, a bezel) is that text or that edge, not a mark
                frame = input_image.shape[:2]
                reach = BESIDE_REACH * layout["panel_px"]
                page.violations = [v for v in page.violations if not (
                    v.code == "answer_outside_slot" and _touches_border(v.evidence["bbox"], frame)
                    and beside.continues(v.evidence["bbox"], frame, reach))]
        if layout["variant_kind"] == "cells":
            tier, violations, parsed, unsure, clean_outside, conf = self._verify_cells(record, answer)
        elif layout["variant_kind"] == "objects":
            tier, violations, parsed, unsure, clean_outside, conf = self._verify_objects(record, answer)
        else:
            tier, violations, parsed, unsure, clean_outside, conf = self._verify_row(record, answer)
        page_violations = self._redrawn_panels_kept(record, answer, page.violations, parsed)
        violations = violations + page_violations
        codes = {v.code for v in violations}
        for code, cap in prog["caps"].items():
            if code in codes:
                tier = min(tier, int(cap))
        if clean_outside and tier <= 1 and not page_violations:
            violations.append(Violation("outside_hypotheses", "the answer reads cleanly but no rule of the "
                                        "instance's hypothesis space predicts it: possibly an alternative rule",
                                        {"bbox": list(layout["panel_boxes"][layout["slot_panel"]])}))
        if beside is not None:
            parsed["beside_page"] = {"glyphs": beside.glyphs, "drawings": beside.drawings}
            if beside.drawings:
                # a drawing beside the page: possibly a second answer; a person decides
                violations.append(Violation("beside_page", f"{len(beside.drawings)} drawing(s) beyond the page "
                                            "(not text): possibly a second answer", {"boxes": beside.drawings}))
                tier = min(tier, int(prog["caps"].get("beside_page", 1)))
                unsure = list(unsure) + ["beside_page"]
        if unsure:
            violations.append(Violation("unsure_reading", f"{len(unsure)} reading(s) unsure (charged as wrong)",
                                        {"unsure": unsure}))
        outside = any(v.code == "outside_hypotheses" for v in violations)
        needs_review = bool(unsure) or outside
        confident = [v for v in violations if v.code not in ("unsure_reading", "outside_hypotheses")]
        if outside or not confident:
            # a possible alternative rule, or nothing wrong but an unsure reading: a person decides
            status = Status.NEEDS_REVIEW if needs_review else Status.CORRECT
        else:
            status = Status.INCORRECT
        parsed["tier"] = tier
        return Verdict(id=record.id, track=self.name, score=tier_score(tier),
                       status=status, violations=violations,
                       parsed=parsed, confidence=conf, needs_review=needs_review,
                       subscores={"tier": tier}, extra={"added_px": page.added_px, "removed_px": page.removed_px,
                                      "page_imaging": page.imaging.to_json()})

    def _redrawn_panels_kept(self, record: InstanceRecord, answer: np.ndarray, page: list[Violation],
                             parsed: dict[str, Any]) -> list[Violation]:
        """Page changes minus those in given panels that a model redrew rather than changed: the panel still
        reads exactly as generated and its changes stay along the input's own ink (``reach_px`` within
        ``REDRAW_REACH`` of the panel side, or ``REDRAW_REACH_PAGE`` when at least half the given panels
        changed that way: a whole page redrawn in another style). A panel that reads otherwise or not
        confidently, or a lone change reaching out into the paper (a mark merged into a figure), keeps its
        ``context_modified``."""
        layout, truth = record.layout, record.ground_truth
        rows = layout["variant_kind"] in ("sequence", "counting")
        calibration = parsed.pop("_calibration", None)
        given = [i for i in range(len(layout["panel_boxes"])) if i != layout["slot_panel"]]
        changed = [v for v in page if v.code == "context_modified" and v.evidence.get("panel") in given]
        panels = sorted({v.evidence["panel"] for v in changed})
        reads_as_generated = {}
        for i in panels:
            expected = truth["values"][i] if rows else truth["panels"][i // 3][i % 3]
            reads_as_generated[i] = read_panel(answer, truth, layout, i, calibration) == expected
        page_wide = len(panels) >= len(given) / 2 and all(reads_as_generated.values())
        reach = (REDRAW_REACH_PAGE if page_wide else REDRAW_REACH) * layout["panel_px"]
        forgiven = {i for i in panels if reads_as_generated[i]
                    and all(v.evidence.get("reach_px", 0.0) <= reach for v in changed if v.evidence["panel"] == i)}
        if forgiven:
            parsed["redrawn_panels_reading_as_generated"] = sorted(forgiven)
        return [v for v in page if not (v in changed and v.evidence["panel"] in forgiven)]

    def _verify_cells(self, record: InstanceRecord, answer: np.ndarray):
        truth, layout, prog = record.ground_truth, record.layout, self.rubric["programmatic"]
        n = int(truth["n"])
        expected = np.asarray(truth["answer"], np.int64)
        box = layout["grid_boxes"][layout["slot_panel"]]
        reading = read_cell_panel(answer, box, n, prog["needs_review_below_cell_confidence"])
        values = reading.values.copy()
        # a mark in a cell read blank (a tick, a dot) leaves the cell neither blank nor filled: unsure (rubric 15)
        marks = blank_cell_marks(answer, box, n, values)
        for m in marks:
            values[m["cell"][0], m["cell"][1]] = -1
        parsed = {"cells": values.tolist(), "states": reading.states}
        if marks:
            parsed["blank_cell_marks"] = marks[:8]
        violations: list[Violation] = []
        unsure = [[r, c] for r in range(n) for c in range(n) if values[r, c] < 0]
        wrong = [[r, c, int(expected[r, c]), int(values[r, c])] for r in range(n) for c in range(n)
                 if values[r, c] != expected[r, c]]
        filled_read = values == 1
        if not filled_read.any() and not unsure:
            violations.append(Violation("missing_answer", "the answer grid is empty", {"bbox": box}))
            return 0, violations, parsed, unsure, False, 1.0
        if wrong:
            violations.append(Violation("wrong_cells", f"{len(wrong)} cell(s) differ from the answer",
                                        {"cells": wrong, "bbox": box}))
        truth_filled = expected == 1
        union = (filled_read | (values < 0) | truth_filled).sum()
        jaccard = float((filled_read & truth_filled).sum() / max(1, union))
        tier = 3 if not wrong else 2 if len(wrong) == 1 else 1 if jaccard >= 0.5 else 0
        parsed["jaccard"] = round(jaccard, 3)
        clean_outside = False
        if wrong and not unsure:
            predicted = all_cell_predictions(truth["panels"])
            explained = [h for h, p in predicted.items() if p == values.tolist()]
            parsed["explained_by"] = explained
            clean_outside = not explained
        return tier, violations, parsed, unsure, clean_outside, float(reading.confidence.min())

    def _calibration(self, record: InstanceRecord, answer: np.ndarray) -> Calibration:
        """The answer image's own palette, measured on the eight given panels as they appear in it."""
        truth, layout = record.ground_truth, record.layout
        config = truth["config"]
        sizes = INNER_SIZES if config == "in_out" else SIZES
        pairs_size, pairs_fill, outlines = [], [], []
        for i in range(8):
            box = layout["panel_boxes"][i]
            panel = truth["panels"][i // 3][i % 3]
            # the panel's own shapes are known: measure its figures as those (a wrong guess shows as an
            # outlier the median ignores)
            types = (OUTER_SHAPES[panel["out_type"]] if config == "in_out" else SHAPES[panel["type"]],
                     SHAPES[panel["type"]])
            figures, _ = read_object_panel(answer, box, slot_boxes(box, config), layout["frame_px"], 10**9, config,
                                           assume_types=types)
            if config == "in_out":
                figures = [g for f in figures for g in f.inner]
            for f in figures:
                pairs_size.append((sizes[panel["size"]], f.size_ratio))
                pairs_fill.append((FILLS_LSTAR[panel["fill"]], f.fill_lstar))
                if f.outline_px is not None:
                    outlines.append(f.outline_px)
        return calibrate(pairs_size, pairs_fill, outlines)

    def _verify_objects(self, record: InstanceRecord, answer: np.ndarray):
        truth, layout, prog = record.ground_truth, record.layout, self.rubric["programmatic"]
        config = truth["config"]
        slots = layout["slot_boxes"]
        panel_box = layout["panel_boxes"][layout["slot_panel"]]
        calibration = self._calibration(record, answer)
        figures, specks = read_object_panel(answer, panel_box, slots, layout["slot_frame_px"], prog["stray_mark_min_px"],
                                            config, calibration, marks_against_panel=True)
        parsed: dict[str, Any] = {"figures": [f.to_json() for f in figures], "specks": specks,
                                  "calibration": calibration.to_json(), "_calibration": calibration}
        violations: list[Violation] = []
        expected = truth["answer"]
        if specks:
            violations.append(Violation("stray_marks", f"{len(specks)} small mark(s) in the answer panel",
                                        {"marks": specks}))
        if not figures:
            violations.append(Violation("missing_answer", "no figure in the answer panel", {"bbox": panel_box}))
            return 0, violations, parsed, [], False, 1.0
        unsure: list[str] = []
        wrong: list[str] = []
        read: dict[str, Any] = {}
        attributes = ["type", "size", "fill"]
        names = {"type": ("wrong_shape", SHAPES), "size": ("wrong_size", SIZES), "fill": ("wrong_fill", FILLS_LSTAR)}
        if config in ("grid2x2", "grid3x3"):
            ring = SLOT_RINGS[config]
            attributes = ["position"] + attributes
            occupied = [ring.index(f.slot) if f.slot is not None else None for f in figures]
            doubled = len(set(occupied)) < len(occupied)
            if doubled or None in occupied:
                violations.append(Violation("multiple_candidates", "two figures in one slot or a figure between "
                                            "slots", {"figures": [f.bbox for f in figures]}))
            mask = sum(1 << b for b in set(occupied) if b is not None)
            read["position"] = mask
            if mask != expected["position"]:
                wrong.append("position")
                if len(figures) != expected["count"] + 1:
                    violations.append(Violation("wrong_count", f"{len(figures)} figures, expected "
                                                f"{expected['count'] + 1}", {"bbox": panel_box}))
                else:
                    violations.append(Violation("wrong_position", "figures in the wrong slots",
                                                {"expected_slots": _slots_of(expected["position"], ring),
                                                 "read_slots": _slots_of(mask, ring), "bbox": panel_box}))
        elif len(figures) > 1:
            violations.append(Violation("multiple_candidates", f"{len(figures)} figures where one is expected",
                                        {"figures": [f.bbox for f in figures]}))
        if config == "in_out":
            outer = figures[0]
            names = {**names, "size": ("wrong_size", INNER_SIZES)}
            for attr, got, want, code, shown in (
                    ("out_type", outer.type, expected["out_type"], "wrong_shape", outer.type_name),
                    ("out_size", outer.size, 0, "wrong_size", round(outer.size_ratio, 3)),
                    ("out_fill", outer.fill, 0, "wrong_fill", outer.to_json()["fill_lstar"])):
                attributes = [attr] + attributes
                read[attr] = got
                if got is None:
                    unsure.append(attr)
                    wrong.append(attr)
                elif got != want:
                    wrong.append(attr)
                    palette = {"out_type": OUTER_SHAPES, "out_size": (OUTER_SIZE,), "out_fill": (100.0,)}[attr]
                    violations.append(Violation(code, f"outer figure's {attr[4:]} read {shown}, expected "
                                                f"{palette[want]}", {"bbox": outer.bbox, "read": shown,
                                                                     "expected": palette[want]}))
            figures = outer.inner
            if len(figures) > 1:
                violations.append(Violation("multiple_candidates", f"{len(figures)} figures inside the outer one "
                                            "where one is expected", {"figures": [f.bbox for f in figures]}))
            if not figures:
                violations.append(Violation("wrong_count", "no figure inside the outer one", {"bbox": outer.bbox}))
                wrong.extend(["type", "size", "fill"])
        for attr in ("type", "size", "fill"):
            if not figures:
                break
            got = [getattr(f, attr) for f in figures]
            code, palette = names[attr]
            if any(g is None for g in got):
                unsure.append(attr)
            bad = [f for f, g in zip(figures, got) if g is not None and g != expected[attr]]
            read[attr] = got[0] if len(set(got)) == 1 else got
            if bad or any(g is None for g in got):
                wrong.append(attr)
            if bad:
                f = bad[0]
                shown = {"type": f.type_name, "size": round(f.size_ratio, 3), "fill": f.to_json()["fill_lstar"]}[attr]
                violations.append(Violation(code, f"{attr} read {shown}, expected {palette[expected[attr]]}",
                                            {"bbox": f.bbox, "read": shown, "expected": palette[expected[attr]]}))
        parsed["read"] = read
        right = len(attributes) - len(wrong)
        tier = 3 if not wrong else 2 if len(wrong) == 1 else 1 if right >= len(attributes) / 2 else 0
        clean_outside = False
        if wrong and not unsure:
            panels = truth["panels"]
            levels = object_levels(config)
            unexplained = []
            for attr in attributes:
                if attr in ("out_size", "out_fill"):
                    unexplained += [attr] if attr in wrong else []
                    continue
                values = [[panels[r][c][attr] for c in range(3)] for r in range(3)]
                options = all_attribute_predictions(attr, values, levels.get(attr), SLOTS[config])
                value = read.get(attr)
                if isinstance(value, list) or value not in options:
                    unexplained.append(attr)
            parsed["unexplained_attributes"] = unexplained
            clean_outside = bool(unexplained)
        confidence = 0.5 if unsure else 1.0
        return tier, violations, parsed, unsure, clean_outside, confidence

    def _verify_row(self, record: InstanceRecord, answer: np.ndarray):
        """``sequence`` / ``counting``: read the sixth panel's value open-set, compare it with the proved
        answer (counting: any figure with the right count), charge marks of another kind."""
        truth, layout, prog = record.ground_truth, record.layout, self.rubric["programmatic"]
        kind, expected = truth["kind"], truth["answer"]
        box = layout["panel_boxes"][layout["slot_panel"]]
        frame, speck = layout["slot_frame_px"], prog["stray_mark_min_px"]
        if kind == "ring":
            reading = read_ring(answer, box, frame, layout["ring_centers"], layout["dot_radius_px"], speck)
        elif kind == "arrow":
            reading = read_arrow(answer, box, frame, speck)
        elif kind in ("count", "dots"):
            reading = read_dots(answer, box, frame, speck)
        elif kind == "regions":
            reading = read_regions(answer, box, frame)
        else:
            reading = read_lines(answer, box, frame, speck)
        parsed: dict[str, Any] = {"kind": kind, "read": reading.value, **reading.details}
        violations: list[Violation] = []
        unsure = list(reading.unsure)
        if reading.specks:
            violations.append(Violation("stray_marks", f"{len(reading.specks)} mark(s) in the answer panel away "
                                        "from the ring's places", {"marks": reading.specks}))
        if reading.off_kind:
            what = {"ring": "a dot", "arrow": "the arrow", "count": "a dot", "dots": "a dot", "regions": "a region",
                    "lines": "a straight line"}[kind]
            violations.append(Violation("multiple_candidates" if kind == "arrow" else "wrong_shape",
                                        f"{len(reading.off_kind)} mark(s) in the answer panel that are not {what}",
                                        {"marks": reading.off_kind}))
        value = reading.value
        empty = (reading.details.get("arrows") == 0 if kind == "arrow"
                 else value in (0, []) or (value is None and not unsure))
        if empty and not reading.off_kind:
            violations.append(Violation("missing_answer", "nothing drawn in the answer panel", {"bbox": box}))
            return 0, violations, parsed, [], False, 1.0
        if value is None:
            tier = 0
        elif kind == "ring":
            right = len(set(value) & set(expected))
            if value == expected:
                tier = 3
            else:
                code = "wrong_position" if len(value) == len(expected) else "wrong_count"
                violations.append(Violation(code, f"dots at ring places {value}, expected {expected}",
                                            {"read": value, "expected": expected, "bbox": box}))
                # one dot one place off the proved answer is a slip (tier 2)
                slip = len(value) == len(expected) and right == len(expected) - 1 and any(
                    min((a - b) % RING_POSITIONS, (b - a) % RING_POSITIONS) == 1
                    for a in set(value) - set(expected) for b in set(expected) - set(value))
                tier = 2 if slip else 1 if right >= len(expected) / 2 and right else 0
        elif kind == "arrow":
            steps = min((value - expected) % 8, (expected - value) % 8)
            tier = 3 if steps == 0 else 2 if steps == 1 else 0  # one 45 degree step off: a slip
            if value != expected:
                violations.append(Violation("wrong_direction", f"arrow points {45 * value} deg, expected "
                                            f"{45 * expected} deg (0 = up, clockwise)",
                                            {"read": value, "expected": expected, "bbox": box}))
        else:
            off = abs(value - expected)
            tier = 3 if off == 0 else 2 if off == 1 else 1
            if off:
                violations.append(Violation("wrong_count", f"{value} {kind if kind != 'count' else 'dots'} read, "
                                            f"expected {expected}", {"read": value, "expected": expected,
                                                                    "bbox": box}))
        if reading.off_kind and kind != "arrow":
            tier = min(tier, 2)
        clean_outside = False
        if tier < 3 and value is not None and not unsure:
            explained = [h for h, p in relaxed_row_predictions(kind, truth["values"]).items() if p == value]
            parsed["explained_by"] = explained[:5]
            clean_outside = not explained
        return tier, violations, parsed, unsure, clean_outside, 0.5 if unsure else 1.0

    def dedupe_key(self, record: InstanceRecord) -> str:
        truth = record.ground_truth
        if record.variant in ("sequence", "counting"):  # the same row of numbers is the same puzzle
            return f"{record.variant}:{truth['kind']}:{truth['values']}"
        return f"{record.variant}:{truth['panels']}"

    # -- validation --------------------------------------------------------------------------------

    def validate(self, record: InstanceRecord) -> list[str]:
        truth = record.ground_truth
        try:
            stored = truth["proof"]
            panels = truth["values"] if record.variant in ("sequence", "counting") else truth["panels"]
        except KeyError as err:
            return [f"ground truth lacks {err}"]
        problems = []
        if record.variant == "matrix_cells":
            proof = prove_cells(panels)
        elif record.variant == "matrix_objects":
            proof = prove_objects(panels, truth["config"], object_levels(truth["config"]), SLOTS[truth["config"]])
        else:
            proof = prove_row(truth["kind"], panels)
        if not proof["unique"]:
            problems.append("the uniqueness proof fails: consistent hypotheses predict different answers")
        elif proof["answer"] != truth["answer"] and not (
                isinstance(proof["answer"], dict) and all(proof["answer"].get(k) == v for k, v in truth["answer"].items())):
            problems.append("the proved answer is not the stored answer")
        if _proof_json(proof) != stored:
            problems.append("the stored proof differs from the re-run proof")
        last = panels[5] if record.variant in ("sequence", "counting") else panels[2][2]
        if truth["answer"] != last:
            problems.append("the stored answer is not the last panel")
        if record.variant == "counting" and _figure_count(truth["figures"][5]) != truth["answer"]:
            problems.append("the reference figure does not have the answer's count")
        return problems


def _touches_border(bbox: list[int], frame: tuple[int, int]) -> bool:
    x0, y0, x1, y1 = bbox
    return x0 <= 1 or y0 <= 1 or x1 >= frame[1] - 2 or y1 >= frame[0] - 2


def _figure_count(figure: dict[str, Any]) -> int:
    """The count a stored counting figure is built to show (dots, regions, lines)."""
    if figure["kind"] == "dots":
        return len(figure["dots"])
    if figure["kind"] == "lines":
        return len(figure["lines"])
    spokes = bool(figure["chords"]) and list(figure["chords"][0][0]) == [0.5, 0.5]
    return len(figure["chords"]) + (0 if spokes else 1)


def _slots_of(mask: int, ring: tuple[int, ...] = RING) -> list[int]:
    return [ring[i] for i in range(len(ring)) if (mask >> i) & 1]
