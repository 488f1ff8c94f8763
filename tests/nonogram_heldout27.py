"""HELDOUT27, measured blind on commit e29b1c6 (rubric 66, the thirty-sixth session's start): 394/432 right, 0 false
passes, 43/72 error-free right (29 false fails, 1 confidently incorrect), 169 needs_review, 2 unreadable (seed 5,
``tools/measure_nonogram_family.py nonogram_heldout27:HELDOUT27 --seed 5``). Per style, right/36, false fails:
lexigulim_gabardine_sunbeam 35 0; babelstone_cobblestone_dashboard 30 5; ubuntutitle_deckplanks_candlelit 34 2;
trainone_sandripples_easel 30 4; asana_crochide_cardboard 36 0; suruma_spraycan_leafshadow 34 2;
lateef_buffalocheck_cockled 36 0; kacstone_ripstop_terracotta 30 6; atari_stucco_matboard 29 4;
inputclues_lattice_lightbox 34 2; khmeros_terryloops_redrawworksheet 36 0; lohit_parquet_redrawnotepad 30 4 (each name
after its ``r_``). By planted error: none 43/72, extra_light 72, extra_outline 71, x_instead 72, missing 69,
clue_changed 67 (of 72 each). By size: 5x5 131/144, 10x10 134/144, 15x15 129/144. The same 394 on the thirty-sixth
session's rules drawn from HELDOUT26 before this family was looked at; then studied (docs/nonogram.md, rubric 67).

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved nonogram:
clue fonts from Debian packages no earlier nonogram family, test, install list or digit-reader training names
(fonts-lexi-gulim, fonts-babelstone-modern, fonts-ubuntu-title, fonts-train, fonts-oflb-asana-math, fonts-smc-suruma,
fonts-sil-lateef, fonts-kacst-one, fonts-atarismall, fonts-khmeros, fonts-lohit-deva): a plain Gulim-like sans (Lexi
Gulim), a squarish techno sans (BabelStone Modern), a rounded geometric bold (Ubuntu Title), an outlined display face
whose digits are drawn as hollow double lines (Train One), a Palatino-like book serif (Asana Math), a light humanist
sans (Suruma), a heavy humanist face with small figures (Lateef Bold), a Times-like bold (KACST One Bold), a chunky
pixel face (Atari Small), a Helvetica-like sans (Khmer OS) and a light sans (Lohit Devanagari, drawn with a
one-pixel heavier pen); one style keeps the input's clues (its changed clue is that line's numbers erased and typed
again in another face, KACST One Regular). Fills no earlier family uses (gabardine twill, cobblestones, deck planks,
wind ripples in sand, crocodile hide, spray paint with its overspray, buffalo check, ripstop nylon, stucco, a
diagonal lattice fence, terry loops, Dutch parquet); empty-cell marks drawn in new ways (a small typed grey zero, a
little hatch of three strokes in a cell's corner, a small grey teardrop, a pencil hook); the planted errors drawn in
new ways (pale sponge dabs, pale herringbone strokes, pale contour lines, a pale tint deepening towards the cell's
edges; a mitred frame with wood grain along its sides, a frame feathered on its outside and crisp inside, a frame
striped with chevrons, a frame thickened into steps at its inner corners; an X with a pale crack down each stroke, an X
with paint drips running down from it, a lopsided X with one heavy and one lighter stroke, an X with V notches bitten
from its edges; all in the fill's colour, darkened where the fill is a light one); a changed clue that gains a number,
loses one, has one split in two, has two merged into their sum, has one off by one, is swapped with its neighbour
line's, or has its numbers written in reverse order; a missing fill left bare on a page whose other empty cells carry
marks; grids drawn in new ways (thin lines only as plus-shaped ticks at each crossing under solid heavy lines, lines
raised like an embossing with a lit edge and a shadow, lines sewn as running stitches with solid heavy seams, pale
cyan thin lines under dark navy heavy ones); two styles that redraw the whole puzzle (a school worksheet with a name
and date line, round-dotted thin lines, solid block lines and a rule under the column clues; a copy in blue ballpoint
on ruled notepad paper with a red margin, its cells a little wider than tall); and page changes no earlier family
uses (a diagonal sunbeam across a shaded page, the page on a car's dashboard under the windscreen's reflection, a
candlelit photo with a warm falloff and high-ISO noise, the page pinned to a drawing easel with a ledge below, the
page on corrugated cardboard, leaf shadows in a widened sunny margin, paper cockled by damp, a photo of the page on
terracotta floor tiles, the page behind a bevelled mat board, the page on a lit lightbox, a scan with a faint coloured
streak from a dirty scanner lamp, the page taped to a wall by washi tape at its corners).

Clues written anew on the input's page are sized by their digits' height and fitted to its clue strips (as in
HELDOUT25 and HELDOUT26); the redrawn puzzles space their clues by the digits' height.

Doubts noted rather than made unfair: Train One's digits are outlines (two thin lines round a white middle), drawn
larger than the input's; Atari Small is a pixel face with square steps; Lateef's figures are small for its size, so
it is sized by its digits' height like every face; Suruma and Lohit Devanagari are light faces (Lohit drawn with a
one-pixel heavier pen); the typed zero left in empty cells is small, grey and only in the grid; the cross ticks leave
the thin lines between crossings undrawn (the heavy lines are whole); the notepad's pale blue rules run under the whole
copy, the grid and the clues included; the scanner streak is a faint two-pixel coloured line down the page; the
cockled paper moves lines by at most about two pixels; the candlelit photo darkens its far corner to about three fifths
and is noisy; the sunbeam is a soft brighter band over a shaded page; the windscreen's reflection is faint; the leaf
shadows and the washi tape lie only on the widened margins, off the clues and the grid; the cobblestone, croc-hide,
lattice, terry and parquet fills have some paler features (stone faces, scales, slats, loops, blocks) over a dark
ground, as such a fill has, and a person sees a filled cell at once; the reversed clue changes only the order of a
line's numbers, the split and merged clues change how many numbers a line has, and the swapped clues change two
neighbouring lines; the retyped clue line on the page that keeps the input's clues is in a different face from its
neighbours.

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer27` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout27:HELDOUT27`` measures them like the earlier families.
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
from nonogram_heldout26 import _wobbly
from PIL import Image, ImageDraw

WHITE = (255, 255, 255)


@dataclass(frozen=True)
class Style27(Style):
    """A HELDOUT27 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``worksheet_dotted``, ``ruled_notepad``; empty keeps the
    input's frame), ``clue_change`` how a planted clue_changed answer alters its line (as in HELDOUT25) and
    ``missing_bare`` whether a missing fill is left bare rather than marked like the other empty cells.
    ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""
    clue_change: str = "extra"
    missing_bare: bool = False

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer27(input_image, layout, truth, self, error, seed)


HELDOUT27 = (
    Style27("r_lexigulim_gabardine_sunbeam", "gabardine", (36, 40, 60), "none", "LexiGulim.ttf",
            ("sunbeam_diagonal", "jpeg"), clue_scale=(1.0, 1.08), grid="cross_ticks", light_mark="light_sponge",
            outline_mark="outline_woodgrain", cross_mark="heavy_x_cracked", clue_change="extra"),
    Style27("r_babelstone_cobblestone_dashboard", "cobblestone", (50, 48, 52), "typed_zero_grey",
            "BabelStoneModern.ttf", ("car_dashboard", "jpeg"), clue_scale=(1.0, 1.08), grid="raised_lines",
            light_mark="light_herring", outline_mark="outline_feathered", cross_mark="heavy_x_drips",
            clue_change="drop", missing_bare=True),
    Style27("r_ubuntutitle_deckplanks_candlelit", "deck_planks", (66, 40, 22), "none", "Ubuntu-Title.ttf",
            ("candlelit",), clue_scale=(1.0, 1.08), clue_gap=(0.75, 0.95), grid="stitched_lines", light_mark="light_contour",
            outline_mark="outline_chevron", cross_mark="heavy_x_lopsided", clue_change="split"),
    Style27("r_trainone_sandripples_easel", "sand_ripples", (72, 52, 28), "corner_hatch", "TrainOne-Regular.ttf",
            ("easel_board", "jpeg"), clue_scale=(1.15, 1.25), grid="twotone_cyan", light_mark="light_edge_glow",
            outline_mark="outline_stepped", cross_mark="heavy_x_notched", clue_change="merge"),
    Style27("r_asana_crochide_cardboard", "croc_hide", (34, 52, 36), "none", "Asana-Math.otf", ("cardboard_backing",),
            clue_scale=(1.02, 1.1), grid="cross_ticks", light_mark="light_herring", outline_mark="outline_chevron",
            cross_mark="heavy_x_cracked", clue_change="off_by_one", missing_bare=True),
    Style27("r_suruma_spraycan_leafshadow", "spray_can", (28, 34, 72), "teardrop", "Suruma.ttf",
            ("leaf_shadow", "jpeg"), clue_scale=(1.05, 1.12), clue_stroke=1, grid="raised_lines",
            light_mark="light_sponge", outline_mark="outline_stepped", cross_mark="heavy_x_drips",
            clue_change="swap_lines"),
    Style27("r_lateef_buffalocheck_cockled", "buffalo_check", (124, 24, 28), "none", "Lateef-Bold.ttf",
            ("cockled_paper", "jpeg"), clue_scale=(1.0, 1.08), grid="stitched_lines", light_mark="light_contour",
            outline_mark="outline_woodgrain", cross_mark="heavy_x_notched", clue_change="reversed"),
    Style27("r_kacstone_ripstop_terracotta", "ripstop", (30, 42, 60), "hook_stroke", "KacstOne-Bold.ttf",
            ("terracotta_floor", "jpeg"), clue_scale=(1.02, 1.1), grid="twotone_cyan", light_mark="light_edge_glow",
            outline_mark="outline_feathered", cross_mark="heavy_x_lopsided", clue_change="extra", missing_bare=True),
    Style27("r_atari_stucco_matboard", "stucco", (46, 44, 42), "none", "AtariSmall.ttf", ("mat_board",),
            clue_scale=(1.0, 1.08), grid="cross_ticks", light_mark="light_sponge", outline_mark="outline_chevron",
            cross_mark="heavy_x_notched", clue_change="drop"),
    Style27("r_inputclues_lattice_lightbox", "lattice_fence", (44, 32, 22), "typed_zero_grey", None, ("lightbox",),
            grid="kept", light_mark="light_contour", outline_mark="outline_woodgrain", cross_mark="heavy_x_drips",
            clue_change="retyped_line", missing_bare=True),
    Style27("r_khmeros_terryloops_redrawworksheet", "terry_loops", (24, 46, 74), "none", "KhmerOS.ttf",
            ("scanner_streak",), clue_colour=(14, 14, 20), clue_scale=(1.0, 1.08), light_mark="light_herring",
            outline_mark="outline_stepped", cross_mark="heavy_x_cracked", clue_change="merge",
            redraw="worksheet_dotted"),
    Style27("r_lohit_parquet_redrawnotepad", "parquet", (72, 42, 20), "hook_stroke", "Lohit-Devanagari.ttf",
            ("washi_corners", "jpeg"), clue_colour=(26, 38, 112), clue_scale=(1.05, 1.12), clue_stroke=1,
            light_mark="light_edge_glow", outline_mark="outline_feathered", cross_mark="heavy_x_lopsided",
            clue_change="split", redraw="ruled_notepad"),
)

CHANGE_FONT = "KacstOne.ttf"  # the retyped line of a changed clue on the page that keeps the input's clues


# ------------------------------------------------------------------------------------------ fills


def _tex27(kind: str, w: int, h: int, colour, g: np.random.Generator, rng: random.Random) -> np.ndarray:
    """A filled cell's picture (h, w, 3 float) in ``kind``."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    if kind == "gabardine":  # gabardine: fine, steep diagonal twill ribs, each lit on one side
        p = max(3.0, s / 7)
        u = ((2.2 * xx + yy) / p) % 1
        tex *= (0.82 + 0.34 * np.clip(np.sin(math.pi * u) ** 2, 0, 1))[..., None]
        tex *= (1 + 0.05 * _noise0(g, h, w, 0.7))[..., None]
    elif kind == "cobblestone":  # cobblestones: rounded stones, lit from above, in dark joints
        n = 3
        pts = [((i + 0.5 + rng.uniform(-0.25, 0.25)) * w / n, (j + 0.5 + rng.uniform(-0.25, 0.25)) * h / n)
               for j in range(-1, n + 1) for i in range(-1, n + 1)]
        d = np.stack([np.hypot(xx - px, yy - py) for px, py in pts])
        d.sort(axis=0)
        edge = d[1] - d[0]
        stone = np.clip(edge / max(1.5, s * 0.06), 0, 1)
        near = np.argmin(np.stack([np.hypot(xx - px, yy - py) for px, py in pts]), axis=0)
        cy = np.array([p[1] for p in pts], np.float32)[near]
        lit = np.clip(0.5 + (cy - yy) / (s / n), 0, 1)
        tone = np.array([rng.uniform(0.85, 1.2) for _ in pts], np.float32)[near]
        tex = col * (0.35 + stone * (0.6 + 0.45 * lit) * tone)[..., None]
        tex *= (1 + 0.06 * _noise0(g, h, w, 0.8))[..., None]
    elif kind == "deck_planks":  # deck planks: three boards, each its own tone, grain along them, dark gaps, nails
        k = 3
        ph = h / k
        row = np.minimum((yy // ph).astype(np.int32), k - 1)
        tones = np.array([rng.uniform(0.85, 1.25) for _ in range(k)], np.float32)
        grain = cv2.GaussianBlur(g.standard_normal((h, w)).astype(np.float32), (0, 0), sigmaX=max(2.0, s / 4),
                                 sigmaY=0.6)
        grain = grain / (grain.std() + 1e-6)
        tex = col * (tones[row] * (1 + 0.12 * grain))[..., None]
        gap = (yy % ph) < max(1.0, s / 28)
        tex[gap] = col * 0.35
        for j in range(k):
            for nx in (0.12, 0.88):
                cx, cy = nx * w, (j + 0.5) * ph
                nail = np.hypot(xx - cx, yy - cy) < max(0.8, s / 30)
                tex[nail] = col * 0.3
    elif kind == "sand_ripples":  # wind ripples in sand: wavy crests lit on their windward side
        p = s / rng.uniform(3.8, 4.6)
        amp, lam = s * 0.08, s * rng.uniform(0.9, 1.3)
        f = (yy + amp * np.sin(2 * math.pi * xx / lam + rng.uniform(0, 6.3))) / p
        u = f % 1
        shade = np.where(u < 0.35, 0.8 + 0.8 * u, 1.08 - 0.4 * (u - 0.35))
        tex = col * shade[..., None] * (1 + 0.07 * _noise0(g, h, w, 0.6))[..., None]
    elif kind == "croc_hide":  # crocodile hide: domed square scales of uneven size, in dark creases
        nx, ny = 3, 3
        xs = np.cumsum([0] + [rng.uniform(0.8, 1.2) for _ in range(nx)])
        ys = np.cumsum([0] + [rng.uniform(0.8, 1.2) for _ in range(ny)])
        xs, ys = xs / xs[-1] * w, ys / ys[-1] * h
        ix = np.clip(np.searchsorted(xs, xx, side="right") - 1, 0, nx - 1)
        iy = np.clip(np.searchsorted(ys, yy, side="right") - 1, 0, ny - 1)
        cx0, cx1, cy0, cy1 = xs[ix], xs[ix + 1], ys[iy], ys[iy + 1]
        ex = np.minimum(xx - cx0, cx1 - xx) / np.maximum(1.0, cx1 - cx0)
        ey = np.minimum(yy - cy0, cy1 - yy) / np.maximum(1.0, cy1 - cy0)
        dome = np.clip(np.minimum(ex, ey) / 0.28, 0, 1) ** 0.6
        tex = col * (0.4 + 0.85 * dome)[..., None] * (1 + 0.08 * _noise0(g, h, w, 0.7))[..., None]
    elif kind == "spray_can":  # spray paint: a solid coat, denser in the middle, with fine overspray speckle
        r = np.hypot(xx - w / 2, yy - h / 2) / (0.7 * s)
        tex = col * (0.92 + 0.18 * np.clip(r, 0, 1))[..., None]
        edge = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy]) / s
        speck = (g.random((h, w)) < np.clip(0.5 - edge * 6, 0, 0.5)).astype(np.float32)
        tex = tex * (1 - 0.55 * speck[..., None]) + 255 * 0.55 * speck[..., None] * 0.6
        tex *= (1 + 0.05 * _noise0(g, h, w, 0.5))[..., None]
    elif kind == "buffalo_check":  # buffalo check: big squares of red and black, mixed where the bands cross
        p = s / 2
        a = (np.floor(xx / p) % 2 == 0).astype(np.float32)
        b = (np.floor(yy / p) % 2 == 0).astype(np.float32)
        red = (a + b) / 2
        black = np.array((22, 18, 20), np.float32)
        tex = black * (1 - red[..., None]) + col * red[..., None]
        twill = 0.92 + 0.12 * (((xx + yy) % 3) < 1)
        tex *= twill[..., None] * (1 + 0.05 * _noise0(g, h, w, 0.6))[..., None]
    elif kind == "ripstop":  # ripstop nylon: a fine sheen with a square grid of paler reinforcing threads
        p = s / 4
        tex *= (0.9 + 0.2 * (xx + yy) / (w + h))[..., None]
        thr = ((xx % p) < 1.0) | ((yy % p) < 1.0)
        tex[thr] = _lift(col, 0.28)
        tex *= (1 + 0.04 * _noise0(g, h, w, 0.5))[..., None]
    elif kind == "stucco":  # stucco: rough plaster lit from the upper left, its relief in soft lumps
        n = _noise0(g, h, w, max(1.0, s / 12)) + 0.5 * _noise0(g, h, w, 0.8)
        relief = np.gradient(n, axis=1) + np.gradient(n, axis=0)
        tex = col * (1 + 0.55 * np.clip(relief, -0.6, 0.6))[..., None]
    elif kind == "lattice_fence":  # a diagonal lattice fence: two layers of slats crossing over a dark gap
        p = s / 2.4
        wd = 0.3
        u, v = ((xx + yy) / p) % 1, ((xx - yy) / p) % 1
        s1 = np.abs(u - 0.5) < wd
        s2 = np.abs(v - 0.5) < wd
        tex = col * 0.45 * np.ones((h, w, 1), np.float32)
        tex[s2] = col * 1.25
        tex[s1] = col * 1.5
        tex[s1 & (np.abs(np.abs(v - 0.5) - wd) < 0.06)] = col * 0.9  # the upper slat's shadow on the lower
        tex *= (1 + 0.06 * _noise0(g, h, w, 0.7))[..., None]
    elif kind == "terry_loops":  # terry cloth: dense little pile loops, each a pale ring on the darker ground
        p = max(3.5, s / 5)
        tex *= 0.85
        u, v = xx / p, yy / p
        shift = (np.floor(v) % 2) * 0.5
        fu, fv = (u + shift) % 1 - 0.5, v % 1 - 0.5
        d = np.hypot(fu, fv)
        ring = np.clip(1 - np.abs(d - 0.3) / 0.12, 0, 1)
        tex = tex * (1 - 0.6 * ring[..., None]) + _lift(col, 0.35) * 0.6 * ring[..., None]
        tex *= (1 + 0.08 * _noise0(g, h, w, 0.6))[..., None]
    elif kind == "parquet":  # Dutch parquet: two-by-two blocks of three slats, turned every other block
        q = w / 2
        bi, bj = np.floor(xx / q), np.floor(yy / (h / 2))
        turned = ((bi + bj) % 2) == 1
        along = np.where(turned, yy % (h / 2), xx % q)
        across = np.where(turned, xx % q, yy % (h / 2))
        slat = np.floor(across / (min(q, h / 2) / 3))
        tone = 0.85 + 0.12 * ((slat * 7 + bi * 3 + bj * 5) % 4)
        grain = 1 + 0.08 * np.sin(along * 1.3 + slat * 2)
        tex = col * (tone * grain)[..., None]
        seam = ((across % (min(q, h / 2) / 3)) < 1.0) | ((xx % q) < 1.0) | ((yy % (h / 2)) < 1.0)
        tex[seam] = col * 0.4
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255)


def _ink(style: Style27) -> np.ndarray:
    """The ink of the planted marks: the fill's colour, darkened when it is a light one."""
    col = np.asarray(style.fill_colour, np.float32)
    lum = float(col @ np.array([0.299, 0.587, 0.114], np.float32))
    return col * (80 / lum) if lum > 80 else col


def _draw_fill27(img: Image.Image, box, style: Style27, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07)
    w, h = bx - ax, by - ay
    if not light:
        _paste(img, _tex27(style.fill, w, h, style.fill_colour, g, rng), ax, ay, None)
        return
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = _ink(style)
    s = float(min(w, h))
    if light == "light_sponge":  # pale sponge dabs: soft blotches with small holes, over a faint tint
        n = _noise0(g, h, w, max(1.0, s / 8))
        holes = _noise0(g, h, w, 0.8) > 1.1
        alpha = np.where(holes, 0.12, 0.18 + 0.16 * np.clip(n + 0.5, 0, 1.2))
    elif light == "light_herring":  # pale herringbone: columns of short strokes slanting alternately
        lay, ld = _layer(w, h)
        p = max(4.0, s / 4)
        for i in range(int(w / p) + 1):
            sgn = 1 if i % 2 else -1
            for j in range(-1, int(h / (p * 0.5)) + 2):
                x0, y0 = i * p + p * 0.1, j * p * 0.5
                ld.line([(x0, y0), (x0 + p * 0.8, y0 + sgn * p * 0.4)], fill=255, width=max(1, round(s / 22)))
        alpha = 0.13 + 0.35 * _m(lay)
    elif light == "light_contour":  # pale contour lines, like a map's, over a faint tint
        n = _noise0(g, h, w, max(1.0, s / 4))
        u = (n * 2.2) % 1
        alpha = 0.15 + 0.35 * np.clip(1 - np.abs(u - 0.5) / 0.14, 0, 1)
    elif light == "light_edge_glow":  # a pale tint, deepening towards the cell's edges
        e = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy]) / (0.5 * s)
        alpha = 0.14 + 0.24 * np.clip(1 - e, 0, 1) ** 1.5
    else:
        raise ValueError(light)
    _paste_rgba(img, tex, cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.5), ax, ay)


def _draw_outline27(img: Image.Image, box, style: Style27, rng: random.Random) -> None:
    """The planted extra_outline cell: a heavy frame with an empty middle."""
    kind = style.outline_mark
    ax, ay, bx, by = _inner(box, 0.08)
    w, h = bx - ax, by - ay
    s = float(min(w, h))
    col = _ink(style)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    f = rng.uniform(0.19, 0.21) * s
    across, _ = _perimeter(w, h)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "outline_woodgrain":  # a mitred frame, its grain running along each side, the seams at 45 degrees
        m = (across < f).astype(np.float32)
        side = np.minimum(xx, w - 1 - xx) < np.minimum(yy, h - 1 - yy)
        along = np.where(side, yy, xx)
        grain = np.sin(along * 0.15 + np.where(side, xx, yy) * 1.7 + _noise0(_nrng(rng), h, w, 1.5) * 0.8)
        tex *= (0.9 + 0.22 * np.clip(grain, -1, 1))[..., None]
        tex[side] *= 0.85
        seam = (np.abs(np.minimum(xx, w - 1 - xx) - np.minimum(yy, h - 1 - yy)) < 0.8) & (across < f)
        tex[seam] = _lift(col, 0.4)
    elif kind == "outline_feathered":  # a frame feathered on its outer edge, crisp on its inner edge
        outer = np.clip(across / max(1.5, f * 0.35), 0, 1)
        m = np.where(across < f, 0.35 + 0.65 * outer, 0.0).astype(np.float32)
        _paste_rgba(img, tex, np.clip(m, 0, 1), ax, ay)
        return
    elif kind == "outline_chevron":  # a frame striped with chevrons pointing round the cell
        q = max(3.0, f * 0.9)
        along = np.where(np.minimum(xx, w - 1 - xx) < np.minimum(yy, h - 1 - yy), yy, xx)
        stripe = ((along + np.abs(across - f / 2) * 1.2) % (2 * q)) < q * 0.6
        tex[stripe] = _lift(col, 0.4)
        m = (across < f).astype(np.float32)
    elif kind == "outline_stepped":  # a frame whose band steps inwards near each inner corner
        cx = np.minimum(xx, w - 1 - xx)
        cy = np.minimum(yy, h - 1 - yy)
        step = (cx < 2.1 * f) & (cy < 2.1 * f)
        m = ((across < f) | (step & (np.maximum(cx, cy) < 1.6 * f) & (np.minimum(cx, cy) < 1.5 * f))).astype(
            np.float32)
        m *= (across < 1.6 * f)
        tex[(across < f * 0.18)] = _lift(col, 0.25)
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross27(img: Image.Image, box, style: Style27, rng: random.Random) -> None:
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
    if kind == "heavy_x_cracked":  # heavy strokes, each with a pale zigzag crack down its middle
        for p, q in arms:
            t, n, ln = _stroke_coords(p, q, xx, yy)
            stroke = np.clip(wid * 0.5 - np.abs(n) + 0.5, 0, 1) * ((t > 0) & (t < 1))
            zig = 0.18 * wid * np.sin(t * ln / max(3.0, wid * 0.7) * math.pi)
            crack = (np.abs(n - zig) < 0.6) & (t > 0.12) & (t < 0.88)
            tex[(stroke > 0.5) & crack] = _lift(col, 0.55)
            m = np.maximum(m, stroke)
    elif kind == "heavy_x_drips":  # a heavy X of paint with drips running down from its strokes
        im, d = _layer(w, h)
        for p, q in arms:
            d.line([p, q], fill=255, width=max(3, round(wid)))
        for _ in range(3):
            t = rng.uniform(0.2, 0.8)
            p, q = arms[rng.randrange(2)]
            x, y = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
            ln = rng.uniform(0.12, 0.22) * s
            dw = max(1, round(wid * 0.28))
            d.line([(x, y), (x, min(h - 2, y + ln))], fill=255, width=dw)
            r = dw * 0.8
            d.ellipse([x - r, min(h - 2, y + ln) - r, x + r, min(h - 2, y + ln) + r], fill=255)
        m = _m(im)
    elif kind == "heavy_x_lopsided":  # one heavy stroke and one lighter one, as a hurried marker draws
        for (p, q), k in zip(arms, (1.2, 0.7)):
            t, n, _ = _stroke_coords(p, q, xx, yy)
            m = np.maximum(m, np.clip(wid * 0.5 * k - np.abs(n) + 0.5, 0, 1) * ((t > -0.02) & (t < 1.02)))
    elif kind == "heavy_x_notched":  # heavy strokes with V notches bitten from their edges
        for p, q in arms:
            t, n, ln = _stroke_coords(p, q, xx, yy)
            per = max(4.0, wid * 0.9)
            saw = np.abs(((t * ln) % per) / per - 0.5) * 2  # 1 at a notch's mouth, 0 at its point
            half = wid * 0.5 * (1 - 0.4 * np.clip(1 - saw * 1.6, 0, 1))
            m = np.maximum(m, np.clip(half - np.abs(n) + 0.5, 0, 1) * ((t > 0) & (t < 1)))
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, np.clip(m, 0, 1), ax, ay)


def _draw_empty27(img: Image.Image, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    d = ImageDraw.Draw(img)
    lw = max(1, round(s / 26))
    grey = (128, 130, 138)
    if kind == "none":
        return
    if kind == "typed_zero_grey":  # a small typed zero in grey, as a model writing the grid out in ones and zeros
        d.text((cx, cy), "0", font=_font("DejaVuSans.ttf", max(8, round(0.3 * s))), fill=(150, 152, 158), anchor="mm")
    elif kind == "corner_hatch":  # three short strokes hatched in the cell's lower right corner
        for k in range(3):
            bx, by = x1 - s * (0.16 + 0.08 * k), y1 - s * 0.14
            d.line([(bx, by), (bx + s * 0.07, by - s * 0.1)], fill=grey, width=lw)
    elif kind == "teardrop":  # a small grey teardrop
        r = max(1.5, 0.05 * s)
        d.ellipse([cx - r, cy - r * 0.3, cx + r, cy + r * 1.7], fill=grey)
        d.polygon([(cx - r * 0.9, cy + r * 0.3), (cx, cy - r * 2.0), (cx + r * 0.9, cy + r * 0.3)], fill=grey)
    elif kind == "hook_stroke":  # a short pencil stroke hooked at its foot
        k = 0.11 * s
        d.line([(cx + k * 0.2, cy - k), (cx + k * 0.2, cy + k * 0.5)], fill=(112, 114, 122), width=lw)
        d.arc([cx - k * 0.8, cy, cx + k * 0.2 + lw / 2, cy + k], 0, 150, fill=(112, 114, 122), width=lw)
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids and redraws


def _draw_grid27(img: Image.Image, L: dict[str, Any], rng: random.Random, name: str, inp: np.ndarray | None) -> None:
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
    if name == "cross_ticks":  # thin lines only as plus-shaped ticks at each crossing; heavy lines whole
        arm = 0.28 * s
        for i, x in enumerate(xs):
            for j, y in enumerate(ys):
                if not _major(i, cols):
                    d.line([(x, max(gy0, y - arm)), (x, min(gy1, y + arm))], fill=(110, 112, 120), width=thin)
                if not _major(j, rows):
                    d.line([(max(gx0, x - arm), y), (min(gx1, x + arm), y)], fill=(110, 112, 120), width=thin)
    elif name == "raised_lines":  # embossed lines: a lit edge above and left, a soft shadow below and right
        for i, x in enumerate(xs):
            if not _major(i, cols):
                d.line([(x + 1, gy0), (x + 1, gy1)], fill=(150, 150, 156), width=thin)
                d.line([(x, gy0), (x, gy1)], fill=(236, 236, 240), width=thin)
        for j, y in enumerate(ys):
            if not _major(j, rows):
                d.line([(gx0, y + 1), (gx1, y + 1)], fill=(150, 150, 156), width=thin)
                d.line([(gx0, y), (gx1, y)], fill=(236, 236, 240), width=thin)
        hl = max(1, thick // 3)
        for i, x in enumerate(xs):
            if _major(i, cols):
                d.line([(x, gy0 - thick // 2), (x, gy1 + thick // 2)], fill=major, width=thick)
                d.line([(x - thick / 2 + hl / 2, gy0), (x - thick / 2 + hl / 2, gy1)], fill=(96, 96, 104), width=hl)
        for j, y in enumerate(ys):
            if _major(j, rows):
                d.line([(gx0 - thick // 2, y), (gx1 + thick // 2, y)], fill=major, width=thick)
                d.line([(gx0, y - thick / 2 + hl / 2), (gx1, y - thick / 2 + hl / 2)], fill=(96, 96, 104), width=hl)
        return
    elif name == "stitched_lines":  # thin lines sewn as running stitches in brown thread; heavy lines solid seams
        st, gap = 0.26 * s, 0.12 * s
        thread = (104, 78, 60)
        for i, x in enumerate(xs):
            if not _major(i, cols):
                t = gy0 + rng.uniform(0, gap)
                while t < gy1:
                    d.line([(x, t), (x, min(gy1, t + st))], fill=thread, width=thin + 1)
                    t += st + gap
        for j, y in enumerate(ys):
            if not _major(j, rows):
                t = gx0 + rng.uniform(0, gap)
                while t < gx1:
                    d.line([(t, y), (min(gx1, t + st), y)], fill=thread, width=thin + 1)
                    t += st + gap
        major = (52, 34, 26)
    elif name == "twotone_cyan":  # pale cyan thin lines under dark navy heavy ones, like engineering paper
        for i, x in enumerate(xs):
            if not _major(i, cols):
                d.line([(x, gy0), (x, gy1)], fill=(120, 192, 214), width=thin)
        for j, y in enumerate(ys):
            if not _major(j, rows):
                d.line([(gx0, y), (gx1, y)], fill=(120, 192, 214), width=thin)
        major = (18, 30, 64)
    else:
        raise ValueError(name)
    for i, x in enumerate(xs):
        if _major(i, cols):
            d.line([(x, gy0 - thick // 2), (x, gy1 + thick // 2)], fill=major, width=thick)
    for j, y in enumerate(ys):
        if _major(j, rows):
            d.line([(gx0 - thick // 2, y), (gx1 + thick // 2, y)], fill=major, width=thick)


def _draw_redraw_grid27(img: Image.Image, L: dict[str, Any], kind: str, rng: random.Random) -> None:
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    if kind == "worksheet_dotted":  # round-dotted thin lines, solid block lines and border
        ink = (24, 24, 30)
        r = max(0.8, s / 34)
        step = max(3.0, r * 3.2)
        for i, x in enumerate(xs):
            if not _major(i, cols):
                t = ys[0]
                while t <= ys[-1]:
                    d.ellipse([x - r, t - r, x + r, t + r], fill=(90, 90, 98))
                    t += step
        for j, y in enumerate(ys):
            if not _major(j, rows):
                t = xs[0]
                while t <= xs[-1]:
                    d.ellipse([t - r, y - r, t + r, y + r], fill=(90, 90, 98))
                    t += step
        wd = max(2, round(s / 12))
        for i, x in enumerate(xs):
            if _major(i, cols):
                d.line([(x, ys[0] - wd // 2), (x, ys[-1] + wd // 2)], fill=ink, width=wd)
        for j, y in enumerate(ys):
            if _major(j, rows):
                d.line([(xs[0] - wd // 2, y), (xs[-1] + wd // 2, y)], fill=ink, width=wd)
        return
    # ruled_notepad: ballpoint lines, a little uneven, the heavy ones gone over twice
    ink = (30, 44, 120)
    amp = max(0.5, s / 60)
    for i, x in enumerate(xs):
        big = _major(i, cols)
        for k in range(2 if big else 1):
            pts = _wobbly((x + rng.uniform(-0.6, 0.6) + k, ys[0] - rng.uniform(0, 2)),
                          (x + rng.uniform(-0.9, 0.9) + k, ys[-1] + rng.uniform(0, 2)), amp, rng)
            d.line(pts, fill=ink, width=max(2, round(s / 18)) if big else max(1, round(s / 32)), joint="curve")
    for j, y in enumerate(ys):
        big = _major(j, rows)
        for k in range(2 if big else 1):
            pts = _wobbly((xs[0] - rng.uniform(0, 2), y + rng.uniform(-0.6, 0.6) + k),
                          (xs[-1] + rng.uniform(0, 2), y + rng.uniform(-0.9, 0.9) + k), amp, rng)
            d.line(pts, fill=ink, width=max(2, round(s / 18)) if big else max(1, round(s / 32)), joint="curve")


def _redraw_whole27(layout: dict[str, Any], style: Style27, row_vals, col_vals, rng: random.Random,
                    target: tuple[int, int]) -> tuple[Image.Image, dict[str, Any]]:
    """The whole puzzle drawn anew (``style.redraw``): its own canvas (at least ``target`` = (w, h) * 0.9), cell
    proportions, clue layout and margins. Returns the page (clues, no marks, no grid yet) and its geometry."""
    kind = style.redraw
    rows, cols = layout["rows"], layout["cols"]
    base = layout["cell_px"] * rng.uniform(0.97, 1.04)
    if kind == "worksheet_dotted":
        cws, chs = [base] * cols, [base] * rows
    else:  # ruled_notepad: cells a little wider than tall, ruled by hand
        cws = [base * rng.uniform(1.06, 1.12) for _ in range(cols)]
        chs = [base * rng.uniform(0.9, 0.95) for _ in range(rows)]
    ref = _digit_h(_font(INPUT_FONT, layout["clue_font_px"]))
    px = _px_for(style.clue_font, ref * rng.uniform(*style.clue_scale))
    font = _font(style.clue_font, px)
    while px > 8 and max(_ink_w(font, t) for v in col_vals for t in v) > 0.8 * min(cws):
        px -= 1
        font = _font(style.clue_font, px)
    dh = _digit_h(font)
    gapn, slot = dh * rng.uniform(0.8, 0.95), dh * rng.uniform(1.55, 1.7)
    row_w = max(sum(_ink_w(font, t) for t in v) + gapn * (len(v) - 1) for v in row_vals)
    col_h = max(len(v) for v in col_vals) * slot
    pad = 0.45 * base
    if kind == "worksheet_dotted":
        ml, mr, mt, mb = base * 0.7, base * 0.7, base * 2.2, base * 0.9
    else:
        ml, mr, mt, mb = base * 1.5, base * 0.6, base * 1.0, base * 1.2
    gw, gh = sum(cws), sum(chs)
    W0, H0 = ml + mr + row_w + pad * 1.4 + gw, mt + mb + col_h + pad * 1.4 + gh
    ex, ey = max(0.0, 0.9 * target[0] - W0) / 2, max(0.0, 0.9 * target[1] - H0) / 2
    gx0, gy0 = ml + ex + row_w + pad * 1.4, mt + ey + col_h + pad * 1.4
    xs = [gx0 + sum(cws[:i]) for i in range(cols + 1)]
    ys = [gy0 + sum(chs[:j]) for j in range(rows + 1)]
    W, H = round(W0 + 2 * ex), round(H0 + 2 * ey)
    paper = (252, 252, 250) if kind == "worksheet_dotted" else (250, 248, 236)
    img = Image.new("RGB", (W, H), paper)
    d = ImageDraw.Draw(img)
    L = {"grid_bbox": [xs[0], ys[0], xs[-1], ys[-1]], "rows": rows, "cols": cols, "cw": gw / cols, "ch": gh / rows,
         "cell_px": min(min(cws), min(chs)), "xs": xs, "ys": ys, "x0s": xs[:-1], "y0s": ys[:-1],
         "keep": [gx0 - pad * 1.4 - row_w - 4, gy0 - pad * 1.4 - col_h - 4, xs[-1] + 4, ys[-1] + 4]}
    s = min(cws + chs)
    if kind == "worksheet_dotted":  # a school worksheet: a heading, name and date lines, a rule under the clues
        tp = max(13, round(base * 0.42))
        tx, ty = ml * 0.6 + ex, base * 0.35 + ey
        d.text((tx, ty), "Picture Logic", font=_font("DejaVuSerif-Bold.ttf", tp), fill=(30, 30, 36), anchor="la")
        sp = max(10, round(tp * 0.62))
        ny = ty + tp * 1.7
        d.text((tx, ny), "Name", font=_font("DejaVuSans.ttf", sp), fill=(70, 70, 78), anchor="ls")
        d.line([(tx + sp * 3.2, ny + 2), (tx + (W - 2 * ex) * 0.45, ny + 2)], fill=(120, 120, 128), width=1)
        dx = tx + (W - 2 * ex) * 0.52
        d.text((dx, ny), "Date", font=_font("DejaVuSans.ttf", sp), fill=(70, 70, 78), anchor="ls")
        d.line([(dx + sp * 2.9, ny + 2), (W - ex - ml * 0.6, ny + 2)], fill=(120, 120, 128), width=1)
        ry = gy0 - pad * 0.55
        d.line([(xs[0], ry), (xs[-1], ry)], fill=(60, 60, 68), width=max(1, round(s / 30)))
        rx = gx0 - pad * 0.55
        d.line([(rx, ys[0]), (rx, ys[-1])], fill=(60, 60, 68), width=max(1, round(s / 30)))
    else:  # ruled notepad paper: pale blue rules across the whole sheet, a red margin, a torn-off top edge
        lead = max(10.0, base * 0.62)
        y = base * 0.7
        while y < H:
            d.line([(0, y), (W, y)], fill=(196, 212, 236), width=1)
            y += lead
        mx = ml * 0.55 + ex * 0.3
        d.line([(mx, 0), (mx, H)], fill=(226, 140, 146), width=max(1, round(s / 26)))
        for x in range(0, W, 6):
            d.line([(x, 0), (x + 3, rng.uniform(1, 4))], fill=(236, 234, 222), width=1)
    for r, vals in enumerate(row_vals):
        cy = (ys[r] + ys[r + 1]) / 2
        x = gx0 - pad
        for t in reversed(vals):
            wt = _ink_w(font, t)
            jx, jy = (0.0, 0.0) if kind == "worksheet_dotted" else (rng.uniform(-1.2, 1.2), rng.uniform(-1.2, 1.2))
            _put(d, (x - wt / 2 + jx, cy + jy), t, font, style.clue_colour, style.clue_stroke)
            x -= wt + gapn
    for c, vals in enumerate(col_vals):
        cx = (xs[c] + xs[c + 1]) / 2
        for k, t in enumerate(vals):
            jx, jy = (0.0, 0.0) if kind == "worksheet_dotted" else (rng.uniform(-1.2, 1.2), rng.uniform(-1.2, 1.2))
            _put(d, (cx + jx, gy0 - pad - (len(vals) - k - 0.5) * slot + jy), t, font, style.clue_colour,
                 style.clue_stroke)
    return img, L


# ------------------------------------------------------------------------------------------ pages


def _surface(g: np.random.Generator, H: int, W: int, colour, grain: float, sigma: float) -> np.ndarray:
    bg = np.empty((H, W, 3), np.float32)
    bg[:] = colour
    bg *= (1 + grain * _blurred_noise(g, H, W, sigma))[..., None]
    return bg


def _page27(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    big = max(h, w)
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "sunbeam_diagonal":  # a shaded room, a soft diagonal beam of warm sunlight across the page
        M = round(0.06 * big)
        bg = _surface(g, h + 2 * M + 90, w + 2 * M + 90, (176, 170, 160), 0.03, 4)
        out = _on_table(a, bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        Hc, Wc = out.shape[:2]
        yy, xx = np.mgrid[0:Hc, 0:Wc].astype(np.float32)
        ang = math.radians(rng.uniform(30, 55))
        u = xx * math.cos(ang) + yy * math.sin(ang)
        c0 = rng.uniform(0.35, 0.6) * (Wc * math.cos(ang) + Hc * math.sin(ang))
        bw = 0.18 * (Wc + Hc) / 2
        beam = np.exp(-((u - c0) / bw) ** 4)
        beam = cv2.GaussianBlur(beam.astype(np.float32), (0, 0), 6)
        light = 0.8 + 0.28 * beam
        warm = np.array((1.0, 0.95, 0.84), np.float32)
        out = out * light[..., None] * (1 - (1 - warm) * beam[..., None])
        return np.clip(out + g.normal(0, 2, out.shape), 0, 255).astype(np.uint8)
    if e == "car_dashboard":  # on a car's dark dashboard: grained plastic, the windscreen's faint reflection
        M = round(0.08 * big)
        H, W = h + 2 * M + 90, w + 2 * M + 90
        bg = _surface(g, H, W, (46, 46, 50), 0.05, 0.8)
        bg *= (1 + 0.04 * _blurred_noise(g, H, W, 20))[..., None]
        out = _on_table(a, bg, rng.uniform(-2.5, 2.5), (M, M), 0.4, g)
        Hc, Wc = out.shape[:2]
        yy, xx = np.mgrid[0:Hc, 0:Wc].astype(np.float32)
        refl = np.clip(1 - yy / (0.55 * Hc), 0, 1) * (0.5 + 0.5 * np.sin(xx / Wc * 3.0 + rng.uniform(0, 6.3)))
        out = out * (1 - 0.07 * refl[..., None]) + np.array((200, 214, 226), np.float32) * 0.07 * refl[..., None]
        out = np.clip(out + g.normal(0, 2, out.shape), 0, 255).astype(np.uint8)
        return _perspective(out, rng.uniform(0.03, 0.05), (40, 40, 44))
    if e == "candlelit":  # by candlelight: a warm orange cast falling off from one lower corner, high-ISO noise
        M = round(0.05 * big)
        bg = _surface(g, h + 2 * M + 90, w + 2 * M + 90, (92, 64, 44), 0.06, 3)
        out = _on_table(a, bg, rng.uniform(-1.5, 1.5), (M, M), 0.35, g)
        Hc, Wc = out.shape[:2]
        yy, xx = np.mgrid[0:Hc, 0:Wc].astype(np.float32)
        sx = Wc * rng.choice((0.05, 0.95))
        r = np.hypot(xx - sx, yy - Hc * 0.95) / math.hypot(Wc, Hc)
        fall = 1.02 - 0.42 * np.clip(r, 0, 1) ** 1.2
        out = out * fall[..., None] * np.array((1.0, 0.82, 0.58), np.float32)
        out = cv2.GaussianBlur(out, (0, 0), 0.6)
        out += g.normal(0, 4.5, out.shape) + (g.normal(0, 3, (Hc, Wc)))[..., None]
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "easel_board":  # pinned to a drawing easel's board, a wooden ledge below it
        bx, by, ledge = round(0.07 * w), round(0.06 * h), round(0.06 * h)
        Hs, Ws = h + 2 * by + ledge, w + 2 * bx
        board = _surface(g, Hs, Ws, (196, 178, 146), 0.04, 2)
        sh = np.zeros((Hs, Ws), np.float32)
        sh[by + 5:by + h + 5, bx + 4:bx + w + 4] = 1
        board *= (1 - 0.35 * cv2.GaussianBlur(sh, (0, 0), 4))[..., None]
        board[by:by + h, bx:bx + w] = a
        ly = by + h + round(by * 0.5)
        board[ly:] = (120, 82, 48)
        board[ly:ly + 3] = (160, 118, 74)
        img = Image.fromarray(np.clip(board, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        r = max(4, round(0.012 * big))
        for px_ in (bx + r * 2.2, bx + w - r * 2.2):  # drawing pins in the page's top corners
            py = by + r * 2.2
            d.ellipse([px_ - r + 2, py - r + 3, px_ + r + 2, py + r + 3], fill=(150, 140, 126))
            d.ellipse([px_ - r, py - r, px_ + r, py + r], fill=(196, 40, 40))
            d.ellipse([px_ - r * 0.4, py - r * 0.6, px_, py - r * 0.2], fill=(240, 160, 160))
        out = np.asarray(img, np.float32)
        return np.clip(out + g.normal(0, 1.8, out.shape), 0, 255).astype(np.uint8)
    if e == "cardboard_backing":  # on a sheet of corrugated cardboard, its flutes showing as faint ridges
        M = round(0.07 * big)
        H, W = h + 2 * M + 90, w + 2 * M + 90
        bg = _surface(g, H, W, (176, 138, 94), 0.04, 3)
        xx = np.arange(W, dtype=np.float32)
        bg *= (1 + 0.05 * np.sin(2 * math.pi * xx / max(6.0, 0.012 * big)))[None, :, None]
        out = _on_table(a, bg, rng.uniform(-2, 2), (M, M), 0.35, g)
        return np.clip(out + g.normal(0, 2, out.shape), 0, 255).astype(np.uint8)
    if e == "leaf_shadow":  # sunlit, with the soft shadows of a pot plant's leaves on the widened right margin
        mr, mb = round(0.16 * w), round(0.06 * h)
        page = _extend(a, right=mr, bottom=mb).astype(np.float32)
        Hp, Wp = page.shape[:2]
        lay, ld = _layer(Wp, Hp)
        x0 = int(L["keep"][2]) + 14
        for _ in range(9):
            cx, cy = rng.uniform(x0 + mr * 0.2, Wp + mr * 0.3), rng.uniform(0, Hp)
            ln, wd = rng.uniform(0.08, 0.14) * big, rng.uniform(0.03, 0.05) * big
            t = rng.uniform(0, math.pi)
            pts = [(cx + ln * math.cos(t) * k - wd * math.sin(t) * math.sin(math.pi * (k + 1) / 2),
                    cy + ln * math.sin(t) * k + wd * math.cos(t) * math.sin(math.pi * (k + 1) / 2))
                   for k in np.linspace(-1, 1, 12)]
            pts += [(cx + ln * math.cos(t) * k + wd * math.sin(t) * math.sin(math.pi * (k + 1) / 2),
                     cy + ln * math.sin(t) * k - wd * math.cos(t) * math.sin(math.pi * (k + 1) / 2))
                    for k in np.linspace(1, -1, 12)]
            ld.polygon(pts, fill=255)
        sh = cv2.GaussianBlur(_m(lay), (0, 0), 5)
        sh[:, :x0] = 0
        sh = cv2.GaussianBlur(sh, (0, 0), 2)
        page = page * (1 - 0.3 * sh[..., None]) * np.array((1.0, 0.98, 0.92), np.float32)
        return np.clip(page + g.normal(0, 1.5, page.shape), 0, 255).astype(np.uint8)
    if e == "cockled_paper":  # paper cockled by damp: gentle waves that move lines a pixel or two, shaded
        n1 = _blurred_noise(g, h, w, big / 10)
        n2 = _blurred_noise(g, h, w, big / 10)
        amp = rng.uniform(1.2, 1.8)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        out = cv2.remap(a, xx + amp * n1, yy + amp * n2, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        shade = 1 + 0.05 * np.clip(np.gradient(n1, axis=1) * big / 10, -1.5, 1.5)
        out = out.astype(np.float32) * shade[..., None]
        return np.clip(out + g.normal(0, 1.5, out.shape), 0, 255).astype(np.uint8)
    if e == "terracotta_floor":  # a photo of the page lying on terracotta floor tiles with pale grout
        M = round(0.09 * big)
        H, W = h + 2 * M + 90, w + 2 * M + 90
        bg = _surface(g, H, W, (170, 92, 62), 0.05, 3)
        t = max(40, round(0.3 * big))
        yy, xx = np.mgrid[0:H, 0:W]
        ti = (xx // t) + 3 * (yy // t)
        tones = np.array([rng.uniform(0.88, 1.08) for _ in range(int(ti.max()) + 1)], np.float32)
        bg *= tones[ti][..., None]
        grout = ((xx % t) < 5) | ((yy % t) < 5)
        bg[grout] = (196, 184, 168)
        out = _on_table(a, bg, rng.uniform(-3, 3), (M, M), 0.4, g)
        out = np.clip(out + g.normal(0, 2, out.shape), 0, 255).astype(np.uint8)
        return _perspective(out, rng.uniform(0.04, 0.06), (150, 84, 58))
    if e == "mat_board":  # behind a bevelled mat board: a grey-green mat, a white bevel round the window
        M = round(0.1 * big)
        H, W = h + 2 * M, w + 2 * M
        out = _surface(g, H, W, (176, 184, 172), 0.02, 1.2)
        out[M:M + h, M:M + w] = a
        bv = max(3, round(0.008 * big))
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        for k in range(bv):
            d.rectangle([M - bv + k, M - bv + k, M + w - 1 + bv - k, M + h - 1 + bv - k],
                        outline=(246, 244, 238) if k < bv - 1 else (200, 198, 190))
        fr = max(6, round(0.02 * big))
        d.rectangle([0, 0, W - 1, H - 1], outline=(28, 24, 22), width=fr)
        out = np.asarray(img, np.float32)
        return np.clip(out + g.normal(0, 1.2, out.shape), 0, 255).astype(np.uint8)
    if e == "lightbox":  # on a lit lightbox: a glowing bluish surface round the page, inks a little lifted
        M = round(0.07 * big)
        H, W = h + 2 * M, w + 2 * M
        out = np.empty((H, W, 3), np.float32)
        out[:] = (244, 248, 255)
        fr = max(8, round(0.03 * big))
        out[:fr], out[-fr:], out[:, :fr], out[:, -fr:] = (70, 72, 78), (70, 72, 78), (70, 72, 78), (70, 72, 78)
        page = a.astype(np.float32) * 0.86 + 255 * 0.14
        page *= np.array((0.99, 1.0, 1.01), np.float32)
        out[M:M + h, M:M + w] = page
        glow = np.zeros((H, W), np.float32)
        glow[fr:H - fr, fr:W - fr] = 1
        glow = cv2.GaussianBlur(glow, (0, 0), fr * 0.6)
        out = out * (0.9 + 0.1 * glow[..., None])
        return np.clip(out + g.normal(0, 1.5, out.shape), 0, 255).astype(np.uint8)
    if e == "scanner_streak":  # a flatbed scan with the scanner bed's grey round it and a faint coloured streak
        mr, mb = round(0.05 * w), round(0.04 * h)
        page = _extend(a, right=mr, bottom=mb).astype(np.float32)
        Hp, Wp = page.shape[:2]
        page[:, w:] = (206, 208, 212)
        page[h:, :] = (206, 208, 212)
        sx = round(rng.uniform(0.2, 0.8) * w)
        col = np.array(rng.choice(((236, 120, 220), (120, 220, 190), (140, 170, 250))), np.float32)
        page[:, sx:sx + 2] = page[:, sx:sx + 2] * 0.72 + col * 0.28
        img = Image.fromarray(np.clip(page, 0, 255).astype(np.uint8)).rotate(rng.uniform(-0.5, 0.5),
                                                                               resample=Image.BILINEAR,
                                                                               fillcolor=(206, 208, 212))
        out = np.asarray(img, np.float32)
        return np.clip(out + g.normal(0, 1.4, out.shape), 0, 255).astype(np.uint8)
    if e == "washi_corners":  # taped to a pale wall by four strips of patterned washi tape at its widened corners
        m = round(0.05 * big)
        page = _extend(a, left=m, top=m, right=m, bottom=m)
        Hp, Wp = page.shape[:2]
        M = round(0.06 * big)
        bg = _surface(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (226, 222, 212), 0.02, 6)
        out = _on_table(page, bg, rng.uniform(-1.2, 1.2), (M, M), 0.25, g)
        Hc, Wc = out.shape[:2]
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        lay, ld = _layer(Wc, Hc)
        tl, tw = m * 2.6, m * 0.75
        for cx, cy, ang in ((M + m * 0.5, M + m * 0.5, -45), (M + Wp - m * 0.5, M + m * 0.5, 45),
                            (M + m * 0.5, M + Hp - m * 0.5, 45), (M + Wp - m * 0.5, M + Hp - m * 0.5, -45)):
            t = math.radians(ang)
            ux, uy, vx, vy = math.cos(t), math.sin(t), -math.sin(t), math.cos(t)
            ld.polygon([(cx - ux * tl / 2 - vx * tw / 2, cy - uy * tl / 2 - vy * tw / 2),
                        (cx + ux * tl / 2 - vx * tw / 2, cy + uy * tl / 2 - vy * tw / 2),
                        (cx + ux * tl / 2 + vx * tw / 2, cy + uy * tl / 2 + vy * tw / 2),
                        (cx - ux * tl / 2 + vx * tw / 2, cy - uy * tl / 2 + vy * tw / 2)], fill=255)
        mask = _m(lay)
        yy, xx = np.mgrid[0:Hc, 0:Wc].astype(np.float32)
        tape = np.empty((Hc, Wc, 3), np.float32)
        tape[:] = rng.choice(((236, 170, 176), (150, 200, 196), (236, 208, 130)))
        dots = ((xx + yy) % 12 < 4)
        tape[dots] = tape[dots] * 0.8
        o = np.asarray(img, np.float32)
        o = o * (1 - 0.75 * mask[..., None]) + tape * 0.75 * mask[..., None]
        return np.clip(o + g.normal(0, 1.6, o.shape), 0, 255).astype(np.uint8)
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page27(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style27,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, mean cell width ``cw`` and height ``ch``, the column and row edges ``xs`` and
    ``ys``, and ``keep``, the box round the clues and the grid; ``_box25`` gives a cell's box)."""
    rng = random.Random(f"h27:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = _change25(truth, style.clue_change, rng) if plan["clue"] else None
    row_vals, col_vals = _line_values(truth, change)
    if style.redraw:
        img, L = _redraw_whole27(layout, style, row_vals, col_vals, rng, (inp.shape[1], inp.shape[0]))
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
                _draw_fill27(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill27(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline27(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross27(img, box, style, rng)
            elif not ((r, c) in filled and style.missing_bare):
                _draw_empty27(img, box, style.empty, rng)
    if style.redraw:
        _draw_redraw_grid27(img, L, style.redraw, rng)
    else:
        _draw_grid27(img, L, rng, style.grid, inp)
    return np.asarray(img), rng, L


def make_answer27(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style27,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page27(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page27(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
