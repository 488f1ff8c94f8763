"""HELDOUT36, measured blind on commits 36367f1 (rubric 73, the forty-third session's start) and on rubric 74 (its end),
never looked at: **409 -> 414/432** right (94.7 -> 95.8 %), 5 gained and none lost, **0 false passes**, 0 unreadable,
0 confident false fails on both; error-free right 54 -> 59 of 72 (seed 5, ``tools/measure_nonogram_family.py
nonogram_heldout36:HELDOUT36 --seed 5``). By planted error on rubric 74: none 59/72, extra_light 72, extra_outline 72,
x_instead 72, missing 70, clue_changed 69 (of 72 each). Held out: measured as counts only, its answers never looked at.

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved nonogram:
clue fonts from Debian packages no earlier nonogram family, test, install list or digit-reader training names
(fonts-noto-ui-core, fonts-nanum-eco, fonts-sambhota-yigchung, fonts-lohit-deva-marathi, fonts-sil-gentium-basic,
fonts-ddc-uchen, fonts-cwtex-ming, fonts-lohit-telu, fonts-ipaexfont-mincho, fonts-mona, fonts-umeplus-cl): a bold
humanist sans (the Latin of Noto Sans Devanagari UI Bold), a heavy grotesque perforated with small holes (Nanum Gothic
Eco ExtraBold), a light italic book serif (the Latin of Sambhota Yigchung, drawn with a one-pixel heavier pen), a plain
geometric sans (Lohit Marathi), a bold book serif (Gentium Book Basic Bold), a Computer-Modern-like serif set wide (the
Latin of DDC Uchen), a light Computer-Modern-like serif (the Latin of cwTeX Ming, drawn with a one-pixel heavier pen), a
light sans (Lohit Telugu, drawn with a one-pixel heavier pen), a light Times-like serif (the Latin of IPAex Mincho,
drawn with a one-pixel heavier pen), a narrow Japanese-gothic sans (Mona, screen-printed in black on the canvas tote)
and a round Japanese-gothic sans (UmePlus CL P Gothic, spray-painted through stencils on the crate's end); one style
keeps the input's clues (its changed clue is that line's numbers erased and typed again in another face, Noto Sans
Telugu UI Regular from fonts-noto-ui-core, a regular humanist sans). Fills no earlier family uses (heaped glossy black
olives, spent coffee grounds, a tangle of cassette tape, polished ebony veneer, a black speaker grille, playground
rubber crumb with coloured flecks, shredded bark mulch, heaped black garlic cloves, overlapping dark rose petals,
pillow-shaped charcoal briquettes, flat screen-printing ink on the canvas, sprayed paint on the plywood); empty-cell
marks drawn in new ways (a grain of rice lying in the cell, a glass pin head pressed into the paper, a red lentil, a
small sprayed dot on the plywood); the planted errors drawn in new ways (pale kites, owls, bells or pears, each over a
light tint; a frame of sandbags laid round the cell, of plumbing pipe with elbow fittings at the corners, of a clipped
leafy hedge, of wooden crates with their braces; an X of two crossed baguettes, of two candles, of two skis, of two
drumsticks; all in the fill's colour, darkened where the fill is a light one); a changed clue that takes the numbers of
the crossing line with the same index (row i written with column i's numbers: ``transpose_copy``, new here), has one
number split in two, is written in reverse, has its ends swapped, loses a number, is copied from its neighbour line,
has its numbers rotated by one place, has its numbers written in ascending order, or (on the page that keeps the
input's clues) has one number one more or less; a missing fill left bare on a page whose other empty cells carry
marks; grids drawn in new ways (pen lines under block lines of glossy black liquorice laces; pen lines under block lines
of black lacquered chopsticks laid end to end, a gold band at each thick end; pen lines under block lines of closed
zips, their teeth meeting down the middle and a slider at one end; pen lines under block lines of black pencils laid
end to end, sharpened at one end, a ferrule and an eraser at the other); two styles that redraw the whole puzzle in a
new medium (a natural canvas tote bag, its handles stitched on above, the clues, the grid and the fills screen-printed
in black; the plywood end of a wooden crate framed by battens nailed at the corners, the clues, the grid and the fills
spray-painted black through stencils, small sprayed dots in the empty cells); and page changes no earlier family uses
(the page on rippled beach sand; on autumn leaf litter; on an oak herringbone parquet floor; a pair of folded
sunglasses on the widened right margin; a chocolate-chip cookie on the widened bottom margin; a grey feather on the
widened left margin; low golden-hour sun from one side; a phone's night mode, noise smoothed into smears; sunlight
through a lace curtain; on hessian sacking; the tote on painted floorboards; the crate on gravel).

Clues written anew on the input's page are sized by their digits' height and fitted to its clue strips (as in HELDOUT25
to HELDOUT35); the redrawn puzzles space their clues by the digits' height.

Doubts noted rather than made unfair: Sambhota Yigchung, cwTeX Ming, Lohit Telugu and IPAex Mincho are light faces
(drawn with a one-pixel heavier pen), Sambhota Yigchung an italic; Nanum Gothic Eco ExtraBold's strokes are perforated
by small round holes (its regular weight, from an older package, is a printed face the digit reader trains on; this
extra-bold weight is not), so its digits look a little grey; DDC Uchen sets its figures wide (its numbers set closer
together); the golden-hour light warms the page and dims it towards one side (the clues there stay plainly darker than
the paper); the night mode smooths the photo's noise into soft smears and lifts its shadows; the lace curtain lays a
soft pattern of light and shade across the page (never darker than a slight shade); the sand, the leaves, the parquet,
the hessian, the floorboards and the gravel lie round the page, never on it; the sunglasses, the cookie and the feather
lie on widened margins, and none carries a digit; the liquorice-lace, chopstick, zip and pencil block lines are broader
and less even than a ruled line (the zips' teeth steel-grey, the chopsticks' bands gold, the pencils' sharpened ends
pale wood); the olive, coffee-ground, cassette-tape, ebony, grille, rubber-crumb, mulch, garlic, rose-petal, briquette,
screen-ink and sprayed fills have some paler features (glints, specks, twists catching the light, a polish, hole rims,
coloured flecks, fibres, papery skin, petal rims, seams, the canvas's weave, overspray) over a dark ground, and a person
sees a filled cell at once; the rice grain is a small cream oval, the pin head a small coloured bead, the lentil a
small orange disc; the planted pale marks are a light tint with darker-than-tint shapes over it, plainly darker than
the paper; the transposed clue is a real line's clue put on the wrong line; the retyped clue line on the page that
keeps the input's clues is in a different face from its neighbours; the style names begin ``s_`` as HELDOUT28's to
HELDOUT35's do (the names themselves differ from every earlier one).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer36` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout36:HELDOUT36`` measures them like the earlier families.
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
    _px_for,
    _redraw_clues25,
    _seeds,
    _stroke_coords,
)
from nonogram_heldout29 import _free_x
from nonogram_heldout30 import _rotated, _shadow
from nonogram_heldout32 import _draw_grid32, _grain, _hex_pts, _nearest, _smooth, _table, _wood
from nonogram_heldout33 import _major_segments, _page_on, _pen_minors, _staggered
from nonogram_heldout34 import _c, _seg_pts
from nonogram_heldout35 import _change35, _ink
from PIL import Image, ImageDraw

WHITE = (255, 255, 255)


@dataclass(frozen=True)
class Style36(Style):
    """A HELDOUT36 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``screenprint_tote``, ``stencilled_crate``; empty keeps the
    input's frame), ``clue_change`` how a planted clue_changed answer alters its line (as in HELDOUT35, or
    ``transpose_copy``: its numbers replaced by those of the crossing line with the same index) and ``missing_bare``
    whether a missing fill is left bare rather than marked like the other empty cells. ``make_answer`` calls
    :meth:`draw_answer`."""

    redraw: str = ""
    clue_change: str = "extra"
    missing_bare: bool = False

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer36(input_image, layout, truth, self, error, seed)


HELDOUT36 = (
    Style36("s_notouibold_blackolives_beachsand", "black_olives", (30, 32, 26), "none",
            "NotoSansDevanagariUI-Bold.ttf", ("beach_sand", "jpeg"), clue_scale=(1.0, 1.08),
            grid="licorice_lace_majors", light_mark="light_kites", outline_mark="outline_sandbags",
            cross_mark="heavy_x_baguettes", clue_change="transpose_copy"),
    Style36("s_nanumeco_coffeegrounds_leaflitter", "coffee_grounds", (52, 38, 30), "rice_grain",
            "NanumGothicEcoExtraBold.ttf", ("leaf_litter", "jpeg"), clue_scale=(1.04, 1.12), grid="chopstick_majors",
            light_mark="light_owls", outline_mark="outline_plumbing", cross_mark="heavy_x_candles", clue_change="split",
            missing_bare=True),
    Style36("s_sambhota_cassettetape_herringbone", "cassette_tape", (44, 32, 28), "none",
            "TibetanSambhotaYigchung.ttf", ("herringbone_floor", "jpeg"), clue_scale=(1.06, 1.14), clue_stroke=1,
            grid="zipper_majors", light_mark="light_bells", outline_mark="outline_hedge", cross_mark="heavy_x_skis",
            clue_change="reversed"),
    Style36("s_lohitmarathi_ebony_sunglasses", "ebony_veneer", (38, 28, 24), "pin_head", "Lohit-Marathi.ttf",
            ("sunglasses_margin", "jpeg"), clue_scale=(1.0, 1.08), grid="pencil_majors", light_mark="light_pears",
            outline_mark="outline_crates", cross_mark="heavy_x_drumsticks", clue_change="transpose_copy",
            missing_bare=True),
    Style36("s_gentiumbook_speakergrille_cookie", "speaker_grille", (40, 42, 46), "none", "GenBkBasB.ttf",
            ("cookie_margin", "jpeg"), clue_scale=(1.0, 1.08), grid="licorice_lace_majors", light_mark="light_owls",
            outline_mark="outline_crates", cross_mark="heavy_x_baguettes", clue_change="ends_swapped"),
    Style36("s_ddcuchen_rubbercrumb_feather", "rubber_crumb", (36, 36, 38), "lentil", "DDC_Uchen.ttf",
            ("feather_margin", "jpeg"), clue_scale=(1.0, 1.08), clue_gap=(0.35, 0.5), grid="chopstick_majors",
            light_mark="light_kites", outline_mark="outline_hedge", cross_mark="heavy_x_drumsticks",
            clue_change="drop", missing_bare=True),
    Style36("s_cwming_barkmulch_goldenhour", "bark_mulch", (54, 38, 28), "none", "cwming.ttf",
            ("golden_hour", "jpeg"), clue_scale=(1.04, 1.12), clue_stroke=1, grid="zipper_majors",
            light_mark="light_pears", outline_mark="outline_sandbags", cross_mark="heavy_x_candles",
            clue_change="copy_neighbour"),
    Style36("s_lohittelugu_blackgarlic_nightmode", "black_garlic", (32, 28, 26), "rice_grain", "Lohit-Telugu.ttf",
            ("night_mode_smear", "jpeg"), clue_scale=(1.02, 1.1), clue_stroke=1, grid="pencil_majors",
            light_mark="light_bells", outline_mark="outline_plumbing", cross_mark="heavy_x_skis",
            clue_change="transpose_copy", missing_bare=True),
    Style36("s_ipaexmincho_rosepetals_lacecurtain", "rose_petals", (86, 20, 34), "none", "ipaexm.ttf",
            ("lace_curtain_light", "jpeg"), clue_scale=(1.04, 1.12), clue_stroke=1, grid="licorice_lace_majors",
            light_mark="light_kites", outline_mark="outline_plumbing", cross_mark="heavy_x_drumsticks",
            clue_change="rotated"),
    Style36("s_keptclues_briquettes_hessiansack", "charcoal_briquettes", (38, 38, 40), "pin_head", None,
            ("hessian_sack", "jpeg"), grid="kept", light_mark="light_owls", outline_mark="outline_sandbags",
            cross_mark="heavy_x_skis", clue_change="retyped_line", missing_bare=True),
    Style36("s_mona_screenink_redrawtote", "screen_ink", (26, 26, 30), "none", "mona.ttf",
            ("painted_floorboards", "jpeg"), clue_colour=(24, 24, 28), clue_scale=(1.0, 1.08),
            light_mark="light_bells", outline_mark="outline_hedge", cross_mark="heavy_x_candles", clue_change="sorted",
            redraw="screenprint_tote"),
    Style36("s_umeplusclp_spraypaint_redrawcrate", "spray_stencil", (28, 28, 32), "sprayed_dot",
            "umeplus-clp-gothic.ttf", ("gravel_ground", "jpeg"), clue_colour=(26, 26, 30), clue_scale=(1.0, 1.08),
            light_mark="light_pears", outline_mark="outline_crates", cross_mark="heavy_x_baguettes",
            clue_change="transpose_copy", missing_bare=True, redraw="stencilled_crate"),
)

CHANGE_FONT = "NotoSansTeluguUI-Regular.ttf"  # the retyped line of a changed clue on the page that keeps the input's clues


# ------------------------------------------------------------------------------------------ clue changes


def _change36(truth: dict[str, Any], mode: str, rng: random.Random) -> tuple[str, int, list[str]]:
    """A changed clue as :func:`_change35` makes it, or (``transpose_copy``) a line whose numbers are replaced by those
    of the crossing line with the same index (row i takes column i's numbers, column i row i's), one whose crossing
    line differs and whose numbers fit it; where every such pair matches (a puzzle symmetric about its diagonal), the
    line's mirror line's numbers are copied instead (``mirror_copy``)."""
    if mode == "transpose_copy":
        rows, cols = _values(truth["row_clues"]), _values(truth["col_clues"])
        n_row, n_col = len(truth["solution"][0]), len(truth["solution"])  # a row's length, a column's length
        cand = []
        for i in range(min(len(rows), len(cols))):
            if rows[i] == cols[i]:
                continue
            for kind, new, room in (("row", cols[i], n_row), ("col", rows[i], n_col)):
                if sum(int(t) for t in new) + len(new) - 1 <= room:
                    cand.append((kind, i, list(new)))
        if cand:
            return rng.choice(cand)
        mode = "mirror_copy"
    return _change35(truth, mode, rng)


# ------------------------------------------------------------------------------------------ fills


def _tex36(kind: str, w: int, h: int, colour, g: np.random.Generator, rng: random.Random) -> np.ndarray:
    """A filled cell's picture (h, w, 3 float) in ``kind``."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    across = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy])
    if kind == "black_olives":  # heaped whole black olives: glossy ovals, a soft highlight, the stem's dimple
        img = Image.new("RGB", (w, h), _c(col * 0.3))
        d = ImageDraw.Draw(img)
        oval = [(0.5 * math.cos(t), 0.36 * math.sin(t)) for t in np.linspace(0, 2 * math.pi, 24, endpoint=False)]
        ln0 = 0.5 * s
        for _ in range(int(w * h / (ln0 * ln0 * 0.5)) + 4):
            cx, cy, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, 2 * math.pi)
            ln = ln0 * rng.uniform(0.85, 1.1)
            d.polygon(_rotated(oval, cx, cy, a, ln), fill=_c(col * rng.uniform(0.9, 1.2)), outline=_c(col * 0.3))
            d.polygon(_rotated([(-0.25, -0.2), (0.05, -0.25), (0.18, -0.18), (-0.1, -0.13)], cx, cy, a, ln),
                      fill=_c(_lift(col, 0.5)))  # the gloss
            ex, ey = _rotated([(0.4, 0.0)], cx, cy, a, ln)[0]
            r = 0.05 * ln
            d.ellipse([ex - r, ey - r, ex + r, ey + r], fill=_c(col * 0.5))  # the stem's dimple
        tex = np.asarray(img, np.float32).copy()
    elif kind == "coffee_grounds":  # spent coffee grounds: a fine dark crumb, paler specks, a few larger flecks
        n1, n2 = _noise0(g, h, w, 0.6), _noise0(g, h, w, max(1.0, s / 8))
        tex = col * (0.85 + 0.14 * n1 + 0.1 * n2)[..., None]
        fine = g.random((h, w))
        tex[fine > 0.965] = _lift(col, 0.28)
        tex[fine < 0.05] = col * 0.5
        img = Image.fromarray(_clip8(tex))
        d = ImageDraw.Draw(img)
        for _ in range(int(4 + s / 5)):
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            r = rng.uniform(0.6, 1.4)
            d.polygon([(x - r, y), (x, y - r * 0.8), (x + r, y + 0.2), (x, y + r)], fill=_c(col * 1.45))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "cassette_tape":  # a tangle of cassette tape: brown-black ribbons, their twists catching the light
        img = Image.new("RGB", (w, h), _c(col * 0.35))
        d = ImageDraw.Draw(img)
        tw = max(2, round(0.11 * s))
        for _ in range(int(5 + 7 * w * h / (s * s))):
            x, y, a = rng.uniform(-0.2, 1.2) * w, rng.uniform(-0.2, 1.2) * h, rng.uniform(0, 2 * math.pi)
            bend, pts = rng.uniform(-0.35, 0.35), [(x, y)]
            for _ in range(10):
                a += bend + rng.uniform(-0.25, 0.25)
                x, y = x + math.cos(a) * 0.14 * s, y + math.sin(a) * 0.14 * s
                pts.append((x, y))
            tone = rng.uniform(0.9, 1.35)
            d.line(pts, fill=_c(col * tone), width=tw, joint="curve")
            for k in range(1, len(pts) - 1, 3):  # a twist: the ribbon turned edge-on, a glint along it
                (ax_, ay_), (bx_, by_) = pts[k], pts[k + 1]
                d.line([(ax_, ay_), ((ax_ + bx_) / 2, (ay_ + by_) / 2)], fill=_c(_lift(col, 0.32)), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "ebony_veneer":  # polished ebony veneer: fine straight near-black grain, pores, a polish's sheen
        ang = rng.uniform(-0.2, 0.2)
        u = xx * math.sin(ang) + yy * math.cos(ang)
        wave = _noise0(g, h, w, max(1.0, s / 4))
        grain = np.sin(u / max(0.9, s / 28) + 2.5 * wave)
        tex = col * (0.9 + 0.12 * grain)[..., None]
        streak = np.abs(np.sin(u / max(2.0, s / 6) + 1.5 * wave)) < 0.08
        tex[streak] = col * 0.6
        pores = (g.random((h, w)) > 0.985)
        tex[pores] = col * 0.45
        sheen = np.exp(-(((xx - yy) - rng.uniform(-0.2, 0.2) * s) / (0.18 * s)) ** 2)
        tex += (np.float32(210) - tex) * (0.22 * sheen)[..., None]
    elif kind == "speaker_grille":  # a black speaker grille: perforated steel, dark holes with lit lower rims
        p = max(4.0, s / 6.5)
        pts = _hex_pts(w, h, p, rng, 0.0)
        idx, dn = _nearest(xx, yy, pts)
        P = np.array(pts, np.float32)
        hole = dn < 0.3 * p
        rim = (dn >= 0.3 * p) & (dn < 0.4 * p) & ((yy - P[idx, 1]) > 0)
        tex = col * (1 + 0.05 * _noise0(g, h, w, 0.8))[..., None]
        tex[rim] = _lift(col, 0.22)
        tex[hole] = col * 0.3
        sheen = np.exp(-(((xx + yy) - 0.7 * (w + h)) / (0.15 * (w + h))) ** 2)
        tex += (np.float32(150) - tex) * (0.18 * sheen * ~hole)[..., None]
    elif kind == "rubber_crumb":  # playground rubber crumb: black granules with a few coloured EPDM flecks
        r0 = max(2.0, s / 9)
        pts = _seeds(rng, int(w * h / (r0 * r0 * 2.2)) + 4, w, h, 0.1, 0.9 * r0)
        idx, dn = _nearest(xx, yy, pts)
        tones = np.array([rng.uniform(0.75, 1.35) for _ in pts], np.float32)
        tex = col * tones[idx][..., None]
        flecks = ((200, 60, 50), (70, 140, 70), (70, 110, 190))
        for k in range(len(pts)):
            if rng.random() < 0.07:
                tex[idx == k] = np.asarray(rng.choice(flecks), np.float32) * 0.75
        tex[dn > 0.95 * r0] = col * 0.35  # the gaps between the granules
        tex *= (1 + 0.08 * _noise0(g, h, w, 0.6))[..., None]
    elif kind == "bark_mulch":  # shredded bark mulch: long fibrous dark shards heaped at all angles
        img = Image.new("RGB", (w, h), _c(col * 0.3))
        d = ImageDraw.Draw(img)
        for _ in range(int(w * h / (s * s) * 16) + 6):
            cx, cy, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, math.pi)
            ln, wd = rng.uniform(0.3, 0.6) * s, rng.uniform(0.06, 0.12) * s
            shard = [(-0.5, -0.3), (-0.2, -0.5), (0.5, -0.35), (0.45, 0.4), (-0.1, 0.5), (-0.5, 0.25)]
            poly = [(cx + u * ln * math.cos(a) - v * wd * math.sin(a), cy + u * ln * math.sin(a) + v * wd * math.cos(a))
                    for u, v in shard]
            tone = rng.uniform(0.8, 1.4)
            d.polygon(poly, fill=_c(col * tone), outline=_c(col * 0.4))
            for f in (-0.2, 0.15):  # the fibres along it
                d.line([(cx - 0.4 * ln * math.cos(a) - f * wd * math.sin(a), cy - 0.4 * ln * math.sin(a)
                         + f * wd * math.cos(a)),
                        (cx + 0.4 * ln * math.cos(a) - f * wd * math.sin(a), cy + 0.4 * ln * math.sin(a)
                         + f * wd * math.cos(a))], fill=_c(_lift(col * tone, 0.15)), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "black_garlic":  # heaped black garlic cloves: soft glossy wedges, the papery tan skin at their backs
        img = Image.new("RGB", (w, h), _c(col * 0.4))
        d = ImageDraw.Draw(img)
        clove = [(0.5 * math.cos(t), 0.32 * math.sin(t) * (1 + 0.4 * math.cos(t))) for t in
                 np.linspace(0, 2 * math.pi, 22, endpoint=False)]
        back = [(0.5 * math.cos(t), 0.32 * math.sin(t) * (1 + 0.4 * math.cos(t))) for t in
                np.linspace(0.2 * math.pi, 0.8 * math.pi, 8)]
        ln0 = 0.5 * s
        for _ in range(int(w * h / (ln0 * ln0 * 0.55)) + 4):
            cx, cy, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, 2 * math.pi)
            ln = ln0 * rng.uniform(0.8, 1.1)
            d.polygon(_rotated(clove, cx, cy, a, ln), fill=_c(col * rng.uniform(0.85, 1.25)), outline=_c(col * 0.3))
            d.line(_rotated(back, cx, cy, a, ln), fill=(150, 124, 92), width=1)  # a shred of skin
            gx_, gy_ = _rotated([(-0.05, -0.08)], cx, cy, a, ln)[0]
            r = 0.05 * ln
            d.ellipse([gx_ - r, gy_ - r, gx_ + r, gy_ + r], fill=_c(_lift(col, 0.4)))  # the sticky gloss
        tex = np.asarray(img, np.float32).copy()
    elif kind == "rose_petals":  # overlapping dark rose petals: crimson velvet, fine veins, a paler rim
        img = Image.new("RGB", (w, h), _c(col * 0.45))
        d = ImageDraw.Draw(img)
        petal = [(0.5 * math.sin(t) * (1 - 0.12 * math.cos(2 * t)), -0.45 * math.cos(t) - 0.06 * math.cos(2 * t))
                 for t in np.linspace(0, 2 * math.pi, 26, endpoint=False)]
        for _ in range(int(w * h / (s * s) * 9) + 4):
            cx, cy, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, 2 * math.pi)
            sz = rng.uniform(0.5, 0.75) * s
            tone = rng.uniform(0.85, 1.25)
            d.polygon(_rotated(petal, cx, cy, a, sz), fill=_c(col * tone), outline=_c(_lift(col * tone, 0.18)))
            for b in (-0.25, 0.0, 0.25):  # veins from the petal's base
                d.line(_rotated([(0.0, 0.45), (b * 0.6, 0.0), (b, -0.3)], cx, cy, a, sz), fill=_c(col * tone * 0.72),
                       width=1)
        tex = np.asarray(img, np.float32).copy()
        tex *= (1 + 0.05 * _noise0(g, h, w, 0.7))[..., None]
    elif kind == "charcoal_briquettes":  # pillow-shaped charcoal briquettes in rows: a seam round each, pores
        p = max(6.0, s / 2.2)
        ox = rng.uniform(0, p)
        row = np.floor(yy / (0.8 * p))
        fy = (yy / (0.8 * p)) % 1
        fx = ((xx + ox + (row % 2) * p / 2) / p) % 1
        dome = np.sin(math.pi * fx) * np.sin(math.pi * fy)
        tex = col * (0.7 + 0.55 * dome * np.clip(1.2 - 0.6 * (fx + fy), 0.4, 1.2))[..., None]
        seam = np.abs(fy - 0.5) < 0.05
        tex[seam & (dome > 0.2)] = _lift(col, 0.16)
        tex[g.random((h, w)) > 0.97] = col * 0.5
        tex[(np.minimum(fx, 1 - fx) < 0.06) | (np.minimum(fy, 1 - fy) < 0.06)] = col * 0.3
    elif kind == "screen_ink":  # flat screen-printing ink on canvas: the weave showing through, broken edges
        weave = 0.5 + 0.25 * (np.sin(xx * 1.6) + np.sin(yy * 1.6))
        tex = col * (0.92 + 0.18 * weave)[..., None]
        edge = across < max(1.5, 0.05 * s)
        tex[edge & (g.random((h, w)) < 0.35)] = (226, 216, 190)  # the canvas where the ink broke at the edge
    elif kind == "spray_stencil":  # paint sprayed through a square stencil: dense speckle, thinning at the edge
        dens = np.clip(across / max(1.5, 0.12 * s), 0, 1)
        sp = g.random((h, w))
        tex = col * (1 + 0.12 * _noise0(g, h, w, 0.6))[..., None]
        wood = (214, 190, 150)
        thin = sp > 0.55 + 0.45 * dens
        tex[thin] = wood
        tex[(sp < 0.02)] = col * 0.6
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255)


def _clip8(a: np.ndarray) -> np.ndarray:
    return np.clip(a, 0, 255).astype(np.uint8)


def _draw_fill36(img: Image.Image, box, style: Style36, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07)
    w, h = bx - ax, by - ay
    if not light:
        tex = _tex36(style.fill, w, h, style.fill_colour, g, rng)
        _paste(img, tex, ax, ay, None)
        return
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = _ink(style)
    s = float(min(w, h))
    lay, ld = _layer(w, h)
    p = max(7.0, s / 2.8)
    lw = max(1, round(p / 11))
    if light == "light_kites":  # kites: a diamond with its cross spars, a tail with two bows
        for x, y in _staggered(w, h, p):
            r = p * 0.22
            ld.polygon([(x, y - 1.3 * r), (x + 0.85 * r, y - 0.35 * r), (x, y + 0.9 * r), (x - 0.85 * r, y - 0.35 * r)],
                       fill=255)
            ld.line([(x, y - 1.3 * r), (x, y + 0.9 * r)], fill=0, width=1)
            ld.line([(x - 0.85 * r, y - 0.35 * r), (x + 0.85 * r, y - 0.35 * r)], fill=0, width=1)
            ld.line([(x, y + 0.9 * r), (x + 0.3 * r, y + 1.3 * r), (x - 0.1 * r, y + 1.7 * r)], fill=255, width=lw)
            for bx_, by_ in ((x + 0.3 * r, y + 1.3 * r), (x - 0.1 * r, y + 1.7 * r)):
                ld.polygon([(bx_ - 0.25 * r, by_ - 0.15 * r), (bx_ + 0.25 * r, by_ + 0.15 * r),
                            (bx_ + 0.25 * r, by_ - 0.15 * r), (bx_ - 0.25 * r, by_ + 0.15 * r)], fill=255)
    elif light == "light_owls":  # owls: a round body, two large eyes, a beak and ear tufts
        for x, y in _staggered(w, h, p):
            r = p * 0.26
            ld.ellipse([x - 0.8 * r, y - 0.9 * r, x + 0.8 * r, y + 1.0 * r], fill=255)
            ld.polygon([(x - 0.75 * r, y - 0.55 * r), (x - 0.6 * r, y - 1.25 * r), (x - 0.25 * r, y - 0.8 * r)],
                       fill=255)
            ld.polygon([(x + 0.75 * r, y - 0.55 * r), (x + 0.6 * r, y - 1.25 * r), (x + 0.25 * r, y - 0.8 * r)],
                       fill=255)
            for ex in (-0.33, 0.33):
                ld.ellipse([x + (ex - 0.27) * r, y - 0.62 * r, x + (ex + 0.27) * r, y - 0.08 * r], fill=0)
                ld.ellipse([x + (ex - 0.1) * r, y - 0.45 * r, x + (ex + 0.1) * r, y - 0.25 * r], fill=255)
            ld.polygon([(x - 0.1 * r, y - 0.05 * r), (x + 0.1 * r, y - 0.05 * r), (x, y + 0.2 * r)], fill=0)
    elif light == "light_bells":  # bells: a flared bell, its lip, the clapper below and a loop on top
        for x, y in _staggered(w, h, p):
            r = p * 0.24
            ld.polygon([(x - 0.35 * r, y - 0.9 * r), (x + 0.35 * r, y - 0.9 * r), (x + 0.55 * r, y - 0.1 * r),
                        (x + 0.95 * r, y + 0.6 * r), (x - 0.95 * r, y + 0.6 * r), (x - 0.55 * r, y - 0.1 * r)],
                       fill=255)
            ld.pieslice([x - 0.36 * r, y - 1.3 * r, x + 0.36 * r, y - 0.6 * r], 180, 360, fill=255)
            ld.line([(x - 0.95 * r, y + 0.45 * r), (x + 0.95 * r, y + 0.45 * r)], fill=0, width=1)
            ld.ellipse([x - 0.2 * r, y + 0.65 * r, x + 0.2 * r, y + 1.05 * r], fill=255)
    elif light == "light_pears":  # pears: a narrow top on a round bottom, a stem and a leaf
        for x, y in _staggered(w, h, p):
            r = p * 0.16
            ld.ellipse([x - 1.1 * r, y - 0.2 * r, x + 1.1 * r, y + 1.9 * r], fill=255)
            ld.ellipse([x - 0.65 * r, y - 1.1 * r, x + 0.65 * r, y + 0.5 * r], fill=255)
            ld.line([(x, y - 1.0 * r), (x + 0.2 * r, y - 1.7 * r)], fill=255, width=lw)
            ld.polygon(_rotated([(0, 0), (0.5, -0.25), (1.0, 0), (0.5, 0.25)], x + 0.15 * r, y - 1.5 * r, -0.5,
                                1.3 * r), fill=255)
    else:
        raise ValueError(light)
    alpha = 0.2 + 0.34 * _m(lay)
    _paste_rgba(img, tex, cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.5), ax, ay)


def _draw_outline36(img: Image.Image, box, style: Style36, rng: random.Random) -> None:
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
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    corner = ((xx < f) | (xx > w - 1 - f)) & ((yy < f) | (yy > h - 1 - f))
    if kind == "outline_sandbags":  # sandbags laid end to end round the cell: plump, tied at the ends, a seam
        pt = max(5.0, f * 1.7)
        u = (along % pt) / pt
        dome = np.sin(math.pi * np.clip(u, 0, 1)) * np.sin(math.pi * np.clip(v, 0, 1))
        bag = band & (np.abs(u - 0.5) < 0.47)
        tex = col * (0.8 + 0.4 * dome)[..., None]
        tex[bag & (np.abs(v - 0.22) < 0.05) & (((along / max(2.0, 0.2 * f)) % 1) < 0.5)] = _lift(col, 0.28)
        tex[band & (np.abs(u - 0.5) >= 0.4)] = col * 0.7  # the tied ends
        m = (bag | (band & corner)).astype(np.float32)
    elif kind == "outline_plumbing":  # plumbing pipe round the cell: a round pipe, couplings, elbows at the corners
        pipe = band & (v > 0.12) & (v < 0.88)
        tex = col * (0.75 + 0.5 * np.sin(math.pi * np.clip((v - 0.12) / 0.76, 0, 1)))[..., None]
        tex[pipe & (np.abs(v - 0.35) < 0.06)] = _lift(col, 0.3)  # the pipe's highlight
        pt = max(6.0, f * 3.2)
        coup = band & ((along % pt) < 0.3 * f)
        tex[coup] = col * 1.05
        tex[coup & (((along % pt) < 0.06 * f) | ((along % pt) > 0.24 * f))] = col * 0.7
        elbow = band & corner
        tex[elbow] = col * 0.95
        for cx, cy in ((f / 2, f / 2), (w - 1 - f / 2, f / 2), (f / 2, h - 1 - f / 2), (w - 1 - f / 2, h - 1 - f / 2)):
            tex[np.hypot(xx - cx, yy - cy) < 0.16 * f] = _lift(col, 0.35)  # the elbow's bolt
        m = (pipe | coup | elbow).astype(np.float32)
    elif kind == "outline_hedge":  # a clipped leafy hedge round the cell: small leaves, a level top
        n1 = _noise0(_nrng(rng), h, w, max(0.7, f / 5))
        lay, ld = _layer(w, h)
        leaf = [(0, 0), (0.5, -0.3), (1.0, 0), (0.5, 0.3)]
        for _ in range(int(2.0 * (w + h) * f / max(4.0, (0.25 * f) ** 2)) + 10):
            t = rng.uniform(0, 2 * (w + h))
            dep = rng.uniform(0.05, 0.95) * f
            if t < w:
                x, y = t, dep
            elif t < w + h:
                x, y = w - 1 - dep, t - w
            elif t < 2 * w + h:
                x, y = 2 * w + h - t, h - 1 - dep
            else:
                x, y = dep, 2 * (w + h) - t
            ld.polygon(_rotated(leaf, x, y, rng.uniform(0, 2 * math.pi), 0.35 * f), fill=rng.randint(150, 255))
        lv = _m(lay)
        tex = col * (0.8 + 0.35 * lv + 0.08 * n1)[..., None]
        hedge = band & (v < 0.94 + 0.05 * n1)
        tex[hedge & (lv > 0.9)] = _lift(col, 0.15)
        m = hedge.astype(np.float32)
    elif kind == "outline_crates":  # wooden crates end to end round the cell: plank edges, a brace, nails
        pt = max(5.0, f * 1.4)
        u = (along % pt) / pt
        tex = col * (0.95 + 0.08 * np.sin(along / max(1.0, 0.12 * f)))[..., None]
        rim = band & ((u < 0.1) | (u > 0.9) | (v < 0.12) | (v > 0.88))
        tex[rim] = col * 0.7
        brace = band & (np.abs(u - v) < 0.12)
        tex[brace] = _lift(col, 0.12)
        for uu, vv in ((0.06, 0.08), (0.94, 0.92)):
            tex[band & (np.abs(u - uu) < 0.04) & (np.abs(v - vv) < 0.06)] = _lift(col, 0.45)  # the nails
        m = band.astype(np.float32)
    else:
        raise ValueError(kind)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross36(img: Image.Image, box, style: Style36, rng: random.Random) -> None:
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
        if kind == "heavy_x_baguettes":  # two baguettes crossed: a long loaf tapering to both ends, slashed crust
            prof = wid * 0.4 * np.sqrt(np.clip(1 - (2 * t - 1) ** 2, 0, 1)) ** 0.6
            part = (np.abs(n) < prof) & (t > -0.02) & (t < 1.02)
            tex[part] = col * (1.0 + 0.25 * np.clip(-n / (wid * 0.4), -1, 1))[part][..., None]
            cut = part & ((((t * ln) + 0.9 * n) / max(3.0, wid * 0.95)) % 1 < 0.2) & (np.abs(n) < prof * 0.6)
            tex[cut] = _lift(col, 0.3)  # the scored slashes
        elif kind == "heavy_x_candles":  # two candles crossed: a round body with drips, the wick and its flame
            body = (np.abs(n) < wid * 0.26) & (t > 0.2) & (t < 1.0)
            drip = (np.abs(n - wid * 0.2) < wid * 0.1) & (t > 0.2) & (t < 0.34)
            flame_r = wid * 0.2 * np.sqrt(np.clip(np.sin(math.pi * np.clip(t / 0.16, 0, 1)), 0, 1))
            flame = (np.abs(n) < flame_r) & (t > 0.0) & (t < 0.16)
            wick = (np.abs(n) < max(0.6, wid * 0.04)) & (t >= 0.15) & (t <= 0.21)
            part = body | drip | flame | wick
            tex[body | drip] = col * (1.0 + 0.22 * np.clip(-n / (wid * 0.26), -1, 1))[body | drip][..., None]
            tex[flame] = col * 0.9
            tex[flame & (np.abs(n) < flame_r * 0.45) & (t > 0.06)] = _lift(col, 0.45)
            tex[wick] = col * 0.5
        elif kind == "heavy_x_skis":  # two skis crossed: a long narrow ski, its tip curled, a binding in the middle
            body = (np.abs(n) < wid * 0.19) & (t > 0.06) & (t < 1.0)
            tip = (np.hypot((t - 0.07) * ln, n) < wid * 0.2) & (t <= 0.07)
            binding = (np.abs(n) < wid * 0.34) & (t > 0.46) & (t < 0.62)
            part = body | tip | binding
            tex[part] = col
            tex[body & (np.abs(n + wid * 0.1) < wid * 0.04)] = _lift(col, 0.3)  # the ski's stripe
            tex[binding] = col * 0.7
            tex[binding & ((((t * ln) / max(1.6, wid * 0.2)) % 1) < 0.3)] = _lift(col, 0.2)
        elif kind == "heavy_x_drumsticks":  # two drumsticks crossed: a bead tip, a taper, the round butt
            prof = wid * (0.1 + 0.16 * np.clip(t / 0.55, 0, 1))
            body = (np.abs(n) < prof) & (t > 0.05) & (t < 0.99)
            bead = ((t - 0.05) * ln / (wid * 0.24)) ** 2 + (n / (wid * 0.17)) ** 2 < 1
            part = body | bead
            tex[part] = col
            tex[body & (n < -prof * 0.4)] = _lift(col, 0.22)
            tex[bead] = col * 0.85
            tex[body & ((((t * ln) / max(2.0, wid * 0.5)) % 1) < 0.1)] = col * 0.8  # the wood's grain
        else:
            raise ValueError(kind)
        m = np.maximum(m, part.astype(np.float32))
    m = cv2.GaussianBlur(m, (0, 0), 0.4)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(m, 0, 1).astype(np.float32), ax, ay)


PINS = ((206, 52, 58), (52, 96, 196), (236, 190, 52), (60, 150, 90))


def _draw_empty36(img: Image.Image, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    d = ImageDraw.Draw(img)
    if kind == "none":
        return
    if kind == "rice_grain":  # a grain of rice lying in the cell: a cream oval, a faint shadow, its germ's notch
        a = rng.uniform(0, math.pi)
        grain = [(math.cos(t), 0.38 * math.sin(t)) for t in np.linspace(0, 2 * math.pi, 16, endpoint=False)]
        d.polygon(_rotated(grain, cx + 1, cy + 1.3, a, 0.1 * s), fill=(214, 212, 206))
        d.polygon(_rotated(grain, cx, cy, a, 0.1 * s), fill=(240, 234, 214), outline=(200, 192, 170))
        nx, ny = _rotated([(0.85, 0.1)], cx, cy, a, 0.1 * s)[0]
        d.point([(nx, ny)], fill=(190, 178, 150))
    elif kind == "pin_head":  # a glass-headed pin pressed into the paper: a coloured bead, a glint, its shadow
        r = 0.06 * s
        colour = rng.choice(PINS)
        d.ellipse([cx - r + 1.2, cy - r + 1.6, cx + r + 1.2, cy + r + 1.6], fill=(206, 206, 202))
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour, outline=_c(np.array(colour) * 0.7))
        d.ellipse([cx - 0.6 * r, cy - 0.6 * r, cx - 0.1 * r, cy - 0.1 * r], fill=_c(_lift(colour, 0.7)))
    elif kind == "lentil":  # a red lentil: a small flat orange disc, its paler rim
        r = 0.07 * s
        d.ellipse([cx - r + 0.8, cy - r + 1.2, cx + r + 0.8, cy + r + 1.2], fill=(216, 212, 206))
        d.ellipse([cx - r, cy - 0.88 * r, cx + r, cy + 0.88 * r], fill=(232, 138, 76), outline=(246, 186, 130))
    elif kind == "sprayed_dot":  # a small dot of paint sprayed on the plywood: a soft grey dot, a few stray specks
        r = 0.065 * s
        k = int(3 * r) + 3
        x0i, y0i = int(cx) - k, int(cy) - k
        lay, ld = _layer(2 * k, 2 * k)
        lx, ly = cx - x0i, cy - y0i
        ld.ellipse([lx - r, ly - r, lx + r, ly + r], fill=200)
        for _ in range(6):
            a, rr = rng.uniform(0, 2 * math.pi), rng.uniform(1.2, 2.0) * r
            ld.point([(lx + rr * math.cos(a), ly + rr * math.sin(a))], fill=160)
        m = cv2.GaussianBlur(_m(lay), (0, 0), 0.8)
        patch = np.empty(m.shape + (3,), np.float32)
        patch[:] = (70, 70, 76)
        _paste_rgba(img, patch, np.clip(m, 0, 1), x0i, y0i)
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids


def _draw_grid36(img: Image.Image, L: dict[str, Any], rng: random.Random, name: str, inp: np.ndarray | None) -> None:
    if name == "kept":
        _draw_grid32(img, L, rng, "kept", inp)
        return
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    thin = max(1, round(s / 30))
    _pen_minors(d, L, thin)
    if name == "licorice_lace_majors":  # each block line a glossy black liquorice lace, gently wavy, its twist lit
        wd = max(3, round(s / 9))
        for vertical, c, a0, a1 in _major_segments(L, wd * 0.5):
            ph, per = rng.uniform(0, 2 * math.pi), rng.uniform(2.5, 4.0) * s
            ts = np.arange(a0, a1 + 1, 2.0)
            pts = [(float(t), 0.18 * wd * math.sin(2 * math.pi * t / per + ph)) for t in ts]
            d.line(_seg_pts(vertical, c, pts), fill=(24, 16, 20), width=wd, joint="curve")
            step = max(2.5, wd * 0.9)
            for t in np.arange(a0 + 1, a1 - 1, step):  # the twist's lit ridges
                o = 0.18 * wd * math.sin(2 * math.pi * t / per + ph)
                d.line(_seg_pts(vertical, c, [(t, o - wd * 0.35), (t + step * 0.5, o + wd * 0.1)]),
                       fill=(104, 84, 92), width=1)
            for t in (a0, a1):  # the cut ends, rounded
                x, y = _seg_pts(vertical, c, [(t, 0)])[0]
                r = wd / 2
                d.ellipse([x - r, y - r, x + r, y + r], fill=(24, 16, 20))
        return
    if name == "chopstick_majors":  # each block line black lacquered chopsticks end to end, a gold band at each head
        wc = max(3, round(s / 9))
        for vertical, c, a0, a1 in _major_segments(L, wc * 0.5):
            t = a0
            while t < a1 - 0.3 * s:
                ln = min(3.2 * s * rng.uniform(0.92, 1.0), a1 - t)
                head = t if rng.random() < 0.5 else t + ln
                tip = t + ln if head == t else t
                sgn = 1 if tip > head else -1
                pts = [(head, -wc / 2), (tip, -wc * 0.18), (tip, wc * 0.18), (head, wc / 2)]
                d.polygon(_seg_pts(vertical, c, pts), fill=(26, 22, 24))
                d.line(_seg_pts(vertical, c, [(head + sgn * 1, -wc * 0.25), (tip - sgn * 2, -wc * 0.08)]),
                       fill=(120, 110, 114), width=1)  # the lacquer's shine
                b0, b1 = head + sgn * 0.25 * s, head + sgn * 0.38 * s
                d.polygon(_seg_pts(vertical, c, [(b0, -wc * 0.47), (b1, -wc * 0.44), (b1, wc * 0.44),
                                                 (b0, wc * 0.47)]), fill=(196, 158, 72))  # the gold band
                t += ln + rng.uniform(0.5, 1.5)
        return
    if name == "zipper_majors":  # each block line a closed zip: dark tape, steel teeth meeting, a slider at one end
        wz = max(4, round(s / 8))
        for vertical, c, a0, a1 in _major_segments(L, wz * 0.5):
            (x0, y0), (x1, y1) = _seg_pts(vertical, c, [(a0, -wz / 2), (a1, wz / 2)])
            d.rectangle([x0, y0, x1, y1], fill=(38, 42, 58))
            per = max(2.0, wz * 0.45)
            for k, u in enumerate(np.arange(a0 + 1, a1 - 1, per)):  # the teeth, alternating sides
                o = -1 if k % 2 else 1
                (px0, py0), (px1, py1) = _seg_pts(vertical, c, [(u, min(0, o * wz * 0.3)),
                                                                (u + per * 0.6, max(0, o * wz * 0.3))])
                d.rectangle([min(px0, px1), min(py0, py1), max(px0, px1), max(py0, py1)], fill=(168, 170, 178))
            sl = a0 + rng.uniform(0.1, 0.9) * (a1 - a0 - 0.5 * s)
            (px0, py0), (px1, py1) = _seg_pts(vertical, c, [(sl, -0.75 * wz), (sl + 0.45 * s, 0.75 * wz)])
            d.rounded_rectangle([min(px0, px1), min(py0, py1), max(px0, px1), max(py0, py1)], radius=2,
                                fill=(150, 152, 160), outline=(90, 92, 100))  # the slider
        return
    if name == "pencil_majors":  # each block line black pencils end to end: sharpened at one end, eraser at the other
        wp = max(4, round(s / 8))
        for vertical, c, a0, a1 in _major_segments(L, wp * 0.5):
            t = a0
            while t < a1 - 0.5 * s:
                ln = min(3.6 * s * rng.uniform(0.9, 1.0), a1 - t)
                cone = 0.35 * s
                er0, fe = t + 0.14 * s, t + 0.26 * s  # the eraser, the ferrule
                body1 = t + ln - cone
                d.polygon(_seg_pts(vertical, c, [(t, -wp / 2), (er0, -wp / 2), (er0, wp / 2), (t, wp / 2)]),
                          fill=(222, 132, 140))
                d.polygon(_seg_pts(vertical, c, [(er0, -wp / 2), (fe, -wp / 2), (fe, wp / 2), (er0, wp / 2)]),
                          fill=(176, 178, 184))
                d.polygon(_seg_pts(vertical, c, [(fe, -wp / 2), (body1, -wp / 2), (body1, wp / 2), (fe, wp / 2)]),
                          fill=(34, 34, 38))
                d.line(_seg_pts(vertical, c, [(fe, -wp * 0.15), (body1, -wp * 0.15)]), fill=(80, 80, 88),
                       width=1)  # a facet of the hexagonal body
                d.polygon(_seg_pts(vertical, c, [(body1, -wp / 2), (t + ln - 0.3 * cone, -wp * 0.14),
                                                 (t + ln - 0.3 * cone, wp * 0.14), (body1, wp / 2)]),
                          fill=(214, 182, 136))  # the sharpened wood
                d.polygon(_seg_pts(vertical, c, [(t + ln - 0.3 * cone, -wp * 0.14), (t + ln, 0),
                                                 (t + ln - 0.3 * cone, wp * 0.14)]), fill=(56, 56, 60))
                t += ln + rng.uniform(0.5, 1.5)
        return
    raise ValueError(name)


# ------------------------------------------------------------------------------------------ redraws


CANVAS = (232, 222, 198)
PLYWOOD = (222, 200, 160)


def _ink_layer(size: tuple[int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    return _layer(size[0], size[1])


def _print_ink(img: Image.Image, lay: Image.Image, colour, kind: str, g: np.random.Generator) -> Image.Image:
    """The shapes of ``lay`` put on ``img`` as screen-printing ink (a flat ink the canvas's weave shows through) or
    as sprayed paint (a soft halo of overspray and stray specks round each shape)."""
    a = np.asarray(img, np.float32)
    m = _m(lay)
    H, W = m.shape
    col = np.asarray(colour, np.float32)
    if kind == "screenprint_tote":
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        weave = 0.5 + 0.25 * (np.sin(xx * 1.6) + np.sin(yy * 1.6))
        alpha = m * (0.86 + 0.12 * weave)
    else:
        halo = cv2.GaussianBlur(m, (0, 0), 2.2)
        specks = (g.random((H, W)) < 0.05 * cv2.GaussianBlur(m, (0, 0), 4.0)).astype(np.float32)
        alpha = np.clip(np.maximum(m, 0.35 * halo) + 0.6 * specks, 0, 1)
    out = a * (1 - alpha[..., None]) + col * alpha[..., None]
    return Image.fromarray(_clip8(out))


def _draw_redraw_grid36(img: Image.Image, L: dict[str, Any], kind: str, rng: random.Random,
                        colour) -> Image.Image:
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    thin, wd = max(2, round(s / 22)), max(3, round(s / 9))
    lay, d = _ink_layer(img.size)
    for i, x in enumerate(xs):
        big = _major(i, cols)
        e = wd // 2 if big else 0
        d.line([(x, ys[0] - e), (x, ys[-1] + e)], fill=255, width=wd if big else thin)
    for j, y in enumerate(ys):
        big = _major(j, rows)
        e = wd // 2 if big else 0
        d.line([(xs[0] - e, y), (xs[-1] + e, y)], fill=255, width=wd if big else thin)
    return _print_ink(img, lay, colour, kind, _nrng(rng))


def _redraw_whole36(layout: dict[str, Any], style: Style36, row_vals, col_vals, rng: random.Random,
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
    top = 1.6 * bm if kind == "screenprint_tote" else bm  # the tote's handles stand above the print
    W = round(max(pw + 2 * bm, 0.85 * target[0]))
    H = round(ph + bm + top)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    extra: dict[str, Any] = {}
    if kind == "screenprint_tote":  # natural cotton canvas: its weave, seams down the sides, handles stitched on
        weave = 0.5 + 0.25 * (np.sin(xx * 1.6) + np.sin(yy * 1.6))
        surf = np.array(CANVAS, np.float32) * (0.97 + 0.04 * weave + 0.01 * _smooth(g, H, W, 6))[..., None]
        surf *= (1 - 0.05 * np.exp(-(((xx - 0.3 * yy) - 0.7 * W) / (0.08 * W)) ** 2))[..., None]  # a soft fold
        img = Image.fromarray(_clip8(surf))
        d = ImageDraw.Draw(img)
        for x in (0.12 * bm, W - 0.12 * bm):  # the side seams' stitching
            for y in np.arange(top * 0.9, H - 0.2 * bm, 0.12 * bm):
                d.line([(x, y), (x, y + 0.06 * bm)], fill=(176, 164, 136), width=1)
        hw = 0.16 * bm
        for hx in (0.3 * W, 0.7 * W):  # the handles: webbing loops sewn on with a boxed cross, lying flat
            span = 0.13 * W
            d.arc([hx - span, 0.08 * top, hx + span, 1.5 * top], 180, 360, fill=(196, 180, 140), width=round(2 * hw))
            d.arc([hx - span - hw, 0.08 * top - hw, hx + span + hw, 1.5 * top + hw], 180, 360, fill=(164, 148, 112),
                  width=1)
            for ex_ in (hx - span, hx + span):
                y0, y1 = top * 0.62, top * 0.9
                d.rectangle([ex_ - hw, y0, ex_ + hw, y1], fill=(200, 186, 150), outline=(150, 134, 100))
                d.line([(ex_ - hw, y0), (ex_ + hw, y1)], fill=(150, 134, 100))
                d.line([(ex_ + hw, y0), (ex_ - hw, y1)], fill=(150, 134, 100))
        d.line([(0, top * 0.92), (W, top * 0.92)], fill=(196, 184, 156), width=2)  # the hem's stitching
    else:  # stencilled_crate: a plywood panel framed by battens, nailed at the corners
        cut = cv2.GaussianBlur(g.standard_normal((H, W)).astype(np.float32), (0, 0), sigmaX=30, sigmaY=1.5)
        cut /= cut.std() + 1e-6
        surf = np.array(PLYWOOD, np.float32) * (1 + 0.025 * cut + 0.015 * _smooth(g, H, W, 4))[..., None]
        across = np.minimum.reduce([xx, yy, W - 1 - xx, H - 1 - yy])
        bat = 0.42 * bm
        frame = across < bat
        surf[frame] = np.array((196, 162, 112), np.float32) * (1 + 0.06 * np.sin(
            np.where((xx < bat) | (xx > W - 1 - bat), yy, xx)[frame] / 4))[..., None]
        surf[np.abs(across - bat) < 1.5] = (120, 96, 64)  # the battens' inner edge
        surf[across < 1.5] = (110, 88, 60)
        img = Image.fromarray(_clip8(surf))
        d = ImageDraw.Draw(img)
        for cx, cy in ((0.2 * bm, 0.2 * bm), (W - 0.2 * bm, 0.2 * bm), (0.2 * bm, H - 0.2 * bm),
                       (W - 0.2 * bm, H - 0.2 * bm)):
            for ox in (-0.06 * bm, 0.06 * bm):
                r = 0.035 * bm
                d.ellipse([cx + ox - r, cy - r, cx + ox + r, cy + r], fill=(86, 84, 82), outline=(60, 58, 56))
        for (cx, cy), (sx, sy) in (((0, 0), (1, 1)), ((W - 1, 0), (-1, 1)), ((0, H - 1), (1, -1)),
                                   ((W - 1, H - 1), (-1, -1))):  # the battens' mitred joins
            d.line([(cx, cy), (cx + sx * bat, cy + sy * bat)], fill=(120, 96, 64), width=1)
        extra["corner_r"] = 0.0
    ex = (W - 2 * bm - pw) / 2
    gx0, gy0 = bm + ex + row_w + pad * 1.4, top + col_h + pad * 1.4
    keep = [gx0 - pad * 1.4 - row_w - 4, gy0 - pad * 1.4 - col_h - 4, gx0 + gw + 4, gy0 + gh + 4]
    xs = [gx0 + base * i for i in range(cols + 1)]
    ys = [gy0 + base * j for j in range(rows + 1)]
    L = {"grid_bbox": [xs[0], ys[0], xs[-1], ys[-1]], "rows": rows, "cols": cols, "cw": base, "ch": base,
         "cell_px": base, "xs": xs, "ys": ys, "x0s": xs[:-1], "y0s": ys[:-1], "keep": keep, **extra}
    lay, ld = _ink_layer(img.size)

    def put(xy, t):
        _, tt, _, bb = font.getbbox("0123456789", anchor="ls")
        x0, _, x1, _ = font.getbbox(t, anchor="ls")
        ld.text((xy[0] - (x0 + x1) / 2, xy[1] - (tt + bb) / 2), t, font=font, fill=255, anchor="ls",
                stroke_width=style.clue_stroke, stroke_fill=255)

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
    img = _print_ink(img, lay, style.clue_colour, kind, g)
    return img, L


# ------------------------------------------------------------------------------------------ pages


def _sand(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """Rippled beach sand: fine grains, wind ripples, a few shell fragments and dark grains."""
    bg = _table(g, H, W, (214, 194, 152), 0.04, 0.03 * big)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    th = rng.uniform(0, math.pi)
    rip = np.sin((xx * math.cos(th) + yy * math.sin(th)) / (0.014 * big) + 2.0 * _smooth(g, H, W, 0.05 * big))
    bg *= (1 + 0.07 * rip + 0.1 * (g.random((H, W)).astype(np.float32) - 0.5))[..., None]
    bg[g.random((H, W)) > 0.994] *= 0.55
    img = Image.fromarray(_clip8(bg))
    d = ImageDraw.Draw(img)
    for _ in range(rng.randint(10, 16)):
        x, y, a = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0, 2 * math.pi)
        r = rng.uniform(0.004, 0.01) * big
        d.polygon(_rotated([(-1, 0), (0, -0.7), (1, -0.2), (0.6, 0.6), (-0.5, 0.5)], x, y, a, r),
                  fill=rng.choice(((240, 232, 222), (226, 206, 196), (120, 116, 110))))
    return np.asarray(img, np.float32).copy()


LEAVES = ((196, 96, 34), (214, 150, 40), (160, 52, 30), (128, 84, 40), (180, 122, 56))


def _leaves(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """Autumn leaf litter on dark soil: overlapping orange, red, yellow and brown leaves, each with its midrib."""
    bg = _table(g, H, W, (82, 66, 52), 0.08, 3)
    img = Image.fromarray(_clip8(bg))
    d = ImageDraw.Draw(img)
    leaf = [(0, 0), (0.2, -0.22), (0.5, -0.3), (0.8, -0.2), (1.0, 0), (0.8, 0.2), (0.5, 0.3), (0.2, 0.22)]
    sz0 = 0.05 * big
    for _ in range(int(H * W / (sz0 * sz0) * 2.2)):
        x, y, a = rng.uniform(-0.05, 1.05) * W, rng.uniform(-0.05, 1.05) * H, rng.uniform(0, 2 * math.pi)
        sz = sz0 * rng.uniform(0.6, 1.2)
        colour = np.asarray(rng.choice(LEAVES), np.float32) * rng.uniform(0.8, 1.1)
        d.polygon(_rotated(leaf, x, y, a, sz), fill=_c(colour), outline=_c(colour * 0.7))
        d.line(_rotated([(-0.15, 0), (0.95, 0)], x, y, a, sz), fill=_c(colour * 0.65), width=1)
    return np.asarray(img, np.float32).copy()


def _herringbone(g: np.random.Generator, H: int, W: int, big: int) -> np.ndarray:
    """An oak herringbone parquet floor: columns of planks at alternate diagonals, staggered, each plank its tone."""
    q = 0.022 * big
    cwid = 4 * q / math.sqrt(2)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    k = np.floor(xx / cwid)
    xl = xx - k * cwid
    sgn = np.where(k % 2 == 0, 1.0, -1.0).astype(np.float32)
    pos = (yy + sgn * xl + (k % 2) * q * 0.7) / (q * math.sqrt(2))
    pid = np.floor(pos)
    tone = 0.86 + 0.26 * np.abs(np.sin(k * 12.9898 + pid * 78.233) * 43758.5453 % 1)
    grain = np.sin((yy - sgn * xl) / 2.2 + 2.0 * _smooth(g, H, W, 6))
    out = np.array((176, 132, 86), np.float32) * (tone * (1 + 0.05 * grain))[..., None]
    seam = ((pos % 1) < 0.05) | (xl < 1.2)
    out[seam] *= 0.55
    return out


def _hessian(g: np.random.Generator, H: int, W: int, big: int) -> np.ndarray:
    """Hessian sacking: a coarse open plain weave of jute, uneven slubs, dark holes between the threads."""
    q = 0.011 * big
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    fx, fy = (xx / q) % 1, (yy / q) % 1
    over = ((np.floor(xx / q) + np.floor(yy / q)) % 2) == 0
    warp = np.sin(math.pi * fx)
    weft = np.sin(math.pi * fy)
    tone = np.where(over, 0.65 + 0.35 * warp * (0.7 + 0.3 * weft), 0.65 + 0.35 * weft * (0.7 + 0.3 * warp))
    tone *= 1 + 0.08 * _smooth(g, H, W, 2.5)
    out = np.array((170, 134, 88), np.float32) * tone[..., None]
    hole = (np.abs(fx - 0.5) > 0.4) & (np.abs(fy - 0.5) > 0.4)
    out[hole] = (58, 44, 30)
    return out


def _floorboards(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """Painted floorboards: grey-blue paint worn to the wood in places, the seams between the boards, nail heads."""
    q = 0.07 * big
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    out = _table(g, H, W, (126, 142, 154), 0.03, 3)
    wear = _smooth(g, H, W, 0.03 * big) + 0.5 * _smooth(g, H, W, 3)
    out[wear > 1.6] = np.array((156, 122, 84), np.float32) * (1 + 0.05 * np.sin(xx[wear > 1.6] / 3))[..., None]
    out[(yy % q) < 2.0] *= 0.5
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    for y in np.arange(q / 2, H, q):
        for x in np.arange(rng.uniform(0, 0.5) * q, W, 2.6 * q):
            d.ellipse([x - 1.5, y - 1.5, x + 1.5, y + 1.5], fill=(70, 72, 76))
    return np.asarray(img, np.float32).copy()


def _gravel(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """Gravel: rounded grey and buff stones heaped close, dark gaps between them, each lit from above left."""
    img = Image.fromarray(_clip8(_table(g, H, W, (64, 60, 56), 0.1, 2)))
    d = ImageDraw.Draw(img)
    r0 = 0.012 * big
    tones = ((150, 148, 142), (172, 160, 140), (120, 118, 116), (190, 184, 172), (132, 120, 104))
    for _ in range(int(H * W / (r0 * r0) * 0.45)):
        x, y = rng.uniform(0, W), rng.uniform(0, H)
        rx, ry = r0 * rng.uniform(0.6, 1.2), r0 * rng.uniform(0.5, 1.0)
        colour = np.asarray(rng.choice(tones), np.float32) * rng.uniform(0.85, 1.1)
        d.ellipse([x - rx, y - ry, x + rx, y + ry], fill=_c(colour * 0.8))
        d.ellipse([x - 0.8 * rx, y - 0.85 * ry, x + 0.6 * rx, y + 0.5 * ry], fill=_c(colour))
        d.ellipse([x - 0.5 * rx, y - 0.6 * ry, x - 0.1 * rx, y - 0.25 * ry], fill=_c(_lift(colour, 0.3)))
    return np.asarray(img, np.float32).copy()


def _lace(H: int, W: int, big: int, rng: random.Random) -> np.ndarray:
    """The light through a lace curtain (a multiplier round one): rosettes and a net of bright holes, softly
    shadowed threads between them."""
    q = 0.07 * big
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    ox, oy = rng.uniform(0, q), rng.uniform(0, q)
    fx, fy = ((xx + ox) / q) % 1 - 0.5, ((yy + oy) / q) % 1 - 0.5
    r = np.hypot(fx, fy)
    ang = np.arctan2(fy, fx)
    rosette = (np.abs(r - 0.28) < 0.035) | ((r < 0.22) & (np.cos(6 * ang) > 0.55) & (r > 0.06)) | (r < 0.035)
    net = ((np.abs(((xx + yy) / (0.12 * q)) % 1 - 0.5) < 0.08) | (np.abs(((xx - yy) / (0.12 * q)) % 1 - 0.5) < 0.08))
    shade = np.where(rosette, 1.0, np.where(net & (r > 0.33), 0.55, 0.0)).astype(np.float32)
    shade = cv2.GaussianBlur(shade, (0, 0), 2.5)
    return 1.04 - 0.2 * shade


def _page36(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    big = max(h, w)
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "beach_sand":  # on rippled beach sand
        out = _page_on(a, lambda H, W: _sand(g, rng, H, W, big), rng, g, 0.1, 4.0, 0.35)
        out = _grain(out, g, 2.0)
        return _perspective(out, rng.uniform(0.02, 0.04), (200, 182, 142))
    if e == "leaf_litter":  # on autumn leaf litter
        out = _page_on(a, lambda H, W: _leaves(g, rng, H, W, big), rng, g, 0.11, 4.0, 0.4)
        return _grain(out, g, 2.0)
    if e == "herringbone_floor":  # on an oak herringbone parquet floor
        out = _page_on(a, lambda H, W: _herringbone(g, H, W, big), rng, g, 0.1, 3.5, 0.35)
        out = _grain(out, g, 1.8)
        return _perspective(out, rng.uniform(0.03, 0.05), (150, 112, 72))
    if e == "sunglasses_margin":  # a pair of folded sunglasses on the widened right margin
        mr = round(0.26 * w)
        page = _extend(a, right=mr)
        Hp, Wp = page.shape[:2]
        x0 = _free_x(L, w)
        mw = Wp - x0
        R = 0.19 * mw
        cx, cy = x0 + 0.5 * mw, Hp * rng.uniform(0.3, 0.6)
        lenses = [(cx - 1.2 * R, cy), (cx + 1.2 * R, cy)]  # seen from above, folded: the lenses side by side
        lay, ld = _layer(Wp, Hp)
        for lx, ly in lenses:
            ld.ellipse([lx - 1.05 * R, ly - 0.8 * R, lx + 1.05 * R, ly + 0.8 * R], fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.06 * R, 0.1 * R, 0.08 * R, 0.35)
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        fw = max(2, round(0.1 * R))
        for sgn in (-1, 1):  # the folded temples, crossing behind the lenses, their tips curved
            ex_ = cx + sgn * 2.2 * R
            tip = (cx - sgn * 0.9 * R, cy + 0.95 * R)
            d.line([(ex_, cy - 0.45 * R), (cx + sgn * 0.2 * R, cy + 0.75 * R), tip], fill=(30, 30, 34), width=fw,
                   joint="curve")
        for lx, ly in lenses:
            d.ellipse([lx - 1.05 * R, ly - 0.8 * R, lx + 1.05 * R, ly + 0.8 * R], fill=(46, 52, 60),
                      outline=(22, 22, 26), width=fw)
            d.arc([lx - 0.8 * R, ly - 0.6 * R, lx + 0.6 * R, ly + 0.5 * R], 200, 250, fill=(150, 160, 176), width=2)
        d.arc([cx - 0.35 * R, cy - 0.75 * R, cx + 0.35 * R, cy - 0.05 * R], 200, 340, fill=(22, 22, 26), width=fw)
        M = round(0.05 * big)
        bg = _wood(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (150, 112, 80))
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _grain(out, g, 1.8)
    if e == "cookie_margin":  # a chocolate-chip cookie on the widened bottom margin, a few crumbs beside it
        mb = round(0.24 * h)
        page = _extend(a, bottom=mb)
        Hp, Wp = page.shape[:2]
        R = 0.38 * mb
        cx, cy = Wp * rng.uniform(0.3, 0.7), h + 0.52 * mb
        outline = [(cx + R * (1 + 0.04 * math.sin(5 * t + 1.0) + rng.uniform(-0.02, 0.02)) * math.cos(t),
                    cy + R * (1 + 0.04 * math.sin(5 * t + 1.0) + rng.uniform(-0.02, 0.02)) * math.sin(t))
                   for t in np.linspace(0, 2 * math.pi, 40, endpoint=False)]
        lay, ld = _layer(Wp, Hp)
        ld.polygon(outline, fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.05 * R, 0.08 * R, 0.08 * R, 0.35)
        m = _m(lay)
        yy, xx = np.mgrid[0:Hp, 0:Wp].astype(np.float32)
        dd = np.clip(np.hypot(xx - cx, yy - cy) / R, 0, 1)
        bake = np.array((200, 150, 88), np.float32)[None, None] * (1.05 - 0.25 * dd ** 3 + 0.06 * _noise0(
            g, Hp, Wp, 0.06 * R))[..., None]
        pa = pa * (1 - m[..., None]) + bake * m[..., None]
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        for _ in range(5):  # cracks in the baked top
            a0, r0 = rng.uniform(0, 2 * math.pi), rng.uniform(0.1, 0.6) * R
            pts = [(cx + r0 * math.cos(a0), cy + r0 * math.sin(a0))]
            for _ in range(4):
                a0 += rng.uniform(-0.8, 0.8)
                pts.append((pts[-1][0] + 0.12 * R * math.cos(a0), pts[-1][1] + 0.12 * R * math.sin(a0)))
            if all(math.hypot(x - cx, y - cy) < 0.9 * R for x, y in pts):
                d.line(pts, fill=(150, 100, 52), width=1)
        for _ in range(rng.randint(7, 11)):  # the chocolate chips
            a0, r0 = rng.uniform(0, 2 * math.pi), R * math.sqrt(rng.uniform(0.02, 0.7))
            x, y = cx + r0 * math.cos(a0), cy + r0 * math.sin(a0)
            rr = rng.uniform(0.07, 0.12) * R
            d.polygon(_rotated([(-1, 0.6), (-0.2, -0.9), (0.9, -0.3), (0.8, 0.7)], x, y, rng.uniform(0, 6), rr),
                      fill=(66, 40, 28))
        for _ in range(rng.randint(4, 7)):  # crumbs
            x, y = cx + rng.uniform(1.1, 1.6) * R * rng.choice((-1, 1)), cy + rng.uniform(-0.6, 0.6) * R
            rr = rng.uniform(0.02, 0.05) * R
            d.ellipse([x - rr, y - rr, x + rr, y + rr], fill=(190, 140, 80))
        M = round(0.05 * big)
        bg = _table(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (186, 190, 196), 0.04, 3)
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _grain(out, g, 1.8)
    if e == "feather_margin":  # a grey feather on the widened left margin: its shaft, the vanes' barbs, the down
        ml = round(0.26 * w)
        page = _extend(a, left=ml)
        Hp, Wp = page.shape[:2]
        ln = min(0.55 * Hp, 3.2 * ml)
        x0, y0 = 0.5 * ml + rng.uniform(-0.05, 0.05) * ml, Hp * rng.uniform(0.2, 0.35)
        bend = rng.uniform(-0.12, 0.12) * ml
        shaft = [(x0 + bend * math.sin(math.pi * k / 30), y0 + ln * k / 30) for k in range(31)]
        vane = 0.3 * ml
        lay, ld = _layer(Wp, Hp)
        for side in (-1, 1):
            edge = []
            for k in range(2, 28):
                sx, sy = shaft[k]
                wv = vane * math.sin(math.pi * (k - 1) / 27) ** 0.6 * (0.55 if side < 0 else 1.0)
                edge.append((sx + side * wv, sy - 0.4 * wv))
            ld.polygon([shaft[2]] + edge + [shaft[27]], fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.03 * ml, 0.04 * ml, 0.03 * ml, 0.16)
        m = cv2.GaussianBlur(_m(lay), (0, 0), 1.2)
        pa = pa * (1 - 0.75 * m[..., None]) + np.array((150, 160, 176), np.float32) * 0.75 * m[..., None]
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        for k in range(2, 27):
            sx, sy = shaft[k]
            for side in (-1, 1):
                wv = vane * math.sin(math.pi * (k - 1) / 27) ** 0.6 * (0.55 if side < 0 else 1.0)
                d.line([(sx, sy), (sx + side * wv, sy - 0.4 * wv)], fill=(116, 126, 144), width=1)  # a barb
                if k % 7 == 0:  # a split in the vane
                    d.line([(sx + side * 0.2 * wv, sy - 0.05 * wv), (sx + side * wv, sy - 0.35 * wv)],
                           fill=(236, 236, 234), width=1)
        for k in range(22, 28):  # the down at the base
            sx, sy = shaft[k]
            for _ in range(4):
                a0 = rng.uniform(0.6, 2.5) * rng.choice((-1, 1))
                d.line([(sx, sy), (sx + 0.18 * ml * math.sin(a0), sy + 0.06 * ml * math.cos(a0))], fill=(214, 216, 222),
                       width=1)
        d.line(shaft, fill=(226, 222, 210), width=max(2, round(0.03 * ml)))
        d.line([shaft[-1], (shaft[-1][0] + 0.02 * ml, shaft[-1][1] + 0.1 * ml)], fill=(210, 204, 190),
               width=max(2, round(0.03 * ml)))  # the bare quill
        M = round(0.05 * big)
        bg = _table(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (110, 96, 84), 0.05, 3)
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _grain(out, g, 1.8)
    if e == "golden_hour":  # low golden-hour sun from one side: the page warm, dimming away from the light
        out = _page_on(a, lambda H, W: _wood(g, H, W, (140, 104, 74)), rng, g, 0.09, 3.0, 0.45)
        H, W = out.shape[:2]
        xx = np.arange(W, dtype=np.float32)[None, :] / W
        yy = np.arange(H, dtype=np.float32)[:, None] / H
        side = rng.random() < 0.5
        t = xx if side else 1 - xx
        light = 1.06 - 0.3 * t ** 1.2 - 0.04 * yy
        out = out * light[..., None] * np.array((1.08, 0.98, 0.8), np.float32)
        return _grain(np.clip(out, 0, 255), g, 2.0)
    if e == "night_mode_smear":  # a phone's night mode: a dim, noisy photo lifted and smoothed into soft smears
        out = _page_on(a, lambda H, W: _table(g, H, W, (96, 88, 80), 0.05, 3), rng, g, 0.08, 2.5, 0.3)
        H, W = out.shape[:2]
        dim = out * 0.45 + 9.0 * g.standard_normal((H, W, 1)).astype(np.float32) + 4.0 * g.standard_normal(
            (H, W, 3)).astype(np.float32)
        lifted = _clip8(np.clip(dim, 0, 255) * 1.95 + 6)
        smooth = cv2.bilateralFilter(lifted, 7, 38, 4).astype(np.float32)
        sharp = smooth + 0.5 * (smooth - cv2.GaussianBlur(smooth, (0, 0), 2.0))  # the phone's sharpening
        out = sharp * np.array((1.04, 1.0, 0.9), np.float32)
        return _clip8(out)
    if e == "lace_curtain_light":  # sunlight through a lace curtain: a soft pattern of light and shade on the page
        out = _page_on(a, lambda H, W: _table(g, H, W, (196, 186, 170), 0.04, 3), rng, g, 0.09, 3.0, 0.3)
        H, W = out.shape[:2]
        light = _lace(H, W, big, rng)
        out = out * light[..., None] * np.array((1.03, 1.0, 0.93), np.float32)
        return _grain(np.clip(out, 0, 255), g, 2.0)
    if e == "hessian_sack":  # on hessian sacking
        out = _page_on(a, lambda H, W: _hessian(g, H, W, big), rng, g, 0.1, 3.5, 0.4)
        out = _grain(out, g, 1.8)
        return _perspective(out, rng.uniform(0.02, 0.04), (150, 118, 78))
    if e == "painted_floorboards":  # the tote laid on painted floorboards
        out = _page_on(a, lambda H, W: _floorboards(g, rng, H, W, big), rng, g, 0.1, 4.0, 0.4)
        out = _grain(out, g, 2.0)
        return _perspective(out, rng.uniform(0.03, 0.05), (120, 134, 146))
    if e == "gravel_ground":  # the crate standing on gravel
        out = _page_on(a, lambda H, W: _gravel(g, rng, H, W, big), rng, g, 0.1, 3.0, 0.45)
        out = _grain(out, g, 2.0)
        return _perspective(out, rng.uniform(0.03, 0.05), (110, 106, 100))
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page36(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style36,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, mean cell width ``cw`` and height ``ch``, the column and row edges ``xs`` and
    ``ys``, and ``keep``, the box round the clues and the grid; ``_box25`` gives a cell's box)."""
    rng = random.Random(f"h36:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = _change36(truth, style.clue_change, rng) if plan["clue"] else None
    row_vals, col_vals = _line_values(truth, change)
    if style.redraw:
        img, L = _redraw_whole36(layout, style, row_vals, col_vals, rng, (inp.shape[1], inp.shape[0]))
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
                _draw_fill36(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill36(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline36(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross36(img, box, style, rng)
            elif not ((r, c) in filled and style.missing_bare):
                _draw_empty36(img, box, style.empty, rng)
    if style.redraw:
        img = _draw_redraw_grid36(img, L, style.redraw, rng, style.clue_colour)
    else:
        _draw_grid36(img, L, rng, style.grid, inp)
    return np.asarray(img), rng, L


def make_answer36(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style36,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page36(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page36(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
