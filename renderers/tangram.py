"""Tangram drawing: black silhouette on the left, the seven coloured pieces in a tray on the right.

The reference shows one valid placement drawn inside the silhouette, tray emptied. All drawing is done
at 2x and reduced by block means, so edges are anti-aliased like an image model's, and bytes are deterministic.
Pixel coordinates are y-down; the solver's units are y-up (``to_px`` converts).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

import numpy as np
from PIL import Image, ImageDraw

from genpuzzle.renderers.common import draw_centered_text
from genpuzzle.solvers.tangram import (
    ORIENTATIONS,
    PIECES,
    Arrangement,
    kind_of,
    oriented_shape,
    to_float,
)

CANVAS = (1000, 600)
SIL_PANEL = (30, 60, 530, 570)
TRAY_PANEL = (560, 60, 970, 570)
PANEL_INK = (110, 110, 110)
PANEL_WIDTH = 4
TICK_EVERY = 20  # ruler ticks outside the panels: unchanged structure the registration can lock on
TICK_LEN = 9
MASK_INSET = 5  # the edit mask stops short of the panel frames, which stay for registration
SILHOUETTE_INK = (20, 20, 20)
BACKGROUND = (255, 255, 255)
UNIT_MAX = 72.0  # px per unit (small-triangle leg)
SIL_MARGIN = 36
TRAY_GAP = 22
SS = 2  # supersampling factor

# Seven hues at least 24 degrees apart, saturated and bright enough to tell from the black silhouette.
# All dark enough (luminance <= ~62 % of white) that registration sees them as ink, not paper.
PALETTE: dict[str, tuple[int, int, int]] = {
    "red": (215, 30, 40), "orange": (230, 110, 20), "mustard": (190, 165, 0), "green": (40, 150, 60),
    "cyan": (0, 150, 180), "blue": (40, 70, 215), "magenta": (195, 40, 175),
}


def outline_of(colour: Sequence[int]) -> tuple[int, int, int]:
    """The piece's edge ink: a darker shade of the same hue (reads as the same piece)."""
    return tuple(int(c * 0.62) for c in colour)  # type: ignore[return-value]


@dataclass
class TangramDrawing:
    """Images of one instance plus the pixel geometry the verifier works with."""

    input_image: Image.Image
    reference_image: Image.Image
    edit_mask: Image.Image
    layout: dict[str, Any]
    silhouette: list[list[float]]
    pieces: list[dict[str, Any]]
    solution: list[dict[str, Any]]


def _px(ring: np.ndarray) -> list[list[float]]:
    """A closed ring's vertices (the closing one left out), rounded to 1/1000 px."""
    return [[round(x, 3), round(y, 3)] for x, y in ring[:-1].tolist()]


def _ring(vertices) -> np.ndarray:
    """The closed exterior ring shapely would make of ``vertices`` (float x, y pairs), as an array."""
    return np.array([*vertices, vertices[0]], dtype=float)


def _box(ring: np.ndarray) -> tuple[float, float, float, float]:
    """A ring's bounds (shapely's ``bounds``: the extreme coordinates)."""
    (x0, y0), (x1, y1) = ring.min(axis=0).tolist(), ring.max(axis=0).tolist()
    return (x0, y0, x1, y1)


def _shelf_pack(sizes: list[tuple[float, float]], width: float) -> tuple[list[tuple[float, float]], float]:
    """Top-left corners of boxes packed in rows of ``width``; returns (corners, total height)."""
    corners, x, y, row_h = [], 0.0, 0.0, 0.0
    for w, h in sizes:
        if x > 0 and x + w > width:
            x, y, row_h = 0.0, y + row_h + TRAY_GAP, 0.0
        corners.append((x, y))
        x += w + TRAY_GAP
        row_h = max(row_h, h)
    return corners, y + row_h


def _tray_shapes(rng: random.Random) -> dict[str, np.ndarray]:
    """Each piece in a random axis-friendly orientation (multiples of 90 deg, random flip), units y-up, as
    a closed ring."""
    shapes = {}
    for name in PIECES:
        kind = kind_of(name)
        options = [(r, f) for r, f in ORIENTATIONS[kind] if r % 2 == 0]
        rotation, flipped = options[rng.randrange(len(options))]
        shapes[name] = _ring([to_float(v) for v in oriented_shape(kind, rotation, flipped)])
    return shapes


def render_tangram(arr: Arrangement, colours: dict[str, tuple[int, int, int]],
                   rng: random.Random) -> TangramDrawing:
    """Draw the instance: silhouette of ``arr`` + tray of pieces (orientations and order from ``rng``)."""
    shapes = _tray_shapes(rng)
    bounds = {n: _box(ring) for n, ring in shapes.items()}
    order = list(PIECES)
    rng.shuffle(order)
    order.sort(key=lambda n: -(bounds[n][3] - bounds[n][1]))  # tall first: tidier shelves
    sil_ring = np.asarray(arr.silhouette.exterior.coords)
    sx0, sy0, sx1, sy1 = _box(sil_ring)
    tx0, ty0, tx1, ty1 = TRAY_PANEL
    px0, py0, px1, py1 = SIL_PANEL
    unit = min(UNIT_MAX, (px1 - px0 - 2 * SIL_MARGIN) / (sx1 - sx0), (py1 - py0 - 2 * SIL_MARGIN) / (sy1 - sy0))
    while True:
        sizes = [((bounds[n][2] - bounds[n][0]) * unit, (bounds[n][3] - bounds[n][1]) * unit) for n in order]
        corners, height = _shelf_pack(sizes, tx1 - tx0 - 2 * TRAY_GAP)
        if height <= ty1 - ty0 - 2 * TRAY_GAP:
            break
        unit *= 0.95
    unit = round(unit, 3)

    def to_px(xy: np.ndarray, ox: float, oy: float, minx: float, maxy: float) -> np.ndarray:
        # the float operations of shapely's translate, scale about (0, 0) and translate, on a closed ring
        return (xy - (minx, maxy)) * (unit, -unit) + (ox, oy)  # per column: (x - minx) * unit + ox, ...

    # silhouette centred in its panel
    ox = (px0 + px1) / 2 - (sx1 - sx0) * unit / 2
    oy = (py0 + py1) / 2 - (sy1 - sy0) * unit / 2
    silhouette = to_px(sil_ring, ox, oy, sx0, sy1)
    solution = {p.name: to_px(_ring([to_float(v) for v in p.vertices()]), ox, oy, sx0, sy1) for p in arr.placements}
    # tray block centred horizontally, top-aligned
    used_w = max(c[0] + s[0] for c, s in zip(corners, sizes))
    bx = tx0 + (tx1 - tx0 - used_w) / 2
    by = ty0 + TRAY_GAP
    tray = {}
    for name, (cx, cy), (w, h) in zip(order, corners, sizes):
        b = bounds[name]
        tray[name] = to_px(shapes[name], bx + cx, by + cy, b[0], b[3])

    layout = {
        "canvas": list(CANVAS), "silhouette_panel": list(SIL_PANEL), "piece_area_panel": list(TRAY_PANEL),
        "silhouette_bbox": [round(v, 2) for v in _box(silhouette)],
        "piece_area_bbox": [round(v, 2) for v in _box(np.concatenate(list(tray.values())))],
        "unit_px": unit,
    }
    pieces = [{"name": n, "colour": list(colours[n]), "polygon": _px(tray[n])} for n in PIECES]
    sol = [{"name": n, "polygon": _px(solution[n])} for n in PIECES]
    sil_px = _px(silhouette)
    input_image = draw_scene(sil_px, [(colours[n], p["polygon"]) for n, p in zip(PIECES, pieces)])
    reference = draw_scene(sil_px, [(colours[n], s["polygon"]) for n, s in zip(PIECES, sol)])
    return TangramDrawing(input_image, reference, edit_mask(), layout, sil_px, pieces, sol)


def draw_scene(silhouette: list[list[float]], pieces: list[tuple[Sequence[int], list[list[float]]]],
               outline_px: float = 2.0) -> Image.Image:
    """The page: captions, panel frames, black silhouette, then ``pieces`` (colour, px polygon) on top
    in the given order. Used for the input (pieces in the tray), the reference and test answers."""
    W, H = CANVAS
    big, small = _static_page()
    shapes = [(SILHOUETTE_INK, None, silhouette)] + [(tuple(c), outline_of(c), poly) for c, poly in pieces]
    boxes = [_bounds_px(poly) for _, _, poly in shapes]
    # Only the boxes holding polygons differ from the static page: each is cut out of the static page at SS
    # x, drawn (polygons shifted by whole pixels, clipped at its edges) and reduced (the mean of each
    # SS x SS block) on its own, instead of copying and reducing the whole page. A box where the static
    # page is blank starts as a fresh blank image (cheaper than a cut), and one whose polygons are all grey
    # is drawn and reduced in one 8-bit channel (a quarter of the bytes): the same pixels either way.
    out = small.copy()
    margin = 2 + int(outline_px) + 2
    width = max(1, round(outline_px * SS))
    for x0, y0, x1, y1 in _merge_boxes(boxes):
        x0, y0 = max(0, int(x0) - margin), max(0, int(y0) - margin)
        x1, y1 = min(W, int(x1) + margin + 1), min(H, int(y1) + margin + 1)
        if x1 <= x0 or y1 <= y0:
            continue
        # a polygon outside the box paints nothing here (an outline is masked by its fill), but costs a
        # region-sized mask
        inside = [(shape, b) for shape, b in zip(shapes, boxes)
                  if not (b[2] < x0 - 1 or b[0] > x1 + 1 or b[3] < y0 - 1 or b[1] > y1 + 1)]
        if not inside:
            continue  # the static page's pixels, already in place
        size = ((x1 - x0) * SS, (y1 - y0) * SS)
        grey = False
        if not _blank_in_static_page(x0 * SS, y0 * SS, x1 * SS, y1 * SS):
            region = big.crop((x0 * SS, y0 * SS, x1 * SS, y1 * SS))
        elif all(_is_grey(fill) and (outline is None or _is_grey(outline)) for (fill, outline, _), _ in inside):
            region, grey = Image.new("L", size, BACKGROUND[0]), True
        else:
            region = Image.new("RGB", size, BACKGROUND)
        draw = ImageDraw.Draw(region)
        for (fill, outline, poly), _ in inside:
            pts = [(x * SS - x0 * SS, y * SS - y0 * SS) for x, y in poly]
            if grey:
                fill, outline = fill[0], None if outline is None else outline[0]
            inner = None if outline is None else _inset(pts, width - 0.5)
            if outline is None:
                draw.polygon(pts, fill=fill)
            elif inner is not None:  # the outline band: the polygon in the outline's ink, its inset in the fill
                draw.polygon(pts, fill=outline)
                draw.polygon(inner, fill=fill)
            else:
                draw.polygon(pts, fill=fill, outline=outline, width=width)
        # Outside the polygons' boxes the region is the page as it was (a polygon paints within a pixel of
        # its box): only the boxes and 2 px around them are reduced and pasted.
        ix0 = max(x0, math.floor(min(b[0] for _, b in inside)) - 2)
        iy0 = max(y0, math.floor(min(b[1] for _, b in inside)) - 2)
        ix1 = min(x1, math.ceil(max(b[2] for _, b in inside)) + 2)
        iy1 = min(y1, math.ceil(max(b[3] for _, b in inside)) + 2)
        if ix1 > ix0 and iy1 > iy0:
            box = ((ix0 - x0) * SS, (iy0 - y0) * SS, (ix1 - x0) * SS, (iy1 - y0) * SS)
            reduced = region.reduce(SS, box)
            if grey:  # R = G = B: the pixels paste's own conversion of an L image gives, in half its time
                reduced = Image.merge("RGB", (reduced, reduced, reduced))
            out.paste(reduced, (ix0, iy0))
    return out


def _inset(pts: list[tuple[float, float]], depth: float) -> list[tuple[float, float]] | None:
    """A convex polygon's vertices moved ``depth`` inwards along both edges' normals (every edge moved in
    by ``depth``: the polygon minus the band Pillow's wide outline paints inside it, a line of width
    ``2 depth`` centred on each edge and clipped to the polygon); None when the polygon is not strictly
    convex or too small for the band (an edge would turn round), so the caller draws Pillow's outline.
    Two fills instead of the outline's polygon-sized mask and wide lines (every tangram piece is convex)."""
    n = len(pts)
    if n < 3:
        return None
    edges = [(pts[(i + 1) % n][0] - pts[i][0], pts[(i + 1) % n][1] - pts[i][1]) for i in range(n)]
    turns = [edges[i - 1][0] * edges[i][1] - edges[i - 1][1] * edges[i][0] for i in range(n)]
    if not (all(t > 1e-9 for t in turns) or all(t < -1e-9 for t in turns)):
        return None
    side = 1.0 if turns[0] > 0 else -1.0  # the inward normal of edge (dx, dy) is side * (-dy, dx)
    normals = []
    for dx, dy in edges:
        length = math.hypot(dx, dy)
        normals.append((-side * dy / length, side * dx / length))
    inner = []
    for i in range(n):
        (ax, ay), (bx, by) = normals[i - 1], normals[i]
        k = depth / (1.0 + ax * bx + ay * by)  # the mitre: both edges moved in by depth meet here
        inner.append((pts[i][0] + k * (ax + bx), pts[i][1] + k * (ay + by)))
    for i in range(n):  # each inset edge must run as its edge does (not turned round by a short edge)
        dx, dy = inner[(i + 1) % n][0] - inner[i][0], inner[(i + 1) % n][1] - inner[i][1]
        if dx * edges[i][0] + dy * edges[i][1] <= 0:
            return None
    return inner


def _is_grey(colour: Sequence[int]) -> bool:
    return colour[0] == colour[1] == colour[2]


def _bounds_px(poly: list[list[float]]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    return (min(xs), min(ys), max(xs), max(ys))


def _merge_boxes(boxes: list[tuple[float, float, float, float]]) -> list[tuple[float, float, float, float]]:
    """Boxes merged until none overlap (a few polygons per panel: quadratic is fine)."""
    boxes = list(boxes)
    merged = True
    while merged:
        merged = False
        for i in range(len(boxes)):
            for j in range(i + 1, len(boxes)):
                a, b = boxes[i], boxes[j]
                if a[0] <= b[2] + 8 and b[0] <= a[2] + 8 and a[1] <= b[3] + 8 and b[1] <= a[3] + 8:
                    boxes[i] = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
                    del boxes[j]
                    merged = True
                    break
            if merged:
                break
    return boxes


@lru_cache(maxsize=1)
def _static_page() -> tuple[Image.Image, Image.Image]:
    """The page without polygons (captions, panel frames, ruler ticks), at SS x and down-scaled."""
    W, H = CANVAS
    image = Image.new("RGB", (W * SS, H * SS), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for (x0, y0, x1, y1), caption in ((SIL_PANEL, "Silhouette"), (TRAY_PANEL, "Pieces")):
        draw.rectangle([x0 * SS, y0 * SS, x1 * SS, y1 * SS], outline=PANEL_INK, width=PANEL_WIDTH * SS)
        for k, x in enumerate(range(x0, x1 + 1, TICK_EVERY)):
            n = TICK_LEN * (2 if k % 5 == 0 else 1) // 2 * SS
            draw.line([(x * SS, y0 * SS - n), (x * SS, y0 * SS)], fill=PANEL_INK, width=2 * SS)
            draw.line([(x * SS, y1 * SS), (x * SS, y1 * SS + n)], fill=PANEL_INK, width=2 * SS)
        for k, y in enumerate(range(y0, y1 + 1, TICK_EVERY)):
            n = TICK_LEN * (2 if k % 5 == 0 else 1) // 2 * SS
            draw.line([(x0 * SS - n, y * SS), (x0 * SS, y * SS)], fill=PANEL_INK, width=2 * SS)
            draw.line([(x1 * SS, y * SS), (x1 * SS + n, y * SS)], fill=PANEL_INK, width=2 * SS)
        draw_centered_text(draw, ((x0 + x1) / 2 * SS, 33 * SS), caption, 22 * SS, (0, 0, 0), bold=True)
    return image, image.reduce(SS)


def blank_panel_insides() -> list[tuple[int, int, int, int]]:
    """Boxes (px, at SS x) where the static page is blank: each panel inside its frame, with a pixel to
    spare (a frame of width w covers the w pixels inside its rectangle)."""
    inset = (PANEL_WIDTH + 1) * SS
    return [(x0 * SS + inset, y0 * SS + inset, x1 * SS - inset, y1 * SS - inset) for x0, y0, x1, y1 in
            (SIL_PANEL, TRAY_PANEL)]


def _blank_in_static_page(x0: int, y0: int, x1: int, y1: int) -> bool:
    """Whether the static page at SS x is blank in [x0, x1) x [y0, y1): the box lies in a panel's inside."""
    return any(bx0 <= x0 and by0 <= y0 and x1 <= bx1 and y1 <= by1 for bx0, by0, bx1, by1 in blank_panel_insides())


def edit_mask() -> Image.Image:
    """255 inside both panels (pieces leave the tray and enter the silhouette), 0 on frames/captions."""
    return _edit_mask().copy()


@lru_cache(maxsize=1)
def _edit_mask() -> Image.Image:
    """:func:`edit_mask`, drawn once per process (the same for every instance; callers copy it)."""
    mask = Image.new("L", CANVAS, 0)
    draw = ImageDraw.Draw(mask)
    for x0, y0, x1, y1 in (SIL_PANEL, TRAY_PANEL):
        draw.rectangle([x0 + MASK_INSET, y0 + MASK_INSET, x1 - MASK_INSET, y1 - MASK_INSET], fill=255)
    return mask
