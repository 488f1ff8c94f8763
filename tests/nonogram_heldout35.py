"""HELDOUT35, measured blind on commits 5fe219e (rubric 72, the forty-second session's start) and on rubric 73 (its end),
never looked at: **410/432** right (94.9 %) on both, no verdict right on one and wrong on the other, **0 false passes**,
0 unreadable, 0 confident false fails, 52/72 error-free right (seed 5, ``tools/measure_nonogram_family.py
nonogram_heldout35:HELDOUT35 --seed 5``). By planted error: none 52/72, extra_light 72, extra_outline 72, x_instead 72,
missing 72, clue_changed 70 (of 72 each). Held out: measured as counts only, its answers never looked at.

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved nonogram:
clue fonts from Debian packages no earlier nonogram family, test, install list or digit-reader training names
(fonts-kanjistrokeorders, fonts-deva-extra, fonts-mmcedar, fonts-opensymbol, fonts-lohit-guru, fonts-ancient-scripts,
fonts-monlam, fonts-myanmar, fonts-noto-cjk, fonts-noto-cjk-extra, fonts-gfs-didot-classic): a thin, round geometric
sans (the Latin of KanjiStrokeOrders, drawn with a one-pixel heavier pen), a plain grotesque (Kalimati), a round, wide
geometric sans (MMCedar P), a Times-like serif (the figures of OpenSymbol), a light, wide Times-like serif (Lohit
Gurmukhi, drawn with a one-pixel heavier pen), a bold, Greek-flavoured book serif (Alfios Bold), a humanist sans (the
Latin of Monlam Uni Sans Serif), a condensed bold sans (Pyidaungsu Bold), a bold book serif with a Source-Serif-like
Latin (Noto Serif CJK Bold), a black grotesque with a Source-Sans-like Latin (Noto Sans CJK Black, embossed and
painted on the aluminium plate) and a high-contrast Didone (GFS Didot Classic, painted in cobalt on the porcelain
platter); one style keeps the input's clues (its changed clue is that line's numbers erased and typed again in another
face, Noto Sans CJK Regular from fonts-noto-cjk, a regular grotesque). Fills no earlier family uses (heaped glossy black
beans with their white eyes, poppy seeds, overlapping kelp fronds, walnut kernels, cocoa nibs, a pad of steel wool, a
slice of black truffle with its white marbling, heaped raisins, the cut ends of a bundle of black cables with their
copper cores, charcoal pyramid acoustic foam, raised squares painted black on the embossed plate, a dark manganese glaze
on the porcelain); empty-cell marks drawn in new ways (a hole-punch confetti dot of coloured paper, a staple pressed into
the paper, a small clear glass seed bead, a tiny cobalt sprig painted on the porcelain); the planted errors drawn in new
ways (pale sailboats, mushrooms, teacups or cherries, each over a light tint; a frame of bunting on its cord, of a ring
of overlapping coins, of a city skyline standing round the cell, of a log cabin's logs with their end grain at the
corners; an X of two crossed rolling pins, of two baseball bats, of two torches, of two carrots; all in the fill's
colour, darkened where the fill is a light one); a changed clue that gains a number, is written in reverse, has its
ends swapped, has one of its numbers written twice, has two merged into their sum, has one unit moved between two of
its numbers, has its numbers written in ascending order, is copied from its neighbour line, is copied from its mirror
line, the line as far from the grid's opposite edge (``mirror_copy``: new here), or (on the page that keeps the input's
clues) has one number one more or less; a missing fill left bare on a page whose other empty cells carry marks; grids
drawn in new ways (pen lines under block lines of flat black shoelaces, aglets at their far ends; pen lines under block
lines of strips of steel staples; pen lines under block lines of black cable ties, each tail in the next one's head; pen
lines under block lines of wound bronze guitar strings, a ball end at each far end); two styles that redraw the whole
puzzle in a new medium (a brushed aluminium plate, stamped with a raised border and bolted at its corners, the clues
and the grid embossed and painted black; a white porcelain platter with a cobalt-banded rim, the clues and the grid
painted in cobalt, the fills a dark manganese glaze, small cobalt sprigs in the empty cells); and page changes no
earlier family uses (the page on a chunky cream knitted blanket; on a cleft slate hearth; on a woven wicker tray; a
wristwatch with a plain dial on the widened right margin; an apple on the widened bottom margin; a USB stick and its
cap on the widened left margin; a dark room, the page lit only by a screen's cold glow from below; on a dark worktop
dusted with flour; a phone photo's rolling-shutter wobble; a flatbed scan with the lid's white round the page, a stray
hair and dust on the glass beside it; the aluminium plate bolted to a painted steel machine panel; the porcelain platter
on a braided seagrass placemat).

Clues written anew on the input's page are sized by their digits' height and fitted to its clue strips (as in HELDOUT25
to HELDOUT34); the redrawn puzzles space their clues by the digits' height.

Doubts noted rather than made unfair: KanjiStrokeOrders and Lohit Gurmukhi are light faces (drawn with a one-pixel
heavier pen); Pyidaungsu Bold is condensed (its numbers set wider apart); Noto Sans CJK Black is a very heavy face, its
embossed digits shadowed below right and lit above left; GFS Didot Classic is a high-contrast Didone whose hairlines
are thin (painted in a deep cobalt, a little heavier); the screen glow dims the page's top (the clues there stay plainly
darker than the paper) and tints it cold; the rolling shutter bends the grid's lines by a few pixels; the scanner's lid
shows round the page on two sides, the hair and the dust lie on it, never on the page; the blanket, the slate, the
wicker, the worktop's flour, the machine panel and the placemat lie round the page, never on it; the wristwatch (its dial
carries strokes, no numerals), the apple and the USB stick lie on widened margins, and none carries a digit; the
shoelace, staple-strip, cable-tie and guitar-string block lines are broader and less even than a ruled line (the
staples steel-grey, the strings bronze); the bean, poppy-seed, kelp, walnut, cocoa-nib, steel-wool, truffle, raisin,
cable, foam, embossed and glaze fills have some paler features (the beans' eyes and gloss, seed rims, midribs, ridges,
broken edges, glints, white veins, wrinkles' shine, copper cores, lit facets, a bare-metal shoulder, a window's
reflection) over a dark ground, and a person sees a filled cell at once; the confetti dot is a small pastel disc, the
staple a short steel bar, the bead a pale ring; the planted pale marks are a light tint with darker-than-tint shapes
over it, plainly darker than the paper; the mirror-copied clue is a real line's clue put on the wrong line; the retyped
clue line on the page that keeps the input's clues is in a different face from its neighbours; the style names begin
``s_`` as HELDOUT28's to HELDOUT34's do (the names themselves differ from every earlier one).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer35` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout35:HELDOUT35`` measures them like the earlier families.
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
from nonogram_heldout30 import _rotated, _shadow
from nonogram_heldout32 import _draw_grid32, _grain, _hex_pts, _nearest, _smooth, _table, _wood
from nonogram_heldout33 import _major_segments, _page_on, _pen_minors, _staggered
from nonogram_heldout34 import _c, _change34, _seg_pts
from PIL import Image, ImageDraw

WHITE = (255, 255, 255)


@dataclass(frozen=True)
class Style35(Style):
    """A HELDOUT35 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``embossed_plate``, ``porcelain_platter``; empty keeps the
    input's frame), ``clue_change`` how a planted clue_changed answer alters its line (as in HELDOUT34, or
    ``mirror_copy``: its numbers replaced by those of the line mirrored across the grid) and ``missing_bare`` whether a
    missing fill is left bare rather than marked like the other empty cells. ``make_answer`` calls
    :meth:`draw_answer`."""

    redraw: str = ""
    clue_change: str = "extra"
    missing_bare: bool = False

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer35(input_image, layout, truth, self, error, seed)


HELDOUT35 = (
    Style35("s_kanjistroke_blackbeans_knitblanket", "black_beans", (24, 22, 26), "none",
            "KanjiStrokeOrders_v4.003.ttf", ("chunky_knit_blanket", "jpeg"), clue_scale=(1.04, 1.12), clue_stroke=1,
            grid="shoelace_majors", light_mark="light_sailboats", outline_mark="outline_bunting",
            cross_mark="heavy_x_rolling_pins", clue_change="mirror_copy"),
    Style35("s_kalimati_poppyseed_slatehearth", "poppy_seeds", (46, 50, 64), "punch_confetti", "kalimati.ttf",
            ("slate_hearth", "jpeg"), clue_scale=(1.0, 1.08), grid="staple_strip_majors",
            light_mark="light_mushrooms", outline_mark="outline_coins", cross_mark="heavy_x_bats",
            clue_change="transfer", missing_bare=True),
    Style35("s_mmcedar_kelp_wristwatch", "kelp_fronds", (46, 40, 24), "none", "MMCedar-P.ttf",
            ("wristwatch_margin", "jpeg"), clue_scale=(1.0, 1.08), grid="zip_tie_majors", light_mark="light_teacups",
            outline_mark="outline_skyline", cross_mark="heavy_x_torches", clue_change="reversed"),
    Style35("s_opensymbol_walnut_apple", "walnut_kernels", (78, 52, 32), "staple_mark", "opens___.ttf",
            ("apple_margin", "jpeg"), clue_scale=(1.0, 1.08), grid="guitar_string_majors", light_mark="light_cherries",
            outline_mark="outline_logs", cross_mark="heavy_x_carrots", clue_change="ends_swapped", missing_bare=True),
    Style35("s_gurmukhi_cocoanibs_usbstick", "cocoa_nibs", (54, 34, 26), "none", "Lohit-Gurmukhi.ttf",
            ("usb_stick_margin", "jpeg"), clue_scale=(1.02, 1.1), clue_stroke=1, grid="shoelace_majors",
            light_mark="light_mushrooms", outline_mark="outline_logs", cross_mark="heavy_x_torches",
            clue_change="number_doubled"),
    Style35("s_alfios_steelwool_screenglow", "steel_wool", (50, 50, 56), "glass_bead", "Alfios_B.otf",
            ("screen_glow", "jpeg"), clue_scale=(1.04, 1.12), grid="staple_strip_majors",
            light_mark="light_sailboats", outline_mark="outline_skyline", cross_mark="heavy_x_carrots",
            clue_change="mirror_copy", missing_bare=True),
    Style35("s_monlam_truffle_flourcounter", "truffle_slice", (42, 32, 28), "none", "Monlam Uni Sans Serif.ttf",
            ("flour_counter", "jpeg"), clue_scale=(1.0, 1.08), grid="zip_tie_majors", light_mark="light_cherries",
            outline_mark="outline_bunting", cross_mark="heavy_x_bats", clue_change="copy_neighbour"),
    Style35("s_pyidaungsu_raisins_rollingshutter", "raisins", (56, 34, 40), "punch_confetti",
            "Pyidaungsu-2.3_Bold.ttf", ("rolling_shutter", "jpeg"), clue_scale=(1.04, 1.12), clue_gap=(0.7, 0.9),
            grid="guitar_string_majors", light_mark="light_teacups", outline_mark="outline_coins",
            cross_mark="heavy_x_rolling_pins", clue_change="sorted", missing_bare=True),
    Style35("s_notoserifcjk_cables_scannerhair", "cable_bundle", (30, 30, 34), "none", "NotoSerifCJK-Bold.ttc",
            ("scanner_hair", "jpeg"), clue_scale=(1.0, 1.08), grid="shoelace_majors", light_mark="light_sailboats",
            outline_mark="outline_logs", cross_mark="heavy_x_carrots", clue_change="extra"),
    Style35("s_keptclues_acousticfoam_wickertray", "acoustic_foam", (44, 44, 48), "staple_mark", None,
            ("wicker_tray", "jpeg"), grid="kept", light_mark="light_cherries", outline_mark="outline_bunting",
            cross_mark="heavy_x_rolling_pins", clue_change="retyped_line", missing_bare=True),
    Style35("s_notosansblack_embossed_redrawplate", "painted_emboss", (26, 26, 30), "none", "NotoSansCJK-Black.ttc",
            ("machine_panel", "jpeg"), clue_colour=(24, 24, 28), clue_scale=(1.0, 1.08),
            light_mark="light_mushrooms", outline_mark="outline_coins", cross_mark="heavy_x_torches",
            clue_change="merge", redraw="embossed_plate"),
    Style35("s_didotclassic_glaze_redrawplatter", "manganese_glaze", (40, 28, 24), "cobalt_sprig",
            "GFSDidotClassic.otf", ("seagrass_placemat", "jpeg"), clue_colour=(26, 40, 116), clue_scale=(1.04, 1.12),
            clue_stroke=1, light_mark="light_teacups", outline_mark="outline_skyline", cross_mark="heavy_x_bats",
            clue_change="mirror_copy", missing_bare=True, redraw="porcelain_platter"),
)

CHANGE_FONT = "NotoSansCJK-Regular.ttc"  # the retyped line of a changed clue on the page that keeps the input's clues


# ------------------------------------------------------------------------------------------ clue changes


def _change35(truth: dict[str, Any], mode: str, rng: random.Random) -> tuple[str, int, list[str]]:
    """A changed clue as :func:`_change34` makes it, or (``mirror_copy``) a line whose numbers are replaced by those of
    the line as far from the grid's other side (row i takes row n-1-i's numbers), one whose mirror line differs; where
    every line matches its mirror (a symmetric puzzle), the line's neighbour's numbers are copied instead."""
    if mode == "mirror_copy":
        for kind in rng.sample(("row", "col"), 2):
            vals = _values(truth[f"{kind}_clues"])
            n = len(vals)
            cand = [i for i in range(n) if vals[i] != vals[n - 1 - i]]
            if cand:
                i = rng.choice(cand)
                return kind, i, list(vals[n - 1 - i])
        mode = "copy_neighbour"
    return _change34(truth, mode, rng)


# ------------------------------------------------------------------------------------------ fills


def _tex35(kind: str, w: int, h: int, colour, g: np.random.Generator, rng: random.Random) -> np.ndarray:
    """A filled cell's picture (h, w, 3 float) in ``kind``."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    across = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy])
    if kind == "black_beans":  # heaped black turtle beans: glossy kidneys, each with its small white eye
        img = Image.new("RGB", (w, h), _c(col * 0.35))
        d = ImageDraw.Draw(img)
        ln0 = 0.42 * s
        kidney = [(0.5 * math.cos(t), 0.31 * math.sin(t) - (0.1 * math.exp(-(math.cos(t) / 0.35) ** 2)
                                                            if math.sin(t) > 0 else 0.0))
                  for t in np.linspace(0, 2 * math.pi, 26, endpoint=False)]
        for _ in range(int(w * h / (ln0 * ln0 * 0.6) * 1.5) + 4):
            cx, cy, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, 2 * math.pi)
            ln = ln0 * rng.uniform(0.85, 1.1)
            d.polygon(_rotated(kidney, cx, cy, a, ln), fill=_c(col * rng.uniform(0.9, 1.25)), outline=_c(col * 0.25))
            d.polygon(_rotated([(-0.28, -0.2), (0.05, -0.25), (0.2, -0.2), (-0.05, -0.15)], cx, cy, a, ln),
                      fill=_c(_lift(col, 0.42)))  # the gloss along its back
            d.polygon(_rotated([(-0.07, 0.17), (0.07, 0.17), (0.06, 0.23), (-0.06, 0.23)], cx, cy, a, ln),
                      fill=(232, 228, 216))  # the eye in the dent
            d.line(_rotated([(-0.04, 0.2), (0.04, 0.2)], cx, cy, a, ln), fill=_c(col * 0.6), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "poppy_seeds":  # poppy seeds: tiny slate-blue kidneys packed close, their rims catching the light
        img = Image.new("RGB", (w, h), _c(col * 0.45))
        d = ImageDraw.Draw(img)
        r0 = max(1.3, s / 15)
        seed = [(math.cos(t), 0.78 * math.sin(t) - (0.2 if 1.2 < t < 1.95 else 0.0))
                for t in np.linspace(0, 2 * math.pi, 11, endpoint=False)]
        for _ in range(int(w * h / (r0 * r0 * 2.3)) + 6):
            cx, cy, a = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h, rng.uniform(0, 2 * math.pi)
            rx = r0 * rng.uniform(0.9, 1.15)
            d.polygon(_rotated(seed, cx, cy, a, rx), fill=_c(col * rng.uniform(0.85, 1.3)), outline=_c(col * 0.35))
            if r0 >= 2:
                d.point([(cx - 0.35 * rx, cy - 0.35 * rx)], fill=_c(_lift(col, 0.35)))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "kelp_fronds":  # overlapping kelp fronds: wavy olive-brown ribbons, ruffled edges, pale midribs
        img = Image.new("RGB", (w, h), _c(col * 0.4))
        d = ImageDraw.Draw(img)
        for _ in range(int(4 + 6 * w * h / (s * s))):
            x0, y0, a = rng.uniform(-0.2, 1.2) * w, rng.uniform(-0.2, 1.2) * h, rng.uniform(0, math.pi)
            amp, wl, hw = rng.uniform(0.05, 0.1) * s, rng.uniform(0.6, 1.0) * s, rng.uniform(0.14, 0.2) * s
            ln, ph = rng.uniform(1.0, 1.5) * s, rng.uniform(0, 2 * math.pi)
            ts = np.linspace(-ln / 2, ln / 2, 18)
            mid = [(float(t), amp * math.sin(2 * math.pi * t / wl + ph)) for t in ts]
            up = [(t, y - hw * (1 + 0.22 * math.sin(t / s * 9 * math.pi))) for t, y in mid]
            lo = [(t, y + hw * (1 + 0.22 * math.cos(t / s * 9 * math.pi))) for t, y in mid][::-1]
            d.polygon(_rotated(up + lo, x0, y0, a, 1.0), fill=_c(col * rng.uniform(0.9, 1.3)), outline=_c(col * 0.3))
            d.line(_rotated(mid, x0, y0, a, 1.0), fill=_c(_lift(col, 0.24)), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "walnut_kernels":  # walnut kernels: rounded brown lobes folded like a brain, pale crests, dark gaps
        r0 = max(3.0, s / 3.4)
        pts = _seeds(rng, int(w * h / (r0 * r0 * 2.6)) + 2, w, h, 0.2, 1.3 * r0)
        rad = np.array([r0 * rng.uniform(0.85, 1.2) for _ in pts], np.float32)
        idx, dn = _nearest(xx, yy, pts, rad)
        z = np.sqrt(np.clip(1 - dn * dn, 0, 1))
        t1, t2 = _noise0(g, h, w, max(0.7, s / 18)), _noise0(g, h, w, max(0.8, s / 9))
        fold = np.abs(np.sin(2.6 * t1 + 1.2 * t2))
        tex = col * (0.45 + 0.75 * z * (0.55 + 0.45 * fold))[..., None]
        tex[(fold > 0.96) & (z > 0.35)] = _lift(col, 0.18)
        tex[(fold < 0.12) & (dn < 1)] = col * 0.45
        tex[dn >= 1] = col * 0.25
    elif kind == "cocoa_nibs":  # cocoa nibs: angular broken fragments of roasted bean, a broken edge lit on each
        img = Image.new("RGB", (w, h), _c(col * 0.35))
        d = ImageDraw.Draw(img)
        u0 = 0.2 * s
        for _ in range(int(w * h / (u0 * u0) * 1.7) + 4):
            cx, cy = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h
            k, a0 = rng.randint(4, 6), rng.uniform(0, 2 * math.pi)
            poly = [(cx + u0 * rng.uniform(0.45, 0.8) * math.cos(a0 + j * 2 * math.pi / k + rng.uniform(-0.3, 0.3)),
                     cy + u0 * rng.uniform(0.45, 0.8) * math.sin(a0 + j * 2 * math.pi / k + rng.uniform(-0.3, 0.3)))
                    for j in range(k)]
            d.polygon(poly, fill=_c(col * rng.uniform(0.85, 1.2)), outline=_c(col * 0.4))
            j = rng.randrange(k)
            d.line([poly[j], poly[(j + 1) % k]], fill=_c(_lift(col, 0.3)), width=1)
        tex = np.asarray(img, np.float32).copy()
        tex *= (1 + 0.06 * _noise0(g, h, w, 0.7))[..., None]
    elif kind == "steel_wool":  # a pad of steel wool: fine tangled grey fibres, a few bright glints
        img = Image.new("RGB", (w, h), _c(col * 0.55))
        d = ImageDraw.Draw(img)
        for _ in range(int(w * h / (s * 1.1)) + 12):
            x, y, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, 2 * math.pi)
            bend, pts = rng.uniform(-0.5, 0.5), [(x, y)]
            for _ in range(rng.randint(5, 9)):
                a += bend + rng.uniform(-0.4, 0.4)
                x, y = x + math.cos(a) * s * 0.09, y + math.sin(a) * s * 0.09
                pts.append((x, y))
            d.line(pts, fill=_c(col * rng.uniform(0.7, 1.45)), width=1)
        for _ in range(int(3 + s / 6)):
            x, y, a = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0, math.pi)
            ln = rng.uniform(0.03, 0.06) * s
            d.line([(x, y), (x + ln * math.cos(a), y + ln * math.sin(a))], fill=(226, 228, 234), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "truffle_slice":  # a slice of black truffle: near-black flesh marbled with fine white veins
        n1, n2 = _noise0(g, h, w, max(1.0, s / 10)), _noise0(g, h, w, max(0.8, s / 16))
        tex = col * (0.9 + 0.12 * n2)[..., None]
        v = np.abs(n1 + 0.35 * n2)
        tex[(v >= 0.07) & (v < 0.13)] = col * 1.7  # the veins' soft edges
        tex[v < 0.07] = (196, 186, 170)
        rim = across < max(1.5, 0.08 * s) * (1 + 0.4 * n2)  # the warty black skin round the slice
        tex[rim] = col * 0.55
        tex[rim & (_noise0(g, h, w, 0.7) > 1.3)] = col * 1.3
    elif kind == "raisins":  # heaped raisins: wrinkled dark fruit, the wrinkles' crests shining
        r0 = max(2.5, s / 5.5)
        pts = _seeds(rng, int(w * h / (r0 * r0 * 3.0)) + 3, w, h, 0.15, 1.4 * r0)
        rad = np.array([r0 * rng.uniform(0.8, 1.15) for _ in pts], np.float32)
        idx, dn = _nearest(xx, yy, pts, rad)
        P = np.array(pts, np.float32)
        dx, dy = (xx - P[idx, 0]) / rad[idx], (yy - P[idx, 1]) / rad[idx]
        z = np.sqrt(np.clip(1 - dn * dn, 0, 1))
        wr = np.sin(3.0 * _noise0(g, h, w, max(0.7, s / 22)))
        tex = col * (0.35 + 0.8 * z * np.clip(0.85 - 0.3 * (dx + dy), 0, 1.2))[..., None]
        tex[(np.abs(wr) < 0.22) & (dn < 1)] *= 0.5  # the wrinkles' creases
        tex[(np.abs(wr) > 0.985) & (z > 0.3) & (dx + dy < 0.3)] = _lift(col, 0.3)  # their crests shining
        tex[dn >= 1] = col * 0.25
    elif kind == "cable_bundle":  # the cut ends of a bundle of black cables: insulation rings round copper cores
        p = max(5.0, s / 4.2)
        pts = _hex_pts(w, h, p, rng, 0.04)
        idx, dn = _nearest(xx, yy, pts)
        P = np.array(pts, np.float32)
        rr = dn / (0.5 * p)
        tone = np.array([rng.uniform(0.85, 1.35) for _ in pts], np.float32)[idx]
        tex = col * (tone * (1 - 0.25 * np.clip(rr - 0.6, 0, 1)))[..., None]
        lit = (rr > 0.5) & (rr < 0.8) & ((xx - P[idx, 0]) + (yy - P[idx, 1]) < 0)
        tex[lit] = _lift(col, 0.2)
        core = rr < 0.3
        strands = (np.hypot(((xx - P[idx, 0]) / max(1.0, 0.05 * p)) % 2 - 1,
                            ((yy - P[idx, 1]) / max(1.0, 0.05 * p)) % 2 - 1) > 0.9)
        tex[core] = (184, 116, 60)
        tex[core & strands] = (132, 78, 40)
        tex[rr >= 0.95] = col * 0.3
    elif kind == "acoustic_foam":  # charcoal pyramid acoustic foam: each pyramid's four faces lit differently
        p = max(6.0, s / 2.3)
        ox, oy = rng.uniform(0, p), rng.uniform(0, p)
        fx, fy = ((xx - ox) / p) % 1 - 0.5, ((yy - oy) / p) % 1 - 0.5
        top, bottom = fy < -np.abs(fx), fy > np.abs(fx)
        left = (fx <= -np.abs(fy)) & ~top & ~bottom
        shade = np.where(top, 1.3, np.where(bottom, 0.55, np.where(left, 1.05, 0.75)))
        tex = col * (shade * (1 + 0.12 * _noise0(g, h, w, 0.7)))[..., None]
        tex[np.maximum(np.abs(fx), np.abs(fy)) > 0.47] = col * 0.4  # the valleys between the pyramids
    elif kind == "painted_emboss":  # a raised square on the aluminium plate, painted black, its shoulders bare metal
        bev = max(1.5, 0.08 * s)
        tex = col * (1 + 0.05 * _noise0(g, h, w, max(1.0, s / 6)))[..., None]
        sheen = np.exp(-(((xx + yy) - 0.6 * (w + h)) / (0.12 * (w + h))) ** 2)
        tex += (np.float32(120) - tex) * (0.3 * sheen)[..., None]
        edge = across < bev
        top_left = (xx + yy) < (w + h) / 2
        tex[edge & top_left] = _lift(col, 0.62)
        tex[edge & ~top_left] = col * 0.5
    elif kind == "manganese_glaze":  # dark manganese glaze pooled in a square, thinning brown at its edge, glossy
        tex = col * (0.95 + 0.06 * _noise0(g, h, w, max(1.0, s / 5)))[..., None]
        thin = np.clip(1 - across / (0.14 * s), 0, 1)
        tex += (np.array((120, 72, 40), np.float32) - tex) * (0.6 * thin ** 2)[..., None]
        refl = np.exp(-((xx + 0.5 * yy - 0.45 * w) / (0.1 * w)) ** 2 - ((yy - 0.3 * h) / (0.22 * h)) ** 2)
        tex += (np.float32(220) - tex) * (0.35 * refl)[..., None]  # a window's soft reflection in the gloss
        tex[g.random((h, w)) > 0.995] = col * 0.5
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255)


def _ink(style: Style35) -> np.ndarray:
    """The ink of the planted marks: the fill's colour, darkened when it is a light one."""
    col = np.asarray(style.fill_colour, np.float32)
    lum = float(col @ np.array([0.299, 0.587, 0.114], np.float32))
    return col * (80 / lum) if lum > 80 else col


def _draw_fill35(img: Image.Image, box, style: Style35, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07)
    w, h = bx - ax, by - ay
    if not light:
        tex = _tex35(style.fill, w, h, style.fill_colour, g, rng)
        if style.fill == "painted_emboss":  # the raised square's shadow on the plate, below right
            k = max(1, round(0.05 * min(w, h)))
            sh = np.zeros((h, w), np.float32)
            sh[k:, k:] = 0.3
            _paste_rgba(img, np.zeros((h, w, 3), np.float32), sh, ax + k, ay + k)
        _paste(img, tex, ax, ay, None)
        return
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = _ink(style)
    s = float(min(w, h))
    lay, ld = _layer(w, h)
    p = max(7.0, s / 2.8)
    lw = max(1, round(p / 11))
    if light == "light_sailboats":  # sailboats: a hull, a mast, a mainsail and a jib
        for x, y in _staggered(w, h, p):
            r = p * 0.2
            ld.polygon([(x - 1.3 * r, y + 0.6 * r), (x + 1.3 * r, y + 0.6 * r), (x + 0.9 * r, y + 1.2 * r),
                        (x - 0.9 * r, y + 1.2 * r)], fill=255)
            ld.line([(x, y + 0.6 * r), (x, y - 1.6 * r)], fill=255, width=lw)
            ld.polygon([(x + 0.15 * r, y - 1.5 * r), (x + 0.15 * r, y + 0.4 * r), (x + 1.1 * r, y + 0.4 * r)], fill=255)
            ld.polygon([(x - 0.15 * r, y - 1.2 * r), (x - 0.15 * r, y + 0.4 * r), (x - 0.8 * r, y + 0.4 * r)], fill=255)
    elif light == "light_mushrooms":  # mushrooms: a domed cap with pale spots on a short stem
        for x, y in _staggered(w, h, p):
            r = p * 0.24
            ld.pieslice([x - r, y - 0.8 * r, x + r, y + 0.8 * r], 180, 360, fill=255)
            for dx_, dy_ in ((-0.45, -0.3), (0.1, -0.55), (0.5, -0.25)):
                ld.ellipse([x + (dx_ - 0.13) * r, y + (dy_ - 0.11) * r, x + (dx_ + 0.13) * r, y + (dy_ + 0.11) * r],
                           fill=0)
            ld.rectangle([x - 0.28 * r, y, x + 0.28 * r, y + 0.9 * r], fill=255)
    elif light == "light_teacups":  # teacups: a round bowl, its rim, a ring handle and a saucer
        for x, y in _staggered(w, h, p):
            r = p * 0.22
            ld.polygon([(x - r, y - 0.6 * r), (x + r, y - 0.6 * r), (x + 0.65 * r, y + 0.55 * r),
                        (x - 0.65 * r, y + 0.55 * r)], fill=255)
            ld.ellipse([x + 0.7 * r, y - 0.45 * r, x + 1.45 * r, y + 0.25 * r], outline=255, width=lw + 1)
            ld.ellipse([x - 1.35 * r, y + 0.5 * r, x + 1.35 * r, y + 0.9 * r], fill=255)
            for dx_ in (-0.35, 0.3):  # the steam
                ld.line([(x + dx_ * r, y - 0.8 * r), (x + (dx_ + 0.15) * r, y - 1.1 * r), (x + dx_ * r, y - 1.4 * r)],
                        fill=255, width=lw)
    elif light == "light_cherries":  # cherries: two round fruits on stems joined at a leaf
        for x, y in _staggered(w, h, p):
            r = p * 0.13
            for dx_ in (-1.1, 0.9):
                ld.ellipse([x + dx_ * r - r, y + 0.6 * r - r, x + dx_ * r + r, y + 0.6 * r + r], fill=255)
                ld.line([(x + dx_ * r, y - 0.3 * r), (x + 0.2 * r, y - 1.9 * r)], fill=255, width=lw)
            ld.polygon(_rotated([(0, 0), (0.5, -0.25), (1.0, 0), (0.5, 0.25)], x + 0.2 * r, y - 1.9 * r, -0.3, 1.4 * r),
                       fill=255)
    else:
        raise ValueError(light)
    alpha = 0.2 + 0.34 * _m(lay)
    _paste_rgba(img, tex, cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.5), ax, ay)


def _draw_outline35(img: Image.Image, box, style: Style35, rng: random.Random) -> None:
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
    if kind == "outline_bunting":  # bunting round the cell: a cord on the outer edge, pennants hanging inward
        pt = max(4.0, f * 1.1)
        u = (along / pt) % 1
        odd = (np.floor(along / pt) % 2) == 1
        cord = band & (v < 0.3)
        flag = band & (v >= 0.28) & (v < 0.28 + 0.72 * (1 - np.abs(u - 0.5) * 1.5))
        tex[flag] = col
        tex[flag & odd] = _lift(col, 0.1)
        tex[flag & (np.abs(v - 0.5) < 0.03)] = _lift(col, 0.45)  # a stripe across each pennant
        tex[cord] = col * 0.75
        m = (cord | flag).astype(np.float32)
    elif kind == "outline_coins":  # a ring of overlapping coins: milled rims, an inner relief ring on each
        pt = max(4.0, f * 0.72)
        k = np.floor(along / pt)
        u = along - (k + 0.5) * pt
        dc = np.hypot(u, (v - 0.5) * f)
        R = 0.5 * f
        coin = band & (dc < R)
        prev = band & (np.hypot(u + pt, (v - 0.5) * f) < R) & ~coin  # the coin beneath, showing past this one
        tex[coin | prev] = col * 1.05
        tex[prev] = col * 0.8
        tex[coin & (dc > 0.78 * R)] = _lift(col, 0.3)
        mill = coin & (dc > 0.9 * R) & ((np.arctan2(u, (v - 0.5) * f) * 9 / math.pi) % 1 < 0.4)
        tex[mill] = col * 0.8
        tex[coin & (np.abs(dc - 0.45 * R) < 0.07 * R)] = _lift(col, 0.2)
        m = (coin | prev).astype(np.float32)
    elif kind == "outline_skyline":  # a city skyline standing on the cell's edge, roofs inward, lit windows
        P = 2.0 * (w + h)
        edges = [0.0]
        while edges[-1] < P:
            edges.append(edges[-1] + f * rng.uniform(0.5, 1.0))
        edges = np.array(edges, np.float32)
        bk = np.clip(np.searchsorted(edges, along, side="right") - 1, 0, len(edges) - 2)
        u = along - edges[bk]
        tall = np.array([rng.uniform(0.6, 1.0) for _ in range(len(edges))], np.float32)[bk]
        tone = np.array([rng.uniform(0.85, 1.2) for _ in range(len(edges))], np.float32)[bk]
        bldg = band & (v < tall)
        tex[bldg] = col[None, :] * tone[bldg][:, None]
        win = bldg & (((u / max(2.0, 0.22 * f)) % 1) < 0.45) & (((v / 0.17) % 1) < 0.45) & (v > 0.08) & \
            (v < tall - 0.1) & (u > 0.1 * f)
        tex[win] = _lift(col, 0.5)
        tex[bldg & (u < 0.06 * f)] = col * 0.6  # the gap between two buildings
        m = bldg.astype(np.float32)
    elif kind == "outline_logs":  # a log cabin's logs round the cell: bark grain along them, end grain at corners
        n1 = _noise0(_nrng(rng), h, w, max(0.8, f / 4))
        tex = col * (0.92 + 0.16 * np.sin(v * math.pi * 5 + 0.6 * n1))[..., None]
        tex[band & ((v < 0.1) | (v > 0.9))] = col * 0.7
        tex[band & (np.abs(v - 0.5) < 0.05) & (n1 > 0.6)] = col * 0.6  # a crack along the log
        m = band.astype(np.float32)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        for cx, cy in ((f / 2, f / 2), (w - 1 - f / 2, f / 2), (f / 2, h - 1 - f / 2), (w - 1 - f / 2, h - 1 - f / 2)):
            rr = np.hypot(xx - cx, yy - cy)
            end = rr < 0.55 * f
            tex[end] = _lift(col, 0.2)
            tex[end & (((rr / max(1.2, 0.12 * f)) % 1) < 0.35)] = col * 0.95
            tex[end & (rr > 0.47 * f)] = col * 0.6
            m = np.maximum(m, end.astype(np.float32))
    else:
        raise ValueError(kind)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross35(img: Image.Image, box, style: Style35, rng: random.Random) -> None:
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
        if kind == "heavy_x_rolling_pins":  # two rolling pins crossed: a round barrel, a handle and knob each end
            barrel = (np.abs(n) < wid * 0.36) & (t > 0.2) & (t < 0.8)
            handles = (np.abs(n) < wid * 0.14) & (((t > 0.0) & (t <= 0.2)) | ((t >= 0.8) & (t < 1.0)))
            knobs = (np.hypot(t * ln, n) < wid * 0.2) | (np.hypot((t - 1) * ln, n) < wid * 0.2)
            part = barrel | handles | knobs
            tex[barrel] = col * (1.0 + 0.3 * np.clip(-n / (wid * 0.36), -1, 1))[barrel][..., None]
            tex[barrel & (((n / max(1.5, wid * 0.14)) % 1) < 0.18)] = col * 0.82  # the wood's grain
            tex[handles | knobs] = col * 0.8
        elif kind == "heavy_x_bats":  # two baseball bats crossed: a thick barrel tapering to a taped handle, a knob
            prof = wid * (0.12 + 0.24 * np.clip((0.6 - t) / 0.5, 0, 1))
            body = (np.abs(n) < prof) & (t > 0.02) & (t < 0.97)
            cap = (((t - 0.06) * ln / (0.05 * ln + 1e-3)) ** 2 + (n / (wid * 0.36)) ** 2 < 1) & (t <= 0.06)
            knob = np.hypot((t - 0.98) * ln, n) < wid * 0.2
            part = body | cap | knob
            tex[part] = col
            tex[body & (n < -prof * 0.4)] = _lift(col, 0.25)  # the barrel's sheen
            tex[body & (t > 0.66) & ((((t * ln) + n) / max(2.0, wid * 0.35)) % 1 < 0.3)] = col * 0.7  # the grip tape
            tex[knob] = col * 0.8
        elif kind == "heavy_x_torches":  # two torches crossed: a flared head with its lens, a knurled body, a switch
            head = (np.abs(n) < wid * (0.3 + 0.08 * np.clip((0.22 - t) / 0.22, 0, 1))) & (t > 0.0) & (t <= 0.22)
            body = (np.abs(n) < wid * 0.22) & (t > 0.22) & (t < 1.0)
            switch = np.hypot((t - 0.38) * ln, n + wid * 0.22) < wid * 0.1
            part = head | body | switch
            tex[part] = col
            tex[head & (t < 0.05)] = _lift(col, 0.55)  # the lens
            tex[body & (t > 0.55) & (t < 0.9) & ((((t * ln) / max(1.6, wid * 0.15)) % 1) < 0.4)] = col * 0.75
            tex[switch] = _lift(col, 0.3)
            tex[body & (t > 0.95)] = col * 0.7
        elif kind == "heavy_x_carrots":  # two carrots crossed: a tapering ridged root and a tuft of leafy fronds
            body = (t > 0.16) & (t < 1.0) & (np.abs(n) < wid * 0.36 * np.clip((1.0 - t) / 0.84, 0, 1) ** 0.8 + 0.3)
            fronds = np.zeros_like(body)
            for slope in (-0.65, 0.0, 0.65):
                fronds |= (np.abs(n - (0.17 - t) * ln * slope) < wid * 0.1) & (t <= 0.18) & (t > 0.0)
            part = body | fronds
            tex[body] = col
            tex[body & ((((t * ln) / max(2.0, wid * 0.35)) % 1) < 0.15)] = col * 0.72  # the root's ridges
            tex[body & (n < -wid * 0.12)] = _lift(col, 0.2)
            tex[fronds & ~body] = col * 0.85
        else:
            raise ValueError(kind)
        m = np.maximum(m, part.astype(np.float32))
    m = cv2.GaussianBlur(m, (0, 0), 0.4)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(m, 0, 1).astype(np.float32), ax, ay)


CONFETTI = ((246, 170, 190), (250, 226, 120), (150, 200, 240), (170, 226, 170))


def _draw_empty35(img: Image.Image, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    d = ImageDraw.Draw(img)
    if kind == "none":
        return
    if kind == "punch_confetti":  # a hole-punch confetti dot of coloured paper, its shadow, a burr on its edge
        r = 0.11 * s
        colour = rng.choice(CONFETTI)
        d.ellipse([cx - r + 1, cy - r + 1.5, cx + r + 1, cy + r + 1.5], fill=(214, 214, 210))
        pts = [(cx + r * (1 + 0.04 * rng.uniform(-1, 1)) * math.cos(t), cy + r * (1 + 0.04 * rng.uniform(-1, 1))
                * math.sin(t)) for t in np.linspace(0, 2 * math.pi, 18, endpoint=False)]
        d.polygon(pts, fill=colour)
        d.arc([cx - r, cy - r, cx + r, cy + r], 200, 330, fill=_c(np.array(colour) * 0.85), width=1)
    elif kind == "staple_mark":  # a staple pressed through the paper: a short steel bar, its legs' holes at its ends
        ln, wd = 0.15 * s, max(2, round(s / 22))
        a = rng.uniform(-0.4, 0.4)
        p, q = (cx - ln * math.cos(a), cy - ln * math.sin(a)), (cx + ln * math.cos(a), cy + ln * math.sin(a))
        d.line([(p[0] + 1, p[1] + 1.2), (q[0] + 1, q[1] + 1.2)], fill=(200, 200, 198), width=wd + 1)
        d.line([p, q], fill=(146, 148, 156), width=wd)
        d.line([(p[0], p[1] - 0.5), (q[0], q[1] - 0.5)], fill=(212, 214, 220), width=1)
        for x, y in (p, q):
            d.ellipse([x - 0.6 * wd, y - 0.6 * wd, x + 0.6 * wd, y + 0.6 * wd], fill=(110, 110, 116))
    elif kind == "glass_bead":  # a small clear glass seed bead: a pale ring, its hole, a glint, its shadow
        r = 0.075 * s
        d.ellipse([cx - r + 1, cy - r + 1.5, cx + r + 1, cy + r + 1.5], fill=(206, 206, 204))
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(222, 230, 234), outline=(148, 160, 170))
        d.ellipse([cx - 0.35 * r, cy - 0.35 * r, cx + 0.35 * r, cy + 0.35 * r], fill=(176, 184, 192))
        d.ellipse([cx - 0.75 * r, cy - 0.75 * r, cx - 0.35 * r, cy - 0.35 * r], fill=(252, 252, 252))
    elif kind == "cobalt_sprig":  # a tiny sprig painted in cobalt on the porcelain: a curved stem and three leaves
        colour = (44, 72, 160)
        a0 = rng.uniform(-0.5, 0.5)
        stem = _rotated([(-0.12, 0.06), (-0.04, 0.02), (0.04, -0.01), (0.12, -0.06)], cx, cy, a0, s)
        d.line(stem, fill=colour, width=max(1, round(s / 40)), joint="curve")
        leaf = [(0, 0), (0.5, -0.35), (1.0, 0), (0.5, 0.35)]
        for (lx, ly), b in zip(stem[1:], (-0.9, 0.9, -0.2)):
            d.polygon(_rotated(leaf, lx, ly, a0 + b, 0.09 * s), fill=colour)
        d.ellipse([stem[0][0] - 0.03 * s, stem[0][1] - 0.03 * s, stem[0][0] + 0.03 * s, stem[0][1] + 0.03 * s],
                  fill=colour)
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids


def _draw_grid35(img: Image.Image, L: dict[str, Any], rng: random.Random, name: str, inp: np.ndarray | None) -> None:
    if name == "kept":
        _draw_grid32(img, L, rng, "kept", inp)
        return
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    thin = max(1, round(s / 30))
    W, H = img.size
    _pen_minors(d, L, thin)
    if name == "shoelace_majors":  # each block line a flat black shoelace, its weave in chevrons, an aglet at its end
        wd = max(3, round(s / 8))
        for vertical, c, a0, a1 in _major_segments(L, wd * 0.5):
            room = ((H if vertical else W) - a1 - 3)
            e1 = a1 + max(0.0, min(0.35 * s, room))
            d.line(_seg_pts(vertical, c, [(a0, 0), (e1, 0)]), fill=(30, 30, 36), width=wd)
            step = max(2.0, wd * 0.7)
            for k, t in enumerate(np.arange(a0 + 1, e1 - 0.3 * s, step)):
                sgn = 1 if k % 2 else -1
                d.line(_seg_pts(vertical, c, [(t, -wd * 0.35), (t + step * 0.45, sgn * 0.0), (t, wd * 0.35)]),
                       fill=(78, 78, 88), width=1)
            ag0 = e1 - max(0.22 * s, min(0.3 * s, e1 - a1 + 0.1 * s))
            d.line(_seg_pts(vertical, c, [(ag0, 0), (e1, 0)]), fill=(150, 150, 156), width=max(2, wd - 1))
            d.line(_seg_pts(vertical, c, [(ag0, -wd * 0.2), (e1, -wd * 0.2)]), fill=(214, 214, 220), width=1)
        return
    if name == "staple_strip_majors":  # each block line strips of steel staples glued side by side, end to end
        ws = max(3, round(s / 9))
        per = max(1.6, s / 30)
        for vertical, c, a0, a1 in _major_segments(L, ws * 0.5):
            t = a0
            while t < a1 - 1:
                ln = min(2.6 * s * rng.uniform(0.9, 1.0), a1 - t)
                (x0, y0), (x1, y1) = _seg_pts(vertical, c, [(t, -ws / 2), (t + ln, ws / 2)])
                d.rectangle([x0, y0, x1, y1], fill=(122, 124, 132))
                for u in np.arange(t + per / 2, t + ln, per):  # the staples, each a fine groove
                    d.line(_seg_pts(vertical, c, [(u, -ws / 2), (u, ws / 2)]), fill=(92, 94, 102), width=1)
                d.line(_seg_pts(vertical, c, [(t, -ws / 2), (t + ln, -ws / 2)]), fill=(196, 198, 206), width=1)
                d.line(_seg_pts(vertical, c, [(t, ws / 2), (t + ln, ws / 2)]), fill=(80, 82, 90), width=1)
                t += ln + rng.uniform(0.6, 1.6)
        return
    if name == "zip_tie_majors":  # each block line black cable ties end to end, each tail threaded into the next head
        wz = max(3, round(s / 10))
        for vertical, c, a0, a1 in _major_segments(L, wz * 0.6):
            t = a0
            while t < a1 - 0.4 * s:
                ln = min(2.2 * s * rng.uniform(0.92, 1.0), a1 - t)
                hd = 1.7 * wz
                (x0, y0), (x1, y1) = _seg_pts(vertical, c, [(t + hd, -wz / 2), (t + ln, wz / 2)])
                d.rectangle([x0, y0, x1, y1], fill=(28, 28, 32))
                for u in np.arange(t + hd + 1, t + ln - 1, max(1.8, wz * 0.45)):  # the teeth along the strap
                    d.line(_seg_pts(vertical, c, [(u, -wz * 0.3), (u, wz * 0.3)]), fill=(70, 70, 78), width=1)
                (x0, y0), (x1, y1) = _seg_pts(vertical, c, [(t, -0.85 * wz), (t + hd, 0.85 * wz)])
                d.rectangle([x0, y0, x1, y1], fill=(22, 22, 26), outline=(60, 60, 68))
                (x0, y0), (x1, y1) = _seg_pts(vertical, c, [(t + 0.45 * hd, -0.35 * wz), (t + 0.65 * hd, 0.35 * wz)])
                d.rectangle([x0, y0, x1, y1], fill=(80, 80, 88))  # the slot the last tail runs through
                t += ln - 0.2 * hd
        return
    if name == "guitar_string_majors":  # each block line a wound bronze guitar string, a ball end past its far end
        wg = max(2, round(s / 16))
        for vertical, c, a0, a1 in _major_segments(L, wg):
            room = ((H if vertical else W) - a1 - 3)
            e1 = a1 + max(0.0, min(1.6 * wg, room - 1.3 * wg))
            d.line(_seg_pts(vertical, c, [(a0, 0), (e1, 0)]), fill=(124, 90, 48), width=wg)
            per = max(1.5, wg * 0.8)
            for u in np.arange(a0, e1, per):  # the winding
                d.line(_seg_pts(vertical, c, [(u, -wg / 2), (u + per * 0.6, wg / 2)]), fill=(82, 58, 30), width=1)
            d.line(_seg_pts(vertical, c, [(a0, -wg * 0.3), (e1, -wg * 0.3)]), fill=(206, 168, 108), width=1)
            bx, by = _seg_pts(vertical, c, [(e1 + 0.8 * wg, 0)])[0]
            r = 1.0 * wg
            d.ellipse([bx - r, by - r, bx + r, by + r], fill=(176, 146, 70), outline=(110, 84, 36), width=1)
        return
    raise ValueError(name)


# ------------------------------------------------------------------------------------------ redraws


ALU = (198, 200, 204)
PORCELAIN = (248, 248, 245)
COBALT = (26, 40, 116)


def _draw_redraw_grid35(img: Image.Image, L: dict[str, Any], kind: str, rng: random.Random) -> None:
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    lines = []
    thin, wd = max(2, round(s / 22)), max(3, round(s / 9))
    for i, x in enumerate(xs):
        big = _major(i, cols)
        e = wd // 2 if big else 0
        lines.append(([(x, ys[0] - e), (x, ys[-1] + e)], wd if big else thin))
    for j, y in enumerate(ys):
        big = _major(j, rows)
        e = wd // 2 if big else 0
        lines.append(([(xs[0] - e, y), (xs[-1] + e, y)], wd if big else thin))
    d = ImageDraw.Draw(img)
    if kind == "embossed_plate":  # raised ribs painted black: lit above left, shadowed below right
        for seg, ww in lines:
            d.line([(x - 1, y - 1) for x, y in seg], fill=(238, 240, 244), width=ww)
            d.line([(x + 1, y + 1) for x, y in seg], fill=(112, 114, 120), width=ww)
        for seg, ww in lines:
            d.line(seg, fill=(28, 28, 32), width=ww)
        return
    # porcelain_platter: lines painted in cobalt, the paint a little paler where it bled into the glaze
    for seg, ww in lines:
        d.line(seg, fill=(150, 164, 206), width=ww + 2)
    for seg, ww in lines:
        d.line(seg, fill=COBALT, width=ww)


def _redraw_whole35(layout: dict[str, Any], style: Style35, row_vals, col_vals, rng: random.Random,
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
    bm = 0.8 * base
    W = round(max(pw + 2 * bm, 0.85 * target[0]))
    H = round(ph + 2 * bm)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    across = np.minimum.reduce([xx, yy, W - 1 - xx, H - 1 - yy])
    extra: dict[str, Any] = {}
    if kind == "embossed_plate":  # brushed aluminium, a stamped raised border, a bolt at each corner
        brush = cv2.GaussianBlur(g.standard_normal((H, W)).astype(np.float32), (0, 0), sigmaX=25, sigmaY=0.5)
        brush /= brush.std() + 1e-6
        surf = np.array(ALU, np.float32) * (1 + 0.025 * brush + 0.01 * _smooth(g, H, W, 10))[..., None]
        surf += (255 - surf) * (0.15 * np.exp(-(((xx - 0.3 * yy) - 0.6 * W) / (0.1 * W)) ** 2))[..., None]
        rib = 0.32 * bm
        surf[np.abs(across - rib) < 1.2] = (238, 240, 244)  # the raised border's lit and shaded flanks
        surf[np.abs(across - rib - 2.5) < 1.2] = (124, 126, 132)
        surf[across < 1.5] = (140, 142, 148)
        img = Image.fromarray(np.clip(surf, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        rr = 0.1 * bm
        for cx, cy in ((0.17 * bm, 0.17 * bm), (W - 0.17 * bm, 0.17 * bm), (0.17 * bm, H - 0.17 * bm),
                       (W - 0.17 * bm, H - 0.17 * bm)):
            d.ellipse([cx - rr, cy - rr, cx + rr, cy + rr], fill=(96, 98, 104), outline=(60, 62, 68))
            hexa = _rotated([(math.cos(k * math.pi / 3), math.sin(k * math.pi / 3)) for k in range(6)], cx, cy,
                            rng.uniform(0, 1), 0.7 * rr)
            d.polygon(hexa, fill=(176, 178, 184), outline=(90, 92, 98))
            d.ellipse([cx - 0.3 * rr, cy - 0.3 * rr, cx, cy], fill=(226, 228, 232))
        hi, lo = (242, 244, 248), (116, 118, 124)
        extra["corner_r"] = 0.12 * bm
    else:  # porcelain_platter: white glaze, a cobalt-banded rim, the well's soft edge, a gloss across it
        surf = np.array(PORCELAIN, np.float32) * (1 + 0.006 * _smooth(g, H, W, 8))[..., None]
        well = 0.55 * bm
        surf *= (1 - 0.05 * np.exp(-((across - well) / (0.06 * bm)) ** 2))[..., None]  # where the rim meets the well
        surf += (255 - surf) * (0.4 * np.exp(-((across - well + 0.12 * bm) / (0.05 * bm)) ** 2))[..., None]
        surf += (255 - surf) * (0.35 * np.exp(-(((xx + 0.8 * yy) - 0.25 * W) / (0.05 * W)) ** 2))[..., None]
        band = (across > 0.14 * bm) & (across < 0.22 * bm)
        surf[band] = COBALT
        surf[(across > 0.3 * bm) & (across < 0.33 * bm)] = COBALT
        surf[across < 1.5] = (214, 216, 220)
        img = Image.fromarray(np.clip(surf, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        per = 0.3 * bm
        for side in range(4):  # small cobalt dots round the rim, between the band and the line
            n = int(((W if side % 2 == 0 else H) - 0.8 * bm) / per)
            for k in range(n):
                u = 0.4 * bm + (k + 0.5) * per
                x, y = [(u, 0.265 * bm), (W - 0.265 * bm, u), (W - u, H - 0.265 * bm), (0.265 * bm, H - u)][side]
                d.ellipse([x - 0.025 * bm, y - 0.025 * bm, x + 0.025 * bm, y + 0.025 * bm], fill=COBALT)
        hi, lo = None, (196, 206, 232)
        extra["corner_r"] = 0.5 * bm
    ex = (W - 2 * bm - pw) / 2
    gx0, gy0 = bm + ex + row_w + pad * 1.4, bm + col_h + pad * 1.4
    keep = [gx0 - pad * 1.4 - row_w - 4, gy0 - pad * 1.4 - col_h - 4, gx0 + gw + 4, gy0 + gh + 4]
    xs = [gx0 + base * i for i in range(cols + 1)]
    ys = [gy0 + base * j for j in range(rows + 1)]
    L = {"grid_bbox": [xs[0], ys[0], xs[-1], ys[-1]], "rows": rows, "cols": cols, "cw": base, "ch": base,
         "cell_px": base, "xs": xs, "ys": ys, "x0s": xs[:-1], "y0s": ys[:-1], "keep": keep, **extra}
    d = ImageDraw.Draw(img)

    def put(xy, t):
        if hi:
            _put(d, (xy[0] - 1, xy[1] - 1), t, font, hi, style.clue_stroke)
        _put(d, (xy[0] + 1, xy[1] + 1), t, font, lo, style.clue_stroke)
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


def _knit(g: np.random.Generator, H: int, W: int, q: float) -> np.ndarray:
    """A chunky cream knitted blanket: columns of fat V stitches, each loop rounded, dark gaps between columns."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    u = xx / q
    fu = u - np.floor(u)
    leg = np.where(fu < 0.5, fu, 1 - fu)
    ph = (yy / (0.72 * q) + leg * 0.9) % 1
    shade = 0.55 + 0.45 * np.sin(math.pi * ph) * np.sin(math.pi * np.clip(fu * 2 % 1, 0, 1)) ** 0.5
    out = np.empty((H, W, 3), np.float32)
    out[:] = (228, 220, 202)
    out *= (shade * (1 + 0.04 * _noise0(g, H, W, 1.0)))[..., None]
    out[(np.minimum(fu, 1 - fu) < 0.04)] *= 0.55
    return out


def _wicker(g: np.random.Generator, H: int, W: int, q: float) -> np.ndarray:
    """Woven wicker: round reed weavers passing over and under upright stakes."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    row, fv = np.floor(yy / q), (yy / q) % 1
    p = 2.2 * q
    sx, fx = np.floor(xx / p), (xx / p) % 1
    front = ((row + sx) % 2) == 1  # where the stake passes in front of the row's pair of weavers
    ax = np.abs(fx - 0.5)
    stake = front & (ax < 0.25)
    weaver = 0.55 + 0.45 * np.sin(math.pi * ((fv * 2) % 1))  # two round reeds to a row
    tone = np.where(stake, 0.5 + 0.5 * np.cos(ax / 0.25 * math.pi / 2), weaver)
    tone = np.where(front & (ax >= 0.25) & (ax < 0.33), tone * 0.72, tone)  # the weavers' shadow beside the stake
    base = np.where(stake[..., None], np.array((184, 146, 92), np.float32), np.array((208, 172, 114), np.float32))
    out = base * (tone * (1 + 0.05 * _noise0(g, H, W, 1.0)))[..., None]
    return out


def _page35(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    big = max(h, w)
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "chunky_knit_blanket":  # on a chunky cream knitted blanket
        out = _page_on(a, lambda H, W: _knit(g, H, W, 0.055 * big), rng, g, 0.11, 4.0, 0.35)
        out = _grain(out, g, 2.0)
        return _perspective(out, rng.uniform(0.02, 0.04), (200, 192, 176))
    if e == "slate_hearth":  # on a cleft slate hearth: dark layered stone, paler chips, joints between the slabs
        def slate(H, W):
            cleft = cv2.GaussianBlur(g.standard_normal((H, W)).astype(np.float32), (0, 0), sigmaX=18, sigmaY=1.2)
            cleft /= cleft.std() + 1e-6
            bg = _table(g, H, W, (72, 76, 84), 0.05, 0.03 * big)
            bg *= (1 + 0.07 * cleft)[..., None]
            bg[_noise0(g, H, W, 2.0) > 2.2] = (120, 124, 132)
            jx, jy = int(W * rng.uniform(0.55, 0.75)), int(H * rng.uniform(0.6, 0.8))
            bg[:, jx:jx + 3] = (48, 50, 56)
            bg[jy:jy + 3, :] = (48, 50, 56)
            return bg
        out = _page_on(a, slate, rng, g, 0.1, 4.0, 0.4)
        out = _grain(out, g, 2.0)
        return _perspective(out, rng.uniform(0.02, 0.04), (60, 64, 70))
    if e == "wicker_tray":  # on a woven wicker tray
        out = _page_on(a, lambda H, W: _wicker(g, H, W, 0.03 * big), rng, g, 0.1, 3.5, 0.4)
        return _grain(out, g, 1.8)
    if e == "wristwatch_margin":  # a wristwatch on the widened right margin: strokes on its dial, no numerals
        mr = round(0.26 * w)
        page = _extend(a, right=mr)
        Hp, Wp = page.shape[:2]
        x0 = _free_x(L, w)
        mw = Wp - x0
        R = 0.3 * mw
        cx, cy = x0 + 0.48 * mw, Hp * rng.uniform(0.35, 0.55)
        sl = min(2.6 * R, cy - 0.05 * Hp, 0.95 * Hp - cy)
        lay, ld = _layer(Wp, Hp)
        ld.rectangle([cx - 0.62 * R, cy - sl, cx + 0.62 * R, cy + sl], fill=255)
        ld.ellipse([cx - 1.08 * R, cy - 1.08 * R, cx + 1.08 * R, cy + 1.08 * R], fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.05 * R, 0.09 * R, 0.06 * R, 0.35)
        img = Image.fromarray(np.clip(pa, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        d.rounded_rectangle([cx - 0.6 * R, cy - sl, cx + 0.6 * R, cy + sl], radius=0.25 * R, fill=(112, 72, 44),
                            outline=(70, 44, 26))
        for sgn in (-1, 1):  # the strap's stitching
            xs_ = cx + sgn * 0.5 * R
            for yv in np.arange(cy - sl + 0.1 * R, cy + sl - 0.1 * R, 0.16 * R):
                d.line([(xs_, yv), (xs_, yv + 0.08 * R)], fill=(206, 180, 140), width=1)
        for yv in np.arange(cy + 1.4 * R, cy + sl - 0.2 * R, 0.32 * R):  # its holes
            d.ellipse([cx - 0.07 * R, yv - 0.07 * R, cx + 0.07 * R, yv + 0.07 * R], fill=(52, 32, 20))
        bky = cy - min(sl - 0.35 * R, 1.7 * R)
        d.rectangle([cx - 0.66 * R, bky - 0.12 * R, cx + 0.66 * R, bky + 0.12 * R], outline=(190, 192, 198),
                    width=max(2, round(0.06 * R)))  # the buckle
        d.rectangle([cx + 1.0 * R, cy - 0.12 * R, cx + 1.18 * R, cy + 0.12 * R], fill=(170, 172, 178),
                    outline=(100, 102, 108))  # the crown
        d.ellipse([cx - 1.05 * R, cy - 1.05 * R, cx + 1.05 * R, cy + 1.05 * R], fill=(196, 198, 204),
                  outline=(110, 112, 118), width=2)
        d.ellipse([cx - 0.84 * R, cy - 0.84 * R, cx + 0.84 * R, cy + 0.84 * R], fill=(30, 40, 70))
        for k in range(12):  # baton indices, no numerals
            t = k * math.pi / 6
            r0, r1 = (0.58 if k % 3 == 0 else 0.66) * R, 0.76 * R
            d.line([(cx + r0 * math.sin(t), cy - r0 * math.cos(t)), (cx + r1 * math.sin(t), cy - r1 * math.cos(t))],
                   fill=(230, 230, 226), width=max(1, round(0.05 * R)))
        th, tm = rng.uniform(0, 2 * math.pi), rng.uniform(0, 2 * math.pi)
        d.line([(cx, cy), (cx + 0.42 * R * math.sin(th), cy - 0.42 * R * math.cos(th))], fill=(236, 236, 232),
               width=max(2, round(0.07 * R)))
        d.line([(cx, cy), (cx + 0.66 * R * math.sin(tm), cy - 0.66 * R * math.cos(tm))], fill=(236, 236, 232),
               width=max(1, round(0.045 * R)))
        d.ellipse([cx - 0.06 * R, cy - 0.06 * R, cx + 0.06 * R, cy + 0.06 * R], fill=(200, 200, 196))
        d.arc([cx - 0.78 * R, cy - 0.78 * R, cx + 0.78 * R, cy + 0.78 * R], 200, 250, fill=(120, 130, 160), width=2)
        M = round(0.05 * big)
        bg = _wood(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (120, 86, 60))
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _grain(out, g, 1.8)
    if e == "apple_margin":  # a red apple on the widened bottom margin, its stem and a leaf
        mb = round(0.24 * h)
        page = _extend(a, bottom=mb)
        Hp, Wp = page.shape[:2]
        R = 0.36 * mb
        cx, cy = Wp * rng.uniform(0.35, 0.7), h + 0.54 * mb
        outline = []
        for t in np.linspace(0, 2 * math.pi, 48, endpoint=False):
            r = R * (1 + 0.05 * math.cos(2 * t) - 0.16 * math.exp(-((t - 1.5 * math.pi) / 0.32) ** 2)
                     - 0.06 * math.exp(-((t - 0.5 * math.pi) / 0.3) ** 2))
            outline.append((cx + r * math.cos(t), cy + r * math.sin(t)))
        lay, ld = _layer(Wp, Hp)
        ld.polygon(outline, fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.08 * R, 0.12 * R, 0.1 * R, 0.35)
        m = _m(lay).astype(np.float32)
        yy, xx = np.mgrid[0:Hp, 0:Wp].astype(np.float32)
        dd = np.clip(np.hypot(xx - cx, yy - cy) / R, 0, 1)
        streak = _noise0(g, Hp, Wp, 0.05 * R) * 0.5 + 0.5 * np.sin((xx - cx) / (0.07 * R))
        apple = np.array((178, 30, 36), np.float32)[None, None] * (1.05 - 0.45 * dd ** 2)[..., None]
        apple += (np.array((220, 170, 60), np.float32) - apple) * (0.22 * np.clip(streak, 0, 1) * (1 - dd))[..., None]
        hl = np.exp(-(((xx - cx + 0.38 * R) / (0.16 * R)) ** 2 + ((yy - cy + 0.35 * R) / (0.24 * R)) ** 2))
        apple += (255 - apple) * (0.55 * hl)[..., None]
        pa = pa * (1 - m[..., None]) + apple * m[..., None]
        img = Image.fromarray(np.clip(pa, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        top = (cx, cy - 0.8 * R)
        d.line([top, (cx + 0.08 * R, cy - 1.25 * R)], fill=(90, 60, 34), width=max(2, round(0.07 * R)))
        d.polygon(_rotated([(0, 0), (0.5, -0.28), (1.0, 0), (0.5, 0.28)], cx + 0.06 * R, cy - 1.1 * R, -0.4, 0.6 * R),
                  fill=(70, 130, 50), outline=(40, 90, 30))
        M = round(0.05 * big)
        bg = _table(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (190, 196, 186), 0.04, 3)
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _grain(out, g, 1.8)
    if e == "usb_stick_margin":  # a USB stick and its cap on the widened left margin
        ml = round(0.26 * w)
        page = _extend(a, left=ml)
        Hp, Wp = page.shape[:2]
        bw, bh = 0.28 * ml, 0.85 * ml
        bx, by = 0.5 * ml, Hp * rng.uniform(0.22, 0.35)
        cap_x, cap_y, cap_a = 0.5 * ml, by + bh + 0.45 * ml, rng.uniform(-0.6, 0.6)
        body = [bx - bw / 2, by, bx + bw / 2, by + bh]
        conn = [bx - 0.36 * bw, by - 0.42 * bw * 1.2, bx + 0.36 * bw, by]
        cap = _rotated([(-0.5, -0.9), (0.5, -0.9), (0.5, 0.9), (-0.5, 0.9)], cap_x, cap_y, cap_a, 0.3 * ml)
        lay, ld = _layer(Wp, Hp)
        ld.rounded_rectangle(body, radius=0.2 * bw, fill=255)
        ld.rectangle(conn, fill=255)
        ld.polygon(cap, fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.03 * ml, 0.05 * ml, 0.03 * ml, 0.35)
        img = Image.fromarray(np.clip(pa, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        d.rectangle(conn, fill=(196, 198, 204), outline=(120, 122, 128))
        for k in (-1, 1):
            hx = bx + k * 0.15 * bw
            hy = (conn[1] + conn[3]) / 2 - 0.1 * bw
            d.rectangle([hx - 0.07 * bw, hy - 0.07 * bw, hx + 0.07 * bw, hy + 0.07 * bw], fill=(60, 60, 66))
        d.rounded_rectangle(body, radius=0.2 * bw, fill=(34, 62, 140), outline=(20, 36, 90))
        d.line([(bx - 0.25 * bw, by + 0.1 * bh), (bx - 0.25 * bw, by + 0.85 * bh)], fill=(90, 120, 200),
               width=max(1, round(0.06 * bw)))  # the plastic's gloss
        d.ellipse([bx - 0.12 * bw, by + bh - 0.2 * bw, bx + 0.12 * bw, by + bh - 0.0 * bw], fill=(240, 240, 236))
        d.arc([bx - 0.3 * bw, by + bh - 0.1 * bw, bx + 0.3 * bw, by + bh + 0.5 * bw], 0, 360, fill=(40, 40, 44),
              width=max(1, round(0.05 * bw)))  # the lanyard loop
        d.polygon(cap, fill=(30, 56, 130), outline=(18, 32, 84))
        d.line([cap[0], cap[1]], fill=(10, 16, 40), width=max(2, round(0.04 * ml)))  # its open end
        M = round(0.05 * big)
        bg = _wood(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (168, 132, 96))
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _grain(out, g, 1.8)
    if e == "screen_glow":  # a dark room: the page lit only by a screen's cold glow from below the frame
        out = _page_on(a, lambda H, W: _table(g, H, W, (84, 76, 70), 0.05, 3), rng, g, 0.09, 2.5, 0.3)
        H, W = out.shape[:2]
        t = np.arange(H, dtype=np.float32)[:, None] / H
        xx = np.arange(W, dtype=np.float32)[None, :] / W
        light = 0.62 + 0.42 * t ** 1.3 - 0.06 * np.abs(xx - 0.5)
        out = out * light[..., None] * np.array((0.86, 0.93, 1.08), np.float32)
        out += (np.clip(t - 0.85, 0, None) / 0.15)[..., None] * np.array((10, 14, 24), np.float32)
        return _grain(np.clip(out, 0, 255), g, 2.6)
    if e == "flour_counter":  # on a dark worktop dusted with flour, a rolling pin's track through the dust
        def counter(H, W):
            bg = _table(g, H, W, (70, 62, 58), 0.05, 3)
            dust = np.clip(0.42 + 0.28 * _smooth(g, H, W, 0.06 * big), 0, 0.85)
            dust *= 0.5 + 0.5 * g.random((H, W)).astype(np.float32)
            dust[g.random((H, W)) > 0.996] = 0.95
            yy = np.arange(H, dtype=np.float32)[:, None]
            ty, tw = H * rng.uniform(0.2, 0.8), 0.05 * big
            dust *= (1 - 0.85 * np.exp(-((yy - ty - 0.1 * np.arange(W)[None, :]) / tw) ** 8))
            return bg * (1 - 0.75 * dust[..., None]) + np.float32(236) * 0.75 * dust[..., None]
        out = _page_on(a, counter, rng, g, 0.11, 4.0, 0.35)
        return _grain(out, g, 1.8)
    if e == "rolling_shutter":  # a phone photo taken while moving: the rolling shutter's gentle sideways wobble
        out = _page_on(a, lambda H, W: _table(g, H, W, (150, 144, 136), 0.05, 3), rng, g, 0.08, 2.5, 0.3)
        H, W = out.shape[:2]
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        amp, per, ph = rng.uniform(0.003, 0.005) * W, rng.uniform(0.4, 0.7) * H, rng.uniform(0, 2 * math.pi)
        shear = rng.uniform(-0.012, 0.012)
        map_x = xx + amp * np.sin(2 * math.pi * yy / per + ph) + shear * (yy - H / 2)
        out = cv2.remap(np.ascontiguousarray(out, np.float32), map_x, yy, cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_REPLICATE)
        return _grain(out, g, 2.2)
    if e == "scanner_hair":  # a flatbed scan: the lid's white round the page, a stray hair and dust on the glass
        mr, mb = round(0.12 * w), round(0.1 * h)
        H, W = h + mb, w + mr
        out = np.empty((H, W, 3), np.float32)
        out[:] = (238, 238, 235)
        out *= (1 + 0.006 * _noise0(g, H, W, 2.0))[..., None]
        out[:h, :w] = a
        out[:h + 4, w:w + 4] *= np.linspace(0.82, 1.0, 4, dtype=np.float32)[None, :, None]  # the page's edge shadow
        out[h:h + 4, :w + 4] *= np.linspace(0.82, 1.0, 4, dtype=np.float32)[:, None, None]
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        x, y = w + 0.5 * mr, h * rng.uniform(0.3, 0.7)
        a0 = rng.uniform(0, 2 * math.pi)
        pts = []
        for k in range(60):  # a curly hair on the lid beside the page's edge, turning back where it would reach it
            a0 += 0.2 * math.sin(k / 5.0) + rng.gauss(0, 0.16)
            nx, ny = x + math.cos(a0) * 0.007 * big, y + math.sin(a0) * 0.007 * big
            if not w + 0.15 * mr < nx < W - 0.1 * mr:
                a0 = math.pi - a0
            if not 0.05 * h < ny < h + 0.6 * mb:
                a0 = -a0
            x, y = x + math.cos(a0) * 0.007 * big, y + math.sin(a0) * 0.007 * big
            x, y = min(max(x, w + 0.12 * mr), W - 0.08 * mr), min(max(y, 0.04 * h), h + 0.7 * mb)
            pts.append((x, y))
        d.line(pts, fill=(62, 48, 40), width=1)
        for _ in range(rng.randint(6, 10)):  # dust on the glass, off the page
            if rng.random() < 0.5:
                x, y = rng.uniform(w + 4, W - 2), rng.uniform(2, H - 2)
            else:
                x, y = rng.uniform(2, W - 2), rng.uniform(h + 4, H - 2)
            r = rng.uniform(0.5, 1.4)
            d.ellipse([x - r, y - r, x + r, y + r], fill=(90, 90, 92))
        return _grain(np.asarray(img, np.float32), g, 1.2)
    if e == "machine_panel":  # the aluminium plate bolted to a painted steel machine panel, its seams and rivets
        M = round(0.09 * big)
        H, W = h + 2 * M, w + 2 * M
        panel = _table(g, H, W, (104, 122, 110), 0.03, 2)
        panel *= (1 + 0.02 * _noise0(g, H, W, 0.8))[..., None]  # the paint's orange peel
        sx = int(W * rng.uniform(0.03, 0.06))
        panel[:, sx:sx + 2] *= 0.6
        panel[:, sx + 2:sx + 3] *= 1.2
        img = Image.fromarray(np.clip(panel, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        for x in np.arange(sx + 0.5 * M, W - 0.3 * M, 0.6 * M):  # a row of rivets along the panel's top seam
            for y in (0.3 * M, H - 0.3 * M):
                d.ellipse([x - 0.07 * M, y - 0.07 * M, x + 0.07 * M, y + 0.07 * M], fill=(120, 138, 126),
                          outline=(70, 84, 74))
                d.ellipse([x - 0.04 * M, y - 0.05 * M, x, y - 0.01 * M], fill=(170, 186, 176))
        panel = np.asarray(img, np.float32).copy()
        mask = Image.new("L", (w, h), 0)
        ImageDraw.Draw(mask).rounded_rectangle([0, 0, w - 1, h - 1], radius=L.get("corner_r", 0.0), fill=255)
        mk = _m(mask).astype(np.float32)
        sh = np.zeros((H, W), np.float32)
        sh[M + 5:M + h + 5, M + 6:M + w + 6] = mk
        panel *= (1 - 0.45 * cv2.GaussianBlur(sh, (0, 0), 5))[..., None]
        panel[M:M + h, M:M + w] = panel[M:M + h, M:M + w] * (1 - mk[..., None]) + a * mk[..., None]
        out = _grain(panel, g, 2.0)
        return _perspective(out, rng.uniform(0.02, 0.04), (90, 106, 96))
    if e == "seagrass_placemat":  # the platter on a braided seagrass placemat
        M = round(0.1 * big)
        H, W = h + 2 * M, w + 2 * M
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        q = 0.03 * big
        row, fv = np.floor(yy / q), (yy / q) % 1
        sgn = np.where(row % 2 == 0, 1.0, -1.0)
        twist = ((xx / q + sgn * fv * 1.2) / 0.7) % 1
        tone = (0.6 + 0.4 * np.sin(math.pi * twist)) * (0.7 + 0.3 * np.sin(math.pi * fv))
        mat = np.array((176, 156, 104), np.float32) * (tone * (1 + 0.06 * _noise0(g, H, W, 1.2)))[..., None]
        mat[(fv < 0.05) | (fv > 0.95)] *= 0.55
        mask = Image.new("L", (w, h), 0)
        ImageDraw.Draw(mask).rounded_rectangle([0, 0, w - 1, h - 1], radius=L.get("corner_r", 0.0), fill=255)
        mk = _m(mask).astype(np.float32)
        sh = np.zeros((H, W), np.float32)
        sh[M + 8:M + h + 8, M + 9:M + w + 9] = mk
        mat *= (1 - 0.5 * cv2.GaussianBlur(sh, (0, 0), 9))[..., None]
        mat[M:M + h, M:M + w] = mat[M:M + h, M:M + w] * (1 - mk[..., None]) + a * mk[..., None]
        out = _grain(mat, g, 2.0)
        return _perspective(out, rng.uniform(0.03, 0.05), (150, 134, 90))
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page35(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style35,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, mean cell width ``cw`` and height ``ch``, the column and row edges ``xs`` and
    ``ys``, and ``keep``, the box round the clues and the grid; ``_box25`` gives a cell's box)."""
    rng = random.Random(f"h35:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = _change35(truth, style.clue_change, rng) if plan["clue"] else None
    row_vals, col_vals = _line_values(truth, change)
    if style.redraw:
        img, L = _redraw_whole35(layout, style, row_vals, col_vals, rng, (inp.shape[1], inp.shape[0]))
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
                _draw_fill35(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill35(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline35(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross35(img, box, style, rng)
            elif not ((r, c) in filled and style.missing_bare):
                _draw_empty35(img, box, style.empty, rng)
    if style.redraw:
        _draw_redraw_grid35(img, L, style.redraw, rng)
    else:
        _draw_grid35(img, L, rng, style.grid, inp)
    return np.asarray(img), rng, L


def make_answer35(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style35,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page35(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page35(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
