"""HELDOUT46, measured blind on b5c43bb (rubric 83, the fifty-third session's final verifier), never
looked at: **373/432** right (86.3 %), **0 false passes**, 0 unreadable and 0 confident false fails (seed 5,
``tools/measure_nonogram_family.py nonogram_heldout46:HELDOUT46 --seed 5``). By planted error: none 34, extra_light
72, extra_outline 72, x_instead 71, missing 70, clue_changed 54 (of 72 each). Held out: measured as counts only.

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved nonogram:
clue faces from sources no earlier nonogram family, test, install list or digit-reader training names. All twelve are
further faces of Brian Kent's from Debian's fonts-aenigma (free to redistribute and change, the package's copyright
says), none an earlier family's, none a face of the digit reader's reserved display set, each file's prefix new: a sans
with squared curves and a slashed zero (Quacksalver BRK, ``quacksal.ttf``), a slanted condensed sans (Vantage BRK,
``vantage.ttf``), a tall condensed squared sans (Inevitable BRK, ``inevitab.ttf``, written a little larger), a heavy
wide squared face (Acknowledge TT BRK, ``acknowtt.ttf``), a light squared sans with rounded corners (Quadratic Cal BRK,
``quadrcal.ttf``), a narrow condensed sans (Saunder BRK, ``saunder.ttf``, written larger), a condensed sans (Lakeshore
BRK, ``lakeshor.ttf``, written larger), a narrow condensed sans whose 6 and 8 are a little shorter than its other
figures (Sarcastic BRK, ``sarcasti.ttf``, written larger), a bold slanted condensed face (Bewilder Thick BRK,
``bewildet.ttf``, written larger), a squared sans with knobbed stroke ends (Nymonak BRK, ``nymonak.ttf``), a heavy wide
squared face whose 1 leans on a foot turned left (Variance BRK, ``variance.ttf``), and for the retyped line on the page
that keeps the input's clues a bold face with rough edges and flagged 1s (Gasping BRK, ``gasping.ttf``). Fills no
earlier family uses (a heap of black rubber bands with their lit edges, pencil lead refills with their graphite sheen,
crinkled black raffia strands, a heap of black safety pins with their coils and clasps, wrinkled crepe rubber, ribbed
grosgrain ribbon with its selvedges, black rock sugar crystals with their lit facets, strands of plied black yarn,
glossy black go stones, a pressed pu-erh tea cake, a heap of black flat washers, crinkle-cut black paper shred);
empty-cell marks drawn in new ways (a tiny orange slice, a tiny bunch of purple grapes, a tiny watermelon wedge, a tiny
blue dragonfly); the planted errors drawn in new ways (pale ice-cream cones, giraffes, kick scooters or jellyfish, each
over a light tint; a frame of sewing buttons, of dice, of a watch bracelet's links, of macarons; an X of two lollipops,
of two dumbbells, of two cricket bats, of two corn cobs; all in the fill's colour); a changed clue that has one
single-figure number written with its figure twice (3 as 33, ``figure_stuttered``, new here), gains the line's total
after its numbers (2 3 as 2 3 5, ``total_appended``, new here), is written twice over (2 3 as 2 3 2 3, ``line_echoed``,
new here), has its first number moved to its end, has one even number halved, has two neighbouring unequal numbers
swapped, takes its mirror line's numbers, has one number two more, or (on the page that keeps the input's clues) has one
number one more or less; a missing fill left bare on a page whose other empty cells carry marks; grids drawn in new ways
(pen lines under block lines of a chain of small daisies on a green stem; of a red-and-white plastic barrier chain; of a
wooden dowel; of a string of fairy lights on twisted green wire); and page changes no earlier family uses (the page on a
blue table-tennis table with its white lines; on a dark baking tray with its rolled rim; on a cane chair seat's woven
webbing; on a quilted blue moving blanket; on a black cloth mouse mat with a stitched edge; on an egg-crate foam topper;
the shadow of a clothes drying rack across the page; a stepladder's shadow; a potted cactus's shadow; a teaspoon on the
widened right margin; a plain pink eraser and its crumbs on the widened right margin; a clementine with its leaf on the
widened left margin).

Clues written anew are drawn as HELDOUT44 draws them (``nonogram_heldout44._Face44``, ``_fit44``): the figures of a
number set at least a sixth of a figure's height apart, two numbers of a row further apart than two figures of one
number by most of a figure's height, a column's widest number kept clear of its neighbour column's.

Doubts noted rather than made unfair: of fonts-aenigma's many faces most were left out as too hard to read (outlined,
striped, stencilled, shattered, dotted, dingbat or 3D faces), and, looked at and dropped: Quadratic, Enthuse Solid,
Redundant and Syracuse for 5s drawn as their S, Orbicular for a 2, 5, 6 and 8 that run together at the smallest clue
size, Off Kilter R for a 6 and an 8 that fill in there, Discordance for a 2 like an l with a loop and an 8 like a theta
there, Qlumpy and Quarantine for an 8 like a 0, Mobilize and Zirconia for a 3 like a 9, Naughts for a 3, 5 and 9 alike,
Dystorque for a 5 like a 6, Grapple and Setback TT for a 6 like a G, Perfect Dark for a 6 like a b, Rotund for a 0 and
an 8 that fill in at clue size, Draggle for a 1 like an integral sign, Whatever, Zoetrope and Blackoninaut for odd 4s
and 9s, Hairball for its hairy edges, Granular for the knots on its strokes, Underscore for the bar under every figure,
Cleaved TTR for its split figures, Reason (a plain bold squared sans) as a sister of Reason Shadow, a reserved display
face. Inevitable, Saunder, Lakeshore and Sarcastic are condensed (written larger; Sarcastic's strokes are thin at the
smallest clue size); Bewilder Thick leans, its 2 a hooked curve on a short foot that at the smallest clue size looks a
little like a c (written larger); Acknowledge TT is heavy and wide, its 7 a flat bar and a stem and its 1 a bare bar;
Quadratic Cal's 7 is a flat bar and a stem too; Variance is heavy and wide, its 1 a leaning stroke on a foot turned
left, a little like a J (every 1 of a page alike), its 7 a flat bar and a stem; Gasping's edges are rough; Nymonak's
strokes end in small knobs; Quacksalver's 0 is slashed; Vantage leans. The retyped line on the page that keeps the
input's clues is set at the input's size where it fits, its numbers as far apart as on a redrawn page. No style redraws
the whole puzzle: all are drawn on the input's page. The fills have some paler features (the bands' lit edges, the
leads' sheen, the raffia's creases, the pins' lit clasps, the crepe's crests, the ribbon's ribs and selvedges, the
sugar's facets and glints, the yarn's twist, the stones' sheen, the tea's reddish leaves, the washers' lit bevels, the
shred's lit folds) over a dark ground, and a person sees a filled cell at once; the orange slice is small and orange,
the grapes small and purple, the watermelon small, red and green, the dragonfly small and blue; the planted pale marks
are a light tint with darker-than-tint shapes over it, plainly darker than the paper; the daisy, barrier chain, dowel
and fairy-light block lines are broader and less even than a ruled line and reach a little into the cells' borders (the
daisies' petals are nearly white, the stem under them green); the rack's, the ladder's and the cactus's shadows darken
the page by at most a fifth; the table, tray, webbing, blanket, mat and foam lie round the page, never on it (no
printing with figures); the teaspoon, the eraser and the clementine lie on a widened margin (the eraser carries no
printing); a number written twice over or a line's total may no longer fit its line (a clue no grid solves is still a
changed clue); a line echoed or given its total is a line of two or more numbers where the puzzle has one; the retyped
clue line on the page that keeps the input's clues is in a different face from its neighbours; the style names begin
``s_`` as HELDOUT28's to HELDOUT45's do (the names themselves differ from every earlier one).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer46` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout46:HELDOUT46`` measures them like the earlier families.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from nonogram_answers import Style, font_path, plant
from nonogram_heldout15 import _jpeg, _nrng, _paste_rgba
from nonogram_heldout17 import _erase_grid17, _inner, _lift, _paste
from nonogram_heldout19 import _layer, _m, _on_table
from nonogram_heldout21 import _extend
from nonogram_heldout22 import _noise0
from nonogram_heldout24 import _perimeter
from nonogram_heldout25 import _stroke_coords
from nonogram_heldout29 import _free_x
from nonogram_heldout30 import _rotated, _shadow
from nonogram_heldout32 import _draw_grid32, _grain, _smooth, _table
from nonogram_heldout33 import _major_segments, _page_on, _pen_minors, _staggered
from nonogram_heldout34 import _seg_pts
from nonogram_heldout35 import _ink
from nonogram_heldout38 import _bg_page, _clip8, _disc
from nonogram_heldout39 import _cast_shadow, _ink_onto
from nonogram_heldout43 import _tone
from nonogram_heldout44 import (
    INPUT_FONT,
    _box25,
    _change44,
    _changed_lines,
    _digit_h,
    _Face44,
    _fit44,
    _font,
    _line_values,
    _redraw_clues44,
    _stamp,
    _values,
)
from PIL import Image, ImageDraw

_Face46 = _Face44  # HELDOUT44's clue face: a number's figures at least a sixth of a figure's height apart
_fit46 = _fit44  # and its fitting of the clues to the input's clue strips


@dataclass(frozen=True)
class Style46(Style):
    """A HELDOUT46 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``clue_change`` how a planted clue_changed answer alters its line (as in HELDOUT45, or
    ``figure_stuttered``: one single-figure number written with its figure twice, ``total_appended``: the line's
    total written after its numbers, or ``line_echoed``: the line's numbers written twice over) and ``missing_bare``
    whether a missing fill is left bare rather than marked like the other empty cells. ``make_answer`` calls
    :meth:`draw_answer`."""

    clue_change: str = "extra"
    missing_bare: bool = False

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer46(input_image, layout, truth, self, error, seed)


GAP = (0.6, 0.8)  # a row's numbers as far apart as HELDOUT44 sets them

HELDOUT46 = (
    Style46("s_quacksalverbrk_rubberbands_pingpongtable", "black_rubber_band_heap", (30, 30, 32), "none",
            "quacksal.ttf", ("table_tennis_table", "jpeg"), clue_scale=(1.0, 1.08), clue_gap=GAP,
            grid="daisy_chain_majors", light_mark="light_ice_cream_cones", outline_mark="outline_sewing_buttons",
            cross_mark="heavy_x_lollipops", clue_change="figure_stuttered"),
    Style46("s_vantagebrk_pencilleads_bakingtray", "pencil_lead_refills", (46, 46, 50), "tiny_orange_slice",
            "vantage.ttf", ("baking_tray", "jpeg"), clue_scale=(1.02, 1.1), clue_gap=GAP,
            grid="barrier_chain_majors", light_mark="light_giraffes", outline_mark="outline_dice",
            cross_mark="heavy_x_dumbbells", clue_change="total_appended", missing_bare=True),
    Style46("s_inevitablebrk_raffia_canewebbing", "black_raffia_strands", (34, 30, 28), "none", "inevitab.ttf",
            ("cane_webbing_seat", "jpeg"), clue_scale=(1.06, 1.14), clue_gap=GAP, grid="wooden_dowel_majors",
            light_mark="light_scooters", outline_mark="outline_watch_bracelet", cross_mark="heavy_x_cricket_bats",
            clue_change="line_echoed"),
    Style46("s_acknowledgettbrk_safetypins_dryingrack", "black_safety_pin_heap", (32, 32, 36), "tiny_grape_bunch",
            "acknowtt.ttf", ("drying_rack_shadow", "jpeg"), clue_scale=(0.96, 1.04), clue_gap=GAP,
            grid="fairy_light_majors", light_mark="light_jellyfish", outline_mark="outline_macarons",
            cross_mark="heavy_x_corn_cobs", clue_change="figure_stuttered", missing_bare=True),
    Style46("s_quadraticcalbrk_creperubber_movingblanket", "crepe_rubber_sole", (40, 34, 30), "none", "quadrcal.ttf",
            ("quilted_moving_blanket", "jpeg"), clue_scale=(1.02, 1.1), clue_gap=GAP, grid="daisy_chain_majors",
            light_mark="light_giraffes", outline_mark="outline_dice", cross_mark="heavy_x_lollipops",
            clue_change="total_appended"),
    Style46("s_saunderbrk_grosgrain_stepladder", "grosgrain_ribbon", (28, 28, 32), "tiny_watermelon_wedge",
            "saunder.ttf", ("stepladder_shadow", "jpeg"), clue_scale=(1.12, 1.2), clue_gap=GAP,
            grid="barrier_chain_majors", light_mark="light_ice_cream_cones", outline_mark="outline_watch_bracelet",
            cross_mark="heavy_x_corn_cobs", clue_change="line_echoed", missing_bare=True),
    Style46("s_lakeshorebrk_rocksugar_teaspoon", "black_rock_sugar", (36, 30, 30), "none", "lakeshor.ttf",
            ("teaspoon_margin", "jpeg"), clue_scale=(1.1, 1.18), clue_gap=GAP, grid="wooden_dowel_majors",
            light_mark="light_jellyfish", outline_mark="outline_sewing_buttons", cross_mark="heavy_x_dumbbells",
            clue_change="rotated"),
    Style46("s_sarcasticbrk_yarnskein_mousemat", "yarn_skein_strands", (30, 28, 34), "tiny_blue_dragonfly",
            "sarcasti.ttf", ("cloth_mouse_mat", "jpeg"), clue_scale=(1.12, 1.2), clue_gap=GAP,
            grid="fairy_light_majors", light_mark="light_scooters", outline_mark="outline_macarons",
            cross_mark="heavy_x_cricket_bats", clue_change="one_halved", missing_bare=True),
    Style46("s_bewilderthickbrk_gostones_eggcratefoam", "go_stones", (26, 26, 28), "none", "bewildet.ttf",
            ("egg_crate_foam", "jpeg"), clue_scale=(1.12, 1.2), clue_gap=GAP, grid="daisy_chain_majors",
            light_mark="light_scooters", outline_mark="outline_dice", cross_mark="heavy_x_corn_cobs",
            clue_change="inner_pair_swapped"),
    Style46("s_nymonakbrk_puerhcake_cactusshadow", "pressed_puerh_cake", (38, 28, 24), "none", "nymonak.ttf",
            ("potted_cactus_shadow", "jpeg"), clue_scale=(1.02, 1.1), clue_gap=GAP, grid="barrier_chain_majors",
            light_mark="light_jellyfish", outline_mark="outline_sewing_buttons", cross_mark="heavy_x_cricket_bats",
            clue_change="mirror_copy"),
    Style46("s_variancebrk_flatwashers_clementine", "black_flat_washers", (30, 30, 34), "none", "variance.ttf",
            ("clementine_margin", "jpeg"), clue_scale=(0.98, 1.06), clue_gap=GAP, grid="wooden_dowel_majors",
            light_mark="light_giraffes", outline_mark="outline_macarons", cross_mark="heavy_x_lollipops",
            clue_change="one_raised_by_two"),
    Style46("s_keptclues_crinkleshred_eraser", "crinkle_cut_paper_shred", (26, 26, 30), "tiny_orange_slice", None,
            ("eraser_margin", "jpeg"), grid="kept", light_mark="light_ice_cream_cones",
            outline_mark="outline_watch_bracelet", cross_mark="heavy_x_dumbbells", clue_change="retyped_line",
            missing_bare=True),
)

CHANGE_FONT = "gasping.ttf"  # Gasping BRK: the retyped line of a changed clue on the kept page

# Every face's Debian package (all from fonts-aenigma).
DEBIAN_FACES = {s.clue_font: "fonts-aenigma" for s in HELDOUT46 if s.clue_font} | {CHANGE_FONT: "fonts-aenigma"}


def face_path(name: str):
    """A clue face's file, as ``nonogram_answers.font_path`` finds it."""
    return font_path(name)


# ------------------------------------------------------------------------------------------ clues


def _retype_lines46(img: Image.Image, layout: dict[str, Any], row_vals, col_vals,
                    lines: list[tuple[str, int]]) -> None:
    """The changed lines' strips erased and their numbers typed again in :data:`CHANGE_FONT`, at the input's size
    and spacing (the page that keeps the input's clues) where they fit, fitted by :func:`nonogram_heldout44._fit44`
    otherwise: two numbers of the retyped row as far apart as on a redrawn page (a wide face's figures would
    otherwise sit closer than the gap between two of its numbers), its widest number clear of the neighbour
    column's."""
    d = ImageDraw.Draw(img)
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    rb, cb = layout["row_clue_bbox"], layout["col_clue_bbox"]
    rows, cols = layout["rows"], layout["cols"]
    ch, cw = (gy1 - gy0) / rows, (gx1 - gx0) / cols
    for kind, i in lines:
        if kind == "row":
            d.rectangle([0, gy0 + i * ch + 2, rb[2] - 2, gy0 + (i + 1) * ch - 2], fill=(255, 255, 255))
        else:
            d.rectangle([gx0 + i * cw + 2, 0, gx0 + (i + 1) * cw - 2, cb[3] - 2], fill=(255, 255, 255))
    ref = _digit_h(_font(INPUT_FONT, layout["clue_font_px"]))
    off = max(8, layout["cell_px"] // 4)
    fit_rows = [row_vals[i] for kind, i in lines if kind == "row"] or [["0"]]
    fit_cols = [col_vals[i] for kind, i in lines if kind == "col"] or [["0"]]
    face, gap, slot = _fit46(CHANGE_FONT, ref, 0, 0.6 * layout["clue_font_px"] / ref,
                             1.2 * layout["clue_font_px"] / ref, fit_rows, fit_cols, gx0 - off - 6, gy0 - off - 6, cw)
    W, H = img.size
    alpha = np.zeros((H, W), np.float32)
    for r, vals in enumerate(row_vals):
        if ("row", r) in lines:
            x = gx0 - off
            for t in reversed(vals):
                wt = face.width(t)
                _stamp(alpha, face, t, x - wt / 2, gy0 + (r + 0.5) * ch)
                x -= wt + gap
    for c, vals in enumerate(col_vals):
        if ("col", c) in lines:
            for k, t in enumerate(vals):
                _stamp(alpha, face, t, gx0 + (c + 0.5) * cw, gy0 - off - (len(vals) - k - 0.5) * slot)
    _ink_onto(img, alpha, (0, 0, 0))


def _change46(truth: dict[str, Any], mode: str, rng: random.Random) -> tuple[str, int, list[str]]:
    """A changed clue as :func:`nonogram_heldout44._change44` makes it, or (``figure_stuttered``) one single-figure
    number of a line written with its figure twice (3 as 33; a number of at least 2 on a line of two or more numbers
    first, then any single-figure number of at least 1), or (``total_appended``) the line's total written after its
    numbers as one more number, or (``line_echoed``) the line's numbers written twice over (both on a line of two or
    more numbers first, then on any line with a number of at least 1). Where no line has a number of at least 1, one
    number is one more or less."""
    lines = [(kind, i, v) for kind in ("row", "col") for i, v in enumerate(_values(truth[f"{kind}_clues"]))]
    live = [x for x in lines if any(int(t) >= 1 for t in x[2])]
    if mode == "figure_stuttered":
        opts = [(x, k) for x in live for k, t in enumerate(x[2]) if len(t) == 1 and int(t) >= 1]
        best = [o for o in opts if len(o[0][2]) >= 2 and int(o[0][2][o[1]]) >= 2]
        if opts:
            (kind, i, v), k = rng.choice(best or opts)
            return kind, i, v[:k] + [v[k] * 2] + v[k + 1:]
        mode = "off_by_one"
    if mode in ("total_appended", "line_echoed"):
        opts = [x for x in live if len(x[2]) >= 2] or live
        if opts:
            kind, i, v = rng.choice(opts)
            if mode == "total_appended":
                return kind, i, v + [str(sum(int(t) for t in v))]
            return kind, i, v + v
        mode = "off_by_one"
    return _change44(truth, mode, rng)


# ------------------------------------------------------------------------------------------ fills


def _tex46(kind: str, w: int, h: int, colour, g: np.random.Generator,
           rng: random.Random) -> tuple[np.ndarray, np.ndarray | None]:
    """A filled cell's picture (h, w, 3 float) in ``kind`` and its coverage (None: it covers the whole cell)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    ct = tuple(float(v) for v in colour)
    s = float(min(w, h))
    alpha = None
    if kind == "black_rubber_band_heap":  # black rubber bands heaped: thin flattened loops, a lit edge on each
        img = Image.new("RGB", (w, h), _tone(ct, 0.5))
        d = ImageDraw.Draw(img)
        L = max(8.0, s / 1.8)
        wd = max(1, round(L / 12))
        loop = [(0.5 * math.cos(t), 0.17 * math.sin(t)) for t in np.linspace(0, 2 * math.pi, 24)]
        for _ in range(int(w * h / (L * L) * 9) + 8):
            x, y, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, math.pi)
            sq = rng.uniform(0.6, 1.8)  # how open the band lies
            tone = round(rng.uniform(0.85, 1.2), 2)
            pts = _rotated([(u, v * sq) for u, v in loop], x, y, a, L)
            d.line(pts, fill=_tone(ct, tone), width=wd + 1, joint="curve")
            d.line(pts[3:9], fill=_tone(ct, tone, 0.26), width=1)  # the rubber's lit edge
        tex = np.asarray(img, np.float32).copy()
    elif kind == "pencil_lead_refills":  # pencil lead refills: thin graphite rods crossing, a grey sheen along each
        img = Image.new("RGB", (w, h), _tone(ct, 0.45))
        d = ImageDraw.Draw(img)
        L = max(8.0, s / 1.5)
        wd = max(2, round(s / 11))
        for _ in range(int(w * h / (L * L) * 11) + 8):
            x, y, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, math.pi)
            tone = round(rng.uniform(0.85, 1.15), 2)
            d.line(_rotated([(-0.5, 0.0), (0.5, 0.0)], x, y, a, L), fill=_tone(ct, tone), width=wd)
            o = -0.25 * wd / L
            d.line(_rotated([(-0.48, o), (0.48, o)], x, y, a, L), fill=_tone(ct, tone, 0.22), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "black_raffia_strands":  # black raffia: flat crinkled strands at a slant, a lit crease on each
        img = Image.new("RGB", (w, h), _tone(ct, 0.5))
        d = ImageDraw.Draw(img)
        bw = max(3.0, s / 5.5)
        a0 = rng.uniform(0.3, 0.7)
        for _ in range(int(2.6 * (w + h) / bw) + 6):
            x, y, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, a0 + rng.uniform(-0.25, 0.25)
            tone = round(rng.uniform(0.8, 1.2), 2)
            us = np.arange(-0.8 * s, 0.8 * s, 0.8 * bw)
            pts = [(float(u), 0.15 * bw * (1 if k % 2 else -1)) for k, u in enumerate(us)]  # the crinkles
            d.line(_rotated(pts, x, y, a, 1.0), fill=_tone(ct, tone), width=max(2, round(bw)))
            d.line(_rotated([(u, o - 0.2 * bw) for u, o in pts], x, y, a, 1.0), fill=_tone(ct, tone, 0.2), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "black_safety_pin_heap":  # black safety pins heaped: two wires, the coil at one end, the clasp
        img = Image.new("RGB", (w, h), _tone(ct, 0.5))
        d = ImageDraw.Draw(img)
        L = max(9.0, s / 1.7)
        wd = max(1, round(L / 14))
        for _ in range(int(w * h / (L * L) * 7) + 6):
            x, y, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, 2 * math.pi)
            tone = round(rng.uniform(0.85, 1.2), 2)
            d.line(_rotated([(-0.45, 0.0), (0.42, 0.0)], x, y, a, L), fill=_tone(ct, tone), width=wd + 1)
            d.line(_rotated([(-0.45, 0.0), (0.36, -0.1)], x, y, a, L), fill=_tone(ct, tone), width=wd + 1)
            (cx, cy), = _rotated([(-0.48, -0.03)], x, y, a, L)
            _disc(d, cx, cy, 0.07 * L, outline=_tone(ct, tone, 0.18), width=1)  # the coil
            d.polygon(_rotated([(0.3, -0.15), (0.5, -0.12), (0.5, 0.04), (0.3, 0.03)], x, y, a, L),
                      fill=_tone(ct, tone * 1.05), outline=_tone(ct, 0.6))  # the clasp
            d.line(_rotated([(0.32, -0.12), (0.48, -0.1)], x, y, a, L), fill=_tone(ct, tone, 0.3), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "crepe_rubber_sole":  # crepe rubber: a dark sole's wrinkled, spongy crests and hollows
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        n = _noise0(g, h, w, max(1.0, 0.05 * s)) + 0.5 * _noise0(g, h, w, max(0.7, 0.025 * s))
        crest = np.clip(1 - np.abs(n), 0, 1)
        tex *= (0.8 + 0.45 * crest + 0.04 * _noise0(g, h, w, 0.6))[..., None]
    elif kind == "grosgrain_ribbon":  # black grosgrain ribbon: fine ribs across, a soft sheen, a selvedge each side
        p = max(2.5, s / 14)
        rib = 0.5 + 0.5 * np.sin(2 * math.pi * yy / p)
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        tex *= (0.85 + 0.3 * rib + 0.04 * _noise0(g, h, w, 0.8))[..., None]
        sheen = 0.1 * np.exp(-(((xx / w) - rng.uniform(0.25, 0.75)) / 0.2) ** 2)
        tex = tex + (255 - tex) * sheen[..., None]
        for y0 in (0.0, h - max(2.0, 0.06 * h)):
            band = (yy >= y0) & (yy < y0 + max(2.0, 0.06 * h))
            tex[band] = _lift(col, 0.1)  # the selvedge
    elif kind == "black_rock_sugar":  # black rock sugar: angular crystals, a lit facet and a glint on each
        img = Image.new("RGB", (w, h), _tone(ct, 0.45))
        d = ImageDraw.Draw(img)
        r0 = max(3.0, s / 4.5)
        for _ in range(int(w * h / (r0 * r0) * 1.4) + 6):
            x, y = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h
            r = r0 * rng.uniform(0.7, 1.3)
            n = rng.randint(4, 6)
            a0 = rng.uniform(0, 2 * math.pi)
            pts = [(x + r * rng.uniform(0.7, 1.0) * math.cos(a0 + 2 * math.pi * k / n),
                    y + r * rng.uniform(0.7, 1.0) * math.sin(a0 + 2 * math.pi * k / n)) for k in range(n)]
            tone = round(rng.uniform(0.85, 1.2), 2)
            d.polygon(pts, fill=_tone(ct, tone), outline=_tone(ct, 0.6))
            d.polygon([pts[0], pts[1], (x, y)], fill=_tone(ct, tone, 0.16))  # the lit facet
            d.point((x - 0.2 * r, y - 0.2 * r), fill=_tone(ct, tone, 0.5))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "yarn_skein_strands":  # plied black yarn wound in strands: the plies' twist lit along each
        img = Image.new("RGB", (w, h), _tone(ct, 0.55))
        d = ImageDraw.Draw(img)
        sw = max(3.0, s / 6)
        slope = rng.uniform(-0.12, 0.12)
        for y0 in np.arange(-sw, h + sw, sw * 0.85):
            y0 = float(y0) + rng.uniform(-0.1, 0.1) * sw
            tone = round(rng.uniform(0.85, 1.15), 2)
            d.line([(0, y0), (w, y0 + slope * w)], fill=_tone(ct, tone), width=max(2, round(sw)))
            for x in np.arange(rng.uniform(0, 0.6 * sw), w, 0.6 * sw):
                yc = y0 + slope * float(x)
                d.line([(x, yc - 0.4 * sw), (x + 0.35 * sw, yc + 0.4 * sw)], fill=_tone(ct, tone, 0.16), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "go_stones":  # black go stones: round lenses, a soft sheen and a glint on each
        img = Image.new("RGB", (w, h), _tone(ct, 0.4))
        d = ImageDraw.Draw(img)
        r = max(3.0, s / 4.4)
        for x, y in _staggered(w, h, 2.0 * r):
            x, y = x + rng.uniform(-0.1, 0.1) * r, y + rng.uniform(-0.1, 0.1) * r
            tone = round(rng.uniform(0.9, 1.1), 2)
            _disc(d, x, y, r, fill=_tone(ct, tone), outline=_tone(ct, 0.5))
            _disc(d, x - 0.3 * r, y - 0.3 * r, 0.35 * r, fill=_tone(ct, tone, 0.08))  # the sheen
            d.point((x - 0.4 * r, y - 0.42 * r), fill=_tone(ct, tone, 0.55))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "pressed_puerh_cake":  # a pressed pu-erh tea cake: flattened leaves, some reddish, pressed unevenly
        img = Image.new("RGB", (w, h), _tone(ct, 0.55))
        d = ImageDraw.Draw(img)
        ln = max(3.5, s / 5)
        leaf = [(0.5 * math.cos(t), 0.18 * math.sin(t)) for t in np.linspace(0, 2 * math.pi, 12, endpoint=False)]
        for _ in range(int(w * h / (ln * ln) * 2.4) + 8):
            x, y, a = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h, rng.uniform(0, math.pi)
            tone = round(rng.uniform(0.8, 1.2), 2)
            red = rng.random() < 0.15
            d.polygon(_rotated(leaf, x, y, a, ln * rng.uniform(0.7, 1.3)),
                      fill=_tone(ct, tone, 0.08, (16, 4, 0)) if red else _tone(ct, tone), outline=_tone(ct, 0.6))
        tex = np.asarray(img, np.float32).copy()
        tex *= (1 + 0.06 * _noise0(g, h, w, max(1.0, 0.1 * s)))[..., None]
    elif kind == "black_flat_washers":  # black flat washers heaped: a ring with its hole, a lit bevel on each
        img = Image.new("RGB", (w, h), _tone(ct, 0.45))
        d = ImageDraw.Draw(img)
        r0 = max(3.0, s / 4.2)
        for _ in range(int(w * h / (r0 * r0) * 0.6) + 4):
            x, y = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h
            r = r0 * rng.uniform(0.85, 1.15)
            tone = round(rng.uniform(0.85, 1.15), 2)
            _disc(d, x, y, r, fill=_tone(ct, tone), outline=_tone(ct, 0.55))
            _disc(d, x, y, 0.38 * r, fill=_tone(ct, 0.4))  # the hole shows the heap below
            d.arc([x - 0.85 * r, y - 0.85 * r, x + 0.85 * r, y + 0.85 * r], 200, 260, fill=_tone(ct, tone, 0.3),
                  width=1)  # the lit bevel
            d.arc([x - 0.38 * r, y - 0.38 * r, x + 0.38 * r, y + 0.38 * r], 20, 80, fill=_tone(ct, tone, 0.2), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "crinkle_cut_paper_shred":  # crinkle-cut black paper shred: zigzag strips, each fold's face lit
        img = Image.new("RGB", (w, h), _tone(ct, 0.5))
        d = ImageDraw.Draw(img)
        sw = max(2.0, s / 9)
        for _ in range(int(w * h / (s * s) * 12) + 8):
            x, y, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, math.pi)
            ln = s * rng.uniform(0.6, 1.0)
            tone = round(rng.uniform(0.85, 1.2), 2)
            us = np.arange(-ln / 2, ln / 2, 0.6 * sw)
            pts = _rotated([(float(u), 0.35 * sw * (1 if k % 2 else -1)) for k, u in enumerate(us)], x, y, a, 1.0)
            d.line(pts, fill=_tone(ct, tone), width=max(2, round(sw)))
            for k in range(0, len(pts) - 1, 2):
                d.line(pts[k:k + 2], fill=_tone(ct, tone, 0.2), width=1)  # the lit face of every other fold
        tex = np.asarray(img, np.float32).copy()
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255), alpha


def _draw_fill46(img: Image.Image, box, style: Style46, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07)
    w, h = bx - ax, by - ay
    if not light:
        tex, alpha = _tex46(style.fill, w, h, style.fill_colour, g, rng)
        _paste(img, tex, ax, ay, alpha)
        return
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = _ink(style)
    s = float(min(w, h))
    lay, ld = _layer(w, h)
    p = max(7.0, s / 2.8)
    lw = max(1, round(p / 11))
    for x, y in _staggered(w, h, p):
        r = p * 0.26
        if light == "light_ice_cream_cones":  # ice-cream cones: a cone with its waffle lines, two scoops on top
            ld.polygon([(x - 0.35 * r, y - 0.05 * r), (x + 0.35 * r, y - 0.05 * r), (x, y + 0.8 * r)], fill=255)
            ld.line([(x - 0.2 * r, y + 0.05 * r), (x + 0.08 * r, y + 0.45 * r)], fill=0, width=1)  # the waffle
            ld.line([(x + 0.2 * r, y + 0.05 * r), (x - 0.08 * r, y + 0.45 * r)], fill=0, width=1)
            _disc(ld, x - 0.14 * r, y - 0.28 * r, 0.3 * r, fill=255)
            _disc(ld, x + 0.14 * r, y - 0.5 * r, 0.28 * r, fill=255)
        elif light == "light_giraffes":  # giraffes: a body, a long neck up to the head, four legs, dark spots
            ld.ellipse([x - 0.5 * r, y - 0.1 * r, x + 0.3 * r, y + 0.3 * r], fill=255)
            ld.line([(x + 0.2 * r, y), (x + 0.45 * r, y - 0.8 * r)], fill=255, width=max(lw, round(0.16 * r)))
            ld.ellipse([x + 0.38 * r, y - 0.95 * r, x + 0.75 * r, y - 0.75 * r], fill=255)
            for lx in (-0.4, -0.25, 0.1, 0.22):
                ld.line([(x + lx * r, y + 0.2 * r), (x + lx * r, y + 0.75 * r)], fill=255, width=lw)
            for sx, sy in ((-0.25, 0.05), (0.0, 0.15), (0.15, 0.0)):
                _disc(ld, x + sx * r, y + sy * r, max(0.5, 0.06 * r), fill=0)
        elif light == "light_scooters":  # kick scooters: a deck, two small wheels, the stem and its handlebar
            ld.rectangle([x - 0.6 * r, y + 0.22 * r, x + 0.4 * r, y + 0.34 * r], fill=255)
            for wx in (-0.5, 0.42):
                _disc(ld, x + wx * r, y + 0.46 * r, 0.15 * r, fill=255)
            ld.line([(x + 0.4 * r, y + 0.3 * r), (x + 0.28 * r, y - 0.7 * r)], fill=255, width=max(lw, round(0.1 * r)))
            ld.line([(x + 0.08 * r, y - 0.7 * r), (x + 0.48 * r, y - 0.7 * r)], fill=255, width=lw)
        elif light == "light_jellyfish":  # jellyfish: a round bell, wavy trailing tentacles
            ld.pieslice([x - 0.45 * r, y - 0.7 * r, x + 0.45 * r, y + 0.2 * r], 180, 360, fill=255)
            for k in range(4):
                tx = x + (-0.3 + 0.2 * k) * r
                ld.line([(tx, y - 0.25 * r), (tx + 0.1 * r, y + 0.1 * r), (tx - 0.08 * r, y + 0.4 * r),
                         (tx + 0.06 * r, y + 0.7 * r)], fill=255, width=lw)
        else:
            raise ValueError(light)
    alpha = 0.2 + 0.34 * _m(lay)
    _paste_rgba(img, tex, cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.5), ax, ay)


_PIPS = {1: [(0.5, 0.5)], 2: [(0.3, 0.3), (0.7, 0.7)], 3: [(0.28, 0.28), (0.5, 0.5), (0.72, 0.72)],
         4: [(0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)],
         5: [(0.28, 0.28), (0.72, 0.28), (0.5, 0.5), (0.28, 0.72), (0.72, 0.72)],
         6: [(0.3, 0.25), (0.3, 0.5), (0.3, 0.75), (0.7, 0.25), (0.7, 0.5), (0.7, 0.75)]}


def _draw_outline46(img: Image.Image, box, style: Style46, rng: random.Random) -> None:
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
    v = np.clip(across / f, 0, 1)  # 0 at the outer edge, 1 at the inner
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    corner = ((xx < f) | (xx > w - 1 - f)) & ((yy < f) | (yy > h - 1 - f))
    m = band.astype(np.float32)
    if kind == "outline_sewing_buttons":  # sewing buttons round the cell: a raised rim, four holes each
        pt = max(5.0, f * 1.1)
        u = (along % pt) / pt
        dist = np.hypot(u - 0.5, v - 0.5)
        button = band & (dist < 0.47)
        tex[:] = col * 0.5
        tex[button] = col
        tex[button & (dist > 0.36) & (u + v < 1.0)] = _lift(col, 0.2)  # the rim's lit side
        for hu in (0.38, 0.62):
            for hv in (0.38, 0.62):
                tex[button & (np.hypot(u - hu, v - hv) < 0.07)] = col * 0.45  # the holes
        tex[band & corner] = col * 0.85
    elif kind == "outline_dice":  # dice round the cell: rounded cubes, their pips lighter
        pt = max(4.0, f * 1.05)
        u = (along % pt) / pt
        face = (np.floor(along / pt) % 6 + 1).astype(np.int32)
        die = band & (((u - 0.5) / 0.46) ** 4 + ((v - 0.5) / 0.46) ** 4 < 1)
        tex[:] = col * 0.5
        tex[die] = col
        for n, spots in _PIPS.items():
            sel = die & (face == n)
            for pu, pv in spots:
                tex[sel & (np.hypot(u - pu, v - pv) < 0.09)] = _lift(col, 0.35)
        tex[band & corner] = col * 0.85
    elif kind == "outline_watch_bracelet":  # a steel watch bracelet's links round the cell: a brushed centre, pins
        pt = max(4.0, f * 0.9)
        u = (along % pt) / pt
        link = band & (np.abs(u - 0.5) < 0.44) & (np.abs(v - 0.5) < 0.47)
        tex[:] = col * 0.45
        tex[link] = col
        tex[link & (np.abs(v - 0.5) < 0.12)] = _lift(col, 0.2)  # the brushed centre
        tex[link & (np.hypot(u - 0.5, v - 0.15) < 0.07)] = col * 0.6  # the pin's head
        tex[band & corner] = col * 0.85
    elif kind == "outline_macarons":  # macarons end to end: two shells, a paler filling, the ruffled feet
        pt = max(5.0, f * 1.5)
        u = (along % pt) / pt
        mac = band & (((u - 0.5) / 0.45) ** 4 + ((v - 0.5) / 0.46) ** 4 < 1)
        tex[:] = col * 0.45
        tex[mac] = col
        tex[mac & (np.abs(v - 0.5) < 0.09)] = _lift(col, 0.22)  # the filling
        feet = mac & ((np.abs(v - 0.34) < 0.04) | (np.abs(v - 0.66) < 0.04)) & ((along % 2.0) < 1.0)
        tex[feet] = col * 0.7
        tex[mac & (v < 0.24) & (np.abs(u - 0.4) < 0.15)] = _lift(col, 0.15)  # the shell's shine
        tex[band & corner] = col * 0.85
    else:
        raise ValueError(kind)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross46(img: Image.Image, box, style: Style46, rng: random.Random) -> None:
    """A planted x_instead cell: an X of two objects where a fill belongs."""
    kind = style.cross_mark
    ax, ay, bx, by = _inner(box, 0.06)
    w, h = bx - ax, by - ay
    s = float(min(w, h))
    col = _ink(style)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    a = 0.14 * s
    arms = (((a, a), (w - a, h - a)), ((w - a, a), (a, h - a)))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    wid = max(4.0, s / 4.2)
    m = np.zeros((h, w), np.float32)
    for k, (p, q) in enumerate(arms):
        if k:
            p, q = q, p
        t, n, ln = _stroke_coords(p, q, xx, yy)
        tl = t * ln  # along the arm in pixels
        if kind == "heavy_x_lollipops":  # two lollipops: a round sweet with its swirl, a thin stick
            stick = (np.abs(n) < wid * 0.1) & (t > 0.3) & (t < 1.03)
            rad = np.hypot(tl - 0.2 * ln, n)
            sweet = rad < wid * 0.62
            part = stick | sweet
            tex[stick] = _lift(col, 0.12)
            tex[sweet] = col
            ang = np.arctan2(n, tl - 0.2 * ln)
            tex[sweet & (np.sin(ang + rad / max(1.0, wid * 0.1)) > 0.6)] = _lift(col, 0.22)  # the swirl
        elif kind == "heavy_x_dumbbells":  # two dumbbells: a knurled bar, a heavy plate and collar at each end
            bar = (np.abs(n) < wid * 0.11) & (t > 0.06) & (t < 0.94)
            plates = (np.abs(n) < wid * 0.5) & ((np.abs(t - 0.13) < 0.05) | (np.abs(t - 0.87) < 0.05))
            collars = (np.abs(n) < wid * 0.26) & ((np.abs(t - 0.21) < 0.025) | (np.abs(t - 0.79) < 0.025))
            part = bar | plates | collars
            tex[part] = col
            tex[bar & ((tl % 3.0) < 1.0)] = col * 0.75  # the knurling
            tex[plates & (n < -wid * 0.3)] = _lift(col, 0.22)  # the plates' lit rims
        elif kind == "heavy_x_cricket_bats":  # two cricket bats: a gripped handle, a broad blade with its ridge
            handle = (np.abs(n) < wid * 0.12) & (t > -0.02) & (t < 0.34)
            half = wid * np.clip(0.12 + (t - 0.3) * 4.0, 0.12, 0.36)
            blade = (np.abs(n) < half) & (t >= 0.3) & (t < 1.0) & ~((t > 0.95) & (np.abs(n) > wid * 0.25))
            part = handle | blade
            tex[part] = col
            tex[handle & ((tl % 3.0) < 1.2)] = col * 0.75  # the rubber grip's rings
            tex[blade & (np.abs(n) < wid * 0.06)] = _lift(col, 0.2)  # the blade's ridge
        elif kind == "heavy_x_corn_cobs":  # two corn cobs: rows of kernels on a tapering cob, husk leaves at one end
            half = wid * 0.36 * np.sqrt(np.clip(1 - ((t - 0.55) / 0.5) ** 2, 0, 1))
            cob = (np.abs(n) < half) & (t > 0.05) & (t < 1.04)
            husk = (np.abs(n) < wid * 0.45 * np.clip((0.2 - t) / 0.2, 0, 1)) & (t > -0.04) & (t < 0.2)
            part = cob | husk
            tex[part] = col
            kk = max(2.5, wid * 0.22)
            ku, kv = (tl % kk) / kk, (np.abs(n) % kk) / kk
            tex[cob & (np.abs(ku - 0.45) < 0.22) & (np.abs(kv - 0.45) < 0.22)] = _lift(col, 0.22)  # the kernels
            tex[husk & (np.abs(n) < 0.8)] = _lift(col, 0.2)  # the husk's midrib
        else:
            raise ValueError(kind)
        m = np.maximum(m, part.astype(np.float32))
    m = cv2.GaussianBlur(m, (0, 0), 0.4)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(m, 0, 1).astype(np.float32), ax, ay)


def _draw_empty46(img: Image.Image, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    d = ImageDraw.Draw(img)
    if kind == "none":
        return
    r = max(2.2, 0.065 * s)
    if kind == "tiny_orange_slice":  # a tiny orange slice: the rind, pale lines between the segments
        _disc(d, cx, cy, r, fill=(244, 160, 56), outline=(222, 126, 30))
        for k in range(3):
            q = k * math.pi / 3
            d.line([(cx - 0.75 * r * math.cos(q), cy - 0.75 * r * math.sin(q)),
                    (cx + 0.75 * r * math.cos(q), cy + 0.75 * r * math.sin(q))], fill=(252, 222, 170), width=1)
    elif kind == "tiny_grape_bunch":  # a tiny bunch of purple grapes on a green stalk
        for gx, gy in ((-0.4, -0.3), (0.0, -0.3), (0.4, -0.3), (-0.2, 0.1), (0.2, 0.1), (0.0, 0.5)):
            _disc(d, cx + gx * r, cy + gy * r, 0.28 * r, fill=(156, 96, 170))
        d.line([(cx, cy - 0.55 * r), (cx + 0.3 * r, cy - r)], fill=(110, 160, 90), width=1)
    elif kind == "tiny_watermelon_wedge":  # a tiny watermelon wedge: red flesh, a green rind, pale pips
        d.pieslice([cx - r, cy - r, cx + r, cy + r], 20, 160, fill=(234, 96, 104))
        d.arc([cx - r, cy - r, cx + r, cy + r], 20, 160, fill=(90, 160, 90), width=max(1, round(0.25 * r)))
        for px in (-0.3, 0.3):
            d.point((cx + px * r, cy + 0.45 * r), fill=(250, 230, 220))
    elif kind == "tiny_blue_dragonfly":  # a tiny blue dragonfly: a slim body, four pale wings
        for wx, wy in ((-0.55, -0.2), (0.55, -0.2), (-0.45, 0.15), (0.45, 0.15)):
            d.ellipse([cx + wx * r - 0.45 * r, cy + wy * r - 0.16 * r, cx + wx * r + 0.45 * r, cy + wy * r + 0.16 * r],
                      fill=(186, 212, 236))
        d.line([(cx, cy - 0.5 * r), (cx, cy + r)], fill=(60, 110, 176), width=max(1, round(0.2 * r)))
        _disc(d, cx, cy - 0.55 * r, 0.18 * r, fill=(60, 110, 176))
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids


def _draw_grid46(img: Image.Image, L: dict[str, Any], rng: random.Random, name: str, inp: np.ndarray | None) -> None:
    if name == "kept":
        _draw_grid32(img, L, rng, "kept", inp)
        return
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    thin = max(1, round(s / 30))
    _pen_minors(d, L, thin)
    if name == "daisy_chain_majors":  # each block line a chain of small daisies on a green stem
        r = max(3.0, 0.085 * s)
        for vertical, c, a0, a1 in _major_segments(L, r):
            d.line(_seg_pts(vertical, c, [(a0, 0.0), (a1, 0.0)]), fill=(48, 98, 42), width=max(3, round(s / 14)))
            for u in np.arange(a0, a1 + 0.1, 3.6 * r):
                (x, y), = _seg_pts(vertical, c, [(u, 0.0)])
                q0 = rng.uniform(0, math.pi / 3)
                for k in range(6):
                    q = q0 + k * math.pi / 3
                    _disc(d, x + 0.6 * r * math.cos(q), y + 0.6 * r * math.sin(q), 0.4 * r, fill=(246, 244, 238),
                          outline=(132, 132, 122))
                _disc(d, x, y, 0.36 * r, fill=(226, 164, 30), outline=(170, 116, 20))
        return
    if name == "barrier_chain_majors":  # each block line a red-and-white plastic barrier chain, links in turn
        lk = max(5.0, 0.16 * s)
        wd = max(2.0, 0.035 * s)
        lw = max(2, round(0.5 * wd))
        for vertical, c, a0, a1 in _major_segments(L, wd):
            for k, u in enumerate(np.arange(a0, a1, 0.8 * lk)):
                u1 = min(float(u) + lk, a1)
                red = k % 2 == 0
                fill, edge = ((190, 36, 40), (130, 20, 24)) if red else ((238, 236, 230), (120, 118, 112))
                if k % 4 in (0, 1):  # a link seen flat: an oval ring
                    box = [c - wd, u, c + wd, u1] if vertical else [u, c - wd, u1, c + wd]
                    d.ellipse(box, outline=edge, width=lw + 1)
                    d.ellipse(box, outline=fill, width=lw)
                else:  # a link seen edge-on: a short bar
                    pts = _seg_pts(vertical, c, [(u, 0.0), (u1, 0.0)])
                    d.line(pts, fill=edge, width=lw + 2)
                    d.line(pts, fill=fill, width=lw)
        return
    if name == "wooden_dowel_majors":  # each block line a wooden dowel: a lit top, a shaded side, end grain
        wd = max(3.0, 0.065 * s)
        for vertical, c, a0, a1 in _major_segments(L, wd / 2):
            d.line(_seg_pts(vertical, c, [(a0, 0.0), (a1, 0.0)]), fill=(150, 104, 60), width=round(wd))
            d.line(_seg_pts(vertical, c, [(a0, -0.3 * wd), (a1, -0.3 * wd)]), fill=(198, 152, 102), width=1)
            d.line(_seg_pts(vertical, c, [(a0, 0.35 * wd), (a1, 0.35 * wd)]), fill=(108, 70, 38), width=1)
            for _k in range(int((a1 - a0) / (2 * s)) + 2):  # the grain's streaks
                u = rng.uniform(a0, a1 - 0.3 * s)
                o = rng.uniform(-0.2, 0.2) * wd
                d.line(_seg_pts(vertical, c, [(u, o), (u + rng.uniform(0.1, 0.3) * s, o)]), fill=(124, 84, 46),
                       width=1)
            for e in (a0, a1):
                (x, y), = _seg_pts(vertical, c, [(e, 0.0)])
                _disc(d, x, y, 0.5 * wd, fill=(206, 168, 118), outline=(140, 96, 56))  # the sawn end
        return
    if name == "fairy_light_majors":  # each block line a string of fairy lights: two twisted wires, warm bulbs
        r = max(1.8, 0.045 * s)
        amp = max(1.0, 0.02 * s)
        per = max(4.0, 0.12 * s)
        for vertical, c, a0, a1 in _major_segments(L, r):
            us = np.arange(a0, a1 + 0.5, per / 6)
            for sgn in (1, -1):
                pts = [(float(u), sgn * amp * math.sin(2 * math.pi * (u - a0) / per)) for u in us]
                d.line(_seg_pts(vertical, c, pts), fill=(36, 70, 40), width=2, joint="curve")
            for u in np.arange(a0 + 0.25 * s, a1, 0.5 * s):
                (x, y), = _seg_pts(vertical, c, [(float(u), 0.0)])
                _disc(d, x, y, r, fill=(250, 204, 92), outline=(204, 146, 44))
                _disc(d, x - 0.25 * r, y - 0.25 * r, 0.35 * r, fill=(255, 242, 196))  # the glow
        return
    raise ValueError(name)


# ------------------------------------------------------------------------------------------ pages


def _tt_table(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A table-tennis table's blue top: a broad white edge line, the thin white centre line."""
    out = _table(g, H, W, (38, 84, 128), 0.03, 3)
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    e = rng.uniform(0.03, 0.05) * big
    if rng.random() < 0.5:
        d.rectangle([0, e, W, e + 0.022 * big], fill=(236, 238, 240))  # the edge line along the top
    else:
        d.rectangle([e, 0, e + 0.022 * big, H], fill=(236, 238, 240))  # the edge line down the left
    cx = rng.uniform(0.3, 0.7) * W
    d.rectangle([cx, 0, cx + 0.006 * big, H], fill=(232, 234, 236))  # the centre line
    out = np.asarray(img, np.float32).copy()
    yy = np.mgrid[0:H, 0:W][0].astype(np.float32)
    return out * (1 + 0.05 * (0.5 - yy / H))[..., None]  # the top's satin sheen


def _baking_tray(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A dark seasoned baking tray: brown baked-on patches, a rolled rim round its edge."""
    out = _table(g, H, W, (72, 68, 66), 0.05, 6)
    patina = np.clip(_smooth(g, H, W, 0.05 * big), 0, 2)
    out = out * (1 - 0.12 * patina[..., None]) + np.asarray((30, 16, 0), np.float32) * (0.3 * patina[..., None])
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    m = 0.03 * big
    d.rounded_rectangle([m, m, W - m, H - m], radius=round(0.04 * big), outline=(150, 146, 142),
                        width=max(4, round(0.012 * big)))  # the rolled rim
    d.rounded_rectangle([m + 0.014 * big, m + 0.014 * big, W - m - 0.014 * big, H - m - 0.014 * big],
                        radius=round(0.03 * big), outline=(44, 42, 40), width=2)
    return np.asarray(img, np.float32).copy()


def _cane_webbing(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A cane chair seat's woven webbing: pale cane strands across, down and on both diagonals over the dark
    room below, in the octagonal pattern of hand-caned seats."""
    out = _table(g, H, W, (46, 34, 26), 0.06, 5)
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    p = 0.05 * big
    sw = max(2, round(0.008 * big))
    cane, edge = (216, 186, 130), (170, 136, 84)
    for k in range(-int((H + W) / p) - 2, int((H + W) / p) + 2):
        c = k * p + p / 2
        d.line([(c, 0), (c + H, H)], fill=edge, width=sw)  # the two diagonals
        d.line([(c, 0), (c - H, H)], fill=edge, width=sw)
    for x in np.arange(0, W + p, p):
        for o in (-0.1, 0.1):
            d.line([(x + o * p, 0), (x + o * p, H)], fill=cane, width=sw)
    for y in np.arange(0, H + p, p):
        for o in (-0.1, 0.1):
            d.line([(0, y + o * p), (W, y + o * p)], fill=cane, width=sw)
    out = np.asarray(img, np.float32).copy()
    return out * (1 + 0.04 * _noise0(g, H, W, 1.0))[..., None]


def _moving_blanket(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A quilted blue moving blanket: puffy diamonds between stitched seams, a black binding along one edge."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    p = 0.08 * big
    out = np.empty((H, W, 3), np.float32)
    out[:] = (58, 86, 150)
    du = np.abs(((xx + yy) / p) % 1 - 0.5)
    dv = np.abs(((xx - yy) / p) % 1 - 0.5)
    seam = np.minimum(0.5 - du, 0.5 - dv)  # 0 on a seam, 0.5 in a diamond's middle
    out *= (0.84 + 0.32 * np.clip(seam * 2.5, 0, 1) + 0.03 * _noise0(g, H, W, 0.8))[..., None]
    stitch = (seam < 0.015) & ((np.floor((xx + 0.5 * yy) / max(3.0, 0.008 * big)) % 2) == 0)
    out[stitch] = (120, 146, 200)
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    bx = rng.choice((0.0, 0.96)) * W
    d.rectangle([bx, 0, bx + 0.04 * W, H], fill=(30, 30, 34))  # the binding
    return np.asarray(img, np.float32).copy()


def _mouse_mat(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A large black cloth mouse mat on a pale desk: a fine weave, a grey stitched edge, rounded corners."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    out = _table(g, H, W, (200, 196, 188), 0.03, 3)  # the desk
    mat = np.empty((H, W, 3), np.float32)
    mat[:] = (34, 34, 38)
    mat *= (1 + 0.05 * np.sin(xx * 2.2) * np.sin(yy * 2.2) + 0.04 * _noise0(g, H, W, 0.8))[..., None]
    m = round(0.02 * big)
    lay, ld = _layer(W, H)
    ld.rounded_rectangle([m, m, W - m, H - m], radius=round(0.04 * big), fill=255)
    inside = np.asarray(lay) > 0
    out[inside] = mat[inside]
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    e = m + 0.008 * big
    dash = max(4.0, 0.01 * big)
    for x in np.arange(e + 0.04 * big, W - e - 0.04 * big, 2 * dash):  # the stitched edge
        for y in (e, H - e):
            d.line([(x, y), (x + dash, y)], fill=(150, 150, 156), width=2)
    for y in np.arange(e + 0.04 * big, H - e - 0.04 * big, 2 * dash):
        for x in (e, W - e):
            d.line([(x, y), (x, y + dash)], fill=(150, 150, 156), width=2)
    return np.asarray(img, np.float32).copy()


def _egg_crate_foam(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """An egg-crate foam mattress topper: pale yellow foam in rows of bumps lit from the upper left, open pores."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    p = 0.06 * big
    ph = 2 * math.pi / p
    bump = np.sin(xx * ph) * np.sin(yy * ph)
    lit = -(np.cos(xx * ph) * np.sin(yy * ph) + np.sin(xx * ph) * np.cos(yy * ph))  # slopes facing the upper left
    out = np.empty((H, W, 3), np.float32)
    out[:] = (226, 206, 146)
    pores = np.clip(_noise0(g, H, W, 0.6) - 1.2, 0, 2)
    out *= (1 + 0.06 * bump + 0.08 * lit - 0.08 * pores)[..., None]
    return out


def _page46(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    g = _nrng(rng)
    h, w = a.shape[:2]
    big = max(h, w)
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "table_tennis_table":
        return _bg_page(a, lambda H, W: _tt_table(g, rng, H, W, big), rng, g, 0.4)
    if e == "baking_tray":
        return _bg_page(a, lambda H, W: _baking_tray(g, rng, H, W, big), rng, g, 0.35)
    if e == "cane_webbing_seat":
        return _bg_page(a, lambda H, W: _cane_webbing(g, rng, H, W, big), rng, g, 0.4)
    if e == "quilted_moving_blanket":
        return _bg_page(a, lambda H, W: _moving_blanket(g, rng, H, W, big), rng, g, 0.45)
    if e == "cloth_mouse_mat":
        return _bg_page(a, lambda H, W: _mouse_mat(g, rng, H, W, big), rng, g, 0.35)
    if e == "egg_crate_foam":
        return _bg_page(a, lambda H, W: _egg_crate_foam(g, rng, H, W, big), rng, g, 0.4)
    if e == "drying_rack_shadow":  # a clothes drying rack by the window: its rails and bars cast across the page
        out = _page_on(a, lambda H, W: _table(g, H, W, (190, 178, 160), 0.03, 3), rng, g, 0.09, 3.0, 0.3)
        H, W = out.shape[:2]
        lay, ld = _layer(W, H)
        ang = rng.uniform(-0.35, 0.35)
        cx, cy = rng.uniform(0.4, 0.6) * W, rng.uniform(0.4, 0.6) * H
        span = 0.75 * big
        for o in (-0.5, 0.5):  # the two rails
            ld.line(_rotated([(-span, o * 0.5 * big), (span, o * 0.5 * big)], cx, cy, ang, 1.0), fill=255,
                    width=round(0.016 * big))
        for u in np.arange(-0.6, 0.61, 0.11):  # the bars across
            ld.line(_rotated([(u * big, -0.25 * big), (u * big, 0.25 * big)], cx, cy, ang, 1.0), fill=255,
                    width=max(3, round(0.008 * big)))
        return _grain(_cast_shadow(out, lay, big, 0.004, 0.2), g, 2.0)
    if e == "stepladder_shadow":  # a stepladder by the lamp: two rails and its treads slanted across the page
        out = _page_on(a, lambda H, W: _table(g, H, W, (178, 164, 140), 0.03, 3), rng, g, 0.09, 3.0, 0.3)
        H, W = out.shape[:2]
        lay, ld = _layer(W, H)
        ang = rng.uniform(0.5, 0.9) * rng.choice((-1, 1))
        cx, cy = rng.uniform(0.35, 0.65) * W, rng.uniform(0.35, 0.65) * H
        half = 0.11 * big
        for o in (-half, half):
            ld.line(_rotated([(-big, o), (big, o)], cx, cy, ang, 1.0), fill=255, width=round(0.03 * big))
        for u in np.arange(-1.0, 1.0, 0.2):
            ld.polygon(_rotated([(u * big, -half), (u * big + 0.04 * big, -half), (u * big + 0.04 * big, half),
                                 (u * big, half)], cx, cy, ang, 1.0), fill=255)  # a tread
        return _grain(_cast_shadow(out, lay, big, 0.005, 0.2), g, 2.0)
    if e == "potted_cactus_shadow":  # a potted cactus on the sill: its pot, trunk and two raised arms
        out = _page_on(a, lambda H, W: _table(g, H, W, (196, 182, 160), 0.03, 3), rng, g, 0.09, 3.0, 0.3)
        H, W = out.shape[:2]
        lay, ld = _layer(W, H)
        cx, base = rng.uniform(0.3, 0.7) * W, H * rng.uniform(1.0, 1.08)
        tw = 0.09 * big
        ld.polygon([(cx - 0.12 * big, base), (cx - 0.1 * big, base - 0.16 * big), (cx + 0.1 * big, base - 0.16 * big),
                    (cx + 0.12 * big, base)], fill=255)  # the pot
        top = base - rng.uniform(0.75, 0.9) * big
        ld.rounded_rectangle([cx - tw / 2, top, cx + tw / 2, base - 0.15 * big], radius=round(tw / 2), fill=255)
        for sgn, y0, hgt in ((-1, rng.uniform(0.45, 0.55), 0.22), (1, rng.uniform(0.3, 0.4), 0.2)):
            ay = base - y0 * big
            ax = cx + sgn * 0.16 * big
            aw = 0.065 * big
            ld.rounded_rectangle([min(cx, ax) - aw / 2, ay - aw / 2, max(cx, ax) + aw / 2, ay + aw / 2],
                                 radius=round(aw / 2), fill=255)  # the arm's elbow
            ld.rounded_rectangle([ax - aw / 2, ay - hgt * big, ax + aw / 2, ay + aw / 2], radius=round(aw / 2),
                                 fill=255)  # the arm raised
        return _grain(_cast_shadow(out, lay, big, 0.006, 0.19), g, 2.0)
    if e in ("teaspoon_margin", "eraser_margin", "clementine_margin"):
        return _margin_object(a, rng, g, L, e, big)
    raise ValueError(e)


def _margin_object(a: np.ndarray, rng: random.Random, g: np.random.Generator, L: dict[str, Any], kind: str,
                   big: int) -> np.ndarray:
    w = a.shape[1]
    if kind == "clementine_margin":  # a clementine on the widened left margin
        ml = round(0.24 * w)
        page = _extend(a, left=ml)
        Hp, Wp = page.shape[:2]
        R = 0.3 * ml
        cx, cy = 0.5 * ml, Hp * rng.uniform(0.3, 0.7)
    else:  # a teaspoon or an eraser on the widened right margin
        page = _extend(a, right=round(0.22 * w))
        Hp, Wp = page.shape[:2]
        x0 = _free_x(L, w)
        R = 0.3 * (Wp - x0)
        cx, cy = x0 + 0.5 * (Wp - x0), Hp * rng.uniform(0.3, 0.7)
    lay, ld = _layer(Wp, Hp)
    if kind == "teaspoon_margin":  # a steel teaspoon lying upright: an oval bowl, a slim handle widening at its end
        bowl = [cx - 0.42 * R, cy - 1.5 * R, cx + 0.42 * R, cy - 0.5 * R]
        handle = [(cx - 0.08 * R, cy - 0.55 * R), (cx + 0.08 * R, cy - 0.55 * R), (cx + 0.2 * R, cy + 1.5 * R),
                  (cx - 0.2 * R, cy + 1.5 * R)]
        ld.ellipse(bowl, fill=255)
        ld.polygon(handle, fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.08 * R, 0.1 * R, 0.08 * R, 0.3)
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        d.ellipse(bowl, fill=(168, 170, 176), outline=(112, 114, 120))
        d.ellipse([cx - 0.25 * R, cy - 1.35 * R, cx + 0.05 * R, cy - 0.8 * R], fill=(214, 216, 222))  # the bowl's shine
        d.polygon(handle, fill=(160, 162, 168), outline=(112, 114, 120))
        d.line([(cx - 0.03 * R, cy - 0.4 * R), (cx - 0.08 * R, cy + 1.4 * R)], fill=(222, 224, 230), width=2)
    elif kind == "eraser_margin":  # a plain pink eraser with a worn corner, its crumbs beside it
        ang = rng.uniform(-0.3, 0.3)
        block = _rotated([(-0.45, -0.9), (0.45, -0.9), (0.45, 0.8), (0.3, 0.95), (-0.45, 0.95)], cx, cy, ang, R)
        ld.polygon(block, fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.08 * R, 0.1 * R, 0.08 * R, 0.3)
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        d.polygon(block, fill=(236, 150, 160), outline=(196, 110, 122))
        d.line(_rotated([(-0.4, -0.85), (0.4, -0.85)], cx, cy, ang, R), fill=(248, 190, 198), width=2)  # the lit top
        d.polygon(_rotated([(0.45, 0.8), (0.3, 0.95), (0.2, 0.95), (0.45, 0.65)], cx, cy, ang, R),
                  fill=(214, 128, 140))  # the worn corner
        for _k in range(9):  # the crumbs
            bx, by = cx + rng.uniform(-0.8, 0.8) * R, cy + rng.uniform(1.1, 1.6) * R
            _disc(d, bx, by, rng.uniform(0.03, 0.07) * R, fill=(214, 150, 156))
    else:  # the clementine: dimpled orange peel lit from the upper left, a stem with one green leaf
        _disc(ld, cx, cy, R, fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.1 * R, 0.12 * R, 0.12 * R, 0.3)
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        _disc(d, cx, cy, R, fill=(236, 128, 36))
        _disc(d, cx - 0.3 * R, cy - 0.3 * R, 0.4 * R, fill=(246, 160, 70))  # the lit side
        for _k in range(40):  # the peel's dimples
            q, rr = rng.uniform(0, 2 * math.pi), R * math.sqrt(rng.uniform(0, 0.85))
            d.point((cx + rr * math.cos(q), cy + rr * math.sin(q)), fill=(210, 108, 28))
        _disc(d, cx + 0.05 * R, cy - 0.92 * R, 0.08 * R, fill=(92, 110, 50))  # the stem
        d.polygon([(cx + 0.1 * R, cy - 0.95 * R), (cx + 0.5 * R, cy - 1.3 * R), (cx + 0.75 * R, cy - 1.15 * R),
                   (cx + 0.4 * R, cy - 0.9 * R)], fill=(74, 132, 60), outline=(52, 100, 44))  # the leaf
    M = round(0.05 * big)
    bg = _table(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (150, 138, 124), 0.04, 3)
    return _grain(_on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.35, g), g, 1.8)


# ------------------------------------------------------------------------------------------ answers


def draw_page46(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style46,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes (RGB), the random state the page changes go on with and the page's
    geometry (``grid_bbox``, ``rows``, ``cols``, mean cell width ``cw`` and height ``ch``, the column and row edges
    ``xs`` and ``ys``, ``keep``, the box round the clues and the grid; ``_box25`` gives a cell's box)."""
    rng = random.Random(f"h46:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = _change46(truth, style.clue_change, rng) if plan["clue"] else None
    row_vals, col_vals = _line_values(truth, change)
    img = input_image.convert("RGB").copy()
    if style.clue_font:
        _redraw_clues44(img, layout, row_vals, col_vals, style, rng)
    elif change:
        _retype_lines46(img, layout, row_vals, col_vals, _changed_lines(change))
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
                _draw_fill46(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill46(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline46(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross46(img, box, style, rng)
            elif not ((r, c) in filled and style.missing_bare):
                _draw_empty46(img, box, style.empty, rng)
    _draw_grid46(img, L, rng, style.grid, inp)
    return np.asarray(img), rng, L


def make_answer46(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style46,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page46(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page46(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out[..., :3])
