"""HELDOUT28, measured blind on commits e29b1c6 (rubric 66, the thirty-sixth session's start) and d4d09e0 (rubric 67,
its end), each answer right or wrong alike on both (never looked at): 403/432 right, 13 false passes (all
extra_light: a pale planted shading read blank), 66/72 error-free right (6 false fails, none confidently incorrect), 76
needs_review (83 on e29b1c6), 0 unreadable
(seed 5, ``tools/measure_nonogram_family.py nonogram_heldout28:HELDOUT28 --seed 5``). Per style, right/36, false
fails, false passes: indunischool_shingles_keyboard 35 1 0; laksaman_driedmud_manila 36 0 0;
tlwgmono_seersucker_windowshadow 31 0 1; ipamj_burl_denimlap 30 3 0; cwheib_damascus_overexposed 30 0 6;
unikuweb_windowpane_ncrcopy 30 0 6; phetsarath_ogee_shavings 36 0 0; gubbi_coir_scissors 36 0 0;
gargi_rainglass_fluorescent 36 0 0; inputclues_crepe_linen 35 0 0; monapo_tatami_redrawslide 35 0 0;
blankenburg_pumice_redrawbooklet 33 2 0 (each name after its ``s_``). By planted error: none 66/72, extra_light 53,
extra_outline 72, x_instead 72, missing 69, clue_changed 71 (of 72 each). By size: 5x5 132/144, 10x10 136/144, 15x15
135/144. Measured as counts only then; studied in the thirty-seventh session (its 13 false passes: pale planted cells
under a window bar's shadow, on an overexposed photo and on a carbonless copy). On rubric 68 (commit 7e18677): 404/432
right, 0 false passes, 66/72 error-free right, 91 needs_review, 0 unreadable; per style as above but
tlwgmono_seersucker_windowshadow 32 0 0, cwheib_damascus_overexposed 30 0 0, unikuweb_windowpane_ncrcopy 30 0 0 (their
pale planted pages in review, the window-shadow 15x15 one `incorrect`); extra_light 54/72, 10x10 136/144, 15x15 136/144.

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved nonogram:
clue fonts from Debian packages no earlier nonogram family, test, install list or digit-reader training names
(fonts-johnsmith-induni, fonts-tlwg-laksaman-ttf, fonts-tlwg-mono-ttf, fonts-ipamj-mincho, fonts-cwtex-heib,
fonts-unikurdweb, fonts-lao, fonts-gubbi, fonts-gargi, fonts-monapo, fonts-blankenburg): a Century-Schoolbook-like
bold (IndUni N Bold), a bold italic Times-like serif (Laksaman Bold Italic), a Courier-like bold mono (TlwgMono Bold),
a light Japanese Mincho serif (IPAmj Mincho), a plain Chinese Hei sans (cwTeX HeiBold), an Arial-like sans (Unikurd
Web), a wide geometric sans (Phetsarath OT), a light, widely spaced humanist sans (Gubbi, drawn with a one-pixel
heavier pen), a sans whose figures sit low in its line (Gargi), a condensed Japanese gothic (Monapo) and a narrow
modern blackletter with plain, upright figures (Blankenburg); one style keeps the input's clues (its changed clue is
that line's numbers erased and typed again in another face, IndUni C Bold, a Courier-like bold). Fills no earlier
family uses (roof shingles, dried mud cracked into plates, seersucker, a wood burl, Damascus steel, a windowpane
check, an ogee lattice, a coir mat, rain drops on dark glass, crepe paper, tatami with its cloth edge, pumice);
empty-cell marks drawn in new ways (a quick pen flick, a small typed lozenge, a pencil x half rubbed out, a dot with
a faint smear); the planted errors drawn in new ways (pale pinstripes, pale cell borders, pale bubbles, pale wood
grain; a frame of bamboo with nodes, a frame chequered in two tones, a frame heavier on its top and left sides, a
glossy lacquered frame; an X hatched across its strokes, an X cut with gouges along its strokes like a woodcut, a
bevelled X lit on one side, a speckled X; all in the fill's colour, darkened where the fill is a light one); a
changed clue that gains a number, loses one, has one split in two, has two merged into their sum, has one off by
one, is swapped with its neighbour line's, or has its numbers written in reverse order; a missing fill left bare on a
page whose other empty cells carry marks; grids drawn in new ways (heavy lines in a translucent broad marker, darker
where two cross; thin lines that taper towards their ends; every line in a dark forest-green ink; lines whose ink
runs out along them, dark at their start and greyer at their end); two styles that redraw the whole puzzle (a
presentation slide, four by three, with a title bar, square cells, grey thin lines and dark teal block lines; a
puzzle booklet's cream page with a rounded border, cells a little taller than wide, thin lines and block lines drawn
as double rules); and page changes no earlier family uses (the page on a desk in front of a laptop's keyboard, in an
opened manila folder, the soft shadow of a window's cross bars over a sunlit page, an office photo under fluorescent
tubes with a green cast, an overexposed photo, a yellow carbonless copy in blue-black with its perforated stub,
pencil shavings on the widened margins, scissors on the widened margin, a screenshot of an image viewer with the mouse
pointer beside the picture, the picture as a figure in a wiki article, the page on a linen tablecloth, the page
resting on a lap in denim jeans).

Clues written anew on the input's page are sized by their digits' height and fitted to its clue strips (as in
HELDOUT25 to HELDOUT27); the redrawn puzzles space their clues by the digits' height.

Doubts noted rather than made unfair: Blankenburg is a narrow blackletter whose figures are plain but condensed
(drawn a little larger); IPAmj Mincho and Gubbi are light faces (Gubbi drawn with a one-pixel heavier pen); Gargi's
figures sit low in the font's line (placed by their ink like every face); the window's shadow darkens two soft bands
across the page (grid included) to about four fifths; the overexposed photo lifts every grey (the fills stay dark,
the thin lines grey); the carbonless copy turns every ink blue-black on yellow and softens it a little; the
fluorescent photo has a green cast and a slight keystone; the keyboard, the folder's tab, the shavings, the scissors,
the mouse pointer and the wiki text lie off the page or on its widened margins, away from the clues and the grid, and
none of them carries a digit; the rain-drop, burl, dried-mud, ogee, windowpane and coir fills have some paler features
(highlights, figure, crack edges, lattice lines, fibres) over a dark ground, as such a fill has, and a person sees a
filled cell at once; the reversed clue changes only the order of a line's numbers, the split and merged clues change
how many numbers a line has, and the swapped clues change two neighbouring lines; the retyped clue line on the page
that keeps the input's clues is in a different face from its neighbours; the style names begin ``s_`` as HELDOUT14's
do (the names themselves differ from every earlier one).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer28` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout28:HELDOUT28`` measures them like the earlier families.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from nonogram_answers import Style, plant
from nonogram_heldout15 import _jpeg, _nrng, _paste_rgba
from nonogram_heldout17 import _blurred_noise, _erase_grid17, _font, _inner, _lift, _paste
from nonogram_heldout18 import _draw_grid18
from nonogram_heldout19 import _layer, _m, _on_table
from nonogram_heldout20 import _perspective
from nonogram_heldout21 import _extend
from nonogram_heldout22 import _noise0
from nonogram_heldout24 import _perimeter
from nonogram_heldout25 import (
    INPUT_FONT,
    _box25,
    _change25,
    _changed_lines,
    _digit_h,
    _ink_w,
    _line_values,
    _major,
    _put,
    _px_for,
    _redraw_clues25,
    _stroke_coords,
)
from nonogram_heldout27 import _surface
from PIL import Image, ImageDraw

WHITE = (255, 255, 255)
WIKI_TEXT = ("a nonogram is a picture logic puzzle in which cells in a grid are coloured or left blank according "
             "to numbers at the side of the grid which give the lengths of the runs of filled cells in each row "
             "and column the puzzle is solved by reasoning about which cells must be filled and which must stay "
             "empty until the hidden picture appears such puzzles are printed in newspapers and puzzle books and "
             "played on phones")
UI_FONT = "DejaVuSans.ttf"  # user-interface text round the picture (never a digit)


@dataclass(frozen=True)
class Style28(Style):
    """A HELDOUT28 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``slide_deck``, ``booklet_rounded``; empty keeps the
    input's frame), ``clue_change`` how a planted clue_changed answer alters its line (as in HELDOUT25) and
    ``missing_bare`` whether a missing fill is left bare rather than marked like the other empty cells.
    ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""
    clue_change: str = "extra"
    missing_bare: bool = False

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer28(input_image, layout, truth, self, error, seed)


HELDOUT28 = (
    Style28("s_indunischool_shingles_keyboard", "shingles", (52, 40, 36), "none", "IndUni-N-Bold.otf",
            ("keyboard_desk", "jpeg"), clue_scale=(1.0, 1.08), grid="marker_majors", light_mark="light_pinstripe",
            outline_mark="outline_bamboo", cross_mark="heavy_x_hatched", clue_change="extra"),
    Style28("s_laksaman_driedmud_manila", "dried_mud", (70, 50, 34), "pen_flick", "Laksaman-BoldItalic.ttf",
            ("manila_folder", "jpeg"), clue_scale=(1.02, 1.1), grid="tapered_minor", light_mark="light_cells",
            outline_mark="outline_checkered", cross_mark="heavy_x_woodcut", clue_change="drop", missing_bare=True),
    Style28("s_tlwgmono_seersucker_windowshadow", "seersucker", (30, 44, 88), "none", "TlwgMono-Bold.ttf",
            ("window_cross_shadow", "jpeg"), clue_scale=(1.0, 1.08), clue_gap=(0.35, 0.5), grid="forest_ink",
            light_mark="light_bubbles", outline_mark="outline_wedge", cross_mark="heavy_x_bevelled",
            clue_change="split"),
    Style28("s_ipamj_burl_denimlap", "burl", (74, 42, 22), "typed_lozenge", "ipamjm.ttf", ("denim_lap", "jpeg"),
            clue_scale=(1.08, 1.16), grid="fading_ink", light_mark="light_woodgrain", outline_mark="outline_lacquer",
            cross_mark="heavy_x_speckled", clue_change="merge"),
    Style28("s_cwheib_damascus_overexposed", "damascus", (54, 58, 66), "none", "cwheib.ttf", ("overexposed", "jpeg"),
            clue_scale=(1.0, 1.08), grid="marker_majors", light_mark="light_cells", outline_mark="outline_wedge",
            cross_mark="heavy_x_woodcut", clue_change="off_by_one"),
    Style28("s_unikuweb_windowpane_ncrcopy", "windowpane", (40, 36, 44), "rubbed_x", "Unikuweb.ttf",
            ("ncr_yellow_copy",), clue_scale=(1.0, 1.08), grid="tapered_minor", light_mark="light_pinstripe",
            outline_mark="outline_lacquer", cross_mark="heavy_x_bevelled", clue_change="swap_lines",
            missing_bare=True),
    Style28("s_phetsarath_ogee_shavings", "ogee", (26, 50, 60), "none", "Phetsarath_OT.ttf",
            ("pencil_shavings", "jpeg"), clue_scale=(1.0, 1.06), grid="forest_ink", light_mark="light_woodgrain",
            outline_mark="outline_checkered", cross_mark="heavy_x_hatched", clue_change="reversed"),
    Style28("s_gubbi_coir_scissors", "coir", (70, 46, 24), "smudge_dot", "Gubbi.ttf", ("scissors_margin", "jpeg"),
            clue_scale=(1.04, 1.12), clue_stroke=1, grid="fading_ink", light_mark="light_bubbles",
            outline_mark="outline_bamboo", cross_mark="heavy_x_speckled", clue_change="extra"),
    Style28("s_gargi_rainglass_fluorescent", "rain_glass", (28, 34, 44), "none", "Gargi.ttf", ("fluorescent_cast",),
            clue_scale=(1.0, 1.08), grid="marker_majors", light_mark="light_cells", outline_mark="outline_lacquer",
            cross_mark="heavy_x_woodcut", clue_change="drop", missing_bare=True),
    Style28("s_inputclues_crepe_linen", "crepe_paper", (112, 28, 40), "pen_flick", None, ("linen_tablecloth", "jpeg"),
            grid="kept", light_mark="light_pinstripe", outline_mark="outline_wedge", cross_mark="heavy_x_speckled",
            clue_change="retyped_line", missing_bare=True),
    Style28("s_monapo_tatami_redrawslide", "tatami", (62, 70, 34), "none", "monapo.ttf", ("image_viewer_cursor",),
            clue_colour=(18, 40, 92), clue_scale=(1.02, 1.1), light_mark="light_bubbles",
            outline_mark="outline_checkered", cross_mark="heavy_x_hatched", clue_change="merge", redraw="slide_deck"),
    Style28("s_blankenburg_pumice_redrawbooklet", "pumice", (44, 44, 48), "typed_lozenge", "Blankenburg_UNZ1A.ttf",
            ("wiki_figure", "jpeg"), clue_colour=(52, 30, 18), clue_scale=(1.1, 1.2), light_mark="light_woodgrain",
            outline_mark="outline_bamboo", cross_mark="heavy_x_bevelled", clue_change="off_by_one",
            redraw="booklet_rounded"),
)

CHANGE_FONT = "IndUni-C-Bold.otf"  # the retyped line of a changed clue on the page that keeps the input's clues


# ------------------------------------------------------------------------------------------ fills


def _voronoi(w: int, h: int, n: int, rng: random.Random, jitter: float = 0.3) -> tuple[np.ndarray, np.ndarray]:
    """Each pixel's nearest site (index) and its distance to the cell's edge (second-nearest minus nearest)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    pts = [((i + 0.5 + rng.uniform(-jitter, jitter)) * w / n, (j + 0.5 + rng.uniform(-jitter, jitter)) * h / n)
           for j in range(-1, n + 1) for i in range(-1, n + 1)]
    d = np.stack([np.hypot(xx - px, yy - py) for px, py in pts])
    near = np.argmin(d, axis=0)
    d.sort(axis=0)
    return near, d[1] - d[0]


def _tex28(kind: str, w: int, h: int, colour, g: np.random.Generator, rng: random.Random) -> np.ndarray:
    """A filled cell's picture (h, w, 3 float) in ``kind``."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    if kind == "shingles":  # roof shingles: three courses of tabs, each course offset, shadowed under the next
        k = 3
        ph, pw = h / k, w / 2.5
        row = np.minimum((yy // ph).astype(np.int32), k - 1)
        shift = (row % 2) * pw / 2
        tab = np.floor((xx + shift) / pw).astype(np.int32) + 4 * row
        tones = np.array([rng.uniform(0.8, 1.25) for _ in range(4 * k + 8)], np.float32)
        v = (yy % ph) / ph
        tex = col * (tones[np.clip(tab, 0, len(tones) - 1)] * (0.85 + 0.3 * v))[..., None]
        tex *= (1 + 0.06 * _noise0(g, h, w, 0.6))[..., None]
        tex[(yy % ph) < max(1.0, s / 16)] = col * 0.35
        tex[((xx + shift) % pw) < 1.0] = col * 0.45
    elif kind == "dried_mud":  # dried mud: plates of uneven tone parted by dark cracks, lifted a little at the edges
        near, edge = _voronoi(w, h, 3, rng, 0.35)
        tones = np.array([rng.uniform(0.85, 1.2) for _ in range(int(near.max()) + 1)], np.float32)
        tex = col * tones[near][..., None] * (1 + 0.07 * _noise0(g, h, w, 0.7))[..., None]
        lip = np.clip(1 - np.abs(edge - max(1.6, s / 16)) / max(1.0, s / 20), 0, 1)
        tex = tex * (1 + 0.25 * lip[..., None])
        tex[edge < max(1.0, s / 22)] = col * 0.3
    elif kind == "seersucker":  # seersucker: puckered stripes between flat ones, both running down the cell
        p = max(3.0, s / 5)
        stripe = ((xx // p) % 2) == 0
        pucker = 0.82 + 0.28 * np.abs(np.sin(yy * 1.3 + 2 * _noise0(g, h, w, 1.0)))
        tex = col * np.where(stripe, pucker, 1.12)[..., None]
        tex *= (1 + 0.04 * _noise0(g, h, w, 0.5))[..., None]
    elif kind == "burl":  # a wood burl: swirling figure round a few dark eyes
        n = _noise0(g, h, w, max(1.0, s / 5))
        eyes = [(rng.uniform(0.15, 0.85) * w, rng.uniform(0.15, 0.85) * h) for _ in range(3)]
        r = np.min(np.stack([np.hypot(xx - ex, yy - ey) for ex, ey in eyes]), axis=0) / s
        fig = np.sin(2 * math.pi * (r * 5 + n * 0.9))
        tex = col * (0.88 + 0.2 * fig)[..., None] * (1 + 0.05 * _noise0(g, h, w, 0.5))[..., None]
        tex[r < 0.05] = col * 0.35
    elif kind == "damascus":  # Damascus steel: wavy folded layers in two greys
        lam = s * rng.uniform(0.7, 1.0)
        f = yy / max(2.5, s / 6) + 1.2 * np.sin(2 * math.pi * xx / lam + rng.uniform(0, 6.3)) + 0.6 * _noise0(
            g, h, w, max(1.0, s / 6))
        band = 0.5 + 0.5 * np.tanh(2.5 * np.sin(2 * math.pi * f))
        tex = col * (0.75 + 0.45 * band)[..., None] * np.array((0.98, 1.0, 1.04), np.float32)
    elif kind == "windowpane":  # a windowpane check: a dark twill with one pale line each way
        tex *= (0.93 + 0.1 * (((xx + 2 * yy) % 4) < 2))[..., None]
        px, py = w * rng.uniform(0.4, 0.6), h * rng.uniform(0.4, 0.6)
        lw = max(1.0, s / 30)
        pale = _lift(col, 0.32)
        tex[np.abs(xx - px) < lw] = pale
        tex[np.abs(yy - py) < lw] = pale
    elif kind == "ogee":  # an ogee lattice: two families of waves crossing into onion-dome shapes
        p = s / 2
        a = p * 0.32
        t = 2 * math.pi * xx / p
        d1 = np.abs(((yy - a * np.sin(t)) % p) - p / 2)
        d2 = np.abs(((yy + a * np.sin(t)) % p) - p / 2)
        lw = max(0.8, s / 34)
        line = np.clip(lw + 0.5 - np.minimum(d1, d2), 0, 1)
        tex = col * (1 + 0.05 * _noise0(g, h, w, 0.6))[..., None]
        tex = tex * (1 - line[..., None]) + _lift(col, 0.45) * line[..., None]
    elif kind == "coir":  # a coir mat: coarse bristly fibres of mixed browns on a dark ground
        tex *= 0.6
        lay = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(lay)
        for _ in range(int(w * h / 10)):
            x, y = rng.uniform(-3, w + 3), rng.uniform(-3, h + 3)
            ang = rng.uniform(-0.5, 0.5) + (math.pi / 2 if rng.random() < 0.5 else 0)
            ln = rng.uniform(0.15, 0.35) * s
            c = tuple(int(min(255, v * rng.uniform(0.7, 1.45))) for v in col)
            d.line([(x, y), (x + ln * math.cos(ang), y + ln * math.sin(ang))], fill=c, width=1)
        tex = np.asarray(lay, np.float32)
    elif kind == "rain_glass":  # rain drops on dark glass: a sheen, each drop a darker bead with a small highlight
        tex *= (0.9 + 0.2 * (1 - yy / h))[..., None]
        lay, ld = _layer(w, h)
        hi, hd = _layer(w, h)
        for _ in range(int(8 + s / 5)):
            x, y, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.04, 0.1) * s
            ld.ellipse([x - r, y - r * 1.1, x + r, y + r * 1.1], fill=255)
            hr = max(0.7, r * 0.28)
            hd.ellipse([x - r * 0.45 - hr, y - r * 0.5 - hr, x - r * 0.45 + hr, y - r * 0.5 + hr], fill=255)
        tex *= (1 - 0.3 * _m(lay))[..., None]
        hm = _m(hi)[..., None]
        tex = tex * (1 - 0.7 * hm) + 235 * 0.7 * hm
    elif kind == "crepe_paper":  # crepe paper: fine crinkled ridges running across the cell
        stretch = cv2.GaussianBlur(g.standard_normal((h, w)).astype(np.float32), (0, 0), sigmaX=max(2.0, s / 3),
                                   sigmaY=0.7)
        stretch /= stretch.std() + 1e-6
        ridge = np.abs(np.sin(yy * 1.6 + 1.5 * stretch))
        tex = col * (0.82 + 0.3 * ridge)[..., None]
    elif kind == "tatami":  # tatami: fine rush strands across, warp ticks, a dark cloth edge at two sides
        strand = 0.85 + 0.2 * np.abs(np.sin(yy * 2.1 + 0.4 * _noise0(g, h, w, 1.0)))
        tex = col * strand[..., None]
        warp = ((xx % max(3.0, s / 5)) < 1.0) & ((yy % 3) < 1.5)
        tex[warp] = col * 0.7
        hem = max(2.0, s / 8)
        edge = (xx < hem) | (xx > w - 1 - hem)
        tex[edge] = np.array((30, 30, 36), np.float32) * (1 + 0.1 * (((yy // 2) % 2)[edge]))[..., None]
    elif kind == "pumice":  # pumice: a porous grey stone, its pores darker hollows with a lit lower rim
        tex *= (1 + 0.1 * _noise0(g, h, w, max(1.0, s / 6)))[..., None]
        lay, ld = _layer(w, h)
        rim, rd = _layer(w, h)
        for _ in range(int(10 + s / 3)):
            x, y, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.03, 0.08) * s
            rd.ellipse([x - r, y - r + 0.8, x + r, y + r + 0.8], fill=255)
            ld.ellipse([x - r, y - r, x + r, y + r], fill=255)
        tex *= (1 + 0.35 * (_m(rim) - _m(lay)).clip(0, 1))[..., None]
        tex *= (1 - 0.45 * _m(lay))[..., None]
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255)


def _ink(style: Style28) -> np.ndarray:
    """The ink of the planted marks: the fill's colour, darkened when it is a light one."""
    col = np.asarray(style.fill_colour, np.float32)
    lum = float(col @ np.array([0.299, 0.587, 0.114], np.float32))
    return col * (80 / lum) if lum > 80 else col


def _draw_fill28(img: Image.Image, box, style: Style28, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07)
    w, h = bx - ax, by - ay
    if not light:
        _paste(img, _tex28(style.fill, w, h, style.fill_colour, g, rng), ax, ay, None)
        return
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = _ink(style)
    s = float(min(w, h))
    if light == "light_pinstripe":  # pale pinstripes down the cell over a faint tint
        p = max(3.0, s / 5)
        alpha = 0.13 + 0.32 * (np.abs((xx % p) - p / 2) < 0.6)
    elif light == "light_cells":  # pale cell borders, like a dried glaze, over a faint tint
        _, edge = _voronoi(w, h, 3, rng, 0.35)
        alpha = 0.13 + 0.32 * np.clip(1 - edge / max(1.0, s / 18), 0, 1)
    elif light == "light_bubbles":  # pale bubble rings of a few sizes over a faint tint
        lay, ld = _layer(w, h)
        for _ in range(7):
            x, y, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.08, 0.2) * s
            ld.ellipse([x - r, y - r, x + r, y + r], outline=255, width=max(1, round(s / 26)))
        alpha = 0.13 + 0.32 * _m(lay)
    elif light == "light_woodgrain":  # pale wood grain, long wavy lines across the cell
        n = _noise0(g, h, w, max(1.0, s / 4))
        u = (yy / max(3.0, s / 6) + 0.9 * n) % 1
        alpha = 0.13 + 0.3 * np.clip(1 - np.abs(u - 0.5) / 0.12, 0, 1)
    else:
        raise ValueError(light)
    _paste_rgba(img, tex, cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.5), ax, ay)


def _draw_outline28(img: Image.Image, box, style: Style28, rng: random.Random) -> None:
    """The planted extra_outline cell: a heavy frame with an empty middle."""
    kind = style.outline_mark
    ax, ay, bx, by = _inner(box, 0.08)
    w, h = bx - ax, by - ay
    s = float(min(w, h))
    col = _ink(style)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    f = rng.uniform(0.19, 0.21) * s
    across, along = _perimeter(w, h)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    m = (across < f).astype(np.float32)
    if kind == "outline_bamboo":  # a frame of bamboo canes: a lit streak along each, dark nodes across them
        tex *= (0.85 + 0.35 * np.clip(1 - np.abs(across - f * 0.35) / (f * 0.2), 0, 1))[..., None]
        node = (np.abs((along % max(6.0, s / 2.6)) - 1.5) < 1.0) & (across < f)
        tex[node] = col * 0.45
    elif kind == "outline_checkered":  # a frame chequered in two tones, two squares deep
        q = f / 2
        cell = (np.floor(along / q) + np.floor(across / q)) % 2 == 1
        tex[cell] = _lift(col, 0.45)
    elif kind == "outline_wedge":  # a frame heavier on its top and left sides, lighter on its bottom and right
        top_left = (yy < f * 1.3) | (xx < f * 1.3)
        bottom_right = (yy > h - 1 - f * 0.7) | (xx > w - 1 - f * 0.7)
        m = (top_left | bottom_right).astype(np.float32)
    elif kind == "outline_lacquer":  # a glossy lacquered frame: a pale highlight along its top and left
        tex *= (0.9 + 0.25 * np.clip(across / f, 0, 1))[..., None]
        gloss = (np.abs(across - f * 0.3) < max(0.8, f * 0.1)) & ((yy < f) | (xx < f)) & (across < f)
        tex[gloss] = _lift(col, 0.6)
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross28(img: Image.Image, box, style: Style28, rng: random.Random) -> None:
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
        t, n, ln = _stroke_coords(p, q, xx, yy)
        stroke = np.clip(wid * 0.5 - np.abs(n) + 0.5, 0, 1) * ((t > -0.02) & (t < 1.02))
        inside = stroke > 0.5
        if kind == "heavy_x_hatched":  # pale hatch lines across the strokes
            per = max(3.0, wid * 0.55)
            tex[inside & (((t * ln) % per) < 1.0)] = _lift(col, 0.5)
        elif kind == "heavy_x_woodcut":  # gouges cut along the strokes, broken here and there
            gouge = (np.abs(np.abs(n) - wid * 0.22) < 0.6) & (np.sin(t * ln * 0.45 + k) > -0.4)
            tex[inside & gouge] = _lift(col, 0.6)
        elif kind == "heavy_x_bevelled":  # each stroke lit on one side and shaded on the other
            tex[inside & (n > wid * 0.1)] = _lift(col, 0.35)
            tex[inside & (n < -wid * 0.2)] = col * 0.7
        elif kind == "heavy_x_speckled":  # pale speckles over the strokes
            tex[inside & (_nrng(rng).random((h, w)) < 0.12)] = _lift(col, 0.6)
        else:
            raise ValueError(kind)
        m = np.maximum(m, stroke)
    _paste_rgba(img, tex, np.clip(m, 0, 1), ax, ay)


def _draw_empty28(img: Image.Image, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    d = ImageDraw.Draw(img)
    lw = max(1, round(s / 26))
    if kind == "none":
        return
    if kind == "pen_flick":  # a quick pen flick: a short slanted stroke, heavier where the pen came down
        k = 0.1 * s
        a0, a1 = (cx - k, cy + k * 0.6), (cx + k, cy - k * 0.6)
        wd = max(1.2, s / 20)
        d.polygon([(a0[0], a0[1] - wd), (a1[0], a1[1] - 0.3), (a1[0], a1[1] + 0.3), (a0[0], a0[1] + wd)],
                  fill=(92, 100, 130))
    elif kind == "typed_lozenge":  # a small typed lozenge in grey
        d.text((cx, cy), "\u25ca", font=_font("DejaVuSans.ttf", max(8, round(0.32 * s))), fill=(140, 142, 150),
               anchor="mm")
    elif kind == "rubbed_x":  # a pencil x half rubbed out: faint strokes and the eraser's grey smear
        k = 0.13 * s
        d.ellipse([cx - 1.5 * k, cy - k, cx + 1.5 * k, cy + k], fill=(238, 238, 240))
        for sx in (-1, 1):
            d.line([(cx - k, cy - sx * k), (cx + k, cy + sx * k)], fill=(168, 168, 174), width=lw)
    elif kind == "smudge_dot":  # a dot with a faint smear trailing from it
        r = max(1.4, 0.045 * s)
        for j in range(4):
            rr = r * (1 - 0.12 * j)
            ox = j * r * 0.9
            shade = 120 + 30 * j
            d.ellipse([cx + ox - rr, cy - rr, cx + ox + rr, cy + rr], fill=(shade, shade, shade + 6))
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(96, 96, 104))
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids and redraws


def _blend_mask(img: Image.Image, mask: np.ndarray, colour, alpha: float = 1.0) -> None:
    base = np.asarray(img, np.float32)
    a = (np.clip(mask, 0, 1) * alpha)[..., None]
    out = base * (1 - a) + np.asarray(colour, np.float32) * a
    img.paste(Image.fromarray(np.clip(out, 0, 255).astype(np.uint8)))


def _draw_grid28(img: Image.Image, L: dict[str, Any], rng: random.Random, name: str, inp: np.ndarray | None) -> None:
    if name == "kept":
        _draw_grid18(img, L, rng, "kept", inp)
        return
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    gx0, gy0, gx1, gy1 = xs[0], ys[0], xs[-1], ys[-1]
    thin, thick = max(1, round(s / 30)), max(2, round(s / 11))
    major = (30, 30, 36)
    if name == "marker_majors":  # thin grey lines; heavy lines in a translucent broad marker, darker where two cross
        for i, x in enumerate(xs):
            if not _major(i, cols):
                d.line([(x, gy0), (x, gy1)], fill=(104, 106, 112), width=thin)
        for j, y in enumerate(ys):
            if not _major(j, rows):
                d.line([(gx0, y), (gx1, y)], fill=(104, 106, 112), width=thin)
        W, H = img.size
        mv, dv = _layer(W, H)
        mh, dh = _layer(W, H)
        bw = max(3, round(s / 7))
        for i, x in enumerate(xs):
            if _major(i, cols):
                dv.line([(x + rng.uniform(-0.5, 0.5), gy0 - bw / 2), (x + rng.uniform(-0.5, 0.5), gy1 + bw / 2)],
                        fill=255, width=bw)
        for j, y in enumerate(ys):
            if _major(j, rows):
                dh.line([(gx0 - bw / 2, y + rng.uniform(-0.5, 0.5)), (gx1 + bw / 2, y + rng.uniform(-0.5, 0.5))],
                        fill=255, width=bw)
        a = 1 - (1 - 0.8 * _m(mv)) * (1 - 0.8 * _m(mh))
        _blend_mask(img, a, (18, 64, 70))
        return
    if name == "tapered_minor":  # thin lines swelling in their middle and tapering to their ends
        for i, x in enumerate(xs):
            if not _major(i, cols):
                pts = np.linspace(gy0, gy1, 41)
                for a0, a1 in itertools.pairwise(pts):
                    t = ((a0 + a1) / 2 - gy0) / max(1.0, gy1 - gy0)
                    wd = 0.35 + 0.5 * thin * math.sin(math.pi * t)
                    d.polygon([(x - wd, a0), (x + wd, a0), (x + wd, a1), (x - wd, a1)], fill=(60, 60, 68))
        for j, y in enumerate(ys):
            if not _major(j, rows):
                pts = np.linspace(gx0, gx1, 41)
                for a0, a1 in itertools.pairwise(pts):
                    t = ((a0 + a1) / 2 - gx0) / max(1.0, gx1 - gx0)
                    wd = 0.35 + 0.5 * thin * math.sin(math.pi * t)
                    d.polygon([(a0, y - wd), (a1, y - wd), (a1, y + wd), (a0, y + wd)], fill=(60, 60, 68))
    elif name == "forest_ink":  # every line in a dark forest-green ink
        ink = (22, 74, 44)
        for i, x in enumerate(xs):
            if not _major(i, cols):
                d.line([(x, gy0), (x, gy1)], fill=ink, width=thin)
        for j, y in enumerate(ys):
            if not _major(j, rows):
                d.line([(gx0, y), (gx1, y)], fill=ink, width=thin)
        major = (14, 52, 30)
    elif name == "fading_ink":  # lines whose ink runs out along them: dark at their start, greyer at their end
        for i, x in enumerate(xs):
            big = _major(i, cols)
            pts = np.linspace(gy0 - (thick // 2 if big else 0), gy1 + (thick // 2 if big else 0), 16)
            for k, (a0, a1) in enumerate(itertools.pairwise(pts)):
                v = round(24 + (k / 15) * (60 if big else 96))
                d.line([(x, a0), (x, a1)], fill=(v, v, v + 6), width=thick if big else thin)
        for j, y in enumerate(ys):
            big = _major(j, rows)
            pts = np.linspace(gx0 - (thick // 2 if big else 0), gx1 + (thick // 2 if big else 0), 16)
            for k, (a0, a1) in enumerate(itertools.pairwise(pts)):
                v = round(24 + (k / 15) * (60 if big else 96))
                d.line([(a0, y), (a1, y)], fill=(v, v, v + 6), width=thick if big else thin)
        return
    else:
        raise ValueError(name)
    for i, x in enumerate(xs):
        if _major(i, cols):
            d.line([(x, gy0 - thick // 2), (x, gy1 + thick // 2)], fill=major, width=thick)
    for j, y in enumerate(ys):
        if _major(j, rows):
            d.line([(gx0 - thick // 2, y), (gx1 + thick // 2, y)], fill=major, width=thick)


def _draw_redraw_grid28(img: Image.Image, L: dict[str, Any], kind: str, rng: random.Random) -> None:
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    if kind == "slide_deck":  # grey thin lines, dark teal block lines and border
        for i, x in enumerate(xs):
            if not _major(i, cols):
                d.line([(x, ys[0]), (x, ys[-1])], fill=(150, 158, 166), width=max(1, round(s / 30)))
        for j, y in enumerate(ys):
            if not _major(j, rows):
                d.line([(xs[0], y), (xs[-1], y)], fill=(150, 158, 166), width=max(1, round(s / 30)))
        wd = max(2, round(s / 11))
        for i, x in enumerate(xs):
            if _major(i, cols):
                d.line([(x, ys[0] - wd // 2), (x, ys[-1] + wd // 2)], fill=(16, 70, 84), width=wd)
        for j, y in enumerate(ys):
            if _major(j, rows):
                d.line([(xs[0] - wd // 2, y), (xs[-1] + wd // 2, y)], fill=(16, 70, 84), width=wd)
        return
    # booklet_rounded: thin lines, block lines as double rules, a rounded border round the grid
    ink = (40, 34, 30)
    thin = max(1, round(s / 30))
    gap = max(2, round(s / 14))
    for i, x in enumerate(xs[1:-1], start=1):
        if _major(i, cols):
            for o in (-gap / 2, gap / 2):
                d.line([(x + o, ys[0]), (x + o, ys[-1])], fill=ink, width=max(1, thin))
        else:
            d.line([(x, ys[0]), (x, ys[-1])], fill=(96, 92, 88), width=thin)
    for j, y in enumerate(ys[1:-1], start=1):
        if _major(j, rows):
            for o in (-gap / 2, gap / 2):
                d.line([(xs[0], y + o), (xs[-1], y + o)], fill=ink, width=max(1, thin))
        else:
            d.line([(xs[0], y), (xs[-1], y)], fill=(96, 92, 88), width=thin)
    bw = max(2, round(s / 10))
    d.rounded_rectangle([xs[0] - bw / 2, ys[0] - bw / 2, xs[-1] + bw / 2, ys[-1] + bw / 2], radius=round(s * 0.35),
                        outline=ink, width=bw)


def _star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + (r if k % 2 == 0 else r * 0.45) * math.sin(k * math.pi / 5),
             cy - (r if k % 2 == 0 else r * 0.45) * math.cos(k * math.pi / 5)) for k in range(10)]


def _redraw_whole28(layout: dict[str, Any], style: Style28, row_vals, col_vals, rng: random.Random,
                    target: tuple[int, int]) -> tuple[Image.Image, dict[str, Any]]:
    """The whole puzzle drawn anew (``style.redraw``): its own canvas (at least ``target`` = (w, h) * 0.9), cell
    proportions, clue layout and margins. Returns the page (clues, no marks, no grid yet) and its geometry."""
    kind = style.redraw
    rows, cols = layout["rows"], layout["cols"]
    base = layout["cell_px"] * rng.uniform(0.96, 1.03) * (0.88 if kind == "slide_deck" else 1.0)
    if kind == "slide_deck":
        cws, chs = [base] * cols, [base] * rows
    else:  # booklet_rounded: cells a little taller than wide
        cws, chs = [base * 0.92] * cols, [base * 1.04] * rows
    ref = _digit_h(_font(INPUT_FONT, layout["clue_font_px"]))
    px = _px_for(style.clue_font, ref * rng.uniform(*style.clue_scale))
    font = _font(style.clue_font, px)
    while px > 8 and max(_ink_w(font, t) for v in col_vals for t in v) > 0.8 * min(cws):
        px -= 1
        font = _font(style.clue_font, px)
    dh = _digit_h(font)
    gapn, slot = dh * rng.uniform(0.75, 0.9), dh * rng.uniform(1.5, 1.65)
    row_w = max(sum(_ink_w(font, t) for t in v) + gapn * (len(v) - 1) for v in row_vals)
    col_h = max(len(v) for v in col_vals) * slot
    pad = 0.45 * base
    if kind == "slide_deck":
        ml, mr, mt, mb = base * 1.0, base * 1.0, base * 2.0, base * 1.2
    else:
        ml, mr, mt, mb = base * 1.0, base * 1.0, base * 2.0, base * 1.4
    gw, gh = sum(cws), sum(chs)
    W0, H0 = ml + mr + row_w + pad * 1.4 + gw, mt + mb + col_h + pad * 1.4 + gh
    if kind == "slide_deck":  # widen (or heighten) to four by three
        W1, H1 = max(W0, 0.9 * target[0]), max(H0, 0.9 * target[1])
        W1, H1 = max(W1, H1 * 4 / 3), max(H1, W1 * 3 / 4)
    else:
        W1, H1 = max(W0, 0.9 * target[0]), max(H0, 0.9 * target[1])
    ex, ey = (W1 - W0) / 2, (H1 - H0) / 2
    gx0, gy0 = ml + ex + row_w + pad * 1.4, mt + ey + col_h + pad * 1.4
    xs = [gx0 + sum(cws[:i]) for i in range(cols + 1)]
    ys = [gy0 + sum(chs[:j]) for j in range(rows + 1)]
    W, H = round(W1), round(H1)
    paper = (255, 255, 255) if kind == "slide_deck" else (250, 245, 230)
    img = Image.new("RGB", (W, H), paper)
    d = ImageDraw.Draw(img)
    L = {"grid_bbox": [xs[0], ys[0], xs[-1], ys[-1]], "rows": rows, "cols": cols, "cw": gw / cols, "ch": gh / rows,
         "cell_px": min(min(cws), min(chs)), "xs": xs, "ys": ys, "x0s": xs[:-1], "y0s": ys[:-1],
         "keep": [gx0 - pad * 1.4 - row_w - 4, gy0 - pad * 1.4 - col_h - 4, xs[-1] + 4, ys[-1] + 4]}
    top = gy0 - pad * 1.4 - col_h  # the top of the column clues
    if kind == "slide_deck":  # a title bar across the top, an accent rule and a footer line
        bar = min(top - 0.3 * base, H * 0.12)
        d.rectangle([0, 0, W, bar], fill=(18, 58, 74))
        tp = max(13, round(bar * 0.42))
        d.text((W * 0.04, bar / 2), "Nonogram: the solution", font=_font("DejaVuSans-Bold.ttf", tp),
               fill=(255, 255, 255), anchor="lm")
        d.rectangle([0, bar, W, bar + max(2, round(bar * 0.06))], fill=(236, 148, 40))
        fp = max(10, round(base * 0.3))
        d.text((W * 0.04, H - fp * 1.2), "Logic puzzles \u00b7 weekly review", font=_font(UI_FONT, fp),
               fill=(120, 126, 134), anchor="ls")
        d.line([(W * 0.04, H - fp * 2.4), (W * 0.96, H - fp * 2.4)], fill=(210, 214, 220), width=1)
    else:  # a booklet page: a heading with a star rating, a hairline under it
        tp = max(13, round(base * 0.5))
        ty = max(tp * 0.9, top - base * 0.9)
        d.text((xs[0] - row_w * 0.5, ty), "Puzzle of the Day", font=_font("DejaVuSerif-Bold.ttf", tp),
               fill=(52, 30, 18), anchor="ls")
        sx = xs[-1] - 0.2 * base
        for k in range(3):
            d.polygon(_star(sx - k * tp * 0.95, ty - tp * 0.35, tp * 0.4), fill=(52, 30, 18) if k else (200, 180, 150))
        d.line([(ml * 0.6 + ex, ty + tp * 0.35), (W - ml * 0.6 - ex, ty + tp * 0.35)], fill=(160, 140, 120), width=1)
    for r, vals in enumerate(row_vals):
        cy = (ys[r] + ys[r + 1]) / 2
        x = gx0 - pad
        for t in reversed(vals):
            wt = _ink_w(font, t)
            _put(d, (x - wt / 2, cy), t, font, style.clue_colour, style.clue_stroke)
            x -= wt + gapn
    for c, vals in enumerate(col_vals):
        cx = (xs[c] + xs[c + 1]) / 2
        for k, t in enumerate(vals):
            _put(d, (cx, gy0 - pad - (len(vals) - k - 0.5) * slot), t, font, style.clue_colour, style.clue_stroke)
    return img, L


# ------------------------------------------------------------------------------------------ pages


def _noisy(a: np.ndarray, g: np.random.Generator, sd: float) -> np.ndarray:
    return np.clip(a + g.normal(0, sd, a.shape), 0, 255).astype(np.uint8)


def _keyboard(W: int, Hk: int, rng: random.Random) -> np.ndarray:
    """A laptop's keyboard deck seen from the front: a silver deck with rows of dark keys."""
    img = Image.new("RGB", (W, Hk), (186, 188, 192))
    d = ImageDraw.Draw(img)
    rows = 4
    key = Hk * 0.8 / rows
    for r in range(rows):
        y = Hk * 0.1 + r * key
        x = W * 0.04 + (r % 2) * key * 0.4
        while x + key < W * 0.96:
            kw = key * (1.8 if rng.random() < 0.08 else 1.0) * 0.88
            d.rounded_rectangle([x, y, x + kw, y + key * 0.86], radius=key * 0.12, fill=(42, 42, 46))
            d.line([(x + key * 0.1, y + 1), (x + kw - key * 0.1, y + 1)], fill=(74, 74, 80), width=1)
            x += kw + key * 0.12
    return np.asarray(img, np.float32)


def _page28(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    big = max(h, w)
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "keyboard_desk":  # on a dark desk in front of a laptop, whose keyboard shows along the bottom
        M = round(0.05 * big)
        bg = _surface(g, h + 2 * M + 90, w + 2 * M + 90, (58, 52, 48), 0.05, 3)
        out = _on_table(a, bg, rng.uniform(-1.5, 1.5), (M, M), 0.4, g)
        kb = _keyboard(out.shape[1], round(0.16 * h), rng)
        out = np.vstack([out, kb])
        out = _noisy(out, g, 2.0)
        return _perspective(out, rng.uniform(0.03, 0.05), (50, 46, 42))
    if e == "manila_folder":  # in an opened manila folder: its tab above, its spine's crease to the left
        mx, my = round(0.1 * w), round(0.09 * h)
        H, W = h + 2 * my, w + 2 * mx
        folder = _surface(g, H, W, (226, 198, 134), 0.03, 4)
        folder[:, :round(mx * 0.35)] *= 0.9
        img = Image.fromarray(np.clip(folder, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        d.line([(round(mx * 0.35), 0), (round(mx * 0.35), H)], fill=(176, 150, 96), width=2)
        tab = Image.new("RGB", (W, round(0.06 * h)), (226, 198, 134))
        td = ImageDraw.Draw(tab)
        th = tab.size[1]
        td.rectangle([0, 0, W, th], fill=(120, 96, 70))
        td.polygon([(W * 0.55, th), (W * 0.6, 0), (W * 0.88, 0), (W * 0.93, th)], fill=(226, 198, 134))
        full = np.vstack([np.asarray(tab, np.float32), np.asarray(img, np.float32)])
        sh = np.zeros(full.shape[:2], np.float32)
        oy = th + my
        sh[oy + 5:oy + h + 5, mx + 5:mx + w + 5] = 1
        full *= (1 - 0.3 * cv2.GaussianBlur(sh, (0, 0), 5))[..., None]
        full[oy:oy + h, mx:mx + w] = a
        return _noisy(full, g, 1.8)
    if e == "window_cross_shadow":  # sunlit through a window: the soft shadows of its cross bars over the page
        M = round(0.05 * big)
        bg = _surface(g, h + 2 * M + 90, w + 2 * M + 90, (214, 206, 190), 0.03, 4)
        out = _on_table(a, bg, rng.uniform(-1.2, 1.2), (M, M), 0.3, g)
        Hc, Wc = out.shape[:2]
        yy, xx = np.mgrid[0:Hc, 0:Wc].astype(np.float32)
        t = math.radians(rng.uniform(-12, 12))
        u = (xx - Wc * rng.uniform(0.35, 0.65)) * math.cos(t) + (yy - Hc / 2) * math.sin(t)
        v = -(xx - Wc / 2) * math.sin(t) + (yy - Hc * rng.uniform(0.35, 0.65)) * math.cos(t)
        bw = 0.035 * big
        bar = np.maximum(np.exp(-(u / bw) ** 4), np.exp(-(v / bw) ** 4))
        bar = cv2.GaussianBlur(bar.astype(np.float32), (0, 0), 0.012 * big)
        out = out * (1.06 - 0.24 * bar)[..., None] * np.array((1.0, 0.98, 0.93), np.float32)
        return _noisy(out, g, 1.6)
    if e == "fluorescent_cast":  # an office photo under fluorescent tubes: a green cast, flat light, a slight keystone
        M = round(0.05 * big)
        bg = _surface(g, h + 2 * M + 90, w + 2 * M + 90, (150, 156, 150), 0.03, 3)
        out = _on_table(a, bg, rng.uniform(-1.5, 1.5), (M, M), 0.25, g)
        out = out * np.array((0.93, 1.0, 0.9), np.float32) + np.array((0, 6, 0), np.float32)
        out = cv2.GaussianBlur(out, (0, 0), 0.5)
        out = _noisy(out, g, 2.5)
        return _perspective(out, rng.uniform(0.03, 0.05), (140, 150, 138))
    if e == "overexposed":  # an overexposed photo: the paper clipped white, every ink lifted, colours washed
        M = round(0.04 * big)
        bg = _surface(g, h + 2 * M + 90, w + 2 * M + 90, (200, 198, 196), 0.03, 3)
        out = _on_table(a, bg, rng.uniform(-1.0, 1.0), (M, M), 0.2, g) / 255.0
        lum = out @ np.array([0.299, 0.587, 0.114], np.float32)
        out = out * 0.8 + lum[..., None] * 0.2
        out = 1 - (1 - out) ** 1.5
        out = np.clip(out * 1.1, 0, 1) * 255 * np.array((0.99, 1.0, 1.02), np.float32)
        return _noisy(out, g, 1.5)
    if e == "ncr_yellow_copy":  # the yellow copy of a carbonless form: blue-black ink, a perforated stub on top
        grey = a.astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32)
        ink = np.clip(1 - grey / 235, 0, 1)
        ink *= 0.85 + 0.15 * np.clip(_blurred_noise(g, h, w, big / 12), -1, 1)
        ink = cv2.GaussianBlur(ink.astype(np.float32), (0, 0), 0.7)
        paper = np.array((250, 236, 164), np.float32)
        blue = np.array((40, 50, 112), np.float32)
        page = paper * (1 - ink[..., None]) + blue * ink[..., None]
        stub = round(0.07 * h)
        out = np.empty((h + stub, w, 3), np.float32)
        out[:] = paper
        out[stub:] = page
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        r = max(1.2, 0.003 * big)
        x = r * 3
        while x < w:
            d.ellipse([x - r, stub - r, x + r, stub + r], fill=(214, 200, 136))
            x += r * 5
        return _noisy(np.asarray(img, np.float32), g, 1.8)
    if e == "pencil_shavings":  # pencil shavings and a graphite smudge on the widened right and bottom margins
        mr, mb = round(0.2 * w), round(0.12 * h)
        page = Image.fromarray(_extend(a, right=mr, bottom=mb))
        d = ImageDraw.Draw(page)
        Wp, Hp = page.size
        x0 = int(L["keep"][2]) + 14
        y0 = int(L["keep"][3]) + 14
        for _ in range(4):
            if rng.random() < 0.6:
                cx, cy = rng.uniform(max(x0, w) + mr * 0.3, Wp - mr * 0.25), rng.uniform(0.1 * Hp, 0.9 * Hp)
            else:
                cx, cy = rng.uniform(0.1 * Wp, 0.9 * Wp), rng.uniform(max(y0, h) + mb * 0.35, Hp - mb * 0.3)
            R = rng.uniform(0.035, 0.055) * big
            a0 = rng.uniform(0, 360)
            span = rng.uniform(150, 240)
            d.pieslice([cx - R, cy - R, cx + R, cy + R], a0, a0 + span, fill=(222, 190, 150))
            for k in range(5):
                ang = math.radians(a0 + span * k / 4)
                d.line([(cx, cy), (cx + R * math.cos(ang), cy + R * math.sin(ang))], fill=(196, 160, 118), width=1)
            d.arc([cx - R, cy - R, cx + R, cy + R], a0, a0 + span, fill=rng.choice(((200, 40, 40), (236, 184, 30))),
                  width=max(2, round(R * 0.12)))
            r = R * 0.18
            d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(70, 70, 74))
        out = np.asarray(page, np.float32)
        M = round(0.04 * big)
        bg = _surface(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (160, 120, 84), 0.05, 2)
        return _noisy(_on_table(out.astype(np.uint8), bg, rng.uniform(-1, 1), (M, M), 0.3, g), g, 1.8)
    if e == "scissors_margin":  # a pair of scissors lying slantwise on the widened right margin, with their shadow
        mr = round(0.24 * w)
        page = Image.fromarray(_extend(a, right=mr))
        Wp, Hp = page.size
        x0 = max(int(L["keep"][2]) + 14, w)
        sw = Wp - x0
        cx, cy = x0 + sw * 0.5, Hp * rng.uniform(0.4, 0.6)
        th = math.radians(rng.uniform(60, 72) * rng.choice((-1, 1)))
        ln = min(1.1 * sw, 0.5 * Hp)

        def pt(u: float, v: float, o: float) -> tuple[float, float]:  # along the scissors (u) and across (v)
            return (cx + ln * (u * math.cos(th) - v * math.sin(th)) + o,
                    cy + ln * (u * math.sin(th) + v * math.cos(th)) + o)

        def scissors(dd: ImageDraw.ImageDraw, o: float, shadow: bool) -> None:
            for sgn, steel in ((1, (182, 186, 194)), (-1, (150, 154, 164))):
                dd.polygon([pt(0.0, -0.035 * sgn, o), pt(0.55, -0.004 * sgn + 0.02 * sgn, o),
                            pt(0.55, 0.02 * sgn, o), pt(0.0, 0.035 * sgn, o)], fill=255 if shadow else steel)
            for sgn, (lu, lv, ra, rb) in ((1, (-0.3, 0.1, 0.12, 0.08)), (-1, (-0.27, -0.09, 0.09, 0.07))):
                dd.line([pt(0.0, 0.0, o), pt(lu + ra * 0.7, lv * 0.6, o)], fill=255 if shadow else (200, 40, 44),
                        width=max(4, round(0.05 * ln)))
                ring = [pt(lu + ra * math.cos(t), lv + rb * math.sin(t), o) for t in np.linspace(0, 2 * math.pi, 40)]
                dd.line(ring, fill=255 if shadow else (200, 40, 44), width=max(4, round(0.045 * ln)), joint="curve")
            r = max(3.0, 0.02 * ln)
            px, py = pt(0.0, 0.0, o)
            dd.ellipse([px - r, py - r, px + r, py + r], fill=255 if shadow else (90, 92, 98))

        sh, sd = _layer(Wp, Hp)
        scissors(sd, 4, True)
        out = np.asarray(page, np.float32) * (1 - 0.3 * cv2.GaussianBlur(_m(sh), (0, 0), 4))[..., None]
        page = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        scissors(ImageDraw.Draw(page), 0, False)
        return _noisy(np.asarray(page, np.float32), g, 1.5)
    if e == "image_viewer_cursor":  # a screenshot of an image viewer: toolbar, status bar, the pointer beside the picture
        top, bottom, side = round(0.08 * h), round(0.05 * h), round(0.12 * w)
        W, H = w + 2 * side, h + top + bottom + round(0.04 * h)
        img = Image.new("RGB", (W, H), (52, 54, 58))
        d = ImageDraw.Draw(img)
        d.rectangle([0, 0, W, top], fill=(34, 36, 40))
        fs = _font(UI_FONT, max(10, round(top * 0.36)))
        d.text((top * 0.4, top / 2), "solution.png", font=fs, fill=(222, 224, 228), anchor="lm")
        for k in range(5):
            bx = W - top * (0.9 + 0.8 * k)
            d.rounded_rectangle([bx - top * 0.28, top * 0.22, bx + top * 0.28, top * 0.78], radius=top * 0.1,
                                outline=(150, 154, 160), width=2)
        d.rectangle([0, H - bottom, W, H], fill=(34, 36, 40))
        d.text((top * 0.4, H - bottom / 2), "PNG image \u00b7 fit to window", font=fs, fill=(170, 174, 180),
               anchor="lm")
        oy = top + round(0.02 * h)
        img.paste(Image.fromarray(a), (side, oy))
        px, py = side + w + side * 0.35, oy + h * rng.uniform(0.35, 0.6)
        k = max(10.0, side * 0.28)
        arrow = [(px, py), (px, py + k * 1.5), (px + k * 0.38, py + k * 1.15), (px + k * 0.65, py + k * 1.7),
                 (px + k * 0.85, py + k * 1.6), (px + k * 0.6, py + k * 1.06), (px + k * 1.05, py + k * 1.05)]
        d.polygon(arrow, fill=(250, 250, 250), outline=(10, 10, 10))
        return np.asarray(img)
    if e == "wiki_figure":  # the picture as a figure in a wiki article, text in the column beside it
        col_w = round(0.55 * w)
        pad = round(0.03 * w)
        cap = round(0.07 * h)
        head = round(0.08 * h)
        W, H = col_w + w + 4 * pad, head + h + cap + 3 * pad
        img = Image.new("RGB", (W, H), (255, 255, 255))
        d = ImageDraw.Draw(img)
        hf = _font("DejaVuSerif.ttf", max(13, round(head * 0.5)))
        d.text((pad, head * 0.65), "Nonogram", font=hf, fill=(20, 20, 20), anchor="ls")
        d.line([(pad, head * 0.85), (W - pad, head * 0.85)], fill=(162, 169, 177), width=1)
        fx, fy = col_w + 2 * pad, head + pad
        d.rectangle([fx - pad * 0.5, fy - pad * 0.5, fx + w + pad * 0.5, fy + h + cap], fill=(248, 249, 250),
                    outline=(200, 204, 208))
        img.paste(Image.fromarray(a), (fx, fy))
        cf = _font(UI_FONT, max(10, round(cap * 0.3)))
        d.text((fx, fy + h + cap * 0.45), "A solved puzzle: the filled cells draw the picture.", font=cf,
               fill=(60, 60, 66), anchor="lm")
        words = WIKI_TEXT.split()
        tf = _font(UI_FONT, max(10, round(0.022 * h)))
        y, line = head + pad + tf.size, ""
        for word in words * 3:
            trial = (line + " " + word).strip()
            if tf.getlength(trial) > col_w:
                d.text((pad, y), line, font=tf, fill=(32, 33, 34), anchor="ls")
                y += tf.size * 1.5
                line = word
                if y > H - pad:
                    break
            else:
                line = trial
        return np.asarray(img)
    if e == "linen_tablecloth":  # on a linen tablecloth: a fine slubby weave round the page, a soft shadow
        M = round(0.07 * big)
        H, W = h + 2 * M + 90, w + 2 * M + 90
        bg = _surface(g, H, W, (226, 220, 204), 0.02, 1)
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        weave = 0.96 + 0.04 * np.sin(xx * 1.9) * np.sin(yy * 1.9)
        slub = 1 + 0.05 * cv2.GaussianBlur(g.standard_normal((H, W)).astype(np.float32), (0, 0), sigmaX=12, sigmaY=0.6)
        bg *= (weave * slub)[..., None]
        out = _on_table(a, bg, rng.uniform(-2.0, 2.0), (M, M), 0.3, g)
        return _perspective(_noisy(out, g, 1.8), rng.uniform(0.02, 0.04), (210, 204, 190))
    if e == "denim_lap":  # resting on a lap in denim jeans: blue twill with a double orange seam, a vignette
        M = round(0.08 * big)
        H, W = h + 2 * M + 90, w + 2 * M + 90
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        twill = 0.85 + 0.2 * (((xx + yy) % 4) < 2)
        bg = _surface(g, H, W, (58, 78, 118), 0.06, 2) * twill[..., None]
        img = Image.fromarray(np.clip(bg, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        sx = rng.uniform(0.15, 0.85) * W
        for o in (-6, 6):
            x = sx + o
            yk = 0.0
            while yk < H:
                d.line([(x + yk * 0.25, yk), (x + (yk + 7) * 0.25, yk + 7)], fill=(214, 140, 60), width=2)
                yk += 12
        bg = np.asarray(img, np.float32)
        out = _on_table(a, bg, rng.uniform(-3.0, 3.0), (M, M), 0.45, g)
        Hc, Wc = out.shape[:2]
        yy, xx = np.mgrid[0:Hc, 0:Wc].astype(np.float32)
        r = np.hypot((xx - Wc / 2) / Wc, (yy - Hc / 2) / Hc)
        out = out * (1 - 0.25 * np.clip(r - 0.35, 0, 1) ** 1.2)[..., None]
        return _perspective(_noisy(out, g, 2.2), rng.uniform(0.03, 0.06), (40, 52, 80))
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page28(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style28,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, mean cell width ``cw`` and height ``ch``, the column and row edges ``xs`` and
    ``ys``, and ``keep``, the box round the clues and the grid; ``_box25`` gives a cell's box)."""
    rng = random.Random(f"h28:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = _change25(truth, style.clue_change, rng) if plan["clue"] else None
    row_vals, col_vals = _line_values(truth, change)
    if style.redraw:
        img, L = _redraw_whole28(layout, style, row_vals, col_vals, rng, (inp.shape[1], inp.shape[0]))
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
                _draw_fill28(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill28(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline28(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross28(img, box, style, rng)
            elif not ((r, c) in filled and style.missing_bare):
                _draw_empty28(img, box, style.empty, rng)
    if style.redraw:
        _draw_redraw_grid28(img, L, style.redraw, rng)
    else:
        _draw_grid28(img, L, rng, style.grid, inp)
    return np.asarray(img), rng, L


def make_answer28(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style28,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page28(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page28(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
