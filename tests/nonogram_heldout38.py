"""HELDOUT38, measured blind on the verifier of 7f50d6c (rubric 75, the forty-fifth session's start) and on rubric 76
(its end), never looked at: **395/432** right on both (91.4 %), none gained or lost, **0 false passes**, 0 unreadable, 0
confident false fails; error-free right 45 of 72 (seed 5, ``tools/measure_nonogram_family.py
nonogram_heldout38:HELDOUT38 --seed 5``). By planted error on rubric 76: none 45/72, extra_light 71, extra_outline 72,
x_instead 72, missing 71, clue_changed 64 (of 72 each). Held out: measured as counts only, its answers never looked at.

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved nonogram:
clue fonts from Debian packages no earlier nonogram family, test, install list or digit-reader training names
(fonts-aenigma, fonts-jsmath, fonts-lyx, culmus-fancy, xfonts-scalable, xfonts-kapl, fonts-pc-extra,
fonts-dejima-mincho, xfonts-jmk, fonts-creep2, culmus), one face from each: a bold flared sans (Impossibilium BRK, one
of Brian Kent's faces in fonts-aenigma), an upright calligraphic roman (AMS Euler Roman, jsMath's eurm10), the old-style
figures of AMS Euler Fraktur (LyX's eufm10), a heavy rounded sans (the Latin of Gan CLM Bold, a Hebrew Type 1 font), a
book serif (Bitstream Charter, a Type 1 font), a light monospaced APL face (KAPL, drawn with a one-pixel heavier pen), a
thin pixel face (the Kaypro II's character ROM, Px_Kaypro2K), the full-width figures of an antique Japanese Mincho
(Dejima Mincho, which has no ASCII figures; a number's figures are set close together, never a full-width gap inside a
number), a bold bitmap terminal face (Neep Alt Bold 12x24, an X11 PCF font, enlarged by whole pixels), a tiny bitmap
face (creep2, 4 pixels wide, printed as round dots by the punch card's printer) and a wide extended sans (the Latin of
Ellinia CLM Bold, a Hebrew Type 1 font, set on the collage's paper slips); one style keeps the input's clues (its
changed clue is that line's numbers erased and typed again in another face, Bitstream Charter Bold from
xfonts-scalable). Fills no earlier family uses (heaped elderberries, juniper berries with their bloom, steel ball
bearings, granulated roofing felt, the blistered leaf of cavolo nero, beetroot slices with their rings, ribbed black
cardamom pods, cracked shiitake caps, the seed spiral of a sunflower's disc, pumpkin seeds, holes punched through a
punch card onto a black backing, squares of black paper glued on); empty-cell marks drawn in new ways (a sesame seed, a
ladybird, a blue sequin, a pair of pine needles); the planted errors drawn in new ways (pale whales, cacti, hot-air
balloons or windmills, each over a light tint; a frame of overlapping roof tiles, of an abacus's rods and beads, of fish
scales, of turned balusters between two rails; an X of two closed umbrellas, of two tennis racquets, of two golf clubs,
of two asparagus spears; all in the fill's colour, darkened where the fill is a light one); a changed clue whose numbers
are all replaced by their total (``summed``, new here), whose numbers are each one more (``all_raised``, new here), has
one number split in two, is written in reverse, has one unit moved between two of its numbers, gains a number between
two of its numbers, has one of its numbers written twice, has two merged into their sum, is written from the largest
number down, or (on the page that keeps the input's clues) has one number one more or less; a missing fill left bare on
a page whose other empty cells carry marks; grids drawn in new ways (pen lines under block lines of a model railway's
track, two rails on wooden sleepers; of bamboo canes with their nodes; of a yellow steel tape measure, its ticks along
one edge and no figures; of cinnamon quills laid end to end); two styles that redraw the whole puzzle in a new medium (a
buff punch card, a pale stripe and a thin border printed on it, the clues printed by its dot printer, the grid printed
in blue and each filled cell a rectangular hole onto the black backing underneath; a collage on lemon sugar paper, the
grid ruled in black marker, each number printed on its own slip of white paper glued on a little askew, each filled cell
a square of black paper glued on); and page changes no earlier family uses (the page on a velvet cushion; on sandstone
paving; on a galvanised steel sheet with its spangle; on studded rubber flooring; on a sisal rug; a walnut on the
widened left margin; a crown bottle cap on the widened bottom margin; a pair of cherries on the widened right margin;
the soft shadow of a ceiling fan's blades across the page; the shadow of a wine glass with the bright ring its bowl
focuses; the punch card on a retro boomerang formica counter; the collage on a flowered oilcloth).

Clues written anew on the input's page are sized by their digits' height as drawn (bitmap faces at whole multiples of
their pixels where one comes near that size, smoothly scaled where none does) and fitted to its clue strips (as in
HELDOUT25 to HELDOUT37), two numbers of a row always further apart than two figures of one number (a monospaced face's
narrow 1 leaves a wide space inside a number); the redrawn puzzles space their clues by the digits' height, measured on
the drawn figures.

Doubts noted rather than made unfair: the pool of unused Debian font packages is spent, so this family reaches for
packages not named ``fonts-*`` (xfonts-scalable, xfonts-kapl, xfonts-jmk, culmus, culmus-fancy) and for bitmap and pixel
faces; Engadget (fonts-engadget), Ferrite Core, F500 and Campania were looked at and left out as too hard to read, the
Terminus bitmaps (HELDOUT31's figures), EB Garamond's extra cuts, the TeX Gyre maths faces (trained figures), Shimenkan
GSM (HELDOUT30's figures) and the Computer Modern faces of fonts-lyx and fonts-jsmath were left out as copies. Euler
Roman and Euler Fraktur are both Hermann Zapf's AMS Euler (their figures differ: lining against old-style); Gan and
Ellinia are both from the Culmus project (unlike in shape: heavy and rounded against wide and flat); the Kaypro II's
figures are one more PC character ROM beside HELDOUT26's IBM VGA (thin, a slashed zero, a 6 and 9 with diagonal
strokes); Charter's figures are a plain book serif near many trained ones; Dejima's full-width figures have the rounded
ends of a typewriter face; no figures here are an earlier family's. KAPL is a light face (drawn with a one-pixel heavier
pen); Euler Fraktur's figures are old-style (3, 4, 5, 7 and 9 drop below the line, 6 and 8 rise; drawn a little larger
for it); Impossibilium and Gan are heavy; Neep and creep2 are bitmap faces, their pixels plain at the sizes drawn,
creep2's as round printer dots a little apart; Ellinia is wide. The paper slips of the collage sit a few degrees askew
with a soft shadow, the number on each turned with it; the punch card's printed clues are dot-matrix figures; its holes
show the black backing (a filled cell is plainly dark); the ceiling fan's shadow darkens the page by at most a fifth;
the wine glass's shadow darkens it by at most a fifth and its bright ring lifts the page by at most a third of the
way to white; the velvet, sandstone, galvanised sheet, rubber floor, sisal, formica and oilcloth lie round the page,
never on it; the walnut, the bottle cap (blank, no lettering) and the cherries lie on widened margins and none carries a
digit; the rail-track, bamboo, tape-measure and cinnamon block lines are broader and less even than a ruled line (the
sleepers and the tape measure's hook a little wider than the line); the fills have some paler features (berry
highlights, a bloom, the balls' glints, granules, the leaf's midrib and veins, the beetroot's rings, the pods' ribs, the
caps' cracks, the seeds' rims, the holes' cut edges, the paper's fibres) over a dark ground, and a person sees a filled
cell at once; the sesame seed is a small cream teardrop, the ladybird a small red dome with black spots, the sequin a
small blue disc, the pine needles two thin green strokes; the planted pale marks are a light tint with darker-than-tint
shapes over it, plainly darker than the paper; the summed clue holds one number, the line's total; the raised clue's
numbers still fit their line; the retyped clue line on the page that keeps the input's clues is in a different face from
its neighbours; the style names begin ``s_`` as HELDOUT28's to HELDOUT37's do (the names themselves differ from every
earlier one).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer38` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout38:HELDOUT38`` measures them like the earlier families.
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
from nonogram_heldout32 import _draw_grid32, _grain, _smooth, _table, _wood
from nonogram_heldout33 import _major_segments, _page_on, _pen_minors, _staggered
from nonogram_heldout34 import _c, _seg_pts
from nonogram_heldout35 import _ink
from nonogram_heldout37 import _change37
from PIL import Image, ImageDraw, ImageFont


@dataclass(frozen=True)
class Style38(Style):
    """A HELDOUT38 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``punch_card``, ``paper_collage``; empty keeps the input's
    frame), ``clue_change`` how a planted clue_changed answer alters its line (as in HELDOUT37, or ``summed``: its
    numbers replaced by their total, or ``all_raised``: each of its numbers one more) and ``missing_bare`` whether a
    missing fill is left bare rather than marked like the other empty cells. ``make_answer`` calls
    :meth:`draw_answer`."""

    redraw: str = ""
    clue_change: str = "extra"
    missing_bare: bool = False

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer38(input_image, layout, truth, self, error, seed)


HELDOUT38 = (
    Style38("s_impossibilium_elderberries_velvet", "elderberries", (44, 30, 48), "none", "imposs.ttf",
            ("velvet_cushion", "jpeg"), clue_scale=(1.0, 1.08), grid="rail_track_majors", light_mark="light_whales",
            outline_mark="outline_roof_tiles", cross_mark="heavy_x_umbrellas", clue_change="summed"),
    Style38("s_eulerroman_juniper_sandstone", "juniper_berries", (40, 44, 62), "sesame_seed", "jsMath-eurm10.ttf",
            ("sandstone_paving", "jpeg"), clue_scale=(1.02, 1.1), grid="bamboo_cane_majors",
            light_mark="light_cacti", outline_mark="outline_abacus", cross_mark="heavy_x_tennis_racquets",
            clue_change="all_raised", missing_bare=True),
    Style38("s_eulerfraktur_ballbearings_walnut", "ball_bearings", (52, 54, 60), "none", "eufm10.ttf",
            ("walnut_margin", "jpeg"), clue_scale=(1.12, 1.2), grid="tape_measure_majors",
            light_mark="light_balloons", outline_mark="outline_fish_scales", cross_mark="heavy_x_golf_clubs",
            clue_change="split"),
    Style38("s_ganbold_roofingfelt_galvanised", "roofing_felt", (36, 36, 38), "ladybird", "GanCLM-Bold.pfa",
            ("galvanised_sheet", "jpeg"), clue_scale=(1.02, 1.1), grid="cinnamon_stick_majors",
            light_mark="light_windmills", outline_mark="outline_balusters", cross_mark="heavy_x_asparagus",
            clue_change="summed", missing_bare=True),
    Style38("s_bitstreamcharter_cavolonero_fanshadow", "cavolo_nero", (34, 50, 42), "none", "c0648bt_.pfb",
            ("ceiling_fan_shadow", "jpeg"), clue_scale=(1.0, 1.08), grid="rail_track_majors",
            light_mark="light_cacti", outline_mark="outline_fish_scales", cross_mark="heavy_x_umbrellas",
            clue_change="reversed"),
    Style38("s_kaplmono_beetroot_bottlecap", "beetroot_slices", (92, 24, 54), "blue_sequin", "KAPL.TTF",
            ("bottle_cap_margin", "jpeg"), clue_scale=(1.02, 1.1), clue_stroke=1, grid="bamboo_cane_majors",
            light_mark="light_whales", outline_mark="outline_balusters", cross_mark="heavy_x_golf_clubs",
            clue_change="all_raised", missing_bare=True),
    Style38("s_kayprorom_cardamom_rubberfloor", "black_cardamom", (52, 38, 32), "none", "Px_Kaypro2K.ttf",
            ("studded_rubber_floor", "jpeg"), clue_scale=(1.02, 1.1), grid="tape_measure_majors",
            light_mark="light_windmills", outline_mark="outline_roof_tiles", cross_mark="heavy_x_tennis_racquets",
            clue_change="transfer"),
    Style38("s_dejimafullwidth_shiitake_cherries", "shiitake_caps", (64, 42, 30), "pine_needle_pair",
            "dejima-mincho-r227.ttf", ("cherry_margin", "jpeg"), clue_scale=(1.0, 1.08),
            grid="cinnamon_stick_majors", light_mark="light_balloons", outline_mark="outline_abacus",
            cross_mark="heavy_x_asparagus", clue_change="insert_middle", missing_bare=True),
    Style38("s_neepbold_sunflowerdisc_wineglass", "sunflower_disc", (46, 34, 24), "none",
            "neep-alt-iso8859-1-12x24-bold.pcf.gz", ("wine_glass_shadow", "jpeg"), clue_scale=(1.0, 1.08),
            grid="rail_track_majors", light_mark="light_balloons", outline_mark="outline_roof_tiles",
            cross_mark="heavy_x_golf_clubs", clue_change="number_doubled"),
    Style38("s_keptclues_pumpkinseeds_sisal", "pumpkin_seeds", (38, 58, 40), "sesame_seed", None,
            ("sisal_rug", "jpeg"), grid="kept", light_mark="light_whales", outline_mark="outline_balusters",
            cross_mark="heavy_x_umbrellas", clue_change="retyped_line", missing_bare=True),
    Style38("s_creepdots_punchedholes_redrawcard", "punched_holes", (22, 24, 30), "none", "creep2.otb",
            ("formica_counter", "jpeg"), clue_colour=(30, 32, 44), clue_scale=(1.0, 1.1),
            light_mark="light_windmills", outline_mark="outline_abacus", cross_mark="heavy_x_asparagus",
            clue_change="merge", redraw="punch_card"),
    Style38("s_elliniabold_gluedpaper_redrawcollage", "glued_paper", (30, 30, 34), "none", "ElliniaCLM-Bold.pfa",
            ("oilcloth_table", "jpeg"), clue_colour=(24, 24, 28), clue_scale=(0.98, 1.06),
            light_mark="light_cacti", outline_mark="outline_fish_scales", cross_mark="heavy_x_tennis_racquets",
            clue_change="descending", redraw="paper_collage"),
)

CHANGE_FONT = "c0632bt_.pfb"  # Bitstream Charter Bold: the retyped line of a changed clue on the kept-clues page

# Bitmap faces (drawn at their one strike, then enlarged by whole pixels) and their strike sizes; faces whose ASCII
# figures are missing and whose full-width figures are set close instead.
BITMAP_STRIKE = {"neep-alt-iso8859-1-12x24-bold.pcf.gz": 24, "creep2.otb": 11}
FULLWIDTH = {"dejima-mincho-r227.ttf"}


# ------------------------------------------------------------------------------------------ clue faces


def _run_mask(font: ImageFont.FreeTypeFont, text: str, stroke: int = 0) -> tuple[np.ndarray, int]:
    """``text``'s ink (float 0..1) cropped to its drawn extent, and the ink's top relative to the baseline."""
    x0, y0, x1, y1 = font.getbbox(text, anchor="ls", stroke_width=stroke)
    pad = 4 + stroke
    im = Image.new("L", (max(1, x1 - x0 + 2 * pad), max(1, y1 - y0 + 2 * pad)), 0)
    ImageDraw.Draw(im).text((pad - x0, pad - y0), text, font=font, fill=255, anchor="ls", stroke_width=stroke,
                            stroke_fill=255)
    a = np.asarray(im, np.float32) / 255.0
    ys, xs = np.nonzero(a > 0.15)
    if len(ys) == 0:
        return np.zeros((1, 1), np.float32), 0
    return a[ys.min():ys.max() + 1, xs.min():xs.max() + 1].copy(), int(ys.min() - (pad - y0))


def _hcat(parts: list[tuple[np.ndarray, int]], gap: int) -> tuple[np.ndarray, int]:
    """Masks set side by side ``gap`` pixels apart, aligned on their baselines."""
    top = min(t for _, t in parts)
    bottom = max(t + m.shape[0] for m, t in parts)
    width = sum(m.shape[1] for m, _ in parts) + gap * (len(parts) - 1)
    out = np.zeros((bottom - top, width), np.float32)
    x = 0
    for m, t in parts:
        out[t - top:t - top + m.shape[0], x:x + m.shape[1]] = np.maximum(out[t - top:t - top + m.shape[0],
                                                                             x:x + m.shape[1]], m)
        x += m.shape[1] + gap
    return out, top


class _Face:
    """A clue face at one size, drawing numbers as masks: outline fonts at the size whose figures are ``h`` pixels
    tall (with ``stroke`` pixels of heavier pen), full-width figures one by one and set close, bitmap fonts at their
    strike enlarged by whole pixels (smoothly scaled where no whole multiple comes near ``h``), as round printer dots
    when ``dots``."""

    def __init__(self, file: str, h: float, stroke: int = 0, dots: bool = False):
        self.file, self.stroke, self.dots = file, stroke, dots
        self.cache: dict[str, tuple[np.ndarray, int]] = {}
        if file in BITMAP_STRIKE:
            self.font = ImageFont.truetype(str(font_path(file)), BITMAP_STRIKE[file])
            nat = float(np.mean([_run_mask(self.font, ch)[0].shape[0] for ch in "0123456789"]))
            k = h / nat
            self.k = float(max(1, round(k))) if k >= 0.9 else k
            if self.k > 1 and self.k * nat > 1.3 * h:
                self.k -= 1
        else:
            probe = max(8, round(h * 1.4))
            self.k = 1.0
            self.font = _font(file, probe)
            dh = self._digits_h()
            self.font = _font(file, max(6, round(probe * h / max(1.0, dh))))
        m, t = self.mask("0123456789")
        self.band = (t, t + m.shape[0])  # the figures' top and bottom relative to the baseline
        self.h = float(np.mean([self.mask(ch)[0].shape[0] for ch in "0123456789"]))
        # the widest space between two figures of one number (a monospaced face's narrow 1 leaves a wide one)
        self.inner = max(self.width(a + b) - self.width(a) - self.width(b) for a in "1470" for b in "1470")

    def _digits_h(self) -> float:
        return float(np.mean([self._raw(ch)[0].shape[0] for ch in "0123456789"]))

    def _raw(self, text: str) -> tuple[np.ndarray, int]:
        if self.file in FULLWIDTH:
            parts = [_run_mask(self.font, chr(0xFF10 + int(ch)) if ch.isdigit() else ch, self.stroke) for ch in text]
            gap = max(1, round(0.1 * max(m.shape[0] for m, _ in parts)))
            return _hcat(parts, gap)
        if self.file in BITMAP_STRIKE:
            return _run_mask(self.font, text)
        return _run_mask(self.font, text, self.stroke)

    def mask(self, text: str) -> tuple[np.ndarray, int]:
        """``text``'s ink at this size and its top relative to the baseline."""
        if text in self.cache:
            return self.cache[text]
        m, t = self._raw(text)
        if self.file in BITMAP_STRIKE and self.k != 1.0:
            if self.k >= 1:
                k = int(self.k)
                if self.dots:  # each of the strike's pixels a round dot, a little apart from its neighbours
                    on = m > 0.5
                    big = np.zeros((m.shape[0] * k, m.shape[1] * k), np.float32)
                    yy, xx = np.mgrid[0:k, 0:k].astype(np.float32)
                    dot = np.clip((0.46 * k - np.hypot(yy - (k - 1) / 2, xx - (k - 1) / 2)) + 0.5, 0, 1)
                    for y, x in zip(*np.nonzero(on)):
                        big[y * k:(y + 1) * k, x * k:(x + 1) * k] = dot
                    m = big
                else:
                    m = np.kron(m, np.ones((k, k), np.float32))
                t = t * k
            else:
                nh, nw = max(1, round(m.shape[0] * self.k)), max(1, round(m.shape[1] * self.k))
                m = cv2.resize(m, (nw, nh), interpolation=cv2.INTER_AREA)
                t = round(t * self.k)
        self.cache[text] = (m, t)
        return m, t

    def width(self, text: str) -> int:
        return self.mask(text)[0].shape[1]


def _stamp(canvas: np.ndarray, face: _Face, text: str, cx: float, cy: float) -> None:
    """``text`` drawn into the alpha ``canvas`` with its ink centred on ``cx`` and the figures' middle on ``cy``."""
    m, t = face.mask(text)
    x = round(cx - m.shape[1] / 2)
    y = round(cy - (face.band[0] + face.band[1]) / 2 + t)
    H, W = canvas.shape
    x0, y0, x1, y1 = max(0, x), max(0, y), min(W, x + m.shape[1]), min(H, y + m.shape[0])
    if x1 > x0 and y1 > y0:
        canvas[y0:y1, x0:x1] = np.maximum(canvas[y0:y1, x0:x1], m[y0 - y:y1 - y, x0 - x:x1 - x])


def _fit38(file: str, h: float, stroke: int, gapf: float, slotf: float, row_vals, col_vals, room_w: float,
           room_h: float, col_w: float) -> tuple[_Face, float, float]:
    """The face, gap and slot at which every row clue fits ``room_w``, every column clue ``room_h`` and every number
    its column: the gap and the slot shrink first, then the size."""
    nmax = max(len(v) for v in col_vals)
    while True:
        face = _Face(file, h, stroke)
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


def _redraw_clues38(img: Image.Image, layout: dict[str, Any], row_vals, col_vals, style: Style38,
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
    face, gap, slot = _fit38(style.clue_font, ref * rng.uniform(*style.clue_scale), style.clue_stroke,
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
    a = np.asarray(img, np.float32)
    out = a * (1 - alpha[..., None]) + np.asarray(style.clue_colour, np.float32) * alpha[..., None]
    img.paste(Image.fromarray(_clip8(out)))


def _clip8(a: np.ndarray) -> np.ndarray:
    return np.clip(a, 0, 255).astype(np.uint8)


# ------------------------------------------------------------------------------------------ clue changes


def _change38(truth: dict[str, Any], mode: str, rng: random.Random) -> tuple[str, int, list[str]]:
    """A changed clue as :func:`_change37` makes it, or (``summed``) a line of three or more numbers (two where no
    line has three) written as their total alone, or (``all_raised``) a line of two or more numbers each one more, on
    a line where the raised numbers still fit (a single number one more where no such line exists); where neither
    kind finds a line, one number is one more or less."""
    n_row, n_col = len(truth["solution"][0]), len(truth["solution"])  # a row's length, a column's length
    lines = [(kind, i, v, n_row if kind == "row" else n_col) for kind in ("row", "col")
             for i, v in enumerate(_values(truth[f"{kind}_clues"]))]
    if mode == "summed":
        cand = [x for x in lines if len(x[2]) >= 3] or [x for x in lines if len(x[2]) >= 2]
        if cand:
            kind, i, v, _ = rng.choice(cand)
            return kind, i, [str(sum(int(t) for t in v))]
        mode = "off_by_one"
    if mode == "all_raised":
        def fits(v, n):
            return sum(int(t) + 1 for t in v) + len(v) - 1 <= n

        cand = [x for x in lines if len(x[2]) >= 2 and fits(x[2], x[3])]
        cand = cand or [x for x in lines if x[2] != ["0"] and fits(x[2], x[3])]
        if cand:
            kind, i, v, _ = rng.choice(cand)
            return kind, i, [str(int(t) + 1) for t in v]
        mode = "off_by_one"
    return _change37(truth, mode, rng)


# ------------------------------------------------------------------------------------------ fills


def _disc(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, **kw) -> None:
    d.ellipse([cx - r, cy - r, cx + r, cy + r], **kw)


def _tex38(kind: str, w: int, h: int, colour, g: np.random.Generator,
           rng: random.Random) -> tuple[np.ndarray, np.ndarray | None]:
    """A filled cell's picture (h, w, 3 float) in ``kind`` and its coverage (None: it covers the whole cell)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    alpha = None
    if kind == "elderberries":  # heaped elderberries: tiny glossy black-purple berries on thin red-violet stalks
        img = Image.new("RGB", (w, h), _c(col * 0.35))
        d = ImageDraw.Draw(img)
        for _ in range(int(4 + s / 6)):  # the stalks under the berries
            x, y, a = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0, 2 * math.pi)
            ln = rng.uniform(0.4, 0.9) * s
            d.line([(x, y), (x + ln * math.cos(a), y + ln * math.sin(a))], fill=(112, 42, 70), width=1)
        r0 = max(1.8, s / 10)
        for x, y in _seeds(rng, int(w * h / (r0 * r0 * 2.6)) + 4, w, h, 0.06, 1.5 * r0):
            r = r0 * rng.uniform(0.85, 1.15)
            tone = rng.uniform(0.8, 1.25)
            _disc(d, x, y, r, fill=_c(col * tone), outline=_c(col * 0.4))
            _disc(d, x - 0.35 * r, y - 0.35 * r, max(0.6, 0.25 * r), fill=_c(_lift(col * tone, 0.5)))  # the gloss
            if r0 >= 2.5 and rng.random() < 0.5:  # the dried flower's star at the berry's end
                _disc(d, x + 0.2 * r, y + 0.25 * r, max(0.5, 0.15 * r), fill=_c(col * 0.4))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "juniper_berries":  # juniper berries: dusky blue-black spheres, a pale mottled bloom, a 3-point star
        img = Image.new("RGB", (w, h), _c(col * 0.3))
        d = ImageDraw.Draw(img)
        r0 = max(2.5, s / 5.5)
        centres = _seeds(rng, int(w * h / (r0 * r0 * 2.9)) + 3, w, h, 0.08, 1.55 * r0)
        for x, y in centres:
            r = r0 * rng.uniform(0.88, 1.1)
            tone = rng.uniform(0.85, 1.2)
            _disc(d, x, y, r, fill=_c(col * tone), outline=_c(col * 0.35))
            _disc(d, x - 0.3 * r, y - 0.3 * r, 0.45 * r, fill=_c(_lift(col * tone, 0.18)))  # the bloom
            a0 = rng.uniform(0, 2 * math.pi)
            for k in range(3):  # the three-pointed star where the scales met
                a = a0 + k * 2 * math.pi / 3
                d.line([(x + 0.1 * r, y + 0.1 * r), (x + 0.1 * r + 0.3 * r * math.cos(a),
                                                      y + 0.1 * r + 0.3 * r * math.sin(a))],
                       fill=_c(col * 0.45), width=1)
        tex = np.asarray(img, np.float32).copy()
        tex *= (0.94 + 0.08 * _noise0(g, h, w, max(1.0, s / 12)))[..., None]
    elif kind == "ball_bearings":  # packed steel ball bearings: a dark rim, a bright glint, a pale reflected crescent
        r0 = max(2.5, s / 6.5)
        pts = []
        for j, y in enumerate(np.arange(-r0 * 0.2, h + r0, r0 * 1.75)):
            for x in np.arange(-r0 * 0.2 + (j % 2) * r0, w + r0, r0 * 2.02):
                pts.append((float(x + rng.uniform(-0.08, 0.08) * r0), float(y + rng.uniform(-0.08, 0.08) * r0)))
        tex[:] = col * 0.25
        for x, y in pts:
            dd = np.hypot(xx - x, yy - y) / r0
            ball = dd < 1
            if not ball.any():
                continue
            shade = 1.15 - 0.55 * dd ** 2 - 0.25 * np.clip((xx - x + yy - y) / r0, -1, 1)
            tex[ball] = (col * shade[..., None])[ball]
            crescent = ball & (dd > 0.7) & ((yy - y) > 0.3 * r0)
            tex[crescent] = _lift(col, 0.22)  # the floor's light reflected under each ball
            glint = np.hypot(xx - x + 0.35 * r0, yy - y + 0.35 * r0) < 0.18 * r0
            tex[glint] = _lift(col, 0.75)
    elif kind == "roofing_felt":  # granulated roofing felt: black bitumen under grey mineral granules, a faint sheen
        n = _noise0(g, h, w, 0.7)
        tex = col * (0.9 + 0.12 * n)[..., None]
        fine = g.random((h, w))
        tex[fine > 0.9] = _lift(col, 0.22)
        tex[fine > 0.975] = _lift(col, 0.38)
        tex[fine < 0.06] = col * 0.5
        sheen = np.exp(-(((xx - yy) / max(1.0, s) - rng.uniform(-0.4, 0.4)) / 0.25) ** 2)
        tex += (np.float32(200) - tex) * (0.06 * sheen)[..., None]
    elif kind == "cavolo_nero":  # the blistered dark leaf of cavolo nero: puckers with lit rims, a pale midrib, veins
        puck = _noise0(g, h, w, max(1.0, s / 9))
        tex = col * (0.85 + 0.16 * puck)[..., None]
        rim = (puck > 0.9) & (puck < 1.15)
        tex[rim] = _lift(col, 0.2)
        tex[puck < -1.1] = col * 0.6
        img = Image.fromarray(_clip8(tex))
        d = ImageDraw.Draw(img)
        a = rng.uniform(-0.5, 0.5) + math.pi / 4
        cx, cy = w / 2 + rng.uniform(-0.2, 0.2) * w, h / 2 + rng.uniform(-0.2, 0.2) * h
        ca, sa = math.cos(a), math.sin(a)
        L = math.hypot(w, h)
        d.line([(cx - ca * L, cy - sa * L), (cx + ca * L, cy + sa * L)], fill=_c(_lift(col, 0.32)),
               width=max(1, round(s / 14)))  # the midrib
        for t in np.arange(-L, L, max(4.0, s / 3.5)):  # the side veins off it
            px, py = cx + ca * t, cy + sa * t
            for side in (-1, 1):
                b = a + side * 0.9
                d.line([(px, py), (px + math.cos(b) * 0.6 * s, py + math.sin(b) * 0.6 * s)],
                       fill=_c(_lift(col, 0.14)), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "beetroot_slices":  # overlapping beetroot slices: deep magenta discs with pale concentric rings
        img = Image.new("RGB", (w, h), _c(col * 0.45))
        d = ImageDraw.Draw(img)
        for _ in range(int(w * h / (s * s) * 2.2) + 3):
            cx, cy = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h
            R = rng.uniform(0.45, 0.65) * s
            tone = rng.uniform(0.9, 1.15)
            _disc(d, cx, cy, R, fill=_c(col * tone), outline=_c(col * 0.5))
            for f in np.arange(0.82, 0.15, -0.17):  # the growth rings
                rr = R * (f + rng.uniform(-0.02, 0.02))
                d.ellipse([cx - rr, cy - rr, cx + rr, cy + rr], outline=_c(_lift(col * tone, 0.22)), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "black_cardamom":  # black cardamom pods: wrinkled ribbed ovals, smoky dark brown, lit ridges
        img = Image.new("RGB", (w, h), _c(col * 0.35))
        d = ImageDraw.Draw(img)
        pod = [(0.5 * math.cos(t) * (1 - 0.15 * math.cos(t)), 0.27 * math.sin(t))
               for t in np.linspace(0, 2 * math.pi, 22, endpoint=False)]
        for _ in range(int(w * h / (s * s) * 4.0) + 3):
            cx, cy, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, 2 * math.pi)
            ln = rng.uniform(0.6, 0.85) * s
            tone = rng.uniform(0.85, 1.2)
            d.polygon(_rotated(pod, cx, cy, a, ln), fill=_c(col * tone), outline=_c(col * 0.3))
            for o in (-0.15, -0.05, 0.05, 0.15):  # the ribs along the pod
                d.line(_rotated([(-0.38, o * 0.8), (0.0, o), (0.38, o * 0.8)], cx, cy, a, ln),
                       fill=_c(col * tone * 0.6), width=1)
            d.line(_rotated([(-0.3, -0.1), (0.3, -0.1)], cx, cy, a, ln), fill=_c(_lift(col * tone, 0.25)), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "shiitake_caps":  # dried shiitake caps: dark brown domes, a paler web of cracks over them
        img = Image.new("RGB", (w, h), _c(col * 0.4))
        d = ImageDraw.Draw(img)
        for _ in range(int(w * h / (s * s) * 1.6) + 2):
            cx, cy = rng.uniform(0, 1) * w, rng.uniform(0, 1) * h
            R = rng.uniform(0.45, 0.7) * s
            tone = rng.uniform(0.9, 1.15)
            _disc(d, cx, cy, R, fill=_c(col * tone), outline=_c(col * 0.45))
            _disc(d, cx - 0.2 * R, cy - 0.2 * R, 0.5 * R, fill=_c(col * tone * 1.12))
            for _k in range(rng.randint(5, 9)):  # the cracks, each a short crooked line
                a = rng.uniform(0, 2 * math.pi)
                r1 = rng.uniform(0.1, 0.7) * R
                pts = [(cx + r1 * math.cos(a), cy + r1 * math.sin(a))]
                for _j in range(3):
                    a += rng.uniform(-0.9, 0.9)
                    x, y = pts[-1]
                    st = rng.uniform(0.1, 0.22) * R
                    pts.append((x + st * math.cos(a), y + st * math.sin(a)))
                d.line(pts, fill=_c(_lift(col * tone, 0.45)), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "sunflower_disc":  # a sunflower's disc: seeds in its golden-angle spiral, each with a paler rim
        R = rng.uniform(2.0, 3.2) * s
        cx, cy = w / 2 + rng.choice((-1, 1)) * rng.uniform(0.6, 1.2) * R, h / 2 + rng.uniform(-0.5, 0.5) * R
        step = max(2.6, s / 5.5)
        img = Image.new("RGB", (w, h), _c(col * 0.4))
        d = ImageDraw.Draw(img)
        n_max = int((math.hypot(max(abs(cx), abs(cx - w)), max(abs(cy), abs(cy - h))) / step) ** 2) + 2
        golden = math.pi * (3 - math.sqrt(5))
        n0 = int((max(0.0, math.hypot(cx - w / 2, cy - h / 2) - 0.8 * s) / step) ** 2)
        for k in range(n0, n_max):
            rr = step * math.sqrt(k)
            a = k * golden
            x, y = cx + rr * math.cos(a), cy + rr * math.sin(a)
            if -step < x < w + step and -step < y < h + step:
                seed = [(0.62, 0), (0.1, 0.42), (-0.55, 0.3), (-0.55, -0.3), (0.1, -0.42)]
                tone = rng.uniform(0.85, 1.25)
                d.polygon(_rotated(seed, x, y, a, step * 1.6), fill=_c(col * tone), outline=_c(_lift(col, 0.22)))
                d.line(_rotated([(-0.35, 0), (0.35, 0)], x, y, a, step * 1.6), fill=_c(col * tone * 0.7), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "pumpkin_seeds":  # shelled pumpkin seeds: dark green ovals, pointed at one end, a paler rim
        img = Image.new("RGB", (w, h), _c(col * 0.4))
        d = ImageDraw.Draw(img)
        seed = [(0.5 * math.cos(t), 0.3 * math.sin(t) * (1 - 0.45 * max(0.0, math.cos(t)) ** 2))
                for t in np.linspace(0, 2 * math.pi, 24, endpoint=False)]
        for _ in range(int(w * h / (s * s) * 6.5) + 4):
            cx, cy, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, 2 * math.pi)
            ln = rng.uniform(0.5, 0.65) * s
            tone = rng.uniform(0.85, 1.2)
            d.polygon(_rotated(seed, cx, cy, a, ln), fill=_c(col * tone), outline=_c(_lift(col, 0.24)))
            d.line(_rotated([(-0.3, 0.0), (0.3, 0.0)], cx, cy, a, ln), fill=_c(col * tone * 0.75), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "punched_holes":  # a hole punched through the card: the black backing, a shadow, the cut edge
        tex = col * (0.95 + 0.06 * _noise0(g, h, w, 1.0))[..., None]
        e = max(1.0, 0.06 * s)
        tex[(xx < e) | (yy < e)] = col * 0.6  # the card's shadow inside the top and left edges
        cut = ((xx > w - 1 - e * 0.6) | (yy > h - 1 - e * 0.6))
        tex[cut] = (212, 200, 164)  # the card's cut edge catching the light
        m = np.ones((h, w), np.float32)
        r = max(1.0, 0.12 * s)
        for cx_, cy_ in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
            corner = (np.abs(xx - cx_) <= r) & (np.abs(yy - cy_) <= r) & ((xx - cx_) * (cx_ - w / 2) > 0) & (
                (yy - cy_) * (cy_ - h / 2) > 0)
            m[corner & (np.hypot(xx - cx_, yy - cy_) > r)] = 0  # the punch's rounded corners
        alpha = m
    elif kind == "glued_paper":  # a square of black sugar paper glued on a little askew: fibres, a glue sheen
        a = math.radians(rng.uniform(-4, 4))
        side = min(w, h) / (abs(math.cos(a)) + abs(math.sin(a))) * 0.99
        lay, ld = _layer(w, h)
        sq = [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)]
        ld.polygon(_rotated(sq, w / 2, h / 2, a, side), fill=255)
        alpha = _m(lay)
        tex = col * (0.96 + 0.06 * _noise0(g, h, w, 0.6))[..., None]
        fib = g.random((h, w)) > 0.985
        tex[fib] = _lift(col, 0.25)  # the paper's fibres
        sheen = np.exp(-(((xx + 0.6 * yy) / max(1.0, s) - rng.uniform(0.3, 1.0)) / 0.12) ** 2)
        tex += (np.float32(220) - tex) * (0.08 * sheen)[..., None]
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255), alpha


def _draw_fill38(img: Image.Image, box, style: Style38, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07)
    w, h = bx - ax, by - ay
    if not light:
        if style.fill == "glued_paper":  # the glued square's soft shadow on the paper under it
            a = np.asarray(img, np.float32)
            sh = np.zeros(a.shape[:2], np.float32)
            sh[ay + 2:by + 2, ax + 2:bx + 2] = 1
            sh = cv2.GaussianBlur(sh, (0, 0), 1.5)
            img.paste(Image.fromarray(_clip8(a * (1 - 0.25 * sh)[..., None])))
        tex, alpha = _tex38(style.fill, w, h, style.fill_colour, g, rng)
        _paste(img, tex, ax, ay, alpha)
        return
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = _ink(style)
    s = float(min(w, h))
    lay, ld = _layer(w, h)
    p = max(7.0, s / 2.8)
    lw = max(1, round(p / 11))
    if light == "light_whales":  # whales: a round body, a tail fluke, a spout
        for x, y in _staggered(w, h, p):
            r = p * 0.26
            ld.ellipse([x - 0.9 * r, y - 0.45 * r, x + 0.6 * r, y + 0.5 * r], fill=255)
            ld.polygon([(x + 0.5 * r, y), (x + 1.05 * r, y - 0.45 * r), (x + 0.95 * r, y + 0.05 * r),
                        (x + 1.1 * r, y + 0.4 * r)], fill=255)  # the fluke
            ld.line([(x - 0.4 * r, y - 0.45 * r), (x - 0.45 * r, y - 0.85 * r)], fill=255, width=lw)
            ld.line([(x - 0.45 * r, y - 0.85 * r), (x - 0.7 * r, y - 1.0 * r)], fill=255, width=lw)
            ld.line([(x - 0.45 * r, y - 0.85 * r), (x - 0.2 * r, y - 1.0 * r)], fill=255, width=lw)
            ld.ellipse([x - 0.6 * r, y - 0.15 * r, x - 0.45 * r, y], fill=0)  # the eye
    elif light == "light_cacti":  # cacti: an upright column, two arms turned up, a pot below
        for x, y in _staggered(w, h, p):
            r = p * 0.26
            ld.rounded_rectangle([x - 0.18 * r, y - 0.95 * r, x + 0.18 * r, y + 0.55 * r], radius=0.17 * r, fill=255)
            ld.line([(x - 0.15 * r, y), (x - 0.55 * r, y), (x - 0.55 * r, y - 0.45 * r)], fill=255, width=max(1, lw))
            ld.line([(x + 0.15 * r, y + 0.15 * r), (x + 0.5 * r, y + 0.15 * r), (x + 0.5 * r, y - 0.3 * r)],
                    fill=255, width=max(1, lw))
            ld.polygon([(x - 0.4 * r, y + 0.55 * r), (x + 0.4 * r, y + 0.55 * r), (x + 0.3 * r, y + 1.0 * r),
                        (x - 0.3 * r, y + 1.0 * r)], fill=255)  # the pot
    elif light == "light_balloons":  # hot-air balloons: an envelope, its gores, cords down to a basket
        for x, y in _staggered(w, h, p):
            r = p * 0.26
            ld.ellipse([x - 0.6 * r, y - 1.0 * r, x + 0.6 * r, y + 0.3 * r], fill=255)
            ld.polygon([(x - 0.5 * r, y + 0.05 * r), (x + 0.5 * r, y + 0.05 * r), (x + 0.15 * r, y + 0.5 * r),
                        (x - 0.15 * r, y + 0.5 * r)], fill=255)
            ld.line([(x, y - 1.0 * r), (x, y + 0.45 * r)], fill=0, width=1)  # a gore's seam
            ld.rectangle([x - 0.14 * r, y + 0.7 * r, x + 0.14 * r, y + 0.95 * r], fill=255)  # the basket
            ld.line([(x - 0.14 * r, y + 0.5 * r), (x - 0.14 * r, y + 0.7 * r)], fill=255, width=1)
            ld.line([(x + 0.14 * r, y + 0.5 * r), (x + 0.14 * r, y + 0.7 * r)], fill=255, width=1)
    elif light == "light_windmills":  # windmills: a tapering tower, a cap, four sails
        for x, y in _staggered(w, h, p):
            r = p * 0.26
            ld.polygon([(x - 0.35 * r, y + 1.0 * r), (x + 0.35 * r, y + 1.0 * r), (x + 0.2 * r, y - 0.2 * r),
                        (x - 0.2 * r, y - 0.2 * r)], fill=255)
            ld.polygon([(x - 0.25 * r, y - 0.2 * r), (x + 0.25 * r, y - 0.2 * r), (x, y - 0.45 * r)], fill=255)
            for k in range(4):  # the sails
                a = math.pi / 4 + k * math.pi / 2
                ld.polygon(_rotated([(0.05, -0.07), (0.75, -0.12), (0.75, 0.1), (0.05, 0.05)], x, y - 0.3 * r, a, r),
                           fill=255)
            ld.rectangle([x - 0.08 * r, y + 0.6 * r, x + 0.08 * r, y + 1.0 * r], fill=0)  # the door
    else:
        raise ValueError(light)
    alpha = 0.2 + 0.34 * _m(lay)
    _paste_rgba(img, tex, cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.5), ax, ay)


def _draw_outline38(img: Image.Image, box, style: Style38, rng: random.Random) -> None:
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
    if kind == "outline_roof_tiles":  # overlapping roof tiles round the cell: rounded lower edges, each tile shaded
        pt = max(4.0, f * 0.9)
        u = (along % pt) / pt
        k = np.floor(along / pt)
        tone = 0.85 + 0.25 * np.abs(np.sin(k * 7.31) * 93.7 % 1)
        tex = col * (tone * (0.8 + 0.3 * v))[..., None]
        lip = np.abs(v - (0.55 + 0.3 * np.sqrt(np.clip(1 - (2 * u - 1) ** 2, 0, 1)))) < 0.08
        tex[band & lip] = col * 0.5  # each tile's curved lower edge
        tex[band & (u < 0.06)] = col * 0.55
        tex[band & (v < 0.15)] = _lift(col, 0.15)  # the ridge
        tex[band & corner] = col * 0.7
    elif kind == "outline_abacus":  # an abacus's frame: two rods along the band, beads on them, dark corner posts
        tex[:] = col * 0.9
        rods = (np.abs(v - 0.3) < 0.06) | (np.abs(v - 0.72) < 0.06)
        base = band & ((v < 0.08) | (v > 0.93))
        tex[band & rods] = _lift(col, 0.3)
        tex[base] = col * 0.7
        pt = max(5.0, f * 0.9)
        u = (along % pt) / pt
        beads = np.zeros_like(band)
        for vc in (0.3, 0.72):
            bead = band & (((u - 0.5) / 0.42) ** 2 + ((v - vc) / 0.21) ** 2 < 1)
            beads |= bead
            tex[bead] = col * 1.05
            tex[bead & (v < vc - 0.07)] = _lift(col, 0.25)  # each bead's lit top
            tex[bead & (v > vc + 0.1)] = col * 0.7
        tex[band & ~beads & ~rods & ~base & ~corner] = col * 0.6
        tex[band & corner] = col * 0.55
    elif kind == "outline_fish_scales":  # fish scales round the cell: rows of overlapping arcs, each with a lit rim
        pt = max(4.0, f * 0.65)
        tex = col * (0.85 + 0.2 * v)[..., None]
        for row, off in ((0.25, 0.0), (0.7, 0.5)):
            u = ((along / pt) + off) % 1
            dd = np.hypot((u - 0.5) * pt, (v - row) * f)
            arc = band & (np.abs(dd - 0.5 * pt) < max(0.6, 0.09 * pt)) & (v > row - 0.05)
            tex[arc] = _lift(col, 0.28)
            tex[band & (dd < 0.5 * pt) & (v > row + 0.1)] *= 0.8
        tex[band & corner] = col * 0.75
    elif kind == "outline_balusters":  # turned balusters between a top rail and a bottom rail round the cell
        pt = max(4.0, f * 0.8)
        u = (along % pt) / pt
        prof = 0.16 + 0.12 * np.abs(np.sin(v * math.pi * 2.2))
        post = band & (np.abs(u - 0.5) < prof) & (v > 0.18) & (v < 0.82)
        rails = band & ((v < 0.18) | (v > 0.82))
        m = (post | rails | (band & corner)).astype(np.float32)
        tex[post] = col
        tex[post & (u < 0.5 - prof * 0.4)] = _lift(col, 0.22)
        tex[rails] = col * 0.8
        tex[band & (np.abs(v - 0.09) < 0.04)] = _lift(col, 0.2)
        tex[band & corner] = col * 0.7  # the newel posts at the corners
    else:
        raise ValueError(kind)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross38(img: Image.Image, box, style: Style38, rng: random.Random) -> None:
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
        if kind == "heavy_x_umbrellas":  # two closed umbrellas: a J-hook handle, a furled canopy, a ferrule tip
            prof = wid * (0.06 + 0.26 * np.clip((t - 0.3) / 0.45, 0, 1) * np.clip((1.02 - t) / 0.2, 0, 1))
            canopy = (np.abs(n) < prof) & (t > 0.3) & (t < 1.02)
            shaft = (np.abs(n) < wid * 0.07) & (t > 0.08) & (t <= 0.3)
            hook_c = (0.08 * ln, wid * 0.28)
            dd = np.hypot(t * ln - hook_c[0], n - hook_c[1])
            hook = (np.abs(dd - wid * 0.28) < wid * 0.1) & (t * ln < hook_c[0])
            part = canopy | shaft | hook
            tex[part] = col
            folds = canopy & (np.abs(np.sin(n / max(1.0, wid * 0.09) + t * 9)) < 0.25)
            tex[folds] = _lift(col, 0.2)  # the furled fabric's folds
            tex[canopy & (np.abs(t - 0.62) < 0.03)] = col * 0.6  # the strap
            tex[hook] = col * 0.75
        elif kind == "heavy_x_tennis_racquets":  # two tennis racquets: a strung oval head, a throat, a wrapped grip
            head = ((t - 0.72) * ln / (wid * 1.05)) ** 2 + (n / (wid * 0.75)) ** 2
            rim = (head < 1) & (head > 0.62)
            strings = (head <= 0.62) & ((np.abs(((t * ln) / max(2.0, wid * 0.22)) % 1 - 0.5) < 0.12)
                                        | (np.abs((n / max(2.0, wid * 0.22)) % 1 - 0.5) < 0.12))
            handle = (np.abs(n) < wid * 0.16) & (t > -0.02) & (t < 0.45)
            throat = (np.abs(np.abs(n) - wid * 0.08 - (t - 0.38) * ln * 0.35) < wid * 0.07) & (t >= 0.38) & (t < 0.56)
            part = rim | strings | handle | throat
            tex[part] = col
            tex[strings] = col * 0.85
            tex[rim & (n < 0)] = _lift(col, 0.2)
            tex[handle & ((((t * ln) / max(2.0, wid * 0.2)) % 1) < 0.3)] = col * 0.7  # the grip's wrap
        elif kind == "heavy_x_golf_clubs":  # two golf clubs: a rubber grip, a thin steel shaft, the iron's blade
            grip = (np.abs(n) < wid * 0.15) & (t > -0.02) & (t < 0.3)
            shaft = (np.abs(n) < wid * 0.09) & (t >= 0.3) & (t < 0.9)
            reach = wid * (0.1 + 0.45 * np.clip((t - 0.84) / 0.1, 0, 1))
            blade = (t >= 0.84) & (t < 1.04) & (n > -wid * 0.12) & (n < reach)
            part = grip | shaft | blade
            tex[part] = col
            tex[grip] = col * 0.8
            tex[grip & ((((t * ln) / max(2.0, wid * 0.25)) % 1) < 0.25)] = col * 0.65  # the grip's ridges
            tex[shaft] = _lift(col, 0.15)
            grooves = blade & (n > wid * 0.05) & ((((t * ln) / max(1.5, wid * 0.12)) % 1) < 0.3)
            tex[grooves] = _lift(col, 0.3)  # the grooves across the face
        elif kind == "heavy_x_asparagus":  # two asparagus spears: a pale cut end, scale leaves, a tight budded tip
            prof = wid * (0.18 + 0.06 * np.clip((t - 0.75) / 0.15, 0, 1) - 0.14 * np.clip((t - 0.9) / 0.12, 0, 1))
            spear = (np.abs(n) < prof) & (t > 0.0) & (t < 1.03)
            part = spear
            tex[spear] = col
            tex[spear & (n < -prof * 0.3)] = _lift(col, 0.15)
            tex[spear & (t < 0.06)] = _lift(col, 0.35)  # the cut end
            for tk in np.arange(0.2, 0.8, 0.14):  # the small triangular scale leaves
                sc = spear & (np.abs(t - tk) * ln < wid * 0.12) & (np.abs(n) < prof) & (
                    n > -prof + (t - tk + 0.03) * ln * 1.5)
                tex[sc] = col * 0.7
            tex[spear & (t > 0.85) & ((((t * ln) / max(1.5, wid * 0.15)) % 1) < 0.4)] = col * 0.75  # the tip's buds
        else:
            raise ValueError(kind)
        m = np.maximum(m, part.astype(np.float32))
    m = cv2.GaussianBlur(m, (0, 0), 0.4)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(m, 0, 1).astype(np.float32), ax, ay)


def _draw_empty38(img: Image.Image, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    d = ImageDraw.Draw(img)
    if kind == "none":
        return
    if kind == "sesame_seed":  # a hulled sesame seed: a small cream teardrop, its outline a little darker
        a = rng.uniform(0, 2 * math.pi)
        seed = [(0.5 * math.cos(t), 0.32 * math.sin(t) * (1 - 0.5 * max(0.0, math.cos(t)) ** 2))
                for t in np.linspace(0, 2 * math.pi, 16, endpoint=False)]
        d.polygon(_rotated(seed, cx + 0.8, cy + 1.1, a, 0.13 * s), fill=(214, 210, 202))
        d.polygon(_rotated(seed, cx, cy, a, 0.13 * s), fill=(238, 222, 184), outline=(188, 168, 128))
    elif kind == "ladybird":  # a tiny ladybird: a red dome split down the middle, black spots, a black head
        r = 0.06 * s
        a = rng.uniform(0, 2 * math.pi)
        (hx, hy), = _rotated([(1.0, 0.0)], cx, cy, a, r)
        _disc(d, hx, hy, 0.45 * r, fill=(30, 28, 28))
        _disc(d, cx, cy, r, fill=(206, 40, 36), outline=(150, 26, 24))
        d.line(_rotated([(-1.0, 0.0), (0.9, 0.0)], cx, cy, a, r), fill=(60, 20, 20), width=1)
        for u, v in ((0.2, 0.5), (-0.35, -0.45), (-0.3, 0.45), (0.25, -0.5)):
            (px, py), = _rotated([(u, v)], cx, cy, a, r)
            _disc(d, px, py, max(0.6, 0.18 * r), fill=(30, 26, 26))
    elif kind == "blue_sequin":  # a blue sequin: a small flat disc, a centre hole, a glint
        r = 0.055 * s
        _disc(d, cx, cy, r, fill=(70, 120, 200), outline=(44, 84, 160))
        _disc(d, cx, cy, max(0.6, 0.25 * r), fill=(236, 236, 236))
        _disc(d, cx - 0.5 * r, cy - 0.5 * r, max(0.5, 0.2 * r), fill=(200, 224, 250))
    elif kind == "pine_needle_pair":  # two pine needles from one brown sheath, spread in a narrow V
        ln = 0.2 * s
        a = rng.uniform(0, 2 * math.pi)
        bx_, by_ = cx - 0.5 * ln * math.cos(a), cy - 0.5 * ln * math.sin(a)
        for da in (-0.18, 0.18):
            d.line([(bx_, by_), (bx_ + ln * math.cos(a + da), by_ + ln * math.sin(a + da))], fill=(84, 130, 76),
                   width=1)
        _disc(d, bx_, by_, max(0.8, 0.02 * s), fill=(130, 92, 60))
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids


def _box_pts(vertical: bool, c: float, u0: float, u1: float, half: float) -> list[float]:
    """The box from ``u0`` to ``u1`` along a block line at ``c``, ``half`` to each side of it."""
    (x0, y0), (x1, y1) = _seg_pts(vertical, c, [(u0, -half), (u1, half)])
    return [min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)]


def _draw_grid38(img: Image.Image, L: dict[str, Any], rng: random.Random, name: str, inp: np.ndarray | None) -> None:
    if name == "kept":
        _draw_grid32(img, L, rng, "kept", inp)
        return
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    thin = max(1, round(s / 30))
    _pen_minors(d, L, thin)
    if name == "rail_track_majors":  # each block line a model railway's track: wooden sleepers under two steel rails
        wt = max(4, round(s / 8))
        for vertical, c, a0, a1 in _major_segments(L, wt * 0.5):
            u = a0
            while u < a1:  # the sleepers across the track
                d.rectangle(_box_pts(vertical, c, u, min(a1, u + max(2.0, 0.09 * s)), 0.75 * wt),
                            fill=(96, 70, 50), outline=(70, 50, 36))
                u += max(4.0, 0.24 * s)
            for o in (-0.3 * wt, 0.3 * wt):  # the two rails, their lit tops
                d.line(_seg_pts(vertical, c, [(a0, o), (a1, o)]), fill=(70, 72, 80), width=max(2, round(wt * 0.3)))
                d.line(_seg_pts(vertical, c, [(a0, o - 0.05 * wt), (a1, o - 0.05 * wt)]), fill=(168, 170, 178),
                       width=1)
        return
    if name == "bamboo_cane_majors":  # each block line bamboo canes end to end: a node ring every so often
        wb = max(3, round(s / 9))
        for vertical, c, a0, a1 in _major_segments(L, wb * 0.5):
            u = a0
            while u < a1 - 1:
                ln = min(a1 - u, rng.uniform(2.5, 4.0) * s)
                tone = rng.uniform(0.9, 1.08)
                d.line(_seg_pts(vertical, c, [(u, 0), (u + ln, 0)]), fill=_c(np.array((150, 128, 62)) * tone),
                       width=wb)
                d.line(_seg_pts(vertical, c, [(u, -wb * 0.25), (u + ln, -wb * 0.25)]),
                       fill=_c(np.array((196, 178, 104)) * tone), width=1)  # the cane's sheen
                nu = u + rng.uniform(0.5, 1.1) * s
                while nu < u + ln - 0.3 * s:  # the nodes: a dark ring, a swelling
                    d.rectangle(_box_pts(vertical, c, nu - 1, nu + 1, 0.62 * wb), fill=(96, 78, 36))
                    nu += rng.uniform(0.9, 1.4) * s
                u += ln + 1
        return
    if name == "tape_measure_majors":  # each block line a yellow steel tape measure: ticks along one edge, no figures
        wm = max(4, round(s / 8))
        for vertical, c, a0, a1 in _major_segments(L, wm * 0.5):
            d.rectangle(_box_pts(vertical, c, a0, a1, wm / 2), fill=(226, 186, 40))
            d.line(_seg_pts(vertical, c, [(a0, -wm / 2), (a1, -wm / 2)]), fill=(60, 50, 20), width=1)
            d.line(_seg_pts(vertical, c, [(a0, wm / 2), (a1, wm / 2)]), fill=(60, 50, 20), width=1)
            step = max(2.0, 0.1 * s)
            for k, u in enumerate(np.arange(a0 + 1, a1 - 1, step)):  # short ticks, a long one every five
                ln = 0.8 * wm if k % 5 == 0 else 0.4 * wm
                d.line(_seg_pts(vertical, c, [(u, -wm / 2), (u, -wm / 2 + ln)]), fill=(30, 28, 24), width=1)
            d.rectangle(_box_pts(vertical, c, a1 - max(2.0, 0.06 * s), a1 + 1, 0.7 * wm), fill=(120, 122, 128))  # hook
        return
    if name == "cinnamon_stick_majors":  # each block line cinnamon quills end to end: rolled bark, a curled edge
        wq = max(3, round(s / 9))
        for vertical, c, a0, a1 in _major_segments(L, wq * 0.5):
            u = a0
            while u < a1 - 1:
                ln = min(a1 - u, rng.uniform(1.4, 2.4) * s)
                tone = rng.uniform(0.88, 1.1)
                d.line(_seg_pts(vertical, c, [(u, 0), (u + ln, 0)]), fill=_c(np.array((134, 74, 40)) * tone), width=wq)
                d.line(_seg_pts(vertical, c, [(u, wq * 0.2), (u + ln, wq * 0.2)]), fill=_c(np.array((90, 46, 24))
                                                                                           * tone), width=1)
                d.line(_seg_pts(vertical, c, [(u, -wq * 0.3), (u + ln, -wq * 0.3)]),
                       fill=_c(np.array((176, 114, 70)) * tone), width=1)  # the curled edge, lit
                for uu in np.arange(u + 3, u + ln - 2, max(3.0, 0.3 * s)):  # the bark's fine cross cracks
                    d.line(_seg_pts(vertical, c, [(uu, -wq * 0.4), (uu + 1, wq * 0.1)]),
                           fill=_c(np.array((100, 54, 30)) * tone), width=1)
                u += ln + rng.uniform(0.5, 1.5)
        return
    raise ValueError(name)


# ------------------------------------------------------------------------------------------ redraws


CARD = (236, 224, 184)  # the punch card's buff stock
SUGAR = (246, 234, 168)  # the collage's lemon sugar paper
CARD_INK = (58, 92, 156)  # the card's printed blue


def _slip(face: _Face, text: str, colour, rng: random.Random, g: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """A slip of white paper with ``text`` printed on it, turned a few degrees: its picture (h, w, 3) and coverage."""
    m, _ = face.mask(text)
    px, py = max(3, round(0.3 * face.h)), max(3, round(0.22 * face.h))
    h, w = m.shape[0] + 2 * py, m.shape[1] + 2 * px
    pic = np.empty((h, w, 3), np.float32)
    pic[:] = (250, 249, 244)
    pic *= (1 + 0.012 * _noise0(g, h, w, 0.8))[..., None]
    ink = np.zeros((h, w), np.float32)
    ink[py:py + m.shape[0], px:px + m.shape[1]] = m
    pic = pic * (1 - ink[..., None]) + np.asarray(colour, np.float32) * ink[..., None]
    cover = np.ones((h, w), np.float32)
    deg = rng.uniform(-4, 4)
    D = math.ceil(math.hypot(h, w)) + 2
    M = cv2.getRotationMatrix2D((w / 2, h / 2), deg, 1.0)
    M[0, 2] += (D - w) / 2
    M[1, 2] += (D - h) / 2
    pic = cv2.warpAffine(pic, M, (D, D), flags=cv2.INTER_LINEAR, borderValue=(0, 0, 0))
    cover = cv2.warpAffine(cover, M, (D, D), flags=cv2.INTER_LINEAR, borderValue=0)
    return pic, cover


def _redraw_whole38(layout: dict[str, Any], style: Style38, row_vals, col_vals, rng: random.Random,
                    target: tuple[int, int]) -> tuple[Image.Image, dict[str, Any]]:
    """The whole puzzle drawn anew (``style.redraw``): its own surface, cell size, clue layout and margins. Returns
    the page (clues, no marks, no grid yet) and its geometry."""
    kind = style.redraw
    rows, cols = layout["rows"], layout["cols"]
    base = layout["cell_px"] * rng.uniform(0.9, 0.98) * 0.92
    ref = _digit_h(_font(INPUT_FONT, layout["clue_font_px"]))
    hh = ref * rng.uniform(*style.clue_scale)
    dots = kind == "punch_card"
    face = _Face(style.clue_font, hh, style.clue_stroke, dots)
    room = 0.72 * base if kind == "punch_card" else 0.55 * base  # a slip is wider than its number
    while hh > 7 and max(face.width(t) for v in col_vals for t in v) > room:
        hh -= max(0.5, 0.04 * hh)
        face = _Face(style.clue_font, hh, style.clue_stroke, dots)
    dh = face.h
    if kind == "punch_card":
        gapn, slot = dh * rng.uniform(0.75, 0.9), dh * rng.uniform(1.5, 1.65)
    else:
        gapn, slot = dh * rng.uniform(0.95, 1.1), dh * rng.uniform(1.9, 2.05)
    gapn = max(gapn, face.inner + 0.35 * dh)  # two numbers never read as one
    row_w = max(sum(face.width(t) for t in v) + gapn * (len(v) - 1) for v in row_vals)
    col_h = max(len(v) for v in col_vals) * slot
    pad = 0.45 * base if kind == "punch_card" else 0.6 * base
    gw, gh = base * cols, base * rows
    pw, ph = row_w + pad * 1.4 + gw, col_h + pad * 1.4 + gh
    g = _nrng(rng)
    bm = 0.8 * base
    top = 1.5 * bm if kind == "punch_card" else 1.1 * bm  # the card's printed stripe across its top
    W = round(max(pw + 2 * bm, 0.85 * target[0]))
    H = round(ph + bm + top)
    yy = np.mgrid[0:H, 0:W][0].astype(np.float32)
    if kind == "punch_card":  # buff card stock, its fibres, a blue stripe printed across the top, a printed border
        surf = np.array(CARD, np.float32) * (1 + 0.012 * _smooth(g, H, W, 1.0) + 0.015 * _smooth(g, H, W, 25))[
            ..., None]
        stripe = (yy > 0.25 * top) & (yy < 0.55 * top)
        surf[stripe] = surf[stripe] * 0.55 + np.array((150, 180, 222), np.float32) * 0.45
        img = Image.fromarray(_clip8(surf))
        d = ImageDraw.Draw(img)
        e = 0.35 * bm
        d.rectangle([e, 0.7 * top, W - e, H - e], outline=CARD_INK, width=1)
    else:  # paper_collage: lemon sugar paper, its coarse fibres and flecks
        surf = np.array(SUGAR, np.float32) * (1 + 0.02 * _smooth(g, H, W, 0.8) + 0.02 * _smooth(g, H, W, 20))[
            ..., None]
        fl = g.random((H, W)) > 0.997
        surf[fl] *= 0.88
        img = Image.fromarray(_clip8(surf))
    ex = (W - 2 * bm - pw) / 2
    gx0, gy0 = bm + ex + row_w + pad * 1.4, top + col_h + pad * 1.4
    keep = [gx0 - pad * 1.4 - row_w - 4, gy0 - pad * 1.4 - col_h - 4, gx0 + gw + 4, gy0 + gh + 4]
    xs = [gx0 + base * i for i in range(cols + 1)]
    ys = [gy0 + base * j for j in range(rows + 1)]
    L = {"grid_bbox": [xs[0], ys[0], xs[-1], ys[-1]], "rows": rows, "cols": cols, "cw": base, "ch": base,
         "cell_px": base, "xs": xs, "ys": ys, "x0s": xs[:-1], "y0s": ys[:-1], "keep": keep}
    spots = []
    for r, vals in enumerate(row_vals):
        cy = (ys[r] + ys[r + 1]) / 2
        x = gx0 - pad
        for t in reversed(vals):
            wt = face.width(t)
            spots.append((t, x - wt / 2, cy))
            x -= wt + gapn
    for c, vals in enumerate(col_vals):
        cx = (xs[c] + xs[c + 1]) / 2
        for k, t in enumerate(vals):
            spots.append((t, cx, gy0 - pad - (len(vals) - k - 0.5) * slot))
    if kind == "punch_card":
        alpha = np.zeros((H, W), np.float32)
        for t, cx, cy in spots:
            _stamp(alpha, face, t, cx + rng.uniform(-0.03, 0.03) * dh, cy)
        a = np.asarray(img, np.float32)
        a = a * (1 - 0.92 * alpha[..., None]) + np.asarray(style.clue_colour, np.float32) * 0.92 * alpha[..., None]
        return Image.fromarray(_clip8(a)), L
    a = np.asarray(img, np.float32)
    for t, cx, cy in spots:  # each number on its own slip, glued a little askew with a soft shadow
        pic, cover = _slip(face, t, style.clue_colour, rng, g)
        D = pic.shape[0]
        x0 = round(cx - D / 2)
        y0 = round(cy - D / 2)
        sh = cv2.GaussianBlur(cover, (0, 0), 1.4)
        for (ox, oy), arr, k in (((1, 2), None, 0.22), ((0, 0), pic, 1.0)):
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


def _draw_redraw_grid38(img: Image.Image, L: dict[str, Any], kind: str, rng: random.Random) -> Image.Image:
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    g = _nrng(rng)
    lay, d = _layer(*img.size)
    if kind == "punch_card":  # printed in the card's blue: hairline minors, heavier block lines
        thin, wd, colour = max(1, round(s / 30)), max(2, round(s / 14)), CARD_INK
    else:  # black marker ruled along a straight edge on the sugar paper
        thin, wd, colour = max(2, round(s / 22)), max(3, round(s / 9)), (28, 28, 32)
    for i, x in enumerate(xs):
        big = _major(i, cols)
        e = wd // 2 if big else 0
        o = 0.0 if kind == "punch_card" else rng.uniform(-0.6, 0.6)
        d.line([(x + o, ys[0] - e), (x - o, ys[-1] + e)], fill=255, width=wd if big else thin)
    for j, y in enumerate(ys):
        big = _major(j, rows)
        e = wd // 2 if big else 0
        o = 0.0 if kind == "punch_card" else rng.uniform(-0.6, 0.6)
        d.line([(xs[0] - e, y + o), (xs[-1] + e, y - o)], fill=255, width=wd if big else thin)
    a = np.asarray(img, np.float32)
    m = _m(lay)
    H, W = m.shape
    if kind == "punch_card":
        alpha = cv2.GaussianBlur(m, (0, 0), 0.35) * 0.9
    else:
        alpha = np.clip(m * (0.9 + 0.08 * np.clip(_smooth(g, H, W, 3.0), -1.2, 1.2)), 0, 1)
    out = a * (1 - alpha[..., None]) + np.asarray(colour, np.float32) * alpha[..., None]
    return Image.fromarray(_clip8(out))


# ------------------------------------------------------------------------------------------ pages


def _velvet(g: np.random.Generator, H: int, W: int, big: int) -> np.ndarray:
    """A velvet cushion: deep crimson pile, its nap catching the light in broad soft swathes, a fine fuzz."""
    nap = _smooth(g, H, W, 0.08 * big)
    out = np.array((128, 26, 42), np.float32) * (0.85 + 0.22 * np.clip(nap, -1.5, 1.5)
                                                 + 0.04 * _smooth(g, H, W, 0.8))[..., None]
    return out


def _sandstone(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """Sandstone paving: large flags in buff and ochre, bedding lines across each, dark joints between."""
    out = np.empty((H, W, 3), np.float32)
    out[:] = (92, 84, 72)  # the joints
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    q = 0.28 * big
    y = -rng.uniform(0, q)
    while y < H:
        hq = q * rng.uniform(0.7, 1.0)
        x = -rng.uniform(0, q)
        while x < W:
            wq = q * rng.uniform(0.8, 1.4)
            tone = np.asarray(rng.choice(((204, 178, 134), (196, 162, 112), (214, 192, 150), (186, 156, 116))),
                              np.float32) * rng.uniform(0.92, 1.05)
            y0, y1, x0, x1 = int(y + 3), int(y + hq - 3), int(x + 3), int(x + wq - 3)
            if y1 > max(0, y0) and x1 > max(0, x0):
                ys_, xs_ = slice(max(0, y0), min(H, y1)), slice(max(0, x0), min(W, x1))
                ph = rng.uniform(0, 6.3)
                bed = 1 + 0.05 * np.sin(yy[ys_, xs_] / (0.012 * big) + 2 * np.sin(xx[ys_, xs_] / (0.1 * big) + ph))
                out[ys_, xs_] = tone * bed[..., None]
            x += wq
        y += hq
    return out * (1 + 0.05 * _smooth(g, H, W, 1.2))[..., None]


def _galvanised(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """Galvanised steel sheet: the zinc's spangle, crystals of slightly different greys, a soft sheen."""
    r0 = 0.03 * big
    seeds = np.ones((H, W), np.uint8)
    pts = _seeds(rng, int(H * W / (r0 * r0 * 3)) + 4, W, H, 0.0, 0.8 * r0)
    for px, py in pts:
        seeds[min(H - 1, max(0, int(py))), min(W - 1, max(0, int(px)))] = 0
    _, labels = cv2.distanceTransformWithLabels(seeds, cv2.DIST_L2, 5, labelType=cv2.DIST_LABEL_PIXEL)
    tones = np.array([1.0] + [rng.uniform(0.82, 1.12) for _ in range(int(labels.max()))], np.float32)
    tone = tones[labels]
    out = np.array((168, 172, 176), np.float32) * (tone * (1 + 0.03 * _smooth(g, H, W, 1.0)))[..., None]
    return out * (1 + 0.06 * _smooth(g, H, W, 0.2 * big))[..., None]


def _rubber_floor(g: np.random.Generator, H: int, W: int, big: int) -> np.ndarray:
    """Studded rubber flooring: dark grey, round raised studs in rows, each lit at its top left, shaded below."""
    out = np.empty((H, W, 3), np.float32)
    out[:] = (62, 64, 68)
    out *= (1 + 0.05 * _smooth(g, H, W, 1.0))[..., None]
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    p = 0.05 * big
    u, v = (xx % p) - p / 2, (yy % p) - p / 2
    dd = np.hypot(u, v)
    r = 0.3 * p
    stud = dd < r
    out[stud] *= 1.08
    rim_lit = stud & (dd > 0.75 * r) & (u + v < 0)
    rim_dark = (dd < 1.12 * r) & (dd > 0.8 * r) & (u + v > 0)
    out[rim_lit] = (104, 106, 110)
    out[rim_dark] = (40, 42, 44)
    return out


def _sisal(g: np.random.Generator, H: int, W: int, big: int) -> np.ndarray:
    """A sisal rug: a basket weave of tan fibre bundles, alternately across and along, fine fibres in each."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    q = 0.03 * big
    cell = ((np.floor(xx / q) + np.floor(yy / q)) % 2).astype(bool)
    f = max(1.5, 0.004 * big)
    fib = np.where(cell, np.sin(yy / f * math.pi), np.sin(xx / f * math.pi))
    edge = np.minimum(xx % q, yy % q) < 1.2
    tone = (0.9 + 0.08 * fib) * (1 - 0.18 * edge) * (1 + 0.06 * _smooth(g, H, W, 1.0))
    return np.array((196, 170, 122), np.float32) * tone[..., None]


def _formica(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A retro boomerang formica counter: pale turquoise, scattered boomerangs in teal, coral and black, gold flecks."""
    img = Image.fromarray(_clip8(_table(g, H, W, (176, 212, 204), 0.02, 3)))
    d = ImageDraw.Draw(img)
    R = 0.035 * big
    shape = [(-1.0, 0.15), (-0.2, -0.5), (0.0, -0.55), (0.2, -0.5), (1.0, 0.15), (0.85, 0.3), (0.0, -0.2),
             (-0.85, 0.3)]
    for _ in range(int(H * W / (R * R) * 0.25)):
        x, y, a = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0, 2 * math.pi)
        d.polygon(_rotated(shape, x, y, a, R * rng.uniform(0.7, 1.1)),
                  fill=rng.choice(((74, 140, 140), (222, 120, 100), (40, 44, 48), (236, 238, 230))))
    out = np.asarray(img, np.float32).copy()
    fl = g.random((H, W)) > 0.996
    out[fl] = (212, 176, 84)  # the gold flecks
    return out


def _oilcloth(g: np.random.Generator, rng: random.Random, H: int, W: int, big: int) -> np.ndarray:
    """A flowered oilcloth: small red five-petalled flowers and green leaves on white, a glossy sheen across it."""
    img = Image.fromarray(_clip8(_table(g, H, W, (242, 240, 234), 0.01, 3)))
    d = ImageDraw.Draw(img)
    p = 0.07 * big
    for j, y in enumerate(np.arange(0, H + p, p)):
        for x in np.arange((j % 2) * p / 2, W + p, p):
            r = 0.16 * p
            for k in range(5):  # the petals
                a = k * 2 * math.pi / 5
                _disc(d, x + 0.8 * r * math.cos(a), y + 0.8 * r * math.sin(a), 0.55 * r, fill=(200, 44, 52))
            _disc(d, x, y, 0.35 * r, fill=(244, 200, 60))
            d.polygon(_rotated([(0, 0), (0.5, -0.18), (1.0, 0), (0.5, 0.18)], x + 1.1 * r, y + 0.6 * r, 0.5, 1.2 * r),
                      fill=(70, 140, 70))  # a leaf
    out = np.asarray(img, np.float32).copy()
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    sheen = np.exp(-(((xx + 0.5 * yy) / big - rng.uniform(0.3, 0.9)) / 0.08) ** 2)
    return out + (255 - out) * (0.25 * sheen)[..., None]


def _bg_page(a: np.ndarray, bg_fn, rng: random.Random, g: np.random.Generator, shadow: float = 0.4,
             persp: float = 0.0, bgc=(128, 128, 128)) -> np.ndarray:
    out = _page_on(a, bg_fn, rng, g, 0.1, 3.5, shadow)
    out = _grain(out, g, 2.0)
    return _perspective(out, persp, bgc) if persp else out


def _page38(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    big = max(h, w)
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "velvet_cushion":  # on a velvet cushion
        return _bg_page(a, lambda H, W: _velvet(g, H, W, big), rng, g, 0.5)
    if e == "sandstone_paving":  # on sandstone paving
        return _bg_page(a, lambda H, W: _sandstone(g, rng, H, W, big), rng, g, 0.4, rng.uniform(0.02, 0.04),
                        (190, 168, 130))
    if e == "galvanised_sheet":  # on a galvanised steel sheet
        return _bg_page(a, lambda H, W: _galvanised(g, rng, H, W, big), rng, g, 0.35)
    if e == "studded_rubber_floor":  # on studded rubber flooring
        return _bg_page(a, lambda H, W: _rubber_floor(g, H, W, big), rng, g, 0.45, rng.uniform(0.03, 0.05),
                        (62, 64, 68))
    if e == "sisal_rug":  # on a sisal rug
        return _bg_page(a, lambda H, W: _sisal(g, H, W, big), rng, g, 0.4)
    if e == "formica_counter":  # the punch card on a boomerang formica counter
        return _bg_page(a, lambda H, W: _formica(g, rng, H, W, big), rng, g, 0.35)
    if e == "oilcloth_table":  # the collage on a flowered oilcloth
        return _bg_page(a, lambda H, W: _oilcloth(g, rng, H, W, big), rng, g, 0.35, rng.uniform(0.02, 0.03),
                        (236, 234, 228))
    if e == "ceiling_fan_shadow":  # the soft shadow of a ceiling fan's blades, a little blurred by their turning
        out = _page_on(a, lambda H, W: _wood(g, H, W, (150, 112, 80)), rng, g, 0.09, 3.0, 0.35)
        H, W = out.shape[:2]
        cx, cy = rng.uniform(-0.1, 0.2) * W, rng.uniform(-0.2, 0.1) * H
        lay, ld = _layer(W, H)
        a0 = rng.uniform(0, 2 * math.pi)
        R = 1.3 * big
        blade = [(0.12, -0.05), (0.95, -0.09), (1.0, 0.0), (0.95, 0.09), (0.12, 0.05)]
        for k in range(5):
            for da in np.linspace(-0.05, 0.05, 5):  # the blade's sweep while it turns
                ld.polygon(_rotated(blade, cx, cy, a0 + k * 2 * math.pi / 5 + da, R), fill=51)
        sh = cv2.GaussianBlur(_m(lay), (0, 0), 0.012 * big)
        sh = 0.2 * np.clip(sh / max(1e-6, float(sh.max())), 0, 1)
        return _grain(np.clip(out * (1 - sh[..., None]), 0, 255), g, 2.0)
    if e == "wine_glass_shadow":  # a wine glass's shadow across the page, the bright ring its bowl focuses in it
        out = _page_on(a, lambda H, W: _table(g, H, W, (206, 200, 190), 0.03, 3), rng, g, 0.09, 3.0, 0.3)
        H, W = out.shape[:2]
        cx, cy = rng.uniform(0.3, 0.7) * W, rng.uniform(0.25, 0.55) * H
        ang = rng.uniform(-0.5, 0.5)
        R = 0.14 * big
        lay, ld = _layer(W, H)
        ld.ellipse([cx - R, cy - 0.8 * R, cx + R, cy + 0.8 * R], fill=255)  # the bowl's shadow
        ld.line(_rotated([(0.0, 0.75), (0.0, 2.4)], cx, cy, ang, R), fill=255, width=max(2, round(0.06 * R)))
        (fx, fy), = _rotated([(0.0, 2.42)], cx, cy, ang, R)
        ld.ellipse([fx - 0.45 * R, fy - 0.12 * R, fx + 0.45 * R, fy + 0.12 * R], fill=255)  # the foot
        sh = 0.2 * cv2.GaussianBlur(_m(lay), (0, 0), 0.04 * R + 1)
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        ring = np.exp(-((np.hypot((xx - cx) / 0.55, (yy - cy - 0.15 * R) / 0.4) - 0.9 * R * 0.55) / (0.05 * R)) ** 2)
        lift = 0.32 * ring * cv2.GaussianBlur(_m(lay), (0, 0), 2)
        out = out * (1 - sh[..., None])
        out = out + (np.float32(255) - out) * lift[..., None]
        return _grain(np.clip(out, 0, 255), g, 2.0)
    if e == "walnut_margin":  # a walnut in its shell on the widened left margin: two wrinkled halves, their seam
        ml = round(0.26 * w)
        page = _extend(a, left=ml)
        Hp, Wp = page.shape[:2]
        R = 0.3 * ml
        cx, cy, tilt = 0.5 * ml, Hp * rng.uniform(0.3, 0.65), rng.uniform(-0.6, 0.6)
        shell = [(0.95 * math.cos(t) * (1 + 0.05 * math.cos(3 * t)), 0.8 * math.sin(t)) for t in
                 np.linspace(0, 2 * math.pi, 36, endpoint=False)]
        lay, ld = _layer(Wp, Hp)
        ld.polygon(_rotated(shell, cx, cy, tilt, R), fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.08 * R, 0.12 * R, 0.1 * R, 0.35)
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        d.polygon(_rotated(shell, cx, cy, tilt, R), fill=(170, 128, 84), outline=(110, 78, 48))
        for _ in range(26):  # the shell's wrinkles
            u0, v0 = rng.uniform(-0.75, 0.75), rng.uniform(-0.6, 0.6)
            if (u0 / 0.9) ** 2 + (v0 / 0.75) ** 2 > 0.8:
                continue
            pts = [(u0, v0)]
            for _k in range(3):
                pts.append((pts[-1][0] + rng.uniform(-0.15, 0.15), pts[-1][1] + rng.uniform(-0.12, 0.12)))
            d.line(_rotated(pts, cx, cy, tilt, R), fill=(118, 84, 52), width=max(1, round(0.04 * R)))
        d.line(_rotated([(-0.95, 0.0), (-0.4, 0.04), (0.4, -0.04), (0.95, 0.0)], cx, cy, tilt, R),
               fill=(92, 64, 40), width=max(2, round(0.06 * R)))  # the seam
        d.line(_rotated([(-0.5, -0.45), (0.1, -0.6)], cx, cy, tilt, R), fill=(204, 166, 120),
               width=max(1, round(0.05 * R)))  # a highlight
        M = round(0.05 * big)
        bg = _wood(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (170, 132, 96))
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _grain(out, g, 1.8)
    if e == "bottle_cap_margin":  # a crown bottle cap on the widened bottom margin: crimped skirt, plain red top
        mb = round(0.22 * h)
        page = _extend(a, bottom=mb)
        Hp, Wp = page.shape[:2]
        R = 0.3 * mb
        cx, cy = Wp * rng.uniform(0.25, 0.75), h + 0.5 * mb
        crown = []
        for k in range(42):
            t = k * 2 * math.pi / 42
            rr = R * (1.0 if k % 2 == 0 else 0.9)
            crown.append((cx + rr * math.cos(t), cy + rr * math.sin(t)))
        lay, ld = _layer(Wp, Hp)
        ld.polygon(crown, fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.06 * R, 0.1 * R, 0.08 * R, 0.35)
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        d.polygon(crown, fill=(168, 170, 176), outline=(110, 112, 118))  # the crimped steel skirt
        _disc(d, cx, cy, 0.78 * R, fill=(190, 40, 40), outline=(140, 26, 26))
        _disc(d, cx - 0.2 * R, cy - 0.2 * R, 0.35 * R, fill=(214, 86, 80))  # the top's sheen
        d.arc([cx - 0.7 * R, cy - 0.7 * R, cx + 0.7 * R, cy + 0.7 * R], 200, 300, fill=(236, 150, 140), width=2)
        M = round(0.05 * big)
        bg = _table(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (110, 120, 132), 0.04, 3)
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.35, g)
        return _grain(out, g, 1.8)
    if e == "cherry_margin":  # a pair of cherries on the widened right margin: glossy red, stems joined, a leaf
        mr = round(0.26 * w)
        page = _extend(a, right=mr)
        Hp, Wp = page.shape[:2]
        x0 = _free_x(L, w)
        mw = Wp - x0
        R = 0.17 * mw
        top = (x0 + 0.5 * mw + rng.uniform(-0.05, 0.05) * mw, Hp * rng.uniform(0.25, 0.45))
        cherries = [(top[0] - 0.9 * R, top[1] + 3.2 * R), (top[0] + 0.9 * R, top[1] + 3.5 * R)]
        lay, ld = _layer(Wp, Hp)
        for x, y in cherries:
            _disc(ld, x, y, R, fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.1 * R, 0.15 * R, 0.12 * R, 0.35)
        img = Image.fromarray(_clip8(pa))
        d = ImageDraw.Draw(img)
        for x, y in cherries:
            d.line([top, ((top[0] + x) / 2, top[1] + 1.2 * R), (x, y - 0.9 * R)], fill=(96, 118, 50),
                   width=max(2, round(0.12 * R)), joint="curve")
            _disc(d, x, y, R, fill=(150, 16, 30), outline=(100, 10, 20))
            _disc(d, x - 0.35 * R, y - 0.35 * R, 0.28 * R, fill=(226, 120, 130))  # the gloss
            _disc(d, x, y - 0.85 * R, 0.12 * R, fill=(90, 14, 20))  # the stem's dimple
        d.polygon(_rotated([(0, 0), (0.5, -0.3), (1.0, 0), (0.5, 0.3)], top[0], top[1], -0.5, 2.2 * R),
                  fill=(70, 136, 60), outline=(48, 100, 40))  # the leaf
        M = round(0.05 * big)
        bg = _table(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (222, 218, 210), 0.03, 3)
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _grain(out, g, 1.8)
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page38(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style38,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, mean cell width ``cw`` and height ``ch``, the column and row edges ``xs`` and
    ``ys``, and ``keep``, the box round the clues and the grid; ``_box25`` gives a cell's box)."""
    rng = random.Random(f"h38:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = _change38(truth, style.clue_change, rng) if plan["clue"] else None
    row_vals, col_vals = _line_values(truth, change)
    if style.redraw:
        img, L = _redraw_whole38(layout, style, row_vals, col_vals, rng, (inp.shape[1], inp.shape[0]))
        if style.redraw == "punch_card":  # the card's grid is printed before it is punched
            img = _draw_redraw_grid38(img, L, style.redraw, rng)
    else:
        img = input_image.convert("RGB").copy()
        if style.clue_font:
            _redraw_clues38(img, layout, row_vals, col_vals, style, rng)
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
                _draw_fill38(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill38(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline38(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross38(img, box, style, rng)
            elif not ((r, c) in filled and style.missing_bare):
                _draw_empty38(img, box, style.empty, rng)
    if style.redraw == "paper_collage":
        img = _draw_redraw_grid38(img, L, style.redraw, rng)
    elif not style.redraw:
        _draw_grid38(img, L, rng, style.grid, inp)
    return np.asarray(img), rng, L


def make_answer38(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style38,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page38(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page38(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
