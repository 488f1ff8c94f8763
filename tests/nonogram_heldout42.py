"""HELDOUT42, measured blind on rubric 79 (the forty-eighth session's end, 6cc1b98; not completed on its start), never
looked at: **382/432** right (88.4 %), **0 false passes**, 0 unreadable and 0 confident false fails (seed 5,
``tools/measure_nonogram_family.py nonogram_heldout42:HELDOUT42 --seed 5``). By planted error: none 40/72, extra_light
72, extra_outline 72, x_instead 72, missing 71, clue_changed 55 (of 72 each). Held out: measured as counts only.

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved nonogram:
clue faces from sources no earlier nonogram family, test, install list or digit-reader training names. With no installs
allowed, Debian's plain font packages and the PyPI font wheels spent, all twelve are further faces of Brian Kent's from
Debian's fonts-aenigma (free to redistribute and change, the package's copyright says), none an earlier family's, each
file's prefix new: a fat rounded display face (Corpulent Caps BRK, ``ccaps.ttf``), a wide squared sans (Crackdown R
BRK, ``crkdownr.ttf``), a heavy italic (Detonate BRK, ``detonate.ttf``), a bold condensed rounded sans (Yonder BRK,
``yonder.ttf``), a broad heavy geometric face with flared ends (Vindictive BRK, ``vindicti.ttf``), a stepped pixel slab
serif with a slashed zero (Gaposis Solid BRK, ``gaposiss.ttf``), a light face with small flared serifs (Lights Out BRK,
``lightout.ttf``), a squared technical sans (Chemical Reaction A BRK, ``chemrea.ttf``), a condensed rounded techno sans
(techno overload BRK, ``techover.ttf``), a slanted handwriting (Johnny Mac Scrawl BRK, ``jmacscrl.ttf``, written with
a quill on the parchment), an upright felt-tip hand (Mad's Scrawl BRK, ``madscrwl.ttf``, drawn with the drawing toy's
stylus), and for the retyped line on the page that keeps the input's clues a plain condensed sans (Entangled Plain
BRK, ``entplain.ttf``). Fills no earlier family uses (sloe berries with their bloom, a polished black agate slice with
its bands, braided paracord, roasted buckwheat groats, gunmetal upholstery nailheads, a morel's honeycomb, periwinkle
shells, whole nutmegs with their furrows, an amethyst druse, treacle toffee shards, a square laid in iron-gall ink
with a diaper lattice, the drawing toy's screen scraped dark by the stylus); empty-cell marks drawn in new ways (a
tiny grey-blue paper plane, a tiny green sprout, a tiny pale-red mitten, a tiny pink ribbon bow); the planted errors
drawn in new ways (pale rubber ducks, tortoises, sheep or steam engines, each over a light tint; a frame of accordion
bellows, of corn kernels, of egg-carton cups, of wafer biscuit; an X of two garden rakes, of two axes, of two
toothbrushes, of two kebab skewers; all in the fill's colour); a changed clue that has one number of at least 5
written as three numbers two less in all, so that the line still fits (``split_in_three``, new here), has every 1 of a
line that also holds a larger number left out (``ones_dropped``, new here), has one number doubled, is written in
reverse, gains a number between two of its numbers, has one unit moved between two of its numbers, has two
neighbouring unequal numbers swapped, has one even number halved, has each number one less, or (on the page that keeps
the input's clues) has one number one more or less; a missing fill left bare on a page whose other empty cells carry
marks; grids drawn in new ways (pen lines under block lines of ribbed steel rebar; of wooden ice-lolly sticks laid end
to end; of a gold tinsel garland; of a bramble cane with its thorns and a leaf here and there); two styles that redraw
the whole puzzle in a new medium (a leaf of calf parchment ruled in red round its text block, the grid ruled, the
clues written and the cells laid in with a quill in iron-gall ink; a red drawing toy with an aluminium-powder screen
and two white knobs, the grid, the clues and the cells drawn on its screen with the stylus, one unbroken staircase
line running in from the screen's corner); and page changes no earlier family uses (the page on a Persian rug; on a
knapped flint wall; on a green toy-brick baseplate; on a heap of fishing net on quay boards; on a black glass-ceramic
hob; on a floral duvet; the shadow of a bare winter branch; the shadow of a straw sun hat; a steel thimble on the
widened right margin; a starfish on the widened left margin; the parchment on an oak lectern; the drawing toy on a
child's play rug with roads).

Clues written anew on the input's page are sized by their digits' height as drawn and fitted to its clue strips (as in
HELDOUT25 to HELDOUT41), two numbers of a row always further apart than two figures of one number (and set a little
further apart than the earlier families set them); the redrawn puzzles space their clues by the digits' height,
measured on the drawn figures, a row's numbers at least a figure's height apart.

Doubts noted rather than made unfair: of fonts-aenigma's many faces most were left out as too hard to read (outlined,
striped, stencilled, shattered, dotted, dingbat or 3D faces), Kaliber Round, Syndrome and Persuasion for a 5 that reads
like an S at clue size, Spheroids X for a 5 like its 6, Kurvature for an S-like 5, Brass Knuckle SS for notched 1s
that read like an H, Lucid Type, Hand Me Down S and Great Heights for figures set so close that 13 reads like a B, and
the sisters of faces earlier families took (36 days ago, Classic Trash 2, Fatboy Slim BLTC 2, Bobcaygeon Plain, the
Mishmash cuts). Corpulent Caps's figures are fat and round; Crackdown's wide and squared, its 4 open; Detonate's lean
and heavy; Yonder's tall, bold and condensed; Vindictive's broad with flared ends; Gaposis Solid's stepped like large
pixels, its 0 slashed and its 1 footed; Lights Out's light with small flared serifs (written a little larger); Chemical
Reaction's squared, its 7 a square hook; techno overload's condensed and rounded; Johnny Mac Scrawl's a quick slanted
hand; Mad's Scrawl's an upright felt-tip hand whose 1 is a bare stroke (so 11 is two strokes); Entangled Plain's plain
and condensed. The parchment's mottle and cockled edges darken it by at most a sixth, far from the clues; its red
ruling lies outside the text block; the iron-gall ink feathers a pixel round each figure; the drawing toy's screen is
a light grey (the marks on it greyer than ink on paper, but a fill still far darker than an empty cell); its staircase
line runs only through the empty corner above the row clues and left of the column clues; the branch's and the hat's
shadows darken the page by at most a fifth; the rug, flint, baseplate, net, hob, duvet, lectern and play rug lie round
the page, never on it; the thimble and the starfish lie on widened margins and neither carries a digit; the rebar,
lolly-stick, tinsel and bramble block lines are broader and less even than a ruled line (the tinsel's strands, the
thorns and the bramble's leaves reach a little into the cells' borders, its leaves kept on the grid's side of the
outer lines); the fills have some paler features (the sloes' bloom, the agate's pale bands, the cord's lit crowns, the
groats' lit faces, the nailheads' glints, the morel's ridges, the shells' whorls, the nutmegs' furrows, the crystals'
lit facets, the toffee's glassy edges and bubbles, the diaper lattice, the screen's grey seams between passes) over a
dark ground, and a person sees a filled cell at once; the paper plane is small and grey-blue, the sprout small and
green, the mitten small and pale red, the bow small and pink; the planted pale marks are a light tint with
darker-than-tint shapes over it, plainly darker than the paper; a number split in three needs a number of at least 5
(where a puzzle has none, one number is split in two); the retyped clue line on the page that keeps the input's clues
is in a different face from its neighbours; the style names begin ``s_`` as HELDOUT28's to HELDOUT41's do (the names
themselves differ from every earlier one).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer42` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout42:HELDOUT42`` measures them like the earlier families.
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
from nonogram_heldout39 import _bg_page, _cast_shadow, _ink_onto
from nonogram_heldout40 import _Face40, _redraw_clues40
from nonogram_heldout41 import _change41
from PIL import Image, ImageDraw


@dataclass(frozen=True)
class Style42(Style):
    """A HELDOUT42 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``parchment_quill``, ``etch_a_sketch``; empty keeps the
    input's frame), ``clue_change`` how a planted clue_changed answer alters its line (as in HELDOUT41, or
    ``split_in_three``: one number of at least 5 written as three numbers, or ``ones_dropped``: every 1 of a line
    that also holds a larger number left out) and ``missing_bare`` whether a missing fill is left bare rather than
    marked like the other empty cells. ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""
    clue_change: str = "extra"
    missing_bare: bool = False

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer42(input_image, layout, truth, self, error, seed)


GAP = (0.6, 0.8)  # a row's numbers further apart than the earlier families set them

HELDOUT42 = (
    Style42("s_corpulentcaps_sloeberries_persianrug", "sloe_berries", (36, 34, 52), "none", "ccaps.ttf",
            ("persian_rug", "jpeg"), clue_scale=(0.98, 1.06), clue_gap=GAP, grid="rebar_majors",
            light_mark="light_rubber_ducks", outline_mark="outline_bellows", cross_mark="heavy_x_rakes",
            clue_change="split_in_three"),
    Style42("s_crackdownbrk_blackagate_flintwall", "black_agate_bands", (34, 34, 38), "tiny_paper_plane",
            "crkdownr.ttf", ("flint_wall", "jpeg"), clue_scale=(0.98, 1.06), clue_gap=GAP,
            grid="popsicle_stick_majors", light_mark="light_tortoises", outline_mark="outline_corn_kernels",
            cross_mark="heavy_x_axes", clue_change="ones_dropped", missing_bare=True),
    Style42("s_detonatebrk_paracord_brickbaseplate", "paracord_braid", (32, 32, 40), "none", "detonate.ttf",
            ("toy_brick_baseplate", "jpeg"), clue_scale=(1.04, 1.12), clue_gap=GAP, grid="tinsel_garland_majors",
            light_mark="light_sheep", outline_mark="outline_egg_carton", cross_mark="heavy_x_toothbrushes",
            clue_change="one_doubled"),
    Style42("s_yonderbrk_buckwheat_fishingnet", "roasted_buckwheat", (70, 46, 28), "tiny_sprout", "yonder.ttf",
            ("fishing_net", "jpeg"), clue_scale=(1.0, 1.08), clue_gap=GAP, grid="bramble_majors",
            light_mark="light_steam_trains", outline_mark="outline_wafer_biscuit", cross_mark="heavy_x_kebab_skewers",
            clue_change="split_in_three", missing_bare=True),
    Style42("s_vindictivebrk_nailheads_ceramichob", "gunmetal_nailheads", (44, 46, 52), "none", "vindicti.ttf",
            ("ceramic_hob", "jpeg"), clue_scale=(0.98, 1.06), clue_gap=GAP, grid="rebar_majors",
            light_mark="light_sheep", outline_mark="outline_corn_kernels", cross_mark="heavy_x_toothbrushes",
            clue_change="reversed"),
    Style42("s_gaposissolid_morels_floralduvet", "morel_honeycomb", (58, 44, 34), "tiny_mitten", "gaposiss.ttf",
            ("floral_duvet", "jpeg"), clue_scale=(0.98, 1.06), clue_gap=GAP, grid="popsicle_stick_majors",
            light_mark="light_rubber_ducks", outline_mark="outline_wafer_biscuit", cross_mark="heavy_x_axes",
            clue_change="ones_dropped", missing_bare=True),
    Style42("s_lightsout_periwinkles_branchshadow", "periwinkle_shells", (40, 38, 44), "none", "lightout.ttf",
            ("bare_branch_shadow", "jpeg"), clue_scale=(1.06, 1.14), clue_gap=GAP,
            grid="tinsel_garland_majors", light_mark="light_steam_trains", outline_mark="outline_bellows",
            cross_mark="heavy_x_kebab_skewers", clue_change="insert_middle"),
    Style42("s_chemicalreaction_nutmegs_strawhatshadow", "whole_nutmegs", (76, 52, 36), "tiny_bow", "chemrea.ttf",
            ("straw_hat_shadow", "jpeg"), clue_scale=(1.0, 1.08), clue_gap=GAP, grid="bramble_majors",
            light_mark="light_tortoises", outline_mark="outline_egg_carton", cross_mark="heavy_x_rakes",
            clue_change="transfer", missing_bare=True),
    Style42("s_technooverload_amethystdruse_thimble", "amethyst_druse", (50, 30, 62), "none", "techover.ttf",
            ("thimble_margin", "jpeg"), clue_scale=(1.04, 1.12), clue_gap=GAP, grid="rebar_majors",
            light_mark="light_rubber_ducks", outline_mark="outline_egg_carton", cross_mark="heavy_x_kebab_skewers",
            clue_change="inner_pair_swapped"),
    Style42("s_keptclues_treacletoffee_starfish", "treacle_toffee_shards", (44, 28, 20), "tiny_paper_plane", None,
            ("starfish_margin", "jpeg"), grid="kept", light_mark="light_sheep", outline_mark="outline_bellows",
            cross_mark="heavy_x_axes", clue_change="retyped_line", missing_bare=True),
    Style42("s_johnnymacscrawl_irongall_redrawparchment", "iron_gall_diaper", (50, 36, 28), "none", "jmacscrl.ttf",
            ("oak_lectern", "jpeg"), clue_colour=(50, 36, 28), clue_scale=(1.06, 1.14), light_mark="light_tortoises",
            outline_mark="outline_corn_kernels", cross_mark="heavy_x_toothbrushes", clue_change="one_halved",
            redraw="parchment_quill"),
    Style42("s_madscrawl_stylusscrape_redrawetchasketch", "etched_screen_scrape", (62, 62, 66), "none",
            "madscrwl.ttf", ("play_rug_roads", "jpeg"), clue_colour=(62, 62, 66), clue_scale=(1.06, 1.14),
            light_mark="light_steam_trains", outline_mark="outline_wafer_biscuit", cross_mark="heavy_x_rakes",
            clue_change="all_lowered", redraw="etch_a_sketch"),
)

CHANGE_FONT = "entplain.ttf"  # Entangled Plain BRK: the retyped line of a changed clue on the kept page

# Every face's Debian package (all from fonts-aenigma).
DEBIAN_FACES = {s.clue_font: "fonts-aenigma" for s in HELDOUT42 if s.clue_font} | {CHANGE_FONT: "fonts-aenigma"}


def face_path(name: str):
    """A clue face's file, as ``nonogram_answers.font_path`` finds it."""
    return font_path(name)


# ------------------------------------------------------------------------------------------ clues


def _retype_lines42(img: Image.Image, layout: dict[str, Any], row_vals, col_vals,
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


def _change42(truth: dict[str, Any], mode: str, rng: random.Random) -> tuple[str, int, list[str]]:
    """A changed clue as :func:`_change41` makes it, or (``split_in_three``) one number of at least 5 written as
    three numbers whose sum is two less (the run cut twice, a cell left out at each cut, so the line still fits;
    where no line holds a 5 or more, one number split in two), or (``ones_dropped``) every 1 of a line that holds a
    1 and a larger number left out (where no line does, one number left out)."""
    lines = [(kind, i, v) for kind in ("row", "col") for i, v in enumerate(_values(truth[f"{kind}_clues"]))]
    if mode == "split_in_three":
        opts = [(x, k) for x in lines for k, t in enumerate(x[2]) if int(t) >= 5]
        if opts:
            (kind, i, v), k = rng.choice(opts)
            rest = int(v[k]) - 2
            a = rng.randint(1, rest - 2)
            b = rng.randint(1, rest - 1 - a)
            return kind, i, v[:k] + [str(a), str(b), str(rest - a - b)] + v[k + 1:]
        mode = "split"
    if mode == "ones_dropped":
        opts = [x for x in lines if "1" in x[2] and any(int(t) > 1 for t in x[2])]
        if opts:
            kind, i, v = rng.choice(opts)
            return kind, i, [t for t in v if t != "1"]
        mode = "drop"
    return _change41(truth, mode, rng)


# ------------------------------------------------------------------------------------------ fills


def _tex42(kind: str, w: int, h: int, colour, g: np.random.Generator,
           rng: random.Random) -> tuple[np.ndarray, np.ndarray | None]:
    """A filled cell's picture (h, w, 3 float) in ``kind`` and its coverage (None: it covers the whole cell)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    alpha = None
    if kind == "sloe_berries":  # sloes: round blue-black berries, a dusty pale bloom, a dark stalk scar, a glint
        img = Image.new("RGB", (w, h), _c(col * 0.4))
        d = ImageDraw.Draw(img)
        r0 = max(2.5, s / 6.0)
        for _ in range(int(w * h / (r0 * r0) * 0.5) + 4):
            x, y = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h
            r = r0 * rng.uniform(0.85, 1.15)
            tone = rng.uniform(0.85, 1.15)
            _disc(d, x, y, r, fill=_c(col * tone), outline=_c(col * 0.5))
            _disc(d, x - 0.2 * r, y - 0.15 * r, 0.6 * r, fill=_c(_lift(col * tone, 0.1) + (0, 4, 12)))  # the bloom
            _disc(d, x + 0.3 * r, y + 0.3 * r, max(0.6, 0.12 * r), fill=_c(col * 0.35))  # the stalk scar
            _disc(d, x - 0.4 * r, y - 0.4 * r, max(0.5, 0.13 * r), fill=_c(_lift(col * tone, 0.45)))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "black_agate_bands":  # a polished black agate slice: wavy concentric bands, a pale thin band or two
        cx, cy = rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h
        dist = np.hypot((xx - cx) * 1.2, yy - cy) + 0.12 * s * _noise0(g, h, w, max(1.0, s / 5))
        band = np.sin(dist / max(2.5, s / 9) * 2 * math.pi)
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        tex *= (0.9 + 0.14 * band)[..., None]
        tex[np.abs(band - 0.97) < 0.03] = _lift(col, 0.28)  # a pale band
        tex *= (1 + 0.03 * _noise0(g, h, w, 0.6))[..., None]
        tex[(xx + yy) % max(6.0, s / 2) < 1] = _lift(col, 0.12)  # the polish's faint sheen lines
    elif kind == "paracord_braid":  # a braided paracord (cobra weave): alternating lobes, a woven sheath, lit crowns
        img = Image.new("RGB", (w, h), _c(col * 0.35))
        d = ImageDraw.Draw(img)
        bw = max(8.0, s / 2.2)
        ph = max(4.0, bw / 2.4)
        for x0 in np.arange(-bw * 0.25, w, bw):
            for j, y in enumerate(np.arange(-ph, h + ph, ph)):
                for side in ((0, 1) if j % 2 else (1, 0)):
                    xa = x0 + side * bw * 0.45
                    tone = rng.uniform(0.9, 1.15)
                    d.ellipse([xa, y - 0.1 * ph, xa + bw * 0.58, y + ph * 1.1], fill=_c(col * tone),
                              outline=_c(col * 0.5))
                    d.arc([xa + 1, y, xa + bw * 0.58 - 1, y + ph], 200, 320, fill=_c(_lift(col * tone, 0.25)), width=1)
        tex = np.asarray(img, np.float32).copy()
        tex[((xx - yy) % 3 < 1)] *= 0.85  # the sheath's weave
    elif kind == "roasted_buckwheat":  # roasted buckwheat groats: small three-sided kernels, a lit face each
        img = Image.new("RGB", (w, h), _c(col * 0.45))
        d = ImageDraw.Draw(img)
        r0 = max(2.5, s / 8)
        for _ in range(int(w * h / (r0 * r0) * 0.8) + 5):
            x, y, a = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h, rng.uniform(0, 2 * math.pi)
            r = r0 * rng.uniform(0.85, 1.2)
            pts = [(x + r * math.cos(a + k * 2 * math.pi / 3), y + r * math.sin(a + k * 2 * math.pi / 3))
                   for k in range(3)]
            tone = rng.uniform(0.8, 1.2)
            d.polygon(pts, fill=_c(col * tone), outline=_c(col * 0.55))
            d.polygon([pts[0], pts[1], (x, y)], fill=_c(_lift(col * tone, 0.16)))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "gunmetal_nailheads":  # close-set domed gunmetal nailheads on dark leather, a glint on each dome
        img = Image.new("RGB", (w, h), _c(col * 0.5))
        d = ImageDraw.Draw(img)
        r = max(2.2, s / 7.5)
        p = 2.05 * r
        for j, y in enumerate(np.arange(r * 0.6, h + r, p * 0.87)):
            for x in np.arange(r * 0.6 - (j % 2) * p / 2, w + r, p):
                tone = rng.uniform(0.9, 1.1)
                _disc(d, x + 0.12 * r, y + 0.15 * r, r, fill=_c(col * 0.3))  # the dome's shadow
                _disc(d, x, y, r, fill=_c(col * tone), outline=_c(col * 0.55))
                _disc(d, x - 0.15 * r, y - 0.15 * r, 0.6 * r, fill=_c(_lift(col * tone, 0.1)))
                _disc(d, x - 0.35 * r, y - 0.35 * r, max(0.6, 0.16 * r), fill=_c(_lift(col * tone, 0.5)))
        tex = np.asarray(img, np.float32).copy()
        tex *= (1 + 0.03 * _noise0(g, h, w, 0.7))[..., None]
    elif kind == "morel_honeycomb":  # a morel's cap: a honeycomb of deep pits between lit, crinkled ridges
        n = max(6, int(w * h / (s / 3.2) ** 2))
        pts = np.stack([g.uniform(-0.1, 1.1, n) * w, g.uniform(-0.1, 1.1, n) * h], 1).astype(np.float32)
        dd = np.sort(np.hypot(xx[..., None] - pts[:, 0], yy[..., None] - pts[:, 1]), axis=-1)
        gap = dd[..., 1] - dd[..., 0]
        ridge = np.clip(1 - gap / max(1.2, s / 16), 0, 1)
        depth = np.clip(dd[..., 0] / max(2.0, s / 6), 0, 1)
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        tex *= (0.55 + 0.25 * depth + 0.35 * ridge)[..., None]
        tex[ridge > 0.75] = _lift(col, 0.14)
        tex *= (1 + 0.05 * _noise0(g, h, w, 0.8))[..., None]
    elif kind == "periwinkle_shells":  # heaped periwinkles: round spiral shells, pale whorl lines, a dark aperture
        img = Image.new("RGB", (w, h), _c(col * 0.4))
        d = ImageDraw.Draw(img)
        r0 = max(3.0, s / 5)
        for _ in range(int(w * h / (r0 * r0) * 0.55) + 3):
            x, y = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h
            r = r0 * rng.uniform(0.8, 1.15)
            a0, hand = rng.uniform(0, 2 * math.pi), rng.choice((-1, 1))
            tone = rng.uniform(0.85, 1.15)
            _disc(d, x, y, r, fill=_c(col * tone), outline=_c(col * 0.5))
            spiral = [(x + r * 0.9 * (1 - t / 16) * math.cos(a0 + hand * t * 0.55),
                       y + r * 0.9 * (1 - t / 16) * math.sin(a0 + hand * t * 0.55)) for t in range(16)]
            d.line(spiral, fill=_c(_lift(col * tone, 0.2)), width=1)
            ax_, ay_ = x + 0.7 * r * math.cos(a0 + 2.5), y + 0.7 * r * math.sin(a0 + 2.5)
            _disc(d, ax_, ay_, 0.3 * r, fill=_c(col * 0.3))  # the aperture
        tex = np.asarray(img, np.float32).copy()
    elif kind == "whole_nutmegs":  # whole nutmegs: brown ovals covered in a net of paler shallow furrows
        img = Image.new("RGB", (w, h), _c(col * 0.45))
        d = ImageDraw.Draw(img)
        r0 = max(3.0, s / 4.2)
        for _ in range(int(w * h / (r0 * r0) * 0.5) + 3):
            x, y, a = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h, rng.uniform(0, math.pi)
            r = r0 * rng.uniform(0.85, 1.1)
            tone = rng.uniform(0.85, 1.15)
            oval = [(0.62 * math.cos(t), 0.48 * math.sin(t)) for t in np.linspace(0, 2 * math.pi, 20, endpoint=False)]
            d.polygon(_rotated(oval, x, y, a, 2 * r), fill=_c(col * tone), outline=_c(col * 0.5))
            for _k in range(5):  # the net of furrows
                px_, py_ = rng.uniform(-0.5, 0.5), rng.uniform(-0.38, 0.38)
                path = [(px_, py_)]
                for _step in range(3):
                    px_ = max(-0.55, min(0.55, px_ + rng.uniform(-0.25, 0.25)))
                    py_ = max(-0.4, min(0.4, py_ + rng.uniform(-0.2, 0.2)))
                    path.append((px_, py_))
                d.line(_rotated(path, x, y, a, 2 * r * 0.95), fill=_c(_lift(col * tone, 0.14)), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "amethyst_druse":  # an amethyst druse: dark purple crystal points, each with a lit and a dark facet
        img = Image.new("RGB", (w, h), _c(col * 0.4))
        d = ImageDraw.Draw(img)
        r0 = max(2.5, s / 6.5)
        for _ in range(int(w * h / (r0 * r0) * 0.9) + 5):
            x, y, a = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h, rng.uniform(0, 2 * math.pi)
            r = r0 * rng.uniform(0.7, 1.2)
            pts = [(x + r * math.cos(a + k * math.pi / 3), y + r * math.sin(a + k * math.pi / 3)) for k in range(6)]
            tone = rng.uniform(0.85, 1.2)
            d.polygon(pts, fill=_c(col * tone), outline=_c(col * 0.5))
            d.polygon([pts[4], pts[5], (x, y)], fill=_c(_lift(col * tone, 0.3)))  # the lit facet
            d.polygon([pts[1], pts[2], (x, y)], fill=_c(col * tone * 0.6))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "treacle_toffee_shards":  # broken treacle toffee: glassy near-black shards, lit edges, tiny bubbles
        img = Image.new("RGB", (w, h), _c(col * 0.5))
        d = ImageDraw.Draw(img)
        r0 = max(4.0, s / 3.2)
        for _ in range(int(w * h / (r0 * r0) * 1.2) + 3):
            x, y = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h
            n = rng.randint(4, 5)
            a0 = rng.uniform(0, 2 * math.pi)
            pts = [(x + r0 * rng.uniform(0.5, 1.0) * math.cos(a0 + k * 2 * math.pi / n),
                    y + r0 * rng.uniform(0.5, 1.0) * math.sin(a0 + k * 2 * math.pi / n)) for k in range(n)]
            tone = rng.uniform(0.85, 1.2)
            d.polygon(pts, fill=_c(col * tone), outline=_c(_lift(col * tone, 0.22)))
            d.line([pts[0], pts[1]], fill=_c(_lift(col * tone, 0.4)), width=1)  # a glassy glint along an edge
            for _b in range(2):
                bx, by = x + rng.uniform(-0.3, 0.3) * r0, y + rng.uniform(-0.3, 0.3) * r0
                _disc(d, bx, by, max(0.8, 0.06 * r0), outline=_c(_lift(col * tone, 0.25)))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "iron_gall_diaper":  # a square laid in iron-gall ink with a quill, a fine diaper lattice scratched in
        m0 = 0.05 * s
        lay, ld = _layer(w, h)
        ld.rectangle([m0, m0, w - 1 - m0, h - 1 - m0], fill=255)
        alpha = np.clip(cv2.GaussianBlur(_m(lay), (0, 0), 0.7) * (1 + 0.1 * _noise0(g, h, w, 1.0)), 0, 1)
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        tex *= (1 + 0.08 * _noise0(g, h, w, max(1.0, s / 6)))[..., None]
        edge = np.minimum.reduce([xx - m0, yy - m0, w - 1 - m0 - xx, h - 1 - m0 - yy])
        tex[edge < max(1.0, 0.06 * s)] = col * 0.7  # the ink pooled at the square's rim
        p = max(5.0, s / 4)
        lattice = (np.abs(((xx + yy) % p) - p / 2) < 0.5) | (np.abs(((xx - yy) % p) - p / 2) < 0.5)
        tex[lattice & (edge > 0.08 * s)] = _lift(col, 0.2)
    elif kind == "etched_screen_scrape":  # the stylus scraped back and forth: dark passes, thin grey seams between
        m0 = 0.04 * s
        lay, ld = _layer(w, h)
        ld.rectangle([m0, m0, w - 1 - m0, h - 1 - m0], fill=255)
        alpha = cv2.GaussianBlur(_m(lay), (0, 0), 0.4)
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        p = max(3.0, s / 9)
        tex[((yy - m0) % p) > 0.8 * p] = _lift(col, 0.35)  # the seams between the passes
        tex[(xx < m0 + 1.5) | (xx > w - m0 - 2.5)] = col  # the turns at either end
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255), alpha


def _draw_fill42(img: Image.Image, box, style: Style42, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07)
    w, h = bx - ax, by - ay
    if not light:
        tex, alpha = _tex42(style.fill, w, h, style.fill_colour, g, rng)
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
        if light == "light_rubber_ducks":  # rubber ducks: a round body, a head, a flat beak, an upturned tail
            ld.ellipse([x - 0.65 * r, y - 0.1 * r, x + 0.55 * r, y + 0.5 * r], fill=255)
            _disc(ld, x + 0.25 * r, y - 0.3 * r, 0.3 * r, fill=255)
            ld.polygon([(x + 0.5 * r, y - 0.35 * r), (x + 0.85 * r, y - 0.25 * r), (x + 0.5 * r, y - 0.15 * r)],
                       fill=255)
            ld.polygon([(x - 0.55 * r, y + 0.05 * r), (x - 0.85 * r, y - 0.25 * r), (x - 0.45 * r, y - 0.05 * r)],
                       fill=255)
            _disc(ld, x + 0.3 * r, y - 0.36 * r, max(0.5, 0.06 * r), fill=0)  # the eye
        elif light == "light_tortoises":  # tortoises: a domed shell with a plate line, a head, four stubby legs
            for lx in (-0.45, 0.3):
                ld.rectangle([x + lx * r, y + 0.2 * r, x + (lx + 0.15) * r, y + 0.45 * r], fill=255)
            ld.chord([x - 0.65 * r, y - 0.6 * r, x + 0.55 * r, y + 0.5 * r], 180, 360, fill=255)
            ld.rectangle([x - 0.65 * r, y - 0.06 * r, x + 0.55 * r, y + 0.22 * r], fill=255)
            _disc(ld, x + 0.7 * r, y - 0.02 * r, 0.18 * r, fill=255)  # the head
            ld.arc([x - 0.35 * r, y - 0.35 * r, x + 0.25 * r, y + 0.25 * r], 180, 360, fill=0, width=1)
        elif light == "light_sheep":  # sheep: a fleece of little puffs, a dark-gapped head, four thin legs
            for dx, dy in ((-0.35, 0), (0, -0.15), (0.3, 0), (-0.15, 0.2), (0.15, 0.2), (0, 0.05)):
                _disc(ld, x + dx * r, y + dy * r, 0.28 * r, fill=255)
            for lx in (-0.35, -0.15, 0.15, 0.35):
                ld.line([(x + lx * r, y + 0.3 * r), (x + lx * r, y + 0.6 * r)], fill=255, width=lw)
            ld.ellipse([x + 0.5 * r, y - 0.3 * r, x + 0.85 * r, y + 0.05 * r], fill=255)  # the head
            ld.line([(x + 0.5 * r, y - 0.3 * r), (x + 0.5 * r, y + 0.05 * r)], fill=0, width=1)
        elif light == "light_steam_trains":  # steam engines: a boiler, a tall cab, a chimney, wheels under
            ld.rectangle([x - 0.3 * r, y - 0.2 * r, x + 0.6 * r, y + 0.2 * r], fill=255)  # the boiler
            ld.rectangle([x - 0.7 * r, y - 0.55 * r, x - 0.3 * r, y + 0.2 * r], fill=255)  # the cab
            ld.rectangle([x + 0.3 * r, y - 0.5 * r, x + 0.45 * r, y - 0.2 * r], fill=255)  # the chimney
            for wx in (-0.5, -0.05, 0.4):
                _disc(ld, x + wx * r, y + 0.37 * r, 0.17 * r, fill=255)
            ld.line([(x - 0.3 * r, y - 0.02 * r), (x + 0.6 * r, y - 0.02 * r)], fill=0, width=1)  # a boiler band
        else:
            raise ValueError(light)
    alpha = 0.2 + 0.34 * _m(lay)
    _paste_rgba(img, tex, cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.5), ax, ay)


def _draw_outline42(img: Image.Image, box, style: Style42, rng: random.Random) -> None:
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
    if kind == "outline_bellows":  # an accordion's bellows round the cell: pleats lit and shaded, thin edge frames
        pt = max(4.0, f * 0.8)
        u = (along % pt) / pt
        tex[band & (u < 0.5)] = col * 0.85
        tex[band & (u >= 0.5)] = _lift(col, 0.16)
        tex[band & (np.abs(u - 0.5) < 0.06)] = _lift(col, 0.3)  # a pleat's lit crest
        tex[band & ((v < 0.14) | (v > 0.86))] = col * 0.6  # the edge frames
        tex[band & corner] = col * 0.75
    elif kind == "outline_corn_kernels":  # two rows of corn kernels round the cell, dark gaps, a glint on each
        pt = max(4.0, f * 0.62)
        row = (v >= 0.5).astype(np.float32)
        u = ((along + row * pt / 2) % pt) / pt
        vv = (v * 2) % 1
        kernel = band & (((u - 0.5) / 0.42) ** 2 + ((vv - 0.5) / 0.42) ** 2 < 1)
        tex[:] = col * 0.5
        tex[kernel] = col
        tex[kernel & (np.hypot(u - 0.35, vv - 0.35) < 0.13)] = _lift(col, 0.35)
        tex[band & corner] = col * 0.8
    elif kind == "outline_egg_carton":  # an egg carton's cups round the cell: round hollows shaded to one side
        pt = max(5.0, f * 1.05)
        u = (along % pt) / pt
        dist = np.hypot((u - 0.5) * pt, (v - 0.5) * f)
        cup = band & (dist < 0.42 * min(pt, f))
        tex[:] = col
        tex[cup] = col * 0.75
        tex[cup & (u < 0.45)] = _lift(col, 0.14)  # the cup's lit inner wall
        tex[band & corner] = col * 0.85
    elif kind == "outline_wafer_biscuit":  # a wafer biscuit round the cell: a crisp grid of ridges and pits
        pw = max(3.0, f / 3)
        grid_ = ((along % pw) < pw * 0.3) | ((across % pw) < pw * 0.3)
        tex[band & ~grid_] = col * 0.8  # the pits
        tex[band & grid_] = _lift(col, 0.15)  # the ridges
        tex[band & (v > 0.92)] = col * 0.6
    else:
        raise ValueError(kind)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross42(img: Image.Image, box, style: Style42, rng: random.Random) -> None:
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
        if kind == "heavy_x_rakes":  # two garden rakes: a long handle, a crossbar head, a row of tines
            handle = (np.abs(n) < wid * 0.17) & (t > -0.03) & (t < 0.8)
            head = (np.abs(n) < wid * 0.6) & (t > 0.78) & (t < 0.85)
            tines = (np.abs(n) < wid * 0.6) & (t > 0.84) & (t < 1.02) & (((n / max(1.0, wid * 0.24)) % 1) < 0.5)
            part = handle | head | tines
            tex[part] = col
            tex[handle & (n < -wid * 0.04)] = _lift(col, 0.18)  # the handle's lit side
        elif kind == "heavy_x_axes":  # two axes: a long handle, a wedge-shaped head with a lit cutting edge
            handle = (np.abs(n) < wid * 0.17) & (t > -0.03) & (t < 1.0)
            reach = wid * (0.3 + 0.35 * ((t - 0.72) / 0.24))
            head = (t > 0.72) & (t < 0.96) & (n > 0) & (n < reach)
            part = handle | head
            tex[part] = col
            tex[head & (n > reach - max(1.5, wid * 0.1))] = _lift(col, 0.4)  # the cutting edge
            tex[handle & (t < 0.15)] = _lift(col, 0.12)  # the grip
        elif kind == "heavy_x_toothbrushes":  # two toothbrushes: a handle, a narrow neck, a head with tufts
            handle = (np.abs(n) < wid * (0.22 - 0.07 * np.clip(t / 0.7, 0, 1))) & (t > -0.03) & (t < 0.72)
            head = (np.abs(n) < wid * 0.17) & (t > 0.7) & (t < 1.02)
            tufts = (n > wid * 0.15) & (n < wid * 0.48) & (t > 0.73) & (t < 1.0) & (((t * ln) % 3.2) < 1.9)
            part = handle | head | tufts
            tex[part] = col
            tex[tufts] = _lift(col, 0.22)
            tex[handle & (np.abs(n) < wid * 0.04)] = _lift(col, 0.12)  # the handle's inlaid stripe
        elif kind == "heavy_x_kebab_skewers":  # two kebab skewers: a thin stick through alternate cubes and rings
            stick = (np.abs(n) < wid * 0.1) & (t > -0.05) & (t < 1.05)
            chunks = np.zeros_like(stick)
            for j, tc in enumerate((0.22, 0.45, 0.68, 0.88)):
                if j % 2 == 0:
                    piece = (np.abs((t - tc) * ln) < wid * 0.3) & (np.abs(n) < wid * 0.34)
                else:
                    dist = np.hypot((t - tc) * ln, n)
                    piece = (dist < wid * 0.34) & (dist > wid * 0.14)
                chunks |= piece
            part = stick | chunks
            tex[part] = col
            tex[chunks & (n < -wid * 0.15)] = _lift(col, 0.2)  # the chunks' lit sides
        else:
            raise ValueError(kind)
        m = np.maximum(m, part.astype(np.float32))
    m = cv2.GaussianBlur(m, (0, 0), 0.4)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(m, 0, 1).astype(np.float32), ax, ay)


def _draw_empty42(img: Image.Image, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    d = ImageDraw.Draw(img)
    if kind == "none":
        return
    r = max(2.2, 0.065 * s)
    if kind == "tiny_paper_plane":  # a tiny pale grey-blue paper plane: a dart's two wings, its keel fold
        c = (128, 146, 176)
        d.polygon([(cx + r, cy - 0.2 * r), (cx - r, cy - 0.7 * r), (cx - 0.45 * r, cy + 0.05 * r)], outline=c)
        d.polygon([(cx + r, cy - 0.2 * r), (cx - 0.45 * r, cy + 0.05 * r), (cx - 0.75 * r, cy + 0.6 * r)], fill=c)
    elif kind == "tiny_sprout":  # a tiny green sprout: a stem and two round leaves
        c = (96, 160, 84)
        d.line([(cx, cy + r), (cx, cy - 0.2 * r)], fill=c, width=1)
        d.ellipse([cx - 0.95 * r, cy - 0.75 * r, cx, cy - 0.15 * r], fill=c)
        d.ellipse([cx, cy - 0.95 * r, cx + 0.95 * r, cy - 0.35 * r], fill=c)
    elif kind == "tiny_mitten":  # a tiny pale-red mitten: a rounded hand, a thumb, a paler cuff
        c = (214, 120, 120)
        d.rounded_rectangle([cx - 0.5 * r, cy - 0.9 * r, cx + 0.5 * r, cy + 0.5 * r], radius=0.45 * r, fill=c)
        _disc(d, cx + 0.55 * r, cy - 0.1 * r, 0.25 * r, fill=c)
        d.rectangle([cx - 0.5 * r, cy + 0.5 * r, cx + 0.5 * r, cy + 0.9 * r], fill=(236, 192, 192))
    elif kind == "tiny_bow":  # a tiny pink ribbon bow: two loops and a knot
        c = (226, 150, 178)
        d.polygon([(cx, cy), (cx - r, cy - 0.6 * r), (cx - r, cy + 0.6 * r)], fill=c)
        d.polygon([(cx, cy), (cx + r, cy - 0.6 * r), (cx + r, cy + 0.6 * r)], fill=c)
        _disc(d, cx, cy, 0.25 * r, fill=(196, 110, 146))
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids


TINSEL = ((206, 164, 44), (240, 212, 110), (160, 118, 24), (226, 190, 80))


def _draw_grid42(img: Image.Image, L: dict[str, Any], rng: random.Random, name: str, inp: np.ndarray | None) -> None:
    if name == "kept":
        _draw_grid32(img, L, rng, "kept", inp)
        return
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    thin = max(1, round(s / 30))
    _pen_minors(d, L, thin)
    if name == "rebar_majors":  # each block line a steel reinforcing bar: slanting ribs, a rusty bloom here and there
        wr = max(4, round(s / 8))
        for vertical, c, a0, a1 in _major_segments(L, wr * 0.5):
            d.rectangle(_box_pts(vertical, c, a0, a1, wr / 2), fill=(82, 74, 68), outline=(48, 44, 40))
            for u in np.arange(a0, a1 - wr * 0.4, max(2.0, wr * 0.75)):
                d.line(_seg_pts(vertical, c, [(u, -wr / 2), (u + wr * 0.4, wr / 2)]), fill=(136, 122, 108),
                       width=max(1, wr // 4))
            for u in np.arange(a0 + rng.uniform(0, s), a1, rng.uniform(1.2, 2.0) * s):
                (px_, py_), = _seg_pts(vertical, c, [(u, 0)])
                _disc(d, px_, py_, wr * 0.35, fill=(150, 86, 46))  # rust
        return
    if name == "popsicle_stick_majors":  # each block line wooden ice-lolly sticks laid end to end
        ws = max(4, round(s / 6))
        for vertical, c, a0, a1 in _major_segments(L, ws * 0.5):
            u = a0
            while u < a1 - 0.1 * s:
                u1 = min(a1, u + rng.uniform(1.3, 2.1) * s)
                try:
                    d.rounded_rectangle(_box_pts(vertical, c, u, u1, ws / 2), radius=ws / 2, fill=(224, 198, 150),
                                        outline=(146, 108, 62))
                except ValueError:  # a short stick whose round ends Pillow refuses at fractional px: less round
                    box = _box_pts(vertical, c, u, u1, ws / 2)
                    d.rounded_rectangle(box, radius=max(0, min(box[2] - box[0], box[3] - box[1]) / 2 - 1),
                                        fill=(224, 198, 150), outline=(146, 108, 62))
                d.line(_seg_pts(vertical, c, [(u + ws, rng.uniform(-0.15, 0.15) * ws),
                                              (u1 - ws, rng.uniform(-0.15, 0.15) * ws)]), fill=(192, 158, 106),
                       width=1)  # the grain
                u = u1 + 0.03 * s
        return
    if name == "tinsel_garland_majors":  # each block line a gold tinsel garland: a twisted core, short shiny strands
        wc = max(2, round(s / 18))
        for vertical, c, a0, a1 in _major_segments(L, wc):
            d.line(_seg_pts(vertical, c, [(a0, 0), (a1, 0)]), fill=(150, 110, 22), width=wc)
            for u in np.arange(a0, a1, max(1.5, s / 22)):
                for _ in range(2):
                    ang = rng.uniform(0, 2 * math.pi)
                    ln = rng.uniform(0.04, 0.1) * s
                    d.line(_seg_pts(vertical, c, [(u, 0), (u + ln * math.cos(ang), ln * math.sin(ang))]),
                           fill=rng.choice(TINSEL), width=1)
        return
    if name == "bramble_majors":  # each block line a bramble cane: a purplish stem, hooked thorns, a leaf or two
        wb = max(3, round(s / 11))
        for vertical, c, a0, a1 in _major_segments(L, wb * 0.5):
            d.line(_seg_pts(vertical, c, [(a0, 0), (a1, 0)]), fill=(112, 52, 66), width=wb)
            d.line(_seg_pts(vertical, c, [(a0, -wb * 0.25), (a1, -wb * 0.25)]), fill=(150, 86, 96), width=1)
            for k, u in enumerate(np.arange(a0 + rng.uniform(0, 0.2) * s, a1, max(3.0, 0.22 * s))):
                side = 1 if k % 2 else -1
                th = max(2.0, 0.07 * s)
                d.polygon(_seg_pts(vertical, c, [(u - th * 0.5, side * wb / 2), (u + th * 0.5, side * wb / 2),
                                                 (u + th * 0.6, side * (wb / 2 + th))]), fill=(96, 40, 50))
            first, last = (L["xs"][0], L["xs"][-1]) if vertical else (L["ys"][0], L["ys"][-1])
            for u in np.arange(a0 + rng.uniform(0.5, 1.5) * s, a1 - 0.3 * s, rng.uniform(2.0, 3.0) * s):
                side = 1 if c == first else -1 if c == last else rng.choice((-1, 1))  # the leaves kept off the clues
                lf = 0.16 * s
                leaf = [(u, side * wb / 2), (u + 0.4 * lf, side * (wb / 2 + 0.3 * lf)),
                        (u + 0.2 * lf, side * (wb / 2 + lf)), (u - 0.25 * lf, side * (wb / 2 + 0.45 * lf))]
                d.polygon(_seg_pts(vertical, c, leaf), fill=(70, 120, 60), outline=(46, 86, 40))
        return
    raise ValueError(name)


# ------------------------------------------------------------------------------------------ redraws


PARCHMENT = (232, 216, 182)  # the calf parchment
RUBRIC = (170, 44, 36)  # the red ruling round the text block
SCREEN = (198, 198, 190)  # the drawing toy's aluminium-powder screen
TOY_RED = (196, 34, 38)  # the drawing toy's frame


def _redraw_whole42(layout: dict[str, Any], style: Style42, row_vals, col_vals, rng: random.Random,
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
    W = round(max(pw + 2 * bm, 0.85 * target[0]))
    H = round(ph + bm + top)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    if kind == "parchment_quill":  # calf parchment: a warm mottle, hair-follicle specks, darker cockled edges
        surf = np.array(PARCHMENT, np.float32) * (1 + 0.018 * _smooth(g, H, W, 2.0) + 0.03 * _smooth(g, H, W, 30.0))[
            ..., None]
        specks = _noise0(g, H, W, 0.6) > 3.0
        surf[specks] *= 0.85
        edge = np.minimum.reduce([xx, yy, W - 1 - xx, H - 1 - yy]) + 6 * _smooth(g, H, W, 8.0)
        surf *= (1 - 0.16 * np.clip(1 - edge / (0.06 * min(W, H)), 0, 1))[..., None]
    else:  # the drawing toy's screen: aluminium powder, a faint silver sheen across it
        surf = np.array(SCREEN, np.float32) * (1 + 0.01 * _smooth(g, H, W, 1.0))[..., None]
        surf *= (1 + 0.025 * np.sin((xx + yy) / max(W, H) * math.pi))[..., None]
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
    if kind == "parchment_quill":  # iron-gall ink: a hair of feathering round each stroke, darker where it pooled
        alpha = np.clip(np.maximum(alpha, 0.3 * cv2.GaussianBlur(alpha, (0, 0), 0.8)), 0, 1)
        ink = np.asarray(style.clue_colour, np.float32) * (1 - 0.15 * (cv2.GaussianBlur(alpha, (0, 0), 1.5) > 0.7))[
            ..., None]
        a = a * (1 - alpha[..., None]) + ink * alpha[..., None]
        lay, ld = _layer(W, H)  # the red ruling round the text block, two fine lines
        for k in (0.0, 0.12):
            o = (0.45 + k) * bm
            ld.rectangle([keep[0] - o, keep[1] - o, keep[2] + o, keep[3] + o], outline=255, width=1)
        rr = cv2.GaussianBlur(_m(lay), (0, 0), 0.5) * 0.75
        a = a * (1 - rr[..., None]) + np.asarray(RUBRIC, np.float32) * rr[..., None]
        out = Image.fromarray(_clip8(a))
        L = {"grid_bbox": [xs[0], ys[0], xs[-1], ys[-1]], "rows": rows, "cols": cols, "cw": base, "ch": base,
             "cell_px": base, "xs": xs, "ys": ys, "x0s": xs[:-1], "y0s": ys[:-1], "keep": keep}
        return out, L
    # the drawing toy: the powder scraped away where the stylus went, the red frame and two white knobs round it
    a = a * (1 - alpha[..., None]) + np.asarray(style.clue_colour, np.float32) * alpha[..., None]
    fw = round(0.085 * min(W, H) + 0.3 * base)
    fb = round(fw * 1.7)
    TW, TH = W + 2 * fw, H + fw + fb
    toy = np.empty((TH, TW, 3), np.float32)
    toy[:] = TOY_RED
    ty = np.mgrid[0:TH, 0:TW][0].astype(np.float32)
    toy *= (1 + 0.1 * np.clip(1 - ty / (0.5 * TH), -1, 1) * 0.5)[..., None]  # lit from above
    toy[fw:fw + H, fw:fw + W] = a
    timg = Image.fromarray(_clip8(toy))
    td = ImageDraw.Draw(timg)
    td.rectangle([fw - 2, fw - 2, fw + W + 1, fw + H + 1], outline=(120, 18, 22), width=3)  # the screen's bezel
    td.rounded_rectangle([1, 1, TW - 2, TH - 2], radius=fw * 0.8, outline=(236, 120, 120), width=2)  # a glossy rim
    kr = 0.36 * fb
    for kx in (fw + kr * 0.4, TW - fw - kr * 0.4):
        ky = fw + H + fb / 2
        _disc(td, kx + 0.08 * kr, ky + 0.1 * kr, kr, fill=(120, 20, 24))  # the knob's shadow
        _disc(td, kx, ky, kr, fill=(238, 236, 230), outline=(170, 168, 160))
        for j in range(16):  # the knurled rim
            ang = j * math.pi / 8
            td.line([(kx + 0.8 * kr * math.cos(ang), ky + 0.8 * kr * math.sin(ang)),
                     (kx + 0.97 * kr * math.cos(ang), ky + 0.97 * kr * math.sin(ang))], fill=(196, 194, 186), width=1)
    out = np.asarray(timg, np.float32)
    xs = [x + fw for x in xs]
    ys = [y + fw for y in ys]
    keep = [keep[0] + fw, keep[1] + fw, keep[2] + fw, keep[3] + fw]
    L = {"grid_bbox": [xs[0], ys[0], xs[-1], ys[-1]], "rows": rows, "cols": cols, "cw": base, "ch": base,
         "cell_px": base, "xs": xs, "ys": ys, "x0s": xs[:-1], "y0s": ys[:-1], "keep": keep,
         "screen": [fw, fw, fw + W, fw + H]}
    return Image.fromarray(_clip8(out)), L


def _draw_redraw_grid42(img: Image.Image, L: dict[str, Any], kind: str, rng: random.Random) -> Image.Image:
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    lay, d = _layer(*img.size)
    if kind == "parchment_quill":  # ruled with the quill along a straightedge: the block lines heavier
        thin, wd, colour = max(1, round(s / 28)), max(2, round(s / 12)), (50, 36, 28)
    else:  # the stylus's lines: the screen scraped clean along a knob's travel, block lines gone over twice
        thin, wd, colour = max(1, round(s / 26)), max(2, round(s / 14)), (62, 62, 66)
    for i, x in enumerate(xs):
        big = _major(i, cols)
        e = wd // 2 if big else 0
        d.line([(x, ys[0] - e), (x, ys[-1] + e)], fill=255, width=wd if big else thin)
    for j, y in enumerate(ys):
        big = _major(j, rows)
        e = wd // 2 if big else 0
        d.line([(xs[0] - e, y), (xs[-1] + e, y)], fill=255, width=wd if big else thin)
    if kind == "etch_a_sketch":  # the one unbroken line: a staircase from the screen's corner to the grid's
        sx, sy = L["screen"][0] + 0.3 * s, L["screen"][1] + 0.3 * s
        ex_, ey_ = xs[0] - 0.4 * s, ys[0] - 0.4 * s
        pts = [(sx, sy)]
        n = 6
        for k in range(1, n + 1):
            pts.append((sx + (ex_ - sx) * k / n, pts[-1][1]))
            pts.append((pts[-1][0], sy + (ey_ - sy) * k / n))
        pts.append((xs[0], ys[0]))  # both knobs turned at once: a short diagonal into the grid's corner
        d.line(pts, fill=255, width=thin)
    a = np.asarray(img, np.float32)
    m = _m(lay)
    if kind == "parchment_quill":
        g = _nrng(rng)
        alpha = cv2.GaussianBlur(m, (0, 0), 0.5) * (0.82 + 0.15 * np.clip(_smooth(g, m.shape[0], m.shape[1], 6.0),
                                                                         -1, 1))
    else:
        alpha = cv2.GaussianBlur(m, (0, 0), 0.4) * 0.95
    out = a * (1 - alpha[..., None]) + np.asarray(colour, np.float32) * alpha[..., None]
    return Image.fromarray(_clip8(out))


# ------------------------------------------------------------------------------------------ pages


def _persian_rug(g: np.random.Generator, H: int, W: int, big: int) -> np.ndarray:
    """A Persian rug: a madder-red field of navy medallions with cream hearts and ochre corner motifs, a navy
    border band, the pile's soft mottle."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    p = 0.16 * big
    u, v = (xx % p) / p - 0.5, (yy % p) / p - 0.5
    dia = np.abs(u) + np.abs(v)
    out = np.empty((H, W, 3), np.float32)
    out[:] = (132, 30, 36)
    out[dia < 0.32] = (32, 42, 86)
    out[dia < 0.16] = (216, 192, 142)
    out[np.abs(dia - 0.4) < 0.025] = (216, 192, 142)
    out[(np.abs(u) > 0.43) & (np.abs(v) > 0.43)] = (200, 140, 60)
    edge = np.minimum.reduce([xx, yy, W - 1 - xx, H - 1 - yy])
    band = (edge > 0.02 * big) & (edge < 0.07 * big)
    out[band] = (32, 42, 86)
    zig = band & (np.abs(((xx + yy) % (0.03 * big)) - 0.015 * big) < 0.003 * big)
    out[zig] = (216, 192, 142)
    return out * (1 + 0.06 * _smooth(g, H, W, 1.0))[..., None]


def _flint_wall(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A knapped flint wall: glossy grey-black flints, some with a white crust, set in pale lime mortar."""
    img = Image.fromarray(_clip8(_table(g, H, W, (214, 206, 186), 0.04, 2)))
    d = ImageDraw.Draw(img)
    r0 = 0.03 * big
    for _ in range(int(H * W / (r0 * r0) * 0.6)):
        x, y = rng.uniform(0, W), rng.uniform(0, H)
        n = rng.randint(7, 10)
        pts = [(x + r0 * rng.uniform(0.7, 1.1) * math.cos(k * 2 * math.pi / n),
                y + r0 * rng.uniform(0.6, 1.0) * math.sin(k * 2 * math.pi / n)) for k in range(n)]
        if rng.random() < 0.35:  # the flint's white cortex showing round it
            d.polygon(pts, fill=(206, 200, 186))
            pts = [(x + (px_ - x) * 0.8, y + (py_ - y) * 0.8) for px_, py_ in pts]
        tone = np.array((48, 50, 56), np.float32) * rng.uniform(0.8, 1.3)
        d.polygon(pts, fill=_c(tone), outline=_c(tone * 0.7))
        d.arc([x - 0.5 * r0, y - 0.5 * r0, x + 0.3 * r0, y + 0.2 * r0], 190, 260, fill=_c(_lift(tone, 0.35)), width=2)
    return np.asarray(img, np.float32).copy()


def _brick_baseplate(g: np.random.Generator, H: int, W: int, big: int) -> np.ndarray:
    """A green toy-brick baseplate: rows of round studs, each lit on its upper left and shadowed below right."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    p = 0.028 * big
    u, v = (xx % p) - p / 2, (yy % p) - p / 2
    base = np.array((62, 148, 74), np.float32)
    out = np.empty((H, W, 3), np.float32)
    out[:] = base
    r = np.hypot(u, v)
    sh = np.hypot(u - 0.08 * p, v - 0.1 * p) < 0.32 * p
    out[sh] = base * 0.7
    stud = r < 0.3 * p
    out[stud] = base * 1.05
    out[stud & (u + v < -0.2 * p)] = _lift(base, 0.25)
    out[np.abs(r - 0.3 * p) < 0.6] = base * 0.8
    return out * (1 + 0.02 * _smooth(g, H, W, 3.0))[..., None]


def _fishing_net(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A heap of fishing net on weathered quay boards: a green and an orange diamond mesh, knots at the crossings."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    pb = 0.09 * big
    out = np.empty((H, W, 3), np.float32)
    out[:] = (104, 88, 70)
    out *= (1 + 0.08 * np.sin(xx / (0.004 * big) + 3 * _smooth(g, H, W, 6.0)))[..., None]  # the grain
    out[(yy % pb) < 3] = (46, 38, 30)  # the gaps between the boards
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    for colour, p, wob in (((52, 124, 108), 0.045 * big, 0.1), ((214, 116, 44), 0.065 * big, 0.15)):
        knots = []
        for sgn in (1, -1):
            for k in np.arange(-H, W + H, p):
                pts = []
                for t in np.arange(0, H + p, p / 2):
                    pts.append((k + sgn * t + rng.uniform(-wob, wob) * p, t + rng.uniform(-wob, wob) * p))
                d.line(pts, fill=colour, width=2)
                knots.extend(pts[::2])
        for x, y in knots[::3]:
            _disc(d, x, y, 2.2, fill=_c(np.asarray(colour) * 0.7))
    return np.asarray(img, np.float32).copy()


def _ceramic_hob(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A black glass-ceramic hob: a broad sheen, the printed rings of its cooking zones, a faint wiped smear."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    out = np.empty((H, W, 3), np.float32)
    out[:] = (22, 22, 24)
    out += (16 * np.clip(1 - np.abs((xx - yy * 0.6) / W - 0.3) * 4, 0, 1))[..., None]  # the sheen
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    for cx, cy in ((0.2 * W, 0.2 * H), (0.8 * W, 0.25 * H), (0.25 * W, 0.8 * H), (0.78 * W, 0.78 * H)):
        R = rng.uniform(0.2, 0.28) * big
        _disc(d, cx, cy, R, outline=(104, 104, 110), width=2)
        _disc(d, cx, cy, 0.6 * R, outline=(64, 64, 70), width=1)
    out = np.asarray(img, np.float32).copy()
    smear = np.clip(_smooth(g, H, W, 0.05 * big), 0, None)
    return out + (6 * smear)[..., None]


def _floral_duvet(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A crumpled floral duvet: pale blue cotton printed with pink and yellow five-petalled flowers, soft folds."""
    img = Image.fromarray(_clip8(_table(g, H, W, (196, 212, 230), 0.01, 2)))
    d = ImageDraw.Draw(img)
    R = 0.022 * big
    for _ in range(int(H * W / (0.07 * big) ** 2)):
        x, y = rng.uniform(0, W), rng.uniform(0, H)
        petal = rng.choice(((232, 160, 182), (242, 222, 140), (226, 176, 206)))
        d.ellipse([x + 0.8 * R, y - 0.3 * R, x + 1.6 * R, y + 0.3 * R], fill=(120, 170, 110))  # a leaf
        for k in range(5):
            ang = k * 2 * math.pi / 5 + rng.uniform(-0.1, 0.1)
            _disc(d, x + 0.55 * R * math.cos(ang), y + 0.55 * R * math.sin(ang), 0.45 * R, fill=petal)
        _disc(d, x, y, 0.28 * R, fill=(250, 236, 190))
    out = np.asarray(img, np.float32).copy()
    folds = _smooth(g, H, W, 0.06 * big)
    return out * (1 + 0.09 * np.tanh(folds))[..., None]


def _oak_lectern(g: np.random.Generator, H: int, W: int, big: int) -> np.ndarray:
    """A dark polished oak lectern: long grain with flecks of the oak's rays, a moulded lip across the bottom."""
    yy = np.mgrid[0:H, 0:W][0].astype(np.float32)
    grain = np.sin(yy / (0.006 * big) + 2.5 * _smooth(g, H, W, 0.08 * big))
    streak = cv2.GaussianBlur(g.standard_normal((H, W)).astype(np.float32), (0, 0), sigmaX=12.0, sigmaY=0.7)
    out = np.empty((H, W, 3), np.float32)
    out[:] = (112, 70, 38)
    out *= (1 + 0.08 * grain + 0.06 * streak / (streak.std() + 1e-6))[..., None]
    out[_noise0(g, H, W, 1.5) > 2.6] *= 1.18  # the ray flecks
    lip = yy > H - 0.06 * big
    out[lip] = out[lip] * 0.7
    out[np.abs(yy - (H - 0.06 * big)) < 2] = (150, 104, 60)
    return out


def _play_rug(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A child's play rug: green grass, grey roads with white dashed middles, a blue pond, little red houses."""
    img = Image.fromarray(_clip8(_table(g, H, W, (100, 170, 86), 0.03, 2)))
    d = ImageDraw.Draw(img)
    rw = 0.06 * big
    ys_ = [rng.uniform(0.05, 0.2) * H, rng.uniform(0.8, 0.95) * H]
    xs_ = [rng.uniform(0.05, 0.2) * W, rng.uniform(0.8, 0.95) * W]
    for y in ys_:
        d.rectangle([0, y - rw / 2, W, y + rw / 2], fill=(104, 104, 110))
    for x in xs_:
        d.rectangle([x - rw / 2, 0, x + rw / 2, H], fill=(104, 104, 110))
    dash = 0.03 * big
    for y in ys_:
        for x in np.arange(0, W, 2 * dash):
            d.rectangle([x, y - 1.5, x + dash, y + 1.5], fill=(240, 240, 236))
    for x in xs_:
        for y in np.arange(0, H, 2 * dash):
            d.rectangle([x - 1.5, y, x + 1.5, y + dash], fill=(240, 240, 236))
    d.ellipse([0.02 * W, 0.35 * H, 0.02 * W + 0.12 * big, 0.35 * H + 0.08 * big], fill=(80, 150, 210))
    for _ in range(6):
        hx, hy, hs = rng.uniform(0, W), rng.uniform(0, H), 0.035 * big
        d.rectangle([hx, hy, hx + hs, hy + hs], fill=(206, 62, 52))
        d.polygon([(hx - 0.15 * hs, hy), (hx + 0.5 * hs, hy - 0.6 * hs), (hx + 1.15 * hs, hy)], fill=(90, 60, 40))
    return np.asarray(img, np.float32).copy()


def _branch(ld: ImageDraw.ImageDraw, rng: random.Random, x: float, y: float, ang: float, ln: float, wd: float,
            depth: int) -> None:
    """A bare branch and its twigs, drawn into the shadow layer."""
    x1, y1 = x + ln * math.cos(ang), y + ln * math.sin(ang)
    ld.line([(x, y), (x1, y1)], fill=255, width=max(1, round(wd)))
    if depth <= 0:
        return
    for da in (rng.uniform(0.25, 0.6), -rng.uniform(0.25, 0.6)):
        _branch(ld, rng, x1, y1, ang + da, ln * rng.uniform(0.6, 0.78), wd * 0.65, depth - 1)


def _margin_object(a: np.ndarray, rng: random.Random, g: np.random.Generator, L: dict[str, Any], kind: str,
                   big: int) -> np.ndarray:
    w = a.shape[1]
    if kind == "thimble_margin":  # a steel thimble on the widened right margin
        page = _extend(a, right=round(0.22 * w))
        Hp, Wp = page.shape[:2]
        x0 = _free_x(L, w)
        R = 0.26 * (Wp - x0)
        cx, cy = x0 + 0.5 * (Wp - x0), Hp * rng.uniform(0.3, 0.7)
    else:  # a starfish on the widened left margin
        ml = round(0.26 * w)
        page = _extend(a, left=ml)
        Hp, Wp = page.shape[:2]
        R = 0.36 * ml
        cx, cy = 0.5 * ml, Hp * rng.uniform(0.3, 0.7)
    lay, ld = _layer(Wp, Hp)
    if kind == "thimble_margin":  # the side view: a tapered body with a domed top, rows of dimples, a rolled rim
        body = [(cx - 0.75 * R, cy + R), (cx + 0.75 * R, cy + R), (cx + 0.6 * R, cy - 0.5 * R), (cx - 0.6 * R,
                                                                                               cy - 0.5 * R)]
        ld.polygon(body, fill=255)
        ld.chord([cx - 0.6 * R, cy - 1.1 * R, cx + 0.6 * R, cy + 0.1 * R], 180, 360, fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.1 * R, 0.12 * R, 0.1 * R, 0.35)
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        d.polygon(body, fill=(172, 174, 182))
        d.chord([cx - 0.6 * R, cy - 1.1 * R, cx + 0.6 * R, cy + 0.1 * R], 180, 360, fill=(186, 188, 196))
        for j, yy_ in enumerate(np.arange(cy - 0.8 * R, cy + 0.75 * R, 0.16 * R)):
            half = 0.6 * R + 0.15 * R * (yy_ - (cy - 0.5 * R)) / (1.5 * R)
            for xx_ in np.arange(cx - half + 0.1 * R + (j % 2) * 0.07 * R, cx + half - 0.08 * R, 0.14 * R):
                _disc(d, xx_, yy_, max(1.0, 0.035 * R), fill=(120, 122, 130))  # the dimples
        d.rectangle([cx - 0.78 * R, cy + 0.82 * R, cx + 0.78 * R, cy + R], fill=(200, 202, 210),
                    outline=(120, 122, 130))  # the rolled rim
        d.line([(cx - 0.35 * R, cy - 0.4 * R), (cx - 0.45 * R, cy + 0.8 * R)], fill=(236, 238, 244),
               width=max(1, round(0.06 * R)))  # a highlight
    else:  # five tapering arms, bumpy with paler knobs
        a0 = rng.uniform(0, 2 * math.pi)
        pts = []
        for k in range(10):
            ang = a0 + k * math.pi / 5
            rr = R if k % 2 == 0 else 0.38 * R
            pts.append((cx + rr * math.cos(ang), cy + rr * math.sin(ang)))
        ld.polygon(pts, fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.06 * R, 0.08 * R, 0.08 * R, 0.3)
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        d.polygon(pts, fill=(222, 118, 52), outline=(170, 80, 36))
        for k in range(5):
            ang = a0 + k * 2 * math.pi / 5
            for t in np.arange(0.2, 0.9, 0.14):
                _disc(d, cx + t * R * math.cos(ang), cy + t * R * math.sin(ang), max(1.0, 0.06 * R * (1.1 - t)),
                      fill=(246, 180, 120))  # the knobs down each arm
        _disc(d, cx, cy, 0.12 * R, fill=(236, 150, 90))
    M = round(0.05 * big)
    bg = _table(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (150, 138, 124), 0.04, 3)
    return _grain(_on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.35, g), g, 1.8)


def _page42(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    big = max(h, w)
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "persian_rug":
        return _bg_page(a, lambda H, W: _persian_rug(g, H, W, big), rng, g, 0.45)
    if e == "flint_wall":
        return _bg_page(a, lambda H, W: _flint_wall(g, rng, H, W, big), rng, g, 0.45)
    if e == "toy_brick_baseplate":
        return _bg_page(a, lambda H, W: _brick_baseplate(g, H, W, big), rng, g, 0.4)
    if e == "fishing_net":
        return _bg_page(a, lambda H, W: _fishing_net(g, rng, H, W, big), rng, g, 0.45)
    if e == "ceramic_hob":
        return _bg_page(a, lambda H, W: _ceramic_hob(g, rng, H, W, big), rng, g, 0.5)
    if e == "floral_duvet":
        return _bg_page(a, lambda H, W: _floral_duvet(g, rng, H, W, big), rng, g, 0.35)
    if e == "oak_lectern":
        return _bg_page(a, lambda H, W: _oak_lectern(g, H, W, big), rng, g, 0.45)
    if e == "play_rug_roads":
        return _bg_page(a, lambda H, W: _play_rug(g, rng, H, W, big), rng, g, 0.4)
    if e == "bare_branch_shadow":  # the shadow of a bare winter branch and its twigs across the page
        out = _page_on(a, lambda H, W: _table(g, H, W, (204, 194, 178), 0.03, 3), rng, g, 0.09, 3.0, 0.3)
        H, W = out.shape[:2]
        lay, ld = _layer(W, H)
        side = rng.choice((0, 1))
        x0, y0 = (-5.0, rng.uniform(0.5, 0.9) * H) if side == 0 else (W + 5.0, rng.uniform(0.5, 0.9) * H)
        ang = (-0.6 if side == 0 else math.pi + 0.6) + rng.uniform(-0.2, 0.2)
        _branch(ld, rng, x0, y0, ang, 0.32 * big, max(4.0, 0.03 * big), 5)
        return _grain(_cast_shadow(out, lay, big, 0.003, 0.2), g, 2.0)
    if e == "straw_hat_shadow":  # a straw sun hat's shadow: a broad brim letting pinpricks through, a denser crown
        out = _page_on(a, lambda H, W: _table(g, H, W, (212, 202, 186), 0.03, 3), rng, g, 0.09, 3.0, 0.3)
        H, W = out.shape[:2]
        lay, ld = _layer(W, H)
        cx, cy = rng.choice((0.2, 0.8)) * W, rng.choice((0.2, 0.8)) * H
        R = rng.uniform(0.34, 0.42) * big
        ld.ellipse([cx - R, cy - 0.8 * R, cx + R, cy + 0.8 * R], fill=190)
        m = np.asarray(lay, np.float32)
        pin = (_noise0(g, H, W, 0.8) > 2.2) & (m > 0)
        m[pin] = 60  # light through the weave
        lay = Image.fromarray(_clip8(m))
        ld = ImageDraw.Draw(lay)
        ld.ellipse([cx - 0.45 * R, cy - 0.38 * R, cx + 0.45 * R, cy + 0.38 * R], fill=255)
        return _grain(_cast_shadow(out, lay, big, 0.004, 0.2), g, 2.0)
    if e in ("thimble_margin", "starfish_margin"):
        return _margin_object(a, rng, g, L, e, big)
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page42(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style42,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, mean cell width ``cw`` and height ``ch``, the column and row edges ``xs`` and
    ``ys``, and ``keep``, the box round the clues and the grid; ``_box25`` gives a cell's box)."""
    rng = random.Random(f"h42:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = _change42(truth, style.clue_change, rng) if plan["clue"] else None
    row_vals, col_vals = _line_values(truth, change)
    if style.redraw:
        img, L = _redraw_whole42(layout, style, row_vals, col_vals, rng, (inp.shape[1], inp.shape[0]))
        img = _draw_redraw_grid42(img, L, style.redraw, rng)  # the grid ruled before the cells are filled
    else:
        img = input_image.convert("RGB").copy()
        if style.clue_font:
            _redraw_clues40(img, layout, row_vals, col_vals, style, rng)
        elif change:
            _retype_lines42(img, layout, row_vals, col_vals, _changed_lines(change))
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
                _draw_fill42(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill42(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline42(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross42(img, box, style, rng)
            elif not ((r, c) in filled and style.missing_bare):
                _draw_empty42(img, box, style.empty, rng)
    if not style.redraw:
        _draw_grid42(img, L, rng, style.grid, inp)
    return np.asarray(img), rng, L


def make_answer42(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style42,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page42(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page42(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
