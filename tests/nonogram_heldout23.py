"""HELDOUT23, measured blind on commit 12d362f: 408/432 right, 0 false passes, 58/72 error-free right (14 false fails,
all needs_review, none confidently incorrect), 107 needs_review, 2 unreadable (seed 5,
``tools/measure_nonogram_family.py nonogram_heldout23:HELDOUT23 --seed 5`` on a snapshot of that commit). Per style,
right/36, false passes, false fails (error-free answers not right), needs_review, unreadable: pilgi_thumbprint_marble
29 0 4 15 0; bangwool_copper_colourchart 36 0 0 2 0; d2coding_barcode_printdialog 36 0 0 1 0;
umegothic_shibori_filmstrip 35 0 0 13 0; museum_tortoise_legalpad 35 0 0 5 0; galatia_circulism_mixedlight 31 0 5 29
0; uroob_solar_notification 34 0 2 8 0; cedar_endgrain_binderclip 36 0 0 4 0; inputclues_peeling_croptool 36 0 0 0 0;
solomos_goldleaf_redrawflush 36 0 0 4 0; konatu_plasticine_redrawbig 34 0 0 9 0; pilgia_bark_redrawboard 30 0 3 17 2
(each name after its ``a_``). By planted error: none 58/72, extra_light 69, extra_outline 71, x_instead 71, missing 71,
clue_changed 68 (of 72 each). By size: 5x5 140/144, 10x10 134/144, 15x15 134/144. Studied after that measurement
(thirty-fourth session, rubric 65).

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved
nonogram: clue fonts from Debian packages no earlier nonogram family, test, install list or digit-reader training
names (fonts-unfonts-core, fonts-alee, fonts-naver-d2coding, fonts-horai-umefont, fonts-levien-museum,
fonts-sil-galatia, fonts-smc-uroob, fonts-motoya-l-cedar, fonts-gfs-solomos, fonts-konatu, fonts-unfonts-extra), one
style keeping the input's clues (its changed clue is one number erased and typed again in the input's own face, where
it stood); fills no earlier family uses (an inked thumbprint, hammered copper, a barcode, indigo shibori,
tortoiseshell, graphite circulism, a solar cell, end-grain walnut, peeling paint, gold leaf, plasticine, tree bark);
empty-cell marks drawn in new ways (an ellipsis, an x with knobbed ends, a tiny coil, a cluster of specks, an x with
an open middle, two dots on a diagonal, four dots in a diamond, an x over a dot, a hollow x); the planted errors
drawn in new ways (pale concentric rings, a pale diamond, pale zigzags, pale scumbled strokes; a crenellated frame, a
frame with ruler ticks, a riveted frame, a frame fading inward; a wavy X, a dog-bone X, an over-and-under ribbon X, a
striped X; all in the fill's colour, darkened where the fill is a light one; a changed clue is any number of its
line, not only the last); three styles that redraw the whole puzzle (row clues flush left and column clues hanging
from the top; large clues over slightly small cells in plum; a raised board with an extruded edge and a drop shadow);
and page changes no earlier family uses (a marble counter in perspective, an archival scan with a colour chart and a
grey wedge, a print dialog, a 35 mm film frame on a light box, a yellow legal pad under the page, recycled paper with
flecks, warm lamp and cool daylight mixed, a phone notification banner over a photo viewer, a binder clip on a slate
desk, an editor's crop tool, pastel blue paper shown in a phone's gallery, the page held in a hand, reading glasses
beside the page).

Clues written anew are sized by their digits' height (so a face with small or tall figures reads like the input's) and
fitted to the page's clue strips (the spacing, then the size, shrinks where a wide font would run off the page); the
redrawn puzzles space their clues by the digits' height.

Doubts noted rather than made unfair: Museum Bible draws old-style figures (a "1" like a small capital I, so "10" and
"12" look like "IO" and "I2"), read as digits in a clue strip at once; UnPilgi and UnPilgia are slanted pen hands
(UnPilgi's "2" has a loop); the flush-clue redraw hangs each column's clues from the top margin (its first number on
top, shorter columns leaving the gap above the grid) and sets each row's clues flush left, away from the grid; the
large-clue redraw keeps each column's widest number inside its column, so on a 15x15 its clues are hardly larger than
the input's; the recycled-paper flecks are tiny and faint, kept off the ink but some inside empty cells, as on any
recycled sheet; the warm and cool light tints the two halves of the page differently; the thumbprint fill leaves pale
ink between its ridges and the circulism fill some paper between its circles (a person sees an inked cell at once);
the phone gallery shows a tiny, unreadable copy of the page in its thumbnail strip below the picture, and the crop
tool dims only the margin it adds round the page.

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer23` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout23:HELDOUT23`` measures them like the earlier families.
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
from nonogram_heldout20 import _box, _perspective, _starts
from nonogram_heldout21 import _desk, _extend
from nonogram_heldout22 import _mark_colour, _noise0, _printed_text, _relief
from PIL import Image, ImageDraw

from genpuzzle.renderers.common import font as _input_font

WHITE = (255, 255, 255)
INPUT_FONT = "DejaVuSans-Bold.ttf"  # the input's clue face (its digits' height sets the redrawn clues' size)


@dataclass(frozen=True)
class Style23(Style):
    """A HELDOUT23 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``flush_clues``, ``big_clues``, ``board_edge``; empty keeps
    the input's frame); ``clue_jitter`` moves each redrawn number by up to that fraction of its height, as a hand
    does. ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""
    clue_jitter: float = 0.0

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer23(input_image, layout, truth, self, error, seed)


HELDOUT23 = (
    Style23("a_pilgi_thumbprint_marble", "thumbprint", (34, 38, 70), "none", "UnPilgiBold.ttf",
            ("marble_counter", "jpeg"), clue_colour=(22, 26, 60), clue_scale=(1.0, 1.1), grid="indigo23",
            light_mark="light_rings", outline_mark="outline_crenellated", cross_mark="heavy_x_wavy", clue_jitter=0.05),
    Style23("a_bangwool_copper_colourchart", "hammered_copper", (150, 80, 44), "ellipsis", "Bangwool.ttf",
            ("colour_chart",), clue_scale=(1.0, 1.1), grid="umber23", light_mark="light_diamond",
            outline_mark="outline_ticks", cross_mark="heavy_x_bone"),
    Style23("a_d2coding_barcode_printdialog", "barcode", (20, 20, 24), "knobbed_x",
            "D2Coding-Ver1.3.2-20180524-all.ttc", ("print_dialog",), clue_scale=(1.0, 1.08), grid="graphite23",
            light_mark="light_zigzag", outline_mark="outline_riveted", cross_mark="heavy_x_overunder"),
    Style23("a_umegothic_shibori_filmstrip", "shibori", (30, 44, 100), "coil_dot", "ume-pgc5.ttf",
            ("film_strip", "jpeg"), clue_scale=(1.0, 1.1), grid="indigo23", light_mark="light_scumble",
            outline_mark="outline_gradient", cross_mark="heavy_x_striped"),
    Style23("a_museum_tortoise_legalpad", "tortoiseshell", (70, 38, 16), "none", "MuseumBible.otf",
            ("legal_pad", "jpeg"), clue_scale=(1.05, 1.15), grid="umber23", light_mark="light_rings",
            outline_mark="outline_ticks", cross_mark="heavy_x_overunder"),
    Style23("a_galatia_circulism_mixedlight", "circulism", (58, 58, 64), "speckle_dot", "GalSILB.ttf",
            ("recycled_flecks", "mixed_light", "jpeg"), clue_colour=(40, 40, 44), clue_scale=(1.0, 1.1),
            grid="graphite23", light_mark="light_diamond", outline_mark="outline_crenellated",
            cross_mark="heavy_x_striped"),
    Style23("a_uroob_solar_notification", "solar_cell", (22, 36, 84), "broken_x", "Uroob-Regular.ttf",
            ("notification_banner",), clue_scale=(1.0, 1.1), grid="teal23", light_mark="light_zigzag",
            outline_mark="outline_gradient", cross_mark="heavy_x_bone"),
    Style23("a_cedar_endgrain_binderclip", "end_grain", (78, 46, 24), "diag_dots", "MTLc3m.ttf",
            ("binder_clip", "jpeg"), clue_scale=(1.0, 1.1), grid="umber23", light_mark="light_scumble",
            outline_mark="outline_riveted", cross_mark="heavy_x_wavy"),
    Style23("a_inputclues_peeling_croptool", "peeling_paint", (28, 70, 48), "quad_dots", None, ("crop_tool",),
            grid="kept", light_mark="light_rings", outline_mark="outline_gradient", cross_mark="heavy_x_bone"),
    Style23("a_solomos_goldleaf_redrawflush", "gold_leaf", (176, 132, 44), "none", "GFSSolomos.otf",
            ("pastel_paper", "gallery_app"), clue_colour=(30, 30, 40), clue_scale=(1.0, 1.1),
            light_mark="light_zigzag", outline_mark="outline_crenellated", cross_mark="heavy_x_striped",
            redraw="flush_clues"),
    Style23("a_konatu_plasticine_redrawbig", "plasticine", (128, 34, 40), "x_over_dot", "Konatu.ttf",
            ("held_in_hand", "jpeg"), clue_colour=(70, 24, 64), clue_scale=(1.3, 1.4), light_mark="light_scumble",
            outline_mark="outline_ticks", cross_mark="heavy_x_wavy", redraw="big_clues"),
    Style23("a_pilgia_bark_redrawboard", "tree_bark", (66, 46, 30), "hollow_x", "UnPilgia.ttf",
            ("eyeglasses_desk", "jpeg"), clue_colour=(36, 50, 82), clue_scale=(1.05, 1.15), light_mark="light_diamond",
            outline_mark="outline_riveted", cross_mark="heavy_x_overunder", redraw="board_edge", clue_jitter=0.05),
)


# ------------------------------------------------------------------------------------------ fills


def _tex23(kind: str, w: int, h: int, colour, g: np.random.Generator, rng: random.Random
           ) -> tuple[np.ndarray, np.ndarray | None]:
    """A filled cell's picture (h, w, 3 float) in ``kind`` and its coverage (None: the whole box)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    alpha = None
    edge = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy])
    if kind == "thumbprint":  # a thumb pressed on an ink pad and on the cell: whorled ridges over a pale ink ground
        cx, cy = w * rng.uniform(0.42, 0.58), h * rng.uniform(0.45, 0.6)
        warp = 0.09 * s * _noise0(g, h, w, s / 3) + 0.03 * s * _noise0(g, h, w, s / 8)
        ang = np.arctan2(yy - cy, xx - cx)
        u = np.hypot(xx - cx, (yy - cy) / 1.35) * (1 + 0.12 * np.sin(ang * 2 + rng.uniform(0, 6))) + warp
        period = max(2.4, s / 10)
        ridge = 0.5 + 0.5 * np.cos(2 * math.pi * u / period)
        ink = np.clip((ridge - 0.25) * 3.0, 0, 1)
        breaks = _blurred_noise(g, h, w, max(0.6, s / 30)) < -1.6
        ink[breaks] *= 0.3
        oval = np.hypot((xx - w / 2) / (w * 0.64), (yy - h / 2) / (h * 0.68))
        cover = np.clip((1.08 - oval) * 5, 0, 1)
        press = 0.8 + 0.2 * np.clip(1 - oval, 0, 1)
        alpha = np.clip((0.42 + 0.58 * ink) * press * cover, 0, 1)
    elif kind == "hammered_copper":  # hammered copper: overlapping round dimples, each lit on its lower right rim
        p = s / 3.0
        pts = [(i * p + rng.uniform(-0.3, 0.3) * p, j * p + rng.uniform(-0.3, 0.3) * p)
               for i in range(-1, int(w / p) + 2) for j in range(-1, int(h / p) + 2)]
        d = np.min(np.stack([np.hypot(xx - px, yy - py) for px, py in pts]), axis=0)
        height = np.clip(d / (p * 0.62), 0, 1) ** 2
        sh = _relief(height, s, max(0.6, s / 50))
        tex = col * (0.9 + 0.32 * sh + 0.06 * _noise0(g, h, w, s / 5))[..., None]
        glint = np.clip(sh - 0.55, 0, 1) * 2
        tex += (np.array((240, 180, 130), np.float32) - tex) * (0.35 * glint)[..., None]
        tex *= (1 - 0.2 * np.exp(-edge / max(1.0, s * 0.05)))[..., None]
    elif kind == "barcode":  # a printed barcode: black bars of several widths, thin white gaps between them
        unit = max(1.0, w / 42)
        tex[:] = (250, 250, 247)
        x = 0.0
        while x < w:
            bw = unit * rng.choice((1, 2, 2, 3, 3, 4, 5))
            tex[:, round(x):round(x + bw)] = col
            x += bw + unit * rng.choice((1, 1, 1, 2))
        tex[:, :round(unit)] = col
        tex[:, w - round(unit):] = col
    elif kind == "shibori":  # indigo shibori: uneven dye, thin pale resist lines along a wavy diagonal
        dye = 1 + 0.1 * _noise0(g, h, w, s / 4)
        tex = col * dye[..., None]
        p = max(5.0, s / 3.4)
        v = (xx + yy) / math.sqrt(2) + 0.08 * s * np.sin(2 * math.pi * (xx - yy) / max(8.0, s * 0.9))
        t = (v % p) / p
        line = np.exp(-((t - 0.5) / 0.07) ** 2)
        line = cv2.GaussianBlur(line.astype(np.float32), (0, 0), max(0.5, s / 60))
        pale = np.array((196, 208, 232), np.float32)
        tex = tex * (1 - 0.7 * line[..., None]) + pale * (0.7 * line[..., None])
        ring = np.hypot(xx - w * 0.5, yy - h * 0.5) / s
        tex += (pale - tex) * (0.35 * np.exp(-((ring - 0.28) / 0.03) ** 2))[..., None]
    elif kind == "tortoiseshell":  # tortoiseshell: amber patches and near-black spots in a dark brown, a gloss band
        n = _noise0(g, h, w, s / 6) + 0.5 * _noise0(g, h, w, s / 14)
        amber = np.array((176, 102, 34), np.float32)
        k = np.clip((n - 0.55) * 1.8, 0, 1)[..., None]
        tex = col * (1 - k) + amber * k
        tex *= (1 - 0.45 * np.clip((-n - 0.7) * 2, 0, 1))[..., None]
        gloss = np.exp(-(((xx - yy) / s + 0.3) / 0.12) ** 2)
        tex += (255 - tex) * (0.16 * gloss)[..., None]
    elif kind == "circulism":  # graphite laid down in many small overlapping circles (circulism), the tooth between
        tex[:] = col
        r = max(2.0, s / 6.5)
        a = np.ones((h, w), np.float32)
        for _ in range(3):
            im, dl = _layer(w, h)
            for _ in range(int(w * h / (r * r) * 0.55)):
                x, y = rng.uniform(-r, w + r), rng.uniform(-r, h + r)
                rr = r * rng.uniform(0.7, 1.3)
                dl.ellipse([x - rr, y - rr, x + rr, y + rr], outline=255, width=max(1, round(s / 26)))
            a *= 1 - 0.55 * _m(im)
        alpha = np.clip((1 - a) * 1.05 + 0.2, 0, 1)
        tex *= (1 + 0.05 * g.standard_normal((h, w, 1))).astype(np.float32)
    elif kind == "solar_cell":  # a monocrystalline solar cell: deep blue, cut corners, silver busbars, fine fingers
        tex *= (1 + 0.05 * _noise0(g, h, w, s / 3))[..., None]
        fingers = (yy.astype(np.int32) % max(2, round(s / 9))) == 0
        tex[fingers] = tex[fingers] * 0.7 + np.array((150, 160, 180), np.float32) * 0.3
        for f in (0.3, 0.7):
            x = round(w * f)
            tex[:, max(0, x - 1):x + max(1, round(s / 30))] = (180, 186, 196)
        cut = s * 0.16
        alpha = np.clip(np.minimum.reduce([xx + yy, (w - 1 - xx) + yy, xx + (h - 1 - yy), (w - 1 - xx) + (h - 1 - yy)])
                        - cut + 1, 0, 1).astype(np.float32)
    elif kind == "end_grain":  # end-grain walnut: growth rings round a pith off the cell, a few radial checks, pores
        ang = rng.uniform(0, 2 * math.pi)
        cx, cy = w / 2 + math.cos(ang) * s * 0.9, h / 2 + math.sin(ang) * s * 0.9
        r = np.hypot(xx - cx, yy - cy) + 0.06 * s * _noise0(g, h, w, s / 3)
        p = max(3.0, s / 6)
        ring = (r % p) / p
        tex = col * (1.12 - 0.35 * np.clip((ring - 0.7) / 0.3, 0, 1) ** 0.7)[..., None]
        im, dl = _layer(w, h)
        for _ in range(rng.randint(1, 2)):
            a = math.atan2(h / 2 - cy, w / 2 - cx) + rng.uniform(-0.3, 0.3)
            r0, r1 = s * rng.uniform(0.5, 0.8), s * rng.uniform(1.3, 1.7)
            dl.line([(cx + r0 * math.cos(a), cy + r0 * math.sin(a)), (cx + r1 * math.cos(a), cy + r1 * math.sin(a))],
                    fill=255, width=1)
        tex *= (1 - 0.45 * _m(im))[..., None]
        pores = g.random((h, w)) < 0.03
        tex[pores] *= 0.7
    elif kind == "peeling_paint":  # old paint peeling: brushed paint, a few flakes lost to the pale primer, cracks
        brush = cv2.GaussianBlur(g.standard_normal((h, w)).astype(np.float32), (0, 0), sigmaX=s / 4, sigmaY=0.7)
        tex = col * (1 + 0.08 * brush / (brush.std() + 1e-6))[..., None]
        im, dl = _layer(w, h)
        sh, dsh = _layer(w, h)
        for _ in range(rng.randint(0, 2)):
            fx, fy = rng.uniform(0.15, 0.85) * w, rng.uniform(0.15, 0.85) * h
            R = s * rng.uniform(0.05, 0.09)
            pts = [(fx + R * rng.uniform(0.6, 1.3) * math.cos(t), fy + R * rng.uniform(0.6, 1.3) * math.sin(t))
                   for t in np.linspace(0, 2 * math.pi, 9, endpoint=False)]
            dsh.polygon([(x + 1, y + 1) for x, y in pts], fill=255)
            dl.polygon(pts, fill=255)
        tex *= (1 - 0.35 * _m(sh))[..., None]
        flake = _m(im)[..., None]
        tex = tex * (1 - flake) + np.array((222, 216, 196), np.float32) * flake
        cr, dc = _layer(w, h)
        x, y = rng.uniform(0, w), 0.0
        pts = [(x, y)]
        while y < h:
            y += s * rng.uniform(0.1, 0.2)
            x += s * rng.uniform(-0.12, 0.12)
            pts.append((x, y))
        dc.line(pts, fill=255, width=1)
        tex *= (1 - 0.4 * _m(cr))[..., None]
    elif kind == "gold_leaf":  # gold leaf: an uneven sheen, fine bright wrinkles, red bole showing in the cracks
        tex = col * (1 + 0.1 * _noise0(g, h, w, s / 5) + 0.12 * (xx / w - yy / h))[..., None]
        im, dl = _layer(w, h)
        for _ in range(rng.randint(3, 5)):
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            a = rng.uniform(0, math.pi)
            ln = s * rng.uniform(0.2, 0.45)
            dl.line([(x, y), (x + ln * math.cos(a), y + ln * math.sin(a))], fill=255, width=1)
        wr = _m(im)
        tex = tex * (1 + 0.28 * wr)[..., None]
        cracks = _blurred_noise(g, h, w, 0.8) > 2.2
        tex[cracks] = (120, 44, 32)
    elif kind == "plasticine":  # modelling clay pressed into the cell: a smooth lump, lit, a faint fingerprint
        im, dl = _layer(w, h)
        wob = [(w / 2 + (w * 0.5 - 1) * math.copysign(abs(math.cos(t)) ** 0.35, math.cos(t)) * rng.uniform(0.93, 1.0),
                h / 2 + (h * 0.5 - 1) * math.copysign(abs(math.sin(t)) ** 0.35, math.sin(t)) * rng.uniform(0.93, 1.0))
               for t in np.linspace(0, 2 * math.pi, 28, endpoint=False)]
        dl.polygon(wob, fill=255)
        alpha = cv2.GaussianBlur(_m(im), (0, 0), 0.8)
        dome = cv2.GaussianBlur(_m(im), (0, 0), max(1.0, s / 7))
        sh = _relief(dome, s, 0.6)
        tex = col * (0.96 + 0.9 * sh)[..., None]
        u = np.hypot(xx - w * rng.uniform(0.45, 0.65), (yy - h * rng.uniform(0.45, 0.65)) * 1.2)
        fp = np.cos(2 * math.pi * u / max(2.5, s / 9)) * np.exp(-u / (s * 0.25))
        tex *= (1 + 0.07 * fp)[..., None]
        tex += (255 - tex) * (0.22 * np.exp(-(((xx / w - 0.3) ** 2 + (yy / h - 0.28) ** 2) / 0.015)))[..., None]
    elif kind == "tree_bark":  # tree bark: long pale plates split by narrow dark furrows, a few cross cracks
        n = cv2.GaussianBlur(g.standard_normal((h, w)).astype(np.float32), (0, 0), sigmaX=max(0.7, s / 22),
                             sigmaY=max(3.0, s / 1.6))
        n /= n.std() + 1e-6
        n += 0.25 * _noise0(g, h, w, s / 12)
        furrow = np.clip((-n - 0.55) * 2.2, 0, 1)
        tex = col * (1.15 + 0.15 * np.clip(n, -1, 2))[..., None]
        tex *= (1 + 0.08 * _noise0(g, h, w, 0.8))[..., None]
        tex = tex * (1 - furrow[..., None]) + np.array((26, 18, 12), np.float32) * furrow[..., None]
        im, dl = _layer(w, h)
        for _ in range(rng.randint(1, 2)):
            y = rng.uniform(0.2, 0.8) * h
            x = rng.uniform(0, 0.5) * w
            dl.line([(x, y), (x + s * rng.uniform(0.2, 0.4), y + rng.uniform(-2, 2))], fill=255, width=1)
        tex *= (1 - 0.5 * _m(im))[..., None]
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255), None if alpha is None else np.clip(alpha, 0, 1).astype(np.float32)


def _draw_fill23(img: Image.Image, box, style: Style23, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.08)
    w, h = bx - ax, by - ay
    if not light:
        tex, alpha = _tex23(style.fill, w, h, style.fill_colour, g, rng)
        _paste(img, tex, ax, ay, alpha)
        return
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = _mark_colour(style)
    s = min(w, h)
    if light == "light_rings":  # pale concentric rings round the middle
        r = np.hypot(xx - w / 2 + 0.5, yy - h / 2 + 0.5) / s
        p = 0.15
        on = ((r % p) / p < 0.5) & (r < 0.5)
        alpha = np.where(on, 0.55, 0.06)
    elif light == "light_diamond":  # a pale diamond touching the middle of each side
        u = np.abs(xx - w / 2 + 0.5) / (w / 2) + np.abs(yy - h / 2 + 0.5) / (h / 2)
        alpha = np.where(u < 0.96, 0.42, 0.04)
    elif light == "light_zigzag":  # pale zigzag bands across
        p = max(4.0, s / 3.5)
        v = yy + np.abs(((xx / max(4.0, s / 4)) % 2) - 1) * p * 0.6
        alpha = np.where(((v % p) / p) < 0.5, 0.58, 0.08)
    elif light == "light_scumble":  # a few dry, pale scumbled strokes
        im, dl = _layer(w, h)
        for _ in range(7):
            x, y = rng.uniform(0.1, 0.9) * w, rng.uniform(0.1, 0.9) * h
            a = rng.uniform(-0.6, 0.6)
            ln = s * rng.uniform(0.35, 0.6)
            pts = [(x + t * ln * math.cos(a), y + t * ln * math.sin(a) + math.sin(t * 4) * s * 0.05)
                   for t in np.linspace(-0.5, 0.5, 6)]
            dl.line(pts, fill=255, width=max(2, round(s / 6)), joint="curve")
        dry = _blurred_noise(g, h, w, 0.7) > -0.8
        alpha = np.where(_m(im) * dry > 0.5, 0.62, 0.05)
    else:
        raise ValueError(light)
    alpha = cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.7)
    _paste(img, tex, ax, ay, alpha)


def _draw_outline23(img: Image.Image, box, style: Style23, rng: random.Random) -> None:
    """The planted extra_outline cell: a heavy frame with an empty middle."""
    kind = style.outline_mark
    ax, ay, bx, by = _inner(box, 0.08)
    w, h = bx - ax, by - ay
    s = min(w, h)
    col = _mark_colour(style)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    f = rng.uniform(0.2, 0.24) * s
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    edge = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy])
    if kind == "outline_crenellated":  # a heavy frame whose inner edge steps in and out, like battlements
        n = max(4, round(s / (f * 1.1)))
        top = np.where((np.floor(xx / (w / (2 * n + 1))) % 2) == 0, f * 0.95, f * 0.5)
        side = np.where((np.floor(yy / (h / (2 * n + 1))) % 2) == 0, f * 0.95, f * 0.5)
        m = ((yy < top) | (h - 1 - yy < top) | (xx < side) | (w - 1 - xx < side)).astype(np.float32)
    elif kind == "outline_ticks":  # a heavy frame with short ruler ticks pointing in from it
        band = edge < f * 0.8
        p = max(5.0, s / 4.2)
        along = np.where(np.minimum(yy, h - 1 - yy) <= np.minimum(xx, w - 1 - xx), xx, yy)
        tick = (edge < f * 1.45) & (np.abs((along % p) - p / 2) < max(0.6, s / 40))
        m = (band | tick).astype(np.float32)
    elif kind == "outline_riveted":  # a heavy frame with small pale rivets along it
        m = (edge < f * 1.1).astype(np.float32)
        im, dl = _layer(w, h)
        r = max(1.0, f * 0.22)
        c = f * 0.55
        n = max(2, round(s / (f * 1.6)))
        for i in range(n + 1):
            t = c + (w - 1 - 2 * c) * i / n
            u = c + (h - 1 - 2 * c) * i / n
            for x, y in ((t, c), (t, h - 1 - c), (c, u), (w - 1 - c, u)):
                dl.ellipse([x - r, y - r, x + r, y + r], fill=255)
        tex = tex * (1 - _m(im)[..., None]) + _lift(col, 0.7) * _m(im)[..., None]
    elif kind == "outline_gradient":  # a heavy band that fades from the cell's edge toward the middle
        m = np.where(edge < f * 1.4, 1.0 - 0.7 * edge / (f * 1.4), 0.0).astype(np.float32)
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross23(img: Image.Image, box, style: Style23, rng: random.Random) -> None:
    """A planted x_instead cell: a heavy X where a fill belongs."""
    kind = style.cross_mark
    ax, ay, bx, by = _inner(box, 0.06)
    w, h = bx - ax, by - ay
    s = min(w, h)
    col = _mark_colour(style)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    a = 0.17 * s
    arms = (((a, a), (w - a, h - a)), ((w - a, a), (a, h - a)))
    im, d = _layer(w, h)
    wid = max(3, round(s / 5.5))
    if kind == "heavy_x_wavy":  # two sinuous strokes
        for (px, py), (qx, qy) in arms:
            ln = math.hypot(qx - px, qy - py)
            nx, ny = -(qy - py) / ln, (qx - px) / ln
            pts = [(px + (qx - px) * t + nx * math.sin(t * 2 * math.pi) * s * 0.07,
                    py + (qy - py) * t + ny * math.sin(t * 2 * math.pi) * s * 0.07) for t in np.linspace(0, 1, 14)]
            d.line(pts, fill=255, width=wid, joint="curve")
        m = _m(im)
    elif kind == "heavy_x_bone":  # strokes ending in round knobs, like two dog bones
        for p, q in arms:
            d.line([p, q], fill=255, width=max(2, round(wid * 0.75)))
            for x, y in (p, q):
                r = wid * 0.75
                d.ellipse([x - r, y - r, x + r, y + r], fill=255)
        m = _m(im)
    elif kind == "heavy_x_overunder":  # two ribbons, the second passing over the first with a paper gap either side
        (p, q), (p2, q2) = arms
        d.line([p, q], fill=255, width=wid)
        m = _m(im)
        gap, dg = _layer(w, h)
        dg.line([p2, q2], fill=255, width=wid + 2 * max(2, round(s / 14)))
        m = m * (1 - _m(gap))
        top, dt = _layer(w, h)
        dt.line([p2, q2], fill=255, width=wid)
        m = np.maximum(m, _m(top))
    elif kind == "heavy_x_striped":  # heavy strokes banded across with paler stripes
        for p, q in arms:
            d.line([p, q], fill=255, width=round(wid * 1.25))
        yy = np.mgrid[0:h, 0:w][0].astype(np.float32)
        pstr = max(3.0, s / 7)
        band = ((yy % pstr) / pstr) < 0.5
        m = _m(im) * np.where(band, 1.0, 0.45)
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, np.clip(m, 0, 1).astype(np.float32), ax, ay)


def _draw_empty23(d: ImageDraw.ImageDraw, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    lw = max(1, round(s / 24))
    if kind == "none":
        return
    if kind == "ellipsis":  # three small dots in a row
        r = max(1.0, 0.028 * s)
        for k in (-1, 0, 1):
            x = cx + k * 0.09 * s
            d.ellipse([x - r, cy - r, x + r, cy + r], fill=(112, 112, 120))
    elif kind == "knobbed_x":  # a small x with a round knob at each end
        k, r = 0.1 * s, max(1.0, 0.025 * s)
        for sx in (-1, 1):
            d.line([(cx - k, cy - sx * k), (cx + k, cy + sx * k)], fill=(96, 100, 112), width=lw)
        for px, py in ((cx - k, cy - k), (cx + k, cy - k), (cx - k, cy + k), (cx + k, cy + k)):
            d.ellipse([px - r, py - r, px + r, py + r], fill=(96, 100, 112))
    elif kind == "coil_dot":  # a tiny coil, as a pen circling a dot
        pts = [(cx + 0.11 * s * t * math.cos(t * 12.6), cy + 0.11 * s * t * math.sin(t * 12.6)) for t in
               np.linspace(0.04, 1, 30)]
        d.line(pts, fill=(70, 86, 150), width=lw, joint="curve")
    elif kind == "speckle_dot":  # a small cluster of specks, a pencil tapped on the cell
        for _ in range(6):
            x, y = cx + rng.uniform(-0.06, 0.06) * s, cy + rng.uniform(-0.06, 0.06) * s
            r = max(0.8, rng.uniform(0.012, 0.025) * s)
            d.ellipse([x - r, y - r, x + r, y + r], fill=(110, 110, 116))
    elif kind == "broken_x":  # an x with an open middle: four short strokes pointing at the centre
        k, o = 0.12 * s, 0.04 * s
        for sx, sy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
            d.line([(cx + sx * o, cy + sy * o), (cx + sx * k, cy + sy * k)], fill=(170, 70, 60), width=lw)
    elif kind == "diag_dots":  # two dots on a diagonal
        r = max(1.0, 0.035 * s)
        for k in (-1, 1):
            x, y = cx + k * 0.06 * s, cy - k * 0.06 * s
            d.ellipse([x - r, y - r, x + r, y + r], fill=(120, 104, 90))
    elif kind == "quad_dots":  # four dots in a small diamond
        r = max(1.0, 0.026 * s)
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            x, y = cx + dx * 0.07 * s, cy + dy * 0.07 * s
            d.ellipse([x - r, y - r, x + r, y + r], fill=(84, 120, 96))
    elif kind == "x_over_dot":  # a small thin x drawn over a dot
        r, k = max(1.2, 0.035 * s), 0.1 * s
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(150, 110, 140))
        for sx in (-1, 1):
            d.line([(cx - k, cy - sx * k), (cx + k, cy + sx * k)], fill=(110, 70, 100), width=lw)
    elif kind == "hollow_x":  # a small x drawn in outline
        k, t = 0.11 * s, max(1.5, 0.035 * s)
        for sx in (-1, 1):
            ln = math.hypot(2 * k, 2 * k)
            nx, ny = -(2 * sx * k) / ln * t, (2 * k) / ln * t
            p, q = (cx - k, cy - sx * k), (cx + k, cy + sx * k)
            d.polygon([(p[0] + nx, p[1] + ny), (q[0] + nx, q[1] + ny), (q[0] - nx, q[1] - ny), (p[0] - nx, p[1] - ny)],
                      outline=(60, 80, 120))
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ clues, grids and redraws


def _values(kind: str, i: int, clue, change) -> list[str]:
    """A line's clue numbers as text, with ``change`` (kind, line, position, value) put in."""
    v = [str(x) for x in clue] or ["0"]
    if change and change[0] == kind and change[1] == i:
        v[min(change[2], len(v) - 1)] = str(change[3])
    return v


def _digit_h(font) -> float:
    """The mean height of the font's ten digits (old-style figures count their short and tall ones alike)."""
    return float(np.mean([font.getbbox(ch, anchor="ls")[3] - font.getbbox(ch, anchor="ls")[1] for ch in "0123456789"]))


def _px_for(font_file: str, target_h: float) -> int:
    """The size at which ``font_file``'s digits are ``target_h`` pixels tall."""
    px = max(8, round(target_h * 1.4))
    return max(8, round(px * target_h / max(1.0, _digit_h(_font(font_file, px)))))


def _centre(font) -> float:
    """The digits' middle above the baseline (negative), shared by every number so they sit on one line."""
    _, t, _, b = font.getbbox("0123456789", anchor="ls")
    return (t + b) / 2


def _put(d: ImageDraw.ImageDraw, xy, text: str, font, fill, mid: float, stroke: int = 0) -> None:
    """``text`` with its ink centred on ``xy`` horizontally and the digits' middle on it vertically."""
    x0, _, x1, _ = font.getbbox(text, anchor="ls")
    d.text((xy[0] - (x0 + x1) / 2, xy[1] - mid), text, font=font, fill=fill, anchor="ls", stroke_width=stroke,
           stroke_fill=fill)


def _ink_w(font, text: str) -> float:
    x0, _, x1, _ = font.getbbox(text, anchor="ls")
    return x1 - x0


def _redraw_clues23(img: Image.Image, layout: dict[str, Any], truth: dict[str, Any], font_file: str,
                    rng: random.Random, change, style: Style23) -> None:
    """The clue strips erased and written again in ``font_file``, sized by the digits' height and shrunk (spacing,
    then size) where they would run off the page."""
    d = ImageDraw.Draw(img)
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    rb, cb = layout["row_clue_bbox"], layout["col_clue_bbox"]
    d.rectangle([0, rb[1] + 3, rb[2] - 2, rb[3] - 3], fill=WHITE)
    d.rectangle([cb[0] + 3, 0, cb[2] - 3, cb[3] - 2], fill=WHITE)
    rows, cols = layout["rows"], layout["cols"]
    ch, cw = (gy1 - gy0) / rows, (gx1 - gx0) / cols
    row_vals = [_values("row", r, c, change) for r, c in enumerate(truth["row_clues"])]
    col_vals = [_values("col", c, v, change) for c, v in enumerate(truth["col_clues"])]
    ref = _digit_h(_font(INPUT_FONT, layout["clue_font_px"]))
    px = _px_for(font_file, ref * rng.uniform(*style.clue_scale))
    gapf, slotf = rng.uniform(*style.clue_gap), rng.uniform(1.55, 1.75)
    off = layout["cell_px"] * 0.3
    room_w, room_h = gx0 - off - 6, gy0 - off - 6
    nmax = max(len(v) for v in col_vals)
    while True:
        font = _font(font_file, px)
        dh = _digit_h(font)
        gap, slot = dh * gapf * 1.3, dh * slotf
        widths = [(sum(_ink_w(font, t) for t in v), len(v)) for v in row_vals]
        over = max((tw + gap * (n - 1) - room_w) / max(1, n - 1) for tw, n in widths)
        if over > 0:
            gap = max(dh * 0.35, gap - over)
        if (nmax - 0.5) * slot + dh * 0.6 > room_h:
            slot = max(dh * 1.3, (room_h - dh * 0.6) / (nmax - 0.5))
        widest = max(_ink_w(font, t) for v in col_vals for t in v)
        fits = (all(tw + gap * (n - 1) <= room_w for tw, n in widths) and (nmax - 0.5) * slot + dh * 0.6 <= room_h
                and widest <= cw * 0.9)
        if fits or px <= 8:
            break
        px -= 1
    mid = _centre(font)
    jit = style.clue_jitter * dh
    for r, vals in enumerate(row_vals):
        x = gx0 - off
        cy = gy0 + (r + 0.5) * ch
        for t in reversed(vals):
            wt = _ink_w(font, t)
            _put(d, (x - wt / 2 + rng.uniform(-jit, jit), cy + rng.uniform(-jit, jit)), t, font, style.clue_colour,
                 mid, style.clue_stroke)
            x -= wt + gap
    for c, vals in enumerate(col_vals):
        cx = gx0 + (c + 0.5) * cw
        for k, t in enumerate(vals):
            cy = gy0 - off - (len(vals) - k - 0.5) * slot
            _put(d, (cx + rng.uniform(-jit, jit), cy + rng.uniform(-jit, jit)), t, font, style.clue_colour, mid,
                 style.clue_stroke)


def _retype_clue(img: Image.Image, layout: dict[str, Any], truth: dict[str, Any], change) -> None:
    """The input's clues kept, one number erased and typed again (``change``) in the input's own face where it stood,
    as an editing model changes a single number."""
    kind, line, pos, value = change
    px = layout["clue_font_px"]
    font = _input_font(px, True)
    cell = layout["cell_px"]
    gx0, gy0, _, _ = layout["grid_bbox"]
    pad, gap, slot = max(8, cell // 4), int(px * 0.55), int(px * 1.2)
    clues = truth["row_clues"] if kind == "row" else truth["col_clues"]
    texts = [str(v) for v in clues[line]] or ["0"]
    pos = min(pos, len(texts) - 1)
    if kind == "row":
        x = gx0 - pad
        cy = gy0 + (line + 0.5) * cell
        for k in range(len(texts) - 1, pos - 1, -1):
            wt = font.getlength(texts[k])
            cx = x - wt / 2
            x -= wt + gap
    else:
        cx = gx0 + (line + 0.5) * cell
        cy = gy0 - pad - (len(texts) - pos - 0.5) * slot
    wt = font.getlength(texts[pos])
    d = ImageDraw.Draw(img)
    d.rectangle([cx - wt / 2 - 2, cy - px * 0.55, cx + wt / 2 + 2, cy + px * 0.55], fill=WHITE)
    d.text((cx, cy), str(value), font=font, fill=(0, 0, 0), anchor="mm")


GRID_INK = {  # minor colour, major colour, minor width and major width as fractions of the cell
    "indigo23": ((168, 176, 210), (28, 34, 92), 1 / 30, 1 / 10),
    "umber23": ((196, 178, 160), (84, 52, 30), 1 / 28, 1 / 10),
    "graphite23": ((150, 150, 154), (36, 36, 40), 1 / 26, 1 / 11),
    "teal23": ((150, 190, 190), (16, 76, 80), 1 / 30, 1 / 10),
}


def _draw_grid23(img: Image.Image, L: dict[str, Any], rng: random.Random, kind: str, inp: np.ndarray | None) -> None:
    if kind == "kept":
        _draw_grid18(img, L, rng, "kept", inp)
        return
    rows, cols, cw, ch = L["rows"], L["cols"], L["cw"], L["ch"]
    s = min(cw, ch)
    gx0, gy0, gx1, gy1 = L["grid_bbox"]
    xs = [gx0 + i * cw for i in range(cols + 1)]
    ys = [gy0 + j * ch for j in range(rows + 1)]
    d = ImageDraw.Draw(img)
    if kind == "flush_clues":  # hairline grey lines, darker fifths, a black frame
        for i, x in enumerate(xs[1:-1], 1):
            d.line([(x, gy0), (x, gy1)], fill=(90, 90, 96) if i % 5 == 0 else (186, 186, 190),
                   width=max(2, round(s / 18)) if i % 5 == 0 else 1)
        for j, y in enumerate(ys[1:-1], 1):
            d.line([(gx0, y), (gx1, y)], fill=(90, 90, 96) if j % 5 == 0 else (186, 186, 190),
                   width=max(2, round(s / 18)) if j % 5 == 0 else 1)
        d.rectangle([gx0, gy0, gx1, gy1], outline=(10, 10, 12), width=max(2, round(s / 12)))
        return
    if kind == "big_clues":  # plum lines, a heavy plum frame
        for i, x in enumerate(xs[1:-1], 1):
            d.line([(x, gy0), (x, gy1)], fill=(110, 50, 100) if i % 5 == 0 else (206, 176, 200),
                   width=max(2, round(s / 14)) if i % 5 == 0 else max(1, round(s / 30)))
        for j, y in enumerate(ys[1:-1], 1):
            d.line([(gx0, y), (gx1, y)], fill=(110, 50, 100) if j % 5 == 0 else (206, 176, 200),
                   width=max(2, round(s / 14)) if j % 5 == 0 else max(1, round(s / 30)))
        o = max(2, round(s / 16))
        d.rectangle([gx0 - o, gy0 - o, gx1 + o, gy1 + o], outline=(80, 30, 74), width=max(3, round(s / 8)))
        return
    if kind == "board_edge":  # light lines on the raised board, slate fifths, a thin dark rim
        for i, x in enumerate(xs[1:-1], 1):
            d.line([(x, gy0), (x, gy1)], fill=(70, 80, 100) if i % 5 == 0 else (190, 196, 206),
                   width=max(2, round(s / 16)) if i % 5 == 0 else 1)
        for j, y in enumerate(ys[1:-1], 1):
            d.line([(gx0, y), (gx1, y)], fill=(70, 80, 100) if j % 5 == 0 else (190, 196, 206),
                   width=max(2, round(s / 16)) if j % 5 == 0 else 1)
        d.rectangle([gx0, gy0, gx1, gy1], outline=(50, 58, 74), width=max(2, round(s / 18)))
        return
    minor, major, fmin, fmaj = GRID_INK[kind]
    thin, thick = max(1, round(s * fmin)), max(2, round(s * fmaj))
    for i, x in enumerate(xs):
        big = i % 5 == 0 or i == cols
        w_ = thick if big else thin
        d.line([(x, gy0 - (w_ // 2 if big else 0)), (x, gy1 + (w_ // 2 if big else 0))], fill=major if big else minor,
               width=w_)
    for j, y in enumerate(ys):
        big = j % 5 == 0 or j == rows
        w_ = thick if big else thin
        d.line([(gx0 - (w_ // 2 if big else 0), y), (gx1 + (w_ // 2 if big else 0), y)], fill=major if big else minor,
               width=w_)


def _redraw_whole23(layout: dict[str, Any], truth: dict[str, Any], style: Style23, change, rng: random.Random
                    ) -> tuple[Image.Image, dict[str, Any]]:
    """The whole puzzle drawn anew as a model lays it out (``style.redraw``): its own canvas, cell proportions, clue
    layout and margins. Returns the page (no marks, no grid yet) and its geometry."""
    kind = style.redraw
    rows, cols = layout["rows"], layout["cols"]
    base = layout["cell_px"] * rng.uniform(0.95, 1.03)
    row_vals = [_values("row", r, c, change) for r, c in enumerate(truth["row_clues"])]
    col_vals = [_values("col", c, v, change) for c, v in enumerate(truth["col_clues"])]
    if kind == "big_clues":
        cw = ch = base * rng.uniform(0.86, 0.9)
    elif kind == "board_edge":
        cw, ch = base * rng.uniform(1.04, 1.08), base
    else:  # flush_clues
        cw = ch = base
    ref = _digit_h(_font(INPUT_FONT, layout["clue_font_px"]))
    px = _px_for(style.clue_font, ref * rng.uniform(*style.clue_scale))
    while True:  # a column's widest number stays inside its column
        font = _font(style.clue_font, px)
        if max(_ink_w(font, t) for v in col_vals for t in v) <= cw * 0.68 or px <= 8:
            break
        px -= 1
    dh = _digit_h(font)
    mid = _centre(font)
    gapn, slot = dh * rng.uniform(0.7, 0.9), dh * rng.uniform(1.7, 1.9)
    row_w = max(sum(_ink_w(font, t) for t in v) + gapn * (len(v) - 1) for v in row_vals)
    col_h = max(len(v) for v in col_vals) * slot
    pad = 0.55 * min(cw, ch) if kind != "flush_clues" else 0.9 * min(cw, ch)
    m = round(base * rng.uniform(0.6, 0.8))
    edge = round(0.2 * min(cw, ch)) if kind == "board_edge" else 0
    gx0, gy0 = m + row_w + pad, m + col_h + pad
    x0s, y0s = _starts(gx0, cols, cw, 0), _starts(gy0, rows, ch, 0)
    gx1, gy1 = gx0 + cols * cw, gy0 + rows * ch
    W, H = round(gx1 + m + edge), round(gy1 + m + edge)
    paper = {"flush_clues": (253, 253, 250), "big_clues": WHITE, "board_edge": (238, 240, 244)}[kind]
    img = Image.new("RGB", (W, H), paper)
    d = ImageDraw.Draw(img)
    L = {"grid_bbox": [gx0, gy0, gx1, gy1], "rows": rows, "cols": cols, "cw": cw, "ch": ch, "cell_px": min(cw, ch),
         "x0s": x0s, "y0s": y0s}
    if kind == "board_edge":  # a raised white board: soft shadow, then a darker extruded edge to the lower right
        a = np.asarray(img, np.float32).copy()
        sh = np.zeros((H, W), np.float32)
        sh[round(gy0 + edge * 1.6):round(gy1 + edge * 1.8), round(gx0 + edge * 1.4):round(gx1 + edge * 1.8)] = 1
        a *= (1 - 0.3 * cv2.GaussianBlur(sh, (0, 0), max(2.0, edge)))[..., None]
        img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        for k in range(edge, 0, -1):
            d.rectangle([gx0 + k, gy0 + k, gx1 + k, gy1 + k], fill=(120 + 3 * k, 128 + 3 * k, 144 + 3 * k))
        d.rectangle([gx0, gy0, gx1, gy1], fill=WHITE)
    jit = style.clue_jitter * dh
    for r, vals in enumerate(row_vals):
        cy = y0s[r] + ch / 2
        if kind == "flush_clues":  # flush left at the margin, reading on to the right
            x = m
            for t in vals:
                wt = _ink_w(font, t)
                _put(d, (x + wt / 2, cy), t, font, style.clue_colour, mid, style.clue_stroke)
                x += wt + gapn
            continue
        x = gx0 - pad
        for t in reversed(vals):
            wt = _ink_w(font, t)
            _put(d, (x - wt / 2 + rng.uniform(-jit, jit), cy + rng.uniform(-jit, jit)), t, font, style.clue_colour, mid,
                 style.clue_stroke)
            x -= wt + gapn
    for c, vals in enumerate(col_vals):
        cx = x0s[c] + cw / 2
        for k, t in enumerate(vals):
            if kind == "flush_clues":  # hanging from the top margin
                cy = m + (k + 0.5) * slot
            else:
                cy = gy0 - pad - (len(vals) - k - 0.5) * slot
            _put(d, (cx + rng.uniform(-jit, jit), cy + rng.uniform(-jit, jit)), t, font, style.clue_colour, mid,
                 style.clue_stroke)
    return img, L


# ------------------------------------------------------------------------------------------ pages


def _photo_tone(out: np.ndarray, g: np.random.Generator, warm: float, vig: float, cx: float = 0.5, cy: float = 0.45
                ) -> np.ndarray:
    """A camera's look: a warm or cool cast, a vignette round (cx, cy) and sensor noise."""
    H, W = out.shape[:2]
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    out = out * (1.02 - vig * np.hypot(xx / W - cx, yy / H - cy))[..., None]
    out = out * np.array([1 + warm, 1.0, 1 - 1.6 * warm], np.float32)
    return out + g.normal(0, 1.8, out.shape).astype(np.float32)


def _marble(g: np.random.Generator, rng: random.Random, H: int, W: int) -> np.ndarray:
    """A white marble slab: soft grey clouds, two or three long wandering grey veins and finer branches."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    bg = np.empty((H, W, 3), np.float32)
    bg[:] = (238, 238, 235)
    dark = 0.035 * _blurred_noise(g, H, W, 30) + 0.02 * _blurred_noise(g, H, W, 8)
    for k, (n, wd, amp) in enumerate(((rng.randint(2, 3), 0.006, 0.3), (rng.randint(3, 5), 0.0025, 0.16))):
        th = rng.uniform(0.4, 1.1) + (0.5 if k else 0.0)
        turb = 0.9 * _blurred_noise(g, H, W, 0.12 * max(H, W)) + 0.25 * _blurred_noise(g, H, W, 0.03 * max(H, W))
        v = (xx * math.cos(th) + yy * math.sin(th)) / max(H, W) + 0.08 * turb
        for _ in range(n):
            c = rng.uniform(0.1, 1.2)
            dark += amp * np.exp(-np.abs(v - c) / (wd * rng.uniform(0.7, 1.5)))
    bg *= (1 - np.clip(dark, -0.05, 0.5))[..., None]
    bg *= np.array([1.0, 0.995, 0.985], np.float32)
    return bg + g.normal(0, 1.5, (H, W, 1)).astype(np.float32)


CHECKER = ((115, 82, 68), (194, 150, 130), (98, 122, 157), (87, 108, 67), (133, 128, 177), (103, 189, 170),
           (214, 126, 44), (80, 91, 166), (193, 90, 99), (94, 60, 108), (157, 188, 64), (224, 163, 46),
           (56, 61, 150), (70, 148, 73), (175, 54, 60), (231, 199, 31), (187, 86, 149), (8, 133, 161),
           (243, 243, 242), (200, 200, 200), (160, 160, 160), (122, 122, 121), (85, 85, 85), (52, 52, 52))


def _button(d: ImageDraw.ImageDraw, box, text: str, px: int, fill, ink, outline=None) -> None:
    d.rounded_rectangle(box, radius=max(3, px // 2), fill=fill, outline=outline, width=1)
    _printed_text(d, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, px, ink, "mm")


def _page23(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "marble_counter":  # photographed on a white marble kitchen counter, a little from below
        M = round(0.07 * max(h, w))
        bg = _marble(g, rng, h + 2 * M + 90, w + 2 * M + 90)
        out = _on_table(a, bg, rng.uniform(-2.5, 2.5), (M, M), 0.3, g)
        out = _photo_tone(out, g, rng.uniform(0.0, 0.02), 0.1)
        out = np.clip(out, 0, 255).astype(np.uint8)
        return _perspective(out, rng.uniform(0.03, 0.05), (226, 226, 222))
    if e == "colour_chart":  # an archival scan on a grey copy stand, a colour chart and a grey wedge below the page
        M = round(0.035 * max(h, w))
        chart_h = round(0.16 * h)
        H, W = h + 3 * M + chart_h, w + 2 * M
        out = np.empty((H, W, 3), np.float32)
        out[:] = (96, 97, 100)
        out *= (1 + 0.02 * _blurred_noise(g, H, W, 20))[..., None]
        out[M:M + h, M:M + w] = a
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        cy0 = h + 2 * M
        cw_ = round(0.52 * w)
        d.rectangle([M, cy0, M + cw_, cy0 + chart_h], fill=(24, 24, 26))
        gp = max(2, round(chart_h * 0.05))
        pw, ph = (cw_ - 7 * gp) / 6, (chart_h - 5 * gp) / 4
        for i, colr in enumerate(CHECKER):
            r_, c_ = divmod(i, 6)
            x, y = M + gp + c_ * (pw + gp), cy0 + gp + r_ * (ph + gp)
            d.rectangle([x, y, x + pw, y + ph], fill=colr)
        wx0, wx1 = M + cw_ + M, W - M
        wh = round(chart_h * 0.42)
        n = 11
        for k in range(n):
            v = round(250 - k * 232 / (n - 1))
            d.rectangle([wx0 + (wx1 - wx0) * k / n, cy0, wx0 + (wx1 - wx0) * (k + 1) / n, cy0 + wh], fill=(v, v, v))
        d.rectangle([wx0, cy0, wx1, cy0 + wh], outline=(20, 20, 22), width=1)
        _printed_text(d, (wx0, cy0 + wh + chart_h * 0.3), "COLOUR CONTROL PATCHES", max(9, round(chart_h * 0.14)),
                      (230, 230, 232), "lm", bold=True)
        out = np.asarray(img).astype(np.float32) * np.array([0.99, 1.0, 1.015], np.float32)
        return np.clip(out + g.normal(0, 1.0, out.shape), 0, 255).astype(np.uint8)
    if e == "print_dialog":  # a print dialog: the page previewed on grey beside a settings panel
        fpx = max(12, round(0.024 * max(h, w)))
        panel, top, pad = round(0.44 * w), round(fpx * 2.8), round(fpx * 1.6)
        W, H = pad + w + pad + panel, top + pad + h + pad
        img = Image.new("RGB", (W, H), (82, 86, 92))
        d = ImageDraw.Draw(img)
        d.rectangle([0, 0, W, top], fill=(236, 238, 242))
        _printed_text(d, (pad * 0.6, top / 2), "Print", round(fpx * 1.15), (30, 32, 38), "lm", bold=True)
        px0 = pad + w + pad
        d.rectangle([px0, top, W, H], fill=(250, 250, 252))
        sh = np.zeros((H, W), np.float32)
        sh[top + pad + 6:top + pad + h + 6, pad + 4:pad + w + 4] = 1
        base = np.asarray(img, np.float32) * (1 - 0.5 * cv2.GaussianBlur(sh, (0, 0), 6))[..., None]
        img = Image.fromarray(np.clip(base, 0, 255).astype(np.uint8))
        img.paste(Image.fromarray(a), (pad, top + pad))
        d = ImageDraw.Draw(img)
        y = top + fpx * 1.8
        for label, value in (("Destination", "Save as PDF"), ("Pages", "All"), ("Layout", "Portrait"),
                             ("Colour", "Colour"), ("Margins", "Default")):
            _printed_text(d, (px0 + fpx, y), label, fpx, (60, 64, 72), "lm")
            bx = px0 + panel * 0.45
            d.rounded_rectangle([bx, y - fpx * 0.9, W - fpx, y + fpx * 0.9], radius=fpx // 3, outline=(196, 200, 208),
                                fill=WHITE, width=1)
            _printed_text(d, (bx + fpx * 0.5, y), value, round(fpx * 0.92), (30, 32, 38), "lm")
            d.line([(W - fpx * 2.1, y - fpx * 0.2), (W - fpx * 1.7, y + fpx * 0.2), (W - fpx * 1.3, y - fpx * 0.2)],
                   fill=(90, 94, 102), width=2)
            y += fpx * 2.8
        _printed_text(d, (px0 + fpx, y), "More settings", fpx, (40, 90, 200), "lm")
        by = H - fpx * 3
        _button(d, [W - fpx * 11.5, by, W - fpx * 6.5, by + fpx * 2], "Cancel", fpx, WHITE, (40, 90, 200),
                (196, 200, 208))
        _button(d, [W - fpx * 6, by, W - fpx, by + fpx * 2], "Save", fpx, (40, 100, 220), WHITE)
        return np.asarray(img)
    if e == "film_strip":  # a frame of 35 mm negative-scanned film on a light box: sprocket holes in black bands
        band, side = round(0.12 * h), round(0.03 * w)
        H, W = h + 2 * band, w + 2 * side
        out = np.empty((H, W, 3), np.float32)
        out[:] = (20, 16, 12)
        lay, dl = _layer(w, h)
        dl.rounded_rectangle([0, 0, w - 1, h - 1], radius=round(0.02 * w), fill=255)
        m = _m(lay)[..., None]
        out[band:band + h, side:side + w] = out[band:band + h, side:side + w] * (1 - m) + a.astype(np.float32) * m
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        hw, hh = 0.04 * W, 0.36 * band
        step = 0.072 * W
        x = rng.uniform(0.1, 0.6) * step
        while x + hw < W:
            for y in (band * 0.22, H - band * 0.22 - hh):
                d.rounded_rectangle([x, y, x + hw, y + hh], radius=max(2, round(hh * 0.25)), fill=(236, 234, 226))
            x += step
        fpx = max(9, round(band * 0.18))
        for k in range(3):
            xx_ = W * (0.12 + 0.34 * k)
            _printed_text(d, (xx_, band * 0.8), "SAFETY FILM", fpx, (214, 138, 50), "lm", bold=True)
            d.polygon([(xx_ - fpx * 1.4, band * 0.8 - fpx * 0.4), (xx_ - fpx * 0.6, band * 0.8),
                       (xx_ - fpx * 1.4, band * 0.8 + fpx * 0.4)], fill=(214, 138, 50))
        out = np.asarray(img).astype(np.float32)
        out = 10 + out * 0.95
        out = _photo_tone(out, g, 0.03, 0.08)
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "legal_pad":  # lying on a yellow legal pad: blue rules, a red double margin line, the gummed top
        M = round(0.08 * max(h, w))
        H, W = h + 2 * M + 90, w + 2 * M + 90
        bg = np.empty((H, W, 3), np.float32)
        bg[:] = (250, 236, 146)
        img = Image.fromarray(np.clip(bg, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        p = 0.03 * max(h, w)
        y = M * 0.9
        while y < H:
            d.line([(0, y), (W, y)], fill=(150, 182, 214), width=1)
            y += p
        xm = rng.uniform(0.05, 0.1) * W
        d.line([(xm, 0), (xm, H)], fill=(214, 90, 90), width=1)
        d.line([(xm + 4, 0), (xm + 4, H)], fill=(214, 90, 90), width=1)
        d.rectangle([0, 0, W, M * 0.55], fill=(122, 30, 34))
        bg = np.asarray(img).astype(np.float32) * (1 + 0.008 * _blurred_noise(g, H, W, 2))[..., None]
        out = _on_table(a, bg, rng.uniform(-3, 3), (M, M), 0.3, g)
        out = _photo_tone(out, g, rng.uniform(0.01, 0.03), 0.12)
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "recycled_flecks":  # recycled paper: a grey-beige tint, tiny dark flecks and a few coloured fibres
        f = a.astype(np.float32)
        lum = f @ np.array([0.299, 0.587, 0.114], np.float32)
        paper = np.clip((lum - 170) / 60, 0, 1)[..., None]
        f = f * (1 - paper) + f * np.array([0.95, 0.935, 0.9], np.float32) * paper
        f += (2.5 * _blurred_noise(g, h, w, 1.2))[..., None] * paper
        clear = cv2.erode((lum > 215).astype(np.uint8), np.ones((11, 11), np.uint8)) > 0  # paper well away from ink
        img = Image.fromarray(np.clip(f, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        for _ in range(int(h * w / 4000)):
            x, y = rng.uniform(2, w - 3), rng.uniform(2, h - 3)
            if not clear[int(y), int(x)]:
                continue
            if rng.random() < 0.7:
                r = rng.uniform(0.5, 0.9)
                v = rng.randint(176, 206)
                d.ellipse([x - r, y - r, x + r, y + r], fill=(v, v - 6, v - 14))
            else:
                ang, ln = rng.uniform(0, math.pi), rng.uniform(2.5, 4.5)
                c_ = rng.choice(((182, 196, 226), (226, 190, 190), (196, 210, 186)))
                d.line([(x, y), (x + ln * math.cos(ang), y + ln * math.sin(ang))], fill=c_, width=1)
        return np.asarray(img)
    if e == "mixed_light":  # a warm desk lamp from one side and cool daylight from the other
        f = a.astype(np.float32)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        th = rng.uniform(-0.4, 0.4)
        t = np.clip(((xx / w - 0.5) * math.cos(th) + (yy / h - 0.5) * math.sin(th)) + 0.5, 0, 1)[..., None]
        warm, cool = np.array([1.04, 0.96, 0.82], np.float32), np.array([0.9, 0.96, 1.06], np.float32)
        gain = warm * (1 - t) + cool * t
        lamp = 1 - 0.12 * np.clip(np.hypot(xx / w + 0.1, yy / h - 0.3) - 0.3, 0, 1)
        out = f * gain * lamp[..., None] + g.normal(0, 1.5, f.shape)
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "notification_banner":  # a phone's photo viewer with a message notification dropped in above the photo
        fpx = max(12, round(0.024 * max(h, w)))
        side = round(0.03 * w)
        sb, ban, gap, bot = round(fpx * 2.2), round(fpx * 5.2), round(fpx * 1.2), round(fpx * 3.2)
        W, H = w + 2 * side, sb + ban + gap + h + bot
        img = Image.new("RGB", (W, H), (0, 0, 0))
        img.paste(Image.fromarray(a), (side, sb + ban + gap))
        d = ImageDraw.Draw(img)
        x = W - side - fpx * 1.6
        d.rounded_rectangle([x - fpx * 1.4, sb * 0.32, x + fpx * 0.2, sb * 0.68], radius=3, outline=WHITE, width=1)
        d.rectangle([x - fpx * 1.2, sb * 0.38, x - fpx * 0.3, sb * 0.62], fill=WHITE)
        for k in range(4):
            bx = x - fpx * 4.4 + k * fpx * 0.45
            d.rectangle([bx, sb * (0.66 - 0.09 * (k + 1)), bx + fpx * 0.3, sb * 0.68], fill=WHITE)
        d.ellipse([side + fpx * 0.6, sb * 0.3, side + fpx * 1.4, sb * 0.7], fill=(255, 180, 0))
        bx0, by0, bx1, by1 = side, sb, W - side, sb + ban
        d.rounded_rectangle([bx0, by0, bx1, by1], radius=round(fpx * 1.2), fill=(232, 232, 236))
        ic = fpx * 2.6
        ix, iy = bx0 + fpx, by0 + (ban - ic) / 2
        d.rounded_rectangle([ix, iy, ix + ic, iy + ic], radius=round(ic * 0.25), fill=(52, 199, 89))
        d.ellipse([ix + ic * 0.2, iy + ic * 0.24, ix + ic * 0.8, iy + ic * 0.7], fill=WHITE)
        d.polygon([(ix + ic * 0.3, iy + ic * 0.62), (ix + ic * 0.24, iy + ic * 0.82), (ix + ic * 0.45, iy + ic * 0.68)],
                  fill=WHITE)
        tx = ix + ic + fpx
        _printed_text(d, (tx, by0 + ban * 0.32), "Messages", round(fpx * 0.95), (30, 30, 34), "lm", bold=True)
        _printed_text(d, (bx1 - fpx, by0 + ban * 0.32), "now", round(fpx * 0.85), (120, 120, 128), "rm")
        _printed_text(d, (tx, by0 + ban * 0.66), "Sam: you got the picture, nice!", round(fpx * 0.95), (40, 40, 46),
                      "lm")
        d.rounded_rectangle([W / 2 - fpx * 5, H - bot * 0.4, W / 2 + fpx * 5, H - bot * 0.4 + 5], radius=3,
                            fill=(220, 220, 224))
        return np.asarray(img)
    if e == "binder_clip":  # clipped at the top with a black binder clip, lying on a slate-grey desk
        pt = round(0.08 * h)
        page = _extend(a, top=pt)
        Hp, Wp = page.shape[:2]
        M, Mt = round(0.05 * max(h, w)), round(0.12 * max(h, w))
        H, W = Hp + M + Mt, Wp + 2 * M
        out = _desk(g, H, W, (72, 80, 90))
        sh = np.zeros((H, W), np.float32)
        sh[Mt + 7:Mt + 7 + Hp, M + 6:M + 6 + Wp] = 1
        out *= (1 - 0.45 * cv2.GaussianBlur(sh, (0, 0), 8))[..., None]
        out[Mt:Mt + Hp, M:M + Wp] = page
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        cx = M + Wp * rng.uniform(0.4, 0.6)
        jw = 0.2 * w
        jt, jb = Mt - pt * 0.35, Mt + pt * 0.72
        d.polygon([(cx - jw / 2 + 4, jt + 5), (cx + jw / 2 + 4, jt + 5), (cx + jw / 2 + 8, jb + 6),
                   (cx - jw / 2, jb + 6)], fill=(40, 42, 46))
        d.polygon([(cx - jw / 2, jt), (cx + jw / 2, jt), (cx + jw / 2 + 3, jb), (cx - jw / 2 - 3, jb)],
                  fill=(22, 22, 24))
        d.line([(cx - jw / 2 + 3, jt + 3), (cx + jw / 2 - 3, jt + 3)], fill=(90, 92, 98), width=2)
        wire = max(2, round(w / 200))
        for k, (spread, reach) in enumerate(((0.42, 0.62), (0.36, 0.5))):  # the two folded wire handles
            tone = (200, 202, 208) if k == 0 else (168, 170, 176)
            d.line([(cx - jw * spread, jt + 3), (cx - jw * spread * 0.72, jt - Mt * reach),
                    (cx + jw * spread * 0.72, jt - Mt * reach), (cx + jw * spread, jt + 3)], fill=tone, width=wire,
                   joint="curve")
        out = _photo_tone(np.asarray(img).astype(np.float32), g, 0.0, 0.12)
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "crop_tool":  # in a photo editor's crop tool: the frame and its handles round the page, dimmed outside
        ext = round(0.06 * max(h, w))
        page = _extend(a, ext, ext, ext, ext).astype(np.float32)
        Hp, Wp = page.shape[:2]
        dim = np.full((Hp, Wp), 0.42, np.float32)
        dim[ext:ext + h, ext:ext + w] = 1
        page *= dim[..., None]
        fpx = max(12, round(0.024 * max(h, w)))
        top, bot, side = round(fpx * 3), round(fpx * 4.2), round(fpx * 1.2)
        W, H = Wp + 2 * side, Hp + top + bot
        img = Image.new("RGB", (W, H), (30, 30, 32))
        img.paste(Image.fromarray(np.clip(page, 0, 255).astype(np.uint8)), (side, top))
        d = ImageDraw.Draw(img)
        x0, y0, x1, y1 = side + ext, top + ext, side + ext + w, top + ext + h
        d.rectangle([x0 - 1, y0 - 1, x1, y1], outline=(240, 240, 240), width=2)
        L_, t = 0.06 * min(w, h), max(4, round(fpx * 0.35))
        for cx, cy, sx, sy in ((x0, y0, 1, 1), (x1, y0, -1, 1), (x0, y1, 1, -1), (x1, y1, -1, -1)):
            d.rectangle([min(cx - sx * t, cx + sx * L_), min(cy - sy * t, cy), max(cx - sx * t, cx + sx * L_),
                         max(cy - sy * t, cy)], fill=WHITE)
            d.rectangle([min(cx - sx * t, cx), min(cy - sy * t, cy + sy * L_), max(cx - sx * t, cx),
                         max(cy - sy * t, cy + sy * L_)], fill=WHITE)
        for mx, my, horiz in (((x0 + x1) / 2, y0, True), ((x0 + x1) / 2, y1, True), (x0, (y0 + y1) / 2, False),
                              (x1, (y0 + y1) / 2, False)):
            if horiz:
                d.rectangle([mx - L_ / 2, my - t / 2 - 1, mx + L_ / 2, my + t / 2 - 1], fill=WHITE)
            else:
                d.rectangle([mx - t / 2 - 1, my - L_ / 2, mx + t / 2 - 1, my + L_ / 2], fill=WHITE)
        _printed_text(d, (side + fpx * 0.5, top / 2), "Cancel", fpx, (230, 230, 232), "lm")
        _printed_text(d, (W / 2, top / 2), "Crop", round(fpx * 1.05), (240, 240, 242), "mm", bold=True)
        _printed_text(d, (W - side - fpx * 0.5, top / 2), "Done", fpx, (255, 204, 0), "rm", bold=True)
        opts = ("Free", "Original", "Square", "Wide")
        for k, o in enumerate(opts):
            ox = W * (0.2 + 0.2 * k)
            oy = H - bot * 0.45
            if k == 0:
                d.rounded_rectangle([ox - fpx * 2.4, oy - fpx * 0.9, ox + fpx * 2.4, oy + fpx * 0.9], radius=fpx,
                                    fill=(70, 70, 74))
            _printed_text(d, (ox, oy), o, round(fpx * 0.9), (236, 236, 238), "mm")
        return np.asarray(img)
    if e == "pastel_paper":  # printed on pale blue paper: the paper's colour multiplies the page
        tint = np.array(rng.choice(((206, 224, 244), (212, 228, 240))), np.float32) / 255
        out = a.astype(np.float32) * tint + g.normal(0, 1.2, a.shape)
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "gallery_app":  # a phone's photo gallery: black round the photo, a top bar, thumbnails and tools below
        fpx = max(12, round(0.024 * max(h, w)))
        top, strip, tools = round(fpx * 3.4), round(0.09 * h), round(fpx * 3.4)
        W, H = w, top + h + round(fpx * 1.2) + strip + tools
        img = Image.new("RGB", (W, H), (0, 0, 0))
        img.paste(Image.fromarray(a), (0, top))
        d = ImageDraw.Draw(img)
        d.line([(fpx * 1.4, top / 2 - fpx * 0.6), (fpx * 0.8, top / 2), (fpx * 1.4, top / 2 + fpx * 0.6)],
               fill=(10, 132, 255), width=3)
        _printed_text(d, (W / 2, top * 0.4), "Today", round(fpx * 1.0), WHITE, "mm", bold=True)
        _printed_text(d, (W / 2, top * 0.72), "Screenshots", round(fpx * 0.75), (170, 170, 176), "mm")
        _printed_text(d, (W - fpx, top / 2), "Edit", fpx, (10, 132, 255), "rm")
        ys = top + h + round(fpx * 1.2)
        tw = max(4, round(strip * w / h))
        thumb = np.asarray(Image.fromarray(a).resize((tw, strip)))
        x = round(W / 2 - tw / 2)
        small = round(strip * 0.62)
        for sgn in (-1, 1):  # the neighbouring photos, narrow slices of other pictures
            xk = x - small - 3 if sgn < 0 else x + tw + 3
            while 0 <= xk and xk + small <= W:
                c0 = g.integers(40, 210, 3).astype(np.float32)
                patch = np.empty((strip, small, 3), np.float32)
                patch[:] = c0
                patch *= (0.8 + 0.4 * np.linspace(0, 1, strip))[:, None, None]
                img.paste(Image.fromarray(np.clip(patch, 0, 255).astype(np.uint8)), (xk, ys))
                xk += sgn * (small + 3)
        img.paste(Image.fromarray(thumb), (x, ys))
        d.rectangle([x - 2, ys - 2, x + tw + 1, ys + strip + 1], outline=WHITE, width=2)
        ty = H - tools / 2
        for k, fx in enumerate((0.12, 0.37, 0.63, 0.88)):
            cx = W * fx
            r = fpx * 0.7
            if k == 0:
                d.rectangle([cx - r * 0.7, ty - r * 0.3, cx + r * 0.7, ty + r], outline=(10, 132, 255), width=2)
                d.line([(cx, ty - r * 1.2), (cx, ty + r * 0.3)], fill=(10, 132, 255), width=2)
            elif k == 1:
                heart = [(cx + r * 0.06 * 16 * math.sin(t) ** 3, ty - r * 0.06 * (
                    13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)))
                    for t in np.linspace(0, 2 * math.pi, 40)]
                d.line(heart, fill=(10, 132, 255), width=2, joint="curve")
            elif k == 2:
                d.ellipse([cx - r, ty - r, cx + r, ty + r], outline=(10, 132, 255), width=2)
                _printed_text(d, (cx, ty), "i", round(fpx * 0.9), (10, 132, 255), "mm", bold=True)
            else:
                d.rectangle([cx - r * 0.7, ty - r * 0.6, cx + r * 0.7, ty + r], outline=(10, 132, 255), width=2)
                d.line([(cx - r, ty - r * 0.6), (cx + r, ty - r * 0.6)], fill=(10, 132, 255), width=2)
        return np.asarray(img)
    if e == "held_in_hand":  # held up in one hand against a blurred room, the thumb on the bottom margin
        pb, pl = round(0.1 * h), round(0.02 * w)
        page = _extend(a, left=pl, bottom=pb)
        Hp, Wp = page.shape[:2]
        M = round(0.07 * max(h, w))
        H, W = Hp + 2 * M + 90, Wp + 2 * M + 90
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        bg = np.empty((H, W, 3), np.float32)
        top_c, bot_c = np.array((196, 186, 170), np.float32), np.array((112, 92, 76), np.float32)
        t = (yy / H)[..., None]
        bg[:] = top_c * (1 - t) + bot_c * t
        blobs = np.zeros((H, W), np.float32)
        for _ in range(6):
            bx, by, br = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0.08, 0.2) * W
            blobs += rng.uniform(-0.12, 0.12) * np.exp(-((xx - bx) ** 2 + (yy - by) ** 2) / (2 * br * br))
        bg *= (1 + blobs)[..., None]
        deg = rng.uniform(-1.5, 1.5)
        out = _on_table(page, bg, deg, (M, M), 0.35, g)
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        Hc, Wc = out.shape[:2]
        tipx = M + pl + Wp * rng.uniform(0.18, 0.32)
        tipy = M + h + pb * 0.4
        ang = math.radians(rng.uniform(-25, -10))
        tw_ = pb * 0.9
        ln = Hc - tipy + tw_
        hand, dh_ = _layer(Wc, Hc)
        ca, sa = math.cos(ang), math.sin(ang)
        pts = []
        for k in range(24):
            th = math.pi + math.pi * k / 23
            pts.append((tipx + tw_ / 2 * math.cos(th) * ca - (tw_ * 0.55 * math.sin(th)) * sa,
                        tipy + tw_ * 0.55 + tw_ / 2 * math.cos(th) * sa + (tw_ * 0.55 * math.sin(th)) * ca))
        far = (tipx - ln * sa, tipy + ln * ca)
        pts += [(far[0] + tw_ * 0.8 * ca, far[1] + tw_ * 0.8 * sa), (far[0] - tw_ * 0.9 * ca, far[1] - tw_ * 0.9 * sa)]
        dh_.polygon(pts, fill=255)
        dh_.ellipse([far[0] - tw_ * 2.5, far[1] - tw_ * 0.9, far[0] + tw_ * 2.2, far[1] + tw_ * 3], fill=255)
        hm = cv2.GaussianBlur(_m(hand), (0, 0), 1.2)
        yy2, xx2 = np.mgrid[0:Hc, 0:Wc].astype(np.float32)
        skin = np.empty((Hc, Wc, 3), np.float32)
        skin[:] = (222, 170, 140)
        skin *= (1.05 - 0.25 * np.clip((xx2 - tipx) * ca + (yy2 - tipy) * sa, -tw_, tw_)[..., None] / tw_ * 0.5)
        skin *= (1 - 0.1 * np.clip((yy2 - tipy) / (Hc - tipy + 1), 0, 1))[..., None]
        shadow = np.zeros_like(hm)
        shadow[4:, :-3] = hm[:-4, 3:]
        base = np.asarray(img, np.float32) * (1 - 0.35 * cv2.GaussianBlur(shadow, (0, 0), 4))[..., None]
        base = base * (1 - hm[..., None]) + skin * hm[..., None]
        nail, dn = _layer(Wc, Hc)
        nx, ny = tipx + tw_ * 0.08 * sa, tipy + tw_ * 0.32
        dn.ellipse([nx - tw_ * 0.28, ny - tw_ * 0.18, nx + tw_ * 0.28, ny + tw_ * 0.38], fill=255)
        nm = cv2.GaussianBlur(_m(nail), (0, 0), 1.0)[..., None]
        base = base * (1 - nm * 0.6) + np.array((240, 206, 196), np.float32) * nm * 0.6
        out = _photo_tone(base, g, 0.02, 0.14)
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "eyeglasses_desk":  # on a dark blue desk mat with a pair of reading glasses beside the page
        M, pr = round(0.05 * max(h, w)), round(0.36 * w)
        H, W = h + 2 * M, w + 2 * M + pr
        out = _desk(g, H, W, (52, 62, 78))
        sh = np.zeros((H, W), np.float32)
        sh[M + 6:M + 6 + h, M + 5:M + 5 + w] = 1
        out *= (1 - 0.45 * cv2.GaussianBlur(sh, (0, 0), 7))[..., None]
        out[M:M + h, M:M + w] = a
        cx, cy = M + w + M * 0.6 + pr / 2, H * rng.uniform(0.35, 0.65)
        lw_, lh = pr * 0.4, pr * 0.3
        frame = (44, 30, 24)
        for layer_k in ("shadow", "glasses"):
            lay, dl = _layer(W, H)
            o = (6, 8) if layer_k == "shadow" else (0, 0)
            for sx in (-1, 1):
                x0 = cx + sx * (lw_ / 2 + pr * 0.04) - lw_ / 2 + o[0]
                dl.rounded_rectangle([x0, cy - lh / 2 + o[1], x0 + lw_, cy + lh / 2 + o[1]], radius=round(lh * 0.45),
                                     outline=255, width=max(3, round(pr / 45)))
            dl.arc([cx - pr * 0.06 + o[0], cy - lh * 0.4 + o[1], cx + pr * 0.06 + o[0], cy - lh * 0.05 + o[1]], 180,
                   360, fill=255, width=max(2, round(pr / 60)))
            for sx, dy in ((-1, -0.3), (1, -0.2)):  # the temples folded in behind the lenses
                ex = cx + sx * (lw_ + pr * 0.04)
                dl.line([(ex + o[0], cy + dy * lh + o[1]), (cx - sx * lw_ * 0.75 + o[0], cy + (dy + 0.22) * lh + o[1])],
                        fill=255, width=max(2, round(pr / 60)))
            mm = cv2.GaussianBlur(_m(lay), (0, 0), 3 if layer_k == "shadow" else 0.6)[..., None]
            if layer_k == "shadow":
                out *= 1 - 0.45 * mm
            else:
                out = out * (1 - mm) + np.array(frame, np.float32) * mm
        for sx in (-1, 1):  # a pale reflection streak across each lens
            x0 = cx + sx * (lw_ / 2 + pr * 0.04) - lw_ / 2
            lay, dl = _layer(W, H)
            dl.line([(x0 + lw_ * 0.25, cy + lh * 0.3), (x0 + lw_ * 0.55, cy - lh * 0.35)], fill=255,
                    width=max(2, round(lw_ / 10)))
            out += (255 - out) * (0.18 * cv2.GaussianBlur(_m(lay), (0, 0), 2))[..., None]
        out = _photo_tone(out, g, 0.015, 0.1, cx=0.4)
        return np.clip(out, 0, 255).astype(np.uint8)
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page23(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style23,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, cell width ``cw`` and height ``ch``, each column's and row's first pixel
    ``x0s`` and ``y0s``)."""
    rng = random.Random(f"h23:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = None
    if plan["clue"]:  # any number of a line changed, not only its last
        kind = rng.choice(("row", "col"))
        clues = truth["row_clues"] if kind == "row" else truth["col_clues"]
        line = rng.choice([i for i, c in enumerate(clues) if c] or [0])
        pos = rng.randrange(max(1, len(clues[line])))
        old = clues[line][pos] if clues[line] else 0
        change = (kind, line, pos, rng.choice([v for v in range(1, 10) if v != old]))
    if style.redraw:
        img, L = _redraw_whole23(layout, truth, style, change, rng)
        grid = style.redraw
    else:
        img = input_image.convert("RGB").copy()
        if style.clue_font:
            _redraw_clues23(img, layout, truth, style.clue_font, rng, change, style)
        elif change:
            _retype_clue(img, layout, truth, change)
        if style.grid != "kept":
            _erase_grid17(img, layout)
        gx0, gy0, gx1, gy1 = layout["grid_bbox"]
        cw, ch = (gx1 - gx0) / cols, (gy1 - gy0) / rows
        L = {"grid_bbox": list(layout["grid_bbox"]), "rows": rows, "cols": cols, "cw": cw, "ch": ch,
             "cell_px": layout["cell_px"], "x0s": _starts(gx0, cols, cw, 0), "y0s": _starts(gy0, rows, ch, 0)}
        grid = style.grid
    d = ImageDraw.Draw(img)
    for r in range(rows):
        for c in range(cols):
            box = _box(L, r, c)
            if (r, c) in plan["fill"]:
                _draw_fill23(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill23(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline23(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross23(img, box, style, rng)
            else:
                _draw_empty23(d, box, style.empty, rng)
    _draw_grid23(img, L, rng, grid, inp)
    L["page_w"], L["page_h"] = img.size
    return np.asarray(img), rng, L


def make_answer23(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style23,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page23(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page23(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
