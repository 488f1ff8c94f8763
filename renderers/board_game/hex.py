"""Hex 7x7 drawing: a rhombus of pointy-top hexagons (each row half a cell right of the one above) with
dark outlines on a light fill, red border lines along the top and bottom edges (Red's), blue along the
left and right edges (Blue's), red and blue stones; columns a-g below the bottom row, rows 1-7 (1 at the
bottom) left of each row."""

from __future__ import annotations

import math
from functools import lru_cache

from genpuzzle.renderers.board_game.base import (LABEL_INK, LABEL_PX, LINE_INK, MARGIN, BoardDrawing, draw_stone,
                                                 finish_layout, text_box)
from genpuzzle.renderers.common import draw_text, font
from genpuzzle.solvers.board_game.base import FILES

N = 7
SIDE = 25  # hexagon centre-to-vertex
CELL_FILL = (238, 228, 205)
COLOURS = {"R": (215, 40, 40), "U": (40, 80, 210)}
EDGE_WIDTH = 5
PAD_Y = 45  # extra paper above and below: a less elongated page (models often return square images)


def _geometry() -> dict:
    w = math.sqrt(3) * SIDE
    x0 = MARGIN + 2 * LABEL_PX + w
    y0 = MARGIN + 2 * SIDE + PAD_Y
    centers = [[[round(x0 + c * w + r * w / 2, 2), round(y0 + r * 1.5 * SIDE, 2)] for c in range(N)] for r in range(N)]
    boxes = [[[round(x - w / 2, 2), round(y - w / 2, 2), round(x + w / 2, 2), round(y + w / 2, 2)] for x, y in row]
             for row in centers]
    xs = [p[0] for row in centers for p in row]
    ys = [p[1] for row in centers for p in row]
    bbox = [int(min(xs) - w / 2 - 8), int(min(ys) - SIDE - 8), int(max(xs) + w / 2 + 8), int(max(ys) + SIDE + 8)]
    return {"rows": N, "cols": N, "cell_px": round(w, 2), "cell_boxes": boxes, "cell_centers": centers,
            "grid_bbox": [round(min(xs), 2), round(min(ys), 2), round(max(xs), 2), round(max(ys), 2)],
            "board_bbox": bbox,
            "image_size": [int(bbox[2] + MARGIN + LABEL_PX), int(bbox[3] + MARGIN + 2 * LABEL_PX + PAD_Y)]}


def hexagon(x: float, y: float) -> list[tuple[float, float]]:
    return [(x + SIDE * math.cos(math.radians(30 + 60 * k)), y + SIDE * math.sin(math.radians(30 + 60 * k)))
            for k in range(6)]


def render_board(board: list[list[str]]) -> BoardDrawing:
    from PIL import ImageDraw

    static, g, labels, points = _static_board()
    image = static.copy()
    draw = ImageDraw.Draw(image)
    centers = g["cell_centers"]
    radius = 0.4 * g["cell_px"]
    for r in range(N):
        for c in range(N):
            if board[r][c] in COLOURS:
                draw_stone(draw, centers[r][c], radius, COLOURS[board[r][c]], outline=(30, 30, 30))
    layout = finish_layout("hex", "stone", g, piece_radius=radius, line_points=points, labels=labels,
                           palette={".": CELL_FILL, **COLOURS}, hollow_code=None)
    return BoardDrawing(image, layout)


@lru_cache(maxsize=1)
def _static_board():
    """The empty board (hexagons, coloured edges, labels; the labels lie clear of every stone), its
    geometry, labels and line points: drawn once per process (layouts share the lists; nothing mutates
    them)."""
    from PIL import Image, ImageDraw

    g = _geometry()
    image = Image.new("RGB", tuple(g["image_size"]), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    centers = g["cell_centers"]
    edges: dict[tuple, list[float]] = {}
    for r in range(N):
        for c in range(N):
            pts = hexagon(*centers[r][c])
            draw.polygon(pts, fill=CELL_FILL, outline=LINE_INK, width=2)
            for k in range(6):
                a, b = pts[k], pts[(k + 1) % 6]
                key = tuple(sorted([(round(a[0]), round(a[1])), (round(b[0]), round(b[1]))]))
                edges[key] = [a[0], a[1], b[0], b[1]]
    # the edges each side must join, drawn as thick coloured lines just outside the outer hexagons
    for r_edge, colour in ((0, COLOURS["R"]), (N - 1, COLOURS["R"])):
        for c in range(N):
            pts = hexagon(*centers[r_edge][c])
            seg = [pts[3], pts[4], pts[5]] if r_edge == 0 else [pts[0], pts[1], pts[2]]
            draw.line(seg, fill=colour, width=EDGE_WIDTH)
    for c_edge, colour in ((0, COLOURS["U"]), (N - 1, COLOURS["U"])):
        for r in range(N):
            pts = hexagon(*centers[r][c_edge])
            seg = [pts[1], pts[2], pts[3]] if c_edge == 0 else [pts[4], pts[5], pts[0]]
            draw.line(seg, fill=colour, width=EDGE_WIDTH)
    f = font(LABEL_PX)
    labels = []

    def put(text: str, x: float, y: float) -> None:
        draw_text(draw, (x, y), text, f, LABEL_INK, anchor="mm")
        box = text_box(draw, (x, y), text, f, "mm")
        labels.append({"text": text, "box": [int(v) for v in box]})

    w = g["cell_px"]
    for c in range(N):
        put(FILES[c], centers[N - 1][c][0], centers[N - 1][c][1] + SIDE + 0.5 * LABEL_PX + 10)
    for r in range(N):
        put(str(N - r), centers[r][0][0] - w / 2 - 0.5 * LABEL_PX - 10, centers[r][0][1])
    points = []
    for x0, y0, x1, y1 in edges.values():  # interior of each hexagon edge (vertices excluded)
        for t in (0.3, 0.5, 0.7):
            points.append([round(x0 + t * (x1 - x0), 2), round(y0 + t * (y1 - y0), 2)])
    return image, g, labels, points
