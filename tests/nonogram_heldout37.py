"""HELDOUT37, measured blind on the verifier of 63c375d (rubric 74, the forty-fourth session's start) and on rubric 75
(its end), never looked at: **414 -> 415/432** right (95.8 -> 96.1 %), 1 gained and none lost, **0 false passes**, 6
unreadable and 1 confident false fail on both; error-free right 65 -> 66 of 72 (seed 5, ``tools/measure_nonogram_family.py
nonogram_heldout37:HELDOUT37 --seed 5``). By planted error on rubric 75: none 66/72, extra_light 70, extra_outline 72,
x_instead 72, missing 69, clue_changed 66 (of 72 each). Held out: measured as counts only, its answers never looked at.

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved nonogram:
clue fonts from Debian packages no earlier nonogram family, test, install list or digit-reader training names
(fonts-noto-ui-extra, fonts-sil-mondulkiri-extra, fonts-sil-gentium, fonts-lohit-deva-nepali, fonts-sil-andikanewbasic,
fonts-cwtex-fs, fonts-arphic-gkai00mp, fonts-sil-awami-nastaliq, fonts-lohit-beng-assamese, fonts-ldco,
fonts-ipafont-gothic): a heavy condensed grotesque (the Latin of Noto Sans Kannada UI Condensed Black), an Arial-like
grotesque (the Latin of Khmer Ratanakiri), a book italic (Gentium Alt Italic), a regular geometric sans (Lohit Nepali),
a bold literacy sans (Andika New Basic Bold), a Computer-Modern-like serif (the Latin of cwTeX FangSong), a light
Times-like serif (the Latin of AR PL KaitiM GB, drawn with a one-pixel heavier pen), a book serif (the Latin of Awami
Nastaliq), a light sans (Lohit Assamese, drawn with a one-pixel heavier pen), a light octagonal sans (the Latin of
Mixer, drawn with a one-pixel heavier pen, stamped with rubber number stamps on the cardboard flap) and a narrow
monospaced Japanese gothic (IPA Gothic, typed on the typewriter's sheet); one style keeps the input's clues (its changed
clue is that line's numbers erased and typed again in another face, Noto Sans Kannada UI Medium from
fonts-noto-ui-extra, a medium grotesque). Fills no earlier family uses (heaped striped sunflower seeds, star anise pods,
wrinkled prunes, cured vanilla pods laid side by side, the gills under a portobello cap, glossy aubergine skin, ostrich
leather with its quill bumps, blackened hex nuts, spent matches, chia seeds, black marker scribbled over the cardboard,
letters overstruck on the typewriter); empty-cell marks drawn in new ways (a mustard seed, a small daisy sticker, a
split pea, a sprig of lavender buds); the planted errors drawn in new ways (pale snails, lighthouses, penguins or
rockets, each over a light tint; a frame of a carved gilt picture frame with rosettes at the corners, of barrel staves
bound by iron hoops, of a caterpillar track with a sprocket at each corner, of a cast-iron radiator's sections; an X of
two crossed pool cues, of two leeks, of two flutes, of two hockey sticks; all in the fill's colour, darkened where the
fill is a light one); a changed clue whose numbers are written from the largest to the smallest (``descending``, new
here), has one number split in two, is written in reverse, has one unit moved between two of its numbers, gains a
number between two of its numbers, has one of its numbers written twice, has two merged into their sum, loses a number,
or (on the page that keeps the input's clues) has one number one more or less; a missing fill left bare on a page whose
other empty cells carry marks; grids drawn in new ways (pen lines under block lines of anodised knitting needles laid
end to end, a knob at one end and a point at the other; pen lines under block lines of brown twigs with buds and knots;
pen lines under block lines of black charging cables joined midway by a plug; pen lines under block lines of twisted
steel wire rope, a crimped sleeve at each end); two styles that redraw the whole puzzle in a new medium (the flap of a
corrugated cardboard box, brown packing tape across its top, the clues stamped with rubber number stamps, the grid
ruled and the fills scribbled in black marker; a typewritten sheet folded in three, the clues typed on a ribbon that
strikes some numbers lighter than others, the grid ruled in pen and the fills overstruck with typed letters); and page
changes no earlier family uses (the page on a terrazzo floor; on a cobbled street; on a tatami mat; on a striped
deckchair's canvas; a strawberry on the widened right margin; a used tea bag on the widened bottom margin; two acorns on
the widened left margin; steam from a hot drink hazing part of the page; the shadow of a chain-link fence across the
page; the page wrapped in cling film, glints and creases across it; the cardboard flap on a wooden shipping pallet; the
typewritten sheet on tweed cloth).

Clues written anew on the input's page are sized by their digits' height and fitted to its clue strips (as in HELDOUT25
to HELDOUT36); the redrawn puzzles space their clues by the digits' height, measured on the drawn figures (Mixer's
outlines hold stray points, so its metrics put its figures' box down to the baseline while the figures stand above it).

Doubts noted rather than made unfair: the pool of unused Debian font packages is nearly spent, so several faces repeat
earlier shapes under new packages and file names: Lohit Nepali's figures are Lohit Marathi's (HELDOUT36), Lohit
Assamese's Lohit Bengali's (HELDOUT34), cwTeX FangSong's those of cwTeX Ming and Kai (HELDOUT36, HELDOUT33), Awami
Nastaliq's those of Tai Heritage Pro (whose bold HELDOUT29 used), and Andika New Basic's and Gentium Alt's are near
copies of Andika's and Gentium Plus's, which the digit reader trains on; the figures no earlier family drew are Noto
Sans Condensed Black's, Khmer Ratanakiri's, KaitiM GB's, Mixer's and IPA Gothic's. KaitiM GB, Lohit Assamese and Mixer
are light faces (drawn with a one-pixel heavier pen); Gentium Alt Italic is an italic; Noto Sans Condensed Black is
heavy and narrow; Mixer is octagonal (its 4 open at the top, its 7 with a cut corner); IPA Gothic's figures are narrow,
set as a typewriter sets them; the rubber stamps leave small gaps in the ink and a heavier rim, and each number sits a
pixel or two off its neighbours; the typewriter strikes some numbers lighter than others and a little above or below the
line (none paler than a plain grey); the steam lifts the page's darks towards white in a soft patch (the clues there
stay plainly darker than the paper); the fence's shadow lays thin diagonal lines of light shade across the page; the
cling film's glints are narrow bright streaks (never more than two fifths of the way to white over a digit); the
terrazzo, the cobbles, the tatami, the deckchair's canvas, the pallet and the tweed lie round the page, never on it; the
strawberry, the tea bag (its tag blank) and the acorns lie on widened margins, and none carries a digit; the
knitting-needle, twig, charging-cable and wire-rope block lines are broader and less even than a ruled line (the
needles' knobs and the cables' plugs a little wider than the line, the twigs' buds small); the sunflower-seed, anise,
prune, vanilla, gill, aubergine, ostrich, hex-nut, match, chia, marker and overstrike fills have some paler features
(stripes, seeds, wrinkles' shine, splits, the gills' edges, a highlight, quill rims, chamfers, an unburnt end, speckles,
the cardboard between strokes, the paper between the letters) over a dark ground, and a person sees a filled cell at
once; the mustard seed is a small yellow bead, the daisy a small white flower with a yellow heart, the split pea a small
green half disc, the lavender a short stem with purple buds; the planted pale marks are a light tint with
darker-than-tint shapes over it, plainly darker than the paper; the descending clue holds the line's own numbers in
another order; the retyped clue line on the page that keeps the input's clues is in a different face from its
neighbours; the style names begin ``s_`` as HELDOUT28's to HELDOUT36's do (the names themselves differ from every
earlier one).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer37` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout37:HELDOUT37`` measures them like the earlier families.
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
    _line_values,
    _major,
    _redraw_clues25,
    _seeds,
    _stroke_coords,
)
from nonogram_heldout29 import _free_x
from nonogram_heldout30 import _rotated, _shadow
from nonogram_heldout32 import _draw_grid32, _grain, _nearest, _smooth, _table, _wood
from nonogram_heldout33 import _major_segments, _page_on, _pen_minors, _staggered
from nonogram_heldout34 import _c, _seg_pts
from nonogram_heldout35 import _ink
from nonogram_heldout36 import _change36
from PIL import Image, ImageDraw


@dataclass(frozen=True)
class Style37(Style):
    """A HELDOUT37 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``cardboard_flap``, ``typewriter_sheet``; empty keeps the
    input's frame), ``clue_change`` how a planted clue_changed answer alters its line (as in HELDOUT36, or
    ``descending``: its numbers written from the largest to the smallest) and ``missing_bare`` whether a missing fill
    is left bare rather than marked like the other empty cells. ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""
    clue_change: str = "extra"
    missing_bare: bool = False

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer37(input_image, layout, truth, self, error, seed)


HELDOUT37 = (
    Style37("s_notocondblack_sunflowerseeds_terrazzo", "sunflower_seeds", (34, 34, 38), "none",
            "NotoSansKannadaUI-CondensedBlack.ttf", ("terrazzo_floor", "jpeg"), clue_scale=(1.0, 1.08),
            grid="knitting_needle_majors",
            light_mark="light_snails", outline_mark="outline_gilt_frame", cross_mark="heavy_x_pool_cues",
            clue_change="descending"),
    Style37("s_ratanakiri_staranise_cobbles", "star_anise", (62, 40, 30), "mustard_seed", "RataV53.ttf",
            ("cobbled_street", "jpeg"), clue_scale=(1.0, 1.08), grid="twig_majors", light_mark="light_lighthouses",
            outline_mark="outline_barrel_staves", cross_mark="heavy_x_leeks", clue_change="split", missing_bare=True),
    Style37("s_gentiumaltita_prunes_tatami", "prunes", (44, 28, 36), "none", "GentiumAlt-I.ttf",
            ("tatami_floor", "jpeg"), clue_scale=(1.04, 1.12), grid="charging_cable_majors",
            light_mark="light_penguins", outline_mark="outline_caterpillar_track", cross_mark="heavy_x_flutes",
            clue_change="reversed"),
    Style37("s_lohitnepali_vanillapods_deckchair", "vanilla_pods", (46, 32, 26), "daisy_sticker", "Lohit-Nepali.ttf",
            ("deckchair_canvas", "jpeg"), clue_scale=(1.0, 1.08), grid="wire_rope_majors", light_mark="light_rockets",
            outline_mark="outline_radiator", cross_mark="heavy_x_hockey_sticks", clue_change="descending",
            missing_bare=True),
    Style37("s_andikanewbold_portobello_strawberry", "portobello_gills", (58, 44, 38), "none",
            "AndikaNewBasic-B.ttf", ("strawberry_margin", "jpeg"), clue_scale=(1.0, 1.08),
            grid="knitting_needle_majors", light_mark="light_lighthouses", outline_mark="outline_radiator",
            cross_mark="heavy_x_pool_cues", clue_change="transfer"),
    Style37("s_cwfangsong_aubergine_teabag", "aubergine_skin", (52, 30, 58), "split_pea", "cwfs.ttf",
            ("teabag_margin", "jpeg"), clue_scale=(1.02, 1.1), grid="twig_majors", light_mark="light_snails",
            outline_mark="outline_caterpillar_track", cross_mark="heavy_x_hockey_sticks", clue_change="insert_middle",
            missing_bare=True),
    Style37("s_gkaitimes_ostrich_acorns", "ostrich_leather", (50, 36, 30), "none", "gkai00mp.ttf",
            ("acorn_margin", "jpeg"), clue_scale=(1.04, 1.12), clue_stroke=1, grid="charging_cable_majors",
            light_mark="light_rockets", outline_mark="outline_gilt_frame", cross_mark="heavy_x_leeks",
            clue_change="descending"),
    Style37("s_awaminastaliq_hexnuts_steamhaze", "hex_nuts", (40, 40, 44), "lavender_bud",
            "AwamiNastaliq-Regular.ttf", ("steam_haze", "jpeg"), clue_scale=(1.0, 1.08), grid="wire_rope_majors",
            light_mark="light_penguins", outline_mark="outline_barrel_staves", cross_mark="heavy_x_flutes",
            clue_change="number_doubled", missing_bare=True),
    Style37("s_lohitassamese_spentmatches_fenceshadow", "spent_matches", (40, 32, 30), "none", "Lohit-Assamese.ttf",
            ("fence_shadow", "jpeg"), clue_scale=(1.02, 1.1), clue_stroke=1, grid="knitting_needle_majors",
            light_mark="light_snails", outline_mark="outline_radiator", cross_mark="heavy_x_leeks",
            clue_change="merge"),
    Style37("s_keptclues_chiaseeds_clingfilm", "chia_seeds", (46, 46, 50), "mustard_seed", None,
            ("cling_film_wrap", "jpeg"), grid="kept", light_mark="light_lighthouses",
            outline_mark="outline_gilt_frame", cross_mark="heavy_x_hockey_sticks", clue_change="retyped_line",
            missing_bare=True),
    Style37("s_ldcomixer_boxmarker_redrawflap", "box_marker", (26, 26, 30), "none", "Mixer.ttf",
            ("shipping_pallet", "jpeg"), clue_colour=(24, 22, 28), clue_scale=(1.02, 1.1), clue_stroke=1,
            light_mark="light_penguins", outline_mark="outline_barrel_staves", cross_mark="heavy_x_pool_cues",
            clue_change="descending", redraw="cardboard_flap"),
    Style37("s_ipagothic_overstrike_redrawtyped", "typed_overstrike", (34, 34, 42), "none", "ipag.ttf",
            ("tweed_cloth", "jpeg"), clue_colour=(30, 30, 38), clue_scale=(1.0, 1.08), light_mark="light_rockets",
            outline_mark="outline_caterpillar_track", cross_mark="heavy_x_flutes", clue_change="drop",
            redraw="typewriter_sheet"),
)

CHANGE_FONT = "NotoSansKannadaUI-Medium.ttf"  # the retyped line of a changed clue on the page keeping the input's clues
TYPE_FONT = "DejaVuSansMono-Bold.ttf"  # the typewriter's letters overstruck in a filled cell (never a clue)


# ------------------------------------------------------------------------------------------ clue changes


def _change37(truth: dict[str, Any], mode: str, rng: random.Random) -> tuple[str, int, list[str]]:
    """A changed clue as :func:`_change36` makes it, or (``descending``) a line whose numbers are written from the
    largest to the smallest (a line of three or more numbers whose descending order is not simply its reverse first;
    where every line is already in descending order, one unit is moved between two numbers as ``transfer`` does)."""
    if mode == "descending":
        lines = []
        for kind in ("row", "col"):
            lines += [(kind, i, v) for i, v in enumerate(_values(truth[f"{kind}_clues"]))
                      if sorted(v, key=int, reverse=True) != v]
        best = [x for x in lines if sorted(x[2], key=int, reverse=True) != x[2][::-1]]
        if best or lines:
            kind, i, v = rng.choice(best or lines)
            return kind, i, sorted(v, key=int, reverse=True)
        mode = "transfer"
    return _change36(truth, mode, rng)


# ------------------------------------------------------------------------------------------ fills


def _clip8(a: np.ndarray) -> np.ndarray:
    return np.clip(a, 0, 255).astype(np.uint8)


def _tex37(kind: str, w: int, h: int, colour, g: np.random.Generator,
           rng: random.Random) -> tuple[np.ndarray, np.ndarray | None]:
    """A filled cell's picture (h, w, 3 float) in ``kind`` and its coverage (None: it covers the whole cell)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    alpha = None
    if kind == "sunflower_seeds":  # heaped sunflower seeds: black teardrops striped lengthwise in grey
        img = Image.new("RGB", (w, h), _c(col * 0.4))
        d = ImageDraw.Draw(img)
        seed = [(0.5 * math.cos(t), 0.24 * math.sin(t) * (0.62 + 0.38 * math.cos(t)))
                for t in np.linspace(0, 2 * math.pi, 24, endpoint=False)]
        ln0 = 0.5 * s
        for _ in range(int(w * h / (ln0 * ln0 * 0.32)) + 4):
            cx, cy, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, 2 * math.pi)
            ln = ln0 * rng.uniform(0.85, 1.1)
            tone = rng.uniform(0.85, 1.2)
            d.polygon(_rotated(seed, cx, cy, a, ln), fill=_c(col * tone), outline=_c(col * 0.3))
            for o in (-0.09, 0.0, 0.09):  # the grey stripes along the husk
                d.line(_rotated([(-0.36, o * 0.6), (0.42, o)], cx, cy, a, ln), fill=_c(_lift(col * tone, 0.38)),
                       width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "star_anise":  # star anise pods: eight boat-shaped carpels round a centre, some with a glossy seed
        img = Image.new("RGB", (w, h), _c(col * 0.35))
        d = ImageDraw.Draw(img)
        carpel = [(0.12, 0.0), (0.5, -0.18), (0.95, -0.05), (1.0, 0.0), (0.95, 0.05), (0.5, 0.18)]
        for _ in range(int(w * h / (s * s) * 3) + 3):
            cx, cy, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, 2 * math.pi)
            R = rng.uniform(0.34, 0.46) * s
            for k in range(8):
                ang = a + k * math.pi / 4 + rng.uniform(-0.08, 0.08)
                tone = rng.uniform(0.85, 1.25)
                d.polygon(_rotated(carpel, cx, cy, ang, R), fill=_c(col * tone), outline=_c(col * 0.45))
                d.line(_rotated([(0.3, 0.0), (0.92, 0.0)], cx, cy, ang, R), fill=_c(col * 0.55), width=1)
                if rng.random() < 0.45:  # an opened carpel's seed
                    sx, sy = _rotated([(0.55, 0.0)], cx, cy, ang, R)[0]
                    r = 0.07 * R
                    d.ellipse([sx - r, sy - r, sx + r, sy + r], fill=_c(_lift(col, 0.3)))
            r = 0.1 * R
            d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=_c(col * 0.6))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "prunes":  # heaped prunes: wrinkled glossy ovals, dark violet-black, their folds catching the light
        img = Image.new("RGB", (w, h), _c(col * 0.35))
        d = ImageDraw.Draw(img)
        blob = [(0.5 * math.cos(t) * (1 + 0.06 * math.sin(3 * t)), 0.38 * math.sin(t) * (1 + 0.08 * math.cos(2 * t)))
                for t in np.linspace(0, 2 * math.pi, 22, endpoint=False)]
        for _ in range(int(w * h / (s * s) * 4.5) + 3):
            cx, cy, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, 2 * math.pi)
            ln = rng.uniform(0.55, 0.8) * s
            tone = rng.uniform(0.85, 1.2)
            d.polygon(_rotated(blob, cx, cy, a, ln), fill=_c(col * tone), outline=_c(col * 0.3))
            for k in range(3):  # the wrinkles, each with a lit edge
                o = -0.2 + 0.2 * k + rng.uniform(-0.04, 0.04)
                pts = [(-0.35, o), (-0.1, o + 0.06), (0.15, o - 0.04), (0.35, o + 0.03)]
                d.line(_rotated(pts, cx, cy, a, ln), fill=_c(col * tone * 0.55), width=1)
                d.line(_rotated([(x_, y_ - 0.045) for x_, y_ in pts[:3]], cx, cy, a, ln),
                       fill=_c(_lift(col * tone, 0.28)), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "vanilla_pods":  # cured vanilla pods side by side: long wrinkled strips, an oily sheen, split seams
        img = Image.new("RGB", (w, h), _c(col * 0.35))
        d = ImageDraw.Draw(img)
        ang = rng.uniform(-0.35, 0.35) + (math.pi / 2 if rng.random() < 0.5 else 0.0)
        pod = [(-1.0, 0.0), (-0.85, -0.5), (0.85, -0.5), (1.0, 0.0), (0.85, 0.5), (-0.85, 0.5)]
        pitch = 0.2 * s
        diag = math.hypot(w, h)
        ca, sa = math.cos(ang), math.sin(ang)
        for k, o in enumerate(np.arange(-0.7 * diag, 0.7 * diag, pitch)):
            cx = w / 2 - sa * o + ca * rng.uniform(-0.3, 0.3) * s
            cy = h / 2 + ca * o + sa * rng.uniform(-0.3, 0.3) * s
            half = rng.uniform(0.8, 1.1) * diag
            wd = pitch * rng.uniform(0.48, 0.58)
            shape = [(u * half, v * wd) for u, v in pod]
            tone = rng.uniform(0.85, 1.2)
            d.polygon(_rotated(shape, cx, cy, ang, 1.0), fill=_c(col * tone), outline=_c(col * 0.3))
            for f in (-0.22, 0.2):  # the wrinkles along the pod
                d.line(_rotated([(-half, f * wd), (half, f * wd + rng.uniform(-1, 1))], cx, cy, ang, 1.0),
                       fill=_c(col * tone * 0.6), width=1)
            d.line(_rotated([(-half, -0.32 * wd), (half, -0.3 * wd)], cx, cy, ang, 1.0),
                   fill=_c(_lift(col * tone, 0.22)), width=1)  # the oily sheen
            if k % 3 == 1:  # a split seam, its tiny black seeds
                u0 = rng.uniform(-0.4, 0.1) * half
                d.line(_rotated([(u0, 0.05 * wd), (u0 + 0.5 * half, 0.05 * wd)], cx, cy, ang, 1.0),
                       fill=_c(col * 0.4), width=max(1, round(0.2 * wd)))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "portobello_gills":  # the gills under a portobello cap: fine brown sheets fanning from the stem
        cx = w / 2 + rng.choice((-1, 1)) * rng.uniform(0.7, 1.2) * s
        cy = h / 2 + rng.uniform(-0.6, 0.6) * s
        ang = np.arctan2(yy - cy, xx - cx)
        rr = math.hypot(w / 2 - cx, h / 2 - cy)
        n_gills = round(2 * math.pi * rr / max(2.4, s / 13))
        wob = 0.5 * _noise0(g, h, w, max(1.0, s / 5))
        gill = np.sin(ang * n_gills + wob)
        tex = col * (0.5 + 0.6 * np.clip(gill, 0, 1) ** 1.5)[..., None]
        tex[(gill > 0.92)] = _lift(col, 0.14)  # each gill's lit edge
        tex[g.random((h, w)) > 0.985] = col * 0.35  # spores
    elif kind == "aubergine_skin":  # glossy aubergine skin: deep violet, a curved window highlight, tiny pores
        n = _noise0(g, h, w, max(1.5, s / 3))
        tex = col * (0.92 + 0.08 * n)[..., None]
        x0 = rng.uniform(0.2, 0.45) * w
        bend = rng.uniform(0.08, 0.16) * s
        band = np.exp(-((xx - x0 - bend * np.sin(yy / max(1.0, s) * 2.2)) / (0.06 * s)) ** 2)
        soft = np.exp(-((xx - x0 - 0.2 * s) / (0.22 * s)) ** 2)
        tex += (np.float32(236) - tex) * (0.5 * band + 0.1 * soft)[..., None]
        tex[g.random((h, w)) > 0.992] = _lift(col, 0.25)
    elif kind == "ostrich_leather":  # ostrich leather: a fine grain, raised quill bumps each with a pale rim
        tex = col * (0.92 + 0.1 * _noise0(g, h, w, 0.8))[..., None]
        r0 = max(2.0, s / 9)
        pts = _seeds(rng, int(w * h / (r0 * r0 * 8)) + 2, w, h, 0.05, 2.1 * r0)
        if pts:
            rad = np.array([r0 * rng.uniform(0.8, 1.15) for _ in pts], np.float32)
            _, dn = _nearest(xx, yy, pts, rad)
            tex *= (1 + 0.3 * np.clip(1 - dn, 0, 1))[..., None]
            tex[(dn > 0.78) & (dn < 1.0)] = _lift(col, 0.16)
            tex[dn < 0.22] = col * 0.5
    elif kind == "hex_nuts":  # heaped blackened hex nuts: six flats, a chamfer ring, a threaded hole
        img = Image.new("RGB", (w, h), _c(col * 0.3))
        d = ImageDraw.Draw(img)
        R0 = 0.3 * s
        for _ in range(int(w * h / (R0 * R0 * 3.0)) + 3):
            cx, cy, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, math.pi / 3)
            R = R0 * rng.uniform(0.85, 1.1)
            tone = rng.uniform(0.85, 1.25)
            hexa = [(math.cos(a + k * math.pi / 3), math.sin(a + k * math.pi / 3)) for k in range(6)]
            d.polygon(_rotated(hexa, cx, cy, 0.0, R), fill=_c(col * tone), outline=_c(col * 0.4))
            d.line(_rotated(hexa[:2], cx, cy, 0.0, R), fill=_c(_lift(col * tone, 0.3)), width=1)  # a lit flat
            r = 0.86 * R
            d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=_c(_lift(col * tone, 0.16)), width=1)
            r = 0.44 * R
            d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=_c(col * 0.25))
            r = 0.34 * R
            d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=_c(col * 0.55), width=1)  # the thread
        tex = np.asarray(img, np.float32).copy()
    elif kind == "spent_matches":  # spent matches heaped: charred sticks, black heads tipped with grey ash
        img = Image.new("RGB", (w, h), _c(col * 0.4))
        d = ImageDraw.Draw(img)
        wd = max(2, round(0.1 * s))
        for _ in range(int(w * h / (s * s) * 11) + 5):
            x, y, a = rng.uniform(-0.2, 1.2) * w, rng.uniform(-0.2, 1.2) * h, rng.uniform(0, 2 * math.pi)
            ln = rng.uniform(0.7, 1.2) * s
            x1, y1 = x + ln * math.cos(a), y + ln * math.sin(a)
            tone = rng.uniform(0.8, 1.35)
            d.line([(x, y), (x1, y1)], fill=_c(col * tone), width=wd)
            d.line([(x, y), (x1, y1)], fill=_c(_lift(col * tone, 0.12)), width=1)
            if rng.random() < 0.3:  # an end the flame never reached
                f = 0.85
                d.line([(x + f * (x1 - x), y + f * (y1 - y)), (x1, y1)], fill=(150, 118, 82), width=wd)
            r = 0.09 * s
            d.ellipse([x - r, y - r, x + r, y + r], fill=_c(col * 0.5))
            d.ellipse([x - 0.4 * r, y - 0.4 * r, x + 0.3 * r, y + 0.3 * r], fill=_c(_lift(col, 0.3)))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "chia_seeds":  # chia seeds: tiny mottled ovals, grey, black and brown, packed close
        img = Image.new("RGB", (w, h), _c(col * 0.5))
        d = ImageDraw.Draw(img)
        r0 = max(1.4, s / 15)
        tones = (col * 0.75, col * 1.3, col * 1.05, np.array((66, 52, 44), np.float32), _lift(col, 0.3))
        for _ in range(int(w * h / (r0 * r0 * 2.0)) + 6):
            cx, cy, a = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h, rng.uniform(0, math.pi)
            rx = r0 * rng.uniform(0.9, 1.15)
            t = tones[rng.choices(range(5), (3, 3, 3, 2, 1))[0]]
            oval = [(math.cos(u), 0.68 * math.sin(u)) for u in np.linspace(0, 2 * math.pi, 10, endpoint=False)]
            d.polygon(_rotated(oval, cx, cy, a, rx), fill=_c(t), outline=_c(col * 0.4))
            if r0 >= 1.8:
                d.point([(cx + 0.3 * rx, cy - 0.2 * rx)], fill=_c(t * 0.6))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "box_marker":  # black permanent marker scribbled over the cardboard, denser where strokes cross
        sw = max(3, round(s / 6))
        masks = []
        for a in (rng.uniform(0.6, 0.9), rng.uniform(-0.9, -0.6)):
            lay, ld = _layer(w, h)
            ca, sa = math.cos(a), math.sin(a)
            diag = math.hypot(w, h)
            for o in np.arange(-diag / 2, diag / 2, sw * rng.uniform(0.75, 0.9)):
                cx, cy = w / 2 - sa * o, h / 2 + ca * o
                e0, e1 = rng.uniform(0.45, 0.6) * diag, rng.uniform(0.45, 0.6) * diag
                ld.line([(cx - ca * e0, cy - sa * e0), (cx + ca * e1, cy + sa * e1)], fill=255, width=sw)
            masks.append(_m(lay))
        both = masks[0] * masks[1]
        cover = np.maximum(masks[0], masks[1])
        tex = col * (1.0 - 0.25 * both + 0.06 * _noise0(g, h, w, 0.8))[..., None]
        edge = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy]) < max(1.0, 0.04 * s)
        alpha = np.clip(cover * 0.8 + both * 0.17 - 0.5 * edge * (g.random((h, w)) < 0.5), 0, 1).astype(np.float32)
    elif kind == "typed_overstrike":  # a typist's fill: rows of letters struck over one another in ribbon ink
        px = max(8, round(s / 2.3))
        font = _font(TYPE_FONT, px)
        lay, ld = _layer(w, h)
        cw_ = font.getlength("M")
        rows_ = np.arange(-0.1 * px, h, 0.62 * px)
        for y in rows_:
            for x in np.arange(-0.15 * cw_, w, cw_ * 0.92):
                for ch in ("M", "W", "X", "#"):
                    ld.text((x + rng.uniform(-1, 1), y + rng.uniform(-1, 1)), ch, font=font,
                            fill=rng.randint(200, 255))
        m = cv2.GaussianBlur(_m(lay), (0, 0), 0.45)
        ribbon = 0.85 + 0.15 * np.clip(_noise0(g, h, w, 1.2), -1, 1)
        alpha = np.clip(m * ribbon, 0, 1).astype(np.float32)
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255), alpha


def _draw_fill37(img: Image.Image, box, style: Style37, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07)
    w, h = bx - ax, by - ay
    if not light:
        tex, alpha = _tex37(style.fill, w, h, style.fill_colour, g, rng)
        _paste(img, tex, ax, ay, alpha)
        return
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = _ink(style)
    s = float(min(w, h))
    lay, ld = _layer(w, h)
    p = max(7.0, s / 2.8)
    lw = max(1, round(p / 11))
    if light == "light_snails":  # snails: a round shell with its spiral, the foot below, two feelers
        for x, y in _staggered(w, h, p):
            r = p * 0.24
            ld.polygon([(x - 1.0 * r, y + 0.75 * r), (x + 1.05 * r, y + 0.75 * r), (x + 1.2 * r, y + 0.45 * r),
                        (x + 0.9 * r, y + 0.35 * r), (x - 0.9 * r, y + 0.45 * r)], fill=255)
            ld.ellipse([x - 0.75 * r, y - 0.85 * r, x + 0.65 * r, y + 0.55 * r], fill=255)
            ld.arc([x - 0.45 * r, y - 0.55 * r, x + 0.35 * r, y + 0.25 * r], 0, 300, fill=0, width=1)
            ld.line([(x + 1.0 * r, y + 0.4 * r), (x + 1.25 * r, y - 0.2 * r)], fill=255, width=lw)
            ld.line([(x + 1.1 * r, y + 0.4 * r), (x + 1.5 * r, y - 0.05 * r)], fill=255, width=lw)
    elif light == "light_lighthouses":  # lighthouses: a tapering banded tower, the lamp room, a cap
        for x, y in _staggered(w, h, p):
            r = p * 0.26
            ld.polygon([(x - 0.38 * r, y + 1.05 * r), (x + 0.38 * r, y + 1.05 * r), (x + 0.22 * r, y - 0.55 * r),
                        (x - 0.22 * r, y - 0.55 * r)], fill=255)
            for yb in (y - 0.05 * r, y + 0.5 * r):
                ld.line([(x - 0.4 * r, yb), (x + 0.4 * r, yb)], fill=0, width=lw)
            ld.rectangle([x - 0.26 * r, y - 0.9 * r, x + 0.26 * r, y - 0.55 * r], fill=255)
            ld.rectangle([x - 0.12 * r, y - 0.82 * r, x + 0.12 * r, y - 0.63 * r], fill=0)
            ld.polygon([(x - 0.32 * r, y - 0.9 * r), (x + 0.32 * r, y - 0.9 * r), (x, y - 1.2 * r)], fill=255)
    elif light == "light_penguins":  # penguins: an upright body, a pale belly, the head, a beak and feet
        for x, y in _staggered(w, h, p):
            r = p * 0.24
            ld.ellipse([x - 0.6 * r, y - 0.55 * r, x + 0.6 * r, y + 1.0 * r], fill=255)
            ld.ellipse([x - 0.42 * r, y - 1.15 * r, x + 0.42 * r, y - 0.35 * r], fill=255)
            ld.ellipse([x - 0.34 * r, y - 0.25 * r, x + 0.34 * r, y + 0.85 * r], fill=0)  # the belly
            ld.polygon([(x + 0.35 * r, y - 0.8 * r), (x + 0.7 * r, y - 0.72 * r), (x + 0.35 * r, y - 0.62 * r)],
                       fill=255)
            ld.ellipse([x + 0.05 * r, y - 0.9 * r, x + 0.2 * r, y - 0.75 * r], fill=0)
            for fx in (-0.3, 0.3):
                ld.ellipse([x + (fx - 0.2) * r, y + 0.95 * r, x + (fx + 0.2) * r, y + 1.12 * r], fill=255)
    elif light == "light_rockets":  # rockets: a slender body, a pointed nose, a round window, fins and a flame
        for x, y in _staggered(w, h, p):
            r = p * 0.24
            ld.ellipse([x - 0.3 * r, y - 1.05 * r, x + 0.3 * r, y + 0.75 * r], fill=255)
            ld.ellipse([x - 0.13 * r, y - 0.45 * r, x + 0.13 * r, y - 0.19 * r], fill=0)
            for sgn in (-1, 1):
                ld.polygon([(x + sgn * 0.25 * r, y + 0.2 * r), (x + sgn * 0.62 * r, y + 0.85 * r),
                            (x + sgn * 0.22 * r, y + 0.65 * r)], fill=255)
            ld.polygon([(x - 0.15 * r, y + 0.78 * r), (x + 0.15 * r, y + 0.78 * r), (x, y + 1.25 * r)], fill=255)
    else:
        raise ValueError(light)
    alpha = 0.2 + 0.34 * _m(lay)
    _paste_rgba(img, tex, cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.5), ax, ay)


def _draw_outline37(img: Image.Image, box, style: Style37, rng: random.Random) -> None:
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
    v = np.clip(across / f, 0, 1)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    corner = ((xx < f) | (xx > w - 1 - f)) & ((yy < f) | (yy > h - 1 - f))
    centres = ((f / 2, f / 2), (w - 1 - f / 2, f / 2), (f / 2, h - 1 - f / 2), (w - 1 - f / 2, h - 1 - f / 2))
    if kind == "outline_gilt_frame":  # a carved gilt picture frame: a rounded moulding, a beaded lip, corner rosettes
        tex = col * (0.72 + 0.45 * np.clip(np.sin(math.pi * v), 0, 1) ** 0.7)[..., None]
        tex[band & (v < 0.12)] = col * 0.6
        leaf = band & (np.abs(v - 0.45) < 0.14) & (np.sin(along / max(1.5, 0.35 * f) * 2 * math.pi) > 0.55)
        tex[leaf] = _lift(col, 0.18)
        bead = band & (np.abs(v - 0.84) < 0.07) & (((along / max(2.0, 0.3 * f)) % 1) < 0.55)
        tex[bead] = _lift(col, 0.38)
        for cx, cy in centres:
            dd = np.hypot(xx - cx, yy - cy)
            tex[corner & (dd < 0.42 * f)] = _lift(col, 0.25)
            tex[corner & (dd < 0.2 * f)] = col * 0.7
        m = band.astype(np.float32)
    elif kind == "outline_barrel_staves":  # barrel staves round the cell, bound by iron hoops with their rivets
        pt = max(5.0, f * 1.15)
        k = np.floor(along / pt)
        u = (along % pt) / pt
        tone = 0.86 + 0.28 * np.abs(np.sin(k * 12.9898) * 43758.5453 % 1)
        tex = col * (tone * (0.88 + 0.16 * np.sin(math.pi * v)))[..., None]
        tex[band & ((u < 0.07) | (u > 0.95))] = col * 0.45
        tex[band & (np.abs(np.sin(along / max(1.0, 0.18 * f))) < 0.12)] *= 0.9  # the wood's grain
        hoop = band & ((along % (3 * pt)) < 0.3 * f)
        tex[hoop] = col * 0.55
        tex[hoop & (np.abs(v - 0.5) < 0.12) & ((along % (3 * pt)) > 0.1 * f) & ((along % (3 * pt)) < 0.2 * f)] = \
            _lift(col, 0.35)
        tex[band & corner] = col * 0.6
        for cx, cy in centres:
            tex[np.hypot(xx - cx, yy - cy) < 0.13 * f] = _lift(col, 0.35)
        m = band.astype(np.float32)
    elif kind == "outline_caterpillar_track":  # a caterpillar track: plates with raised grousers, sprocket corners
        pt = max(5.0, f * 0.95)
        u = (along % pt) / pt
        tex = col * (0.92 + 0.06 * np.sin(math.pi * v))[..., None]
        tex[band & (np.abs(u - 0.45) < 0.13)] = _lift(col, 0.22)  # the grouser
        tex[band & (u > 0.58) & (u < 0.68)] = col * 0.65  # its shadow
        tex[band & ((u < 0.05) | (u > 0.95))] = col * 0.42
        tex[band & (np.abs(v - 0.82) < 0.08) & (np.abs(u - 0.02) < 0.06)] = _lift(col, 0.35)  # the link pins
        for cx, cy in centres:
            dd = np.hypot(xx - cx, yy - cy)
            ang = np.arctan2(yy - cy, xx - cx)
            wheel = corner & (dd < 0.5 * f * (1 + 0.12 * (np.cos(8 * ang) > 0)))
            tex[wheel] = col * 0.8
            tex[wheel & (dd < 0.22 * f)] = _lift(col, 0.3)
        m = band.astype(np.float32)
    elif kind == "outline_radiator":  # a cast-iron radiator's sections round the cell: rounded ribs, rails, a valve
        pt = max(4.0, f * 0.7)
        u = (along % pt) / pt
        tex = col * (0.68 + 0.5 * np.sin(math.pi * u))[..., None]
        tex[band & ((u < 0.08) | (u > 0.94))] = col * 0.35
        rail = band & ((v < 0.14) | (v > 0.86))
        tex[rail] = col * 0.85
        tex[band & corner] = col * 0.75
        cx, cy = centres[rng.randrange(4)]
        tex[np.hypot(xx - cx, yy - cy) < 0.3 * f] = _lift(col, 0.3)  # the valve's knob
        m = band.astype(np.float32)
    else:
        raise ValueError(kind)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross37(img: Image.Image, box, style: Style37, rng: random.Random) -> None:
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
        if kind == "heavy_x_pool_cues":  # two pool cues crossed: a thin tip with its ferrule, a thick wrapped butt
            prof = wid * (0.1 + 0.2 * np.clip(t, 0, 1))
            part = (np.abs(n) < prof) & (t > -0.02) & (t < 1.02)
            tex[part] = col
            tex[part & (n < -prof * 0.4)] = _lift(col, 0.2)
            tex[part & (t < 0.05)] = col * 0.6  # the tip
            tex[part & (t >= 0.05) & (t < 0.1)] = _lift(col, 0.45)  # the ferrule
            tex[part & (np.abs(t - 0.55) < 0.015)] = _lift(col, 0.3)  # the joint
            wrap = part & (t > 0.7) & (t < 0.92)
            tex[wrap] = col * 0.7
            tex[wrap & ((((t * ln) / max(2.0, wid * 0.25)) % 1) < 0.4)] = col * 0.85
        elif kind == "heavy_x_leeks":  # two leeks crossed: a pale shank with its roots, dark leaves split at the top
            shank = (np.abs(n) < wid * 0.24) & (t > 0.36) & (t < 0.97)
            roots = (t >= 0.97) & (t < 1.04) & (np.abs(n) < wid * 0.2) & (((n / max(1.0, wid * 0.08)) % 2) < 0.8)
            leaves = np.zeros_like(shank)
            for kk in (-1, 0, 1):
                off = kk * wid * 0.26 * np.clip((0.4 - t) / 0.4, 0, 1)
                leaves |= (np.abs(n - off) < wid * 0.11) & (t > 0.0) & (t <= 0.4)
            part = shank | roots | leaves
            tex[leaves] = col * 0.85
            tex[shank] = col
            tex[shank & (t > 0.78)] = _lift(col, 0.32)
            tex[shank & (n < -wid * 0.1)] = _lift(col, 0.15)
            tex[roots] = _lift(col, 0.2)
        elif kind == "heavy_x_flutes":  # two flutes crossed: a slim tube, joint rings, ringed keys, the lip plate
            tube = (np.abs(n) < wid * 0.17) & (t > 0.02) & (t < 0.99)
            plate = ((t - 0.12) * ln / (wid * 0.28)) ** 2 + (n / (wid * 0.24)) ** 2 < 1
            part = tube | plate
            tex[part] = col
            tex[tube & (n < -wid * 0.07)] = _lift(col, 0.25)
            tex[tube & ((np.abs(t - 0.3) < 0.015) | (np.abs(t - 0.72) < 0.015))] = col * 0.65
            for tk in np.arange(0.42, 0.95, 0.09):
                dd = np.hypot((t - tk) * ln, n)
                tex[dd < wid * 0.14] = _lift(col, 0.35)
                tex[dd < wid * 0.08] = col * 0.75
            tex[plate] = _lift(col, 0.15)
            tex[((t - 0.12) * ln / (wid * 0.1)) ** 2 + (n / (wid * 0.07)) ** 2 < 1] = col * 0.5
        elif kind == "heavy_x_hockey_sticks":  # two hockey sticks crossed: a taped shaft, the blade hooked aside
            shaft = (np.abs(n) < wid * 0.16) & (t > 0.0) & (t < 0.8)
            curl = np.clip((t - 0.78) / 0.24, 0, 1)
            blade = (t >= 0.78) & (t < 1.03) & (n > -wid * 0.16) & (n < wid * (0.16 + 0.5 * curl))
            part = shaft | blade
            tex[part] = col
            tex[shaft & (n < -wid * 0.06)] = _lift(col, 0.2)
            tex[shaft & (t < 0.14)] = col * 0.7  # the grip tape
            tex[blade & ((((t * ln) / max(2.0, wid * 0.22)) % 1) < 0.35)] = col * 0.72  # the blade's tape
            tex[(t > -0.03) & (t < 0.02) & (np.abs(n) < wid * 0.22)] = col * 0.6  # the butt end's knob
            part |= (t > -0.03) & (t < 0.02) & (np.abs(n) < wid * 0.22)
        else:
            raise ValueError(kind)
        m = np.maximum(m, part.astype(np.float32))
    m = cv2.GaussianBlur(m, (0, 0), 0.4)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(m, 0, 1).astype(np.float32), ax, ay)


def _draw_empty37(img: Image.Image, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    d = ImageDraw.Draw(img)
    if kind == "none":
        return
    if kind == "mustard_seed":  # a yellow mustard seed: a small round bead, its shadow and a glint
        r = 0.05 * s
        d.ellipse([cx - r + 0.9, cy - r + 1.3, cx + r + 0.9, cy + r + 1.3], fill=(212, 208, 200))
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(214, 172, 60), outline=(176, 132, 42))
        d.ellipse([cx - 0.55 * r, cy - 0.55 * r, cx - 0.05 * r, cy - 0.05 * r], fill=(246, 226, 150))
    elif kind == "daisy_sticker":  # a small daisy sticker: white petals outlined in grey round a yellow heart
        r = 0.085 * s
        a0 = rng.uniform(0, math.pi / 4)
        for k in range(8):
            a = a0 + k * math.pi / 4
            px, py = cx + 0.62 * r * math.cos(a), cy + 0.62 * r * math.sin(a)
            d.polygon(_rotated([(-0.45, 0), (0, -0.2), (0.45, 0), (0, 0.2)], px, py, a, r), fill=(252, 252, 250),
                      outline=(176, 176, 184))
        d.ellipse([cx - 0.3 * r, cy - 0.3 * r, cx + 0.3 * r, cy + 0.3 * r], fill=(236, 190, 52),
                  outline=(200, 150, 40))
    elif kind == "split_pea":  # a green split pea: a small half disc, its flat face paler
        r = 0.06 * s
        a = rng.uniform(0, 360)
        d.pieslice([cx - r + 0.8, cy - r + 1.2, cx + r + 0.8, cy + r + 1.2], a, a + 180, fill=(212, 210, 204))
        d.pieslice([cx - r, cy - r, cx + r, cy + r], a, a + 180, fill=(126, 168, 72), outline=(96, 136, 52))
        d.line([(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))),
                (cx - r * math.cos(math.radians(a)), cy - r * math.sin(math.radians(a)))], fill=(176, 206, 124),
               width=1)
    elif kind == "lavender_bud":  # a sprig of lavender: a short green stem, small purple buds along its top half
        a = rng.uniform(-0.6, 0.6) - math.pi / 2
        ln = 0.18 * s
        ex, ey = cx + 0.5 * ln * math.cos(a), cy + 0.5 * ln * math.sin(a)
        sx, sy = cx - 0.5 * ln * math.cos(a), cy - 0.5 * ln * math.sin(a)
        d.line([(sx, sy), (ex, ey)], fill=(110, 140, 90), width=1)
        for k in range(4):
            f = 0.1 + 0.13 * k
            bx, by = ex - f * ln * math.cos(a), ey - f * ln * math.sin(a)
            rr = 0.025 * s
            d.ellipse([bx - rr, by - rr, bx + rr, by + rr], fill=(140, 108, 190), outline=(112, 84, 160))
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids


def _draw_grid37(img: Image.Image, L: dict[str, Any], rng: random.Random, name: str, inp: np.ndarray | None) -> None:
    if name == "kept":
        _draw_grid32(img, L, rng, "kept", inp)
        return
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    thin = max(1, round(s / 30))
    _pen_minors(d, L, thin)
    if name == "knitting_needle_majors":  # each block line anodised knitting needles end to end: knob, shaft, point
        wn = max(3, round(s / 10))
        for vertical, c, a0, a1 in _major_segments(L, wn * 0.5):
            t = a0
            while t < a1 - 0.5 * s:
                ln = min(3.4 * s * rng.uniform(0.92, 1.0), a1 - t)
                knob_first = rng.random() < 0.5
                k0, k1 = (t, t + ln) if knob_first else (t + ln, t)
                sgn = 1 if k1 > k0 else -1
                tip = k1 - sgn * 0.35 * s
                d.polygon(_seg_pts(vertical, c, [(k0, -wn / 2), (tip, -wn / 2), (k1, 0), (tip, wn / 2),
                                                 (k0, wn / 2)]), fill=(40, 62, 84))
                d.line(_seg_pts(vertical, c, [(k0 + sgn * 2, -wn * 0.22), (tip, -wn * 0.22)]), fill=(140, 164, 186),
                       width=1)  # the metal's shine
                (kx, ky), = _seg_pts(vertical, c, [(k0 + sgn * 0.75 * wn, 0)])
                r = 0.75 * wn
                d.ellipse([kx - r, ky - r, kx + r, ky + r], fill=(28, 28, 34))  # the knob
                d.ellipse([kx - 0.4 * r, ky - 0.45 * r, kx, ky - 0.05 * r], fill=(110, 110, 120))
                t += ln + rng.uniform(0.5, 1.5)
        return
    if name == "twig_majors":  # each block line a brown twig: a slightly wavy stem, bark ticks, buds and knots
        wt = max(3, round(s / 10))
        for vertical, c, a0, a1 in _major_segments(L, wt * 0.5):
            ph, per = rng.uniform(0, 2 * math.pi), rng.uniform(2.0, 3.5) * s
            ts = np.arange(a0, a1 + 1, 2.0)
            pts = [(float(u), 0.2 * wt * math.sin(2 * math.pi * u / per + ph)) for u in ts]
            d.line(_seg_pts(vertical, c, pts), fill=(74, 56, 40), width=wt, joint="curve")
            for u in np.arange(a0 + 2, a1 - 2, max(2.5, wt * 0.8)):  # the bark's ticks
                o = 0.2 * wt * math.sin(2 * math.pi * u / per + ph)
                d.line(_seg_pts(vertical, c, [(u, o - wt * 0.3), (u + 1.5, o + wt * 0.25)]), fill=(48, 36, 26),
                       width=1)
            u = a0 + rng.uniform(0.3, 0.8) * s
            while u < a1 - 0.3 * s:
                o = 0.2 * wt * math.sin(2 * math.pi * u / per + ph)
                side = rng.choice((-1, 1))
                if rng.random() < 0.6:  # a bud
                    d.polygon(_seg_pts(vertical, c, [(u - 0.35 * wt, o + side * 0.4 * wt), (u + 0.5 * wt,
                                                     o + side * 1.0 * wt), (u + 0.25 * wt, o + side * 0.3 * wt)]),
                              fill=(96, 70, 48))
                else:  # a knot
                    (kx, ky), = _seg_pts(vertical, c, [(u, o)])
                    r = 0.6 * wt
                    d.ellipse([kx - r, ky - r * 0.8, kx + r, ky + r * 0.8], fill=(58, 42, 30))
                u += rng.uniform(0.8, 1.6) * s
        return
    if name == "charging_cable_majors":  # each block line a black charging cable, joined midway by a plug
        wc = max(3, round(s / 11))
        for vertical, c, a0, a1 in _major_segments(L, wc * 0.5):
            ph = rng.uniform(0, 2 * math.pi)
            ts = np.arange(a0, a1 + 1, 2.0)
            pts = [(float(u), 0.15 * wc * math.sin(u / (1.7 * s) + ph)) for u in ts]
            d.line(_seg_pts(vertical, c, pts), fill=(30, 30, 32), width=wc, joint="curve")
            d.line(_seg_pts(vertical, c, [(u, o - wc * 0.22) for u, o in pts]), fill=(104, 104, 112), width=1)
            u = a0 + rng.uniform(0.3, 0.7) * (a1 - a0 - 0.8 * s)
            hw = 0.85 * wc
            d.rounded_rectangle(_box_pts(vertical, c, u, u + 0.42 * s, hw), radius=2, fill=(24, 24, 26))  # the plug
            d.rectangle(_box_pts(vertical, c, u + 0.42 * s, u + 0.6 * s, 0.55 * hw), fill=(172, 174, 182))
            d.rounded_rectangle(_box_pts(vertical, c, u + 0.6 * s, u + 0.95 * s, hw), radius=2,
                                fill=(34, 34, 38))  # the socket's housing
        return
    if name == "wire_rope_majors":  # each block line a twisted steel wire rope, a crimped sleeve at each end
        wr = max(3, round(s / 10))
        for vertical, c, a0, a1 in _major_segments(L, wr * 0.5):
            d.line(_seg_pts(vertical, c, [(a0, 0), (a1, 0)]), fill=(82, 84, 92), width=wr)
            per = max(2.5, wr * 0.9)
            for u in np.arange(a0, a1 - per * 0.6, per):  # the strands' lay
                d.line(_seg_pts(vertical, c, [(u, -wr * 0.45), (u + per * 0.6, wr * 0.45)]), fill=(156, 158, 166),
                       width=1)
                d.line(_seg_pts(vertical, c, [(u + per * 0.35, -wr * 0.45), (u + per * 0.95, wr * 0.45)]),
                       fill=(46, 48, 54), width=1)
            for u0, u1 in ((a0, a0 + 0.32 * s), (a1 - 0.32 * s, a1)):
                d.rectangle(_box_pts(vertical, c, u0, u1, 0.7 * wr), fill=(118, 120, 128), outline=(70, 72, 78))
                for uu in np.arange(u0 + 0.08 * s, u1 - 0.04 * s, 0.08 * s):  # the crimps
                    d.line(_seg_pts(vertical, c, [(uu, -0.7 * wr), (uu, 0.7 * wr)]), fill=(80, 82, 90), width=1)
        return
    raise ValueError(name)


def _box_pts(vertical: bool, c: float, u0: float, u1: float, half: float) -> list[float]:
    """The box from ``u0`` to ``u1`` along a block line at ``c``, ``half`` to each side of it."""
    (x0, y0), (x1, y1) = _seg_pts(vertical, c, [(u0, -half), (u1, half)])
    return [min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)]


# ------------------------------------------------------------------------------------------ redraws


KRAFT = (198, 162, 116)
BOND = (242, 238, 228)


def _ink_on(img: Image.Image, lay: Image.Image, colour, kind: str, g: np.random.Generator) -> Image.Image:
    """The shapes of ``lay`` put on ``img`` as rubber-stamp ink (small gaps, a heavier rim) or as typewriter ribbon
    ink (a fine fuzz, the ribbon's uneven inking; the layer's grey sets how hard each number was struck)."""
    a = np.asarray(img, np.float32)
    m = _m(lay)
    H, W = m.shape
    col = np.asarray(colour, np.float32)
    if kind == "cardboard_flap":
        inner = cv2.erode((m > 0.5).astype(np.uint8), np.ones((3, 3), np.uint8)).astype(np.float32)
        rim = np.clip(m - inner, 0, 1)
        gaps = cv2.GaussianBlur((g.random((H, W)) < 0.1).astype(np.float32), (0, 0), 0.7)
        alpha = np.clip(m * (0.9 - 0.6 * gaps) + 0.15 * rim, 0, 1)
    else:
        fuzz = cv2.GaussianBlur(m, (0, 0), 0.55)
        ribbon = 0.9 + 0.1 * np.clip(_smooth(g, H, W, 1.5), -1.5, 1.5)
        alpha = np.clip(fuzz * ribbon, 0, 1)
    out = a * (1 - alpha[..., None]) + col * alpha[..., None]
    return Image.fromarray(_clip8(out))


def _draw_redraw_grid37(img: Image.Image, L: dict[str, Any], kind: str, rng: random.Random,
                        colour) -> Image.Image:
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    g = _nrng(rng)
    if kind == "cardboard_flap":  # black marker ruled along a straight edge: a broad minor, a doubled major
        thin, wd = max(2, round(s / 20)), max(3, round(s / 9))
    else:  # a drawing pen ruled on the typed sheet
        thin, wd = max(1, round(s / 26)), max(3, round(s / 10))
    lay, d = _layer(*img.size)
    for i, x in enumerate(xs):
        big = _major(i, cols)
        e = wd // 2 if big else 0
        o = rng.uniform(-0.6, 0.6)
        d.line([(x + o, ys[0] - e), (x - o, ys[-1] + e)], fill=255, width=wd if big else thin)
    for j, y in enumerate(ys):
        big = _major(j, rows)
        e = wd // 2 if big else 0
        o = rng.uniform(-0.6, 0.6)
        d.line([(xs[0] - e, y + o), (xs[-1] + e, y - o)], fill=255, width=wd if big else thin)
    a = np.asarray(img, np.float32)
    m = _m(lay)
    H, W = m.shape
    if kind == "cardboard_flap":
        streak = 0.88 + 0.1 * np.clip(_smooth(g, H, W, 3.0), -1.2, 1.2)
        alpha = np.clip(m * streak, 0, 1)
    else:
        alpha = cv2.GaussianBlur(m, (0, 0), 0.4)
    out = a * (1 - alpha[..., None]) + np.asarray(colour, np.float32) * alpha[..., None]
    return Image.fromarray(_clip8(out))


def _ink_box(font, text: str) -> tuple[int, int, int, int]:
    """The box of ``text``'s ink relative to its baseline start (as ``getbbox`` with anchor ``ls`` gives it, but
    measured on the drawn glyphs: some faces' outlines hold stray points, so their boxes reach the baseline while
    their figures stand above it)."""
    x0, y0, x1, y1 = font.getbbox(text, anchor="ls")
    pad = 4
    w, h = x1 - x0 + 2 * pad, y1 - y0 + 2 * pad
    im = Image.new("L", (max(1, w), max(1, h)), 0)
    ImageDraw.Draw(im).text((pad - x0, pad - y0), text, font=font, fill=255, anchor="ls")
    box = im.point(lambda v: 255 if v > 96 else 0).getbbox()
    if box is None:
        return x0, y0, x1, y1
    return box[0] - pad + x0, box[1] - pad + y0, box[2] - pad + x0, box[3] - pad + y0


def _ink_digit_h(font) -> float:
    """The mean height of the font's ten digits as drawn."""
    return float(np.mean([_ink_box(font, ch)[3] - _ink_box(font, ch)[1] for ch in "0123456789"]))


def _ink_px_for(font_file: str, target_h: float) -> int:
    """The size at which ``font_file``'s digits are drawn ``target_h`` pixels tall."""
    px = max(8, round(target_h * 1.4))
    return max(8, round(px * target_h / max(1.0, _ink_digit_h(_font(font_file, px)))))


def _ink_w37(font, text: str) -> float:
    x0, _, x1, _ = _ink_box(font, text)
    return x1 - x0


def _redraw_whole37(layout: dict[str, Any], style: Style37, row_vals, col_vals, rng: random.Random,
                    target: tuple[int, int]) -> tuple[Image.Image, dict[str, Any]]:
    """The whole puzzle drawn anew (``style.redraw``): its own surface, cell size, clue layout and margins. Returns
    the page (clues, no marks, no grid yet) and its geometry."""
    kind = style.redraw
    rows, cols = layout["rows"], layout["cols"]
    base = layout["cell_px"] * rng.uniform(0.9, 0.98) * 0.92
    ref = _digit_h(_font(INPUT_FONT, layout["clue_font_px"]))
    px = _ink_px_for(style.clue_font, ref * rng.uniform(*style.clue_scale))
    font = _font(style.clue_font, px)
    while px > 8 and max(_ink_w37(font, t) for v in col_vals for t in v) > 0.72 * base:
        px -= 1
        font = _font(style.clue_font, px)
    dh = _ink_digit_h(font)
    gapn, slot = dh * rng.uniform(0.75, 0.9), dh * rng.uniform(1.5, 1.65)
    row_w = max(sum(_ink_w37(font, t) for t in v) + gapn * (len(v) - 1) for v in row_vals)
    col_h = max(len(v) for v in col_vals) * slot
    pad = 0.45 * base
    gw, gh = base * cols, base * rows
    pw, ph = row_w + pad * 1.4 + gw, col_h + pad * 1.4 + gh
    g = _nrng(rng)
    bm = 0.8 * base
    top = 1.6 * bm if kind == "cardboard_flap" else 1.2 * bm  # the packing tape across the flap's top
    W = round(max(pw + 2 * bm, 0.85 * target[0]))
    H = round(ph + bm + top)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    if kind == "cardboard_flap":  # kraft liner over fluting, a cut edge of flutes, packing tape across the top
        flute = max(5.0, 0.1 * bm)
        surf = np.array(KRAFT, np.float32) * (1 + 0.018 * np.sin(2 * math.pi * yy / flute)
                                              + 0.03 * _smooth(g, H, W, 3) + 0.02 * _smooth(g, H, W, 30))[..., None]
        surf[g.random((H, W)) > 0.996] *= 0.8  # fibres in the liner
        cut = yy < 0.1 * bm  # the flap's cut top edge: the fluting between its two liners
        wave = np.abs(((xx / flute) % 1) - 0.5) * 2
        surf[cut] = np.array((150, 116, 78), np.float32) * (0.8 + 0.35 * wave[cut])[..., None]
        img = Image.fromarray(_clip8(surf))
        ty0, ty1 = 0.35 * top, 0.8 * top
        tape = (yy > ty0) & (yy < ty1)
        a = np.asarray(img, np.float32)
        tcol = np.array((188, 138, 74), np.float32)
        gloss = np.exp(-((yy - (ty0 + 0.3 * (ty1 - ty0))) / (0.08 * (ty1 - ty0))) ** 2)
        wrinkle = (np.abs(np.sin((xx + 0.3 * yy) / (0.35 * bm))) < 0.04).astype(np.float32)
        ta = (0.55 * tape)[..., None]
        a = a * (1 - ta) + tcol * ta
        a += (np.float32(250) - a) * ((0.3 * gloss + 0.18 * wrinkle) * tape)[..., None]
        img = Image.fromarray(_clip8(a))
        d = ImageDraw.Draw(img)
        d.line([(0, ty0), (W, ty0)], fill=(160, 114, 60), width=1)
        d.line([(0, ty1), (W, ty1)], fill=(160, 114, 60), width=1)
        for x in (1, W - 2):  # the box's side creases
            d.line([(x, 0.1 * bm), (x, H)], fill=(150, 118, 80), width=2)
    else:  # typewriter_sheet: bond paper, its fibres, a fold in three
        surf = np.array(BOND, np.float32) * (1 + 0.012 * _smooth(g, H, W, 1.2) + 0.01 * _smooth(g, H, W, 20))[
            ..., None]
        for fy in (H / 3, 2 * H / 3):
            fold = np.exp(-((yy - fy) / 1.6) ** 2)
            surf *= (1 - 0.06 * fold + 0.03 * np.exp(-((yy - fy - 2.5) / 2.0) ** 2))[..., None]
        img = Image.fromarray(_clip8(surf))
    ex = (W - 2 * bm - pw) / 2
    gx0, gy0 = bm + ex + row_w + pad * 1.4, top + col_h + pad * 1.4
    keep = [gx0 - pad * 1.4 - row_w - 4, gy0 - pad * 1.4 - col_h - 4, gx0 + gw + 4, gy0 + gh + 4]
    xs = [gx0 + base * i for i in range(cols + 1)]
    ys = [gy0 + base * j for j in range(rows + 1)]
    L = {"grid_bbox": [xs[0], ys[0], xs[-1], ys[-1]], "rows": rows, "cols": cols, "cw": base, "ch": base,
         "cell_px": base, "xs": xs, "ys": ys, "x0s": xs[:-1], "y0s": ys[:-1], "keep": keep}
    lay, ld = _layer(*img.size)
    _, tt, _, bb = _ink_box(font, "0123456789")

    def put(xy, t):
        x0, _, x1, _ = _ink_box(font, t)
        jx, jy = rng.uniform(-0.04, 0.04) * dh, rng.uniform(-0.05, 0.05) * dh  # a stamp's or a key's own place
        ink = 255 if kind == "cardboard_flap" else rng.randint(205, 255)  # how hard the key struck
        ld.text((xy[0] - (x0 + x1) / 2 + jx, xy[1] - (tt + bb) / 2 + jy), t, font=font, fill=ink, anchor="ls",
                stroke_width=style.clue_stroke, stroke_fill=ink)

    for r, vals in enumerate(row_vals):
        cy = (ys[r] + ys[r + 1]) / 2
        x = gx0 - pad
        for t in reversed(vals):
            wt = _ink_w37(font, t)
            put((x - wt / 2, cy), t)
            x -= wt + gapn
    for c, vals in enumerate(col_vals):
        cx = (xs[c] + xs[c + 1]) / 2
        for k, t in enumerate(vals):
            put((cx, gy0 - pad - (len(vals) - k - 0.5) * slot), t)
    img = _ink_on(img, lay, style.clue_colour, kind, g)
    return img, L


# ------------------------------------------------------------------------------------------ pages


def _terrazzo(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A terrazzo floor: pale cement set with angular chips of marble and stone in several colours."""
    img = Image.fromarray(_clip8(_table(g, H, W, (206, 202, 194), 0.03, 3)))
    d = ImageDraw.Draw(img)
    chips = ((150, 146, 140), (92, 90, 88), (190, 122, 98), (228, 224, 214), (122, 134, 122), (64, 64, 68),
             (204, 172, 124))
    r0 = 0.009 * big
    for _ in range(int(H * W / (r0 * r0) * 0.3)):
        x, y = rng.uniform(0, W), rng.uniform(0, H)
        r = r0 * rng.uniform(0.3, 1.6)
        n = rng.randint(4, 7)
        a0 = rng.uniform(0, 2 * math.pi)
        pts = [(x + r * rng.uniform(0.6, 1.1) * math.cos(a0 + 2 * math.pi * k / n),
                y + r * rng.uniform(0.6, 1.1) * math.sin(a0 + 2 * math.pi * k / n)) for k in range(n)]
        d.polygon(pts, fill=rng.choice(chips))
    return np.asarray(img, np.float32).copy()


def _cobbles(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A cobbled street: rows of rounded granite setts, dark joints of grit between them, each lit from above."""
    img = Image.fromarray(_clip8(_table(g, H, W, (66, 62, 58), 0.08, 2)))
    d = ImageDraw.Draw(img)
    q = 0.045 * big
    greys = ((150, 146, 140), (128, 124, 122), (168, 160, 150), (140, 132, 124), (116, 116, 120))
    for y in np.arange(-q, H + q, q * 0.8):
        x = -rng.uniform(0, q)
        while x < W + q:
            wq = q * rng.uniform(0.9, 1.4)
            colour = np.asarray(rng.choice(greys), np.float32) * rng.uniform(0.8, 1.1)
            d.rounded_rectangle([x + 2, y + 2, x + wq - 2, y + q * 0.8 - 2], radius=q * 0.22, fill=_c(colour))
            d.line([(x + 0.25 * q, y + 4), (x + wq - 0.25 * q, y + 4)], fill=_c(_lift(colour, 0.18)), width=2)
            x += wq
    out = np.asarray(img, np.float32) * (1 + 0.06 * _smooth(g, H, W, 2))[..., None]
    return out


def _tatami(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A tatami mat: fine rush stems woven across, the warp threads, a dark cloth border between two mats."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    q = max(2.0, 0.005 * big)
    rush = 0.9 + 0.1 * np.abs(np.sin(yy / q * math.pi))
    tone = rush * (1 + 0.05 * _smooth(g, H, W, 3) + 0.04 * _smooth(g, H, W, 0.05 * big))
    out = np.array((182, 172, 112), np.float32) * tone[..., None]
    warp = ((xx / (0.03 * big)) % 1) < 0.05
    out[warp] *= 0.86
    for vertical in (False, True):
        c = rng.uniform(0.08, 0.2) * (W if vertical else H)
        band = np.abs((xx if vertical else yy) - c) < 0.018 * big
        out[band] = np.array((38, 50, 44), np.float32) * (1 + 0.08 * np.sin((yy if vertical else xx) / 2.5))[
            band][..., None]
    return out


def _deckchair(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A deckchair's striped canvas: broad stripes of navy, white and red, the weave, a soft sag across it."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    q = 0.06 * big
    colours = np.array(((36, 62, 130), (236, 232, 220), (186, 46, 42), (236, 232, 220)), np.float32)
    k = (np.floor((xx + rng.uniform(0, q)) / q) % 4).astype(np.int64)
    out = colours[k]
    weave = 0.5 + 0.25 * (np.sin(xx * 1.7) + np.sin(yy * 1.7))
    sag = 1 - 0.08 * np.exp(-((yy - 0.55 * H) / (0.3 * H)) ** 2)
    out = out * ((0.95 + 0.08 * weave) * sag * (1 + 0.03 * _smooth(g, H, W, 3)))[..., None]
    return out


def _pallet(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A wooden shipping pallet: pale pine slats with their grain, deep dark gaps between them, nail heads."""
    out = np.empty((H, W, 3), np.float32)
    out[:] = (40, 30, 22)
    img_y = 0.0
    q, gap = 0.12 * big, 0.035 * big
    yy = np.mgrid[0:H, 0:W][0].astype(np.float32)
    wood = _table(g, H, W, (200, 168, 120), 0.03, 2) * (1 + 0.07 * np.sin(
        (yy + 5 * _smooth(g, H, W, 24)) / 2.2))[..., None]  # the pine's grain along each slat
    slat = np.zeros((H, W), bool)
    starts = []
    while img_y < H:
        wq = q * rng.uniform(0.9, 1.1)
        slat |= (yy >= img_y) & (yy < img_y + wq)
        starts.append((img_y, wq))
        img_y += wq + gap
    tone = np.ones((H, W), np.float32)
    for y0, wq in starts:
        tone[(yy >= y0) & (yy < y0 + wq)] = rng.uniform(0.85, 1.1)
    out[slat] = (wood * tone[..., None])[slat]
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    for y0, wq in starts:
        for x in np.arange(rng.uniform(0.05, 0.15) * W, W, 0.3 * W):
            for yn in (y0 + 0.3 * wq, y0 + 0.7 * wq):
                d.ellipse([x - 2.5, yn - 2.5, x + 2.5, yn + 2.5], fill=(80, 78, 76))
    return np.asarray(img, np.float32).copy()


def _tweed(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """Tweed cloth: a grey-brown twill, diagonal ribs, flecks of rust, green and blue wool."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    q = max(3.0, 0.006 * big)
    twill = np.sin((xx + yy) / q * math.pi)
    out = np.array((124, 110, 94), np.float32) * ((0.88 + 0.12 * twill) * (1 + 0.08 * _smooth(g, H, W, 1.0)))[
        ..., None]
    for colour, p in (((170, 80, 50), 0.012), ((80, 120, 80), 0.01), ((80, 96, 140), 0.008), ((206, 196, 176), 0.02)):
        fleck = cv2.GaussianBlur((g.random((H, W)) < p).astype(np.float32), (0, 0), 0.8) * 2.2
        fleck = np.clip(fleck, 0, 0.8)
        out = out * (1 - fleck[..., None]) + np.asarray(colour, np.float32) * fleck[..., None]
    return out


def _page37(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    big = max(h, w)
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "terrazzo_floor":  # on a terrazzo floor
        out = _page_on(a, lambda H, W: _terrazzo(g, rng, H, W, big), rng, g, 0.1, 4.0, 0.35)
        out = _grain(out, g, 2.0)
        return _perspective(out, rng.uniform(0.02, 0.04), (200, 196, 188))
    if e == "cobbled_street":  # on a cobbled street
        out = _page_on(a, lambda H, W: _cobbles(g, rng, H, W, big), rng, g, 0.1, 4.0, 0.4)
        out = _grain(out, g, 2.0)
        return _perspective(out, rng.uniform(0.03, 0.05), (110, 106, 102))
    if e == "tatami_floor":  # on a tatami mat
        out = _page_on(a, lambda H, W: _tatami(g, rng, H, W, big), rng, g, 0.1, 3.5, 0.35)
        return _grain(out, g, 1.8)
    if e == "deckchair_canvas":  # on a striped deckchair's canvas
        out = _page_on(a, lambda H, W: _deckchair(g, rng, H, W, big), rng, g, 0.1, 4.0, 0.35)
        out = _grain(out, g, 2.0)
        return _perspective(out, rng.uniform(0.02, 0.04), (150, 140, 150))
    if e == "strawberry_margin":  # a strawberry on the widened right margin: red body, yellow seeds, green calyx
        mr = round(0.26 * w)
        page = _extend(a, right=mr)
        Hp, Wp = page.shape[:2]
        x0 = _free_x(L, w)
        mw = Wp - x0
        R = 0.3 * mw
        cx, cy = x0 + 0.5 * mw, Hp * rng.uniform(0.3, 0.6)
        tilt = rng.uniform(-0.4, 0.4)

        def body(k: float) -> list[tuple[float, float]]:
            pts = []
            for t in np.linspace(0, 2 * math.pi, 48, endpoint=False):
                u, v = math.sin(t), -math.cos(t)
                pts.append((k * 0.85 * u * (0.62 - 0.38 * v) * (1 + 0.1 * (1 - v * v)), k * v))
            return _rotated(pts, cx, cy, tilt, R)

        lay, ld = _layer(Wp, Hp)
        ld.polygon(body(1.0), fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.06 * R, 0.1 * R, 0.08 * R, 0.35)
        m = _m(lay)
        yy, xx = np.mgrid[0:Hp, 0:Wp].astype(np.float32)
        shade = 1.05 - 0.35 * np.clip((xx - cx + 0.5 * (yy - cy)) / (1.6 * R) + 0.5, 0, 1)
        red = np.array((204, 32, 42), np.float32)[None, None] * shade[..., None]
        pa = pa * (1 - m[..., None]) + red * m[..., None]
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        for j, v in enumerate(np.arange(-0.62, 0.8, 0.18)):  # the seeds in staggered rows
            wf = 0.85 * math.sqrt(1 - v * v) * (0.62 - 0.38 * v) * (1 + 0.1 * (1 - v * v))
            k = max(1, round(1.6 * wf / 0.17))
            for u in (np.arange(k) + 0.5 + 0.25 * (j % 2)) / k * 1.6 - 0.8:
                (sx, sy), = _rotated([(min(0.8, u) * wf, v)], cx, cy, tilt, R)
                rr = 0.035 * R
                d.ellipse([sx - rr, sy - 1.4 * rr, sx + rr, sy + 1.4 * rr], fill=(232, 204, 92),
                          outline=(150, 24, 30))
        (tx, ty), = _rotated([(0.0, -1.0)], cx, cy, tilt, R)
        for k in range(6):  # the calyx's leaves
            a0 = tilt - math.pi / 2 + (k - 2.5) * 0.45
            d.polygon(_rotated([(0, -0.12), (0.55, 0), (0, 0.12)], tx, ty + 0.05 * R, a0 + math.pi, 0.55 * R),
                      fill=(62, 128, 54), outline=(40, 96, 40))
        d.line([(tx, ty), (tx + 0.08 * R, ty - 0.3 * R)], fill=(70, 110, 50), width=max(2, round(0.06 * R)))
        M = round(0.05 * big)
        bg = _table(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (220, 222, 226), 0.03, 3)
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _grain(out, g, 1.8)
    if e == "teabag_margin":  # a used tea bag on the widened bottom margin: its stain, its string and a blank tag
        mb = round(0.24 * h)
        page = _extend(a, bottom=mb)
        Hp, Wp = page.shape[:2]
        S = 0.5 * mb
        cx, cy = Wp * rng.uniform(0.3, 0.6), h + 0.5 * mb
        ang = rng.uniform(-0.4, 0.4)
        sq = [(-0.5, -0.42), (0.5, -0.42), (0.5, 0.42), (-0.5, 0.42)]
        pa = page.astype(np.float32)
        yy, xx = np.mgrid[0:Hp, 0:Wp].astype(np.float32)
        ring = np.exp(-((np.hypot(xx - cx - 0.05 * S, yy - cy) - 0.75 * S) / (0.05 * S)) ** 2)
        stain = (0.12 * (np.hypot(xx - cx, yy - cy) < 0.75 * S) + 0.18 * ring) * (yy > h + 3)
        pa = pa * (1 - stain[..., None]) + np.array((150, 104, 60), np.float32) * stain[..., None]
        lay, ld = _layer(Wp, Hp)
        ld.polygon(_rotated(sq, cx, cy, ang, S), fill=255)
        pa = _shadow(pa, lay, 0.03 * S, 0.05 * S, 0.05 * S, 0.3)
        m = _m(lay)
        wet = np.array((142, 96, 58), np.float32)[None, None] * (1 + 0.12 * _noise0(g, Hp, Wp, 0.06 * S))[..., None]
        pa = pa * (1 - 0.92 * m[..., None]) + wet * 0.92 * m[..., None]
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        d.polygon(_rotated(sq, cx, cy, ang, S), outline=(186, 150, 110))
        inner = [(-0.42, -0.34), (0.42, -0.34), (0.42, 0.34), (-0.42, 0.34)]
        d.polygon(_rotated(inner, cx, cy, ang, S), outline=(112, 74, 44))  # the crimped seam
        for _ in range(40):  # the leaves showing through
            u, v = rng.uniform(-0.38, 0.38), rng.uniform(-0.3, 0.3)
            (lx, ly), = _rotated([(u, v)], cx, cy, ang, S)
            d.point([(lx, ly)], fill=(70, 44, 28))
        (sx, sy), = _rotated([(0.0, -0.42)], cx, cy, ang, S)
        tx, ty = sx + rng.choice((-1, 1)) * 0.9 * S, h + 0.18 * mb
        d.line([(sx, sy), ((sx + tx) / 2, sy - 0.1 * S), (tx, ty)], fill=(236, 232, 224), width=1, joint="curve")
        d.rectangle([tx - 0.2 * S, ty - 0.12 * S, tx + 0.2 * S, ty + 0.12 * S], fill=(244, 240, 232),
                    outline=(190, 186, 178))  # the tag, blank
        M = round(0.05 * big)
        bg = _wood(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (160, 120, 86))
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _grain(out, g, 1.8)
    if e == "acorn_margin":  # two acorns on the widened left margin: glossy nuts in their scaly cups
        ml = round(0.26 * w)
        page = _extend(a, left=ml)
        Hp, Wp = page.shape[:2]
        R = 0.22 * ml
        acorns = [(0.5 * ml + rng.uniform(-0.08, 0.08) * ml, Hp * rng.uniform(0.25, 0.4), rng.uniform(-0.5, 0.5)),
                  (0.5 * ml + rng.uniform(-0.08, 0.08) * ml, Hp * rng.uniform(0.55, 0.7), rng.uniform(-0.5, 0.5))]
        lay, ld = _layer(Wp, Hp)
        shapes = []
        for cx, cy, a0 in acorns:
            body = [(0.6 * math.sin(t) * (1 - 0.3 * max(0.0, math.cos(t)) ** 3),
                     0.15 + 0.85 * math.cos(t) * (1 if math.cos(t) > 0 else 0.35))
                    for t in np.linspace(0, 2 * math.pi, 30, endpoint=False)]
            cup = [(0.68 * math.cos(t), -0.05 - 0.42 * math.sin(t)) for t in np.linspace(0, math.pi, 16)]
            shapes.append((cx, cy, a0, body, cup))
            ld.polygon(_rotated(body, cx, cy, a0, R), fill=255)
            ld.polygon(_rotated(cup, cx, cy, a0, R), fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.05 * R, 0.08 * R, 0.08 * R, 0.35)
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        for cx, cy, a0, body, cup in shapes:
            d.polygon(_rotated(body, cx, cy, a0, R), fill=(176, 118, 58), outline=(120, 78, 38))
            d.line(_rotated([(-0.3, 0.3), (-0.35, 0.6)], cx, cy, a0, R), fill=(214, 168, 104),
                   width=max(2, round(0.08 * R)))  # the shine
            d.polygon(_rotated(cup, cx, cy, a0, R), fill=(122, 96, 64), outline=(84, 64, 42))
            for v in (-0.12, -0.25, -0.37):  # the cup's scales
                for u in np.arange(-0.55, 0.56, 0.14):
                    if u * u / 0.5 + (v + 0.05) ** 2 / 0.18 < 1:
                        (px, py), = _rotated([(u, v)], cx, cy, a0, R)
                        d.arc([px - 0.07 * R, py - 0.05 * R, px + 0.07 * R, py + 0.05 * R], 0, 180,
                              fill=(86, 66, 44))
            d.line(_rotated([(0.0, -0.45), (0.08, -0.62)], cx, cy, a0, R), fill=(96, 74, 50),
                   width=max(2, round(0.07 * R)))  # the stalk
            (px, py), = _rotated([(0.0, 0.98)], cx, cy, a0, R)
            r = 0.05 * R
            d.ellipse([px - r, py - r, px + r, py + r], fill=(96, 62, 32))  # the nut's tip
        M = round(0.05 * big)
        bg = _wood(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (176, 140, 100))
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _grain(out, g, 1.8)
    if e == "steam_haze":  # steam from a hot drink: a soft pale haze over part of the page, a little blur under it
        out = _page_on(a, lambda H, W: _wood(g, H, W, (130, 96, 70)), rng, g, 0.09, 3.0, 0.4)
        H, W = out.shape[:2]
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        cx, cy = rng.uniform(0.25, 0.75) * W, rng.uniform(0.25, 0.75) * H
        blob = np.exp(-(((xx - cx) / (0.35 * W)) ** 2 + ((yy - cy) / (0.3 * H)) ** 2))
        wisps = np.clip(0.6 + 0.5 * _smooth(g, H, W, 0.05 * big), 0, 1)
        haze = 0.28 * blob * wisps
        soft = cv2.GaussianBlur(out, (0, 0), 1.6)
        k = (haze / 0.28)[..., None]
        out = out * (1 - k) + soft * k
        out = out * (1 - haze[..., None]) + np.float32(244) * haze[..., None]
        return _grain(out, g, 2.0)
    if e == "fence_shadow":  # the shadow of a chain-link fence: a diamond lattice of thin soft shade on the page
        out = _page_on(a, lambda H, W: _table(g, H, W, (196, 188, 172), 0.04, 3), rng, g, 0.09, 3.0, 0.3)
        H, W = out.shape[:2]
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        th = rng.uniform(-0.15, 0.15)
        u = xx * math.cos(th) + yy * math.sin(th)
        v = -xx * math.sin(th) + yy * math.cos(th)
        p = 0.065 * big
        d1 = np.abs(((u + v) / p) % 1 - 0.5)
        d2 = np.abs(((u - v) / p) % 1 - 0.5)
        wire = ((d1 > 0.475) | (d2 > 0.475)).astype(np.float32)
        wire = cv2.GaussianBlur(wire, (0, 0), 2.0)
        light = (1.04 - 0.2 * np.clip(wire * 1.6, 0, 1)) * np.float32(0.98)
        return _grain(np.clip(out * light[..., None], 0, 255), g, 2.0)
    if e == "cling_film_wrap":  # the page wrapped in cling film: narrow bright glints, creases, a faint sheen
        out = _page_on(a, lambda H, W: _table(g, H, W, (168, 172, 178), 0.04, 3), rng, g, 0.09, 3.0, 0.3)
        H, W = out.shape[:2]
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        glint = np.zeros((H, W), np.float32)
        crease = np.zeros((H, W), np.float32)
        for _ in range(rng.randint(3, 5)):
            th = rng.uniform(0, math.pi)
            c0 = rng.uniform(-0.4, 0.4) * big
            amp, per, ph = rng.uniform(0.01, 0.03) * big, rng.uniform(0.3, 0.6) * big, rng.uniform(0, 6.3)
            u = (xx - W / 2) * math.cos(th) + (yy - H / 2) * math.sin(th)
            v = -(xx - W / 2) * math.sin(th) + (yy - H / 2) * math.cos(th)
            dist = v - c0 - amp * np.sin(u / per * 2 * math.pi + ph)
            glint = np.maximum(glint, rng.uniform(0.25, 0.38) * np.exp(-(dist / (0.004 * big + 1.0)) ** 2)
                               * np.clip(0.5 + _smooth(g, H, W, 0.06 * big), 0, 1))
            crease = np.maximum(crease, np.exp(-((dist - 0.02 * big) / 1.0) ** 2))
        out = out * (1 - 0.07 * crease[..., None])
        out = out * (1 - glint[..., None]) + np.float32(252) * glint[..., None]
        out = out * 0.97 + 7
        return _grain(np.clip(out, 0, 255), g, 2.0)
    if e == "shipping_pallet":  # the cardboard flap laid on a wooden shipping pallet
        out = _page_on(a, lambda H, W: _pallet(g, rng, H, W, big), rng, g, 0.1, 4.0, 0.45)
        out = _grain(out, g, 2.0)
        return _perspective(out, rng.uniform(0.03, 0.05), (90, 72, 54))
    if e == "tweed_cloth":  # the typewritten sheet on tweed cloth
        out = _page_on(a, lambda H, W: _tweed(g, rng, H, W, big), rng, g, 0.1, 3.5, 0.4)
        return _grain(out, g, 1.8)
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page37(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style37,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, mean cell width ``cw`` and height ``ch``, the column and row edges ``xs`` and
    ``ys``, and ``keep``, the box round the clues and the grid; ``_box25`` gives a cell's box)."""
    rng = random.Random(f"h37:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = _change37(truth, style.clue_change, rng) if plan["clue"] else None
    row_vals, col_vals = _line_values(truth, change)
    if style.redraw:
        img, L = _redraw_whole37(layout, style, row_vals, col_vals, rng, (inp.shape[1], inp.shape[0]))
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
                _draw_fill37(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill37(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline37(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross37(img, box, style, rng)
            elif not ((r, c) in filled and style.missing_bare):
                _draw_empty37(img, box, style.empty, rng)
    if style.redraw:
        img = _draw_redraw_grid37(img, L, style.redraw, rng, style.clue_colour)
    else:
        _draw_grid37(img, L, rng, style.grid, inp)
    return np.asarray(img), rng, L


def make_answer37(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style37,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page37(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page37(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
