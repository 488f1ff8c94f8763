"""HELDOUT45, measured blind on c7149d7 (the fifty-first session's final verifier and digit model), never looked at:
**381/432** right (88.2 %), **0 false passes**, 3 unreadable and 0 confident false fails (seed 5,
``tools/measure_nonogram_family.py nonogram_heldout45:HELDOUT45 --seed 5``). By planted error: none 40/72, extra_light
71, extra_outline 71, x_instead 72, missing 70, clue_changed 57 (of 72 each). On the session's start (cd5f309, the model
before train-v6): 351/432 (81.3 %), 0 false passes, 3 unreadable;
none 23, clue_changed 44, the rest as above (34 verdicts gained, 4 lost). On rubric 82 (e73f54c, the fifty-second
session): 386/432 (89.4 %), 0 false passes, 3 unreadable, 1 confident false fail (an error-free 15x15 page charged
with six changed clues, flagged for review before only by cells a shadow put in doubt); none 45, the rest as above.
**Studied from the fifty-third session on** (rubric 83: its three unreadable pages and its confident false fail read
one by one; see docs/nonogram.md); no longer blind.

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved nonogram:
clue faces from sources no earlier nonogram family, test, install list or digit-reader training names. All twelve are
further faces of Brian Kent's from Debian's fonts-aenigma (free to redistribute and change, the package's copyright
says), none an earlier family's, none a face of the digit reader's reserved display set, each file's prefix new: a
condensed sans with an open 4 (Obstacle BRK, ``obstacle.ttf``), a wide rounded-square sans (Automatica BRK,
``automati.ttf``), a heavy squat face (Turmoil BRK, ``turmoil.ttf``, written a little larger), a condensed sans with
squared curves (Yielding BRK, ``yielding.ttf``), a bold condensed squared face (Vigilance BRK, ``vigilanc.ttf``, written
a little larger), a light condensed slanted face (Combustion I BRK, ``combusti.ttf``, written larger), a wide squared
sans (Aspartame BRK, ``aspartam.ttf``), a bold condensed sans with rounded corners (Slender Stubby BRK,
``slenstub.ttf``), a squared sans with a slashed zero and a bare-bar 1 (Rehearsal Curve BRK, ``rehearsc.ttf``), a bold
condensed sans (Ataxia BRK, ``ataxia.ttf``), a bold squared sans (Unexplored Galaxies BRK, ``Unxgala.ttf``), and for the
retyped line on the page that keeps the input's clues a bold condensed face (genotype S BRK, ``genotyps.ttf``). Fills no
earlier family uses (forbidden black rice with its purple sheen and glints, a heap of black plastic-coated paper clips,
rows of black zipper teeth on their tape, black thumbtack heads with their lit rims, developed black film with its
sprocket holes, tight black curls of hair, cocoa-dusted chocolate truffles, a black domino with grey pips, a heap of
black wood screws with their slots and threads, brushed chalkboard paint with a trace of chalk dust, twisted loose black
tea leaves, printing ink rolled out with a brayer, its laps and orange-peel texture); empty-cell marks drawn in new ways
(a tiny pair of red cherries, a tiny green leaf, a tiny pink scallop shell, a tiny teal fish); the planted errors drawn
in new ways (pale dinosaurs, strawberries, toy trucks or octopuses, each over a light tint; a frame of matchsticks, of
toy building blocks, of ice cubes, of capsule pills; an X of two open-ended spanners, of two pairs of tweezers, of two
clothes pins, of two tent pegs; all in the fill's colour); a changed clue that has a 1 put in front of one of its
numbers (3 written as 13, ``one_prefixed``, new here), has one number written as the line's length less that number
(``complemented``, new here), has one number of at least 5 split in three, has its 1s dropped, is written in reverse,
has one unit moved between two of its numbers, has two neighbouring numbers spanned into one, gains a number between two
of its numbers, is written from its largest number down, or (on the page that keeps the input's clues) has one number
one more or less; a missing fill left bare on a page whose other empty cells carry marks; grids drawn in new ways (pen
lines under block lines of red ric-rac braid; of a brown braided leather thong; of a braid with small teal pompoms; of a
garland of dried cranberries on a thread); and page changes no earlier family uses (the page on a pizza box lid with a
grease spot; on a blue-grey sofa cushion with its piping and a tufted button; on a red-checked waffle tea towel; on a
granny-square crochet blanket; on a yellow padded mailer; on a closed laptop's aluminium lid with two plain stickers;
the shadow of a vase of tulips across the page; a colander's round shadow pricked with bright dots; the slanted shadows
of a staircase's banister rails; a lipstick on the widened right margin; a grey tabby cat's paw reaching onto the
widened left margin; a matchbox and two matches on the widened right margin).

Clues written anew are drawn as HELDOUT44 draws them (``nonogram_heldout44._Face44``, ``_fit44``): the figures of a
number set at least a sixth of a figure's height apart, two numbers of a row further apart than two figures of one
number by most of a figure's height, a column's widest number kept clear of its neighbour column's.

Doubts noted rather than made unfair: of fonts-aenigma's many faces most were left out as too hard to read (outlined,
striped, stencilled, shattered, dotted, dingbat or 3D faces), and, looked at and dropped: Quantum Round for a bare-bar 1
so heavy that 11 reads as one bar, Quarterly Thick and Your Complex for a flat-topped 7 that closes with a 1 into a pi,
Synthetic for a 2 and a 5 like 8s, Jargon for an S-like 5, Candy Stripe as striped, TRAGIC as a face an earlier family
dropped as near one it took. Turmoil's 8 and 9 are heavy and small-countered; Combustion I is light and slanted, its 4
open at the top; Slender Stubby's figures are bold and condensed; Rehearsal Curve's 0 is slashed. No style redraws the
whole puzzle: all are drawn on the input's page. The fills have some paler features (the rice's glints, the clips' lit
wire, the teeth's lit tops, the tacks' rims, the film's grey sprocket holes, the curls' lit arcs, the truffles' cocoa
dust, the domino's grey pips and centre line, the screws' slots and threads, the chalk dust, the tea's lit ridges, the
ink's laps) over a dark ground, and a person sees a filled cell at once; the cherries are small and red, the leaf small
and green, the shell small and pink, the fish small and teal; the planted pale marks are a light tint with
darker-than-tint shapes over it, plainly darker than the paper; the ric-rac, leather, pompom and cranberry block lines
are broader and less even than a ruled line and reach a little into the cells' borders; the vase's, the banister's and
the colander's shadows darken the page by at most a fifth; the pizza box, cushion, tea towel, blanket, mailer and laptop
lie round the page, never on it (no printing with figures); the lipstick, the paw and the matchbox lie on a widened
margin (the matchbox carries no printing); a number with a 1 put in front may no longer fit its line (a clue no grid
solves is still a changed clue); a complemented number is at least 1 and differs from the number it replaces (where no
number can be, one number is one more or less); the retyped clue line on the page that keeps the input's clues is in a
different face from its neighbours; the style names begin ``s_`` as HELDOUT28's to HELDOUT44's do (the names themselves
differ from every earlier one).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer45` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout45:HELDOUT45`` measures them like the earlier families.
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

_Face45 = _Face44  # HELDOUT44's clue face: a number's figures at least a sixth of a figure's height apart
_fit45 = _fit44  # and its fitting of the clues to the input's clue strips


@dataclass(frozen=True)
class Style45(Style):
    """A HELDOUT45 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``clue_change`` how a planted clue_changed answer alters its line (as in HELDOUT44, or
    ``one_prefixed``: a 1 put in front of one number, or ``complemented``: one number written as the line's length
    less that number) and ``missing_bare`` whether a missing fill is left bare rather than marked like the other
    empty cells. ``make_answer`` calls :meth:`draw_answer`."""

    clue_change: str = "extra"
    missing_bare: bool = False

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer45(input_image, layout, truth, self, error, seed)


GAP = (0.6, 0.8)  # a row's numbers as far apart as HELDOUT44 sets them

HELDOUT45 = (
    Style45("s_obstaclebrk_blackrice_pizzabox", "forbidden_black_rice", (40, 30, 38), "none", "obstacle.ttf",
            ("pizza_box_lid", "jpeg"), clue_scale=(1.02, 1.1), clue_gap=GAP, grid="rickrack_majors",
            light_mark="light_dinosaurs", outline_mark="outline_matchsticks", cross_mark="heavy_x_spanners",
            clue_change="one_prefixed"),
    Style45("s_automaticabrk_paperclips_sofacushion", "black_paperclip_heap", (30, 30, 34), "tiny_cherries",
            "automati.ttf", ("sofa_cushion", "jpeg"), clue_scale=(0.98, 1.06), clue_gap=GAP,
            grid="braided_leather_majors", light_mark="light_strawberries", outline_mark="outline_toy_blocks",
            cross_mark="heavy_x_tweezers", clue_change="complemented", missing_bare=True),
    Style45("s_turmoilbrk_zipteeth_teatowel", "zip_teeth_rows", (28, 28, 30), "none", "turmoil.ttf",
            ("tea_towel_check", "jpeg"), clue_scale=(1.04, 1.12), clue_gap=GAP, grid="pompom_trim_majors",
            light_mark="light_trucks", outline_mark="outline_ice_cubes", cross_mark="heavy_x_clothespins",
            clue_change="split_in_three"),
    Style45("s_yieldingbrk_thumbtacks_tulipshadow", "black_thumbtacks", (34, 32, 36), "tiny_green_leaf",
            "yielding.ttf", ("tulip_vase_shadow", "jpeg"), clue_scale=(1.02, 1.1), clue_gap=GAP,
            grid="cranberry_garland_majors", light_mark="light_octopuses", outline_mark="outline_capsule_pills",
            cross_mark="heavy_x_tent_pegs", clue_change="one_prefixed", missing_bare=True),
    Style45("s_vigilancebrk_filmnegative_colander", "developed_film_frames", (36, 30, 28), "none", "vigilanc.ttf",
            ("colander_shadow", "jpeg"), clue_scale=(1.06, 1.14), clue_gap=GAP, grid="rickrack_majors",
            light_mark="light_strawberries", outline_mark="outline_ice_cubes", cross_mark="heavy_x_spanners",
            clue_change="complemented"),
    Style45("s_combustionbrk_blackcurls_grannysquare", "tight_black_curls", (26, 24, 24), "tiny_pink_shell",
            "combusti.ttf", ("granny_square_blanket", "jpeg"), clue_scale=(1.12, 1.2), clue_gap=GAP,
            grid="braided_leather_majors", light_mark="light_dinosaurs", outline_mark="outline_capsule_pills",
            cross_mark="heavy_x_clothespins", clue_change="ones_dropped", missing_bare=True),
    Style45("s_aspartamebrk_truffles_lipstick", "chocolate_truffle_balls", (46, 32, 28), "none", "aspartam.ttf",
            ("lipstick_margin", "jpeg"), clue_scale=(0.98, 1.06), clue_gap=GAP, grid="pompom_trim_majors",
            light_mark="light_octopuses", outline_mark="outline_matchsticks", cross_mark="heavy_x_tweezers",
            clue_change="reversed"),
    Style45("s_slenderstubbybrk_dominoes_catpaw", "black_domino_tiles", (26, 26, 28), "tiny_teal_fish", "slenstub.ttf",
            ("cat_paw_margin", "jpeg"), clue_scale=(0.98, 1.06), clue_gap=GAP, grid="cranberry_garland_majors",
            light_mark="light_trucks", outline_mark="outline_toy_blocks", cross_mark="heavy_x_tent_pegs",
            clue_change="transfer", missing_bare=True),
    Style45("s_rehearsalcurvebrk_woodscrews_bubblemailer", "black_wood_screws", (34, 34, 38), "none", "rehearsc.ttf",
            ("padded_bubble_mailer", "jpeg"), clue_scale=(1.0, 1.08), clue_gap=GAP, grid="rickrack_majors",
            light_mark="light_dinosaurs", outline_mark="outline_ice_cubes", cross_mark="heavy_x_clothespins",
            clue_change="spanned_pair"),
    Style45("s_ataxiabrk_chalkboardpaint_laptoplid", "chalkboard_paint", (40, 44, 42), "none", "ataxia.ttf",
            ("laptop_lid", "jpeg"), clue_scale=(1.0, 1.08), clue_gap=GAP, grid="braided_leather_majors",
            light_mark="light_strawberries", outline_mark="outline_capsule_pills", cross_mark="heavy_x_spanners",
            clue_change="insert_middle"),
    Style45("s_unexploredgalaxiesbrk_loosetea_banister", "loose_black_tea", (38, 30, 26), "none", "Unxgala.ttf",
            ("banister_shadow", "jpeg"), clue_scale=(1.0, 1.08), clue_gap=GAP, grid="pompom_trim_majors",
            light_mark="light_octopuses", outline_mark="outline_toy_blocks", cross_mark="heavy_x_tent_pegs",
            clue_change="descending"),
    Style45("s_keptclues_brayerink_matchbox", "brayer_rolled_ink", (24, 24, 28), "tiny_green_leaf", None,
            ("matchbox_margin", "jpeg"), grid="kept", light_mark="light_trucks", outline_mark="outline_matchsticks",
            cross_mark="heavy_x_tweezers", clue_change="retyped_line", missing_bare=True),
)

CHANGE_FONT = "genotyps.ttf"  # genotype S BRK: the retyped line of a changed clue on the kept page

# Every face's Debian package (all from fonts-aenigma).
DEBIAN_FACES = {s.clue_font: "fonts-aenigma" for s in HELDOUT45 if s.clue_font} | {CHANGE_FONT: "fonts-aenigma"}


def face_path(name: str):
    """A clue face's file, as ``nonogram_answers.font_path`` finds it."""
    return font_path(name)


# ------------------------------------------------------------------------------------------ clues


def _retype_lines45(img: Image.Image, layout: dict[str, Any], row_vals, col_vals,
                    lines: list[tuple[str, int]]) -> None:
    """The changed lines' strips erased and their numbers typed again in :data:`CHANGE_FONT`, at the input's size
    and spacing (the page that keeps the input's clues), as HELDOUT44 retypes them."""
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


def _change45(truth: dict[str, Any], mode: str, rng: random.Random) -> tuple[str, int, list[str]]:
    """A changed clue as :func:`nonogram_heldout44._change44` makes it, or (``one_prefixed``) one number of a line
    with a 1 put in front of it (3 written as 13; a line of two or more numbers first), or (``complemented``) one
    number written as the line's length less that number (only where that is at least 1 and differs from it; a line
    of two or more numbers first; where no number can be, one number is one more or less)."""
    lines = [(kind, i, v) for kind in ("row", "col") for i, v in enumerate(_values(truth[f"{kind}_clues"]))]
    if mode == "one_prefixed":
        opts = [(x, k) for x in lines for k, t in enumerate(x[2]) if int(t) >= 1]
        best = [o for o in opts if len(o[0][2]) >= 2]
        if opts:
            (kind, i, v), k = rng.choice(best or opts)
            return kind, i, v[:k] + ["1" + v[k]] + v[k + 1:]
        mode = "off_by_one"
    if mode == "complemented":
        size = {"row": len(truth["solution"][0]), "col": len(truth["solution"])}
        opts = [(x, k) for x in lines for k, t in enumerate(x[2])
                if 1 <= size[x[0]] - int(t) != int(t) and int(t) >= 1]
        best = [o for o in opts if len(o[0][2]) >= 2]
        if opts:
            (kind, i, v), k = rng.choice(best or opts)
            return kind, i, v[:k] + [str(size[kind] - int(v[k]))] + v[k + 1:]
        mode = "off_by_one"
    return _change44(truth, mode, rng)


# ------------------------------------------------------------------------------------------ fills


def _tex45(kind: str, w: int, h: int, colour, g: np.random.Generator,
           rng: random.Random) -> tuple[np.ndarray, np.ndarray | None]:
    """A filled cell's picture (h, w, 3 float) in ``kind`` and its coverage (None: it covers the whole cell)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    ct = tuple(float(v) for v in colour)
    s = float(min(w, h))
    alpha = None
    if kind == "forbidden_black_rice":  # black rice: slim grains with a purple sheen, a pinpoint glint on each
        img = Image.new("RGB", (w, h), _tone(ct, 0.45))
        d = ImageDraw.Draw(img)
        ln = max(4.0, s / 5.5)
        grain = [(0.5 * math.cos(t), 0.2 * math.sin(t)) for t in np.linspace(0, 2 * math.pi, 14, endpoint=False)]
        for _ in range(int(w * h / (ln * ln * 0.4) * 0.9) + 6):
            x, y, a = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h, rng.uniform(0, math.pi)
            tone = round(rng.uniform(0.85, 1.2), 2)
            d.polygon(_rotated(grain, x, y, a, ln), fill=_tone(ct, tone), outline=_tone(ct, 0.55))
            (gx, gy), = _rotated([(-0.2, -0.05)], x, y, a, ln)
            d.point((gx, gy), fill=_tone(ct, tone, 0.45, (10, 0, 14)))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "black_paperclip_heap":  # plastic-coated black paper clips heaped: wire loops, a lit run on each
        img = Image.new("RGB", (w, h), _tone(ct, 0.55))
        d = ImageDraw.Draw(img)
        L = max(7.0, s / 2.2)
        wd = max(1, round(L / 9))
        for _ in range(int(w * h / (L * L) * 5) + 6):
            x, y, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, math.pi)
            tone = round(rng.uniform(0.85, 1.2), 2)
            clip = [(0.3, 0.12), (-0.45, 0.12), (-0.5, 0.0), (-0.45, -0.12), (0.45, -0.12), (0.5, 0.0),
                    (0.45, 0.07), (-0.3, 0.07), (-0.35, 0.0), (-0.3, -0.05), (0.2, -0.05)]
            pts = _rotated(clip, x, y, a, L)
            d.line(pts, fill=_tone(ct, tone), width=wd + 1, joint="curve")
            d.line(pts[3:5], fill=_tone(ct, tone, 0.28), width=1)  # the coating's lit run
        tex = np.asarray(img, np.float32).copy()
    elif kind == "zip_teeth_rows":  # black zips side by side: woven tape, interlocking teeth with lit tops
        img = Image.new("RGB", (w, h), _tone(ct, 0.75))
        d = ImageDraw.Draw(img)
        p = max(6.0, s / 3.2)
        tw = max(2.0, 0.28 * p)
        for j, y in enumerate(np.arange(p * 0.5, h + p, p)):
            d.line([(0, y - 0.42 * p), (w, y - 0.42 * p)], fill=_tone(ct, 0.55), width=1)  # the tape's edge
            for k, x in enumerate(np.arange(-tw, w + tw, tw * 1.05)):
                side = -1 if k % 2 else 1
                tone = round(rng.uniform(0.95, 1.15), 2)
                ya, yb = sorted((y - side * 0.05 * p, y + side * 0.3 * p))
                d.rectangle([x, ya, x + 0.8 * tw, yb], fill=_tone(ct, tone))
                d.line([(x, y + side * 0.3 * p), (x + 0.8 * tw, y + side * 0.3 * p)], fill=_tone(ct, tone, 0.3),
                       width=1)  # the tooth's lit end
        tex = np.asarray(img, np.float32).copy()
    elif kind == "black_thumbtacks":  # black thumbtacks seen from above: domed heads, a ridge ring, a lit rim
        img = Image.new("RGB", (w, h), _tone(ct, 0.5))
        d = ImageDraw.Draw(img)
        r = max(3.0, s / 4.6)
        for x, y in _staggered(w, h, 1.95 * r):
            x, y = x + rng.uniform(-0.12, 0.12) * r, y + rng.uniform(-0.12, 0.12) * r
            tone = round(rng.uniform(0.9, 1.1), 2)
            _disc(d, x, y, r, fill=_tone(ct, tone), outline=_tone(ct, 0.5))
            _disc(d, x, y, 0.55 * r, outline=_tone(ct, tone, 0.14))
            d.arc([x - r, y - r, x + r, y + r], 200, 255, fill=_tone(ct, tone, 0.34), width=1)
            d.point((x - 0.2 * r, y - 0.25 * r), fill=_tone(ct, tone, 0.5))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "developed_film_frames":  # developed black film: dense base, grey sprocket holes along both edges
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        tex *= (1 + 0.06 * _noise0(g, h, w, 1.2))[..., None]
        img = Image.fromarray(_clip8(tex))
        d = ImageDraw.Draw(img)
        hp = max(4.0, s / 5.0)
        for x in np.arange(hp * 0.3, w, hp):
            for y0 in (0.04 * h, 0.86 * h):
                d.rounded_rectangle([x, y0, x + 0.55 * hp, y0 + 0.1 * h], radius=1, fill=_tone(ct, 1.0, 0.26))
        d.line([(0, 0.2 * h), (w, 0.2 * h)], fill=_tone(ct, 1.0, 0.12), width=1)  # the frame's edges
        d.line([(0, 0.8 * h), (w, 0.8 * h)], fill=_tone(ct, 1.0, 0.12), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "tight_black_curls":  # tight black curls of hair: small overlapping loops, a lit arc on some
        img = Image.new("RGB", (w, h), _tone(ct, 0.6))
        d = ImageDraw.Draw(img)
        r0 = max(2.5, s / 8)
        for _ in range(int(w * h / (r0 * r0) * 1.6) + 8):
            x, y = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h
            r = r0 * rng.uniform(0.7, 1.3)
            a0 = rng.uniform(0, 360)
            tone = round(rng.uniform(0.8, 1.25), 2)
            d.arc([x - r, y - 0.8 * r, x + r, y + 0.8 * r], a0, a0 + rng.uniform(220, 330), fill=_tone(ct, tone),
                  width=max(1, round(r0 / 2.2)))
            if rng.random() < 0.25:
                d.arc([x - r, y - 0.8 * r, x + r, y + 0.8 * r], a0, a0 + 50, fill=_tone(ct, tone, 0.3), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "chocolate_truffle_balls":  # cocoa-dusted chocolate truffles: round, shaded below, dust on top
        img = Image.new("RGB", (w, h), _tone(ct, 0.4))
        d = ImageDraw.Draw(img)
        r = max(3.0, s / 4.4)
        for x, y in _staggered(w, h, 2.0 * r):
            x, y = x + rng.uniform(-0.1, 0.1) * r, y + rng.uniform(-0.1, 0.1) * r
            tone = round(rng.uniform(0.9, 1.1), 2)
            _disc(d, x, y, r, fill=_tone(ct, tone), outline=_tone(ct, 0.6))
            d.arc([x - 0.9 * r, y - 0.9 * r, x + 0.9 * r, y + 0.9 * r], 20, 160, fill=_tone(ct, 0.7),
                  width=max(1, round(r / 4)))  # shaded below
        tex = np.asarray(img, np.float32).copy()
        dust = (_noise0(g, h, w, 0.5) > 1.7) & (g.random((h, w)) < 0.7)
        tex[dust] = _lift(col * np.array([1.15, 1.0, 0.9], np.float32), 0.22)  # the cocoa dust
    elif kind == "black_domino_tiles":  # a black domino: a rounded tile, a centre line, grey pips
        img = Image.new("RGB", (w, h), _tone(ct, 0.6))
        d = ImageDraw.Draw(img)
        d.rounded_rectangle([0, 0, w - 1, h - 1], radius=max(1, round(0.1 * s)), fill=_tone(ct, 1.0),
                            outline=_tone(ct, 0.5))
        d.line([(0.15 * w, 0.5 * h), (0.85 * w, 0.5 * h)], fill=_tone(ct, 1.0, 0.2), width=1)
        pr = max(1.0, s / 16)
        spots = {1: [(0.5, 0.5)], 2: [(0.28, 0.28), (0.72, 0.72)], 3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)]}
        for half in (0, 1):
            n = rng.randint(0, 3)
            for u, v in spots.get(n, []):
                _disc(d, u * w, (half * 0.5 + v * 0.5) * h, pr, fill=_tone(ct, 1.0, 0.34))
        d.arc([0.05 * w, 0.02 * h, 0.6 * w, 0.3 * h], 190, 250, fill=_tone(ct, 1.0, 0.22), width=1)  # the gloss
        tex = np.asarray(img, np.float32).copy()
    elif kind == "black_wood_screws":  # black wood screws heaped: a round head with its slot, a threaded shank
        img = Image.new("RGB", (w, h), _tone(ct, 0.5))
        d = ImageDraw.Draw(img)
        L = max(7.0, s / 2.2)
        for _ in range(int(w * h / (L * L) * 4.5) + 5):
            x, y, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, 2 * math.pi)
            tone = round(rng.uniform(0.85, 1.15), 2)
            shank = [(-0.3, -0.09), (0.4, -0.06), (0.55, 0.0), (0.4, 0.06), (-0.3, 0.09)]
            d.polygon(_rotated(shank, x, y, a, L), fill=_tone(ct, tone), outline=_tone(ct, 0.6))
            for u in np.arange(-0.22, 0.42, 0.1):  # the thread
                d.line(_rotated([(u, -0.08), (u + 0.05, 0.08)], x, y, a, L), fill=_tone(ct, tone, 0.2), width=1)
            (hx, hy), = _rotated([(-0.36, 0.0)], x, y, a, L)
            _disc(d, hx, hy, 0.17 * L, fill=_tone(ct, tone * 1.05), outline=_tone(ct, 0.6))
            d.line(_rotated([(-0.36, -0.13), (-0.36, 0.13)], x, y, a, L), fill=_tone(ct, 0.45), width=1)  # the slot
        tex = np.asarray(img, np.float32).copy()
    elif kind == "chalkboard_paint":  # chalkboard paint: brushed matte black-green, a trace of chalk dust
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        streak = cv2.GaussianBlur(g.standard_normal((h, w)).astype(np.float32), (0, 0), sigmaX=max(2.0, 0.4 * s),
                                  sigmaY=0.6)
        streak /= float(streak.std()) + 1e-6
        tex *= (1 + 0.07 * np.clip(streak, -2.5, 2.5))[..., None]
        smudge = np.clip(_noise0(g, h, w, max(1.5, 0.12 * s)) - 1.2, 0, 1.5)
        tex = tex + (np.asarray((200, 204, 200), np.float32) - tex) * (0.1 * smudge)[..., None]  # chalk dust
    elif kind == "loose_black_tea":  # loose black tea: twisted leaves, short and curling, a lit ridge on each
        img = Image.new("RGB", (w, h), _tone(ct, 0.45))
        d = ImageDraw.Draw(img)
        ln = max(4.0, s / 4.5)
        for _ in range(int(w * h / (ln * ln) * 3.2) + 6):
            x, y, a = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h, rng.uniform(0, math.pi)
            bend = rng.uniform(-0.25, 0.25)
            tone = round(rng.uniform(0.8, 1.2), 2)
            pts = _rotated([(-0.5, 0.0), (-0.15, bend * 0.6), (0.2, bend), (0.5, bend * 0.4)], x, y, a, ln)
            d.line(pts, fill=_tone(ct, tone), width=max(2, round(ln / 3.2)), joint="curve")
            d.line(pts[1:3], fill=_tone(ct, tone, 0.22, (10, 4, 0)), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "brayer_rolled_ink":  # printing ink rolled out with a brayer: lap bands, orange-peel texture
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        lap = max(3.0, s / 3.0)
        off = rng.uniform(0, lap)
        band = np.floor((xx + off + 0.05 * yy) / lap)
        tex *= (1 + 0.05 * np.sin(band * 2.7) + 0.05 * _noise0(g, h, w, 0.7))[..., None]
        edge = ((xx + off + 0.05 * yy) % lap) < 1.0
        tex[edge] = _lift(col, 0.1)  # the ridge where two laps meet
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255), alpha


def _draw_fill45(img: Image.Image, box, style: Style45, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07)
    w, h = bx - ax, by - ay
    if not light:
        tex, alpha = _tex45(style.fill, w, h, style.fill_colour, g, rng)
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
        if light == "light_dinosaurs":  # long-necked dinosaurs: a body, a neck up to a small head, a tail, legs
            ld.ellipse([x - 0.55 * r, y - 0.2 * r, x + 0.45 * r, y + 0.4 * r], fill=255)
            ld.line([(x + 0.3 * r, y), (x + 0.6 * r, y - 0.7 * r)], fill=255, width=max(lw, round(0.2 * r)))
            _disc(ld, x + 0.68 * r, y - 0.75 * r, 0.15 * r, fill=255)
            ld.line([(x - 0.5 * r, y + 0.1 * r), (x - 0.95 * r, y + 0.35 * r)], fill=255, width=lw)  # the tail
            for lx in (-0.35, -0.1, 0.15, 0.3):
                ld.rectangle([x + lx * r, y + 0.3 * r, x + (lx + 0.12) * r, y + 0.65 * r], fill=255)
        elif light == "light_strawberries":  # strawberries: a rounded cone, a leafy top, seeds
            ld.polygon([(x - 0.5 * r, y - 0.35 * r), (x + 0.5 * r, y - 0.35 * r), (x + 0.35 * r, y + 0.25 * r),
                        (x, y + 0.7 * r), (x - 0.35 * r, y + 0.25 * r)], fill=255)
            for dx in (-0.3, 0.0, 0.3):
                ld.line([(x, y - 0.4 * r), (x + dx * r, y - 0.75 * r)], fill=255, width=lw)
            for sx, sy in ((-0.2, -0.1), (0.2, -0.1), (0.0, 0.2)):
                _disc(ld, x + sx * r, y + sy * r, max(0.5, 0.05 * r), fill=0)  # the seeds
        elif light == "light_trucks":  # toy trucks: a box body, a cab with its window, two wheels
            ld.rectangle([x - 0.7 * r, y - 0.45 * r, x + 0.15 * r, y + 0.2 * r], fill=255)
            ld.rectangle([x + 0.2 * r, y - 0.2 * r, x + 0.65 * r, y + 0.2 * r], fill=255)
            ld.rectangle([x + 0.32 * r, y - 0.14 * r, x + 0.55 * r, y - 0.02 * r], fill=0)  # the window
            for wx in (-0.45, 0.42):
                _disc(ld, x + wx * r, y + 0.3 * r, 0.16 * r, fill=255)
        elif light == "light_octopuses":  # octopuses: a round head with two eyes, wavy arms below
            ld.ellipse([x - 0.4 * r, y - 0.75 * r, x + 0.4 * r, y + 0.05 * r], fill=255)
            for k in range(5):
                ax_ = x + (-0.4 + 0.2 * k) * r
                ld.line([(ax_, y), (ax_ + 0.12 * r, y + 0.35 * r), (ax_ - 0.05 * r, y + 0.7 * r)], fill=255,
                        width=lw)
            for ex in (-0.15, 0.15):
                _disc(ld, x + ex * r, y - 0.4 * r, max(0.6, 0.07 * r), fill=0)
        else:
            raise ValueError(light)
    alpha = 0.2 + 0.34 * _m(lay)
    _paste_rgba(img, tex, cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.5), ax, ay)


def _draw_outline45(img: Image.Image, box, style: Style45, rng: random.Random) -> None:
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
    if kind == "outline_matchsticks":  # matchsticks end to end round the cell: a square stick, a round head
        pt = max(6.0, f * 2.6)
        u = (along % pt) / pt
        stick = band & (u < 0.8) & (np.abs(v - 0.5) < 0.28)
        head = band & (((u - 0.87) / 0.11) ** 2 + ((v - 0.5) / 0.42) ** 2 < 1)
        tex[:] = col * 0.5
        tex[stick] = col
        tex[stick & (v < 0.34)] = _lift(col, 0.22)  # the stick's lit edge
        tex[head] = col * 0.8
        tex[head & (np.abs(u - 0.85) < 0.03) & (v < 0.45)] = _lift(col, 0.3)  # the head's glint
        tex[band & corner] = col * 0.85
    elif kind == "outline_toy_blocks":  # toy building blocks round the cell: cubes with a lit bevel
        pt = max(4.0, f * 1.05)
        u = (along % pt) / pt
        block = band & (np.abs(u - 0.5) < 0.46)
        tex[:] = col * 0.5
        tex[block] = col
        tex[block & ((u < 0.16) | (v < 0.16))] = _lift(col, 0.24)  # the bevel's lit sides
        tex[block & ((u > 0.84) | (v > 0.84))] = col * 0.7
        tex[block & (np.hypot(u - 0.5, v - 0.5) < 0.16)] = _lift(col, 0.1)  # a round boss
        tex[band & corner] = col * 0.85
    elif kind == "outline_ice_cubes":  # ice cubes round the cell: clear facets, a glint, a bubble inside
        pt = max(4.0, f * 1.1)
        u = (along % pt) / pt
        cube = band & (np.abs(u - 0.5) < 0.45) & (np.abs(v - 0.5) < 0.48)
        tex[:] = col * 0.55
        tex[cube] = col
        tex[cube & (u + v < 0.55)] = _lift(col, 0.18)  # the lit facet
        tex[cube & (np.abs(u - v) < 0.06)] = _lift(col, 0.3)  # the glint along the edge
        tex[cube & (np.hypot(u - 0.65, v - 0.62) < 0.09)] = col * 0.7  # a bubble
        tex[band & corner] = col * 0.85
    elif kind == "outline_capsule_pills":  # capsule pills end to end: two-tone halves, a shine along each
        pt = max(6.0, f * 2.2)
        u = (along % pt) / pt
        caps = band & (((u - 0.5) / 0.47) ** 4 + ((v - 0.5) / 0.45) ** 2 < 1)
        tex[:] = col * 0.45
        tex[caps] = col
        tex[caps & (u > 0.5)] = col * 0.75  # the other half's colour
        tex[caps & (np.abs(v - 0.3) < 0.08) & (np.abs(u - 0.5) < 0.35)] = _lift(col, 0.28)  # the shine
        tex[band & corner] = col * 0.8
    else:
        raise ValueError(kind)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross45(img: Image.Image, box, style: Style45, rng: random.Random) -> None:
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
        if kind == "heavy_x_spanners":  # two open-ended spanners: a flat shaft, an open jaw at each end
            shaft = (np.abs(n) < wid * 0.2) & (t > 0.1) & (t < 0.9)
            heads = []
            for c0 in (0.06, 0.94):
                dc = np.hypot(tl - c0 * ln, n)
                jaw = (np.abs(n) < wid * 0.2) & ((tl - c0 * ln) * (1 if c0 < 0.5 else -1) < 0)
                heads.append((dc < wid * 0.55) & ~jaw)
            part = shaft | heads[0] | heads[1]
            tex[part] = col
            tex[shaft & (n < -wid * 0.1)] = _lift(col, 0.22)  # the shaft's lit edge
        elif kind == "heavy_x_tweezers":  # two pairs of tweezers: two legs joined at one end, apart at the tips
            off = wid * (0.08 + 0.3 * np.clip(t, 0, 1))
            legw = wid * 0.17 * (1.1 - 0.4 * np.clip(t, 0, 1))
            legs = ((np.abs(n - off) < legw) | (np.abs(n + off) < legw)) & (t > -0.02) & (t < 1.03)
            joint = (np.abs(n) < wid * 0.3) & (t > -0.03) & (t < 0.1)
            part = legs | joint
            tex[part] = col
            tex[legs & (np.abs(np.abs(n) - off + legw * 0.5) < 0.8)] = _lift(col, 0.24)  # the steel's lit edge
        elif kind == "heavy_x_clothespins":  # two wooden clothes pins: two prongs, a wire spring, the jaw's notch
            body = (np.abs(n) < wid * 0.36) & (t > -0.02) & (t < 1.02)
            slit = (np.abs(n) < wid * 0.05) & (t > 0.55)
            notch = (np.hypot(tl - 0.8 * ln, n) < wid * 0.16)
            part = body & ~slit & ~notch
            tex[part] = col
            spring = part & (np.abs(t - 0.45) < 0.06)
            tex[spring & (((tl) % 3.0) < 1.2)] = _lift(col, 0.3)  # the spring's coils
        elif kind == "heavy_x_tent_pegs":  # two tent pegs: a hooked head, a shaft tapering to a point
            shaft = (np.abs(n) < wid * 0.24 * (1.05 - 0.9 * np.clip((t - 0.1) / 0.95, 0, 1))) & (t > 0.04) & (
                t < 1.04)
            hook = (np.abs(t - 0.08) < 0.05) & (n > -wid * 0.55) & (n < wid * 0.3)
            barb = (np.abs(n - wid * 0.45) < wid * 0.12) & (t > 0.03) & (t < 0.2)
            part = shaft | hook | barb
            tex[part] = col
            tex[shaft & (n < -wid * 0.08) & (t > 0.15)] = _lift(col, 0.24)  # the shaft's lit edge
        else:
            raise ValueError(kind)
        m = np.maximum(m, part.astype(np.float32))
    m = cv2.GaussianBlur(m, (0, 0), 0.4)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(m, 0, 1).astype(np.float32), ax, ay)


def _draw_empty45(img: Image.Image, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    d = ImageDraw.Draw(img)
    if kind == "none":
        return
    r = max(2.2, 0.065 * s)
    if kind == "tiny_cherries":  # a tiny pair of red cherries on green stalks
        for dx in (-0.45, 0.4):
            _disc(d, cx + dx * r, cy + 0.45 * r, 0.42 * r, fill=(214, 70, 72))
            d.line([(cx + dx * r, cy + 0.1 * r), (cx + 0.1 * r, cy - r)], fill=(110, 160, 90), width=1)
    elif kind == "tiny_green_leaf":  # a tiny green leaf with its midrib
        d.polygon([(cx - r, cy + 0.6 * r), (cx - 0.2 * r, cy - 0.5 * r), (cx + r, cy - 0.8 * r),
                   (cx + 0.3 * r, cy + 0.4 * r)], fill=(132, 190, 110))
        d.line([(cx - r, cy + 0.6 * r), (cx + 0.8 * r, cy - 0.7 * r)], fill=(96, 150, 80), width=1)
    elif kind == "tiny_pink_shell":  # a tiny pink scallop shell: a fan with ribs and a hinge
        d.pieslice([cx - r, cy - r, cx + r, cy + r], 200, 340, fill=(238, 176, 170))
        for a in (230, 270, 310):
            d.line([(cx, cy), (cx + 0.9 * r * math.cos(math.radians(a)), cy + 0.9 * r * math.sin(math.radians(a)))],
                   fill=(214, 140, 136), width=1)
        d.rectangle([cx - 0.25 * r, cy, cx + 0.25 * r, cy + 0.3 * r], fill=(230, 160, 156))
    elif kind == "tiny_teal_fish":  # a tiny teal fish: an oval body, a forked tail, an eye
        d.ellipse([cx - 0.7 * r, cy - 0.4 * r, cx + 0.5 * r, cy + 0.4 * r], fill=(84, 170, 170))
        d.polygon([(cx - 0.6 * r, cy), (cx - r, cy - 0.45 * r), (cx - r, cy + 0.45 * r)], fill=(84, 170, 170))
        d.point((cx + 0.2 * r, cy - 0.1 * r), fill=(30, 60, 60))
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids


def _draw_grid45(img: Image.Image, L: dict[str, Any], rng: random.Random, name: str, inp: np.ndarray | None) -> None:
    if name == "kept":
        _draw_grid32(img, L, rng, "kept", inp)
        return
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    thin = max(1, round(s / 30))
    _pen_minors(d, L, thin)
    if name == "rickrack_majors":  # each block line a red ric-rac braid: a zigzag tape with rounded turns
        amp = max(1.5, 0.03 * s)
        pitch = max(4.0, 0.14 * s)
        wd = max(2, round(s / 20))
        for vertical, c, a0, a1 in _major_segments(L, amp + wd):
            pts = [(u, amp * math.sin(2 * math.pi * (u - a0) / pitch)) for u in np.arange(a0, a1 + 0.5, pitch / 6)]
            d.line(_seg_pts(vertical, c, pts), fill=(178, 44, 50), width=wd, joint="curve")
            d.line(_seg_pts(vertical, c, [(u, o - 0.3 * wd) for u, o in pts]), fill=(214, 96, 98), width=1)
        return
    if name == "braided_leather_majors":  # each block line a brown braided leather thong: slanted strands in turn
        bl = max(4.0, 0.12 * s)
        bw = max(2.0, 0.045 * s)
        for vertical, c, a0, a1 in _major_segments(L, bw):
            for k, u in enumerate(np.arange(a0, a1, 0.6 * bl)):
                sgn = 1 if k % 2 else -1
                strand = [(u, -sgn * bw), (u + 0.5 * bl, -sgn * 0.2 * bw), (u + bl, sgn * bw),
                          (u + 0.5 * bl, sgn * 0.2 * bw)]
                d.polygon(_seg_pts(vertical, c, strand), fill=(112, 70, 40), outline=(70, 42, 24))
                d.line(_seg_pts(vertical, c, [(u + 0.3 * bl, -sgn * 0.5 * bw), (u + 0.6 * bl, 0.0)]),
                       fill=(160, 112, 74), width=1)  # the leather's sheen
        return
    if name == "pompom_trim_majors":  # each block line a cream braid with small teal pompoms along it
        r = max(2.0, 0.045 * s)
        for vertical, c, a0, a1 in _major_segments(L, r):
            d.line(_seg_pts(vertical, c, [(a0, 0.0), (a1, 0.0)]), fill=(200, 190, 160), width=max(2, round(s / 24)))
            for u in np.arange(a0, a1 + 0.1, 3.2 * r):
                (x, y), = _seg_pts(vertical, c, [(u, 0.0)])
                for _k in range(6):  # the pompom's fuzz
                    q = rng.uniform(0, 2 * math.pi)
                    _disc(d, x + 0.35 * r * math.cos(q), y + 0.35 * r * math.sin(q), 0.7 * r, fill=(44, 118, 126))
                _disc(d, x - 0.2 * r, y - 0.2 * r, 0.35 * r, fill=(84, 160, 166))
        return
    if name == "cranberry_garland_majors":  # each block line a garland of dried cranberries on a thread
        r = max(2.0, 0.04 * s)
        for vertical, c, a0, a1 in _major_segments(L, r):
            d.line(_seg_pts(vertical, c, [(a0, 0.0), (a1, 0.0)]), fill=(120, 110, 100), width=1)
            u = a0
            while u < a1 + 0.1:
                rr = r * rng.uniform(0.85, 1.1)
                (x, y), = _seg_pts(vertical, c, [(u, rng.uniform(-0.1, 0.1) * r)])
                _disc(d, x, y, rr, fill=(150, 28, 42), outline=(100, 16, 28))
                d.point((x - 0.35 * rr, y - 0.35 * rr), fill=(220, 140, 150))  # a glint
                u += 2.1 * rr
        return
    raise ValueError(name)


# ------------------------------------------------------------------------------------------ pages


def _pizza_box(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A pizza box's kraft lid: fluted board showing through, a printed red ring, a grease spot."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    out = _table(g, H, W, (186, 150, 108), 0.04, 3)
    out *= (1 + 0.02 * np.sin(yy / (0.006 * big) * math.pi))[..., None]  # the flutes under the liner
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    cx, cy, R = rng.choice((-0.05, 1.05)) * W, rng.uniform(0.2, 0.8) * H, 0.3 * big
    d.ellipse([cx - R, cy - R, cx + R, cy + R], outline=(176, 52, 40), width=max(6, round(0.025 * big)))
    out = np.asarray(img, np.float32).copy()
    gx, gy = rng.choice((0.08, 0.92)) * W, rng.choice((0.08, 0.92)) * H
    spot = np.exp(-(((xx - gx) / (0.08 * big)) ** 2 + ((yy - gy) / (0.06 * big)) ** 2))
    return out * (1 - 0.3 * spot[..., None])


def _sofa_cushion(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A blue-grey sofa cushion: a woven upholstery, piping along one edge, a tufted button."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    out = np.empty((H, W, 3), np.float32)
    out[:] = (112, 122, 136)
    weave = np.sin(xx * 1.9) * np.sin(yy * 1.9)
    out *= (1 + 0.05 * weave + 0.05 * _noise0(g, H, W, 0.8) + 0.06 * _smooth(g, H, W, 40.0))[..., None]
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    py = rng.uniform(0.9, 0.97) * H
    d.line([(0, py), (W, py)], fill=(84, 92, 104), width=max(6, round(0.018 * big)))  # the piping
    d.line([(0, py - 0.004 * big), (W, py - 0.004 * big)], fill=(140, 150, 164), width=2)
    bx, by = rng.choice((0.06, 0.94)) * W, rng.uniform(0.1, 0.5) * H
    for k in range(4):  # the folds drawn in to the tufted button
        a = k * math.pi / 2 + 0.4
        d.line([(bx, by), (bx + 0.08 * big * math.cos(a), by + 0.08 * big * math.sin(a))], fill=(90, 98, 110),
               width=2)
    _disc(d, bx, by, 0.012 * big, fill=(80, 88, 100))
    return np.asarray(img, np.float32).copy()


def _tea_towel(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A red-checked waffle-weave cotton tea towel."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    p = 0.06 * big
    rx, ry = (np.floor(xx / p) % 2), (np.floor(yy / p) % 2)
    red = (rx + ry) / 2
    base = np.array((236, 232, 226), np.float32)
    rcol = np.array((196, 56, 60), np.float32)
    out = base * (1 - red[..., None]) + rcol * red[..., None]  # white, pink where a red band crosses, red
    waffle = (np.abs(np.sin(xx * 0.9)) + np.abs(np.sin(yy * 0.9))) * 0.5
    out *= (1 - 0.08 * waffle + 0.03 * _noise0(g, H, W, 0.8))[..., None]
    return out


def _granny_squares(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A granny-square crochet blanket: coloured rounds in each square, a black border between squares."""
    out = np.empty((H, W, 3), np.float32)
    out[:] = (30, 30, 32)
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    p = 0.14 * big
    pal = [(214, 80, 76), (236, 190, 70), (90, 160, 120), (90, 130, 200), (220, 130, 170), (240, 236, 224)]
    for j, y in enumerate(np.arange(0, H, p)):
        for i, x in enumerate(np.arange(0, W, p)):
            cols = rng.sample(pal, 3)
            for k, f in enumerate((0.44, 0.3, 0.16)):
                cx, cy = x + p / 2, y + p / 2
                d.rectangle([cx - f * p, cy - f * p, cx + f * p, cy + f * p], fill=cols[k])
            for k in range(12):  # the clusters' gaps
                a = k * math.pi / 6
                d.point((x + p / 2 + 0.37 * p * math.cos(a), y + p / 2 + 0.37 * p * math.sin(a)), fill=(30, 30, 32))
    out = np.asarray(img, np.float32).copy()
    out *= (1 + 0.08 * _noise0(g, H, W, 0.9))[..., None]  # the yarn's texture
    return out


def _bubble_mailer(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A padded mailer: yellow kraft with the bubble lining's bumps showing through, a peel strip along one edge."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    out = _table(g, H, W, (214, 184, 112), 0.035, 3)
    p = 0.03 * big
    row = np.floor(yy / (0.87 * p))
    u = ((xx + (row % 2) * p / 2) % p) / p - 0.5
    v = (yy % (0.87 * p)) / (0.87 * p) - 0.5
    bump = np.clip(1 - (u * u + v * v) * 4, 0, 1)
    out *= (1 + 0.04 * bump - 0.03 * np.clip(-(u + v), 0, 1))[..., None]  # each bubble lit on its upper left
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    sy = rng.choice((0.04, 0.92)) * H
    d.rectangle([0, sy, W, sy + 0.04 * big], fill=(238, 234, 222), outline=(196, 190, 176))  # the peel strip
    return np.asarray(img, np.float32).copy()


def _laptop_lid(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A closed laptop's lid: brushed grey aluminium, a rounded edge, two plain stickers, a desk beyond."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    out = _table(g, H, W, (92, 76, 64), 0.04, 3)  # the desk round the laptop
    lid = np.empty((H, W, 3), np.float32)
    lid[:] = (176, 178, 184)
    brush = cv2.GaussianBlur(g.standard_normal((H, W)).astype(np.float32), (0, 0), sigmaX=12.0, sigmaY=0.5)
    lid *= (1 + 0.02 * brush / (float(brush.std()) + 1e-6) + 0.04 * (yy / H - 0.5))[..., None]
    m = 0.05 * big
    inside = (xx > m) & (xx < W - m) & (yy > m) & (yy < H - m)
    out[inside] = lid[inside]
    edge = inside & ((xx < m + 3) | (yy < m + 3))
    out[edge] *= 1.1  # the lit rounded edge
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    sx, sy = rng.uniform(0.08, 0.2) * W, rng.uniform(0.75, 0.9) * H
    _disc(d, sx, sy, 0.04 * big, fill=(236, 120, 60))  # a plain round sticker
    d.rounded_rectangle([W - m - 0.12 * big, m + 0.03 * big, W - m - 0.03 * big, m + 0.08 * big], radius=4,
                        fill=(90, 160, 200))  # a plain oblong sticker
    return np.asarray(img, np.float32).copy()


def _page45(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    g = _nrng(rng)
    h, w = a.shape[:2]
    big = max(h, w)
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "pizza_box_lid":
        return _bg_page(a, lambda H, W: _pizza_box(g, rng, H, W, big), rng, g, 0.4)
    if e == "sofa_cushion":
        return _bg_page(a, lambda H, W: _sofa_cushion(g, rng, H, W, big), rng, g, 0.45)
    if e == "tea_towel_check":
        return _bg_page(a, lambda H, W: _tea_towel(g, rng, H, W, big), rng, g, 0.35)
    if e == "granny_square_blanket":
        return _bg_page(a, lambda H, W: _granny_squares(g, rng, H, W, big), rng, g, 0.45)
    if e == "padded_bubble_mailer":
        return _bg_page(a, lambda H, W: _bubble_mailer(g, rng, H, W, big), rng, g, 0.4)
    if e == "laptop_lid":
        return _bg_page(a, lambda H, W: _laptop_lid(g, rng, H, W, big), rng, g, 0.4)
    if e == "tulip_vase_shadow":  # a vase of tulips between the window and the page: its shadow across the page
        out = _page_on(a, lambda H, W: _table(g, H, W, (200, 188, 170), 0.03, 3), rng, g, 0.09, 3.0, 0.3)
        H, W = out.shape[:2]
        lay, ld = _layer(W, H)
        cx, base = rng.uniform(0.3, 0.7) * W, H * rng.uniform(1.0, 1.1)
        vw = 0.12 * big
        ld.polygon([(cx - 0.5 * vw, base), (cx - 0.7 * vw, base - 0.35 * big), (cx - 0.3 * vw, base - 0.5 * big),
                    (cx + 0.3 * vw, base - 0.5 * big), (cx + 0.7 * vw, base - 0.35 * big), (cx + 0.5 * vw, base)],
                   fill=255)  # the vase
        for k in range(5):  # the stems and the tulips' cups
            tx = cx + (k - 2) * 0.12 * big + rng.uniform(-0.03, 0.03) * big
            ty = base - 0.5 * big - rng.uniform(0.25, 0.45) * big
            ld.line([(cx + (k - 2) * 0.05 * vw, base - 0.5 * big), (tx, ty)], fill=255,
                    width=max(2, round(0.006 * big)))
            cup = 0.045 * big
            ld.polygon([(tx - cup, ty - 1.4 * cup), (tx - 0.4 * cup, ty - 0.9 * cup), (tx, ty - 1.5 * cup),
                        (tx + 0.4 * cup, ty - 0.9 * cup), (tx + cup, ty - 1.4 * cup), (tx + 0.8 * cup, ty),
                        (tx - 0.8 * cup, ty)], fill=255)
        return _grain(_cast_shadow(out, lay, big, 0.006, 0.2), g, 2.0)
    if e == "colander_shadow":  # a steel colander under a lamp: its round shadow pricked with bright dots
        out = _page_on(a, lambda H, W: _table(g, H, W, (150, 132, 112), 0.03, 3), rng, g, 0.09, 3.0, 0.3)
        H, W = out.shape[:2]
        lay, ld = _layer(W, H)
        cx, cy, R = rng.uniform(0.25, 0.75) * W, rng.uniform(0.25, 0.75) * H, rng.uniform(0.2, 0.26) * big
        ld.ellipse([cx - R, cy - 0.85 * R, cx + R, cy + 0.85 * R], fill=255)
        for hx in (-1.25, 1.25):  # its two handles
            ld.rectangle([cx + hx * R - 0.12 * R, cy - 0.06 * R, cx + hx * R + 0.12 * R, cy + 0.06 * R], fill=255)
        hp = 0.07 * big
        for y in np.arange(cy - 0.8 * R, cy + 0.8 * R, hp):
            for x in np.arange(cx - R, cx + R, hp):
                if ((x - cx) / R) ** 2 + ((y - cy) / (0.85 * R)) ** 2 < 0.8:
                    _disc(ld, x, y, 0.012 * big, fill=0)  # the holes let the light through
        return _grain(_cast_shadow(out, lay, big, 0.003, 0.18), g, 2.0)
    if e == "banister_shadow":  # low sun through a staircase's banister: slanted bars of shadow across the page
        out = _page_on(a, lambda H, W: _table(g, H, W, (176, 150, 120), 0.03, 3), rng, g, 0.09, 3.0, 0.3)
        H, W = out.shape[:2]
        lay, ld = _layer(W, H)
        sl = rng.uniform(0.25, 0.45)
        pitch = rng.uniform(0.16, 0.22) * big
        bw = 0.035 * big
        x0 = rng.uniform(0, pitch)
        for x in np.arange(x0 - H * sl - pitch, W + pitch, pitch):
            ld.polygon([(x, 0), (x + bw, 0), (x + bw + H * sl, H), (x + H * sl, H)], fill=255)
        ld.line([(0, 0.05 * H), (W, 0.0)], fill=255, width=round(0.05 * big))  # the handrail
        return _grain(_cast_shadow(out, lay, big, 0.004, 0.2), g, 2.0)
    if e in ("lipstick_margin", "cat_paw_margin", "matchbox_margin"):
        return _margin_object(a, rng, g, L, e, big)
    raise ValueError(e)


def _margin_object(a: np.ndarray, rng: random.Random, g: np.random.Generator, L: dict[str, Any], kind: str,
                   big: int) -> np.ndarray:
    w = a.shape[1]
    if kind == "cat_paw_margin":  # a grey tabby cat's paw reaching onto the widened left margin
        ml = round(0.26 * w)
        page = _extend(a, left=ml)
        Hp, Wp = page.shape[:2]
        R = 0.28 * ml
        cx, cy = 0.55 * ml, Hp * rng.uniform(0.35, 0.65)
    else:  # a lipstick or a matchbox on the widened right margin
        page = _extend(a, right=round(0.22 * w))
        Hp, Wp = page.shape[:2]
        x0 = _free_x(L, w)
        R = 0.3 * (Wp - x0)
        cx, cy = x0 + 0.5 * (Wp - x0), Hp * rng.uniform(0.3, 0.7)
    lay, ld = _layer(Wp, Hp)
    if kind == "lipstick_margin":  # a lipstick lying upright: gold case, a black cap band, the red bullet
        body = [cx - 0.3 * R, cy - 0.9 * R, cx + 0.3 * R, cy + 1.3 * R]
        ld.rectangle(body, fill=255)
        ld.polygon([(cx - 0.24 * R, cy - 0.9 * R), (cx + 0.24 * R, cy - 0.9 * R), (cx + 0.24 * R, cy - 1.5 * R),
                    (cx - 0.24 * R, cy - 1.25 * R)], fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.08 * R, 0.1 * R, 0.08 * R, 0.3)
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        d.rectangle(body, fill=(196, 160, 80), outline=(140, 110, 50))
        d.rectangle([body[0], cy + 0.3 * R, body[2], body[3]], fill=(30, 28, 30))  # the base
        d.line([(cx - 0.15 * R, body[1] + 2), (cx - 0.15 * R, cy + 0.25 * R)], fill=(236, 210, 140), width=2)
        d.polygon([(cx - 0.24 * R, cy - 0.9 * R), (cx + 0.24 * R, cy - 0.9 * R), (cx + 0.24 * R, cy - 1.5 * R),
                   (cx - 0.24 * R, cy - 1.25 * R)], fill=(176, 30, 52))  # the slanted bullet
    elif kind == "matchbox_margin":  # a plain matchbox, its drawer half out, two matches beside it
        box = [cx - 0.55 * R, cy - 0.9 * R, cx + 0.55 * R, cy + 0.9 * R]
        ld.rectangle(box, fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.08 * R, 0.1 * R, 0.08 * R, 0.3)
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        d.rectangle(box, fill=(70, 96, 160), outline=(40, 56, 100))
        d.rectangle([box[0], box[1], box[0] + 0.12 * R, box[3]], fill=(110, 70, 52))  # the striker strip
        d.rectangle([box[0] + 0.2 * R, box[1] + 0.15 * R, box[2] - 0.15 * R, box[1] + 0.6 * R],
                    fill=(224, 206, 170))  # the drawer's end showing
        for k in range(2):
            mx = cx + (k - 0.5) * 0.4 * R
            d.line([(mx, box[3] + 0.15 * R), (mx + 0.1 * R, box[3] + 0.85 * R)], fill=(226, 200, 150), width=3)
            _disc(d, mx, box[3] + 0.15 * R, 0.07 * R, fill=(170, 40, 36))
    else:  # the paw: grey tabby fur with darker stripes, four pink toe beans showing underneath
        arm = [(0, cy - 0.6 * R), (cx, cy - 0.6 * R), (cx, cy + 0.6 * R), (0, cy + 0.6 * R)]
        ld.polygon(arm, fill=255)
        _disc(ld, cx, cy, 0.75 * R, fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.08 * R, 0.1 * R, 0.1 * R, 0.3)
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        d.polygon(arm, fill=(138, 134, 128))
        _disc(d, cx, cy, 0.75 * R, fill=(146, 142, 136))
        for k in range(4):  # the tabby stripes
            sx_ = cx * (0.2 + 0.18 * k)
            d.line([(sx_, cy - 0.6 * R), (sx_ + 0.1 * R, cy + 0.6 * R)], fill=(96, 92, 88),
                   width=max(2, round(0.1 * R)))
        for k in range(4):
            a_ = -0.9 + 0.6 * k
            _disc(d, cx + 0.55 * R * math.cos(a_), cy + 0.55 * R * math.sin(a_), 0.16 * R, fill=(222, 156, 160))
        _disc(d, cx - 0.05 * R, cy, 0.28 * R, fill=(214, 146, 150))
    M = round(0.05 * big)
    bg = _table(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (150, 138, 124), 0.04, 3)
    return _grain(_on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.35, g), g, 1.8)


# ------------------------------------------------------------------------------------------ answers


def draw_page45(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style45,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes (RGB), the random state the page changes go on with and the page's
    geometry (``grid_bbox``, ``rows``, ``cols``, mean cell width ``cw`` and height ``ch``, the column and row edges
    ``xs`` and ``ys``, ``keep``, the box round the clues and the grid; ``_box25`` gives a cell's box)."""
    rng = random.Random(f"h45:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = _change45(truth, style.clue_change, rng) if plan["clue"] else None
    row_vals, col_vals = _line_values(truth, change)
    img = input_image.convert("RGB").copy()
    if style.clue_font:
        _redraw_clues44(img, layout, row_vals, col_vals, style, rng)
    elif change:
        _retype_lines45(img, layout, row_vals, col_vals, _changed_lines(change))
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
                _draw_fill45(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill45(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline45(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross45(img, box, style, rng)
            elif not ((r, c) in filled and style.missing_bare):
                _draw_empty45(img, box, style.empty, rng)
    _draw_grid45(img, L, rng, style.grid, inp)
    return np.asarray(img), rng, L


def make_answer45(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style45,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page45(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page45(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out[..., :3])
