"""HELDOUT30, measured blind on commit f216396 (rubric 68, the thirty-eighth session's start): 400/432 right, **1 false
pass** (the redrawn sampler's changed row clue, its first number past the input's frame), 18 false fails; on the
rubric-69 code before its pages were looked at, 404 with the same false pass; then studied (docs/nonogram.md, rubric
69): 404/432 on be1fec0, 0 false passes, 14 false fails (seed 5, ``tools/measure_nonogram_family.py
nonogram_heldout30:HELDOUT30 --seed 5``).

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved nonogram:
clue fonts from Debian packages no earlier nonogram family, test, install list or digit-reader training names
(fonts-arundina, fonts-katex, fonts-migmix, fonts-umeplus, fonts-ricty-diminished, fonts-arphic-ukai,
fonts-tlwg-waree-ttf, fonts-gamaliel, fonts-sil-scheherazade, fonts-sil-shimenkan, fonts-misaki): a bold DejaVu-like
book serif (Arundina Serif Bold), a bold Computer-Modern-like sans (KaTeX SansSerif Bold), a bold M+-style gothic (Migu
1C Bold), a light plain gothic (UmePlus P Gothic, drawn with a one-pixel heavier pen), a bold monospaced coding face
(Ricty Diminished Bold), a light Kaiti-style brush serif (AR PL UKai, drawn with a one-pixel heavier pen), a wide bold
humanist sans (Waree Bold), a black-letter face with old-style figures (Gamaliel), a bold Times-like serif (Scheherazade
Bold), a heavy, slightly condensed grotesque (Shimenkan Bold) and a pixel face (Misaki Gothic); one style keeps the
input's clues (its changed clue is that line's numbers erased and typed again in another face, KaTeX Main Bold, a bold
Computer-Modern-like serif from fonts-katex). Fills no earlier family uses (an etched meteorite's crossing lamellae,
banded malachite, lapis lazuli with gold flecks, the hook side of a hook-and-loop fastener, dark bokeh, a raven's
feather, lumps of coal, wooden louvre slats, a mat of pine needles, French knots, a blackberry's drupelets, needlepoint
tent stitches); empty-cell marks drawn in new ways (a small round pale-blue dot sticker, a thin blue ballpoint x with a
skipped gap and a blob where it began, a short translucent highlighter bar, a tiny scribbled pencil ball); the planted
errors drawn in new ways (pale five-point stars, a pale crackle network, pale confetti strips, pale rows of small
triangles, each over a light tint; a frame in hazard stripes, a frame of four boards joined with dovetails, a band with
blanket-stitch teeth along its inner edge, a frame punched with a row of holes; an X sliced into bands shifted sideways
like a glitch, with a red fringe on one side, an X with ink splatter round it, an X of two nailed planks, an X of
twisted barbed wire; all in the fill's colour, darkened where the fill is a light one, the glitch's fringe aside); a
changed clue that gains a number, loses one, has one split in two, has two merged into their sum, has one off by one, is
swapped with its neighbour line's, has its numbers written in reverse order, is copied from its neighbour line, or has a
number inserted between two of its numbers; a missing fill left bare on a page whose other empty cells carry marks;
grids drawn in new ways (ink ruled over the pencil construction lines, which show a little beside it and run past the
grid's edges; heavy lines with a fine white line along their middle; each five-by-five block framed by its own
round-cornered frame; every line ruled in a waxy blue crayon with broken coverage); two styles that redraw the whole
puzzle (the back of a cereal box, the puzzle in a white cut-out panel with a dotted cut line under a wavy title banner
on a sunburst; a needlework sampler on cream aida cloth, the grid back-stitched, the clues and a title stitched in a
pixel face, a running-stitch border and small hearts); and page changes no earlier family uses (a flyer taped to a green
lamp post with tear-off tabs on the widened bottom margin, one torn off; the page in a document camera's viewer app with
its toolbar; the page on a black piano lid with its soft blurred reflection; the page on a lace doily on a walnut table;
the page's widened margins charred, on slate; a key ring with two keys on the widened right margin; a maple leaf on the
widened left margin; a satin ribbon bookmark down the widened right margin; the page on a chess board with a pawn beside
it; the page on a striped beach towel with sand; the cereal box on a breakfast table with a bowl of flakes and a spoon;
the sampler framed on a striped wallpapered wall).

Clues written anew on the input's page are sized by their digits' height and fitted to its clue strips (as in HELDOUT25
to HELDOUT29); the redrawn puzzles space their clues by the digits' height.

Doubts noted rather than made unfair: UmePlus P Gothic and AR PL UKai are light faces (drawn with a one-pixel heavier
pen); Gamaliel is a black-letter face with old-style figures (its 1 is like a small capital I, its 3, 4, 5, 7 and 9 hang
below the line, its 6 and 8 rise above it); Misaki Gothic is a pixel face with a dotted zero, stitched in dark thread on
cream cloth whose fine weave shows a faint regular dot texture everywhere, cells included; the sampler's grid is
back-stitched, so its lines are rows of short stitches with tiny gaps; the tear-off tabs, the viewer app, the cereal box
and the sampler carry words only, no digit; the piano lid's reflection is blurred until nothing in it can be read; the
keys, the maple leaf, the ribbon, the pawn, the bowl and the spoon lie off the page or on its widened margins, away from
the clues and the grid, and none of them carries a digit; the charring and the scorch stay on the widened margins; the
inked-over-pencil grid's pencil lines run a little past the grid's edges toward the clues; the malachite, lapis,
hook-and-loop, bokeh, feather, coal, louvre, pine-needle, French-knot, blackberry, tent-stitch and meteorite fills have
some paler features (bands, veins, flecks, hooks, discs of light, a shaft, glints, slat lips, needles, knots,
highlights, threads) over a dark ground, as such a fill has, and a person sees a filled cell at once (the feather's pale
shaft runs corner to corner, so it is kept faint); the planted pale marks are a light tint with darker-than-tint
features over it, plainly darker than the paper after every page change; the glitched X's bands are shifted by a little
of the cell; the reversed clue changes only the order of a line's numbers, the copied clue makes one line read like its
neighbour, the split, merged and inserted clues change how many numbers a line has, and the swapped clues change two
neighbouring lines; the retyped clue line on the page that keeps the input's clues is in a different face from its
neighbours; the style names begin ``s_`` as HELDOUT28's and HELDOUT29's do (the names themselves differ from every
earlier one).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer30` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout30:HELDOUT30`` measures them like the earlier families.
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
from nonogram_heldout29 import _change29, _free_x, _noisy
from PIL import Image, ImageDraw

WHITE = (255, 255, 255)
UI_FONT = "DejaVuSans.ttf"  # words round the picture (never a digit)
UI_BOLD = "DejaVuSans-Bold.ttf"
FOOT_TEXT = "Cut along the dotted line, solve the grid and find the hidden picture!"


@dataclass(frozen=True)
class Style30(Style):
    """A HELDOUT30 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``cereal_box``, ``stitched_sampler``; empty keeps the
    input's frame), ``clue_change`` how a planted clue_changed answer alters its line (as in HELDOUT29, or
    ``insert_middle``: a number inserted between two of the line's numbers) and ``missing_bare`` whether a missing
    fill is left bare rather than marked like the other empty cells. ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""
    clue_change: str = "extra"
    missing_bare: bool = False

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer30(input_image, layout, truth, self, error, seed)


HELDOUT30 = (
    Style30("s_arundinaserif_meteorite_lamppost", "widmanstatten", (54, 58, 68), "none", "ArundinaSerif-Bold.ttf",
            ("lamppost_flyer", "jpeg"), clue_scale=(1.0, 1.08), grid="inked_pencil", light_mark="light_stars",
            outline_mark="outline_hazard", cross_mark="heavy_x_glitch", clue_change="extra"),
    Style30("s_katexsans_malachite_doccam", "malachite", (22, 74, 52), "ballpoint_x", "KaTeX_SansSerif-Bold.ttf",
            ("document_camera", "jpeg"), clue_scale=(1.02, 1.1), grid="inline_major", light_mark="light_crackle",
            outline_mark="outline_dovetail", cross_mark="heavy_x_splatter", clue_change="drop", missing_bare=True),
    Style30("s_migu_lapis_pianolid", "lapis", (28, 42, 100), "none", "migu-1c-bold.ttf", ("piano_lid", "jpeg"),
            clue_scale=(1.0, 1.08), grid="block_rounded_frames", light_mark="light_confetti",
            outline_mark="outline_blanket_stitch", cross_mark="heavy_x_planks", clue_change="copy_neighbour"),
    Style30("s_umeplus_hookloop_doily", "hook_loop", (44, 46, 54), "dot_sticker", "umeplus-p-gothic.ttf",
            ("lace_doily", "jpeg"), clue_scale=(1.04, 1.12), clue_stroke=1, grid="crayon_ruled",
            light_mark="light_triangles", outline_mark="outline_perforated", cross_mark="heavy_x_barbed",
            clue_change="merge", missing_bare=True),
    Style30("s_ricty_bokeh_charred", "bokeh_dark", (36, 30, 62), "highlighter_bar", "RictyDiminished-Bold.ttf",
            ("charred_edges", "jpeg"), clue_scale=(1.0, 1.08), grid="inked_pencil", light_mark="light_crackle",
            outline_mark="outline_hazard", cross_mark="heavy_x_planks", clue_change="split", missing_bare=True),
    Style30("s_ukai_ravenfeather_keyring", "raven_feather", (30, 34, 46), "scribble_ball", "ukai.ttc",
            ("keys_margin", "jpeg"), clue_scale=(1.04, 1.12), clue_stroke=1, grid="inline_major",
            light_mark="light_stars", outline_mark="outline_blanket_stitch", cross_mark="heavy_x_splatter",
            clue_change="off_by_one", missing_bare=True),
    Style30("s_waree_coal_mapleleaf", "coal_lumps", (40, 40, 44), "none", "Waree-Bold.ttf",
            ("maple_leaf_margin", "jpeg"), clue_scale=(1.0, 1.06), clue_gap=(0.35, 0.5), grid="block_rounded_frames",
            light_mark="light_triangles", outline_mark="outline_dovetail", cross_mark="heavy_x_glitch",
            clue_change="swap_lines"),
    Style30("s_gamaliel_louvre_ribbonmark", "louvre", (72, 50, 34), "ballpoint_x", "Gamaliel.ttf",
            ("ribbon_bookmark", "jpeg"), clue_scale=(1.04, 1.12), grid="crayon_ruled", light_mark="light_confetti",
            outline_mark="outline_perforated", cross_mark="heavy_x_barbed", clue_change="reversed",
            missing_bare=True),
    Style30("s_scheherazade_pineneedle_chessboard", "pine_needles", (30, 62, 36), "dot_sticker",
            "Scheherazade-Bold.ttf", ("chessboard_table", "jpeg"), clue_scale=(1.02, 1.1), grid="inked_pencil",
            light_mark="light_stars", outline_mark="outline_hazard", cross_mark="heavy_x_splatter",
            clue_change="insert_middle", missing_bare=True),
    Style30("s_keptclues_frenchknot_beachtowel", "french_knots", (98, 30, 52), "highlighter_bar", None,
            ("beach_towel", "jpeg"), grid="kept", light_mark="light_crackle", outline_mark="outline_dovetail",
            cross_mark="heavy_x_planks", clue_change="retyped_line", missing_bare=True),
    Style30("s_shimenkan_blackberry_redrawcerealbox", "blackberry", (50, 26, 58), "none", "Shimenkan-Bold.ttf",
            ("breakfast_table", "jpeg"), clue_colour=(20, 26, 70), clue_scale=(1.0, 1.08),
            light_mark="light_triangles", outline_mark="outline_blanket_stitch", cross_mark="heavy_x_glitch",
            clue_change="merge", redraw="cereal_box"),
    Style30("s_misaki_tentstitch_redrawsampler", "tent_stitch", (34, 40, 84), "none", "misaki_gothic.ttf",
            ("wallpaper_hang", "jpeg"), clue_colour=(40, 34, 64), clue_scale=(1.04, 1.14),
            light_mark="light_confetti", outline_mark="outline_perforated", cross_mark="heavy_x_barbed",
            clue_change="insert_middle", redraw="stitched_sampler"),
)

CHANGE_FONT = "KaTeX_Main-Bold.ttf"  # the retyped line of a changed clue on the page that keeps the input's clues


# ------------------------------------------------------------------------------------------ clue changes


def _change30(truth: dict[str, Any], mode: str, rng: random.Random) -> tuple[str, int, list[str]]:
    """A changed clue as :func:`_change29` makes it, or (``insert_middle``) a line with a number inserted between
    two of its numbers (a line of one number gains one in front instead)."""
    if mode == "insert_middle":
        for kind in rng.sample(("row", "col"), 2):
            vals = _values(truth[f"{kind}_clues"])
            cand = [i for i, v in enumerate(vals) if len(v) >= 2]
            if cand:
                i = rng.choice(cand)
                k = rng.randrange(1, len(vals[i]))
                return kind, i, vals[i][:k] + [str(rng.randint(1, 2))] + vals[i][k:]
        mode = "extra"
    if mode == "copy_neighbour":
        return _change29(truth, mode, rng)
    return _change25(truth, mode, rng)


# ------------------------------------------------------------------------------------------ fills


def _voronoi(xx: np.ndarray, yy: np.ndarray, pts: list[tuple[float, float]]) -> tuple[np.ndarray, np.ndarray]:
    """Each pixel's nearest seed and the gap between its nearest and second-nearest seed distances."""
    d = np.stack([np.hypot(xx - px, yy - py) for px, py in pts])
    order = np.sort(d, axis=0)
    return np.argmin(d, axis=0), order[1] - order[0]


def _tex30(kind: str, w: int, h: int, colour, g: np.random.Generator, rng: random.Random) -> np.ndarray:
    """A filled cell's picture (h, w, 3 float) in ``kind``."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    if kind == "widmanstatten":  # an etched iron meteorite: lamellae crossing at three angles, thin dark borders
        tone = np.zeros((h, w), np.float32)
        p = max(5.0, s / 3.2)
        a0 = rng.uniform(0, math.pi / 3)
        for k in range(3):
            a = a0 + k * math.pi / 3 + rng.uniform(-0.08, 0.08)
            f = ((xx * math.cos(a) + yy * math.sin(a)) / p + rng.uniform(0, 1)
                 + 0.12 * _noise0(g, h, w, max(1.0, s / 6))) % 1
            tone += 0.17 * (f < 0.3) - 0.22 * ((np.abs(f - 0.3) < 0.04) | (f < 0.04))
        tex = col * (1 + tone)[..., None] * (1 + 0.05 * _noise0(g, h, w, 0.6))[..., None]
    elif kind == "malachite":  # banded malachite: wavy concentric bands, pale and dark, round an off-cell centre
        cx, cy = rng.uniform(-0.3, 1.3) * w, rng.choice((-0.45, 1.45)) * h
        r = np.hypot(xx - cx, yy - cy) + 0.12 * s * _noise0(g, h, w, max(1.0, s / 5))
        p = max(4.0, s / 5.5)
        f = (r / p) % 1
        band = np.clip((np.abs(f - 0.5) - 0.18) * 5, 0, 1)
        tex = col * 0.8 * (1 - band[..., None]) + _lift(col, 0.2) * band[..., None]
        tex[np.abs(f - 0.5) < 0.05] = col * 0.5
    elif kind == "lapis":  # lapis lazuli: mottled deep blue, faint pale calcite veins, gold pyrite flecks
        tex *= (1 + 0.12 * _noise0(g, h, w, max(1.0, s / 8)))[..., None]
        lay, ld = _layer(w, h)
        for _ in range(2):
            x0, y0, a = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0, math.pi)
            pts = [(x0 + t * s * math.cos(a) + rng.uniform(-0.05, 0.05) * s,
                    y0 + t * s * math.sin(a) + rng.uniform(-0.05, 0.05) * s) for t in np.linspace(-0.7, 0.7, 9)]
            ld.line(pts, fill=150, width=max(1, round(s / 30)), joint="curve")
        m = cv2.GaussianBlur(_m(lay), (0, 0), 0.8)
        tex = tex * (1 - 0.5 * m[..., None]) + _lift(col, 0.4) * 0.5 * m[..., None]
        fl = (g.random((h, w)) > 0.986).astype(np.uint8)
        if s > 40:
            fl = cv2.dilate(fl, np.ones((2, 2), np.uint8))
        tex[fl > 0] = np.array((208, 172, 80), np.float32) * g.uniform(0.75, 1.0, (int((fl > 0).sum()), 1))
    elif kind == "hook_loop":  # the hook side of a hook-and-loop fastener: dense tiny pale hooks on a dark backing
        tex *= 0.85 * (1 + 0.06 * _noise0(g, h, w, 0.6))[..., None]
        lay, ld = _layer(w, h)
        for _ in range(int(s * s / 30)):
            x, y = rng.uniform(-2, w + 2), rng.uniform(-2, h + 2)
            r = rng.uniform(0.035, 0.06) * s
            a0 = rng.uniform(0, 360)
            ld.arc([x - r, y - r, x + r, y + r], a0, a0 + rng.uniform(180, 250), fill=255, width=1)
        m = _m(lay)
        tex = tex * (1 - 0.6 * m[..., None]) + _lift(col, 0.32) * 0.6 * m[..., None]
    elif kind == "bokeh_dark":  # dark bokeh: soft discs of out-of-focus light, each with a brighter rim
        tex *= (0.8 + 0.25 * (yy / h))[..., None]
        for _ in range(rng.randint(4, 7)):
            cx, cy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.1, 0.2) * s
            d = np.hypot(xx - cx, yy - cy)
            disc = np.clip(r - d + 0.5, 0, 1)
            rim = np.clip(1 - np.abs(d - r * 0.9) / max(0.8, r * 0.12), 0, 1)
            hue = np.array(rng.choice(((250, 190, 120), (170, 200, 255), (255, 150, 200))), np.float32)
            a = 0.15 * disc + 0.13 * rim
            tex = tex * (1 - a[..., None]) + hue * a[..., None]
        tex = cv2.GaussianBlur(tex, (0, 0), 0.6)
    elif kind == "raven_feather":  # a raven's feather: fine barbs slanting off a faint shaft, a blue-green sheen
        p, q = (0.08 * w, 0.94 * h), (0.94 * w, 0.06 * h)
        t, n, ln = _stroke_coords(p, q, xx, yy)
        pb = max(2.2, s / 14)
        b = t * ln - np.abs(n) * 1.3  # lines of equal b are the barbs, swept toward the tip
        barb = 0.5 + 0.5 * np.sin(2 * math.pi * b / pb)
        tex = col * (0.7 + 0.55 * barb)[..., None]
        sheen = np.clip(1 - np.abs(n - 0.15 * s) / (0.25 * s), 0, 1)
        tex += np.array((-4, 16, 26), np.float32) * sheen[..., None]
        tex[np.abs(n) < max(0.6, s / 50)] = _lift(col, 0.1)
    elif kind == "coal_lumps":  # lumps of coal: faceted lumps lit unevenly, dark crevices, a few glints
        pts = [(rng.uniform(0, w), rng.uniform(0, h)) for _ in range(5 + int(s / 12))]
        idx, gap = _voronoi(xx, yy, pts)
        px = np.array(pts, np.float32)
        ang = np.arctan2(yy - px[idx, 1], xx - px[idx, 0])
        facet = np.floor((ang + math.pi) / (2 * math.pi) * 5).astype(np.int64) % 5
        shades = np.array([[rng.uniform(0.7, 1.5) for _ in range(5)] for _ in pts], np.float32)
        tex = col * shades[idx, facet][..., None]
        tex[gap < max(1.0, s / 28)] = col * 0.3
        for k in rng.sample(range(len(pts)), min(3, len(pts))):
            gx, gy = px[k, 0] + rng.uniform(-0.05, 0.05) * s, px[k, 1] + rng.uniform(-0.05, 0.05) * s
            glint = np.hypot((xx - gx) * 1.8, yy - gy) < max(0.9, s / 30)
            tex[glint & (idx == k)] = _lift(col, 0.6)
    elif kind == "louvre":  # wooden louvre slats: each slat shaded down its face, a pale lip, a dark gap below
        p = max(4.0, s / 4.5)
        f = ((yy + rng.uniform(0, p)) % p) / p
        grain = 1 + 0.08 * np.sin(xx / max(1.0, s / 10) + 3 * _noise0(g, h, w, max(1.0, s / 6)))
        tex = col * (0.72 + 0.45 * f)[..., None] * grain[..., None]
        tex[f > 0.86] = _lift(col, 0.18)
        tex[f < 0.12] = col * 0.35
    elif kind == "pine_needles":  # a mat of pine needles: long thin needles of mixed greens lying every way
        tex *= 0.6
        lay = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(lay)
        for _ in range(int(s * 1.3)):
            x, y, a = rng.uniform(-3, w + 3), rng.uniform(-3, h + 3), rng.uniform(0, math.pi)
            ln = rng.uniform(0.3, 0.6) * s
            c = tuple(int(min(255, v * rng.uniform(0.7, 1.55))) for v in col)
            d.line([(x - ln / 2 * math.cos(a), y - ln / 2 * math.sin(a)),
                    (x + ln / 2 * math.cos(a), y + ln / 2 * math.sin(a))], fill=c, width=max(1, round(s / 30)))
        tex = np.asarray(lay, np.float32).copy()
    elif kind == "french_knots":  # French knots: close-set round thread knots, each lit from the top left
        tex *= 0.5
        r = max(1.8, s / 12)
        n = int((w * h) / (r * r * 2.2))
        for _ in range(n):
            cx, cy = rng.uniform(0, w), rng.uniform(0, h)
            d = np.hypot(xx - cx, yy - cy)
            knot = d < r
            lit = np.clip(1 - np.hypot(xx - (cx - 0.35 * r), yy - (cy - 0.35 * r)) / (1.3 * r), 0, 1)
            curl = np.abs(np.sin(np.arctan2(yy - cy, xx - cx) * 2 + d / r * 3)) < 0.25
            shade = col * (0.75 + 0.55 * lit)[..., None]
            shade[curl] *= 0.7
            tex[knot] = shade[knot]
    elif kind == "blackberry":  # a blackberry: round drupelets with a glint each, near-black between them
        p = max(4.0, s / 3.6)
        ry = p * 0.866
        row = np.round(yy / ry)
        off = (row % 2) * p / 2
        cxk = np.round((xx - off) / p) * p + off
        cyk = row * ry
        d = np.hypot(xx - cxk, yy - cyk)
        drupe = d < p * 0.48
        bulge = 1.25 - 0.65 * (d / (p * 0.48)) ** 2
        tex = np.where(drupe[..., None], col * bulge[..., None], col * 0.3)
        glint = np.hypot(xx - (cxk - p * 0.16), yy - (cyk - p * 0.16)) < max(0.7, p * 0.09)
        tex[glint & drupe] = (232, 222, 238)
    elif kind == "tent_stitch":  # needlepoint tent stitches: slanted wool stitches on the canvas mesh
        u = max(3.0, s / 7)
        fx, fy = (xx % u) / u, (yy % u) / u
        dist = np.abs(fx + fy - 1) / math.sqrt(2)
        thread = dist < 0.3
        twist = 0.5 + 0.5 * np.sin((fx - fy) * math.pi * 3)
        tex = np.where(thread[..., None], col * (0.85 + 0.3 * (1 - dist / 0.3) + 0.1 * twist)[..., None], col * 0.45)
        tex *= (1 + 0.04 * _noise0(g, h, w, 0.6))[..., None]
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255)


def _ink(style: Style30) -> np.ndarray:
    """The ink of the planted marks: the fill's colour, darkened when it is a light one."""
    col = np.asarray(style.fill_colour, np.float32)
    lum = float(col @ np.array([0.299, 0.587, 0.114], np.float32))
    return col * (80 / lum) if lum > 80 else col


def _star(cx: float, cy: float, r: float, rot: float) -> list[tuple[float, float]]:
    return [(cx + (r if k % 2 == 0 else r * 0.42) * math.cos(rot + k * math.pi / 5),
             cy + (r if k % 2 == 0 else r * 0.42) * math.sin(rot + k * math.pi / 5)) for k in range(10)]


def _draw_fill30(img: Image.Image, box, style: Style30, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07)
    w, h = bx - ax, by - ay
    if not light:
        _paste(img, _tex30(style.fill, w, h, style.fill_colour, g, rng), ax, ay, None)
        return
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = _ink(style)
    s = float(min(w, h))
    base = 0.2
    lay, ld = _layer(w, h)
    if light == "light_stars":  # small five-point stars set in staggered rows over a light tint
        p = max(6.0, s / 3.2)
        for j, y in enumerate(np.arange(p / 2, h, p)):
            for x in np.arange(p / 2 + (j % 2) * p / 2 - p, w + p, p):
                ld.polygon(_star(x, y, p * 0.36, -math.pi / 2), fill=255)
        alpha = base + 0.32 * _m(lay)
    elif light == "light_crackle":  # a network of fine cracks over a light tint, as in a crazed glaze
        pts = [(rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h) for _ in range(7 + int(s / 8))]
        _, gap = _voronoi(xx, yy, pts)
        alpha = base + 0.32 * (gap < max(1.2, s / 22))
    elif light == "light_confetti":  # short strips of confetti strewn at every angle over a light tint
        for _ in range(int(8 + s / 3)):
            x, y, a = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0, math.pi)
            ln, wd = rng.uniform(0.08, 0.14) * s, max(1.0, s / 28)
            dx, dy = ln * math.cos(a), ln * math.sin(a)
            nx, ny = -wd * math.sin(a), wd * math.cos(a)
            ld.polygon([(x - dx - nx, y - dy - ny), (x + dx - nx, y + dy - ny), (x + dx + nx, y + dy + ny),
                        (x - dx + nx, y - dy + ny)], fill=255)
        alpha = base + 0.32 * _m(lay)
    elif light == "light_triangles":  # rows of small triangles, point up and point down in turn, over a light tint
        p = max(5.0, s / 4)
        for j, y in enumerate(np.arange(p * 0.2, h, p)):
            for i, x in enumerate(np.arange(-p, w + p, p * 0.75)):
                up = (i + j) % 2 == 0
                tri = ([(x, y + p * 0.6), (x + p * 0.3, y + p * 0.1), (x + p * 0.6, y + p * 0.6)] if up else
                       [(x, y + p * 0.1), (x + p * 0.3, y + p * 0.6), (x + p * 0.6, y + p * 0.1)])
                ld.polygon(tri, fill=255)
        alpha = base + 0.32 * _m(lay)
    else:
        raise ValueError(light)
    _paste_rgba(img, tex, cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.5), ax, ay)


def _draw_outline30(img: Image.Image, box, style: Style30, rng: random.Random) -> None:
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
    if kind == "outline_hazard":  # hazard stripes: dark and half-tone diagonal stripes all round the frame
        p = max(4.0, f * 1.4)
        dark = ((xx + yy) % p) < p / 2
        m = np.where(across < f, np.where(dark, 1.0, 0.55), 0.0).astype(np.float32)
    elif kind == "outline_dovetail":  # four boards, the side boards' dovetail tails cut into the top and bottom ones
        seam, sd = _layer(w, h)
        for fx in (False, True):
            for fy in (False, True):
                pts = [(0, f), (0.25 * f, f), (0.08 * f, 0.35 * f), (0.92 * f, 0.35 * f), (0.75 * f, f), (f, f)]
                pts = [((w - 1 - x) if fx else x, (h - 1 - y) if fy else y) for x, y in pts]
                sd.line(pts, fill=255, width=1)
        grain = 1 + 0.08 * np.sin((xx + yy * 0.1) / max(1.0, s / 12))
        tex = col * grain[..., None]
        tex[_m(seam) > 0.5] = _lift(col, 0.5)
    elif kind == "outline_blanket_stitch":  # a band with blanket-stitch teeth running in from its inner edge
        band = across < f * 0.65
        pitch = max(4.0, f * 1.1)
        tooth = (np.abs((along % pitch) - pitch / 2) < max(0.8, f * 0.12)) & (across < f * 1.35)
        m = (band | tooth).astype(np.float32)
    elif kind == "outline_perforated":  # a solid frame punched with a row of round holes along its middle
        pitch = max(4.0, f * 1.3)
        hole = np.hypot((along % pitch) - pitch / 2, across - f / 2) < f * 0.24
        m = ((across < f) & ~hole).astype(np.float32)
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross30(img: Image.Image, box, style: Style30, rng: random.Random) -> None:
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
    if kind == "heavy_x_glitch":  # the X cut into horizontal bands, each shifted sideways, a red fringe on one side
        bh = max(2.0, s / 8)
        band = (yy // bh).astype(np.int64)
        shifts = np.array([rng.uniform(-0.07, 0.07) * s for _ in range(int(h // bh) + 2)], np.float32)
        xs = xx - shifts[band]
        for p, q in arms:
            t, n, _ = _stroke_coords(p, q, xs, yy)
            m = np.maximum(m, np.clip(wid * 0.5 - np.abs(n) + 0.5, 0, 1) * ((t > -0.02) & (t < 1.02)))
        fringe = np.zeros_like(m)
        k = max(1, round(s / 30))
        fringe[:, k:] = m[:, :-k]
        red = (fringe > 0.5) & (m < 0.5)
        tex[red] = (196, 44, 60)
        m = np.maximum(m, 0.8 * red)
    elif kind == "heavy_x_splatter":  # an X whose ink splattered: specks round it, rough stroke edges
        rough = 0.7 * _noise0(g, h, w, 0.8)
        for p, q in arms:
            t, n, _ = _stroke_coords(p, q, xx, yy)
            m = np.maximum(m, np.clip(wid * 0.5 - np.abs(n) + 0.5 + rough, 0, 1) * ((t > -0.02) & (t < 1.02)))
        lay, ld = _layer(w, h)
        for _ in range(rng.randint(7, 12)):
            r = rng.uniform(0.015, 0.045) * s
            x, y = rng.uniform(0.06, 0.94) * w, rng.uniform(0.06, 0.94) * h
            ld.ellipse([x - r, y - r, x + r, y + r], fill=255)
        m = np.maximum(m, _m(lay))
    elif kind == "heavy_x_planks":  # two planks nailed across each other: grain along them, a nail head at each end
        wd = wid * 1.1
        for k, (p, q) in enumerate(arms):
            t, n, ln = _stroke_coords(p, q, xx, yy)
            plank = (np.abs(n) < wd / 2) & (t > -0.04) & (t < 1.04)
            grain = np.sin(n / max(0.8, wd / 7) * math.pi + 0.8 * np.sin(t * 9 + k)) > 0.82
            tex[plank & grain] = _lift(col, 0.3)
            tex[plank & ~grain] = col
            if k == 1:  # the upper plank's edges drawn pale where it lies over the other
                edge = plank & (np.abs(np.abs(n) - wd / 2) < 0.9)
                tex[edge & (m > 0.5)] = _lift(col, 0.55)
            m = np.maximum(m, plank.astype(np.float32))
            for e in (0.08, 0.92):
                nx, ny = p[0] + (q[0] - p[0]) * e, p[1] + (q[1] - p[1]) * e
                head = np.hypot(xx - nx, yy - ny) < max(1.0, wd * 0.2)
                tex[head] = _lift(col, 0.6)
    elif kind == "heavy_x_barbed":  # twisted barbed wire: two strands wound round each other, barbs at intervals
        wd = wid * 1.25
        for p, q in arms:
            t, n, ln = _stroke_coords(p, q, xx, yy)
            along = (t > -0.02) & (t < 1.02)
            ph = 2 * math.pi * t * ln / max(4.0, wd * 1.6)
            for sgn in (1, -1):
                off = sgn * 0.22 * wd * np.sin(ph)
                m = np.maximum(m, np.clip(0.17 * wd - np.abs(n - off) + 0.5, 0, 1) * along)
            for tb in (0.22, 0.78):
                bx0, by0 = p[0] + (q[0] - p[0]) * tb, p[1] + (q[1] - p[1]) * tb
                for ang in (0.9, -0.9):
                    dx, dy = (q[0] - p[0]) / ln, (q[1] - p[1]) / ln
                    ux, uy = dx * math.cos(ang) - dy * math.sin(ang), dx * math.sin(ang) + dy * math.cos(ang)
                    tt, nn, _ = _stroke_coords((bx0 - ux * wd * 0.6, by0 - uy * wd * 0.6),
                                               (bx0 + ux * wd * 0.6, by0 + uy * wd * 0.6), xx, yy)
                    m = np.maximum(m, np.clip(0.1 * wd - np.abs(nn) + 0.5, 0, 1) * ((tt > 0) & (tt < 1)))
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, np.clip(m, 0, 1).astype(np.float32), ax, ay)


def _draw_empty30(img: Image.Image, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    d = ImageDraw.Draw(img)
    if kind == "none":
        return
    if kind == "dot_sticker":  # a small round pale-blue dot sticker with a white glint and a faint shadow
        r = max(3.0, 0.1 * s)
        d.ellipse([cx - r + 1, cy - r + 1.5, cx + r + 1, cy + r + 1.5], fill=(206, 210, 218))
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(150, 196, 236))
        d.arc([cx - r * 0.7, cy - r * 0.7, cx + r * 0.7, cy + r * 0.7], 200, 260, fill=(236, 246, 255),
              width=max(1, round(r / 4)))
    elif kind == "ballpoint_x":  # a thin blue ballpoint x: a small blob where it began, a skip in one stroke
        k = 0.12 * s
        ink = (36, 58, 150)
        lw = max(1, round(s / 40))
        d.line([(cx - k, cy - k), (cx + k, cy + k)], fill=ink, width=lw)
        gap = rng.uniform(0.3, 0.6)
        ax_, ay_, bx_, by_ = cx + k, cy - k, cx - k, cy + k
        d.line([(ax_, ay_), (ax_ + (bx_ - ax_) * gap, ay_ + (by_ - ay_) * gap)], fill=ink, width=lw)
        d.line([(ax_ + (bx_ - ax_) * (gap + 0.14), ay_ + (by_ - ay_) * (gap + 0.14)), (bx_, by_)], fill=ink, width=lw)
        r = lw * 0.9 + 0.6
        d.ellipse([cx - k - r, cy - k - r, cx - k + r, cy - k + r], fill=ink)
    elif kind == "highlighter_bar":  # a short translucent highlighter bar, its ends a little darker
        bw, bh = 0.2 * s, 0.065 * s
        bx0, by0 = round(cx - bw), round(cy - bh)
        ww, hh = max(2, round(2 * bw)), max(2, round(2 * bh))
        alpha = np.full((hh, ww), 0.5, np.float32)
        e = max(1, ww // 10)
        alpha[:, :e] = 0.62
        alpha[:, -e:] = 0.62
        _paste_rgba(img, np.full((hh, ww, 3), (214, 240, 70), np.float32), alpha, bx0, by0)
    elif kind == "scribble_ball":  # a tiny ball of scribbled pencil loops
        r = 0.07 * s
        pts = []
        for t in np.linspace(0, 5 * math.pi, 28):
            rr = r * (0.55 + 0.45 * math.sin(t * 1.7 + rng.uniform(-0.3, 0.3)))
            pts.append((cx + rr * math.cos(t) + rng.uniform(-0.5, 0.5), cy + rr * math.sin(t) + rng.uniform(-0.5, 0.5)))
        d.line(pts, fill=(112, 112, 118), width=max(1, round(s / 40)), joint="curve")
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids and redraws


def _draw_grid30(img: Image.Image, L: dict[str, Any], rng: random.Random, name: str, inp: np.ndarray | None) -> None:
    if name == "kept":
        _draw_grid18(img, L, rng, "kept", inp)
        return
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    gx0, gy0, gx1, gy1 = xs[0], ys[0], xs[-1], ys[-1]
    thin, thick = max(1, round(s / 30)), max(2, round(s / 11))
    vlines = [(x, _major(i, cols)) for i, x in enumerate(xs)]
    hlines = [(y, _major(j, rows)) for j, y in enumerate(ys)]
    if name == "inked_pencil":  # pencil construction lines, a little off and past the grid, inked over
        pen, over = (168, 168, 174), 0.16 * s
        for x, _ in vlines:
            o = rng.uniform(-1.6, 1.6)
            d.line([(x + o, gy0 - over * rng.uniform(0.5, 1)), (x + o, gy1 + over * rng.uniform(0.5, 1))], fill=pen)
        for y, _ in hlines:
            o = rng.uniform(-1.6, 1.6)
            d.line([(gx0 - over * rng.uniform(0.5, 1), y + o), (gx1 + over * rng.uniform(0.5, 1), y + o)], fill=pen)
        for x, big in vlines:
            if not big:
                d.line([(x, gy0), (x, gy1)], fill=(70, 70, 78), width=thin)
        for y, big in hlines:
            if not big:
                d.line([(gx0, y), (gx1, y)], fill=(70, 70, 78), width=thin)
        for x, big in vlines:
            if big:
                d.line([(x, gy0 - thick // 2), (x, gy1 + thick // 2)], fill=(16, 16, 22), width=thick)
        for y, big in hlines:
            if big:
                d.line([(gx0 - thick // 2, y), (gx1 + thick // 2, y)], fill=(16, 16, 22), width=thick)
        return
    if name == "inline_major":  # grey thin lines; heavy lines dark with a fine white line along their middle
        for x, big in vlines:
            if not big:
                d.line([(x, gy0), (x, gy1)], fill=(118, 120, 128), width=thin)
        for y, big in hlines:
            if not big:
                d.line([(gx0, y), (gx1, y)], fill=(118, 120, 128), width=thin)
        wd = max(3, round(s / 8))
        inl = max(1, wd // 3)
        for x, big in vlines:
            if big:
                d.line([(x, gy0 - wd // 2), (x, gy1 + wd // 2)], fill=(22, 24, 32), width=wd)
        for y, big in hlines:
            if big:
                d.line([(gx0 - wd // 2, y), (gx1 + wd // 2, y)], fill=(22, 24, 32), width=wd)
        for x, big in vlines:
            if big:
                d.line([(x, gy0), (x, gy1)], fill=WHITE, width=inl)
        for y, big in hlines:
            if big:
                d.line([(gx0, y), (gx1, y)], fill=WHITE, width=inl)
        return
    if name == "block_rounded_frames":  # grey thin lines; each five-by-five block in its own round-cornered frame
        for x, big in vlines:
            if not big:
                d.line([(x, gy0), (x, gy1)], fill=(112, 114, 122), width=thin)
        for y, big in hlines:
            if not big:
                d.line([(gx0, y), (gx1, y)], fill=(112, 114, 122), width=thin)
        bxs = [x for x, big in vlines if big]
        bys = [y for y, big in hlines if big]
        for xa, xb in itertools.pairwise(bxs):
            for ya, yb in itertools.pairwise(bys):
                d.rounded_rectangle([xa - thick / 2, ya - thick / 2, xb + thick / 2, yb + thick / 2],
                                    radius=0.4 * s, outline=(28, 30, 40), width=thick)
        return
    if name == "crayon_ruled":  # every line ruled in a waxy blue crayon whose coverage breaks on the paper's tooth
        H, W = img.size[1], img.size[0]
        g = _nrng(rng)
        tooth = np.clip(0.55 + 0.6 * g.standard_normal((H, W)).astype(np.float32) + 0.25 * _blurred_noise(
            g, H, W, 2.0), 0, 1)
        for heavy, colour, wd in ((False, (96, 110, 176), max(2, round(s / 22))),
                                  (True, (30, 40, 112), max(3, round(s / 9)))):
            lay, ld = _layer(W, H)
            for x, big in vlines:
                if big == heavy:
                    ld.line([(x, gy0 - wd // 2), (x, gy1 + wd // 2)], fill=255, width=wd)
            for y, big in hlines:
                if big == heavy:
                    ld.line([(gx0 - wd // 2, y), (gx1 + wd // 2, y)], fill=255, width=wd)
            m = _m(lay)
            ys_, xs_ = np.nonzero(m)
            if not len(ys_):
                continue
            y0, y1, x0, x1 = ys_.min(), ys_.max() + 1, xs_.min(), xs_.max() + 1
            a = m[y0:y1, x0:x1] * (0.5 + 0.5 * tooth[y0:y1, x0:x1])
            _paste_rgba(img, np.full(a.shape + (3,), colour, np.float32), a.astype(np.float32), int(x0), int(y0))
        return
    raise ValueError(name)


def _draw_redraw_grid30(img: Image.Image, L: dict[str, Any], kind: str, rng: random.Random) -> None:
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    if kind == "cereal_box":  # printed in navy: thin lines a soft blue-grey, heavy lines navy
        thin_c, major_c = (120, 130, 160), (18, 26, 76)
        thin, wd = max(1, round(s / 28)), max(2, round(s / 11))
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
        return
    # stitched_sampler: back-stitched lines, a short stitch per weave unit with a tiny gap where the needle went in
    u = max(3.0, s / 4)
    for k, (coords, n, other) in enumerate(((xs, cols, ys), (ys, rows, xs))):
        for i, c in enumerate(coords):
            big = _major(i, n)
            colour = (44, 38, 74) if big else (112, 104, 136)
            wd = max(2, round(s / 12)) if big else max(1, round(s / 30))
            t = other[0]
            while t < other[-1] - 0.5:
                t1 = min(t + u, other[-1])
                seg = [(c, t + 0.6), (c, t1 - 0.6)] if k == 0 else [(t + 0.6, c), (t1 - 0.6, c)]
                d.line(seg, fill=colour, width=wd)
                t = t1


HEART = ("0110110", "1111111", "1111111", "0111110", "0011100", "0001000")


def _dashes(d: ImageDraw.ImageDraw, box, dash: float, gap: float, fill, width: int) -> None:
    """A rectangle drawn as a dashed line (a cut line, a running stitch)."""
    x0, y0, x1, y1 = box
    for (ax, ay), (bx, by) in (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))):
        ln = math.hypot(bx - ax, by - ay)
        t = 0.0
        while t < ln:
            t1 = min(ln, t + dash)
            d.line([(ax + (bx - ax) * t / ln, ay + (by - ay) * t / ln), (ax + (bx - ax) * t1 / ln,
                                                                         ay + (by - ay) * t1 / ln)],
                   fill=fill, width=width)
            t = t1 + gap


def _fit_text(name: str, text: str, px: int, width: float):
    font = _font(name, px)
    while px > 8 and font.getlength(text) > width:
        px -= 1
        font = _font(name, px)
    return font


def _redraw_whole30(layout: dict[str, Any], style: Style30, row_vals, col_vals, rng: random.Random,
                    target: tuple[int, int]) -> tuple[Image.Image, dict[str, Any]]:
    """The whole puzzle drawn anew (``style.redraw``): its own canvas, cell size, clue layout and margins. Returns the
    page (clues, no marks, no grid yet) and its geometry."""
    kind = style.redraw
    rows, cols = layout["rows"], layout["cols"]
    base = layout["cell_px"] * rng.uniform(0.9, 0.98) * 0.92
    cws, chs = [base] * cols, [base] * rows
    pixel = kind == "stitched_sampler"  # the pixel face stays crisp at whole multiples of its 8-pixel design
    ref = _digit_h(_font(INPUT_FONT, layout["clue_font_px"]))
    px = _px_for(style.clue_font, ref * rng.uniform(*style.clue_scale))
    if pixel:
        px = max(8, round(px / 8) * 8)
    font = _font(style.clue_font, px)
    while px > 8 and max(_ink_w(font, t) for v in col_vals for t in v) > 0.8 * base:
        px -= 8 if pixel else 1
        font = _font(style.clue_font, px)
    dh = _digit_h(font)
    gapn, slot = dh * rng.uniform(0.75, 0.9), dh * rng.uniform(1.5, 1.65)
    row_w = max(sum(_ink_w(font, t) for t in v) + gapn * (len(v) - 1) for v in row_vals)
    col_h = max(len(v) for v in col_vals) * slot
    pad = 0.45 * base
    gw, gh = sum(cws), sum(chs)
    pw, ph = row_w + pad * 1.4 + gw, col_h + pad * 1.4 + gh  # the puzzle: clues and grid
    if kind == "cereal_box":
        pm = 0.6 * base  # the white panel's margin round the puzzle
        panel_w, panel_h = pw + 2 * pm, ph + 2 * pm
        ban = 1.5 * base
        side = max(0.8 * base, (0.92 * target[0] - panel_w) / 2)
        foot = 1.2 * base
        W, H = round(panel_w + 2 * side), round(0.25 * base + ban + 0.5 * base + panel_h + foot)
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        ang = np.arctan2(yy - 0.12 * H, xx - 0.15 * W)
        wedge = (np.floor(ang / (math.pi / 14)) % 2).astype(bool)
        bg = np.where(wedge[..., None], np.array((252, 198, 52), np.float32), np.array((246, 176, 38), np.float32))
        img = Image.fromarray(bg.astype(np.uint8))
        d = ImageDraw.Draw(img)
        top = 0.25 * base
        wave = [(x, top + 0.12 * base * math.sin(x / W * 3 * math.pi)) for x in np.linspace(0, W, 40)]
        d.polygon(wave + [(x, y + ban) for x, y in reversed(wave)], fill=(212, 38, 48))
        d.line(wave, fill=(140, 20, 30), width=2)
        d.line([(x, y + ban) for x, y in wave], fill=(140, 20, 30), width=2)
        tf = _fit_text(UI_BOLD, "PUZZLE TIME!", round(ban * 0.52), W * 0.8)
        d.text((W / 2, top + ban / 2), "PUZZLE TIME!", font=tf, fill=WHITE, anchor="mm", stroke_width=2,
               stroke_fill=(110, 16, 26))
        py0 = top + ban + 0.5 * base
        for _ in range(6):  # small stars on the box's sides, off the panel
            sx = rng.choice((rng.uniform(0.1, 0.8) * side, W - rng.uniform(0.2, 0.9) * side))
            sy = rng.uniform(py0 + 0.2 * base, py0 + panel_h - 0.2 * base)
            d.polygon(_star(sx, sy, 0.22 * min(side, base), -math.pi / 2), fill=(255, 244, 190))
        cut = 0.16 * base
        d.rounded_rectangle([side - cut, py0 - cut, side + panel_w + cut, py0 + panel_h + cut], radius=0.35 * base,
                            fill=(255, 236, 170))
        _dashes(d, (side - cut, py0 - cut, side + panel_w + cut, py0 + panel_h + cut), 0.22 * base, 0.13 * base,
                (70, 60, 60), 2)
        d.rounded_rectangle([side, py0, side + panel_w, py0 + panel_h], radius=0.3 * base, fill=(253, 252, 248))
        ff = _fit_text(UI_BOLD, FOOT_TEXT, round(0.32 * base), W - 0.6 * base)
        d.text((W / 2, py0 + panel_h + foot * 0.6), FOOT_TEXT, font=ff, fill=(120, 36, 18), anchor="mm")
        gx0, gy0 = side + pm + row_w + pad * 1.4, py0 + pm + col_h + pad * 1.4
        keep = [side + pm - 4, py0 + pm - 4, gx0 + gw + 4, gy0 + gh + 4]
    else:  # stitched_sampler: aida cloth, a stitched title, a running-stitch border and two small hearts
        cm = 0.9 * base
        tpx = max(8, round(0.6 * base / 8) * 8)
        tf = _font(style.clue_font, tpx)
        th = tpx * 1.6
        W = round(max(pw + 2 * cm, 0.8 * target[0], tf.getlength("PICTURE LOGIC") + 2 * cm))
        ps = max(2, round(base / 10))
        H = round(0.6 * cm + th + ph + 0.5 * cm + 6 * ps + cm)
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        u = max(3.0, base / 5.5)
        cloth = np.empty((H, W, 3), np.float32)
        cloth[:] = (238, 230, 208)
        g = _nrng(rng)
        cloth *= (1 + 0.015 * _blurred_noise(g, H, W, 1.0))[..., None]
        holes = ((xx % u) < 1) & ((yy % u) < 1)
        cloth[holes] *= 0.94
        img = Image.fromarray(np.clip(cloth, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        d.text((W / 2, 0.6 * cm + th / 2), "PICTURE LOGIC", font=tf, fill=(156, 40, 52), anchor="mm")
        b = 0.35 * base
        _dashes(d, (b, b, W - b, H - b), 0.25 * base, 0.15 * base, (40, 110, 70), 2)
        for hx in (b + 0.4 * base, W - b - 0.4 * base - 7 * ps):
            hy = H - b - 0.3 * base - 6 * ps
            for j, line in enumerate(HEART):
                for i, ch in enumerate(line):
                    if ch == "1":
                        d.rectangle([hx + i * ps, hy + j * ps, hx + (i + 1) * ps - 1, hy + (j + 1) * ps - 1],
                                    fill=(190, 44, 60))
        ex = (W - 2 * cm - pw) / 2
        gx0, gy0 = cm + ex + row_w + pad * 1.4, 0.6 * cm + th + col_h + pad * 1.4
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


def _rot_size(h: int, w: int, deg: float) -> tuple[int, int]:
    """The size (height, width) of an (h, w) picture rotated by ``deg`` as :func:`_on_table` rotates it."""
    c, s_ = abs(math.cos(math.radians(deg))), abs(math.sin(math.radians(deg)))
    return int(h * c + w * s_) + 2, int(h * s_ + w * c) + 2


def _shadow(canvas: np.ndarray, lay: Image.Image, dx: float, dy: float, blur: float, k: float) -> np.ndarray:
    """``canvas`` darkened under the shapes of ``lay`` moved by (dx, dy) and blurred."""
    m = _m(lay)
    M = np.float32([[1, 0, dx], [0, 1, dy]])
    m = cv2.warpAffine(m, M, (m.shape[1], m.shape[0]))
    return canvas * (1 - k * cv2.GaussianBlur(m, (0, 0), max(0.8, blur)))[..., None]


def _rotated(pts, cx: float, cy: float, ang: float, unit: float) -> list[tuple[float, float]]:
    ca, sa = math.cos(ang), math.sin(ang)
    return [(cx + unit * (u * ca - v * sa), cy + unit * (u * sa + v * ca)) for u, v in pts]


def _circle(cu: float, cv: float, r: float, n: int = 24) -> list[tuple[float, float]]:
    return [(cu + r * math.cos(t), cv + r * math.sin(t)) for t in np.linspace(0, 2 * math.pi, n, endpoint=False)]


KEY_TEETH = [(1.3, 0.13), (1.4, 0.3), (1.55, 0.2), (1.7, 0.33), (1.85, 0.18), (2.0, 0.3), (2.15, 0.22), (2.3, 0.13)]


def _page30(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    big = max(h, w)
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "lamppost_flyer":  # a flyer taped to a green lamp post, tear-off tabs below the puzzle, one torn off
        mb = round(0.17 * h)
        page = Image.fromarray(_extend(a, bottom=mb))
        Wp, Hp = page.size
        d = ImageDraw.Draw(page)
        y_cut = h + 0.02 * h
        n_tabs = 7
        tw = Wp / n_tabs
        for x in range(0, Wp, 9):
            d.line([(x, y_cut), (x + 5, y_cut)], fill=(150, 150, 156))
        lab_w, lab_h = round(Hp - y_cut - 0.12 * mb), max(8, round(tw * 0.6))
        tf = _fit_text(UI_BOLD, "PUZZLE CLUB", round(lab_h * 0.7), lab_w * 0.92)
        lab = Image.new("L", (lab_w, lab_h), 0)
        ImageDraw.Draw(lab).text((lab_w / 2, lab_h / 2), "PUZZLE CLUB", font=tf, fill=255, anchor="mm")
        lab = lab.rotate(90, expand=True)
        for k in range(n_tabs):
            if k:
                d.line([(k * tw, y_cut), (k * tw, Hp)], fill=(130, 130, 136), width=1)
            page.paste((50, 54, 70), (round(k * tw + (tw - lab.width) / 2),
                                      round(y_cut + (Hp - y_cut - lab.height) / 2)), lab)
        alpha = np.ones((Hp, Wp), np.float32)
        torn = rng.randrange(1, n_tabs - 1)
        x_a, x_b = int(torn * tw) + 1, int((torn + 1) * tw)
        stub = np.cumsum([rng.choice((-1, 0, 0, 1)) for _ in range(x_b - x_a)])  # the torn tab's ragged stub
        for x, k in zip(range(x_a, x_b), np.clip(stub + 3, 1, 6)):
            alpha[int(y_cut) + 1 + int(k):, x] = 0
        M = round(0.08 * big)
        H, W = Hp + 2 * M, Wp + 2 * M
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        top, bot = np.array((156, 172, 190), np.float32), np.array((92, 94, 90), np.float32)
        canvas = top + (bot - top) * (yy / H)[..., None]
        blobs = np.zeros((H, W), np.float32)
        for _ in range(9):
            bx, by, br = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0.03, 0.08) * big
            blobs += np.exp(-((xx - bx) ** 2 + (yy - by) ** 2) / (2 * br * br)) * rng.uniform(-0.25, 0.35)
        canvas *= (1 + blobs)[..., None]
        pc, pr = M + Wp * rng.uniform(0.42, 0.58), 0.14 * Wp
        u = np.clip((xx - pc) / pr, -1, 1)
        pole = np.abs(xx - pc) < pr
        shade = 0.55 + 0.6 * np.sqrt(1 - u ** 2) * (1 - 0.4 * u)
        canvas[pole] = (np.array((42, 86, 60), np.float32) * shade[..., None])[pole]
        sh = np.zeros((H, W), np.float32)
        sh[M + 6:M + 6 + Hp, M + 4:M + 4 + Wp] = alpha
        canvas *= (1 - 0.4 * cv2.GaussianBlur(sh, (0, 0), 5))[..., None]
        region = canvas[M:M + Hp, M:M + Wp]
        canvas[M:M + Hp, M:M + Wp] = region * (1 - alpha[..., None]) + np.asarray(page, np.float32) * alpha[..., None]
        img = Image.fromarray(np.clip(canvas, 0, 255).astype(np.uint8))
        lay, ld = _layer(W, H)
        tl = 0.09 * big
        for cx in (M, M + Wp):  # clear tape across the two top corners
            ang = math.radians(45 if cx == M else -45)
            ld.polygon(_rotated([(-0.5, -0.18), (0.5, -0.18), (0.5, 0.18), (-0.5, 0.18)], cx, M, ang, tl), fill=255)
        tape = _m(lay) * 0.32
        arr = np.asarray(img, np.float32)
        arr = arr * (1 - tape[..., None]) + np.array((244, 242, 228), np.float32) * tape[..., None]
        out = _noisy(arr, g, 1.8)
        return _perspective(out, rng.uniform(0.02, 0.04), (120, 130, 140))
    if e == "document_camera":  # the page in a document camera's viewer app: a title bar, a toolbar, a zoom slider
        feed = a.astype(np.float32)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        r2 = ((xx - w / 2) / (w / 2)) ** 2 + ((yy - h / 2) / (h / 2)) ** 2
        feed = feed * (1.03 - 0.08 * r2)[..., None] * np.array((0.97, 1.0, 1.05), np.float32)
        feed = cv2.GaussianBlur(np.clip(feed, 0, 255), (0, 0), 0.6)
        M = round(0.04 * big)
        desk = _surface(g, h + 2 * M + 90, w + 2 * M + 90, (150, 152, 150), 0.03, 3)
        on = _noisy(_on_table(feed.astype(np.uint8), desk, rng.uniform(-1.5, 1.5), (M, M), 0.25, g), g, 2.2)
        oh, ow = on.shape[:2]
        tb, rt, bb = round(0.075 * big), round(0.1 * big), round(0.06 * big)
        W, H = ow + rt, tb + oh + bb
        img = Image.new("RGB", (W, H), (34, 36, 42))
        img.paste(Image.fromarray(on), (0, tb))
        d = ImageDraw.Draw(img)
        tf = _font(UI_BOLD, max(11, round(tb * 0.34)))
        d.text((tb * 0.4, tb / 2), "Visualiser", font=tf, fill=(226, 228, 234), anchor="lm")
        lx = tb * 0.4 + tf.getlength("Visualiser") + tb * 0.4
        lf = _font(UI_BOLD, max(9, round(tb * 0.26)))
        lw_ = lf.getlength("LIVE") + tb * 0.4
        d.rounded_rectangle([lx, tb * 0.28, lx + lw_, tb * 0.72], radius=tb * 0.2, fill=(214, 44, 50))
        d.text((lx + lw_ / 2, tb / 2), "LIVE", font=lf, fill=WHITE, anchor="mm")
        for k, c in enumerate(((236, 96, 90), (240, 190, 70), (96, 190, 96))):
            x = W - tb * 0.4 - k * tb * 0.45
            d.ellipse([x - tb * 0.13, tb / 2 - tb * 0.13, x + tb * 0.13, tb / 2 + tb * 0.13], fill=c)
        ink = (222, 226, 234)
        lwi = max(2, round(rt * 0.05))
        for k in range(5):
            cx, cy = ow + rt / 2, tb + rt * (0.7 + 1.15 * k)
            R = rt * 0.36
            d.ellipse([cx - R, cy - R, cx + R, cy + R], fill=(56, 60, 72))
            q = R * 0.5
            if k in (0, 1):  # zoom in and out: a magnifier with a plus or a minus
                d.ellipse([cx - q, cy - q, cx + q * 0.4, cy + q * 0.4], outline=ink, width=lwi)
                d.line([(cx + q * 0.3, cy + q * 0.3), (cx + q, cy + q)], fill=ink, width=lwi + 1)
                d.line([(cx - q * 0.6, cy - q * 0.3), (cx, cy - q * 0.3)], fill=ink, width=max(1, lwi - 1))
                if k == 0:
                    d.line([(cx - q * 0.3, cy - q * 0.6), (cx - q * 0.3, cy)], fill=ink, width=max(1, lwi - 1))
            elif k == 2:  # rotate: an open arc with an arrowhead
                d.arc([cx - q, cy - q, cx + q, cy + q], 40, 320, fill=ink, width=lwi)
                head = [(cx + q * 0.95, cy - q * 0.9), (cx + q * 1.05, cy - q * 0.15), (cx + q * 0.35, cy - q * 0.4)]
                d.polygon(head, fill=ink)
            elif k == 3:  # freeze: a snowflake of three bars
                for t in range(3):
                    an = t * math.pi / 3
                    d.line([(cx - q * math.cos(an), cy - q * math.sin(an)), (cx + q * math.cos(an),
                                                                             cy + q * math.sin(an))],
                           fill=ink, width=lwi)
            else:  # capture: a camera body with its lens
                d.rounded_rectangle([cx - q, cy - q * 0.6, cx + q, cy + q * 0.7], radius=q * 0.2, outline=ink,
                                    width=lwi)
                d.ellipse([cx - q * 0.4, cy - q * 0.35, cx + q * 0.4, cy + q * 0.45], outline=ink, width=lwi)
        by0 = tb + oh
        zf = _font(UI_FONT, max(9, round(bb * 0.36)))
        d.text((bb * 0.5, by0 + bb / 2), "Zoom", font=zf, fill=(200, 204, 212), anchor="lm")
        sx0, sx1 = bb * 0.5 + zf.getlength("Zoom") + bb * 0.5, min(W - bb, ow * 0.6)
        d.line([(sx0, by0 + bb / 2), (sx1, by0 + bb / 2)], fill=(120, 126, 140), width=max(2, round(bb * 0.08)))
        kx = sx0 + (sx1 - sx0) * rng.uniform(0.3, 0.6)
        d.ellipse([kx - bb * 0.18, by0 + bb * 0.32, kx + bb * 0.18, by0 + bb * 0.68], fill=(230, 232, 238))
        return np.asarray(img)
    if e == "piano_lid":  # the page on a black piano lid: a broad sheen and the page's soft blurred reflection
        M, rh = round(0.07 * big), round(0.2 * h)
        H, W = h + 2 * M + rh, w + 2 * M
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        lid = np.empty((H, W, 3), np.float32)
        lid[:] = (16, 15, 18)
        lid *= (0.8 + 0.4 * yy / H)[..., None]
        lid += (38 * np.exp(-((xx * 0.5 + yy - H * rng.uniform(0.3, 0.5)) / (0.08 * H)) ** 2))[..., None]
        win = np.zeros((H, W), np.float32)
        win[int(0.05 * H):int(0.3 * H), int(0.7 * W):int(0.8 * W)] = 1
        win[int(0.05 * H):int(0.3 * H), int(0.83 * W):int(0.93 * W)] = 1
        lid += (20 * cv2.GaussianBlur(win, (0, 0), 0.02 * big))[..., None]
        lid[M:M + h, M:M + w] = a
        refl = cv2.GaussianBlur(a[::-1][:rh].astype(np.float32), (0, 0), max(6.0, 0.025 * big))
        fade = (0.2 * (1 - np.arange(rh, dtype=np.float32) / rh) ** 1.5)[:, None, None]
        y0 = M + h + 2
        n = min(rh, H - y0)
        lid[y0:y0 + n, M:M + w] = lid[y0:y0 + n, M:M + w] * (1 - fade[:n]) + refl[:n] * fade[:n]
        lid[M + h:M + h + 2, M:M + w] *= 0.4
        out = _noisy(lid, g, 1.6)
        return _perspective(out, rng.uniform(0.03, 0.05), (14, 14, 16))
    if e == "lace_doily":  # the page on a round lace doily, the doily on a walnut table
        M = round(0.12 * big)
        deg = rng.uniform(-3.0, 3.0)
        Hr, Wr = _rot_size(h, w, deg)
        H, W = Hr + 2 * M, Wr + 2 * M
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        table = _surface(g, H, W, (92, 60, 40), 0.05, 2)
        table *= (0.9 + 0.1 * np.sin(xx / 6 + 3 * _blurred_noise(g, H, W, 20)))[..., None]
        cx, cy = W / 2, H / 2
        R = min(0.46 * math.hypot(w, h), 0.5 * min(H, W) + 0.1 * M)
        rr, th = np.hypot(xx - cx, yy - cy), np.arctan2(yy - cy, xx - cx)
        edge = R * (1 + 0.035 * np.cos(th * 28))
        pitch = 0.06 * R
        ring = np.floor(rr / pitch)
        f = (rr / pitch) % 1
        hole = (np.abs(f - 0.5) < 0.2) & (np.cos(th * 6 * (ring + 1) + ring) > 0.35) & (rr > 0.25 * R)
        pic = (np.hypot(rr - edge * 0.94, 0) < 0.018 * R) & (np.cos(th * 56) > 0)
        inside = (rr < edge) & ~hole & ~pic
        alpha = cv2.GaussianBlur(inside.astype(np.float32), (0, 0), 0.7)
        doily = np.array((246, 244, 236), np.float32)
        table *= (1 - 0.3 * cv2.GaussianBlur((rr < edge).astype(np.float32), (0, 0), 6))[..., None]
        bg = table * (1 - alpha[..., None]) + doily * alpha[..., None]
        bg = np.pad(bg, ((0, 90), (0, 90), (0, 0)), mode="edge")
        out = _on_table(a, bg, deg, (M, M), 0.25, g)
        return _noisy(out, g, 1.8)
    if e == "charred_edges":  # the widened margins charred: a ragged burnt edge, a black rim, a brown scorch
        ex = round(0.06 * big)
        page = _extend(a, ex, ex, ex, ex).astype(np.float32)
        Hp, Wp = page.shape[:2]
        yy, xx = np.mgrid[0:Hp, 0:Wp].astype(np.float32)
        across = np.minimum.reduce([xx, yy, Wp - 1 - xx, Hp - 1 - yy])
        rag = 0.7 * _blurred_noise(g, Hp, Wp, 0.12 * ex) + 0.3 * _blurred_noise(g, Hp, Wp, 0.03 * ex)
        eff = across + 0.22 * ex * np.clip(rag, -1, 1)
        alpha = np.clip((eff - 0.28 * ex) / 1.5, 0, 1)
        char = np.clip(1 - (eff - 0.36 * ex) / (0.1 * ex), 0, 1)
        scorch = np.clip(1 - (eff - 0.3 * ex) / (0.42 * ex), 0, 1) ** 1.2
        page = page * (1 - scorch[..., None] * 0.8) + np.array((120, 74, 34), np.float32) * (scorch * 0.8)[..., None]
        page = page * (1 - char[..., None]) + np.array((28, 20, 16), np.float32) * char[..., None]
        M = round(0.06 * big)
        H, W = Hp + 2 * M, Wp + 2 * M
        canvas = _surface(g, H, W, (60, 64, 68), 0.06, 2)
        sh = np.zeros((H, W), np.float32)
        sh[M + 6:M + 6 + Hp, M + 5:M + 5 + Wp] = alpha
        canvas *= (1 - 0.4 * cv2.GaussianBlur(sh, (0, 0), 6))[..., None]
        region = canvas[M:M + Hp, M:M + Wp]
        canvas[M:M + Hp, M:M + Wp] = region * (1 - alpha[..., None]) + page * alpha[..., None]
        out = _noisy(canvas, g, 1.8)
        return _perspective(out, rng.uniform(0.02, 0.04), (58, 62, 66))
    if e == "keys_margin":  # a key ring with two keys lying on the widened right margin
        mr = round(0.3 * w)
        page = _extend(a, right=mr)
        Hp, Wp = page.shape[:2]
        x0 = _free_x(L, w)
        R = 0.25 * (Wp - x0)
        cx, cy = x0 + (Wp - x0) * 0.5, Hp * rng.uniform(0.25, 0.45)
        shapes = []  # (polygon, colour) in drawing order
        for k, metal in enumerate(((196, 160, 84), (178, 182, 190))):
            phi = math.radians(rng.uniform(72, 86) if k == 0 else rng.uniform(96, 110))
            hx, hy = cx + 0.6 * R * math.cos(phi), cy + 0.6 * R * math.sin(phi)
            bx, by = hx + 0.2 * R * math.cos(phi), hy + 0.2 * R * math.sin(phi)
            shapes.append((_rotated(_circle(0, 0, 0.55), bx, by, phi, R), metal))
            shapes.append((_rotated([(0.4, -0.13), (2.3, -0.13)] + KEY_TEETH[::-1], bx, by, phi, R), metal))
            shapes.append((_rotated(_circle(-0.2, 0, 0.14, 16), bx, by, phi, R), None))
        lay, ld = _layer(Wp, Hp)
        for poly, col_ in shapes:
            if col_:
                ld.polygon(poly, fill=255)
        ld.ellipse([cx - 0.6 * R, cy - 0.6 * R, cx + 0.6 * R, cy + 0.6 * R], outline=255, width=max(3, round(R * 0.1)))
        pa = _shadow(page.astype(np.float32), lay, 0.05 * R, 0.08 * R, 0.05 * R, 0.4)
        img = Image.fromarray(np.clip(pa, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        for poly, col_ in shapes:
            if col_:
                d.polygon(poly, fill=col_, outline=tuple(int(v * 0.6) for v in col_))
            else:
                d.polygon(poly, fill=tuple(int(v) for v in page[2, 2]))
        d.ellipse([cx - 0.6 * R, cy - 0.6 * R, cx + 0.6 * R, cy + 0.6 * R], outline=(150, 152, 160),
                  width=max(3, round(R * 0.1)))
        d.arc([cx - 0.6 * R, cy - 0.6 * R, cx + 0.6 * R, cy + 0.6 * R], 200, 280, fill=(230, 232, 238),
              width=max(1, round(R * 0.04)))
        M = round(0.05 * big)
        bg = _surface(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (132, 120, 108), 0.04, 3)
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _noisy(out, g, 1.8)
    if e == "maple_leaf_margin":  # a red-orange maple leaf lying on the widened left margin
        ml = round(0.28 * w)
        page = _extend(a, left=ml)
        Hp, Wp = page.shape[:2]
        Rl = 0.4 * ml
        cx, cy = ml * 0.5, Hp * rng.uniform(0.3, 0.7)
        th0 = rng.uniform(-0.4, 0.4) - math.pi / 2  # the middle lobe's direction
        pts = []
        for t in np.linspace(0, 2 * math.pi, 200, endpoint=False):
            r = Rl * (0.42 + 0.58 * abs(math.cos(2.5 * (t - th0))) ** 0.8) * (1 + 0.06 * math.sin(t * 26))
            if abs(((t - th0 - math.pi) + math.pi) % (2 * math.pi) - math.pi) < 0.45:
                r *= 0.45  # the notch where the stem joins
            pts.append((cx + r * math.cos(t), cy + r * math.sin(t)))
        stem = [(cx, cy), (cx - 0.9 * Rl * math.cos(th0), cy - 0.9 * Rl * math.sin(th0))]
        lay, ld = _layer(Wp, Hp)
        ld.polygon(pts, fill=255)
        ld.line(stem, fill=255, width=max(2, round(Rl * 0.05)))
        pa = _shadow(page.astype(np.float32), lay, 0.06 * Rl, 0.1 * Rl, 0.06 * Rl, 0.35)
        yy, xx = np.mgrid[0:Hp, 0:Wp].astype(np.float32)
        t_ = np.clip(np.hypot(xx - cx, yy - cy) / Rl, 0, 1)[..., None]
        leaf = np.array((214, 80, 30), np.float32) * (1 - t_) + np.array((232, 164, 48), np.float32) * t_
        m = _m(lay)[..., None]
        pa = pa * (1 - m) + leaf * m
        img = Image.fromarray(np.clip(pa, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        d.line(stem, fill=(120, 60, 24), width=max(2, round(Rl * 0.05)))
        for k in range(-2, 3):  # a vein to each lobe's tip
            an = th0 + k * 0.4 * math.pi
            d.line([(cx, cy), (cx + 0.8 * Rl * math.cos(an), cy + 0.8 * Rl * math.sin(an))], fill=(160, 54, 22),
                   width=max(1, round(Rl * 0.03)))
        M = round(0.05 * big)
        bg = _surface(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (196, 164, 120), 0.04, 3)
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _noisy(out, g, 1.8)
    if e == "ribbon_bookmark":  # a satin ribbon bookmark lying down the widened right margin, its end cut in a V
        mr = round(0.1 * w)
        page = _extend(a, right=mr).astype(np.float32) * np.array((1.0, 0.985, 0.95), np.float32)
        Hp, Wp = page.shape[:2]
        xl = max(_free_x(L, w) + 2, w + 0.15 * mr)
        rw = max(6.0, min(0.6 * mr, Wp - xl - 0.1 * mr))
        y_end = Hp * rng.uniform(0.6, 0.8)
        yy, xx = np.mgrid[0:Hp, 0:Wp].astype(np.float32)
        xc = xl + rw / 2 + 0.05 * mr * np.sin(yy / Hp * 2 * math.pi + rng.uniform(0, 3))
        u = (xx - (xc - rw / 2)) / rw
        notch = y_end - 0.6 * rw * (1 - np.abs(u - 0.5) * 2)
        rib = (u >= 0) & (u <= 1) & (yy < notch)
        lay = Image.fromarray((rib * 255).astype(np.uint8))
        page = _shadow(page, lay, 0.25 * rw, 0.1 * rw, 0.15 * rw, 0.35)
        tone = 0.72 + 0.5 * np.exp(-((u - 0.35) / 0.15) ** 2)
        colour = np.array((150, 26, 44), np.float32) * tone[..., None]
        page = np.where(rib[..., None], colour, page)
        M = round(0.05 * big)
        bg = _surface(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (84, 58, 40), 0.05, 2)
        out = _on_table(np.clip(page, 0, 255).astype(np.uint8), bg, rng.uniform(-1.5, 1.5), (M, M), 0.35, g)
        return _noisy(out, g, 1.8)
    if e == "chessboard_table":  # the page on a wooden chess board, a pawn standing beside it
        M = round(0.14 * big)
        deg = rng.uniform(-5.0, 5.0)
        Hr, Wr = _rot_size(h, w, deg)
        H, W = Hr + 2 * M + 90, Wr + 2 * M + 90
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        q = 0.11 * big
        dark = ((np.floor(xx / q) + np.floor(yy / q)) % 2).astype(bool)
        bg = np.where(dark[..., None], np.array((120, 78, 46), np.float32), np.array((232, 208, 164), np.float32))
        bg *= (1 + 0.05 * np.sin(xx / 5 + 2 * _blurred_noise(g, H, W, 15)))[..., None]
        out = _on_table(a, bg, deg, (M, M), 0.35, g)
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        px_, py_ = M + Wr + 0.5 * M, M + Hr * rng.uniform(0.55, 0.8)
        ph = 0.75 * M
        pw = 0.42 * M
        lay, ld = _layer(img.size[0], img.size[1])
        body = [(px_ - pw / 2, py_ + ph / 2), (px_ + pw / 2, py_ + ph / 2), (px_ + pw * 0.18, py_ - ph * 0.1),
                (px_ - pw * 0.18, py_ - ph * 0.1)]
        ld.polygon(body, fill=255)
        ld.ellipse([px_ - pw * 0.3, py_ - ph * 0.5, px_ + pw * 0.3, py_ - ph * 0.5 + pw * 0.6], fill=255)
        arr = _shadow(np.asarray(img, np.float32), lay, 0.25 * pw, 0.05 * pw, 0.12 * pw, 0.45)
        img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        pc = (34, 28, 26)
        d.polygon(body, fill=pc)
        d.ellipse([px_ - pw * 0.55, py_ + ph * 0.38, px_ + pw * 0.55, py_ + ph * 0.58], fill=pc)
        d.ellipse([px_ - pw * 0.32, py_ - ph * 0.16, px_ + pw * 0.32, py_ - ph * 0.04], fill=pc)
        d.ellipse([px_ - pw * 0.3, py_ - ph * 0.5, px_ + pw * 0.3, py_ - ph * 0.5 + pw * 0.6], fill=pc)
        d.ellipse([px_ - pw * 0.16, py_ - ph * 0.44, px_ - pw * 0.04, py_ - ph * 0.32], fill=(120, 110, 104))
        return _noisy(np.asarray(img, np.float32), g, 1.8)
    if e == "beach_towel":  # the page on a striped beach towel with grains of sand, in bright sun
        M = round(0.1 * big)
        H, W = h + 2 * M + 90, w + 2 * M + 90
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        bands = [(40, 170, 190), (250, 250, 246), (236, 100, 90), (250, 206, 80)]
        k = (np.floor((yy + 0.3 * xx) / (0.12 * big)) % 4).astype(np.int64)
        towel = np.array(bands, np.float32)[k]
        towel *= (1 + 0.07 * g.standard_normal((H, W)).astype(np.float32) + 0.03 * _blurred_noise(g, H, W, 1.5))[
            ..., None]
        sand = g.random((H, W)) > 0.994
        towel[sand] = np.array((214, 190, 140), np.float32) * g.uniform(0.8, 1.05, (int(sand.sum()), 1))
        out = _on_table(a, towel, rng.uniform(-3.0, 3.0), (M, M), 0.35, g)
        out = out * np.array((1.04, 1.0, 0.94), np.float32) + 6
        return _noisy(out, g, 2.0)
    if e == "breakfast_table":  # the cereal box on a breakfast table: its side in view, a bowl of flakes, a spoon
        sw = round(0.07 * w)
        side = np.asarray(a[:, :4].reshape(-1, 3).mean(axis=0) * 0.7, np.float32)
        box = np.concatenate([np.broadcast_to(side, (h, sw, 3)), a.astype(np.float32)], axis=1)
        M = round(0.05 * big)
        bw = round(0.5 * w)
        H, W = h + 2 * M, sw + w + bw + 2 * M
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        cloth = np.empty((H, W, 3), np.float32)
        cloth[:] = (200, 218, 236)
        cloth[(xx % 22) < 3] = (232, 240, 248)
        cloth *= (1 + 0.03 * _blurred_noise(g, H, W, 1.2))[..., None]
        sh = np.zeros((H, W), np.float32)
        sh[M + 4:M + 4 + h, M + 10:M + 10 + sw + w] = 1
        cloth *= (1 - 0.45 * cv2.GaussianBlur(sh, (0, 0), 9))[..., None]
        cloth[M:M + h, M:M + sw + w] = box
        img = Image.fromarray(np.clip(cloth, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        bx, by = M + sw + w + bw * 0.52, M + h * rng.uniform(0.55, 0.7)
        rx, ry = bw * 0.4, bw * 0.28
        d.ellipse([bx - rx + 6, by - ry + 10, bx + rx + 6, by + ry + 10], fill=(150, 160, 176))
        d.ellipse([bx - rx, by - ry, bx + rx, by + ry], fill=(250, 250, 252), outline=(196, 200, 210), width=2)
        d.ellipse([bx - rx * 0.82, by - ry * 0.78, bx + rx * 0.82, by + ry * 0.78], fill=(246, 244, 236))
        for _ in range(22):
            fx, fy = bx + rng.uniform(-0.62, 0.62) * rx, by + rng.uniform(-0.5, 0.5) * ry
            fr = rng.uniform(0.05, 0.09) * rx
            flake = [(fx + fr * rng.uniform(0.6, 1.2) * math.cos(t), fy + fr * rng.uniform(0.6, 1.2) * math.sin(t))
                     for t in np.linspace(0, 2 * math.pi, 7, endpoint=False)]
            d.polygon(flake, fill=(206, 150, 62), outline=(170, 112, 40))
        sx, sy = bx + rx * 0.5, by - ry * 0.2
        d.line([(sx, sy), (sx + rx * 0.5, sy + ry * 1.3)], fill=(186, 190, 198), width=max(4, round(rx * 0.08)))
        d.ellipse([sx - rx * 0.14, sy - ry * 0.2, sx + rx * 0.14, sy + ry * 0.2], fill=(200, 204, 212))
        out = _noisy(np.asarray(img, np.float32), g, 1.8)
        return _perspective(out, rng.uniform(0.02, 0.04), (180, 196, 214))
    if e == "wallpaper_hang":  # the sampler framed, hung by a cord from a nail on a striped wallpapered wall
        fw = round(0.05 * big)
        Hf, Wf = h + 2 * fw, w + 2 * fw
        M = round(0.12 * big)
        H, W = Hf + 2 * M, Wf + 2 * M
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        sp = 0.05 * big
        wall = np.where((((xx // sp) % 2) == 0)[..., None], np.array((206, 214, 196), np.float32),
                        np.array((194, 204, 184), np.float32))
        motif = (np.abs((xx % sp) - sp / 2) + np.abs((yy % (2 * sp)) - sp) < sp * 0.12) & (((xx // sp) % 2) == 1)
        wall[motif] = (216, 222, 206)
        wall *= (1 + 0.02 * _blurred_noise(g, H, W, 2))[..., None]
        sh = np.zeros((H, W), np.float32)
        sh[M + 10:M + 10 + Hf, M + 8:M + 8 + Wf] = 1
        wall *= (1 - 0.4 * cv2.GaussianBlur(sh, (0, 0), 9))[..., None]
        img = Image.fromarray(np.clip(wall, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        nx, ny = W / 2, M * 0.3
        d.line([(M + fw, M + fw * 0.5), (nx, ny), (M + Wf - fw, M + fw * 0.5)], fill=(96, 84, 70), width=2)
        d.ellipse([nx - 4, ny - 4, nx + 4, ny + 4], fill=(70, 70, 74))
        x0, y0, x1, y1 = M, M, M + Wf, M + Hf
        for poly, c in (([(x0, y0), (x1, y0), (x1 - fw, y0 + fw), (x0 + fw, y0 + fw)], (176, 126, 74)),
                        ([(x0, y0), (x0 + fw, y0 + fw), (x0 + fw, y1 - fw), (x0, y1)], (152, 104, 60)),
                        ([(x1, y0), (x1, y1), (x1 - fw, y1 - fw), (x1 - fw, y0 + fw)], (112, 74, 42)),
                        ([(x0, y1), (x0 + fw, y1 - fw), (x1 - fw, y1 - fw), (x1, y1)], (98, 64, 36))):
            d.polygon(poly, fill=c)
        d.rectangle([x0 + fw - 2, y0 + fw - 2, x1 - fw + 1, y1 - fw + 1], outline=(60, 40, 24), width=2)
        img.paste(Image.fromarray(a), (x0 + fw, y0 + fw))
        out = _noisy(np.asarray(img, np.float32), g, 1.8)
        return _perspective(out, rng.uniform(0.03, 0.05), (196, 204, 186))
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page30(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style30,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, mean cell width ``cw`` and height ``ch``, the column and row edges ``xs`` and
    ``ys``, and ``keep``, the box round the clues and the grid; ``_box25`` gives a cell's box)."""
    rng = random.Random(f"h30:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = _change30(truth, style.clue_change, rng) if plan["clue"] else None
    row_vals, col_vals = _line_values(truth, change)
    if style.redraw:
        img, L = _redraw_whole30(layout, style, row_vals, col_vals, rng, (inp.shape[1], inp.shape[0]))
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
                _draw_fill30(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill30(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline30(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross30(img, box, style, rng)
            elif not ((r, c) in filled and style.missing_bare):
                _draw_empty30(img, box, style.empty, rng)
    if style.redraw:
        _draw_redraw_grid30(img, L, style.redraw, rng)
    else:
        _draw_grid30(img, L, rng, style.grid, inp)
    return np.asarray(img), rng, L


def make_answer30(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style30,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page30(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page30(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
