"""Maze verification: extract the route the answer drew, map it to the cell graph, check it, tier it.

Pipeline (all on the registered answer, in input-image pixels):

1. :func:`extract_stroke` -- new ink relative to the input: any pixel whose colour lies outside the range
   of the input's colours in a small neighbourhood (tolerates 1-2 px misregistration, blur, JPEG) and is not
   paper-coloured. Any colour, any width, anti-aliased or wobbly.
2. :func:`check_maze_preserved` -- every wall bar still dark, no new dark bar on an open boundary, markers
   kept; named violations ``wall_erased``, ``wall_added``, ``marker_removed``, ``maze_destroyed``.
3. :func:`read_route` -- boundary crossings (stroke on both sides of a cell boundary; for a walled boundary
   the wall bar may hide a dark stroke), corner cuts, pixel gaps; then the cheapest start->goal route in
   that drawn graph, preferring open passages over gaps over wall crossings.
4. :func:`check_route` -- named violations ``no_route``, ``not_a_route``, ``start_not_reached``,
   ``goal_not_reached``, ``route_broken``, ``route_gap``, ``wall_crossed``, ``corner_cut``, ``stray_mark``;
   dead-end detours are recorded, not penalised.
5. :func:`maze_tier` -- GenPuzzle's four tiers; ``score = tier / 3 * 100``. Thresholds:
   ``data/rubrics/maze.json``.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from genpuzzle.records import Violation
from genpuzzle.registration import normalize_background
from genpuzzle.renderers.maze import outer_walls, wall_rect
from genpuzzle.solvers.maze import Cell, Maze, edge, grid_edges

OUT = (-1, -1)  # pseudo-cell for "outside the maze"

MAJOR, MINOR = "major", "minor"


def cell_name(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def wall_name(a: Cell, b: Cell, rows: int, cols: int) -> str:
    """Human name of the boundary between ``a`` and ``b``; ``b`` may be outside (an outer wall)."""
    inside = [x for x in (a, b) if 0 <= x[0] < rows and 0 <= x[1] < cols]
    if len(inside) == 1:
        (r, c), (orr, occ) = inside[0], (b if inside[0] == a else a)
        side = "north" if orr < r else "south" if orr > r else "west" if occ < c else "east"
        return f"outer wall {side} of {cell_name((r, c))}"
    a, b = sorted([a, b])
    return f"wall between {cell_name(a)} and {cell_name(b)}"


# ---------------------------------------------------------------------------------------------- stroke


@dataclass
class Stroke:
    """New ink of the answer (bool HxW), the paper-like mask of the answer and the input's ink mask."""

    ink: np.ndarray
    paper: np.ndarray
    input_ink: np.ndarray
    dark: np.ndarray  # answer pixels that are dark and grey (wall-like)


def _channel_max_min(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    r, g, b = cv2.split(image)
    return cv2.max(cv2.max(r, g), b), cv2.min(cv2.min(r, g), b)


def _normalize_paper(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any]) -> np.ndarray:
    """Scale each channel so the answer's paper becomes white. The paper colour is the median answer
    colour in the margin around the grid (where the input is white and no route belongs), so painting
    over the corridors cannot pass for a tint."""
    x0, y0, x1, y1 = layout["grid_bbox"]
    outside = np.ones(input_image.shape[:2], bool)
    outside[max(0, y0 - 4):y1 + 4, max(0, x0 - 4):x1 + 4] = False
    sel = outside & (input_image >= 250).all(axis=2)
    sample = answer[sel][::7]
    if len(sample) < 200:
        return normalize_background(answer)
    paper = np.median(sample, axis=0)
    if (paper >= 250).all():
        return answer
    gain = tuple(float(255.0 / max(1.0, p)) for p in paper) + (0.0,)
    return cv2.multiply(answer, gain)


def extract_stroke(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any],
                   th: dict[str, Any]) -> Stroke:
    """New ink: answer colour outside the input's local colour range by more than the threshold (or more
    saturated than any input colour nearby), and not paper. Specks up to ``speck_max_area_px`` are dropped."""
    inp = np.ascontiguousarray(input_image, dtype=np.uint8)
    ans = _normalize_paper(np.ascontiguousarray(answer, dtype=np.uint8), inp, layout)
    k = 2 * th["ink_neighbourhood_px"] + 1
    kernel = np.ones((k, k), np.uint8)
    lo = cv2.erode(inp, kernel)
    hi = cv2.dilate(inp, kernel)
    excess, _ = _channel_max_min(cv2.max(cv2.subtract(lo, ans), cv2.subtract(ans, hi)))
    a_max, a_min = _channel_max_min(ans)
    spread = cv2.subtract(a_max, a_min)
    paper = (a_min >= th["paper_min_channel"]) & (spread <= th["paper_max_spread"])
    i_max, i_min = _channel_max_min(inp)
    # a coloured pixel is new even where the range test is blind (next to black/white edges): the input
    # nearby holds no colour that saturated
    input_chroma = cv2.dilate(cv2.subtract(i_max, i_min), kernel)
    chroma_excess = cv2.subtract(spread, input_chroma)
    ink = ((excess > th["ink_min_channel_excess"]) | (chroma_excess > th["ink_min_chroma_excess"])) & ~paper
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    small = np.nonzero(stats[:, cv2.CC_STAT_AREA] <= th["speck_max_area_px"])[0]
    small = small[small > 0]
    if len(small):
        keep = np.ones(n, bool)
        keep[small] = False
        ink = keep[labels] & ink
    input_ink = ~((i_min >= th["paper_min_channel"]) & (cv2.subtract(i_max, i_min) <= th["paper_max_spread"]))
    dark = (a_max < th["dark_max_channel"]) & (spread <= th["dark_max_spread"])
    return Stroke(ink, paper, input_ink, dark)


# ------------------------------------------------------------------------------------- maze preserved


def _bar_core(layout: dict[str, Any], a: Cell, b: Cell) -> tuple[int, int, int, int]:
    """Wall bar between a and b, trimmed by the wall width at both ends (no shared corner posts) and by
    one pixel across when the bar is thick enough (misregistration margin). Half-open box."""
    x0, y0, x1, y1 = wall_rect(layout, a, b)
    x1, y1 = x1 + 1, y1 + 1
    t = layout["wall_px"]
    m = 1 if t >= 4 else 0
    if x1 - x0 == t:  # vertical bar
        return x0 + m, y0 + t, x1 - m, y1 - t
    return x0 + t, y0 + m, x1 - t, y1 - m


def check_maze_preserved(stroke: Stroke, maze: Maze, layout: dict[str, Any],
                         th: dict[str, Any]) -> tuple[list[Violation], dict[str, float]]:
    """Walls not erased, no walls added on open boundaries, start/goal markers kept."""
    violations: list[Violation] = []
    rows, cols = maze.rows, maze.cols
    walled = maze.walls() + outer_walls(rows, cols)
    erased = 0
    paper_sum = cv2.integral(stroke.paper.astype(np.uint8))
    for a, b in walled:
        x0, y0, x1, y1 = _bar_core(layout, a, b)
        area = (x1 - x0) * (y1 - y0)
        frac = _box_sum(paper_sum, x0, y0, x1, y1) / area if area > 0 else 0.0
        if frac >= th["wall_erased_min_fraction"]:
            erased += 1
            violations.append(Violation("wall_erased", f"{wall_name(a, b, rows, cols)} was erased "
                                        f"({frac:.0%} of it is blank)",
                                        {"severity": MAJOR, "cells": [list(a), list(b)], "bbox": list(wall_rect(layout, a, b)),
                                         "erased_fraction": round(frac, 3)}))
    added_sum = cv2.integral((stroke.dark & stroke.ink).astype(np.uint8))
    for a, b in sorted(maze.passages):
        x0, y0, x1, y1 = _bar_core(layout, a, b)
        if _box_sum(added_sum, x0, y0, x1, y1) == 0:
            continue
        band = stroke.dark[y0:y1, x0:x1] & stroke.ink[y0:y1, x0:x1]
        along = band.any(axis=1) if (x1 - x0) < (y1 - y0) else band.any(axis=0)
        frac = float(along.mean()) if along.size else 0.0
        if frac >= th["wall_added_min_fraction"]:
            violations.append(Violation("wall_added", f"a wall was drawn on the open passage between "
                                        f"{cell_name(a)} and {cell_name(b)}",
                                        {"severity": MAJOR, "cells": [list(a), list(b)], "bbox": list(wall_rect(layout, a, b)),
                                         "covered_fraction": round(frac, 3)}))
    for which in ("start", "goal"):
        x0, y0, x1, y1 = layout["markers"][which]
        region = stroke.input_ink[y0:y1 + 1, x0:x1 + 1]
        lost = float(stroke.paper[y0:y1 + 1, x0:x1 + 1][region].mean()) if region.any() else 0.0
        if lost >= th["marker_removed_min_fraction"]:
            violations.append(Violation("marker_removed", f"the {which} marker was erased ({lost:.0%} blank)",
                                        {"severity": MAJOR, "marker": which, "bbox": [x0, y0, x1, y1]}))
    frac_erased = erased / max(1, len(walled))
    if frac_erased >= th["maze_destroyed_min_wall_fraction"]:
        x0, y0, x1, y1 = layout["grid_bbox"]
        violations.insert(0, Violation("maze_destroyed", f"{erased} of {len(walled)} walls are gone: the "
                                       "maze was erased or replaced",
                                       {"severity": MAJOR, "bbox": [x0, y0, x1, y1], "erased_walls": erased}))
    return violations, {"walls_kept": 1.0 - frac_erased}


# ------------------------------------------------------------------------------------------- the route


@dataclass
class DrawnEdge:
    """One transition the drawing makes between two cells (or a cell and OUT)."""

    a: Cell
    b: Cell
    kind: str  # "open" | "wall" | "corner" | "corner_wall" | "gap"
    bbox: list[int]
    length_px: float = 0.0


@dataclass
class RouteReading:
    """What the drawing says about the route, at cell level."""

    visited: list[Cell]
    edges: list[DrawnEdge]
    route: list[Cell] | None  # cells of the chosen start->goal route (None: not connected)
    route_edges: list[DrawnEdge]
    start_reached: bool
    goal_reached: bool
    components: list[dict[str, Any]] = field(default_factory=list)  # pixel components (bbox, cells)
    ink_fraction: float = 0.0  # new ink / corridor area
    end_distance: dict[str, float] = field(default_factory=dict)  # px from marker centre to nearest ink


class _Geometry:
    def __init__(self, layout: dict[str, Any], shape: tuple[int, int], th: dict[str, Any]):
        self.gx, self.gy = layout["grid_bbox"][:2]
        self.s = layout["cell_px"]
        self.t = layout["wall_px"]
        self.lo = self.t // 2
        self.rows, self.cols = layout["rows"], layout["cols"]
        self.h, self.w = shape
        self.d = max(th["band_reach_min_px"], round(th["band_reach_cells"] * self.s))

    def cell_of(self, x: float, y: float) -> Cell:
        c = int(np.floor((x - self.gx) / self.s))
        r = int(np.floor((y - self.gy) / self.s))
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return (r, c)
        return OUT

    def clip(self, x0: int, y0: int, x1: int, y1: int) -> tuple[int, int, int, int]:
        return max(0, x0), max(0, y0), min(self.w, x1), min(self.h, y1)


def _box_sum(integral: np.ndarray, x0: int, y0: int, x1: int, y1: int) -> int:
    if x1 <= x0 or y1 <= y0:
        return 0
    return int(integral[y1, x1] - integral[y0, x1] - integral[y1, x0] + integral[y0, x0])


def _crossing(ink: np.ndarray, integral: np.ndarray, g: _Geometry, a: Cell, b: Cell,
              walled: bool) -> list[int] | None:
    """Pixel box where the stroke crosses the boundary between a and b, or None.

    Three bands along the boundary: L (cell a side), M (the wall bar line), R (cell b side). A crossing is
    a position along the boundary with ink in L and R (within a small slack) and in M unless M is a wall
    (a dark stroke vanishes into a black wall bar).
    """
    (ra, ca), (rb, cb) = sorted([a, b])
    s, t, lo, d = g.s, g.t, g.lo, g.d
    slack = max(2, d // 2)
    if ra == rb:  # vertical boundary at x = X, spanning row ra
        X = g.gx + cb * s
        y0, y1 = g.gy + ra * s + t, g.gy + (ra + 1) * s - t
        xs = (X - lo - d, X - lo, X - lo + t, X - lo + t + d)
        if _box_sum(integral, *g.clip(xs[0], y0, xs[1], y1)) == 0 or \
                _box_sum(integral, *g.clip(xs[2], y0, xs[3], y1)) == 0:
            return None
        y0c, y1c = max(0, y0), min(g.h, y1)
        bands = [ink[y0c:y1c, max(0, xs[i]):max(0, xs[i + 1])].any(axis=1) for i in range(3)]
        offset, box = y0c, lambda p, q: [xs[0], offset + p, xs[3], offset + q]
    else:  # horizontal boundary at y = Y, spanning column ca
        Y = g.gy + rb * s
        x0, x1 = g.gx + ca * s + t, g.gx + (ca + 1) * s - t
        ys = (Y - lo - d, Y - lo, Y - lo + t, Y - lo + t + d)
        if _box_sum(integral, *g.clip(x0, ys[0], x1, ys[1])) == 0 or \
                _box_sum(integral, *g.clip(x0, ys[2], x1, ys[3])) == 0:
            return None
        x0c, x1c = max(0, x0), min(g.w, x1)
        bands = [ink[max(0, ys[i]):max(0, ys[i + 1]), x0c:x1c].any(axis=0) for i in range(3)]
        offset, box = x0c, lambda p, q: [offset + p, ys[0], offset + q, ys[3]]
    if any(band.size == 0 for band in bands):
        return None
    kern = np.ones(2 * slack + 1)
    spread = [np.convolve(band.astype(float), kern, mode="same") > 0 for band in bands]
    hit = spread[0] & spread[2] & (spread[1] | walled)
    if not hit.any():
        return None
    idx = np.nonzero(hit)[0]
    return [int(v) for v in box(int(idx[0]), int(idx[-1]) + 1)]


def _corner_moves(ink: np.ndarray, integral: np.ndarray, g: _Geometry,
                  inked: np.ndarray) -> list[tuple[Cell, Cell, list[int]]]:
    """Diagonal moves through an interior grid corner: ink near the corner in two opposite quadrants."""
    q = g.lo + g.d
    moves = []
    for r in range(1, g.rows):
        for c in range(1, g.cols):
            if not ((inked[r - 1, c - 1] and inked[r, c]) or (inked[r - 1, c] and inked[r, c - 1])):
                continue
            px, py = g.gx + c * g.s, g.gy + r * g.s
            if _box_sum(integral, *g.clip(px - q, py - q, px + q, py + q)) == 0:
                continue
            near = {
                (r - 1, c - 1): _box_sum(integral, *g.clip(px - q, py - q, px - g.lo, py - g.lo)) > 0,
                (r - 1, c): _box_sum(integral, *g.clip(px + g.t - g.lo, py - q, px + q, py - g.lo)) > 0,
                (r, c - 1): _box_sum(integral, *g.clip(px - q, py + g.t - g.lo, px - g.lo, py + q)) > 0,
                (r, c): _box_sum(integral, *g.clip(px + g.t - g.lo, py + g.t - g.lo, px + q, py + q)) > 0,
            }
            for a, b in (((r - 1, c - 1), (r, c)), ((r - 1, c), (r, c - 1))):
                if near[a] and near[b]:
                    moves.append((a, b, [px - q, py - q, px + q, py + q]))
    return moves


def _components(stroke: Stroke, g: _Geometry, th: dict[str, Any]) -> tuple[np.ndarray, int, np.ndarray]:
    """Label the stroke's pixel components. Gaps up to the tolerance are closed; a dark stroke hidden by a
    wall bar or marker is bridged (ink on both sides of input ink)."""
    ink = stroke.ink.astype(np.uint8)
    r = th["ink_neighbourhood_px"]
    k = g.t + 2 * r + 4  # a dark stroke vanishes over the bar and within r px of it
    closed = cv2.morphologyEx(ink, cv2.MORPH_CLOSE, np.ones((k, k), np.uint8))
    blind = cv2.dilate(stroke.input_ink.astype(np.uint8), np.ones((2 * r + 3, 2 * r + 3), np.uint8))
    bridged = ink | (closed & blind)
    tol = max(th["gap_tolerance_min_px"], round(th["gap_tolerance_cells"] * g.s))
    grown = cv2.dilate(bridged, np.ones((tol + 1, tol + 1), np.uint8))
    n, labels = cv2.connectedComponents(grown, connectivity=8)
    labels = np.where(bridged > 0, labels, 0)
    return labels, n, bridged


def _closest_points(labels: np.ndarray, i: int, j: int, box_i: tuple, box_j: tuple) -> tuple[float, tuple, tuple]:
    """Minimum distance between components i and j and the two closest pixels (x, y)."""
    x0 = min(box_i[0], box_j[0]); y0 = min(box_i[1], box_j[1])
    x1 = max(box_i[2], box_j[2]); y1 = max(box_i[3], box_j[3])
    sub = labels[y0:y1, x0:x1]
    not_i = (sub != i).astype(np.uint8)
    dist, lab = cv2.distanceTransformWithLabels(not_i, cv2.DIST_L2, 5, labelType=cv2.DIST_LABEL_PIXEL)
    ys, xs = np.nonzero(sub == j)
    k = int(np.argmin(dist[ys, xs]))
    pj = (int(xs[k]) + x0, int(ys[k]) + y0)
    # the nearest zero pixel of not_i (a pixel of i) to pj
    zero_ys, zero_xs = np.nonzero(not_i == 0)
    dd = (zero_xs - xs[k]) ** 2 + (zero_ys - ys[k]) ** 2
    m = int(np.argmin(dd))
    pi = (int(zero_xs[m]) + x0, int(zero_ys[m]) + y0)
    return float(np.sqrt(dd[m])), pi, pj


def read_route(stroke: Stroke, maze: Maze, layout: dict[str, Any], start: Cell, goal: Cell,
               th: dict[str, Any]) -> RouteReading:
    """Map the stroke to the cell graph and pick the cheapest start->goal route through what was drawn."""
    ink = stroke.ink
    g = _Geometry(layout, ink.shape, th)
    integral = cv2.integral(ink.astype(np.uint8))
    # cells holding any ink (their full box, wall bars included): only their boundaries can be crossed
    xs = np.clip(g.gx + np.arange(maze.cols + 1) * g.s, 0, g.w)
    ys = np.clip(g.gy + np.arange(maze.rows + 1) * g.s, 0, g.h)
    corner = integral[np.ix_(ys, xs)]
    inked = (corner[1:, 1:] - corner[:-1, 1:] - corner[1:, :-1] + corner[:-1, :-1]) > 0
    edges: list[DrawnEdge] = []
    for a, b in grid_edges(maze.rows, maze.cols):
        if not (inked[a] and inked[b]):
            continue
        walled = not maze.is_open(a, b)
        box = _crossing(ink, integral, g, a, b, walled)
        if box is not None:
            edges.append(DrawnEdge(a, b, "wall" if walled else "open", box))
    for a, b in outer_walls(maze.rows, maze.cols):
        if not inked[a]:
            continue
        box = _crossing(ink, integral, g, a, b, True)
        if box is not None:
            edges.append(DrawnEdge(a, OUT, "wall", box))
    side_linked = {edge(e.a, e.b) for e in edges}
    for a, b, box in _corner_moves(ink, integral, g, inked):
        via = [m for m in ((a[0], b[1]), (b[0], a[1]))]
        if any(edge(a, m) in side_linked and edge(m, b) in side_linked for m in via):
            continue
        legal = any(maze.is_open(a, m) and maze.is_open(m, b) for m in via)
        edges.append(DrawnEdge(a, b, "corner" if legal else "corner_wall", box))

    # pixel components and the gaps between them
    labels, n, bridged = _components(stroke, g, th)
    comps = []
    min_area = th["component_min_cells"] * g.s
    for i in range(1, n):
        ys, xs = np.nonzero(labels == i)
        if len(xs) == 0 or len(xs) < min_area:
            continue
        cells = sorted({g.cell_of(x, y) for x, y in zip(xs[:: max(1, len(xs) // 400)], ys[:: max(1, len(xs) // 400)])})
        comps.append({"label": i, "bbox": (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1),
                      "area": int(len(xs)), "cells": cells})
    gap_edges: list[DrawnEdge] = []
    if 1 < len(comps) <= th["max_components"]:
        pairs = []
        for i in range(len(comps)):
            for j in range(i + 1, len(comps)):
                dist, pi, pj = _closest_points(labels, comps[i]["label"], comps[j]["label"],
                                               comps[i]["bbox"], comps[j]["bbox"])
                pairs.append((dist, i, j, pi, pj))
        pairs.sort()
        parent = list(range(len(comps)))

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for dist, i, j, pi, pj in pairs:
            if dist > th["bridge_max_cells"] * g.s:
                break
            if find(i) == find(j):
                continue
            parent[find(i)] = find(j)
            ca, cb = g.cell_of(*pi), g.cell_of(*pj)
            pad = 3
            box = [min(pi[0], pj[0]) - pad, min(pi[1], pj[1]) - pad, max(pi[0], pj[0]) + pad, max(pi[1], pj[1]) + pad]
            gap_edges.append(DrawnEdge(ca, cb, "gap", box, dist))
    edges += gap_edges

    # visited cells: enough ink in the cell core, or an end of a drawn transition
    min_px = th["visit_min_px_cells"] * g.s
    visited = set()
    for r in range(maze.rows):
        for c in range(maze.cols):
            x0, y0 = g.gx + c * g.s + g.t, g.gy + r * g.s + g.t
            if _box_sum(integral, x0, y0, x0 + g.s - 2 * g.t, y0 + g.s - 2 * g.t) >= min_px:
                visited.add((r, c))
    for e in edges:
        visited.update(x for x in (e.a, e.b) if x != OUT)

    # reached: ink within the reach radius of the marker cell's centre
    end_distance = {}
    reach = th["reach_radius_cells"] * g.s
    for which, cell in (("start", start), ("goal", goal)):
        cx, cy = g.gx + (cell[1] + 0.5) * g.s, g.gy + (cell[0] + 0.5) * g.s
        r0 = int(np.ceil(reach)) + 1
        x0, y0, x1, y1 = g.clip(int(cx) - r0, int(cy) - r0, int(cx) + r0 + 1, int(cy) + r0 + 1)
        ys, xs = np.nonzero(bridged[y0:y1, x0:x1])
        end_distance[which] = float(np.hypot(xs + x0 + 0.5 - cx, ys + y0 + 0.5 - cy).min()) if len(xs) else float("inf")
    start_reached = end_distance["start"] <= reach
    goal_reached = end_distance["goal"] <= reach

    route, route_edges = _cheapest_route(edges, start, goal, th)
    x0, y0, x1, y1 = layout["grid_bbox"]
    corridor_area = int((~stroke.input_ink[y0:y1, x0:x1]).sum())
    ink_fraction = float(ink[y0:y1, x0:x1].sum()) / max(1, corridor_area)
    return RouteReading(sorted(visited), edges, route, route_edges, start_reached, goal_reached,
                        [{"bbox": list(c["bbox"]), "area": c["area"], "cells": [list(x) for x in c["cells"]]}
                         for c in comps], ink_fraction, end_distance)


def _cheapest_route(edges: list[DrawnEdge], start: Cell, goal: Cell,
                    th: dict[str, Any]) -> tuple[list[Cell] | None, list[DrawnEdge]]:
    """Dijkstra over the drawn transitions; costs from the rubric prefer open steps to gaps to walls."""
    cost = th["route_costs"]
    adj: dict[Cell, list[tuple[float, Cell, int]]] = {}
    for k, e in enumerate(edges):
        w = cost[e.kind] + (e.length_px / 100.0 if e.kind == "gap" else 0.0)
        adj.setdefault(e.a, []).append((w, e.b, k))
        adj.setdefault(e.b, []).append((w, e.a, k))
    best = {start: 0.0}
    prev: dict[Cell, tuple[Cell, int]] = {}
    heap = [(0.0, start)]
    while heap:
        dist, cell = heapq.heappop(heap)
        if cell == goal:
            break
        if dist > best.get(cell, float("inf")):
            continue
        for w, n, k in sorted(adj.get(cell, [])):
            nd = dist + w
            if nd < best.get(n, float("inf")):
                best[n] = nd
                prev[n] = (cell, k)
                heapq.heappush(heap, (nd, n))
    if goal not in best:
        return None, []
    route, used = [goal], []
    while route[-1] != start:
        p, k = prev[route[-1]]
        used.append(edges[k])
        route.append(p)
    return route[::-1], used[::-1]


# -------------------------------------------------------------------------------------------- checking


def _v(code: str, message: str, severity: str, **evidence: Any) -> Violation:
    return Violation(code, message, {"severity": severity, **evidence})


def check_route(reading: RouteReading, maze: Maze, layout: dict[str, Any], start: Cell, goal: Cell,
                th: dict[str, Any]) -> tuple[list[Violation], dict[str, Any]]:
    """Named violations of the drawn route, and what was recorded (route, detours)."""
    rows, cols = maze.rows, maze.cols
    s = layout["cell_px"]
    violations: list[Violation] = []
    info: dict[str, Any] = {}
    markers = layout["markers"]
    if len(reading.visited) < 2 or not reading.components:
        return [_v("no_route", "no route was drawn (no new stroke through the maze)", MAJOR,
                   bbox=list(layout["grid_bbox"]))], info
    if reading.ink_fraction >= th["flood_min_corridor_fraction"]:
        return [_v("not_a_route", f"new ink covers {reading.ink_fraction:.0%} of the corridors: the maze was "
                   "painted over, not a route drawn", MAJOR, bbox=list(layout["grid_bbox"]))], info
    if not reading.start_reached:
        violations.append(_v("start_not_reached", f"the route does not begin at the start {cell_name(start)}",
                             MAJOR, cell=list(start), bbox=markers["start"],
                             distance_px=_finite(reading.end_distance["start"])))
    if not reading.goal_reached:
        violations.append(_v("goal_not_reached", f"the route does not reach the goal {cell_name(goal)}",
                             MAJOR, cell=list(goal), bbox=markers["goal"],
                             distance_px=_finite(reading.end_distance["goal"])))
    if reading.start_reached and reading.goal_reached and reading.route is None:
        violations.append(_v("route_broken", "the drawn strokes do not connect the start to the goal",
                             MAJOR, bbox=list(layout["grid_bbox"]),
                             pieces=[c["bbox"] for c in reading.components]))
    on_route = set(reading.route or [])
    # every wall crossing anywhere in the drawing, named; gaps only where the route bridges them
    for e in reading.edges:
        if e.kind == "wall":
            violations.append(_v("wall_crossed", f"the route crosses the {wall_name(e.a, e.b, rows, cols)}",
                                 MAJOR, cells=[list(x) for x in (e.a, e.b) if x != OUT],
                                 wall=[list(e.a), list(e.b)] if e.b != OUT else [list(e.a), "outside"],
                                 bbox=e.bbox))
        elif e.kind == "corner_wall":
            violations.append(_v("wall_crossed", f"the route cuts diagonally from {cell_name(e.a)} to "
                                 f"{cell_name(e.b)} through a wall corner", MAJOR,
                                 cells=[list(e.a), list(e.b)], bbox=e.bbox))
        elif e.kind == "corner":
            violations.append(_v("corner_cut", f"the route cuts the corner between {cell_name(e.a)} and "
                                 f"{cell_name(e.b)} diagonally", MINOR, cells=[list(e.a), list(e.b)], bbox=e.bbox))
        elif e.kind == "gap" and e.a in on_route and e.b in on_route:
            cells = e.length_px / s
            sev = MINOR if cells <= th["minor_gap_max_cells"] else MAJOR
            violations.append(_v("route_gap", f"the route has a gap of {e.length_px:.0f} px ({cells:.2f} cells) "
                                 f"near {cell_name(e.a) if e.a != OUT else 'the border'}", sev,
                                 cells=[list(x) for x in (e.a, e.b) if x != OUT], gap_px=round(e.length_px, 1),
                                 bbox=e.bbox))
    # stray pieces: components none of whose cells are on the route
    if reading.route is not None:
        for comp in reading.components:
            cells = {tuple(c) for c in comp["cells"]}
            if not cells & on_route:
                sev = MINOR if len(cells) <= th["stray_minor_max_cells"] else MAJOR
                violations.append(_v("stray_mark", f"a stroke off the route covers {len(cells)} cell(s)", sev,
                                     cells=sorted([list(c) for c in cells]), bbox=comp["bbox"]))
    if reading.route is not None:
        info["route"] = [list(c) for c in reading.route]
        info["detour_cells"] = [list(c) for c in reading.visited if c not in on_route]
    return violations, info


def _finite(x: float) -> float | None:
    return round(x, 1) if np.isfinite(x) else None


def maze_tier(violations: list[Violation]) -> int:
    """GenPuzzle's tiers: 3 no violation; 2 one minor issue only; 1 anything else drawn; 0 no route or the
    maze destroyed. Any change to the maze's walls or markers caps the tier at 1."""
    codes = {v.code for v in violations}
    if codes & {"no_route", "not_a_route", "maze_destroyed"}:
        return 0
    if not violations:
        return 3
    if codes & {"wall_erased", "wall_added", "marker_removed"}:
        return 1
    majors = [v for v in violations if v.evidence.get("severity") != MINOR]
    return 2 if not majors and len(violations) == 1 else 1
