"""Accounting for every mark: ink an answer adds that its reading does not explain.

A verifier reads the part of the answer it understands (sticks in slots, pieces in a silhouette, holes on a
lattice) and names what it explains as a mask. Everything else the answer drew -- a scribble, a tick, a
dot, a stray digit -- is either noise (JPEG, paper texture, anti-aliasing, a heavier redraw's fringe) or a
mark that must be charged. :func:`unexplained_marks` tells them apart by size relative to the puzzle's
own object scale (a stick's length, a tangram unit, a lattice step), never by absolute pixels, and by
ink level: a mark as dark as the answer's own ink is charged, a faint one is only flagged (an unsure
reading never passes).

:func:`added_darkness` is the shared "answer vs input" measure for tracks whose input holds ink of its
own in the checked area: how much darker the answer is than anything of the input's nearby.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

# sizes are fractions of the track's object scale (see each track's rubric, which may override them)
DEFAULTS: dict[str, float] = {
    "min_extent": 0.12,  # longest side of the mark's box, x scale
    "min_area": 0.004,  # inked pixels of the mark, x scale^2
    "join": 0.03,  # pieces closer than this (x scale, >= 1 px) are one mark (a stroke JPEG broke up)
    "min_density": 0.0,  # inked px per px of the mark's extent (a drawn stroke has >= 1; scattered specks less)
    # a solid dot under min_extent (x scale; 0: off): sure ink filling >= dot_min_fill of its box, at least
    # dot_min_extent x scale and DOT_MIN_PX across, is drawn, not noise, but too small to charge: faint (unsure)
    "dot_min_extent": 0.0,
    "dot_min_fill": 0.5,
    # a sure mark under min_extent but at least notice_extent x scale across (0: off), with min_area sure px and
    # min_density, is drawn ink a person notices, too small to charge: returned unsure like a dot (twenty-second session)
    "notice_extent": 0.0,
    "notice_area": 0.0,  # sure px of such a mark, x scale^2 (0: min_area)
    # (twenty-sixth session) a sure stroke at least min_extent long holding fewer than min_area px -- a pen line 2-3 px
    # wide in a large cell or panel, whose min_area grows with the scale squared -- with min_density sure px per px of
    # its extent and NOTICE_MIN_WIDTH_PX across: returned unsure instead of dropped as noise (0: off)
    "thin_strokes": 0.0,
}
NOTICE_MIN_WIDTH_PX = 3  # a noticed small mark spans at least this much both ways
DOT_MIN_PX = 4  # JPEG and resampling leave no solid sure-dark blob this wide; a 3 px one may be either


@dataclass
class Mark:
    """One unexplained mark: ``bbox`` [x0, y0, x1, y1] (px, x1/y1 exclusive), ``area_px`` (inked pixels,
    at any ink level), ``sure_px`` (pixels at the sure ink level), ``extent_px`` (longest box side) and
    ``sure`` (dark enough to be charged; otherwise faint: unsure); ``dot``: a solid dot too small to charge
    (unsure, whatever its darkness)."""

    bbox: list[int]
    area_px: int
    sure_px: int
    extent_px: int
    sure: bool
    dot: bool = False  # a solid dot or a noticed small mark under min_extent (returned unsure: unexplained_marks)

    def to_json(self, scale: float) -> dict[str, Any]:
        out = {"bbox": self.bbox, "area_px": self.area_px, "extent_px": self.extent_px,
               "extent_scale": round(self.extent_px / max(scale, 1e-9), 3), "sure": self.sure}
        return {**out, "dot": True} if self.dot else out


def added_darkness(answer_dark: np.ndarray, input_dark: np.ndarray, tol_px: int) -> np.ndarray:
    """Per pixel: how much darker (0..255 scale of the inputs) the answer is than the darkest input pixel
    within ``tol_px`` (a disc), clipped at 0. Ink the input already had nearby -- also moved a little by
    registration, or drawn thicker -- adds nothing."""
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * int(tol_px) + 1, 2 * int(tol_px) + 1))
    near = cv2.dilate(np.asarray(input_dark, np.float32), k)
    return np.clip(np.asarray(answer_dark, np.float32) - near, 0, None)


def channel_darkness(image: np.ndarray, cell_px: float) -> np.ndarray:
    """Per pixel and channel (H x W x 3, uint8, 0..255): how much darker the channel is than the local
    paper (the shared cell reader's shadow-corrected paper model, each channel's paper the page's paper
    colour scaled by the local paper brightness; ``cell_px``: the largest mark that is not paper). Kept per
    channel so that black ink over a yellow piece is new in the red and green channels."""
    from genpuzzle.verifiers.cells import _luma, _paper_colour, paper_map

    rgb = np.ascontiguousarray(np.asarray(image)[:, :, :3], dtype=np.uint8)
    light = paper_map(_luma(rgb), cell_px, rgb)
    colour = _paper_colour(rgb)
    paper_luma = max(1.0, float(colour @ np.array([0.299, 0.587, 0.114])))
    scaled = cv2.merge([cv2.convertScaleAbs(ch, alpha=paper_luma / max(1.0, float(c)))
                        for ch, c in zip(cv2.split(rgb), colour)]).astype(np.float32)
    level = cv2.divide(scaled, cv2.merge([light, light, light]))
    return cv2.subtract(np.full(rgb.shape, 255, np.uint8), cv2.convertScaleAbs(level, alpha=255.0))


def near_ink(input_dark: np.ndarray, tol_px: int) -> np.ndarray:
    """The darkest input value within ``tol_px`` (a disc) of each pixel, per channel: what the answer may
    show there without adding ink (the input's ink left in place, moved a little or redrawn thicker)."""
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * int(tol_px) + 1, 2 * int(tol_px) + 1))
    return cv2.dilate(np.ascontiguousarray(input_dark), k)


_INPUT_NEAR: dict[tuple[Any, ...], np.ndarray] = {}


def input_near(input_rgb: np.ndarray, scale: float, tol_px: int) -> np.ndarray:
    """:func:`near_ink` of the input's :func:`channel_darkness` (RGB uint8, ``scale`` its object scale),
    kept for the last 8 inputs: every answer to an instance shares it."""
    a = np.ascontiguousarray(input_rgb[:, :, :3])
    key = (a.shape, scale, tol_px, hash(a[::5, ::5].tobytes()))
    cached = _INPUT_NEAR.get(key)
    if cached is None:
        if len(_INPUT_NEAR) >= 8:
            _INPUT_NEAR.clear()
        cached = _INPUT_NEAR[key] = near_ink(channel_darkness(a, scale), tol_px)
    return cached


def added_channel_darkness(answer_dark: np.ndarray, near: np.ndarray) -> np.ndarray:
    """How much darker the answer is than :func:`near_ink` of the input in its most darkened channel
    (uint8 H x W, maps of :func:`channel_darkness`): ink of another colour over the input's ink is added (a
    black tick where a yellow piece was), the input's own ink left in place is not."""
    diff = cv2.subtract(np.ascontiguousarray(answer_dark), near)
    r, g, b = cv2.split(diff)
    return cv2.max(cv2.max(r, g), b)


DETACHED_IN_PLACE = 0.9  # share of the input's ink round a detached piece that the answer keeps in place


def detached_ink(answer_ink: np.ndarray, input_ink: np.ndarray, tol_px: int, residual_px: int = 2) -> np.ndarray:
    """Answer ink (bool) that a tolerance of ``tol_px`` round the input's ink would take for that ink moved or
    redrawn thicker, but that is neither: an 8-connected piece of ``answer_ink`` (bool) at most 3 ``tol_px``
    across, lying wholly more than ``residual_px`` from ``input_ink`` (bool) yet within ``tol_px`` of it, while
    at least ``DETACHED_IN_PLACE`` of the input's ink within ``tol_px`` of the piece is still in place on the
    answer (answer ink within ``residual_px``): that ink did not move, so the piece beside it, apart from it
    by paper, is not it (a dot or a tick drawn a few px from a grid line). A line the page moved leaves its
    place empty; one redrawn heavier joins its own ink."""
    ans = np.ascontiguousarray(answer_ink, dtype=np.uint8)
    inp = np.ascontiguousarray(input_ink, dtype=np.uint8)
    out = np.zeros(ans.shape, bool)
    if not ans.any() or not inp.any():
        return out
    r = max(1, int(residual_px))
    disc_r = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1,) * 2)
    t = max(r + 1, int(tol_px))
    disc_t = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * t + 1,) * 2)
    input_near = cv2.dilate(inp, disc_r)
    input_band = cv2.dilate(inp, disc_t)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ans, connectivity=8)
    if count <= 1:
        return out
    touching = np.zeros(count, bool)
    touching[np.unique(labels[(input_near > 0) & (labels > 0)])] = True
    in_band = np.zeros(count, bool)
    in_band[np.unique(labels[(input_band > 0) & (labels > 0)])] = True
    wanted = [k for k in range(1, count) if in_band[k] and not touching[k]
              and max(stats[k, cv2.CC_STAT_WIDTH], stats[k, cv2.CC_STAT_HEIGHT]) <= 3 * t]
    if not wanted:
        return out
    in_place = (inp > 0) & (cv2.dilate(ans, disc_r) > 0)
    h, w = ans.shape
    for k in wanted:
        x, y, bw, bh = (int(v) for v in stats[k, :4])
        x0, y0, x1, y1 = max(0, x - t), max(0, y - t), min(w, x + bw + t), min(h, y + bh + t)
        own = (labels[y0:y1, x0:x1] == k).astype(np.uint8)
        around = (cv2.dilate(own, disc_t) > 0) & (inp[y0:y1, x0:x1] > 0)
        n = int(around.sum())
        if n and int((around & in_place[y0:y1, x0:x1]).sum()) >= DETACHED_IN_PLACE * n:
            out[y0:y1, x0:x1] |= own > 0
    return out


def unexplained_marks(sure: np.ndarray, faint: np.ndarray | None, explained: np.ndarray, scale: float,
                      region: np.ndarray | None = None, params: dict[str, Any] | None = None) -> list[Mark]:
    """The marks among the added ink that ``explained`` does not cover.

    ``sure``: added ink at the level of the answer's own ink (bool); ``faint``: added ink at a faint level
    (bool, a superset of ``sure``; None: only ``sure``); ``explained``: what the track's reading accounts
    for (bool); ``region``: where the answer may draw (bool; None: everywhere); ``scale``: the puzzle's
    object scale in px. Pieces closer than ``join`` x scale are one mark. A mark counts when its box's
    longest side is >= ``min_extent`` x scale and it holds >= ``min_area`` x scale^2 inked pixels (and, with
    ``min_density`` > 0, at least that many per pixel of its extent: specks of noise that a wide ``join``
    strings together are no stroke); it is ``sure`` when its sure pixels alone meet all three, else faint.
    Smaller marks are noise and not returned, except (with ``dot_min_extent`` > 0) a solid dot: sure ink
    filling >= ``dot_min_fill`` of its box, at least ``dot_min_extent`` x scale and ``DOT_MIN_PX`` across
    (meeting ``min_area``), is returned faint -- drawn on purpose, too small to charge, never passed -- and so
    (with ``notice_extent`` > 0) is a sure mark at least ``notice_extent`` x scale and ``DOT_MIN_PX`` across
    with ``notice_area`` x scale^2 (default ``min_area``) sure px (and ``min_density``): a tick or scribble a
    person notices, under ``min_extent`` (both ``dot``: unsure whatever their darkness); and (with ``thin_strokes``
    > 0) a sure stroke at least ``min_extent`` long under ``min_area`` (``dot`` too)."""
    p = {**DEFAULTS, **(params or {})}
    free = ~np.asarray(explained, bool)
    if region is not None:
        free &= np.asarray(region, bool)
    sure_free = np.asarray(sure, bool) & free
    any_free = (np.asarray(faint, bool) | sure_free) & free if faint is not None else sure_free
    min_area = p["min_area"] * scale * scale
    min_extent = p["min_extent"] * scale
    dot_extent = max(DOT_MIN_PX, p["dot_min_extent"] * scale) if p["dot_min_extent"] > 0 else min_extent
    notice_extent = max(DOT_MIN_PX, p["notice_extent"] * scale) if p["notice_extent"] > 0 else min_extent
    floor_extent = min(min_extent, dot_extent, notice_extent)
    notice_area = p["notice_area"] * scale * scale if p["notice_area"] > 0 and p["notice_extent"] > 0 else min_area
    floor_area = min(min_area, notice_area)
    if p["thin_strokes"] > 0:  # a thin stroke min_extent long holds at least min_density px per px of it
        floor_area = min(floor_area, max(1.0, p["min_density"] * min_extent))
    if cv2.countNonZero(any_free.astype(np.uint8)) < floor_area:
        return []
    join = max(1, int(round(p["join"] * scale)))
    joined = cv2.dilate(any_free.astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * join + 1,) * 2))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(joined, connectivity=8)
    marks: list[Mark] = []
    for c in range(1, count):
        x, y, w, h, _ = (int(v) for v in stats[c])
        if max(w, h) < floor_extent:  # the joined box is the largest this mark's box can be
            continue
        own = labels[y:y + h, x:x + w] == c
        inked = own & any_free[y:y + h, x:x + w]
        area = int(inked.sum())
        if area < floor_area:
            continue
        ys, xs = np.nonzero(inked)
        box = [x + int(xs.min()), y + int(ys.min()), x + int(xs.max()) + 1, y + int(ys.max()) + 1]
        extent = max(box[2] - box[0], box[3] - box[1])
        if extent < min_extent:
            dark = own & sure_free[y:y + h, x:x + w]
            if (area >= min_area and _solid_dot(dark, dot_extent, p["dot_min_fill"])) or _noticed(
                    dark, notice_extent, notice_area, p["min_density"]):
                marks.append(Mark(box, area, int(dark.sum()), extent, False, True))
            continue
        if area < min_area and p["thin_strokes"] > 0 and area >= p["min_density"] * extent:
            dark = own & sure_free[y:y + h, x:x + w]
            if _noticed(dark, min_extent, 0, p["min_density"]):
                marks.append(Mark(box, area, int(dark.sum()), extent, False, True))
            continue
        if area < min_area or area < p["min_density"] * extent:
            continue
        dark = own & sure_free[y:y + h, x:x + w]
        sure_px = int(dark.sum())
        is_sure = False
        if sure_px >= min_area:
            dy, dx = np.nonzero(dark)
            sure_extent = max(int(dx.max()) - int(dx.min()) + 1, int(dy.max()) - int(dy.min()) + 1)
            is_sure = sure_extent >= min_extent and sure_px >= p["min_density"] * sure_extent
        marks.append(Mark(box, area, sure_px, extent, is_sure))
    marks.sort(key=lambda m: (m.bbox[1], m.bbox[0]))
    return marks


def _noticed(dark: np.ndarray, min_extent: float, min_area: float, min_density: float) -> bool:
    """Whether the sure ink ``dark`` (a mark's box) spans ``min_extent`` px (and ``NOTICE_MIN_WIDTH_PX`` the
    other way) with ``min_area`` px of ink (and ``min_density`` px per px of its extent): a small mark drawn,
    not noise."""
    n = int(dark.sum())
    if n < max(min_area, 1):
        return False
    ys, xs = np.nonzero(dark)
    bw, bh = int(xs.max()) - int(xs.min()) + 1, int(ys.max()) - int(ys.min()) + 1
    # a sliver 1-2 px across (a letter's stem cut off by a zone, a line's edge) is no mark of its own
    return max(bw, bh) >= min_extent and min(bw, bh) >= NOTICE_MIN_WIDTH_PX and n >= min_density * max(bw, bh)


def _solid_dot(dark: np.ndarray, min_extent: float, min_fill: float) -> bool:
    """Whether the sure ink ``dark`` (a mark's box) is one solid dot at least ``min_extent`` px across."""
    if not dark.any():
        return False
    ys, xs = np.nonzero(dark)
    bw, bh = int(xs.max()) - int(xs.min()) + 1, int(ys.max()) - int(ys.min()) + 1
    return max(bw, bh) >= min_extent and len(xs) >= min_fill * bw * bh


def describe(mark: Mark, scale: float, unit: str) -> str:
    """'a mark of 18 x 12 px (0.28 stick length), 64 px of ink'."""
    w, h = mark.bbox[2] - mark.bbox[0], mark.bbox[3] - mark.bbox[1]
    return (f"a mark of {w} x {h} px ({mark.extent_px / max(scale, 1e-9):.2f} {unit}), "
            f"{mark.area_px} px of ink{'' if mark.sure else ', faint'}")


def disc_mask(shape: tuple[int, ...], centres: list[tuple[float, float]], radius: float) -> np.ndarray:
    """Bool mask of filled discs of ``radius`` px around ``centres``."""
    m = np.zeros(shape[:2], np.uint8)
    r = max(1, int(math.ceil(radius)))
    for x, y in centres:
        cv2.circle(m, (int(round(x)), int(round(y))), r, 1, -1)
    return m.astype(bool)


def blend_excess(colours: np.ndarray, own: np.ndarray, paper: np.ndarray | None = None) -> np.ndarray:
    """How far (0..255, in the channel that differs most) each of ``colours`` (N x 3) lies from every blend
    of the ink's ``own`` colour with ``paper`` (default white): a stroke's anti-aliased edge is such a blend,
    ink of another colour drawn onto the stroke is not (a black tick touching a red line)."""
    own = np.asarray(own, np.float32)
    d = (np.full(3, 255.0, np.float32) if paper is None else np.asarray(paper, np.float32)) - own
    px = np.asarray(colours, np.float32).reshape(-1, 3)
    t = np.clip(((px - own) @ d) / max(float(d @ d), 1e-6), 0.0, 1.0)
    return np.abs(px - (own + t[:, None] * d)).max(axis=1)
