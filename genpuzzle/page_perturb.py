"""Page-layout changes image models make around a puzzle, with the exact map that goes with them.

A model that returns the solved puzzle often changes the page, not only the puzzle: it adds a caption
band above it, frames the page in a dark border, letterboxes it into a 4:3 or 16:9 canvas with black
bars, lays it on a dark table (uneven dark margins), or returns it rescaled, slightly rotated and
perspective-skewed on textured, tinted paper as JPEG. Each function here applies one such change and
returns ``(image, matrix)``: the new RGB uint8 image and the 3x3 map from the given image's pixel
coordinates to the new one's (a homography for :func:`perspective`, affine otherwise). Compose maps with
``m2 @ m1``. Deterministic for a given seed. Used by the registration tests and benchmark.
"""

from __future__ import annotations

import math
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from genpuzzle import perturb

CAPTIONS = ("Solved puzzle", "Here is the completed puzzle:", "Solution", "The answer",
            "Completed grid - all rules satisfied", "Puzzle #12 (solved)")


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    import genpuzzle.data

    path = Path(genpuzzle.data.__file__).parent / "fonts" / "DejaVuSans-Bold.ttf"
    return ImageFont.truetype(str(path), size) if path.exists() else ImageFont.load_default()


def _translation(dx: float, dy: float) -> np.ndarray:
    return np.array([[1, 0, dx], [0, 1, dy], [0, 0, 1]], dtype=np.float64)


def caption(image: np.ndarray, text: str = "Solved puzzle", height: float = 0.12, where: str = "top",
            band: tuple[int, int, int] = (255, 255, 255), ink: tuple[int, int, int] = (20, 20, 20)
            ) -> tuple[np.ndarray, np.ndarray]:
    """A caption band of ``height`` (share of the image height) with ``text`` centred in it, added
    above (``where="top"``) or below the picture."""
    h, w = image.shape[:2]
    bh = max(8, round(height * h))
    canvas = Image.new("RGB", (w, h + bh), band)
    top = bh if where == "top" else 0
    canvas.paste(Image.fromarray(image), (0, top))
    draw = ImageDraw.Draw(canvas)
    size = max(8, min(round(bh * 0.55), round(1.6 * w / max(len(text), 1))))
    y = bh / 2 if where == "top" else h + bh / 2
    draw.text((w / 2, y), text, font=_font(size), fill=ink, anchor="mm")
    return np.asarray(canvas), _translation(0, top)


def dark_border(image: np.ndarray, width: float = 0.03, colour: tuple[int, int, int] = (30, 30, 30)
                ) -> tuple[np.ndarray, np.ndarray]:
    """A solid dark frame ``width`` (share of the long side) wide around the page."""
    b = max(1, round(width * max(image.shape[:2])))
    return perturb.pad(image, b, b, b, b, colour), _translation(b, b)


def letterbox(image: np.ndarray, aspect: float = 4 / 3, long_side: int = 1024,
              colour: tuple[int, int, int] = (0, 0, 0)) -> tuple[np.ndarray, np.ndarray]:
    """The page fitted into a ``aspect`` (width/height) canvas with ``long_side`` px, bars of
    ``colour`` on the two short sides (letterbox above/below or pillarbox left/right)."""
    h, w = image.shape[:2]
    cw, ch = (long_side, round(long_side / aspect)) if aspect >= 1 else (round(long_side * aspect), long_side)
    s = min(cw / w, ch / h)
    nw, nh = max(1, round(w * s)), max(1, round(h * s))
    small = cv2.resize(image, (nw, nh), interpolation=cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR)
    x0, y0 = (cw - nw) // 2, (ch - nh) // 2
    canvas = np.empty((ch, cw, 3), np.uint8)
    canvas[:] = colour
    canvas[y0:y0 + nh, x0:x0 + nw] = small
    sx, sy = nw / w, nh / h
    return canvas, np.array([[sx, 0, x0 + 0.5 * sx - 0.5], [0, sy, y0 + 0.5 * sy - 0.5], [0, 0, 1]])


def dark_margins(image: np.ndarray, margins: tuple[float, float, float, float] = (0.06, 0.04, 0.08, 0.05),
                 colour: tuple[int, int, int] = (45, 40, 38), seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """The page lying on a dark, slightly mottled surface: uneven margins (left, top, right, bottom as
    shares of the page's width/height)."""
    h, w = image.shape[:2]
    left, top, right, bottom = (round(m * s) for m, s in zip(margins, (w, h, w, h)))
    out = perturb.pad(image, top, bottom, left, right, colour)
    surface = np.ones(out.shape[:2], bool)
    surface[top:top + h, left:left + w] = False
    mottled = perturb.noise(out, 6.0, seed)
    out = out.copy()
    out[surface] = mottled[surface]
    return out, _translation(left, top)


def rotate_expand(image: np.ndarray, degrees: float, fill: tuple[int, int, int] = (255, 255, 255)
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Rotate counter-clockwise by ``degrees`` on a canvas grown to keep every corner."""
    h, w = image.shape[:2]
    c, s = abs(math.cos(math.radians(degrees))), abs(math.sin(math.radians(degrees)))
    nw, nh = math.ceil(w * c + h * s), math.ceil(w * s + h * c)
    m = cv2.getRotationMatrix2D(((w - 1) / 2, (h - 1) / 2), degrees, 1.0)
    m[0, 2] += (nw - w) / 2
    m[1, 2] += (nh - h) / 2
    out = cv2.warpAffine(image, m, (nw, nh), flags=cv2.INTER_LINEAR, borderValue=fill)
    return out, np.vstack([m, [0, 0, 1]])


def rescale(image: np.ndarray, fx: float, fy: float | None = None) -> tuple[np.ndarray, np.ndarray]:
    """:func:`genpuzzle.perturb.rescale` with its map."""
    out = perturb.rescale(image, fx, fy)
    sx, sy = out.shape[1] / image.shape[1], out.shape[0] / image.shape[0]
    return out, np.array([[sx, 0, 0.5 * sx - 0.5], [0, sy, 0.5 * sy - 0.5], [0, 0, 1]])


def perspective(image: np.ndarray, strength: float = 0.01, seed: int = 0,
                fill: tuple[int, int, int] = (255, 255, 255)) -> tuple[np.ndarray, np.ndarray]:
    """A mild keystone: each corner moved by up to ``strength`` of the long side, same canvas."""
    h, w = image.shape[:2]
    rng = np.random.default_rng(seed)
    src = np.float32([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]])
    dst = (src + rng.uniform(-1, 1, (4, 2)) * strength * max(w, h)).astype(np.float32)
    m = cv2.getPerspectiveTransform(src, dst)
    out = cv2.warpPerspective(image, m, (w, h), flags=cv2.INTER_LINEAR, borderValue=fill)
    return out, m.astype(np.float64)


def photographed(image: np.ndarray, narrow: float, far: str = "top", tilt: float = 0.0,
                 table: tuple[int, int, int] = (82, 74, 66)) -> tuple[np.ndarray, np.ndarray]:
    """``image`` lying on a table (a margin of 7 % of the long side) photographed at an angle: the ``far`` edge
    (top, bottom, left, right) ``narrow`` (share of the side) shorter than the near one and foreshortened by a
    third of that, then turned ``tilt`` degrees. Returns the photo and the 3x3 map from ``image``'s pixels to
    the photo's."""
    h, w = image.shape[:2]
    m = round(0.07 * max(h, w))
    page = cv2.copyMakeBorder(image, m, m, m, m, cv2.BORDER_CONSTANT, value=table)
    H, W = page.shape[:2]
    src = np.float32([[0, 0], [W, 0], [W, H], [0, H]])
    dst = src.copy()
    i, j, axis = {"top": (0, 1, 0), "bottom": (3, 2, 0), "left": (0, 3, 1), "right": (1, 2, 1)}[far]
    side = W if axis == 0 else H
    dst[i, axis] += narrow * side / 2
    dst[j, axis] -= narrow * side / 2
    dst[[i, j], 1 - axis] += (1 if far in ("top", "left") else -1) * narrow / 3 * (H if axis == 0 else W)
    M = cv2.getPerspectiveTransform(src, dst).astype(np.float64)
    c, s = np.cos(np.radians(tilt)), np.sin(np.radians(tilt))
    M = np.array([[c, -s, W / 2 - c * W / 2 + s * H / 2], [s, c, H / 2 - s * W / 2 - c * H / 2], [0, 0, 1]]) @ M
    photo = cv2.warpPerspective(page, M, (W, H), flags=cv2.INTER_LINEAR, borderValue=table)
    return photo, M @ np.array([[1, 0, m], [0, 1, m], [0, 0, 1.0]])


def paper_texture(image: np.ndarray, strength: float = 0.06, seed: int = 0) -> np.ndarray:
    """Paper grain and blotches: the image multiplied by (1 - strength * smooth noise) and fine grain."""
    h, w = image.shape[:2]
    rng = np.random.default_rng(seed)
    coarse = cv2.resize(rng.random((max(2, h // 40), max(2, w // 40))).astype(np.float32), (w, h),
                        interpolation=cv2.INTER_CUBIC)
    grain = cv2.GaussianBlur(rng.random((h, w)).astype(np.float32), (0, 0), 0.8)
    shade = 1.0 - strength * (0.7 * np.clip(coarse, 0, 1) + 0.3 * grain)
    return np.clip(image.astype(np.float32) * shade[:, :, None], 0, 255).astype(np.uint8)


def mild_combination(image: np.ndarray, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """What a photographed or regenerated page typically shows at once: rescale 0.6-1.6x (aspect within
    +-8 %), rotation up to 3 deg, a mild keystone (<= 1 % of the side), tinted paper, paper texture, JPEG
    quality 40-90."""
    rng = np.random.default_rng(seed)
    f = float(np.exp(rng.uniform(math.log(0.6), math.log(1.6))))
    out, m = rescale(image, f, f * float(rng.uniform(0.92, 1.08)))
    out, m2 = rotate_expand(out, float(rng.uniform(-3, 3)))
    m = m2 @ m
    out, m2 = perspective(out, float(rng.uniform(0, 0.01)), seed=int(rng.integers(1 << 30)))
    m = m2 @ m
    paper = tuple(int(v) for v in rng.integers(215, 256, 3))
    out = perturb.retint(out, paper)
    out = paper_texture(out, float(rng.uniform(0.02, 0.08)), seed=int(rng.integers(1 << 30)))
    return perturb.jpeg(out, int(rng.integers(40, 91))), m


PAGE_CHANGES = ("caption", "dark_border", "letterbox_4_3", "letterbox_16_9", "dark_margins", "combined")


def page_change(image: np.ndarray, kind: str, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """One random instance of the page change ``kind`` (one of :data:`PAGE_CHANGES`), with its map.

    Letterboxes and dark margins also come JPEG-compressed and a little rescaled, as models return them;
    ``caption`` varies the band's height (6-20 %), text, side (mostly top) and shade."""
    rng = np.random.default_rng(seed)
    if kind == "caption":
        shade = (255, 255, 255) if rng.random() < 0.7 else tuple(int(v) for v in rng.integers(215, 245, 3))
        out, m = caption(image, CAPTIONS[int(rng.integers(len(CAPTIONS)))], float(rng.uniform(0.06, 0.2)),
                         "top" if rng.random() < 0.8 else "bottom", band=shade)
    elif kind == "dark_border":
        dark = int(rng.integers(0, 70))
        out, m = dark_border(image, float(rng.uniform(0.01, 0.06)), (dark, dark, dark))
    elif kind.startswith("letterbox"):
        aspect = 4 / 3 if kind == "letterbox_4_3" else 16 / 9
        if rng.random() < 0.3:
            aspect = 1 / aspect  # a portrait canvas
        dark = int(rng.integers(0, 25))
        out, m = letterbox(image, aspect, int(rng.choice([768, 1024, 1280])), (dark, dark, dark))
    elif kind == "dark_margins":
        dark = tuple(int(v) for v in rng.integers(15, 90, 3))
        out, m = dark_margins(image, tuple(float(v) for v in rng.uniform(0.01, 0.12, 4)), dark,
                              seed=int(rng.integers(1 << 30)))
    elif kind == "combined":
        return mild_combination(image, seed)
    else:
        raise ValueError(f"unknown page change {kind!r}; known: {', '.join(PAGE_CHANGES)}")
    if kind != "caption":
        f = float(rng.uniform(0.8, 1.25))
        out, m2 = rescale(out, f)
        m = m2 @ m
        out = perturb.jpeg(out, int(rng.integers(60, 95)))
    return out, m
