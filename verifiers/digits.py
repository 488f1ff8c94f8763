"""Offline digit reader for answer-image cells (pure numpy + OpenCV at run time).

Pipeline per cell: background-aware ink mask -> remove grid-line remnants and specks ->
blank test on the cleaned ink -> pencil-mark test (only small glyphs off the centre) -> the
symbol's own box scaled and centred into 28x28 -> a small CNN run in numpy (weights in
``data/models/digits.npz``, trained by ``tools/train_digit_reader.py``) with temperature-scaled
probabilities over 12 classes: digits 0-9, "blank" (junk that survived cleaning) and "other"
(letters, marks, struck-through digits). Open-set: the symbol is decided before any allowed set.

Cells of equal size (a grid's cells) go through each step as one numpy batch; the result is
identical to preparing them one at a time, so the shipped model stays valid.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Sequence

import cv2
import numpy as np
from numpy.lib.stride_tricks import as_strided

import genpuzzle.data
from genpuzzle.parallel import blas_controller

MODEL_PATH = Path(genpuzzle.data.__file__).parent / "models" / "digits.npz"
MODEL_FORMAT = "genpuzzle-digits-cnn-v3"
BLANK_CLASS = 10
OTHER_CLASS = 11
N_CLASSES = 12
PENCIL_CONFIDENCE = 0.95  # a cell holding only small off-centre glyphs is read as pencil marks
PENCIL_CANDIDATE_CONFIDENCE = 0.5  # a pencil glyph counts as a candidate digit from this confidence
NORM_SIZE = 28          # side of the normalised crop
NORM_BOX = 20           # longest side of the digit inside the normalised crop
INK_FLOOR = 36.0        # minimum ink contrast (0-255) so JPEG/noise on a blank never becomes ink
EDGE_BAND = 0.2         # fraction of the cell side treated as "edge" for grid-line remnants
MIN_INK_FRACTION = 0.004
MIN_INK_EXTENT = 0.2    # digit bbox must span >= this fraction of the cell's shorter side
MIN_STROKE_EXTENT = 0.15  # ... and one connected stroke must span this much (scattered specks don't)
PENCIL_MAX_EXTENT = 0.4   # pencil marks: every glyph group spans less than this fraction of the side,
PENCIL_MIN_OFFSET = 0.17  # ... and a lone group's centre lies this far (fraction of side) off the centre
PENCIL_GAP = 0.16         # pieces closer than this (fraction of side) count as one group for that test
FAINT_INK_FLOOR = 24.0    # contrast from which faint structure makes a blank unsure (noise stays below)
FRAGMENTED_BLANK_CONFIDENCE = 0.6  # digit-sized ink that fails only the stroke test: unsure, maybe a broken glyph


SYMBOL_BLANK = "blank"    # no ink that could be a symbol
SYMBOL_OTHER = "other"    # ink that is not a digit: a letter, a cross, a struck-through digit, a scribble
SYMBOL_PENCIL = "pencil"  # only small digits off the centre (pencil-mark candidates), no answer
CONFIDENT = 0.9           # calibrated confidence at or above which a reading counts as sure


@dataclass(frozen=True)
class DigitReading:
    """One cell's reading. ``symbol`` is the open-set answer ('0'-'9', 'blank', 'other', 'pencil');
    ``digit`` is its int when the symbol is a digit, else None; ``confidence`` is the calibrated
    probability that ``symbol`` is right; ``in_allowed`` is False for a digit outside ``allowed`` or
    'other' (never snapped to an allowed digit); ``candidates`` are pencil-mark digits."""

    digit: int | None      # 0-9 when the symbol is a digit, else None
    confidence: float      # 0..1, calibrated probability that ``symbol`` is right
    ink: float             # fraction of cell area that is ink after cleaning
    symbol: str = ""       # filled from ``digit`` when empty: str(digit) or 'blank'
    in_allowed: bool = True
    candidates: tuple[int, ...] = ()
    not_digit: float | None = None  # the digit-or-not check's probability of "not a digit" (sure digit readings only)

    def __post_init__(self) -> None:
        if not self.symbol:
            object.__setattr__(self, "symbol", SYMBOL_BLANK if self.digit is None else str(self.digit))

    @property
    def confident(self) -> bool:
        return self.confidence >= CONFIDENT


def _as_uint8_image(cell: np.ndarray) -> np.ndarray:
    """Return ``cell`` as uint8 HxW or HxWx3 (alpha dropped, floats in 0..1 or 0..255 accepted)."""
    a = np.asarray(cell)
    if a.ndim == 3 and a.shape[2] == 1:
        a = a[:, :, 0]
    if a.ndim == 3 and a.shape[2] >= 3:
        a = a[:, :, :3]
    if a.ndim not in (2, 3):
        return np.zeros((0, 0), np.uint8)
    if a.dtype != np.uint8:
        a = np.nan_to_num(a.astype(np.float64))
        if a.size and a.max() <= 1.0:
            a = a * 255.0
        a = np.clip(a, 0, 255).astype(np.uint8)
    return a


def _planar_batch(images: Sequence[np.ndarray]) -> np.ndarray:
    """Equal-size HxWxC uint8 images as one channel-first (N, C, H, W) array (one copy of each; a stack
    then a transpose would copy twice)."""
    h, w, c = images[0].shape
    out = np.empty((len(images), c, h, w), np.uint8)
    for k, img in enumerate(images):
        out[k] = img.transpose(2, 0, 1)
    return out


def _ink_batch(img: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For N equal-size cells ``img`` (N, C, H, W uint8, C >= 0, see :func:`_planar_batch`) return (strength, threshold,
    peak). Strength is the per-pixel contrast (uint8) against the cell's background colour: how
    much darker the pixel is than the background in its most-darkened channel, so coloured ink on a
    tinted background counts as well as dark ink (background = per-channel median, lower median
    for even counts). Threshold: Otsu on the cell's centre, so a dark grid remnant at the edge
    cannot push it above faint pencil ink; floored so noise alone is never ink."""
    n, nc, h, w = img.shape
    if nc == 0:
        strength = np.zeros((n, h, w), np.uint8)
    else:
        planes = img.reshape(n * nc, h * w)
        bg = _percentile_rows(planes, 50.0).astype(np.uint8)[:, None]
        diff = (np.maximum(planes, bg) - planes).reshape(n, nc, h, w)  # saturating bg - img
        strength = (np.maximum(np.maximum(diff[:, 0], diff[:, 1]), diff[:, 2]) if nc == 3
                    else diff.max(axis=1))
    y0, x0 = int(h * 0.15), int(w * 0.15)
    inner = strength[:, y0:h - y0, x0:w - x0]
    if inner[0].size < 4:
        inner = strength
    peaks = _percentile_rows(inner.reshape(n, -1), 98.5)
    thr = np.full(n, INK_FLOOR)
    # The threshold is max(floor, min(0.75 Otsu, 0.5 peak)): the floor whenever half the peak is below it.
    for i in np.nonzero(0.5 * peaks > INK_FLOOR)[0].tolist():
        otsu, _ = cv2.threshold(np.ascontiguousarray(inner[i]), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        thr[i] = max(INK_FLOOR, min(0.75 * float(otsu), 0.5 * float(peaks[i])))
    return strength, thr, peaks.astype(np.float64)


def _percentile_rows(values: np.ndarray, q: float, weights: np.ndarray | None = None) -> np.ndarray:
    """Per-row percentile (histogram definition: smallest v with count(<= v) >= q% of the row) of a
    uint8 (R, K) array, optionally only over pixels where ``weights`` (bool, same shape) is set
    (rows must then keep at least one pixel)."""
    r, k = values.shape
    if weights is None:
        # The ceil(q% of K)-th smallest value, by a bisection over the 256 values that counts (one
        # vectorised comparison and one OpenCV row sum a step) instead of a partition of every row.
        need = max(int(np.ceil(q / 100.0 * k)) - 1, 0) + 1
        values = np.ascontiguousarray(values)
        lo, hi = np.zeros(r, np.int32), np.full(r, 255, np.int32)
        below = np.empty((r, k), bool)
        for _ in range(8):
            mid = (lo + hi) >> 1
            np.less_equal(values, mid.astype(np.uint8)[:, None], out=below)
            ok = cv2.reduce(below.view(np.uint8), 1, cv2.REDUCE_SUM, dtype=cv2.CV_32S)[:, 0] >= need
            hi = np.where(ok, mid, hi)
            lo = np.where(ok, lo, mid + 1)
        return lo.astype(np.int64)
    idx = values[weights].astype(np.int64) + np.repeat(np.arange(r) * 256, np.count_nonzero(weights, axis=1))
    cum = np.bincount(idx, minlength=256 * r).reshape(r, 256).cumsum(axis=1)
    return np.argmax(cum >= (q / 100.0 * cum[:, -1:]), axis=1)


def _line_counts(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Set pixels per row (N, H) and per column (N, W) of N bool masks (N, H, W), as int32 (an OpenCV
    row sum and a uint8 column sum: several times cheaper than numpy's count_nonzero along an axis)."""
    n, h, w = mask.shape
    if not mask.size:
        return np.zeros((n, h), np.int32), np.zeros((n, w), np.int32)
    u = np.ascontiguousarray(mask).view(np.uint8)
    rows = cv2.reduce(u.reshape(n * h, w), 1, cv2.REDUCE_SUM, dtype=cv2.CV_32S).reshape(n, h)
    return rows, u.sum(axis=1, dtype=np.int32)


def _ink_counts(mask: np.ndarray) -> np.ndarray:
    """Set pixels of each of N bool masks (N, H, W), as int32 (one OpenCV row sum)."""
    n = len(mask)
    if not mask.size:
        return np.zeros(n, np.int32)
    u = np.ascontiguousarray(mask).view(np.uint8)
    return cv2.reduce(u.reshape(n, -1), 1, cv2.REDUCE_SUM, dtype=cv2.CV_32S)[:, 0]


CC_MAX_INK = 65000  # ink pixels per connected-components call, so 16-bit labels cannot overflow


def _clean_batch(mask: np.ndarray, line_counts: tuple[np.ndarray, np.ndarray] | None = None
                 ) -> tuple[np.ndarray, np.ndarray]:
    """For N equal-size masks (N, H, W) drop grid-line remnants (near-full rows/columns in the edge
    band, components lying almost entirely in the edge band that touch the border or are long and
    thin) and specks much smaller than the
    cell's main stroke. Returns the kept masks and, per cell, the largest bbox side (px) of any
    kept component. Cells with ink go through few connected-components passes (stacked with blank
    rows between them so no component crosses cells), each with at most ``CC_MAX_INK`` ink pixels
    so 16-bit labels suffice (OpenCV's statistics cost about half with them)."""
    n, h, w = mask.shape
    band_y, band_x = max(2, int(round(h * EDGE_BAND))), max(2, int(round(w * EDGE_BAND)))
    row_counts, col_counts = _line_counts(mask) if line_counts is None else line_counts
    rows = row_counts / w > 0.6  # == mask.mean(axis=2), exactly
    cols = col_counts / h > 0.6
    rows[:, band_y:h - band_y] = False
    cols[:, band_x:w - band_x] = False
    ink = mask & ~rows[:, :, None] & ~cols[:, None, :]
    kept = np.zeros((n, h, w), bool)
    stroke_side = np.zeros(n, np.int64)
    counts = _ink_counts(ink)
    cells = np.nonzero(counts)[0]
    if not len(cells):
        return kept, stroke_side
    edge = np.zeros((h + 1, w), bool)
    edge[:band_y], edge[h - band_y:h], edge[:h, :band_x], edge[:h, w - band_x:] = True, True, True, True
    total = np.cumsum(counts[cells])
    start, base = 0, 0
    while start < len(cells):
        # Consecutive cells whose ink fits one 16-bit pass (a lone cell with more ink goes alone, 32-bit).
        stop = max(start + 1, int(np.searchsorted(total, base + CC_MAX_INK)))
        part = cells[start:stop]
        if part[-1] - part[0] == len(part) - 1:  # a run of cells: slices, not fancy-index copies
            part = slice(int(part[0]), int(part[-1]) + 1)
        _clean_cells(ink[part], part, kept, stroke_side, edge, total[stop - 1] - base < CC_MAX_INK)
        start, base = stop, total[stop - 1]
    return kept, stroke_side


def _clean_cells(ink: np.ndarray, cells: np.ndarray | slice, kept: np.ndarray, stroke_side: np.ndarray,
                 edge: np.ndarray, short_labels: bool) -> None:
    """:func:`_clean_batch`'s component step for masks ``ink`` (K, H, W) of the cells ``cells``:
    writes their rows of ``kept`` and ``stroke_side``."""
    k, h, w = ink.shape
    stacked = np.zeros((k, h + 1, w), np.uint8)
    stacked[:, :h] = ink
    count, labels, stats, _ = cv2.connectedComponentsWithStats(stacked.reshape(k * (h + 1), w), connectivity=8,
                                                               ltype=cv2.CV_16U if short_labels else cv2.CV_32S)
    labels = labels.reshape(k, h + 1, w)
    stats = stats[1:]
    cell = stats[:, cv2.CC_STAT_TOP] // (h + 1)
    areas = stats[:, cv2.CC_STAT_AREA].astype(np.float64)
    in_edge = np.bincount(labels[(stacked != 0) & edge], minlength=count)[1:].astype(np.float64)  # ink pixels only
    x, y = stats[:, cv2.CC_STAT_LEFT], stats[:, cv2.CC_STAT_TOP] % (h + 1)
    cw, ch = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]
    line_like = ((x == 0) | (y == 0) | (x + cw == w) | (y + ch == h)
                 | (np.maximum(cw, ch) >= 2.5 * np.maximum(np.minimum(cw, ch), 1)))
    # An edge-band component is a grid-line remnant when it touches the crop's border or is long and
    # thin; a compact glyph in a corner that touches nothing (a pencil mark) stays.
    keep = (in_edge < 0.85 * areas) | ~line_like
    largest = np.zeros(k)
    np.maximum.at(largest, cell[keep], areas[keep])
    keep &= areas >= np.maximum(0.12 * largest[cell], 0.0015 * h * w)
    sides = np.maximum(cw, ch)
    side = np.zeros(k, np.int64)
    np.maximum.at(side, cell[keep], sides[keep])
    stroke_side[cells] = side
    keep = np.concatenate([[False], keep])
    if isinstance(cells, slice):  # labels are always in range: 'clip' lets take write in place
        np.take(keep, labels[:, :h], out=kept[cells], mode="clip")
    else:
        kept[cells] = np.take(keep, labels[:, :h])


def ink_mask(cell: np.ndarray) -> np.ndarray:
    """Bool HxW mask of ink pixels (darker or more saturated than the background colour), before
    grid-line/speck cleaning. Any input shape is accepted; degenerate input gives an empty mask."""
    return ink_masks([cell])[0]


def ink_masks(cells: Sequence[np.ndarray]) -> list[np.ndarray]:
    """``[ink_mask(c) for c in cells]``, with cells of equal size processed as one batch."""
    out: list[np.ndarray | None] = [None] * len(cells)
    groups: dict[tuple[int, ...], list[tuple[int, np.ndarray]]] = {}
    for k, cell in enumerate(cells):
        img = _as_uint8_image(cell)
        if img.ndim == 2:
            img = img[:, :, None]
        if img.size == 0:
            out[k] = np.zeros(img.shape[:2], bool)
        else:
            groups.setdefault(img.shape, []).append((k, img))
    for members in groups.values():
        strength, thr, _ = _ink_batch(_planar_batch([img for _, img in members]))
        masks = strength >= thr[:, None, None]
        for j, (k, _) in enumerate(members):
            out[k] = masks[j]
    return out  # type: ignore[return-value]


@dataclass(frozen=True)
class PreparedCell:
    """A cell after cleaning: ``image`` is None when the blank test already decided; ``pencil``
    holds the normalised images of small off-centre glyphs when the cell holds only those."""
    image: np.ndarray | None
    log_aspect: float
    ink: float
    blank_confidence: float
    pencil: tuple[np.ndarray, ...] = ()
    pencil_confidence: float = PENCIL_CONFIDENCE
    whole: np.ndarray | None = None  # the glyph with ink the cleaning dropped in or at it (see _whole_views)


def _clusters(kept: np.ndarray, side: int, join: float = 0.04) -> list[tuple[int, int, int, int]]:
    """Boxes (y0, y1, x0, x1) of groups of kept ink: components closer than ~2 * ``join`` of the side
    join, so a digit written in broken strokes stays one group."""
    r = max(1, int(round(side * join)))
    grown = cv2.dilate(kept.astype(np.uint8), np.ones((2 * r + 1, 2 * r + 1), np.uint8))
    count, labels = cv2.connectedComponents(grown, connectivity=8)
    boxes = []
    for k in range(1, count):
        ys, xs = np.nonzero((labels == k) & kept)
        if len(ys):
            boxes.append((int(ys.min()), int(ys.max()) + 1, int(xs.min()), int(xs.max()) + 1))
    return boxes


def _pencil_marks(kept: np.ndarray, soft: np.ndarray) -> tuple[np.ndarray, ...]:
    """Normalised glyph images when the cell's ink is only small glyphs away from the centre
    (pencil-mark candidates), else ()."""
    h, w = kept.shape
    side = min(h, w)
    boxes = _clusters(kept, side)
    if not boxes or any(max(y1 - y0, x1 - x0) > PENCIL_MAX_EXTENT * side for y0, y1, x0, x1 in boxes):
        return ()
    # Pieces that still form one group when gaps up to ~PENCIL_GAP of the side are bridged, centred in
    # the cell, are one glyph (a small answer, or a thin answer broken by the threshold), not marks.
    groups = boxes if len(boxes) == 1 else _clusters(kept, side, PENCIL_GAP / 2)
    if len(groups) == 1:
        y0, y1, x0, x1 = groups[0]
        off = max(abs((y0 + y1) / 2 - h / 2) / h, abs((x0 + x1) / 2 - w / 2) / w)
        if off < PENCIL_MIN_OFFSET:
            return ()
    return tuple(_normalise(soft[y0:y1, x0:x1])[0] for y0, y1, x0, x1 in boxes)


def _prepare_batch(img: np.ndarray) -> list[PreparedCell]:
    """:func:`prepare_cell` for N equal-size cells (N, C, H, W uint8, H, W >= 4) at once."""
    n, _, h, w = img.shape
    strength, thr, _ = _ink_batch(img)
    mask = strength >= thr[:, None, None]
    mask_lines = _line_counts(mask)
    kept, stroke_sides = _clean_batch(mask, mask_lines)
    side = min(h, w)
    row_counts, col_counts = _line_counts(kept)
    counts = row_counts.sum(axis=1)
    row_any, col_any = row_counts > 0, col_counts > 0
    ys0, ys1 = np.argmax(row_any, axis=1), h - np.argmax(row_any[:, ::-1], axis=1)
    xs0, xs1 = np.argmax(col_any, axis=1), w - np.argmax(col_any[:, ::-1], axis=1)
    out: list[PreparedCell | None] = [None] * n
    todo = []
    ys0, ys1, xs0, xs1 = ys0.tolist(), ys1.tolist(), xs0.tolist(), xs1.tolist()
    counts, stroke_sides = counts.tolist(), stroke_sides.tolist()
    for i in range(n):
        ink = counts[i] / (h * w)
        if ink == 0.0:
            out[i] = PreparedCell(None, 0.0, 0.0, 0.99)
            continue
        extent = max(ys1[i] - ys0[i], xs1[i] - xs0[i]) / side
        stroke = stroke_sides[i] / side
        if ink < MIN_INK_FRACTION or extent < MIN_INK_EXTENT or stroke < MIN_STROKE_EXTENT:
            # Close calls (just under the most-failed threshold) get lower confidence.
            closeness = min(ink / MIN_INK_FRACTION, extent / MIN_INK_EXTENT, stroke / MIN_STROKE_EXTENT)
            confidence = float(np.clip(1.0 - 0.45 * closeness, 0.55, 0.99))
            if ink >= MIN_INK_FRACTION and extent >= MIN_INK_EXTENT:
                # Enough ink spread over a digit's size, only in small pieces: scattered specks, or a
                # thin stroke the threshold broke up. Not a sure blank.
                confidence = min(confidence, FRAGMENTED_BLANK_CONFIDENCE)
            out[i] = PreparedCell(None, 0.0, ink, confidence)
            continue
        todo.append(i)
    sure_blank = [i for i in range(n) if out[i] is not None and out[i].blank_confidence >= CONFIDENT]
    if sure_blank:
        # A blank is sure only when a lower threshold finds no digit-sized stroke either: faint ink (a
        # light pen next to a dark grid line that raised the threshold, a hairline) is unsure, never blank.
        sel = np.array(sure_blank)
        faint = strength[sel] >= np.maximum(FAINT_INK_FLOOR, 0.5 * thr[sel])[:, None, None]
        # Cleaning only removes ink, so cells with too little faint ink before it are skipped.
        sel_ink = _ink_counts(faint) / (h * w) >= MIN_INK_FRACTION
        faint, faint_sides = _clean_batch(faint[sel_ink])
        faint_ink = _ink_counts(faint) / (h * w)
        for j, i in enumerate(sel[sel_ink].tolist()):
            if faint_ink[j] >= MIN_INK_FRACTION and faint_sides[j] >= MIN_STROKE_EXTENT * side:
                out[i] = PreparedCell(None, 0.0, out[i].ink, FRAGMENTED_BLANK_CONFIDENCE)
    if todo:
        sel = np.array(todo)
        strength_sel, kept_sel = strength[sel], kept[sel]
        peaks = _percentile_rows(strength_sel.reshape(len(sel), -1), 90, kept_sel.reshape(len(sel), -1))
        stacked = np.zeros((len(sel), h + 1, w), np.uint8)
        stacked[:, :h] = kept_sel
        near = cv2.dilate(stacked.reshape(-1, w), np.ones((3, 3), np.uint8)).reshape(len(sel), h + 1, w)[:, :h]
        # Soft ink: (strength - lo) / (peak - lo) clipped to 0..1, near the kept strokes only; the
        # per-cell constants are rounded to float32 first, exactly as float32-array-op-Python-float does.
        lo = [0.5 * float(thr[i]) for i in todo]
        den = np.array([max(float(p) - l, 1e-3) for p, l in zip(peaks, lo)], np.float32)[:, None, None]
        soft = (strength_sel.astype(np.float32) - np.array(lo, np.float32)[:, None, None]) / den
        np.clip(soft, 0, 1, out=soft)
        soft *= near
        for j, i in enumerate(todo):
            image, log_aspect = _normalise(soft[j, ys0[i]:ys1[i], xs0[i]:xs1[i]])
            pencil = (_pencil_marks(kept[i], soft[j]) if max(stroke_sides[i], 1) <= PENCIL_MAX_EXTENT * side
                      else ())
            out[i] = PreparedCell(image, log_aspect, counts[i] / (h * w), 0.0, pencil)
        glyphs = [j for j, i in enumerate(todo) if not out[i].pencil]
        at = sel[glyphs]
        boxes = np.array([(ys0[i], ys1[i], xs0[i], xs1[i]) for i in at.tolist()], np.int64).reshape(-1, 4)
        for j, whole in zip(glyphs, _whole_views(strength_sel[glyphs], mask[at], kept_sel[glyphs],
                                                 (mask_lines[0][at], mask_lines[1][at]), boxes,
                                                 [lo[j] for j in glyphs], peaks[glyphs])):
            if whole is not None:
                out[todo[j]] = replace(out[todo[j]], whole=whole)
    pencil_cells = [i for i in todo if out[i].pencil]
    if pencil_cells:
        # Pencil marks are sure only when the ink a lower threshold finds is still pencil marks: a light or
        # hairline answer digit the threshold kept only in corner-sized pieces is unsure, never "empty".
        sel = np.array(pencil_cells)
        low = np.maximum(FAINT_INK_FLOOR, 0.5 * thr[sel])
        faint, _ = _clean_batch(strength[sel] >= low[:, None, None])
        for j, i in enumerate(pencil_cells):
            if not _pencil_marks(faint[j], faint[j].astype(np.float32)):
                out[i] = replace(out[i], pencil_confidence=FRAGMENTED_BLANK_CONFIDENCE)
    return out  # type: ignore[return-value]


WHOLE_LINE_FULL = 0.9  # the whole view takes an edge-band row/column for a grid line only when this full
WHOLE_BOX_PAD = 0.05   # ... and keeps pieces of ink up to this fraction of the side around the glyph's box
WHOLE_MIN_EXTRA = 0.03  # the views differ when the whole view has this share of the glyph's ink more (>= 3 px)


def _whole_views(strength: np.ndarray, mask: np.ndarray, kept: np.ndarray,
                 line_counts: tuple[np.ndarray, np.ndarray], boxes: np.ndarray, lo: list[float],
                 peaks: np.ndarray) -> list[np.ndarray | None]:
    """For N equal-size cells (strength, raw ink mask, kept ink after cleaning, soft-ink floor and peak):
    the normalised crop of the glyph as the cleaning would have kept it without its two guesses that
    can cut a glyph -- edge-band rows/columns over 60 % full taken for grid lines (a T's or Z's bar with
    a grid line beside it), and pieces under 12 % of the main stroke taken for specks (a serif the
    threshold cut off) -- or None when that adds less than WHOLE_MIN_EXTRA of the glyph's ink. The
    whole view keeps the components of the raw ink (rows/columns over WHOLE_LINE_FULL removed) that
    touch the kept glyph, and pieces (>= 0.15 % of the cell) inside its box grown by WHOLE_BOX_PAD;
    edge-band line remnants go as in the cleaning."""
    n, h, w = mask.shape
    out: list[np.ndarray | None] = [None] * n
    if not n:
        return out
    band_y, band_x = max(2, int(round(h * EDGE_BAND))), max(2, int(round(w * EDGE_BAND)))
    row_counts, col_counts = line_counts
    rows, cols = row_counts / w > WHOLE_LINE_FULL, col_counts / h > WHOLE_LINE_FULL
    rows[:, band_y:h - band_y] = False
    cols[:, band_x:w - band_x] = False
    ink = mask & ~rows[:, :, None] & ~cols[:, None, :]
    pad = max(1.0, WHOLE_BOX_PAD * min(h, w))
    y0, y1 = boxes[:, 0] - pad, boxes[:, 1] - 1 + pad
    x0, x1 = boxes[:, 2] - pad, boxes[:, 3] - 1 + pad
    # Only ink the cleaning dropped in the glyph's grown box (which holds every pixel next to the glyph)
    # can make the views differ: cells with (almost) none are skipped.
    in_rows = (np.arange(h)[None] >= y0[:, None]) & (np.arange(h)[None] <= y1[:, None])
    in_cols = (np.arange(w)[None] >= x0[:, None]) & (np.arange(w)[None] <= x1[:, None])
    dropped_rows, _ = _line_counts(ink & ~kept & in_cols[:, None, :])
    todo = np.nonzero((dropped_rows * in_rows).sum(axis=1) >= 3)[0].tolist()
    edge = np.zeros((h, w), bool)
    edge[:band_y], edge[h - band_y:], edge[:, :band_x], edge[:, w - band_x:] = True, True, True, True
    grow = np.ones((3, 3), np.uint8)
    for i in todo:
        count, labels, stats, _ = cv2.connectedComponentsWithStats(ink[i].view(np.uint8), connectivity=8)
        stats = stats[1:]
        x, y = stats[:, cv2.CC_STAT_LEFT], stats[:, cv2.CC_STAT_TOP]
        cw, ch, area = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT], stats[:, cv2.CC_STAT_AREA]
        touches = np.bincount(labels[kept[i]], minlength=count)[1:] > 0
        in_edge = np.bincount(labels[ink[i] & edge], minlength=count)[1:]
        line_like = ((x == 0) | (y == 0) | (x + cw == w) | (y + ch == h)
                     | (np.maximum(cw, ch) >= 2.5 * np.maximum(np.minimum(cw, ch), 1)))
        remnant = (in_edge >= 0.85 * area) & line_like
        piece = ((x >= x0[i]) & (x + cw - 1 <= x1[i]) & (y >= y0[i]) & (y + ch - 1 <= y1[i])
                 & (area >= max(2.0, 0.0015 * h * w)))
        keep = np.concatenate([[False], touches | (piece & ~remnant)])
        whole = keep[labels]
        near = cv2.dilate(kept[i].view(np.uint8), grow).view(bool)
        if int(np.count_nonzero(whole & ~near)) < max(3.0, WHOLE_MIN_EXTRA * np.count_nonzero(kept[i])):
            continue
        ys, xs = np.nonzero(whole)
        soft = (strength[i].astype(np.float32) - np.float32(lo[i])) / np.float32(max(float(peaks[i]) - lo[i], 1e-3))
        np.clip(soft, 0, 1, out=soft)
        soft *= cv2.dilate(whole.view(np.uint8), grow)
        out[i] = _normalise(soft[ys.min():ys.max() + 1, xs.min():xs.max() + 1])[0]
    return out


def _normalise(crop: np.ndarray) -> tuple[np.ndarray, float]:
    """Scale a soft-ink crop of the kept strokes (aspect kept) and centre it in 28x28; returns it
    with log(height/width) of the crop."""
    ch, cw = crop.shape
    s = NORM_BOX / max(ch, cw)
    nh, nw = max(1, int(round(ch * s))), max(1, int(round(cw * s)))
    interp = cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR
    small = cv2.resize(crop, (nw, nh), interpolation=interp)
    out = np.zeros((NORM_SIZE, NORM_SIZE), np.float32)
    oy, ox = (NORM_SIZE - nh) // 2, (NORM_SIZE - nw) // 2
    out[oy:oy + nh, ox:ox + nw] = small
    return out, float(np.log(ch / cw))


def prepare_cells(cells: Sequence[np.ndarray]) -> list[PreparedCell]:
    """Clean and normalise cells for the classifier (shared by training and inference); cells of
    equal size are processed as one batch. Same result as ``[prepare_cell(c) for c in cells]``."""
    out: list[PreparedCell | None] = [None] * len(cells)
    groups: dict[tuple[int, ...], list[tuple[int, np.ndarray]]] = {}
    for k, cell in enumerate(cells):
        img = _as_uint8_image(cell)
        if img.ndim == 2:
            img = img[:, :, None]
        if min(img.shape[:2]) < 4:
            out[k] = PreparedCell(None, 0.0, 0.0, 0.9)
        else:
            groups.setdefault(img.shape, []).append((k, img))
    for members in groups.values():
        for (k, _), prepared in zip(members, _prepare_batch(_planar_batch([img for _, img in members]))):
            out[k] = prepared
    return out  # type: ignore[return-value]


def prepare_cell(cell: np.ndarray) -> PreparedCell:
    """Clean one cell and normalise it for the classifier (shared by training and inference)."""
    return prepare_cells([cell])[0]


def _conv3x3_relu_pool(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    """3x3 'same' convolution + ReLU + 2x2 max-pool (floor) of M networks at once: ``x`` (M, N, H, W, C)
    float32 (any strides; M may be 1 for an input all networks share), ``w`` (M, 9C, F) with rows in
    (ky, kx, C) order (PyTorch's (F, C, ky, kx) transposed at load), ``b`` (M, 1, F); returns
    (M, N, H // 2, W // 2, F). The im2col rows are ordered pool-window-major: the four positions of
    every 2x2 window fall in four contiguous blocks (the pool is a max of four blocks), and positions the
    floor pool drops (the last row/column of an odd side) are never computed."""
    m, n, h, wd, c = x.shape
    hp, wp = h // 2, wd // 2
    xp = np.zeros((m, n, h + 2, wd + 2, c), np.float32)
    xp[:, :, 1:-1, 1:-1] = x
    s = xp.strides
    rows = 4 * n * hp * wp
    if c >= 4:
        # One strided copy: for a fixed ky the (kx, C) patch is 3C contiguous floats of the padded input.
        cols = np.empty((m, 2, 2, n, hp, wp, 3, 3 * c), np.float32)
        np.copyto(cols, as_strided(xp, shape=cols.shape,
                                   strides=(s[0], s[2], s[3], s[1], 2 * s[2], 2 * s[3], s[2], s[4])))
        y = np.matmul(cols.reshape(m, rows, 9 * c), w)
    else:  # few channels: one copy per (ky, kx, C) into a transposed im2col, rows of hp * wp floats
        cols = np.empty((m, 3, 3, c, 2, 2, n, hp, wp), np.float32)
        for ky in range(3):
            for kx in range(3):
                np.copyto(cols[:, ky, kx], as_strided(xp[:, :, ky:, kx:], shape=(m, c, 2, 2, n, hp, wp),
                                                      strides=(s[0], s[4], s[2], s[3], s[1], 2 * s[2], 2 * s[3])))
        y = np.matmul(cols.reshape(m, 9 * c, rows).transpose(0, 2, 1), w)
    y = y.reshape(m, 4, rows // 4, -1)
    # Pool first: max commutes with the per-channel bias and ReLU, which then touch 4x fewer values.
    out = np.maximum(y[:, 0], y[:, 1])
    np.maximum(out, y[:, 2], out=out)
    np.maximum(out, y[:, 3], out=out)
    out += b
    np.maximum(out, 0, out=out)
    return out.reshape(m, n, hp, wp, -1)


def _channels_last_fc(convs: list, fcs: list) -> tuple[list, list]:
    """``(convs, fcs)`` with the first fc layer's input rows permuted from PyTorch's (C, H, W)
    flattening to the (H, W, C) order the channels-last convolutions leave (same products)."""
    side = NORM_SIZE
    for _ in convs:
        side //= 2
    c = convs[-1][0].shape[1]
    w, b = fcs[0]
    if w.shape[0] != c * side * side:
        raise ValueError("digit model has unexpected layer shapes")
    w = np.ascontiguousarray(w.reshape(c, side, side, -1).transpose(1, 2, 0, 3).reshape(w.shape))
    return convs, [(w, b)] + fcs[1:]


CNN_CHUNK = 16  # crops per forward pass: the im2col buffers stay in cache and off fresh (page-faulting) memory
DISAGREE_CONFIDENCE = 0.5  # members reading different classes: the cell is unsure whatever the average says
# A solid round or square blob (a filled dot or square) is no digit in any hand or font: its ink fills
# >= 72 % of its box (a disc 76-79 % after normalising) at an aspect >= 0.8. Of 3,673 bold/black printed
# digit cells (44/24/16 px, JPEG) the fullest at aspect >= 0.8 is a black-weight 2, 71 %. The networks
# read such a dot as a sure 0, so a 0 read there is capped unsure. (Only a 0: small clue digits drawn 1 px
# heavier close their counters into blobs just as full, which the networks still read right.)
# The digit-or-not check (``check_fc*`` arrays in the model file, trained by ``train_digit_reader.py
# --check``): a small head (FC 256 -> 64 -> 2) on the two members' own penultimate features, trained on far
# more handwritten letters, pen-drawn letters and marks than the members were, that only answers "is this a
# digit at all?". Where it says "not a digit" at >= ``check_threshold`` a sure digit reading is capped: it
# never makes an unsure reading sure and never changes the symbol (a G read 6 stays "6", unsure: review).
NOT_A_DIGIT_CONFIDENCE = 0.5
SOLID_BLOB_FILL = 0.72
SOLID_BLOB_ASPECT = 0.8
SOLID_BLOB_CONFIDENCE = 0.5


ZERO_COUNTER_HEIGHT = 0.5  # a "0" whose counters together span less than this share of its height ...
ZERO_COUNTER_OFF_MIDDLE = 0.1  # ... and centres this share of its height or more off its middle is the one open bowl of
ZERO_COUNTER_CONFIDENCE = 0.5  # an 8, 6 or 9 whose other bowl the pen filled (a bold 8 at a small size): unsure


def off_middle_counter(image: np.ndarray) -> bool:
    """Whether a normalised 28x28 crop (:class:`PreparedCell` ``image``) encloses paper only in counters that together
    span less than ZERO_COUNTER_HEIGHT of the ink's height, centred ZERO_COUNTER_OFF_MIDDLE or more off the ink's
    middle. No counter at all is not such a glyph: a "0" drawn open."""
    ink = image > 0.5
    rows = np.flatnonzero(ink.any(axis=1))
    if len(rows) == 0:
        return False
    paper = np.pad(~ink, 1, constant_values=True).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(paper, connectivity=4)
    counters = [k for k in range(1, count) if k != labels[0, 0]]
    if not counters:
        return False
    # (all counters together: a slashed or barred 0's stroke divides its counter in two, each off the middle)
    top = min(int(stats[k, cv2.CC_STAT_TOP]) for k in counters) - 1  # (the pad)
    bottom = max(int(stats[k, cv2.CC_STAT_TOP] + stats[k, cv2.CC_STAT_HEIGHT]) for k in counters) - 1
    height, span, middle = rows[-1] - rows[0] + 1, bottom - top, (rows[0] + rows[-1]) / 2
    return span < ZERO_COUNTER_HEIGHT * height and abs((top + bottom - 1) / 2 - middle) >= ZERO_COUNTER_OFF_MIDDLE * height


def solid_blob(image: np.ndarray) -> bool:
    """Whether a normalised 28x28 crop (:class:`PreparedCell` ``image``) is a solid compact blob."""
    ink = image > 0.5
    rows, cols = np.flatnonzero(ink.any(axis=1)), np.flatnonzero(ink.any(axis=0))
    if len(rows) == 0:
        return False
    h, w = rows[-1] - rows[0] + 1, cols[-1] - cols[0] + 1
    return min(h, w) >= SOLID_BLOB_ASPECT * max(h, w) and ink.sum() >= SOLID_BLOB_FILL * h * w


class DigitReader:
    """Open-set reader of single symbols: an ensemble of small CNNs over the normalised 28x28 crop
    (weights in ``data/models/digits.npz``, trained by ``tools/train_digit_reader.py``), run in numpy,
    with temperature-scaled (calibrated) probabilities of the members' mean logits over 12 classes: digits 0-9, blank, other. When the members' own top classes differ, the
    reading is unsure (confidence at most ``DISAGREE_CONFIDENCE``); a class the calibration found
    over-confident on unseen hands has its error scaled up (``class_error_scale``, see :meth:`decide`)."""

    def __init__(self, weights: dict[str, np.ndarray]):
        members: list[tuple[list, list]] = []  # per member: convs [(w (9C, F), b)], fcs [(w (in, out), b)]
        j = 0
        while f"m{j}_conv0_w" in weights:
            convs, fcs = [], []
            while f"m{j}_conv{len(convs)}_w" in weights:
                i = len(convs)
                w = weights[f"m{j}_conv{i}_w"].astype(np.float32)  # (F, C, 3, 3) -> rows (ky, kx, C)
                convs.append((np.ascontiguousarray(w.transpose(2, 3, 1, 0).reshape(-1, w.shape[0])),
                              weights[f"m{j}_conv{i}_b"].astype(np.float32)))
            while f"m{j}_fc{len(fcs)}_w" in weights:
                i = len(fcs)
                fcs.append((weights[f"m{j}_fc{i}_w"].astype(np.float32).T.copy(), weights[f"m{j}_fc{i}_b"].astype(np.float32)))
            if not fcs or fcs[-1][0].shape[1] != N_CLASSES:
                raise ValueError("digit model has unexpected layer shapes")
            members.append(_channels_last_fc(convs, fcs))
            j += 1
        if not members:
            raise ValueError("digit model has no networks")
        self.n_members = len(members)
        # Members of the same shapes run as one stack (batched matmuls); their first layers, which read the
        # same crop, as one convolution with the filters side by side (one im2col, one matmul).
        shapes: dict[tuple, list[int]] = {}
        for j, (convs, fcs) in enumerate(members):
            shapes.setdefault(tuple(a.shape for layer in convs + fcs for a in layer), []).append(j)
        self._stacks = []
        for idx in shapes.values():
            layers = [[members[j][0][i] for j in idx] for i in range(len(members[idx[0]][0]))]
            first = (np.concatenate([w for w, _ in layers[0]], axis=1)[None],
                     np.concatenate([b for _, b in layers[0]])[None, None])
            convs = [(np.stack([w for w, _ in ws]), np.stack([b for _, b in ws])[:, None]) for ws in layers[1:]]
            fcs = [(np.stack([members[j][1][i][0] for j in idx]), np.stack([members[j][1][i][1] for j in idx])[:, None])
                   for i in range(len(members[idx[0]][1]))]
            self._stacks.append((idx, first, convs, fcs))
        self._check = None
        if "check_fc0_w" in weights:
            fcs = []
            while f"check_fc{len(fcs)}_w" in weights:
                fcs.append((weights[f"check_fc{len(fcs)}_w"].astype(np.float32).T.copy(),
                            weights[f"check_fc{len(fcs)}_b"].astype(np.float32)))
            if fcs[-1][0].shape[1] != 2:
                raise ValueError("digit-or-not check has unexpected layer shapes")
            self._check = (fcs, float(weights["check_threshold"]))
        self.temperature = float(weights["temperature"])
        # Per-class error scale (>= 1) fitted on hands never trained on: 1 - confidence of a reading of
        # class k is multiplied by it, where the temperature alone leaves that class over-confident.
        scale = weights.get("class_error_scale")
        self.class_error_scale = (np.ones(N_CLASSES) if scale is None
                                  else np.maximum(np.asarray(scale, np.float64).reshape(N_CLASSES), 1.0))

    @classmethod
    def load(cls, path: str | Path = MODEL_PATH) -> DigitReader:
        """Load a model written by tools/train_digit_reader.py; clear error if missing/corrupt."""
        path = Path(path)
        if not path.is_file():
            raise FileNotFoundError(f"digit model not found: {path} (run `python tools/train_digit_reader.py`)")
        try:
            with np.load(path, allow_pickle=False) as z:
                weights = {k: z[k] for k in z.files}
            if str(weights.get("format", "")) != MODEL_FORMAT:
                raise ValueError(f"format is {weights.get('format')!r}, expected {MODEL_FORMAT!r}")
            return cls(weights)
        except Exception as exc:  # any unreadable/garbled file gets the same actionable message
            raise RuntimeError(f"digit model {path} is corrupt or incompatible ({exc}); "
                               f"retrain with `python tools/train_digit_reader.py`") from exc

    def member_logits(self, images: np.ndarray) -> np.ndarray:
        """(M, N, 12) uncalibrated logits of each of the M members for (N, 28, 28) normalised crops."""
        return self._forward(images)[0]

    def member_features(self, images: np.ndarray) -> np.ndarray:
        """(N, M * H) the members' penultimate activations (after the last hidden fc layer's ReLU), side by
        side in member order: the digit-or-not check's input."""
        hidden = self._forward(images)[1]
        return hidden.transpose(1, 0, 2).reshape(hidden.shape[1], -1)

    def _forward(self, images: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(member logits (M, N, 12), member penultimate activations (M, N, H))."""
        # One BLAS thread: these matmuls are small, and a second OpenBLAS thread only spins beside the first
        # (a 9x9 grid's verification cost ~2-3x the CPU time with it); the products are the same bits.
        with blas_controller().limit(limits=1, user_api="blas"):
            return self._forward_one_thread(images)

    def _forward_one_thread(self, images: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        x = np.asarray(images, np.float32).reshape(-1, NORM_SIZE, NORM_SIZE)
        out = np.zeros((self.n_members, len(x), N_CLASSES), np.float32)
        hidden = None
        for start in range(0, len(x), CNN_CHUNK):
            part = x[start:start + CNN_CHUNK]
            for idx, (w0, b0), convs, fcs in self._stacks:
                m = len(idx)
                y = _conv3x3_relu_pool(part[None, :, :, :, None], w0, b0)  # (1, N, H, W, M * F)
                y = y.reshape(y.shape[1:4] + (m, -1)).transpose(3, 0, 1, 2, 4)  # (M, N, H, W, F), a view
                for w, b in convs:
                    y = _conv3x3_relu_pool(y, w, b)
                y = y.reshape(m, len(part), -1)  # (H, W, C) order: fc0's rows were permuted to it at load
                for i, (w, b) in enumerate(fcs):
                    if i == len(fcs) - 1:
                        if hidden is None:
                            hidden = np.zeros((self.n_members, len(x), y.shape[2]), np.float32)
                        if hidden.shape[2] == y.shape[2]:
                            hidden[idx, start:start + len(part)] = y
                    y = np.matmul(y, w)
                    y += b
                    if i < len(fcs) - 1:
                        np.maximum(y, 0, out=y)
                out[idx, start:start + len(part)] = y
        return out, hidden

    def not_digit_probability(self, features: np.ndarray) -> np.ndarray | None:
        """(N,) the digit-or-not check's probability that a crop is not a digit at all, from the crops'
        :meth:`member_features` (None when the model file has no check)."""
        if self._check is None:
            return None
        y = np.asarray(features, np.float32)
        fcs = self._check[0]
        for i, (w, b) in enumerate(fcs):
            y = y @ w + b
            if i < len(fcs) - 1:
                y = np.maximum(y, 0)
        return 1.0 / (1.0 + np.exp(np.clip(y[:, 0] - y[:, 1], -50, 50).astype(np.float64)))

    def logits(self, images: np.ndarray) -> np.ndarray:
        """(N, 12) uncalibrated ensemble logits (the members' mean) for (N, 28, 28) normalised crops."""
        return self.member_logits(images).mean(axis=0)

    def probabilities(self, images: np.ndarray) -> np.ndarray:
        """(N, 12) calibrated class probabilities (columns 0-9 digits, 10 blank, 11 other); a row whose
        members disagree on the top class has its largest probability capped at DISAGREE_CONFIDENCE
        (the rest of the row keeps its values, so the top class stays the same)."""
        return self._probabilities(self.member_logits(images))

    def _probabilities(self, members: np.ndarray) -> np.ndarray:
        x = members.mean(axis=0) / np.float32(self.temperature)
        x -= x.max(axis=1, keepdims=True)
        e = np.exp(x)
        p = e / e.sum(axis=1, keepdims=True)
        tops = members.argmax(axis=2)
        split = (tops != tops[0]).any(axis=0)
        if split.any():
            rows = np.nonzero(split)[0]
            k = p[rows].argmax(axis=1)
            p[rows, k] = np.minimum(p[rows, k], DISAGREE_CONFIDENCE)
        return p

    def decide(self, images: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(class, confidence) per normalised crop: the arg-max of :meth:`probabilities` and its
        probability with the class's error scale applied (1 - scale * (1 - p)), in 0..1."""
        return self._decide(self.member_logits(images))

    def _decide(self, members: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        probs = self._probabilities(members)
        best = probs.argmax(axis=1)
        p = probs[np.arange(len(best)), best].astype(np.float64)
        conf = 1.0 - self.class_error_scale[best] * (1.0 - p)
        return best, np.clip(conf, 0.0, 1.0)

    def read(self, cells: Sequence[np.ndarray], allowed: Sequence[int] | None = None) -> list[DigitReading]:
        """Read each cell crop (uint8 gray HxW or RGB HxWx3, ink darker/more saturated than the
        background; the whole cell, grid lines may show at its edges). Open-set: ``allowed`` only
        sets ``in_allowed``, it never changes the symbol read."""
        return self.read_prepared(prepare_cells(cells), allowed)

    def read_prepared(self, prepared: Sequence[PreparedCell],
                      allowed: Sequence[int] | None = None) -> list[DigitReading]:
        """:meth:`read` for cells already passed through :func:`prepare_cells`."""
        ok = set(range(10)) if allowed is None else {int(d) for d in allowed}
        readings: list[DigitReading] = [DigitReading(None, p.blank_confidence, p.ink) for p in prepared]
        todo = [i for i, p in enumerate(prepared) if p.image is not None and not p.pencil]
        marks = [(i, m) for i, p in enumerate(prepared) if p.image is not None and p.pencil for m in p.pencil]
        wholes = [row for row, i in enumerate(todo) if prepared[i].whole is not None]
        images = ([prepared[i].image for i in todo] + [m for _, m in marks]
                  + [prepared[todo[row]].whole for row in wholes])
        if not images:
            return readings
        members, hidden = self._forward(np.stack(images))
        best, conf = self._decide(members)
        best, conf = best.tolist(), conf.tolist()
        # A reading is only sure when it does not depend on the cleaning's guesses: where the whole view
        # (the ink the cleaning dropped in or at the glyph put back) reads another class, it is unsure.
        # Without it a STIX italic T whose bar sat in an edge row with a grid line read as a sure 1.
        for row, k in zip(wholes, best[len(todo) + len(marks):]):
            if k != best[row]:
                conf[row] = min(conf[row], DISAGREE_CONFIDENCE)
        # The digit-or-not check looks only at sure digit readings, and can only make them unsure.
        sure_digits = [row for row in range(len(todo)) if best[row] < 10 and conf[row] >= CONFIDENT]
        not_digit: dict[int, float] = {}
        if self._check is not None and sure_digits:
            p_not = self.not_digit_probability(hidden[:, sure_digits].transpose(1, 0, 2).reshape(len(sure_digits), -1))
            for row, p in zip(sure_digits, p_not):
                not_digit[row] = float(p)
                if p >= self._check[1]:
                    conf[row] = min(conf[row], NOT_A_DIGIT_CONFIDENCE)
        for row, i in enumerate(todo):
            k = best[row]
            if k < 10:
                c = conf[row]
                if k == 0 and solid_blob(prepared[i].image):
                    c = min(c, SOLID_BLOB_CONFIDENCE)
                elif k == 0 and off_middle_counter(prepared[i].image):
                    c = min(c, ZERO_COUNTER_CONFIDENCE)
                readings[i] = DigitReading(k, c, prepared[i].ink, str(k), k in ok, not_digit=not_digit.get(row))
            else:
                symbol = SYMBOL_BLANK if k == BLANK_CLASS else SYMBOL_OTHER
                readings[i] = DigitReading(None, conf[row], prepared[i].ink, symbol, k == BLANK_CLASS)
        pencil: dict[int, list[tuple[int, float]]] = {}
        for row, (i, _) in enumerate(marks, start=len(todo)):
            pencil.setdefault(i, []).append((best[row], conf[row]))
        for i, got in pencil.items():
            digits = tuple(sorted({k for k, c in got if k < 10 and c >= PENCIL_CANDIDATE_CONFIDENCE}))
            readings[i] = DigitReading(None, prepared[i].pencil_confidence, prepared[i].ink, SYMBOL_PENCIL, True,
                                       digits)
        return readings


@lru_cache(maxsize=1)
def default_reader() -> DigitReader:
    """The shipped reader (cached). Raises naming data/models/digits.npz if it is missing/corrupt."""
    return DigitReader.load(MODEL_PATH)


# ------------------------------------------------------------------------- a page's 1s

LEAN_BAND = (0.2, 0.8)  # the rows of a "1" its lean is measured on (its flag and its foot left out)
LEAN_MIN_ROWS = 6       # ... at least this many rows with ink
LEAN_MIN_ONES = 3       # a page's 1s are compared with each other from this many sure 1s
LEAN_APART = 0.18       # a sure "1" leaning this much (px across per px down) off the page's median "1" ...
LEAN_SPREAD = 4.0       # ... and this many times the page's 1s' median deviation from it ...
LEAN_CONFIDENCE = 0.5   # ... is read unsure (at most this confident)


def stroke_lean(mask: np.ndarray) -> float | None:
    """The lean of a one-stroke glyph (``mask``: bool, its box): the least-squares slope of its rows' ink centres
    against the row, px across per px down (negative: the top leans right, as "/"), over the LEAN_BAND rows; None
    with fewer than LEAN_MIN_ROWS such rows with ink."""
    h = mask.shape[0]
    rows = np.arange(int(LEAN_BAND[0] * h), math.ceil(LEAN_BAND[1] * h))
    rows = rows[(rows < h) & mask[np.clip(rows, 0, h - 1)].any(axis=1)] if h else rows[:0]
    if len(rows) < LEAN_MIN_ROWS:
        return None
    cols = np.arange(mask.shape[1], dtype=np.float64)
    centres = np.array([cols[mask[r]].mean() for r in rows])
    y = rows - rows.mean()
    return float((y * (centres - centres.mean())).sum() / (y * y).sum())


def lean_reference(leans: Sequence[float | None]) -> tuple[float, float] | None:
    """A page's 1s' lean, from the :func:`stroke_lean` of its sure 1s (``leans``, None unmeasured): (their median,
    the bar a "1" leaning unlike them passes: LEAN_APART or LEAN_SPREAD times their median deviation, the larger);
    None from fewer than LEAN_MIN_ONES measured 1s. One face draws its 1s alike; a hand's 1s, leaning each its own
    way, widen the bar."""
    values = np.array([v for v in leans if v is not None])
    if len(values) < LEAN_MIN_ONES:
        return None
    middle = float(np.median(values))
    return middle, max(LEAN_APART, LEAN_SPREAD * float(np.median(np.abs(values - middle))))


def leans_apart(lean: float | None, reference: tuple[float, float] | None) -> bool:
    """Whether a sure "1" of lean ``lean`` leans unlike its page's 1s (``reference``: :func:`lean_reference`): another
    glyph read as one (Unexplored Galaxies' narrow "7", a stem leaning under a short bar, read "1" at 0.92-0.99 on a
    page whose 1s are upright)."""
    return lean is not None and reference is not None and abs(lean - reference[0]) > reference[1]


# ------------------------------------------------------------------------- multi-digit numbers

@dataclass(frozen=True)
class NumberReading:
    """A number read glyph by glyph: ``value`` is None when a glyph is not a confident-or-not digit
    (blank crop, 'other', pencil); ``confidence`` is the product of the glyph confidences."""
    value: int | None
    text: str
    confidence: float
    digits: tuple[DigitReading, ...]
    boxes: tuple[tuple[int, int, int, int], ...]


def glyph_boxes(crop: np.ndarray) -> list[tuple[int, int, int, int]]:
    """Boxes (x0, y0, x1, y1) of the glyphs in ``crop`` (a strip of text, lines excluded by the
    caller), left to right. Ink components smaller than 12% of the largest (specks) are dropped;
    components overlapping in x by at least half the narrower one's width join one glyph (broken
    strokes, the dot of a symbol)."""
    mask = ink_mask(crop)
    if not mask.any():
        return []
    count, _, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    stats = stats[1:]
    areas = stats[:, cv2.CC_STAT_AREA]
    keep = areas >= max(0.12 * areas.max(), 2)
    boxes = sorted([int(x), int(y), int(x + w), int(y + h)] for x, y, w, h in stats[keep][:, :4])
    merged: list[list[int]] = []
    for b in boxes:
        if merged:
            m = merged[-1]
            overlap = min(m[2], b[2]) - max(m[0], b[0])
            if overlap >= 0.5 * min(m[2] - m[0], b[2] - b[0]):
                merged[-1] = [min(m[0], b[0]), min(m[1], b[1]), max(m[2], b[2]), max(m[3], b[3])]
                continue
        merged.append(b)
    return [tuple(b) for b in merged]  # type: ignore[misc]


def read_number(crop: np.ndarray, allowed: Sequence[int] | None = None,
                reader: DigitReader | None = None) -> NumberReading:
    """Read a (multi-digit) number from ``crop``: split it with :func:`glyph_boxes`, put each
    glyph alone (other glyphs' ink painted over with the background) in a square cell with a
    margin, and read the cells with the digit reader. ``allowed`` sets each glyph's ``in_allowed``."""
    img = _as_uint8_image(crop)
    boxes = glyph_boxes(img)
    if not boxes:
        return NumberReading(None, "", 1.0, (), ())
    mask = ink_mask(img)
    paper = img[~mask]  # (K,) or (K, C): the pixels that are not ink
    background = np.median(paper, axis=0).astype(np.uint8) if len(paper) else np.uint8(255)
    cells = []
    h, w = img.shape[:2]
    for k, (x0, y0, x1, y1) in enumerate(boxes):
        side = int(max(x1 - x0, y1 - y0) * 1.5) + 4
        cell = np.empty((side, side) + img.shape[2:], np.uint8)
        cell[...] = background
        cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
        sx0, sy0 = max(0, cx - side // 2), max(0, cy - side // 2)
        sx1, sy1 = min(w, sx0 + side), min(h, sy0 + side)
        part = img[sy0:sy1, sx0:sx1].copy()
        others = mask[sy0:sy1, sx0:sx1].copy()
        others[max(0, y0 - sy0):y1 - sy0, max(0, x0 - sx0):x1 - sx0] = False
        part[others] = background
        oy, ox = (side - (sy1 - sy0)) // 2, (side - (sx1 - sx0)) // 2
        cell[oy:oy + sy1 - sy0, ox:ox + sx1 - sx0] = part
        cells.append(cell)
    readings = tuple((reader or default_reader()).read(cells, allowed))
    text = "".join(r.symbol if r.digit is not None else "?" for r in readings)
    value = int(text) if text.isdigit() else None
    return NumberReading(value, text, float(np.prod([r.confidence for r in readings])), readings,
                         tuple(boxes))
