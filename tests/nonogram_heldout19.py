"""HELDOUT19: a blind nonogram answer family (twentieth session), kept in its own module so that whoever studies the
earlier families never sees it. Written without looking at the verifier, the registration or the cell and clue
readers, and measured blind first on the session-start code (docs/status.md, twentieth session, "HELDOUT19").

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved
nonogram: clue fonts from Debian packages no earlier nonogram family, test or digit-reader training uses
(fonts-tlwg-typist-ttf, fonts-tlwg-sawasdee-ttf, fonts-tlwg-kinnari-ttf, fonts-mplus, fonts-motoya-l-maruberi,
fonts-radisnoir, fonts-hosny-amiri, fonts-gfs-artemisia, fonts-rocknroll, fonts-dotgothic16, fonts-adf-oldania), one
style keeping the input's clues; fills no earlier family uses (linen, crushed velvet, rust, slate, sticky notes, ASCII
art of "#", topographic contours, a paint roller, honeycomb wax, a black-square emoji, chocolate squares, knurled
steel); empty-cell marks a model plausibly draws, drawn in new ways (a pencil o with a gap, a blue ballpoint dot, a
long pencil slash, a pale blue x, a white-square emoji, a small teal x); the planted errors drawn in new ways (a
ghost of the fill, a sparse dot screen, a finger smudge; stitched, rope and chain frames; stencil, spray-paint and
chisel-marker Xs); three styles that redraw the whole puzzle (a spreadsheet screenshot with one number per cell,
wide cells with dashed minor lines, tall cells with hairlines and a heavy frame); and page changes no earlier family
uses (a clipboard photo, a chat-app bubble, a skewed flatbed scan, a polaroid, a browser's image view, a hand's
shadow, a dithered fax, an A4 worksheet, an upscaled thumbnail, a spiral notebook with a coffee ring, a slide, paper
taped to a wall).

Doubts noted rather than made unfair: the fax dithers every grey into dots (the pale planted cells stay a visible
grey tone); the spreadsheet shows row numbers and column letters in its grey headers, as every spreadsheet does; the
thumbnail is upscaled from 0.62 of its size (a 15x15's clues are soft but read at once); the ASCII "#" fill leaves
paper between its glyphs (a person reads a block of #s as a filled cell); Oldania draws a slashed zero (the "0" of a
"10"), as typewriter and programmers' fonts do; the finger-smudge pale cells are a soft grey blob (about grey 200 at
its centre, over half the cell), plainly visible, though a reader could take a smudge for dirt rather than shading
(noted after the blind run; the drawing is unchanged).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer19` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout19:HELDOUT19`` measures them like the earlier families.
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
from nonogram_heldout17 import _blurred_noise, _box, _clue_values, _erase_grid17, _font, _inner, _lift, _paste
from nonogram_heldout18 import _draw_grid18

WHITE = (255, 255, 255)


@dataclass(frozen=True)
class Style19(Style):
    """A HELDOUT19 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``spreadsheet``, ``dashed_wide``, ``thin_tall``; empty keeps
    the input's frame). ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer19(input_image, layout, truth, self, error, seed)


HELDOUT19 = (
    Style19("z_typist_linen_clipboard", "linen", (30, 44, 86), "pencil_o", "TlwgTypist-Bold.ttf",
            ("clipboard_photo",), clue_scale=(0.95, 1.1), grid="dashed_minor19", light_mark="light_ghost",
            outline_mark="outline_stitch", cross_mark="heavy_x_stencil"),
    Style19("z_sawasdee_velvet_chat", "velvet", (98, 18, 44), "ballpoint_dot", "Sawasdee-Bold.ttf",
            ("chat_bubble", "jpeg"), clue_scale=(1.0, 1.15), grid="navy_bold", light_mark="light_dotted",
            outline_mark="outline_rope", cross_mark="heavy_x_spray"),
    Style19("z_kinnari_rust_scan", "rust", (118, 50, 22), "long_slash", "Kinnari-Bold.ttf", ("scan_skew", "jpeg"),
            clue_scale=(1.0, 1.15), grid="sepia_hair", light_mark="light_smudge", outline_mark="outline_chain",
            cross_mark="heavy_x_chisel"),
    Style19("z_mplus_postit_polaroid", "post_it", (214, 48, 120), "light_x", "Mplus1-Bold.otf", ("polaroid",),
            clue_scale=(0.9, 1.05), grid="frame_only19", light_mark="light_ghost", outline_mark="outline_rope",
            cross_mark="heavy_x_chisel"),
    Style19("z_maruberi_ascii_browser", "ascii_hash", (14, 14, 16), "light_x", "MTLmr3m.ttf", ("browser_view",),
            clue_scale=(0.95, 1.1), grid="dashed_minor19", light_mark="light_dotted", outline_mark="outline_stitch",
            cross_mark="heavy_x_stencil"),
    Style19("z_radis_contour_handshadow", "contour", (26, 72, 44), "none", "RadisSans-medium.otf",
            ("hand_shadow", "jpeg"), clue_scale=(1.0, 1.15), clue_stroke=1, clue_gap=(0.8, 1.0), grid="navy_bold",
            light_mark="light_smudge", outline_mark="outline_chain", cross_mark="heavy_x_spray"),
    Style19("z_amiri_paintroller_a4", "paint_roller", (20, 20, 22), "pencil_o", "Amiri-Bold.ttf", ("a4_page", "jpeg"),
            clue_scale=(1.0, 1.15), grid="frame_only19", light_mark="light_ghost", outline_mark="outline_stitch",
            cross_mark="heavy_x_chisel"),
    Style19("z_artemisia_honeycomb_fax", "honeycomb", (150, 86, 10), "long_slash", "GFSArtemisiaBold.otf", ("fax",),
            clue_scale=(0.95, 1.1), grid="sepia_hair", light_mark="light_dotted", outline_mark="outline_rope",
            cross_mark="heavy_x_stencil"),
    Style19("z_inputclues_emoji_spiral", "emoji_tile", (34, 34, 38), "emoji_white", None,
            ("spiral_top", "coffee_ring", "jpeg"), grid="kept", light_mark="light_smudge",
            outline_mark="outline_chain", cross_mark="heavy_x_spray"),
    Style19("z_rocknroll_chocolate_redrawsheet", "chocolate", (78, 44, 26), "none", "RocknRollOne-Regular.ttf",
            ("thumbnail_upscale",), clue_scale=(0.8, 0.9), light_mark="light_ghost", outline_mark="outline_stitch",
            cross_mark="heavy_x_spray", redraw="spreadsheet"),
    Style19("z_dotgothic_knurl_redrawdashed", "knurl", (64, 68, 76), "small_x_teal", "DotGothic16-Regular.ttf",
            ("slide", "jpeg"), clue_scale=(1.05, 1.2), clue_gap=(0.75, 0.95), light_mark="light_dotted",
            outline_mark="outline_rope", cross_mark="heavy_x_stencil", redraw="dashed_wide"),
    Style19("z_oldania_slate_redrawthin", "slate", (50, 56, 66), "ballpoint_dot", "OldaniaADFStd-Bold.otf",
            ("tape_wall",), clue_scale=(1.05, 1.2), clue_gap=(0.6, 0.8), light_mark="light_smudge",
            outline_mark="outline_chain", cross_mark="heavy_x_chisel", redraw="thin_tall"),
)

CHANGE_FONT = "Sawasdee.ttf"  # a changed clue on a page that keeps the input's clues: all clues redrawn


# ------------------------------------------------------------------------------------------ fills


def _layer(w: int, h: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    im = Image.new("L", (w, h), 0)
    return im, ImageDraw.Draw(im)


def _m(im: Image.Image) -> np.ndarray:
    return np.asarray(im, np.float32) / 255.0


def _tex19(kind: str, w: int, h: int, colour, g: np.random.Generator, rng: random.Random
           ) -> tuple[np.ndarray, np.ndarray | None]:
    """A filled cell's picture (h, w, 3 float) in ``kind`` and its coverage (None: the whole box)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    alpha = None
    if kind == "linen":  # a linen weave: fine warp and weft threads, a few thicker slubs
        p = max(2.5, s / 18)
        weave = 0.07 * np.sin(2 * math.pi * xx / p) * np.sign(np.sin(math.pi * yy / p)) \
            + 0.07 * np.sin(2 * math.pi * yy / p) * np.sign(np.sin(math.pi * xx / p))
        tex *= (1.0 + weave + 0.04 * _blurred_noise(g, h, w, 1.0))[..., None]
        for _ in range(rng.randint(3, 6)):
            y = rng.uniform(0, h)
            x0 = rng.uniform(-0.2, 0.7) * w
            ln = rng.uniform(0.2, 0.5) * w
            band = (np.abs(yy - y) < max(1.0, p * 0.45)) & (xx > x0) & (xx < x0 + ln)
            tex[band] = _lift(col, 0.22)
    elif kind == "velvet":  # crushed velvet: deep pile, a soft sheen that shifts with the nap, darker crushed folds
        n = _blurred_noise(g, h, w, s / 5)
        sheen = np.exp(-(((xx * 0.7 + yy * 0.7) - s * rng.uniform(0.35, 0.6)) / (0.18 * s)) ** 2)
        tex *= (0.85 + 0.12 * np.clip(n, -2, 2) + 0.55 * sheen * (n > -0.3))[..., None]
        tex += g.normal(0, 4, (h, w, 1))
    elif kind == "rust":  # rusted iron: a rust brown with darker scale, orange blooms and pits
        n1 = _blurred_noise(g, h, w, s / 7)
        n2 = _blurred_noise(g, h, w, s / 14)
        tex[n1 > 0.7] = (74, 34, 18)
        tex[(n2 > 1.0) & (n1 <= 0.7)] = (168, 84, 34)
        tex *= (0.92 + 0.08 * g.random((h, w, 1)))
        pits = g.random((h, w)) < 0.02
        tex[pits] = (52, 26, 14)
    elif kind == "slate":  # slate: dark blue-grey layers, slanted cleavage streaks, a few paler chips
        ang = rng.uniform(-0.25, 0.25)
        u = yy + ang * xx
        layers = np.sin(2 * math.pi * u / max(3.0, s / rng.uniform(5, 8))) * 0.5 + 0.5
        tex *= (0.9 + 0.12 * layers + 0.05 * _blurred_noise(g, h, w, 1.2))[..., None]
        for _ in range(rng.randint(1, 3)):
            cx, cy, r = rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h, rng.uniform(0.05, 0.1) * s
            chip = np.hypot((xx - cx) / 1.6, yy - cy) < r
            tex[chip] = _lift(col, 0.25)
    elif kind == "post_it":  # a sticky note stuck on the cell, a little askew, its bottom edge curling off the page
        ang = rng.uniform(-5, 5)
        im, d = _layer(w, h)
        k = 0.06 * s
        d.rectangle([k, k, w - 1 - k, h - 1 - k], fill=255)
        alpha = _m(im.rotate(ang, resample=Image.BICUBIC, center=(w / 2, h / 2)))
        tex *= (1.02 - 0.14 * np.clip((yy / h - 0.7) / 0.3, 0, 1))[..., None]  # the curl's shade
        tex[yy < h * 0.22] *= 0.94  # the glued band
        tex += g.normal(0, 2, (h, w, 1))
    elif kind == "ascii_hash":  # ASCII art: the cell typed full of bold "#"s
        f = _font("DejaVuSansMono-Bold.ttf", round(s * 0.42))
        im, d = _layer(w, h)
        step_x, step_y = s * 0.27, s * 0.3
        y = -s * 0.08
        while y < h:
            x = -s * 0.02
            while x < w:
                d.text((x, y), "#", font=f, fill=255, stroke_width=max(1, round(s / 40)), stroke_fill=255)
                x += step_x
            y += step_y
        alpha = _m(im)
    elif kind == "contour":  # a topographic map: green with paler contour lines round hills
        field = _blurred_noise(g, h, w, s / 4) * 1.5 + (xx + yy) / s
        lines = np.abs(((field * 2.2) % 1.0) - 0.5) > 0.42
        tex *= (0.95 + 0.05 * _blurred_noise(g, h, w, 2))[..., None]
        tex[lines] = _lift(col, 0.5)
    elif kind == "paint_roller":  # a paint roller's pass: streaks along the roll, ragged ends, a few skipped specks
        streak = cv2.GaussianBlur(g.standard_normal((1, w)).astype(np.float32), (0, 0), 1.2)
        tex += (streak * 14)[..., None]
        tex += g.normal(0, 3, (h, w, 1))
        alpha = np.ones((h, w), np.float32)
        ragged = max(2, round(s / 12))
        top = (g.random(w) * ragged).astype(int)
        bot = (g.random(w) * ragged).astype(int)
        for x in range(w):
            alpha[:top[x], x] = 0
            alpha[h - bot[x]:, x] = 0
        specks = cv2.dilate((g.random((h, w)) < 0.01).astype(np.uint8), np.ones((2, 3), np.uint8)) > 0
        alpha[specks] = 0.25
    elif kind == "honeycomb":  # honeycomb: amber wax cells with darker walls
        r = max(3.0, s / 6)
        hw = r * math.sqrt(3) / 2
        row = np.floor(yy / (1.5 * r))
        off = (row % 2) * hw
        u = (xx + off) % (2 * hw) - hw
        v = yy - (row + 0.5) * 1.5 * r
        dist = np.maximum(np.abs(u) * 2 / math.sqrt(3), np.abs(u) / math.sqrt(3) + np.abs(v))
        tex *= (1.05 - 0.25 * np.clip(dist / r, 0, 1))[..., None]
        tex[dist > 0.82 * r] = col * 0.55
        tex += g.normal(0, 3, (h, w, 1))
    elif kind == "emoji_tile":  # the black large square emoji: a rounded square, a slight top highlight
        im, d = _layer(w, h)
        d.rounded_rectangle([0, 0, w - 1, h - 1], radius=max(2, round(0.16 * s)), fill=255)
        alpha = _m(im)
        tex += (24 * np.clip(1 - yy / (0.45 * h), 0, 1))[..., None]
    elif kind == "chocolate":  # a chocolate bar: 2x2 bevelled squares with grooves
        n = 2
        pw, ph = w / n, h / n
        u, v = (xx % pw) / pw, (yy % ph) / ph
        bev = 0.14
        light = (u < bev) | (v < bev)
        dark = (u > 1 - bev) | (v > 1 - bev)
        tex[light] = _lift(col, 0.22)
        tex[dark] = col * 0.62
        groove = (u < 0.04) | (v < 0.04)
        tex[groove] = col * 0.45
        tex += g.normal(0, 2, (h, w, 1))
    elif kind == "knurl":  # knurled steel: a diamond knurl, each diamond lit from the top
        p = max(4.0, s / 5)
        a1 = ((xx + yy) % p) / p
        a2 = ((xx - yy) % p) / p
        tex *= (0.85 + 0.3 * (a1 < 0.5) * (a2 < 0.5) - 0.12 * ((a1 > 0.85) | (a2 > 0.85)))[..., None]
        tex += (10 * (1 - yy / h))[..., None] + g.normal(0, 3, (h, w, 1))
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255), alpha


def _inset(style: Style19) -> float:
    return 0.09 if style.redraw == "spreadsheet" else 0.07


def _draw_fill19(img: Image.Image, box, style: Style19, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, _inset(style))
    w, h = bx - ax, by - ay
    tex, alpha = _tex19(style.fill, w, h, style.fill_colour, g, rng)
    if light == "light_ghost":  # a ghost of the fill: the same texture at a quarter of its strength, softened
        tex = cv2.GaussianBlur(255 - (255 - tex) * rng.uniform(0.24, 0.3), (0, 0), 0.8)
    elif light == "light_dotted":  # a sparse dot screen of the fill's colour
        s = min(w, h)
        p = max(3.0, s / 6)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        dots = (np.hypot((xx % p) - p / 2, (yy % p) - p / 2) < p * 0.26).astype(np.float32)
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = style.fill_colour
        alpha = dots * 0.85
    elif light == "light_smudge":  # a fingertip's grey smudge
        n = _blurred_noise(g, h, w, min(w, h) / 6)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        blob = np.clip(1.1 - np.hypot((xx - w / 2) / (0.42 * w), (yy - h / 2) / (0.38 * h)) + 0.15 * n, 0, 1)
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = (112, 112, 118)
        alpha = cv2.GaussianBlur(blob.astype(np.float32), (0, 0), 1.5) * rng.uniform(0.36, 0.42)
    _paste(img, tex, ax, ay, alpha)


def _mark_colour(style: Style19) -> tuple[int, int, int]:
    if style.fill in ("ascii_hash", "post_it", "honeycomb"):
        return (28, 28, 32) if style.fill != "honeycomb" else (112, 62, 8)
    return tuple(int(v) for v in style.fill_colour)


def _draw_outline19(img: Image.Image, box, style: Style19, rng: random.Random) -> None:
    """The planted extra_outline cell: a heavy frame with an empty middle."""
    kind = style.outline_mark
    ax, ay, bx, by = _inner(box, _inset(style))
    w, h = bx - ax, by - ay
    s = min(w, h)
    col = np.asarray(_mark_colour(style), np.float32)
    im, d = _layer(w, h)
    f = rng.uniform(0.2, 0.24) * s
    sides = (((0, f / 2), (w, f / 2)), ((w - f / 2, 0), (w - f / 2, h)), ((w, h - f / 2), (0, h - f / 2)),
             ((f / 2, h), (f / 2, 0)))
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    if kind == "outline_stitch":  # a band of close slanted stitches, as embroidered
        lw = max(1, round(s / 22))
        step = max(2.0, s / 14)
        for (px, py), (qx, qy) in sides:
            ln = math.hypot(qx - px, qy - py)
            ux, uy = (qx - px) / ln, (qy - py) / ln
            nx, ny = -uy, ux
            t = 0.0
            while t < ln:
                cx, cy = px + ux * t, py + uy * t
                d.line([(cx - nx * f / 2 - ux * f * 0.3, cy - ny * f / 2 - uy * f * 0.3),
                        (cx + nx * f / 2 + ux * f * 0.3, cy + ny * f / 2 + uy * f * 0.3)], fill=255, width=lw)
                t += step
    elif kind == "outline_rope":  # a twisted rope laid round the cell
        for (px, py), (qx, qy) in sides:
            d.line([(px, py), (qx, qy)], fill=255, width=max(2, round(f)))
        rope = np.asarray(im, np.float32) / 255.0
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        twist = (((xx + yy) / max(3.0, f * 0.9)) % 1.0) < 0.3
        tex[twist & (rope > 0)] = _lift(col, 0.35)
    elif kind == "outline_chain":  # a chain of interlocking oval links
        lw = max(2, round(f / 3))
        link = f * 1.5
        for (px, py), (qx, qy) in sides:
            ln = math.hypot(qx - px, qy - py)
            n = max(2, round(ln / link))
            for i in range(n):
                cx = px + (qx - px) * (i + 0.5) / n
                cy = py + (qy - py) * (i + 0.5) / n
                horiz = abs(qx - px) > abs(qy - py)
                a, b = (link * 0.62, f * 0.5) if horiz else (f * 0.5, link * 0.62)
                if i % 2:
                    a, b = (link * 0.5, f * 0.18) if horiz else (f * 0.18, link * 0.5)
                d.ellipse([cx - a, cy - b, cx + a, cy + b], outline=255, width=lw)
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, _m(im), ax, ay)


def _draw_cross19(img: Image.Image, box, style: Style19, rng: random.Random) -> None:
    """A planted x_instead cell: a heavy X where a fill belongs."""
    g = _nrng(rng)
    kind = style.cross_mark
    ax, ay, bx, by = _inner(box, 0.06)
    w, h = bx - ax, by - ay
    s = min(w, h)
    col = np.asarray(_mark_colour(style), np.float32)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    a = 0.12 * s
    im, d = _layer(w, h)
    arms = (((a, a), (w - a, h - a)), ((w - a, a), (a, h - a)))
    if kind == "heavy_x_stencil":  # a stencilled X: thick bars with the stencil's bridges left unpainted
        wid = max(3, round(s / 4.4))
        for p, q in arms:
            d.line([p, q], fill=255, width=wid)
        m = _m(im)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        cx, cy = w / 2, h / 2
        bridge = max(1.5, s / 22)
        for t in (0.27, 0.73):
            for (px, py), (qx, qy) in arms:
                bxp, byp = px + (qx - px) * t, py + (qy - py) * t
                ux, uy = (qx - px), (qy - py)
                ln = math.hypot(ux, uy)
                along = ((xx - bxp) * ux + (yy - byp) * uy) / ln
                m[(np.abs(along) < bridge) & (np.hypot(xx - cx, yy - cy) > s * 0.12)] = 0
        _paste_rgba(img, tex, m, ax, ay)
        return
    if kind == "heavy_x_spray":  # a spray-painted X: soft edges, overspray specks
        wid = max(3, round(s / 4.6))
        for p, q in arms:
            d.line([p, q], fill=255, width=wid)
        core = _m(im)
        soft = cv2.GaussianBlur(core, (0, 0), max(1.0, s / 26))
        halo = cv2.GaussianBlur(core, (0, 0), max(2.0, s / 9))
        specks = (g.random((h, w)) < halo * 0.5).astype(np.float32) * 0.8
        m = np.clip(np.maximum(soft * 1.1, specks), 0, 1)
        _paste_rgba(img, tex, m, ax, ay)
        return
    if kind == "heavy_x_chisel":  # a chisel-tip marker: one broad stroke, one narrower, darker where they overlap
        d.line(list(arms[0]), fill=255, width=max(3, round(s / 3.8)))
        im2, d2 = _layer(w, h)
        d2.line(list(arms[1]), fill=255, width=max(2, round(s / 6.5)))
        m1, m2 = _m(im) * 0.88, _m(im2) * 0.88
        m = 1 - (1 - m1) * (1 - m2)
        _paste_rgba(img, tex, m, ax, ay)
        return
    raise ValueError(kind)


def _draw_empty19(d: ImageDraw.ImageDraw, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    lw = max(1, round(s / 30))
    if kind == "none":
        return
    if kind == "pencil_o":  # a small pencil o, not quite closed where the pencil started
        rx, ry = 0.12 * s, 0.1 * s
        start = rng.uniform(0, 360)
        d.arc([cx - rx, cy - ry, cx + rx, cy + ry], start, start + 330, fill=(124, 124, 130), width=lw)
    elif kind == "ballpoint_dot":  # a blue ballpoint dot
        r = max(1.5, 0.055 * s)
        d.ellipse([cx - r, cy - r * 0.9, cx + r, cy + r * 0.9], fill=(36, 56, 150))
    elif kind == "long_slash":  # a long light pencil slash from corner towards corner
        k = 0.28 * s
        d.line([(cx - k, cy + k), (cx + k * 0.95, cy - k * 1.05)], fill=(150, 150, 156), width=lw)
    elif kind == "light_x":  # a small pale blue x
        k = 0.11 * s
        for sx in (-1, 1):
            d.line([(cx - k, cy - sx * k), (cx + k, cy + sx * k)], fill=(140, 164, 196), width=lw)
    elif kind == "small_x_teal":  # a small teal x
        k = 0.1 * s
        for sx in (-1, 1):
            d.line([(cx - k, cy - sx * k), (cx + k, cy + sx * k)], fill=(30, 132, 128), width=max(1, lw))
    elif kind == "emoji_white":  # the white large square emoji: a pale rounded square with a grey rim
        k = 0.1 * s
        d.rounded_rectangle([x0 + k, y0 + k, x1 - k, y1 - k], radius=max(2, round(0.15 * s)), fill=(246, 246, 247),
                            outline=(196, 196, 202), width=1)
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids and redraws


def _dashed(d: ImageDraw.ImageDraw, p, q, fill, width: int, dash: float, gap: float) -> None:
    ln = math.hypot(q[0] - p[0], q[1] - p[1])
    t = 0.0
    while t < ln:
        t1 = min(ln, t + dash)
        d.line([(p[0] + (q[0] - p[0]) * t / ln, p[1] + (q[1] - p[1]) * t / ln),
                (p[0] + (q[0] - p[0]) * t1 / ln, p[1] + (q[1] - p[1]) * t1 / ln)], fill=fill, width=width)
        t += dash + gap


def _draw_grid19(img: Image.Image, L: dict[str, Any], rng: random.Random, kind: str, inp: np.ndarray | None) -> None:
    if kind == "kept":
        _draw_grid18(img, L, rng, "kept", inp)
        return
    gx0, gy0, gx1, gy1 = L["grid_bbox"]
    rows, cols, cw, ch = L["rows"], L["cols"], L["cw"], L["ch"]
    s = min(cw, ch)
    d = ImageDraw.Draw(img)
    xs = [gx0 + i * cw for i in range(cols + 1)]
    ys = [gy0 + j * ch for j in range(rows + 1)]
    if kind in ("dashed_minor19", "dashed_wide"):  # dashed grey minor lines, solid thick majors and frame
        thin = max(1, round(s / 30))
        thick = max(3, round(s / 10))
        for i, x in enumerate(xs):
            if i % 5 and i != cols:
                _dashed(d, (x, gy0), (x, gy1), (120, 122, 132), thin, s / 7, s / 9)
        for j, y in enumerate(ys):
            if j % 5 and j != rows:
                _dashed(d, (gx0, y), (gx1, y), (120, 122, 132), thin, s / 7, s / 9)
        for i, x in enumerate(xs):
            if i % 5 == 0 or i == cols:
                d.line([(x, gy0 - thick // 2), (x, gy1 + thick // 2)], fill=(24, 24, 30), width=thick)
        for j, y in enumerate(ys):
            if j % 5 == 0 or j == rows:
                d.line([(gx0 - thick // 2, y), (gx1 + thick // 2, y)], fill=(24, 24, 30), width=thick)
        return
    if kind == "sepia_hair":  # hairline sepia lines, two-pixel majors, a three-pixel frame
        for i, x in enumerate(xs):
            big = i % 5 == 0 or i == cols
            d.line([(x, gy0), (x, gy1)], fill=(104, 70, 44) if big else (168, 130, 100), width=2 if big else 1)
        for j, y in enumerate(ys):
            big = j % 5 == 0 or j == rows
            d.line([(gx0, y), (gx1, y)], fill=(104, 70, 44) if big else (168, 130, 100), width=2 if big else 1)
        d.rectangle([gx0 - 1, gy0 - 1, gx1 + 1, gy1 + 1], outline=(80, 50, 30), width=3)
        return
    if kind == "navy_bold":  # every line bold navy, the majors bolder
        thin = max(2, round(s / 15))
        thick = max(3, round(s / 8))
        for i, x in enumerate(xs):
            big = i % 5 == 0 or i == cols
            w_ = thick if big else thin
            d.line([(x, gy0 - w_ // 2), (x, gy1 + w_ // 2)], fill=(22, 32, 84), width=w_)
        for j, y in enumerate(ys):
            big = j % 5 == 0 or j == rows
            w_ = thick if big else thin
            d.line([(gx0 - w_ // 2, y), (gx1 + w_ // 2, y)], fill=(22, 32, 84), width=w_)
        return
    if kind in ("frame_only19", "thin_tall"):  # thin grey lines all alike, only the outer frame heavy
        ink = (150, 150, 158) if kind == "frame_only19" else (128, 128, 136)
        for x in xs[1:-1]:
            d.line([(x, gy0), (x, gy1)], fill=ink, width=1)
        for y in ys[1:-1]:
            d.line([(gx0, y), (gx1, y)], fill=ink, width=1)
        t = max(3, round(s / (9 if kind == "frame_only19" else 7)))
        d.rectangle([gx0 - t // 2, gy0 - t // 2, gx1 + t // 2, gy1 + t // 2], outline=(16, 16, 18), width=t)
        return
    if kind == "spreadsheet":  # the cells' borders formatted black: thin all round, thick round each 5x5 block
        for i, x in enumerate(xs):
            big = i % 5 == 0 or i == cols
            d.line([(x, gy0), (x, gy1)], fill=(20, 20, 20), width=3 if big else 1)
        for j, y in enumerate(ys):
            big = j % 5 == 0 or j == rows
            d.line([(gx0, y), (gx1, y)], fill=(20, 20, 20), width=3 if big else 1)
        return
    raise ValueError(kind)


SHEET_GREY = (218, 220, 224)
HEADER_GREY = (242, 243, 245)


def _redraw_whole19(layout: dict[str, Any], truth: dict[str, Any], style: Style19, change, rng: random.Random
                    ) -> tuple[Image.Image, dict[str, Any]]:
    """The whole puzzle drawn anew as a model lays it out (``style.redraw``): its own canvas, cell proportions, clue
    layout and margins. Returns the page (no marks, no grid yet) and its geometry."""
    kind = style.redraw
    rows, cols = layout["rows"], layout["cols"]
    base = layout["cell_px"] * rng.uniform(0.9, 1.0)
    row_vals = [_clue_values("row", r, c, change) for r, c in enumerate(truth["row_clues"])]
    col_vals = [_clue_values("col", c, v, change) for c, v in enumerate(truth["col_clues"])]
    if kind == "spreadsheet":
        return _spreadsheet(layout, row_vals, col_vals, style, rng)
    if kind == "dashed_wide":
        cw, ch = base * rng.uniform(1.28, 1.36), base * rng.uniform(0.96, 1.02)
    else:  # thin_tall
        cw, ch = base * rng.uniform(0.88, 0.94), base * rng.uniform(1.18, 1.26)
    px = round(layout["clue_font_px"] * rng.uniform(*style.clue_scale))
    font = _font(style.clue_font, px)
    gap = px * rng.uniform(*style.clue_gap)
    slot = px * rng.uniform(1.2, 1.35)
    probe = ImageDraw.Draw(Image.new("L", (4, 4)))
    row_w = max(sum(probe.textlength(t, font=font) for t in v) + gap * (len(v) - 1) for v in row_vals)
    col_h = max(len(v) for v in col_vals) * slot
    pad = (0.45 if kind == "dashed_wide" else 0.6) * min(cw, ch)
    m = round(base * rng.uniform(0.5, 0.7))
    gx0, gy0 = m + row_w + pad, m + col_h + pad
    W, H = round(gx0 + cols * cw + m), round(gy0 + rows * ch + m)
    img = Image.new("RGB", (W, H), WHITE if kind == "dashed_wide" else (252, 251, 247))
    d = ImageDraw.Draw(img)
    L = {"grid_bbox": [gx0, gy0, gx0 + cols * cw, gy0 + rows * ch], "rows": rows, "cols": cols, "cw": cw, "ch": ch,
         "cell_px": min(cw, ch)}
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
            d.text((cx, gy0 - pad - (len(vals) - k - 0.5) * slot), t, font=font, anchor="mm", **pen)
    return img, L


def _spreadsheet(layout: dict[str, Any], row_vals, col_vals, style: Style19, rng: random.Random
                 ) -> tuple[Image.Image, dict[str, Any]]:
    """A spreadsheet app's window: toolbar, formula bar, lettered column and numbered row headers, one clue number per
    cell right-aligned to the puzzle (row clues) or bottom-aligned above it (column clues)."""
    rows, cols = layout["rows"], layout["cols"]
    base = layout["cell_px"] * rng.uniform(0.84, 0.92)
    cw, ch = base * rng.uniform(1.08, 1.16), base * rng.uniform(0.86, 0.92)
    kr, kc = max(len(v) for v in row_vals), max(len(v) for v in col_vals)
    tool, fbar = round(max(34, ch * 0.9)), round(max(24, ch * 0.6))
    hdr_w, hdr_h = round(max(30, cw * 0.55)), round(max(18, ch * 0.5))
    ncols, nrows = kr + cols + 1, kc + rows + 1
    x0, y0 = hdr_w, tool + fbar + hdr_h
    W, H = round(x0 + ncols * cw), round(y0 + nrows * ch)
    img = Image.new("RGB", (W, H), WHITE)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, W, tool], fill=(236, 240, 236))
    d.rectangle([0, tool - 3, W, tool], fill=(33, 115, 70))
    ui = _font("DejaVuSans.ttf", max(9, round(tool * 0.32)))
    for i, name in enumerate(("File", "Home", "Insert", "Data", "View")):
        d.text((10 + i * tool * 1.6, tool * 0.45), name, font=ui, fill=(50, 60, 54), anchor="lm")
    d.rectangle([0, tool, W, tool + fbar], fill=WHITE, outline=SHEET_GREY)
    d.text((8, tool + fbar / 2), "fx", font=_font("DejaVuSerif-Italic.ttf", max(9, round(fbar * 0.5))),
           fill=(90, 90, 96), anchor="lm")
    d.rectangle([0, tool + fbar, W, y0], fill=HEADER_GREY)
    d.rectangle([0, tool + fbar, x0, H], fill=HEADER_GREY)
    hf = _font("DejaVuSans.ttf", max(8, round(hdr_h * 0.55)))
    for i in range(ncols):
        cx = x0 + (i + 0.5) * cw
        d.text((cx, y0 - hdr_h / 2), chr(ord("A") + i) if i < 26 else "A" + chr(ord("A") + i - 26), font=hf,
               fill=(96, 96, 104), anchor="mm")
    for j in range(nrows):
        d.text((x0 / 2, y0 + (j + 0.5) * ch), str(j + 1), font=hf, fill=(96, 96, 104), anchor="mm")
    for i in range(ncols + 1):
        x = x0 + i * cw
        d.line([(x, tool + fbar), (x, H)], fill=SHEET_GREY, width=1)
    for j in range(nrows + 1):
        y = y0 + j * ch
        d.line([(0, y), (W, y)], fill=SHEET_GREY, width=1)
    gx0, gy0 = x0 + kr * cw, y0 + kc * ch
    font = _font(style.clue_font, round(layout["clue_font_px"] * rng.uniform(*style.clue_scale)))
    for r, vals in enumerate(row_vals):
        for k, t in enumerate(vals):
            cx = gx0 - (len(vals) - k - 1) * cw
            d.text((cx - 0.12 * cw, gy0 + (r + 0.5) * ch), t, font=font, fill=style.clue_colour, anchor="rm")
    for c, vals in enumerate(col_vals):
        for k, t in enumerate(vals):
            cy = gy0 - (len(vals) - k - 0.5) * ch
            d.text((gx0 + (c + 0.88) * cw, cy), t, font=font, fill=style.clue_colour, anchor="rm")
    L = {"grid_bbox": [gx0, gy0, gx0 + cols * cw, gy0 + rows * ch], "rows": rows, "cols": cols, "cw": cw, "ch": ch,
         "cell_px": min(cw, ch)}
    return img, L


# ------------------------------------------------------------------------------------------ pages


def _rotate(a: np.ndarray, deg: float, bg) -> np.ndarray:
    h, w = a.shape[:2]
    M = cv2.getRotationMatrix2D((w / 2, h / 2), deg, 1.0)
    c, s_ = abs(M[0, 0]), abs(M[0, 1])
    W, H = int(h * s_ + w * c) + 2, int(h * c + w * s_) + 2
    M[0, 2] += W / 2 - w / 2
    M[1, 2] += H / 2 - h / 2
    return cv2.warpAffine(a, M, (W, H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                          borderValue=tuple(float(v) for v in bg))


def _on_table(page: np.ndarray, bg: np.ndarray, deg: float, margin: tuple[int, int], shadow: float,
              g: np.random.Generator) -> np.ndarray:
    """``page`` rotated by ``deg`` on the surface ``bg`` (float, sized to fit) with a soft shadow below-right."""
    h, w = page.shape[:2]
    mask = _rotate(np.full((h, w), 255, np.uint8), deg, (0,)).astype(np.float32) / 255.0
    rot = _rotate(page, deg, (0, 0, 0)).astype(np.float32)
    H, W = mask.shape
    mx, my = margin
    canvas = bg[:H + 2 * my, :W + 2 * mx].copy()
    sh = np.zeros(canvas.shape[:2], np.float32)
    sh[my + 6:my + 6 + H, mx + 5:mx + 5 + W] = mask
    canvas *= (1 - shadow * cv2.GaussianBlur(sh, (0, 0), 7))[..., None]
    region = canvas[my:my + H, mx:mx + W]
    canvas[my:my + H, mx:mx + W] = region * (1 - mask[..., None]) + rot * mask[..., None]
    return canvas


def _page19(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    if e == "jpeg":
        return _jpeg(a, rng.randint(78, 90))
    if e == "clipboard_photo":  # on a hardboard clipboard, a steel clip above the page, photographed on a desk
        top = round(h * 0.1)
        page = np.full((h + top, w, 3), 252, np.uint8)
        page[top:] = a
        bx, by = round(w * 0.07), round(h * 0.1)
        Hb, Wb = h + top + by + round(h * 0.04), w + 2 * bx
        yy, xx = np.mgrid[0:Hb, 0:Wb].astype(np.float32)
        board = np.empty((Hb, Wb, 3), np.float32)
        board[:] = (146, 104, 64)
        board *= (0.95 + 0.05 * _blurred_noise(g, Hb, Wb, 2))[..., None]
        board[by:by + h + top, bx:bx + w] = page
        img = Image.fromarray(np.clip(board, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        cw_ = w * 0.36
        cx = Wb / 2
        d.rounded_rectangle([cx - cw_ / 2, by * 0.35, cx + cw_ / 2, by + top * 0.7], radius=8, fill=(176, 180, 188),
                            outline=(110, 114, 122), width=2)
        d.rectangle([cx - cw_ * 0.4, by * 0.5, cx + cw_ * 0.4, by * 0.75], fill=(212, 216, 222))
        d.ellipse([cx - 9, by * 0.35 - 8, cx + 9, by * 0.35 + 10], outline=(120, 124, 132), width=4)
        board = np.asarray(img, np.float32)
        M = max(30, round(w * 0.06))
        desk = np.empty((Hb + 2 * M + 60, Wb + 2 * M + 60, 3), np.float32)
        desk[:] = (70, 72, 78)
        desk += _blurred_noise(g, *desk.shape[:2], 4)[..., None] * 3
        out = _on_table(np.clip(board, 0, 255).astype(np.uint8), desk, rng.uniform(-2.5, 2.5), (M, M), 0.45, g)
        Hc, Wc = out.shape[:2]
        yy, xx = np.mgrid[0:Hc, 0:Wc].astype(np.float32)
        out *= (1.06 - 0.16 * np.hypot(xx / Wc - 0.4, yy / Hc - 0.35))[..., None]
        out += g.normal(0, 2.5, out.shape)
        return _jpeg(np.clip(out, 0, 255).astype(np.uint8), rng.randint(82, 90))
    if e == "chat_bubble":  # sent in a chat app: a header bar, the picture in a green bubble with its time
        head, pad, side = round(h * 0.1), round(w * 0.025), round(w * 0.1)
        Wc, Hc = w + 2 * pad + side + 20, h + 2 * pad + head + round(h * 0.1)
        img = Image.new("RGB", (Wc, Hc), (229, 221, 213))
        d = ImageDraw.Draw(img)
        d.rectangle([0, 0, Wc, head], fill=(8, 94, 84))
        hf = _font("DejaVuSans-Bold.ttf", max(12, round(head * 0.32)))
        d.ellipse([12, head * 0.2, 12 + head * 0.6, head * 0.8], fill=(200, 214, 210))
        d.text((24 + head * 0.6, head * 0.5), "Puzzle club", font=hf, fill=WHITE, anchor="lm")
        bx0, by0 = side, head + round(h * 0.04)
        d.rounded_rectangle([bx0, by0, bx0 + w + 2 * pad, by0 + h + 2 * pad + round(h * 0.045)], radius=14,
                            fill=(217, 253, 211))
        img.paste(Image.fromarray(a), (bx0 + pad, by0 + pad))
        tf = _font("DejaVuSans.ttf", max(10, round(h * 0.025)))
        d.text((bx0 + w + pad, by0 + h + pad + round(h * 0.024)), "solved it!  \u2713\u2713", font=tf,
               fill=(102, 120, 110), anchor="rm")
        return np.asarray(img)
    if e == "scan_skew":  # a flatbed scan: skewed a little, the lid's grey at two edges, light falling off at one side
        deg = rng.uniform(-1.6, 1.6)
        rot = _rotate(a, deg, (248, 248, 246)).astype(np.float32)
        H, W = rot.shape[:2]
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        rot *= (1 - 0.12 * np.clip(1 - xx / (0.15 * W), 0, 1))[..., None]
        lid = round(0.035 * W)
        out = np.empty((H + lid, W + lid, 3), np.float32)
        out[:] = (92, 94, 98)
        out[:H, :W] = rot
        out += g.normal(0, 2, out.shape)
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "polaroid":  # a polaroid on a dark table: white border, a wide bottom with a pen caption, turned a little
        b = round(0.05 * max(h, w))
        ph = np.full((h + b + 4 * b, w + 2 * b, 3), (246, 245, 240), np.uint8)
        ph[b:b + h, b:b + w] = a
        img = Image.fromarray(ph)
        d = ImageDraw.Draw(img)
        f = _font("Sawasdee-Oblique.ttf", max(14, round(b * 1.2)))
        d.text((b * 1.5, b + h + 2 * b), "nonogram, solved!", font=f, fill=(30, 40, 110), anchor="lm")
        ph = np.asarray(img)
        M = round(0.08 * max(h, w))
        bg = np.empty((ph.shape[0] + 2 * M + 120, ph.shape[1] + 2 * M + 120, 3), np.float32)
        bg[:] = (44, 36, 32)
        bg += _blurred_noise(g, *bg.shape[:2], 6)[..., None] * 5
        out = _on_table(ph, bg, rng.uniform(-3, 3), (M, M), 0.5, g)
        out += g.normal(0, 2, out.shape)
        return _jpeg(np.clip(out, 0, 255).astype(np.uint8), rng.randint(82, 90))
    if e == "browser_view":  # opened in a browser tab: the image centred on the viewer's dark background
        bar, url = 34, 36
        M = round(0.12 * w)
        Wc, Hc = w + 2 * M, h + bar + url + round(0.1 * h)
        img = Image.new("RGB", (Wc, Hc), (14, 14, 14))
        d = ImageDraw.Draw(img)
        d.rectangle([0, 0, Wc, bar], fill=(32, 33, 36))
        d.rounded_rectangle([8, 6, min(Wc - 40, 300), bar + 4], radius=8, fill=(53, 54, 58))
        uf = _font("DejaVuSans.ttf", 13)
        d.text((20, bar / 2 + 3), f"answer.png ({w}\u00d7{h})", font=uf, fill=(220, 220, 224), anchor="lm")
        d.rectangle([0, bar, Wc, bar + url], fill=(53, 54, 58))
        d.rounded_rectangle([40, bar + 6, Wc - 40, bar + url - 6], radius=12, fill=(32, 33, 36))
        d.text((56, bar + url / 2), "file:///home/me/Downloads/answer.png", font=uf, fill=(190, 190, 196),
               anchor="lm")
        img.paste(Image.fromarray(a), (M, bar + url + round(0.05 * h)))
        return np.asarray(img)
    if e == "hand_shadow":  # the shadow of the hand holding the phone across one side of the page, soft-edged
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        side = rng.choice((0, 1))
        cxh = w * (1.02 if side else -0.02)
        palm = np.hypot((xx - cxh) / (0.32 * w), (yy - h * rng.uniform(0.55, 0.75)) / (0.3 * h)) < 1
        arm = (np.abs(xx - cxh) < 0.2 * w) & (yy > h * 0.7)
        fingers = np.zeros((h, w), bool)
        for k in range(4):
            fy = h * (0.3 + 0.07 * k)
            fingers |= (np.abs(yy - fy) < 0.025 * h) & (np.abs(xx - cxh) < w * (0.38 - 0.03 * abs(k - 1.5)))
        m = cv2.GaussianBlur((palm | arm | fingers).astype(np.float32), (0, 0), 0.035 * w)
        dark = rng.uniform(0.28, 0.36)
        out = a.astype(np.float32) * (1 - dark * m)[..., None] * np.array([0.98, 0.99, 1.0], np.float32)
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "fax":  # a fax: grey dithered to black and white, a header line, a slight stretch, line noise
        head = round(h * 0.05)
        img = Image.new("L", (w, h + head), 255)
        img.paste(Image.fromarray(a).convert("L"), (0, head))
        d = ImageDraw.Draw(img)
        hf = _font("DejaVuSansMono.ttf", max(10, round(head * 0.45)))
        d.text((8, head / 2), "FROM: PUZZLE DESK      P.01/01", font=hf, fill=0, anchor="lm")
        img = img.resize((w, round((h + head) * 1.02)), Image.BILINEAR)
        bw = np.asarray(img.convert("1", dither=Image.Dither.FLOYDSTEINBERG), np.uint8) * 255
        y = rng.randrange(round(head * 0.85), head)  # a line of noise under the header, clear of the puzzle
        bw[y, g.random(bw.shape[1]) < 0.2] = 0
        return np.repeat(bw[..., None], 3, axis=2)
    if e == "a4_page":  # printed on an A4 worksheet: a title, name and date lines, the puzzle in the middle
        W = round(w / 0.74)
        H = max(round(W * 1.414), h + round(0.32 * W))
        img = Image.new("RGB", (W, H), WHITE)
        d = ImageDraw.Draw(img)
        tf = _font("DejaVuSerif-Bold.ttf", max(16, round(W * 0.035)))
        d.text((W / 2, W * 0.07), "Nonogram \u2014 Solution", font=tf, fill=(20, 20, 24), anchor="mm")
        nf = _font("DejaVuSerif.ttf", max(11, round(W * 0.018)))
        d.text((W * 0.1, W * 0.13), "Name: ____________________", font=nf, fill=(60, 60, 66), anchor="lm")
        d.text((W * 0.6, W * 0.13), "Date: ______________", font=nf, fill=(60, 60, 66), anchor="lm")
        img.paste(Image.fromarray(a), ((W - w) // 2, round(W * 0.18)))
        d.line([(W * 0.1, H - W * 0.06), (W * 0.9, H - W * 0.06)], fill=(180, 180, 186), width=1)
        d.text((W / 2, H - W * 0.035), "Logic puzzles for the weekend", font=nf, fill=(110, 110, 116), anchor="mm")
        return np.asarray(img)
    if e == "thumbnail_upscale":  # saved as a small thumbnail and blown up again: soft, a little over-sharpened
        k = rng.uniform(0.6, 0.64)
        small = cv2.resize(a, (round(w * k), round(h * k)), interpolation=cv2.INTER_AREA)
        big = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC).astype(np.float32)
        sharp = big + 0.6 * (big - cv2.GaussianBlur(big, (0, 0), 1.4))
        return _jpeg(np.clip(sharp, 0, 255).astype(np.uint8), rng.randint(84, 92))
    if e == "spiral_top":  # torn from a spiral notebook: wire coils and punched holes along a top margin, a red rule
        top, left = round(h * 0.09), round(w * 0.07)
        page = Image.new("RGB", (w + left, h + top), (253, 252, 246))
        page.paste(Image.fromarray(a), (left, top))
        d = ImageDraw.Draw(page)
        d.line([(left * 0.6, 0), (left * 0.6, h + top)], fill=(226, 120, 120), width=2)
        step = max(18, round(w / 22))
        for x in range(step // 2 + left // 2, w + left, step):
            d.ellipse([x - 4, top * 0.45 - 4, x + 4, top * 0.45 + 4], fill=(60, 60, 64))
            d.arc([x - 6, -top * 0.2, x + 6, top * 0.48], 190, 350, fill=(150, 152, 160), width=3)
        return np.asarray(page)
    if e == "coffee_ring":  # a coffee cup's ring in the blank corner above the row clues
        gx0, gy0 = L["grid_bbox"][:2]
        ox, oy = w - L["page_w"], h - L["page_h"]  # margins a page change before this one added (left and top)
        cx, cy = ox + gx0 * 0.45, oy + gy0 * 0.45
        r = 0.38 * min(gx0, gy0)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        dd = np.hypot(xx - cx, yy - cy)
        ring = np.exp(-((dd - r) / (0.05 * r)) ** 2) * 0.6 + (dd < r) * 0.1
        ring *= np.clip(0.7 + 0.5 * _blurred_noise(g, h, w, 6), 0, 1)
        stain = np.array((150, 100, 60), np.float32)
        out = a.astype(np.float32) * (1 - ring[..., None] * 0.5) + stain * ring[..., None] * 0.5
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "slide":  # pasted on a 16:9 presentation slide: a title bar, the puzzle at the right, a slide number
        H = round(h / 0.8)
        W = round(H * 16 / 9)
        W = max(W, w + round(0.4 * W))
        img = Image.new("RGB", (W, H), (250, 250, 252))
        d = ImageDraw.Draw(img)
        d.rectangle([0, 0, W, round(0.12 * H)], fill=(36, 64, 120))
        tf = _font("DejaVuSans-Bold.ttf", max(14, round(0.05 * H)))
        d.text((0.04 * W, 0.06 * H), "Friday puzzle \u2014 the answer", font=tf, fill=WHITE, anchor="lm")
        bf = _font("DejaVuSans.ttf", max(11, round(0.028 * H)))
        for i, line in enumerate(("\u2022 every clue satisfied", "\u2022 one picture only", "\u2022 well done, team!")):
            d.text((0.05 * W, 0.3 * H + i * 0.07 * H), line, font=bf, fill=(50, 50, 60), anchor="lm")
        img.paste(Image.fromarray(a), (W - w - round(0.04 * W), round(0.15 * H)))
        return np.asarray(img)
    if e == "tape_wall":  # taped to a painted wall by its top corners, hanging a little crooked, photographed
        M = round(0.09 * max(h, w))
        bg = np.empty((h + 2 * M + 160, w + 2 * M + 160, 3), np.float32)
        bg[:] = (186, 198, 206)
        bg += _blurred_noise(g, *bg.shape[:2], 2)[..., None] * 3
        page = Image.fromarray(a)
        deg = rng.uniform(-2, 2)
        out = _on_table(np.asarray(page), bg, deg, (M, M), 0.3, g)
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        tape = Image.new("RGBA", img.size, (0, 0, 0, 0))
        dt = ImageDraw.Draw(tape)
        tw, th = 0.16 * w, 0.05 * h
        for tx, ty, ang in ((M + 6, M + 6, 35), (M + w - 6, M + 6, -35)):
            pts = [(-tw / 2, -th / 2), (tw / 2, -th / 2), (tw / 2, th / 2), (-tw / 2, th / 2)]
            ca, sa = math.cos(math.radians(ang)), math.sin(math.radians(ang))
            dt.polygon([(tx + px * ca - py * sa, ty + px * sa + py * ca) for px, py in pts], fill=(236, 230, 200, 150))
        img = Image.alpha_composite(img.convert("RGBA"), tape).convert("RGB")
        out = np.asarray(img, np.float32) + g.normal(0, 2, (img.height, img.width, 3))
        return _jpeg(np.clip(out, 0, 255).astype(np.uint8), rng.randint(82, 90))
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page19(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style19,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, cell width ``cw`` and height ``ch``)."""
    rng = random.Random(f"h19:{style.name}:{error}:{seed}")
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
        img, L = _redraw_whole19(layout, truth, style, change, rng)
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
                _draw_fill19(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill19(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline19(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross19(img, box, style, rng)
            else:
                _draw_empty19(d, box, style.empty, rng)
    _draw_grid19(img, L, rng, grid, inp)
    L["page_w"], L["page_h"] = img.size
    return np.asarray(img), rng, L


def make_answer19(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style19,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page19(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page19(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
