"""HELDOUT17: a blind nonogram answer family (eighteenth session), kept in its own module so that whoever studies the
earlier families never sees it. Written without looking at the verifier, the registration or the cell and clue
readers, and measured blind first on the session-start code (docs/nonogram.md, "HELDOUT17 (eighteenth session)").

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved
nonogram: clue fonts from Debian packages no earlier nonogram family uses (fonts-karla, fonts-croscore,
fonts-yanone-kaffeesatz, fonts-goudybookletter, fonts-allerta, fonts-national-park, fonts-cherrybomb, fonts-arapey,
fonts-league-spartan), one style keeping the input's clues; fills no earlier family uses (herringbone, polka dots,
houndstooth, chevrons, concrete, stained glass, corduroy, a night sky, a stencil, sandpaper, gel-pen strokes, lit LED
tiles); empty-cell marks no earlier family uses (a ring of dots, a boxed x, a crosshair, an x with a drop shadow, a dim
dot on a dark panel); the planted errors drawn in new ways (frames cut from the fill, bevelled frames, a glowing ring,
tapered brush-pen Xs, Xs cut from the fill, shadowed Xs, glowing Xs); three styles that redraw the whole puzzle (wide
cells with banded clue strips, tall cells under a shaded clue header, a dark-theme app), and page changes no earlier
family uses (a stapled scan with punch holes, inkjet banding, newsprint, a webcam, tracing paper laid over part of
the page, letterpress, a SOLVED rubber stamp, a laptop screen photographed at an angle, a blueprint).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer17` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout17:HELDOUT17`` measures them like the earlier families.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from nonogram_answers import LOREM, Style, font_path, plant
from nonogram_heldout15 import _jpeg, _nrng, _paste_rgba, _redraw_clues15

WHITE = (255, 255, 255)
DARK_BG = (23, 25, 31)  # the dark-theme app's page
LED = (255, 170, 40)  # its lit tiles


@dataclass(frozen=True)
class Style17(Style):
    """A HELDOUT17 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``wide``, ``ledger``, ``dark_app``; empty keeps the input's
    frame). ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer17(input_image, layout, truth, self, error, seed)


HELDOUT17 = (
    Style17("v_karla_herringbone_stapled", "herringbone", (28, 38, 72), "dotted_ring", "Karla-Bold.otf",
            ("stapled_scan", "jpeg"), clue_scale=(0.95, 1.1), grid="ink", light_mark="light_tex",
            outline_mark="outline_tex_frame", cross_mark="heavy_x_brushpen"),
    Style17("v_arimo_polka_inkjet", "polka", (150, 28, 40), "boxed_x", "Arimo-Bold.ttf", ("inkjet_banding", "jpeg"),
            clue_scale=(0.9, 1.05), grid="grey_minor", light_mark="light_tex", outline_mark="outline_bevel",
            cross_mark="heavy_x_shadowed"),
    Style17("v_tinos_houndstooth_newsprint", "houndstooth", (18, 18, 20), "none", "Tinos-Bold.ttf", ("newsprint",),
            clue_scale=(1.0, 1.15), grid="ink", light_mark="light_graphite", outline_mark="outline_tex_frame",
            cross_mark="heavy_x_tex"),
    Style17("v_inputclues_chevron_webcam", "chevron", (22, 80, 48), "crosshair", None, ("webcam",), grid="kept",
            light_mark="light_tex", outline_mark="outline_bevel", cross_mark="heavy_x_brushpen"),
    Style17("v_yanone_concrete_tracing", "concrete", (82, 80, 76), "shadow_x", "YanoneKaffeesatz-Bold.otf",
            ("tracing_paper", "jpeg"), clue_scale=(1.1, 1.25), clue_gap=(0.6, 0.8), grid="grey_minor",
            light_mark="light_graphite", outline_mark="outline_tex_frame", cross_mark="heavy_x_tex"),
    Style17("v_goudy_stainedglass_letterpress", "stained_glass", (0, 0, 0), "none", "GoudyBookletter1911.otf",
            ("letterpress", "jpeg"), clue_scale=(1.05, 1.2), clue_colour=(30, 28, 34), grid="sepia",
            light_mark="light_tex", outline_mark="outline_bevel", cross_mark="heavy_x_shadowed"),
    Style17("v_allerta_corduroy_stamp", "corduroy", (92, 58, 34), "dotted_ring", "allerta_medium.otf",
            ("solved_stamp", "jpeg"), clue_scale=(0.95, 1.1), grid="sepia", light_mark="light_tex",
            outline_mark="outline_tex_frame", cross_mark="heavy_x_brushpen"),
    Style17("v_nationalpark_galaxy_laptop", "galaxy", (30, 14, 55), "crosshair", "NationalPark-Heavy.otf",
            ("laptop_photo",), clue_scale=(1.0, 1.15), clue_gap=(0.85, 1.05), grid="ink", light_mark="light_tex",
            outline_mark="outline_bevel", cross_mark="heavy_x_tex"),
    Style17("v_cherrybomb_stencil_blueprint", "stencil", (20, 20, 24), "boxed_x", "CherryBomb-Regular.otf",
            ("blueprint", "jpeg"), clue_scale=(0.95, 1.1), grid="grey_minor", light_mark="light_graphite",
            outline_mark="outline_tex_frame", cross_mark="heavy_x_shadowed"),
    Style17("v_arapey_sandpaper_redrawwide", "sandpaper", (48, 44, 40), "shadow_x", "Arapey-Regular.otf", ("jpeg",),
            clue_scale=(1.05, 1.2), clue_stroke=1, light_mark="light_tex", outline_mark="outline_bevel",
            cross_mark="heavy_x_brushpen", redraw="wide"),
    Style17("v_spartan_gelpen_redrawledger", "gel_strokes", (28, 48, 160), "none", "LeagueSpartan-Bold.otf",
            ("jpeg",), clue_scale=(0.9, 1.05), clue_colour=(25, 35, 70), light_mark="light_tex",
            outline_mark="outline_tex_frame", cross_mark="heavy_x_tex", redraw="ledger"),
    Style17("v_cousine_led_darkapp", "led", LED, "dim_dot", "Cousine-Bold.ttf", ("app_scale", "jpeg"),
            clue_scale=(0.9, 1.0), clue_colour=(214, 220, 232), light_mark="light_led", outline_mark="outline_led",
            cross_mark="heavy_x_led", redraw="dark_app"),
)

CHANGE_FONT = "Arimo-Regular.ttf"  # a changed clue on a page that keeps the input's clues: all clues redrawn
GLASS = ((128, 18, 32), (24, 44, 128), (18, 88, 48), (140, 84, 8), (72, 28, 100), (20, 90, 100))


# ------------------------------------------------------------------------------------------ helpers


def _box(L: dict[str, Any], r: int, c: int) -> tuple[float, float, float, float]:
    gx0, gy0 = L["grid_bbox"][:2]
    return gx0 + c * L["cw"], gy0 + r * L["ch"], gx0 + (c + 1) * L["cw"], gy0 + (r + 1) * L["ch"]


def _inner(box, inset: float) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = box
    s = inset * min(x1 - x0, y1 - y0)
    return int(round(x0 + s)), int(round(y0 + s)), int(round(x1 - s)), int(round(y1 - s))


def _grey(a: np.ndarray) -> np.ndarray:
    return a.astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32)


def _lift(colour, f: float) -> np.ndarray:
    c = np.asarray(colour, np.float32)
    return c + (255 - c) * f


def _blurred_noise(g: np.random.Generator, h: int, w: int, sigma: float) -> np.ndarray:
    n = cv2.GaussianBlur(g.standard_normal((h, w)).astype(np.float32), (0, 0), max(0.5, sigma))
    return n / (n.std() + 1e-6)


def _font(name: str, px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_path(name)), max(6, px))


# ------------------------------------------------------------------------------------------ fills


def _texture(kind: str, w: int, h: int, colour, g: np.random.Generator, rng: random.Random
             ) -> tuple[np.ndarray, np.ndarray | None]:
    """A filled cell's picture (h, w, 3 float) in ``kind`` and its coverage (None: the whole box)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    alpha = None
    if kind == "herringbone":  # zig-zag twill in two tones, columns of slanted stripes leaning alternately
        band = max(4.0, s / 5)
        k = (xx // band).astype(np.int32)
        off = xx % band
        sign = np.where(k % 2 == 0, 1.0, -1.0)
        p = max(4.0, band * 0.9)
        v = ((yy + sign * off) % p) < p / 2
        tex[~v] = _lift(col, 0.24)
        tex += g.normal(0, 4, (h, w, 1))
    elif kind == "polka":  # a colour square with staggered pale dots
        r = 0.075 * s
        for i in range(3):
            for j in range(3):
                cx = (j + 0.5 + (0.25 if i % 2 else -0.25) * 0.5) * w / 3
                cy = (i + 0.5) * h / 3
                m = (xx - cx) ** 2 + (yy - cy) ** 2 < r * r
                tex[m] = _lift(col, 0.72)
        tex += g.normal(0, 3, (h, w, 1))
    elif kind == "houndstooth":  # black and dark grey houndstooth
        u = max(1, round(s / 14))
        tx, ty = (xx // u).astype(np.int32) % 8, (yy // u).astype(np.int32) % 8
        tl = (tx < 4) & (ty < 4)
        br = (tx >= 4) & (ty >= 4)
        diag = ((tx - ty) % 4 < 2) & ~tl & ~br
        dark = tl | diag
        tex[~dark] = (104, 104, 110)
    elif kind == "chevron":  # zig-zag chevron stripes in two greens
        p = max(5.0, w / 3)
        tri = np.abs((xx % p) - p / 2)
        q = max(5.0, h / 3.5)
        v = ((yy + tri) % q) < q * 0.55
        tex[~v] = _lift(col, 0.3)
    elif kind == "concrete":  # speckled grey concrete with pits and aggregate
        n = _blurred_noise(g, h, w, s / 8)
        tex += (n * 12)[..., None] + g.normal(0, 7, (h, w, 1))
        pits = g.random((h, w)) < 0.02
        tex[pits] = (150, 148, 142)
        agg = cv2.GaussianBlur((g.random((h, w)) < 0.015).astype(np.float32), (0, 0), 1.0) > 0.12
        tex[agg] = (52, 50, 48)
    elif kind == "stained_glass":  # pieces of deep-coloured glass in black leading
        n = rng.randint(4, 7)
        pts = np.array([(rng.uniform(0, w), rng.uniform(0, h)) for _ in range(n)], np.float32)
        dist = (xx[..., None] - pts[:, 0]) ** 2 + (yy[..., None] - pts[:, 1]) ** 2
        lab = dist.argmin(axis=2)
        for i in range(n):
            tex[lab == i] = GLASS[rng.randrange(len(GLASS))]
        edge = np.zeros((h, w), bool)
        edge[:, 1:] |= lab[:, 1:] != lab[:, :-1]
        edge[1:, :] |= lab[1:, :] != lab[:-1, :]
        lw = max(2, round(s / 22))
        edge = cv2.dilate(edge.astype(np.uint8), np.ones((lw, lw), np.uint8)) > 0
        f = max(2, round(s / 18))
        edge[:f] = edge[-f:] = True
        edge[:, :f] = edge[:, -f:] = True
        tex *= (0.85 + 0.15 * _blurred_noise(g, h, w, s / 6)[..., None].clip(-2, 2))
        tex[edge] = (16, 16, 18)
    elif kind == "corduroy":  # vertical ribs of brown corduroy
        p = max(4.0, s / 6)
        v = 0.5 + 0.5 * np.cos(2 * math.pi * xx / p)
        tex = col * (0.72 + 0.5 * v)[..., None] + g.normal(0, 4, (h, w, 1))
    elif kind == "galaxy":  # a night sky: a dark violet nebula with stars
        t = ((xx / max(1, w)) + (yy / max(1, h))) / 2
        tex = col * (0.7 + 0.6 * t)[..., None] + (_blurred_noise(g, h, w, s / 5) * 10)[..., None] * \
            np.array([1.4, 0.5, 1.8], np.float32)
        stars = g.random((h, w)) < 0.012
        tex[stars] = g.uniform(170, 255, (int(stars.sum()), 1))
        for _ in range(rng.randint(1, 3)):
            cx, cy = rng.randrange(1, max(2, w - 1)), rng.randrange(1, max(2, h - 1))
            tex[cy - 1:cy + 2, cx] = 235
            tex[cy, cx - 1:cx + 2] = 235
    elif kind == "stencil":  # sprayed through a stencil: a square with two bridges left in paper, a soft overspray
        alpha = np.ones((h, w), np.float32)
        bw = max(2, round(0.05 * s))
        bx = round(w * rng.uniform(0.44, 0.56))
        alpha[:, bx - bw // 2:bx - bw // 2 + bw] = 0
        by = round(h * rng.uniform(0.44, 0.56))
        alpha[by - bw // 2:by - bw // 2 + bw, :bx] = 0
        grain = g.random((h, w)).astype(np.float32)
        alpha *= np.where(grain < 0.07, 0.55, 1.0)
        tex += g.normal(0, 5, (h, w, 1))
    elif kind == "sandpaper":  # dark grit with a few light grains
        tex += cv2.GaussianBlur(g.normal(0, 26, (h, w)).astype(np.float32), (0, 0), 0.7)[..., None]
        grains = g.random((h, w)) < 0.03
        tex[grains] = g.uniform(120, 175, (int(grains.sum()), 1))
    elif kind == "gel_strokes":  # filled in with a gel pen: tight horizontal strokes, the ends ragged
        layer = Image.new("L", (w, h), 0)
        ld = ImageDraw.Draw(layer)
        p = max(2.5, 0.085 * s)
        width = max(2, round(p * 1.1))
        y = p * 0.4
        while y < h - p * 0.3:
            xa, xb = rng.uniform(-0.03, 0.06) * w, w * (1 - rng.uniform(-0.03, 0.06))
            tilt = rng.uniform(-0.03, 0.03) * s
            ld.line([(xa, y - tilt), (xb, y + tilt)], fill=255, width=width)
            y += p
        alpha = np.asarray(layer, np.float32) / 255.0 * 0.93
        tex *= (0.92 + 0.08 * g.random((h, w, 1)))
    elif kind == "led":  # a lit tile of a dark-theme app: rounded, brighter in the middle
        layer = Image.new("L", (w, h), 0)
        ImageDraw.Draw(layer).rounded_rectangle([0, 0, w - 1, h - 1], radius=max(2, round(0.18 * s)), fill=255)
        alpha = np.asarray(layer, np.float32) / 255.0
        r = np.hypot((xx - w / 2) / max(1, w), (yy - h / 2) / max(1, h))
        tex = col * (1.08 - 0.5 * r)[..., None]
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255), alpha


def _paste(img: Image.Image, tex: np.ndarray, x: int, y: int, alpha: np.ndarray | None) -> None:
    if alpha is None:
        img.paste(Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8)), (x, y))
    else:
        _paste_rgba(img, np.clip(tex, 0, 255), alpha.astype(np.float32), x, y)


def _glow(img: Image.Image, mask: np.ndarray, x: int, y: int, colour, strength: float) -> None:
    """A soft halo of ``colour`` around ``mask`` placed at (x, y) (a lit tile on a dark screen)."""
    pad = max(3, mask.shape[0] // 4)
    m = cv2.copyMakeBorder(mask.astype(np.float32), pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    halo = cv2.GaussianBlur(m, (0, 0), pad / 2.2) * strength
    W, H = img.size
    x0, y0 = x - pad, y - pad
    cx0, cy0 = max(0, -x0), max(0, -y0)
    cx1, cy1 = min(m.shape[1], W - x0), min(m.shape[0], H - y0)
    halo = halo[cy0:cy1, cx0:cx1]
    patch = np.empty(halo.shape + (3,), np.float32)
    patch[:] = colour
    base = np.asarray(img.crop((x0 + cx0, y0 + cy0, x0 + cx1, y0 + cy1)), np.float32)
    out = base + (patch - base) * np.clip(halo, 0, 1)[..., None] * 0.5
    img.paste(Image.fromarray(np.clip(out, 0, 255).astype(np.uint8)), (x0 + cx0, y0 + cy0))


def _draw_fill17(img: Image.Image, box, style: Style17, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale version a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07 if style.fill != "led" else 0.11)
    w, h = bx - ax, by - ay
    tex, alpha = _texture(style.fill, w, h, style.fill_colour, g, rng)
    if light == "light_tex":  # the same fill, much paler
        tex = 255 - (255 - tex) * rng.uniform(0.25, 0.31)
    elif light == "light_graphite":  # soft pencil shading laid with the side of the lead
        grain = cv2.GaussianBlur(g.random((h, w)).astype(np.float32), (0, 0), 0.6)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        strokes = 0.5 + 0.5 * np.sin((yy + xx) * 1.3)
        v = 200 - 14 * grain - 6 * strokes
        tex = np.repeat(v[..., None], 3, axis=2) * np.array([0.99, 0.99, 1.01], np.float32)
        alpha = None
    elif light == "light_led":  # a tile lit at a third of its brightness
        bg = np.asarray(DARK_BG, np.float32)
        tex = bg + (tex - bg) * rng.uniform(0.3, 0.36)
    if style.fill == "led" and light is None:
        _glow(img, alpha if alpha is not None else np.ones((h, w)), ax, ay, LED, 0.9)
    _paste(img, tex, ax, ay, alpha)


def _draw_outline17(img: Image.Image, box, style: Style17, rng: random.Random) -> None:
    """The planted extra_outline cell: a heavy frame with an empty middle."""
    g = _nrng(rng)
    kind = style.outline_mark
    ax, ay, bx, by = _inner(box, 0.07 if kind != "outline_led" else 0.11)
    w, h = bx - ax, by - ay
    f = rng.uniform(0.23, 0.26) * min(w, h)
    frame = np.ones((h, w), np.float32)
    frame[round(f):h - round(f), round(f):w - round(f)] = 0
    if kind == "outline_tex_frame":  # the fill's own texture, only a frame of it
        tex, alpha = _texture(style.fill, w, h, style.fill_colour, g, rng)
        _paste(img, tex, ax, ay, frame if alpha is None else frame * alpha)
    elif kind == "outline_bevel":  # a raised button frame: the fill colour, lit top-left, shaded bottom-right
        col = np.asarray(style.fill_colour if sum(style.fill_colour) > 0 else (30, 30, 34), np.float32)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        lit = (xx + yy) < (w + h) / 2
        tex[lit & (frame > 0)] = _lift(col, 0.18)
        inner = (xx > f - 2) & (xx < w - f + 2) & (yy > f - 2) & (yy < h - f + 2) & (frame > 0)
        tex[inner] = col * 0.6
        _paste(img, tex, ax, ay, frame)
    elif kind == "outline_led":  # a lit ring of the dark-theme app
        layer = Image.new("L", (w, h), 0)
        rad = max(2, round(0.18 * min(w, h)))
        ld = ImageDraw.Draw(layer)
        ld.rounded_rectangle([0, 0, w - 1, h - 1], radius=rad, fill=255)
        ld.rounded_rectangle([f, f, w - 1 - f, h - 1 - f], radius=max(1, rad // 2), fill=0)
        m = np.asarray(layer, np.float32) / 255.0
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = LED
        _glow(img, m, ax, ay, LED, 0.9)
        _paste(img, tex, ax, ay, m)
    else:
        raise ValueError(kind)


def _x_mask(w: int, h: int, width: float, inset: float, taper: bool) -> np.ndarray:
    layer = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(layer)
    a = inset * min(w, h)
    for (px, py), (qx, qy) in (((a, a), (w - a, h - a)), ((w - a, a), (a, h - a))):
        if not taper:
            d.line([(px, py), (qx, qy)], fill=255, width=max(2, round(width)))
            r = width / 2
            for cx, cy in ((px, py), (qx, qy)):
                d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=255)
            continue
        n = 24
        dx, dy = qx - px, qy - py
        ln = math.hypot(dx, dy) or 1
        nx, ny = -dy / ln, dx / ln
        left, right = [], []
        for i in range(n + 1):
            t = i / n
            half = width / 2 * (0.25 + 0.75 * math.sin(math.pi * min(1.0, 0.15 + 0.85 * t)))
            cx, cy = px + dx * t, py + dy * t
            left.append((cx + nx * half, cy + ny * half))
            right.append((cx - nx * half, cy - ny * half))
        d.polygon(left + right[::-1], fill=255)
    return np.asarray(layer, np.float32) / 255.0


def _draw_cross17(img: Image.Image, box, style: Style17, rng: random.Random) -> None:
    """A planted x_instead cell: a heavy X where a fill belongs."""
    g = _nrng(rng)
    kind = style.cross_mark
    ax, ay, bx, by = _inner(box, 0.05)
    w, h = bx - ax, by - ay
    s = min(w, h)
    if kind == "heavy_x_brushpen":  # a brush pen: strokes swelling in the middle, thin at the ends
        m = _x_mask(w, h, s * rng.uniform(0.2, 0.24), 0.12, True)
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = (24, 24, 28)
        _paste(img, tex, ax, ay, m)
    elif kind == "heavy_x_tex":  # an X cut from the fill's texture
        tex, alpha = _texture(style.fill, w, h, style.fill_colour, g, rng)
        m = _x_mask(w, h, s / rng.uniform(5.0, 5.8), 0.12, False)
        _paste(img, tex, ax, ay, m if alpha is None else m * np.maximum(alpha, 0.85))
    elif kind == "heavy_x_shadowed":  # a bold X with a soft drop shadow, as an app draws it
        m = _x_mask(w, h, s / rng.uniform(5.2, 6.0), 0.14, False)
        o = max(2, round(s / 18))
        sh = np.zeros_like(m)
        sh[o:, o:] = m[:-o, :-o]
        sh = cv2.GaussianBlur(sh, (0, 0), max(1.0, s / 30)) * 0.45
        shadow = np.full((h, w, 3), 60, np.float32)
        _paste(img, shadow, ax, ay, sh)
        col = np.asarray(style.fill_colour if sum(style.fill_colour) > 0 else (22, 22, 26), np.float32)
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        _paste(img, tex, ax, ay, m)
    elif kind == "heavy_x_led":  # a glowing X on the dark-theme app
        m = _x_mask(w, h, s / 5.5, 0.16, False)
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = LED
        _glow(img, m, ax, ay, LED, 0.8)
        _paste(img, tex, ax, ay, m)
    else:
        raise ValueError(kind)


def _draw_empty17(img: Image.Image, d: ImageDraw.ImageDraw, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    s = min(w, h)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.03, 0.03) * s, (y0 + y1) / 2 + rng.uniform(-0.03, 0.03) * s
    if kind == "none":
        return
    if kind == "dotted_ring":  # a small ring drawn as a chain of dots
        rr, dot = 0.2 * s, max(1.0, 0.032 * s)
        n = 10
        ph = rng.uniform(0, 2 * math.pi)
        for i in range(n):
            t = ph + 2 * math.pi * i / n
            px, py = cx + rr * math.cos(t), cy + rr * math.sin(t)
            d.ellipse([px - dot, py - dot, px + dot, py + dot], fill=(92, 92, 98))
    elif kind == "boxed_x":  # a checkbox with an x in it
        half = 0.18 * s
        lw = max(1, round(s / 32))
        ink = (70, 70, 76)
        d.rectangle([cx - half, cy - half, cx + half, cy + half], outline=ink, width=lw)
        k = half * 0.62
        d.line([(cx - k, cy - k), (cx + k, cy + k)], fill=ink, width=lw)
        d.line([(cx + k, cy - k), (cx - k, cy + k)], fill=ink, width=lw)
    elif kind == "crosshair":  # a thin plus reaching most of the way to the cell's sides
        k = rng.uniform(0.3, 0.34) * s
        ink = (150, 150, 156)
        d.line([(cx - k, cy), (cx + k, cy)], fill=ink, width=1)
        d.line([(cx, cy - k), (cx, cy + k)], fill=ink, width=1)
    elif kind == "shadow_x":  # a mid-grey x with a paler drop shadow
        k = 0.17 * s
        lw = max(1, round(s / 16))
        o = max(1, round(s / 28))
        for dx, ink in ((o, (205, 205, 208)), (0, (128, 128, 134))):
            d.line([(cx - k + dx, cy - k + dx), (cx + k + dx, cy + k + dx)], fill=ink, width=lw)
            d.line([(cx + k + dx, cy - k + dx), (cx - k + dx, cy + k + dx)], fill=ink, width=lw)
    elif kind == "dim_dot":  # a dim dot on the dark-theme app's empty tile
        r = 0.06 * s
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(74, 80, 94))
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids and redraws


def _draw_grid17(img: Image.Image, L: dict[str, Any], rng: random.Random, kind: str, inp: np.ndarray | None) -> None:
    gx0, gy0, gx1, gy1 = [int(round(v)) for v in L["grid_bbox"]]
    rows, cols, cw, ch = L["rows"], L["cols"], L["cw"], L["ch"]
    s = min(cw, ch)
    if kind == "kept":  # the input's own lines put back over the cells
        pad = int(s // 6)
        a = np.asarray(img).copy()
        sub = inp[gy0 - pad:gy1 + pad, gx0 - pad:gx1 + pad]
        dark = sub.min(axis=2) < 200
        region = a[gy0 - pad:gy1 + pad, gx0 - pad:gx1 + pad]
        region[dark] = sub[dark]
        img.paste(Image.fromarray(a))
        return
    styles = {  # minor ink, major ink, minor width, major width (as a fraction of a cell), outer width factor
        "ink": ((96, 96, 102), (14, 14, 16), 1 / 30, 1 / 11, 1.0),
        "grey_minor": ((178, 178, 182), (28, 28, 30), 1 / 40, 1 / 12, 1.0),
        "sepia": ((150, 122, 96), (70, 46, 30), 1 / 26, 1 / 12, 1.2),
        "wide": ((150, 150, 156), (22, 22, 24), 1 / 36, 1 / 12, 1.3),
        "ledger": ((186, 192, 204), (40, 56, 92), 1 / 40, 1 / 13, 1.8),
        "dark_app": ((62, 67, 80), (138, 146, 164), 1 / 30, 1 / 14, 1.0),
    }
    minor, major, fm, fM, fo = styles[kind]
    d = ImageDraw.Draw(img)
    thin = max(1, round(s * fm * rng.uniform(0.9, 1.1)))
    thick = max(2, round(s * fM * rng.uniform(0.9, 1.1)))
    outer = max(thick, round(thick * fo))
    for k in range(cols + 1):
        x = gx0 + k * cw
        edge = k in (0, cols)
        big = k % 5 == 0 or edge
        d.line([(x, gy0 - (outer // 2 if big else 0)), (x, gy1 + (outer // 2 if big else 0))],
               fill=major if big else minor, width=outer if edge else thick if big else thin)
    for k in range(rows + 1):
        y = gy0 + k * ch
        edge = k in (0, rows)
        big = k % 5 == 0 or edge
        d.line([(gx0 - (outer // 2 if big else 0), y), (gx1 + (outer // 2 if big else 0), y)],
               fill=major if big else minor, width=outer if edge else thick if big else thin)


def _erase_grid17(img: Image.Image, layout: dict[str, Any]) -> None:
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    pad = max(4, layout["cell_px"] // 9) // 2 + 2
    ImageDraw.Draw(img).rectangle([gx0 - pad, gy0 - pad, gx1 + pad, gy1 + pad], fill=WHITE)


def _clue_values(kind: str, i: int, clue, change) -> list[str]:
    v = [str(x) for x in clue] or ["0"]
    if change and change[0] == kind and change[1] == i:
        v[-1] = str(change[2])
    return v


def _redraw_whole(layout: dict[str, Any], truth: dict[str, Any], style: Style17, change, rng: random.Random
                  ) -> tuple[Image.Image, dict[str, Any]]:
    """The whole puzzle drawn anew as a model lays it out (``style.redraw``): its own canvas, cell proportions, clue
    layout and margins. Returns the page (no cells marked, no grid yet) and its geometry."""
    kind = style.redraw
    rows, cols = layout["rows"], layout["cols"]
    base = layout["cell_px"] * rng.uniform(0.88, 1.02)
    if kind == "wide":
        cw, ch = base * rng.uniform(1.22, 1.32), base
    elif kind == "ledger":
        cw, ch = base * rng.uniform(0.92, 0.98), base * rng.uniform(1.13, 1.2)
    else:
        cw = ch = base * rng.uniform(0.95, 1.05)
    px = round(layout["clue_font_px"] * rng.uniform(*style.clue_scale))
    font = _font(style.clue_font, px)
    gap = px * rng.uniform(*style.clue_gap)
    slot = px * rng.uniform(1.15, 1.3)
    probe = ImageDraw.Draw(Image.new("L", (4, 4)))
    row_vals = [_clue_values("row", r, c, change) for r, c in enumerate(truth["row_clues"])]
    col_vals = [_clue_values("col", c, v, change) for c, v in enumerate(truth["col_clues"])]
    row_w = max(sum(probe.textlength(t, font=font) for t in v) + gap * (len(v) - 1) for v in row_vals)
    col_h = max(len(v) for v in col_vals) * slot
    pad = 0.35 * min(cw, ch)
    m = round(base * rng.uniform(0.5, 0.7))
    top = m
    if kind == "ledger":
        top = m + round(px * 1.8)
    elif kind == "dark_app":
        top = m + round(base * 1.1)
    gx0 = m + row_w + pad + (px * 0.6 if kind == "wide" else 0)
    gy0 = top + col_h + pad
    W = round(gx0 + cols * cw + m)
    H = round(gy0 + rows * ch + m)
    bg = DARK_BG if kind == "dark_app" else (255, 255, 255) if kind == "wide" else (252, 252, 250)
    img = Image.new("RGB", (W, H), bg)
    d = ImageDraw.Draw(img)
    gx1, gy1 = gx0 + cols * cw, gy0 + rows * ch
    if kind == "wide":  # banded clue strips: every other row's and column's clues on a pale band
        x_left = m * 0.5
        for r in range(rows):
            if r % 2 == 0:
                d.rectangle([x_left, gy0 + r * ch, gx0 - 2, gy0 + (r + 1) * ch], fill=(238, 240, 244))
        for c in range(cols):
            if c % 2 == 0:
                d.rectangle([gx0 + c * cw, top * 0.5, gx0 + (c + 1) * cw, gy0 - 2], fill=(238, 240, 244))
    elif kind == "ledger":  # a shaded header holding the column clues and a title, ruled off from the grid
        d.rectangle([0, 0, W, gy0 - pad * 0.5], fill=(232, 240, 250))
        d.line([(0, gy0 - pad * 0.5), (W, gy0 - pad * 0.5)], fill=(60, 80, 120), width=2)
        tf = _font("DejaVuSans-Bold.ttf", round(px * 0.85))
        d.text((m, m * 0.6), "Nonogram \u2014 solution", font=tf, fill=(40, 56, 92))
    elif kind == "dark_app":  # an app bar with a title and a solved badge, the puzzle on a rounded panel
        bar = round(base * 0.95)
        d.rectangle([0, 0, W, bar], fill=(33, 36, 44))
        tf = _font("DejaVuSans-Bold.ttf", round(bar * 0.38))
        d.text((m * 0.6, bar / 2), "Nonogram", font=tf, fill=(226, 230, 238), anchor="lm")
        bf = _font("DejaVuSans-Bold.ttf", round(bar * 0.3))
        bw = d.textlength("Solved", font=bf) + bar * 0.5
        d.rounded_rectangle([W - m * 0.6 - bw, bar * 0.25, W - m * 0.6, bar * 0.75], radius=round(bar * 0.25),
                            fill=(38, 150, 90))
        d.text((W - m * 0.6 - bw / 2, bar / 2), "Solved", font=bf, fill=(240, 250, 244), anchor="mm")
        d.rounded_rectangle([m * 0.4, bar + m * 0.3, W - m * 0.4, H - m * 0.4], radius=round(base * 0.3),
                            fill=(30, 33, 40))
    pen = dict(fill=style.clue_colour, stroke_width=style.clue_stroke, stroke_fill=style.clue_colour)
    for r, vals in enumerate(row_vals):
        x = gx0 - pad
        cy = gy0 + (r + 0.5) * ch
        for t in reversed(vals):
            wt = d.textlength(t, font=font)
            d.text((x - wt / 2, cy), t, font=font, anchor="mm", **pen)
            x -= wt + gap
    for c, vals in enumerate(col_vals):
        cx = gx0 + (c + 0.5) * cw
        for k, t in enumerate(vals):
            cy = gy0 - pad - (len(vals) - k - 0.5) * slot
            d.text((cx, cy), t, font=font, anchor="mm", **pen)
    L = {"grid_bbox": [gx0, gy0, gx1, gy1], "rows": rows, "cols": cols, "cw": cw, "ch": ch,
         "cell_px": min(cw, ch)}
    return img, L


# ------------------------------------------------------------------------------------------ pages


def _page17(a: np.ndarray, e: str, rng: random.Random) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    if e == "jpeg":
        return _jpeg(a, rng.randint(74, 90))
    if e == "app_scale":  # the screenshot saved at another size
        f = rng.uniform(0.78, 0.9)
        return cv2.resize(a, (round(w * f), round(h * f)), interpolation=cv2.INTER_AREA)
    if e == "stapled_scan":  # a flatbed scan: punch holes in a wider left margin, a staple, the lid's edge, a skew
        ml = round(w * rng.uniform(0.11, 0.14))
        mt = round(h * 0.04)
        page = np.full((h + 2 * mt, w + ml + mt, 3), 248, np.float32)
        page[mt:mt + h, ml:ml + w] = a
        page *= np.array([1.0, 0.995, 0.985], np.float32)
        img = Image.fromarray(np.clip(page, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        H, W = page.shape[:2]
        r = ml * 0.18
        for fy in (0.28, 0.72):
            cx, cy = ml * 0.45, H * fy
            d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(52, 52, 56))
            d.arc([cx - r, cy - r, cx + r, cy + r], 200, 340, fill=(150, 150, 150), width=2)
        sx, sy = ml * 0.35, mt * 0.9
        L = ml * 0.55
        d.line([(sx, sy + L * 0.35), (sx + L, sy)], fill=(120, 122, 128), width=3)
        d.line([(sx + 1, sy + L * 0.35 + 2), (sx + L + 1, sy + 2)], fill=(200, 202, 206), width=1)
        out = np.asarray(img, np.float32)
        ang = rng.uniform(0.5, 1.1) * rng.choice((-1, 1))
        M = cv2.getRotationMatrix2D((W / 2, H / 2), ang, 1.0)
        out = cv2.warpAffine(out, M, (W, H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                             borderValue=(236, 236, 238))
        lid = round(W * 0.025)  # the scanner lid's dark seam and grey lid beyond the paper
        full = np.full((H + lid, W + lid, 3), 228, np.float32)
        full[:H, :W] = out
        full[H:H + 2, :W + 2] = 90
        full[:H + 2, W:W + 2] = 90
        full += g.normal(0, 2.2, full.shape)
        return np.clip(full, 0, 255).astype(np.uint8)
    if e == "inkjet_banding":  # an inkjet print low on ink: lighter horizontal bands with a colour cast, paper grain
        period = rng.uniform(22, 38)
        yy = np.arange(h, dtype=np.float32)[:, None]
        band = (np.sin(2 * math.pi * yy / period + rng.uniform(0, 6)) > 0.55).astype(np.float32)
        band = cv2.GaussianBlur(band, (0, 0), 1.2)
        lift = 0.22 * band[..., None] * np.array([0.6, 1.0, 0.8], np.float32)
        out = a.astype(np.float32)
        out = out + (255 - out) * lift
        out += g.normal(0, 2.5, (h, w, 1))
        out *= np.array([0.995, 0.99, 0.975], np.float32)
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "newsprint":  # the puzzles page of a newspaper: greys as a halftone screen, grey paper, text beside it
        grey = _grey(a)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        p = 4.0
        u, v = (xx + yy) / math.sqrt(2), (xx - yy) / math.sqrt(2)
        cell = (np.cos(2 * math.pi * u / p) + np.cos(2 * math.pi * v / p)) / 4 + 0.5  # 0..1 dot profile
        ink = (grey < 255 * cell * 0.98 + 2).astype(np.float32)
        ink = np.where(grey < 70, 1.0, np.where(grey > 246, 0.0, ink))
        ink = cv2.GaussianBlur(ink, (0, 0), 0.6)
        paper = np.array((228, 223, 204), np.float32) + g.normal(0, 3, (h, w, 1))
        out = paper * (1 - ink[..., None] * 0.88)
        col_w = round(w * rng.uniform(0.32, 0.38))
        head = round(h * 0.09)
        page = np.empty((h + head, w + col_w, 3), np.float32)
        page[:] = (228, 223, 204)
        page[head:, :w] = out
        img = Image.fromarray(np.clip(page, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        hf = _font("Tinos-Bold.ttf", round(head * 0.5))
        d.text((12, head * 0.5), "PUZZLES \u2022 Yesterday's solution", font=hf, fill=(30, 30, 32), anchor="lm")
        d.line([(8, head - 4), (w + col_w - 8, head - 4)], fill=(30, 30, 32), width=2)
        tf = _font("Tinos-Regular.ttf", max(9, round(h / 60)))
        x0 = w + 14
        y = head + 10
        k = rng.randrange(len(LOREM))
        words = LOREM
        while y < h + head - 14:
            line, k0 = "", k
            while d.textlength(line + words[k % len(words)] + " ", font=tf) < col_w - 24:
                line += words[k % len(words)] + " "
                k += 1
            if k == k0:
                break
            d.text((x0, y), line, font=tf, fill=(40, 40, 42))
            y += round(tf.size * 1.35)
        d.line([(w + 5, head + 6), (w + 5, h + head - 6)], fill=(90, 90, 90), width=1)
        return np.asarray(img)
    if e == "webcam":  # held up to a laptop webcam: soft, noisy, a blue cast, lifted blacks, a little motion
        f = rng.uniform(0.6, 0.68)
        sm = cv2.resize(a, (round(w * f), round(h * f)), interpolation=cv2.INTER_AREA).astype(np.float32)
        k = np.zeros((3, 3), np.float32)
        k[1, :] = 1 / 3
        sm = cv2.filter2D(sm, -1, k)
        sm = 38 + sm * (205 / 255)
        sm *= np.array([0.9, 0.97, 1.06], np.float32)
        sm += g.normal(0, 4.5, sm.shape) + g.normal(0, 3, sm.shape[:2] + (1,))
        up = cv2.resize(np.clip(sm, 0, 255).astype(np.uint8), (w, h), interpolation=cv2.INTER_LINEAR)
        return _jpeg(up, rng.randint(60, 72))
    if e == "tracing_paper":  # a sheet of tracing paper lying over the lower right part of the page
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        ang = rng.uniform(0.5, 0.75)
        c0 = rng.uniform(0.75, 0.9) * (w + h) / 2
        side = xx * math.cos(ang) + yy * math.sin(ang) - c0 * (math.cos(ang) + math.sin(ang)) * 0.75
        cover = (side > 0).astype(np.float32)
        cover = cv2.GaussianBlur(cover, (0, 0), 0.8)
        out = a.astype(np.float32)
        veil = np.array((238, 238, 234), np.float32) + (_blurred_noise(g, h, w, 6) * 3)[..., None]
        t = rng.uniform(0.32, 0.38)
        out = out * (1 - cover[..., None] * t) + veil * cover[..., None] * t
        edge = np.abs(side) < 1.5
        out[edge] *= 0.82
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "letterpress":  # printed letterpress on cream cotton paper: ink squeeze, a bite into the paper, uneven ink
        grey = _grey(a)
        dens = np.clip(1 - grey / 255.0, 0, 1)
        paper = np.array((246, 240, 226), np.float32) + (_blurred_noise(g, h, w, 2.0) * 2.5)[..., None]
        mottle = 0.86 + 0.14 * np.clip(_blurred_noise(g, h, w, 5.0), -1.5, 1.5)[..., None] / 1.5
        out = paper * (1 - (1 - a.astype(np.float32) / 255.0) * mottle)  # each ink laid over the paper
        bite = cv2.GaussianBlur(dens, (0, 0), 1.4)
        shift = np.zeros_like(bite)
        shift[2:, 2:] = bite[:-2, :-2]
        out -= (np.clip(shift - dens, 0, 1) * 22)[..., None]
        out += (np.clip(bite - shift, 0, 1) * 10)[..., None] * (1 - dens[..., None])
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "solved_stamp":  # a red SOLVED rubber stamp in the empty top-left corner, a bottom note in the margin
        mb = round(h * 0.07)
        page = Image.new("RGB", (w, h + mb), WHITE)
        page.paste(Image.fromarray(a), (0, 0))
        d = ImageDraw.Draw(page)
        nf = _font("DejaVuSans.ttf", max(10, round(mb * 0.36)))
        d.text((w - 12, h + mb / 2), f"solved in {rng.randint(2, 9)}:{rng.randint(10, 59)}", font=nf,
               fill=(110, 110, 116), anchor="rm")
        return np.asarray(page)
    if e == "laptop_photo":  # the page on a laptop screen photographed from a little below: keystone, glare, bezel
        f = rng.uniform(0.85, 0.95)
        scr = cv2.resize(a, (round(w * f), round(h * f)), interpolation=cv2.INTER_AREA).astype(np.float32)
        scr = scr * np.array([0.93, 0.96, 1.0], np.float32) + np.array([4, 6, 12], np.float32)
        sh, sw = scr.shape[:2]
        bez = round(0.06 * sw)
        scr_full = np.full((sh + 2 * bez, sw + 2 * bez, 3), 22, np.float32)
        scr_full[bez:bez + sh, bez:bez + sw] = scr
        H0, W0 = scr_full.shape[:2]
        kb = round(H0 * 0.25)
        canvas = np.full((H0 + kb + 60, W0 + 120, 3), 0, np.float32)
        canvas[:] = (96, 86, 74)
        canvas += g.normal(0, 3, canvas.shape)
        ox, oy = 60, 20
        canvas[oy:oy + H0, ox:ox + W0] = scr_full
        kbx = canvas[oy + H0:oy + H0 + kb, ox - 20:ox + W0 + 20]
        kbx[:] = (62, 63, 67)
        for ky in range(4):
            for kx in range(12):
                y0 = round(8 + ky * (kb - 12) / 4)
                x0 = round(10 + kx * (W0 + 20) / 12)
                kbx[y0:y0 + round((kb - 12) / 4) - 6, x0:x0 + round((W0 + 20) / 12) - 6] = (48, 49, 53)
        Hc, Wc = canvas.shape[:2]
        k = rng.uniform(0.05, 0.08) * W0
        src = np.float32([[ox, oy], [ox + W0, oy], [ox + W0, oy + H0], [ox, oy + H0]])
        dst = np.float32([[ox + k, oy + k * 0.3], [ox + W0 - k, oy + k * 0.3], [ox + W0 + k * 0.2, oy + H0],
                          [ox - k * 0.2, oy + H0]])
        M = cv2.getPerspectiveTransform(src, dst)
        out = cv2.warpPerspective(canvas, M, (Wc, Hc), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        yy, xx = np.mgrid[0:Hc, 0:Wc].astype(np.float32)
        glare = np.exp(-(((xx - Wc * rng.uniform(0.6, 0.8)) * 0.8 + (yy - Hc * 0.2)) / (0.12 * Wc)) ** 2)
        out += (glare * 26)[..., None]
        out = cv2.GaussianBlur(out, (0, 0), 0.7) + g.normal(0, 2.5, out.shape)
        return _jpeg(np.clip(out, 0, 255).astype(np.uint8), rng.randint(78, 88))
    if e == "blueprint":  # printed as a blueprint: white lines on a mottled blue sheet with a pale border
        dens = np.clip(1 - _grey(a) / 255.0, 0, 1)
        blue = np.array((24, 66, 138), np.float32) + (_blurred_noise(g, h, w, min(h, w) / 10) * 6)[..., None] \
            + g.normal(0, 3, (h, w, 1))
        ink = np.array((236, 242, 250), np.float32)
        out = blue + (ink - blue) * dens[..., None]
        b = round(0.035 * max(h, w))
        out = cv2.copyMakeBorder(out, b, b, b, b, cv2.BORDER_CONSTANT, value=(30, 74, 148))
        cv2.rectangle(out, (b // 2, b // 2), (w + b + b // 2, h + b + b // 2), (210, 222, 240), 2)
        return np.clip(out, 0, 255).astype(np.uint8)
    raise ValueError(e)


def _stamp(img: Image.Image, layout: dict[str, Any], rng: random.Random) -> None:
    """A red SOLVED rubber stamp in the blank corner between the two clue strips (before the page changes)."""
    gx0, gy0 = layout["grid_bbox"][:2]
    cw, chh = gx0 - 18, gy0 - 18
    if cw < 40 or chh < 30:
        return
    g = _nrng(rng)
    sw, sh = round(cw * 0.9), round(min(chh * 0.45, cw * 0.4))
    layer = Image.new("L", (sw * 2, sh * 2), 0)
    d = ImageDraw.Draw(layer)
    d.rounded_rectangle([sw * 0.5, sh * 0.5, sw * 1.5, sh * 1.5], radius=round(sh * 0.15), outline=255,
                        width=max(2, round(sh * 0.08)))
    f = _font("DejaVuSans-Bold.ttf", round(sh * 0.5))
    d.text((sw, sh), "SOLVED", font=f, fill=255, anchor="mm")
    layer = layer.rotate(rng.uniform(8, 16), resample=Image.BICUBIC)
    m = np.asarray(layer, np.float32) / 255.0
    m *= np.where(g.random(m.shape) < 0.18, 0.3, 0.85)
    ys, xs = np.nonzero(m > 0.05)
    m = m[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    x, y = 10 + round((cw - m.shape[1]) / 2), 10 + round((chh - m.shape[0]) / 2)
    if x < 0 or y < 0:
        return
    patch = np.empty(m.shape + (3,), np.float32)
    patch[:] = (196, 32, 44)
    _paste_rgba(img, patch, m, x, y)


# ------------------------------------------------------------------------------------------ answers


def draw_page17(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style17,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, cell width ``cw`` and height ``ch``)."""
    rng = random.Random(f"h17:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = None
    if plan["clue"]:
        kind = rng.choice(("row", "col"))
        clues = truth["row_clues"] if kind == "row" else truth["col_clues"]
        line = rng.choice([i for i, c in enumerate(clues) if c] or [0])
        old = clues[line][-1] if clues[line] else 0
        change = (kind, line, rng.choice([v for v in range(1, 10) if v != old]))
    if style.redraw:
        img, L = _redraw_whole(layout, truth, style, change, rng)
        grid = style.redraw
    else:
        img = input_image.convert("RGB").copy()
        if style.clue_font or change:
            _redraw_clues15(img, layout, truth["row_clues"], truth["col_clues"], style.clue_font or CHANGE_FONT, rng,
                            change, style)
        if style.grid != "kept":
            _erase_grid17(img, layout)
        gx0, gy0, gx1, gy1 = layout["grid_bbox"]
        L = {"grid_bbox": list(layout["grid_bbox"]), "rows": rows, "cols": cols, "cw": (gx1 - gx0) / cols,
             "ch": (gy1 - gy0) / rows, "cell_px": layout["cell_px"]}
        grid = style.grid
    d = ImageDraw.Draw(img)
    for r in range(rows):
        for c in range(cols):
            box = _box(L, r, c)
            if (r, c) in plan["fill"]:
                _draw_fill17(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill17(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline17(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross17(img, box, style, rng)
            else:
                _draw_empty17(img, d, box, style.empty, rng)
    _draw_grid17(img, L, rng, grid, inp)
    if "solved_stamp" in style.effects:
        _stamp(img, L, rng)
    return np.asarray(img), rng, L


def make_answer17(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style17,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, _ = draw_page17(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page17(np.ascontiguousarray(out), e, rng)
    return np.ascontiguousarray(out)
