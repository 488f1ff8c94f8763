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
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from genpuzzle.records import Violation
from genpuzzle.renderers.pattern_completion import (
    FILLS_LSTAR,
    INNER_SIZES,
    OUTER_SHAPES,
    OUTER_SIZE,
    OUTLINE_PX,
    SHAPES,
    SIZES,
    grey_to_lstar,
    shape_points,
)
from genpuzzle.verifiers.cells import BLANK, FILLED, darkness_maps, read_marks
from genpuzzle.verifiers.page_imaging import IDENTITY as IDENTITY_IMAGING
from genpuzzle.verifiers.page_imaging import PageImaging, fit_page_imaging

INK_DARKNESS = 38  # a pixel this much darker than the paper belongs to a figure (L* 100 vs 75 is ~70)
SIZE_SURE_LOG = 0.09  # |log(read / palette size)| within which a size reading is confident
FILL_SURE_LSTAR = 9.0  # |L* read - palette L*| within which a fill reading is confident
CIRCLE_MIN_CIRCULARITY = 0.96  # hull circularity: circles 0.98-1.0; pentagons 0.87, up to 0.94 with a thick outline
# tolerance drop from k - 1 to k vertices that marks k corners (measured on rendered and JPEG-resampled
# figures: a circle's drops are <= 3.6 at k = 3, 4 and <= 1.6 from k = 5 on; a triangle's k = 3 drop >= 9,
# a square's k = 4 drop >= 9.7, a pentagon's k = 5 drop >= 2.2); the smallest cornered k is the shape
CORNER_DROP = {3: 6.0, 4: 6.0, 5: 1.9, 6: 3.0}  # an off-palette hexagon needs a clear sixth corner
MIN_INTERIOR_PX = 16
CORE_INK_SHARE = 0.5  # a shape is read again on its pixels this share as dark as its outline; another shape there: unsure
HEXAGON_MIN_PX = 40  # below this a sixth corner is not evidence enough for an off-palette hexagon
SIZE_MEASURES_AGREE_LOG = 0.12  # area-based and bounding-box sizes further apart, each confidently another size: unsure
SIZE_RASTER_BIAS_PX = 0.4  # mean excess of the centre-line size over the drawn one on rendered figures
TOLERANCE_FLOOR = 0.006  # fit tolerances below this (a pixel or so) count as this
PAPER_CELL_PX = 28.0
# a mark inside a figure: ink darker than the figure's own fill, on the darkness smoothed a little (a pen
# stroke keeps a peak), above the fill's own texture (twice its median absolute deviation: a hatched fill's
# ripple), sized in slot sides (genpuzzle.ink.unexplained_marks)
INTERIOR_MARK_SIGMA = 1.5
INTERIOR_MARK_SURE = INK_DARKNESS  # smoothed darkness above the fill's (+ its texture) from which a mark is charged
INTERIOR_MARK_FAINT = 20.0  # ... from which it makes the fill reading unsure
INTERIOR_MARK_TEXTURE = 2.0  # x the interior's median absolute deviation added to both levels
INTERIOR_MARK_MARGIN_PX = 2.0  # checked from this far inside the interior (the outline's blur reaches in)


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


# a mark drawn in a cell read blank (a tick, a dot, a "7"), sized in cells (genpuzzle.ink.unexplained_marks),
# looked for inside the cell's interior (the grid line's band left out): the cell reader reads a small mark on
# a cell's paper as blank (the lead's small-marks check, scribble --size 0.02: 6-9 px ticks passed)
BLANK_MARK_PARAMS = {"min_extent": 0.2, "min_area": 0.008, "join": 0.05, "notice_extent": 0.12}
BLANK_MARK_LINE_BAND = 0.15  # of a cell (at least 3 px): the grid line's band, a line redrawn heavier or off


def blank_cell_marks(answer: np.ndarray, grid_box: Sequence[float], n: int, values: np.ndarray
                     ) -> list[dict[str, Any]]:
    """Ink in the answer grid's cells read blank (``values`` 0) that is no grid line: each a mark with its
    cell, box and size (sure or not, every such mark makes its cell unsure: the reader called it blank)."""
    from genpuzzle.ink import unexplained_marks

    blank = np.argwhere(np.asarray(values) == 0)
    if not len(blank):
        return []
    x0, y0, x1, y1 = (float(v) for v in grid_box)
    cw, ch = (x1 - x0) / n, (y1 - y0) / n
    cell = min(cw, ch)
    band = max(3, int(round(BLANK_MARK_LINE_BAND * cell)))
    pad = band + 2
    bx0, by0 = max(0, int(x0) - pad), max(0, int(y0) - pad)
    bx1, by1 = min(answer.shape[1], int(np.ceil(x1)) + pad), min(answer.shape[0], int(np.ceil(y1)) + pad)
    dark = darkness(np.asarray(answer)[by0:by1, bx0:bx1])
    region = np.zeros(dark.shape, bool)
    for r, c in blank:
        cx0, cy0 = x0 + c * cw - bx0, y0 + r * ch - by0
        region[max(0, int(round(cy0 + band))):max(0, int(round(cy0 + ch - band))),
               max(0, int(round(cx0 + band))):max(0, int(round(cx0 + cw - band)))] = True
    if not region.any():
        return []
    marks = unexplained_marks(dark >= INK_DARKNESS, dark >= 0.5 * INK_DARKNESS, ~region, cell, region,
                              BLANK_MARK_PARAMS)
    out = []
    for m in marks:
        mx, my = (m.bbox[0] + m.bbox[2]) / 2 + bx0, (m.bbox[1] + m.bbox[3]) / 2 + by0
        r = min(n - 1, max(0, int((my - y0) // ch)))
        c = min(n - 1, max(0, int((mx - x0) // cw)))
        box = [m.bbox[0] + bx0, m.bbox[1] + by0, m.bbox[2] + bx0, m.bbox[3] + by0]
        out.append({"cell": [r, c], **m.to_json(cell), "bbox": box})
    return out


# ------------------------------------------------------------------------------------------ objects


@dataclass
class Figure:
    """One figure read in a panel. ``type``/``size``/``fill`` are palette indices, -1 when the reading is
    off the palette (``type_name`` / ``size_ratio`` / ``fill_lstar`` say what was read) and None when
    unsure. ``inner`` is the figure inside it (``in_out``)."""

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
    outline_px: float | None = None
    inner: list[Figure] = field(default_factory=list)
    marks: list[dict[str, Any]] = field(default_factory=list)  # ink inside it that is no fill (interior_marks)

    def to_json(self) -> dict[str, Any]:
        out = {"bbox": self.bbox, "slot": self.slot, "type": self.type, "size": self.size, "fill": self.fill,
               "type_name": self.type_name, "size_ratio": round(self.size_ratio, 3),
               "fill_lstar": None if math.isnan(self.fill_lstar) else round(self.fill_lstar, 1),
               "vertices": self.vertices, "circularity": round(self.circularity, 3)}
        if self.inner:
            out["inner"] = [f.to_json() for f in self.inner]
        if self.marks:
            out["marks"] = self.marks
        return out


@dataclass(frozen=True)
class Calibration:
    """How this image draws the palette, measured on the given panels (:func:`calibrate`): sizes read
    ``size_offset`` (fraction of the slot side: a constant number of pixels, as a blurred edge or another
    pen adds) larger than the palette's, fills read ``fill_gain * L* + fill_offset``. Identity when the
    given panels do not pin it down."""

    size_offset: float = 0.0
    fill_gain: float = 1.0
    fill_offset: float = 0.0
    outline_px: float = float(OUTLINE_PX)  # the page's pen, for figures whose fill hides their outline

    def to_json(self) -> dict[str, float]:
        return {"size_offset": round(self.size_offset, 4), "fill_gain": round(self.fill_gain, 3),
                "fill_offset": round(self.fill_offset, 2), "outline_px": round(self.outline_px, 1)}


IDENTITY = Calibration()
CALIBRATION_MAX_SIZE_OFFSET = 0.05  # of the slot side (4-7 px): larger offsets are not calibrated away
CALIBRATION_FILL_GAIN = (0.4, 1.3)  # 0.4: a page washed out to 40 % of its contrast
CALIBRATION_MAX_FILL_OFFSET = 15.0
CALIBRATION_MAX_RESIDUAL = (0.02, 7.0)  # size (slot fraction), L*: a spread wider than this leaves the palette nominal


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
    cornered = [k for k in drops if drops[k] >= CORNER_DROP[k]]
    if circularity >= CIRCLE_MIN_CIRCULARITY and not any(k <= 4 for k in cornered):
        return "circle", values, circularity
    if cornered:
        k = min(cornered)
        name = {3: "triangle", 4: "square", 5: "pentagon", 6: "hexagon"}[k]
        _, _, w, h = cv2.boundingRect(hull)
        if name == "hexagon" and max(w, h) < HEXAGON_MIN_PX:
            return "unsure", values, circularity  # a small pentagon's JPEG-broken side can look like a corner
        turn = turned_by(hull, tol[k] * perimeter, k)
        if turn is not None and turn >= TURNED_SHARE * 360.0 / k:
            return f"{name} turned {turn:.0f} deg", values, circularity
        if turn is not None and turn > UPRIGHT_SHARE * 360.0 / k:
            return "unsure", values, circularity
        return name, values, circularity
    return "unsure", values, circularity


# the palette's polygons stand in one orientation (apex up, square upright): a figure turned by at least a
# quarter of its symmetry step (triangle 30, square 22.5, pentagon 18 degrees) is another figure; up to an
# eighth (15 / 11.25 / 9: wobbly vertices, a tilt left after registration) it is upright; between, unsure
TURNED_SHARE = 0.25
UPRIGHT_SHARE = 0.125


def turned_by(hull: np.ndarray, epsilon: float, k: int) -> float | None:
    """Degrees (0 .. half the symmetry step 360 / k) a k-cornered hull stands turned from the palette's
    orientation of that polygon (apex up; the square upright), from its k fitted corners seen from the
    hull's centroid (the k-fold circular mean); None when the fit has not exactly k corners."""
    if k not in (3, 4, 5):
        return None
    corners = cv2.approxPolyDP(hull, epsilon, True).reshape(-1, 2).astype(float)
    if len(corners) != k:
        return None
    m = cv2.moments(hull)
    if m["m00"] <= 0:
        return None
    cx, cy = m["m10"] / m["m00"], m["m01"] / m["m00"]
    start = -math.pi / 4 if k == 4 else -math.pi / 2  # image coordinates: y down, so -pi/2 is up
    angles = np.arctan2(corners[:, 1] - cy, corners[:, 0] - cx) - start
    mean = np.angle(np.exp(1j * k * angles).sum()) / k
    return float(abs(math.degrees(mean)))


def core_ink_points(silhouette: np.ndarray, dark: np.ndarray) -> np.ndarray | None:
    """The figure's pixels at least half as dark as its outline (``CORE_INK_SHARE`` of the 99th percentile
    of its darkness), as contour-like points for :func:`classify_shape`: a drawn edge is read at its
    half-darkness, and the faint halo JPEG rings round it (blotches of 40-80 darkness at quality 20) is
    left out. None when the figure is too faint to take a stricter level than ``INK_DARKNESS``."""
    values = dark[silhouette > 0]
    if values.size == 0:
        return None
    level = CORE_INK_SHARE * float(np.percentile(values, 99))
    if level <= INK_DARKNESS:
        return None
    ys, xs = np.nonzero((silhouette > 0) & (dark >= level))
    if len(xs) < 3:
        return None
    return np.stack([xs, ys], 1).astype(np.int32).reshape(-1, 1, 2)


def _unit_areas() -> dict[str, float]:
    out = {}
    for name in SHAPES:
        pts = np.asarray(shape_points(name, (0.0, 0.0), 1.0))
        x, y = pts[:, 0], pts[:, 1]
        out[name] = float(abs(np.dot(x, np.roll(y, 1)) - np.dot(y, np.roll(x, 1))) / 2)
    return out


UNIT_AREAS = _unit_areas()  # polygon area / (bounding-box side)^2 per palette shape


def quantise_size(ratio: float, palette: Sequence[float] = SIZES, calibration: Calibration = IDENTITY) -> int | None:
    """Palette index of a size ratio (confident within ``SIZE_SURE_LOG``), -1 beyond 1.2x the palette's
    extremes, None in between."""
    ratio = ratio - calibration.size_offset
    logs = [abs(math.log(ratio / s)) for s in palette]
    k = int(np.argmin(logs))
    if logs[k] <= SIZE_SURE_LOG:
        return k
    if ratio < min(palette) / 1.2 or ratio > max(palette) * 1.2:
        return -1
    return None


def quantise_fill(lstar: float, calibration: Calibration = IDENTITY) -> int | None:
    if math.isnan(lstar):
        return None
    lstar = (lstar - calibration.fill_offset) / calibration.fill_gain
    dist = [abs(lstar - v) for v in FILLS_LSTAR]
    k = int(np.argmin(dist))
    return k if dist[k] <= FILL_SURE_LSTAR else None


def figure_interior(silhouette: np.ndarray, dark: np.ndarray) -> tuple[np.ndarray | None, float | None]:
    """The figure's fill region (the silhouette minus its outline, whatever the outline's width) and the
    outline's width. The outline is the band of distances from the edge whose mean darkness stays near
    the edge's; the interior starts a margin past it (for a fill as dark as the outline: the inner half
    of the silhouette, width unknown). The region is None when the outline leaves fewer than
    ``MIN_INTERIOR_PX`` pixels inside (a small figure drawn with a thick pen: its fill cannot be read)."""
    dist = cv2.distanceTransform(silhouette, cv2.DIST_L2, 3)
    depth = float(dist.max())
    # mean darkness per one-pixel band of distance from the edge (band d: d < dist <= d + 1)
    inside = dist > 0
    band = np.ceil(dist[inside]).astype(np.int64) - 1
    sums = np.bincount(band, weights=dark[inside], minlength=int(depth) + 1)
    counts = np.bincount(band, minlength=int(depth) + 1)
    profile = [float(sums[d] / counts[d]) if counts[d] else 0.0 for d in range(int(depth))]
    edge = max(profile[:2]) if profile else 0.0
    width = next((d for d, v in enumerate(profile) if d >= 1 and v < 0.6 * edge), None)
    if width is None:  # as dark inside as the outline
        interior = (dist > 0.5 * depth).astype(np.uint8)
    else:
        interior = (dist > width + max(2.0, 0.25 * width)).astype(np.uint8)
    return (interior if interior.sum() >= MIN_INTERIOR_PX else None), (None if width is None else float(width))


FILL_CORE_AGREE_LSTAR = 6.0  # the whole interior reads this much darker than its core: unsure fill
FILL_CORE_MIN_PX = 40  # a smaller core is too few pixels to compare (a hatched fill's lines fall by chance)


def _fill_bleeds(interior: np.ndarray, grey: np.ndarray, paper: float, lstar: float) -> bool:
    """Whether the outline's ink bleeds into a figure's interior: the whole interior reads more than
    ``FILL_CORE_AGREE_LSTAR`` darker than its core (pixels at least 2 px inside it), as when a thick pen,
    blurred or JPEG-smeared, darkens a small interior. Only judged on a core of ``FILL_CORE_MIN_PX``."""
    core = cv2.distanceTransform(interior, cv2.DIST_L2, 3) > 2.0
    if int(core.sum()) < FILL_CORE_MIN_PX:
        return False
    core_lstar = grey_to_lstar(min(255.0, 255.0 * float(grey[core].mean()) / paper))
    return core_lstar - lstar > FILL_CORE_AGREE_LSTAR


def interior_marks(interior: np.ndarray, dark: np.ndarray, origin: tuple[int, int], slot_side: float
                   ) -> list[dict[str, Any]]:
    """Marks drawn inside a figure (a dot, a tick, a digit in a white square): ink darker than the figure's
    own fill (the interior's median darkness, on the darkness smoothed by ``INTERIOR_MARK_SIGMA`` px) by
    more than the fill's own texture (``INTERIOR_MARK_TEXTURE`` x its median absolute deviation: a fill
    drawn as hatching ripples, a flat one does not). Sized in slot sides
    (:func:`genpuzzle.ink.unexplained_marks`); ``sure`` from ``INTERIOR_MARK_SURE`` above the fill, faint
    from ``INTERIOR_MARK_FAINT``. Boxes in image px."""
    from genpuzzle.ink import unexplained_marks

    ys, xs = np.nonzero(interior)
    if not len(ys):
        return []
    pad = int(3 * INTERIOR_MARK_SIGMA) + 1
    y0, y1 = max(0, int(ys.min()) - pad), min(interior.shape[0], int(ys.max()) + pad + 1)
    x0, x1 = max(0, int(xs.min()) - pad), min(interior.shape[1], int(xs.max()) + pad + 1)
    inside = interior[y0:y1, x0:x1]
    checked = cv2.distanceTransform(inside, cv2.DIST_L2, 3) > INTERIOR_MARK_MARGIN_PX
    if not checked.any():
        return []
    smooth = cv2.GaussianBlur(np.ascontiguousarray(dark[y0:y1, x0:x1], np.float32), (0, 0), INTERIOR_MARK_SIGMA)
    values = smooth[checked]
    fill = float(np.median(values))
    texture = INTERIOR_MARK_TEXTURE * float(np.median(np.abs(values - fill)))
    excess = smooth - fill
    marks = unexplained_marks(excess > INTERIOR_MARK_SURE + texture, excess > INTERIOR_MARK_FAINT + texture, ~checked,
                              slot_side)
    ox, oy = origin[0] + x0, origin[1] + y0
    out = []
    for m in marks:
        box = [m.bbox[0] + ox, m.bbox[1] + oy, m.bbox[2] + ox, m.bbox[3] + oy]
        out.append({"bbox": box, "px": m.area_px, "extent_px": m.extent_px,
                    "extent_slot": round(m.extent_px / max(slot_side, 1e-9), 3), "sure": m.sure,
                    "inside_figure": True})
    return out


def _ink(answer: np.ndarray, box: Sequence[float], inset_px: float):
    """(crop origin, grey, paper level, darkness, closed ink mask) of ``box`` shrunk by ``inset_px``, or None."""
    x0, y0, x1, y1 = inset(box, inset_px)
    h, w = answer.shape[:2]
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    grey = luma(np.asarray(answer)[y0:y1, x0:x1])
    paper = max(120.0, float(np.percentile(grey, 97)))
    dark = np.clip(255.0 * (1.0 - grey / paper), 0, 255)
    ink = (dark > INK_DARKNESS).astype(np.uint8)
    ink = cv2.morphologyEx(ink, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    return (x0, y0), grey, paper, dark, ink


def _measure(contour: np.ndarray, silhouette: np.ndarray, origin: tuple[int, int], grey: np.ndarray, paper: float,
             dark: np.ndarray, slot_side: float, slots: Sequence[Sequence[float]], sizes: Sequence[float],
             shapes: Sequence[str], calibration: Calibration, assume_type: str | None = None,
             check_interior: bool = True) -> Figure:
    x0, y0 = origin
    bx, by, bw, bh = cv2.boundingRect(contour)
    bbox = [bx + x0, by + y0, bx + x0 + bw, by + y0 + bh]
    name, counts, circularity = (assume_type, [], 0.0) if assume_type else classify_shape(contour)
    if not assume_type and name != "unsure":
        core = core_ink_points(silhouette, dark)
        core_name = classify_shape(core)[0] if core is not None else "unsure"
        if core_name not in ("unsure", name):
            name = "unsure"  # the corners are the faint edge's (JPEG ringing, a smudge), not the drawn outline's
    interior, outline = figure_interior(silhouette, dark)
    lstar = (float("nan") if interior is None
             else grey_to_lstar(min(255.0, 255.0 * float(grey[interior > 0].mean()) / paper)))
    if interior is not None and _fill_bleeds(interior, grey, paper, lstar):
        lstar = float("nan")  # the outline's ink bleeds into a small interior: its shade is not readable
    box_ratio = max(bw, bh) / slot_side
    ratio = box_ratio
    if name in UNIT_AREAS:
        # size from the area inside the outline's centre line (robust to wobbly vertices and to the pen's
        # width), plus the renderer's own outline: the palette's sizes are outer edges of a 3 px outline
        pen = outline if outline is not None else calibration.outline_px
        dist = cv2.distanceTransform(silhouette, cv2.DIST_L2, 3)
        centre_area = float((dist > 0.5 * pen).sum())
        # a thicker pen than the palette's 3 px may put its centre line where the palette's is, or keep its
        # outer edge there: add the mean of the two pens, so either reading is off by a quarter of the excess
        ratio = (math.sqrt(centre_area / UNIT_AREAS[name]) + 0.5 * (OUTLINE_PX + pen) - SIZE_RASTER_BIAS_PX) / slot_side
        if outline is None:
            # a fill as dark as the pen hides the outline's width: a thicker pen than assumed inflates the
            # area reading (for a triangle ~3.5 px per pixel) more than the bounding box (2 px per pixel)
            ratio = min(ratio, box_ratio)
    m = cv2.moments(silhouette, binaryImage=True)
    cx, cy = m["m10"] / max(m["m00"], 1) + x0, m["m01"] / max(m["m00"], 1) + y0
    slot = next((i for i, s in enumerate(slots) if s[0] <= cx < s[2] and s[1] <= cy < s[3]), None)
    type_index = shapes.index(name) if name in shapes else (None if name == "unsure" else -1)
    size = quantise_size(ratio, sizes, calibration)
    box_size = quantise_size(box_ratio, sizes, calibration)
    if size is not None and box_size is not None and box_size != size and abs(
            math.log(ratio / box_ratio)) > SIZE_MEASURES_AGREE_LOG:
        size = None  # area and bounding box read two sizes: an outline or fill the area reading misjudged
    marks = interior_marks(interior, dark, origin, slot_side) if check_interior and interior is not None else []
    fill = quantise_fill(lstar, calibration)
    if any(not m["sure"] for m in marks):
        fill = None  # a faint mark inside: the interior is no longer surely the fill that was drawn
    return Figure(bbox, slot, type_index, size, fill, name, ratio, lstar, counts, circularity, outline,
                  marks=[m for m in marks if m["sure"]])


def read_object_panel(answer: np.ndarray, panel_box: Sequence[float], slots: Sequence[Sequence[float]],
                      frame_px: float, min_speck_px: int, config: str = "center_single",
                      calibration: Calibration = IDENTITY,
                      assume_types: tuple[str, str] | None = None,
                      marks_against_panel: bool = False) -> tuple[list[Figure], list[dict[str, Any]]]:
    """Figures in a panel (inside its frame) and the specks too small to be figures. For ``in_out`` the
    figures are the outer ones, each with the figures inside its outline as ``inner``. ``assume_types``
    (outer, inner) skips reading the shapes (for measuring a given panel's known figures). A speck has
    ``min_speck_px`` of ink or more; with ``marks_against_panel`` (the answer panel, rubric 9) a smaller
    one is a speck too when it is told from noise (:func:`_mark_test`)."""
    got = _ink(answer, panel_box, frame_px + 4)
    if got is None:
        return [], []
    origin, grey, paper, dark, ink = got
    is_mark = _mark_test(dark, float(panel_box[2] - panel_box[0]), min_speck_px, marks_against_panel)
    contours, _ = cv2.findContours(ink, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    slot_side = min(min(s[2] - s[0], s[3] - s[1]) for s in slots)
    smallest = INNER_SIZES[0] if config == "in_out" else SIZES[0]
    min_figure_px = (0.5 * smallest * slot_side) ** 2
    figures, specks = [], []
    outer_sizes, outer_shapes = ((OUTER_SIZE,), OUTER_SHAPES) if config == "in_out" else (SIZES, SHAPES)
    for contour in contours:
        silhouette = np.zeros_like(ink)
        cv2.drawContours(silhouette, [contour], -1, 1, thickness=-1)
        area = int(silhouette.sum())
        if area < min_figure_px:
            if is_mark(ink & silhouette):
                bx, by, bw, bh = cv2.boundingRect(contour)
                specks.append({"bbox": [bx + origin[0], by + origin[1], bx + bw + origin[0], by + bh + origin[1]],
                               "px": area})
            continue
        figure = _measure(contour, silhouette, origin, grey, paper, dark, slot_side, slots, outer_sizes,
                          outer_shapes, calibration, assume_types[0] if assume_types else None,
                          check_interior=config != "in_out")  # an outer figure's interior holds the inner one
        specks += figure.marks
        if marks_against_panel:
            specks += outward_marks(silhouette, ink, origin, figure.outline_px or OUTLINE_PX, is_mark)
            specks += beyond_shape_marks(figure, silhouette, ink, origin, calibration.outline_px, is_mark,
                                         _palette_side(figure, outer_sizes, slot_side, calibration))
        if config == "in_out":
            figure.fill = None  # the outer's interior holds the inner figure; read below
            _read_inner(figure, silhouette, ink, origin, grey, paper, dark, slot_side, slots, min_figure_px,
                        is_mark, calibration, specks, assume_types[1] if assume_types else None, marks_against_panel)
        figures.append(figure)
    figures.sort(key=lambda f: (f.bbox[1], f.bbox[0]))
    return figures, specks


# a mark in a matrix answer panel (rubric 9), measured on correct references (24 matrix_objects pages under JPEG
# 15-30, blur 0.5-2, half scale, tint + noise, paper texture): pieces no figure explains hold at most 9 px of
# ink, 5 px across, ~500 darkness units in all (a JPEG halo's blotch); a pen's smallest dot or tick holds over
# 1,100 (a 5 px pencil tick). (extent / panel side, extent px, summed darkness)
MATRIX_MARK_SIZES = (0.015, 4.0, 4 * 255.0)


def _mark_test(dark: np.ndarray, panel_side: float, min_speck_px: int, against_panel: bool):
    """``is_mark(ink)``: whether a piece of ink (a mask over the panel's crop) no figure explains is a speck:
    ``min_speck_px`` of ink or more, or (``against_panel``) a mark told from noise as ``MATRIX_MARK_SIZES``
    says (at least 0.015 panel side and 4 px across, with the darkness of 4 px of black in all) whose core
    (darkest quarter) stands above the ink level by ``MARK_NOISE_K`` x the panel paper's noise. A fixed
    30 px let a model's 6-12 px dot or tick pass (rubric 9)."""
    noise: list[float] = []  # the paper's noise, measured on first need

    def is_mark(piece: np.ndarray) -> bool:
        px = int(piece.sum())
        if px >= min_speck_px:
            return True
        if not against_panel or px < MATRIX_MARK_SIZES[1]:
            return False
        ys, xs = np.nonzero(piece)
        if max(np.ptp(xs), np.ptp(ys)) + 1 < max(MATRIX_MARK_SIZES[0] * panel_side, MATRIX_MARK_SIZES[1]):
            return False
        values = np.sort(dark[ys, xs])
        if float(values.sum()) < MATRIX_MARK_SIZES[2]:
            return False
        if not noise:
            noise.append(paper_noise(dark))
        core = float(values[-max(1, int(MARK_CORE_SHARE * len(values))):].mean())
        return core >= INK_DARKNESS + MARK_NOISE_K * noise[0]
    return is_mark


OUTWARD_STROKE_PX = 3  # strokes up to about twice this wide joined to a figure's edge are opened off it


def outward_marks(silhouette: np.ndarray, ink: np.ndarray, origin: tuple[int, int], outline_px: float, is_mark
                  ) -> list[dict[str, Any]]:
    """Marks drawn onto a figure's outside edge (a tick or a scribble touching the outline): the figure's
    silhouette opened by a disc of ``OUTWARD_STROKE_PX`` radius keeps the figure and drops thin strokes joined
    to it; what the opening dropped and reaches more than twice the outline's width + 3 px beyond the opened
    figure (a polygon's corner loses about the disc's radius, a thicker redrawn outline stays on the figure)
    is a mark when ``is_mark`` tells it from noise. Boxes in image px."""
    size = 2 * OUTWARD_STROKE_PX + 1
    body = cv2.morphologyEx(silhouette, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))
    if not body.any():
        return []
    beyond = cv2.distanceTransform((body == 0).astype(np.uint8), cv2.DIST_L2, 3) > 2 * outline_px + 3
    return _residue_marks((silhouette > 0) & beyond & (ink > 0), is_mark, origin, on_outline=True)


def _residue_marks(residue: np.ndarray, is_mark, origin: tuple[int, int], **note: Any) -> list[dict]:
    """Each 8-connected piece of ``residue`` (bool) that ``is_mark`` tells from noise, as a mark: its ``bbox`` in
    image px (``origin``: the residue's top-left corner there), its ``px`` and the ``note`` fields."""
    if not residue.any():
        return []
    count, labels = cv2.connectedComponents(residue.astype(np.uint8), connectivity=8)
    out = []
    for k in range(1, count):
        piece = (labels == k).astype(np.uint8)
        if is_mark(piece):
            ys, xs = np.nonzero(piece)
            out.append({"bbox": [int(xs.min()) + origin[0], int(ys.min()) + origin[1], int(xs.max()) + 1 + origin[0],
                                 int(ys.max()) + 1 + origin[1]], "px": int(piece.sum()), **note})
    return out


BEYOND_SHAPE_SLACK_PX = 2.0  # ink further than the page's pen + this beyond the fitted palette shape is no figure's
BEYOND_SHAPE_MAX_MOVES = 40  # steps of the fit's search at most
BEYOND_SHAPE_TURN_STEP = 1.5  # degrees between the turns tried when fitting a palette polygon to a figure (rubric 16)


def _palette_side(figure: Figure, sizes: Sequence[float], slot_side: float, calibration: Calibration) -> float | None:
    """The bounding box side (px) of the palette size a figure reads as (the page's size offset added), or None when
    its size is unsure or off the palette."""
    if figure.size is None or not 0 <= figure.size < len(sizes):
        return None
    return (sizes[figure.size] + calibration.size_offset) * slot_side


def beyond_shape_marks(figure: Figure, silhouette: np.ndarray, ink: np.ndarray, origin: tuple[int, int],
                       outline_px: float, is_mark, side_px: float | None = None) -> list[dict[str, Any]]:
    """(Rubric 16, twenty-sixth session, h26a; "account for all ink") Ink of a figure read as an upright palette
    shape that the shape does not account for: the regular polygon (or circle) of that type, ``side_px`` across (the
    read palette size; None: the side the silhouette's area gives), fitted to the silhouette -- from its centroid,
    moved a px at a time and turned by at most what still reads upright (``UPRIGHT_SHARE`` of the symmetry step)
    while it overlaps the silhouette more -- and the silhouette's ink lying more than the page's pen
    (``outline_px``) + BEYOND_SHAPE_SLACK_PX beyond it, judged by ``is_mark``. A blob or a thick stroke joined to a
    figure's edge or corner (which the opening of :func:`outward_marks` keeps as the figure's own: it is wider than
    that disc) is a mark, not the figure (the lead's scribble check, 28500: a 13-px disc in the corner between four
    squares passed at 100). Boxes in image px."""
    name = figure.type_name
    if name not in SHAPES:
        return []
    sil = silhouette > 0
    m = cv2.moments(silhouette, binaryImage=True)
    if m["m00"] <= 0:
        return []
    k = {"triangle": 3, "square": 4, "pentagon": 5}.get(name)
    limit = UPRIGHT_SHARE * 360.0 / k if k else 0.0

    def overlap(p: tuple[float, float, float, float]) -> tuple[float, np.ndarray]:
        cx, cy, side, deg = p
        t = math.radians(deg)
        pts = np.asarray(shape_points(name, (0.0, 0.0), side, centroid=True))
        pts = pts @ np.array([[math.cos(t), math.sin(t)], [-math.sin(t), math.cos(t)]]) + (cx, cy)
        ideal = np.zeros_like(silhouette)
        cv2.fillPoly(ideal, [np.round(pts * 4).astype(np.int32)], 1, shift=2)
        ideal = ideal > 0
        return float((ideal & sil).sum()) / max(1.0, float((ideal | sil).sum())), ideal

    # the palette shape overlapping the silhouette most (intersection over union): from the silhouette's centroid
    # and the side its area gives, moved a px (or turned BEYOND_SHAPE_TURN_STEP degrees) at a time while that
    # overlaps more; a mark joined to the figure pulls the centroid and the area towards it, the overlap hardly
    p = (m["m10"] / m["m00"], m["m01"] / m["m00"], side_px or math.sqrt(m["m00"] / UNIT_AREAS[name]), 0.0)
    best_iou, best = overlap(p)
    steps = [(1.0, 0, 0, 0), (-1.0, 0, 0, 0), (0, 1.0, 0, 0), (0, -1.0, 0, 0)]
    if side_px is None:
        steps += [(0, 0, 1.0, 0), (0, 0, -1.0, 0)]
    if k:
        steps += [(0, 0, 0, BEYOND_SHAPE_TURN_STEP), (0, 0, 0, -BEYOND_SHAPE_TURN_STEP)]
    for _ in range(BEYOND_SHAPE_MAX_MOVES):
        moves = [tuple(a + b for a, b in zip(p, s)) for s in steps]
        scored = [(overlap(q), q) for q in moves if abs(q[3]) <= limit + 1e-9 and q[2] > 4]
        (iou, ideal), q = max(scored, key=lambda x: x[0][0])
        if iou <= best_iou:
            break
        p, best_iou, best = q, iou, ideal
    beyond = cv2.distanceTransform((~best).astype(np.uint8), cv2.DIST_L2, 3) > outline_px + BEYOND_SHAPE_SLACK_PX
    return _residue_marks(sil & beyond & (ink > 0), is_mark, origin, beyond_shape=name,
                          shape_fit=round(best_iou, 3))


def _read_inner(outer: Figure, silhouette: np.ndarray, ink: np.ndarray, origin: tuple[int, int], grey: np.ndarray,
                paper: float, dark: np.ndarray, slot_side: float, slots: Sequence[Sequence[float]],
                min_figure_px: float, is_mark, calibration: Calibration,
                specks: list[dict[str, Any]], assume_type: str | None = None, against_panel: bool = False) -> None:
    """The figures inside an outer figure's outline (ink not connected to the outline), and whether the
    outer's own fill (between outline and inner figures) is paper."""
    outline = outer.outline_px or OUTLINE_PX
    dist = cv2.distanceTransform(silhouette, cv2.DIST_L2, 3)
    inside = (dist > outline + 1).astype(np.uint8)
    # the outline band's ink, grown, is the outer figure's; what is left inside is inner ink
    band = ((dist > 0) & (dist <= outline + 1)).astype(np.uint8) & ink
    count, labels = cv2.connectedComponents(ink & silhouette, connectivity=8)
    touching = set(np.unique(labels[band > 0]).tolist())
    inner_ink = np.isin(labels, [k for k in range(1, count) if k not in touching]).astype(np.uint8) & inside
    # ink joined to the outline that reaches well inside it (twice the outline's width and more: no thicker
    # redrawing of the outline) is a mark drawn onto it, not the outline (a "7" whose foot touches the side)
    deep = dist > 2 * outline + 3
    for k in touching - {0}:
        onto = (labels == k) & deep
        if onto.any() and is_mark(onto.astype(np.uint8)):
            ys, xs = np.nonzero(onto)
            specks.append({"bbox": [int(xs.min()) + origin[0], int(ys.min()) + origin[1], int(xs.max()) + 1 + origin[0],
                                    int(ys.max()) + 1 + origin[1]], "px": int(onto.sum())})
    contours, _ = cv2.findContours(inner_ink, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    covered = np.zeros_like(ink)
    for contour in contours:
        sil = np.zeros_like(ink)
        cv2.drawContours(sil, [contour], -1, 1, thickness=-1)
        area = int(sil.sum())
        covered |= sil
        if area < min_figure_px:
            if is_mark(inner_ink & sil):
                bx, by, bw, bh = cv2.boundingRect(contour)
                specks.append({"bbox": [bx + origin[0], by + origin[1], bx + bw + origin[0], by + bh + origin[1]],
                               "px": area})
            continue
        inner = _measure(contour, sil, origin, grey, paper, dark, slot_side, slots, INNER_SIZES, SHAPES,
                         calibration, assume_type)
        specks += inner.marks
        if against_panel:  # (rubric 16) the answer's inner figure: ink its palette shape does not account for
            specks += beyond_shape_marks(inner, sil, inner_ink, origin, calibration.outline_px, is_mark,
                                         _palette_side(inner, INNER_SIZES, slot_side, calibration))
        outer.inner.append(inner)
    ring = inside.astype(bool) & ~cv2.dilate(covered, np.ones((7, 7), np.uint8)).astype(bool)
    if ring.sum() >= MIN_INTERIOR_PX:
        lstar = grey_to_lstar(min(255.0, 255.0 * float(grey[ring].mean()) / paper))
        outer.fill_lstar = lstar
        outer.fill = 0 if abs(lstar - 100.0) <= FILL_SURE_LSTAR else (None if abs(lstar - 100.0) <= 2 * FILL_SURE_LSTAR
                                                                      else -1)


def calibrate(pairs_size: Sequence[tuple[float, float]], pairs_fill: Sequence[tuple[float, float]],
              outlines: Sequence[float] = ()) -> Calibration:
    """The page's palette from given panels read on the answer image: ``pairs_size`` = (palette ratio,
    read ratio), ``pairs_fill`` = (palette L*, read L*) of their figures. A median size offset and a
    least-squares fill line, each kept only when plausible and tight (else nominal)."""
    size_offset = 0.0
    offsets = [r - p for p, r in pairs_size]
    if len(offsets) >= 3:
        c = float(np.median(offsets))
        spread = float(np.median([abs(v - c) for v in offsets]))
        if abs(c) <= CALIBRATION_MAX_SIZE_OFFSET and spread <= CALIBRATION_MAX_RESIDUAL[0]:
            size_offset = c
    gain, offset = 1.0, 0.0
    fills = [(p, r) for p, r in pairs_fill if not math.isnan(r)]
    if len(fills) >= 3:
        x = np.array([p for p, _ in fills]); y = np.array([r for _, r in fills])
        if len(set(x.tolist())) >= 2:
            g, o = np.polyfit(x, y, 1)
        else:
            g, o = 1.0, float(np.median(y - x))
        residual = float(np.median(np.abs(y - (g * x + o))))
        # the offset is bounded at the paper end (L* 100): a washed-out page keeps its paper white and
        # scales every shade's darkness by the gain, so its L* offset is large but its paper offset is not
        paper_offset = 100.0 * (1.0 - g) - o
        if (CALIBRATION_FILL_GAIN[0] <= g <= CALIBRATION_FILL_GAIN[1]
                and abs(paper_offset) <= CALIBRATION_MAX_FILL_OFFSET and residual <= CALIBRATION_MAX_RESIDUAL[1]):
            gain, offset = float(g), float(o)
    pen = float(np.median(outlines)) if len(outlines) >= 3 else float(OUTLINE_PX)
    return Calibration(size_offset, gain, offset, pen)


# ------------------------------------------------------------------------------------------ page


@dataclass
class PageChanges:
    violations: list[Violation]
    added_px: int
    removed_px: int
    imaging: PageImaging = IDENTITY_IMAGING


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
    # a page blurred or washed out as a whole is compared with the input imaged the same way
    imaging = fit_page_imaging(a_dark, i_dark, outside, prog["added_darkness"])
    i_seen = i_dark if imaging.is_identity else imaging.model(i_dark)
    # (a line the blur left below the ink level is still checked for removal: at half that level)
    checked = prog["added_darkness"] * (1.0 if imaging.is_identity else 0.5)
    # strokes: new ink clearly darker than anything near it in the input; input ink that lost most of its
    # darkness everywhere near it (a resampled thin line keeps well over 40 %)
    # (added ink is measured against the input as drawn: blur and wash-out only ever lighten it, and a
    # line redrawn thicker must stay within the input's own tolerance)
    i_near = cv2.dilate(i_dark, kernel)
    a_near = cv2.dilate(a_dark, kernel)
    added = a_dark > i_near + prog["added_darkness"]
    removed = (i_seen > checked) & (a_near < prog["kept_fraction"] * i_seen)
    # areas: a fill whose shade changed (smoothed maps, compared with the input's range near each pixel)
    # (away from the input's ink edges: a line redrawn thicker changes the smoothed shade along its edges,
    # which is the strokes' business above, not a fill change)
    a_soft, i_soft = cv2.GaussianBlur(a_dark, (0, 0), 2), cv2.GaussianBlur(i_dark, (0, 0), 2)
    i_soft_seen = i_soft if imaging.is_identity else cv2.GaussianBlur(i_seen, (0, 0), 2)
    i_ink = (i_dark > prog["added_darkness"]).astype(np.uint8)
    edge_kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * tol + 9, 2 * tol + 9))
    away_from_edges = ~(cv2.dilate(i_ink, edge_kernel).astype(bool) & ~cv2.erode(i_ink, edge_kernel).astype(bool))
    added |= away_from_edges & (a_soft > cv2.dilate(i_soft, kernel) + prog["shade_change"])
    removed |= away_from_edges & (a_soft < cv2.erode(i_soft_seen, kernel) - prog["shade_change"])
    violations = []
    min_px = prog["changed_region_min_px"]
    # how far each change reaches from the input's own ink: a redrawn line or figure changes pixels along
    # the old edges, an added mark reaches out into the paper
    from_ink = cv2.distanceTransform((i_dark <= prog["added_darkness"]).astype(np.uint8), cv2.DIST_L2, 3)
    for kind, mask in (("added", added & outside), ("removed", removed & outside)):
        count, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
        for k in range(1, count):
            x, y, bw, bh, area = (int(v) for v in stats[k])
            if area < min_px:
                continue
            reach = float(from_ink[y:y + bh, x:x + bw][labels[y:y + bh, x:x + bw] == k].max())
            cx, cy = x + bw / 2, y + bh / 2
            panel = next((i for i, b in enumerate(layout["panel_boxes"])
                          if b[0] - tol <= cx <= b[2] + tol and b[1] - tol <= cy <= b[3] + tol), None)
            bbox = [x, y, x + bw, y + bh]
            if kind == "removed" or (panel is not None and panel != layout["slot_panel"]):
                violations.append(Violation("context_modified",
                                            f"ink {kind} in {'panel ' + _panel_name(panel) if panel is not None else 'the frame'}"
                                            f" ({area} px)", {"bbox": bbox, "px": area, "kind": kind,
                                                             "panel": panel, "reach_px": round(reach, 1)}))
            else:
                where = "the answer grid" if answer_box is not None and panel == layout["slot_panel"] else "the answer panel"
                violations.append(Violation("answer_outside_slot", f"ink added outside {where} ({area} px)",
                                            {"bbox": bbox, "px": area}))
    return PageChanges(violations, int((added & outside).sum()), int((removed & outside).sum()), imaging)


def _panel_name(index: int | None) -> str:
    return "?" if index is None else f"(row {index // 3 + 1}, column {index % 3 + 1})"


def tier_score(tier: int) -> float:
    return round(tier / 3 * 100.0, 4)


# ------------------------------------------------------------------------------------------ rows

RING_FILLED = 0.45  # mean darkness (fraction) inside a ring position's core above which it holds a dot
RING_BLANK = 0.2
RING_DOT_REACH = 1.5  # a filled place's dot, drawn larger or off centre, may reach this far (x the dot radius)
RING_OUTLINE_BAND = 0.35  # a blank place's outline, redrawn larger or smaller, within this much of the radius
ARROW_SURE_DEG = 14.0  # a reading this close to one of the 8 directions is confident
ARROW_HEAD_RATIO = 1.5  # the head end's spread must be this many times the tail end's
DOT_MIN_CIRCULARITY = 0.7
DOT_MIN_SOLIDITY = 0.9
DOT_MAX_SIDE = 0.3  # of the panel side
DOT_MERGED_AREA = 1.6  # a dot this many times the panel's median dot area is two dots run together
LINE_MAX_WIDTH = (0.12, 6.0)  # a straight line's width: at most 0.12 x its length + 6 px
REGION_MIN_FRAC = 0.0025  # enclosed paper regions smaller than this share of the panel are unsure
REGION_NOISE_PX = 12
REGION_BLOB_CORE_PX = 12
# a mark in a row's answer panel, sized against the panel (the figures are drawn to it) and read against the
# page's own noise, not a fixed pixel count (rubric 6: a 30 px floor let an 8 px scribble pass)
MARK_MIN_EXTENT = 0.025  # of the panel side: smaller across is no deliberate mark (4.5 px at 180)
MARK_MIN_AREA = 0.0004  # of the panel side^2: fewer inked pixels is no deliberate mark (13 px at 180)
MARK_NOISE_K = 6.0  # a mark's core must stand this many times the paper's noise (robust sd) above the ink level
MARK_CORE_SHARE = 0.25  # ... measured on its darkest quarter


@dataclass
class RowReading:
    """A ``sequence`` / ``counting`` answer panel read: the value (None when unsure), what was seen and
    the ink not accounted for by the value."""

    value: Any
    unsure: list[str] = field(default_factory=list)
    off_kind: list[dict[str, Any]] = field(default_factory=list)  # marks that are not the expected kind
    specks: list[dict[str, Any]] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)


def _components(ink: np.ndarray, origin: tuple[int, int], min_px: int):
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    out = []
    for k in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[k])
        mask = (labels[y:y + h, x:x + w] == k).astype(np.uint8)
        out.append({"bbox": [x + origin[0], y + origin[1], x + w + origin[0], y + h + origin[1]], "px": area,
                    "mask": mask, "offset": (x, y)})
    return [c for c in out if c["px"] >= min_px], [c for c in out if c["px"] < min_px]


def paper_noise(dark: np.ndarray) -> float:
    """Robust sd (1.4826 x MAD) of the darkness of a panel's paper (the pixels under ``INK_DARKNESS``):
    what JPEG, texture or a tint add to blank paper on this page."""
    paper = dark[dark < INK_DARKNESS]
    if paper.size < 16:
        return 0.0
    med = float(np.median(paper))
    return 1.4826 * float(np.median(np.abs(paper - med)))


def deliberate(components: list[dict[str, Any]], dark: np.ndarray, side: float) -> list[dict[str, Any]]:
    """The components (of :func:`_components`, over ``dark``'s crop) that are marks rather than noise: at
    least ``MARK_MIN_EXTENT`` of the panel side across with ``MARK_MIN_AREA`` x side^2 inked pixels, and with a
    core (the darkest ``MARK_CORE_SHARE`` of its pixels) above the ink level by ``MARK_NOISE_K`` x the paper's
    noise on this page (:func:`paper_noise`): a speck JPEG or texture lifts just over the ink level is not
    a mark, a pen's dot of the same size is.

    Since rubric 11 a component that fails the core test is split again at that level: a mark lying in faint
    shading (a screen photo's vignette and moire at a panel's corner) is joined to it into one component whose
    darkest quarter is mostly the shading's; the pixels at the mark level, as components of their own, are
    judged again (a tally mark swallowed so was lost: a count one short, 66.7 incorrect)."""
    if not components:
        return []
    noise = paper_noise(dark)
    level = INK_DARKNESS + MARK_NOISE_K * noise
    out = []
    for c in components:
        x0, y0, x1, y1 = c["bbox"]
        if max(x1 - x0, y1 - y0) < MARK_MIN_EXTENT * side or c["px"] < MARK_MIN_AREA * side * side:
            continue
        ox, oy = c["offset"]
        mh, mw = c["mask"].shape
        crop = dark[oy:oy + mh, ox:ox + mw]
        values = np.sort(crop[c["mask"] > 0])
        core = float(values[-max(1, int(MARK_CORE_SHARE * len(values))):].mean()) if values.size else 0.0
        if core >= level:
            out.append(c)
            continue
        strong = (c["mask"] > 0) & (crop >= level)
        if strong.sum() < MARK_MIN_AREA * side * side:
            continue
        parts = _components(strong.astype(np.uint8), (x0, y0), 1)[0]
        for part in parts:
            part["offset"] = (ox + part["offset"][0], oy + part["offset"][1])
        out.extend(deliberate(parts, dark, side))  # every pixel of a part is at the level: no deeper split
    return out


def _public(c: dict[str, Any]) -> dict[str, Any]:
    return {"bbox": c["bbox"], "px": c["px"]}


def read_ring(answer: np.ndarray, box: Sequence[float], frame_px: float, centers: Sequence[Sequence[float]],
              radius: float, min_speck_px: int) -> RowReading:
    """Filled ring positions (mean darkness of each position's core) and ink away from every position."""
    got = _ink(answer, box, frame_px + 4)
    if got is None:
        return RowReading(None, ["unreadable"])
    origin, _grey, _paper, dark, ink = got
    yy, xx = np.mgrid[0:ink.shape[0], 0:ink.shape[1]]
    filled, unsure_at, near = [], [], np.zeros_like(ink, bool)
    core = []
    for p, (cx, cy) in enumerate(centers):
        d2 = (xx - (cx - origin[0])) ** 2 + (yy - (cy - origin[1])) ** 2
        level = float(dark[d2 <= (0.6 * radius) ** 2].mean()) / 255.0 if (d2 <= (0.6 * radius) ** 2).any() else 0.0
        core.append(round(level, 3))
        if level >= RING_FILLED:
            filled.append(p)
            near |= d2 <= (RING_DOT_REACH * radius) ** 2
        else:
            # a blank place explains only its outline: ink inside it or beyond the outline is a mark
            band = RING_OUTLINE_BAND * radius
            near |= (d2 >= ((1.0 - RING_OUTLINE_BAND) * radius) ** 2) & (d2 <= (radius + band) ** 2)
            if level > RING_BLANK:
                unsure_at.append(p)
                near |= d2 <= (RING_DOT_REACH * radius) ** 2
    away = (ink.astype(bool) & ~near).astype(np.uint8)
    marks = deliberate(_components(away, origin, 1)[0], dark, float(box[2] - box[0]))
    reading = RowReading(sorted(filled) if not unsure_at else None, [f"position {p}" for p in unsure_at],
                         specks=[_public(c) for c in marks], details={"filled": filled, "core_darkness": core})
    return reading


def read_arrow(answer: np.ndarray, box: Sequence[float], frame_px: float, min_speck_px: int) -> RowReading:
    """The direction (0 = up, clockwise, 45 degree steps) of the one arrow in the panel: its long axis
    (principal axis of the ink) pointing to the end whose ink spreads wider (the head)."""
    got = _ink(answer, box, frame_px + 4)
    if got is None:
        return RowReading(None, ["unreadable"])
    origin, _grey, _paper, dark, ink = got
    side = float(box[2] - box[0])
    parts, small = _components(ink, origin, int((0.05 * side) ** 2))
    specks = [_public(c) for c in deliberate(small, dark, side)]
    if not parts:
        return RowReading(None, [], specks=specks, details={"arrows": 0})
    main = max(parts, key=lambda c: c["px"])
    others = [_public(c) for c in parts if c is not main]
    ys, xs = np.nonzero(main["mask"])
    pts = np.stack([xs, ys], 1).astype(float)
    centre = pts.mean(0)
    cov = np.cov((pts - centre).T)
    evals, evecs = np.linalg.eigh(cov)
    axis = evecs[:, 1]
    t = (pts - centre) @ axis
    n = (pts - centre) @ evecs[:, 0]
    lo, hi = t.min(), t.max()
    length = hi - lo
    elongation = math.sqrt(evals[1] / max(evals[0], 1e-6))
    end_hi = n[t > hi - 0.3 * length]
    end_lo = n[t < lo + 0.3 * length]
    spread_hi = float(end_hi.max() - end_hi.min()) if end_hi.size else 0.0
    spread_lo = float(end_lo.max() - end_lo.min()) if end_lo.size else 0.0
    details = {"elongation": round(elongation, 2), "head_spread": round(max(spread_hi, spread_lo), 1),
               "tail_spread": round(min(spread_hi, spread_lo), 1), "arrows": len(parts)}
    if length < 0.25 * side or elongation < 1.5 or max(spread_hi, spread_lo) < ARROW_HEAD_RATIO * max(
            2.0, min(spread_hi, spread_lo)):
        # no arrow shape: no long axis, or no end wider than the other
        return RowReading(None, ["arrow head"], off_kind=[_public(main)], specks=specks, details=details)
    head = axis if spread_hi > spread_lo else -axis
    angle = math.degrees(math.atan2(head[0], -head[1])) % 360.0  # 0 = up, clockwise
    direction = int(round(angle / 45.0)) % 8
    off = abs(((angle - 45.0 * direction) + 180) % 360 - 180)
    details["angle"] = round(angle, 1)
    sure = off <= ARROW_SURE_DEG
    return RowReading(direction if sure else None, [] if sure else [f"direction {angle:.0f} deg"],
                      off_kind=others, specks=specks, details=details)


def read_dots(answer: np.ndarray, box: Sequence[float], frame_px: float, min_speck_px: int) -> RowReading:
    """Number of dots (compact blobs) in the panel; other marks are not dots."""
    got = _ink(answer, box, frame_px + 4)
    if got is None:
        return RowReading(None, ["unreadable"])
    origin, _grey, _paper, dark, ink = got
    side = float(box[2] - box[0])
    parts = deliberate(_components(ink, origin, 1)[0], dark, side)
    dots, other = [], []
    for c in parts:
        filled = cv2.morphologyEx(c["mask"], cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
        contours, _ = cv2.findContours(filled, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        contour = max(contours, key=cv2.contourArea)
        hull = cv2.convexHull(contour)
        area, perimeter = cv2.contourArea(hull), cv2.arcLength(hull, True)
        circularity = 4 * math.pi * area / max(perimeter, 1) ** 2
        solidity = float(filled.sum()) / max(area, 1)
        x0, y0, x1, y1 = c["bbox"]
        if circularity >= DOT_MIN_CIRCULARITY and solidity >= DOT_MIN_SOLIDITY and max(x1 - x0, y1 - y0) <= DOT_MAX_SIDE * side:
            dots.append({**_public(c), "solidity": round(solidity, 3)})
        else:
            other.append({**_public(c), "circularity": round(circularity, 2), "solidity": round(solidity, 2)})
    if len(dots) >= 3:
        # two dots run together: a blob far larger than the panel's typical dot
        typical = float(np.median([d["px"] for d in dots]))
        merged = [d for d in dots if d["px"] > DOT_MERGED_AREA * typical]
        dots = [d for d in dots if d not in merged]
        other += [{**d, "why": "two dots run together?"} for d in merged]
    return RowReading(len(dots), [], off_kind=other, details={"dots": dots})


def read_regions(answer: np.ndarray, box: Sequence[float], frame_px: float) -> RowReading:
    """Number of regions of paper enclosed by the panel's ink (not reaching the panel's edge)."""
    got = _ink(answer, box, frame_px + 4)
    if got is None:
        return RowReading(None, ["unreadable"])
    origin, _grey, _paper, dark, ink = got
    h, w = ink.shape
    count, labels, stats, _ = cv2.connectedComponentsWithStats((1 - ink).astype(np.uint8), connectivity=4)
    border = set(np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]])).tolist())
    min_px = REGION_MIN_FRAC * h * w
    regions, unsure = [], []
    for k in range(1, count):
        if k in border:
            continue
        x, y, bw, bh, area = (int(v) for v in stats[k])
        item = {"bbox": [x + origin[0], y + origin[1], x + bw + origin[0], y + bh + origin[1]], "px": area}
        if area >= min_px:
            regions.append(item)
        elif area >= REGION_NOISE_PX:
            unsure.append(item)
    # ink that separates nothing (a dot, a loose stroke, an island inside a region) is no part of a region's
    # boundary: a boundary has paper of two different sides (two regions, or a region and the outside) round it
    sides_of = np.full(count, -2, np.int64)  # paper label -> its side: -1 outside, k a region, -2 none
    sides_of[list(border)] = -1
    for k in range(1, count):
        if k not in border and stats[k, cv2.CC_STAT_AREA] >= min_px:
            sides_of[k] = k
    apart = []
    for c in _components(ink, origin, 1)[0]:
        ox, oy = c["offset"][0], c["offset"][1]
        mh, mw = c["mask"].shape
        y0, x0, y1, x1 = max(0, oy - 3), max(0, ox - 3), min(h, oy + mh + 3), min(w, ox + mw + 3)
        local = np.zeros((y1 - y0, x1 - x0), np.uint8)
        local[oy - y0:oy - y0 + mh, ox - x0:ox - x0 + mw] = c["mask"]
        grown = cv2.dilate(local, np.ones((7, 7), np.uint8)) > 0
        sides = set(sides_of[labels[y0:y1, x0:x1][grown & (ink[y0:y1, x0:x1] == 0)]].tolist()) - {-2}
        if len(sides) < 2:
            apart.append(c)
    loose = [_public(c) for c in deliberate(apart, dark, float(box[2] - box[0]))]
    # filled blobs on the lines (a dot stuck to a boundary): ink far thicker than the figure's own strokes
    dist = cv2.distanceTransform(ink, cv2.DIST_L2, 3)
    ridge = (ink > 0) & (dist >= cv2.dilate(dist, np.ones((3, 3), np.uint8)))
    if ridge.any():
        half = float(np.median(dist[ridge]))
        thick = (dist > max(2.5 * half, half + 3.0)).astype(np.uint8)
        n_thick, _, thick_stats, _ = cv2.connectedComponentsWithStats(thick, connectivity=8)
        for k in range(1, n_thick):
            x, y, bw, bh, area = (int(v) for v in thick_stats[k])
            if area >= REGION_BLOB_CORE_PX:  # smaller cores are where two lines meet at a shallow angle
                loose.append({"bbox": [x + origin[0], y + origin[1], x + bw + origin[0], y + bh + origin[1]],
                              "px": area, "why": "a filled blob, not a line"})
        loose += dangling_strokes(ink, labels, sides_of, half, dark, origin, float(box[2] - box[0]))
    return RowReading(len(regions) if not unsure else None, [f"region of {u['px']} px" for u in unsure],
                      off_kind=loose, details={"regions": regions, "small_regions": unsure})


def dangling_strokes(ink: np.ndarray, labels: np.ndarray, sides_of: np.ndarray, half: float, dark: np.ndarray,
                     origin: tuple[int, int], side: float) -> list[dict[str, Any]]:
    """Strokes joined to a region boundary that separate nothing (a tick drawn onto a box's corner from
    outside): a boundary pixel has paper of two sides (two regions, or a region and the outside) within its
    stroke's half width + 3 px; ink further than the stroke's width + 3 px from every such pixel is a piece of
    its own, a mark when :func:`deliberate` tells it from noise. ``labels``/``sides_of``: the paper's
    components and their sides (-1 outside, k a region, -2 none); ``half``: the strokes' median half width."""
    reach = int(math.ceil(half)) + 3
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * reach + 1,) * 2)
    seen = np.zeros(ink.shape, np.uint8)
    for k in set(sides_of.tolist()) - {-2}:
        paper = np.isin(labels, np.nonzero(sides_of == k)[0]) & (ink == 0)
        seen += (cv2.dilate(paper.astype(np.uint8), disc) > 0).astype(np.uint8)
    boundary = (ink > 0) & (seen >= 2)
    if not boundary.any():
        return []
    far = cv2.distanceTransform((~boundary).astype(np.uint8), cv2.DIST_L2, 3) > 2 * half + 3
    pieces = _components(((ink > 0) & far).astype(np.uint8), origin, 1)[0]
    return [{**_public(c), "why": "a stroke off the boundary"} for c in deliberate(pieces, dark, side)]


def read_lines(answer: np.ndarray, box: Sequence[float], frame_px: float, min_speck_px: int) -> RowReading:
    """Number of separate straight lines; a mark that is not a straight line (a curve, crossing or
    touching lines) makes the count unsure and is reported."""
    got = _ink(answer, box, frame_px + 4)
    if got is None:
        return RowReading(None, ["unreadable"])
    origin, _grey, _paper, dark, ink = got
    side = float(box[2] - box[0])
    parts = deliberate(_components(ink, origin, 1)[0], dark, side)
    lines, other = [], []
    for c in parts:
        ys, xs = np.nonzero(c["mask"])
        _, (rw, rh), _ = cv2.minAreaRect(np.stack([xs, ys], 1).astype(np.float32))
        length, width = max(rw, rh), min(rw, rh)
        if length >= 0.08 * side and width <= LINE_MAX_WIDTH[0] * length + LINE_MAX_WIDTH[1]:
            lines.append(_public(c))
        else:
            other.append({**_public(c), "length": round(length, 1), "width": round(width, 1)})
    return RowReading(len(lines) if not other else None, ["a mark that is no straight line"] if other else [],
                      off_kind=other, details={"lines": lines})


# ------------------------------------------------------------------------------------------ beside the page
#
# Registration warps the answer into the input's frame, so ink the answer drew beyond the page (a second
# candidate boxed beside the grid, a label written next to the slot) never reaches the readers above. Since
# rubric 11 the pipeline hands the answer as returned and its registration to ``verify`` (``answer_page``):
# the ink beyond the input's frame is read here. Text (a caption, an "Answer: ..." label) is allowed, as the
# caption bands above and below a page always were; a drawing there (a panel frame, a figure, a grid) is a
# possible second answer a person must look at.

BESIDE_MARGIN = 0.03  # of the panel side: ink this close beyond the page edge is still the page's (a blur, a bend)
BESIDE_MIN_AREA = 0.0004  # of the panel side^2: fewer inked pixels is no deliberate mark (MARK_MIN_AREA)
BESIDE_TEXT_EXTENT = 0.2  # of the panel side: a piece of ink larger both ways is no glyph (a word is long, not tall)
BESIDE_TEXT_PAGE = 0.1  # ... nor than this share of the page's longer side (a bold caption's letters on a small grid)
BESIDE_SOLID_FILL = 0.6  # a piece whose widest inscribed disc spans this share of its box's smaller side ...
BESIDE_SOLID_SIDE = 0.08  # ... and at least this thick (of the panel side) is a filled figure, no glyph
BESIDE_PAPER_SHARE = 0.5  # a piece of ink counts when at least half the ring 3-7 px round it is paper
BESIDE_REACH = 0.15  # of the panel side: how far beyond the page edge an edge-touching change is followed


@dataclass
class BesidePage:
    """Ink beyond the input page's frame in the answer as returned: ``glyphs`` (pieces small and thin enough
    for text), ``drawings`` (bounding boxes, answer pixels, of pieces that are not: frames, figures, grids);
    ``ink`` (bool, answer pixels) the ink map beyond the page, ``to_answer`` the input -> answer homography."""

    glyphs: int
    drawings: list[list[int]]
    ink: np.ndarray | None = None
    to_answer: np.ndarray | None = None
    scale: float = 1.0

    def continues(self, bbox: Sequence[float], frame: tuple[int, int], reach_px: float) -> bool:
        """Whether a change at the input frame's edge (``bbox``, input pixels, touching the border of a frame
        ``(h, w)``) runs on beyond the page: ink (or the page's dark surroundings) beyond the edge within
        ``reach_px`` (input pixels) of it -- the rest of a label's line, the bar the sliver belongs to."""
        if self.ink is None or self.to_answer is None:
            return False
        h, w = frame
        x0, y0, x1, y1 = (float(v) for v in bbox)
        pad = reach_px / 2
        regions = []
        if x0 <= 1:
            regions.append((-reach_px, y0 - pad, 0.0, y1 + pad))
        if y0 <= 1:
            regions.append((x0 - pad, -reach_px, x1 + pad, 0.0))
        if x1 >= w - 2:
            regions.append((w, y0 - pad, w + reach_px, y1 + pad))
        if y1 >= h - 2:
            regions.append((x0 - pad, h, x1 + pad, h + reach_px))
        ah, aw = self.ink.shape
        for rx0, ry0, rx1, ry1 in regions:
            corners = np.float32([[rx0, ry0], [rx1, ry0], [rx1, ry1], [rx0, ry1]])
            pts = cv2.perspectiveTransform(corners[None], self.to_answer)[0]
            ax0, ay0 = np.floor(pts.min(axis=0)).astype(int)
            ax1, ay1 = np.ceil(pts.max(axis=0)).astype(int)
            ax0, ay0, ax1, ay1 = max(0, ax0), max(0, ay0), min(aw, ax1 + 1), min(ah, ay1 + 1)
            if ax1 > ax0 and ay1 > ay0 and self.ink[ay0:ay1, ax0:ax1].any():
                return True
        return False


def beside_page(raw: np.ndarray, matrix: np.ndarray, inverted: bool, input_shape: Sequence[int],
                panel_px: float, added_darkness: float) -> BesidePage:
    """Read the ink of ``raw`` (the answer as returned, RGB) that lies beyond the input page: ``matrix`` maps
    answer pixels to input pixels (registration's), ``inverted`` when the page was registered with its
    lightness inverted (dark mode). Ink is ``added_darkness`` below the page's paper; pieces touching the
    image's border or lying on no paper (bars, a bezel, the desk) are the page's surroundings, not ink."""
    img = np.asarray(raw)
    if img.ndim == 2:
        img = np.stack([img] * 3, axis=-1)
    if inverted:
        from genpuzzle.registration import invert_lightness

        img = invert_lightness(img[..., :3])
    L = luma(img)
    ah, aw = L.shape
    h, w = int(input_shape[0]), int(input_shape[1])
    M = np.asarray(matrix, np.float64)
    if M.shape == (2, 3):
        M = np.vstack([M, [0.0, 0.0, 1.0]])
    try:
        to_answer = np.linalg.inv(M)
    except np.linalg.LinAlgError:
        return BesidePage(0, [])
    scale = float(math.sqrt(abs(np.linalg.det(to_answer[:2, :2]))))
    side = panel_px * scale
    page_side = max(h, w) * scale
    inside = cv2.warpPerspective(np.ones((h, w), np.uint8), M, (aw, ah),
                                 flags=cv2.INTER_NEAREST | cv2.WARP_INVERSE_MAP, borderValue=0)
    grow = max(3, int(round(BESIDE_MARGIN * side)))
    inside = cv2.dilate(inside, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * grow + 1, 2 * grow + 1)))
    beyond = inside == 0
    if not beyond.any():
        return BesidePage(0, [], None, to_answer, scale)
    on_page = inside > 0
    paper = float(np.percentile(L[on_page], 90)) if on_page.any() else 255.0
    ink = beyond & (L < paper - added_darkness)
    is_paper = L > paper - 0.75 * added_darkness
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    glyphs, drawings = 0, []
    min_area = max(12.0, BESIDE_MIN_AREA * side * side)
    near_k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7))  # the ring is 3-7 px out: a resampled
    ring_k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (15, 15))  # edge's greys lie nearer
    for k in range(1, count):
        x, y, bw, bh, area = (int(v) for v in stats[k])
        if x <= 1 or y <= 1 or x + bw >= aw - 1 or y + bh >= ah - 1 or area < min_area:
            continue
        x0, y0, x1, y1 = max(0, x - 8), max(0, y - 8), min(aw, x + bw + 8), min(ah, y + bh + 8)
        piece = (labels[y0:y1, x0:x1] == k).astype(np.uint8)
        ring = cv2.dilate(piece, ring_k).astype(bool) & ~cv2.dilate(piece, near_k).astype(bool)
        if not ring.any() or is_paper[y0:y1, x0:x1][ring].mean() < BESIDE_PAPER_SHARE:
            continue
        # solid: its widest inscribed disc spans a good part of its box (a filled dot, cell or figure); a
        # glyph's strokes stay thin against its height, bold type included
        # (the exact distance, to the ink's edge half a px short of the paper px's centre: the 3x3 mask's estimate
        # of the centre distance made a bold caption "t"'s crossing of stem and bar span 0.62 of its box, a solid)
        thick = float(cv2.distanceTransform(np.pad(piece, 1), cv2.DIST_L2, cv2.DIST_MASK_PRECISE).max()) * 2 - 1
        solid = min(bw, bh) > BESIDE_SOLID_SIDE * side and thick > BESIDE_SOLID_FILL * min(bw, bh)
        if min(bw, bh) > max(BESIDE_TEXT_EXTENT * side, BESIDE_TEXT_PAGE * page_side) or solid:
            drawings.append([x, y, x + bw, y + bh])
        else:
            glyphs += 1
    # (``ink`` keeps the surroundings too: a change at the page's edge that runs on into a bar or a bezel is the
    # page's edge, not a mark)
    return BesidePage(glyphs, drawings, ink, to_answer, scale)
