"""Smooth local corrections on top of an affine registration.

A model that redraws the picture bends it a little: lines drift by a few pixels in one part of the image
and not in another, which no affine map removes. :func:`local_offsets` measures, on a grid of patches,
how far the (affinely registered) answer's line work sits from the input's; :func:`dense_offsets`
interpolates those offsets over the frame. Pure array functions: ``genpuzzle.registration``
decides when to use them and keeps the result only if it fits better.
"""

from __future__ import annotations

import cv2
import numpy as np

GRID = 10  # patches per side; each patch spans two grid steps, so neighbours overlap by half
MIN_PEAK = 0.5  # normalised correlation a patch's best match needs to count
MIN_STRUCTURE = 0.02  # patches whose edge map is flatter than this (std) hold nothing to match
MIN_VALID = 1 / 3  # share of patches that must match for the field to be trusted
AMBIGUOUS_DROP = 0.03  # a match scoring within this of the peak ...
AMBIGUOUS_PX = 2.5  # ... this far (px) from it or farther: the patch does not fix its offset


def local_offsets(target_edges: np.ndarray, answer_edges: np.ndarray, max_shift: int,
                  grid: int = GRID) -> np.ndarray | None:
    """(grid, grid, 2) offsets (dx, dy), in map pixels, such that the answer's structure around patch
    centre p lies at p + (dx, dy); None when too few patches match.

    Both maps are float32 edge maps of the same shape in the input's frame; ``max_shift`` bounds the
    search. A patch matches when its best normalised correlation reaches ``MIN_PEAK`` strictly inside
    the search window. Patches that do not match take the median of their matched neighbours, and a 3x3
    median filter removes single outliers (a patch locked onto a neighbouring line of a regular grid).
    """
    h, w = target_edges.shape
    r = int(max_shift)
    if r < 1 or h < 4 * r or w < 4 * r:
        return None
    offsets = np.full((grid, grid, 2), np.nan, np.float32)
    sx, sy = (w - 1) / (grid - 1), (h - 1) / (grid - 1)  # control points from edge to edge
    for i in range(grid):
        for j in range(grid):
            x0, x1 = max(r, int((j - 1) * sx)), min(w - r, int((j + 1) * sx) + 1)
            y0, y1 = max(r, int((i - 1) * sy)), min(h - r, int((i + 1) * sy) + 1)
            patch = target_edges[y0:y1, x0:x1]
            if patch.size < 64 or float(cv2.meanStdDev(patch)[1][0, 0]) < MIN_STRUCTURE:
                continue
            window = answer_edges[y0 - r:y1 + r, x0 - r:x1 + r]
            scores = cv2.matchTemplate(window, patch, cv2.TM_CCOEFF_NORMED)
            _, peak, _, (px, py) = cv2.minMaxLoc(scores)
            if peak < MIN_PEAK or not (0 < px < 2 * r and 0 < py < 2 * r):
                continue  # weak, or pinned to the window's edge: the true offset may lie beyond it
            if _ambiguous(scores, peak, px, py):
                continue  # a lone straight line: it matches anywhere along itself
            offsets[i, j] = (px - r + _vertex(scores[py, px - 1:px + 2]),
                             py - r + _vertex(scores[py - 1:py + 2, px]))
    valid = ~np.isnan(offsets[:, :, 0])
    if valid.mean() < MIN_VALID:
        return None
    filled = offsets.copy()
    for i, j in zip(*np.nonzero(~valid)):
        near = offsets[max(0, i - 1):i + 2, max(0, j - 1):j + 2].reshape(-1, 2)
        near = near[~np.isnan(near[:, 0])]
        filled[i, j] = np.median(near, axis=0) if len(near) else np.nanmedian(offsets.reshape(-1, 2), axis=0)
    return np.stack([cv2.medianBlur(np.ascontiguousarray(filled[:, :, k]), 3) for k in range(2)], axis=2)


def dense_offsets(offsets: np.ndarray, width: int, height: int, scale: float) -> tuple[np.ndarray, np.ndarray]:
    """Per-pixel (dx, dy) over a ``width`` x ``height`` frame, cubic between the control points of
    :func:`local_offsets` (which span the measured maps edge to edge), from offsets measured on maps
    ``scale`` times the frame's size."""
    grid = offsets.shape[0]
    wx, wy = _interpolation_weights(width, scale, grid), _interpolation_weights(height, scale, grid)
    dx = wy @ offsets[:, :, 0] @ wx.T / np.float32(scale)
    dy = wy @ offsets[:, :, 1] @ wx.T / np.float32(scale)
    return np.ascontiguousarray(dx, np.float32), np.ascontiguousarray(dy, np.float32)


def _interpolation_weights(size: int, scale: float, grid: int) -> np.ndarray:
    """(size, grid) Catmull-Rom (cubic, through the points) interpolation weights between ``grid``
    control points that span a map of round(size * scale) pixels edge to edge, at every full-resolution
    pixel centre; the end points repeat beyond the ends."""
    map_size = max(1, round(size * scale))
    u = ((np.arange(size) + 0.5) * (map_size / size) - 0.5) * (grid - 1) / max(map_size - 1, 1)
    u = np.clip(u, 0, grid - 1)
    base = np.minimum(np.floor(u).astype(int), grid - 2)
    t = u - base
    taps = (-0.5 * t ** 3 + t ** 2 - 0.5 * t, 1.5 * t ** 3 - 2.5 * t ** 2 + 1,
            -1.5 * t ** 3 + 2 * t ** 2 + 0.5 * t, 0.5 * t ** 3 - 0.5 * t ** 2)
    weights = np.zeros((size, grid), np.float32)
    rows = np.arange(size)
    for k, tap in zip(range(-1, 3), taps):
        np.add.at(weights, (rows, np.clip(base + k, 0, grid - 1)), tap.astype(np.float32))
    return weights


def _ambiguous(scores: np.ndarray, peak: float, px: int, py: int) -> bool:
    """True when the correlation stays near its peak far from it: the patch holds one straight line (or
    parallel ones), whose offset along itself no match can tell (a math_proof patch on a triangle's
    side slid 16 px along it and bent the answer's new lines)."""
    ys, xs = np.nonzero(scores >= peak - AMBIGUOUS_DROP)
    return bool(((xs - px) ** 2 + (ys - py) ** 2).max() > AMBIGUOUS_PX ** 2)


def _vertex(three: np.ndarray) -> float:
    """Sub-pixel position (-0.5..0.5) of the peak of a parabola through three samples."""
    a, b, c = (float(v) for v in three)
    den = a - 2 * b + c
    return float(np.clip(0.5 * (a - c) / den, -0.5, 0.5)) if den < 0 else 0.0
