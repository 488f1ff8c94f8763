"""Offline digit reader for answer-image cells (pure numpy + OpenCV at run time).

Pipeline per cell: background-aware ink mask -> remove grid-line remnants and specks ->
blank test on the cleaned ink -> crop, scale and centre into 28x28 -> pixels + HOG features ->
a small MLP (weights in ``data/models/digits.npz``, trained by ``tools/train_digit_reader.py``)
over 11 classes: digits 0-9 and "blank" (junk that survived cleaning).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Sequence

import cv2
import numpy as np

import genpuzzle.data

MODEL_PATH = Path(genpuzzle.data.__file__).parent / "models" / "digits.npz"
MODEL_FORMAT = "genpuzzle-digits-mlp-v1"
BLANK_CLASS = 10
NORM_SIZE = 28          # side of the normalised crop
NORM_BOX = 20           # longest side of the digit inside the normalised crop
INK_FLOOR = 36.0        # minimum ink contrast (0-255) so JPEG/noise on a blank never becomes ink
EDGE_BAND = 0.2         # fraction of the cell side treated as "edge" for grid-line remnants
MIN_INK_FRACTION = 0.004
MIN_INK_EXTENT = 0.2    # digit bbox must span >= this fraction of the cell's shorter side
MIN_STROKE_EXTENT = 0.15  # ... and one connected stroke must span this much (scattered specks don't)


@dataclass(frozen=True)
class DigitReading:
    digit: int | None      # 0-9, or None when the cell is blank
    confidence: float      # 0..1, probability of the returned answer (blank included)
    ink: float             # fraction of cell area that is ink after cleaning


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


def _ink_strength(cell: np.ndarray) -> np.ndarray:
    """Per-pixel contrast (uint8) against the background colour: how much darker the pixel is
    than the background in its most-darkened channel, so coloured ink on a tinted background
    counts as well as dark ink (the background is the per-channel median)."""
    img = _as_uint8_image(cell)
    if img.size == 0:
        return np.zeros(img.shape[:2], np.uint8)
    if img.ndim == 2:
        img = img[:, :, None]
    nc = img.shape[2]
    cum = np.bincount((img + (np.arange(nc, dtype=np.int32) * 256)).ravel(), minlength=256 * nc)
    cum = cum.reshape(nc, 256).cumsum(axis=1)
    bg = np.array([np.searchsorted(c, 0.5 * c[-1]) for c in cum], np.uint8)  # per-channel median
    diff = cv2.subtract(np.ascontiguousarray(np.broadcast_to(bg, img.shape)), np.ascontiguousarray(img))
    if diff.ndim == 2:
        return diff
    return diff.max(axis=2) if diff.shape[2] != 3 else np.maximum(np.maximum(diff[:, :, 0], diff[:, :, 1]),
                                                                 diff[:, :, 2])


def _percentile_u8(values: np.ndarray, q: float) -> float:
    """Percentile of uint8 values by histogram (much faster than np.percentile's partition)."""
    c = np.bincount(values.ravel(), minlength=256).cumsum()
    return float(np.searchsorted(c, q / 100.0 * c[-1]))


def _threshold(strength: np.ndarray) -> tuple[float, float]:
    """Return (threshold, ink peak). Otsu on the cell's centre, so a dark grid remnant at the edge
    cannot push the threshold above faint pencil ink; floored so noise alone is never ink."""
    h, w = strength.shape
    y0, x0 = int(h * 0.15), int(w * 0.15)
    inner = np.ascontiguousarray(strength[y0:h - y0, x0:w - x0])
    if inner.size < 4:
        inner = strength
    peak = _percentile_u8(inner, 98.5)
    otsu, _ = cv2.threshold(inner, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    return max(INK_FLOOR, min(0.75 * float(otsu), 0.5 * peak)), peak


def _clean(mask: np.ndarray) -> tuple[np.ndarray, int]:
    """Drop grid-line remnants (near-full rows/columns in the edge band, components lying almost
    entirely in the edge band) and specks much smaller than the main stroke. Returns the kept mask
    and the largest bbox side (px) of any kept component."""
    h, w = mask.shape
    m = mask.copy()
    band_y, band_x = max(2, int(round(h * EDGE_BAND))), max(2, int(round(w * EDGE_BAND)))
    rows = m.mean(axis=1) > 0.6
    cols = m.mean(axis=0) > 0.6
    rows[band_y:h - band_y] = False
    cols[band_x:w - band_x] = False
    m[rows, :] = False
    m[:, cols] = False
    n, labels, stats, _ = cv2.connectedComponentsWithStats(m.astype(np.uint8), connectivity=8)
    if n <= 1:
        return np.zeros_like(m), 0
    edge = np.zeros((h, w), bool)
    edge[:band_y], edge[h - band_y:], edge[:, :band_x], edge[:, w - band_x:] = True, True, True, True
    areas = stats[1:, cv2.CC_STAT_AREA].astype(np.float64)
    in_edge = np.bincount(labels[edge], minlength=n)[1:].astype(np.float64)
    keep = in_edge < 0.85 * areas
    if not keep.any():
        return np.zeros_like(m), 0
    largest = areas[keep].max()
    keep &= areas >= max(0.12 * largest, 0.0015 * h * w)
    lut = np.concatenate([[False], keep])
    sides = np.maximum(stats[1:, cv2.CC_STAT_WIDTH], stats[1:, cv2.CC_STAT_HEIGHT])
    return lut[labels], int(sides[keep].max()) if keep.any() else 0


def ink_mask(cell: np.ndarray) -> np.ndarray:
    """Bool HxW mask of ink pixels (darker or more saturated than the background colour), before
    grid-line/speck cleaning. Any input shape is accepted; degenerate input gives an empty mask."""
    strength = _ink_strength(cell)
    if strength.size == 0:
        return np.zeros(strength.shape, bool)
    thr, _ = _threshold(strength)
    return strength >= thr


def _normalise(strength: np.ndarray, thr: float, kept: np.ndarray) -> tuple[np.ndarray, float]:
    """Soft ink image of the kept strokes, cropped, scaled (aspect kept) and centred in 28x28;
    returns it with log(height/width) of the crop."""
    ys, xs = np.nonzero(kept)
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    peak = _percentile_u8(strength[kept], 90)
    lo = 0.5 * thr
    crop = np.clip((strength[y0:y1, x0:x1].astype(np.float32) - lo) / max(peak - lo, 1e-3), 0, 1)
    near = cv2.dilate(kept.astype(np.uint8), np.ones((3, 3), np.uint8))[y0:y1, x0:x1]
    crop *= near
    ch, cw = crop.shape
    s = NORM_BOX / max(ch, cw)
    nh, nw = max(1, int(round(ch * s))), max(1, int(round(cw * s)))
    interp = cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR
    small = cv2.resize(crop, (nw, nh), interpolation=interp)
    out = np.zeros((NORM_SIZE, NORM_SIZE), np.float32)
    oy, ox = (NORM_SIZE - nh) // 2, (NORM_SIZE - nw) // 2
    out[oy:oy + nh, ox:ox + nw] = small
    return out, float(np.log(ch / cw))


@dataclass(frozen=True)
class PreparedCell:
    """A cell after cleaning: ``image`` is None when the blank test already decided."""
    image: np.ndarray | None
    log_aspect: float
    ink: float
    blank_confidence: float


def prepare_cell(cell: np.ndarray) -> PreparedCell:
    """Clean one cell and normalise it for the classifier (shared by training and inference)."""
    strength = _ink_strength(cell)
    if strength.ndim != 2 or min(strength.shape) < 4:
        return PreparedCell(None, 0.0, 0.0, 0.9)
    thr, peak = _threshold(strength)
    kept, stroke_side = _clean(strength >= thr)
    h, w = kept.shape
    ink = float(kept.mean())
    if ink == 0.0:
        return PreparedCell(None, 0.0, 0.0, 0.99)
    ys, xs = np.nonzero(kept)
    extent = max(ys.max() - ys.min() + 1, xs.max() - xs.min() + 1) / min(h, w)
    stroke = stroke_side / min(h, w)
    if ink < MIN_INK_FRACTION or extent < MIN_INK_EXTENT or stroke < MIN_STROKE_EXTENT:
        # Close calls (just under the most-failed threshold) get lower confidence.
        closeness = min(ink / MIN_INK_FRACTION, extent / MIN_INK_EXTENT, stroke / MIN_STROKE_EXTENT)
        return PreparedCell(None, 0.0, ink, float(np.clip(1.0 - 0.45 * closeness, 0.55, 0.99)))
    image, log_aspect = _normalise(strength, thr, kept)
    return PreparedCell(image, log_aspect, ink, 0.0)


_HOG_CELL = (np.arange(NORM_SIZE)[:, None] // 7) * 4 + np.arange(NORM_SIZE)[None, :] // 7


def hog_features(images: np.ndarray) -> np.ndarray:
    """Batched HOG for (N, 28, 28) float images: 4x4 cells of 7x7 px, 9 unsigned orientation
    bins, 2x2-cell blocks L2-normalised -> (N, 324)."""
    n = images.shape[0]
    p = np.pad(images, ((0, 0), (1, 1), (1, 1)))
    gx = p[:, 1:-1, 2:] - p[:, 1:-1, :-2]
    gy = p[:, 2:, 1:-1] - p[:, :-2, 1:-1]
    mag = np.hypot(gx, gy).ravel()
    ang = np.mod(np.arctan2(gy, gx), np.pi)
    bins = np.minimum((ang * (9 / np.pi)).astype(np.int64), 8)
    # One weighted bincount over (sample, cell, bin) instead of a 9x one-hot array.
    idx = (np.arange(n)[:, None, None] * 16 + _HOG_CELL[None]) * 9 + bins
    cells = np.bincount(idx.ravel(), weights=mag, minlength=n * 144).reshape(n, 4, 4, 9)
    blocks = np.concatenate([cells[:, :-1, :-1], cells[:, :-1, 1:], cells[:, 1:, :-1], cells[:, 1:, 1:]],
                            axis=3)  # (n, 3, 3, 36)
    blocks /= np.sqrt((blocks ** 2).sum(axis=3, keepdims=True) + 1e-6)
    return blocks.reshape(n, -1).astype(np.float32)


def features(images: np.ndarray, log_aspects: np.ndarray) -> np.ndarray:
    """Classifier input: 784 pixels + 324 HOG + 1 log-aspect per normalised crop."""
    images = np.asarray(images, np.float32).reshape(-1, NORM_SIZE, NORM_SIZE)
    return np.concatenate([images.reshape(len(images), -1), hog_features(images),
                           np.asarray(log_aspects, np.float32).reshape(-1, 1)], axis=1)


class DigitReader:
    """Reads single-digit cells with an MLP stored as numpy arrays (see module docstring)."""

    def __init__(self, weights: dict[str, np.ndarray]):
        self.mean = weights["feature_mean"].astype(np.float32)
        self.scale = weights["feature_scale"].astype(np.float32)
        self.layers = []
        i = 0
        while f"W{i}" in weights:
            self.layers.append((weights[f"W{i}"].astype(np.float32), weights[f"b{i}"].astype(np.float32)))
            i += 1
        if not self.layers or self.layers[-1][0].shape[1] != 11 or self.layers[0][0].shape[0] != self.mean.size:
            raise ValueError("digit model has unexpected layer shapes")
        w0, b0 = self.layers[0]  # fold the feature standardisation into the first layer
        self.layers[0] = (np.ascontiguousarray(w0 / self.scale[:, None]), b0 - (self.mean / self.scale) @ w0)

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

    def probabilities(self, feats: np.ndarray) -> np.ndarray:
        """(N, 11) class probabilities for a feature batch (columns 0-9 digits, 10 blank)."""
        x = np.asarray(feats, np.float32)
        for i, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if i < len(self.layers) - 1:
                np.maximum(x, 0, out=x)
        x -= x.max(axis=1, keepdims=True)
        e = np.exp(x)
        return e / e.sum(axis=1, keepdims=True)

    def read(self, cells: Sequence[np.ndarray], allowed: Sequence[int] | None = None) -> list[DigitReading]:
        """Read each cell crop (uint8 gray HxW or RGB HxWx3, ink darker/more saturated than the
        background). ``allowed`` restricts digit classes; blank is always possible."""
        prepared = [prepare_cell(c) for c in cells]
        todo = [i for i, p in enumerate(prepared) if p.image is not None]
        readings: list[DigitReading] = [
            DigitReading(None, p.blank_confidence, p.ink) for p in prepared]
        if not todo:
            return readings
        feats = features(np.stack([prepared[i].image for i in todo]),
                         np.array([prepared[i].log_aspect for i in todo]))
        probs = self.probabilities(feats)
        if allowed is not None:
            keep = np.zeros(11, bool)
            keep[[d for d in allowed if 0 <= d <= 9]] = True
            keep[BLANK_CLASS] = True
            probs = probs * keep + 1e-12 * keep
            probs /= probs.sum(axis=1, keepdims=True)
        best = probs.argmax(axis=1)
        for row, i in enumerate(todo):
            k = int(best[row])
            readings[i] = DigitReading(None if k == BLANK_CLASS else k,
                                       float(np.clip(probs[row, k], 0.0, 1.0)), prepared[i].ink)
        return readings


@lru_cache(maxsize=1)
def default_reader() -> DigitReader:
    """The shipped reader (cached). Raises naming data/models/digits.npz if it is missing/corrupt."""
    return DigitReader.load(MODEL_PATH)
