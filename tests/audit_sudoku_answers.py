"""AUDIT Sudoku answers: a blind family written without reading the Sudoku or digit verifiers (session 13).

The answer digits are set in fonts from Debian packages no other test uses (fonts-karla, fonts-croscore,
fonts-yanone-kaffeesatz, fonts-goudybookletter, fonts-allerta, fonts-national-park, fonts-cherrybomb), as
an image model writes them (own size, offset and a slight rotation per digit, its own ink colour), and the
page is changed as a model changes it (margins and a caption, a whole-grid redraw with other line weights
and the givens in another font, paper and JPEG, tilt and shadow, letterbox, non-uniform scale). Every
style writes the correct solution and must score 100. ``ERRORS`` plant one model-like mistake into a
correct answer (in the answer's own font) and must never pass.

``python tests/audit_sudoku_answers.py [n] [master_seed]`` prints right / false pass / confident false fail /
review / unreadable for every style and error.

Blind figure (session-start code 6d85fc5, ``python tests/audit_sudoku_answers.py 8 1313``, 8 instances):
styles 44 of 64 right, 0 false pass, 1 confident false fail (Cherry Bomb on a thick redraw: stray_mark),
19 review (Goudy oldstyle 8, National Park outline 8, Cherry Bomb 3); errors 26 of 48 right, 1 false pass
(a look-alike letter read as a digit, 100), 21 review (incorrect or needs_review, never correct).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from audit_maze_answers import KINDS, drop_shadow, jpeg, letterbox, margin_caption, outcome, paper_grain, squash, tilt
from genpuzzle.renderers.common import cell_box, font_path

FONTS = {
    "karla": "/usr/share/fonts/truetype/karla/Karla-Bold.otf",
    "arimo": "/usr/share/fonts/truetype/croscore/Arimo-Regular.ttf",
    "arimo_bold": "/usr/share/fonts/truetype/croscore/Arimo-Bold.ttf",
    "tinos_bi": "/usr/share/fonts/truetype/croscore/Tinos-BoldItalic.ttf",
    "yanone": "/usr/share/fonts/opentype/yanone-kaffeesatz/YanoneKaffeesatz-Regular.otf",
    "goudy": "/usr/share/fonts/opentype/sortsmill/GoudyBookletter1911.otf",
    "stencil": "/usr/share/fonts/opentype/allerta/allerta_stencil.otf",
    "outline": "/usr/share/fonts/opentype/national-park/NationalPark-Outline.otf",
    "bubble": "/usr/share/fonts/opentype/cherrybomb/CherryBomb-Regular.otf",
}
FONTS["shipped"] = str(font_path(False))  # DejaVu Sans, shipped with genpuzzle: the tests' fonts on every machine
FONTS["shipped_bold"] = str(font_path(True))
LOOKALIKES = "ASZbgqlO"  # letters an image model may write where a digit belongs


@lru_cache(maxsize=512)
def glyph_alpha(font: str, text: str) -> np.ndarray:
    """Alpha (0..1, float32) of ``text`` in ``font`` at 200 px, cropped to its ink."""
    f = ImageFont.truetype(FONTS[font], 200)
    canvas = Image.new("L", (200 * (len(text) + 1), 340), 0)
    ImageDraw.Draw(canvas).text((40, 40), text, font=f, fill=255)
    a = np.asarray(canvas, np.float32) / 255
    ys, xs = np.nonzero(a > 0.05)
    return a[ys.min():ys.max() + 1, xs.min():xs.max() + 1].copy()


def outlined(alpha: np.ndarray, width: float = 0.05) -> np.ndarray:
    """The outline of a glyph alpha (a hollow digit, as an outline font draws it): a ring ``width`` of its
    height wide around the edge of its ink, the ink itself left as paper."""
    pad = int(round(2 * width * alpha.shape[0])) + 2
    ink = np.pad((alpha > 0.5).astype(np.uint8), pad)
    k = max(3, int(round(2 * width * alpha.shape[0])) | 1)
    ring = ((cv2.dilate(ink, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))) > 0) & (ink == 0))
    return cv2.GaussianBlur(ring.astype(np.float32), (3, 3), 0)


def stamp(image: np.ndarray, alpha: np.ndarray, ink, centre, height: float, rotate: float = 0.0) -> np.ndarray:
    """``alpha`` scaled to ``height`` px, rotated by ``rotate`` degrees and composited in ``ink`` at ``centre``."""
    scale = height / alpha.shape[0]
    a = cv2.resize(alpha, (max(1, int(round(alpha.shape[1] * scale))), max(1, int(round(height)))),
                   interpolation=cv2.INTER_AREA)
    if rotate:
        h, w = a.shape
        side = int(np.ceil(np.hypot(h, w))) + 2
        big = np.zeros((side, side), np.float32)
        big[(side - h) // 2:(side - h) // 2 + h, (side - w) // 2:(side - w) // 2 + w] = a
        m = cv2.getRotationMatrix2D((side / 2, side / 2), rotate, 1.0)
        a = cv2.warpAffine(big, m, (side, side), flags=cv2.INTER_LINEAR)
    h, w = a.shape
    x0, y0 = int(round(centre[0] - w / 2)), int(round(centre[1] - h / 2))
    out = image.astype(np.float32)
    X0, Y0, X1, Y1 = max(0, x0), max(0, y0), min(image.shape[1], x0 + w), min(image.shape[0], y0 + h)
    if X1 <= X0 or Y1 <= Y0:
        return image
    sub = a[Y0 - y0:Y1 - y0, X0 - x0:X1 - x0][..., None]
    out[Y0:Y1, X0:X1] = out[Y0:Y1, X0:X1] * (1 - sub) + np.array(ink, np.float32) * sub
    return np.clip(np.round(out), 0, 255).astype(np.uint8)


def write_cell(image, layout, r, c, text, font, ink, rng, height=None, offset=None, rotate=None):
    x0, y0, x1, y1 = cell_box(layout, r, c)
    side = x1 - x0
    h = side * (height if height is not None else rng.uniform(0.5, 0.68))
    dx, dy = offset if offset is not None else rng.uniform(-0.05, 0.05, 2)
    rot = rotate if rotate is not None else rng.uniform(-5, 5)
    return stamp(image, glyph_alpha(font, text), ink, ((x0 + x1) / 2 + dx * side, (y0 + y1) / 2 + dy * side), h, rot)


def erase_cell(image, layout, r, c, pad=0.12):
    x0, y0, x1, y1 = cell_box(layout, r, c)
    p = (x1 - x0) * pad
    out = image.copy()
    out[int(y0 + p):int(y1 - p), int(x0 + p):int(x1 - p)] = 255
    return out


def redrawn_grid(record, font: str, thin: float, thick: float, line=(40, 40, 40), given_ink=(0, 0, 0)) -> np.ndarray:
    """The puzzle page redrawn by a model: grid lines ``thin``/``thick`` px, the givens in ``font``."""
    lay = record.layout
    x0, y0, x1, y1 = lay["grid_bbox"]
    n, br, bc = lay["rows"], lay["box_rows"], lay["box_cols"]
    w, h = x1 + x0, y1 + y0  # the renderer's margins are symmetric
    pil = Image.new("RGB", (w, h), "white")
    d = ImageDraw.Draw(pil)
    step = (x1 - x0) / n
    for k in range(n + 1):
        wv = thick if k % bc == 0 else thin
        wh = thick if k % br == 0 else thin
        d.line([(x0 + k * step, y0 - thick / 2), (x0 + k * step, y1 + thick / 2)], fill=line, width=int(wv))
        d.line([(x0 - thick / 2, y0 + k * step), (x1 + thick / 2, y0 + k * step)], fill=line, width=int(wh))
    out = np.asarray(pil).copy()
    rng = np.random.default_rng(0)
    for r, row in enumerate(record.ground_truth["givens"]):
        for c, g in enumerate(row):
            if g:
                out = write_cell(out, lay, r, c, str(g), font, given_ink, rng, 0.6, (0, 0), 0)
    return out


# ------------------------------------------------------------------------------------------- styles


@dataclass
class Style:
    name: str
    font: str
    ink: tuple
    base: str = "input"  # or "redraw"
    page: str = ""


def _page(image, page: str, seed: int):
    if page == "caption":
        return margin_caption(image, "Solved Sudoku", seed=seed)
    if page == "paper_jpeg":
        return jpeg(paper_grain(image, seed), 45)
    if page == "tilt_shadow":
        return jpeg(drop_shadow(tilt(image, 1.6 if seed % 2 else -1.2)), 85)
    if page == "letterbox":
        return jpeg(letterbox(image, 16 / 9), 90)
    if page == "squash":
        return squash(image, 1.2, 0.9)
    return image


STYLES = [
    Style("Karla bold blue, margin + caption", "karla", (25, 70, 200), page="caption"),
    Style("grid redrawn thin, givens+answers Arimo black", "arimo", (10, 10, 10), base="redraw"),
    Style("Yanone condensed green, paper, jpeg45", "yanone", (20, 120, 50), page="paper_jpeg"),
    Style("Goudy oldstyle dark red, tilt + shadow", "goudy", (150, 20, 20), page="tilt_shadow"),
    Style("Allerta stencil purple, letterbox", "stencil", (110, 30, 150), page="letterbox"),
    Style("National Park outline navy, squash", "outline", (20, 30, 110), page="squash"),
    Style("Cherry Bomb bubble black on thick redraw", "bubble", (20, 20, 20), base="redraw_thick"),
    Style("Tinos bold italic teal, caption", "tinos_bi", (0, 110, 120), page="caption"),
]


def base_image(record, input_image, style: Style):
    if style.base == "redraw":
        return redrawn_grid(record, "arimo_bold", 1, 3)
    if style.base == "redraw_thick":
        lay = record.layout
        step = (lay["grid_bbox"][2] - lay["grid_bbox"][0]) / lay["rows"]
        return redrawn_grid(record, "arimo_bold", max(3, step / 12), max(6, step / 6), line=(0, 0, 0))
    return input_image.copy()


def blanks(record):
    return [(r, c) for r, row in enumerate(record.ground_truth["givens"]) for c, g in enumerate(row) if not g]


def givens_cells(record):
    return [(r, c) for r, row in enumerate(record.ground_truth["givens"]) for c, g in enumerate(row) if g]


def correct_answer(record, input_image, style: Style, seed: int, skip=()):
    """The grid with every blank filled (page change not yet applied)."""
    rng = np.random.default_rng(seed)
    out = base_image(record, input_image, style)
    sol = record.ground_truth["solution"]
    for r, c in blanks(record):
        if (r, c) not in skip:
            out = write_cell(out, record.layout, r, c, str(sol[r][c]), style.font, style.ink, rng)
    return out


def draw_style(record, input_image, style: Style, seed: int):
    return _page(correct_answer(record, input_image, style, seed), style.page, seed)


# -------------------------------------------------------------------------------------------- errors


def _pick(record, seed):
    b = blanks(record)
    return b[(seed * 7 + 3) % len(b)]


def err_wrong_digit(record, input_image, style, seed):
    cell = _pick(record, seed)
    n = record.layout["rows"]
    right = record.ground_truth["solution"][cell[0]][cell[1]]
    img = correct_answer(record, input_image, style, seed, skip={cell})
    img = write_cell(img, record.layout, *cell, str(right % n + 1), style.font, style.ink, np.random.default_rng(seed))
    return _page(img, style.page, seed)


def err_lookalike(record, input_image, style, seed):
    cell = _pick(record, seed)
    img = correct_answer(record, input_image, style, seed, skip={cell})
    img = write_cell(img, record.layout, *cell, LOOKALIKES[seed % len(LOOKALIKES)], style.font, style.ink,
                     np.random.default_rng(seed))
    return _page(img, style.page, seed)


def err_struck_rewritten(record, input_image, style, seed):
    """A wrong digit struck through, the right one written small beside it: the cell holds two answers."""
    cell = _pick(record, seed)
    n = record.layout["rows"]
    right = record.ground_truth["solution"][cell[0]][cell[1]]
    rng = np.random.default_rng(seed)
    img = correct_answer(record, input_image, style, seed, skip={cell})
    lay = record.layout
    img = write_cell(img, lay, *cell, str(right % n + 1), style.font, style.ink, rng, 0.55, (-0.15, 0.08), 0)
    x0, y0, x1, y1 = cell_box(lay, *cell)
    s = x1 - x0
    pil = Image.fromarray(img)
    ImageDraw.Draw(pil).line([(x0 + 0.12 * s, y0 + 0.78 * s), (x0 + 0.55 * s, y0 + 0.3 * s)], fill=style.ink,
                             width=max(2, int(s / 22)))
    img = np.asarray(pil).copy()
    img = write_cell(img, lay, *cell, str(right), style.font, style.ink, rng, 0.34, (0.26, -0.24), 0)
    return _page(img, style.page, seed)


def err_two_digits(record, input_image, style, seed):
    """The right digit and a second candidate side by side at full size."""
    cell = _pick(record, seed)
    n = record.layout["rows"]
    right = record.ground_truth["solution"][cell[0]][cell[1]]
    rng = np.random.default_rng(seed)
    img = correct_answer(record, input_image, style, seed, skip={cell})
    pair = [right, (right + 1) % n + 1]
    if seed % 2:
        pair.reverse()
    img = write_cell(img, record.layout, *cell, f"{pair[0]}{pair[1]}", style.font, style.ink, rng, 0.42, (0, 0), 0)
    return _page(img, style.page, seed)


def err_given_changed(record, input_image, style, seed):
    """A given overwritten with another digit (the model 'corrected' the puzzle)."""
    g = givens_cells(record)
    r, c = g[(seed * 5 + 1) % len(g)]
    n = record.layout["rows"]
    v = record.ground_truth["givens"][r][c]
    img = correct_answer(record, input_image, style, seed)
    img = erase_cell(img, record.layout, r, c)
    font = "arimo_bold" if style.base.startswith("redraw") else "arimo_bold"
    img = write_cell(img, record.layout, r, c, str(v % n + 1), font, (0, 0, 0), np.random.default_rng(seed), 0.6,
                     (0, 0), 0)
    return _page(img, style.page, seed)


def err_mark_outside(record, input_image, style, seed):
    """A digit written in the margin beside a row, outside every cell (an unasked-for note)."""
    img = correct_answer(record, input_image, style, seed)
    lay = record.layout
    x0, y0, x1, y1 = lay["grid_bbox"]
    n = lay["rows"]
    step = (x1 - x0) / n
    r = seed % n
    centre = (x1 + min(x0 * 0.5, step * 0.45), y0 + (r + 0.5) * step)
    img = stamp(img, glyph_alpha(style.font, str(1 + seed % n)), style.ink, centre, min(0.6 * step, 0.7 * x0), 0)
    return _page(img, style.page, seed)


ERRORS = [
    ("wrong digit", err_wrong_digit),
    ("look-alike letter (ASZbgqlO)", err_lookalike),
    ("struck out and rewritten", err_struck_rewritten),
    ("two digits in one cell", err_two_digits),
    ("a given changed", err_given_changed),
    ("digit in the margin outside the cells", err_mark_outside),
]


# --------------------------------------------------------------------------------------------- sweep


def sweep(n: int = 8, master_seed: int = 1313, out=print, save: Path | None = None):
    """Every style on every instance; every error on every instance, in the style of index (instance)."""
    import tempfile

    from genpuzzle.dataset import load_set, write_set
    from genpuzzle.evaluate import verify_answer
    from genpuzzle.images import load_image

    totals = {"styles": dict.fromkeys(KINDS, 0), "errors": dict.fromkeys(KINDS, 0)}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        write_set(tmp / "set", {"sudoku": n}, master_seed=master_seed)
        pset = load_set(tmp / "set")
        inputs = [load_image(tmp / "set" / rec.input_image) for rec in pset.records]
        jobs = [("styles", st.name, (lambda rec, img, k, st=st: draw_style(rec, img, st, k))) for st in STYLES]
        jobs += [("errors", name, (lambda rec, img, k, f=f: f(rec, img, STYLES[k % len(STYLES)], k)))
                 for name, f in ERRORS]
        for ji, (group, name, draw) in enumerate(jobs):
            counts = dict.fromkeys(KINDS, 0)
            bad = []
            for k, rec in enumerate(pset.records):
                image = draw(rec, inputs[k], k)
                path = tmp / f"{ji}_{k}.png"
                Image.fromarray(image).save(path)
                if save:
                    save.mkdir(parents=True, exist_ok=True)
                    Image.fromarray(image).save(save / f"{ji}_{k}.png")
                v = verify_answer(tmp / "set", rec, path)
                kind = outcome(v, group == "styles")
                counts[kind] += 1
                totals[group][kind] += 1
                if kind != "right":
                    bad.append((k, rec.variant, kind, v.status.value, round(v.score), v.codes[:3]))
            out(f"{group:6s} {name:48s} " + " ".join(f"{counts[x]}" for x in KINDS)
                + (f"   e.g. {bad[:3]}" if bad else ""))
    for group, c in totals.items():
        out(f"{group}: " + ", ".join(f"{k} {c[k]}" for k in KINDS))
    return totals


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1313
    save = Path(sys.argv[3]) if len(sys.argv) > 3 else None
    print("columns: right, false pass, confident false fail, review, unreadable")
    sweep(n, seed, save=save)
