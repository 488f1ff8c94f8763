"""Tangram verification: segment the seven pieces by colour, fit each to its congruent shape, check the
arrangement geometrically with shapely. Any valid tiling of the silhouette scores 100, not just the
reference: nothing here compares against the stored solution.

:func:`read_pieces` turns the registered answer into one observed region per piece plus the best rigid
fit of that piece's shape (image -> state); :func:`check_arrangement` turns those into named violations,
subscores and the four-tier score (state -> verdict). Thresholds: ``data/rubrics/tangram.json``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Sequence

import cv2
import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import Polygon

from genpuzzle.records import Violation
from genpuzzle.registration import paper_colour, white_balance
from genpuzzle.solvers.tangram import edge_angle_candidates

PANEL_TRIM = 6  # px trimmed inside the silhouette panel so its frame never enters the colour masks


@dataclass
class PieceReading:
    """One piece as read from the answer.

    ``region``: the drawn pixels of the piece's colour (px polygon, possibly multi-part, may be empty);
    ``fitted``: the piece's true shape placed by the best rigid motion (rotation, mirror) onto the
    region, None when the piece was not found; ``fit``: the fit's measures as fractions of the piece area
    (``excess`` drawn outside the fit, ``deficit`` fit area neither drawn nor hidden under another piece).
    """

    name: str
    expected_area: float
    region: shapely.Geometry
    fitted: Polygon | None
    fit: dict[str, float] = field(default_factory=dict)

    @property
    def found(self) -> bool:
        return self.fitted is not None


@dataclass
class TangramReading:
    pieces: list[PieceReading]
    colour_match_fraction: float  # saturated panel pixels whose hue is one of the pieces' hues
    saturated_fraction: float  # saturated pixels over the panel area


def _hue_deg(rgb: Sequence[int]) -> float:
    px = np.uint8([[list(rgb)]])
    return float(cv2.cvtColor(px, cv2.COLOR_RGB2HSV)[0, 0, 0]) * 2.0


def colour_labels(image: np.ndarray, colours: list[Sequence[int]], rubric: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    """Per-pixel index of the nearest piece hue (-1: none) and the mask of saturated pixels.

    Hue only (shading, highlights and darker outlines keep the hue); pixels must be saturated and not
    too dark, and within ``hue_tolerance_deg`` of a piece hue.
    """
    c = rubric["colour"]
    hsv = cv2.cvtColor(image, cv2.COLOR_RGB2HSV)
    hue = hsv[:, :, 0].astype(np.float32) * 2.0
    saturated = (hsv[:, :, 1] >= c["min_saturation"] * 255) & (hsv[:, :, 2] >= c["min_value"] * 255)
    best = np.full(hue.shape, np.inf, np.float32)
    labels = np.full(hue.shape, -1, np.int16)
    for k, rgb in enumerate(colours):
        d = np.abs(hue - _hue_deg(rgb))
        d = np.minimum(d, 360.0 - d)
        closer = d < best
        best[closer] = d[closer]
        labels[closer] = k
    labels[~saturated | (best > c["hue_tolerance_deg"])] = -1
    return labels, saturated


def _odd(n: float) -> int:
    n = max(1, int(round(n)))
    return n if n % 2 else n + 1


def _mask_polygon(mask: np.ndarray, offset: tuple[int, int], min_area: float) -> shapely.Geometry:
    """Polygon of a binary mask's components (holes kept), pixel edges (not centres), in page px."""
    contours, hierarchy = cv2.findContours(mask.astype(np.uint8), cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return Polygon()
    parts = []
    for i, cnt in enumerate(contours):
        if hierarchy[0][i][3] != -1 or len(cnt) < 3:
            continue
        holes = []
        child = hierarchy[0][i][2]
        while child != -1:
            if len(contours[child]) >= 3:
                holes.append(contours[child][:, 0, :].astype(float) + offset)
            child = hierarchy[0][child][0]
        poly = Polygon(cnt[:, 0, :].astype(float) + offset, holes).buffer(0)
        if poly.area >= min_area:
            parts.append(poly)
    if not parts:
        return Polygon()
    # contours run through pixel centres; grow half a pixel to the true pixel edges, drop stair steps
    return shapely.union_all(parts).buffer(0.5, join_style="mitre").simplify(0.7)


def read_pieces(image: np.ndarray, ground_truth: dict[str, Any], layout: dict[str, Any],
                rubric: dict[str, Any]) -> TangramReading:
    """Segment each piece's colour inside the silhouette panel and fit the piece's shape to it.

    The panel is white-balanced first (the page's paper -> white): a tinted paper multiplies every channel,
    which moves hues by 10-20 degrees (cyan and magenta most), more than the hue tolerance."""
    x0, y0, x1, y1 = (int(v) for v in layout["silhouette_panel"])
    x0, y0, x1, y1 = x0 + PANEL_TRIM, y0 + PANEL_TRIM, x1 - PANEL_TRIM, y1 - PANEL_TRIM
    crop = white_balance(np.ascontiguousarray(image[y0:y1, x0:x1, :3]), paper_colour(image[:, :, :3]))
    unit = float(layout["unit_px"])
    pieces = ground_truth["pieces"]
    labels, saturated = colour_labels(crop, [p["colour"] for p in pieces], rubric)
    seg = rubric["segmentation"]
    opened = np.full(labels.shape, -1, np.int16)
    k_open = np.ones((_odd(seg["open_px_per_unit"] * unit),) * 2, np.uint8)
    for k in range(len(pieces)):
        m = cv2.morphologyEx((labels == k).astype(np.uint8), cv2.MORPH_OPEN, k_open)
        opened[m > 0] = k
    # thin gaps between pieces (outlines, anti-aliasing, blends) go to the nearest piece
    gap = max(1, int(round(seg["gap_close_px_per_unit"] * unit)))
    any_piece = (opened >= 0).astype(np.uint8)
    closed = cv2.morphologyEx(any_piece, cv2.MORPH_CLOSE, np.ones((2 * gap + 1,) * 2, np.uint8))
    free = (closed > 0) & (opened < 0)
    cross = cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3))
    for _ in range(gap + 1):
        if not free.any():
            break
        for k in range(len(pieces)):
            grow = cv2.dilate((opened == k).astype(np.uint8), cross) > 0
            take = grow & free
            opened[take] = k
            free &= ~take
    regions = []
    for k, piece in enumerate(pieces):
        expected = Polygon(piece["polygon"])
        regions.append(_mask_polygon(opened == k, (x0, y0), seg["min_fragment_fraction"] * expected.area))
    readings = []
    for k, piece in enumerate(pieces):
        expected = Polygon(piece["polygon"])
        others = shapely.union_all([r for j, r in enumerate(regions) if j != k and not r.is_empty]) \
            if len(regions) > 1 else Polygon()
        readings.append(_fit_piece(piece["name"], expected, regions[k], others, rubric))
    n_sat = int(saturated.sum())
    matched = int((labels >= 0).sum())
    return TangramReading(readings, matched / n_sat if n_sat else 1.0, n_sat / saturated.size)


def _fit_piece(name: str, shape: Polygon, region: shapely.Geometry, others: shapely.Geometry,
               rubric: dict[str, Any]) -> PieceReading:
    area = shape.area
    if region.is_empty or region.area < rubric["present_min_area_fraction"] * area:
        return PieceReading(name, area, region, None, {"drawn_area": round(region.area / area, 4)})
    fitted = fit_shape(shape, region, others)
    return PieceReading(name, area, region, fitted, fit_measures(fitted, region, others, area))


def fit_measures(fitted: Polygon, region: shapely.Geometry, others: shapely.Geometry, area: float) -> dict[str, float]:
    """Fractions of the piece area: drawn, drawn outside the fit (excess), fit neither drawn nor hidden
    by another piece (deficit), fit hidden under another piece (hidden)."""
    hidden = fitted.intersection(others).difference(region).area
    return {
        "drawn_area": round(region.area / area, 4),
        "excess": round(region.difference(fitted).area / area, 4),
        "deficit": round(fitted.difference(region.union(others)).area / area, 4),
        "hidden": round(hidden / area, 4),
    }


HIDDEN_COST = 0.5  # a fit may tuck under another piece (occlusion), but not for free: no drifting


def _fit_costs(ts: np.ndarray, region: shapely.Geometry, covered: shapely.Geometry) -> np.ndarray:
    """Cost of each candidate polygon: drawn area it misses + its area not drawn (hidden area at
    HIDDEN_COST, area neither drawn nor hidden in full)."""
    missed = shapely.area(shapely.difference(region, ts))
    undrawn = shapely.area(shapely.difference(ts, region))
    bare = shapely.area(shapely.difference(ts, covered))
    return missed + HIDDEN_COST * undrawn + (1.0 - HIDDEN_COST) * bare


def _moved(coords: np.ndarray, angles_deg: np.ndarray, pivot: np.ndarray, target: np.ndarray) -> np.ndarray:
    """Polygons of ``coords`` (n, 2) rotated about ``pivot`` by each angle, pivot moved onto ``target``."""
    a = np.radians(angles_deg)[:, None]
    c, s = np.cos(a), np.sin(a)
    x, y = coords[None, :, 0] - pivot[0], coords[None, :, 1] - pivot[1]
    xy = np.stack([c * x - s * y + target[0], s * x + c * y + target[1]], axis=-1)
    return shapely.polygons(xy)


def fit_shape(shape: Polygon, region: shapely.Geometry, others: shapely.Geometry) -> Polygon:
    """``shape`` moved rigidly (rotation, optional mirror, translation) to best explain ``region``:
    minimises drawn-but-not-covered plus covered-but-neither-drawn-nor-hidden-by-``others`` area."""
    size = math.sqrt(shape.area)
    coarse = region.simplify(0.04 * size)
    if coarse.geom_type != "Polygon":
        parts = list(getattr(coarse, "geoms", []))
        coarse = max(parts, key=lambda g: g.area) if parts else region.convex_hull
        if coarse.geom_type != "Polygon":
            coarse = region.convex_hull
    x0, y0, x1, y1 = region.bounds
    pad = 1.5 * size  # candidates never leave this box; clipping keeps the overlay operands small
    covered = shapely.clip_by_rect(region.union(others), x0 - pad, y0 - pad, x1 + pad, y1 + pad)
    shapely.prepare(region)
    shapely.prepare(covered)
    sc, rc = shape.centroid, region.centroid
    pivot, target = np.array([sc.x, sc.y]), np.array([rc.x, rc.y])
    coords = np.asarray(shape.exterior.coords)
    pool, costs = [], []
    for flipped in (False, True):
        base = coords * [-1.0, 1.0] + [2 * sc.x, 0.0] if flipped else coords
        angles = np.array(edge_angle_candidates(Polygon(base), coarse))
        polys = _moved(base, angles, pivot, target)
        pool.extend(polys)
        costs.extend(_fit_costs(polys, region, covered))
    order = np.argsort(costs, kind="stable")
    best_cost, best = float(costs[order[0]]), pool[order[0]]
    if best_cost < 0.06 * shape.area:  # sub-pixel boundary effects only: already in place
        return best
    steps = np.array([[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [-1, -1], [1, -1], [-1, 1]], float)
    for k in order[:2]:
        cost, t = float(costs[k]), pool[k]
        step = 0.12 * size
        while step > 0.4:
            xy = np.asarray(t.exterior.coords)
            cands = shapely.polygons(xy[None, :, :] + (steps * step)[:, None, :])
            vals = _fit_costs(cands, region, covered)
            j = int(np.argmin(vals))
            if vals[j] < cost - 1e-9:
                cost, t = float(vals[j]), cands[j]
            else:
                step /= 2
        if cost < best_cost:
            best_cost, best = cost, t
    return best


def polygonal(geom: shapely.Geometry) -> shapely.Geometry:
    """``geom`` repaired for GEOS overlays: an invalid ring (a vertex rounded onto another edge) is made
    valid, lower-dimensional leftovers dropped."""
    if geom.is_valid:
        return geom
    fixed = shapely.make_valid(geom)
    parts = [g for g in shapely.get_parts(fixed) if g.geom_type in ("Polygon", "MultiPolygon")]
    if fixed.geom_type == "GeometryCollection":
        fixed = shapely.union_all(parts) if parts else Polygon()
    return fixed


def _open(geom: shapely.Geometry, r: float) -> shapely.Geometry:
    """Morphological opening: drops slivers thinner than 2r (outline styles, anti-aliasing, fit jitter)."""
    if geom.is_empty:
        return geom
    return geom.buffer(-r, join_style="mitre").buffer(r, join_style="mitre")


def _bbox(geom: shapely.Geometry) -> list[int]:
    x0, y0, x1, y1 = geom.bounds
    return [int(math.floor(x0)), int(math.floor(y0)), int(math.ceil(x1)), int(math.ceil(y1))]


def check_arrangement(reading: TangramReading, silhouette: Polygon, unit_px: float,
                      rubric: dict[str, Any]) -> tuple[list[Violation], dict[str, float], int]:
    """Named violations, subscores and the tier (0-3) of the pieces as read. See the rubric file.

    Areas (outside, overlap, uncovered, spill) are measured in unit^2 (small-triangle leg = 1) after
    removing slivers thinner than ``2 * sliver`` px, and outside/uncovered/spill ignore a band of
    ``border`` px along the silhouette's outline: an outline style, anti-aliasing or a pixel of fit
    jitter along an edge is not a misplaced piece."""
    th = rubric["thresholds"]
    silhouette = polygonal(silhouette)
    sliver = th["sliver_px_per_unit"] * unit_px
    unit2 = unit_px * unit_px
    border = th["border_allowance_px_per_unit"] * unit_px
    inner, outer = silhouette.buffer(-border, join_style="mitre"), silhouette.buffer(border, join_style="mitre")
    violations: list[Violation] = []
    defective: set[str] = set()
    broken: set[str] = set()  # missing, scaled or deformed: the piece is not preserved
    found = [p for p in reading.pieces if p.found]
    if not found:
        violations.append(Violation("no_attempt", "no tangram piece was found inside the silhouette panel",
                                    {"bbox": _bbox(silhouette)}))
        return violations, {"tier": 0, "pieces_preserved": 0.0, "pieces_placed": 0.0, "coverage_iou": 0.0}, 0
    regions = {p.name: p.region for p in reading.pieces}
    for p in reading.pieces:
        if not p.found:
            violations.append(Violation("piece_missing", f"{p.name} is not in the silhouette",
                                        {"piece": p.name, "drawn_area": p.fit.get("drawn_area", 0.0),
                                         "bbox": _bbox(silhouette)}))
            defective.add(p.name)
            broken.add(p.name)
            continue
        f = p.fit
        if f["excess"] > th["shape_excess_max"] or f["deficit"] > th["shape_deficit_max"]:
            visible = f["drawn_area"] + f["hidden"]
            scale = math.sqrt(max(visible, 1e-9))
            code, what = "piece_deformed", "is not its shape"
            if abs(scale - 1.0) > th["scale_tolerance"]:
                scaled = affinity.scale(p.fitted, scale, scale, origin=p.fitted.centroid)
                refit = fit_shape(scaled, p.region, Polygon())
                m = fit_measures(refit, p.region, Polygon(), scaled.area)
                if m["excess"] <= th["shape_excess_max"] and m["deficit"] <= th["shape_deficit_max"] + f["hidden"]:
                    code, what = "piece_scaled", f"is drawn at {scale:.2f}x its size"
            violations.append(Violation(code, f"{p.name} {what} (excess {f['excess']:.0%}, "
                                        f"missing {f['deficit']:.0%} of its area)",
                                        {"piece": p.name, **f, "scale": round(scale, 3),
                                         "bbox": _bbox(p.region)}))
            defective.add(p.name)
            broken.add(p.name)
        outside_geom = _open(p.region.difference(outer), sliver)
        outside = outside_geom.area / unit2
        if outside > th["piece_outside_max_unit2"]:
            violations.append(Violation("piece_outside", f"{outside_geom.area / p.expected_area:.0%} of "
                                        f"{p.name} lies outside the silhouette",
                                        {"piece": p.name, "outside_unit2": round(outside, 4),
                                         "bbox": _bbox(outside_geom)}))
            defective.add(p.name)
    for a in found:
        for b in found:
            if a.name >= b.name:
                continue
            zab = _open(a.fitted.intersection(regions[b.name]), sliver)
            zba = _open(b.fitted.intersection(regions[a.name]), sliver)
            under, top, zone = (a, b, zab) if zab.area >= zba.area else (b, a, zba)
            if zone.area / unit2 > th["overlap_max_unit2"]:
                violations.append(Violation("pieces_overlap", f"{top.name} covers {zone.area / under.expected_area:.0%}"
                                            f" of {under.name}", {"pieces": [top.name, under.name],
                                                                  "overlap_unit2": round(zone.area / unit2, 4),
                                                                  "bbox": _bbox(zone)}))
                if not ({top.name, under.name} & defective):
                    defective.add(top.name)
    union = shapely.union_all([p.region for p in found])
    sil_area = silhouette.area
    inter = union.intersection(silhouette).area
    iou = inter / union.union(silhouette).area
    uncovered_geom = _open(inner.difference(union), sliver)
    uncovered = uncovered_geom.area / unit2
    spill_geom = _open(union.difference(outer), sliver)
    spill = spill_geom.area / unit2
    global_defect = False
    if uncovered > th["uncovered_max_unit2"]:
        violations.append(Violation("silhouette_uncovered", f"{uncovered_geom.area / sil_area:.1%} of the "
                                    "silhouette is not covered", {"uncovered_unit2": round(uncovered, 4),
                                                                  "bbox": _bbox(uncovered_geom)}))
        global_defect = True
    if spill > th["spill_max_unit2"]:
        violations.append(Violation("spill_outside", f"pieces spill {spill_geom.area / sil_area:.1%} of the "
                                    "silhouette's area outside it", {"spill_unit2": round(spill, 4),
                                                                     "bbox": _bbox(spill_geom)}))
        global_defect = True
    defects = len(defective) + (1 if global_defect and not defective else 0)
    preserved = 7 - len(broken)
    placed = 7 - len(defective)
    if preserved < th["destroyed_below_preserved"]:
        tier = 0
    elif not violations and iou >= th["coverage_iou_full"]:
        tier = 3
    elif defects <= 1 and iou >= th["coverage_iou_partial"]:
        tier = 2
    else:
        tier = 1
    if tier < 3 and not violations:  # IoU just under the bar with no single named cause
        violations.append(Violation("silhouette_uncovered", f"pieces match the silhouette with IoU {iou:.3f} "
                                    f"< {th['coverage_iou_full']}", {"iou": round(iou, 4), "bbox": _bbox(silhouette)}))
    subscores = {"tier": float(tier), "pieces_preserved": preserved / 7, "pieces_placed": placed / 7,
                 "coverage_iou": round(iou, 4), "uncovered_unit2": round(uncovered, 4),
                 "spill_unit2": round(spill, 4)}
    return violations, subscores, tier


def tangram_score(tier: int) -> float:
    """Score per ``data/rubrics/tangram.json``: 100 * tier / 3."""
    return round(100.0 * tier / 3.0, 2)
