"""HELDOUT20, measured blind on commit 3e7274d: 300/432 right, 0 false passes, 22/72 error-free right (48 false fails
among registered answers, all needs_review, none confidently incorrect; 2 unreadable), 282 needs_review, 21 unreadable
(seed 5, ``tools/measure_nonogram_family.py nonogram_heldout20:HELDOUT20 --seed 5`` on a snapshot of that commit).
Per style, right/36, false passes, false fails (error-free answers not right, unreadable ones included), needs_review,
unreadable: pebbles_woodtable 28 0 4 20 0; basketweave_magazine 22 0 5 33 0; diamondplate_ereader 21 0 6 36 0;
waffle_waterstain 25 0 6 32 0; granite_blinds 27 0 5 29 0; crackle_bookcurve 27 0 4 19 5; sequins_lowtoner 36 0 0 0 0;
circuit_postcard 25 0 4 27 0; inputclues_bricks_sepia 35 0 0 4 0; fur_redrawboxed 19 0 6 34 2; bamboo_redrawsplit 19 0
4 12 14; moss_redrawrounded 16 0 6 36 0. By planted error: none 22/72, extra_light 63, extra_outline 47, x_instead 63,
missing 47, clue_changed 58 (of 72 each).

A blind nonogram answer family (twenty-first session), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers, and
measured blind once, on the commit that added it (figures above).

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved
nonogram: clue fonts from Debian packages no earlier nonogram family, test or digit-reader training uses
(fonts-klaudia-berenika, fonts-mph-2b-damase, fonts-sawarabi-gothic, fonts-morisawa-bizud-mincho, fonts-spleen,
fonts-triod-postnaja, fonts-reggae, fonts-summersby, fonts-adf-mekanus, fonts-gfs-porson, fonts-rampart), one style
keeping the input's clues; fills no earlier family uses (pebbles, basket weave, diamond tread plate, a waffle,
granite, a crackle glaze, sequins, a circuit board, bricks, fur, bamboo canes, moss);
empty-cell marks drawn in new ways (two dots side by side, a small outlined star, three dots in a triangle, a dot in
a small square, a small outlined diamond, a highlighter x, a grey tick, a short red minus); the planted errors drawn
in new ways (a pale fill fading down the cell, pale diagonal stripes, a pale corner triangle; zigzag, corner-bracket
and wavy frames; an ink-blot X, two crossed sticks, a jagged lightning X); three styles that redraw the whole puzzle
(every clue in its own small box with slightly tall cells, the 5x5 blocks drawn apart with white gaps between them
and wide cells, rounded cells with gaps and a rounded board); and page changes no earlier family uses (a photo on a
wooden table in perspective, a magazine page with text columns, an e-reader's grey screen, a water stain, venetian
blind shadows, a book's curved page by the gutter, a printer low on toner, a postcard, an old sepia photo, ballpoint
doodles with a dog-eared corner, a drawing app's screen, eraser crumbs and a pencil).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer20` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout20:HELDOUT20`` measures them like the earlier families.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from PIL import Image, ImageDraw

from nonogram_answers import LOREM, Style, plant
from nonogram_heldout15 import _jpeg, _nrng, _paste_rgba, _redraw_clues15
from nonogram_heldout17 import _blurred_noise, _clue_values, _erase_grid17, _font, _inner, _lift, _paste
from nonogram_heldout18 import _draw_grid18
from nonogram_heldout19 import _layer, _m, _on_table

WHITE = (255, 255, 255)


@dataclass(frozen=True)
class Style20(Style):
    """A HELDOUT20 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``boxed_clues``, ``split_blocks``, ``rounded_cells``;
    empty keeps the input's frame). ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer20(input_image, layout, truth, self, error, seed)


HELDOUT20 = (
    Style20("b_klaudia_pebbles_woodtable", "pebbles", (66, 70, 80), "dot_pair", "Klaudia-Bold.ttf",
            ("wood_table",), clue_scale=(0.95, 1.1), grid="maroon20", light_mark="light_fade",
            outline_mark="outline_zigzag", cross_mark="heavy_x_blot"),
    Style20("b_damase_basketweave_magazine", "basketweave", (104, 70, 34), "star_outline", "damase.ttf",
            ("magazine_columns", "jpeg"), clue_scale=(1.0, 1.15), clue_stroke=1, grid="bluegrey20",
            light_mark="light_stripes", outline_mark="outline_brackets", cross_mark="heavy_x_sticks"),
    Style20("b_sawarabi_diamondplate_ereader", "diamond_plate", (84, 88, 98), "triad", "sawarabi-gothic-medium.ttf",
            ("e_reader",), clue_scale=(1.0, 1.15), grid="graphite20", light_mark="light_corner",
            outline_mark="outline_wavy", cross_mark="heavy_x_jagged"),
    Style20("b_bizmincho_waffle_waterstain", "waffle", (150, 36, 58), "boxed_dot", "BIZUDPMincho-Regular.ttf",
            ("water_stain", "jpeg"), clue_scale=(1.05, 1.2), clue_stroke=1, grid="maroon20", light_mark="light_fade",
            outline_mark="outline_brackets", cross_mark="heavy_x_jagged"),
    Style20("b_spleen_granite_blinds", "granite", (58, 58, 62), "diamond_outline", "spleen-16x32.otf",
            ("venetian_blind", "jpeg"), clue_scale=(1.05, 1.2), grid="bluegrey20", light_mark="light_stripes",
            outline_mark="outline_wavy", cross_mark="heavy_x_blot"),
    Style20("b_triod_crackle_bookcurve", "crackle_glaze", (22, 40, 96), "hi_x", "TriodPostnaja.ttf", ("book_curve",),
            clue_scale=(1.0, 1.15), grid="graphite20", light_mark="light_corner", outline_mark="outline_zigzag",
            cross_mark="heavy_x_sticks"),
    Style20("b_reggae_sequins_lowtoner", "sequins", (28, 104, 116), "none", "ReggaeOne-Regular.ttf", ("low_toner", "jpeg"),
            clue_scale=(0.95, 1.1), grid="maroon20", light_mark="light_fade", outline_mark="outline_wavy",
            cross_mark="heavy_x_sticks"),
    Style20("b_summersby_circuit_postcard", "circuit", (18, 86, 48), "tick", "summersby.ttf", ("postcard",),
            clue_scale=(1.05, 1.2), grid="bluegrey20", light_mark="light_stripes", outline_mark="outline_brackets",
            cross_mark="heavy_x_jagged"),
    Style20("b_inputclues_bricks_sepia", "bricks", (120, 44, 30), "red_minus", None,
            ("sepia_photo", "jpeg"), grid="kept", light_mark="light_corner", outline_mark="outline_zigzag",
            cross_mark="heavy_x_blot"),
    Style20("b_mekanus_fur_redrawboxed", "fur", (36, 48, 112), "star_outline", "MekanusADFStd-Bold.otf",
            ("margin_doodles", "dog_ear"), clue_scale=(1.0, 1.15), light_mark="light_fade",
            outline_mark="outline_brackets", cross_mark="heavy_x_blot", redraw="boxed_clues"),
    Style20("b_porson_bamboo_redrawsplit", "bamboo", (70, 84, 30), "boxed_dot", "GFSPorson.otf",
            ("drawing_app",), clue_scale=(1.05, 1.2), clue_stroke=1, light_mark="light_stripes",
            outline_mark="outline_wavy", cross_mark="heavy_x_sticks", redraw="split_blocks"),
    Style20("b_rampart_moss_redrawrounded", "moss", (34, 70, 30), "diamond_outline", "RampartOne-Regular.ttf",
            ("eraser_crumbs", "jpeg"), clue_scale=(1.0, 1.1), light_mark="light_corner", outline_mark="outline_zigzag",
            cross_mark="heavy_x_jagged", redraw="rounded_cells"),
)

CHANGE_FONT = "Berenika-Bold.ttf"  # a changed clue on a page that keeps the input's clues: all clues redrawn


# ------------------------------------------------------------------------------------------ geometry


def _box(L: dict[str, Any], r: int, c: int) -> tuple[float, float, float, float]:
    """Cell (r, c)'s box on the page: ``x0s``/``y0s`` hold each column's and row's first pixel (blocks may be apart)."""
    x0, y0 = L["x0s"][c], L["y0s"][r]
    return x0, y0, x0 + L["cw"], y0 + L["ch"]


def _starts(origin: float, n: int, size: float, gap: float) -> list[float]:
    """First pixels of ``n`` cells of ``size`` from ``origin``, ``gap`` more after every fifth."""
    return [origin + i * size + (i // 5) * gap for i in range(n)]


# ------------------------------------------------------------------------------------------ fills


def _tex20(kind: str, w: int, h: int, colour, g: np.random.Generator, rng: random.Random
           ) -> tuple[np.ndarray, np.ndarray | None]:
    """A filled cell's picture (h, w, 3 float) in ``kind`` and its coverage (None: the whole box)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    alpha = None
    if kind == "pebbles":  # river pebbles packed close: rounded stones of several greys in dark gaps
        tex[:] = col * 0.45
        im = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(im)
        r = s / 5.5
        y = -r * 0.2
        while y < h + r:
            x = rng.uniform(-r, 0)
            while x < w + r:
                rx, ry = r * rng.uniform(0.8, 1.15), r * rng.uniform(0.65, 0.95)
                tone = col * rng.uniform(0.85, 1.35)
                d.ellipse([x - rx, y - ry, x + rx, y + ry], fill=tuple(int(min(255, v)) for v in tone))
                d.ellipse([x - rx * 0.5, y - ry * 0.6, x, y - ry * 0.2],
                          fill=tuple(int(min(255, v)) for v in tone * 1.12))
                x += rx * 2.05
            y += r * 1.5
        tex = np.asarray(im, np.float32)
    elif kind == "basketweave":  # basket weave: 2x2 squares of three strips each, alternately across and down
        n = 2
        pw, ph = w / n, h / n
        bi, bj = np.floor(xx / pw), np.floor(yy / ph)
        u, v = (xx % pw) / pw, (yy % ph) / ph
        across = ((bi + bj) % 2) == 0
        t = np.where(across, v, u) * 3
        strip = t % 1.0
        shade = 0.78 + 0.34 * np.sin(math.pi * strip)
        tex *= shade[..., None]
        tex[(strip < 0.08) | (strip > 0.94)] = col * 0.5
        tex += g.normal(0, 3, (h, w, 1))
    elif kind == "diamond_plate":  # steel tread plate: raised lozenges in a diagonal pattern, lit from the top
        p = max(5.0, s / 3.5)
        u, v = (xx + yy) / p, (xx - yy) / p
        ui, vi = np.floor(u), np.floor(v)
        du, dv = u - ui - 0.5, v - vi - 0.5
        along = np.where((ui + vi) % 2 == 0, du, dv)
        across = np.where((ui + vi) % 2 == 0, dv, du)
        lozenge = (np.abs(along) < 0.38) & (np.abs(across) < 0.12)
        tex *= (0.95 + 0.05 * _blurred_noise(g, h, w, 2))[..., None]
        tex[lozenge] = _lift(col, 0.3)
        tex[lozenge & (across > 0.05)] = col * 0.6
    elif kind == "waffle":  # a waffle: a raised lattice round deep square pockets
        n = 3
        pw, ph = w / n, h / n
        u, v = (xx % pw) / pw, (yy % ph) / ph
        ridge = (u < 0.22) | (v < 0.22)
        tex *= np.where(ridge, 1.15, 0.72 + 0.2 * v)[..., None]
        tex[ridge & ((u < 0.06) | (v < 0.06))] = _lift(col, 0.25)
        tex += g.normal(0, 3, (h, w, 1))
    elif kind == "granite":  # granite: a grey with black and white grains and darker mica
        tex *= (0.95 + 0.06 * _blurred_noise(g, h, w, 1.0))[..., None]
        grain = g.random((h, w))
        tex[grain < 0.16] = (20, 20, 22)
        tex[(grain > 0.16) & (grain < 0.22)] = _lift(col, 0.5)
        tex[(grain > 0.97)] = (196, 196, 200)
        tex = cv2.GaussianBlur(tex, (0, 0), 0.5)
    elif kind == "crackle_glaze":  # a crackle glaze: a glossy glaze crazed with a network of fine paler cracks
        pts = [(rng.uniform(0, w), rng.uniform(0, h)) for _ in range(rng.randint(9, 14))]
        dist = np.sort(np.stack([np.hypot(xx - px, yy - py) for px, py in pts]), axis=0)
        tex *= (0.92 + 0.1 * np.clip(1 - yy / h, 0, 1) + 0.04 * _blurred_noise(g, h, w, 2))[..., None]
        tex[(dist[1] - dist[0]) < max(1.0, s / 30)] = _lift(col, 0.4)
    elif kind == "sequins":  # sequins: overlapping shiny discs in offset rows, each with a hole and a glint
        tex[:] = col * 0.55
        im = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(im)
        r = max(3.0, s / 6)
        y, row = -r * 0.3, 0
        while y < h + r:
            x = -r * 0.5 + (row % 2) * r
            while x < w + r:
                lit = rng.uniform(0.9, 1.25)
                d.ellipse([x - r, y - r, x + r, y + r], fill=tuple(int(min(255, v * lit)) for v in col),
                          outline=tuple(int(v * 0.5) for v in col))
                d.ellipse([x - r * 0.55, y - r * 0.7, x - r * 0.05, y - r * 0.3],
                          fill=tuple(int(v) for v in _lift(col, 0.45)))
                d.ellipse([x - r * 0.15, y - r * 0.15, x + r * 0.15, y + r * 0.15],
                          fill=tuple(int(v * 0.4) for v in col))
                x += 2 * r
            y += r * 1.5
            row += 1
        tex = np.asarray(im, np.float32)
    elif kind == "circuit":  # a circuit board: green solder mask, lighter copper traces, tinned pads
        tex *= (0.95 + 0.05 * _blurred_noise(g, h, w, 2))[..., None]
        im = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(im)
        trace = tuple(int(v) for v in _lift(col, 0.28))
        lw = max(1, round(s / 18))
        for _ in range(rng.randint(4, 6)):
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            pts = [(x, y)]
            for _ in range(3):
                dx, dy = rng.choice(((1, 0), (0, 1), (1, 1), (1, -1), (-1, 0), (0, -1)))
                ln = rng.uniform(0.2, 0.45) * s
                x, y = x + dx * ln, y + dy * ln
                pts.append((x, y))
            d.line(pts, fill=trace, width=lw, joint="curve")
            r = max(1.5, s / 16)
            d.ellipse([x - r, y - r, x + r, y + r], fill=(150, 140, 96))
        tex = np.asarray(im, np.float32)
    elif kind == "bricks":  # a brick wall: rows of bricks, each its own tone, in pale mortar
        bh = h / 3
        row = np.floor(yy / bh)
        bw = w / 2
        off = (row % 2) * bw / 2
        bi = np.floor((xx + off) / bw)
        tone = 0.82 + 0.3 * (((bi * 5 + row * 3) % 4) / 3)
        tex *= tone[..., None]
        mortar = ((yy % bh) < max(1.0, s / 22)) | (((xx + off) % bw) < max(1.0, s / 22))
        tex[mortar] = (150, 140, 130)
        tex += g.normal(0, 4, (h, w, 1))
    elif kind == "fur":  # short fur: dense short strands laid one way, darker beneath, a few pale tips
        tex[:] = col * 0.7
        im = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(im)
        ang = rng.uniform(0.9, 1.3)
        ln = s * 0.16
        for _ in range(int(w * h / 6)):
            x, y = rng.uniform(-2, w + 2), rng.uniform(-2, h + 2)
            a_ = ang + rng.uniform(-0.3, 0.3)
            tone = col * rng.uniform(0.8, 1.4)
            d.line([(x, y), (x + ln * math.cos(a_), y + ln * math.sin(a_))],
                   fill=tuple(int(min(255, v)) for v in tone), width=1)
        tex = np.asarray(im, np.float32)
    elif kind == "bamboo":  # bamboo canes side by side: rounded shading across each cane, a node ring on each
        n = rng.choice((3, 4))
        pw = w / n
        u = (xx % pw) / pw
        tex *= (0.7 + 0.55 * np.sin(math.pi * u) ** 0.7)[..., None]
        ci = np.floor(xx / pw)
        node_y = h * (0.3 + 0.4 * ((ci * 0.37) % 1.0))
        node = np.abs(yy - node_y) < max(1.0, s / 26)
        tex[node] = col * 0.45
        tex[(xx % pw) < 1] = col * 0.4
    elif kind == "moss":  # moss: a dark green cushion, fuzzy at its rim, paler tips
        n1 = _blurred_noise(g, h, w, max(0.8, s / 16))
        tex *= (0.9 + 0.15 * n1)[..., None]
        tips = g.random((h, w)) < 0.05
        tex[tips] = _lift(col, 0.35)
        edge = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy]) / max(1.0, s * 0.1)
        alpha = np.clip(edge + 0.5 * _blurred_noise(g, h, w, 1.0), 0, 1).astype(np.float32)
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255), alpha


def _draw_fill20(img: Image.Image, box, style: Style20, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.1 if style.redraw == "rounded_cells" else 0.07)
    w, h = bx - ax, by - ay
    tex, alpha = _tex20(style.fill, w, h, style.fill_colour, g, rng)
    if light:
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = style.fill_colour
        if light == "light_fade":  # a pale fill of the fill's colour, strongest at the top, fading down
            alpha = 0.62 - 0.36 * (yy / max(1, h - 1))
        elif light == "light_stripes":  # broad pale diagonal stripes of the fill's colour
            p = max(5.0, min(w, h) / 3.2)
            alpha = np.where(((xx + yy) % p) < p * 0.55, 0.55, 0.1)
        elif light == "light_corner":  # a pale triangle in the lower left over a paler whole cell
            alpha = np.where(yy / h > xx / w, 0.55, 0.2)
        else:
            raise ValueError(light)
        alpha = cv2.GaussianBlur(alpha.astype(np.float32), (0, 0), 0.7)
    _paste(img, tex, ax, ay, alpha)


def _mark_colour(style: Style20) -> tuple[int, int, int]:
    return tuple(int(v) for v in style.fill_colour)


def _draw_outline20(img: Image.Image, box, style: Style20, rng: random.Random) -> None:
    """The planted extra_outline cell: a heavy frame with an empty middle."""
    kind = style.outline_mark
    ax, ay, bx, by = _inner(box, 0.08)
    w, h = bx - ax, by - ay
    s = min(w, h)
    col = np.asarray(_mark_colour(style), np.float32)
    im, d = _layer(w, h)
    f = rng.uniform(0.2, 0.24) * s
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    if kind == "outline_zigzag":  # a zigzag band round the cell
        lw = max(2, round(f / 2.2))
        n = max(4, round(s / (f * 1.1)))
        for (px, py), (qx, qy) in (((f / 2, f / 2), (w - f / 2, f / 2)), ((w - f / 2, f / 2), (w - f / 2, h - f / 2)),
                                   ((w - f / 2, h - f / 2), (f / 2, h - f / 2)), ((f / 2, h - f / 2), (f / 2, f / 2))):
            ln = math.hypot(qx - px, qy - py)
            ux, uy = (qx - px) / ln, (qy - py) / ln
            pts = [(px + ux * ln * k / (2 * n) + (-uy) * f * 0.42 * (1 if k % 2 else -1),
                    py + uy * ln * k / (2 * n) + ux * f * 0.42 * (1 if k % 2 else -1)) for k in range(2 * n + 1)]
            d.line(pts, fill=255, width=lw, joint="curve")
    elif kind == "outline_brackets":  # four heavy corner brackets
        arm = rng.uniform(0.32, 0.36) * s
        for cx, cy, sx, sy in ((0, 0, 1, 1), (w - 1, 0, -1, 1), (0, h - 1, 1, -1), (w - 1, h - 1, -1, -1)):
            d.rectangle(sorted([cx, cx + sx * arm])[:1] + sorted([cy, cy + sy * f])[:1]
                        + sorted([cx, cx + sx * arm])[1:] + sorted([cy, cy + sy * f])[1:], fill=255)
            d.rectangle(sorted([cx, cx + sx * f])[:1] + sorted([cy, cy + sy * arm])[:1]
                        + sorted([cx, cx + sx * f])[1:] + sorted([cy, cy + sy * arm])[1:], fill=255)
    elif kind == "outline_wavy":  # a thick wavy band round the cell
        lw = max(2, round(f * 0.8))
        amp = f * 0.3
        for horiz, c0 in ((True, f / 2), (True, h - f / 2), (False, f / 2), (False, w - f / 2)):
            ln = w if horiz else h
            pts = []
            for t in range(0, int(ln) + 1, 2):
                o = amp * math.sin(2 * math.pi * t / max(6.0, s / 2.5))
                pts.append((t, c0 + o) if horiz else (c0 + o, t))
            d.line(pts, fill=255, width=lw, joint="curve")
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, _m(im), ax, ay)


def _draw_cross20(img: Image.Image, box, style: Style20, rng: random.Random) -> None:
    """A planted x_instead cell: a heavy X where a fill belongs."""
    kind = style.cross_mark
    ax, ay, bx, by = _inner(box, 0.06)
    w, h = bx - ax, by - ay
    s = min(w, h)
    col = np.asarray(_mark_colour(style), np.float32)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    a = 0.14 * s
    im, d = _layer(w, h)
    arms = (((a, a), (w - a, h - a)), ((w - a, a), (a, h - a)))
    if kind == "heavy_x_blot":  # an ink X: heavy strokes with blots at their ends and a drip
        wid = max(3, round(s / 5))
        for p, q in arms:
            d.line([p, q], fill=255, width=wid)
            for x, y in (p, q):
                r = wid * rng.uniform(0.6, 0.8)
                d.ellipse([x - r, y - r, x + r, y + r], fill=255)
        x, y = arms[0][1]
        d.line([(x, y), (x + rng.uniform(-1, 1), min(h - 1, y + 0.1 * s))], fill=255, width=max(2, wid // 2))
        m = cv2.GaussianBlur(_m(im), (0, 0), 0.6)
        _paste_rgba(img, tex, m, ax, ay)
        return
    if kind == "heavy_x_sticks":  # two sticks laid crossed: grain along them, a darker edge
        wid = max(4, round(s / 4.2))
        for p, q in arms:
            lay, dl = _layer(w, h)
            dl.line([p, q], fill=255, width=wid)
            m = _m(lay)
            ux, uy = q[0] - p[0], q[1] - p[1]
            ln = math.hypot(ux, uy)
            yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
            across = ((xx - p[0]) * -uy + (yy - p[1]) * ux) / ln
            grain = 0.9 + 0.12 * np.sin(across * 2.2 + 0.3 * np.sin((xx * ux + yy * uy) / ln * 0.4))
            edge = np.abs(across) > wid * 0.36
            t = tex * grain[..., None]
            t[edge] = col * 0.55
            _paste_rgba(img, t, m, ax, ay)
        return
    if kind == "heavy_x_jagged":  # two jagged lightning strokes crossing
        wid = max(3, round(s / 6))
        for p, q in arms:
            pts = []
            for k in range(9):
                t = k / 8
                x, y = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
                if 0 < k < 8:
                    o = (0.035 if k % 2 else -0.035) * s
                    x, y = x + o, y - o if p[0] < q[0] and p[1] < q[1] else y + o
                pts.append((x, y))
            d.line(pts, fill=255, width=wid, joint="curve")
        _paste_rgba(img, tex, _m(im), ax, ay)
        return
    raise ValueError(kind)


def _draw_empty20(d: ImageDraw.ImageDraw, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    lw = max(1, round(s / 28))
    if kind == "none":
        return
    if kind == "dot_pair":  # two small dots side by side
        r = max(1.2, 0.045 * s)
        for dx in (-0.1, 0.1):
            d.ellipse([cx + dx * s - r, cy - r, cx + dx * s + r, cy + r], fill=(90, 90, 98))
    elif kind == "star_outline":  # a small outlined five-pointed star
        R, r = 0.14 * s, 0.06 * s
        pts = [(cx + (R if k % 2 == 0 else r) * math.sin(math.pi * k / 5),
                cy - (R if k % 2 == 0 else r) * math.cos(math.pi * k / 5)) for k in range(10)]
        d.polygon(pts, outline=(120, 120, 130), width=lw)
    elif kind == "triad":  # three small dots in a triangle
        r = max(1.0, 0.035 * s)
        for dx, dy in ((0, -0.08), (-0.08, 0.06), (0.08, 0.06)):
            d.ellipse([cx + dx * s - r, cy + dy * s - r, cx + dx * s + r, cy + dy * s + r], fill=(96, 96, 104))
    elif kind == "boxed_dot":  # a dot in a small square
        k, r = 0.13 * s, max(1.0, 0.035 * s)
        d.rectangle([cx - k, cy - k, cx + k, cy + k], outline=(140, 140, 148), width=lw)
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(110, 110, 118))
    elif kind == "diamond_outline":  # a small outlined diamond
        k = 0.13 * s
        d.polygon([(cx, cy - k), (cx + k, cy), (cx, cy + k), (cx - k, cy)], outline=(120, 120, 128), width=lw)
    elif kind == "hi_x":  # an x in yellow highlighter
        k = 0.17 * s
        for sx in (-1, 1):
            d.line([(cx - k, cy - sx * k), (cx + k, cy + sx * k)], fill=(236, 214, 70), width=max(2, round(s / 12)))
    elif kind == "tick":  # a small grey tick
        k = 0.12 * s
        d.line([(cx - k, cy), (cx - k * 0.3, cy + k * 0.8), (cx + k, cy - k)], fill=(130, 130, 136), width=lw,
               joint="curve")
    elif kind == "red_minus":  # a short red minus
        k = 0.12 * s
        d.line([(cx - k, cy), (cx + k, cy)], fill=(200, 50, 50), width=max(1, round(s / 20)))
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids and redraws


def _wobbly(d: ImageDraw.ImageDraw, p, q, fill, width: int, rng: random.Random) -> None:
    """A hand-ruled pencil line: a polyline that wanders a little off the straight."""
    n = 8
    amp = rng.uniform(0.3, 0.8)
    ph = rng.uniform(0, 6.3)
    ln = math.hypot(q[0] - p[0], q[1] - p[1]) or 1.0
    nx, ny = -(q[1] - p[1]) / ln, (q[0] - p[0]) / ln
    pts = []
    for k in range(n + 1):
        t = k / n
        o = amp * math.sin(ph + t * 5.0)
        pts.append((p[0] + (q[0] - p[0]) * t + nx * o, p[1] + (q[1] - p[1]) * t + ny * o))
    d.line(pts, fill=fill, width=width, joint="curve")


def _draw_grid20(img: Image.Image, L: dict[str, Any], rng: random.Random, kind: str, inp: np.ndarray | None) -> None:
    if kind == "kept":
        _draw_grid18(img, L, rng, "kept", inp)
        return
    rows, cols, cw, ch = L["rows"], L["cols"], L["cw"], L["ch"]
    s = min(cw, ch)
    d = ImageDraw.Draw(img)
    if kind == "split_blocks":  # each 5x5 block its own small grid, white gaps between the blocks
        for bi in range(0, cols, 5):
            for bj in range(0, rows, 5):
                c1, r1 = min(cols, bi + 5), min(rows, bj + 5)
                x0, y0 = L["x0s"][bi], L["y0s"][bj]
                x1, y1 = L["x0s"][c1 - 1] + cw, L["y0s"][r1 - 1] + ch
                for c in range(bi + 1, c1):
                    d.line([(L["x0s"][c], y0), (L["x0s"][c], y1)], fill=(136, 128, 120), width=1)
                for r in range(bj + 1, r1):
                    d.line([(x0, L["y0s"][r]), (x1, L["y0s"][r])], fill=(136, 128, 120), width=1)
                d.rectangle([x0 - 1, y0 - 1, x1 + 1, y1 + 1], outline=(40, 30, 24), width=max(2, round(s / 14)))
        return
    if kind == "rounded_cells":  # every cell a rounded square of its own, a rounded board round them all
        for r in range(rows):
            for c in range(cols):
                x0, y0, x1, y1 = _box(L, r, c)
                d.rounded_rectangle([x0, y0, x1, y1], radius=max(2, round(0.22 * s)), outline=(96, 100, 92),
                                    width=max(1, round(s / 24)))
        gx0, gy0, gx1, gy1 = L["grid_bbox"]
        o = 0.22 * s
        d.rounded_rectangle([gx0 - o, gy0 - o, gx1 + o, gy1 + o], radius=round(0.5 * s), outline=(40, 46, 38),
                            width=max(2, round(s / 12)))
        return
    gx0, gy0, gx1, gy1 = L["grid_bbox"]
    xs = [gx0 + i * cw for i in range(cols + 1)]
    ys = [gy0 + j * ch for j in range(rows + 1)]
    if kind == "boxed_clues":  # plain thin lines, heavier fifths and a double frame
        for i, x in enumerate(xs[1:-1], 1):
            d.line([(x, gy0), (x, gy1)], fill=(40, 40, 46) if i % 5 == 0 else (150, 150, 156),
                   width=2 if i % 5 == 0 else 1)
        for j, y in enumerate(ys[1:-1], 1):
            d.line([(gx0, y), (gx1, y)], fill=(40, 40, 46) if j % 5 == 0 else (150, 150, 156),
                   width=2 if j % 5 == 0 else 1)
        d.rectangle([gx0 - 1, gy0 - 1, gx1 + 1, gy1 + 1], outline=(24, 24, 28), width=3)
        o = max(4, round(s * 0.14))
        d.rectangle([gx0 - o, gy0 - o, gx1 + o, gy1 + o], outline=(24, 24, 28), width=1)
        return
    if kind == "maroon20":  # maroon ink: thin minor lines, heavy fifths and frame
        minor, major = (170, 110, 116), (110, 20, 36)
        thin, thick = max(1, round(s / 26)), max(3, round(s / 9))
    elif kind == "bluegrey20":  # pale blue minor lines, dark blue-grey fifths and frame
        minor, major = (170, 196, 222), (46, 60, 80)
        thin, thick = max(1, round(s / 26)), max(3, round(s / 10))
    elif kind == "graphite20":  # hand-ruled in pencil: the lines wander a little
        for i, x in enumerate(xs):
            big = i % 5 == 0 or i == cols
            _wobbly(d, (x, gy0 - 2), (x, gy1 + 2), (70, 70, 76) if big else (128, 128, 134), 3 if big else 1, rng)
        for j, y in enumerate(ys):
            big = j % 5 == 0 or j == rows
            _wobbly(d, (gx0 - 2, y), (gx1 + 2, y), (70, 70, 76) if big else (128, 128, 134), 3 if big else 1, rng)
        return
    else:
        raise ValueError(kind)
    for i, x in enumerate(xs):
        big = i % 5 == 0 or i == cols
        w_ = thick if big else thin
        d.line([(x, gy0 - (w_ // 2 if big else 0)), (x, gy1 + (w_ // 2 if big else 0))], fill=major if big else minor,
               width=w_)
    for j, y in enumerate(ys):
        big = j % 5 == 0 or j == rows
        w_ = thick if big else thin
        d.line([(gx0 - (w_ // 2 if big else 0), y), (gx1 + (w_ // 2 if big else 0), y)], fill=major if big else minor,
               width=w_)


def _redraw_whole20(layout: dict[str, Any], truth: dict[str, Any], style: Style20, change, rng: random.Random
                    ) -> tuple[Image.Image, dict[str, Any]]:
    """The whole puzzle drawn anew as a model lays it out (``style.redraw``): its own canvas, cell proportions, clue
    layout and margins. Returns the page (no marks, no grid yet) and its geometry."""
    kind = style.redraw
    rows, cols = layout["rows"], layout["cols"]
    base = layout["cell_px"] * rng.uniform(0.92, 1.02)
    row_vals = [_clue_values("row", r, c, change) for r, c in enumerate(truth["row_clues"])]
    col_vals = [_clue_values("col", c, v, change) for c, v in enumerate(truth["col_clues"])]
    if kind == "boxed_clues":
        cw, ch, gap = base * rng.uniform(0.98, 1.04), base * rng.uniform(1.1, 1.16), 0.0
    elif kind == "split_blocks":
        cw, ch = base * rng.uniform(1.12, 1.2), base * rng.uniform(0.94, 1.0)
        gap = base * rng.uniform(0.3, 0.4)
    else:  # rounded_cells: square cells a little apart, wider gaps between blocks
        cw = ch = base * rng.uniform(0.9, 0.96)
        gap = base * rng.uniform(0.12, 0.16)
    pitch_gap = 0.07 * cw if kind == "rounded_cells" else 0.0  # rounded cells stand apart from their neighbours
    px = round(layout["clue_font_px"] * rng.uniform(*style.clue_scale))
    font = _font(style.clue_font, px)
    probe = ImageDraw.Draw(Image.new("L", (4, 4)))
    boxed = kind == "boxed_clues"
    gapn = px * (0.55 if boxed else rng.uniform(*style.clue_gap))
    slot = px * (1.5 if boxed else rng.uniform(1.2, 1.35))
    bw = max(probe.textlength("10", font=font), px * 0.9) + px * 0.45  # a clue box's width (boxed)
    if boxed:
        row_w = max(len(v) for v in row_vals) * (bw + gapn * 0.4)
    else:
        row_w = max(sum(probe.textlength(t, font=font) for t in v) + gapn * (len(v) - 1) for v in row_vals)
    col_h = max(len(v) for v in col_vals) * slot
    pad = 0.45 * min(cw, ch)
    m = round(base * rng.uniform(0.6, 0.8))
    gx0, gy0 = m + row_w + pad, m + col_h + pad
    x0s = _starts(gx0, cols, cw + pitch_gap, gap)
    y0s = _starts(gy0, rows, ch + pitch_gap, gap)
    cw_, ch_ = cw, ch
    gx1, gy1 = x0s[-1] + cw_, y0s[-1] + ch_
    W, H = round(gx1 + m), round(gy1 + m)
    paper = {"boxed_clues": (254, 253, 250), "split_blocks": WHITE, "rounded_cells": (250, 252, 248)}[kind]
    img = Image.new("RGB", (W, H), paper)
    d = ImageDraw.Draw(img)
    L = {"grid_bbox": [gx0, gy0, gx1, gy1], "rows": rows, "cols": cols, "cw": cw_, "ch": ch_, "cell_px": min(cw, ch),
         "x0s": x0s, "y0s": y0s}
    pen = dict(fill=style.clue_colour, stroke_width=style.clue_stroke, stroke_fill=style.clue_colour)
    for r, vals in enumerate(row_vals):
        cy = y0s[r] + ch_ / 2
        x = gx0 - pad
        for t in reversed(vals):
            if boxed:
                bh = min(ch_ * 0.78, px * 1.45)
                d.rounded_rectangle([x - bw, cy - bh / 2, x, cy + bh / 2], radius=3, fill=(240, 242, 246),
                                    outline=(150, 156, 168), width=1)
                d.text((x - bw / 2, cy), t, font=font, anchor="mm", **pen)
                x -= bw + gapn * 0.4
            else:
                wt = d.textlength(t, font=font)
                d.text((x - wt / 2, cy), t, font=font, anchor="mm", **pen)
                x -= wt + gapn
    for c, vals in enumerate(col_vals):
        cx = x0s[c] + cw_ / 2
        for k, t in enumerate(vals):
            cy = gy0 - pad - (len(vals) - k - 0.5) * slot
            if boxed:
                bwc, bh = min(cw_ * 0.84, bw), slot * 0.86
                d.rounded_rectangle([cx - bwc / 2, cy - bh / 2, cx + bwc / 2, cy + bh / 2], radius=3,
                                    fill=(240, 242, 246), outline=(150, 156, 168), width=1)
            d.text((cx, cy), t, font=font, anchor="mm", **pen)
    return img, L


# ------------------------------------------------------------------------------------------ pages


def _wood(g: np.random.Generator, h: int, w: int) -> np.ndarray:
    """A wooden table top: planks along x with grain and knots."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    plank = max(60, h // 5)
    pi = np.floor(yy / plank)
    grain = cv2.GaussianBlur(g.standard_normal((h, w)).astype(np.float32), (0, 0), sigmaX=40, sigmaY=1.2)
    grain /= grain.std() + 1e-6
    rings = np.sin((yy + 6 * _blurred_noise(g, h, w, 30)) / 3.0) * 0.5
    base = np.array((150, 100, 60), np.float32)
    tone = 0.85 + 0.1 * ((pi * 37) % 3) / 2
    out = base * (tone + 0.07 * grain + 0.04 * rings)[..., None]
    out[(yy % plank) < 2] *= 0.55
    return out


def _perspective(a: np.ndarray, k: float, bg) -> np.ndarray:
    """The picture as photographed from below its bottom edge: the top edge narrower by ``k`` of the width."""
    h, w = a.shape[:2]
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = np.float32([[w * k / 2, h * 0.02], [w * (1 - k / 2), h * 0.02], [w, h], [0, h]])
    M = cv2.getPerspectiveTransform(src, dst)
    return cv2.warpPerspective(a, M, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                               borderValue=tuple(float(v) for v in bg))


def _text_lines(d: ImageDraw.ImageDraw, box, rng: random.Random, font, fill, leading: float) -> None:
    """Body text (words from LOREM) set ragged-right in ``box``."""
    x0, y0, x1, y1 = box
    y = y0
    words = LOREM[rng.randrange(len(LOREM)):] + LOREM
    i = 0
    while y + leading <= y1:
        line = ""
        while i < len(words) and d.textlength(line + " " + words[i], font=font) < x1 - x0:
            line = (line + " " + words[i]).strip()
            i = (i + 1) % len(words)
        d.text((x0, y), line, font=font, fill=fill)
        y += leading


def _printed(a: np.ndarray, paper) -> np.ndarray:
    """The page printed on paper of colour ``paper``: the ink multiplies the paper's tone (white takes the paper's)."""
    return np.clip(a.astype(np.float32) * (np.asarray(paper, np.float32) / 255.0), 0, 255).astype(np.uint8)


def _page20(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    if e == "jpeg":
        return _jpeg(a, rng.randint(80, 90))
    if e == "wood_table":  # photographed on a wooden table from the near side: perspective, a soft light fall-off
        M = round(0.08 * max(h, w))
        bg = _wood(g, h + 2 * M + 60, w + 2 * M + 60)
        out = _on_table(a, bg, rng.uniform(-2, 2), (M, M), 0.45, g)
        out = _perspective(np.clip(out, 0, 255).astype(np.uint8), rng.uniform(0.08, 0.12), (90, 60, 36))
        Hc, Wc = out.shape[:2]
        yy, xx = np.mgrid[0:Hc, 0:Wc].astype(np.float32)
        out = out.astype(np.float32) * (1.04 - 0.14 * np.hypot(xx / Wc - 0.5, yy / Hc - 0.6))[..., None]
        out += g.normal(0, 2, out.shape)
        return _jpeg(np.clip(out, 0, 255).astype(np.uint8), rng.randint(84, 90))
    if e == "magazine_columns":  # on a magazine page: a headline, three text columns, the puzzle set across two
        col_w = w * 0.5
        gut = round(w * 0.04)
        W = round(w + col_w + 3 * gut)
        top = round(h * 0.16)
        H = round(top + h + h * 0.22)
        img = Image.new("RGB", (W, H), (250, 248, 244))
        d = ImageDraw.Draw(img)
        hf = _font("DejaVuSerif-Bold.ttf", max(18, round(top * 0.36)))
        d.text((gut, top * 0.2), "Brain Games", font=hf, fill=(150, 24, 30))
        sf = _font("DejaVuSans.ttf", max(10, round(top * 0.16)))
        d.text((gut, top * 0.68), "LAST WEEK'S NONOGRAM, SOLVED", font=sf, fill=(70, 70, 76))
        d.line([(gut, top - 6), (W - gut, top - 6)], fill=(150, 24, 30), width=3)
        bf = _font("DejaVuSerif.ttf", max(9, round(h * 0.019)))
        lead = bf.size * 1.45
        _text_lines(d, (gut, top, gut + col_w, H - gut), rng, bf, (60, 60, 64), lead)
        img.paste(Image.fromarray(_printed(a, (250, 248, 244))), (round(2 * gut + col_w), top))
        _text_lines(d, (2 * gut + col_w, top + h + gut, W - gut, H - gut), rng, bf, (60, 60, 64), lead)
        d.text((W - gut, H - gut * 0.6), "38", font=sf, fill=(110, 110, 116), anchor="rm")
        return np.asarray(img)
    if e == "e_reader":  # shown on an e-reader: grey e-ink, low contrast, a faint ghost of the last page, a bezel
        grey = a.astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32)
        ink = 232 - (232 - 46) * (1 - grey / 255.0)
        ghost = np.roll(grey, (round(h * 0.03), round(w * 0.05)), axis=(0, 1))
        ink -= 4 * (1 - ghost / 255.0)
        top, bot, side = round(h * 0.06), round(h * 0.06), round(w * 0.05)
        scr = np.full((h + top + bot, w + 2 * side), 232, np.float32)
        scr[top:top + h, side:side + w] = ink
        img = Image.fromarray(np.clip(scr, 0, 255).astype(np.uint8)).convert("RGB")
        d = ImageDraw.Draw(img)
        f = _font("DejaVuSerif.ttf", max(10, round(top * 0.36)))
        d.text((side, top / 2), "Puzzles for the Train", font=f, fill=(70, 70, 70), anchor="lm")
        d.text((w + side, top / 2), "12%", font=f, fill=(70, 70, 70), anchor="rm")
        d.text(((w + 2 * side) / 2, top + h + bot / 2), "Page 41 of 212", font=f, fill=(90, 90, 90), anchor="mm")
        scr = np.asarray(img, np.float32)
        B = round(0.07 * w)
        dev = np.empty((scr.shape[0] + 2 * B + round(0.08 * h), scr.shape[1] + 2 * B, 3), np.float32)
        dev[:] = (36, 36, 38)
        dev[B:B + scr.shape[0], B:B + scr.shape[1]] = scr
        dev += g.normal(0, 1.5, dev.shape)
        return np.clip(dev, 0, 255).astype(np.uint8)
    if e == "water_stain":  # a dried water stain: a faint brown tint with a darker irregular tide line
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        cx, cy = rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h
        r = rng.uniform(0.16, 0.24) * min(h, w)
        dd = np.hypot(xx - cx, (yy - cy) * 1.2) + 0.12 * r * _blurred_noise(g, h, w, r / 3)
        inside = cv2.GaussianBlur((dd < r).astype(np.float32), (0, 0), 2)
        tide = np.exp(-((dd - r) / max(1.5, 0.03 * r)) ** 2)
        f = 1 - inside[..., None] * np.array([0.03, 0.07, 0.14], np.float32) \
            - tide[..., None] * np.array([0.1, 0.16, 0.26], np.float32)
        return np.clip(a.astype(np.float32) * f, 0, 255).astype(np.uint8)
    if e == "venetian_blind":  # sunlight through a venetian blind: slanted soft bands of shade across the page
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        p = rng.uniform(0.09, 0.13) * h
        u = (yy + xx * rng.uniform(-0.12, 0.12)) / p
        band = np.clip((np.abs((u % 1.0) - 0.5) - 0.12) / 0.12, 0, 1)
        band = cv2.GaussianBlur(band.astype(np.float32), (0, 0), 2.5)
        shade = 1 - rng.uniform(0.18, 0.24) * band
        warm = np.array([1.0, 0.98, 0.93], np.float32)
        out = a.astype(np.float32) * shade[..., None] * warm
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "book_curve":  # the right-hand page of an open book: the page curves down into the gutter
        head = round(h * 0.07)
        left = round(w * 0.1)
        page = np.full((h + 2 * head, w + left + round(w * 0.05), 3), (250, 247, 238), np.uint8)
        page[head:head + h, left:left + w] = _printed(a, (250, 247, 238))
        img = Image.fromarray(page)
        d = ImageDraw.Draw(img)
        f = _font("DejaVuSerif-Italic.ttf", max(10, round(head * 0.32)))
        d.text((page.shape[1] - left * 0.5, head / 2), "Logic Pictures", font=f, fill=(90, 86, 80), anchor="rm")
        d.text((page.shape[1] / 2, head * 1.5 + h), "47", font=f, fill=(90, 86, 80), anchor="mm")
        page = np.asarray(img)
        H, W = page.shape[:2]
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        cz = 0.22 * W
        t = np.clip(1 - xx / cz, 0, 1)
        src_x = xx - 0.06 * W * t ** 2  # squeezed toward the gutter
        bow = 0.018 * H * t ** 2
        src_y = yy + bow * (yy - H / 2) / (H / 2) * -1
        out = cv2.remap(page, src_x, src_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                        borderValue=(250, 247, 238)).astype(np.float32)
        out *= (1 - 0.45 * np.exp(-xx / (0.035 * W)))[..., None]
        gut = round(0.06 * W)
        spread = np.empty((H, W + gut, 3), np.float32)
        spread[:, :gut] = (236, 232, 222)
        spread[:, :gut] *= (0.6 + 0.4 * np.linspace(1, 0, gut))[None, :, None]
        spread[:, gut:] = out
        spread += g.normal(0, 1.5, spread.shape)
        return _jpeg(np.clip(spread, 0, 255).astype(np.uint8), rng.randint(86, 92))
    if e == "low_toner":  # printed as the toner ran low: a pale band down the page, a faint toner streak
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        cx, bw = rng.uniform(0.3, 0.7) * w, rng.uniform(0.1, 0.16) * w
        band = np.exp(-((xx - cx) / bw) ** 4) * rng.uniform(0.3, 0.36)
        out = 255 - (255 - a.astype(np.float32)) * (1 - band[..., None])
        sx = rng.uniform(0.1, 0.9) * w
        out *= (1 - 0.06 * np.exp(-((xx - sx) / 1.5) ** 2))[..., None]
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "postcard":  # printed on a postcard's left half: a stamp, a postmark and address lines on the right
        side = round(w * 0.62)
        M = round(0.04 * w)
        W, H = w + side + 3 * M, h + 2 * M
        img = Image.new("RGB", (W, H), (246, 240, 226))
        d = ImageDraw.Draw(img)
        img.paste(Image.fromarray(_printed(a, (246, 240, 226))), (M, M))
        x0 = w + 2 * M
        d.line([(x0 - M / 2, H * 0.12), (x0 - M / 2, H * 0.88)], fill=(150, 140, 126), width=2)
        sx0, sy0, sw = W - M - side * 0.32, M, side * 0.32
        d.rectangle([sx0, sy0, sx0 + sw, sy0 + sw * 1.2], fill=(196, 60, 52))
        d.rectangle([sx0 + sw * 0.12, sy0 + sw * 0.12, sx0 + sw * 0.88, sy0 + sw * 1.08], fill=(236, 220, 196))
        for k in range(11):
            for px_, py_ in ((sx0 + sw * k / 10, sy0), (sx0 + sw * k / 10, sy0 + sw * 1.2)):
                d.ellipse([px_ - 3, py_ - 3, px_ + 3, py_ + 3], fill=(246, 240, 226))
        for k in range(4):
            yk = sy0 + sw * (0.3 + 0.18 * k)
            d.arc([sx0 - sw * 0.9, yk - sw * 0.1, sx0 + sw * 0.3, yk + sw * 0.1], 200, 340, fill=(70, 70, 90), width=2)
        f = _font("DejaVuSerif-Italic.ttf", max(12, round(h * 0.03)))
        for k in range(4):
            yk = H * (0.48 + 0.11 * k)
            d.line([(x0, yk), (W - M, yk)], fill=(150, 140, 126), width=1)
        d.text((x0 + 6, H * 0.48 - 4), "Aunt May, 12 Elm Street", font=f, fill=(40, 50, 120), anchor="ls")
        d.text((x0, H * 0.2), "Greetings from the", font=f, fill=(90, 80, 70), anchor="lm")
        d.text((x0, H * 0.27), "puzzle club!", font=f, fill=(90, 80, 70), anchor="lm")
        return np.asarray(img)
    if e == "sepia_photo":  # an old sepia photograph: toned, faded, vignetted, a few scratches, a white border
        grey = a.astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32)
        tone = np.array([1.0, 0.86, 0.66], np.float32)
        img = (40 + grey[..., None] * 0.82) * tone
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        img *= (1.04 - 0.2 * np.hypot(xx / w - 0.5, yy / h - 0.5) ** 1.5)[..., None]
        for _ in range(rng.randint(3, 5)):
            x = rng.uniform(0, w)
            y0, y1 = rng.uniform(0, 0.5) * h, rng.uniform(0.5, 1.0) * h
            m = (np.abs(xx - x - (yy - y0) * 0.03) < 0.6) & (yy > y0) & (yy < y1)
            img[m] = np.minimum(255, img[m] + 30)
        img += g.normal(0, 3, img.shape)
        b = round(0.045 * max(h, w))
        out = np.empty((h + 2 * b, w + 2 * b, 3), np.float32)
        out[:] = (238, 232, 216)
        out[b:b + h, b:b + w] = img
        M = round(0.05 * max(h, w))
        bg = np.empty((out.shape[0] + 2 * M + 60, out.shape[1] + 2 * M + 60, 3), np.float32)
        bg[:] = (30, 30, 32)
        bg += _blurred_noise(g, *bg.shape[:2], 5)[..., None] * 3
        res = _on_table(np.clip(out, 0, 255).astype(np.uint8), bg, rng.uniform(-2, 2), (M, M), 0.4, g)
        return np.clip(res, 0, 255).astype(np.uint8)
    if e == "margin_doodles":  # ballpoint doodles in the margins: a star, a smiley, "done!" with an arrow
        pr, pb = round(0.2 * w), round(0.14 * h)
        page = np.full((h + pb, w + pr, 3), a[2, 2], np.uint8)
        page[:h, :w] = a
        img = Image.fromarray(page)
        d = ImageDraw.Draw(img)
        pen = (30, 44, 140)
        gx0, gy0, gx1, gy1 = L["grid_bbox"]
        cx, cy, r = w + pr * 0.5, gy0 + (gy1 - gy0) * 0.3, pr * 0.26
        d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=pen, width=2)
        d.ellipse([cx - r * 0.4, cy - r * 0.3, cx - r * 0.2, cy - r * 0.05], fill=pen)
        d.ellipse([cx + r * 0.2, cy - r * 0.3, cx + r * 0.4, cy - r * 0.05], fill=pen)
        d.arc([cx - r * 0.55, cy - r * 0.4, cx + r * 0.55, cy + r * 0.6], 20, 160, fill=pen, width=2)
        cy2 = gy0 + (gy1 - gy0) * 0.7
        R = pr * 0.22
        pts = [(cx + R * math.sin(4 * math.pi * k / 5), cy2 - R * math.cos(4 * math.pi * k / 5)) for k in range(6)]
        d.line(pts, fill=pen, width=2, joint="curve")
        f = _font("DejaVuSans-Oblique.ttf", max(12, round(pb * 0.36)))
        d.text((gx0 + (gx1 - gx0) * 0.45, h + pb * 0.5), "done!", font=f, fill=pen, anchor="lm")
        ax_ = gx0 + (gx1 - gx0) * 0.43
        d.line([(ax_, h + pb * 0.5), (ax_ - pb * 0.6, h + pb * 0.1)], fill=pen, width=2)
        d.line([(ax_ - pb * 0.6, h + pb * 0.1), (ax_ - pb * 0.6 + 9, h + pb * 0.1 + 2)], fill=pen, width=2)
        d.line([(ax_ - pb * 0.6, h + pb * 0.1), (ax_ - pb * 0.6 + 2, h + pb * 0.1 + 9)], fill=pen, width=2)
        return np.asarray(img)
    if e == "dog_ear":  # the bottom-right corner folded over, its back showing, on a grey desk
        k = round(0.09 * min(h, w))
        out = a.astype(np.float32).copy()
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        t = (xx - (w - 1)) + (yy - (h - 1))  # 0 at the corner, -k on the fold line
        out[t > -k] = (120, 122, 126)  # the folded-away corner shows the desk
        flap = (t <= -k) & (t > -2 * k) & (xx > w - 1 - k) & (yy > h - 1 - k)
        out[flap] = (226, 224, 218)  # the paper's back, folded over onto the page
        shade = (t <= -k) & (t > -2 * k - 3) & ~flap & (xx > w - 1 - k - 3) & (yy > h - 1 - k - 3)
        out[shade] *= 0.8
        out[np.abs(t + k) < 1.0] = (150, 150, 150)
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "drawing_app":  # a drawing app's screen on a tablet: dark chrome, tool column, colour disc, layers
        top, side, bot = 44, 54, 30
        W, H = w + 2 * side + 40, h + top + bot + 40
        img = Image.new("RGB", (W, H), (38, 38, 42))
        d = ImageDraw.Draw(img)
        d.rectangle([0, 0, W, top], fill=(24, 24, 26))
        uf = _font("DejaVuSans.ttf", 14)
        for i, name in enumerate(("Gallery", "Actions", "Adjust", "Select")):
            d.text((14 + i * 78, top / 2), name, font=uf, fill=(220, 220, 226), anchor="lm")
        d.ellipse([W - 36, 10, W - 12, 34], fill=(28, 104, 116), outline=(230, 230, 230), width=2)
        d.rectangle([W - 76, 12, W - 52, 32], outline=(220, 220, 226), width=2)
        for k in range(2):
            y0 = top + 40 + k * 150
            d.rounded_rectangle([12, y0, 30, y0 + 120], radius=8, fill=(60, 60, 66))
            d.rounded_rectangle([12, y0 + 40 + 20 * k, 30, y0 + 60 + 20 * k], radius=6, fill=(210, 210, 216))
        img.paste(Image.fromarray(a), (side + 20, top + 20))
        d.text((W / 2, H - bot / 2), "100%", font=uf, fill=(170, 170, 176), anchor="mm")
        return np.asarray(img)
    if e == "eraser_crumbs":  # eraser crumbs and a pencil on the margin below and right of the puzzle
        pr, pb = round(0.12 * w), round(0.16 * h)
        bgc = a[2, 2]
        page = np.full((h + pb, w + pr, 3), bgc, np.uint8)
        page[:h, :w] = a
        img = Image.fromarray(page)
        d = ImageDraw.Draw(img)
        gx0, gy0, gx1, gy1 = L["grid_bbox"]
        zones = [(gx1 + 0.35 * L["cw"], gy0, w + pr - 4, gy1), (gx0, gy1 + 0.35 * L["ch"], gx1, h + pb * 0.45)]
        for _ in range(rng.randint(14, 22)):
            x0, y0, x1, y1 = rng.choice(zones)
            if x1 - x0 < 8 or y1 - y0 < 8:
                continue
            x, y = rng.uniform(x0 + 3, x1 - 3), rng.uniform(y0 + 3, y1 - 3)
            ln, ang = rng.uniform(4, 11), rng.uniform(0, 3.14)
            d.line([(x, y), (x + ln * math.cos(ang), y + ln * math.sin(ang))], fill=(214, 176, 178), width=3)
        py = h + pb * 0.72
        px0, px1 = gx0 + 0.1 * (gx1 - gx0), gx0 + 0.8 * (gx1 - gx0)
        t = max(6, round(pb * 0.14))
        d.rectangle([px0, py - t, px1, py + t], fill=(236, 190, 40), outline=(170, 120, 20))
        d.line([(px0, py), (px1, py)], fill=(212, 160, 30), width=1)
        d.rectangle([px1, py - t, px1 + t * 1.6, py + t], fill=(190, 190, 196))
        d.rectangle([px1 + t * 1.6, py - t, px1 + t * 3.2, py + t], fill=(226, 140, 150))
        d.polygon([(px0, py - t), (px0 - t * 3, py), (px0, py + t)], fill=(232, 206, 164))
        d.polygon([(px0 - t * 2, py - t / 3), (px0 - t * 3, py), (px0 - t * 2, py + t / 3)], fill=(50, 50, 54))
        return np.asarray(img)
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page20(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style20,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, cell width ``cw`` and height ``ch``, each column's and row's first pixel
    ``x0s`` and ``y0s``)."""
    rng = random.Random(f"h20:{style.name}:{error}:{seed}")
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
        img, L = _redraw_whole20(layout, truth, style, change, rng)
        grid = style.redraw
    else:
        img = input_image.convert("RGB").copy()
        if style.clue_font or change:
            _redraw_clues15(img, layout, truth["row_clues"], truth["col_clues"], style.clue_font or CHANGE_FONT, rng,
                            change, style)
        if style.grid != "kept":
            _erase_grid17(img, layout)
        gx0, gy0, gx1, gy1 = layout["grid_bbox"]
        cw, ch = (gx1 - gx0) / cols, (gy1 - gy0) / rows
        L = {"grid_bbox": list(layout["grid_bbox"]), "rows": rows, "cols": cols, "cw": cw, "ch": ch,
             "cell_px": layout["cell_px"], "x0s": _starts(gx0, cols, cw, 0), "y0s": _starts(gy0, rows, ch, 0)}
        grid = style.grid
    d = ImageDraw.Draw(img)
    for r in range(rows):
        for c in range(cols):
            box = _box(L, r, c)
            if (r, c) in plan["fill"]:
                _draw_fill20(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill20(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline20(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross20(img, box, style, rng)
            else:
                _draw_empty20(d, box, style.empty, rng)
    _draw_grid20(img, L, rng, grid, inp)
    L["page_w"], L["page_h"] = img.size
    return np.asarray(img), rng, L


def make_answer20(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style20,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page20(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page20(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
