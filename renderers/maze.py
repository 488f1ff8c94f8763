"""Maze drawing: black walls on white, a green start disc and a blue goal square, the red reference route,
and the edit mask of the corridors.

Geometry (all integers, so the verifier can rebuild it from the layout): the cell boundary lines lie at
``grid_bbox[0] + k * cell_px`` (x) and ``grid_bbox[1] + k * cell_px`` (y); a wall is a solid bar
``wall_px`` wide centred on its boundary line, long enough to close the corners.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from genpuzzle.renderers.common import Drawing
from genpuzzle.solvers.maze import Cell, Maze

WALL_INK = (0, 0, 0)
BACKGROUND = (255, 255, 255)
START_INK = (0, 160, 70)
GOAL_INK = (30, 90, 220)
PATH_INK = (220, 20, 20)
MARKER_FRAC = 0.27  # marker half-size as a fraction of the cell


def cell_px_for(rows: int, cols: int, max_side: int = 900) -> int:
    """Cell size in pixels: large cells for small mazes, at least 32 px, grid at most ``max_side``."""
    return max(32, min(100, max_side // max(rows, cols)))


def cell_center(layout: dict[str, Any], cell: Cell) -> tuple[float, float]:
    x0, y0, x1, y1 = layout["grid_bbox"]
    w = (x1 - x0) / layout["cols"]
    h = (y1 - y0) / layout["rows"]
    return (x0 + (cell[1] + 0.5) * w, y0 + (cell[0] + 0.5) * h)


def wall_rect(layout: dict[str, Any], a: Cell, b: Cell) -> tuple[int, int, int, int]:
    """Inclusive pixel box ``(x0, y0, x1, y1)`` of the wall bar between adjacent cells ``a`` and ``b``.

    ``b`` may lie outside the grid (an outer wall), e.g. ``(-1, c)`` for the top border above ``(0, c)``.
    """
    gx, gy = layout["grid_bbox"][:2]
    s, t = layout["cell_px"], layout["wall_px"]
    lo = t // 2
    (ra, ca), (rb, cb) = sorted([a, b])
    if ra == rb:  # vertical bar on x = gx + cb * s
        x = gx + cb * s
        return (x - lo, gy + ra * s - lo, x - lo + t - 1, gy + (ra + 1) * s - lo + t - 1)
    y = gy + rb * s
    return (gx + ca * s - lo, y - lo, gx + (ca + 1) * s - lo + t - 1, y - lo + t - 1)


def outer_walls(rows: int, cols: int) -> list[tuple[Cell, Cell]]:
    """The border walls as (inside cell, outside pseudo-cell) pairs: N, S, W, E sides."""
    out = []
    for c in range(cols):
        out += [((0, c), (-1, c)), ((rows - 1, c), (rows, c))]
    for r in range(rows):
        out += [((r, 0), (r, -1)), ((r, cols - 1), (r, cols))]
    return out


def marker_box(layout: dict[str, Any], cell: Cell) -> list[int]:
    cx, cy = cell_center(layout, cell)
    h = round(MARKER_FRAC * layout["cell_px"])
    return [round(cx) - h, round(cy) - h, round(cx) + h, round(cy) + h]


def render_maze(maze: Maze, start: Cell, goal: Cell, solution: list[Cell], margin: int = 40,
                max_side: int = 900) -> Drawing:
    """Draw the maze (input), the maze with the red solution route (reference) and the corridor mask."""
    s = cell_px_for(maze.rows, maze.cols, max_side)
    t = max(3, s // 12)
    width, height = maze.cols * s + 2 * margin, maze.rows * s + 2 * margin
    layout: dict[str, Any] = {
        "grid_bbox": [margin, margin, margin + maze.cols * s, margin + maze.rows * s],
        "rows": maze.rows, "cols": maze.cols, "cell_px": s, "wall_px": t,
    }
    layout["markers"] = {"start": marker_box(layout, start), "goal": marker_box(layout, goal)}
    walls = [wall_rect(layout, a, b) for a, b in maze.walls() + outer_walls(maze.rows, maze.cols)]

    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for box in walls:
        draw.rectangle(box, fill=WALL_INK)
    draw.ellipse(layout["markers"]["start"], fill=START_INK)
    draw.rectangle(layout["markers"]["goal"], fill=GOAL_INK)

    reference = image.copy()
    ref_draw = ImageDraw.Draw(reference)
    points = [cell_center(layout, cell) for cell in solution]
    path_w = max(3, s // 8)
    ref_draw.line(points, fill=PATH_INK, width=path_w, joint="curve")
    for x, y in (points[0], points[-1]):
        r = path_w / 2
        ref_draw.ellipse([x - r, y - r, x + r, y + r], fill=PATH_INK)

    mask = Image.new("L", (width, height), 0)
    mask_draw = ImageDraw.Draw(mask)
    x0, y0, x1, y1 = layout["grid_bbox"]
    mask_draw.rectangle([x0, y0, x1 - 1, y1 - 1], fill=255)
    # a band along each wall stays out of the mask: a route through cell centres never needs it, and the
    # registration keeps seeing the walls at its working scale
    pad = max(1, s // 8)
    for bx0, by0, bx1, by1 in walls:
        mask_draw.rectangle([bx0 - pad, by0 - pad, bx1 + pad, by1 + pad], fill=0)
    return Drawing(image, reference, mask, layout)
