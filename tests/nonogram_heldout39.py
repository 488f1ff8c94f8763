"""HELDOUT39, measured blind on the verifier of 77c909a (rubric 76, the forty-sixth session's start) and on rubric 77
(its end), never looked at: **380/432** right on rubric 76 (88.0 %) and **379/432** on rubric 77 (87.7 %; none
gained, one error-free page lost), **0 false passes**, 1 unreadable and 1 confident false fail on both (seed 5,
``tools/measure_nonogram_family.py nonogram_heldout39:HELDOUT39 --seed 5``). By planted error on rubric 77: none
35/72, extra_light 72, extra_outline 71, x_instead 71, missing 72, clue_changed 58 (of 72 each). Held out then,
measured as counts only. Studied in the forty-seventh session (rubric 78: labelled clues, a shadow's band through a
cell, surroundings ending before the image): **394/432** (91.2 %), 0 false passes, 1 unreadable, 0 confident false
fails; none 45, clue_changed 63, the rest as before.

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved nonogram:
clue faces from sources no earlier nonogram family, test, install list or digit-reader training names, now that
Debian's plain font packages are spent: eight from PyPI distributions that ship font files, one face each, found
through the distribution's own file list (never under /usr/share/fonts, so never in digit training), and three more of
Brian Kent's faces from Debian's fonts-aenigma (font-fredoka-one, font-amatic-sc, fontpkg-abril-fatface,
fontpkg-atkinson-hyperlegible, fontpkg-bungee, fontpkg-orbitron, fontpkg-space-mono, font-intuitive, fonts-aenigma): a
heavy rounded display sans (Fredoka One, OFL 1.1, pimoroni's font-fredoka-one 0.0.4), a tall condensed hand-drawn face
(Amatic SC Bold, OFL 1.1, font-amatic-sc 0.0.4, drawn with a one-pixel heavier pen and a little larger), a Didone fat
face (Abril Fatface, OFL 1.1, fontpkg-abril-fatface 1.1), a bold grotesque made for low vision with a slashed zero
(Atkinson Hyperlegible Bold, OFL 1.1, fontpkg-atkinson-hyperlegible 1.6), a blocky signage face (Bungee, OFL 1.1,
fontpkg-bungee 2.0), a wide geometric techno face (Orbitron, a variable face drawn at weight 700, OFL 1.1,
fontpkg-orbitron 2.1), a bold monospaced grotesque (Space Mono Bold, OFL 1.1, fontpkg-space-mono 1.3), a bouncy
hand-lettered face (Intuitive, OFL 1.1, font-intuitive 0.0.4, written with a felt-tip on the napkin), a bold irregular
sans (Wobbly BRK), a condensed oblique (Vacant Capz BRK) and the figures of a label maker's embossing tape (Embossing
Tape 3 BRK, pressed into the label tapes); one style keeps the input's clues (its changed clue is that line's numbers
erased and typed again in another face, Space Mono Regular from fontpkg-space-mono). Fills no earlier family uses
(heaped medjool dates, a heap of cooked hijiki seaweed, carob pods side by side, a gunmetal gear train, rows of double
crochet, a pine cone's scales, dried chipotle peppers, a pangolin's overlapping scales, black quinoa, macrame square
knots, squares of black vinyl tape stuck on, black felt-tip scribbled in and bleeding into a napkin); empty-cell marks
drawn in new ways (a tiny pink heart, a dandelion seed, a snipped bit of red thread, a forget-me-not); the planted errors
drawn in new ways (pale bicycles, pine trees, cats' heads or crowns, each over a light tint; a frame of a three-strand
plait, of a garden trellis between two rails, of a tyre's chevron tread, of the cut edge of corrugated board; an X of
two baseball bats, of two candy canes, of two brooms, of two slotted spatulas; all in the fill's colour); a changed
clue whose numbers are each one less (``all_lowered``, new here), has one number written as twice itself
(``one_doubled``, new here), has one number split in two, is written in reverse, has one unit moved between two of its
numbers, gains a number between two of its numbers, has two merged into their sum, or (on the page that keeps the
input's clues) has one number one more or less; a missing fill left bare on a page whose other empty cells carry marks;
grids drawn in new ways (pen lines under block lines of glazed pretzel sticks laid end to end with salt flakes on them;
of a ribbed green garden hose with a brass coupling; of green Meccano strips with their round holes, bolted where they
overlap; of a stretched steel coil spring); two styles that redraw the whole puzzle in a new medium (a white foam
board, its grid ruled in black fine liner, each number pressed into its own length of red embossing label tape stuck a
little askew, each filled cell a square of black vinyl tape; a paper napkin with an embossed dot pattern and scalloped
border, the grid drawn freehand in blue ballpoint, the clues written and the cells scribbled in with a black felt-tip
whose ink bleeds a little); and page changes no earlier family uses (the page held against white subway tiles; on a
plaid picnic blanket; on bubble wrap; on a shingle beach; on the ice of a frozen pond; on a coir doormat; the shadow of
a bicycle wheel across the page; the shadow of a birdcage's bars; a tortoiseshell guitar plectrum on the widened right
margin; a pink macaron on the widened left margin; the label board on a grey steel filing cabinet; the napkin on a zinc
bistro table).

Clues written anew on the input's page are sized by their digits' height as drawn and fitted to its clue strips (as in
HELDOUT25 to HELDOUT38), two numbers of a row always further apart than two figures of one number (a monospaced face's
narrow 1 leaves a wide space inside a number); the redrawn puzzles space their clues by the digits' height, measured on
the drawn figures (the label tapes further, so that two tapes never touch).

Doubts noted rather than made unfair: the PyPI faces were chosen among pimoroni's font-* packages, the fontpkg-*
packages (Google Fonts families repackaged), reportlab, wordcloud, kivy, arcade and pymupdf-fonts; reportlab's Type 1
faces were left out as copies (its _a/_e/co faces are URW's Helvetica, Times and Courier clones, trained through
fonts-urw-base35; Vera is DejaVu's parent; DarkGardenMK has no figures), wordcloud's Droid Sans Mono as a near copy of
Noto Sans Mono (an earlier family's), kivy's Roboto and DejaVu as trained, arcade and pymupdf-fonts as too heavy an
install for one face each (and their Kenney, Fira, Noto and Ubuntu faces near trained ones), font-caladea, font-lato,
font-manrope, font-roboto and fontpkg-vollkorn as families Debian installs here (and earlier families drew), Hanken
Grotesk as one more plain grotesque, Press Start 2P as a copy of the C64 and Atari pixel faces earlier families drew,
Gravitas One and Playfair Display as too near Abril Fatface and the earlier old-style faces, Black Ops One, Teko, Chakra
Petch and Share Tech as less plainly read than the faces kept; of fonts-aenigma's 465 faces most were left out as too
hard to read (outlined, striped, stencilled, shattered, dingbat or 3D faces) or as near Impossibilium BRK (HELDOUT38's
bold flared sans). Amatic SC is a light, tall and narrow face (drawn with a one-pixel heavier pen and a little larger);
Intuitive's figures bounce (its 2 small and its 3, 4 and 5 dropping a little below the others; written a little
larger); Abril Fatface's hairlines are thin beside its heavy stems; Orbitron's zero has a diagonal cut, Atkinson
Hyperlegible's a slash and Space Mono's a dot; Embossing Tape's 1 is a plain bar, and its raised figures are white on
the red tape; Vacant Capz leans; Wobbly's outlines waver; no figures here are an earlier family's. The label tapes sit
a degree or two askew with a soft shadow, the number on each turned with it; the napkin's embossing changes its paper by
at most a few hundredths and the fold's shade by less; the felt-tip's ink spreads a pixel or two round each figure; the
ballpoint lines waver by about a pixel; the bicycle wheel's and the birdcage's shadows darken the page by at most a
fifth; the tiles, blanket, bubble wrap, shingle, ice, coir mat, filing cabinet and zinc table lie round the page, never
on it; the plectrum and the macaron lie on widened margins and neither carries a digit; the pretzel, hose, Meccano and
spring block lines are broader and less even than a ruled line (the hose's coupling and the Meccano bolts a little wider
than the line, the Meccano holes showing the paper); the fills have some paler features (the dates' gloss, the
seaweed's glints, the pods' ridges, the gears' lit teeth, the yarn's twist, the scales' lips and rims, the peppers'
folds, the quinoa's germ rings, the cords' wraps, the tape's gloss and lifted corner, the felt-tip's paler seams) over
a dark ground, and a person sees a filled cell at once; the heart is small and pink, the dandelion seed a fine grey
tuft on a stalk, the thread a short red curl, the forget-me-not a small blue flower; the planted pale marks are a light
tint with darker-than-tint shapes over it, plainly darker than the paper; the lowered clue's numbers are never below 1;
the doubled number still fits its line; the retyped clue line on the page that keeps the input's clues is in a
different face from its neighbours; the style names begin ``s_`` as HELDOUT28's to HELDOUT38's do (the names themselves
differ from every earlier one).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer39` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout39:HELDOUT39`` measures them like the earlier families.
"""

from __future__ import annotations

import importlib.metadata
import math
import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from nonogram_answers import Style, font_path, plant
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
    _seeds,
    _stroke_coords,
)
from nonogram_heldout29 import _free_x
from nonogram_heldout30 import _rotated, _shadow
from nonogram_heldout32 import _draw_grid32, _grain, _smooth, _table
from nonogram_heldout33 import _major_segments, _page_on, _pen_minors, _staggered
from nonogram_heldout34 import _c, _seg_pts
from nonogram_heldout35 import _ink
from nonogram_heldout38 import _box_pts, _change38, _clip8, _disc, _run_mask, _stamp
from PIL import Image, ImageDraw, ImageFont


@dataclass(frozen=True)
class Style39(Style):
    """A HELDOUT39 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``label_tape_board``, ``napkin_sketch``; empty keeps the
    input's frame), ``clue_change`` how a planted clue_changed answer alters its line (as in HELDOUT38, or
    ``all_lowered``: each of its numbers one less, or ``one_doubled``: one of its numbers written as twice itself) and
    ``missing_bare`` whether a missing fill is left bare rather than marked like the other empty cells.
    ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""
    clue_change: str = "extra"
    missing_bare: bool = False

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer39(input_image, layout, truth, self, error, seed)


HELDOUT39 = (
    Style39("s_fredokaone_medjooldates_subwaytiles", "medjool_dates", (62, 36, 26), "none",
            "FredokaOne-Regular.ttf", ("subway_tiles", "jpeg"), clue_scale=(1.0, 1.08),
            grid="pretzel_stick_majors", light_mark="light_bicycles", outline_mark="outline_plait",
            cross_mark="heavy_x_baseball_bats", clue_change="all_lowered"),
    Style39("s_amaticbold_hijiki_picnicblanket", "hijiki_strands", (30, 32, 28), "tiny_heart", "AmaticSC-Bold.ttf",
            ("picnic_blanket", "jpeg"), clue_scale=(1.2, 1.3), clue_stroke=1, grid="garden_hose_majors",
            light_mark="light_pine_trees", outline_mark="outline_trellis", cross_mark="heavy_x_candy_canes",
            clue_change="one_doubled", missing_bare=True),
    Style39("s_abrilfatface_carobpods_bubblewrap", "carob_pods", (56, 32, 24), "none", "AbrilFatface-Regular.ttf",
            ("bubble_wrap_bed", "jpeg"), clue_scale=(1.02, 1.1), grid="meccano_strip_majors",
            light_mark="light_cats", outline_mark="outline_tyre_tread", cross_mark="heavy_x_brooms",
            clue_change="split"),
    Style39("s_atkinsonbold_geartrain_shinglebeach", "gear_train", (48, 52, 58), "dandelion_seed",
            "AtkinsonHyperlegible-Bold.ttf", ("shingle_beach", "jpeg"), clue_scale=(1.0, 1.08),
            grid="coil_spring_majors", light_mark="light_crowns", outline_mark="outline_corrugated",
            cross_mark="heavy_x_spatulas", clue_change="all_lowered", missing_bare=True),
    Style39("s_bungeesign_crochet_frozenpond", "crochet_stitches", (34, 30, 40), "none", "Bungee-Regular.ttf",
            ("frozen_pond", "jpeg"), clue_scale=(0.98, 1.06), grid="pretzel_stick_majors", light_mark="light_cats",
            outline_mark="outline_plait", cross_mark="heavy_x_candy_canes", clue_change="reversed"),
    Style39("s_orbitronbold_pineconescales_coirmat", "pinecone_scales", (62, 40, 26), "thread_snippet",
            "Orbitron[wght].ttf", ("coir_doormat", "jpeg"), clue_scale=(1.0, 1.08), grid="garden_hose_majors",
            light_mark="light_bicycles", outline_mark="outline_trellis", cross_mark="heavy_x_baseball_bats",
            clue_change="transfer", missing_bare=True),
    Style39("s_spacemonobold_chipotle_wheelshadow", "chipotle_peppers", (66, 28, 22), "none", "SpaceMono-Bold.ttf",
            ("bicycle_wheel_shadow", "jpeg"), clue_scale=(1.0, 1.08), grid="meccano_strip_majors",
            light_mark="light_crowns", outline_mark="outline_tyre_tread", cross_mark="heavy_x_spatulas",
            clue_change="one_doubled"),
    Style39("s_wobblybrk_pangolinscales_birdcage", "pangolin_scales", (64, 46, 32), "blue_forgetmenot",
            "wobbly.ttf", ("birdcage_shadow", "jpeg"), clue_scale=(1.0, 1.08), grid="coil_spring_majors",
            light_mark="light_pine_trees", outline_mark="outline_corrugated", cross_mark="heavy_x_brooms",
            clue_change="insert_middle", missing_bare=True),
    Style39("s_vacantzbrk_blackquinoa_plectrum", "black_quinoa", (40, 32, 30), "none", "vacantz.ttf",
            ("plectrum_margin", "jpeg"), clue_scale=(1.04, 1.12), grid="pretzel_stick_majors",
            light_mark="light_bicycles", outline_mark="outline_corrugated", cross_mark="heavy_x_candy_canes",
            clue_change="merge"),
    Style39("s_keptclues_macrameknots_macaron", "macrame_knots", (40, 36, 44), "tiny_heart", None,
            ("macaron_margin", "jpeg"), grid="kept", light_mark="light_cats", outline_mark="outline_plait",
            cross_mark="heavy_x_spatulas", clue_change="retyped_line", missing_bare=True),
    Style39("s_embossedtape_vinylsquares_redrawlabels", "vinyl_tape_squares", (26, 26, 30), "none", "embosst3.ttf",
            ("filing_cabinet", "jpeg"), clue_colour=(172, 30, 38), clue_scale=(1.0, 1.08),
            light_mark="light_crowns", outline_mark="outline_trellis", cross_mark="heavy_x_baseball_bats",
            clue_change="all_lowered", redraw="label_tape_board"),
    Style39("s_intuitivefelt_feltpen_redrawnapkin", "felt_pen_bleed", (24, 24, 32), "none", "Intuitive.ttf",
            ("zinc_bistro_table", "jpeg"), clue_colour=(26, 26, 34), clue_scale=(1.18, 1.28),
            light_mark="light_pine_trees", outline_mark="outline_tyre_tread", cross_mark="heavy_x_brooms",
            clue_change="one_doubled", redraw="napkin_sketch"),
)

CHANGE_FONT = "SpaceMono-Regular.ttf"  # Space Mono Regular: the retyped line of a changed clue on the kept-clues page

# The faces that PyPI distributions ship (found through the distribution's own file list, never under
# /usr/share/fonts) and the Debian package of the others.
PYPI_FACES = {
    "FredokaOne-Regular.ttf": "font-fredoka-one",
    "AmaticSC-Bold.ttf": "font-amatic-sc",
    "AbrilFatface-Regular.ttf": "fontpkg-abril-fatface",
    "AtkinsonHyperlegible-Bold.ttf": "fontpkg-atkinson-hyperlegible",
    "Bungee-Regular.ttf": "fontpkg-bungee",
    "Orbitron[wght].ttf": "fontpkg-orbitron",
    "SpaceMono-Bold.ttf": "fontpkg-space-mono",
    "Intuitive.ttf": "font-intuitive",
    "SpaceMono-Regular.ttf": "fontpkg-space-mono",
}
DEBIAN_FACES = {"wobbly.ttf": "fonts-aenigma", "vacantz.ttf": "fonts-aenigma", "embosst3.ttf": "fonts-aenigma"}
# Variable faces and the weight they are drawn at.
WEIGHT = {"Orbitron[wght].ttf": 700}


# ------------------------------------------------------------------------------------------ clue faces


@cache
def face_path(name: str) -> Path:
    """A clue face's file: from the PyPI distribution that ships it (:data:`PYPI_FACES`), else as
    ``nonogram_answers.font_path`` finds it (the Debian faces)."""
    dist_name = PYPI_FACES.get(name)
    if dist_name is None:
        return font_path(name)
    dist = importlib.metadata.distribution(dist_name)
    for f in dist.files or ():
        if f.name == name:
            p = Path(str(dist.locate_file(f)))
            if p.exists():
                return p
    raise FileNotFoundError(f"clue face {name} not found in the installed distribution {dist_name}")


def _font39(name: str, px: int) -> ImageFont.FreeTypeFont:
    font = ImageFont.truetype(str(face_path(name)), max(6, px))
    if name in WEIGHT:
        font.set_variation_by_axes([WEIGHT[name]])
    return font


class _Face39:
    """A clue face at the size whose figures are ``h`` pixels tall (with ``stroke`` pixels of heavier pen), drawing
    numbers as masks (float 0..1) with their top relative to the baseline."""

    def __init__(self, file: str, h: float, stroke: int = 0):
        self.file, self.stroke = file, stroke
        self.cache: dict[str, tuple[np.ndarray, int]] = {}
        probe = max(8, round(h * 1.4))
        self.font = _font39(file, probe)
        dh = float(np.mean([_run_mask(self.font, ch, stroke)[0].shape[0] for ch in "0123456789"]))
        self.font = _font39(file, max(6, round(probe * h / max(1.0, dh))))
        m, t = self.mask("0123456789")
        self.band = (t, t + m.shape[0])  # the figures' top and bottom relative to the baseline
        self.h = float(np.mean([self.mask(ch)[0].shape[0] for ch in "0123456789"]))
        # the widest space between two figures of one number (a monospaced face's narrow 1 leaves a wide one)
        self.inner = max(self.width(a + b) - self.width(a) - self.width(b) for a in "1470" for b in "1470")

    def mask(self, text: str) -> tuple[np.ndarray, int]:
        if text not in self.cache:
            self.cache[text] = _run_mask(self.font, text, self.stroke)
        return self.cache[text]

    def width(self, text: str) -> int:
        return self.mask(text)[0].shape[1]


def _fit39(file: str, h: float, stroke: int, gapf: float, slotf: float, row_vals, col_vals, room_w: float,
           room_h: float, col_w: float) -> tuple[_Face39, float, float]:
    """The face, gap and slot at which every row clue fits ``room_w``, every column clue ``room_h`` and every number
    its column: the gap and the slot shrink first, then the size."""
    nmax = max(len(v) for v in col_vals)
    while True:
        face = _Face39(file, h, stroke)
        dh = face.h
        floor = max(dh * 0.55, 0.6 * face.width("0"), face.inner + 0.35 * dh)  # two numbers never read as one
        gap, slot = max(floor, dh * gapf), dh * slotf
        widths = [(sum(face.width(t) for t in v), len(v)) for v in row_vals]
        over = max((tw + gap * (n - 1) - room_w) / max(1, n - 1) for tw, n in widths)
        if over > 0:
            gap = max(floor, gap - over)
        if (nmax - 0.5) * slot + dh * 0.6 > room_h:
            slot = max(dh * 1.3, (room_h - dh * 0.6) / (nmax - 0.5))
        widest = max(face.width(t) for v in col_vals for t in v)
        fits = (all(tw + gap * (n - 1) <= room_w for tw, n in widths) and (nmax - 0.5) * slot + dh * 0.6 <= room_h
                and widest <= col_w * 0.9)
        if fits or h <= 7:
            return face, gap, slot
        h -= max(0.5, 0.04 * h)


def _ink_onto(img: Image.Image, alpha: np.ndarray, colour) -> None:
    a = np.asarray(img, np.float32)
    out = a * (1 - alpha[..., None]) + np.asarray(colour, np.float32) * alpha[..., None]
    img.paste(Image.fromarray(_clip8(out)))


def _redraw_clues39(img: Image.Image, layout: dict[str, Any], row_vals, col_vals, style: Style39,
                    rng: random.Random) -> None:
    """The clue strips erased and written again in the style's face, sized by the digits' height as drawn."""
    d = ImageDraw.Draw(img)
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    rb, cb = layout["row_clue_bbox"], layout["col_clue_bbox"]
    rows, cols = layout["rows"], layout["cols"]
    ch, cw = (gy1 - gy0) / rows, (gx1 - gx0) / cols
    d.rectangle([0, rb[1] + 3, rb[2] - 2, rb[3] - 3], fill=(255, 255, 255))
    d.rectangle([cb[0] + 3, 0, cb[2] - 3, cb[3] - 2], fill=(255, 255, 255))
    ref = _digit_h(_font(INPUT_FONT, layout["clue_font_px"]))
    off = layout["cell_px"] * 0.3
    face, gap, slot = _fit39(style.clue_font, ref * rng.uniform(*style.clue_scale), style.clue_stroke,
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


def _retype_lines39(img: Image.Image, layout: dict[str, Any], row_vals, col_vals,
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
    face = _Face39(CHANGE_FONT, _digit_h(_font(INPUT_FONT, layout["clue_font_px"])))
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


# ------------------------------------------------------------------------------------------ clue changes


def _change39(truth: dict[str, Any], mode: str, rng: random.Random) -> tuple[str, int, list[str]]:
    """A changed clue as :func:`_change38` makes it, or (``all_lowered``) a line of two or more numbers, each at
    least 2, written with each number one less (a single number of at least 2 one less where no such line exists),
    or (``one_doubled``) one number of a line written as twice itself, on a line where the doubled number still fits
    (a line of two or more numbers first); where neither kind finds a line, one number is one more or less."""
    n_row, n_col = len(truth["solution"][0]), len(truth["solution"])  # a row's length, a column's length
    lines = [(kind, i, v, n_row if kind == "row" else n_col) for kind in ("row", "col")
             for i, v in enumerate(_values(truth[f"{kind}_clues"]))]
    if mode == "all_lowered":
        cand = [x for x in lines if len(x[2]) >= 2 and min(int(t) for t in x[2]) >= 2]
        cand = cand or [x for x in lines if len(x[2]) == 1 and int(x[2][0]) >= 2]
        if cand:
            kind, i, v, _ = rng.choice(cand)
            return kind, i, [str(int(t) - 1) for t in v]
        mode = "off_by_one"
    if mode == "one_doubled":
        def room(v, n):
            return n - (sum(int(t) for t in v) + len(v) - 1)

        opts = [(x, k) for x in lines if x[2] != ["0"] for k, t in enumerate(x[2]) if int(t) <= room(x[2], x[3])]
        best = [o for o in opts if len(o[0][2]) >= 2]
        if opts:
            (kind, i, v, _), k = rng.choice(best or opts)
            return kind, i, v[:k] + [str(2 * int(v[k]))] + v[k + 1:]
        mode = "off_by_one"
    return _change38(truth, mode, rng)


# ------------------------------------------------------------------------------------------ fills


def _poly(d: ImageDraw.ImageDraw, shape, cx: float, cy: float, a: float, unit: float, **kw) -> None:
    d.polygon(_rotated(shape, cx, cy, a, unit), **kw)


def _oval(rx: float, ry: float, n: int = 20, taper: float = 0.0) -> list[tuple[float, float]]:
    """An oval of half axes ``rx`` and ``ry``, narrowed towards its +x end by ``taper``."""
    return [(rx * math.cos(t), ry * math.sin(t) * (1 - taper * max(0.0, math.cos(t)))) for t in
            np.linspace(0, 2 * math.pi, n, endpoint=False)]


def _tex39(kind: str, w: int, h: int, colour, g: np.random.Generator,
           rng: random.Random) -> tuple[np.ndarray, np.ndarray | None]:
    """A filled cell's picture (h, w, 3 float) in ``kind`` and its coverage (None: it covers the whole cell)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    alpha = None
    if kind == "medjool_dates":  # heaped medjool dates: glossy dark brown ovals, wrinkled skins, a gloss on each
        img = Image.new("RGB", (w, h), _c(col * 0.35))
        d = ImageDraw.Draw(img)
        date = _oval(0.5, 0.26, 22)
        for _ in range(int(w * h / (s * s) * 5.0) + 3):
            cx, cy, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, math.pi)
            ln = rng.uniform(0.55, 0.75) * s
            tone = rng.uniform(0.85, 1.2)
            _poly(d, date, cx, cy, a, ln, fill=_c(col * tone), outline=_c(col * 0.4))
            for _k in range(3):  # the skin's wrinkles across the date
                u = rng.uniform(-0.3, 0.3)
                d.line(_rotated([(u, -0.18), (u + rng.uniform(-0.08, 0.08), 0.18)], cx, cy, a, ln),
                       fill=_c(col * tone * 0.65), width=1)
            _poly(d, _oval(0.16, 0.05, 10), cx - 0.1 * ln * math.sin(a), cy - 0.1 * ln * math.cos(a), a, ln,
                  fill=_c(_lift(col * tone, 0.35)))  # the gloss
        tex = np.asarray(img, np.float32).copy()
    elif kind == "hijiki_strands":  # a heap of cooked hijiki: short glossy black seaweed strands, glints along some
        img = Image.new("RGB", (w, h), _c(col * 0.55))
        d = ImageDraw.Draw(img)
        for _ in range(int(w * h / (s * s) * 70) + 10):
            x, y, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, 2 * math.pi)
            ln = rng.uniform(0.12, 0.3) * s
            bend = rng.uniform(-0.5, 0.5)
            pts = [(x + ln * k / 3 * math.cos(a + bend * k / 3), y + ln * k / 3 * math.sin(a + bend * k / 3))
                   for k in range(4)]
            tone = rng.uniform(0.8, 1.25)
            d.line(pts, fill=_c(col * tone), width=max(1, round(s / 22)), joint="curve")
            if rng.random() < 0.25:
                d.line(pts[1:3], fill=_c(_lift(col * tone, 0.4)), width=1)  # a glint
        tex = np.asarray(img, np.float32).copy()
    elif kind == "carob_pods":  # carob pods side by side: long glossy brown pods, the seeds' bumps, a lit ridge
        img = Image.new("RGB", (w, h), _c(col * 0.3))
        d = ImageDraw.Draw(img)
        a0 = rng.uniform(-0.4, 0.4) + rng.choice((0.0, math.pi / 2))
        step = 0.27 * s
        for j, o in enumerate(np.arange(-1.2 * max(w, h), 1.2 * max(w, h), step)):
            cx = w / 2 - o * math.sin(a0) + rng.uniform(-0.4, 0.4) * s * math.cos(a0)
            cy = h / 2 + o * math.cos(a0) + rng.uniform(-0.4, 0.4) * s * math.sin(a0)
            ln = rng.uniform(1.3, 1.8) * s
            tone = rng.uniform(0.85, 1.2)
            a = a0 + rng.uniform(-0.06, 0.06)
            _poly(d, _oval(0.5, 0.075, 28), cx, cy, a, ln, fill=_c(col * tone), outline=_c(col * 0.35))
            for u in np.arange(-0.4, 0.41, 0.09):  # the seeds' bumps along the pod
                _poly(d, _oval(0.03, 0.045, 10), *(_rotated([(u, 0.0)], cx, cy, a, ln)[0]), a, ln,
                      fill=_c(col * tone * 1.12))
            d.line(_rotated([(-0.45, -0.05), (0.45, -0.05)], cx, cy, a, ln), fill=_c(_lift(col * tone, 0.3)),
                   width=1)  # the lit ridge
        tex = np.asarray(img, np.float32).copy()
    elif kind == "gear_train":  # a gear train in gunmetal: toothed wheels meshing, lit tooth tops, dark hubs
        img = Image.new("RGB", (w, h), _c(col * 0.3))
        d = ImageDraw.Draw(img)
        for _ in range(int(w * h / (s * s) * 2.0) + 2):
            cx, cy = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h
            R = rng.uniform(0.28, 0.42) * s
            n = max(8, int(R / max(1.6, s / 22)))
            a0 = rng.uniform(0, 2 * math.pi)
            tone = rng.uniform(0.9, 1.2)
            pts = []
            for k in range(4 * n):
                rr = R if (k // 2) % 2 == 0 else R * 0.82
                t = a0 + k * math.pi / (2 * n)
                pts.append((cx + rr * math.cos(t), cy + rr * math.sin(t)))
            d.polygon(pts, fill=_c(col * tone), outline=_c(_lift(col * tone, 0.3)))
            _disc(d, cx, cy, 0.62 * R, outline=_c(col * 0.5), width=1)  # the web's rim
            _disc(d, cx, cy, 0.2 * R, fill=_c(col * 0.35), outline=_c(_lift(col, 0.25)))  # the hub
        tex = np.asarray(img, np.float32).copy()
    elif kind == "crochet_stitches":  # rows of double crochet in dark yarn: leaning V stitches, paler twist lines
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col * 0.5
        p = max(4.0, s / 4.2)
        row = np.floor(yy / p)
        v = (yy % p) / p
        u = ((xx + (row % 2) * p * 0.25) % (0.6 * p)) / (0.6 * p)
        left = np.abs(u - (0.5 - 0.35 * (1 - v))) < 0.2
        right = np.abs(u - (0.5 + 0.35 * (1 - v))) < 0.2
        stitch = (left | right) & (v > 0.12)
        tex[stitch] = col * 1.05
        twist = stitch & (np.abs(np.sin((xx + 2 * yy) / max(1.0, p / 5))) < 0.3)
        tex[twist] = _lift(col, 0.2)  # the yarn's twist
        tex[v < 0.12] = col * 0.7  # the chain along each row's top
        tex *= (0.95 + 0.08 * _noise0(g, h, w, max(1.0, s / 10)))[..., None]
    elif kind == "pinecone_scales":  # a pine cone's scales in their spiral rows: rhombic, a pale weathered lip
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col * 0.35
        p = max(5.0, s / 3.2)
        a = rng.uniform(-0.3, 0.3)
        ca, sa = math.cos(a), math.sin(a)
        uu, vv = (xx * ca + yy * sa) / p, (-xx * sa + yy * ca) / p
        du, dv = uu + vv, uu - vv
        fu, fv = du % 1 - 0.5, dv % 1 - 0.5
        dd = np.maximum(np.abs(fu), np.abs(fv))  # a rhomb on the page: a square in the lattice's diagonal frame
        scale = dd < 0.44
        tone = 0.85 + 0.3 * np.abs(np.sin(np.floor(du) * 12.9898 + np.floor(dv) * 78.233) * 43758.5 % 1)
        tex[scale] = (col * tone[..., None])[scale]
        lip = scale & (fu + fv > 0.18)
        tex[lip] = (_lift(col, 0.14) * tone[..., None])[lip]  # the scale's weathered outer lip
        tex[scale & (np.hypot(fu - 0.12, fv - 0.12) < 0.06)] = col * 0.45  # the umbo
    elif kind == "chipotle_peppers":  # dried chipotle peppers: wrinkled red-brown pods, paler folds, a dry stem
        img = Image.new("RGB", (w, h), _c(col * 0.35))
        d = ImageDraw.Draw(img)
        pod = _oval(0.5, 0.2, 24, taper=0.7)
        for _ in range(int(w * h / (s * s) * 3.2) + 3):
            cx, cy, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, 2 * math.pi)
            ln = rng.uniform(0.75, 1.0) * s
            tone = rng.uniform(0.85, 1.2)
            _poly(d, pod, cx, cy, a, ln, fill=_c(col * tone), outline=_c(col * 0.4))
            for o in (-0.1, -0.03, 0.05, 0.11):  # the wrinkles' folds along the pod
                d.line(_rotated([(-0.4, o), (-0.1, o + rng.uniform(-0.04, 0.04)), (0.3, o * 0.5)], cx, cy, a, ln),
                       fill=_c(_lift(col * tone, 0.18)), width=1)
            d.line(_rotated([(-0.5, 0.0), (-0.62, 0.03)], cx, cy, a, ln), fill=(96, 84, 56),
                   width=max(1, round(s / 18)))  # the stem
        tex = np.asarray(img, np.float32).copy()
    elif kind == "pangolin_scales":  # a pangolin's overlapping scales: broad spade shapes, fine striations, lit rims
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col * 0.35
        p = max(5.0, s / 2.3)
        ys_ = list(np.arange(-p, h + p, 0.62 * p))
        for j in reversed(range(len(ys_))):  # the rows from the bottom up, each row's scales over the tops of the next
            y = ys_[j]
            for x in np.arange(-p + (j % 2) * p / 2, w + p, p):
                tone = rng.uniform(0.85, 1.2)
                dx, dy = (xx - x) / (0.55 * p), (yy - y) / (0.7 * p)
                r2 = dx ** 2 + np.maximum(dy, 0) ** 2 + np.minimum(dy, 0) ** 2 * 0.35
                shape = (r2 < 1) & (dy > -1.4)
                if not shape.any():
                    continue
                tex[shape] = col * tone
                stri = shape & (np.abs(np.sin(dx * 7)) < 0.22) & (dy > -0.3)
                tex[stri] = col * tone * 0.72  # the striations
                tex[shape & (r2 > 0.55) & (r2 < 0.8) & (dy > 0)] = _lift(col * tone, 0.22)  # the worn lit rim
                tex[shape & (r2 >= 0.8) & (dy > -0.2)] = col * 0.45  # the scale's edge over the one below
    elif kind == "black_quinoa":  # black quinoa seeds: tiny flattened discs, a pale germ ring round part of each
        img = Image.new("RGB", (w, h), _c(col * 0.45))
        d = ImageDraw.Draw(img)
        r0 = max(1.6, s / 11)
        for x, y in _seeds(rng, int(w * h / (r0 * r0 * 2.7)) + 4, w, h, 0.06, 1.5 * r0):
            r = r0 * rng.uniform(0.85, 1.15)
            tone = rng.uniform(0.8, 1.25)
            _disc(d, x, y, r, fill=_c(col * tone), outline=_c(col * 0.45))
            a = rng.uniform(0, 360)
            d.arc([x - 0.75 * r, y - 0.75 * r, x + 0.75 * r, y + 0.75 * r], a, a + 140,
                  fill=_c(_lift(col * tone, 0.32)), width=1)  # the germ
        tex = np.asarray(img, np.float32).copy()
    elif kind == "macrame_knots":  # macrame in dark cord: square knots in rows, the cords' twist lit
        img = Image.new("RGB", (w, h), _c(col * 0.4))
        d = ImageDraw.Draw(img)
        p = max(6.0, s / 2.2)
        cw_ = max(2, round(p / 5))
        for j, y in enumerate(np.arange(-p / 2, h + p, p * 0.8)):
            for x in np.arange(-p / 2 + (j % 2) * p / 2, w + p, p):
                tone = rng.uniform(0.9, 1.15)
                for sx in (-0.22, 0.22):  # the two filler cords down through the knot
                    d.line([(x + sx * p, y - 0.45 * p), (x + sx * p, y + 0.45 * p)], fill=_c(col * tone), width=cw_)
                d.ellipse([x - 0.42 * p, y - 0.16 * p, x + 0.42 * p, y + 0.16 * p], fill=_c(col * tone * 1.08),
                          outline=_c(col * 0.45))  # the knot's wrapped body
                for k in (-0.25, 0.0, 0.25):  # the wraps, lit
                    d.line([(x + (k - 0.06) * p, y - 0.12 * p), (x + (k + 0.06) * p, y + 0.12 * p)],
                           fill=_c(_lift(col * tone, 0.25)), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "vinyl_tape_squares":  # a square of black vinyl tape stuck on, a little askew, its gloss, a corner up
        a = math.radians(rng.uniform(-3, 3))
        side = min(w, h) / (abs(math.cos(a)) + abs(math.sin(a))) * 0.99
        lay, ld = _layer(w, h)
        sq = [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)]
        ld.polygon(_rotated(sq, w / 2, h / 2, a, side), fill=255)
        alpha = _m(lay)
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col * (0.97 + 0.04 * _noise0(g, h, w, 1.5))[..., None]
        sheen = np.exp(-(((xx - 0.7 * yy) / max(1.0, s) - rng.uniform(-0.2, 0.4)) / 0.14) ** 2)
        tex += (np.float32(230) - tex) * (0.22 * sheen)[..., None]
        k = rng.randrange(4)  # one corner lifted: its paler adhesive side catching the light
        cxk, cyk = _rotated([sq[k]], w / 2, h / 2, a, side * 0.995)[0]
        corner = np.hypot(xx - cxk, yy - cyk) < 0.14 * s
        corner &= (np.abs(xx - cxk) + np.abs(yy - cyk)) < 0.16 * s
        tex[corner] = (118, 118, 122)
    elif kind == "felt_pen_bleed":  # scribbled in with a black felt-tip on the napkin: strokes, their ink bleeding
        lay, ld = _layer(w, h)
        n = max(5, int(h / max(2.0, s / 9)))
        wd = max(2, round(s / 7))
        pts = []
        for k in range(n + 1):
            y = (k + 0.5) * h / (n + 1) + rng.uniform(-0.03, 0.03) * s
            x = 0.06 * w if k % 2 == 0 else 0.94 * w
            pts.append((x + rng.uniform(-0.04, 0.04) * s, y))
        ld.line(pts, fill=255, width=wd, joint="curve")
        ld.rectangle([0.08 * w, 0.08 * h, 0.92 * w, 0.92 * h], fill=255)
        m = _m(lay)
        bleed = cv2.GaussianBlur(m, (0, 0), max(0.8, s / 30))
        alpha = np.clip(np.maximum(m * 0.97, bleed * 1.1), 0, 1)
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        streak = np.abs(np.sin(yy / max(1.5, s / 9) * math.pi)) < 0.12  # where two strokes meet, a little paler
        tex[streak] = _lift(col, 0.12)
        tex *= (0.97 + 0.05 * _noise0(g, h, w, 1.0))[..., None]
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255), alpha


def _draw_fill39(img: Image.Image, box, style: Style39, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07)
    w, h = bx - ax, by - ay
    if not light:
        if style.fill == "vinyl_tape_squares":  # the tape's thin soft shadow on the board
            sh = np.zeros((h, w), np.float32)
            k = max(1, round(0.03 * min(w, h)))
            sh[k:, k:] = 0.22
            _paste_rgba(img, np.zeros((h, w, 3), np.float32), cv2.GaussianBlur(sh, (0, 0), 1.0), ax, ay)
        tex, alpha = _tex39(style.fill, w, h, style.fill_colour, g, rng)
        _paste(img, tex, ax, ay, alpha)
        return
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = _ink(style)
    s = float(min(w, h))
    lay, ld = _layer(w, h)
    p = max(7.0, s / 2.8)
    lw = max(1, round(p / 11))
    if light == "light_bicycles":  # bicycles: two wheels, a diamond frame, a saddle and handlebars
        for x, y in _staggered(w, h, p):
            r = p * 0.26
            for wx in (-0.55, 0.55):
                ld.ellipse([x + (wx - 0.32) * r, y + 0.05 * r, x + (wx + 0.32) * r, y + 0.69 * r], outline=255,
                           width=lw)
            ld.line([(x - 0.55 * r, y + 0.37 * r), (x - 0.1 * r, y - 0.1 * r), (x + 0.35 * r, y - 0.1 * r),
                     (x + 0.55 * r, y + 0.37 * r)], fill=255, width=lw)
            ld.line([(x - 0.55 * r, y + 0.37 * r), (x + 0.05 * r, y + 0.37 * r), (x + 0.35 * r, y - 0.1 * r)],
                    fill=255, width=lw)
            ld.line([(x - 0.25 * r, y - 0.25 * r), (x, y - 0.25 * r)], fill=255, width=lw + 1)  # the saddle
            ld.line([(x + 0.35 * r, y - 0.1 * r), (x + 0.4 * r, y - 0.35 * r), (x + 0.55 * r, y - 0.4 * r)],
                    fill=255, width=lw)  # the handlebars
    elif light == "light_pine_trees":  # pine trees: three stacked tiers, a trunk
        for x, y in _staggered(w, h, p):
            r = p * 0.26
            for k, (top, wd) in enumerate(((-1.0, 0.35), (-0.6, 0.5), (-0.2, 0.65))):
                ld.polygon([(x, y + top * r), (x + wd * r, y + (top + 0.6) * r), (x - wd * r, y + (top + 0.6) * r)],
                           fill=255)
            ld.rectangle([x - 0.1 * r, y + 0.4 * r, x + 0.1 * r, y + 0.8 * r], fill=255)
    elif light == "light_cats":  # cats' heads: a round face, two pointed ears, the eyes and whiskers left open
        for x, y in _staggered(w, h, p):
            r = p * 0.26
            ld.ellipse([x - 0.6 * r, y - 0.45 * r, x + 0.6 * r, y + 0.55 * r], fill=255)
            ld.polygon([(x - 0.58 * r, y - 0.1 * r), (x - 0.5 * r, y - 0.85 * r), (x - 0.1 * r, y - 0.42 * r)],
                       fill=255)
            ld.polygon([(x + 0.58 * r, y - 0.1 * r), (x + 0.5 * r, y - 0.85 * r), (x + 0.1 * r, y - 0.42 * r)],
                       fill=255)
            for ex in (-0.25, 0.25):
                ld.ellipse([x + (ex - 0.08) * r, y - 0.05 * r, x + (ex + 0.08) * r, y + 0.12 * r], fill=0)
            ld.line([(x - 0.3 * r, y + 0.3 * r), (x + 0.3 * r, y + 0.3 * r)], fill=0, width=1)  # the whiskers
    elif light == "light_crowns":  # crowns: a band, three points with balls on them, a jewel in the band
        for x, y in _staggered(w, h, p):
            r = p * 0.26
            ld.polygon([(x - 0.6 * r, y + 0.5 * r), (x - 0.6 * r, y - 0.5 * r), (x - 0.3 * r, y - 0.05 * r),
                        (x, y - 0.7 * r), (x + 0.3 * r, y - 0.05 * r), (x + 0.6 * r, y - 0.5 * r),
                        (x + 0.6 * r, y + 0.5 * r)], fill=255)
            for px_, py_ in ((-0.6, -0.5), (0.0, -0.7), (0.6, -0.5)):
                ld.ellipse([x + (px_ - 0.1) * r, y + (py_ - 0.2) * r, x + (px_ + 0.1) * r, y + py_ * r], fill=255)
            ld.ellipse([x - 0.1 * r, y + 0.12 * r, x + 0.1 * r, y + 0.32 * r], fill=0)  # the jewel
    else:
        raise ValueError(light)
    alpha = 0.2 + 0.34 * _m(lay)
    _paste_rgba(img, tex, cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.5), ax, ay)


def _draw_outline39(img: Image.Image, box, style: Style39, rng: random.Random) -> None:
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
    if kind == "outline_plait":  # a three-strand plait round the cell: strands crossing over, each lit along its top
        pt = max(4.0, f * 1.1)
        u = (along % pt) / pt
        tex[:] = col * 0.55
        for k in range(3):
            ph = (u + k / 3) % 1
            strand = band & (np.abs(v - np.abs(2 * ph - 1)) < 0.22)
            over = strand & (ph < 0.5) if k % 2 else strand & (ph >= 0.5)
            tex[strand] = col * (0.9 + 0.1 * k)
            tex[over & (np.abs(v - np.abs(2 * ph - 1)) < 0.08)] = _lift(col, 0.22)  # the strand's lit crest
        tex[band & corner] = col * 0.75
    elif kind == "outline_trellis":  # a garden trellis round the cell: laths crossing diagonally between two rails
        pt = max(4.0, f * 0.9)
        a1 = ((along + across) % pt) / pt
        a2 = ((along - across) % pt) / pt
        laths = (np.abs(a1 - 0.5) < 0.17) | (np.abs(a2 - 0.5) < 0.17)
        rails = (v < 0.16) | (v > 0.84)
        tex[:] = col * 0.55  # the shade between the laths
        tex[band & laths] = col * 1.0
        tex[band & laths & (np.abs(a1 - 0.45) < 0.05)] = _lift(col, 0.2)
        tex[band & rails] = col * 0.85
        tex[band & (v < 0.06)] = _lift(col, 0.15)
        tex[band & corner] = col * 0.7
    elif kind == "outline_tyre_tread":  # a tyre's tread round the cell: chevron blocks, grooves between, a sidewall
        pt = max(4.0, f * 1.0)
        u = (along + np.abs(v - 0.5) * pt * 0.8) % pt / pt
        blocks = u < 0.62
        tex[:] = col * 0.5  # the grooves
        tex[band & blocks] = col * 1.0
        tex[band & blocks & (u < 0.1)] = _lift(col, 0.18)  # the blocks' lit leading edges
        tex[band & (v > 0.85)] = col * 0.75  # the sidewall's shoulder
        tex[band & corner] = col * 0.7
    elif kind == "outline_corrugated":  # the cut edge of corrugated board: two liners and the wavy flute between
        pt = max(3.5, f * 0.75)
        wave = 0.5 + 0.32 * np.sin(along / pt * 2 * math.pi)
        liners = (v < 0.2) | (v > 0.8)
        flute = np.abs(v - wave) < 0.1
        tex[:] = col * 0.45  # the hollows between the flutes
        tex[band & liners] = col * 1.0
        tex[band & flute] = _lift(col, 0.15)
        tex[band & (v < 0.07)] = _lift(col, 0.25)
        tex[band & corner] = col * 0.7
    else:
        raise ValueError(kind)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross39(img: Image.Image, box, style: Style39, rng: random.Random) -> None:
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
        if kind == "heavy_x_baseball_bats":  # two baseball bats: a knob, a taped handle, the barrel swelling out
            prof = wid * (0.1 + 0.22 * np.clip((t - 0.25) / 0.5, 0, 1) ** 1.5)
            bat = (np.abs(n) < prof) & (t > 0.02) & (t < 1.0)
            end = np.hypot((t - 1.0) * ln, n) < wid * 0.32
            knob = np.hypot((t - 0.0) * ln, n) < wid * 0.17
            part = bat | end | knob
            tex[part] = col
            tex[part & (n < -prof * 0.3)] = _lift(col, 0.2)  # the lit side
            tex[bat & (t < 0.3) & ((((t * ln) / max(1.5, wid * 0.2)) % 1) < 0.35)] = col * 0.6  # the grip tape
            tex[knob] = col * 0.75
        elif kind == "heavy_x_candy_canes":  # two candy canes: a striped shaft, the crook turned over at the top
            shaft = (np.abs(n) < wid * 0.2) & (t > 0.0) & (t < 0.82)
            hc = (0.82 * ln, wid * 0.42)
            dd = np.hypot(t * ln - hc[0], n - hc[1])
            crook = (np.abs(dd - wid * 0.42) < wid * 0.2) & (t * ln > hc[0])
            part = shaft | crook
            tex[part] = col
            stripes = part & (((t * ln + n) / max(2.0, wid * 0.35)) % 1 < 0.4)
            tex[stripes] = _lift(col, 0.3)  # the paler stripes
        elif kind == "heavy_x_brooms":  # two brooms: a long handle, a binding, the bristles fanning out
            handle = (np.abs(n) < wid * 0.1) & (t > 0.0) & (t < 0.62)
            binding = (np.abs(n) < wid * 0.22) & (t >= 0.6) & (t < 0.7)
            fan = wid * (0.22 + 0.3 * np.clip((t - 0.7) / 0.32, 0, 1))
            bristles = (np.abs(n) < fan) & (t >= 0.7) & (t < 1.04)
            part = handle | binding | bristles
            tex[part] = col
            tex[binding] = col * 0.6
            tex[bristles & (np.abs(np.sin(n / max(0.8, wid * 0.05))) < 0.3)] = _lift(col, 0.22)  # the straws
        elif kind == "heavy_x_spatulas":  # two spatulas: a handle with a hanging hole, a neck, a slotted blade
            handle = (np.abs(n) < wid * 0.15) & (t > -0.02) & (t < 0.5)
            hole = np.hypot((t - 0.08) * ln, n) < wid * 0.07
            neck = (np.abs(n) < wid * 0.09) & (t >= 0.5) & (t < 0.6)
            blade = (np.abs(n) < wid * 0.4) & (t >= 0.6) & (t < 1.04)
            part = (handle & ~hole) | neck | blade
            tex[part] = col
            slots = blade & (np.abs(((n / max(1.5, wid * 0.2)) % 1) - 0.5) < 0.16) & (t > 0.68) & (t < 0.96)
            tex[slots] = _lift(col, 0.35)
            tex[handle & ~hole & (n < -wid * 0.05)] = _lift(col, 0.15)
        else:
            raise ValueError(kind)
        m = np.maximum(m, part.astype(np.float32))
    m = cv2.GaussianBlur(m, (0, 0), 0.4)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(m, 0, 1).astype(np.float32), ax, ay)


def _draw_empty39(img: Image.Image, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    d = ImageDraw.Draw(img)
    if kind == "none":
        return
    if kind == "tiny_heart":  # a tiny pink heart: two lobes over a point
        r = 0.045 * s
        _disc(d, cx - 0.8 * r, cy - 0.3 * r, r, fill=(232, 110, 150))
        _disc(d, cx + 0.8 * r, cy - 0.3 * r, r, fill=(232, 110, 150))
        d.polygon([(cx - 1.75 * r, cy), (cx + 1.75 * r, cy), (cx, cy + 1.9 * r)], fill=(232, 110, 150))
    elif kind == "dandelion_seed":  # a dandelion seed: a fine stalk, a tuft of grey filaments, the brown seed
        a = rng.uniform(-0.5, 0.5) - math.pi / 2
        ln = 0.14 * s
        tx, ty = cx + 0.5 * ln * math.cos(a), cy + 0.5 * ln * math.sin(a)
        bx_, by_ = cx - 0.5 * ln * math.cos(a), cy - 0.5 * ln * math.sin(a)
        d.line([(bx_, by_), (tx, ty)], fill=(160, 156, 148), width=1)
        for k in range(7):  # the pappus
            b = a + (k - 3) * 0.32
            d.line([(tx, ty), (tx + 0.45 * ln * math.cos(b), ty + 0.45 * ln * math.sin(b))], fill=(176, 174, 170),
                   width=1)
        d.line([(bx_, by_), (bx_ - 0.2 * ln * math.cos(a), by_ - 0.2 * ln * math.sin(a))], fill=(120, 94, 60),
               width=2)
    elif kind == "thread_snippet":  # a snipped bit of red sewing thread lying in loose curls
        a = rng.uniform(0, 2 * math.pi)
        ph = rng.uniform(0, 2 * math.pi)
        shape = [((t - 0.5) * 1.0 + 0.14 * math.cos(3 * math.pi * t + ph), 0.16 * math.sin(3 * math.pi * t + ph))
                 for t in np.linspace(0, 1, 24)]
        d.line(_rotated(shape, cx, cy, a, 0.26 * s), fill=(196, 48, 52), width=1, joint="curve")
    elif kind == "blue_forgetmenot":  # a forget-me-not: five round blue petals, a yellow eye
        r = 0.03 * s
        a0 = rng.uniform(0, 2 * math.pi)
        for k in range(5):
            a = a0 + k * 2 * math.pi / 5
            _disc(d, cx + 1.1 * r * math.cos(a), cy + 1.1 * r * math.sin(a), 0.85 * r, fill=(104, 150, 226))
        _disc(d, cx, cy, max(0.7, 0.5 * r), fill=(244, 210, 80))
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids


def _draw_grid39(img: Image.Image, L: dict[str, Any], rng: random.Random, name: str, inp: np.ndarray | None) -> None:
    if name == "kept":
        _draw_grid32(img, L, rng, "kept", inp)
        return
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    thin = max(1, round(s / 30))
    _pen_minors(d, L, thin)
    if name == "pretzel_stick_majors":  # each block line pretzel sticks end to end: glossy brown, salt flakes on them
        wp = max(3, round(s / 9))
        for vertical, c, a0, a1 in _major_segments(L, wp * 0.5):
            u = a0
            while u < a1 - 1:
                ln = min(a1 - u, rng.uniform(1.8, 2.8) * s)
                tone = rng.uniform(0.88, 1.1)
                d.line(_seg_pts(vertical, c, [(u, 0), (u + ln, 0)]), fill=_c(np.array((118, 66, 30)) * tone),
                       width=wp)
                d.line(_seg_pts(vertical, c, [(u + 1, -wp * 0.25), (u + ln - 1, -wp * 0.25)]),
                       fill=_c(np.array((178, 116, 62)) * tone), width=1)  # the glaze's shine
                for uu in np.arange(u + rng.uniform(1, 4), u + ln - 1, max(3.0, 0.22 * s)):  # salt flakes
                    o = rng.uniform(-0.3, 0.3) * wp
                    d.rectangle(_box_pts(vertical, c + o, uu, uu + 1.5, 0.6), fill=(244, 242, 234))
                u += ln + rng.uniform(0.8, 2.0)
        return
    if name == "garden_hose_majors":  # each block line a green garden hose: ribbed, a lit stripe, a brass coupling
        wh = max(4, round(s / 8))
        for vertical, c, a0, a1 in _major_segments(L, wh * 0.5):
            d.line(_seg_pts(vertical, c, [(a0, 0), (a1, 0)]), fill=(46, 126, 60), width=wh)
            for uu in np.arange(a0 + 1, a1 - 1, max(2.5, 0.16 * s)):  # the ribs round the hose
                d.line(_seg_pts(vertical, c, [(uu, -wh / 2), (uu, wh / 2)]), fill=(30, 92, 42), width=1)
            d.line(_seg_pts(vertical, c, [(a0, -wh * 0.22), (a1, -wh * 0.22)]), fill=(126, 192, 126), width=1)
            m0 = a0 + (a1 - a0) * rng.uniform(0.3, 0.7)  # a brass coupling joining two lengths
            d.rectangle(_box_pts(vertical, c, m0, m0 + 0.35 * s, 0.75 * wh), fill=(186, 148, 58),
                        outline=(120, 92, 30))
            for uu in np.arange(m0 + 2, m0 + 0.35 * s - 1, 3):
                d.line(_seg_pts(vertical, c, [(uu, -0.7 * wh), (uu, 0.7 * wh)]), fill=(150, 116, 40), width=1)
        return
    if name == "meccano_strip_majors":  # each block line Meccano strips bolted end to end: green, round holes, bolts
        wm = max(4, round(s / 7))
        for vertical, c, a0, a1 in _major_segments(L, wm * 0.5):
            u = a0
            while u < a1 - 1:
                ln = min(a1 - u, rng.uniform(3.0, 5.0) * s)
                if a1 - u - ln < 1.5 * s:  # no short stub at the end: this strip runs on to it
                    ln = a1 - u
                d.rounded_rectangle(_box_pts(vertical, c, u, u + ln, wm / 2), radius=wm / 2, fill=(40, 112, 70),
                                    outline=(24, 70, 44))
                hole = max(2.5, 0.5 * wm)
                for k, uu in enumerate(np.arange(u + wm / 2, u + ln - wm / 4, max(hole * 2.4, 0.4 * s))):
                    (hx, hy), = _seg_pts(vertical, c, [(uu, 0)])
                    if k == 0 and u > a0:  # a bolt where two strips overlap
                        _disc(d, hx, hy, 0.42 * wm, fill=(172, 174, 180), outline=(96, 98, 104))
                        d.line([(hx - 0.25 * wm, hy), (hx + 0.25 * wm, hy)], fill=(96, 98, 104), width=1)
                    else:
                        _disc(d, hx, hy, hole / 2, fill=(244, 244, 240), outline=(24, 66, 40))
                if u + ln >= a1 - 1:
                    break
                u += ln - wm  # the next strip overlaps this one's end, bolted through both
        return
    if name == "coil_spring_majors":  # each block line a stretched steel coil spring: loop after loop of wire
        wc = max(4, round(s / 8))
        for vertical, c, a0, a1 in _major_segments(L, wc * 0.5):
            pc = max(3.0, 0.12 * s)
            d.line(_seg_pts(vertical, c, [(a0, 0), (a1, 0)]), fill=(150, 152, 160), width=1)  # the coil's hollow
            for u in np.arange(a0, a1 - pc / 2, pc):
                d.line(_seg_pts(vertical, c, [(u, wc / 2), (u + pc / 2, -wc / 2)]), fill=(112, 114, 122), width=1)
                d.line(_seg_pts(vertical, c, [(u + pc / 2, -wc / 2), (u + pc, wc / 2)]), fill=(56, 58, 66),
                       width=max(2, round(wc / 3)))  # the near side of each turn
                d.line(_seg_pts(vertical, c, [(u + pc / 2 + 0.5, -wc / 2 + 1), (u + 0.8 * pc, 0)]),
                       fill=(196, 198, 206), width=1)  # its glint
        return
    raise ValueError(name)


# ------------------------------------------------------------------------------------------ redraws


BOARD = (246, 246, 242)  # the white foam board of the label-tape redraw
NAPKIN = (250, 249, 245)  # the paper napkin
BALLPOINT = (38, 58, 150)


def _tilted(pic: np.ndarray, deg: float) -> tuple[np.ndarray, np.ndarray]:
    """``pic`` turned by ``deg`` on a square canvas, and its coverage there."""
    h, w = pic.shape[:2]
    D = math.ceil(math.hypot(h, w)) + 2
    M = cv2.getRotationMatrix2D((w / 2, h / 2), deg, 1.0)
    M[0, 2] += (D - w) / 2
    M[1, 2] += (D - h) / 2
    rot = cv2.warpAffine(pic, M, (D, D), flags=cv2.INTER_LINEAR, borderValue=(0, 0, 0))
    cover = cv2.warpAffine(np.ones((h, w), np.float32), M, (D, D), flags=cv2.INTER_LINEAR, borderValue=0)
    return rot, cover


def _label(face: _Face39, text: str, colour, rng: random.Random, g: np.random.Generator
           ) -> tuple[np.ndarray, np.ndarray]:
    """A length of embossed label tape with ``text`` pressed into it (the raised figures whitened), turned a little:
    its picture and coverage."""
    m, _ = face.mask(text)
    px, py = round(0.45 * face.h) + 2, round(0.3 * face.h) + 2
    h, w = m.shape[0] + 2 * py, m.shape[1] + 2 * px
    tape = np.empty((h, w, 3), np.float32)
    tape[:] = colour
    yv = (np.arange(h, dtype=np.float32) / h)[:, None]
    tape *= (1 + 0.18 * np.exp(-((yv - 0.28) / 0.12) ** 2) - 0.12 * (yv > 0.9))[..., None]  # its sheen, lower lip
    tape *= (1 + 0.02 * _noise0(g, h, w, 1.0))[..., None]
    ink = np.zeros((h, w), np.float32)
    ink[py:py + m.shape[0], px:px + m.shape[1]] = m
    shade = np.clip(np.roll(ink, (1, 1), axis=(0, 1)) - ink, 0, 1)  # the pressed figures' lower right walls
    out = tape * (1 - 0.45 * shade[..., None])
    out = out * (1 - ink[..., None]) + np.array((238, 236, 232), np.float32) * ink[..., None]
    return _tilted(out, rng.uniform(-1.5, 1.5))


def _felt_ink(m: np.ndarray, h: float) -> np.ndarray:
    """A felt-tip's ink for the mask ``m``: a little broader, its edges bleeding into the napkin's fibres."""
    if h >= 14:
        m = cv2.dilate(m, np.ones((2, 2), np.uint8))
    return np.clip(np.maximum(m, 0.4 * cv2.GaussianBlur(m, (0, 0), 1.2)), 0, 1)


def _redraw_whole39(layout: dict[str, Any], style: Style39, row_vals, col_vals, rng: random.Random,
                    target: tuple[int, int]) -> tuple[Image.Image, dict[str, Any]]:
    """The whole puzzle drawn anew (``style.redraw``): its own surface, cell size, clue layout and margins. Returns
    the page (clues, no marks, no grid yet) and its geometry."""
    kind = style.redraw
    rows, cols = layout["rows"], layout["cols"]
    base = layout["cell_px"] * rng.uniform(0.9, 0.98) * 0.92
    ref = _digit_h(_font(INPUT_FONT, layout["clue_font_px"]))
    hh = ref * rng.uniform(*style.clue_scale)
    labels = kind == "label_tape_board"
    face = _Face39(style.clue_font, hh, style.clue_stroke)
    room = 0.5 * base if labels else 0.72 * base  # a tape is wider than its number
    while hh > 7 and max(face.width(t) for v in col_vals for t in v) > room:
        hh -= max(0.5, 0.04 * hh)
        face = _Face39(style.clue_font, hh, style.clue_stroke)
    dh = face.h
    if labels:
        tape_pad = 2 * (round(0.45 * dh) + 2)
        gapn, slot = tape_pad + dh * rng.uniform(0.4, 0.5), dh * rng.uniform(2.05, 2.2)
    else:
        gapn, slot = dh * rng.uniform(0.75, 0.9), dh * rng.uniform(1.5, 1.65)
    gapn = max(gapn, face.inner + 0.35 * dh)  # two numbers never read as one
    row_w = max(sum(face.width(t) for t in v) + gapn * (len(v) - 1) for v in row_vals)
    col_h = max(len(v) for v in col_vals) * slot
    pad = 0.65 * base if labels else 0.45 * base
    gw, gh = base * cols, base * rows
    pw, ph = row_w + pad * 1.4 + gw, col_h + pad * 1.4 + gh
    g = _nrng(rng)
    bm = 0.8 * base
    top = 1.1 * bm
    W = round(max(pw + 2 * bm, 0.85 * target[0]))
    H = round(ph + bm + top)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    if labels:  # white foam board: a faint mottle, its cut edge grey
        surf = np.array(BOARD, np.float32) * (1 + 0.008 * _smooth(g, H, W, 1.0) + 0.01 * _smooth(g, H, W, 30))[
            ..., None]
        edge = np.minimum.reduce([xx, yy, W - 1 - xx, H - 1 - yy]) < 3
        surf[edge] = (200, 200, 196)
    else:  # a paper napkin: its embossed dots, a scalloped embossed border, one half a little in the fold's shade
        p = max(6.0, 0.12 * base)
        dots = np.cos(xx * 2 * math.pi / p) * np.cos(yy * 2 * math.pi / p)
        relief = np.clip(dots - 0.6, 0, 1)
        lay, ld = _layer(W, H)
        e = 0.35 * bm
        r = 0.18 * bm
        for x in np.arange(e, W - e, 2 * r):
            ld.arc([x - r, e - r, x + r, e + r], 0, 180, fill=255, width=2)
            ld.arc([x - r, H - e - r, x + r, H - e + r], 180, 360, fill=255, width=2)
        for y in np.arange(e, H - e, 2 * r):
            ld.arc([e - r, y - r, e + r, y + r], 270, 450, fill=255, width=2)
            ld.arc([W - e - r, y - r, W - e + r, y + r], 90, 270, fill=255, width=2)
        relief = relief + 1.5 * cv2.GaussianBlur(_m(lay), (0, 0), 1.0)
        lit = relief - np.roll(relief, (1, 1), axis=(0, 1))
        surf = np.array(NAPKIN, np.float32) * (1 + 0.03 * np.clip(lit, -1, 1) + 0.006 * _smooth(g, H, W, 1.0))[
            ..., None]
        fold = 1 - 0.035 / (1 + np.exp(-(xx - W / 2) / 6.0))  # the far half of the fold a little shaded
        surf *= fold[..., None]
    img = Image.fromarray(_clip8(surf))
    ex = (W - 2 * bm - pw) / 2
    gx0, gy0 = bm + ex + row_w + pad * 1.4, top + col_h + pad * 1.4
    keep = [gx0 - pad * 1.4 - row_w - 4, gy0 - pad * 1.4 - col_h - 4, gx0 + gw + 4, gy0 + gh + 4]
    xs = [gx0 + base * i for i in range(cols + 1)]
    ys = [gy0 + base * j for j in range(rows + 1)]
    L = {"grid_bbox": [xs[0], ys[0], xs[-1], ys[-1]], "rows": rows, "cols": cols, "cw": base, "ch": base,
         "cell_px": base, "xs": xs, "ys": ys, "x0s": xs[:-1], "y0s": ys[:-1], "keep": keep}
    spots = []
    for r_, vals in enumerate(row_vals):
        cy = (ys[r_] + ys[r_ + 1]) / 2
        x = gx0 - pad
        for t in reversed(vals):
            wt = face.width(t)
            spots.append((t, x - wt / 2, cy))
            x -= wt + gapn
    for c, vals in enumerate(col_vals):
        cx = (xs[c] + xs[c + 1]) / 2
        for k, t in enumerate(vals):
            spots.append((t, cx, gy0 - pad - (len(vals) - k - 0.5) * slot))
    a = np.asarray(img, np.float32).copy()
    if not labels:  # the clues written with the felt-tip
        alpha = np.zeros((H, W), np.float32)
        for t, cx, cy in spots:
            _stamp(alpha, face, t, cx + rng.uniform(-0.03, 0.03) * dh, cy + rng.uniform(-0.04, 0.04) * dh)
        alpha = _felt_ink(alpha, dh)
        a = a * (1 - alpha[..., None]) + np.asarray(style.clue_colour, np.float32) * alpha[..., None]
        return Image.fromarray(_clip8(a)), L
    for t, cx, cy in spots:  # each number on its own length of label tape, stuck a little askew with a soft shadow
        pic, cover = _label(face, t, style.clue_colour, rng, g)
        D = pic.shape[0]
        x0 = round(cx - D / 2)
        y0 = round(cy - D / 2)
        sh = cv2.GaussianBlur(cover, (0, 0), 1.2)
        for (ox, oy), arr, k in (((1, 2), None, 0.25), ((0, 0), pic, 1.0)):
            X0, Y0 = x0 + ox, y0 + oy
            xa, ya, xb, yb = max(0, X0), max(0, Y0), min(W, X0 + D), min(H, Y0 + D)
            if xb <= xa or yb <= ya:
                continue
            cv_ = (sh if arr is None else cover)[ya - Y0:yb - Y0, xa - X0:xb - X0][..., None]
            if arr is None:
                a[ya:yb, xa:xb] *= 1 - k * cv_
            else:
                a[ya:yb, xa:xb] = a[ya:yb, xa:xb] * (1 - cv_) + arr[ya - Y0:yb - Y0, xa - X0:xb - X0] * cv_
    return Image.fromarray(_clip8(a)), L


def _draw_redraw_grid39(img: Image.Image, L: dict[str, Any], kind: str, rng: random.Random) -> Image.Image:
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    lay, d = _layer(*img.size)
    if kind == "label_tape_board":  # ruled with a black fine liner along a steel rule
        thin, wd, colour = max(1, round(s / 30)), max(2, round(s / 11)), (24, 24, 28)
    else:  # a blue ballpoint on the napkin, freehand: the lines waver, the block lines gone over twice
        thin, wd, colour = max(1, round(s / 36)), max(2, round(s / 16)), BALLPOINT

    def line(p0, p1, width):
        if kind == "label_tape_board":
            d.line([p0, p1], fill=255, width=width)
            return
        n = max(2, int(math.hypot(p1[0] - p0[0], p1[1] - p0[1]) / (0.5 * s)))
        pts = []
        for k in range(n + 1):
            t = k / n
            pts.append((p0[0] + (p1[0] - p0[0]) * t + rng.gauss(0, 0.5), p0[1] + (p1[1] - p0[1]) * t
                        + rng.gauss(0, 0.5)))
        d.line(pts, fill=255, width=width, joint="curve")

    for i, x in enumerate(xs):
        big = _major(i, cols)
        e = wd // 2 if big else 0
        line((x, ys[0] - e), (x, ys[-1] + e), wd if big else thin)
    for j, y in enumerate(ys):
        big = _major(j, rows)
        e = wd // 2 if big else 0
        line((xs[0] - e, y), (xs[-1] + e, y), wd if big else thin)
    a = np.asarray(img, np.float32)
    m = _m(lay)
    alpha = cv2.GaussianBlur(m, (0, 0), 0.35) * (0.92 if kind == "label_tape_board" else 0.85)
    out = a * (1 - alpha[..., None]) + np.asarray(colour, np.float32) * alpha[..., None]
    return Image.fromarray(_clip8(out))


# ------------------------------------------------------------------------------------------ pages


def _subway(g: np.random.Generator, H: int, W: int, big: int) -> np.ndarray:
    """A wall of white subway tiles in a brick bond: glossy, bevelled, grey grout between."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    th, tw = 0.055 * big, 0.11 * big
    row = np.floor(yy / th)
    u, v = ((xx + (row % 2) * tw / 2) % tw) / tw, (yy % th) / th
    out = np.empty((H, W, 3), np.float32)
    out[:] = (236, 238, 236)
    sheen = np.exp(-((u * 0.5 + v - 0.45) / 0.2) ** 2)
    out *= (1 + 0.04 * sheen - 0.06 * ((u > 0.97) | (v > 0.93)))[..., None]  # the gloss, the bevels' shade
    gr = (u < 2.5 / tw) | (v < 2.5 / th)
    out[gr] = (168, 168, 160)
    return out * (1 + 0.01 * _smooth(g, H, W, 2.0))[..., None]


def _picnic(g: np.random.Generator, H: int, W: int, big: int) -> np.ndarray:
    """A red and cream plaid picnic blanket: broad red bands both ways, darker where they cross, fine dark lines."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    p = 0.09 * big
    bx, by = (xx % p) < 0.45 * p, (yy % p) < 0.45 * p
    out = np.empty((H, W, 3), np.float32)
    out[:] = (232, 224, 208)
    out[bx ^ by] = (200, 64, 62)
    out[bx & by] = (146, 32, 38)
    fine = (np.abs((xx % p) - 0.72 * p) < 1.0) | (np.abs((yy % p) - 0.72 * p) < 1.0)
    out[fine] *= 0.6
    weave = np.where((np.floor(xx / 2) + np.floor(yy / 2)) % 2 == 0, 1.03, 0.97)
    return out * (weave * (1 + 0.03 * _smooth(g, H, W, 1.0)))[..., None]


def _bubble_wrap(g: np.random.Generator, H: int, W: int, big: int) -> np.ndarray:
    """Bubble wrap on a blue-grey table: rows of clear round bubbles, each with a bright glint and a darker rim."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    p = 0.045 * big
    out = _table(g, H, W, (150, 160, 174), 0.02, 3)
    row = np.floor(yy / (0.87 * p))
    u = (xx + (row % 2) * p / 2) % p - p / 2
    v = (yy % (0.87 * p)) - 0.435 * p
    dd = np.hypot(u, v) / (0.4 * p)
    out[dd < 1] *= 1.1
    out[(dd > 0.85) & (dd < 1.05)] *= 0.8
    out[np.hypot(u + 0.15 * p, v + 0.15 * p) < 0.07 * p] = (250, 252, 255)
    return out


def _shingle(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A shingle beach: flat rounded pebbles in greys and buffs, packed close, lit from the top left."""
    img = Image.fromarray(_clip8(_table(g, H, W, (96, 92, 86), 0.05, 2)))
    d = ImageDraw.Draw(img)
    r0 = 0.035 * big
    for x, y in _seeds(rng, int(H * W / (r0 * r0 * 2.6)), W, H, 0.02, 1.2 * r0):
        rx, ry = r0 * rng.uniform(0.7, 1.2), r0 * rng.uniform(0.5, 0.9)
        tone = np.asarray(rng.choice(((170, 168, 160), (150, 146, 138), (196, 186, 168), (124, 122, 120),
                                      (184, 176, 160))), np.float32) * rng.uniform(0.9, 1.08)
        a = rng.uniform(0, math.pi)
        shape = [(math.cos(t) * rx, math.sin(t) * ry) for t in np.linspace(0, 2 * math.pi, 18, endpoint=False)]
        d.polygon(_rotated(shape, x + 2, y + 2, a, 1.0), fill=(70, 66, 62))  # its shadow
        d.polygon(_rotated(shape, x, y, a, 1.0), fill=_c(tone))
        d.polygon(_rotated([(u * 0.5, v * 0.45) for u, v in shape], x - 0.2 * rx, y - 0.2 * ry, a, 1.0),
                  fill=_c(_lift(tone, 0.12)))
    return np.asarray(img, np.float32).copy()


def _ice(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A frozen pond: blue-grey ice, darker clear patches, white cracks, trapped bubbles, a dusting of frost."""
    n = _smooth(g, H, W, 0.08 * big)
    out = np.array((196, 214, 226), np.float32) * (1 + 0.06 * n)[..., None]
    dark = np.clip(-n - 0.6, 0, 1)
    out = out * (1 - 0.25 * dark)[..., None]
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    for _ in range(8):  # the cracks, each a crooked line with a shadowed side
        x, y, a = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0, 2 * math.pi)
        pts = [(x, y)]
        for _k in range(8):
            a += rng.uniform(-0.6, 0.6)
            st = rng.uniform(0.02, 0.06) * big
            pts.append((pts[-1][0] + st * math.cos(a), pts[-1][1] + st * math.sin(a)))
        d.line([(px + 1, py + 1) for px, py in pts], fill=(150, 170, 186), width=1)
        d.line(pts, fill=(242, 248, 252), width=1)
    for _ in range(int(H * W / (0.04 * big) ** 2)):  # the trapped bubbles
        x, y, r = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0.002, 0.006) * big
        _disc(d, x, y, r, outline=(236, 244, 250))
    out = np.asarray(img, np.float32).copy()
    frost = np.clip(_smooth(g, H, W, 0.03 * big) - 0.5, 0, 1) * 0.35
    return out + (255 - out) * frost[..., None]


def _coir(g: np.random.Generator, H: int, W: int, big: int) -> np.ndarray:
    """A coir doormat: coarse brown coconut fibres bristling every way, darker between the tufts."""
    noise = g.standard_normal((H, W)).astype(np.float32)
    k = max(5, int(0.012 * big)) | 1
    kh = np.zeros((k, k), np.float32)
    kh[k // 2, :] = 1 / k
    kv = np.zeros((k, k), np.float32)
    np.fill_diagonal(kv, 1 / k)
    fib = np.where(_smooth(g, H, W, 0.02 * big) > 0, cv2.filter2D(noise, -1, kh), cv2.filter2D(noise, -1, kv))
    tone = 1 + 0.5 * fib / (fib.std() + 1e-6) * 0.3 + 0.06 * _smooth(g, H, W, 0.02 * big)
    return np.array((168, 118, 66), np.float32) * np.clip(tone, 0.5, 1.5)[..., None]


def _steel_cabinet(g: np.random.Generator, H: int, W: int, big: int) -> np.ndarray:
    """The top of a grey steel filing cabinet: fine brushed streaks along it, a soft sheen."""
    streak = cv2.GaussianBlur(g.standard_normal((H, W)).astype(np.float32), (0, 0), sigmaX=0.03 * big, sigmaY=0.6)
    streak /= streak.std() + 1e-6
    return np.array((166, 170, 174), np.float32) * (1 + 0.03 * streak + 0.04 * _smooth(g, H, W, 0.2 * big))[
        ..., None]


def _zinc(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A zinc bistro table top: mottled blue-grey patina, paler wipe marks, a few fine scratches."""
    out = np.array((146, 154, 160), np.float32) * (1 + 0.07 * _smooth(g, H, W, 0.05 * big)
                                                   + 0.03 * _smooth(g, H, W, 2.0))[..., None]
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    for _ in range(14):
        x, y, a = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0, math.pi)
        ln = rng.uniform(0.05, 0.2) * big
        d.line([(x, y), (x + ln * math.cos(a), y + ln * math.sin(a))], fill=(184, 190, 194), width=1)
    return np.asarray(img, np.float32).copy()


def _bg_page(a: np.ndarray, bg_fn, rng: random.Random, g: np.random.Generator, shadow: float = 0.4,
             persp: float = 0.0, bgc=(128, 128, 128)) -> np.ndarray:
    out = _page_on(a, bg_fn, rng, g, 0.1, 3.5, shadow)
    out = _grain(out, g, 2.0)
    return _perspective(out, persp, bgc) if persp else out


def _cast_shadow(out: np.ndarray, lay: Image.Image, big: int, blur: float, k: float) -> np.ndarray:
    """``out`` darkened under ``lay``'s shapes, blurred, by at most ``k``."""
    sh = cv2.GaussianBlur(_m(lay), (0, 0), blur * big)
    sh = k * np.clip(sh / max(1e-6, float(sh.max())), 0, 1)
    return np.clip(out * (1 - sh[..., None]), 0, 255)


def _page39(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    big = max(h, w)
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "subway_tiles":  # the page held up against white subway tiles
        return _bg_page(a, lambda H, W: _subway(g, H, W, big), rng, g, 0.45)
    if e == "picnic_blanket":  # on a plaid picnic blanket
        return _bg_page(a, lambda H, W: _picnic(g, H, W, big), rng, g, 0.4, rng.uniform(0.02, 0.04), (200, 64, 62))
    if e == "bubble_wrap_bed":  # on a sheet of bubble wrap
        return _bg_page(a, lambda H, W: _bubble_wrap(g, H, W, big), rng, g, 0.35)
    if e == "shingle_beach":  # on a shingle beach
        return _bg_page(a, lambda H, W: _shingle(g, rng, H, W, big), rng, g, 0.45, rng.uniform(0.03, 0.05),
                        (150, 146, 138))
    if e == "frozen_pond":  # on the ice of a frozen pond
        return _bg_page(a, lambda H, W: _ice(g, rng, H, W, big), rng, g, 0.3)
    if e == "coir_doormat":  # on a coir doormat
        return _bg_page(a, lambda H, W: _coir(g, H, W, big), rng, g, 0.45)
    if e == "filing_cabinet":  # the label board on a grey steel filing cabinet
        return _bg_page(a, lambda H, W: _steel_cabinet(g, H, W, big), rng, g, 0.4)
    if e == "zinc_bistro_table":  # the napkin on a zinc bistro table
        return _bg_page(a, lambda H, W: _zinc(g, rng, H, W, big), rng, g, 0.3, rng.uniform(0.02, 0.03),
                        (146, 154, 160))
    if e == "bicycle_wheel_shadow":  # a bicycle wheel's shadow across the page: the rim, the hub, the spokes
        out = _page_on(a, lambda H, W: _table(g, H, W, (120, 124, 116), 0.04, 3), rng, g, 0.09, 3.0, 0.35)
        H, W = out.shape[:2]
        cx, cy = rng.uniform(0.2, 0.8) * W, rng.uniform(0.2, 0.8) * H
        R = rng.uniform(0.45, 0.6) * big
        lay, ld = _layer(W, H)
        ld.ellipse([cx - R, cy - 0.9 * R, cx + R, cy + 0.9 * R], outline=255, width=max(3, round(0.03 * R)))
        ld.ellipse([cx - 0.06 * R, cy - 0.06 * R, cx + 0.06 * R, cy + 0.06 * R], fill=255)
        for k in range(32):  # the spokes, laced alternately to either hub flange
            t = k * 2 * math.pi / 32
            o = 0.05 * R * (1 if k % 2 else -1)
            ld.line([(cx + o * math.cos(t + 1.2), cy + o * math.sin(t + 1.2)),
                     (cx + R * math.cos(t), cy + 0.9 * R * math.sin(t))], fill=255, width=max(1, round(0.004 * R)))
        return _grain(_cast_shadow(out, lay, big, 0.004, 0.2), g, 2.0)
    if e == "birdcage_shadow":  # a birdcage's shadow across the page: its bars curving into a dome, two rings
        out = _page_on(a, lambda H, W: _table(g, H, W, (214, 206, 192), 0.03, 3), rng, g, 0.09, 3.0, 0.3)
        H, W = out.shape[:2]
        cx = rng.uniform(0.35, 0.65) * W
        top, bottom = rng.uniform(-0.1, 0.1) * H, rng.uniform(0.9, 1.1) * H
        half = rng.uniform(0.35, 0.5) * W
        lay, ld = _layer(W, H)
        wd = max(2, round(0.005 * big))
        for k in range(-9, 10):
            x = cx + half * k / 9
            pts = []
            for t in np.linspace(0, 1, 16):  # straight below, curving in to the dome's top
                y = top + (bottom - top) * t
                f = 1.0 if t > 0.3 else math.sin(t / 0.3 * math.pi / 2)
                pts.append((cx + (x - cx) * f, y))
            ld.line(pts, fill=255, width=wd)
        for t in (0.55, 0.85):
            y = top + (bottom - top) * t
            ld.ellipse([cx - half, y - 0.04 * H, cx + half, y + 0.04 * H], outline=255, width=wd)
        return _grain(_cast_shadow(out, lay, big, 0.005, 0.2), g, 2.0)
    if e == "plectrum_margin":  # a tortoiseshell guitar plectrum on the widened right margin
        mr = round(0.22 * w)
        page = _extend(a, right=mr)
        Hp, Wp = page.shape[:2]
        x0 = _free_x(L, w)
        mw = Wp - x0
        R = 0.3 * mw
        cx, cy, ang = x0 + 0.5 * mw, Hp * rng.uniform(0.3, 0.7), rng.uniform(0, 2 * math.pi)
        circles = [(0.0, 1.15, 0.14), (-0.62, -0.5, 0.42), (0.62, -0.5, 0.42)]  # the tip and two shoulders
        ring = np.array([(u + r * math.cos(t), v + r * math.sin(t)) for u, v, r in circles
                         for t in np.linspace(0, 2 * math.pi, 24, endpoint=False)], np.float32)
        pick = [tuple(map(float, q)) for q in cv2.convexHull(ring)[:, 0]]  # a rounded triangle
        lay, ld = _layer(Wp, Hp)
        ld.polygon(_rotated(pick, cx, cy, ang, R), fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.06 * R, 0.1 * R, 0.08 * R, 0.35)
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        d.polygon(_rotated(pick, cx, cy, ang, R), fill=(150, 84, 36), outline=(96, 50, 20))
        pa = np.asarray(img, np.float32).copy()
        x0_, y0_ = int(max(0, cx - 1.6 * R)), int(max(0, cy - 1.6 * R))
        x1_, y1_ = int(min(Wp, cx + 1.6 * R)), int(min(Hp, cy + 1.6 * R))
        inside = _m(lay)[y0_:y1_, x0_:x1_] > 0.5
        inside = cv2.erode(inside.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
        mott = np.clip(_smooth(g, y1_ - y0_, x1_ - x0_, 0.12 * R) * 0.8 + 0.1, 0, 1)  # the tortoiseshell's mottle
        shell = np.array((176, 104, 42), np.float32) * (1 - mott[..., None]) + np.array((78, 36, 16), np.float32) * \
            mott[..., None]
        patch = pa[y0_:y1_, x0_:x1_]
        patch[inside] = shell[inside]
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        d.line(_rotated([(-0.6, -0.55), (0.0, 0.7)], cx, cy, ang, R), fill=(226, 190, 150),
               width=max(1, round(0.05 * R)))  # the gloss along one edge
        M = round(0.05 * big)
        bg = _table(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (90, 70, 58), 0.04, 3)
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.35, g)
        return _grain(out, g, 1.8)
    if e == "macaron_margin":  # a pink macaron on the widened left margin: its smooth shell, the ruffled foot
        ml = round(0.26 * w)
        page = _extend(a, left=ml)
        Hp, Wp = page.shape[:2]
        R = 0.28 * ml
        cx, cy = 0.5 * ml, Hp * rng.uniform(0.3, 0.7)
        lay, ld = _layer(Wp, Hp)
        _disc(ld, cx, cy, 1.08 * R, fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.08 * R, 0.12 * R, 0.1 * R, 0.35)
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        foot = []
        for k in range(60):  # the ruffled foot showing round the shell
            t = k * 2 * math.pi / 60
            rr = R * (1.04 + 0.04 * math.sin(7 * t) + 0.03 * rng.random())
            foot.append((cx + rr * math.cos(t), cy + rr * math.sin(t)))
        d.polygon(foot, fill=(212, 140, 160), outline=(180, 110, 130))
        _disc(d, cx, cy, R, fill=(236, 170, 188), outline=(204, 138, 158))
        _disc(d, cx - 0.25 * R, cy - 0.3 * R, 0.35 * R, fill=(246, 200, 214))  # the shell's sheen
        M = round(0.05 * big)
        bg = _table(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (226, 222, 214), 0.03, 3)
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _grain(out, g, 1.8)
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page39(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style39,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, mean cell width ``cw`` and height ``ch``, the column and row edges ``xs`` and
    ``ys``, and ``keep``, the box round the clues and the grid; ``_box25`` gives a cell's box)."""
    rng = random.Random(f"h39:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = _change39(truth, style.clue_change, rng) if plan["clue"] else None
    row_vals, col_vals = _line_values(truth, change)
    if style.redraw:
        img, L = _redraw_whole39(layout, style, row_vals, col_vals, rng, (inp.shape[1], inp.shape[0]))
        img = _draw_redraw_grid39(img, L, style.redraw, rng)  # the grid ruled before the cells are filled
    else:
        img = input_image.convert("RGB").copy()
        if style.clue_font:
            _redraw_clues39(img, layout, row_vals, col_vals, style, rng)
        elif change:
            _retype_lines39(img, layout, row_vals, col_vals, _changed_lines(change))
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
                _draw_fill39(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill39(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline39(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross39(img, box, style, rng)
            elif not ((r, c) in filled and style.missing_bare):
                _draw_empty39(img, box, style.empty, rng)
    if not style.redraw:
        _draw_grid39(img, L, rng, style.grid, inp)
    return np.asarray(img), rng, L


def make_answer39(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style39,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page39(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page39(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
