"""HELDOUT21, measured blind on commit d95650e: 399/432 right, 0 false passes, 53/72 error-free right (18 false fails
among registered answers, all needs_review, none confidently incorrect; 1 unreadable), 138 needs_review, 4 unreadable
(seed 5, ``tools/measure_nonogram_family.py nonogram_heldout21:HELDOUT21 --seed 5`` on a snapshot of that commit).
Per style, right/36, false passes, false fails (error-free answers not right, unreadable ones included), needs_review,
unreadable: ipaex_pencilhatch_ruler 36 0 0 0 0; doulos_markerstreaks_pen 30 0 5 31 0; smiley_linescreen_neighbour 36 0
0 3 0; vlgothic_corrugated_clip 35 0 0 8 0; lobster_pinwheel_torn 36 0 0 0 0; typewriter_wavelines_fingerprints 33 0 3
17 0; manjari_chainlink_flash 36 0 0 5 0; inputclues_tweed_grease 33 0 0 4 0; wenkai_lava_smudge 36 0 0 0 0;
komatuna_bubbles_redrawcomma 27 0 6 36 0; uralic_riveted_redrawpanel 31 0 2 16 4; umpush_gouache_redrawtitle 30 0 3 18
0 (each name after its ``c_``). By planted error: none 53/72, extra_light 72, extra_outline 72, x_instead 65, missing
69, clue_changed 68 (of 72 each). By size: 5x5 133/144, 10x10 135/144, 15x15 131/144.

A blind nonogram answer family (twenty-second session), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers, and
measured blind once, on the session-start commit (figures above).

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved
nonogram: clue fonts from Debian packages no earlier nonogram family, test or digit-reader training uses
(fonts-ipaexfont-gothic, fonts-sil-doulos, fonts-smiley-sans, fonts-vlgothic, fonts-lobstertwo,
fonts-tlwg-typewriter-ttf, fonts-smc-manjari, fonts-lxgw-wenkai, fonts-komatuna, fonts-uralic, fonts-tlwg-umpush-ttf),
one style keeping the input's clues (a changed clue on its page is written in the Uralic package's Palladio cut);
fills no earlier family uses (pencil hatching, a felt marker with streaks, an engraved line screen, corrugated card, a
pinwheel of two tones, wavy bands, chain-link wire, tweed, lava with glowing cracks, bubble wrap, a riveted steel
plate, gouache); empty-cell marks drawn in new ways (a green check, a grey felt-marker x, a short red
slash, a blue dash, a scrawled dot, a purple gel-pen x, a small red o, an orange dot); the planted errors drawn in new
ways (a pale marker swipe, sparse pale hatching, a pale inner square, a pale mottle; a stamped frame, a hatched band,
a thick-and-thin frame, a glowing frame; a rubber-stamp X, a streaky marker X, a tapered brush X, a two-tone X); three
styles that redraw the whole puzzle (row clues right-aligned with commas in blue ink; clues on pale tinted panels in
dark red; a card with a title line and an offset shadow); and page changes no earlier family uses (a clear ruler lying
across the margin, a ballpoint pen on the margin, a second puzzle half visible beside it, a paper clip and a sticky
tab, a page torn from a spiral notebook, greasy fingerprints on a screen, a phone flash's hot spot, a grease spot, a
graphite smudge from the writing hand, a window's reflection on a glossy screen, a phone photo of a monitor with its
sub-pixels and moire, a coffee spill in a corner).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer21` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout21:HELDOUT21`` measures them like the earlier families.
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
from nonogram_heldout17 import _blurred_noise, _clue_values, _erase_grid17, _font, _inner, _lift, _paste
from nonogram_heldout18 import _draw_grid18
from nonogram_heldout19 import _layer, _m
from nonogram_heldout20 import _box, _perspective, _starts, _wobbly

WHITE = (255, 255, 255)


@dataclass(frozen=True)
class Style21(Style):
    """A HELDOUT21 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``comma_clues``, ``panel_clues``, ``title_card``; empty
    keeps the input's frame). ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer21(input_image, layout, truth, self, error, seed)


HELDOUT21 = (
    Style21("c_ipaex_pencilhatch_ruler", "pencil_hatch", (58, 58, 66), "red_slash", "ipaexg.ttf",
            ("ruler_margin", "jpeg"), clue_scale=(1.0, 1.12), grid="graphite21", light_mark="light_hatch21",
            outline_mark="outline_thickthin", cross_mark="heavy_x_tapered"),
    Style21("c_doulos_markerstreaks_pen", "marker_streaks", (28, 58, 150), "green_check", "DoulosSIL-Regular.ttf",
            ("pen_margin",), clue_scale=(1.05, 1.2), clue_stroke=1, grid="ink21", light_mark="light_swipe",
            outline_mark="outline_glow", cross_mark="heavy_x_streak"),
    Style21("c_smiley_linescreen_neighbour", "line_screen", (22, 22, 28), "blue_dash", "SmileySans-Oblique.ttf",
            ("neighbour_puzzle", "jpeg"), clue_scale=(1.1, 1.25), grid="ochre21", light_mark="light_inset",
            outline_mark="outline_hatchband", cross_mark="heavy_x_twotone"),
    Style21("c_vlgothic_corrugated_clip", "corrugated", (124, 82, 44), "purple_x", "VL-PGothic-Regular.ttf",
            ("paper_clip",), clue_scale=(1.0, 1.15), grid="ink21", light_mark="light_mottle",
            outline_mark="outline_stamp", cross_mark="heavy_x_stamp"),
    Style21("c_lobster_pinwheel_torn", "pinwheel", (150, 30, 62), "scrawl_dot", "LobsterTwo-Bold.otf",
            ("torn_edge", "jpeg"), clue_scale=(1.0, 1.15), grid="ochre21", light_mark="light_swipe",
            outline_mark="outline_thickthin", cross_mark="heavy_x_tapered"),
    Style21("c_typewriter_wavelines_fingerprints", "wave_lines", (18, 88, 100), "red_o", "TlwgTypewriter-Bold.ttf",
            ("fingerprints", "jpeg"), clue_scale=(1.0, 1.12), grid="graphite21", light_mark="light_hatch21",
            outline_mark="outline_glow", cross_mark="heavy_x_twotone"),
    Style21("c_manjari_chainlink_flash", "chainlink", (50, 54, 62), "orange_dot", "Manjari-Bold.otf",
            ("flash_hotspot", "jpeg"), clue_scale=(1.0, 1.15), grid="ink21", light_mark="light_inset",
            outline_mark="outline_stamp", cross_mark="heavy_x_streak"),
    Style21("c_inputclues_tweed_grease", "tweed", (92, 40, 40), "marker_x", None, ("grease_spot", "jpeg"),
            grid="kept", light_mark="light_mottle", outline_mark="outline_hatchband", cross_mark="heavy_x_stamp"),
    Style21("c_wenkai_lava_smudge", "lava", (214, 92, 28), "none", "LXGWWenKai-Bold.ttf", ("hand_smudge",),
            clue_scale=(1.0, 1.15), grid="ochre21", light_mark="light_inset", outline_mark="outline_thickthin",
            cross_mark="heavy_x_tapered"),
    Style21("c_komatuna_bubbles_redrawcomma", "bubbles", (30, 70, 140), "red_slash", "komatuna-p.ttf",
            ("window_reflection", "jpeg"), clue_colour=(28, 56, 168), clue_scale=(1.0, 1.1), light_mark="light_swipe",
            outline_mark="outline_hatchband", cross_mark="heavy_x_streak", redraw="comma_clues"),
    Style21("c_uralic_riveted_redrawpanel", "riveted", (72, 82, 98), "scrawl_dot", "gothub__.ttf",
            ("monitor_photo",), clue_colour=(120, 22, 32), clue_scale=(1.0, 1.1), light_mark="light_mottle",
            outline_mark="outline_glow", cross_mark="heavy_x_twotone", redraw="panel_clues"),
    Style21("c_umpush_gouache_redrawtitle", "gouache", (24, 108, 70), "blue_dash", "Umpush-Bold.ttf",
            ("coffee_spill", "jpeg"), clue_scale=(1.0, 1.12), light_mark="light_hatch21", outline_mark="outline_stamp",
            cross_mark="heavy_x_stamp", redraw="title_card"),
)

CHANGE_FONT = "pallu___.ttf"  # a changed clue on a page that keeps the input's clues: all clues redrawn


# ------------------------------------------------------------------------------------------ fills


def _voronoi_edges(xx, yy, pts, width: float) -> np.ndarray:
    dist = np.sort(np.stack([np.hypot(xx - px, yy - py) for px, py in pts]), axis=0)
    return (dist[1] - dist[0]) < width


def _tex21(kind: str, w: int, h: int, colour, g: np.random.Generator, rng: random.Random
           ) -> tuple[np.ndarray, np.ndarray | None]:
    """A filled cell's picture (h, w, 3 float) in ``kind`` and its coverage (None: the whole box)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    alpha = None
    if kind == "pencil_hatch":  # pencil hatching: dense graphite strokes one way, a second lighter pass across
        tex[:] = _lift(col, 0.42)
        im = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(im)
        step = max(2.0, s / 11)
        for ang, tone in ((0.8, 1.0), (2.2, 1.25)):
            ca, sa = math.cos(ang), math.sin(ang)
            k = -w - h
            while k < w + h:
                j = rng.uniform(-0.3, 0.3) * step
                p = (w / 2 + (k + j) * -sa - ca * s, h / 2 + (k + j) * ca - sa * s)
                q = (w / 2 + (k + j) * -sa + ca * s, h / 2 + (k + j) * ca + sa * s)
                d.line([p, q], fill=tuple(int(min(255, v * tone * rng.uniform(0.9, 1.1))) for v in col),
                       width=max(1, round(step * 0.55)))
                k += step
        tex = np.asarray(im, np.float32) + g.normal(0, 5, (h, w, 1))
    elif kind == "marker_streaks":  # a felt marker: overlapping strokes across, darker where they overlap, streaks
        band = h / rng.choice((3, 4))
        tex[:] = col * 1.05
        y = -band * 0.2
        while y < h:
            over = (yy > y + band * 0.85) & (yy < y + band * 1.05)
            tex[over] = col * 0.72
            y += band * 0.9
        streak = cv2.GaussianBlur(g.standard_normal((h, w)).astype(np.float32), (0, 0), sigmaX=s / 3, sigmaY=0.6)
        streak /= streak.std() + 1e-6
        tex += (14 * streak)[..., None]
    elif kind == "line_screen":  # an engraved line screen: horizontal rules thickening toward the lower right
        p = max(3.0, s / 7)
        t = 0.62 + 0.3 * ((xx / w + yy / h) / 2)
        on = ((yy % p) / p) < t
        tex[:] = np.where(on[..., None], col, np.float32(236))
    elif kind == "corrugated":  # corrugated card: ridges up and down, lit on one flank
        p = max(4.0, s / 5)
        u = (xx % p) / p
        tex *= (0.78 + 0.32 * np.sin(2 * math.pi * u))[..., None]
        tex += g.normal(0, 3, (h, w, 1))
    elif kind == "pinwheel":  # a pinwheel: eight triangles from the centre, alternately light and dark
        a = np.arctan2(yy - h / 2 + 0.5, xx - w / 2 + 0.5)
        q = np.floor((a + math.pi) / (math.pi / 4)) % 2
        tex[q == 1] = col * 0.62
    elif kind == "wave_lines":  # wavy bands across, dark and darker
        p = max(4.0, s / 4.5)
        v = yy + 0.18 * s * np.sin(2 * math.pi * xx / max(6.0, s / 1.6))
        tex[((v % p) / p) < 0.5] = col * 0.6
    elif kind == "chainlink":  # chain-link wire: a diagonal lattice of bright wires over a dark ground
        tex[:] = col * 0.55
        p = max(5.0, s / 3.5)
        u, v = ((xx + yy) % p) / p, ((xx - yy) % p) / p
        wire = (np.abs(u - 0.5) < 0.1) | (np.abs(v - 0.5) < 0.1)
        tex[wire] = _lift(col, 0.32)
    elif kind == "tweed":  # tweed: flecks of three tones woven across and down
        pick = g.random((h, w))
        tex[pick < 0.35] = col * 0.6
        tex[pick > 0.85] = _lift(col, 0.3)
        tex = cv2.blur(tex, (3, 1)) * 0.5 + cv2.blur(tex, (1, 3)) * 0.5
    elif kind == "lava":  # cooled lava: a near-black crust with glowing cracks
        tex[:] = (34, 26, 24)
        tex *= (0.9 + 0.1 * _blurred_noise(g, h, w, 2))[..., None]
        pts = [(rng.uniform(0, w), rng.uniform(0, h)) for _ in range(rng.randint(5, 8))]
        tex[_voronoi_edges(xx, yy, pts, max(1.0, s / 26))] = col
    elif kind == "bubbles":  # bubble wrap: rows of domes with a bright rim and a glint
        tex[:] = col * 0.8
        im = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(im)
        r = s / 6.5
        y, row = r * 1.1, 0
        while y < h + r:
            x = r * 1.1 + (row % 2) * r * 1.1
            while x < w + r:
                d.ellipse([x - r, y - r, x + r, y + r], fill=tuple(int(v) for v in col),
                          outline=tuple(int(v) for v in _lift(col, 0.3)))
                d.ellipse([x - r * 0.5, y - r * 0.55, x - r * 0.15, y - r * 0.2], fill=(214, 220, 232))
                x += r * 2.2
            y += r * 1.95
            row += 1
        tex = np.asarray(im, np.float32)
    elif kind == "riveted":  # a steel plate: brushed, a rivet near each corner
        st = cv2.GaussianBlur(g.standard_normal((h, w)).astype(np.float32), (0, 0), sigmaX=s / 4, sigmaY=0.5)
        tex += (9 * st / (st.std() + 1e-6))[..., None]
        im = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(im)
        r, o = max(1.5, s / 14), s * 0.16
        for cx, cy in ((o, o), (w - o, o), (o, h - o), (w - o, h - o)):
            d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=tuple(int(v) for v in _lift(col, 0.4)),
                      outline=tuple(int(v * 0.5) for v in col))
        tex = np.asarray(im, np.float32)
    elif kind == "gouache":  # gouache: flat opaque paint, ragged brushed edges, a few paler ridges
        ridge = cv2.GaussianBlur(g.standard_normal((h, w)).astype(np.float32), (0, 0), sigmaX=s / 2.5, sigmaY=0.8)
        tex *= (1 + 0.06 * ridge / (ridge.std() + 1e-6))[..., None]
        edge = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy]) / max(1.0, s * 0.06)
        alpha = np.clip(edge + 0.6 * _blurred_noise(g, h, w, 1.2) + 0.3, 0, 1).astype(np.float32)
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255), alpha


def _draw_fill21(img: Image.Image, box, style: Style21, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.08)
    w, h = bx - ax, by - ay
    tex, alpha = _tex21(style.fill, w, h, style.fill_colour, g, rng)
    if light:
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = style.fill_colour
        s = min(w, h)
        if light == "light_swipe":  # one pale marker swipe across the middle, a faint tint elsewhere
            top = rng.uniform(0.22, 0.3) * h
            alpha = np.where((yy > top) & (yy < h - top), 0.55, 0.12)
        elif light == "light_hatch21":  # sparse pale hatching: a few broad strokes one way
            p = max(5.0, s / 3.6)
            alpha = np.where(((xx - yy) % p) < p * 0.5, 0.6, 0.12)
        elif light == "light_inset":  # a pale square in the middle of the cell
            m = 0.16 * s
            alpha = np.where((xx > m) & (xx < w - m) & (yy > m) & (yy < h - m), 0.5, 0.04)
        elif light == "light_mottle":  # a pale blotchy wash
            alpha = 0.4 + 0.14 * _blurred_noise(g, h, w, max(1.0, s / 7))
        else:
            raise ValueError(light)
        alpha = cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.7)
    _paste(img, tex, ax, ay, alpha)


def _voids(mask: np.ndarray, g: np.random.Generator, frac: float) -> np.ndarray:
    """A rubber stamp's uneven ink: speckled gaps through ``mask``."""
    n = _blurred_noise(g, *mask.shape, 1.0)
    return mask * (n > np.quantile(n, frac)).astype(np.float32)


def _draw_outline21(img: Image.Image, box, style: Style21, rng: random.Random) -> None:
    """The planted extra_outline cell: a heavy frame with an empty middle."""
    kind = style.outline_mark
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.08)
    w, h = bx - ax, by - ay
    s = min(w, h)
    col = np.asarray(style.fill_colour, np.float32)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    f = rng.uniform(0.2, 0.24) * s
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    edge = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy])
    band = (edge < f).astype(np.float32)
    if kind == "outline_stamp":  # a stamped square frame: the ink patchy
        m = _voids(band, g, 0.22)
    elif kind == "outline_hatchband":  # a band of close hatching between two ruled lines
        p = max(3.0, s / 9)
        hatch = (((xx + yy) % p) < p * 0.55)
        m = (band * ((edge < 1.6) | (np.abs(edge - f) < 1.0) | hatch)).astype(np.float32)
    elif kind == "outline_thickthin":  # a thick frame and a thin line inside it
        m = ((edge < f * 0.85) | (np.abs(edge - f * 1.35) < max(0.8, s / 40))).astype(np.float32)
    elif kind == "outline_glow":  # a heavy frame glowing softly inward
        m = np.maximum(band, cv2.GaussianBlur(band, (0, 0), f * 0.5) * 0.8)
        m = np.where(edge < f * 1.9, m, 0).astype(np.float32)
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, np.clip(m, 0, 1), ax, ay)


def _draw_cross21(img: Image.Image, box, style: Style21, rng: random.Random) -> None:
    """A planted x_instead cell: a heavy X where a fill belongs."""
    kind = style.cross_mark
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.06)
    w, h = bx - ax, by - ay
    s = min(w, h)
    col = np.asarray(style.fill_colour, np.float32)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    a = 0.14 * s
    arms = (((a, a), (w - a, h - a)), ((w - a, a), (a, h - a)))
    im, d = _layer(w, h)
    if kind == "heavy_x_tapered":  # a brush X: each stroke swells in the middle and tapers to a point
        for (px, py), (qx, qy) in arms:
            ln = math.hypot(qx - px, qy - py)
            nx, ny = -(qy - py) / ln, (qx - px) / ln
            half = s * 0.11
            pts = [(px, py)]
            for k in range(1, 10):
                t = k / 10
                wt = half * math.sin(math.pi * t) ** 0.6
                pts.append((px + (qx - px) * t + nx * wt, py + (qy - py) * t + ny * wt))
            pts.append((qx, qy))
            for k in range(9, 0, -1):
                t = k / 10
                wt = half * math.sin(math.pi * t) ** 0.6
                pts.append((px + (qx - px) * t - nx * wt, py + (qy - py) * t - ny * wt))
            d.polygon(pts, fill=255)
        m = _m(im)
    elif kind == "heavy_x_stamp":  # a rubber-stamp X: square ends, the ink patchy
        for p, q in arms:
            d.line([p, q], fill=255, width=max(3, round(s / 5)))
        m = _voids(_m(im), g, 0.2)
    elif kind == "heavy_x_streak":  # a broad marker X: streaks along each stroke, darker where they cross
        wid = max(3, round(s / 4.6))
        for p, q in arms:
            lay, dl = _layer(w, h)
            dl.line([p, q], fill=255, width=wid)
            st = cv2.GaussianBlur(g.standard_normal((h, w)).astype(np.float32), (0, 0), s / 5)
            t = tex * (1 + 0.1 * st / (st.std() + 1e-6))[..., None]
            _paste_rgba(img, t, _m(lay) * 0.92, ax, ay)
        return
    elif kind == "heavy_x_twotone":  # a wide pale stroke with a dark core, like a shaded letter X
        for p, q in arms:
            d.line([p, q], fill=255, width=max(4, round(s / 4)))
        _paste_rgba(img, np.zeros_like(tex) + _lift(col, 0.45), _m(im), ax, ay)
        im, d = _layer(w, h)
        for p, q in arms:
            d.line([p, q], fill=255, width=max(2, round(s / 9)))
        m = _m(im)
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, m, ax, ay)


def _draw_empty21(d: ImageDraw.ImageDraw, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    lw = max(1, round(s / 22))
    if kind == "none":
        return
    if kind == "green_check":  # a green check mark
        k = 0.13 * s
        d.line([(cx - k, cy), (cx - k * 0.25, cy + k * 0.8), (cx + k * 1.1, cy - k)], fill=(40, 150, 64), width=lw + 1,
               joint="curve")
    elif kind == "marker_x":  # a broad grey felt-marker x
        k = 0.15 * s
        for sx in (-1, 1):
            d.line([(cx - k, cy - sx * k), (cx + k, cy + sx * k)], fill=(156, 156, 160), width=max(2, round(s / 10)))
    elif kind == "red_slash":  # a short red slash
        k = 0.14 * s
        d.line([(cx - k * 0.8, cy + k), (cx + k * 0.8, cy - k)], fill=(206, 40, 40), width=lw)
    elif kind == "blue_dash":  # a short blue dash
        k = 0.12 * s
        d.line([(cx - k, cy), (cx + k, cy)], fill=(40, 70, 180), width=max(1, round(s / 16)))
    elif kind == "scrawl_dot":  # a dot scrawled with a few turns of the pen
        r = 0.05 * s
        pts = [(cx + r * math.cos(t) * (1 + 0.3 * math.sin(3 * t)), cy + r * math.sin(t)) for t in
               np.linspace(0, 5 * math.pi, 16)]
        d.line(pts, fill=(60, 60, 66), width=lw, joint="curve")
    elif kind == "purple_x":  # a small purple gel-pen x
        k = 0.1 * s
        for sx in (-1, 1):
            d.line([(cx - k, cy - sx * k), (cx + k, cy + sx * k)], fill=(120, 50, 160), width=lw)
    elif kind == "red_o":  # a small red o
        r = 0.1 * s
        d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=(200, 44, 44), width=lw)
    elif kind == "orange_dot":  # an orange dot
        r = max(1.5, 0.06 * s)
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(236, 130, 30))
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids and redraws

GRID_INK = {  # minor colour, major colour, minor width and major width as fractions of the cell
    "ink21": ((128, 128, 132), (12, 12, 14), 1 / 30, 1 / 10),
    "ochre21": ((214, 186, 128), (120, 78, 18), 1 / 28, 1 / 10),
    "comma_clues": ((176, 188, 210), (28, 40, 96), 1 / 30, 1 / 12),
    "panel_clues": ((196, 172, 172), (112, 30, 42), 1 / 30, 1 / 11),
    "title_card": ((150, 150, 150), (20, 20, 20), 1 / 30, 1 / 12),
}


def _draw_grid21(img: Image.Image, L: dict[str, Any], rng: random.Random, kind: str, inp: np.ndarray | None) -> None:
    if kind == "kept":
        _draw_grid18(img, L, rng, "kept", inp)
        return
    rows, cols, cw, ch = L["rows"], L["cols"], L["cw"], L["ch"]
    s = min(cw, ch)
    gx0, gy0, gx1, gy1 = L["grid_bbox"]
    xs = [gx0 + i * cw for i in range(cols + 1)]
    ys = [gy0 + j * ch for j in range(rows + 1)]
    d = ImageDraw.Draw(img)
    if kind == "graphite21":  # hand-ruled with a soft pencil, the fifths pressed harder
        for i, x in enumerate(xs):
            big = i % 5 == 0 or i == cols
            _wobbly(d, (x, gy0 - 3), (x, gy1 + 3), (84, 84, 92) if big else (156, 156, 162), 3 if big else 1, rng)
        for j, y in enumerate(ys):
            big = j % 5 == 0 or j == rows
            _wobbly(d, (gx0 - 3, y), (gx1 + 3, y), (84, 84, 92) if big else (156, 156, 162), 3 if big else 1, rng)
        return
    minor, major, fmin, fmaj = GRID_INK[kind]
    thin, thick = max(1, round(s * fmin)), max(2, round(s * fmaj))
    if kind == "title_card":  # an offset grey shadow under the frame
        o = max(3, round(s * 0.12))
        d.rectangle([gx0 + o, gy1, gx1 + o, gy1 + o], fill=(186, 186, 186))
        d.rectangle([gx1, gy0 + o, gx1 + o, gy1 + o], fill=(186, 186, 186))
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


def _redraw_whole21(layout: dict[str, Any], truth: dict[str, Any], style: Style21, change, rng: random.Random
                    ) -> tuple[Image.Image, dict[str, Any]]:
    """The whole puzzle drawn anew as a model lays it out (``style.redraw``): its own canvas, cell proportions, clue
    layout and margins. Returns the page (no marks, no grid yet) and its geometry."""
    kind = style.redraw
    rows, cols = layout["rows"], layout["cols"]
    base = layout["cell_px"] * rng.uniform(0.94, 1.04)
    row_vals = [_clue_values("row", r, c, change) for r, c in enumerate(truth["row_clues"])]
    col_vals = [_clue_values("col", c, v, change) for c, v in enumerate(truth["col_clues"])]
    if kind == "comma_clues":
        cw = ch = base
    elif kind == "panel_clues":
        cw, ch = base * rng.uniform(1.08, 1.14), base * rng.uniform(0.96, 1.0)
    else:  # title_card
        cw, ch = base * rng.uniform(0.96, 1.0), base * rng.uniform(1.08, 1.14)
    px = round(layout["clue_font_px"] * rng.uniform(*style.clue_scale))
    font = _font(style.clue_font, px)
    probe = ImageDraw.Draw(Image.new("L", (4, 4)))
    slot = px * rng.uniform(1.2, 1.35)
    gapn = px * rng.uniform(*style.clue_gap)
    if kind == "comma_clues":
        row_txt = [", ".join(v) for v in row_vals]
        row_w = max(probe.textlength(t, font=font) for t in row_txt)
    else:
        row_txt = None
        row_w = max(sum(probe.textlength(t, font=font) for t in v) + gapn * (len(v) - 1) for v in row_vals)
    col_h = max(len(v) for v in col_vals) * slot
    pad = 0.5 * min(cw, ch)
    m = round(base * rng.uniform(0.6, 0.8))
    title = round(base * 1.3) if kind == "title_card" else 0
    gx0, gy0 = m + row_w + pad, m + title + col_h + pad
    x0s, y0s = _starts(gx0, cols, cw, 0), _starts(gy0, rows, ch, 0)
    gx1, gy1 = gx0 + cols * cw, gy0 + rows * ch
    W, H = round(gx1 + m), round(gy1 + m)
    paper = {"comma_clues": WHITE, "panel_clues": (253, 252, 249), "title_card": (250, 250, 246)}[kind]
    img = Image.new("RGB", (W, H), paper)
    d = ImageDraw.Draw(img)
    L = {"grid_bbox": [gx0, gy0, gx1, gy1], "rows": rows, "cols": cols, "cw": cw, "ch": ch, "cell_px": min(cw, ch),
         "x0s": x0s, "y0s": y0s}
    if kind == "panel_clues":  # pale tinted panels behind the row clues and the column clues
        r_ = round(0.25 * min(cw, ch))
        d.rounded_rectangle([m * 0.5, gy0, gx0 - pad * 0.3, gy1], radius=r_, fill=(238, 242, 250))
        d.rounded_rectangle([gx0, m * 0.5, gx1, gy0 - pad * 0.3], radius=r_, fill=(238, 242, 250))
    if kind == "title_card":
        tf = _font("DejaVuSans-Bold.ttf", max(12, round(title * 0.42)))
        d.text((m, m + title * 0.4), "NONOGRAM  No. %d" % rng.randint(11, 98), font=tf, fill=(30, 30, 30), anchor="lm")
        d.line([(m, m + title * 0.85), (W - m, m + title * 0.85)], fill=(30, 30, 30), width=2)
    pen = dict(fill=style.clue_colour, stroke_width=style.clue_stroke, stroke_fill=style.clue_colour)
    for r, vals in enumerate(row_vals):
        cy = y0s[r] + ch / 2
        x = gx0 - pad
        if row_txt is not None:
            d.text((x, cy), row_txt[r], font=font, anchor="rm", **pen)
            continue
        for t in reversed(vals):
            wt = d.textlength(t, font=font)
            d.text((x - wt / 2, cy), t, font=font, anchor="mm", **pen)
            x -= wt + gapn
    for c, vals in enumerate(col_vals):
        cx = x0s[c] + cw / 2
        for k, t in enumerate(vals):
            cy = gy0 - pad - (len(vals) - k - 0.5) * slot
            d.text((cx, cy), t, font=font, anchor="mm", **pen)
    return img, L


# ------------------------------------------------------------------------------------------ pages


def _extend(a: np.ndarray, left: int = 0, top: int = 0, right: int = 0, bottom: int = 0) -> np.ndarray:
    """The page with more paper (of the page's corner colour) on its sides."""
    h, w = a.shape[:2]
    out = np.empty((h + top + bottom, w + left + right, 3), np.uint8)
    out[:] = a[2, 2]
    out[top:top + h, left:left + w] = a
    return out


def _shadowed(page: np.ndarray, mask: np.ndarray, colour, off: tuple[int, int], shade: float) -> np.ndarray:
    """``colour`` where ``mask`` (0..1), with a soft shadow of it offset by ``off``."""
    sh = np.roll(cv2.GaussianBlur(mask, (0, 0), 3), off, axis=(0, 1))
    out = page.astype(np.float32) * (1 - shade * sh[..., None])
    out = out * (1 - mask[..., None]) + np.asarray(colour, np.float32) * mask[..., None]
    return out


def _desk(g: np.random.Generator, h: int, w: int, colour) -> np.ndarray:
    out = np.empty((h, w, 3), np.float32)
    out[:] = colour
    return out * (1 + 0.05 * _blurred_noise(g, h, w, 6))[..., None]


def _page21(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    gx0, gy0, gx1, gy1 = L["grid_bbox"]
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "ruler_margin":  # a clear plastic ruler lying down the right margin, its scale printed on it
        pr = round(0.16 * w)
        page = _extend(a, right=pr)
        H, W = page.shape[:2]
        rx0, rx1 = w + pr * 0.18, w + pr * 0.82
        lay = Image.new("L", (W, H), 0)
        ImageDraw.Draw(lay).rectangle([rx0, -5, rx1, H + 5], fill=255)
        m = _m(lay) * 0.22
        out = _shadowed(page, m, (196, 220, 236), (4, 3), 0.6)
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        f = _font("DejaVuSans.ttf", max(8, round(pr * 0.12)))
        step = max(6.0, H / 60)
        for k in range(int(H / step) + 1):
            y = k * step
            ln = (rx1 - rx0) * (0.45 if k % 10 == 0 else 0.3 if k % 5 == 0 else 0.16)
            d.line([(rx1 - ln, y), (rx1, y)], fill=(60, 70, 90), width=1)
            if k % 10 == 0 and k:
                d.text((rx1 - ln - 3, y), str(k // 10), font=f, fill=(60, 70, 90), anchor="rm")
        d.line([(rx0, 0), (rx0, H)], fill=(150, 170, 186), width=1)
        return np.asarray(img)
    if e == "pen_margin":  # a ballpoint pen lying across the bottom margin, its shadow under it
        pb = round(0.14 * h)
        page = _extend(a, bottom=pb)
        H, W = page.shape[:2]
        lay = Image.new("L", (W, H), 0)
        d = ImageDraw.Draw(lay)
        t = max(4, round(pb * 0.12))
        y0 = h + pb * 0.35
        y1 = h + pb * 0.7
        x0, x1 = W * 0.12, W * 0.8
        d.line([(x0, y1), (x1, y0)], fill=255, width=2 * t)
        m = cv2.GaussianBlur(_m(lay), (0, 0), 0.7)
        out = _shadowed(page, m, (36, 60, 150), (5, 4), 0.5)
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        d.line([(x0 + (x1 - x0) * 0.08, y1 - (y1 - y0) * 0.08 - t * 0.4),
                (x1 - (x1 - x0) * 0.06, y0 + (y1 - y0) * 0.06 - t * 0.4)], fill=(120, 150, 220), width=max(1, t // 3))
        d.polygon([(x0, y1 - t), (x0 - 3 * t, y1 + t * 0.6), (x0, y1 + t)], fill=(200, 200, 206))
        d.line([(x1 - 4 * t, y0 - t * 1.1 + 4 * t * (y1 - y0) / (x1 - x0)), (x1 - 0.5 * t, y0 - t * 1.1)],
               fill=(190, 190, 196), width=max(2, t // 2))
        return np.asarray(img)
    if e == "neighbour_puzzle":  # the next puzzle on the page, half of it cut off by the picture's right edge
        pr = round(0.55 * w)
        page = _extend(a, right=pr)
        img = Image.fromarray(page)
        d = ImageDraw.Draw(img)
        cw = L["cw"] * 0.8
        n = 10
        f = _font("DejaVuSans.ttf", max(9, round(cw * 0.45)))
        ox = w + pr * 0.42
        oy = gy0
        for i in range(n + 1):
            ink, wd = ((20, 20, 20), 2) if i % 5 == 0 else ((140, 140, 140), 1)
            d.line([(ox + i * cw, oy), (ox + i * cw, oy + n * cw)], fill=ink, width=wd)
            d.line([(ox, oy + i * cw), (ox + n * cw, oy + i * cw)], fill=ink, width=wd)
        for j in range(n):
            vals = [str(rng.randint(1, 5)) for _ in range(rng.randint(1, 2))]
            d.text((ox - cw * 0.3, oy + (j + 0.5) * cw), " ".join(vals), font=f, fill=(20, 20, 20), anchor="rm")
            cv_ = [str(rng.randint(1, 5)) for _ in range(rng.randint(1, 2))]
            for k, t in enumerate(reversed(cv_)):
                d.text((ox + (j + 0.5) * cw, oy - cw * (0.5 + 0.9 * k)), t, font=f, fill=(20, 20, 20), anchor="mm")
        d.text((ox - cw * 2, max(8, oy - cw * 3.2)), "No. %d" % rng.randint(2, 9), font=f, fill=(20, 20, 20),
               anchor="lm")
        return np.asarray(img)
    if e == "paper_clip":  # a paper clip over the top edge and a yellow sticky tab out of the right edge
        pt, pr = round(0.08 * h), round(0.05 * w)
        page = _extend(a, top=pt)
        bg = _desk(g, page.shape[0] + 20, page.shape[1] + pr + 20, (132, 128, 122))
        bg[20:20 + page.shape[0], 0:page.shape[1]] = page
        H, W = bg.shape[:2]
        img = Image.fromarray(np.clip(bg, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        ty = 20 + pt + (gy0 + gy1) / 2
        d.rectangle([page.shape[1] - 4, ty - 0.05 * h, page.shape[1] + pr * 0.9, ty + 0.05 * h], fill=(246, 222, 90))
        cx, wd = W * 0.3, max(10, round(pt * 0.5))
        lw = max(2, round(pt * 0.07))
        top, bot = 4, 20 + pt * 0.95
        d.rounded_rectangle([cx, top, cx + wd, bot], radius=wd // 2, outline=(150, 154, 160), width=lw)
        d.rounded_rectangle([cx + wd * 0.22, top + wd * 0.3, cx + wd * 0.78, bot - wd * 0.5], radius=wd // 3,
                            outline=(170, 174, 180), width=lw)
        return np.asarray(img)
    if e == "torn_edge":  # torn out of a spiral notebook: a ragged left edge with the holes' remnants, on a desk
        pl = round(0.07 * w)
        page = _extend(a, left=pl)
        H, W = page.shape[:2]
        M = round(0.05 * max(H, W))
        out = _desk(g, H + 2 * M, W + 2 * M, (70, 56, 46))
        edge = pl * 0.35 + pl * 0.12 * _blurred_noise(g, H, 1, 4)[:, 0]
        xx = np.arange(W)[None, :]
        on = xx >= edge[:, None]
        holes = np.zeros((H, W), bool)
        yy = np.arange(H)[:, None]
        for yc in np.arange(pl * 0.8, H, pl * 0.9):
            holes |= (np.hypot(xx - edge.mean() + 1, yy - yc) < pl * 0.22)
        on &= ~holes
        region = out[M:M + H, M:M + W]
        region[on] = page[on]
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "fingerprints":  # greasy fingerprints on a glossy screen: faint whorls catching the light
        out = a.astype(np.float32)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        for _ in range(rng.randint(2, 3)):
            cx, cy = rng.uniform(0.15, 0.85) * w, rng.uniform(0.15, 0.85) * h
            r = rng.uniform(0.06, 0.09) * min(h, w)
            dd = np.hypot((xx - cx) / 0.75, yy - cy)
            ridge = 0.5 + 0.5 * np.sin(dd / max(1.5, r / 9) * 2 * math.pi)
            env = np.exp(-(dd / r) ** 4)
            out = out * (1 - 0.06 * env * ridge)[..., None] + (14 * env * ridge)[..., None]
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "flash_hotspot":  # a phone's flash: a bright washed spot off centre, the corners darker, sensor noise
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        cx, cy = rng.uniform(0.4, 0.6) * w, rng.uniform(0.35, 0.55) * h
        spot = np.exp(-(np.hypot(xx - cx, yy - cy) / (0.22 * min(h, w))) ** 2)
        out = a.astype(np.float32)
        out = out + (255 - out) * (0.22 * spot)[..., None]
        out *= (1.02 - 0.22 * np.hypot(xx / w - 0.5, yy / h - 0.5) ** 1.6)[..., None]
        out += g.normal(0, 3, out.shape)
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "grease_spot":  # a grease spot: the paper darker and yellower where it soaked through
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        cx, cy = rng.choice(((gx0 * 0.5, gy1 * 0.8), (gx1, gy0 * 0.6), (gx1 * 0.95, gy1)))
        r = rng.uniform(0.08, 0.12) * min(h, w)
        dd = np.hypot(xx - cx, yy - cy) + 0.15 * r * _blurred_noise(g, h, w, r / 3)
        spot = cv2.GaussianBlur((dd < r).astype(np.float32), (0, 0), 3)
        f = 1 - spot[..., None] * np.array([0.08, 0.1, 0.2], np.float32)
        return np.clip(a.astype(np.float32) * f, 0, 255).astype(np.uint8)
    if e == "hand_smudge":  # graphite smudged by the writing hand: a grey smear along the grid's right side
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        band = np.exp(-((xx - gx1 + 0.05 * (gx1 - gx0)) / (0.08 * (gx1 - gx0))) ** 2)
        band *= np.clip((yy - gy0) / max(1.0, gy1 - gy0), 0, 1) ** 0.5
        band *= 0.75 + 0.25 * np.clip(_blurred_noise(g, h, w, 6), -1, 1)
        out = a.astype(np.float32) * (1 - 0.12 * band[..., None])
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "window_reflection":  # a window reflected on a glossy screen: four pale panes, soft, over one side
        lay = Image.new("L", (w, h), 0)
        d = ImageDraw.Draw(lay)
        x0, y0 = rng.uniform(0.45, 0.6) * w, rng.uniform(-0.1, 0.1) * h
        pw, ph = 0.22 * w, 0.3 * h
        for i in range(2):
            for j in range(2):
                d.polygon([(x0 + i * pw * 1.08 + j * 0.1 * pw, y0 + j * ph * 1.06),
                           (x0 + (i + 1) * pw + i * 0.08 * pw + j * 0.1 * pw, y0 + j * ph * 1.06),
                           (x0 + (i + 1) * pw + i * 0.08 * pw + (j + 1) * 0.1 * pw, y0 + (j + 1) * ph + j * 0.06 * ph),
                           (x0 + i * pw * 1.08 + (j + 1) * 0.1 * pw, y0 + (j + 1) * ph + j * 0.06 * ph)], fill=255)
        refl = cv2.GaussianBlur(_m(lay), (0, 0), 6)
        out = a.astype(np.float32)
        out = out + (255 - out) * (0.16 * refl)[..., None]
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "monitor_photo":  # a phone photo of a monitor: sub-pixel stripes, moire bands, bezel, slight keystone
        big = cv2.resize(a, (w * 2, h * 2), interpolation=cv2.INTER_LINEAR).astype(np.float32)
        H, W = big.shape[:2]
        xx = np.arange(W)[None, :]
        sub = np.ones((1, W, 3), np.float32) * 0.8
        for c in range(3):
            sub[0, xx[0] % 3 == c, c] = 1.06
        big *= sub
        yy, xg = np.mgrid[0:H, 0:W].astype(np.float32)
        moire = np.sin(2 * math.pi * (xg * 0.0105 + yy * 0.0042)) * np.sin(2 * math.pi * (yy * 0.013 - xg * 0.002))
        big *= (1 + 0.05 * moire)[..., None]
        big = cv2.resize(np.clip(big, 0, 255), (w, h), interpolation=cv2.INTER_AREA)
        B = round(0.05 * w)
        dev = np.empty((h + 2 * B, w + 2 * B, 3), np.float32)
        dev[:] = (24, 24, 26)
        dev[B:B + h, B:B + w] = big
        dev = _perspective(np.clip(dev, 0, 255).astype(np.uint8), rng.uniform(0.04, 0.07), (40, 38, 36))
        dev = dev.astype(np.float32) + g.normal(0, 2.5, dev.shape)
        return _jpeg(np.clip(dev, 0, 255).astype(np.uint8), rng.randint(80, 88))
    if e == "coffee_spill":  # spilt coffee in a corner of the page: a brown pool with a darker rim and splashes
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        cx, cy = rng.choice(((0.0, h * 1.0), (w * 1.0, h * 1.0), (w * 1.0, 0.0)))
        r = rng.uniform(0.12, 0.15) * min(h, w)
        dd = np.hypot(xx - cx, yy - cy) + 0.2 * r * _blurred_noise(g, h, w, r / 4)
        pool = cv2.GaussianBlur((dd < r).astype(np.float32), (0, 0), 1.5)
        rim = np.exp(-((dd - r) / max(1.5, 0.03 * r)) ** 2)
        for _ in range(rng.randint(4, 7)):
            ang = rng.uniform(0, 2 * math.pi)
            rr = r * rng.uniform(1.15, 1.5)
            px_, py_ = cx + rr * math.cos(ang), cy + rr * math.sin(ang)
            pool = np.maximum(pool, (np.hypot(xx - px_, yy - py_) < rng.uniform(2, 5)).astype(np.float32))
        f = 1 - pool[..., None] * np.array([0.12, 0.2, 0.3], np.float32) \
            - rim[..., None] * np.array([0.14, 0.2, 0.26], np.float32)
        return np.clip(a.astype(np.float32) * f, 0, 255).astype(np.uint8)
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page21(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style21,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, cell width ``cw`` and height ``ch``, each column's and row's first pixel
    ``x0s`` and ``y0s``)."""
    rng = random.Random(f"h21:{style.name}:{error}:{seed}")
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
        img, L = _redraw_whole21(layout, truth, style, change, rng)
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
                _draw_fill21(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill21(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline21(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross21(img, box, style, rng)
            else:
                _draw_empty21(d, box, style.empty, rng)
    _draw_grid21(img, L, rng, grid, inp)
    L["page_w"], L["page_h"] = img.size
    return np.asarray(img), rng, L


def make_answer21(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style21,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page21(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page21(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
