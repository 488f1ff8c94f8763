"""HELDOUT32, measured blind on commits 6947dbd (rubric 69, the thirty-ninth session's start) and on rubric 70 (its end),
never looked at: **377/432** right (87.3 %) on both, each answer alike, **0 false passes**, 8 unreadable, 32/72
error-free right (seed 5, ``tools/measure_nonogram_family.py nonogram_heldout32:HELDOUT32 --seed 5``). By planted error:
none 32/72, extra_light 72, extra_outline 71, x_instead 69, missing 67, clue_changed 66 (of 72 each). Held out then:
measured as counts only. Studied in the fortieth session (rubric 71, ``tests/test_nonogram_rubric71.py``): **393/432**
(91.0 %), 0 false passes, 1 unreadable, 40/72 error-free right.

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved nonogram:
clue fonts from Debian packages no earlier nonogram family, test, install list or digit-reader training names
(fonts-taml-tamu, fonts-cns11643-sung, fonts-rit-sundar, fonts-proggy, fonts-gfs-theokritos, fonts-telu-extra,
fonts-evertype-conakry, fonts-hanazono, fonts-taml-tscu, fonts-lohit-knda, fonts-gfs-baskerville): a semi-serif with
flared strokes (TAMu Maduram), a light, narrow monospaced face with a little stroke contrast (TW-Sung), a condensed,
tightly spaced semi-bold sans (RIT Sundar), a programmer's pixel face whose figures are built of square pixels
(ProggyTiny), a decorative bold Didone with ball terminals, a flagged one and a flat-topped three (GFS Theokritos), a
bold brush-like sans whose one is a bare stroke and whose four is open (Vemana2000), a Times-like book serif (Conakry),
a light monospaced Century-like serif (Hanazono Mincho A, drawn with a one-pixel heavier pen), a comic-book italic
hand (TSCu Comic), a wide Verdana-like sans (Lohit Kannada, piped with a one-pixel heavier pen on the cake) and a
Baskerville with old-style figures (GFS Baskerville, engraved on the brass plaque); one style keeps the input's clues
(its changed clue is that line's numbers erased and typed again in another face, Pothana2000 from fonts-telu-extra, a
light brush-like sans). Fills no earlier family uses (blue ballpoint cross-hatching laid in three directions, glossy
caviar, iron filings along a magnet's field lines, a lattice of ferrofluid spikes, heaped mussel shells, burnt toast,
heaped peppercorns, buffed shoe polish, gunmetal perlage, candle soot, cocoa powder sifted through a square stencil,
niello in engraved brass); empty-cell marks drawn in new ways (an upright pencil tally stroke, a waxy orange crayon dot,
a violet dot from an ink stamp pad, a small pencil v, a sugar sprinkle on the cake's icing); the planted errors drawn in
new ways (pale crescent moons, hearts, three-leaved clovers or feathers, each over a light tint; a frame of a zip with
interlocking teeth, of a gear's toothed rim, of four pencils laid round the cell tip to tail, of piano keys; an X of two
crossed swords, of two lengths of chain, of two nails, of two threaded bolts with hexagonal heads; all in the fill's
colour, darkened where the fill is a light one); a changed clue that gains a number, loses one, has one split in two,
has two merged into their sum, has one off by one, is swapped with its neighbour line's, has its numbers written in
reverse order, has its first and last numbers traded, has one of its numbers written twice, has a number inserted
between two of its numbers, has its numbers rotated by one place (its first moved to its end: new here), or (on the
page that keeps the input's clues) has one number one more or less; a missing fill left bare on a page whose other
empty cells carry marks; grids drawn in new ways (pen lines under block lines strung of dark glass beads, each bead
with its highlight; pen lines under block lines of fuzzy purple chenille pipe cleaners; pen lines under block lines of
round copper wire with cut ends and a soft shadow; the whole grid printed from a rubber stamp, its ink uneven, squeezed
darker at the edges and skipping in specks); two styles that redraw the whole puzzle in a new medium (a sheet cake seen
from above, its white icing edged with a piped shell border, the clues and the grid piped in chocolate and the fills
cocoa dusted through a stencil, sprinkles in the empty cells; an engraved brushed-brass plaque with a bevelled edge, a
double rule and four screws, the clues and the grid engraved and filled black, the fills cross-hatched niello); and
page changes no earlier family uses (the page taped inside a shop window and photographed from the street in the rain,
drops on the glass; the page on a bus seat's patterned moquette; the page on a checkout's ribbed black conveyor belt
with a NEXT CUSTOMER divider bar; a wooden spool of red thread and a needle on the widened left margin; two dice on the
widened right margin; a stapler and loose staples on the widened bottom margin; sunlight through a glass of water
throwing a bright web of caustics across part of the page; a dim church with light through a stained-glass window
falling aslant across the page; an ultraviolet black light under which the paper glows violet-white; a phone panorama
with a stitching seam across the page and ragged black edges above and below; the cake on a gold cake board on a
tablecloth with a cake server beside it; the plaque screwed to a brick wall).

Clues written anew on the input's page are sized by their digits' height and fitted to its clue strips (as in HELDOUT25
to HELDOUT31); the redrawn puzzles space their clues by the digits' height.

Doubts noted rather than made unfair: GFS Theokritos is a decorative face (its one has a flag and a ball like an f
without its bar at small sizes, its three a flat top) and GFS Baskerville's old-style figures vary in height (its one
like a small capital I, its three, four, five, seven and nine descending, so eleven reads as two small capitals at
first glance); Vemana2000's and RIT Sundar's ones are bare strokes; TW-Sung and Hanazono Mincho A are light faces
(Hanazono drawn with a one-pixel heavier pen); ProggyTiny's pixel figures are blocky at every size; TSCu Comic is an
italic comic hand; the raindrops are small and sparse but a few sit on the page, each showing the view behind it
turned over; the caustic web brightens the cells it crosses, fills included, and the glass stands in the margin; the
stained-glass light tints and brightens the cells it falls on over a dimmed page, its lead lines soft and aslant; the
black light turns the whole photo violet, keeping the fills dark and the paper light; the panorama's seam shifts the
right part of the page by a pixel or two and brightens it a little; the moquette and the conveyor belt are busy or dark
round the page, never on it; the beaded and pipe-cleaner block lines are broader and bumpier than a ruled line, the
stamped grid's lines mottled; the spool and needle, the dice, the stapler, the cake server and the divider bar lie off
the page or on its widened margins, away from the clues and the grid, and none carries a digit (the dice carry pips,
the bar words); the cake's piped shell border and the plaque's rule and screws lie outside the clues and the grid, and
the plaque's brushing runs faintly under its engraved clues and cells; the caviar, iron-filing, ferrofluid, mussel,
toast, peppercorn, shoe-polish, perlage, soot, cocoa and niello fills have some paler features (glints, bright slivers,
lit flanks, pearly lips, crumbs, a buffed shine, sheen, wisps, icing grains, brass ridges) over a dark ground, and the
ballpoint hatching leaves specks of paper, as such fills have, and a person sees a filled cell at once; the planted pale
marks are a light tint with darker-than-tint features over it, plainly darker than the paper; the rotated clue changes
only the order of a line's numbers; the retyped clue line on the page that keeps the input's clues is in a lighter
face than its neighbours; the style names begin ``s_`` as HELDOUT28's to HELDOUT31's do (the names themselves differ
from every earlier one).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer32` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout32:HELDOUT32`` measures them like the earlier families.
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
from nonogram_heldout17 import _blurred_noise, _erase_grid17, _font, _grey, _inner, _lift, _paste
from nonogram_heldout18 import _draw_grid18
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
    _ink_w,
    _line_values,
    _major,
    _put,
    _px_for,
    _redraw_clues25,
    _seeds,
    _stroke_coords,
)
from nonogram_heldout29 import _free_x
from nonogram_heldout30 import _rot_size, _rotated, _shadow
from nonogram_heldout31 import _change31
from PIL import Image, ImageDraw

WHITE = (255, 255, 255)
UI_BOLD = "DejaVuSans-Bold.ttf"  # words round the picture (never a digit)


@dataclass(frozen=True)
class Style32(Style):
    """A HELDOUT32 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``iced_cake``, ``brass_plaque``; empty keeps the input's
    frame), ``clue_change`` how a planted clue_changed answer alters its line (as in HELDOUT31, or ``rotated``: its
    numbers rotated by one place, the first moved to the end) and ``missing_bare`` whether a missing fill is left bare
    rather than marked like the other empty cells. ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""
    clue_change: str = "extra"
    missing_bare: bool = False

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer32(input_image, layout, truth, self, error, seed)


HELDOUT32 = (
    Style32("s_tamumaduram_birohatch_rainwindow", "biro_crosshatch", (24, 34, 96), "tally_stroke",
            "TAMu_Maduram.ttf", ("rain_window", "jpeg"), clue_scale=(1.04, 1.12),
            grid="beaded_majors", light_mark="light_crescents", outline_mark="outline_zipper",
            cross_mark="heavy_x_swords", clue_change="extra", missing_bare=True),
    Style32("s_twsung_caviar_busmoquette", "caviar", (30, 34, 32), "none", "TW-Sung-98_1.ttf",
            ("bus_moquette", "jpeg"), clue_scale=(1.0, 1.08), grid="pipe_cleaner_majors", light_mark="light_hearts",
            outline_mark="outline_gear_teeth", cross_mark="heavy_x_chain_links", clue_change="drop"),
    Style32("s_ritsundar_ironfilings_conveyor", "iron_filings", (50, 52, 58), "crayon_dot", "RIT-Sundar.ttf",
            ("conveyor_belt", "jpeg"), clue_scale=(1.02, 1.1), grid="copper_wire_majors", light_mark="light_clovers",
            outline_mark="outline_pencils", cross_mark="heavy_x_nails", clue_change="split", missing_bare=True),
    Style32("s_proggytiny_ferrofluid_spool", "ferrofluid", (22, 22, 28), "none", "ProggyTiny.ttf",
            ("thread_spool_margin", "jpeg"), clue_scale=(1.0, 1.06), grid="rubber_stamped_grid",
            light_mark="light_feathers", outline_mark="outline_piano_keys", cross_mark="heavy_x_bolts",
            clue_change="ends_swapped"),
    Style32("s_theokritos_musselshells_dice", "mussel_shells", (30, 34, 52), "stamp_pad_dot", "GFSTheokritos.otf",
            ("dice_margin", "jpeg"), clue_scale=(1.06, 1.14), grid="beaded_majors", light_mark="light_hearts",
            outline_mark="outline_zipper", cross_mark="heavy_x_nails", clue_change="merge", missing_bare=True),
    Style32("s_vemana_burnttoast_stapler", "burnt_toast", (66, 40, 22), "none", "vemana2000.ttf",
            ("stapler_margin", "jpeg"), clue_scale=(1.02, 1.1), grid="pipe_cleaner_majors",
            light_mark="light_clovers", outline_mark="outline_piano_keys", cross_mark="heavy_x_swords",
            clue_change="off_by_one"),
    Style32("s_conakry_peppercorns_caustics", "peppercorns", (40, 34, 30), "pencil_v", "Conakry.ttf",
            ("caustic_light", "jpeg"), clue_scale=(1.0, 1.08), grid="copper_wire_majors",
            light_mark="light_crescents", outline_mark="outline_gear_teeth", cross_mark="heavy_x_bolts",
            clue_change="swap_lines", missing_bare=True),
    Style32("s_hanamin_shoepolish_churchwindow", "shoe_polish", (40, 22, 18), "tally_stroke", "HanaMinA.ttf",
            ("church_window_light", "jpeg"), clue_scale=(1.02, 1.1), clue_stroke=1, grid="rubber_stamped_grid",
            light_mark="light_feathers", outline_mark="outline_pencils", cross_mark="heavy_x_chain_links",
            clue_change="rotated", missing_bare=True),
    Style32("s_tscucomic_perlage_uvlight", "perlage", (44, 46, 56), "none", "TSCu_Comic.ttf",
            ("uv_blacklight", "jpeg"), clue_scale=(1.0, 1.06), grid="beaded_majors", light_mark="light_clovers",
            outline_mark="outline_gear_teeth", cross_mark="heavy_x_swords", clue_change="number_doubled"),
    Style32("s_keptclues_soot_panoseam", "soot_smoke", (28, 26, 26), "pencil_v", None, ("pano_seam", "jpeg"),
            grid="kept", light_mark="light_crescents", outline_mark="outline_zipper",
            cross_mark="heavy_x_chain_links", clue_change="retyped_line", missing_bare=True),
    Style32("s_lohitkannada_cocoa_redrawcake", "cocoa_dusted", (74, 42, 26), "sprinkle", "Lohit-Kannada.ttf",
            ("cake_server", "jpeg"), clue_colour=(72, 42, 26), clue_scale=(1.04, 1.12), clue_stroke=1,
            light_mark="light_hearts", outline_mark="outline_piano_keys", cross_mark="heavy_x_bolts",
            clue_change="insert_middle", missing_bare=True, redraw="iced_cake"),
    Style32("s_gfsbaskerville_niello_redrawplaque", "niello_engraving", (30, 26, 22), "none", "GFSBaskerville.otf",
            ("brick_wall_mount", "jpeg"), clue_colour=(30, 24, 18), clue_scale=(1.06, 1.14),
            light_mark="light_feathers", outline_mark="outline_pencils", cross_mark="heavy_x_nails",
            clue_change="reversed", redraw="brass_plaque"),
)

CHANGE_FONT = "Pothana2000.ttf"  # the retyped line of a changed clue on the page that keeps the input's clues


# ------------------------------------------------------------------------------------------ clue changes


def _change32(truth: dict[str, Any], mode: str, rng: random.Random) -> tuple[str, int, list[str]]:
    """A changed clue as :func:`_change31` makes it, or (``rotated``) a line whose numbers are rotated by one place,
    its first number moved to its end (where no line of three or more numbers rotates into a different one, its
    first and last numbers are traded instead)."""
    if mode == "rotated":
        for kind in rng.sample(("row", "col"), 2):
            vals = _values(truth[f"{kind}_clues"])
            cand = [i for i, v in enumerate(vals) if len(v) >= 3 and v[1:] + v[:1] != v]
            if cand:
                i = rng.choice(cand)
                return kind, i, vals[i][1:] + vals[i][:1]
        mode = "ends_swapped"
    return _change31(truth, mode, rng)


# ------------------------------------------------------------------------------------------ fills


def _nearest(xx: np.ndarray, yy: np.ndarray, pts, radii=None) -> tuple[np.ndarray, np.ndarray]:
    """Each pixel's nearest seed and its distance to it (divided by the seed's radius when ``radii`` is given)."""
    best = np.full(xx.shape, np.inf, np.float32)
    idx = np.zeros(xx.shape, np.int64)
    for k, (px, py) in enumerate(pts):
        d = np.hypot(xx - px, yy - py)
        if radii is not None:
            d = d / radii[k]
        take = d < best
        best[take] = d[take]
        idx[take] = k
    return idx, best


def _hex_pts(w: int, h: int, p: float, rng: random.Random, jit: float) -> list[tuple[float, float]]:
    """Points of a hexagonal lattice of pitch ``p`` over the patch and a little beyond, jittered by ``jit`` of it."""
    pts = []
    for j, y in enumerate(np.arange(-p, h + p, p * 0.866)):
        for x in np.arange(-p + (j % 2) * p / 2, w + p, p):
            pts.append((float(x) + rng.uniform(-jit, jit) * p, float(y) + rng.uniform(-jit, jit) * p))
    return pts


def _tex32(kind: str, w: int, h: int, colour, g: np.random.Generator, rng: random.Random) -> np.ndarray:
    """A filled cell's picture (h, w, 3 float) in ``kind``."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    if kind == "biro_crosshatch":  # ballpoint hatching laid in three directions until the cell is dark, skips and all
        paper = np.array((250, 250, 246), np.float32)
        cov = np.zeros((h, w), np.float32)
        p = max(2.4, s / 18)
        wd = max(1.15, s / 45)
        for a in (rng.uniform(0.6, 0.9), rng.uniform(-0.9, -0.6), rng.uniform(-0.12, 0.12)):
            ca, sa = math.cos(a), math.sin(a)
            u = xx * ca + yy * sa
            v = -xx * sa + yy * ca
            u = u + 0.3 * p * np.sin(v / (0.8 * s) * 2 * math.pi + rng.uniform(0, 6))  # the hand's slight bow
            f = np.abs(((u + rng.uniform(0, p)) % p) - p / 2)
            line = np.clip(0.5 * wd + 0.5 - f, 0, 1)
            skip = _noise0(g, h, w, max(1.0, s / 9)) > 1.25  # where the ball ran dry for a moment
            cov = 1 - (1 - cov) * (1 - 0.92 * line * np.where(skip, 0.4, 1.0))
        tex = paper * (1 - cov)[..., None] + col * cov[..., None]
        blobs = g.random((h, w)) > 0.992  # the ballpoint's small blobs of gathered ink
        tex[blobs] = col * 0.8
    elif kind == "caviar":  # caviar: small glossy roe packed close, each a dark sphere with a bright point of light
        r = max(2.2, s / 9)
        pts = _hex_pts(w, h, 1.92 * r, rng, 0.1)
        rad = np.array([r * rng.uniform(0.9, 1.05) for _ in pts], np.float32)
        idx, d = _nearest(xx, yy, pts, rad)
        px = np.array(pts, np.float32)
        dx, dy = (xx - px[idx, 0]) / rad[idx], (yy - px[idx, 1]) / rad[idx]
        z = np.sqrt(np.clip(1 - d * d, 0, 1))
        lit = np.clip(0.75 - 0.3 * (dx + dy), 0, 1.2)
        tex = col * (0.4 + 0.75 * z * lit)[..., None]
        spec = np.exp(-((dx + 0.38) ** 2 + (dy + 0.38) ** 2) / 0.03)
        tex += (np.float32(236) - tex) * (0.85 * spec)[..., None]
        tex[d >= 1] = col * 0.25
    elif kind == "iron_filings":  # iron filings over a magnet: fine dark slivers lying along its field lines
        img = Image.fromarray(np.clip(col * 0.62 * (1 + 0.1 * _noise0(g, h, w, max(1.0, s / 10)))[..., None]
                                      * np.ones((1, 1, 3), np.float32), 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        field = 1.1 * _noise0(g, h, w, max(2.0, s / 3))
        a0 = rng.uniform(0, math.pi)
        for _ in range(int(w * h / (s * s) * 170)):
            x, y = rng.uniform(-2, w + 1), rng.uniform(-2, h + 1)
            a = a0 + float(field[min(h - 1, max(0, int(y))), min(w - 1, max(0, int(x)))]) + rng.uniform(-0.2, 0.2)
            ln = rng.uniform(0.05, 0.1) * s
            tone = col * rng.uniform(0.75, 1.3) if rng.random() > 0.07 else _lift(col, 0.45)
            d.line([(x - ln * math.cos(a), y - ln * math.sin(a)), (x + ln * math.cos(a), y + ln * math.sin(a))],
                   fill=tuple(int(min(255, v)) for v in tone), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "ferrofluid":  # ferrofluid over a magnet: a lattice of glossy black spikes, lit on one flank
        p = max(5.0, s / 3.4)
        pts = _hex_pts(w, h, p, rng, 0.06)
        idx, d = _nearest(xx, yy, pts)
        px = np.array(pts, np.float32)
        dx, dy = xx - px[idx, 0], yy - px[idx, 1]
        rr = d / (0.56 * p)
        cone = np.clip(1 - rr, 0, 1)
        face = (dx * -0.6 + dy * -0.8) / np.maximum(d, 1e-3)  # the flank turned to the light (upper left)
        tex = col * (0.5 + 0.5 * cone + 0.35 * face * np.sqrt(cone))[..., None]
        streak = (face > 0.75) & (rr > 0.22) & (rr < 0.75)
        tex[streak] = _lift(col, 0.55)
        tex[rr >= 1] = col * 0.45
        tex = cv2.GaussianBlur(tex, (0, 0), 0.45)
    elif kind == "mussel_shells":  # mussel shells heaped: overlapping blue-black shells with fine growth lines
        tex = col * 0.35 * np.ones((h, w, 1), np.float32)
        for _ in range(int(5 + w * h / (s * s) * 6)):
            cx, cy, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, 2 * math.pi)
            ln = rng.uniform(0.45, 0.6) * s
            u = ((xx - cx) * math.cos(a) + (yy - cy) * math.sin(a)) / ln  # -0.5 at the hinge, 0.5 at the lip
            v = (-(xx - cx) * math.sin(a) + (yy - cy) * math.cos(a)) / ln
            half = 0.23 * (0.35 + 0.65 * np.clip(u + 0.5, 0, 1) ** 0.6)
            e = (2 * u) ** 2 + (v / np.maximum(half, 1e-3)) ** 2
            shell = e < 1
            rings = 0.5 + 0.5 * np.sin(np.hypot(u + 0.5, v) * ln * 2 * math.pi / max(1.5, s / 14))
            tone = col * (0.75 + 0.2 * rings + 0.3 * np.clip(-v / 0.23, -1, 1) * 0.5)[..., None]
            tex[shell] = tone[shell]
            lip = shell & (e > 0.86) & (u > 0.25)
            tex[lip] = (128, 142, 170)
    elif kind == "burnt_toast":  # a slice of burnt toast: charred crumb with pores and crumbs, a darker crust round it
        n_lo = _noise0(g, h, w, max(1.0, s / 6))
        n_hi = _noise0(g, h, w, 0.8)
        tex = col * (0.82 + 0.16 * n_lo + 0.14 * n_hi)[..., None]
        tex[n_lo > 1.0] = col * 0.55
        tex[n_hi < -1.4] = col * 0.45
        tex[n_hi > 1.7] = _lift(col, 0.22)
        across = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy])
        crust = across < 0.09 * s
        tex[crust] = col * (0.6 + 0.08 * n_hi[crust])[..., None]
        tex[(across >= 0.09 * s) & (across < 0.09 * s + 1)] = _lift(col, 0.08)
    elif kind == "peppercorns":  # black peppercorns heaped: matte wrinkled spheres of varied size, dark gaps between
        r0 = max(2.5, s / 6.5)
        pts = _seeds(rng, int(w * h / (r0 * r0 * 2.6)) + 4, w, h, 0.12, 1.55 * r0)
        rad = np.array([r0 * rng.uniform(0.85, 1.15) for _ in pts], np.float32)
        idx, d = _nearest(xx, yy, pts, rad)
        px = np.array(pts, np.float32)
        dx, dy = (xx - px[idx, 0]) / rad[idx], (yy - px[idx, 1]) / rad[idx]
        z = np.sqrt(np.clip(1 - d * d, 0, 1))
        wrinkle = _noise0(g, h, w, max(0.6, s / 40))
        lit = np.clip(0.7 - 0.3 * (dx + dy), 0, 1.2)
        tex = col * ((0.35 + 0.8 * z * lit) * (1 + 0.22 * wrinkle))[..., None]
        tex[d >= 1] = col * 0.22
    elif kind == "shoe_polish":  # shoe polish rubbed in small circles and buffed: swirl marks and one soft shine
        tex = col * (0.9 + 0.06 * _noise0(g, h, w, max(1.0, s / 10)))[..., None]
        for _ in range(6):
            cx, cy = rng.uniform(0, w), rng.uniform(0, h)
            rk = rng.uniform(0.15, 0.4) * s
            rr = np.hypot(xx - cx, yy - cy)
            ring = np.sin(rr / max(1.5, s / 18) * 2 * math.pi + rng.uniform(0, 6))
            tex *= (1 + 0.1 * ring * np.exp(-((rr - rk) / (0.25 * s)) ** 2))[..., None]
        a = rng.uniform(-0.6, 0.6)
        sx, sy = rng.uniform(0.3, 0.7) * w, rng.uniform(0.25, 0.5) * h
        u = (xx - sx) * math.cos(a) + (yy - sy) * math.sin(a)
        v = -(xx - sx) * math.sin(a) + (yy - sy) * math.cos(a)
        shine = np.exp(-2 * ((u / (0.32 * s)) ** 2 + (v / (0.13 * s)) ** 2))
        tex += (_lift(col, 0.5) - tex) * (0.5 * shine)[..., None]
    elif kind == "perlage":  # perlage: overlapping circles of brushed gunmetal, each with a two-lobed sheen
        p = max(5.0, s / 2.8)
        R = 0.62 * p
        tex = col * 0.8 * np.ones((h, w, 1), np.float32)
        a0 = rng.uniform(0, math.pi)
        for j, y in enumerate(np.arange(-0.2 * p, h + 0.5 * p, p * 0.8)):
            for x in np.arange(-0.2 * p + (j % 2) * p * 0.4, w + 0.5 * p, p * 0.8):
                d = np.hypot(xx - x, yy - y)
                inside = d < R
                if not inside.any():
                    continue
                ring = 0.5 + 0.5 * np.sin(d * 2 * math.pi / max(1.2, R / 5))
                sheen = (0.5 + 0.5 * np.cos(2 * (np.arctan2(yy - y, xx - x) - a0))) ** 3
                val = col * (0.72 + 0.14 * ring)[..., None] + (_lift(col, 0.38) - col) * (0.6 * sheen)[..., None]
                tex[inside] = val[inside]
                edge = inside & (d > R - 1.0)
                tex[edge] = col * 0.55
    elif kind == "soot_smoke":  # candle soot laid on the paper: velvety black with brownish feathered wisps
        n = _noise0(g, h, w, max(1.0, s / 7))
        n2 = _noise0(g, h, w, max(0.8, s / 18))
        a = rng.uniform(0, math.pi)
        tex = col * (0.95 + 0.18 * n2)[..., None]
        wisp = np.exp(-np.abs(np.sin((xx * math.cos(a) + yy * math.sin(a)) / (s / 4.5) * math.pi + 2.2 * n)) * 7)
        tex += (_lift(col * np.array((1.15, 1.0, 0.85), np.float32), 0.2) - tex) * (0.65 * wisp)[..., None]
    elif kind == "cocoa_dusted":  # cocoa powder sifted through a square stencil onto the icing: fine grain, clumps
        grain = g.random((h, w)).astype(np.float32)
        tex = col * (0.8 + 0.35 * grain + 0.08 * _noise0(g, h, w, max(1.0, s / 10)))[..., None]
        tex = cv2.GaussianBlur(tex, (0, 0), 0.5)
        tex[g.random((h, w)) > 0.985] = (226, 216, 200)  # a few grains of icing showing through
    elif kind == "niello_engraving":  # cross-hatched grooves cut into brass and filled with black niello
        p = max(2.6, s / 9)
        a = rng.choice((1, -1))
        f = ((xx + a * yy) / math.sqrt(2)) % p
        ridge = f < max(0.9, 0.14 * p)
        tex = col * (0.9 + 0.12 * _noise0(g, h, w, max(1.0, s / 8)))[..., None]
        tex[ridge] = np.array(BRASS, np.float32) * (0.85 + 0.2 * g.random((int(ridge.sum()), 1))).astype(np.float32)
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255)


def _ink(style: Style32) -> np.ndarray:
    """The ink of the planted marks: the fill's colour, darkened when it is a light one."""
    col = np.asarray(style.fill_colour, np.float32)
    lum = float(col @ np.array([0.299, 0.587, 0.114], np.float32))
    return col * (80 / lum) if lum > 80 else col


def _heart(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + r * 16 * math.sin(t) ** 3 / 17,
             cy - r * (13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)) / 17)
            for t in np.linspace(0, 2 * math.pi, 28, endpoint=False)]


def _draw_fill32(img: Image.Image, box, style: Style32, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07)
    w, h = bx - ax, by - ay
    if not light:
        tex = _tex32(style.fill, w, h, style.fill_colour, g, rng)
        if style.fill == "soot_smoke" or style.fill == "cocoa_dusted":  # a soft, powdery edge
            yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
            across = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy])
            alpha = np.clip((across + 1) / max(1.5, 0.05 * min(w, h)), 0, 1) ** 0.7
            alpha = np.where(g.random((h, w)) < 0.25 * (1 - alpha), 0, alpha).astype(np.float32)
            _paste(img, tex, ax, ay, alpha)
        else:
            _paste(img, tex, ax, ay, None)
        return
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = _ink(style)
    s = float(min(w, h))
    base = 0.2
    lay, ld = _layer(w, h)
    if light == "light_crescents":  # small crescent moons in staggered rows over a light tint
        p = max(7.0, s / 2.8)
        for j, y in enumerate(np.arange(p / 2, h + p / 2, p * 0.9)):
            for x in np.arange(p / 2 - (j % 2) * p / 2, w + p / 2, p):
                r = p * 0.34
                ld.ellipse([x - r, y - r, x + r, y + r], fill=255)
                ld.ellipse([x - r * 0.45, y - r * 1.05, x + r * 1.35, y + r * 0.75], fill=0)
    elif light == "light_hearts":  # small hearts in staggered rows over a light tint
        p = max(7.0, s / 2.8)
        for j, y in enumerate(np.arange(p / 2, h + p / 2, p * 0.9)):
            for x in np.arange(p / 2 - (j % 2) * p / 2, w + p / 2, p):
                ld.polygon(_heart(x, y, p * 0.33), fill=255)
    elif light == "light_clovers":  # small three-leaved clovers strewn at every angle, each on a short stem
        for _ in range(int(4 + s / 7)):
            x, y, a = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0, 2 * math.pi)
            r = rng.uniform(0.06, 0.08) * s
            for k in range(3):
                b = a + k * 2 * math.pi / 3
                lx, ly = x + r * math.cos(b), y + r * math.sin(b)
                ld.ellipse([lx - r, ly - r, lx + r, ly + r], fill=255)
            b = a + math.pi / 3
            ld.line([(x, y), (x + 2.6 * r * math.cos(b), y + 2.6 * r * math.sin(b))], fill=255,
                    width=max(1, round(r / 2.5)))
    elif light == "light_feathers":  # small feathers lying at every angle: a curved shaft with barbs on both sides
        lw = max(1, round(s / 40))
        for _ in range(int(3 + s / 14)):
            x, y, a = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0, 2 * math.pi)
            ln = rng.uniform(0.2, 0.3) * s
            ca, sa = math.cos(a), math.sin(a)
            pts = [(x + ln * t * ca - 0.08 * ln * (1 - t * t) * sa, y + ln * t * sa + 0.08 * ln * (1 - t * t) * ca)
                   for t in np.linspace(-1, 1, 9)]
            ld.line(pts, fill=255, width=lw)
            for t in np.linspace(-0.7, 0.9, 7):
                bx_, by_ = x + ln * t * ca, y + ln * t * sa
                bl = 0.32 * ln * (1 - abs(t - 0.1))
                for sgn in (1, -1):
                    ex, ey = bx_ - 0.35 * bl * ca - sgn * bl * sa, by_ - 0.35 * bl * sa + sgn * bl * ca
                    ld.line([(bx_, by_), (ex, ey)], fill=255, width=lw)
    else:
        raise ValueError(light)
    alpha = base + 0.34 * _m(lay)
    _paste_rgba(img, tex, cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.5), ax, ay)


def _draw_outline32(img: Image.Image, box, style: Style32, rng: random.Random) -> None:
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
    v = across / f
    if kind == "outline_zipper":  # a zip laid round the cell: its tape, and two rows of metal teeth interlocking
        pt = max(3.0, f * 0.55)
        u = along / pt
        outer = (v > 0.18) & (v < 0.52) & ((u % 1) < 0.55)
        inner = (v >= 0.48) & (v < 0.82) & (((u + 0.5) % 1) < 0.55)
        tex[band] = col * 0.9
        tex[outer | inner] = _lift(col, 0.32)
        tex[(outer | inner) & (((u * 2) % 1) < 0.2)] = col * 0.75
        m = band.astype(np.float32)
    elif kind == "outline_gear_teeth":  # a gear's rim: a solid ring with square teeth round its outer edge
        pt = max(4.0, f * 0.9)
        tooth = ((along / pt) % 1) < 0.5
        ring = band & (v >= 0.4)
        m = (ring | (band & (v < 0.4) & tooth)).astype(np.float32)
        tex[band & (v > 0.85)] = _lift(col, 0.2)
    elif kind == "outline_pencils":  # four pencils laid round the cell: faceted bodies, each tip at the next corner
        sides = ((0, w), (w, h), (w + h, w), (2 * w + h, h))
        m = np.zeros((h, w), np.float32)
        for start, ln in sides:
            pos = along - start
            on = band & (pos >= 0) & (pos < ln)
            tip = max(3.0, 0.28 * ln)
            taper = np.clip((ln - pos) / tip, 0, 1)  # 1 along the body, falling to 0 at the point
            keep = on & (np.abs(v - 0.5) < 0.5 * taper + 0.02)
            wood = keep & (taper < 1)
            lead = keep & (taper < 0.3)
            tex[keep] = col
            tex[keep & (np.abs(v - 0.34) < 0.05)] = col * 0.6  # facet lines along the body
            tex[keep & (np.abs(v - 0.66) < 0.05)] = _lift(col, 0.2)
            tex[wood] = _lift(col, 0.4)
            tex[lead] = col * 0.5
            m = np.maximum(m, keep.astype(np.float32))
    elif kind == "outline_piano_keys":  # a row of piano keys round the cell: key after key, black keys between
        pk = max(3.5, f * 0.75)
        k = np.floor(along / pk)
        sep = (along % pk) < 1.0
        tex[band] = col
        blackkey = band & (v < 0.6) & (np.isin(k % 7, (1, 2, 4, 5, 6))) & (np.abs((along % pk) - 0.5) < 0.3 * pk + 0.5)
        tex[blackkey] = col * 0.5
        tex[blackkey & (v > 0.1) & (v < 0.2)] = _lift(col, 0.25)
        tex[sep & band & ~blackkey] = _lift(col, 0.55)
        m = band.astype(np.float32)
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross32(img: Image.Image, box, style: Style32, rng: random.Random) -> None:
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
    if kind == "heavy_x_swords":  # two swords crossed: pointed blades with a pale fuller, crossguards, grips, pommels
        for k, (p, q) in enumerate(arms):
            if k:
                p, q = q, p
            t, n, ln = _stroke_coords(p, q, xx, yy)
            hw = wid * 0.26 * np.clip(t / 0.12, 0, 1)  # the blade narrows to its point at t = 0
            blade = (np.abs(n) < hw) & (t > 0) & (t < 0.7)
            guard = (np.abs((t - 0.71) * ln) < wid * 0.13) & (np.abs(n) < wid * 0.62)
            grip = (t >= 0.7) & (t < 0.92) & (np.abs(n) < wid * 0.17)
            pommel = np.hypot((t - 0.95) * ln, n) < wid * 0.24
            tex[blade] = col
            tex[blade & (np.abs(n) < wid * 0.05) & (t > 0.15)] = _lift(col, 0.35)
            tex[guard | pommel] = col * 0.75
            tex[grip & ((((t * ln) / max(2.0, wid * 0.25)) % 1) < 0.35)] = col * 0.6
            tex[grip & ~((((t * ln) / max(2.0, wid * 0.25)) % 1) < 0.35)] = col
            m = np.maximum(m, (blade | guard | grip | pommel).astype(np.float32))
        m = cv2.GaussianBlur(m, (0, 0), 0.4)
    elif kind == "heavy_x_chain_links":  # two lengths of chain crossed: flat oval links and links seen edge-on
        for p, q in arms:
            t, n, ln = _stroke_coords(p, q, xx, yy)
            pl = max(4.0, wid * 0.95)
            along = t * ln
            k = np.floor(along / pl)
            u = along - (k + 0.5) * pl
            ring = (((u / (0.7 * pl)) ** 2 + (n / (0.48 * wid)) ** 2 < 1)
                    & ~(((u / (0.38 * pl)) ** 2 + (n / (0.18 * wid)) ** 2) < 1))
            bar = (np.abs(u) < 0.72 * pl) & (np.abs(n) < 0.14 * wid)
            link = np.where(k % 2 == 0, ring, bar) & (t > -0.02) & (t < 1.02)
            tex[link & (n < 0)] = _lift(col, 0.18)
            tex[link & (n >= 0)] = col
            m = np.maximum(m, link.astype(np.float32))
        m = cv2.GaussianBlur(m, (0, 0), 0.4)
    elif kind == "heavy_x_nails":  # two nails crossed: pointed shanks, grip rings below flat round heads
        for k, (p, q) in enumerate(arms):
            if k:
                p, q = q, p
            t, n, ln = _stroke_coords(p, q, xx, yy)
            hw = wid * 0.24 * np.clip(t / 0.1, 0, 1)
            shank = (np.abs(n) < hw) & (t > 0) & (t < 0.95)
            head = (np.abs((t - 0.96) * ln) < wid * 0.14) & (np.abs(n) < wid * 0.6)
            rings = shank & (t > 0.7) & (t < 0.9) & ((((t * ln) / max(2.0, wid * 0.22)) % 1) < 0.4)
            tex[shank] = col * (1.0 + 0.25 * np.clip(-n / (wid * 0.24), -1, 1))[shank][..., None]
            tex[rings] = col * 0.6
            tex[head] = col * 0.8
            m = np.maximum(m, (shank | head).astype(np.float32))
        m = cv2.GaussianBlur(m, (0, 0), 0.4)
    elif kind == "heavy_x_bolts":  # two bolts crossed: threaded shafts, a hexagonal head on each
        for k, (p, q) in enumerate(arms):
            if k:
                p, q = q, p
            t, n, ln = _stroke_coords(p, q, xx, yy)
            shaft = (np.abs(n) < wid * 0.26) & (t > 0) & (t < 0.8)
            per = max(2.0, wid * 0.3)
            thread = shaft & ((((t * ln + 0.5 * n) / per) % 1) < 0.45)
            u = (t - 0.89) * ln
            head = (np.abs(u) < 0.11 * ln) & (np.abs(n) + 0.45 * np.abs(u) < wid * 0.62)
            tex[shaft] = col
            tex[thread] = _lift(col, 0.28)
            tex[head] = col * 0.85
            tex[head & (np.abs(np.abs(n) - wid * 0.2) < 0.8)] = col * 0.55  # the head's facet edges
            m = np.maximum(m, (shaft | head).astype(np.float32))
    else:
        raise ValueError(kind)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(m, 0, 1).astype(np.float32), ax, ay)


SPRINKLES = ((236, 108, 150), (248, 204, 70), (104, 180, 232), (116, 196, 116), (180, 126, 220))


def _draw_empty32(img: Image.Image, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    d = ImageDraw.Draw(img)
    if kind == "none":
        return
    if kind == "tally_stroke":  # a short upright pencil stroke, a tally mark
        k = 0.15 * s
        sl = rng.uniform(-0.015, 0.015) * s
        d.line([(cx - sl, cy + k), (cx + sl, cy - k)], fill=(108, 108, 116), width=max(1, round(s / 24)))
    elif kind == "pencil_v":  # a small v in pencil
        pts = [(cx - 0.12 * s, cy - 0.07 * s), (cx - 0.02 * s, cy + 0.1 * s), (cx + 0.13 * s, cy - 0.12 * s)]
        d.line(pts, fill=(112, 112, 120), width=max(1, round(s / 26)), joint="curve")
    elif kind in ("crayon_dot", "stamp_pad_dot"):  # a waxy orange crayon dot / a violet dot from an ink stamp pad
        r = max(2.5, (0.1 if kind == "crayon_dot" else 0.085) * s)
        n = int(2 * r + 5)
        yy, xx = np.mgrid[0:n, 0:n].astype(np.float32)
        dx, dy = xx - n / 2, yy - n / 2
        th = np.arctan2(dy, dx)
        g = _nrng(rng)
        if kind == "crayon_dot":
            rad = r * (1 + 0.12 * np.sin(3 * th + rng.uniform(0, 6)))
            alpha = (np.hypot(dx, dy) < rad) * np.where(g.random((n, n)) < 0.22, 0.15, 0.88)
            ink = (206, 94, 52)
        else:
            dd = np.hypot(dx, dy) / r
            alpha = np.where(dd < 1, np.where(dd > 0.72, 0.88, 0.5 + 0.15 * g.standard_normal((n, n))), 0.0)
            ink = (112, 72, 168)
        alpha = cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.45)
        _paste_rgba(img, np.full((n, n, 3), ink, np.float32), alpha, round(cx - n / 2), round(cy - n / 2))
    elif kind == "sprinkle":  # one sugar sprinkle dropped on the icing: a short coloured rod with a shine
        a = rng.uniform(0, math.pi)
        ln, wd = 0.12 * s, max(2, round(0.07 * s))
        c = rng.choice(SPRINKLES)
        p, q = (cx - ln * math.cos(a), cy - ln * math.sin(a)), (cx + ln * math.cos(a), cy + ln * math.sin(a))
        d.line([(p[0] + 1, p[1] + 1), (q[0] + 1, q[1] + 1)], fill=(214, 206, 192), width=wd)
        d.line([p, q], fill=c, width=wd)
        for e in (p, q):
            d.ellipse([e[0] - wd / 2, e[1] - wd / 2, e[0] + wd / 2, e[1] + wd / 2], fill=c)
        d.line([(p[0] - wd * 0.2, p[1] - wd * 0.2), (q[0] - wd * 0.2, q[1] - wd * 0.2)],
               fill=tuple(int(v + (255 - v) * 0.5) for v in c), width=1)
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids


def _line_mask(W: int, H: int, L: dict[str, Any], thin: int, major: int, over: float = 0.0) -> np.ndarray:
    """A 0..1 mask of the grid's lines: thin ones ``thin`` wide, block lines ``major`` wide (reaching ``over``
    past the grid's ends)."""
    xs, ys = L["xs"], L["ys"]
    lay, ld = _layer(W, H)
    for i, x in enumerate(xs):
        big = _major(i, L["cols"])
        e = over if big else 0
        ld.line([(x, ys[0] - e), (x, ys[-1] + e)], fill=255, width=major if big else thin)
    for j, y in enumerate(ys):
        big = _major(j, L["rows"])
        e = over if big else 0
        ld.line([(xs[0] - e, y), (xs[-1] + e, y)], fill=255, width=major if big else thin)
    return _m(lay)


def _bbox(m: np.ndarray, pad: int) -> tuple[int, int, int, int]:
    ys_, xs_ = np.nonzero(m > 0.01)
    H, W = m.shape
    return (max(0, int(xs_.min()) - pad), max(0, int(ys_.min()) - pad), min(W, int(xs_.max()) + pad + 1),
            min(H, int(ys_.max()) + pad + 1))


def _draw_grid32(img: Image.Image, L: dict[str, Any], rng: random.Random, name: str, inp: np.ndarray | None) -> None:
    if name == "kept":
        _draw_grid18(img, L, rng, "kept", inp)
        return
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    gx0, gy0, gx1, gy1 = xs[0], ys[0], xs[-1], ys[-1]
    thin = max(1, round(s / 30))
    vlines = [(x, _major(i, cols)) for i, x in enumerate(xs)]
    hlines = [(y, _major(j, rows)) for j, y in enumerate(ys)]
    W, H = img.size
    if name == "beaded_majors":  # pen lines; each block line a string of dark glass beads, each with its highlight
        for x, big in vlines:
            if not big:
                d.line([(x, gy0), (x, gy1)], fill=(108, 108, 116), width=thin)
        for y, big in hlines:
            if not big:
                d.line([(gx0, y), (gx1, y)], fill=(108, 108, 116), width=thin)
        bd = max(4.0, s / 7)
        r = bd / 2
        beads = []
        for vertical, lines, a0, a1 in ((True, vlines, gy0, gy1), (False, hlines, gx0, gx1)):
            for c, big in lines:
                if big:
                    for t in np.arange(a0 - r, a1 + r + 0.1, bd * 0.95):
                        beads.append((c, float(t)) if vertical else (float(t), c))
        for x, y in beads:
            d.ellipse([x - r + 1, y - r + 1, x + r + 1, y + r + 1], fill=(150, 150, 156))
        for x, y in beads:
            d.ellipse([x - r, y - r, x + r, y + r], fill=(34, 32, 44), outline=(20, 18, 26))
            hr = max(1.0, 0.22 * r)
            d.ellipse([x - 0.4 * r - hr, y - 0.4 * r - hr, x - 0.4 * r + hr, y - 0.4 * r + hr], fill=(196, 196, 214))
        return
    if name == "pipe_cleaner_majors":  # pen lines; each block line a fuzzy chenille pipe cleaner laid on the page
        for x, big in vlines:
            if not big:
                d.line([(x, gy0), (x, gy1)], fill=(108, 108, 116), width=thin)
        for y, big in hlines:
            if not big:
                d.line([(gx0, y), (gx1, y)], fill=(108, 108, 116), width=thin)
        g = _nrng(rng)
        wd = max(4.0, s / 7)
        lay, ld = _layer(W, H)
        for vertical, lines, a0, a1 in ((True, vlines, gy0, gy1), (False, hlines, gx0, gx1)):
            for c, big in lines:
                if big:
                    e0, e1 = a0 - wd * rng.uniform(0.6, 1.0), a1 + wd * rng.uniform(0.6, 1.0)
                    ld.line([(c, e0), (c, e1)] if vertical else [(e0, c), (e1, c)], fill=255, width=1)
        core = _m(lay)
        x0, y0, x1, y1 = _bbox(core, int(wd) + 3)
        cc = (core[y0:y1, x0:x1] > 0.5).astype(np.uint8)
        dist = cv2.distanceTransform(1 - cc, cv2.DIST_L2, 3)
        hh, ww = dist.shape
        fuzz = g.random((hh, ww)).astype(np.float32)
        alpha = np.clip((wd / 2 * (0.75 + 0.5 * fuzz) - dist) / 1.2, 0, 1).astype(np.float32)
        tone = np.array((52, 42, 74), np.float32) * (0.8 + 0.5 * np.clip(1 - dist / (wd / 2), 0, 1)[..., None]
                                                     * (0.7 + 0.6 * fuzz[..., None]))
        _paste_rgba(img, tone, alpha, x0, y0)
        return
    if name == "copper_wire_majors":  # pen lines; block lines of round copper wire laid on the page with a shadow
        for x, big in vlines:
            if not big:
                d.line([(x, gy0), (x, gy1)], fill=(100, 100, 108), width=thin)
        for y, big in hlines:
            if not big:
                d.line([(gx0, y), (gx1, y)], fill=(100, 100, 108), width=thin)
        wd = max(3, round(s / 9))
        t = np.linspace(-1, 1, wd, dtype=np.float32)
        dark, light = np.array((96, 46, 22), np.float32), np.array((246, 182, 128), np.float32)
        hl = np.exp(-((t + 0.35) / 0.32) ** 2)
        body = 0.55 + 0.45 * np.sqrt(np.clip(1 - t * t, 0, 1))
        prof = (np.array((172, 88, 44), np.float32) * body[:, None]) * (1 - hl[:, None]) + light * hl[:, None]
        prof = np.where(np.abs(t)[:, None] > 0.85, dark, prof)
        sh = np.zeros((H, W), np.float32)
        segs = []
        for vertical, lines, a0, a1 in ((True, vlines, gy0, gy1), (False, hlines, gx0, gx1)):
            for c, big in lines:
                if big:
                    e0, e1 = a0 - wd * rng.uniform(0.8, 1.4), a1 + wd * rng.uniform(0.8, 1.4)
                    segs.append((vertical, c, e0, e1))
                    if vertical:
                        sh[max(0, int(e0) + 2):int(e1) + 3, int(c - wd / 2) + 2:int(c + wd / 2) + 3] = 1
                    else:
                        sh[int(c - wd / 2) + 2:int(c + wd / 2) + 3, max(0, int(e0) + 2):int(e1) + 3] = 1
        arr = np.asarray(img, np.float32) * (1 - 0.3 * cv2.GaussianBlur(sh, (0, 0), max(1.0, s / 30)))[..., None]
        img.paste(Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8)))
        for vertical, c, e0, e1 in segs:
            n = round(e1 - e0)
            if vertical:
                tex = np.repeat(prof[None, :, :], n, 0)
                tex[:2] = tex[-2:] = _lift(prof, 0.25)[None]  # the cut ends catch the light
                _paste(img, tex, round(c - wd / 2), round(e0), None)
            else:
                tex = np.repeat(prof[:, None, :], n, 1)
                tex[:, :2] = tex[:, -2:] = _lift(prof, 0.25)[:, None]
                _paste(img, tex, round(e0), round(c - wd / 2), None)
        return
    if name == "rubber_stamped_grid":  # the whole grid printed from a rubber stamp: uneven ink, squeezed edges, skips
        g = _nrng(rng)
        m = _line_mask(W, H, L, max(1, round(s / 30)) + 1, max(4, round(s / 8)), max(2, round(s / 22)))
        x0, y0, x1, y1 = _bbox(m, 2)
        mm = m[y0:y1, x0:x1]
        hh, ww = mm.shape
        n = _noise0(g, hh, ww, 2.0)
        dens = np.clip(0.82 + 0.18 * n, 0.45, 1.0)
        dens = np.where(g.random((hh, ww)) > 0.93, dens * 0.45, dens)
        edge = mm - cv2.erode(mm, np.ones((3, 3), np.uint8))
        alpha = np.clip(mm * dens + 0.15 * edge, 0, 1).astype(np.float32)
        _paste_rgba(img, np.full((hh, ww, 3), (40, 40, 86), np.float32), alpha, x0, y0)
        return
    raise ValueError(name)


# ------------------------------------------------------------------------------------------ redraws


FONDANT = (247, 243, 235)
CHOC = (72, 42, 26)
BRASS = (198, 162, 92)


def _draw_redraw_grid32(img: Image.Image, L: dict[str, Any], kind: str, rng: random.Random) -> None:
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    if kind == "iced_cake":  # piped in chocolate: thin lines from a fine nozzle, block lines thicker with a shine
        thin, wd = max(2, round(s / 20)), max(3, round(s / 9))

        def piped(p, q, width):
            n = 12
            pts = []
            for k in range(n + 1):
                t = k / n
                j = rng.uniform(-0.45, 0.45) if 0 < k < n else 0.0
                x, y = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
                pts.append((x + j, y) if p[0] == q[0] else (x, y + j))
            d.line(pts, fill=CHOC, width=width, joint="curve")
            return pts

        majors = []
        for i, x in enumerate(xs):
            if not _major(i, cols):
                piped((x, ys[0]), (x, ys[-1]), thin)
            else:
                majors.append(((x, ys[0] - wd // 2), (x, ys[-1] + wd // 2)))
        for j, y in enumerate(ys):
            if not _major(j, rows):
                piped((xs[0], y), (xs[-1], y), thin)
            else:
                majors.append(((xs[0] - wd // 2, y), (xs[-1] + wd // 2, y)))
        for p, q in majors:
            pts = piped(p, q, wd)
            off = wd * 0.22
            d.line([(x - off, y - off) for x, y in pts[1:-1]], fill=(134, 92, 66), width=max(1, round(wd / 5)))
        return
    # brass_plaque: grooves engraved and filled black, each block line's lower wall catching the light
    thin, wd = max(1, round(s / 28)), max(2, round(s / 11))
    for i, x in enumerate(xs):
        big = _major(i, cols)
        e = wd // 2 if big else 0
        if big:
            d.line([(x + wd / 2, ys[0] - e), (x + wd / 2, ys[-1] + e)], fill=(236, 212, 150), width=1)
        d.line([(x, ys[0] - e), (x, ys[-1] + e)], fill=(40, 32, 22), width=wd if big else thin)
    for j, y in enumerate(ys):
        big = _major(j, rows)
        e = wd // 2 if big else 0
        if big:
            d.line([(xs[0] - e, y + wd / 2), (xs[-1] + e, y + wd / 2)], fill=(236, 212, 150), width=1)
        d.line([(xs[0] - e, y), (xs[-1] + e, y)], fill=(40, 32, 22), width=wd if big else thin)


def _redraw_whole32(layout: dict[str, Any], style: Style32, row_vals, col_vals, rng: random.Random,
                    target: tuple[int, int]) -> tuple[Image.Image, dict[str, Any]]:
    """The whole puzzle drawn anew (``style.redraw``): its own canvas, cell size, clue layout and margins. Returns the
    page (clues, no marks, no grid yet) and its geometry."""
    kind = style.redraw
    rows, cols = layout["rows"], layout["cols"]
    base = layout["cell_px"] * rng.uniform(0.9, 0.98) * 0.92
    cws, chs = [base] * cols, [base] * rows
    ref = _digit_h(_font(INPUT_FONT, layout["clue_font_px"]))
    px = _px_for(style.clue_font, ref * rng.uniform(*style.clue_scale))
    font = _font(style.clue_font, px)
    while px > 8 and max(_ink_w(font, t) for v in col_vals for t in v) > 0.72 * base:
        px -= 1
        font = _font(style.clue_font, px)
    dh = _digit_h(font)
    gapn, slot = dh * rng.uniform(0.75, 0.9), dh * rng.uniform(1.5, 1.65)
    row_w = max(sum(_ink_w(font, t) for t in v) + gapn * (len(v) - 1) for v in row_vals)
    col_h = max(len(v) for v in col_vals) * slot
    pad = 0.45 * base
    gw, gh = sum(cws), sum(chs)
    pw, ph = row_w + pad * 1.4 + gw, col_h + pad * 1.4 + gh  # the puzzle: clues and grid
    g = _nrng(rng)
    if kind == "iced_cake":  # a sheet cake seen from above: white icing, a piped shell border round its top
        m_, bord = 0.7 * base, 0.5 * base
        W = round(max(pw + 2 * (m_ + bord), 0.85 * target[0]))
        H = round(ph + 2 * (m_ + bord))
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        top = np.array(FONDANT, np.float32) * (1 + 0.01 * _smooth(g, H, W, 6)
                                               + 0.015 * (0.5 - yy / H))[..., None]
        across = np.minimum.reduce([xx, yy, W - 1 - xx, H - 1 - yy])
        top *= (1 - 0.12 * np.clip(1 - across / (0.2 * bord), 0, 1))[..., None]  # the cake's rounded top edge
        img = Image.fromarray(np.clip(top, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        c = bord * 0.55  # the shells' line, round the top's edge
        R = bord * 0.36
        for (p0, p1) in (((c, c), (W - c, c)), ((W - c, c), (W - c, H - c)), ((W - c, H - c), (c, H - c)),
                         ((c, H - c), (c, c))):
            ln = math.hypot(p1[0] - p0[0], p1[1] - p0[1])
            ux, uy = (p1[0] - p0[0]) / ln, (p1[1] - p0[1]) / ln
            for t in np.arange(0, ln, R * 1.35):
                x, y = p0[0] + ux * t, p0[1] + uy * t
                shell = [(x + ux * R * 1.2 * math.cos(a) - uy * R * math.sin(a) * (0.55 + 0.45 * math.cos(a)),
                          y + uy * R * 1.2 * math.cos(a) + ux * R * math.sin(a) * (0.55 + 0.45 * math.cos(a)))
                         for a in np.linspace(0, 2 * math.pi, 16, endpoint=False)]
                d.polygon([(px_ + 1.5, py_ + 1.5) for px_, py_ in shell], fill=(206, 196, 182))
                d.polygon(shell, fill=(250, 247, 240), outline=(222, 214, 202))
                d.line([(x - ux * R * 0.5, y - uy * R * 0.5), (x + ux * R * 0.9, y + uy * R * 0.9)],
                       fill=(232, 226, 214), width=1)
        ex = (W - 2 * (m_ + bord) - pw) / 2
        gx0, gy0 = m_ + bord + ex + row_w + pad * 1.4, m_ + bord + col_h + pad * 1.4
    else:  # brass_plaque: a brushed brass plate with a bevelled edge, an engraved double rule and four screws
        bm = 0.8 * base
        W = round(max(pw + 2 * bm, 0.85 * target[0]))
        H = round(ph + 2 * bm)
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        brush = cv2.GaussianBlur(g.standard_normal((H, W)).astype(np.float32), (0, 0), sigmaX=24, sigmaY=0.6)
        brush /= brush.std() + 1e-6
        plate = np.array(BRASS, np.float32) * (1 + 0.025 * brush + 0.04 * (xx / W - 0.5))[..., None]
        across = np.minimum.reduce([xx, yy, W - 1 - xx, H - 1 - yy])
        bev = max(3.0, 0.16 * base)
        lit = np.where(np.minimum(xx, yy) <= np.minimum(W - 1 - xx, H - 1 - yy), 1.14, 0.74)
        plate = np.where((across < bev)[..., None], plate * lit[..., None], plate)
        img = Image.fromarray(np.clip(plate, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        for k, ins in enumerate((0.42 * bm, 0.52 * bm)):
            d.rectangle([ins, ins, W - 1 - ins, H - 1 - ins], outline=(52, 40, 24), width=2 if k == 0 else 1)
        sr = 0.11 * bm
        for sx, sy in ((0.22 * bm, 0.22 * bm), (W - 0.22 * bm, 0.22 * bm), (0.22 * bm, H - 0.22 * bm),
                       (W - 0.22 * bm, H - 0.22 * bm)):
            d.ellipse([sx - sr - 1, sy - sr - 1, sx + sr + 1, sy + sr + 1], fill=(120, 94, 50))
            d.ellipse([sx - sr, sy - sr, sx + sr, sy + sr], fill=(214, 184, 118))
            a = rng.uniform(0, math.pi)
            d.line([(sx - sr * math.cos(a), sy - sr * math.sin(a)), (sx + sr * math.cos(a), sy + sr * math.sin(a))],
                   fill=(70, 54, 30), width=max(1, round(sr / 3)))
        ex = (W - 2 * bm - pw) / 2
        gx0, gy0 = bm + ex + row_w + pad * 1.4, bm + col_h + pad * 1.4
    keep = [gx0 - pad * 1.4 - row_w - 4, gy0 - pad * 1.4 - col_h - 4, gx0 + gw + 4, gy0 + gh + 4]
    xs = [gx0 + sum(cws[:i]) for i in range(cols + 1)]
    ys = [gy0 + sum(chs[:j]) for j in range(rows + 1)]
    L = {"grid_bbox": [xs[0], ys[0], xs[-1], ys[-1]], "rows": rows, "cols": cols, "cw": gw / cols, "ch": gh / rows,
         "cell_px": base, "xs": xs, "ys": ys, "x0s": xs[:-1], "y0s": ys[:-1], "keep": keep}
    d = ImageDraw.Draw(img)
    under = (206, 196, 182) if kind == "iced_cake" else (234, 210, 148)  # the piping's shadow / the groove's lit wall

    def put(xy, t):
        _put(d, (xy[0] + 1, xy[1] + 1), t, font, under, style.clue_stroke)
        _put(d, xy, t, font, style.clue_colour, style.clue_stroke)

    for r, vals in enumerate(row_vals):
        cy = (ys[r] + ys[r + 1]) / 2
        x = gx0 - pad
        for t in reversed(vals):
            wt = _ink_w(font, t)
            put((x - wt / 2, cy), t)
            x -= wt + gapn
    for c, vals in enumerate(col_vals):
        cx = (xs[c] + xs[c + 1]) / 2
        for k, t in enumerate(vals):
            put((cx, gy0 - pad - (len(vals) - k - 0.5) * slot), t)
    return img, L


# ------------------------------------------------------------------------------------------ pages


def _grain(a: np.ndarray, g: np.random.Generator, sd: float) -> np.ndarray:
    """The photo's sensor noise: ``a`` with Gaussian noise of spread ``sd`` added (the same in every channel), as
    uint8."""
    n = sd * g.standard_normal(a.shape[:2], dtype=np.float32)
    return np.clip(a + n[..., None], 0, 255).astype(np.uint8)


def _smooth(g: np.random.Generator, h: int, w: int, sigma: float) -> np.ndarray:
    """Blurred noise of unit spread; a wide blur is made at a reduced scale and enlarged."""
    if sigma <= 4:
        return _blurred_noise(g, h, w, sigma)
    f = sigma / 4
    small = _blurred_noise(g, int(h / f) + 2, int(w / f) + 2, 4)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)


def _table(g: np.random.Generator, H: int, W: int, colour, grain: float, sigma: float) -> np.ndarray:
    """A plain surface: ``colour`` mottled by blurred noise of spread ``grain``."""
    bg = np.empty((H, W, 3), np.float32)
    bg[:] = colour
    bg *= (1 + grain * _smooth(g, H, W, sigma))[..., None]
    return bg


def _wood(g: np.random.Generator, H: int, W: int, colour, grain: float = 0.05) -> np.ndarray:
    """A wooden table top: ``colour`` with long wavy grain along it."""
    bg = _table(g, H, W, colour, 0.04, 3)
    yy = np.arange(H, dtype=np.float32)[:, None]
    return bg * (1 + grain * np.sin(yy / 5 + 3 * _smooth(g, H, W, 18)))[..., None]


def _die(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float, ang: float, value: int) -> None:
    """An ivory die seen from above: a rounded square, its shaded near sides and ``value`` black pips."""
    r = size / 2
    sq = []
    for k in range(4):
        for t in np.linspace(-0.6, 0.6, 5):
            a = ang + k * math.pi / 2 + math.pi / 4 + t * 0.5
            rr = r * 1.3 / max(abs(math.cos(a - ang)), abs(math.sin(a - ang)), 0.75) * 0.78
            sq.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    d.polygon([(x + 0.12 * size, y + 0.14 * size) for x, y in sq], fill=(150, 144, 132))
    d.polygon(sq, fill=(244, 240, 228), outline=(168, 162, 150))
    spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
             4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
             6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[value]
    pr = 0.09 * size
    ca, sa = math.cos(ang), math.sin(ang)
    for u, v in spots:
        px_, py_ = cx + 0.27 * size * (u * ca - v * sa), cy + 0.27 * size * (u * sa + v * ca)
        d.ellipse([px_ - pr, py_ - pr, px_ + pr, py_ + pr], fill=(24, 22, 22))


def _page32(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    big = max(h, w)
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "rain_window":  # the page taped inside a shop window, photographed from the street in the rain
        M = round(0.08 * big)
        deg = rng.uniform(-1.5, 1.5)
        Hr, Wr = _rot_size(h, w, deg)
        H, W = Hr + 2 * M + 90, Wr + 2 * M + 90
        bg = _table(g, H, W, (44, 42, 48), 0.12, 0.03 * big)
        for _ in range(5):  # shelves and shapes in the dim shop behind the glass
            x0_, y0_ = rng.uniform(0, W), rng.uniform(0, H)
            bg[int(y0_):int(y0_ + rng.uniform(0.05, 0.3) * H), int(x0_):int(x0_ + rng.uniform(0.05, 0.2) * W)] *= \
                rng.uniform(0.7, 1.5)
        bg = cv2.GaussianBlur(bg, (0, 0), 4)
        out = _on_table(a, bg, deg, (M, M), 0.12, g)
        Ho, Wo = out.shape[:2]
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        lay, ld = _layer(Wo, Ho)
        for tx in (M + 0.08 * w, M + 0.92 * w):  # two strips of tape holding the page's top corners to the glass
            ld.polygon(_rotated([(-1, -0.35), (1, -0.35), (1, 0.35), (-1, 0.35)], tx, M + 2, math.radians(
                rng.uniform(-12, 12)), 0.05 * big), fill=255)
        tm = cv2.GaussianBlur(_m(lay), (0, 0), 0.6)
        out = np.asarray(img, np.float32)
        out = out * (1 - 0.35 * tm[..., None]) + np.array((238, 234, 214), np.float32) * (0.35 * tm[..., None])
        yy, xx = np.mgrid[0:Ho, 0:Wo].astype(np.float32)
        out += (16 * (1 - yy / Ho) + 10 * np.exp(-((xx - Wo * rng.uniform(0.6, 0.9)) / (0.05 * Wo)) ** 2))[..., None]
        out *= np.array((0.95, 0.98, 1.03), np.float32)
        soft = cv2.GaussianBlur(out, (0, 0), 2.5)
        drops = []
        for _ in range(int(90 * Ho * Wo / 800 ** 2)):
            drops.append((rng.uniform(0, Wo), rng.uniform(0, Ho), rng.uniform(0.0025, 0.007) * big, 1.0))
        for _ in range(rng.randint(4, 7)):  # a few heavier drops, drawn out as they begin to run
            drops.append((rng.uniform(0, Wo), rng.uniform(0, Ho), rng.uniform(0.006, 0.008) * big, 1.4))
        for x, y, r, tall in drops:
            rx, ry = r, r * tall
            x0_, y0_ = int(max(0, x - rx - 2)), int(max(0, y - ry - 2))
            x1_, y1_ = int(min(Wo, x + rx + 3)), int(min(Ho, y + ry + 3))
            if x1_ - x0_ < 3 or y1_ - y0_ < 3:
                continue
            py, px = np.mgrid[y0_:y1_, x0_:x1_].astype(np.float32)
            dd = np.hypot((px - x) / rx, (py - y) / ry)
            inside = dd < 1
            sx = np.clip(x - (px - x) * 0.6, 0, Wo - 1).astype(np.int64)  # the drop shows the view turned over
            sy = np.clip(y - (py - y) * 0.6, 0, Ho - 1).astype(np.int64)
            view = soft[sy, sx] * 0.92
            rim = np.clip((dd - 0.7) / 0.3, 0, 1) * np.clip((px - x + py - y) / (rx + ry) + 0.5, 0, 1)
            view *= (1 - 0.45 * rim)[..., None]
            hl = np.hypot((px - x + 0.35 * rx) / (0.16 * rx), (py - y + 0.4 * ry) / (0.13 * ry)) < 1
            view[hl] = view[hl] * 0.4 + 140
            patch = out[y0_:y1_, x0_:x1_]
            patch[inside] = view[inside]
        out = cv2.GaussianBlur(out, (0, 0), 0.5)
        return _grain(out, g, 2.2)
    if e == "bus_moquette":  # the page on a bus seat's patterned moquette, the seat back's seam above it
        M = round(0.12 * big)
        deg = rng.uniform(-5.0, 5.0)
        Hr, Wr = _rot_size(h, w, deg)
        H, W = Hr + 2 * M + 90, Wr + 2 * M + 90
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        q = 0.045 * big
        bg = np.empty((H, W, 3), np.float32)
        bg[:] = (32, 36, 76)
        i, j = np.floor(xx / q), np.floor(yy / q)
        fx, fy = (xx / q) % 1, (yy / q) % 1
        diamond = np.abs(fx - 0.5) + np.abs(fy - 0.5) < 0.32
        square = (np.abs(fx - 0.5) < 0.12) & (np.abs(fy - 0.5) < 0.12)
        pick = ((i + 2 * j) % 3).astype(np.int64)
        cols = np.array(((40, 150, 150), (176, 52, 112), (206, 164, 52)), np.float32)
        bg[diamond] = cols[pick[diamond]]
        bg[square] = (32, 36, 76)
        bg *= (1 + 0.09 * g.standard_normal((H, W)).astype(np.float32) + 0.05 * _blurred_noise(g, H, W, 3))[..., None]
        bg = cv2.GaussianBlur(bg, (0, 0), 0.8)
        seam = round(0.45 * M)
        bg[:seam] *= 0.7
        bg[seam - 2:seam + 2] = (20, 22, 44)
        out = _on_table(a, bg, deg, (M, M), 0.4, g)
        out = _grain(out, g, 2.0)
        return _perspective(out, rng.uniform(0.03, 0.05), (26, 30, 60))
    if e == "conveyor_belt":  # the page on a checkout's ribbed black conveyor belt, a divider bar on it
        M = round(0.12 * big)
        deg = rng.uniform(-6.0, 6.0)
        Hr, Wr = _rot_size(h, w, deg)
        H, W = Hr + 2 * M + 90, Wr + 2 * M + 90
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        bg = np.empty((H, W, 3), np.float32)
        bg[:] = (38, 38, 40)
        bg *= (1 + 0.07 * np.sin(yy * 2 * math.pi / 4.5) + 0.03 * _blurred_noise(g, H, W, 2))[..., None]
        bg *= (1 + 0.12 * np.exp(-((xx - W * 0.6) / (0.3 * W)) ** 2))[..., None]  # the till's light on the rubber
        rail = round(0.3 * M)
        steel = np.array((172, 174, 180), np.float32) * (1 + 0.05 * cv2.GaussianBlur(
            g.standard_normal((rail, W)).astype(np.float32), (0, 0), sigmaX=20, sigmaY=0.5))[..., None]
        bg[:rail] = steel
        bg[rail:rail + 3] *= 0.5
        out = _on_table(a, bg, deg, (M, M), 0.45, g)
        Ho, Wo = out.shape[:2]
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        bw = 0.36 * M  # the divider bar, lying across the belt in the left margin
        bx0 = 0.25 * M
        d.rectangle([bx0 + 5, rail + 0.3 * M + 6, bx0 + bw + 5, Ho - 0.3 * M + 6], fill=(20, 20, 22))
        d.rectangle([bx0, rail + 0.3 * M, bx0 + bw, Ho - 0.3 * M], fill=(206, 208, 212), outline=(140, 142, 148))
        d.line([(bx0 + bw * 0.3, rail + 0.3 * M), (bx0 + bw * 0.3, Ho - 0.3 * M)], fill=(236, 238, 240), width=2)
        word = "NEXT CUSTOMER"
        tf = _font(UI_BOLD, max(8, round(bw * 0.5)))
        tw = int(tf.getlength(word)) + 4
        lbl = Image.new("L", (tw, round(bw)), 0)
        ImageDraw.Draw(lbl).text((2, bw / 2), word, font=tf, fill=255, anchor="lm")
        lbl = lbl.rotate(90, expand=True)
        ty = int(rail + 0.3 * M + ((Ho - 0.6 * M - rail) - lbl.size[1]) / 2)
        if lbl.size[1] < Ho - 0.6 * M - rail:
            img.paste(Image.new("RGB", lbl.size, (60, 62, 70)), (int(bx0 + (bw - lbl.size[0]) / 2), ty), lbl)
        out = np.asarray(img, np.float32) * np.array((0.98, 1.0, 1.03), np.float32)
        out = _grain(out, g, 2.0)
        return _perspective(out, rng.uniform(0.02, 0.04), (30, 30, 32))
    if e == "thread_spool_margin":  # a wooden spool of red thread and a needle on the widened left margin
        ml = round(0.28 * w)
        page = _extend(a, left=ml)
        Hp, Wp = page.shape[:2]
        cx, cy = 0.48 * ml, Hp * rng.uniform(0.28, 0.42)
        sw, sh_ = 0.46 * ml, 0.34 * ml  # the spool stands upright: flanges above and below the thread
        fl = 0.11 * ml
        lay, ld = _layer(Wp, Hp)
        ld.rectangle([cx - sw / 2, cy - sh_ / 2 - fl, cx + sw / 2, cy + sh_ / 2 + fl], fill=255)
        nx0, ny0 = cx - 0.25 * ml, cy + sh_ / 2 + fl + 0.25 * ml
        nx1, ny1 = cx + 0.28 * ml, ny0 + 0.7 * ml
        ld.line([(nx0, ny0), (nx1, ny1)], fill=255, width=max(2, round(ml / 60)))
        pa = _shadow(page.astype(np.float32), lay, 0.04 * ml, 0.06 * ml, 0.03 * ml, 0.35)
        img = Image.fromarray(np.clip(pa, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        for yk in (cy - sh_ / 2 - fl, cy + sh_ / 2):
            d.rounded_rectangle([cx - sw / 2, yk, cx + sw / 2, yk + fl], radius=fl * 0.4, fill=(206, 166, 112),
                                outline=(150, 112, 70))
        d.rectangle([cx - sw * 0.42, cy - sh_ / 2, cx + sw * 0.42, cy + sh_ / 2], fill=(178, 30, 42))
        for t in np.arange(cy - sh_ / 2 + 1, cy + sh_ / 2, max(2.0, ml / 70)):  # the windings
            d.line([(cx - sw * 0.42, t), (cx + sw * 0.42, t + 1)], fill=(140, 20, 30), width=1)
        d.line([(cx - sw * 0.2, cy - sh_ / 2), (cx - sw * 0.2, cy + sh_ / 2)], fill=(214, 70, 80), width=2)
        d.line([(nx0, ny0), (nx1, ny1)], fill=(190, 194, 202), width=max(2, round(ml / 60)))
        ex_, ey_ = nx0 + (nx1 - nx0) * 0.05, ny0 + (ny1 - ny0) * 0.05
        d.ellipse([ex_ - 2, ey_ - 3, ex_ + 2, ey_ + 3], fill=(90, 90, 96))
        tail = [(cx + sw * 0.42, cy + sh_ * 0.1)] + [
            (cx + sw * 0.5 + 0.1 * ml * math.sin(k * 0.7), cy + sh_ * 0.1 + k * (ey_ - cy) / 8) for k in range(1, 8)
        ] + [(ex_, ey_)]
        d.line(tail, fill=(178, 30, 42), width=max(1, round(ml / 110)), joint="curve")
        M = round(0.05 * big)
        bg = _wood(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (182, 150, 112))
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _grain(out, g, 1.8)
    if e == "dice_margin":  # two dice on the widened right margin
        mr = round(0.26 * w)
        page = _extend(a, right=mr)
        Hp, Wp = page.shape[:2]
        x0 = _free_x(L, w)
        mw = Wp - x0
        ds = min(0.42 * mw, 0.1 * Hp)
        img = Image.fromarray(page)
        d = ImageDraw.Draw(img)
        y1 = Hp * rng.uniform(0.22, 0.35)
        _die(d, x0 + 0.45 * mw, y1, ds, rng.uniform(-0.6, 0.6), rng.randint(1, 6))
        _die(d, x0 + 0.55 * mw, y1 + 1.7 * ds, ds, rng.uniform(-0.6, 0.6), rng.randint(1, 6))
        M = round(0.05 * big)
        bg = _wood(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (96, 62, 40))
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.35, g)
        return _grain(out, g, 1.8)
    if e == "stapler_margin":  # a stapler and a few loose staples on the widened bottom margin
        mb = round(0.24 * h)
        page = _extend(a, bottom=mb)
        Hp, Wp = page.shape[:2]
        ln, ht = 0.55 * Wp, 0.34 * mb
        x0, y0 = Wp * rng.uniform(0.2, 0.3), h + 0.3 * mb
        lay, ld = _layer(Wp, Hp)
        ld.rounded_rectangle([x0, y0, x0 + ln, y0 + ht], radius=ht * 0.45, fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.03 * mb, 0.06 * mb, 0.04 * mb, 0.4)
        img = Image.fromarray(np.clip(pa, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        d.rounded_rectangle([x0, y0, x0 + ln, y0 + ht], radius=ht * 0.45, fill=(176, 180, 188),
                            outline=(120, 124, 132))  # the chrome base
        d.rounded_rectangle([x0 + 0.04 * ln, y0 + 0.12 * ht, x0 + 0.9 * ln, y0 + 0.88 * ht], radius=ht * 0.35,
                            fill=(36, 36, 42))  # the black arm
        d.line([(x0 + 0.08 * ln, y0 + 0.3 * ht), (x0 + 0.85 * ln, y0 + 0.3 * ht)], fill=(96, 96, 106),
               width=max(1, round(ht / 10)))
        d.ellipse([x0 + 0.9 * ln, y0 + 0.3 * ht, x0 + 0.9 * ln + 0.4 * ht, y0 + 0.7 * ht], fill=(60, 60, 66))
        for _ in range(3):
            sx, sy = rng.uniform(x0 + ln + 0.03 * Wp, Wp - 0.05 * Wp), rng.uniform(h + 0.2 * mb, Hp - 0.2 * mb)
            a_ = rng.uniform(0, math.pi)
            pts = _rotated([(-0.5, 0.18), (-0.5, 0), (0.5, 0), (0.5, 0.18)], sx, sy, a_, 0.05 * mb)
            d.line(pts, fill=(150, 152, 158), width=1)
        M = round(0.05 * big)
        bg = _wood(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (200, 192, 180), 0.03)
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _grain(out, g, 1.8)
    if e == "caustic_light":  # sunlight through a glass of water: a bright web of caustics across part of the page
        M = round(0.1 * big)
        deg = rng.uniform(-2.5, 2.5)
        Hr, Wr = _rot_size(h, w, deg)
        bg = _wood(g, Hr + 2 * M + 90, Wr + 2 * M + 90, (196, 168, 128))
        out = _on_table(a, bg, deg, (M, M), 0.3, g)
        H, W = out.shape[:2]
        rg = 0.38 * M
        gx, gy = W - 0.5 * M, rng.uniform(0.2, 0.45) * H  # the glass stands in the right margin
        pw_, ph_ = 0.55 * big, 0.24 * big
        x0, x1 = int(max(0, gx - pw_)), W
        y0, y1 = int(max(0, gy - ph_)), int(min(H, gy + ph_))
        yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
        env = np.exp(-(((xx - (gx - 0.45 * pw_)) / (0.5 * pw_)) ** 2 + ((yy - gy) / (0.55 * ph_)) ** 2))
        hh, ww = y1 - y0, x1 - x0
        web = np.zeros((hh, ww), np.float32)
        for sig, k in ((0.018 * big, 1.0), (0.03 * big, 0.6)):  # bright seams where the light's folds meet
            n = _smooth(g, hh, ww, sig)
            web += k * np.exp(-(n / 0.16) ** 2)
        region = out[y0:y1, x0:x1]
        region *= (1 - 0.16 * env)[..., None]  # the glass's shadow under its light
        region += (62 * web * env)[..., None] * np.array((1.0, 0.97, 0.86), np.float32)
        cv2.circle(out, (int(gx), int(gy)), int(rg), (214, 220, 222), -1, lineType=cv2.LINE_AA)
        cv2.circle(out, (int(gx), int(gy)), int(rg), (150, 160, 166), 2, lineType=cv2.LINE_AA)
        cv2.circle(out, (int(gx - 0.3 * rg), int(gy - 0.3 * rg)), int(0.25 * rg), (246, 248, 250), -1,
                   lineType=cv2.LINE_AA)
        out = np.clip(out, 0, 255)
        return _grain(out, g, 1.8)
    if e == "church_window_light":  # a dim church: light through a stained-glass window falls aslant across the page
        M = round(0.08 * big)
        deg = rng.uniform(-3.0, 3.0)
        Hr, Wr = _rot_size(h, w, deg)
        bg = _wood(g, Hr + 2 * M + 90, Wr + 2 * M + 90, (92, 64, 42), 0.08)
        out = _on_table(a, bg, deg, (M, M), 0.35, g) * 0.72
        H, W = out.shape[:2]
        lay = Image.new("RGB", (W, H), (0, 0, 0))
        ld = ImageDraw.Draw(lay)
        ww, wh = 0.36 * big, 0.7 * big
        wx0, wy0 = W / 2 - ww / 2 + rng.uniform(-0.1, 0.1) * W, H / 2 - wh / 2 + rng.uniform(-0.05, 0.1) * H
        panes = ((255, 110, 90), (110, 140, 255), (255, 214, 100), (120, 230, 130), (255, 250, 236))
        nc, nr = 3, 5
        lead = max(2, round(0.008 * big))
        for i in range(nc):
            for j in range(nr):
                px0, py0 = wx0 + i * ww / nc, wy0 + j * wh / nr
                ld.rectangle([px0, py0, px0 + ww / nc, py0 + wh / nr], fill=rng.choice(panes), outline=(0, 0, 0),
                             width=lead)
        arch = [(wx0 + ww / 2 + ww / 2 * math.cos(t), wy0 - ww / 2 * math.sin(t) * 0.9)
                for t in np.linspace(0, math.pi, 16)]
        ld.polygon(arch, fill=panes[4], outline=(0, 0, 0), width=lead)
        ang = rng.choice((1, -1)) * rng.uniform(24, 36)  # the sun's light falls aslant: no lead line lies square
        R = cv2.getRotationMatrix2D((W / 2, H / 2), ang, 1.0)
        R[0, 1] += rng.uniform(0.15, 0.3)
        light = cv2.warpAffine(np.asarray(lay, np.float32) / 255.0, R, (W, H))
        light = cv2.GaussianBlur(light, (0, 0), max(2.0, 0.007 * big))
        out = np.clip(out * (1 + 0.42 * light), 0, 255)
        return _grain(out, g, 2.5)
    if e == "uv_blacklight":  # under an ultraviolet black light: the paper glows violet-white, the ink stays dark
        M = round(0.07 * big)
        deg = rng.uniform(-2.5, 2.5)
        Hr, Wr = _rot_size(h, w, deg)
        bg = _table(g, Hr + 2 * M + 90, Wr + 2 * M + 90, (40, 34, 52), 0.08, 2)
        out = _on_table(a, bg, deg, (M, M), 0.2, g)
        lum = np.clip(_grey(out) / 255.0, 0, 1)[..., None] ** 1.1
        out = lum * np.array((206, 194, 255), np.float32) + (1 - lum) * np.array((26, 14, 44), np.float32)
        glow = cv2.GaussianBlur(np.clip(out - 150, 0, None), (0, 0), 0.012 * big)
        out = out + 0.35 * glow
        H, W = out.shape[:2]
        for _ in range(rng.randint(6, 12)):  # lint on the cloth glowing blue
            x, y = rng.uniform(0, W), rng.uniform(0, H)
            if M * 0.5 < x < W - M * 0.5 and M * 0.5 < y < H - M * 0.5:
                continue
            cv2.circle(out, (int(x), int(y)), rng.randint(1, 3), (170, 190, 255), -1, lineType=cv2.LINE_AA)
        return _grain(np.clip(out, 0, 255), g, 3.0)
    if e == "pano_seam":  # a phone panorama: a stitching seam across the page, ragged black edges above and below
        M = round(0.08 * big)
        deg = rng.uniform(-2.0, 2.0)
        Hr, Wr = _rot_size(h, w, deg)
        bg = _table(g, Hr + 2 * M + 90, Wr + 2 * M + 90, (118, 126, 140), 0.05, 3)
        out = _on_table(a, bg, deg, (M, M), 0.3, g)
        H, W = out.shape[:2]
        sx = int(W * rng.uniform(0.42, 0.58))
        dy = rng.choice((-2, -1, 1, 2))
        right = np.roll(out[:, sx - 8:], dy, axis=0) * rng.uniform(1.04, 1.07)
        ramp = np.clip(np.arange(right.shape[1], dtype=np.float32) / 8.0, 0, 1)[None, :, None]
        out[:, sx - 8:] = out[:, sx - 8:] * (1 - ramp) + right * ramp
        xs_ = np.arange(W, dtype=np.float32)
        for top in (True, False):
            edge = 0.3 * M * (0.5 + 0.5 * np.sin(xs_ / (W / 1.6) * math.pi + rng.uniform(0, 6)))
            edge += 0.06 * M * _smooth(g, 1, W, max(6.0, W / 25))[0]
            edge = np.clip(edge, 0, 0.55 * M).astype(np.int64)
            for x in range(W):
                if top:
                    out[:edge[x], x] = 0
                else:
                    out[H - edge[x]:, x] = 0
        return _grain(np.clip(out, 0, 255), g, 1.8)
    if e == "cake_server":  # the cake on a gold cake board on a tablecloth, a cake server beside it
        M = round(0.05 * big)
        bmg = round(0.05 * big)
        mr = round(0.18 * big)
        H, W = h + 2 * (M + bmg) + 90, w + 2 * (M + bmg) + mr + 90
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        cloth = np.array((226, 214, 232), np.float32) * (1 + 0.03 * np.sin(xx * 1.3) * np.sin(yy * 1.3)
                                                         + 0.03 * _smooth(g, H, W, 8))[..., None]
        bx1, by1 = M + 2 * bmg + w, M + 2 * bmg + h
        board = (xx >= M) & (xx < bx1) & (yy >= M) & (yy < by1)
        foil = np.array((206, 170, 84), np.float32) * (1 + 0.12 * _blurred_noise(g, H, W, 2.5))[..., None]
        bg = np.where(board[..., None], foil, cloth)
        edge = ((np.abs(xx - bx1) < 3) & (yy >= M) & (yy < by1 + 3)) | ((np.abs(yy - by1) < 3) & (xx >= M) & (xx < bx1 + 3))
        bg[edge] *= 0.6
        img = Image.fromarray(np.clip(bg, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        for _ in range(14):  # sprinkles fallen on the board round the cake
            side = rng.randrange(4)
            if side == 0:
                x, y = rng.uniform(M + 4, bx1 - 4), rng.uniform(M + 4, M + bmg - 4)
            elif side == 1:
                x, y = rng.uniform(M + 4, bx1 - 4), rng.uniform(by1 - bmg + 4, by1 - 4)
            elif side == 2:
                x, y = rng.uniform(M + 4, M + bmg - 4), rng.uniform(M + 4, by1 - 4)
            else:
                x, y = rng.uniform(bx1 - bmg + 4, bx1 - 4), rng.uniform(M + 4, by1 - 4)
            a_ = rng.uniform(0, math.pi)
            ln = 0.006 * big
            d.line([(x - ln * math.cos(a_), y - ln * math.sin(a_)), (x + ln * math.cos(a_), y + ln * math.sin(a_))],
                   fill=rng.choice(SPRINKLES), width=max(2, round(0.004 * big)))
        cx = bx1 + mr * 0.5 + 30  # the cake server on the cloth to the right: a bright blade, a white handle
        blade = [(cx - 0.22 * mr, 0.2 * H), (cx + 0.22 * mr, 0.2 * H), (cx + 0.05 * mr, 0.5 * H),
                 (cx - 0.05 * mr, 0.5 * H)]
        d.polygon([(x + 5, y + 7) for x, y in blade], fill=(170, 150, 170))
        d.polygon(blade, fill=(208, 212, 220), outline=(140, 144, 152))
        d.line([(cx - 0.1 * mr, 0.22 * H), (cx - 0.02 * mr, 0.48 * H)], fill=(246, 248, 250), width=3)
        d.rounded_rectangle([cx - 0.06 * mr, 0.5 * H, cx + 0.06 * mr, 0.85 * H], radius=0.05 * mr,
                            fill=(246, 244, 238), outline=(190, 186, 178))
        out = np.asarray(img, np.float32).copy()
        placed = _on_table(a, out[:, :W - mr], rng.uniform(-1.0, 1.0), (M + bmg, M + bmg), 0.35, g)
        out = out[:placed.shape[0], :placed.shape[1] + mr].copy()
        out[:, :placed.shape[1]] = placed
        out = _grain(out, g, 1.8)
        return _perspective(out, rng.uniform(0.02, 0.04), (214, 204, 220))
    if e == "brick_wall_mount":  # the brass plaque screwed to a brick wall, photographed in daylight
        M = round(0.1 * big)
        H, W = h + 2 * M, w + 2 * M
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        bh = 0.06 * big
        bw = 2.15 * bh
        row = np.floor(yy / bh)
        bx = xx + (row % 2) * bw / 2
        col_i = np.floor(bx / bw)
        mortar = ((yy % bh) < 0.16 * bh) | ((bx % bw) < 0.16 * bh)
        tones = g.uniform(0.8, 1.15, (int(H / bh) + 2, int((W + bw) / bw) + 2)).astype(np.float32)
        tone = tones[row.astype(np.int64), col_i.astype(np.int64)]
        wall = np.array((154, 74, 52), np.float32) * (tone * (1 + 0.08 * _blurred_noise(g, H, W, 1.5)))[..., None]
        wall[mortar] = np.array((188, 182, 170), np.float32) * (1 + 0.05 * g.standard_normal((int(mortar.sum()), 1)))
        sh = np.zeros((H, W), np.float32)
        sh[M + 6:M + h + 6, M + 8:M + w + 8] = 1
        wall *= (1 - 0.45 * cv2.GaussianBlur(sh, (0, 0), 6))[..., None]
        wall[M:M + h, M:M + w] = a
        out = wall * (1.02 + 0.06 * (xx / W))[..., None] * np.array((1.03, 1.0, 0.95), np.float32)
        out = _grain(np.clip(out, 0, 255), g, 2.0)
        return _perspective(out, rng.uniform(0.02, 0.04), (120, 70, 54))
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page32(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style32,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, mean cell width ``cw`` and height ``ch``, the column and row edges ``xs`` and
    ``ys``, and ``keep``, the box round the clues and the grid; ``_box25`` gives a cell's box)."""
    rng = random.Random(f"h32:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = _change32(truth, style.clue_change, rng) if plan["clue"] else None
    row_vals, col_vals = _line_values(truth, change)
    if style.redraw:
        img, L = _redraw_whole32(layout, style, row_vals, col_vals, rng, (inp.shape[1], inp.shape[0]))
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
                _draw_fill32(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill32(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline32(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross32(img, box, style, rng)
            elif not ((r, c) in filled and style.missing_bare):
                _draw_empty32(img, box, style.empty, rng)
    if style.redraw:
        _draw_redraw_grid32(img, L, style.redraw, rng)
    else:
        _draw_grid32(img, L, rng, style.grid, inp)
    return np.asarray(img), rng, L


def make_answer32(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style32,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page32(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page32(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
