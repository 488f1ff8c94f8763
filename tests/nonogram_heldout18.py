"""HELDOUT18: a blind nonogram answer family (nineteenth session), kept in its own module so that whoever studies the
earlier families never sees it. Written without looking at the verifier, the registration or the cell and clue
readers, and measured blind first on the session-start code (docs/nonogram.md, "HELDOUT18 (nineteenth session)").

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved
nonogram: clue fonts from Debian packages no earlier nonogram family or test uses (fonts-cmu, fonts-averia-sans-gwf,
fonts-prociono, fonts-elstob, fonts-okolaks, fonts-woowa-bm, fonts-sixtyfour, fonts-adf-irianis, fonts-adf-ikarius,
fonts-morisawa-bizud-gothic, fonts-lemonada), one style keeping the input's clues; fills no earlier family uses
(glazed zellige tiles, pebbled leather with a stitched edge, cork, an ordered Bayer dither, guilloche engraving, seed
beads, pinstripe cloth, dot-matrix print, harlequin diamonds, blended graphite, enamel pins with a gold rim, CMYK
rich black in rosettes); empty-cell marks no earlier family uses (a small hollow triangle, an equals sign, a small
hash, a colon); the planted errors drawn in new ways (an erased pencil smudge, a thin tint of the fill, a sparse
speckle of the fill; dashed, beaded and scribbled frames; pixel-art, ribbon, beaded and pressed-pencil Xs); three
styles that redraw the whole puzzle (tiles with gutters and no lines, tall cells whose grid is only plus marks at the
corners, wide cells on a hairline blue grid); and page changes no earlier family uses (a ring binder, a photo on a
wooden desk beside a pencil, an old sepia print with a deckle edge, a PREVIEW watermark, a letterhead, a fridge door
with a magnet, a duotone, a 16-colour GIF, a bullet-journal spread, a picture frame with a mat, printer ghosting).

Doubts noted rather than made unfair: the watermark and the ghosting leave faint ink in some empty cells (a person
reads through both at once); the graphite style is low contrast on purpose (mid-grey fills, grey clues), still read
at a glance; the 16-colour GIF dithers the fills' textures; the C-64 font's striped "1" looks a little like an "i" and
Irianis and Prociono draw old-style figures (a "1" like a small capital I), all read as digits in a clue strip at once.

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer18` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout18:HELDOUT18`` measures them like the earlier families.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from PIL import Image, ImageDraw

from nonogram_answers import Style, plant
from nonogram_heldout15 import _jpeg, _nrng, _paste_rgba, _redraw_clues15
from nonogram_heldout17 import _blurred_noise, _box, _clue_values, _erase_grid17, _font, _grey, _inner, _lift, _paste

WHITE = (255, 255, 255)
GOLD = (196, 154, 58)


@dataclass(frozen=True)
class Style18(Style):
    """A HELDOUT18 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``gutter``, ``plus_grid``, ``landscape``; empty keeps the
    input's frame). ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer18(input_image, layout, truth, self, error, seed)


HELDOUT18 = (
    Style18("w_cmu_zellige_binder", "zellige", (14, 72, 88), "triangle", "cmunsx.ttf", ("ring_binder", "jpeg"),
            clue_scale=(0.95, 1.1), grid="slate18", light_mark="light_erased", outline_mark="outline_dashed",
            cross_mark="heavy_x_pixel"),
    Style18("w_averia_leather_desk", "leather", (74, 42, 24), "equals", "AveriaSansGWF-Bold.ttf", ("desk_photo",),
            clue_scale=(0.95, 1.1), grid="umber18", light_mark="light_tint", outline_mark="outline_beaded",
            cross_mark="heavy_x_ribbon"),
    Style18("w_prociono_cork_deckle", "cork", (128, 86, 48), "none", "Prociono.otf", ("deckle_print", "jpeg"),
            clue_scale=(1.2, 1.35), clue_stroke=1, grid="umber18", light_mark="light_sparse",
            outline_mark="outline_scribble", cross_mark="heavy_x_pencil"),
    Style18("w_inputclues_dither_watermark", "bayer_dither", (18, 18, 22), "colon", None, ("watermark", "jpeg"),
            grid="kept", light_mark="light_sparse", outline_mark="outline_dashed", cross_mark="heavy_x_beads"),
    Style18("w_elstob_guilloche_letterhead", "guilloche", (18, 64, 44), "hash", "ElstobD-10ptBold.otf",
            ("letterhead", "jpeg"), clue_scale=(1.0, 1.15), grid="olive18", light_mark="light_tint",
            outline_mark="outline_beaded", cross_mark="heavy_x_ribbon"),
    Style18("w_okolaks_beads_fridge", "seed_beads", (150, 22, 42), "triangle", "okolaksBold.ttf", ("fridge_magnet",
            "jpeg"), clue_scale=(1.0, 1.15), clue_stroke=1, grid="slate18", light_mark="light_tint",
            outline_mark="outline_beaded", cross_mark="heavy_x_beads"),
    Style18("w_bmjua_pinstripe_duotone", "pinstripe", (22, 30, 64), "equals", "BMJUA_ttf.ttf", ("duotone", "jpeg"),
            clue_scale=(0.95, 1.1), grid="plum18", light_mark="light_sparse", outline_mark="outline_dashed",
            cross_mark="heavy_x_pixel"),
    Style18("w_c64_dotmatrix_gif", "dot_matrix", (16, 16, 18), "colon", "C-64-Regular.ttf", ("gif_palette",),
            clue_scale=(0.8, 0.88), clue_gap=(0.35, 0.5), grid="slate18", light_mark="light_sparse",
            outline_mark="outline_scribble", cross_mark="heavy_x_pixel"),
    Style18("w_irianis_harlequin_journal", "harlequin", (74, 30, 96), "hash", "IrianisADFStd-Bold.otf",
            ("bullet_journal", "jpeg"), clue_scale=(1.2, 1.35), grid="plum18", light_mark="light_tint",
            outline_mark="outline_dashed", cross_mark="heavy_x_ribbon"),
    Style18("w_ikarius_graphite_frame_redrawplus", "graphite_tonal", (112, 112, 118), "none", "IkariusADFStd-Bold.otf",
            ("picture_frame", "jpeg"), clue_scale=(1.0, 1.15), clue_colour=(78, 78, 84), light_mark="light_erased",
            outline_mark="outline_scribble", cross_mark="heavy_x_pencil", redraw="plus_grid"),
    Style18("w_bizud_enamel_ghost_redrawgutter", "enamel", (184, 30, 40), "colon", "BIZUDGothic-Bold.ttf",
            ("ghosting", "jpeg"), clue_scale=(0.9, 1.05), clue_colour=(40, 44, 56), light_mark="light_tint",
            outline_mark="outline_beaded", cross_mark="heavy_x_beads", redraw="gutter"),
    Style18("w_lemonada_cmyk_redrawlandscape", "cmyk_rosette", (20, 20, 24), "triangle", "Lemonada-SemiBold.otf",
            ("jpeg",), clue_scale=(0.85, 1.0), clue_colour=(20, 36, 80), light_mark="light_sparse",
            outline_mark="outline_dashed", cross_mark="heavy_x_ribbon", redraw="landscape"),
)

CHANGE_FONT = "cmunss.ttf"  # a changed clue on a page that keeps the input's clues: all clues redrawn


# ------------------------------------------------------------------------------------------ fills


def _bayer(n: int = 8) -> np.ndarray:
    m = np.array([[0, 2], [3, 1]], np.float32)
    while m.shape[0] < n:
        m = np.block([[4 * m, 4 * m + 2], [4 * m + 3, 4 * m + 1]])
    return (m + 0.5) / m.size


def _tex18(kind: str, w: int, h: int, colour, g: np.random.Generator, rng: random.Random
           ) -> tuple[np.ndarray, np.ndarray | None]:
    """A filled cell's picture (h, w, 3 float) in ``kind`` and its coverage (None: the whole box)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    alpha = None
    if kind == "zellige":  # a glazed tile: uneven glaze, fine crackle, a glossy streak, a darker bevelled rim
        tex *= (0.92 + 0.1 * np.clip(_blurred_noise(g, h, w, s / 4), -2, 2))[..., None]
        n = rng.randint(5, 8)
        pts = np.array([(rng.uniform(0, w), rng.uniform(0, h)) for _ in range(n)], np.float32)
        lab = ((xx[..., None] - pts[:, 0]) ** 2 + (yy[..., None] - pts[:, 1]) ** 2).argmin(axis=2)
        crack = np.zeros((h, w), bool)
        crack[:, 1:] |= lab[:, 1:] != lab[:, :-1]
        crack[1:, :] |= lab[1:, :] != lab[:-1, :]
        tex[crack] = _lift(col, 0.35)
        gloss = np.exp(-(((xx - yy * 0.6) - w * rng.uniform(0.25, 0.4)) / (0.08 * s)) ** 2) * (yy < h * 0.7)
        tex += (gloss * 70)[..., None]
        rim = max(2, round(s / 14))
        edge = (xx < rim) | (yy < rim) | (xx >= w - rim) | (yy >= h - rim)
        tex[edge] *= 0.7
    elif kind == "leather":  # pebbled leather with a pale stitched seam round the edge
        peb = cv2.GaussianBlur(g.random((h, w)).astype(np.float32), (0, 0), max(1.0, s / 26))
        peb = (peb - peb.mean()) / (peb.std() + 1e-6)
        tex *= (1.0 + 0.12 * np.clip(peb, -2, 2))[..., None]
        layer = Image.new("L", (w, h), 0)
        d = ImageDraw.Draw(layer)
        k = 0.14 * s
        dash = max(3.0, s / 10)
        lw = max(1, round(s / 28))
        for (ax, ay), (bx, by) in (((k, k), (w - k, k)), ((w - k, k), (w - k, h - k)), ((w - k, h - k), (k, h - k)),
                                   ((k, h - k), (k, k))):
            ln = math.hypot(bx - ax, by - ay)
            t = 0.0
            while t < ln:
                t1 = min(ln, t + dash * 0.6)
                d.line([(ax + (bx - ax) * t / ln, ay + (by - ay) * t / ln),
                        (ax + (bx - ax) * t1 / ln, ay + (by - ay) * t1 / ln)], fill=255, width=lw)
                t += dash
        m = np.asarray(layer, np.float32) / 255.0
        tex = tex * (1 - m[..., None]) + np.array((214, 190, 150), np.float32) * m[..., None]
    elif kind == "cork":  # cork board: brown granules, dark and light flecks
        gran = cv2.GaussianBlur(g.random((h, w)).astype(np.float32), (0, 0), 0.9)
        gran = (gran - gran.mean()) / (gran.std() + 1e-6)
        tex *= (1.0 + 0.16 * np.clip(gran, -2.5, 2.5))[..., None]
        dark = g.random((h, w)) < 0.06
        tex[dark] = col * 0.45
        light = g.random((h, w)) < 0.025
        tex[light] = _lift(col, 0.35)
        tex *= 0.82
    elif kind == "bayer_dither":  # an ordered 8x8 Bayer dither of a dark grey, as a 1-bit export draws it
        u = max(1, round(s / 26))
        b = _bayer(8)
        t = b[(yy // u).astype(np.int32) % 8, (xx // u).astype(np.int32) % 8]
        on = t < 0.84
        tex[~on] = 250
    elif kind == "guilloche":  # banknote guilloche: interlaced pale wave lines engraved into a deep green field
        q = max(6.0, s / 2.2)
        p = max(4.0, s / 6)
        ph = rng.uniform(0, 6)
        for k, amp in enumerate((0.35, -0.35)):
            wave = np.sin(2 * math.pi * (yy / p + amp * np.sin(2 * math.pi * xx / q + ph + k)))
            line = np.abs(wave) < 0.16
            tex[line] = _lift(col, 0.45)
    elif kind == "seed_beads":  # a cell worked in glass seed beads: rows of round beads with a highlight each
        n = 4
        pw, ph = w / n, h / n
        tex[:] = col * 0.35
        for i in range(n):
            for j in range(n):
                cx, cy = (j + 0.5) * pw, (i + 0.5) * ph
                r = 0.47 * min(pw, ph)
                dd = np.hypot(xx - cx, yy - cy)
                m = dd < r
                shade = 1.05 - 0.45 * (dd / max(r, 1e-3))
                tex[m] = (col * shade[..., None])[m]
                hl = np.hypot(xx - (cx - 0.3 * r), yy - (cy - 0.3 * r)) < 0.22 * r
                tex[hl] = (250, 236, 240)
    elif kind == "pinstripe":  # navy suiting cloth with thin pale pinstripes
        p = max(4.0, s / 5)
        stripe = (xx % p) < max(1.0, s / 40)
        tex *= (0.9 + 0.1 * g.random((h, w, 1)))
        tex[stripe] = (182, 186, 200)
    elif kind == "dot_matrix":  # a 9-pin printer: overlapping round dots in rows, a lighter band where the head skipped
        layer = Image.new("L", (w, h), 0)
        d = ImageDraw.Draw(layer)
        p = max(3.0, s / 8)
        r = p * 0.66
        y = p / 2
        row = 0
        while y < h:
            x = p / 2 + (p / 2 if row % 2 else 0)
            while x < w + p:
                jx, jy = rng.uniform(-0.12, 0.12) * p, rng.uniform(-0.12, 0.12) * p
                d.ellipse([x + jx - r, y + jy - r, x + jx + r, y + jy + r], fill=255)
                x += p
            y += p * 0.85
            row += 1
        alpha = np.asarray(layer, np.float32) / 255.0 * 0.95
    elif kind == "harlequin":  # harlequin diamonds in two tones of one colour
        p = max(6.0, s / 2)
        u = (xx % p) / p - 0.5
        v = (yy % p) / p - 0.5
        inside = (np.abs(u) + np.abs(v)) < 0.5
        tex[inside] = _lift(col, 0.28)
        tex += g.normal(0, 3, (h, w, 1))
    elif kind == "graphite_tonal":  # blended graphite: a soft mid grey with a sheen and the lead's direction
        grain = cv2.GaussianBlur(g.random((h, w)).astype(np.float32), (0, 0), 0.7) - 0.5
        streak = np.sin((xx * 0.94 + yy * 0.34) * 2 * math.pi / max(3.0, s / 7))
        tex += (grain * 26 + streak * 5)[..., None]
        sheen = np.exp(-(((xx + yy) - (w + h) * 0.45) / (0.2 * s)) ** 2)
        tex += (sheen * 14)[..., None]
        alpha = np.clip(0.92 + 0.08 * _blurred_noise(g, h, w, 1.5), 0.8, 1.0)
        ragged = max(1, round(s / 30))
        alpha[:ragged] *= g.uniform(0.5, 1, (ragged, w))
        alpha[-ragged:] *= g.uniform(0.5, 1, (ragged, w))
    elif kind == "enamel":  # an enamel pin: a gold rim, the enamel inside, a curved white highlight
        layer = Image.new("L", (w, h), 0)
        rad = max(2, round(0.2 * s))
        ImageDraw.Draw(layer).rounded_rectangle([0, 0, w - 1, h - 1], radius=rad, fill=255)
        alpha = np.asarray(layer, np.float32) / 255.0
        rim = max(2, round(0.09 * s))
        inner = Image.new("L", (w, h), 0)
        ImageDraw.Draw(inner).rounded_rectangle([rim, rim, w - 1 - rim, h - 1 - rim], radius=max(1, rad - rim),
                                                fill=255)
        mi = np.asarray(inner, np.float32) / 255.0
        gold = np.asarray(GOLD, np.float32) * (0.85 + 0.3 * (1 - (xx + yy) / (w + h)))[..., None]
        tex = gold * (1 - mi[..., None]) + tex * mi[..., None]
        hl = Image.new("L", (w, h), 0)
        ImageDraw.Draw(hl).arc([rim * 1.8, rim * 1.8, w * 0.9, h * 0.9], 185, 250, fill=255,
                               width=max(2, round(s / 16)))
        mh = np.asarray(hl, np.float32) / 255.0 * 0.85
        tex = tex * (1 - mh[..., None]) + 250 * mh[..., None]
    elif kind == "cmyk_rosette":  # rich black printed as four screens (C 15, M 75, Y 0, K 45 degrees) in rosettes
        p = max(4.0, s / 6)
        out = np.ones((h, w, 3), np.float32)
        for ang, cov, ink in ((15, 0.7, (0, 1, 1)), (75, 0.62, (1, 0, 1)), (0, 0.6, (1, 1, 0)), (45, 0.82, (0, 0, 0))):
            a = math.radians(ang)
            u = xx * math.cos(a) + yy * math.sin(a)
            v = -xx * math.sin(a) + yy * math.cos(a)
            dot = (np.cos(2 * math.pi * u / p) + np.cos(2 * math.pi * v / p)) / 4 + 0.5
            on = (dot > 1 - cov).astype(np.float32)
            on = cv2.GaussianBlur(on, (0, 0), 0.5)
            keep = np.asarray(ink, np.float32)
            out *= 1 - on[..., None] * (1 - keep)
        tex = out * 255 * 0.95
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255), alpha


def _inset(style: Style18) -> float:
    return 0.11 if style.redraw == "gutter" else 0.07


def _draw_fill18(img: Image.Image, box, style: Style18, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, _inset(style))
    w, h = bx - ax, by - ay
    tex, alpha = _tex18(style.fill, w, h, style.fill_colour, g, rng)
    if light == "light_tint":  # a thin tint of the same fill
        tex = 255 - (255 - tex) * rng.uniform(0.26, 0.32)
    elif light == "light_sparse":  # a sparse speckle of the fill, as a pen barely touching
        speck = (g.random((h, w)) < rng.uniform(0.3, 0.36)).astype(np.float32)
        speck = cv2.dilate(speck, np.ones((2, 2), np.uint8))
        alpha = (speck * 0.55) if alpha is None else alpha * speck * 0.55
    elif light == "light_erased":  # a pencil fill rubbed out: a grey smudge with the eraser's paler sweeps
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        sweep = 0.5 + 0.5 * np.sin((yy * 0.9 - xx * 0.4) * 2 * math.pi / max(4.0, min(w, h) / 2.5))
        v = 188 + 22 * sweep + 8 * _blurred_noise(g, h, w, 1.2)
        tex = np.repeat(v[..., None], 3, axis=2)
        alpha = None
    _paste(img, tex, ax, ay, alpha)


def _draw_outline18(img: Image.Image, box, style: Style18, rng: random.Random) -> None:
    """The planted extra_outline cell: a heavy frame with an empty middle."""
    kind = style.outline_mark
    ax, ay, bx, by = _inner(box, _inset(style))
    w, h = bx - ax, by - ay
    s = min(w, h)
    col = tuple(int(v) for v in style.fill_colour)
    if style.fill in ("bayer_dither", "dot_matrix", "cmyk_rosette", "graphite_tonal"):
        col = (30, 30, 34) if style.fill != "graphite_tonal" else (92, 92, 98)
    layer = Image.new("RGB", (w, h), WHITE)
    mask = Image.new("L", (w, h), 0)
    d, dm = ImageDraw.Draw(layer), ImageDraw.Draw(mask)
    f = rng.uniform(0.2, 0.24) * s
    if kind == "outline_dashed":  # a thick dashed frame
        dash = s / 4.2
        for (px, py), (qx, qy) in (((0, f / 2), (w, f / 2)), ((w - f / 2, 0), (w - f / 2, h)),
                                   ((w, h - f / 2), (0, h - f / 2)), ((f / 2, h), (f / 2, 0))):
            ln = math.hypot(qx - px, qy - py)
            t = 0.0
            while t < ln:
                t1 = min(ln, t + dash * 0.62)
                seg = [(px + (qx - px) * t / ln, py + (qy - py) * t / ln),
                       (px + (qx - px) * t1 / ln, py + (qy - py) * t1 / ln)]
                dm.line(seg, fill=255, width=max(2, round(f)))
                t += dash
    elif kind == "outline_beaded":  # a frame of touching beads
        r = f / 2
        n = max(3, round((s - f) / f))
        for i in range(n + 1):
            t = i / n
            for cx, cy in ((r + t * (w - f), r), (r + t * (w - f), h - r), (r, r + t * (h - f)),
                           (w - r, r + t * (h - f))):
                dm.ellipse([cx - r, cy - r, cx + r, cy + r], fill=255)
    elif kind == "outline_scribble":  # a frame filled by a fast zig-zag scribble between its outer and inner edge
        lw = max(2, round(s / 16))
        n = max(24, round(2 * (w + h) / max(2.0, s / 12)))

        def perim(t: float, k: float) -> tuple[float, float]:
            ww, hh = w - 2 * k, h - 2 * k
            p = (t % 1.0) * 2 * (ww + hh)
            if p < ww:
                return k + p, k
            if p < ww + hh:
                return w - k, k + p - ww
            if p < 2 * ww + hh:
                return w - k - (p - ww - hh), h - k
            return k, h - k - (p - 2 * ww - hh)

        pts = [perim(i / n, lw / 2 if i % 2 == 0 else f - lw / 2) for i in range(n + 1)]
        pts = [(x + rng.uniform(-0.8, 0.8), y + rng.uniform(-0.8, 0.8)) for x, y in pts]
        dm.line(pts, fill=255, width=lw, joint="curve")
        dm.line([perim(i / 40, f / 2) for i in range(41)], fill=255, width=max(1, lw // 2))
    else:
        raise ValueError(kind)
    d.rectangle([0, 0, w, h], fill=col)
    m = np.asarray(mask, np.float32) / 255.0
    _paste_rgba(img, np.asarray(layer, np.float32), m, ax, ay)


def _draw_cross18(img: Image.Image, box, style: Style18, rng: random.Random) -> None:
    """A planted x_instead cell: a heavy X where a fill belongs."""
    g = _nrng(rng)
    kind = style.cross_mark
    ax, ay, bx, by = _inner(box, 0.06)
    w, h = bx - ax, by - ay
    s = min(w, h)
    col = np.asarray(style.fill_colour, np.float32)
    if style.fill in ("bayer_dither", "dot_matrix", "cmyk_rosette"):
        col = np.array((24, 24, 28), np.float32)
    m = np.zeros((h, w), np.float32)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    a = 0.12 * s
    if kind == "heavy_x_pixel":  # pixel art: the X as a staircase of square blocks, two blocks wide
        n = 8
        bw, bh = (w - 2 * a) / n, (h - 2 * a) / n
        for i in range(n):
            for j in (i, n - 1 - i):
                for dj in (0, 1 if j < n - 1 else -1):
                    x0, y0 = a + (j + dj) * bw, a + i * bh
                    m[round(y0):round(y0 + bh), round(x0):round(x0 + bw)] = 1
    elif kind == "heavy_x_ribbon":  # two crossed ribbons, each with a shaded fold edge
        layer = Image.new("L", (w, h), 0)
        shade = Image.new("L", (w, h), 0)
        d, ds = ImageDraw.Draw(layer), ImageDraw.Draw(shade)
        wid = max(3, round(s / 4.6))
        for (px, py), (qx, qy) in (((a, a), (w - a, h - a)), ((w - a, a), (a, h - a))):
            d.line([(px, py), (qx, qy)], fill=255, width=wid)
            nx, ny = (qy - py), -(qx - px)
            ln = math.hypot(nx, ny)
            o = wid * 0.3
            ds.line([(px + nx / ln * o, py + ny / ln * o), (qx + nx / ln * o, qy + ny / ln * o)], fill=255,
                    width=max(1, wid // 3))
        m = np.asarray(layer, np.float32) / 255.0
        sh = np.asarray(shade, np.float32) / 255.0 * m
        tex = tex * (1 - 0.35 * sh[..., None])
        tex = np.where(sh[..., None] > 0, tex, _lift(col, 0.12))
    elif kind == "heavy_x_beads":  # an X of touching beads
        layer = Image.new("L", (w, h), 0)
        d = ImageDraw.Draw(layer)
        r = s / 11
        n = 7
        for i in range(n):
            t = i / (n - 1)
            for cx, cy in ((a + r + t * (w - 2 * a - 2 * r), a + r + t * (h - 2 * a - 2 * r)),
                           (w - a - r - t * (w - 2 * a - 2 * r), a + r + t * (h - 2 * a - 2 * r))):
                d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=255)
        m = np.asarray(layer, np.float32) / 255.0
    elif kind == "heavy_x_pencil":  # a pressed pencil X: dark graphite, grainy, two passes per stroke
        layer = Image.new("L", (w, h), 0)
        d = ImageDraw.Draw(layer)
        wid = max(3, round(s / 6.5))
        for (px, py), (qx, qy) in (((a, a), (w - a, h - a)), ((w - a, a), (a, h - a))):
            for k in range(2):
                j = rng.uniform(-0.03, 0.03) * s
                d.line([(px + j, py - j), (qx - j, qy + j)], fill=255, width=wid)
        m = np.asarray(layer, np.float32) / 255.0 * np.clip(0.88 + 0.12 * g.standard_normal((h, w)), 0.6, 1.0)
        tex[:] = (58, 58, 62)
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, m, ax, ay)


def _draw_empty18(d: ImageDraw.ImageDraw, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.03, 0.03) * s, (y0 + y1) / 2 + rng.uniform(-0.03, 0.03) * s
    ink = (118, 118, 126)
    lw = max(1, round(s / 30))
    if kind == "none":
        return
    if kind == "triangle":  # a small hollow triangle
        k = 0.16 * s
        pts = [(cx, cy - k), (cx + k * 0.95, cy + k * 0.7), (cx - k * 0.95, cy + k * 0.7)]
        d.line(pts + [pts[0]], fill=ink, width=lw, joint="curve")
    elif kind == "equals":  # an equals sign
        k, gap = 0.15 * s, 0.06 * s
        for dy in (-gap, gap):
            d.line([(cx - k, cy + dy), (cx + k, cy + dy)], fill=ink, width=lw)
    elif kind == "hash":  # a small hash
        k, gap = 0.14 * s, 0.05 * s
        for dx in (-gap, gap):
            d.line([(cx + dx + 0.03 * s, cy - k), (cx + dx - 0.03 * s, cy + k)], fill=ink, width=lw)
        for dy in (-gap, gap):
            d.line([(cx - k, cy + dy), (cx + k, cy + dy)], fill=ink, width=lw)
    elif kind == "colon":  # a colon: two small dots one above the other
        r = max(1.0, 0.035 * s)
        for dy in (-0.08 * s, 0.08 * s):
            d.ellipse([cx - r, cy + dy - r, cx + r, cy + dy + r], fill=ink)
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids and redraws

GRIDS = {  # minor ink, major ink, minor width, major width (as a fraction of a cell)
    "slate18": ((140, 150, 162), (30, 40, 52), 1 / 32, 1 / 11),
    "umber18": ((168, 140, 112), (72, 46, 24), 1 / 30, 1 / 12),
    "olive18": ((164, 166, 128), (58, 64, 28), 1 / 32, 1 / 11),
    "plum18": ((176, 156, 182), (62, 30, 72), 1 / 32, 1 / 11),
}


def _draw_grid18(img: Image.Image, L: dict[str, Any], rng: random.Random, kind: str, inp: np.ndarray | None) -> None:
    gx0, gy0, gx1, gy1 = [int(round(v)) for v in L["grid_bbox"]]
    rows, cols, cw, ch = L["rows"], L["cols"], L["cw"], L["ch"]
    s = min(cw, ch)
    d = ImageDraw.Draw(img)
    if kind == "kept":  # the input's own lines put back over the cells
        pad = int(s // 6)
        a = np.asarray(img).copy()
        sub = inp[gy0 - pad:gy1 + pad, gx0 - pad:gx1 + pad]
        dark = sub.min(axis=2) < 200
        region = a[gy0 - pad:gy1 + pad, gx0 - pad:gx1 + pad]
        region[dark] = sub[dark]
        img.paste(Image.fromarray(a))
        return
    if kind == "gutter":  # tiles need no lines: a rounded frame round the board
        o = round(s * 0.12)
        d.rounded_rectangle([gx0 - o, gy0 - o, gx1 + o, gy1 + o], radius=round(s * 0.3), outline=(52, 58, 72),
                            width=max(2, round(s / 16)))
        return
    if kind == "plus_grid":  # only a plus at each inner corner, dotted fifth lines, a solid frame
        ink = (96, 96, 102)
        arm = 0.16 * s
        lw = max(1, round(s / 28))
        for i in range(1, cols):
            for j in range(1, rows):
                x, y = gx0 + i * cw, gy0 + j * ch
                d.line([(x - arm, y), (x + arm, y)], fill=ink, width=lw)
                d.line([(x, y - arm), (x, y + arm)], fill=ink, width=lw)
        dot = max(2, round(s / 16))
        for i in range(5, cols, 5):
            x = gx0 + i * cw
            y = gy0
            while y < gy1:
                d.ellipse([x - dot / 2, y - dot / 2, x + dot / 2, y + dot / 2], fill=(70, 70, 76))
                y += s / 5
        for j in range(5, rows, 5):
            y = gy0 + j * ch
            x = gx0
            while x < gx1:
                d.ellipse([x - dot / 2, y - dot / 2, x + dot / 2, y + dot / 2], fill=(70, 70, 76))
                x += s / 5
        d.rectangle([gx0, gy0, gx1, gy1], outline=(60, 60, 66), width=max(2, round(s / 14)))
        return
    if kind == "landscape":  # hairline blue lines, a little heavier every fifth, a thick rounded dark-blue border
        for i in range(cols + 1):
            x = gx0 + i * cw
            big = i % 5 == 0
            d.line([(x, gy0), (x, gy1)], fill=(92, 128, 188) if big else (170, 198, 228), width=2 if big else 1)
        for j in range(rows + 1):
            y = gy0 + j * ch
            big = j % 5 == 0
            d.line([(gx0, y), (gx1, y)], fill=(92, 128, 188) if big else (170, 198, 228), width=2 if big else 1)
        o = round(s * 0.1)
        d.rounded_rectangle([gx0 - o, gy0 - o, gx1 + o, gy1 + o], radius=round(s * 0.25), outline=(24, 44, 96),
                            width=max(3, round(s / 10)))
        return
    minor, major, fm, fM = GRIDS[kind]
    thin = max(1, round(s * fm * rng.uniform(0.9, 1.1)))
    thick = max(2, round(s * fM * rng.uniform(0.9, 1.1)))
    for k in range(cols + 1):
        x = gx0 + k * cw
        big = k % 5 == 0 or k == cols
        d.line([(x, gy0 - (thick // 2 if big else 0)), (x, gy1 + (thick // 2 if big else 0))],
               fill=major if big else minor, width=thick if big else thin)
    for k in range(rows + 1):
        y = gy0 + k * ch
        big = k % 5 == 0 or k == rows
        d.line([(gx0 - (thick // 2 if big else 0), y), (gx1 + (thick // 2 if big else 0), y)],
               fill=major if big else minor, width=thick if big else thin)


def _redraw_whole18(layout: dict[str, Any], truth: dict[str, Any], style: Style18, change, rng: random.Random
                    ) -> tuple[Image.Image, dict[str, Any]]:
    """The whole puzzle drawn anew as a model lays it out (``style.redraw``): its own canvas, cell proportions, clue
    layout and margins. Returns the page (empty cells' tiles drawn, no marks, no grid yet) and its geometry."""
    kind = style.redraw
    rows, cols = layout["rows"], layout["cols"]
    base = layout["cell_px"] * rng.uniform(0.88, 1.0)
    if kind == "plus_grid":
        cw, ch = base * rng.uniform(0.9, 0.95), base * rng.uniform(1.24, 1.32)
    elif kind == "landscape":
        cw, ch = base * rng.uniform(1.36, 1.46), base * rng.uniform(0.92, 0.98)
    else:
        cw = ch = base * rng.uniform(1.0, 1.06)
    px = round(layout["clue_font_px"] * rng.uniform(*style.clue_scale))
    font = _font(style.clue_font, px)
    gap = px * rng.uniform(*style.clue_gap)
    slot = px * rng.uniform(1.2, 1.35)
    probe = ImageDraw.Draw(Image.new("L", (4, 4)))
    row_vals = [_clue_values("row", r, c, change) for r, c in enumerate(truth["row_clues"])]
    col_vals = [_clue_values("col", c, v, change) for c, v in enumerate(truth["col_clues"])]
    row_w = max(sum(probe.textlength(t, font=font) for t in v) + gap * (len(v) - 1) for v in row_vals)
    col_h = max(len(v) for v in col_vals) * slot
    pad = 0.4 * min(cw, ch) + (0.2 * min(cw, ch) if kind == "gutter" else 0)
    m = round(base * rng.uniform(0.55, 0.75))
    gx0 = m + row_w + pad
    gy0 = m + col_h + pad
    W = round(gx0 + cols * cw + m)
    H = round(gy0 + rows * ch + m)
    bg = {"gutter": (250, 250, 252), "plus_grid": (250, 249, 245), "landscape": WHITE}[kind]
    img = Image.new("RGB", (W, H), bg)
    d = ImageDraw.Draw(img)
    gx1, gy1 = gx0 + cols * cw, gy0 + rows * ch
    L = {"grid_bbox": [gx0, gy0, gx1, gy1], "rows": rows, "cols": cols, "cw": cw, "ch": ch, "cell_px": min(cw, ch)}
    if kind == "gutter":  # every clue line on a pale chip, every cell a pale rounded tile with a gutter round it
        chip = (232, 236, 244)
        for r in range(rows):
            d.rounded_rectangle([m * 0.5, gy0 + (r + 0.12) * ch, gx0 - pad * 0.45, gy0 + (r + 0.88) * ch],
                                radius=round(ch * 0.25), fill=chip)
        for c in range(cols):
            d.rounded_rectangle([gx0 + (c + 0.12) * cw, m * 0.5, gx0 + (c + 0.88) * cw, gy0 - pad * 0.45],
                                radius=round(cw * 0.25), fill=chip)
        for r in range(rows):
            for c in range(cols):
                x0, y0, x1, y1 = _inner(_box(L, r, c), _inset(style) - 0.02)
                d.rounded_rectangle([x0, y0, x1, y1], radius=round(min(cw, ch) * 0.14), fill=(238, 240, 244),
                                    outline=(206, 210, 220), width=1)
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
    return img, L


# ------------------------------------------------------------------------------------------ pages


def _wood(h: int, w: int, g: np.random.Generator, rng: random.Random) -> np.ndarray:
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    n = _blurred_noise(g, h, w, 12)
    grain = np.sin((yy + 14 * n + 0.04 * xx) * 2 * math.pi / rng.uniform(16, 24))
    base = np.array((150, 104, 64), np.float32)
    return base * (0.86 + 0.08 * grain + 0.04 * n)[..., None]


def _page18(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    if e == "jpeg":
        return _jpeg(a, rng.randint(76, 90))
    if e == "ring_binder":  # a page in a ring binder: three punched holes with metal rings, the cover's edge at left
        ml = round(w * rng.uniform(0.12, 0.15))
        cover = round(w * 0.05)
        H, W = h + 24, w + ml + cover + 12
        page = Image.new("RGB", (W, H), (34, 58, 112))
        page.paste(Image.new("RGB", (w + ml, h + 12), (250, 250, 248)), (cover, 6))
        page.paste(Image.fromarray(a), (cover + ml, 6))
        d = ImageDraw.Draw(page)
        r = ml * 0.16
        for fy in (0.2, 0.5, 0.8):
            cx, cy = cover + ml * 0.42, 6 + h * fy
            d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(34, 58, 112))
            rw = ml * 0.55
            d.arc([cx - rw, cy - r * 1.9, cx + r * 0.6, cy + r * 1.9], 90, 270, fill=(196, 198, 204),
                  width=max(3, round(r * 0.6)))
            d.arc([cx - rw, cy - r * 1.9, cx + r * 0.6, cy + r * 1.9], 120, 240, fill=(120, 122, 130), width=1)
        out = np.asarray(page, np.float32)
        out[:, cover:cover + 4] *= 0.8
        out += g.normal(0, 2, out.shape)
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "desk_photo":  # a photo of the page on a wooden desk, a pencil beside it, a gentle keystone
        mx, my = round(w * 0.16), round(h * 0.1)
        Wc, Hc = w + 2 * mx, h + 2 * my
        canvas = _wood(Hc, Wc, g, rng)
        sh = np.zeros((Hc, Wc), np.float32)
        sh[my + 6:my + h + 6, mx + 6:mx + w + 6] = 1
        sh = cv2.GaussianBlur(sh, (0, 0), 6)
        canvas *= (1 - 0.35 * sh)[..., None]
        canvas[my:my + h, mx:mx + w] = a.astype(np.float32) * np.array([1.0, 0.98, 0.94], np.float32)
        img = Image.fromarray(np.clip(canvas, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        px0 = mx + w + round(mx * 0.35)
        d.line([(px0, my + h * 0.15), (px0 + mx * 0.25, my + h * 0.75)], fill=(230, 180, 30),
               width=max(6, round(mx * 0.16)))
        d.line([(px0 + mx * 0.25, my + h * 0.75), (px0 + mx * 0.28, my + h * 0.8)], fill=(60, 50, 40),
               width=max(3, round(mx * 0.08)))
        d.line([(px0 - 1, my + h * 0.15), (px0 - mx * 0.01, my + h * 0.1)], fill=(236, 140, 150),
               width=max(6, round(mx * 0.16)))
        out = np.asarray(img, np.float32)
        k = rng.uniform(0.025, 0.04) * Wc
        src = np.float32([[0, 0], [Wc, 0], [Wc, Hc], [0, Hc]])
        dst = np.float32([[k, k * 0.4], [Wc - k, k * 0.4], [Wc, Hc], [0, Hc]])
        out = cv2.warpPerspective(out, cv2.getPerspectiveTransform(src, dst), (Wc, Hc), flags=cv2.INTER_LINEAR,
                                  borderMode=cv2.BORDER_REFLECT)
        yy, xx = np.mgrid[0:Hc, 0:Wc].astype(np.float32)
        light = 1.04 - 0.14 * np.hypot((xx - Wc * 0.35) / Wc, (yy - Hc * 0.3) / Hc)
        out = out * light[..., None] + g.normal(0, 2.5, out.shape)
        return _jpeg(np.clip(out, 0, 255).astype(np.uint8), rng.randint(80, 90))
    if e == "deckle_print":  # an old sepia photo print: toned, a white border with a deckle edge, on an album page
        grey = _grey(a)
        lo, hi = np.array((54, 36, 22), np.float32), np.array((236, 222, 196), np.float32)
        t = (grey / 255.0) ** 0.95
        img = lo + (hi - lo) * t[..., None] + g.normal(0, 3.5, (h, w, 1))
        b = round(0.05 * max(h, w))
        H, W = h + 2 * b, w + 2 * b
        pr = np.empty((H, W, 3), np.float32)
        pr[:] = (242, 236, 224)
        pr[b:b + h, b:b + w] = img
        mask = Image.new("L", (W, H), 0)
        dm = ImageDraw.Draw(mask)
        step = max(6, round(b * 0.5))
        pts = []
        for x in range(0, W + 1, step):
            pts.append((x, b * 0.18 * (1 + (x // step) % 2)))
        for y in range(0, H + 1, step):
            pts.append((W - b * 0.18 * (1 + (y // step) % 2), y))
        for x in range(W, -1, -step):
            pts.append((x, H - b * 0.18 * (1 + (x // step) % 2)))
        for y in range(H, -1, -step):
            pts.append((b * 0.18 * (1 + (y // step) % 2), y))
        dm.polygon(pts, fill=255)
        m = np.asarray(mask, np.float32)[..., None] / 255.0
        album = np.full((H, W, 3), (38, 34, 32), np.float32) + g.normal(0, 3, (H, W, 1))
        out = album * (1 - m) + pr * m
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "watermark":  # a stock-image preview: a diagonal PREVIEW watermark repeated faintly over the page
        layer = Image.new("L", (w * 2, h * 2), 0)
        d = ImageDraw.Draw(layer)
        f = _font("DejaVuSans-Bold.ttf", max(16, round(min(w, h) / 9)))
        step_y = round(min(w, h) / 3)
        for i, y in enumerate(range(0, 2 * h, step_y)):
            d.text(((i % 2) * step_y * 0.8, y), "PREVIEW   " * 8, font=f, fill=255)
        layer = layer.rotate(rng.uniform(24, 32), resample=Image.BICUBIC, center=(w, h))
        m = np.asarray(layer, np.float32)[h // 2:h // 2 + h, w // 2:w // 2 + w] / 255.0
        t = rng.uniform(0.1, 0.13)
        out = a.astype(np.float32) * (1 - m[..., None] * t) + 150 * m[..., None] * t
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "letterhead":  # on a company letterhead: a logo and name at the top, a rule, an address in the footer
        head, foot = round(h * 0.12), round(h * 0.06)
        page = Image.new("RGB", (w, h + head + foot), WHITE)
        page.paste(Image.fromarray(a), (0, head))
        d = ImageDraw.Draw(page)
        r = head * 0.3
        cx, cy = 14 + r, head * 0.45
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(24, 96, 70))
        d.polygon([(cx - r * 0.5, cy + r * 0.35), (cx, cy - r * 0.55), (cx + r * 0.5, cy + r * 0.35)], fill=WHITE)
        tf = _font("DejaVuSerif-Bold.ttf", max(12, round(head * 0.3)))
        d.text((cx + r * 1.6, cy), "Northfield Puzzle Co.", font=tf, fill=(24, 70, 52), anchor="lm")
        d.line([(10, head - 8), (w - 10, head - 8)], fill=(24, 96, 70), width=3)
        ff = _font("DejaVuSans.ttf", max(9, round(foot * 0.32)))
        d.text((w / 2, h + head + foot * 0.5), "12 Mill Lane  \u2022  puzzles@northfield.example  \u2022  page 1 of 1",
               font=ff, fill=(110, 116, 112), anchor="mm")
        return np.asarray(page)
    if e == "fridge_magnet":  # on a steel fridge door, a round magnet in the blank corner, a soft shadow
        mx, my = round(w * 0.1), round(h * 0.08)
        Wc, Hc = w + 2 * mx, h + 2 * my
        yy, xx = np.mgrid[0:Hc, 0:Wc].astype(np.float32)
        steel = 214 + 12 * (xx / Wc) - 8 * (yy / Hc)
        rows_n = cv2.GaussianBlur(g.normal(0, 6, (Hc, 1)).astype(np.float32), (0, 0), 0.8).reshape(Hc, 1, 1)
        steel = steel[..., None] + rows_n * 0.4
        canvas = np.repeat(steel, 3, axis=2) * np.array([0.98, 0.99, 1.0], np.float32)
        sh = np.zeros((Hc, Wc), np.float32)
        sh[my + 4:my + h + 8, mx + 5:mx + w + 5] = 1
        canvas *= (1 - 0.3 * cv2.GaussianBlur(sh, (0, 0), 7))[..., None]
        canvas[my:my + h, mx:mx + w] = a
        img = Image.fromarray(np.clip(canvas, 0, 255).astype(np.uint8))
        gx0, gy0 = L["grid_bbox"][:2]
        r = max(8.0, min(gx0, gy0) * 0.28)
        cx, cy = mx + r * 1.25, my + r * 0.9
        d = ImageDraw.Draw(img)
        d.ellipse([cx - r + 3, cy - r + 4, cx + r + 3, cy + r + 4], fill=(150, 150, 156))
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(222, 70, 48))
        d.ellipse([cx - r * 0.55, cy - r * 0.6, cx - r * 0.1, cy - r * 0.25], fill=(246, 160, 140))
        out = np.asarray(img, np.float32) + g.normal(0, 1.5, (Hc, Wc, 3))
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "duotone":  # a duotone export: the page's tones mapped from a deep teal to a cream
        t = _grey(a) / 255.0
        lo, hi = np.array((16, 52, 62), np.float32), np.array((252, 244, 226), np.float32)
        out = lo + (hi - lo) * np.clip(t, 0, 1)[..., None] ** 1.1
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "gif_palette":  # saved as a 16-colour GIF: an adaptive palette, Floyd-Steinberg dither
        q = Image.fromarray(a).quantize(colors=16, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.FLOYDSTEINBERG)
        return np.asarray(q.convert("RGB"))
    if e == "bullet_journal":  # pasted into a bullet journal: cream dot-grid paper round it, a date header
        mx, top, bot = round(w * 0.08), round(h * 0.14), round(h * 0.06)
        Wc, Hc = w + 2 * mx, h + top + bot
        img = Image.new("RGB", (Wc, Hc), (248, 243, 228))
        d = ImageDraw.Draw(img)
        sp = max(12, round(min(w, h) / 32))
        for y in range(sp // 2, Hc, sp):
            for x in range(sp // 2, Wc, sp):
                d.ellipse([x - 1, y - 1, x + 1, y + 1], fill=(196, 190, 176))
        img.paste(Image.fromarray(a), (mx, top))
        d.rectangle([mx - 1, top - 1, mx + w, top + h], outline=(214, 208, 194), width=1)
        hf = _font("Lemonada-SemiBold.otf", max(12, round(top * 0.34)))
        d.text((mx, top * 0.45), f"Sat {rng.randint(2, 28)} \u2014 logic puzzle, done!", font=hf, fill=(70, 96, 132),
               anchor="lm")
        d.line([(mx, top * 0.78), (mx + w * 0.45, top * 0.78)], fill=(226, 150, 160), width=4)
        return np.asarray(img)
    if e == "picture_frame":  # framed on a wall: a cream mat, a wooden moulding, a shadow under the frame
        mat, fr = round(0.06 * max(w, h)), round(0.045 * max(w, h))
        H, W = h + 2 * (mat + fr), w + 2 * (mat + fr)
        wall = 40
        Hc, Wc = H + 2 * wall, W + 2 * wall
        canvas = np.empty((Hc, Wc, 3), np.float32)
        canvas[:] = (196, 206, 196)
        canvas += _blurred_noise(g, Hc, Wc, 3)[..., None] * 2
        sh = np.zeros((Hc, Wc), np.float32)
        sh[wall + 8:wall + H + 10, wall + 6:wall + W + 6] = 1
        canvas *= (1 - 0.4 * cv2.GaussianBlur(sh, (0, 0), 8))[..., None]
        wood = _wood(H, W, g, rng) * 0.75
        canvas[wall:wall + H, wall:wall + W] = wood
        x0, y0 = wall + fr, wall + fr
        canvas[y0:y0 + h + 2 * mat, x0:x0 + w + 2 * mat] = (240, 234, 220)
        canvas[y0:y0 + 3, x0:x0 + w + 2 * mat] *= 0.8
        canvas[y0:y0 + h + 2 * mat, x0:x0 + 3] *= 0.85
        canvas[y0 + mat:y0 + mat + h, x0 + mat:x0 + mat + w] = a
        canvas[y0 + mat - 2:y0 + mat, x0 + mat - 2:x0 + mat + w + 2] = (200, 192, 176)
        canvas[y0 + mat - 2:y0 + mat + h + 2, x0 + mat - 2:x0 + mat] = (200, 192, 176)
        return np.clip(canvas, 0, 255).astype(np.uint8)
    if e == "ghosting":  # a laser printer's ghost: a faint copy of the page a little lower and to the right
        dx, dy = rng.randint(5, 9), rng.randint(3, 6)
        sh = np.full_like(a, 255)
        sh[dy:, dx:] = a[:-dy, :-dx]
        ghost = 255 - (255 - sh.astype(np.float32)) * rng.uniform(0.1, 0.13)
        return np.minimum(a.astype(np.float32), ghost).astype(np.uint8)
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page18(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style18,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, cell width ``cw`` and height ``ch``)."""
    rng = random.Random(f"h18:{style.name}:{error}:{seed}")
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
        img, L = _redraw_whole18(layout, truth, style, change, rng)
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
                _draw_fill18(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill18(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline18(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross18(img, box, style, rng)
            else:
                _draw_empty18(d, box, style.empty, rng)
    _draw_grid18(img, L, rng, grid, inp)
    return np.asarray(img), rng, L


def make_answer18(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style18,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page18(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page18(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
