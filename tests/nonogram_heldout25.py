"""HELDOUT25, measured blind on commit 5d6b849 (rubric 65): 394/432 right, 0 false passes, 52/72 error-free right (20
false fails, 3 of them confidently incorrect), 136 needs_review, 4 unreadable (seed 5, ``tools/measure_nonogram_family.py
nonogram_heldout25:HELDOUT25 --seed 5``). Per style, right/36, false passes, false fails, needs_review, unreadable:
tlwgtypo_ikat_traytable 36 0 0 2 0; solidemirage_pleats_markdown 30 0 6 21 0; murmure_flagstone_stylus 27 0 4 30 1;
mondulkiri_studded_pegboard 36 0 0 7 0; loma_obsidian_bokeh 36 0 0 0 0; meerainimai_plaited_sensordust 35 0 1 9 0;
gazis_tiedye_protractor 22 0 6 31 3; lexisaebom_verdigris_sharesheet 36 0 0 7 0; sophianubian_foil_airmail 33 0 0 3 0;
inputclues_asphalt_duplicator 36 0 0 2 0; fantasma_spinart_redrawtitled 31 0 3 21 0; hline_quatrefoil_redrawtinted 36
0 0 3 0 (each name after its ``g_``). By planted error: none 52/72, extra_light 71, extra_outline 70, x_instead 71,
missing 67, clue_changed 63 (of 72 each). By size: 5x5 136/144, 10x10 128/144, 15x15 130/144. Then studied (thirty-fifth
session, rubric 66): 393/432, 1 confidently incorrect, 4 unreadable (docs/nonogram.md).

A blind nonogram answer family (written by a helper), kept in its own module so that whoever studies the earlier
families never sees it. Written without looking at the verifier, the registration or the cell and clue readers.

Every answer is a page a person reads without effort, as an image-generation or editing model returns a solved nonogram:
clue fonts from Debian packages no earlier nonogram family, test, install list or digit-reader training names
(fonts-tlwg-typo-ttf, fonts-solide-mirage, fonts-le-murmure, fonts-sil-mondulkiri, fonts-tlwg-loma-ttf,
fonts-meera-inimai, fonts-gfs-gazis, fonts-lexi-saebom, fonts-sil-sophia-nubian, fonts-fantasma, fonts-baekmuk): a
typewriter mono (TlwgTypo Bold), a narrow didone (Solide Mirage Etroit), a condensed titling face (Le Murmure), a
bookish serif (Mondulkiri Bold), two sans (Loma Bold, Sophia Nubian Bold), a rounded geometric sans (Meera Inimai), a
Byzantine pen hand (GFS Gazis), a serif with brush-like ends (Lexi Saebom), a rounded, spiky-ended hand-lettered face
(Fantasma Bold) and a heavy headline sans (Baekmuk Headline); one style keeps the input's clues (its changed clue is
that line's numbers erased and typed again in another face, Sophia Nubian Regular). Fills no earlier family uses
(ikat with its feathered diamonds, knife pleats, flagstones in mortar, studded leather, obsidian with a conchoidal
sheen, plaited strands, a tie-dye spiral, a verdigris patina, crinkled foil, asphalt, spin art, a quatrefoil
lattice); empty-cell marks drawn in new ways (a small grey oval, an x written with a loop, a blue gel-pen dot, a
pencil squiggle); the planted errors drawn in new ways (a pale frosted speckle, a pale fine graph grid, pale dry-brush
streaks, a pale honeycomb; a mitred picture frame, a frame with a pale piping line, a frame with rosette blocks at
its corners, a frame with a toothed inner edge; an X of two twisted strands, an X in a pale halo, an X printed with
banded gaps, an X tied in a knot at its middle; all in the fill's colour, darkened where the fill is a light one); a
changed clue that gains a number, loses one, has one split in two, has two merged into their sum, has one off by
one, is swapped with its neighbour line's, or has its numbers written in reverse order; a missing fill left bare on
a page whose other empty cells carry marks; grids drawn in new ways (lines pressed in as grooves with a lit edge, each
five-by-five block's lines in its own hue, every line a pair of hairlines, thin lines as a soft grey wash under crisp
heavy lines); two styles that redraw the whole puzzle (a puzzle-book page with a title, taller-than-wide cells and
one even line weight; wider-than-tall cells under heavier lines with the clues on pale tinted strips); and page
changes no earlier family uses (an aeroplane's tray table with the seat back above it, a markdown editor beside its
preview, a tablet drawing app with its stylus beside the tablet, a pegboard with the page hung on two hooks, an
evening photo with warm fairy-light bokeh round the page, a flatbed scan with dust and a hair on the glass, a clear
protractor in the bottom margin on a pile of loose sheets, a phone's share sheet under the picture, an airmail
envelope under the page, a purple spirit-duplicator copy, a park bench's slats, a newspaper column beside the
classified ads).

Clues written anew on the input's page are sized by their digits' height and fitted to its clue strips (the spacing,
then the size, shrinks where a wide font would run off the page); the redrawn puzzles space their clues by the
digits' height.

Doubts noted rather than made unfair: GFS Gazis is a slanted Byzantine pen hand with old-style figures (its 1, 2 and 0
are short, so "10" reads a little like "1o"); Le Murmure's figures are very narrow and tall, and Solide Mirage Etroit is
a high-contrast narrow didone with thin hairlines; Fantasma's strokes end in small spikes and its zero carries a slash;
the spirit-duplicator copy turns every ink purple and softens it (the fills stay a strong violet); the tablet, the editor,
the share sheet and the classified column add user-interface text beside the picture (no digits, except the phone's
clock in its status bar above a toolbar), and the scan's dust and hair lie only in the margins, away from the clues and
the grid; the bokeh lights stay off the page; the flagstone, studded, spin-art, verdigris and foil fills have some paler
features (mortar, studs, paint streaks, patina, creases) over a dark ground, as such a fill has, and a person sees a
filled cell at once; the reversed clue changes only the order of a line's numbers, the split and merged clues change how
many numbers a line has, and the swapped clues change two neighbouring lines; the retyped clue line on the page that
keeps the input's clues is in a slightly lighter face than its neighbours.

``nonogram_answers.make_answer`` hands these styles to :func:`make_answer25` (their ``draw_answer``), so
``tools/measure_nonogram_family.py nonogram_heldout25:HELDOUT25`` measures them like the earlier families.
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
from nonogram_heldout24 import _change, _perimeter, _values
from PIL import Image, ImageDraw

WHITE = (255, 255, 255)
INPUT_FONT = "DejaVuSans-Bold.ttf"  # the input's clue face (its digits' height sets the redrawn clues' size)


@dataclass(frozen=True)
class Style25(Style):
    """A HELDOUT25 style: the fields of :class:`nonogram_answers.Style` with this module's fills, marks, grids and
    page changes; ``redraw`` names a whole-puzzle redraw (``titled_tall``, ``wide_tinted``; empty keeps the input's
    frame), ``clue_change`` how a planted clue_changed answer alters its line (``extra``, ``drop``, ``split``,
    ``merge``, ``off_by_one``, ``swap_lines``, ``reversed``, ``retyped_line``) and ``missing_bare`` whether a missing
    fill is left bare rather than marked like the other empty cells. ``make_answer`` calls :meth:`draw_answer`."""

    redraw: str = ""
    clue_change: str = "extra"
    missing_bare: bool = False

    def draw_answer(self, input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], error: str,
                    seed: int) -> np.ndarray:
        return make_answer25(input_image, layout, truth, self, error, seed)


HELDOUT25 = (
    Style25("g_tlwgtypo_ikat_traytable", "ikat", (30, 40, 96), "none", "TlwgTypo-Bold.ttf", ("tray_table", "jpeg"),
            clue_scale=(1.0, 1.08), grid="grooved", light_mark="light_frost", outline_mark="outline_mitred",
            cross_mark="heavy_x_braid", clue_change="extra"),
    Style25("g_solidemirage_pleats_markdown", "pleats", (74, 22, 40), "grey_oval", "SolideMirageEtroit.otf",
            ("markdown_preview",), clue_scale=(1.05, 1.12), grid="block_hues", light_mark="light_fine_grid",
            outline_mark="outline_piped", cross_mark="heavy_x_halo", clue_change="drop", missing_bare=True),
    Style25("g_murmure_flagstone_stylus", "flagstone", (52, 54, 60), "none", "le-murmure.otf", ("stylus_canvas",),
            clue_colour=(24, 28, 40), clue_scale=(1.3, 1.4), grid="twin_hair", light_mark="light_brushed",
            outline_mark="outline_cornerblocks", cross_mark="heavy_x_banded", clue_change="split"),
    Style25("g_mondulkiri_studded_pegboard", "studded", (58, 30, 20), "loop_x", "Mondulkiri-B.ttf",
            ("pegboard", "jpeg"), clue_scale=(1.0, 1.08), grid="wash_minor", light_mark="light_honeycomb",
            outline_mark="outline_dentil", cross_mark="heavy_x_knotted", clue_change="merge"),
    Style25("g_loma_obsidian_bokeh", "obsidian", (24, 24, 30), "none", "Loma-Bold.ttf", ("bokeh_lights", "jpeg"),
            clue_scale=(1.0, 1.08), grid="grooved", light_mark="light_fine_grid", outline_mark="outline_piped",
            cross_mark="heavy_x_halo", clue_change="off_by_one"),
    Style25("g_meerainimai_plaited_sensordust", "plaited", (92, 52, 24), "gel_dot", "MeeraInimai-Regular.ttf",
            ("sensor_dust",), clue_scale=(1.02, 1.1), clue_stroke=0, grid="block_hues", light_mark="light_frost",
            outline_mark="outline_mitred", cross_mark="heavy_x_braid", clue_change="swap_lines", missing_bare=True),
    Style25("g_gazis_tiedye_protractor", "tie_dye", (28, 34, 92), "squiggle", "GFSGazis.otf",
            ("protractor_margin", "stacked_sheets", "jpeg"), clue_colour=(20, 26, 70), clue_scale=(1.15, 1.25),
            grid="twin_hair", light_mark="light_honeycomb", outline_mark="outline_cornerblocks",
            cross_mark="heavy_x_knotted", clue_change="reversed"),
    Style25("g_lexisaebom_verdigris_sharesheet", "verdigris", (30, 76, 68), "loop_x", "LexiSaebomR.ttf",
            ("share_sheet",), clue_scale=(1.08, 1.16), clue_stroke=0, grid="wash_minor", light_mark="light_brushed",
            outline_mark="outline_dentil", cross_mark="heavy_x_banded", clue_change="extra", missing_bare=True),
    Style25("g_sophianubian_foil_airmail", "crinkled_foil", (66, 50, 22), "grey_oval", "SNB.ttf",
            ("airmail_envelope", "jpeg"), clue_scale=(1.0, 1.08), grid="grooved", light_mark="light_honeycomb",
            outline_mark="outline_mitred", cross_mark="heavy_x_braid", clue_change="drop"),
    Style25("g_inputclues_asphalt_duplicator", "asphalt", (42, 42, 46), "gel_dot", None, ("spirit_duplicator",),
            grid="kept", light_mark="light_frost", outline_mark="outline_piped", cross_mark="heavy_x_halo",
            clue_change="retyped_line"),
    Style25("g_fantasma_spinart_redrawtitled", "spin_art", (26, 26, 40), "squiggle", "Fantasma-Bold.otf",
            ("park_bench", "jpeg"), clue_colour=(30, 24, 20), clue_scale=(1.15, 1.25), light_mark="light_fine_grid",
            outline_mark="outline_cornerblocks", cross_mark="heavy_x_banded", clue_change="merge",
            redraw="titled_tall"),
    Style25("g_hline_quatrefoil_redrawtinted", "quatrefoil", (26, 40, 72), "none", "hline.ttf", ("classified_ads",),
            clue_colour=(18, 24, 52), clue_scale=(0.95, 1.02), light_mark="light_brushed",
            outline_mark="outline_dentil", cross_mark="heavy_x_knotted", clue_change="split", redraw="wide_tinted"),
)

CHANGE_FONT = "SNR.ttf"  # the retyped line of a changed clue on the page that keeps the input's clues


# ------------------------------------------------------------------------------------------ fills


def _rgb(c) -> tuple[int, int, int]:
    return tuple(int(max(0, min(255, round(float(v))))) for v in c)


def _voronoi(pts: list[tuple[float, float]], h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    """Each pixel's nearest point (index) and its distance from the border with the second nearest point's region."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    P = np.asarray(pts, np.float32)
    d2 = np.stack([(xx - px) ** 2 + (yy - py) ** 2 for px, py in pts])
    order = np.argsort(d2, axis=0)
    i, j = order[0], order[1]
    di, dj = np.take_along_axis(d2, order[:1], 0)[0], np.take_along_axis(d2, order[1:2], 0)[0]
    sep = np.hypot(P[i, 0] - P[j, 0], P[i, 1] - P[j, 1])
    return i, (dj - di) / (2 * np.maximum(sep, 1e-3))


def _seeds(rng: random.Random, n: int, w: int, h: int, spread: float, gap: float) -> list[tuple[float, float]]:
    """``n`` random points over the patch (``spread`` beyond its sides), at least ``gap`` apart where possible."""
    pts: list[tuple[float, float]] = []
    for _ in range(400):
        if len(pts) >= n:
            break
        p = (rng.uniform(-spread, 1 + spread) * w, rng.uniform(-spread, 1 + spread) * h)
        if all(math.hypot(p[0] - q[0], p[1] - q[1]) >= gap for q in pts):
            pts.append(p)
    return pts


def _tex25(kind: str, w: int, h: int, colour, g: np.random.Generator, rng: random.Random
           ) -> tuple[np.ndarray, np.ndarray | None]:
    """A filled cell's picture (h, w, 3 float) in ``kind`` and its coverage (None: the whole box)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    col = np.asarray(colour, np.float32)
    s = float(min(w, h))
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = col
    alpha = None
    if kind == "ikat":  # ikat: a pale diamond dyed into the warp, its edges feathered and stepping from row to row
        th = max(2.0, s / 12)
        row = np.floor(yy / th).astype(np.int32)
        jit = np.array([rng.uniform(-0.06, 0.06) * s for _ in range(int(h / th) + 2)], np.float32)
        dx = xx - w / 2 + jit[row] + 0.04 * s * _noise0(g, h, w, 0.8)
        dd = np.abs(dx) / (0.4 * w) + np.abs(yy - h / 2) / (0.44 * h)
        pale = ((dd > 0.55) & (dd < 0.82)) | (dd < 0.16)
        m = cv2.GaussianBlur(pale.astype(np.float32), (0, 0), sigmaX=max(0.8, s / 40), sigmaY=0.4)
        tex = col * (1 - m[..., None]) + _lift(col, 0.5) * m[..., None]
        tex[(yy % th) < 1] *= 0.88  # the weft threads
        tex *= (1 + 0.04 * _noise0(g, h, w, 0.7))[..., None]
    elif kind == "pleats":  # knife pleats: each pleat shaded from its fold to the next, a dark crease at the fold
        p = s / rng.choice((3.5, 4.0))
        u = ((xx + rng.uniform(0, p)) / p) % 1
        tex = col * (0.74 + 0.46 * u)[..., None]
        tex[u < 0.07] = col * 0.5
        tex *= (1 + 0.03 * _noise0(g, h, w, max(1.0, s / 6)))[..., None]
    elif kind == "flagstone":  # flagstones: irregular stones in their own tones, laid in pale mortar
        pts = _seeds(rng, rng.randint(4, 6), w, h, 0.0, 0.32 * s)
        idx, gap = _voronoi(pts, h, w)
        tones = np.array([rng.uniform(0.8, 1.3) for _ in pts], np.float32)
        tex = col * tones[idx][..., None] * (1 + 0.07 * _noise0(g, h, w, 1.0))[..., None]
        mortar = np.clip(1.5 - gap / max(0.8, s * 0.022), 0, 1)
        edge = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy])
        mortar = np.maximum(mortar, np.clip(1.5 - edge / max(0.8, s * 0.022), 0, 1) * 0.8)
        tex = tex * (1 - mortar[..., None]) + np.array((150, 146, 136), np.float32) * mortar[..., None]
    elif kind == "studded":  # dark leather set with a square of round metal studs, each lit from the upper left
        tex *= (1 + 0.06 * _noise0(g, h, w, 0.8) + 0.04 * _noise0(g, h, w, s / 6))[..., None]
        r = s * 0.075
        for j in range(3):
            for i in range(3):
                cx, cy = w * (i + 0.5) / 3, h * (j + 0.5) / 3
                d = np.hypot(xx - cx, yy - cy)
                sh = np.exp(-((np.hypot(xx - cx - r * 0.35, yy - cy - r * 0.35) - r) / (0.3 * r + 0.5)) ** 2)
                tex *= (1 - 0.35 * sh * (d > r))[..., None]
                lit = np.clip(1 - np.hypot(xx - cx + 0.35 * r, yy - cy + 0.35 * r) / (1.3 * r), 0, 1)
                metal = np.array((120, 118, 112), np.float32)[None, None] + (135 * lit)[..., None]
                inside = np.clip(r + 0.5 - d, 0, 1)[..., None]
                tex = tex * (1 - inside) + metal * inside
    elif kind == "obsidian":  # obsidian: black glass with faint conchoidal ripples and a sharp glint
        cx, cy = rng.uniform(-0.2, 0.3) * w, rng.uniform(-0.2, 0.3) * h
        r = np.hypot(xx - cx, yy - cy)
        rip = np.sin(2 * math.pi * r / max(3.0, s / 5.5))
        tex = col * (1 + 0.3 * rip * np.exp(-r / (1.4 * s)))[..., None]
        c = rng.uniform(0.35, 0.6)
        glint = np.exp(-(((xx - yy * 0.6) / (w + h) - c * 0.5) / 0.018) ** 2)
        glint *= np.clip((0.75 * h - yy) / (0.3 * h), 0, 1)
        tex = tex + (235 - tex) * (0.45 * glint)[..., None]
    elif kind == "plaited":  # plaited strands: diagonal strips over and under each other, each rounded across
        p = s / 3.2
        u, v = (xx + yy) / p, (xx - yy + h) / p
        iu, iv = np.floor(u), np.floor(v)
        top_u = ((iu + iv) % 2) == 0
        fu, fv = u - iu, v - iv
        across = np.where(top_u, fu, fv)
        shade = 0.62 + 0.5 * np.sin(math.pi * across)
        tex = col * shade[..., None]
        tex *= (1 + 0.04 * _noise0(g, h, w, 0.7))[..., None]
    elif kind == "tie_dye":  # tie-dye: pale spiral arms on deep indigo, their edges crinkled by the binding
        cx, cy = w / 2 + rng.uniform(-0.08, 0.08) * s, h / 2 + rng.uniform(-0.08, 0.08) * s
        th = np.arctan2(yy - cy, xx - cx)
        r = np.hypot(xx - cx, yy - cy) / s
        v = np.sin(3 * (th + r * rng.choice((4.5, -4.5))) + 0.8 * _noise0(g, h, w, max(1.0, s / 9)))
        m = np.clip((v - 0.55) / 0.35, 0, 1) * np.clip(r * 4, 0, 1)
        tex = col * (1 - 0.45 * m[..., None]) + _lift(col, 0.55) * (0.45 * m[..., None])
        tex *= (1 + 0.05 * _noise0(g, h, w, 0.7))[..., None]
    elif kind == "verdigris":  # verdigris: dark weathered bronze under a mottled pale green crust
        n = _noise0(g, h, w, max(1.0, s / 8))
        crust = np.clip((n - 0.5) / 0.6, 0, 1) * 0.6
        tex = col * (1 + 0.05 * _noise0(g, h, w, 0.7))[..., None]
        tex = tex * (1 - crust[..., None]) + np.array((112, 168, 146), np.float32) * crust[..., None]
        bronze = np.clip((-n - 1.3) / 0.4, 0, 1)
        tex = tex * (1 - bronze[..., None]) + np.array((96, 62, 30), np.float32) * bronze[..., None]
    elif kind == "crinkled_foil":  # crinkled foil: facets catching the light differently, bright creases
        pts = _seeds(rng, rng.randint(9, 13), w, h, 0.1, 0.2 * s)
        idx, gap = _voronoi(pts, h, w)
        tones = np.array([rng.uniform(0.6, 1.55) for _ in pts], np.float32)
        tex = col * tones[idx][..., None]
        crease = np.clip(1.3 - gap / 0.8, 0, 1) * 0.45
        tex = tex + (220 - tex) * crease[..., None]
    elif kind == "asphalt":  # asphalt: dark binder with pale and dark aggregate specks
        tex *= (1 + 0.08 * _noise0(g, h, w, 0.6))[..., None]
        pale = cv2.GaussianBlur((g.random((h, w)) < 0.025).astype(np.float32), (0, 0), 0.6) * 3
        dark = cv2.GaussianBlur((g.random((h, w)) < 0.03).astype(np.float32), (0, 0), 0.6) * 3
        tex = tex + (np.array((150, 148, 140), np.float32) - tex) * np.clip(pale, 0, 0.8)[..., None]
        tex *= (1 - 0.5 * np.clip(dark, 0, 1))[..., None]
    elif kind == "spin_art":  # spin art: paint flung outward from the middle by a spinning table, in curved streaks
        im = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(im)
        cx, cy = w / 2 + rng.uniform(-0.05, 0.05) * s, h / 2 + rng.uniform(-0.05, 0.05) * s
        paints = ((226, 182, 48), (214, 76, 112), (70, 172, 196))
        for k in range(rng.randint(6, 8)):
            a0 = rng.uniform(0, 2 * math.pi)
            colr = paints[k % 3]
            pts = []
            for t in np.linspace(0.08, 0.75, 9):
                a = a0 + t * 1.1
                pts.append((cx + t * s * math.cos(a), cy + t * s * math.sin(a)))
            d.line(pts, fill=colr, width=max(1, round(s / 20)), joint="curve")
        rr = s * 0.08
        d.ellipse([cx - rr, cy - rr, cx + rr, cy + rr], fill=paints[rng.randrange(3)])
        tex = np.asarray(im, np.float32)
    elif kind == "quatrefoil":  # a quatrefoil lattice: pale four-lobed outlines repeated on a dark ground
        im = Image.fromarray(np.clip(tex, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(im)
        p = s / 2
        lw = max(1, round(s / 30))
        motif = _rgb(_lift(col, 0.55))
        for j in range(-1, 3):
            for i in range(-1, 3):
                cx, cy = (i + 0.5) * p * w / s, (j + 0.5) * p * h / s
                o, rr = p * 0.2, p * 0.2
                for sx, sy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    d.arc([cx + sx * o - rr, cy + sy * o - rr, cx + sx * o + rr, cy + sy * o + rr], 0, 360,
                          fill=motif, width=lw)
        tex = np.asarray(im, np.float32)
    else:
        raise ValueError(kind)
    return np.clip(tex, 0, 255), None if alpha is None else np.clip(alpha, 0, 1).astype(np.float32)


def _ink(style: Style25) -> np.ndarray:
    """The ink of the planted marks: the fill's colour, darkened when it is a light one."""
    col = np.asarray(style.fill_colour, np.float32)
    lum = float(col @ np.array([0.299, 0.587, 0.114], np.float32))
    return col * (80 / lum) if lum > 80 else col


def _draw_fill25(img: Image.Image, box, style: Style25, rng: random.Random, light: str | None = None) -> None:
    """One filled cell; ``light`` names the pale mark a planted extra_light cell gets."""
    g = _nrng(rng)
    ax, ay, bx, by = _inner(box, 0.07)
    w, h = bx - ax, by - ay
    if not light:
        tex, alpha = _tex25(style.fill, w, h, style.fill_colour, g, rng)
        _paste(img, tex, ax, ay, alpha)
        return
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = _ink(style)
    s = float(min(w, h))
    if light == "light_frost":  # a pale frosted speckle, like breath on glass
        alpha = 0.24 + 0.1 * _noise0(g, h, w, 0.7) + 0.05 * _noise0(g, h, w, max(1.0, s / 6))
    elif light == "light_fine_grid":  # a pale fine graph grid over a faint tint
        p = max(4.0, s / 6)
        lw = max(1.0, s / 45)
        lines = ((xx % p) < lw) | ((yy % p) < lw)
        alpha = np.where(lines, 0.5, 0.13)
    elif light == "light_brushed":  # pale dry-brush streaks running across the cell
        n = cv2.GaussianBlur(g.standard_normal((h, w)).astype(np.float32), (0, 0), sigmaX=max(2.0, s / 3), sigmaY=0.7)
        n = (n - n.mean()) / (n.std() + 1e-6)
        alpha = 0.24 + 0.14 * n
    elif light == "light_honeycomb":  # a pale honeycomb: hexagon outlines over a faint tint
        lay, ld = _layer(w, h)
        r = max(3.0, s / 5.5)
        dx, dy = 1.5 * r, math.sqrt(3) * r
        for i in range(-1, int(w / dx) + 2):
            for j in range(-1, int(h / dy) + 2):
                cx, cy = i * dx, j * dy + (dy / 2 if i % 2 else 0)
                pts = [(cx + r * math.cos(k * math.pi / 3), cy + r * math.sin(k * math.pi / 3)) for k in range(7)]
                ld.line(pts, fill=255, width=max(1, round(s / 30)))
        alpha = 0.12 + 0.42 * _m(lay)
    else:
        raise ValueError(light)
    _paste_rgba(img, tex, cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.5), ax, ay)


def _draw_outline25(img: Image.Image, box, style: Style25, rng: random.Random) -> None:
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
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "outline_mitred":  # a picture frame: four mouldings lit differently, mitred at the corners
        dl, dt, dr, db = xx, yy, w - 1 - xx, h - 1 - yy
        side = np.argmin(np.stack([dt, dl, dr, db]), axis=0)
        tones = np.array([_lift(col, 0.28), _lift(col, 0.12), col * 0.8, col * 0.62], np.float32)
        tex = tones[side]
        mitre = (np.abs(np.abs(xx - (w - 1) / 2) / max(1, w) - np.abs(yy - (h - 1) / 2) / max(1, h)) < 0.6 / s)
        tex[mitre] = col * 0.45
        tex[(across > f - max(1.0, f / 6)) & (across < f)] = _lift(col, 0.45)  # the rabbet's lit edge
        m = (across < f).astype(np.float32)
    elif kind == "outline_piped":  # a heavy band with a pale piping line along its middle
        tex[np.abs(across - f * 0.5) < max(0.8, f / 8)] = _lift(col, 0.7)
        m = (across < f).astype(np.float32)
    elif kind == "outline_cornerblocks":  # a band with square rosette blocks at its corners, a pale dot in each
        fb = f * 0.85
        k = f * 1.45
        corner = ((xx < k) | (xx > w - 1 - k)) & ((yy < k) | (yy > h - 1 - k))
        m = ((across < fb) | corner).astype(np.float32)
        for cx, cy in ((k / 2, k / 2), (w - 1 - k / 2, k / 2), (k / 2, h - 1 - k / 2), (w - 1 - k / 2, h - 1 - k / 2)):
            ring = np.abs(np.hypot(xx - cx, yy - cy) - k * 0.28) < max(0.8, k / 12)
            tex[ring] = _lift(col, 0.55)
    elif kind == "outline_dentil":  # a band whose inner edge is cut into teeth, like a dentil moulding
        q = max(3.0, f * 0.75)
        tooth = (along % (2 * q)) < q
        m = ((across < f * 0.75) | ((across < f * 1.25) & tooth)).astype(np.float32)
        tex[(across > f * 0.75 - max(0.8, f / 8)) & (across < f * 0.75) & ~tooth] = _lift(col, 0.35)
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, np.clip(cv2.GaussianBlur(m, (0, 0), 0.5), 0, 1), ax, ay)


def _stroke_coords(p, q, xx, yy) -> tuple[np.ndarray, np.ndarray, float]:
    """Each pixel's position along the segment p-q (0..1) and its signed distance across it, and the length."""
    vx, vy = q[0] - p[0], q[1] - p[1]
    ln = math.hypot(vx, vy) or 1.0
    t = ((xx - p[0]) * vx + (yy - p[1]) * vy) / (ln * ln)
    n = ((xx - p[0]) * -vy + (yy - p[1]) * vx) / ln
    return t, n, ln


def _draw_cross25(img: Image.Image, box, style: Style25, rng: random.Random) -> None:
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

    def strokes(width: float) -> np.ndarray:
        im, d = _layer(w, h)
        for p, q in arms:
            d.line([p, q], fill=255, width=max(1, round(width)))
        return _m(im)

    if kind == "heavy_x_braid":  # each stroke two strands twisted round each other, the under strand paler
        m = np.zeros((h, w), np.float32)
        amp, sw = wid * 0.2, wid * 0.3
        for p, q in arms:
            t, n, ln = _stroke_coords(p, q, xx, yy)
            ph = 2 * math.pi * t * ln / max(8.0, wid * 2.8)
            inside = (t > -0.02) & (t < 1.02)
            for sgn in (1, -1):
                c = sgn * amp * np.sin(ph)
                strand = inside & (np.abs(n - c) < sw)
                under = (sgn * np.cos(ph)) < 0
                tex[strand & under] = _lift(col, 0.3)
                tex[strand & ~under] = col
                m = np.maximum(m, strand.astype(np.float32))
        m = cv2.GaussianBlur(m, (0, 0), 0.5)
    elif kind == "heavy_x_halo":  # a heavy X inside a pale halo of the same ink
        core = strokes(wid * 0.85)
        halo = cv2.GaussianBlur(strokes(wid * 1.9), (0, 0), max(1.0, s / 18))
        tex = col * core[..., None] + _lift(col, 0.35) * (1 - core[..., None])
        m = np.maximum(core * 0.95, halo * 0.32)
    elif kind == "heavy_x_banded":  # a heavy X printed with banded gaps, as from an inkjet with clogged nozzles
        band = max(2.0, s / 14)
        m = strokes(wid) * np.where((np.floor(yy / band) % 3) == 0, 0.4, 0.95)
    elif kind == "heavy_x_knotted":  # a heavy X with round ends, tied in a knot where its strokes cross
        im, d = _layer(w, h)
        for p, q in arms:
            d.line([p, q], fill=255, width=wid)
            for e in (p, q):
                d.ellipse([e[0] - wid / 2, e[1] - wid / 2, e[0] + wid / 2, e[1] + wid / 2], fill=255)
        r = wid * 0.95
        d.ellipse([w / 2 - r, h / 2 - r, w / 2 + r, h / 2 + r], fill=255)
        m = _m(im)
        knot = np.abs(np.hypot(xx - w / 2, yy - h / 2) - r * 0.55) < max(0.8, r * 0.12)
        tex[knot] = _lift(col, 0.5)
    else:
        raise ValueError(kind)
    _paste_rgba(img, tex, np.clip(m, 0, 1), ax, ay)


def _draw_empty25(img: Image.Image, box, kind: str, rng: random.Random) -> None:
    """The mark a model leaves in a cell it decided is empty."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * s, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * s
    d = ImageDraw.Draw(img)
    if kind == "none":
        return
    if kind == "grey_oval":  # a small grey oval lying on a slant
        n = max(6, round(0.3 * s))
        lay, ld = _layer(n, n)
        ld.ellipse([n / 2 - 0.1 * s, n / 2 - 0.055 * s, n / 2 + 0.1 * s, n / 2 + 0.055 * s], fill=255)
        m = _m(lay.rotate(rng.uniform(25, 45), resample=Image.BICUBIC))
        _paste_rgba(img, np.full((n, n, 3), (138, 140, 150), np.float32), m, round(cx - n / 2), round(cy - n / 2))
    elif kind == "loop_x":  # an x written in one go: a stroke down, then a stroke up with a small loop at its middle
        k = 0.13 * s
        lw = max(1, round(s / 28))
        ink = (92, 96, 110)
        d.line([(cx - k, cy - k), (cx + k, cy + k)], fill=ink, width=lw)
        ax_, ay_, bx_, by_ = cx + k, cy - k, cx - k, cy + k
        ux, uy = (bx_ - ax_) / (2 * math.sqrt(2) * k), (by_ - ay_) / (2 * math.sqrt(2) * k)
        nx, ny = -uy, ux
        rho = 0.5 * k
        mx_, my_ = (ax_ + bx_) / 2, (ay_ + by_) / 2
        pcx, pcy = mx_ + nx * rho, my_ + ny * rho
        pts = [(ax_ + (mx_ - ax_) * t, ay_ + (my_ - ay_) * t) for t in np.linspace(0, 1, 6)]
        a0 = math.atan2(-ny, -nx)
        pts += [(pcx + rho * math.cos(a0 + a), pcy + rho * math.sin(a0 + a)) for a in np.linspace(0, 2 * math.pi, 16)]
        pts += [(mx_ + (bx_ - mx_) * t, my_ + (by_ - my_) * t) for t in np.linspace(0, 1, 6)]
        d.line(pts, fill=ink, width=lw, joint="curve")
    elif kind == "gel_dot":  # a blue gel-pen dot with a small shine
        r = max(1.5, 0.045 * s)
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(44, 72, 168))
        q = max(0.6, r * 0.35)
        d.ellipse([cx - r * 0.45 - q, cy - r * 0.45 - q, cx - r * 0.45 + q, cy - r * 0.45 + q], fill=(170, 186, 232))
    elif kind == "squiggle":  # a small pencil squiggle
        k = 0.12 * s
        ph = rng.uniform(0, 6.3)
        pts = [(cx - k + 2 * k * t, cy + 0.35 * k * math.sin(ph + t * 3 * math.pi)) for t in np.linspace(0, 1, 20)]
        d.line(pts, fill=(128, 128, 138), width=max(1, round(s / 32)), joint="curve")
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------------------------ clues


def _change25(truth: dict[str, Any], mode: str, rng: random.Random) -> tuple[str, int, list[str]]:
    """A changed clue: the line (``row``/``col`` and its index) and its new numbers, altered as ``mode`` says
    (``reversed``: a line's numbers written in reverse order; the other modes as in HELDOUT24)."""
    if mode == "reversed":
        kind = rng.choice(("row", "col"))
        vals = _values(truth[f"{kind}_clues"])
        cand = [i for i, v in enumerate(vals) if v != v[::-1]]
        if not cand:
            kind = "col" if kind == "row" else "row"
            vals = _values(truth[f"{kind}_clues"])
            cand = [i for i, v in enumerate(vals) if v != v[::-1]]
        if cand:
            i = rng.choice(cand)
            return kind, i, vals[i][::-1]
        mode = "off_by_one"
    return _change(truth, mode, rng)


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


def _digit_h(font) -> float:
    """The mean height of the font's ten digits (old-style figures count their short and tall ones alike)."""
    return float(np.mean([font.getbbox(ch, anchor="ls")[3] - font.getbbox(ch, anchor="ls")[1] for ch in "0123456789"]))


def _px_for(font_file: str, target_h: float) -> int:
    """The size at which ``font_file``'s digits are ``target_h`` pixels tall."""
    px = max(8, round(target_h * 1.4))
    return max(8, round(px * target_h / max(1.0, _digit_h(_font(font_file, px)))))


def _put(d: ImageDraw.ImageDraw, xy, text: str, font, fill, stroke: int = 0) -> None:
    """``text`` with its ink centred on ``xy`` horizontally and the digits' middle on it vertically."""
    _, t, _, b = font.getbbox("0123456789", anchor="ls")
    x0, _, x1, _ = font.getbbox(text, anchor="ls")
    d.text((xy[0] - (x0 + x1) / 2, xy[1] - (t + b) / 2), text, font=font, fill=fill, anchor="ls",
           stroke_width=stroke, stroke_fill=fill)


def _ink_w(font, text: str) -> float:
    x0, _, x1, _ = font.getbbox(text, anchor="ls")
    return x1 - x0


def _fit(font_file: str, px: int, gapf: float, slotf: float, row_vals, col_vals, room_w: float, room_h: float,
         col_w: float):
    """The font, gap and slot at which every row clue fits ``room_w``, every column clue ``room_h`` and every number
    its column: the gap and the slot shrink first, then the size."""
    nmax = max(len(v) for v in col_vals)
    while True:
        font = _font(font_file, px)
        dh = _digit_h(font)
        gap, slot = dh * gapf, dh * slotf
        widths = [(sum(_ink_w(font, t) for t in v), len(v)) for v in row_vals]
        over = max((tw + gap * (n - 1) - room_w) / max(1, n - 1) for tw, n in widths)
        if over > 0:
            gap = max(dh * 0.4, gap - over)
        if (nmax - 0.5) * slot + dh * 0.6 > room_h:
            slot = max(dh * 1.3, (room_h - dh * 0.6) / (nmax - 0.5))
        widest = max(_ink_w(font, t) for v in col_vals for t in v)
        fits = (all(tw + gap * (n - 1) <= room_w for tw, n in widths) and (nmax - 0.5) * slot + dh * 0.6 <= room_h
                and widest <= col_w * 0.9)
        if fits or px <= 8:
            return font, gap, slot
        px -= 1


def _redraw_clues25(img: Image.Image, layout: dict[str, Any], row_vals, col_vals, font_file: str, style: Style25,
                    rng: random.Random, lines: list[tuple[str, int]] | None = None) -> None:
    """The clue strips erased and written again in ``font_file`` (only ``lines``' strips, at the input's size and
    spacing, when given), sized by the digits' height."""
    d = ImageDraw.Draw(img)
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    rb, cb = layout["row_clue_bbox"], layout["col_clue_bbox"]
    rows, cols = layout["rows"], layout["cols"]
    ch, cw = (gy1 - gy0) / rows, (gx1 - gx0) / cols
    ref = _digit_h(_font(INPUT_FONT, layout["clue_font_px"]))
    if lines is None:
        d.rectangle([0, rb[1] + 3, rb[2] - 2, rb[3] - 3], fill=WHITE)
        d.rectangle([cb[0] + 3, 0, cb[2] - 3, cb[3] - 2], fill=WHITE)
        px = _px_for(font_file, ref * rng.uniform(*style.clue_scale))
        off = layout["cell_px"] * 0.3
        font, gap, slot = _fit(font_file, px, rng.uniform(*style.clue_gap) * 1.3, rng.uniform(1.55, 1.75), row_vals,
                               col_vals, gx0 - off - 6, gy0 - off - 6, cw)
        colour = style.clue_colour
    else:  # a retyped line: the input's size and spacing
        for kind, i in lines:
            if kind == "row":
                d.rectangle([0, gy0 + i * ch + 2, rb[2] - 2, gy0 + (i + 1) * ch - 2], fill=WHITE)
            else:
                d.rectangle([gx0 + i * cw + 2, 0, gx0 + (i + 1) * cw - 2, cb[3] - 2], fill=WHITE)
        font = _font(font_file, _px_for(font_file, ref))
        gap, slot = int(layout["clue_font_px"] * 0.55), int(layout["clue_font_px"] * 1.2)
        off = max(8, layout["cell_px"] // 4)
        colour = (0, 0, 0)
    for r, vals in enumerate(row_vals):
        if lines is not None and ("row", r) not in lines:
            continue
        x = gx0 - off
        cy = gy0 + (r + 0.5) * ch
        for t in reversed(vals):
            wt = _ink_w(font, t)
            _put(d, (x - wt / 2, cy), t, font, colour, style.clue_stroke)
            x -= wt + gap
    for c, vals in enumerate(col_vals):
        if lines is not None and ("col", c) not in lines:
            continue
        cx = gx0 + (c + 0.5) * cw
        for k, t in enumerate(vals):
            _put(d, (cx, gy0 - off - (len(vals) - k - 0.5) * slot), t, font, colour, style.clue_stroke)


# ------------------------------------------------------------------------------------------ grids and redraws


def _box25(L: dict[str, Any], r: int, c: int) -> tuple[float, float, float, float]:
    """Cell (r, c)'s box on the page: ``xs`` and ``ys`` hold the column and row edges."""
    return L["xs"][c], L["ys"][r], L["xs"][c + 1], L["ys"][r + 1]


def _major(i: int, n: int) -> bool:
    return i % 5 == 0 or i == n


def _draw_grid25(img: Image.Image, L: dict[str, Any], rng: random.Random, name: str, inp: np.ndarray | None) -> None:
    if name == "kept":
        _draw_grid18(img, L, rng, "kept", inp)
        return
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    gx0, gy0, gx1, gy1 = xs[0], ys[0], xs[-1], ys[-1]
    thin, thick = max(1, round(s / 30)), max(2, round(s / 11))
    if name == "grooved":  # lines pressed into the paper: a dark groove with a lit edge below and right of it
        for i, x in enumerate(xs):
            big = _major(i, cols)
            wd = thick if big else thin
            ext = thick // 2 if big else 0
            d.line([(x + wd / 2 + 1, gy0 - ext), (x + wd / 2 + 1, gy1 + ext)], fill=(252, 252, 252),
                   width=max(1, wd // 2))
            d.line([(x, gy0 - ext), (x, gy1 + ext)], fill=(40, 42, 50) if big else (150, 152, 160), width=wd)
        for j, y in enumerate(ys):
            big = _major(j, rows)
            wd = thick if big else thin
            ext = thick // 2 if big else 0
            d.line([(gx0 - ext, y + wd / 2 + 1), (gx1 + ext, y + wd / 2 + 1)], fill=(252, 252, 252),
                   width=max(1, wd // 2))
            d.line([(gx0 - ext, y), (gx1 + ext, y)], fill=(40, 42, 50) if big else (150, 152, 160), width=wd)
        return
    if name == "block_hues":  # every five-by-five block's thin lines in its own muted hue, heavy charcoal majors
        hues = ((96, 150, 150), (176, 118, 92), (128, 120, 170), (120, 156, 100))
        for i in range(1, cols):
            if i % 5 == 0:
                continue
            for j in range(rows):
                hue = hues[((i // 5) + (j // 5)) % len(hues)]
                d.line([(xs[i], ys[j]), (xs[i], ys[j + 1])], fill=hue, width=thin)
        for j in range(1, rows):
            if j % 5 == 0:
                continue
            for i in range(cols):
                hue = hues[((i // 5) + (j // 5)) % len(hues)]
                d.line([(xs[i], ys[j]), (xs[i + 1], ys[j])], fill=hue, width=thin)
    elif name == "twin_hair":  # every line a pair of hairlines; the majors a heavier pair
        o = max(1.5, s / 16)
        for i, x in enumerate(xs):
            if _major(i, cols):
                continue
            for e in (-o / 2, o / 2):
                d.line([(x + e, gy0), (x + e, gy1)], fill=(150, 150, 164), width=1)
        for j, y in enumerate(ys):
            if _major(j, rows):
                continue
            for e in (-o / 2, o / 2):
                d.line([(gx0, y + e), (gx1, y + e)], fill=(150, 150, 164), width=1)
        wd = max(2, round(s / 22))
        for i, x in enumerate(xs):
            if _major(i, cols):
                for e in (-o, o):
                    d.line([(x + e, gy0 - o - wd / 2), (x + e, gy1 + o + wd / 2)], fill=(30, 30, 44), width=wd)
        for j, y in enumerate(ys):
            if _major(j, rows):
                for e in (-o, o):
                    d.line([(gx0 - o - wd / 2, y + e), (gx1 + o + wd / 2, y + e)], fill=(30, 30, 44), width=wd)
        return
    elif name == "wash_minor":  # thin lines as a soft grey wash under crisp heavy ink majors
        H, W = img.size[1], img.size[0]
        lay, ld = _layer(W, H)
        wd = max(2, round(s / 12))
        for i, x in enumerate(xs):
            if not _major(i, cols):
                ld.line([(x, gy0), (x, gy1)], fill=255, width=wd)
        for j, y in enumerate(ys):
            if not _major(j, rows):
                ld.line([(gx0, y), (gx1, y)], fill=255, width=wd)
        m = cv2.GaussianBlur(_m(lay), (0, 0), max(0.8, s / 40)) * 0.55
        a = np.asarray(img, np.float32)
        a = a * (1 - m[..., None]) + np.array((120, 126, 136), np.float32) * m[..., None]
        img.paste(Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)))
        d = ImageDraw.Draw(img)
    else:
        raise ValueError(name)
    major = (34, 34, 40)
    for i, x in enumerate(xs):
        if _major(i, cols):
            d.line([(x, gy0 - thick // 2), (x, gy1 + thick // 2)], fill=major, width=thick)
    for j, y in enumerate(ys):
        if _major(j, rows):
            d.line([(gx0 - thick // 2, y), (gx1 + thick // 2, y)], fill=major, width=thick)


def _draw_redraw_grid25(img: Image.Image, L: dict[str, Any], kind: str) -> None:
    xs, ys = L["xs"], L["ys"]
    rows, cols = L["rows"], L["cols"]
    s = min(L["cw"], L["ch"])
    d = ImageDraw.Draw(img)
    if kind == "titled_tall":  # one even weight inside, a heavy frame
        ink, mid, frame = (36, 30, 26), max(1, round(s / 24)), max(3, round(s / 9))
        for i, x in enumerate(xs):
            if 0 < i < cols:
                d.line([(x, ys[0]), (x, ys[-1])], fill=ink, width=mid)
        for j, y in enumerate(ys):
            if 0 < j < rows:
                d.line([(xs[0], y), (xs[-1], y)], fill=ink, width=mid)
        h = frame / 2
        d.rectangle([xs[0] - h, ys[0] - h, xs[-1] + h, ys[-1] + h], outline=ink, width=frame)
        return
    # wide_tinted: heavier lines throughout
    thin, thick = max(2, round(s / 16)), max(3, round(s / 8))
    for i, x in enumerate(xs):
        big = _major(i, cols)
        e = thick // 2 if big else 0
        d.line([(x, ys[0] - e), (x, ys[-1] + e)], fill=(20, 24, 40) if big else (118, 122, 136),
               width=thick if big else thin)
    for j, y in enumerate(ys):
        big = _major(j, rows)
        e = thick // 2 if big else 0
        d.line([(xs[0] - e, y), (xs[-1] + e, y)], fill=(20, 24, 40) if big else (118, 122, 136),
               width=thick if big else thin)


def _redraw_whole25(layout: dict[str, Any], style: Style25, row_vals, col_vals, rng: random.Random,
                    target: tuple[int, int]) -> tuple[Image.Image, dict[str, Any]]:
    """The whole puzzle drawn anew (``style.redraw``): its own canvas (at least ``target`` = (w, h) * 0.9), cell
    proportions, clue layout and margins. Returns the page (clues, no marks, no grid yet) and its geometry."""
    kind = style.redraw
    rows, cols = layout["rows"], layout["cols"]
    base = layout["cell_px"] * rng.uniform(0.95, 1.03)
    if kind == "titled_tall":
        cw, ch = base * rng.uniform(0.86, 0.9), base
    else:
        cw, ch = base * rng.uniform(1.14, 1.2), base * 0.96
    ref = _digit_h(_font(INPUT_FONT, layout["clue_font_px"]))
    px = _px_for(style.clue_font, ref * rng.uniform(*style.clue_scale))
    font = _font(style.clue_font, px)
    while px > 8 and max(_ink_w(font, t) for v in col_vals for t in v) > 0.85 * cw:
        px -= 1
        font = _font(style.clue_font, px)
    dh = _digit_h(font)
    gapn, slot = dh * rng.uniform(0.75, 0.95), dh * rng.uniform(1.6, 1.8)
    if kind == "wide_tinted":
        gapn, slot = dh * rng.uniform(1.0, 1.2), dh * rng.uniform(1.75, 1.9)
    row_w = max(sum(_ink_w(font, t) for t in v) + gapn * (len(v) - 1) for v in row_vals)
    col_h = max(len(v) for v in col_vals) * slot
    pad = 0.5 * min(cw, ch)
    m = base * rng.uniform(0.55, 0.7)
    title = base * 1.5 if kind == "titled_tall" else 0.0
    gw, gh = cw * cols, ch * rows
    W0, H0 = 2 * m + row_w + pad + gw, 2 * m + title + col_h + pad + gh
    ex, ey = max(0.0, 0.9 * target[0] - W0) / 2, max(0.0, 0.9 * target[1] - H0) / 2
    gx0, gy0 = m + ex + row_w + pad, m + ey + title + col_h + pad
    xs = [gx0 + i * cw for i in range(cols + 1)]
    ys = [gy0 + j * ch for j in range(rows + 1)]
    W, H = round(W0 + 2 * ex), round(H0 + 2 * ey)
    paper = (252, 250, 243) if kind == "titled_tall" else (251, 252, 254)
    img = Image.new("RGB", (W, H), paper)
    d = ImageDraw.Draw(img)
    L = {"grid_bbox": [xs[0], ys[0], xs[-1], ys[-1]], "rows": rows, "cols": cols, "cw": cw, "ch": ch,
         "cell_px": min(cw, ch), "xs": xs, "ys": ys, "x0s": xs[:-1], "y0s": ys[:-1],
         "keep": [gx0 - pad - row_w - 4, gy0 - pad - col_h - 4, xs[-1] + 4, ys[-1] + 4]}
    if kind == "titled_tall":  # a puzzle book's heading: a title, a line of instructions and a rule under them
        tx, ty = m + ex, m * 0.6 + ey
        tp = max(14, round(base * 0.5))
        d.text((tx, ty), "Picture Logic", font=_font("DejaVuSerif-Bold.ttf", tp), fill=(36, 30, 26), anchor="la")
        d.text((tx, ty + tp * 1.35), "Shade the cells so that every row and column shows its runs, in order.",
               font=_font("DejaVuSerif-Italic.ttf", max(10, round(tp * 0.42))), fill=(90, 80, 70), anchor="la")
        ry = ty + tp * 2.15
        d.line([(tx, ry), (W - m - ex, ry)], fill=(120, 100, 80), width=max(1, round(base / 30)))
    else:  # pale tinted clue strips, a thin rule where they meet the grid
        tint = (232, 237, 246)
        d.rectangle([gx0 - pad - row_w - pad * 0.5, ys[0], gx0 - 2, ys[-1]], fill=tint)
        d.rectangle([xs[0], gy0 - pad - col_h - pad * 0.4, xs[-1], gy0 - 2], fill=tint)
    for r, vals in enumerate(row_vals):
        cy = (ys[r] + ys[r + 1]) / 2
        x = gx0 - pad
        for t in reversed(vals):
            wt = _ink_w(font, t)
            _put(d, (x - wt / 2, cy), t, font, style.clue_colour)
            x -= wt + gapn
    for c, vals in enumerate(col_vals):
        cx = (xs[c] + xs[c + 1]) / 2
        for k, t in enumerate(vals):
            _put(d, (cx, gy0 - pad - (len(vals) - k - 0.5) * slot), t, font, style.clue_colour)
    return img, L


# ------------------------------------------------------------------------------------------ pages


def _text(d: ImageDraw.ImageDraw, xy, text: str, px: int, fill, anchor: str = "la", face: str = "DejaVuSans.ttf"):
    d.text(xy, text, font=_font(face, max(8, px)), fill=fill, anchor=anchor)


def _soft_disc(out: np.ndarray, cx: float, cy: float, r: float, colour, a: float) -> None:
    """A soft-edged disc of light added to ``out`` (float, in place), brighter at its rim (out-of-focus light)."""
    H, W = out.shape[:2]
    x0, x1, y0, y1 = max(0, int(cx - r - 3)), min(W, int(cx + r + 4)), max(0, int(cy - r - 3)), min(H, int(cy + r + 4))
    if x1 <= x0 or y1 <= y0:
        return
    yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    d = np.hypot(xx - cx, yy - cy) / r
    disc = np.clip((1 - d) * r / 1.5, 0, 1) * (0.75 + 0.25 * np.clip(d, 0, 1) ** 4)
    sub = out[y0:y1, x0:x1]
    out[y0:y1, x0:x1] = sub + (np.asarray(colour, np.float32) - sub * 0.3) * (a * disc)[..., None]


AD_TEXT = ("garden shed for sale good condition collect only wanted old bicycles and spare parts lost grey cat near "
           "the park answers to tabby reward offered piano lessons all levels friendly teacher call in the evenings "
           "room to let quiet house near the station suits student dog walking weekdays and weekends reliable local "
           "help firewood seasoned logs delivered free quotes painter and decorator tidy work references available")
WORDS = AD_TEXT.split()


def _ad_text(d: ImageDraw.ImageDraw, box, rng: random.Random, px: int, fill) -> float:
    """Small body text (no numbers) set ragged-right in ``box``; returns the y below its last line."""
    x0, y0, x1, y1 = box
    font = _font("DejaVuSerif.ttf", px)
    k = rng.randrange(len(WORDS))
    y, line = y0, ""
    for _ in range(rng.randint(10, 18)):
        word = WORDS[k % len(WORDS)]
        k += 1
        if d.textlength(line + " " + word, font=font) > x1 - x0 and line:
            if y + px > y1:
                return y
            d.text((x0, y), line, font=font, fill=fill)
            y += px * 1.25
            line = word
        else:
            line = (line + " " + word).strip()
    if line and y + px <= y1:
        d.text((x0, y), line, font=font, fill=fill)
        y += px * 1.25
    return y


def _page25(a: np.ndarray, e: str, rng: random.Random, L: dict[str, Any]) -> np.ndarray:
    h, w = a.shape[:2]
    g = _nrng(rng)
    big = max(h, w)
    if e == "jpeg":
        return _jpeg(a, rng.randint(82, 92))
    if e == "tray_table":  # on an aeroplane's tray table, the seat back and its pocket above, a cup recess beside
        M, seat, R = round(0.06 * big), round(0.2 * h), round(0.07 * big)
        H, W = h + 2 * M + seat, w + 2 * M + round(2.8 * R)
        bg = np.empty((H + 90, W + 90, 3), np.float32)
        bg[:] = (198, 199, 201)
        bg *= (1 + 0.025 * _blurred_noise(g, H + 90, W + 90, 1.0))[..., None]
        fab = np.array((52, 58, 76), np.float32) * (1 + 0.06 * _blurred_noise(g, seat, W + 90, 0.8))[..., None]
        bg[:seat] = fab
        bg[round(seat * 0.3):seat - round(0.02 * h)] *= 0.8  # the seat pocket
        bg[round(seat * 0.3):round(seat * 0.3) + 3] = (26, 28, 36)  # its elastic edge
        bg[seat - round(0.02 * h):seat] = (150, 152, 156)  # the tray's hinged back edge
        photo = _on_table(a, bg[seat:], rng.uniform(-2, 2), (M, M), 0.35, g)
        out = bg[:seat + photo.shape[0], :W].copy()
        out[seat:, :photo.shape[1]] = photo
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        lx = W / 2
        d.rounded_rectangle([lx - 0.05 * W, seat * 0.08, lx + 0.05 * W, seat * 0.24], radius=round(seat * 0.05),
                            fill=(170, 172, 178), outline=(110, 112, 118))  # the tray latch
        cx, cy = W - 1.4 * R, seat + M + 1.4 * R
        d.ellipse([cx - R, cy - R, cx + R, cy + R], fill=(184, 185, 188), outline=(150, 151, 154), width=3)
        d.ellipse([cx - R * 0.8, cy - R * 0.8, cx + R * 0.8, cy + R * 0.8], outline=(210, 211, 214), width=2)
        out = np.asarray(img)
        return _perspective(np.clip(out + g.normal(0, 2, out.shape), 0, 255).astype(np.uint8),
                            rng.uniform(0.03, 0.05), (40, 42, 50))
    if e == "markdown_preview":  # a markdown editor: the source on the left, its rendered preview on the right
        fpx = max(12, round(0.021 * big))
        tb, tabs, pad = round(fpx * 1.9), round(fpx * 2.0), round(fpx * 1.1)
        lw = round(0.42 * w)
        head = round(fpx * 3.2)
        W, H = lw + pad + w + pad, tb + tabs + pad + head + h + pad
        img = Image.new("RGB", (W, H), WHITE)
        d = ImageDraw.Draw(img)
        d.rectangle([0, 0, W, tb], fill=(50, 50, 54))
        for k, c in enumerate(((236, 96, 90), (240, 190, 70), (98, 196, 98))):
            d.ellipse([fpx * (0.7 + 1.3 * k), tb / 2 - fpx * 0.35, fpx * (1.4 + 1.3 * k), tb / 2 + fpx * 0.35], fill=c)
        _text(d, (W / 2, tb / 2), "puzzle.md - Editor", round(fpx * 0.85), (210, 210, 214), "mm")
        d.rectangle([0, tb, W, tb + tabs], fill=(37, 37, 40))
        d.rectangle([0, tb, lw, tb + tabs], fill=(30, 30, 30))
        _text(d, (fpx, tb + tabs / 2), "puzzle.md", round(fpx * 0.8), (220, 220, 220), "lm")
        _text(d, (lw + pad, tb + tabs / 2), "Preview puzzle.md", round(fpx * 0.8), (170, 170, 176), "lm")
        d.rectangle([0, tb + tabs, lw, H], fill=(30, 30, 30))
        d.line([(lw, tb), (lw, H)], fill=(70, 70, 74), width=2)
        src = (("# Nonogram", (86, 156, 214)), ("", None), ("Solved grid below.", (212, 212, 212)), ("", None),
               ("![solved](solved.png)", (206, 145, 120)), ("", None), ("- rows: done", (212, 212, 212)),
               ("- columns: done", (212, 212, 212)), ("", None), ("> Each number is a run", (106, 153, 85)),
               ("> of filled cells.", (106, 153, 85)))
        y = tb + tabs + pad
        for line, colr in src:
            if colr:
                _text(d, (fpx * 1.2, y), line, round(fpx * 0.8), colr, "la", "DejaVuSansMono.ttf")
            y += fpx * 1.35
        d.rectangle([fpx * 1.2 + d.textlength("Solved grid below.", font=_font("DejaVuSansMono.ttf",
                     round(fpx * 0.8))), tb + tabs + pad + 2 * fpx * 1.35, fpx * 1.2 + d.textlength(
                     "Solved grid below.", font=_font("DejaVuSansMono.ttf", round(fpx * 0.8))) + 2,
                     tb + tabs + pad + 2 * fpx * 1.35 + fpx], fill=(220, 220, 220))  # the text cursor
        _text(d, (lw + pad, tb + tabs + pad + head * 0.4), "Nonogram", round(fpx * 1.5), (30, 30, 34), "lm",
              "DejaVuSans-Bold.ttf")
        d.line([(lw + pad, tb + tabs + pad + head * 0.8), (W - pad, tb + tabs + pad + head * 0.8)],
               fill=(226, 226, 230), width=1)
        img.paste(Image.fromarray(a), (lw + pad, tb + tabs + pad + head))
        return np.asarray(img)
    if e == "stylus_canvas":  # a tablet drawing app: a tool bar, a brush slider, the stylus lying beside the tablet
        fpx = max(12, round(0.02 * big))
        bar, side, bez = round(fpx * 3.0), round(fpx * 2.6), round(fpx * 1.6)
        sw, sh = side + w + fpx, bar + h + fpx
        TW, TH = sw + 2 * bez, sh + 2 * bez
        M = round(0.04 * big)
        stylus = round(0.1 * w)
        W, H = TW + 2 * M + stylus, TH + 2 * M
        out = np.empty((H, W, 3), np.float32)
        out[:] = (196, 188, 174)
        out *= (1 + 0.03 * _blurred_noise(g, H, W, 2.0))[..., None]
        lay, ld = _layer(W, H)
        ld.rounded_rectangle([M, M, M + TW, M + TH], radius=round(bez * 1.4), fill=255)
        shadow = np.roll(cv2.GaussianBlur(_m(lay), (0, 0), 8), (6, 5), axis=(0, 1))
        out *= (1 - 0.35 * shadow)[..., None]
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        d.rounded_rectangle([M, M, M + TW, M + TH], radius=round(bez * 1.4), fill=(22, 22, 24))
        x0, y0 = M + bez, M + bez
        d.rectangle([x0, y0, x0 + sw, y0 + sh], fill=(236, 236, 240))
        d.rectangle([x0, y0, x0 + sw, y0 + bar], fill=(248, 248, 250))
        d.line([(x0, y0 + bar), (x0 + sw, y0 + bar)], fill=(214, 214, 220))
        cy = y0 + bar / 2
        x = x0 + fpx
        u = fpx * 0.7
        d.polygon([(x, cy + u), (x + u * 0.3, cy + u * 0.4), (x + u * 1.3, cy - u * 0.9), (x + u, cy - u * 1.2),
                   (x, cy - u * 0.2)], fill=(40, 40, 46))  # the pen, selected
        d.rounded_rectangle([x - u * 0.5, cy - bar * 0.42, x + u * 1.8, cy + bar * 0.42], radius=round(u * 0.4),
                            outline=(66, 120, 230), width=2)
        x += fpx * 2.6
        d.rectangle([x, cy - u * 0.6, x + u * 1.1, cy + u * 0.9], fill=(250, 214, 60))  # the highlighter
        d.rectangle([x, cy - u * 1.1, x + u * 1.1, cy - u * 0.6], fill=(120, 120, 126))
        x += fpx * 2.2
        d.rounded_rectangle([x, cy - u * 0.5, x + u * 1.6, cy + u * 0.6], radius=2, fill=(240, 160, 176))  # eraser
        x += fpx * 2.6
        d.ellipse([x, cy - u * 0.7, x + u * 1.8, cy + u * 0.6], outline=(60, 60, 66), width=2)  # the lasso
        x += fpx * 2.8
        for c in ((20, 20, 24), (36, 84, 200), (210, 50, 50), (40, 150, 80)):
            d.ellipse([x, cy - u * 0.6, x + u * 1.2, cy + u * 0.6], fill=c, outline=(200, 200, 206))
            x += fpx * 1.5
        ux = x0 + sw - fpx * 4.0
        for k in range(2):  # undo and redo
            ax_ = ux + k * fpx * 1.8
            d.arc([ax_, cy - u * 0.7, ax_ + u * 1.4, cy + u * 0.7], 200 if k == 0 else -20, 340 if k == 0 else 160,
                  fill=(60, 60, 66), width=2)
        sx = x0 + side / 2
        d.rounded_rectangle([sx - fpx * 0.25, y0 + bar + fpx, sx + fpx * 0.25, y0 + bar + h * 0.45],
                            radius=round(fpx * 0.25), fill=(214, 214, 220))  # the brush-size slider
        ky = y0 + bar + fpx + (h * 0.45 - fpx) * rng.uniform(0.3, 0.7)
        d.ellipse([sx - fpx * 0.6, ky - fpx * 0.6, sx + fpx * 0.6, ky + fpx * 0.6], fill=WHITE, outline=(150, 150, 158))
        img.paste(Image.fromarray(a), (x0 + side, y0 + bar + fpx // 2))
        lay, ld = _layer(W, H)  # the stylus, lying beside the tablet
        px_, py_ = M + TW + stylus * 0.5, M + TH * 0.15
        qx_, qy_ = px_ + stylus * rng.uniform(-0.12, 0.12), M + TH * 0.8
        ld.line([(px_, py_), (qx_, qy_)], fill=255, width=max(6, round(stylus * 0.16)))
        m = _m(lay)
        sh2 = np.roll(cv2.GaussianBlur(m, (0, 0), 4), (5, 6), axis=(0, 1))
        out = np.asarray(img, np.float32) * (1 - 0.35 * sh2[..., None] * (1 - m[..., None]))
        out = out * (1 - m[..., None]) + np.array((238, 238, 240), np.float32) * m[..., None]
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        tx, ty = qx_ + (qx_ - px_) * 0.04, qy_ + (qy_ - py_) * 0.04
        d.polygon([(qx_ - stylus * 0.07, qy_ - 2), (qx_ + stylus * 0.07, qy_ - 2), (tx, ty)], fill=(120, 120, 126))
        d.line([(px_, py_ + (qy_ - py_) * 0.08), (px_ + (qx_ - px_) * 0.08, py_ + (qy_ - py_) * 0.1)],
               fill=(200, 200, 204), width=2)
        return np.asarray(img)
    if e == "pegboard":  # hung on a workshop pegboard by two hooks through a punched strip above the page
        strip = round(0.06 * h)
        page = _extend(a, top=strip)
        Hp, Wp = page.shape[:2]
        M = round(0.08 * big)
        H, W = Hp + 2 * M, Wp + 2 * M
        p = max(14.0, 0.034 * big)
        bg = np.empty((H + 90, W + 90, 3), np.float32)
        bg[:] = (178, 136, 94)
        bg *= (1 + 0.04 * _blurred_noise(g, H + 90, W + 90, 1.2)
               + 0.03 * _blurred_noise(g, H + 90, W + 90, 30))[..., None]
        yy, xx = np.mgrid[0:H + 90, 0:W + 90].astype(np.float32)
        u, v = (xx % p) - p / 2, (yy % p) - p / 2
        hole = np.hypot(u, v) < p * 0.13
        rim = (np.hypot(u, v - 1) < p * 0.15) & ~hole
        bg[rim] *= 1.12
        bg[hole] = (44, 32, 22)
        out = _on_table(page, bg, rng.uniform(-1.2, 1.2), (M, M), 0.5, g)
        img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        for fx in (0.25, 0.75):  # the hooks: a bent wire from a hole through a punched hole in the strip
            hx = M + fx * Wp
            hy = M + strip * 0.5
            r = max(3.0, strip * 0.16)
            d.ellipse([hx - r, hy - r, hx + r, hy + r], fill=(70, 56, 44))
            d.line([(hx, M - p * 0.8), (hx, hy + r * 0.4)], fill=(188, 190, 196), width=max(3, round(r * 0.7)))
            d.arc([hx - r * 1.2, hy - r * 0.6, hx + r * 1.2, hy + r * 1.8], 0, 180, fill=(150, 152, 158),
                  width=max(2, round(r * 0.5)))
        for k in range(3):  # a few empty hooks on the board
            hx = rng.choice((M * 0.5, W - M * 0.5))
            hy = rng.uniform(0.3, 0.9) * H
            d.line([(hx, hy), (hx + (M * 0.3 if hx < W / 2 else -M * 0.3), hy + p * 0.3)], fill=(176, 178, 184),
                   width=3)
        return np.asarray(img)
    if e == "bokeh_lights":  # an evening photo: warm fairy-light bokeh round the page, a tungsten cast on it
        M = round(0.09 * big)
        H, W = h + 2 * M, w + 2 * M
        yy, xx = np.mgrid[0:H + 90, 0:W + 90].astype(np.float32)
        bg = np.empty((H + 90, W + 90, 3), np.float32)
        bg[:] = (46, 32, 26)
        bg *= (1.1 - 0.4 * np.hypot(xx / (W + 90) - 0.5, yy / (H + 90) - 0.5))[..., None]
        page = a.astype(np.float32) * np.array((1.0, 0.93, 0.8), np.float32) + np.array((10, 6, 0), np.float32)
        out = _on_table(np.clip(page, 0, 255).astype(np.uint8), bg, rng.uniform(-2.5, 2.5), (M, M), 0.5, g)
        Hc, Wc = out.shape[:2]
        n = 0
        for _ in range(200):
            if n >= 28:
                break
            r = rng.uniform(0.018, 0.045) * big
            cx, cy = rng.uniform(0, Wc), rng.uniform(0, Hc)
            if M - r - 0.025 * big < cx < Wc - M + r + 0.025 * big and \
                    M - r - 0.025 * big < cy < Hc - M + r + 0.025 * big:
                continue  # off the page (with room for its tilt)
            _soft_disc(out, cx, cy, r, rng.choice(((255, 196, 120), (255, 168, 90), (255, 226, 168))),
                       rng.uniform(0.3, 0.6))
            n += 1
        out = cv2.GaussianBlur(out, (0, 0), 0.6)
        return np.clip(out + g.normal(0, 2.5, out.shape), 0, 255).astype(np.uint8)
    if e == "sensor_dust":  # a flatbed scan of the whole sheet, dust specks and a hair on the glass in its margins
        ml, mt, mr, mb = round(0.06 * w), round(0.05 * h), round(0.06 * w), round(0.12 * h)
        page = _extend(a, ml, mt, mr, mb).astype(np.float32)
        Hp, Wp = page.shape[:2]
        page = 255 * (page / 255) ** 1.08 * 0.97 + 3
        kx0, ky0, kx1, ky1 = L["keep"]
        kx0, ky0, kx1, ky1 = kx0 + ml - 8, ky0 + mt - 8, kx1 + ml + 8, ky1 + mt + 8
        img = Image.fromarray(np.clip(page, 0, 255).astype(np.uint8))

        def free(x: float, y: float, r: float) -> bool:
            return not (kx0 - r < x < kx1 + r and ky0 - r < y < ky1 + r) and 3 < x < Wp - 3 and 3 < y < Hp - 3

        lay, ld = _layer(Wp, Hp)
        n = 0
        for _ in range(400):
            if n >= rng.randint(16, 24):
                break
            x, y, r = rng.uniform(0, Wp), rng.uniform(0, Hp), rng.uniform(0.6, 2.2)
            if free(x, y, r + 2):
                ld.ellipse([x - r, y - r * rng.uniform(0.6, 1.0), x + r, y + r], fill=rng.randint(120, 220))
                n += 1
        for _ in range(2):  # hairs
            for _ in range(100):
                x, y = rng.uniform(0, Wp), rng.uniform(0, Hp)
                ln, a0 = rng.uniform(0.04, 0.08) * big, rng.uniform(0, 2 * math.pi)
                pts = [(x + ln * t * math.cos(a0 + 0.8 * math.sin(3 * t)),
                        y + ln * t * math.sin(a0 + 0.8 * math.sin(3 * t))) for t in np.linspace(0, 1, 16)]
                if all(free(px, py, 3) for px, py in pts):
                    ld.line(pts, fill=170, width=1, joint="curve")
                    break
        dust = cv2.GaussianBlur(_m(lay), (0, 0), 0.5)
        out = np.asarray(img, np.float32) * (1 - 0.75 * dust[..., None]) + 40 * 0.75 * dust[..., None]
        out[:, -round(0.012 * Wp):] *= 0.55  # the lid's shadow along one edge
        out = np.asarray(Image.fromarray(np.clip(out, 0, 255).astype(np.uint8)).rotate(
            rng.uniform(-0.5, 0.5), resample=Image.BICUBIC, fillcolor=(236, 236, 234)), np.float32)
        return np.clip(out + g.normal(0, 1.8, out.shape), 0, 255).astype(np.uint8)
    if e == "protractor_margin":  # a clear plastic protractor lying in the bottom margin
        band = round(0.17 * h)
        page = _extend(a, bottom=band)
        img = Image.fromarray(page)
        R = band * 0.8
        cx, cy = w * rng.uniform(0.45, 0.6), h + band * 0.92
        lay, ld = _layer(page.shape[1], page.shape[0])
        ld.pieslice([cx - R, cy - R, cx + R, cy + R], 180, 360, fill=255)
        body = _m(lay)
        lay2, ld2 = _layer(page.shape[1], page.shape[0])
        ld2.arc([cx - R, cy - R, cx + R, cy + R], 180, 360, fill=255, width=2)
        ld2.arc([cx - R * 0.55, cy - R * 0.55, cx + R * 0.55, cy + R * 0.55], 180, 360, fill=255, width=1)
        ld2.line([(cx - R, cy), (cx + R, cy)], fill=255, width=2)
        for k in range(0, 181, 5):
            t = math.radians(180 + k)
            ln = 0.14 if k % 10 == 0 else 0.07
            if k % 30 == 0:
                ln = 0.22
            ld2.line([(cx + R * math.cos(t), cy + R * math.sin(t)),
                      (cx + R * (1 - ln) * math.cos(t), cy + R * (1 - ln) * math.sin(t))], fill=255, width=1)
        ld2.line([(cx, cy - R * 0.12), (cx, cy)], fill=255, width=1)
        lines = _m(lay2)
        out = np.asarray(img, np.float32)
        out = out * (1 - 0.12 * body[..., None]) + np.array((150, 196, 230), np.float32) * 0.12 * body[..., None]
        edge = np.clip(cv2.GaussianBlur(body, (0, 0), 1.2) - body * 0.0, 0, 1)
        out = out * (1 - 0.1 * (edge * (1 - body))[..., None])
        out = out * (1 - 0.7 * lines[..., None]) + np.array((40, 70, 120), np.float32) * 0.7 * lines[..., None]
        return np.clip(out, 0, 255).astype(np.uint8)
    if e == "stacked_sheets":  # on top of a loose pile of sheets, their edges showing, on a grey felt desk mat
        M = round(0.08 * big)
        H, W = h + 2 * M, w + 2 * M
        bg = np.empty((H + 90, W + 90, 3), np.float32)
        bg[:] = (74, 78, 84)
        bg *= (1 + 0.04 * _blurred_noise(g, H + 90, W + 90, 0.8))[..., None]
        for k in range(3):
            ang = math.radians(rng.uniform(-4, 4))
            ox, oy = rng.uniform(-0.025, 0.025) * w, rng.uniform(-0.025, 0.025) * h
            cx, cy = M + w / 2 + ox, M + h / 2 + oy
            pts = []
            for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
                x, y = sx * w / 2, sy * h / 2
                pts.append((cx + x * math.cos(ang) - y * math.sin(ang), cy + x * math.sin(ang) + y * math.cos(ang)))
            lay, ld = _layer(W + 90, H + 90)
            ld.polygon(pts, fill=255)
            m = _m(lay)
            bg *= (1 - 0.35 * np.roll(cv2.GaussianBlur(m, (0, 0), 4), (3, 3), axis=(0, 1)))[..., None]
            tone = np.array((242, 240, 234), np.float32) - 7 * k
            bg = bg * (1 - m[..., None]) + tone * m[..., None]
        out = _on_table(a, bg, rng.uniform(-1.5, 1.5), (M, M), 0.3, g)
        return np.clip(out + g.normal(0, 1.5, out.shape), 0, 255).astype(np.uint8)
    if e == "share_sheet":  # a phone screenshot: status bar, a viewer's toolbar, the picture, the share sheet below
        side = round(0.03 * w)
        W = w + 2 * side
        fpx = max(12, round(0.028 * W))
        sb, nb, share = round(fpx * 2.0), round(fpx * 2.8), round(0.42 * W)
        H = sb + nb + h + round(fpx * 1.0) + share
        img = Image.new("RGB", (W, H), WHITE)
        d = ImageDraw.Draw(img)
        _text(d, (fpx * 1.6, sb / 2), "9:41", fpx, (0, 0, 0), "lm", "DejaVuSans-Bold.ttf")
        bx = W - fpx * 1.2
        d.rounded_rectangle([bx - fpx * 1.9, sb / 2 - fpx * 0.42, bx, sb / 2 + fpx * 0.42], radius=3,
                            outline=(0, 0, 0), width=2)
        d.rectangle([bx - fpx * 1.75, sb / 2 - fpx * 0.28, bx - fpx * 0.5, sb / 2 + fpx * 0.28], fill=(0, 0, 0))
        for k in range(4):  # signal bars
            x = bx - fpx * 5.2 + k * fpx * 0.38
            d.rectangle([x, sb / 2 + fpx * 0.4 - fpx * 0.22 * (k + 1), x + fpx * 0.24, sb / 2 + fpx * 0.4],
                        fill=(0, 0, 0))
        for k in range(3):  # wi-fi
            r = fpx * (0.2 + 0.25 * k)
            d.arc([bx - fpx * 3.0 - r, sb / 2 + fpx * 0.35 - r, bx - fpx * 3.0 + r, sb / 2 + fpx * 0.35 + r],
                  225, 315, fill=(0, 0, 0), width=2)
        d.line([(0, sb + nb - 1), (W, sb + nb - 1)], fill=(222, 222, 226))
        blue = (10, 122, 255)
        d.line([(fpx * 1.2, sb + nb / 2), (fpx * 0.7, sb + nb / 2 - fpx * 0.5 + fpx * 0.5)], fill=blue, width=3)
        d.line([(fpx * 1.2, sb + nb / 2 - fpx * 0.5), (fpx * 0.7, sb + nb / 2)], fill=blue, width=3)
        d.line([(fpx * 0.7, sb + nb / 2), (fpx * 1.2, sb + nb / 2 + fpx * 0.5)], fill=blue, width=3)
        _text(d, (fpx * 1.6, sb + nb / 2), "Photos", fpx, blue, "lm")
        _text(d, (W - fpx, sb + nb / 2), "Edit", fpx, blue, "rm")
        img.paste(Image.fromarray(a), (side, sb + nb))
        y0 = sb + nb + h + round(fpx * 1.0)
        lay, ld = _layer(W, H)
        ld.rounded_rectangle([0, y0, W, H + 40], radius=round(fpx * 1.2), fill=255)
        sh = np.roll(cv2.GaussianBlur(_m(lay), (0, 0), 6), -3, axis=0)
        base = np.asarray(img, np.float32) * (1 - 0.2 * sh[..., None] * (1 - _m(lay)[..., None]))
        img = Image.fromarray(np.clip(base, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        d.rounded_rectangle([0, y0, W, H + 40], radius=round(fpx * 1.2), fill=(242, 242, 247))
        d.rounded_rectangle([W / 2 - fpx * 1.5, y0 + fpx * 0.4, W / 2 + fpx * 1.5, y0 + fpx * 0.65], radius=2,
                            fill=(200, 200, 206))
        _text(d, (fpx * 1.2, y0 + fpx * 1.6), "solved_puzzle.png", round(fpx * 0.95), (0, 0, 0), "lm",
              "DejaVuSans-Bold.ttf")
        _text(d, (fpx * 1.2, y0 + fpx * 2.7), "Options >", round(fpx * 0.8), (120, 120, 128), "lm")
        apps = (("AirDrop", (10, 132, 255)), ("Messages", (52, 199, 89)), ("Mail", (0, 122, 255)),
                ("Notes", (255, 204, 0)), ("Files", (90, 160, 250)))
        iy = y0 + fpx * 4.0
        isz = min(fpx * 3.2, (W - fpx * 2) / 5 * 0.62)
        for k, (name, colr) in enumerate(apps):
            cx = fpx + (k + 0.5) * (W - 2 * fpx) / 5
            d.rounded_rectangle([cx - isz / 2, iy, cx + isz / 2, iy + isz], radius=round(isz * 0.24), fill=colr)
            _text(d, (cx, iy + isz + fpx * 0.8), name, round(fpx * 0.75), (40, 40, 44), "mm")
        ay = iy + isz + fpx * 2.0
        for k, act in enumerate(("Copy", "Save Image", "Print")):
            ry = ay + k * fpx * 2.4
            if ry + fpx * 2.2 > H:
                break
            d.rounded_rectangle([fpx, ry, W - fpx, ry + fpx * 2.1], radius=round(fpx * 0.5), fill=WHITE)
            _text(d, (fpx * 1.8, ry + fpx * 1.05), act, round(fpx * 0.9), (0, 0, 0), "lm")
            d.rectangle([W - fpx * 2.8, ry + fpx * 0.6, W - fpx * 1.9, ry + fpx * 1.5], outline=(60, 60, 66), width=2)
        return np.asarray(img)
    if e == "airmail_envelope":  # on an airmail envelope (striped border, a stamp, an airmail label), on a table
        e_ = round(0.05 * big)
        right = round(0.22 * w)
        Hn, Wn = h + 2 * e_, w + e_ + right
        env = np.empty((Hn, Wn, 3), np.float32)
        env[:] = (240, 236, 224)
        env *= (1 + 0.02 * _blurred_noise(g, Hn, Wn, 1.0))[..., None]
        sw_ = max(6.0, e_ * 0.28)
        yy, xx = np.mgrid[0:Hn, 0:Wn].astype(np.float32)
        ph = ((xx + yy) / sw_) % 4  # the red and blue parallelograms round the edge
        edge = np.minimum.reduce([xx, yy, Wn - 1 - xx, Hn - 1 - yy]) < e_ * 0.32
        env[edge & (ph < 1.3)] = (200, 40, 46)
        env[edge & (ph >= 2) & (ph < 3.3)] = (30, 58, 140)
        img = Image.fromarray(np.clip(env, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        sx1, sy0 = Wn - e_ * 0.7, e_ * 0.7
        sw2, sh2 = right * 0.6, right * 0.72
        d.rectangle([sx1 - sw2, sy0, sx1, sy0 + sh2], fill=(250, 248, 240))
        for q in np.arange(sx1 - sw2, sx1, sw2 / 9):  # perforations
            for yb in (sy0, sy0 + sh2):
                d.ellipse([q - 1.5, yb - 1.5, q + 1.5, yb + 1.5], fill=(240, 236, 224))
        d.rectangle([sx1 - sw2 * 0.86, sy0 + sh2 * 0.1, sx1 - sw2 * 0.14, sy0 + sh2 * 0.9], fill=(96, 150, 178))
        d.polygon([(sx1 - sw2 * 0.86, sy0 + sh2 * 0.9), (sx1 - sw2 * 0.5, sy0 + sh2 * 0.4),
                   (sx1 - sw2 * 0.14, sy0 + sh2 * 0.9)], fill=(58, 96, 70))  # a mountain on the stamp
        d.ellipse([sx1 - sw2 * 0.4, sy0 + sh2 * 0.18, sx1 - sw2 * 0.24, sy0 + sh2 * 0.3], fill=(240, 210, 90))
        for k2 in range(4):  # the cancellation's wavy lines
            yw = sy0 + sh2 * (0.3 + 0.14 * k2)
            pts = [(sx1 - sw2 * 1.5 + t_ * sw2 * 1.2, yw + 3 * math.sin(t_ * 12)) for t_ in np.linspace(0, 1, 20)]
            d.line(pts, fill=(50, 50, 60), width=2)
        ly = sy0 + sh2 + e_ * 0.8
        d.rectangle([Wn - e_ * 0.7 - right * 0.8, ly, Wn - e_ * 0.7, ly + right * 0.34], fill=(30, 58, 140))
        fpx = max(10, round(right * 0.1))
        _text(d, (Wn - e_ * 0.7 - right * 0.4, ly + right * 0.12), "PAR AVION", fpx, WHITE, "mm", "DejaVuSans-Bold.ttf")
        _text(d, (Wn - e_ * 0.7 - right * 0.4, ly + right * 0.25), "BY AIR MAIL", round(fpx * 0.8), WHITE, "mm")
        env = np.asarray(img, np.float32)
        sh = np.zeros((Hn, Wn), np.float32)
        sh[e_ + 4:e_ + h + 4, e_ + 3:e_ + w + 3] = 1
        env *= (1 - 0.3 * cv2.GaussianBlur(sh, (0, 0), 4))[..., None]
        env[e_:e_ + h, e_:e_ + w] = a
        M = round(0.05 * big)
        bg = np.empty((Hn + 2 * M + 90, Wn + 2 * M + 90, 3), np.float32)
        bg[:] = (160, 150, 136)
        bg *= (1 + 0.03 * _blurred_noise(g, bg.shape[0], bg.shape[1], 2.0))[..., None]
        return np.clip(_on_table(np.clip(env, 0, 255).astype(np.uint8), bg, rng.uniform(-2, 2), (M, M), 0.4, g),
                       0, 255).astype(np.uint8)
    if e == "spirit_duplicator":  # a spirit-duplicator copy: every ink a soft purple on faintly mauve paper
        f = a.astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32) / 255
        t = np.clip((1 - f) * 1.08, 0, 1) ** 0.95
        t *= 0.93 + 0.07 * np.clip(_blurred_noise(g, h, w, max(4.0, h / 40)), -1, 1)  # uneven inking
        paper = np.array((247, 244, 249), np.float32)
        ink = np.array((78, 32, 128), np.float32)
        out = paper * (1 - t[..., None]) + ink * t[..., None]
        out = cv2.GaussianBlur(out, (0, 0), 0.7)
        haze = cv2.GaussianBlur(t, (0, 0), 6)[..., None] * 0.08
        out = out * (1 - haze) + ink * haze
        return np.clip(out + g.normal(0, 1.5, out.shape), 0, 255).astype(np.uint8)
    if e == "park_bench":  # lying across a park bench's painted slats in the sun
        M = round(0.08 * big)
        H, W = h + 2 * M, w + 2 * M
        bg = np.empty((H + 90, W + 90, 3), np.float32)
        bg[:] = (46, 96, 70)  # green-painted slats
        grain = cv2.GaussianBlur(g.standard_normal((H + 90, W + 90)).astype(np.float32), (0, 0), sigmaX=30, sigmaY=1.5)
        bg *= (1 + 0.05 * grain / (grain.std() + 1e-6) + 0.04 * _blurred_noise(g, H + 90, W + 90, 6))[..., None]
        p = 0.1 * big
        gap = max(4.0, 0.014 * big)
        yy = np.arange(H + 90, dtype=np.float32)[:, None]
        u = (yy + rng.uniform(0, p)) % p
        bg[np.broadcast_to(u < gap, bg.shape[:2])] = (22, 20, 18)
        bg[np.broadcast_to((u >= gap) & (u < gap + 2), bg.shape[:2])] *= 1.25
        out = _on_table(a, bg, rng.uniform(-3, 3), (M, M), 0.45, g)
        Hc, Wc = out.shape[:2]
        yy, xx = np.mgrid[0:Hc, 0:Wc].astype(np.float32)
        out *= (1.06 - 0.12 * (xx / Wc) * (yy / Hc))[..., None]
        return _perspective(np.clip(out, 0, 255).astype(np.uint8), rng.uniform(0.025, 0.04), (30, 60, 44))
    if e == "classified_ads":  # a newspaper page: the puzzle in its column, the classified ads beside it
        fpx = max(11, round(0.018 * big))
        top = round(fpx * 3.0)
        col_w = round(0.42 * w)
        gut = round(fpx * 1.4)
        W, H = w + gut + col_w + fpx, top + h + fpx
        paper = np.array((238, 234, 224), np.float32)
        img = Image.new("RGB", (W, H), _rgb(paper))
        d = ImageDraw.Draw(img)
        d.rectangle([0, 0, W, top * 0.72], fill=(24, 24, 26))
        _text(d, (fpx, top * 0.36), "PUZZLES", round(fpx * 1.3), (238, 234, 224), "lm", "DejaVuSerif-Bold.ttf")
        _text(d, (W - fpx, top * 0.36), "CLASSIFIED", round(fpx * 1.3), (238, 234, 224), "rm", "DejaVuSerif-Bold.ttf")
        page = a.astype(np.float32) * (paper / 255)
        img.paste(Image.fromarray(np.clip(page, 0, 255).astype(np.uint8)), (0, top))
        x0 = w + gut
        d.line([(w + gut / 2, top), (w + gut / 2, H - fpx * 0.5)], fill=(60, 60, 62), width=1)
        heads = ["FOR SALE", "WANTED", "LOST & FOUND", "TUITION", "TO LET", "SERVICES", "GARDENING", "PETS"]
        rng.shuffle(heads)
        y = top + fpx * 0.3
        for k, head in enumerate(heads):
            if y + fpx * 4 > H - fpx:
                break
            boxed = k % 3 == 1
            y_start = y
            _text(d, (x0 + (fpx * 0.4 if boxed else 0), y), head, round(fpx * 1.05), (20, 20, 22), "la",
                  "DejaVuSans-Bold.ttf")
            y += fpx * 1.5
            y = _ad_text(d, (x0 + (fpx * 0.4 if boxed else 0), y, W - fpx - (fpx * 0.4 if boxed else 0),
                             H - fpx), rng, round(fpx * 0.8), (48, 48, 50))
            if boxed:
                d.rectangle([x0 - 2, y_start - fpx * 0.3, W - fpx + 2, y + fpx * 0.1], outline=(40, 40, 42), width=2)
            y += fpx * 0.5
            d.line([(x0, y), (W - fpx, y)], fill=(150, 146, 140), width=1)
            y += fpx * 0.6
        out = np.asarray(img, np.float32) * (1 + 0.025 * _blurred_noise(g, H, W, 0.8))[..., None]
        return np.clip(out, 0, 255).astype(np.uint8)
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ answers


def draw_page25(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style25,
                error: str = "none", seed: int = 0) -> tuple[np.ndarray, random.Random, dict[str, Any]]:
    """The answer before its page changes, the random state the page changes go on with and the page's geometry
    (``grid_bbox``, ``rows``, ``cols``, mean cell width ``cw`` and height ``ch``, the column and row edges ``xs`` and
    ``ys``, and ``keep``, the box round the clues and the grid; :func:`_box25` gives a cell's box)."""
    rng = random.Random(f"h25:{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    inp = np.asarray(input_image.convert("RGB"))
    rows, cols = len(solution), len(solution[0])
    change = _change25(truth, style.clue_change, rng) if plan["clue"] else None
    row_vals, col_vals = _line_values(truth, change)
    if style.redraw:
        img, L = _redraw_whole25(layout, style, row_vals, col_vals, rng, (inp.shape[1], inp.shape[0]))
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
                _draw_fill25(img, box, style, rng)
            elif (r, c) in plan["light"]:
                _draw_fill25(img, box, style, rng, light=style.light_mark)
            elif (r, c) in plan["outline"]:
                _draw_outline25(img, box, style, rng)
            elif (r, c) in plan["cross"]:
                _draw_cross25(img, box, style, rng)
            elif not ((r, c) in filled and style.missing_bare):
                _draw_empty25(img, box, style.empty, rng)
    if style.redraw:
        _draw_redraw_grid25(img, L, style.redraw)
    else:
        _draw_grid25(img, L, rng, style.grid, inp)
    return np.asarray(img), rng, L


def make_answer25(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style25,
                  error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) for ``style`` with ``error`` planted (see ``nonogram_answers.make_answer``)."""
    out, rng, L = draw_page25(input_image, layout, truth, style, error, seed)
    for e in style.effects:
        out = _page25(np.ascontiguousarray(out), e, rng, L)
    return np.ascontiguousarray(out)
