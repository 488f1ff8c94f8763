"""The spatial-construction track (``spatial_construction``): four variants, 14 each by default (56 as
GenPuzzle's track), every answer certified and checked from the drawing.

* ``cube_net``: two labelled views of a cube with six differently coloured faces and one of the 11 nets
  with two squares coloured; colour the rest. Certified by folding the net and trying all 24 rotations of
  the cube: exactly one colouring of the net agrees with the coloured squares.
* ``paper_folding``: a square sheet folded 1-3 times (halves, or the diagonal of a square) and punched;
  draw the holes of the opened sheet on its lattice. The holes are the punches reflected back through the
  folds, and the same set is found by folding every lattice point forward.
* ``cross_section``: a cube with points P, Q, R on three edges; draw the section polygon. The polygon is
  the exact (rational) cut of the plane with the 12 edges.
* ``assembly``: tile a rectangle with the given polyominoes (rotations, no reflections); every tiling is
  accepted, and an exact-cover search (Algorithm X) counts tilings up to 2 to record whether the instance
  is unique; ``validate`` recounts with CP-SAT.

Verification reads the answer open-set (colours in CIELAB, discs at lattice points, ink along the expected
section edges and along every other chord, colour regions of the tiling), accounts for every mark outside
the answer area and grades in GenPuzzle's four tiers (``data/rubrics/spatial_construction.json``,
section ``programmatic``).
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from genpuzzle.errors import TrackError
from genpuzzle.records import InstanceRecord, Puzzle, Verdict
from genpuzzle.renderers.spatial_construction import (
    COLOUR_NAMES,
    project,
    render_assembly,
    render_cross_section,
    render_cube_net,
    render_paper_folding,
)
from genpuzzle.solvers.spatial_construction import (
    CUBE_EDGES,
    CUBE_VERTICES,
    OPPOSITE,
    as_cells,
    canonical,
    common_face,
    connected,
    count_tilings,
    count_tilings_cpsat,
    cube_nets,
    edge_point,
    final_points,
    fold_net,
    folded_region,
    holes_by_folding,
    is_tiling,
    net_colourings,
    on_cube_surface,
    orientations,
    section_polygon,
    unfold_holes,
)
from genpuzzle.track import Track

MAX_ATTEMPTS = 400
FRACTIONS = (Fraction(1, 4), Fraction(1, 3), Fraction(1, 2), Fraction(2, 3), Fraction(3, 4))
FACE_ORDER = ("top", "front", "right", "bottom", "back", "left")


def _point_json(p) -> list[str]:
    return [str(Fraction(v)) for v in p]


def _point_of(value) -> tuple[Fraction, Fraction, Fraction]:
    return tuple(Fraction(v) for v in value)  # type: ignore[return-value]


def _hidden_face_segment(a, b) -> bool:
    """A section side lies on a face hidden in the drawing (left x=0, back y=1, bottom z=0)."""
    return (a[0] == 0 and b[0] == 0) or (a[1] == 1 and b[1] == 1) or (a[2] == 0 and b[2] == 0)


# ------------------------------------------------------------------------------------------ generators


def make_cube_net(rng: random.Random) -> dict[str, Any] | None:
    nets = cube_nets()
    shape = list(nets[rng.randrange(len(nets))])
    shape = list(orientations(shape, reflections=True)[rng.randrange(len(orientations(shape, True)))])
    faces = fold_net(shape)
    colours = list(range(6))
    rng.shuffle(colours)
    cube = {face: colours[k] for k, face in enumerate(FACE_ORDER)}
    solution = {sq: cube[faces[sq]] for sq in shape}
    a, b = rng.sample(shape, 2)
    if OPPOSITE[faces[a]] == faces[b]:
        return None  # two opposite faces leave four colourings (rotations about their axis)
    anchors = {a: solution[a], b: solution[b]}
    fits = net_colourings(shape, cube, anchors)
    if len(fits) != 1 or fits[0] != solution:
        return None
    return {"net": shape, "faces": faces, "cube": cube, "solution": solution, "anchors": sorted(anchors)}


def make_paper_folding(rng: random.Random) -> dict[str, Any] | None:
    n = rng.choice((4, 6))
    count = rng.choice((1, 2, 2, 3, 3))
    folds: list[tuple[str, str]] = []
    for _ in range(count):
        regions = folded_region(n, folds)
        x0, y0, x1, y1, tri = regions[-1] if regions else (0, 0, n, n, "")
        options = []
        if not tri:
            # a fold must map lattice points onto lattice points: the fold line's coordinate sum is whole
            if (x1 - x0) >= 2 and Fraction(x0 + x1).denominator == 1:
                options += [("v", "left"), ("v", "right")]
            if (y1 - y0) >= 2 and Fraction(y0 + y1).denominator == 1:
                options += [("h", "top"), ("h", "bottom")]
            if x1 - x0 == y1 - y0 and Fraction(x0 - y0).denominator == 1:
                options += [("d", "upper"), ("d", "lower")]
        if not options:
            break
        folds.append(options[rng.randrange(len(options))])
    if not folds:
        return None
    spots = final_points(n, folds)
    punches = sorted(rng.sample(spots, min(len(spots), rng.choice((1, 1, 2)))))
    holes = unfold_holes(n, folds, punches)
    if holes != holes_by_folding(n, folds, punches) or len(holes) > n * n // 2:
        return None
    return {"n": n, "folds": folds, "punches": punches, "holes": sorted(holes),
            "regions": folded_region(n, folds)}


def make_cross_section(rng: random.Random) -> dict[str, Any] | None:
    edges = rng.sample(range(12), 3)
    pts = [edge_point(e, rng.choice(FRACTIONS)) for e in edges]
    polygon = section_polygon(*pts)
    if polygon is None or not 3 <= len(polygon) <= 6:
        return None
    if any(all(v in (0, 1) for v in p) for p in polygon):
        return None  # a cube vertex on the section: sides would run into corners
    origin = (0.0, 0.0)
    xy = [project(p, origin) for p in polygon]
    side = 300.0
    m = len(xy)
    # the distances as np.linalg.norm takes them (the square root of numpy's dot of the difference with
    # itself), so every comparison below is the same as with numpy vectors
    for i in range(m):
        if _norm(xy[i], xy[(i + 1) % m]) < 0.22 * side:
            return None
        for j in range(i + 1, m):
            if _norm(xy[i], xy[j]) < 0.15 * side:
                return None
    area = 0.5 * abs(sum(xy[i][0] * xy[(i + 1) % m][1] - xy[(i + 1) % m][0] * xy[i][1] for i in range(m)))
    if area < 0.16 * side * side:
        return None  # seen nearly edge-on
    # every side and chord must stay clear of the cube's drawn edges (else its ink hides in theirs)
    ends, ts = _cube_edge_ends()
    px = [np.array(p) for p in xy]
    for i in range(m):
        for j in range(i + 1, m):
            q = px[i][None, :] + ts[:, None] * (px[j] - px[i])[None, :]
            is_side = j == i + 1 or (i == 0 and j == m - 1)
            if float((_dist_to_segments(q, ends) < 0.035 * side).mean()) > (0.3 if is_side else 0.5):
                return None
    labels = dict(zip("PQR", pts))
    return {"points": labels, "edges": edges, "polygon": polygon}


def _norm(a: tuple[float, float], b: tuple[float, float]) -> float:
    """``np.linalg.norm(np.array(a) - np.array(b))``."""
    d = np.array((a[0] - b[0], a[1] - b[1]))
    return math.sqrt(d.dot(d))


@lru_cache(maxsize=1)
def _cube_edge_ends() -> tuple[np.ndarray, np.ndarray]:
    """The cube's edges projected at origin (0, 0) (12 x 2 x 2) and the 17 sample fractions along a chord."""
    origin = (0.0, 0.0)
    ends = np.array([(project(CUBE_VERTICES[a], origin), project(CUBE_VERTICES[b], origin)) for a, b in CUBE_EDGES])
    return ends, np.linspace(0.1, 0.9, 17)


def _dist_to_segments(q: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """Distance of each point ``q`` (k x 2) to the nearest of the segments ``ends`` (s x 2 x 2)."""
    a, b = ends[:, 0][None], ends[:, 1][None]
    d = b - a
    t = np.clip(((q[:, None] - a) * d).sum(-1) / np.maximum(1e-9, (d * d).sum(-1)), 0, 1)
    return np.linalg.norm(q[:, None] - (a + t[..., None] * d), axis=-1).min(axis=1)


def make_assembly(rng: random.Random) -> dict[str, Any] | None:
    rows, cols = rng.choice(((3, 4), (4, 4), (3, 5), (4, 5)))
    target = {(r, c) for r in range(rows) for c in range(cols)}
    free = set(target)
    regions: list[set] = []
    while free:
        start = min(free)
        size = rng.choice((3, 4, 4, 5))
        region = {start}
        while len(region) < size:
            frontier = sorted({(r + dr, c + dc) for r, c in region for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))}
                              & (free - region))
            if not frontier:
                break
            region.add(frontier[rng.randrange(len(frontier))])
        if len(region) < 3:
            return None
        regions.append(region)
        free -= region
    if len(regions) > 6 or len({canonical(r, reflections=True) for r in regions}) != len(regions):
        return None
    pieces = []
    for region in regions:
        options = orientations(region)
        pieces.append(list(options[rng.randrange(len(options))]))
    count = count_tilings(target, pieces, limit=2)
    if count < 1:
        return None
    return {"rows": rows, "cols": cols, "pieces": pieces, "solution": [sorted(r) for r in regions],
            "tilings_counted": count}


class SpatialConstructionTrack(Track):
    name = "spatial_construction"
    version = "3"
    variants = ("cube_net", "paper_folding", "cross_section", "assembly")
    variant_weights = {"cube_net": 1, "paper_folding": 1, "cross_section": 1, "assembly": 1}
    description = ("Nets, paper folding, cube sections and polyomino tilings: certified answers (24-rotation "
                   "fold, reflection, exact plane cut, exact cover), read back open-set, four tiers.")

    # -- generation --------------------------------------------------------------------------------

    def generate(self, seed: int, variant: str) -> Puzzle:
        if variant not in self.variants:
            raise TrackError(f"spatial_construction has no variant {variant!r}; variants: {', '.join(self.variants)}")
        rng = random.Random(seed)
        maker = {"cube_net": make_cube_net, "paper_folding": make_paper_folding,
                 "cross_section": make_cross_section, "assembly": make_assembly}[variant]
        for attempt in range(MAX_ATTEMPTS):
            made = maker(rng)
            if made is not None:
                break
        else:
            raise TrackError(f"spatial_construction {variant}: no certified instance in {MAX_ATTEMPTS} attempts "
                             f"(seed {seed})")
        sections = self.instruction_sections()
        if variant == "cube_net":
            drawing = render_cube_net(made["cube"], made["net"], made["solution"], made["anchors"])
            text = sections[variant].format(
                colours=", ".join(COLOUR_NAMES),
                anchor_text="two of its squares are already coloured (" + "; ".join(
                    f"{COLOUR_NAMES[made['solution'][sq]]}" for sq in made["anchors"]) + ").")
            truth = {"net": [list(sq) for sq in made["net"]],
                     "cube": made["cube"], "colours": list(COLOUR_NAMES),
                     "faces": {f"{r},{c}": face for (r, c), face in made["faces"].items()},
                     "solution": {f"{r},{c}": COLOUR_NAMES[k] for (r, c), k in made["solution"].items()},
                     "anchors": [list(sq) for sq in made["anchors"]],
                     "certificate": {"kind": "fold_over_24_rotations", "fitting_colourings": 1,
                                     "anchor_faces": [made["faces"][sq] for sq in made["anchors"]]}}
            difficulty = {"level": "medium" if any(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
                                                   for a in made["anchors"] for b in made["anchors"]) else "hard",
                          "attempts": attempt + 1}
        elif variant == "paper_folding":
            n = made["n"]
            drawing = render_paper_folding(n, made["folds"], made["punches"], made["holes"], made["regions"])
            k = len(made["folds"])
            text = sections[variant].format(fold_count={1: "once", 2: "twice", 3: "three times"}[k])
            truth = {"n": n, "folds": [list(f) for f in made["folds"]], "punches": [list(p) for p in made["punches"]],
                     "holes": [list(h) for h in made["holes"]],
                     "certificate": {"kind": "unfold_by_reflection", "holes": len(made["holes"]),
                                     "agrees_with_forward_folding": True}}
            difficulty = {"level": ("easy", "medium", "hard")[k - 1], "n": n, "folds": k,
                          "diagonal": any(f[0] == "d" for f in made["folds"]), "attempts": attempt + 1}
        elif variant == "cross_section":
            polygon = made["polygon"]
            labels = made["points"]
            names = []
            extra = 1
            for p in polygon:
                name = next((k for k, v in labels.items() if v == p), None)
                if name is None:
                    name = f"X{extra}"
                    extra += 1
                names.append(name)
            hidden = [_hidden_face_segment(polygon[i], polygon[(i + 1) % len(polygon)]) for i in range(len(polygon))]
            centre = np.array(project((0.5, 0.5, 0.5), (0, 0)))
            sides = {}
            for k, p in labels.items():
                v = np.array(project(p, (0, 0))) - centre
                v = v / max(1e-9, float(np.linalg.norm(v)))
                sides[k] = (round(float(v[0]), 3), round(float(v[1]), 3))
            drawing = render_cross_section(labels, polygon, hidden, CUBE_EDGES, CUBE_VERTICES, sides)
            text = sections[variant]
            truth = {"cube": "unit cube [0,1]^3, x right, y back, z up; oblique drawing, depth at half length",
                     "points": {k: _point_json(v) for k, v in labels.items()},
                     "point_edges": {k: list(CUBE_EDGES[e]) for k, e in zip("PQR", made["edges"])},
                     "polygon": [_point_json(p) for p in polygon], "vertex_names": names,
                     "hidden_sides": hidden,
                     "certificate": {"kind": "exact_plane_cut", "vertices": len(polygon)}}
            difficulty = {"level": {3: "easy", 4: "medium"}.get(len(polygon), "hard"), "vertices": len(polygon),
                          "attempts": attempt + 1}
        else:
            drawing = render_assembly(made["rows"], made["cols"], made["pieces"], made["solution"])
            text = sections[variant].format(rows=made["rows"], cols=made["cols"], count=len(made["pieces"]))
            truth = {"rows": made["rows"], "cols": made["cols"], "pieces": [[list(c) for c in p] for p in made["pieces"]],
                     "piece_colours": list(COLOUR_NAMES[:len(made["pieces"])]),
                     "solution": [[list(c) for c in r] for r in made["solution"]],
                     "rotations": True, "reflections": False,
                     "certificate": {"kind": "exact_cover", "tilings_counted_to_2": made["tilings_counted"],
                                     "unique": made["tilings_counted"] == 1,
                                     "accepts": "every exact cover by the pieces (rotated, not reflected)"}}
            difficulty = {"level": "easy" if len(made["pieces"]) <= 3 else "medium" if len(made["pieces"]) == 4 else "hard",
                          "pieces": len(made["pieces"]), "cells": made["rows"] * made["cols"],
                          "unique": made["tilings_counted"] == 1, "attempts": attempt + 1}
        return Puzzle(track=self.name, variant=variant, seed=seed, instruction=text, difficulty=difficulty,
                      ground_truth=truth, layout={**drawing.layout, "variant": variant},
                      input_image=drawing.input_image, reference_images=[drawing.reference_image],
                      edit_mask=drawing.edit_mask,
                      scoring={"mechanism": "four_tier", "rubric": "spatial_construction",
                               "rubric_version": self.rubric["rubric_version"], "programmatic": True})

    # -- verification ------------------------------------------------------------------------------

    def verify(self, record: InstanceRecord, answer: np.ndarray, input_image: np.ndarray) -> Verdict:
        from genpuzzle.verifiers import spatial_construction as sc

        return sc.verify(self.name, self.rubric, record, answer, input_image)

    def overlay(self, record: InstanceRecord, verdict: Verdict, answer: np.ndarray) -> np.ndarray | None:
        from genpuzzle.verifiers.spatial_construction import draw_reading

        return draw_reading(answer, record, verdict)

    def dedupe_key(self, record: InstanceRecord) -> str:
        truth = record.ground_truth
        if record.variant == "assembly":
            return f"assembly:{truth['rows']}x{truth['cols']}:{sorted(canonical(as_cells(p)) for p in truth['pieces'])}"
        if record.variant == "cube_net":
            return f"cube_net:{sorted(truth['solution'].items())}"
        return super().dedupe_key(record)

    # -- validation --------------------------------------------------------------------------------

    def validate(self, record: InstanceRecord) -> list[str]:
        truth, problems = record.ground_truth, []
        try:
            if record.variant == "cube_net":
                net = [tuple(sq) for sq in truth["net"]]
                faces = fold_net(net)
                if faces is None:
                    return ["the stored net does not fold into a cube"]
                if any(faces[sq] != truth["faces"][f"{sq[0]},{sq[1]}"] for sq in net):
                    problems.append("the stored faces are not where the net folds")
                cube = {face: int(k) for face, k in truth["cube"].items()}
                solution = {tuple(int(v) for v in key.split(",")): COLOUR_NAMES.index(name)
                            for key, name in truth["solution"].items()}
                anchors = {tuple(sq): solution[tuple(sq)] for sq in truth["anchors"]}
                fits = net_colourings(net, cube, anchors)
                if len(fits) != 1:
                    problems.append(f"{len(fits)} colourings of the net fit the cube and the coloured squares")
                elif fits[0] != solution:
                    problems.append("the stored colouring is not the one that folds into the cube")
            elif record.variant == "paper_folding":
                n, folds = int(truth["n"]), [tuple(f) for f in truth["folds"]]
                punches = [tuple(p) for p in truth["punches"]]
                holes = {tuple(h) for h in truth["holes"]}
                if unfold_holes(n, folds, punches) != holes:
                    problems.append("unfolding the punches does not give the stored holes")
                if holes_by_folding(n, folds, punches) != holes:
                    problems.append("folding the sheet forward does not put the stored holes under the punches")
            elif record.variant == "cross_section":
                pts = {k: _point_of(v) for k, v in truth["points"].items()}
                polygon = [_point_of(p) for p in truth["polygon"]]
                exact = section_polygon(pts["P"], pts["Q"], pts["R"])
                if exact is None or set(exact) != set(polygon):
                    problems.append("the stored polygon is not the plane cut through P, Q, R")
                for p in polygon:
                    if not on_cube_surface(p):
                        problems.append(f"vertex {p} is not on the cube's surface")
                for i in range(len(polygon)):
                    if not common_face(polygon[i], polygon[(i + 1) % len(polygon)]):
                        problems.append(f"side {i} does not run on a face")
            else:
                target = {(r, c) for r in range(int(truth["rows"])) for c in range(int(truth["cols"]))}
                pieces = [as_cells(p) for p in truth["pieces"]]
                if not is_tiling(target, pieces, [as_cells(r) for r in truth["solution"]]):
                    problems.append("the stored solution is not an exact cover by the pieces")
                if any(not connected(p) for p in pieces):
                    problems.append("a piece is not connected")
                count = count_tilings_cpsat(target, pieces, 2)
                if count != truth["certificate"]["tilings_counted_to_2"]:
                    problems.append(f"CP-SAT counts {count} tilings, certificate says "
                                    f"{truth['certificate']['tilings_counted_to_2']}")
        except (KeyError, ValueError, TypeError) as err:
            return [f"ground truth unreadable: {err}"]
        return problems
