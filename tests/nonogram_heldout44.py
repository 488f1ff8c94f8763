"""HELDOUT44, measured blind on 88ec740 (the forty-ninth session's verifier with a cast-shadow rule that was then
taken out; written during that session, so not measured on its start or its final code), never looked at: **365/432**
right (84.5 %), **0 false passes**, 0 unreadable and 0 confident false fails (seed 5,
``tools/measure_nonogram_family.py nonogram_heldout44:HELDOUT44 --seed 5``). By planted error: none 38/72, extra_light
72, extra_outline 72, x_instead 72, missing 71, clue_changed 40 (of 72 each). Studied since the fifty-first session:
396 on rubric 81 with the train-v6 model, 404 (93.5 %) on rubric 82 (e73f54c), 0 false passes.

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved nonogram:
clue faces from sources no earlier nonogram family, test, install list or digit-reader training names. With no installs
allowed, Debian's plain font packages and the PyPI font wheels spent, all twelve are further faces of Brian Kent's from
Debian's fonts-aenigma (free to redistribute and change, the package's copyright says), none an earlier family's, each
file's prefix new: a squared sans with stepped, pixel-cut curves (Alpha Beta BRK, ``alphbeta.ttf``), a wide geometric
sans (Kinkaid BRK, ``kinkaid.ttf``), a wide rounded sans (Bendable BRK, ``bendable.ttf``), a wide squared face with a
slashed zero (Binary CHR BRK, ``binchrt.ttf``), a bold pixel face with rounded corners (Edit Undo BRK,
``editundo.ttf``), a light sans with an open, stepped 4 (Amplitude BRK, ``amplitud.ttf``), a wide heavy squat face
(Jawbreaker BRK, ``jawbreak.ttf``), a condensed squared sans (Quandary BRK, ``quandary.ttf``), a wide squared face
(Square Route BRK, ``sqroute.ttf``), a bold rounded sans (Gravitate BRK, ``gravitat.ttf``, routed into the maple sign),
a condensed slanted hand (Withstand BRK, ``withstan.ttf``, drawn with the doodle board's magnetic pen), and for the
retyped line on the page that keeps the input's clues a heavy squared sans (Yesterday BRK, ``yesterda.ttf``). Fills no
earlier family uses (wood ear fungus with its translucent brown rims, beluga lentils, a heap of black rubber O-rings,
black coat buttons with their four holes and thread, quilled coils of black paper strip, a black coiled telephone cord
laid in rows, a shoe brush's black bristle tufts, chocolate sandwich cookies with their embossing, long pepper catkins,
willow charcoal sticks side by side, a routed pocket painted black, the doodle screen's honeycomb cells pulled dark by
the pen); empty-cell marks drawn in new ways (a tiny red toadstool with white spots, a tiny brass key, a tiny orange
carrot, a tiny pale blue-grey feather); the planted errors drawn in new ways (pale elephants, snowmen, robots or paper
lanterns, each over a light tint; a frame of sugar cubes, of maki rolls, of a paper chain, of sausage links; an X of two
handsaws, of two garden trowels, of two paint rollers, of two combs; all in the fill's colour); a changed clue that has
two neighbouring numbers written as one, the length from the first run's start to the second run's end with the empty
cells between them counted in (``spanned_pair``, new here), has one number of at least 3 written as 1
(``one_set_to_one``, new here), has one number doubled, gains a number between two of its numbers, has one unit moved
between two of its numbers, is written from its largest number down, has two neighbouring unequal numbers swapped, is
written as its total, has one number split in two, or (on the page that keeps the input's clues) has one number one more
or less; a missing fill left bare on a page whose other empty cells carry marks; grids drawn in new ways (pen lines
under block lines of a navy crochet chain; of a row of overlapping blank copper and brass coins; of small grey river
pebbles touching; of a piped shell border of chocolate icing); two styles that redraw the whole puzzle in a new medium
(a maple sign with a routed round-over edge, hung by a jute cord from two screw eyes, the grid routed in V-grooves with
broad painted grooves for the block lines, the clues routed and painted black and each filled cell a routed pocket
painted black; a child's magnetic doodle board, a red plastic frame round a honeycomb screen with the eraser's slider
and yellow knob below and the pen clipped at the side, the grid, the clues and the cells drawn with the magnetic pen);
and page changes no earlier family uses (the page on a varnished maple gym floor with a red court line and the blue arc
of the key; on vinyl records spread on a dark rug beside a card sleeve; on a heap of roasted coffee beans; on a stack of
firewood seen end on; on quarter-turned office carpet tiles; the photographer's own shadow, head, shoulders and arms
raised to the phone, across the page's foot; the shadow of a dreamcatcher with its web and feathers; a ring light's
round reflection on glossy paper; two AA cells on the widened right margin; a wine cork and a drop of wine on the
widened left margin; the sign hung on sage-green tongue-and-groove panelling; the doodle board on a car's back seat).

Clues written anew are drawn with the figures of a number set at least a sixth of a figure's height apart (at the
smallest clue size a tight face's 1 would touch its 4 or 5, and 14 or 15 close into an H or a B). On the input's page
they are sized by their digits' height as drawn and fitted to its clue strips (as in HELDOUT25 to HELDOUT43), two
numbers of a row always further apart than two figures of one number by most of a figure's height (0.85 of it, or 0.9 of
a zero's width, wider than the earlier families set them; the size lowered by up to a fifth where a row would not fit,
past that the fitted gap stays), and written smaller where a column's widest number would otherwise sit closer to its
neighbour column's than two thirds of a figure's height past the space inside a number; the redrawn puzzles space their
clues by the digits' height, measured on the drawn figures, a row's numbers as far apart as on the input's page.

Doubts noted rather than made unfair: of fonts-aenigma's many faces most were left out as too hard to read (outlined,
striped, stencilled, shattered, dotted, dingbat or 3D faces), and, tried and dropped: Bandwidth Bandless for a 13 that
closes into a B at the smallest clue size, Encapsulate Plain for a 13 and an 18 crowding into B-like shapes there,
Underwhelmed for the flagged 1s of an 11 that join into a pi, Registry for a 6 like a G and a 4 like an H at clue size,
Backlash for an 8 like a 6 at clue size, Galapogos, Gather, Galvanize, Jeopardize, Forcible and Nominal for S-like 5s,
Ecliptic for a 4 like an N and a 6 like a G, Ryuker and Wager for an 8 like a B, Xhume for a 0 like a D and an 8 like a
B, Zenith for an 8 like an ampersand, Revert for a hooked 7, Chintzy CPU for a 1 so small that 11 shrinks to two specks,
Monkey Phonics for a slanted 4 like a y, Systematic TT as too near Edit Undo, Mishmash ALT1 and ALT2 and Crackdown R 2
as sisters of faces earlier families took, Nanosecond Thick as a cut of a face an earlier family dropped; Obstacle,
Automatica, Turmoil, Yielding, Regenerate, Vigilance and Combustion I were readable and left for later families. Alpha
Beta's figures are squared with stepped curves; Kinkaid's wide with flat-sided rounds, its 1 a bar cut at a slant;
Bendable's wide and rounded, its 1 a bare bar (so 11 is two bars); Binary CHR's wide and squared, its 0 slashed, its 1
flagged; Edit Undo's bold and pixel-stepped; Amplitude's light, its 4 open and stepped (written a little larger);
Jawbreaker's wide, heavy and squat, its 7 a flat bar and a short stem (written smaller where its columns are narrow);
Quandary's condensed and squared; Square Route's wide and squared, its 1 a bare bar and its 7 a flat bar and a stem;
Gravitate's bold and rounded, its 4 open; Withstand's a condensed slanted hand (written a little larger); Yesterday's
heavy and squared. The maple's grain changes the board by a few grey levels; each routed figure's lit cut wall lies a
pixel beyond its strokes and is only a little lighter than the board; the round-over edge, the cord and the screw eyes
lie outside the clues and the grid; the doodle screen's honeycomb changes it by a few grey levels, the pen's marks are
greyer than ink on paper (the honeycomb's walls a little lighter across each stroke), but a drawn cell is still far
darker than an empty one; the frame, the slider and the pen lie outside the screen; the photographer's shadow darkens
the page by at most a quarter and the dreamcatcher's by at most a fifth; the ring light lifts the page at most three
tenths of the way to white along a narrow soft ring, so a fill under it stays dark; the gym floor, records, beans,
firewood, carpet tiles, panelling and car seat lie round the page, never on it (the records' labels and the court lines
carry no figures); the AA cells carry no printing and lie, like the cork, on a widened margin; the crochet, coin, pebble
and icing block lines are broader and less even than a ruled line and reach a little into the cells' borders (the coins
are blank); the fills have some paler features (the fungus's brown rims and gloss, the lentils' glints, the rings' lit
arcs, the buttons' rims and thread, the coils' lit strip edges, the cord's lit crests, the bristles' tips, the cookies'
embossing, the catkins' knobs, the charcoal's lit sides and dust, the cutter's swirls, the screen's lighter honeycomb
walls) over a dark ground, and a person sees a filled cell at once; the toadstool is small, red and white, the key small
and brass, the carrot small and orange, the feather small and pale blue-grey; the planted pale marks are a light tint
with darker-than-tint shapes over it, plainly darker than the paper; a spanned number is larger than its two numbers
together and may no longer fit its line (a clue no grid solves is still a changed clue; where no line of a puzzle holds
two numbers, one number is one more or less); a number set to 1 was at least 3; the retyped clue line on the page that
keeps the input's clues is in a different face from its neighbours; the style names begin ``s_`` as HELDOUT28's to
HELDOUT43's do (the names themselves differ from every earlier one).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer44` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout44:HELDOUT44`` measures them like the earlier families.
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
from nonogram_heldout17 import _erase_grid17, _font, _inner, _lift, _paste
from nonogram_heldout19 import _layer, _m, _on_table
from nonogram_heldout21 import _extend
from nonogram_heldout22 import _noise0
from nonogram_heldout24 import _perimeter, _values
from nonogram_heldout25 import INPUT_FONT, _box25, _changed_lines, _digit_h, _line_values, _major, _stroke_coords
from nonogram_heldout29 import _free_x
from nonogram_heldout30 import _rotated, _shadow
from nonogram_heldout32 import _draw_grid32, _grain, _smooth, _table
from nonogram_heldout33 import _major_segments, _page_on, _pen_minors, _staggered
from nonogram_heldout34 import _c, _seg_pts
from nonogram_heldout35 import _ink
from nonogram_heldout38 import _clip8, _disc, _stamp
from nonogram_heldout39 import _bg_page, _cast_shadow, _ink_onto
from nonogram_heldout40 import _Face40, _run_mask
from nonogram_heldout42 import _change42
from nonogram_heldout43 import _ring_pt, _tone
from PIL import Image, ImageDraw


@dataclass(frozen=True)
class Style44(Style):
    """A HELDOUT44 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``routed_maple_sign``, ``magnetic_doodle_board``; empty
    keeps the input's frame), ``clue_change`` how a planted clue_changed answer alters its line (as in HELDOUT42, or
    ``spanned_pair``: two neighbouring numbers written as one, the length from the first run's start to the second
    run's end, or ``one_set_to_one``: one number of at least 3 written as 1) and ``missing_bare`` whether a missing
    fill is left bare rather than marked like the other empty cells. ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""
    clue_change: str = "extra"
    missing_bare: bool = False

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer44(input_image, layout, truth, self, error, seed)


GAP = (0.6, 0.8)  # a row's numbers further apart than the earlier families set them

HELDOUT44 = (
    Style44("s_alphabetabrk_woodearfungus_gymfloor", "wood_ear_fungus", (34, 26, 24), "none", "alphbeta.ttf",
            ("gym_floor_lines", "jpeg"), clue_scale=(1.0, 1.08), clue_gap=GAP, grid="crochet_chain_majors",
            light_mark="light_elephants", outline_mark="outline_sugar_cubes", cross_mark="heavy_x_handsaws",
            clue_change="spanned_pair"),
    Style44("s_kinkaidbrk_belugalentils_vinylrecords", "beluga_lentils", (30, 30, 34), "tiny_mushroom",
            "kinkaid.ttf", ("vinyl_record_stack", "jpeg"), clue_scale=(1.0, 1.08), clue_gap=GAP,
            grid="coin_row_majors", light_mark="light_snowmen", outline_mark="outline_maki_rolls",
            cross_mark="heavy_x_trowels", clue_change="one_set_to_one", missing_bare=True),
    Style44("s_bendablebrk_rubberorings_coffeebeans", "rubber_o_rings", (28, 28, 30), "none", "bendable.ttf",
            ("coffee_bean_heap", "jpeg"), clue_scale=(1.0, 1.08), clue_gap=GAP, grid="pebble_row_majors",
            light_mark="light_robots", outline_mark="outline_paper_chain", cross_mark="heavy_x_paint_rollers",
            clue_change="one_doubled"),
    Style44("s_binarychr_coatbuttons_firewood", "black_coat_buttons", (36, 34, 38), "tiny_key", "binchrt.ttf",
            ("firewood_log_ends", "jpeg"), clue_scale=(0.98, 1.06), clue_gap=GAP, grid="piped_icing_majors",
            light_mark="light_lanterns", outline_mark="outline_sausage_links", cross_mark="heavy_x_combs",
            clue_change="spanned_pair", missing_bare=True),
    Style44("s_editundobrk_quilledcoils_carpettiles", "quilled_coils", (32, 32, 38), "none", "editundo.ttf",
            ("office_carpet_tiles", "jpeg"), clue_scale=(0.98, 1.06), clue_gap=GAP, grid="crochet_chain_majors",
            light_mark="light_elephants", outline_mark="outline_paper_chain", cross_mark="heavy_x_combs",
            clue_change="insert_middle"),
    Style44("s_amplitudebrk_phonecord_headshadow", "coiled_phone_cord", (26, 26, 28), "tiny_carrot",
            "amplitud.ttf", ("photographer_head_shadow", "jpeg"), clue_scale=(1.06, 1.14), clue_gap=GAP,
            grid="coin_row_majors", light_mark="light_robots", outline_mark="outline_sugar_cubes",
            cross_mark="heavy_x_trowels", clue_change="one_set_to_one", missing_bare=True),
    Style44("s_jawbreakerbrk_bristletufts_dreamcatcher", "bristle_tufts", (30, 28, 26), "none", "jawbreak.ttf",
            ("dreamcatcher_shadow", "jpeg"), clue_scale=(0.98, 1.06), clue_gap=GAP, grid="pebble_row_majors",
            light_mark="light_snowmen", outline_mark="outline_maki_rolls", cross_mark="heavy_x_handsaws",
            clue_change="transfer"),
    Style44("s_quandarybrk_sandwichcookies_ringlight", "chocolate_sandwich_cookies", (42, 30, 28), "tiny_feather",
            "quandary.ttf", ("ring_light_glare", "jpeg"), clue_scale=(1.02, 1.1), clue_gap=GAP,
            grid="piped_icing_majors", light_mark="light_lanterns", outline_mark="outline_sausage_links",
            cross_mark="heavy_x_paint_rollers", clue_change="descending", missing_bare=True),
    Style44("s_squareroutebrk_longpepper_batteries", "long_pepper_catkins", (42, 34, 30), "none", "sqroute.ttf",
            ("aa_battery_margin", "jpeg"), clue_scale=(0.98, 1.06), clue_gap=GAP, grid="crochet_chain_majors",
            light_mark="light_robots", outline_mark="outline_maki_rolls", cross_mark="heavy_x_combs",
            clue_change="inner_pair_swapped"),
    Style44("s_keptclues_charcoalsticks_winecork", "willow_charcoal_sticks", (32, 32, 34), "tiny_mushroom", None,
            ("wine_cork_margin", "jpeg"), grid="kept", light_mark="light_snowmen",
            outline_mark="outline_paper_chain", cross_mark="heavy_x_handsaws", clue_change="retyped_line",
            missing_bare=True),
    Style44("s_gravitatebrk_routedpaint_redrawroutedsign", "routed_black_paint", (28, 26, 26), "none",
            "gravitat.ttf", ("tongue_groove_panelling", "jpeg"), clue_colour=(28, 26, 26), clue_scale=(1.06, 1.14),
            light_mark="light_lanterns", outline_mark="outline_sugar_cubes", cross_mark="heavy_x_trowels",
            clue_change="summed", redraw="routed_maple_sign"),
    Style44("s_withstandbrk_magneticdots_redrawmagnadoodle", "magnetic_doodle_dots", (46, 50, 62), "none",
            "withstan.ttf", ("car_back_seat", "jpeg"), clue_colour=(46, 50, 62), clue_scale=(1.14, 1.22),
            light_mark="light_elephants", outline_mark="outline_sausage_links", cross_mark="heavy_x_paint_rollers",
            clue_change="split", redraw="magnetic_doodle_board"),
)

CHANGE_FONT = "yesterda.ttf"  # Yesterday BRK: the retyped line of a changed clue on the kept page

# Every face's Debian package (all from fonts-aenigma).
DEBIAN_FACES = {s.clue_font: "fonts-aenigma" for s in HELDOUT44 if s.clue_font} | {CHANGE_FONT: "fonts-aenigma"}


def face_path(name: str):
    """A clue face's file, as ``nonogram_answers.font_path`` finds it."""
    return font_path(name)


# ------------------------------------------------------------------------------------------ clues


class _Face44(_Face40):
    """A clue face as :class:`nonogram_heldout40._Face40` draws it, a number's figures set at least a sixth of a
    figure's height apart (at the smallest clue size a tight face's 1 would touch its 4 or 5, and 14 or 15 close
    into an H or a B)."""

    def mask(self, text: str) -> tuple[np.ndarray, int]:
        if text in self.cache:
            return self.cache[text]
        if len(text) < 2:
            self.cache[text] = _run_mask(self.font, text, self.stroke)
            return self.cache[text]
        parts = [self.mask(ch) for ch in text]
        track = max(1.5, 0.16 * self.mask("0")[0].shape[0])
        pos, x = [], 0.0
        for i, (m, _) in enumerate(parts):
            pos.append(round(x))
            if i + 1 < len(parts):
                pair = _run_mask(self.font, text[i:i + 2], self.stroke)[0].shape[1]
                x += m.shape[1] + max(pair - m.shape[1] - parts[i + 1][0].shape[1], track)
        top = min(t for _, t in parts)
        out = np.zeros((max(t + m.shape[0] for m, t in parts) - top, pos[-1] + parts[-1][0].shape[1]), np.float32)
        for (m, t), x0 in zip(parts, pos):
            sub = out[t - top:t - top + m.shape[0], x0:x0 + m.shape[1]]
            np.maximum(sub, m, out=sub)
        self.cache[text] = (out, top)
        return self.cache[text]


def _retype_lines44(img: Image.Image, layout: dict[str, Any], row_vals, col_vals,
                    lines: list[tuple[str, int]]) -> None:
    """The changed lines' strips erased and their numbers typed again in :data:`CHANGE_FONT`, at the input's size
    and spacing (the page that keeps the input's clues)."""
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
    face = _Face44(CHANGE_FONT, _digit_h(_font(INPUT_FONT, layout["clue_font_px"])))
    while face.h > 7 and max([face.width(t) for v in col_vals for t in v] + [0]) > cw - face.inner - 0.5 * face.h:
        face = _Face44(CHANGE_FONT, face.h * 0.94)  # a column's widest number kept clear of its neighbours'
    gap = max(int(layout["clue_font_px"] * 0.6), face.inner + 0.4 * face.h)
    slot = int(layout["clue_font_px"] * 1.2)
    off = max(8, layout["cell_px"] // 4)
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


def _fit44(file: str, h: float, stroke: int, gapf: float, slotf: float, row_vals, col_vals, room_w: float,
           room_h: float, col_w: float) -> tuple[_Face44, float, float]:
    """The face, gap and slot at which every row clue fits ``room_w``, every column clue ``room_h`` and every number
    its column, as :func:`nonogram_heldout40._fit40` fits them but in :class:`_Face44`: the widest number of a column
    clue leaves two thirds of a figure's height more room to its neighbour column's than two figures of one number
    leave between them, and the gap between two numbers of a row is at least 0.85 of the figures' height (and 0.9
    of a zero's width) past that space; the size is lowered by up to a fifth to keep that gap, past that the gap
    shrinks towards its floor before the size does."""
    nmax = max(len(v) for v in col_vals)
    h0 = h
    while True:
        face = _Face44(file, h, stroke)
        dh = face.h
        floor = max(dh * 0.55, 0.6 * face.width("0"), face.inner + 0.35 * dh)  # two numbers never read as one
        gap = max(floor, face.inner + max(0.85 * dh, 0.9 * face.width("0")), dh * gapf)
        slot = dh * slotf
        if (nmax - 0.5) * slot + dh * 0.6 > room_h:
            slot = max(dh * 1.3, (room_h - dh * 0.6) / (nmax - 0.5))
        widths = [(sum(face.width(t) for t in v), len(v)) for v in row_vals]
        widest = max(face.width(t) for v in col_vals for t in v)
        col_ok = widest + face.inner + 0.65 * dh <= col_w and (nmax - 0.5) * slot + dh * 0.6 <= room_h
        if col_ok and all(tw + gap * (n - 1) <= room_w for tw, n in widths):
            return face, gap, slot
        if col_ok and h < 0.8 * h0:
            over = max((tw + gap * (n - 1) - room_w) / max(1, n - 1) for tw, n in widths)
            gap = max(floor, gap - over)
            if all(tw + gap * (n - 1) <= room_w for tw, n in widths):
                return face, gap, slot
        if dh <= 7:
            return face, floor, slot
        h = min(h, dh) * (min(0.96, col_w / (widest + face.inner + 0.65 * dh)) if not col_ok else 0.95)


def _redraw_clues44(img: Image.Image, layout: dict[str, Any], row_vals, col_vals, style: Style44,
                    rng: random.Random) -> None:
    """The clue strips erased and written again in the style's face, sized by the digits' height as drawn and
    fitted by :func:`_fit44`."""
    d = ImageDraw.Draw(img)
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    rb, cb = layout["row_clue_bbox"], layout["col_clue_bbox"]
    rows, cols = layout["rows"], layout["cols"]
    ch, cw = (gy1 - gy0) / rows, (gx1 - gx0) / cols
    d.rectangle([0, rb[1] + 3, rb[2] - 2, rb[3] - 3], fill=(255, 255, 255))
    d.rectangle([cb[0] + 3, 0, cb[2] - 3, cb[3] - 2], fill=(255, 255, 255))
    ref = _digit_h(_font(INPUT_FONT, layout["clue_font_px"]))
    off = layout["cell_px"] * 0.3
    face, gap, slot = _fit44(style.clue_font, ref * rng.uniform(*style.clue_scale), style.clue_stroke,
                             rng.uniform(*style.clue_gap) * 1.3, rng.uniform(1.55, 1.75), row_vals, col_vals,
                             gx0 - off - 6, gy0 - off - 6, cw)
    W, H = img.size
    alpha = np.zeros((H, W), np.float32)
    for r, vals in enumerate(row_vals):
        x = gx0 - off
        cy = gy0 + (r + 0.5) * ch
        for t in reversed(vals):
            wt = face.width(t)
            _stamp(alpha, face, t, x - wt / 2, cy)
            x -= wt + gap
    for c, vals in enumerate(col_vals):
        cx = gx0 + (c + 0.5) * cw
        for k, t in enumerate(vals):
            _stamp(alpha, face, t, cx, gy0 - off - (len(vals) - k - 0.5) * slot)
    _ink_onto(img, alpha, style.clue_colour)


def _runs(cells: list[int]) -> list[tuple[int, int]]:
    """A line's filled runs as (start, length), in order."""
    out, start = [], None
    for i, v in enumerate(list(cells) + [0]):
        if v and start is None:
            start = i
        elif not v and start is not None:
            out.append((start, i - start))
            start = None
    return out


def _change44(truth: dict[str, Any], mode: str, rng: random.Random) -> tuple[str, int, list[str]]:
    """A changed clue as :func:`nonogram_heldout42._change42` makes it, or (``spanned_pair``) two neighbouring
    numbers of a line written as one, the length from the first run's start to the second run's end with the empty
    cells between them counted in (a line of two or more numbers; where none is found, one number is one more or
    less), or (``one_set_to_one``) one number of at least 3 written as 1 (a line of two or more numbers first; where
    no number is 3 or more, one number is one more or less)."""
    lines = [(kind, i, v) for kind in ("row", "col") for i, v in enumerate(_values(truth[f"{kind}_clues"]))]
    if mode == "spanned_pair":
        sol = truth["solution"]
        cells = {"row": [list(r) for r in sol], "col": [[r[c] for r in sol] for c in range(len(sol[0]))]}
        opts = []
        for kind, i, v in lines:
            runs = _runs(cells[kind][i])
            if len(v) >= 2 and len(runs) == len(v):
                for k in range(len(runs) - 1):
                    (s0, _), (s1, n1) = runs[k], runs[k + 1]
                    opts.append((kind, i, v[:k] + [str(s1 + n1 - s0)] + v[k + 2:]))
        if opts:
            return rng.choice(opts)
        mode = "off_by_one"
    if mode == "one_set_to_one":
        opts = [(x, k) for x in lines for k, t in enumerate(x[2]) if int(t) >= 3]
        best = [o for o in opts if len(o[0][2]) >= 2]
        if opts:
            (kind, i, v), k = rng.choice(best or opts)
            return kind, i, v[:k] + ["1"] + v[k + 1:]
        mode = "off_by_one"
    return _change42(truth, mode, rng)


# ------------------------------------------------------------------------------------------ fills


def _tex44(kind: str, w: int, h: int, colour, g: np.random.Generator,
           rng: random.Random) -> tuple[np.ndarray, np.ndarray | None]:
    """A filled cell's picture (h, w, 3 float) in ``kind`` and its coverage (None: it covers the whole cell)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    ct = tuple(float(v) for v in colour)
    s = float(min(w, h))
    alpha = None
    if kind == "wood_ear_fungus":  # wood ear fungus: glossy black folded ears, a translucent brown rim, a glint
        img = Image.new("RGB", (w, h), _tone(ct, 0.4))
        d = ImageDraw.Draw(img)
        r0 = max(3.0, s / 3.4)
        for _ in range(int(w * h / (r0 * r0) * 0.55) + 3):
            x, y, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, 2 * math.pi)
            r = r0 * rng.uniform(0.8, 1.2)
            tone = round(rng.uniform(0.85, 1.15), 2)
            ph = rng.uniform(0, 2 * math.pi)
            ear = [((0.62 + 0.1 * math.sin(5 * t + ph)) * math.cos(t), (0.46 + 0.08 * math.sin(4 * t - ph))
                    * math.sin(t)) for t in np.linspace(0, 2 * math.pi, 28, endpoint=False)]
            pts = _rotated(ear, x, y, a, r)
            d.polygon(pts, fill=_tone(ct, tone), outline=_tone(ct, 1.0, 0.16, (22, 10, 0)))  # the brown rim
            fold = _rotated([(-0.4, 0.05), (-0.1, -0.08), (0.2, 0.06), (0.42, -0.04)], x, y, a, r)
            d.line(fold, fill=_tone(ct, 0.5), width=max(1, round(r / 9)))  # a fold
            d.arc([x - 0.45 * r, y - 0.35 * r, x + 0.2 * r, y + 0.1 * r], 200, 250, fill=_tone(ct, tone, 0.38),
                  width=1)  # the gloss
        tex = np.asarray(img, np.float32).copy()
    elif kind == "beluga_lentils":  # beluga lentils: tiny glossy black lenses, each with a pinpoint glint
        img = Image.new("RGB", (w, h), _tone(ct, 0.35))
        d = ImageDraw.Draw(img)
        r0 = max(1.7, s / 11)
        lens = [(0.5 * math.cos(t), 0.38 * math.sin(t)) for t in np.linspace(0, 2 * math.pi, 12, endpoint=False)]
        for _ in range(int(w * h / (r0 * r0) * 0.85) + 6):
            x, y, a = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h, rng.uniform(0, math.pi)
            r = r0 * rng.uniform(0.85, 1.15)
            tone = round(rng.uniform(0.85, 1.2), 2)
            d.polygon(_rotated(lens, x, y, a, 2 * r), fill=_tone(ct, tone), outline=_tone(ct, 0.5))
            d.point((x - 0.3 * r, y - 0.25 * r), fill=_tone(ct, tone, 0.5))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "rubber_o_rings":  # a heap of black rubber O-rings: thick round loops, a lit arc on each
        img = Image.new("RGB", (w, h), _tone(ct, 0.5))
        d = ImageDraw.Draw(img)
        r0 = max(3.0, s / 4.6)
        for _ in range(int(w * h / (r0 * r0) * 0.7) + 4):
            x, y = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h
            r, sq = r0 * rng.uniform(0.8, 1.2), rng.uniform(0.6, 1.0)  # seen a little from the side
            wd = max(2, round(0.36 * r))
            tone = round(rng.uniform(0.85, 1.15), 2)
            box = [x - r, y - sq * r, x + r, y + sq * r]
            d.ellipse(box, outline=_tone(ct, tone), width=wd)
            d.arc([x - r + wd / 3, y - sq * r + wd / 3, x + r - wd / 3, y + sq * r - wd / 3], 200, 290,
                  fill=_tone(ct, tone, 0.3), width=1)  # the light along the ring's top
        tex = np.asarray(img, np.float32).copy()
    elif kind == "black_coat_buttons":  # black coat buttons: a raised rim, a dished middle, four holes, thread
        img = Image.new("RGB", (w, h), _tone(ct, 0.45))
        d = ImageDraw.Draw(img)
        r = max(3.0, s / 5.0)
        for x, y in _staggered(w, h, 2.1 * r):
            x, y = x + rng.uniform(-0.12, 0.12) * r, y + rng.uniform(-0.12, 0.12) * r
            tone = round(rng.uniform(0.9, 1.1), 2)
            _disc(d, x, y, r, fill=_tone(ct, tone, 0.14), outline=_tone(ct, 0.55))  # the rim
            _disc(d, x, y, 0.72 * r, fill=_tone(ct, tone))  # the dish
            q = 0.26 * r
            for hx, hy in ((-q, -q), (q, -q), (-q, q), (q, q)):
                _disc(d, x + hx, y + hy, max(0.6, 0.12 * r), fill=_tone(ct, 0.3))
            d.line([(x - q, y - q), (x + q, y + q)], fill=_tone(ct, 1.0, 0.24), width=1)  # the thread's cross
            d.line([(x + q, y - q), (x - q, y + q)], fill=_tone(ct, 1.0, 0.24), width=1)
            d.arc([x - r, y - r, x + r, y + r], 200, 260, fill=_tone(ct, tone, 0.35), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "quilled_coils":  # quilled paper: tight coils of black paper strip, each strip's edge lit
        img = Image.new("RGB", (w, h), _tone(ct, 0.4))
        d = ImageDraw.Draw(img)
        r = max(3.0, s / 4.4)
        for x, y in _staggered(w, h, 1.9 * r):
            x, y = x + rng.uniform(-0.15, 0.15) * r, y + rng.uniform(-0.15, 0.15) * r
            rr = r * rng.uniform(0.9, 1.05)
            tone = round(rng.uniform(0.9, 1.1), 2)
            _disc(d, x, y, rr, fill=_tone(ct, tone), outline=_tone(ct, 0.55))
            turns = max(2.5, rr / 2.2)
            a0 = rng.uniform(0, 2 * math.pi)
            pts = [(x + rr * k / 60 * math.cos(a0 + 2 * math.pi * turns * k / 60),
                    y + rr * k / 60 * math.sin(a0 + 2 * math.pi * turns * k / 60)) for k in range(3, 61)]
            d.line(pts, fill=_tone(ct, tone, 0.26), width=1)  # the strip's lit edge spiralling out
        tex = np.asarray(img, np.float32).copy()
    elif kind == "coiled_phone_cord":  # a black coiled telephone cord laid in rows: overlapping loops, lit crests
        img = Image.new("RGB", (w, h), _tone(ct, 0.45))
        d = ImageDraw.Draw(img)
        p = max(6.0, s / 3.0)
        pitch = 0.34 * p
        wd = max(2, round(0.2 * p))
        for j, y in enumerate(np.arange(p * 0.45, h + p * 0.5, p * 0.9)):
            slope = rng.uniform(-0.06, 0.06)
            for x in np.arange(-p * 0.3 + (j % 2) * pitch / 2, w + p * 0.3, pitch):
                yc = y + slope * (x - w / 2)
                tone = round(rng.uniform(0.9, 1.1), 2)
                box = [x - 0.24 * p, yc - 0.44 * p, x + 0.24 * p, yc + 0.44 * p]
                d.ellipse(box, outline=_tone(ct, tone), width=wd)
                d.arc(box, 160, 220, fill=_tone(ct, tone, 0.32), width=1)  # the coil's lit crest
        tex = np.asarray(img, np.float32).copy()
    elif kind == "bristle_tufts":  # a shoe brush's black bristles: rows of tufts fanning from their holes
        img = Image.new("RGB", (w, h), _tone(ct, 0.5))
        d = ImageDraw.Draw(img)
        p = max(5.0, s / 4.0)
        for x, y in _staggered(w, h, p):
            for _k in range(16):
                dx = rng.uniform(-0.55, 0.55) * p
                tone = round(rng.uniform(0.75, 1.15), 2)
                top = (x + dx, y - rng.uniform(0.35, 0.55) * p)
                d.line([(x + 0.15 * dx, y + 0.45 * p), top], fill=_tone(ct, tone), width=1)
                d.point(top, fill=_tone(ct, tone, 0.28))  # a bristle's lit tip
        tex = np.asarray(img, np.float32).copy()
    elif kind == "chocolate_sandwich_cookies":  # dark chocolate sandwich cookies: an embossed ring and flower
        img = Image.new("RGB", (w, h), _tone(ct, 0.4))
        d = ImageDraw.Draw(img)
        r = max(3.0, s / 4.3)
        for x, y in _staggered(w, h, 2.05 * r):
            x, y = x + rng.uniform(-0.1, 0.1) * r, y + rng.uniform(-0.1, 0.1) * r
            tone = round(rng.uniform(0.9, 1.1), 2)
            _disc(d, x, y, r, fill=_tone(ct, tone), outline=_tone(ct, 0.55))
            d.ellipse([x - 0.8 * r, y - 0.8 * r, x + 0.8 * r, y + 0.8 * r], outline=_tone(ct, tone, 0.16), width=1)
            for k in range(6):  # the embossed petals
                a = k * math.pi / 3
                _disc(d, x + 0.38 * r * math.cos(a), y + 0.38 * r * math.sin(a), max(0.6, 0.16 * r),
                      outline=_tone(ct, tone, 0.2))
            d.arc([x - r, y - r, x + r, y + r], 190, 250, fill=_tone(ct, tone, 0.3), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "long_pepper_catkins":  # long pepper: dark catkins close set, covered in lit knobbly grains
        img = Image.new("RGB", (w, h), _tone(ct, 0.42))
        d = ImageDraw.Draw(img)
        ln, wd = max(8.0, 0.62 * s), max(3.0, 0.17 * s)
        base = rng.uniform(-0.4, 0.4)
        for _ in range(int(w * h / (ln * wd) * 1.4) + 3):
            x, y, a = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h, base + rng.uniform(-0.3, 0.3)
            tone = round(rng.uniform(0.85, 1.15), 2)
            body = [(u * 0.5 * ln / wd, v * 0.5 * (1 - (abs(u) ** 3) * 0.5)) for u, v in
                    [(-1, 0), (-0.9, -1), (0.9, -1), (1, 0), (0.9, 1), (-0.9, 1)]]
            d.polygon(_rotated(body, x, y, a, wd), fill=_tone(ct, tone), outline=_tone(ct, 0.5))
            for u in np.arange(-0.42, 0.43, max(0.08, 1.6 / ln)):
                for v in (-0.22, 0.22):
                    (px_, py_), = _rotated([(u * ln / wd, v)], x, y, a, wd)
                    d.point((px_, py_), fill=_tone(ct, tone, 0.3))  # a grain's lit knob
        tex = np.asarray(img, np.float32).copy()
    elif kind == "willow_charcoal_sticks":  # willow charcoal sticks side by side: a lit side, bark flecks, dust
        img = Image.new("RGB", (w, h), _tone(ct, 0.5))
        d = ImageDraw.Draw(img)
        sw = max(3.0, s / 5.5)
        x = rng.uniform(-0.5, 0) * sw
        while x < w + sw:
            wd = sw * rng.uniform(0.85, 1.15)
            tone = round(rng.uniform(0.85, 1.15), 2)
            lean = rng.uniform(-0.08, 0.08) * h
            d.polygon([(x, -2), (x + wd, -2), (x + wd + lean, h + 2), (x + lean, h + 2)], fill=_tone(ct, tone))
            d.line([(x + 0.25 * wd, -2), (x + 0.25 * wd + lean, h + 2)], fill=_tone(ct, tone, 0.18),
                   width=max(1, round(wd / 5)))  # the lit side
            for _k in range(3):
                fy = rng.uniform(0, h)
                d.line([(x + 0.5 * wd + lean * fy / h, fy), (x + 0.6 * wd + lean * fy / h, fy + 0.1 * wd)],
                       fill=_tone(ct, 0.55), width=1)  # a bark fleck
            x += wd + rng.uniform(0.3, 1.2)
        tex = np.asarray(img, np.float32).copy()
        tex[_noise0(g, h, w, 0.6) > 2.3] = _lift(col, 0.3)  # the charcoal's dust
    elif kind == "routed_black_paint":  # a routed pocket painted black: the cutter's swirls, a shaded top wall
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        img = Image.fromarray(_clip8(tex))
        d = ImageDraw.Draw(img)
        for _k in range(4):
            cx_, cy_, rr = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.3, 0.7) * s
            a0 = rng.uniform(0, 360)
            d.arc([cx_ - rr, cy_ - rr, cx_ + rr, cy_ + rr], a0, a0 + 120, fill=_tone(ct, 1.0, 0.1), width=1)
        tex = np.asarray(img, np.float32).copy()
        edge = np.minimum(xx, yy)
        tex[edge < max(1.0, 0.05 * s)] *= 0.6  # the pocket's wall in shadow at its top and left
    elif kind == "magnetic_doodle_dots":  # scribbled on the doodle screen: each honeycomb cell's dark particles
        p = 3.2
        row = np.floor(yy / (0.87 * p))
        u = ((xx + (row % 2) * p / 2) % p) / p - 0.5
        v = (yy % (0.87 * p)) / (0.87 * p) - 0.5
        dot = (u * u + v * v) < 0.2
        pull = np.clip(1 + 0.2 * _noise0(g, h, w, 2.0), 0.8, 1.3)  # the pen pulls some cells fuller
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = _lift(col, 0.3)
        tex[dot] = (col * pull[..., None])[dot]
        m0 = 0.04 * s
        lay, ld = _layer(w, h)
        ld.rectangle([m0, m0, w - 1 - m0, h - 1 - m0], fill=255)
        alpha = cv2.GaussianBlur(_m(lay), (0, 0), 0.6)
        ragged = (_noise0(g, h, w, 1.0) > 1.6) & (np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy]) < 0.1 * s)
        alpha[ragged] *= 0.4  # the scribble's ragged edge
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255), alpha


def _draw_fill44(img: Image.Image, box, style: Style44, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07)
    w, h = bx - ax, by - ay
    if not light:
        tex, alpha = _tex44(style.fill, w, h, style.fill_colour, g, rng)
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
        if light == "light_elephants":  # elephants: a round body, a head with a big ear, a curling trunk, legs
            ld.ellipse([x - 0.7 * r, y - 0.4 * r, x + 0.35 * r, y + 0.35 * r], fill=255)
            _disc(ld, x + 0.45 * r, y - 0.3 * r, 0.32 * r, fill=255)
            ld.line([(x + 0.7 * r, y - 0.2 * r), (x + 0.85 * r, y + 0.3 * r), (x + 0.7 * r, y + 0.5 * r)],
                    fill=255, width=lw)  # the trunk
            for lx in (-0.6, -0.3, 0.0, 0.2):
                ld.rectangle([x + lx * r, y + 0.2 * r, x + (lx + 0.14) * r, y + 0.62 * r], fill=255)
            ld.ellipse([x + 0.2 * r, y - 0.45 * r, x + 0.5 * r, y - 0.05 * r], fill=0)  # the ear's edge
            ld.ellipse([x + 0.24 * r, y - 0.4 * r, x + 0.46 * r, y - 0.1 * r], fill=255)
        elif light == "light_snowmen":  # snowmen: two balls, a top hat, stick arms, a button
            _disc(ld, x, y + 0.35 * r, 0.45 * r, fill=255)
            _disc(ld, x, y - 0.25 * r, 0.3 * r, fill=255)
            ld.rectangle([x - 0.18 * r, y - 0.85 * r, x + 0.18 * r, y - 0.5 * r], fill=255)  # the hat
            ld.rectangle([x - 0.32 * r, y - 0.54 * r, x + 0.32 * r, y - 0.48 * r], fill=255)  # its brim
            ld.line([(x - 0.4 * r, y + 0.1 * r), (x - 0.85 * r, y - 0.2 * r)], fill=255, width=lw)
            ld.line([(x + 0.4 * r, y + 0.1 * r), (x + 0.85 * r, y - 0.2 * r)], fill=255, width=lw)
            _disc(ld, x, y + 0.3 * r, max(0.6, 0.07 * r), fill=0)  # a button
        elif light == "light_robots":  # robots: a square head with an antenna and eyes, a body, arms and legs
            ld.rectangle([x - 0.3 * r, y - 0.7 * r, x + 0.3 * r, y - 0.25 * r], fill=255)
            ld.line([(x, y - 0.7 * r), (x, y - 0.95 * r)], fill=255, width=lw)
            _disc(ld, x, y - 0.97 * r, max(0.8, 0.08 * r), fill=255)
            ld.rectangle([x - 0.42 * r, y - 0.18 * r, x + 0.42 * r, y + 0.42 * r], fill=255)
            for sx in (-1, 1):
                ld.line([(x + sx * 0.42 * r, y - 0.1 * r), (x + sx * 0.75 * r, y + 0.2 * r)], fill=255, width=lw)
                ld.rectangle([x + sx * 0.12 * r - 0.08 * r, y + 0.42 * r, x + sx * 0.12 * r + 0.08 * r,
                              y + 0.75 * r], fill=255)
                _disc(ld, x + sx * 0.13 * r, y - 0.5 * r, max(0.6, 0.06 * r), fill=0)  # the eyes
        elif light == "light_lanterns":  # paper lanterns: a ribbed round body, a cap and a base, a tassel
            ld.line([(x, y - 0.95 * r), (x, y - 0.6 * r)], fill=255, width=1)
            ld.rectangle([x - 0.2 * r, y - 0.62 * r, x + 0.2 * r, y - 0.5 * r], fill=255)
            ld.ellipse([x - 0.55 * r, y - 0.52 * r, x + 0.55 * r, y + 0.42 * r], fill=255)
            ld.rectangle([x - 0.2 * r, y + 0.38 * r, x + 0.2 * r, y + 0.5 * r], fill=255)
            ld.line([(x, y + 0.5 * r), (x, y + 0.9 * r)], fill=255, width=lw)  # the tassel
            for ry in (-0.22, 0.0, 0.2):  # the ribs
                ld.line([(x - 0.5 * r, y + ry * r), (x + 0.5 * r, y + ry * r)], fill=0, width=1)
        else:
            raise ValueError(light)
    alpha = 0.2 + 0.34 * _m(lay)
    _paste_rgba(img, tex, cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.5), ax, ay)


def _draw_outline44(img: Image.Image, box, style: Style44, rng: random.Random) -> None:
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
    if kind == "outline_sugar_cubes":  # sugar cubes round the cell: a lit top face, a shaded side, sparkling grains
        pt = max(4.0, f * 1.05)
        u = (along % pt) / pt
        cube = band & (np.abs(u - 0.5) < 0.44)
        tex[:] = col * 0.45
        tex[cube] = col
        tex[cube & (v < 0.38)] = _lift(col, 0.2)  # the top face
        tex[cube & (u > 0.8)] = col * 0.7  # the side in shade
        tex[cube & (_noise0(_nrng(rng), h, w, 0.5) > 1.9)] = _lift(col, 0.4)  # the sugar's grains
        tex[band & corner] = col * 0.85
    elif kind == "outline_maki_rolls":  # maki rolls round the cell: a nori ring, a ring of rice, a dark filling
        pt = max(4.0, f * 1.02)
        u = (along % pt) / pt
        rr = np.hypot((u - 0.5) * pt, (v - 0.5) * f)
        R = 0.5 * min(pt, f)
        roll = band & (rr < R)
        tex[:] = col * 0.5
        tex[roll] = col
        tex[roll & (rr < 0.78 * R) & (rr > 0.38 * R)] = _lift(col, 0.3)  # the rice
        tex[band & corner] = col * 0.8
    elif kind == "outline_paper_chain":  # a paper chain round the cell: loops seen flat and edge-on in turn
        lay, ld = _layer(w, h)
        pic = Image.new("RGB", (w, h), _c(col * 0.5))
        d = ImageDraw.Draw(pic)
        perim = 2 * ((w - f) + (h - f))
        step = max(3.0, f * 0.8)
        for k, t in enumerate(np.arange(0, perim, step)):
            x, y = _ring_pt(float(t), w, h, f / 2)
            x2, y2 = _ring_pt(float(t) + 1.0, w, h, f / 2)
            a = math.atan2(y2 - y, x2 - x)
            if k % 2 == 0:  # a loop lying flat: an oval ring along the chain
                oval = [(0.62 * math.cos(q), 0.42 * math.sin(q)) for q in np.linspace(0, 2 * math.pi, 18)]
                pts = _rotated(oval, x, y, a, f * 1.1)
                ld.line(pts, fill=255, width=max(2, round(0.3 * f)))
                d.line(pts, fill=_c(col), width=max(2, round(0.3 * f)))
                d.line(_rotated(oval, x, y, a, f * 0.98), fill=_c(_lift(col, 0.2)), width=1)
            else:  # a loop seen edge-on: a short bar across the chain
                bar = _rotated([(0.0, -0.5), (0.0, 0.5)], x, y, a, f * 1.0)
                ld.line(bar, fill=255, width=max(2, round(0.32 * f)))
                d.line(bar, fill=_c(col * 0.85), width=max(2, round(0.32 * f)))
        tex = np.asarray(pic, np.float32).copy()
        m = np.where(band, 1.0, _m(lay) * (across < 1.2 * f)).astype(np.float32)
    elif kind == "outline_sausage_links":  # a string of sausage links round the cell: plump links, twisted ends
        pt = max(5.0, f * 1.7)
        u = (along % pt) / pt
        link = band & (((u - 0.5) / 0.47) ** 4 + ((v - 0.5) / 0.5) ** 2 < 1)
        tex[:] = col * 0.45
        tex[link] = col
        tex[link & (np.abs(v - 0.3) < 0.09) & (np.abs(u - 0.5) < 0.3)] = _lift(col, 0.26)  # the skin's shine
        twist = band & (np.minimum(u, 1 - u) < 0.05) & (np.abs(v - 0.5) < 0.2)
        tex[twist] = col * 0.8  # the twist between links
        tex[band & corner] = col * 0.8
    else:
        raise ValueError(kind)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross44(img: Image.Image, box, style: Style44, rng: random.Random) -> None:
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
        if kind == "heavy_x_handsaws":  # two handsaws: a closed grip with its hole, a tapering toothed blade
            grip = (np.abs(n) < wid * 0.42) & (t > -0.03) & (t < 0.24)
            hole = (np.abs(n) < wid * 0.2) & (t > 0.04) & (t < 0.17)
            half = wid * (0.5 - 0.22 * np.clip((t - 0.24) / 0.8, 0, 1))
            teeth = ((t * ln) % max(2.5, wid * 0.36)) / max(2.5, wid * 0.36)  # the teeth along the lower edge
            blade = (t >= 0.24) & (t < 1.03) & (n > -half) & (n < half * (0.45 + 0.55 * teeth))
            part = (grip & ~hole) | blade
            tex[part] = col
            tex[blade & (n < -half * 0.4)] = _lift(col, 0.22)  # the steel's lit back
        elif kind == "heavy_x_trowels":  # two garden trowels: a round handle, a tang, a pointed scoop
            handle = (np.abs(n) < wid * 0.2) & (t > -0.03) & (t < 0.4)
            tang = (np.abs(n) < wid * 0.08) & (t >= 0.4) & (t < 0.5)
            env = wid * 0.55 * np.clip(np.sin(np.clip((t - 0.48) / 0.56, 0, 1) * math.pi), 0, 1) ** 0.7
            scoop = (t >= 0.48) & (t < 1.04) & (np.abs(n) < env)
            part = handle | tang | scoop
            tex[part] = col
            tex[scoop & (np.abs(n) < wid * 0.06)] = _lift(col, 0.24)  # the scoop's lit ridge
            tex[handle & (np.abs(t - 0.12) < 0.02)] = _lift(col, 0.18)  # the handle's ring
        elif kind == "heavy_x_paint_rollers":  # two paint rollers: a handle, a bent wire frame, a napped roller
            handle = (np.abs(n) < wid * 0.18) & (t > -0.03) & (t < 0.42)
            rod = (np.abs(n - wid * 0.4 * np.clip((t - 0.42) / 0.1, 0, 1)) < wid * 0.07) & (t >= 0.42) & (t < 0.6)
            roller = (np.abs(n) < wid * 0.55) & (t >= 0.58) & (t < 1.03)
            part = handle | rod | roller
            tex[part] = col
            tex[roller & (((t * ln) % 3.0) < 1.0)] = _lift(col, 0.16)  # the nap
            tex[roller & (n < -wid * 0.38)] = _lift(col, 0.26)  # the roller's lit edge
        elif kind == "heavy_x_combs":  # two combs: a solid spine along one side, close teeth along the other
            spine = (n > -wid * 0.5) & (n < -wid * 0.08) & (t > -0.03) & (t < 1.03)
            pitch = max(2.2, wid * 0.24)
            teeth = (n >= -wid * 0.08) & (n < wid * 0.42) & (t > 0.0) & (t < 1.0) & (((t * ln) % pitch) < 0.55 * pitch)
            part = spine | teeth
            tex[part] = col
            tex[spine & (n < -wid * 0.38)] = _lift(col, 0.22)  # the spine's lit edge
        else:
            raise ValueError(kind)
        m = np.maximum(m, part.astype(np.float32))
    m = cv2.GaussianBlur(m, (0, 0), 0.4)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(m, 0, 1).astype(np.float32), ax, ay)


def _draw_empty44(img: Image.Image, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    d = ImageDraw.Draw(img)
    if kind == "none":
        return
    r = max(2.2, 0.065 * s)
    if kind == "tiny_mushroom":  # a tiny toadstool: a pale stem, a red cap with white spots
        d.rectangle([cx - 0.2 * r, cy - 0.1 * r, cx + 0.2 * r, cy + r], fill=(232, 222, 200))
        d.pieslice([cx - 0.85 * r, cy - 0.85 * r, cx + 0.85 * r, cy + 0.6 * r], 180, 360, fill=(226, 104, 92))
        for sx in (-0.4, 0.3):
            d.point((cx + sx * r, cy - 0.35 * r), fill=(250, 244, 236))
    elif kind == "tiny_key":  # a tiny brass key: a round bow, a shank, two bits
        d.ellipse([cx - r, cy - 0.4 * r, cx - 0.2 * r, cy + 0.4 * r], outline=(196, 164, 88), width=1)
        d.line([(cx - 0.2 * r, cy), (cx + r, cy)], fill=(196, 164, 88), width=1)
        for bx_ in (0.55, 0.85):
            d.line([(cx + bx_ * r, cy), (cx + bx_ * r, cy + 0.4 * r)], fill=(196, 164, 88), width=1)
    elif kind == "tiny_carrot":  # a tiny orange carrot with a green top
        d.polygon([(cx - 0.35 * r, cy - 0.5 * r), (cx + 0.35 * r, cy - 0.5 * r), (cx, cy + r)], fill=(238, 150, 70))
        for dx in (-0.3, 0.0, 0.3):
            d.line([(cx, cy - 0.5 * r), (cx + dx * r, cy - r)], fill=(112, 176, 96), width=1)
    elif kind == "tiny_feather":  # a tiny pale blue-grey feather: a quill, a vane on each side
        d.polygon([(cx - 0.8 * r, cy + 0.8 * r), (cx - 0.2 * r, cy - 0.1 * r), (cx + 0.7 * r, cy - 0.9 * r),
                   (cx + 0.2 * r, cy + 0.2 * r)], fill=(178, 196, 214))
        d.line([(cx - 0.9 * r, cy + 0.9 * r), (cx + 0.7 * r, cy - 0.9 * r)], fill=(140, 152, 168), width=1)
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids


def _draw_grid44(img: Image.Image, L: dict[str, Any], rng: random.Random, name: str, inp: np.ndarray | None) -> None:
    if name == "kept":
        _draw_grid32(img, L, rng, "kept", inp)
        return
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    thin = max(1, round(s / 30))
    _pen_minors(d, L, thin)
    if name == "crochet_chain_majors":  # each block line a crochet chain in navy yarn: a row of linked loops
        lp = max(5.0, 0.2 * s)
        wd = max(3.0, 0.09 * s)
        yarn = max(1, round(s / 26))
        for vertical, c, a0, a1 in _major_segments(L, wd):
            for k, u in enumerate(np.arange(a0, a1, 0.8 * lp)):
                tilt = 0.12 * wd * (1 if k % 2 else -1)
                oval = [(u + 0.5 * lp * (1 + math.cos(q)), tilt * math.cos(q) + 0.5 * wd * math.sin(q))
                        for q in np.linspace(0, 2 * math.pi, 16)]
                pts = _seg_pts(vertical, c, oval)
                d.line(pts, fill=(40, 46, 86), width=yarn + 1)
                d.line(pts[2:6], fill=(88, 96, 150), width=1)  # the yarn's lit twist
        return
    if name == "coin_row_majors":  # each block line a row of overlapping blank coins, copper and brass in turn
        r = max(3.0, s / 9)
        for vertical, c, a0, a1 in _major_segments(L, r):
            for k, u in enumerate(np.arange(a0, a1 + 0.1, 1.5 * r)):
                face, rim = (((184, 116, 70), (120, 70, 40)) if k % 2 else ((200, 170, 90), (130, 104, 44)))
                (x, y), = _seg_pts(vertical, c, [(u, rng.uniform(-0.1, 0.1) * r)])
                _disc(d, x, y, r, fill=face, outline=rim)
                d.ellipse([x - 0.75 * r, y - 0.75 * r, x + 0.75 * r, y + 0.75 * r], outline=rim, width=1)
                d.arc([x - 0.9 * r, y - 0.9 * r, x + 0.9 * r, y + 0.9 * r], 200, 260,
                      fill=tuple(min(255, v + 50) for v in face), width=1)  # a glint on the raised edge
        return
    if name == "pebble_row_majors":  # each block line a row of small grey river pebbles touching
        for vertical, c, a0, a1 in _major_segments(L, 0.08 * s):
            u = a0
            while u < a1:
                ra, rc = rng.uniform(0.06, 0.085) * s, rng.uniform(0.045, 0.065) * s
                tone = rng.uniform(0.75, 1.15)
                base = np.array((138, 134, 128), np.float32) * tone
                oval = [(u + ra * (1 + math.cos(q)), rc * math.sin(q)) for q in np.linspace(0, 2 * math.pi, 16)]
                d.polygon(_seg_pts(vertical, c, oval), fill=_c(base), outline=_c(base * 0.6))
                lit = [(u + ra * (1 + 0.5 * math.cos(q)) - 0.2 * ra, -0.3 * rc + 0.4 * rc * math.sin(q))
                       for q in np.linspace(0, 2 * math.pi, 10)]
                d.polygon(_seg_pts(vertical, c, lit), fill=_c(_lift(base, 0.25)))
                u += 2 * ra * rng.uniform(0.9, 1.0)
        return
    if name == "piped_icing_majors":  # each block line a piped shell border of chocolate icing
        bl = max(4.0, 0.17 * s)
        bw = max(2.0, 0.055 * s)
        for vertical, c, a0, a1 in _major_segments(L, bw):
            for u in np.arange(a0, a1, 0.75 * bl):
                shell = [(u + bl * (0.45 + 0.45 * math.cos(q)), bw * math.sin(q) * (0.6 + 0.4 * math.cos(q)))
                         for q in np.linspace(0, 2 * math.pi, 16)]
                d.polygon(_seg_pts(vertical, c, shell), fill=(96, 60, 38), outline=(62, 38, 24))
                d.line(_seg_pts(vertical, c, [(u + 0.55 * bl, -0.35 * bw), (u + 0.85 * bl, -0.25 * bw)]),
                       fill=(158, 116, 84), width=1)  # the icing's shine
        return
    raise ValueError(name)


# ------------------------------------------------------------------------------------------ redraws


MAPLE = (222, 196, 156)  # the sign's maple board
DOODLE_SCREEN = (218, 218, 212)  # the magnetic doodle board's screen
DOODLE_FRAME = (206, 52, 48)  # its red plastic frame


def _redraw_whole44(layout: dict[str, Any], style: Style44, row_vals, col_vals, rng: random.Random,
                    target: tuple[int, int]) -> tuple[Image.Image, dict[str, Any]]:
    """The whole puzzle drawn anew (``style.redraw``): its own surface, cell size, clue layout and margins. Returns
    the page (clues, no marks, no grid yet) and its geometry."""
    kind = style.redraw
    rows, cols = layout["rows"], layout["cols"]
    base = layout["cell_px"] * rng.uniform(0.9, 0.98) * 0.92
    hh = _digit_h(_font(INPUT_FONT, layout["clue_font_px"])) * rng.uniform(*style.clue_scale)
    face = _Face44(style.clue_font, hh, style.clue_stroke)
    while hh > 7 and max(face.width(t) for v in col_vals for t in v) > 0.72 * base:
        hh -= max(0.5, 0.04 * hh)
        face = _Face44(style.clue_font, hh, style.clue_stroke)
    dh = face.h
    gapn, slot = dh * rng.uniform(1.0, 1.1), dh * rng.uniform(1.5, 1.65)
    gapn = max(gapn, face.inner + max(0.85 * dh, 0.9 * face.width("0")))  # two numbers never read as one
    row_w = max(sum(face.width(t) for t in v) + gapn * (len(v) - 1) for v in row_vals)
    col_h = max(len(v) for v in col_vals) * slot
    pad = 0.45 * base
    gw, gh = base * cols, base * rows
    pw, ph = row_w + pad * 1.4 + gw, col_h + pad * 1.4 + gh
    g = _nrng(rng)
    bm = 0.8 * base
    top = 1.1 * bm
    W = round(max(pw + 2 * bm, 0.8 * target[0]))
    H = round(ph + bm + top)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    if kind == "routed_maple_sign":  # maple: pale wood, long grain streaks running across, a few darker lines
        wave = 3.0 * _smooth(g, H, W, 30.0)
        grain = np.sin((yy + wave) / 2.6) * 0.5 + 0.5 * _smooth(g, H, W, 1.2)
        surf = np.array(MAPLE, np.float32) * (1 + 0.025 * np.clip(grain, -2, 2) + 0.02 * _smooth(g, H, W, 25.0))[
            ..., None]
        streak = cv2.GaussianBlur(g.standard_normal((H, W)).astype(np.float32), (0, 0), sigmaX=24.0, sigmaY=0.8)
        surf *= (1 - 0.05 * np.clip(streak / (streak.std() + 1e-6) - 1.5, 0, 2))[..., None]
    else:  # the doodle screen: a fine honeycomb a few grey levels deep
        p = 3.2
        row = np.floor(yy / (0.87 * p))
        u = ((xx + (row % 2) * p / 2) % p) / p - 0.5
        v = (yy % (0.87 * p)) / (0.87 * p) - 0.5
        wall = (u * u + v * v) > 0.2
        surf = np.empty((H, W, 3), np.float32)
        surf[:] = DOODLE_SCREEN
        surf[wall] *= 1.03
        surf *= (1 + 0.01 * _smooth(g, H, W, 12.0))[..., None]
    img = Image.fromarray(_clip8(surf))
    ex = (W - 2 * bm - pw) / 2
    gx0, gy0 = bm + ex + row_w + pad * 1.4, top + col_h + pad * 1.4
    keep = [gx0 - pad * 1.4 - row_w - 4, gy0 - pad * 1.4 - col_h - 4, gx0 + gw + 4, gy0 + gh + 4]
    xs = [gx0 + base * i for i in range(cols + 1)]
    ys = [gy0 + base * j for j in range(rows + 1)]
    alpha = np.zeros((H, W), np.float32)
    for r_, vals in enumerate(row_vals):
        cy = (ys[r_] + ys[r_ + 1]) / 2
        x = gx0 - pad
        for t in reversed(vals):
            wt = face.width(t)
            _stamp(alpha, face, t, x - wt / 2 + rng.uniform(-0.04, 0.04) * dh, cy + rng.uniform(-0.04, 0.04) * dh)
            x -= wt + gapn
    for c, vals in enumerate(col_vals):
        cx = (xs[c] + xs[c + 1]) / 2
        for k, t in enumerate(vals):
            _stamp(alpha, face, t, cx + rng.uniform(-0.04, 0.04) * dh,
                   gy0 - pad - (len(vals) - k - 0.5) * slot + rng.uniform(-0.04, 0.04) * dh)
    a = np.asarray(img, np.float32).copy()
    ink = np.asarray(style.clue_colour, np.float32)
    if kind == "routed_maple_sign":  # routed and painted: the cut's lit lower wall a pixel beyond each stroke
        wall = np.clip(np.roll(np.roll(alpha, 1, axis=0), 1, axis=1) - alpha, 0, 1)
        a = a * (1 - 0.3 * wall[..., None]) + np.asarray(_lift(np.asarray(MAPLE, np.float32), 0.3)) * (
            0.3 * wall[..., None])
        a = a * (1 - alpha[..., None]) + ink * alpha[..., None]
        # the board: a routed round-over all round its edge, hung by a jute cord from two screw eyes
        rim = round(max(6.0, 0.3 * base))
        TW, TH = W + 2 * rim, H + 2 * rim
        board = np.empty((TH, TW, 3), np.float32)
        board[:] = MAPLE
        by_, bx_ = np.mgrid[0:TH, 0:TW].astype(np.float32)
        dist = np.minimum.reduce([bx_, by_, TW - 1 - bx_, TH - 1 - by_])
        shade = np.where(np.minimum(bx_, by_) <= np.minimum(TW - 1 - bx_, TH - 1 - by_), 1.08, 0.8)
        board *= np.where(dist < rim, shade, 1.0)[..., None]  # the round-over lit at top left, shaded bottom right
        board[rim:rim + H, rim:rim + W] = a
        pad_top = round(0.12 * TH)
        page = np.empty((TH + pad_top, TW, 3), np.float32)
        page[:] = (0, 0, 0)
        mask = np.zeros((TH + pad_top, TW), np.float32)
        page[pad_top:] = board
        cm_img = Image.fromarray(np.zeros((TH, TW), np.uint8))  # the board's rounded corners
        ImageDraw.Draw(cm_img).rounded_rectangle([0, 0, TW - 1, TH - 1], radius=round(0.6 * rim), fill=255)
        mask[pad_top:] = np.asarray(cm_img, np.float32) / 255
        pimg = Image.fromarray(_clip8(page))
        pd = ImageDraw.Draw(pimg)
        for ex_ in (0.2, 0.8):  # the screw eyes and the cord up to a nail
            x_ = ex_ * TW
            pd.ellipse([x_ - 4, pad_top + 2, x_ + 4, pad_top + 10], outline=(150, 150, 156), width=2)
        cord = [(0.2 * TW, pad_top + 4), (0.5 * TW, max(4, round(0.15 * pad_top))), (0.8 * TW, pad_top + 4)]
        lay, ld = _layer(TW, TH + pad_top)
        ld.line(cord, fill=255, width=max(2, round(0.004 * TW)))
        cm2 = _m(lay)
        pd.line(cord, fill=(176, 146, 96), width=max(2, round(0.004 * TW)))
        mask = np.maximum(mask, cm2)
        pimg = Image.fromarray(np.dstack([np.asarray(pimg), _clip8(mask * 255)]), "RGBA")
        ox, oy = rim, rim + pad_top
    else:  # drawn with the stylus: the honeycomb's walls stay a little lighter across each stroke
        p = 3.2
        row = np.floor(yy / (0.87 * p))
        u = ((xx + (row % 2) * p / 2) % p) / p - 0.5
        v = (yy % (0.87 * p)) / (0.87 * p) - 0.5
        cellwall = (u * u + v * v) > 0.2
        alpha = np.clip(cv2.GaussianBlur(alpha, (0, 0), 0.4) * 1.3, 0, 1)
        alpha = np.where(cellwall, 0.88 * alpha, alpha)
        a = a * (1 - alpha[..., None]) + ink * alpha[..., None]
        # the red plastic frame with rounded corners, the eraser slider's slot and knob below, a tethered pen
        fw = round(0.05 * min(W, H) + 0.3 * base)
        low = round(1.6 * fw)
        TW, TH = W + 2 * fw, H + fw + low
        frame = np.empty((TH, TW, 3), np.float32)
        frame[:] = DOODLE_FRAME
        fy = np.arange(TH, dtype=np.float32)[:, None, None]
        frame *= 1 + 0.05 * np.clip((TH / 2 - fy) / TH, -0.5, 0.5)  # the plastic's sheen
        frame[fw:fw + H, fw:fw + W] = a
        timg = Image.fromarray(_clip8(frame))
        td = ImageDraw.Draw(timg)
        td.rectangle([fw - 2, fw - 2, fw + W + 1, fw + H + 1], outline=(150, 34, 32), width=3)  # the screen's bezel
        sy = fw + H + low * 0.45
        td.rounded_rectangle([fw, sy - 0.12 * low, fw + W, sy + 0.12 * low], radius=0.1 * low, fill=(120, 28, 26))
        kx = fw + rng.uniform(0.05, 0.2) * W
        td.rounded_rectangle([kx - 0.5 * low, sy - 0.3 * low, kx + 0.5 * low, sy + 0.3 * low], radius=0.15 * low,
                             fill=(240, 200, 60), outline=(180, 140, 30))  # the eraser's knob
        cm_img = Image.fromarray(np.zeros((TH, TW), np.uint8))
        ImageDraw.Draw(cm_img).rounded_rectangle([0, 0, TW - 1, TH - 1], radius=round(0.8 * fw), fill=255)
        pimg = Image.fromarray(np.dstack([np.asarray(timg), np.asarray(cm_img)]), "RGBA")
        pen = [(TW - 0.5 * fw, 0.3 * TH), (TW - 0.5 * fw, 0.55 * TH)]
        pd = ImageDraw.Draw(pimg)
        pd.line(pen, fill=(60, 120, 200, 255), width=max(3, round(0.35 * fw)))  # the pen in its clip on the side
        pd.line([pen[1], (pen[1][0], pen[1][1] + 0.03 * TH)], fill=(40, 40, 44, 255), width=max(2, round(0.12 * fw)))
        ox, oy = fw, fw
    xs = [x + ox for x in xs]
    ys = [y + oy for y in ys]
    keep = [keep[0] + ox, keep[1] + oy, keep[2] + ox, keep[3] + oy]
    L = {"grid_bbox": [xs[0], ys[0], xs[-1], ys[-1]], "rows": rows, "cols": cols, "cw": base, "ch": base,
         "cell_px": base, "xs": xs, "ys": ys, "x0s": xs[:-1], "y0s": ys[:-1], "keep": keep}
    return pimg, L


def _draw_redraw_grid44(img: Image.Image, L: dict[str, Any], kind: str, rng: random.Random) -> Image.Image:
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    lay, d = _layer(*img.size)
    big_lay, bd = _layer(*img.size)
    if kind == "routed_maple_sign":  # V-grooves for the thin lines, broad painted grooves for the block lines
        thin, wd = max(1, round(s / 24)), max(3, round(s / 10))
    else:  # the stylus along a ruler: one pass for a thin line, three side by side for a block line
        thin, wd = max(2, round(s / 22)), max(3, round(s / 9))
    for i, x in enumerate(xs):
        big = _major(i, cols)
        e = wd // 2 if big else 0
        (bd if big else d).line([(x, ys[0] - e), (x, ys[-1] + e)], fill=255, width=wd if big else thin)
    for j, y in enumerate(ys):
        big = _major(j, rows)
        e = wd // 2 if big else 0
        (bd if big else d).line([(xs[0] - e, y), (xs[-1] + e, y)], fill=255, width=wd if big else thin)
    rgba = np.asarray(img, np.float32)
    a, keep_alpha = rgba[..., :3], rgba[..., 3:]
    m, mb = _m(lay), _m(big_lay)
    hh, ww = m.shape
    if kind == "routed_maple_sign":
        groove = np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1)
        paint = np.clip(cv2.GaussianBlur(mb, (0, 0), 0.5), 0, 1)
        out = a * (1 - groove[..., None]) + np.asarray((112, 80, 50), np.float32) * groove[..., None]
        out = out * (1 - paint[..., None]) + np.asarray((34, 30, 28), np.float32) * paint[..., None]
    else:
        yy, xx = np.mgrid[0:hh, 0:ww].astype(np.float32)
        p = 3.2
        row = np.floor(yy / (0.87 * p))
        u = ((xx + (row % 2) * p / 2) % p) / p - 0.5
        v = (yy % (0.87 * p)) / (0.87 * p) - 0.5
        cellwall = (u * u + v * v) > 0.2
        alpha = np.clip(cv2.GaussianBlur(np.maximum(m, mb), (0, 0), 0.5) * 1.1, 0, 1)
        alpha = np.where(cellwall, 0.8 * alpha, alpha)
        out = a * (1 - alpha[..., None]) + np.asarray((56, 60, 72), np.float32) * alpha[..., None]
    return Image.fromarray(np.dstack([_clip8(out), _clip8(keep_alpha[..., 0])]), "RGBA")


# ------------------------------------------------------------------------------------------ pages


def _gym_floor(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A varnished maple gym floor: narrow strips end to end, a painted court line and the arc of a key."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    sw = 0.035 * big
    strip = np.floor(xx / sw)
    joint = (xx % sw) < 1.2
    offs = (strip * 0.37 % 1.0) * big * 0.6
    ends = ((yy + offs) % (0.6 * big)) < 1.2
    tone = 1 + 0.06 * np.sin(strip * 12.9898) + 0.03 * _smooth(g, H, W, 2.0)
    out = np.empty((H, W, 3), np.float32)
    out[:] = (214, 170, 116)
    out *= tone[..., None]
    out[joint | ends] *= 0.8
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    lw = max(6, round(0.03 * big))
    y0 = rng.uniform(0.15, 0.85) * H
    d.line([(0, y0), (W, y0 + rng.uniform(-0.05, 0.05) * H)], fill=(200, 60, 52), width=lw)  # a red court line
    cx, cy, R = rng.uniform(0.2, 0.8) * W, rng.choice((-0.1, 1.1)) * H, 0.5 * big
    d.ellipse([cx - R, cy - R, cx + R, cy + R], outline=(40, 84, 160), width=lw)  # the key's blue arc
    out = np.asarray(img, np.float32).copy()
    gloss = np.clip(1 - np.hypot(xx - 0.3 * W, yy - 0.2 * H) / (0.8 * big), 0, 1) ** 2
    return out + 30 * gloss[..., None]  # the varnish's sheen under the hall's lights


def _vinyl_records(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """Vinyl records spread on a dark rug: black discs with fine grooves, coloured labels, a sleeve's corner."""
    out = _table(g, H, W, (58, 52, 50), 0.04, 3)
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    d.rectangle([rng.uniform(0.5, 0.8) * W, -0.1 * H, 1.2 * W, rng.uniform(0.2, 0.4) * H], fill=(196, 170, 120),
                outline=(120, 100, 70))  # a card sleeve
    for _ in range(5):
        cx, cy, R = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0.32, 0.42) * big
        _disc(d, cx, cy, R, fill=(18, 18, 20), outline=(60, 60, 64))
        for k in np.arange(0.4, 0.98, 0.012):  # the grooves
            if rng.random() < 0.5:
                d.ellipse([cx - k * R, cy - k * R, cx + k * R, cy + k * R], outline=(30, 30, 34), width=1)
        d.arc([cx - 0.9 * R, cy - 0.9 * R, cx + 0.9 * R, cy + 0.9 * R], 200, 240, fill=(96, 96, 104), width=3)
        _disc(d, cx, cy, 0.32 * R, fill=rng.choice(((200, 64, 56), (230, 200, 90), (70, 130, 190), (236, 232, 220))))
        _disc(d, cx, cy, 0.03 * R, fill=(20, 20, 20))  # the spindle hole
    return np.asarray(img, np.float32).copy()


def _coffee_beans(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A heap of roasted coffee beans: glossy brown ovals, each with its curling centre cut and a shine."""
    img = Image.fromarray(_clip8(_table(g, H, W, (46, 28, 18), 0.05, 2)))
    d = ImageDraw.Draw(img)
    r0 = 0.022 * big
    bean = [(0.6 * math.cos(t), 0.42 * math.sin(t)) for t in np.linspace(0, 2 * math.pi, 14, endpoint=False)]
    for _ in range(int(H * W / (r0 * r0) * 0.45)):
        x, y, a = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0, math.pi)
        r = r0 * rng.uniform(0.85, 1.15)
        tone = rng.uniform(0.8, 1.2)
        d.polygon(_rotated(bean, x, y, a, 2 * r), fill=_c(np.array((104, 62, 36)) * tone),
                  outline=_c(np.array((50, 30, 18)) * tone))
        d.line(_rotated([(-0.5, 0.0), (-0.2, 0.06), (0.2, -0.06), (0.5, 0.0)], x, y, a, 2 * r),
               fill=(40, 22, 14), width=max(1, round(r / 5)))  # the centre cut
        d.arc([x - 0.6 * r, y - 0.6 * r, x + 0.4 * r, y + 0.3 * r], 200, 250, fill=_c(np.array((170, 120, 80)) * tone),
              width=1)
    return np.asarray(img, np.float32).copy()


def _firewood(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A stack of split firewood seen end on: pale end grain with rings and cracks, bark rims, dark gaps."""
    out = _table(g, H, W, (34, 28, 24), 0.05, 3)
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    R0 = 0.09 * big
    for j, y in enumerate(np.arange(0, H + R0, 1.7 * R0)):
        for x in np.arange(-(j % 2) * R0, W + R0, 2.0 * R0):
            R = R0 * rng.uniform(0.85, 1.05)
            cx, cy = x + rng.uniform(-0.1, 0.1) * R, y + rng.uniform(-0.1, 0.1) * R
            _disc(d, cx, cy, R, fill=(92, 66, 46))  # the bark
            wood = _c(np.array((206, 170, 120)) * rng.uniform(0.85, 1.05))
            _disc(d, cx, cy, 0.88 * R, fill=wood)
            for k in np.arange(0.15, 0.85, rng.uniform(0.09, 0.14)):
                d.ellipse([cx - k * R, cy - k * R, cx + k * R, cy + k * R], outline=(170, 130, 86), width=1)
            a0 = rng.uniform(0, 2 * math.pi)
            d.line([(cx, cy), (cx + 0.85 * R * math.cos(a0), cy + 0.85 * R * math.sin(a0))], fill=(90, 64, 44),
                   width=2)  # a drying crack
    return np.asarray(img, np.float32).copy()


def _carpet_tiles(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """Office carpet tiles laid quarter-turned: a grey-blue loop pile whose stripes turn from tile to tile."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    t = 0.25 * big
    ti, tj = np.floor(xx / t), np.floor(yy / t)
    turn = ((ti + tj) % 2) == 0
    stripe = np.where(turn, np.sin(xx * 2.1), np.sin(yy * 2.1))
    out = np.empty((H, W, 3), np.float32)
    out[:] = (104, 112, 124)
    out *= (1 + 0.06 * stripe + 0.06 * _noise0(g, H, W, 0.7) + 0.04 * np.where(turn, 1, -1))[..., None]
    seam = ((xx % t) < 1.5) | ((yy % t) < 1.5)
    out[seam] *= 0.85
    return out


def _tongue_groove(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """Sage-green painted tongue-and-groove panelling: upright boards with a V-groove between each."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    bw = 0.1 * big
    u = (xx % bw) / bw
    out = np.empty((H, W, 3), np.float32)
    out[:] = (150, 170, 142)
    out *= (1 + 0.02 * _smooth(g, H, W, 3.0) + 0.015 * np.sin(yy / 3.0 + 6 * _smooth(g, H, W, 20.0)))[..., None]
    out[u < 0.015] *= 0.6  # the groove's shadow
    out[(u >= 0.015) & (u < 0.03)] *= 1.08  # its lit bevel
    return out


def _car_seat(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A car's back seat: charcoal woven fabric, a stitched seam between two cushions, a seat-belt buckle."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    out = np.empty((H, W, 3), np.float32)
    out[:] = (70, 72, 78)
    weave = np.sin(xx * 1.6) * np.sin(yy * 1.6)
    out *= (1 + 0.06 * weave + 0.05 * _noise0(g, H, W, 0.8) + 0.05 * _smooth(g, H, W, 30.0))[..., None]
    sx = rng.uniform(0.3, 0.7) * W
    seam = np.abs(xx - sx) < 0.008 * big
    out[seam] *= 0.55
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    for y in np.arange(0, H, 0.02 * big):  # the seam's stitches
        d.line([(sx + 0.014 * big, y), (sx + 0.014 * big, y + 0.01 * big)], fill=(110, 112, 118), width=1)
    bx, by = sx + 0.04 * big, rng.uniform(0.8, 0.95) * H
    d.rounded_rectangle([bx, by, bx + 0.07 * big, by + 0.12 * big], radius=0.012 * big, fill=(30, 30, 32))
    d.rectangle([bx + 0.015 * big, by + 0.02 * big, bx + 0.055 * big, by + 0.035 * big], fill=(190, 40, 36))
    return np.asarray(img, np.float32).copy()


def _margin_object(a: np.ndarray, rng: random.Random, g: np.random.Generator, L: dict[str, Any], kind: str,
                   big: int) -> np.ndarray:
    w = a.shape[1]
    if kind == "aa_battery_margin":  # two AA cells on the widened right margin
        page = _extend(a, right=round(0.22 * w))
        Hp, Wp = page.shape[:2]
        x0 = _free_x(L, w)
        R = 0.3 * (Wp - x0)
        cx, cy = x0 + 0.5 * (Wp - x0), Hp * rng.uniform(0.3, 0.7)
    else:  # a wine cork on the widened left margin
        ml = round(0.26 * w)
        page = _extend(a, left=ml)
        Hp, Wp = page.shape[:2]
        R = 0.4 * ml
        cx, cy = 0.5 * ml, Hp * rng.uniform(0.3, 0.7)
    lay, ld = _layer(Wp, Hp)
    if kind == "aa_battery_margin":  # upright cells: a black body, a copper top, a steel nub; no printing
        bodies = [(cx - 0.45 * R, cy - 1.4 * R, cx + 0.05 * R, cy + 0.55 * R),
                  (cx + 0.15 * R, cy - 1.2 * R, cx + 0.65 * R, cy + 0.75 * R)]
        for x0_, y0_, x1_, y1_ in bodies:
            ld.rounded_rectangle([x0_, y0_, x1_, y1_], radius=0.06 * R, fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.08 * R, 0.1 * R, 0.08 * R, 0.32)
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        for x0_, y0_, x1_, y1_ in bodies:
            bw = x1_ - x0_
            d.rounded_rectangle([x0_, y0_, x1_, y1_], radius=0.06 * R, fill=(32, 30, 30), outline=(12, 12, 12))
            d.rectangle([x0_, y0_ + 0.04 * R, x1_, y0_ + 0.5 * R], fill=(184, 112, 60))  # the copper top
            d.rectangle([x0_ + 0.35 * bw, y0_ - 0.07 * R, x1_ - 0.35 * bw, y0_ + 0.02 * R], fill=(176, 178, 184))
            d.line([(x0_ + 0.2 * bw, y0_ + 0.55 * R), (x0_ + 0.2 * bw, y1_ - 0.05 * R)], fill=(96, 94, 96),
                   width=max(1, round(0.08 * bw)))  # the light along the cylinder
    else:  # a natural cork lying on its side: pitted cork, the wine-stained end, a little wine drop beside it
        body = [cx - 0.45 * R, cy - 0.9 * R, cx + 0.45 * R, cy + 0.9 * R]
        ld.rounded_rectangle(body, radius=0.1 * R, fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.06 * R, 0.08 * R, 0.08 * R, 0.3)
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        d.rounded_rectangle(body, radius=0.1 * R, fill=(196, 156, 104), outline=(140, 104, 64))
        for _ in range(60):  # the cork's pits
            px_, py_ = rng.uniform(body[0] + 2, body[2] - 2), rng.uniform(body[1] + 2, body[3] - 2)
            d.point((px_, py_), fill=(120, 88, 56))
        d.rectangle([body[0] + 1, body[3] - 0.18 * R, body[2] - 1, body[3] - 1], fill=(120, 40, 56))  # the stain
        d.ellipse([cx + 0.55 * R, cy + 0.7 * R, cx + 0.8 * R, cy + 0.88 * R], fill=(150, 60, 80))  # a drop
    M = round(0.05 * big)
    bg = _table(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (150, 138, 124), 0.04, 3)
    return _grain(_on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.35, g), g, 1.8)


def _object_on(a: np.ndarray, al: np.ndarray, bg_fn, rng: random.Random, g: np.random.Generator) -> np.ndarray:
    """A redrawn object (its outline ``al``, 0..1) laid on the surface ``bg_fn(H, W)`` makes, a soft shadow below
    and to the right, turned a degree or so."""
    h, w = a.shape[:2]
    M = round(0.08 * max(h, w))
    H, W = h + 2 * M, w + 2 * M
    out = bg_fn(H, W).astype(np.float32)
    canvas = np.zeros((H, W), np.float32)
    canvas[M:M + h, M:M + w] = al
    obj = np.zeros((H, W, 3), np.float32)
    obj[M:M + h, M:M + w] = a
    rot = cv2.getRotationMatrix2D((W / 2, H / 2), rng.uniform(-1.2, 1.2), 1.0)
    canvas = cv2.warpAffine(canvas, rot, (W, H), flags=cv2.INTER_LINEAR)
    obj = cv2.warpAffine(obj, rot, (W, H), flags=cv2.INTER_LINEAR)
    shift = np.float32([[1, 0, 0.01 * max(h, w)], [0, 1, 0.014 * max(h, w)]])
    sh = cv2.GaussianBlur(cv2.warpAffine(canvas, shift, (W, H)), (0, 0), 0.012 * max(h, w))
    out *= (1 - 0.4 * sh[..., None])
    out = out * (1 - canvas[..., None]) + obj * canvas[..., None]
    return _grain(out, g, 2.0)


def _page44(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    g = _nrng(rng)
    h, w = a.shape[:2]
    big = max(h, w)
    if e in ("tongue_groove_panelling", "car_back_seat"):  # the redrawn sign or doodle board on its surroundings
        fn = _tongue_groove if e == "tongue_groove_panelling" else _car_seat
        return _object_on(a, L["alpha"], lambda H, W: fn(g, rng, H, W, round(1.16 * big)), rng, g)
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "gym_floor_lines":
        return _bg_page(a, lambda H, W: _gym_floor(g, rng, H, W, big), rng, g, 0.4)
    if e == "vinyl_record_stack":
        return _bg_page(a, lambda H, W: _vinyl_records(g, rng, H, W, big), rng, g, 0.45)
    if e == "coffee_bean_heap":
        return _bg_page(a, lambda H, W: _coffee_beans(g, rng, H, W, big), rng, g, 0.45)
    if e == "firewood_log_ends":
        return _bg_page(a, lambda H, W: _firewood(g, rng, H, W, big), rng, g, 0.45)
    if e == "office_carpet_tiles":
        return _bg_page(a, lambda H, W: _carpet_tiles(g, rng, H, W, big), rng, g, 0.4)
    if e == "photographer_head_shadow":  # the photographer's own shadow: head, shoulders, arms raised to the phone
        out = _page_on(a, lambda H, W: _table(g, H, W, (196, 184, 166), 0.03, 3), rng, g, 0.09, 3.0, 0.3)
        H, W = out.shape[:2]
        lay, ld = _layer(W, H)
        cx = rng.uniform(0.35, 0.65) * W
        hr = 0.12 * big
        ld.ellipse([cx - hr, H - 1.9 * hr, cx + hr, H + 0.3 * hr], fill=255)  # the head
        ld.ellipse([cx - 3.2 * hr, H - 0.2 * hr, cx + 3.2 * hr, H + 2.5 * hr], fill=255)  # the shoulders
        for sx in (-1, 1):  # the arms reaching up to the phone
            ld.line([(cx + sx * 2.2 * hr, H + 0.2 * hr), (cx + sx * 0.9 * hr, H - 2.6 * hr)], fill=255,
                    width=round(0.6 * hr))
        ld.rectangle([cx - 0.9 * hr, H - 3.2 * hr, cx + 0.9 * hr, H - 2.4 * hr], fill=255)  # the phone and hands
        return _grain(_cast_shadow(out, lay, big, 0.012, 0.24), g, 2.0)
    if e == "dreamcatcher_shadow":  # a dreamcatcher's shadow: a hoop, its web, three strings with feathers
        out = _page_on(a, lambda H, W: _table(g, H, W, (212, 202, 186), 0.03, 3), rng, g, 0.09, 3.0, 0.3)
        H, W = out.shape[:2]
        lay, ld = _layer(W, H)
        cx, cy, R = rng.uniform(0.3, 0.7) * W, rng.uniform(0.15, 0.4) * H, rng.uniform(0.18, 0.24) * big
        wd = max(3, round(0.008 * big))
        ld.ellipse([cx - R, cy - R, cx + R, cy + R], outline=255, width=wd)
        pts = [(cx + 0.98 * R * math.cos(k * 2 * math.pi / 9), cy + 0.98 * R * math.sin(k * 2 * math.pi / 9))
               for k in range(9)]
        for k in range(9):  # the web: each point joined to the next but three, then an inner ring
            ld.line([pts[k], pts[(k + 4) % 9]], fill=255, width=max(1, wd // 3))
        ld.ellipse([cx - 0.2 * R, cy - 0.2 * R, cx + 0.2 * R, cy + 0.2 * R], outline=255, width=max(1, wd // 2))
        for k, fx in enumerate((-0.6, 0.0, 0.6)):
            x0, y0 = cx + fx * R, cy + R * math.sqrt(max(0.0, 1 - fx * fx))
            ln = R * (0.8 + 0.3 * (k == 1))
            ld.line([(x0, y0), (x0, y0 + ln)], fill=255, width=max(1, wd // 2))
            ld.ellipse([x0 - 0.12 * R, y0 + ln, x0 + 0.12 * R, y0 + ln + 0.55 * R], fill=255)  # a feather
        return _grain(_cast_shadow(out, lay, big, 0.003, 0.2), g, 2.0)
    if e == "ring_light_glare":  # glossy paper under a ring light: the ring's soft bright reflection on the page
        out = _page_on(a, lambda H, W: _table(g, H, W, (120, 116, 112), 0.03, 3), rng, g, 0.09, 3.0, 0.3)
        H, W = out.shape[:2]
        lay, ld = _layer(W, H)
        cx, cy, R = rng.uniform(0.3, 0.7) * W, rng.uniform(0.3, 0.7) * H, rng.uniform(0.12, 0.18) * big
        ld.ellipse([cx - R, cy - R, cx + R, cy + R], outline=255, width=max(4, round(0.025 * big)))
        glow = cv2.GaussianBlur(_m(lay), (0, 0), 0.01 * big)
        glow = 0.3 * glow / max(1e-6, float(glow.max()))
        return _grain(out + (255 - out) * glow[..., None], g, 2.0)
    if e in ("aa_battery_margin", "wine_cork_margin"):
        return _margin_object(a, rng, g, L, e, big)
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page44(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style44,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes (RGB; a redrawn object on white), the random state the page changes go on
    with and the page's geometry (``grid_bbox``, ``rows``, ``cols``, mean cell width ``cw`` and height ``ch``, the
    column and row edges ``xs`` and ``ys``, ``keep``, the box round the clues and the grid, and for a redraw
    ``alpha``, the object's outline, 0..1; ``_box25`` gives a cell's box)."""
    rng = random.Random(f"h44:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = _change44(truth, style.clue_change, rng) if plan["clue"] else None
    row_vals, col_vals = _line_values(truth, change)
    if style.redraw:
        obj, L = _redraw_whole44(layout, style, row_vals, col_vals, rng, (inp.shape[1], inp.shape[0]))
        obj = _draw_redraw_grid44(obj, L, style.redraw, rng)  # the grid drawn before the cells are filled
        img = obj.convert("RGB")
    else:
        img = input_image.convert("RGB").copy()
        if style.clue_font:
            _redraw_clues44(img, layout, row_vals, col_vals, style, rng)
        elif change:
            _retype_lines44(img, layout, row_vals, col_vals, _changed_lines(change))
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
                _draw_fill44(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill44(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline44(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross44(img, box, style, rng)
            elif not ((r, c) in filled and style.missing_bare):
                _draw_empty44(img, box, style.empty, rng)
    if style.redraw:  # the object on white, its outline kept for the page change that lays it on its surroundings
        L["alpha"] = np.asarray(obj)[..., 3].astype(np.float32) / 255
        out = np.asarray(img, np.float32) * L["alpha"][..., None] + 255 * (1 - L["alpha"][..., None])
        return _clip8(out), rng, L
    _draw_grid44(img, L, rng, style.grid, inp)
    return np.asarray(img), rng, L


def make_answer44(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style44,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page44(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page44(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out[..., :3])
