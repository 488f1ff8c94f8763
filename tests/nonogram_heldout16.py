"""HELDOUT16: a blind nonogram answer family (seventeenth session), kept in its own module so that whoever studies
``tests/nonogram_answers.py`` or ``tests/nonogram_heldout15.py`` never sees it. Written without looking at the
verifier, the registration or the cell and clue readers, and measured blind first on the session-start code
(docs/nonogram.md, "HELDOUT16 (seventeenth session), blind").

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved
nonogram: clue fonts from Debian packages no earlier family, test or digit list uses (fonts-dseg's seven-segment
digits, fonts-karmilla, fonts-arkpandora, fonts-compagnon, fonts-adf-libris, fonts-millimetre, fonts-stick,
fonts-glasstty), one style keeping the input's clues; fills no earlier family uses (scratchboard, a dry brush,
camouflage, terrazzo, holographic foil, tartan, quilted padding, sponge dabs, chalk, torn coloured paper, candy stripes,
fish scales); empty-cell marks no earlier family uses (a small diamond, a circled x, pale shading, a pale blue tint,
a pencil line through each run of empty cells in a row or a column, a pale hatch, a small chalk x); the planted errors
drawn in new ways (pale versions of the fill, brush / thick-ring / double-square outlines, dry-brush, gaffer-tape,
grainy and retraced ballpoint Xs); and page changes no earlier family uses (a CRT monitor photo, dappled leaf shade,
a corkboard with a push pin, show-through from the back of thin paper, a phone's over-sharpening, a one-ink risograph,
a chalkboard, a cheap camera's demosaicing, a whiteboard, a ruled index card, a purple spirit-duplicator copy, a
cracked phone screen).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer16` (their ``draw_answer``), so
``nonogram_answers.measure(HELDOUT16, seed=5)`` and ``tools/measure_nonogram_family.py nonogram_heldout16:HELDOUT16``
measure them like the earlier families.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from genpuzzle.renderers.common import cell_box
from nonogram_answers import LOREM, Style, plant
from nonogram_heldout15 import _erase_grid, _jpeg, _nrng, _paste_rgba, _redraw_clues15, _text_font, _thick_x

WHITE = (255, 255, 255)


@dataclass(frozen=True)
class Style16(Style):
    """A HELDOUT16 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``make_answer`` calls :meth:`draw_answer`."""

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer16(input_image, layout, truth, self, error, seed)


HELDOUT16 = (
    Style16("u_dseg_scratchboard_crt", "scratchboard", (18, 18, 20), "none", "DSEG7Classic-Bold.ttf", ("crt",),
            clue_scale=(0.85, 0.95), clue_colour=(10, 30, 20), clue_gap=(1.1, 1.3), grid="navy", light_mark="light_fill",
            outline_mark="outline_ring", cross_mark="heavy_x_ballpoint"),
    Style16("u_karmilla_drybrush_dappled", "dry_brush", (22, 22, 28), "diamond_dot", "Karmilla-Bold.ttf",
            ("dappled", "jpeg"), clue_scale=(1.0, 1.15), grid="kept", light_mark="light_fill",
            outline_mark="outline_brush", cross_mark="heavy_x_drybrush"),
    Style16("u_tymes_camo_corkboard", "camo", (62, 72, 44), "circled_x", "TymesBd.ttf", ("corkboard", "jpeg"),
            clue_scale=(1.0, 1.15), grid="plain", light_mark="light_fill", outline_mark="outline_double",
            cross_mark="heavy_x_gaffer"),
    Style16("u_compagnon_terrazzo_showthrough", "terrazzo", (52, 55, 60), "pale_shade", "Compagnon-Medium.otf",
            ("show_through", "jpeg"), clue_scale=(1.0, 1.1), grid="plain", light_mark="light_fill",
            outline_mark="outline_ring", cross_mark="heavy_x_grainy"),
    Style16("u_libris_holo_oversharpen", "holographic", (0, 0, 0), "run_line", "LibrisADFStd-Bold.otf",
            ("oversharpen", "jpeg"), clue_scale=(1.0, 1.15), grid="kept", light_mark="light_fill",
            outline_mark="outline_double", cross_mark="heavy_x_ballpoint"),
    Style16("u_millimetre_tartan_riso", "tartan", (25, 40, 70), "none", "millimetreA Bold 01.otf", ("riso",),
            clue_scale=(1.0, 1.1), grid="navy", light_mark="light_fill", outline_mark="outline_brush",
            cross_mark="heavy_x_gaffer"),
    Style16("u_stick_chalk_blackboard", "chalk", (15, 15, 15), "chalk_x", "Stick-Regular.ttf", ("blackboard", "jpeg"),
            clue_scale=(1.05, 1.2), clue_stroke=1, grid="plain", light_mark="light_fill", outline_mark="outline_ring",
            cross_mark="heavy_x_grainy"),
    Style16("u_glasstty_quilted_demosaic", "quilted", (105, 24, 36), "pale_tint", "Glass_TTY_VT220.ttf",
            ("demosaic", "jpeg"), clue_scale=(1.0, 1.1), clue_stroke=1, grid="plain", light_mark="light_fill",
            outline_mark="outline_double", cross_mark="heavy_x_drybrush"),
    Style16("u_veranda_sponge_whiteboard", "sponge", (20, 45, 120), "col_run_line", "VerandaBd.ttf",
            ("whiteboard", "jpeg"), clue_colour=(20, 40, 110), clue_scale=(0.95, 1.05), grid="navy",
            light_mark="light_fill", outline_mark="outline_ring", cross_mark="heavy_x_grainy"),
    Style16("u_karmillaita_tornpaper_indexcard", "torn_paper", (165, 32, 40), "none", "Karmilla-BoldItalic.ttf",
            ("index_card", "jpeg"), clue_scale=(1.0, 1.15), grid="kept", light_mark="light_fill",
            outline_mark="outline_brush", cross_mark="heavy_x_ballpoint"),
    Style16("u_aerialmono_candystripe_carboncopy", "candy_stripe", (120, 20, 40), "light_hatch", "AerialMonoBd.ttf",
            ("carbon_copy", "jpeg"), clue_scale=(0.95, 1.1), grid="plain", light_mark="light_fill",
            outline_mark="outline_double", cross_mark="heavy_x_gaffer"),
    Style16("u_inputclues_scales_cracked", "scales", (18, 78, 88), "diamond_dot", None, ("cracked_screen", "jpeg"),
            grid="kept", light_mark="light_fill", outline_mark="outline_ring", cross_mark="heavy_x_drybrush"),
)

CHANGE_FONT = "Aerial.ttf"  # a changed clue on a page that keeps the input's clues: all clues redrawn
LIGHT = (200, 200, 204)  # the base colour of a pale (planted extra_light) cell


# ------------------------------------------------------------------------------------------ helpers


def _inner(box, inset: float) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = box
    w = x1 - x0
    return int(round(x0 + inset * w)), int(round(y0 + inset * w)), int(round(x1 - inset * w)), int(round(y1 - inset * w))


def _paste_tex(img: Image.Image, tex: np.ndarray, x: int, y: int, alpha: np.ndarray | None = None) -> None:
    tex = np.clip(tex, 0, 255).astype(np.float32)
    if alpha is None:
        img.paste(Image.fromarray(tex.astype(np.uint8)), (x, y))
    else:
        _paste_rgba(img, tex, alpha.astype(np.float32), x, y)


def _pale(colour, light: bool) -> np.ndarray:
    """A fill's base colour, or the pale grey a light (planted) version of it is drawn in."""
    return np.asarray(LIGHT if light else colour, np.float32)


def _brush_alpha(wid: int, hgt: int, rng: random.Random, g: np.random.Generator, dry: float) -> np.ndarray:
    """A horizontal dry-brush stroke: bristle lines with gaps where the brush ran dry, ragged ends."""
    a = np.zeros((hgt, wid), np.float32)
    n = max(6, hgt // 2)
    for k in range(n):
        y = round((k + 0.5) * hgt / n + rng.uniform(-0.6, 0.6))
        if not 0 <= y < hgt:
            continue
        s = round(rng.uniform(0, 0.1) * wid)
        e = round(wid - rng.uniform(0, 0.12) * wid)
        th = rng.choice((1, 2, 2))
        a[max(0, y - th // 2):y + (th + 1) // 2, s:e] = 1.0
        if rng.random() < dry:  # a dry gap along the bristle
            gs = round(rng.uniform(0.35, 0.85) * wid)
            a[max(0, y - th // 2):y + (th + 1) // 2, gs:gs + round(rng.uniform(0.05, 0.18) * wid)] = 0.0
    a = cv2.GaussianBlur(a, (0, 0), 0.6)
    a *= (0.85 + 0.15 * g.random(a.shape)).astype(np.float32)
    return np.clip(a * 1.25, 0, 1)


def _grainy_line(img: Image.Image, a, b, width: float, colour, rng: random.Random, keep: float = 0.78) -> None:
    """A grainy stroke (chalk, a pressed pencil): a solid line with a share of its pixels dropped."""
    g = _nrng(rng)
    x0, y0 = int(min(a[0], b[0]) - width - 2), int(min(a[1], b[1]) - width - 2)
    x1, y1 = int(max(a[0], b[0]) + width + 3), int(max(a[1], b[1]) + width + 3)
    mask = Image.new("L", (x1 - x0, y1 - y0), 0)
    ImageDraw.Draw(mask).line([(a[0] - x0, a[1] - y0), (b[0] - x0, b[1] - y0)], fill=255, width=max(1, round(width)))
    m = np.asarray(mask, np.float32) / 255.0
    grain = cv2.GaussianBlur(g.random(m.shape).astype(np.float32), (0, 0), 0.7)
    grain = (grain - grain.min()) / (np.ptp(grain) + 1e-6)
    alpha = m * np.where(grain < keep, 1.0, 0.3)
    patch = np.empty(m.shape + (3,), np.float32)
    patch[:] = colour
    _paste_rgba(img, patch, alpha.astype(np.float32), x0, y0)


def _torn_polygon(x0: float, y0: float, x1: float, y1: float, rng: random.Random, depth: float) -> list:
    """A rectangle whose edges are torn: many small random steps in and out."""
    pts = []
    for (ax, ay), (bx, by) in (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))):
        n = 9
        for k in range(n):
            t = k / n
            px, py = ax + (bx - ax) * t, ay + (by - ay) * t
            nx, ny = -(by - ay), bx - ax
            ln = math.hypot(nx, ny) or 1.0
            o = rng.uniform(-depth, depth)
            pts.append((px + nx / ln * o, py + ny / ln * o))
    return pts


# ------------------------------------------------------------------------------------------ cells


def _draw_fill16(img: Image.Image, d: ImageDraw.ImageDraw, box, kind: str, colour, rng: random.Random,
                 light: bool = False) -> None:
    """One filled cell in ``kind``; ``light`` draws the pale version a planted extra_light cell gets."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    g = _nrng(rng)
    base = _pale(colour, light)
    if kind == "scratchboard":  # black ink with a few fine white scratches, as an engraving
        ax, ay, bx, by = _inner(box, 0.07)
        hgt, wid = by - ay, bx - ax
        tex = np.empty((hgt, wid, 3), np.float32)
        tex[:] = base
        layer = Image.new("L", (wid, hgt), 0)
        ld = ImageDraw.Draw(layer)
        ang = rng.uniform(0.5, 0.9)
        for _ in range(rng.randint(4, 7)):
            cx, cy = rng.uniform(0.15, 0.85) * wid, rng.uniform(0.15, 0.85) * hgt
            L = rng.uniform(0.12, 0.3) * wid
            ld.line([(cx - L * math.cos(ang), cy - L * math.sin(ang)), (cx + L * math.cos(ang), cy + L * math.sin(ang))],
                    fill=255, width=1)
        s = np.asarray(layer, np.float32)[..., None] / 255.0 * 0.65
        tex = tex * (1 - s) + 228 * s
        _paste_tex(img, tex, ax, ay)
    elif kind == "dry_brush":  # one horizontal stroke of a half-dry brush
        ax, ay, bx, by = _inner(box, 0.06)
        hgt, wid = by - ay, bx - ax
        alpha = _brush_alpha(wid, hgt, rng, g, dry=0.35)
        tex = np.empty((hgt, wid, 3), np.float32)
        tex[:] = base
        _paste_tex(img, tex, ax, ay, alpha)
    elif kind == "camo":  # camouflage: blobs in four greens and browns
        ax, ay, bx, by = _inner(box, 0.06)
        hgt, wid = by - ay, bx - ax
        tones = (base, base * 0.55, base + np.float32(28), base * 0.78 + np.float32([18, 6, 0]))
        tex = np.empty((hgt, wid, 3), np.float32)
        tex[:] = tones[0]
        for k, t in enumerate(tones[1:]):
            n = cv2.GaussianBlur(g.random((hgt, wid)).astype(np.float32), (0, 0), max(1.5, w / 9))
            n = (n - n.min()) / (np.ptp(n) + 1e-6)
            tex[n > 0.62 - 0.03 * k] = t
        _paste_tex(img, tex, ax, ay)
    elif kind == "terrazzo":  # dark stone with pale and coloured chips
        ax, ay, bx, by = _inner(box, 0.06)
        hgt, wid = by - ay, bx - ax
        tex = np.empty((hgt, wid, 3), np.float32)
        tex[:] = base + g.normal(0, 4, (hgt, wid, 1))
        timg = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        td = ImageDraw.Draw(timg)
        chips = ((205, 196, 182), (178, 92, 70), (225, 218, 200), (120, 140, 150))
        if light:
            chips = ((238, 236, 230), (226, 214, 208), (240, 238, 232), (220, 224, 228))
        for _ in range(rng.randint(5, 8)):
            cx, cy = rng.uniform(0, wid), rng.uniform(0, hgt)
            r = rng.uniform(0.04, 0.09) * w
            pts = [(cx + r * rng.uniform(0.6, 1.2) * math.cos(t), cy + r * rng.uniform(0.6, 1.2) * math.sin(t))
                   for t in np.linspace(0, 2 * math.pi, rng.randint(4, 6), endpoint=False)]
            td.polygon(pts, fill=rng.choice(chips))
        img.paste(timg, (ax, ay))
    elif kind == "holographic":  # iridescent foil: a diagonal rainbow at mid brightness and a sheen
        ax, ay, bx, by = _inner(box, 0.06)
        hgt, wid = by - ay, bx - ax
        yy, xx = np.mgrid[0:hgt, 0:wid].astype(np.float32)
        h0 = rng.random()
        t = (xx + yy) / max(1, wid + hgt)
        val = 0.92 if light else 0.46
        sat = 0.12 if light else 0.7
        hsv = np.stack([((h0 + 0.9 * t) % 1.0) * 360.0, np.full_like(t, sat), np.full_like(t, val)], axis=2)
        tex = cv2.cvtColor(hsv.astype(np.float32), cv2.COLOR_HSV2RGB) * 255.0
        sheen = np.exp(-((xx - yy - rng.uniform(-0.3, 0.3) * wid) / (0.18 * wid)) ** 2) * (20 if not light else 6)
        _paste_tex(img, tex + sheen[..., None], ax, ay)
    elif kind == "tartan":  # a dark tartan: stripes crossing on a dark ground, thin bright over-checks
        ax, ay, bx, by = _inner(box, 0.06)
        hgt, wid = by - ay, bx - ax
        yy, xx = np.mgrid[0:hgt, 0:wid]
        p = max(6, round(w / 3))
        tex = np.empty((hgt, wid, 3), np.float32)
        tex[:] = base
        band_x = (xx % p) < p * 0.4
        band_y = (yy % p) < p * 0.4
        green = base * 0.6 + (np.float32([10, 40, 20]) if not light else np.float32([0, 8, 4]))
        tex[band_x | band_y] = green
        tex[band_x & band_y] = green * 0.8
        check = ((xx % p) == p // 2 + 1) | ((yy % p) == p // 2 + 1)
        tex[check] = base * 0.5 + (np.float32([85, 20, 20]) if not light else np.float32([20, 8, 8]))
        _paste_tex(img, tex, ax, ay)
    elif kind == "quilted":  # a padded square: puffy shading, a dashed stitch round it
        ax, ay, bx, by = _inner(box, 0.05)
        hgt, wid = by - ay, bx - ax
        yy, xx = np.mgrid[0:hgt, 0:wid].astype(np.float32)
        r2 = ((xx - wid / 2) / (wid / 2)) ** 2 + ((yy - hgt / 2) / (hgt / 2)) ** 2
        tex = base + ((1 - np.clip(r2, 0, 2) / 2) * (24 if not light else 10) - 8)[..., None]
        mask = Image.new("L", (wid, hgt), 0)
        ImageDraw.Draw(mask).rounded_rectangle([0, 0, wid - 1, hgt - 1], radius=0.2 * w, fill=255)
        _paste_tex(img, tex, ax, ay, np.asarray(mask, np.float32) / 255.0)
        m = 0.17 * w
        thread = tuple(int(v) for v in np.clip(base + (70 if not light else 25), 0, 255))
        dash = max(2.0, w / 12)
        sx0, sy0, sx1, sy1 = x0 + m, y0 + m, x1 - m, y1 - m
        for (pa, pb) in (((sx0, sy0), (sx1, sy0)), ((sx1, sy0), (sx1, sy1)), ((sx1, sy1), (sx0, sy1)), ((sx0, sy1), (sx0, sy0))):
            L = math.hypot(pb[0] - pa[0], pb[1] - pa[1])
            n = int(L // (2 * dash))
            for k in range(n):
                t0, t1 = 2 * k * dash / L, (2 * k + 1) * dash / L
                d.line([(pa[0] + (pb[0] - pa[0]) * t0, pa[1] + (pb[1] - pa[1]) * t0),
                        (pa[0] + (pb[0] - pa[0]) * t1, pa[1] + (pb[1] - pa[1]) * t1)], fill=thread, width=1)
    elif kind == "sponge":  # dabbed with a sponge: the colour with small holes of paper, a ragged edge
        ax, ay, bx, by = _inner(box, 0.05)
        hgt, wid = by - ay, bx - ax
        n = cv2.GaussianBlur(g.random((hgt, wid)).astype(np.float32), (0, 0), max(0.8, w / 30))
        n = (n - n.min()) / (np.ptp(n) + 1e-6)
        alpha = np.where(n < 0.78, 1.0, 0.15).astype(np.float32)
        yy, xx = np.mgrid[0:hgt, 0:wid].astype(np.float32)
        edge = np.minimum(np.minimum(xx, wid - 1 - xx), np.minimum(yy, hgt - 1 - yy))
        alpha[(edge < 0.06 * w) & (n > 0.55)] = 0.0
        tex = np.empty((hgt, wid, 3), np.float32)
        tex[:] = base + g.normal(0, 5, (hgt, wid, 1))
        _paste_tex(img, tex, ax, ay, alpha)
    elif kind == "chalk":  # chalk rubbed on its side: grainy strokes, drawn dark (the page is inverted later)
        ax, ay, bx, by = _inner(box, 0.07)
        hgt, wid = by - ay, bx - ax
        grain = cv2.GaussianBlur(g.random((hgt, wid)).astype(np.float32), (0, 0), 0.8)
        grain = (grain - grain.min()) / (np.ptp(grain) + 1e-6)
        streak = cv2.GaussianBlur(g.normal(0, 1, (hgt, wid)).astype(np.float32), (0, 0), sigmaX=0.6, sigmaY=4)
        streak = streak / (np.abs(streak).max() + 1e-6)
        alpha = np.clip(0.9 - 0.55 * (grain > 0.72) - 0.15 * streak, 0, 1) * (0.55 if light else 1.0)
        tex = np.empty((hgt, wid, 3), np.float32)
        tex[:] = (15, 15, 15)
        _paste_tex(img, tex, ax, ay, alpha.astype(np.float32))
    elif kind == "torn_paper":  # a scrap of coloured paper, torn round, glued in the cell with a white torn rim
        m = 0.09 * w
        poly = _torn_polygon(x0 + m, y0 + m, x1 - m, y1 - m, rng, 0.025 * w)
        d.polygon([(px + 1.2, py + 1.2) for px, py in poly], fill=(200, 198, 192))  # a faint shadow
        d.polygon([(px + rng.uniform(-0.6, 0.6), py + rng.uniform(-0.6, 0.6)) for px, py in poly], fill=(246, 244, 238))
        inner = _torn_polygon(x0 + m + 0.03 * w, y0 + m + 0.03 * w, x1 - m - 0.03 * w, y1 - m - 0.03 * w, rng, 0.02 * w)
        d.polygon(inner, fill=tuple(int(v) for v in base))
    elif kind == "candy_stripe":  # diagonal stripes of two dark tones
        ax, ay, bx, by = _inner(box, 0.06)
        hgt, wid = by - ay, bx - ax
        yy, xx = np.mgrid[0:hgt, 0:wid].astype(np.float32)
        p = max(5.0, w / 4.5)
        stripe = (((xx + yy) % p) < p / 2)[..., None]
        other = base * 0.45 + (np.float32([10, 20, 60]) if not light else np.float32([110, 110, 112]))
        tex = np.where(stripe, base, other)
        _paste_tex(img, tex, ax, ay)
    elif kind == "scales":  # fish scales: overlapping arcs, each scale a little lighter at its rim
        ax, ay, bx, by = _inner(box, 0.06)
        hgt, wid = by - ay, bx - ax
        timg = Image.new("RGB", (wid, hgt), tuple(int(v) for v in base))
        td = ImageDraw.Draw(timg)
        r = max(4.0, w / 5.5)
        rim = tuple(int(v) for v in np.clip(base + (55 if not light else 20), 0, 255))
        dark = tuple(int(v) for v in np.clip(base * 0.8, 0, 255))
        row = 0
        y = -r
        while y < hgt + r:
            off = r if row % 2 else 0
            x = -r + off
            while x < wid + r:
                td.ellipse([x - r, y - r, x + r, y + r], fill=dark, outline=rim, width=1)
                x += 2 * r
            y += r * 0.75
            row += 1
        img.paste(timg, (ax, ay))
    elif kind == "light_fill":
        raise ValueError("light_fill is the pale version of the style's own fill")
    else:
        raise ValueError(kind)


def _draw_outline16(img: Image.Image, d: ImageDraw.ImageDraw, box, kind: str, rng: random.Random) -> None:
    """The planted extra_outline cell: a frame or ring drawn in an empty cell."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    ink = (20, 20, 24)
    if kind == "outline_ring":  # a thick felt-pen ring
        m = 0.14 * w
        d.ellipse([x0 + m, y0 + m, x1 - m, y1 - m], outline=ink, width=max(3, round(w / 7)))
    elif kind == "outline_double":  # two thin squares, one inside the other
        for m in (0.12, 0.25):
            d.rectangle([x0 + m * w, y0 + m * w, x1 - m * w, y1 - m * w], outline=ink, width=max(2, round(w / 16)))
    elif kind == "outline_brush":  # four dry-brush strokes framing the cell
        g = _nrng(rng)
        m, t = 0.1 * w, 0.2 * w
        for (ax, ay, bx, by, horiz) in ((x0 + m, y0 + m, x1 - m, y0 + m + t, True), (x0 + m, y1 - m - t, x1 - m, y1 - m, True),
                                        (x0 + m, y0 + m, x0 + m + t, y1 - m, False), (x1 - m - t, y0 + m, x1 - m, y1 - m, False)):
            wid, hgt = int(bx - ax), int(by - ay)
            if horiz:
                alpha = _brush_alpha(wid, hgt, rng, g, dry=0.2)
            else:
                alpha = _brush_alpha(hgt, wid, rng, g, dry=0.2).T.copy()
            tex = np.empty(alpha.shape + (3,), np.float32)
            tex[:] = ink
            _paste_tex(img, tex, int(ax), int(ay), alpha)
    else:
        raise ValueError(kind)


def _draw_mark16(img: Image.Image, d: ImageDraw.ImageDraw, box, kind: str, rng: random.Random) -> None:
    """Empty-cell marks and the heavy Xs drawn instead of filling a cell (planted x_instead)."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if kind in ("none", "run_line", "col_run_line"):  # run lines are drawn per line by _draw_run_lines
        return
    if kind == "diamond_dot":  # a small filled diamond
        r = 0.1 * w
        d.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=(75, 75, 82))
    elif kind == "circled_x":  # a small x inside a circle
        r = 0.2 * w
        wd = max(1, round(w / 26))
        d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=(70, 70, 76), width=wd)
        q = r * 0.55
        d.line([(cx - q, cy - q), (cx + q, cy + q)], fill=(70, 70, 76), width=wd)
        d.line([(cx + q, cy - q), (cx - q, cy + q)], fill=(70, 70, 76), width=wd)
    elif kind in ("pale_shade", "pale_tint"):  # the whole cell shaded very lightly
        ax, ay, bx, by = _inner(box, 0.06)
        d.rectangle([ax, ay, bx, by], fill=(236, 236, 236) if kind == "pale_shade" else (226, 236, 248))
    elif kind == "light_hatch":  # three pale diagonal strokes
        m = 0.16 * w
        for k in (-1, 0, 1):
            o = k * 0.22 * w
            pa = (x0 + m + max(0, o), y1 - m - max(0, -o))
            pb = (x1 - m - max(0, -o), y0 + m + max(0, o))
            d.line([pa, pb], fill=(178, 178, 184), width=1)
    elif kind == "chalk_x":  # a small chalk x, drawn dark (the page is inverted later)
        q = 0.17 * w
        for pa, pb in (((cx - q, cy - q), (cx + q, cy + q)), ((cx + q, cy - q), (cx - q, cy + q))):
            _grainy_line(img, pa, pb, max(2, w / 18), (40, 40, 40), rng)
    elif kind == "heavy_x_drybrush":
        g = _nrng(rng)
        L = int(1.0 * w)
        t = max(6, int(0.26 * w))
        for ang in (45, -45):
            alpha = _brush_alpha(L, t, rng, g, dry=0.25)
            pad = L
            big = np.zeros((pad, pad), np.float32)
            oy = (pad - t) // 2
            big[oy:oy + t, :L] = alpha
            M = cv2.getRotationMatrix2D((pad / 2, pad / 2), ang, 0.95)
            rot = cv2.warpAffine(big, M, (pad, pad))
            tex = np.empty(rot.shape + (3,), np.float32)
            tex[:] = (22, 22, 26)
            _paste_tex(img, tex, int(cx - pad / 2), int(cy - pad / 2), rot)
    elif kind == "heavy_x_gaffer":  # two strips of black gaffer tape crossed, with a faint sheen
        t = 0.24 * w
        L = 0.46 * w
        for ang in (math.pi / 4, -math.pi / 4):
            ux, uy = math.cos(ang), math.sin(ang)
            nx, ny = -uy, ux
            pts = [(cx - ux * L - nx * t / 2, cy - uy * L - ny * t / 2), (cx + ux * L - nx * t / 2, cy + uy * L - ny * t / 2),
                   (cx + ux * L + nx * t / 2, cy + uy * L + ny * t / 2), (cx - ux * L + nx * t / 2, cy - uy * L + ny * t / 2)]
            d.polygon(pts, fill=(28, 28, 30))
            d.line([pts[0], pts[1]], fill=(70, 70, 74), width=1)
    elif kind == "heavy_x_grainy":  # a cell-wide X in a grainy heavy stroke
        a, b = 0.14 * w, 0.86 * w
        for pa, pb in (((x0 + a, y0 + a), (x0 + b, y0 + b)), ((x0 + b, y0 + a), (x0 + a, y0 + b))):
            _grainy_line(img, pa, pb, max(4, w / 6), (18, 18, 20), rng, keep=0.85)
    elif kind == "heavy_x_ballpoint":  # a ballpoint X gone over four or five times
        for _ in range(rng.randint(4, 5)):
            j = 0.04 * w
            a, b = 0.16 * w, 0.84 * w
            for pa, pb in (((x0 + a, y0 + a), (x0 + b, y0 + b)), ((x0 + b, y0 + a), (x0 + a, y0 + b))):
                d.line([(pa[0] + rng.uniform(-j, j), pa[1] + rng.uniform(-j, j)),
                        (pb[0] + rng.uniform(-j, j), pb[1] + rng.uniform(-j, j))], fill=(25, 30, 70),
                       width=max(2, round(w / 18)))
    else:
        raise ValueError(kind)


def _draw_run_lines(d: ImageDraw.ImageDraw, layout: dict[str, Any], marked: set, kind: str) -> None:
    """A pencil line through every run of marked-empty cells in a row (``run_line``) or a column (``col_run_line``)."""
    rows, cols = layout["rows"], layout["cols"]
    across = kind == "run_line"
    for i in range(rows if across else cols):
        length = cols if across else rows
        k = 0
        while k < length:
            cell = (i, k) if across else (k, i)
            if cell not in marked:
                k += 1
                continue
            e = k
            while e + 1 < length and ((i, e + 1) if across else (e + 1, i)) in marked:
                e += 1
            a = cell_box(layout, *cell)
            b = cell_box(layout, *((i, e) if across else (e, i)))
            w = a[2] - a[0]
            wd = max(2, round(w / 18))
            if across:
                y = (a[1] + a[3]) / 2
                d.line([(a[0] + 0.22 * w, y), (b[2] - 0.22 * w, y)], fill=(110, 110, 118), width=wd)
            else:
                x = (a[0] + a[2]) / 2
                d.line([(x, a[1] + 0.22 * w), (x, b[3] - 0.22 * w)], fill=(110, 110, 118), width=wd)
            k = e + 1


# ------------------------------------------------------------------------------------------ grid


def _draw_grid16(img: Image.Image, layout: dict[str, Any], rng: random.Random, kind: str, inp: np.ndarray) -> None:
    """``kept``: the input's own grid lines put back over the cells; ``plain`` / ``navy``: the grid redrawn."""
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    if kind == "kept":
        pad = layout["cell_px"] // 6
        a = np.asarray(img).copy()
        sub = inp[gy0 - pad:gy1 + pad, gx0 - pad:gx1 + pad]
        dark = sub.min(axis=2) < 200
        region = a[gy0 - pad:gy1 + pad, gx0 - pad:gx1 + pad]
        region[dark] = sub[dark]
        img.paste(Image.fromarray(a))
        return
    d = ImageDraw.Draw(img)
    rows, cols, cell = layout["rows"], layout["cols"], layout["cell_px"]
    cw, ch = (gx1 - gx0) / cols, (gy1 - gy0) / rows
    thin = max(1, round(cell / rng.uniform(20, 26)))
    thick = max(3, round(cell / rng.uniform(9, 11)))
    minor, major = ((118, 118, 122), (12, 12, 14)) if kind == "plain" else ((110, 125, 160), (18, 30, 75))
    for k in range(cols + 1):
        x = gx0 + k * cw
        big = k % 5 == 0 or k == cols
        d.line([(x, gy0), (x, gy1)], fill=major if big else minor, width=thick if big else thin)
    for k in range(rows + 1):
        y = gy0 + k * ch
        big = k % 5 == 0 or k == rows
        d.line([(gx0, y), (gx1, y)], fill=major if big else minor, width=thick if big else thin)


# ------------------------------------------------------------------------------------------ pages


def _grey(a: np.ndarray) -> np.ndarray:
    return a.astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32)


def _mirror_text_layer(h: int, w: int, rng: random.Random, px: int) -> np.ndarray:
    """Lines of text as seen through thin paper from the back: mirrored, 0..1."""
    layer = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(layer)
    f = _text_font(px)
    y = rng.uniform(0.02, 0.05) * h
    k = rng.randrange(len(LOREM))
    while y < h - px:
        words = []
        while d.textlength(" ".join(words), font=f) < w * 0.85:
            words.append(LOREM[k % len(LOREM)])
            k += 1
        d.text((w * 0.06, y), " ".join(words[:-1]), font=f, fill=255)
        y += px * 1.7
    return np.asarray(layer, np.float32)[:, ::-1] / 255.0


def _page16(a: np.ndarray, e: str, rng: random.Random, layout: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    if e == "jpeg":
        return _jpeg(a, rng.randint(74, 88))
    if e == "crt":  # a phone photo of an old CRT monitor: glow, scanlines, a phosphor mask, a bulge, a dark bezel
        s = rng.uniform(1.15, 1.25)
        a = cv2.resize(a, (round(w * s), round(h * s)), interpolation=cv2.INTER_LINEAR)
        h, w = a.shape[:2]
        out = a.astype(np.float32) * np.array([0.9, 0.97, 0.92], np.float32)
        out = out * 0.9 + 0.18 * cv2.GaussianBlur(out, (0, 0), 3.0)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        out *= (0.86 + 0.14 * (np.cos(2 * math.pi * yy / 3.0) > -0.5))[..., None]
        mask = np.stack([(xx % 3) == k for k in range(3)], axis=2).astype(np.float32)
        out *= 0.92 + 0.08 * mask
        k = rng.uniform(0.02, 0.035)
        nx, ny = (xx - w / 2) / (w / 2), (yy - h / 2) / (h / 2)
        r2 = nx * nx + ny * ny
        f = (1 + k * r2) / (1 + k)
        out = cv2.remap(np.clip(out, 0, 255).astype(np.uint8), nx * f * (w / 2) + w / 2, ny * f * (h / 2) + h / 2,
                        cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=(20, 22, 20))
        b = round(0.05 * max(h, w))
        out = cv2.copyMakeBorder(out, b, b, b, b, cv2.BORDER_CONSTANT, value=(46, 44, 40))
        out = np.clip(out.astype(np.float32) + g.normal(0, 3.0, out.shape), 0, 255).astype(np.uint8)
        return _jpeg(out, rng.randint(80, 88))
    if e == "dappled":  # sunlight through leaves: soft blotches of shade and a warm light
        n = cv2.GaussianBlur(g.random((h, w)).astype(np.float32), (0, 0), min(h, w) / 24)
        n = (n - n.min()) / (np.ptp(n) + 1e-6)
        shade = np.clip((n - 0.45) * 4, 0, 1)
        shade = cv2.GaussianBlur(shade, (0, 0), 4)
        out = a.astype(np.float32) * np.array([1.0, 0.97, 0.9], np.float32)
        out *= (1 - 0.24 * shade)[..., None] * (1 - 0.04 * shade[..., None] * np.array([0, 0.5, -1], np.float32))
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "corkboard":  # the printout pinned on a corkboard: a red push pin, a little turned, a soft shadow
        m = round(0.12 * max(h, w))
        H, W = h + 2 * m, w + 2 * m
        cork = np.empty((H, W, 3), np.float32)
        cork[:] = (176, 132, 86)
        cork += cv2.GaussianBlur(g.normal(0, 1, (H, W)).astype(np.float32), (0, 0), 1.2)[..., None] * 14
        spots = g.random((H, W)) < 0.025
        cork[spots] *= 0.72
        ang = rng.choice((-1, 1)) * rng.uniform(1.0, 2.5)
        M = cv2.getRotationMatrix2D((w / 2, h / 2), ang, 1.0)
        M[:, 2] += (m, m)
        paper = cv2.warpAffine(a, M, (W, H), flags=cv2.INTER_LINEAR, borderValue=(0, 0, 0))
        inside = cv2.warpAffine(np.full((h, w), 255, np.uint8), M, (W, H), flags=cv2.INTER_LINEAR)
        sh = cv2.GaussianBlur(np.roll(np.roll(inside, 6, 0), 5, 1).astype(np.float32) / 255.0, (0, 0), 6)
        cork *= (1 - 0.45 * sh)[..., None]
        al = (inside.astype(np.float32) / 255.0)[..., None]
        out = cork * (1 - al) + paper.astype(np.float32) * al
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        top = M @ np.array([w / 2, 0, 1.0])
        px, py = top[0], top[1] - 2
        r = max(8, round(0.016 * W))
        d.ellipse([px - r + 3, py - r + 4, px + r + 3, py + r + 4], fill=(90, 60, 40))
        d.ellipse([px - r, py - r, px + r, py + r], fill=(200, 30, 40))
        d.ellipse([px - r * 0.45, py - r * 0.6, px - r * 0.05, py - r * 0.2], fill=(245, 150, 150))
        return np.asarray(img)
    if e == "show_through":  # thin paper scanned: the back page's text shows through, mirrored and faint
        px = max(12, round(layout["clue_font_px"] * 0.55))
        layer = _mirror_text_layer(h, w, rng, px)
        layer = cv2.GaussianBlur(layer, (0, 0), 1.2)
        out = a.astype(np.float32) * np.array([0.985, 0.98, 0.965], np.float32)
        out -= (layer * 34)[..., None]
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "oversharpen":  # a phone's heavy sharpening after a soft downscale: bright and dark halos on edges
        s = rng.uniform(0.8, 0.9)
        small = cv2.resize(a, (round(w * s), round(h * s)), interpolation=cv2.INTER_AREA)
        up = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR).astype(np.float32)
        blur = cv2.GaussianBlur(up, (0, 0), 1.6)
        out = up + rng.uniform(1.2, 1.6) * (up - blur)
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "riso":  # printed on a risograph in one ink: grainy coverage, off-white paper, a slight shift
        ink = np.array(rng.choice(((0, 94, 164), (20, 60, 120), (30, 80, 60))), np.float32)
        dens = 1 - _grey(a) / 255.0
        dens = np.roll(dens, (rng.randint(-2, 2), rng.randint(-2, 2)), (0, 1))
        grain = g.random((h, w)).astype(np.float32)
        dens = np.clip(dens * (0.82 + 0.18 * grain) - 0.05 * (grain > 0.93), 0, 1)
        paper = np.array((246, 242, 232), np.float32)
        out = paper * (1 - dens[..., None]) + ink * dens[..., None]
        return np.clip(out + g.normal(0, 2.0, (h, w, 1)), 0, 255).astype(np.uint8)
    if e == "blackboard":  # drawn in chalk on a green board: light lines on dark green, chalk dust, a wooden frame
        dens = 1 - _grey(a) / 255.0
        board = np.array((40, 66, 54), np.float32)
        chalk = np.array((236, 238, 228), np.float32)
        dust = cv2.GaussianBlur(g.random((h, w)).astype(np.float32), (0, 0), min(h, w) / 14)
        dust = (dust - dust.min()) / (np.ptp(dust) + 1e-6)
        bg = board + (dust * 16)[..., None] + g.normal(0, 3, (h, w, 1))
        grain = (g.random((h, w)) > 0.12).astype(np.float32)
        dens = np.clip(dens * (0.8 + 0.2 * grain), 0, 1)
        out = bg * (1 - dens[..., None]) + chalk * dens[..., None]
        out = cv2.GaussianBlur(out.astype(np.float32), (0, 0), 0.5)
        b = round(0.035 * max(h, w))
        out = cv2.copyMakeBorder(np.clip(out, 0, 255).astype(np.uint8), b, b, b, b, cv2.BORDER_CONSTANT,
                                 value=(122, 84, 48))
        return out
    if e == "demosaic":  # a cheap camera: sensor noise through a Bayer mosaic and a plain bilinear demosaic
        f = a.astype(np.float32) + g.normal(0, 4.0, a.shape)
        f = cv2.GaussianBlur(f, (0, 0), 0.6)
        f = np.clip(f, 0, 255).astype(np.uint8)
        bayer = np.zeros((h, w), np.uint8)
        bayer[0::2, 0::2] = f[0::2, 0::2, 0]
        bayer[0::2, 1::2] = f[0::2, 1::2, 1]
        bayer[1::2, 0::2] = f[1::2, 0::2, 1]
        bayer[1::2, 1::2] = f[1::2, 1::2, 2]
        return cv2.cvtColor(bayer, cv2.COLOR_BayerBG2RGB)
    if e == "whiteboard":  # drawn on a whiteboard: a cool grey-white board, glare, ghosts of erased writing round it
        m = round(0.1 * max(h, w))
        H, W = h + 2 * m, w + 2 * m
        board = np.empty((H, W, 3), np.float32)
        board[:] = (236, 239, 242)
        ghost = Image.new("L", (W, H), 0)
        gd = ImageDraw.Draw(ghost)
        for _ in range(rng.randint(5, 8)):
            side = rng.randrange(4)
            if side == 0:
                x, y = rng.uniform(0, W - 120), rng.uniform(4, m - 30)
            elif side == 1:
                x, y = rng.uniform(0, W - 120), rng.uniform(H - m + 4, H - 30)
            elif side == 2:
                x, y = rng.uniform(2, m - 50), rng.uniform(m, H - m)
            else:
                x, y = rng.uniform(W - m + 2, W - 50), rng.uniform(m, H - m)
            pts = [(x + 8 * t, y + 10 * math.sin(t * rng.uniform(0.8, 1.4))) for t in range(rng.randint(6, 14))]
            gd.line(pts, fill=255, width=4)
        ghost_a = cv2.GaussianBlur(np.asarray(ghost, np.float32) / 255.0, (0, 0), 2.5)
        board -= (ghost_a * 30)[..., None] * np.array([1.0, 0.9, 0.7], np.float32)
        page = a.astype(np.float32)
        white = page.min(axis=2, keepdims=True) > 225
        page = np.where(white, np.array((236, 239, 242), np.float32), page)
        board[m:m + h, m:m + w] = page
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        gx, gy = rng.uniform(0.2, 0.8) * W, rng.uniform(0.15, 0.45) * H
        glare = np.exp(-(((xx - gx) / (0.28 * W)) ** 2 + ((yy - gy) / (0.12 * H)) ** 2))
        board = board + (255 - board) * (0.35 * glare)[..., None]
        img = Image.fromarray(np.clip(board, 0, 255).astype(np.uint8))
        ImageDraw.Draw(img).rectangle([0, 0, W - 1, H - 1], outline=(160, 162, 168), width=max(6, m // 6))
        return np.asarray(img)
    if e == "index_card":  # drawn on a ruled index card: a red header rule, pale blue rules, on a grey desk
        mt, ms = round(0.16 * h), round(0.06 * w)
        H, W = h + mt + ms, w + 2 * ms
        card = Image.new("RGB", (W, H), (252, 251, 245))
        cd = ImageDraw.Draw(card)
        pitch = rng.uniform(26, 32)
        y = mt * 0.75 + pitch
        while y < H - 4:
            cd.line([(0, y), (W, y)], fill=(178, 204, 232), width=1)
            y += pitch
        cd.line([(0, mt * 0.75), (W, mt * 0.75)], fill=(222, 90, 100), width=2)
        cd.text((ms, mt * 0.35), "Nonogram - solution", font=_text_font(max(14, mt // 5)), fill=(40, 50, 110),
                anchor="lm")
        c = np.asarray(card, np.float32)
        sub = c[mt:mt + h, ms:ms + w]
        page = a.astype(np.float32)
        white = page.min(axis=2, keepdims=True) > 230
        c[mt:mt + h, ms:ms + w] = np.where(white, np.minimum(sub, page), page)
        desk_m = round(0.05 * max(H, W))
        out = cv2.copyMakeBorder(c.astype(np.uint8), desk_m, desk_m, desk_m, desk_m, cv2.BORDER_CONSTANT,
                                 value=(128, 130, 134))
        Hh, Ww = out.shape[:2]
        M = cv2.getRotationMatrix2D((Ww / 2, Hh / 2), rng.choice((-1, 1)) * rng.uniform(0.6, 1.6), 1.0)
        return cv2.warpAffine(out, M, (Ww, Hh), flags=cv2.INTER_LINEAR, borderValue=(128, 130, 134))
    if e == "carbon_copy":  # a purple spirit-duplicator copy: violet ink, a little spread, uneven density
        dens = 1 - _grey(a) / 255.0
        dens = cv2.GaussianBlur(dens, (0, 0), 0.8)
        even = cv2.GaussianBlur(g.random((h, w)).astype(np.float32), (0, 0), min(h, w) / 8)
        even = (even - even.min()) / (np.ptp(even) + 1e-6)
        dens = np.clip(dens * (0.8 + 0.2 * even) * 1.05, 0, 1)
        ink = np.array((92, 52, 150), np.float32)
        paper = np.array((246, 244, 240), np.float32)
        out = paper * (1 - dens[..., None]) + ink * dens[..., None]
        return np.clip(out + g.normal(0, 2.0, (h, w, 1)), 0, 255).astype(np.uint8)
    if e == "cracked_screen":  # a photo of a phone screen cracked from one corner: thin bright cracks, a bezel
        img = Image.fromarray(a)
        d = ImageDraw.Draw(img)
        cx, cy = rng.choice(((0.02 * w, 0.98 * h), (0.98 * w, 0.98 * h), (0.98 * w, 0.02 * h)))
        diag = math.hypot(w, h)
        for _ in range(rng.randint(4, 6)):
            ang = math.atan2(h / 2 - cy, w / 2 - cx) + rng.uniform(-0.9, 0.9)
            L = rng.uniform(0.15, 0.38) * diag
            pts = [(cx, cy)]
            x, y = cx, cy
            for _ in range(10):
                ang += rng.uniform(-0.25, 0.25)
                x += math.cos(ang) * L / 10
                y += math.sin(ang) * L / 10
                pts.append((x, y))
            d.line([(px + 1, py + 1) for px, py in pts], fill=(120, 120, 125), width=1)
            d.line(pts, fill=(246, 246, 250), width=1)
        for r in (0.02, 0.035):  # the impact's small rings
            rr = r * diag
            d.arc([cx - rr, cy - rr, cx + rr, cy + rr], 0, 360, fill=(200, 200, 205), width=1)
        b = round(0.04 * max(h, w))
        out = cv2.copyMakeBorder(np.asarray(img), b, b, b, b, cv2.BORDER_CONSTANT, value=(14, 14, 16))
        return np.clip(out.astype(np.float32) * 0.97 + g.normal(0, 2.0, out.shape), 0, 255).astype(np.uint8)
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page16(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style16,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random]:
    """The answer before its page changes (the input's frame) and the random state the page changes go on with."""
    rng = random.Random(f"h16:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    img = input_image.convert("RGB").copy()
    rows, cols = len(solution), len(solution[0])
    change = None
    if plan["clue"]:
        kind = rng.choice(("row", "col"))
        clues = truth["row_clues"] if kind == "row" else truth["col_clues"]
        line = rng.choice([i for i, c in enumerate(clues) if c] or [0])
        old = clues[line][-1] if clues[line] else 0
        change = (kind, line, rng.choice([v for v in range(1, 10) if v != old]))
    if style.clue_font or change:
        _redraw_clues15(img, layout, truth["row_clues"], truth["col_clues"], style.clue_font or CHANGE_FONT, rng,
                        change, style)
    if style.grid != "kept":
        _erase_grid(img, layout)
    d = ImageDraw.Draw(img)
    marked = set()
    for r in range(rows):
        for c in range(cols):
            box = cell_box(layout, r, c)
            if (r, c) in plan["fill"]:
                _draw_fill16(img, d, box, style.fill, style.fill_colour, rng)
            elif (r, c) in plan["light"]:
                _draw_fill16(img, d, box, style.fill, style.fill_colour, rng, light=True)
            elif (r, c) in plan["outline"]:
                _draw_outline16(img, d, box, style.outline_mark, rng)
            elif (r, c) in plan["cross"]:
                _draw_mark16(img, d, box, style.cross_mark, rng)
            else:
                marked.add((r, c))
                _draw_mark16(img, d, box, style.empty, rng)
    if style.empty in ("run_line", "col_run_line"):
        _draw_run_lines(d, layout, marked, style.empty)
    _draw_grid16(img, layout, rng, style.grid, inp)
    return np.asarray(img), rng


def make_answer16(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style16,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng = draw_page16(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page16(np.ascontiguousarray(out), e, rng, layout)
    return np.ascontiguousarray(out)
