"""Spatial-construction verification: read the answer open-set, check it against the certified truth, account
for every mark outside the answer area, and grade in four tiers.

Readers (image -> state):
* colours (:func:`read_colour`): the median CIELAB colour of a square's coloured pixels, white-balanced to
  the page's paper, named by the nearest palette colour under CIEDE2000 (:func:`name_colour`); far from
  every palette colour or grey -> ``other`` (never snapped); between two colours -> ``unsure``.
* holes (:func:`read_holes`): new ink around each lattice point, as a filled disc or a ring (the share of
  directions around the point holding ink) -> hole / empty / unsure; every other mark on the sheet (also
  a small one inside an empty point's disc) is charged (:func:`genpuzzle.ink.unexplained_marks`).
* section sides (:func:`line_coverage`): the share of samples along a projected segment with new ink
  within a few pixels, for each expected side and for every other chord between section vertices.
* tiling regions (:func:`read_regions`): cells by colour, adjacent cells of one colour cluster joined
  into regions; with no colour, regions split by the borders drawn along the grid lines.

A washed-out page (lower contrast than the input, as the shared page imaging of
:mod:`genpuzzle.verifiers.page_imaging` finds it on the context) is first mapped back onto the input's colours
(:func:`restore_contrast`), so colours and darkness are read relative to the page's own paper and ink.
Every violation names its element and carries a pixel ``bbox``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from genpuzzle.ink import added_darkness, describe, unexplained_marks
from genpuzzle.records import InstanceRecord, Status, Verdict, Violation
from genpuzzle.verifiers.page_imaging import (TONE_MIN_EXPLAINED, ChannelTones, PageImaging, fit_channel_tones,
                                              fit_page_imaging)

BLANK, OTHER, UNSURE = "blank", "other", "unsure"
PAPER_CELL_PX = 28.0


# ------------------------------------------------------------------------------------------ colour


def paper_rgb(image: np.ndarray) -> np.ndarray:
    """The page's paper colour: the median of its brightest tenth (white if that is dark)."""
    small = cv2.resize(image, (max(1, image.shape[1] // 4), max(1, image.shape[0] // 4)), interpolation=cv2.INTER_AREA)
    px = small.reshape(-1, 3).astype(np.float32)
    luma = px @ np.array([0.299, 0.587, 0.114], np.float32)
    bright = px[luma >= np.percentile(luma, 90)]
    paper = np.median(bright, axis=0) if len(bright) else np.full(3, 255.0)
    return paper if paper.mean() > 120 else np.full(3, 255.0)


def to_lab(rgb: np.ndarray, paper: np.ndarray | None = None) -> np.ndarray:
    """CIELAB (L 0..100) of RGB uint8 pixels, white-balanced so that ``paper`` becomes white."""
    a = np.asarray(rgb, np.float32)
    if paper is not None:
        a = np.clip(a * (255.0 / np.maximum(paper, 1.0)), 0, 255)
    shape = a.shape
    lab = cv2.cvtColor((a.reshape(-1, 1, 3) / 255.0).astype(np.float32), cv2.COLOR_RGB2Lab)
    return lab.reshape(shape)


def ciede2000(lab1: np.ndarray, lab2: np.ndarray) -> np.ndarray:
    """CIEDE2000 colour difference between Lab arrays (broadcast over the last axis)."""
    L1, a1, b1 = np.moveaxis(np.asarray(lab1, np.float64), -1, 0)
    L2, a2, b2 = np.moveaxis(np.asarray(lab2, np.float64), -1, 0)
    C1, C2 = np.hypot(a1, b1), np.hypot(a2, b2)
    Cm = (C1 + C2) / 2
    G = 0.5 * (1 - np.sqrt(Cm ** 7 / (Cm ** 7 + 25.0 ** 7)))
    a1p, a2p = (1 + G) * a1, (1 + G) * a2
    C1p, C2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p = np.degrees(np.arctan2(b1, a1p)) % 360
    h2p = np.degrees(np.arctan2(b2, a2p)) % 360
    dLp = L2 - L1
    dCp = C2p - C1p
    dh = h2p - h1p
    dh = np.where(dh > 180, dh - 360, np.where(dh < -180, dh + 360, dh))
    dh = np.where(C1p * C2p == 0, 0, dh)
    dHp = 2 * np.sqrt(C1p * C2p) * np.sin(np.radians(dh / 2))
    Lpm = (L1 + L2) / 2
    Cpm = (C1p + C2p) / 2
    hsum = h1p + h2p
    hpm = np.where(np.abs(h1p - h2p) > 180, (hsum + 360) / 2, hsum / 2)
    hpm = np.where(hsum >= 360, np.where(np.abs(h1p - h2p) > 180, (hsum - 360) / 2, hpm), hpm)
    hpm = np.where(C1p * C2p == 0, hsum, hpm)
    T = (1 - 0.17 * np.cos(np.radians(hpm - 30)) + 0.24 * np.cos(np.radians(2 * hpm))
         + 0.32 * np.cos(np.radians(3 * hpm + 6)) - 0.20 * np.cos(np.radians(4 * hpm - 63)))
    dtheta = 30 * np.exp(-(((hpm - 275) / 25) ** 2))
    Rc = 2 * np.sqrt(Cpm ** 7 / (Cpm ** 7 + 25.0 ** 7))
    Sl = 1 + 0.015 * (Lpm - 50) ** 2 / np.sqrt(20 + (Lpm - 50) ** 2)
    Sc = 1 + 0.045 * Cpm
    Sh = 1 + 0.015 * Cpm * T
    Rt = -np.sin(np.radians(2 * dtheta)) * Rc
    return np.sqrt((dLp / Sl) ** 2 + (dCp / Sc) ** 2 + (dHp / Sh) ** 2 + Rt * (dCp / Sc) * (dHp / Sh))


@dataclass
class ColourReading:
    name: str  # a palette name, BLANK, OTHER or UNSURE
    lab: list[float]
    coverage: float
    distances: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "lab": [round(v, 1) for v in self.lab], "coverage": round(self.coverage, 3)}


def name_colour(lab: np.ndarray, palette_lab: dict[str, np.ndarray], prog: dict[str, Any]) -> tuple[str, dict[str, float]]:
    """The palette colour nearest ``lab`` under CIEDE2000 when clearly nearest; ``other`` when far from
    every palette colour (or grey: no palette colour is); ``unsure`` in between."""
    names = list(palette_lab)
    d = ciede2000(np.array([palette_lab[k] for k in names]), np.asarray(lab)[None, :])
    order = np.argsort(d)
    d1, d2 = float(d[order[0]]), float(d[order[1]])
    chroma = float(np.hypot(lab[1], lab[2]))
    dist = {names[i]: round(float(d[i]), 1) for i in range(len(names))}
    if chroma < prog["grey_below_chroma"]:
        return OTHER, dist
    if d1 <= prog["colour_sure_delta_e"] and d1 <= prog["colour_sure_ratio"] * d2:
        return names[order[0]], dist
    if d1 >= prog["colour_other_delta_e"]:
        return OTHER, dist
    return UNSURE, dist


def read_colour(lab: np.ndarray, box: Sequence[float], inset: float, palette_lab: dict[str, np.ndarray],
                prog: dict[str, Any]) -> ColourReading:
    """Read the colour filling one square: the share of its interior that is not paper, and the median
    colour of those pixels."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    H, W = lab.shape[:2]
    xa, xb = int(max(0, round(x0 + inset * w))), int(min(W, round(x1 - inset * w)))
    ya, yb = int(max(0, round(y0 + inset * w))), int(min(H, round(y1 - inset * w)))
    patch = lab[ya:yb, xa:xb].reshape(-1, 3)
    if len(patch) == 0:
        return ColourReading(UNSURE, [0.0, 0.0, 0.0], 0.0)
    off_paper = np.hypot(np.hypot(patch[:, 1], patch[:, 2]), (100 - patch[:, 0]) * 0.6) > prog["paper_delta"]
    coverage = float(off_paper.mean())
    if coverage < prog["blank_below_coverage"]:
        return ColourReading(BLANK, np.median(patch, axis=0).tolist(), coverage)
    med = np.median(patch[off_paper], axis=0)
    if coverage < prog["filled_from_coverage"]:
        return ColourReading(UNSURE, med.tolist(), coverage)
    name, dist = name_colour(med, palette_lab, prog)
    return ColourReading(name, med.tolist(), coverage, dist)


def _chromatic_median(pixels: np.ndarray, prog: dict[str, Any]) -> np.ndarray | None:
    """The median colour of the clearly coloured pixels (labels and outlines left out), or None when fewer
    than a third are."""
    chroma = np.hypot(pixels[:, 1], pixels[:, 2])
    keep = chroma >= prog["grey_below_chroma"]
    return np.median(pixels[keep], axis=0) if keep.mean() >= 1 / 3 else None


def palette_labs(palette: dict[str, Sequence[int]]) -> dict[str, np.ndarray]:
    return {k: to_lab(np.array([v], np.uint8))[0] for k, v in palette.items()}


# ------------------------------------------------------------------------------------------ ink


def darkness(image: np.ndarray, cell_px: float) -> np.ndarray:
    """Darkness 0..255 against the local paper (the shared cell reader's shadow-corrected paper model;
    darkest channel, so coloured ink counts); ``cell_px``: the largest mark that is not paper."""
    from genpuzzle.verifiers.cells import darkness_maps

    return darkness_maps(np.asarray(image), cell_px)[0].astype(np.float32)


def _global_darkness(image: np.ndarray) -> np.ndarray:
    """0..255 darkness of the darkest channel against the page's paper colour."""
    balanced = np.clip(np.asarray(image, np.float32) * (255.0 / np.maximum(paper_rgb(image), 1.0)), 0, 255)
    return 255.0 - balanced.min(axis=2)


def restore_contrast(answer: np.ndarray, input_image: np.ndarray, imaging: PageImaging, given: np.ndarray,
                     prog: dict[str, Any]) -> tuple[np.ndarray, ChannelTones | None]:
    """The answer with a washed-out page's colours mapped back onto the input's, and the tone map used (None:
    the answer unchanged). Washed out is the shared page imaging's call (:meth:`PageImaging.washed_out` of
    :func:`fit_page_imaging` on the given drawing's darkness: gain below ``contrast_restore_below_gain``, the
    model explaining the drawing; a blurred page is explained by its sigma, not by a lower gain, and an
    erasure leaves the kept ink off the model). The colours are then mapped back per channel
    (:func:`fit_channel_tones` on ``given``, against the input blurred by the same sigma) when every
    channel's gain is in [``contrast_min_gain``, ``contrast_restore_below_gain``) and the map explains most of
    the given drawing."""
    if not imaging.washed_out(prog["contrast_restore_below_gain"]):
        return answer, None
    tones = fit_channel_tones(answer, input_image, given, imaging)
    if tones is None or not all(prog["contrast_min_gain"] <= g < prog["contrast_restore_below_gain"] and
                                explained >= TONE_MIN_EXPLAINED for g, explained in zip(tones.gains, tones.explained)):
        return answer, None
    return tones.restore(answer), tones


def tolerance_px(shape: Sequence[int], prog: dict[str, Any]) -> int:
    return max(3, int(round(prog["change_tolerance_frac"] * max(shape[:2]))))


def near_given_strokes(i_dark: np.ndarray, tol: int, prog: dict[str, Any]) -> np.ndarray:
    """Within ``tol`` px of the input's own strokes (darker than ``added_darkness``)."""
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * tol + 1, 2 * tol + 1))
    return cv2.dilate((i_dark > prog["added_darkness"]).astype(np.uint8), kernel) > 0


def new_ink(a_dark: np.ndarray, i_dark: np.ndarray, tol: int, prog: dict[str, Any], level: float = 1.0) -> np.ndarray:
    """Pixels clearly darker in the answer than anything near them in the input (by ``level`` x
    ``added_darkness``; :func:`genpuzzle.ink.added_darkness`)."""
    return added_darkness(a_dark, i_dark, tol) > level * prog["added_darkness"]


@dataclass
class PageChanges:
    violations: list[Violation]
    added_px: int
    removed_px: int
    input_kept: float


def context_mask(shape: Sequence[int], answer_box: Sequence[float], tol: int) -> np.ndarray:
    """True outside the answer area widened by ``tol`` px: the given drawing the answer must keep."""
    outside = np.ones(tuple(shape[:2]), bool)
    x0, y0, x1, y1 = (int(round(v)) for v in answer_box)
    outside[max(0, y0 - tol):max(0, y1 + tol), max(0, x0 - tol):max(0, x1 + tol)] = False
    return outside


def page_changes(a_dark: np.ndarray, i_dark: np.ndarray, answer_box: Sequence[float], prog: dict[str, Any],
                 tol: int) -> PageChanges:
    """Ink added or removed outside the answer area, per connected region (``stray_ink``,
    ``context_modified``), and the share of the input's ink outside the answer area still there."""
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * tol + 1, 2 * tol + 1))
    outside = context_mask(a_dark.shape, answer_box, tol)
    added = (a_dark > cv2.dilate(i_dark, kernel) + prog["added_darkness"]) & outside
    strong_input = (i_dark > prog["added_darkness"]) & outside
    removed = strong_input & (cv2.dilate(a_dark, kernel) < prog["kept_fraction"] * i_dark)
    kept = 1.0 - float(removed.sum()) / max(1, int(strong_input.sum()))
    violations = []
    for kind, mask in (("added", added), ("removed", removed)):
        count, _, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
        for k in range(1, count):
            x, y, bw, bh, area = (int(v) for v in stats[k])
            if area < prog["changed_region_min_px"]:
                continue
            bbox = [x, y, x + bw, y + bh]
            if kind == "added":
                violations.append(Violation("stray_ink", f"{area} px of ink added outside the answer area",
                                            {"bbox": bbox, "px": area}))
            else:
                violations.append(Violation("context_modified", f"{area} px of the given drawing erased",
                                            {"bbox": bbox, "px": area, "kind": "removed"}))
    return PageChanges(violations, int(added.sum()), int(removed.sum()), kept)


def line_coverage(ink: np.ndarray, a: Sequence[float], b: Sequence[float], radius: float, samples: int = 48,
                  trim: float = 0.1) -> float:
    """Share of sample points along segment ab (``trim`` cut from each end) with ink within ``radius``."""
    h, w = ink.shape
    r = int(math.ceil(radius))
    hits = 0
    for t in np.linspace(trim, 1 - trim, samples):
        x = a[0] + t * (b[0] - a[0])
        y = a[1] + t * (b[1] - a[1])
        xi, yi = int(round(x)), int(round(y))
        patch = ink[max(0, yi - r):min(h, yi + r + 1), max(0, xi - r):min(w, xi + r + 1)]
        hits += bool(patch.any())
    return hits / samples


def segment_mask(shape: Sequence[int], segments: Sequence[tuple[Sequence[float], Sequence[float]]],
                 radius: float) -> np.ndarray:
    m = np.zeros(shape[:2], np.uint8)
    for a, b in segments:
        cv2.line(m, (int(round(a[0])), int(round(a[1]))), (int(round(b[0])), int(round(b[1]))), 1,
                 thickness=max(1, int(round(2 * radius))))
    return m.astype(bool)


def components(mask: np.ndarray, min_px: int, join_px: int = 0) -> list[list[int]]:
    """Pixel boxes (x0, y0, x1, y1, area) of the connected components of at least ``min_px`` pixels;
    with ``join_px``, parts closer than that are one component (box and area from the mask's own pixels)."""
    mask = mask.astype(np.uint8)
    if not join_px:
        count, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
        return [[int(stats[k, 0]), int(stats[k, 1]), int(stats[k, 0] + stats[k, 2]), int(stats[k, 1] + stats[k, 3]),
                 int(stats[k, 4])] for k in range(1, count) if stats[k, 4] >= min_px]
    joined = cv2.dilate(mask, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (join_px, join_px)))
    count, labels = cv2.connectedComponents(joined, connectivity=8)
    out = []
    for k in range(1, count):
        ys, xs = np.nonzero((labels == k) & (mask > 0))
        if len(xs) >= min_px:
            out.append([int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1, len(xs)])
    return out


# ------------------------------------------------------------------------------------------ variants


@dataclass
class Check:
    tier: int
    violations: list[Violation]
    parsed: dict[str, Any]
    unsure: list[Any]
    confidence: float = 1.0
    answered: bool = True


def check_cube_net(record: InstanceRecord, answer: np.ndarray, input_image: np.ndarray, prog: dict[str, Any],
                   a_dark: np.ndarray, i_dark: np.ndarray) -> Check:
    truth, layout = record.ground_truth, record.layout
    paper = paper_rgb(answer)
    lab = to_lab(answer, paper)
    pal = palette_labs(layout["palette"])
    readings, violations, unsure = {}, [], []
    wrong = right = coloured = 0
    answer_squares = 0
    for sq in layout["squares"]:
        r, c = sq["cell"]
        key = f"{r},{c}"
        expected = truth["solution"][key]
        rd = read_colour(lab, sq["bbox"], prog["square_inset"], pal, prog)
        readings[key] = rd.to_json()
        face = truth["faces"][key]
        ev = {"square": [r, c], "face": face, "expected": expected, "read": rd.name, "bbox": sq["bbox"]}
        if sq["anchor"]:
            if rd.name == UNSURE:
                unsure.append(key)
            elif rd.name != expected:
                violations.append(Violation("anchor_changed", f"the given {expected} square ({face} face) now reads "
                                            f"{rd.name}", ev))
            continue
        answer_squares += 1
        if rd.name == UNSURE:
            unsure.append(key)
            wrong += 1
            continue
        if rd.name == BLANK:
            violations.append(Violation("missing_face", f"the square that becomes the {face} face is not coloured", ev))
            wrong += 1
            continue
        coloured += 1
        if rd.name == expected:
            right += 1
        elif rd.name == OTHER:
            violations.append(Violation("off_palette_colour", f"the {face} square is coloured with a colour that is "
                                        f"none of the cube's (Lab {[round(v) for v in rd.lab]}); expected {expected}", ev))
            wrong += 1
        else:
            violations.append(Violation("wrong_face", f"the {face} square is {rd.name}, expected {expected}", ev))
            wrong += 1
    # a given view recoloured is a change of the puzzle (darkness alone does not see a hue change)
    i_lab = to_lab(input_image, paper_rgb(input_image))
    for view in layout["views"]:
        for poly in view["polygons"]:
            pts = np.array(poly, np.float32)
            c = pts.mean(axis=0)
            region = np.zeros(lab.shape[:2], np.uint8)
            cv2.fillPoly(region, [np.round(c + 0.75 * (pts - c)).astype(np.int32)], 1)
            sel = region.astype(bool)
            got, was = _chromatic_median(lab[sel], prog), _chromatic_median(i_lab[sel], prog)
            x0, y0 = pts.min(axis=0)
            x1, y1 = pts.max(axis=0)
            if was is not None and (got is None or float(ciede2000(got, was)) > prog["recoloured_delta_e"]):
                violations.append(Violation("context_modified", f"a face of {view['title']} was recoloured",
                                            {"bbox": [int(v) for v in (x0, y0, x1, y1)], "kind": "recoloured"}))
    # the net's bounding box holds empty cells too: ink there (outside every square) is a stray mark
    tol = tolerance_px(answer.shape, prog)
    ink = new_ink(a_dark, i_dark, tol, prog)
    off_net = np.zeros_like(ink)
    x0, y0, x1, y1 = (int(v) for v in layout["answer_bbox"])
    off_net[max(0, y0):y1, max(0, x0):x1] = True
    spill = max(tol, int(round(prog["spill_frac"] * layout["cell_px"])))  # a fill a little over the outline
    for sq in layout["squares"]:
        bx0, by0, bx1, by1 = sq["bbox"]
        off_net[max(0, by0 - spill):by1 + spill, max(0, bx0 - spill):bx1 + spill] = False
    stray = components(ink & off_net, prog["stray_mark_min_px"])
    for sx0, sy0, sx1, sy1, area in stray:
        violations.append(Violation("stray_mark", f"a mark of {area} px beside the net", {"bbox": [sx0, sy0, sx1, sy1],
                                                                                          "px": area}))
    wrong += len(stray)
    n = answer_squares
    if coloured == 0 and not unsure:
        tier = 0
    elif wrong == 0:
        tier = 3
    elif wrong == 1:
        tier = 2
    elif right * 2 >= n or coloured == n:
        tier = 1
    else:
        tier = 0
    return Check(tier, violations, {"squares": readings, "right": right, "wrong": wrong}, unsure,
                 0.5 if unsure else 1.0, answered=coloured > 0 or bool(unsure))


def read_holes(ink: np.ndarray, points: list[list[list[float]]], unit: float, prog: dict[str, Any]
               ) -> tuple[dict[tuple[int, int], str], dict[str, Any], np.ndarray]:
    """Per lattice point: ``hole`` (a filled disc or a ring around it), ``empty`` or ``unsure``; also the
    mask of the discs read (to find ink between points)."""
    h, w = ink.shape
    radius = prog["hole_radius"] * unit
    out, evidence = {}, {}
    discs = np.zeros_like(ink, dtype=np.uint8)
    sectors = 16
    for r, row in enumerate(points):
        for c, (x, y) in enumerate(row):
            cv2.circle(discs, (int(round(x)), int(round(y))), int(round(radius)), 1, -1)
            x0, x1 = int(max(0, x - radius)), int(min(w, x + radius + 1))
            y0, y1 = int(max(0, y - radius)), int(min(h, y + radius + 1))
            ys, xs = np.nonzero(ink[y0:y1, x0:x1])
            dx, dy = xs + x0 - x, ys + y0 - y
            inside = dx * dx + dy * dy <= radius * radius
            dx, dy = dx[inside], dy[inside]
            area = math.pi * radius * radius
            fill = len(dx) / area
            ring = len(set(((np.degrees(np.arctan2(dy[np.hypot(dx, dy) > 0.25 * radius],
                                                   dx[np.hypot(dx, dy) > 0.25 * radius])) % 360) // (360 / sectors)
                            ).astype(int).tolist())) / sectors
            if fill >= prog["hole_fill"] or ring >= prog["hole_ring"]:
                state = "hole"
            elif fill <= prog["empty_fill"] and ring <= prog["empty_ring"]:
                state = "empty"
            else:
                state = UNSURE
            out[(r, c)] = state
            evidence[f"{r},{c}"] = [round(fill, 3), round(ring, 3)]
    return out, evidence, discs.astype(bool)


def crease_segments(n: int, folds: Sequence[tuple[str, str]]) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The creases of the opened sheet in lattice units (x right, y down, the sheet is [0, n]^2): each fold's
    line on the paper it folded, reflected back through the earlier folds (every layer gets the crease).
    A model may draw them on the opened sheet; they are part of the answer, not marks."""
    from fractions import Fraction

    from genpuzzle.solvers.spatial_construction import _reflect, folded_region

    boxes = [(Fraction(0), Fraction(0), Fraction(n), Fraction(n), "")] + folded_region(n, folds)
    out = []
    for k, (kind, _) in enumerate(folds):
        x0, y0, x1, y1, _ = boxes[k]
        if kind == "v":
            seg = ((x0 + x1) / 2, y0), ((x0 + x1) / 2, y1)
        elif kind == "h":
            seg = (x0, (y0 + y1) / 2), (x1, (y0 + y1) / 2)
        else:
            seg = (x0, y0), (x1, y1)
        segs = {seg}
        for j in range(k - 1, -1, -1):
            segs |= {(_reflect(a, folds[j], boxes[j]), _reflect(b, folds[j], boxes[j])) for a, b in segs}
        out += [((float(a[0]), float(a[1])), (float(b[0]), float(b[1]))) for a, b in sorted(segs)]
    return out


def check_paper_folding(record: InstanceRecord, answer: np.ndarray, input_image: np.ndarray, prog: dict[str, Any],
                        a_dark: np.ndarray, i_dark: np.ndarray) -> Check:
    truth, layout = record.ground_truth, record.layout
    tol = tolerance_px(answer.shape, prog)
    ink = new_ink(a_dark, i_dark, max(2, tol // 2), prog)
    sx0, sy0, sx1, sy1 = layout["sheet_bbox"]
    inside = np.zeros_like(ink)
    inside[sy0 + tol:sy1 - tol, sx0 + tol:sx1 - tol] = True
    ink &= inside
    unit = layout["cell_px"]
    states, evidence, discs = read_holes(ink, layout["points"], unit, prog)
    holes = {tuple(h) for h in truth["holes"]}
    violations, unsure = [], []
    missing = extra = drawn_right = 0

    def box(rc):
        x, y = layout["points"][rc[0]][rc[1]]
        return [round(x - unit / 2), round(y - unit / 2), round(x + unit / 2), round(y + unit / 2)]

    for rc, state in sorted(states.items()):
        if state == UNSURE:
            unsure.append(list(rc))
        elif state == "hole" and rc not in holes:
            extra += 1
            violations.append(Violation("extra_hole", f"a hole drawn at row {rc[0] + 1}, column {rc[1] + 1} where "
                                        "the unfolded sheet has none", {"point": list(rc), "bbox": box(rc)}))
        elif state == "empty" and rc in holes:
            missing += 1
            violations.append(Violation("missing_hole", f"no hole at row {rc[0] + 1}, column {rc[1] + 1}",
                                        {"point": list(rc), "bbox": box(rc)}))
        elif state == "hole":
            drawn_right += 1
    # every mark is accounted for: a hole may be drawn larger than the reading disc (around points read as
    # holes, or unsure, ink up to half the lattice step belongs to the hole); a lattice dot redrawn darker
    # or larger and a crease drawn along a fold line are part of the answer too. Everything else -- also
    # ink inside an empty point's reading disc, too little to read as a hole -- is a mark
    explained = np.zeros(ink.shape, np.uint8)
    dot = max(2, int(round(prog["marks"]["lattice_dot_px_per_unit"] * unit)))
    reach = int(round(0.5 * unit)) + 2
    for (r, c), state in states.items():
        x, y = layout["points"][r][c]
        radius = dot if state == "empty" else reach
        if state == "hole":
            # the hole as drawn: a disc or ring whose radius the bulk of its ink shows (a filled disc of
            # radius R has 75 % of its ink within 0.87 R), so a mark beside it is not taken for the hole;
            # the margin holds its blur and JPEG fringe
            top, left = max(0, int(y) - reach), max(0, int(x) - reach)
            ys, xs = np.nonzero(ink[top:int(y) + reach + 1, left:int(x) + reach + 1])
            d = np.hypot(xs + left - x, ys + top - y)
            d = d[d <= reach]
            if len(d):
                radius = min(reach, int(math.ceil(float(np.percentile(d, 75)) / 0.87
                                                  + prog["marks"]["hole_margin_px_per_unit"] * unit)) + tol // 2)
        cv2.circle(explained, (int(round(x)), int(round(y))), radius, 1, -1)
    faint = new_ink(a_dark, i_dark, max(2, tol // 2), prog, prog["marks"]["faint_fraction"]) & inside
    crease = max(2, int(round(prog["marks"]["crease_px_per_unit"] * unit)) + tol // 2)
    for (ax, ay), (bx, by) in crease_segments(truth["n"], [tuple(f) for f in truth["folds"]]):
        a, b = (sx0 + ax * unit, sy0 + ay * unit), (sx0 + bx * unit, sy0 + by * unit)
        # a crease is read where a line runs along most of it (a dot on the fold line is still a mark)
        if line_coverage(faint, a, b, crease) >= prog["line_drawn_from"]:
            cv2.line(explained, (int(round(a[0])), int(round(a[1]))), (int(round(b[0])), int(round(b[1]))), 1,
                     2 * crease + 1)
    # the sheet's outline resampled by a redrawn page (shrunk, turned, blurred) leaves a faint fringe a few px
    # inside it: faint ink on the given strokes is no faint mark, as in a cross section (sure ink still is)
    faint &= ~near_given_strokes(i_dark, tol, prog)
    marks = unexplained_marks(ink, faint, explained > 0, unit, inside,
                              {"min_extent": prog["marks"]["min_extent"], "min_area": prog["marks"]["min_area"],
                               "dot_min_extent": prog["marks"]["dot_min_extent"]})
    stray = [m for m in marks if m.sure]
    for m in stray:
        violations.append(Violation("stray_mark", f"{describe(m, unit, 'lattice step')} on the sheet, no hole",
                                    {"bbox": m.bbox, "px": m.area_px, **m.to_json(unit)}))
    unsure += [{"faint_mark": m.to_json(unit)} for m in marks if not m.sure]
    defects = missing + extra + len(stray) + len(unsure)
    drawn = sum(s == "hole" for s in states.values())
    if drawn == 0 and not unsure and not stray:
        tier = 0
    elif defects == 0:
        tier = 3
    elif defects == 1:
        tier = 2
    elif drawn_right * 2 >= len(holes) and extra <= len(holes):
        tier = 1
    else:
        tier = 0
    parsed = {"holes": sorted([list(rc) for rc, s in states.items() if s == "hole"]), "evidence": evidence}
    return Check(tier, violations, parsed, unsure, 0.5 if unsure else 1.0, answered=drawn > 0 or bool(unsure))


def check_cross_section(record: InstanceRecord, answer: np.ndarray, input_image: np.ndarray, prog: dict[str, Any],
                        a_dark: np.ndarray, i_dark: np.ndarray) -> Check:
    truth, layout = record.ground_truth, record.layout
    tol = tolerance_px(answer.shape, prog)
    ink = new_ink(a_dark, i_dark, tol, prog)
    x0, y0, x1, y1 = layout["cube_bbox"]
    area = np.zeros_like(ink)
    area[max(0, y0):y1, max(0, x0):x1] = True
    ink &= area
    verts = layout["section_px"]
    names = truth["vertex_names"]
    m = len(verts)
    radius = prog["line_radius_frac"] * max(answer.shape[:2])
    sides = [(i, (i + 1) % m) for i in range(m)]
    side_set = {frozenset(s) for s in sides}
    chords = [(i, j) for i in range(m) for j in range(i + 1, m) if frozenset((i, j)) not in side_set]
    # a filled section: new ink over most of the polygon's inside (chords in it are then not separate lines)
    poly = np.zeros(ink.shape, np.uint8)
    cv2.fillPoly(poly, [np.round(np.array(verts)).astype(np.int32)], 1)
    inner = cv2.erode(poly, np.ones((int(2 * radius + 3),) * 2, np.uint8)).astype(bool)
    # against the page's paper colour, not the local paper model (which takes a large light fill for paper)
    toned = _global_darkness(answer) >= prog["fill_darkness"]
    filled = bool(inner.any() and toned[inner].mean() >= prog["filled_section"])
    violations, unsure = [], []
    coverage = {}
    missing = 0
    for i, j in sides:
        cov = line_coverage(ink, verts[i], verts[j], radius)
        label = f"{names[i]}{names[j]}"
        coverage[label] = round(cov, 3)
        seg_box = _segment_box(verts[i], verts[j], radius)
        if cov < prog["line_missing_below"]:
            missing += 1
            violations.append(Violation("missing_edge", f"the section side {label} is not drawn "
                                        f"({cov:.0%} of it inked)", {"side": label, "coverage": round(cov, 3),
                                                                     "bbox": seg_box}))
        elif cov < prog["line_drawn_from"]:
            unsure.append(label)
    extra = 0
    # a side drawn a little past its ends (a hand overshoots) is still the side
    reach = prog["overshoot_frac"] * layout["side"]
    explained = segment_mask(ink.shape, [_extended(verts[i], verts[j], reach) for i, j in sides], radius + 1)
    for i, j in chords:
        label = f"{names[i]}{names[j]}"
        if filled:
            continue
        cov = line_coverage(ink, verts[i], verts[j], radius)
        coverage[label] = round(cov, 3)
        if cov >= prog["line_drawn_from"]:
            extra += 1
            explained |= segment_mask(ink.shape, [_extended(verts[i], verts[j], reach)], radius + 1)
            violations.append(Violation("extra_edge", f"a line {label} is drawn across the cube's inside: it is not "
                                        "a side of the section", {"chord": label, "coverage": round(cov, 3),
                                                                  "bbox": _segment_box(verts[i], verts[j], radius)}))
    if filled:
        explained |= poly.astype(bool)
    # marks away from the answer: compared with a looser tolerance, so that the cube's own lines bent by a
    # redrawn page (a few px more than the registration undoes) are not taken for marks
    loose = new_ink(a_dark, i_dark, 2 * tol, prog) & area
    faint = new_ink(a_dark, i_dark, 2 * tol, prog, prog["marks"]["faint_fraction"]) & area
    # a given line come back darker (a sharpened or contrast-boosted page: the grey dashed edges near black,
    # every dash a "faint mark"; AUDIT14) is that line: faint ink on the input's own strokes is no faint mark
    # (sure ink there still is, as it is over the black edges)
    faint &= ~near_given_strokes(i_dark, tol, prog)
    # a line crossing the cube's edges is cut into pieces there (ink near input ink is not new): pieces a
    # few pixels apart are one mark. Sizes relative to the drawing: cross_section_scale_of_side x the side
    scale = prog["marks"]["cross_section_scale_of_side"] * layout["side"]
    sizes = {"min_extent": prog["marks"]["min_extent"], "min_area": prog["marks"]["min_area"],
             "dot_min_extent": prog["marks"]["dot_min_extent"]}
    min_px = int(math.ceil(sizes["min_area"] * scale * scale))
    stray = [s for s in components(loose & ~explained, min_px, join_px=4 * tol + 4)
             if max(s[2] - s[0], s[3] - s[1]) >= sizes["min_extent"] * scale]
    # faint marks (not joined that far: JPEG and tint leave faint specks all along the cube's lines)
    covered = explained.copy()
    for sx0, sy0, sx1, sy1, _ in stray:
        covered[sy0:sy1, sx0:sx1] = True
    marks = unexplained_marks(loose, faint, covered, scale, None, sizes)
    stray += [[*m.bbox, m.area_px] for m in marks if m.sure]
    faint_marks = [{"faint_mark": m.to_json(scale)} for m in marks if not m.sure]
    long_stray = [s for s in stray if max(s[2] - s[0], s[3] - s[1]) >= prog["stray_line_frac"] * layout["side"]]
    for s in long_stray:
        violations.append(Violation("extra_edge", f"a line of {s[4]} px that is no side of the section",
                                    {"chord": None, "bbox": s[:4], "px": s[4]}))
    for s in stray:
        if s not in long_stray:
            violations.append(Violation("stray_mark", f"a mark of {s[4]} px in the drawing", {"bbox": s[:4], "px": s[4]}))
    extra += len(long_stray)
    # the cube and its labels lie inside the answer area: erasing them is a change of the puzzle
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * tol + 1, 2 * tol + 1))
    removed = area & (i_dark > prog["added_darkness"]) & (cv2.dilate(a_dark, kernel) < prog["kept_fraction"] * i_dark)
    for rx0, ry0, rx1, ry1, px in components(removed, prog["changed_region_min_px"]):
        violations.append(Violation("context_modified", f"{px} px of the cube's drawing erased",
                                    {"bbox": [rx0, ry0, rx1, ry1], "px": px, "kind": "removed"}))
    drawn = m - missing - len(unsure)
    unsure += faint_marks
    defects = missing + extra + len(unsure) + (len(stray) - len(long_stray))
    if missing >= 2 and (drawn > 0 or extra > 0):
        violations.append(Violation("wrong_polygon", f"the drawn figure is not the section polygon ({missing} of {m} "
                                    f"sides missing, {extra} other line(s))", {"bbox": list(layout["cube_bbox"])}))
    nothing = drawn == 0 and extra == 0 and not stray and not unsure
    if nothing:
        tier = 0
    elif defects == 0:
        tier = 3
    elif defects == 1:
        tier = 2
    elif drawn * 2 >= m:
        tier = 1
    else:
        tier = 0
    return Check(tier, violations, {"coverage": coverage, "filled": filled, "sides": m}, unsure,
                 0.5 if unsure else 1.0, answered=not nothing)


def _extended(a, b, reach: float) -> tuple[list[float], list[float]]:
    length = max(1e-6, math.dist(a, b))
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    return [a[0] - ux * reach, a[1] - uy * reach], [b[0] + ux * reach, b[1] + uy * reach]


def _segment_box(a, b, radius) -> list[int]:
    return [int(min(a[0], b[0]) - radius), int(min(a[1], b[1]) - radius), int(max(a[0], b[0]) + radius),
            int(max(a[1], b[1]) + radius)]


def read_regions(answer: np.ndarray, lab: np.ndarray, layout: dict[str, Any], prog: dict[str, Any]
                 ) -> tuple[list[set], dict[str, Any], list[list[int]], str]:
    """The tiling drawn in the target grid: (regions, per-cell readings, unsure cells, mode). Colour mode
    (most cells coloured): adjacent cells whose colours differ by less than ``same_colour_delta_e`` join;
    uncoloured cells are left out. Border mode (few cells coloured): cells join unless a dark line is drawn
    along the grid line between them."""
    rows, cols = layout["rows"], layout["cols"]
    x0, y0, x1, y1 = layout["target_bbox"]
    cw, ch = (x1 - x0) / cols, (y1 - y0) / rows
    cells: dict[tuple[int, int], tuple[str, np.ndarray, float]] = {}
    unsure: list[list[int]] = []
    for r in range(rows):
        for c in range(cols):
            box = [x0 + c * cw, y0 + r * ch, x0 + (c + 1) * cw, y0 + (r + 1) * ch]
            patch = lab[int(box[1] + 0.22 * ch):int(box[3] - 0.22 * ch), int(box[0] + 0.22 * cw):int(box[2] - 0.22 * cw)]
            patch = patch.reshape(-1, 3)
            off = np.hypot(np.hypot(patch[:, 1], patch[:, 2]), (100 - patch[:, 0]) * 0.6) > prog["paper_delta"]
            cov = float(off.mean()) if len(patch) else 0.0
            if cov < prog["blank_below_coverage"]:
                cells[(r, c)] = (BLANK, np.zeros(3), cov)
            elif cov < prog["filled_from_coverage"]:
                cells[(r, c)] = (UNSURE, np.median(patch[off], axis=0), cov)
                unsure.append([r, c])
            else:
                cells[(r, c)] = ("colour", np.median(patch[off], axis=0), cov)
    coloured = [k for k, v in cells.items() if v[0] == "colour"]
    mode = "colour" if len(coloured) * 2 >= rows * cols else "border"
    parent = {k: k for k in cells}

    def find(k):
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    ambiguous = []
    borders = _borders(answer, layout, prog) if mode == "border" else {}
    for (r, c), (state, col, _) in cells.items():
        for q in ((r + 1, c), (r, c + 1)):
            if q not in cells:
                continue
            s2, col2, _ = cells[q]
            if mode == "colour":
                if state != "colour" or s2 != "colour":
                    continue
                d = float(ciede2000(col, col2))
                if d < prog["same_colour_delta_e"]:
                    parent[find((r, c))] = find(q)
                elif d < prog["different_colour_delta_e"]:
                    ambiguous.append([[r, c], list(q)])
            else:
                if not borders.get(((r, c), q), False):
                    parent[find((r, c))] = find(q)
    groups: dict[Any, set] = {}
    for k, (state, _, _) in cells.items():
        if mode == "colour" and state != "colour":
            continue
        groups.setdefault(find(k), set()).add(k)
    for a, b in ambiguous:
        unsure.append(a)
    readings = {f"{r},{c}": {"state": v[0], "lab": [round(float(x), 1) for x in v[1]], "coverage": round(v[2], 3)}
                for (r, c), v in cells.items()}
    any_border = any(borders.values()) if borders else False
    if mode == "border" and not any_border:
        groups = {}
    return list(groups.values()), readings, unsure, mode


def _borders(answer: np.ndarray, layout: dict[str, Any], prog: dict[str, Any]) -> dict:
    """Per pair of adjacent target cells: whether a dark line is drawn along the grid line between them:
    darker than ``border_max_grey`` (the input's thin grid line is lighter) and by ``border_contrast`` than
    both cells' fills (a dark fill is no border)."""
    grey = cv2.cvtColor(answer, cv2.COLOR_RGB2GRAY).astype(np.float32)
    rows, cols = layout["rows"], layout["cols"]
    x0, y0, x1, y1 = layout["target_bbox"]
    cw, ch = (x1 - x0) / cols, (y1 - y0) / rows
    band = max(2, int(round(0.08 * cw)))
    fill = {(r, c): float(np.median(grey[int(y0 + (r + 0.25) * ch):int(y0 + (r + 0.75) * ch),
                                         int(x0 + (c + 0.25) * cw):int(x0 + (c + 0.75) * cw)]))
            for r in range(rows) for c in range(cols)}
    out = {}
    for r in range(rows):
        for c in range(cols):
            pairs = []
            if c + 1 < cols:
                x = x0 + (c + 1) * cw
                ys = np.linspace(y0 + (r + 0.2) * ch, y0 + (r + 0.8) * ch, 12)
                pairs.append(((r, c + 1), [grey[int(y), int(x - band):int(x + band + 1)].min() for y in ys]))
            if r + 1 < rows:
                y = y0 + (r + 1) * ch
                xs = np.linspace(x0 + (c + 0.2) * cw, x0 + (c + 0.8) * cw, 12)
                pairs.append(((r + 1, c), [grey[int(y - band):int(y + band + 1), int(x)].min() for x in xs]))
            for q, vals in pairs:
                limit = min(prog["border_max_grey"], min(fill[(r, c)], fill[q]) - prog["border_contrast"])
                out[((r, c), q)] = float(np.mean(np.array(vals) < limit)) >= 0.6
    return out


def _split_by_borders(region: set, borders: dict) -> list[set]:
    """The parts of a region left when the cells on the two sides of a drawn border are not joined."""
    parts, seen = [], set()
    for start in sorted(region):
        if start in seen:
            continue
        part, stack = {start}, [start]
        seen.add(start)
        while stack:
            r, c = stack.pop()
            for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                key = ((r, c), q) if ((r, c), q) in borders else (q, (r, c))
                if q in region and q not in seen and not borders.get(key, False):
                    seen.add(q)
                    part.add(q)
                    stack.append(q)
        parts.append(part)
    return parts


def piece_colour_mismatches(placed: list[tuple[set, int]], readings: dict[str, Any], piece_colours: list[str],
                            prog: dict[str, Any]) -> list[tuple[set, int, int]]:
    """(region, its piece, the piece whose colour it is painted) for each placed region painted, without
    doubt, in the palette colour of another piece (AUDIT14: two regions in each other's colours passed).
    Only on a page that colours pieces by identity: every placed region's colour named a palette colour
    (:func:`name_colour`) and no two alike; pastel, one-colour or other-hue tilings are not judged."""
    from genpuzzle.renderers.spatial_construction import PALETTE

    pal = palette_labs({k: PALETTE[k] for k in piece_colours})
    named = []
    for region, piece in placed:
        labs = [readings[f"{r},{c}"]["lab"] for r, c in region if readings[f"{r},{c}"]["state"] == "colour"]
        if not labs:
            return []
        name, _ = name_colour(np.median(np.array(labs, float), axis=0), pal, prog)
        if name not in piece_colours:
            return []
        named.append(name)
    if len(set(named)) != len(named):
        return []
    return [(region, piece, piece_colours.index(name)) for (region, piece), name in zip(placed, named)
            if piece_colours[piece] != name]


def pieces_recoloured(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any], pieces: list,
                      prog: dict[str, Any]) -> list[Violation]:
    """``context_modified`` for each given piece whose colour changed (its cells' chromatic median moved by
    more than ``recoloured_delta_e``, or no longer coloured): darkness alone does not see a hue change or a
    piece painted a light grey (as the cube net's views are checked)."""
    lab, i_lab = to_lab(answer, paper_rgb(answer)), to_lab(input_image, paper_rgb(input_image))
    pc = layout["piece_cell_px"]
    out = []
    for k, (box, cells) in enumerate(zip(layout["piece_boxes"], pieces)):
        sel = np.zeros(lab.shape[:2], bool)
        for r, c in cells:
            x0, y0 = box[0] + c * pc, box[1] + r * pc
            sel[int(y0 + 0.25 * pc):int(y0 + 0.75 * pc), int(x0 + 0.25 * pc):int(x0 + 0.75 * pc)] = True
        got, was = _chromatic_median(lab[sel], prog), _chromatic_median(i_lab[sel], prog)
        if was is not None and (got is None or float(ciede2000(got, was)) > prog["recoloured_delta_e"]):
            out.append(Violation("context_modified", f"given piece {k + 1} was recoloured",
                                 {"bbox": list(box), "kind": "recoloured", "piece": k + 1}))
    return out


def check_assembly(record: InstanceRecord, answer: np.ndarray, input_image: np.ndarray, prog: dict[str, Any],
                   a_dark: np.ndarray, i_dark: np.ndarray) -> Check:
    from genpuzzle.solvers.spatial_construction import as_cells, canonical

    truth, layout = record.ground_truth, record.layout
    lab = to_lab(answer, paper_rgb(answer))
    regions, readings, unsure, mode = read_regions(answer, lab, layout, prog)
    rows, cols = layout["rows"], layout["cols"]
    x0, y0, x1, y1 = layout["target_bbox"]
    cw, ch = (x1 - x0) / cols, (y1 - y0) / rows
    pieces = [as_cells(p) for p in truth["pieces"]]
    unused = {k: canonical(p) for k, p in enumerate(pieces)}
    mirrored = {k: canonical(p, reflections=True) for k, p in enumerate(pieces)}
    violations = []

    def bbox_of(cells) -> list[int]:
        rs = [r for r, _ in cells]
        cs = [c for _, c in cells]
        return [round(x0 + min(cs) * cw), round(y0 + min(rs) * ch), round(x0 + (max(cs) + 1) * cw),
                round(y0 + (max(rs) + 1) * ch)]

    if mode == "colour":
        # two neighbouring pieces filled with one colour but separated by a drawn border: split them
        borders = None
        split: list[set] = []
        for region in regions:
            if canonical(region) in unused.values():
                split.append(region)
                continue
            borders = _borders(answer, layout, prog) if borders is None else borders
            parts = _split_by_borders(region, borders)
            shapes = sorted(canonical(p) for p in parts)
            free = sorted(unused.values())
            fits = len(parts) > 1 and all(shapes.count(x) <= free.count(x) for x in shapes)
            split.extend(parts if fits else [region])
        regions = split
    matched = wrong = 0
    placed: list[tuple[set, int]] = []
    unsure_set = {tuple(u) for u in unsure}
    for region in sorted(regions, key=lambda g: min(g)):
        shape = canonical(region)
        hit = next((k for k, s in unused.items() if s == shape), None)
        ev = {"cells": sorted([list(x) for x in region]), "bbox": bbox_of(region)}
        if hit is not None:
            del unused[hit]
            matched += 1
            placed.append((region, hit))
            continue
        if region & unsure_set:
            continue  # its outline rests on an unsure reading: review, not a verdict
        wrong += 1
        flipped = next((k for k in unused if mirrored[k] == canonical(region, reflections=True)), None)
        if flipped is not None:
            violations.append(Violation("mirrored_piece", f"a region of {len(region)} cells is piece {flipped + 1} "
                                        "flipped over (only rotations are allowed)", {**ev, "piece": flipped + 1}))
        else:
            violations.append(Violation("wrong_region", f"a region of {len(region)} cells is congruent to no unused "
                                        "piece", ev))
    covered = set().union(*regions) if regions else set()
    target = {(r, c) for r in range(rows) for c in range(cols)}
    gap = sorted(target - covered - unsure_set)
    if gap and regions:
        violations.append(Violation("uncovered_cells", f"{len(gap)} cell(s) of the region are not covered",
                                    {"cells": [list(g) for g in gap], "bbox": bbox_of(gap)}))
    for k in sorted(unused):
        if regions:
            violations.append(Violation("missing_piece", f"piece {k + 1} ({truth['piece_colours'][k]}) is not placed",
                                        {"piece": k + 1, "bbox": layout["piece_boxes"][k]}))
    if mode == "colour":
        miscoloured = piece_colour_mismatches(placed, readings, truth["piece_colours"], prog)
        for region, piece, other in miscoloured:
            violations.append(Violation("wrong_colour", f"the region shaped as piece {piece + 1} "
                                        f"({truth['piece_colours'][piece]}) is painted {truth['piece_colours'][other]}, "
                                        f"the colour of piece {other + 1}",
                                        {"cells": sorted([list(x) for x in region]), "bbox": bbox_of(region),
                                         "piece": piece + 1, "colour_of_piece": other + 1}))
        wrong += len(miscoloured)  # pieces in place, colours exchanged: one local defect (tier 2)
    violations += pieces_recoloured(answer, input_image, layout, truth["pieces"], prog)
    n = len(pieces)
    if not regions and not unsure:
        tier = 0
    elif matched == n and not wrong and not gap and not unsure:
        tier = 3
    elif matched >= n - 1:
        tier = 2  # one piece misplaced, cut short or flipped
    elif matched * 2 >= n:
        tier = 1
    else:
        tier = 0
    parsed = {"mode": mode, "regions": [sorted([list(x) for x in g]) for g in regions], "matched": matched,
              "cells": readings}
    return Check(tier, violations, parsed, unsure, 0.5 if unsure else 1.0, answered=bool(regions) or bool(unsure))


CHECKS = {"cube_net": check_cube_net, "paper_folding": check_paper_folding, "cross_section": check_cross_section,
          "assembly": check_assembly}


def tier_score(tier: int) -> float:
    return round(tier / 3 * 100.0, 4)


def verify(track: str, rubric: dict[str, Any], record: InstanceRecord, answer: np.ndarray,
           input_image: np.ndarray) -> Verdict:
    """The verdict on one registered answer (see the module docstring and the rubric's ``programmatic``)."""
    prog = rubric["programmatic"]
    layout = record.layout
    cell_px = max(PAPER_CELL_PX, 1.5 * float(layout["cell_px"]))
    a_dark, i_dark = darkness(answer, cell_px), darkness(input_image, cell_px)
    tol = tolerance_px(answer.shape, prog)
    context = context_mask(a_dark.shape, layout["answer_bbox"], tol)
    given = context.copy()
    if "cube_bbox" in layout:
        # a cross section is drawn onto the given cube, whose erasure is charged: its lines are given too
        x0, y0, x1, y1 = (int(round(v)) for v in layout["cube_bbox"])
        given[max(0, y0):max(0, y1), max(0, x0):max(0, x1)] = True
    imaging = fit_page_imaging(a_dark, i_dark, given, prog["added_darkness"])
    answer, tones = restore_contrast(answer, input_image, imaging, given, prog)
    if tones is not None:
        a_dark = darkness(answer, cell_px)
    page = page_changes(a_dark, i_dark, layout["answer_bbox"], prog, tol)
    check = CHECKS[record.variant](record, answer, input_image, prog, a_dark, i_dark)
    violations = check.violations + page.violations
    tier = check.tier
    codes = {v.code for v in violations}
    for code, cap in prog["caps"].items():
        if code in codes:
            tier = min(tier, int(cap))
    if page.input_kept < prog["input_destroyed_below_kept"]:
        violations.append(Violation("input_not_used", f"only {page.input_kept:.0%} of the given drawing is left",
                                    {"kept": round(page.input_kept, 3), "bbox": list(layout["answer_bbox"])}))
        tier = 0
    if not check.answered:
        violations.append(Violation("missing_answer", "nothing is drawn in the answer area",
                                    {"bbox": list(layout["answer_bbox"])}))
        tier = 0
    if check.unsure:
        violations.append(Violation("unsure_reading", f"{len(check.unsure)} reading(s) unsure (charged as wrong)",
                                    {"unsure": check.unsure, "bbox": list(layout["answer_bbox"])}))
        tier = min(tier, 2)
    confident = [v for v in violations if v.code != "unsure_reading"]
    status = Status.INCORRECT if confident else (Status.NEEDS_REVIEW if check.unsure else Status.CORRECT)
    if status is Status.CORRECT and tier != 3:
        status = Status.INCORRECT  # cannot happen: a tier below 3 always names its violation
    parsed = {**check.parsed, "tier": tier}
    return Verdict(id=record.id, track=track, score=tier_score(tier), status=status, violations=violations,
                   parsed=parsed, confidence=check.confidence, needs_review=bool(check.unsure),
                   subscores={"tier": tier}, extra={"added_px": page.added_px, "removed_px": page.removed_px,
                                                     "page_imaging": imaging.to_json(),
                                                     "contrast_gains": list(tones.to_json()["gains"]) if tones
                                                     else [1.0, 1.0, 1.0]})


def draw_reading(answer: np.ndarray, record: InstanceRecord, verdict: Verdict) -> np.ndarray:
    """The answer with red boxes on every violation's evidence."""
    out = np.ascontiguousarray(np.asarray(answer)[:, :, :3].copy())
    for v in verdict.violations:
        box = v.evidence.get("bbox")
        if box:
            cv2.rectangle(out, (int(box[0]), int(box[1])), (int(box[2]), int(box[3])), (220, 30, 30), 2)
    return out
