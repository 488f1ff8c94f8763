"""Spatial-construction drawings: cube views and a net to colour, paper-folding steps and the sheet to punch,
a cube with three marked points for its section, and polyomino pieces with the region to tile. Each
renderer returns the input, the reference, the edit mask (where the answer is drawn) and the layout the
verifier reads with."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from PIL import Image, ImageDraw

from genpuzzle.renderers.common import Drawing, draw_centered_text

PAPER = (255, 255, 255)
INK = (0, 0, 0)
# Six hue-separated colours (cube faces, pieces); names as the instructions use them.
PALETTE = {"red": (220, 30, 30), "orange": (250, 145, 20), "yellow": (245, 215, 30), "green": (30, 150, 50),
           "blue": (25, 60, 235), "purple": (170, 40, 170)}
COLOUR_NAMES = tuple(PALETTE)
LATTICE_DOT = (185, 185, 185)
GRID_LINE = (170, 170, 170)
SECTION_INK = (200, 20, 20)
MARGIN = 24
MIN_WIDTH = 600  # pages are at least this wide and this high, so that a model's 1024 px square return is
MIN_HEIGHT = 500  # well under the 2.5x scale registration accepts


def _new_page(w: int, h: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    im = Image.new("RGB", (w, h), PAPER)
    return im, ImageDraw.Draw(im)


def _new_grey_page(w: int, h: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """:func:`_new_page` in L, for a page drawn in grey inks only (give them as ints)."""
    im = Image.new("L", (w, h), PAPER[0])
    return im, ImageDraw.Draw(im)


def _dashed(draw: ImageDraw.ImageDraw, a, b, fill, width: int, dash: float = 9, gap: float = 6) -> None:
    length = math.dist(a, b)
    if length == 0:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = 0.0
    while t < length:
        e = min(length, t + dash)
        draw.line([(a[0] + ux * t, a[1] + uy * t), (a[0] + ux * e, a[1] + uy * e)], fill=fill, width=width)
        t = e + gap


def _mask_of(size: tuple[int, int], boxes: Sequence[Sequence[float]] = (), polygons: Sequence = ()) -> Image.Image:
    mask = Image.new("L", size, 0)
    d = ImageDraw.Draw(mask)
    for x0, y0, x1, y1 in boxes:
        d.rectangle([x0, y0, x1, y1], fill=255)
    for poly in polygons:
        d.polygon([tuple(p) for p in poly], fill=255)
    return mask


# ------------------------------------------------------------------------------------------ cube net

VIEW_DIR = np.array([1.0, -1.0, 1.0]) / math.sqrt(3)  # from the cube toward the viewer: front-right-above
SCREEN_X = np.array([1.0, 1.0, 0.0]) / math.sqrt(2)
SCREEN_Y = np.cross(VIEW_DIR, SCREEN_X)  # screen up
# View 2: the cube turned half a turn about the horizontal axis (1, 1, 0), which brings back, left and
# bottom to where right, front and top were.
TURN_OVER = np.array([[0, 1, 0], [1, 0, 0], [0, 0, -1]])
FACE_NORMALS = {"top": (0, 0, 1), "bottom": (0, 0, -1), "front": (0, -1, 0), "back": (0, 1, 0),
                "right": (1, 0, 0), "left": (-1, 0, 0)}


def _face_corners(normal: Sequence[int]) -> np.ndarray:
    n = np.array(normal, float)
    axes = [np.eye(3)[i] for i in range(3) if n[i] == 0]
    c = n / 2
    u, v = axes[0] / 2, axes[1] / 2
    return np.array([c + u + v, c + u - v, c - u - v, c - u + v])


def draw_cube_view(draw: ImageDraw.ImageDraw, centre: tuple[float, float], side: float,
                   colours: dict[str, tuple[int, int, int]], rotation: np.ndarray) -> list[list[float]]:
    """Draw the cube (unit cube centred at the origin, each face in its colour and labelled with its name)
    turned by ``rotation`` and seen from the front-right-above; returns the drawn polygons."""
    polys = []
    for name, normal in FACE_NORMALS.items():
        turned = rotation @ np.array(normal, float)
        if turned @ VIEW_DIR <= 1e-9:
            continue
        corners = (rotation @ _face_corners(normal).T).T
        pts = [(centre[0] + side * (p @ SCREEN_X), centre[1] - side * (p @ SCREEN_Y)) for p in corners]
        draw.polygon(pts, fill=colours[name], outline=INK, width=3)
        cx = sum(p[0] for p in pts) / 4
        cy = sum(p[1] for p in pts) / 4
        draw_centered_text(draw, (cx, cy), name.capitalize(), 13, INK, bold=True)
        polys.append([[round(x, 2), round(y, 2)] for x, y in pts])
    return polys


def render_cube_net(cube: dict[str, int], net: Sequence[tuple[int, int]], solution: dict[tuple[int, int], int],
                    anchors: Sequence[tuple[int, int]]) -> Drawing:
    """Two labelled views of the coloured cube above a net whose ``anchors`` squares are coloured; the
    reference colours every square by ``solution`` (square -> palette index)."""
    cell = 62
    rows = max(r for r, _ in net) + 1
    cols = max(c for _, c in net) + 1
    view_side = 92
    view_box = 230
    width = max(2 * view_box + 3 * MARGIN, cols * cell + 2 * MARGIN + 40, MIN_WIDTH)
    net_top = MARGIN + 26 + view_box + 40
    height = max(MIN_HEIGHT, net_top + rows * cell + MARGIN + 8)
    colours = {face: PALETTE[COLOUR_NAMES[k]] for face, k in cube.items()}
    net_x0 = (width - cols * cell) // 2
    boxes = {(r, c): [net_x0 + c * cell, net_top + r * cell, net_x0 + (c + 1) * cell, net_top + (r + 1) * cell]
             for r, c in net}
    views = []
    centres = [(width / 2 - view_box / 2 - MARGIN / 2, MARGIN + 26 + view_box / 2),
               (width / 2 + view_box / 2 + MARGIN / 2, MARGIN + 26 + view_box / 2)]

    def page(filled: dict[tuple[int, int], int]) -> Image.Image:
        im, d = _new_page(width, height)
        for k, (centre, rot, title) in enumerate(zip(centres, (np.eye(3), TURN_OVER),
                                                      ("View 1", "View 2 (turned over)"))):
            draw_centered_text(d, (centre[0], MARGIN + 8), title, 16, INK, bold=True)
            polys = draw_cube_view(d, centre, view_side, colours, rot)
            if len(views) < 2:
                views.append({"title": title, "polygons": polys,
                              "bbox": [round(centre[0] - view_box / 2), MARGIN - 4,
                                       round(centre[0] + view_box / 2), round(centre[1] + view_box / 2)]})
        draw_centered_text(d, (width / 2, net_top - 18), "Net", 16, INK, bold=True)
        for sq, box in boxes.items():
            fill = PALETTE[COLOUR_NAMES[filled[sq]]] if sq in filled else PAPER
            d.rectangle(box, fill=fill)
        for box in boxes.values():
            d.rectangle(box, outline=INK, width=3)
        return im

    anchor_colours = {sq: solution[sq] for sq in anchors}
    puzzle = page(anchor_colours)
    reference = page(dict(solution))
    answer_squares = [sq for sq in net if sq not in anchor_colours]
    mask = _mask_of((width, height), [[b[0] + 3, b[1] + 3, b[2] - 3, b[3] - 3]
                                      for sq, b in boxes.items() if sq in answer_squares])
    layout = {"kind": "cube_net", "cell_px": cell, "views": views,
              "squares": [{"cell": list(sq), "bbox": boxes[sq], "anchor": sq in anchor_colours} for sq in sorted(net)],
              "answer_bbox": [net_x0 - 4, net_top - 4, net_x0 + cols * cell + 4, net_top + rows * cell + 4],
              "palette": {name: list(rgb) for name, rgb in PALETTE.items()}}
    return Drawing(puzzle, reference, mask, layout)


# ------------------------------------------------------------------------------------------ paper folding


def _region_polygon(box) -> list[tuple[float, float]]:
    x0, y0, x1, y1, tri = (float(v) if not isinstance(v, str) else v for v in box)
    if tri == "upper":  # above the main diagonal: (x0,y0), (x1,y0), (x1,y1)
        return [(x0, y0), (x1, y0), (x1, y1)]
    if tri == "lower":
        return [(x0, y0), (x1, y1), (x0, y1)]
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def render_paper_folding(n: int, folds: Sequence[tuple[str, str]], punches: Sequence[tuple[int, int]],
                         holes: Sequence[tuple[int, int]], regions: Sequence) -> Drawing:
    """The folding steps (each the paper before the fold, the fold line dashed, the flap shaded with an
    arrow to where it goes), the punched folded paper, and below it the open sheet with a grey dot on every
    lattice point; the reference draws the holes as black discs on the sheet."""
    panel = 150
    steps = len(folds) + 1
    width = max(steps * panel + (steps + 1) * MARGIN, MIN_WIDTH)
    sheet_unit = {4: 60, 6: 46}.get(n, 280 // n)
    sheet = n * sheet_unit
    sheet_top = MARGIN + 24 + panel + 56
    height = max(MIN_HEIGHT, sheet_top + sheet + MARGIN + 8)
    sx0 = (width - sheet) // 2
    full = (0, 0, n, n, "")
    boxes_before = [full] + list(regions)
    x_first = (width - (steps * panel + (steps - 1) * MARGIN)) / 2
    step_boxes = []

    def to_panel(k: int, x: float, y: float) -> tuple[float, float]:
        px0 = x_first + k * (panel + MARGIN) + 8
        u = (panel - 16) / n
        return (px0 + x * u, MARGIN + 24 + 8 + y * u)

    def page(with_holes: bool) -> Image.Image:
        im, d = _new_page(width, height)
        for k in range(steps):
            px0 = x_first + k * (panel + MARGIN)
            title = f"Fold {k + 1}" if k < len(folds) else "Punch"
            draw_centered_text(d, (px0 + panel / 2, MARGIN + 8), title, 15, INK, bold=True)
            box = boxes_before[k]
            poly = [to_panel(k, x, y) for x, y in _region_polygon(box)]
            d.polygon(poly, fill=(246, 246, 246), outline=INK, width=2)
            if k < len(folds):
                kind, _keep = folds[k]
                after = regions[k]
                kept = [to_panel(k, x, y) for x, y in _region_polygon(after)]
                d.polygon(poly, fill=(214, 214, 214), outline=INK, width=2)  # the flap ...
                d.polygon(kept, fill=(246, 246, 246), outline=INK, width=2)  # ... over the part that stays
                x0, y0, x1, y1, _ = (float(v) if not isinstance(v, str) else v for v in box)
                if kind == "v":
                    a, b = ((x0 + x1) / 2, y0), ((x0 + x1) / 2, y1)
                elif kind == "h":
                    a, b = (x0, (y0 + y1) / 2), (x1, (y0 + y1) / 2)
                else:
                    a, b = (x0, y0), (x1, y1)
                _dashed(d, to_panel(k, *a), to_panel(k, *b), INK, 2, 6, 4)
                flap_c = np.mean([p for p in poly if p not in kept] or poly, axis=0)
                kept_c = np.mean(kept, axis=0)
                tail, head = flap_c, kept_c
                d.line([tuple(tail), tuple(head)], fill=(200, 30, 30), width=3)
                ux, uy = (head - tail) / max(1e-6, float(np.linalg.norm(head - tail)))
                hs = 10
                d.polygon([tuple(head), (head[0] - hs * ux + 0.6 * hs * uy, head[1] - hs * uy - 0.6 * hs * ux),
                           (head[0] - hs * ux - 0.6 * hs * uy, head[1] - hs * uy + 0.6 * hs * ux)], fill=(200, 30, 30))
            else:
                r_hole = 0.28 * (panel - 16) / n
                for r, c in punches:
                    x, y = to_panel(k, c + 0.5, r + 0.5)
                    d.ellipse([x - r_hole, y - r_hole, x + r_hole, y + r_hole], fill=INK)
            if len(step_boxes) < steps:
                step_boxes.append([round(px0) - 2, MARGIN - 4, round(px0 + panel) + 2, MARGIN + 24 + panel + 4])
        draw_centered_text(d, (width / 2, sheet_top - 22), "Unfolded sheet", 15, INK, bold=True)
        d.rectangle([sx0, sheet_top, sx0 + sheet, sheet_top + sheet], fill=(250, 250, 250), outline=INK, width=3)
        for r in range(n):
            for c in range(n):
                x, y = sx0 + (c + 0.5) * sheet_unit, sheet_top + (r + 0.5) * sheet_unit
                if with_holes and (r, c) in holes:
                    rr = 0.28 * sheet_unit
                    d.ellipse([x - rr, y - rr, x + rr, y + rr], fill=INK)
                else:
                    d.ellipse([x - 3, y - 3, x + 3, y + 3], fill=LATTICE_DOT)
        return im

    puzzle = page(False)
    reference = page(True)
    mask = _mask_of((width, height), [[sx0 + 3, sheet_top + 3, sx0 + sheet - 3, sheet_top + sheet - 3]])
    layout = {"kind": "paper_folding", "n": n, "cell_px": sheet_unit, "steps": step_boxes,
              "sheet_bbox": [sx0, sheet_top, sx0 + sheet, sheet_top + sheet],
              "points": [[[round(sx0 + (c + 0.5) * sheet_unit, 2), round(sheet_top + (r + 0.5) * sheet_unit, 2)]
                          for c in range(n)] for r in range(n)],
              "answer_bbox": [sx0, sheet_top, sx0 + sheet, sheet_top + sheet]}
    return Drawing(puzzle, reference, mask, layout)


# ------------------------------------------------------------------------------------------ cross-section

CUBE_SIDE = 300
DEPTH = 0.5  # oblique (cabinet) projection: depth drawn at half length, 45 degrees up and right


def project(point: Sequence[float], origin: tuple[float, float], side: float = CUBE_SIDE) -> tuple[float, float]:
    """Screen position of a point of the unit cube (x right, y back, z up)."""
    x, y, z = (float(v) for v in point)
    k = DEPTH * math.sqrt(0.5)
    return (origin[0] + side * (x + k * y), origin[1] - side * (z + k * y))


def render_cross_section(labels: dict[str, Sequence], polygon: Sequence[Sequence], hidden: Sequence[bool],
                         edges: Sequence[tuple[int, int]], vertices: Sequence[Sequence[int]],
                         label_sides: dict[str, tuple[float, float]]) -> Drawing:
    """The cube (hidden edges dashed) with points P, Q, R; the reference adds the section polygon (red;
    edges on hidden faces dashed)."""
    k = DEPTH * math.sqrt(0.5)
    width = max(MIN_WIDTH, int(CUBE_SIDE * (1 + k) + 2 * MARGIN + 80))
    height = max(MIN_HEIGHT, int(CUBE_SIDE * (1 + k) + 2 * MARGIN + 60))
    origin = ((width - CUBE_SIDE * (1 + k)) / 2, height - MARGIN - 30)
    screen_v = [project(v, origin) for v in vertices]
    back_corner = vertices.index((0, 1, 0)) if (0, 1, 0) in vertices else vertices.index([0, 1, 0])
    pts = {name: project(p, origin) for name, p in labels.items()}
    poly_px = [project(p, origin) for p in polygon]

    def page(with_section: bool) -> Image.Image:
        # without the section every ink is grey: that page is drawn in L (the pixels the set stores of it,
        # without an RGB page and the writer's colour count)
        im, d = _new_page(width, height) if with_section else _new_grey_page(width, height)
        ink, hidden_ink = (INK, (60, 60, 60)) if with_section else (INK[0], 60)
        for a, b in edges:
            if back_corner in (a, b):
                _dashed(d, screen_v[a], screen_v[b], hidden_ink, 2)
        for a, b in edges:
            if back_corner not in (a, b):
                d.line([screen_v[a], screen_v[b]], fill=ink, width=3)
        if with_section:
            for i in range(len(poly_px)):
                a, b = poly_px[i], poly_px[(i + 1) % len(poly_px)]
                if hidden[i]:
                    _dashed(d, a, b, SECTION_INK, 3, 10, 5)
                else:
                    d.line([a, b], fill=SECTION_INK, width=3)
        for name, (x, y) in pts.items():
            d.ellipse([x - 5, y - 5, x + 5, y + 5], fill=ink)
            ox, oy = label_sides[name]
            draw_centered_text(d, (x + 17 * ox, y + 17 * oy), name, 18, ink, bold=True)
        return im

    puzzle = page(False)
    reference = page(True)
    xs = [p[0] for p in screen_v]
    ys = [p[1] for p in screen_v]
    cube_bbox = [round(min(xs)) - 6, round(min(ys)) - 6, round(max(xs)) + 6, round(max(ys)) + 6]
    label_boxes = {name: [round(x + 17 * label_sides[name][0] - 11), round(y + 17 * label_sides[name][1] - 12),
                          round(x + 17 * label_sides[name][0] + 11), round(y + 17 * label_sides[name][1] + 12)]
                   for name, (x, y) in pts.items()}
    mask = _mask_of((width, height), [cube_bbox])
    layout = {"kind": "cross_section", "cell_px": CUBE_SIDE / 6, "origin": [origin[0], origin[1]],
              "side": CUBE_SIDE, "depth": DEPTH, "cube_bbox": cube_bbox, "answer_bbox": cube_bbox,
              "vertices_px": [[round(x, 2), round(y, 2)] for x, y in screen_v],
              "points_px": {n: [round(x, 2), round(y, 2)] for n, (x, y) in pts.items()},
              "label_boxes": label_boxes,
              "section_px": [[round(x, 2), round(y, 2)] for x, y in poly_px]}
    return Drawing(puzzle, reference, mask, layout)


# ------------------------------------------------------------------------------------------ assembly


def render_assembly(rows: int, cols: int, pieces: Sequence[Sequence[tuple[int, int]]],
                    solution: Sequence[Sequence[tuple[int, int]]]) -> Drawing:
    """The pieces (each in its palette colour, outlined) in a row above the outlined target grid; the
    reference fills each target cell with the colour of the piece covering it."""
    pc = 34
    cell = 68
    shapes = [np.array(p) for p in pieces]
    widths = [int(s[:, 1].max()) + 1 for s in shapes]
    heights = [int(s[:, 0].max()) + 1 for s in shapes]
    gap = 26
    # pieces in rows no wider than the page's minimum width (a long single row makes a wide, flat page,
    # which a model's square return squashes beyond what registration accepts)
    rows_of: list[list[int]] = [[]]
    for k, w in enumerate(widths):
        row_now = sum(widths[i] * pc for i in rows_of[-1]) + gap * len(rows_of[-1])
        if rows_of[-1] and row_now + w * pc > MIN_WIDTH - 2 * MARGIN:
            rows_of.append([])
        rows_of[-1].append(k)
    row_ws = [sum(widths[i] * pc for i in row) + gap * (len(row) - 1) for row in rows_of]
    row_hs = [max(heights[i] for i in row) * pc for row in rows_of]
    width = max(max(row_ws) + 2 * MARGIN, cols * cell + 2 * MARGIN, MIN_WIDTH)
    pieces_h = sum(row_hs) + gap * (len(rows_of) - 1)
    target_top = MARGIN + 24 + pieces_h + 56
    height = max(MIN_HEIGHT, target_top + rows * cell + MARGIN + 6)
    tx0 = (width - cols * cell) // 2
    piece_boxes: list = [None] * len(pieces)
    y = MARGIN + 24
    for row, rw, rh in zip(rows_of, row_ws, row_hs):
        x = (width - rw) / 2
        for k in row:
            piece_boxes[k] = [round(x), y, round(x + widths[k] * pc), y + heights[k] * pc]
            x += widths[k] * pc + gap
        y += rh + gap

    def outline(d: ImageDraw.ImageDraw, cells: set, x0: float, y0: float, size: float, width_px: int) -> None:
        for r, c in cells:
            for (dr, dc), seg in (((-1, 0), ((0, 0), (1, 0))), ((1, 0), ((0, 1), (1, 1))),
                                  ((0, -1), ((0, 0), (0, 1))), ((0, 1), ((1, 0), (1, 1)))):
                if (r + dr, c + dc) not in cells:
                    (ax, ay), (bx, by) = seg
                    d.line([(x0 + (c + ax) * size, y0 + (r + ay) * size), (x0 + (c + bx) * size, y0 + (r + by) * size)],
                           fill=INK, width=width_px)

    def page(filled: bool) -> Image.Image:
        im, d = _new_page(width, height)
        draw_centered_text(d, (width / 2, MARGIN + 6), "Pieces", 15, INK, bold=True)
        for k, (s, box) in enumerate(zip(shapes, piece_boxes)):
            colour = PALETTE[COLOUR_NAMES[k]]
            for r, c in s:
                d.rectangle([box[0] + c * pc, box[1] + r * pc, box[0] + (c + 1) * pc, box[1] + (r + 1) * pc],
                            fill=colour, outline=GRID_LINE, width=1)
            outline(d, {(int(r), int(c)) for r, c in s}, box[0], box[1], pc, 2)
        draw_centered_text(d, (width / 2, target_top - 20), "Region to tile", 15, INK, bold=True)
        if filled:
            for k, region in enumerate(solution):
                for r, c in region:
                    d.rectangle([tx0 + c * cell, target_top + r * cell, tx0 + (c + 1) * cell, target_top + (r + 1) * cell],
                                fill=PALETTE[COLOUR_NAMES[k]])
        for r in range(1, rows):
            d.line([(tx0, target_top + r * cell), (tx0 + cols * cell, target_top + r * cell)], fill=GRID_LINE, width=1)
        for c in range(1, cols):
            d.line([(tx0 + c * cell, target_top), (tx0 + c * cell, target_top + rows * cell)], fill=GRID_LINE, width=1)
        d.rectangle([tx0, target_top, tx0 + cols * cell, target_top + rows * cell], outline=INK, width=3)
        return im

    puzzle = page(False)
    reference = page(True)
    target_bbox = [tx0, target_top, tx0 + cols * cell, target_top + rows * cell]
    mask = _mask_of((width, height), [[tx0 + 2, target_top + 2, tx0 + cols * cell - 2, target_top + rows * cell - 2]])
    layout = {"kind": "assembly", "rows": rows, "cols": cols, "cell_px": cell, "target_bbox": target_bbox,
              "answer_bbox": target_bbox, "piece_boxes": piece_boxes, "piece_cell_px": pc}
    return Drawing(puzzle, reference, mask, layout)
