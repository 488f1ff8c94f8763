"""Small marks added to an answer (a dot, a tick, a scribble, a handwritten-looking "7"), for the tests that
every mark an answer adds is accounted for (:mod:`genpuzzle.ink`). Sizes are fractions of the image's short
side, as in the lead's adversarial check."""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw
from scipy.ndimage import binary_erosion

KINDS = ("dot", "tick", "scribble", "seven")


def blank_spots(reference: np.ndarray, input_image: np.ndarray, mask: np.ndarray, size: int) -> np.ndarray:
    """(y, x) of the places inside ``mask`` where a mark of ``size`` px lies on blank paper in both the
    reference and the input."""
    paper = (reference.min(axis=2) > 200) & (input_image.min(axis=2) > 200) & mask
    ok = binary_erosion(paper, iterations=size // 2 + 2)
    return np.column_stack(np.nonzero(ok))


def draw_mark(image: Image.Image, kind: str, centre: tuple[int, int], size: int,
              colour: tuple[int, int, int] = (25, 25, 30), seed: int = 0) -> Image.Image:
    """``image`` with one mark of ``kind`` about ``size`` px across at ``centre`` (a copy)."""
    out = image.copy()
    d = ImageDraw.Draw(out)
    cx, cy = centre
    s = size
    w = max(2, s // 8)
    if kind == "dot":
        d.ellipse([cx - s // 3, cy - s // 3, cx + s // 3, cy + s // 3], fill=colour)
    elif kind == "tick":
        d.line([(cx - s // 3, cy), (cx - s // 8, cy + s // 3), (cx + s // 2, cy - s // 2)], fill=colour, width=w)
    elif kind == "scribble":
        rng = np.random.default_rng(seed)
        pts = [(cx - s // 2, cy - s // 2), (cx + s // 2, cy + s // 2)]
        pts[1:1] = [(cx + int(rng.integers(-s // 2, s // 2)), cy + int(rng.integers(-s // 2, s // 2))) for _ in range(3)]
        d.line(pts, fill=colour, width=w)
    elif kind == "seven":
        d.line([(cx - s // 3, cy - s // 2), (cx + s // 3, cy - s // 2), (cx - s // 8, cy + s // 2)], fill=colour, width=w)
    else:
        raise ValueError(kind)
    return out


def marked(reference: Image.Image, input_image: Image.Image, mask: Image.Image, kind: str, fraction: float,
           seed: int, colour: tuple[int, int, int] = (25, 25, 30)) -> Image.Image:
    """The reference with one ``kind`` mark of ``fraction`` x the short side at a blank place chosen by
    ``seed``."""
    ref = np.asarray(reference.convert("RGB")).astype(int)
    size = max(8, int(fraction * min(ref.shape[:2])))
    spots = blank_spots(ref, np.asarray(input_image.convert("RGB")).astype(int),
                        np.asarray(mask.convert("L")) > 127, size)
    assert len(spots), "no blank paper for a mark"
    y, x = spots[np.random.default_rng(seed).integers(len(spots))]
    return draw_mark(reference.convert("RGB"), kind, (int(x), int(y)), size, colour, seed)
