"""Pattern-completion reading: the answer panel's cells or figures, and every change outside it.

* :func:`read_cell_panel`: the shared cell reader (:mod:`genpuzzle.verifiers.cells`) on the answer grid;
  ``filled`` -> 1, ``blank`` -> 0, anything else (``crossed``: an X is no clear fill or blank here;
  ``unsure``) is an unsure cell.
* :func:`read_object_panel`: figures in the answer panel, read open-set, one per connected component of
  non-paper pixels (holes filled): type by the corners of the convex hull (:func:`classify_shape`: 3
  triangle, 4 square, 5 pentagon, 6+ an off-palette polygon; a round hull without corners a circle);
  size = larger bounding-box
  side / slot side, on the palette's log scale; fill = mean L* of the interior (the silhouette eroded past
  the outline) relative to the paper; slot = the slot holding the centroid. Readings between palette
  values are unsure; values off the palette are read as such (never snapped).
* :func:`page_changes`: ink added or removed outside the answer panel, with a tolerance of a few pixels
  (redrawn or resampled lines of another width are not changes): strokes by darkness against the
  darkest input pixel nearby, changed fill shades on smoothed maps; inside a given panel ->
  ``context_modified``, elsewhere -> ``answer_outside_slot``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Sequence

import cv2
import numpy as np

from genpuzzle.records import Violation
from genpuzzle.renderers.pattern_completion import FILLS_LSTAR, SHAPES, SIZES, grey_to_lstar
from genpuzzle.verifiers.cells import BLANK, FILLED, darkness_maps, read_marks

INK_DARKNESS = 38  # a pixel this much darker than the paper belongs to a figure (L* 100 vs 75 is ~70)
SIZE_SURE_LOG = 0.09  # |log(read / palette size)| within which a size reading is confident
FILL_SURE_LSTAR = 9.0  # |L* read - palette L*| within which a fill reading is confident
CIRCLE_MIN_CIRCULARITY = 0.96  # hull circularity: circles 0.98-1.0; pentagons 0.87, up to 0.94 with a thick outline
# tolerance drop from k - 1 to k vertices that marks k corners (measured on rendered and JPEG-resampled
# figures: a circle's drops are <= 3.6 at k = 3, 4 and <= 1.6 from k = 5 on; a triangle's k = 3 drop >= 9,
# a square's k = 4 drop >= 9.7, a pentagon's k = 5 drop >= 2.2); the smallest cornered k is the shape
CORNER_DROP = {3: 6.0, 4: 6.0, 5: 1.9}
MIN_INTERIOR_PX = 16
TOLERANCE_FLOOR = 0.006  # fit tolerances below this (a pixel or so) count as this
PAPER_CELL_PX = 28.0


def luma(image: np.ndarray) -> np.ndarray:
    a = np.asarray(image)
    if a.ndim == 2:
        return a.astype(np.float32)
    return (0.299 * a[..., 0] + 0.587 * a[..., 1] + 0.114 * a[..., 2]).astype(np.float32)


def darkness(image: np.ndarray) -> np.ndarray:
    """0..255 darkness against the local paper, from the shared cell reader's shadow-corrected paper
    model (darkest channel, so coloured and pencil ink count; large fills keep the paper level around
    them)."""
    return darkness_maps(np.asarray(image), PAPER_CELL_PX)[0].astype(np.float32)


def inset(box: Sequence[float], px: float) -> list[int]:
    x0, y0, x1, y1 = box
    return [int(round(x0 + px)), int(round(y0 + px)), int(round(x1 - px)), int(round(y1 - px))]


# ------------------------------------------------------------------------------------------ cells


@dataclass
class CellReading:
    values: np.ndarray  # 1 filled, 0 blank, -1 unsure
    confidence: np.ndarray
    states: list[str]


def read_cell_panel(answer: np.ndarray, grid_box: Sequence[float], n: int, sure: float) -> CellReading:
    marks = read_marks(answer, grid_bbox=grid_box, rows=n, cols=n)
    values = np.full(n * n, -1, np.int64)
    conf = np.asarray(marks.confidence, float)
    for i, s in enumerate(marks.states):
        if s == FILLED and conf[i] >= sure:
            values[i] = 1
        elif s == BLANK and conf[i] >= sure:
            values[i] = 0
    return CellReading(values.reshape(n, n), conf.reshape(n, n), marks.states)


# ------------------------------------------------------------------------------------------ objects


@dataclass
class Figure:
    """One figure read in the answer panel. ``type``/``size``/``fill`` are palette indices, -1 when the
    reading is off the palette (``type_name`` / ``size_ratio`` / ``fill_lstar`` say what was read) and
    None when unsure."""

    bbox: list[int]
    slot: int | None
    type: int | None
    size: int | None
    fill: int | None
    type_name: str
    size_ratio: float
    fill_lstar: float
    vertices: list[float] = field(default_factory=list)  # fit tolerances for 3..6 vertices
    circularity: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"bbox": self.bbox, "slot": self.slot, "type": self.type, "size": self.size, "fill": self.fill,
                "type_name": self.type_name, "size_ratio": round(self.size_ratio, 3),
                "fill_lstar": None if math.isnan(self.fill_lstar) else round(self.fill_lstar, 1), "vertices": self.vertices,
                "circularity": round(self.circularity, 3)}


def fit_tolerances(hull: np.ndarray, perimeter: float, most: int = 8) -> dict[int, float]:
    """For k = 3..``most``: the smallest Douglas-Peucker tolerance (fraction of the perimeter) at which the
    hull simplifies to at most k vertices (bisection)."""
    out = {}
    for k in range(3, most + 1):
        lo, hi = 0.0, 0.5
        for _ in range(16):
            mid = (lo + hi) / 2
            if len(cv2.approxPolyDP(hull, mid * perimeter, True)) <= k:
                hi = mid
            else:
                lo = mid
        out[k] = hi
    return out


def classify_shape(contour: np.ndarray) -> tuple[str, list[float], float]:
    """(name or 'unsure', the fit tolerances for 3..6 vertices, hull circularity).

    A polygon with k corners needs a large tolerance for k - 1 vertices and a small one for k: the
    shape's vertex count is the smallest k where that tolerance drops by ``CORNER_DROP[k]`` or more. A
    circle's tolerances fall smoothly; a round hull without corners at k <= 4 is a circle."""
    hull = cv2.convexHull(contour)
    perimeter = cv2.arcLength(hull, True)
    area = cv2.contourArea(hull)
    if perimeter <= 0 or area <= 0 or len(hull) < 3:
        return "unsure", [], 0.0
    circularity = float(4 * math.pi * area / perimeter ** 2)
    tol = fit_tolerances(hull, perimeter, 6)
    tol[2] = 0.5
    drops = {k: tol[k - 1] / max(tol[k], TOLERANCE_FLOOR) for k in range(3, 7)}
    values = [round(tol[k], 4) for k in range(3, 7)]
    cornered = [k for k in drops if drops[k] >= CORNER_DROP[min(k, 5)]]
    if circularity >= CIRCLE_MIN_CIRCULARITY and not any(k <= 4 for k in cornered):
        return "circle", values, circularity
    if cornered:
        return {3: "triangle", 4: "square", 5: "pentagon", 6: "hexagon"}[min(cornered)], values, circularity
    return "unsure", values, circularity


def quantise_size(ratio: float) -> int | None:
    logs = [abs(math.log(ratio / s)) for s in SIZES]
    k = int(np.argmin(logs))
    if logs[k] <= SIZE_SURE_LOG:
        return k
    if ratio < SIZES[0] / 1.2 or ratio > SIZES[-1] * 1.2:
        return -1
    return None


def quantise_fill(lstar: float) -> int | None:
    if math.isnan(lstar):
        return None
    dist = [abs(lstar - v) for v in FILLS_LSTAR]
    k = int(np.argmin(dist))
    return k if dist[k] <= FILL_SURE_LSTAR else None


def figure_interior(silhouette: np.ndarray, dark: np.ndarray) -> np.ndarray | None:
    """The figure's fill region: the silhouette minus its outline, whatever the outline's width. The
    outline is the band of distances from the edge whose mean darkness stays near the edge's; the interior
    starts a margin past it (for a fill as dark as the outline: the inner half of the silhouette). None
    when the outline leaves fewer than ``MIN_INTERIOR_PX`` pixels inside (a small figure drawn with a
    thick pen: its fill cannot be read)."""
    dist = cv2.distanceTransform(silhouette, cv2.DIST_L2, 3)
    depth = float(dist.max())
    profile = [float(dark[(dist > d) & (dist <= d + 1)].mean()) if ((dist > d) & (dist <= d + 1)).any() else 0.0
               for d in range(int(depth))]
    edge = max(profile[:2]) if profile else 0.0
    width = next((d for d, v in enumerate(profile) if d >= 1 and v < 0.6 * edge), None)
    if width is None:  # as dark inside as the outline
        interior = (dist > 0.5 * depth).astype(np.uint8)
    else:
        interior = (dist > width + max(2.0, 0.25 * width)).astype(np.uint8)
    return interior if interior.sum() >= MIN_INTERIOR_PX else None


def read_object_panel(answer: np.ndarray, panel_box: Sequence[float], slots: Sequence[Sequence[float]],
                      frame_px: float, min_speck_px: int) -> tuple[list[Figure], list[dict[str, Any]]]:
    """Figures in the answer panel (inside its frame) and the specks too small to be figures."""
    x0, y0, x1, y1 = inset(panel_box, frame_px + 4)
    h, w = answer.shape[:2]
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
    if x1 - x0 < 8 or y1 - y0 < 8:
        return [], []
    crop = np.asarray(answer)[y0:y1, x0:x1]
    grey = luma(crop)
    paper = max(120.0, float(np.percentile(grey, 97)))
    dark = np.clip(255.0 * (1.0 - grey / paper), 0, 255)
    ink = (dark > INK_DARKNESS).astype(np.uint8)
    ink = cv2.morphologyEx(ink, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(ink, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    slot_side = min(min(s[2] - s[0], s[3] - s[1]) for s in slots)
    min_figure_px = (0.5 * SIZES[0] * slot_side) ** 2
    figures, specks = [], []
    for contour in contours:
        silhouette = np.zeros_like(ink)
        cv2.drawContours(silhouette, [contour], -1, 1, thickness=-1)
        area = int(silhouette.sum())
        bx, by, bw, bh = cv2.boundingRect(contour)
        bbox = [bx + x0, by + y0, bx + x0 + bw, by + y0 + bh]
        if area < min_figure_px:
            if int((ink & silhouette).sum()) >= min_speck_px:
                specks.append({"bbox": bbox, "px": area})
            continue
        name, counts, circularity = classify_shape(contour)
        interior = figure_interior(silhouette, dark)
        lstar = (float("nan") if interior is None
                 else grey_to_lstar(min(255.0, 255.0 * float(grey[interior > 0].mean()) / paper)))
        ratio = max(bw, bh) / slot_side
        m = cv2.moments(silhouette, binaryImage=True)
        cx, cy = m["m10"] / max(m["m00"], 1) + x0, m["m01"] / max(m["m00"], 1) + y0
        slot = next((i for i, s in enumerate(slots) if s[0] <= cx < s[2] and s[1] <= cy < s[3]), None)
        type_index = SHAPES.index(name) if name in SHAPES else (None if name == "unsure" else -1)
        figures.append(Figure(bbox, slot, type_index, quantise_size(ratio), quantise_fill(lstar), name, ratio,
                              lstar, counts, circularity))
    figures.sort(key=lambda f: (f.bbox[1], f.bbox[0]))
    return figures, specks


# ------------------------------------------------------------------------------------------ page


@dataclass
class PageChanges:
    violations: list[Violation]
    added_px: int
    removed_px: int


def page_changes(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any], rubric: dict[str, Any],
                 answer_box: Sequence[float] | None = None) -> PageChanges:
    """Ink added or removed outside ``answer_box`` (default: the answer panel's interior; for cell panels
    the answer grid, so ink in the panel's margin is charged too), per connected region."""
    prog = rubric["programmatic"]
    a_dark, i_dark = darkness(answer), darkness(input_image)
    h, w = a_dark.shape
    tol = max(3, int(round(prog["change_tolerance_frac"] * max(h, w))))
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * tol + 1, 2 * tol + 1))
    outside = np.ones((h, w), bool)
    if answer_box is None:
        sx0, sy0, sx1, sy1 = inset(layout["panel_boxes"][layout["slot_panel"]], layout["slot_frame_px"] + tol)
    else:
        sx0, sy0, sx1, sy1 = inset(answer_box, -tol)
    outside[max(0, sy0):sy1, max(0, sx0):sx1] = False
    # strokes: new ink clearly darker than anything near it in the input; input ink that lost most of its
    # darkness everywhere near it (a resampled thin line keeps well over 40 %)
    i_near = cv2.dilate(i_dark, kernel)
    a_near = cv2.dilate(a_dark, kernel)
    added = a_dark > i_near + prog["added_darkness"]
    removed = (i_dark > prog["added_darkness"]) & (a_near < prog["kept_fraction"] * i_dark)
    # areas: a fill whose shade changed (smoothed maps, compared with the input's range near each pixel)
    # (away from the input's ink edges: a line redrawn thicker changes the smoothed shade along its edges,
    # which is the strokes' business above, not a fill change)
    a_soft, i_soft = cv2.GaussianBlur(a_dark, (0, 0), 2), cv2.GaussianBlur(i_dark, (0, 0), 2)
    i_ink = (i_dark > prog["added_darkness"]).astype(np.uint8)
    edge_kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * tol + 9, 2 * tol + 9))
    away_from_edges = ~(cv2.dilate(i_ink, edge_kernel).astype(bool) & ~cv2.erode(i_ink, edge_kernel).astype(bool))
    added |= away_from_edges & (a_soft > cv2.dilate(i_soft, kernel) + prog["shade_change"])
    removed |= away_from_edges & (a_soft < cv2.erode(i_soft, kernel) - prog["shade_change"])
    violations = []
    min_px = prog["changed_region_min_px"]
    for kind, mask in (("added", added & outside), ("removed", removed & outside)):
        count, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
        for k in range(1, count):
            x, y, bw, bh, area = (int(v) for v in stats[k])
            if area < min_px:
                continue
            cx, cy = x + bw / 2, y + bh / 2
            panel = next((i for i, b in enumerate(layout["panel_boxes"])
                          if b[0] - tol <= cx <= b[2] + tol and b[1] - tol <= cy <= b[3] + tol), None)
            bbox = [x, y, x + bw, y + bh]
            if kind == "removed" or (panel is not None and panel != layout["slot_panel"]):
                violations.append(Violation("context_modified",
                                            f"ink {kind} in {'panel ' + _panel_name(panel) if panel is not None else 'the frame'}"
                                            f" ({area} px)", {"bbox": bbox, "px": area, "kind": kind,
                                                             "panel": panel}))
            else:
                where = "the answer grid" if answer_box is not None and panel == layout["slot_panel"] else "the answer panel"
                violations.append(Violation("answer_outside_slot", f"ink added outside {where} ({area} px)",
                                            {"bbox": bbox, "px": area}))
    return PageChanges(violations, int((added & outside).sum()), int((removed & outside).sum()))


def _panel_name(index: int | None) -> str:
    return "?" if index is None else f"(row {index // 3 + 1}, column {index % 3 + 1})"


def tier_score(tier: int) -> float:
    return round(tier / 3 * 100.0, 4)
