"""Pattern-completion drawing: a 3 x 3 matrix of framed panels, the missing panel (bottom right) framed
thicker and empty; the reference has it filled; the edit mask is the missing panel's interior.

``matrix_cells`` panels are n x n grids (grey lines) with black cells; ``matrix_objects`` panels hold one
figure (``center_single``) or up to four (``grid2x2``), each a triangle, square, pentagon or circle with a
black outline, a size (largest bounding-box side as a fraction of the slot) and a fill lightness (L*).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from genpuzzle.renderers.common import Drawing

# grey levels: the pictures are grey ("L") images, written as 8-bit grey PNGs
BACKGROUND = 255
FRAME_INK = 0
GRID_INK = 150
CELL_INK = 0
OUTLINE_INK = 0
MARGIN = 24
GAP = 18
FRAME_PX = 2
SLOT_FRAME_PX = 5
CELL_PX = 28
CELL_PAD = 10
OBJECT_PANEL_PX = 168
OBJECT_PAD = 8
OUTLINE_PX = 3  # at most 4: draw_object_panel draws its outlines without Pillow's curve joints

SHAPES = ("triangle", "square", "pentagon", "circle")
SIZES = (0.36, 0.48, 0.64, 0.84)  # bounding-box side / slot side; each 1.31-1.33x the previous
FILLS_LSTAR = (100.0, 75.0, 50.0, 25.0, 0.0)
SLOT_COUNTS = {"center_single": 1, "grid2x2": 4, "grid3x3": 9, "in_out": 1}
RING = (0, 1, 3, 2)  # bit i of a grid2x2 position set = slot RING[i] (row-major): clockwise from top left
# bit i of a grid3x3 position set = slot RING9[i]: the outer eight clockwise from top left, then the centre
RING9 = (0, 1, 2, 5, 8, 7, 6, 3, 4)
SLOT_RINGS = {"center_single": (0,), "in_out": (0,), "grid2x2": RING, "grid3x3": RING9}
PANEL_PX = {"grid3x3": 276}  # slots of 87 px; the other configurations use OBJECT_PANEL_PX
# in_out: a large outer figure (white, fixed size) around an inner figure at its centre
OUTER_SHAPES = ("square", "pentagon", "circle")
OUTER_SIZE = 0.92
INNER_SIZES = (0.20, 0.28, 0.40)  # each 1.4x the previous; the largest fits the pentagon's incircle


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


def shape_points(shape: str, center: tuple[float, float], side: float,
                 centroid: bool = False) -> list[tuple[float, float]]:
    """Vertices of a regular polygon (apex up) or a 64-gon circle whose bounding box's larger side is
    ``side``, with the bounding box (``centroid``: the polygon's centre) on ``center``."""
    pts, extent, mx, my = _unit_shape(shape)
    scale = side / extent
    if centroid:
        mx, my = 0.0, 0.0
    return [(center[0] + (x - mx) * scale, center[1] + (y - my) * scale) for x, y in pts]


@lru_cache(maxsize=None)
def _unit_shape(shape: str) -> tuple[tuple[tuple[float, float], ...], float, float, float]:
    """A shape's vertices on the unit circle, its bounding box's larger side and the box's centre."""
    k = {"triangle": 3, "square": 4, "pentagon": 5, "circle": 64}[shape]
    start = -math.pi / 2 if shape != "square" else -math.pi / 4
    pts = tuple((math.cos(start + 2 * math.pi * i / k), math.sin(start + 2 * math.pi * i / k)) for i in range(k))
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return pts, max(max(xs) - min(xs), max(ys) - min(ys)), (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2


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
    """Object slots of a panel: its padded interior, or its quarters / ninths (row-major) for ``grid2x2``
    / ``grid3x3``."""
    x0, y0, x1, y1 = (float(v) for v in panel_box)
    x0, y0, x1, y1 = x0 + OBJECT_PAD, y0 + OBJECT_PAD, x1 - OBJECT_PAD, y1 - OBJECT_PAD
    if config in ("center_single", "in_out"):
        return [[x0, y0, x1, y1]]
    k = 2 if config == "grid2x2" else 3
    w, h = (x1 - x0) / k, (y1 - y0) / k
    return [[x0 + c * w, y0 + r * h, x0 + (c + 1) * w, y0 + (r + 1) * h] for r in range(k) for c in range(k)]


def occupied_slots(panel: dict[str, int], config: str) -> list[int]:
    """Slot indices (row-major) holding a figure."""
    ring = SLOT_RINGS[config]
    if config in ("center_single", "in_out"):
        return [0]
    return [ring[b] for b in range(len(ring)) if (panel["position"] >> b) & 1]


def _frames(draw: ImageDraw.ImageDraw, layout: dict[str, Any]) -> None:
    for i, (x0, y0, x1, y1) in enumerate(layout["panel_boxes"]):
        w = SLOT_FRAME_PX if i == layout["slot_panel"] else FRAME_PX
        draw.rectangle([x0, y0, x1 - 1, y1 - 1], outline=FRAME_INK, width=w)


def _input_and_reference(layout: dict[str, Any], draw_panel: Callable[[ImageDraw.ImageDraw, int, bool], Any]
                         ) -> tuple[Image.Image, Image.Image, list[Any]]:
    """The input and the reference: ``draw_panel(draw, index, with_answer)`` for every panel, the answer
    slot (the last panel) without and with the answer, then the frames. The other panels are drawn
    once, on a canvas both images start from. Returns the reference's ``draw_panel`` results."""
    slot = layout["slot_panel"]
    assert slot == len(layout["panel_boxes"]) - 1, "the answer slot is drawn last"
    reference = Image.new("L", tuple(layout["size"]), BACKGROUND)
    draw = ImageDraw.Draw(reference)
    results = [draw_panel(draw, i, True) for i in range(slot)]
    shown = reference.copy()
    shown_draw = ImageDraw.Draw(shown)
    draw_panel(shown_draw, slot, False)
    results.append(draw_panel(draw, slot, True))
    _frames(shown_draw, layout)
    _frames(draw, layout)
    return shown, reference, results


def _interior(box: Sequence[float], width: int) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = (int(v) for v in box)
    return x0 + width, y0 + width, x1 - width, y1 - width


def draw_cell_panel(draw: ImageDraw.ImageDraw, box: Sequence[float], grid: Any | None, n: int) -> list[float]:
    """Grid lines of an n x n cell panel and its filled cells; returns the grid's pixel box."""
    x0, y0 = box[0] + CELL_PAD, box[1] + CELL_PAD
    # Pillow's core calls with the inks resolved once: what draw.line(fill=, width=1) and
    # draw.rectangle(fill=) run for each of these (most of a panel's time was their argument handling)
    core = draw.draw
    grid_ink = draw._getink(GRID_INK)[0]
    for i in range(n + 1):
        core.draw_lines([(x0 + i * CELL_PX, y0), (x0 + i * CELL_PX, y0 + n * CELL_PX)], grid_ink, 1)
        core.draw_lines([(x0, y0 + i * CELL_PX), (x0 + n * CELL_PX, y0 + i * CELL_PX)], grid_ink, 1)
    if grid is not None:
        cell_ink = draw._getink(None, CELL_INK)[1]
        for r in range(n):
            for c in range(n):
                if grid[r][c]:
                    core.draw_rectangle([x0 + c * CELL_PX + 2, y0 + r * CELL_PX + 2, x0 + (c + 1) * CELL_PX - 2,
                                         y0 + (r + 1) * CELL_PX - 2], cell_ink, 1)
    return [x0, y0, x0 + n * CELL_PX, y0 + n * CELL_PX]


def render_cells(panels: Sequence[Sequence[Any]], n: int) -> Drawing:
    """The ``matrix_cells`` images; ``panels[2][2]`` is the answer (drawn only in the reference)."""
    layout = matrix_layout(n * CELL_PX + 2 * CELL_PAD)
    shown, reference, grids = _input_and_reference(
        layout, lambda draw, i, with_answer: draw_cell_panel(draw, layout["panel_boxes"][i],
                                                             panels[i // 3][i % 3] if with_answer else None, n))
    layout.update({"variant_kind": "cells", "n": n, "grid_boxes": grids})
    return Drawing(shown, reference, _mask(layout), layout)


def draw_object_panel(draw: ImageDraw.ImageDraw, box: Sequence[float], panel: dict[str, int] | None,
                      config: str) -> None:
    if panel is None:
        return
    slots = slot_boxes(box, config)
    # Pillow's core calls with the inks resolved once: what draw.polygon(fill=) and draw.line(fill=,
    # width=OUTLINE_PX, joint="curve") run (a curve joint is only drawn for lines wider than 4 px)
    core = draw.draw
    fill_ink = draw._getink(None, lstar_to_grey(FILLS_LSTAR[panel["fill"]]))[1]
    outline_ink = draw._getink(OUTLINE_INK)[0]
    for i in occupied_slots(panel, config):
        x0, y0, x1, y1 = slots[i]
        slot_side = min(x1 - x0, y1 - y0)
        center = ((x0 + x1) / 2, (y0 + y1) / 2)
        if config == "in_out":
            outer = shape_points(OUTER_SHAPES[panel["out_type"]], center, OUTER_SIZE * slot_side - OUTLINE_PX)
            core.draw_polygon(outer, draw._getink(None, BACKGROUND)[1], 1)
            core.draw_lines(outer + [outer[0], outer[1]], outline_ink, OUTLINE_PX)
            center = inner_center(panel["out_type"], center, slot_side)
            side = INNER_SIZES[panel["size"]] * slot_side - OUTLINE_PX
            pts = shape_points(SHAPES[panel["type"]], center, side)
        else:
            side = SIZES[panel["size"]] * slot_side - OUTLINE_PX  # outer edge of the outline at SIZES
            pts = shape_points(SHAPES[panel["type"]], center, side)
        core.draw_polygon(pts, fill_ink, 1)
        core.draw_lines(pts + [pts[0], pts[1]], outline_ink, OUTLINE_PX)


def inner_center(out_type: int, slot_center: tuple[float, float], slot_side: float) -> tuple[float, float]:
    """Where an in_out inner figure's bounding box is centred: the outer polygon's centre (for the
    pentagon below its bounding-box centre)."""
    pts = shape_points(OUTER_SHAPES[out_type], slot_center, OUTER_SIZE * slot_side - OUTLINE_PX)
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def render_objects(panels: Sequence[Sequence[dict[str, int]]], config: str) -> Drawing:
    """The ``matrix_objects`` images; ``panels[2][2]`` is the answer (drawn only in the reference)."""
    layout = matrix_layout(PANEL_PX.get(config, OBJECT_PANEL_PX))
    shown, reference, _ = _input_and_reference(
        layout, lambda draw, i, with_answer: with_answer and draw_object_panel(
            draw, layout["panel_boxes"][i], panels[i // 3][i % 3], config))
    layout.update({"variant_kind": "objects", "config": config,
                   "slot_boxes": slot_boxes(layout["panel_boxes"][8], config)})
    return Drawing(shown, reference, _mask(layout), layout)


def _mask(layout: dict[str, Any]) -> Image.Image:
    mask = Image.new("L", tuple(layout["size"]), 0)
    x0, y0, x1, y1 = _interior(layout["panel_boxes"][layout["slot_panel"]], SLOT_FRAME_PX)
    ImageDraw.Draw(mask).rectangle([x0, y0, x1 - 1, y1 - 1], fill=255)
    return mask


# ------------------------------------------------------------------------------------------ rows
#
# ``sequence`` and ``counting``: six framed panels in reading order (two rows of three), the sixth (thick
# frame) missing.

ROW_PANEL_PX = 180
ROW_PANELS = 6
ROW_COLUMNS = 3
RING_POSITIONS = 8
RING_RADIUS = 0.32  # ring of dot positions, fraction of the panel side
DOT_RADIUS = 0.075
ARROW_LENGTH = 0.62
ARROW_SHAFT_PX = 6
ARROW_HEAD = (0.22, 0.20)  # head width, head length (fractions of the panel side)
LATTICE = 3  # sequence counts: dots on a 3 x 3 lattice, row-major
COUNT_DOT_RADIUS = 0.06
LINE_PX = 4


def row_layout(panel_px: int = ROW_PANEL_PX) -> dict[str, Any]:
    """Six panel boxes in reading order, in two rows of three (a 1.5 : 1 page, close to the image sizes
    models return, where a 1 x 6 strip would be squashed beyond registration's range); the last is the
    answer slot."""
    boxes = [[MARGIN + c * (panel_px + GAP), MARGIN + r * (panel_px + GAP), MARGIN + c * (panel_px + GAP) + panel_px,
              MARGIN + r * (panel_px + GAP) + panel_px] for r in range(ROW_PANELS // ROW_COLUMNS) for c in range(ROW_COLUMNS)]
    rows = ROW_PANELS // ROW_COLUMNS
    return {"panel_boxes": boxes, "panel_px": panel_px,
            "size": [2 * MARGIN + ROW_COLUMNS * panel_px + (ROW_COLUMNS - 1) * GAP,
                     2 * MARGIN + rows * panel_px + (rows - 1) * GAP],
            "slot_panel": ROW_PANELS - 1, "frame_px": FRAME_PX, "slot_frame_px": SLOT_FRAME_PX}


def ring_centers(box: Sequence[float]) -> list[tuple[float, float]]:
    """Centres of the ring's dot positions, clockwise from the top."""
    x0, y0, x1, y1 = box
    cx, cy, side = (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0
    return [(cx + RING_RADIUS * side * math.sin(2 * math.pi * p / RING_POSITIONS),
             cy - RING_RADIUS * side * math.cos(2 * math.pi * p / RING_POSITIONS)) for p in range(RING_POSITIONS)]


def lattice_centers(box: Sequence[float]) -> list[tuple[float, float]]:
    x0, y0, x1, y1 = box
    side = x1 - x0
    step = side * 0.26
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return [(cx + (c - 1) * step, cy + (r - 1) * step) for r in range(LATTICE) for c in range(LATTICE)]


def arrow_polygon(box: Sequence[float], direction: int) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """(shaft end points, head triangle) of an arrow through the panel centre pointing to ``direction``
    (0 = up, clockwise in 45 degree steps)."""
    x0, y0, x1, y1 = box
    cx, cy, side = (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0
    a = 2 * math.pi * direction / 8
    ux, uy = math.sin(a), -math.cos(a)
    half = ARROW_LENGTH * side / 2
    hw, hl = ARROW_HEAD[0] * side / 2, ARROW_HEAD[1] * side
    tip = (cx + ux * half, cy + uy * half)
    base = (tip[0] - ux * hl, tip[1] - uy * hl)
    head = [tip, (base[0] - uy * hw, base[1] + ux * hw), (base[0] + uy * hw, base[1] - ux * hw)]
    return [(cx - ux * half, cy - uy * half), base], head


def draw_sequence_panel(draw: ImageDraw.ImageDraw, box: Sequence[float], kind: str, value: Any,
                        show_ring: bool = True) -> None:
    """One ``sequence`` panel: ``ring`` (value = list of filled positions; empty positions as grey
    circles), ``arrow`` (value = direction 0..7), ``count`` (value = number of dots on the lattice)."""
    side = box[2] - box[0]
    if kind == "ring":
        r = DOT_RADIUS * side
        for p, (x, y) in enumerate(ring_centers(box)):
            if value is not None and p in value:
                draw.ellipse([x - r, y - r, x + r, y + r], fill=CELL_INK)
            elif show_ring:
                draw.ellipse([x - r, y - r, x + r, y + r], outline=GRID_INK, width=2)
    elif value is None:
        return
    elif kind == "arrow":
        shaft, head = arrow_polygon(box, int(value))
        draw.line(shaft, fill=CELL_INK, width=ARROW_SHAFT_PX)
        draw.polygon(head, fill=CELL_INK)
    elif kind == "count":
        r = COUNT_DOT_RADIUS * side
        for x, y in lattice_centers(box)[: int(value)]:
            draw.ellipse([x - r, y - r, x + r, y + r], fill=CELL_INK)
    else:
        raise ValueError(kind)


def draw_counting_panel(draw: ImageDraw.ImageDraw, box: Sequence[float], figure: dict[str, Any] | None) -> None:
    """One ``counting`` panel from its stored geometry (fractions of the panel): ``dots`` (centres),
    ``regions`` (an outline ``shape`` cut by parallel ``chords`` into regions), ``lines`` (segments)."""
    if figure is None:
        return
    x0, y0, x1, y1 = box
    side = x1 - x0
    at = lambda p: (x0 + p[0] * side, y0 + p[1] * side)
    if figure["kind"] == "dots":
        r = COUNT_DOT_RADIUS * side
        for p in figure["dots"]:
            x, y = at(p)
            draw.ellipse([x - r, y - r, x + r, y + r], fill=CELL_INK)
    elif figure["kind"] == "regions":
        (ax, ay), (bx, by) = at((0.15, 0.15)), at((0.85, 0.85))
        if figure["shape"] == "circle":
            draw.ellipse([ax, ay, bx, by], outline=CELL_INK, width=LINE_PX)
        else:
            draw.rectangle([ax, ay, bx, by], outline=CELL_INK, width=LINE_PX)
        for chord in figure["chords"]:
            draw.line([at(chord[0]), at(chord[1])], fill=CELL_INK, width=LINE_PX)
    elif figure["kind"] == "lines":
        for a, b in figure["lines"]:
            draw.line([at(a), at(b)], fill=CELL_INK, width=LINE_PX)
    else:
        raise ValueError(figure["kind"])


def render_row(panels: Sequence[Any], draw_panel, *, answer_base: Any = None) -> Drawing:
    """A row of six panels drawn by ``draw_panel(draw, box, panel)``; the last is the answer (drawn only in
    the reference; ``answer_base`` is drawn in the input's answer slot, e.g. the empty ring)."""
    layout = row_layout()
    shown, reference, _ = _input_and_reference(
        layout, lambda draw, i, with_answer: draw_panel(draw, layout["panel_boxes"][i],
                                                        panels[i] if with_answer else answer_base))
    return Drawing(shown, reference, _mask(layout), layout)
