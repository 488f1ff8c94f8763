"""HELDOUT29 (studied in the thirty-eighth session, rubric 69: 417/432 right on be1fec0, 0 false passes, 61/72
error-free right). Measured blind on commits 99eba55 (rubric 67, the thirty-seventh session's start), e8242f3 and 7e18677
(rubric 68, its end), each answer right or wrong alike on all three (never looked at): 400/432 right, 0 false passes, 46/72 error-free
right (26 false fails, one of them `incorrect` with a changed clue in review), 164 needs_review, 0 unreadable
(seed 5, ``tools/measure_nonogram_family.py nonogram_heldout29:HELDOUT29 --seed 5``). Per style, right/36, false
fails, false passes: akatab_jigsaw_magnifier 33 3 0; harmattan_thatch_combbound 36 0 0; tagmukay_shagreen_hotelpad 35
0 0; taiheritage_pennytile_granite 36 0 0; symbola_tiger_prism 30 5 0; uming_leafrubbing_greenbar 32 4 0;
homa_expandedmetal_stickyflags 35 1 0; fetteclassic_flannel_magenta 31 3 0; sarai_ropecoil_pushpin 30 5 0;
inputclues_paisley_phonemargin 36 0 0; unifont_lcdpixels_redrawhandheld 35 1 0; nakula_greekkey_redrawspread 31 4 0
(each name after its ``s_``). By planted error: none 46/72, extra_light 72, extra_outline 72, x_instead 71, missing
70, clue_changed 69 (of 72 each). By size: 5x5 135/144, 10x10 130/144, 15x15 135/144. Held out: measured as counts
only, its answers not looked at.

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved nonogram:
clue fonts from Debian packages no earlier nonogram family, test, install list or digit-reader training names
(fonts-sil-akatab, fonts-sil-harmattan, fonts-sil-tagmukay, fonts-sil-taiheritagepro, fonts-symbola,
fonts-arphic-uming, fonts-farsiweb, fonts-cegui, fonts-sarai, fonts-unifont, fonts-nakula): a bold humanist sans
(Akatab Bold), a plain, slightly narrow sans (Harmattan), a wide bold book serif (Tagmukay Bold), a Times-like bold
(Tai Heritage Pro Bold), a Century-like serif (Symbola), a light Ming serif (AR PL UMing, drawn with a one-pixel
heavier pen), a rounded geometric sans (Homa), a heavy high-contrast display face with plain upright figures (Fette
Classic UNZ Fraktur's figures), a light sans whose one has a long flag (Sarai, drawn with a one-pixel heavier pen), a
pixel face (GNU Unifont) and a light Times-like serif (Nakula); one style keeps the input's clues (its changed clue is
that line's numbers erased and typed again in another face, Titr, a heavy bold serif from fonts-farsiweb). Fills no
earlier family uses (jigsaw pieces, straw thatch, shagreen, penny tiles, tiger stripes, a crayon rubbing of a leaf,
expanded metal mesh, brushed flannel plaid, a coiled rope, paisley, a handheld console's LCD pixels, a Greek key);
empty-cell marks drawn in new ways (a short grainy pencil dash, a tablet stylus x with round caps, a small typed ring
operator, a brush-pen comma); the planted errors drawn in new ways (pale chevrons, pale fish-scale arcs, pale paper
fibres, pale rows of typed dashes, each over a light tint; a frame drawn as a ladder, a frame of halftone dots, a frame
with a pale inlay line along its middle, a ribbon frame folded at its corners; an X of halftone dots, an X of two
translucent marker strokes darker where they cross, an X scratched across by fine pale lines, a felt-tip X with fuzzy
edges; all in the fill's colour, darkened where the fill is a light one); a changed clue that gains a number, loses
one, has one split in two, has two merged into their sum, has one off by one, is swapped with its neighbour line's,
has its numbers written in reverse order, or is copied from its neighbour line (the line then reads like the one
beside it); a missing fill left bare on a page whose other empty cells carry marks; grids drawn in new ways (heavy
lines as three thin parallel rules; lines ruled with a ruling pen in blue-black, a small ink blob where each stroke
began; grey thin lines with square nodes where the heavy lines cross; every line in a copper-brown ink); two styles
that redraw the whole puzzle (a handheld game console's face with its pale olive LCD screen, the puzzle shown on it in
dark olive pixels, a D-pad and buttons below; a book's two-page spread, the puzzle on the right-hand page and the
instructions on the part of the left-hand page in view, with the gutter's shading between them); and page changes no
earlier family uses (a magnifying glass lying on the widened margin, a plastic comb binding along the top edge, a
hotel's notepad with its letterhead and gummed top, a photo on a speckled granite counter, a rainbow of light from a
prism on the widened margin, continuous tractor-feed greenbar paper with sprocket holes, coloured sticky index flags
on the right edge, a photo with a magenta cast under LED light, the page pinned to a felt noticeboard with a push
pin, a smartphone lying on the widened bottom margin, the console's picture posted in a forum thread, the book on a
bamboo placemat).

Clues written anew on the input's page are sized by their digits' height and fitted to its clue strips (as in
HELDOUT25 to HELDOUT28); the redrawn puzzles space their clues by the digits' height.

Doubts noted rather than made unfair: AR PL UMing and Sarai are light faces (drawn with a one-pixel heavier pen);
Sarai's one has a long flag; Homa's one has only a short flag and its two-digit numbers are set close; GNU Unifont is
a pixel face with square steps and a slashed zero, on a pale olive LCD with dark olive ink; Fette Classic is a heavy
display face whose figures are plain but high in contrast; the greenbar paper's pale green bands run under the whole
page, the grid and the clues included; the magenta cast tints the paper pink and lowers the contrast a little; the
granite's speckles lie only round the page; the magnifying glass, the prism's rainbow, the index flags, the push pin
and the smartphone lie off the page or on its widened margins, away from the clues and the grid, and none of them
carries a digit; the forum post, the hotel's letterhead, the console and the book's pages carry words only, no digit;
the LCD's thin lines are a mid olive, its block lines a dark olive; the jigsaw, penny-tile, shagreen, expanded-metal,
paisley, rope and Greek-key fills have some paler features (seams, beads, strands, outlines, a key line) over a dark
ground, as such a fill has, and a person sees a filled cell at once (the paisley lies on its side, so that it is not
read as a figure); the planted pale marks are a light tint with paler-than-fill lines over it, plainly darker than the
paper after every page change; the reversed clue changes only the order of a
line's numbers, the copied clue makes one line read like its neighbour, the split and merged clues change how many
numbers a line has, and the swapped clues change two neighbouring lines; the retyped clue line on the page that keeps
the input's clues is in a different face from its neighbours; the style names begin ``s_`` as HELDOUT28's do (the names
themselves differ from every earlier one).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer29` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout29:HELDOUT29`` measures them like the earlier families.
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
from nonogram_heldout24 import _perimeter, _values
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
UI_FONT = "DejaVuSans.ttf"  # words round the picture (never a digit)
UI_BOLD = "DejaVuSans-Bold.ttf"
SERIF = "DejaVuSerif.ttf"
SERIF_BOLD = "DejaVuSerif-Bold.ttf"
BOOK_TEXT = ("Each number beside a row or above a column gives the length of one run of filled cells in that line, in "
             "order, with at least one empty cell between two runs. Fill the cells that must be filled, mark the "
             "cells that must stay empty, and work from the longest runs and the edges of the grid. When every line "
             "agrees with its numbers, the hidden picture appears and the puzzle is solved. Check each line again "
             "before you turn the page: a single wrong cell spoils the picture.")
FORUM_TEXT = "Finished this one on my handheld tonight. Did I get it right? The picture looks a bit odd to me."


@dataclass(frozen=True)
class Style29(Style):
    """A HELDOUT29 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``handheld_lcd``, ``book_spread``; empty keeps the input's
    frame), ``clue_change`` how a planted clue_changed answer alters its line (as in HELDOUT25, or ``copy_neighbour``:
    the line's numbers replaced by its neighbour line's) and ``missing_bare`` whether a missing fill is left bare
    rather than marked like the other empty cells. ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""
    clue_change: str = "extra"
    missing_bare: bool = False

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer29(input_image, layout, truth, self, error, seed)


HELDOUT29 = (
    Style29("s_akatab_jigsaw_magnifier", "jigsaw", (30, 40, 78), "none", "Akatab-Bold.ttf",
            ("magnifier_margin", "jpeg"), clue_scale=(1.0, 1.08), grid="triple_major", light_mark="light_chevron",
            outline_mark="outline_ladder", cross_mark="heavy_x_halftone", clue_change="extra"),
    Style29("s_harmattan_thatch_combbound", "thatch", (86, 62, 26), "pencil_dash", "Harmattan-Regular.ttf",
            ("comb_binding", "jpeg"), clue_scale=(1.04, 1.12), grid="ruling_pen", light_mark="light_scallop",
            outline_mark="outline_halftone", cross_mark="heavy_x_overlap", clue_change="drop", missing_bare=True),
    Style29("s_tagmukay_shagreen_hotelpad", "shagreen", (28, 62, 50), "none", "Tagmukay-Bold.ttf",
            ("hotel_notepad", "jpeg"), clue_scale=(1.0, 1.06), clue_gap=(0.35, 0.5), grid="major_nodes",
            light_mark="light_fibres", outline_mark="outline_inlay", cross_mark="heavy_x_scratched",
            clue_change="copy_neighbour"),
    Style29("s_taiheritage_pennytile_granite", "penny_tile", (40, 44, 56), "stylus_x", "TaiHeritagePro-Bold.ttf",
            ("granite_counter", "jpeg"), clue_scale=(1.0, 1.08), grid="copper_ink", light_mark="light_dash_rows",
            outline_mark="outline_folded_ribbon", cross_mark="heavy_x_felt", clue_change="merge"),
    Style29("s_symbola_tiger_prism", "tiger_stripe", (150, 76, 22), "brush_comma", "Symbola_hint.ttf",
            ("prism_rainbow", "jpeg"), clue_scale=(1.02, 1.1), grid="triple_major", light_mark="light_fibres",
            outline_mark="outline_ladder", cross_mark="heavy_x_scratched", clue_change="split"),
    Style29("s_uming_leafrubbing_greenbar", "leaf_rubbing", (66, 68, 76), "typed_ring_op", "uming.ttc",
            ("greenbar_tractor", "jpeg"), clue_scale=(1.04, 1.12), clue_stroke=1, grid="ruling_pen",
            light_mark="light_scallop", outline_mark="outline_inlay", cross_mark="heavy_x_overlap",
            clue_change="off_by_one", missing_bare=True),
    Style29("s_homa_expandedmetal_stickyflags", "expanded_metal", (60, 64, 72), "none", "homa.ttf",
            ("sticky_flags", "jpeg"), clue_scale=(1.0, 1.08), grid="major_nodes", light_mark="light_dash_rows",
            outline_mark="outline_halftone", cross_mark="heavy_x_halftone", clue_change="swap_lines"),
    Style29("s_fetteclassic_flannel_magenta", "flannel", (118, 30, 36), "pencil_dash",
            "FetteClassicUNZFraktur.ttf", ("magenta_cast", "jpeg"), clue_scale=(1.02, 1.1), grid="copper_ink",
            light_mark="light_chevron", outline_mark="outline_folded_ribbon", cross_mark="heavy_x_felt",
            clue_change="reversed"),
    Style29("s_sarai_ropecoil_pushpin", "rope_coil", (84, 54, 30), "stylus_x", "Sarai.ttf", ("pushpin_felt", "jpeg"),
            clue_scale=(1.04, 1.12), clue_stroke=1, grid="triple_major", light_mark="light_scallop",
            outline_mark="outline_halftone", cross_mark="heavy_x_halftone", clue_change="extra", missing_bare=True),
    Style29("s_inputclues_paisley_phonemargin", "paisley", (22, 72, 78), "typed_ring_op", None,
            ("smartphone_margin", "jpeg"), grid="kept", light_mark="light_chevron", outline_mark="outline_ladder",
            cross_mark="heavy_x_scratched", clue_change="retyped_line", missing_bare=True),
    Style29("s_unifont_lcdpixels_redrawhandheld", "lcd_pixels", (44, 60, 38), "none", "unifont.otf",
            ("forum_post",), clue_colour=(34, 48, 30), clue_scale=(1.04, 1.12), light_mark="light_dash_rows",
            outline_mark="outline_inlay", cross_mark="heavy_x_overlap", clue_change="merge", redraw="handheld_lcd"),
    Style29("s_nakula_greekkey_redrawspread", "greek_key", (30, 34, 62), "brush_comma", "nakula.ttf",
            ("bamboo_placemat", "jpeg"), clue_colour=(24, 20, 18), clue_scale=(1.08, 1.16),
            light_mark="light_fibres", outline_mark="outline_folded_ribbon", cross_mark="heavy_x_felt",
            clue_change="off_by_one", redraw="book_spread"),
)

CHANGE_FONT = "titr.ttf"  # the retyped line of a changed clue on the page that keeps the input's clues


# ------------------------------------------------------------------------------------------ clue changes


def _change29(truth: dict[str, Any], mode: str, rng: random.Random) -> tuple[str, int, list[str]]:
    """A changed clue as :func:`_change25` makes it, or (``copy_neighbour``) a line whose numbers are replaced by
    those of the line beside it."""
    if mode == "copy_neighbour":
        for kind in rng.sample(("row", "col"), 2):
            vals = _values(truth[f"{kind}_clues"])
            cand = [(i, j) for i in range(len(vals)) for j in (i - 1, i + 1)
                    if 0 <= j < len(vals) and vals[j] != vals[i]]
            if cand:
                i, j = rng.choice(cand)
                return kind, i, list(vals[j])
        mode = "off_by_one"
    return _change25(truth, mode, rng)


# ------------------------------------------------------------------------------------------ fills


def _tex29(kind: str, w: int, h: int, colour, g: np.random.Generator, rng: random.Random) -> np.ndarray:
    """A filled cell's picture (h, w, 3 float) in ``kind``."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    if kind == "jigsaw":  # four jigsaw pieces of slightly different tones, pale seams with a knob on each edge
        pid = (xx >= w / 2).astype(np.int32) + 2 * (yy >= h / 2).astype(np.int32)
        r = 0.1 * s
        for yc in (h / 4, 3 * h / 4):  # knobs across the vertical seam
            sgn = rng.choice((-1, 1))
            cx = w / 2 + sgn * 0.08 * s
            inside = np.hypot(xx - cx, yy - yc) < r
            src = (0 if sgn > 0 else 1) + (2 if yc > h / 2 else 0)
            pid[inside] = src
        for xc in (w / 4, 3 * w / 4):  # knobs across the horizontal seam
            sgn = rng.choice((-1, 1))
            cy = h / 2 + sgn * 0.08 * s
            inside = np.hypot(xx - xc, yy - cy) < r
            src = (0 if sgn > 0 else 2) + (1 if xc > w / 2 else 0)
            pid[inside] = src
        tones = np.array([rng.uniform(0.85, 1.18) for _ in range(4)], np.float32)
        tex = col * tones[pid][..., None] * (1 + 0.04 * _noise0(g, h, w, 0.7))[..., None]
        seam = np.zeros((h, w), bool)
        seam[:, 1:] |= pid[:, 1:] != pid[:, :-1]
        seam[1:, :] |= pid[1:, :] != pid[:-1, :]
        tex[seam] = _lift(col, 0.38)
    elif kind == "thatch":  # straw thatch: long strands hanging down in two courses, a shadow under each course
        tex *= 0.62
        lay = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(lay)
        for _ in range(int(w * 1.6)):
            x, y0 = rng.uniform(-2, w + 2), rng.uniform(-0.3 * h, 0.7 * h)
            ln = rng.uniform(0.4, 0.9) * h
            dx = rng.uniform(-0.1, 0.1) * ln
            c = tuple(int(min(255, v * rng.uniform(0.75, 1.4))) for v in col)
            d.line([(x, y0), (x + dx, y0 + ln)], fill=c, width=1)
        tex = np.asarray(lay, np.float32).copy()
        course = (yy % (h / 2)) < max(1.0, s / 12)
        tex[course] *= 0.45
    elif kind == "shagreen":  # shagreen: close-set small round beads, each a little paler with a dark rim
        p = max(3.0, s / 7)
        ry = p * 0.866
        row = np.round(yy / ry)
        off = (row % 2) * p / 2
        cxk = np.round((xx - off) / p) * p + off
        d = np.hypot(xx - cxk, yy - row * ry)
        bead = d < p * 0.34
        rim = (d >= p * 0.34) & (d < p * 0.46)
        tex *= (1 + 0.05 * _noise0(g, h, w, 0.6))[..., None]
        tex[bead] = (_lift(col, 0.2) * (1 - 0.35 * (d[bead] / (p * 0.34)) ** 2)[:, None])
        tex[rim] = col * 0.62
    elif kind == "penny_tile":  # penny tiles: small round tiles of mixed tones in dark grout, each with a small sheen
        p = s / 3.2
        ry = p * 0.866
        row = np.round(yy / ry)
        off = (row % 2) * p / 2
        colk = np.round((xx - off) / p)
        cxk = colk * p + off
        cyk = row * ry
        d = np.hypot(xx - cxk, yy - cyk)
        idx = ((row.astype(np.int64) * 7 + colk.astype(np.int64) * 13) % 16).astype(np.int64)
        tones = np.array([rng.uniform(0.85, 1.25) for _ in range(16)], np.float32)
        tile = d < p * 0.44
        tex = col * 0.5 * np.ones((h, w, 1), np.float32)
        tex = np.where(tile[..., None], col * tones[idx][..., None], tex)
        sheen = np.hypot(xx - (cxk - p * 0.16), yy - (cyk - p * 0.16)) < p * 0.1
        tex[sheen & tile] = _lift(col, 0.35)
    elif kind == "tiger_stripe":  # tiger stripes: dark tapering stripes across an orange-brown coat
        f = xx / s * 2.6 + 0.55 * _noise0(g, h, w, max(1.0, s / 4)) + 0.25 * np.sin(yy / s * 5)
        taper = 0.25 + 0.35 * np.abs(np.sin(yy / h * math.pi * 1.5 + rng.uniform(0, 3)))
        stripe = np.sin(2 * math.pi * f) > taper
        tex *= (1 + 0.08 * _noise0(g, h, w, 0.8))[..., None]
        tex[stripe] = np.array((26, 18, 14), np.float32)
    elif kind == "leaf_rubbing":  # a crayon rubbing of a leaf: grainy graphite, the veins rubbed darker
        grain = g.standard_normal((h, w)).astype(np.float32)
        tex *= (1 + 0.08 * grain)[..., None]
        tex[grain > 1.7] = _lift(col, 0.3)
        lay, ld = _layer(w, h)
        a0, a1 = (0.12 * w, 0.9 * h), (0.9 * w, 0.1 * h)
        ld.line([a0, a1], fill=255, width=max(2, round(s / 14)))
        for t in (0.25, 0.45, 0.65, 0.82):
            px, py = a0[0] + (a1[0] - a0[0]) * t, a0[1] + (a1[1] - a0[1]) * t
            for ang in (-0.25, 1.8):
                ln = 0.28 * s * (1.1 - t * 0.5)
                ld.line([(px, py), (px + ln * math.cos(ang), py - ln * math.sin(ang))], fill=255,
                        width=max(1, round(s / 26)))
        tex *= (1 - 0.5 * _m(lay))[..., None]
    elif kind == "expanded_metal":  # expanded metal: a diamond mesh of lit steel strands over dark openings
        p = max(5.0, s / 2.6)
        u = (xx / p + yy / (p * 0.6)) % 1
        v = (xx / p - yy / (p * 0.6)) % 1
        strand = (np.minimum(u, 1 - u) < 0.13) | (np.minimum(v, 1 - v) < 0.13)
        lit = (u < 0.06) | (v < 0.06)
        tex = col * 0.4 * np.ones((h, w, 1), np.float32) * (1 + 0.05 * _noise0(g, h, w, 0.6))[..., None]
        tex[strand] = col * 1.15
        tex[strand & lit] = _lift(col, 0.3)
    elif kind == "flannel":  # brushed flannel plaid: dark bands each way, a fine pale line, soft fuzzy fibres
        q = s / 3
        bx = ((xx // q) % 3) == 0
        by = ((yy // q) % 3) == 0
        tex[bx | by] = col * 0.62
        tex[bx & by] = col * 0.42
        line = (np.abs((xx % (3 * q)) - 2 * q) < 0.7) | (np.abs((yy % (3 * q)) - 2 * q) < 0.7)
        tex[line] = _lift(col, 0.3)
        tex = cv2.GaussianBlur(tex, (0, 0), 0.8)
        tex *= (1 + 0.09 * _noise0(g, h, w, 0.5))[..., None]
    elif kind == "rope_coil":  # a coiled rope seen from above: a spiral of twisted strands, dark grooves between
        cx, cy = w / 2 + rng.uniform(-0.05, 0.05) * s, h / 2 + rng.uniform(-0.05, 0.05) * s
        r = np.hypot(xx - cx, yy - cy)
        th = np.arctan2(yy - cy, xx - cx)
        pitch = max(4.0, s / 4.2)
        q = r / pitch - th / (2 * math.pi)
        fq = q % 1
        twist = np.sin(2 * math.pi * (fq * 1.2 + th * r / pitch * 0.9))
        tex = col * (0.8 + 0.3 * (0.5 + 0.5 * twist))[..., None]
        groove = np.minimum(fq, 1 - fq) < 0.14
        tex[groove] = col * 0.42
    elif kind == "paisley":  # paisley: a pale teardrop whose tip curls over, a smaller one and dots inside it
        tex *= (1 + 0.05 * _noise0(g, h, w, 0.7))[..., None]
        lay, ld = _layer(w, h)
        lw = max(1, round(s / 22))
        cx, cy = w * 0.5 + rng.uniform(-0.04, 0.04) * s, h * 0.5
        th0 = rng.choice((-0.35, math.pi - 0.35)) + rng.uniform(-0.15, 0.15)  # the tip points sideways

        def drop(R: float) -> list[tuple[float, float]]:
            pts = []
            for t in np.linspace(0, 2 * math.pi, 48):
                bump = max(0.0, math.cos(t - th0)) ** 6
                rr = R * (1 + 1.1 * bump)
                tt = t + 0.6 * bump  # the tip bent round
                pts.append((cx + rr * math.cos(tt), cy + rr * math.sin(tt)))
            return pts

        inner, idr = _layer(w, h)
        idr.polygon(drop(0.2 * s), fill=255)
        tex = tex * (1 - 0.25 * _m(inner)[..., None]) + _lift(col, 0.3) * 0.25 * _m(inner)[..., None]
        ld.line(drop(0.25 * s) + drop(0.25 * s)[:1], fill=255, width=lw, joint="curve")
        r0 = max(1.0, s / 24)
        ld.ellipse([cx - r0, cy - r0, cx + r0, cy + r0], fill=255)
        for k in range(6):
            a = th0 + math.pi + (k - 2.5) * 0.45
            px, py = cx + 0.38 * s * math.cos(a), cy + 0.38 * s * math.sin(a)
            ld.ellipse([px - r0 * 0.8, py - r0 * 0.8, px + r0 * 0.8, py + r0 * 0.8], fill=255)
        m = _m(lay)
        tex = tex * (1 - 0.8 * m[..., None]) + _lift(col, 0.42) * 0.8 * m[..., None]
    elif kind == "lcd_pixels":  # a handheld's LCD cell: a block of dark pixels parted by fine paler gaps
        n = 5 if s >= 30 else 4
        pw, ph = w / n, h / n
        gap = ((xx % pw) < max(0.8, pw * 0.12)) | ((yy % ph) < max(0.8, ph * 0.12))
        tex *= (1 + 0.03 * _noise0(g, h, w, 0.5))[..., None]
        tex[gap] = col + (np.array((196, 206, 160), np.float32) - col) * 0.3
    elif kind == "greek_key":  # a Greek key: a pale meander line running in bands over a dark ground
        tex *= (1 + 0.04 * _noise0(g, h, w, 0.6))[..., None]
        lay, ld = _layer(w, h)
        p = max(6.0, s / 2.2)
        lw = max(1, round(s / 24))
        for band in range(-1, int(h / p) + 2):
            y0 = band * p + p * 0.15
            x = -p
            while x < w + p:
                u = p * 0.7
                pts = [(x, y0 + u), (x, y0), (x + u, y0), (x + u, y0 + u * 0.7), (x + u * 0.35, y0 + u * 0.7),
                       (x + u * 0.35, y0 + u * 0.35), (x + u * 0.6, y0 + u * 0.35)]
                ld.line(pts, fill=255, width=lw)
                ld.line([(x, y0 + u), (x + p, y0 + u)], fill=255, width=lw)
                x += p
        m = _m(lay)
        tex = tex * (1 - 0.75 * m[..., None]) + _lift(col, 0.45) * 0.75 * m[..., None]
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255)


def _ink(style: Style29) -> np.ndarray:
    """The ink of the planted marks: the fill's colour, darkened when it is a light one."""
    col = np.asarray(style.fill_colour, np.float32)
    lum = float(col @ np.array([0.299, 0.587, 0.114], np.float32))
    return col * (80 / lum) if lum > 80 else col


def _draw_fill29(img: Image.Image, box, style: Style29, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07)
    w, h = bx - ax, by - ay
    if not light:
        _paste(img, _tex29(style.fill, w, h, style.fill_colour, g, rng), ax, ay, None)
        return
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = _ink(style)
    s = float(min(w, h))
    base = 0.2
    if light == "light_chevron":  # pale chevrons stacked down the cell over a light tint
        p = max(4.0, s / 4)
        u = (yy + np.abs(xx - w / 2) * 0.8) % p
        alpha = base + 0.32 * (u < max(1.2, p * 0.3))
    elif light == "light_scallop":  # rows of pale fish-scale arcs over a light tint
        p = max(5.0, s / 3.5)
        row = np.floor(yy / (p * 0.5))
        off = (row % 2) * p / 2
        cx = np.floor((xx - off) / p) * p + off + p / 2
        cy = (row + 1) * p * 0.5
        d = np.hypot(xx - cx, yy - cy)
        alpha = base + 0.32 * ((np.abs(d - p * 0.5) < max(0.7, s / 40)) & (yy < cy))
    elif light == "light_fibres":  # short pale fibres strewn over a light tint, like paper pulp
        lay, ld = _layer(w, h)
        for _ in range(int(10 + s / 2)):
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            a, ln = rng.uniform(0, math.pi), rng.uniform(0.12, 0.3) * s
            pts = [(x + ln * t * math.cos(a), y + ln * t * math.sin(a) + 0.06 * s * math.sin(t * 3))
                   for t in np.linspace(0, 1, 5)]
            ld.line(pts, fill=255, width=max(1, round(s / 34)))
        alpha = base + 0.32 * _m(lay)
    elif light == "light_dash_rows":  # rows of short pale dashes, as if typed over a light tint
        p = max(4.0, s / 5)
        dash = ((yy % p) < max(1.0, p * 0.3)) & (((xx + (yy // p) % 2 * p * 0.5) % p) < p * 0.62)
        alpha = base + 0.32 * dash
    else:
        raise ValueError(light)
    _paste_rgba(img, tex, cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.5), ax, ay)


def _draw_outline29(img: Image.Image, box, style: Style29, rng: random.Random) -> None:
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
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    m = (across < f).astype(np.float32)
    rail = max(1.0, f * 0.22)
    if kind == "outline_ladder":  # a ladder round the cell: two rails and close rungs, the gaps lightly tinted
        rungs = ((along % max(4.0, f * 0.9)) < max(1.5, f * 0.4))
        solid = (across < rail) | (across > f - rail) | rungs
        m = np.where(across < f, np.where(solid, 1.0, 0.5), 0.0).astype(np.float32)
    elif kind == "outline_halftone":  # a frame of close halftone dots between a thin outer and inner edge
        p = max(2.5, f / 2)
        dots = np.hypot((along % p) - p / 2, (across % p) - p / 2) < p * 0.42
        edge = (across < max(1.0, f * 0.15)) | ((across > f - max(1.0, f * 0.15)) & (across < f))
        m = ((across < f) & (dots | edge)).astype(np.float32)
    elif kind == "outline_inlay":  # a frame with a thin pale inlay line along its middle
        inlay = np.abs(across - f / 2) < max(0.6, f * 0.1)
        tex[inlay] = _lift(col, 0.55)
    elif kind == "outline_folded_ribbon":  # a ribbon frame, each side shaded on its own, a crease at each corner
        side = np.argmin(np.stack([yy, w - 1 - xx, h - 1 - yy, xx]), axis=0)
        shade = np.array([1.15, 0.85, 0.7, 1.0], np.float32)[side]
        tex = col * shade[..., None]
        crease = (np.abs(np.abs(xx - (w - 1) / 2) - np.abs(yy - (h - 1) / 2) - (w - h) / 2) < 0.7) & (across < f)
        tex[crease] = _lift(col, 0.4)
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross29(img: Image.Image, box, style: Style29, rng: random.Random) -> None:
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
    g = _nrng(rng)
    m = np.zeros((h, w), np.float32)
    if kind == "heavy_x_felt":  # a felt-tip X: its edges fuzzy and uneven
        wid *= 1.05
        rough = 0.9 * _noise0(g, h, w, 0.8)
    for k, (p, q) in enumerate(arms):
        t, n, ln = _stroke_coords(p, q, xx, yy)
        along = (t > -0.02) & (t < 1.02)
        stroke = np.clip(wid * 0.5 - np.abs(n) + 0.5, 0, 1) * along
        if kind == "heavy_x_halftone":  # the strokes printed as close halftone dots
            pp = max(2.5, wid / 3)
            u, v = t * ln, n + wid
            dots = np.hypot((u % pp) - pp / 2, (v % pp) - pp / 2) < pp * 0.48
            stroke = stroke * dots
        elif kind == "heavy_x_overlap":  # two translucent marker strokes, darker where they cross
            m = 1 - (1 - m) * (1 - 0.72 * stroke)
            continue
        elif kind == "heavy_x_scratched":  # fine pale scratches across the strokes
            inside = stroke > 0.5
            for _ in range(int(4 + s / 10)):
                x0, y0 = rng.uniform(0, w), rng.uniform(0, h)
                ang = rng.uniform(0, math.pi)
                dist = np.abs((xx - x0) * math.sin(ang) - (yy - y0) * math.cos(ang))
                tex[inside & (dist < 0.5) & (np.hypot(xx - x0, yy - y0) < 0.3 * s)] = _lift(col, 0.6)
        elif kind == "heavy_x_felt":
            stroke = np.clip(wid * 0.5 - np.abs(n) + 0.5 + rough, 0, 1) * along
            tex *= (1 + 0.06 * _noise0(g, h, w, 0.6))[..., None] if k == 0 else 1
        else:
            raise ValueError(kind)
        m = np.maximum(m, stroke)
    _paste_rgba(img, tex, np.clip(m, 0, 1), ax, ay)


def _draw_empty29(img: Image.Image, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    d = ImageDraw.Draw(img)
    if kind == "none":
        return
    if kind == "pencil_dash":  # a short pencil dash, its graphite heavier in some places along it
        k = 0.13 * s
        wd = max(2.0, s / 16)
        lay, ld = _layer(round(2 * k + 6), round(wd * 2 + 6))
        ld.line([(3, wd + 3), (2 * k + 3, wd + 3 + rng.uniform(-0.6, 0.6))], fill=255, width=round(wd))
        along = np.array([rng.uniform(0.7, 1.0) for _ in range(4)], np.float32)
        press = np.interp(np.linspace(0, 3, lay.size[0]), np.arange(4), along).astype(np.float32)
        mm = cv2.GaussianBlur(_m(lay) * press[None, :], (0, 0), 0.6)
        _paste_rgba(img, np.full(mm.shape + (3,), (118, 118, 124), np.float32), mm.astype(np.float32),
                    round(cx - k - 3), round(cy - wd - 3))
    elif kind == "stylus_x":  # a tablet stylus x: even strokes with round caps, a blue-grey ink
        k = 0.11 * s
        lw = max(1, round(s / 24))
        ink = (104, 116, 140)
        for sx in (-1, 1):
            p, q = (cx - k, cy - sx * k), (cx + k, cy + sx * k)
            d.line([p, q], fill=ink, width=lw)
            for e in (p, q):
                d.ellipse([e[0] - lw / 2, e[1] - lw / 2, e[0] + lw / 2, e[1] + lw / 2], fill=ink)
    elif kind == "typed_ring_op":  # a small typed ring operator in grey
        d.text((cx, cy), "\u2218", font=_font(UI_FONT, max(8, round(0.5 * s))), fill=(128, 130, 138), anchor="mm")
    elif kind == "brush_comma":  # a brush-pen comma: a round dab with a short tapering tail
        r = max(1.4, 0.05 * s)
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(84, 84, 92))
        d.polygon([(cx + r * 0.9, cy), (cx - r * 0.2, cy + r * 0.9), (cx - r * 0.6, cy + r * 2.4)], fill=(84, 84, 92))
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids and redraws


def _draw_grid29(img: Image.Image, L: dict[str, Any], rng: random.Random, name: str, inp: np.ndarray | None) -> None:
    if name == "kept":
        _draw_grid18(img, L, rng, "kept", inp)
        return
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    gx0, gy0, gx1, gy1 = xs[0], ys[0], xs[-1], ys[-1]
    thin, thick = max(1, round(s / 30)), max(2, round(s / 11))
    vlines = [(i, x, _major(i, cols)) for i, x in enumerate(xs)]
    hlines = [(j, y, _major(j, rows)) for j, y in enumerate(ys)]
    if name == "triple_major":  # grey thin lines; each heavy line drawn as three thin parallel rules
        gap = max(2, round(s / 16))
        lw = max(1, round(s / 34))
        for _, x, big in vlines:
            if not big:
                d.line([(x, gy0), (x, gy1)], fill=(98, 100, 106), width=thin)
        for _, y, big in hlines:
            if not big:
                d.line([(gx0, y), (gx1, y)], fill=(98, 100, 106), width=thin)
        for _, x, big in vlines:
            if big:
                for o in (-gap, 0, gap):
                    d.line([(x + o, gy0 - gap), (x + o, gy1 + gap)], fill=(26, 26, 30), width=lw)
        for _, y, big in hlines:
            if big:
                for o in (-gap, 0, gap):
                    d.line([(gx0 - gap, y + o), (gx1 + gap, y + o)], fill=(26, 26, 30), width=lw)
        return
    if name == "ruling_pen":  # ruled in blue-black with a ruling pen: a small blob where each stroke began
        ink = (24, 28, 52)
        for _, x, big in vlines:
            wd = thick if big else thin
            top = gy0 - (thick // 2 if big else 0)
            d.line([(x, top), (x, gy1 + (thick // 2 if big else 0))], fill=ink, width=wd)
            r = wd * 0.5 + max(0.8, s / 40)
            d.ellipse([x - r, top - r * 0.4, x + r, top + r * 1.6], fill=ink)
        for _, y, big in hlines:
            wd = thick if big else thin
            left = gx0 - (thick // 2 if big else 0)
            d.line([(left, y), (gx1 + (thick // 2 if big else 0), y)], fill=ink, width=wd)
            r = wd * 0.5 + max(0.8, s / 40)
            d.ellipse([left - r * 0.4, y - r, left + r * 1.6, y + r], fill=ink)
        return
    if name == "major_nodes":  # grey thin lines, dark heavy lines, a square node where two heavy lines cross
        for _, x, big in vlines:
            if not big:
                d.line([(x, gy0), (x, gy1)], fill=(122, 124, 130), width=thin)
        for _, y, big in hlines:
            if not big:
                d.line([(gx0, y), (gx1, y)], fill=(122, 124, 130), width=thin)
        wd = max(2, round(s / 14))
        for _, x, big in vlines:
            if big:
                d.line([(x, gy0 - wd // 2), (x, gy1 + wd // 2)], fill=(48, 50, 56), width=wd)
        for _, y, big in hlines:
            if big:
                d.line([(gx0 - wd // 2, y), (gx1 + wd // 2, y)], fill=(48, 50, 56), width=wd)
        k = max(3.0, s / 9)
        for _, x, bx in vlines:
            for _, y, by in hlines:
                if bx and by:
                    d.rectangle([x - k, y - k, x + k, y + k], fill=(20, 20, 24))
        return
    if name == "copper_ink":  # every line in a copper-brown ink
        for _, x, big in vlines:
            if not big:
                d.line([(x, gy0), (x, gy1)], fill=(150, 92, 54), width=thin)
        for _, y, big in hlines:
            if not big:
                d.line([(gx0, y), (gx1, y)], fill=(150, 92, 54), width=thin)
        for _, x, big in vlines:
            if big:
                d.line([(x, gy0 - thick // 2), (x, gy1 + thick // 2)], fill=(92, 46, 20), width=thick)
        for _, y, big in hlines:
            if big:
                d.line([(gx0 - thick // 2, y), (gx1 + thick // 2, y)], fill=(92, 46, 20), width=thick)
        return
    raise ValueError(name)


LCD = (192, 202, 154)  # the handheld's pale olive screen


def _draw_redraw_grid29(img: Image.Image, L: dict[str, Any], kind: str, rng: random.Random) -> None:
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    if kind == "handheld_lcd":
        thin_c, major_c = (124, 138, 98), (52, 66, 42)
        thin, wd = max(1, round(s / 28)), max(2, round(s / 13))
    else:  # book_spread
        thin_c, major_c = (96, 88, 80), (30, 26, 22)
        thin, wd = max(1, round(s / 30)), max(2, round(s / 11))
    for i, x in enumerate(xs):
        if not _major(i, cols):
            d.line([(x, ys[0]), (x, ys[-1])], fill=thin_c, width=thin)
    for j, y in enumerate(ys):
        if not _major(j, rows):
            d.line([(xs[0], y), (xs[-1], y)], fill=thin_c, width=thin)
    for i, x in enumerate(xs):
        if _major(i, cols):
            d.line([(x, ys[0] - wd // 2), (x, ys[-1] + wd // 2)], fill=major_c, width=wd)
    for j, y in enumerate(ys):
        if _major(j, rows):
            d.line([(xs[0] - wd // 2, y), (xs[-1] + wd // 2, y)], fill=major_c, width=wd)


def _words(d: ImageDraw.ImageDraw, box, text: str, font, fill, leading: float) -> float:
    """``text`` set ragged-right in ``box`` (x0, y0, x1, y1), as many lines as fit; returns the y below it."""
    x0, y0, x1, y1 = box
    y, line = y0 + font.size, ""
    for word in text.split():
        trial = (line + " " + word).strip()
        if font.getlength(trial) > x1 - x0 and line:
            if y > y1:
                return y
            d.text((x0, y), line, font=font, fill=fill, anchor="ls")
            y += leading
            line = word
        else:
            line = trial
    if line and y <= y1:
        d.text((x0, y), line, font=font, fill=fill, anchor="ls")
        y += leading
    return y


def _redraw_whole29(layout: dict[str, Any], style: Style29, row_vals, col_vals, rng: random.Random,
                    target: tuple[int, int]) -> tuple[Image.Image, dict[str, Any]]:
    """The whole puzzle drawn anew (``style.redraw``): its own canvas, cell size, clue layout and margins. Returns the
    page (clues, no marks, no grid yet) and its geometry."""
    kind = style.redraw
    rows, cols = layout["rows"], layout["cols"]
    lcd = (0.86 if rows > 5 else 0.7)  # a handheld's screen is small: a small puzzle's cells are drawn smaller
    base = layout["cell_px"] * rng.uniform(0.94, 1.02) * (lcd if kind == "handheld_lcd" else 0.92)
    cws, chs = [base] * cols, [base] * rows
    ref = _digit_h(_font(INPUT_FONT, layout["clue_font_px"]))
    px = _px_for(style.clue_font, ref * rng.uniform(*style.clue_scale))
    font = _font(style.clue_font, px)
    while px > 8 and max(_ink_w(font, t) for v in col_vals for t in v) > 0.8 * base:
        px -= 1
        font = _font(style.clue_font, px)
    dh = _digit_h(font)
    gapn, slot = dh * rng.uniform(0.75, 0.9), dh * rng.uniform(1.5, 1.65)
    row_w = max(sum(_ink_w(font, t) for t in v) + gapn * (len(v) - 1) for v in row_vals)
    col_h = max(len(v) for v in col_vals) * slot
    pad = 0.45 * base
    gw, gh = sum(cws), sum(chs)
    pw, ph = row_w + pad * 1.4 + gw, col_h + pad * 1.4 + gh  # the puzzle: clues and grid
    if kind == "handheld_lcd":
        sm = 0.5 * base  # the screen's margin round the puzzle
        bez = 0.9 * base  # the bezel round the screen
        sw, sh = pw + 2 * sm, ph + 2 * sm
        side = max(0.6 * base, (0.9 * target[0] - sw - 2 * bez) / 2)
        top = 0.8 * base
        ctrl = max(0.34 * (sw + 2 * bez), 2.8 * base)
        W, H = round(sw + 2 * bez + 2 * side), round(top + sh + 2 * bez + ctrl)
        sx0, sy0 = side + bez, top + bez
        gx0, gy0 = sx0 + sm + row_w + pad * 1.4, sy0 + sm + col_h + pad * 1.4
        img = Image.new("RGB", (W, H), (250, 250, 250))
        d = ImageDraw.Draw(img)
        d.rounded_rectangle([2, 2, W - 3, H - 3], radius=round(0.9 * base), fill=(204, 204, 206),
                            outline=(150, 150, 156), width=2)
        d.rounded_rectangle([side, top, side + sw + 2 * bez, top + sh + 2 * bez], radius=round(0.35 * base),
                            fill=(84, 86, 100))
        lf = _font(UI_FONT, max(9, round(bez * 0.32)))
        d.text((sx0 + sw / 2, top + bez * 0.5), "PICTURE LOGIC POCKET", font=lf, fill=(196, 198, 210), anchor="mm")
        d.ellipse([side + bez * 0.25, top + bez + sh * 0.3, side + bez * 0.25 + bez * 0.3,
                   top + bez + sh * 0.3 + bez * 0.3], fill=(210, 40, 40))
        d.text((side + bez * 0.4, top + bez + sh * 0.3 + bez * 0.5), "POWER", font=_font(UI_FONT, max(8, round(
            bez * 0.18))), fill=(196, 198, 210), anchor="mt")
        d.rectangle([sx0, sy0, sx0 + sw, sy0 + sh], fill=LCD)
        cy0 = top + sh + 2 * bez
        d.text((side + 0.2 * base, cy0 + 0.55 * base), "PuzzleBoy", font=_font("DejaVuSans-BoldOblique.ttf", max(
            12, round(0.5 * base))), fill=(40, 44, 120), anchor="lm")
        k = min(0.9 * base, ctrl * 0.22)  # the D-pad
        px_, py_ = side + 1.4 * k, cy0 + ctrl * 0.55
        d.rectangle([px_ - k, py_ - k / 3, px_ + k, py_ + k / 3], fill=(40, 40, 46))
        d.rectangle([px_ - k / 3, py_ - k, px_ + k / 3, py_ + k], fill=(40, 40, 46))
        for j, lab in enumerate(("B", "A")):  # the A and B buttons
            bx_, by_ = W - side - 2.6 * k + j * 1.5 * k, py_ + (0.3 - 0.6 * j) * k
            d.ellipse([bx_ - k * 0.55, by_ - k * 0.55, bx_ + k * 0.55, by_ + k * 0.55], fill=(150, 30, 70))
            d.text((bx_, by_ + k * 0.95), lab, font=_font(UI_BOLD, max(9, round(k * 0.4))), fill=(40, 44, 120),
                   anchor="mm")
        for j, lab in enumerate(("SELECT", "START")):
            qx, qy = W / 2 - 0.9 * k + j * 1.8 * k, cy0 + ctrl * 0.85
            d.rounded_rectangle([qx - k * 0.45, qy - k * 0.14, qx + k * 0.45, qy + k * 0.14], radius=k * 0.14,
                                fill=(110, 110, 118))
            d.text((qx, qy + k * 0.4), lab, font=_font(UI_FONT, max(8, round(k * 0.24))), fill=(40, 44, 120),
                   anchor="mm")
        keep = [sx0 + sm - 4, sy0 + sm - 4, gx0 + gw + 4, gy0 + gh + 4]
    else:  # book_spread: the right-hand page holds the puzzle, part of the left-hand page shows its instructions
        mr = 1.0 * base
        head = 1.6 * base
        rp_w = max(pw + 2 * mr, 0.62 * target[0])
        rp_h = max(ph + head + 1.6 * base, 0.9 * target[1])
        lp_w = 0.55 * rp_w
        W, H = round(lp_w + rp_w), round(rp_h)
        x_sp = lp_w  # the spine
        ex = (rp_w - 2 * mr - pw) / 2
        gx0 = x_sp + mr + ex + row_w + pad * 1.4
        gy0 = head + (rp_h - head - 1.6 * base - ph) / 2 + col_h + pad * 1.4
        paper = np.array((248, 244, 232), np.float32)
        xx = np.arange(W, dtype=np.float32)
        dist = np.abs(xx - x_sp) / (0.12 * rp_w)
        shade = 1 - 0.28 * np.exp(-dist * 2.2)
        row_img = paper[None, :] * shade[:, None]
        img = Image.fromarray(np.clip(np.repeat(row_img[None], H, axis=0), 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        d.line([(x_sp, 0), (x_sp, H)], fill=(150, 140, 126), width=1)
        for k in range(3):  # the page edges under the leaves
            d.line([(0, H - 2 - 2 * k), (W, H - 2 - 2 * k)], fill=(206, 198, 184), width=1)
        hf = _font(SERIF_BOLD, max(13, round(base * 0.5)))
        d.text((x_sp + mr, head * 0.6), "Picture Logic", font=hf, fill=(40, 30, 24), anchor="ls")
        d.text((W - mr, head * 0.6), "Chapter Three", font=_font("DejaVuSerif-Italic.ttf", max(10, round(
            base * 0.3))), fill=(110, 96, 84), anchor="rs")
        d.line([(x_sp + mr, head * 0.75), (W - mr, head * 0.75)], fill=(170, 156, 140), width=1)
        d.text((x_sp + rp_w / 2, H - 0.7 * base), "a puzzle for a rainy afternoon", font=_font(
            "DejaVuSerif-Italic.ttf", max(9, round(base * 0.26))), fill=(120, 108, 96), anchor="ms")
        lf = _font(SERIF_BOLD, max(12, round(base * 0.42)))
        d.text((0.5 * base, head * 0.6), "How to solve", font=lf, fill=(40, 30, 24), anchor="ls")
        tf = _font(SERIF, max(10, round(base * 0.27)))
        _words(d, (0.5 * base, head * 0.8, lp_w - 0.6 * base, H - 1.2 * base), BOOK_TEXT + " " + BOOK_TEXT, tf,
               (52, 44, 38), tf.size * 1.45)
        keep = [gx0 - pad * 1.4 - row_w - 4, gy0 - pad * 1.4 - col_h - 4, gx0 + gw + 4, gy0 + gh + 4]
    xs = [gx0 + sum(cws[:i]) for i in range(cols + 1)]
    ys = [gy0 + sum(chs[:j]) for j in range(rows + 1)]
    L = {"grid_bbox": [xs[0], ys[0], xs[-1], ys[-1]], "rows": rows, "cols": cols, "cw": gw / cols, "ch": gh / rows,
         "cell_px": base, "xs": xs, "ys": ys, "x0s": xs[:-1], "y0s": ys[:-1], "keep": keep}
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


def _free_x(L: dict[str, Any], w: int) -> int:
    """The first column right of the clues, the grid and the input's own right edge."""
    return max(int(L["keep"][2]) + 14, w)


def _page29(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    big = max(h, w)
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "magnifier_margin":  # a magnifying glass lying on the widened right margin, over a pencilled note
        mr = round(0.3 * w)
        page = Image.fromarray(_extend(a, right=mr))
        Wp, Hp = page.size
        x0 = _free_x(L, w)
        R = min(0.36 * (Wp - x0), 0.15 * Hp)
        cx, cy = x0 + (Wp - x0) * 0.5, Hp * rng.uniform(0.26, 0.36)
        d = ImageDraw.Draw(page)
        nf = _font("DejaVuSans-Oblique.ttf", max(11, round(0.022 * big)))
        d.text((cx, cy), "notes", font=nf, fill=(120, 120, 128), anchor="mm")
        d.line([(cx - R * 0.6, cy + R * 0.35), (cx + R * 0.5, cy + R * 0.3)], fill=(150, 150, 156), width=1)
        pa = np.asarray(page, np.float32)
        yy, xx = np.mgrid[0:Hp, 0:Wp].astype(np.float32)
        rr = np.hypot(xx - cx, yy - cy)
        inside = rr < R
        mapx = np.where(inside, cx + (xx - cx) / 1.7, xx).astype(np.float32)
        mapy = np.where(inside, cy + (yy - cy) / 1.7, yy).astype(np.float32)
        mag = cv2.remap(pa, mapx, mapy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        ang = math.radians(rng.uniform(60, 80))
        hx0, hy0 = cx + R * math.cos(ang), cy + R * math.sin(ang)
        hx1, hy1 = cx + 2.6 * R * math.cos(ang), cy + 2.6 * R * math.sin(ang)
        sh, sd = _layer(Wp, Hp)  # the glass's shadow, a little offset
        o = 0.08 * R
        sd.ellipse([cx - R + o, cy - R + 2 * o, cx + R + o, cy + R + 2 * o], outline=255, width=max(3, round(R * 0.14)))
        sd.line([(hx0 + o, hy0 + 2 * o), (hx1 + o, hy1 + 2 * o)], fill=255, width=max(5, round(R * 0.28)))
        shade = cv2.GaussianBlur(_m(sh), (0, 0), max(2.0, R * 0.08))
        out = pa * (1 - 0.35 * shade[..., None])
        lens = mag * np.array((0.98, 1.0, 1.02), np.float32) + 4
        out = np.where(inside[..., None], lens, out)
        glint = np.clip(1 - np.abs(rr - R * 0.72) / (R * 0.06), 0, 1) * (np.arctan2(yy - cy, xx - cx) < -1.9) * (
            np.arctan2(yy - cy, xx - cx) > -2.7)
        out = out * (1 - 0.5 * glint[..., None]) + 255 * 0.5 * glint[..., None]
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        d.line([(hx0, hy0), (hx1, hy1)], fill=(36, 30, 28), width=max(5, round(R * 0.26)))
        fx, fy = cx + 1.15 * R * math.cos(ang), cy + 1.15 * R * math.sin(ang)
        d.line([(hx0, hy0), (fx, fy)], fill=(170, 172, 178), width=max(6, round(R * 0.3)))
        d.ellipse([cx - R, cy - R, cx + R, cy + R], outline=(40, 40, 44), width=max(3, round(R * 0.12)))
        out = np.asarray(img, np.float32)
        M = round(0.04 * big)
        bg = _surface(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (172, 160, 144), 0.04, 3)
        return _noisy(_on_table(out.astype(np.uint8), bg, rng.uniform(-1.2, 1.2), (M, M), 0.3, g), g, 1.8)
    if e == "comb_binding":  # a plastic comb binding along the top edge: punched slots and the comb's curled teeth
        top = round(0.09 * h)
        page = _extend(a, top=top)
        Hp, Wp = page.shape[:2]
        M = round(0.06 * big)
        desk = (64, 60, 58)
        bg = _surface(g, Hp + 2 * M, Wp + 2 * M, desk, 0.05, 3)
        canvas = bg.copy()
        sh = np.zeros(canvas.shape[:2], np.float32)
        sh[M + 6:M + 6 + Hp, M + 5:M + 5 + Wp] = 1
        canvas *= (1 - 0.35 * cv2.GaussianBlur(sh, (0, 0), 6))[..., None]
        canvas[M:M + Hp, M:M + Wp] = page
        img = Image.fromarray(np.clip(canvas, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        pitch = 0.045 * big
        comb = (32, 44, 104)
        n = int((Wp - pitch) // pitch)
        x_first = M + (Wp - (n - 1) * pitch) / 2
        d.rectangle([M, M - top * 0.55, M + Wp, M - top * 0.12], fill=comb)  # the comb's spine above the page
        d.line([(M, M - top * 0.45), (M + Wp, M - top * 0.45)], fill=(90, 104, 170), width=max(1, round(top * 0.06)))
        for k in range(n):
            x = x_first + k * pitch
            sy0, sy1 = M + top * 0.3, M + top * 0.62
            d.rectangle([x - pitch * 0.16, sy0, x + pitch * 0.16, sy1], fill=desk)  # the punched slot
            d.rounded_rectangle([x - pitch * 0.13, M - top * 0.3, x + pitch * 0.13, sy0 + top * 0.12],
                                radius=pitch * 0.1, fill=comb)  # a tooth curling into it
            d.line([(x - pitch * 0.05, M - top * 0.25), (x - pitch * 0.05, sy0)], fill=(84, 98, 164), width=1)
        out = _noisy(np.asarray(img, np.float32), g, 1.8)
        return _perspective(out, rng.uniform(0.02, 0.04), desk)
    if e == "hotel_notepad":  # a page of a hotel's notepad: letterhead, footer, gummed top, on a walnut desk
        top, bottom = round(0.15 * h), round(0.07 * h)
        page = _extend(a, top=top, bottom=bottom).astype(np.float32) * np.array((1.0, 0.985, 0.95), np.float32)
        img = Image.fromarray(np.clip(page, 0, 255).astype(np.uint8))
        Wp, Hp = img.size
        d = ImageDraw.Draw(img)
        gum = round(0.018 * h)
        d.rectangle([0, 0, Wp, gum], fill=(150, 36, 40))
        r = top * 0.2
        cx, cy = Wp / 2, gum + top * 0.36
        d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=(120, 92, 40), width=2)
        d.text((cx, cy), "B", font=_font(SERIF_BOLD, max(10, round(r * 1.1))), fill=(120, 92, 40), anchor="mm")
        d.text((cx, gum + top * 0.7), "H O T E L   B E L L E V U E", font=_font(SERIF, max(10, round(top * 0.14))),
               fill=(70, 56, 36), anchor="mm")
        d.line([(Wp * 0.3, gum + top * 0.86), (Wp * 0.7, gum + top * 0.86)], fill=(160, 136, 90), width=1)
        d.text((cx, Hp - bottom * 0.45), "Lakeside Promenade \u00b7 Lucerne \u00b7 Switzerland",
               font=_font("DejaVuSerif-Italic.ttf", max(9, round(bottom * 0.22))), fill=(120, 106, 86), anchor="mm")
        for k in range(1, 4):  # the pad's lower sheets
            d.line([(0, Hp - k), (Wp, Hp - k)], fill=(222 - 8 * k, 216 - 8 * k, 204 - 8 * k), width=1)
        M = round(0.06 * big)
        bg = _surface(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (92, 60, 40), 0.06, 2)
        yy, xx = np.mgrid[0:bg.shape[0], 0:bg.shape[1]].astype(np.float32)
        bg *= (0.9 + 0.12 * np.sin(xx / 9 + 3 * _blurred_noise(g, bg.shape[0], bg.shape[1], 20)))[..., None]
        out = _on_table(np.asarray(img), bg, rng.uniform(-2.0, 2.0), (M, M), 0.4, g)
        return _perspective(_noisy(out, g, 2.0), rng.uniform(0.02, 0.04), (80, 52, 36))
    if e == "granite_counter":  # a photo on a speckled granite kitchen counter under a ceiling light
        M = round(0.07 * big)
        H, W = h + 2 * M + 90, w + 2 * M + 90
        bg = _surface(g, H, W, (74, 72, 76), 0.05, 6)
        spots = g.random((H, W))
        bg[spots < 0.05] = (22, 22, 24)
        bg[(spots > 0.05) & (spots < 0.075)] = (214, 210, 206)
        bg[(spots > 0.075) & (spots < 0.09)] = (170, 122, 112)
        bg = cv2.GaussianBlur(bg, (0, 0), 0.9)
        out = _on_table(a, bg, rng.uniform(-2.5, 2.5), (M, M), 0.4, g)
        Hc, Wc = out.shape[:2]
        yy, xx = np.mgrid[0:Hc, 0:Wc].astype(np.float32)
        lx, ly = Wc * rng.uniform(0.2, 0.5), Hc * rng.uniform(0.1, 0.3)
        light = 0.9 + 0.12 * np.exp(-(((xx - lx) / Wc) ** 2 + ((yy - ly) / Hc) ** 2) * 3)
        out = out * light[..., None]
        return _perspective(_noisy(out, g, 2.0), rng.uniform(0.03, 0.05), (60, 58, 62))
    if e == "prism_rainbow":  # a rainbow from a prism on the sunny desk falling across the widened right margin
        mr = round(0.22 * w)
        page = _extend(a, right=mr).astype(np.float32)
        Hp, Wp = page.shape[:2]
        x0 = _free_x(L, w) + 6
        yy, xx = np.mgrid[0:Hp, 0:Wp].astype(np.float32)
        t = math.radians(rng.uniform(60, 75))
        cx, cy = x0 + (Wp - x0) * 0.5, Hp * rng.uniform(0.35, 0.65)
        u = ((xx - cx) * math.cos(t) + (yy - cy) * math.sin(t)) / (0.05 * big)  # across the band
        v = (-(xx - cx) * math.sin(t) + (yy - cy) * math.cos(t)) / (0.25 * big)  # along it
        band = np.clip(1 - np.abs(u), 0, 1) ** 0.5 * np.exp(-v ** 2 * 2)
        band *= np.clip((xx - x0) / (0.03 * big), 0, 1)  # never over the clues or the grid
        hue = np.clip((u + 1) / 2, 0, 1) * 0.8
        rgb = np.stack([np.clip(np.abs(hue * 6 - 3) - 1, 0, 1), np.clip(2 - np.abs(hue * 6 - 2), 0, 1),
                        np.clip(2 - np.abs(hue * 6 - 4), 0, 1)], axis=-1)
        tint = 0.55 + 0.45 * rgb
        k = 0.5 * band[..., None]
        page = page * (1 - k) + page * tint * k
        M = round(0.05 * big)
        bg = _surface(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (196, 170, 132), 0.04, 3)
        out = _on_table(page.astype(np.uint8), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _noisy(out * np.array((1.02, 1.0, 0.96), np.float32), g, 1.6)
    if e == "greenbar_tractor":  # continuous greenbar paper: sprocket strips, perforations, pale green bands
        side = round(0.075 * w)
        page = _extend(a, left=side, right=side).astype(np.float32)
        Hp, Wp = page.shape[:2]
        bh = round(0.045 * big)
        rows = (np.arange(Hp) // bh) % 2 == 0
        tint = np.where(rows[:, None, None], np.array((0.88, 0.97, 0.9), np.float32), 1.0)
        page[:, side:Wp - side] *= tint
        M = round(0.05 * big)
        desk = (120, 116, 112)
        bg = _surface(g, Hp + 2 * M + 90, Wp + 2 * M + 90, desk, 0.04, 3)
        img = Image.fromarray(np.clip(page, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        r = max(3.0, 0.011 * big)
        step = 0.036 * big
        for x in (side / 2, Wp - side / 2):
            y = step / 2
            while y < Hp:
                d.ellipse([x - r, y - r, x + r, y + r], fill=desk)
                y += step
        for x in (side, Wp - side):
            y = 0.0
            while y < Hp:
                d.line([(x, y), (x, y + 3)], fill=(176, 176, 170), width=1)
                y += 6
        y_perf = round(Hp - 0.012 * big)
        for x in range(0, Wp, 6):
            d.line([(x, y_perf), (x + 3, y_perf)], fill=(176, 176, 170), width=1)
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _noisy(out, g, 1.8)
    if e == "sticky_flags":  # coloured sticky index flags along the right edge, half on the widened margin
        mr = round(0.07 * w)
        page = _extend(a, right=mr)
        Hp, Wp = page.shape[:2]
        M = round(0.07 * big)
        bg = _surface(g, Hp + 2 * M, Wp + 2 * M, (200, 196, 188), 0.03, 3)
        canvas = bg.copy()
        sh = np.zeros(canvas.shape[:2], np.float32)
        sh[M + 5:M + 5 + Hp, M + 4:M + 4 + Wp] = 1
        canvas *= (1 - 0.3 * cv2.GaussianBlur(sh, (0, 0), 6))[..., None]
        canvas[M:M + Hp, M:M + Wp] = page
        x_on = M + max(_free_x(L, w) - 6, Wp - mr * 0.9)  # the flags' left end, off the clues and the grid
        x_off = M + Wp + 0.05 * w
        colours = [(250, 214, 60), (240, 110, 160), (110, 200, 120), (100, 164, 236)]
        rng.shuffle(colours)
        fh = 0.045 * Hp
        ys = sorted(rng.sample(range(4, 18), 4))
        for k, yk in enumerate(ys):
            y0 = M + Hp * yk / 20
            col = np.asarray(colours[k], np.float32)
            yb, ye = int(y0), int(y0 + fh)
            xa, xb, xc = int(x_on), int(M + Wp), int(x_off)
            canvas[yb + 3:ye + 3, xb:xc + 3] *= 0.8  # its shadow on the desk
            canvas[yb:ye, xa:xb] = canvas[yb:ye, xa:xb] * 0.6 + col * 0.4  # translucent over the paper
            canvas[yb:ye, xb:xc] = col * 0.95
        out = _noisy(canvas, g, 1.8)
        return _perspective(out, rng.uniform(0.02, 0.04), (196, 192, 184))
    if e == "magenta_cast":  # a photo under cheap LED light: a magenta cast and a little less contrast
        M = round(0.05 * big)
        bg = _surface(g, h + 2 * M + 90, w + 2 * M + 90, (176, 172, 176), 0.03, 3)
        out = _on_table(a, bg, rng.uniform(-2.0, 2.0), (M, M), 0.3, g)
        out = out * np.array((1.02, 0.93, 1.0), np.float32) + np.array((5, 0, 6), np.float32)
        out = out * 0.94 + 10
        out = _noisy(out, g, 2.2)
        return _perspective(out, rng.uniform(0.02, 0.04), (170, 150, 170))
    if e == "pushpin_felt":  # pinned to a felt noticeboard with a red push pin through the widened top margin
        top = round(0.07 * h)
        page = _extend(a, top=top)
        Hp, Wp = page.shape[:2]
        M = round(0.07 * big)
        H, W = Hp + 2 * M, Wp + 2 * M
        felt = _surface(g, H, W, (70, 92, 122), 0.05, 1.5)
        felt *= (1 + 0.07 * g.standard_normal((H, W)).astype(np.float32))[..., None]
        canvas = felt
        sh = np.zeros((H, W), np.float32)
        sh[M + 7:M + 7 + Hp, M + 5:M + 5 + Wp] = 1
        canvas *= (1 - 0.4 * cv2.GaussianBlur(sh, (0, 0), 8))[..., None]
        pg = page.astype(np.float32)
        yy, xx = np.mgrid[0:Hp, 0:Wp].astype(np.float32)
        corner = np.clip(1 - (np.hypot(xx, Hp - yy) / (0.15 * big)), 0, 1) + np.clip(
            1 - (np.hypot(Wp - xx, Hp - yy) / (0.15 * big)), 0, 1)
        pg *= (1 - 0.07 * corner)[..., None]  # the lower corners curl a little away from the board
        canvas[M:M + Hp, M:M + Wp] = pg
        img = Image.fromarray(np.clip(canvas, 0, 255).astype(np.uint8))
        px, py = M + Wp * rng.uniform(0.45, 0.55), M + top * 0.5
        r = max(6.0, 0.018 * big)
        lay, ld = _layer(W, H)
        ld.ellipse([px - r + r * 0.5, py - r + r * 0.7, px + r + r * 0.5, py + r + r * 0.7], fill=255)
        shade = cv2.GaussianBlur(_m(lay), (0, 0), r * 0.3)
        arr = np.asarray(img, np.float32) * (1 - 0.45 * shade[..., None])
        img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        d.ellipse([px - r, py - r, px + r, py + r], fill=(200, 30, 34), outline=(130, 16, 20))
        d.ellipse([px - r * 0.55, py - r * 0.6, px - r * 0.1, py - r * 0.15], fill=(244, 150, 150))
        out = _noisy(np.asarray(img, np.float32), g, 2.0)
        return _perspective(out, rng.uniform(0.02, 0.04), (62, 82, 110))
    if e == "smartphone_margin":  # a smartphone lying on the widened bottom margin and the desk below the page
        mb = round(0.12 * h)
        page = _extend(a, bottom=mb)
        Hp, Wp = page.shape[:2]
        M = round(0.05 * big)
        extra = round(0.12 * h)
        H, W = Hp + 2 * M + extra, Wp + 2 * M
        canvas = _surface(g, H, W, (170, 136, 98), 0.05, 2)
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        canvas *= (0.93 + 0.07 * np.sin(yy / 7 + 2.5 * _blurred_noise(g, H, W, 25)))[..., None]
        sh = np.zeros((H, W), np.float32)
        sh[M + 5:M + 5 + Hp, M + 5:M + 5 + Wp] = 1
        canvas *= (1 - 0.3 * cv2.GaussianBlur(sh, (0, 0), 6))[..., None]
        canvas[M:M + Hp, M:M + Wp] = page
        y_top = M + max(h + 0.025 * h, L["keep"][3] + 14)
        y_bot = y_top + 0.23 * w
        x_l = M + Wp * rng.uniform(0.3, 0.45)
        x_r = x_l + 0.48 * w
        lay, ld = _layer(W, H)
        ld.rounded_rectangle([x_l + 8, y_top + 10, x_r + 8, y_bot + 10], radius=0.03 * w, fill=255)
        canvas *= (1 - 0.4 * cv2.GaussianBlur(_m(lay), (0, 0), 8))[..., None]
        img = Image.fromarray(np.clip(canvas, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        d.rounded_rectangle([x_l, y_top, x_r, y_bot], radius=0.03 * w, fill=(26, 26, 30), outline=(150, 152, 158),
                            width=2)
        bz = 0.012 * w
        d.rounded_rectangle([x_l + bz, y_top + bz, x_r - bz, y_bot - bz], radius=0.02 * w, fill=(14, 16, 22))
        d.ellipse([x_r - 0.035 * w, (y_top + y_bot) / 2 - 0.008 * w, x_r - 0.019 * w, (y_top + y_bot) / 2
                   + 0.008 * w], fill=(44, 46, 56))
        arr = np.asarray(img, np.float32)
        sy, sx = slice(int(y_top + bz), int(y_bot - bz)), slice(int(x_l + bz), int(x_r - bz))
        ph, pw = arr[sy, sx].shape[:2]
        gy, gx = np.mgrid[0:ph, 0:pw].astype(np.float32)
        refl = np.clip(1 - np.abs((gx / max(1, pw)) - (gy / max(1, ph)) * 0.6 - 0.35) / 0.12, 0, 1) * 26
        arr[sy, sx] += refl[..., None]
        out = _noisy(arr, g, 1.8)
        return _perspective(out, rng.uniform(0.02, 0.04), (160, 128, 92))
    if e == "forum_post":  # the picture posted in a forum thread: a header, the poster, a question, reply buttons
        pad = round(0.04 * w)
        av = round(0.1 * w)
        head = round(0.065 * w)
        meta = round(0.075 * w)
        body_f = _font(UI_FONT, max(11, round(0.022 * big)))
        W = w + av + 3 * pad
        text_w = W - av - 3 * pad
        lines = max(2, math.ceil(body_f.getlength(FORUM_TEXT) / text_w) + 1)
        body = round(lines * body_f.size * 1.5)
        act = round(0.055 * w)
        H = head + pad + meta + body + h + act + 2 * pad
        img = Image.new("RGB", (W, H), (238, 240, 244))
        d = ImageDraw.Draw(img)
        d.rectangle([0, 0, W, head], fill=(28, 78, 96))
        d.text((pad, head / 2), "Puzzle Corner", font=_font(UI_BOLD, max(12, round(head * 0.38))), fill=WHITE,
               anchor="lm")
        d.text((W - pad, head / 2), "Forums \u203a Logic puzzles \u203a Nonograms", font=_font(UI_FONT, max(
            10, round(head * 0.24))), fill=(196, 222, 230), anchor="rm")
        y0 = head + pad // 2
        d.rounded_rectangle([pad // 2, y0, W - pad // 2, H - pad // 2], radius=8, fill=WHITE, outline=(214, 218, 224))
        ax_, ay_ = pad, y0 + pad // 2
        d.ellipse([ax_, ay_, ax_ + av, ay_ + av], fill=(232, 150, 60))
        d.text((ax_ + av / 2, ay_ + av / 2), "TP", font=_font(UI_BOLD, max(10, round(av * 0.36))), fill=WHITE,
               anchor="mm")
        tx = ax_ + av + pad
        d.text((tx, ay_ + meta * 0.35), "tilepainter", font=_font(UI_BOLD, max(11, round(meta * 0.36))),
               fill=(28, 78, 96), anchor="lm")
        d.text((tx, ay_ + meta * 0.8), "posted yesterday \u00b7 nonogram fan", font=_font(UI_FONT, max(
            9, round(meta * 0.26))), fill=(130, 136, 146), anchor="lm")
        yb = ay_ + meta
        _words(d, (tx, yb, W - pad, yb + body), FORUM_TEXT, body_f, (36, 40, 48), body_f.size * 1.5)
        iy = yb + body
        img.paste(Image.fromarray(a), (tx, iy))
        d.rectangle([tx - 1, iy - 1, tx + w, iy + h], outline=(214, 218, 224))
        af = _font(UI_FONT, max(10, round(act * 0.3)))
        bx = tx
        for lab in ("Reply", "Quote", "Like"):
            d.text((bx, iy + h + act * 0.55), lab, font=af, fill=(28, 100, 130), anchor="lm")
            bx += af.getlength(lab) + pad
        return np.asarray(img)
    if e == "bamboo_placemat":  # the book open on a bamboo placemat: slats with nodes, bound by dark threads
        M = round(0.07 * big)
        H, W = h + 2 * M + 90, w + 2 * M + 90
        mat = np.empty((H, W, 3), np.float32)
        sl = max(6, round(0.022 * big))
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        k = (yy // sl).astype(np.int32)
        tones = np.array([rng.uniform(0.85, 1.1) for _ in range(H // sl + 2)], np.float32)
        mat[:] = np.array((200, 170, 116), np.float32)
        mat *= tones[k][..., None]
        v = (yy % sl) / sl
        mat *= (0.8 + 0.3 * np.sin(v * math.pi))[..., None]
        mat[(yy % sl) < 1] *= 0.45
        nodes = np.array([rng.uniform(0, W) for _ in range(H // sl + 2)], np.float32)
        mat[np.abs(xx - nodes[k]) < 1.5] *= 0.7
        for tx in np.linspace(W * 0.12, W * 0.88, 5):
            mat[:, int(tx):int(tx) + 3] = (70, 48, 30)
        mat *= (1 + 0.04 * _blurred_noise(g, H, W, 1.5))[..., None]
        out = _on_table(a, mat, rng.uniform(-2.0, 2.0), (M, M), 0.4, g)
        return _perspective(_noisy(out, g, 2.0), rng.uniform(0.02, 0.05), (180, 152, 104))
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page29(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style29,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, mean cell width ``cw`` and height ``ch``, the column and row edges ``xs`` and
    ``ys``, and ``keep``, the box round the clues and the grid; ``_box25`` gives a cell's box)."""
    rng = random.Random(f"h29:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = _change29(truth, style.clue_change, rng) if plan["clue"] else None
    row_vals, col_vals = _line_values(truth, change)
    if style.redraw:
        img, L = _redraw_whole29(layout, style, row_vals, col_vals, rng, (inp.shape[1], inp.shape[0]))
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
                _draw_fill29(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill29(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline29(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross29(img, box, style, rng)
            elif not ((r, c) in filled and style.missing_bare):
                _draw_empty29(img, box, style.empty, rng)
    if style.redraw:
        _draw_redraw_grid29(img, L, style.redraw, rng)
    else:
        _draw_grid29(img, L, rng, style.grid, inp)
    return np.asarray(img), rng, L


def make_answer29(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style29,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page29(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page29(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
