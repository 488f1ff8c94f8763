"""Orthographic-projection drawing: the isometric picture of a cube structure (shaded faces drawn from
the visible-face map, floor grid, front arrow, optional printed stack heights) and labelled view grids
("Front", "Top", "Right", and "Heights" for writing stack heights), the reference with the answer grids
filled, and the edit mask (the answer grids' cells)."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import numpy as np
from PIL import Image, ImageDraw

from genpuzzle.renderers.common import Drawing, cell_box, draw_centered_text, draw_text, font
from genpuzzle.solvers.orthographic import FLOOR, FRONT, RIGHT, TOP, face_map

BACKGROUND = (255, 255, 255)
EDGE_INK = (0, 0, 0)
FLOOR_LINE = (150, 150, 150)
FACE_FILL = {TOP: (232, 232, 232), FRONT: (140, 140, 140), RIGHT: (188, 188, 188), FLOOR: (255, 255, 255)}
FILL_INK = (0, 0, 0)
GRID_INK = (90, 90, 90)
BORDER_INK = (0, 0, 0)
LABEL_INK = (0, 0, 0)
ARROW_INK = (200, 30, 30)
CELL_PX = 44
MARGIN = 30
GRID_GAP = 80
CAPTION_PX = 20
HINT_PX = 13
DIGIT_PX = 28
HINTS = {"front": "(seen from the front)", "top": "(front edge at bottom)", "right": "(front edge at left)",
         "heights": "(front edge at bottom)"}
CAPTIONS = {"front": "Front", "top": "Top", "right": "Right", "heights": "Heights"}
COS30 = math.cos(math.radians(30))
INK_BELOW_250 = [255] * 250 + [0] * 6  # point() table: luma below 250 is ink


def iso_side_for(n: int) -> int:
    """Screen length of a cube edge in the isometric drawing."""
    return {3: 46, 4: 40, 5: 34}.get(n, max(24, 170 // n))


def lattice_point(a: float, b: float, side: float, origin: tuple[float, float]) -> tuple[float, float]:
    """Screen position of lattice point (a, b) = (X - Z, Y + Z)."""
    return (origin[0] + (a + b) * COS30 * side, origin[1] - (b - a) * 0.5 * side)


def triangle_points(tri: tuple[int, int, int]) -> list[tuple[int, int]]:
    a, b, s = tri
    return [(a, b), (a + 1, b), (a, b + 1)] if s == 0 else [(a + 1, b), (a, b + 1), (a + 1, b + 1)]


@lru_cache(maxsize=None)
def _triangle_edges(tri: tuple[int, int, int]) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
    p = triangle_points(tri)
    return tuple(tuple(sorted((p[i], p[(i + 1) % 3]))) for i in range(3))  # type: ignore[misc]


def drawing_extent(n: int, side: float) -> tuple[float, float, float, float]:
    """Bounding box of any n x n structure's drawing (heights <= n) relative to the lattice origin."""
    pts = [lattice_point(a, b, side, (0.0, 0.0))
           for a, b in [(0, 0), (n, 0), (0, n), (n, n), (-n, n), (0, 2 * n), (n - n, n + n), (-n, 2 * n)]]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def draw_isometric(draw: ImageDraw.ImageDraw, heightmap: Any, origin: tuple[float, float], side: float,
                   printed: set[tuple[int, int]]) -> None:
    """Fill every visible screen triangle with its face's shade, then draw the edges between different
    faces (black between cube faces, grey between floor cells), then the printed heights. The picture
    is a function of the visible-face map only, which is what the ambiguity proof reasons about."""
    faces = face_map(heightmap)
    h = np.asarray(heightmap)
    screen: dict[tuple[int, int], tuple[float, float]] = {}  # lattice point -> lattice_point(), once each

    def at(p: tuple[int, int]) -> tuple[float, float]:
        q = screen.get(p)
        if q is None:
            q = screen[p] = lattice_point(p[0], p[1], side, origin)
        return q

    # Pillow's core calls, inks resolved once: what draw.polygon(fill=) and draw.line(fill=, width=) run
    core = draw.draw
    fills = {kind: draw._getink(None, colour)[1] for kind, colour in FACE_FILL.items()}
    for tri, k in faces.items():
        core.draw_polygon([at(p) for p in triangle_points(tri)], fills[k.kind], 1)
    owner: dict[tuple, list] = {}
    for tri, k in faces.items():
        face = (k.kind, k.r, k.c, k.z)
        for edge in _triangle_edges(tri):
            ids = owner.get(edge)
            if ids is None:
                owner[edge] = [face]
            else:
                ids.append(face)
    width = max(2, round(side / 16))
    lines_floor, lines_cube = [], []
    for edge, ids in owner.items():
        if len(ids) == 2 and ids[0] == ids[1]:
            continue
        floor_only = all(i[0] == FLOOR for i in ids)
        (lines_floor if floor_only else lines_cube).append(edge)
    for group, colour, w in ((lines_floor, FLOOR_LINE, max(1, width - 1)), (lines_cube, EDGE_INK, width)):
        ink = draw._getink(colour)[0]
        for (p, q) in group:
            core.draw_lines([at(p), at(q)], ink, w)
    for (r, c) in sorted(printed):
        tris = [t for t, k in faces.items() if k.kind == TOP and k.r == r and k.c == c and k.z == h[r, c] - 1]
        pts = [lattice_point(a, b, side, origin) for t in tris for a, b in triangle_points(t)]
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        draw_centered_text(draw, (cx, cy), str(int(h[r, c])), max(11, round(side * 0.36)), (20, 20, 160), bold=True)


def draw_front_arrow(draw: ImageDraw.ImageDraw, n: int, origin: tuple[float, float], side: float) -> list[int]:
    """An arrow pointing at the middle of the floor's front edge from outside, labelled "Front";
    returns the pixel box of arrow and label."""
    mid = lattice_point(n / 2, 0, side, origin)
    away = lattice_point(n / 2, -1.6, side, origin)  # one and a half cells in front of the floor
    tail = lattice_point(n / 2, -0.35, side, origin)
    draw.line([away, tail], fill=ARROW_INK, width=3)
    dx, dy = tail[0] - away[0], tail[1] - away[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    head = 12
    left = (tail[0] - head * ux + head * 0.55 * uy, tail[1] - head * uy - head * 0.55 * ux)
    right = (tail[0] - head * ux - head * 0.55 * uy, tail[1] - head * uy + head * 0.55 * ux)
    draw.polygon([tail, left, right], fill=ARROW_INK)
    label = (away[0] - 30, away[1] + 12)
    draw_centered_text(draw, label, "Front", 18, ARROW_INK, bold=True)
    xs = [away[0], tail[0], label[0] - 32, label[0] + 32, mid[0]]
    ys = [away[1], tail[1], label[1] - 12, label[1] + 12]
    return [round(min(xs)) - 4, round(min(ys)) - 4, round(max(xs)) + 4, round(max(ys)) + 4]


def grey_ink(draw: ImageDraw.ImageDraw, color: tuple[int, int, int]) -> Any:
    """``color`` (a grey: R = G = B) as the ink of ``draw``'s page: its level on an L page."""
    return color[0] if draw.mode == "L" else color


def draw_grid(draw: ImageDraw.ImageDraw, grid: dict[str, Any]) -> None:
    x0, y0, x1, y1 = grid["grid_bbox"]
    n = grid["rows"]
    step = (x1 - x0) / n
    grid_ink = grey_ink(draw, GRID_INK)
    for k in range(1, n):
        draw.line([(x0 + k * step, y0), (x0 + k * step, y1)], fill=grid_ink, width=2)
        draw.line([(x0, y0 + k * step), (x1, y0 + k * step)], fill=grid_ink, width=2)
    draw.rectangle([x0 - 1, y0 - 1, x1 + 1, y1 + 1], outline=grey_ink(draw, BORDER_INK), width=3)


def fill_cells(draw: ImageDraw.ImageDraw, grid: dict[str, Any], cells: Any, ink=FILL_INK) -> None:
    ink = grey_ink(draw, ink)
    for r, row in enumerate(np.asarray(cells).tolist()):
        for c, v in enumerate(row):
            if v:
                x0, y0, x1, y1 = cell_box(grid, r, c)
                draw.rectangle([x0, y0, x1, y1], fill=ink)


def write_heights(draw: ImageDraw.ImageDraw, grid: dict[str, Any], heights: Any) -> None:
    ink = grey_ink(draw, (0, 0, 0))
    for r, row in enumerate(np.asarray(heights).tolist()):
        for c, v in enumerate(row):
            if v:
                x0, y0, x1, y1 = cell_box(grid, r, c)
                draw_centered_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), str(v), DIGIT_PX, ink, bold=True)


def render_orthographic(n: int, heightmap: Any, views: dict[str, Any], grids: list[str], answers: list[str],
                        show_drawing: bool, printed: set[tuple[int, int]]) -> Drawing:
    """Draw one instance. ``grids``: which labelled grids appear, in order (``front``, ``top``,
    ``right``, ``heights``); ``answers``: those left empty for the answer (the rest show their view).
    The reference fills the answer grids (views) or writes the heights (blank for 0)."""
    side = iso_side_for(n)
    cap_h = CAPTION_PX + HINT_PX + 12
    gw = n * CELL_PX
    # the heights grid gets its own row below the views, so that pages stay close to square
    grid_rows = [[g for g in grids if g != "heights"], [g for g in grids if g == "heights"]]
    grid_rows = [row for row in grid_rows if row]
    row_w = max(len(row) * gw + (len(row) - 1) * GRID_GAP for row in grid_rows)
    if show_drawing:
        ex0, ey0, ex1, ey1 = drawing_extent(n, side)
        arrow_room = 2.2 * side
        draw_w = ex1 - ex0 + arrow_room
        draw_h = ey1 - ey0 + arrow_room * 0.8
    else:
        draw_w = draw_h = 0.0
    width = int(max(row_w, draw_w) + 2 * MARGIN)
    top_y = MARGIN
    layout: dict[str, Any] = {"n": n, "cell_px": CELL_PX, "grids": {}, "labels": {}, "caption_lines": {}, "answer_grids": list(answers),
                              "given_grids": [g for g in grids if g not in answers]}
    if show_drawing:
        origin = (width / 2 - (ex0 + ex1) / 2 + arrow_room * 0.45, top_y - ey0)
        layout["iso"] = {"origin": [round(origin[0], 3), round(origin[1], 3)], "side": side}
        top_y += draw_h + 16
    first_grid_top = int(top_y + cap_h)
    grid_top = first_grid_top
    for row in grid_rows:
        x = (width - (len(row) * gw + (len(row) - 1) * GRID_GAP)) / 2
        for name in row:
            gx0 = int(round(x))
            layout["grids"][name] = {"grid_bbox": [gx0, grid_top, gx0 + gw, grid_top + gw], "rows": n, "cols": n}
            cx = gx0 + gw / 2
            tw = max(font(CAPTION_PX, True).getlength(CAPTIONS[name]), font(HINT_PX).getlength(HINTS[name]))
            lx0, lx1 = round(cx - tw / 2) - 3, round(cx + tw / 2) + 3
            layout["labels"][name] = [lx0, grid_top - cap_h, lx1, grid_top - 5]
            split = grid_top - cap_h + CAPTION_PX + 5
            layout["caption_lines"][name] = {"text": [CAPTIONS[name], HINTS[name]],
                                             "boxes": [[lx0, grid_top - cap_h, lx1, split],
                                                       [lx0, split, lx1, grid_top - 3]]}
            x += gw + GRID_GAP
        grid_top += gw + 30 + cap_h
    height = int(grid_top - 30 - cap_h + MARGIN)

    def page() -> tuple[Image.Image, ImageDraw.ImageDraw]:
        # without the drawing (red arrow, blue heights) every ink is grey: drawn in L, the pixels the set
        # stores anyway (an RGB page with no colour is written as grey), without telling it by counting
        im = Image.new("RGB", (width, height), BACKGROUND) if show_drawing else Image.new("L", (width, height), 255)
        d = ImageDraw.Draw(im)
        label_ink = grey_ink(d, LABEL_INK)
        if show_drawing:
            draw_isometric(d, heightmap, origin, side, printed)
            layout["arrow_bbox"] = draw_front_arrow(d, n, origin, side)
        for name in grids:
            g = layout["grids"][name]
            cx = (g["grid_bbox"][0] + g["grid_bbox"][2]) / 2
            gy = g["grid_bbox"][1]
            draw_centered_text(d, (cx, gy - cap_h + CAPTION_PX / 2 + 1), CAPTIONS[name], CAPTION_PX, label_ink,
                               bold=True)
            draw_text(d, (cx, gy - 8), HINTS[name], font(HINT_PX), label_ink, anchor="ms")
            if name not in answers:
                fill_cells(d, g, views[name])
        return im, d

    puzzle, draw = page()
    reference = puzzle.copy()  # both pages start the same: draw it once
    ref_draw = ImageDraw.Draw(reference)
    for name in grids:
        draw_grid(draw, layout["grids"][name])
    for name in answers:
        g = layout["grids"][name]
        if name == "heights":
            write_heights(ref_draw, g, heightmap)
        else:
            fill_cells(ref_draw, g, views[name])
    for name in grids:
        draw_grid(ref_draw, layout["grids"][name])
    if show_drawing:  # the box of the ink (luma < 250) above the first grid's caption
        above = puzzle.crop((0, 0, width, int(first_grid_top - cap_h))).convert("L").point(INK_BELOW_250)
        x0, y0, x1, y1 = above.getbbox()
        layout["drawing_bbox"] = [x0 - 2, y0 - 2, x1 + 2, y1 + 2]
    mask = Image.new("L", (width, height), 0)
    mdraw = ImageDraw.Draw(mask)
    for name in answers:
        x0, y0, x1, y1 = layout["grids"][name]["grid_bbox"]
        mdraw.rectangle([x0 + 2, y0 + 2, x1 - 2, y1 - 2], fill=255)
    return Drawing(puzzle, reference, mask, layout)
