"""HELDOUT26, measured blind on commit 64289b3 (rubric 66, the thirty-fifth session's code; never looked at): 414/432
right, 0 false passes, 58/72 error-free right (14 false fails, none confidently incorrect), 90 needs_review, 0
unreadable (seed 5, ``tools/measure_nonogram_family.py nonogram_heldout26:HELDOUT26 --seed 5``). Per style, right/36,
false fails: cyrvetic_batik_anglepoise 35 1; aboriginalserif_chainmail_thumb 33 3; thabit_rubbercoin_musicstand 35 0;
ninocond_burlap_glassdesk 36 0; rachana_snakeskin_halftone 34 2; raghu_moiresilk_faxscan 33 3; alkalami_oilslick_ghost
36 0; ezra_etched_lensfringe 34 2; vga_bubblewrap_lidopen 35 0; inputclues_suede_upscaled 36 0;
mingzat_argyle_redrawmagazine 35 0; averia_suminagashi_redrawfreehand 32 3 (each name after its ``k_``). By planted
error: none 58/72, extra_light 71, extra_outline 72, x_instead 71, missing 72, clue_changed 70 (of 72 each). By size: 5x5
143/144, 10x10 140/144, 15x15 131/144. Studied in the thirty-sixth session (docs/nonogram.md, rubric 67):
420/432 on its rules.

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved nonogram:
clue fonts from Debian packages no earlier nonogram family, test, install list or digit-reader training names
(fonts-povray, fonts-lg-aboriginal, fonts-hosny-thabit, fonts-bpg-georgian, fonts-smc-rachana, fonts-averia-gwf,
fonts-sil-alkalami, fonts-sil-ezra, fonts-pc, fonts-sil-mingzat, fonts-smc-raghumalayalamsans): a Helvetica-like grotesque
(POV-Ray's Cyrvetic), a bold bookish serif (Aboriginal Serif Bold), a monospaced sans (Thabit Bold), a condensed sans
(BPG Nino Medium Condensed), a soft, rounded bold sans (Rachana Bold), a pen-like face with soft, blobby strokes
(Averia GWF Bold), a heavy display face with slab-like ends (Alkalami), a Times-like book face (Ezra SIL), a
pixel screen font (the IBM VGA 8x16 face of fonts-pc), a plain humanist sans (Mingzat) and a wide, light sans (Raghu
Malayalam Sans); one style keeps the input's clues (its changed clue is that line's numbers erased and typed again in
another face, Aboriginal Sans Bold). Fills no earlier family uses (batik with its wax crackle, chain mail, a
coin-dot rubber mat, burlap, snakeskin, watered moire silk, an oil slick's iridescent swirls, engraved lines, bubble
wrap, suede with a swipe across its nap, argyle, suminagashi marbling); empty-cell marks drawn in new ways (a small
grey caret, a small blue ring, a small pencil arc, a dot and a dash); the planted errors drawn in new ways (pale
diagonal rain dashes, a pale soft cloud, a pale dot screen, pale concentric ripples; a frame striped like a candy
cane, a knurled frame, a frame with rounded inner corners and a lit inner rim, a frame of four lapped bars; an X
whose strokes flare towards their ends, an X of short dashes, an X with ink pooled at its ends and middle, an X
ribbed across its strokes; all in the fill's colour, darkened where the fill is a light one); a changed clue that
gains a number, loses one, has one split in two, has two merged into their sum, has one off by one, is swapped with
its neighbour line's, or has its numbers written in reverse order; a missing fill left bare on a page whose other
empty cells carry marks; grids drawn in new ways (thin lines with a dark node dot at every crossing, lines ruled by
hand with a pen that wobbles and presses unevenly, brush-stroke lines that swell and dry out, heavy lines as ribbons
with a paler stripe down their middle); two styles that redraw the whole puzzle (a printed puzzle-magazine page with a
heading, shaded clue panels crossed by the grid's lines, a boxed border and one weight inside each block; a freehand
copy on cream paper whose cells are ruled slightly uneven, with wobbling pen lines and pen-like clues); and page
changes no earlier family uses (a desk under an anglepoise lamp with a warm hotspot and falloff, the page held in a
hand with the thumb on its widened left margin, a black music stand with a pencil on its ledge, the page under a
glass desk top with a window's reflection and the glass's green edge, a colour halftone print, a one-bit fax-like
scan with a header strip, a faint double-exposure ghost of a text page in the widened margins, a phone photo with
lateral chromatic aberration and vignetting, a flatbed scan with the lid left open, a small picture upscaled with
sharpening halos, the page lying on a lawn, a letter folded in quarters and opened out).

Clues written anew on the input's page are sized by their digits' height and fitted to its clue strips (as in
HELDOUT25); the redrawn puzzles space their clues by the digits' height.

Doubts noted rather than made unfair: the VGA face is a pixel font (square steps, as on an old screen); Alkalami is
a very heavy display face whose counters are small, and Nino Medium Condensed is narrow and light (drawn with a
one-pixel heavier pen); Averia is soft and slightly irregular; the halftone and the one-bit scan break every grey
into dots (the pale planted shading becomes a sparse dot screen, the clues and the fills stay solid); the upscaled
picture is soft, shrunk no further than keeps the input's clue digits about ten pixels tall; the lamp's falloff darkens
the far corner of the page to about two thirds; the glass's reflection is a faint pale band over part of the page;
the lens fringes are at most about two pixels at the corners; the ghost text and the lawn's blades lie only outside
the puzzle; the quarter folds cross the grid as thin shaded creases; the thumb and the fax header lie on paper added
beside the page, away from the clues; the suede, bubble-wrap, oil-slick and chain-mail fills have some paler
features (a swipe, highlights, swirls, rings) over a dark ground, as such a fill has, and a person sees a filled cell
at once; the reversed clue changes only the order of a line's numbers, the split and merged clues change how many
numbers a line has, and the swapped clues change two neighbouring lines; the retyped clue line on the page that keeps
the input's clues is in a different face from its neighbours.

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer26` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout26:HELDOUT26`` measures them like the earlier families.
"""

from __future__ import annotations

import colorsys
import math
import random
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from nonogram_answers import Style, plant
from nonogram_heldout15 import _jpeg, _nrng, _paste_rgba
from nonogram_heldout17 import _blurred_noise, _erase_grid17, _font, _inner, _lift, _paste
from nonogram_heldout18 import _draw_grid18
from nonogram_heldout19 import _layer, _m, _on_table
from nonogram_heldout20 import _perspective
from nonogram_heldout21 import _extend
from nonogram_heldout22 import _noise0
from nonogram_heldout24 import _perimeter
from nonogram_heldout25 import (
    INPUT_FONT,
    _box25,
    _change25,
    _changed_lines,
    _digit_h,
    _ink_w,
    _line_values,
    _major,
    _put,
    _px_for,
    _redraw_clues25,
    _stroke_coords,
    _text,
)
from PIL import Image, ImageDraw

WHITE = (255, 255, 255)


@dataclass(frozen=True)
class Style26(Style):
    """A HELDOUT26 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``magazine_print``, ``freehand_copy``; empty keeps the
    input's frame), ``clue_change`` how a planted clue_changed answer alters its line (as in HELDOUT25) and
    ``missing_bare`` whether a missing fill is left bare rather than marked like the other empty cells.
    ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""
    clue_change: str = "extra"
    missing_bare: bool = False

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer26(input_image, layout, truth, self, error, seed)


HELDOUT26 = (
    Style26("k_cyrvetic_batik_anglepoise", "batik", (28, 36, 92), "none", "cyrvetic.ttf", ("anglepoise_lamp", "jpeg"),
            clue_scale=(1.0, 1.08), grid="node_dots", light_mark="light_rain", outline_mark="outline_candy",
            cross_mark="heavy_x_flared", clue_change="extra"),
    Style26("k_aboriginalserif_chainmail_thumb", "chainmail", (30, 32, 38), "caret", "AboriginalSerifBOLD943.ttf",
            ("thumb_margin", "jpeg"), clue_scale=(1.0, 1.08), grid="pen_ruled", light_mark="light_cloud",
            outline_mark="outline_knurled", cross_mark="heavy_x_segmented", clue_change="drop", missing_bare=True),
    Style26("k_thabit_rubbercoin_musicstand", "rubber_coin", (30, 30, 33), "none", "Thabit-Bold.ttf", ("music_stand",),
            clue_scale=(1.0, 1.06), grid="brush_ruled", light_mark="light_dotgrid", outline_mark="outline_fillet",
            cross_mark="heavy_x_pooled", clue_change="split"),
    Style26("k_ninocond_burlap_glassdesk", "burlap", (72, 48, 28), "blue_o", "BPG_Nino_Medium_Cond_GPL&GNU.ttf",
            ("glass_desk", "jpeg"), clue_scale=(1.15, 1.25), clue_stroke=1, grid="ribbon_majors",
            light_mark="light_ripple", outline_mark="outline_lapped", cross_mark="heavy_x_ribbed", clue_change="merge"),
    Style26("k_rachana_snakeskin_halftone", "snakeskin", (40, 54, 34), "pencil_arc", "Rachana-Bold.ttf",
            ("am_halftone",), clue_scale=(1.0, 1.08), grid="node_dots", light_mark="light_cloud",
            outline_mark="outline_candy", cross_mark="heavy_x_pooled", clue_change="off_by_one", missing_bare=True),
    Style26("k_raghu_moiresilk_faxscan", "moire_silk", (62, 20, 52), "dot_dash", "RaghuMalayalamSans-Regular.ttf",
            ("bilevel_fax",), clue_scale=(1.08, 1.14), grid="ribbon_majors",
            light_mark="light_dotgrid", outline_mark="outline_fillet", cross_mark="heavy_x_flared",
            clue_change="swap_lines"),
    Style26("k_alkalami_oilslick_ghost", "oil_slick", (22, 24, 30), "none", "Alkalami-Regular.ttf",
            ("margin_ghost", "jpeg"), clue_scale=(0.95, 1.02), grid="pen_ruled", light_mark="light_ripple",
            outline_mark="outline_lapped", cross_mark="heavy_x_segmented", clue_change="reversed"),
    Style26("k_ezra_etched_lensfringe", "etched_lines", (22, 22, 28), "caret", "SILEOT.ttf", ("lens_fringe", "jpeg"),
            clue_scale=(1.08, 1.16), clue_stroke=1, grid="brush_ruled", light_mark="light_rain",
            outline_mark="outline_knurled", cross_mark="heavy_x_ribbed", clue_change="extra", missing_bare=True),
    Style26("k_vga_bubblewrap_lidopen", "bubble_wrap", (34, 58, 84), "none", "Px_IBM_VGA8.ttf", ("lid_open_scan",),
            clue_scale=(1.05, 1.12), grid="node_dots", light_mark="light_dotgrid", outline_mark="outline_candy",
            cross_mark="heavy_x_flared", clue_change="drop"),
    Style26("k_inputclues_suede_upscaled", "suede", (70, 44, 30), "blue_o", None, ("small_upscaled",), grid="kept",
            light_mark="light_rain", outline_mark="outline_fillet", cross_mark="heavy_x_pooled",
            clue_change="retyped_line", missing_bare=True),
    Style26("k_mingzat_argyle_redrawmagazine", "argyle", (40, 30, 70), "none", "Mingzat-Regular.ttf",
            ("lawn_grass", "jpeg"), clue_colour=(16, 16, 22), clue_scale=(1.05, 1.12), clue_stroke=1,
            light_mark="light_cloud", outline_mark="outline_knurled", cross_mark="heavy_x_ribbed",
            clue_change="merge", redraw="magazine_print"),
    Style26("k_averia_suminagashi_redrawfreehand", "suminagashi", (24, 36, 70), "dot_dash", "AveriaGWF-Bold.ttf",
            ("quarter_creases",), clue_colour=(20, 30, 72), clue_scale=(1.05, 1.12), light_mark="light_ripple",
            outline_mark="outline_lapped", cross_mark="heavy_x_segmented", clue_change="split",
            redraw="freehand_copy"),
)

CHANGE_FONT = "AboriginalSansBOLD9433.ttf"  # the retyped line of a changed clue on the page that keeps the input's clues


# ------------------------------------------------------------------------------------------ fills


def _tex26(kind: str, w: int, h: int, colour, g: np.random.Generator, rng: random.Random) -> np.ndarray:
    """A filled cell's picture (h, w, 3 float) in ``kind``."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    if kind == "batik":  # batik: indigo dye, darker where it pooled, fine pale veins where the wax cracked
        tex *= (1 + 0.12 * _noise0(g, h, w, max(1.0, s / 4)))[..., None]
        veins = np.zeros((h, w), np.float32)
        for k in range(2):
            n = _noise0(g, h, w, max(1.0, s / (5 + 2 * k)))
            veins = np.maximum(veins, np.clip(1 - np.abs(n) / 0.07, 0, 1))
        veins = cv2.GaussianBlur(veins, (0, 0), 0.5) * 0.75
        tex = tex * (1 - veins[..., None]) + _lift(col, 0.55) * veins[..., None]
    elif kind == "chainmail":  # chain mail: rows of steel rings, each lit on its upper edge, on a dark gap
        p = s / 3.2
        tex *= 0.7
        t = max(1.0, p * 0.13)
        for j in range(-1, int(h / (p * 0.75)) + 2):
            for i in range(-1, int(w / p) + 2):
                cx, cy = (i + (0.5 if j % 2 else 0.0)) * p, j * p * 0.75
                d = np.hypot(xx - cx, yy - cy)
                ring = np.clip(1.2 - np.abs(d - p * 0.42) / t, 0, 1)
                lit = np.clip(0.55 + 0.45 * (cy - yy) / (p * 0.42), 0.25, 1.0)
                steel = np.array((110, 114, 122), np.float32)[None, None] * (0.6 + 0.6 * lit)[..., None]
                tex = tex * (1 - ring[..., None]) + steel * ring[..., None]
    elif kind == "rubber_coin":  # a coin-dot rubber mat: raised discs, each lit at its upper left, shaded below
        tex *= (1 + 0.05 * _noise0(g, h, w, 0.7))[..., None]
        p = s / 3.0
        r = p * 0.3
        for j in range(3):
            for i in range(3):
                cx, cy = (i + 0.5) * w / 3, (j + 0.5) * h / 3
                d = np.hypot(xx - cx, yy - cy)
                rim = np.clip(1 - np.abs(d - r) / max(0.8, r * 0.18), 0, 1)
                up = ((cx - xx) + (cy - yy)) / (r * 1.41 + 1e-6)
                tex += (rim * np.clip(up, 0, 1) * 70)[..., None]
                tex *= (1 - 0.45 * rim * np.clip(-up, 0, 1))[..., None]
                tex += (np.clip(1 - d / r, 0, 1) * 10)[..., None]
    elif kind == "burlap":  # burlap: coarse jute threads over and under, uneven in width, dark gaps between them
        p = s / rng.uniform(4.5, 5.5)
        u = (xx + 0.12 * p * _noise0(g, h, w, p)) / p
        v = (yy + 0.12 * p * _noise0(g, h, w, p)) / p
        fu, fv = u % 1, v % 1
        over = ((np.floor(u) + np.floor(v)) % 2) == 0
        across = np.where(over, fv, fu)
        shade = 0.55 + 0.7 * np.sin(math.pi * across) ** 0.7
        gap = (np.minimum(fu, 1 - fu) < 0.08) & (np.minimum(fv, 1 - fv) < 0.08)
        tex = col * shade[..., None] * (1 + 0.1 * _noise0(g, h, w, 0.6))[..., None]
        tex[gap] = col * 0.3
    elif kind == "snakeskin":  # snakeskin: diamond scales with dark edges and paler middles, in dark blotches
        p = s / 3.4
        u, v = (xx + yy) / p, (xx - yy) / p
        e = np.minimum(np.minimum(u % 1, 1 - u % 1), np.minimum(v % 1, 1 - v % 1))
        shade = 0.5 + 0.9 * np.clip(e / 0.35, 0, 1)
        blot = np.clip(_noise0(g, h, w, max(1.0, s / 4)), -1, 1)
        tex = col * shade[..., None] * (1 - 0.25 * np.clip(blot, 0, 1))[..., None]
    elif kind == "moire_silk":  # watered silk: wavy sheen bands running across, like wood grain in light
        n = _noise0(g, h, w, max(1.0, s / 3))
        band = np.sin(2 * math.pi * (yy / (s / 5.5) + 1.6 * n))
        tex = col * (0.85 + 0.35 * np.clip(band, -1, 1) ** 3)[..., None]
    elif kind == "oil_slick":  # an oil slick: near-black with thin iridescent swirls in shifting hues
        n = _noise0(g, h, w, max(1.0, s / 5))
        m = np.clip(1 - np.abs(np.sin(3.2 * n)) / 0.35, 0, 1) * 0.55
        hue = (0.5 + 0.35 * _noise0(g, h, w, max(1.0, s / 3))) % 1
        rgb = np.zeros((h, w, 3), np.float32)
        for k, hv in enumerate(np.linspace(0, 1, 8, endpoint=False)):
            sel = np.abs(((hue - hv + 0.5) % 1) - 0.5) < 1 / 16
            rgb[sel] = np.array(colorsys.hsv_to_rgb(float(hv), 0.65, 0.62), np.float32) * 255
        tex = tex * (1 - m[..., None]) + rgb * m[..., None]
    elif kind == "etched_lines":  # an engraving: dense curved lines of ink, swelling where the shade deepens
        p = s / rng.uniform(6.5, 7.5)
        f = yy + 0.18 * s * np.sin(2 * math.pi * xx / (1.6 * s) + rng.uniform(0, 6.3))
        u = (f / p) % 1
        wid = 0.62 + 0.15 * (xx / max(1, w))
        ink = np.clip((wid - np.abs(u - 0.5) * 2) * p / 1.2 + 0.5, 0, 1)
        tex = _lift(col, 0.45) * (1 - ink[..., None]) + col * ink[..., None]
    elif kind == "bubble_wrap":  # bubble wrap over a dark ground: clear domes, each with a bright glint and a rim
        tex *= 0.8
        p = s / 2.6
        r = p * 0.4
        for j in range(-1, 4):
            for i in range(-1, 4):
                cx, cy = (i + (0.5 if j % 2 else 0.0) + 0.25) * p, (j + 0.35) * p * 0.87
                d = np.hypot(xx - cx, yy - cy)
                dome = np.clip(1 - d / r, 0, 1)
                tex += (dome ** 0.5 * 18)[..., None]
                rim = np.clip(1 - np.abs(d - r) / max(0.8, r * 0.1), 0, 1)
                tex += (rim * 28)[..., None]
                gl = np.clip(1 - np.hypot(xx - cx + r * 0.38, yy - cy + r * 0.38) / max(1.0, r * 0.2), 0, 1)
                tex += (gl * 150)[..., None]
    elif kind == "suede":  # suede: a soft nap with fine streaks, a swipe across it brushed the other way
        n = cv2.GaussianBlur(g.standard_normal((h, w)).astype(np.float32), (0, 0), sigmaX=0.6, sigmaY=max(1.5, s / 10))
        n = n / (n.std() + 1e-6)
        tex *= (1 + 0.06 * n + 0.05 * _noise0(g, h, w, max(1.0, s / 4)))[..., None]
        a = rng.uniform(-0.6, 0.6)
        cx, cy = rng.uniform(0.3, 0.7) * w, rng.uniform(0.3, 0.7) * h
        dx, dy = xx - cx, yy - cy
        along, across = dx * math.cos(a) + dy * math.sin(a), -dx * math.sin(a) + dy * math.cos(a)
        swipe = np.clip(1 - (along / (0.55 * s)) ** 2 - (across / (0.16 * s)) ** 2, 0, 1) ** 0.5
        tex *= (1 + 0.35 * swipe)[..., None]
    elif kind == "argyle":  # argyle: lozenges in two dark tones, crossed by thin pale dashed diagonals
        p = s / 2
        u, v = xx / p + yy / p, xx / p - yy / p
        alt = ((np.floor(u) + np.floor(v)) % 2) == 0
        tex[alt] = col * 1.5
        lw = max(1.0, s / 40)
        dash = (xx // max(2.0, s / 14)) % 2 == 0
        for base in (u + 0.5, v + 0.5):
            fr = base % 1
            on = np.minimum(fr, 1 - fr) * p * 0.7071 < lw / 2
            tex[on & dash] = _lift(col, 0.55)
    elif kind == "suminagashi":  # suminagashi: rings of floated ink, drawn out into wavy bands by the water
        cx, cy = rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h
        r = np.hypot(xx - cx, yy - cy) + 0.12 * s * _noise0(g, h, w, max(1.0, s / 4))
        band = np.sin(2 * math.pi * r / (s / 4.2))
        t = np.clip(band * 2.5, -1, 1)
        tex = col * (1.25 + 0.35 * t)[..., None]
        tex = cv2.GaussianBlur(tex, (0, 0), 0.6)
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255)


def _ink(style: Style26) -> np.ndarray:
    """The ink of the planted marks: the fill's colour, darkened when it is a light one."""
    col = np.asarray(style.fill_colour, np.float32)
    lum = float(col @ np.array([0.299, 0.587, 0.114], np.float32))
    return col * (80 / lum) if lum > 80 else col


def _draw_fill26(img: Image.Image, box, style: Style26, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07)
    w, h = bx - ax, by - ay
    if not light:
        _paste(img, _tex26(style.fill, w, h, style.fill_colour, g, rng), ax, ay, None)
        return
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = _ink(style)
    s = float(min(w, h))
    if light == "light_rain":  # pale short diagonal dashes, like rain on a window, over a faint tint
        lay, ld = _layer(w, h)
        p = max(4.0, s / 5)
        ln = p * 0.7
        for j in range(-1, int(h / p) + 2):
            for i in range(-1, int(w / p) + 2):
                x, y = i * p + (p / 2 if j % 2 else 0) + rng.uniform(-1, 1), j * p + rng.uniform(-1, 1)
                ld.line([(x, y), (x + ln * 0.45, y + ln)], fill=255, width=max(1, round(s / 26)))
        alpha = 0.14 + 0.4 * _m(lay)
    elif light == "light_cloud":  # a pale soft cloud, denser in its middle
        n = _noise0(g, h, w, max(1.0, s / 5))
        r = np.hypot(xx - w / 2, yy - h / 2) / (0.6 * s)
        alpha = np.clip(0.3 + 0.08 * n - 0.12 * r, 0.12, 0.42)
    elif light == "light_dotgrid":  # a pale dot screen: small round dots in a square grid over a faint tint
        p = max(4.0, s / 6)
        d = np.hypot((xx % p) - p / 2, (yy % p) - p / 2)
        alpha = 0.14 + 0.42 * np.clip(p * 0.3 - d + 0.5, 0, 1)
    elif light == "light_ripple":  # pale concentric ripples from the cell's middle
        r = np.hypot(xx - w / 2, yy - h / 2)
        alpha = 0.2 + 0.13 * np.cos(2 * math.pi * r / max(4.0, s / 4.5))
    else:
        raise ValueError(light)
    _paste_rgba(img, tex, cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.5), ax, ay)


def _draw_outline26(img: Image.Image, box, style: Style26, rng: random.Random) -> None:
    """The planted extra_outline cell: a heavy frame with an empty middle."""
    kind = style.outline_mark
    ax, ay, bx, by = _inner(box, 0.08)
    w, h = bx - ax, by - ay
    s = float(min(w, h))
    col = _ink(style)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    f = rng.uniform(0.19, 0.21) * s
    across, _ = _perimeter(w, h)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "outline_candy":  # a band striped diagonally in the ink and a paler tone, like a candy cane
        q = max(3.0, f * 0.8)
        stripe = ((xx + yy) % (2 * q)) < q
        tex[stripe] = _lift(col, 0.4)
        m = (across < f).astype(np.float32)
    elif kind == "outline_knurled":  # a band knurled with a fine diamond pattern of lit ridges
        q = max(3.0, f * 0.5)
        ridge = (((xx + yy) % q) < 1.0) | (((xx - yy) % q) < 1.0)
        tex[ridge] = _lift(col, 0.35)
        m = (across < f).astype(np.float32)
    elif kind == "outline_fillet":  # a band whose inner corners are rounded, with a pale lit rim along its inside
        f *= 0.85
        rr = f * 0.6
        ix0, iy0, ix1, iy1 = f + rr, f + rr, w - 1 - f - rr, h - 1 - f - rr
        dx = np.maximum(np.maximum(ix0 - xx, xx - ix1), 0)
        dy = np.maximum(np.maximum(iy0 - yy, yy - iy1), 0)
        inside = np.hypot(dx, dy) < rr
        rim = (np.hypot(dx, dy) >= rr - max(1.0, f / 5)) & inside
        m = (~inside | rim).astype(np.float32)
        tex[rim] = _lift(col, 0.45)
    elif kind == "outline_lapped":  # four bars lapped at the corners: the side bars run over the top and bottom ones
        side = (xx < f) | (xx > w - 1 - f)
        top = (yy < f) | (yy > h - 1 - f)
        m = (side | top).astype(np.float32)
        tex[top & ~side] = _lift(col, 0.18)
        seam = side & (np.abs(np.minimum(xx, w - 1 - xx) - f) < 1.0)
        tex[seam] = _lift(col, 0.5)
        gap = top & ~side & ((np.abs(xx - f - 1.5) < 1.0) | (np.abs(xx - (w - 1 - f - 1.5)) < 1.0))
        tex[gap] = _lift(col, 0.6)
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross26(img: Image.Image, box, style: Style26, rng: random.Random) -> None:
    """A planted x_instead cell: a heavy X where a fill belongs."""
    kind = style.cross_mark
    ax, ay, bx, by = _inner(box, 0.06)
    w, h = bx - ax, by - ay
    s = float(min(w, h))
    col = _ink(style)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    a = 0.15 * s
    arms = (((a, a), (w - a, h - a)), ((w - a, a), (a, h - a)))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    wid = max(4.0, s / 4.2)
    m = np.zeros((h, w), np.float32)
    if kind == "heavy_x_flared":  # strokes narrow at the middle, flaring out towards their ends
        for p, q in arms:
            t, n, _ = _stroke_coords(p, q, xx, yy)
            half = wid * (0.32 + 0.42 * np.abs(t - 0.5) * 2) / 1.0
            m = np.maximum(m, np.clip(half - np.abs(n) + 0.5, 0, 1) * ((t > -0.01) & (t < 1.01)))
    elif kind == "heavy_x_segmented":  # each stroke three heavy dashes, the middle one where the strokes cross
        for p, q in arms:
            t, n, _ = _stroke_coords(p, q, xx, yy)
            on = ((t > 0) & (t < 0.29)) | ((t > 0.36) & (t < 0.64)) | ((t > 0.71) & (t < 1))
            m = np.maximum(m, np.clip(wid * 0.5 - np.abs(n) + 0.5, 0, 1) * on)
    elif kind == "heavy_x_pooled":  # a heavy X whose ink pooled at its four ends and where the strokes cross
        im, d = _layer(w, h)
        for p, q in arms:
            d.line([p, q], fill=255, width=max(2, round(wid * 0.8)))
            for e in (p, q):
                r = wid * 0.62
                d.ellipse([e[0] - r, e[1] - r, e[0] + r, e[1] + r], fill=255)
        r = wid * 0.75
        d.ellipse([w / 2 - r, h / 2 - r, w / 2 + r, h / 2 + r], fill=255)
        m = _m(im)
        tex *= (0.8 + 0.2 * np.clip(1 - m, 0, 1))[..., None]
    elif kind == "heavy_x_ribbed":  # heavy strokes ribbed across by thin pale lines, like a cable's wrapping
        for p, q in arms:
            t, n, ln = _stroke_coords(p, q, xx, yy)
            stroke = np.clip(wid * 0.5 - np.abs(n) + 0.5, 0, 1) * ((t > 0) & (t < 1))
            rib = ((t * ln) % max(4.0, wid * 0.6)) < 1.0
            tex[(stroke > 0.5) & rib] = _lift(col, 0.45)
            m = np.maximum(m, stroke)
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, np.clip(m, 0, 1), ax, ay)


def _draw_empty26(img: Image.Image, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    d = ImageDraw.Draw(img)
    lw = max(1, round(s / 26))
    if kind == "none":
        return
    if kind == "caret":  # a small grey caret, like a proofreader's insertion mark
        k = 0.11 * s
        d.line([(cx - k, cy + k * 0.6), (cx, cy - k * 0.6), (cx + k, cy + k * 0.6)], fill=(120, 122, 130), width=lw,
               joint="curve")
    elif kind == "blue_o":  # a small blue ring
        r = 0.08 * s
        d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=(52, 84, 170), width=lw)
    elif kind == "pencil_arc":  # a small pencil arc opening upwards, like a shallow smile
        k = 0.11 * s
        d.arc([cx - k, cy - k * 1.1, cx + k, cy + k * 0.5], 20, 160, fill=(110, 112, 120), width=lw)
    elif kind == "dot_dash":  # a dot and a short dash beside it
        r = max(1.2, 0.035 * s)
        d.ellipse([cx - 0.12 * s - r, cy - r, cx - 0.12 * s + r, cy + r], fill=(96, 98, 108))
        d.line([(cx + 0.01 * s, cy), (cx + 0.14 * s, cy)], fill=(96, 98, 108), width=lw)
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids and redraws


def _wobbly(p, q, amp: float, rng: random.Random, n: int = 14) -> list[tuple[float, float]]:
    """Points along p-q, wandering sideways by up to ``amp`` (a line ruled by hand)."""
    vx, vy = q[0] - p[0], q[1] - p[1]
    ln = math.hypot(vx, vy) or 1.0
    nx, ny = -vy / ln, vx / ln
    ph, ph2 = rng.uniform(0, 6.3), rng.uniform(0, 6.3)
    out = []
    for t in np.linspace(0, 1, n):
        o = amp * (0.7 * math.sin(ph + t * 2.3 * math.pi) + 0.3 * math.sin(ph2 + t * 7.1 * math.pi))
        out.append((p[0] + vx * t + nx * o, p[1] + vy * t + ny * o))
    return out


def _draw_grid26(img: Image.Image, L: dict[str, Any], rng: random.Random, name: str, inp: np.ndarray | None) -> None:
    if name == "kept":
        _draw_grid18(img, L, rng, "kept", inp)
        return
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    gx0, gy0, gx1, gy1 = xs[0], ys[0], xs[-1], ys[-1]
    thin, thick = max(1, round(s / 30)), max(2, round(s / 11))
    if name == "node_dots":  # thin grey lines with a small dark dot at every crossing; heavy ink majors
        for i, x in enumerate(xs):
            if not _major(i, cols):
                d.line([(x, gy0), (x, gy1)], fill=(168, 170, 176), width=thin)
        for j, y in enumerate(ys):
            if not _major(j, rows):
                d.line([(gx0, y), (gx1, y)], fill=(168, 170, 176), width=thin)
        r = max(1.5, s / 22)
        for x in xs:
            for y in ys:
                d.ellipse([x - r, y - r, x + r, y + r], fill=(40, 40, 48))
    elif name == "pen_ruled":  # every line ruled by hand in blue-black pen: wandering a little, pressed unevenly
        ink = (28, 34, 62)
        amp = max(0.6, s / 50)
        for i, x in enumerate(xs):
            big = _major(i, cols)
            e = rng.uniform(0, s * 0.08)
            pts = _wobbly((x + rng.uniform(-0.5, 0.5), gy0 - e), (x + rng.uniform(-0.8, 0.8), gy1 + e), amp, rng)
            d.line(pts, fill=ink if big else (96, 100, 124), width=thick if big else max(1, thin + rng.randint(0, 1)),
                   joint="curve")
        for j, y in enumerate(ys):
            big = _major(j, rows)
            e = rng.uniform(0, s * 0.08)
            pts = _wobbly((gx0 - e, y + rng.uniform(-0.5, 0.5)), (gx1 + e, y + rng.uniform(-0.8, 0.8)), amp, rng)
            d.line(pts, fill=ink if big else (96, 100, 124), width=thick if big else max(1, thin + rng.randint(0, 1)),
                   joint="curve")
        return
    elif name == "brush_ruled":  # brush-stroke lines that swell in the middle and dry out towards their ends
        H, W = img.size[1], img.size[0]
        lay, ld = _layer(W, H)
        for i, x in enumerate(xs):
            big = _major(i, cols)
            base = thick * 1.1 if big else max(1.0, thin * 1.2)
            for t0, t1 in zip(np.linspace(0, 1, 13)[:-1], np.linspace(0, 1, 13)[1:]):
                wdt = base * (0.75 + 0.4 * math.sin(math.pi * (t0 + t1) / 2))
                ld.line([(x, gy0 + (gy1 - gy0) * t0 - (thick / 2 if big and t0 == 0 else 0)),
                         (x, gy0 + (gy1 - gy0) * t1 + (thick / 2 if big and t1 == 1 else 0))], fill=255,
                        width=max(1, round(wdt)))
        for j, y in enumerate(ys):
            big = _major(j, rows)
            base = thick * 1.1 if big else max(1.0, thin * 1.2)
            for t0, t1 in zip(np.linspace(0, 1, 13)[:-1], np.linspace(0, 1, 13)[1:]):
                wdt = base * (0.75 + 0.4 * math.sin(math.pi * (t0 + t1) / 2))
                ld.line([(gx0 + (gx1 - gx0) * t0 - (thick / 2 if big and t0 == 0 else 0), y),
                         (gx0 + (gx1 - gx0) * t1 + (thick / 2 if big and t1 == 1 else 0), y)], fill=255,
                        width=max(1, round(wdt)))
        g = _nrng(rng)
        m = _m(lay)
        dry = np.clip(0.9 + 0.12 * _blurred_noise(g, H, W, 3.0), 0.6, 1)
        m = cv2.GaussianBlur(m, (0, 0), 0.5) * dry
        a = np.asarray(img, np.float32)
        a = a * (1 - m[..., None]) + np.array((26, 24, 22), np.float32) * m[..., None]
        img.paste(Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)))
        return
    elif name == "ribbon_majors":  # thin grey lines; every heavy line a dark ribbon with a paler stripe down it
        for i, x in enumerate(xs):
            if not _major(i, cols):
                d.line([(x, gy0), (x, gy1)], fill=(150, 150, 156), width=thin)
        for j, y in enumerate(ys):
            if not _major(j, rows):
                d.line([(gx0, y), (gx1, y)], fill=(150, 150, 156), width=thin)
        wd = max(3, round(s / 8))
        for i, x in enumerate(xs):
            if _major(i, cols):
                d.line([(x, gy0 - wd // 2), (x, gy1 + wd // 2)], fill=(30, 34, 44), width=wd)
        for j, y in enumerate(ys):
            if _major(j, rows):
                d.line([(gx0 - wd // 2, y), (gx1 + wd // 2, y)], fill=(30, 34, 44), width=wd)
        st = max(1, wd // 4)
        for i, x in enumerate(xs):
            if _major(i, cols):
                d.line([(x, gy0 - wd // 2 + 1), (x, gy1 + wd // 2 - 1)], fill=(140, 146, 160), width=st)
        for j, y in enumerate(ys):
            if _major(j, rows):
                d.line([(gx0 - wd // 2 + 1, y), (gx1 + wd // 2 - 1, y)], fill=(140, 146, 160), width=st)
        return
    else:
        raise ValueError(name)
    major = (34, 34, 40)
    for i, x in enumerate(xs):
        if _major(i, cols):
            d.line([(x, gy0 - thick // 2), (x, gy1 + thick // 2)], fill=major, width=thick)
    for j, y in enumerate(ys):
        if _major(j, rows):
            d.line([(gx0 - thick // 2, y), (gx1 + thick // 2, y)], fill=major, width=thick)


def _draw_redraw_grid26(img: Image.Image, L: dict[str, Any], kind: str, rng: random.Random) -> None:
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    if kind == "magazine_print":  # one fine weight inside each block, medium block lines, a heavy border
        ink = (20, 20, 26)
        fine, mid, frame = max(1, round(s / 34)), max(2, round(s / 14)), max(3, round(s / 8))
        for i, x in enumerate(xs):
            if 0 < i < cols:
                d.line([(x, ys[0]), (x, ys[-1])], fill=ink, width=mid if i % 5 == 0 else fine)
        for j, y in enumerate(ys):
            if 0 < j < rows:
                d.line([(xs[0], y), (xs[-1], y)], fill=ink, width=mid if j % 5 == 0 else fine)
        hf = frame / 2
        d.rectangle([xs[0] - hf, ys[0] - hf, xs[-1] + hf, ys[-1] + hf], outline=ink, width=frame)
        return
    # freehand_copy: wobbling pen lines, the heavy ones gone over twice
    ink = (26, 34, 70)
    amp = max(0.7, s / 40)
    for i, x in enumerate(xs):
        big = _major(i, cols)
        for k in range(2 if big else 1):
            e0, e1 = rng.uniform(0, s * 0.12), rng.uniform(0, s * 0.12)
            pts = _wobbly((x + rng.uniform(-0.8, 0.8) + k, ys[0] - e0), (x + rng.uniform(-1.2, 1.2) + k, ys[-1] + e1),
                          amp, rng)
            d.line(pts, fill=ink, width=max(2, round(s / 16)) if big else max(1, round(s / 30)), joint="curve")
    for j, y in enumerate(ys):
        big = _major(j, rows)
        for k in range(2 if big else 1):
            e0, e1 = rng.uniform(0, s * 0.12), rng.uniform(0, s * 0.12)
            pts = _wobbly((xs[0] - e0, y + rng.uniform(-0.8, 0.8) + k), (xs[-1] + e1, y + rng.uniform(-1.2, 1.2) + k),
                          amp, rng)
            d.line(pts, fill=ink, width=max(2, round(s / 16)) if big else max(1, round(s / 30)), joint="curve")


def _redraw_whole26(layout: dict[str, Any], style: Style26, row_vals, col_vals, rng: random.Random,
                    target: tuple[int, int]) -> tuple[Image.Image, dict[str, Any]]:
    """The whole puzzle drawn anew (``style.redraw``): its own canvas (at least ``target`` = (w, h) * 0.9), cell
    proportions, clue layout and margins. Returns the page (clues, no marks, no grid yet) and its geometry."""
    kind = style.redraw
    rows, cols = layout["rows"], layout["cols"]
    base = layout["cell_px"] * rng.uniform(0.95, 1.03)
    if kind == "magazine_print":
        cws = [base] * cols
        chs = [base] * rows
    else:  # cells ruled by hand: each column and row a little wider or narrower
        cws = [base * rng.uniform(0.93, 1.07) for _ in range(cols)]
        chs = [base * rng.uniform(0.93, 1.07) for _ in range(rows)]
    ref = _digit_h(_font(INPUT_FONT, layout["clue_font_px"]))
    px = _px_for(style.clue_font, ref * rng.uniform(*style.clue_scale))
    font = _font(style.clue_font, px)
    while px > 8 and max(_ink_w(font, t) for v in col_vals for t in v) > 0.8 * min(cws):
        px -= 1
        font = _font(style.clue_font, px)
    dh = _digit_h(font)
    gapn, slot = dh * rng.uniform(0.8, 0.95), dh * rng.uniform(1.6, 1.75)
    row_w = max(sum(_ink_w(font, t) for t in v) + gapn * (len(v) - 1) for v in row_vals)
    col_h = max(len(v) for v in col_vals) * slot
    pad = 0.45 * base
    m = base * rng.uniform(0.5, 0.65)
    title = base * 1.3 if kind == "magazine_print" else 0.0
    gw, gh = sum(cws), sum(chs)
    W0, H0 = 2 * m + row_w + pad * 1.4 + gw, 2 * m + title + col_h + pad * 1.4 + gh
    ex, ey = max(0.0, 0.9 * target[0] - W0) / 2, max(0.0, 0.9 * target[1] - H0) / 2
    gx0, gy0 = m + ex + row_w + pad * 1.4, m + ey + title + col_h + pad * 1.4
    xs = [gx0 + sum(cws[:i]) for i in range(cols + 1)]
    ys = [gy0 + sum(chs[:j]) for j in range(rows + 1)]
    W, H = round(W0 + 2 * ex), round(H0 + 2 * ey)
    paper = (253, 253, 250) if kind == "magazine_print" else (250, 245, 230)
    img = Image.new("RGB", (W, H), paper)
    d = ImageDraw.Draw(img)
    L = {"grid_bbox": [xs[0], ys[0], xs[-1], ys[-1]], "rows": rows, "cols": cols, "cw": gw / cols, "ch": gh / rows,
         "cell_px": min(min(cws), min(chs)), "xs": xs, "ys": ys, "x0s": xs[:-1], "y0s": ys[:-1],
         "keep": [gx0 - pad * 1.4 - row_w - 4, gy0 - pad * 1.4 - col_h - 4, xs[-1] + 4, ys[-1] + 4]}
    s = min(cws + chs)
    if kind == "magazine_print":  # a heading, shaded clue panels crossed by the grid's lines, a box round it all
        tp = max(14, round(base * 0.5))
        tx, ty = m + ex, m * 0.5 + ey
        d.text((tx, ty), "GRIDDLERS", font=_font("DejaVuSans-Bold.ttf", tp), fill=(170, 30, 40), anchor="la")
        d.text((W - m - ex, ty + tp * 0.2), "Difficulty: ★★★☆☆", font=_font("DejaVuSans.ttf", max(10, round(tp * 0.55))),
               fill=(60, 60, 66), anchor="ra")
        d.text((tx, ty + tp * 1.3), "Shade the runs each clue gives, in order.",
               font=_font("DejaVuSans-Oblique.ttf", max(9, round(tp * 0.38))), fill=(80, 80, 88), anchor="la")
        panel = (226, 228, 232)
        px0, py0 = gx0 - pad * 1.4 - row_w - pad * 0.3, gy0 - pad * 1.4 - col_h - pad * 0.3
        d.rectangle([px0, ys[0], xs[0], ys[-1]], fill=panel)
        d.rectangle([xs[0], py0, xs[-1], ys[0]], fill=panel)
        fine = max(1, round(s / 34))
        for x in xs[1:-1]:
            d.line([(x, py0), (x, ys[0])], fill=(150, 152, 160), width=fine)
        for y in ys[1:-1]:
            d.line([(px0, y), (xs[0], y)], fill=(150, 152, 160), width=fine)
        d.rectangle([px0 - pad * 0.4, py0 - pad * 0.4, xs[-1] + pad * 0.4, ys[-1] + pad * 0.4], outline=(30, 30, 36),
                    width=max(1, round(s / 30)))
    for r, vals in enumerate(row_vals):
        cy = (ys[r] + ys[r + 1]) / 2
        x = gx0 - pad
        for t in reversed(vals):
            wt = _ink_w(font, t)
            jx, jy = (0.0, 0.0) if kind == "magazine_print" else (rng.uniform(-1.5, 1.5), rng.uniform(-1.5, 1.5))
            _put(d, (x - wt / 2 + jx, cy + jy), t, font, style.clue_colour, style.clue_stroke)
            x -= wt + gapn
    for c, vals in enumerate(col_vals):
        cx = (xs[c] + xs[c + 1]) / 2
        for k, t in enumerate(vals):
            jx, jy = (0.0, 0.0) if kind == "magazine_print" else (rng.uniform(-1.5, 1.5), rng.uniform(-1.5, 1.5))
            _put(d, (cx + jx, gy0 - pad - (len(vals) - k - 0.5) * slot + jy), t, font, style.clue_colour,
                 style.clue_stroke)
    return img, L


# ------------------------------------------------------------------------------------------ pages


GHOST = ("the morning train was late again so we walked along the river path under the chestnut trees where the "
              "leaves had turned a deep copper and the light came low across the water as the ferry crossed towards "
              "the far bank and the market stalls were opening one by one with baskets of apples and bread")
GHOST_TEXT = GHOST.split()


def _ghost_lines(W: int, H: int, px: int, rng: random.Random) -> np.ndarray:
    """A page of body text (a heading and justified lines, no numbers) as a mask (H, W), for a faint ghost."""
    lay, ld = _layer(W, H)
    font = _font("DejaVuSerif.ttf", px)
    k = rng.randrange(len(GHOST_TEXT))
    ld.text((px * 2, px * 1.5), "Chapter Seven", font=_font("DejaVuSerif-Bold.ttf", round(px * 1.6)), fill=255)
    y = px * 4.5
    while y < H - px:
        line = ""
        while True:
            word = GHOST_TEXT[k % len(GHOST_TEXT)]
            if ld.textlength(line + " " + word, font=font) > W - px * 4 and line:
                break
            line = (line + " " + word).strip()
            k += 1
        ld.text((px * 2, y), line, font=font, fill=255)
        y += px * 1.45
    return _m(lay)


def _page26(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    big = max(h, w)
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "anglepoise_lamp":  # on a dark desk under an anglepoise lamp: a warm hotspot, falling off to dim corners
        M = round(0.08 * big)
        H, W = h + 2 * M, w + 2 * M
        bg = np.empty((H + 90, W + 90, 3), np.float32)
        bg[:] = (86, 60, 40)
        grain = cv2.GaussianBlur(g.standard_normal((H + 90, W + 90)).astype(np.float32), (0, 0), sigmaX=40, sigmaY=2)
        bg *= (1 + 0.08 * grain / (grain.std() + 1e-6))[..., None]
        out = _on_table(a, bg, rng.uniform(-2, 2), (M, M), 0.45, g)
        Hc, Wc = out.shape[:2]
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        corner = rng.choice(((0, 0), (1, 0)))
        bx, by = (Wc * 0.02 if corner[0] == 0 else Wc * 0.98), Hc * 0.02
        R = M * 1.6
        d.ellipse([bx - R, by - R * 0.6, bx + R, by + R * 0.6], fill=(30, 30, 34))  # the lamp's round base
        d.ellipse([bx - R * 0.6, by - R * 0.3, bx + R * 0.6, by + R * 0.3], fill=(58, 58, 64))
        out = np.asarray(img, np.float32)
        yy, xx = np.mgrid[0:Hc, 0:Wc].astype(np.float32)
        hx = Wc * (0.3 if corner[0] == 0 else 0.7) + rng.uniform(-0.05, 0.05) * Wc
        hy = Hc * rng.uniform(0.3, 0.42)
        r = np.hypot(xx - hx, yy - hy) / (0.75 * max(Hc, Wc))
        fall = 1.1 - 0.48 * np.clip(r, 0, 1) ** 1.4
        warm = np.array((1.0, 0.9, 0.72), np.float32)
        out = out * fall[..., None] * (warm + (1 - warm) * np.clip(0.35 - r, 0, 1)[..., None])
        return np.clip(out + g.normal(0, 2.5, out.shape), 0, 255).astype(np.uint8)
    if e == "thumb_margin":  # held up in a hand: the thumb on a widened left margin, fingertips behind the right edge
        ml = round(0.13 * w)
        page = _extend(a, left=ml)
        Hp, Wp = page.shape[:2]
        M = round(0.07 * big)
        H, W = Hp + 2 * M, Wp + 2 * M
        yy, xx = np.mgrid[0:H + 90, 0:W + 90].astype(np.float32)
        bg = np.empty((H + 90, W + 90, 3), np.float32)
        bg[:] = (120, 112, 104)
        bg *= (0.8 + 0.35 * (yy / (H + 90)))[..., None]
        bg *= (1 + 0.04 * _blurred_noise(g, H + 90, W + 90, 25))[..., None]
        out = _on_table(page, bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        Hc, Wc = out.shape[:2]
        skin = np.array((222, 170, 140), np.float32)
        ty = M + Hp * rng.uniform(0.5, 0.62)
        tw, tl = ml * 0.72, ml * 1.25
        lay, ld = _layer(Wc, Hc)
        ld.rounded_rectangle([-tl * 0.6, ty - tw / 2, M + ml * 0.78, ty + tw / 2], radius=round(tw / 2), fill=255)
        ld.polygon([(0, ty - tw * 0.6), (M * 0.9, ty - tw * 0.55), (M * 0.9, ty + tw * 1.6), (0, ty + tw * 2.2)],
                   fill=255)  # the hand below the thumb, off the page
        for k in range(3):  # fingertips showing past the right edge, behind the page
            fy = M + Hp * (0.4 + 0.14 * k)
            ld.rounded_rectangle([M + Wp + 3, fy - tw * 0.42, Wc + 20, fy + tw * 0.42], radius=round(tw * 0.42),
                                 fill=255)
        mask = cv2.GaussianBlur(_m(lay), (0, 0), 1.2)
        shade = (0.86 + 0.16 * np.clip((ty + tw / 2 - yy[:Hc, :Wc]) / tw, 0, 1))[..., None]  # lit from above
        sh = np.roll(cv2.GaussianBlur(mask, (0, 0), 5), (5, 3), axis=(0, 1))
        out *= (1 - 0.3 * sh * (1 - mask))[..., None]
        tone = skin * shade * (1 + 0.03 * _blurred_noise(g, Hc, Wc, 3))[..., None]
        out = out * (1 - mask[..., None]) + tone * mask[..., None]
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        nx1 = M + ml * 0.74
        d.rounded_rectangle([nx1 - tw * 0.62, ty - tw * 0.32, nx1 - tw * 0.06, ty + tw * 0.32], radius=round(tw * 0.25),
                            fill=(236, 200, 186), outline=(200, 150, 130), width=1)  # the thumbnail
        d.arc([nx1 - tw * 1.5, ty - tw * 0.42, nx1 - tw * 0.9, ty + tw * 0.42], 300, 60, fill=(190, 140, 116), width=1)
        return np.clip(np.asarray(img, np.float32) + g.normal(0, 2, (Hc, Wc, 3)), 0, 255).astype(np.uint8)
    if e == "music_stand":  # on a black music stand: a slotted desk behind the page, a ledge below with a pencil
        bx, by, ledge = round(0.06 * w), round(0.05 * h), round(0.07 * h)
        Hs, Ws = h + 2 * by + ledge, w + 2 * bx
        stand = np.empty((Hs, Ws, 3), np.float32)
        stand[:] = (30, 30, 33)
        yy, xx = np.mgrid[0:Hs, 0:Ws].astype(np.float32)
        slot = ((xx % (Ws / 9)) < Ws / 9 * 0.35) & ((yy % (Hs / 5)) > Hs / 5 * 0.12)
        stand[slot] = (12, 12, 14)
        stand[by + h + round(by * 0.6):] = (46, 46, 50)  # the ledge
        stand[by + h + round(by * 0.6):by + h + round(by * 0.6) + 3] = (90, 90, 96)
        sh = np.zeros((Hs, Ws), np.float32)
        sh[by + 5:by + h + 5, bx + 4:bx + w + 4] = 1
        stand *= (1 - 0.5 * cv2.GaussianBlur(sh, (0, 0), 4))[..., None]
        stand[by:by + h, bx:bx + w] = a
        img = Image.fromarray(np.clip(stand, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        py = by + h + round(by * 0.6) + ledge * 0.45
        p0, p1 = Ws * rng.uniform(0.15, 0.3), Ws * rng.uniform(0.55, 0.7)
        pw = max(4, round(ledge * 0.28))
        d.line([(p0, py), (p1, py)], fill=(232, 184, 40), width=pw)  # a yellow pencil lying on the ledge
        d.polygon([(p1, py - pw / 2), (p1 + pw * 2.2, py), (p1, py + pw / 2)], fill=(222, 196, 156))
        d.polygon([(p1 + pw * 1.5, py - pw * 0.16), (p1 + pw * 2.2, py), (p1 + pw * 1.5, py + pw * 0.16)],
                  fill=(40, 40, 40))
        d.rectangle([p0 - pw * 1.2, py - pw / 2, p0 - pw * 0.3, py + pw / 2], fill=(230, 140, 150))
        d.rectangle([p0 - pw * 0.3, py - pw / 2, p0, py + pw / 2], fill=(176, 178, 182))
        M = round(0.05 * big)
        out = np.empty((Hs + 2 * M, Ws + 2 * M, 3), np.float32)
        yy, xx = np.mgrid[0:Hs + 2 * M, 0:Ws + 2 * M].astype(np.float32)
        out[:] = (70, 66, 74)
        out *= (1.1 - 0.4 * np.hypot(xx / out.shape[1] - 0.5, yy / out.shape[0] - 0.4))[..., None]
        out[M:M + Hs, M:M + Ws] = np.asarray(img, np.float32)
        out = cv2.GaussianBlur(out, (0, 0), 0.5)
        return _perspective(np.clip(out + g.normal(0, 2, out.shape), 0, 255).astype(np.uint8),
                            rng.uniform(0.02, 0.035), (60, 56, 64))
    if e == "glass_desk":  # under a glass desk top: a faint green cast, the glass's green edge, a window reflected
        M = round(0.07 * big)
        H, W = h + 2 * M, w + 2 * M
        bg = np.empty((H + 90, W + 90, 3), np.float32)
        bg[:] = (120, 88, 60)
        grain = cv2.GaussianBlur(g.standard_normal((H + 90, W + 90)).astype(np.float32), (0, 0), sigmaX=2, sigmaY=30)
        bg *= (1 + 0.07 * grain / (grain.std() + 1e-6))[..., None]
        out = _on_table(a, bg, rng.uniform(-1.5, 1.5), (M, M), 0.25, g)
        Hc, Wc = out.shape[:2]
        out *= np.array((0.94, 0.99, 0.96), np.float32)
        ew = max(6, round(0.025 * big))
        out[:, Wc - ew:] = out[:, Wc - ew:] * 0.4 + np.array((90, 150, 130), np.float32) * 0.6  # the glass's edge
        out[:, Wc - ew:Wc - ew + 2] = (190, 230, 214)
        lay, ld = _layer(Wc, Hc)
        x0 = Wc * rng.uniform(0.05, 0.35)
        bw = Wc * rng.uniform(0.18, 0.26)
        sk = Hc * 0.35
        ld.polygon([(x0, 0), (x0 + bw, 0), (x0 + bw + sk, Hc), (x0 + sk, Hc)], fill=255)
        ld.line([(x0 + bw * 0.5, 0), (x0 + bw * 0.5 + sk, Hc)], fill=0, width=max(3, round(bw * 0.05)))  # glazing bar
        refl = cv2.GaussianBlur(_m(lay), (0, 0), 6) * 0.13
        out = out * (1 - refl[..., None]) + 255 * refl[..., None]
        return np.clip(out + g.normal(0, 1.8, out.shape), 0, 255).astype(np.uint8)
    if e == "am_halftone":  # a colour halftone print: each ink a screen of round dots at its own angle
        cmy = 1 - a.astype(np.float32) / 255
        k = np.min(cmy, axis=2)
        period = 4.0 if big < 800 else 5.0
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        inks = []
        for ch, ang in ((cmy[..., 0] - k, 15), (cmy[..., 1] - k, 75), (cmy[..., 2] - k, 0), (k, 45)):
            t = math.radians(ang)
            u = (xx * math.cos(t) + yy * math.sin(t)) / period
            v = (-xx * math.sin(t) + yy * math.cos(t)) / period
            d = np.hypot((u % 1) - 0.5, (v % 1) - 0.5) / 0.7071  # 0 at a dot's middle, 1 at the cell's corner
            dot = np.clip((np.sqrt(np.clip(ch, 0, 1)) - d) * period * 0.9 + 0.5, 0, 1)
            dot = np.where(ch > 0.93, 1.0, np.where(ch < 0.04, 0.0, dot))
            inks.append(dot)
        c, m_, y_, kk = inks
        out = np.empty((h, w, 3), np.float32)
        out[..., 0] = 250 * (1 - c) * (1 - 0.1 * m_)
        out[..., 1] = 248 * (1 - m_) * (1 - 0.1 * y_)
        out[..., 2] = 242 * (1 - y_) * (1 - 0.05 * c)
        out *= (1 - 0.92 * kk)[..., None]
        out = cv2.GaussianBlur(out, (0, 0), 0.45)
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "bilevel_fax":  # a one-bit fax-like scan: black or white pixels only, a header strip, a little skew
        top = round(0.06 * h)
        page = _extend(a, top=top)
        img = Image.fromarray(page)
        d = ImageDraw.Draw(img)
        fpx = max(10, round(top * 0.42))
        _text(d, (round(0.03 * w), top * 0.5), "FROM: PUZZLE DESK", fpx, (0, 0, 0), "lm", "DejaVuSansMono.ttf")
        _text(d, (w - round(0.03 * w), top * 0.5), "PAGE ONE OF ONE", fpx, (0, 0, 0), "rm", "DejaVuSansMono.ttf")
        img = img.rotate(rng.uniform(-0.6, 0.6), resample=Image.BILINEAR, fillcolor=WHITE)
        grey = np.asarray(img.convert("L"), np.float32) / 255
        Hp, Wp = grey.shape
        grey = cv2.resize(cv2.resize(grey, (Wp, round(Hp * 0.9)), interpolation=cv2.INTER_AREA), (Wp, Hp),
                          interpolation=cv2.INTER_LINEAR)  # the fax's coarser vertical resolution
        thr = np.where(grey < 0.6, 0.5, 0.6 + 0.35 * g.random((Hp, Wp)).astype(np.float32))  # pale tones dithered
        bits = (grey > thr).astype(np.float32)
        out = np.repeat((bits * 255)[..., None], 3, axis=2)
        return out.astype(np.uint8)
    if e == "margin_ghost":  # a double exposure: a text page's faint ghost in the widened margins, off the puzzle
        mr, mb = round(0.2 * w), round(0.08 * h)
        page = _extend(a, right=mr, bottom=mb).astype(np.float32)
        Hp, Wp = page.shape[:2]
        ghost = _ghost_lines(Wp, Hp, max(12, round(0.022 * big)), rng)
        ghost = cv2.GaussianBlur(ghost, (0, 0), 1.2)
        kx0, ky0, kx1, ky1 = L["keep"]
        keep = np.ones((Hp, Wp), np.float32)
        keep[max(0, int(ky0) - 10):int(ky1) + 12, max(0, int(kx0) - 10):int(kx1) + 12] = 0
        keep = cv2.GaussianBlur(keep, (0, 0), 4) * keep
        a2 = 0.16 * ghost * keep
        page = page * (1 - a2[..., None]) + np.array((90, 84, 96), np.float32) * a2[..., None]
        return np.clip(page + g.normal(0, 1.5, page.shape), 0, 255).astype(np.uint8)
    if e == "lens_fringe":  # a phone photo on a grey table: colour fringes growing towards the corners, vignetting
        M = round(0.05 * big)
        H, W = h + 2 * M, w + 2 * M
        bg = np.empty((H + 90, W + 90, 3), np.float32)
        bg[:] = (150, 150, 146)
        bg *= (1 + 0.03 * _blurred_noise(g, H + 90, W + 90, 3))[..., None]
        out = _on_table(a, bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        Hc, Wc = out.shape[:2]
        k = 2.2 / (0.5 * math.hypot(Hc, Wc))  # two pixels at the corners
        chans = []
        for ci, f in ((0, 1 + k), (1, 1.0), (2, 1 - k)):
            Mx = cv2.getRotationMatrix2D((Wc / 2, Hc / 2), 0, f)
            chans.append(cv2.warpAffine(np.ascontiguousarray(out[..., ci]), Mx, (Wc, Hc), flags=cv2.INTER_LINEAR,
                                        borderMode=cv2.BORDER_REFLECT))
        out = np.stack(chans, axis=2)
        yy, xx = np.mgrid[0:Hc, 0:Wc].astype(np.float32)
        r = np.hypot(xx / Wc - 0.5, yy / Hc - 0.5) / 0.7071
        out *= (1 - 0.22 * r ** 2)[..., None]
        return np.clip(out + g.normal(0, 2.2, out.shape), 0, 255).astype(np.uint8)
    if e == "lid_open_scan":  # a flatbed scan with the lid left open: black all round, the page's edge lifted
        ml, mt, mr, mb = round(0.1 * w), round(0.06 * h), round(0.05 * w), round(0.14 * h)
        H, W = h + mt + mb, w + ml + mr
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        out = np.empty((H, W, 3), np.float32)
        out[:] = (16, 16, 20)
        out += (14 * np.exp(-((xx - W * 0.7) ** 2 + (yy - H) ** 2) / (0.3 * W * W)))[..., None]  # room light
        page = a.astype(np.float32)
        py, px_ = np.mgrid[0:h, 0:w].astype(np.float32)
        lift = np.exp(-px_ / (0.03 * w))  # the left edge lifted off the glass
        page *= (1 - 0.35 * lift)[..., None]
        out[mt:mt + h, ml:ml + w] = page
        halo = np.zeros((H, W), np.float32)
        halo[mt:mt + h, ml:ml + w] = 1
        halo = cv2.GaussianBlur(halo, (0, 0), 3) * (1 - halo)
        out += (60 * halo)[..., None]
        return np.clip(out + g.normal(0, 1.5, out.shape), 0, 255).astype(np.uint8)
    if e == "small_upscaled":  # saved small and blown up again: soft, with sharpening halos and block noise
        ref = _digit_h(_font(INPUT_FONT, max(8, round(L["cell_px"] * 0.5))))
        f = max(0.5, min(0.7, 10.5 / max(1.0, ref)))
        small = cv2.resize(a, (round(w * f), round(h * f)), interpolation=cv2.INTER_AREA)
        small = _jpeg(small, rng.randint(70, 80))
        up = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC).astype(np.float32)
        blur = cv2.GaussianBlur(up, (0, 0), 1.4)
        out = up + 0.7 * (up - blur)
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "lawn_grass":  # lying on a lawn in the sun: grass all round, blades only beside the page
        M = round(0.09 * big)
        H, W = h + 2 * M, w + 2 * M
        bg = np.empty((H + 90, W + 90, 3), np.float32)
        bg[:] = (64, 110, 46)
        bg *= (1 + 0.12 * _blurred_noise(g, H + 90, W + 90, 6) + 0.1 * _blurred_noise(g, H + 90, W + 90, 0.8))[..., None]
        img = Image.fromarray(np.clip(bg, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        for _ in range(1400):
            x, y = rng.uniform(0, W + 90), rng.uniform(0, H + 90)
            ln = rng.uniform(0.015, 0.04) * big
            t = rng.uniform(-0.5, 0.5) - math.pi / 2
            c = rng.choice(((96, 150, 60), (44, 86, 34), (120, 170, 80), (70, 124, 50)))
            d.line([(x, y), (x + ln * math.cos(t), y + ln * math.sin(t))], fill=c, width=rng.randint(1, 3))
        bg = np.asarray(img, np.float32)
        deg = rng.uniform(-3, 3)
        out = _on_table(a, bg, deg, (M, M), 0.45, g)
        Hc, Wc = out.shape[:2]
        out *= np.array((1.04, 1.02, 0.94), np.float32)
        return _perspective(np.clip(out + g.normal(0, 2, out.shape), 0, 255).astype(np.uint8),
                            rng.uniform(0.03, 0.05), (60, 104, 44))
    if e == "quarter_creases":  # a letter folded in quarters and opened out: two creases, the quarters lit unevenly
        out = a.astype(np.float32)
        cx, cy = w * rng.uniform(0.47, 0.53), h * rng.uniform(0.47, 0.53)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        q = (xx > cx).astype(np.int32) + 2 * (yy > cy).astype(np.int32)
        tones = np.array([rng.uniform(0.95, 1.02) for _ in range(4)], np.float32)
        out *= tones[q][..., None]
        for dist in (xx - cx, yy - cy):
            line = np.exp(-(dist / 1.2) ** 2)
            side = np.tanh(dist / 5)
            out *= (1 - 0.2 * line - 0.04 * side * np.exp(-np.abs(dist) / 14))[..., None]
            out += (22 * np.exp(-((dist - 2.5) / 1.2) ** 2))[..., None]
        M = round(0.05 * big)
        bg = np.empty((h + 2 * M + 90, w + 2 * M + 90, 3), np.float32)
        bg[:] = (196, 200, 206)
        bg *= (1 + 0.02 * _blurred_noise(g, bg.shape[0], bg.shape[1], 2))[..., None]
        res = _on_table(np.clip(out, 0, 255).astype(np.uint8), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return np.clip(res + g.normal(0, 1.8, res.shape), 0, 255).astype(np.uint8)
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page26(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style26,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, mean cell width ``cw`` and height ``ch``, the column and row edges ``xs`` and
    ``ys``, and ``keep``, the box round the clues and the grid; ``_box25`` gives a cell's box)."""
    rng = random.Random(f"h26:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = _change25(truth, style.clue_change, rng) if plan["clue"] else None
    row_vals, col_vals = _line_values(truth, change)
    if style.redraw:
        img, L = _redraw_whole26(layout, style, row_vals, col_vals, rng, (inp.shape[1], inp.shape[0]))
    else:
        img = input_image.convert("RGB").copy()
        if style.clue_font:
            _redraw_clues25(img, layout, row_vals, col_vals, style.clue_font, style, rng)
        elif change:
            _redraw_clues25(img, layout, row_vals, col_vals, CHANGE_FONT, style, rng, _changed_lines(change))
        if style.grid != "kept":
            _erase_grid17(img, layout)
        gx0, gy0, gx1, gy1 = layout["grid_bbox"]
        cw, ch = (gx1 - gx0) / cols, (gy1 - gy0) / rows
        xs, ys = [gx0 + i * cw for i in range(cols + 1)], [gy0 + j * ch for j in range(rows + 1)]
        rb, cb = layout["row_clue_bbox"], layout["col_clue_bbox"]
        L = {"grid_bbox": list(layout["grid_bbox"]), "rows": rows, "cols": cols, "cw": cw, "ch": ch,
             "cell_px": layout["cell_px"], "xs": xs, "ys": ys, "x0s": xs[:-1], "y0s": ys[:-1],
             "keep": [min(rb[0], cb[0]), min(rb[1], cb[1]), gx1 + 4, gy1 + 4]}
    filled = {(r, c) for r in range(rows) for c in range(cols) if solution[r][c]}
    for r in range(rows):
        for c in range(cols):
            box = _box25(L, r, c)
            if (r, c) in plan["fill"]:
                _draw_fill26(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill26(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline26(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross26(img, box, style, rng)
            elif not ((r, c) in filled and style.missing_bare):
                _draw_empty26(img, box, style.empty, rng)
    if style.redraw:
        _draw_redraw_grid26(img, L, style.redraw, rng)
    else:
        _draw_grid26(img, L, rng, style.grid, inp)
    return np.asarray(img), rng, L


def make_answer26(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style26,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page26(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page26(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
