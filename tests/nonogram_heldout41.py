"""HELDOUT41, measured blind on rubric 78 (the forty-seventh session's end; written at that session's end, so not
measured on its start), never looked at: **367/432** right (85.0 %), **0 false passes**, 0 unreadable and 0 confident
false fails (seed 5, ``tools/measure_nonogram_family.py nonogram_heldout41:HELDOUT41 --seed 5``). By planted error:
none 28/72, extra_light 71, extra_outline 72, x_instead 71, missing 71, clue_changed 54 (of 72 each). The same,
367, on the forty-eighth session's start (bc6343a); on rubric 79 (its end, 6cc1b98) **369/432** (85.4 %), 2 gained,
none lost, 0 false passes, 0 unreadable, 0 confident false fails; none 30, the rest as before (372 on that rubric's
first version, without its both-sides condition). Studied in the forty-ninth session (rubric 80, knots across the
lines): **372/432** (86.1 %), 3 gained, none lost, 0 false passes, 0 unreadable (377 with a cast-shadow rule that was
then taken out).

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved nonogram:
clue faces from sources no earlier nonogram family, test, install list or digit-reader training names. With no installs
allowed, Debian's plain font packages and the PyPI font wheels spent, all twelve are further faces of Brian Kent's from
Debian's fonts-aenigma (free to redistribute and change, the package's copyright says), none an earlier family's, each
file's prefix new: a quick handwritten scrawl (AEnigma Scrawl 4 BRK, ``aescrawl.ttf``), a fat brush hand (Fatboy Slim
BLTC BRK, ``fbsbltc.ttf``), a flared humanist sans (Thwart BRK, ``thwart.ttf``), a condensed squared sans (Homespun TT
BRK, ``homespun.ttf``), a round casual hand (Kirby No Kira Kizzu BRK, ``kirbyss.ttf``), a broad heavy geometric face
(Mishmash BRK, ``mishmash.ttf``), a quirky serifed sans (Powderworks BRK, ``powdwrk5.ttf``), an informal upright sans
(Lamebrain BRK, ``lamebrai.ttf``), a heavy rounded sans with an open 4 (Bobcaygeon BRK, ``bobcayge.ttf``), a plain round
sans with a flagged 1 (Freak Turbulence BRK, ``freaktur.ttf``), a thick condensed sans (36 days ago Thick BRK,
``36daythk.ttf``), and for the retyped line on the page that keeps the input's clues a heavy slab-cut face (Classic
Trash 1 BRK, ``clasict1.ttf``). Fills no earlier family uses (slate roof tiles, black caviar, crow feathers, sea urchin
spines, lava rock, blackcurrants, lathe swarf, black sand ripples, razor clam shells, anthracite lumps, letterpress ink,
grease pencil scribble); empty-cell marks drawn in new ways (a tiny grey-blue anchor, a tiny pale-gold crescent moon, a
tiny gold star, a tiny pale-blue raindrop); the planted errors drawn in new ways (pale teapots, cupcakes, hot-air
balloons or watering cans, each over a light tint; a frame of film strip, of a pearl string, of cable knit, of cog
teeth; an X of two chopsticks, of two spoons, of two ski poles, of two cue sticks; all in the fill's colour); a changed
clue that has one number written two more (``one_raised_by_two``, new here), has two neighbouring unequal numbers inside
a line swapped (``inner_pair_swapped``, new here), has one number split in two, is written in reverse, has two merged
into their sum, gains a number between two of its numbers, has one unit moved between two of its numbers, has one even
number halved, has each number one less, or (on the page that keeps the input's clues) has one number one more or less;
a missing fill left bare on a page whose other empty cells carry marks; grids drawn in new ways (pen lines under block
lines of a bicycle chain; of a yellow measuring tape with its ticks but no figures; of a fern frond; of a twisted
clothesline with wooden pegs); two styles that redraw the whole puzzle in a new medium (a letterpress proof on a thick
cream cotton card, its figures and rules bitten into the card with a little ink squeeze round them, each filled cell a
printed block; the back of a brown kraft envelope with its flap seams, the grid ruled, the clues written and the cells
scribbled in with a black grease pencil); and page changes no earlier family uses (the page on artificial turf; on an
ice rink's scratched ice; on a pool's blue mosaic tiles; on railway ballast; on a sawdust floor; on autumn leaf litter;
the shadow of a monstera leaf; the shadow of a pergola's beams; a sewing button on the widened right margin; a safety
pin on the widened left margin; the card in a printer's wooden type-case drawer; the envelope on a hessian mail sack).

Clues written anew on the input's page are sized by their digits' height as drawn and fitted to its clue strips (as in
HELDOUT25 to HELDOUT40), two numbers of a row always further apart than two figures of one number; the redrawn puzzles
space their clues by the digits' height, measured on the drawn figures.

Doubts noted rather than made unfair: of fonts-aenigma's many faces most were left out as too hard to read (outlined,
striped, stencilled, shattered, dotted, dingbat or 3D faces), Hyde BRK as Jekyll BRK's sister, Nanosecond, Pneumatics
and Telephasic as too near Xipital BRK, Hyperion and Embossing Tape as too near the earlier faces, Larkspur for its 1
that tapers like an exclamation mark, Fatboy Slim BLTC 2 as a near copy of the face chosen. AEnigma Scrawl's figures are
thin quick pen strokes (its 1 a bare stroke, its 4 open; written a little larger); Fatboy Slim's are heavy brush
figures, its 1 flagged; Thwart's strokes flare; Homespun's are condensed and squared, its 4 open; Kirby's 7 curls;
Mishmash's are broad and heavy; Powderworks's 1 carries a slab foot; Lamebrain's are informal; Bobcaygeon's are heavy
with an open 4; Freak Turbulence's are plain and round, its 1 flagged; 36 days ago Thick's are tall and condensed. The
letterpress figures sit in a faint bitten hollow with a soft shadow on one side; the grease pencil's strokes are waxy
and broken by the kraft's tooth; the kraft's flap seams are paler and darker creases that never cross a figure's strokes
more than a grey level or so; the monstera's and the pergola's shadows darken the page by at most a fifth; the turf,
ice, tiles, ballast, sawdust, leaves, type case and sack lie round the page, never on it; the button and the safety pin
lie on widened margins and neither carries a digit; the bicycle chain, measuring tape, fern and clothesline block lines
are broader and less even than a ruled line (the fern's leaflets and the pegs reach a little into the cells' borders,
the tape's ticks are black on yellow); the fills have some paler features (the slates' edges, the caviar's glints, the
feathers' sheen, the spines' lit sides, the rock's rims, the berries' glints, the swarf's bright edges, the ripples'
crests, the shells' growth lines, the anthracite's facets, the ink's salt specks, the wax's gaps) over a dark ground,
and a person sees a filled cell at once; the anchor is small and grey-blue, the crescent small and pale gold, the star
small and gold, the raindrop small and pale blue; the planted pale marks are a light tint with darker-than-tint shapes
over it, plainly darker than the paper; a number raised by two may no longer fit its line (a clue no grid solves is
still a changed clue); the retyped clue line on the page that keeps the input's clues is in a different face from its
neighbours; the style names begin ``s_`` as HELDOUT28's to HELDOUT40's do (the names themselves differ from every
earlier one).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer41` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout41:HELDOUT41`` measures them like the earlier families.
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
from nonogram_heldout38 import _box_pts, _clip8, _disc, _stamp
from nonogram_heldout39 import _bg_page, _cast_shadow, _ink_onto, _poly
from nonogram_heldout40 import _change40, _Face40, _redraw_clues40
from PIL import Image, ImageDraw


@dataclass(frozen=True)
class Style41(Style):
    """A HELDOUT41 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``letterpress_card``, ``kraft_envelope``; empty keeps the
    input's frame), ``clue_change`` how a planted clue_changed answer alters its line (as in HELDOUT40, or
    ``one_raised_by_two``: one number written two more, or ``inner_pair_swapped``: two neighbouring unequal numbers
    swapped, inside the line where it can be) and ``missing_bare`` whether a missing fill is left bare rather than
    marked like the other empty cells. ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""
    clue_change: str = "extra"
    missing_bare: bool = False

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer41(input_image, layout, truth, self, error, seed)


HELDOUT41 = (
    Style41("s_aescrawl_blackcaviar_artificialturf", "black_caviar", (30, 30, 34), "none", "aescrawl.ttf",
            ("artificial_turf", "jpeg"), clue_scale=(1.08, 1.16), clue_stroke=1, grid="bicycle_chain_majors",
            light_mark="light_teapots", outline_mark="outline_film_strip", cross_mark="heavy_x_chopsticks",
            clue_change="one_raised_by_two"),
    Style41("s_fatboyslim_slateroof_icerink", "slate_roof_tiles", (52, 56, 64), "tiny_anchor", "fbsbltc.ttf",
            ("ice_rink", "jpeg"), clue_scale=(1.0, 1.08), grid="measuring_tape_majors", light_mark="light_cupcakes",
            outline_mark="outline_pearl_string", cross_mark="heavy_x_spoons", clue_change="inner_pair_swapped",
            missing_bare=True),
    Style41("s_thwartbrk_crowfeathers_pooltiles", "crow_feathers", (30, 32, 42), "none", "thwart.ttf",
            ("pool_tiles", "jpeg"), clue_scale=(1.0, 1.08), grid="fern_frond_majors",
            light_mark="light_hot_air_balloons", outline_mark="outline_cable_knit", cross_mark="heavy_x_ski_poles",
            clue_change="split"),
    Style41("s_homespun_seaurchin_ballast", "sea_urchin_spines", (48, 30, 50), "tiny_crescent_moon", "homespun.ttf",
            ("railway_ballast", "jpeg"), clue_scale=(1.0, 1.08), grid="clothesline_majors",
            light_mark="light_watering_cans", outline_mark="outline_cog_teeth", cross_mark="heavy_x_cue_sticks",
            clue_change="one_raised_by_two", missing_bare=True),
    Style41("s_kirbybrk_lavarock_monsterashadow", "lava_rock", (54, 46, 44), "none", "kirbyss.ttf",
            ("monstera_leaf_shadow", "jpeg"), clue_scale=(1.0, 1.08), grid="bicycle_chain_majors",
            light_mark="light_cupcakes", outline_mark="outline_cable_knit", cross_mark="heavy_x_cue_sticks",
            clue_change="reversed"),
    Style41("s_mishmashbrk_blackcurrants_pergolashadow", "blackcurrants", (40, 26, 46), "tiny_gold_star",
            "mishmash.ttf", ("pergola_shadow", "jpeg"), clue_scale=(0.96, 1.04), grid="measuring_tape_majors",
            light_mark="light_teapots", outline_mark="outline_cog_teeth", cross_mark="heavy_x_ski_poles",
            clue_change="merge", missing_bare=True),
    Style41("s_powderworks_latheswarf_sewingbutton", "lathe_swarf", (48, 48, 54), "none", "powdwrk5.ttf",
            ("sewing_button_margin", "jpeg"), clue_scale=(1.0, 1.08), grid="fern_frond_majors",
            light_mark="light_watering_cans", outline_mark="outline_film_strip", cross_mark="heavy_x_spoons",
            clue_change="inner_pair_swapped"),
    Style41("s_lamebrain_blacksand_safetypin", "black_sand_ripples", (56, 52, 50), "tiny_raindrop", "lamebrai.ttf",
            ("safety_pin_margin", "jpeg"), clue_scale=(1.02, 1.1), grid="clothesline_majors",
            light_mark="light_hot_air_balloons", outline_mark="outline_pearl_string", cross_mark="heavy_x_chopsticks",
            clue_change="insert_middle", missing_bare=True),
    Style41("s_bobcaygeon_razorclams_sawdust", "razor_clam_shells", (32, 34, 50), "none", "bobcayge.ttf",
            ("sawdust_floor", "jpeg"), clue_scale=(1.0, 1.08), grid="bicycle_chain_majors",
            light_mark="light_teapots", outline_mark="outline_pearl_string", cross_mark="heavy_x_ski_poles",
            clue_change="transfer"),
    Style41("s_keptclues_anthracite_leaflitter", "anthracite_lumps", (38, 38, 40), "tiny_anchor", None,
            ("autumn_leaf_litter", "jpeg"), grid="kept", light_mark="light_cupcakes", outline_mark="outline_film_strip",
            cross_mark="heavy_x_cue_sticks", clue_change="retyped_line", missing_bare=True),
    Style41("s_freakturbulence_letterpressink_redrawcard", "letterpress_ink", (26, 26, 30), "none", "freaktur.ttf",
            ("type_case_drawer", "jpeg"), clue_colour=(26, 26, 30), clue_scale=(1.0, 1.08),
            light_mark="light_hot_air_balloons", outline_mark="outline_cog_teeth", cross_mark="heavy_x_chopsticks",
            clue_change="one_halved", redraw="letterpress_card"),
    Style41("s_36daysthick_greasepencil_redrawenvelope", "grease_pencil_scribble", (38, 34, 34), "none",
            "36daythk.ttf", ("hessian_mail_sack", "jpeg"), clue_colour=(38, 34, 34), clue_scale=(1.04, 1.12),
            light_mark="light_watering_cans", outline_mark="outline_cable_knit", cross_mark="heavy_x_spoons",
            clue_change="all_lowered", redraw="kraft_envelope"),
)

CHANGE_FONT = "clasict1.ttf"  # Classic Trash 1 BRK: the retyped line of a changed clue on the kept page

# Every face's Debian package (all from fonts-aenigma).
DEBIAN_FACES = {s.clue_font: "fonts-aenigma" for s in HELDOUT41 if s.clue_font} | {CHANGE_FONT: "fonts-aenigma"}


def face_path(name: str):
    """A clue face's file, as ``nonogram_answers.font_path`` finds it."""
    return font_path(name)


# ------------------------------------------------------------------------------------------ clues


def _retype_lines41(img: Image.Image, layout: dict[str, Any], row_vals, col_vals,
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
    face = _Face40(CHANGE_FONT, _digit_h(_font(INPUT_FONT, layout["clue_font_px"])))
    gap = max(int(layout["clue_font_px"] * 0.55), face.inner + 0.35 * face.h)
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


def _change41(truth: dict[str, Any], mode: str, rng: random.Random) -> tuple[str, int, list[str]]:
    """A changed clue as :func:`_change40` makes it, or (``one_raised_by_two``) one number of a line written two more
    (a line of two or more numbers first), or (``inner_pair_swapped``) two neighbouring unequal numbers of a line
    swapped, a pair inside a line of three or more numbers first (then any such pair); where neither kind finds a
    line, one number is one more or less."""
    lines = [(kind, i, v) for kind in ("row", "col") for i, v in enumerate(_values(truth[f"{kind}_clues"]))]
    if mode == "one_raised_by_two":
        opts = [(x, k) for x in lines if x[2] != ["0"] for k in range(len(x[2]))]
        best = [o for o in opts if len(o[0][2]) >= 2]
        if opts:
            (kind, i, v), k = rng.choice(best or opts)
            return kind, i, v[:k] + [str(int(v[k]) + 2)] + v[k + 1:]
        mode = "off_by_one"
    if mode == "inner_pair_swapped":
        opts = [(x, k) for x in lines for k in range(len(x[2]) - 1) if x[2][k] != x[2][k + 1]]
        best = [o for o in opts if len(o[0][2]) >= 3]
        if opts:
            (kind, i, v), k = rng.choice(best or opts)
            return kind, i, v[:k] + [v[k + 1], v[k]] + v[k + 2:]
        mode = "off_by_one"
    return _change40(truth, mode, rng)


# ------------------------------------------------------------------------------------------ fills


def _tex41(kind: str, w: int, h: int, colour, g: np.random.Generator,
           rng: random.Random) -> tuple[np.ndarray, np.ndarray | None]:
    """A filled cell's picture (h, w, 3 float) in ``kind`` and its coverage (None: it covers the whole cell)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    alpha = None
    if kind == "slate_roof_tiles":  # slate roof tiles: staggered courses, each slate its own tone, a lit lower edge
        img = Image.new("RGB", (w, h), _c(col * 0.5))
        d = ImageDraw.Draw(img)
        ph, pw = max(4.0, s / 3.2), max(6.0, s / 2.2)
        for j, y in enumerate(np.arange(-ph * 0.4, h + ph, ph)):
            for x in np.arange(-pw * (0.5 * (j % 2)), w + pw, pw):
                tone = rng.uniform(0.85, 1.2)
                d.rectangle([x + 1, y, x + pw - 1, y + ph - 1], fill=_c(col * tone))
                d.line([(x + 1, y + ph - 1), (x + pw - 1, y + ph - 1)], fill=_c(_lift(col * tone, 0.22)), width=1)
                d.line([(x, y), (x, y + ph)], fill=_c(col * 0.4), width=1)  # the joint
        tex = np.asarray(img, np.float32).copy()
        tex *= (0.96 + 0.05 * _noise0(g, h, w, 0.7))[..., None]
    elif kind == "black_caviar":  # black caviar: tight small round eggs, each with a small bright glint
        img = Image.new("RGB", (w, h), _c(col * 0.4))
        d = ImageDraw.Draw(img)
        r0 = max(1.6, s / 11)
        for _ in range(int(w * h / (r0 * r0) * 0.55) + 6):
            x, y = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h
            r = r0 * rng.uniform(0.85, 1.1)
            tone = rng.uniform(0.85, 1.2)
            _disc(d, x, y, r, fill=_c(col * tone), outline=_c(col * 0.5))
            _disc(d, x - 0.35 * r, y - 0.35 * r, max(0.5, 0.22 * r), fill=_c(_lift(col * tone, 0.5)))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "crow_feathers":  # overlapping crow feathers: long vanes, a paler shaft, a blue-green sheen
        img = Image.new("RGB", (w, h), _c(col * 0.5))
        d = ImageDraw.Draw(img)
        a0 = rng.uniform(0, math.pi)
        for _ in range(int(w * h / (s * s) * 7) + 3):
            cx, cy, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, a0 + rng.gauss(0, 0.2)
            ln = rng.uniform(0.45, 0.7) * s
            tone = rng.uniform(0.85, 1.2)
            vane = [(0.5 * math.cos(t), 0.16 * math.sin(t) * (1 - 0.5 * max(0.0, math.cos(t))))
                    for t in np.linspace(0, 2 * math.pi, 20, endpoint=False)]
            _poly(d, vane, cx, cy, a, ln, fill=_c(col * tone), outline=_c(col * 0.6))
            d.line(_rotated([(-0.5, 0.0), (0.5, 0.0)], cx, cy, a, ln), fill=_c(_lift(col * tone, 0.18)), width=1)
            d.line(_rotated([(-0.2, 0.1), (0.25, 0.12)], cx, cy, a, ln), fill=_c((col * tone) + (0, 14, 22)), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "sea_urchin_spines":  # sea urchins: dark bodies bristling with long spines, lit along one side
        img = Image.new("RGB", (w, h), _c(col * 0.45))
        d = ImageDraw.Draw(img)
        R = max(4.0, s * 0.32)
        for _ in range(3 + int(w * h / (R * R * 1.5))):
            x, y = rng.uniform(0, 1) * w, rng.uniform(0, 1) * h
            tone = rng.uniform(0.85, 1.15)
            for k in range(36):
                a = k * 2 * math.pi / 36 + rng.uniform(-0.06, 0.06)
                ln = R * rng.uniform(0.7, 1.1)
                d.line([(x, y), (x + ln * math.cos(a), y + ln * math.sin(a))], fill=_c(col * tone * 1.1), width=2)
                if k % 4 == 0:
                    d.line([(x, y), (x + 0.6 * ln * math.cos(a), y + 0.6 * ln * math.sin(a))],
                           fill=_c(_lift(col * tone, 0.2)), width=1)
            _disc(d, x, y, 0.3 * R, fill=_c(col * tone * 0.8))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "lava_rock":  # porous lava rock: a rough dark ground, round pits with paler rims, a reddish cast
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        tex *= (0.95 + 0.08 * _noise0(g, h, w, 0.8) + 0.05 * _noise0(g, h, w, max(1.0, s / 6)))[..., None]
        img = Image.fromarray(_clip8(tex))
        d = ImageDraw.Draw(img)
        for _ in range(int(w * h / (s * s) * 16) + 3):
            x, y, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.02, 0.07) * s + 0.8
            _disc(d, x, y, r + 0.8, fill=_c(_lift(col, 0.16)))  # the pit's rim
            _disc(d, x, y, r, fill=_c(col * 0.35))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "blackcurrants":  # blackcurrants: round berries with a dry star-shaped calyx, a glint each
        img = Image.new("RGB", (w, h), _c(col * 0.35))
        d = ImageDraw.Draw(img)
        r0 = max(2.5, s / 6.5)
        for _ in range(int(w * h / (r0 * r0) * 0.5) + 4):
            x, y = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h
            r = r0 * rng.uniform(0.85, 1.15)
            tone = rng.uniform(0.85, 1.2)
            _disc(d, x, y, r, fill=_c(col * tone), outline=_c(col * 0.5))
            cx, cy = x + 0.3 * r, y + 0.25 * r
            for k in range(5):  # the calyx
                a = k * 2 * math.pi / 5
                d.line([(cx, cy), (cx + 0.25 * r * math.cos(a), cy + 0.25 * r * math.sin(a))], fill=_c(col * 0.5),
                       width=1)
            _disc(d, x - 0.4 * r, y - 0.4 * r, max(0.6, 0.18 * r), fill=_c(_lift(col * tone, 0.5)))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "lathe_swarf":  # lathe swarf: tangled dark steel turnings in tight spirals, bright cut edges
        img = Image.new("RGB", (w, h), _c(col * 0.5))
        d = ImageDraw.Draw(img)
        for _ in range(int(w * h / (s * s) * 14) + 4):
            cx, cy, a0 = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h, rng.uniform(0, 2 * math.pi)
            R, hand = rng.uniform(0.1, 0.22) * s, rng.choice((-1, 1))
            tone = rng.uniform(0.85, 1.2)
            pts = [(cx + R * (0.3 + 0.7 * t) * math.cos(a0 + hand * t * 4 * math.pi) + t * 0.3 * R,
                    cy + R * (0.3 + 0.7 * t) * math.sin(a0 + hand * t * 4 * math.pi)) for t in np.linspace(0, 1, 28)]
            d.line(pts, fill=_c(col * tone), width=max(2, round(s / 14)), joint="curve")
            d.line(pts[::2], fill=_c(_lift(col * tone, 0.3)), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "black_sand_ripples":  # black volcanic sand in ripples: fine grain, lit crests, shadowed troughs
        ang = rng.uniform(0, math.pi)
        u = (xx * math.cos(ang) + yy * math.sin(ang)) / max(3.0, s / 3.5) + 0.4 * _noise0(g, h, w, max(1.0, s / 5))
        wave = np.sin(u * 2 * math.pi)
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        tex *= (1 + 0.14 * wave + 0.1 * _noise0(g, h, w, 0.5))[..., None]
        tex[wave > 0.9] = _lift(col, 0.12)
    elif kind == "razor_clam_shells":  # razor clam shells: long narrow blue-black blades, growth lines across
        img = Image.new("RGB", (w, h), _c(col * 0.4))
        d = ImageDraw.Draw(img)
        a0 = rng.uniform(0, math.pi)
        blade = [(-0.5, -0.5), (0.5, -0.5), (0.54, 0.0), (0.5, 0.5), (-0.5, 0.5), (-0.54, 0.0)]
        for _ in range(int(w * h / (s * s) * 6) + 3):
            cx, cy, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, a0 + rng.gauss(0, 0.3)
            ln, wd = rng.uniform(0.6, 0.9) * s, rng.uniform(0.12, 0.16) * s
            tone = rng.uniform(0.85, 1.2)
            d.polygon(_rotated([(u * ln, v * wd) for u, v in blade], cx, cy, a, 1.0), fill=_c(col * tone),
                      outline=_c(_lift(col, 0.3)))
            for u in np.arange(-0.4, 0.45, 0.12):  # the growth lines
                d.line(_rotated([(u * ln, -0.45 * wd), (u * ln + 0.05 * ln, 0.45 * wd)], cx, cy, a, 1.0),
                       fill=_c(col * tone * 0.7), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "anthracite_lumps":  # anthracite: angular lumps, flat glassy facets, some catching the light
        img = Image.new("RGB", (w, h), _c(col * 0.4))
        d = ImageDraw.Draw(img)
        r0 = max(3.0, s / 4.5)
        for _ in range(int(w * h / (r0 * r0) * 0.9) + 3):
            x, y = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h
            n = rng.randint(5, 7)
            pts = [(x + r0 * rng.uniform(0.6, 1.1) * math.cos(k * 2 * math.pi / n),
                    y + r0 * rng.uniform(0.6, 1.1) * math.sin(k * 2 * math.pi / n)) for k in range(n)]
            tone = rng.uniform(0.8, 1.2)
            d.polygon(pts, fill=_c(col * tone), outline=_c(col * 0.5))
            d.polygon([pts[0], pts[1], (x, y)], fill=_c(_lift(col * tone, 0.18)))  # a lit facet
        tex = np.asarray(img, np.float32).copy()
    elif kind == "letterpress_ink":  # a letterpress block: solid ink, salt specks, ink squeezed dark at the edges
        m0 = 0.05 * s
        lay, ld = _layer(w, h)
        ld.rectangle([m0, m0, w - 1 - m0, h - 1 - m0], fill=255)
        alpha = cv2.GaussianBlur(_m(lay), (0, 0), 0.5)
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        tex *= (1 + 0.06 * _noise0(g, h, w, 1.2))[..., None]
        edge = np.minimum.reduce([xx - m0, yy - m0, w - 1 - m0 - xx, h - 1 - m0 - yy])
        tex[edge < max(1.0, 0.05 * s)] = col * 0.6  # the squeeze
        tex[_noise0(g, h, w, 0.5) > 2.2] = _lift(col, 0.4)  # the salt
    elif kind == "grease_pencil_scribble":  # a grease pencil scribbled back and forth: waxy strokes, the paper's tooth
        lay, ld = _layer(w, h)
        step = max(2.0, s / 11)
        wd = max(2, round(s / 7))
        pts = []
        y = 0.1 * h
        left = True
        while y < 0.92 * h:
            pts.append((rng.uniform(0.06, 0.12) * w if left else rng.uniform(0.88, 0.94) * w, y))
            y += step
            left = not left
        ld.line(pts, fill=255, width=wd, joint="curve")
        m = _m(lay) * (_noise0(g, h, w, 0.5) > -1.6)  # the kraft's tooth breaking the wax
        alpha = np.clip(cv2.GaussianBlur(m.astype(np.float32), (0, 0), 0.5) * 1.05, 0, 1)
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        tex[(((xx + 3 * yy) % 11) < 1)] = _lift(col, 0.08)  # the wax's sheen
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255), alpha


def _draw_fill41(img: Image.Image, box, style: Style41, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07)
    w, h = bx - ax, by - ay
    if not light:
        tex, alpha = _tex41(style.fill, w, h, style.fill_colour, g, rng)
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
        if light == "light_teapots":  # teapots: a round body, a spout, a handle, a lid with its knob
            ld.ellipse([x - 0.6 * r, y - 0.4 * r, x + 0.6 * r, y + 0.5 * r], fill=255)
            ld.polygon([(x + 0.5 * r, y), (x + 1.0 * r, y - 0.5 * r), (x + 1.05 * r, y - 0.4 * r),
                        (x + 0.55 * r, y + 0.25 * r)], fill=255)
            ld.arc([x - 1.0 * r, y - 0.25 * r, x - 0.4 * r, y + 0.3 * r], 90, 270, fill=255, width=lw)
            ld.rectangle([x - 0.3 * r, y - 0.55 * r, x + 0.3 * r, y - 0.4 * r], fill=255)
            ld.ellipse([x - 0.1 * r, y - 0.75 * r, x + 0.1 * r, y - 0.55 * r], fill=255)
            ld.line([(x - 0.4 * r, y + 0.05 * r), (x + 0.4 * r, y + 0.05 * r)], fill=0, width=1)  # a band
        elif light == "light_cupcakes":  # cupcakes: a fluted case, a domed icing, a cherry on top
            ld.polygon([(x - 0.5 * r, y), (x + 0.5 * r, y), (x + 0.35 * r, y + 0.6 * r), (x - 0.35 * r, y + 0.6 * r)],
                       fill=255)
            for k in (-0.2, 0.0, 0.2):
                ld.line([(x + k * r, y + 0.05 * r), (x + k * 0.75 * r, y + 0.55 * r)], fill=0, width=1)
            ld.chord([x - 0.6 * r, y - 0.6 * r, x + 0.6 * r, y + 0.3 * r], 180, 360, fill=255)
            ld.ellipse([x - 0.13 * r, y - 0.85 * r, x + 0.13 * r, y - 0.6 * r], fill=255)
        elif light == "light_hot_air_balloons":  # hot-air balloons: a round envelope, a gore seam, a basket
            ld.ellipse([x - 0.5 * r, y - 0.9 * r, x + 0.5 * r, y + 0.2 * r], fill=255)
            ld.polygon([(x - 0.4 * r, y), (x + 0.4 * r, y), (x + 0.12 * r, y + 0.4 * r), (x - 0.12 * r, y + 0.4 * r)],
                       fill=255)
            ld.line([(x, y - 0.9 * r), (x, y + 0.35 * r)], fill=0, width=1)  # a gore seam
            ld.rectangle([x - 0.14 * r, y + 0.5 * r, x + 0.14 * r, y + 0.75 * r], fill=255)  # the basket
        elif light == "light_watering_cans":  # watering cans: a drum, a long spout with its rose, a top handle
            ld.rectangle([x - 0.4 * r, y - 0.3 * r, x + 0.3 * r, y + 0.5 * r], fill=255)
            ld.line([(x + 0.3 * r, y + 0.3 * r), (x + 0.85 * r, y - 0.45 * r)], fill=255, width=lw + 1)
            ld.ellipse([x + 0.75 * r, y - 0.6 * r, x + 1.0 * r, y - 0.35 * r], fill=255)  # the rose
            ld.arc([x - 0.35 * r, y - 0.75 * r, x + 0.25 * r, y - 0.05 * r], 180, 360, fill=255, width=lw)
            ld.line([(x - 0.4 * r, y + 0.1 * r), (x + 0.3 * r, y + 0.1 * r)], fill=0, width=1)  # the seam
        else:
            raise ValueError(light)
    alpha = 0.2 + 0.34 * _m(lay)
    _paste_rgba(img, tex, cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.5), ax, ay)


def _draw_outline41(img: Image.Image, box, style: Style41, rng: random.Random) -> None:
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
    if kind == "outline_film_strip":  # film strip round the cell: sprocket holes along its outer edge, frame lines
        pt = max(4.0, f * 0.9)
        u = (along % pt) / pt
        tex[:] = col * 0.9
        tex[band & (v > 0.12) & (v < 0.42) & (u > 0.3) & (u < 0.7)] = _lift(col, 0.3)  # the sprocket holes
        tex[band & (v > 0.55) & (((along / (4 * pt)) % 1) < 0.06)] = col * 0.5  # the frame lines
        tex[band & corner] = col * 0.8
    elif kind == "outline_pearl_string":  # a string of dark pearls round the cell, each with a glint
        pt = max(4.0, f * 0.95)
        u = (along % pt) / pt
        dist = np.hypot((u - 0.5) * pt, (v - 0.5) * f)
        pearl = band & (dist < 0.5 * pt)
        tex[:] = col * 0.55
        tex[pearl] = col
        tex[pearl & (np.hypot((u - 0.35) * pt, (v - 0.3) * f) < 0.12 * pt)] = _lift(col, 0.4)
        tex[band & corner] = col * 0.8
    elif kind == "outline_cable_knit":  # cable knit round the cell: two strands crossing, the stitches' V's
        pt = max(5.0, f * 1.6)
        u = (along % pt) / pt
        tw = 0.5 + 0.38 * np.sin(u * 2 * math.pi)
        tex[:] = col * 0.8
        strand = band & ((np.abs(v - tw) < 0.2) | (np.abs(v - (1 - tw)) < 0.2))
        tex[strand] = col
        tex[strand & ((((along + np.abs(v - 0.5) * f * 2) / 3) % 1) < 0.3)] = _lift(col, 0.16)  # the stitches
        tex[band & corner] = col * 0.8
    elif kind == "outline_cog_teeth":  # a cog's rim round the cell: a solid inner ring, square teeth outside
        pt = max(4.0, f * 1.0)
        u = (along % pt) / pt
        tooth = band & ((v > 0.4) | (u < 0.55) | corner)
        tex[:] = col
        tex[band & (v > 0.4) & (v < 0.5)] = _lift(col, 0.15)  # the rim's lit edge
        m = tooth.astype(np.float32)
    else:
        raise ValueError(kind)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross41(img: Image.Image, box, style: Style41, rng: random.Random) -> None:
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
        if kind == "heavy_x_chopsticks":  # two chopsticks: square-ended, tapering to the tip, a painted band
            half = wid * (0.22 - 0.1 * np.clip(t, 0, 1))
            part = (np.abs(n) < half) & (t > -0.03) & (t < 1.03)
            tex[part] = col
            tex[part & (t > 0.12) & (t < 0.22)] = _lift(col, 0.3)  # the band
            tex[part & (n < -half * 0.4)] = _lift(col, 0.12)
        elif kind == "heavy_x_spoons":  # two spoons: a handle, an oval bowl with a glint
            handle = (np.abs(n) < wid * 0.14) & (t > -0.02) & (t < 0.7)
            bowl = ((t - 0.84) * ln / (wid * 0.9)) ** 2 + (n / (wid * 0.4)) ** 2 < 1
            part = handle | bowl
            tex[part] = col
            tex[bowl & (np.hypot((t - 0.8) * ln, n + wid * 0.12) < wid * 0.1)] = _lift(col, 0.35)
        elif kind == "heavy_x_ski_poles":  # two ski poles: a grip, a shaft, a round basket near the tip
            shaft = (np.abs(n) < wid * 0.15) & (t > 0.0) & (t < 1.03)
            grip = (np.abs(n) < wid * 0.26) & (t > -0.03) & (t < 0.2)
            dist = np.hypot((t - 0.85) * ln, n)
            basket = (dist < wid * 0.38) & (dist > wid * 0.22)
            part = shaft | grip | basket
            tex[part] = col
            tex[grip & (((t * ln) % 3) < 1)] = _lift(col, 0.2)  # the grip's ridges
        elif kind == "heavy_x_cue_sticks":  # two cue sticks: a heavy butt tapering to the shaft, a pale ferrule
            half = wid * (0.26 - 0.14 * np.clip(t, 0, 1))
            part = (np.abs(n) < half) & (t > -0.03) & (t < 1.03)
            tex[part] = col
            tex[part & (t < 0.3) & (np.abs(((t * 12) % 1) - 0.5) < 0.12)] = _lift(col, 0.2)  # the butt's inlays
            tex[part & (t > 0.9) & (t < 0.97)] = _lift(col, 0.45)  # the ferrule
        else:
            raise ValueError(kind)
        m = np.maximum(m, part.astype(np.float32))
    m = cv2.GaussianBlur(m, (0, 0), 0.4)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(m, 0, 1).astype(np.float32), ax, ay)


def _draw_empty41(img: Image.Image, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    d = ImageDraw.Draw(img)
    if kind == "none":
        return
    if kind == "tiny_anchor":  # a tiny grey-blue anchor: a ring, a shank, a stock, curved arms
        r = max(2.0, 0.06 * s)
        c = (110, 124, 150)
        d.ellipse([cx - 0.3 * r, cy - 1.3 * r, cx + 0.3 * r, cy - 0.7 * r], outline=c, width=1)
        d.line([(cx, cy - 0.7 * r), (cx, cy + r)], fill=c, width=1)
        d.line([(cx - 0.5 * r, cy - 0.4 * r), (cx + 0.5 * r, cy - 0.4 * r)], fill=c, width=1)
        d.arc([cx - 0.8 * r, cy, cx + 0.8 * r, cy + r], 0, 180, fill=c, width=1)
    elif kind == "tiny_crescent_moon":  # a tiny pale-gold crescent moon
        r = max(2.0, 0.06 * s)
        _disc(d, cx, cy, r, fill=(226, 200, 120))
        bg = img.getpixel((int(min(x1 - 2, cx + 2.5 * r)), int(cy)))
        _disc(d, cx + 0.45 * r, cy - 0.2 * r, 0.85 * r, fill=bg)
    elif kind == "tiny_gold_star":  # a tiny gold five-pointed star
        r = max(2.5, 0.07 * s)
        pts = [(cx + (r if k % 2 == 0 else 0.42 * r) * math.cos(-math.pi / 2 + k * math.pi / 5),
                cy + (r if k % 2 == 0 else 0.42 * r) * math.sin(-math.pi / 2 + k * math.pi / 5)) for k in range(10)]
        d.polygon(pts, fill=(232, 184, 48), outline=(196, 146, 30))
    elif kind == "tiny_raindrop":  # a tiny pale-blue raindrop: a round base, a pointed top
        r = max(1.8, 0.045 * s)
        _disc(d, cx, cy + 0.4 * r, r, fill=(140, 186, 230))
        d.polygon([(cx - 0.9 * r, cy + 0.1 * r), (cx, cy - 1.8 * r), (cx + 0.9 * r, cy + 0.1 * r)],
                  fill=(140, 186, 230))
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids


def _draw_grid41(img: Image.Image, L: dict[str, Any], rng: random.Random, name: str, inp: np.ndarray | None) -> None:
    if name == "kept":
        _draw_grid32(img, L, rng, "kept", inp)
        return
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    thin = max(1, round(s / 30))
    _pen_minors(d, L, thin)
    if name == "bicycle_chain_majors":  # each block line a bicycle chain: outer and inner plates, bright pins
        wc = max(4, round(s / 7))
        pitch = max(2.2 * wc, 0.22 * s)
        for vertical, c, a0, a1 in _major_segments(L, wc * 0.5):
            for k, u in enumerate(np.arange(a0, a1 - 0.2 * pitch, pitch)):
                u1 = min(a1, u + pitch)
                outer = k % 2 == 0
                d.rounded_rectangle(_box_pts(vertical, c, u, u1, wc / 2 if outer else wc * 0.38),
                                    radius=wc * 0.35, fill=(64, 66, 70) if outer else (92, 94, 98),
                                    outline=(30, 30, 32))
                (px_, py_), = _seg_pts(vertical, c, [(u, 0)])
                _disc(d, px_, py_, 0.22 * wc, fill=(188, 190, 196))  # the pin
        return
    if name == "measuring_tape_majors":  # each block line a yellow measuring tape: black ticks, no figures
        wt = max(5, round(s / 6))
        for vertical, c, a0, a1 in _major_segments(L, wt * 0.5):
            d.rectangle(_box_pts(vertical, c, a0, a1, wt / 2), fill=(236, 200, 40), outline=(150, 120, 30))
            step = max(2.0, s / 10)
            for k, u in enumerate(np.arange(a0 + step, a1, step)):
                ln = 0.7 if k % 10 == 9 else (0.45 if k % 5 == 4 else 0.25)
                d.line(_seg_pts(vertical, c, [(u, -wt / 2), (u, -wt / 2 + ln * wt)]), fill=(20, 20, 20), width=1)
        return
    if name == "fern_frond_majors":  # each block line a fern frond: a thin stem, leaflets either side
        wv = max(2, round(s / 14))
        for vertical, c, a0, a1 in _major_segments(L, wv):
            d.line(_seg_pts(vertical, c, [(a0, 0), (a1, 0)]), fill=(60, 96, 44), width=wv)
            step = max(3.0, 0.12 * s)
            for k, u in enumerate(np.arange(a0 + step / 2, a1, step)):
                side = 1 if k % 2 else -1
                lf = rng.uniform(0.1, 0.13) * s
                tone = np.array((66, 128, 58), np.float32) * rng.uniform(0.85, 1.15)
                shape = [(u, side * wv / 2), (u + 0.35 * lf, side * (wv / 2 + 0.35 * lf)),
                         (u + 0.15 * lf, side * (wv / 2 + lf)), (u - 0.2 * lf, side * (wv / 2 + 0.4 * lf))]
                d.polygon(_seg_pts(vertical, c, shape), fill=_c(tone))
        return
    if name == "clothesline_majors":  # each block line a twisted clothesline, wooden pegs clipped on at intervals
        wr = max(3, round(s / 10))
        for vertical, c, a0, a1 in _major_segments(L, wr * 0.5):
            d.rectangle(_box_pts(vertical, c, a0, a1, wr / 2), fill=(210, 204, 190))
            for u in np.arange(a0, a1, max(2.0, wr * 0.8)):  # the twist
                d.line(_seg_pts(vertical, c, [(u, -wr / 2), (u + wr * 0.6, wr / 2)]), fill=(120, 114, 104), width=1)
            for u in np.arange(a0 + rng.uniform(0.3, 0.8) * s, a1 - 0.2 * s, rng.uniform(1.6, 2.4) * s):
                d.rectangle(_box_pts(vertical, c, u - 0.05 * s, u + 0.05 * s, 0.16 * s), fill=(196, 150, 96),
                            outline=(120, 84, 50))  # the peg
                d.line(_seg_pts(vertical, c, [(u, -0.16 * s), (u, 0.16 * s)]), fill=(120, 84, 50), width=1)
                (px_, py_), = _seg_pts(vertical, c, [(u, 0.02 * s)])
                _disc(d, px_, py_, 0.025 * s, fill=(150, 150, 156))  # the spring
        return
    raise ValueError(name)


# ------------------------------------------------------------------------------------------ redraws


CARD = (240, 232, 214)  # the cotton card
KRAFT = (196, 156, 108)  # the kraft envelope


def _redraw_whole41(layout: dict[str, Any], style: Style41, row_vals, col_vals, rng: random.Random,
                    target: tuple[int, int]) -> tuple[Image.Image, dict[str, Any]]:
    """The whole puzzle drawn anew (``style.redraw``): its own surface, cell size, clue layout and margins. Returns
    the page (clues, no marks, no grid yet) and its geometry."""
    kind = style.redraw
    rows, cols = layout["rows"], layout["cols"]
    base = layout["cell_px"] * rng.uniform(0.9, 0.98) * 0.92
    hh = _digit_h(_font(INPUT_FONT, layout["clue_font_px"])) * rng.uniform(*style.clue_scale)
    face = _Face40(style.clue_font, hh, style.clue_stroke)
    while hh > 7 and max(face.width(t) for v in col_vals for t in v) > 0.72 * base:
        hh -= max(0.5, 0.04 * hh)
        face = _Face40(style.clue_font, hh, style.clue_stroke)
    dh = face.h
    gapn, slot = dh * rng.uniform(0.75, 0.9), dh * rng.uniform(1.5, 1.65)
    gapn = max(gapn, face.inner + 0.35 * dh)  # two numbers never read as one
    row_w = max(sum(face.width(t) for t in v) + gapn * (len(v) - 1) for v in row_vals)
    col_h = max(len(v) for v in col_vals) * slot
    pad = 0.45 * base
    gw, gh = base * cols, base * rows
    pw, ph = row_w + pad * 1.4 + gw, col_h + pad * 1.4 + gh
    g = _nrng(rng)
    bm = 0.8 * base
    top = 1.1 * bm
    W = round(max(pw + 2 * bm, 0.85 * target[0]))
    H = round(ph + bm + top)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    if kind == "letterpress_card":  # thick cream cotton card: a soft fibre mottle, its deckled edge a little darker
        surf = np.array(CARD, np.float32) * (1 + 0.012 * _smooth(g, H, W, 1.0) + 0.01 * _smooth(g, H, W, 8.0))[
            ..., None]
        edge = np.minimum.reduce([xx, yy, W - 1 - xx, H - 1 - yy]) + 3 * _smooth(g, H, W, 3.0)
        surf *= (1 - 0.1 * np.clip(1 - edge / 6, 0, 1))[..., None]
    else:  # the back of a kraft envelope: fibres, the flap seams running in from the corners
        surf = np.array(KRAFT, np.float32) * (1 + 0.025 * _smooth(g, H, W, 1.0) + 0.02 * _smooth(g, H, W, 10.0))[
            ..., None]
        fib = cv2.GaussianBlur(g.standard_normal((H, W)).astype(np.float32), (0, 0), sigmaX=6.0, sigmaY=0.6)
        surf *= (1 + 0.02 * fib / (fib.std() + 1e-6))[..., None]
        lay, ld = _layer(W, H)
        mid = (W / 2, H * rng.uniform(0.52, 0.6))
        for corner in ((0, 0), (W, 0), (0, H), (W, H)):
            ld.line([corner, mid], fill=255, width=2)
        seam = cv2.GaussianBlur(_m(lay), (0, 0), 1.2)
        surf *= (1 - 0.05 * seam)[..., None]
    img = Image.fromarray(_clip8(surf))
    ex = (W - 2 * bm - pw) / 2
    gx0, gy0 = bm + ex + row_w + pad * 1.4, top + col_h + pad * 1.4
    keep = [gx0 - pad * 1.4 - row_w - 4, gy0 - pad * 1.4 - col_h - 4, gx0 + gw + 4, gy0 + gh + 4]
    xs = [gx0 + base * i for i in range(cols + 1)]
    ys = [gy0 + base * j for j in range(rows + 1)]
    L = {"grid_bbox": [xs[0], ys[0], xs[-1], ys[-1]], "rows": rows, "cols": cols, "cw": base, "ch": base,
         "cell_px": base, "xs": xs, "ys": ys, "x0s": xs[:-1], "y0s": ys[:-1], "keep": keep}
    alpha = np.zeros((H, W), np.float32)
    jit = 0.0 if kind == "letterpress_card" else 0.04
    for r_, vals in enumerate(row_vals):
        cy = (ys[r_] + ys[r_ + 1]) / 2
        x = gx0 - pad
        for t in reversed(vals):
            wt = face.width(t)
            _stamp(alpha, face, t, x - wt / 2 + rng.uniform(-jit, jit) * dh, cy + rng.uniform(-jit, jit) * dh)
            x -= wt + gapn
    for c, vals in enumerate(col_vals):
        cx = (xs[c] + xs[c + 1]) / 2
        for k, t in enumerate(vals):
            _stamp(alpha, face, t, cx + rng.uniform(-jit, jit) * dh,
                   gy0 - pad - (len(vals) - k - 0.5) * slot + rng.uniform(-jit, jit) * dh)
    a = np.asarray(img, np.float32).copy()
    if kind == "letterpress_card":  # bitten in: a soft shadow on the upper left of each stroke, ink squeezed a little
        hollow = np.roll(cv2.GaussianBlur(alpha, (0, 0), 1.2), (-1, -1), axis=(0, 1))
        a *= (1 - 0.18 * hollow)[..., None]
        alpha = np.clip(np.maximum(alpha, 0.25 * cv2.GaussianBlur(alpha, (0, 0), 0.7)), 0, 1)
    else:  # the grease pencil's wax broken by the kraft's tooth
        alpha = alpha * (0.8 + 0.2 * (_smooth(g, H, W, 0.6) > -1.2))
    a = a * (1 - alpha[..., None]) + np.asarray(style.clue_colour, np.float32) * alpha[..., None]
    return Image.fromarray(_clip8(a)), L


def _draw_redraw_grid41(img: Image.Image, L: dict[str, Any], kind: str, rng: random.Random) -> Image.Image:
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    lay, d = _layer(*img.size)
    if kind == "letterpress_card":  # brass rules printed: crisp, the block lines heavier
        thin, wd, colour = max(1, round(s / 30)), max(2, round(s / 12)), (26, 26, 30)
    else:  # ruled with the grease pencil along a ruler: soft, broken a little
        thin, wd, colour = max(1, round(s / 24)), max(2, round(s / 11)), (38, 34, 34)
    for i, x in enumerate(xs):
        big = _major(i, cols)
        e = wd // 2 if big else 0
        d.line([(x, ys[0] - e), (x, ys[-1] + e)], fill=255, width=wd if big else thin)
    for j, y in enumerate(ys):
        big = _major(j, rows)
        e = wd // 2 if big else 0
        d.line([(xs[0] - e, y), (xs[-1] + e, y)], fill=255, width=wd if big else thin)
    a = np.asarray(img, np.float32)
    m = _m(lay)
    if kind == "letterpress_card":
        hollow = np.roll(cv2.GaussianBlur(m, (0, 0), 1.2), (-1, -1), axis=(0, 1))
        a = a * (1 - 0.15 * hollow)[..., None]
        alpha = cv2.GaussianBlur(m, (0, 0), 0.4) * 0.95
    else:
        g = _nrng(rng)
        alpha = cv2.GaussianBlur(m, (0, 0), 0.5) * (0.75 + 0.2 * (_smooth(g, m.shape[0], m.shape[1], 0.6) > -1.0))
    out = a * (1 - alpha[..., None]) + np.asarray(colour, np.float32) * alpha[..., None]
    return Image.fromarray(_clip8(out))


# ------------------------------------------------------------------------------------------ pages


def _turf(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """Artificial turf: dense green plastic blades, two greens, a painted white line across."""
    img = Image.fromarray(_clip8(_table(g, H, W, (52, 110, 50), 0.05, 2)))
    d = ImageDraw.Draw(img)
    for _ in range(int(H * W / (0.012 * big) ** 2)):
        x, y = rng.uniform(0, W), rng.uniform(0, H)
        ln = rng.uniform(0.01, 0.02) * big
        a = -math.pi / 2 + rng.gauss(0, 0.35)
        tone = rng.choice(((74, 150, 64), (96, 168, 72), (40, 96, 40)))
        d.line([(x, y), (x + ln * math.cos(a), y + ln * math.sin(a))], fill=tone, width=1)
    out = np.asarray(img, np.float32).copy()
    y0 = rng.uniform(0.05, 0.15) * H
    out[int(y0):int(y0 + 0.02 * big)] = out[int(y0):int(y0 + 0.02 * big)] * 0.3 + 170
    return out


def _ice(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """An ice rink: pale blue-white ice, skate scratches in long curves, a red line."""
    out = _table(g, H, W, (214, 228, 236), 0.02, 6)
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    for _ in range(60):
        cx, cy, r = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0.2, 0.8) * big
        a = rng.uniform(0, 360)
        d.arc([cx - r, cy - r, cx + r, cy + r], a, a + rng.uniform(10, 40), fill=(244, 248, 252), width=1)
    x0 = rng.uniform(0.05, 0.2) * W
    d.rectangle([x0, 0, x0 + 0.012 * big, H], fill=(196, 60, 64))
    return np.asarray(img, np.float32).copy()


def _pool(g: np.random.Generator, H: int, W: int, big: int) -> np.ndarray:
    """A pool's blue mosaic: small square tiles in several blues, white grout, rippling caustic light."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    p = 0.03 * big
    tile = np.floor(xx / p) * 13 + np.floor(yy / p) * 7
    tone = 0.85 + 0.3 * (np.sin(tile * 12.9898) * 43758.5 % 1)
    out = np.array((56, 130, 190), np.float32) * tone[..., None]
    grout = ((xx % p) < 1.5) | ((yy % p) < 1.5)
    out[grout] = (214, 220, 222)
    caustic = np.abs(np.sin(_smooth(g, H, W, 0.05 * big) * 6))
    return out * (1 + 0.12 * (caustic < 0.15))[..., None]


def _ballast(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """Railway ballast: heaped angular grey stones, shadows between."""
    img = Image.fromarray(_clip8(_table(g, H, W, (70, 68, 66), 0.05, 3)))
    d = ImageDraw.Draw(img)
    r0 = 0.02 * big
    for _ in range(int(H * W / r0 ** 2 * 0.5)):
        x, y = rng.uniform(0, W), rng.uniform(0, H)
        n = rng.randint(4, 6)
        pts = [(x + r0 * rng.uniform(0.6, 1.1) * math.cos(k * 2 * math.pi / n + rng.uniform(-0.2, 0.2)),
                y + r0 * rng.uniform(0.6, 1.1) * math.sin(k * 2 * math.pi / n + rng.uniform(-0.2, 0.2)))
               for k in range(n)]
        tone = np.array((150, 146, 140), np.float32) * rng.uniform(0.75, 1.15)
        d.polygon(pts, fill=_c(tone), outline=_c(tone * 0.6))
        d.polygon([pts[0], pts[1], (x, y)], fill=_c(_lift(tone, 0.15)))
    return np.asarray(img, np.float32).copy()


def _sawdust(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A sawdust floor: pale wood dust, curled shavings, a few darker chips."""
    out = _table(g, H, W, (214, 180, 130), 0.05, 1.2)
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    for _ in range(int(H * W / (0.05 * big) ** 2)):
        x, y, r = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0.01, 0.03) * big
        a = rng.uniform(0, 360)
        d.arc([x - r, y - r, x + r, y + r], a, a + rng.uniform(150, 300), fill=(232, 204, 156), width=2)
        d.arc([x - r + 2, y - r + 2, x + r - 2, y + r - 2], a, a + 120, fill=(170, 130, 84), width=1)
    return np.asarray(img, np.float32).copy()


def _leaves(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """Autumn leaf litter: oval leaves in russet, ochre and brown, a midrib each, on dark earth."""
    img = Image.fromarray(_clip8(_table(g, H, W, (70, 52, 36), 0.05, 3)))
    d = ImageDraw.Draw(img)
    leaf = [(0.5 * math.cos(t), 0.22 * math.sin(t) * (1 - 0.3 * math.cos(t)))
            for t in np.linspace(0, 2 * math.pi, 18, endpoint=False)]
    for _ in range(int(H * W / (0.05 * big) ** 2 * 1.4)):
        x, y, a = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0, 2 * math.pi)
        ln = rng.uniform(0.05, 0.09) * big
        tone = np.asarray(rng.choice(((178, 82, 40), (204, 150, 52), (130, 78, 40), (160, 112, 44))), np.float32)
        tone = tone * rng.uniform(0.85, 1.1)
        d.polygon(_rotated(leaf, x, y, a, ln), fill=_c(tone), outline=_c(tone * 0.7))
        d.line(_rotated([(-0.5, 0), (0.6, 0)], x, y, a, ln), fill=_c(tone * 0.7), width=1)
    return np.asarray(img, np.float32).copy()


def _type_case(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A printer's type-case drawer: worn oak, a lattice of compartments of several sizes, dark in their depths."""
    out = _table(g, H, W, (150, 110, 70), 0.05, 3)
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    p = 0.09 * big
    wall = max(3, round(0.008 * big))
    for y in np.arange(0, H, p):
        x = -rng.uniform(0, p)
        while x < W:
            cw = p * rng.choice((1, 1, 2))
            d.rectangle([x + wall, y + wall, x + cw - wall, y + p - wall], fill=(84, 60, 38))
            d.rectangle([x + wall, y + wall, x + cw - wall, y + wall + 2], fill=(58, 40, 26))
            x += cw
    return np.asarray(img, np.float32).copy()


def _hessian(g: np.random.Generator, H: int, W: int, big: int) -> np.ndarray:
    """A hessian mail sack: coarse open plain weave, beige jute threads, dark gaps, a broad faded stripe."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    p = max(4.0, 0.008 * big)
    u, v = (xx % p) / p, (yy % p) / p
    over = (np.floor(xx / p) + np.floor(yy / p)) % 2 == 0
    thread = np.where(over, np.sin(math.pi * v), np.sin(math.pi * u))
    out = np.array((176, 148, 104), np.float32) * (0.7 + 0.35 * thread)[..., None]
    out[(u > 0.85) & (v > 0.85)] = (60, 46, 30)
    stripe = (yy > 0.3 * H) & (yy < 0.36 * H)
    out[stripe] *= np.array((0.7, 0.8, 1.0), np.float32)
    return out * (1 + 0.04 * _smooth(g, H, W, 0.05 * big))[..., None]


def _margin_object(a: np.ndarray, rng: random.Random, g: np.random.Generator, L: dict[str, Any], kind: str,
                   big: int) -> np.ndarray:
    w = a.shape[1]
    if kind == "sewing_button_margin":  # a sewing button on the widened right margin: four holes, a raised rim
        page = _extend(a, right=round(0.22 * w))
        Hp, Wp = page.shape[:2]
        x0 = _free_x(L, w)
        R = 0.28 * (Wp - x0)
        cx, cy = x0 + 0.5 * (Wp - x0), Hp * rng.uniform(0.3, 0.7)
    else:  # a safety pin on the widened left margin
        ml = round(0.26 * w)
        page = _extend(a, left=ml)
        Hp, Wp = page.shape[:2]
        R = 0.3 * ml
        cx, cy = 0.5 * ml, Hp * rng.uniform(0.3, 0.7)
    lay, ld = _layer(Wp, Hp)
    img = Image.fromarray(page)
    d = ImageDraw.Draw(img)
    if kind == "sewing_button_margin":
        _disc(ld, cx, cy, R, fill=255)
        colour = rng.choice(((178, 40, 52), (40, 92, 160), (60, 130, 90)))
        pa = _shadow(page.astype(np.float32), lay, 0.1 * R, 0.12 * R, 0.1 * R, 0.35)
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        _disc(d, cx, cy, R, fill=colour)
        _disc(d, cx, cy, 0.78 * R, fill=_c(np.asarray(colour, np.float32) * 0.85))
        for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
            _disc(d, cx + dx * 0.22 * R, cy + dy * 0.22 * R, 0.1 * R, fill=(40, 30, 30))
        d.arc([cx - 0.9 * R, cy - 0.9 * R, cx + 0.9 * R, cy + 0.9 * R], 200, 260, fill=_c(_lift(colour, 0.5)),
              width=max(1, round(0.06 * R)))
    else:
        ang = rng.uniform(-0.4, 0.4) + math.pi / 2
        ca, sa = math.cos(ang), math.sin(ang)
        ln = 1.6 * R
        p0, p1 = (cx - ln * ca, cy - ln * sa), (cx + ln * ca, cy + ln * sa)
        nx, ny = -sa * 0.18 * R, ca * 0.18 * R
        wd = max(2, round(0.05 * R))
        for ldraw in (ld, d):
            fill = 255 if ldraw is ld else (150, 154, 162)
            ldraw.line([p0, p1], fill=fill, width=wd)
            ldraw.line([(p0[0] + 2 * nx, p0[1] + 2 * ny), (p1[0] + 2 * nx, p1[1] + 2 * ny)], fill=fill, width=wd)
            _disc(ldraw, p0[0] + nx, p0[1] + ny, 0.22 * R, outline=fill, width=wd)  # the coil
            ldraw.rectangle([p1[0] - 0.2 * R + nx, p1[1] - 0.2 * R + ny, p1[0] + 0.2 * R + nx, p1[1] + 0.2 * R + ny],
                            fill=fill if ldraw is ld else (176, 180, 188))  # the clasp
        sh = _shadow(np.asarray(img, np.float32), lay, 0.05 * R, 0.08 * R, 0.06 * R, 0.3)
        m = _m(lay)[..., None]
        img = Image.fromarray(_clip8(sh * (1 - m) + np.asarray(img, np.float32) * m))
    M = round(0.05 * big)
    bg = _table(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (150, 138, 124), 0.04, 3)
    return _grain(_on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.35, g), g, 1.8)


def _page41(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    big = max(h, w)
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "artificial_turf":
        return _bg_page(a, lambda H, W: _turf(g, rng, H, W, big), rng, g, 0.45)
    if e == "ice_rink":
        return _bg_page(a, lambda H, W: _ice(g, rng, H, W, big), rng, g, 0.35)
    if e == "pool_tiles":
        return _bg_page(a, lambda H, W: _pool(g, H, W, big), rng, g, 0.4)
    if e == "railway_ballast":
        return _bg_page(a, lambda H, W: _ballast(g, rng, H, W, big), rng, g, 0.45)
    if e == "sawdust_floor":
        return _bg_page(a, lambda H, W: _sawdust(g, rng, H, W, big), rng, g, 0.4)
    if e == "autumn_leaf_litter":
        return _bg_page(a, lambda H, W: _leaves(g, rng, H, W, big), rng, g, 0.45)
    if e == "type_case_drawer":
        return _bg_page(a, lambda H, W: _type_case(g, rng, H, W, big), rng, g, 0.45)
    if e == "hessian_mail_sack":
        return _bg_page(a, lambda H, W: _hessian(g, H, W, big), rng, g, 0.4)
    if e == "monstera_leaf_shadow":  # a monstera leaf's shadow: a broad heart-shaped leaf with slits and holes
        out = _page_on(a, lambda H, W: _table(g, H, W, (200, 190, 172), 0.03, 3), rng, g, 0.09, 3.0, 0.3)
        H, W = out.shape[:2]
        lay, ld = _layer(W, H)
        cx, cy = rng.uniform(0.2, 0.8) * W, rng.uniform(0.2, 0.8) * H
        R = rng.uniform(0.28, 0.36) * big
        a0 = rng.uniform(0, 2 * math.pi)
        blade = [(R * (0.9 * math.sin(t) ** 3),
                  -R * (0.8 * math.cos(t) - 0.3 * math.cos(2 * t) - 0.1 * math.cos(3 * t)))
                 for t in np.linspace(0, 2 * math.pi, 60, endpoint=False)]
        ld.polygon(_rotated(blade, cx, cy, a0, 1.0), fill=255)
        for k in range(-3, 4):  # the slits from the edge towards the midrib
            b = a0 + math.pi / 2 + k * 0.32
            for side in (-1, 1):
                p0 = (cx + side * 0.45 * R * math.cos(b), cy + side * 0.45 * R * math.sin(b))
                p1 = (cx + side * 1.1 * R * math.cos(b), cy + side * 1.1 * R * math.sin(b))
                ld.line([p0, p1], fill=0, width=max(3, round(0.02 * big)))
        for k in (-1, 1):
            _disc(ld, cx + k * 0.25 * R * math.cos(a0), cy + k * 0.25 * R * math.sin(a0), 0.05 * R, fill=0)
        return _grain(_cast_shadow(out, lay, big, 0.006, 0.2), g, 2.0)
    if e == "pergola_shadow":  # a pergola's shadow: parallel beams one way, lighter rafters across
        out = _page_on(a, lambda H, W: _table(g, H, W, (210, 200, 184), 0.03, 3), rng, g, 0.09, 3.0, 0.3)
        H, W = out.shape[:2]
        lay, ld = _layer(W, H)
        ang = rng.uniform(-0.5, 0.5)
        p = rng.uniform(0.16, 0.22) * big
        wd = max(4, round(0.035 * big))
        for k in np.arange(-W, 2 * W, p):
            ld.line([(k, -10), (k + math.tan(ang) * H, H + 10)], fill=255, width=wd)
        for y in np.arange(rng.uniform(0, 0.5) * big, H, 0.55 * big):
            ld.line([(-10, y), (W + 10, y + 0.1 * W)], fill=180, width=max(3, round(0.02 * big)))
        return _grain(_cast_shadow(out, lay, big, 0.005, 0.2), g, 2.0)
    if e in ("sewing_button_margin", "safety_pin_margin"):
        return _margin_object(a, rng, g, L, e, big)
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page41(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style41,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, mean cell width ``cw`` and height ``ch``, the column and row edges ``xs`` and
    ``ys``, and ``keep``, the box round the clues and the grid; ``_box25`` gives a cell's box)."""
    rng = random.Random(f"h41:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = _change41(truth, style.clue_change, rng) if plan["clue"] else None
    row_vals, col_vals = _line_values(truth, change)
    if style.redraw:
        img, L = _redraw_whole41(layout, style, row_vals, col_vals, rng, (inp.shape[1], inp.shape[0]))
        img = _draw_redraw_grid41(img, L, style.redraw, rng)  # the grid ruled before the cells are filled
    else:
        img = input_image.convert("RGB").copy()
        if style.clue_font:
            _redraw_clues40(img, layout, row_vals, col_vals, style, rng)
        elif change:
            _retype_lines41(img, layout, row_vals, col_vals, _changed_lines(change))
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
                _draw_fill41(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill41(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline41(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross41(img, box, style, rng)
            elif not ((r, c) in filled and style.missing_bare):
                _draw_empty41(img, box, style.empty, rng)
    if not style.redraw:
        _draw_grid41(img, L, rng, style.grid, inp)
    return np.asarray(img), rng, L


def make_answer41(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style41,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page41(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page41(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
