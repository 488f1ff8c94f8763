"""Sudoku answers written in styles the digit reader never trained on, and planted errors.

Styles (all held out from training, see tools/digit_data.py, and available on every machine):
Hershey SCRIPT_SIMPLEX / SCRIPT_COMPLEX, the ``hand`` polyline skeletons, STIX and Computer Modern.
Each answer digit gets its own size (50-80 % of the cell), offset, slant, stroke width and the
answer's ink colour, as a model writing into the grid would.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import cv2
import numpy as np

from genpuzzle.renderers.common import cell_box

ROOT = Path(__file__).resolve().parents[1]


def _load(name: str):
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


dd = _load("digit_data")

STYLES = ("script_simplex", "script_complex", "hand", "stix_italic", "cmr")
INKS = ((200, 30, 30), (30, 60, 200), (20, 120, 40), (60, 60, 60), (120, 40, 160))


def glyph(style: str, ch: str, rng: np.random.Generator) -> np.ndarray:
    """High-resolution alpha of ``ch`` (a digit, or a letter for the printed/script styles)."""
    if style == "script_simplex":
        return dd.hershey_glyph(dd.HERSHEY_HELDOUT[0], False, ch, int(rng.integers(4, 10)))
    if style == "script_complex":
        return dd.hershey_glyph(dd.HERSHEY_HELDOUT[1], False, ch, int(rng.integers(4, 10)))
    if style == "hand":
        return dd.draw_strokes(dd.hand_strokes(int(ch), int(rng.integers(6))), rng)
    if style.startswith("font:"):  # any font file, e.g. a held-out handwriting font (benchmarks)
        return dd.stroke_width(dd.font_glyph(style[5:], ch), rng, -1, 2)
    if style == "pen":  # TRAINING-style pen skeletons (tuning only, never a held-out figure)
        return dd.draw_strokes(dd.pen_strokes(int(ch), int(rng.integers(12))), rng)
    if style == "mnist_tune":  # real handwriting from the tuning part of MNIST (mod 500 in 0-224), one writer a glyph
        pool = _mnist_tune_pool()[int(ch)]
        return dd.stroke_width(dd.mnist_glyph(int(pool[int(rng.integers(len(pool)))]))[0], rng, 0, 3)
    font = {"stix_italic": "STIXGeneralItalic.ttf", "cmr": "cmr10.ttf"}[style]
    return dd.font_glyph(str(dd.MPL_FONTS / font), ch)


TUNE_MNIST = (0, 225)  # MNIST index mod 500 used for tuning answers: the train and calib parts, never >= 225


def _mnist_tune_pool() -> dict[int, np.ndarray]:
    idx = np.arange(5000)
    idx = idx[(idx % 500 >= TUNE_MNIST[0]) & (idx % 500 < TUNE_MNIST[1])]
    return {d: idx[idx // 500 == d] for d in range(10)}


def tuning_styles() -> list[str]:
    """Answer styles thresholds may be tuned on: the calibration handwriting fonts (never trained on, never
    held out), the training pen skeletons and MNIST mod 500 in 0-224. Held-out styles never tune."""
    return [f"font:{f}" for f in dd.font_groups()["hand_calib"]] + ["pen", "mnist_tune"]


def write(image: np.ndarray, layout, r: int, c: int, alpha: np.ndarray | None, ink, rng: np.random.Generator,
          height: float | None = None, centre: tuple[float, float] | None = None, erase: bool = True) -> np.ndarray:
    """``image`` with cell (r, c) wiped (inside its lines) and ``alpha`` written into it."""
    out = image.copy()
    x0, y0, x1, y1 = (int(round(v)) for v in cell_box(layout, r, c))
    side = min(x1 - x0, y1 - y0)
    pad = max(3, int(side * 0.08))
    if erase:
        out[y0 + pad:y1 - pad, x0 + pad:x1 - pad] = 255
    if alpha is None:
        return out
    cell = out[y0:y0 + side, x0:x0 + side].astype(np.float32)
    h = height if height is not None else rng.uniform(0.5, 0.8)
    h = min(h, 0.85 * alpha.shape[0] / alpha.shape[1])  # wide glyphs (a crossed-out digit) stay inside
    cx, cy = centre if centre is not None else tuple(0.5 + rng.uniform(-0.06, 0.06, 2))
    cell = dd.place(cell, alpha, np.array(ink, np.float32), rng, h, (cx, cy), rotate=6, shear=0.1, squash=0.1)
    out[y0:y0 + side, x0:x0 + side] = np.clip(np.round(cell), 0, 255).astype(np.uint8)
    return out


def answer(record, input_image: np.ndarray, style: str, seed: int) -> np.ndarray:
    """The correct solution written into the input's blanks in ``style``."""
    rng = np.random.default_rng(seed)
    ink = INKS[seed % len(INKS)]
    out = input_image
    givens, solution = record.ground_truth["givens"], record.ground_truth["solution"]
    for r, row in enumerate(givens):
        for c, g in enumerate(row):
            if not g:
                out = write(out, record.layout, r, c, glyph(style, str(solution[r][c]), rng), ink, rng)
    return out


def blanks(record) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(record.ground_truth["givens"]) for c, g in enumerate(row) if not g]


def plant(image: np.ndarray, record, kind: str, cell: tuple[int, int], seed: int, style: str | None = None
          ) -> np.ndarray:
    """Plant one error of ``kind`` in blank ``cell`` of a correct answer: 'wrong_digit', 'letter',
    'out_of_range' (0, or a digit above n), 'struck' (the right digit crossed out), 'pencil' (small
    corner candidates instead of the answer), 'tall_wrong' (a wrong digit 85 % of the cell tall).
    The glyphs are in held-out styles (Hershey script, STIX italic, Computer Modern); with ``style``
    (a tuning family, :func:`tuning_styles`) they are written in the answer's own style instead
    (letters in that font, or in a Hershey training font for the pen and MNIST styles)."""
    rng = np.random.default_rng(seed)
    r, c = cell
    n = record.layout["rows"]
    right = record.ground_truth["solution"][r][c]
    ink = (30, 30, 30)

    def digit_in(default: str, d) -> np.ndarray:
        return glyph(style or default, str(d), rng)

    if kind == "wrong_digit":
        return write(image, record.layout, r, c, digit_in("script_simplex", right % n + 1), ink, rng)
    if kind == "tall_wrong":
        return write(image, record.layout, r, c, digit_in("cmr", right % n + 1), ink, rng, height=0.85)
    if kind == "letter":
        ch = "AZTSEKRHPX"[seed % 10]
        if style is None:
            alpha = glyph(("stix_italic", "cmr", "script_simplex")[seed % 3], ch, rng)
        elif style.startswith("font:"):
            alpha = dd.font_glyph(style[5:], ch)
        else:
            alpha = dd.hershey_glyph(dd.HERSHEY_TRAIN[seed % len(dd.HERSHEY_TRAIN)], False, ch, 6)
        return write(image, record.layout, r, c, alpha, ink, rng)
    if kind == "out_of_range":
        d = "0" if n == 9 or seed % 2 else str(int(rng.integers(n + 1, 10)))
        return write(image, record.layout, r, c, digit_in("script_complex", d), ink, rng)
    if kind == "struck":
        return write(image, record.layout, r, c, dd.strike_through(digit_in("script_simplex", right), rng), ink, rng)
    if kind == "pencil":
        out = write(image, record.layout, r, c, None, ink, rng)
        spots = [(0.22, 0.22), (0.78, 0.22), (0.22, 0.78), (0.78, 0.78)]
        for k, d in enumerate(sorted({right, right % n + 1})):
            out = write(out, record.layout, r, c, digit_in("script_simplex", d), (90, 90, 90), rng,
                        height=0.24, centre=spots[(k + seed) % 4], erase=False)
        return out
    raise ValueError(kind)


PLANTED = ("wrong_digit", "tall_wrong", "letter", "out_of_range", "struck", "pencil")
EXPECTED_CODE = {"wrong_digit": "wrong_digit", "tall_wrong": "wrong_digit", "letter": "invalid_symbol",
                 "out_of_range": "invalid_symbol", "struck": "invalid_symbol", "pencil": "blank_unfilled"}


def tall_one(image: np.ndarray, record, cell: tuple[int, int], seed: int) -> np.ndarray:
    """A plain '1' stroke 84 % of the cell tall in ``cell`` (the issue's cut-off case)."""
    rng = np.random.default_rng(seed)
    r, c = cell
    return write(image, record.layout, r, c, glyph("cmr", "1", rng), (30, 60, 200), rng, height=0.84,
                 centre=(0.5, 0.5))


if __name__ == "__main__":  # a quick look: python tests/heldout_sudoku_answers.py SET_DIR OUT.png
    from genpuzzle.dataset import load_set
    from genpuzzle.registration import load_image

    s = load_set(Path(sys.argv[1]))
    rec = s.records[0]
    img = answer(rec, load_image(s.path(rec.input_image)), STYLES[0], 1)
    for k, kind in enumerate(PLANTED):
        img = plant(img, rec, kind, blanks(rec)[k], k)
    cv2.imwrite(sys.argv[2], img[:, :, ::-1])
