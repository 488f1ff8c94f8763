"""HELDOUT34, measured blind on commits 0c54a9e (rubric 71, the forty-first session's start) and on rubric 72 (its end),
never looked at: **388/432** right (89.8 %) on both, each answer alike, **0 false passes**, 2 unreadable, 1 confident
false fail, 33/72 error-free right (seed 5, ``tools/measure_nonogram_family.py nonogram_heldout34:HELDOUT34 --seed 5``).
By planted error: none 33/72, extra_light 71, extra_outline 71, x_instead 72, missing 71, clue_changed 70 (of 72 each).
Held out: measured as counts only, its answers never looked at.

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved nonogram:
clue fonts from Debian packages no earlier nonogram family, test, install list or digit-reader training names
(fonts-arphic-bsmi00lp, fonts-lohit-beng-bengali, fonts-dzongkha, fonts-gujr-extra, fonts-lohit-gujr, fonts-paktype,
fonts-tibetan-machine, fonts-arabeyes, fonts-guru-extra, fonts-lohit-mlym, fonts-beng-extra): a light Times-like serif
(the Latin of AR PL Mingti2L Big5, drawn with a one-pixel heavier pen), a light, thin sans (Lohit Bengali, drawn with a
one-pixel heavier pen), a Times-like book serif with large figures (Jomolhari), a bold Times-like serif (Padmaa Bold), a
plain geometric sans (Lohit Gujarati), a narrow geometric sans whose one is a bare stroke (PakType Naskh Basic), a
Century-Schoolbook-like serif (Tibetan Machine Uni), a Helvetica-like grotesque (AlArabiya from the Arabeyes set), a
light humanist sans (Saab, drawn with a one-pixel heavier pen), a wide, light sans (Lohit Malayalam, fired in enamel on
the sign with a one-pixel heavier pen) and a bold Helvetica-like grotesque (Mukti Bold, cut from felt on the felt
board); one style keeps the input's clues (its changed clue is that line's numbers erased and typed again in another
face, Mukti from fonts-beng-extra, a regular grotesque). Fills no earlier family uses (a tangle of squid-ink spaghetti,
heaped wild rice, heaped cloves, the tight curls of an astrakhan fleece, buttoned Chesterfield leather, potting soil
with perlite, a slice of pumpernickel, rolled gunpowder tea, a sea urchin's spines, striated black tourmaline crystals,
navy vitreous enamel, black felt); empty-cell marks drawn in new ways (a white hole-reinforcement ring sticker, a small
x in silver gel pen, a fingernail's crescent pressed into the paper, a small yellow felt disc on the felt board); the
planted errors drawn in new ways (pale anchors, daisies, acorns or umbrellas, each over a light tint; a frame of a
theatre marquee's bulbs, of a leafy vine, of book spines standing round the cell, of a dry-stone wall; an X of two
crossed paintbrushes, of two screwdrivers, of two rulers, of two hammers; all in the fill's colour, darkened where the
fill is a light one); a changed clue that gains a number, loses one, has one split in two, has two merged into their
sum, has one off by one, is swapped with its neighbour line's, has a number inserted between two of its numbers, has its
numbers rotated by one place, has its numbers written in ascending order (``sorted``: new here), or (on the page that
keeps the input's clues) has one number one more or less; a missing fill left bare on a page whose other empty cells
carry marks; grids drawn in new ways (pen lines under block lines of black vinyl-coated paper clips linked end to end;
pen lines under block lines of bobby pins laid end to end; pen lines under block lines of red-and-white striped paper
straws; pen lines under block lines of black paper quilling strips standing on edge, coiled past the grid's far edges);
two styles that redraw the whole puzzle in a new medium (a vitreous enamel sign, white with a navy border and a
pinstripe, rivets at its corners, the clues and the grid fired in navy enamel; a felt board in an aluminium frame, the
clues cut from dark felt, the grid laid in black felt strips and the fills black felt squares, small yellow felt discs
in the empty cells); and page changes no earlier family uses (the page on a wooden chopping board scored by knives, a
sprig of rosemary beside it; on a purple yoga mat; on a floor of small white hexagonal tiles with black ones in a
regular scatter; a pine cone on the widened right margin; half a lemon on the widened bottom margin; a watercolour tin
and a brush on the widened left margin; a dim room under a disco ball's coloured spots of light; a fingertip over the
lens's corner, blurred, over the page's blank corner; the page sealed in a clear zip bag, its film's glints and haze; on
a polished concrete floor; the enamel sign screwed to a white clapboard wall; the felt board on interlocking foam
play-mat tiles).

Clues written anew on the input's page are sized by their digits' height and fitted to its clue strips (as in HELDOUT25
to HELDOUT33); the redrawn puzzles space their clues by the digits' height.

Doubts noted rather than made unfair: the Mingti2L Latin, Lohit Bengali, Saab and Lohit Malayalam are light faces (drawn
with a one-pixel heavier pen); PakType Naskh Basic is narrow and its one a bare stroke (its numbers set wider apart, as
Lohit Bengali's are); Jomolhari's figures are large for their size; the disco spots tint the page here and there in
colour over a dimmed photo (each spot adds the same light to a digit and to the paper round it); the fingertip is a
soft, blurred pink blob at the photo's top-left corner, over the table and the page's blank corner above the row clues
and left of the column clues, never over a clue or the grid; the zip bag's film lowers the contrast a little and lays a
few soft glints across the page; the chopping board, the yoga mat, the tiles, the concrete, the clapboard and the foam
tiles lie round the page, never on it; the rosemary, the pine cone, the lemon, the watercolour tin and brush lie off the
puzzle or on widened margins, and none carries a digit; the paper-clip, bobby-pin, straw and quilling block lines are
broader and less even than a ruled line (the straws striped red and white, the clips a double loop of wire); the
spaghetti, rice, clove, astrakhan, leather, soil, pumpernickel, tea, urchin, tourmaline, enamel and felt fills have some
paler features (glints, streaks, lit flanks, curls' highlights, the leather's domes, perlite, rye kernels, wrinkles,
spine tips, striations, a gloss, fibres) over a dark ground, and a person sees a filled cell at once; the reinforcement
ring is a white sticker seen by its rim and shadow; the planted pale marks are a light tint with darker-than-tint shapes
over it, plainly darker than the paper; the sorted clue changes only the order of a line's numbers; the retyped clue
line on the page that keeps the input's clues is in a different face from its neighbours; the style names begin ``s_``
as HELDOUT28's to HELDOUT33's do (the names themselves differ from every earlier one).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer34` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout34:HELDOUT34`` measures them like the earlier families.
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
from nonogram_heldout30 import _rotated, _shadow
from nonogram_heldout32 import _draw_grid32, _grain, _hex_pts, _nearest, _smooth, _table, _wood
from nonogram_heldout33 import _change33, _major_segments, _page_on, _pen_minors, _second_nearest, _staggered
from PIL import Image, ImageDraw

WHITE = (255, 255, 255)


@dataclass(frozen=True)
class Style34(Style):
    """A HELDOUT34 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``enamel_sign``, ``felt_board``; empty keeps the input's
    frame), ``clue_change`` how a planted clue_changed answer alters its line (as in HELDOUT33, or ``sorted``: its
    numbers written in ascending order) and ``missing_bare`` whether a missing fill is left bare rather than marked
    like the other empty cells. ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""
    clue_change: str = "extra"
    missing_bare: bool = False

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer34(input_image, layout, truth, self, error, seed)


HELDOUT34 = (
    Style34("s_bsmi_squidink_choppingboard", "squid_ink_pasta", (24, 22, 28), "none", "bsmi00lp.ttf",
            ("chopping_board", "jpeg"), clue_scale=(1.04, 1.12), clue_stroke=1, grid="paperclip_majors",
            light_mark="light_anchors", outline_mark="outline_marquee", cross_mark="heavy_x_paintbrushes",
            clue_change="sorted"),
    Style34("s_lohitbengali_wildrice_yogamat", "wild_rice", (34, 26, 30), "reinforcement_ring", "Lohit-Bengali.ttf",
            ("yoga_mat", "jpeg"), clue_scale=(1.02, 1.1), clue_stroke=1, clue_gap=(0.65, 0.85),
            grid="bobby_pin_majors", light_mark="light_daisies", outline_mark="outline_vine",
            cross_mark="heavy_x_screwdrivers", clue_change="extra", missing_bare=True),
    Style34("s_jomolhari_cloves_hextiles", "cloves", (50, 30, 22), "none", "Jomolhari-alpha3c-0605331.ttf",
            ("hex_tile_floor", "jpeg"), clue_scale=(1.0, 1.08), grid="straw_majors", light_mark="light_acorns",
            outline_mark="outline_bookshelf", cross_mark="heavy_x_rulers", clue_change="split"),
    Style34("s_padmaa_astrakhan_pinecone", "astrakhan", (30, 28, 28), "silver_gel_x", "padmaa-Bold.1.1.ttf",
            ("pinecone_margin", "jpeg"), clue_scale=(1.0, 1.08), grid="quilling_majors", light_mark="light_umbrellas",
            outline_mark="outline_drystone", cross_mark="heavy_x_hammers", clue_change="drop", missing_bare=True),
    Style34("s_lohitgujarati_chesterfield_lemon", "chesterfield", (34, 26, 24), "none", "Lohit-Gujarati.ttf",
            ("lemon_margin", "jpeg"), clue_scale=(1.0, 1.08), grid="paperclip_majors", light_mark="light_daisies",
            outline_mark="outline_bookshelf", cross_mark="heavy_x_hammers", clue_change="merge"),
    Style34("s_paktype_pottingsoil_paintbox", "potting_soil", (40, 32, 28), "nail_crescent", "PakType Naskh Basic.ttf",
            ("paintbox_margin", "jpeg"), clue_scale=(1.04, 1.12), clue_gap=(0.8, 1.0), grid="bobby_pin_majors",
            light_mark="light_anchors", outline_mark="outline_drystone", cross_mark="heavy_x_rulers",
            clue_change="sorted", missing_bare=True),
    Style34("s_tibetanmachine_pumpernickel_disco", "pumpernickel", (46, 32, 26), "none", "TibetanMachineUni.ttf",
            ("disco_spots", "jpeg"), clue_scale=(1.0, 1.08), grid="straw_majors", light_mark="light_umbrellas",
            outline_mark="outline_marquee", cross_mark="heavy_x_screwdrivers", clue_change="swap_lines"),
    Style34("s_alarabiya_gunpowdertea_fingertip", "gunpowder_tea", (34, 40, 32), "reinforcement_ring",
            "ae_AlArabiya.ttf", ("finger_over_lens", "jpeg"), clue_scale=(1.0, 1.08), grid="quilling_majors",
            light_mark="light_acorns", outline_mark="outline_vine", cross_mark="heavy_x_paintbrushes",
            clue_change="off_by_one", missing_bare=True),
    Style34("s_saab_urchin_ziplock", "urchin_spines", (30, 22, 36), "none", "Saab.ttf", ("ziplock_bag", "jpeg"),
            clue_scale=(1.04, 1.12), clue_stroke=1, grid="paperclip_majors", light_mark="light_daisies",
            outline_mark="outline_drystone", cross_mark="heavy_x_hammers", clue_change="insert_middle"),
    Style34("s_keptclues_schorl_concrete", "schorl_crystals", (30, 30, 34), "silver_gel_x", None,
            ("concrete_floor", "jpeg"), grid="kept", light_mark="light_anchors", outline_mark="outline_bookshelf",
            cross_mark="heavy_x_screwdrivers", clue_change="retyped_line", missing_bare=True),
    Style34("s_lohitmalayalam_enamel_redrawsign", "vitreous_enamel", (22, 32, 72), "none", "Lohit-Malayalam.ttf",
            ("clapboard_wall", "jpeg"), clue_colour=(22, 36, 96), clue_scale=(1.04, 1.12), clue_stroke=1,
            light_mark="light_acorns",
            outline_mark="outline_marquee", cross_mark="heavy_x_rulers", clue_change="sorted", redraw="enamel_sign"),
    Style34("s_muktibold_felt_redrawfeltboard", "black_felt", (30, 30, 34), "felt_button", "Muktibold.ttf",
            ("foam_play_mat", "jpeg"), clue_colour=(36, 36, 44), clue_scale=(1.04, 1.12),
            light_mark="light_umbrellas", outline_mark="outline_vine", cross_mark="heavy_x_paintbrushes",
            clue_change="rotated", missing_bare=True, redraw="felt_board"),
)

CHANGE_FONT = "Mukti.ttf"  # the retyped line of a changed clue on the page that keeps the input's clues


# ------------------------------------------------------------------------------------------ clue changes


def _change34(truth: dict[str, Any], mode: str, rng: random.Random) -> tuple[str, int, list[str]]:
    """A changed clue as :func:`_change33` makes it, or (``sorted``) a line whose numbers are written in ascending
    order (a line of three or more numbers whose sorted order is not simply its reverse first; where no line is out of
    ascending order, one unit is moved between two numbers as ``transfer`` does)."""
    if mode == "sorted":
        lines = []
        for kind in ("row", "col"):
            lines += [(kind, i, v) for i, v in enumerate(_values(truth[f"{kind}_clues"])) if sorted(v, key=int) != v]
        best = [x for x in lines if sorted(x[2], key=int) != x[2][::-1]]
        if best or lines:
            kind, i, v = rng.choice(best or lines)
            return kind, i, sorted(v, key=int)
        mode = "transfer"
    return _change33(truth, mode, rng)


# ------------------------------------------------------------------------------------------ fills


def _c(v) -> tuple[int, int, int]:
    return tuple(int(max(0, min(255, round(float(x))))) for x in v)


def _tex34(kind: str, w: int, h: int, colour, g: np.random.Generator, rng: random.Random) -> np.ndarray:
    """A filled cell's picture (h, w, 3 float) in ``kind``."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    if kind == "squid_ink_pasta":  # a tangle of black squid-ink spaghetti, glossy, each strand lit along one side
        img = Image.new("RGB", (w, h), _c(col * 0.4))
        d = ImageDraw.Draw(img)
        wd = max(2, round(s / 9))
        for _ in range(int(w * h / (s * wd) * 1.7) + 4):
            x, y = rng.uniform(-0.15, 1.15) * w, rng.uniform(-0.15, 1.15) * h
            a, bend = rng.uniform(0, 2 * math.pi), rng.uniform(-0.35, 0.35)
            pts = [(x, y)]
            for _ in range(rng.randint(6, 10)):
                a += bend + rng.uniform(-0.25, 0.25)
                x, y = x + math.cos(a) * s * 0.13, y + math.sin(a) * s * 0.13
                pts.append((x, y))
            d.line(pts, fill=_c(col * 0.25), width=wd + 2, joint="curve")
            d.line(pts, fill=_c(col * rng.uniform(0.95, 1.25)), width=wd, joint="curve")
            if wd >= 3:
                d.line([(px - wd * 0.22, py - wd * 0.22) for px, py in pts], fill=_c(_lift(col, 0.38)), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "wild_rice":  # heaped wild rice: long slender dark grains, each with a paler streak along it
        img = Image.new("RGB", (w, h), _c(col * 0.45))
        d = ImageDraw.Draw(img)
        ln0, wd0 = s / 3.0, max(2.2, s / 12)
        oval = [(0.5 * math.cos(t), 0.5 * math.sin(t) * wd0 / ln0) for t in np.linspace(0, 2 * math.pi, 18)]
        for _ in range(int(w * h / (ln0 * wd0) * 1.7) + 6):
            cx, cy, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, math.pi)
            ln = ln0 * rng.uniform(0.85, 1.1)
            d.polygon(_rotated(oval, cx, cy, a, ln), fill=_c(col * rng.uniform(0.9, 1.3)), outline=_c(col * 0.3))
            d.line(_rotated([(-0.33, -0.12 * wd0 / ln0), (0.33, -0.12 * wd0 / ln0)], cx, cy, a, ln),
                   fill=_c(_lift(col, 0.24)), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "cloves":  # heaped cloves: tapering stems, each crowned by four sepals round a round bud
        img = Image.new("RGB", (w, h), _c(col * 0.4))
        d = ImageDraw.Draw(img)
        sw = max(2, round(s / 11))
        ln0 = 0.36 * s
        for _ in range(int(w * h / (ln0 * sw) * 1.2) + 5):
            cx, cy, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, rng.uniform(0, 2 * math.pi)
            ln = ln0 * rng.uniform(0.8, 1.1)
            tone = col * rng.uniform(0.9, 1.2)
            ex, ey = cx + ln * math.cos(a), cy + ln * math.sin(a)
            d.line([(cx, cy), (ex, ey)], fill=_c(tone), width=sw)
            d.line([((cx + ex) / 2, (cy + ey) / 2), (ex, ey)], fill=_c(col * 0.7), width=max(1, sw - 1))
            d.line([(cx - 0.3 * sw * math.sin(a), cy + 0.3 * sw * math.cos(a)),
                    (ex - 0.3 * sw * math.sin(a), ey + 0.3 * sw * math.cos(a))], fill=_c(_lift(col, 0.2)), width=1)
            r = 0.075 * s
            for k in range(4):
                b = a + math.pi + (k - 1.5) * 0.75
                px, py = cx + 1.2 * r * math.cos(b), cy + 1.2 * r * math.sin(b)
                d.ellipse([px - 0.55 * r, py - 0.55 * r, px + 0.55 * r, py + 0.55 * r], fill=_c(tone * 0.85),
                          outline=_c(col * 0.3))
            bx, by = cx - 0.9 * r * math.cos(a), cy - 0.9 * r * math.sin(a)
            d.ellipse([bx - 0.8 * r, by - 0.8 * r, bx + 0.8 * r, by + 0.8 * r], fill=_c(_lift(tone, 0.12)),
                      outline=_c(col * 0.35))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "astrakhan":  # an astrakhan fleece: tight black curls, each an open ring lit on its upper left
        p = max(4.5, s / 4.0)
        pts = _hex_pts(w, h, p, rng, 0.2)
        idx, dn = _nearest(xx, yy, pts)
        P = np.array(pts, np.float32)
        th = np.arctan2(yy - P[idx, 1], xx - P[idx, 0])
        th0 = np.array([rng.uniform(0, 2 * math.pi) for _ in pts], np.float32)[idx]
        ph = (th - th0) % (2 * math.pi)
        rr = dn / p
        curl = (np.abs(rr - 0.24 - 0.1 * ph / (2 * math.pi)) < 0.11) & (ph > 0.6)
        tex = col * (0.55 + 0.1 * _noise0(g, h, w, max(0.8, s / 20)))[..., None]
        tex[curl] = col * 1.2
        lit = curl & (np.cos(th + 2.36) > 0.35)
        tex[lit] = _lift(col, 0.3)
        tex[rr < 0.1] = col * 0.35
    elif kind == "chesterfield":  # buttoned Chesterfield leather: domed diamonds, creases, a sunk button at each corner
        p = max(7.0, s / 1.8)
        ox, oy = rng.uniform(0, p), rng.uniform(0, p)
        u, v = (xx - ox + yy - oy) / p, (xx - ox - yy + oy) / p
        fu, fv = u - np.floor(u) - 0.5, v - np.floor(v) - 0.5
        dome = np.cos(math.pi * fu) * np.cos(math.pi * fv)
        tex = col * (0.5 + 0.65 * np.sqrt(np.clip(dome, 0, 1)) + 0.05 * _noise0(g, h, w, 0.7))[..., None]
        lit = np.clip(-(fu + 0.3 * fv) * 2.2, 0, 1) * dome
        tex += (_lift(col, 0.38) - tex) * (0.45 * lit ** 2)[..., None]
        tex[(np.abs(fu) > 0.45) | (np.abs(fv) > 0.45)] = col * 0.4
        bd = np.hypot(0.5 - np.abs(fu), 0.5 - np.abs(fv)) * p
        tex[bd < max(1.4, 0.09 * p)] = col * 0.3
        tex[(bd < max(1.4, 0.09 * p)) & (fu < 0) & (fv < 0) & (bd > 0.5 * max(1.4, 0.09 * p))] = _lift(col, 0.2)
    elif kind == "potting_soil":  # potting soil: dark crumbs, a bark chip or two, a few white grains of perlite
        tex = col * (0.85 + 0.22 * _noise0(g, h, w, max(1.0, s / 14)) + 0.12 * _noise0(g, h, w, 0.7))[..., None]
        crumbs = _noise0(g, h, w, max(0.8, s / 18))
        tex[crumbs > 1.2] = col * 1.25
        tex[crumbs < -1.3] = col * 0.5
        img = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        for _ in range(rng.randint(1, 3)):
            cx, cy, a = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0, math.pi)
            d.polygon(_rotated([(-0.5, -0.15), (0.4, -0.2), (0.5, 0.12), (-0.4, 0.18)], cx, cy, a, 0.22 * s),
                      fill=(92, 58, 38))
        for _ in range(int(1 + s * s / 520)):
            cx, cy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(s / 26, s / 15)
            poly = [(cx + r * rng.uniform(0.7, 1.1) * math.cos(t), cy + r * rng.uniform(0.7, 1.1) * math.sin(t))
                    for t in np.linspace(0, 2 * math.pi, 7, endpoint=False)]
            d.polygon(poly, fill=(226, 224, 216), outline=(170, 168, 160))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "pumpernickel":  # a slice of pumpernickel: dense dark crumb, cracked rye kernels, a darker crust
        tex = col * (0.9 + 0.12 * _noise0(g, h, w, max(1.0, s / 10)) + 0.1 * _noise0(g, h, w, 0.6))[..., None]
        tex[_noise0(g, h, w, max(0.8, s / 16)) > 1.4] = col * 0.5
        img = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        kern = _lift(col * np.array((1.5, 1.25, 1.0), np.float32), 0.16)
        oval = [(0.5 * math.cos(t), 0.28 * math.sin(t)) for t in np.linspace(0, 2 * math.pi, 14)]
        for _ in range(int(w * h / (s * s) * 7) + 2):
            cx, cy, a = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0, math.pi)
            u = s * rng.uniform(0.12, 0.17)
            d.polygon(_rotated(oval, cx, cy, a, u), fill=_c(kern * rng.uniform(0.9, 1.1)), outline=_c(col * 0.6))
            d.line(_rotated([(-0.35, 0), (0.35, 0)], cx, cy, a, u), fill=_c(col * 0.7), width=1)
        tex = np.asarray(img, np.float32).copy()
        across = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy])
        tex[across < max(1.5, 0.07 * s)] = col * 0.55
    elif kind == "gunpowder_tea":  # gunpowder tea: leaves rolled into small wrinkled pellets, dull grey-green
        r0 = max(2.5, s / 8.5)
        pts = _seeds(rng, int(w * h / (r0 * r0 * 3.0)) + 3, w, h, 0.12, 1.5 * r0)
        rad = np.array([r0 * rng.uniform(0.8, 1.15) for _ in pts], np.float32)
        idx, dn = _nearest(xx, yy, pts, rad)
        P = np.array(pts, np.float32)
        dx, dy = (xx - P[idx, 0]) / rad[idx], (yy - P[idx, 1]) / rad[idx]
        z = np.sqrt(np.clip(1 - dn * dn, 0, 1))
        wrinkle = _noise0(g, h, w, max(0.6, s / 32))
        tex = col * (0.45 + 0.6 * z * np.clip(0.8 - 0.35 * (dx + dy), 0, 1.2) + 0.18 * wrinkle * z)[..., None]
        tex[(wrinkle > 1.1) & (z > 0.3)] = _lift(col, 0.22)
        tex[dn >= 1] = col * 0.25
    elif kind == "urchin_spines":  # a sea urchin seen from above: long dark spines radiating, their tips catching light
        img = Image.new("RGB", (w, h), _c(col * 0.35))
        d = ImageDraw.Draw(img)
        cx, cy = w / 2 + rng.uniform(-0.15, 0.15) * s, h / 2 + rng.uniform(-0.15, 0.15) * s
        n = int(56 + 0.9 * s)
        wd = max(2, round(s / 26))
        for k in range(n):
            a = 2 * math.pi * k / n + rng.uniform(-0.03, 0.03)
            ln = s * rng.uniform(0.55, 0.85)
            p0 = (cx + 0.06 * s * math.cos(a), cy + 0.06 * s * math.sin(a))
            p1 = (cx + ln * math.cos(a), cy + ln * math.sin(a))
            d.line([p0, p1], fill=_c(col * rng.uniform(0.95, 1.35)), width=wd)
            if k % 2 == 0:
                d.line([(cx + 0.45 * ln * math.cos(a) - 0.4, cy + 0.45 * ln * math.sin(a) - 0.4),
                        (cx + 0.8 * ln * math.cos(a) - 0.4, cy + 0.8 * ln * math.sin(a) - 0.4)],
                       fill=_c(_lift(col, 0.34)), width=1)
        r = 0.1 * s
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=_c(col * 0.55))
        tex = np.asarray(img, np.float32).copy()
    elif kind == "schorl_crystals":  # black tourmaline: long prisms packed at angles, striated, one facet glassy
        img = Image.new("RGB", (w, h), _c(col * 0.45))
        d = ImageDraw.Draw(img)
        main = rng.uniform(0, math.pi)
        for _ in range(int(w * h / (s * s) * 5) + 3):
            cx, cy, a = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h, main + rng.uniform(-0.5, 0.5)
            ln, q = s * rng.uniform(0.6, 1.0), rng.uniform(0.12, 0.2)
            body = [(-0.5, -q), (0.42, -q), (0.5, 0), (0.42, q), (-0.5, q)]
            d.polygon(_rotated(body, cx, cy, a, ln), fill=_c(col * rng.uniform(0.9, 1.15)), outline=_c(col * 0.25))
            d.polygon(_rotated([(-0.5, -q), (0.42, -q), (0.5, 0), (-0.5, 0)], cx, cy, a, ln),
                      fill=_c(_lift(col, 0.1)))
            for f in (-0.65, -0.3, 0.3, 0.65):
                d.line(_rotated([(-0.48, f * q), (0.4, f * q)], cx, cy, a, ln), fill=_c(_lift(col, 0.22)), width=1)
        tex = np.asarray(img, np.float32).copy()
    elif kind == "vitreous_enamel":  # fired enamel on the sign: a glossy navy, fine orange peel, a window's reflection
        tex = col * (1 + 0.04 * _noise0(g, h, w, max(1.0, s / 8)) + 0.03 * _noise0(g, h, w, 0.8))[..., None]
        band = np.exp(-(((xx + 0.4 * yy) - 0.35 * s) / (0.12 * s)) ** 2) * np.clip(1 - yy / (0.7 * h), 0, 1)
        tex += (np.array((190, 200, 220), np.float32) - tex) * (0.3 * band)[..., None]
        tex[g.random((h, w)) > 0.996] = col * 0.45
        across = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy])
        tex[across < max(1.0, 0.05 * s)] = col * 0.7
    elif kind == "black_felt":  # a square of black felt: matted fibres, a few paler ones on top
        tex = col * (0.95 + 0.1 * _noise0(g, h, w, 0.7) + 0.05 * _noise0(g, h, w, max(1.0, s / 6)))[..., None]
        img = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        for _ in range(int(w * h / 18)):
            x, y, a = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0, math.pi)
            ln = rng.uniform(0.05, 0.12) * s
            tone = _lift(col, 0.22) if rng.random() < 0.5 else col * 0.6
            d.line([(x, y), (x + ln * math.cos(a), y + ln * math.sin(a))], fill=_c(tone), width=1)
        tex = np.asarray(img, np.float32).copy()
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255)


def _ink(style: Style34) -> np.ndarray:
    """The ink of the planted marks: the fill's colour, darkened when it is a light one."""
    col = np.asarray(style.fill_colour, np.float32)
    lum = float(col @ np.array([0.299, 0.587, 0.114], np.float32))
    return col * (80 / lum) if lum > 80 else col


def _draw_fill34(img: Image.Image, box, style: Style34, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07)
    w, h = bx - ax, by - ay
    if not light:
        tex = _tex34(style.fill, w, h, style.fill_colour, g, rng)
        if style.fill == "black_felt":  # the felt square's soft shadow on the board and its fuzzy edge
            k = max(1, round(0.04 * min(w, h)))
            sh = np.zeros((h, w), np.float32)
            sh[k:, k:] = 0.22
            _paste_rgba(img, np.zeros((h, w, 3), np.float32), sh, ax + k, ay + k)
            yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
            across = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy])
            fuzz = np.clip((across + 0.8 + 0.9 * _noise0(g, h, w, 0.8)) / 1.6, 0, 1)
            _paste(img, tex, ax, ay, fuzz)
            return
        _paste(img, tex, ax, ay, None)
        return
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = _ink(style)
    s = float(min(w, h))
    lay, ld = _layer(w, h)
    p = max(7.0, s / 2.8)
    lw = max(1, round(p / 11))
    if light == "light_anchors":  # anchors in staggered rows: a ring, a stock, a shank and two curved arms
        for x, y in _staggered(w, h, p):
            r = p * 0.17
            ld.ellipse([x - 0.4 * r, y - 2.0 * r, x + 0.4 * r, y - 1.2 * r], outline=255, width=lw)
            ld.line([(x, y - 1.2 * r), (x, y + 1.4 * r)], fill=255, width=lw + 1)
            ld.line([(x - 0.8 * r, y - 0.8 * r), (x + 0.8 * r, y - 0.8 * r)], fill=255, width=lw)
            ld.arc([x - 1.2 * r, y + 0.2 * r, x + 1.2 * r, y + 1.6 * r], 0, 180, fill=255, width=lw + 1)
            for sx in (-1, 1):
                ld.polygon([(x + sx * 1.2 * r, y + 0.5 * r), (x + sx * 1.55 * r, y + 1.0 * r),
                            (x + sx * 0.95 * r, y + 1.0 * r)], fill=255)
    elif light == "light_daisies":  # daisies: eight petals round a filled heart
        petal = [(0.5 * math.cos(t), 0.2 * math.sin(t)) for t in np.linspace(0, 2 * math.pi, 12)]
        for x, y in _staggered(w, h, p):
            r = p * 0.3
            a0 = rng.uniform(0, math.pi / 4)
            for k in range(8):
                a = a0 + k * math.pi / 4
                ld.polygon(_rotated(petal, x + 0.62 * r * math.cos(a), y + 0.62 * r * math.sin(a), a, r), fill=255)
            ld.ellipse([x - 0.3 * r, y - 0.3 * r, x + 0.3 * r, y + 0.3 * r], fill=0)
            ld.ellipse([x - 0.2 * r, y - 0.2 * r, x + 0.2 * r, y + 0.2 * r], fill=255)
    elif light == "light_acorns":  # acorns: a filled cap with its stalk over an outlined nut
        for x, y in _staggered(w, h, p):
            r = p * 0.2
            ld.ellipse([x - 0.6 * r, y - 0.5 * r, x + 0.6 * r, y + 1.3 * r], outline=255, width=lw)
            ld.pieslice([x - 0.85 * r, y - 0.9 * r, x + 0.85 * r, y + 0.5 * r], 180, 360, fill=255)
            ld.line([(x, y - 0.9 * r), (x + 0.25 * r, y - 1.4 * r)], fill=255, width=lw)
    elif light == "light_umbrellas":  # umbrellas: a scalloped canopy, a shaft and a hooked handle
        for x, y in _staggered(w, h, p):
            r = p * 0.28
            ld.pieslice([x - r, y - 0.9 * r, x + r, y + 1.1 * r], 180, 360, fill=255)
            for k in range(3):
                cx_ = x - r + (k + 0.5) * 2 * r / 3
                ld.ellipse([cx_ - r / 3, y - r / 6, cx_ + r / 3, y + r / 2], fill=0)
            ld.line([(x, y), (x, y + 1.1 * r)], fill=255, width=lw)
            ld.arc([x - 0.4 * r, y + 0.85 * r, x, y + 1.3 * r], 0, 180, fill=255, width=lw)
    else:
        raise ValueError(light)
    alpha = 0.2 + 0.34 * _m(lay)
    _paste_rgba(img, tex, cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.5), ax, ay)


def _draw_outline34(img: Image.Image, box, style: Style34, rng: random.Random) -> None:
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
    if kind == "outline_marquee":  # a theatre marquee's frame: a dark band studded with lit bulbs, a rim each side
        pt = max(4.0, f * 1.15)
        u = (along / pt) % 1 - 0.5
        rb = np.hypot(u * pt / f, v - 0.5)
        frame = band & (v > 0.03)
        tex[frame & ((np.abs(v - 0.12) < 0.04) | (np.abs(v - 0.88) < 0.04))] = _lift(col, 0.28)
        tex[frame & (rb < 0.36) & (rb >= 0.26)] = _lift(col, 0.35)  # the bulbs' glow
        tex[frame & (rb < 0.26)] = _lift(col, 0.75)
        tex[frame & (rb < 0.08)] = _lift(col, 0.5)  # the filament
        m = frame.astype(np.float32)
    elif kind == "outline_vine":  # a leafy vine round the cell: a wavy stem, leaves on alternate sides, their veins
        pt = max(4.0, f * 0.9)
        k = np.floor(along / pt)
        u = along / pt - k
        side = np.where(k % 2 == 0, 1.0, -1.0)
        stem_v = 0.5 + 0.12 * np.sin(along / pt * math.pi)
        stem = band & (np.abs(v - stem_v) < 0.15)
        lc = 0.5 + side * (0.22 + 0.12 * (u - 0.5))
        leaf = band & (((u - 0.5) / 0.52) ** 2 + ((v - lc) / 0.3) ** 2 < 1)
        vein = leaf & (np.abs(v - lc) < 0.04)
        tex[leaf] = col * 1.05
        tex[vein] = _lift(col, 0.35)
        tex[stem] = col * 0.8
        m = (stem | leaf).astype(np.float32)
    elif kind == "outline_bookshelf":  # book spines standing round the cell, tops inward, pale bands on each spine
        P = 2.0 * (w + h)
        edges = [0.0]
        while edges[-1] < P:
            edges.append(edges[-1] + f * rng.uniform(0.4, 0.7))
        edges = np.array(edges, np.float32)
        bk = np.clip(np.searchsorted(edges, along, side="right") - 1, 0, len(edges) - 2)
        u = (along - edges[bk]) / (edges[bk + 1] - edges[bk])
        tall = np.array([rng.uniform(0.75, 1.0) for _ in range(len(edges))], np.float32)[bk]
        tone = np.array([rng.uniform(0.8, 1.3) for _ in range(len(edges))], np.float32)[bk]
        spine = band & (u > 0.08) & (u < 0.94) & (v < tall)
        tex[spine] = (col[None, :] * tone[spine][:, None])
        tex[spine & ((np.abs(v - 0.18) < 0.04) | (np.abs(v - tall + 0.16) < 0.04))] = _lift(col, 0.45)
        tex[spine & (u < 0.2)] = col * 0.7
        m = spine.astype(np.float32)
    elif kind == "outline_drystone":  # a dry-stone wall round the cell: irregular stones, dark chinks between them
        pts = []
        a = 0.0
        while a < 2.0 * (w + h) + f:
            pts.append((a, f * rng.uniform(0.25, 0.75)))
            a += f * rng.uniform(0.7, 1.1)
        idx, d1, d2 = _second_nearest(along, across, pts)
        P = np.array(pts, np.float32)
        gap = (d2 - d1) < max(0.7, 0.1 * f)
        stone = band & ~gap
        tex[stone] = col * (1.15 + 0.15 * _noise0(_nrng(rng), h, w, max(0.8, f / 5)))[stone][..., None]
        lit = (along - P[idx, 0]) + (across - P[idx, 1]) < 0  # each stone's edge towards the light
        tex[stone & ((d2 - d1) < 0.25 * f) & lit] = _lift(col, 0.22)
        tex[band & gap] = col * 0.45
        m = band.astype(np.float32)
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross34(img: Image.Image, box, style: Style34, rng: random.Random) -> None:
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
        if kind == "heavy_x_paintbrushes":  # two paintbrushes crossed: a tapering handle, a crimped ferrule, bristles
            handle = (np.abs(n) < wid * (0.24 - 0.1 * np.clip((t - 0.5) / 0.5, 0, 1))) & (t > 0.5) & (t < 1.02)
            ferrule = (np.abs(n) < wid * 0.27) & (t > 0.36) & (t <= 0.5)
            tuft = (np.abs(n) < wid * 0.3 * np.sqrt(np.clip((t + 0.02) / 0.38, 0, 1))) & (t > -0.02) & (t <= 0.36)
            part = handle | ferrule | tuft
            tex[handle] = col * 0.85
            tex[ferrule] = _lift(col, 0.3)
            tex[ferrule & ((((t * ln) / max(2.0, wid * 0.18)) % 1) < 0.3)] = col * 0.9  # the crimps
            tex[tuft] = col
            tex[tuft & (((n / max(1.5, wid * 0.1)) % 1) < 0.3)] = _lift(col, 0.15)  # the bristles' streaks
        elif kind == "heavy_x_screwdrivers":  # two screwdrivers crossed: a fluted handle, a steel shaft, a flat tip
            handle = (np.abs(n) < wid * 0.34) & (t > 0.5) & (t < 1.02)
            handle &= ~((t > 0.96) & (np.abs(n) > wid * 0.34 * (1 - (t - 0.96) / 0.08)))
            shaft = (np.abs(n) < wid * 0.14) & (t > 0.08) & (t <= 0.5)
            tip = (np.abs(n) < wid * 0.2) & (t > 0.0) & (t <= 0.08)
            part = handle | shaft | tip
            tex[handle] = col
            tex[handle & (((n / max(1.5, wid * 0.15)) % 1) < 0.35)] = _lift(col, 0.2)  # the flutes
            tex[shaft | tip] = _lift(col, 0.25)
            tex[(shaft | tip) & (n < 0)] = col * 0.9
        elif kind == "heavy_x_rulers":  # two rulers crossed: a long bar, ticks along one edge, a hanging hole
            bar = (np.abs(n) < wid * 0.3) & (t > -0.03) & (t < 1.03)
            tick_at = ((t * ln) / max(2.5, wid * 0.3)) % 1
            long_ = (((t * ln) / max(2.5, wid * 0.3)) % 4) < 1
            ticks = bar & (tick_at < 0.25) & (n > wid * (0.3 - np.where(long_, 0.3, 0.16)))
            hole = np.hypot((t - 0.93) * ln, n) < wid * 0.1
            part = bar & ~hole
            tex[bar] = col
            tex[ticks] = _lift(col, 0.45)
            tex[bar & (n < -wid * 0.22)] = col * 0.8
        elif kind == "heavy_x_hammers":  # two hammers crossed: a wooden handle and a steel head with a split claw
            handle = (np.abs(n) < wid * 0.17) & (t > 0.12) & (t < 1.02)
            head = (t > 0.0) & (t < 0.2) & (n > -wid * 0.75) & (n < wid * 0.55)
            claw = head & (n < -wid * 0.2) & (np.abs(t - 0.1) < 0.03 + 0.05 * np.clip((-n - wid * 0.2) / wid, 0, 1))
            part = (handle | head) & ~claw
            tex[handle] = col * 0.85
            tex[handle & ((((t * ln) / max(2.0, wid * 0.4)) % 1) < 0.2)] = col * 0.7  # the wood's grain
            tex[head] = col
            tex[head & (t < 0.06)] = _lift(col, 0.25)  # the striking face
        else:
            raise ValueError(kind)
        m = np.maximum(m, part.astype(np.float32))
    m = cv2.GaussianBlur(m, (0, 0), 0.4)
    _paste_rgba(img, np.clip(tex, 0, 255), np.clip(m, 0, 1).astype(np.float32), ax, ay)


def _draw_empty34(img: Image.Image, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    d = ImageDraw.Draw(img)
    if kind == "none":
        return
    if kind == "reinforcement_ring":  # a white hole-reinforcement ring sticker: seen by its rim and its soft shadow
        r, wd = 0.17 * s, max(2.0, 0.07 * s)
        d.ellipse([cx - r + 1, cy - r + 1.5, cx + r + 1, cy + r + 1.5], outline=(214, 214, 210),
                  width=round(wd) + 1)
        d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=(252, 252, 250), width=round(wd))
        d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=(196, 196, 192), width=1)
        ri = r - wd + 1
        d.ellipse([cx - ri, cy - ri, cx + ri, cy + ri], outline=(204, 204, 200), width=1)
    elif kind == "silver_gel_x":  # a small x in metallic silver gel pen, its darker edges, a sparkle or two
        ln, wd = 0.11 * s, max(2, round(s / 20))
        a = rng.uniform(-0.2, 0.2)
        for b in (a + math.pi / 4, a - math.pi / 4):
            p, q = (cx - ln * math.cos(b), cy - ln * math.sin(b)), (cx + ln * math.cos(b), cy + ln * math.sin(b))
            d.line([p, q], fill=(128, 130, 138), width=wd + 1)
            d.line([p, q], fill=(178, 180, 188), width=max(1, wd - 1))
        for _ in range(2):
            x, y = cx + rng.uniform(-0.7, 0.7) * ln, cy + rng.uniform(-0.7, 0.7) * ln
            d.point([(x, y)], fill=(246, 246, 250))
    elif kind == "nail_crescent":  # a fingernail's crescent pressed into the paper: a shadowed arc, lit beside
        r = 0.13 * s
        a0 = rng.uniform(190, 230)
        box_ = [cx - r, cy - r * 0.7, cx + r, cy + r * 0.7]
        d.arc(box_, a0, a0 + 120, fill=(150, 150, 154), width=max(1, round(s / 32)))
        d.arc([box_[0] + 1, box_[1] + 1.5, box_[2] + 1, box_[3] + 1.5], a0, a0 + 120, fill=(255, 255, 255), width=1)
    elif kind == "felt_button":  # a small yellow felt disc laid on the felt board, fuzzy at its rim
        r = 0.13 * s
        d.ellipse([cx - r + 1, cy - r + 1.5, cx + r + 1, cy + r + 1.5], fill=(172, 178, 186))
        pts = [(cx + r * (1 + 0.06 * rng.uniform(-1, 1)) * math.cos(t), cy + r * (1 + 0.06 * rng.uniform(-1, 1))
                * math.sin(t)) for t in np.linspace(0, 2 * math.pi, 20, endpoint=False)]
        d.polygon(pts, fill=(238, 212, 96))
        for _ in range(5):
            t = rng.uniform(0, 2 * math.pi)
            d.line([(cx + 0.4 * r * math.cos(t), cy + 0.4 * r * math.sin(t)),
                    (cx + 0.8 * r * math.cos(t + 0.4), cy + 0.8 * r * math.sin(t + 0.4))], fill=(218, 190, 76), width=1)
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ grids


def _seg_pts(vertical: bool, c: float, pts) -> list[tuple[float, float]]:
    """Points given as (along, across offset) on a block line at ``c`` turned into page coordinates."""
    return [(c + o, t) if vertical else (t, c + o) for t, o in pts]


def _draw_grid34(img: Image.Image, L: dict[str, Any], rng: random.Random, name: str, inp: np.ndarray | None) -> None:
    if name == "kept":
        _draw_grid32(img, L, rng, "kept", inp)
        return
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    thin = max(1, round(s / 30))
    W, H = img.size
    _pen_minors(d, L, thin)
    if name == "paperclip_majors":  # each block line a chain of black vinyl-coated gem clips, each through the last
        wire = max(2, round(s / 22))
        wc = 0.24 * s
        for vertical, c, a0, a1 in _major_segments(L, wire):
            t, flip = a0 - 0.05 * s, rng.random() < 0.5
            while t < a1 - 0.25 * s:
                ln = min(1.25 * s * rng.uniform(0.95, 1.0), a1 + 0.05 * s - t)
                lo = (t, t + ln, wc / 2)
                hi = (t + 0.22 * ln, t + 0.92 * ln, wc / 3.2) if flip else (t + 0.08 * ln, t + 0.78 * ln, wc / 3.2)
                for t0, t1, hw in (lo, hi):
                    (x0, y0), (x1, y1) = _seg_pts(vertical, c, [(t0, -hw), (t1, hw)])
                    d.rounded_rectangle([x0, y0, x1, y1], radius=hw, outline=(34, 34, 40), width=wire)
                    (x0, y0), (x1, y1) = _seg_pts(vertical, c, [(t0 + hw, -hw), (t1 - hw, -hw)])
                    d.line([(x0 - 0.3, y0 - 0.3), (x1 - 0.3, y1 - 0.3)] if vertical else
                           [(x0, y0 - 0.3), (x1, y1 - 0.3)], fill=(120, 120, 132), width=1)
                t += ln * 0.78
                flip = not flip
        return
    if name == "bobby_pin_majors":  # each block line of bobby pins end to end: a straight and a wavy prong, tipped
        wd = max(2, round(s / 18))
        gap = max(2.0, 0.06 * s)
        for vertical, c, a0, a1 in _major_segments(L, wd):
            t = a0
            while t < a1 - 0.3 * s:
                ln = min(1.5 * s * rng.uniform(0.95, 1.0), a1 - t)
                closed_first = rng.random() < 0.5
                ts = np.linspace(t + gap / 2, t + ln, 24)
                ph = np.linspace(0, 1, 24) if closed_first else np.linspace(1, 0, 24)
                if not closed_first:
                    ts = np.linspace(t, t + ln - gap / 2, 24)
                straight = [(float(u), -gap / 2) for u in ts]
                wavy = [(float(u), gap / 2 + 0.3 * gap * math.sin(5 * math.pi * float(k)) * min(1.0, 3 * float(k)))
                        for u, k in zip(ts, ph)]
                tend = t if closed_first else t + ln
                d.line(_seg_pts(vertical, c, straight), fill=(48, 40, 38), width=wd)
                d.line(_seg_pts(vertical, c, wavy), fill=(48, 40, 38), width=wd, joint="curve")
                cx_, cy_ = _seg_pts(vertical, c, [(tend + (gap / 2 if closed_first else -gap / 2), 0)])[0]
                d.arc([cx_ - gap / 2, cy_ - gap / 2, cx_ + gap / 2, cy_ + gap / 2], 0, 360, fill=(48, 40, 38),
                      width=wd)
                d.line(_seg_pts(vertical, c, [(u, o - wd * 0.3) for u, o in straight[2:-2]]), fill=(130, 120, 116),
                       width=1)
                topen = t + ln if closed_first else t
                for o in (-gap / 2, gap / 2):
                    x, y = _seg_pts(vertical, c, [(topen, o)])[0]
                    d.ellipse([x - 0.8 * wd, y - 0.8 * wd, x + 0.8 * wd, y + 0.8 * wd], fill=(26, 22, 22))
                t += ln + rng.uniform(0.03, 0.08) * s
        return
    if name == "straw_majors":  # each block line of red-and-white striped paper straws, round and shadowed
        ws = max(4, round(s / 7))
        for vertical, c, a0, a1 in _major_segments(L, ws / 2):
            t = a0
            while t < a1 - 0.3 * s:
                ln = int(min(2.3 * s * rng.uniform(0.9, 1.0), a1 - t))
                if ln < 4:
                    break
                uu, nn = np.meshgrid(np.arange(ln, dtype=np.float32), np.linspace(-1, 1, ws, dtype=np.float32))
                stripe = ((uu + (nn + 1) * ws * 0.6) / (ws * 1.4)) % 1 < 0.45
                patch = np.where(stripe[..., None], np.array((206, 42, 50), np.float32),
                                 np.array((246, 244, 240), np.float32))
                patch = patch * (0.72 + 0.28 * np.cos(nn * math.pi / 2))[..., None]
                patch += (255 - patch) * (0.5 * np.exp(-((nn + 0.4) / 0.18) ** 2))[..., None]
                patch[:, :2] *= 0.7  # the straw's open ends
                patch[:, -2:] *= 0.7
                alpha = np.ones(patch.shape[:2], np.float32)
                if vertical:
                    patch, alpha = patch.transpose(1, 0, 2), alpha.T
                x, y = (round(c - ws / 2), round(t)) if vertical else (round(t), round(c - ws / 2))
                hh, ww = alpha.shape
                if x < 0 or y < 0 or x + ww + 3 > W or y + hh + 3 > H:
                    t += ln + 1
                    continue
                _paste_rgba(img, np.zeros((hh, ww, 3), np.float32), 0.25 * alpha, x + 2, y + 2)
                _paste_rgba(img, patch, alpha, x, y)
                t += ln + rng.uniform(0.5, 1.5)
        return
    if name == "quilling_majors":  # each block line a black quilling strip standing on edge, coiled past the far edge
        wd = max(2, round(s / 15))
        lay, ld = _layer(W, H)
        strips = []
        for vertical, c, a0, a1 in _major_segments(L, 0):
            ph = rng.uniform(0, 2 * math.pi)
            ts = np.arange(a0, a1 + 0.5, 2.0)
            pts = _seg_pts(vertical, c, [(float(u), 0.45 * wd * math.sin(u / (2.7 * s) + ph)) for u in ts])
            r = max(2.0, min(0.16 * s, ((H if vertical else W) - a1 - 3) / 2.2))
            cu = a1 + r
            spiral = []
            for k in np.linspace(0, 2.6 * 2 * math.pi, 60):
                rr = r * (1 - k / (2.8 * 2 * math.pi))
                spiral.append((cu - rr * math.cos(k), rr * math.sin(k)))
            coil = _seg_pts(vertical, c, spiral)
            strips.append((pts, coil))
            ld.line([(x + wd * 0.8, y + wd * 0.8) for x, y in pts], fill=255, width=wd)
            ld.line([(x + wd * 0.8, y + wd * 0.8) for x, y in coil], fill=255, width=max(1, wd - 1))
        arr = _shadow(np.asarray(img, np.float32), lay, 0, 0, max(1.0, wd * 0.7), 0.3)
        img.paste(Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8)))
        d = ImageDraw.Draw(img)
        for pts, coil in strips:
            d.line(pts, fill=(28, 28, 34), width=wd)
            d.line(coil, fill=(28, 28, 34), width=max(1, wd - 1))
            d.line([(x - wd * 0.3, y - wd * 0.3) for x, y in pts], fill=(96, 96, 106), width=1)
        return
    raise ValueError(name)


# ------------------------------------------------------------------------------------------ redraws


ENAMEL = (244, 244, 238)
NAVY = (22, 36, 96)
FELT = (204, 212, 222)


def _draw_redraw_grid34(img: Image.Image, L: dict[str, Any], kind: str, rng: random.Random) -> None:
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    lines = []
    thin, wd = max(2, round(s / 22)), max(3, round(s / 9))
    for i, x in enumerate(xs):
        big = _major(i, cols)
        e = wd // 2 if big else 0
        lines.append(([(x, ys[0] - e), (x, ys[-1] + e)], wd if big else thin))
    for j, y in enumerate(ys):
        big = _major(j, rows)
        e = wd // 2 if big else 0
        lines.append(([(xs[0] - e, y), (xs[-1] + e, y)], wd if big else thin))
    if kind == "enamel_sign":  # fired navy enamel lines, each with the faint lit lip of the enamel along it
        d = ImageDraw.Draw(img)
        for seg, ww in lines:
            (x0, y0), (x1, y1) = seg
            off = ww / 2 + 0.5
            lip = [(x0 + off, y0), (x1 + off, y1)] if x0 == x1 else [(x0, y0 + off), (x1, y1 + off)]
            d.line(lip, fill=(206, 210, 222), width=1)
            d.line(seg, fill=NAVY, width=ww)
        return
    # felt_board: strips of black felt laid along the lines, their edges ragged with fibres
    W, H = img.size
    g = _nrng(rng)
    lay, ld = _layer(W, H)
    for seg, ww in lines:
        ld.line(seg, fill=255, width=ww)
    m = cv2.GaussianBlur(_m(lay).astype(np.float32), (0, 0), 0.8)
    m = np.clip((m + 0.16 * _noise0(g, H, W, 0.7) - 0.35) * 3.0, 0, 1)
    arr = _shadow(np.asarray(img, np.float32), lay, 1.2, 1.6, 1.2, 0.3)
    felt = np.empty_like(arr)
    felt[:] = (34, 34, 40)
    felt *= (1 + 0.12 * _noise0(g, H, W, 0.7))[..., None]
    arr = arr * (1 - m[..., None]) + felt * m[..., None]
    img.paste(Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8)))


def _redraw_whole34(layout: dict[str, Any], style: Style34, row_vals, col_vals, rng: random.Random,
                    target: tuple[int, int]) -> tuple[Image.Image, dict[str, Any]]:
    """The whole puzzle drawn anew (``style.redraw``): its own canvas, cell size, clue layout and margins. Returns the
    page (clues, no marks, no grid yet) and its geometry."""
    kind = style.redraw
    rows, cols = layout["rows"], layout["cols"]
    base = layout["cell_px"] * rng.uniform(0.9, 0.98) * 0.92
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
    gw, gh = base * cols, base * rows
    pw, ph = row_w + pad * 1.4 + gw, col_h + pad * 1.4 + gh  # the puzzle: clues and grid
    g = _nrng(rng)
    bm = 0.8 * base
    W = round(max(pw + 2 * bm, 0.85 * target[0]))
    H = round(ph + 2 * bm)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    across = np.minimum.reduce([xx, yy, W - 1 - xx, H - 1 - yy])
    extra: dict[str, Any] = {}
    if kind == "enamel_sign":  # white enamel, a navy border with a white pinstripe, rivets, chips at the edge
        surf = np.array(ENAMEL, np.float32) * (1 + 0.01 * _smooth(g, H, W, 8))[..., None]
        b = 0.42 * bm
        surf[across < b] = NAVY
        surf[(across > 0.13 * bm) & (across < 0.19 * bm)] = ENAMEL
        surf += (255 - surf) * (0.12 * np.exp(-(((xx + 0.5 * yy) - 0.3 * W) / (0.08 * W)) ** 2))[..., None]
        img = Image.fromarray(np.clip(surf, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        for _ in range(rng.randint(3, 5)):  # chips at the edge, black steel showing, a rusty rim
            side = rng.randrange(4)
            u = rng.uniform(0.15, 0.85)
            cx, cy = [(u * W, 2), (W - 3, u * H), (u * W, H - 3), (2, u * H)][side]
            r = rng.uniform(0.05, 0.1) * bm
            poly = [(cx + r * rng.uniform(0.6, 1.1) * math.cos(t), cy + r * rng.uniform(0.6, 1.1) * math.sin(t))
                    for t in np.linspace(0, 2 * math.pi, 8, endpoint=False)]
            d.polygon(poly, fill=(34, 32, 34), outline=(120, 72, 44))
        rr = 0.09 * bm
        for cx, cy in ((0.3 * bm, 0.3 * bm), (W - 0.3 * bm, 0.3 * bm), (0.3 * bm, H - 0.3 * bm),
                       (W - 0.3 * bm, H - 0.3 * bm)):
            d.ellipse([cx - rr, cy - rr, cx + rr, cy + rr], fill=(150, 152, 158), outline=(70, 72, 80))
            d.ellipse([cx - 0.5 * rr, cy - 0.5 * rr, cx, cy], fill=(220, 222, 228))
        under = (196, 202, 218)
        extra["corner_r"] = 0.3 * bm
    else:  # felt_board: pale blue-grey felt in an aluminium frame
        surf = np.array(FELT, np.float32) * (1 + 0.03 * _noise0(g, H, W, 0.8) + 0.02 * _smooth(g, H, W, 6))[..., None]
        fr = 0.24 * bm
        metal = 170 + 40 * np.clip(1 - across / fr, 0, 1) - 25 * ((across > 0.45 * fr) & (across < 0.55 * fr))
        surf[across < fr] = metal[across < fr][:, None] * np.array((1.0, 1.01, 1.04), np.float32)
        surf[(across >= fr) & (across < fr + 2)] = (120, 124, 130)
        img = Image.fromarray(np.clip(surf, 0, 255).astype(np.uint8))
        under = (168, 174, 184)
    ex = (W - 2 * bm - pw) / 2
    gx0, gy0 = bm + ex + row_w + pad * 1.4, bm + col_h + pad * 1.4
    keep = [gx0 - pad * 1.4 - row_w - 4, gy0 - pad * 1.4 - col_h - 4, gx0 + gw + 4, gy0 + gh + 4]
    xs = [gx0 + base * i for i in range(cols + 1)]
    ys = [gy0 + base * j for j in range(rows + 1)]
    L = {"grid_bbox": [xs[0], ys[0], xs[-1], ys[-1]], "rows": rows, "cols": cols, "cw": base, "ch": base,
         "cell_px": base, "xs": xs, "ys": ys, "x0s": xs[:-1], "y0s": ys[:-1], "keep": keep, **extra}
    d = ImageDraw.Draw(img)

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


def _hex_floor(g: np.random.Generator, H: int, W: int, R: float) -> np.ndarray:
    """A floor of small white pointy-topped hexagonal tiles of circumradius ``R`` in grey grout, a few black
    rosettes among them."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    q = (math.sqrt(3) / 3 * xx - yy / 3) / R
    r = (2 / 3 * yy) / R
    x3, z3 = q, r
    y3 = -x3 - z3
    rx, ry, rz = np.round(x3), np.round(y3), np.round(z3)
    dx, dy, dz = np.abs(rx - x3), np.abs(ry - y3), np.abs(rz - z3)
    fx = (dx > dy) & (dx > dz)
    fz = ~fx & ~(dy > dz)
    rx = np.where(fx, -ry - rz, rx)
    rz = np.where(fz, -rx - ry, rz)
    cxh = R * math.sqrt(3) * (rx + rz / 2)
    cyh = R * 1.5 * rz
    ux, uy = xx - cxh, yy - cyh
    dhex = np.maximum.reduce([np.abs(ux), np.abs(0.5 * ux + 0.866 * uy), np.abs(0.5 * ux - 0.866 * uy)])
    grout = dhex > 0.866 * R - max(1.0, 0.1 * R)
    qi, ri = rx.astype(np.int64), rz.astype(np.int64)
    # rosettes: a black tile at every seventh hexagon of a regular pattern, ringed by white ones
    black = ((qi - 2 * ri) % 7) == 0
    out = np.empty((H, W, 3), np.float32)
    out[:] = (236, 236, 232)
    out[black] = (44, 44, 48)
    out *= (1 + 0.02 * _noise0(g, H, W, 1.0))[..., None]
    out[grout] = (150, 150, 146)
    return out


def _page34(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    big = max(h, w)
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "chopping_board":  # on a maple chopping board scored by knives, a sprig of rosemary in its margin
        def board(H, W):
            bg = _wood(g, H, W, (204, 168, 122), 0.08)
            img = Image.fromarray(np.clip(bg, 0, 255).astype(np.uint8))
            d = ImageDraw.Draw(img)
            for _ in range(int(H * W / 700)):
                x, y = rng.uniform(0, W), rng.uniform(0, H)
                ang = rng.uniform(-0.5, 0.5) + (math.pi / 2 if rng.random() < 0.4 else 0)
                ln = rng.uniform(0.01, 0.05) * big
                tone = (168, 132, 94) if rng.random() < 0.6 else (224, 196, 156)
                d.line([(x, y), (x + ln * math.cos(ang), y + ln * math.sin(ang))], fill=tone, width=1)
            return np.asarray(img, np.float32)
        out = _page_on(a, board, rng, g, 0.12, 3.0, 0.3)
        H, W = out.shape[:2]
        M = round(0.12 * big)
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        x0, y0 = W * rng.uniform(0.2, 0.35), H - 0.5 * M
        x1, y1 = x0 + 0.4 * W, y0 + rng.uniform(-0.12, 0.12) * M
        d.line([(x0, y0), (x1, y1)], fill=(98, 80, 52), width=max(2, round(0.008 * big)))
        nl = 0.2 * M
        for k, t in enumerate(np.linspace(0.03, 0.97, 30)):
            px_, py_ = x0 + t * (x1 - x0), y0 + t * (y1 - y0)
            ang = math.atan2(y1 - y0, x1 - x0) + (0.7 if k % 2 else -0.7) + rng.uniform(-0.15, 0.15)
            ln = nl * (0.6 + 0.4 * math.sin(t * math.pi))
            tone = (58, 88, 56) if k % 3 else (92, 120, 84)
            d.line([(px_, py_), (px_ + ln * math.cos(ang), py_ + ln * math.sin(ang))], fill=tone,
                   width=max(2, round(0.006 * big)))
        return _grain(np.asarray(img, np.float32), g, 1.8)
    if e == "yoga_mat":  # on a purple yoga mat, its fine embossed texture, the rolled end across the top
        def mat(H, W):
            bg = _table(g, H, W, (120, 84, 152), 0.03, 3)
            yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
            p = max(3.0, 0.006 * big)
            bg *= (1 + 0.06 * np.sin((xx + yy) / p) * np.sin((xx - yy) / p))[..., None]
            band = max(8, int(0.07 * H))
            t = np.linspace(-1, 1, band, dtype=np.float32)
            bg[:band] *= (0.7 + 0.4 * np.sqrt(1 - t ** 2))[:, None, None]
            bg[band:band + 3] *= 0.6
            return bg
        out = _page_on(a, mat, rng, g, 0.11, 4.0, 0.35)
        out = _grain(out, g, 1.8)
        return _perspective(out, rng.uniform(0.02, 0.04), (96, 66, 120))
    if e == "hex_tile_floor":  # on a floor of small white hexagonal tiles with black rosettes, grey grout
        out = _page_on(a, lambda H, W: _hex_floor(g, H, W, 0.022 * big), rng, g, 0.1, 4.0, 0.35)
        out = _grain(out, g, 2.0)
        return _perspective(out, rng.uniform(0.03, 0.05), (190, 190, 186))
    if e == "pinecone_margin":  # a pine cone lying on the widened right margin, its scales in rows
        mr = round(0.26 * w)
        page = _extend(a, right=mr)
        Hp, Wp = page.shape[:2]
        x0 = _free_x(L, w)
        mw = Wp - x0
        A, B = min(0.42 * mw * 1.6, 0.3 * Hp), 0.26 * mw
        cx, cy = x0 + 0.5 * mw, Hp * rng.uniform(0.3, 0.55)
        lay, ld = _layer(Wp, Hp)
        ld.ellipse([cx - B, cy - A, cx + B, cy + A], fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.08 * B, 0.12 * B, 0.08 * B, 0.35)
        img = Image.fromarray(np.clip(pa, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        d.line([(cx, cy - A), (cx + 0.1 * B, cy - A - 0.25 * B)], fill=(90, 62, 40), width=max(2, round(0.08 * B)))
        d.ellipse([cx - B, cy - A, cx + B, cy + A], fill=(62, 40, 24))
        nr = 11
        for i in range(nr):  # rows of woody scales, each a shield pointing away from the stem, its dark umbo
            y = cy - A + (i + 0.7) * 2 * A / (nr + 0.4)
            half = B * math.sqrt(max(0.0, 1 - ((y - cy) / A) ** 2))
            nc = max(2, round(5 * half / B))
            sw, sh = 2.3 * half / nc, 1.5 * A / nr
            for j in range(nc):
                x = cx - half + (j + 0.5 + (0.25 if i % 2 else -0.25)) * 2 * half / nc
                scale = [(x - sw / 2, y - sh / 2), (x + sw / 2, y - sh / 2), (x + sw / 2, y + 0.1 * sh),
                         (x, y + 0.5 * sh), (x - sw / 2, y + 0.1 * sh)]
                tone = rng.uniform(0.85, 1.1)
                d.polygon(scale, fill=_c(np.array((132, 90, 54)) * tone), outline=(58, 36, 22))
                d.line([(x - 0.4 * sw, y - 0.42 * sh), (x + 0.4 * sw, y - 0.42 * sh)], fill=(178, 134, 92),
                       width=max(1, round(0.02 * B)))
                d.polygon([(x - 0.12 * sw, y + 0.18 * sh), (x, y + 0.06 * sh), (x + 0.12 * sw, y + 0.18 * sh),
                           (x, y + 0.32 * sh)], fill=(80, 52, 32))
        M = round(0.05 * big)
        bg = _wood(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (160, 120, 84))
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _grain(out, g, 1.8)
    if e == "lemon_margin":  # half a lemon, cut face up, on the widened bottom margin
        mb = round(0.24 * h)
        page = _extend(a, bottom=mb)
        Hp, Wp = page.shape[:2]
        R = 0.36 * mb
        cx, cy = Wp * rng.uniform(0.55, 0.75), h + 0.52 * mb
        lay, ld = _layer(Wp, Hp)
        ld.ellipse([cx - R, cy - R, cx + R, cy + R], fill=255)
        pa = _shadow(page.astype(np.float32), lay, 0.06 * R, 0.1 * R, 0.08 * R, 0.35)
        img = Image.fromarray(np.clip(pa, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        d.ellipse([cx - R, cy - R, cx + R, cy + R], fill=(238, 200, 50), outline=(196, 150, 24))
        d.ellipse([cx - 0.9 * R, cy - 0.9 * R, cx + 0.9 * R, cy + 0.9 * R], fill=(250, 242, 206))
        d.ellipse([cx - 0.84 * R, cy - 0.84 * R, cx + 0.84 * R, cy + 0.84 * R], fill=(246, 220, 96))
        a0 = rng.uniform(0, math.pi / 5)
        for k in range(10):
            t = a0 + k * 2 * math.pi / 10
            d.line([(cx + 0.1 * R * math.cos(t), cy + 0.1 * R * math.sin(t)),
                    (cx + 0.84 * R * math.cos(t), cy + 0.84 * R * math.sin(t))], fill=(252, 244, 200),
                   width=max(1, round(0.03 * R)))
        d.ellipse([cx - 0.1 * R, cy - 0.1 * R, cx + 0.1 * R, cy + 0.1 * R], fill=(250, 240, 196))
        for k in range(rng.randint(2, 3)):
            t = a0 + (k * 3 + 1.5) * 2 * math.pi / 10
            sx, sy = cx + 0.35 * R * math.cos(t), cy + 0.35 * R * math.sin(t)
            d.polygon(_rotated([(-0.5, 0), (0, -0.22), (0.5, 0), (0, 0.22)], sx, sy, t, 0.22 * R), fill=(242, 232, 190),
                      outline=(206, 190, 140))
        for _ in range(6):  # the juice's glints
            t, rr_ = rng.uniform(0, 2 * math.pi), rng.uniform(0.2, 0.75) * R
            x, y = cx + rr_ * math.cos(t), cy + rr_ * math.sin(t)
            d.ellipse([x - 1.5, y - 1, x + 1.5, y + 1], fill=(255, 252, 236))
        M = round(0.05 * big)
        bg = _table(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (176, 190, 204), 0.04, 3)
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _grain(out, g, 1.8)
    if e == "paintbox_margin":  # a watercolour tin of eight pans and a brush on the widened left margin
        ml = round(0.26 * w)
        page = _extend(a, left=ml)
        Hp, Wp = page.shape[:2]
        tw, th = 0.62 * ml, 1.15 * ml
        tx, ty = 0.19 * ml, Hp * rng.uniform(0.2, 0.35)
        lay, ld = _layer(Wp, Hp)
        ld.rounded_rectangle([tx, ty, tx + tw, ty + th], radius=0.08 * tw, fill=255)
        bx0, by0 = 0.2 * ml, ty + th + 0.25 * ml
        bx1, by1 = 0.85 * ml, by0 + 0.55 * ml
        ld.line([(bx0, by0), (bx1, by1)], fill=255, width=max(3, round(0.06 * ml)))
        pa = _shadow(page.astype(np.float32), lay, 0.03 * ml, 0.05 * ml, 0.03 * ml, 0.35)
        img = Image.fromarray(np.clip(pa, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        d.rounded_rectangle([tx, ty, tx + tw, ty + th], radius=0.08 * tw, fill=(40, 40, 46), outline=(20, 20, 24),
                            width=2)
        pans = ((198, 40, 44), (232, 120, 30), (240, 200, 50), (60, 150, 70), (40, 90, 190), (110, 60, 150),
                (130, 80, 44), (176, 120, 80))
        pw_, ph_ = 0.36 * tw, 0.2 * th
        for k, colour in enumerate(pans):
            px_ = tx + 0.09 * tw + (k % 2) * 0.46 * tw
            py_ = ty + 0.05 * th + (k // 2) * 0.24 * th
            d.rounded_rectangle([px_, py_, px_ + pw_, py_ + ph_], radius=0.1 * pw_, fill=(236, 236, 232))
            d.rounded_rectangle([px_ + 2, py_ + 2, px_ + pw_ - 2, py_ + ph_ - 2], radius=0.1 * pw_, fill=colour)
            d.ellipse([px_ + 0.25 * pw_, py_ + 0.3 * ph_, px_ + 0.7 * pw_, py_ + 0.75 * ph_],
                      fill=_c(_lift(colour, 0.35)))
        bw = max(3, round(0.06 * ml))
        fx, fy = bx0 + 0.62 * (bx1 - bx0), by0 + 0.62 * (by1 - by0)
        tx_, ty_ = bx0 + 0.78 * (bx1 - bx0), by0 + 0.78 * (by1 - by0)
        d.line([(bx0, by0), (fx, fy)], fill=(170, 40, 36), width=bw)
        d.line([(fx, fy), (tx_, ty_)], fill=(196, 198, 204), width=bw + 1)
        d.polygon([(tx_ - 0.5 * bw, ty_ + 0.5 * bw), (tx_ + 0.5 * bw, ty_ - 0.5 * bw), (bx1, by1)], fill=(50, 40, 34))
        M = round(0.05 * big)
        bg = _wood(g, Hp + 2 * M + 90, Wp + 2 * M + 90, (138, 104, 76))
        out = _on_table(np.asarray(img), bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return _grain(out, g, 1.8)
    if e == "disco_spots":  # a dim room: a disco ball's small spots of coloured light scattered over everything
        out = _page_on(a, lambda H, W: _table(g, H, W, (58, 54, 64), 0.05, 3), rng, g, 0.08, 3.0, 0.3)
        H, W = out.shape[:2]
        out = out * 0.6
        lay = np.zeros((H, W, 3), np.float32)
        pal = ((255, 90, 90), (90, 160, 255), (255, 220, 90), (140, 255, 150), (230, 120, 255))
        for _ in range(int(50 + 50 * H * W / 1e6)):
            x, y = rng.uniform(0, W), rng.uniform(0, H)
            r = rng.uniform(0.006, 0.014) * big
            cv2.ellipse(lay, (int(x), int(y)), (int(r), int(r * rng.uniform(0.45, 0.9))), rng.uniform(0, 180), 0,
                        360, rng.choice(pal), -1)
        lay = cv2.GaussianBlur(lay, (0, 0), 0.003 * big)
        out = out + 0.45 * lay
        return _grain(np.clip(out, 0, 255), g, 3.0)
    if e == "finger_over_lens":  # a fingertip over the lens's corner: a soft warm blur over the page's blank corner
        out = _page_on(a, lambda H, W: _wood(g, H, W, (150, 118, 84)), rng, g, 0.13, 2.0, 0.3)
        H, W = out.shape[:2]
        M = round(0.13 * big)
        lay = np.zeros((H, W), np.float32)
        ang = rng.uniform(35, 55)
        cv2.ellipse(lay, (int(-0.6 * M), int(-0.6 * M)), (int(3.2 * M), int(1.7 * M)), ang, 0, 360, 1.0, -1)
        alpha = np.clip(cv2.GaussianBlur(lay, (0, 0), 0.3 * M) * 1.5, 0, 1)
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        near = np.clip(1 - np.hypot(xx, yy) / (3.0 * M), 0, 1)  # nearer the lens, darker and redder
        skin = np.array((222, 158, 134), np.float32)[None, None] * (0.55 + 0.45 * (1 - near))[..., None]
        out = out * (1 - alpha[..., None]) + skin * alpha[..., None]
        glow = cv2.GaussianBlur(lay, (0, 0), 0.5 * M)
        out += (glow * 0.12)[..., None] * np.array((120, 40, 20), np.float32)
        return _grain(np.clip(out, 0, 255), g, 2.2)
    if e == "ziplock_bag":  # the page sealed in a clear zip bag: the zip across the top, the film's haze and glints
        sx, st, sb = round(0.035 * big), round(0.11 * big), round(0.04 * big)
        M = round(0.06 * big)
        Hb, Wb = h + st + sb, w + 2 * sx
        H, W = Hb + 2 * M, Wb + 2 * M
        bg = _table(g, H, W, (112, 124, 134), 0.05, 3)
        sh = np.zeros((H, W), np.float32)
        sh[M + st + 6:M + st + h + 6, M + sx + 5:M + sx + w + 5] = 1
        bg *= (1 - 0.35 * cv2.GaussianBlur(sh, (0, 0), 6))[..., None]
        bg[M + st:M + st + h, M + sx:M + sx + w] = a
        film = np.zeros((H, W), np.float32)
        film[M:M + Hb, M:M + Wb] = 1
        out = bg * (1 - 0.07 * film[..., None]) + 12 * film[..., None]
        lay, ld = _layer(W, H)
        for _ in range(rng.randint(3, 5)):  # soft glints where the film wrinkles
            y0 = rng.uniform(M, M + Hb)
            pts = [(M + t * Wb, y0 + rng.uniform(-0.06, 0.06) * Hb + 0.1 * Hb * math.sin(t * 3 + rng.uniform(0, 6)))
                   for t in np.linspace(0, 1, 8)]
            ld.line(pts, fill=rng.randint(110, 200), width=max(2, round(0.008 * big)), joint="curve")
        glint = cv2.GaussianBlur(_m(lay).astype(np.float32), (0, 0), 0.006 * big) * film
        out += 30 * glint[..., None]
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        zy = M + 0.45 * st
        d.line([(M + 2, zy), (M + Wb - 2, zy)], fill=(70, 110, 200), width=max(3, round(0.006 * big)))
        d.line([(M + 2, zy + 0.12 * st), (M + Wb - 2, zy + 0.12 * st)], fill=(224, 196, 60),
               width=max(2, round(0.004 * big)))
        d.rectangle([M, M, M + Wb, M + Hb], outline=(200, 206, 212), width=2)  # the welded seams
        d.line([(M + 3, M + Hb - 3), (M + Wb - 3, M + Hb - 3)], fill=(180, 186, 192), width=1)
        out = _grain(np.asarray(img, np.float32), g, 1.8)
        return _perspective(out, rng.uniform(0.02, 0.04), (112, 124, 134))
    if e == "concrete_floor":  # on a polished concrete floor: aggregate specks, a saw-cut joint, a broad sheen
        def floor(H, W):
            bg = _table(g, H, W, (150, 150, 146), 0.05, 0.02 * big)
            sp = _noise0(g, H, W, 1.2)
            bg[sp > 1.9] *= 0.75
            bg[sp < -2.1] = (196, 194, 188)
            xx = np.arange(W, dtype=np.float32)[None, :]
            bg += 22 * np.exp(-((xx - W * rng.uniform(0.3, 0.7)) / (0.25 * W)) ** 2)[..., None]
            jx = int(W * rng.uniform(0.04, 0.08))
            bg[:, jx:jx + 3] *= 0.55
            bg[:, jx + 3:jx + 4] *= 1.15
            return bg
        out = _page_on(a, floor, rng, g, 0.1, 5.0, 0.35)
        out = _grain(out, g, 2.0)
        return _perspective(out, rng.uniform(0.03, 0.05), (140, 140, 136))
    if e == "clapboard_wall":  # the enamel sign screwed to a white-painted clapboard wall, its shadow below right
        M = round(0.09 * big)
        H, W = h + 2 * M, w + 2 * M
        bh = max(10, round(0.055 * big))
        yy = np.arange(H, dtype=np.float32)[:, None]
        ph = (yy % bh) / bh
        wall = np.empty((H, W, 3), np.float32)
        wall[:] = (230, 230, 224)
        wall *= (0.9 + 0.1 * ph + 0.015 * _noise0(g, H, W, 2.0))[..., None]
        wall[(ph < 0.08)[:, 0]] *= 0.72  # the shadow under each board's lap
        mask = Image.new("L", (w, h), 0)
        ImageDraw.Draw(mask).rounded_rectangle([0, 0, w - 1, h - 1], radius=L.get("corner_r", 0.0), fill=255)
        mk = _m(mask).astype(np.float32)
        sh = np.zeros((H, W), np.float32)
        sh[M + 7:M + h + 7, M + 8:M + w + 8] = mk
        wall *= (1 - 0.4 * cv2.GaussianBlur(sh, (0, 0), 7))[..., None]
        wall[M:M + h, M:M + w] = wall[M:M + h, M:M + w] * (1 - mk[..., None]) + a * mk[..., None]
        out = _grain(wall, g, 2.0)
        return _perspective(out, rng.uniform(0.02, 0.04), (210, 210, 204))
    if e == "foam_play_mat":  # the felt board on interlocking foam play-mat tiles in four colours
        M = round(0.1 * big)
        H, W = h + 2 * M, w + 2 * M
        q = 0.22 * big
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        tooth = 0.06 * q * np.sign(np.sin(2 * math.pi * yy / (q / 5)))
        tooth2 = 0.06 * q * np.sign(np.sin(2 * math.pi * xx / (q / 5)))
        i = np.floor((xx + tooth) / q).astype(np.int64)
        j = np.floor((yy + tooth2) / q).astype(np.int64)
        pal = np.array(((214, 64, 62), (62, 120, 206), (244, 198, 64), (72, 168, 92)), np.float32)
        mat = pal[(i + 2 * j) % 4]
        mat *= (1 + 0.04 * _noise0(g, H, W, 0.8))[..., None]
        fx, fy = (xx + tooth) / q % 1, (yy + tooth2) / q % 1
        mat[(np.minimum(fx, 1 - fx) * q < 1.2) | (np.minimum(fy, 1 - fy) * q < 1.2)] *= 0.6
        sh = np.zeros((H, W), np.float32)
        sh[M + 8:M + h + 8, M + 9:M + w + 9] = 1
        mat *= (1 - 0.45 * cv2.GaussianBlur(sh, (0, 0), 8))[..., None]
        mat[M:M + h, M:M + w] = a
        out = _grain(mat, g, 2.0)
        return _perspective(out, rng.uniform(0.03, 0.05), (200, 80, 80))
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page34(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style34,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, mean cell width ``cw`` and height ``ch``, the column and row edges ``xs`` and
    ``ys``, and ``keep``, the box round the clues and the grid; ``_box25`` gives a cell's box)."""
    rng = random.Random(f"h34:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = _change34(truth, style.clue_change, rng) if plan["clue"] else None
    row_vals, col_vals = _line_values(truth, change)
    if style.redraw:
        img, L = _redraw_whole34(layout, style, row_vals, col_vals, rng, (inp.shape[1], inp.shape[0]))
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
                _draw_fill34(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill34(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline34(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross34(img, box, style, rng)
            elif not ((r, c) in filled and style.missing_bare):
                _draw_empty34(img, box, style.empty, rng)
    if style.redraw:
        _draw_redraw_grid34(img, L, style.redraw, rng)
    else:
        _draw_grid34(img, L, rng, style.grid, inp)
    return np.asarray(img), rng, L


def make_answer34(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style34,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page34(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page34(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
