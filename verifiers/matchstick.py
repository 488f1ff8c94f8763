"""Matchstick verification: read which slots hold a stick (and sticks lying outside every slot) from the
registered answer, then check the equation, the glyphs, the stick count and the number of moves.

:func:`read_sticks` turns an image into slot occupancy (image -> state); :func:`check_sticks` turns the
state into violations (state -> verdict). The reader looks only at *ink* (any colour darker or more
saturated than the paper), sampled along each slot segment, so matchsticks, plain lines in another colour
and wobbly hand-drawn strokes read alike. Thresholds and the binary score: ``data/rubrics/matchstick.json``.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from genpuzzle.records import Violation
from genpuzzle.solvers.matchstick import GLYPHS, SLOT_NAMES, Frame, decode, move_counts, parse_equation, is_true

DEFAULTS: dict[str, Any] = {
    "ink_threshold": 0.3,
    "sample_span": [0.15, 0.85],
    "operator_sample_span": [0.05, 0.95],
    "perpendicular_tolerance": 0.07,
    "occupied_cut": 0.45,
    "confident_margin": 0.15,
    "stray_min_length": 0.55,
    "stray_min_width_px": 2.0,
    "explained_margin_px": 2.0,
    "slot_width_cap": 1.35,
    "doubled_width_ratio": 1.5,
    "wide_slot_ratio": 1.25,
    "frame_seed_px": 8.0,
    "frame_excess_ratio": 0.35,
    "frame_chroma_excess": 0.25,
    "faint_ink_min": 0.08,
    "faint_ink_ratio": 0.15,
    "off_line_ratio": 0.6,
    "off_line_min_px": 5.5,
    "mark_min_extent": 0.12,
    "mark_min_area": 0.004,
    "mark_dot_min_extent": 0.06,
    "mark_head_radius": 1.0,
    "occupied_full_fill": 0.9,
    "dash_gap_max": 0.1,
    "layout_fit_min_gain": 2.0,
    "layout_fit_max_shift": 0.25,
    "layout_fit_max_scale": 0.12,
    "layout_fit_max_kept_share": 0.75,
    "pale_gap_ink_ratio": 0.5,
    "pale_gap_px": 5,
    "halo_ratio": 1.0,
    "thick_slot_ratio": 0.15,
    "thick_slot_min_px": 2.0,
}
_SAMPLES = 24


@dataclass
class StickReading:
    """What the reader saw: per slot the inked fraction ``fill``, the decision ``occupied`` and its
    ``confidence`` (0..1); plus ``strays``, sticks lying outside every slot ({bbox, sticks, length})."""

    occupied: list[bool]
    fill: list[float]
    confidence: list[float]
    strays: list[dict[str, Any]] = field(default_factory=list)
    unsure_marks: list[dict[str, Any]] = field(default_factory=list)
    measured: dict[str, float] = field(default_factory=dict)
    marks: list[dict[str, Any]] = field(default_factory=list)  # other ink nothing explains: a dot, a "7"
    layout: dict[str, Any] | None = None  # the slots as read, when fitted onto a redrawn equation (fit_layout)

    @property
    def stray_sticks(self) -> int:
        return sum(s["sticks"] for s in self.strays)

    @property
    def stick_count(self) -> int:
        return sum(self.occupied) + self.stray_sticks

    @property
    def min_confidence(self) -> float:
        return min(self.confidence) if self.confidence else 0.0


def frame_from_layout(layout: dict[str, Any]) -> Frame:
    """The symbol kinds, recovered from the segment names of ``layout.slots``."""
    names: dict[int, set[str]] = {}
    for sl in layout["slots"]:
        names.setdefault(int(sl["symbol"]), set()).add(sl["segment"])
    kinds = []
    for i in range(len(names)):
        kind = next((k for k, segs in SLOT_NAMES.items() if set(segs) == names[i]), None)
        if kind is None:
            raise ValueError(f"symbol {i} has slots {sorted(names[i])} that match no symbol kind")
        kinds.append(kind)
    return Frame(tuple(kinds))


def stick_length(layout: dict[str, Any]) -> float:
    """Median slot length in pixels (the stick length L)."""
    return float(statistics.median(math.dist(sl["p0"], sl["p1"]) for sl in layout["slots"]))


def symbol_bbox(layout: dict[str, Any], symbol: int, pad: float | None = None) -> list[int]:
    """Pixel box around every slot of ``symbol``, padded by half a stick width (or ``pad``)."""
    pts = [p for sl in layout["slots"] if sl["symbol"] == symbol for p in (sl["p0"], sl["p1"])]
    pad = float(layout.get("stick_width", 8)) if pad is None else pad
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return [math.floor(min(xs) - pad), math.floor(min(ys) - pad), math.ceil(max(xs) + pad), math.ceil(max(ys) + pad)]


def slot_bbox(layout: dict[str, Any], index: int) -> list[int]:
    sl = layout["slots"][index]
    pad = float(layout.get("stick_width", 8))
    xs, ys = (sl["p0"][0], sl["p1"][0]), (sl["p0"][1], sl["p1"][1])
    return [math.floor(min(xs) - pad), math.floor(min(ys) - pad), math.ceil(max(xs) + pad), math.ceil(max(ys) + pad)]


def ink_map(image: np.ndarray, mark_px: float | None = None) -> np.ndarray:
    """Per pixel 0..1: the largest channel deficit relative to the paper colour, so that any ink colour
    (dark, saturated, light wood) counts and white or re-tinted paper does not. With ``mark_px`` (the
    size of the largest mark that is not paper) the paper is also taken locally (the shared
    :func:`genpuzzle.verifiers.cells.paper_map`), so a shadow across the page is not ink."""
    return _ink_and_paper(image, mark_px)[0]


def _ink_and_paper(image: np.ndarray, mark_px: float | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(:func:`ink_map`, the image with its paper evened out, the paper colour)."""
    rgb = np.ascontiguousarray(np.asarray(image, dtype=np.uint8)[:, :, :3])
    if mark_px is not None:
        from genpuzzle.verifiers.cells import _luma, paper_map

        light = paper_map(_luma(rgb), mark_px, rgb)
        level = float(np.percentile(light, 90))
        if float(light.min()) < 0.97 * level:  # uneven paper: even it out before measuring ink
            gain = (level / np.maximum(light, 1.0)).astype(np.float32)
            rgb = np.clip(rgb.astype(np.float32) * gain[:, :, None], 0, 255).astype(np.uint8)
    h, w = rgb.shape[:2]
    small = cv2.resize(rgb, (max(1, w // 4), max(1, h // 4)), interpolation=cv2.INTER_AREA) if min(h, w) >= 8 else rgb
    px = small.reshape(-1, 3)
    bright = px[px.astype(np.int32).sum(axis=1) >= 3 * 96]
    paper = np.median(bright, axis=0) if len(bright) else np.array([255.0, 255.0, 255.0])
    gain = 255.0 / np.maximum(paper.astype(np.float64), 16.0)
    scaled = cv2.transform(rgb, np.diag(gain).astype(np.float32))  # saturates at 255
    r, g, b = cv2.split(scaled)
    darkest = cv2.min(cv2.min(r, g), b)
    return (255.0 - darkest.astype(np.float32)) * np.float32(1.0 / 255.0), rgb, paper


LIGHT_INK_HEADROOM = 45  # a channel shows sticks paler than the paper only where the paper leaves this much room


def light_ink(rgb: np.ndarray, paper: np.ndarray) -> np.ndarray | None:
    """Per pixel 0..1: how much paler than the paper it is, in the channels where the paper is at least
    :data:`LIGHT_INK_HEADROOM` below white, as a share of that room (pale wooden sticks on a darker table
    or card). None when the paper leaves no room (white paper: nothing is paler)."""
    room = 255.0 - paper.astype(np.float64)
    channels = [c for c in range(3) if room[c] >= LIGHT_INK_HEADROOM]
    if not channels:
        return None
    out = None
    for c in channels:
        v = (rgb[:, :, c].astype(np.float32) - np.float32(paper[c])) * np.float32(1.0 / room[c])
        out = v if out is None else np.maximum(out, v)
    return np.clip(out, 0.0, 1.0)


CONTRAST_KEPT_MIN = 0.45  # the ink threshold is never lowered below this share of the rubric's
CONTRAST_SCALE_BELOW = 0.9  # a page keeping at least this share of the sticks' ink is read as drawn


def answer_ink(image: np.ndarray, layout: dict[str, Any]) -> np.ndarray:
    """The :func:`ink_map` :func:`read_sticks` reads (local paper taken at half a stick's length); inside the
    frame also sticks paler than the paper (:func:`light_ink`): a photo of light matches on a darker table
    shows them lighter than the paper around them, which the darkness ink alone reads as no stick at all."""
    ink, rgb, paper = _ink_and_paper(image, 0.5 * stick_length(layout))
    pale = light_ink(rgb, paper)
    if pale is not None and _pale_sticks(pale, layout):
        pale = np.where(pale >= DEFAULTS["ink_threshold"], pale, np.float32(0))  # no faint pale ink
        h, w = ink.shape
        fx0, fy0, fx1, fy1 = (int(round(float(v))) for v in layout.get("frame_bbox", [0, 0, w, h]))
        inset = 3 * FRAME_INSET_PX
        ys, xs = slice(max(0, fy0 + inset), max(0, fy1 - inset)), slice(max(0, fx0 + inset), max(0, fx1 - inset))
        ink[ys, xs] = np.maximum(ink[ys, xs], pale[ys, xs])
    return ink


FRAME_INSET_PX = 3  # pale ink is read from three times this inside the frame line (off the caption, the bars)
PALE_PAGE_SHARE = 0.5  # pale ink is read only on a page where it lies along most of the input's sticks


def _pale_sticks(pale: np.ndarray, layout: dict[str, Any]) -> bool:
    """Whether the sticks of this page are drawn paler than its paper: pale ink (>= the ink threshold)
    within 3 px of the line along at least :data:`PALE_PAGE_SHARE` of the input's occupied slots (a page
    of dark sticks on white or tinted paper is read exactly as before)."""
    h, w = pale.shape
    hits, total = 0, 0
    for sl, on in zip(layout["slots"], layout.get("occupied", [])):
        if not on:
            continue
        p0, p1 = np.array(sl["p0"], np.float64), np.array(sl["p1"], np.float64)
        d = p1 - p0
        n = np.array([-d[1], d[0]]) / (float(np.hypot(*d)) or 1.0)
        c = p0[None, :] + np.linspace(0.2, 0.8, 12)[:, None] * d[None, :]
        pts = c[:, None, :] + np.arange(-3, 4)[None, :, None] * n[None, None, :]
        xs = np.clip(np.round(pts[..., 0]).astype(np.int64), 0, w - 1)
        ys = np.clip(np.round(pts[..., 1]).astype(np.int64), 0, h - 1)
        hits += int((pale[ys, xs] >= DEFAULTS["ink_threshold"]).any(axis=1).sum())
        total += len(c)
    return total > 0 and hits >= PALE_PAGE_SHARE * total


def page_contrast(ink: np.ndarray, input_image: np.ndarray) -> float:
    """The share of the input sticks' ink the answer page kept where the input has sticks: the median over
    those pixels of the answer's strongest ink (``ink``, :func:`answer_ink`) within 2 px, over the
    input's. ~1 for a page drawn as given, ~0.5 for a page washed out to half its contrast; moved sticks
    are a few of many and do not move the median. 1.0 when the input has too little stick ink to measure.
    (The input is the generated page on even paper, so its ink needs no local paper map.)"""
    i = ink_map(input_image)
    if ink.shape != i.shape:
        return 1.0
    sticks = i >= DEFAULTS["ink_threshold"]
    if int(sticks.sum()) < 50:
        return 1.0
    near = cv2.dilate(ink, np.ones((5, 5), np.uint8))
    return float(np.median(near[sticks] / i[sticks]))


def contrast_params(params: dict[str, Any], kept: float) -> dict[str, Any]:
    """``params`` with the ink threshold scaled to a washed-out page: by ``kept`` (the
    :func:`page_contrast`) when it is below :data:`CONTRAST_SCALE_BELOW`, never below
    :data:`CONTRAST_KEPT_MIN` of it; never raised."""
    if kept >= CONTRAST_SCALE_BELOW:
        return params
    base = {**DEFAULTS, **params}
    return {**params, "ink_threshold": base["ink_threshold"] * max(CONTRAST_KEPT_MIN, kept)}


def _point_segment_distance(px: np.ndarray, py: np.ndarray, a: tuple[float, float], b: tuple[float, float]) -> np.ndarray:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    t = np.clip(((px - ax) * dx + (py - ay) * dy) / max(dx * dx + dy * dy, 1e-9), 0.0, 1.0)
    return np.hypot(px - (ax + t * dx), py - (ay + t * dy))


def _fill_stick_holes(hit: np.ndarray, max_short_side: float) -> np.ndarray:
    """``hit`` with the paper enclosed by narrow outlines filled in, so an outlined stick with a pale body
    reads as one solid stick. Only enclosed regions narrower than ``max_short_side`` are filled: the
    inside of a closed '0' or '8' stays paper."""
    background = (~hit).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(background, connectivity=4)
    h, w = hit.shape
    x, y, bw, bh = stats[:, 0], stats[:, 1], stats[:, 2], stats[:, 3]
    inside = (x > 0) & (y > 0) & (x + bw < w) & (y + bh < h)
    inside[0] = False
    enclosed = inside & (np.minimum(bw, bh) <= max_short_side)
    # a slanted stick's body has a wide axis-aligned box: measure its width as twice the largest
    # distance from its paper to the outline instead
    slanted = np.nonzero(inside & ~enclosed & (stats[:, 4] <= max_short_side * np.hypot(bw, bh)))[0]
    if len(slanted):
        dist = cv2.distanceTransform(background, cv2.DIST_L2, 3)
        for c in slanted:
            x0, y0 = int(x[c]), int(y[c])
            crop = labels[y0:y0 + int(bh[c]), x0:x0 + int(bw[c])] == c
            if 2.0 * float(dist[y0:y0 + int(bh[c]), x0:x0 + int(bw[c])][crop].max()) <= max_short_side:
                enclosed[c] = True
    if count <= 1 or not enclosed[1:].any():
        return hit
    return hit | enclosed[labels]


_SAMPLE_CACHE: dict[tuple[Any, ...], list[tuple[np.ndarray, np.ndarray]]] = {}


def _slot_sample_points(layout: dict[str, Any], tol: float, T: float, span: tuple[float, float],
                        operator_span: tuple[float, float]) -> list[tuple[np.ndarray, np.ndarray]]:
    """Per slot the pixel rows and columns (samples x offsets) its fill is read at: ``_SAMPLES`` points
    along the slot, each with +-tol px across it, skipping points where another slot of the same symbol
    crosses or comes close (the '+' centre...). Depends on the layout only, so it is cached."""
    slots_ = layout["slots"]
    key = (tuple((sl["symbol"], sl["segment"], *sl["p0"], *sl["p1"]) for sl in slots_), tol, T, span, operator_span)
    cached = _SAMPLE_CACHE.get(key)
    if cached is not None:
        return cached
    kinds = frame_from_layout(layout).kinds
    offsets = np.arange(-math.ceil(tol), math.ceil(tol) + 1, dtype=np.float32)
    out = []
    for sl in slots_:
        p0, p1 = np.array(sl["p0"], np.float32), np.array(sl["p1"], np.float32)
        d = p1 - p0
        u = d / (float(np.hypot(*d)) or 1.0)
        n = np.array([-u[1], u[0]], np.float32)
        lo, hi = span if kinds[sl["symbol"]] == "digit" else operator_span
        ts = np.linspace(lo, hi, _SAMPLES, dtype=np.float32)
        centres = p0[None, :] + ts[:, None] * d[None, :]
        keep = np.ones(len(ts), bool)
        for other in slots_:
            if other is sl or other["symbol"] != sl["symbol"]:
                continue
            dist = _point_segment_distance(centres[:, 0], centres[:, 1], tuple(other["p0"]), tuple(other["p1"]))
            keep &= dist > tol + 0.5 * T
        if keep.sum() < 4:
            keep[:] = True
        pts = centres[keep][:, None, :] + offsets[None, :, None] * n[None, None, :]
        out.append((np.round(pts[..., 1]).astype(np.int64), np.round(pts[..., 0]).astype(np.int64)))
    if len(_SAMPLE_CACHE) >= 64:
        _SAMPLE_CACHE.clear()
    _SAMPLE_CACHE[key] = out
    return out


def read_sticks(image: np.ndarray, layout: dict[str, Any], params: dict[str, Any] | None = None,
                ink: np.ndarray | None = None) -> StickReading:
    """Read slot occupancy and stray sticks from ``image`` (RGB, registered into the input frame); ``ink``
    is its :func:`answer_ink` when the caller has it already."""
    p = {**DEFAULTS, **(params or {})}
    if ink is None:
        ink = answer_ink(image, layout)
    h, w = ink.shape
    L = stick_length(layout)
    T = float(layout.get("stick_width", 0.16 * L))
    hit = ink >= p["ink_threshold"]
    # a pale gap between inked edges that is itself tinted (the highlight along a shaded round stick) is
    # part of the stick: gaps of up to pale_gap_px closed where the ink is at least pale_gap_ink_ratio of
    # the ink level, and only along a slot's line (within half a stick width of it): the blurred gap between
    # the two sticks of an '=' or a stick and another beside it lies off every slot line and stays open
    gap = int(p["pale_gap_px"])
    if gap >= 2:
        closed = cv2.morphologyEx(hit.astype(np.uint8), cv2.MORPH_CLOSE,
                                  cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (gap, gap))) > 0
        lines = np.zeros(hit.shape, np.uint8)
        for sl in layout["slots"]:
            cv2.line(lines, (round(sl["p0"][0]), round(sl["p0"][1])), (round(sl["p1"][0]), round(sl["p1"][1])), 1,
                     max(1, int(round(T))))
        hit |= closed & (lines > 0) & (ink >= p["pale_gap_ink_ratio"] * p["ink_threshold"])
    # outlined sticks are filled where the sticks are drawn: the symbol area and a margin around it
    ax0, ay0, ax1, ay1 = layout.get("area_bbox", [0, 0, w, h])
    pad = int(0.5 * L)
    ys_, xs_ = slice(max(0, int(ay0) - pad), min(h, int(ay1) + pad)), slice(max(0, int(ax0) - pad), min(w, int(ax1) + pad))
    if ys_.stop - ys_.start > 2 and xs_.stop - xs_.start > 2:
        hit[ys_, xs_] = _fill_stick_holes(hit[ys_, xs_], 0.35 * L)
    tol = max(3.0, p["perpendicular_tolerance"] * L)
    layout, fit = fit_layout(hit, layout, p)
    slots_ = layout["slots"]
    fills, confs, occupied, samples = [], [], [], []
    for ys, xs in _slot_sample_points(layout, tol, T, tuple(p["sample_span"]), tuple(p["operator_sample_span"])):
        xs, ys = np.clip(xs, 0, w - 1), np.clip(ys, 0, h - 1)
        on = hit[ys, xs].any(axis=1)
        fill = float(on.mean())
        samples.append((ys, xs))
        fills.append(fill)
        occupied.append(fill >= p["occupied_cut"])
        # a slot is surely filled only by a whole stick: ink along part of it (a stick half erased or half
        # drawn) is measured against a full one, so it stays unsure well above the cut; a stick drawn
        # dashed or dotted is whole (its short gaps are bridged), a stick cut short or half erased is not
        full = max(p["confident_margin"], p["occupied_full_fill"] - p["occupied_cut"])
        whole = _bridged_fill(on, ys, xs, p["dash_gap_max"] * L) if fill >= p["occupied_cut"] else fill
        confs.append(min(1.0, abs(whole - p["occupied_cut"]) / (full if fill >= p["occupied_cut"]
                                                                  else p["confident_margin"])))
    rgb = np.asarray(image, dtype=np.uint8)[:, :, :3]
    strays, unsure, measured, marks = _account_for_ink(ink, hit, rgb, layout, occupied, samples, L, T, tol, p)
    if fit is not None:
        measured["layout_fit"] = fit
    return StickReading(occupied, fills, confs, strays, unsure, measured, marks, layout if fit is not None else None)


_FIT_TOL_PX = 2  # the fit counts a slot's sample as inked only where ink lies within 2 px of its line
_FIT_WEIGHTS = np.array([0.4, 0.7, 1.0, 0.7, 0.4])  # the more the nearer: the fit centres slots on sticks


def _fit_score(hit: np.ndarray, xs: np.ndarray, ys: np.ndarray, slot_of: np.ndarray, n_slots: int,
               centre: tuple[float, float], sx: float, sy: float, dx: float, dy: float) -> float:
    """Sum over slots of the share of their samples with ink within ``_FIT_TOL_PX`` of the slot's line (weighted
    by :data:`_FIT_WEIGHTS`: ink on the line counts 1, 2 px beside it 0.4), the
    slots moved by ``x -> cx + sx (x - cx) + dx``, ``y -> cy + sy (y - cy) + dy``."""
    return float(_fit_scores(hit, xs, ys, slot_of, n_slots, centre, sx, sy, np.array([dx]), np.array([dy]))[0])


def _fit_scores(hit: np.ndarray, xs: np.ndarray, ys: np.ndarray, slot_of: np.ndarray, n_slots: int,
                centre: tuple[float, float], sx: float, sy: float, dxs: np.ndarray, dys: np.ndarray) -> np.ndarray:
    """:func:`_fit_score` for every shift pair ``(dxs[i], dys[i])`` at once."""
    h, w = hit.shape
    cx, cy = centre
    X = np.clip(np.round(cx + sx * (xs[None] - cx) + dxs[:, None, None]).astype(np.int64), 0, w - 1)
    Y = np.clip(np.round(cy + sy * (ys[None] - cy) + dys[:, None, None]).astype(np.int64), 0, h - 1)
    on = (hit[Y, X] * _FIT_WEIGHTS[None, None, :]).max(axis=2)  # (shifts, samples)
    counts = np.maximum(np.bincount(slot_of, minlength=n_slots), 1)
    share = 1.0 / counts[slot_of]  # each sample's share of its slot
    return on @ share


def fit_layout(hit: np.ndarray, layout: dict[str, Any], params: dict[str, Any] | None = None
               ) -> tuple[dict[str, Any], dict[str, float] | None]:
    """The slot layout moved onto the answer's sticks when the whole equation was redrawn a little
    narrower, wider, higher or lower than the input (registration aligns the page, i.e. the frame, not the
    equation inside it): the scale (x and y about the slots' centre, up to ``layout_fit_max_scale``) and
    shift (up to ``layout_fit_max_shift`` L) that put the most slot samples on ink within 2 px of the slot
    lines. Kept only when it puts at least ``layout_fit_min_gain`` slots' worth more samples on ink than the
    layout as given and the layout as given reaches at most ``layout_fit_max_kept_share`` of that (one moved
    stick is worth one slot; a page drawn in place gains nothing; thick sticks with a pale middle gain a
    little from sitting on their dark edges), so a well-placed answer is read exactly as before. Returns
    (layout, fit) -- fit None when the layout is kept; the frame and the edit area are never moved."""
    p = {**DEFAULTS, **(params or {})}
    slots_ = layout["slots"]
    L = stick_length(layout)
    xs_l, ys_l, slot_l = [], [], []
    for j, sl in enumerate(slots_):
        p0, p1 = np.array(sl["p0"], np.float64), np.array(sl["p1"], np.float64)
        d = p1 - p0
        u = d / (float(np.hypot(*d)) or 1.0)
        n = np.array([-u[1], u[0]])
        ts = np.linspace(0.15, 0.85, 12)
        c = p0[None, :] + ts[:, None] * d[None, :]
        offs = np.arange(-_FIT_TOL_PX, _FIT_TOL_PX + 1, dtype=np.float64)
        pts = c[:, None, :] + offs[None, :, None] * n[None, None, :]
        xs_l.append(pts[..., 0])
        ys_l.append(pts[..., 1])
        slot_l.append(np.full(len(ts), j))
    xs, ys, slot_of = np.concatenate(xs_l), np.concatenate(ys_l), np.concatenate(slot_l)
    allx = [q[0] for sl in slots_ for q in (sl["p0"], sl["p1"])]
    ally = [q[1] for sl in slots_ for q in (sl["p0"], sl["p1"])]
    centre = ((min(allx) + max(allx)) / 2, (min(ally) + max(ally)) / 2)
    n_slots = len(slots_)

    def score(q: tuple[float, float, float, float]) -> float:
        # among equal fits the one nearest the layout as given (1e-3 slot per px of movement at the edges)
        spread = 0.5 * max(max(allx) - min(allx), max(ally) - min(ally))
        moved = abs(q[0] - 1) * spread + abs(q[1] - 1) * spread + abs(q[2]) + abs(q[3])
        return _fit_score(hit, xs, ys, slot_of, n_slots, centre, *q) - 1e-3 * moved

    base = score((1.0, 1.0, 0.0, 0.0))
    smax, dmax = p["layout_fit_max_scale"], p["layout_fit_max_shift"] * L
    best, best_q = base, (1.0, 1.0, 0.0, 0.0)
    # coarse: x scale and shift, then y scale and shift (every shift of one scale in one batch), then a joint
    # refinement
    spread = 0.5 * max(max(allx) - min(allx), max(ally) - min(ally))
    shifts = np.arange(-dmax, dmax + 1e-9, 2.0)
    zeros = np.zeros_like(shifts)
    for sx in np.arange(1 - smax, 1 + smax + 1e-9, 0.02):
        vals = _fit_scores(hit, xs, ys, slot_of, n_slots, centre, float(sx), 1.0, shifts, zeros)
        vals = vals - 1e-3 * (abs(sx - 1) * spread + np.abs(shifts))
        i = int(np.argmax(vals))
        if vals[i] > best + 1e-9:
            best, best_q = float(vals[i]), (float(sx), 1.0, float(shifts[i]), 0.0)
    for sy in np.arange(1 - smax, 1 + smax + 1e-9, 0.02):
        vals = _fit_scores(hit, xs, ys, slot_of, n_slots, centre, best_q[0], float(sy),
                           np.full_like(shifts, best_q[2]), shifts)
        vals = vals - 1e-3 * (abs(best_q[0] - 1) * spread + abs(sy - 1) * spread + abs(best_q[2]) + np.abs(shifts))
        i = int(np.argmax(vals))
        if vals[i] > best + 1e-9:
            best, best_q = float(vals[i]), (best_q[0], float(sy), best_q[2], float(shifts[i]))
    steps = (0.01, 0.01, 1.0, 1.0)
    for _ in range(3):
        improved = False
        for k in range(4):
            for sign in (-1, 1):
                q = list(best_q)
                q[k] += sign * steps[k]
                if abs(q[0] - 1) > smax or abs(q[1] - 1) > smax or abs(q[2]) > dmax or abs(q[3]) > dmax:
                    continue
                v = score(tuple(q))
                if v > best + 1e-9:
                    best, best_q, improved = v, tuple(q), True
        if not improved:
            break
    if best < base + p["layout_fit_min_gain"] or base > p["layout_fit_max_kept_share"] * best:
        return layout, None
    sx, sy, dx, dy = best_q
    cx, cy = centre

    def move(q: Any) -> list[float]:
        return [round(cx + sx * (q[0] - cx) + dx, 2), round(cy + sy * (q[1] - cy) + dy, 2)]

    moved = {**layout, "slots": [{**sl, "p0": move(sl["p0"]), "p1": move(sl["p1"])} for sl in slots_]}
    return moved, {"scale_x": round(sx, 3), "scale_y": round(sy, 3), "shift_x": round(dx, 1), "shift_y": round(dy, 1),
                   "centre": [round(cx, 2), round(cy, 2)],
                   "slots_on_ink": round(best, 2), "slots_on_ink_as_given": round(base, 2)}


def read_answer(answer: np.ndarray, layout: dict[str, Any], reader: dict[str, Any], input_image: np.ndarray
                ) -> tuple[StickReading, float, np.ndarray]:
    """(reading, page contrast kept, ink) of an answer registered into the input frame: the ink threshold is
    scaled to the contrast the page kept where the input's sticks are (:func:`page_contrast`); when the
    slots were fitted onto an equation redrawn narrower or higher (:func:`fit_layout`), the contrast is
    measured again where the input's sticks are after that fit (measured where the input has them, a
    moved equation looks washed out and its threshold would be lowered for nothing)."""
    ink = answer_ink(answer, layout)
    kept = page_contrast(ink, input_image)
    reading = read_sticks(answer, layout, contrast_params(reader, kept), ink=ink)
    fit = reading.measured.get("layout_fit")
    if fit is not None and kept < CONTRAST_SCALE_BELOW:
        sx, sy, dx, dy = fit["scale_x"], fit["scale_y"], fit["shift_x"], fit["shift_y"]
        cx, cy = fit["centre"]
        m = np.float32([[sx, 0, cx - sx * cx + dx], [0, sy, cy - sy * cy + dy]])
        h, w = input_image.shape[:2]
        moved = cv2.warpAffine(np.ascontiguousarray(input_image[:, :, :3]), m, (w, h), flags=cv2.INTER_LINEAR,
                               borderValue=(255, 255, 255))
        refit = page_contrast(ink, moved)
        if refit > kept:
            kept = refit
            reading = read_sticks(answer, layout, contrast_params(reader, kept), ink=ink)
            reading.measured["contrast_after_fit"] = round(kept, 3)
    return reading, kept, ink


def _bridged_fill(on: np.ndarray, ys: np.ndarray, xs: np.ndarray, max_gap_px: float) -> float:
    """The inked fraction of a slot's samples ``on`` (in order along the slot; rows of ``ys``/``xs``) with
    every gap between two inked samples no longer than ``max_gap_px`` counted as ink: the dashes of a
    dashed or dotted stick make one whole stick."""
    if len(on) < 3 or on.all() or not on.any():
        return float(on.mean())
    mid = ys.shape[1] // 2
    step = float(np.median(np.hypot(np.diff(xs[:, mid]), np.diff(ys[:, mid])))) or 1.0
    max_gap = int(max_gap_px // step)
    out = on.copy()
    inked = np.flatnonzero(on)
    for a, b in zip(inked[:-1], inked[1:]):
        if 1 < b - a <= max_gap + 1:
            out[a + 1:b] = True
    return float(out.mean())


def _ink_runs(hit: np.ndarray, lines: list[tuple[np.ndarray, np.ndarray, np.ndarray]], reach: int,
              seed_tol: float, rgb: np.ndarray | None = None) -> list[tuple[np.ndarray, ...]]:
    """Across each line (p0, p1, ts) at its positions ``ts``: the run of ink that crosses the line (the
    contiguous ink pixels, along the normal, containing the ink nearest the line within ``seed_tol``).

    Returns per line (centres (m, 2), normal, lo, hi): lo/hi are signed offsets in px along the normal,
    clipped to +-``reach``; NaN where no ink lies within ``seed_tol`` of the line. With ``rgb`` (the
    image), each tuple also holds the largest chroma (max - min channel, 0..1) inside each run. All lines
    are read in one batch.
    """
    h, w = hit.shape
    all_centres, all_normals, normals = [], [], []
    for p0, p1, ts in lines:
        d = p1 - p0
        u = d / (float(np.hypot(*d)) or 1.0)
        n = np.array([-u[1], u[0]], np.float32)
        normals.append(n)
        all_centres.append(p0[None, :] + ts[:, None] * d[None, :])
        all_normals.append(np.broadcast_to(n, (len(ts), 2)))
    if not lines:
        return []
    centres, nrm = np.concatenate(all_centres), np.concatenate(all_normals)
    offsets = np.arange(-reach, reach + 1, dtype=np.float32)
    pts = centres[:, None, :] + offsets[None, :, None] * nrm[:, None, :]
    xs, ys = np.round(pts[..., 0]).astype(np.int64), np.round(pts[..., 1]).astype(np.int64)
    inside = (xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)
    np.clip(xs, 0, w - 1, out=xs)
    np.clip(ys, 0, h - 1, out=ys)
    prof = hit[ys, xs] & inside
    k = prof.shape[1]
    idx = np.arange(k)
    # nearest ink to the line (index `reach`) within seed_tol
    dist = np.where(prof, np.abs(idx - reach), k)
    dist[:, np.abs(idx - reach) > seed_tol] = k
    seed = dist.argmin(axis=1)
    rows = np.arange(len(seed))
    found = dist[rows, seed] < k
    last_gap = np.maximum.accumulate(np.where(prof, -1, idx[None, :]), axis=1)
    next_gap = np.minimum.accumulate(np.where(prof, k, idx[None, :])[:, ::-1], axis=1)[:, ::-1]
    lo = (last_gap[rows, seed] + 1 - reach).astype(np.float32)
    hi = (next_gap[rows, seed] - 1 - reach).astype(np.float32)
    lo[~found], hi[~found] = np.nan, np.nan
    colour = None
    if rgb is not None:
        in_run = (idx[None, :] >= (lo + reach)[:, None]) & (idx[None, :] <= (hi + reach)[:, None])
        px = rgb[ys, xs].astype(np.int16)
        chroma = (px.max(axis=2) - px.min(axis=2)) * np.float32(1 / 255)
        colour = np.where(in_run, chroma, 0).max(axis=1)
    out: list[tuple[np.ndarray, ...]] = []
    start = 0
    for (_, _, ts), n in zip(lines, normals):
        sl = slice(start, start + len(ts))
        start += len(ts)
        out.append((centres[sl], n, lo[sl], hi[sl]) + ((colour[sl],) if colour is not None else ()))
    return out


def _explain_band(explained: np.ndarray, centres: np.ndarray, n: np.ndarray, lo: np.ndarray, hi: np.ndarray,
                  width: float, margin: float, label: int) -> None:
    """Mark as explained, at each position, a window ``width`` wide inside the crossing run (as close to
    the line as the run allows; centred on the line where no ink crosses), widened by ``margin``; the band's pixels get ``label``."""
    lo_ = np.where(np.isnan(lo), -width / 2, lo)
    hi_ = np.where(np.isnan(hi), width / 2, hi)
    run = hi_ - lo_ + 1
    win = np.minimum(run, width)
    centre = np.clip(0.0, lo_ - 0.5 + win / 2, hi_ + 0.5 - win / 2)
    a = centre - win / 2 - margin
    b = centre + win / 2 + margin
    left = centres + a[:, None] * n[None, :]
    right = centres + b[:, None] * n[None, :]
    poly = np.concatenate([left, right[::-1]]).round().astype(np.int32)
    cv2.fillPoly(explained, [poly], label)


def _lies_across(ts: np.ndarray, lo: np.ndarray, hi: np.ndarray, W: float, wider: np.ndarray) -> bool:
    """Whether the ink along a too-wide slot is a stick crossing it at a shallow angle: the ink sticks out
    on one side of the slot's own stick near one end and on the other side near the other end (a second
    parallel stick sticks out on one side only, a thicker stick on both sides alike). Where the run is
    ``wider`` than a stick, a smaller overhang counts: a tilted or bent single stick shifts its run
    without widening it."""
    mid = (lo + hi) / 2
    own = np.isfinite(mid) & ((hi - lo + 1) <= 1.15 * W)
    centre = float(np.median(mid[own])) if own.sum() >= 3 else 0.0
    for out, need, where in ((0.5 * W + max(3.0, 0.35 * W), 3, np.ones_like(wider)),
                             (0.5 * W + max(2.0, 0.15 * W), 2, wider)):
        low_side = where & np.isfinite(lo) & (lo < centre - out)
        high_side = where & np.isfinite(hi) & (hi > centre + out)
        if (low_side.sum() >= need and high_side.sum() >= need
                and abs(float(np.median(ts[low_side])) - float(np.median(ts[high_side]))) >= 0.2):
            return True
    return False


def _stretches(flags: np.ndarray, max_gap: int) -> list[tuple[int, int]]:
    """Index ranges [i, j] of True runs in ``flags``, bridging gaps of up to ``max_gap`` False values."""
    out: list[tuple[int, int]] = []
    idx = np.nonzero(flags)[0]
    if not len(idx):
        return out
    start = prev = int(idx[0])
    for i in idx[1:]:
        if i - prev > max_gap + 1:
            out.append((start, prev))
            start = int(i)
        prev = int(i)
    out.append((start, prev))
    return out


def _bbox_of(points: np.ndarray) -> list[int]:
    return [int(math.floor(points[:, 0].min())), int(math.floor(points[:, 1].min())),
            int(math.ceil(points[:, 0].max())), int(math.ceil(points[:, 1].max()))]


def _pieces(mask: np.ndarray, min_len: float) -> list[dict[str, Any]]:
    """Connected components of ``mask`` at least ``min_len`` long (bbox), with their min-area rectangle."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    out = []
    for c in range(1, count):
        x, y, bw, bh, area = (int(v) for v in stats[c])
        if math.hypot(bw, bh) < min_len:
            continue
        ys, xs = np.nonzero(labels[y:y + bh, x:x + bw] == c)
        pts = np.column_stack([xs + x, ys + y]).astype(np.float32)
        (cx, cy), (rw, rh), angle = cv2.minAreaRect(pts)
        long_side, short_side = max(rw, rh), min(rw, rh)
        a = math.radians(angle if rw >= rh else angle + 90)
        out.append({"points": pts, "area": area, "centre": (cx, cy), "dir": (math.cos(a), math.sin(a)),
                    "long": long_side, "short": short_side})
    return out


def _merge_collinear(pieces: list[dict[str, Any]], hit: np.ndarray, band: float,
                     orientations: list[tuple[float, float]]) -> list[np.ndarray]:
    """Group pieces that continue one another along one line (a stick cut into parts where it crosses an
    explained stick or the frame): ink all the way between their centres, each piece that has a direction
    pointing along the line joining them, and ends no further apart than an explained band of width
    ``band`` is long when crossed at the shallowest angle the line makes with the slot ``orientations``."""
    parent = list(range(len(pieces)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    cos_max, cos_wedge = math.cos(math.radians(15)), math.cos(math.radians(35))
    for i, a in enumerate(pieces):
        for j in range(i + 1, len(pieces)):
            b = pieces[j]
            dx, dy = b["centre"][0] - a["centre"][0], b["centre"][1] - a["centre"][1]
            dist = math.hypot(dx, dy)
            if dist < 1.0:
                continue
            sines = [abs(ox * dy - oy * dx) / dist for ox, oy in orientations]
            crossing = min([v for v in sines if v > 0.17] or [1.0])
            if dist - a["long"] / 2 - b["long"] / 2 > band / max(crossing, 0.35):
                continue
            # every piece long enough to have a direction must point along the line joining them
            # (a wedge cut off by a band at a shallow angle points less clearly along the stick)
            if any(q["long"] >= 1.4 * max(q["short"], 1.0)
                   and abs(q["dir"][0] * dx + q["dir"][1] * dy)
                   < (cos_max if q["long"] >= 3 * max(q["short"], 1.0) else cos_wedge) * dist for q in (a, b)):
                continue
            if not any(q["long"] >= 1.4 * max(q["short"], 1.0) for q in (a, b)):
                continue
            steps = np.linspace(0.0, 1.0, max(2, int(dist)))
            xs = np.clip(np.round(a["centre"][0] + steps * dx).astype(np.int64), 0, hit.shape[1] - 1)
            ys = np.clip(np.round(a["centre"][1] + steps * dy).astype(np.int64), 0, hit.shape[0] - 1)
            if hit[ys, xs].mean() < 0.9:
                continue
            parent[root(j)] = root(i)
    groups: dict[int, list[np.ndarray]] = {}
    for i, piece in enumerate(pieces):
        groups.setdefault(root(i), []).append(piece["points"])
    return [np.concatenate(g) for g in groups.values()]


def _account_for_ink(ink: np.ndarray, hit: np.ndarray, rgb: np.ndarray, layout: dict[str, Any], occupied: list[bool],
                     samples: list[tuple[np.ndarray, np.ndarray]], L: float, T: float, tol: float, p: dict[str, Any]
                     ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, float], list[dict[str, Any]]]:
    """Everything drawn that neither an occupied slot (one stick of this answer's width) nor the frame
    explains: (strays, unsure marks, measured widths, other marks).

    A stray is stick-shaped ink of at least ``stray_min_length`` L that is at least ``stray_min_width_px``
    wide and as dark as the answer's sticks: in open space, beside or across a stick, on or outside the
    frame, or a second stick doubling a slot's width. An unsure mark is stick-length ink that is fainter
    (down to ``faint_ink_ratio`` of the sticks' ink) or thinner than that: a pale ghost, a hairline.
    Any other mark inside the frame (a dot, a tick, a "7") of at least ``mark_min_extent`` L across and
    ``mark_min_area`` L^2 of ink (:func:`genpuzzle.ink.unexplained_marks`) is a mark at the sticks' ink
    level, or an unsure mark when only faint.
    """
    h, w = hit.shape
    reach = int(math.ceil(0.5 * L))
    margin = p["explained_margin_px"]
    slots_ = layout["slots"]
    ts_mask = np.linspace(-0.06, 1.06, max(8, int(1.12 * L / 3)), dtype=np.float32)
    inner = (ts_mask >= 0.15) & (ts_mask <= 0.85)
    held = [j for j in range(len(slots_)) if occupied[j]]
    lines = [(np.array(slots_[j]["p0"], np.float32), np.array(slots_[j]["p1"], np.float32), ts_mask) for j in held]
    runs = [(j, *r) for j, r in zip(held, _ink_runs(hit, lines, reach, tol))]
    widths = [hi[inner] - lo[inner] + 1 for _, _, _, lo, hi in runs]
    per_slot = [float(np.nanmedian(wd)) for wd in widths if np.isfinite(wd).sum() >= 3]
    W = float(np.median(per_slot)) if per_slot else T
    peaks = []
    wide_slots: list[int] = []
    off_line: list[tuple[int, float]] = []  # (slot, px): a single stick read in the slot but beside its line
    thick: dict[int, float] = {}  # slot -> the width (px) that 60 % of its read band's samples reach
    explained = np.zeros((h, w), np.uint8)  # 0 = unexplained, else the label of the band: slot j -> j + 1
    band_dirs: dict[int, tuple[float, float]] = {}
    strays: list[dict[str, Any]] = []
    for (j, centres, n, lo, hi), wd in zip(runs, widths):
        slot_w = float(np.nanmedian(wd)) if np.isfinite(wd).sum() >= 3 else W
        _explain_band(explained, centres, n, lo, hi, min(max(slot_w, 0.75 * W), p["slot_width_cap"] * W), margin,
                      j + 1)
        band_dirs[j + 1] = _unit(slots_[j]["p0"], slots_[j]["p1"])
        doubled = np.isfinite(wd) & (wd >= max(p["doubled_width_ratio"] * W, W + 3))
        wider = np.isfinite(wd) & (wd >= max(p["wide_slot_ratio"] * W, W + 2.5))
        # a stick crossing at a shallow angle widens only the ends of the slot's run (a V-shaped width
        # profile): a third of the run suffices when the ink sticks out on opposite sides at the two ends
        if wider.sum() >= 0.3 * inner.sum() and _lies_across(ts_mask[inner], lo[inner], hi[inner], W, wider):
            pts = centres[inner]
            strays.append({"bbox": slot_bbox(layout, j), "sticks": 1,
                           "place": f"lying across slot {_slot_name(layout, j)}",
                           "length": round(float(math.dist(pts[0], pts[-1])), 1), "width": round(float(np.nanmedian(wd)), 1),
                           "slot": j})
        elif doubled.sum() < 0.6 * inner.sum() and wider.sum() >= 0.6 * inner.sum():
            wide_slots.append(j)
        elif doubled.sum() >= 0.6 * inner.sum():
            pts = centres[inner][doubled]
            strays.append({"bbox": slot_bbox(layout, j), "sticks": 1, "place": f"doubling slot {_slot_name(layout, j)}",
                           "length": round(float(math.dist(pts[0], pts[-1])), 1), "width": round(float(np.nanmedian(wd)), 1),
                           "slot": j})
        else:
            reached = np.sort(np.where(np.isfinite(wd), wd, -np.inf))[::-1]  # wd: the read band's samples
            if np.isfinite(wd).sum() >= 3:
                thick[j] = float(reached[int(math.ceil(0.6 * len(reached))) - 1])
            # one stick whose ink only reaches the slot's read band from beside it: a stick placed next to
            # the slot (or pulled towards it by a bend) is not confidently in it
            # (also when its ink reaches the band over only part of the slot: a moved stick tilted by a warp)
            mid = ((lo + hi) / 2)[inner]
            single = np.isfinite(mid) & ~wider
            if single.sum() >= max(3, 0.3 * inner.sum()):
                off = float(np.median(mid[single]))
                if abs(off) > max(p["off_line_ratio"] * W, p["off_line_min_px"]):
                    off_line.append((j, off))
        seen = centres[inner][np.isfinite(lo[inner])]
        if len(seen):
            xs = np.clip(np.round(seen[:, 0]).astype(np.int64), 0, w - 1)
            ys = np.clip(np.round(seen[:, 1]).astype(np.int64), 0, h - 1)
            peaks.append(float(np.median(ink[ys, xs])))
    stick_ink = float(np.median(peaks)) if peaks else 1.0
    # a slot read as one stick but thicker than a stick of this page by more than a redraw varies (a second
    # stick drawn three quarters over it: the two read as one stick 1.2x wide, under wide_slot_ratio): over
    # 60 % of the read band at least max(thick_slot_ratio x W, thick_slot_min_px) wider than the answer's
    # stick width, and thick_slot_min_px wider than the thickest other stick of the page (a page drawn with
    # uneven widths shows its own spread)
    for j, tw in thick.items():
        others = [v for k, v in thick.items() if k != j]
        if (tw - W >= max(p["thick_slot_ratio"] * W, p["thick_slot_min_px"])
                and (not others or tw - max(others) >= p["thick_slot_min_px"])):
            wide_slots.append(j)

    fx0, fy0, fx1, fy1 = (float(v) for v in layout.get("frame_bbox", [0, 0, w, h]))
    fw = float(layout.get("frame_width", 3))
    frame_reach = int(math.ceil(2 * max(W, T) + fw + 4))  # a thick stick lying against the frame line
    frame_lines = {"top": ((fx0, fy0 + fw / 2), (fx1, fy0 + fw / 2)), "bottom": ((fx0, fy1 - fw / 2), (fx1, fy1 - fw / 2)),
                   "left": ((fx0 + fw / 2, fy0), (fx0 + fw / 2, fy1)), "right": ((fx1 - fw / 2, fy0), (fx1 - fw / 2, fy1))}
    lines, aways = [], []
    for a, b in frame_lines.values():
        p0, p1 = np.array(a, np.float32), np.array(b, np.float32)
        length = float(np.hypot(*(p1 - p0))) or 1.0
        ts = np.linspace(0, 1, max(8, int(length / 3)), dtype=np.float32)
        lines.append((p0, p1, ts))
        aways.append(np.minimum(ts, 1 - ts) * length >= 0.3 * L + 2 * fw)
    frame_runs = [(side, ln[2], *r[:4], away, r[4]) for side, ln, r, away in
                  zip(frame_lines, lines, _ink_runs(hit, lines, frame_reach, p["frame_seed_px"], rgb), aways)]
    fwidths = np.concatenate([(hi - lo + 1)[away] for _, _, _, _, lo, hi, away, _ in frame_runs])
    fcolours = np.concatenate([colour[away & np.isfinite(lo)] for _, _, _, _, lo, _, away, colour in frame_runs])
    frame_chroma = float(np.median(fcolours)) if len(fcolours) >= 8 else 0.0
    Wf = float(np.nanmedian(fwidths)) if np.isfinite(fwidths).sum() >= 8 else fw
    for f, (side, ts, centres, n, lo, hi, away, colour) in enumerate(frame_runs):
        _explain_band(explained, centres, n, lo, hi, p["slot_width_cap"] * Wf, margin, 251 + f)
        band_dirs[251 + f] = (1.0, 0.0) if side in ("top", "bottom") else (0.0, 1.0)
        # a stick on the frame line makes it wider, or (a coloured stick on a neutral frame) colourful
        wide = away & np.isfinite(lo) & (((hi - lo + 1) >= Wf + max(2.0, p["frame_excess_ratio"] * W))
                                         | (colour >= frame_chroma + p["frame_chroma_excess"]))
        step = float(np.hypot(*(centres[1] - centres[0]))) if len(centres) > 1 else 1.0
        for i, j in _stretches(wide, 2):
            length = (j - i + 1) * step
            if length < p["stray_min_length"] * L:
                continue
            c = centres[i:j + 1]
            ends = np.concatenate([c + np.nanmin(lo[i:j + 1]) * n, c + np.nanmax(hi[i:j + 1]) * n])
            strays.append({"bbox": _bbox_of(ends), "sticks": max(1, round(length / L)), "place": f"on the {side} frame line",
                           "length": round(length, 1), "width": round(float(np.nanmedian((hi - lo + 1)[i:j + 1])), 1)})

    border = np.zeros((h, w), np.uint8)
    border[2:h - 2, 2:w - 2] = 1
    free = (explained == 0) & (border > 0)
    residual = (hit & free).astype(np.uint8)
    residual = cv2.morphologyEx(residual, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    # a stick leaves at least a few hundred pixels of residue; a clean answer skips the labelling
    pieces = _pieces(residual, 0.2 * L) if cv2.countNonZero(residual) >= 0.3 * L * 2 else []
    band = p["slot_width_cap"] * max(W, Wf) + 2 * margin + 4
    orientations = {(round(float(x), 3), round(float(y), 3)) for x, y in
                    (_unit(sl["p0"], sl["p1"]) for sl in slots_)} | {(1.0, 0.0), (0.0, 1.0)}
    for pts in _merge_collinear(pieces, hit, band, sorted(orientations)):
        (cx, cy), (rw, rh), angle = cv2.minAreaRect(pts)
        long_side = max(rw, rh)
        if long_side < p["stray_min_length"] * L:
            # most of a stick lying across slots can hide under their bands: follow its ink through them
            a = math.radians(angle if rw >= rh else angle + 90)
            d = (math.cos(a), math.sin(a))
            length, ends = _follow_across(hit, explained, band_dirs, (cx, cy), d, W, L)
            if length < p["stray_min_length"] * L:
                continue
            pts = np.concatenate([pts, np.array(ends, np.float32)])
            long_side = length
        elif len(pts) < long_side * p["stray_min_width_px"]:
            continue
        box = _bbox_of(pts)
        box[2] += 1
        box[3] += 1
        if any(s.get("slot") is not None and _overlap(box, s["bbox"]) or _shared(box, s["bbox"]) > 0.5
               for s in strays):
            continue  # already counted: the doubling stick of a slot, or one stick followed from two pieces
        strays.append({"bbox": box, "sticks": max(1, round(long_side / L)), "place": _place(box, layout),
                       "length": round(float(long_side), 1), "width": round(float(len(pts) / max(long_side, 1)), 1)})
    for s in strays:
        s.pop("slot", None)

    faint = (ink >= max(p["faint_ink_min"], p["faint_ink_ratio"] * stick_ink)).astype(np.uint8)
    # the soft edge of the sticks themselves (a blurred cast shadow, a photo's falloff) is no faint mark:
    # faint ink reached from a slot's own sure ink within halo_ratio x the stick width, through faint ink
    # that only fades on the way (never darker than the pixel it was reached from), belongs to that stick;
    # a ghost or a hairline has its own rise of ink and is not reached
    steps = int(math.ceil(p["halo_ratio"] * W))
    if steps > 0 and faint.any():
        ink8 = np.clip(ink * 255.0, 0, 255).astype(np.uint8)
        halo = (((explained > 0) & (explained < 251)) & hit).astype(np.uint8)
        kernel = np.ones((3, 3), np.uint8)
        for _ in range(steps):
            reach_ink = cv2.dilate(ink8 * halo, kernel)  # the darkest accepted neighbour
            grow = (faint > 0) & (halo == 0) & (reach_ink > 0) & (ink8 <= reach_ink.astype(np.int16) + 3)
            if not grow.any():
                break
            halo[grow] = 1
        faint[halo > 0] = 0
    grown = cv2.dilate(explained, np.ones((5, 5), np.uint8))
    ambiguous = faint & (grown == 0) & (border > 0)
    for s in strays:
        x0, y0, x1, y1 = s["bbox"]
        ambiguous[max(0, y0 - 3):y1 + 3, max(0, x0 - 3):x1 + 3] = 0
    unsure = [{"bbox": slot_bbox(layout, j), "length": round(math.dist(slots_[j]["p0"], slots_[j]["p1"]), 1),
               "place": f"slot {_slot_name(layout, j)} is wider than the other sticks (two sticks?)"}
              for j in wide_slots]
    unsure += [{"bbox": slot_bbox(layout, j), "length": round(math.dist(slots_[j]["p0"], slots_[j]["p1"]), 1),
                "place": f"the stick in slot {_slot_name(layout, j)} lies {abs(off):.1f} px off the slot's line "
                         "(beside the slot?)"} for j, off in off_line]
    for j, (ys, xs) in enumerate(samples):
        # a pale stick in an empty slot: a ghost left where a stick was, or a faint redraw
        if not occupied[j] and faint[ys, xs].any(axis=1).mean() >= p["occupied_cut"]:
            box = slot_bbox(layout, j)
            unsure.append({"bbox": box, "length": round(math.dist(slots_[j]["p0"], slots_[j]["p1"]), 1),
                           "place": f"faint stick in slot {_slot_name(layout, j)}"})
            ambiguous[max(0, box[1]):max(0, box[3]), max(0, box[0]):max(0, box[2])] = 0
    pieces = _pieces(ambiguous, 0.2 * L) if cv2.countNonZero(ambiguous) >= 0.3 * L else []
    for pts in _merge_collinear(pieces, faint, band, sorted(orientations)):
        (_, _), (rw, rh), _ = cv2.minAreaRect(pts)
        if max(rw, rh) >= p["stray_min_length"] * L:
            box = _bbox_of(pts)
            box[2] += 1
            box[3] += 1
            unsure.append({"bbox": box, "length": round(float(max(rw, rh)), 1),
                           "place": "faint or hairline stick " + _place(box, layout)})
    marks = _other_marks(hit, faint, grown, layout, held, strays, unsure, W, Wf, fw, L, p)
    for m in marks:
        if not m["sure"]:
            unsure.append({"bbox": m["bbox"], "length": m["extent_px"], "area_px": m["area_px"],
                           "place": "faint mark " + m["place"]})
    marks = [m for m in marks if m["sure"]]
    return strays, unsure, {"stick_width": round(W, 1), "frame_width": round(Wf, 1), "stick_ink": round(stick_ink, 3)}, marks


def _other_marks(hit: np.ndarray, faint: np.ndarray, grown: np.ndarray, layout: dict[str, Any], held: list[int],
                 strays: list[dict[str, Any]], unsure: list[dict[str, Any]], W: float, Wf: float, fw: float,
                 L: float, p: dict[str, Any]) -> list[dict[str, Any]]:
    """Marks inside the frame that no occupied slot (its band, grown by 2 px, and a disc of
    ``mark_head_radius`` x W round each end for a head drawn larger), the frame, a stray or an unsure mark
    explains, sized against the stick length L (:func:`genpuzzle.ink.unexplained_marks`)."""
    from genpuzzle.ink import disc_mask, unexplained_marks

    h, w = hit.shape
    slots_ = layout["slots"]
    explained = grown > 0
    ends = [tuple(slots_[j][k]) for j in held for k in ("p0", "p1")]
    if ends:
        explained |= disc_mask(hit.shape, ends, p["mark_head_radius"] * W)
    for s in strays + unsure:
        x0, y0, x1, y1 = s["bbox"]
        explained[max(0, y0 - 3):max(0, y1 + 3), max(0, x0 - 3):max(0, x1 + 3)] = True
    fx0, fy0, fx1, fy1 = (float(v) for v in layout.get("frame_bbox", [0, 0, w, h]))
    inset = int(math.ceil(max(Wf, fw) + 2 * p["explained_margin_px"] + 2))
    region = np.zeros((h, w), bool)
    region[max(0, int(fy0) + inset):max(0, int(fy1) - inset), max(0, int(fx0) + inset):max(0, int(fx1) - inset)] = True
    found = unexplained_marks(hit, faint.astype(bool), explained, L, region,
                              {"min_extent": p["mark_min_extent"], "min_area": p["mark_min_area"],
                               "dot_min_extent": p["mark_dot_min_extent"]})
    return [{**m.to_json(L), "place": _place(m.bbox, layout)} for m in found]


def _follow_across(hit: np.ndarray, explained: np.ndarray, band_dirs: dict[int, tuple[float, float]],
                   start: tuple[float, float], d: tuple[float, float], W: float, L: float
                   ) -> tuple[float, list[tuple[float, float]]]:
    """Length and ends of the straight ink line through ``start`` along ``d``, followed through explained
    bands only where it crosses them (at 20 deg or more to the band's stick); 0 when it runs along one."""
    h, w = hit.shape
    nx, ny = -d[1], d[0]
    lateral = np.arange(-math.ceil(W), math.ceil(W) + 1)
    total, ends, crossed_along = 0.0, [], False
    for sign in (1.0, -1.0):
        x, y = start
        run = miss = 0
        last = (x, y)
        for _ in range(int(1.3 * L)):
            x, y = x + sign * d[0], y + sign * d[1]
            xi, yi = int(round(x)), int(round(y))
            if not (0 <= xi < w and 0 <= yi < h):
                break
            if hit[yi, xi]:
                run += miss + 1
                miss = 0
                last = (x, y)
                label = int(explained[yi, xi])
                if label and abs(d[0] * band_dirs[label][1] - d[1] * band_dirs[label][0]) < 0.34:
                    crossed_along = True
                    break
                # re-centre on the line's ink where it is no wider than a stick
                xs = np.clip(np.round(x + lateral * nx).astype(np.int64), 0, w - 1)
                ys = np.clip(np.round(y + lateral * ny).astype(np.int64), 0, h - 1)
                prof = hit[ys, xs]
                if prof.sum() <= 1.5 * W:
                    on = lateral[prof]
                    shift = float(on.mean()) if len(on) else 0.0
                    x, y = x + 0.5 * shift * nx, y + 0.5 * shift * ny
            else:
                miss += 1
                if miss > 3:
                    break
        total += run
        ends.append(last)
    return (0.0 if crossed_along else total), ends


def _unit(p0: Any, p1: Any) -> tuple[float, float]:
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    length = math.hypot(dx, dy) or 1.0
    return dx / length, dy / length


def _shared(a: list[int], b: list[int]) -> float:
    """Area shared by two boxes, as a fraction of the smaller one."""
    ix = max(0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0, min(a[3], b[3]) - max(a[1], b[1]))
    smaller = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
    return ix * iy / max(smaller, 1)


def _overlap(a: list[int], b: list[int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _place(box: list[int], layout: dict[str, Any]) -> str:
    """Where a stray lies, in words: outside the frame, across/beside a slot, or in open space."""
    fx0, fy0, fx1, fy1 = layout.get("frame_bbox", [-1e9, -1e9, 1e9, 1e9])
    if box[2] <= fx0 or box[0] >= fx1 or box[3] <= fy0 or box[1] >= fy1:
        return "outside the frame"
    if box[0] < fx0 or box[2] > fx1 or box[1] < fy0 or box[3] > fy1:
        return "across the frame"
    near = [j for j in range(len(layout["slots"])) if _overlap(box, slot_bbox(layout, j))]
    if near:
        return "beside or across slot(s) " + ", ".join(_slot_name(layout, j) for j in near[:4])
    return "in open space"


def read_equation(occupied: list[bool], frame: Frame) -> str:
    """The equation the sticks show, ``?`` for a position that is no legal glyph."""
    return "".join(g if g is not None else "?" for g in decode(tuple(occupied), frame))


def check_sticks(reading: StickReading, layout: dict[str, Any], ground_truth: dict[str, Any]
                 ) -> tuple[list[Violation], dict[str, float], dict[str, Any]]:
    """Check a reading against the puzzle: every failed condition is a named violation.

    Returns (violations, subscores, parsed); subscores are 0/1: ``equation_true``, ``glyphs_legal``,
    ``sticks_conserved``, ``moves_exact``.
    """
    frame = frame_from_layout(layout)
    shown = [bool(b) for b in layout["occupied"]]
    k = int(ground_truth["moves"])
    expected = int(ground_truth["stick_count"])
    violations: list[Violation] = []
    glyphs = decode(tuple(reading.occupied), frame)
    equation = read_equation(reading.occupied, frame)

    illegal = [i for i, g in enumerate(glyphs) if g is None]
    for i in illegal:
        segs = [sl["segment"] for sl, on in zip(layout["slots"], reading.occupied) if on and sl["symbol"] == i]
        kind = frame.kinds[i]
        violations.append(Violation(
            "illegal_glyph", f"symbol {i + 1} ({'digit' if kind == 'digit' else kind}) has sticks "
            f"{{{','.join(segs) or 'none'}}}, which form no legal glyph",
            {"symbol": i, "segments": segs, "allowed": sorted(GLYPHS[kind]), "bbox": symbol_bbox(layout, i)}))

    for stray in reading.strays:
        violations.append(Violation(
            "stray_stick", f"{stray['sticks']} stick(s) {stray['place']}, outside every slot",
            {"bbox": stray["bbox"], "sticks": stray["sticks"], "place": stray["place"],
             "length_px": stray["length"], "width_px": stray["width"]}))

    for mark in reading.marks:
        violations.append(Violation(
            "stray_mark", f"a mark of {mark['bbox'][2] - mark['bbox'][0]} x {mark['bbox'][3] - mark['bbox'][1]} px "
            f"({mark['extent_scale']:.2f} stick length) {mark['place']}, no stick: {mark['area_px']} px of ink",
            {"bbox": mark["bbox"], "place": mark["place"], "area_px": mark["area_px"], "extent_px": mark["extent_px"]}))

    count = reading.stick_count
    if count != expected:
        violations.append(Violation("stick_count", f"stick count {count}, expected {expected}",
                                    {"count": count, "expected": expected, "in_slots": sum(reading.occupied),
                                     "outside_slots": reading.stray_sticks}))

    removed_idx = [j for j, (s, r) in enumerate(zip(shown, reading.occupied)) if s and not r]
    added_idx = [j for j, (s, r) in enumerate(zip(shown, reading.occupied)) if r and not s]
    removed, added = move_counts(shown, reading.occupied)
    placed = added + reading.stray_sticks
    if not (removed == placed == k):
        message = (f"moved {removed}, expected {k}" if removed == placed
                   else f"removed {removed} and placed {placed} sticks, expected {k} moved")
        changed = removed_idx + added_idx
        ev: dict[str, Any] = {"removed": removed, "placed": placed, "expected": k,
                              "removed_slots": [_slot_name(layout, j) for j in removed_idx],
                              "added_slots": [_slot_name(layout, j) for j in added_idx]}
        if changed:
            boxes = [slot_bbox(layout, j) for j in changed]
            ev["bbox"] = [min(b[0] for b in boxes), min(b[1] for b in boxes),
                          max(b[2] for b in boxes), max(b[3] for b in boxes)]
        violations.append(Violation("move_count", message, ev))

    true = False
    if not illegal:
        if parse_equation(equation) is None:
            violations.append(Violation("leading_zero", f"{equation} has a number with a leading zero",
                                        {"equation": equation, "bbox": layout.get("area_bbox")}))
        else:
            true = is_true(equation)
            if not true:
                violations.append(Violation("equation_false", f"{equation} is false",
                                            {"equation": equation, "bbox": layout.get("area_bbox")}))
    else:
        violations.append(Violation("equation_false", f"{equation} is not a readable equation "
                                    f"({len(illegal)} illegal glyph(s))",
                                    {"equation": equation, "bbox": layout.get("area_bbox")}))
    subscores = {
        "equation_true": float(true),
        "glyphs_legal": float(not illegal),
        "sticks_conserved": float(count == expected and not reading.strays),
        "moves_exact": float(removed == placed == k),
    }
    parsed = {"equation": equation, "occupied": [bool(b) for b in reading.occupied],
              "stick_count": count, "removed": removed, "placed": placed,
              "strays": reading.strays, "marks": reading.marks}
    return violations, subscores, parsed


def _slot_name(layout: dict[str, Any], j: int) -> str:
    sl = layout["slots"][j]
    return f"{sl['symbol']}:{sl['segment']}"


def matchstick_score(violations: list[Violation]) -> float:
    """Binary score per ``data/rubrics/matchstick.json``: 100 when no condition fails, else 0."""
    return 0.0 if violations else 100.0


def draw_overlay(answer: np.ndarray, layout: dict[str, Any], reading: StickReading) -> np.ndarray:
    """The answer with the read slots drawn: green kept, blue added, red (thin) removed, orange strays and marks."""
    out = np.ascontiguousarray(answer.copy())
    shown = layout["occupied"]
    layout = reading.layout or layout
    for sl, was, now in zip(layout["slots"], shown, reading.occupied):
        a = (round(sl["p0"][0]), round(sl["p0"][1]))
        b = (round(sl["p1"][0]), round(sl["p1"][1]))
        if now:
            cv2.line(out, a, b, (0, 170, 0) if was else (0, 90, 255), 3)
        elif was:
            cv2.line(out, a, b, (220, 0, 0), 1)
    for stray in reading.strays + reading.marks:
        x0, y0, x1, y1 = stray["bbox"]
        cv2.rectangle(out, (x0, y0), (x1, y1), (255, 140, 0), 2)
    return out
