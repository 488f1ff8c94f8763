"""HELDOUT33, measured blind on commits a37728b (rubric 70, the fortieth session's start) and on rubric 71 (its end),
never looked at: **399/432** (92.4 %) and **405/432** (93.8 %) right, **0 false passes** on both, 9 and 4 unreadable, 4
confident false fails on both, 47/72 and 49/72 error-free right (seed 5, ``tools/measure_nonogram_family.py
nonogram_heldout33:HELDOUT33 --seed 5``). By planted error on rubric 71: none 49/72, extra_light 72, extra_outline 70,
x_instead 71, missing 72, clue_changed 71 (of 72 each). Held out then: measured as counts only. Studied in the
forty-first session (rubric 72, ``tests/test_nonogram_rubric72.py``): **416/432** (96.3 %), 0 false passes, 0
unreadable, 0 confident false fails, 57/72 error-free right.

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved nonogram:
clue fonts from Debian packages no earlier nonogram family, test, install list or digit-reader training names
(fonts-apropal, fonts-amiga, fonts-cns11643-kai, fonts-cwtex-kai, fonts-babelstone-han, fonts-lohit-taml,
fonts-aksharyogini2, fonts-manchufont, fonts-ipafont-mincho, fonts-senamirmir-washra, fonts-sahadeva): a heavy
Cooper-like display face whose four is drawn with a swash (Apropal Bold), a vector copy of the Amiga's ROM face whose
strokes are striped like scan lines (Amiga, drawn with a one-pixel heavier pen that closes most of the stripes into a
bold bitmap-like face), a light, plain Kai face (TW-Kai), a Times-like book serif (cwTeX Kai's Latin), a light, thin
grotesque (BabelStone Han, drawn with a one-pixel heavier pen), a light semi-serif with round figures (Lohit Tamil), a
narrow Times-like serif (Aksharyogini 2), a monospaced sans (Manchu Font), a light monospaced Mincho (IPA Mincho, drawn
with a one-pixel heavier pen), a Times-like serif (Sahadeva, incised in the clay tablet) and a bold, wide Verdana-like
sans (Yebse from the Senamirmir Washra set, written in marker on the whiteboard); one style keeps the input's clues (its
changed clue is that line's numbers erased and typed again in another face, IPA P Mincho from fonts-ipafont-mincho, a
light proportional Mincho). Fills no earlier family uses (wheels of black liquorice, black volcanic sand, a beetle's
iridescent wing cases, heaped blueberries with their bloom, glossy tapioca pearls in syrup, seasoned cast iron,
chocolate sprinkles, a sheet of nori, glowing embers, charred yakisugi wood, black rubber magnets on a whiteboard, dark
iron slip pressed into clay); empty-cell marks drawn in new ways (a yellow highlighter dab, a small gold foil star
sticker, a short blue dry-erase dash on the whiteboard, a stylus's wedge pressed into the clay); the planted errors
drawn in new ways (pale paw prints, music notes, little fish or keyholes, each over a light tint; a frame of railway
track with its sleepers, of barbed wire, of a picket fence, of a ring of dominoes; an X of two crossed oars, of two
keys, of two spanners, of a fork and a knife; all in the fill's colour, darkened where the fill is a light one); a
changed clue that gains a number, loses one, has one split in two, has two merged into their sum, has one off by one, is
swapped with its neighbour line's, has a number inserted between two of its numbers, has its numbers rotated by one
place, has one unit moved from one of its numbers to another so that the line's total stays the same (``transfer``: new
here), or (on the page that keeps the input's clues) has one number one more or less; a missing fill left bare on a page
whose other empty cells carry marks; grids drawn in new ways (pen lines under block lines laid of matchsticks end to
end, red heads and all; pen lines under block lines of twisted jute twine; pen lines under block lines of bicycle chain,
plates and rollers; pen lines under block lines punched as rows of small holes); two styles that redraw the whole puzzle
in a new medium (a magnetic whiteboard, the clues and the grid in dry-erase marker and the fills black rubber magnets; a
clay tablet, the clues and the grid incised with a stylus and the fills pressed and filled with dark slip); and page
changes no earlier family uses (the page lying on snow in cold sunlight; on a brushed stainless-steel counter; on a
patchwork quilt; wireless earbuds and their case on the widened right margin; a scallop shell and sand on the widened
bottom margin; two rubber bands on the widened left margin; a dim room lit by a pink and blue neon sign; a dark room,
the page lit by a torch's beam; a greasy phone lens's haze and streaked flare; a train's table under its window; the
whiteboard on an office wall with its marker tray; the tablet on velvet in a museum case with its label).

Clues written anew on the input's page are sized by their digits' height and fitted to its clue strips (as in HELDOUT25
to HELDOUT32); the redrawn puzzles space their clues by the digits' height.

Doubts noted rather than made unfair: Apropal Bold is a heavy display face whose four has a swash foot (it still reads
as a four); Amiga's strokes are striped with thin gaps like an old screen's scan lines (the heavier pen closes most of
them, a few show as nicks), its figures blocky like a bitmap face's; TW-Kai, BabelStone Han and IPA Mincho are light
faces (the last two drawn with a one-pixel heavier pen), as is IPA P Mincho on the retyped line; the torch beam leaves
the page's corners dim, though the clues and the grid lie in its light; the neon light tints the page pink and blue over
a dimmed photo; the greasy lens lowers the contrast a little and streaks the brightest parts sideways; the snow and the
steel are bright round the page, never on it; the quilt is busy round the page, never on it; the earbuds, the shell, the
rubber bands, the marker tray and the museum label lie off the puzzle or on widened margins, and none carries a digit
(the label carries words); the matchstick, twine, chain and punched-hole block lines are broader and bumpier than a
ruled line (the matchsticks are a light wood, outlined); the liquorice, sand, beetle, blueberry, tapioca, cast-iron,
sprinkle, nori, ember, yakisugi, magnet and slip fills have paler features (ridges' shine, glints, iridescence, the
berries' bloom, highlights, a sheen, fibres, the embers' orange glow in their cracks, silvery scales, the magnets'
gloss, crazing) over a dark ground, and a person sees a filled cell at once; the planted pale marks are a light tint
with darker-than-tint shapes over it, plainly darker than the paper; the transferred clue keeps its line's total and its
count of numbers; the retyped clue line on the page that keeps the input's clues is in a lighter face than its
neighbours; the style names begin ``s_`` as HELDOUT28's to HELDOUT32's do (the names themselves differ from every
earlier one).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer33` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout33:HELDOUT33`` measures them like the earlier families.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from nonogram_answers import Style, plant
from nonogram_heldout15 import _jpeg, _nrng, _paste_rgba
from nonogram_heldout17 import _erase_grid17, _font, _inner, _lift, _paste
from nonogram_heldout19 import _layer, _m, _on_table
from nonogram_heldout20 import _perspective
from nonogram_heldout21 import _extend
from nonogram_heldout22 import _noise0
from nonogram_heldout24 import _perimeter, _values
from nonogram_heldout25 import (
    INPUT_FONT,
    _box25,
    _changed_lines,
    _digit_h,
    _ink_w,
    _line_values,
    _major,
    _put,
    _px_for,
    _redraw_clues25,
    _seeds,
    _stroke_coords,
)
from nonogram_heldout29 import _free_x
from nonogram_heldout30 import _rot_size, _rotated, _shadow
from nonogram_heldout32 import _change32, _draw_grid32, _grain, _hex_pts, _nearest, _smooth, _table, _wood
from PIL import Image, ImageDraw

WHITE = (255, 255, 255)
UI_BOLD = "DejaVuSans-Bold.ttf"  # words round the picture (never a digit)


@dataclass(frozen=True)
class Style33(Style):
    """A HELDOUT33 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``magnet_whiteboard``, ``clay_tablet``; empty keeps the
    input's frame), ``clue_change`` how a planted clue_changed answer alters its line (as in HELDOUT32, or
    ``transfer``: one unit moved from one of its numbers to another) and ``missing_bare`` whether a missing fill is
    left bare rather than marked like the other empty cells. ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""
    clue_change: str = "extra"
    missing_bare: bool = False

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer33(input_image, layout, truth, self, error, seed)


HELDOUT33 = (
    Style33("s_apropal_liquorice_snow", "liquorice_coil", (28, 24, 26), "none", "Apropal-Bold.otf",
            ("snow_ground", "jpeg"), clue_scale=(1.0, 1.08), grid="matchstick_majors", light_mark="light_paws",
            outline_mark="outline_railway", cross_mark="heavy_x_oars", clue_change="transfer"),
    Style33("s_amiga_blacksand_steel", "black_sand", (40, 38, 40), "highlighter_dab", "Amiga-Regular.ttf",
            ("stainless_counter", "jpeg"), clue_scale=(1.1, 1.18), clue_stroke=1, grid="twine_majors",
            light_mark="light_notes", outline_mark="outline_barbed_wire", cross_mark="heavy_x_keys",
            clue_change="extra", missing_bare=True),
    Style33("s_twkai_elytra_quilt", "beetle_elytra", (26, 40, 34), "none", "TW-Kai-98_1.ttf",
            ("patchwork_quilt", "jpeg"), clue_scale=(1.02, 1.1), clue_stroke=1, grid="bike_chain_majors",
            light_mark="light_fish", outline_mark="outline_picket_fence", cross_mark="heavy_x_wrenches",
            clue_change="drop"),
    Style33("s_cwkai_blueberries_earbuds", "blueberries", (40, 44, 78), "foil_star", "cwkai.ttf",
            ("earbuds_margin", "jpeg"), clue_scale=(1.02, 1.1), grid="perforation_majors",
            light_mark="light_keyholes", outline_mark="outline_dominoes", cross_mark="heavy_x_cutlery",
            clue_change="split", missing_bare=True),
    Style33("s_babelstone_boba_seashell", "boba_pearls", (44, 30, 26), "none", "BabelStoneHan.ttf",
            ("seashell_margin", "jpeg"), clue_scale=(1.02, 1.1), clue_stroke=1, grid="matchstick_majors",
            light_mark="light_notes", outline_mark="outline_railway", cross_mark="heavy_x_wrenches",
            clue_change="transfer"),
    Style33("s_lohittamil_castiron_rubberbands", "cast_iron", (34, 34, 36), "highlighter_dab", "Lohit-Tamil.ttf",
            ("rubber_band_margin", "jpeg"), clue_scale=(1.0, 1.08), grid="twine_majors", light_mark="light_fish",
            outline_mark="outline_dominoes", cross_mark="heavy_x_oars", clue_change="merge", missing_bare=True),
    Style33("s_aksharyogini_hagelslag_neon", "hagelslag", (52, 30, 22), "none", "Aksharyogini2Normal.ttf",
            ("neon_sign_glow", "jpeg"), clue_scale=(1.04, 1.12), grid="bike_chain_majors", light_mark="light_paws",
            outline_mark="outline_barbed_wire", cross_mark="heavy_x_cutlery", clue_change="swap_lines"),
    Style33("s_manchu_nori_torch", "nori", (30, 40, 30), "foil_star", "ManchuFont.ttf", ("torch_beam", "jpeg"),
            clue_scale=(1.0, 1.08), grid="perforation_majors", light_mark="light_keyholes",
            outline_mark="outline_picket_fence", cross_mark="heavy_x_keys", clue_change="off_by_one",
            missing_bare=True),
    Style33("s_ipamincho_embers_greasylens", "ember_coals", (36, 28, 26), "none", "ipam.ttf",
            ("greasy_lens", "jpeg"), clue_scale=(1.02, 1.1), clue_stroke=1, grid="matchstick_majors",
            light_mark="light_fish", outline_mark="outline_railway", cross_mark="heavy_x_keys",
            clue_change="insert_middle"),
    Style33("s_keptclues_yakisugi_traintable", "yakisugi", (30, 28, 28), "highlighter_dab", None,
            ("train_table", "jpeg"), grid="kept", light_mark="light_paws", outline_mark="outline_dominoes",
            cross_mark="heavy_x_wrenches", clue_change="retyped_line", missing_bare=True),
    Style33("s_yebse_magnets_redrawwhiteboard", "magnet_tiles", (30, 30, 34), "dry_erase_dash", "yebse.ttf",
            ("office_wall_board", "jpeg"), clue_colour=(26, 40, 116), clue_scale=(1.04, 1.12),
            light_mark="light_notes", outline_mark="outline_barbed_wire", cross_mark="heavy_x_oars",
            clue_change="transfer", missing_bare=True, redraw="magnet_whiteboard"),
    Style33("s_sahadeva_ironslip_redrawtablet", "iron_slip", (58, 40, 30), "stylus_wedge", "sahadeva.ttf",
            ("museum_vitrine", "jpeg"), clue_colour=(60, 38, 24), clue_scale=(1.06, 1.14), clue_stroke=1,
            light_mark="light_keyholes", outline_mark="outline_picket_fence", cross_mark="heavy_x_cutlery",
            clue_change="rotated", missing_bare=True, redraw="clay_tablet"),
)

CHANGE_FONT = "ipamp.ttf"  # the retyped line of a changed clue on the page that keeps the input's clues


# ------------------------------------------------------------------------------------------ clue changes


def _change33(truth: dict[str, Any], mode: str, rng: random.Random) -> tuple[str, int, list[str]]:
    """A changed clue as :func:`_change32` makes it, or (``transfer``) a line with one unit moved from one of its
    numbers (at least two) to another, so its total and its count of numbers stay the same (where no line has two
    numbers and one of them above one, a number is one more or less instead)."""
    if mode == "transfer":
        for kind in rng.sample(("row", "col"), 2):
            vals = _values(truth[f"{kind}_clues"])
            cand = [i for i, v in enumerate(vals) if len(v) >= 2 and max(int(t) for t in v) >= 2]
            if cand:
                i = rng.choice(cand)
                v = [int(t) for t in vals[i]]
                src = rng.choice([k for k, t in enumerate(v) if t >= 2])
                dst = rng.choice([k for k in range(len(v)) if k != src])
                new = list(v)
                new[src] -= 1
                new[dst] += 1
                if new != v:
                    return kind, i, [str(t) for t in new]
        mode = "off_by_one"
    return _change32(truth, mode, rng)


# ------------------------------------------------------------------------------------------ fills


def _second_nearest(xx: np.ndarray, yy: np.ndarray, pts) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each pixel's nearest seed, its distance and the distance to the second nearest seed."""
    d1 = np.full(xx.shape, np.inf, np.float32)
    d2 = np.full(xx.shape, np.inf, np.float32)
    idx = np.zeros(xx.shape, np.int64)
    for k, (px, py) in enumerate(pts):
        d = np.hypot(xx - px, yy - py)
        closer = d < d1
        d2 = np.where(closer, d1, np.minimum(d2, d))
        idx[closer] = k
        d1 = np.where(closer, d, d1)
    return idx, d1, d2


def _tex33(kind: str, w: int, h: int, colour, g: np.random.Generator, rng: random.Random) -> np.ndarray:
    """A filled cell's picture (h, w, 3 float) in ``kind``."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    if kind == "liquorice_coil":  # wheels of black liquorice: a flat strip coiled tight, each turn's ridge shining
        R = 0.56 * s
        pts = [(x, y) for x in np.arange(w * 0.25, w + R, 0.5 * w + 1e-3) for y in np.arange(h * 0.25, h + R,
                                                                                             0.5 * h + 1e-3)]
        pts = [(w / 2 + rng.uniform(-0.05, 0.05) * s, h / 2 + rng.uniform(-0.05, 0.05) * s)] + [
            (x + (x - w / 2) * 0.9, y + (y - h / 2) * 0.9) for x, y in pts]
        idx, d = _nearest(xx, yy, pts)
        px = np.array(pts, np.float32)
        th = np.arctan2(yy - px[idx, 1], xx - px[idx, 0])
        p = max(2.6, s / 9)
        ph = (d / p - th / (2 * math.pi)) % 1  # an Archimedean spiral: the strip's turns
        ridge = np.sin(ph * math.pi) ** 2
        lit = np.clip(-np.cos(th + 0.8), 0, 1)  # the turns' upper-left flanks catch the light
        tex = col * (0.55 + 0.7 * ridge)[..., None]
        tex += (_lift(col, 0.45) - tex) * (0.5 * ridge ** 6 * lit)[..., None]
        tex[(ph < 0.08) | (ph > 0.92)] = col * 0.4
    elif kind == "black_sand":  # black volcanic sand: fine grains of dark and grey, a few glinting
        n = cv2.GaussianBlur(g.standard_normal((h, w)).astype(np.float32), (0, 0), 0.7)
        n /= n.std() + 1e-6
        tex = col * (0.85 + 0.28 * n + 0.08 * _noise0(g, h, w, max(1.0, s / 8)))[..., None]
        grey = g.random((h, w)) > 0.94
        tex[grey] = _lift(col, 0.28) * (0.9 + 0.2 * g.random((int(grey.sum()), 1))).astype(np.float32)
        glint = g.random((h, w)) > 0.993
        tex[glint] = (226, 226, 230)
        tex = cv2.GaussianBlur(tex, (0, 0), 0.35)
    elif kind == "beetle_elytra":  # a beetle's wing cases: two smooth halves, rows of pits, a green-violet sheen
        mid = w / 2 + rng.uniform(-0.03, 0.03) * s
        u = (xx - mid) / (w / 2)
        v = yy / h
        tex = col * (0.85 + 0.1 * _noise0(g, h, w, max(1.0, s / 6)))[..., None]
        shade = 0.5 + 0.5 * np.cos(np.clip(np.abs(u), 0, 1) * math.pi / 2 + 0.2)  # each case domed along its length
        hue = 0.5 + 0.5 * np.sin(3.2 * u + 2.4 * v + rng.uniform(0, 6))
        sheen = np.array((40, 120, 90), np.float32)[None, None] * hue[..., None] + \
            np.array((110, 60, 150), np.float32)[None, None] * (1 - hue)[..., None]
        tex = tex * (0.7 + 0.45 * shade)[..., None] + sheen * (0.3 * shade ** 3)[..., None]
        pits = (np.abs(((np.abs(xx - mid) / max(2.0, s / 9)) % 1) - 0.5) < 0.14) & (((yy / max(2.0, s / 9)) % 1) < 0.3)
        tex[pits] = col * 0.45
        tex[np.abs(xx - mid) < max(0.8, s / 60)] = col * 0.3  # the suture between the cases
    elif kind == "blueberries":  # heaped blueberries: dusky spheres with a waxy bloom, each with its crown
        r0 = max(2.5, s / 5.2)
        pts = _seeds(rng, int(w * h / (r0 * r0 * 3.2)) + 3, w, h, 0.15, 1.6 * r0)
        rad = np.array([r0 * rng.uniform(0.85, 1.1) for _ in pts], np.float32)
        idx, d = _nearest(xx, yy, pts, rad)
        px = np.array(pts, np.float32)
        dx, dy = (xx - px[idx, 0]) / rad[idx], (yy - px[idx, 1]) / rad[idx]
        z = np.sqrt(np.clip(1 - d * d, 0, 1))
        lit = np.clip(0.7 - 0.35 * (dx + dy), 0, 1.2)
        tex = col * (0.4 + 0.7 * z * lit)[..., None]
        bloom = np.clip(0.5 + 0.5 * _noise0(g, h, w, max(1.0, s / 12)), 0, 1) * z
        tex += (np.array((150, 160, 190), np.float32) - tex) * (0.22 * bloom)[..., None]
        cu = np.array([rng.uniform(-0.35, 0.35) for _ in pts], np.float32)
        cv_ = np.array([rng.uniform(-0.35, 0.35) for _ in pts], np.float32)
        cd = np.hypot(dx - cu[idx], dy - cv_[idx])
        ca = np.arctan2(dy - cv_[idx], dx - cu[idx])
        crown = (cd < 0.28 * (0.7 + 0.3 * np.cos(5 * ca))) & (cd > 0.1)
        tex[crown & (d < 1)] = col * 0.3
        tex[d >= 1] = col * 0.2
    elif kind == "boba_pearls":  # tapioca pearls in brown syrup: translucent dark spheres, a bright point each
        p = max(5.0, s / 2.9)
        pts = _hex_pts(w, h, p, rng, 0.08)
        rad = np.array([p * 0.47 * rng.uniform(0.92, 1.05) for _ in pts], np.float32)
        idx, d = _nearest(xx, yy, pts, rad)
        px = np.array(pts, np.float32)
        dx, dy = (xx - px[idx, 0]) / rad[idx], (yy - px[idx, 1]) / rad[idx]
        z = np.sqrt(np.clip(1 - d * d, 0, 1))
        glow = np.exp(-((dx - 0.3) ** 2 + (dy - 0.35) ** 2) / 0.12)  # light passing through, low on the far side
        tex = col * (0.55 + 0.45 * z + 0.5 * glow)[..., None]
        spec = np.exp(-((dx + 0.4) ** 2 + (dy + 0.4) ** 2) / 0.02)
        tex += (np.float32(240) - tex) * (0.85 * spec)[..., None]
        syrup = d >= 1
        tex[syrup] = (col * np.array((1.5, 1.2, 0.9), np.float32)) * 0.5
    elif kind == "cast_iron":  # a seasoned cast-iron skillet: pitted black metal under an oily sheen
        tex = col * (0.95 + 0.1 * _noise0(g, h, w, 0.8) + 0.06 * _noise0(g, h, w, max(1.0, s / 7)))[..., None]
        pits = _noise0(g, h, w, 0.6) < -1.8
        tex[pits] = col * 0.55
        a = rng.uniform(-0.7, 0.7)
        u = (xx - w / 2) * math.cos(a) + (yy - h / 2) * math.sin(a)
        sheen = np.exp(-(((u + rng.uniform(-0.2, 0.2) * s) / (0.16 * s)) ** 2))
        tint = np.array((1.0, 0.96, 1.1), np.float32)
        tex += (_lift(col, 0.35) * tint - tex) * (0.45 * sheen)[..., None]
    elif kind == "hagelslag":  # chocolate sprinkles heaped on buttered bread: short glossy rods every way
        img = Image.fromarray(np.clip(col * 0.6 * np.ones((h, w, 3), np.float32), 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        ln0, wd = max(3.0, s / 7), max(2, round(s / 16))
        for _ in range(int(w * h / (ln0 * wd) * 1.1)):
            x, y, a = rng.uniform(-2, w + 2), rng.uniform(-2, h + 2), rng.uniform(0, math.pi)
            ln = ln0 * rng.uniform(0.7, 1.1) / 2
            p0, p1 = (x - ln * math.cos(a), y - ln * math.sin(a)), (x + ln * math.cos(a), y + ln * math.sin(a))
            tone = col * rng.uniform(0.85, 1.2)
            d.line([p0, p1], fill=tuple(int(v) for v in tone), width=wd)
            if wd >= 3 and rng.random() < 0.6:
                d.line([(p0[0] - 0.5, p0[1] - 0.5), (p1[0] - 0.5, p1[1] - 0.5)],
                       fill=tuple(int(v) for v in _lift(col, 0.3)), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "nori":  # a sheet of nori: dark green pressed seaweed, fibrous, with thin translucent spots
        fib = cv2.GaussianBlur(g.standard_normal((h, w)).astype(np.float32), (0, 0), sigmaX=max(1.0, s / 10),
                               sigmaY=0.6)
        fib /= fib.std() + 1e-6
        tex = col * (0.9 + 0.12 * fib + 0.08 * _noise0(g, h, w, max(1.0, s / 5)))[..., None]
        thin = _noise0(g, h, w, max(1.0, s / 14)) > 1.6
        tex[thin] = _lift(col * np.array((0.9, 1.2, 0.9), np.float32), 0.18)
        for _ in range(int(2 + s / 12)):  # a few paler fibres lying along the sheet
            y0 = rng.uniform(0, h)
            x0 = rng.uniform(-0.2, 0.6) * w
            m = (np.abs(yy - y0 - 0.08 * (xx - x0)) < 0.5) & (xx > x0) & (xx < x0 + rng.uniform(0.2, 0.5) * w)
            tex[m] = _lift(col, 0.2)
    elif kind == "ember_coals":  # glowing embers: charcoal broken into lumps, orange heat in the cracks, grey ash
        pts = _seeds(rng, int(w * h / (s * s) * 7) + 3, w, h, 0.15, 0.22 * s)
        _, d1, d2 = _second_nearest(xx, yy, pts)
        crack = np.exp(-((d2 - d1) / max(0.8, s / 40)) ** 2)
        tex = col * (0.85 + 0.25 * _noise0(g, h, w, max(1.0, s / 12)))[..., None]
        glow = np.clip(0.6 + 0.4 * _noise0(g, h, w, max(1.0, s / 5)), 0, 1)
        tex += (np.array((214, 96, 30), np.float32) - tex) * (0.7 * crack * glow)[..., None]
        ash = (_noise0(g, h, w, max(0.8, s / 16)) > 1.55) & (crack < 0.2)
        tex[ash] = (104, 100, 98)
    elif kind == "yakisugi":  # charred yakisugi boards: blistered black scales with a silvery lustre, deep cracks
        pts = _seeds(rng, int(w * h / (s * s) * 9) + 3, w * 0.6, h, 0.15, 0.16 * s)
        xs_ = xx * 0.6  # the scales run long along the grain
        idx, d1, d2 = _second_nearest(xs_, yy, pts)
        px = np.array(pts, np.float32)
        lit = np.clip(0.5 - ((xs_ - px[idx, 0]) + (yy - px[idx, 1])) / (0.25 * s), 0, 1)
        tex = col * (0.85 + 0.12 * _noise0(g, h, w, max(0.8, s / 20)))[..., None]
        tex += (np.array((150, 150, 158), np.float32) - tex) * (0.32 * lit ** 2)[..., None]
        tex[(d2 - d1) < max(0.9, s / 34)] = col * 0.3
    elif kind == "magnet_tiles":  # a black rubber magnet laid on the whiteboard: glossy face, bevelled edge
        across = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy])
        bev = max(1.5, 0.07 * s)
        tex = col * (1.0 + 0.05 * _noise0(g, h, w, max(1.0, s / 6)))[..., None]
        gloss = np.clip(1 - yy / (0.55 * h), 0, 1) * np.clip(1 - np.abs(xx - 0.4 * w) / (0.6 * w), 0, 1)
        tex += (np.float32(200) - tex) * (0.28 * gloss)[..., None]
        edge = across < bev
        top_left = (xx + yy) < (w + h) / 2
        tex[edge & top_left] = _lift(col, 0.3)
        tex[edge & ~top_left] = col * 0.6
    elif kind == "iron_slip":  # dark iron slip filling a pressed square in the clay: glossy, finely crazed
        tex = col * (0.9 + 0.08 * _noise0(g, h, w, max(1.0, s / 6)))[..., None]
        pts = _seeds(rng, int(w * h / (s * s) * 10) + 3, w, h, 0.1, 0.15 * s)
        _, d1, d2 = _second_nearest(xx, yy, pts)
        tex[(d2 - d1) < 0.7] = _lift(col, 0.22)
        sheen = np.exp(-(((xx - 0.35 * w) / (0.3 * w)) ** 2 + ((yy - 0.3 * h) / (0.2 * h)) ** 2))
        tex += (_lift(col, 0.4) - tex) * (0.3 * sheen)[..., None]
        across = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy])
        tex[across < max(1.0, 0.04 * s)] = col * 0.65  # the pressed square's wall
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255)


def _ink(style: Style33) -> np.ndarray:
    """The ink of the planted marks: the fill's colour, darkened when it is a light one."""
    col = np.asarray(style.fill_colour, np.float32)
    lum = float(col @ np.array([0.299, 0.587, 0.114], np.float32))
    return col * (80 / lum) if lum > 80 else col


def _staggered(w: int, h: int, p: float):
    for j, y in enumerate(np.arange(p / 2, h + p / 2, p * 0.9)):
        for x in np.arange(p / 2 - (j % 2) * p / 2, w + p / 2, p):
            yield float(x), float(y)


def _draw_fill33(img: Image.Image, box, style: Style33, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07)
    w, h = bx - ax, by - ay
    if not light:
        tex = _tex33(style.fill, w, h, style.fill_colour, g, rng)
        if style.fill == "magnet_tiles":  # the magnet's soft shadow on the board
            sh = np.zeros((h, w), np.float32)
            k = max(1, round(0.05 * min(w, h)))
            sh[k:, k:] = 0.25
            _paste_rgba(img, np.zeros((h, w, 3), np.float32), sh, ax + k, ay + k)
        _paste(img, tex, ax, ay, None)
        return
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = _ink(style)
    s = float(min(w, h))
    lay, ld = _layer(w, h)
    p = max(7.0, s / 2.8)
    if light == "light_paws":  # paw prints in staggered rows: a round pad and four toes
        for x, y in _staggered(w, h, p):
            r = p * 0.17
            ld.ellipse([x - 1.2 * r, y - 0.2 * r, x + 1.2 * r, y + 1.5 * r], fill=255)
            for k, dx in enumerate((-1.25, -0.45, 0.45, 1.25)):
                ty = y - (0.75 if k in (1, 2) else 0.35) * r * 1.6
                ld.ellipse([x + dx * r - 0.42 * r, ty - 0.5 * r, x + dx * r + 0.42 * r, ty + 0.5 * r], fill=255)
    elif light == "light_notes":  # music notes: a slanted oval head, a stem, a flag
        lw = max(1, round(p / 12))
        for x, y in _staggered(w, h, p):
            r = p * 0.15
            ld.ellipse([x - 1.3 * r, y + 0.2 * r, x + 0.7 * r, y + 1.6 * r], fill=255)
            ld.line([(x + 0.6 * r, y + 0.9 * r), (x + 0.6 * r, y - 2.2 * r)], fill=255, width=lw)
            ld.line([(x + 0.6 * r, y - 2.2 * r), (x + 1.6 * r, y - 1.2 * r)], fill=255, width=lw)
    elif light == "light_fish":  # little fish swimming every way: an oval body and a forked tail
        for _ in range(int(4 + s / 8)):
            x, y, a = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0, 2 * math.pi)
            u = rng.uniform(0.07, 0.09) * s
            body = _rotated([(math.cos(t) * 1.0, math.sin(t) * 0.5) for t in np.linspace(0, 2 * math.pi, 14)],
                            x, y, a, u)
            tail = _rotated([(-0.8, 0), (-1.6, -0.55), (-1.45, 0), (-1.6, 0.55)], x, y, a, u)
            ld.polygon(body, fill=255)
            ld.polygon(tail, fill=255)
    elif light == "light_keyholes":  # keyholes in staggered rows: a round top over a tapering slot
        for x, y in _staggered(w, h, p):
            r = p * 0.16
            ld.ellipse([x - r, y - 1.3 * r, x + r, y + 0.7 * r], fill=255)
            ld.polygon([(x - 0.45 * r, y), (x + 0.45 * r, y), (x + 0.8 * r, y + 1.9 * r), (x - 0.8 * r, y + 1.9 * r)],
                       fill=255)
    else:
        raise ValueError(light)
    alpha = 0.2 + 0.34 * _m(lay)
    _paste_rgba(img, tex, cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.5), ax, ay)


def _draw_outline33(img: Image.Image, box, style: Style33, rng: random.Random) -> None:
    """The planted extra_outline cell: a heavy frame with an empty middle."""
    kind = style.outline_mark
    ax, ay, bx, by = _inner(box, 0.08)
    w, h = bx - ax, by - ay
    s = float(min(w, h))
    col = _ink(style)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    f = rng.uniform(0.2, 0.22) * s
    across, along = _perimeter(w, h)
    band = across < f
    v = across / f
    if kind == "outline_railway":  # railway track round the cell: two rails on close-set sleepers
        pt = max(3.0, f * 0.6)
        sleeper = band & (((along / pt) % 1) < 0.55) & (v > 0.04) & (v < 0.96)
        rails = band & ((np.abs(v - 0.24) < 0.12) | (np.abs(v - 0.76) < 0.12))
        tex[sleeper] = col * 1.0 + (_lift(col, 0.3) - col) * 0.5
        tex[rails] = col * 0.8
        tex[rails & ((np.abs(v - 0.2) < 0.03) | (np.abs(v - 0.72) < 0.03))] = _lift(col, 0.4)  # the rails' shine
        m = (sleeper | rails).astype(np.float32)
    elif kind == "outline_barbed_wire":  # barbed wire round the cell: two twisted strands, barbs at intervals
        pt = max(4.0, f * 1.1)
        ph = along / pt * 2 * math.pi
        s1 = np.abs(v - (0.5 + 0.22 * np.sin(ph))) < 0.2
        s2 = np.abs(v - (0.5 - 0.22 * np.sin(ph))) < 0.2
        barb_at = ((along / (2.5 * pt)) % 1)
        barb = band & (barb_at < 0.22) & (np.abs(np.abs(v - 0.5) - np.abs(barb_at - 0.11) * 4.5) < 0.14)
        tex[s1] = col
        tex[s2 & ~s1] = col * 0.75
        tex[s1 & (np.abs(v - (0.5 + 0.22 * np.sin(ph)) + 0.08) < 0.04)] = _lift(col, 0.35)
        m = (band & (s1 | s2)) | barb
        m = m.astype(np.float32)
    elif kind == "outline_picket_fence":  # a picket fence round the cell: pointed pickets outward, two rails
        pt = max(3.5, f * 0.7)
        u = (along / pt) % 1
        tip = 0.35 * np.abs(u - 0.5) / 0.36
        picket = band & (np.abs(u - 0.5) < 0.36) & (v > tip)
        rail = band & ((np.abs(v - 0.45) < 0.1) | (np.abs(v - 0.8) < 0.1))
        tex[picket] = col
        tex[picket & (np.abs(u - 0.3) < 0.06)] = _lift(col, 0.3)
        tex[rail & ~picket] = col * 0.7
        m = (picket | rail).astype(np.float32)
    elif kind == "outline_dominoes":  # a ring of dominoes laid end to end, pale pips and a line across each
        dl = max(6.0, 2.2 * f)
        u = (along % dl) / dl
        gap = band & ((u < 0.04) | (u > 0.96))
        tile = band & ~gap & (v > 0.04) & (v < 0.96)
        tex[tile] = col
        tex[tile & (np.abs(u - 0.5) < 0.025)] = _lift(col, 0.45)
        pr = 0.13
        for cu, cv in ((0.25, 0.5), (0.68, 0.28), (0.82, 0.72)):
            pip = tile & (((u - cu) * dl / f) ** 2 + (v - cv) ** 2 < pr * pr)
            tex[pip] = _lift(col, 0.6)
        m = tile.astype(np.float32)
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross33(img: Image.Image, box, style: Style33, rng: random.Random) -> None:
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
    for k, (p, q) in enumerate(arms):
        if k:
            p, q = q, p
        t, n, ln = _stroke_coords(p, q, xx, yy)
        if kind == "heavy_x_oars":  # two oars crossed: a round loom with a grip, a broad blade at the far end
            loom = (np.abs(n) < wid * 0.17) & (t > 0.02) & (t < 0.62)
            grip = (np.abs(n) < wid * 0.22) & (t > -0.02) & (t < 0.14)
            blade = ((t - 0.8) / 0.2) ** 2 + (n / (wid * 0.55)) ** 2 < 1
            part = loom | grip | blade
            tex[blade] = col
            tex[blade & (np.abs(n) < wid * 0.06)] = col * 0.7  # the blade's spine
            tex[loom] = col * (1.0 + 0.3 * np.clip(-n / (wid * 0.17), -1, 1))[loom][..., None]
            tex[grip] = col * 0.8
        elif kind == "heavy_x_keys":  # two keys crossed: a ring bow, a shank, a toothed bit
            bow = (np.hypot((t - 0.86) * ln, n) < wid * 0.62) & (np.hypot((t - 0.86) * ln, n) > wid * 0.24)
            shank = (np.abs(n) < wid * 0.17) & (t > 0.0) & (t < 0.8)
            bit = (n > 0) & (n < wid * 0.55) & (t > 0.03) & (t < 0.26) & ((((t * ln) / max(2.0, wid * 0.3)) % 1) < 0.7)
            part = bow | shank | bit
            tex[part] = col
            tex[shank & (n < -wid * 0.06)] = _lift(col, 0.25)
            tex[bow & (n < 0)] = _lift(col, 0.15)
        elif kind == "heavy_x_wrenches":  # two spanners crossed: a handle, an open jaw at one end, a ring at the other
            handle = (np.abs(n) < wid * 0.2) & (t > 0.12) & (t < 0.88)
            dj = np.hypot((t - 0.06) * ln, n)
            jaw = (dj < wid * 0.58) & ~((np.abs(n) < wid * 0.2) & (t < 0.07))
            dr = np.hypot((t - 0.93) * ln, n)
            ring = (dr < wid * 0.55) & (dr > wid * 0.26)
            part = handle | jaw | ring
            tex[part] = col
            tex[handle & (np.abs(n) < wid * 0.07)] = col * 0.75  # the handle's recess
            tex[(jaw | ring) & (n < 0)] = _lift(col, 0.2)
        elif kind == "heavy_x_cutlery":  # a fork and a knife crossed
            handle = (np.abs(n) < wid * 0.22) & (t > 0.55) & (t < 1.0)
            if k == 0:  # the fork: a neck, four tines
                neck = (np.abs(n) < wid * (0.12 + 0.3 * np.clip((0.55 - t) / 0.15, 0, 1))) & (t > 0.33) & (t <= 0.55)
                tine_u = (n / (wid * 0.42) + 1) * 2  # 0..4 across the head
                tines = (t > 0.03) & (t <= 0.4) & (tine_u > 0) & (tine_u < 4) & ((tine_u % 1) < 0.62)
                part = handle | neck | tines
            else:  # the knife: a blade with a rounded tip and a straight back
                blade = (t > 0.0) & (t <= 0.58) & (n < wid * 0.3) & (n > -wid * 0.3 * np.clip(t / 0.18, 0, 1) ** 0.5)
                part = handle | blade
                tex[blade & (n < -wid * 0.05)] = _lift(col, 0.3)
            tex[handle] = col * 0.85
        else:
            raise ValueError(kind)
        m = np.maximum(m, part.astype(np.float32))
    m = cv2.GaussianBlur(m, (0, 0), 0.4)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(m, 0, 1).astype(np.float32), ax, ay)


def _star(cx: float, cy: float, r: float, a0: float) -> list[tuple[float, float]]:
    return [(cx + (r if k % 2 == 0 else 0.42 * r) * math.cos(a0 + k * math.pi / 5),
             cy + (r if k % 2 == 0 else 0.42 * r) * math.sin(a0 + k * math.pi / 5)) for k in range(10)]


def _draw_empty33(img: Image.Image, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    d = ImageDraw.Draw(img)
    if kind == "none":
        return
    if kind == "highlighter_dab":  # a short dab of yellow highlighter, see-through, its ends a little darker
        n = int(0.5 * s) + 4
        lay, ld = _layer(n, n)
        a = rng.uniform(-0.4, 0.4)
        pts = _rotated([(-0.5, -0.22), (0.5, -0.22), (0.5, 0.22), (-0.5, 0.22)], n / 2, n / 2, a, 0.36 * s)
        ld.polygon(pts, fill=255)
        alpha = _m(lay) * 0.55
        alpha = cv2.GaussianBlur(alpha.astype(np.float32), (0, 0), 0.6)
        ink = np.empty((n, n, 3), np.float32)
        ink[:] = (246, 232, 60)
        arr = np.asarray(img.crop((round(cx - n / 2), round(cy - n / 2), round(cx - n / 2) + n, round(cy - n / 2) + n)),
                         np.float32)
        out = arr * (1 - alpha[..., None]) + arr * (ink / 255.0) * alpha[..., None]  # a highlighter multiplies
        img.paste(Image.fromarray(np.clip(out, 0, 255).astype(np.uint8)), (round(cx - n / 2), round(cy - n / 2)))
    elif kind == "foil_star":  # a small gold foil star sticker
        r = 0.14 * s
        a0 = rng.uniform(0, 2 * math.pi / 5) - math.pi / 2
        d.polygon([(x + 1, y + 1) for x, y in _star(cx, cy, r, a0)], fill=(190, 186, 176))
        d.polygon(_star(cx, cy, r, a0), fill=(212, 172, 62), outline=(170, 130, 40))
        d.polygon(_star(cx - 0.15 * r, cy - 0.15 * r, 0.4 * r, a0), fill=(246, 222, 140))
    elif kind == "dry_erase_dash":  # a short blue dry-erase marker dash, streaky where the felt ran dry
        ln = 0.14 * s
        wd = max(2, round(s / 14))
        a = rng.uniform(-0.25, 0.25)
        p, q = (cx - ln * math.cos(a), cy - ln * math.sin(a)), (cx + ln * math.cos(a), cy + ln * math.sin(a))
        d.line([p, q], fill=(70, 96, 176), width=wd)
        d.line([(p[0], p[1] + wd * 0.25), (q[0], q[1] + wd * 0.25)], fill=(120, 140, 200), width=1)
    elif kind == "stylus_wedge":  # a stylus pressed into the clay: a small wedge, shadowed on one side
        r = 0.13 * s
        a = rng.uniform(-0.3, 0.3)
        tri = _rotated([(-1, -0.55), (-1, 0.55), (1, 0)], cx, cy, a, r)
        d.polygon(tri, fill=(150, 114, 80))
        d.line([tri[0], tri[2]], fill=(96, 68, 44), width=max(1, round(s / 40)))
        d.line([tri[1], tri[2]], fill=(236, 214, 178), width=1)
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids


def _pen_minors(d: ImageDraw.ImageDraw, L: dict[str, Any], thin: int, colour=(100, 100, 108)) -> None:
    xs, ys = L["xs"], L["ys"]
    for i, x in enumerate(xs):
        if not _major(i, L["cols"]):
            d.line([(x, ys[0]), (x, ys[-1])], fill=colour, width=thin)
    for j, y in enumerate(ys):
        if not _major(j, L["rows"]):
            d.line([(xs[0], y), (xs[-1], y)], fill=colour, width=thin)


def _major_segments(L: dict[str, Any], over: float) -> list[tuple[bool, float, float, float]]:
    """The block lines as (vertical, position, start, end), each reaching ``over`` past the grid."""
    xs, ys = L["xs"], L["ys"]
    out = []
    for i, x in enumerate(xs):
        if _major(i, L["cols"]):
            out.append((True, x, ys[0] - over, ys[-1] + over))
    for j, y in enumerate(ys):
        if _major(j, L["rows"]):
            out.append((False, y, xs[0] - over, xs[-1] + over))
    return out


def _draw_grid33(img: Image.Image, L: dict[str, Any], rng: random.Random, name: str, inp: np.ndarray | None) -> None:
    if name == "kept":
        _draw_grid32(img, L, rng, "kept", inp)
        return
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    thin = max(1, round(s / 30))
    W, H = img.size
    _pen_minors(d, L, thin)
    if name == "matchstick_majors":  # each block line laid of matchsticks end to end, a red head on each
        wd = max(3.0, s / 9)
        ln0 = 1.7 * s
        sticks = []
        for vertical, c, a0, a1 in _major_segments(L, wd * 0.6):
            t = a0
            while t < a1 - 1:
                ln = min(ln0 * rng.uniform(0.9, 1.0), a1 - t)
                j = rng.uniform(-0.012, 0.012)
                p, q = (t, t + ln)
                head_first = rng.random() < 0.5
                if vertical:
                    sticks.append(((c, p), (c + j * ln, q), head_first))
                else:
                    sticks.append(((p, c), (q, c + j * ln), head_first))
                t += ln + rng.uniform(0.5, 1.5)
        lay, ld = _layer(W, H)
        for p, q, _ in sticks:
            ld.line([p, q], fill=255, width=round(wd))
        arr = _shadow(np.asarray(img, np.float32), lay, 1.5, 2.0, 1.2, 0.35)
        img.paste(Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8)))
        d = ImageDraw.Draw(img)
        for p, q, head_first in sticks:
            d.line([p, q], fill=(120, 84, 46), width=round(wd) + 2)
            d.line([p, q], fill=(214, 176, 118), width=round(wd))
            hx, hy = (p if head_first else q)
            ux, uy = q[0] - p[0], q[1] - p[1]
            ul = math.hypot(ux, uy) or 1
            ux, uy = ux / ul, uy / ul
            if not head_first:
                ux, uy = -ux, -uy
            hl = 1.4 * wd
            d.line([(hx, hy), (hx + ux * hl, hy + uy * hl)], fill=(150, 28, 30), width=round(wd * 1.35))
            d.ellipse([hx - 0.68 * wd, hy - 0.68 * wd, hx + 0.68 * wd, hy + 0.68 * wd], fill=(150, 28, 30))
        return
    if name == "twine_majors":  # each block line a length of twisted jute twine, its plies and stray fibres
        wd = max(3, round(s / 9))
        for vertical, c, a0, a1 in _major_segments(L, wd * 0.8):
            e0, e1 = a0 + rng.uniform(-0.5, 0.3) * wd, a1 + rng.uniform(-0.3, 0.5) * wd
            seg = [(c, e0), (c, e1)] if vertical else [(e0, c), (e1, c)]
            d.line(seg, fill=(150, 112, 66), width=wd)
            per = max(3.0, wd * 0.9)
            for t in np.arange(e0, e1, per):  # the plies' diagonal twist
                if vertical:
                    d.line([(c - wd / 2, t), (c + wd / 2, t + per * 0.6)], fill=(104, 74, 40), width=1)
                else:
                    d.line([(t, c - wd / 2), (t + per * 0.6, c + wd / 2)], fill=(104, 74, 40), width=1)
            for _ in range(int((e1 - e0) / s * 2)):
                t = rng.uniform(e0, e1)
                a = rng.uniform(0, 2 * math.pi)
                fl = rng.uniform(0.3, 0.6) * wd
                base = (c, t) if vertical else (t, c)
                d.line([base, (base[0] + fl * math.cos(a), base[1] + fl * math.sin(a))], fill=(170, 134, 88), width=1)
        return
    if name == "bike_chain_majors":  # each block line a length of bicycle chain: plates, pins and rollers
        wd = max(4.0, s / 7.5)
        pitch = wd * 1.25
        for vertical, c, a0, a1 in _major_segments(L, wd * 0.5):
            for k, t in enumerate(np.arange(a0, a1 - pitch * 0.5, pitch)):
                outer = k % 2 == 0
                hw = wd * (0.5 if outer else 0.4)
                tone = (70, 72, 80) if outer else (110, 112, 120)
                box_ = [c - hw, t, c + hw, t + pitch] if vertical else [t, c - hw, t + pitch, c + hw]
                d.rounded_rectangle(box_, radius=hw * 0.9, fill=tone, outline=(40, 40, 46))
            for t in np.arange(a0, a1 + 0.1, pitch):
                r = wd * 0.26
                x, y = (c, t) if vertical else (t, c)
                d.ellipse([x - r, y - r, x + r, y + r], fill=(46, 46, 52))
                d.ellipse([x - 0.45 * r, y - 0.45 * r, x + 0.1 * r, y + 0.1 * r], fill=(170, 172, 180))
        return
    if name == "perforation_majors":  # each block line punched as a row of small round holes, shadowed inside
        r = max(1.6, s / 18)
        pitch = r * 3.0
        for vertical, c, a0, a1 in _major_segments(L, 0):
            for t in np.arange(a0, a1 + 0.1, pitch):
                x, y = (c, t) if vertical else (t, c)
                d.ellipse([x - r, y - r, x + r, y + r], fill=(58, 58, 64))
                d.chord([x - r, y - r, x + r, y + r], 200, 340, fill=(28, 28, 32))  # the hole's shadowed wall
            d.line([(c, a0), (c, a1)] if vertical else [(a0, c), (a1, c)], fill=(150, 150, 156), width=1)
        return
    raise ValueError(name)


# ------------------------------------------------------------------------------------------ redraws


BOARD = (244, 246, 248)
CLAY = (206, 174, 134)


def _draw_redraw_grid33(img: Image.Image, L: dict[str, Any], kind: str, rng: random.Random) -> None:
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    if kind == "magnet_whiteboard":  # dry-erase marker lines drawn along a ruler, a little streaky
        thin, wd = max(2, round(s / 22)), max(3, round(s / 10))
        for i, x in enumerate(xs):
            big = _major(i, cols)
            e = wd // 2 if big else 0
            d.line([(x, ys[0] - e), (x, ys[-1] + e)], fill=(30, 32, 40), width=wd if big else thin)
            if big:
                d.line([(x - wd * 0.2, ys[0]), (x - wd * 0.2, ys[-1])], fill=(70, 72, 82), width=1)
        for j, y in enumerate(ys):
            big = _major(j, rows)
            e = wd // 2 if big else 0
            d.line([(xs[0] - e, y), (xs[-1] + e, y)], fill=(30, 32, 40), width=wd if big else thin)
            if big:
                d.line([(xs[0], y - wd * 0.2), (xs[-1], y - wd * 0.2)], fill=(70, 72, 82), width=1)
        return
    # clay_tablet: lines incised with a stylus, a dark groove with its lit lower wall
    thin, wd = max(2, round(s / 24)), max(3, round(s / 11))
    for i, x in enumerate(xs):
        big = _major(i, cols)
        e = wd // 2 if big else 0
        ww = wd if big else thin
        d.line([(x + ww / 2 + 0.5, ys[0] - e), (x + ww / 2 + 0.5, ys[-1] + e)], fill=(232, 208, 170), width=1)
        d.line([(x, ys[0] - e), (x, ys[-1] + e)], fill=(92, 64, 40), width=ww)
    for j, y in enumerate(ys):
        big = _major(j, rows)
        e = wd // 2 if big else 0
        ww = wd if big else thin
        d.line([(xs[0] - e, y + ww / 2 + 0.5), (xs[-1] + e, y + ww / 2 + 0.5)], fill=(232, 208, 170), width=1)
        d.line([(xs[0] - e, y), (xs[-1] + e, y)], fill=(92, 64, 40), width=ww)


def _redraw_whole33(layout: dict[str, Any], style: Style33, row_vals, col_vals, rng: random.Random,
                    target: tuple[int, int]) -> tuple[Image.Image, dict[str, Any]]:
    """The whole puzzle drawn anew (``style.redraw``): its own canvas, cell size, clue layout and margins. Returns the
    page (clues, no marks, no grid yet) and its geometry."""
    kind = style.redraw
    rows, cols = layout["rows"], layout["cols"]
    base = layout["cell_px"] * rng.uniform(0.9, 0.98) * 0.92
    ref = _digit_h(_font(INPUT_FONT, layout["clue_font_px"]))
    px = _px_for(style.clue_font, ref * rng.uniform(*style.clue_scale))
    font = _font(style.clue_font, px)
    while px > 8 and max(_ink_w(font, t) for v in col_vals for t in v) > 0.72 * base:
        px -= 1
        font = _font(style.clue_font, px)
    dh = _digit_h(font)
    gapn, slot = dh * rng.uniform(0.75, 0.9), dh * rng.uniform(1.5, 1.65)
    row_w = max(sum(_ink_w(font, t) for t in v) + gapn * (len(v) - 1) for v in row_vals)
    col_h = max(len(v) for v in col_vals) * slot
    pad = 0.45 * base
    gw, gh = base * cols, base * rows
    pw, ph = row_w + pad * 1.4 + gw, col_h + pad * 1.4 + gh  # the puzzle: clues and grid
    g = _nrng(rng)
    bm = 0.75 * base
    W = round(max(pw + 2 * bm, 0.85 * target[0]))
    H = round(ph + 2 * bm)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    if kind == "magnet_whiteboard":  # a whiteboard: glossy white, faint ghosts of earlier writing wiped off
        surf = np.array(BOARD, np.float32) * (1 - 0.02 * (yy / H) + 0.008 * _smooth(g, H, W, 10))[..., None]
        img = Image.fromarray(np.clip(surf, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        for _ in range(3):  # ghosts of wiped-off marker strokes in the margins
            x0 = rng.uniform(0.02, 0.3) * W if rng.random() < 0.5 else rng.uniform(0.7, 0.95) * W
            y0 = rng.uniform(0.05, 0.95) * H
            pts = [(x0 + k * 0.02 * W, y0 + 0.01 * H * math.sin(k * 1.3)) for k in range(6)]
            d.line(pts, fill=(226, 228, 234), width=max(2, round(base / 10)))
        under = (222, 226, 236)
    else:  # clay_tablet: a buff clay tablet, its rounded edges darker, fingermarks and grit in the surface
        across = np.minimum.reduce([xx, yy, W - 1 - xx, H - 1 - yy])
        surf = np.array(CLAY, np.float32) * (1 + 0.035 * _smooth(g, H, W, 6) + 0.03 * _noise0(g, H, W, 1.0))[..., None]
        surf *= (0.72 + 0.28 * np.clip(across / (0.35 * bm), 0, 1) ** 0.6)[..., None]
        r = 0.4 * bm
        cx_, cy_ = np.clip(xx, r, W - 1 - r), np.clip(yy, r, H - 1 - r)
        outside = np.hypot(xx - cx_, yy - cy_) > r
        surf[outside] = (22, 20, 24)
        grit = g.random((H, W)) > 0.997
        surf[grit & ~outside] *= 0.7
        img = Image.fromarray(np.clip(surf, 0, 255).astype(np.uint8))
        under = (232, 210, 174)
    ex = (W - 2 * bm - pw) / 2
    gx0, gy0 = bm + ex + row_w + pad * 1.4, bm + col_h + pad * 1.4
    keep = [gx0 - pad * 1.4 - row_w - 4, gy0 - pad * 1.4 - col_h - 4, gx0 + gw + 4, gy0 + gh + 4]
    xs = [gx0 + base * i for i in range(cols + 1)]
    ys = [gy0 + base * j for j in range(rows + 1)]
    L = {"grid_bbox": [xs[0], ys[0], xs[-1], ys[-1]], "rows": rows, "cols": cols, "cw": base, "ch": base,
         "cell_px": base, "xs": xs, "ys": ys, "x0s": xs[:-1], "y0s": ys[:-1], "keep": keep}
    d = ImageDraw.Draw(img)

    def put(xy, t):
        _put(d, (xy[0] + 1, xy[1] + 1), t, font, under, style.clue_stroke)
        _put(d, xy, t, font, style.clue_colour, style.clue_stroke)

    for r, vals in enumerate(row_vals):
        cy = (ys[r] + ys[r + 1]) / 2
        x = gx0 - pad
        for t in reversed(vals):
            wt = _ink_w(font, t)
            put((x - wt / 2, cy), t)
            x -= wt + gapn
    for c, vals in enumerate(col_vals):
        cx = (xs[c] + xs[c + 1]) / 2
        for k, t in enumerate(vals):
            put((cx, gy0 - pad - (len(vals) - k - 0.5) * slot), t)
    return img, L


# ------------------------------------------------------------------------------------------ pages


def _page_on(a: np.ndarray, bg_fn, rng: random.Random, g: np.random.Generator, margin: float, tilt: float,
             shadow: float) -> np.ndarray:
    """The page rotated a little and laid on the surface ``bg_fn(H, W)`` makes."""
    h, w = a.shape[:2]
    M = round(margin * max(h, w))
    deg = rng.uniform(-tilt, tilt)
    Hr, Wr = _rot_size(h, w, deg)
    bg = bg_fn(Hr + 2 * M + 90, Wr + 2 * M + 90)
    return _on_table(a, bg, deg, (M, M), shadow, g)


def _page33(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    big = max(h, w)
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "snow_ground":  # the page lying on snow in cold sunlight: blue shadows in the snow, sparkles
        def snow(H, W):
            bg = _table(g, H, W, (232, 238, 250), 0.035, 0.04 * big)
            bg *= (1 - 0.08 * np.clip(_smooth(g, H, W, 0.05 * big), 0, 2))[..., None] ** 1.0
            sp = g.random((H, W)) > 0.997
            bg[sp] = 255
            return bg
        out = _page_on(a, snow, rng, g, 0.1, 3.0, 0.25)
        out = out * np.array((0.97, 0.99, 1.04), np.float32) + 6
        return _grain(np.clip(out, 0, 255), g, 1.6)
    if e == "stainless_counter":  # on a brushed stainless-steel counter, its long streaks and a band of reflection
        def steel(H, W):
            brush = cv2.GaussianBlur(g.standard_normal((H, W)).astype(np.float32), (0, 0), sigmaX=30, sigmaY=0.6)
            brush /= brush.std() + 1e-6
            xx = np.arange(W, dtype=np.float32)[None, :]
            band = np.exp(-((xx - W * rng.uniform(0.3, 0.7)) / (0.12 * W)) ** 2)
            bg = np.empty((H, W, 3), np.float32)
            bg[:] = (168, 172, 176)
            return bg * (1 + 0.04 * brush + 0.18 * band)[..., None]
        out = _page_on(a, steel, rng, g, 0.09, 4.0, 0.35)
        return _grain(out, g, 1.8)
    if e == "patchwork_quilt":  # on a patchwork quilt: squares of printed cotton, stitched seams
        def quilt(H, W):
            q = 0.11 * big
            yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
            i, j = np.floor(xx / q).astype(np.int64), np.floor(yy / q).astype(np.int64)
            pal = np.array(((190, 70, 70), (70, 120, 170), (230, 200, 120), (110, 160, 110), (200, 150, 190),
                            (240, 236, 224)), np.float32)
            pick = g.integers(0, len(pal), (int(H / q) + 2, int(W / q) + 2))
            bg = pal[pick[j, i]]
            fx, fy = (xx / q) % 1, (yy / q) % 1
            dots = (((fx * 6) % 1 - 0.5) ** 2 + ((fy * 6) % 1 - 0.5) ** 2 < 0.05) & ((i + j) % 2 == 0)
            bg[dots] = bg[dots] * 0.7 + 70
            stripes = (((fx + fy) * 8) % 1 < 0.3) & ((i + 2 * j) % 3 == 1)
            bg[stripes] *= 0.8
            seam = (np.minimum(fx, 1 - fx) < 0.02) | (np.minimum(fy, 1 - fy) < 0.02)
            bg[seam] *= 0.6
            stitch = ((np.abs(fx - 0.08) < 0.006) | (np.abs(fy - 0.08) < 0.006)) & (((xx + yy) / 6) % 1 < 0.5)
            bg[stitch] = (246, 244, 236)
            return bg * (1 + 0.05 * _smooth(g, H, W, 0.03 * big))[..., None]
        out = _page_on(a, quilt, rng, g, 0.11, 4.0, 0.4)
        out = _grain(out, g, 2.0)
        return _perspective(out, rng.uniform(0.03, 0.05), (120, 110, 110))
    if e == "earbuds_margin":  # wireless earbuds and their open case on the widened right margin
        mr = round(0.26 * w)
        page = _extend(a, right=mr)
        Hp, Wp = page.shape[:2]
        x0 = _free_x(L, w)
        mw = Wp - x0
        cw_, ch_ = 0.62 * mw, 0.5 * mw
        cx, cy = x0 + 0.5 * mw, Hp * rng.uniform(0.25, 0.35)
        lay, ld = _layer(Wp, Hp)
        ld.rounded_rectangle([cx - cw_ / 2, cy - ch_ / 2, cx + cw_ / 2, cy + ch_ / 2], radius=ch_ * 0.4, fill=255)
        buds = [(cx - 0.15 * mw, cy + 0.75 * mw, 0.5), (cx + 0.18 * mw, cy + 1.05 * mw, -0.6)]
        for bx_, by_, a_ in buds:
            ld.ellipse([bx_ - 0.11 * mw, by_ - 0.11 * mw, bx_ + 0.11 * mw, by_ + 0.11 * mw], fill=255)
            ld.line([(bx_, by_), (bx_ + 0.3 * mw * math.sin(a_), by_ + 0.3 * mw * math.cos(a_))], fill=255,
                    width=max(2, round(0.07 * mw)))
        pa = _shadow(page.astype(np.float32), lay, 0.03 * mw, 0.05 * mw, 0.03 * mw, 0.35)
        img = Image.fromarray(np.clip(pa, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        d.rounded_rectangle([cx - cw_ / 2, cy - ch_ / 2, cx + cw_ / 2, cy + ch_ / 2], radius=ch_ * 0.4,
                            fill=(244, 244, 242), outline=(196, 196, 194))
        d.line([(cx - cw_ / 2 + 2, cy - ch_ * 0.12), (cx + cw_ / 2 - 2, cy - ch_ * 0.12)], fill=(190, 190, 188),
               width=1)
        d.ellipse([cx - 2, cy + ch_ * 0.1 - 2, cx + 2, cy + ch_ * 0.1 + 2], fill=(90, 200, 110))  # its light
        for bx_, by_, a_ in buds:
            d.line([(bx_, by_), (bx_ + 0.3 * mw * math.sin(a_), by_ + 0.3 * mw * math.cos(a_))], fill=(238, 238, 236),
                   width=max(2, round(0.07 * mw)))
            d.ellipse([bx_ - 0.11 * mw, by_ - 0.11 * mw, bx_ + 0.11 * mw, by_ + 0.11 * mw], fill=(246, 246, 244),
                      outline=(190, 190, 188))
            d.ellipse([bx_ - 0.05 * mw, by_ - 0.05 * mw, bx_ + 0.03 * mw, by_ + 0.03 * mw], fill=(60, 62, 66))
        M = round(0.05 * big)
        bg = _wood(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (150, 112, 78))
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _grain(out, g, 1.8)
    if e == "seashell_margin":  # a scallop shell and a little sand on the widened bottom margin
        mb = round(0.24 * h)
        page = _extend(a, bottom=mb)
        Hp, Wp = page.shape[:2]
        R = 0.36 * mb
        cx, cy = Wp * rng.uniform(0.55, 0.75), h + 0.55 * mb
        fan = [(cx, cy + 0.55 * R)] + [(cx + R * math.cos(t), cy + 0.55 * R - R * math.sin(t) * 1.05)
                                       for t in np.linspace(0.15 * math.pi, 0.85 * math.pi, 15)]
        lay, ld = _layer(Wp, Hp)
        ld.polygon(fan, fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.04 * R, 0.08 * R, 0.05 * R, 0.35)
        img = Image.fromarray(np.clip(pa, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        d.polygon(fan, fill=(238, 200, 176), outline=(180, 130, 108))
        for t in np.linspace(0.2 * math.pi, 0.8 * math.pi, 9):  # the ribs fanning from the hinge
            d.line([(cx, cy + 0.55 * R), (cx + 0.97 * R * math.cos(t), cy + 0.55 * R - 0.97 * R * math.sin(t))],
                   fill=(200, 150, 128), width=max(1, round(R / 25)))
        d.polygon([(cx - 0.22 * R, cy + 0.5 * R), (cx + 0.22 * R, cy + 0.5 * R), (cx + 0.1 * R, cy + 0.7 * R),
                   (cx - 0.1 * R, cy + 0.7 * R)], fill=(220, 180, 156), outline=(180, 130, 108))
        for _ in range(int(60 + 0.2 * Wp)):
            x, y = rng.uniform(0.05 * Wp, 0.95 * Wp), rng.uniform(h + 0.15 * mb, Hp - 0.08 * mb)
            c = rng.choice(((214, 190, 150), (190, 164, 124), (232, 214, 180)))
            d.ellipse([x - 1, y - 1, x + 1, y + 1], fill=c)
        M = round(0.05 * big)
        bg = _table(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (200, 186, 160), 0.05, 3)
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _grain(out, g, 1.8)
    if e == "rubber_band_margin":  # two rubber bands dropped on the widened left margin
        ml = round(0.26 * w)
        page = _extend(a, left=ml)
        Hp, Wp = page.shape[:2]
        img = Image.fromarray(page)
        lay, ld = _layer(Wp, Hp)
        bands = []
        for k, colour in enumerate(((196, 60, 52), (70, 100, 180))):
            cx, cy = 0.5 * ml + rng.uniform(-0.05, 0.05) * ml, Hp * (0.3 + 0.3 * k) + rng.uniform(-0.05, 0.05) * Hp
            rx, ry, a_ = 0.32 * ml, 0.2 * ml, rng.uniform(0, math.pi)
            pts = []
            for t in np.linspace(0, 2 * math.pi, 40):
                u, v = rx * math.cos(t), ry * math.sin(t) * (1 + 0.15 * math.sin(3 * t))  # a band lying slack
                pts.append((cx + u * math.cos(a_) - v * math.sin(a_), cy + u * math.sin(a_) + v * math.cos(a_)))
            bands.append((pts, colour))
            ld.line(pts, fill=255, width=max(2, round(ml / 40)))
        pa = _shadow(np.asarray(img, np.float32), lay, 1.5, 2.5, 1.5, 0.3)
        img = Image.fromarray(np.clip(pa, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        for pts, colour in bands:
            d.line(pts, fill=colour, width=max(2, round(ml / 40)), joint="curve")
            d.line([(x - 0.5, y - 0.5) for x, y in pts[::2]], fill=tuple(min(255, c + 50) for c in colour), width=1)
        M = round(0.05 * big)
        bg = _table(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (176, 180, 170), 0.04, 3)
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _grain(out, g, 1.8)
    if e == "neon_sign_glow":  # a dim room lit by a neon sign: pink from one side, blue from the other
        out = _page_on(a, lambda H, W: _table(g, H, W, (50, 44, 52), 0.06, 3), rng, g, 0.08, 2.5, 0.3)
        H, W = out.shape[:2]
        xx = np.arange(W, dtype=np.float32)[None, :] / W
        yy = np.arange(H, dtype=np.float32)[:, None] / H
        pink = np.clip(1.2 - xx - 0.3 * yy, 0, 1)[..., None] * np.array((1.0, 0.45, 0.8), np.float32)
        blue = np.clip(xx - 0.1 + 0.2 * yy, 0, 1)[..., None] * np.array((0.45, 0.7, 1.0), np.float32)
        light = 0.55 + 0.45 * (pink + blue)
        out = out * light
        lay = np.zeros((H, W), np.float32)  # the sign's own glow just past the top-left corner
        cv2.circle(lay, (int(0.02 * W), int(0.02 * H)), int(0.08 * big), 1.0, -1)
        out += cv2.GaussianBlur(lay, (0, 0), 0.05 * big)[..., None] * np.array((90, 30, 80), np.float32)
        return _grain(np.clip(out, 0, 255), g, 3.0)
    if e == "torch_beam":  # a dark room: the page lit by a torch's round beam, its corners in the dark
        out = _page_on(a, lambda H, W: _wood(g, H, W, (120, 90, 64)), rng, g, 0.08, 2.0, 0.3)
        H, W = out.shape[:2]
        M = round(0.08 * big)
        kx0, ky0, kx1, ky1 = L["keep"]
        cx, cy = M + (kx0 + kx1) / 2 + rng.uniform(-0.03, 0.03) * w, M + (ky0 + ky1) / 2 + rng.uniform(-0.03, 0.03) * h
        rx, ry = 0.62 * (kx1 - kx0) + 0.1 * w, 0.62 * (ky1 - ky0) + 0.1 * h
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        dd = np.hypot((xx - cx) / rx, (yy - cy) / ry)
        beam = np.clip(1.2 - 0.5 * dd ** 2, 0.0, 1.0) ** 1.3
        ring = 0.06 * np.exp(-((dd - 0.95) / 0.08) ** 2)  # the reflector's bright ring at the beam's edge
        out = out * (0.1 + 0.9 * beam + ring)[..., None] * np.array((1.0, 0.97, 0.88), np.float32)
        return _grain(np.clip(out, 0, 255), g, 3.2)
    if e == "greasy_lens":  # a phone lens smeared with a fingertip: a soft haze, bright parts streaked sideways
        out = _page_on(a, lambda H, W: _table(g, H, W, (150, 140, 128), 0.05, 3), rng, g, 0.07, 2.0, 0.3)
        haze = cv2.GaussianBlur(out, (0, 0), 0.012 * big)
        k = max(9, int(0.08 * big) | 1)
        ker = np.zeros((k, k), np.float32)
        ang = rng.uniform(-0.4, 0.4)
        cv2.line(ker, (int(k / 2 - k / 2 * math.cos(ang)), int(k / 2 - k / 2 * math.sin(ang))),
                 (int(k / 2 + k / 2 * math.cos(ang)), int(k / 2 + k / 2 * math.sin(ang))), 1.0, 1)
        ker /= ker.sum()
        streak = cv2.filter2D(np.clip(out - 200, 0, None), -1, ker)
        out = 0.8 * out + 0.2 * haze + 0.35 * streak + 6
        return _grain(np.clip(out, 0, 255), g, 2.0)
    if e == "train_table":  # on a train's grey table under its window, the window's light falling across
        def table(H, W):
            bg = _table(g, H, W, (178, 180, 178), 0.03, 2)
            bg *= (1 + 0.05 * (g.random((H, W)) > 0.97))[..., None]
            win = round(0.07 * H)
            view = cv2.GaussianBlur(g.standard_normal((win, W)).astype(np.float32), (0, 0), sigmaX=40, sigmaY=3)
            view = (view - view.min()) / (np.ptp(view) + 1e-6)
            bg[:win] = (np.array((70, 120, 60), np.float32) * (0.6 + 0.8 * view)[..., None]
                        + np.array((180, 200, 220), np.float32) * (0.25 * (1 - view))[..., None])
            bg[win:win + 6] = (90, 92, 96)  # the window's rubber seal and frame
            yy = np.arange(H, dtype=np.float32)[:, None, None]
            return bg * (1.1 - 0.15 * yy / H)
        out = _page_on(a, table, rng, g, 0.1, 6.0, 0.4)
        out = _grain(out, g, 2.0)
        return _perspective(out, rng.uniform(0.03, 0.05), (150, 150, 150))
    if e == "office_wall_board":  # the whiteboard on an office wall: its aluminium frame and a marker tray
        fr = max(6, round(0.018 * big))
        tray = round(0.05 * big)
        H0, W0 = h + 2 * fr, w + 2 * fr
        board = np.empty((H0 + tray, W0, 3), np.float32)
        board[:] = (180, 184, 190)
        yy = np.arange(H0, dtype=np.float32)[:, None]
        board[:H0] *= (1 + 0.08 * np.cos(yy / H0 * math.pi))[..., None]
        board[fr:fr + h, fr:fr + w] = a
        board[fr - 2:fr, fr - 2:fr + w + 2] = (130, 134, 140)
        board[H0:] = (160, 164, 170)
        board[H0:H0 + 3] = (110, 112, 118)
        img = Image.fromarray(np.clip(board, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        for k, colour in enumerate(((30, 30, 36), (40, 70, 170))):  # two markers and an eraser in the tray
            x0 = W0 * (0.15 + 0.12 * k)
            d.rounded_rectangle([x0, H0 + tray * 0.25, x0 + 0.1 * W0, H0 + tray * 0.65], radius=tray * 0.15,
                                fill=(236, 236, 232), outline=(150, 150, 150))
            d.rounded_rectangle([x0 + 0.075 * W0, H0 + tray * 0.22, x0 + 0.1 * W0, H0 + tray * 0.68],
                                radius=tray * 0.1, fill=colour)
        ex0 = W0 * 0.7
        d.rectangle([ex0, H0 + tray * 0.15, ex0 + 0.12 * W0, H0 + tray * 0.55], fill=(50, 50, 56))
        d.rectangle([ex0, H0 + tray * 0.55, ex0 + 0.12 * W0, H0 + tray * 0.75], fill=(200, 200, 196))
        M = round(0.07 * big)
        Hb, Wb = H0 + tray, W0
        wall = _table(g, Hb + 2 * M, Wb + 2 * M, (214, 206, 190), 0.02, 4)
        sh = np.zeros(wall.shape[:2], np.float32)
        sh[M + 5:M + Hb + 5, M + 6:M + Wb + 6] = 1
        wall *= (1 - 0.35 * cv2.GaussianBlur(sh, (0, 0), 7))[..., None]
        wall[M:M + Hb, M:M + Wb] = np.asarray(img, np.float32)
        xx = np.arange(wall.shape[1], dtype=np.float32)[None, :, None]
        out = wall * (0.95 + 0.1 * xx / wall.shape[1])
        out = _grain(np.clip(out, 0, 255), g, 2.0)
        return _perspective(out, rng.uniform(0.02, 0.04), (200, 192, 178))
    if e == "museum_vitrine":  # the tablet on black velvet in a museum case: a spotlight, a label card, the glass
        M = round(0.1 * big)
        lab = round(0.08 * big)
        H, W = h + 2 * M + lab, w + 2 * M
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        vel = np.empty((H, W, 3), np.float32)
        vel[:] = (26, 22, 30)
        vel *= (1 + 0.08 * g.standard_normal((H, W)).astype(np.float32))[..., None]
        sh = np.zeros((H, W), np.float32)
        sh[M + 8:M + h + 8, M + 10:M + w + 10] = 1
        vel *= (1 - 0.6 * cv2.GaussianBlur(sh, (0, 0), 8))[..., None]
        vel[M:M + h, M:M + w] = a
        img = Image.fromarray(np.clip(vel, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        lx0, ly0 = M + 0.05 * w, M + h + 0.25 * lab
        d.rectangle([lx0, ly0, lx0 + 0.42 * w, ly0 + 0.6 * lab], fill=(232, 228, 218))
        tf = _font(UI_BOLD, max(8, round(0.2 * lab)))
        d.text((lx0 + 0.04 * w, ly0 + 0.3 * lab), "CLAY TABLET", font=tf, fill=(40, 36, 32), anchor="lm")
        out = np.asarray(img, np.float32)
        spot = np.exp(-(((xx - W / 2) / (0.75 * W)) ** 2 + ((yy - H * 0.42) / (0.8 * H)) ** 2))
        out = out * (0.55 + 0.5 * spot)[..., None] * np.array((1.04, 1.0, 0.92), np.float32)
        glass = np.exp(-((xx + 0.6 * yy - rng.uniform(0.2, 0.35) * W) / (0.03 * W)) ** 2)  # a reflection in the glass
        out += 14 * glass[..., None]
        return _grain(np.clip(out, 0, 255), g, 2.2)
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page33(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style33,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, mean cell width ``cw`` and height ``ch``, the column and row edges ``xs`` and
    ``ys``, and ``keep``, the box round the clues and the grid; ``_box25`` gives a cell's box)."""
    rng = random.Random(f"h33:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = _change33(truth, style.clue_change, rng) if plan["clue"] else None
    row_vals, col_vals = _line_values(truth, change)
    if style.redraw:
        img, L = _redraw_whole33(layout, style, row_vals, col_vals, rng, (inp.shape[1], inp.shape[0]))
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
                _draw_fill33(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill33(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline33(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross33(img, box, style, rng)
            elif not ((r, c) in filled and style.missing_bare):
                _draw_empty33(img, box, style.empty, rng)
    if style.redraw:
        _draw_redraw_grid33(img, L, style.redraw, rng)
    else:
        _draw_grid33(img, L, rng, style.grid, inp)
    return np.asarray(img), rng, L


def make_answer33(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style33,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page33(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page33(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
