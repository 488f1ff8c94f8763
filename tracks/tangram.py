"""The tangram track (``tangram``): fill a silhouette with the seven tangram pieces; geometric check.

Silhouettes are unions of real edge-to-edge arrangements of the seven pieces (so a solution exists),
grown on an exact 45-degree lattice; variants are difficulty bands of the silhouette's convexity
(area / convex-hull area): ``easy`` sprawling shapes whose outline shows most piece edges, ``hard``
compact shapes that hide them. Any valid tiling is accepted, not only the stored one.
"""

from __future__ import annotations

import random
from typing import Any

import cv2
import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import Polygon

from genpuzzle.records import InstanceRecord, Puzzle, Status, Verdict, Violation
from genpuzzle.renderers.tangram import PALETTE, render_tangram
from genpuzzle.solvers.tangram import (PIECES, Arrangement, Placement, arrangement_problems, canonical_hash,
                                       congruent, generate_arrangement, is_simple_silhouette, measures,
                                       union_of)
from genpuzzle.track import Track
from genpuzzle.verifiers.tangram import (PieceReading, TangramReading, check_arrangement, mark_violations,
                                         pieces_left_in_tray, read_faces, read_pieces, rim_is_paper, stray_marks,
                                         tangram_score)

CONVEXITY = {"easy": (0.45, 0.66), "medium": (0.66, 0.78), "hard": (0.78, 0.95)}
MAX_DRAWS = 20


def scoring_problems(ground_truth: dict, layout: dict, rubric: dict) -> list[str]:
    """Why the verifier could not score this instance's own solution as perfect; empty if it can.

    The stored pixel polygons (rounded to 1/1000 px) must be valid simple polygons forming a tiling, and
    the verifier's geometry check must pass on them (:func:`solution_check_problems`). Cheap (no image
    work): ``generate`` re-draws an instance that fails, so a set never holds one the verifier cannot
    score."""
    names = [s["name"] for s in ground_truth["solution"]]
    tray = [p["name"] for p in ground_truth["pieces"]]
    polygons = _polygons([ground_truth["silhouette"], *(s["polygon"] for s in ground_truth["solution"]),
                          *(p["polygon"] for p in ground_truth["pieces"])])
    silhouette, solution = polygons[0], dict(zip(names, polygons[1:1 + len(names)]))
    problems = arrangement_problems(solution, silhouette, float(layout["unit_px"]), rel_tol=2e-4)
    unit = float(layout["unit_px"])
    if not problems and not is_simple_silhouette(affinity.scale(silhouette, 1 / unit, 1 / unit, origin=(0, 0))):
        # rounded to 1/1000 px, a vertex can meet an edge and close a notch off (seed 17, hard): the
        # solver's silhouette was simple, the stored one is not
        problems = ["the stored silhouette is not simple (a pinch point or a closed notch)"]
    tray_area = dict(zip(tray, shapely.area(polygons[1 + len(names):]).tolist()))
    return problems or _solution_check(silhouette, solution, ground_truth, layout, rubric, tray_area)


def _polygons(rings: list[list[list[float]]]) -> np.ndarray:
    """``Polygon(ring)`` of each vertex list (closed up), built in one call."""
    coords = np.array([xy for ring in rings for xy in ring], dtype=float)
    index = np.repeat(np.arange(len(rings)), [len(ring) for ring in rings])
    return shapely.polygons(shapely.linearrings(coords, indices=index))


def solution_check_problems(ground_truth: dict, layout: dict, rubric: dict) -> list[str]:
    """:func:`check_arrangement` fed the stored solution as if read perfectly from the image must give
    tier 3 with no violation (and no GEOS error)."""
    return _solution_check(Polygon(ground_truth["silhouette"]),
                           {s["name"]: Polygon(s["polygon"]) for s in ground_truth["solution"]},
                           ground_truth, layout, rubric)


def _solution_check(silhouette: Polygon, solution: dict[str, Polygon], ground_truth: dict, layout: dict,
                    rubric: dict, tray_area: dict[str, float] | None = None) -> list[str]:
    """:func:`solution_check_problems` with the silhouette and solution polygons (and the tray pieces'
    areas) already built."""
    unit = float(layout["unit_px"])
    if tray_area is None:
        tray_area = {p["name"]: Polygon(p["polygon"]).area for p in ground_truth["pieces"]}
    try:
        readings = []
        for name, poly in solution.items():
            expected = tray_area.get(name, poly.area)
            # read exactly as stored: the fit is the drawn region, so nothing lies outside it, nothing of it
            # is missing or hidden (what fit_measures(poly, poly, others, expected) gives, without 4 overlays)
            readings.append(PieceReading(name, expected, poly, poly, {"drawn_area": round(poly.area / expected, 4),
                                                                       "excess": 0.0, "deficit": 0.0,
                                                                       "hidden": 0.0}))
        violations, _, tier = check_arrangement(TangramReading(readings, 1.0, 1.0), silhouette, unit, rubric)
    except shapely.errors.GEOSException as exc:
        return [f"verifier geometry fails on the stored solution: {exc}"]
    if tier != 3 or violations:
        return [f"verifier scores the stored solution tier {tier}: {[v.code for v in violations]}"]
    return []


class TangramTrack(Track):
    name = "tangram"
    version = "6"
    variants = ("easy", "medium", "hard")
    variant_weights = {"easy": 1, "medium": 1, "hard": 1}
    description = "Place the seven tangram pieces into a silhouette; colour segmentation + shapely geometry check."

    def generate(self, seed: int, variant: str) -> Puzzle:
        rng = random.Random(seed)
        for _ in range(MAX_DRAWS):
            arr = generate_arrangement(rng, CONVEXITY[variant], check_tiling=False)  # scoring_problems proves it
            palette = list(PALETTE.values())
            rng.shuffle(palette)
            colours = dict(zip(PIECES, palette))
            drawing = render_tangram(arr, colours, rng)
            ground_truth = {"silhouette": drawing.silhouette, "pieces": drawing.pieces,
                            "solution": drawing.solution,
                            "solution_lattice": [p.to_json() for p in arr.placements],
                            "silhouette_hash": canonical_hash(arr)}
            if not scoring_problems(ground_truth, drawing.layout, self.rubric):
                break
        else:
            raise RuntimeError(f"no scoreable tangram for seed {seed} after {MAX_DRAWS} draws")
        return Puzzle(
            track=self.name, variant=variant, seed=seed,
            instruction=self.instruction_template(),
            difficulty={"level": variant, **measures(arr)},
            ground_truth=ground_truth,
            layout=drawing.layout,
            input_image=drawing.input_image, reference_images=[drawing.reference_image],
            edit_mask=drawing.edit_mask,
            scoring={"mechanism": "programmatic_geometry_check", "rubric": "tangram",
                     "rubric_version": self.rubric["rubric_version"]},
        )

    def verify(self, record: InstanceRecord, answer: np.ndarray, input_image: np.ndarray) -> Verdict:
        """Colour reading first; when it does not give tier 3, the shape reading (faces matched to pieces by
        shape: outlines, one colour, recoloured pieces) too, and the reading with the higher tier counts
        (ties: the one that identified more pieces). Unsure: neither reading identifies enough pieces
        although the drawing covers the silhouette -> needs_review. Every other mark the answer adds in the
        panels (:func:`stray_marks`) is a ``stray_mark`` (tier at most 2), or, when faint, unsure
        (needs_review, tier at most 2)."""
        gt = record.ground_truth
        silhouette, unit = Polygon(gt["silhouette"]), float(record.layout["unit_px"])
        colour = read_pieces(answer, gt, record.layout, self.rubric)
        reading, (violations, subscores, tier) = colour, check_arrangement(colour, silhouette, unit, self.rubric)
        review_iou = subscores["coverage_iou"]
        found = sum(p.found for p in colour.pieces)
        if (tier < 3 or violations) and self._colours_may_mislead(colour):
            shape = read_faces(answer, gt, record.layout, self.rubric)
            checked = check_arrangement(shape, silhouette, unit, self.rubric)
            shape_found = sum(p.found for p in shape.pieces)
            review_iou = max(review_iou, checked[1]["coverage_iou"])
            if (checked[2], shape_found) > (tier, found):
                reading, (violations, subscores, tier) = shape, checked
            found = max(found, shape_found)
        rescaled = None
        if tier < 3 or violations:
            again = self._rescaled(answer, gt, record.layout, silhouette, reading)
            if again is not None:
                rescaled, reading, violations, subscores, tier, silhouette = again
                found = sum(p.found for p in reading.pieces)
                review_iou = subscores["coverage_iou"]
        parsed = {p.name: {"found": p.found, **p.fit,
                           "fitted": [[round(x, 1), round(y, 1)] for x, y in p.fitted.exterior.coords[:-1]]
                           if p.fitted is not None else None}
                  for p in reading.pieces}
        unidentified = tier < 3 and found < self.rubric["faces"]["review_min_pieces"] \
            and review_iou >= self.rubric["thresholds"]["coverage_iou_full"]
        off_palette = reading.method == "colour" and tier < 3 and colour.saturated_fraction > 0.01 \
            and colour.colour_match_fraction < self.rubric["needs_review_below_colour_match"]
        unsure_reading = any(v.evidence.get("unsure") for v in violations)
        marks = stray_marks(answer, input_image, record.layout, reading,
                            silhouette if rescaled is None else shapely.union_all([Polygon(gt["silhouette"]), silhouette]),
                            self.rubric)
        charged = mark_violations(marks, record.layout)
        if any(p.found for p in reading.pieces):
            # every piece on the page is one of the seven: one still in its tray place is one too many (rubric 13)
            charged += [Violation("piece_left_in_tray", f"{t['piece']} is still in the tray ({t['share']:.0%} of its "
                                  "place there keeps its colour): the page shows it beside the pieces in the silhouette",
                                  t) for t in pieces_left_in_tray(answer, gt, record.layout, self.rubric)]
        faint = [m.to_json(unit) for m in marks if not m.sure]
        violations = violations + charged
        if charged or faint:
            tier = min(tier, 2)  # one defect beside a right tiling: a small deduction
            subscores = {**subscores, "tier": float(tier)}
        extra: dict[str, Any] = {"colour_match_fraction": round(colour.colour_match_fraction, 4), "reading": reading.method}
        if faint:
            extra["unsure_marks"] = faint
        if rescaled is not None:
            extra["rescaled"] = rescaled
        return Verdict(
            id=record.id, track=self.name, score=tangram_score(tier),
            status=Status.CORRECT if tier == 3 and not violations else Status.INCORRECT
            if any(not v.evidence.get("unsure") for v in violations) else Status.NEEDS_REVIEW,
            violations=violations, parsed=parsed, confidence=round(colour.colour_match_fraction, 4),
            needs_review=unidentified or off_palette or bool(faint) or unsure_reading, subscores=subscores,
            extra=extra,
        )

    def _rescaled(self, answer: np.ndarray, gt: dict, layout: dict, silhouette: Polygon, reading: TangramReading
                  ) -> tuple[float, TangramReading, list, dict, int, Polygon] | None:
        """The answer read as the whole tiling redrawn at one scale s (rubric 13; ``rescale`` in the rubric): a
        model that redraws the silhouette and its pieces a few per cent larger or smaller has still tiled the
        silhouette with the seven pieces. s comes from the drawn area over the silhouette's and is refined by
        the IoU of the drawn pieces with the silhouette scaled about their centre; then the pieces' shapes, the
        silhouette and the unit are scaled by s and both readings run as usual. It counts only as a tiling with
        no violation at all, and, when s < 1, only if the input's silhouette outside the scaled one is paper
        (the silhouette redrawn smaller, not left showing round smaller pieces). Returns (s, reading,
        violations, subscores, tier, scaled silhouette) or None."""
        rs = self.rubric["rescale"]
        drawn = shapely.union_all([p.region for p in reading.pieces if not p.region.is_empty] + list(reading.extra))
        if drawn.is_empty or silhouette.area <= 0:
            return None
        s0 = float(np.sqrt(drawn.area / silhouette.area))
        if not rs["min_change"] <= abs(s0 - 1.0) <= rs["max_change"] + 0.03:
            return None
        c, g = drawn.centroid, silhouette.centroid

        def placed(s: float) -> Polygon:
            return affinity.translate(affinity.scale(silhouette, s, s, origin=g), c.x - g.x, c.y - g.y)

        try:
            s = max((s0 * (1 + 0.005 * k) for k in range(-6, 7)),
                    key=lambda v: drawn.intersection(placed(v)).area / drawn.union(placed(v)).area)
        except shapely.errors.GEOSException:
            return None
        if not rs["min_change"] <= abs(s - 1.0) <= rs["max_change"]:
            return None
        scaled_sil = placed(s)
        unit = float(layout["unit_px"]) * s
        gt2 = {**gt, "silhouette": [list(xy) for xy in scaled_sil.exterior.coords[:-1]],
               "pieces": [{**p, "polygon": [list(xy) for xy in affinity.scale(Polygon(p["polygon"]), s, s,
                                                                             origin="centroid").exterior.coords[:-1]]}
                          for p in gt["pieces"]]}
        layout2 = {**layout, "unit_px": unit}
        best = read_pieces(answer, gt2, layout2, self.rubric)
        checked = check_arrangement(best, scaled_sil, unit, self.rubric)
        if (checked[2] < 3 or checked[0]) and self._colours_may_mislead(best):
            shape = read_faces(answer, gt2, layout2, self.rubric)
            again = check_arrangement(shape, scaled_sil, unit, self.rubric)
            if again[2] > checked[2] or (again[2] == 3 and not again[0]):
                best, checked = shape, again
        violations, subscores, tier = checked
        if tier < 3 or violations:
            return None
        if s < 1.0:
            border = self.rubric["thresholds"]["border_allowance_px_per_unit"] * float(layout["unit_px"]) + best.band
            rim = silhouette.difference(scaled_sil.buffer(border, join_style="mitre"))
            rim = rim.buffer(-1.0, join_style="mitre")
            if not rim.is_empty and rim_is_paper(answer, layout, rim, self.rubric) < rs["rim_paper_min"]:
                return None
        return round(s, 4), best, violations, {**subscores, "rescale": round(s, 4)}, tier, scaled_sil

    def _colours_may_mislead(self, colour: TangramReading) -> bool:
        """Whether a failed colour reading may be the colours' fault rather than the tiling's: outline
        strokes, off-palette or grey pieces (a piece not found), one colour for several pieces (a region
        far larger than its piece). A plain palette drawing with a real defect skips the shape reading."""
        f = self.rubric["faces"]
        return colour.stroke_fraction > f["shape_reading_min_stroke_fraction"] \
            or colour.colour_match_fraction < f["shape_reading_below_colour_match"] \
            or any(not p.found or p.fit.get("drawn_area", 0.0) > f["shape_reading_min_drawn_area"]
                   for p in colour.pieces)

    def overlay(self, record: InstanceRecord, verdict: Verdict, answer: np.ndarray) -> np.ndarray | None:
        out = np.ascontiguousarray(answer.copy())
        sil = np.round(np.array(record.ground_truth["silhouette"])).astype(np.int32)
        cv2.polylines(out, [sil], True, (0, 0, 0), 1, cv2.LINE_AA)
        bad = {v.evidence.get("piece") for v in verdict.violations} | \
            {n for v in verdict.violations for n in v.evidence.get("pieces", [])}
        for name, info in (verdict.parsed or {}).items():
            if info.get("fitted"):
                pts = np.round(np.array(info["fitted"])).astype(np.int32)
                cv2.polylines(out, [pts], True, (220, 0, 0) if name in bad else (0, 140, 0), 2, cv2.LINE_AA)
        return out

    def dedupe_key(self, record: InstanceRecord) -> str:
        """Silhouettes are the same puzzle up to rotation, reflection and translation."""
        return record.ground_truth["silhouette_hash"]

    def validate(self, record: InstanceRecord) -> list[str]:
        gt = record.ground_truth
        unit = float(record.layout["unit_px"])
        problems = []
        placements = [Placement.from_json(p) for p in gt["solution_lattice"]]
        lattice = {p.name: p.polygon() for p in placements}
        silhouette_units = union_of(lattice.values())
        if not is_simple_silhouette(silhouette_units):
            problems.append("lattice solution does not form one simply-connected silhouette")
            return problems
        problems += [f"lattice: {p}" for p in arrangement_problems(lattice, silhouette_units)]
        if canonical_hash(Arrangement(tuple(placements), silhouette_units)) != gt["silhouette_hash"]:
            problems.append("silhouette hash does not match the lattice solution")
        solution = {s["name"]: Polygon(s["polygon"]) for s in gt["solution"]}
        silhouette = Polygon(gt["silhouette"])
        pixel_problems = arrangement_problems(solution, silhouette, unit, rel_tol=2e-4)
        problems += [f"pixels: {p}" for p in pixel_problems]
        if not pixel_problems:
            problems += [f"scoring: {p}" for p in solution_check_problems(gt, record.layout, self.rubric)]
        if abs(silhouette.area - silhouette_units.area * unit * unit) > 1e-3 * silhouette.area:
            problems.append("pixel silhouette is not the lattice silhouette at unit_px")
        tray = {p["name"]: Polygon(p["polygon"]) for p in gt["pieces"]}
        for name, poly in solution.items():
            if name not in tray or not poly.is_valid or not congruent(poly, tray[name], tol=2e-3):
                problems.append(f"solution's {name} is not congruent to the piece shown in the tray")
        if len({tuple(p["colour"]) for p in gt["pieces"]}) != len(PIECES):
            problems.append("piece colours are not distinct")
        return problems
