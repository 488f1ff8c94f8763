"""Train the offline digit reader (data/models/digits.npz) on synthetic cells, deterministically.

    python tools/train_digit_reader.py                 # train + save + held-out report (~5-12 min on 2 cores)
    python tools/train_digit_reader.py --eval-only     # held-out report for the saved model

Training glyphs: matplotlib's DejaVu families and OpenCV Hershey fonts (SIMPLEX, PLAIN, DUPLEX,
COMPLEX, TRIPLEX, COMPLEX_SMALL; upright and italic). Held out (never trained on): STIX
(General/Bold/Italic/BoldItalic), Computer Modern (cmr10, cmss10, cmtt10, cmb10), Hershey SCRIPT
fonts, and a "handwriting-like" style of jittered polylines (``hand_glyph``).

Each cell is rendered with a random size (18-120 px), glyph height, shift, rotation +-10 deg,
shear, stroke width, ink/background colours (dark, pencil grey, red, blue, green, ... on white or
tinted paper), grid-line remnants at the edges, blur, noise, rescaling and JPEG, then passed
through the *run-time* cleaning/normalisation (``genpuzzle.verifiers.digits.prepare_cell``), so
the model learns exactly what it will see. Blank cells (noise, JPEG, remnants, specks) that survive
the blank test become class 10. Scikit-learn's MLPClassifier (the ``train`` extra) fits the
model; only numpy arrays are saved. All randomness comes from ``numpy.random.default_rng`` seeded
per chunk, so the same --seed gives the same data and model on the same platform.

This module is also imported by tests/test_digits.py and benchmarks/bench_digits.py for the
held-out generator (``heldout_set``).
"""

from __future__ import annotations

import argparse
import sys
import time
from functools import lru_cache
from multiprocessing import get_context
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont
import matplotlib

from genpuzzle.verifiers import digits as dg

MPL_FONTS = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
TRAIN_TTF = [
    "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf",
    "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf", "DejaVuSansMono-Oblique.ttf",
    "DejaVuSansMono-BoldOblique.ttf", "DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf",
    "DejaVuSerif-Italic.ttf", "DejaVuSerif-BoldItalic.ttf",
]
TRAIN_HERSHEY = [cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_PLAIN, cv2.FONT_HERSHEY_DUPLEX,
                 cv2.FONT_HERSHEY_COMPLEX, cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_COMPLEX_SMALL]
HELDOUT_TTF = ["STIXGeneral.ttf", "STIXGeneralBol.ttf", "STIXGeneralItalic.ttf", "STIXGeneralBolIta.ttf",
               "cmr10.ttf", "cmss10.ttf", "cmtt10.ttf", "cmb10.ttf"]
HELDOUT_HERSHEY = [cv2.FONT_HERSHEY_SCRIPT_SIMPLEX, cv2.FONT_HERSHEY_SCRIPT_COMPLEX]

TRAIN_SOURCES = ([("ttf", f) for f in TRAIN_TTF]
                 + [("hershey", f, it) for f in TRAIN_HERSHEY for it in (False, True)]
                 + [("pen",)] * 4)
HELDOUT_PRINTED = ([("ttf", f) for f in HELDOUT_TTF] + [("hershey", f, False) for f in HELDOUT_HERSHEY])
HANDWRITING = [("hand",)]
CONDITIONS = ("clean", "rescale", "jpeg60", "blur1", "shift")

GLYPH_H = 100  # height of the high-resolution glyph the cell is warped from


# ---------------------------------------------------------------- glyphs (float alpha, tight crop)

def _tight(alpha: np.ndarray, pad: int = 6) -> np.ndarray:
    ys, xs = np.nonzero(alpha > 0.05)
    a = alpha[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    return np.pad(a, pad)


@lru_cache(maxsize=None)
def _ttf_glyph(name: str, digit: int) -> np.ndarray:
    font = ImageFont.truetype(str(MPL_FONTS / name), 130)
    img = Image.new("L", (260, 260), 0)
    ImageDraw.Draw(img).text((60, 40), str(digit), fill=255, font=font)
    a = _tight(np.asarray(img, np.float32) / 255.0, 0)
    s = GLYPH_H / a.shape[0]
    a = cv2.resize(a, (max(1, round(a.shape[1] * s)), GLYPH_H), interpolation=cv2.INTER_AREA)
    return np.pad(a, 8)


@lru_cache(maxsize=None)
def _hershey_glyph(font: int, italic: bool, digit: int, thickness: int) -> np.ndarray:
    f = font | (cv2.FONT_ITALIC if italic else 0)
    img = np.zeros((300, 300), np.uint8)
    (w, h), _ = cv2.getTextSize(str(digit), f, 1.0, 1)
    scale = 90.0 / max(h, 1)
    cv2.putText(img, str(digit), (60, 200), f, scale, 255, thickness, cv2.LINE_AA)
    return _tight(img.astype(np.float32) / 255.0, 8)


def _arc(cx, cy, rx, ry, a0, a1, n=24):
    t = np.radians(np.linspace(a0, a1, n))
    return np.stack([cx + rx * np.cos(t), cy + ry * np.sin(t)], axis=1)


def _bez(p0, p1, p2, n=16):
    t = np.linspace(0, 1, n)[:, None]
    return (1 - t) ** 2 * np.array(p0) + 2 * (1 - t) * t * np.array(p1) + t ** 2 * np.array(p2)


def _line(*pts):
    return np.array(pts, float)


def _hand_strokes(digit: int, variant: int) -> list[np.ndarray]:
    """Hand-drawn digit skeletons in a 0.6 x 1.0 box (y down); variants differ like handwriting."""
    v = variant % 2
    if digit == 0:
        return [_arc(0.3, 0.5, 0.28, 0.5, -100, 265)]
    if digit == 1:
        return [_line((0.32, 0.0), (0.32, 1.0))] + ([_line((0.12, 0.2), (0.32, 0.0))] if v else [])
    if digit == 2:
        return [np.concatenate([_arc(0.3, 0.28, 0.28, 0.27, 200, 380), _line((0.02, 1.0), (0.6, 1.0))])]
    if digit == 3:
        return [np.concatenate([_arc(0.28, 0.25, 0.27, 0.24, 200, 450), _arc(0.28, 0.74, 0.3, 0.26, 270, 520)])]
    if digit == 4:
        if v:
            return [_line((0.45, 1.0), (0.45, 0.0), (0.0, 0.68), (0.6, 0.68))]
        return [_line((0.1, 0.0), (0.02, 0.6), (0.6, 0.6)), _line((0.45, 0.15), (0.45, 1.0))]
    if digit == 5:
        return [_line((0.56, 0.0), (0.12, 0.0), (0.08, 0.45)), _arc(0.3, 0.68, 0.28, 0.3, 220, 520)]
    if digit == 6:
        return [np.concatenate([_bez((0.5, 0.0), (0.05, 0.15), (0.04, 0.7)), _arc(0.3, 0.72, 0.26, 0.27, 180, 540)])]
    if digit == 7:
        s = [_line((0.0, 0.0), (0.6, 0.0), (0.2, 1.0))]
        return s + ([_line((0.15, 0.5), (0.55, 0.5))] if v else [])
    if digit == 8:
        return [_arc(0.3, 0.25, 0.22, 0.24, 90, 450), _arc(0.3, 0.73, 0.28, 0.27, -90, 270)]
    if digit == 9:
        tail = _line((0.57, 0.28), (0.52, 1.0)) if v else _bez((0.57, 0.28), (0.58, 0.95), (0.12, 0.95))
        return [_arc(0.3, 0.28, 0.27, 0.27, 0, 360), tail]
    raise ValueError(digit)


def _pen_strokes(digit: int, variant: int) -> list[np.ndarray]:
    """TRAINING-ONLY pen skeletons, written separately from ``_hand_strokes`` (the held-out
    handwriting style) with other geometry: flat-top 3, straight-stem 6/9, hooked 7, ..."""
    v = variant % 3
    if digit == 0:
        return [_arc(0.3, 0.5, 0.3, 0.48, 250, 610)] if v else [np.concatenate([
            _line((0.05, 0.25), (0.05, 0.75)), _arc(0.3, 0.75, 0.25, 0.25, 180, 0)[1:-1],
            _line((0.55, 0.75), (0.55, 0.25)), _arc(0.3, 0.25, 0.25, 0.25, 0, -180)[1:]])]
    if digit == 1:
        base = [_line((0.34, 0.0), (0.3, 1.0))]
        return base + [[], [_line((0.1, 0.25), (0.34, 0.0))],
                       [_line((0.15, 0.18), (0.34, 0.0)), _line((0.1, 1.0), (0.5, 1.0))]][v]
    if digit == 2:
        if v == 2:
            return [_line((0.0, 0.15), (0.3, 0.0), (0.55, 0.2), (0.5, 0.4), (0.0, 1.0), (0.58, 0.98))]
        return [np.concatenate([_arc(0.3, 0.3, 0.27, 0.3, 190, 360), _bez((0.57, 0.3), (0.5, 0.6), (0.0, 1.0)),
                                _line((0.0, 1.0), (0.6, 1.0))])]
    if digit == 3:
        if v == 2:
            return [np.concatenate([_line((0.02, 0.0), (0.55, 0.0), (0.25, 0.4)), _arc(0.27, 0.7, 0.3, 0.3, 270, 510)])]
        return [np.concatenate([_arc(0.3, 0.26, 0.25, 0.26, 190, 440), _arc(0.3, 0.75, 0.28, 0.25, 280, 530)])]
    if digit == 4:
        if v == 0:
            return [_line((0.4, 1.0), (0.4, 0.0), (0.0, 0.72), (0.6, 0.72))]
        if v == 1:
            return [_line((0.15, 0.0), (0.0, 0.65), (0.6, 0.65)), _line((0.42, 0.3), (0.42, 1.0))]
        return [_line((0.3, 0.0), (0.0, 0.7), (0.6, 0.7)), _line((0.45, 0.4), (0.45, 1.0))]
    if digit == 5:
        return [_line((0.58, 0.02), (0.1, 0.0), (0.06, 0.48)),
                _arc(0.28, 0.7, 0.3, 0.29, 210, 500) if v != 2 else
                np.concatenate([_line((0.06, 0.48), (0.4, 0.42)), _arc(0.3, 0.72, 0.27, 0.28, 300, 520)])]
    if digit == 6:
        if v == 2:
            return [np.concatenate([_line((0.5, 0.0), (0.05, 0.7)), _arc(0.3, 0.72, 0.26, 0.27, 180, 540)])]
        return [np.concatenate([_arc(0.55, 0.55, 0.52, 0.55, 250, 180), _arc(0.3, 0.72, 0.27, 0.27, 180, 540)])]
    if digit == 7:
        return [[_line((0.0, 0.0), (0.6, 0.0), (0.25, 1.0))],
                [_line((0.02, 0.1), (0.0, 0.0), (0.6, 0.0)), _bez((0.6, 0.0), (0.3, 0.4), (0.3, 1.0))],
                [_line((0.0, 0.0), (0.6, 0.0), (0.22, 1.0)), _line((0.18, 0.48), (0.58, 0.48))]][v]
    if digit == 8:
        if v == 2:
            return [np.concatenate([_arc(0.3, 0.25, 0.23, 0.25, 90, 450), _arc(0.3, 0.75, 0.27, 0.25, 270, 630)])]
        return [_arc(0.3, 0.26, 0.24, 0.26, 0, 360), _arc(0.3, 0.75, 0.29, 0.25, 0, 360)]
    if digit == 9:
        loop = _arc(0.3, 0.3, 0.28, 0.3, 0, 360)
        return [loop, [_line((0.58, 0.3), (0.58, 1.0)), _line((0.58, 0.3), (0.35, 1.0)),
                       _arc(0.05, 0.3, 0.53, 0.68, 0, 100)][v]]
    raise ValueError(digit)


def hand_glyph(digit: int, rng: np.random.Generator, templates=None) -> np.ndarray:
    """Handwriting-like glyph: jittered, slanted, wobbly polylines drawn with a random pen width."""
    strokes = (templates or _hand_strokes)(digit, int(rng.integers(6)))
    slant, sx = rng.uniform(-0.3, 0.3), rng.uniform(0.75, 1.3)
    img = np.zeros((160, 160), np.uint8)
    width = int(rng.integers(4, 15))
    wob_amp, wob_ph = rng.uniform(0, 0.025, 2), rng.uniform(0, 2 * np.pi, 2)
    for s in strokes:
        p = s + rng.normal(0, 0.018, s.shape)
        t = np.linspace(0, 1, len(p))
        p[:, 0] += wob_amp[0] * np.sin(2 * np.pi * 1.5 * t + wob_ph[0])
        p[:, 1] += wob_amp[1] * np.sin(2 * np.pi * 1.5 * t + wob_ph[1])
        x = (p[:, 0] - 0.3) * sx - slant * (p[:, 1] - 0.5)
        pts = np.stack([80 + 90 * x, 30 + 100 * p[:, 1]], axis=1)
        cv2.polylines(img, [np.round(pts * 4).astype(np.int32)], False, 255, width, cv2.LINE_AA, shift=2)
    return _tight(img.astype(np.float32) / 255.0, 8)


def _elastic(alpha: np.ndarray, rng: np.random.Generator, amp: float) -> np.ndarray:
    h, w = alpha.shape
    d = rng.normal(0, 1, (2, h, w)).astype(np.float32)
    d = np.stack([cv2.GaussianBlur(x, (0, 0), 9) for x in d])
    d *= amp / (np.abs(d).max() + 1e-6)
    gx, gy = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
    return cv2.remap(alpha, gx + d[0], gy + d[1], cv2.INTER_LINEAR, borderValue=0)


def glyph(source: tuple, digit: int, rng: np.random.Generator, train: bool) -> np.ndarray:
    """High-resolution alpha for ``digit`` in ``source`` with stroke-width (and, in training,
    elastic) variation."""
    if source[0] == "hershey":
        a = _hershey_glyph(source[1], source[2], digit, int(rng.integers(3, 14)))
    elif source[0] == "hand":
        a = hand_glyph(digit, rng)
    elif source[0] == "pen":
        a = hand_glyph(digit, rng, _pen_strokes)
    else:
        a = _ttf_glyph(source[1], digit)
        r = int(rng.integers(-2, 5)) if train else int(rng.integers(-1, 3))
        if r:
            k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * abs(r) + 1, 2 * abs(r) + 1))
            b = cv2.dilate(a, k) if r > 0 else cv2.erode(a, k)
            a = b if b.max() > 0.5 else a
    if train and rng.random() < 0.35:
        a = _elastic(a, rng, rng.uniform(2, 7))
    return a


# ------------------------------------------------------------------------------ cell rendering

def _colours(rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """(ink, background) RGB with enough contrast; inks as image models draw them."""
    kind = rng.random()
    if kind < 0.45:
        bg = np.full(3, rng.uniform(225, 255))
    elif kind < 0.85:
        bg = rng.uniform(195, 255, 3)           # tinted paper
    else:
        bg = np.full(3, rng.uniform(185, 225))  # grey cell shading
    palette = rng.integers(7)
    if palette == 0:
        ink = np.full(3, rng.uniform(0, 70))
    elif palette == 1:
        ink = np.full(3, rng.uniform(70, bg.min() - 70))   # pencil grey
    elif palette == 2:
        ink = np.array([rng.uniform(170, 240), rng.uniform(0, 70), rng.uniform(0, 70)])  # red
    elif palette == 3:
        ink = np.array([rng.uniform(0, 60), rng.uniform(0, 110), rng.uniform(150, 240)])  # blue
    elif palette == 4:
        ink = np.array([rng.uniform(0, 70), rng.uniform(110, 180), rng.uniform(0, 80)])  # green
    elif palette == 5:
        ink = np.array([rng.uniform(90, 160), rng.uniform(0, 60), rng.uniform(120, 200)])  # purple
    else:
        hsv = np.uint8([[[rng.integers(180), rng.integers(150, 256), rng.integers(90, 230)]]])
        ink = cv2.cvtColor(hsv, cv2.COLOR_HSV2RGB)[0, 0].astype(float)
    if (bg - ink).max() < 70:
        ink = np.clip(bg - 120, 0, 255)
    return ink, bg


def _remnants(img: np.ndarray, rng: np.random.Generator, p_side: float) -> None:
    """Grid-line remnants along the edges (full or partial, thin or thick, dark or light grey)."""
    s = img.shape[0]
    for side in range(4):
        if rng.random() >= p_side:
            continue
        col = np.full(3, rng.uniform(0, 60) if rng.random() < 0.7 else rng.uniform(60, 170))
        w = int(rng.integers(1, max(2, s // 9) + 1))
        off = int(rng.integers(0, 3))
        a, b = 0, s
        if rng.random() < 0.3:
            a = int(rng.integers(0, s // 2))
            b = int(rng.integers(a + s // 4, s + 1))
        lo, hi = (off, off + w) if side < 2 else (s - off - w, s - off)
        if side % 2 == 0:
            img[max(lo, 0):hi, a:b] = col
        else:
            img[a:b, max(lo, 0):hi] = col


def _jpeg(img: np.ndarray, q: int) -> np.ndarray:
    ok, buf = cv2.imencode(".jpg", img[:, :, ::-1], [cv2.IMWRITE_JPEG_QUALITY, int(q)])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)[:, :, ::-1]


def render_cell(rng: np.random.Generator, alpha: np.ndarray | None, condition: str = "train") -> np.ndarray:
    """Render one RGB uint8 cell with ``alpha`` (None = blank) under ``condition``: "train" (all
    perturbations at random) or one of CONDITIONS (a mild random base plus that perturbation)."""
    train = condition == "train"
    s = int(rng.integers(18, 121)) if train else int(rng.integers(28, 90))
    ink, bg = _colours(rng)
    img = np.empty((s, s, 3), np.float32)
    img[:] = bg
    if alpha is not None:
        k = 4 if s < 60 else 2
        big = s * k
        hf = rng.uniform(0.4, 0.85)
        max_shift = 0.15 if condition == "shift" else (0.1 if train else 0.05)
        dx, dy = rng.uniform(-max_shift, max_shift, 2) * big
        ang = np.radians(rng.uniform(-10, 10))
        shear = rng.uniform(-0.15, 0.15) if train else 0.0
        scale = hf * big / alpha.shape[0]
        sx = scale * (rng.uniform(0.8, 1.2) if train else 1.0)
        c, si = np.cos(ang), np.sin(ang)
        lin = np.array([[c, -si], [si, c]]) @ np.array([[1, shear], [0, 1]]) @ np.diag([sx, scale])
        gc = np.array([alpha.shape[1] / 2, alpha.shape[0] / 2])
        t = np.array([big / 2 + dx, big / 2 + dy]) - lin @ gc
        warped = cv2.warpAffine(alpha, np.hstack([lin, t[:, None]]).astype(np.float32), (big, big),
                                flags=cv2.INTER_LINEAR, borderValue=0)
        a = cv2.resize(warped, (s, s), interpolation=cv2.INTER_AREA)
        img = img * (1 - a[..., None]) + ink * a[..., None]
    elif rng.random() < (0.4 if train else 0.3):
        for _ in range(int(rng.integers(1, 4))):      # specks
            cv2.circle(img, tuple(int(v) for v in rng.integers(0, s, 2)), int(rng.integers(0, 2)),
                       tuple(float(v) for v in ink), -1, cv2.LINE_AA)
    _remnants(img, rng, 0.35 if alpha is not None else 0.5)
    if condition == "blur1":
        img = cv2.GaussianBlur(img, (0, 0), 1.0)
    elif train and rng.random() < 0.5:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, 1.3))
    if train or alpha is None:
        img += rng.normal(0, rng.uniform(0, 8), img.shape).astype(np.float32)
    out = np.clip(np.round(img), 0, 255).astype(np.uint8)
    if condition == "rescale" or (train and rng.random() < 0.3):
        f = rng.uniform(0.5, 2.0)
        n = max(8, int(round(s * f)))
        out = cv2.resize(out, (n, n), interpolation=cv2.INTER_AREA if f < 1 else cv2.INTER_LINEAR)
    if condition == "jpeg60":
        out = _jpeg(out, 60)
    elif (train and rng.random() < 0.6) or (not train and alpha is None):
        out = _jpeg(out, int(rng.integers(35, 96)))
    return out


def _rng(seed: int, stream: str, chunk: int) -> np.random.Generator:
    return np.random.default_rng([seed, sum(ord(c) * 31 ** i for i, c in enumerate(stream)) % 2 ** 31, chunk])


def heldout_set(seed: int, sources: list[tuple], condition: str, n_per_digit: int,
                digits: range = range(10)) -> tuple[list[np.ndarray], list[int]]:
    """Cells and labels for held-out evaluation; deterministic in (seed, sources, condition)."""
    rng = _rng(seed, f"heldout-{condition}-{sources}", 0)
    cells, labels = [], []
    for i in range(n_per_digit):
        for d in digits:
            src = sources[(i * len(digits) + d) % len(sources)]
            cells.append(render_cell(rng, glyph(src, d, rng, train=False), condition))
            labels.append(d)
    return cells, labels


def blank_set(seed: int, n: int) -> list[np.ndarray]:
    """Blank cells with noise, JPEG, specks and grid-line remnants."""
    rng = _rng(seed, "blank", 0)
    return [render_cell(rng, None, CONDITIONS[i % len(CONDITIONS)]) for i in range(n)]


# ------------------------------------------------------------------------------------ training

def _train_chunk(args: tuple[int, int, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    seed, chunk, n = args
    cv2.setNumThreads(1)
    rng = _rng(seed, "train", chunk)
    images, aspects, labels = [], [], []
    for i in range(n):
        label = int(rng.integers(11))
        if label == dg.BLANK_CLASS:
            cell = render_cell(rng, None, "train")
        else:
            src = TRAIN_SOURCES[int(rng.integers(len(TRAIN_SOURCES)))]
            cell = render_cell(rng, glyph(src, label, rng, train=True), "train")
        p = dg.prepare_cell(cell)
        if p.image is None:
            continue  # blank test already decided; a lost digit here is a too-faint render
        images.append(p.image)
        aspects.append(p.log_aspect)
        labels.append(label)
    return np.array(images), np.array(aspects, np.float32), np.array(labels)


def build_training_set(seed: int, n: int, workers: int) -> tuple[np.ndarray, np.ndarray]:
    chunk = 2000
    jobs = [(seed, c, min(chunk, n - c * chunk)) for c in range((n + chunk - 1) // chunk)]
    with get_context("fork").Pool(workers) as pool:
        parts = pool.map(_train_chunk, jobs)
    images = np.concatenate([p[0] for p in parts])
    aspects = np.concatenate([p[1] for p in parts])
    y = np.concatenate([p[2] for p in parts])
    return dg.features(images, aspects), y


def train(seed: int, n: int, workers: int, hidden: tuple[int, ...], out: Path) -> None:
    from sklearn.neural_network import MLPClassifier  # train extra only

    t0 = time.time()
    x, y = build_training_set(seed, n, workers)
    print(f"training set: {len(y)} samples, {x.shape[1]} features, class counts {np.bincount(y).tolist()} "
          f"({time.time() - t0:.0f}s)")
    mean = x.mean(axis=0)
    scale = x.std(axis=0) + 1e-3
    clf = MLPClassifier(hidden_layer_sizes=hidden, alpha=1e-4, batch_size=256, learning_rate_init=1e-3,
                        max_iter=60, early_stopping=True, validation_fraction=0.05, n_iter_no_change=8, tol=1e-5,
                        random_state=seed)
    clf.fit((x - mean) / scale, y)
    print(f"fit: {clf.n_iter_} epochs, val acc {clf.best_validation_score_:.4f} ({time.time() - t0:.0f}s)")
    assert list(clf.classes_) == list(range(11))
    arrays = {"format": np.array(dg.MODEL_FORMAT), "seed": np.array(seed), "n_train": np.array(len(y)),
              "feature_mean": mean.astype(np.float32), "feature_scale": scale.astype(np.float32)}
    for i, (w, b) in enumerate(zip(clf.coefs_, clf.intercepts_)):
        arrays[f"W{i}"] = w.astype(np.float16)
        arrays[f"b{i}"] = b.astype(np.float32)
    out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(out, **arrays)
    print(f"saved {out} ({out.stat().st_size / 1e6:.2f} MB)")


def evaluate(reader: dg.DigitReader, seed: int, n_per_digit: int) -> dict[str, float]:
    """Held-out per-cell accuracy by (style, condition) and blank accuracy."""
    res = {}
    for style, sources in (("printed", HELDOUT_PRINTED), ("hand", HANDWRITING)):
        for cond in CONDITIONS:
            cells, labels = heldout_set(seed, sources, cond, n_per_digit)
            got = [r.digit for r in reader.read(cells)]
            res[f"{style}/{cond}"] = float(np.mean([g == l for g, l in zip(got, labels)]))
    blanks = blank_set(seed, 50 * len(CONDITIONS))
    res["blank"] = float(np.mean([r.digit is None for r in reader.read(blanks)]))
    return res


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=20240601)
    ap.add_argument("--samples", type=int, default=100000)
    ap.add_argument("--hidden", type=int, nargs="+", default=[256, 128])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=dg.MODEL_PATH)
    ap.add_argument("--eval-only", action="store_true")
    ap.add_argument("--eval-per-digit", type=int, default=60)
    a = ap.parse_args(argv)
    if not a.eval_only:
        train(a.seed, a.samples, a.workers, tuple(a.hidden), a.out)
    res = evaluate(dg.DigitReader.load(a.out), seed=7, n_per_digit=a.eval_per_digit)
    for k, v in res.items():
        print(f"{k:18s} {v:.4f}")


if __name__ == "__main__":
    sys.exit(main())
