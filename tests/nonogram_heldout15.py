"""HELDOUT15: a blind nonogram answer family (sixteenth session), kept in its own module so that whoever studies
``tests/nonogram_answers.py`` never sees it. Written without looking at the verifier and measured blind first on the
session-start code (docs/nonogram.md, "HELDOUT15 (sixteenth session), blind").

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved
nonogram: clue fonts from Debian packages no earlier family, test or digit list uses (fonts-adf-verana,
fonts-adf-romande, fonts-adf-berenis, fonts-junicode, fonts-3270, fonts-ocr-a, fonts-georgewilliams), fills no earlier
family uses (rounded bars joining a row's or a column's run, pixel blocks, carbon-fibre weave, denim twill, hexagons,
brushed metal), marks for empty cells no earlier family uses (a tilde, a double slash, a crayon X, a highlighter X, a
red cross, a slash of dots, an ink-bled X), the planted errors drawn in new ways, grids no earlier family uses (clue
cells ruled like the grid, graph paper under the page, teal lines, pen-skipped lines, a rounded app panel) and page
changes no earlier family uses (confetti, a photo in low light, a PDF viewer, a notes app, aged paper, a wide-angle
lens, a photographed monitor's moire, a story frame over a blurred copy, crumpled paper, a cut-out on a transparency
checkerboard, a re-shared image's generation loss, a folded page with colour fringes, camera shake).

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer15` (their ``draw_answer``), so
``nonogram_answers.measure(HELDOUT15, seed=5)`` measures them like the earlier families.
"""

from __future__ import annotations

import io
import math
import random
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from genpuzzle.renderers.common import cell_box
from nonogram_answers import Style, _webp, font_path, plant

WHITE = (255, 255, 255)


@dataclass(frozen=True)
class Style15(Style):
    """A HELDOUT15 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``make_answer`` calls :meth:`draw_answer`."""

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer15(input_image, layout, truth, self, error, seed)


HELDOUT15 = (
    Style15("q_veranaoblique_runbars_confetti", "run_bars", (20, 20, 25), "none", "VeranaSansMedium-Oblique.otf",
            ("confetti", "jpeg"), grid="clue_cells", light_mark="light_wash", outline_mark="outline_marker",
            cross_mark="heavy_x_crayon"),
    Style15("q_romande_pixel_lowlight", "pixel_blocks", (30, 40, 95), "tilde", "RomandeADFStd-DemiBold.otf",
            ("low_light",), clue_colour=(25, 30, 70), clue_scale=(1.0, 1.15), grid="graph_paper",
            light_mark="light_pixel", outline_mark="outline_pixel", cross_mark="heavy_x_pixel"),
    Style15("q_3270_carbon_pdf", "carbon", (30, 30, 34), "dotted_slash", "3270-Regular.ttf", ("pdf_viewer",),
            clue_scale=(1.05, 1.2), grid="teal_lines", light_mark="light_wash", outline_mark="outline_hexagon",
            cross_mark="heavy_x_emoji"),
    Style15("q_ocra_hexagon_notes", "hexagon", (25, 90, 60), "emoji_cross", "OCRA.ttf", ("notes_app",),
            clue_scale=(0.9, 1.05), grid="missing_some", light_mark="light_wash", outline_mark="outline_hexagon",
            cross_mark="heavy_x_crayon"),
    Style15("q_caslon_denim_aged", "denim", (40, 58, 105), "double_slash", "CaslonBold.ttf", ("aged_paper", "jpeg"),
            clue_colour=(55, 38, 28), clue_scale=(1.1, 1.25), grid="rounded_panel", light_mark="light_denim",
            outline_mark="outline_marker", cross_mark="heavy_x_emoji"),
    Style15("q_junicode_metal_barrel", "brushed_metal", (62, 64, 70), "crayon_x", "JunicodeTwoBeta-Semibold.otf",
            ("barrel", "jpeg"), clue_scale=(1.0, 1.15), grid="clue_cells", light_mark="light_pixel",
            outline_mark="outline_pixel", cross_mark="heavy_x_pixel"),
    Style15("q_berenis_colbars_moire", "col_bars", (25, 25, 30), "highlighter_x", "BerenisADFPro-Bold.otf",
            ("screen_moire",), clue_colour=(20, 35, 85), grid="teal_lines", light_mark="light_wash",
            outline_mark="outline_marker", cross_mark="heavy_x_crayon"),
    Style15("q_gwmono_pixel_story", "pixel_blocks", (170, 30, 40), "none", "GWMonospaceBold.ttf",
            ("story_blur", "jpeg"), clue_scale=(0.85, 1.0), grid="rounded_panel", light_mark="light_pixel",
            outline_mark="outline_pixel", cross_mark="heavy_x_crayon"),
    Style15("q_veranaserif_hexagon_crumpled", "hexagon", (15, 15, 15), "bled_x", "Verana-Bold.otf",
            ("crumpled", "motion_blur", "jpeg"), grid="missing_some", light_mark="light_wash",
            outline_mark="outline_hexagon", cross_mark="heavy_x_emoji"),
    Style15("q_ocrabold_carbon_cutout", "carbon", (28, 28, 30), "tilde", "OCRABold.ttf", ("cutout_checker", "webp"),
            clue_scale=(0.85, 1.0), grid="clue_cells", light_mark="light_denim", outline_mark="outline_hexagon",
            cross_mark="heavy_x_pixel"),
    Style15("q_romandeno2_runbars_reshared", "run_bars", (35, 60, 140), "emoji_cross", "RomandeADFNo2Std-Regular.otf",
            ("recompressed",), clue_scale=(1.05, 1.2), clue_stroke=1, grid="graph_paper", light_mark="light_wash",
            outline_mark="outline_marker", cross_mark="heavy_x_crayon"),
    Style15("q_inputclues_denim_folded", "denim", (38, 55, 100), "dotted_slash", None, ("folded", "chromatic", "jpeg"),
            grid="missing_some", light_mark="light_denim", outline_mark="outline_pixel", cross_mark="heavy_x_emoji"),
)

CHANGE_FONT = "VeranaSans-Bold.otf"  # a changed clue on a page that keeps the input's clues: all clues redrawn


# ------------------------------------------------------------------------------------------ helpers


def _nrng(rng: random.Random) -> np.random.Generator:
    return np.random.default_rng(rng.getrandbits(32))


def _paste_rgba(img: Image.Image, patch: np.ndarray, alpha: np.ndarray, x: int, y: int) -> None:
    """Blend ``patch`` (h, w, 3 float) onto ``img`` at (x, y) with ``alpha`` (h, w in 0..1)."""
    h, w = alpha.shape
    box = (x, y, x + w, y + h)
    base = np.asarray(img.crop(box), np.float32)
    out = base * (1 - alpha[..., None]) + patch * alpha[..., None]
    img.paste(Image.fromarray(np.clip(out, 0, 255).astype(np.uint8)), (x, y))


def _hexagon(cx: float, cy: float, hw: float, hh: float, cut: float = 0.25) -> list[tuple[float, float]]:
    """A flat-topped hexagon of half width ``hw``, half height ``hh``, its side corners ``cut`` of the width in."""
    c = 2 * hw * cut
    return [(cx - hw + c, cy - hh), (cx + hw - c, cy - hh), (cx + hw, cy), (cx + hw - c, cy + hh),
            (cx - hw + c, cy + hh), (cx - hw, cy)]


def _crayon_stroke(img: Image.Image, a, b, width: float, colour, rng: random.Random, density: float = 0.8) -> None:
    """A waxy crayon stroke from ``a`` to ``b``: many thin jittered lines, paper grain left in gaps."""
    g = _nrng(rng)
    x0 = int(min(a[0], b[0]) - width - 2)
    y0 = int(min(a[1], b[1]) - width - 2)
    x1 = int(max(a[0], b[0]) + width + 3)
    y1 = int(max(a[1], b[1]) + width + 3)
    mask = Image.new("L", (x1 - x0, y1 - y0), 0)
    md = ImageDraw.Draw(mask)
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / n, dx / n
    for _ in range(max(4, int(width * 1.6))):
        o = rng.uniform(-width / 2, width / 2)
        s, e = rng.uniform(0, 0.06), rng.uniform(0.94, 1.0)
        md.line([(a[0] + dx * s + nx * o - x0, a[1] + dy * s + ny * o - y0),
                 (a[0] + dx * e + nx * o - x0 + rng.uniform(-1, 1), a[1] + dy * e + ny * o - y0 + rng.uniform(-1, 1))],
                fill=255, width=max(1, round(width / 5)))
    m = np.asarray(mask, np.float32) / 255.0
    grain = g.random(m.shape) < density
    alpha = m * np.where(grain, 1.0, 0.35)
    patch = np.empty(m.shape + (3,), np.float32)
    patch[:] = colour
    _paste_rgba(img, patch, alpha.astype(np.float32), x0, y0)


def _thick_x(d: ImageDraw.ImageDraw, box, inset: float, width: int, colour) -> None:
    x0, y0, x1, y1 = box
    w = x1 - x0
    a, b = inset * w, (1 - inset) * w
    for p, q in (((x0 + a, y0 + a), (x0 + b, y0 + b)), ((x0 + b, y0 + a), (x0 + a, y0 + b))):
        d.line([p, q], fill=colour, width=width)
        r = width / 2
        for cx, cy in (p, q):
            d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour)


# ------------------------------------------------------------------------------------------ cells


def _draw_fill15(img: Image.Image, d: ImageDraw.ImageDraw, box, kind: str, colour, rng: random.Random) -> None:
    """One filled cell (``run_bars``/``col_bars`` are drawn per run by :func:`_draw_runs`)."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    if kind in ("pixel_blocks", "light_pixel"):  # an n x n block of squares with narrow gutters
        n = 3 if w < 40 else 4
        gap = max(1.0, 0.06 * w)
        s = (w - gap * (n + 1)) / n
        for i in range(n):
            for j in range(n):
                v = rng.randint(-12, 12) if kind == "pixel_blocks" else rng.randint(-6, 6)
                col = tuple(int(np.clip(c + v, 0, 255)) for c in colour)
                ax, ay = x0 + gap + j * (s + gap), y0 + gap + i * (s + gap)
                d.rectangle([ax, ay, ax + s, ay + s], fill=col)
    elif kind == "carbon":  # carbon-fibre weave: 2 x 2 twill blocks in two tones, a soft highlight
        inset = 0.04 * w
        ax, ay, bx, by = int(x0 + inset), int(y0 + inset), int(x1 - inset), int(y1 - inset)
        hgt, wid = by - ay, bx - ax
        yy, xx = np.mgrid[0:hgt, 0:wid]
        p = max(3, round(w / 7))
        cell = ((xx // p) + (yy // p)) % 2
        along = np.where(cell == 0, (xx % p) / p, (yy % p) / p)
        base = np.asarray(colour, np.float32)
        shade = base + (18 + 22 * np.sin(math.pi * along))[..., None]
        shade += (14 * (1 - (xx + yy) / max(1, wid + hgt)))[..., None]
        img.paste(Image.fromarray(np.clip(shade, 0, 255).astype(np.uint8)), (ax, ay))
    elif kind in ("denim", "light_denim"):  # twill: diagonal ribs, a noisy indigo (or a washed-out pale)
        inset = 0.05 * w
        ax, ay, bx, by = int(x0 + inset), int(y0 + inset), int(x1 - inset), int(y1 - inset)
        hgt, wid = by - ay, bx - ax
        g = _nrng(rng)
        yy, xx = np.mgrid[0:hgt, 0:wid]
        rib = (np.sin((xx * 0.55 + yy) * 2 * math.pi / max(3, w / 9)) > 0.3).astype(np.float32)
        base = np.asarray(colour, np.float32)
        lift = 30 if kind == "denim" else -22
        tex = base + (rib * lift + g.normal(0, 6, rib.shape))[..., None]
        img.paste(Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8)), (ax, ay))
    elif kind == "hexagon":
        d.polygon(_hexagon((x0 + x1) / 2, (y0 + y1) / 2, 0.48 * w, 0.46 * w), fill=colour)
    elif kind == "outline_hexagon":  # a hexagonal ring: the hexagon inked, a smaller one left white
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        d.polygon(_hexagon(cx, cy, 0.48 * w, 0.46 * w), fill=colour)
        d.polygon(_hexagon(cx, cy, 0.24 * w, 0.22 * w), fill=WHITE)
    elif kind == "brushed_metal":  # dark grey with horizontal brushing streaks and a lit top edge
        inset = 0.04 * w
        ax, ay, bx, by = int(x0 + inset), int(y0 + inset), int(x1 - inset), int(y1 - inset)
        hgt, wid = by - ay, bx - ax
        g = _nrng(rng)
        streak = cv2.GaussianBlur(g.normal(0, 1, (hgt, wid)).astype(np.float32), (0, 0), sigmaX=6, sigmaY=0.6)
        streak = streak / (np.abs(streak).max() + 1e-6) * 16
        ramp = np.linspace(22, -8, hgt, dtype=np.float32)[:, None]
        tex = np.asarray(colour, np.float32) + (streak + ramp)[..., None]
        img.paste(Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8)), (ax, ay))
    elif kind == "light_wash":  # a pale uneven wash with a slightly darker rim, as a thin watercolour dries
        inset = rng.uniform(0.05, 0.1) * w
        ax, ay, bx, by = int(x0 + inset), int(y0 + inset), int(x1 - inset), int(y1 - inset)
        hgt, wid = by - ay, bx - ax
        g = _nrng(rng)
        blot = cv2.GaussianBlur(g.random((hgt, wid)).astype(np.float32), (0, 0), max(1.0, w / 8))
        blot = (blot - blot.min()) / (np.ptp(blot) + 1e-6)
        yy, xx = np.mgrid[0:hgt, 0:wid]
        edge = np.minimum(np.minimum(xx, wid - 1 - xx), np.minimum(yy, hgt - 1 - yy))
        rim = np.exp(-edge / max(1.0, w / 14)) * 14
        tex = np.asarray(colour, np.float32) + (12 * blot - 6 - rim)[..., None]
        img.paste(Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8)), (ax, ay))
    elif kind == "outline_pixel":  # a ring of pixel blocks, the middle ones left out
        n = 4
        gap = max(1.0, 0.05 * w)
        s = (w - gap * (n + 1)) / n
        for i in range(n):
            for j in range(n):
                if 0 < i < n - 1 and 0 < j < n - 1:
                    continue
                ax, ay = x0 + gap + j * (s + gap), y0 + gap + i * (s + gap)
                d.rectangle([ax, ay, ax + s, ay + s], fill=colour)
    elif kind == "outline_marker":  # a felt marker's thick rounded frame drawn round the cell
        t = rng.uniform(0.22, 0.27) * w
        m = 0.06 * w
        d.rounded_rectangle([x0 + m, y0 + m, x1 - m, y1 - m], radius=0.25 * w, outline=colour, width=round(t))
    else:
        raise ValueError(kind)


def _draw_runs(d: ImageDraw.ImageDraw, layout: dict[str, Any], cells: set, kind: str, colour) -> None:
    """``run_bars``: every run of filled cells in a row as one rounded bar; ``col_bars`` the same down a column."""
    rows, cols = layout["rows"], layout["cols"]
    lines = range(rows) if kind == "run_bars" else range(cols)
    length = cols if kind == "run_bars" else rows
    for i in lines:
        k = 0
        while k < length:
            cell = (i, k) if kind == "run_bars" else (k, i)
            if cell not in cells:
                k += 1
                continue
            e = k
            while e + 1 < length and ((i, e + 1) if kind == "run_bars" else (e + 1, i)) in cells:
                e += 1
            a = cell_box(layout, *cell)
            b = cell_box(layout, *((i, e) if kind == "run_bars" else (e, i)))
            w = a[2] - a[0]
            if kind == "run_bars":
                box = [a[0] + 0.08 * w, a[1] + 0.13 * w, b[2] - 0.08 * w, b[3] - 0.13 * w]
            else:
                box = [a[0] + 0.13 * w, a[1] + 0.08 * w, b[2] - 0.13 * w, b[3] - 0.08 * w]
            d.rounded_rectangle(box, radius=0.3 * w, fill=colour)
            k = e + 1


def _draw_cross15(img: Image.Image, d: ImageDraw.ImageDraw, box, kind: str, rng: random.Random) -> None:
    """Marks: the empty-cell marks and the heavy Xs drawn instead of filling a cell."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if kind == "none":
        return
    if kind == "tilde":  # a small wave
        hw, amp = 0.2 * w, 0.06 * w
        pts = [(cx - hw + 2 * hw * t / 16, cy - amp * math.sin(2 * math.pi * t / 16)) for t in range(17)]
        d.line(pts, fill=(70, 70, 80), width=max(2, round(w / 18)), joint="curve")
    elif kind == "double_slash":  # //
        L, sep = 0.17 * w, 0.09 * w
        for o in (-sep, sep):
            d.line([(cx + o - L * 0.55, cy + L), (cx + o + L * 0.55, cy - L)], fill=(60, 60, 65),
                   width=max(2, round(w / 20)))
    elif kind == "crayon_x":
        a, b = 0.26 * w, 0.74 * w
        for p, q in (((x0 + a, y0 + a), (x0 + b, y0 + b)), ((x0 + b, y0 + a), (x0 + a, y0 + b))):
            _crayon_stroke(img, p, q, w / 10, (70, 85, 120), rng)
    elif kind == "highlighter_x":  # a translucent yellow highlighter X
        layer = Image.new("L", img.size, 0)
        _thick_x(ImageDraw.Draw(layer), box, 0.24, max(3, round(w / 6.5)), 255)
        x, y = int(x0), int(y0)
        sub = np.asarray(layer.crop((x, y, int(x1) + 1, int(y1) + 1)), np.float32) / 255.0 * 0.85
        patch = np.empty(sub.shape + (3,), np.float32)
        patch[:] = (250, 222, 40)
        _paste_rgba(img, patch, sub, x, y)
    elif kind == "emoji_cross":  # a small red cross mark, as the emoji
        _thick_x(d, box, 0.3, max(2, round(w / 8.5)), (222, 48, 60))
    elif kind == "dotted_slash":  # a slash of dots, bottom left to top right
        r = max(1.2, w / 22)
        for t in np.linspace(0, 1, 5):
            px, py = x0 + (0.28 + 0.44 * t) * w, y0 + (0.72 - 0.44 * t) * w
            d.ellipse([px - r, py - r, px + r, py + r], fill=(55, 55, 60))
    elif kind == "bled_x":  # a thin fountain-pen X whose ink bled into the paper
        pad = 3
        W = int(w) + 2 * pad
        layer = Image.new("L", (W, W), 0)
        _thick_x(ImageDraw.Draw(layer), (pad, pad, pad + w, pad + w), 0.27, max(2, round(w / 16)), 255)
        layer = layer.filter(ImageFilter.GaussianBlur(max(0.8, w / 40)))
        alpha = np.asarray(layer, np.float32) / 255.0
        patch = np.empty(alpha.shape + (3,), np.float32)
        patch[:] = (30, 40, 90)
        _paste_rgba(img, patch, np.clip(alpha * 1.25, 0, 1), int(x0) - pad, int(y0) - pad)
    elif kind == "heavy_x_crayon":
        a, b = 0.14 * w, 0.86 * w
        for p, q in (((x0 + a, y0 + a), (x0 + b, y0 + b)), ((x0 + b, y0 + a), (x0 + a, y0 + b))):
            _crayon_stroke(img, p, q, w / 5.5, (25, 25, 30), rng, density=0.9)
    elif kind == "heavy_x_emoji":  # the red cross mark, cell-sized and bold
        _thick_x(d, box, 0.16, max(3, round(w / 5.5)), (215, 35, 45))
    elif kind == "heavy_x_pixel":  # an X of pixel blocks along both diagonals
        n = 5
        s = w / 6.2
        for k in range(n):
            t = 0.1 * w + k * (0.8 * w - s) / (n - 1)
            for px in (x0 + t, x1 - t - s):
                d.rectangle([px, y0 + t, px + s, y0 + t + s], fill=(20, 20, 25))
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ clues and grid


def _redraw_clues15(img: Image.Image, layout: dict[str, Any], row_clues, col_clues, font_file: str,
                    rng: random.Random, change, style: Style15) -> None:
    """Erase the clue areas and write the clues again in ``font_file`` (``change`` replaces one line's last number)."""
    d = ImageDraw.Draw(img)
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    rb, cb = layout["row_clue_bbox"], layout["col_clue_bbox"]
    d.rectangle([0, rb[1] + 3, rb[2] - 2, rb[3] - 3], fill=WHITE)
    d.rectangle([cb[0] + 3, 0, cb[2] - 3, cb[3] - 2], fill=WHITE)
    px = round(layout["clue_font_px"] * rng.uniform(*style.clue_scale))
    font = ImageFont.truetype(str(font_path(font_file)), px)
    pen = dict(fill=style.clue_colour, stroke_width=style.clue_stroke, stroke_fill=style.clue_colour)
    rows, cols = layout["rows"], layout["cols"]
    ch, cw = (gy1 - gy0) / rows, (gx1 - gx0) / cols
    gap = px * rng.uniform(*style.clue_gap)

    def values(kind, i, clue):
        v = [str(x) for x in clue] or ["0"]
        if change and change[0] == kind and change[1] == i:
            v[-1] = str(change[2])
        return v

    for r, clue in enumerate(row_clues):
        x = gx0 - layout["cell_px"] * 0.32
        cy = gy0 + (r + 0.5) * ch
        for t in reversed(values("row", r, clue)):
            wt = d.textlength(t, font=font)
            d.text((x - wt / 2, cy), t, font=font, anchor="mm", **pen)
            x -= wt + gap
    slot = px * rng.uniform(1.15, 1.3)
    for c, clue in enumerate(col_clues):
        cx = gx0 + (c + 0.5) * cw
        items = values("col", c, clue)
        for k, t in enumerate(items):
            cy = gy0 - layout["cell_px"] * 0.32 - (len(items) - k - 0.5) * slot
            d.text((cx, cy), t, font=font, anchor="mm", **pen)


def _erase_grid(img: Image.Image, layout: dict[str, Any]) -> None:
    """The input's grid lines painted out (the grid redrawn from scratch, as a generator does)."""
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    pad = max(4, layout["cell_px"] // 9) // 2 + 2
    ImageDraw.Draw(img).rectangle([gx0 - pad, gy0 - pad, gx1 + pad, gy1 + pad], fill=WHITE)


def _graph_paper(img: Image.Image, layout: dict[str, Any], rng: random.Random) -> None:
    """Light blue graph-paper rules under everything (on the paper's white only), at a pitch unrelated to the cells."""
    a = np.asarray(img, np.float32)
    h, w = a.shape[:2]
    pitch = layout["cell_px"] / rng.uniform(2.2, 2.6)
    ox, oy = rng.uniform(0, pitch), rng.uniform(0, pitch)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    dx = np.abs(((xx - ox) % pitch) - pitch / 2) > pitch / 2 - 0.6
    dy = np.abs(((yy - oy) % pitch) - pitch / 2) > pitch / 2 - 0.6
    big = pitch * 5
    bx = np.abs(((xx - ox) % big) - big / 2) > big / 2 - 0.9
    by = np.abs(((yy - oy) % big) - big / 2) > big / 2 - 0.9
    paper = np.full_like(a, 253.0)
    paper[dx | dy] = (208, 226, 242)
    paper[bx | by] = (176, 204, 232)
    white = (a.min(axis=2) > 235)[..., None]
    out = np.where(white, np.minimum(a, paper), a)
    img.paste(Image.fromarray(out.astype(np.uint8)))


def _draw_grid15(img: Image.Image, layout: dict[str, Any], rng: random.Random, kind: str) -> None:
    d = ImageDraw.Draw(img)
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    rows, cols, cell = layout["rows"], layout["cols"], layout["cell_px"]
    cw, ch = (gx1 - gx0) / cols, (gy1 - gy0) / rows
    thin = max(1, round(cell / rng.uniform(18, 24)))
    thick = max(3, round(cell / rng.uniform(8, 10)))
    minor, major = (100, 100, 104), (10, 10, 12)
    if kind == "teal_lines":
        minor, major = (110, 178, 180), (0, 92, 102)
    elif kind == "graph_paper":
        minor, major = (75, 78, 92), (15, 18, 40)
    elif kind == "rounded_panel":
        minor, major = (150, 152, 158), (60, 62, 68)
        thick = max(2, round(cell / 12))
    skip_v = skip_h = None
    if kind == "missing_some":  # the pen skipped: a stretch of one minor line of each direction is missing
        mv = [k for k in range(1, cols) if k % 5]
        mh = [k for k in range(1, rows) if k % 5]
        if mv:
            k = rng.choice(mv)
            s = rng.randrange(0, rows - 1)
            skip_v = (k, gy0 + s * ch + 0.3 * ch, gy0 + min(rows, s + 2) * ch - 0.3 * ch)
        if mh:
            k = rng.choice(mh)
            s = rng.randrange(0, cols - 1)
            skip_h = (k, gx0 + s * cw + 0.3 * cw, gx0 + min(cols, s + 2) * cw - 0.3 * cw)
    if kind == "clue_cells":  # the clue areas ruled into cells like the grid, light grey, with a frame
        rb, cb = layout["row_clue_bbox"], layout["col_clue_bbox"]
        left, top = rb[0], cb[1]
        lc = (165, 165, 170)
        for k in range(cols + 1):
            x = gx0 + k * cw
            d.line([(x, top), (x, gy0)], fill=lc if k % 5 or k in (0, cols) else (120, 120, 125), width=thin)
        for k in range(rows + 1):
            y = gy0 + k * ch
            d.line([(left, y), (gx0, y)], fill=lc if k % 5 or k in (0, rows) else (120, 120, 125), width=thin)
        d.line([(gx0, top), (gx1, top)], fill=lc, width=thin)
        d.line([(left, gy0), (left, gy1)], fill=lc, width=thin)
    for k in range(cols + 1):
        x = gx0 + k * cw
        big = k % 5 == 0 or k == cols
        if skip_v and k == skip_v[0]:
            d.line([(x, gy0), (x, skip_v[1])], fill=minor, width=thin)
            d.line([(x, skip_v[2]), (x, gy1)], fill=minor, width=thin)
            continue
        d.line([(x, gy0), (x, gy1)], fill=major if big else minor, width=thick if big else thin)
    for k in range(rows + 1):
        y = gy0 + k * ch
        big = k % 5 == 0 or k == rows
        if skip_h and k == skip_h[0]:
            d.line([(gx0, y), (skip_h[1], y)], fill=minor, width=thin)
            d.line([(skip_h[2], y), (gx1, y)], fill=minor, width=thin)
            continue
        d.line([(gx0, y), (gx1, y)], fill=major if big else minor, width=thick if big else thin)
    if kind == "rounded_panel":  # an app's card: the grid's outer corners rounded
        r = max(6, round(cell * 0.35))
        h2 = thick / 2
        box = [gx0 - h2, gy0 - h2, gx1 + h2, gy1 + h2]
        band = [int(gx0 - thick - 2), int(gy0 - thick - 2), int(gx1 + thick + 3), int(gy1 + thick + 3)]
        inside = Image.new("L", img.size, 0)
        ImageDraw.Draw(inside).rounded_rectangle(box, radius=r, fill=255)
        outside = Image.new("L", img.size, 0)
        ImageDraw.Draw(outside).rectangle(band, fill=255)
        m = (np.asarray(outside) > 0) & (np.asarray(inside) == 0)
        a = np.asarray(img).copy()
        a[m] = 255
        img.paste(Image.fromarray(a))
        ImageDraw.Draw(img).rounded_rectangle(box, radius=r, outline=major, width=thick)


# ------------------------------------------------------------------------------------------ pages


def _jpeg(a: np.ndarray, q: int) -> np.ndarray:
    buf = io.BytesIO()
    Image.fromarray(a).save(buf, format="JPEG", quality=q)
    return np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert("RGB"))


def _text_font(px: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_path("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")), px)


def _page(a: np.ndarray, e: str, rng: random.Random, layout: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    if e == "jpeg":
        return _jpeg(a, rng.randint(72, 88))
    if e == "webp":
        return _webp(a, rng.randint(70, 85))
    if e == "confetti":  # a wider white margin with confetti and a cheerful title, as a model celebrates a solve
        m = round(max(h, w) * rng.uniform(0.1, 0.14))
        top = round(m * 1.6)
        page = Image.new("RGB", (w + 2 * m, h + m + top), WHITE)
        page.paste(Image.fromarray(a), (m, top))
        d = ImageDraw.Draw(page)
        colours = ((235, 70, 90), (250, 180, 40), (60, 160, 230), (90, 200, 120), (170, 90, 210))
        W, H = page.size
        for _ in range(rng.randint(60, 90)):
            side = rng.randrange(4)
            if side == 0:
                x, y = rng.uniform(0, W), rng.uniform(top * 0.55, top - 6)
            elif side == 1:
                x, y = rng.uniform(0, W), rng.uniform(top + h + 6, H)
            elif side == 2:
                x, y = rng.uniform(0, m - 6), rng.uniform(top, top + h)
            else:
                x, y = rng.uniform(m + w + 6, W), rng.uniform(top, top + h)
            s = rng.uniform(4, 9)
            col = rng.choice(colours)
            ang = rng.uniform(0, math.pi)
            if rng.random() < 0.6:
                pts = [(x + s * math.cos(ang + t) * (1 if k % 2 else 0.45), y + s * math.sin(ang + t) * (1 if k % 2 else 0.45))
                       for k, t in enumerate((0, math.pi / 2, math.pi, 3 * math.pi / 2))]
                d.polygon(pts, fill=col)
            else:
                d.ellipse([x - s / 2, y - s / 2, x + s / 2, y + s / 2], fill=col)
        f = _text_font(max(16, round(top * 0.32)), bold=True)
        d.text((W / 2, top * 0.3), "Solved!", font=f, fill=(235, 70, 90), anchor="mm")
        return np.asarray(page)
    if e == "low_light":  # a phone photo in a dim warm room: darker, warm, noisy, a little soft
        out = a.astype(np.float32) * rng.uniform(0.62, 0.72)
        out *= np.array([1.0, 0.9, 0.74], np.float32)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        r2 = ((xx - w / 2) / w) ** 2 + ((yy - h / 2) / h) ** 2
        out *= (1 - 0.35 * r2)[..., None]
        out = cv2.GaussianBlur(out, (0, 0), 0.8)
        lum = g.normal(0, 5.5, (h, w, 1))
        chroma = g.normal(0, 3.0, (h, w, 3))
        out = np.clip(out + lum + chroma, 0, 255).astype(np.uint8)
        return _jpeg(out, rng.randint(78, 86))
    if e == "pdf_viewer":  # a screenshot of a PDF viewer: dark chrome, the page with a shadow, page count, zoom
        s = rng.uniform(0.85, 0.95)
        pw, ph = round(w * s), round(h * s)
        page = cv2.resize(a, (pw, ph), interpolation=cv2.INTER_AREA)
        bar, side = 44, round(w * 0.12)
        W, H = pw + 2 * side, ph + bar + 2 * 26
        img = Image.new("RGB", (W, H), (56, 58, 62))
        d = ImageDraw.Draw(img)
        d.rectangle([0, 0, W, bar], fill=(38, 39, 43))
        f = _text_font(14)
        d.text((14, bar / 2), "puzzle_solution.pdf", font=f, fill=(225, 225, 230), anchor="lm")
        d.text((W / 2, bar / 2), "1 / 1", font=f, fill=(200, 200, 205), anchor="mm")
        d.text((W - 14, bar / 2), f"{rng.choice((90, 100, 110))}%", font=f, fill=(200, 200, 205), anchor="rm")
        px, py = side, bar + 26
        shadow = Image.new("L", (W, H), 0)
        ImageDraw.Draw(shadow).rectangle([px + 4, py + 6, px + pw + 4, py + ph + 6], fill=150)
        shadow = shadow.filter(ImageFilter.GaussianBlur(6))
        img.paste(Image.new("RGB", (W, H), (20, 20, 22)), (0, 0), shadow)
        img.paste(Image.fromarray(page), (px, py))
        return np.asarray(img)
    if e == "notes_app":  # the picture pasted into a notes app: a title, a date, text above and below
        s = rng.uniform(0.8, 0.9)
        pw, ph = round(w * s), round(h * s)
        pic = Image.fromarray(cv2.resize(a, (pw, ph), interpolation=cv2.INTER_AREA))
        W = round(pw * 1.12)
        H = ph + 250
        img = Image.new("RGB", (W, H), (252, 250, 244))
        d = ImageDraw.Draw(img)
        x = (W - pw) // 2
        d.text((x, 24), "Nonogram - done", font=_text_font(26, True), fill=(30, 30, 30))
        d.text((x, 60), "2 December, 10:42", font=_text_font(14), fill=(140, 140, 140))
        d.text((x, 92), "Finished it on the train. Picture below:", font=_text_font(16), fill=(50, 50, 50))
        y = 124
        mask = Image.new("L", (pw, ph), 0)
        ImageDraw.Draw(mask).rounded_rectangle([0, 0, pw - 1, ph - 1], radius=14, fill=255)
        img.paste(pic, (x, y), mask)
        d.rounded_rectangle([x, y, x + pw - 1, y + ph - 1], radius=14, outline=(215, 212, 205), width=1)
        d.text((x, y + ph + 24), "Next: the 20x20 one from the book.", font=_text_font(16), fill=(50, 50, 50))
        return np.asarray(img)
    if e == "aged_paper":  # yellowed paper with browned edges and small foxing spots
        out = a.astype(np.float32) * np.array([0.97, 0.91, 0.77], np.float32)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        edge = np.minimum(np.minimum(xx, w - 1 - xx), np.minimum(yy, h - 1 - yy))
        burn = np.exp(-edge / (0.05 * min(h, w)))[..., None] * np.array([30, 42, 55], np.float32)
        out -= burn
        spots = np.zeros((h, w), np.float32)
        cell = layout["cell_px"]
        for _ in range(rng.randint(14, 24)):
            cx, cy = rng.uniform(0, w), rng.uniform(0, h)
            r = rng.uniform(0.04, 0.11) * cell
            cv2.circle(spots, (round(cx), round(cy)), max(1, round(r)), rng.uniform(0.25, 0.5), -1)
        spots = cv2.GaussianBlur(spots, (0, 0), 1.5)
        out -= spots[..., None] * np.array([40, 60, 85], np.float32)
        tex = cv2.GaussianBlur(g.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 1.2) * 5
        return np.clip(out + tex[..., None], 0, 255).astype(np.uint8)
    if e == "barrel":  # a phone's wide-angle lens: barrel distortion, the page a little turned
        pad = round(0.06 * max(h, w))
        a = cv2.copyMakeBorder(a, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=(236, 236, 232))
        h, w = a.shape[:2]
        k = rng.uniform(0.03, 0.05)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        nx, ny = (xx - w / 2) / (w / 2), (yy - h / 2) / (w / 2)
        r2 = nx * nx + ny * ny
        f = 1 + k * r2
        mx, my = (nx * f) * (w / 2) + w / 2, (ny * f) * (w / 2) + h / 2
        out = cv2.remap(a, mx / (1 + k * 0.5) + (w / 2) * (1 - 1 / (1 + k * 0.5)),
                        my / (1 + k * 0.5) + (h / 2) * (1 - 1 / (1 + k * 0.5)), cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_CONSTANT, borderValue=(200, 195, 188))
        M = cv2.getRotationMatrix2D((w / 2, h / 2), rng.choice((-1, 1)) * rng.uniform(0.8, 2.0), 1.0)
        return cv2.warpAffine(out, M, (w, h), flags=cv2.INTER_LINEAR, borderValue=(200, 195, 188))
    if e == "screen_moire":  # a photo of a monitor: moire bands, faint pixel rows, a bluish cast, a dark bezel
        s = rng.uniform(1.15, 1.3)
        a = cv2.resize(a, (round(w * s), round(h * s)), interpolation=cv2.INTER_LINEAR)
        h, w = a.shape[:2]
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        ang = rng.uniform(0.15, 0.35)
        f1, f2 = rng.uniform(0.45, 0.5), rng.uniform(0.5, 0.55)
        g1 = np.cos(2 * math.pi * f1 * yy)
        g2 = np.cos(2 * math.pi * f2 * (yy * math.cos(ang) + xx * math.sin(ang)))
        moire = cv2.GaussianBlur((g1 * g2).astype(np.float32), (0, 0), 2.5)
        moire = moire / (np.abs(moire).max() + 1e-6)
        out = a.astype(np.float32) * (1 + 0.07 * moire)[..., None]
        out *= (0.97 + 0.03 * np.cos(2 * math.pi * yy / 3))[..., None]
        out = out * np.array([0.9, 0.95, 1.0], np.float32) + np.array([8, 10, 18], np.float32)
        out = cv2.GaussianBlur(out, (0, 0), 0.7)
        b = round(0.04 * max(h, w))
        out = cv2.copyMakeBorder(np.clip(out, 0, 255).astype(np.uint8), b, b, b, b, cv2.BORDER_CONSTANT,
                                 value=(22, 22, 26))
        H, W = out.shape[:2]
        t = rng.uniform(0.015, 0.03) * W
        src = np.float32([[0, 0], [W, 0], [W, H], [0, H]])
        dst = np.float32([[t, 0], [W - t * 0.3, t * 0.4], [W, H], [0, H - t * 0.3]])
        out = cv2.warpPerspective(out, cv2.getPerspectiveTransform(src, dst), (W, H), borderValue=(35, 33, 30))
        out = np.clip(out.astype(np.float32) + g.normal(0, 2.5, out.shape), 0, 255).astype(np.uint8)
        return _jpeg(out, rng.randint(80, 88))
    if e == "story_blur":  # a 9:16 story frame: the picture over a blurred, dimmed, enlarged copy of itself
        W = round(w * rng.uniform(1.05, 1.12))
        H = round(W * 16 / 9)
        sc = max(W / w, H / h)
        bg = cv2.resize(a, (round(w * sc), round(h * sc)), interpolation=cv2.INTER_LINEAR)
        oy, ox = (bg.shape[0] - H) // 2, (bg.shape[1] - W) // 2
        bg = cv2.GaussianBlur(bg[oy:oy + H, ox:ox + W].astype(np.float32), (0, 0), 22) * 0.7
        out = bg.astype(np.uint8)
        fit = W / w * rng.uniform(0.86, 0.92)
        pic = cv2.resize(a, (round(w * fit), round(h * fit)), interpolation=cv2.INTER_AREA)
        y, x = (H - pic.shape[0]) // 2, (W - pic.shape[1]) // 2
        out[y:y + pic.shape[0], x:x + pic.shape[1]] = pic
        img = Image.fromarray(out)
        d = ImageDraw.Draw(img)
        d.text((W / 2, H - 40), "@puzzlefan", font=_text_font(18, True), fill=(240, 240, 240), anchor="mm")
        for i in range(4):
            d.rounded_rectangle([12 + i * (W - 24) / 4 + 2, 10, 12 + (i + 1) * (W - 24) / 4 - 2, 13], radius=1,
                                fill=(240, 240, 240) if i < 2 else (150, 150, 150))
        return np.asarray(img)
    if e == "crumpled":  # a crumpled, smoothed-out print: small smooth warps and the creases' light and shade
        cell = layout["cell_px"]
        amp = rng.uniform(0.06, 0.09) * cell
        fx = cv2.GaussianBlur(g.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 0.35 * min(h, w) / 3)
        fy = cv2.GaussianBlur(g.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 0.35 * min(h, w) / 3)
        fx *= amp / (np.abs(fx).max() + 1e-6)
        fy *= amp / (np.abs(fy).max() + 1e-6)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        out = cv2.remap(a, xx + fx, yy + fy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
        shade = np.zeros((h, w), np.float32)
        for _ in range(rng.randint(5, 8)):  # creases: straight lines, one side a little lit, the other shaded
            th = rng.uniform(0, math.pi)
            c = rng.uniform(-0.4, 0.4) * min(h, w)
            dist = (xx - w / 2) * math.cos(th) + (yy - h / 2) * math.sin(th) - c
            shade += np.tanh(dist / rng.uniform(3, 8)) * np.exp(-np.abs(dist) / rng.uniform(25, 60)) * rng.uniform(5, 10)
        hills = cv2.GaussianBlur(g.normal(0, 1, (h, w)).astype(np.float32), (0, 0), min(h, w) / 10)
        shade += hills / (np.abs(hills).max() + 1e-6) * 12
        return np.clip(out + shade[..., None], 0, 255).astype(np.uint8)
    if e == "motion_blur":  # a little camera shake
        n = rng.randint(1, 2)
        k = np.zeros((n * 2 + 1, n * 2 + 1), np.float32)
        th = rng.uniform(0, math.pi)
        for t in np.linspace(-n, n, 4 * n + 1):
            k[round(n + t * math.sin(th)), round(n + t * math.cos(th))] = 1
        return cv2.filter2D(a, -1, k / k.sum(), borderType=cv2.BORDER_REPLICATE)
    if e == "cutout_checker":  # the paper cut out round the puzzle and shown on a transparency checkerboard
        gx0, gy0, gx1, gy1 = layout["grid_bbox"]
        rb, cb = layout["row_clue_bbox"], layout["col_clue_bbox"]
        m = 12
        x0, y0, x1, y1 = max(0, rb[0] - m), max(0, cb[1] - m), min(w, gx1 + m), min(h, gy1 + m)
        ext = round(0.08 * max(h, w))
        H, W = h + 2 * ext, w + 2 * ext
        sq = 16
        yy, xx = np.mgrid[0:H, 0:W]
        board = np.where(((xx // sq + yy // sq) % 2)[..., None] == 0, 255, 204).astype(np.uint8)
        board = np.repeat(board, 3, axis=2)
        board[ext + y0:ext + y1, ext + x0:ext + x1] = a[y0:y1, x0:x1]
        return board
    if e == "recompressed":  # shared and re-shared: three rounds of downscaling and JPEG
        for _ in range(3):
            s = rng.uniform(0.88, 0.95)
            a = cv2.resize(a, (round(a.shape[1] * s), round(a.shape[0] * s)), interpolation=cv2.INTER_AREA)
            a = _jpeg(a, rng.randint(60, 72))
        return a
    if e == "folded":  # a page folded in four and opened: two creases with a light and a shaded side
        out = a.astype(np.float32)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        for dist in (xx - w * rng.uniform(0.45, 0.55), yy - h * rng.uniform(0.45, 0.55)):
            out -= (np.exp(-np.abs(dist) / 1.2) * 45)[..., None]
            out += (np.tanh(dist / 6) * np.exp(-np.abs(dist) / 80) * 9)[..., None]
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "chromatic":  # a cheap lens's colour fringes: red and blue scaled apart about the centre
        out = a.copy()
        for ch, s in ((0, 1 + rng.uniform(0.002, 0.004)), (2, 1 - rng.uniform(0.002, 0.004))):
            M = np.float32([[s, 0, (1 - s) * w / 2], [0, s, (1 - s) * h / 2]])
            out[..., ch] = cv2.warpAffine(a[..., ch], M, (w, h), flags=cv2.INTER_LINEAR, borderValue=255)
        return out
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page15(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style15,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random]:
    """The answer before its page changes (the input's frame) and the random state the page changes go on with."""
    rng = random.Random(f"h15:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
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
    _erase_grid(img, layout)
    if style.grid == "graph_paper":
        _graph_paper(img, layout, rng)
    d = ImageDraw.Draw(img)
    if style.fill in ("run_bars", "col_bars"):
        _draw_runs(d, layout, plan["fill"], style.fill, style.fill_colour)
    for r in range(rows):
        for c in range(cols):
            box = cell_box(layout, r, c)
            if (r, c) in plan["fill"]:
                if style.fill not in ("run_bars", "col_bars"):
                    _draw_fill15(img, d, box, style.fill, style.fill_colour, rng)
            elif (r, c) in plan["light"]:
                _draw_fill15(img, d, box, style.light_mark, (205, 205, 205), rng)
            elif (r, c) in plan["outline"]:
                _draw_fill15(img, d, box, style.outline_mark, (15, 15, 15), rng)
            elif (r, c) in plan["cross"]:
                _draw_cross15(img, d, box, style.cross_mark, rng)
            else:
                _draw_cross15(img, d, box, style.empty, rng)
    _draw_grid15(img, layout, rng, style.grid)
    return np.asarray(img), rng


def make_answer15(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style15,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng = draw_page15(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page(np.ascontiguousarray(out), e, rng, layout)
    return np.ascontiguousarray(out)
