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


def ink_map(image: np.ndarray) -> np.ndarray:
    """Per pixel 0..1: the largest channel deficit relative to the paper colour, so that any ink colour
    (dark, saturated, light wood) counts and white or re-tinted paper does not."""
    rgb = np.ascontiguousarray(np.asarray(image, dtype=np.uint8)[:, :, :3])
    h, w = rgb.shape[:2]
    small = cv2.resize(rgb, (max(1, w // 4), max(1, h // 4)), interpolation=cv2.INTER_AREA) if min(h, w) >= 8 else rgb
    px = small.reshape(-1, 3)
    bright = px[px.astype(np.int32).sum(axis=1) >= 3 * 96]
    paper = np.median(bright, axis=0) if len(bright) else np.array([255.0, 255.0, 255.0])
    gain = 255.0 / np.maximum(paper.astype(np.float64), 16.0)
    scaled = cv2.transform(rgb, np.diag(gain).astype(np.float32))  # saturates at 255
    r, g, b = cv2.split(scaled)
    darkest = cv2.min(cv2.min(r, g), b)
    return (255.0 - darkest.astype(np.float32)) * np.float32(1.0 / 255.0)


def _point_segment_distance(px: np.ndarray, py: np.ndarray, a: tuple[float, float], b: tuple[float, float]) -> np.ndarray:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    t = np.clip(((px - ax) * dx + (py - ay) * dy) / max(dx * dx + dy * dy, 1e-9), 0.0, 1.0)
    return np.hypot(px - (ax + t * dx), py - (ay + t * dy))


def read_sticks(image: np.ndarray, layout: dict[str, Any], params: dict[str, Any] | None = None) -> StickReading:
    """Read slot occupancy and stray sticks from ``image`` (RGB, registered into the input frame)."""
    p = {**DEFAULTS, **(params or {})}
    ink = ink_map(image)
    h, w = ink.shape
    hit = ink >= p["ink_threshold"]
    L = stick_length(layout)
    T = float(layout.get("stick_width", 0.16 * L))
    tol = max(3.0, p["perpendicular_tolerance"] * L)
    slots_ = layout["slots"]
    kinds = frame_from_layout(layout).kinds
    offsets = np.arange(-math.ceil(tol), math.ceil(tol) + 1, dtype=np.float32)
    fills, confs, occupied = [], [], []
    for sl in slots_:
        p0, p1 = np.array(sl["p0"], np.float32), np.array(sl["p1"], np.float32)
        d = p1 - p0
        length = float(np.hypot(*d)) or 1.0
        u = d / length
        n = np.array([-u[1], u[0]], np.float32)
        span = p["sample_span"] if kinds[sl["symbol"]] == "digit" else p["operator_sample_span"]
        ts = np.linspace(span[0], span[1], _SAMPLES, dtype=np.float32)
        centres = p0[None, :] + ts[:, None] * d[None, :]
        # skip samples where another slot of the same symbol crosses or comes close (the '+' centre...)
        keep = np.ones(len(ts), bool)
        for other in slots_:
            if other is sl or other["symbol"] != sl["symbol"]:
                continue
            dist = _point_segment_distance(centres[:, 0], centres[:, 1], tuple(other["p0"]), tuple(other["p1"]))
            keep &= dist > tol + 0.5 * T
        if keep.sum() < 4:
            keep[:] = True
        pts = centres[keep][:, None, :] + offsets[None, :, None] * n[None, None, :]
        xs = np.clip(np.round(pts[..., 0]).astype(np.int64), 0, w - 1)
        ys = np.clip(np.round(pts[..., 1]).astype(np.int64), 0, h - 1)
        fill = float(hit[ys, xs].any(axis=1).mean())
        fills.append(fill)
        occupied.append(fill >= p["occupied_cut"])
        confs.append(min(1.0, abs(fill - p["occupied_cut"]) / p["confident_margin"]))
    strays = _find_strays(hit, layout, occupied, fills, L, T, tol, p)
    return StickReading(occupied, fills, confs, strays)


def _find_strays(hit: np.ndarray, layout: dict[str, Any], occupied: list[bool], fills: list[float],
                 L: float, T: float, tol: float, p: dict[str, Any]) -> list[dict[str, Any]]:
    """Stick-like ink inside the frame that no occupied slot explains."""
    h, w = hit.shape
    region = np.zeros((h, w), np.uint8)
    fx0, fy0, fx1, fy1 = layout.get("frame_bbox", [0, 0, w, h])
    m = int(math.ceil(tol + 6))
    region[max(0, int(fy0) + m):max(0, int(fy1) - m), max(0, int(fx0) + m):max(0, int(fx1) - m)] = 1
    explained = np.zeros((h, w), np.uint8)
    half = int(math.ceil(tol + 0.75 * T + 2))
    for sl, occ, fill in zip(layout["slots"], occupied, fills):
        if not occ and fill < 0.5 * p["occupied_cut"]:
            continue
        a, b = np.array(sl["p0"], float), np.array(sl["p1"], float)
        u = (b - a) / (np.linalg.norm(b - a) or 1.0)
        a, b = a - u * 0.05 * L, b + u * 0.05 * L
        cv2.line(explained, (round(a[0]), round(a[1])), (round(b[0]), round(b[1])), 1, thickness=2 * half + 1)
    residual = (hit & (region > 0) & (explained == 0)).astype(np.uint8)
    residual = cv2.morphologyEx(residual, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(residual, connectivity=8)
    out = []
    for c in range(1, count):
        x, y, bw, bh, area = (int(v) for v in stats[c])
        if max(bw, bh) < p["stray_min_length"] * L * 0.7:
            continue
        ys, xs = np.nonzero(labels[y:y + bh, x:x + bw] == c)
        (_, _), (rw, rh), _ = cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))
        long_side = max(rw, rh)
        if long_side < p["stray_min_length"] * L or area < long_side * p["stray_min_width_px"]:
            continue
        out.append({"bbox": [x, y, x + bw, y + bh], "sticks": max(1, round(long_side / L)),
                    "length": round(float(long_side), 1), "width": round(float(area / max(long_side, 1)), 1)})
    return out


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
            "stray_stick", f"{stray['sticks']} stick(s) lie outside every slot",
            {"bbox": stray["bbox"], "sticks": stray["sticks"], "length_px": stray["length"]}))

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
              "strays": reading.strays}
    return violations, subscores, parsed


def _slot_name(layout: dict[str, Any], j: int) -> str:
    sl = layout["slots"][j]
    return f"{sl['symbol']}:{sl['segment']}"


def matchstick_score(violations: list[Violation]) -> float:
    """Binary score per ``data/rubrics/matchstick.json``: 100 when no condition fails, else 0."""
    return 0.0 if violations else 100.0


def draw_overlay(answer: np.ndarray, layout: dict[str, Any], reading: StickReading) -> np.ndarray:
    """The answer with the read slots drawn: green kept, blue added, red (thin) removed, orange strays."""
    out = np.ascontiguousarray(answer.copy())
    shown = layout["occupied"]
    for sl, was, now in zip(layout["slots"], shown, reading.occupied):
        a = (round(sl["p0"][0]), round(sl["p0"][1]))
        b = (round(sl["p1"][0]), round(sl["p1"][1]))
        if now:
            cv2.line(out, a, b, (0, 170, 0) if was else (0, 90, 255), 3)
        elif was:
            cv2.line(out, a, b, (220, 0, 0), 1)
    for stray in reading.strays:
        x0, y0, x1, y1 = stray["bbox"]
        cv2.rectangle(out, (x0, y0), (x1, y1), (255, 140, 0), 2)
    return out
