"""HELDOUT43, measured blind on rubric 79 (the forty-ninth session's start, a106315), never looked at: **363/432**
right (84.0 %), **0 false passes**, 0 unreadable and 0 confident false fails (seed 5,
``tools/measure_nonogram_family.py nonogram_heldout43:HELDOUT43 --seed 5``). By planted error: none 30/72, extra_light
72, extra_outline 72, x_instead 72, missing 70, clue_changed 47 (of 72 each). On 9d9af3a (that session's verifier with
a cast-shadow rule later taken out) the same 363, none gained or lost; its final code not measured. On c7149d7 (rubric
81 and the train-v6 model) 379; on rubric 82 (e73f54c) 380 (88.0 %), 0 false passes, 0 unreadable, 0 confident false
fails; none 35, clue_changed 59. Held out: measured as counts only.

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved nonogram:
clue faces from sources no earlier nonogram family, test, install list or digit-reader training names. With no installs
allowed, Debian's plain font packages and the PyPI font wheels spent, all twelve are further faces of Brian Kent's from
Debian's fonts-aenigma (free to redistribute and change, the package's copyright says), none an earlier family's, each
file's prefix new: a plain condensed hand-drawn sans (Moronic Misfire BRK, ``moronmis.ttf``), a wide heavy rounded
techno face (Conduit BRK, ``conduit.ttf``), a bold rounded geometric sans (Kickflip BRK, ``kickflip.ttf``), a heavy
slanted squared face (Phorfeit Slant BRK, ``phorfeis.ttf``), a heavy squat face with wedge-cut curves (Dynamic BRK,
``dynamic.ttf``), a rounded outline face (Ubiquity BRK, ``ubiquity.ttf``), a heavy rounded brush face (Fully
Completely BRK, ``fullcomp.ttf``), a stepped pixel face with small flagged serifs (8-bit Limit R BRK,
``8bitlimr.ttf``), a bold wide pixel face (Upheaval TT BRK, ``upheavtt.ttf``), a quick brush hand (Rough Day BRK,
``roughday.ttf``, brushed in sumi ink on the hanging scroll), a chunky rounded game face (Yoshi's Story game text
BRK, ``yoshisst.ttf``, punched in yarn on the rug cloth), and for the retyped line on the page that keeps the input's
clues a heavy condensed rounded sans (Typesource Extol S BRK, ``tsextols.ttf``). Fills no earlier family uses (a
tenmoku glaze with its silvery oil spots, black grapes, black trumpet mushrooms, dried black limes, taconite iron-ore
pellets, bubbling tar, black mission figs, dark wool pompoms, Tahitian pearls, a folding pour of blackstrap molasses,
a square brushed in sumi ink with the dry brush's flying white at its end, yarn loops punched close with a punch
needle); empty-cell marks drawn in new ways (a tiny pale-amber lightning bolt, a tiny teal pennant on its pole, a tiny
yellow bee, a tiny pink tulip); the planted errors drawn in new ways (pale hedgehogs, pineapples, helicopters or
trumpets, each over a light tint; a frame of crimped bottle caps, of sugared gumdrops, of popcorn, of a lattice pie
crust; an X of two pitchforks, of two ladles, of two whisks, of two crowbars; all in the fill's colour); a changed
clue written as the lengths of the line's runs of empty cells in place of its filled runs (``gaps_counted``, new
here), has one number of at least 3 written two less (``one_lowered_by_two``, new here), has one number doubled, gains
a number between two of its numbers, has one unit moved between two of its numbers, is written from its largest
number down, has two neighbouring unequal numbers swapped, is written as its total, has one number split in two, or
(on the page that keeps the input's clues) has one number one more or less; a missing fill left bare on a page whose
other empty cells carry marks; grids drawn in new ways (pen lines under block lines of dry spaghetti strands laid end
to end; of a barley stalk with its grains and awns; of a trail of marching ants; of a pink feather boa); two styles
that redraw the whole puzzle in a new medium (a hanging scroll of rice paper mounted in indigo silk brocade with gold
strips, a top stave and its cord and a wooden roller, the grid, the clues and the cells brushed in sumi ink; a
punch-needle rug on oatmeal monk's cloth stretched on a pine frame with its gripper strips, the grid punched in brown
yarn, the clues and the cells in charcoal yarn loops); and page changes no earlier family uses (the page on a sawn
tree stump with its rings; on an open road atlas; on a spread of sheet music; on a forest floor of pine needles; on
pavement chalked with a hopscotch; under a darkroom's red safelight; the shadow of a spider plant; the shadow of a wire
coat hanger; a chess knight on the widened right margin; a pencil sharpener and its shaving on the widened left
margin; the scroll hung in a plaster alcove beside its wooden post; the rug cloth on a sheepskin).

Clues written anew on the input's page are sized by their digits' height as drawn and fitted to its clue strips (as in
HELDOUT25 to HELDOUT42), two numbers of a row always further apart than two figures of one number (and set a little
further apart than the earlier families set them), and written smaller where a column's widest number would otherwise
sit closer to its neighbour column's than two figures of one number sit (a wide face's 14 and 15 side by side never
read as 1415); the redrawn puzzles space their clues by the digits' height, measured on the drawn figures, a row's
numbers at least a figure's height apart.

Doubts noted rather than made unfair: of fonts-aenigma's many faces most were left out as too hard to read (outlined,
striped, dotted, dingbat, shattered or 3D faces), and, tried and dropped: Upraise for a 0 and a 6 that read like 8s,
Gesture for a 1 crossed like a dagger, Opiated and Obloquy for S-like 5s, Exaggerate for a 5 like an s, Jupiter Crash
for a 3 like an a, Yearend for an 8 like a 6, Licorice Strings for its spiralled 6 and 8, Compliant Confuse (the one
stencil-cut face near enough to plain) for a 13 that closes into a B at clue size, Rambling, Janken, Key Ridge,
Chumbly and Mysterons for S-like 5s, Visitor TT1 and Vertigo Upright 2 for squared 5s like S and a hooked 7 at the
smallest clue size, Macropsia for an 8 like a B, Nostalgia for a 3 like an E reversed, Neural for thin 1s that run
into one stroke at the smallest clue size, Gyneric and False Positive for a light retyped line beside the input's bold
figures, and the sisters of faces earlier families took (Elsewhere 2, the Crackdown and Entangled cuts). Moronic
Misfire's figures are plain and condensed, its 4 open; Conduit's wide, heavy and rounded, its 1 flagged and its 8 with
a small top bowl; Kickflip's bold and round, its 1 a bare bar (so 11 is two bars); Phorfeit Slant's heavy and slanted;
Dynamic's heavy and squat with wedge-cut curves, its 7 a flat bar and a stem; Ubiquity's rounded outlines (written a
little larger); Fully Completely's heavy rounded brush figures; 8-bit Limit R's stepped with small flagged serifs;
Upheaval's bold, wide and squared like large pixels (written smaller where its columns are narrow); Rough Day's a
quick brush hand with a flagged 1; Yoshi's Story's chunky and round; Typesource Extol's heavy and condensed, its 4
open. The rice paper's fibres lighten or darken it by a few grey levels; the sumi ink feathers a pixel round each
figure; the dry brush's flying white leaves pale streaks only at a stroke's end, and a brushed cell stays far darker
than the paper; the brocade mount and the roller lie outside the paper, never on a figure; the monk's cloth's weave
shows as a faint texture a few grey levels deep, the yarn loops give each figure's strokes a knobbly edge (the chunky
face keeps them broad); the spider plant's and the coat hanger's shadows darken the page by at most a fifth; the
safelight turns the white paper salmon-red and the ink stays near black; the stump, atlas, sheet music, needles,
pavement, alcove and sheepskin lie round the page, never on it (the atlas and the sheet music carry no figures, the
hopscotch no numbers); the chess knight and the sharpener lie on widened margins and neither carries a digit; the
spaghetti, barley, ant and boa block lines are broader and less even than a ruled line (the barley's awns, the ants'
legs and the boa's fronds reach a little into the cells' borders; the spaghetti is golden with darker edges); the
fills have some paler features (the glaze's oil spots and rusty rim, the grapes' glints, the trumpets' lit rims, the
limes' creases, the pellets' lit rims and dust, the tar's bubble rims and glints, the figs' specks, the pompoms'
fibre tips, the pearls' lustre, the molasses' lit folds, the flying white, the loops' lit tops) over a dark ground,
and a person sees a filled cell at once; the bolt is small and pale amber, the pennant small and teal, the bee small
and yellow, the tulip small and pink; the planted pale marks are a light tint with darker-than-tint shapes over it,
plainly darker than the paper; a line's gaps counted may hold one number more or fewer than its clue, and no grid may
solve the changed clue (it is still a changed clue); a number lowered by two is never below 1; the retyped clue line
on the page that keeps the input's clues is in a different face from its neighbours; the style names begin ``s_`` as
HELDOUT28's to HELDOUT42's do (the names themselves differ from every earlier one).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer43` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout43:HELDOUT43`` measures them like the earlier families.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache
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
from nonogram_heldout40 import _Face40, _fit40
from nonogram_heldout42 import _change42
from PIL import Image, ImageDraw


@dataclass(frozen=True)
class Style43(Style):
    """A HELDOUT43 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``sumi_hanging_scroll``, ``punch_needle_cloth``; empty keeps
    the input's frame), ``clue_change`` how a planted clue_changed answer alters its line (as in HELDOUT42, or
    ``gaps_counted``: the line written as the lengths of its empty runs, or ``one_lowered_by_two``: one number of at
    least 3 written two less) and ``missing_bare`` whether a missing fill is left bare rather than marked like the
    other empty cells. ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""
    clue_change: str = "extra"
    missing_bare: bool = False

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer43(input_image, layout, truth, self, error, seed)


GAP = (0.6, 0.8)  # a row's numbers further apart than the earlier families set them

HELDOUT43 = (
    Style43("s_moronicmisfire_tenmokuglaze_treestump", "tenmoku_oil_spot", (30, 26, 24), "none", "moronmis.ttf",
            ("tree_stump_rings", "jpeg"), clue_scale=(1.0, 1.08), clue_gap=GAP, grid="spaghetti_majors",
            light_mark="light_hedgehogs", outline_mark="outline_bottle_caps", cross_mark="heavy_x_pitchforks",
            clue_change="gaps_counted"),
    Style43("s_conduitbrk_blackgrapes_roadatlas", "black_grapes", (44, 30, 50), "tiny_lightning_bolt", "conduit.ttf",
            ("road_atlas", "jpeg"), clue_scale=(0.98, 1.06), clue_gap=GAP, grid="barley_stalk_majors",
            light_mark="light_pineapples", outline_mark="outline_gumdrops", cross_mark="heavy_x_ladles",
            clue_change="one_lowered_by_two", missing_bare=True),
    Style43("s_kickflipbrk_blacktrumpets_sheetmusic", "black_trumpet_mushrooms", (40, 36, 38), "none",
            "kickflip.ttf", ("sheet_music_pile", "jpeg"), clue_scale=(0.98, 1.06), clue_gap=GAP,
            grid="ant_trail_majors", light_mark="light_helicopters", outline_mark="outline_popcorn",
            cross_mark="heavy_x_whisks", clue_change="one_doubled"),
    Style43("s_phorfeitslant_blacklimes_pineneedles", "dried_black_limes", (46, 38, 32), "tiny_pennant", "phorfeis.ttf",
            ("forest_floor_needles", "jpeg"), clue_scale=(1.0, 1.08), clue_gap=GAP, grid="feather_boa_majors",
            light_mark="light_trumpets", outline_mark="outline_lattice_pie_crust", cross_mark="heavy_x_crowbars",
            clue_change="gaps_counted", missing_bare=True),
    Style43("s_dynamicbrk_taconite_hopscotch", "taconite_pellets", (56, 50, 48), "none", "dynamic.ttf",
            ("chalk_hopscotch_pavement", "jpeg"), clue_scale=(0.98, 1.06), clue_gap=GAP, grid="spaghetti_majors",
            light_mark="light_pineapples", outline_mark="outline_popcorn", cross_mark="heavy_x_crowbars",
            clue_change="insert_middle"),
    Style43("s_ubiquitybrk_tarbubbles_spiderplant", "tar_bubbles", (20, 20, 22), "tiny_bee", "ubiquity.ttf",
            ("spider_plant_shadow", "jpeg"), clue_scale=(1.08, 1.16), clue_gap=GAP, grid="barley_stalk_majors",
            light_mark="light_trumpets", outline_mark="outline_bottle_caps", cross_mark="heavy_x_whisks",
            clue_change="one_lowered_by_two", missing_bare=True),
    Style43("s_fullycompletely_missionfigs_coathanger", "black_mission_figs", (52, 34, 48), "none", "fullcomp.ttf",
            ("coat_hanger_shadow", "jpeg"), clue_scale=(0.98, 1.06), clue_gap=GAP, grid="ant_trail_majors",
            light_mark="light_helicopters", outline_mark="outline_lattice_pie_crust",
            cross_mark="heavy_x_pitchforks", clue_change="transfer"),
    Style43("s_eightbitlimit_woolpompoms_safelight", "wool_pompoms", (38, 36, 44), "tiny_tulip", "8bitlimr.ttf",
            ("darkroom_safelight", "jpeg"), clue_scale=(1.04, 1.12), clue_gap=GAP, grid="feather_boa_majors",
            light_mark="light_hedgehogs", outline_mark="outline_gumdrops", cross_mark="heavy_x_ladles",
            clue_change="descending", missing_bare=True),
    Style43("s_upheavaltt_tahitianpearls_chessknight", "tahitian_pearls", (48, 54, 56), "none", "upheavtt.ttf",
            ("chess_knight_margin", "jpeg"), clue_scale=(0.98, 1.06), clue_gap=GAP, grid="spaghetti_majors",
            light_mark="light_helicopters", outline_mark="outline_lattice_pie_crust", cross_mark="heavy_x_whisks",
            clue_change="inner_pair_swapped"),
    Style43("s_keptclues_molassespour_sharpener", "molasses_pour", (34, 22, 16), "tiny_lightning_bolt", None,
            ("pencil_sharpener_margin", "jpeg"), grid="kept", light_mark="light_pineapples",
            outline_mark="outline_bottle_caps", cross_mark="heavy_x_ladles", clue_change="retyped_line",
            missing_bare=True),
    Style43("s_roughdaybrk_flyingwhite_redrawscroll", "flying_white_sumi", (24, 24, 28), "none", "roughday.ttf",
            ("plaster_alcove", "jpeg"), clue_colour=(24, 24, 28), clue_scale=(1.06, 1.14),
            light_mark="light_trumpets", outline_mark="outline_gumdrops", cross_mark="heavy_x_pitchforks",
            clue_change="summed", redraw="sumi_hanging_scroll"),
    Style43("s_yoshistory_yarnloops_redrawpunchneedle", "punched_yarn_loops", (44, 38, 36), "none", "yoshisst.ttf",
            ("sheepskin_rug", "jpeg"), clue_colour=(44, 38, 36), clue_scale=(1.08, 1.16),
            light_mark="light_hedgehogs", outline_mark="outline_popcorn", cross_mark="heavy_x_crowbars",
            clue_change="split", redraw="punch_needle_cloth"),
)

CHANGE_FONT = "tsextols.ttf"  # Typesource Extol S BRK: the retyped line of a changed clue on the kept page

# Every face's Debian package (all from fonts-aenigma).
DEBIAN_FACES = {s.clue_font: "fonts-aenigma" for s in HELDOUT43 if s.clue_font} | {CHANGE_FONT: "fonts-aenigma"}


def face_path(name: str):
    """A clue face's file, as ``nonogram_answers.font_path`` finds it."""
    return font_path(name)


# ------------------------------------------------------------------------------------------ clues


def _retype_lines43(img: Image.Image, layout: dict[str, Any], row_vals, col_vals,
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


def _fit43(file: str, h: float, stroke: int, gapf: float, slotf: float, row_vals, col_vals, room_w: float,
           room_h: float, col_w: float) -> tuple[_Face40, float, float]:
    """The face, gap and slot as :func:`nonogram_heldout40._fit40` fits them, the size lowered further until the
    widest number of a column clue leaves more room to the next column's numbers than two figures of one number
    leave between them (a wide face's 14 and 15 side by side never read as 1415)."""
    while True:
        face, gap, slot = _fit40(file, h, stroke, gapf, slotf, row_vals, col_vals, room_w, room_h, col_w)
        widest = max(face.width(t) for v in col_vals for t in v)
        need = widest + face.inner + 0.5 * face.h
        if need <= col_w or face.h <= 7:
            return face, gap, slot
        h = min(h, face.h) * min(0.96, col_w / need)  # the figures scale with the size


def _redraw_clues43(img: Image.Image, layout: dict[str, Any], row_vals, col_vals, style: Style43,
                    rng: random.Random) -> None:
    """The clue strips erased and written again in the style's face, sized by the digits' height as drawn (as
    HELDOUT40 writes them, fitted by :func:`_fit43`)."""
    d = ImageDraw.Draw(img)
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    rb, cb = layout["row_clue_bbox"], layout["col_clue_bbox"]
    rows, cols = layout["rows"], layout["cols"]
    ch, cw = (gy1 - gy0) / rows, (gx1 - gx0) / cols
    d.rectangle([0, rb[1] + 3, rb[2] - 2, rb[3] - 3], fill=(255, 255, 255))
    d.rectangle([cb[0] + 3, 0, cb[2] - 3, cb[3] - 2], fill=(255, 255, 255))
    ref = _digit_h(_font(INPUT_FONT, layout["clue_font_px"]))
    off = layout["cell_px"] * 0.3
    face, gap, slot = _fit43(style.clue_font, ref * rng.uniform(*style.clue_scale), style.clue_stroke,
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


def _gaps(cells: list[int]) -> list[int]:
    """The lengths of a line's runs of empty cells, in order (those before, between and after its filled runs)."""
    out, run = [], 0
    for v in cells:
        if v:
            if run:
                out.append(run)
            run = 0
        else:
            run += 1
    if run:
        out.append(run)
    return out


def _change43(truth: dict[str, Any], mode: str, rng: random.Random) -> tuple[str, int, list[str]]:
    """A changed clue as :func:`_change42` makes it, or (``gaps_counted``) a line written as the lengths of its runs
    of empty cells in place of its filled runs (a line holding filled and empty cells, whose gaps differ from its
    clue, first; where none is found, one number is one more or less), or (``one_lowered_by_two``) one number of at
    least 3 written two less (a line of two or more numbers first; where no number is 3 or more, one number is one
    more or less)."""
    lines = [(kind, i, v) for kind in ("row", "col") for i, v in enumerate(_values(truth[f"{kind}_clues"]))]
    if mode == "gaps_counted":
        sol = truth["solution"]
        cells = {"row": [list(r) for r in sol], "col": [[r[c] for r in sol] for c in range(len(sol[0]))]}
        opts = []
        for kind, i, v in lines:
            gaps = [str(t) for t in _gaps(cells[kind][i])]
            if gaps and gaps != v:
                opts.append((kind, i, gaps, v != ["0"]))
        best = [o for o in opts if o[3]]
        if opts:
            kind, i, gaps, _ = rng.choice(best or opts)
            return kind, i, gaps
        mode = "off_by_one"
    if mode == "one_lowered_by_two":
        opts = [(x, k) for x in lines for k, t in enumerate(x[2]) if int(t) >= 3]
        best = [o for o in opts if len(o[0][2]) >= 2]
        if opts:
            (kind, i, v), k = rng.choice(best or opts)
            return kind, i, v[:k] + [str(int(v[k]) - 2)] + v[k + 1:]
        mode = "off_by_one"
    return _change42(truth, mode, rng)


# ------------------------------------------------------------------------------------------ fills


@lru_cache(maxsize=8192)
def _tone(colour: tuple[float, ...], tone: float, lift: float = 0.0, add=(0, 0, 0)) -> tuple[int, int, int]:
    """``colour`` times ``tone``, lifted ``lift`` of the way to white, plus ``add``, as a drawing colour (cached: the
    fills draw thousands of small shapes in a handful of tones)."""
    return _c(_lift(np.asarray(colour, np.float32) * tone, lift) + np.asarray(add, np.float32))


def _tex43(kind: str, w: int, h: int, colour, g: np.random.Generator,
           rng: random.Random) -> tuple[np.ndarray, np.ndarray | None]:
    """A filled cell's picture (h, w, 3 float) in ``kind`` and its coverage (None: it covers the whole cell)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    ct = tuple(float(v) for v in colour)
    s = float(min(w, h))
    alpha = None
    if kind == "tenmoku_oil_spot":  # a tenmoku glaze: glossy black, silvery round oil spots, thinning rusty at the rim
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        tex *= (1 + 0.08 * _noise0(g, h, w, max(1.0, s / 5)))[..., None]
        img = Image.fromarray(_clip8(tex))
        d = ImageDraw.Draw(img)
        r0 = max(0.8, s / 30)
        spot, rim = _c(_lift(col, 0.3) + (8, 6, 2)), _tone(ct, 1.0, 0.5)
        for _ in range(int(w * h / (r0 * r0) * 0.06) + 6):
            x, y, r = rng.uniform(0, w), rng.uniform(0, h), r0 * rng.uniform(0.6, 1.4)
            _disc(d, x, y, r, fill=spot, outline=rim)
        tex = np.asarray(img, np.float32).copy()
        edge = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy])
        tex[edge < max(1.0, 0.05 * s)] = (92, 52, 30)  # the glaze breaking thin and rusty at the edge
        tex[(xx - yy + 0.3 * s) % max(8.0, s) < 1.0] = _lift(col, 0.18)  # a streak of the kiln's gloss
    elif kind == "black_grapes":  # a bunch of black grapes: glossy ovals, a curved glint on each, a stalk scar
        img = Image.new("RGB", (w, h), _tone(ct, 0.4))
        d = ImageDraw.Draw(img)
        r0 = max(3.0, s / 5.2)
        oval = [(0.5 * math.cos(t), 0.62 * math.sin(t)) for t in np.linspace(0, 2 * math.pi, 18, endpoint=False)]
        for _ in range(int(w * h / (r0 * r0) * 0.6) + 3):
            x, y, a = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h, rng.uniform(-0.5, 0.5)
            r = r0 * rng.uniform(0.85, 1.15)
            tone = round(rng.uniform(0.85, 1.15), 2)
            d.polygon(_rotated(oval, x, y, a, 2 * r), fill=_tone(ct, tone), outline=_tone(ct, 0.5))
            d.arc([x - 0.75 * r, y - 0.95 * r, x + 0.45 * r, y + 0.5 * r], 200, 260, fill=_tone(ct, tone, 0.5),
                  width=max(1, round(r / 5)))
            _disc(d, x + 0.05 * r, y - 1.0 * r, max(0.6, 0.1 * r), fill=_tone(ct, 0.3))  # the stalk scar
        tex = np.asarray(img, np.float32).copy()
    elif kind == "black_trumpet_mushrooms":  # black trumpets: thin wavy funnels, a lit crinkled rim, a dark throat
        img = Image.new("RGB", (w, h), _tone(ct, 0.45))
        d = ImageDraw.Draw(img)
        r0 = max(3.0, s / 4.6)
        for _ in range(int(w * h / (r0 * r0) * 0.75) + 3):
            x, y, a = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h, rng.uniform(0, 2 * math.pi)
            r = r0 * rng.uniform(0.8, 1.2)
            tone = round(rng.uniform(0.85, 1.2), 2)
            ph = rng.uniform(0, 2 * math.pi)
            stem = [(-0.45, 0.0), (-0.12, 1.3), (0.12, 1.3), (0.45, 0.0)]
            d.polygon(_rotated(stem, x, y, a, r), fill=_tone(ct, round(tone * 0.85, 3)))
            rim = [(0.6 * (1 + 0.14 * math.sin(6 * t + ph)) * math.cos(t), 0.38 * (1 + 0.14 * math.sin(6 * t + ph))
                    * math.sin(t)) for t in np.linspace(0, 2 * math.pi, 30, endpoint=False)]
            d.polygon(_rotated(rim, x, y, a, r), fill=_tone(ct, tone), outline=_tone(ct, tone, 0.3))
            throat = [(0.3 * math.cos(t), 0.17 * math.sin(t)) for t in np.linspace(0, 2 * math.pi, 14, endpoint=False)]
            d.polygon(_rotated(throat, x, y, a, r), fill=_tone(ct, 0.3))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "dried_black_limes":  # dried black limes: wrinkled round fruit, dark creases, a lit shoulder
        img = Image.new("RGB", (w, h), _tone(ct, 0.45))
        d = ImageDraw.Draw(img)
        r0 = max(3.0, s / 4.4)
        for _ in range(int(w * h / (r0 * r0) * 0.5) + 3):
            x, y = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h
            r = r0 * rng.uniform(0.85, 1.1)
            tone = round(rng.uniform(0.85, 1.15), 2)
            _disc(d, x, y, r, fill=_tone(ct, tone), outline=_tone(ct, 0.45))
            _disc(d, x - 0.25 * r, y - 0.3 * r, 0.45 * r, fill=_tone(ct, tone, 0.1))  # the lit shoulder
            for _k in range(5):  # the creases
                a0 = rng.uniform(0, 2 * math.pi)
                rr = rng.uniform(0.2, 0.8) * r
                pts = [(x + rr * math.cos(a0 + t * 0.5) * (1 + 0.1 * t), y + rr * math.sin(a0 + t * 0.5)) for t in
                       range(4)]
                d.line(pts, fill=_tone(ct, 0.45) if _k % 2 else _tone(ct, tone, 0.16), width=1)
            _disc(d, x + 0.1 * r, y + 0.1 * r, max(0.6, 0.1 * r), fill=_tone(ct, 1.0, 0.2))  # the blossom scar
        tex = np.asarray(img, np.float32).copy()
    elif kind == "taconite_pellets":  # iron-ore pellets: rough grey-black balls, a lit rim, pits and rusty dust
        img = Image.new("RGB", (w, h), _tone(ct, 0.4))
        d = ImageDraw.Draw(img)
        r = max(2.2, s / 7.5)
        p = 2.0 * r
        for j, y in enumerate(np.arange(r * 0.5, h + r, p * 0.87)):
            for x in np.arange(r * 0.5 - (j % 2) * p / 2, w + r, p):
                xj, yj = x + rng.uniform(-0.15, 0.15) * r, y + rng.uniform(-0.15, 0.15) * r
                tone = round(rng.uniform(0.85, 1.15), 2)
                _disc(d, xj, yj, r, fill=_tone(ct, tone, 0.2))
                _disc(d, xj + 0.12 * r, yj + 0.12 * r, 0.86 * r, fill=_tone(ct, tone, 0.0, (6, 0, -4)))
                for _k in range(2):
                    _disc(d, xj + rng.uniform(-0.5, 0.5) * r, yj + rng.uniform(-0.5, 0.5) * r, max(0.5, 0.12 * r),
                          fill=_tone(ct, 0.55))  # a pit
        tex = np.asarray(img, np.float32).copy()
        tex[_noise0(g, h, w, 0.5) > 2.4] = (130, 84, 58)  # the rusty dust
    elif kind == "tar_bubbles":  # bubbling tar: a glossy black pool, bubbles with lit rims and glints, popped rings
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        tex += (14 * np.clip(_smooth(g, h, w, max(1.0, s / 4)), -1, 1))[..., None]
        img = Image.fromarray(_clip8(tex))
        d = ImageDraw.Draw(img)
        for _ in range(int(w * h / (s * s) * 6) + 2):
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            r = rng.uniform(0.06, 0.18) * s
            if rng.random() < 0.7:
                _disc(d, x, y, r, fill=_tone(ct, 1.4, 0.0, (6, 6, 6)), outline=_tone(ct, 1.0, 0.3))
                _disc(d, x - 0.4 * r, y - 0.4 * r, max(0.6, 0.18 * r), fill=_tone(ct, 1.0, 0.7))  # the glint
            else:  # a popped bubble's ring
                d.arc([x - r, y - r, x + r, y + r], rng.uniform(0, 180), 360, fill=_tone(ct, 1.0, 0.22), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "black_mission_figs":  # black mission figs: teardrops with a stalk, a lit flank, pale specks
        img = Image.new("RGB", (w, h), _tone(ct, 0.4))
        d = ImageDraw.Draw(img)
        r0 = max(3.0, s / 4.2)
        drop = [(0.55 * math.sin(t) * math.sin(t / 2) ** 0.8, -0.6 * math.cos(t))
                for t in np.linspace(0.05, 2 * math.pi - 0.05, 26)]
        for _ in range(int(w * h / (r0 * r0) * 0.55) + 3):
            x, y, a = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h, rng.uniform(-0.8, 0.8)
            r = r0 * rng.uniform(0.85, 1.15)
            tone = round(rng.uniform(0.85, 1.15), 2)
            d.polygon(_rotated(drop, x, y, a, 2 * r), fill=_tone(ct, tone), outline=_tone(ct, 0.5))
            d.line(_rotated([(0.0, -0.6), (0.04, -0.78)], x, y, a, 2 * r), fill=_c((70, 80, 44)), width=1)  # the stalk
            d.line(_rotated([(-0.3, 0.0), (-0.22, 0.35)], x, y, a, 2 * r), fill=_tone(ct, tone, 0.25), width=1)
            for _k in range(3):
                u, v = rng.uniform(-0.3, 0.3), rng.uniform(-0.2, 0.4)
                (px_, py_), = _rotated([(u, v)], x, y, a, 2 * r)
                d.point((px_, py_), fill=_tone(ct, tone, 0.35))  # a pale speck
        tex = np.asarray(img, np.float32).copy()
    elif kind == "wool_pompoms":  # dark wool pompoms: balls of short radiating fibres, their tips a little lit
        r = max(3.0, s / 4.6)
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col * 0.5
        for x, y in _staggered(w, h, 1.7 * r):
            x, y = x + rng.uniform(-0.2, 0.2) * r, y + rng.uniform(-0.2, 0.2) * r
            ph = rng.uniform(0, 2 * math.pi)
            x0, x1, y0, y1 = max(0, int(x - r - 1)), min(w, int(x + r + 2)), max(0, int(y - r - 1)), min(h, int(y + r + 2))
            if x1 <= x0 or y1 <= y0:
                continue
            py, px = yy[y0:y1, x0:x1] - y, xx[y0:y1, x0:x1] - x
            rr, ang = np.hypot(px, py), np.arctan2(py, px)
            fibre = np.sin(ang * 29 + ph) * np.sin(ang * 13 - 2 * ph)  # the fibres radiating from the middle
            edge = r * (0.82 + 0.18 * fibre)
            ball = rr < edge
            shade = col * (0.95 + 0.25 * fibre)[..., None] * (0.8 + 0.2 * np.clip(rr / r, 0, 1))[..., None]
            tips = ball & (rr > edge - max(1.0, 0.12 * r))
            patch = tex[y0:y1, x0:x1]
            patch[ball] = shade[ball]
            patch[tips] = _lift(col, 0.22)  # the fibres' tips catching the light
    elif kind == "tahitian_pearls":  # Tahitian pearls: close-set dark grey-green pearls, a lustre ring, a bright glint
        img = Image.new("RGB", (w, h), _tone(ct, 0.4))
        d = ImageDraw.Draw(img)
        r = max(2.2, s / 6.5)
        p = 2.05 * r
        for j, y in enumerate(np.arange(r * 0.6, h + r, p * 0.87)):
            for x in np.arange(r * 0.6 - (j % 2) * p / 2, w + r, p):
                tone = round(rng.uniform(0.9, 1.1), 2)
                tint = np.asarray(rng.choice(((0, 10, 4), (10, -2, 12), (4, 6, -2))), np.float32)
                _disc(d, x, y, r, fill=_c(col * tone + tint), outline=_tone(ct, 0.5))
                d.arc([x - 0.7 * r, y - 0.7 * r, x + 0.7 * r, y + 0.7 * r], 150, 300,
                      fill=_c(_lift(col * tone + tint * 2, 0.22)), width=1)  # the lustre
                _disc(d, x - 0.35 * r, y - 0.35 * r, max(0.6, 0.15 * r), fill=_tone(ct, 1.0, 0.75))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "molasses_pour":  # blackstrap molasses poured in a thick ribbon folding on itself, lit fold crests
        ph0 = rng.uniform(0, 2 * math.pi)
        p = max(5.0, s / 3.4)
        wave = yy + 0.16 * s * np.sin(xx / max(3.0, s / 2.5) + ph0) + 0.5 * _noise0(g, h, w, max(1.0, s / 6))
        v = (wave % p) / p
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        tex *= (0.7 + 0.45 * np.sin(math.pi * v))[..., None]
        tex[np.abs(v - 0.35) < 0.05] = _lift(col, 0.28)  # the fold's lit crest
        tex[v > 0.93] = col * 0.4  # the crease under the next fold
    elif kind == "flying_white_sumi":  # brushed with sumi: a loaded stroke, the dry brush's flying white at its end
        m0 = 0.05 * s
        lay, ld = _layer(w, h)
        ld.rectangle([m0, m0, w - 1 - m0, h - 1 - m0], fill=255)
        alpha = _m(lay)
        bristle = np.repeat(_noise0(g, h, 1, 0.8), w, axis=1)
        end = (xx > w * rng.uniform(0.72, 0.82)) & (bristle > 1.0)  # bristles run dry at the stroke's end
        alpha = np.where(end, 0.45, alpha)
        alpha = np.clip(cv2.GaussianBlur(alpha.astype(np.float32), (0, 0), 0.6), 0, 1)
        ragged = (np.abs(xx - (w - 1 - m0)) < 2.5) & (bristle > 0.3)
        alpha[ragged] *= 0.5
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        tex *= (1 + 0.25 * np.clip(xx / w - 0.5, 0, 1) + 0.06 * bristle)[..., None]  # the ink thinner further on
    elif kind == "punched_yarn_loops":  # yarn loops punched close: rows of small loops, each lit on top
        m0 = 0.05 * s
        lay, ld = _layer(w, h)
        ld.rectangle([m0, m0, w - 1 - m0, h - 1 - m0], fill=255)
        alpha = cv2.GaussianBlur(_m(lay), (0, 0), 0.5)
        p = max(3.0, s / 7)
        row = np.floor(yy / (0.85 * p))
        lv = (yy % (0.85 * p)) / (0.85 * p) - 0.5
        lu = ((xx + (row % 2) * p / 2) % p) / p - 0.5
        loop = (lu / 0.48) ** 2 + (lv / 0.5) ** 2
        tone = 1 + 0.15 * np.clip(_noise0(g, h, w, max(1.0, p / 2)), -1, 1)
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col * 0.45
        inside = loop < 1
        tex[inside] = (col * tone[..., None])[inside]
        tex[(loop > 0.7) & inside] = col * 0.55  # a loop's shadowed rim
        tex[inside & (lv < -0.05) & (np.abs(loop - 0.42) < 0.14)] = _lift(col, 0.3)  # its lit top
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255), alpha


def _draw_fill43(img: Image.Image, box, style: Style43, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07)
    w, h = bx - ax, by - ay
    if not light:
        tex, alpha = _tex43(style.fill, w, h, style.fill_colour, g, rng)
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
        if light == "light_hedgehogs":  # hedgehogs: a spiky back, a pointed snout, an eye, two feet
            hx, hy = x - 0.1 * r, y
            spikes = [(hx + (0.6 if k % 2 == 0 else 0.8) * r * math.cos(a),
                       hy + (0.5 if k % 2 == 0 else 0.68) * r * math.sin(a))
                      for k, a in enumerate(np.linspace(math.pi, 2 * math.pi, 11))]
            ld.polygon(spikes, fill=255)
            ld.ellipse([hx - 0.6 * r, hy - 0.25 * r, hx + 0.6 * r, hy + 0.3 * r], fill=255)
            ld.polygon([(x + 0.4 * r, y - 0.22 * r), (x + 0.9 * r, y + 0.08 * r), (x + 0.4 * r, y + 0.2 * r)], fill=255)
            for fx in (-0.4, 0.2):
                ld.rectangle([x + fx * r, y + 0.25 * r, x + (fx + 0.14) * r, y + 0.42 * r], fill=255)
            _disc(ld, x + 0.45 * r, y - 0.06 * r, max(0.5, 0.06 * r), fill=0)  # the eye
        elif light == "light_pineapples":  # pineapples: an oval body with a diamond lattice, a crown of three leaves
            for dx in (-0.28, 0.0, 0.28):
                ld.polygon([(x + (dx - 0.1) * r, y - 0.3 * r), (x + dx * 1.3 * r, y - 0.95 * r),
                            (x + (dx + 0.1) * r, y - 0.3 * r)], fill=255)
            ld.ellipse([x - 0.38 * r, y - 0.4 * r, x + 0.38 * r, y + 0.7 * r], fill=255)
            for k in (-1, 1):
                ld.line([(x - 0.22 * r, y - 0.2 * r * k + 0.15 * r), (x + 0.22 * r, y + 0.2 * r * k + 0.15 * r)],
                        fill=0, width=1)
            ld.line([(x - 0.3 * r, y + 0.15 * r), (x + 0.3 * r, y + 0.15 * r)], fill=0, width=1)
        elif light == "light_helicopters":  # helicopters: a round cabin, a tail boom and fin, a rotor, skids
            ld.ellipse([x - 0.55 * r, y - 0.3 * r, x + 0.2 * r, y + 0.28 * r], fill=255)
            ld.polygon([(x + 0.1 * r, y - 0.12 * r), (x + 0.9 * r, y - 0.14 * r), (x + 0.9 * r, y - 0.02 * r),
                        (x + 0.1 * r, y + 0.06 * r)], fill=255)
            ld.rectangle([x + 0.8 * r, y - 0.38 * r, x + 0.92 * r, y - 0.02 * r], fill=255)  # the tail fin
            ld.line([(x - 0.17 * r, y - 0.3 * r), (x - 0.17 * r, y - 0.48 * r)], fill=255, width=lw)
            ld.line([(x - 0.95 * r, y - 0.5 * r), (x + 0.6 * r, y - 0.5 * r)], fill=255, width=lw)  # the rotor
            ld.line([(x - 0.6 * r, y + 0.5 * r), (x + 0.2 * r, y + 0.5 * r)], fill=255, width=lw)  # a skid
            for sx in (-0.4, 0.0):
                ld.line([(x + sx * r, y + 0.25 * r), (x + sx * r, y + 0.5 * r)], fill=255, width=1)
            ld.ellipse([x - 0.48 * r, y - 0.2 * r, x - 0.2 * r, y + 0.04 * r], fill=0)  # the window
        elif light == "light_trumpets":  # trumpets: a flared bell, a long tube and its loop, three valves
            ld.polygon([(x + 0.3 * r, y - 0.07 * r), (x + 0.9 * r, y - 0.42 * r), (x + 0.9 * r, y + 0.32 * r),
                        (x + 0.3 * r, y + 0.03 * r)], fill=255)  # the bell
            ld.rectangle([x - 0.85 * r, y - 0.08 * r, x + 0.35 * r, y + 0.04 * r], fill=255)
            ld.rectangle([x - 0.45 * r, y + 0.2 * r, x + 0.25 * r, y + 0.3 * r], fill=255)  # the loop below
            ld.line([(x + 0.25 * r, y + 0.0), (x + 0.25 * r, y + 0.3 * r)], fill=255, width=lw)
            for vx in (-0.32, -0.14, 0.04):
                ld.rectangle([x + vx * r, y - 0.35 * r, x + (vx + 0.1) * r, y + 0.2 * r], fill=255)  # the valves
            ld.rectangle([x - 0.95 * r, y - 0.14 * r, x - 0.85 * r, y + 0.1 * r], fill=255)  # the mouthpiece
            ld.line([(x + 0.9 * r, y - 0.4 * r), (x + 0.9 * r, y + 0.3 * r)], fill=0, width=1)  # the bell's rim
        else:
            raise ValueError(light)
    alpha = 0.2 + 0.34 * _m(lay)
    _paste_rgba(img, tex, cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.5), ax, ay)


def _ring_pt(t: float, w: int, h: int, inset: float) -> tuple[float, float]:
    """The point ``t`` along the rectangle ``inset`` inside a w x h patch, clockwise from its top left corner."""
    x0, y0, x1, y1 = inset, inset, w - 1 - inset, h - 1 - inset
    lw, lh = x1 - x0, y1 - y0
    t %= 2 * (lw + lh)
    if t < lw:
        return x0 + t, y0
    t -= lw
    if t < lh:
        return x1, y0 + t
    t -= lh
    if t < lw:
        return x1 - t, y1
    return x0, y1 - (t - lw)


def _draw_outline43(img: Image.Image, box, style: Style43, rng: random.Random) -> None:
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
    if kind == "outline_bottle_caps":  # crimped bottle caps round the cell: fluted rims, a lit flat top on each
        pt = max(4.0, f * 1.02)
        u = (along % pt) / pt
        du, dv = (u - 0.5) * pt, (v - 0.5) * f
        rr = np.hypot(du, dv)
        ang = np.arctan2(dv, du)
        R = 0.5 * min(pt, f) * (1 + 0.1 * np.cos(21 * ang))
        cap = band & (rr < R)
        tex[:] = col * 0.5
        tex[cap] = col * 0.85
        tex[cap & (rr < 0.62 * 0.5 * min(pt, f))] = _lift(col, 0.16)  # the flat top
        tex[cap & (np.abs(rr - 0.62 * 0.5 * min(pt, f)) < 0.6)] = col * 0.6
        tex[band & corner] = col * 0.8
    elif kind == "outline_gumdrops":  # sugared gumdrops round the cell: domes on the outer edge, sugar sparkle
        pt = max(4.0, f * 0.95)
        u = (along % pt) / pt
        dome = band & (((u - 0.5) / 0.47) ** 2 + (v / 0.98) ** 2 < 1)
        tex[:] = col * 0.5
        tex[dome] = col
        tex[dome & (np.hypot((u - 0.38) * pt, (v - 0.55) * f) < 0.12 * min(pt, f))] = _lift(col, 0.35)
        tex[dome & (_noise0(_nrng(rng), h, w, 0.5) > 1.8)] = _lift(col, 0.45)  # the sugar
        tex[band & corner] = col * 0.8
    elif kind == "outline_popcorn":  # popcorn round the cell: lumpy puffs, a lit dimple on each, dark hulls between
        lay, ld = _layer(w, h)
        pic = Image.new("RGB", (w, h), _c(col * 0.5))
        d = ImageDraw.Draw(pic)
        perim = 2 * ((w - f) + (h - f))
        for t in np.arange(0, perim, max(3.0, f * 0.6)):
            x, y = _ring_pt(float(t), w, h, f / 2)
            for _k in range(3):
                px_, py_ = x + rng.uniform(-0.2, 0.2) * f, y + rng.uniform(-0.2, 0.2) * f
                rr = f * rng.uniform(0.26, 0.36)
                tone = rng.uniform(0.85, 1.15)
                _disc(ld, px_, py_, rr, fill=255)
                _disc(d, px_, py_, rr, fill=_c(col * tone), outline=_c(col * 0.55))
                _disc(d, px_ - 0.3 * rr, py_ - 0.3 * rr, max(0.6, 0.3 * rr), fill=_c(_lift(col * tone, 0.18)))
        tex = np.asarray(pic, np.float32).copy()
        m = np.where(band, 1.0, _m(lay) * (across < 1.2 * f)).astype(np.float32)
    elif kind == "outline_lattice_pie_crust":  # a lattice pie crust round the cell: woven strips, crimped outer edge
        pw = max(4.0, f * 0.9)
        A = ((along + across) % pw) < 0.62 * pw
        B = ((along - across) % pw) < 0.62 * pw
        ia, ib = np.floor((along + across) / pw), np.floor((along - across) / pw)
        a_top = A & (~B | (((ia + ib) % 2) == 0))
        tex[:] = col * 0.45  # the filling showing through
        tex[B] = col * 0.9
        tex[a_top] = _lift(col, 0.12)
        tex[band & (v < 0.2)] = col
        tex[band & (v < 0.2) & (((along % pw) / pw) < 0.18)] = col * 0.55  # the crimp's dents
    else:
        raise ValueError(kind)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross43(img: Image.Image, box, style: Style43, rng: random.Random) -> None:
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
        if kind == "heavy_x_pitchforks":  # two pitchforks: a long handle, a crossbar, three tapering tines
            handle = (np.abs(n) < wid * 0.16) & (t > -0.03) & (t < 0.68)
            bar = (np.abs(n) < wid * 0.55) & (t > 0.64) & (t < 0.72)
            taper = np.clip(1 - (t - 0.7) / 0.45, 0.3, 1)
            tines = np.zeros_like(handle)
            for c in (-0.45, 0.0, 0.45):
                tines |= (np.abs(n - c * wid) < wid * 0.1 * taper) & (t > 0.7) & (t < 1.03)
            part = handle | bar | tines
            tex[part] = col
            tex[handle & (n < -wid * 0.04)] = _lift(col, 0.18)  # the handle's lit side
        elif kind == "heavy_x_ladles":  # two ladles: a thin handle with a hanging hole, a deep round bowl
            handle = (np.abs(n) < wid * 0.14) & (t > -0.03) & (t < 0.7)
            hole = np.hypot((t - 0.05) * ln, n) < wid * 0.07
            rb = 0.17 * ln
            bowl = ((t - 0.84) * ln / rb) ** 2 + (n / (wid * 0.6)) ** 2 < 1
            part = (handle & ~hole) | bowl
            tex[part] = col
            inner = ((t - 0.85) * ln / (0.7 * rb)) ** 2 + ((n + wid * 0.1) / (wid * 0.4)) ** 2 < 1
            tex[bowl & inner] = _lift(col, 0.22)  # the bowl's lit hollow
        elif kind == "heavy_x_whisks":  # two whisks: a stout handle, a balloon of wire loops meeting at the tip
            handle = (np.abs(n) < wid * 0.2) & (t > -0.03) & (t < 0.42)
            env = wid * 0.6 * np.sin(np.clip((t - 0.4) / 0.63, 0, 1) * math.pi)
            wires = np.zeros_like(handle)
            for c in (-1.0, -0.5, 0.0, 0.5, 1.0):
                wires |= (np.abs(n - c * env) < max(0.8, wid * 0.08)) & (t > 0.4) & (t < 1.03)
            part = handle | wires
            tex[part] = col
            tex[handle & (np.abs(t - 0.38) < 0.025)] = _lift(col, 0.3)  # the ferrule
            tex[handle & (n < -wid * 0.08)] = _lift(col, 0.14)
        elif kind == "heavy_x_crowbars":  # two crowbars: a hexagonal bar, a chisel end, a hooked claw at the other
            bar = (np.abs(n) < wid * 0.16) & (t > 0.04) & (t < 0.84)
            chisel = (t > -0.04) & (t <= 0.04) & (np.abs(n) < wid * 0.16 * np.clip((t + 0.04) / 0.08, 0.2, 1))
            rr = np.hypot((t - 0.84) * ln, n - wid * 0.34)
            hook = (rr > wid * 0.18) & (rr < wid * 0.5) & ((t - 0.84) * ln > -0.5)
            claw = hook & (np.abs(n - wid * 0.34) < wid * 0.05) & (n > wid * 0.3)  # the claw's split
            part = (bar | chisel | hook) & ~claw
            tex[part] = col
            tex[bar & (np.abs(n) < wid * 0.05)] = _lift(col, 0.2)  # the hexagon's lit face
        else:
            raise ValueError(kind)
        m = np.maximum(m, part.astype(np.float32))
    m = cv2.GaussianBlur(m, (0, 0), 0.4)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(m, 0, 1).astype(np.float32), ax, ay)


def _draw_empty43(img: Image.Image, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    d = ImageDraw.Draw(img)
    if kind == "none":
        return
    r = max(2.2, 0.065 * s)
    if kind == "tiny_lightning_bolt":  # a tiny pale-amber lightning bolt
        d.polygon([(cx + 0.35 * r, cy - r), (cx - 0.5 * r, cy + 0.12 * r), (cx - 0.02 * r, cy + 0.12 * r),
                   (cx - 0.35 * r, cy + r), (cx + 0.5 * r, cy - 0.15 * r), (cx + 0.02 * r, cy - 0.15 * r)],
                  fill=(232, 188, 72))
    elif kind == "tiny_pennant":  # a tiny teal pennant on a grey pole
        d.line([(cx - 0.6 * r, cy - r), (cx - 0.6 * r, cy + r)], fill=(150, 150, 154), width=1)
        d.polygon([(cx - 0.6 * r, cy - r), (cx + 0.9 * r, cy - 0.6 * r), (cx - 0.6 * r, cy - 0.2 * r)],
                  fill=(92, 176, 168))
    elif kind == "tiny_bee":  # a tiny yellow bee: pale wings, a round body, two grey stripes
        d.ellipse([cx - 0.6 * r, cy - 1.0 * r, cx, cy - 0.3 * r], fill=(212, 226, 238))
        d.ellipse([cx, cy - 1.0 * r, cx + 0.6 * r, cy - 0.3 * r], fill=(212, 226, 238))
        d.ellipse([cx - 0.85 * r, cy - 0.45 * r, cx + 0.85 * r, cy + 0.5 * r], fill=(236, 196, 72))
        for sx in (-0.2, 0.25):
            d.line([(cx + sx * r, cy - 0.4 * r), (cx + sx * r, cy + 0.45 * r)], fill=(132, 120, 104), width=1)
    elif kind == "tiny_tulip":  # a tiny pink tulip on a green stem
        d.line([(cx, cy + r), (cx, cy - 0.1 * r)], fill=(110, 170, 100), width=1)
        d.polygon([(cx - 0.55 * r, cy - 0.9 * r), (cx - 0.2 * r, cy - 0.5 * r), (cx, cy - 0.95 * r),
                   (cx + 0.2 * r, cy - 0.5 * r), (cx + 0.55 * r, cy - 0.9 * r), (cx + 0.45 * r, cy - 0.05 * r),
                   (cx - 0.45 * r, cy - 0.05 * r)], fill=(232, 130, 152))
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids


BOA = ((200, 84, 142), (226, 132, 180), (164, 52, 108), (238, 170, 206))


def _draw_grid43(img: Image.Image, L: dict[str, Any], rng: random.Random, name: str, inp: np.ndarray | None) -> None:
    if name == "kept":
        _draw_grid32(img, L, rng, "kept", inp)
        return
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    thin = max(1, round(s / 30))
    _pen_minors(d, L, thin)
    if name == "spaghetti_majors":  # each block line three strands of dry spaghetti, laid end to end a little apart
        ws = max(4, round(s / 8))
        sw = max(1, round(ws / 3))
        for vertical, c, a0, a1 in _major_segments(L, ws * 0.5):
            for k in (-1, 0, 1):
                off = k * ws / 3 + rng.uniform(-0.3, 0.3)
                u = a0
                while u < a1:
                    u1 = min(a1, u + rng.uniform(2.5, 4.5) * s)
                    pts = _seg_pts(vertical, c, [(u, off), (u1, off + rng.uniform(-0.4, 0.4))])
                    d.line(pts, fill=(150, 110, 48), width=sw + 2)
                    d.line(pts, fill=(220, 178, 96), width=sw)
                    u = u1 + rng.uniform(0.02, 0.08) * s
        return
    if name == "barley_stalk_majors":  # each block line a barley stalk: a golden stem, paired grains, long awns
        wb = max(2, round(s / 16))
        gl = max(3.0, 0.12 * s)
        for vertical, c, a0, a1 in _major_segments(L, wb):
            d.line(_seg_pts(vertical, c, [(a0, 0), (a1, 0)]), fill=(168, 132, 64), width=wb)
            for k, u in enumerate(np.arange(a0 + rng.uniform(0, 0.1) * s, a1 - 0.5 * gl, 0.55 * gl)):
                side = 1 if k % 2 else -1
                grain = [(u, 0), (u + 0.45 * gl, side * 0.28 * gl), (u + gl, side * 0.18 * gl),
                         (u + 0.5 * gl, side * 0.02 * gl)]
                d.polygon(_seg_pts(vertical, c, grain), fill=(212, 172, 92), outline=(140, 102, 44))
                d.line(_seg_pts(vertical, c, [(u + gl, side * 0.18 * gl), (u + 1.9 * gl, side * 0.34 * gl)]),
                       fill=(184, 150, 92), width=1)  # the awn
        return
    if name == "ant_trail_majors":  # each block line a trail of marching ants: three body parts, six legs each
        pa = max(5.0, 0.26 * s)
        a_ = max(1.2, 0.035 * s)
        ink = (40, 30, 26)
        for vertical, c, a0, a1 in _major_segments(L, 2 * a_):
            for u in np.arange(a0 + rng.uniform(0, 0.3) * pa, a1, pa):
                o = rng.uniform(-0.6, 0.6) * a_
                (hx, hy), (tx, ty), (bx, by) = _seg_pts(vertical, c, [(u + 2.2 * a_, o), (u + 0.6 * a_, o),
                                                                      (u - 1.4 * a_, o)])
                for dl in (-1.0, 0.0, 1.0):  # the legs
                    for sgn in (-1, 1):
                        d.line(_seg_pts(vertical, c, [(u + 0.6 * a_ + dl * 0.8 * a_, o),
                                                      (u + 0.6 * a_ + dl * 1.6 * a_, o + sgn * 2.2 * a_)]),
                               fill=ink, width=1)
                _disc(d, hx, hy, 0.9 * a_, fill=ink)
                _disc(d, tx, ty, 0.75 * a_, fill=ink)
                _disc(d, bx, by, 1.25 * a_, fill=ink)
                _disc(d, bx - 0.3 * a_, by - 0.3 * a_, max(0.5, 0.35 * a_), fill=(96, 80, 70))  # a glint
        return
    if name == "feather_boa_majors":  # each block line a pink feather boa: a cord, curling feather fronds round it
        wc = max(2, round(s / 18))
        for vertical, c, a0, a1 in _major_segments(L, wc):
            d.line(_seg_pts(vertical, c, [(a0, 0), (a1, 0)]), fill=(150, 44, 98), width=wc)
            for u in np.arange(a0, a1, max(1.5, s / 26)):
                ang = rng.uniform(0, 2 * math.pi)
                ln = rng.uniform(0.05, 0.1) * s
                bend = rng.uniform(-0.6, 0.6)
                pts = [(u + ln * f_ * math.cos(ang + bend * f_), ln * f_ * math.sin(ang + bend * f_))
                       for f_ in (0.0, 0.5, 1.0)]
                d.line(_seg_pts(vertical, c, pts), fill=rng.choice(BOA), width=1)
        return
    raise ValueError(name)


# ------------------------------------------------------------------------------------------ redraws


RICE_PAPER = (240, 236, 224)  # the scroll's rice paper
BROCADE = (40, 50, 88)  # the mount's indigo silk
GOLD = (198, 164, 84)  # the brocade's woven gold and the narrow gold strips
MONKS_CLOTH = (216, 204, 178)  # the punch-needle rug's oatmeal cloth
PINE = (214, 180, 128)  # the rug frame's pine


def _redraw_whole43(layout: dict[str, Any], style: Style43, row_vals, col_vals, rng: random.Random,
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
    gapn, slot = dh * rng.uniform(1.0, 1.1), dh * rng.uniform(1.5, 1.65)
    gapn = max(gapn, face.inner + 0.35 * dh)  # two numbers never read as one
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
    if kind == "sumi_hanging_scroll":  # rice paper: a faint mottle and long fibres a few grey levels either way
        surf = np.array(RICE_PAPER, np.float32) * (1 + 0.012 * _smooth(g, H, W, 1.5) + 0.015 * _smooth(g, H, W, 20.0))[
            ..., None]
        fib = cv2.GaussianBlur(g.standard_normal((H, W)).astype(np.float32), (0, 0), sigmaX=9.0, sigmaY=0.6)
        surf *= (1 + 0.02 * np.clip(fib / (fib.std() + 1e-6), -2, 2))[..., None]
    else:  # monk's cloth: an even basket weave, its threads a few grey levels lighter and darker
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        surf = np.array(MONKS_CLOTH, np.float32) * (1 + 0.015 * _smooth(g, H, W, 6.0))[..., None]
        weave = (np.sin(xx * math.pi / 2.0) * np.sin(yy * math.pi / 2.0)) * 0.035  # the basket weave's pairs
        surf *= (1 + weave + 0.01 * _noise0(g, H, W, 0.6))[..., None]
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
    if kind == "sumi_hanging_scroll":  # sumi: a pixel of feathering into the paper's fibres round each stroke
        alpha = np.clip(np.maximum(alpha, 0.28 * cv2.GaussianBlur(alpha, (0, 0), 0.9)), 0, 1)
        a = a * (1 - alpha[..., None]) + ink * alpha[..., None]
        # the mount: indigo brocade above and below with gold strips, a narrow silk border at the sides, a roller
        side = round(0.05 * W)
        up, low = round(0.16 * H), round(0.11 * H)
        roll = round(max(10.0, 0.035 * H))
        TW, TH = W + 2 * side, H + up + low + roll
        yy2, xx2 = np.mgrid[0:TH, 0:TW].astype(np.float32)
        mount = np.empty((TH, TW, 3), np.float32)
        mount[:] = BROCADE
        p = max(8.0, 0.04 * W)
        motif = (np.abs(((xx2 + (yy2 // p % 2) * p / 2) % p) - p / 2) + np.abs((yy2 % p) - p / 2)) < 0.18 * p
        mount[motif] = GOLD  # the woven gold lozenges
        mount *= (1 + 0.04 * _smooth(g, TH, TW, 2.0))[..., None]
        mount[:, :side] = mount[:, :side] * 0.0 + (150, 138, 112)  # the plain silk borders at the sides
        mount[:, side + W:] = mount[:, side + W:] * 0.0 + (150, 138, 112)
        mount[up:up + H, side:side + W] = a
        strip = max(3, round(0.012 * H))
        for y0 in (up - strip, up + H):  # the narrow gold strips above and below the paper
            mount[y0:y0 + strip, side:side + W] = (214, 182, 104)
        ry0 = up + H + low
        mount[ry0:, :] = (70, 44, 28)  # the wooden roller
        mount[ry0:ry0 + max(2, roll // 4), :] = (112, 76, 48)
        timg = Image.fromarray(_clip8(mount))
        td = ImageDraw.Draw(timg)
        td.rectangle([0, 0, TW - 1, max(4, round(0.02 * H))], fill=(58, 38, 24))  # the top stave
        for kx in (0, TW - 1):  # the roller's knobs, a little past the mount
            td.ellipse([kx - roll * 0.6, ry0 - roll * 0.1, kx + roll * 0.6, ry0 + roll * 1.1], fill=(52, 32, 20))
        cord = [(TW * 0.3, 2), (TW * 0.5, -0.06 * H), (TW * 0.7, 2)]
        out = np.asarray(timg, np.float32)
        pad_top = round(0.07 * H)
        page = np.empty((TH + pad_top, TW + 2 * roll, 3), np.float32)
        page[:] = (226, 214, 190)
        page[pad_top:, roll:roll + TW] = out
        pimg = Image.fromarray(_clip8(page))
        pd = ImageDraw.Draw(pimg)
        pd.line([(x + roll, y + pad_top) for x, y in cord], fill=(120, 84, 44), width=max(2, round(0.006 * H)))
        for kx in (roll, roll + TW - 1):  # the knobs overhang the page's sides
            pd.ellipse([kx - roll * 0.6, pad_top + ry0 - roll * 0.1, kx + roll * 0.6, pad_top + ry0 + roll * 1.1],
                       fill=(52, 32, 20))
        ox, oy = roll + side, pad_top + up
    else:  # punched in yarn: each stroke a run of small loops, knobbly at its edge, lit on top
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        p = max(2.5, dh / 7)
        lu = (xx % p) / p
        lv = ((yy + (np.floor(xx / p) % 2) * p / 2) % p) / p
        loop = np.exp(-((lu - 0.5) ** 2 + (lv - 0.4) ** 2) / 0.06)
        soft = cv2.GaussianBlur(alpha, (0, 0), 0.7)
        alpha = np.clip(np.maximum(alpha, soft * 1.2) * (0.9 + 0.1 * np.clip(_noise0(g, H, W, 0.7), -1, 1)), 0, 1)
        yarn = ink * (0.85 + 0.5 * loop)[..., None]
        a = a * (1 - alpha[..., None]) + yarn * alpha[..., None]
        fw = round(0.05 * min(W, H) + 0.2 * base)
        TW, TH = W + 2 * fw, H + 2 * fw
        frame = np.empty((TH, TW, 3), np.float32)
        frame[:] = PINE
        fy, fx = np.mgrid[0:TH, 0:TW].astype(np.float32)
        wobble = 1.5 * _smooth(g, TH, TW, 8.0)
        along = np.where(np.minimum(fy, TH - 1 - fy) < np.minimum(fx, TW - 1 - fx), fy, fx)  # the grain runs along
        frame *= (1 + 0.06 * np.sin(along / 2.2 + wobble))[..., None]  # each bar of the frame
        frame[fw:fw + H, fw:fw + W] = a
        timg = Image.fromarray(_clip8(frame))
        td = ImageDraw.Draw(timg)
        td.rectangle([fw - 1, fw - 1, fw + W, fw + H], outline=(150, 118, 78), width=2)
        for k in range(0, TW, max(6, fw // 3)):  # the gripper strips' teeth along the frame's inner edge
            td.line([(k, fw - 4), (k + 2, fw - 1)], fill=(110, 110, 114), width=1)
            td.line([(k, fw + H + 3), (k + 2, fw + H)], fill=(110, 110, 114), width=1)
        for k in range(0, TH, max(6, fw // 3)):
            td.line([(fw - 4, k), (fw - 1, k + 2)], fill=(110, 110, 114), width=1)
            td.line([(fw + W + 3, k), (fw + W, k + 2)], fill=(110, 110, 114), width=1)
        for cx_, cy_ in ((fw / 2, fw / 2), (TW - fw / 2, fw / 2), (fw / 2, TH - fw / 2), (TW - fw / 2, TH - fw / 2)):
            _disc(td, cx_, cy_, max(2.0, fw * 0.12), fill=(120, 120, 124))  # the corner screws
        pimg = timg
        ox, oy = fw, fw
    xs = [x + ox for x in xs]
    ys = [y + oy for y in ys]
    keep = [keep[0] + ox, keep[1] + oy, keep[2] + ox, keep[3] + oy]
    L = {"grid_bbox": [xs[0], ys[0], xs[-1], ys[-1]], "rows": rows, "cols": cols, "cw": base, "ch": base,
         "cell_px": base, "xs": xs, "ys": ys, "x0s": xs[:-1], "y0s": ys[:-1], "keep": keep}
    return pimg, L


def _draw_redraw_grid43(img: Image.Image, L: dict[str, Any], kind: str, rng: random.Random) -> Image.Image:
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    lay, d = _layer(*img.size)
    if kind == "sumi_hanging_scroll":  # brushed along a ruler: the block lines broader, each line swelling a little
        thin, wd, colour = max(1, round(s / 26)), max(2, round(s / 11)), (30, 30, 34)
    else:  # punched in brown yarn: one row of loops for a thin line, two for a block line
        thin, wd, colour = max(2, round(s / 22)), max(3, round(s / 10)), (104, 74, 52)
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
    g = _nrng(rng)
    hh, ww = m.shape
    if kind == "sumi_hanging_scroll":
        alpha = cv2.GaussianBlur(m, (0, 0), 0.6) * (0.85 + 0.12 * np.clip(_smooth(g, hh, ww, 10.0), -1, 1))
        out = a * (1 - alpha[..., None]) + np.asarray(colour, np.float32) * alpha[..., None]
    else:
        yy, xx = np.mgrid[0:hh, 0:ww].astype(np.float32)
        p = max(2.5, s / 12)
        knob = 0.8 + 0.4 * ((np.sin(xx * 2 * math.pi / p) * np.sin(yy * 2 * math.pi / p)) > 0)
        alpha = np.clip(cv2.GaussianBlur(m, (0, 0), 0.6) * 1.1, 0, 1)
        out = a * (1 - alpha[..., None]) + (np.asarray(colour, np.float32) * knob[..., None]) * alpha[..., None]
    return Image.fromarray(_clip8(out))


# ------------------------------------------------------------------------------------------ pages


def _tree_stump(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A sawn tree stump: pale wood with dark growth rings round a pith, a few radial checks, bark and moss beyond."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    cx, cy = W * rng.uniform(0.4, 0.6), H * rng.uniform(0.4, 0.6)
    r = np.hypot(xx - cx, yy - cy) * (1 + 0.03 * _smooth(g, H, W, 0.05 * big))
    ring = np.sin(r / (0.022 * big * (1 + 0.15 * np.clip(_smooth(g, H, W, 0.1 * big), -1, 1))) * 2 * math.pi)
    out = np.empty((H, W, 3), np.float32)
    out[:] = (206, 170, 122)
    out *= (1 + 0.05 * ring)[..., None]
    out[ring > 0.85] *= 0.68  # the latewood lines
    out *= (1 + 0.04 * _smooth(g, H, W, 2.0))[..., None]
    R = 0.5 * math.hypot(H, W) * rng.uniform(0.88, 0.95)
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    for _ in range(4):  # radial checks
        a0 = rng.uniform(0, 2 * math.pi)
        d.line([(cx + 0.15 * R * math.cos(a0), cy + 0.15 * R * math.sin(a0)),
                (cx + R * math.cos(a0 + 0.05), cy + R * math.sin(a0 + 0.05))], fill=(96, 70, 46), width=3)
    out = np.asarray(img, np.float32).copy()
    rr = np.hypot(xx - cx, yy - cy) + 0.01 * big * _smooth(g, H, W, 3.0)
    bark = (rr > R) & (rr < R * 1.08)
    out[bark] = (74, 56, 42)
    out[bark & (np.sin(np.arctan2(yy - cy, xx - cx) * 90) > 0.4)] = (52, 40, 30)  # the bark's furrows
    out[rr >= R * 1.08] = (88, 116, 62)  # moss round the stump
    return out


def _road_atlas(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """An open road atlas: cream paper, green woods, a blue river, red and yellow roads, town blobs, a faint grid."""
    out = _table(g, H, W, (242, 236, 214), 0.01, 2)
    out[_smooth(g, H, W, 0.05 * big) > 0.8] = (204, 226, 184)  # the woods
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    for k in np.arange(0, max(H, W), 0.22 * big):
        d.line([(k, 0), (k, H)], fill=(188, 204, 222), width=1)
        d.line([(0, k), (W, k)], fill=(188, 204, 222), width=1)

    def wander(w_):
        x, y = rng.uniform(0, W), rng.choice((0.0, float(H)))
        a = -math.pi / 2 if y > 0 else math.pi / 2
        pts = []
        for _ in range(40):
            pts.append((x, y))
            a += rng.uniform(-w_, w_)
            x, y = x + 0.05 * big * math.cos(a), y + 0.05 * big * math.sin(a)
        return pts

    d.line(wander(0.5), fill=(120, 168, 218), width=5)  # the river
    for colour, wd in (((222, 84, 58), 6), ((222, 84, 58), 6), ((244, 208, 86), 4), ((244, 208, 86), 4)):
        pts = wander(0.3)
        d.line(pts, fill=(120, 70, 50), width=wd + 2)
        d.line(pts, fill=colour, width=wd)
    for _ in range(8):
        x, y, rr = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0.01, 0.025) * big
        d.ellipse([x - rr, y - 0.7 * rr, x + rr, y + 0.7 * rr], fill=(236, 184, 160), outline=(150, 100, 84))
    return np.asarray(img, np.float32).copy()


def _sheet_music(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A spread of sheet music on a dark table: sheets askew, their staves of five lines, note heads and stems."""
    base = Image.fromarray(_clip8(_table(g, H, W, (84, 60, 44), 0.04, 3))).convert("RGBA")
    sw, sh = round(0.5 * big), round(0.7 * big)
    for k in range(6):
        sheet = Image.new("RGBA", (sw, sh), (246, 243, 232, 255))
        d = ImageDraw.Draw(sheet)
        gap = 0.009 * big
        for y0 in np.arange(0.08 * sh, sh - 0.08 * sh, 0.075 * sh):
            for j in range(5):
                d.line([(0.06 * sw, y0 + j * gap), (0.94 * sw, y0 + j * gap)], fill=(90, 90, 90), width=1)
            for x in np.arange(0.1 * sw, 0.92 * sw, rng.uniform(0.05, 0.08) * sw):
                ny = y0 + rng.randint(-1, 8) * gap / 2
                d.ellipse([x - 0.7 * gap, ny - 0.5 * gap, x + 0.7 * gap, ny + 0.5 * gap], fill=(20, 20, 20))
                d.line([(x + 0.65 * gap, ny), (x + 0.65 * gap, ny - 3.2 * gap)], fill=(20, 20, 20), width=1)
        sheet = sheet.rotate(rng.uniform(-25, 25), expand=True, resample=Image.BILINEAR)
        base.alpha_composite(sheet, (round(rng.uniform(-0.3, 0.9) * W - sw / 2 + 0.2 * sw * (k % 2)),
                                     round(rng.uniform(-0.3, 0.9) * H - sh / 2)))
    return np.asarray(base.convert("RGB"), np.float32).copy()


def _pine_needles(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A forest floor: dark soil under a litter of rusty pine needles, a twig and a small cone or two."""
    img = Image.fromarray(_clip8(_table(g, H, W, (74, 56, 40), 0.08, 4)))
    d = ImageDraw.Draw(img)
    for _ in range(int(H * W / (0.012 * big) ** 2 * 0.35)):
        x, y, a = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0, math.pi)
        ln = rng.uniform(0.02, 0.045) * big
        d.line([(x, y), (x + ln * math.cos(a), y + ln * math.sin(a))],
               fill=rng.choice(((156, 98, 52), (126, 82, 46), (180, 130, 78), (104, 70, 40))), width=2)
    for _ in range(3):
        x, y, rr = rng.uniform(0, W), rng.uniform(0, H), 0.025 * big
        d.ellipse([x - rr, y - 0.6 * rr, x + rr, y + 0.6 * rr], fill=(96, 64, 38), outline=(60, 40, 26))
        for k in range(-2, 3):
            d.line([(x + k * 0.35 * rr, y - 0.55 * rr), (x + k * 0.35 * rr + 0.2 * rr, y + 0.55 * rr)],
                   fill=(60, 40, 26), width=1)
    return np.asarray(img, np.float32).copy()


def _hopscotch(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """Grey pavement chalked with a hopscotch's boxes (no numbers in them), a chalk sun and a flower."""
    out = _table(g, H, W, (112, 112, 114), 0.05, 2)
    out[_noise0(g, H, W, 0.7) > 2.0] *= 1.25  # the aggregate's pale stones
    lay, ld = _layer(W, H)
    bs = 0.16 * big
    x0, y0 = rng.uniform(0.02, 0.1) * W, rng.uniform(0.0, 0.1) * H
    for j in range(int(H / bs) + 1):  # single and double boxes up the pavement's left side
        y = y0 + j * bs
        if j % 3 == 1:
            ld.rectangle([x0, y, x0 + bs, y + bs], outline=255, width=5)
            ld.rectangle([x0 + bs, y, x0 + 2 * bs, y + bs], outline=255, width=5)
        else:
            ld.rectangle([x0 + bs / 2, y, x0 + 1.5 * bs, y + bs], outline=255, width=5)
    sx, sy = rng.uniform(0.7, 0.9) * W, rng.uniform(0.05, 0.2) * H
    _disc(ld, sx, sy, 0.05 * big, outline=255, width=5)
    for k in range(10):
        a = k * math.pi / 5
        ld.line([(sx + 0.07 * big * math.cos(a), sy + 0.07 * big * math.sin(a)),
                 (sx + 0.11 * big * math.cos(a), sy + 0.11 * big * math.sin(a))], fill=255, width=5)
    chalk = cv2.GaussianBlur(_m(lay), (0, 0), 1.0) * np.clip(0.75 + 0.35 * _noise0(g, H, W, 0.8), 0, 1)
    colour = np.empty((H, W, 3), np.float32)
    colour[:] = (236, 236, 228)
    colour[:, int(0.6 * W):] = (246, 214, 120)  # the sun in yellow chalk
    out = out * (1 - chalk[..., None]) + colour * chalk[..., None]
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    fx, fy = rng.uniform(0.7, 0.9) * W, rng.uniform(0.8, 0.95) * H
    for k in range(5):
        a = k * 2 * math.pi / 5
        _disc(d, fx + 0.03 * big * math.cos(a), fy + 0.03 * big * math.sin(a), 0.022 * big, outline=(236, 150, 180),
              width=4)
    return np.asarray(img, np.float32).copy()


def _sheepskin(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A cream sheepskin: soft curly locks of wool, a little shadow between them."""
    img = Image.fromarray(_clip8(_table(g, H, W, (226, 216, 196), 0.04, 6)))
    d = ImageDraw.Draw(img)
    for _ in range(int(H * W / (0.02 * big) ** 2 * 1.2)):
        x, y, rr = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0.006, 0.014) * big
        a0 = rng.uniform(0, 360)
        tone = rng.choice(((244, 238, 224), (204, 192, 170), (236, 228, 210)))
        d.arc([x - rr, y - rr, x + rr, y + rr], a0, a0 + rng.uniform(180, 300), fill=tone, width=2)
    return np.asarray(img, np.float32).copy()


def _plaster_alcove(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A plaster alcove: sandy clay plaster with trowel marks, a dark wooden post down one side, a floorboard."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    out = _table(g, H, W, (206, 188, 154), 0.03, 8)
    trowel = cv2.GaussianBlur(g.standard_normal((H, W)).astype(np.float32), (0, 0), sigmaX=18.0, sigmaY=5.0)
    out *= (1 + 0.04 * np.clip(trowel / (trowel.std() + 1e-6), -2, 2))[..., None]
    pw = round(0.07 * W)
    left = rng.random() < 0.5
    post = (xx < pw) if left else (xx >= W - pw)
    grain = np.sin(xx / 3.0 + 4 * _smooth(g, H, W, 10.0))
    wood = np.array((92, 62, 38), np.float32) * (1 + 0.08 * grain)[..., None]
    out[post] = wood[post]
    floor = yy > H - 0.05 * big
    out[floor] = wood[floor] * 1.2
    return out


def _margin_object(a: np.ndarray, rng: random.Random, g: np.random.Generator, L: dict[str, Any], kind: str,
                   big: int) -> np.ndarray:
    w = a.shape[1]
    if kind == "chess_knight_margin":  # a black chess knight on the widened right margin
        page = _extend(a, right=round(0.22 * w))
        Hp, Wp = page.shape[:2]
        x0 = _free_x(L, w)
        R = 0.3 * (Wp - x0)
        cx, cy = x0 + 0.5 * (Wp - x0), Hp * rng.uniform(0.3, 0.7)
    else:  # a pencil sharpener and a curl of shaving on the widened left margin
        ml = round(0.26 * w)
        page = _extend(a, left=ml)
        Hp, Wp = page.shape[:2]
        R = 0.4 * ml
        cx, cy = 0.5 * ml, Hp * rng.uniform(0.3, 0.7)
    lay, ld = _layer(Wp, Hp)
    if kind == "chess_knight_margin":  # the side view: a round base, a horse's head with its mane, ears and muzzle
        head = [(-0.55, 0.55), (-0.5, 0.1), (-0.62, -0.25), (-0.4, -0.75), (-0.15, -1.0), (-0.05, -1.2),
                (0.05, -0.98), (0.35, -0.85), (0.7, -0.45), (0.72, -0.25), (0.5, -0.2), (0.25, -0.3),
                (0.35, 0.1), (0.5, 0.55)]
        pts = [(cx + R * u, cy + R * v) for u, v in head]
        base = [cx - 0.8 * R, cy + 0.55 * R, cx + 0.8 * R, cy + 0.95 * R]
        ld.polygon(pts, fill=255)
        ld.rounded_rectangle(base, radius=0.15 * R, fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.1 * R, 0.12 * R, 0.1 * R, 0.35)
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        d.polygon(pts, fill=(32, 30, 32), outline=(14, 14, 16))
        d.rounded_rectangle(base, radius=0.15 * R, fill=(36, 34, 36), outline=(14, 14, 16))
        d.line([(cx - 0.7 * R, cy + 0.72 * R), (cx + 0.7 * R, cy + 0.72 * R)], fill=(90, 88, 92), width=2)
        d.line([(cx - 0.45 * R, cy - 0.7 * R), (cx - 0.55 * R, cy + 0.3 * R)], fill=(120, 118, 124),
               width=max(1, round(0.05 * R)))  # a gleam down the mane
        _disc(d, cx + 0.2 * R, cy - 0.72 * R, max(1.0, 0.05 * R), fill=(110, 108, 112))  # the eye
    else:  # a brass sharpener: a wedge body with the cone's round mouth, a steel blade and its screw
        body = [cx - 0.5 * R, cy - 0.35 * R, cx + 0.5 * R, cy + 0.35 * R]
        ld.rounded_rectangle(body, radius=0.08 * R, fill=255)
        shaving = []
        for k in range(40):
            t = k / 39
            rr = 0.32 * R * (1 - 0.6 * t)
            shaving.append((cx + 0.1 * R + rr * math.cos(t * 9) + 0.5 * R * t, cy + 0.9 * R + rr * math.sin(t * 9)))
        ld.line(shaving, fill=255, width=max(3, round(0.12 * R)))
        pa = _shadow(page.astype(np.float32), lay, 0.06 * R, 0.08 * R, 0.08 * R, 0.3)
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        d.rounded_rectangle(body, radius=0.08 * R, fill=(196, 160, 80), outline=(130, 100, 44))
        _disc(d, cx - 0.2 * R, cy, 0.2 * R, fill=(60, 50, 36), outline=(150, 120, 60))  # the cone's mouth
        d.rectangle([cx + 0.05 * R, cy - 0.3 * R, cx + 0.42 * R, cy - 0.05 * R], fill=(176, 180, 188),
                    outline=(110, 112, 120))  # the blade
        _disc(d, cx + 0.3 * R, cy - 0.18 * R, 0.06 * R, fill=(130, 132, 140))
        d.line(shaving, fill=(222, 186, 140), width=max(3, round(0.12 * R)))  # the shaving's wood
        d.line(shaving, fill=(196, 60, 52), width=1)  # its painted edge
    M = round(0.05 * big)
    bg = _table(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (156, 142, 126), 0.04, 3)
    return _grain(_on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.35, g), g, 1.8)


def _leaf_blade(ld: ImageDraw.ImageDraw, x: float, y: float, ang: float, ln: float, wd: float, droop: float) -> None:
    """A long arching leaf: a tapering blade bending down along its length (into the shadow layer)."""
    left, right = [], []
    for k in range(13):
        t = k / 12
        a = ang + droop * t * t
        px_ = x + ln * t * math.cos(ang) + 0.3 * ln * t * t * (math.cos(a) - math.cos(ang))
        py_ = y + ln * t * math.sin(ang) + 0.3 * ln * t * t * (math.sin(a) - math.sin(ang))
        half = wd * (1 - t) * (0.4 + 0.6 * math.sin(math.pi * min(1.0, t + 0.2)))
        left.append((px_ - half * math.sin(a), py_ + half * math.cos(a)))
        right.append((px_ + half * math.sin(a), py_ - half * math.cos(a)))
    ld.polygon(left + right[::-1], fill=255)


def _page43(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    big = max(h, w)
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "tree_stump_rings":
        return _bg_page(a, lambda H, W: _tree_stump(g, rng, H, W, big), rng, g, 0.45)
    if e == "road_atlas":
        return _bg_page(a, lambda H, W: _road_atlas(g, rng, H, W, big), rng, g, 0.35)
    if e == "sheet_music_pile":
        return _bg_page(a, lambda H, W: _sheet_music(g, rng, H, W, big), rng, g, 0.4)
    if e == "forest_floor_needles":
        return _bg_page(a, lambda H, W: _pine_needles(g, rng, H, W, big), rng, g, 0.45)
    if e == "chalk_hopscotch_pavement":
        return _bg_page(a, lambda H, W: _hopscotch(g, rng, H, W, big), rng, g, 0.45)
    if e == "sheepskin_rug":
        return _bg_page(a, lambda H, W: _sheepskin(g, rng, H, W, big), rng, g, 0.35)
    if e == "plaster_alcove":
        return _bg_page(a, lambda H, W: _plaster_alcove(g, rng, H, W, big), rng, g, 0.4)
    if e == "darkroom_safelight":  # on a dark bench under a red safelight: everything red, dimmer away from the lamp
        out = _page_on(a, lambda H, W: _table(g, H, W, (70, 64, 60), 0.04, 3), rng, g, 0.09, 3.0, 0.3)
        H, W = out.shape[:2]
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        lx, ly = rng.uniform(0.2, 0.8) * W, -0.2 * H
        fall = 1 - 0.22 * np.clip(np.hypot(xx - lx, yy - ly) / (1.4 * max(H, W)), 0, 1)
        cast = np.array((1.0, 0.6, 0.47), np.float32)
        return _grain(out * fall[..., None] * cast, g, 2.5)
    if e == "spider_plant_shadow":  # a spider plant's shadow: long arching leaves fanning from a pot off the page
        out = _page_on(a, lambda H, W: _table(g, H, W, (210, 200, 184), 0.03, 3), rng, g, 0.09, 3.0, 0.3)
        H, W = out.shape[:2]
        lay, ld = _layer(W, H)
        left = rng.random() < 0.5
        x0, y0 = (-0.05 if left else 1.05) * W, rng.uniform(0.55, 0.9) * H
        towards = -math.pi / 4 if left else -3 * math.pi / 4  # the leaves reach up across the page
        for _ in range(14):
            ang = towards + rng.uniform(-0.8, 0.8)
            droop = (1 if math.cos(ang) > 0 else -1) * rng.uniform(0.3, 0.7)  # each leaf arches over and down
            _leaf_blade(ld, x0, y0, ang, rng.uniform(0.5, 0.85) * big, max(4.0, 0.022 * big), droop)
        return _grain(_cast_shadow(out, lay, big, 0.003, 0.2), g, 2.0)
    if e == "coat_hanger_shadow":  # a wire coat hanger's shadow: its hook, twisted neck, sloping shoulders, bar
        out = _page_on(a, lambda H, W: _table(g, H, W, (214, 206, 192), 0.03, 3), rng, g, 0.09, 3.0, 0.3)
        H, W = out.shape[:2]
        lay, ld = _layer(W, H)
        cx, cy, R = rng.uniform(0.3, 0.7) * W, rng.uniform(0.15, 0.35) * H, rng.uniform(0.35, 0.45) * big
        ang = rng.uniform(-0.3, 0.3)
        shape = [(-1.0, 0.5), (0.0, 0.0), (1.0, 0.5), (-1.0, 0.5)]
        wd = max(3, round(0.007 * big))
        ld.line(_rotated(shape, cx, cy, ang, R), fill=255, width=wd)
        hook = [(0.0, 0.0), (0.0, -0.12), (0.06, -0.2), (0.02, -0.27), (-0.05, -0.24)]
        ld.line(_rotated(hook, cx, cy, ang, R), fill=255, width=wd)
        return _grain(_cast_shadow(out, lay, big, 0.003, 0.2), g, 2.0)
    if e in ("chess_knight_margin", "pencil_sharpener_margin"):
        return _margin_object(a, rng, g, L, e, big)
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page43(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style43,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, mean cell width ``cw`` and height ``ch``, the column and row edges ``xs`` and
    ``ys``, and ``keep``, the box round the clues and the grid; ``_box25`` gives a cell's box)."""
    rng = random.Random(f"h43:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = _change43(truth, style.clue_change, rng) if plan["clue"] else None
    row_vals, col_vals = _line_values(truth, change)
    if style.redraw:
        img, L = _redraw_whole43(layout, style, row_vals, col_vals, rng, (inp.shape[1], inp.shape[0]))
        img = _draw_redraw_grid43(img, L, style.redraw, rng)  # the grid ruled before the cells are filled
    else:
        img = input_image.convert("RGB").copy()
        if style.clue_font:
            _redraw_clues43(img, layout, row_vals, col_vals, style, rng)
        elif change:
            _retype_lines43(img, layout, row_vals, col_vals, _changed_lines(change))
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
                _draw_fill43(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill43(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline43(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross43(img, box, style, rng)
            elif not ((r, c) in filled and style.missing_bare):
                _draw_empty43(img, box, style.empty, rng)
    if not style.redraw:
        _draw_grid43(img, L, rng, style.grid, inp)
    return np.asarray(img), rng, L


def make_answer43(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style43,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page43(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page43(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
