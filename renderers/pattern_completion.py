"""Pattern-completion drawing: a 3 x 3 matrix of framed panels, the missing panel (bottom right) framed
thicker and empty; the reference has it filled; the edit mask is the missing panel's interior.

``matrix_cells`` panels are n x n grids (grey lines) with black cells; ``matrix_objects`` panels hold one
figure (``center_single``) or up to four (``grid2x2``), each a triangle, square, pentagon or circle with a
black outline, a size (largest bounding-box side as a fraction of the slot) and a fill lightness (L*).
"""

from __future__ import annotations

import math
from typing import Any, Sequence

import numpy as np
from PIL import Image, ImageDraw

from genpuzzle.renderers.common import Drawing

BACKGROUND = (255, 255, 255)
FRAME_INK = (0, 0, 0)
GRID_INK = (150, 150, 150)
CELL_INK = (0, 0, 0)
OUTLINE_INK = (0, 0, 0)
MARGIN = 24
GAP = 18
FRAME_PX = 2
SLOT_FRAME_PX = 5
CELL_PX = 28
CELL_PAD = 10
OBJECT_PANEL_PX = 168
OBJECT_PAD = 8
OUTLINE_PX = 3

SHAPES = ("triangle", "square", "pentagon", "circle")
SIZES = (0.36, 0.48, 0.64, 0.84)  # bounding-box side / slot side; each 1.31-1.33x the previous
FILLS_LSTAR = (100.0, 75.0, 50.0, 25.0, 0.0)
SLOT_COUNTS = {"center_single": 1, "grid2x2": 4}
RING = (0, 1, 3, 2)  # bit i of a grid2x2 position set = slot RING[i] (row-major): clockwise from top left


def lstar_to_grey(lstar: float) -> int:
    """sRGB grey level of CIE lightness L* (D65)."""
    y = ((lstar + 16) / 116) ** 3 if lstar > 8 else lstar / 903.3
    v = 12.92 * y if y <= 0.0031308 else 1.055 * y ** (1 / 2.4) - 0.055
    return int(round(255 * min(1.0, max(0.0, v))))


def grey_to_lstar(grey: float) -> float:
    """CIE L* of an sRGB grey level (0..255)."""
    v = grey / 255.0
    y = v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    return 116 * y ** (1 / 3) - 16 if y > 0.008856 else 903.3 * y


def shape_points(shape: str, center: tuple[float, float], side: float) -> list[tuple[float, float]]:
    """Vertices of a regular polygon (apex up) or a 64-gon circle whose bounding box's larger side is
    ``side``, with the bounding box centred on ``center``."""
    k = {"triangle": 3, "square": 4, "pentagon": 5, "circle": 64}[shape]
    start = -math.pi / 2 if shape != "square" else -math.pi / 4
    pts = [(math.cos(start + 2 * math.pi * i / k), math.sin(start + 2 * math.pi * i / k)) for i in range(k)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    scale = side / max(max(xs) - min(xs), max(ys) - min(ys))
    mx, my = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    return [(center[0] + (x - mx) * scale, center[1] + (y - my) * scale) for x, y in pts]


def matrix_layout(panel_px: int) -> dict[str, Any]:
    """Panel boxes (row-major, 3 x 3) and the image size."""
    boxes = []
    for r in range(3):
        for c in range(3):
            x0, y0 = MARGIN + c * (panel_px + GAP), MARGIN + r * (panel_px + GAP)
            boxes.append([x0, y0, x0 + panel_px, y0 + panel_px])
    side = 2 * MARGIN + 3 * panel_px + 2 * GAP
    return {"panel_boxes": boxes, "panel_px": panel_px, "size": [side, side], "slot_panel": 8,
            "frame_px": FRAME_PX, "slot_frame_px": SLOT_FRAME_PX}


def slot_boxes(panel_box: Sequence[float], config: str) -> list[list[float]]:
    """Object slots of a panel: its padded interior, or its four quarters (row-major) for ``grid2x2``."""
    x0, y0, x1, y1 = (float(v) for v in panel_box)
    x0, y0, x1, y1 = x0 + OBJECT_PAD, y0 + OBJECT_PAD, x1 - OBJECT_PAD, y1 - OBJECT_PAD
    if config == "center_single":
        return [[x0, y0, x1, y1]]
    w, h = (x1 - x0) / 2, (y1 - y0) / 2
    return [[x0 + c * w, y0 + r * h, x0 + (c + 1) * w, y0 + (r + 1) * h] for r in range(2) for c in range(2)]


def _frames(draw: ImageDraw.ImageDraw, layout: dict[str, Any]) -> None:
    for i, (x0, y0, x1, y1) in enumerate(layout["panel_boxes"]):
        w = SLOT_FRAME_PX if i == layout["slot_panel"] else FRAME_PX
        draw.rectangle([x0, y0, x1 - 1, y1 - 1], outline=FRAME_INK, width=w)


def _interior(box: Sequence[float], width: int) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = (int(v) for v in box)
    return x0 + width, y0 + width, x1 - width, y1 - width


def draw_cell_panel(draw: ImageDraw.ImageDraw, box: Sequence[float], grid: Any | None, n: int) -> list[float]:
    """Grid lines of an n x n cell panel and its filled cells; returns the grid's pixel box."""
    x0, y0 = box[0] + CELL_PAD, box[1] + CELL_PAD
    for i in range(n + 1):
        draw.line([(x0 + i * CELL_PX, y0), (x0 + i * CELL_PX, y0 + n * CELL_PX)], fill=GRID_INK, width=1)
        draw.line([(x0, y0 + i * CELL_PX), (x0 + n * CELL_PX, y0 + i * CELL_PX)], fill=GRID_INK, width=1)
    if grid is not None:
        for r in range(n):
            for c in range(n):
                if grid[r][c]:
                    draw.rectangle([x0 + c * CELL_PX + 2, y0 + r * CELL_PX + 2, x0 + (c + 1) * CELL_PX - 2,
                                    y0 + (r + 1) * CELL_PX - 2], fill=CELL_INK)
    return [x0, y0, x0 + n * CELL_PX, y0 + n * CELL_PX]


def render_cells(panels: Sequence[Sequence[Any]], n: int) -> Drawing:
    """The ``matrix_cells`` images; ``panels[2][2]`` is the answer (drawn only in the reference)."""
    layout = matrix_layout(n * CELL_PX + 2 * CELL_PAD)
    images = []
    grids: list[list[float]] = []
    for with_answer in (False, True):
        img = Image.new("RGB", tuple(layout["size"]), BACKGROUND)
        draw = ImageDraw.Draw(img)
        grids = []
        for i, box in enumerate(layout["panel_boxes"]):
            grid = panels[i // 3][i % 3] if (i != 8 or with_answer) else None
            grids.append(draw_cell_panel(draw, box, grid, n))
        _frames(draw, layout)
        images.append(img)
    layout.update({"variant_kind": "cells", "n": n, "grid_boxes": grids})
    return Drawing(images[0], images[1], _mask(layout), layout)


def draw_object_panel(draw: ImageDraw.ImageDraw, box: Sequence[float], panel: dict[str, int] | None,
                      config: str) -> None:
    if panel is None:
        return
    slots = slot_boxes(box, config)
    grey = lstar_to_grey(FILLS_LSTAR[panel["fill"]])
    for i, (x0, y0, x1, y1) in enumerate(slots):
        if config == "grid2x2" and not (panel["position"] >> RING.index(i)) & 1:
            continue
        side = SIZES[panel["size"]] * min(x1 - x0, y1 - y0) - OUTLINE_PX  # outer edge of the outline at SIZES
        pts = shape_points(SHAPES[panel["type"]], ((x0 + x1) / 2, (y0 + y1) / 2), side)
        draw.polygon(pts, fill=(grey, grey, grey))
        draw.line(pts + [pts[0], pts[1]], fill=OUTLINE_INK, width=OUTLINE_PX, joint="curve")


def render_objects(panels: Sequence[Sequence[dict[str, int]]], config: str) -> Drawing:
    """The ``matrix_objects`` images; ``panels[2][2]`` is the answer (drawn only in the reference)."""
    layout = matrix_layout(OBJECT_PANEL_PX)
    images = []
    for with_answer in (False, True):
        img = Image.new("RGB", tuple(layout["size"]), BACKGROUND)
        draw = ImageDraw.Draw(img)
        for i, box in enumerate(layout["panel_boxes"]):
            if i != 8 or with_answer:
                draw_object_panel(draw, box, panels[i // 3][i % 3], config)
        _frames(draw, layout)
        images.append(img)
    layout.update({"variant_kind": "objects", "config": config,
                   "slot_boxes": slot_boxes(layout["panel_boxes"][8], config)})
    return Drawing(images[0], images[1], _mask(layout), layout)


def _mask(layout: dict[str, Any]) -> Image.Image:
    mask = Image.new("L", tuple(layout["size"]), 0)
    x0, y0, x1, y1 = _interior(layout["panel_boxes"][layout["slot_panel"]], SLOT_FRAME_PX)
    ImageDraw.Draw(mask).rectangle([x0, y0, x1 - 1, y1 - 1], fill=255)
    return mask
