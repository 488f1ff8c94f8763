"""HELDOUT22, measured blind on commit afae12d: 389/432 right, 0 false passes, 49/72 error-free right (23 false fails,
all needs_review, none confidently incorrect), 168 needs_review, 0 unreadable (seed 5,
``tools/measure_nonogram_family.py nonogram_heldout22:HELDOUT22 --seed 5`` on a snapshot of that commit). Per style,
right/36, false passes, false fails (error-free answers not right), needs_review, unreadable: gayathri_inkwash_bedsheet
36 0 0 2 0; norasi_leather_laminated 35 0 0 1 0; garuda_galvanised_pencilguides 33 0 3 17 0; gemunu_scorched_datestamp
35 0 1 5 0; jessen_keycap_cuttingmat 28 0 4 31 0; dyuthi_truchet_email 36 0 0 7 0; keraleeyam_leopard_printheader 34 0
2 12 0; inputclues_pointillism_matte 36 0 0 9 0; solothurn_rattan_gumpad 36 0 0 2 0; sawarabi_coffeebeans_redrawleader
35 0 1 10 0; olga_paletteknife_redrawheader 21 0 6 36 0; karumbi_frosted_redrawpill 24 0 6 36 0 (each name after its
``d_``). By planted error: none 49/72, extra_light 72, extra_outline 71, x_instead 72, missing 66, clue_changed 59 (of
72 each). By size: 5x5 129/144, 10x10 130/144, 15x15 130/144. Studied after that measurement (thirty-third session,
rubric 64).

A blind nonogram answer family (thirty-third session, written by a helper), kept in its own module so that whoever
studies the earlier families never sees it. Written without looking at the verifier, the registration or the cell and
clue readers, and measured blind once, on the session-start commit (figures above).

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved
nonogram: clue fonts from Debian packages no earlier nonogram family, test or digit-reader training uses
(fonts-smc-gayathri, fonts-tlwg-norasi-ttf, fonts-tlwg-garuda-ttf, fonts-gemunu-libre, fonts-gotico-antiqua,
fonts-smc-dyuthi, fonts-smc-keraleeyam, fonts-adf-solothurn, fonts-sawarabi-mincho, fonts-gfs-olga,
fonts-smc-karumbi), one style keeping the input's clues (a changed clue on its page is written in the Norasi
package's regular cut); fills no earlier family uses (an ink wash with paper grain, tooled leather, spangled
galvanised steel, a scorch mark, keyboard keycaps, Truchet arcs, leopard rosettes, pointillist dabs, cane webbing,
coffee beans, palette-knife paint, frosted glass); empty-cell marks drawn in new ways (a small bullseye, a short
underline, a small brown x gone over twice, a small chevron, a circled minus, a tiny filled triangle, a small
four-point sparkle); the planted errors drawn in new ways (a pale wash with a tide line, a pale disc, a pale fine
checker, pale wavy lines; a triple-ruled frame, a frame with a round bite out of each corner, a two-tone
marching-ants frame, a scalloped frame; a slab-serif X, a scribbled X, an inline X with a white line down its
strokes, an embossed X; all in the fill's colour, darkened where the fill is a light one); three styles that redraw
the whole puzzle (dot leaders running in to widely spaced clues; the clues in white on dark bands with wide cells;
each line's clues in a pale pill beside a round-cornered board with tall cells); and page changes no earlier family
uses (a photo on a rumpled bed sheet, a laminated page with a glare strip, pencil guide lines and a tick per row in
the margin, a RECEIVED date stamp below the grid, a green cutting mat, an e-mail client's reading pane, a browser
print's header and footer, a matte photo filter with lifted blacks, the top sheet of a gummed tear-off notepad, a
red gingham tablecloth, coins on the margin, a page hung on a string with two clothes pegs).

Clues written anew on the input's page are fitted to its clue strips (the spacing, then the size, shrinks where a
wide or tall font would run off the page); the redrawn puzzles space their clues by the digits' height (Karumbi's
figures are small for their size, so it is set near twice the input's size).

Doubts noted rather than made unfair: Solothurn draws old-style figures (a 0 like a small round o, "10" like "1o"),
read as digits in a clue strip at once; Karumbi is a thin handwriting pen; the date stamp, the print header and
footer and the e-mail pane put dates, a time and a page count in the margins, well away from the clue strips; the
glare strip lightens a band of cells without hiding any.

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer22` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout22:HELDOUT22`` measures them like the earlier families.
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
from nonogram_heldout17 import _blurred_noise, _clue_values, _erase_grid17, _font, _inner, _lift, _paste
from nonogram_heldout18 import _draw_grid18
from nonogram_heldout19 import _layer, _m, _on_table
from nonogram_heldout20 import _box, _perspective, _starts, _wobbly
from nonogram_heldout21 import _desk, _extend, _voids
from PIL import Image, ImageDraw

WHITE = (255, 255, 255)


@dataclass(frozen=True)
class Style22(Style):
    """A HELDOUT22 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``leader_clues``, ``inverted_header``, ``pill_clues``;
    empty keeps the input's frame). ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer22(input_image, layout, truth, self, error, seed)


HELDOUT22 = (
    Style22("d_gayathri_inkwash_bedsheet", "ink_wash", (34, 34, 40), "none", "Gayathri-Bold.otf",
            ("bed_sheet", "jpeg"), clue_scale=(1.0, 1.15), grid="sepia22", light_mark="light_tide",
            outline_mark="outline_triple", cross_mark="heavy_x_scribbled"),
    Style22("d_norasi_leather_laminated", "tooled_leather", (112, 62, 30), "bullseye", "Norasi-Bold.ttf",
            ("laminated_glare",), clue_scale=(1.0, 1.12), grid="navy22", light_mark="light_disc",
            outline_mark="outline_notched", cross_mark="heavy_x_embossed"),
    Style22("d_garuda_galvanised_pencilguides", "galvanised", (86, 92, 102), "underline", "Garuda-Bold.ttf",
            ("pencil_guides", "jpeg"), clue_scale=(0.95, 1.08), grid="slate22", light_mark="light_checker",
            outline_mark="outline_marching", cross_mark="heavy_x_serif"),
    Style22("d_gemunu_scorched_datestamp", "scorched", (118, 62, 26), "double_x", "GemunuLibre-SemiBold.otf",
            ("date_stamp",), clue_scale=(1.0, 1.12), grid="sepia22", light_mark="light_waves",
            outline_mark="outline_scalloped", cross_mark="heavy_x_inline"),
    Style22("d_jessen_keycap_cuttingmat", "keycap", (46, 50, 60), "chevron", "Jessen-Mittel14.otf",
            ("cutting_mat", "jpeg"), clue_scale=(1.05, 1.15), grid="navy22", light_mark="light_disc",
            outline_mark="outline_triple", cross_mark="heavy_x_embossed"),
    Style22("d_dyuthi_truchet_email", "truchet", (26, 54, 118), "circled_minus", "Dyuthi-Regular.ttf",
            ("email_preview",), clue_scale=(1.0, 1.12), grid="slate22", light_mark="light_tide",
            outline_mark="outline_notched", cross_mark="heavy_x_scribbled"),
    Style22("d_keraleeyam_leopard_printheader", "leopard", (168, 102, 34), "triangle_dot", "Keraleeyam-Regular.ttf",
            ("print_header", "jpeg"), clue_scale=(1.0, 1.12), grid="sepia22",
            light_mark="light_checker", outline_mark="outline_scalloped", cross_mark="heavy_x_serif"),
    Style22("d_inputclues_pointillism_matte", "pointillism", (34, 40, 96), "sparkle", None, ("matte_filter", "jpeg"),
            clue_scale=(1.0, 1.12), grid="kept", light_mark="light_waves", outline_mark="outline_marching",
            cross_mark="heavy_x_inline"),
    Style22("d_solothurn_rattan_gumpad", "rattan", (178, 136, 78), "none", "Solothurn-Bold.otf",
            ("gum_pad", "jpeg"), clue_scale=(1.0, 1.12), grid="navy22", light_mark="light_tide",
            outline_mark="outline_triple", cross_mark="heavy_x_scribbled"),
    Style22("d_sawarabi_coffeebeans_redrawleader", "coffee_beans", (92, 54, 28), "bullseye",
            "sawarabi-mincho-medium.ttf", ("gingham", "jpeg"), clue_scale=(1.0, 1.1), light_mark="light_disc",
            outline_mark="outline_notched", cross_mark="heavy_x_embossed", redraw="leader_clues"),
    Style22("d_olga_paletteknife_redrawheader", "palette_knife", (128, 28, 40), "underline", "GFSOlga.otf",
            ("coins_margin",), clue_colour=(246, 246, 240), clue_scale=(1.05, 1.15), light_mark="light_checker",
            outline_mark="outline_scalloped", cross_mark="heavy_x_serif", redraw="inverted_header"),
    Style22("d_karumbi_frosted_redrawpill", "frosted_glass", (30, 74, 92), "none", "Karumbi-Regular.ttf",
            ("clothes_pegs", "jpeg"), clue_colour=(24, 30, 44), clue_scale=(1.85, 2.0), light_mark="light_waves",
            outline_mark="outline_marching", cross_mark="heavy_x_inline", redraw="pill_clues"),
)

CHANGE_FONT = "Norasi.ttf"  # a changed clue on a page that keeps the input's clues: all clues redrawn


# ------------------------------------------------------------------------------------------ fills


def _noise0(g: np.random.Generator, h: int, w: int, sigma: float) -> np.ndarray:
    """Blurred noise with zero mean and unit spread over the patch (a wide blur over a small cell would otherwise
    be one large offset)."""
    n = _blurred_noise(g, h, w, sigma)
    n = n - n.mean()
    return n / (n.std() + 1e-6)


def _relief(height: np.ndarray, s: float, blur: float | None = None) -> np.ndarray:
    """Shading (about -1..1) of a height map (0..1) lit from the upper left."""
    hm = cv2.GaussianBlur(height.astype(np.float32), (0, 0), blur if blur is not None else max(0.6, s / 40))
    gy, gx = np.gradient(hm)
    return np.clip((gx + gy) * s * 0.35, -1, 1)


def _ellipse_pts(cx: float, cy: float, rx: float, ry: float, ang: float, n: int = 18) -> list[tuple[float, float]]:
    ca, sa = math.cos(ang), math.sin(ang)
    return [(cx + rx * math.cos(t) * ca - ry * math.sin(t) * sa, cy + rx * math.cos(t) * sa + ry * math.sin(t) * ca)
            for t in np.linspace(0, 2 * math.pi, n, endpoint=False)]


def _rounded_mask(w: int, h: int, radius: float) -> np.ndarray:
    im, d = _layer(w, h)
    d.rounded_rectangle([0, 0, w - 1, h - 1], radius=max(1, round(radius)), fill=255)
    return _m(im)


def _tex22(kind: str, w: int, h: int, colour, g: np.random.Generator, rng: random.Random
           ) -> tuple[np.ndarray, np.ndarray | None]:
    """A filled cell's picture (h, w, 3 float) in ``kind`` and its coverage (None: the whole box)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    alpha = None
    edge = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy])
    if kind == "ink_wash":  # sumi ink brushed on: uneven density, pooled darker at the rim, the paper's fibres
        dens = 0.86 + 0.06 * _noise0(g, h, w, s / 5)
        dens += 0.16 * np.exp(-edge / max(1.0, s * 0.07))
        fib = cv2.GaussianBlur(g.standard_normal((h, w)).astype(np.float32), (0, 0), sigmaX=s / 5, sigmaY=0.5)
        dens += 0.04 * fib / (fib.std() + 1e-6) + 0.03 * g.standard_normal((h, w)).astype(np.float32)
        dens = np.clip(dens, 0.72, 1.0)
        tex = 255 - (255 - col) * dens[..., None]
        alpha = np.clip(edge / max(1.0, s * 0.05) + 0.6 * _blurred_noise(g, h, w, 1.2) + 0.35, 0, 1)
    elif kind == "tooled_leather":  # tooled leather: a grooved border and a raised lozenge, fine grain, lit
        grain = _blurred_noise(g, h, w, 0.8)
        groove = np.exp(-((edge - s * 0.16) / max(0.8, s * 0.035)) ** 2)
        u, v = np.abs(xx - w / 2) / (w * 0.2), np.abs(yy - h / 2) / (h * 0.2)
        lozenge = np.clip((1 - (u + v)) * 3, 0, 1) * 0.5
        height = 1 - 0.8 * groove + 0.5 * lozenge
        sh = _relief(height, s)
        tex = col * (1 + 0.25 * sh + 0.07 * grain)[..., None]
        tex *= (1 - 0.25 * groove)[..., None]
        tex *= (0.95 + 0.08 * (1 - np.hypot(xx / w - 0.5, yy / h - 0.5)))[..., None]
    elif kind == "galvanised":  # galvanised steel: zinc spangles, facets of several greys with feathered streaks
        n = rng.randint(5, 9)
        pts = [(rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h) for _ in range(n)]
        dist = np.stack([np.hypot(xx - px, yy - py) for px, py in pts])
        idx = np.argmin(dist, axis=0)
        tones = np.array([rng.uniform(0.78, 1.3) for _ in range(n)], np.float32)
        angs = np.array([rng.uniform(0, math.pi) for _ in range(n)], np.float32)
        a_ = angs[idx]
        streak = np.sin((xx * np.cos(a_) + yy * np.sin(a_)) * (2 * math.pi / max(2.5, s / 9)))
        tex = col * (tones[idx] + 0.05 * streak)[..., None]
        tex += g.normal(0, 2.5, (h, w, 1))
    elif kind == "scorched":  # a scorch mark: charred near-black in the middle, browned toward a ragged rim
        r = np.hypot((xx - w / 2) / (w / 2), (yy - h / 2) / (h / 2))
        t = np.clip(r + 0.14 * _noise0(g, h, w, s / 6), 0, 1.4)
        char = np.array((22, 16, 12), np.float32)
        mix = np.clip((t - 0.45) / 0.6, 0, 1) ** 1.4
        tex = char * (1 - mix[..., None]) + col * mix[..., None]
        ash = g.random((h, w)) < 0.02
        tex[ash] = (120, 112, 104)
        alpha = np.clip(edge / max(1.0, s * 0.06) + 0.7 * _blurred_noise(g, h, w, 1.0) + 0.2, 0, 1)
    elif kind == "keycap":  # a keyboard keycap: a dark skirt round a slightly lighter dished top, a lit top edge
        rad = s * 0.16
        alpha = _rounded_mask(w, h, rad)
        m = s * 0.13
        top = np.zeros((h, w), np.float32)
        top[round(m * 0.6):h - round(m * 1.3), round(m):w - round(m)] = 1
        top = cv2.GaussianBlur(top, (0, 0), max(0.6, s / 40))
        dish = np.hypot(xx / w - 0.5, yy / h - 0.45)
        tex = col * (0.8 + 0.0 * dish)[..., None]
        face = _lift(col, 0.12) * (1.05 - 0.25 * dish)[..., None]
        tex = tex * (1 - top[..., None]) + face * top[..., None]
        tex[(yy < m * 0.6 + 1.5) & (yy > m * 0.6 - 0.5) & (xx > m) & (xx < w - m)] = _lift(col, 0.3)
    elif kind == "truchet":  # Truchet tiles: quarter-circle arcs in a paler tone over the dark ground
        n = rng.choice((2, 3))
        tw, th = w / n, h / n
        tex[:] = col * 0.9
        im = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(im)
        arc = tuple(int(v) for v in _lift(col, 0.38))
        lw = max(2, round(min(tw, th) * 0.2))
        for i in range(n):
            for j in range(n):
                x0, y0 = i * tw, j * th
                if rng.random() < 0.5:
                    corners = (((x0, y0), 0, 90), ((x0 + tw, y0 + th), 180, 270))
                else:
                    corners = (((x0 + tw, y0), 90, 180), ((x0, y0 + th), 270, 360))
                for (cx, cy), a0, a1 in corners:
                    r = min(tw, th) / 2
                    d.arc([cx - r, cy - r, cx + r, cy + r], a0, a1, fill=arc, width=lw)
        tex = np.asarray(im, np.float32)
    elif kind == "leopard":  # leopard rosettes: broken dark rings round a deeper centre on an amber ground
        tex *= (0.97 + 0.05 * _noise0(g, h, w, s / 5))[..., None]
        im = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(im)
        dark = (44, 28, 16)
        step = s / 2.4
        y = -step * 0.3
        row = 0
        while y < h + step * 0.5:
            x = -step * 0.3 + (row % 2) * step * 0.5
            while x < w + step * 0.5:
                cx, cy = x + rng.uniform(-0.15, 0.15) * step, y + rng.uniform(-0.15, 0.15) * step
                R = step * rng.uniform(0.3, 0.38)
                d.ellipse([cx - R * 0.7, cy - R * 0.6, cx + R * 0.7, cy + R * 0.6],
                          fill=tuple(int(v * 0.72) for v in col))
                k = rng.randint(3, 5)
                a0 = rng.uniform(0, 2 * math.pi)
                for q in range(k):
                    a = a0 + 2 * math.pi * q / k
                    bx, by = cx + R * math.cos(a), cy + R * 0.85 * math.sin(a)
                    d.polygon(_ellipse_pts(bx, by, R * 0.42, R * 0.2, a + math.pi / 2, 10), fill=dark)
                x += step
            y += step * 0.86
            row += 1
        tex = np.asarray(im, np.float32)
    elif kind == "pointillism":  # pointillist dabs: dense small dots of four dark hues, the paper barely between
        tex[:] = (238, 236, 230)
        im = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(im)
        hues = [col, col * np.array([1.9, 0.9, 1.05]), col * np.array([0.8, 1.9, 0.6]), np.array((24, 22, 30))]
        r = max(1.3, s / 15)
        for _ in range(int(w * h / (r * r) * 1.6)):
            x, y = rng.uniform(-r, w + r), rng.uniform(-r, h + r)
            c_ = rng.choice(hues) * rng.uniform(0.85, 1.1)
            rr = r * rng.uniform(0.8, 1.2)
            d.ellipse([x - rr, y - rr, x + rr, y + rr], fill=tuple(int(min(255, v)) for v in c_))
        tex = np.asarray(im, np.float32)
    elif kind == "rattan":  # cane webbing: strands across, down and both diagonals, dark cushion through the holes
        tex[:] = (40, 30, 22)
        p = max(7.0, s / 2.6)
        ox, oy = rng.uniform(0, p), rng.uniform(0, p)
        X, Y = xx - ox, yy - oy
        on = np.zeros((h, w), np.float32)
        shade = np.ones((h, w), np.float32)
        for dist, wid in ((((Y % p) / p - 0.5) * p, 0.2 * p), ((((X % p) / p) - 0.5) * p, 0.2 * p),
                          (((((X - Y) / math.sqrt(2)) % (p / math.sqrt(2))) / (p / math.sqrt(2)) - 0.5)
                           * p / math.sqrt(2), 0.11 * p),
                          (((((X + Y) / math.sqrt(2)) % (p / math.sqrt(2))) / (p / math.sqrt(2)) - 0.5)
                           * p / math.sqrt(2), 0.11 * p)):
            m = np.abs(dist) < wid / 2
            on = np.maximum(on, m)
            shade = np.where(m, 0.82 + 0.3 * np.cos(dist / (wid / 2) * math.pi / 2), shade)
        cane = col * shade[..., None]
        tex = np.where(on[..., None] > 0, cane, tex)
        tex += g.normal(0, 3, (h, w, 1))
    elif kind == "coffee_beans":  # roasted coffee beans packed close: glossy ovals with a curved crease each
        tex[:] = (38, 24, 16)
        im = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(im)
        L = s / 3.1
        y = -L * 0.2
        while y < h + L * 0.4:
            x = rng.uniform(-L * 0.5, 0)
            while x < w + L * 0.4:
                ang = rng.uniform(0, math.pi)
                tone = col * rng.uniform(0.85, 1.2)
                d.polygon(_ellipse_pts(x, y, L * 0.55, L * 0.38, ang), fill=tuple(int(min(255, v)) for v in tone))
                hl = _ellipse_pts(x - L * 0.12, y - L * 0.12, L * 0.22, L * 0.1, ang, 10)
                d.polygon(hl, fill=tuple(int(min(255, v)) for v in tone * 1.35))
                ca, sa = math.cos(ang), math.sin(ang)
                pts = [(x + t * L * 0.45 * ca - math.sin(t * 2.6) * L * 0.07 * sa,
                        y + t * L * 0.45 * sa + math.sin(t * 2.6) * L * 0.07 * ca) for t in np.linspace(-1, 1, 7)]
                d.line(pts, fill=(30, 18, 10), width=max(1, round(L / 9)))
                x += L * 1.05
            y += L * 0.8
        tex = np.asarray(im, np.float32)
    elif kind == "palette_knife":  # paint laid on with a palette knife: flat slabs of tone, a pale ridge on each
        tex[:] = col * 0.9
        im = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(im)
        for _ in range(rng.randint(4, 6)):
            ang = rng.uniform(-0.5, 0.5) + rng.choice((0.0, math.pi / 2))
            cx, cy = rng.uniform(0, w), rng.uniform(0, h)
            ln, wd = s * rng.uniform(0.6, 0.9), s * rng.uniform(0.25, 0.4)
            ca, sa = math.cos(ang), math.sin(ang)
            pts = [(cx + dx * ca - dy * sa, cy + dx * sa + dy * ca) for dx, dy in
                   ((-ln / 2, -wd / 2), (ln / 2, -wd / 2 + wd * 0.15), (ln / 2, wd / 2), (-ln / 2, wd / 2 - wd * 0.1))]
            tone = col * rng.uniform(0.82, 1.18)
            d.polygon(pts, fill=tuple(int(min(255, v)) for v in tone))
            d.line([pts[3], pts[2]], fill=tuple(int(v) for v in _lift(tone, 0.35)), width=max(1, round(s / 22)))
        tex = np.asarray(im, np.float32)
        st = cv2.GaussianBlur(g.standard_normal((h, w)).astype(np.float32), (0, 0), sigmaX=s / 4, sigmaY=0.6)
        tex *= (1 + 0.05 * st / (st.std() + 1e-6))[..., None]
    elif kind == "frosted_glass":  # a frosted glass tile: fine frost, a soft sheen across, lit and shaded rims
        tex *= (1 + 0.07 * g.standard_normal((h, w)).astype(np.float32))[..., None]
        sheen = np.exp(-(((xx - yy) / s - 0.25) / 0.18) ** 2)
        tex = tex + (255 - tex) * (0.14 * sheen)[..., None]
        rim = max(1.0, s / 14)
        tex[(yy < rim) | (xx < rim)] = _lift(col, 0.35)
        tex[(yy > h - 1 - rim) | (xx > w - 1 - rim)] = col * 0.6
        alpha = _rounded_mask(w, h, s * 0.1)
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255), None if alpha is None else np.clip(alpha, 0, 1).astype(np.float32)


def _mark_colour(style: Style22) -> np.ndarray:
    """The ink of the planted marks: the fill's colour, darkened when it is a light one (a tan cane, an amber hide)
    so that a pale cell, a frame or an X in it stands out as plainly as the fills do."""
    col = np.asarray(style.fill_colour, np.float32)
    lum = float(col @ np.array([0.299, 0.587, 0.114], np.float32))
    return col * (90 / lum) if lum > 90 else col


def _draw_fill22(img: Image.Image, box, style: Style22, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.08)
    w, h = bx - ax, by - ay
    tex, alpha = _tex22(style.fill, w, h, style.fill_colour, g, rng)
    if light:
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        tex = np.empty((h, w, 3), np.float32)
        tex[:] = _mark_colour(style)
        s = min(w, h)
        if light == "light_tide":  # a pale wash that dried with a darker tide line at its ragged rim
            r = np.hypot((xx - w / 2) / (w * 0.42), (yy - h / 2) / (h * 0.42)) + 0.07 * _noise0(g, h, w, s / 6)
            alpha = np.where(r < 1, 0.3, 0.03) + 0.32 * np.exp(-((r - 1) / 0.07) ** 2)
        elif light == "light_disc":  # a pale round disc in the middle of the cell
            r = np.hypot(xx - w / 2 + 0.5, yy - h / 2 + 0.5) / s
            alpha = np.where(r < 0.38, 0.52, 0.05)
        elif light == "light_checker":  # a pale fine checker
            p = max(3.0, s / 4.5)
            alpha = np.where(((np.floor(xx / p) + np.floor(yy / p)) % 2) == 0, 0.58, 0.14)
        elif light == "light_waves":  # pale wavy lines across
            p = max(4.0, s / 3.6)
            v = yy + 0.12 * s * np.sin(2 * math.pi * xx / max(6.0, s / 1.8))
            alpha = np.where(((v % p) / p) < 0.5, 0.56, 0.1)
        else:
            raise ValueError(light)
        alpha = cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.7)
    _paste(img, tex, ax, ay, alpha)


def _draw_outline22(img: Image.Image, box, style: Style22, rng: random.Random) -> None:
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
    if kind == "outline_triple":  # three ruled frames close together, the outer one heaviest
        lw = max(1.0, f / 5)
        m = ((edge < lw * 1.6) | (np.abs(edge - f * 0.55) < lw / 2 + 0.3) | (np.abs(edge - f) < lw / 2 + 0.3))
        m = m.astype(np.float32)
    elif kind == "outline_notched":  # a heavy frame with a small round bite out of each corner, like a ticket's
        r = f * 0.75
        notch = np.zeros((h, w), bool)
        for cx, cy in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            notch |= np.hypot(xx - cx, yy - cy) < r
        m = ((edge < f * 1.1) & ~notch).astype(np.float32)
    elif kind == "outline_marching":  # a heavy dashed frame in two tones, like marching ants
        t = np.where(yy <= np.minimum(xx, w - 1 - xx), xx,
                     np.where(xx >= w - 1 - np.minimum(yy, h - 1 - yy), w + yy,
                              np.where(yy >= h - 1 - np.minimum(xx, w - 1 - xx), 2 * w + h - xx, 2 * (w + h) - yy)))
        p = max(4.0, s / 3.2)
        dark = ((t % p) / p) < 0.55
        band = (edge < f).astype(np.float32)
        tex[~dark] = _lift(col, 0.5)
        m = band
    elif kind == "outline_scalloped":  # a heavy frame whose inner edge is scalloped, the bumps toward the middle
        n = max(3, round(s / (f * 1.6)))
        bx = f * (0.5 + 0.55 * np.sqrt(np.abs(np.sin(math.pi * n * xx / w))))  # top and bottom sides
        by = f * (0.5 + 0.55 * np.sqrt(np.abs(np.sin(math.pi * n * yy / h))))  # left and right sides
        m = ((xx < by) | (w - 1 - xx < by) | (yy < bx) | (h - 1 - yy < bx)).astype(np.float32)
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _draw_cross22(img: Image.Image, box, style: Style22, rng: random.Random) -> None:
    """A planted x_instead cell: a heavy X where a fill belongs."""
    kind = style.cross_mark
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.06)
    w, h = bx - ax, by - ay
    s = min(w, h)
    col = _mark_colour(style)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    a = 0.16 * s
    arms = (((a, a), (w - a, h - a)), ((w - a, a), (a, h - a)))
    im, d = _layer(w, h)
    if kind == "heavy_x_serif":  # a typeset slab-serif X: heavy strokes, a flat serif across each end
        wid = max(3, round(s / 5.2))
        for p, q in arms:
            d.line([p, q], fill=255, width=wid)
        sl, st = s * 0.17, max(2, round(s / 11))
        for x, y in (arms[0][0], arms[1][0]):
            d.rectangle([x - sl, y - st / 2 - wid * 0.3, x + sl, y + st / 2 - wid * 0.3], fill=255)
        for x, y in (arms[0][1], arms[1][1]):
            d.rectangle([x - sl, y - st / 2 + wid * 0.3, x + sl, y + st / 2 + wid * 0.3], fill=255)
        m = _m(im)
    elif kind == "heavy_x_scribbled":  # each stroke gone over four times, back and forth, a little apart
        lw = max(2, round(s / 11))
        for (px, py), (qx, qy) in arms:
            ln = math.hypot(qx - px, qy - py)
            nx, ny = -(qy - py) / ln, (qx - px) / ln
            pts = []
            for k in range(5):
                o = (k / 4 - 0.5) * s * 0.16 + rng.uniform(-0.02, 0.02) * s
                end = ((qx, qy) if k % 2 == 0 else (px, py))
                pts.append((end[0] + nx * o + rng.uniform(-1, 1), end[1] + ny * o + rng.uniform(-1, 1)))
            d.line([(px, py)] + pts, fill=255, width=lw, joint="curve")
        m = _m(im)
    elif kind == "heavy_x_inline":  # a heavy X with a thin white line down the middle of each stroke
        for p, q in arms:
            d.line([p, q], fill=255, width=max(4, round(s / 3.8)))
        _paste_rgba(img, tex, _m(im), ax, ay)
        im, d = _layer(w, h)
        for p, q in arms:
            d.line([p, q], fill=255, width=max(1, round(s / 20)))
        _paste_rgba(img, np.full_like(tex, 250.0), _m(im) * 0.95, ax, ay)
        return
    elif kind == "heavy_x_embossed":  # an X pressed up out of the page: lit upper-left edges, shaded lower-right
        for p, q in arms:
            d.line([p, q], fill=255, width=max(4, round(s / 4.2)))
        m = _m(im)
        sh = _relief(m, s, max(0.8, s / 22))
        tex = tex * (1 + 0.7 * sh)[..., None]
        tex += g.normal(0, 2, (h, w, 1))
    else:
        raise ValueError(kind)
    _paste_rgba(img, np.clip(tex, 0, 255), m, ax, ay)


def _draw_empty22(d: ImageDraw.ImageDraw, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    lw = max(1, round(s / 24))
    if kind == "none":
        return
    if kind == "bullseye":  # a small ring with a dot in it
        r, r2 = 0.11 * s, max(1.2, 0.035 * s)
        d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=(112, 122, 142), width=lw)
        d.ellipse([cx - r2, cy - r2, cx + r2, cy + r2], fill=(112, 122, 142))
    elif kind == "underline":  # a short line low in the cell
        k = 0.14 * s
        y = cy + 0.2 * s
        d.line([(cx - k, y), (cx + k, y)], fill=(120, 120, 128), width=max(1, round(s / 18)))
    elif kind == "double_x":  # a small brown x, gone over twice a pixel or two apart
        k = 0.1 * s
        for o in (0, max(1.0, s / 30)):
            for sx in (-1, 1):
                d.line([(cx - k + o, cy - sx * k), (cx + k + o, cy + sx * k + o * 0.5)], fill=(138, 88, 56), width=lw)
    elif kind == "chevron":  # a small grey v
        k = 0.11 * s
        d.line([(cx - k, cy - k * 0.6), (cx, cy + k * 0.6), (cx + k, cy - k * 0.6)], fill=(128, 128, 140), width=lw,
               joint="curve")
    elif kind == "circled_minus":  # a small circle with a minus in it
        r = 0.12 * s
        d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=(178, 74, 62), width=lw)
        d.line([(cx - r * 0.55, cy), (cx + r * 0.55, cy)], fill=(178, 74, 62), width=lw)
    elif kind == "triangle_dot":  # a tiny filled grey-green triangle
        k = 0.08 * s
        d.polygon([(cx, cy - k), (cx + k * 1.1, cy + k * 0.75), (cx - k * 1.1, cy + k * 0.75)], fill=(126, 150, 134))
    elif kind == "sparkle":  # a small four-point sparkle in pale gold
        R, r = 0.12 * s, 0.03 * s
        pts = [(cx + (R if k % 2 == 0 else r) * math.cos(math.pi * k / 4 - math.pi / 2),
                cy + (R if k % 2 == 0 else r) * math.sin(math.pi * k / 4 - math.pi / 2)) for k in range(8)]
        d.polygon(pts, fill=(214, 176, 72))
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ clues, grids and redraws


def _redraw_clues22(img: Image.Image, layout: dict[str, Any], row_clues, col_clues, font_file: str,
                    rng: random.Random, change, style: Style22) -> None:
    """The clue strips erased and written again in ``font_file`` (``change`` replaces one line's last number), as
    ``nonogram_heldout15._redraw_clues15`` does, but the spacing (then the size) shrunk where a wide or tall font
    would run off the page: every clue stays whole inside the picture."""
    d = ImageDraw.Draw(img)
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    rb, cb = layout["row_clue_bbox"], layout["col_clue_bbox"]
    d.rectangle([0, rb[1] + 3, rb[2] - 2, rb[3] - 3], fill=WHITE)
    d.rectangle([cb[0] + 3, 0, cb[2] - 3, cb[3] - 2], fill=WHITE)
    rows, cols = layout["rows"], layout["cols"]
    ch, cw = (gy1 - gy0) / rows, (gx1 - gx0) / cols
    row_vals = [_clue_values("row", r, c, change) for r, c in enumerate(row_clues)]
    col_vals = [_clue_values("col", c, v, change) for c, v in enumerate(col_clues)]
    px = round(layout["clue_font_px"] * rng.uniform(*style.clue_scale))
    gapf, slotf = rng.uniform(*style.clue_gap), rng.uniform(1.15, 1.3)
    off = layout["cell_px"] * 0.32
    room_w, room_h = gx0 - off - 5, gy0 - off - 5
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
            break
        px -= 1
    pen = {"fill": style.clue_colour, "stroke_width": style.clue_stroke, "stroke_fill": style.clue_colour}
    for r, vals in enumerate(row_vals):
        x = gx0 - off
        cy = gy0 + (r + 0.5) * ch
        for t in reversed(vals):
            wt = d.textlength(t, font=font)
            d.text((x - wt / 2, cy), t, font=font, anchor="mm", **pen)
            x -= wt + gap
    for c, vals in enumerate(col_vals):
        cx = gx0 + (c + 0.5) * cw
        for k, t in enumerate(vals):
            d.text((cx, gy0 - off - (len(vals) - k - 0.5) * slot), t, font=font, anchor="mm", **pen)


GRID_INK = {  # minor colour, major colour, minor width and major width as fractions of the cell
    "navy22": ((172, 182, 206), (22, 32, 86), 1 / 30, 1 / 10),
    "sepia22": ((206, 186, 158), (96, 62, 30), 1 / 28, 1 / 10),
    "slate22": ((160, 166, 172), (44, 50, 58), 1 / 26, 1 / 11),
    "leader_clues": ((150, 150, 156), (30, 30, 34), 1 / 32, 1 / 12),
    "inverted_header": ((150, 156, 172), (30, 38, 62), 1 / 30, 1 / 11),
}


def _draw_grid22(img: Image.Image, L: dict[str, Any], rng: random.Random, kind: str, inp: np.ndarray | None) -> None:
    if kind == "kept":
        _draw_grid18(img, L, rng, "kept", inp)
        return
    rows, cols, cw, ch = L["rows"], L["cols"], L["cw"], L["ch"]
    s = min(cw, ch)
    gx0, gy0, gx1, gy1 = L["grid_bbox"]
    xs = [gx0 + i * cw for i in range(cols + 1)]
    ys = [gy0 + j * ch for j in range(rows + 1)]
    d = ImageDraw.Draw(img)
    if kind == "pill_clues":  # thin grey lines, mid-grey fifths, a heavy round-cornered board round them
        for i, x in enumerate(xs[1:-1], 1):
            d.line([(x, gy0), (x, gy1)], fill=(80, 88, 104) if i % 5 == 0 else (176, 182, 194),
                   width=max(2, round(s / 16)) if i % 5 == 0 else 1)
        for j, y in enumerate(ys[1:-1], 1):
            d.line([(gx0, y), (gx1, y)], fill=(80, 88, 104) if j % 5 == 0 else (176, 182, 194),
                   width=max(2, round(s / 16)) if j % 5 == 0 else 1)
        o = max(2, round(s * 0.06))
        d.rounded_rectangle([gx0 - o, gy0 - o, gx1 + o, gy1 + o], radius=round(0.3 * s), outline=(30, 36, 50),
                            width=max(3, round(s / 10)))
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


def _redraw_whole22(layout: dict[str, Any], truth: dict[str, Any], style: Style22, change, rng: random.Random
                    ) -> tuple[Image.Image, dict[str, Any]]:
    """The whole puzzle drawn anew as a model lays it out (``style.redraw``): its own canvas, cell proportions, clue
    layout and margins. Returns the page (no marks, no grid yet) and its geometry."""
    kind = style.redraw
    rows, cols = layout["rows"], layout["cols"]
    base = layout["cell_px"] * rng.uniform(0.94, 1.04)
    row_vals = [_clue_values("row", r, c, change) for r, c in enumerate(truth["row_clues"])]
    col_vals = [_clue_values("col", c, v, change) for c, v in enumerate(truth["col_clues"])]
    if kind == "leader_clues":
        cw = ch = base
    elif kind == "inverted_header":
        cw, ch = base * rng.uniform(1.04, 1.1), base
    else:  # pill_clues
        cw, ch = base, base * rng.uniform(1.05, 1.1)
    px = round(layout["clue_font_px"] * rng.uniform(*style.clue_scale))
    font = _font(style.clue_font, px)
    probe = ImageDraw.Draw(Image.new("L", (4, 4)))
    _, y0_, _, y1_ = font.getbbox("0123456789", anchor="ls")
    dh = max(1, y1_ - y0_)  # the digits' height: spacing from it, so a font with small figures is not spread out
    if kind == "leader_clues":  # the numbers spaced wide, dot leaders running in from the margins
        gapn, slot = dh * rng.uniform(1.2, 1.45), dh * rng.uniform(2.05, 2.25)
    else:
        gapn, slot = dh * rng.uniform(0.65, 0.95), dh * rng.uniform(1.65, 1.85)
    row_w = max(sum(probe.textlength(t, font=font) for t in v) + gapn * (len(v) - 1) for v in row_vals)
    col_h = max(len(v) for v in col_vals) * slot
    pad = 0.5 * min(cw, ch)
    lead = dh * 2.2 if kind == "leader_clues" else dh * 0.7 if kind == "pill_clues" else 0
    m = round(base * rng.uniform(0.6, 0.8))
    gx0, gy0 = m + lead + row_w + pad, m + lead + col_h + pad
    x0s, y0s = _starts(gx0, cols, cw, 0), _starts(gy0, rows, ch, 0)
    gx1, gy1 = gx0 + cols * cw, gy0 + rows * ch
    W, H = round(gx1 + m), round(gy1 + m)
    paper = {"leader_clues": (252, 252, 249), "inverted_header": WHITE, "pill_clues": (250, 251, 253)}[kind]
    img = Image.new("RGB", (W, H), paper)
    d = ImageDraw.Draw(img)
    L = {"grid_bbox": [gx0, gy0, gx1, gy1], "rows": rows, "cols": cols, "cw": cw, "ch": ch, "cell_px": min(cw, ch),
         "x0s": x0s, "y0s": y0s}
    if kind == "inverted_header":  # dark bands behind the column clues and the row clues
        band = (30, 38, 62)
        r_ = round(0.3 * min(cw, ch))
        d.rounded_rectangle([m * 0.5, gy0, gx0 - pad * 0.25, gy1], radius=r_, fill=band)
        d.rounded_rectangle([gx0, m * 0.5, gx1, gy0 - pad * 0.25], radius=r_, fill=band)
    pen = {"fill": style.clue_colour, "stroke_width": style.clue_stroke, "stroke_fill": style.clue_colour}
    dot = max(1.0, dh / 11)
    pill = dh * 0.6  # a pill's margin round its numbers
    for r, vals in enumerate(row_vals):
        cy = y0s[r] + ch / 2
        x = gx0 - pad
        if kind == "pill_clues":
            tw = sum(probe.textlength(t, font=font) for t in vals) + gapn * (len(vals) - 1)
            pw = max(tw + 2 * pill, ch * 0.7)
            d.rounded_rectangle([x + pill - pw, cy - ch * 0.34, x + pill, cy + ch * 0.34],
                                radius=math.floor(ch * 0.34), fill=(234, 238, 245), outline=(178, 186, 202), width=1)
        for t in reversed(vals):
            wt = d.textlength(t, font=font)
            d.text((x - wt / 2, cy), t, font=font, anchor="mm", **pen)
            x -= wt + gapn
        if kind == "leader_clues":
            xd = x + gapn - dh * 0.8
            while xd > m * 0.6:
                d.ellipse([xd - dot, cy - dot, xd + dot, cy + dot], fill=(172, 172, 178))
                xd -= dh * 0.7
    for c, vals in enumerate(col_vals):
        cx = x0s[c] + cw / 2
        top = gy0 - pad - len(vals) * slot
        if kind == "pill_clues":
            ph = max(gy0 - pad - top + pill, cw * 0.74)
            d.rounded_rectangle([cx - cw * 0.36, gy0 - pad + pill * 0.5 - ph, cx + cw * 0.36, gy0 - pad + pill * 0.5],
                                radius=math.floor(cw * 0.36), fill=(234, 238, 245), outline=(178, 186, 202), width=1)
        for k, t in enumerate(vals):
            cy = gy0 - pad - (len(vals) - k - 0.5) * slot
            d.text((cx, cy), t, font=font, anchor="mm", **pen)
        if kind == "leader_clues":
            yd = top - dh * 0.5
            while yd > m * 0.6:
                d.ellipse([cx - dot, yd - dot, cx + dot, yd + dot], fill=(172, 172, 178))
                yd -= dh * 0.7
    return img, L


# ------------------------------------------------------------------------------------------ pages


def _folds(g: np.random.Generator, rng: random.Random, h: int, w: int, n: int, amp: float) -> np.ndarray:
    """Soft cloth folds: shading (about -amp..amp) of a few long ridges, each lit on one flank."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    out = np.zeros((h, w), np.float32)
    for _ in range(n):
        th = rng.uniform(0, math.pi)
        c = rng.uniform(0.1, 0.9) * (abs(math.cos(th)) * w + abs(math.sin(th)) * h)
        sig = rng.uniform(0.03, 0.08) * max(h, w)
        t = (xx * math.cos(th) + yy * math.sin(th) - c) / sig
        out += rng.uniform(0.6, 1.0) * amp * 2.3 * t * np.exp(-t * t)
    return out + 0.01 * _blurred_noise(g, h, w, 20)


def _printed_text(d: ImageDraw.ImageDraw, xy, text: str, px: int, fill, anchor: str = "la", bold: bool = False):
    d.text(xy, text, font=_font("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf", px), fill=fill, anchor=anchor)


def _page22(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    gx0, gy0, gx1, gy1 = L["grid_bbox"]
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "bed_sheet":  # photographed lying on a rumpled bed sheet: pale cotton with soft folds round the page
        M = round(0.08 * max(h, w))
        H, W = h + 2 * M + 90, w + 2 * M + 90
        bg = np.empty((H, W, 3), np.float32)
        bg[:] = (212, 218, 230)
        bg *= (1 + _folds(g, rng, H, W, rng.randint(4, 6), 0.09))[..., None]
        bg += g.normal(0, 2.5, (H, W, 1))
        out = _on_table(a, bg, rng.uniform(-2.5, 2.5), (M, M), 0.3, g)
        Hc, Wc = out.shape[:2]
        yy, xx = np.mgrid[0:Hc, 0:Wc].astype(np.float32)
        out *= (1.03 - 0.1 * np.hypot(xx / Wc - 0.4, yy / Hc - 0.35))[..., None] * np.array([1.0, 0.99, 0.96])
        out += g.normal(0, 2, out.shape)
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "laminated_glare":  # a laminated page on a desk: a clear plastic border, a diagonal glare strip
        B, M = round(0.035 * max(h, w)), round(0.05 * max(h, w))
        H, W = h + 2 * (B + M), w + 2 * (B + M)
        out = _desk(g, H, W, (112, 106, 98))
        lay, dl = _layer(W, H)
        dl.rounded_rectangle([M, M, W - M - 1, H - M - 1], radius=B, fill=255)
        lam = _m(lay)
        sh = np.roll(cv2.GaussianBlur(lam, (0, 0), 5), (5, 4), axis=(0, 1))
        out *= (1 - 0.35 * sh)[..., None]
        out = out * (1 - lam[..., None]) + (out * 0.78 + 0.22 * 236) * lam[..., None]
        out[M + B:M + B + h, M + B:M + B + w] = a
        lay, dl = _layer(W, H)
        dl.rounded_rectangle([M + 1, M + 1, W - M - 2, H - M - 2], radius=B, outline=255, width=2)
        out += (255 - out) * (0.45 * _m(lay))[..., None]
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        th = rng.uniform(0.5, 1.0)
        t = xx * math.cos(th) + yy * math.sin(th)
        c = rng.uniform(0.3, 0.7) * (W * math.cos(th) + H * math.sin(th))
        wd = rng.uniform(0.04, 0.06) * math.hypot(H, W)
        band = (0.26 * np.exp(-((t - c) / wd) ** 2) + 0.1 * np.exp(-((t - c - wd * 0.9) / (wd * 0.15)) ** 2)) * lam
        out += (255 - out) * band[..., None]
        out += g.normal(0, 1.5, out.shape)
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "pencil_guides":  # the solver's pencil work in the margin: the fifth lines ruled on, a tick per row
        pr, pb = round(0.15 * w), round(0.05 * h)
        page = _extend(a, right=pr, bottom=pb)
        img = Image.fromarray(page)
        d = ImageDraw.Draw(img)
        pencil = (168, 168, 174)
        x_end = w + pr - max(6, pr * 0.08)
        for j in range(0, L["rows"] + 1, 5):
            y = gy0 + j * L["ch"]
            _wobbly(d, (gx1 + 0.35 * L["cw"], y), (x_end, y), pencil, 1, rng)
        xv = w + pr * 0.55
        _wobbly(d, (xv, gy0 - 0.2 * L["ch"]), (xv, gy1 + 0.2 * L["ch"]), pencil, 1, rng)
        k = min(L["ch"], pr) * 0.16
        for r in range(L["rows"]):
            cx, cy = w + pr * 0.3 + rng.uniform(-2, 2), L["y0s"][r] + L["ch"] / 2 + rng.uniform(-1.5, 1.5)
            d.line([(cx - k, cy), (cx - k * 0.3, cy + k * 0.7), (cx + k, cy - k * 0.8)], fill=(140, 140, 148),
                   width=1, joint="curve")
        return np.asarray(img)
    if e == "date_stamp":  # an office rubber stamp below the grid: RECEIVED and a date, patchy violet-red ink
        pb = round(0.2 * h)
        page = _extend(a, bottom=pb)
        H, W = page.shape[:2]
        sw, sh = round(0.4 * w), round(pb * 0.62)
        lay, dl = _layer(sw, sh)
        lw = max(2, round(sh / 22))
        dl.rounded_rectangle([lw, lw, sw - lw - 1, sh - lw - 1], radius=round(sh * 0.12), outline=255, width=lw)
        dl.rounded_rectangle([3 * lw, 3 * lw, sw - 3 * lw - 1, sh - 3 * lw - 1], radius=round(sh * 0.08), outline=255,
                             width=max(1, lw // 2))
        months = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")
        date = "%d %s %d" % (rng.randint(1, 28), rng.choice(months), rng.randint(2023, 2026))
        dl.text((sw / 2, sh * 0.33), "RECEIVED", font=_font("DejaVuSans-Bold.ttf", max(9, round(sh * 0.24))),
                fill=255, anchor="mm")
        dl.text((sw / 2, sh * 0.68), date, font=_font("DejaVuSansMono-Bold.ttf", max(9, round(sh * 0.22))), fill=255,
                anchor="mm")
        lay = lay.rotate(rng.uniform(-5, 5), resample=Image.BICUBIC, expand=True)
        m = _voids(_m(lay), g, 0.18) * 0.88
        mh, mw = m.shape
        x = int(round(min(W - mw - 4, max(4, gx0 + rng.uniform(0.1, 0.5) * (gx1 - gx0 - mw)))))
        y = int(round(h + (pb - mh) / 2))
        y = min(max(h + 2, y), H - mh - 1)
        out = page.astype(np.float32)
        ink = np.array((150, 40, 92), np.float32)
        reg = out[y:y + mh, x:x + mw]
        out[y:y + mh, x:x + mw] = reg * (1 - m[..., None]) + ink * m[..., None]
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "cutting_mat":  # photographed on a green self-healing cutting mat with its ruled grid
        M = round(0.08 * max(h, w))
        H, W = h + 2 * M + 90, w + 2 * M + 90
        bg = np.empty((H, W, 3), np.float32)
        bg[:] = (40, 104, 82)
        bg *= (1 + 0.03 * _blurred_noise(g, H, W, 8))[..., None]
        img = Image.fromarray(np.clip(bg, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        p = round(rng.uniform(0.045, 0.055) * max(h, w))
        ox, oy = rng.randint(0, p), rng.randint(0, p)
        for k in range(-1, W // p + 2):
            x = ox + k * p
            big = k % 5 == 0
            d.line([(x, 0), (x, H)], fill=(186, 214, 196) if big else (104, 152, 130), width=2 if big else 1)
        for k in range(-1, H // p + 2):
            y = oy + k * p
            big = k % 5 == 0
            d.line([(0, y), (W, y)], fill=(186, 214, 196) if big else (104, 152, 130), width=2 if big else 1)
        for _ in range(rng.randint(5, 9)):
            x, y = rng.uniform(0, W), rng.uniform(0, H)
            ang, ln = rng.uniform(0, math.pi), rng.uniform(20, 80)
            d.line([(x, y), (x + ln * math.cos(ang), y + ln * math.sin(ang))], fill=(76, 130, 108), width=1)
        bg = np.asarray(img, np.float32) + g.normal(0, 2, (H, W, 1))
        out = _on_table(a, bg, rng.uniform(-3, 3), (M, M), 0.45, g)
        Hc, Wc = out.shape[:2]
        yy, xx = np.mgrid[0:Hc, 0:Wc].astype(np.float32)
        out *= (1.03 - 0.12 * np.hypot(xx / Wc - 0.5, yy / Hc - 0.5))[..., None]
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "email_preview":  # shown in an e-mail client's reading pane: folders, a header, the picture inline
        fpx = max(12, round(0.026 * max(h, w)))
        side, top, pad = round(0.24 * w), round(fpx * 7.4), round(fpx * 1.4)
        W, H = side + pad + w + pad, top + h + round(fpx * 4.5)
        img = Image.new("RGB", (W, H), WHITE)
        d = ImageDraw.Draw(img)
        d.rectangle([0, 0, side, H], fill=(243, 244, 247))
        d.rectangle([0, 0, W, round(fpx * 2.6)], fill=(226, 232, 242))
        _printed_text(d, (pad * 0.6, fpx * 1.3), "Mail", round(fpx * 1.1), (40, 60, 110), "lm", bold=True)
        for i, name in enumerate(("Inbox", "Starred", "Sent", "Drafts", "Puzzles", "Archive")):
            y = fpx * 4 + i * fpx * 2.1
            if name == "Puzzles":
                d.rounded_rectangle([6, y - fpx * 0.9, side - 6, y + fpx * 0.9], radius=fpx // 2, fill=(214, 226, 246))
            _printed_text(d, (pad * 0.6, y), name, fpx, (50, 54, 62), "lm")
        x0 = side + pad
        _printed_text(d, (x0, fpx * 3.8), "Re: this week's picture puzzle, solved", round(fpx * 1.15), (24, 24, 28),
                      "lm", bold=True)
        r = fpx * 0.95
        d.ellipse([x0, fpx * 5.2, x0 + 2 * r, fpx * 5.2 + 2 * r], fill=(86, 140, 200))
        _printed_text(d, (x0 + r, fpx * 5.2 + r), "P", fpx, WHITE, "mm", bold=True)
        _printed_text(d, (x0 + 2.6 * r, fpx * 5.75), "Puzzle Club <club@example.org>", round(fpx * 0.92),
                      (40, 40, 46), "lm", bold=True)
        _printed_text(d, (x0 + 2.6 * r, fpx * 6.75), "to me", round(fpx * 0.85), (110, 112, 120), "lm")
        _printed_text(d, (W - pad, fpx * 5.75), "Tue, 10:42", round(fpx * 0.85), (110, 112, 120), "rm")
        img.paste(Image.fromarray(a), (x0, top))
        d.rectangle([x0 - 1, top - 1, x0 + w, top + h], outline=(214, 216, 222), width=1)
        _printed_text(d, (x0, top + h + fpx * 1.6), "Here it is - every row checks out.", fpx, (50, 50, 56), "lm")
        d.rounded_rectangle([x0, top + h + fpx * 2.7, x0 + fpx * 9, top + h + fpx * 4.1], radius=fpx // 2,
                            outline=(200, 204, 212), width=1)
        _printed_text(d, (x0 + fpx * 0.6, top + h + fpx * 3.4), "Reply", round(fpx * 0.9), (60, 64, 74), "lm")
        return np.asarray(img)
    if e == "print_header":  # printed from a browser: date and title above, the address and page count below
        pt, pb, side = round(0.075 * h), round(0.075 * h), round(0.05 * w)
        page = _extend(a, left=side, top=pt, right=side, bottom=pb)
        H, W = page.shape[:2]
        img = Image.fromarray(page)
        d = ImageDraw.Draw(img)
        fpx = max(10, round(pt * 0.3))
        grey = (70, 70, 74)
        _printed_text(d, (side * 0.6, pt * 0.45), "%d/%d/%d, %d:%02d" % (rng.randint(1, 12), rng.randint(1, 28),
                      rng.randint(23, 26), rng.randint(1, 12), rng.randint(0, 59)), fpx, grey, "lm")
        _printed_text(d, (W - side * 0.6, pt * 0.45), "Nonogram - solution", fpx, grey, "rm")
        _printed_text(d, (side * 0.6, H - pb * 0.45), "https://puzzles.example.org/nonogram/solution", fpx, grey, "lm")
        _printed_text(d, (W - side * 0.6, H - pb * 0.45), "1/1", fpx, grey, "rm")
        out = np.asarray(img).astype(np.float32) * np.array([1.0, 0.995, 0.985]) + g.normal(0, 1.5, (H, W, 1))
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "matte_filter":  # a phone's matte photo filter: lifted blacks, dulled whites, teal shadows, warm lights
        f = a.astype(np.float32)
        lift = rng.uniform(26, 36)
        out = lift + f * (rng.uniform(0.94, 0.97) - lift / 255)
        lum = out @ np.array([0.299, 0.587, 0.114], np.float32)
        t = (lum / 255)[..., None]
        out += (1 - t) * np.array([-5, 3, 8], np.float32) + t * np.array([6, 2, -6], np.float32)
        out = out * 0.88 + lum[..., None] * 0.12
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "gum_pad":  # the top sheet of a gummed tear-off notepad on a desk: a red gum strip, the stack beneath
        pt = round(0.06 * h)
        page = _extend(a, top=pt).astype(np.float32)
        Hp, Wp = page.shape[:2]
        M = round(0.06 * max(h, w))
        n, step = 6, max(1.5, 0.0025 * max(h, w))
        H, W = Hp + 2 * M + round(n * step * 1.4), Wp + 2 * M + round(n * step)
        out = _desk(g, H, W, (104, 92, 80))
        sh = np.zeros((H, W), np.float32)
        sh[M + 8:M + 8 + Hp + round(n * step * 1.4), M + 6:M + 6 + Wp + round(n * step)] = 1
        out *= (1 - 0.4 * cv2.GaussianBlur(sh, (0, 0), 6))[..., None]
        paper = page[pt + 2, 2]
        for k in range(n, 0, -1):  # the sheets under the top one, each showing a sliver at the right and the bottom
            dx, dy = round(k * step), round(k * step * 1.4)
            out[M + dy:M + dy + Hp, M + dx:M + dx + Wp] = paper * (0.97 - 0.012 * k)
            out[M + dy + Hp - 1, M + dx:M + dx + Wp] = paper * 0.8
            out[M + dy:M + dy + Hp, M + dx + Wp - 1] = paper * 0.8
        out[M:M + Hp, M:M + Wp] = page
        gh = round(pt * 0.5)
        gum = np.array((164, 38, 36), np.float32) * (1.08 - 0.2 * np.linspace(0, 1, gh))[:, None, None]
        out[M - 2:M - 2 + gh, M:M + Wp + round(n * step)] = gum + g.normal(0, 3, (gh, Wp + round(n * step), 1))
        out[M - 2 + gh, M:M + Wp + round(n * step)] *= 0.75
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        out *= (1.03 - 0.1 * np.hypot(xx / W - 0.45, yy / H - 0.4))[..., None]
        return np.clip(out + g.normal(0, 1.5, out.shape), 0, 255).astype(np.uint8)
    if e == "gingham":  # photographed on a red gingham tablecloth
        M = round(0.08 * max(h, w))
        H, W = h + 2 * M + 90, w + 2 * M + 90
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        p = rng.uniform(0.045, 0.06) * max(h, w)
        bx, by = (np.floor(xx / p) % 2) == 0, (np.floor(yy / p) % 2) == 0
        red, white = np.array((192, 42, 50), np.float32), np.array((246, 242, 236), np.float32)
        k = (bx.astype(np.float32) + by.astype(np.float32)) / 2
        bg = white * (1 - k[..., None]) + red * k[..., None]
        bg *= (1 + 0.04 * np.sin((xx + yy) * 1.3) + _folds(g, rng, H, W, rng.randint(2, 4), 0.05))[..., None]
        bg += g.normal(0, 3, (H, W, 1))
        out = _on_table(a, bg, rng.uniform(-2.5, 2.5), (M, M), 0.35, g)
        Hc, Wc = out.shape[:2]
        yy, xx = np.mgrid[0:Hc, 0:Wc].astype(np.float32)
        out *= (1.03 - 0.1 * np.hypot(xx / Wc - 0.5, yy / Hc - 0.45))[..., None] * np.array([1.0, 0.985, 0.95])
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "coins_margin":  # a few coins lying on the right margin, each with its soft shadow
        pr = round(0.22 * w)
        page = _extend(a, right=pr).astype(np.float32)
        H, W = page.shape[:2]
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        n = rng.randint(2, 3)
        r = min(pr * 0.36, 0.08 * max(h, w))
        span = max(1.0, (gy1 - gy0) - 2 * r)
        ys = sorted(gy0 + r + span * (i + rng.uniform(0.2, 0.8)) / n for i in range(n))
        for yc in ys:
            xc = w + pr * 0.5 + rng.uniform(-0.08, 0.08) * pr
            rr = r * rng.uniform(0.85, 1.0)
            dd = np.hypot(xx - xc, yy - yc)
            shadow = cv2.GaussianBlur((np.hypot(xx - xc - rr * 0.12, yy - yc - rr * 0.16) < rr).astype(np.float32),
                                      (0, 0), rr * 0.12)
            page *= (1 - 0.4 * shadow)[..., None]
            metal = np.array(rng.choice(((192, 192, 198), (184, 114, 70), (206, 176, 96))), np.float32)
            light = 1 + 0.22 * ((xc - xx) + (yc - yy)) / (rr * 1.4)
            rim = np.abs(dd - rr * 0.86) < rr * 0.05
            coin = metal * light[..., None]
            coin[rim] *= 0.78
            inner = np.abs(dd - rr * 0.55) < rr * 0.025
            coin[inner] *= 0.88
            mask = np.clip(rr - dd + 0.5, 0, 1)
            page = page * (1 - mask[..., None]) + coin * mask[..., None]
        page += g.normal(0, 1.2, page.shape)
        return np.clip(page, 0, 255).astype(np.uint8)
    if e == "clothes_pegs":  # hung on a string against a plaster wall with two wooden clothes pegs
        pt = round(0.08 * h)
        page = _extend(a, top=pt)
        Hp, Wp = page.shape[:2]
        M = round(0.07 * max(h, w))
        H, W = Hp + 2 * M, Wp + 2 * M
        bg = np.empty((H + 90, W + 90, 3), np.float32)
        bg[:] = (228, 220, 206)
        bg *= (1 + 0.025 * _blurred_noise(g, H + 90, W + 90, 2)
               + 0.02 * _blurred_noise(g, H + 90, W + 90, 30))[..., None]
        out = _on_table(page, bg, 0.0, (M, M), 0.35, g)
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        ys = M + pt * 0.3
        sag = pt * 0.25
        pts = [(x, ys + sag * (1 - ((x - W / 2) / (W / 2)) ** 2)) for x in np.linspace(0, W + 90, 30)]
        d.line(pts, fill=(96, 86, 74), width=2)
        for fx in (rng.uniform(0.15, 0.25), rng.uniform(0.75, 0.85)):
            x = M + fx * Wp
            yc = ys + sag * (1 - ((x - W / 2) / (W / 2)) ** 2)
            pw = max(6, round(pt * 0.34))
            top_, bot = yc - pt * 0.55, M + pt * 0.78
            d.rounded_rectangle([x - pw / 2, top_ + 2, x + pw / 2 + 2, bot + 2], radius=pw // 3, fill=(150, 140, 126))
            d.rounded_rectangle([x - pw / 2, top_, x + pw / 2, bot], radius=pw // 3, fill=(204, 168, 116),
                                outline=(150, 116, 72))
            d.line([(x, top_ + 2), (x, bot - 2)], fill=(160, 124, 80), width=1)
            d.rectangle([x - pw / 2 - 1, yc - pt * 0.1, x + pw / 2 + 1, yc + pt * 0.08], fill=(150, 152, 158))
        out = np.asarray(img).astype(np.float32)
        out *= (1.03 - 0.1 * np.hypot(np.arange(out.shape[1])[None, :] / out.shape[1] - 0.5,
                                      np.arange(out.shape[0])[:, None] / out.shape[0] - 0.4))[..., None]
        out = _perspective(np.clip(out, 0, 255).astype(np.uint8), rng.uniform(0.015, 0.03), (214, 206, 192))
        return out
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page22(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style22,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, cell width ``cw`` and height ``ch``, each column's and row's first pixel
    ``x0s`` and ``y0s``)."""
    rng = random.Random(f"h22:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = None
    if plan["clue"]:
        kind = rng.choice(("row", "col"))
        clues = truth["row_clues"] if kind == "row" else truth["col_clues"]
        line = rng.choice([i for i, c in enumerate(clues) if c] or [0])
        old = clues[line][-1] if clues[line] else 0
        change = (kind, line, rng.choice([v for v in range(1, 10) if v != old]))
    if style.redraw:
        img, L = _redraw_whole22(layout, truth, style, change, rng)
        grid = style.redraw
    else:
        img = input_image.convert("RGB").copy()
        if style.clue_font or change:
            _redraw_clues22(img, layout, truth["row_clues"], truth["col_clues"], style.clue_font or CHANGE_FONT, rng,
                            change, style)
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
                _draw_fill22(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill22(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline22(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross22(img, box, style, rng)
            else:
                _draw_empty22(d, box, style.empty, rng)
    _draw_grid22(img, L, rng, grid, inp)
    L["page_w"], L["page_h"] = img.size
    return np.asarray(img), rng, L


def make_answer22(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style22,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page22(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page22(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
