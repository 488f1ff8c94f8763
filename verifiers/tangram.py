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
from genpuzzle.solvers.tangram import edge_angle_candidates, kind_of, overlap_area_bounds

PANEL_TRIM = 6  # px trimmed inside the silhouette panel so its frame never enters the colour masks
# Precision grid (px) of the measuring overlays: snap-rounding overlays are robust where floating ones
# are not (GEOS 3.14 returns a whole square as triangle & square when they share an edge exactly).
GRID_PX = 1e-3


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
    method: str = "colour"  # colour: pieces told apart by their tray hues; shape: faces matched by shape
    band: float = 0.0  # px of outline allowance: a face's edge is known to +-band (where a stroke was split)
    stroke_fraction: float = 0.0  # thin unassigned ink (outline strokes) over the pieces' pixel area
    extra: list[shapely.Geometry] = field(default_factory=list)  # drawn faces no piece explains
    # shape reading: ink of one face's colour lying where it is taken for another face's outline, or
    # left to no face (a piece's tip drawn over a neighbour or beyond the silhouette)
    foreign: shapely.Geometry = field(default_factory=Polygon)
    # colour reading: saturated pixels no piece took (a blend of two piece colours that a strong JPEG left
    # off every piece's hue): where the silhouette is uncovered, such a pixel is not known to be uncovered
    unread_colour: shapely.Geometry = field(default_factory=Polygon)
    # shape reading: pieces read from paper-coloured faces (outlines round a white or cream inside)
    paper_faces: int = 0
    # shape reading, per piece taken: (inradius px of the piece, px its own flat colour lies inside its outline
    # on average): the inset of its fill (rubric 13)
    insets: dict[str, tuple[float, float]] = field(default_factory=dict)


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


def _panel(image: np.ndarray, layout: dict[str, Any]) -> tuple[np.ndarray, tuple[int, int]]:
    """The silhouette panel's inside, white-balanced (the page's paper -> white): a tinted paper
    multiplies every channel, which moves hues by 10-20 degrees (cyan and magenta most)."""
    # imported here: generation imports this module for check_arrangement, and needs no registration
    from genpuzzle.registration import paper_colour, white_balance

    x0, y0, x1, y1 = (int(v) for v in layout["silhouette_panel"])
    x0, y0, x1, y1 = x0 + PANEL_TRIM, y0 + PANEL_TRIM, x1 - PANEL_TRIM, y1 - PANEL_TRIM
    crop = white_balance(np.ascontiguousarray(image[y0:y1, x0:x1, :3]), paper_colour(image[:, :, :3]))
    return crop, (x0, y0)


def _half_max_widths(profiles: np.ndarray, min_contrast: float) -> np.ndarray:
    """Width (px) at half its own peak of the dark line in each row of ``profiles`` (darkness, rows of
    samples 1 px apart): the run of samples above half the peak that holds the peak, its two ends placed
    by linear interpolation. A blur keeps this width (it lowers the peak and widens the flanks alike);
    rows whose peak is below ``min_contrast`` give NaN."""
    n, m = profiles.shape
    peak_at = profiles.argmax(axis=1)
    peak = profiles[np.arange(n), peak_at]
    half = peak[:, None] / 2.0
    above = profiles >= half
    widths = np.full(n, np.nan)
    for i in np.flatnonzero(peak >= min_contrast):
        row, a, b = profiles[i], int(peak_at[i]), int(peak_at[i])
        while a > 0 and above[i, a - 1]:
            a -= 1
        while b < m - 1 and above[i, b + 1]:
            b += 1
        if a == 0 or b == m - 1:
            continue  # the line runs off the window: not a frame line
        h = half[i, 0]
        left = a - (row[a] - h) / max(row[a] - row[a - 1], 1e-6)
        right = b + (row[b] - h) / max(row[b] - row[b + 1], 1e-6)
        widths[i] = right - left
    return widths


def pen_growth_px(image: np.ndarray, layout: dict[str, Any], rubric: dict[str, Any]) -> float:
    """How much bolder per side the answer's pen is than the input's, in px, measured on the answer's own
    panel frames (outside the edit mask; the input draws them ``PANEL_WIDTH`` px wide): half the excess of
    their median half-maximum width, 0 when they are not bolder, capped at ``pen.max_growth_px_per_unit``.

    A model that redraws the page with a heavier pen widens every stroke, the pieces' edges included: each
    coloured region grows by this much on every side, which the measures then allow (an outline band)."""
    from genpuzzle.renderers.tangram import PANEL_WIDTH, TICK_EVERY

    pen = rubric["pen"]
    grey = image[:, :, :3].astype(np.float32).mean(axis=2)
    h, w = grey.shape
    reach = int(pen["window_px"])
    offsets = np.arange(-reach, reach + 1)
    half_width = PANEL_WIDTH / 2.0
    rows: list[np.ndarray] = []
    for key in ("silhouette_panel", "piece_area_panel"):
        x0, y0, x1, y1 = (int(round(v)) for v in layout[key])
        # between the ruler ticks (every TICK_EVERY px from the corner), away from the corners
        xs = np.arange(x0 + TICK_EVERY + TICK_EVERY // 2, x1 - TICK_EVERY, TICK_EVERY)
        ys = np.arange(y0 + TICK_EVERY + TICK_EVERY // 2, y1 - TICK_EVERY, TICK_EVERY)
        for centre in (y0 + half_width, y1 - half_width):  # top and bottom sides: vertical profiles
            yy = np.clip(np.round(centre + offsets).astype(int), 0, h - 1)
            rows.append(grey[yy[None, :], np.clip(xs, 0, w - 1)[:, None]])
        for centre in (x0 + half_width, x1 - half_width):
            xx = np.clip(np.round(centre + offsets).astype(int), 0, w - 1)
            rows.append(grey[np.clip(ys, 0, h - 1)[:, None], xx[None, :]])
    profiles = np.concatenate(rows, axis=0)
    paper = np.maximum(profiles[:, :2].max(axis=1), profiles[:, -2:].max(axis=1))
    darkness = np.clip(paper[:, None] - profiles, 0, None)
    widths = _half_max_widths(darkness, pen["min_contrast"])
    if np.isfinite(widths).sum() < pen["min_samples"]:
        return 0.0
    growth = (float(np.nanmedian(widths)) - PANEL_WIDTH) / 2.0
    return float(np.clip(growth, 0.0, pen["max_growth_px_per_unit"] * float(layout["unit_px"])))


def read_pieces(image: np.ndarray, ground_truth: dict[str, Any], layout: dict[str, Any],
                rubric: dict[str, Any]) -> TangramReading:
    """Segment each piece's colour inside the silhouette panel and fit the piece's shape to it. The
    measures allow an outline band of the answer's pen growth (:func:`pen_growth_px`; 0 for a page drawn
    with the input's pen): a page redrawn with a heavier pen widens every piece by that much."""
    crop, (x0, y0) = _panel(image, layout)
    unit = float(layout["unit_px"])
    band = pen_growth_px(image, layout, rubric)
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
    # ink neither given to a piece nor part of a thick dark area (uncovered silhouette): outline strokes
    hsv = cv2.cvtColor(crop, cv2.COLOR_RGB2HSV)
    paper = (hsv[:, :, 2] >= rubric["faces"]["paper_min_value"] * 255) & \
        (hsv[:, :, 1] <= rubric["faces"]["paper_max_saturation"] * 255)
    dark = ~paper & (opened < 0)
    k = _odd(rubric["faces"]["stroke_max_px_per_unit"] * unit)
    thin = dark & (cv2.morphologyEx(dark.astype(np.uint8), cv2.MORPH_OPEN, np.ones((k, k), np.uint8)) == 0)
    strokes = _mask_polygon(thin, (x0, y0), 0.0) if thin.any() else Polygon()
    readings = []
    for k, piece in enumerate(pieces):
        expected = Polygon(piece["polygon"])
        others = shapely.union_all([r for j, r in enumerate(regions) if j != k and not r.is_empty]) \
            if len(regions) > 1 else Polygon()
        readings.append(_fit_piece(piece["name"], expected, regions[k], others, rubric, band, strokes))
    n_sat = int(saturated.sum())
    matched = int((labels >= 0).sum())
    pieces_px = int((opened >= 0).sum())
    unread = saturated & (opened < 0)
    return TangramReading(readings, matched / n_sat if n_sat else 1.0, n_sat / saturated.size, band=band,
                          stroke_fraction=float(thin.sum()) / max(pieces_px, 1),
                          unread_colour=_mask_polygon(unread, (x0, y0), 0.0) if unread.any() else Polygon())


# Area (unit^2), area / minimum-area rectangle and area / minimum enclosing triangle of each piece kind: the
# cues that tell faces apart (the smallest triangle round a parallelogram or a square has twice its area)
KIND_FEATURES = {"large_triangle": (2.0, 0.5, 1.0), "medium_triangle": (1.0, 0.5, 1.0),
                 "small_triangle": (0.5, 0.5, 1.0), "square": (1.0, 1.0, 0.5), "parallelogram": (1.0, 2.0 / 3.0, 0.5)}


def face_regions(image: np.ndarray, layout: dict[str, Any], rubric: dict[str, Any], fills: list[float] | None = None
                 ) -> tuple[list[shapely.Geometry], list[np.ndarray], shapely.Geometry]:
    """Partition the drawn part of the silhouette panel into faces: regions of one flat colour bounded by
    colour edges or by outline strokes (any ink, any width up to ``stroke_max``), each stroke split
    between the faces on its two sides. Near-black faces (the silhouette's own ink: uncovered) are
    dropped. Returns the faces (page px polygons), their mean RGB and the *foreign ink*: pixels taken
    as stroke by a face, or left to none, whose colour is another face's (within ``same_colour_lab``)
    and not their own face's, opened by ``foreign_open_px`` (a thin piece tip is no outline)."""
    crop, offset = _panel(image, layout)
    unit = float(layout["unit_px"])
    f = rubric["faces"]
    hsv = cv2.cvtColor(crop, cv2.COLOR_RGB2HSV)
    sat, val = hsv[:, :, 1] / 255.0, hsv[:, :, 2] / 255.0
    ink = ~((val >= f["paper_min_value"]) & (sat <= f["paper_max_saturation"]))
    k = _odd(f["stroke_max_px_per_unit"] * unit)
    # pieces drawn as outlines round a white or paper-coloured inside: paper that ink closes in on every
    # side (touching no edge of the panel) is a face like any coloured one
    ink |= enclosed_paper(~ink, k, f["min_face_unit2"] * unit * unit * 0.3)
    lab = cv2.cvtColor(cv2.GaussianBlur(crop, (0, 0), 1.0), cv2.COLOR_RGB2LAB).astype(np.float32)
    gx, gy = cv2.Sobel(lab, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(lab, cv2.CV_32F, 0, 1, ksize=3)
    grad = np.sqrt((gx * gx + gy * gy).sum(axis=2)) / 8.0  # Lab units per px
    flat = (ink & (grad < f["edge_lab_per_px"])).astype(np.uint8)
    seeds = cv2.morphologyEx(flat, cv2.MORPH_OPEN, np.ones((k, k), np.uint8))
    n, comp, stats, _ = cv2.connectedComponentsWithStats(seeds, connectivity=4)
    min_px = f["min_face_unit2"] * unit * unit
    keep = np.zeros(n, bool)
    colours = np.zeros((n, 3))
    lab_means = np.zeros((n, 3), np.float32)
    for i in range(1, n):
        if stats[i, cv2.CC_STAT_AREA] < min_px * 0.3:
            continue
        inside = comp == i
        colours[i] = crop[inside].mean(axis=0)
        lab_means[i] = lab[inside].mean(axis=0)
        keep[i] = True
    if not keep.any():
        return [], [], Polygon()
    seeds = keep[comp] & (comp > 0)
    grow = f["grow_px_per_unit"] * unit
    # 1. each seed takes back the pixels of its own colour that the opening and the edge band removed
    dist, label = _nearest(seeds, comp)
    similar = ink & ~seeds & (dist <= grow)
    ys, xs = np.nonzero(similar)
    delta = lab[ys, xs] - lab_means[label[ys, xs]]
    similar[ys, xs] = np.einsum("ij,ij->i", delta, delta) < f["same_colour_lab"] ** 2
    # ... but never across a stroke: a trimmed corner tip next to another face of the same colour (one
    # colour with outlines) is nearer that face's seed; a pixel goes to the one seed of its own
    # connected patch, and to the nearest seed only where a leak joins several seeds
    n_cc, cc = cv2.connectedComponents((seeds | similar).astype(np.uint8), connectivity=4)
    cc_of_seed = np.zeros(n, np.int32)
    cc_of_seed[comp[seeds]] = cc[seeds]  # a (4-connected) seed lies inside one patch
    kept = np.flatnonzero(keep)
    per_cc = np.bincount(cc_of_seed[kept], minlength=n_cc)
    cc_owner = np.zeros(n_cc, np.int32)
    cc_owner[cc_of_seed[kept]] = kept
    cc_owner[per_cc > 1] = -1
    patch_owner = cc_owner[cc]
    similar &= patch_owner != 0
    owner = np.where(seeds, comp, np.where(similar, np.where(patch_owner > 0, patch_owner, label), 0))
    grown = seeds | similar
    # 2. the rest of the ink (strokes) is split at its middle: between two faces, each takes the half on
    # its side; between a face and the paper (a centred outline), the face takes the inner half
    dist, label = _nearest(grown, owner)
    to_paper = cv2.distanceTransform(ink.astype(np.uint8), cv2.DIST_L2, 5)
    stroke = ink & ~grown & (dist <= grow) & (dist <= to_paper + 0.5)
    assigned = np.where(grown, owner, np.where(stroke, label, 0))
    # 3. ... except at acute tips: there the colour ends well before the corner (an outline of width w
    # hides w / 2 / sin(angle / 2) of it, blur and JPEG the thin end of what is left) and the outline's
    # inner half lies nearer the paper beyond the tip than the colour. A piece's sides are straight: its
    # corner is where its long sides meet, and the outline ink left over up to there (grown by w / 2, the
    # outline centred on the edge) is the piece's
    half = _outline_width(ink & ~grown, ink, dist, grow) / 2.0
    if half >= 1.0:
        for i in np.flatnonzero(keep):
            patch = _mask_polygon(grown & (owner == i), (0, 0), 0.0)
            if patch.is_empty:
                continue
            corners = _sides_extended(patch, f["tip_side_min_px_per_unit"] * unit, f["tip_max_reach_px_per_unit"] * unit)
            tips = np.zeros(ink.shape, np.uint8)
            _fill_polygon(tips, corners.buffer(half, join_style="mitre"))
            take = (tips > 0) & ink & (assigned == 0)
            assigned[take] = i
    # thin paper-coloured gaps between faces (white outlines) are closed, as in the colour reading
    gap = max(1, int(round(rubric["segmentation"]["gap_close_px_per_unit"] * unit)))
    closed = cv2.morphologyEx((assigned > 0).astype(np.uint8), cv2.MORPH_CLOSE, np.ones((2 * gap + 1,) * 2, np.uint8))
    fill = (closed > 0) & (assigned == 0) & (dist <= grow + gap)
    assigned[fill] = label[fill]
    faces, means, piece_ids = [], [], []
    for i in np.flatnonzero(keep):
        c = colours[i]
        hv = cv2.cvtColor(np.uint8([[c]]), cv2.COLOR_RGB2HSV)[0, 0] / 255.0
        if hv[2] < f["silhouette_ink_max_value"] and hv[1] < 0.5:
            continue  # the silhouette's own black: not a piece
        poly = _mask_polygon(assigned == i, offset, min_px)
        if not poly.is_empty:
            faces.append(poly)
            means.append(c)
            piece_ids.append(int(i))
            if fills is not None:
                fills.append(float(np.count_nonzero(grown & (owner == i))))
    return faces, means, _foreign_ink(ink & ~grown, assigned, lab, lab_means, piece_ids, offset, f)


def enclosed_paper(paper: np.ndarray, k: int, min_px: float) -> np.ndarray:
    """The parts of ``paper`` (bool) enclosed by ink: 4-connected paper regions touching no edge of the
    image that still hold ``min_px`` pixels after an opening by a ``k`` x ``k`` square (a thin white seam
    or a speck of JPEG light is no face). The outer paper of the panel touches its edges."""
    n, comp, stats, _ = cv2.connectedComponentsWithStats(paper.astype(np.uint8), connectivity=4)
    h, w = paper.shape
    x, y, bw, bh = stats[:, 0], stats[:, 1], stats[:, 2], stats[:, 3]
    inside = (x > 0) & (y > 0) & (x + bw < w) & (y + bh < h) & (stats[:, 4] >= min_px)
    inside[0] = False
    if not inside.any():
        return np.zeros(paper.shape, bool)
    candidate = inside[comp]
    opened = cv2.morphologyEx(candidate.astype(np.uint8), cv2.MORPH_OPEN, np.ones((k, k), np.uint8))
    kept = np.bincount(comp[opened > 0], minlength=n) >= min_px
    return kept[comp] & candidate


def _outline_width(loose: np.ndarray, ink: np.ndarray, dist: np.ndarray, grow: float) -> float:
    """The width (px) of the outlines between faces and the paper: how far from the nearest face the
    ink ends where it meets the paper (median over those edge pixels); 0 without such outlines."""
    paper_next = cv2.dilate((~ink).astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    edge = loose & paper_next & (dist <= 2 * grow)
    if edge.sum() < 4 * grow:
        return 0.0
    return float(np.median(dist[edge]))


def _sides_extended(patch: shapely.Geometry, min_side: float, max_reach: float) -> Polygon:
    """The convex hull of ``patch`` with the short sides between two long ones (cut-off corners) replaced
    by the point where the long sides meet, if it lies within ``max_reach`` px of both."""
    hull = patch.convex_hull
    if hull.geom_type != "Polygon":
        return Polygon()
    pts = cv2.approxPolyDP(np.asarray(hull.exterior.coords[:-1], np.float32).reshape(-1, 1, 2), 1.5, True)
    pts = pts[:, 0, :].astype(float)
    n = len(pts)
    long = [k for k in range(n) if np.hypot(*(pts[(k + 1) % n] - pts[k])) >= min_side]
    if len(long) < 3:
        return hull
    out = []
    for k, m in zip(long, long[1:] + long[:1]):
        a, b, c, d = pts[k], pts[(k + 1) % n], pts[m], pts[(m + 1) % n]
        between = [pts[(k + 1 + j) % n] for j in range((m - k - 1) % n + 1)]  # b .. c
        u, v = b - a, d - c
        den = u[0] * v[1] - u[1] * v[0]
        t = ((c - a)[0] * v[1] - (c - a)[1] * v[0]) / den if abs(den) > 1e-9 else -1.0
        meet = a + t * u
        if len(between) > 1 and t >= 1.0 and max(np.hypot(*(meet - b)), np.hypot(*(meet - c))) <= max_reach:
            out.append(meet)
        else:
            out += between
    extended = Polygon(out)
    return extended if extended.is_valid and extended.area >= hull.area else hull


def _fill_polygon(mask: np.ndarray, geom: shapely.Geometry) -> None:
    """Rasterise ``geom`` (crop px, pixel edges) into ``mask`` (in place; holes left out)."""
    for poly in shapely.get_parts(geom):
        if poly.is_empty or poly.geom_type != "Polygon":
            continue
        cv2.fillPoly(mask, [np.round(np.asarray(poly.exterior.coords) - 0.5).astype(np.int32)], 1)
        for ring in poly.interiors:
            cv2.fillPoly(mask, [np.round(np.asarray(ring.coords) - 0.5).astype(np.int32)], 0)


def _foreign_ink(loose: np.ndarray, assigned: np.ndarray, lab: np.ndarray, lab_means: np.ndarray,
                 piece_ids: list[int], offset: tuple[int, int], f: dict[str, Any]) -> shapely.Geometry:
    """Ink outside every face's own colour patch (``loose``: strokes and unassigned ink) that has the
    colour of a piece face other than the one it was given to (see :func:`face_regions`)."""
    if len(piece_ids) < 2 or not loose.any():
        return Polygon()
    ys, xs = np.nonzero(loose)
    px = lab[ys, xs]
    means = lab_means[piece_ids]
    d2 = ((px[:, None, :] - means[None, :, :]) ** 2).sum(axis=2)
    ids = np.asarray(piece_ids)
    own = assigned[ys, xs]
    limit = f["same_colour_lab"] ** 2
    # of another face's colour and not of its own face's: where faces share one colour (one colour with
    # white seams) a tip a seam cuts off is its own face's colour, whichever face is nearest in colour
    close_other = ((d2 < limit) & (ids[None, :] != own[:, None])).any(axis=1)
    own_d2 = np.where(ids[None, :] == own[:, None], d2, np.inf).min(axis=1)
    foreign = np.zeros(loose.shape, np.uint8)
    foreign[ys, xs] = close_other & (own_d2 >= limit)
    k = int(f["foreign_open_px"])
    foreign = cv2.morphologyEx(foreign, cv2.MORPH_OPEN, np.ones((k, k), np.uint8))
    return _mask_polygon(foreign > 0, offset, 0.0)


def _nearest(mask: np.ndarray, ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Distance of every pixel to the nearest ``mask`` pixel and that pixel's value in ``ids``."""
    dist, nearest = cv2.distanceTransformWithLabels((~mask).astype(np.uint8), cv2.DIST_L2, 5,
                                                    labelType=cv2.DIST_LABEL_PIXEL)
    lookup = np.zeros(int(nearest.max()) + 1, np.int32)
    values = ids[mask]  # DIST_LABEL_PIXEL numbers the zero pixels 1.. in row-major order
    lookup[1:len(values) + 1] = values
    return dist, lookup[nearest]


def _triangle_fill(geom: shapely.Geometry) -> float:
    """Area / the area of the smallest triangle round it: 1 for a triangle, 1/2 for a parallelogram or a
    square. Unlike a corner count it hardly moves when an outline cuts a tip off a triangle or a tip
    extension adds a short side to a parallelogram (7-8 px outlines at acute tips)."""
    hull = geom.convex_hull
    if hull.geom_type != "Polygon":
        return 0.0
    area, _ = cv2.minEnclosingTriangle(np.asarray(hull.exterior.coords[:-1], np.float32).reshape(-1, 1, 2))
    return float(geom.area / max(area, 1e-9))


def _rect_fill(geom: shapely.Geometry) -> float:
    hull = np.asarray(geom.convex_hull.exterior.coords, np.float32) if geom.convex_hull.geom_type == "Polygon" \
        else None
    if hull is None:
        return 0.0
    (_, _), (w, h), _ = cv2.minAreaRect(hull)
    return float(geom.area / max(w * h, 1e-9))


def read_faces(image: np.ndarray, ground_truth: dict[str, Any], layout: dict[str, Any],
               rubric: dict[str, Any]) -> TangramReading:
    """Pieces recognised by shape, for answers whose colours do not identify them (one colour with
    outlines, recoloured or pastel pieces): :func:`face_regions`, then each of the seven pieces is
    matched to one face by area and rectangularity (an optimal assignment; a face's hue close to the
    piece's tray hue breaks ties between equal pieces), then fitted as in the colour reading. Faces
    no piece takes are ``extra``."""
    from scipy.optimize import linear_sum_assignment

    fills: list[float] = []
    faces, means, foreign = face_regions(image, layout, rubric, fills)
    unit2 = float(layout["unit_px"]) ** 2
    pieces = ground_truth["pieces"]
    # a stroke split at its middle stays centred on the edge however heavy the pen; only where a face
    # meets the paper without an outline does a heavier pen move its edge out, by the pen's growth
    band = max(rubric["faces"]["outline_band_px_per_unit"] * float(layout["unit_px"]),
               pen_growth_px(image, layout, rubric))
    readings: list[PieceReading] = []
    assigned: dict[int, int] = {}
    insets: dict[str, tuple[float, float]] = {}
    if faces:
        cost = np.zeros((len(pieces), len(faces)))
        feats = [(max(g.area / unit2, 1e-6), _rect_fill(g), _triangle_fill(g)) for g in faces]
        hues = [_hue_deg([int(v) for v in m]) for m in means]
        for a, piece in enumerate(pieces):
            area_k, fill_k, tri_k = KIND_FEATURES[kind_of(piece["name"])]
            hue_k = _hue_deg(piece["colour"])
            for b, (area, fill, tri) in enumerate(feats):
                dh = abs(hues[b] - hue_k)
                cost[a, b] = abs(math.log(area / area_k)) + 2.0 * abs(fill - fill_k) \
                    + abs(tri - tri_k) + 0.01 * min(dh, 360 - dh) / 180
        rows, cols = linear_sum_assignment(cost)
        max_cost = rubric["faces"]["match_max_cost"]
        assigned = {int(r): int(c) for r, c in zip(rows, cols) if cost[r, c] <= max_cost}
    for a, piece in enumerate(pieces):
        shape = Polygon(piece["polygon"])
        if a not in assigned:
            readings.append(PieceReading(piece["name"], shape.area, Polygon(), None, {"drawn_area": 0.0}))
            continue
        region = faces[assigned[a]]
        others = shapely.union_all([g for j, g in enumerate(faces) if j != assigned[a]]) if len(faces) > 1 \
            else Polygon()
        readings.append(_fit_piece(piece["name"], shape, region, others, rubric, band))
        insets[piece["name"]] = _inset(shape, fills[assigned[a]])
    extra = [g for j, g in enumerate(faces) if j not in assigned.values()
             and not _paper_outside(g, means[j], ground_truth, layout, rubric, band)]
    paper = [j for j in assigned.values() if _paper_coloured(means[j], rubric["faces"])]
    return TangramReading(readings, 1.0, 0.0, method="shape", extra=extra, band=band, foreign=foreign,
                          paper_faces=len(paper), insets=insets)


def _inset(shape: Polygon, fill_px: float) -> tuple[float, float]:
    """(inradius r, inset d) in px of a piece whose own flat colour covers ``fill_px`` pixels: a tangential
    polygon (every tangram piece but the parallelogram, for which r = 2 area / perimeter is close) shrunk by d
    on every side keeps (1 - d / r)^2 of its area. An outline drawn inside every piece with one pen leaves the
    same d on each; a piece drawn smaller about its centre, scale s, leaves d = (1 - s) r."""
    r = 2.0 * shape.area / shape.length
    return r, r * (1.0 - math.sqrt(min(max(fill_px, 0.0) / shape.area, 1.0)))


def _paper_outside(face: shapely.Geometry, rgb: np.ndarray, ground_truth: dict[str, Any], layout: dict[str, Any],
                   rubric: dict[str, Any], band: float) -> bool:
    """Whether a face no piece takes is the page's own paper outside the silhouette (rubric 12): paper
    coloured, with at most ``faces.paper_outside_inside_max_unit2`` of it inside the silhouette less the
    border allowance and the outline band. A notch of the silhouette whose mouth the pieces' heavy outlines
    shut (two acute tips meeting) encloses such paper: it is no drawn shape (the input shows paper there
    too). A shape drawn as an outline round paper outside the silhouette is not lost: its strokes are
    then explained by no face and are charged by :func:`stray_marks`."""
    if not _paper_coloured(rgb, rubric["faces"]):
        return False
    unit = float(layout["unit_px"])
    border = rubric["thresholds"]["border_allowance_px_per_unit"] * unit + band
    inner = polygonal(Polygon(ground_truth["silhouette"])).buffer(-border, join_style="mitre")
    inside = _intersection(polygonal(face), inner).area / (unit * unit)
    return inside <= rubric["faces"]["paper_outside_inside_max_unit2"]


def _paper_coloured(rgb: np.ndarray, f: dict[str, Any]) -> bool:
    """Whether a face's mean colour is paper (light and unsaturated: ``faces.paper_*``)."""
    hsv = cv2.cvtColor(np.uint8([[[int(round(v)) for v in rgb]]]), cv2.COLOR_RGB2HSV)[0, 0] / 255.0
    return bool(hsv[2] >= f["paper_min_value"] and hsv[1] <= f["paper_max_saturation"])


def _fit_piece(name: str, shape: Polygon, region: shapely.Geometry, others: shapely.Geometry,
               rubric: dict[str, Any], band: float = 0.0, strokes: shapely.Geometry | None = None) -> PieceReading:
    area = shape.area
    if region.is_empty or region.area < rubric["present_min_area_fraction"] * area:
        return PieceReading(name, area, region, None, {"drawn_area": round(region.area / area, 4)})
    fitted = fit_shape(shape, region, others, strokes)
    return PieceReading(name, area, region, fitted, fit_measures(fitted, region, others, area, band))


def fit_measures(fitted: Polygon, region: shapely.Geometry, others: shapely.Geometry, area: float,
                 band: float = 0.0) -> dict[str, float]:
    """Fractions of the piece area: drawn, drawn outside the fit (excess), fit neither drawn nor hidden
    by another piece (deficit), fit hidden under another piece (hidden). Drawn within ``band`` px outside
    the fit is not excess, and the fit's outer ``band`` px are not deficit (an outline's width)."""
    hidden = _difference(_intersection(fitted, others), region).area
    grown = fitted.buffer(band, join_style="mitre") if band else fitted
    core = fitted.buffer(-band, join_style="mitre") if band else fitted
    return {
        "drawn_area": round(region.area / area, 4),
        "excess": round(_difference(region, grown).area / area, 4),
        "deficit": round(_difference(core, _union(region, others)).area / area, 4),
        "hidden": round(hidden / area, 4),
    }


HIDDEN_COST = 0.5  # a fit may tuck under another piece (occlusion), but not for free: no drifting
# a fit over outline strokes is explained by the piece's own outline: cheaper than hiding under another
# piece, or a piece whose colour an outline trims (most at acute tips) slides under its neighbours
OUTLINE_COST = 0.25


def _fit_costs(ts: np.ndarray, region: shapely.Geometry, covered: shapely.Geometry,
               stroked: shapely.Geometry | None = None) -> np.ndarray:
    """Cost of each candidate polygon: drawn area it misses + its area not drawn (on outline strokes at
    OUTLINE_COST, hidden area at HIDDEN_COST, area neither drawn nor hidden nor stroked in full).
    ``stroked``: ``region`` with the outline strokes (None: no strokes); ``covered``: with the other
    pieces (and the strokes)."""
    missed = shapely.area(shapely.difference(region, ts))
    undrawn = shapely.area(shapely.difference(ts, region))
    bare = shapely.area(shapely.difference(ts, covered))
    if stroked is None:
        return missed + HIDDEN_COST * undrawn + (1.0 - HIDDEN_COST) * bare
    unstroked = shapely.area(shapely.difference(ts, stroked))
    return missed + OUTLINE_COST * undrawn + (HIDDEN_COST - OUTLINE_COST) * unstroked \
        + (1.0 - HIDDEN_COST) * bare


def _moved(coords: np.ndarray, angles_deg: np.ndarray, pivot: np.ndarray, target: np.ndarray) -> np.ndarray:
    """Polygons of ``coords`` (n, 2) rotated about ``pivot`` by each angle, pivot moved onto ``target``."""
    a = np.radians(angles_deg)[:, None]
    c, s = np.cos(a), np.sin(a)
    x, y = coords[None, :, 0] - pivot[0], coords[None, :, 1] - pivot[1]
    xy = np.stack([c * x - s * y + target[0], s * x + c * y + target[1]], axis=-1)
    return shapely.polygons(xy)


def fit_shape(shape: Polygon, region: shapely.Geometry, others: shapely.Geometry,
              strokes: shapely.Geometry | None = None) -> Polygon:
    """``shape`` moved rigidly (rotation, optional mirror, translation) to best explain ``region``:
    minimises drawn-but-not-covered plus covered-but-neither-drawn-nor-hidden-by-``others`` area, the
    area on outline ``strokes`` (ink no piece was given) counted as its own outline (see OUTLINE_COST)."""
    size = math.sqrt(shape.area)
    coarse = region.simplify(0.04 * size)
    if coarse.geom_type != "Polygon":
        parts = list(getattr(coarse, "geoms", []))
        coarse = max(parts, key=lambda g: g.area) if parts else region.convex_hull
        if coarse.geom_type != "Polygon":
            coarse = region.convex_hull
    x0, y0, x1, y1 = region.bounds
    pad = 1.5 * size  # candidates never leave this box; clipping keeps the overlay operands small
    stroked = None
    if strokes is not None and not strokes.is_empty:
        near = shapely.clip_by_rect(strokes, x0 - pad, y0 - pad, x1 + pad, y1 + pad)
        if not near.is_empty:
            stroked = region.union(near)
            others = others.union(near)
            shapely.prepare(stroked)
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
        costs.extend(_fit_costs(polys, region, covered, stroked))
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
            vals = _fit_costs(cands, region, covered, stroked)
            j = int(np.argmin(vals))
            if vals[j] < cost - 1e-9:
                cost, t = float(vals[j]), cands[j]
            else:
                step /= 2
        if cost < best_cost:
            best_cost, best = cost, t
    return best


def _core(poly: Polygon, band: float) -> shapely.Geometry:
    return poly.buffer(-band, join_style="mitre") if band else poly


def _areal(geom: shapely.Geometry) -> shapely.Geometry:
    """The polygonal part of ``geom`` (overlays of touching pieces also return their shared edges)."""
    if geom.geom_type in ("Polygon", "MultiPolygon"):
        return geom
    parts = [g for g in shapely.get_parts(geom) if g.geom_type in ("Polygon", "MultiPolygon")]
    return shapely.union_all(parts) if parts else Polygon()


def _intersection(a: shapely.Geometry, b: shapely.Geometry) -> shapely.Geometry:
    return _areal(shapely.intersection(_areal(a), _areal(b), grid_size=GRID_PX))


def _difference(a: shapely.Geometry, b: shapely.Geometry) -> shapely.Geometry:
    return _areal(shapely.difference(_areal(a), _areal(b), grid_size=GRID_PX))


def _union(a: shapely.Geometry, b: shapely.Geometry) -> shapely.Geometry:
    return _areal(shapely.union(_areal(a), _areal(b), grid_size=GRID_PX))


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
    border += reading.band
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
    global_defect = False
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
                m = fit_measures(refit, p.region, Polygon(), scaled.area, reading.band)
                if m["excess"] <= th["shape_excess_max"] and m["deficit"] <= th["shape_deficit_max"] + f["hidden"]:
                    code, what = "piece_scaled", f"is drawn at {scale:.2f}x its size"
            violations.append(Violation(code, f"{p.name} {what} (excess {f['excess']:.0%}, "
                                        f"missing {f['deficit']:.0%} of its area)",
                                        {"piece": p.name, **f, "scale": round(scale, 3),
                                         "bbox": _bbox(p.region)}))
            defective.add(p.name)
            broken.add(p.name)
        fill, fill_k = _rect_fill(p.region), KIND_FEATURES[kind_of(p.name)][1]
        if p.name not in broken and KIND_FEATURES[kind_of(p.name)][2] == 0.5 and f.get("hidden", 0.0) <= \
                th["shape_excess_max"] and fill - fill_k > th["rect_fill_excess_max"]:
            # a piece's corners, not its area: a rectangle drawn for the parallelogram (its 45-degree corners
            # made right angles) is explained by the parallelogram's fit within the area tolerance
            violations.append(Violation("piece_deformed", f"{p.name} is not its shape: it fills {fill:.0%} of its "
                                        f"smallest enclosing rectangle, the piece {fill_k:.0%} (its corners are "
                                        "not the piece's)", {"piece": p.name, **f, "rect_fill": round(fill, 3),
                                                             "piece_rect_fill": round(fill_k, 3),
                                                             "bbox": _bbox(p.region)}))
            defective.add(p.name)
            broken.add(p.name)
        outside_geom = _open(_difference(p.region, outer), sliver)
        outside = outside_geom.area / unit2
        if outside > th["piece_outside_max_unit2"]:
            violations.append(Violation("piece_outside", f"{outside_geom.area / p.expected_area:.0%} of "
                                        f"{p.name} lies outside the silhouette",
                                        {"piece": p.name, "outside_unit2": round(outside, 4),
                                         "bbox": _bbox(outside_geom)}))
            defective.add(p.name)
    bound = overlap_area_bounds([p.fitted for p in found], [p.region for p in found])  # fit i over region j
    covering: dict[str, float] = {}  # per piece: the overlaps where it lies on top, summed
    zones: dict[str, list[tuple[str, shapely.Geometry]]] = {}
    flagged: set[str] = set()
    for i, a in enumerate(found):
        for j, b in enumerate(found):
            if a.name >= b.name:
                continue
            if max(bound[i, j], bound[j, i]) <= 0.05 * th["overlap_max_unit2"] * unit2:
                continue  # apart or touching: no overlap can count (the core lies in the fit)
            zab = _open(_intersection(_core(a.fitted, reading.band), regions[b.name]), sliver)
            zba = _open(_intersection(_core(b.fitted, reading.band), regions[a.name]), sliver)
            under, top, zone = (a, b, zab) if zab.area >= zba.area else (b, a, zba)
            covering[top.name] = covering.get(top.name, 0.0) + zone.area / unit2
            if zone.area / unit2 > 0.05 * th["overlap_max_unit2"]:
                zones.setdefault(top.name, []).append((under.name, zone))
            if zone.area / unit2 > th["overlap_max_unit2"]:
                violations.append(Violation("pieces_overlap", f"{top.name} covers {zone.area / under.expected_area:.0%}"
                                            f" of {under.name}", {"pieces": [top.name, under.name],
                                                                  "overlap_unit2": round(zone.area / unit2, 4),
                                                                  "bbox": _bbox(zone)}))
                flagged.add(top.name)
                if not ({top.name, under.name} & defective):
                    defective.add(top.name)
    # one piece lying a little over each of several neighbours (a square turned 45 degrees in place over
    # four): its overlaps summed are held to the same allowance as one pair's
    for name, total in covering.items():
        if name in flagged or total <= th["overlap_max_unit2"] or len(zones.get(name, [])) < 2:
            continue
        under = [n for n, _ in zones[name]]
        union = shapely.union_all([z for _, z in zones[name]])
        violations.append(Violation("pieces_overlap", f"{name} covers {', '.join(under)}: {total:.2f} unit^2 in all",
                                    {"pieces": [name, *under], "overlap_unit2": round(total, 4),
                                     "bbox": _bbox(union)}))
        if not ({name, *under} & defective):
            defective.add(name)
    for g in reading.extra:
        if g.area / unit2 > th["extra_shape_min_unit2"]:
            violations.append(Violation("extra_shape", f"a drawn shape of {g.area / unit2:.2f} unit^2 is none of the "
                                        "seven pieces", {"area_unit2": round(g.area / unit2, 4), "bbox": _bbox(g)}))
            global_defect = True
    foreign = _open(reading.foreign, sliver) if not reading.foreign.is_empty else reading.foreign
    if foreign.area / unit2 > th["foreign_ink_max_unit2"]:
        violations.append(Violation("foreign_piece_ink", f"{foreign.area / unit2:.2f} unit^2 of a piece's colour "
                                    "lies outside its face (over another piece or past the silhouette)",
                                    {"area_unit2": round(foreign.area / unit2, 4), "bbox": _bbox(foreign)}))
        global_defect = True
    union = shapely.union_all([p.region for p in found] + list(reading.extra))
    sil_area = silhouette.area
    inter = _intersection(union, silhouette).area
    iou = inter / _union(union, silhouette).area
    uncovered_geom = _open(_difference(inner, union), sliver)
    uncovered = uncovered_geom.area / unit2
    spill_geom = _open(_difference(union, outer), sliver)
    spill = spill_geom.area / unit2
    if uncovered > th["uncovered_max_unit2"]:
        evidence = {"uncovered_unit2": round(uncovered, 4), "bbox": _bbox(uncovered_geom)}
        if not reading.unread_colour.is_empty:
            # over the allowance only with pixels of piece colour that no piece took: not known to be a gap
            plain = _open(_difference(uncovered_geom, reading.unread_colour), sliver).area / unit2
            if plain <= th["uncovered_max_unit2"]:
                evidence.update(uncovered_plain_unit2=round(plain, 4), unsure=True)
        violations.append(Violation("silhouette_uncovered", f"{uncovered_geom.area / sil_area:.1%} of the "
                                    "silhouette is not covered" + (" (unsure: the rest is piece colour no piece took)"
                                                                   if evidence.get("unsure") else ""), evidence))
        global_defect = True
    if spill > th["spill_max_unit2"]:
        violations.append(Violation("spill_outside", f"pieces spill {spill_geom.area / sil_area:.1%} of the "
                                    "silhouette's area outside it", {"spill_unit2": round(spill, 4),
                                                                     "bbox": _bbox(spill_geom)}))
        global_defect = True
    scaled = inset_scale(reading, unit_px, th)
    if scaled is not None:
        # every piece's own colour lies inside its outline by an amount that grows with the piece (d = (1 - s) r):
        # the pieces are drawn smaller than their places, and what the shape reading took for their outlines is
        # the silhouette showing round each (an outline drawn with one pen insets every piece alike; rubric 13)
        slope, residual, sure = scaled
        names = [p.name for p in found]
        violations.append(Violation("piece_scaled", f"the pieces are drawn at about {1 - slope:.2f}x their size: "
                                    "their colour lies inside their places by an amount that grows with the piece, "
                                    "the silhouette shows round each" + ("" if sure else " (unsure)"),
                                    {"pieces": names, "scale": round(1 - slope, 3), "inset_residual_px": round(residual, 2),
                                     "bbox": _bbox(silhouette), **({} if sure else {"unsure": True})}))
        if sure:
            defective.update(names)
            broken.update(names)
        else:
            global_defect = True
    off_edges = edge_offsets(found, silhouette, unit_px, th["edge_offset_max_unit"])
    worst = max(off_edges, key=lambda n: off_edges[n][0], default=None)
    if worst is not None and not violations and off_edges[worst][0] > th["edge_offset_min_length_unit"]:
        # one misplaced piece split into amounts each under its own allowance (a square turned 45 degrees in
        # its slot, a piece shifted or flipped over its neighbours: blind audit AUDIT13): as placed, the pieces
        # do not meet edge to edge
        length, offset = off_edges[worst]
        others = sorted(n for n, (l, _) in off_edges.items() if n != worst and l > th["edge_offset_min_length_unit"])
        violations.append(Violation("piece_misplaced", f"{worst} does not meet its neighbours or the silhouette's "
                                    f"outline edge to edge: {length:.2f} units of its outline lie more than "
                                    f"{th['edge_offset_max_unit']} unit off them (up to {offset:.2f})",
                                    {"piece": worst, "off_edge_units": round(length, 3), "max_offset_unit": round(offset, 3),
                                     "also_off": others, "bbox": _bbox(regions[worst])}))
        defective.add(worst)
    if reading.paper_faces:
        # outline strokes round paper faces are indistinguishable from the silhouette's dark ink a turned or
        # misshapen piece leaves bare beside them (blind audit AUDIT13): such a reading is never sure
        violations.append(Violation("pieces_read_from_outlines", f"{reading.paper_faces} piece(s) read as paper "
                                    "closed in by outlines: a wrong shape or a turned piece can hide in the strokes",
                                    {"paper_faces": reading.paper_faces, "unsure": True, "bbox": _bbox(silhouette)}))
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
                 "spill_unit2": round(spill, 4),
                 "covering_max_unit2": round(max(covering.values(), default=0.0), 4),
                 "overlap_total_unit2": round(sum(covering.values()), 4),
                 "off_edge_max_units": round(max((v[0] for v in off_edges.values()), default=0.0), 3),
                 "edge_offset_max_unit": round(max((v[1] for v in off_edges.values()), default=0.0), 3),
                 "rect_fill_parallelogram": round(max((_rect_fill(p.region) for p in found if p.name == "parallelogram"),
                                                      default=0.0), 3)}
    return violations, subscores, tier


def inset_scale(reading: TangramReading, unit_px: float, th: dict[str, Any]) -> tuple[float, float, bool] | None:
    """Whether the shape reading's pieces are drawn smaller than their places (rubric 13): the inset d of each
    piece's own flat colour (:func:`_inset`) fitted as d = a + b r over the pieces' inradii r. One pen's outline
    drawn inside every piece gives b ~ 0 (measured |b| <= 0.03 on every outline, seam, bevel and pen style);
    pieces drawn at scale s about their centres give b = 1 - s. Returns (b, the fit's residual px, sure) when
    b >= ``inset_slope_unsure`` (sure from ``inset_slope_max`` with a residual under ``inset_residual_max_px_per_unit``
    x unit), else None. Needs at least five pieces read with two sizes of inradius."""
    if len(reading.insets) < 5:
        return None
    r = np.array([v[0] for v in reading.insets.values()])
    d = np.array([v[1] for v in reading.insets.values()])
    if r.max() - r.min() < 0.2 * unit_px:
        return None
    slope, icpt = np.polyfit(r, d, 1)
    if slope < th["inset_slope_unsure"]:
        return None
    residual = float(np.sqrt(np.mean((d - (icpt + slope * r)) ** 2)))
    sure = slope >= th["inset_slope_max"] and residual <= th["inset_residual_max_px_per_unit"] * unit_px
    return float(slope), residual, sure


def edge_offsets(found: Sequence[PieceReading], silhouette: shapely.Geometry, unit_px: float,
                 tolerance_unit: float) -> dict[str, tuple[float, float]]:
    """Per piece (as fitted): how much of its outline (units) lies more than ``tolerance_unit`` units from
    the silhouette's outline and from every other fitted piece's outline, and its largest such distance
    (units). In a tiling every stretch of a piece's outline lies on the silhouette's outline or on a
    neighbour's; a piece turned, shifted or flipped in its slot leaves stretches off both."""
    if not found:
        return {}
    rings = [np.asarray(p.fitted.exterior.coords) for p in found]
    rings += [np.asarray(r.coords) for r in shapely.get_parts(shapely.boundary(polygonal(silhouette)))]
    seg_a = np.concatenate([r[:-1] for r in rings])
    seg_b = np.concatenate([r[1:] for r in rings])
    seg_owner = np.repeat(np.arange(len(rings)), [len(r) - 1 for r in rings])
    ab = seg_b - seg_a
    ab2 = np.maximum((ab * ab).sum(axis=1), 1e-12)
    out: dict[str, tuple[float, float]] = {}
    for k, p in enumerate(found):
        ring = p.fitted.exterior
        n = max(16, int(math.ceil(ring.length / (0.04 * unit_px))))  # a sample every 0.04 unit
        points = np.asarray(shapely.get_coordinates(shapely.line_interpolate_point(
            ring, np.linspace(0.0, 1.0, n, endpoint=False), normalized=True)))
        ap = points[:, None, :] - seg_a[None, :, :]
        t = np.clip((ap * ab[None]).sum(axis=2) / ab2[None], 0.0, 1.0)
        d = np.hypot(*np.moveaxis(ap - t[:, :, None] * ab[None], 2, 0))
        d[:, seg_owner == k] = np.inf  # not its own outline
        d = d.min(axis=1) / unit_px
        out[p.name] = (float((d > tolerance_unit).mean()) * ring.length / unit_px, float(d.max()))
    return out


def tangram_score(tier: int) -> float:
    """Score per ``data/rubrics/tangram.json``: 100 * tier / 3."""
    return round(100.0 * tier / 3.0, 2)


def _darkness(image: np.ndarray, unit: float) -> np.ndarray:
    """Darkness 0..255 per channel against the local paper (:func:`genpuzzle.ink.channel_darkness`)."""
    from genpuzzle.ink import channel_darkness

    return channel_darkness(image, unit)


def stray_marks(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any], reading: TangramReading,
                silhouette: Polygon, rubric: dict[str, Any]) -> list[Any]:
    """Marks the answer adds inside the two panels that neither the input (its ink within
    ``marks.tolerance_px_per_unit``, channel by channel: the tray's pieces, the silhouette, left or redrawn
    a little thicker; black ink where a yellow piece was is added) nor the reading (the silhouette, every piece's drawn region and fit and every extra face,
    grown by half an outline stroke ``faces.stroke_max_px_per_unit``, the pen growth and ``marks.margin_px``)
    explains: a dot, a tick, a digit beside the silhouette or in the emptied tray (a band of the panel trim,
    the pen growth and the tolerance along the panel frames is not searched). Sizes are in units
    (:func:`genpuzzle.ink.unexplained_marks`): at least ``marks.min_extent`` across and ``marks.min_area``
    unit^2 of ink, darker than ``marks.sure_darkness`` (else, from ``marks.faint_darkness``, faint)."""
    from genpuzzle.ink import added_channel_darkness, input_near, unexplained_marks

    m = rubric["marks"]
    unit = float(layout["unit_px"])
    h, w = answer.shape[:2]
    tol = max(2, int(round(m["tolerance_px_per_unit"] * unit)))
    added = added_channel_darkness(_darkness(answer, unit), input_near(input_image, unit, tol))
    # an outline stroke is centred on the piece's edge: half of it lies outside the fit (and the silhouette)
    grow = 0.5 * rubric["faces"]["stroke_max_px_per_unit"] * unit + reading.band + m["margin_px"]
    shapes = [polygonal(silhouette)] + [g for p in reading.pieces for g in (p.region, p.fitted)
                                        if g is not None and not g.is_empty] + list(reading.extra)
    explained = np.zeros((h, w), np.uint8)
    _fill_polygon(explained, shapely.union_all([polygonal(g) for g in shapes]).buffer(grow, join_style="mitre"))
    region = np.zeros((h, w), bool)
    # the panel frames are the input's ink, but a rotated, rescaled page drawn with a heavier pen can bring
    # them back a few px further in than the tolerance: the band along them is left out
    inset = PANEL_TRIM + int(math.ceil(reading.band)) + tol
    for key in ("silhouette_panel", "piece_area_panel"):
        x0, y0, x1, y1 = (int(round(v)) for v in layout[key])
        region[max(0, y0 + inset):max(0, y1 - inset), max(0, x0 + inset):max(0, x1 - inset)] = True
    return unexplained_marks(added >= m["sure_darkness"], added >= m["faint_darkness"], explained > 0, unit, region,
                             {"min_extent": m["min_extent"], "min_area": m["min_area"]})


def mark_violations(marks: list[Any], layout: dict[str, Any]) -> list[Violation]:
    """One ``stray_mark`` per mark dark enough to be sure, with where it lies and how big it is."""
    from genpuzzle.ink import describe

    unit = float(layout["unit_px"])
    x0, _, x1, _ = (float(v) for v in layout["piece_area_panel"])
    out = []
    for mk in marks:
        if not mk.sure:
            continue
        cx = (mk.bbox[0] + mk.bbox[2]) / 2
        place = "in the pieces panel" if x0 <= cx <= x1 else "in the silhouette panel, off every piece"
        out.append(Violation("stray_mark", f"{describe(mk, unit, 'unit')} {place}, no piece",
                             {"bbox": mk.bbox, "place": place, **mk.to_json(unit)}))
    return out


def pieces_left_in_tray(answer: np.ndarray, ground_truth: dict[str, Any], layout: dict[str, Any],
                        rubric: dict[str, Any]) -> list[dict[str, Any]]:
    """The tray's pieces still standing where the input showed them (rubric 13): the answer moves all seven
    into the silhouette, so a piece's colour left in its tray place is a piece on the page beyond the seven
    (the input's ink, which the stray-mark check does not charge). A piece counts as left when at least
    ``tray.left_min_fraction`` of its tray polygon, less ``tray.erode_px_per_unit`` x unit along its edges,
    is saturated ink (``colour.min_saturation`` / ``min_value``, the panel white-balanced as the silhouette's):
    any hue, since a piece left in place need not keep its exact colour on a redrawn page."""
    from genpuzzle.registration import paper_colour, white_balance

    t = rubric["tray"]
    c = rubric["colour"]
    unit = float(layout["unit_px"])
    x0, y0, x1, y1 = (int(v) for v in layout["piece_area_panel"])
    x0, y0, x1, y1 = x0 + PANEL_TRIM, y0 + PANEL_TRIM, x1 - PANEL_TRIM, y1 - PANEL_TRIM
    crop = white_balance(np.ascontiguousarray(answer[y0:y1, x0:x1, :3]), paper_colour(answer[:, :, :3]))
    hsv = cv2.cvtColor(crop, cv2.COLOR_RGB2HSV)
    ink = (hsv[:, :, 1] >= c["min_saturation"] * 255) & (hsv[:, :, 2] >= c["min_value"] * 255)
    out = []
    for piece in ground_truth["pieces"]:
        core = Polygon(piece["polygon"]).buffer(-t["erode_px_per_unit"] * unit, join_style="mitre")
        if core.is_empty:
            continue
        mask = np.zeros(ink.shape, np.uint8)
        _fill_polygon(mask, affinity.translate(core, -x0, -y0))
        n = int(mask.sum())
        if n == 0:
            continue
        share = float(ink[mask > 0].mean())
        if share >= t["left_min_fraction"]:
            out.append({"piece": piece["name"], "share": round(share, 3), "bbox": _bbox(Polygon(piece["polygon"]))})
    return out


def rim_is_paper(answer: np.ndarray, layout: dict[str, Any], rim: shapely.Geometry, rubric: dict[str, Any]) -> float:
    """Share of ``rim`` (page px) whose pixels are the silhouette panel's paper: within
    ``rescale.paper_lab`` of the panel's modal colour (white paper, a dark-mode page's dark paper alike)."""
    crop, (x0, y0) = _panel(answer, layout)
    mask = np.zeros(crop.shape[:2], np.uint8)
    _fill_polygon(mask, affinity.translate(polygonal(rim), -x0, -y0))
    if not mask.any():
        return 1.0
    lab = cv2.cvtColor(crop, cv2.COLOR_RGB2LAB).astype(np.float32)
    q = (lab // 8).astype(np.int32)
    keys = q[:, :, 0] * 1024 + q[:, :, 1] * 32 + q[:, :, 2]
    mode = np.bincount(keys.ravel()).argmax()
    paper = lab[keys == mode].mean(axis=0)
    near = np.linalg.norm(lab - paper, axis=2) <= rubric["rescale"]["paper_lab"]
    return float(near[mask > 0].mean())
