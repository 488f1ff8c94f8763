"""Math-proof verification: ink coverage along the exact expected primitives (constructions), cell fills
(shading), and a lattice partition read from ink on grid edges with colour clustering as a second
opinion (proofs without words); GenPuzzle's five dimensions and caps (``data/rubrics/math_proof.json``).

Image -> state: :func:`ink_maps` (new ink = answer ink away from the input's ink), :func:`coverage`
(share of an object's sample points with new ink within the tolerance), :func:`classify_element`
(accurate / unsure / wrong object / inaccurate with a fitted diagnostic / missing), :func:`read_partition`.
State -> violations: :func:`check_construction`, :func:`check_lattice`. Score: :func:`math_proof_score`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from typing import Any

import cv2
import numpy as np

from genpuzzle.records import Violation
from genpuzzle.renderers.math_proof import to_px

NEW_INK = 60  # answer darkness (0..255 vs the local paper) from which a pixel away from the input's ink is new ink
INPUT_INK = 60  # input darkness counted as the given figure's ink
NEAR_INPUT_FRACTION = 0.009  # new ink closer than this share of the image size to given ink is not told apart
HAIRLINE_FRACTION = 0.015  # a 1 px line the speck opening erases is kept when its piece spans this share of the image
HAIRLINE_APART = 0.5  # ... and at least this share of it lies over 2 px from the ink the opening kept
FAINT_GIVEN = 15  # ... and from the input's ink this dark (a plot's light grid lines, which texture darkens)
DRAWN = 0.7  # coverage from which an object counts as drawn
UNSURE = 0.5  # coverage in [UNSURE, DRAWN) is an unsure reading (review)
WIDE_BAND_FRACTION = 0.14  # ink within this share of the figure size of an object is fitted for a diagnosis
ANNOTATION_FRACTION = 0.06  # around key points ink may be an annotation (the point marked, its name written)
# stray marks (genpuzzle.ink.unexplained_marks), sized in tolerances: what the answer adds that is neither
# the stroke of a drawn object (as drawn: its own track and width) nor the given figure nor an annotation
# join: the pieces of a tick cut by a stroke are one mark; min_density: ... but specks of a noisy page are not
# notice_extent: a sure mark half a tolerance across (>= 4 px, 0.15 tol^2 of ink) under min_extent is noticed, unsure
# (review): the lead's small-marks check (scribble --size 0.02, 12 px ticks, dots, scribbles, "7"s) passed them
MARK_PARAMS = {"min_extent": 1.0, "min_area": 0.2, "join": 0.5, "min_density": 1.0, "notice_extent": 0.5,
               "notice_area": 0.15}
MARK_FAINT = 36  # darkness over the input's nearby from which new ink of a mark's size is a faint (unsure) mark
STROKE_WINDOW_FRACTION = 0.15  # of the figure side: a stroke's track is the running median over this length
ANNOTATION_SHARE = 0.5  # a mark this much inside an annotation zone is an annotation if it reads as one:
LABEL_MIN_SCORE = 0.95  # ... a point's name written there (a letter read by the text recogniser at this score)
LABEL_TICK_MIN_SCORE = 0.99  # ... a V, which is also how a tick reads (0.54-0.96)
LABEL_O_MIN_SCORE = 0.4  # ... an O, which the recogniser splits between O, o and 0
POINT_MARKER_TOL = 0.6  # ink within this many tolerances of a key point is the point marked (a dot on it)
LABEL_UNSURE_SCORE = 0.5  # a letter read between this and LABEL_MIN_SCORE: unsure (review)
STROKE_SLACK_PX = 2.0  # a stroke's ink reaches this far past its measured half-width (anti-aliasing, JPEG)
STROKE_WIDENED_PX = 3  # ink this much wider than the stroke ...
STROKE_WIDENED_RUN = 3  # ... along this many samples in a row is something drawn on the stroke


# ------------------------------------------------------------------------------------------ ink


@dataclass
class Ink:
    """Ink maps of one answer in the input frame."""

    answer_dark: np.ndarray
    input_dark: np.ndarray
    near_input: np.ndarray  # bool: within the tolerance of the given figure's ink
    new: np.ndarray  # bool: new ink
    distance: np.ndarray  # px to the nearest new-ink pixel


def ink_maps(answer: np.ndarray, input_image: np.ndarray, scale_px: float) -> Ink:
    from genpuzzle.verifiers.cells import darkness_map

    a = darkness_map(answer, scale_px)
    i = darkness_map(input_image, scale_px)
    size = max(answer.shape[:2])
    r = max(2, round(NEAR_INPUT_FRACTION * size))
    near = cv2.dilate((i >= INPUT_INK).astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1,) * 2))
    new = ((a >= NEW_INK) & (near == 0)).astype(np.uint8)
    new = without_specks(new, HAIRLINE_FRACTION * size, (i >= FAINT_GIVEN).astype(np.uint8))
    dist = cv2.distanceTransform((1 - new).astype(np.uint8), cv2.DIST_L2, 3)
    return Ink(a, i, near > 0, new > 0, dist)


def without_specks(mask: np.ndarray, min_extent: float, given: np.ndarray | None = None) -> np.ndarray:
    """``mask`` (uint8 0/1) opened by a 2x2 square (JPEG specks and 1 px fringes go), with the 8-connected
    pieces the opening took that span ``min_extent`` px or more, and lie mostly apart from the kept ink and from
    ``given`` (uint8 0/1: the input's faint lines), put back: a 1 px line drawn at an angle has no 2x2 block of
    ink, so the opening alone erases it whole (a hairline median read as not drawn)."""
    opened = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    thin = cv2.subtract(mask, opened)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(thin, connectivity=8)
    long = [k for k in range(1, count) if max(stats[k, cv2.CC_STAT_WIDTH], stats[k, cv2.CC_STAT_HEIGHT]) >= min_extent]
    if not long:
        return opened
    # a line of its own, not the fringe of a stroke (a pencil's grain, a drop shadow's sliver beside the stroke)
    # nor a faint given line darkened by paper texture (a plot's grid): most of the piece lies over 2 px from both
    beside = cv2.dilate(opened if given is None else opened | given, np.ones((5, 5), np.uint8)) > 0
    apart = np.bincount(labels[~beside].ravel(), minlength=count)
    long = [k for k in long if apart[k] >= HAIRLINE_APART * stats[k, cv2.CC_STAT_AREA]]
    return opened | np.isin(labels, long).astype(np.uint8) if long else opened


# ------------------------------------------------------------------------------------------ primitives


def _num(v) -> float:
    return float(Fraction(v))


def element_px(element: dict[str, Any], frame: dict[str, Any]) -> dict[str, Any]:
    """The element in pixels: ``segments`` [(p, q)] or ``circle`` (c, r)."""
    if element["kind"] == "circle":
        return {"circle": (to_px(frame, element["center"]), frame["scale"] * _num(element["radius"]))}
    if element["kind"] == "segment":
        p, q = (to_px(frame, v) for v in element["points"])
        return {"segments": [(p, q)], "line": element.get("explains") == "line"}
    pts = [to_px(frame, v) for v in element["vertices"]]
    return {"segments": [(pts[k], pts[(k + 1) % len(pts)]) for k in range(len(pts))], "line": False}


def samples_of(geom: dict[str, Any], step: float = 2.0) -> list[np.ndarray]:
    """Sample points along each part (one array per segment, or one for the circle)."""
    if "circle" in geom:
        (cx, cy), r = geom["circle"]
        n = max(24, int(2 * math.pi * r / step))
        t = np.linspace(0, 2 * math.pi, n, endpoint=False)
        return [np.stack([cx + r * np.cos(t), cy + r * np.sin(t)], axis=1)]
    out = []
    for (x0, y0), (x1, y1) in geom["segments"]:
        n = max(8, int(math.hypot(x1 - x0, y1 - y0) / step))
        t = np.linspace(0, 1, n)
        out.append(np.stack([x0 + t * (x1 - x0), y0 + t * (y1 - y0)], axis=1))
    return out


def coverage(ink: Ink, pts: np.ndarray, tol: float) -> tuple[float, int]:
    """(share of the visible sample points with new ink within ``tol`` px, number of visible points).
    Points on or near the given figure's ink are not visible (new ink there cannot be told apart)."""
    h, w = ink.new.shape
    xi, yi = np.round(pts[:, 0]).astype(int), np.round(pts[:, 1]).astype(int)
    inside = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
    xi, yi = xi[inside], yi[inside]
    visible = ~ink.near_input[yi, xi]
    if visible.sum() == 0:
        return 0.0, 0
    return float((ink.distance[yi[visible], xi[visible]] <= tol).mean()), int(visible.sum())


def geom_coverage(ink: Ink, geom: dict[str, Any], tol: float) -> float:
    """Coverage of the whole object (all parts weighted by their visible length)."""
    hits = total = 0.0
    for pts in samples_of(geom):
        c, n = coverage(ink, pts, tol)
        hits, total = hits + c * n, total + n
    return hits / total if total else 0.0


def paint(mask: np.ndarray, geom: dict[str, Any], width: float, whole_line: bool | None = None) -> None:
    """Draw the object into ``mask`` (uint8) ``width`` px wide; segments explained as lines are drawn
    across the whole image."""
    t = max(1, int(round(width)))
    h, w = mask.shape
    if "circle" in geom:
        (cx, cy), r = geom["circle"]
        cv2.circle(mask, (int(round(cx)), int(round(cy))), int(round(r)), 1, t)
        return
    line = geom.get("line") if whole_line is None else whole_line
    for (x0, y0), (x1, y1) in geom["segments"]:
        if line:
            dx, dy = x1 - x0, y1 - y0
            n = math.hypot(dx, dy) or 1.0
            big = 4 * max(h, w)
            x0, y0, x1, y1 = x0 - big * dx / n, y0 - big * dy / n, x1 + big * dx / n, y1 + big * dy / n
        ok, p, q = cv2.clipLine((0, 0, w, h), (int(round(x0)), int(round(y0))), (int(round(x1)), int(round(y1))))
        if ok:
            cv2.line(mask, p, q, 1, t)


# ------------------------------------------------------------------------------------------ elements


@dataclass
class ElementReading:
    name: str
    state: str  # accurate | unsure | wrong | inaccurate | missing
    coverage: float
    drawn_as: str | None = None  # the candidate drawn instead (wrong)
    diagnosis: dict[str, Any] = field(default_factory=dict)
    fitted: dict[str, Any] | None = None  # pixel geometry of what was drawn (inaccurate)


def _segment_distance(xy: np.ndarray, p, q) -> np.ndarray:
    p, q = np.asarray(p, float), np.asarray(q, float)
    d = q - p
    t = np.clip(((xy - p) @ d) / max(float(d @ d), 1e-9), 0, 1)
    return np.linalg.norm(xy - (p + t[:, None] * d), axis=1)


def _band_pixels(ink: Ink, geom: dict[str, Any], width: float, exclude: np.ndarray) -> np.ndarray:
    mask = np.zeros(ink.new.shape, np.uint8)
    paint(mask, geom, 2 * width, whole_line=False)
    ys, xs = np.nonzero(mask.astype(bool) & ink.new & ~exclude)
    return np.stack([xs, ys], axis=1).astype(np.float32)


def fit_element(ink: Ink, geom: dict[str, Any], tol: float, wide: float, exclude: np.ndarray,
                side_px: float) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """What the answer drew near an object that is not on it: a line or circle fitted to the new ink in a
    wide band around it, kept when its own coverage shows a drawn object. Returns (fitted geometry,
    diagnosis in % of the figure side), or None."""
    pts = _band_pixels(ink, geom, wide, exclude)
    if "circle" in geom:
        (cx, cy), r = geom["circle"]
        if len(pts) < 0.3 * 2 * math.pi * r:
            return None
        x, y = pts[:, 0].astype(float), pts[:, 1].astype(float)
        a = np.stack([x, y, np.ones_like(x)], axis=1)
        sol, *_ = np.linalg.lstsq(a, -(x * x + y * y), rcond=None)
        fx, fy = -sol[0] / 2, -sol[1] / 2
        rr = fx * fx + fy * fy - sol[2]
        if rr <= 0:
            return None
        fitted = {"circle": ((float(fx), float(fy)), float(math.sqrt(rr)))}
        if geom_coverage(ink, fitted, tol) < DRAWN:
            return None
        diag = {"centre_off_pct": round(100 * math.hypot(fx - cx, fy - cy) / side_px, 1),
                "radius_off_pct": round(100 * (math.sqrt(rr) - r) / side_px, 1)}
        return fitted, diag
    if len(geom["segments"]) == 1:
        (p, q), = geom["segments"]
        length = math.hypot(q[0] - p[0], q[1] - p[1])
        if len(pts) < 0.3 * length:
            return None
        vx, vy, x0, y0 = cv2.fitLine(pts, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()

        def project(v):
            t = (v[0] - x0) * vx + (v[1] - y0) * vy
            return (float(x0 + t * vx), float(y0 + t * vy))

        fp, fq = project(p), project(q)
        fitted = {"segments": [(fp, fq)], "line": geom.get("line", False)}
        if geom_coverage(ink, fitted, tol) < DRAWN:
            return None
        angle = math.degrees(math.atan2(q[1] - p[1], q[0] - p[0]) - math.atan2(vy, vx)) % 180
        angle = min(angle, 180 - angle)
        off = [abs((v[0] - x0) * vy - (v[1] - y0) * vx) for v in (p, q)]
        return fitted, {"angle_off_deg": round(angle, 1), "end_off_pct": [round(100 * o / side_px, 1) for o in off]}
    # polygon: the best shift of the whole outline
    best = (0.0, 0.0, 0.0)
    step = max(2.0, tol / 2)
    span = np.arange(-wide, wide + step / 2, step)
    for dx in span:
        for dy in span:
            moved = {"segments": [((p[0] + dx, p[1] + dy), (q[0] + dx, q[1] + dy)) for p, q in geom["segments"]]}
            c = geom_coverage(ink, moved, tol)
            if c > best[0]:
                best = (c, float(dx), float(dy))
    if best[0] < DRAWN or math.hypot(best[1], best[2]) <= tol:
        return None
    moved = {"segments": [((p[0] + best[1], p[1] + best[2]), (q[0] + best[1], q[1] + best[2]))
                          for p, q in geom["segments"]], "line": False}
    return moved, {"shift_pct": [round(100 * best[1] / side_px, 1), round(100 * best[2] / side_px, 1)]}


def classify_element(ink: Ink, element: dict[str, Any], candidates: list[dict[str, Any]], frame: dict[str, Any],
                     tol: float, side_px: float, exclude: np.ndarray) -> ElementReading:
    """Accurate (coverage >= DRAWN within ``tol``), unsure (UNSURE..DRAWN), wrong (a candidate is drawn
    instead), inaccurate (a fitted object near it is drawn), or missing."""
    geom = element_px(element, frame)
    cov = geom_coverage(ink, geom, tol)
    if cov >= DRAWN:
        return ElementReading(element["name"], "accurate", cov)
    drawn = [(geom_coverage(ink, element_px(c, frame), tol), c["name"]) for c in candidates]
    drawn = [d for d in drawn if d[0] >= DRAWN]
    if drawn:
        best = max(drawn)
        return ElementReading(element["name"], "wrong", cov, drawn_as=best[1], diagnosis={"candidate_coverage":
                                                                                         round(best[0], 3)})
    if cov >= UNSURE:
        return ElementReading(element["name"], "unsure", cov)
    fit = fit_element(ink, geom, tol, WIDE_BAND_FRACTION * side_px, exclude, side_px)
    if fit is not None:
        return ElementReading(element["name"], "inaccurate", cov, diagnosis=fit[1], fitted=fit[0])
    return ElementReading(element["name"], "missing", cov)


def describe(reading: ElementReading) -> str:
    d = reading.diagnosis
    if "centre_off_pct" in d:
        return f"centre off by {d['centre_off_pct']:g} % of the figure, radius off by {d['radius_off_pct']:+g} %"
    if "angle_off_deg" in d:
        return f"off by {d['angle_off_deg']:g} degrees, its ends {d['end_off_pct'][0]:g} % and {d['end_off_pct'][1]:g} % of the figure away"
    if "shift_pct" in d:
        return f"shifted by ({d['shift_pct'][0]:+g} %, {d['shift_pct'][1]:+g} %) of the figure"
    return ""


# ------------------------------------------------------------------------------------------ strokes


def _straightened(geom: dict[str, Any], half: float, extend: float, shape: tuple[int, int]
                  ) -> list[tuple[np.ndarray, np.ndarray, np.ndarray, int]]:
    """Per part of an object: sample points 1 px apart along it (segments ``extend`` px past their ends,
    a line across the image), their unit normals, the offsets -half..half (px) and the part's index."""
    h, w = shape
    offsets = np.arange(-int(math.ceil(half)), int(math.ceil(half)) + 1, dtype=np.float32)
    out = []
    if "circle" in geom:
        (cx, cy), r = geom["circle"]
        n = max(24, int(2 * math.pi * r))
        t = np.linspace(0, 2 * math.pi, n, endpoint=False)
        normal = np.stack([np.cos(t), np.sin(t)], axis=1)
        out.append((np.stack([cx + r * normal[:, 0], cy + r * normal[:, 1]], axis=1), normal, offsets, 0))
        return out
    for part, ((x0, y0), (x1, y1)) in enumerate(geom["segments"]):
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy)
        if length < 1:
            continue
        ux, uy = dx / length, dy / length
        ext = 2 * max(h, w) if geom.get("line") and extend > 0 else extend  # 0: the segment as given
        s = np.arange(-ext, length + ext + 1, 1.0)
        pts = np.stack([x0 + s * ux, y0 + s * uy], axis=1)
        keep = (pts[:, 0] >= -half) & (pts[:, 0] < w + half) & (pts[:, 1] >= -half) & (pts[:, 1] < h + half)
        if keep.sum() < 2:
            continue
        pts = pts[keep]
        out.append((pts, np.tile([[-uy, ux]], (len(pts), 1)), offsets, part))
    return out


def _part_distance(xs: np.ndarray, ys: np.ndarray, geom: dict[str, Any], part: int) -> np.ndarray:
    """Distance (px) of the points (xs, ys) to one part of a drawn object: its circle, or its ``part``-th
    segment (the whole line for an object explained as a line)."""
    if "circle" in geom:
        (cx, cy), r = geom["circle"]
        return np.abs(np.hypot(xs - cx, ys - cy) - r)
    (x0, y0), (x1, y1) = geom["segments"][part]
    dx, dy = x1 - x0, y1 - y0
    n2 = max(dx * dx + dy * dy, 1e-9)
    t = ((xs - x0) * dx + (ys - y0) * dy) / n2
    if not geom.get("line"):
        t = np.clip(t, 0.0, 1.0)
    return np.hypot(xs - (x0 + t * dx), ys - (y0 + t * dy))


def stroke_explained(new_ink: np.ndarray, geoms: list[dict[str, Any]], half: float, window: int,
                     extend: float | None = None) -> np.ndarray:
    """The pixels of ``new_ink`` (bool) that are the stroke of one of ``geoms`` as drawn (bool): within
    ``half`` px of the object, the stroke's track is the running median (over ``window`` samples) of the
    middle of the ink across it, its width the median span (segments measured out to ``extend`` px past
    their ends, ``half`` by default); ink within half that width (+ the slack) of the track is the stroke's,
    however thick, dashed, doubled or wobbly it was drawn. A tick, a digit or a dot on or beside the line is
    not: it is off the track, or widens the ink only where it is. Ink nearer another of the objects' parts
    is left to that part."""
    h, w = new_ink.shape
    out = np.zeros((h, w), np.uint8)
    new = new_ink.astype(np.uint8)
    parts = [(g, k) for g in geoms for k in range(len(g["segments"]) if "segments" in g else 1)]
    for geom in geoms:
        for pts, normal, offsets, part in _straightened(geom, half, half if extend is None else extend, (h, w)):
            xs = pts[:, 0:1] + normal[:, 0:1] * offsets[None, :]
            ys = pts[:, 1:2] + normal[:, 1:2] * offsets[None, :]
            xi, yi = np.round(xs).astype(np.int64), np.round(ys).astype(np.int64)
            inside = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
            grid = np.zeros(xi.shape, bool)
            grid[inside] = new[yi[inside], xi[inside]] > 0
            # ink nearer another drawn part is that part's: where two strokes meet, a mark between them must
            # not pull this stroke's measured track over to it (a tick in an acute corner was read as stroke)
            own = _part_distance(xs, ys, geom, part)
            for g, k in parts:
                if g is not geom or k != part:
                    grid &= own <= _part_distance(xs, ys, g, k)
            rows = grid.any(axis=1)
            if rows.sum() < 3:
                continue
            first = np.argmax(grid, axis=1)
            last = grid.shape[1] - 1 - np.argmax(grid[:, ::-1], axis=1)
            middle = np.where(rows, (offsets[first] + offsets[last]) / 2, np.nan)
            span = (last - first + 1).astype(np.float32)
            width = float(np.median(span[rows]))
            k = max(3, int(window) | 1)
            padded = np.pad(middle, k // 2, constant_values=np.nan)
            windows = np.lib.stride_tricks.sliding_window_view(padded, k)
            seen = ~np.isnan(windows)
            track = np.full(len(middle), np.nan, np.float32)
            enough = seen.sum(axis=1) >= max(2, k // 6)
            if enough.any():
                import warnings

                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", RuntimeWarning)
                    track[enough] = np.nanmedian(windows[enough], axis=1)
            # where the ink widens past the stroke's width along a few samples in a row, something is drawn on
            # the line (a tick across it, a dot on it): there only the stroke's own width is the stroke's
            wide = rows & (span > width + STROKE_WIDENED_PX)
            run = STROKE_WIDENED_RUN
            wide = np.convolve(wide.astype(np.int32), np.ones(run, np.int32), "same") >= run
            wide = np.convolve(wide.astype(np.int32), np.ones(run, np.int32), "same") > 0
            reach = np.where(wide, width / 2 + 0.5, width / 2 + STROKE_SLACK_PX)
            near = grid & (np.abs(offsets[None, :] - track[:, None]) <= reach[:, None])
            near &= ~np.isnan(track)[:, None]
            out[yi[near & inside], xi[near & inside]] = 1
    return cv2.dilate(out, np.ones((3, 3), np.uint8)) > 0


def _corner_fill(drawn: list[dict[str, Any]], inked: np.ndarray, tol: float) -> tuple[np.ndarray, np.ndarray]:
    """Where two drawn strokes meet at a shared end (a polygon's corner, segments joined end to end) their
    ink merges into a wedge wider than either stroke (a reflected triangle's 17 degree apex merged over
    ~50 px on a blurred reference). That merged ink is the strokes': from the corner out, each cross-section
    of the wedge (at right angles to its bisector, from one line to the other) that is inked from side to
    side, up to the first one with paper in it and never past where the two lines are 2 ``tol`` apart, plus
    a disc of ``tol`` at the corner (a rounded or overshot corner). Ink inside the wedge beyond that -- a
    mark written between the two strokes, with paper round it -- is not theirs. Returns bool masks of that
    merged ink and of the whole wedge out to 2 ``tol`` (where faint ink is the strokes' blur or JPEG fringe:
    a JPEG-20 reference's acute corner rang faint between its strokes)."""
    segs = [seg for g in drawn for seg in g.get("segments", [])]
    h, w = inked.shape
    out = np.zeros((h, w), np.uint8)
    wedge = np.zeros((h, w), np.uint8)
    for i, (a0, a1) in enumerate(segs):
        for b0, b1 in segs[i + 1:]:
            for p, pa in ((a0, a1), (a1, a0)):
                for q, qb in ((b0, b1), (b1, b0)):
                    if math.hypot(p[0] - q[0], p[1] - q[1]) > tol:
                        continue
                    u = np.subtract(pa, p, dtype=float)
                    v = np.subtract(qb, q, dtype=float)
                    lu, lv = float(np.hypot(*u)), float(np.hypot(*v))
                    if lu < 1 or lv < 1:
                        continue
                    u, v = u / lu, v / lv
                    half = 0.5 * math.acos(float(np.clip(u @ v, -1.0, 1.0)))
                    if half < 1e-3 or half > math.radians(80):
                        continue  # no wedge: the strokes run on along one line, or meet nearly straight
                    bis = (u + v) / max(float(np.hypot(*(u + v))), 1e-9)
                    reach = min(lu, lv, 2 * tol / max(2 * math.sin(half), 1e-3)) * math.cos(half)
                    apex = np.asarray(p, float)
                    far = [apex + reach / math.cos(half) * d for d in (u, v)]
                    cv2.fillConvexPoly(wedge, np.round(np.array([apex, *far])).astype(np.int32), 1)
                    filled_to = 0.0
                    for s in np.arange(1.0, reach, 1.0):
                        across = s * math.tan(half)  # half the cross-section, line to line
                        n = np.array([-bis[1], bis[0]])
                        t = np.arange(-across, across + 0.5, 1.0)
                        xy = apex + s * bis + t[:, None] * n
                        xi, yi = np.round(xy[:, 0]).astype(int), np.round(xy[:, 1]).astype(int)
                        if xi.min() < 0 or yi.min() < 0 or xi.max() >= w or yi.max() >= h:
                            break
                        if not inked[yi, xi].all():
                            break
                        filled_to = s
                    if filled_to > 0:
                        ends = [apex + filled_to / math.cos(half) * d for d in (u, v)]
                        cv2.fillConvexPoly(out, np.round(np.array([apex, *ends])).astype(np.int32), 1)
                    cv2.circle(out, (int(round(apex[0])), int(round(apex[1]))), max(1, int(round(tol))), 1, -1)
    return cv2.dilate(out, np.ones((3, 3), np.uint8)) > 0, wedge > 0


def given_zone(ink: Ink, tol: float) -> np.ndarray:
    """Where ink is the given figure's, moved or redrawn: within ``tol`` of the given ink and not much darker
    than any of it there (a black tick beside a light grid line is not). A registration that cannot follow
    a page's perspective leaves the given page frame's line up to a tolerance off (spot seed 87700; the
    tilted-page check at seed 4646, 2 % perspective: 170 px of `extra_ink` along the frame)."""
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * int(round(tol)) + 1,) * 2)
    near = cv2.dilate((ink.input_dark >= INPUT_INK).astype(np.uint8), disc) > 0
    # genpuzzle.ink.added_darkness < NEW_INK, on the uint8 maps (the same maxima, a third of the time)
    darkest = cv2.dilate(np.ascontiguousarray(ink.input_dark, dtype=np.uint8), disc)
    return near & (ink.answer_dark.astype(np.int16) - darkest < NEW_INK)


FRAME_INSET_PX = 8.5  # the page frame's line centres (renderers.math_proof.new_canvas: [8, 8, SIZE - 9, SIZE - 9], 2 px)
FRAME_REACH_TOL = 3.0  # a frame side is looked for this many tolerances either side of its given place
FRAME_RUN_PX = 6  # a sample's ink in the band, one run at most this wide: the frame's line (else two lines or a mark)
FRAME_FIT_PX = 2.0  # a sample on the fitted line: its run's centre within this of it
FRAME_ON_LINE = 0.7  # share of a side's samples on the fitted line for the line to be the frame
FRAME_DOUBLED = 0.1  # share of samples where the fit is off the given place but ink is still there: a second line


def frame_zone(ink: Ink, tol: float, observed: np.ndarray | None = None) -> np.ndarray:
    """Where ink is the given page frame, moved: each side of the grey frame the input draws round the page,
    found on the answer as one straight line within ``FRAME_REACH_TOL`` tolerances of its given place (a
    registration that cannot follow a page's perspective leaves a frame side up to 18 px off at a corner:
    tilt check seed 23400, 3 % perspective, 678 px of `extra_ink`), the band along that line -- and only
    where the answer is not much darker than the input's frame (a black line over it is new). A side is
    the frame when ``FRAME_ON_LINE`` of its samples hold one run of ink no wider than ``FRAME_RUN_PX`` on
    the fitted line, and the given place does not keep its ink where the fit runs off it (two lines). Only the
    answer's page is read (``observed``: registration's ``valid``; where the page does not reach, the registered
    image shows the input, whose frame there is not the answer's)."""
    h, w = ink.answer_dark.shape
    out = np.zeros((h, w), np.uint8)
    reach = int(round(FRAME_REACH_TOL * tol))
    ink_px = ink.answer_dark >= MARK_FAINT
    if observed is not None and observed.shape == ink_px.shape:
        ink_px &= observed.astype(bool)
    for vertical, given_at in ((True, FRAME_INSET_PX), (True, w - 1 - FRAME_INSET_PX),
                               (False, FRAME_INSET_PX), (False, h - 1 - FRAME_INSET_PX)):
        along = h if vertical else w
        at = int(round(given_at))
        lo, hi = max(0, at - reach), min(w if vertical else h, at + reach + 1)
        band = ink_px[:, lo:hi] if vertical else ink_px[lo:hi, :].T  # rows: positions along the side
        given_band = ink.input_dark[:, at] if vertical else ink.input_dark[at, :]
        span = np.arange(int(FRAME_INSET_PX) + reach, along - int(FRAME_INSET_PX) - reach)  # off the corners
        if len(span) < 4 * reach or float((given_band[span] >= INPUT_INK).mean()) < FRAME_ON_LINE:
            continue  # no given frame side here
        ts, xs = [], []
        for t in span:
            cols = np.flatnonzero(band[t])
            if len(cols) and cols[-1] - cols[0] < FRAME_RUN_PX:
                ts.append(t)
                xs.append(lo + 0.5 * (cols[0] + cols[-1]))
        if len(ts) < FRAME_ON_LINE * len(span):
            continue
        t_arr, x_arr = np.asarray(ts, float), np.asarray(xs, float)
        keep = np.ones(len(t_arr), bool)
        for _ in range(3):
            a, b = np.polyfit(t_arr[keep], x_arr[keep], 1)
            keep = np.abs(x_arr - (a * t_arr + b)) <= FRAME_FIT_PX
            if keep.sum() < 2:
                break
        if keep.sum() < FRAME_ON_LINE * len(span):
            continue
        fitted = a * span + b
        if np.abs(fitted - given_at).max() > reach:
            continue
        off = np.abs(fitted - given_at) > FRAME_FIT_PX + 1
        left = band[span, max(0, at - 1 - lo):at + 2 - lo].any(axis=1)  # ink still at the given place
        if off.any() and float((off & left).sum()) > FRAME_DOUBLED * len(span):
            continue
        ends = [(a * t + b, t) for t in (0, along - 1)]
        pts = [(int(round(x)), int(round(t))) if vertical else (int(round(t)), int(round(x))) for x, t in ends]
        line = np.zeros((h, w), np.uint8)
        cv2.line(line, pts[0], pts[1], 1, int(2 * FRAME_FIT_PX + 3))
        side_dark = float(np.median(given_band[span]))  # the frame's grey as the input shows it
        out |= line & (ink.answer_dark.astype(np.float32) - side_dark < NEW_INK)
    return out > 0


def _annotation_kind(dark: np.ndarray, ink_px: np.ndarray, key_points: list[tuple[float, float]], tol: float
                     ) -> str:
    """What one mark written on blank paper at a key point is: ``point`` (a dot or small cross on the point
    itself, centred within half a tolerance of it and at most 2 tolerances across), ``label`` (text reading as
    a point's name: a letter, maybe followed by primes or digits, at ``LABEL_MIN_SCORE``; a V, a tick's
    shape, at ``LABEL_TICK_MIN_SCORE``; an O, read as a letter or a zero, at ``LABEL_O_MIN_SCORE``),
    ``unsure`` (a letter read with less confidence, or no recogniser installed) or ``mark`` (anything else: a
    tick, a scribble, a digit, a dot beside the point). ``dark``: the answer's darkness map, ``ink_px``: the
    mark's pixels (bool)."""
    ys, xs = np.nonzero(ink_px)
    if not len(xs):
        return "mark"
    extent = max(int(xs.max() - xs.min()) + 1, int(ys.max() - ys.min()) + 1)
    cx, cy = float(xs.mean()), float(ys.mean())
    if extent <= 2 * tol and any(math.hypot(cx - x, cy - y) <= max(3.0, 0.5 * tol) for x, y in key_points):
        return "point"
    from genpuzzle.verifiers.ocr import ocr_available, read_cell

    if not ocr_available():
        return "unsure"
    pad = max(4, extent // 3)
    y0, y1 = max(0, int(ys.min()) - pad), int(ys.max()) + pad + 1
    x0, x1 = max(0, int(xs.min()) - pad), int(xs.max()) + pad + 1
    own = cv2.dilate(ink_px[y0:y1, x0:x1].astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    crop = np.where(own, 255 - np.clip(dark[y0:y1, x0:x1], 0, 255), 255).astype(np.uint8)
    reading = read_cell(crop)
    text, score = reading.text, reading.score
    letter = bool(text) and text[0].isascii() and text[0].isalpha() and all(
        ch.isascii() and (ch.isalnum() or ch in "'`") for ch in text)
    if text in ("O", "o", "0") and score >= LABEL_O_MIN_SCORE:
        return "label"
    if letter and score >= (LABEL_TICK_MIN_SCORE if text in ("V", "v") else LABEL_MIN_SCORE):
        return "label"
    if letter and score >= LABEL_UNSURE_SCORE:
        return "unsure"
    return "mark"


def construction_marks(ink: Ink, geoms: list[dict[str, Any]], excused: np.ndarray, annotations: np.ndarray,
                       tol: float, side: float, key_points: list[tuple[float, float]] = (),
                       given: np.ndarray | None = None) -> tuple[list[Any], list[list[int]]]:
    """Marks the answer adds to a construction that no drawn object's stroke (:func:`stroke_explained`,
    with the merged ink where two strokes meet: :func:`_corner_fill`), no given ink (within a tolerance) and
    nothing already charged (``excused``) explains, sized in tolerances (``MARK_PARAMS``). A mark at least
    ``ANNOTATION_SHARE`` of whose ink lies in an annotation zone (``annotations``, round the ``key_points``)
    is an annotation when it reads as one (:func:`_annotation_kind`: the point marked, or its name written),
    all of it; one that reads unsure is returned apart; so is the rest of a mark part of which is
    ``excused``. ``given``: :func:`given_zone` when the caller has it. Returns (:class:`genpuzzle.ink.Mark` s,
    boxes of the unsure annotations)."""
    from genpuzzle.ink import added_darkness, detached_ink, disc_mask, unexplained_marks

    # darker than any input ink nearby: a light grid line of the input, JPEG-darkened, adds nothing
    added = added_darkness(ink.answer_dark, ink.input_dark, max(2, round(NEAR_INPUT_FRACTION * max(ink.new.shape))))
    sure = (added >= NEW_INK) & ~ink.near_input  # not opened like ink.new: a 2 px pen's diagonal stays whole
    faint = (added >= MARK_FAINT) & ~ink.near_input
    # a piece apart from the given ink by paper, beside given ink still in place, is not that ink moved (a dot
    # drawn 5 px from a given line, inside the tolerances below; rubric 14)
    detached = detached_ink(ink.answer_dark >= MARK_FAINT, ink.input_dark >= FAINT_GIVEN, int(round(tol)))
    sure |= detached & (ink.answer_dark >= NEW_INK)
    faint |= detached
    # the strokes measured at the faint level, so that their own blurred fringe is theirs
    # a mark within a tolerance of the given figure is not told from it (a registration left a page edge's
    # frame line 7 px off under a perspective redraw: a thin line along the frame)
    given = given_zone(ink, tol) if given is None else given
    strokes = stroke_explained(faint | sure, geoms, 1.5 * tol, int(round(STROKE_WINDOW_FRACTION * side))) & (
        faint | sure)
    merged, wedge = _corner_fill(geoms, faint | sure | given, tol)
    explained = ((given | ink.near_input) & ~detached) | excused | strokes | merged | (wedge & ~sure)
    # a dot on a key point marks the point (a label written next to it is read on its own below)
    explained |= disc_mask(explained.shape, list(key_points), POINT_MARKER_TOL * tol)
    free = ((sure | faint) & ~explained).astype(np.uint8)
    given_ink = cv2.dilate((ink.input_dark >= INPUT_INK).astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
    lazy: list[np.ndarray] = []  # (computed once, for the first mark that may be an annotation)

    def core_and_loose() -> list[np.ndarray]:
        """The strokes along the objects as given (not past a segment's ends nor along a line's extension)
        as components (labels, stats), and the rest of the added ink with its components."""
        if not lazy:
            core = stroke_explained(faint | sure, geoms, 1.5 * tol, int(round(STROKE_WINDOW_FRACTION * side)),
                                    extend=0.0) & (faint | sure)
            mask = (ink.answer_dark >= MARK_FAINT) & ~given_ink & ~excused & ~core
            _, core_labels, core_stats, _ = cv2.connectedComponentsWithStats(core.astype(np.uint8), connectivity=8)
            lazy[:] = [core_labels, core_stats, mask, cv2.connectedComponents(mask.astype(np.uint8),
                                                                              connectivity=8)[1]]
        return lazy

    def on_a_stroke(own: np.ndarray) -> bool:
        """Whether the mark lies against a drawn stroke that runs on past it (a label written over the
        answer's own line), not only against the strip of itself the stroke model took."""
        core_labels, core_stats, _, _ = core_and_loose()
        ys, xs = np.nonzero(own)
        near = cv2.dilate(own.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
        for k in np.unique(core_labels[near & (core_labels > 0)]):
            x, y, w, h = (int(v) for v in core_stats[k][:4])
            if x < xs.min() - 3 or y < ys.min() - 3 or x + w > xs.max() + 4 or y + h > ys.max() + 4:
                return True
        return False

    def whole_of(own: np.ndarray) -> np.ndarray:
        """A mark read whole: also its ink past a stroke's end (a stroke is explained a little past its
        ends) and near the given figure's ink (off that ink itself), which the checks above leave to them."""
        _, _, mask, labels_ = core_and_loose()
        return (np.isin(labels_, np.unique(labels_[own & (labels_ > 0)])) & mask) | own

    unsure_boxes: list[list[int]] = []
    if (annotations.any() or excused.any()) and free.any():
        join = max(1, int(round(MARK_PARAMS["join"] * tol)))
        joined = cv2.dilate(free, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * join + 1,) * 2))
        count, labels = cv2.connectedComponents(joined, connectivity=8)
        ink_labels = labels[free > 0]
        total = np.bincount(ink_labels, minlength=count)
        inside = np.bincount(ink_labels, weights=(annotations[free > 0] > 0).astype(np.float64), minlength=count)
        written = []
        for k in range(1, count):
            if not total[k] or inside[k] < ANNOTATION_SHARE * total[k]:
                continue
            own = (labels == k) & (free > 0)
            ys, xs = np.nonzero(own)
            extent = max(int(xs.max() - xs.min()) + 1, int(ys.max() - ys.min()) + 1)
            if extent < MARK_PARAMS["min_extent"] * tol or len(xs) < MARK_PARAMS["min_area"] * tol * tol:
                continue  # too small to be a mark either way
            # against a drawn stroke: a label written over the answer's own line (its hidden part unreadable)
            # or a right-angle mark, as likely as a mark -- left as an annotation (a known limit)
            kind = "label" if not key_points or on_a_stroke(own) else _annotation_kind(
                ink.answer_dark, whole_of(own), list(key_points), tol)
            if kind in ("point", "label"):
                written.append(k)
            elif kind == "unsure":
                written.append(k)
                unsure_boxes.append([int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1])
        # the rest of a mark the extra-ink check charged in part is that mark, not another
        written += [int(k) for k in np.unique(labels[excused & (joined > 0)]) if k > 0]
        if written:
            explained = explained | np.isin(labels, written)
    return unexplained_marks(sure, faint, explained, tol, params=MARK_PARAMS), unsure_boxes


# ------------------------------------------------------------------------------------------ page


def given_kept(ink: Ink, boxes: dict[str, list[int]], size: int, dark: int = 50) -> tuple[float, dict[str, float]]:
    """Share of the given figure's ink still inked in the answer (answer darkness >= ``dark`` within a few px):
    overall (outside the label boxes) and per label box."""
    r = max(2, round(0.006 * size))
    near_answer = cv2.dilate((ink.answer_dark >= dark).astype(np.uint8),
                             cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1,) * 2)) > 0
    given = ink.input_dark >= 120
    in_labels = np.zeros_like(given)
    per_label = {}
    for name, (x0, y0, x1, y1) in boxes.items():
        sub = given[max(0, y0):y1, max(0, x0):x1]
        in_labels[max(0, y0):y1, max(0, x0):x1] = True
        per_label[name] = float(near_answer[max(0, y0):y1, max(0, x0):x1][sub].mean()) if sub.any() else 1.0
    fig = given & ~in_labels
    return (float(near_answer[fig].mean()) if fig.any() else 1.0), per_label


FILL_OVER_GIVEN = 25  # answer darkness of a light fill over a given line (a pastel: 40-60 at full contrast)
RELABEL_NEW_SHARE = 0.2  # a label box whose ink differs this much (share of the given letter's ink) is re-read


def relabelled(ink: Ink, boxes: dict[str, list[int]], size: int) -> tuple[list[Violation], list[str]]:
    """Given one-letter labels written over: where a label box holds ink away from the given letter's
    or given ink no longer inked (``RELABEL_NEW_SHARE`` of its ink or more, at 1 px), the box is read
    by the text recogniser: the given letter in any hand passes; another letter at ``LABEL_MIN_SCORE`` is
    ``input_changed``; anything else is unsure (review). (Before, only a label's lost ink was checked, so a
    vertex relabelled in place -- an A overwritten by a P -- kept most of the A's pixels inked and passed.)"""
    violations: list[Violation] = []
    unsure: list[str] = []
    # a letter redrawn over a letter stays within given_kept's few px: compare at 1 px (registration's
    # residual), and let the recogniser decide whatever differs
    disk = np.ones((3, 3), np.uint8)
    given = ink.input_dark >= 120
    for name, (x0, y0, x1, y1) in boxes.items():
        if len(name) != 1 or not name.isalpha():
            continue
        pad = max(3, (y1 - y0) // 4)
        bx0, by0, bx1, by1 = max(0, x0 - pad), max(0, y0 - pad), x1 + pad, y1 + pad
        own = given[by0:by1, bx0:bx1]
        answer_ink = ink.answer_dark[by0:by1, bx0:bx1] >= 120
        away = answer_ink & ~(cv2.dilate(own.astype(np.uint8), disk) > 0)
        lost = own & ~(cv2.dilate(answer_ink.astype(np.uint8), disk) > 0)
        if not own.any() or max(away.sum(), lost.sum()) < max(8, RELABEL_NEW_SHARE * own.sum()):
            continue
        from genpuzzle.verifiers.ocr import ocr_available, read_cell

        if not ocr_available():
            unsure.append(f"label {name!r} redrawn (no text recogniser)")
            continue
        crop = (255 - np.clip(ink.answer_dark[by0:by1, bx0:bx1], 0, 255)).astype(np.uint8)
        reading = read_cell(crop)
        text = (reading.text or "").strip()
        same = {name.upper()} | ({"0"} if name.upper() == "O" else set())
        if text.upper() in same:
            continue
        if len(text) == 1 and text.isascii() and text.isalpha() and reading.score >= LABEL_MIN_SCORE:
            violations.append(Violation("input_changed", f"the label {name!r} now reads {text!r}",
                                        {"label": name, "read": text, "score": round(float(reading.score), 3),
                                         "bbox": [bx0, by0, bx1, by1]}))
        else:
            unsure.append(f"label {name!r} redrawn, read {text!r} ({reading.score:.2f})")
    return violations, unsure


def extra_components(extra: np.ndarray, min_px: int) -> tuple[int, list[list[int]]]:
    opened = cv2.morphologyEx(extra.astype(np.uint8), cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    count, _, stats, _ = cv2.connectedComponentsWithStats(opened, connectivity=8)
    keep = [stats[i] for i in range(1, count) if stats[i, cv2.CC_STAT_AREA] >= min_px]
    px = int(sum(s[cv2.CC_STAT_AREA] for s in keep))
    boxes = [[int(s[0]), int(s[1]), int(s[0] + s[2]), int(s[1] + s[3])] for s in keep]
    return px, boxes


# ------------------------------------------------------------------------------------------ constructions


@dataclass
class Check:
    """What a check found: violations, the measured fractions behind the five dimensions, unsure readings."""

    violations: list[Violation]
    dims: dict[str, float]
    unsure: list[str]
    parsed: dict[str, Any]
    answered: bool


def check_construction(ink: Ink, truth: dict[str, Any], layout: dict[str, Any], rubric: dict[str, Any],
                       observed: np.ndarray | None = None) -> Check:
    """``observed``: where the registered answer shows the answer's page (registration's ``valid``; elsewhere
    it shows the input), for :func:`frame_zone`."""
    frame = layout["frame"]
    size = max(ink.new.shape)
    tol = layout["tolerance_px"]
    fb = layout["figure_bbox"]
    side = float(max(fb[2] - fb[0], fb[3] - fb[1]))
    elements, candidates = truth["elements"], truth["candidates"]
    none = np.zeros(ink.new.shape, bool)
    readings = [classify_element(ink, e, candidates, frame, tol, side, none) for e in elements]
    # a fit near one element must not take the ink of another element drawn right
    taken = np.zeros(ink.new.shape, np.uint8)
    for e, rd in zip(elements, readings):
        if rd.state == "accurate":
            paint(taken, element_px(e, frame), 3 * tol)
    if taken.any():
        readings = [rd if rd.state == "accurate" else classify_element(ink, e, candidates, frame, tol, side, taken > 0)
                    for e, rd in zip(elements, readings)]
    explained = ink.near_input.copy().astype(np.uint8)
    band = 3 * tol
    drawn: list[dict[str, Any]] = []  # the objects the answer's strokes are read as
    for e, rd in zip(elements, readings):
        if rd.state in ("accurate", "unsure"):
            drawn.append(element_px(e, frame))
        elif rd.state == "wrong":
            drawn.append(element_px(next(c for c in candidates if c["name"] == rd.drawn_as), frame))
        elif rd.state == "inaccurate" and rd.fitted:
            drawn.append(rd.fitted)
    for o in truth.get("optional", []):
        g = element_px(o, frame)
        if geom_coverage(ink, g, tol) >= UNSURE:
            drawn.append(g)
    for g in drawn:
        paint(explained, g, band)
    annotations = np.zeros_like(explained)
    ann = max(6, round(ANNOTATION_FRACTION * side))
    for p in truth.get("annotations", []):
        x, y = to_px(frame, p)
        cv2.circle(annotations, (int(round(x)), int(round(y))), ann, 1, -1)
    explained |= annotations
    new_px = int(ink.new.sum())
    given = given_zone(ink, tol) | frame_zone(ink, tol, observed)
    extra = ink.new & (explained == 0) & ~given
    extra_px, boxes = extra_components(extra, rubric["extra_ink_min_component_px"])
    violations: list[Violation] = []
    unsure = []
    # every other mark: ink beside or across a drawn stroke that the wide band above forgives (a 7 written
    # next to the line, a tick on it), unless the extra-ink check already charged it
    charged = np.zeros_like(explained)
    if extra_px >= rubric["extra_ink_min_px"]:
        for x0, y0, x1, y1 in boxes:
            charged[y0:y1, x0:x1] = extra[y0:y1, x0:x1]
    key_points = [to_px(frame, p) for p in truth.get("annotations", [])]
    marks, unsure_notes = construction_marks(ink, drawn, charged > 0, annotations, tol, side, key_points, given)
    violations += _stray_mark_violations(marks, tol, "no drawn object, given ink or annotation")
    unsure += [f"faint mark at {m.bbox}" for m in marks if not m.sure]
    unsure += [f"unread annotation at {box}" for box in unsure_notes]
    mark_px = sum(m.sure_px for m in marks if m.sure)
    for rd in readings:
        if rd.state == "wrong":
            violations.append(Violation("wrong_element", f"the {rd.drawn_as} is drawn instead of the {rd.name}",
                                        {"element": rd.name, "drawn": rd.drawn_as, "coverage": round(rd.coverage, 3),
                                         **rd.diagnosis}))
        elif rd.state == "inaccurate":
            violations.append(Violation("inaccurate_element", f"the {rd.name} is off: {describe(rd)}",
                                        {"element": rd.name, "coverage": round(rd.coverage, 3), **rd.diagnosis}))
        elif rd.state == "missing" and new_px:
            violations.append(Violation("missing_element", f"the {rd.name} is not drawn",
                                        {"element": rd.name, "coverage": round(rd.coverage, 3)}))
        elif rd.state == "unsure":
            unsure.append(rd.name)
    if extra_px >= rubric["extra_ink_min_px"]:
        wrong_drawn = {rd.drawn_as for rd in readings}
        also = [c["name"] for c in candidates if c["name"] not in wrong_drawn
                and geom_coverage(ink, element_px(c, frame), tol) >= DRAWN]
        violations.append(Violation("extra_ink", f"{extra_px} px of ink belong to no required object"
                                    + (f" (also drawn: {', '.join(also)})" if also else ""),
                                    {"px": extra_px, "share": round(extra_px / max(1, new_px), 3), "boxes": boxes[:8],
                                     "also_drawn": also}))
    n = len(readings)
    states = [rd.state for rd in readings]
    kept, labels_kept = given_kept(ink, layout["labels"], size)
    violations += _input_violations(kept, labels_kept, rubric)
    relabels, unsure_labels = relabelled(ink, layout["labels"], size)
    violations += relabels
    unsure += unsure_labels
    answered = new_px >= rubric["extra_ink_min_px"]
    dims = {
        "instruction_following": sum(s in ("accurate", "inaccurate", "unsure") for s in states) / n,
        "visual_structure": sum(s != "missing" for s in states) / n * kept_credit(kept, rubric),
        "reasoning_correctness": sum(s == "accurate" for s in states) / n,
        "text_symbol_accuracy": labels_credit(labels_kept, rubric),
        "clarity": 1.0 - (min(new_px, charged_extra(extra_px, rubric) + mark_px) / new_px if new_px else 0.0),
    }
    parsed = {"elements": [{"name": rd.name, "state": rd.state, "coverage": round(rd.coverage, 3),
                            **({"drawn_as": rd.drawn_as} if rd.drawn_as else {}), **rd.diagnosis} for rd in readings],
              "new_ink_px": new_px, "extra_ink_px": extra_px, "figure_kept": round(kept, 3)}
    if marks:
        parsed["marks"] = [m.to_json(tol) for m in marks[:8]]
    return Check(violations, dims, unsure, parsed, answered)


def kept_credit(kept: float, rubric: dict[str, Any]) -> float:
    """The credit for the given figure's kept share: whole where no ``input_changed`` is charged (a blurred or
    re-encoded page keeps 0.99 of it: the figure is kept, and a score under 100 with no rule named is no verdict),
    the share itself below that threshold (rubric 13)."""
    return 1.0 if kept >= rubric["input_changed_below_kept"] else kept


def labels_credit(labels_kept: dict[str, float], rubric: dict[str, Any]) -> float:
    """The mean credit for the given labels: a label kept above ``label_changed_below_kept`` counts whole (rubric 13)."""
    if not labels_kept:
        return 1.0
    return float(np.mean([1.0 if k >= rubric["label_changed_below_kept"] else k for k in labels_kept.values()]))


def charged_extra(extra_px: int, rubric: dict[str, Any]) -> int:
    """The extra ink that costs clarity: what ``extra_ink`` charges (``extra_ink_min_px`` or more), else none: a few
    px of stray pixels no rule charges take no points (rubric 13)."""
    return extra_px if extra_px >= rubric["extra_ink_min_px"] else 0


def _input_violations(kept: float, labels_kept: dict[str, float], rubric: dict[str, Any]) -> list[Violation]:
    out = []
    if kept < rubric["ignored_input_below_kept"]:
        out.append(Violation("ignored_input_image", f"only {kept:.0%} of the given figure is left",
                             {"kept": round(kept, 3)}))
    elif kept < rubric["input_changed_below_kept"]:
        out.append(Violation("input_changed", f"only {kept:.0%} of the given figure is left", {"kept": round(kept, 3)}))
    for name, k in labels_kept.items():
        if k < rubric["label_changed_below_kept"]:
            out.append(Violation("input_changed", f"the label {name!r} was erased or changed",
                                 {"label": name, "kept": round(k, 3)}))
    return out


def check_shading(ink: Ink, answer: np.ndarray, truth: dict[str, Any], layout: dict[str, Any],
                  rubric: dict[str, Any]) -> Check:
    """Shade k/m: any set of the right number of cells is accepted (read by the shared cell reader)."""
    from genpuzzle.verifiers.cells import FILLED, UNSURE as CELL_UNSURE, read_marks

    cells = layout["cells"]
    reading = read_marks(answer, grid_bbox=cells["grid_bbox"], rows=cells["rows"], cols=cells["cols"])
    states = list(reading.states)
    shaded = sum(s == FILLED for s in states)
    unsure_cells = [k for k, s in enumerate(states) if s == CELL_UNSURE]
    target, total = truth["shade_cells"], cells["rows"] * cells["cols"]
    violations: list[Violation] = []
    size = max(ink.new.shape)
    x0, y0, x1, y1 = cells["grid_bbox"]
    inside = np.zeros(ink.new.shape, bool)
    inside[max(0, y0 - 4):y1 + 4, max(0, x0 - 4):x1 + 4] = True
    new_px = int(ink.new.sum())
    extra = ink.new & ~inside
    extra_px, boxes = extra_components(extra, rubric["extra_ink_min_component_px"])
    charged = np.zeros(ink.new.shape, bool)
    if extra_px >= rubric["extra_ink_min_px"]:
        for bx0, by0, bx1, by1 in boxes:
            charged[by0:by1, bx0:bx1] = extra[by0:by1, bx0:bx1]
    marks = shading_marks(ink, reading.evidence, states, charged, layout["tolerance_px"])
    state = "accurate" if shaded == target and not unsure_cells else "unsure" if unsure_cells else \
        "missing" if shaded == 0 else "wrong"
    frac = Fraction(shaded, total)
    if state == "wrong":
        violations.append(Violation("wrong_element", f"{shaded} of {total} cells shaded (= {frac}), "
                                    f"{truth['fraction']} needs {target}",
                                    {"element": "shading", "shaded": shaded, "needed": target, "drawn": f"{frac}"}))
    elif state == "missing" and new_px:
        violations.append(Violation("missing_element", "no cell is shaded", {"element": "shading"}))
    if extra_px >= rubric["extra_ink_min_px"]:
        violations.append(Violation("extra_ink", f"{extra_px} px of ink outside the figure",
                                    {"px": extra_px, "boxes": boxes[:8]}))
    tol = layout["tolerance_px"]
    violations += _stray_mark_violations(marks, tol, "no shaded cell or given ink")
    mark_px = sum(m.sure_px for m in marks if m.sure)
    kept, labels_kept = given_kept(ink, layout["labels"], size)
    violations += _input_violations(kept, labels_kept, rubric)
    relabels, unsure_labels = relabelled(ink, layout["labels"], size)
    violations += relabels
    drawn = shaded > 0
    dims = {"instruction_following": 1.0 if drawn else 0.0,
            "visual_structure": (1.0 if drawn else 0.0) * kept_credit(kept, rubric),
            "reasoning_correctness": 1.0 if state == "accurate" else
            max(0.0, 1 - abs(shaded - target) / total) * 0.5 if drawn else 0.0,
            "text_symbol_accuracy": labels_credit(labels_kept, rubric),
            "clarity": 1.0 - (min(new_px, charged_extra(extra_px, rubric) + mark_px) / new_px if new_px else 0.0)}
    parsed = {"cells": [states[r * cells["cols"]:(r + 1) * cells["cols"]] for r in range(cells["rows"])],
              "shaded": shaded, "needed": target, "new_ink_px": new_px, "extra_ink_px": extra_px}
    if marks:
        parsed["marks"] = [m.to_json(tol) for m in marks[:8]]
    unsure = ([f"cell {k}" for k in unsure_cells] + [f"faint mark at {m.bbox}" for m in marks if not m.sure]
              + unsure_labels)
    return Check(violations, dims, unsure, parsed, drawn or new_px >= rubric["extra_ink_min_px"])


def shading_marks(ink: Ink, cell_evidence: list[dict[str, Any]], states: list[str], charged: np.ndarray,
                  tol: float) -> list[Any]:
    """Marks a shading answer adds that no shaded (or unsure) cell, no given ink (within a tolerance) and no
    extra ink already ``charged`` explains, sized in tolerances (``MARK_PARAMS``, as for constructions). A
    shading answer names no points, so a dot, a digit or a scribble in a blank cell or beside the figure is
    no part of it. A shaded cell's fill is its own up to a tolerance past the cell (over its edge line)."""
    from genpuzzle.verifiers.cells import FILLED, UNSURE as CELL_UNSURE
    from genpuzzle.ink import added_darkness, unexplained_marks

    added = added_darkness(ink.answer_dark, ink.input_dark, max(2, round(NEAR_INPUT_FRACTION * max(ink.new.shape))))
    sure = (added >= NEW_INK) & ~ink.near_input
    faint = (added >= MARK_FAINT) & ~ink.near_input
    explained = given_zone(ink, tol) | ink.near_input
    h, w = explained.shape
    pad = int(round(tol))
    for ev, st in zip(cell_evidence, states):
        if st in (FILLED, CELL_UNSURE) and "box" in ev:
            x0, y0, x1, y1 = ev["box"]
            explained[max(0, int(y0) - pad):min(h, int(y1) + pad + 1), max(0, int(x0) - pad):min(w, int(x1) + pad + 1)] = True
    if charged.any():
        # the rest of a mark the extra-ink check charged in part (its fringe) is that mark, not another
        free = ((sure | faint) & ~explained).astype(np.uint8)
        join = max(1, int(round(MARK_PARAMS["join"] * tol)))
        count, labels = cv2.connectedComponents(cv2.dilate(free, cv2.getStructuringElement(
            cv2.MORPH_ELLIPSE, (2 * join + 1,) * 2)), connectivity=8)
        hit = np.unique(labels[charged])
        explained |= charged | np.isin(labels, hit[hit > 0])
    return unexplained_marks(sure, faint, explained, tol, params=MARK_PARAMS)


# ------------------------------------------------------------------------------------------ lattices


LINE_STEP = 70  # a cut line is this much darker than the cells beside it
LINE_OVER_GIVEN = 45  # ... and this much darker than the given grid line there
CUT = 0.6  # share of an edge's length inked from which it is cut
NO_CUT = 0.3  # ... up to which it is not
COLOUR_SAME = 22.0  # Lab distance (OpenCV's 8-bit scale, at full contrast) under which two filled cells have the same colour
PAPER_DISTANCE = 16.0  # a cell whose median colour is this far from the paper (at full contrast) is filled
# a washed-out page shrinks every colour difference by its contrast: both thresholds are scaled by the page's
# contrast, and a distance within this factor of a scaled threshold (either side) is unsure
COLOUR_BAND = 1.25
# a cell whose inner lightness spreads this much (std, OpenCV's 8-bit L, at full contrast) is textured
# (hatched, stippled): its edges' line shares pick up the texture's own strokes (a hatching along an edge looks
# like a cut line) and its median colour mixes stroke and paper, so beside a textured cell only a clear colour
# or hatching-direction difference cuts an edge, and only alike textures without a line there join
TEXTURED_STD = 20.0
TEXTURED_EDGE = 160.0  # Sobel lightness gradient (at full contrast) of a texture's stroke edges ...
TEXTURED_EDGES = 0.3  # ... over at least this share of the cell's inner part
TEXTURED_PAGE = 0.75  # the texture rules apply on a page with at least this share of its cells textured
TEXTURED_SAME = 4.0  # colour distance under COLOUR_SAME / this between textured cells: surely the same region
TEXTURED_TURN = math.radians(15)  # ... when their textures also run within this angle of each other
CONTRAST_INK = 128  # input darkness from which a pixel is given ink whose answer darkness measures the contrast
MIN_CONTRAST = 0.25  # contrast estimates are clipped to [MIN_CONTRAST, 1]


@dataclass
class PartitionReading:
    labels: np.ndarray  # per cell, -1 removed
    unsure_edges: list[tuple[int, int, int]]  # (r, c, 0 right / 1 down)
    line_cuts: int
    colour_cuts: int
    filled: int
    valid: bool | None  # None: depends on unsure edges
    checks: list[tuple[str, bool, str]]


def _edge_line_share(a: np.ndarray, i: np.ndarray, g: dict[str, Any], r: int, c: int, down: int) -> float:
    x0, y0 = g["grid_bbox"][:2]
    cell = g["cell_px"]
    hw = max(3, round(0.15 * cell))
    lo, hi = round(0.2 * cell), round(0.8 * cell)
    inner0, inner1 = round(0.25 * cell), round(0.42 * cell)
    if down == 0:  # vertical edge right of (r, c)
        x = round(x0 + (c + 1) * cell)
        ys = np.arange(round(y0 + r * cell) + lo, round(y0 + r * cell) + hi)
        band = a[ys][:, x - hw:x + hw + 1]
        gband = i[ys][:, x - hw:x + hw + 1]
        side = np.concatenate([a[ys][:, x - inner1:x - inner0], a[ys][:, x + inner0:x + inner1]], axis=1)
    else:
        y = round(y0 + (r + 1) * cell)
        xs = np.arange(round(x0 + c * cell) + lo, round(x0 + c * cell) + hi)
        band = a[y - hw:y + hw + 1][:, xs].T
        gband = i[y - hw:y + hw + 1][:, xs].T
        side = np.concatenate([a[y - inner1:y - inner0][:, xs].T, a[y + inner0:y + inner1][:, xs].T], axis=1)
    if band.size == 0:
        return 0.0
    peak = band.max(axis=1).astype(float)
    level = np.median(side, axis=1).astype(float)
    given = gband.max(axis=1).astype(float)
    inked = (peak >= level + LINE_STEP) & (peak >= given + LINE_OVER_GIVEN)
    # a dotted or dashed line is one line: gaps up to about a sixth of a cell are closed
    k = max(4, round(0.08 * cell))
    inked = np.convolve(inked.astype(float), np.ones(2 * k + 1), mode="same") > 0
    return float(inked.mean())


def page_contrast(ink: Ink, g: dict[str, Any]) -> float:
    """The answer page's contrast against the input: the median answer darkness over the given lattice's
    dark ink divided by the input's there, clipped to [MIN_CONTRAST, 1] (ink drawn over the given lines
    only darkens them)."""
    x0, y0, x1, y1 = g["grid_bbox"]
    pad = max(4, round(0.1 * g["cell_px"]))
    ys, xs = slice(max(0, y0 - pad), y1 + pad), slice(max(0, x0 - pad), x1 + pad)
    given = ink.input_dark[ys, xs] >= CONTRAST_INK
    if not given.any():
        return 1.0
    ratio = float(np.median(ink.answer_dark[ys, xs][given])) / max(1.0, float(np.median(ink.input_dark[ys, xs][given])))
    return float(np.clip(ratio, MIN_CONTRAST, 1.0))


def _cell_colours(answer: np.ndarray, g: dict[str, Any], contrast: float = 1.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per cell: filled (its median colour in the inner cell is at least PAPER_DISTANCE * ``contrast`` from
    the paper's), whether that is unsure (the distance within COLOUR_BAND of the threshold) and the median
    Lab colour. The paper colour is the median of a ring of page just outside the lattice."""
    rows, cols = g["rows"], g["cols"]
    lab = cv2.cvtColor(np.ascontiguousarray(answer[:, :, :3]), cv2.COLOR_RGB2LAB).astype(float)
    cell = g["cell_px"]
    x0, y0, x1, y1 = g["grid_bbox"]
    h, w = lab.shape[:2]
    m = max(8, round(0.3 * cell))
    ring = np.concatenate([lab[max(0, y0 - 2 * m):max(0, y0 - m), x0:x1].reshape(-1, 3),
                           lab[min(h, y1 + m):min(h, y1 + 2 * m), x0:x1].reshape(-1, 3)])
    paper = np.median(ring, axis=0) if len(ring) else np.array([255.0, 128.0, 128.0])
    colours = np.zeros((rows, cols, 3))
    for r in range(rows):
        for c in range(cols):
            ys = slice(round(y0 + (r + 0.3) * cell), round(y0 + (r + 0.7) * cell))
            xs = slice(round(x0 + (c + 0.3) * cell), round(x0 + (c + 0.7) * cell))
            colours[r, c] = np.median(lab[ys, xs].reshape(-1, 3), axis=0)
    distance = np.linalg.norm(colours - paper[None, None, :], axis=2)
    threshold = PAPER_DISTANCE * contrast
    filled = distance >= threshold
    unsure = (distance >= threshold / COLOUR_BAND) & (distance < threshold * COLOUR_BAND)
    return filled, unsure, colours


def _cell_texture(answer: np.ndarray, g: dict[str, Any], contrast: float = 1.0
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per cell: whether its inner part (as :func:`_cell_colours` samples it) is textured (its lightness spread
    at least TEXTURED_STD * ``contrast``: hatched, stippled), its texture's orientation (radians mod pi, from
    the structure tensor of its lightness) and its mean Lab colour (a texture's median flips between stroke
    and paper with where the sample window falls; its mean does not)."""
    lab = cv2.cvtColor(np.ascontiguousarray(answer[:, :, :3]), cv2.COLOR_RGB2LAB)
    light = lab[:, :, 0].astype(np.float32)
    gx, gy = cv2.Sobel(light, cv2.CV_32F, 1, 0), cv2.Sobel(light, cv2.CV_32F, 0, 1)
    cell = g["cell_px"]
    x0, y0 = g["grid_bbox"][:2]
    spread = np.zeros((g["rows"], g["cols"]))
    angle = np.zeros((g["rows"], g["cols"]))
    mean = np.zeros((g["rows"], g["cols"], 3))
    for r in range(g["rows"]):
        for c in range(g["cols"]):
            ys = slice(round(y0 + (r + 0.3) * cell), round(y0 + (r + 0.7) * cell))
            xs = slice(round(x0 + (c + 0.3) * cell), round(x0 + (c + 0.7) * cell))
            a, b = gx[ys, xs].astype(float), gy[ys, xs].astype(float)
            edges = float((np.hypot(a, b) >= TEXTURED_EDGE * contrast).mean()) if a.size else 0.0
            # a texture is strokes all over the cell; a line or two crossing it (a wobbly cut) is not
            spread[r, c] = light[ys, xs].std() if light[ys, xs].size and edges >= TEXTURED_EDGES else 0.0
            mean[r, c] = lab[ys, xs].reshape(-1, 3).mean(axis=0) if light[ys, xs].size else 0.0
            angle[r, c] = 0.5 * math.atan2(2 * float((a * b).sum()), float((a * a).sum() - (b * b).sum())) % math.pi
    return spread >= TEXTURED_STD * contrast, angle, mean


def _components(rows: int, cols: int, removed: np.ndarray, cut) -> np.ndarray:
    parent = list(range(rows * cols))

    def find(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    for r in range(rows):
        for c in range(cols):
            if removed[r, c]:
                continue
            for dr, dc, down in ((0, 1, 0), (1, 0, 1)):
                rr, cc = r + dr, c + dc
                if rr < rows and cc < cols and not removed[rr, cc] and not cut(r, c, down):
                    parent[find(r * cols + c)] = find(rr * cols + cc)
    lab = np.array([find(k) for k in range(rows * cols)]).reshape(rows, cols)
    return np.where(removed, -1, lab)


def read_partition(answer: np.ndarray, ink: Ink, layout: dict[str, Any], identity: str,
                   params: dict[str, int]) -> PartitionReading:
    """Regions of the lattice: cells joined unless the edge between them is inked (a line darker than the
    given grid line and the cells beside it) or the two cells are filled in different colours (or one is
    filled and the other not). Edges neither clearly inked nor clearly blank and not decided by colour
    are unsure: every combination of them is tried, and the reading is sure only if all agree."""
    from genpuzzle.solvers.math_proof import check_partition

    g = layout["lattice"]
    rows, cols = g["rows"], g["cols"]
    removed = np.asarray(layout["removed"], bool)
    contrast = page_contrast(ink, g)
    filled, fill_unsure, colours = _cell_colours(answer, g, contrast)
    # (texture measured at full contrast: a washed-out page's thick lines are not a texture)
    textured, texture_angle, texture_colour = _cell_texture(answer, g)
    textured &= ~removed
    if textured.sum() < TEXTURED_PAGE * (~removed).sum():
        textured[:] = False  # a few cells crossed by thick or wobbly lines: the page's regions are not hatched
    colours[textured] = texture_colour[textured]
    filled = (filled | textured) & ~removed  # a hatched or stippled cell is filled, with a pattern
    same_below = COLOUR_SAME * contrast
    line = {}
    colour = {}
    distance = {}
    for r in range(rows):
        for c in range(cols):
            for dr, dc, down in ((0, 1, 0), (1, 0, 1)):
                rr, cc = r + dr, c + dc
                if rr >= rows or cc >= cols or removed[r, c] or removed[rr, cc]:
                    continue
                line[(r, c, down)] = _edge_line_share(ink.answer_dark, ink.input_dark, g, r, c, down)
                if filled[r, c] and filled[rr, cc]:
                    d = float(np.linalg.norm(colours[r, c] - colours[rr, cc]))
                    distance[(r, c, down)] = d
                    colour[(r, c, down)] = None if same_below / COLOUR_BAND <= d < same_below * COLOUR_BAND \
                        else d >= same_below
                elif filled[r, c] != filled[rr, cc]:
                    colour[(r, c, down)] = None if fill_unsure[r, c] or fill_unsure[rr, cc] else True
    all_lines = bool(line) and all(v >= CUT for v in line.values())
    decided: dict[tuple[int, int, int], bool] = {}
    unsure: list[tuple[int, int, int]] = []
    for key, share in line.items():
        by_colour = colour.get(key)
        r, c, down = key
        rr, cc = r + down, c + 1 - down
        if textured[r, c] or textured[rr, cc]:
            turn = abs(texture_angle[r, c] - texture_angle[rr, cc]) % math.pi
            alike = textured[r, c] and textured[rr, cc] and min(turn, math.pi - turn) <= TEXTURED_TURN
            apart = distance[key] >= same_below * COLOUR_BAND if key in distance else bool(by_colour)
            turned = textured[r, c] and textured[rr, cc] and min(turn, math.pi - turn) >= 2 * TEXTURED_TURN
            if apart or turned:  # another colour or another hatching direction: another region
                decided[key] = True
            elif alike and share <= NO_CUT and distance.get(key, 0.0) < same_below / TEXTURED_SAME:
                decided[key] = False
            else:  # a hatching along the edge looks like a cut line there, and its mixed colour may hide one
                unsure.append(key)
        elif all_lines and filled.sum() >= 0.9 * (~removed).sum():
            if by_colour is None and key in colour:
                unsure.append(key)  # a colour difference the page cannot resolve
            else:
                decided[key] = bool(by_colour)  # every grid edge redrawn dark: the colours decide
        elif share >= CUT or by_colour:
            decided[key] = True
        elif by_colour is False or (share <= NO_CUT and key not in colour):
            decided[key] = False
        else:
            unsure.append(key)
    if all_lines and filled.sum() < 0.9 * (~removed).sum():
        unsure = list(line)  # every edge looks cut and no colours to tell: nothing is sure
    line_cuts = sum(v >= CUT for v in line.values())
    colour_cuts = sum(bool(v) for v in colour.values())

    def labels_for(extra_cuts: set) -> np.ndarray:
        return _components(rows, cols, removed, lambda r, c, d: decided.get((r, c, d), False) or (r, c, d) in extra_cuts)

    base = labels_for(set())
    checks = check_partition(identity, params, base)
    valid: bool | None = all(ok for _, ok, _ in checks)
    if unsure:
        if len(unsure) > 8:
            valid = None
        else:
            outcomes = {all(ok for _, ok, _ in check_partition(identity, params, labels_for(
                {k for k, bit in zip(unsure, bits) if bit}))) for bits in product((0, 1), repeat=len(unsure))}
            valid = outcomes.pop() if len(outcomes) == 1 else None
    return PartitionReading(base, unsure, line_cuts, colour_cuts, int(filled.sum()), valid, checks)


def check_lattice(answer: np.ndarray, ink: Ink, truth: dict[str, Any], layout: dict[str, Any],
                  rubric: dict[str, Any]) -> Check:
    g = layout["lattice"]
    size = max(ink.new.shape)
    reading = read_partition(answer, ink, layout, truth["identity"], truth["params"])
    x0, y0, x1, y1 = g["grid_bbox"]
    inside = np.zeros(ink.new.shape, bool)
    pad = max(6, round(0.15 * g["cell_px"]))
    inside[max(0, y0 - pad):y1 + pad, max(0, x0 - pad):x1 + pad] = True
    # the new ink map misses cut lines drawn right on the given grid lines; count them from the reading
    new_px = int(ink.new.sum()) + reading.line_cuts
    extra_px, boxes = extra_components(ink.new & ~inside, rubric["extra_ink_min_component_px"])
    regions = len({int(v) for v in np.unique(reading.labels) if v >= 0})
    drawn = regions >= 2 or reading.filled > 0
    violations: list[Violation] = []
    failed = [(name, detail) for name, ok, detail in reading.checks if not ok]
    sure = reading.valid is not None
    if not drawn:
        if new_px:
            violations.append(Violation("missing_element", "no partition is drawn on the lattice",
                                        {"element": "partition", "regions": regions}))
    elif sure and not reading.valid:
        size_checks = {"region_count", "region_sizes", "rectangles"}
        code = "contradiction" if any(name in size_checks for name, _ in failed) else "wrong_element"
        text = "; ".join(detail for _, detail in failed)
        violations.append(Violation(code, ("the regions' areas do not add up to the identity's terms: "
                                           if code == "contradiction" else "the regions do not prove the identity: ")
                                    + text, {"element": "partition", "failed": [n for n, _ in failed],
                                             "regions": reading.labels.tolist(),
                                             "bbox": list(g["grid_bbox"])}))
    if extra_px >= rubric["extra_ink_min_px"]:
        violations.append(Violation("extra_ink", f"{extra_px} px of ink outside the lattice",
                                    {"px": extra_px, "boxes": boxes[:8]}))
    kept, labels_kept = given_kept(ink, layout["labels"], size)
    changed = _input_violations(kept, labels_kept, rubric)
    covered = False
    if drawn and any("label" not in v.evidence for v in changed):
        # a region's fill painted over the lattice's border hides the line without erasing it: the given figure
        # read as kept under the fill's lighter ink is unsure, not changed (a lavender fill over the border
        # measured 44-48 after a page's JPEG and rescale, the paper 0)
        under_fill = given_kept(ink, layout["labels"], size, FILL_OVER_GIVEN)[0]
        if not any("label" not in v.evidence for v in _input_violations(under_fill, {}, rubric)):
            changed = [v for v in changed if "label" in v.evidence]
            covered = True
    violations += changed
    passed = sum(ok for _, ok, _ in reading.checks) / max(1, len(reading.checks))
    holds = bool(reading.valid) and sure
    dims = {"instruction_following": 1.0 if drawn else 0.0,
            "visual_structure": (1.0 if drawn else 0.0) * kept_credit(kept, rubric),
            "reasoning_correctness": 1.0 if holds else (min(passed, 0.5) if drawn else 0.0),
            "text_symbol_accuracy": labels_credit(labels_kept, rubric),
            "clarity": 1.0 - (charged_extra(extra_px, rubric) / new_px if new_px else 0.0)}
    parsed = {"regions": reading.labels.tolist(), "region_count": regions, "line_cuts": reading.line_cuts,
              "colour_cuts": reading.colour_cuts, "filled_cells": reading.filled,
              "unsure_edges": [list(e) for e in reading.unsure_edges],
              "checks": [{"check": n, "holds": ok, "detail": d} for n, ok, d in reading.checks],
              "new_ink_px": new_px, "extra_ink_px": extra_px}
    unsure = [] if sure else [f"edge {e}" for e in reading.unsure_edges] or ["partition"]
    if covered:
        unsure.append(f"the given figure under a fill ({kept:.0%} of it inked as dark as a line)")
    return Check(violations, dims, unsure, parsed, drawn or new_px >= rubric["extra_ink_min_px"])


# ------------------------------------------------------------------------------------------ score


CAP_OF = {"wrong_element": "wrong_final_answer", "contradiction": "mathematical_contradiction"}


def cap_violations(check: Check, truth_elements: int | None = None) -> list[Violation]:
    """GenPuzzle's cap codes implied by the readings (each names the violation or state behind it)."""
    out = []
    codes = {v.code for v in check.violations}
    for code, cap in CAP_OF.items():
        if code in codes:
            first = next(v for v in check.violations if v.code == code)
            out.append(Violation(cap, f"capped: {first.message}", {"because": code}))
    if not check.answered:
        out.append(Violation("empty_or_irrelevant_output", "nothing new is drawn", {}))
    elif check.dims["visual_structure"] == 0 and "ignored_input_image" not in codes:
        out.append(Violation("missing_core_visual_structure", "none of the required objects is drawn", {}))
    return out


def math_proof_score(dims: dict[str, float], violations: list[Violation], rubric: dict[str, Any],
                     answered: bool) -> float:
    """Weighted sum of the five dimensions (fractions 0..1; the text and clarity dimensions only count when
    something is answered), the fatal-error caps, and at most 99 with any violation."""
    weights = {d["name"]: d["weight"] for d in rubric["dimensions"]}
    score = 0.0
    for k, w in weights.items():
        v = min(1.0, max(0.0, dims[k]))
        if k in ("text_symbol_accuracy", "clarity") and not answered:
            v = 0.0
        score += w * v
    codes = {v.code for v in violations}
    for entry in rubric["fatal_errors"]:
        if entry["code"] in codes:
            score = min(score, 0.0 if entry["effect"] == "zero" else float(entry["cap"]))
    if violations:
        score = min(score, 99.0)
    return round(score, 2)


def _stray_mark_violations(marks: list, tol: float, not_what: str) -> list[Violation]:
    """One ``stray_mark`` naming the sure ``marks`` (those that are ``not_what``), with evidence; [] if none."""
    from genpuzzle.ink import describe as describe_mark

    sure_marks = [m for m in marks if m.sure]
    if not sure_marks:
        return []
    return [Violation("stray_mark", f"{len(sure_marks)} mark(s) that are {not_what}: "
                      f"{describe_mark(sure_marks[0], tol, 'tolerance')}",
                      {"marks": [m.to_json(tol) for m in sure_marks[:8]], "bbox": sure_marks[0].bbox,
                       "tolerance_px": round(float(tol), 2)})]
