"""HELDOUT40, measured blind on the verifier of 16222aa (rubric 77, the forty-seventh session's start) and on rubric 78
(its end), never looked at: **384/432** right on both (88.9 %), **0 false passes**, 0 unreadable and 0 confident false
fails (seed 5, ``tools/measure_nonogram_family.py nonogram_heldout40:HELDOUT40 --seed 5``; three wrong answers' scores
or statuses differ between the two, none gained or lost). By planted error: none 38/72, extra_light 72, extra_outline
72, x_instead 72, missing 70, clue_changed 60 (of 72 each). Held out then, measured as counts only. Studied in the
forty-eighth session, its answers drawn again on that session's machine: **383/432** on that session's start (bc6343a;
one changed clue fewer charged, in the answers, not the code: 80543ac reads the thirteen wrong ones alike) and
**384/432** (88.9 %) on rubric 79 (a grid line's own sprigs: the ivy grid's leaves, where some line has them on both
its sides; 387 before that condition), 0 false passes, 0 unreadable, 0 confident false fails; none 39, clue_changed
59, the rest as before.

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved nonogram:
clue faces from sources no earlier nonogram family, test, install list or digit-reader training names, now that
Debian's plain font packages are spent: eight from PyPI distributions that ship font files, one face each, found
through the distribution's own file list (never under /usr/share/fonts, so never in digit training), and three more of
Brian Kent's faces from Debian's fonts-aenigma (font-source-serif-pro, fontpkg-alfa-slab-one, fontpkg-caveat,
fontpkg-cinzel, fontpkg-luckiest-guy, fontpkg-oleo-script, fontpkg-permanent-marker, fontpkg-righteous,
fonts-aenigma): a transitional text serif (Source Serif Pro Semibold, OFL 1.1, pimoroni's font-source-serif-pro
0.0.1), a heavy slab display face (Alfa Slab One, OFL 1.1, fontpkg-alfa-slab-one 2.0, printed on the wooden tiles),
a brisk handwriting (Caveat, a variable face drawn at weight 700, OFL 1.1, fontpkg-caveat 2.0, written with a fountain
pen in the copybook), Roman inscriptional capitals with lining figures (Cinzel, a variable face drawn at weight 700,
OFL 1.1, fontpkg-cinzel 2.0), a bouncy comic-book face (Luckiest Guy, Apache 2.0, fontpkg-luckiest-guy 1.1), a
heavy upright-leaning script (Oleo Script Bold, OFL 1.1, fontpkg-oleo-script 1.2), a felt marker's hand lettering
(Permanent Marker, Apache 2.0, fontpkg-permanent-marker 1.1), a rounded art-deco display face (Righteous, OFL 1.1,
fontpkg-righteous 1.0), a plain squared geometric sans (Xipital BRK), a calligraphic face with spiky wedge serifs
(Jekyll BRK) and a heavy rounded wedge sans (Stranded BRK); one style keeps the input's clues (its changed clue is
that line's numbers erased and typed again in another face, Source Serif Pro Bold from font-source-serif-pro). Fills
no earlier family uses (heaped nigella seeds, dark chocolate chips, black wrought-iron scrollwork, acorn caps with
their scales, mulberries, a tamped espresso puck, oxidised silver filigree, dark boucle wool, burdock burrs, book
spines on a shelf, black lacquered wooden tokens set on the board, fountain-pen hatching in blue-black ink); empty-cell
marks drawn in new ways (a tiny yellow smiley, a tiny pale-blue snowflake, a tiny green shamrock, a tiny grey quaver);
the planted errors drawn in new ways (pale rabbits, butterflies, envelopes or light bulbs, each over a light tint; a
frame of a chocolate bar's squares, of parquet blocks, of ric-rac braid, of basket weave; an X of two matches, of two
feathers, of two bananas, of two tuning forks; all in the fill's colour); a changed clue that has one even number
written as half itself (``one_halved``, new here), has one number written twice in a row (``one_repeated``, new here),
has one number split in two, is written in reverse, has two merged into their sum, gains a number between two of its
numbers, has one unit moved between two of its numbers, has each number one less, or (on the page that keeps the
input's clues) has one number one more or less; a missing fill left bare on a page whose other empty cells carry marks;
grids drawn in new ways (pen lines under block lines of wax crayons laid end to end in their paper wrappers; of an ivy
stem with its three-lobed leaves; of a black LED strip with its lit chips; of a train of dominoes with their pips); two
styles that redraw the whole puzzle in a new medium (a plywood game board, its grid burnt in with a pyrography pen,
each number printed on its own cream wooden tile set a little askew, each filled cell a black lacquered token; a page
of a French school copybook with its violet Seyes ruling and red margin line, the grid ruled freehand, the clues
written and the cells hatched with a fountain pen in blue-black ink); and page changes no earlier family uses (the
page on a hay bale; on a speckled linoleum floor; on a steel floor grating; on a blue tarpaulin with its grommets; on
striped mattress ticking; on paving strewn with cherry blossom petals; the shadow of a ladder-back chair across the
page; the shadow of a palm frond; a conker on the widened right margin; a glass marble on the widened left margin; the
copybook on a varnished school desk; the game board on a braided rag rug).

Clues written anew on the input's page are sized by their digits' height as drawn and fitted to its clue strips (as in
HELDOUT25 to HELDOUT39), two numbers of a row always further apart than two figures of one number; the redrawn puzzles
space their clues by the digits' height, measured on the drawn figures (the wooden tiles further, so that two tiles
never touch).

Doubts noted rather than made unfair: the PyPI faces were chosen among pimoroni's font-* packages and the fontpkg-*
packages (Google Fonts families repackaged); font-caladea, font-lato, font-manrope and font-roboto were left out as
families Debian installs here, font-hanken-grotesk and font-source-sans-pro as more plain grotesques, Zilla Slab for
its old-style figures, Fraunces, DM Serif Display and Bodoni Moda as too near Abril Fatface and the earlier Didones,
Unbounded and Russo One as too near Orbitron, Titan One and Rowdies as too near Fredoka One, Changa One as too near
Bungee, Anton, Fjalla One and Oswald as near the earlier condensed grotesques (Bebas Neue, Yanone Kaffeesatz),
Lobster as Lobster Two's sister, Great Vibes as a family Debian installs here, and Kalam, Teko, Black Ops One and
Playfair Display as faces earlier families name; of fonts-aenigma's faces most were left out as too hard to read
(outlined, striped, stencilled, distressed, dingbat or 3D faces), Tragic BRK and Weathered Solid BRK as too near
Stranded BRK, and Lethargic and Decrepit as rough-edged. Caveat's figures are small, quick and slanted (its 4 open,
its 1 flagged; written a little larger); Cinzel's are Roman lining figures with fine serifs; Luckiest Guy's are heavy,
squat and rounded; Oleo Script's lean like an italic; Permanent Marker's are rough-edged marker strokes, its 1 a bare
slanted stroke; Righteous's are round art-deco figures; Xipital's are squared, its 4 open at the top; Jekyll's strokes
end in wedge spurs; Stranded's are heavy and squat; no figures here are an earlier family's. The wooden tiles
sit a degree or two askew with a soft shadow, the number on each turned with it; the Seyes ruling is faint violet and
runs under the cells (a cell's ruled lines darken it by a grey level or two); the fountain pen's ink feathers a pixel
round each figure and the freehand grid lines waver by about a pixel; the chair's and the palm frond's shadows darken
the page by at most a fifth; the hay, lino, grating, tarpaulin, ticking, paving, desk and rug lie round the page, never
on it; the conker and the marble lie on widened margins and neither carries a digit; the crayon, ivy, LED-strip and
domino block lines are broader and less even than a ruled line (the ivy's leaves and the dominoes' ends reach a little
into the cells' borders, the LED chips are white on the black strip, the dominoes' pips white on black); the fills
have some paler features (the seeds' ridges, the chips' gloss, the iron's lit edges, the scales' rims, the drupelets'
glints, the puck's cracks, the filigree's wires, the wool's loops, the burrs' hooks, the spines' gilt bands and labels,
the tokens' bevels and sheen, the hatching's paler seams) over a dark ground, and a person sees a filled cell at once;
the smiley is small and yellow, the snowflake fine and pale blue, the shamrock small and green, the quaver small and
grey; the planted pale marks are a light tint with darker-than-tint shapes over it, plainly darker than the paper; a
halved number is never below 1; a repeated number's line still fits; the retyped clue line on the page that keeps the
input's clues is in a different face from its neighbours; the style names begin ``s_`` as HELDOUT28's to HELDOUT39's do
(the names themselves differ from every earlier one).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer40` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout40:HELDOUT40`` measures them like the earlier families.
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
from nonogram_heldout38 import _box_pts, _clip8, _disc, _run_mask, _stamp
from nonogram_heldout39 import _bg_page, _cast_shadow, _change39, _ink_onto, _oval, _poly, _tilted
from PIL import Image, ImageDraw, ImageFont


@dataclass(frozen=True)
class Style40(Style):
    """A HELDOUT40 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``wood_tile_tray``, ``seyes_copybook``; empty keeps the
    input's frame), ``clue_change`` how a planted clue_changed answer alters its line (as in HELDOUT39, or
    ``one_halved``: one even number written as half itself, or ``one_repeated``: one number written twice in a row)
    and ``missing_bare`` whether a missing fill is left bare rather than marked like the other empty cells.
    ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""
    clue_change: str = "extra"
    missing_bare: bool = False

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer40(input_image, layout, truth, self, error, seed)


HELDOUT40 = (
    Style40("s_xipitalbrk_nigellaseeds_haybale", "nigella_seeds", (34, 30, 32), "none", "xipital.ttf",
            ("hay_bale", "jpeg"), clue_scale=(1.0, 1.08), grid="crayon_majors", light_mark="light_rabbits",
            outline_mark="outline_chocolate_bar", cross_mark="heavy_x_matches", clue_change="one_halved"),
    Style40("s_jekyllbrk_chocolatechips_linoleum", "chocolate_chips", (66, 38, 26), "tiny_smiley", "jekyll.ttf",
            ("linoleum_floor", "jpeg"), clue_scale=(1.02, 1.1), grid="ivy_vine_majors",
            light_mark="light_butterflies", outline_mark="outline_parquet", cross_mark="heavy_x_feathers",
            clue_change="one_repeated", missing_bare=True),
    Style40("s_cinzelbold_wroughtiron_floorgrating", "wrought_iron_scrolls", (40, 40, 44), "none", "Cinzel[wght].ttf",
            ("floor_grating", "jpeg"), clue_scale=(1.0, 1.08), grid="led_strip_majors",
            light_mark="light_envelopes", outline_mark="outline_ric_rac", cross_mark="heavy_x_bananas",
            clue_change="split"),
    Style40("s_luckiestguy_acorncaps_tarpaulin", "acorn_caps", (84, 58, 34), "tiny_snowflake",
            "LuckiestGuy-Regular.ttf", ("blue_tarpaulin", "jpeg"), clue_scale=(0.98, 1.06),
            grid="domino_train_majors", light_mark="light_lightbulbs", outline_mark="outline_basket_weave",
            cross_mark="heavy_x_tuning_forks", clue_change="one_halved", missing_bare=True),
    Style40("s_oleoscript_mulberries_ticking", "mulberries", (52, 24, 44), "none", "OleoScript-Bold.ttf",
            ("mattress_ticking", "jpeg"), clue_scale=(1.0, 1.08), grid="crayon_majors", light_mark="light_rabbits",
            outline_mark="outline_parquet", cross_mark="heavy_x_bananas", clue_change="reversed"),
    Style40("s_permmarker_espressopuck_blossom", "espresso_puck", (58, 38, 28), "tiny_shamrock",
            "PermanentMarker-Regular.ttf", ("blossom_pavement", "jpeg"), clue_scale=(1.0, 1.08),
            grid="ivy_vine_majors", light_mark="light_envelopes", outline_mark="outline_chocolate_bar",
            cross_mark="heavy_x_matches", clue_change="merge", missing_bare=True),
    Style40("s_righteous_filigree_chairshadow", "oxidised_filigree", (44, 44, 50), "none", "Righteous-Regular.ttf",
            ("chair_back_shadow", "jpeg"), clue_scale=(1.0, 1.08), grid="led_strip_majors",
            light_mark="light_lightbulbs", outline_mark="outline_ric_rac", cross_mark="heavy_x_feathers",
            clue_change="one_repeated"),
    Style40("s_sourceserif_bouclewool_palmshadow", "boucle_wool", (40, 36, 44), "tiny_quaver",
            "SourceSerifPro-Semibold.ttf", ("palm_frond_shadow", "jpeg"), clue_scale=(1.02, 1.1),
            grid="domino_train_majors", light_mark="light_butterflies", outline_mark="outline_basket_weave",
            cross_mark="heavy_x_tuning_forks", clue_change="insert_middle", missing_bare=True),
    Style40("s_strandedbrk_burdockburrs_conker", "burdock_burrs", (70, 52, 34), "none", "Strande2.ttf",
            ("conker_margin", "jpeg"), clue_scale=(1.0, 1.08), grid="crayon_majors", light_mark="light_envelopes",
            outline_mark="outline_basket_weave", cross_mark="heavy_x_feathers", clue_change="transfer"),
    Style40("s_keptclues_bookspines_glassmarble", "book_spines", (40, 36, 48), "tiny_smiley", None,
            ("glass_marble_margin", "jpeg"), grid="kept", light_mark="light_rabbits", outline_mark="outline_ric_rac",
            cross_mark="heavy_x_tuning_forks", clue_change="retyped_line", missing_bare=True),
    Style40("s_alfaslab_lacqueredtokens_redrawwoodtiles", "lacquered_tokens", (26, 24, 26), "none",
            "AlfaSlabOne-Regular.ttf", ("braided_rag_rug", "jpeg"), clue_colour=(24, 20, 18), clue_scale=(0.98, 1.06),
            light_mark="light_lightbulbs", outline_mark="outline_chocolate_bar", cross_mark="heavy_x_matches",
            clue_change="one_halved", redraw="wood_tile_tray"),
    Style40("s_caveatpen_fountainhatch_redrawcopybook", "fountain_ink_hatching", (28, 36, 96), "none",
            "Caveat[wght].ttf", ("school_desk", "jpeg"), clue_colour=(28, 36, 96), clue_scale=(1.1, 1.2),
            light_mark="light_butterflies", outline_mark="outline_parquet", cross_mark="heavy_x_bananas",
            clue_change="all_lowered", redraw="seyes_copybook"),
)

CHANGE_FONT = "SourceSerifPro-Bold.ttf"  # Source Serif Pro Bold: the retyped line of a changed clue on the kept page

# The faces that PyPI distributions ship (found through the distribution's own file list, never under
# /usr/share/fonts) and the Debian package of the others.
PYPI_FACES = {
    "SourceSerifPro-Semibold.ttf": "font-source-serif-pro",
    "AlfaSlabOne-Regular.ttf": "fontpkg-alfa-slab-one",
    "Caveat[wght].ttf": "fontpkg-caveat",
    "Cinzel[wght].ttf": "fontpkg-cinzel",
    "LuckiestGuy-Regular.ttf": "fontpkg-luckiest-guy",
    "OleoScript-Bold.ttf": "fontpkg-oleo-script",
    "PermanentMarker-Regular.ttf": "fontpkg-permanent-marker",
    "Righteous-Regular.ttf": "fontpkg-righteous",
    "SourceSerifPro-Bold.ttf": "font-source-serif-pro",
}
DEBIAN_FACES = {"xipital.ttf": "fonts-aenigma", "jekyll.ttf": "fonts-aenigma", "Strande2.ttf": "fonts-aenigma"}
# Variable faces and the weight they are drawn at.
WEIGHT = {"Caveat[wght].ttf": 700, "Cinzel[wght].ttf": 700}


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


def _font40(name: str, px: int) -> ImageFont.FreeTypeFont:
    font = ImageFont.truetype(str(face_path(name)), max(6, px))
    if name in WEIGHT:
        font.set_variation_by_axes([WEIGHT[name]])
    return font


class _Face40:
    """A clue face at the size whose figures are ``h`` pixels tall (with ``stroke`` pixels of heavier pen), drawing
    numbers as masks (float 0..1) with their top relative to the baseline."""

    def __init__(self, file: str, h: float, stroke: int = 0):
        self.file, self.stroke = file, stroke
        self.cache: dict[str, tuple[np.ndarray, int]] = {}
        probe = max(8, round(h * 1.4))
        self.font = _font40(file, probe)
        dh = float(np.mean([_run_mask(self.font, ch, stroke)[0].shape[0] for ch in "0123456789"]))
        self.font = _font40(file, max(6, round(probe * h / max(1.0, dh))))
        m, t = self.mask("0123456789")
        self.band = (t, t + m.shape[0])  # the figures' top and bottom relative to the baseline
        self.h = float(np.mean([self.mask(ch)[0].shape[0] for ch in "0123456789"]))
        # the widest space between two figures of one number
        self.inner = max(self.width(a + b) - self.width(a) - self.width(b) for a in "1470" for b in "1470")

    def mask(self, text: str) -> tuple[np.ndarray, int]:
        if text not in self.cache:
            self.cache[text] = _run_mask(self.font, text, self.stroke)
        return self.cache[text]

    def width(self, text: str) -> int:
        return self.mask(text)[0].shape[1]


def _fit40(file: str, h: float, stroke: int, gapf: float, slotf: float, row_vals, col_vals, room_w: float,
           room_h: float, col_w: float) -> tuple[_Face40, float, float]:
    """The face, gap and slot at which every row clue fits ``room_w``, every column clue ``room_h`` and every number
    its column: the gap and the slot shrink first, then the size."""
    nmax = max(len(v) for v in col_vals)
    while True:
        face = _Face40(file, h, stroke)
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


def _redraw_clues40(img: Image.Image, layout: dict[str, Any], row_vals, col_vals, style: Style40,
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
    face, gap, slot = _fit40(style.clue_font, ref * rng.uniform(*style.clue_scale), style.clue_stroke,
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


def _retype_lines40(img: Image.Image, layout: dict[str, Any], row_vals, col_vals,
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


# ------------------------------------------------------------------------------------------ clue changes


def _change40(truth: dict[str, Any], mode: str, rng: random.Random) -> tuple[str, int, list[str]]:
    """A changed clue as :func:`_change39` makes it, or (``one_halved``) one even number of a line written as half
    itself (a line of two or more numbers first), or (``one_repeated``) one number of a line written twice in a row,
    on a line where the numbers still fit (a line of two or more numbers first); where neither kind finds a line, one
    number is one more or less."""
    n_row, n_col = len(truth["solution"][0]), len(truth["solution"])  # a row's length, a column's length
    lines = [(kind, i, v, n_row if kind == "row" else n_col) for kind in ("row", "col")
             for i, v in enumerate(_values(truth[f"{kind}_clues"]))]
    if mode == "one_halved":
        opts = [(x, k) for x in lines for k, t in enumerate(x[2]) if int(t) >= 2 and int(t) % 2 == 0]
        best = [o for o in opts if len(o[0][2]) >= 2]
        if opts:
            (kind, i, v, _), k = rng.choice(best or opts)
            return kind, i, v[:k] + [str(int(v[k]) // 2)] + v[k + 1:]
        mode = "off_by_one"
    if mode == "one_repeated":
        def fits(v, n):
            return sum(int(t) for t in v) + len(v) - 1 <= n

        opts = [(x, k) for x in lines if x[2] != ["0"] for k in range(len(x[2]))
                if fits(x[2][:k + 1] + x[2][k:], x[3])]
        best = [o for o in opts if len(o[0][2]) >= 2]
        if opts:
            (kind, i, v, _), k = rng.choice(best or opts)
            return kind, i, v[:k + 1] + v[k:]
        mode = "off_by_one"
    return _change39(truth, mode, rng)


# ------------------------------------------------------------------------------------------ fills


def _tex40(kind: str, w: int, h: int, colour, g: np.random.Generator,
           rng: random.Random) -> tuple[np.ndarray, np.ndarray | None]:
    """A filled cell's picture (h, w, 3 float) in ``kind`` and its coverage (None: it covers the whole cell)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    alpha = None
    if kind == "nigella_seeds":  # heaped nigella seeds: small angular matte-black seeds, a paler ridge on each
        img = Image.new("RGB", (w, h), _c(col * 0.4))
        d = ImageDraw.Draw(img)
        seed = [(0.55, 0.0), (-0.15, 0.4), (-0.5, 0.15), (-0.45, -0.2), (-0.1, -0.38)]
        r0 = max(3.0, s / 6.0)
        for _ in range(int(w * h / (r0 * r0) * 1.4) + 4):
            cx, cy, a = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h, rng.uniform(0, 2 * math.pi)
            ln = r0 * rng.uniform(0.85, 1.2)
            tone = rng.uniform(0.8, 1.3)
            _poly(d, seed, cx, cy, a, ln, fill=_c(col * tone), outline=_c(col * 0.35))
            d.line(_rotated([(0.42, 0.0), (-0.3, 0.06)], cx, cy, a, ln), fill=_c(_lift(col * tone, 0.2)), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "chocolate_chips":  # heaped dark chocolate chips: teardrops with their tips, folds, a gloss
        img = Image.new("RGB", (w, h), _c(col * 0.35))
        d = ImageDraw.Draw(img)
        drop = [(math.cos(t), math.sin(t) * abs(math.sin(t / 2))) for t in np.linspace(0, 2 * math.pi, 24,
                                                                                       endpoint=False)]
        r0 = max(3.0, s / 5.0)
        for _ in range(int(w * h / (r0 * r0) * 1.3) + 3):  # most lying on their flat bases, tips up
            cx, cy, a = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h, -math.pi / 2 + rng.gauss(0, 0.5)
            r = r0 * rng.uniform(0.8, 1.15)
            tone = rng.uniform(0.85, 1.25)
            _poly(d, drop, cx, cy, a, r, fill=_c(col * tone), outline=_c(col * 0.4))
            d.line(_rotated([(0.35, 0.1), (0.75, 0.02)], cx, cy, a, r), fill=_c(col * tone * 0.7), width=1)  # the twist
            gx, gy = _rotated([(-0.35, -0.22)], cx, cy, a, r)[0]
            _poly(d, _oval(0.22, 0.08, 10), gx, gy, a, r, fill=_c(_lift(col * tone, 0.35)))  # the gloss
        tex = np.asarray(img, np.float32).copy()
    elif kind == "wrought_iron_scrolls":  # black wrought-iron scrollwork: C and S scrolls, hammered, lit edges
        img = Image.new("RGB", (w, h), _c(col * 0.5))
        d = ImageDraw.Draw(img)
        p = max(9.0, s / 1.7)
        wd = max(2, round(s / 10))
        for j, y in enumerate(np.arange(-p * 0.3, h + p * 0.5, p * 0.8)):
            for x in np.arange(-p * 0.3 + (j % 2) * p * 0.45, w + p * 0.5, p * 0.9):
                cx, cy = x + rng.uniform(-0.1, 0.1) * p, y + rng.uniform(-0.1, 0.1) * p
                a0, hand, tone = rng.uniform(0, 2 * math.pi), rng.choice((-1, 1)), rng.uniform(0.9, 1.2)
                pts = []
                for t in np.linspace(0, 1, 22):
                    ang = a0 + hand * t * 2.4 * math.pi
                    r = 0.5 * p * (1 - 0.8 * t)
                    pts.append((cx + r * math.cos(ang), cy + r * math.sin(ang)))
                d.line(pts, fill=_c(col * tone), width=wd, joint="curve")
                d.line(pts[:14], fill=_c(_lift(col * tone, 0.25)), width=1)  # the hammered iron's lit edge
                _disc(d, pts[-1][0], pts[-1][1], wd * 0.7, fill=_c(col * tone))  # the scroll's curled end
        tex = np.asarray(img, np.float32).copy()
        tex *= (0.95 + 0.07 * _noise0(g, h, w, 1.0))[..., None]
    elif kind == "acorn_caps":  # acorn caps: round cupules covered in rings of small scales, a pale worn rim
        img = Image.new("RGB", (w, h), _c(col * 0.3))
        d = ImageDraw.Draw(img)
        R = max(4.0, s * 0.3)
        for x, y in _seeds(rng, int(w * h / (R * R * 2.8)) + 2, w, h, 0.12, 1.45 * R):
            r = R * rng.uniform(0.9, 1.1)
            tone = rng.uniform(0.85, 1.15)
            _disc(d, x, y, r, fill=_c(col * tone * 0.6), outline=_c(_lift(col * tone, 0.15)))  # the worn rim
            step = max(1.8, r / 4.2)
            for j, rr in enumerate(np.arange(0.82 * r, 0.12 * r, -step)):
                n = max(5, int(2 * math.pi * rr / max(2.0, step * 1.1)))
                rs = max(0.9, step * 0.55)
                for k in range(n):
                    ang = (k + 0.5 * (j % 2)) * 2 * math.pi / n
                    px, py = x + rr * math.cos(ang), y + rr * math.sin(ang)
                    d.ellipse([px - rs, py - rs, px + rs, py + rs], fill=_c(col * tone * rng.uniform(0.9, 1.15)),
                              outline=_c(col * 0.45))
            _disc(d, x, y, max(1.0, 0.1 * r), fill=_c(col * 0.4))  # the stalk's scar
        tex = np.asarray(img, np.float32).copy()
    elif kind == "mulberries":  # mulberries: long clusters of small glossy drupelets, dark purple
        img = Image.new("RGB", (w, h), _c(col * 0.3))
        d = ImageDraw.Draw(img)
        rd = max(1.6, s / 14)
        for _ in range(int(w * h / (s * s) * 5) + 2):
            cx, cy, a = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h, rng.uniform(0, 2 * math.pi)
            ln, wd = rng.uniform(0.5, 0.7) * s, rng.uniform(0.26, 0.34) * s
            tone = rng.uniform(0.85, 1.2)
            for u in np.arange(-0.5, 0.5001, 1.7 * rd / ln):
                half = 0.5 * math.sqrt(max(0.0, 1 - (2 * u) ** 2))
                for v in np.arange(-half, half + 1e-6, 1.7 * rd / wd):
                    px, py = _rotated([(u * ln, v * wd)], cx, cy, a, 1.0)[0]
                    t2 = tone * rng.uniform(0.85, 1.15)
                    _disc(d, px, py, rd, fill=_c(col * t2), outline=_c(col * 0.45))
                    _disc(d, px - 0.35 * rd, py - 0.35 * rd, max(0.5, 0.3 * rd), fill=_c(_lift(col * t2, 0.45)))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "espresso_puck":  # a tamped espresso puck: fine dark grounds, the screen's dot imprint, cracks
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        tex *= (0.95 + 0.06 * _noise0(g, h, w, 0.8) + 0.04 * _noise0(g, h, w, max(1.0, s / 6)))[..., None]
        p = max(3.0, s / 8)
        dots = ((xx + 0.5 * p) % p < 1.0) & ((yy + 0.5 * p) % p < 1.0)
        tex[dots] *= 0.8  # the shower screen's imprint
        cx0, cy0 = rng.uniform(-0.5, 1.5) * w, rng.uniform(-0.5, 1.5) * h
        rad = np.hypot(xx - cx0, yy - cy0)
        r0 = float(np.median(rad))
        tex[np.abs(rad - r0) < 0.8] *= 0.82  # the tamper's ring
        lay, ld = _layer(w, h)
        for _ in range(2 + int(s / 30)):  # hairline cracks, a little paler
            x, y, a = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0, 2 * math.pi)
            pts = [(x, y)]
            for _k in range(6):
                a += rng.uniform(-0.7, 0.7)
                pts.append((pts[-1][0] + 0.12 * s * math.cos(a), pts[-1][1] + 0.12 * s * math.sin(a)))
            ld.line(pts, fill=255, width=1)
        cr = _m(lay)[..., None]
        tex = tex * (1 - cr) + _lift(col, 0.16) * cr
    elif kind == "oxidised_filigree":  # oxidised silver filigree: blackened ground, fine bright wire curls, granules
        img = Image.new("RGB", (w, h), _c(col * 0.55))
        d = ImageDraw.Draw(img)
        lw = max(1, round(s / 30))
        for _ in range(int(w * h / (s * s) * 12) + 3):
            cx, cy, a0 = rng.uniform(0, 1) * w, rng.uniform(0, 1) * h, rng.uniform(0, 2 * math.pi)
            hand, R = rng.choice((-1, 1)), rng.uniform(0.1, 0.2) * s
            pts = [(cx + R * (1 - 0.75 * t) * math.cos(a0 + hand * t * 3 * math.pi),
                    cy + R * (1 - 0.75 * t) * math.sin(a0 + hand * t * 3 * math.pi)) for t in np.linspace(0, 1, 20)]
            d.line(pts, fill=_c(_lift(col * rng.uniform(0.9, 1.1), 0.3)), width=lw, joint="curve")
        for _ in range(int(w * h / (s * s) * 10)):  # the soldered granules
            _disc(d, rng.uniform(0, w), rng.uniform(0, h), max(0.7, s / 40), fill=_c(_lift(col, 0.4)))
        tex = np.asarray(img, np.float32).copy()
        tex *= (0.95 + 0.06 * _noise0(g, h, w, 1.0))[..., None]
    elif kind == "boucle_wool":  # dark boucle wool: a mass of small curly loops, a few catching the light
        img = Image.new("RGB", (w, h), _c(col * 0.55))
        d = ImageDraw.Draw(img)
        r0 = max(1.8, s / 10)
        lw = max(1, round(s / 24))
        for _ in range(int(w * h / (r0 * r0) * 0.8) + 4):
            x, y = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h
            r = r0 * rng.uniform(0.7, 1.25)
            tone = rng.uniform(0.85, 1.2)
            d.ellipse([x - r, y - r * rng.uniform(0.7, 1.0), x + r, y + r], outline=_c(col * tone * 1.15), width=lw)
            if rng.random() < 0.3:
                a = rng.uniform(0, 360)
                d.arc([x - r, y - r, x + r, y + r], a, a + 120, fill=_c(_lift(col * tone, 0.2)), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "burdock_burrs":  # burdock burrs: round heads of hooked spines, a dense dark core
        img = Image.new("RGB", (w, h), _c(col * 0.35))
        d = ImageDraw.Draw(img)
        R0 = max(3.5, s / 4.2)
        for x, y in _seeds(rng, int(w * h / (R0 * R0 * 2.6)) + 3, w, h, 0.08, 1.4 * R0):
            r = R0 * rng.uniform(0.85, 1.15)
            tone = rng.uniform(0.85, 1.15)
            _disc(d, x, y, 0.55 * r, fill=_c(col * tone * 0.85))
            a0 = rng.uniform(0, 2 * math.pi)
            for k in range(12):
                a = a0 + k * 2 * math.pi / 12
                ex, ey = x + r * math.cos(a), y + r * math.sin(a)
                d.line([(x + 0.3 * r * math.cos(a), y + 0.3 * r * math.sin(a)), (ex, ey)],
                       fill=_c(col * tone * 1.1), width=1)
                if k % 2 == 0:  # the hook at the spine's end
                    d.line([(ex, ey), (ex + 0.2 * r * math.cos(a + 2.2), ey + 0.2 * r * math.sin(a + 2.2))],
                           fill=_c(_lift(col * tone, 0.15)), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "book_spines":  # book spines on a shelf: cloth bindings in dark colours, gilt bands, a label each
        img = Image.new("RGB", (w, h), _c(col * 0.3))
        d = ImageDraw.Draw(img)
        palette = (col, np.array((34, 40, 78)), np.array((80, 30, 34)), np.array((32, 56, 42)),
                   np.array((60, 44, 30)), np.array((30, 30, 34)))
        x = -rng.uniform(0, 0.2) * s
        while x < w:
            bw = rng.uniform(0.16, 0.3) * s
            c = np.asarray(rng.choice(palette), np.float32) * rng.uniform(0.85, 1.15)
            top = rng.uniform(-0.05, 0.05) * h
            d.rectangle([x, top, x + bw - 1, h + 2], fill=_c(c))
            d.line([(x + 0.25 * bw, top), (x + 0.25 * bw, h)], fill=_c(_lift(c, 0.12)), width=1)  # the rounded back
            for yb in (0.12, 0.17, 0.83, 0.88):  # the gilt bands
                d.line([(x + 1, top + yb * h), (x + bw - 2, top + yb * h)], fill=(150, 124, 60), width=1)
            if bw > 5:
                d.rectangle([x + 0.22 * bw, top + 0.38 * h, x + 0.78 * bw, top + 0.5 * h], fill=_c(_lift(c, 0.2)))
            x += bw
        tex = np.asarray(img, np.float32).copy()
        tex *= (0.96 + 0.05 * _noise0(g, h, w, 0.8))[..., None]
    elif kind == "lacquered_tokens":  # a black lacquered wooden token: a rounded square, bevelled edges, a sheen
        m0 = 0.04 * s
        lay, ld = _layer(w, h)
        ld.rounded_rectangle([m0, m0, w - 1 - m0, h - 1 - m0], radius=0.16 * s, fill=255)
        alpha = cv2.GaussianBlur(_m(lay), (0, 0), 0.5)
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        near = np.minimum(xx - m0, yy - m0)  # from the top and left sides
        far = np.minimum(w - 1 - m0 - xx, h - 1 - m0 - yy)  # from the bottom and right sides
        bev = max(2.0, 0.09 * s)
        tex[(near < bev) & (near <= far)] = _lift(col, 0.32)  # the bevel catching the light
        tex[(far < bev) & (far < near)] = col * 0.5
        sheen = np.exp(-(((xx + yy) / max(1.0, s) - rng.uniform(0.6, 1.0)) / 0.1) ** 2)
        tex += (np.float32(220) - tex) * (0.16 * sheen)[..., None]
        tex *= (0.98 + 0.03 * _noise0(g, h, w, 1.0))[..., None]
    elif kind == "fountain_ink_hatching":  # hatched in with a fountain pen: close diagonal strokes, ink pooling
        lay, ld = _layer(w, h)
        p = max(2.5, s / 9)
        wd = max(2, round(s / 9))
        for o in np.arange(-h, w + h, p):
            j = rng.uniform(-0.04, 0.04) * s
            ld.line([(o + j, h), (o + h + j, 0)], fill=255, width=wd)
        for o in np.arange(-h, w + h, 2.4 * p):  # the cross strokes, lighter
            ld.line([(o, 0), (o + h, h)], fill=210, width=max(1, wd - 1))
        box = np.zeros((h, w), np.float32)
        e = [round(rng.uniform(0.05, 0.09) * s) for _ in range(4)]
        box[e[1]:h - e[3], e[0]:w - e[2]] = 1
        m = _m(lay) * cv2.GaussianBlur(box, (0, 0), 0.8)
        alpha = np.clip(np.maximum(m * 0.96, cv2.GaussianBlur(m, (0, 0), max(0.7, s / 30)) * 1.05), 0, 1)
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = col
        seam = np.abs(((xx + yy) / p) % 1 - 0.5) < 0.08  # where two strokes meet, a little paler
        tex[seam] = _lift(col, 0.12)
        for _ in range(2):  # the ink pooled where the nib paused
            px, py = rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h
            tex[np.hypot(xx - px, yy - py) < max(1.5, 0.08 * s)] = col * 0.7
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255), alpha


def _draw_fill40(img: Image.Image, box, style: Style40, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07)
    w, h = bx - ax, by - ay
    if not light:
        if style.fill == "lacquered_tokens":  # the token's soft shadow on the board
            sh = np.zeros((h, w), np.float32)
            k = max(1, round(0.05 * min(w, h)))
            sh[k:, k:] = 0.3
            _paste_rgba(img, np.zeros((h, w, 3), np.float32), cv2.GaussianBlur(sh, (0, 0), 1.2), ax, ay)
        tex, alpha = _tex40(style.fill, w, h, style.fill_colour, g, rng)
        _paste(img, tex, ax, ay, alpha)
        return
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = _ink(style)
    s = float(min(w, h))
    lay, ld = _layer(w, h)
    p = max(7.0, s / 2.8)
    lw = max(1, round(p / 11))
    if light == "light_rabbits":  # sitting rabbits: a round body, a head, two long ears, a tail
        for x, y in _staggered(w, h, p):
            r = p * 0.26
            ld.ellipse([x - 0.6 * r, y - 0.1 * r, x + 0.4 * r, y + 0.65 * r], fill=255)
            ld.ellipse([x + 0.1 * r, y - 0.45 * r, x + 0.62 * r, y + 0.05 * r], fill=255)
            ld.ellipse([x + 0.16 * r, y - 1.05 * r, x + 0.34 * r, y - 0.3 * r], fill=255)
            ld.ellipse([x + 0.38 * r, y - 1.0 * r, x + 0.56 * r, y - 0.3 * r], fill=255)
            ld.ellipse([x - 0.78 * r, y + 0.05 * r, x - 0.5 * r, y + 0.33 * r], fill=255)  # the tail
            ld.ellipse([x + 0.38 * r, y - 0.28 * r, x + 0.48 * r, y - 0.18 * r], fill=0)  # the eye
    elif light == "light_butterflies":  # butterflies: four wings, a body, two antennae, a spot on each forewing
        for x, y in _staggered(w, h, p):
            r = p * 0.26
            for sx in (-1, 1):
                ld.ellipse([min(x, x + sx * 0.7 * r), y - 0.6 * r, max(x, x + sx * 0.7 * r), y + 0.05 * r], fill=255)
                ld.ellipse([min(x, x + sx * 0.5 * r), y - 0.05 * r, max(x, x + sx * 0.5 * r), y + 0.5 * r], fill=255)
                ld.ellipse([x + sx * 0.38 * r - 0.07 * r, y - 0.35 * r, x + sx * 0.38 * r + 0.07 * r, y - 0.21 * r],
                           fill=0)
                ld.line([(x, y - 0.55 * r), (x + sx * 0.25 * r, y - 0.95 * r)], fill=255, width=lw)
            ld.line([(x, y - 0.6 * r), (x, y + 0.55 * r)], fill=255, width=lw + 1)  # the body
    elif light == "light_envelopes":  # envelopes: an oblong, its flap's V and the folds below left open
        for x, y in _staggered(w, h, p):
            r = p * 0.26
            ld.rectangle([x - 0.7 * r, y - 0.45 * r, x + 0.7 * r, y + 0.45 * r], fill=255)
            ld.line([(x - 0.7 * r, y - 0.45 * r), (x, y + 0.1 * r), (x + 0.7 * r, y - 0.45 * r)], fill=0, width=lw)
            ld.line([(x - 0.7 * r, y + 0.45 * r), (x - 0.15 * r, y - 0.02 * r)], fill=0, width=1)
            ld.line([(x + 0.7 * r, y + 0.45 * r), (x + 0.15 * r, y - 0.02 * r)], fill=0, width=1)
    elif light == "light_lightbulbs":  # light bulbs: a round glass, a neck, a screw cap, the filament left open
        for x, y in _staggered(w, h, p):
            r = p * 0.26
            ld.ellipse([x - 0.5 * r, y - 0.85 * r, x + 0.5 * r, y + 0.15 * r], fill=255)
            ld.polygon([(x - 0.3 * r, y), (x + 0.3 * r, y), (x + 0.22 * r, y + 0.35 * r), (x - 0.22 * r, y + 0.35 * r)],
                       fill=255)
            ld.rectangle([x - 0.22 * r, y + 0.38 * r, x + 0.22 * r, y + 0.7 * r], fill=255)
            ld.line([(x - 0.22 * r, y + 0.53 * r), (x + 0.22 * r, y + 0.53 * r)], fill=0, width=1)  # the thread
            ld.line([(x - 0.15 * r, y - 0.1 * r), (x - 0.1 * r, y - 0.4 * r), (x, y - 0.28 * r), (x + 0.1 * r,
                     y - 0.4 * r), (x + 0.15 * r, y - 0.1 * r)], fill=0, width=1)  # the filament
    else:
        raise ValueError(light)
    alpha = 0.2 + 0.34 * _m(lay)
    _paste_rgba(img, tex, cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.5), ax, ay)


def _draw_outline40(img: Image.Image, box, style: Style40, rng: random.Random) -> None:
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
    if kind == "outline_chocolate_bar":  # a chocolate bar's squares round the cell: grooves between, bevelled tops
        pt = max(4.0, f * 1.1)
        u = (along % pt) / pt
        tex[:] = col * 0.95
        tex[band & (u > 0.12) & (u < 0.24)] = _lift(col, 0.12)  # each square's lit bevel
        tex[band & (v < 0.14)] = _lift(col, 0.18)
        tex[band & (u < 0.12)] = col * 0.5  # the grooves
        tex[band & (v > 0.88)] = col * 0.6
        tex[band & corner] = col * 0.8
    elif kind == "outline_parquet":  # parquet blocks round the cell: planks across, then along, then across
        pt = max(5.0, f * 1.6)
        blk = np.floor(along / pt)
        u = (along % pt) / pt
        odd = blk % 2 == 1
        plank = np.where(odd, np.floor(v * 3), np.floor(u * 3))
        tone = 0.85 + 0.3 * (np.sin(blk * 12.9898 + plank * 78.233) * 43758.5 % 1)
        grain = np.where(odd, np.sin(along * 1.7 + v * 3), np.sin(across * 1.7 + u * 5))
        tex = col * (tone * (1 + 0.08 * grain))[..., None]
        seams = np.where(odd, np.abs((v * 3) % 1 - 0.5) > 0.4, np.abs((u * 3) % 1 - 0.5) > 0.42)
        tex[band & seams] = col * 0.5
        tex[band & (u < 0.05)] = col * 0.45  # the blocks' joints
        tex[band & corner] = col * 0.75
    elif kind == "outline_ric_rac":  # ric-rac braid round the cell: a broad woven zigzag, lit at its crests
        pt = max(4.0, f * 1.2)
        tri = np.abs(((along / pt) % 1) * 2 - 1)
        wave = 0.15 + 0.7 * tri
        braid = band & (np.abs(v - wave) < 0.32)
        tex[:] = col
        tex[braid & (((along + across) % 3) < 1)] = col * 0.7  # the weave
        tex[braid & ((tri < 0.12) | (tri > 0.88))] = _lift(col, 0.2)  # the crests
        m = (braid | (band & corner)).astype(np.float32)
        tex[band & corner] = col * 0.8
    elif kind == "outline_basket_weave":  # basket weave round the cell: two strands over and under the stakes
        pt = max(4.0, f * 1.0)
        blk = np.floor(along / pt)
        u = (along % pt) / pt
        top = v < 0.5
        over = np.where(top, blk % 2 == 0, blk % 2 == 1)
        tex[:] = col * 0.95
        tex[band & ~over] = col * 0.65  # the stake showing where the strand goes under
        tex[band & ~over & (np.abs(u - 0.5) < 0.1)] = col * 0.45
        tex[band & over & ((v % 0.5) < 0.1)] = _lift(col, 0.18)  # the strand's lit upper edge
        tex[band & (np.abs(v - 0.5) < 0.05)] = col * 0.45  # the gap between the strands
        tex[band & corner] = col * 0.75
    else:
        raise ValueError(kind)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross40(img: Image.Image, box, style: Style40, rng: random.Random) -> None:
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
        if kind == "heavy_x_matches":  # two long matches: a square wooden stick, a bulbous head
            shaft = (np.abs(n) < wid * 0.2) & (t > -0.02) & (t < 0.88)
            head = ((t - 0.91) * ln / (wid * 0.5)) ** 2 + (n / (wid * 0.34)) ** 2 < 1
            part = shaft | head
            tex[part] = col
            tex[shaft & (n < -wid * 0.08)] = _lift(col, 0.25)  # the wood's lit side
            tex[head] = col * 0.7
            tex[head & (np.hypot((t - 0.9) * ln, n + wid * 0.1) < wid * 0.08)] = _lift(col, 0.3)  # the head's glint
        elif kind == "heavy_x_feathers":  # two quill feathers: a shaft, the vanes widening and tapering, barbs
            rachis = (np.abs(n) < wid * 0.06) & (t > -0.02) & (t < 1.02)
            prof = wid * 0.38 * np.clip(np.sin(math.pi * np.clip((t - 0.3) / 0.74, 0, 1)), 0, 1) ** 0.7
            vane = (np.abs(n) < prof) & (t > 0.3) & (t < 1.04)
            part = rachis | vane
            tex[part] = col
            barbs = vane & ((((t * ln) + np.abs(n) * 1.2) / max(1.5, wid * 0.16)) % 1 < 0.3)
            tex[barbs] = _lift(col, 0.22)
            tex[rachis] = _lift(col, 0.12)
        elif kind == "heavy_x_bananas":  # two bananas: curved, thick in the middle, a dark stalk and tip, a ridge
            nn = n - wid * 0.5 * 4 * t * (1 - t)
            prof = wid * 0.32 * np.clip(np.sin(math.pi * np.clip(t, 0, 1)), 0, 1) ** 0.55
            body = (np.abs(nn) < prof) & (t > 0.03) & (t < 0.98)
            stalk = (np.abs(nn) < wid * 0.08) & (t >= -0.04) & (t <= 0.1)
            part = body | stalk
            tex[part] = col
            tex[body & (np.abs(nn - prof * 0.35) < wid * 0.045)] = _lift(col, 0.22)  # the lit ridge
            tex[stalk | (body & (t > 0.93))] = col * 0.6
        elif kind == "heavy_x_tuning_forks":  # two tuning forks: a ball-ended stem, a yoke, two prongs
            stem = (np.abs(n) < wid * 0.14) & (t > 0.02) & (t < 0.5)
            ball = np.hypot((t - 0.03) * ln, n) < wid * 0.2
            yoke = (t >= 0.44) & (t < 0.56) & (np.abs(n) < wid * 0.37)
            prongs = (np.abs(np.abs(n) - wid * 0.26) < wid * 0.11) & (t >= 0.5) & (t < 1.03)
            part = stem | ball | yoke | prongs
            tex[part] = col
            tex[prongs & (np.abs(n) < wid * 0.2)] = _lift(col, 0.25)  # the prongs' polished inner faces
            tex[stem & (n < -wid * 0.04)] = _lift(col, 0.18)
        else:
            raise ValueError(kind)
        m = np.maximum(m, part.astype(np.float32))
    m = cv2.GaussianBlur(m, (0, 0), 0.4)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(m, 0, 1).astype(np.float32), ax, ay)


def _draw_empty40(img: Image.Image, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    d = ImageDraw.Draw(img)
    if kind == "none":
        return
    if kind == "tiny_smiley":  # a tiny yellow smiley: a disc, two dot eyes, a smile
        r = max(2.5, 0.07 * s)
        _disc(d, cx, cy, r, fill=(246, 206, 64), outline=(214, 160, 40))
        e = max(0.5, 0.14 * r)
        _disc(d, cx - 0.35 * r, cy - 0.25 * r, e, fill=(92, 64, 24))
        _disc(d, cx + 0.35 * r, cy - 0.25 * r, e, fill=(92, 64, 24))
        d.arc([cx - 0.55 * r, cy - 0.45 * r, cx + 0.55 * r, cy + 0.6 * r], 30, 150, fill=(92, 64, 24), width=1)
    elif kind == "tiny_snowflake":  # a tiny pale-blue snowflake: six arms, each with two little branches
        r = 0.08 * s
        a0 = rng.uniform(0, math.pi / 3)
        for k in range(6):
            a = a0 + k * math.pi / 3
            ex, ey = cx + r * math.cos(a), cy + r * math.sin(a)
            d.line([(cx, cy), (ex, ey)], fill=(120, 170, 220), width=1)
            mx, my = cx + 0.6 * r * math.cos(a), cy + 0.6 * r * math.sin(a)
            for b in (a + 0.7, a - 0.7):
                d.line([(mx, my), (mx + 0.3 * r * math.cos(b), my + 0.3 * r * math.sin(b))], fill=(120, 170, 220),
                       width=1)
    elif kind == "tiny_shamrock":  # a tiny green shamrock: three round leaves, a curved stem
        r = max(1.5, 0.035 * s)
        for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6):
            _disc(d, cx + 1.05 * r * math.cos(a), cy - 0.4 * r + 1.05 * r * math.sin(a), r, fill=(70, 150, 72))
        d.line([(cx, cy), (cx + 0.6 * r, cy + 2.4 * r)], fill=(60, 120, 60), width=1)
    elif kind == "tiny_quaver":  # a tiny grey quaver: an oval head, a stem, a flag
        r = 0.04 * s
        d.ellipse([cx - 1.3 * r, cy + 0.9 * r, cx + 0.5 * r, cy + 2.1 * r], fill=(128, 128, 134))
        d.line([(cx + 0.4 * r, cy + 1.4 * r), (cx + 0.4 * r, cy - 2.2 * r)], fill=(128, 128, 134), width=1)
        d.line([(cx + 0.4 * r, cy - 2.2 * r), (cx + 1.4 * r, cy - 1.0 * r), (cx + 1.2 * r, cy - 0.2 * r)],
               fill=(128, 128, 134), width=1)
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids


CRAYONS = ((196, 48, 44), (40, 84, 170), (40, 130, 70), (226, 130, 30), (110, 60, 150), (36, 36, 40))


def _draw_grid40(img: Image.Image, L: dict[str, Any], rng: random.Random, name: str, inp: np.ndarray | None) -> None:
    if name == "kept":
        _draw_grid32(img, L, rng, "kept", inp)
        return
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    thin = max(1, round(s / 30))
    _pen_minors(d, L, thin)
    if name == "crayon_majors":  # each block line wax crayons end to end: paper wrappers with dark bands, a cone tip
        wc = max(4, round(s / 7))
        for vertical, c, a0, a1 in _major_segments(L, wc * 0.5):
            u = a0
            flip = rng.random() < 0.5
            while u < a1 - 1:
                ln = min(a1 - u, rng.uniform(2.6, 3.6) * s)
                if a1 - u - ln < 1.2 * s:  # no short stub at the end: this crayon runs on to it
                    ln = a1 - u
                colour = np.asarray(rng.choice(CRAYONS), np.float32)
                tip = min(0.3 * s, 0.2 * ln)
                b0, b1, t0, t1 = (u + tip, u + ln, u + tip, u) if flip else (u, u + ln - tip, u + ln - tip, u + ln)
                d.rectangle(_box_pts(vertical, c, b0, b1, wc / 2), fill=_c(colour))
                d.polygon(_seg_pts(vertical, c, [(t0, -wc / 2), (t1, -wc * 0.12), (t1, wc * 0.12), (t0, wc / 2)]),
                          fill=_c(colour * 0.9))  # the cone tip, worn a little flat
                w0, w1 = b0 + 0.1 * (b1 - b0), b1 - 0.1 * (b1 - b0)
                d.rectangle(_box_pts(vertical, c, w0, w1, wc / 2), fill=_c(_lift(colour, 0.12)))  # the wrapper
                for wb in (w0 + 0.08 * (w1 - w0), w1 - 0.08 * (w1 - w0)):  # its printed dark bands
                    d.line(_seg_pts(vertical, c, [(wb, -wc / 2), (wb, wc / 2)]), fill=(30, 30, 30),
                           width=max(1, round(wc / 4)))
                d.line(_seg_pts(vertical, c, [(b0, -wc * 0.25), (b1, -wc * 0.25)]), fill=_c(_lift(colour, 0.35)),
                       width=1)  # the wax's shine
                u += ln + rng.uniform(0.5, 1.5)
                flip = not flip
        return
    if name == "ivy_vine_majors":  # each block line an ivy stem: woody, three-lobed leaves to either side, veins
        wv = max(3, round(s / 10))
        leaf = [(0.0, 0.0), (-0.5, 0.3), (-0.6, 0.7), (-0.2, 0.6), (0.0, 1.0), (0.2, 0.6), (0.6, 0.7), (0.5, 0.3)]
        for vertical, c, a0, a1 in _major_segments(L, wv * 0.5):
            n = max(2, int((a1 - a0) / (0.25 * s)))
            pts = [(a0 + (a1 - a0) * k / n, rng.uniform(-0.2, 0.2) * wv) for k in range(n + 1)]
            d.line(_seg_pts(vertical, c, pts), fill=(70, 76, 40), width=wv, joint="curve")
            d.line(_seg_pts(vertical, c, [(u, o - wv * 0.25) for u, o in pts]), fill=(120, 126, 80), width=1)
            side = rng.choice((-1, 1))
            for u in np.arange(a0 + rng.uniform(0.05, 0.15) * s, a1, rng.uniform(0.26, 0.34) * s):
                side = -side
                lf = rng.uniform(0.1, 0.12) * s
                tone = np.array((44, 96, 46), np.float32) * rng.uniform(0.85, 1.15)
                shape = [(u + x * lf, side * (wv / 2 + y * lf)) for x, y in leaf]
                d.polygon(_seg_pts(vertical, c, shape), fill=_c(tone), outline=_c(tone * 0.7))
                d.line(_seg_pts(vertical, c, [(u, side * wv / 2), (u, side * (wv / 2 + 0.85 * lf))]),
                       fill=_c(_lift(tone, 0.35)), width=1)  # the midrib
        return
    if name == "led_strip_majors":  # each block line a black LED strip: lit chips, resistors, copper cut pads
        wl = max(4, round(s / 6.5))
        for vertical, c, a0, a1 in _major_segments(L, wl * 0.5):
            d.rectangle(_box_pts(vertical, c, a0, a1, wl / 2), fill=(30, 32, 34))
            d.line(_seg_pts(vertical, c, [(a0, -wl / 2 + 0.5), (a1, -wl / 2 + 0.5)]), fill=(70, 72, 76), width=1)
            step = max(wl * 1.6, 0.33 * s)
            for k, u in enumerate(np.arange(a0 + step / 2, a1 - wl * 0.3, step)):
                d.rectangle(_box_pts(vertical, c, u - 0.3 * wl, u + 0.3 * wl, 0.3 * wl), fill=(236, 236, 230))
                (hx, hy), = _seg_pts(vertical, c, [(u, 0)])
                _disc(d, hx, hy, 0.2 * wl, fill=(246, 214, 96))  # the phosphor
                if k % 3 == 1 and u + step / 2 < a1:  # a resistor, and the copper pads where the strip may be cut
                    m0 = u + step / 2
                    d.rectangle(_box_pts(vertical, c, m0 - 0.18 * wl, m0 + 0.18 * wl, 0.12 * wl), fill=(12, 12, 12))
                    for o in (-0.3, 0.3):
                        (px_, py_), = _seg_pts(vertical, c, [(m0 + 0.45 * wl, o * wl)])
                        _disc(d, px_, py_, 0.1 * wl, fill=(186, 130, 62))
        return
    if name == "domino_train_majors":  # each block line dominoes end to end: black tiles, a bar, white pips
        wd = max(5, round(s / 5.5))
        spots = {0: [], 1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
                 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
                 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
        pr = max(0.6, wd * 0.08)
        for vertical, c, a0, a1 in _major_segments(L, wd * 0.5):
            u = a0
            while u < a1 - 1:
                ln = min(2 * wd, a1 - u)
                if a1 - u - ln < 0.6 * wd:
                    ln = a1 - u
                d.rounded_rectangle(_box_pts(vertical, c, u, u + ln, wd / 2), radius=wd * 0.18, fill=(24, 24, 26),
                                    outline=(80, 80, 84))
                mid = u + ln / 2
                d.line(_seg_pts(vertical, c, [(mid, -0.32 * wd), (mid, 0.32 * wd)]), fill=(140, 140, 140), width=1)
                for h0, h1 in ((u, mid), (mid, u + ln)):
                    hc = (h0 + h1) / 2
                    for du, dv in spots[rng.randrange(7)]:
                        (px_, py_), = _seg_pts(vertical, c, [(hc + du * 0.25 * (h1 - h0), dv * 0.25 * wd)])
                        _disc(d, px_, py_, pr, fill=(232, 232, 224))
                u += ln + 1
        return
    raise ValueError(name)


# ------------------------------------------------------------------------------------------ redraws


PLYWOOD = (222, 196, 152)  # the game board's birch plywood
TILE = (240, 228, 198)  # a clue tile's pale maple
PAPER = (250, 250, 245)  # the copybook's paper
FOUNTAIN = (28, 36, 96)  # blue-black fountain-pen ink
BURNT = (70, 42, 24)  # the pyrography pen's lines


def _plywood(g: np.random.Generator, H: int, W: int) -> np.ndarray:
    """Birch plywood: pale, its fine grain running across, a few broad darker figures."""
    streak = cv2.GaussianBlur(g.standard_normal((H, W)).astype(np.float32), (0, 0), sigmaX=18.0, sigmaY=0.8)
    streak /= streak.std() + 1e-6
    yy = np.arange(H, dtype=np.float32)[:, None]
    figure = np.sin(yy / 9.0 + 2.5 * _smooth(g, H, W, 40.0))
    tone = 1 + 0.018 * streak + 0.025 * figure + 0.02 * _smooth(g, H, W, 60.0)
    return np.array(PLYWOOD, np.float32) * tone[..., None]


def _tile(face: _Face40, text: str, rng: random.Random, g: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """A cream wooden tile with ``text`` printed on it in black, its edges bevelled, turned a little: its picture and
    coverage."""
    m, _ = face.mask(text)
    px, py = round(0.4 * face.h) + 2, round(0.25 * face.h) + 2
    h, w = m.shape[0] + 2 * py, m.shape[1] + 2 * px
    tile = np.empty((h, w, 3), np.float32)
    tile[:] = TILE
    tile *= (1 + 0.02 * _noise0(g, h, w, 0.8))[..., None]
    b = max(1, round(0.1 * face.h))
    tile[:b, :] = _lift(np.asarray(TILE, np.float32), 0.4)
    tile[:, :b] = _lift(np.asarray(TILE, np.float32), 0.3)
    tile[h - b:, :] *= 0.8
    tile[:, w - b:] *= 0.85
    ink = np.zeros((h, w), np.float32)
    ink[py:py + m.shape[0], px:px + m.shape[1]] = m
    out = tile * (1 - ink[..., None]) + np.array((24, 20, 18), np.float32) * ink[..., None]
    return _tilted(out, rng.uniform(-1.6, 1.6))


def _fountain_ink(m: np.ndarray, h: float) -> np.ndarray:
    """A fountain pen's ink for the mask ``m``: feathering a little into the paper."""
    return np.clip(np.maximum(m, 0.3 * cv2.GaussianBlur(m, (0, 0), 0.9)), 0, 1)


def _redraw_whole40(layout: dict[str, Any], style: Style40, row_vals, col_vals, rng: random.Random,
                    target: tuple[int, int]) -> tuple[Image.Image, dict[str, Any]]:
    """The whole puzzle drawn anew (``style.redraw``): its own surface, cell size, clue layout and margins. Returns
    the page (clues, no marks, no grid yet) and its geometry."""
    kind = style.redraw
    rows, cols = layout["rows"], layout["cols"]
    base = layout["cell_px"] * rng.uniform(0.9, 0.98) * 0.92
    ref = _digit_h(_font(INPUT_FONT, layout["clue_font_px"]))
    hh = ref * rng.uniform(*style.clue_scale)
    tiles = kind == "wood_tile_tray"
    face = _Face40(style.clue_font, hh, style.clue_stroke)
    room = 0.5 * base if tiles else 0.72 * base  # a tile is wider than its number
    while hh > 7 and max(face.width(t) for v in col_vals for t in v) > room:
        hh -= max(0.5, 0.04 * hh)
        face = _Face40(style.clue_font, hh, style.clue_stroke)
    dh = face.h
    if tiles:
        tile_pad = 2 * (round(0.4 * dh) + 2)
        tile_h = dh + 2 * (round(0.25 * dh) + 2)
        gapn = tile_pad + dh * rng.uniform(0.35, 0.45)
        slot = max(dh * rng.uniform(2.0, 2.15), tile_h * 1.08 + 0.3 * dh)
    else:
        gapn, slot = dh * rng.uniform(0.75, 0.9), dh * rng.uniform(1.5, 1.65)
    gapn = max(gapn, face.inner + 0.35 * dh)  # two numbers never read as one
    row_w = max(sum(face.width(t) for t in v) + gapn * (len(v) - 1) for v in row_vals)
    col_h = max(len(v) for v in col_vals) * slot
    pad = 0.65 * base if tiles else 0.45 * base
    gw, gh = base * cols, base * rows
    pw, ph = row_w + pad * 1.4 + gw, col_h + pad * 1.4 + gh
    g = _nrng(rng)
    bm = 0.8 * base
    top = 1.1 * bm
    W = round(max(pw + 2 * bm, 0.85 * target[0]))
    H = round(ph + bm + top)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    if tiles:  # the plywood board, its sanded edge a little darker
        surf = _plywood(g, H, W)
        edge = np.minimum.reduce([xx, yy, W - 1 - xx, H - 1 - yy])
        surf *= (1 - 0.12 * np.clip(1 - edge / 5, 0, 1))[..., None]
    else:  # a copybook page: Seyes ruling (fine violet lines, heavier every fourth, verticals), a red margin line
        surf = np.array(PAPER, np.float32) * (1 + 0.006 * _smooth(g, H, W, 1.0))[..., None]
        u = base / 4 * rng.uniform(0.95, 1.05)
        oy, ox = rng.uniform(0, 4 * u), rng.uniform(0, 4 * u)
        fine = ((yy - oy) % u) < 1.0
        heavy = (((yy - oy) % (4 * u)) < 1.0) | (((xx - ox) % (4 * u)) < 1.0)
        a = np.where(heavy, 0.38, np.where(fine, 0.2, 0.0)).astype(np.float32)
        surf = surf * (1 - a[..., None]) + np.array((150, 138, 206), np.float32) * a[..., None]
        mx = 0.45 * bm
        red = (np.abs(xx - mx) < 0.9).astype(np.float32) * 0.7
        surf = surf * (1 - red[..., None]) + np.array((214, 82, 92), np.float32) * red[..., None]
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
    if not tiles:  # the clues written with the fountain pen
        alpha = np.zeros((H, W), np.float32)
        for t, cx, cy in spots:
            _stamp(alpha, face, t, cx + rng.uniform(-0.03, 0.03) * dh, cy + rng.uniform(-0.04, 0.04) * dh)
        alpha = _fountain_ink(alpha, dh)
        a = a * (1 - alpha[..., None]) + np.asarray(style.clue_colour, np.float32) * alpha[..., None]
        return Image.fromarray(_clip8(a)), L
    for t, cx, cy in spots:  # each number on its own wooden tile, set a little askew with a soft shadow
        pic, cover = _tile(face, t, rng, g)
        D = pic.shape[0]
        x0 = round(cx - D / 2)
        y0 = round(cy - D / 2)
        sh = cv2.GaussianBlur(cover, (0, 0), 1.3)
        for (ox, oy), arr, k in (((2, 2), None, 0.3), ((0, 0), pic, 1.0)):
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


def _draw_redraw_grid40(img: Image.Image, L: dict[str, Any], kind: str, rng: random.Random) -> Image.Image:
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    lay, d = _layer(*img.size)
    if kind == "wood_tile_tray":  # burnt in with a pyrography pen along a rule: a dark core, a scorched halo
        thin, wd, colour = max(1, round(s / 26)), max(2, round(s / 10)), BURNT
    else:  # ruled freehand with the fountain pen: the lines waver, the block lines gone over twice
        thin, wd, colour = max(1, round(s / 34)), max(2, round(s / 15)), FOUNTAIN

    def line(p0, p1, width):
        if kind == "wood_tile_tray":
            d.line([p0, p1], fill=255, width=width)
            return
        n = max(2, int(math.hypot(p1[0] - p0[0], p1[1] - p0[1]) / (0.5 * s)))
        pts = []
        for k in range(n + 1):
            t = k / n
            pts.append((p0[0] + (p1[0] - p0[0]) * t + rng.gauss(0, 0.45), p0[1] + (p1[1] - p0[1]) * t
                        + rng.gauss(0, 0.45)))
        d.line(pts, fill=255, width=width, joint="curve")
        _disc(d, pts[0][0], pts[0][1], width * 0.75, fill=255)  # the ink pooled where the nib touched down

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
    if kind == "wood_tile_tray":
        alpha = np.clip(np.maximum(cv2.GaussianBlur(m, (0, 0), 0.5) * 0.9, cv2.GaussianBlur(m, (0, 0), 1.6) * 0.35),
                        0, 1)
    else:
        alpha = cv2.GaussianBlur(m, (0, 0), 0.35) * 0.88
    out = a * (1 - alpha[..., None]) + np.asarray(colour, np.float32) * alpha[..., None]
    return Image.fromarray(_clip8(out))


# ------------------------------------------------------------------------------------------ pages


def _hay(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A hay bale's face: dry straw stalks packed mostly one way, golden to grey-green, shadowed between."""
    img = Image.fromarray(_clip8(_table(g, H, W, (132, 110, 60), 0.06, 4)))
    d = ImageDraw.Draw(img)
    tones = ((214, 184, 110), (196, 164, 92), (224, 200, 140), (172, 150, 90), (186, 170, 112))
    a0 = rng.uniform(0, math.pi)
    for _ in range(int(H * W / (0.03 * big) ** 2 * 2.2)):
        x, y, a = rng.uniform(0, W), rng.uniform(0, H), a0 + rng.gauss(0, 0.45)
        ln = rng.uniform(0.06, 0.16) * big
        tone = np.asarray(rng.choice(tones), np.float32) * rng.uniform(0.85, 1.1)
        d.line([(x, y), (x + ln * math.cos(a), y + ln * math.sin(a))], fill=_c(tone), width=rng.choice((1, 2, 2, 3)))
    return np.asarray(img, np.float32).copy()


def _lino(g: np.random.Generator, H: int, W: int, big: int) -> np.ndarray:
    """A speckled linoleum floor: a warm grey ground, flecks of dark, brick red and blue, square tiles' seams."""
    out = _table(g, H, W, (208, 200, 182), 0.02, 6)
    for colour, thr in (((112, 104, 92), 1.7), ((170, 70, 58), 2.1), ((70, 96, 130), 2.2), ((238, 234, 224), 1.8)):
        fleck = _smooth(g, H, W, 1.2) > thr
        out[fleck] = colour
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    p = 0.3 * big
    seam = ((xx % p) < 1.5) | ((yy % p) < 1.5)
    out[seam] *= 0.72
    return out


def _grating(g: np.random.Generator, H: int, W: int, big: int) -> np.ndarray:
    """A galvanised steel floor grating: bearing bars close together, cross rods, the dark void beneath."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    out = _table(g, H, W, (40, 42, 44), 0.08, 8)
    p = 0.03 * big
    u = (xx % p) / p
    bars = u < 0.28
    out[bars] = (176, 180, 184)
    out[bars & (u < 0.07)] = (214, 218, 222)  # the bars' lit tops
    rods = ((yy % (3.5 * p)) / (3.5 * p)) < 0.06
    out[rods] = (150, 152, 156)
    return out * (1 + 0.04 * _smooth(g, H, W, 0.1 * big))[..., None]


def _tarp(g: np.random.Generator, H: int, W: int, big: int) -> np.ndarray:
    """A blue woven tarpaulin: a fine basket weave, broad creases, a hem with brass grommets along its edges."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    out = np.empty((H, W, 3), np.float32)
    out[:] = (44, 98, 172)
    weave = np.where((np.floor(xx / 2) + np.floor(yy / 2)) % 2 == 0, 1.04, 0.96)
    crease = _smooth(g, H, W, 0.06 * big)
    lit = np.clip((crease - np.roll(crease, 3, axis=1)) * 6, -1, 1)
    out *= (weave * (1 + 0.2 * lit + 0.05 * crease))[..., None]
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    hem = 0.025 * big
    for box in ([0, 0, W, hem], [0, 0, hem, H]):
        d.rectangle(box, fill=(34, 80, 146))
    r = 0.008 * big
    for k in np.arange(0.06 * big, W, 0.12 * big):
        _disc(d, k, hem / 2, r, outline=(206, 176, 96), width=max(2, round(r / 2)))
    for k in np.arange(0.06 * big, H, 0.12 * big):
        _disc(d, hem / 2, k, r, outline=(206, 176, 96), width=max(2, round(r / 2)))
    return np.asarray(img, np.float32).copy()


def _ticking(g: np.random.Generator, H: int, W: int, big: int) -> np.ndarray:
    """Striped mattress ticking: cream twill, navy stripes (a broad one between two narrow), the twill's diagonal."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    p = 0.08 * big
    u = (xx % p) / p
    out = np.empty((H, W, 3), np.float32)
    out[:] = (232, 226, 208)
    stripe = (u < 0.22) | ((u > 0.32) & (u < 0.36)) | ((u > 0.86) & (u < 0.9))
    out[stripe] = (44, 54, 92)
    twill = np.where(((xx + yy) % 4) < 2, 1.03, 0.97)
    return out * (twill * (1 + 0.03 * _smooth(g, H, W, 0.08 * big)))[..., None]


def _blossom(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """Grey paving slabs strewn with cherry blossom petals: each petal pink, notched, with a soft shadow."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    p = 0.24 * big
    slab = np.floor(xx / p) * 7 + np.floor(yy / p)
    tone = 0.9 + 0.2 * (np.sin(slab * 12.9898) * 43758.5 % 1)
    out = np.array((152, 150, 146), np.float32) * (tone * (1 + 0.04 * _smooth(g, H, W, 1.5)))[..., None]
    joint = ((xx % p) < 3) | ((yy % p) < 3)
    out[joint] = (100, 98, 94)
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    petal = [(0.5 * math.cos(t) * (1 - 0.25 * max(0.0, math.cos(t)) ** 8), 0.3 * math.sin(t))
             for t in np.linspace(0, 2 * math.pi, 16, endpoint=False)]
    for _ in range(int(H * W / (0.05 * big) ** 2)):
        x, y, a = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0, 2 * math.pi)
        ln = rng.uniform(0.018, 0.028) * big
        d.polygon(_rotated(petal, x + 1.5, y + 1.5, a, ln), fill=(112, 108, 104))
        d.polygon(_rotated(petal, x, y, a, ln), fill=rng.choice(((246, 196, 210), (250, 218, 226), (238, 176, 196))))
        tx, ty = _rotated([(0.5, 0.0)], x, y, a, ln)[0]
        _disc(d, tx, ty, 0.08 * ln, fill=_c(out[int(min(H - 1, max(0, ty))), int(min(W - 1, max(0, tx)))]))
    return np.asarray(img, np.float32).copy()


def _school_desk(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A varnished school desk: honey oak, its grain and rays, a pencil groove along the top, an old inkwell hole."""
    yy = np.mgrid[0:H, 0:W][0].astype(np.float32)
    wav = 6 * _smooth(g, H, W, 0.08 * big)
    grain = np.sin((yy + wav) / (0.006 * big)) * 0.5 + np.sin((yy + 2 * wav) / (0.021 * big)) * 0.5
    out = np.array((176, 120, 64), np.float32) * (1 + 0.06 * grain + 0.03 * _smooth(g, H, W, 1.0))[..., None]
    g0, g1 = 0.03 * H, 0.055 * H
    groove = (yy > g0) & (yy < g1)
    out[groove] *= 0.7
    out[(yy > g1 - 2) & (yy < g1)] *= 1.25  # the groove's lit lower lip
    img = Image.fromarray(_clip8(out))
    d = ImageDraw.Draw(img)
    cx, cy, r = W - 0.06 * W, 0.04 * H + 0.012 * big, 0.02 * big
    _disc(d, cx, cy, r * 1.3, fill=(172, 140, 70))  # the brass rim
    _disc(d, cx, cy, r, fill=(34, 26, 20))
    return np.asarray(img, np.float32).copy()


def _rag_rug(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A braided rag rug: an oval coil of fabric braids in many colours, the braids' chevrons, grooves between."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    cx, cy = W / 2 + rng.uniform(-0.1, 0.1) * W, H / 2 + rng.uniform(-0.1, 0.1) * H
    dist = np.hypot((xx - cx) / 1.35, yy - cy)
    bw = 0.035 * big
    ring = np.floor(dist / bw)
    frac = dist / bw - ring
    palette = np.array(((150, 62, 56), (70, 92, 132), (198, 172, 112), (92, 112, 72), (122, 82, 112), (208, 198, 178),
                        (168, 110, 70)), np.float32)
    idx = (np.abs(np.sin(ring * 91.7) * 1000).astype(np.int64)) % len(palette)
    out = palette[idx]
    theta = np.arctan2(yy - cy, (xx - cx) / 1.35)
    along = theta * dist / bw
    chevron = ((along * 1.4 + np.abs(frac - 0.5) * 2) % 1) < 0.5
    out[chevron] *= 0.84
    out[(frac < 0.07) | (frac > 0.95)] *= 0.6
    return out * (1 + 0.03 * _smooth(g, H, W, 1.0))[..., None]


def _page40(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    big = max(h, w)
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "hay_bale":  # the page on a hay bale
        return _bg_page(a, lambda H, W: _hay(g, rng, H, W, big), rng, g, 0.45)
    if e == "linoleum_floor":  # on a speckled linoleum floor
        return _bg_page(a, lambda H, W: _lino(g, H, W, big), rng, g, 0.4, rng.uniform(0.02, 0.04), (208, 200, 182))
    if e == "floor_grating":  # on a steel floor grating
        return _bg_page(a, lambda H, W: _grating(g, H, W, big), rng, g, 0.45)
    if e == "blue_tarpaulin":  # on a blue tarpaulin
        return _bg_page(a, lambda H, W: _tarp(g, H, W, big), rng, g, 0.4, rng.uniform(0.02, 0.04), (44, 98, 172))
    if e == "mattress_ticking":  # on striped mattress ticking
        return _bg_page(a, lambda H, W: _ticking(g, H, W, big), rng, g, 0.35)
    if e == "blossom_pavement":  # on paving strewn with cherry blossom petals
        return _bg_page(a, lambda H, W: _blossom(g, rng, H, W, big), rng, g, 0.45, rng.uniform(0.03, 0.05),
                        (152, 150, 146))
    if e == "school_desk":  # the copybook on a varnished school desk
        return _bg_page(a, lambda H, W: _school_desk(g, rng, H, W, big), rng, g, 0.4)
    if e == "braided_rag_rug":  # the game board on a braided rag rug
        return _bg_page(a, lambda H, W: _rag_rug(g, rng, H, W, big), rng, g, 0.4, rng.uniform(0.02, 0.03),
                        (150, 62, 56))
    if e == "chair_back_shadow":  # a ladder-back chair's shadow across the page: two posts, curved slats
        out = _page_on(a, lambda H, W: _table(g, H, W, (196, 184, 164), 0.03, 3), rng, g, 0.09, 3.0, 0.3)
        H, W = out.shape[:2]
        lay, ld = _layer(W, H)
        x0, x1 = rng.uniform(0.05, 0.3) * W, rng.uniform(0.7, 0.95) * W
        skew = rng.uniform(-0.1, 0.1) * W
        wd = max(4, round(0.025 * big))
        for x in (x0, x1):
            ld.line([(x, -10), (x + skew, H + 10)], fill=255, width=wd)
        for k, t in enumerate(np.linspace(0.15, 0.75, 4)):  # the slats, bowed a little
            y = t * H
            pts = [(x0 + (x1 - x0) * u + skew * t, y + 0.03 * H * math.sin(math.pi * u)) for u in np.linspace(0, 1, 12)]
            ld.line(pts, fill=255, width=max(3, round(0.018 * big)) + (k == 0) * 2)
        return _grain(_cast_shadow(out, lay, big, 0.005, 0.2), g, 2.0)
    if e == "palm_frond_shadow":  # a palm frond's shadow across the page: a curving rib, leaflets both sides
        out = _page_on(a, lambda H, W: _table(g, H, W, (214, 206, 190), 0.03, 3), rng, g, 0.09, 3.0, 0.3)
        H, W = out.shape[:2]
        lay, ld = _layer(W, H)
        p0 = (rng.uniform(-0.1, 0.2) * W, rng.uniform(0.6, 1.1) * H)
        p2 = (rng.uniform(0.8, 1.1) * W, rng.uniform(-0.1, 0.4) * H)
        p1 = ((p0[0] + p2[0]) / 2 + rng.uniform(-0.2, 0.2) * W, (p0[1] + p2[1]) / 2 + rng.uniform(-0.2, 0.2) * H)
        rib = [((1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0],
                (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1]) for t in np.linspace(0, 1, 40)]
        ld.line(rib, fill=255, width=max(3, round(0.008 * big)))
        for k in range(1, 39):
            (xa, ya), (xb, yb) = rib[k - 1], rib[k + 1]
            ang = math.atan2(yb - ya, xb - xa)
            ln = 0.22 * big * math.sin(math.pi * k / 40) + 0.03 * big
            for sgn in (-1, 1):
                b = ang + sgn * 1.0
                x, y = rib[k]
                tip = (x + ln * math.cos(b), y + ln * math.sin(b))
                nx, ny = -math.sin(b) * 0.012 * big, math.cos(b) * 0.012 * big
                ld.polygon([(x - nx, y - ny), (x + nx, y + ny), tip], fill=255)  # a tapering leaflet
        return _grain(_cast_shadow(out, lay, big, 0.006, 0.2), g, 2.0)
    if e == "conker_margin":  # a conker on the widened right margin: glossy mahogany, its pale scar, a highlight
        mr = round(0.22 * w)
        page = _extend(a, right=mr)
        Hp, Wp = page.shape[:2]
        x0 = _free_x(L, w)
        mw = Wp - x0
        R = 0.3 * mw
        cx, cy = x0 + 0.5 * mw, Hp * rng.uniform(0.3, 0.7)
        lay, ld = _layer(Wp, Hp)
        _disc(ld, cx, cy, R, fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.08 * R, 0.12 * R, 0.1 * R, 0.4)
        y0_, y1_, x0_, x1_ = int(max(0, cy - R - 2)), int(min(Hp, cy + R + 3)), int(max(0, cx - R - 2)), \
            int(min(Wp, cx + R + 3))
        yy, xx = np.mgrid[y0_:y1_, x0_:x1_].astype(np.float32)
        rr = np.hypot(xx - cx, yy - cy) / R
        inside = rr < 1
        body = np.array((118, 50, 22), np.float32) * (1.1 - 0.45 * rr ** 2)[..., None]
        swirl = np.sin(np.arctan2(yy - cy, xx - cx) * 3 + rr * 9)  # the conker's figured grain
        body *= (1 + 0.08 * swirl)[..., None]
        ang = rng.uniform(0, 2 * math.pi)
        sx, sy = cx + 0.55 * R * math.cos(ang), cy + 0.55 * R * math.sin(ang)
        scar = np.hypot((xx - sx) / 0.55, (yy - sy) / 0.4) < 0.5 * R
        body[scar] = (204, 184, 142)
        hl = np.exp(-(np.hypot(xx - (cx - 0.35 * R), yy - (cy - 0.35 * R)) / (0.14 * R)) ** 2)
        body += (255 - body) * (0.7 * hl)[..., None]
        patch = pa[y0_:y1_, x0_:x1_]
        patch[inside] = body[inside]
        M = round(0.05 * big)
        bg = _table(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (112, 104, 96), 0.04, 3)
        return _grain(_on_table(_clip8(pa), bg, rng.uniform(-1.5, 1.5), (M, M), 0.35, g), g, 1.8)
    if e == "glass_marble_margin":  # a glass marble on the widened left margin: a twist of colour, a bright glint
        ml = round(0.26 * w)
        page = _extend(a, left=ml)
        Hp, Wp = page.shape[:2]
        R = 0.25 * ml
        cx, cy = 0.5 * ml, Hp * rng.uniform(0.3, 0.7)
        lay, ld = _layer(Wp, Hp)
        _disc(ld, cx, cy, R, fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.15 * R, 0.2 * R, 0.15 * R, 0.35)
        y0_, y1_, x0_, x1_ = int(max(0, cy - R - 2)), int(min(Hp, cy + R + 3)), int(max(0, cx - R - 2)), \
            int(min(Wp, cx + R + 3))
        yy, xx = np.mgrid[y0_:y1_, x0_:x1_].astype(np.float32)
        rr = np.hypot(xx - cx, yy - cy) / R
        inside = rr < 1
        patch = pa[y0_:y1_, x0_:x1_]
        glass = patch * np.array((0.86, 0.93, 0.96), np.float32) * (1 - 0.25 * rr ** 4)[..., None]
        th = np.arctan2(yy - cy, xx - cx)
        core = (np.abs(np.sin(th * 2 + rr * 4 + rng.uniform(0, 6))) < 0.35) & (rr < 0.75)
        glass[core] = np.asarray(rng.choice(((36, 96, 196), (226, 112, 36), (40, 150, 90))), np.float32) * \
            (1 - 0.3 * rr[core])[..., None]
        hl = np.exp(-(np.hypot(xx - (cx - 0.4 * R), yy - (cy - 0.4 * R)) / (0.12 * R)) ** 2)
        glass += (255 - glass) * (0.85 * hl)[..., None]
        patch[inside] = glass[inside]
        M = round(0.05 * big)
        bg = _table(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (180, 170, 156), 0.03, 3)
        return _grain(_on_table(_clip8(pa), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g), g, 1.8)
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page40(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style40,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, mean cell width ``cw`` and height ``ch``, the column and row edges ``xs`` and
    ``ys``, and ``keep``, the box round the clues and the grid; ``_box25`` gives a cell's box)."""
    rng = random.Random(f"h40:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = _change40(truth, style.clue_change, rng) if plan["clue"] else None
    row_vals, col_vals = _line_values(truth, change)
    if style.redraw:
        img, L = _redraw_whole40(layout, style, row_vals, col_vals, rng, (inp.shape[1], inp.shape[0]))
        img = _draw_redraw_grid40(img, L, style.redraw, rng)  # the grid ruled before the cells are filled
    else:
        img = input_image.convert("RGB").copy()
        if style.clue_font:
            _redraw_clues40(img, layout, row_vals, col_vals, style, rng)
        elif change:
            _retype_lines40(img, layout, row_vals, col_vals, _changed_lines(change))
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
                _draw_fill40(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill40(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline40(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross40(img, box, style, rng)
            elif not ((r, c) in filled and style.missing_bare):
                _draw_empty40(img, box, style.empty, rng)
    if not style.redraw:
        _draw_grid40(img, L, rng, style.grid, inp)
    return np.asarray(img), rng, L


def make_answer40(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style40,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page40(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page40(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
