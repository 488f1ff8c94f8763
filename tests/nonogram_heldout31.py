"""HELDOUT31, measured blind on commits f216396 (rubric 68, the thirty-eighth session's start) and be1fec0 (rubric 69,
its end), never looked at: 401/432 and 402/432 right (92.8 %, 93.1 %), **1 false pass** on both (an ``x_instead``
page of the redrawn laser-engraved board, 10x10), 10 unreadable, 57/72 error-free right (seed 5,
``tools/measure_nonogram_family.py nonogram_heldout31:HELDOUT31 --seed 5``). By planted error on rubric 69: none 57/72,
extra_light 71, extra_outline 70, x_instead 66, missing 69, clue_changed 69 (of 72 each). Held out then: measured as
counts only. Studied in the thirty-ninth session (rubric 70, ``tests/test_nonogram_rubric70.py``): **418/432**
(96.8 %), 0 false passes, 1 unreadable.

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved nonogram:
clue fonts from Debian packages no earlier nonogram family, test, install list or digit-reader training names
(fonts-wqy-microhei, fonts-cwtex-yen, fonts-terminus, fonts-sil-nuosusil, fonts-sil-annapurna, fonts-sil-zaghawa-beria,
fonts-eeyek, fonts-smc-meera, fonts-freefarsi, fonts-arphic-gbsn00lp, fonts-kalapi): a plain Droid-like humanist sans
(WenQuanYi Micro Hei), a round-ended gothic (cwTeX Yen), a terminal's monospaced face (Terminus), a plain Times-like
book serif (Nuosu SIL), a bold Charis-like book serif (Annapurna SIL Bold), a light, open sans (Zaghawa Beria, drawn
with a one-pixel heavier pen), a wide, soft book serif (Eeyek), a compact humanist sans (Meera), a bold italic
Times-like serif (FreeFarsi Bold Italic), a light Song serif (AR PL SungtiL GB, drawn with a one-pixel heavier pen) and
a light geometric sans whose zero is a round O (Kalapi, drawn with a one-pixel heavier pen); one style keeps the input's
clues (its changed clue is that line's numbers erased and typed again in another face, Annapurna SIL Regular). Fills no
earlier family uses (black sesame seeds, a mezzotint's rocked ground, rows of chain stitch, a vinyl record's grooves,
botryoidal hematite, eggshell inlaid in lacquer, honeycomb smocking, oil-pastel strokes, basalt column tops, a cable
knit, a laser-engraved raster, a cobalt-glazed tile); empty-cell marks drawn in new ways (an x pressed into the paper
with a dry stylus, a small grey pill, a pale watercolour dot with a tide-line rim, a short ink-brush slash); the planted
errors drawn in new ways (a pale spiral, pale brick courses, pale snowflakes, pale leaves, each over a light tint; a
frame of a coiled spring, a frame cracked through in places, a frame of veined marble, a frame of four bars with pointed
ends like a segment display; an X of two crossed sticking plasters, an X of two double-headed arrows, an X of two cable
ties with their lock heads, an X set in small square tesserae; all in the fill's colour, darkened where the fill is a
light one); a changed clue that gains a number, loses one, has one split in two, has two merged into their sum, has one
off by one, is swapped with its neighbour line's, has its numbers written in reverse order, has its first and last
numbers traded, has one of its numbers written twice, or (on the page that keeps the input's clues) has one number one
more or less; a missing fill left bare on a page whose other empty cells carry marks; grids drawn in new ways (thin pen
lines under block lines of black electrical tape with a gloss; every line a taut thread with its soft shadow, the block
lines twisted cords; grey thin lines under gold-foil block lines with a moving sheen; every line snapped with a blue
chalk line, dusty at its edges); two styles that redraw the whole puzzle (a laser-engraved birch plywood board with a
hanging hole and an engraved title, the grid burnt in; a wall of large white tiles with the clues hand-painted in cobalt
and the grid a mosaic panel of small tiles, grey grout for its thin lines and cobalt listello strips for its block
lines); and page changes no earlier family uses (the page on the green baize of a snooker table under its cushion with a
red ball; the page photographed through an insect fly screen; a paper crane on the widened left margin; a feather quill
and an inkwell on the widened right margin; a ball of yarn and knitting needles on the widened bottom margin; a night
photo under an orange sodium street lamp; the page on an ironing board's quilted silver cover; the page on a microfilm
reader's screen with its hood and knobs; a drafting compass on the widened right margin; a photo with a lens flare's
streak and ghosts from a window; the plywood board on a workbench with sawdust and a carpenter's pencil; the tile wall
photographed with a chrome towel rail and a towel below the puzzle).

Clues written anew on the input's page are sized by their digits' height and fitted to its clue strips (as in HELDOUT25
to HELDOUT30); the redrawn puzzles space their clues by the digits' height.

Doubts noted rather than made unfair: Zaghawa Beria, AR PL SungtiL GB and Kalapi are light faces (drawn with a one-pixel
heavier pen); Kalapi's zero is a round O; Terminus is a terminal face with square-cornered figures (its three has a flat
top); the fly screen's fine mesh darkens the whole photo a little, cells and clues included, and softens it; the sodium
lamp turns the photo orange and dim, keeping the fills dark and the paper light; the lens flare's bright source and its
rays sit in the photo's corner off the page, its veil and streak lighten that corner and a band across the top, and its
ghosts are faint; the microfilm reader shows the page warm and slightly soft with a brighter middle; the tile wall's
large tiles have faint grout lines crossing the clues' area, paler than any clue, and the mosaic panel's small tiles are
the cells; the plywood's grain runs faintly under the engraved clues and cells; the crane, the quill and inkwell, the
yarn and needles, the compass, the snooker ball, the pencil and the towel rail lie off the page or on its widened
margins, away from the clues and the grid, and none of them carries a digit (the microfilm reader's knobs carry words
only); the black sesame, mezzotint, chain-stitch, vinyl, hematite, eggshell, smocking, oil-pastel, basalt, cable-knit,
laser-raster and cobalt-glaze fills have some paler features (glints, a burnished corner, lit loops, a sheen,
highlights, fragments of shell, lit puffs, paper tooth, joints, lit strands, scan lines, crazing and a window's glint)
over a dark ground, as such a fill has, and a person sees a filled cell at once (the eggshell's fragments cover about a
fifth of its cell); the planted pale marks are a light tint with darker-than-tint features over it, plainly darker than
the paper; the traded clue changes only where a line's first and last numbers stand, the doubled clue makes one line one
number longer; the retyped clue line on the page that keeps the input's clues is in a different face from its
neighbours; the style names begin ``s_`` as HELDOUT28's to HELDOUT30's do (the names themselves differ from every
earlier one).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer31` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout31:HELDOUT31`` measures them like the earlier families.
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
    _stroke_coords,
)
from nonogram_heldout27 import _surface
from nonogram_heldout29 import _free_x, _noisy
from nonogram_heldout30 import _change30, _fit_text, _rot_size, _rotated, _shadow, _voronoi
from PIL import Image, ImageDraw

WHITE = (255, 255, 255)
UI_FONT = "DejaVuSans.ttf"  # words round the picture (never a digit)
UI_BOLD = "DejaVuSans-Bold.ttf"


@dataclass(frozen=True)
class Style31(Style):
    """A HELDOUT31 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``laser_plywood``, ``tile_wall``; empty keeps the input's
    frame), ``clue_change`` how a planted clue_changed answer alters its line (as in HELDOUT30, or ``ends_swapped``:
    its first and last numbers traded, or ``number_doubled``: one of its numbers written twice) and ``missing_bare``
    whether a missing fill is left bare rather than marked like the other empty cells. ``make_answer`` calls
    :meth:`draw_answer`."""

    redraw: str = ""
    clue_change: str = "extra"
    missing_bare: bool = False

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer31(input_image, layout, truth, self, error, seed)


HELDOUT31 = (
    Style31("s_wqymicrohei_blacksesame_baize", "black_sesame", (40, 36, 32), "pressed_x", "wqy-microhei.ttc",
            ("baize_table", "jpeg"), clue_scale=(1.0, 1.08), grid="tape_majors", light_mark="light_spiral",
            outline_mark="outline_coil", cross_mark="heavy_x_plasters", clue_change="extra", missing_bare=True),
    Style31("s_cwyen_mezzotint_flyscreen", "mezzotint", (34, 32, 40), "none", "cwyen.ttf", ("fly_screen", "jpeg"),
            clue_scale=(1.02, 1.1), grid="string_lines", light_mark="light_bricks", outline_mark="outline_cracked",
            cross_mark="heavy_x_arrows", clue_change="drop"),
    Style31("s_terminus_chainstitch_origami", "chain_stitch", (30, 50, 100), "grey_pill", "TerminusTTF-4.46.0.ttf",
            ("origami_crane_margin", "jpeg"), clue_scale=(1.02, 1.1), grid="gold_foil_majors",
            light_mark="light_snowflakes", outline_mark="outline_marbled", cross_mark="heavy_x_cable_ties",
            clue_change="split", missing_bare=True),
    Style31("s_nuosu_vinyl_quill", "vinyl_grooves", (30, 30, 34), "none", "NuosuSIL-Regular.ttf",
            ("quill_margin", "jpeg"), clue_scale=(1.0, 1.06), grid="chalk_line", light_mark="light_leaves",
            outline_mark="outline_segments", cross_mark="heavy_x_tesserae", clue_change="ends_swapped"),
    Style31("s_annapurna_hematite_yarnball", "hematite", (56, 58, 64), "wash_dot", "AnnapurnaSIL-Bold.ttf",
            ("yarn_ball_margin", "jpeg"), clue_scale=(1.0, 1.08), grid="tape_majors", light_mark="light_bricks",
            outline_mark="outline_coil", cross_mark="heavy_x_cable_ties", clue_change="merge", missing_bare=True),
    Style31("s_zaghawa_eggshell_sodiumlamp", "eggshell_inlay", (30, 24, 22), "none", "ZaghawaBeria.otf",
            ("sodium_streetlight", "jpeg"), clue_scale=(1.04, 1.12), clue_stroke=1, grid="string_lines",
            light_mark="light_snowflakes", outline_mark="outline_segments", cross_mark="heavy_x_plasters",
            clue_change="off_by_one"),
    Style31("s_eeyek_smocking_ironingboard", "smocking", (76, 28, 44), "sumi_slash", "Eeyek-Regular.ttf",
            ("ironing_board", "jpeg"), clue_scale=(1.0, 1.08), grid="gold_foil_majors", light_mark="light_spiral",
            outline_mark="outline_cracked", cross_mark="heavy_x_tesserae", clue_change="swap_lines",
            missing_bare=True),
    Style31("s_meera_oilpastel_microfilm", "oil_pastel", (30, 54, 86), "pressed_x", "Meera-Regular.ttf",
            ("microfilm_reader", "jpeg"), clue_scale=(1.02, 1.1), grid="chalk_line", light_mark="light_leaves",
            outline_mark="outline_marbled", cross_mark="heavy_x_arrows", clue_change="number_doubled",
            missing_bare=True),
    Style31("s_freefarsi_basalt_compass", "basalt_columns", (46, 48, 52), "grey_pill", "FreeFarsi-BoldItalic.ttf",
            ("drafting_compass", "jpeg"), clue_scale=(1.0, 1.08), grid="tape_majors", light_mark="light_snowflakes",
            outline_mark="outline_cracked", cross_mark="heavy_x_plasters", clue_change="reversed", missing_bare=True),
    Style31("s_keptclues_cableknit_lensflare", "cable_knit", (40, 56, 40), "sumi_slash", None,
            ("lens_flare", "jpeg"), grid="kept", light_mark="light_bricks", outline_mark="outline_segments",
            cross_mark="heavy_x_cable_ties", clue_change="retyped_line", missing_bare=True),
    Style31("s_gbsn_laserraster_redrawplywood", "laser_raster", (62, 38, 22), "none", "gbsn00lp.ttf",
            ("workbench_sawdust", "jpeg"), clue_colour=(74, 42, 22), clue_scale=(1.04, 1.12), clue_stroke=1,
            light_mark="light_spiral", outline_mark="outline_coil", cross_mark="heavy_x_arrows",
            clue_change="ends_swapped", redraw="laser_plywood"),
    Style31("s_kalapi_cobaltglaze_redrawtilewall", "cobalt_glaze", (24, 42, 112), "none", "Kalapi.ttf",
            ("towel_rail", "jpeg"), clue_colour=(26, 44, 116), clue_scale=(1.06, 1.14), clue_stroke=1,
            light_mark="light_leaves", outline_mark="outline_marbled", cross_mark="heavy_x_tesserae",
            clue_change="number_doubled", redraw="tile_wall"),
)

CHANGE_FONT = "AnnapurnaSIL-Regular.ttf"  # the retyped line of a changed clue on the page that keeps the input's clues


# ------------------------------------------------------------------------------------------ clue changes


def _change31(truth: dict[str, Any], mode: str, rng: random.Random) -> tuple[str, int, list[str]]:
    """A changed clue as :func:`_change30` makes it, or (``ends_swapped``) a line whose first and last numbers are
    traded (a line whose ends are equal gains a number instead), or (``number_doubled``) a line with one of its
    numbers written twice in a row."""
    if mode == "ends_swapped":
        for kind in rng.sample(("row", "col"), 2):
            vals = _values(truth[f"{kind}_clues"])
            cand = [i for i, v in enumerate(vals) if len(v) >= 2 and v[0] != v[-1]]
            if cand:
                i = rng.choice(cand)
                v = vals[i]
                return kind, i, [v[-1]] + v[1:-1] + [v[0]]
        mode = "extra"
    if mode == "number_doubled":
        kind = rng.choice(("row", "col"))
        vals = _values(truth[f"{kind}_clues"])
        live = [i for i, v in enumerate(vals) if v != ["0"]] or [0]
        i = rng.choice(live)
        k = rng.randrange(len(vals[i]))
        return kind, i, vals[i][:k + 1] + [vals[i][k]] + vals[i][k + 1:]
    return _change30(truth, mode, rng)


# ------------------------------------------------------------------------------------------ fills


def _tex31(kind: str, w: int, h: int, colour, g: np.random.Generator, rng: random.Random) -> np.ndarray:
    """A filled cell's picture (h, w, 3 float) in ``kind``."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    if kind == "black_sesame":  # black sesame seeds pressed close on a dark paste, each seed with a glossy glint
        tex *= (1.3 + 0.1 * _noise0(g, h, w, max(1.0, s / 10)))[..., None]
        img = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        ln0 = max(4.0, 0.16 * s)
        for _ in range(int(w * h / (ln0 * ln0 * 0.3))):
            x, y, a = rng.uniform(-2, w + 2), rng.uniform(-2, h + 2), rng.uniform(0, math.pi)
            ln, wd = ln0 * rng.uniform(0.85, 1.1), ln0 * rng.uniform(0.5, 0.62)
            ca, sa = math.cos(a), math.sin(a)
            pts = []
            for t in np.linspace(0, 2 * math.pi, 14, endpoint=False):
                u = ln / 2 * math.cos(t)
                v = wd / 2 * math.sin(t) * (0.5 + 0.5 * (1 + math.cos(t)) / 2)  # narrow at one end: a teardrop
                pts.append((x + u * ca - v * sa, y + u * sa + v * ca))
            tone = rng.uniform(0.25, 0.45)
            d.polygon(pts, fill=tuple(int(c * tone) for c in col))
            gx, gy = x + ln * 0.18 * ca - wd * 0.12 * sa, y + ln * 0.18 * sa + wd * 0.12 * ca
            d.line([(gx - ln * 0.12 * ca, gy - ln * 0.12 * sa), (gx + ln * 0.12 * ca, gy + ln * 0.12 * sa)],
                   fill=tuple(int(v) for v in _lift(col, 0.42)), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "mezzotint":  # a mezzotint's rocked ground: a velvety black of fine pits, burnished toward a corner
        pits = g.random((h, w)).astype(np.float32)
        rock = 0.5 + 0.5 * np.sin((xx + yy) * 1.7) * np.sin((xx - yy) * 1.3)  # the rocker's criss-cross teeth
        grain = 0.7 * pits + 0.3 * rock
        cx, cy = rng.choice(((0.0, 0.0), (w, 0.0), (0.0, h), (w, h)))
        burnish = np.clip(1 - np.hypot(xx - cx, yy - cy) / (0.9 * s), 0, 1) ** 2
        tex = col * (0.62 + 0.5 * grain)[..., None] + (_lift(col, 0.3) - col) * (0.7 * burnish)[..., None]
        tex = cv2.GaussianBlur(tex, (0, 0), 0.5)
    elif kind == "chain_stitch":  # rows of embroidered chain stitch: loop after loop of thread on a dark cloth
        tex *= 0.42
        p = max(5.0, s / 3.6)
        rh = max(4.0, s / 4.2)
        lay, ld = _layer(w, h)
        for j, y in enumerate(np.arange(rh / 2, h + rh, rh)):
            x0 = -rng.uniform(0, p) - (j % 2) * p / 2
            for x in np.arange(x0, w + p, p):
                ld.ellipse([x, y - rh * 0.42, x + p * 1.15, y + rh * 0.42], outline=255,
                           width=max(1, round(rh * 0.3)))
        m = cv2.GaussianBlur(_m(lay), (0, 0), 0.4)
        lit = 0.85 + 0.45 * np.clip(1 - (yy % rh) / rh, 0, 1)
        tex = tex * (1 - m[..., None]) + col * lit[..., None] * m[..., None]
    elif kind == "vinyl_grooves":  # a vinyl record's grooves: fine arcs round a far centre, a pale sheen across them
        a0 = rng.uniform(0, 2 * math.pi)
        R = rng.uniform(1.6, 2.6) * s
        cx, cy = w / 2 + R * math.cos(a0), h / 2 + R * math.sin(a0)
        r = np.hypot(xx - cx, yy - cy)
        groove = 0.5 + 0.5 * np.sin(2 * math.pi * r / max(1.6, s / 16))
        am = math.atan2(h / 2 - cy, w / 2 - cx) + rng.uniform(-0.12, 0.12)
        dang = (np.arctan2(yy - cy, xx - cx) - am + math.pi) % (2 * math.pi) - math.pi
        sheen = np.exp(-(dang * R / (0.14 * s)) ** 2)
        tex = col * (0.78 + 0.3 * groove)[..., None]
        tex += (_lift(col, 0.35) - col) * (0.6 * sheen * (0.6 + 0.4 * groove))[..., None]
    elif kind == "hematite":  # botryoidal hematite: clustered rounded bumps of dark steel-grey metal, bright where lit
        hgt = np.zeros((h, w), np.float32)
        for _ in range(6 + int(s / 7)):
            cx, cy, r = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0.15, 0.28) * s
            hgt = np.maximum(hgt, np.sqrt(np.clip(r * r - (xx - cx) ** 2 - (yy - cy) ** 2, 0, None)))
        gy_, gx_ = np.gradient(hgt)
        nz = 1.0 / np.sqrt(gx_ ** 2 + gy_ ** 2 + 1)
        shade = np.clip((gx_ * 0.5 + gy_ * 0.6 + 0.62) * nz, 0, 1)
        spec = shade ** 14
        tex = col * (0.5 + 0.6 * shade)[..., None] + (np.float32(214) - col) * (0.5 * spec)[..., None]
        tex[hgt < 0.6] = col * 0.4
    elif kind == "eggshell_inlay":  # lacquer with crushed eggshell inlaid: small pale fragments, cracked apart
        tex *= (0.92 + 0.1 * _noise0(g, h, w, max(1.0, s / 6)))[..., None]
        pts = [(rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h) for _ in range(10 + int(s * s / 60))]
        idx, gap = _voronoi(xx, yy, pts)
        shell = np.array([rng.random() < 0.25 for _ in pts])
        tone = np.array([rng.uniform(0.42, 0.56) for _ in pts], np.float32)
        frag = shell[idx] & (gap > max(1.0, s / 26))
        shellc = _lift(col, 1.0) * np.array((0.86, 0.83, 0.76), np.float32)
        tex = np.where(frag[..., None], col + (shellc - col) * tone[idx][..., None], tex)
    elif kind == "smocking":  # honeycomb smocking: cloth gathered into lit puffs, pinched at a diamond lattice of tacks
        p = max(5.0, s / 2.6)
        u = (xx + yy) / p + rng.uniform(0, 1)
        v = (xx - yy) / p + rng.uniform(0, 1)
        fu, fv = u % 1, v % 1
        puff = np.sin(math.pi * fu) * np.sin(math.pi * fv)
        gy_, _ = np.gradient(puff * p * 0.5)
        pleat = 0.5 + 0.5 * np.cos(2 * math.pi * xx / max(2.5, p / 3))
        tex = col * (0.45 + 0.55 * puff - 0.45 * np.clip(gy_, -1, 1) + 0.14 * pleat * (1 - puff))[..., None]
        knot = (np.minimum(fu, 1 - fu) < 0.09) & (np.minimum(fv, 1 - fv) < 0.09)
        tex[knot] = col * 0.35
    elif kind == "oil_pastel":  # oil-pastel strokes laid side by side at a slant, the paper's tooth in a few specks
        a = rng.uniform(0.5, 1.1) * rng.choice((1, -1))
        perp = -xx * math.sin(a) + yy * math.cos(a)
        sw = max(4.0, s / 3.2)
        k = np.floor(perp / sw)
        k = (k - k.min()).astype(np.int64)
        tones = np.array([rng.uniform(0.82, 1.15) for _ in range(int(k.max()) + 1)], np.float32)
        line = g.normal(0, 1, int(4 * s) + 8).astype(np.float32)
        streak = np.interp(perp.ravel() + 2 * s + 4, np.arange(len(line)), line).reshape(h, w).astype(np.float32)
        f = (perp / sw) % 1
        edge = np.where((f < 0.12) | (f > 0.9), 0.86, 1.0)
        tex = col * (tones[k] * edge * (1 + 0.08 * streak))[..., None]
        tooth = (g.random((h, w)) > 0.965) & (streak > 0.4)
        tex[tooth] = _lift(col, 0.42)
        tex = cv2.GaussianBlur(tex, (0, 0), 0.4)
    elif kind == "basalt_columns":  # basalt columns seen from above: six-sided tops of varied grey, pale joints
        step = max(6.0, s / 2.4)
        pts = []
        for j, y in enumerate(np.arange(-step, h + step, step * 0.866)):
            for x in np.arange(-step + (j % 2) * step / 2, w + step, step):
                pts.append((x + rng.uniform(-0.18, 0.18) * step, y + rng.uniform(-0.18, 0.18) * step))
        idx, gap = _voronoi(xx, yy, pts)
        tones = np.array([rng.uniform(0.75, 1.25) for _ in pts], np.float32)
        px = np.array(pts, np.float32)
        slope = np.array([rng.uniform(-0.12, 0.12) for _ in pts], np.float32)
        tilt = 1 + slope[idx] * (xx - px[idx, 0]) / step
        tex = col * (tones[idx] * tilt * (1 + 0.06 * _noise0(g, h, w, 0.7)))[..., None]
        tex[gap < max(1.0, s / 24)] = _lift(col, 0.32)
    elif kind == "cable_knit":  # a cable knit: two plaited cables of knit stitches on a darker purl ground
        purl = np.sin(xx * 2 * math.pi / max(3.0, s / 6)) * np.sin(yy * 2 * math.pi / max(3.0, s / 8))
        tex = col * (0.55 + 0.1 * purl)[..., None]
        per = max(6.0, s / 1.6)
        cwid = w / 2
        for k in range(2):
            cx = (k + 0.5) * cwid
            t = (yy + rng.uniform(0, per)) / per
            best = np.full((h, w), 9.0, np.float32)
            over = np.zeros((h, w), bool)
            for sgn in (1, -1):
                off = sgn * 0.2 * cwid * np.sin(2 * math.pi * t)
                dist = np.abs(xx - cx - off) / (0.22 * cwid)
                top = (np.cos(2 * math.pi * t) * sgn) > 0
                take = (dist < 1) & ((dist < best) & ~over | top)
                best = np.where(take, dist, best)
                over |= take & top
            strand = best < 1
            vst = 0.85 + 0.15 * np.abs(np.sin(2 * math.pi * (yy + 0.8 * np.abs(xx - cx)) / max(2.5, s / 9)))
            shade = col * ((0.8 + 0.45 * (1 - best ** 2)) * vst)[..., None]
            tex = np.where(strand[..., None], shade, tex)
    elif kind == "laser_raster":  # laser-engraved plywood: a burnt raster of fine scan lines, darker char at its edges
        line = 0.5 + 0.5 * np.sin(2 * math.pi * yy / max(2.0, s / 14))
        across = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy])
        edge = np.clip(1 - across / max(1.5, s * 0.08), 0, 1)
        tex = col * ((0.85 + 0.22 * line - 0.35 * edge) * (1 + 0.08 * _noise0(g, h, w, max(1.0, s / 8))))[..., None]
    elif kind == "cobalt_glaze":  # a cobalt-glazed tile: deep blue pooling darker at its edges, crazing, a glint
        across = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy])
        pool = np.clip(1 - across / (0.18 * s), 0, 1)
        tex = col * (1.05 - 0.35 * pool + 0.08 * _noise0(g, h, w, max(1.0, s / 5)))[..., None]
        pts = [(rng.uniform(0, w), rng.uniform(0, h)) for _ in range(5 + int(s / 10))]
        _, gap = _voronoi(xx, yy, pts)
        tex[gap < 0.7] = _lift(col, 0.2)
        glint = ((xx > 0.16 * w) & (xx < 0.34 * w) & (yy > 0.12 * h) & (yy < 0.2 * h)).astype(np.float32)
        glint = cv2.GaussianBlur(glint, (0, 0), max(0.6, s / 40))
        tex = tex + (_lift(col, 0.75) - tex) * (0.85 * glint)[..., None]
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255)


def _ink(style: Style31) -> np.ndarray:
    """The ink of the planted marks: the fill's colour, darkened when it is a light one."""
    col = np.asarray(style.fill_colour, np.float32)
    lum = float(col @ np.array([0.299, 0.587, 0.114], np.float32))
    return col * (80 / lum) if lum > 80 else col


def _draw_fill31(img: Image.Image, box, style: Style31, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07)
    w, h = bx - ax, by - ay
    if not light:
        _paste(img, _tex31(style.fill, w, h, style.fill_colour, g, rng), ax, ay, None)
        return
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = _ink(style)
    s = float(min(w, h))
    base = 0.2
    lay, ld = _layer(w, h)
    if light == "light_spiral":  # a spiral line wound out from the cell's middle over a light tint
        turns = 3.0
        ph = rng.uniform(0, 2 * math.pi)
        pts = [(w / 2 + 0.46 * s * t / (turns * 2 * math.pi) * math.cos(t + ph),
                h / 2 + 0.46 * s * t / (turns * 2 * math.pi) * math.sin(t + ph))
               for t in np.linspace(0, turns * 2 * math.pi, 180)]
        ld.line(pts, fill=255, width=max(1, round(s / 14)), joint="curve")
        alpha = base + 0.34 * _m(lay)
    elif light == "light_bricks":  # brick courses drawn in their mortar lines over a light tint
        p = max(5.0, s / 5)
        row = np.floor(yy / p)
        lw = max(1.0, s / 24)
        mortar = ((yy % p) < lw) | (((xx + (row % 2) * p) % (2 * p)) < lw)
        alpha = base + 0.34 * mortar
    elif light == "light_snowflakes":  # small six-armed snowflakes in staggered rows over a light tint
        p = max(7.0, s / 2.6)
        lw = max(1, round(s / 30))
        for j, y in enumerate(np.arange(p / 2, h + p / 2, p * 0.9)):
            for x in np.arange(p / 2 - (j % 2) * p / 2, w + p / 2, p):
                r = p * 0.38
                for k in range(3):
                    an = k * math.pi / 3 + math.pi / 2
                    ca, sa = math.cos(an), math.sin(an)
                    ld.line([(x - r * ca, y - r * sa), (x + r * ca, y + r * sa)], fill=255, width=lw)
                    for sgn in (1, -1):  # a small V on each arm's end
                        ex, ey = x + sgn * r * 0.62 * ca, y + sgn * r * 0.62 * sa
                        for tw in (0.6, -0.6):
                            b = an + tw + (0 if sgn > 0 else math.pi)
                            ld.line([(ex, ey), (ex + r * 0.3 * math.cos(b), ey + r * 0.3 * math.sin(b))], fill=255,
                                    width=lw)
        alpha = base + 0.34 * _m(lay)
    elif light == "light_leaves":  # small pointed leaves strewn at every angle, each with a paler midrib
        for _ in range(int(6 + s / 4)):
            x, y, a = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0, math.pi)
            ln, wd = rng.uniform(0.12, 0.18) * s, rng.uniform(0.05, 0.07) * s
            ca, sa = math.cos(a), math.sin(a)
            pts = []
            for t in np.linspace(-1, 1, 9):
                pts.append((x + ln * t * ca - wd * (1 - t * t) * sa, y + ln * t * sa + wd * (1 - t * t) * ca))
            for t in np.linspace(1, -1, 9):
                pts.append((x + ln * t * ca + wd * (1 - t * t) * sa, y + ln * t * sa - wd * (1 - t * t) * ca))
            ld.polygon(pts, fill=255)
            ld.line([(x - ln * 0.8 * ca, y - ln * 0.8 * sa), (x + ln * 0.8 * ca, y + ln * 0.8 * sa)], fill=110, width=1)
        alpha = base + 0.34 * _m(lay)
    else:
        raise ValueError(light)
    _paste_rgba(img, tex, cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.5), ax, ay)


def _draw_outline31(img: Image.Image, box, style: Style31, rng: random.Random) -> None:
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
    band = across < f
    if kind == "outline_coil":  # a coiled spring laid round the cell: slanted loops, their far sides fainter
        pitch = max(4.0, f * 0.9)
        u = along / pitch
        v = across / f
        front = np.abs(((u + 0.35 * v) % 1) - 0.5) < 0.24
        back = np.abs(((u - 0.35 * v) % 1) - 0.5) < 0.16
        m = np.where(band, np.where(front, 1.0, np.where(back, 0.6, 0.0)), 0.0).astype(np.float32)
        tex[front & band] = col
        tex[back & ~front & band] = _lift(col, 0.15)
    elif kind == "outline_cracked":  # a heavy frame cracked through in a few places, the cracks showing pale
        m = band.astype(np.float32)
        lay, ld = _layer(w, h)
        for _ in range(rng.randint(4, 6)):
            side = rng.randrange(4)
            pos = rng.uniform(f * 1.2, (w if side in (0, 2) else h) - f * 1.2)
            pts = []
            for k in range(5):
                dep = f * 1.05 * k / 4
                jit = rng.uniform(-0.25, 0.25) * f
                if side == 0:
                    pts.append((pos + jit, dep))
                elif side == 1:
                    pts.append((w - 1 - dep, pos + jit))
                elif side == 2:
                    pts.append((pos + jit, h - 1 - dep))
                else:
                    pts.append((dep, pos + jit))
            ld.line(pts, fill=255, width=max(1, round(s / 40)))
        crack = (_m(lay) > 0.5) & band
        tex[crack] = _lift(col, 0.55)
    elif kind == "outline_marbled":  # a frame of polished marble: dark stone, pale veins wandering along it
        g = _nrng(rng)
        turb = _noise0(g, h, w, max(1.0, s / 10))
        vein = np.exp(-np.abs(np.sin(along / (0.8 * f) + 2.4 * turb)) * 8)
        tex = col * (1 + 0.08 * _noise0(g, h, w, 0.8))[..., None] + (_lift(col, 0.55) - col) * (0.8 * vein)[..., None]
        m = band.astype(np.float32)
    elif kind == "outline_segments":  # four bars with pointed ends and a gap at each corner, like a segment display
        gap = f * 0.35
        c = f / 2
        top = (yy < f) & (xx >= gap + np.abs(yy - c)) & (xx <= w - 1 - gap - np.abs(yy - c))
        bot = (yy > h - 1 - f) & (xx >= gap + np.abs(h - 1 - yy - c)) & (xx <= w - 1 - gap - np.abs(h - 1 - yy - c))
        left = (xx < f) & (yy >= gap + np.abs(xx - c)) & (yy <= h - 1 - gap - np.abs(xx - c))
        right = (xx > w - 1 - f) & (yy >= gap + np.abs(w - 1 - xx - c)) & (yy <= h - 1 - gap - np.abs(w - 1 - xx - c))
        m = (top | bot | left | right).astype(np.float32)
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross31(img: Image.Image, box, style: Style31, rng: random.Random) -> None:
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
    if kind == "heavy_x_plasters":  # two sticking plasters stuck crosswise: round ends, a pad, rows of tiny holes
        wd = wid * 1.15
        hp = max(2.5, wd * 0.42)
        for p, q in arms:
            t, n, ln = _stroke_coords(p, q, xx, yy)
            tc = np.clip(t, 0, 1)
            strip = np.hypot((t - tc) * ln, n) < wd / 2
            pad = strip & (np.abs(t - 0.5) * ln < wd * 0.55) & (np.abs(n) < wd * 0.36)
            hole = (strip & ~pad & (np.hypot(((t * ln) % hp) - hp / 2, np.abs(n) - wd * 0.22) < max(0.6, wd * 0.07)))
            tex[strip] = col
            tex[hole] = _lift(col, 0.45)
            tex[pad] = _lift(col, 0.28)
            m = np.maximum(m, strip.astype(np.float32))
    elif kind == "heavy_x_arrows":  # two double-headed arrows crossing: narrow shafts, a broad head at each end
        arms = (((0.1 * s, 0.1 * s), (w - 0.1 * s, h - 0.1 * s)), ((w - 0.1 * s, 0.1 * s), (0.1 * s, h - 0.1 * s)))
        hl, hw = wid * 1.3, wid * 0.95
        for p, q in arms:
            t, n, ln = _stroke_coords(p, q, xx, yy)
            de = np.minimum(t, 1 - t) * ln  # distance in from the nearer tip
            shaft = (np.abs(n) < wid * 0.32) & (t > 0) & (t < 1)
            head = (de >= 0) & (de < hl) & (np.abs(n) < hw * de / hl)
            m = np.maximum(m, (shaft | head).astype(np.float32))
        m = cv2.GaussianBlur(m, (0, 0), 0.5)
    elif kind == "heavy_x_cable_ties":  # two cable ties pulled crosswise: straps serrated on one side, a lock head each
        for k, (p, q) in enumerate(arms):
            if k:
                p, q = q, p
            t, n, ln = _stroke_coords(p, q, xx, yy)
            strap = (np.abs(n) < wid * 0.36) & (t > 0) & (t < 1.04)
            teeth = strap & (n > wid * 0.1) & (((t * ln) % max(2.0, wid * 0.35)) < max(1.0, wid * 0.15))
            head = (np.abs(n) < wid * 0.62) & (t * ln > -wid * 1.0) & (t * ln < wid * 0.15)
            slot = head & (np.abs(n) < wid * 0.2) & (t * ln > -wid * 0.65) & (t * ln < -wid * 0.2)
            tex[strap] = col
            tex[teeth] = _lift(col, 0.35)
            tex[head] = col * 0.85
            tex[slot] = _lift(col, 0.45)
            m = np.maximum(m, (strap | head).astype(np.float32))
    elif kind == "heavy_x_tesserae":  # an X set in small square tesserae with pale grout between them
        q = max(3.0, wid * 0.5)
        ox, oy = rng.uniform(0, q), rng.uniform(0, q)
        ci, cj = np.floor((xx - ox) / q), np.floor((yy - oy) / q)
        ccx, ccy = (ci + 0.5) * q + ox, (cj + 0.5) * q + oy
        sel = np.zeros((h, w), bool)
        for p, q_ in arms:
            t, n, _ = _stroke_coords(p, q_, ccx, ccy)
            sel |= (np.abs(n) < wid * 0.55) & (t > -0.04) & (t < 1.04)
        grout = max(1.0, q * 0.2)
        intile = (((xx - ox) % q) >= grout) & (((yy - oy) % q) >= grout)
        tones = g.uniform(0.8, 1.25, (int(h / q) + 3, int(w / q) + 3)).astype(np.float32)
        tone = tones[(cj + 1).astype(np.int64), (ci + 1).astype(np.int64)]
        tex = col * tone[..., None]
        m = (sel & intile).astype(np.float32)
    else:
        raise ValueError(kind)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(m, 0, 1).astype(np.float32), ax, ay)


def _draw_empty31(img: Image.Image, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    d = ImageDraw.Draw(img)
    if kind == "none":
        return
    if kind == "pressed_x":  # an x pressed into the paper with a dry stylus: no ink, a shadowed wall and a lit one
        k = 0.14 * s
        lw = max(1, round(s / 36))
        o = max(1.0, s / 60)
        for (ax_, ay_), (bx_, by_) in (((cx - k, cy - k), (cx + k, cy + k)), ((cx + k, cy - k), (cx - k, cy + k))):
            d.line([(ax_ - o, ay_ - o), (bx_ - o, by_ - o)], fill=(168, 168, 174), width=lw)
            d.line([(ax_, ay_), (bx_, by_)], fill=(224, 224, 228), width=lw)
            d.line([(ax_ + o, ay_ + o), (bx_ + o, by_ + o)], fill=(252, 252, 252), width=lw)
    elif kind == "grey_pill":  # a small grey pill, as an app marks a cell left empty
        hw, hh = 0.18 * s, max(1.5, 0.06 * s)
        d.rounded_rectangle([cx - hw, cy - hh, cx + hw, cy + hh], radius=hh, fill=(202, 204, 210))
    elif kind == "wash_dot":  # a pale watercolour dot, its pigment dried into a darker rim
        r = max(3.0, 0.11 * s)
        n = int(2 * r + 3)
        yy, xx = np.mgrid[0:n, 0:n].astype(np.float32)
        dd = np.hypot(xx - n / 2, yy - n / 2) / r
        alpha = np.where(dd < 1, 0.32 + 0.4 * np.clip(1 - np.abs(dd - 0.9) / 0.12, 0, 1), 0.0).astype(np.float32)
        alpha = cv2.GaussianBlur(alpha, (0, 0), 0.5)
        _paste_rgba(img, np.full((n, n, 3), (120, 168, 216), np.float32), alpha, round(cx - n / 2), round(cy - n / 2))
    elif kind == "sumi_slash":  # a short ink-brush slash, broad where the brush landed and dry at its tail
        n = int(0.4 * s) + 4
        yy, xx = np.mgrid[0:n, 0:n].astype(np.float32)
        p, q = (0.12 * n, 0.84 * n), (0.88 * n, 0.16 * n)
        t, nn, _ = _stroke_coords(p, q, xx, yy)
        wd = max(1.6, s / 11) * (1 - 0.75 * np.clip(t, 0, 1))
        body = (np.abs(nn) < wd / 2) & (t > 0) & (t < 1)
        g = _nrng(rng)
        dry = (t > 0.55) & (np.sin(nn * 2.8 + rng.uniform(0, 3)) > 0.3) & (g.random((n, n)) > 0.3)
        alpha = cv2.GaussianBlur((body & ~dry).astype(np.float32), (0, 0), 0.5)
        _paste_rgba(img, np.full((n, n, 3), (56, 56, 62), np.float32), alpha, round(cx - n / 2), round(cy - n / 2))
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids and redraws


def _wander(rng: random.Random, n: int, amp: float) -> np.ndarray:
    """A slowly wandering offset at ``n`` points (a smooth random curve of amplitude about ``amp``)."""
    ctrl = np.array([rng.uniform(-amp, amp) for _ in range(6)], np.float32)
    return np.interp(np.linspace(0, 5, n), np.arange(6), ctrl).astype(np.float32)


def _draw_grid31(img: Image.Image, L: dict[str, Any], rng: random.Random, name: str, inp: np.ndarray | None) -> None:
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
    H, W = img.size[1], img.size[0]
    if name == "tape_majors":  # thin pen lines; block lines laid in strips of black electrical tape with a gloss
        for x, big in vlines:
            if not big:
                d.line([(x, gy0), (x, gy1)], fill=(62, 62, 70), width=thin)
        for y, big in hlines:
            if not big:
                d.line([(gx0, y), (gx1, y)], fill=(62, 62, 70), width=thin)
        wd = max(3.0, s / 7)
        for vertical, lines, a0, a1 in ((True, vlines, gy0, gy1), (False, hlines, gx0, gx1)):
            for c, big in lines:
                if not big:
                    continue
                ext = wd * rng.uniform(0.5, 0.9)
                n = 24
                ts = np.linspace(a0 - ext, a1 + ext, n)
                e1, e2 = _wander(rng, n, wd * 0.08), _wander(rng, n, wd * 0.08)
                side1 = [(c - wd / 2 + e1[k], t) for k, t in enumerate(ts)]
                side2 = [(c + wd / 2 + e2[k], t) for k, t in enumerate(ts)][::-1]
                poly = side1 + [(c, ts[-1] + wd * rng.uniform(0.1, 0.3))] + side2 + [(c, ts[0] - wd * 0.2)]
                gloss = [(c - wd * 0.18, ts[1]), (c - wd * 0.18, ts[-2])]
                if not vertical:
                    poly = [(y, x) for x, y in poly]
                    gloss = [(y, x) for x, y in gloss]
                d.polygon(poly, fill=(22, 22, 26))
                d.line(gloss, fill=(96, 96, 104), width=max(1, round(wd / 5)))
        return
    if name == "string_lines":  # every line a taut thread with a soft shadow; the block lines thicker twisted cords
        wd = max(3, round(s / 10))
        off = max(1.5, s / 22)
        lay, ld = _layer(W, H)
        for x, big in vlines:
            ld.line([(x + off, gy0 - wd + off), (x + off, gy1 + wd + off)], fill=255, width=wd if big else thin + 1)
        for y, big in hlines:
            ld.line([(gx0 - wd + off, y + off), (gx1 + wd + off, y + off)], fill=255, width=wd if big else thin + 1)
        shade = cv2.GaussianBlur(_m(lay), (0, 0), max(1.0, s / 26))
        arr = np.asarray(img, np.float32) * (1 - 0.32 * shade)[..., None]
        img.paste(Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8)))
        d = ImageDraw.Draw(img)
        for x, big in vlines:
            if not big:
                d.line([(x, gy0 - wd), (x, gy1 + wd)], fill=(96, 82, 70), width=thin)
        for y, big in hlines:
            if not big:
                d.line([(gx0 - wd, y), (gx1 + wd, y)], fill=(96, 82, 70), width=thin)
        tw = max(2.0, wd * 1.2)
        for x, big in vlines:
            if big:
                d.line([(x, gy0 - wd), (x, gy1 + wd)], fill=(40, 34, 30), width=wd)
                for t in np.arange(gy0 - wd, gy1 + wd, tw):  # the cord's twist
                    d.line([(x - wd / 2, t), (x + wd / 2, t + tw * 0.6)], fill=(112, 100, 88), width=1)
        for y, big in hlines:
            if big:
                d.line([(gx0 - wd, y), (gx1 + wd, y)], fill=(40, 34, 30), width=wd)
                for t in np.arange(gx0 - wd, gx1 + wd, tw):
                    d.line([(t, y + wd / 2), (t + tw * 0.6, y - wd / 2)], fill=(112, 100, 88), width=1)
        return
    if name == "gold_foil_majors":  # grey thin lines; block lines stamped in gold foil, a sheen moving along them
        for x, big in vlines:
            if not big:
                d.line([(x, gy0), (x, gy1)], fill=(128, 128, 136), width=thin)
        for y, big in hlines:
            if not big:
                d.line([(gx0, y), (gx1, y)], fill=(128, 128, 136), width=thin)
        wd = max(3, round(s / 9))
        lay, ld = _layer(W, H)
        for x, big in vlines:
            if big:
                ld.line([(x, gy0 - wd // 2), (x, gy1 + wd // 2)], fill=255, width=wd)
        for y, big in hlines:
            if big:
                ld.line([(gx0 - wd // 2, y), (gx1 + wd // 2, y)], fill=255, width=wd)
        m = _m(lay)
        ys_, xs_ = np.nonzero(m)
        y0, y1, x0, x1 = int(ys_.min()), int(ys_.max()) + 1, int(xs_.min()), int(xs_.max()) + 1
        yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
        sheen = (0.5 + 0.5 * np.sin((xx + yy) / (0.9 * s) * 2 * math.pi + rng.uniform(0, 6))) ** 4
        gold = np.array((140, 104, 36), np.float32) + np.array((92, 96, 80), np.float32) * (0.75 * sheen)[..., None]
        _paste_rgba(img, gold, m[y0:y1, x0:x1], x0, y0)
        return
    if name == "chalk_line":  # every line snapped with a blue chalk line: powdery, dusty at its edges
        g = _nrng(rng)
        lay, ld = _layer(W, H)
        wmaj = max(3, round(s / 9))
        for x, big in vlines:
            ld.line([(x, gy0 - wmaj), (x, gy1 + wmaj)], fill=255, width=wmaj if big else max(1, round(s / 24)))
        for y, big in hlines:
            ld.line([(gx0 - wmaj, y), (gx1 + wmaj, y)], fill=255, width=wmaj if big else max(1, round(s / 24)))
        m = _m(lay)
        ys_, xs_ = np.nonzero(m)
        y0, y1 = max(0, int(ys_.min()) - 6), min(H, int(ys_.max()) + 7)
        x0, x1 = max(0, int(xs_.min()) - 6), min(W, int(xs_.max()) + 7)
        mm = m[y0:y1, x0:x1]
        hh, ww = mm.shape
        powder = mm * np.clip(0.62 + 0.38 * g.standard_normal((hh, ww)).astype(np.float32), 0.2, 1)
        near = cv2.dilate((mm > 0.5).astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
        dust = near & (mm < 0.5) & (g.random((hh, ww)) > 0.86)
        alpha = np.maximum(powder * 0.95, 0.35 * dust).astype(np.float32)
        _paste_rgba(img, np.full((hh, ww, 3), (44, 90, 168), np.float32), alpha, x0, y0)
        return
    raise ValueError(name)


TILE_WHITE = (240, 242, 238)
WOOD = (224, 198, 154)


def _draw_redraw_grid31(img: Image.Image, L: dict[str, Any], kind: str, rng: random.Random) -> None:
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    H, W = img.size[1], img.size[0]
    if kind == "laser_plywood":  # burnt into the board: thin and block lines, each with a faint scorched halo
        thin, wd = max(1, round(s / 26)), max(2, round(s / 10))
        lay, ld = _layer(W, H)
        for i, x in enumerate(xs):
            big = _major(i, cols)
            ld.line([(x, ys[0] - (wd // 2 if big else 0)), (x, ys[-1] + (wd // 2 if big else 0))], fill=255,
                    width=wd if big else thin)
        for j, y in enumerate(ys):
            big = _major(j, rows)
            ld.line([(xs[0] - (wd // 2 if big else 0), y), (xs[-1] + (wd // 2 if big else 0), y)], fill=255,
                    width=wd if big else thin)
        m = _m(lay)
        halo = cv2.GaussianBlur(m, (0, 0), max(1.0, s / 30))
        arr = np.asarray(img, np.float32)
        arr = arr * (1 - 0.22 * halo)[..., None]
        arr = arr * (1 - m[..., None]) + np.array((70, 42, 24), np.float32) * m[..., None]
        img.paste(Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8)))
        return
    # tile_wall: grey grout between the panel's small tiles, cobalt listello strips for the block lines and frame
    d = ImageDraw.Draw(img)
    gw = max(1, round(s / 16))
    for i, x in enumerate(xs):
        if not _major(i, cols):
            d.line([(x, ys[0]), (x, ys[-1])], fill=(150, 150, 146), width=gw)
    for j, y in enumerate(ys):
        if not _major(j, rows):
            d.line([(xs[0], y), (xs[-1], y)], fill=(150, 150, 146), width=gw)
    wd = max(3, round(s / 8))
    for i, x in enumerate(xs):
        if _major(i, cols):
            d.line([(x, ys[0] - wd // 2), (x, ys[-1] + wd // 2)], fill=(26, 42, 110), width=wd)
            d.line([(x - wd / 4, ys[0]), (x - wd / 4, ys[-1])], fill=(70, 92, 170), width=1)
    for j, y in enumerate(ys):
        if _major(j, rows):
            d.line([(xs[0] - wd // 2, y), (xs[-1] + wd // 2, y)], fill=(26, 42, 110), width=wd)
            d.line([(xs[0], y - wd / 4), (xs[-1], y - wd / 4)], fill=(70, 92, 170), width=1)


def _redraw_whole31(layout: dict[str, Any], style: Style31, row_vals, col_vals, rng: random.Random,
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
    if kind == "laser_plywood":  # a birch plywood board: a hanging hole, an engraved title, a burnt cut edge
        bm = 0.7 * base
        tb = 1.5 * base
        W = round(max(pw + 2 * bm, 0.85 * target[0]))
        H = round(tb + ph + 1.6 * bm)
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        wave = 3 * _blurred_noise(g, H, W, 0.05 * max(H, W))
        grain = 1 + 0.035 * np.sin(yy / 2.6 + wave) + 0.02 * _blurred_noise(g, H, W, 1.0)
        board = np.array(WOOD, np.float32) * grain[..., None]
        across = np.minimum.reduce([xx, yy, W - 1 - xx, H - 1 - yy])
        board *= (1 - 0.45 * np.clip(1 - across / 3.0, 0, 1))[..., None]  # the laser-cut edge, burnt brown
        img = Image.fromarray(np.clip(board, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        hr = 0.18 * base
        hx, hy = W / 2, 0.4 * base
        d.ellipse([hx - hr - 1.5, hy - hr - 1.5, hx + hr + 1.5, hy + hr + 1.5], fill=(128, 86, 50))
        d.ellipse([hx - hr, hy - hr, hx + hr, hy + hr], fill=(64, 50, 40))
        tf = _fit_text(UI_BOLD, "PICTURE LOGIC", round(0.5 * base), W * 0.7)
        d.text((W / 2, 0.4 * base + hr + 0.55 * base), "PICTURE LOGIC", font=tf, fill=(98, 60, 32), anchor="mm")
        ex = (W - 2 * bm - pw) / 2
        gx0, gy0 = bm + ex + row_w + pad * 1.4, tb + col_h + pad * 1.4
        keep = [gx0 - pad * 1.4 - row_w - 4, gy0 - pad * 1.4 - col_h - 4, gx0 + gw + 4, gy0 + gh + 4]
    else:  # tile_wall: large white tiles with faint grout; the clues hand-painted on them
        m_ = 0.9 * base
        rail = 1.6 * base  # wall left below the puzzle for the towel rail
        W = round(max(pw + 2 * m_, 0.85 * target[0]))
        H = round(ph + 2 * m_ + rail)
        T = base * rng.uniform(2.1, 2.4)
        ox, oy = rng.uniform(0, T), rng.uniform(0, T)
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        ti, tj = np.floor((xx - ox) / T).astype(np.int64), np.floor((yy - oy) / T).astype(np.int64)
        tones = g.uniform(0.975, 1.015, (int(H / T) + 3, int(W / T) + 3)).astype(np.float32)
        wall = np.array(TILE_WHITE, np.float32) * tones[tj + 1, ti + 1][..., None]
        fx, fy = ((xx - ox) % T) / T, ((yy - oy) % T) / T
        wall *= (1 + 0.012 * (fx + fy - 1))[..., None]  # each tile's glaze catching the light a little unevenly
        grout = (((xx - ox) % T) < 2) | (((yy - oy) % T) < 2)
        wall[grout] = (212, 212, 206)
        img = Image.fromarray(np.clip(wall, 0, 255).astype(np.uint8))
        ex = (W - 2 * m_ - pw) / 2
        gx0, gy0 = m_ + ex + row_w + pad * 1.4, m_ + col_h + pad * 1.4
        keep = [gx0 - pad * 1.4 - row_w - 4, gy0 - pad * 1.4 - col_h - 4, gx0 + gw + 4, gy0 + gh + 4]
        d = ImageDraw.Draw(img)
        d.rectangle([gx0, gy0, gx0 + gw, gy0 + gh], fill=(244, 246, 242))  # the panel's small tiles
    xs = [gx0 + sum(cws[:i]) for i in range(cols + 1)]
    ys = [gy0 + sum(chs[:j]) for j in range(rows + 1)]
    L = {"grid_bbox": [xs[0], ys[0], xs[-1], ys[-1]], "rows": rows, "cols": cols, "cw": gw / cols, "ch": gh / rows,
         "cell_px": base, "xs": xs, "ys": ys, "x0s": xs[:-1], "y0s": ys[:-1], "keep": keep}
    d = ImageDraw.Draw(img)
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


def _desk(g: np.random.Generator, H: int, W: int, colour, grain: float = 0.05) -> np.ndarray:
    """A wooden desk top: ``colour`` with long grain along it."""
    bg = _surface(g, H, W, colour, 0.04, 3)
    yy = np.arange(H, dtype=np.float32)[:, None]
    return bg * (1 + grain * np.sin(yy / 5 + 3 * _blurred_noise(g, H, W, 18)))[..., None]


def _page31(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    big = max(h, w)
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "baize_table":  # the page on a snooker table's green baize below its cushion, a red ball beside it
        M = round(0.12 * big)
        deg = rng.uniform(-4.0, 4.0)
        Hr, Wr = _rot_size(h, w, deg)
        H, W = Hr + 2 * M + 90, Wr + 2 * M + 90
        bg = np.empty((H, W, 3), np.float32)
        bg[:] = (30, 104, 58)
        bg *= (1 + 0.05 * g.standard_normal((H, W)).astype(np.float32) + 0.04 * _blurred_noise(g, H, W, 3))[..., None]
        rail, cush = round(0.3 * M), round(0.62 * M)
        bg[:rail] = np.array((112, 64, 32), np.float32) * (1 + 0.06 * np.sin(
            np.arange(W, dtype=np.float32) / 7 + 2 * _blurred_noise(g, 1, W, 20)[0]))[None, :, None]
        yy = np.arange(rail, cush, dtype=np.float32)[:, None, None]
        bg[rail:cush] = np.array((22, 84, 46), np.float32) * (0.8 + 0.5 * (yy - rail) / max(1, cush - rail))
        bg[cush:cush + 3] *= 0.6
        out = _on_table(a, bg, deg, (M, M), 0.3, g)
        Ho, Wo = out.shape[:2]
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        R = 0.3 * M
        bx, by = Wo - 0.5 * M, Ho * rng.uniform(0.55, 0.8)
        d.ellipse([bx - R + 0.25 * R, by - R + 0.3 * R, bx + R + 0.25 * R, by + R + 0.3 * R], fill=(18, 64, 36))
        d.ellipse([bx - R, by - R, bx + R, by + R], fill=(176, 22, 30))
        d.ellipse([bx - 0.85 * R, by - 0.85 * R, bx + 0.6 * R, by + 0.6 * R], fill=(196, 30, 38))
        d.ellipse([bx - 0.55 * R, by - 0.6 * R, bx - 0.25 * R, by - 0.3 * R], fill=(246, 220, 220))
        out = _noisy(np.asarray(img, np.float32), g, 1.8)
        return _perspective(out, rng.uniform(0.02, 0.04), (24, 80, 44))
    if e == "fly_screen":  # the page on a garden table photographed through an insect fly screen, a little soft
        M = round(0.07 * big)
        deg = rng.uniform(-2.0, 2.0)
        Hr, Wr = _rot_size(h, w, deg)
        bg = _desk(g, Hr + 2 * M + 90, Wr + 2 * M + 90, (132, 100, 70), 0.08)
        out = _on_table(a, bg, deg, (M, M), 0.3, g)
        out = _perspective(out, rng.uniform(0.02, 0.03), (120, 94, 66)).astype(np.float32)
        H, W = out.shape[:2]
        p = max(3, round(0.0055 * big))  # the mesh, close to the lens: square to the picture, a whole number of pixels
        yy, xx = np.mgrid[0:H, 0:W]
        mesh = (((xx % p) == 0) | ((yy % p) == 0)).astype(np.float32)
        mesh = cv2.GaussianBlur(mesh, (0, 0), 0.6)
        alpha = (0.3 * mesh)[..., None]
        out = out * (1 - alpha) + np.array((34, 36, 38), np.float32) * alpha
        fb = round(0.035 * big)  # the screen's aluminium frame down the left edge
        shade = 0.75 + 0.35 * np.sin(np.linspace(0, math.pi, fb, dtype=np.float32))
        out[:, :fb] = np.array((168, 170, 176), np.float32) * shade[None, :, None]
        out = cv2.GaussianBlur(out, (0, 0), 0.6)
        return _noisy(out, g, 2.0)
    if e == "origami_crane_margin":  # a red paper crane standing on the widened left margin
        ml = round(0.3 * w)
        page = _extend(a, left=ml)
        Hp, Wp = page.shape[:2]
        R = 0.42 * ml
        cx, cy = ml * 0.5, Hp * rng.uniform(0.35, 0.65)
        ang = rng.uniform(-0.15, 0.15)
        pieces = (([(-0.35, 0.0), (0.0, -0.2), (0.35, 0.0), (0.0, 0.28)], (196, 52, 50)),  # body
                  ([(-0.1, -0.08), (-0.55, -0.95), (0.12, -0.06)], (226, 84, 76)),  # far wing
                  ([(0.3, 0.0), (0.78, -0.62), (0.38, -0.06)], (172, 40, 40)),  # neck
                  ([(0.78, -0.62), (0.98, -0.54), (0.76, -0.5)], (150, 34, 34)),  # head
                  ([(-0.3, 0.0), (-0.86, -0.56), (-0.36, -0.07)], (184, 46, 46)),  # tail
                  ([(-0.05, -0.04), (0.4, -0.9), (0.18, -0.02)], (210, 66, 62)))  # near wing
        polys = [(_rotated(pts, cx, cy, ang, R), c) for pts, c in pieces]
        lay, ld = _layer(Wp, Hp)
        for poly, _ in polys:
            ld.polygon(poly, fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.1 * R, 0.14 * R, 0.06 * R, 0.35)
        img = Image.fromarray(np.clip(pa, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        for poly, c in polys:
            d.polygon(poly, fill=c, outline=tuple(int(v * 0.7) for v in c))
        M = round(0.05 * big)
        bg = _desk(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (206, 184, 150))
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _noisy(out, g, 1.8)
    if e == "quill_margin":  # a barred feather quill and a glass inkwell lying on the widened right margin
        mr = round(0.3 * w)
        page = _extend(a, right=mr)
        Hp, Wp = page.shape[:2]
        x0 = _free_x(L, w)
        mw = Wp - x0
        p = (x0 + 0.3 * mw, Hp * rng.uniform(0.08, 0.14))
        q = (x0 + 0.72 * mw, Hp * rng.uniform(0.6, 0.68))
        ln = math.hypot(q[0] - p[0], q[1] - p[1])
        ux, uy = (q[0] - p[0]) / ln, (q[1] - p[1]) / ln
        vane = []
        for side in (1, -1):
            for t in (np.linspace(0.0, 0.78, 16) if side == 1 else np.linspace(0.78, 0.0, 16)):
                wd = 0.16 * mw * math.sin(math.pi * min(1.0, (t + 0.05) / 0.83)) ** 0.7 * (1.1 if side == 1 else 0.8)
                vane.append((p[0] + ux * t * ln - uy * wd * side, p[1] + uy * t * ln + ux * wd * side))
        bx, by = x0 + 0.5 * mw, Hp * rng.uniform(0.78, 0.86)
        bw, bh = 0.34 * mw, 0.2 * mw
        lay, ld = _layer(Wp, Hp)
        ld.polygon(vane, fill=255)
        ld.rectangle([bx - bw / 2, by - bh / 2, bx + bw / 2, by + bh / 2], fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.04 * mw, 0.05 * mw, 0.03 * mw, 0.35)
        img = Image.fromarray(np.clip(pa, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        d.polygon(vane, fill=(168, 126, 80))
        for t in np.linspace(0.05, 0.75, 14):  # dark bars across the vane and fine barbs
            cxb, cyb = p[0] + ux * t * ln, p[1] + uy * t * ln
            for side in (1, -1):
                d.line([(cxb, cyb), (cxb - uy * 0.17 * mw * side + ux * 0.05 * mw,
                                     cyb + ux * 0.17 * mw * side + uy * 0.05 * mw)],
                       fill=(96, 64, 38) if round(t * 20) % 3 == 0 else (190, 150, 104), width=max(1, round(mw / 80)))
        d.line([p, q], fill=(236, 226, 204), width=max(2, round(mw / 40)))
        d.line([(q[0] - ux * 0.06 * ln, q[1] - uy * 0.06 * ln), q], fill=(40, 34, 30), width=max(2, round(mw / 40)))
        d.rounded_rectangle([bx - bw / 2, by - bh / 2, bx + bw / 2, by + bh / 2], radius=bh * 0.2, fill=(34, 36, 56))
        d.rectangle([bx - bw * 0.18, by - bh * 0.75, bx + bw * 0.18, by - bh / 2], fill=(28, 28, 34))
        d.line([(bx - bw * 0.32, by - bh * 0.3), (bx - bw * 0.32, by + bh * 0.3)], fill=(170, 176, 200),
               width=max(2, round(mw / 50)))
        M = round(0.05 * big)
        bg = _desk(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (110, 70, 44))
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.35, g)
        return _noisy(out, g, 1.8)
    if e == "yarn_ball_margin":  # a ball of yarn with two knitting needles through it on the widened bottom margin
        mb = round(0.26 * h)
        page = _extend(a, bottom=mb)
        Hp, Wp = page.shape[:2]
        R = 0.36 * mb
        bx, by = Wp * rng.uniform(0.25, 0.4), h + mb * 0.55
        needles = []
        for k in range(2):
            a0 = math.radians(rng.uniform(-14, -6) if k == 0 else rng.uniform(6, 14))
            sx, sy = bx - 1.2 * R * math.cos(a0), by - 1.2 * R * math.sin(a0)
            ex_, ey_ = bx + 3.4 * R * math.cos(a0), by + 3.4 * R * math.sin(a0)
            sy, ey_ = max(sy, h + 0.12 * mb), max(min(ey_, Hp - 0.1 * mb), h + 0.12 * mb)
            needles.append(((sx, sy), (ex_, ey_)))
        lay, ld = _layer(Wp, Hp)
        ld.ellipse([bx - R, by - R, bx + R, by + R], fill=255)
        for p_, q_ in needles:
            ld.line([p_, q_], fill=255, width=max(3, round(R * 0.12)))
        pa = _shadow(page.astype(np.float32), lay, 0.08 * R, 0.12 * R, 0.08 * R, 0.35)
        img = Image.fromarray(np.clip(pa, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        yarn = (70, 128, 170)
        for (p_, q_) in needles[:1]:
            d.line([p_, q_], fill=(176, 180, 188), width=max(3, round(R * 0.12)))
        d.ellipse([bx - R, by - R, bx + R, by + R], fill=yarn)
        for k in range(22):  # the wound strands: the near halves of great circles at every tilt
            phi = rng.uniform(0, math.pi)
            rb = R * rng.uniform(0.15, 0.95)
            pts = [(bx + 0.96 * R * math.cos(t) * math.cos(phi) - rb * math.sin(t) * math.sin(phi),
                    by + 0.96 * R * math.cos(t) * math.sin(phi) + rb * math.sin(t) * math.cos(phi))
                   for t in np.linspace(0, math.pi, 24)]
            d.line(pts, fill=tuple(int(min(255, v * rng.choice((0.72, 1.18)))) for v in yarn),
                   width=max(1, round(R * 0.045)), joint="curve")
        for (p_, q_) in needles[1:]:
            d.line([p_, q_], fill=(196, 200, 208), width=max(3, round(R * 0.12)))
        for (p_, q_) in needles:
            r_ = max(3.0, R * 0.11)
            d.ellipse([q_[0] - r_, q_[1] - r_, q_[0] + r_, q_[1] + r_], fill=(206, 60, 70))
        tail = [(bx + R * (0.9 + 0.12 * k), by + R * (0.35 + 0.25 * math.sin(k * 0.45))) for k in range(24)]
        tail = [(x, min(y, Hp - 4)) for x, y in tail]
        d.line(tail, fill=yarn, width=max(2, round(R * 0.06)), joint="curve")
        M = round(0.05 * big)
        bg = _desk(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (170, 134, 96))
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _noisy(out, g, 1.8)
    if e == "sodium_streetlight":  # a night photo under an orange sodium street lamp: one warm hue, dim, grainy
        M = round(0.06 * big)
        deg = rng.uniform(-3.0, 3.0)
        Hr, Wr = _rot_size(h, w, deg)
        bg = _surface(g, Hr + 2 * M + 90, Wr + 2 * M + 90, (64, 62, 60), 0.08, 1.5)
        out = _on_table(a, bg, deg, (M, M), 0.4, g)
        H, W = out.shape[:2]
        lum = np.clip(_grey(out) / 255.0, 0, 1)
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        fall = 1.02 - 0.22 * np.hypot((xx - W * 0.4) / W, (yy + 0.2 * H) / H)
        lit = (lum * fall)[..., None]
        out = lit * np.array((255, 168, 74), np.float32) + (1 - lit) * np.array((16, 10, 6), np.float32)
        out = cv2.GaussianBlur(out, (0, 0), 0.7)
        return _noisy(out, g, 3.5)
    if e == "ironing_board":  # the page on an ironing board's quilted silver cover, the board's nose to the left
        M = round(0.16 * big)
        deg = rng.uniform(-3.0, 3.0)
        Hr, Wr = _rot_size(h, w, deg)
        H, W = Hr + 2 * M + 90, Wr + 2 * M + 90
        floor = _surface(g, H, W, (178, 170, 158), 0.05, 1.2)
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        top, bot = 0.4 * M, Hr + 1.6 * M
        mid, half = (top + bot) / 2, (bot - top) / 2
        nose = 1.6 * M  # the tapering nose, from under the page's left edge to a point in the left margin
        xr = np.clip((nose - xx) / nose, 0, 1)  # 0 on the straight part, 1 at the nose's tip
        inside = (np.abs(yy - mid) < half * np.clip(1 - xr, 0, 1) ** 0.55) & (xx > 0.05 * M) & (
            xx < Wr + 2 * M - 0.3 * M)
        lay = Image.fromarray((inside * 255).astype(np.uint8))
        floor = _shadow(floor, lay, 0.08 * M, 0.12 * M, 0.1 * M, 0.45)
        q = 0.06 * big
        quilt = (np.abs(((xx + yy) % q) - q / 2) < 1.0) | (np.abs(((xx - yy) % q) - q / 2) < 1.0)
        cover = np.empty((H, W, 3), np.float32)
        cover[:] = (200, 202, 208)
        cover *= (1 + 0.06 * _blurred_noise(g, H, W, 0.02 * big))[..., None]
        cover[quilt] *= 0.86
        bg = np.where(inside[..., None], cover, floor)
        out = _on_table(a, bg, deg, (M, M), 0.3, g)
        out = _noisy(out, g, 1.8)
        return _perspective(out, rng.uniform(0.02, 0.04), (170, 162, 150))
    if e == "microfilm_reader":  # the page on a microfilm reader's screen: warm and soft, a hood above, knobs below
        lum = np.clip(_grey(a) / 255.0, 0, 1)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        r2 = ((xx - w / 2) / (w / 2)) ** 2 + ((yy - h / 2) / (h / 2)) ** 2
        lit = (lum * (1.02 - 0.12 * r2))[..., None]
        screen = lit * np.array((246, 236, 212), np.float32) + (1 - lit) * np.array((44, 40, 34), np.float32)
        screen = cv2.GaussianBlur(screen, (0, 0), 0.8)
        bz, hood, foot = round(0.05 * big), round(0.1 * big), round(0.14 * big)
        W, H = w + 2 * bz, h + hood + bz + foot
        img = Image.new("RGB", (W, H), (192, 184, 166))
        d = ImageDraw.Draw(img)
        d.polygon([(0, 0), (W, 0), (W - bz * 0.6, hood), (bz * 0.6, hood)], fill=(110, 104, 92))
        d.rectangle([bz - 5, hood - 5, bz + w + 4, hood + h + 4], fill=(28, 28, 30))
        img.paste(Image.fromarray(np.clip(screen, 0, 255).astype(np.uint8)), (bz, hood))
        fy = hood + h + bz
        d.rectangle([0, fy - bz * 0.4, W, H], fill=(170, 162, 146))
        lf = _font(UI_BOLD, max(9, round(foot * 0.16)))
        for k, word in enumerate(("FOCUS", "ZOOM", "SCAN")):
            kx = W * (0.25 + 0.25 * k)
            R = foot * 0.22
            ky = fy + foot * 0.38
            d.ellipse([kx - R, ky - R, kx + R, ky + R], fill=(58, 56, 54))
            d.ellipse([kx - R * 0.7, ky - R * 0.7, kx + R * 0.7, ky + R * 0.7], fill=(84, 82, 78))
            d.line([(kx, ky - R * 0.65), (kx, ky - R * 0.2)], fill=(220, 216, 206), width=2)
            d.text((kx, ky + R + foot * 0.12), word, font=lf, fill=(70, 66, 58), anchor="mm")
        out = _noisy(np.asarray(img, np.float32), g, 1.6)
        return _perspective(out, rng.uniform(0.02, 0.03), (60, 58, 54))
    if e == "drafting_compass":  # a drafting compass lying on the widened right margin, the page on a drafting board
        mr = round(0.3 * w)
        page = _extend(a, right=mr)
        Hp, Wp = page.shape[:2]
        x0 = _free_x(L, w)
        mw = Wp - x0
        cx, cy = x0 + 0.5 * mw, Hp * rng.uniform(0.18, 0.26)
        legl = min(0.55 * Hp, Hp - cy - 0.06 * Hp)
        spread = min(math.radians(12), math.atan(0.36 * mw / legl))
        lay, ld = _layer(Wp, Hp)
        legs = []
        for sgn in (-1, 1):
            tip = (cx + sgn * legl * math.sin(spread), cy + legl * math.cos(spread))
            nx_, ny_ = math.cos(spread), -sgn * math.sin(spread)
            wd = 0.05 * mw
            poly = [(cx - nx_ * wd, cy - ny_ * wd), (cx + nx_ * wd, cy + ny_ * wd),
                    (tip[0] + nx_ * wd * 0.25, tip[1] + ny_ * wd * 0.25),
                    (tip[0] - nx_ * wd * 0.25, tip[1] - ny_ * wd * 0.25)]
            legs.append((poly, tip, sgn))
            ld.polygon(poly, fill=255)
        hr = 0.07 * mw
        ld.ellipse([cx - hr, cy - hr, cx + hr, cy + hr], fill=255)
        ld.rectangle([cx - 0.025 * mw, cy - 0.2 * mw, cx + 0.025 * mw, cy], fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.03 * mw, 0.05 * mw, 0.02 * mw, 0.35)
        img = Image.fromarray(np.clip(pa, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        for poly, tip, sgn in legs:
            d.polygon(poly, fill=(176, 180, 188), outline=(110, 114, 122))
            ext = (tip[0] + sgn * 0.04 * mw * math.sin(spread), tip[1] + 0.06 * mw)
            d.line([tip, ext], fill=(40, 40, 44) if sgn > 0 else (120, 124, 130), width=max(1, round(mw / 60)))
        d.ellipse([cx - hr, cy - hr, cx + hr, cy + hr], fill=(150, 154, 162), outline=(96, 100, 108))
        d.rectangle([cx - 0.025 * mw, cy - 0.2 * mw, cx + 0.025 * mw, cy - hr * 0.6], fill=(120, 124, 132))
        for k in range(1, 6):  # the knurled handle
            yk = cy - 0.2 * mw + k * 0.025 * mw
            d.line([(cx - 0.025 * mw, yk), (cx + 0.025 * mw, yk)], fill=(84, 88, 96), width=1)
        M = round(0.05 * big)
        bg = _surface(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (168, 196, 170), 0.03, 4)
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _noisy(out, g, 1.8)
    if e == "lens_flare":  # a photo with a lens flare from a window: a veil in one corner, a streak and faint ghosts
        M = round(0.07 * big)
        deg = rng.uniform(-2.0, 2.0)
        Hr, Wr = _rot_size(h, w, deg)
        bg = _surface(g, Hr + 2 * M + 90, Wr + 2 * M + 90, (74, 78, 88), 0.05, 2)
        out = _on_table(a, bg, deg, (M, M), 0.35, g)
        H, W = out.shape[:2]
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        sx, sy = rng.uniform(0.0, 0.06) * W, rng.uniform(0.0, 0.05) * H
        dist = np.hypot(xx - sx, yy - sy)
        veil = 60 * np.exp(-dist / (0.26 * big))
        streak = 50 * np.exp(-((yy - sy) / max(2.0, 0.004 * big)) ** 2) * np.exp(-np.abs(xx - sx) / (0.5 * W))
        theta = np.arctan2(yy - sy, xx - sx)
        core = 220 * np.exp(-(dist / (0.025 * big)) ** 2)
        rays = 90 * np.exp(-dist / (0.09 * big)) * np.abs(np.cos(3 * theta + rng.uniform(0, 1))) ** 40
        out = out + (veil + streak + core + rays)[..., None] * np.array((1.0, 0.96, 0.88), np.float32)
        vx, vy = W / 2 - sx, H / 2 - sy
        for k, tint in zip((0.55, 0.9, 1.3, 1.6), ((150, 220, 170), (220, 160, 230), (240, 210, 140), (160, 190, 250))):
            gx_, gy_ = sx + vx * k, sy + vy * k
            r = rng.uniform(0.03, 0.07) * big
            hexd = np.maximum.reduce([np.abs((xx - gx_) * math.cos(t) + (yy - gy_) * math.sin(t))
                                      for t in (0.0, math.pi / 3, 2 * math.pi / 3)])
            ghost = np.clip((r - hexd) / 2.0, 0, 1) * rng.uniform(0.06, 0.1)
            out = out + ghost[..., None] * (np.array(tint, np.float32) - out * 0.3)
        out = np.clip(out, 0, 255)
        return _noisy(out, g, 2.0)
    if e == "workbench_sawdust":  # the plywood board on a workbench: sawdust round it, a carpenter's pencil beside it
        M = round(0.06 * big)
        mr = round(0.16 * big)
        deg = rng.uniform(-2.5, 2.5)
        Hr, Wr = _rot_size(h, w, deg)
        H, W = Hr + 2 * M + 90, Wr + 2 * M + mr + 90
        bench = _desk(g, H, W, (150, 112, 72), 0.07)
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        for _ in range(6):  # scratches
            x0_, y0_ = rng.uniform(0, W), rng.uniform(0, H)
            an, ln = rng.uniform(0, math.pi), rng.uniform(0.05, 0.2) * big
            t, n, _ = _stroke_coords((x0_, y0_), (x0_ + ln * math.cos(an), y0_ + ln * math.sin(an)), xx, yy)
            bench[(np.abs(n) < 0.8) & (t > 0) & (t < 1)] *= 0.8
        dust = g.random((H, W)) > 0.985
        bench[dust] = np.array((232, 206, 160), np.float32) * g.uniform(0.85, 1.05, (int(dust.sum()), 1))
        out = _on_table(a, bench[:, :W - mr], deg, (M, M), 0.4, g)
        full = bench[:out.shape[0], :out.shape[1] + mr].copy()
        full[:, :out.shape[1]] = out
        Ho, Wo = full.shape[:2]
        img = Image.fromarray(np.clip(full, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        px_ = Wo - mr * 0.5
        p0, p1 = (px_ - mr * 0.12, Ho * 0.2), (px_ + mr * 0.12, Ho * 0.75)
        ln = math.hypot(p1[0] - p0[0], p1[1] - p0[1])
        ux, uy = (p1[0] - p0[0]) / ln, (p1[1] - p0[1]) / ln
        wd = 0.16 * mr
        body = [(p0[0] - uy * wd, p0[1] + ux * wd), (p0[0] + uy * wd, p0[1] - ux * wd),
                (p1[0] + uy * wd, p1[1] - ux * wd), (p1[0] - uy * wd, p1[1] + ux * wd)]
        tip = (p1[0] + ux * 0.25 * ln * 0.4, p1[1] + uy * 0.25 * ln * 0.4)
        d.polygon([(b[0] + 0.25 * wd, b[1] + 0.4 * wd) for b in body], fill=(104, 76, 50))
        d.polygon(body, fill=(196, 40, 36), outline=(140, 26, 24))
        d.polygon([body[2], body[3], tip], fill=(226, 196, 150))
        d.polygon([((body[2][0] + tip[0]) / 2, (body[2][1] + tip[1]) / 2),
                   ((body[3][0] + tip[0]) / 2, (body[3][1] + tip[1]) / 2), tip], fill=(50, 50, 54))
        out = _noisy(np.asarray(img, np.float32), g, 1.8)
        return _perspective(out, rng.uniform(0.02, 0.04), (130, 96, 60))
    if e == "towel_rail":  # the tile wall photographed: a chrome towel rail below the puzzle, a towel folded over it
        ybot = int(L["keep"][3]) + 8
        img = Image.fromarray(a)
        d = ImageDraw.Draw(img)
        room = h - ybot
        ry = ybot + 0.35 * room
        rr = max(3.0, 0.07 * room)
        xa, xb = 0.12 * w, 0.88 * w
        tx0, tx1 = w * rng.uniform(0.3, 0.4), w * rng.uniform(0.6, 0.7)
        d.rectangle([tx0 + 0.03 * w, ry + rr, tx1 + 0.03 * w, min(h - 3, ry + 0.6 * room) + 4], fill=(196, 198, 196))
        for x in (xa, xb):
            d.ellipse([x - 2.2 * rr, ry - 2.2 * rr, x + 2.2 * rr, ry + 2.2 * rr], fill=(150, 154, 160))
            d.ellipse([x - 1.6 * rr, ry - 1.6 * rr, x + 1.6 * rr, ry + 1.6 * rr], fill=(214, 218, 224))
        for k in range(int(2 * rr) + 1):  # the rail: a chrome cylinder, bright along its upper middle
            t = k / max(1, int(2 * rr))
            v = int(120 + 120 * math.exp(-((t - 0.3) / 0.18) ** 2))
            d.line([(xa, ry - rr + k), (xb, ry - rr + k)], fill=(v, v + 2, v + 6))
        bot = min(h - 3, ry + 0.6 * room)
        for k, x in enumerate(np.arange(tx0, tx1, max(4.0, 0.02 * w))):
            c = (44, 136, 140) if (k // 3) % 2 == 0 else (236, 236, 228)
            d.rectangle([x, ry - rr * 1.1, x + max(4.0, 0.02 * w), bot], fill=c)
        d.line([(tx0, ry - rr * 1.1), (tx1, ry - rr * 1.1)], fill=(30, 100, 104), width=2)
        out = np.asarray(img, np.float32)
        yy = np.arange(h, dtype=np.float32)[:, None, None]
        out = out * (1.03 - 0.08 * yy / h) * np.array((1.02, 1.0, 0.96), np.float32)
        out = _noisy(out, g, 1.8)
        return _perspective(out, rng.uniform(0.03, 0.05), (200, 202, 198))
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page31(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style31,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, mean cell width ``cw`` and height ``ch``, the column and row edges ``xs`` and
    ``ys``, and ``keep``, the box round the clues and the grid; ``_box25`` gives a cell's box)."""
    rng = random.Random(f"h31:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = _change31(truth, style.clue_change, rng) if plan["clue"] else None
    row_vals, col_vals = _line_values(truth, change)
    if style.redraw:
        img, L = _redraw_whole31(layout, style, row_vals, col_vals, rng, (inp.shape[1], inp.shape[0]))
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
                _draw_fill31(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill31(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline31(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross31(img, box, style, rng)
            elif not ((r, c) in filled and style.missing_bare):
                _draw_empty31(img, box, style.empty, rng)
    if style.redraw:
        _draw_redraw_grid31(img, L, style.redraw, rng)
    else:
        _draw_grid31(img, L, rng, style.grid, inp)
    return np.asarray(img), rng, L


def make_answer31(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style31,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page31(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page31(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
