"""HELDOUT24, measured blind on commit 12d362f and again, unstudied, on c1372ed (rubric 65): both 399/432 right, the same
verdict on every answer, 0 false passes, 59/72 error-free right (12 false fails, none confidently incorrect), 95
needs_review, 12 unreadable (seed 5, ``tools/measure_nonogram_family.py nonogram_heldout24:HELDOUT24 --seed 5`` on
snapshots of those commits). Per style, right/36, false passes, false fails (error-free answers not right),
needs_review, unreadable: notomono_origami_jupyter 35 0 1 5 0; daibanna_damask_calendar 35 0 0 1 0;
padauk_waxseal_doccomment 33 0 2 11 0; abyssinica_urushi_photocorners 34 0 0 4 0; takao_drip_teamug 36 0 0 0 0;
ukij_sashiko_printertray 32 0 3 18 1; oradano_lowpoly_blotterdate 35 0 1 10 0; wqy_tread_retrowindow 33 0 0 7 0;
inputclues_dimpled_crossprocess 36 0 0 5 0; anjali_rugknots_redrawzebra 34 0 1 3 1; timmana_memphis_redrawhand 22 0 3
12 10; nafees_fingerpaint_solvetimer 34 0 2 19 0 (each name after its ``e_``). By planted error: none 59/72,
extra_light 65, extra_outline 70, x_instead 70, missing 69, clue_changed 66 (of 72 each). By size: 5x5 140/144, 10x10
134/144, 15x15 125/144. Held out: measured as counts only, its answers not looked at.

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved nonogram:
clue fonts from Debian packages no earlier nonogram family, test, install list or digit-reader training names
(fonts-noto-mono, fonts-sil-dai-banna, fonts-sil-padauk, fonts-sil-abyssinica, fonts-takao-mincho, fonts-ukij-uyghur,
fonts-oradano-mincho-gsrr, fonts-wqy-zenhei, fonts-smc-anjalioldlipi, fonts-teluguvijayam, fonts-nafees), one style
keeping the input's clues (its changed clue is one line's numbers erased and typed again in another bold face, Padauk
Book); fills no earlier family uses (folded origami paper, damask silk, a sealing-wax blob, worn urushi lacquer, spray
paint with drips, sashiko stitching, low-poly facets, tyre tread, rug knots, a dimpled rubber mat, a Memphis pattern,
finger paint); empty-cell marks drawn in new ways (a short upright bar, a pin prick, a watercolour x, a stitched x with
needle holes, a grey chip with a small x); the planted errors drawn in new ways (a pale diamond lattice, a pale glaze
with a sheen, a pale field of small plus signs, a pale plaid; a frame with sprocket holes, a frame with a pale
square-wave key, a frame laid in bricks, a frame torn from paper; a watercolour X pooled at its edges, an X fading from
its middle, a block-letter X with an extruded side, an X punched with holes; all in the fill's colour, darkened where
the fill is a light one); a changed clue that gains a number, loses one, has one split in two, has two merged into their
sum, has one off by one, or is swapped with its neighbour line's; a missing fill left bare on a page whose other empty
cells carry marks; grids drawn in new ways (dots at the joints, minor lines stopping short of the joints, each fifth
line a tinted channel); two styles that redraw the whole puzzle (alternate rows and columns in pale bands with the clues
in two alternating inks; a hand-ruled puzzle of slightly uneven cells with its clues written by hand); and page changes
no earlier family uses (a notebook's code cell and its output, a page-a-day calendar, a word processor with a margin
comment, a scrapbook page with photo corners, a mug of tea beside the page, a printer's output tray, a leather desk
blotter with a film camera's orange date imprint, a retro paint program's window, a cross-processed photo, a footer with
a QR code, a kilim rug, a game's solved banner with a timer).

Clues written anew on the input's page are fitted to its clue strips (the spacing, then the size, shrinks where a
wide font would run off the page); the redrawn puzzles space their clues by the digits' height.

Doubts noted rather than made unfair: Oradano is a retro Meiji-era print face with slightly uneven strokes (its 4 has an
open, old-style shape); Takao P Mincho is a light serif (drawn a little larger); UKIJ Moy Qelem and Timmana are pen
hands; Dai Banna's condensed Book cut is fairly thin; the calendar's date, the film imprint and the game's timer put
numbers on the page, well away from the clue strips; the QR code's modules are small squares below the grid, apart from
it under a rule; the wax seals are round, leaving a cell's corners paper, and the spray-paint cells leave paper between
the drips along their bottom edge (a person sees a painted cell at once); the zebra redraw's pale bands tint the empty
cells of alternate rows and columns; the retyped clue line on the page that keeps the input's clues is in a slightly
smaller, lighter bold face than its neighbours; the split and merged clues change how many numbers a line has, and the
swapped clues change two neighbouring lines.

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer24` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout24:HELDOUT24`` measures them like the earlier families.
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
from nonogram_heldout20 import _perspective, _wobbly
from nonogram_heldout21 import _extend
from nonogram_heldout22 import _noise0
from PIL import Image, ImageDraw

WHITE = (255, 255, 255)


@dataclass(frozen=True)
class Style24(Style):
    """A HELDOUT24 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``zebra_lines``, ``hand_ruled``; empty keeps the input's
    frame), ``clue_change`` how a planted clue_changed answer alters its line (``extra``, ``drop``, ``split``,
    ``merge``, ``off_by_one``, ``swap_lines``, ``retyped_line``) and ``missing_bare`` whether a missing fill is left
    bare rather than marked like the other empty cells. ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""
    clue_change: str = "extra"
    missing_bare: bool = False

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer24(input_image, layout, truth, self, error, seed)


HELDOUT24 = (
    Style24("e_notomono_origami_jupyter", "origami", (36, 58, 140), "small_bar", "NotoSansMono-Bold.ttf",
            ("jupyter_cell",), clue_scale=(0.95, 1.05), grid="dots_ink", light_mark="light_mesh",
            outline_mark="outline_sprocket", cross_mark="heavy_x_wash", clue_change="extra", missing_bare=True),
    Style24("e_daibanna_damask_calendar", "damask", (24, 70, 48), "none", "DBSILBR.ttf", ("desk_calendar", "jpeg"),
            clue_scale=(1.15, 1.25), grid="gapped_brown", light_mark="light_glaze", outline_mark="outline_meander",
            cross_mark="heavy_x_gradient", clue_change="drop"),
    Style24("e_padauk_waxseal_doccomment", "wax_seal", (146, 22, 30), "pinhole", "Padauk-Bold.ttf", ("doc_comment",),
            clue_scale=(1.0, 1.1), grid="channel_slate", light_mark="light_plus",
            outline_mark="outline_brick", cross_mark="heavy_x_extruded", clue_change="split", missing_bare=True),
    Style24("e_abyssinica_urushi_photocorners", "urushi", (30, 22, 22), "wash_x", "AbyssinicaSIL-Regular.ttf",
            ("photo_corners", "jpeg"), clue_colour=(22, 26, 70), clue_scale=(1.0, 1.1), grid="dots_green",
            light_mark="light_plaid", outline_mark="outline_ragged", cross_mark="heavy_x_punched",
            clue_change="merge"),
    Style24("e_takao_drip_teamug", "drip_paint", (26, 52, 132), "none", "TakaoPMincho.ttf", ("tea_mug", "jpeg"),
            clue_scale=(1.15, 1.25), grid="gapped_navy", light_mark="light_mesh",
            outline_mark="outline_sprocket", cross_mark="heavy_x_wash", clue_change="off_by_one"),
    Style24("e_ukij_sashiko_printertray", "sashiko", (28, 36, 70), "stitched_x", "UKIJMoyQ.ttf",
            ("printer_tray", "jpeg"), clue_colour=(20, 30, 96), clue_scale=(1.1, 1.2), grid="channel_plum",
            light_mark="light_glaze", outline_mark="outline_meander", cross_mark="heavy_x_gradient",
            clue_change="swap_lines"),
    Style24("e_oradano_lowpoly_blotterdate", "low_poly", (72, 38, 112), "none", "OradanoGSRR.ttf",
            ("desk_blotter", "film_date", "jpeg"), clue_scale=(1.15, 1.25), grid="dots_ink",
            light_mark="light_plus", outline_mark="outline_brick", cross_mark="heavy_x_extruded",
            clue_change="extra"),
    Style24("e_wqy_tread_retrowindow", "tread", (40, 40, 42), "chip_x", "wqy-zenhei.ttc", ("retro_window",),
            clue_scale=(1.0, 1.08), grid="gapped_brown", light_mark="light_plaid", outline_mark="outline_ragged",
            cross_mark="heavy_x_punched", clue_change="drop", missing_bare=True),
    Style24("e_inputclues_dimpled_crossprocess", "dimpled", (46, 46, 54), "small_bar", None, ("cross_process", "jpeg"),
            grid="kept", light_mark="light_mesh", outline_mark="outline_sprocket", cross_mark="heavy_x_wash",
            clue_change="retyped_line"),
    Style24("e_anjali_rugknots_redrawzebra", "rug_knots", (126, 30, 42), "pinhole", "AnjaliOldLipi-Regular.ttf",
            ("qr_footer",), clue_scale=(1.05, 1.15), light_mark="light_glaze", outline_mark="outline_meander",
            cross_mark="heavy_x_gradient", clue_change="split", redraw="zebra_lines"),
    Style24("e_timmana_memphis_redrawhand", "memphis", (32, 32, 46), "wash_x", "TimmanaRegular.ttf",
            ("kilim_rug", "jpeg"), clue_colour=(26, 30, 80), clue_scale=(1.25, 1.35), light_mark="light_plus",
            outline_mark="outline_brick", cross_mark="heavy_x_extruded", clue_change="merge", redraw="hand_ruled"),
    Style24("e_nafees_fingerpaint_solvetimer", "fingerpaint", (30, 92, 62), "chip_x", "NafeesWeb.ttf",
            ("solve_timer",), clue_scale=(1.2, 1.3), grid="channel_slate", light_mark="light_plaid",
            outline_mark="outline_ragged", cross_mark="heavy_x_punched", clue_change="off_by_one"),
)

CHANGE_FONT = "PadaukBook-Bold.ttf"  # the retyped line of a changed clue on the page that keeps the input's clues


# ------------------------------------------------------------------------------------------ fills


def _shade(height: np.ndarray, k: float, blur: float = 0.8) -> np.ndarray:
    """Shading (about -1..1) of a height map lit from the upper left: slopes rising to the lower right are lit."""
    hm = cv2.GaussianBlur(height.astype(np.float32), (0, 0), blur)
    gy, gx = np.gradient(hm)
    return np.clip((gx + gy) * k, -1, 1)


def _rgb(c) -> tuple[int, int, int]:
    return tuple(int(max(0, min(255, round(v)))) for v in c)


def _tex24(kind: str, w: int, h: int, colour, g: np.random.Generator, rng: random.Random
           ) -> tuple[np.ndarray, np.ndarray | None]:
    """A filled cell's picture (h, w, 3 float) in ``kind`` and its coverage (None: the whole box)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    alpha = None
    edge = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy])
    if kind == "origami":  # a square of origami paper folded once: two tones either side of a diagonal crease
        if rng.random() < 0.5:
            u = xx / max(1, w - 1) - yy / max(1, h - 1)
        else:
            u = xx / max(1, w - 1) + yy / max(1, h - 1) - 1
        tex = np.where((u > 0)[..., None], col * 1.18, col * 0.86)
        crease = np.exp(-(u * s / 1.2) ** 2)
        tex = tex + (255 - tex) * (0.2 * crease)[..., None]
        k = s * rng.uniform(0.2, 0.26)  # one corner folded over, its edge casting a thin shadow
        corner = rng.randrange(4)
        cx_, cy_ = (0 if corner in (0, 3) else w - 1), (0 if corner in (0, 1) else h - 1)
        d = np.abs(xx - cx_) + np.abs(yy - cy_)
        tex = np.where((d < k)[..., None], _lift(col, 0.16), tex)
        tex *= (1 - 0.35 * np.exp(-((d - k - 1.2) / 1.0) ** 2))[..., None]
        tex *= (1 + 0.025 * _noise0(g, h, w, 1.0))[..., None]
    elif kind == "damask":  # damask silk: a paler woven motif (a lozenge with four petals) repeated on the ground
        im = Image.fromarray(np.clip(col * 0.95, 0, 255).astype(np.uint8)[None, None].repeat(h, 0).repeat(w, 1))
        d = ImageDraw.Draw(im)
        motif = _rgb(_lift(col, 0.24))
        p = s / 2
        for j in range(-1, 4):
            for i in range(-1, 4):
                cx = (i + 0.5 * (j % 2)) * p + p * 0.25
                cy = j * p * 0.9 + p * 0.3
                d.polygon([(cx, cy - 0.36 * p), (cx + 0.16 * p, cy), (cx, cy + 0.36 * p), (cx - 0.16 * p, cy)],
                          fill=motif)
                for sx, sy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    ex, ey = cx + sx * 0.26 * p, cy + sy * 0.26 * p
                    rx, ry = (0.1 * p, 0.05 * p) if sx else (0.05 * p, 0.1 * p)
                    d.ellipse([ex - rx, ey - ry, ex + rx, ey + ry], fill=motif)
        tex = np.asarray(im, np.float32)
        tex *= (0.96 + 0.06 * np.sin((xx + 0.4 * yy) * 2.2))[..., None]  # the sheen of the satin weave
    elif kind == "wax_seal":  # a blob of sealing wax pressed with a star seal: raised rim, pressed ring, lit relief
        cx, cy = w / 2 + rng.uniform(-0.02, 0.02) * s, h / 2 + rng.uniform(-0.02, 0.02) * s
        R = 0.5 * s * rng.uniform(0.97, 1.0)
        ang = np.arctan2(yy - cy, xx - cx)
        wob = sum(rng.uniform(0.008, 0.022) * np.sin(k * ang + rng.uniform(0, 6.3)) for k in range(3, 8))
        rn = np.hypot(xx - cx, yy - cy) / (R * (1 + wob))
        alpha = np.clip((1 - rn) * R / 1.2, 0, 1)
        lay, ld = _layer(w, h)
        pts = []
        for k in range(10):
            rr = 0.3 * R if k % 2 == 0 else 0.13 * R
            a = -math.pi / 2 + k * math.pi / 5
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        ld.polygon(pts, fill=255)
        star = _m(lay)
        height = np.sqrt(np.clip((1 - rn) * 5, 0, 1)) - 0.5 * np.exp(-((rn - 0.66) / 0.06) ** 2)
        height -= 0.2 * (rn < 0.63) - 0.3 * star
        sh = _shade(height * s * 0.25, 0.9, max(0.7, s / 45))
        tex = col * (1 + 0.45 * sh)[..., None] + (90 * np.clip(sh - 0.45, 0, 1))[..., None]
    elif kind == "urushi":  # black urushi lacquer worn through to its red undercoat at the rim, a glossy sheen
        n = _noise0(g, h, w, max(1.0, s / 10))
        wear = ((edge < s * 0.09) & (n > 0.6)) | (n > 2.2)
        m = cv2.GaussianBlur(wear.astype(np.float32), (0, 0), 0.7) * 0.9
        red = np.array((158, 36, 28), np.float32)
        tex = col * (1 - m[..., None]) + red * m[..., None]
        c = rng.uniform(0.5, 0.8)
        gloss = np.exp(-(((xx + yy) / (w + h) - c) / 0.09) ** 2) * 0.16
        tex = tex + (255 - tex) * gloss[..., None]
    elif kind == "drip_paint":  # sprayed on: the paint ran, drips down to the bottom edge with round drops
        lay, ld = _layer(w, h)
        top = 0.84 * h
        ld.rectangle([0, 0, w, top], fill=255)
        drips = []
        for _ in range(rng.randint(3, 5)):
            dw = rng.uniform(0.07, 0.11) * s
            x = rng.uniform(0.02, 0.98) * w - dw / 2
            y1 = rng.uniform(0.9, 0.97) * h - dw / 2
            ld.rectangle([x, top - 2, x + dw, y1], fill=255)
            ld.ellipse([x - 0.15 * dw, y1 - 0.6 * dw, x + 1.15 * dw, y1 + 0.55 * dw], fill=255)
            drips.append((x, dw))
        alpha = cv2.GaussianBlur(_m(lay), (0, 0), 0.6)
        speck = (g.random((h, w)) < 0.04) & (edge < s * 0.05)  # overspray at the edges
        alpha = np.maximum(alpha, speck * 0.6)
        tex = col * (1 + 0.05 * _noise0(g, h, w, max(1.0, s / 8)))[..., None]
        for x, dw in drips:  # the paint is heavier down each run
            tex[(xx > x) & (xx < x + dw) & (yy > top * 0.5)] *= 0.84
    elif kind == "sashiko":  # dark cloth stitched in sashiko: pale running stitches on a staggered square grid
        tex = col * (1 + 0.05 * np.sin(xx * 2.1) * np.sin(yy * 2.1))[..., None]
        tex *= (1 + 0.03 * _noise0(g, h, w, 1.0))[..., None]
        im = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(im)
        p = s / 3
        q = p / 2  # a stitch and a gap, the stitches of neighbouring lines staggered (hitomezashi)
        lw = max(1, round(s / 26))
        thread = (236, 230, 214)
        for j in range(1, 3):
            y = j * h / 3
            x = -q + (j % 2) * q / 2 + q * 0.1
            while x < w:
                d.line([(x, y), (x + q * 0.55, y)], fill=thread, width=lw)
                x += q
        for i in range(1, 3):
            x = i * w / 3
            y = -q + ((i + 1) % 2) * q / 2 + q * 0.1
            while y < h:
                d.line([(x, y), (x, y + q * 0.55)], fill=thread, width=lw)
                y += q
        tex = np.asarray(im, np.float32)
    elif kind == "low_poly":  # low-poly facets: jittered triangles each in its own tone of the colour
        n = 3 if s < 50 else 4
        step_x, step_y = w / n, h / n
        P = {}
        for j in range(n + 1):
            for i in range(n + 1):
                jx = rng.uniform(-0.3, 0.3) * step_x if 0 < i < n else 0
                jy = rng.uniform(-0.3, 0.3) * step_y if 0 < j < n else 0
                P[i, j] = (i * step_x + jx, j * step_y + jy)
        im = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(im)
        for j in range(n):
            for i in range(n):
                a, b, c_, e = P[i, j], P[i + 1, j], P[i + 1, j + 1], P[i, j + 1]
                tris = ((a, b, c_), (a, c_, e)) if rng.random() < 0.5 else ((a, b, e), (b, c_, e))
                for tri in tris:
                    tone = _rgb(col * rng.uniform(0.78, 1.3))
                    d.polygon(tri, fill=tone, outline=tone)
        tex = np.asarray(im, np.float32)
    elif kind == "tread":  # tyre tread: chevron grooves with lit lips, a groove down the middle, rubber grain
        p = s / 3.2
        v = ((yy + 0.9 * np.abs(xx - w / 2)) / p) % 1
        tex = np.where((v < 0.24)[..., None], np.array((16, 16, 17), np.float32), tex)
        tex = np.where(((v >= 0.24) & (v < 0.32))[..., None], _lift(col, 0.18), tex)
        tex[np.abs(xx - w / 2) < s * 0.04] = (14, 14, 15)
        tex += g.normal(0, 3, (h, w, 1))
    elif kind == "rug_knots":  # a pile rug seen close: rows of rounded knots, a small pattern in two other colours
        tex[:] = (36, 18, 20)
        im = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(im)
        nx, ny = max(4, round(s / 7)), max(4, round(s / 6.5))
        kw, kh = w / nx, h / ny
        ci, cj = (nx - 1) / 2, (ny - 1) / 2
        for j in range(ny):
            for i in range(nx):
                dd = round(abs(i - ci) + abs(j - cj))
                base = np.array((40, 50, 98), np.float32) if dd % 6 == 3 else \
                    np.array((150, 106, 46), np.float32) if dd % 6 == 0 else col
                tone = base * rng.uniform(0.88, 1.12)
                x0, y0 = i * kw + 0.06 * kw, j * kh + 0.04 * kh
                d.ellipse([x0, y0, x0 + kw * 0.92, y0 + kh * 0.96], fill=_rgb(tone))
                d.ellipse([x0 + kw * 0.2, y0 + kh * 0.15, x0 + kw * 0.5, y0 + kh * 0.42], fill=_rgb(_lift(tone, 0.2)))
        tex = np.asarray(im, np.float32)
    elif kind == "dimpled":  # a rubber mat with staggered round dimples, each shaded inside
        p = s / 3
        r = 0.3 * p
        j = 0
        y = p * 0.5
        while y < h + p:
            x = p * 0.5 + (j % 2) * p * 0.5 - p * 0.5
            while x < w + p:
                x0, x1 = max(0, int(x - r - 1)), min(w, int(x + r + 2))
                y0, y1 = max(0, int(y - r - 1)), min(h, int(y + r + 2))
                if x1 > x0 and y1 > y0:
                    sx, sy = xx[y0:y1, x0:x1] - x, yy[y0:y1, x0:x1] - y
                    inside = np.hypot(sx, sy) < r
                    t = np.clip((sx + sy) / (2.8 * r) + 0.5, 0, 1)
                    sub = tex[y0:y1, x0:x1]
                    sub[inside] = (col * (0.55 + 0.75 * t)[..., None])[inside]
                x += p
            y += p * 0.87
            j += 1
        tex += g.normal(0, 2.5, (h, w, 1))
    elif kind == "memphis":  # a Memphis pattern: yellow squiggles, pink triangles and teal dots on a dark ground
        im = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(im)
        lw = max(2, round(s / 19))
        for _ in range(2):
            y = rng.uniform(0.15, 0.85) * h
            x = rng.uniform(-0.1, 0.1) * w
            pts = []
            k = 0
            while x < w * 1.05:
                pts.append((x, y + (s * 0.08 if k % 2 else -s * 0.08)))
                x += s * 0.14
                k += 1
            d.line(pts, fill=(240, 198, 64), width=lw, joint="curve")
        for _ in range(2):
            x, y, t = rng.uniform(0.1, 0.9) * w, rng.uniform(0.1, 0.9) * h, s * 0.09
            d.polygon([(x, y - t), (x + t, y + t * 0.8), (x - t, y + t * 0.8)], fill=(232, 112, 150))
        for _ in range(3):
            x, y, t = rng.uniform(0.08, 0.92) * w, rng.uniform(0.08, 0.92) * h, s * 0.045
            d.ellipse([x - t, y - t, x + t, y + t], fill=(84, 196, 196))
        tex = np.asarray(im, np.float32)
    elif kind == "fingerpaint":  # finger paint: thick paint swirled by a fingertip, ridges catching the light
        cx, cy = rng.uniform(0.3, 0.7) * w, rng.uniform(0.3, 0.7) * h
        r = np.hypot(xx - cx, yy - cy)
        th = np.arctan2(yy - cy, xx - cx)
        v = np.sin(2 * math.pi * r / max(3.0, s / 5) + 1.5 * th + 1.2 * _noise0(g, h, w, max(1.0, s / 7)))
        tex = col * (1 + 0.16 * v)[..., None]
        tex = tex + (255 - tex) * (0.3 * np.clip(v - 0.75, 0, 1) / 0.25)[..., None] * 0.6
        alpha = np.clip(edge / max(1.0, s * 0.04) + 0.8 * _blurred_noise(g, h, w, 1.2) + 0.3, 0, 1)
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255), None if alpha is None else np.clip(alpha, 0, 1).astype(np.float32)


def _ink(style: Style24) -> np.ndarray:
    """The ink of the planted marks: the fill's colour, darkened when it is a light one."""
    col = np.asarray(style.fill_colour, np.float32)
    lum = float(col @ np.array([0.299, 0.587, 0.114], np.float32))
    return col * (80 / lum) if lum > 80 else col


def _draw_fill24(img: Image.Image, box, style: Style24, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07)
    w, h = bx - ax, by - ay
    if not light:
        tex, alpha = _tex24(style.fill, w, h, style.fill_colour, g, rng)
        _paste(img, tex, ax, ay, alpha)
        return
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = _ink(style)
    s = float(min(w, h))
    if light == "light_mesh":  # a pale diamond lattice
        p = max(5.0, s / 3.2)
        u, v = ((xx + yy) / p) % 1, ((xx - yy) / p) % 1
        alpha = np.where((u < 0.2) | (v < 0.2), 0.5, 0.08)
    elif light == "light_glaze":  # a pale translucent glaze, a little deeper at its rim, a white sheen across
        edge = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy])
        alpha = np.where(edge < max(1.5, s * 0.07), 0.46, 0.3)
        alpha *= 1 - 0.7 * np.exp(-(((xx - yy) / s + 0.25) / 0.09) ** 2)
    elif light == "light_plus":  # a pale field of small plus signs, like a printed fabric
        p = max(5.0, s / 3.4)
        u, v = (xx / p) % 1 - 0.5, (yy / p) % 1 - 0.5
        t = max(0.09, 0.6 / p)
        plus = ((np.abs(u) < t) & (np.abs(v) < 0.3)) | ((np.abs(v) < t) & (np.abs(u) < 0.3))
        alpha = np.where(plus, 0.6, 0.12)
    elif light == "light_plaid":  # a pale plaid: two translucent bands each way, darker where they cross
        a = np.zeros((h, w), np.float32)
        for t in (0.3, 0.7):
            a += 0.24 * (np.abs(xx / w - t) < 0.11) + 0.24 * (np.abs(yy / h - t) < 0.11)
        alpha = 0.08 + a
    else:
        raise ValueError(light)
    _paste_rgba(img, tex, cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.6), ax, ay)


def _perimeter(w: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    """Each pixel's distance from the patch's nearest side (``across``) and its position along the perimeter
    (``along``, clockwise from the top left corner)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    across = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy])
    along = np.where(yy == across, xx,
                     np.where(w - 1 - xx == across, w + yy,
                              np.where(h - 1 - yy == across, 2 * w + h - xx, 2 * (w + h) - yy)))
    return across, along


def _draw_outline24(img: Image.Image, box, style: Style24, rng: random.Random) -> None:
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
    band = across < f
    if kind == "outline_sprocket":  # a film strip's frame: a dark band with pale sprocket holes along each side
        lay, ld = _layer(w, h)
        ld.rectangle([0, 0, w - 1, h - 1], outline=255, width=max(2, round(f)))
        q = f * 1.25
        hw, hh = f * 0.22, f * 0.2
        for side in range(4):
            n = int((s - 2 * f) // q)
            length = (w if side % 2 == 0 else h)
            start = (length - (n - 1) * q) / 2
            for k in range(n):
                t = start + k * q
                if side == 0:
                    cx, cy = t, f / 2
                elif side == 2:
                    cx, cy = t, h - 1 - f / 2
                elif side == 1:
                    cx, cy = w - 1 - f / 2, t
                else:
                    cx, cy = f / 2, t
                rx, ry = (hw, hh) if side % 2 == 0 else (hh, hw)
                ld.rounded_rectangle([cx - rx, cy - ry, cx + rx, cy + ry], radius=max(1, round(min(rx, ry) / 2)),
                                     fill=0)
        m = _m(lay)
    elif kind == "outline_meander":  # a heavy band with a pale square-wave key line running round it
        lay, ld = _layer(w, h)
        ld.rectangle([0, 0, w - 1, h - 1], outline=255, width=max(2, round(f)))
        lw = max(1, round(f / 6))
        q = max(4.0, f * 0.9)
        lo, hi = f * 0.3, f * 0.7
        for side in range(4):
            length = w if side % 2 == 0 else h
            pts = []
            t, k = f * 0.5, 0
            while t < length - f * 0.5:
                a_ = lo if k % 2 == 0 else hi
                for tt in (t, min(t + q, length - f * 0.5)):
                    if side == 0:
                        pts.append((tt, a_))
                    elif side == 2:
                        pts.append((tt, h - 1 - a_))
                    elif side == 1:
                        pts.append((w - 1 - a_, tt))
                    else:
                        pts.append((a_, tt))
                t += q
                k += 1
            ld.line(pts, fill=0, width=lw)
        m = _m(lay)
    elif kind == "outline_brick":  # a band laid in bricks two courses deep, pale mortar between them
        q = f / 2
        course = np.floor(across / q)
        u = (along / (f * 1.1) + 0.5 * (course % 2)) % 1
        mortar = ((across % q) < max(1.0, f / 9)) | (u < max(1.0, f / 9) / (f * 1.1))
        tex[mortar] = _lift(col, 0.72)
        m = band.astype(np.float32)
    elif kind == "outline_ragged":  # a frame torn from paper of the fill's colour: a ragged inner edge, its shadow
        ph = [rng.uniform(0, 6.3) for _ in range(3)]
        per = 2 * (w + h)
        wob = (0.1 * np.sin(2 * math.pi * along / per * 7 + ph[0]) + 0.07 * np.sin(2 * math.pi * along / per * 19
               + ph[1]) + 0.05 * np.sin(2 * math.pi * along / per * 41 + ph[2]))
        fl = f * (0.92 + wob)
        m = (across < fl).astype(np.float32)
        shadow = ((across >= fl) & (across < fl + max(1.0, s / 40))).astype(np.float32)
        _paste_rgba(img, np.full_like(tex, 150.0), shadow * 0.5, ax, ay)
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross24(img: Image.Image, box, style: Style24, rng: random.Random) -> None:
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
    wid = max(4, round(s / 4.2))
    if kind == "heavy_x_wash":  # a heavy X in watercolour: translucent strokes, the pigment pooled at their edges
        im, d = _layer(w, h)
        for p, q in arms:
            d.line([p, q], fill=255, width=wid)
        full = cv2.GaussianBlur(_m(im), (0, 0), 0.8)
        rim = np.clip(full - cv2.GaussianBlur(full, (0, 0), max(1.0, s / 30)), 0, 1) * 2.2
        m = np.clip(full * (0.5 + 0.08 * _noise0(_nrng(rng), h, w, max(1.0, s / 10))) + rim * 0.45, 0, 0.95)
    elif kind == "heavy_x_gradient":  # a heavy X, darkest where the strokes cross, fading toward its four ends
        im, d = _layer(w, h)
        for p, q in arms:
            d.line([p, q], fill=255, width=wid)
        r = np.hypot(xx - w / 2, yy - h / 2) / (0.5 * math.hypot(w - 2 * a, h - 2 * a))
        m = _m(im) * np.clip(1 - 0.62 * r, 0.3, 1)
    elif kind == "heavy_x_extruded":  # a block-letter X with depth: a pale face on a darker extruded side
        depth = max(2, round(s / 12))
        im, d = _layer(w, h)
        for k in range(1, depth + 1):
            for p, q in arms:
                d.line([(p[0] + k - depth / 2, p[1] + k - depth / 2), (q[0] + k - depth / 2, q[1] + k - depth / 2)],
                       fill=255, width=wid)
        side = _m(im)
        im, d = _layer(w, h)
        for p, q in arms:
            d.line([(p[0] - depth / 2, p[1] - depth / 2), (q[0] - depth / 2, q[1] - depth / 2)], fill=255,
                   width=wid)
        face = _m(im)
        tex = col * (1 - face[..., None]) * 0.7 + _lift(col, 0.45) * face[..., None]
        m = np.maximum(side, face)
    elif kind == "heavy_x_punched":  # a heavy X punched with a row of round holes down each stroke
        im, d = _layer(w, h)
        for p, q in arms:
            d.line([p, q], fill=255, width=wid)
        r = max(1.0, s / 22)
        for p, q in arms:
            n = 5
            for k in range(n):
                t = (k + 0.5) / n
                if abs(t - 0.5) < 0.12:
                    continue  # not where the strokes cross
                cx, cy = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
                d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=0)
        m = _m(im)
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, np.clip(m, 0, 1), ax, ay)


def _draw_empty24(img: Image.Image, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    d = ImageDraw.Draw(img)
    if kind == "none":
        return
    if kind == "small_bar":  # a short upright grey bar
        k = 0.12 * s
        d.line([(cx, cy - k), (cx, cy + k)], fill=(120, 122, 130), width=max(1, round(s / 20)))
    elif kind == "pinhole":  # a pin prick: a tiny dark hole with a paler raised ring round it
        r = max(1.2, 0.035 * s)
        d.ellipse([cx - 2.4 * r, cy - 2.4 * r, cx + 2.4 * r, cy + 2.4 * r], outline=(196, 196, 200),
                  width=max(1, round(r * 0.6)))
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(70, 70, 76))
    elif kind == "wash_x":  # a small x in pale blue watercolour, the pigment pooled darker at its edges
        k = 0.11 * s
        w_ = max(2, round(s / 13))
        x0_, y0_ = int(cx - k - w_), int(cy - k - w_)
        n = int(2 * (k + w_)) + 2
        lay, ld = _layer(n, n)
        ld.line([(w_, w_), (n - w_ - 2, n - w_ - 2)], fill=255, width=w_)
        ld.line([(n - w_ - 2, w_), (w_, n - w_ - 2)], fill=255, width=w_)
        m = cv2.GaussianBlur(_m(lay), (0, 0), 0.7)
        rim = np.clip(m - cv2.GaussianBlur(m, (0, 0), 1.2), 0, 1)
        alpha = np.clip(0.38 * m + 1.2 * rim, 0, 0.8)
        _paste_rgba(img, np.full((n, n, 3), (70, 120, 190), np.float32), alpha, x0_, y0_)
    elif kind == "stitched_x":  # a small x stitched in red thread, a needle hole at each end
        k = 0.1 * s
        lw = max(1, round(s / 22))
        for (px, py), (qx, qy) in (((cx - k, cy - k), (cx + k, cy + k)), ((cx + k, cy - k), (cx - k, cy + k))):
            d.line([(px, py), (qx, qy)], fill=(178, 58, 58), width=lw + 1)
            mx_, my_ = (px + qx) / 2, (py + qy) / 2
            d.line([(px, py), (mx_, my_)], fill=(204, 92, 88), width=max(1, lw - 1))
            for ex, ey in ((px, py), (qx, qy)):
                r = max(0.8, s / 40)
                d.ellipse([ex - r, ey - r, ex + r, ey + r], fill=(96, 80, 80))
    elif kind == "chip_x":  # a pale grey rounded chip with a small grey x, as an app marks a cell empty
        rw, rh = 0.2 * s, 0.14 * s
        d.rounded_rectangle([cx - rw, cy - rh, cx + rw, cy + rh], radius=max(1, round(rh * 0.7)), fill=(232, 234, 238))
        k = 0.06 * s
        lw = max(1, round(s / 30))
        d.line([(cx - k, cy - k), (cx + k, cy + k)], fill=(132, 136, 146), width=lw)
        d.line([(cx + k, cy - k), (cx - k, cy + k)], fill=(132, 136, 146), width=lw)
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ clues


def _values(clues) -> list[list[str]]:
    return [[str(v) for v in c] or ["0"] for c in clues]


def _change(truth: dict[str, Any], mode: str, rng: random.Random) -> tuple[str, int, list[str]]:
    """A changed clue: the line (``row``/``col`` and its index) and its new numbers, altered as ``mode`` says."""
    kind = rng.choice(("row", "col"))
    vals = _values(truth[f"{kind}_clues"])
    n = len(truth["solution"][0]) if kind == "row" else len(truth["solution"])
    live = [i for i, v in enumerate(vals) if v != ["0"]] or [0]
    most = max(len(v) for v in vals)
    if mode == "swap_lines":  # the line's clue swapped with its neighbour's (two lines changed; the first returned)
        pairs = [i for i in range(len(vals) - 1) if vals[i] != vals[i + 1]]
        if pairs:
            i = rng.choice(pairs)
            return kind, i, vals[i + 1] + ["|swap|"] + vals[i]
        mode = "off_by_one"
    if mode == "split":  # one number written as two (5 -> 2 3)
        cand = [i for i in live if max(int(t) for t in vals[i]) >= 3]
        if cand:
            i = rng.choice(cand)
            k = max(range(len(vals[i])), key=lambda j: int(vals[i][j]))
            v = int(vals[i][k])
            a = rng.randint(1, v - 2)
            return kind, i, vals[i][:k] + [str(a), str(v - 1 - a)] + vals[i][k + 1:]
        mode = "extra"
    if mode == "merge":  # two neighbouring numbers written as their sum (2 1 -> 3)
        cand = [i for i in live if len(vals[i]) >= 2]
        if cand:
            i = rng.choice(cand)
            k = rng.randrange(len(vals[i]) - 1)
            return kind, i, vals[i][:k] + [str(int(vals[i][k]) + int(vals[i][k + 1]))] + vals[i][k + 2:]
        mode = "off_by_one"
    if mode == "drop":  # one number left out
        cand = [i for i in live if len(vals[i]) >= 2]
        if cand:
            i = rng.choice(cand)
            k = rng.randrange(len(vals[i]))
            return kind, i, vals[i][:k] + vals[i][k + 1:]
        mode = "off_by_one"
    if mode == "extra":  # a number too many, at the front of a line with room for it
        cand = [i for i in live if len(vals[i]) < most] or live
        i = rng.choice(cand)
        return kind, i, [str(rng.randint(1, 3))] + vals[i]
    i = rng.choice(live)  # off_by_one (also the page keeping the input's clues): one number one more or less
    k = rng.randrange(len(vals[i]))
    v = int(vals[i][k])
    nv = v + 1 if (v + 1 <= n and rng.random() < 0.6) or v <= 1 else v - 1
    return kind, i, vals[i][:k] + [str(nv)] + vals[i][k + 1:]


def _line_values(truth: dict[str, Any], change) -> tuple[list[list[str]], list[list[str]]]:
    rows, cols = _values(truth["row_clues"]), _values(truth["col_clues"])
    if change:
        kind, i, new = change
        target = rows if kind == "row" else cols
        if "|swap|" in new:
            k = new.index("|swap|")
            target[i], target[i + 1] = new[:k], new[k + 1:]
        else:
            target[i] = new
    return rows, cols


def _changed_lines(change) -> list[tuple[str, int]]:
    if not change:
        return []
    kind, i, new = change
    return [(kind, i), (kind, i + 1)] if "|swap|" in new else [(kind, i)]


def _fit_font(d: ImageDraw.ImageDraw, font_file: str, px: int, gapf: float, slotf: float, row_vals, col_vals,
              room_w: float, room_h: float):
    """The font, gap and slot at which every row clue fits ``room_w`` and every column clue ``room_h``: the gap and
    the slot shrink first, then the size."""
    nmax = max(len(v) for v in col_vals)
    while True:
        font = _font(font_file, px)
        gap, slot = px * gapf, px * slotf
        above = -font.getbbox("0123456789", anchor="mm")[1]
        widths = [(sum(d.textlength(t, font=font) for t in v), len(v)) for v in row_vals]
        over = max((tw + gap * (n - 1) - room_w) / max(1, n - 1) for tw, n in widths)
        if over > 0:
            gap = max(px * 0.28, gap - over)
        if (nmax - 0.5) * slot + above > room_h:
            slot = max(px * 0.95, (room_h - above) / (nmax - 0.5))
        fits = all(tw + gap * (n - 1) <= room_w for tw, n in widths) and (nmax - 0.5) * slot + above <= room_h
        if fits or px <= 8:
            return font, gap, slot
        px -= 1


def _redraw_clues24(img: Image.Image, layout: dict[str, Any], row_vals, col_vals, font_file: str, style: Style24,
                    rng: random.Random, lines: list[tuple[str, int]] | None = None) -> None:
    """The clue strips erased and written again in ``font_file`` (only ``lines``' strips when given)."""
    d = ImageDraw.Draw(img)
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    rb, cb = layout["row_clue_bbox"], layout["col_clue_bbox"]
    rows, cols = layout["rows"], layout["cols"]
    ch, cw = (gy1 - gy0) / rows, (gx1 - gx0) / cols
    if lines is None:
        d.rectangle([0, rb[1] + 3, rb[2] - 2, rb[3] - 3], fill=WHITE)
        d.rectangle([cb[0] + 3, 0, cb[2] - 3, cb[3] - 2], fill=WHITE)
    else:
        for kind, i in lines:
            if kind == "row":
                d.rectangle([0, gy0 + i * ch + 2, rb[2] - 2, gy0 + (i + 1) * ch - 2], fill=WHITE)
            else:
                d.rectangle([gx0 + i * cw + 2, 0, gx0 + (i + 1) * cw - 2, cb[3] - 2], fill=WHITE)
    if lines is None:
        px = round(layout["clue_font_px"] * rng.uniform(*style.clue_scale))
        off = layout["cell_px"] * 0.32
        font, gap, slot = _fit_font(d, font_file, px, rng.uniform(*style.clue_gap), rng.uniform(1.15, 1.3),
                                    row_vals, col_vals, gx0 - off - 5, gy0 - off - 5)
    else:  # a retyped line: the input's size and spacing
        font = _font(font_file, layout["clue_font_px"])
        gap, slot = int(layout["clue_font_px"] * 0.55), int(layout["clue_font_px"] * 1.2)
        off = max(8, layout["cell_px"] // 4)
    pen = {"fill": style.clue_colour, "stroke_width": style.clue_stroke, "stroke_fill": style.clue_colour}
    for r, vals in enumerate(row_vals):
        if lines is not None and ("row", r) not in lines:
            continue
        x = gx0 - off
        cy = gy0 + (r + 0.5) * ch
        for t in reversed(vals):
            wt = d.textlength(t, font=font)
            d.text((x - wt / 2, cy), t, font=font, anchor="mm", **pen)
            x -= wt + gap
    for c, vals in enumerate(col_vals):
        if lines is not None and ("col", c) not in lines:
            continue
        cx = gx0 + (c + 0.5) * cw
        for k, t in enumerate(vals):
            d.text((cx, gy0 - off - (len(vals) - k - 0.5) * slot), t, font=font, anchor="mm", **pen)


# ------------------------------------------------------------------------------------------ grids and redraws


GRID24 = {  # kind, minor colour, major colour, minor width and major width as fractions of the cell
    "dots_ink": ("joint_dots", (168, 170, 180), (28, 30, 40), 1 / 34, 1 / 10),
    "dots_green": ("joint_dots", (164, 184, 170), (22, 70, 44), 1 / 32, 1 / 10),
    "gapped_brown": ("gapped", (150, 128, 110), (70, 44, 24), 1 / 26, 1 / 10),
    "gapped_navy": ("gapped", (140, 150, 180), (24, 34, 80), 1 / 26, 1 / 10),
    "channel_slate": ("channel", (168, 172, 180), (48, 56, 70), 1 / 30, 1 / 30),
    "channel_plum": ("channel", (178, 164, 182), (80, 40, 86), 1 / 30, 1 / 30),
}


def _box24(L: dict[str, Any], r: int, c: int) -> tuple[float, float, float, float]:
    """Cell (r, c)'s box on the page: ``xs`` and ``ys`` hold the column and row edges (uneven on a hand-ruled page)."""
    return L["xs"][c], L["ys"][r], L["xs"][c + 1], L["ys"][r + 1]


def _draw_grid24(img: Image.Image, L: dict[str, Any], rng: random.Random, name: str, inp: np.ndarray | None) -> None:
    if name == "kept":
        _draw_grid18(img, L, rng, "kept", inp)
        return
    kind, minor, major, fmin, fmaj = GRID24[name]
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    thin, thick = max(1, round(s * fmin)), max(2, round(s * fmaj))
    gx0, gy0, gx1, gy1 = xs[0], ys[0], xs[-1], ys[-1]
    if kind == "channel":  # thin minor lines; every fifth line and the frame a pale channel between two dark rules
        for i, x in enumerate(xs):
            if not (i % 5 == 0 or i == cols):
                d.line([(x, gy0), (x, gy1)], fill=minor, width=thin)
        for j, y in enumerate(ys):
            if not (j % 5 == 0 or j == rows):
                d.line([(gx0, y), (gx1, y)], fill=minor, width=thin)
        o = max(2.0, s / 13)
        tint = _rgb(_lift(major, 0.72))
        for i, x in enumerate(xs):
            if i % 5 == 0 or i == cols:
                d.rectangle([x - o, gy0 - o, x + o, gy1 + o], fill=tint)
        for j, y in enumerate(ys):
            if j % 5 == 0 or j == rows:
                d.rectangle([gx0 - o, y - o, gx1 + o, y + o], fill=tint)
        for i, x in enumerate(xs):
            if i % 5 == 0 or i == cols:
                for e in (-o, o):
                    d.line([(x + e, gy0 - o), (x + e, gy1 + o)], fill=major, width=thick)
        for j, y in enumerate(ys):
            if j % 5 == 0 or j == rows:
                for e in (-o, o):
                    d.line([(gx0 - o, y + e), (gx1 + o, y + e)], fill=major, width=thick)
        return
    gap = 0.16 * s if kind == "gapped" else 0
    for i, x in enumerate(xs):
        if i % 5 == 0 or i == cols:
            continue
        if gap:
            for j in range(rows):
                d.line([(x, ys[j] + gap), (x, ys[j + 1] - gap)], fill=minor, width=thin)
        else:
            d.line([(x, gy0), (x, gy1)], fill=minor, width=thin)
    for j, y in enumerate(ys):
        if j % 5 == 0 or j == rows:
            continue
        if gap:
            for i in range(cols):
                d.line([(xs[i] + gap, y), (xs[i + 1] - gap, y)], fill=minor, width=thin)
        else:
            d.line([(gx0, y), (gx1, y)], fill=minor, width=thin)
    for i, x in enumerate(xs):
        if i % 5 == 0 or i == cols:
            d.line([(x, gy0 - thick // 2), (x, gy1 + thick // 2)], fill=major, width=thick)
    for j, y in enumerate(ys):
        if j % 5 == 0 or j == rows:
            d.line([(gx0 - thick // 2, y), (gx1 + thick // 2, y)], fill=major, width=thick)
    if kind == "joint_dots":  # a dot at every joint of the thin lines
        r = max(1.5, s / 15)
        for i, x in enumerate(xs[1:-1], 1):
            for j, y in enumerate(ys[1:-1], 1):
                if i % 5 and j % 5:
                    d.ellipse([x - r, y - r, x + r, y + r], fill=major)


def _draw_redraw_grid(img: Image.Image, L: dict[str, Any], rng: random.Random, kind: str) -> None:
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    if kind == "zebra_lines":
        thin, thick = max(1, round(s / 34)), max(2, round(s / 11))
        for i, x in enumerate(xs):
            big = i % 5 == 0 or i == cols
            d.line([(x, ys[0] - (thick // 2 if big else 0)), (x, ys[-1] + (thick // 2 if big else 0))],
                   fill=(36, 44, 70) if big else (170, 176, 192), width=thick if big else thin)
        for j, y in enumerate(ys):
            big = j % 5 == 0 or j == rows
            d.line([(xs[0] - (thick // 2 if big else 0), y), (xs[-1] + (thick // 2 if big else 0), y)],
                   fill=(36, 44, 70) if big else (170, 176, 192), width=thick if big else thin)
        return
    # hand_ruled: pencil minor lines, every fifth line and the frame gone over in ballpoint
    pencil, pen = (136, 136, 146), (34, 40, 92)
    for i, x in enumerate(xs):
        big = i % 5 == 0 or i == cols
        _wobbly(d, (x, ys[0] - (2 if big else 0)), (x, ys[-1] + (2 if big else 0)), pen if big else pencil,
                max(2, round(s / 12)) if big else 1, rng)
    for j, y in enumerate(ys):
        big = j % 5 == 0 or j == rows
        _wobbly(d, (xs[0] - (2 if big else 0), y), (xs[-1] + (2 if big else 0), y), pen if big else pencil,
                max(2, round(s / 12)) if big else 1, rng)


def _redraw_whole24(layout: dict[str, Any], style: Style24, row_vals, col_vals, rng: random.Random,
                    target: tuple[int, int]) -> tuple[Image.Image, dict[str, Any]]:
    """The whole puzzle drawn anew (``style.redraw``): its own canvas (at least ``target`` = (w, h) * 0.9), cell
    proportions, clue layout and margins. Returns the page (clues, no marks, no grid yet) and its geometry."""
    kind = style.redraw
    rows, cols = layout["rows"], layout["cols"]
    base = layout["cell_px"] * rng.uniform(0.95, 1.04)
    if kind == "zebra_lines":
        cws, chs = [base * rng.uniform(1.06, 1.1)] * cols, [base] * rows
    else:  # hand_ruled: every column and row its own width, as ruled by hand
        cws = [base * rng.uniform(0.93, 1.07) for _ in range(cols)]
        chs = [base * rng.uniform(0.93, 1.07) for _ in range(rows)]
    px = round(layout["clue_font_px"] * rng.uniform(*style.clue_scale))
    font = _font(style.clue_font, px)
    probe = ImageDraw.Draw(Image.new("L", (4, 4)))
    _, y0_, _, y1_ = font.getbbox("0123456789", anchor="ls")
    dh = max(1, y1_ - y0_)
    gapn, slot = dh * rng.uniform(0.7, 0.9), dh * rng.uniform(1.6, 1.8)
    row_w = max(sum(probe.textlength(t, font=font) for t in v) + gapn * (len(v) - 1) for v in row_vals)
    col_h = max(len(v) for v in col_vals) * slot
    pad = 0.5 * min(min(cws), min(chs))
    m = base * rng.uniform(0.55, 0.7)
    gw, gh = sum(cws), sum(chs)
    W0, H0 = 2 * m + row_w + pad + gw, 2 * m + col_h + pad + gh
    ex, ey = max(0.0, 0.9 * target[0] - W0) / 2, max(0.0, 0.9 * target[1] - H0) / 2
    gx0, gy0 = m + ex + row_w + pad, m + ey + col_h + pad
    xs = [gx0 + sum(cws[:i]) for i in range(cols + 1)]
    ys = [gy0 + sum(chs[:j]) for j in range(rows + 1)]
    W, H = round(W0 + 2 * ex), round(H0 + 2 * ey)
    paper = (250, 251, 253) if kind == "zebra_lines" else (250, 248, 241)
    img = Image.new("RGB", (W, H), paper)
    d = ImageDraw.Draw(img)
    L = {"grid_bbox": [xs[0], ys[0], xs[-1], ys[-1]], "rows": rows, "cols": cols, "cw": gw / cols, "ch": gh / rows,
         "cell_px": min(gw / cols, gh / rows), "xs": xs, "ys": ys, "x0s": xs[:-1], "y0s": ys[:-1]}
    inks = [style.clue_colour, style.clue_colour]
    if kind == "zebra_lines":  # pale bands on alternate rows and columns, through their clues and across the grid
        band_r, band_c = np.array((236, 243, 253), np.float32), np.array((253, 243, 232), np.float32)
        a = np.asarray(img, np.float32).copy()
        for r in range(1, rows, 2):
            y0, y1 = round(ys[r]), round(ys[r + 1])
            a[y0:y1, round(m * 0.5):round(xs[-1])] = np.minimum(a[y0:y1, round(m * 0.5):round(xs[-1])], band_r)
        for c in range(1, cols, 2):
            x0, x1 = round(xs[c]), round(xs[c + 1])
            a[round(m * 0.5):round(ys[-1]), x0:x1] = np.minimum(a[round(m * 0.5):round(ys[-1]), x0:x1], band_c)
        img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        inks = [(20, 32, 96), (128, 26, 34)]  # alternate lines' clues in two inks
    for r, vals in enumerate(row_vals):
        cy = (ys[r] + ys[r + 1]) / 2
        x = gx0 - pad
        for t in reversed(vals):
            wt = d.textlength(t, font=font)
            _hand_text(img, d, (x - wt / 2, cy), t, font, inks[r % 2], rng, kind == "hand_ruled")
            x -= wt + gapn
    for c, vals in enumerate(col_vals):
        cx = (xs[c] + xs[c + 1]) / 2
        for k, t in enumerate(vals):
            cy = gy0 - pad - (len(vals) - k - 0.5) * slot
            _hand_text(img, d, (cx, cy), t, font, inks[c % 2], rng, kind == "hand_ruled")
    return img, L


def _hand_text(img: Image.Image, d: ImageDraw.ImageDraw, xy, t: str, font, ink, rng: random.Random,
               hand: bool) -> None:
    """``t`` centred at ``xy``; written by hand (``hand``): a little tilted, sized and placed unevenly."""
    if not hand:
        d.text(xy, t, font=font, fill=ink, anchor="mm")
        return
    size = font.size
    fnt = font.font_variant(size=max(6, round(size * rng.uniform(0.94, 1.06))))
    n = round(size * (1.2 + 0.7 * len(t)))
    lay, ld = _layer(n, n)
    ld.text((n / 2, n / 2), t, font=fnt, fill=255, anchor="mm")
    lay = lay.rotate(rng.uniform(-5, 5), resample=Image.BICUBIC)
    m = _m(lay)
    x0 = round(xy[0] - n / 2 + rng.uniform(-0.04, 0.04) * size)
    y0 = round(xy[1] - n / 2 + rng.uniform(-0.05, 0.05) * size)
    W, H = img.size
    cx0, cy0, cx1, cy1 = max(0, x0), max(0, y0), min(W, x0 + n), min(H, y0 + n)
    sub = m[cy0 - y0:cy1 - y0, cx0 - x0:cx1 - x0]
    _paste_rgba(img, np.full(sub.shape + (3,), ink, np.float32), sub, cx0, cy0)


# ------------------------------------------------------------------------------------------ pages


def _text(d: ImageDraw.ImageDraw, xy, text: str, px: int, fill, anchor: str = "la", face: str = "DejaVuSans.ttf"):
    d.text(xy, text, font=_font(face, max(8, px)), fill=fill, anchor=anchor)


def _surface(kind: str, H: int, W: int, g: np.random.Generator, rng: random.Random) -> np.ndarray:
    """A surface (H, W, 3 float) a page is photographed on."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    out = np.empty((H, W, 3), np.float32)
    if kind == "painted_table":  # a table painted dusty blue, the brush marks and grain showing through
        out[:] = (96, 116, 134)
        grain = cv2.GaussianBlur(g.standard_normal((H, W)).astype(np.float32), (0, 0), sigmaX=40, sigmaY=2.5)
        out *= (1 + 0.03 * grain / (grain.std() + 1e-6) + 0.03 * _blurred_noise(g, H, W, 20))[..., None]
        pw = max(40.0, 0.16 * H)  # the planks' seams
        out[((yy + rng.uniform(0, pw)) % pw) < 2] *= 0.72
    elif kind == "kilim":  # a kilim rug: bands of stepped diamonds in madder red, indigo and ochre on cream
        out[:] = (214, 196, 160)
        p = max(12.0, 0.022 * max(H, W))
        band = np.floor(yy / (2 * p)).astype(np.int32)
        u = np.abs(((xx + (band % 2) * p) % (2 * p)) - p) / p
        v = np.abs((yy % (2 * p)) - p) / p
        step = np.floor((u + v) * 3) / 3
        cols = np.array(((166, 44, 36), (42, 52, 104), (196, 142, 48)), np.float32)
        c = cols[band % 3]
        diamond = step < 0.67
        out = np.where(diamond[..., None], c, out)
        out = np.where(((step >= 0.67) & (step < 1.0))[..., None], c * 0.6 + 0.4 * np.array((214, 196, 160)), out)
        stripe = (yy % (2 * p)) < p * 0.08
        out[stripe] = (60, 40, 30)
        weave = 1 + 0.05 * np.sin(xx * 1.6) * np.sin(yy * 0.9)
        out *= (weave + 0.03 * _blurred_noise(g, H, W, 3))[..., None]
    elif kind == "blotter":  # the dark green leather of a desk blotter
        out[:] = (36, 70, 52)
        out *= (1 + 0.04 * _blurred_noise(g, H, W, 1.5) + 0.03 * _blurred_noise(g, H, W, 25))[..., None]
    else:
        raise ValueError(kind)
    return out + g.normal(0, 2, (H, W, 1))


def _qr(rng: random.Random, n: int = 25) -> np.ndarray:
    """A QR code's modules (n x n bool): three finder squares and random data."""
    q = np.array([[rng.random() < 0.5 for _ in range(n)] for _ in range(n)], bool)
    for oy, ox in ((0, 0), (0, n - 7), (n - 7, 0)):
        q[max(0, oy - 1):oy + 8, max(0, ox - 1):ox + 8] = False
        q[oy:oy + 7, ox:ox + 7] = True
        q[oy + 1:oy + 6, ox + 1:ox + 6] = False
        q[oy + 2:oy + 5, ox + 2:ox + 5] = True
    q[6, 8:n - 8] = np.arange(8, n - 8) % 2 == 0
    q[8:n - 8, 6] = np.arange(8, n - 8) % 2 == 0
    return q


def _page24(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    gx0, _, gx1, _ = L["grid_bbox"]
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "jupyter_cell":  # a notebook: a toolbar, a code cell that shows the solution, the picture as its output
        fpx = max(12, round(0.022 * max(h, w)))
        gut, pad = round(fpx * 6.2), round(fpx * 1.2)
        bar = round(fpx * 2.4)
        code_y0 = bar + pad
        code_h = round(fpx * 2.4)
        out_y = code_y0 + code_h + pad
        W, H = gut + pad + w + pad, out_y + h + pad
        img = Image.new("RGB", (W, H), WHITE)
        d = ImageDraw.Draw(img)
        d.rectangle([0, 0, W, bar], fill=(246, 246, 246))
        d.line([(0, bar), (W, bar)], fill=(220, 220, 220))
        x = pad
        for word in ("File", "Edit", "View", "Run", "Kernel", "Tabs", "Settings", "Help"):
            _text(d, (x, bar / 2), word, round(fpx * 0.85), (60, 60, 60), "lm")
            x += d.textlength(word, font=_font("DejaVuSans.ttf", round(fpx * 0.85))) + fpx * 1.1
        d.rectangle([gut, code_y0, W - pad, code_y0 + code_h], fill=(245, 245, 245), outline=(224, 224, 224))
        d.rectangle([gut - 6, code_y0, gut - 3, H - pad], fill=(66, 133, 244))
        _text(d, (gut - fpx * 0.6, code_y0 + code_h / 2), "[ ]:", round(fpx * 0.85), (48, 63, 159), "rm",
              "DejaVuSansMono.ttf")
        cx = gut + fpx * 0.7
        for part, colr in (("show", (0, 0, 0)), ("(", (0, 0, 0)), ("solve", (0, 0, 0)), ("(", (0, 0, 0)),
                           ("puzzle", (0, 0, 0)), ("))", (0, 0, 0)), ("  # the filled grid", (64, 128, 128))):
            _text(d, (cx, code_y0 + code_h / 2), part, round(fpx * 0.85), colr, "lm", "DejaVuSansMono.ttf")
            cx += d.textlength(part, font=_font("DejaVuSansMono.ttf", round(fpx * 0.85)))
        img.paste(Image.fromarray(a), (gut + pad, out_y))
        return np.asarray(img)
    if e == "desk_calendar":  # a page-a-day calendar: a red header with the month and the day, two binder rings
        hd = round(0.17 * h)
        sheet = _extend(a, top=hd)
        img = Image.fromarray(sheet)
        d = ImageDraw.Draw(img)
        band = round(hd * 0.82)
        d.rectangle([0, 0, w, band], fill=(186, 36, 40))
        months = ("JANUARY", "FEBRUARY", "MARCH", "APRIL", "MAY", "JUNE", "JULY", "AUGUST", "SEPTEMBER",
                  "OCTOBER", "NOVEMBER", "DECEMBER")
        days = ("MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY")
        _text(d, (w * 0.06, band * 0.36), rng.choice(months), round(band * 0.22), WHITE, "lm", "DejaVuSans-Bold.ttf")
        _text(d, (w * 0.06, band * 0.7), rng.choice(days), round(band * 0.16), (250, 214, 214), "lm")
        _text(d, (w * 0.94, band * 0.52), str(rng.randint(1, 28)), round(band * 0.66), WHITE, "rm",
              "DejaVuSans-Bold.ttf")
        x = 0  # the perforation the day's sheet tears off along
        while x < w:
            yp = band + (hd - band) * 0.5
            d.ellipse([x, yp - 1.2, x + 2.4, yp + 1.2], fill=(200, 200, 200))
            x += 7
        M, top = round(0.045 * max(h, w)), round(0.06 * max(h, w))
        H, W = sheet.shape[0] + M + top, w + 2 * M
        out = np.empty((H, W, 3), np.float32)
        out[:] = (58, 60, 66)  # the calendar's board behind the sheets
        out *= (1 + 0.03 * _blurred_noise(g, H, W, 6))[..., None]
        for k in range(3, 0, -1):  # the sheets of the coming days under today's
            out[top + k * 2:top + k * 2 + sheet.shape[0], M + k:M + k + w] = np.array((236, 234, 228)) - 6 * k
        out[top:top + sheet.shape[0], M:M + w] = np.asarray(img, np.float32)
        im2 = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d2 = ImageDraw.Draw(im2)
        for fx in (0.3, 0.7):
            x = M + fx * w
            r = top * 0.55
            d2.ellipse([x - r, top - r * 1.2, x + r, top + r * 0.8], outline=(190, 192, 198),
                       width=max(3, round(r / 4)))
        return np.asarray(im2)
    if e == "doc_comment":  # a word processor: a ruler, the picture inline on the page, a comment in the margin
        fpx = max(12, round(0.022 * max(h, w)))
        ruler, side, cm = round(fpx * 2.0), round(fpx * 2.2), round(0.3 * w)
        top = ruler + round(fpx * 4)
        W, H = side + w + side + cm, top + h + round(fpx * 3)
        img = Image.new("RGB", (W, H), (232, 234, 238))
        d = ImageDraw.Draw(img)
        d.rectangle([0, 0, W, ruler], fill=(248, 249, 250))
        for k in range(0, W, max(6, fpx // 2)):
            tall = (k // max(6, fpx // 2)) % 4 == 0
            d.line([(k, ruler - (fpx * 0.7 if tall else fpx * 0.35)), (k, ruler - 1)], fill=(150, 154, 160))
        page_x1 = side + w + side
        d.rectangle([side // 2, ruler + fpx, page_x1 - side // 2, H], fill=WHITE)
        cap = "Here is the finished puzzle:"
        ty = ruler + fpx * 2.4
        tw = d.textlength(cap, font=_font("DejaVuSans.ttf", fpx))
        d.rectangle([side - 2, ty - fpx * 0.75, side + tw + 2, ty + fpx * 0.65], fill=(255, 226, 150))  # commented on
        _text(d, (side, ty), cap, fpx, (40, 40, 46), "lm")
        img.paste(Image.fromarray(a), (side, top))
        hy = ty + fpx * 2.2
        cx0 = page_x1 + fpx * 0.5
        d.line([(side + tw + 2, ty), (page_x1 - side // 2, ty), (cx0, hy)], fill=(240, 180, 70), width=1)
        d.rounded_rectangle([cx0, hy - fpx * 2, W - fpx * 0.5, hy + fpx * 3], radius=fpx // 2, fill=WHITE,
                            outline=(210, 212, 218))
        r = fpx * 0.7
        d.ellipse([cx0 + fpx * 0.5, hy - fpx * 1.4, cx0 + fpx * 0.5 + 2 * r, hy - fpx * 1.4 + 2 * r],
                  fill=(120, 90, 200))
        _text(d, (cx0 + fpx * 0.5 + r, hy - fpx * 1.4 + r), "A", round(fpx * 0.8), WHITE, "mm", "DejaVuSans-Bold.ttf")
        _text(d, (cx0 + fpx * 2.3, hy - fpx * 0.7), "Alex", round(fpx * 0.85), (40, 40, 46), "lm",
              "DejaVuSans-Bold.ttf")
        _text(d, (cx0 + fpx * 0.5, hy + fpx * 0.8), "Looks right", round(fpx * 0.85), (60, 60, 66), "lm")
        _text(d, (cx0 + fpx * 0.5, hy + fpx * 2.0), "to me!", round(fpx * 0.85), (60, 60, 66), "lm")
        return np.asarray(img)
    if e == "photo_corners":  # mounted in a scrapbook with four black photo corners, a caption in white pencil
        e_ = round(0.03 * max(h, w))
        page = _extend(a, left=e_, top=e_, right=e_, bottom=e_)
        Hp, Wp = page.shape[:2]
        M = round(0.07 * max(h, w))
        H, W = Hp + 2 * M + round(0.05 * h), Wp + 2 * M
        bg = np.empty((H + 90, W + 90, 3), np.float32)
        bg[:] = (230, 220, 196)
        bg *= (1 + 0.03 * _blurred_noise(g, H + 90, W + 90, 1.2)
               + 0.02 * _blurred_noise(g, H + 90, W + 90, 40))[..., None]
        out = _on_table(page, bg, 0.0, (M, M), 0.3, g)
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        k = round(e_ * 1.9)
        for (cx, cy, sx, sy) in ((M - 3, M - 3, 1, 1), (M + Wp + 2, M - 3, -1, 1), (M - 3, M + Hp + 2, 1, -1),
                                 (M + Wp + 2, M + Hp + 2, -1, -1)):
            d.polygon([(cx, cy), (cx + sx * k, cy), (cx, cy + sy * k)], fill=(22, 22, 24))
            d.line([(cx + sx * k, cy), (cx, cy + sy * k)], fill=(90, 90, 96), width=2)
        _text(d, (M + Wp / 2, M + Hp + (H - M - Hp) * 0.45), "Sunday puzzle - done!", round(0.03 * max(h, w)),
              (110, 96, 80), "mm", "DejaVuSerif-Italic.ttf")
        return np.asarray(img)
    if e == "tea_mug":  # on a painted table, a mug of tea beside the page
        M = round(0.07 * max(h, w))
        R = round(0.13 * max(h, w))
        bg = _surface("painted_table", h + 2 * M + 90, w + 2 * M + 3 * R + 90, g, rng)
        photo = _on_table(a, bg, rng.uniform(-2, 2), (M, M), 0.4, g)
        out = bg[:photo.shape[0], :photo.shape[1] + 3 * R].copy()  # the table goes on to the right, the mug on it
        out[:, :photo.shape[1]] = photo
        Hc, Wc = out.shape[:2]
        yy, xx = np.mgrid[0:Hc, 0:Wc].astype(np.float32)
        cx, cy = Wc - M * 0.6 - 1.3 * R, rng.uniform(0.3, 0.7) * Hc
        sh = cv2.GaussianBlur((np.hypot(xx - cx - R * 0.15, yy - cy - R * 0.2) < R).astype(np.float32), (0, 0),
                              R * 0.12)
        out *= (1 - 0.45 * sh)[..., None]
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        d.rounded_rectangle([cx + R * 0.75, cy - R * 0.22, cx + R * 1.3, cy + R * 0.22], radius=round(R * 0.2),
                            outline=(226, 222, 214), width=max(4, round(R * 0.13)))
        d.ellipse([cx - R, cy - R, cx + R, cy + R], fill=(238, 234, 226), outline=(200, 196, 188), width=2)
        ri = R * 0.84
        d.ellipse([cx - ri, cy - ri, cx + ri, cy + ri], fill=(126, 72, 32))
        d.ellipse([cx - ri * 0.55, cy - ri * 0.62, cx - ri * 0.05, cy - ri * 0.42], fill=(168, 110, 64))
        return np.asarray(img)
    if e == "printer_tray":  # lying in a printer's output tray, the printer's dark body and paper slot above it
        body, side, M = round(0.12 * h), round(0.05 * w), round(0.03 * h)
        H, W = body + M + h + round(0.07 * h), w + 2 * side
        out = np.empty((H, W, 3), np.float32)
        out[:] = (188, 190, 194)
        yy = np.arange(H, dtype=np.float32)[:, None]
        out *= (0.92 + 0.08 * (yy / H))[..., None]
        out[:body] = (54, 56, 60)
        out[:body] *= (1 + 0.1 * (np.arange(body, dtype=np.float32) / body))[:, None, None]
        out[body - round(0.012 * h):body] = (18, 18, 20)  # the paper slot
        sh = np.zeros((H, W), np.float32)
        sh[body + M + 3:body + M + h + 4, side + 2:side + w + 4] = 1
        out *= (1 - 0.3 * cv2.GaussianBlur(sh, (0, 0), 3))[..., None]
        page = a.astype(np.float32) * (0.94 + 0.06 * (np.arange(h, dtype=np.float32) / h))[:, None, None]
        out[body + M:body + M + h, side:side + w] = page
        out[H - round(0.045 * h):] *= 0.8  # the tray's lip
        for k in range(6):
            x = side + (k + 0.5) * w / 6
            out[H - round(0.045 * h):, round(x):round(x) + 2] *= 0.85
        out = _perspective(np.clip(out + g.normal(0, 2, out.shape), 0, 255).astype(np.uint8), rng.uniform(0.03, 0.05),
                           (40, 40, 44))
        return out
    if e == "desk_blotter":  # photographed on a leather desk blotter with leather corner pieces, on a walnut desk
        M = round(0.09 * max(h, w))
        bg = _surface("blotter", h + 2 * M + 90, w + 2 * M + 90, g, rng)
        out = _on_table(a, bg, rng.uniform(-2.5, 2.5), (M, M), 0.45, g)
        Hc, Wc = out.shape[:2]
        b = round(0.022 * max(Hc, Wc))
        wood = np.array((86, 56, 36), np.float32) * (1 + 0.06 * _blurred_noise(g, Hc, Wc, 14))[..., None]
        rim = np.ones((Hc, Wc), bool)
        rim[b:Hc - b, b:Wc - b] = False
        out[rim] = wood[rim]
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        k = round(0.09 * min(Hc, Wc))
        for (cx, cy, sx, sy) in ((b, b, 1, 1), (Wc - b, b, -1, 1), (b, Hc - b, 1, -1), (Wc - b, Hc - b, -1, -1)):
            d.polygon([(cx, cy), (cx + sx * k, cy), (cx, cy + sy * k)], fill=(58, 34, 22))
            d.line([(cx + sx * k, cy), (cx, cy + sy * k)], fill=(112, 76, 52), width=2)
        out = np.asarray(img, np.float32)
        yy, xx = np.mgrid[0:Hc, 0:Wc].astype(np.float32)
        out *= (1.04 - 0.14 * np.hypot(xx / Wc - 0.45, yy / Hc - 0.4))[..., None]
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "film_date":  # a film camera's orange date imprint in the photo's bottom right corner
        img = Image.fromarray(a)
        lay, ld = _layer(w, h)
        px = max(12, round(0.032 * max(h, w)))
        date = f"'{rng.randint(95, 99):02d} {rng.randint(1, 12)} {rng.randint(1, 28)}"
        ld.text((w - 0.04 * max(h, w), h - 0.035 * max(h, w)), date, font=_font("DejaVuSansMono-Bold.ttf", px),
                fill=255, anchor="rs")
        m = _m(lay)
        glow = cv2.GaussianBlur(m, (0, 0), 2.5)
        out = np.asarray(img, np.float32)
        out = out * (1 - 0.6 * glow[..., None]) + np.array((255, 120, 30), np.float32) * 0.6 * glow[..., None]
        out = out * (1 - m[..., None]) + np.array((255, 176, 70), np.float32) * m[..., None]
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "retro_window":  # a retro paint program's window: title bar, menus, tool box, palette and status bar
        fpx = max(11, round(0.019 * max(h, w)))
        tb, menu, tools, pal, status = round(fpx * 1.7), round(fpx * 1.6), round(fpx * 3.4), round(fpx * 3.2), \
            round(fpx * 1.7)
        bw = 4
        W = bw + tools + 6 + w + 12 + bw
        H = bw + tb + menu + 4 + h + 12 + pal + status + bw
        img = Image.new("RGB", (W, H), (192, 192, 192))
        d = ImageDraw.Draw(img)
        d.rectangle([0, 0, W - 1, H - 1], outline=(255, 255, 255))
        d.rectangle([1, 1, W - 1, H - 1], outline=(128, 128, 128))
        t = np.linspace(0, 1, W - 2 * bw)[None, :, None]
        grad = (np.array((0, 0, 128)) * (1 - t) + np.array((16, 132, 208)) * t).repeat(tb, 0)
        img.paste(Image.fromarray(grad.astype(np.uint8)), (bw, bw))
        _text(d, (bw + fpx * 0.5, bw + tb / 2), "solved_nonogram.png - Paint", round(fpx * 0.9), WHITE, "lm",
              "DejaVuSans-Bold.ttf")
        for k, glyph in enumerate(("x", "o", "_")):
            bx = W - bw - (k + 1) * (tb + 2)
            d.rectangle([bx, bw + 2, bx + tb - 4, bw + tb - 3], fill=(192, 192, 192), outline=(64, 64, 64))
            _text(d, (bx + (tb - 4) / 2, bw + tb / 2), glyph, round(fpx * 0.8), (0, 0, 0), "mm", "DejaVuSans-Bold.ttf")
        x = bw + fpx * 0.5
        for word in ("File", "Edit", "View", "Image", "Colors", "Help"):
            _text(d, (x, bw + tb + menu / 2), word, round(fpx * 0.85), (0, 0, 0), "lm")
            x += d.textlength(word, font=_font("DejaVuSans.ttf", round(fpx * 0.85))) + fpx
        y0 = bw + tb + menu + 4
        for k in range(8):  # the tool box
            for j in range(2):
                bx, by = bw + 4 + j * (tools / 2 - 2), y0 + k * (tools / 2 - 2)
                d.rectangle([bx, by, bx + tools / 2 - 6, by + tools / 2 - 6], fill=(192, 192, 192),
                            outline=(128, 128, 128))
                d.line([(bx, by), (bx + tools / 2 - 6, by)], fill=WHITE)
                d.line([(bx, by), (bx, by + tools / 2 - 6)], fill=WHITE)
        cx0 = bw + tools + 6
        d.rectangle([cx0 - 2, y0 - 2, W - bw - 1, y0 + h + 12], fill=(128, 128, 128))
        img.paste(Image.fromarray(a), (cx0 + 3, y0 + 3))
        py = y0 + h + 16
        colours = ((0, 0, 0), (128, 128, 128), (128, 0, 0), (128, 128, 0), (0, 128, 0), (0, 128, 128), (0, 0, 128),
                   (128, 0, 128), (128, 128, 64), (0, 64, 64), (0, 128, 255), (0, 64, 128), (64, 0, 255),
                   (128, 64, 0), (255, 255, 255), (192, 192, 192), (255, 0, 0), (255, 255, 0), (0, 255, 0),
                   (0, 255, 255), (0, 0, 255), (255, 0, 255), (255, 255, 128), (0, 255, 128), (128, 255, 255),
                   (128, 128, 255), (255, 0, 128), (255, 128, 64))
        q = (pal - 8) / 2
        d.rectangle([bw + 4, py, bw + 4 + 2 * q, py + 2 * q], fill=WHITE, outline=(128, 128, 128))
        d.rectangle([bw + 6, py + 2, bw + 4 + q, py + q], fill=(0, 0, 0))
        for k, c in enumerate(colours):
            bx, by = bw + 4 + 2 * q + 6 + (k % 14) * (q + 1), py + (k // 14) * (q + 1)
            d.rectangle([bx, by, bx + q - 1, by + q - 1], fill=c, outline=(128, 128, 128))
        d.line([(bw, H - bw - status), (W - bw, H - bw - status)], fill=(128, 128, 128))
        _text(d, (bw + fpx * 0.4, H - bw - status / 2), "For Help, click Help Topics on the Help Menu.",
              round(fpx * 0.85), (0, 0, 0), "lm")
        return np.asarray(img)
    if e == "cross_process":  # a cross-processed look: yellow highlights, cyan-blue shadows, punchy reds
        f = a.astype(np.float32) / 255
        r = np.clip(0.5 + (f[..., 0] - 0.5) * 1.12, 0, 1)
        gch = 0.05 + 0.93 * f[..., 1]
        b = 0.16 + 0.64 * f[..., 2]
        return np.clip(np.stack([r, gch, b], -1) * 255, 0, 255).astype(np.uint8)
    if e == "qr_footer":  # a footer under a rule: the puzzle site's address and a QR code
        fb = round(0.17 * h)
        page = _extend(a, bottom=fb)
        img = Image.fromarray(page)
        d = ImageDraw.Draw(img)
        y = h + fb * 0.1
        d.line([(gx0 * 0.4, y), (w - (w - gx1) * 0.4, y)], fill=(120, 120, 128), width=1)
        q = _qr(rng)
        size = round(fb * 0.72)
        mod = size / q.shape[0]
        x0, y0 = w - (w - gx1) * 0.4 - size, y + fb * 0.12
        for j in range(q.shape[0]):
            for i in range(q.shape[1]):
                if q[j, i]:
                    d.rectangle([x0 + i * mod, y0 + j * mod, x0 + (i + 1) * mod - 1, y0 + (j + 1) * mod - 1],
                                fill=(20, 20, 24))
        fpx = max(11, round(fb * 0.16))
        _text(d, (gx0 * 0.4, y0 + size * 0.3), "More puzzles every week", fpx, (60, 60, 66), "lm",
              "DejaVuSans-Bold.ttf")
        _text(d, (gx0 * 0.4, y0 + size * 0.66), "puzzles.example.org/picture-logic", fpx, (90, 90, 98), "lm")
        return np.asarray(img)
    if e == "kilim_rug":  # photographed on a kilim rug, a little turned and from a little below
        M = round(0.09 * max(h, w))
        H, W = h + 2 * M, w + 2 * M
        bg = _surface("kilim", H + 90, W + 90, g, rng)
        out = _on_table(a, bg, rng.uniform(-3, 3), (M, M), 0.45, g)
        out = _perspective(np.clip(out, 0, 255).astype(np.uint8), rng.uniform(0.02, 0.035), (150, 120, 90))
        return out
    if e == "solve_timer":  # a puzzle game's solved screen: a banner with the time taken above, a button below
        top, bot, side = round(0.15 * h), round(0.12 * h), round(0.04 * w)
        H, W = top + h + bot, w + 2 * side
        img = Image.new("RGB", (W, H), (238, 242, 248))
        d = ImageDraw.Draw(img)
        lay, ld = _layer(W, H)
        ld.rounded_rectangle([side, top, side + w, top + h], radius=round(0.03 * w), fill=255)
        sh = np.roll(cv2.GaussianBlur(_m(lay), (0, 0), 6), (5, 3), axis=(0, 1))
        base = np.asarray(img, np.float32) * (1 - 0.25 * sh[..., None])
        img = Image.fromarray(np.clip(base, 0, 255).astype(np.uint8))
        img.paste(Image.fromarray(a), (side, top))
        d = ImageDraw.Draw(img)
        bh = round(top * 0.7)
        d.rounded_rectangle([side, round(top * 0.12), W - side, round(top * 0.12) + bh], radius=bh // 2,
                            fill=(46, 160, 96))
        fpx = round(bh * 0.42)
        _text(d, (side + bh * 0.6, round(top * 0.12) + bh / 2), "Solved!", fpx, WHITE, "lm", "DejaVuSans-Bold.ttf")
        cx = W - side - bh * 0.6
        _text(d, (cx, round(top * 0.12) + bh / 2), f"{rng.randint(1, 9):02d}:{rng.randint(0, 59):02d}", fpx, WHITE,
              "rm", "DejaVuSans-Bold.ttf")
        tx = cx - d.textlength("00:00", font=_font("DejaVuSans-Bold.ttf", fpx)) - fpx * 0.9
        ty = round(top * 0.12) + bh / 2
        r = fpx * 0.45
        d.ellipse([tx - r, ty - r, tx + r, ty + r], outline=WHITE, width=max(2, round(r / 4)))
        d.line([(tx, ty), (tx, ty - r * 0.6)], fill=WHITE, width=2)
        d.line([(tx, ty), (tx + r * 0.45, ty)], fill=WHITE, width=2)
        by0 = top + h + bot * 0.2
        bw_ = w * 0.36
        d.rounded_rectangle([W / 2 - bw_ / 2, by0, W / 2 + bw_ / 2, by0 + bot * 0.6], radius=round(bot * 0.3),
                            fill=(52, 98, 220))
        _text(d, (W / 2, by0 + bot * 0.3), "Next puzzle", round(bot * 0.26), WHITE, "mm", "DejaVuSans-Bold.ttf")
        return np.asarray(img)
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page24(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style24,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, mean cell width ``cw`` and height ``ch``, the column and row edges ``xs`` and
    ``ys``; :func:`_box24` gives a cell's box)."""
    rng = random.Random(f"h24:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = _change(truth, style.clue_change, rng) if plan["clue"] else None
    row_vals, col_vals = _line_values(truth, change)
    if style.redraw:
        img, L = _redraw_whole24(layout, style, row_vals, col_vals, rng, (inp.shape[1], inp.shape[0]))
    else:
        img = input_image.convert("RGB").copy()
        if style.clue_font:
            _redraw_clues24(img, layout, row_vals, col_vals, style.clue_font, style, rng)
        elif change:
            _redraw_clues24(img, layout, row_vals, col_vals, CHANGE_FONT, style, rng, _changed_lines(change))
        if style.grid != "kept":
            _erase_grid17(img, layout)
        gx0, gy0, gx1, gy1 = layout["grid_bbox"]
        cw, ch = (gx1 - gx0) / cols, (gy1 - gy0) / rows
        xs, ys = [gx0 + i * cw for i in range(cols + 1)], [gy0 + j * ch for j in range(rows + 1)]
        L = {"grid_bbox": list(layout["grid_bbox"]), "rows": rows, "cols": cols, "cw": cw, "ch": ch,
             "cell_px": layout["cell_px"], "xs": xs, "ys": ys, "x0s": xs[:-1], "y0s": ys[:-1]}
    filled = {(r, c) for r in range(rows) for c in range(cols) if solution[r][c]}
    for r in range(rows):
        for c in range(cols):
            box = _box24(L, r, c)
            if (r, c) in plan["fill"]:
                _draw_fill24(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill24(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline24(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross24(img, box, style, rng)
            elif not ((r, c) in filled and style.missing_bare):
                _draw_empty24(img, box, style.empty, rng)
    if style.redraw:
        _draw_redraw_grid(img, L, rng, style.redraw)
    else:
        _draw_grid24(img, L, rng, style.grid, inp)
    return np.asarray(img), rng, L


def make_answer24(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style24,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page24(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page24(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
