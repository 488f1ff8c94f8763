"""The mathematical visual proof track (``math_proof``): two variants, sized to GenPuzzle's 295 problems.

* ``construction`` (about 60 %): on a labelled figure with exact rational coordinates, draw one of 13
  constructions (:data:`CONSTRUCTIONS`): perpendicular bisector, angle bisector, altitude, median, the
  three medians of the centroid, circumcircle, incircle, both tangents from an external point, the
  parallel through a point, a reflection or a rotation of a shape on a grid, the graph of y = ax + b,
  k/m of a rectangle shaded. Ground truth: the exact objects (``elements``), the other objects of the
  figure a wrong answer draws instead (``candidates``), optional construction lines, annotation points.
* ``proof_without_words`` (about 40 %): on a lattice under the identity as caption, draw the partition
  that proves it (:data:`IDENTITIES`); the answer set is the identity's invariants
  (:func:`solvers.math_proof.check_partition`), so every correct partition is accepted.

Instances whose required object could be confused with a candidate at the verifier's tolerance are
rejected at generation (each object's samples lie mostly outside the other's tolerance band).
"""

from __future__ import annotations

import math
import random
from fractions import Fraction as F
from typing import Any

import numpy as np

from genpuzzle.errors import TrackError
from genpuzzle.records import InstanceRecord, Puzzle, Status, Verdict, Violation
from genpuzzle.renderers.math_proof import SIZE, construction_frame, render_construction, render_lattice, to_px
from genpuzzle.solvers import math_proof as geo
from genpuzzle.track import Track

CONSTRUCTIONS = ("perpendicular_bisector", "angle_bisector", "altitude", "median", "centroid", "circumcircle",
                 "incircle", "tangent", "parallel", "reflection", "rotation", "plot_line", "shade_fraction")
IDENTITIES = ("odd_sum", "triangular", "square_of_sum", "difference_of_squares", "halving", "nicomachus")
TOLERANCE_FRACTION = 0.015  # of the image's longer side
MAX_ATTEMPTS = 400
SUPERSCRIPT = {2: "²", 3: "³"}


def _f(p) -> tuple[float, float]:
    return (float(F(p[0])), float(F(p[1])))


class MathProofTrack(Track):
    name = "math_proof"
    version = "2"
    variants = ("construction", "proof_without_words")
    variant_weights = {"construction": 177, "proof_without_words": 118}
    description = ("Constructions on labelled figures and lattice proofs without words, checked by ink coverage "
                   "along the exact objects and by the identity's partition invariants; five-dimension rubric.")

    # -- generation --------------------------------------------------------------------------------

    def generate(self, seed: int, variant: str) -> Puzzle:
        if variant not in self.variants:
            raise TrackError(f"math_proof has no variant {variant!r}; variants: {', '.join(self.variants)}")
        rng = random.Random(seed)
        if variant == "construction":
            return self._construction(seed, rng)
        return self._lattice(seed, rng)

    def _construction(self, seed: int, rng: random.Random) -> Puzzle:
        # the distinguishability check's helpers, imported by every construction (also a shade_fraction,
        # which is not checked): a process pays the import with its first construction, whatever its kind
        from genpuzzle.verifiers.math_proof import element_px, samples_of  # noqa: F401

        kind = CONSTRUCTIONS[rng.randrange(len(CONSTRUCTIONS))]
        tol = TOLERANCE_FRACTION * SIZE
        for attempt in range(MAX_ATTEMPTS):
            task = getattr(self, f"_task_{kind}")(rng)
            # the check needs only the frame: draw the pages once, for the figure that passes it
            if kind == "shade_fraction" or distinguishable(task, {"frame": construction_frame(task, task["elements"])},
                                                           tol):
                break
        else:
            raise TrackError(f"math_proof {kind}: no distinguishable figure in {MAX_ATTEMPTS} attempts (seed {seed})")
        drawing = render_construction(task, task["elements"], tol)
        truth = {"kind": kind, "figure": {k: v for k, v in task["figure"].items()},
                 "elements": task["elements"], "candidates": task.get("candidates", []),
                 "optional": task.get("optional", []), "annotations": task.get("annotations", []),
                 "params": task.get("params", {})}
        if kind == "shade_fraction":
            truth["shade_cells"] = task["params"]["cells"]
            truth["fraction"] = task["params"]["fraction"]
        text = self.instruction_sections()[kind].format(**task.get("words", {}))
        layout = {**drawing.layout, "variant": "construction", "kind": kind}
        return Puzzle(track=self.name, variant="construction", seed=seed, instruction=text,
                      difficulty={"level": task.get("level", "medium"), "kind": kind, "attempts": attempt + 1},
                      ground_truth=truth, layout=layout, input_image=drawing.input_image,
                      reference_images=[drawing.reference_image], edit_mask=drawing.edit_mask,
                      scoring=self._scoring())

    def _scoring(self) -> dict[str, Any]:
        return {"mechanism": "five_dimension", "rubric": "math_proof", "rubric_version": self.rubric["rubric_version"]}

    # triangle tasks

    def _triangle(self, rng: random.Random) -> tuple[dict[str, Any], dict[str, dict[str, Any]], dict[str, geo.Point]]:
        a, b, c = geo.heronian_triangle(rng)
        pts = {"A": a, "B": b, "C": c}
        sides = [geo.segment(f"side {u}{v}", pts[u], pts[v], "segment") for u, v in ("AB", "BC", "CA")]
        figure = {"points": {k: geo.pt_json(p) for k, p in pts.items()}, "given_elements": sides}
        return figure, geo.triangle_objects(a, b, c), pts

    def _vertex_task(self, rng: random.Random, prefix: str, kind: str) -> dict[str, Any]:
        figure, objs, pts = self._triangle(rng)
        v = "ABC"[rng.randrange(3)]
        side = "".join(w for w in "ABC" if w != v)
        name = f"{prefix} {v}"
        element = objs[name]
        end = element["points"][1]
        segments = [o for k, o in objs.items() if o["kind"] == "segment" and k != name]
        annotations = [end]
        if kind == "angle_bisector":
            annotations.append(geo.pt_json(pts[v]))
        return {"figure": figure, "elements": [element], "candidates": segments, "annotations": annotations,
                "words": {"vertex": v, "side": side}, "params": {"vertex": v}}

    def _task_angle_bisector(self, rng):
        return self._vertex_task(rng, "angle bisector at", "angle_bisector")

    def _task_altitude(self, rng):
        return self._vertex_task(rng, "altitude from", "altitude")

    def _task_median(self, rng):
        return self._vertex_task(rng, "median from", "median")

    def _task_perpendicular_bisector(self, rng):
        figure, objs, pts = self._triangle(rng)
        side = ("AB", "BC", "CA")[rng.randrange(3)]
        u, v = side
        name = f"perpendicular bisector of {''.join(sorted(side))}"
        element = objs[name]
        others = [o for k, o in objs.items() if o["kind"] == "segment" and k != name]
        return {"figure": figure, "elements": [element], "candidates": others,
                "annotations": [geo.pt_json(geo.midpoint(pts[u], pts[v]))], "words": {"side": "".join(sorted(side))},
                "params": {"side": "".join(sorted(side))}}

    def _task_centroid(self, rng):
        figure, objs, pts = self._triangle(rng)
        elements = [objs[f"median from {v}"] for v in "ABC"]
        # the classic confusions: the orthocentre's altitudes, the circumcentre's perpendicular bisectors
        # (a median and the angle bisector from the same vertex are usually within the tolerance of each other)
        others = [o for k, o in objs.items() if k.startswith(("altitude", "perpendicular bisector"))]
        g = ((pts["A"][0] + pts["B"][0] + pts["C"][0]) / 3, (pts["A"][1] + pts["B"][1] + pts["C"][1]) / 3)
        return {"figure": figure, "elements": elements, "candidates": others, "mark_points": [geo.pt_json(g)],
                "annotations": [geo.pt_json(g)] + [e["points"][1] for e in elements], "params": {"centroid": geo.pt_json(g)},
                "level": "hard"}

    def _circle_task(self, rng, name: str, optional_prefixes: tuple[str, ...]) -> dict[str, Any]:
        figure, objs, pts = self._triangle(rng)
        element = objs[name]
        others = [o for k, o in objs.items() if o["kind"] == "circle" and k != name]
        centre = geo.pt_of(element["center"])
        optional = [o for k, o in objs.items() if k.startswith(optional_prefixes)]
        if name == "incircle":
            optional += [geo.segment(f"radius to side {u}{v}", centre, geo.foot(centre, pts[u], pts[v]), "segment")
                         for u, v in ("AB", "BC", "CA")]
        else:
            optional += [geo.segment(f"radius to {v}", centre, pts[v], "segment") for v in "ABC"]
        return {"figure": figure, "elements": [element], "candidates": others, "optional": optional,
                "annotations": [element["center"]], "params": {"center": element["center"], "radius": element["radius"]},
                "level": "hard"}

    def _task_circumcircle(self, rng):
        return self._circle_task(rng, "circumcircle", ("perpendicular bisector",))

    def _task_incircle(self, rng):
        return self._circle_task(rng, "incircle", ("angle bisector",))

    def _task_tangent(self, rng):
        d, r, t = rng.choice(geo.TANGENT_TRIPLES)
        cos, sin = rng.choice(geo.ROTATIONS)
        o = (F(0), F(0))
        p = (F(d) * cos, F(d) * sin)
        rad = F(r)
        t1, t2 = geo.tangent_points(o, rad, p)
        u = geo.mul(geo.perp(geo.sub(p, o)), rad / d)
        figure = {"points": {"O": geo.pt_json(o), "P": geo.pt_json(p)},
                  "given_elements": [geo.circle("given circle", o, rad)],
                  "label_centre": geo.pt_json(geo.midpoint(o, p))}
        elements = [geo.segment("tangent from P (first)", p, t1), geo.segment("tangent from P (second)", p, t2)]
        candidates = [geo.segment("line from P through O", p, o),
                      geo.segment("perpendicular to OP through O", geo.add(o, u), geo.sub(o, u))]
        optional = [geo.segment("radius OT (first)", o, t1, "segment"), geo.segment("radius OT (second)", o, t2, "segment"),
                    geo.segment("segment OP", o, p, "segment"),
                    geo.circle("circle on diameter OP", geo.midpoint(o, p), F(d, 2))]
        return {"figure": figure, "elements": elements, "candidates": candidates, "optional": optional,
                "annotations": [geo.pt_json(t1), geo.pt_json(t2), geo.pt_json(geo.midpoint(o, p))],
                "params": {"touch_points": [geo.pt_json(t1), geo.pt_json(t2)], "radius": str(rad)}, "level": "hard"}

    def _task_parallel(self, rng):
        while True:
            b = (F(rng.randint(3, 8)) * rng.choice((1, -1)), F(rng.randint(-5, 5)))
            a = (F(0), F(0))
            p = (F(rng.randint(-4, 8)), F(rng.randint(-6, 6)))
            ab = geo.sub(b, a)
            dist = abs(geo.cross(ab, geo.sub(p, a))) / math.sqrt(float(geo.norm2(ab)))
            if 0.5 * math.sqrt(float(geo.norm2(ab))) <= dist <= 1.2 * math.sqrt(float(geo.norm2(ab))):
                break
        half = geo.mul(ab, F(1, 2))
        given = geo.segment("line AB", geo.sub(a, geo.mul(ab, F(2, 5))), geo.add(b, geo.mul(ab, F(2, 5))), "segment")
        element = geo.segment("parallel to AB through P", geo.sub(p, half), geo.add(p, half))
        n = geo.mul(geo.perp(ab), F(1, 2))
        candidates = [geo.segment("perpendicular to AB through P", geo.sub(p, n), geo.add(p, n)),
                      geo.segment("line PA", p, a), geo.segment("line PB", p, b)]
        figure = {"points": {"A": geo.pt_json(a), "B": geo.pt_json(b), "P": geo.pt_json(p)}, "given_elements": [given],
                  "label_centre": geo.pt_json(geo.midpoint(geo.midpoint(a, b), p))}
        return {"figure": figure, "elements": [element], "candidates": candidates, "annotations": [geo.pt_json(p)],
                "params": {"direction": geo.pt_json(ab)}}

    # grid tasks

    def _shape(self, rng, box: tuple[int, int, int, int]) -> list[geo.Point]:
        x0, y0, x1, y1 = box
        while True:
            k = rng.choice((3, 4))
            pts = {(rng.randint(x0, x1), rng.randint(y0, y1)) for _ in range(k)}
            if len(pts) < k:
                continue
            cx, cy = sum(p[0] for p in pts) / k, sum(p[1] for p in pts) / k
            ordered = sorted(pts, key=lambda p: math.atan2(p[1] - cy, p[0] - cx))
            area = 0.5 * abs(sum(ordered[i][0] * ordered[(i + 1) % k][1] - ordered[(i + 1) % k][0] * ordered[i][1]
                                 for i in range(k)))
            if area >= 4 and all(math.dist(ordered[i], ordered[(i + 1) % k]) >= 2 for i in range(k)):
                return [(F(x), F(y)) for x, y in ordered]

    def _grid_figure(self, shape: list[geo.Point], extra: dict[str, Any]) -> dict[str, Any]:
        names = "ABCD"
        figure = {"points": {names[i]: geo.pt_json(p) for i, p in enumerate(shape)},
                  "given_elements": [geo.polygon("given shape", shape)], "grid": {"x0": 0, "y0": 0, "x1": 12, "y1": 12},
                  "label_centre": geo.pt_json((sum(p[0] for p in shape) / len(shape), sum(p[1] for p in shape) / len(shape)))}
        figure["grid"].update(extra)
        return figure

    def _task_reflection(self, rng):
        axis = rng.choice(("vertical", "horizontal", "diagonal"))
        maps = {"vertical": (lambda p: (12 - p[0], p[1]), lambda p: (p[0], 12 - p[1]), ((6, 0), (6, 12)), (1, 0, 5, 11)),
                "horizontal": (lambda p: (p[0], 12 - p[1]), lambda p: (12 - p[0], p[1]), ((0, 6), (12, 6)), (1, 7, 11, 11)),
                "diagonal": (lambda p: (p[1], p[0]), lambda p: (12 - p[1], 12 - p[0]), ((0, 0), (12, 12)), (4, 0, 11, 7))}
        mirror, other, line, box = maps[axis]
        while True:
            shape = self._shape(rng, box)
            if axis != "diagonal" or all(p[0] - p[1] >= 1 for p in shape):
                break
        image = [mirror(p) for p in shape]
        cx = sum(p[0] for p in shape) / len(shape)
        cy = sum(p[1] for p in shape) / len(shape)
        icx, icy = mirror((cx, cy))
        candidates = [geo.polygon("the shape moved without reflecting", [(p[0] + icx - cx, p[1] + icy - cy) for p in shape]),
                      geo.polygon("the shape turned half a turn", [(12 - p[0], 12 - p[1]) for p in shape]),
                      geo.polygon("the reflection in the other axis", [other(p) for p in shape])]
        figure = self._grid_figure(shape, {"axis": [list(line[0]), list(line[1])]})
        return {"figure": figure, "elements": [geo.polygon("reflected shape", image)], "candidates": candidates,
                "annotations": [geo.pt_json(p) for p in image], "words": {"shape": "ABCD"[:len(shape)]},
                "params": {"axis": axis}}

    def _task_rotation(self, rng):
        angle = rng.choice((90, -90, 180))
        o = (F(6), F(6))
        turns = {90: lambda p: (12 - p[1], p[0]), -90: lambda p: (p[1], 12 - p[0]), 180: lambda p: (12 - p[0], 12 - p[1])}
        shape = self._shape(rng, (7, 1, 11, 5))
        image = [turns[angle](p) for p in shape]
        candidates = [geo.polygon(f"the shape rotated by {a} degrees", [turns[a](p) for p in shape])
                      for a in turns if a != angle]
        candidates += [geo.polygon("the reflection in the vertical line through O", [(12 - p[0], p[1]) for p in shape]),
                       geo.polygon("the reflection in the horizontal line through O", [(p[0], 12 - p[1]) for p in shape])]
        figure = self._grid_figure(shape, {})
        figure["points"]["O"] = geo.pt_json(o)
        words = {90: "90° anticlockwise", -90: "90° clockwise", 180: "180°"}[angle]
        return {"figure": figure, "elements": [geo.polygon("rotated shape", image)], "candidates": candidates,
                "annotations": [geo.pt_json(p) for p in image], "words": {"shape": "ABCD"[:len(shape)], "angle": words},
                "params": {"angle": angle, "center": geo.pt_json(o)}}

    def _task_plot_line(self, rng):
        slopes = [F(2), F(1, 2), F(-2), F(-1, 2), F(3), F(-3), F(1, 3), F(-1, 3), F(1), F(-1), F(3, 2), F(-3, 2),
                  F(2, 3), F(-2, 3)]
        a = rng.choice(slopes)
        b = F(rng.choice((-3, -2, -1, 1, 2, 3)))

        def clipped(slope: F, icpt: F, name: str) -> dict[str, Any]:
            pts = []
            for x in (F(-6), F(6)):
                y = slope * x + icpt
                pts.append((x, y))
            for y in (F(-6), F(6)):
                if slope:
                    pts.append(((y - icpt) / slope, y))
            inside = sorted({p for p in pts if -6 <= p[0] <= 6 and -6 <= p[1] <= 6})
            return geo.segment(name, inside[0], inside[-1])

        element = clipped(a, b, "graph of the line")
        cands = [(-a, b, "graph of y = -ax + b"), (a, -b, "graph of y = ax - b"), (1 / a, b, "graph of y = x/a + b"),
                 (b, a, "graph of y = bx + a"), (a, F(0), "graph of y = ax")]
        candidates = [clipped(s, i, n) for s, i, n in cands if (s, i) != (a, b) and abs(s * 6 + i) <= 40]
        figure = {"points": {}, "given_elements": [], "grid": {"x0": -6, "y0": -6, "x1": 6, "y1": 6, "axes": True}}
        return {"figure": figure, "elements": [element], "candidates": candidates,
                "annotations": [element["points"][0], element["points"][1]],
                "words": {"equation": equation(a, b)}, "params": {"a": str(a), "b": str(b)}}

    def _task_shade_fraction(self, rng):
        rows, cols = rng.choice(((2, 3), (3, 4), (2, 4), (3, 3), (2, 5), (4, 4), (2, 6), (3, 5)))
        total = rows * cols
        while True:
            m = rng.choice([d for d in range(2, total + 1) if total % d == 0])
            k = rng.randint(1, m - 1)
            if math.gcd(k, m) == 1 and 2 * k != m:
                break
        cells = total * k // m
        order = list(range(total))
        chosen = sorted(order[:cells])
        figure = {"points": {}, "given_elements": [],
                  "cells": {"x0": 0, "y0": 0, "x1": cols, "y1": rows, "rows": rows, "cols": cols}}
        task = {"figure": figure, "elements": [], "shade": [(i // cols, i % cols) for i in chosen],
                "words": {"fraction": f"{k}/{m}"}, "params": {"fraction": f"{k}/{m}", "cells": cells, "total": total}}
        task["figure"]["grid_extent"] = True
        return task

    # -- lattices -----------------------------------------------------------------------------------

    def _lattice(self, seed: int, rng: random.Random) -> Puzzle:
        identity, (params, caption, words) = lattice_choice(rng)
        labels = geo.reference_partition(identity, params)
        removed = labels < 0
        drawing = render_lattice(caption, labels, removed)
        truth = {"identity": identity, "params": params, "caption": caption,
                 "reference_partition": labels.tolist(), "removed": removed.astype(int).tolist(),
                 "valid_partitions": len(geo.valid_partitions(identity, params)),
                 "invariants": [name for name, _, _ in geo.check_partition(identity, params, labels)]}
        text = self.instruction_sections()[identity].format(**words)
        layout = {**drawing.layout, "variant": "proof_without_words", "identity": identity}
        return Puzzle(track=self.name, variant="proof_without_words", seed=seed, instruction=text,
                      difficulty={"level": "hard" if labels.size > 40 else "medium", "identity": identity,
                                  "cells": int(labels.size)},
                      ground_truth=truth, layout=layout, input_image=drawing.input_image,
                      reference_images=[drawing.reference_image], edit_mask=drawing.edit_mask,
                      scoring=self._scoring())

    # -- verification ------------------------------------------------------------------------------

    def verify(self, record: InstanceRecord, answer: np.ndarray, input_image: np.ndarray,
               observed: np.ndarray | None = None) -> Verdict:
        from genpuzzle.verifiers.math_proof import (cap_violations, check_construction, check_lattice, check_shading,
                                                    ink_maps, math_proof_score)

        rubric, truth, layout = self.rubric, record.ground_truth, record.layout
        if record.variant == "proof_without_words":
            ink = ink_maps(answer, input_image, layout["lattice"]["cell_px"])
            check = check_lattice(answer, ink, truth, layout, rubric)
        else:
            ink = ink_maps(answer, input_image, 60.0)
            if truth["kind"] == "shade_fraction":
                check = check_shading(ink, answer, truth, layout, rubric)
            else:
                check = check_construction(ink, truth, layout, rubric, observed)
        violations = check.violations + cap_violations(check)
        dims = dict(check.dims)
        if check.unsure:
            dims["reasoning_correctness"] = min(dims["reasoning_correctness"], 29 / 30)
        score = math_proof_score(dims, violations, rubric, check.answered)
        not_covered = set(rubric.get("not_covered", []))
        subscores = {k: round(v, 4) for k, v in dims.items() if k not in not_covered}
        extra = {"not_covered": sorted(not_covered),
                 "program_points": {k: round(v, 4) for k, v in dims.items()}}
        if check.unsure:
            extra["unsure"] = check.unsure
        status = Status.INCORRECT if violations else Status.CORRECT
        return Verdict(id=record.id, track=self.name, score=score, status=status, violations=violations,
                       parsed=check.parsed, confidence=0.5 if check.unsure else 1.0, needs_review=bool(check.unsure),
                       subscores=subscores, extra=extra)

    def overlay(self, record: InstanceRecord, verdict: Verdict, answer: np.ndarray) -> np.ndarray | None:
        if record.variant != "construction" or "elements" not in (verdict.parsed or {}):
            return None
        import cv2

        from genpuzzle.verifiers.math_proof import element_px, paint

        out = np.ascontiguousarray(np.asarray(answer)[:, :, :3].copy())
        frame = record.layout["frame"]
        states = {e["name"]: e["state"] for e in verdict.parsed["elements"]}
        for e in record.ground_truth["elements"]:
            mask = np.zeros(out.shape[:2], np.uint8)
            paint(mask, element_px(e, frame), 2, whole_line=False)
            colour = (40, 180, 40) if states.get(e["name"]) == "accurate" else (220, 30, 30)
            out[mask > 0] = colour
        del cv2
        return out

    def dedupe_key(self, record: InstanceRecord) -> str:
        return _dedupe_key(record.variant, record.ground_truth)

    def planned_dedupe_key(self, seed: int, variant: str) -> str | None:
        """A lattice's key from its first two draws (identity and parameters), without building it: the
        variant has a few dozen puzzles, so a set re-draws many; None for constructions."""
        if variant != "proof_without_words":
            return None
        identity, (params, _, _) = lattice_choice(random.Random(seed))
        return _dedupe_key(variant, {"identity": identity, "params": params})

    # -- validation --------------------------------------------------------------------------------

    def validate(self, record: InstanceRecord) -> list[str]:
        truth = record.ground_truth
        try:
            if record.variant == "proof_without_words":
                labels = np.asarray(truth["reference_partition"])
                problems = []
                if not geo.partition_holds(truth["identity"], truth["params"], labels):
                    problems.append("the reference partition does not satisfy the identity's invariants")
                for lab in geo.valid_partitions(truth["identity"], truth["params"]):
                    if not geo.partition_holds(truth["identity"], truth["params"], lab):
                        problems.append("a listed valid partition fails the invariants")
                        break
                return problems
            return relations_problems(truth)
        except (KeyError, ValueError, ZeroDivisionError) as err:
            return [f"ground truth unreadable: {type(err).__name__}: {err}"]


# ------------------------------------------------------------------------------------------ helpers


def equation(a: F, b: F) -> str:
    def coef(x: F) -> str:
        if x == 1:
            return ""
        if x == -1:
            return "-"
        return str(x) if x.denominator == 1 else f"({x})"

    sign = "+" if b > 0 else "-"
    return f"{coef(a)}x {sign} {abs(b)}"


def _dedupe_key(variant: str, truth: dict[str, Any]) -> str:
    import hashlib
    import json

    key = {k: truth[k] for k in ("kind", "identity", "params", "figure") if k in truth}
    return variant + ":" + hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()


def lattice_choice(rng: random.Random) -> tuple[str, tuple[dict[str, int], str, dict[str, Any]]]:
    """A lattice instance's identity and its :func:`lattice_params`: the first draws from its ``rng``."""
    identity = IDENTITIES[rng.randrange(len(IDENTITIES))]
    return identity, lattice_params(identity, rng)


def lattice_params(identity: str, rng: random.Random) -> tuple[dict[str, int], str, dict[str, Any]]:
    if identity == "odd_sum":
        n = rng.choice((4, 5, 6))
        terms = " + ".join(str(2 * k + 1) for k in range(n))
        return {"n": n}, f"{terms} = {n}²", {"n": n, "last": 2 * n - 1}
    if identity == "triangular":
        n = rng.choice((4, 5, 6))
        return {"n": n}, f"{' + '.join(str(k) for k in range(1, n + 1))} = {n}·{n + 1}/2", {"n": n, "n1": n + 1}
    if identity == "square_of_sum":
        a, b = rng.choice(((3, 2), (4, 2), (3, 1), (4, 3), (5, 2), (4, 1), (5, 3)))
        return {"a": a, "b": b}, f"({a} + {b})² = {a}² + 2·{a}·{b} + {b}²", {"a": a, "b": b, "s": a + b}
    if identity == "difference_of_squares":
        a, b = rng.choice(((5, 2), (6, 2), (6, 3), (7, 3), (5, 3), (7, 2), (6, 4)))
        corner = rng.randrange(4)
        return ({"a": a, "b": b, "corner": corner}, f"{a}² − {b}² = ({a} + {b})({a} − {b})",
                {"a": a, "b": b, "d": a - b})
    if identity == "halving":
        n = rng.choice((4, 8))
        return {"n": n}, "1/2 + 1/4 + 1/8 + … = 1", {"n": n}
    n = rng.choice((3, 4))
    side = n * (n + 1) // 2
    cubes = " + ".join(f"{k}³" for k in range(1, n + 1))
    total = " + ".join(str(k) for k in range(1, n + 1))
    return {"n": n, "side": side}, f"{cubes} = ({total})²", {"n": n, "s": side, "cubes": cubes, "sum": total}


def distinguishable(task: dict[str, Any], layout: dict[str, Any], tol: float) -> bool:
    """Every required object stays inside the page and is told apart from every candidate: at most half
    of either's sample points lie within 1.5 times the tolerance of the other (the verifier needs 0.7
    within the tolerance to call an object drawn)."""
    from genpuzzle.verifiers.math_proof import element_px, samples_of

    frame = layout["frame"]
    geoms: dict[int, dict[str, Any]] = {}  # by id: each object's pixel geometry and samples computed once
    samples: dict[int, np.ndarray] = {}

    def geom_of(e):
        if id(e) not in geoms:
            geoms[id(e)] = element_px(e, frame)
        return geoms[id(e)]

    def pts(e):
        if id(e) not in samples:
            samples[id(e)] = np.concatenate(samples_of(geom_of(e)))
        return samples[id(e)]

    near = 1.5 * tol
    segments: dict[int, list] = {}  # by id: each segment's (p, q - p, squared length) as _seg_dist uses them

    def near_share(a: np.ndarray, e: dict[str, Any]) -> float:
        geom = geom_of(e)
        if "circle" in geom:
            (cx, cy), r = geom["circle"]
            d = np.abs(np.hypot(a[:, 0] - cx, a[:, 1] - cy) - r)
        else:
            if id(e) not in segments:
                segments[id(e)] = [_segment_terms(p, q) for p, q in geom["segments"]]
            parts = [_seg_dist_terms(a, *terms) for terms in segments[id(e)]]
            d = parts[0] if len(parts) == 1 else np.min(parts, axis=0)
        return np.count_nonzero(d <= near) / len(d)  # the mean of d <= near, as a count

    for e in task["elements"]:
        pe = pts(e)
        if pe.min() < 20 or pe.max() > SIZE - 20:
            return False
        for c in task.get("candidates", []):
            if near_share(pe, c) > 0.5 or near_share(pts(c), e) > 0.5:
                return False
        for other in task["elements"]:
            if other is not e and near_share(pe, other) > 0.5:
                return False
    return True


def _seg_dist(xy: np.ndarray, p, q) -> np.ndarray:
    """Distance of each point of ``xy`` to the segment ``pq``."""
    return _seg_dist_terms(xy, *_segment_terms(p, q))


def _segment_terms(p, q) -> tuple[np.ndarray, np.ndarray, float]:
    p, q = np.asarray(p, float), np.asarray(q, float)
    d = q - p
    return p, d, max(float(d @ d), 1e-9)


def _seg_dist_terms(xy: np.ndarray, p: np.ndarray, d: np.ndarray, dd: float) -> np.ndarray:
    # np.clip's and np.linalg.norm's own operations, without their wrappers' checks (the same values)
    t = np.minimum(np.maximum(((xy - p) @ d) / dd, 0), 1)
    off = xy - (p + t[:, None] * d)
    return np.sqrt(np.add.reduce(off * off, axis=1))


def relations_problems(truth: dict[str, Any]) -> list[str]:
    """Re-derive the construction's objects from the given points with exact arithmetic and check the
    defining relations (returns the ones that fail)."""
    kind = truth["kind"]
    pts = {k: geo.pt_of(v) for k, v in truth["figure"]["points"].items()}
    problems: list[str] = []
    el = truth["elements"]
    if kind in ("perpendicular_bisector", "angle_bisector", "altitude", "median", "centroid", "circumcircle", "incircle"):
        a, b, c = pts["A"], pts["B"], pts["C"]
        objs = geo.triangle_objects(a, b, c)
        for e in el:
            if objs.get(e["name"]) != e:
                problems.append(f"{e['name']} differs from the one recomputed from A, B, C")
        for e in el:
            if e["kind"] == "circle":
                o, r = geo.pt_of(e["center"]), F(e["radius"])
                if e["name"] == "circumcircle" and any(geo.norm2(geo.sub(p, o)) != r * r for p in (a, b, c)):
                    problems.append("the circumcircle misses a vertex")
                if e["name"] == "incircle":
                    for p, q in ((a, b), (b, c), (c, a)):
                        d = geo.sub(q, p)
                        if geo.cross(d, geo.sub(o, p)) ** 2 != r * r * geo.norm2(d):
                            problems.append("the incircle does not touch every side")
                    if not all(geo.cross(geo.sub(q, p), geo.sub(o, p)) * geo.cross(geo.sub(q, p), geo.sub(s, p)) > 0
                               for p, q, s in ((a, b, c), (b, c, a), (c, a, b))):
                        problems.append("the incentre is not inside the triangle")
                continue
            s, t = (geo.pt_of(v) for v in e["points"])
            vname = e["name"][-1]
            if e["name"].startswith(("altitude", "median", "angle bisector")):
                o1, o2 = [pts[w] for w in "ABC" if w != vname]
                if geo.cross(geo.sub(o2, o1), geo.sub(t, o1)) != 0:
                    problems.append(f"{e['name']} does not end on the opposite side")
                if e["name"].startswith("altitude") and geo.dot(geo.sub(t, s), geo.sub(o2, o1)) != 0:
                    problems.append("the altitude is not perpendicular")
                if e["name"].startswith("median") and t != geo.midpoint(o1, o2):
                    problems.append("the median does not end at the midpoint")
                if e["name"].startswith("angle bisector"):
                    u, w = geo.sub(o1, s), geo.sub(o2, s)
                    v = geo.sub(t, s)
                    # equal angles: cos^2 equal and same sign of the dot products
                    if (geo.dot(u, v) ** 2 * geo.norm2(w) != geo.dot(w, v) ** 2 * geo.norm2(u)
                            or geo.dot(u, v) * geo.dot(w, v) <= 0):
                        problems.append("the angle bisector splits the angle unequally")
            if e["name"].startswith("perpendicular bisector"):
                u, w = (pts[ch] for ch in e["name"][-2:])
                m = geo.midpoint(s, t)
                if m != geo.midpoint(u, w) or geo.dot(geo.sub(t, s), geo.sub(w, u)) != 0:
                    problems.append("the perpendicular bisector is not through the midpoint at right angles")
        if kind == "centroid":
            g = geo.pt_of(truth["params"]["centroid"])
            for e in el:
                if not e["name"].startswith("median"):
                    continue
                s, t = (geo.pt_of(v) for v in e["points"])
                if geo.cross(geo.sub(t, s), geo.sub(g, s)) != 0:
                    problems.append("a median misses the centroid")
    elif kind == "tangent":
        o, p = pts["O"], pts["P"]
        r = F(truth["params"]["radius"])
        for e in el:
            s, t = (geo.pt_of(v) for v in e["points"])
            if s != p or geo.norm2(geo.sub(t, o)) != r * r or geo.dot(geo.sub(t, o), geo.sub(t, p)) != 0:
                problems.append(f"{e['name']} is not tangent at its touch point")
    elif kind == "parallel":
        ab = geo.sub(pts["B"], pts["A"])
        s, t = (geo.pt_of(v) for v in el[0]["points"])
        if geo.cross(geo.sub(t, s), ab) != 0 or geo.midpoint(s, t) != pts["P"]:
            problems.append("the line is not the parallel through P")
    elif kind in ("reflection", "rotation"):
        shape = [geo.pt_of(truth["figure"]["points"][k]) for k in "ABCD" if k in truth["figure"]["points"]]
        image = [geo.pt_of(v) for v in el[0]["vertices"]]
        if kind == "reflection":
            (x0, y0), (x1, y1) = truth["figure"]["grid"]["axis"]
            a, b = (F(x0), F(y0)), (F(x1), F(y1))
            for p, q in zip(shape, image):
                if geo.dot(geo.sub(q, p), geo.sub(b, a)) != 0 or geo.cross(geo.sub(b, a), geo.sub(geo.midpoint(p, q), a)) != 0:
                    problems.append("an image vertex is not the mirror image")
        else:
            o = geo.pt_of(truth["params"]["center"])
            angle = truth["params"]["angle"]
            for p, q in zip(shape, image):
                u, v = geo.sub(p, o), geo.sub(q, o)
                want = {90: geo.perp(u), -90: geo.mul(geo.perp(u), F(-1)), 180: geo.mul(u, F(-1))}[angle]
                if v != want:
                    problems.append("an image vertex is not the rotated vertex")
    elif kind == "plot_line":
        a, b = F(truth["params"]["a"]), F(truth["params"]["b"])
        for v in el[0]["points"]:
            x, y = geo.pt_of(v)
            if y != a * x + b:
                problems.append("the plotted line misses y = ax + b")
    elif kind == "shade_fraction":
        total = truth["params"]["total"]
        if F(truth["shade_cells"], total) != F(truth["fraction"]):
            problems.append("the shaded cell count is not the fraction")
    return problems
