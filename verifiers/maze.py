"""Maze verification: extract the route the answer drew, map it to the cell graph, check it, tier it.

Pipeline (all on the registered answer, in input-image pixels):

0. :func:`align_to_lattice` -- each wall of the maze found on the answer and compared with the input's bar;
   a page the registration left off the lattice (a double-line wall locked onto one of its lines) is
   resampled through the walls' offsets, and an alignment in doubt sends the verdict to review (rubric 9).
1. :func:`extract_stroke` -- new ink relative to the input: any pixel whose colour lies outside the range
   of the input's colours in a small neighbourhood (tolerates 1-2 px misregistration, blur, JPEG) and is not
   paper-coloured. Any colour, any width, anti-aliased or wobbly. The answer's walls (grey pixels in the
   wall zone around the input's bars, at any width or grey level, or in the colour the answer drew its walls
   in) and bars along the image edge are not ink.
2. :func:`check_maze_preserved` -- every wall bar still there (something non-paper across it), no new dark
   bar on an open boundary, markers kept; ``wall_erased``, ``wall_added``, ``marker_removed``,
   ``maze_destroyed``.
3. :func:`read_route` -- the cell graph of the drawing: open steps where the stroke crosses a boundary line
   outside the wall zone; wall crossings by topology (a piece of the stroke inside the wall zone -- bar,
   end post, outer corner post, frame -- that joins cells no open passage links); pieces of a dashed or
   dotted line linked without passing a wall; longer gaps; then the cheapest start->goal route.
4. :func:`check_route` -- named violations ``no_route``, ``not_a_route``, ``start_not_reached``,
   ``goal_not_reached``, ``route_broken``, ``route_gap``, ``wall_crossed``, ``corner_cut``, ``stray_mark``,
   ``side_branch``: every cell holding ink off the route is charged; ``route_outlined``: ink that rings the
   route's corridors instead of running along them.
5. :func:`maze_tier` -- GenPuzzle's four tiers; ``score = tier / 3 * 100``. Thresholds:
   ``data/rubrics/maze.json``.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field, replace
from typing import Any

import cv2
import numpy as np

from genpuzzle.ink import blend_excess
from genpuzzle.records import Violation
from genpuzzle.registration import normalize_background
from genpuzzle.renderers.maze import outer_walls, wall_rect
from genpuzzle.solvers.maze import Cell, Maze, edge

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
    """What the answer drew, relative to the input (bool HxW masks).

    ``ink`` is the route ink: new colour relative to the input, minus the walls as the answer redrew them
    (wall-coloured pixels next to an input wall) and minus letterbox bars at the image edge. ``raw_ink``
    keeps those (a wall drawn on an open passage is judged on it). ``wall_zone`` is the input's wall bars
    grown by the redraw reach: the answer's walls lie inside it, whatever their width.
    """

    ink: np.ndarray
    paper: np.ndarray
    input_ink: np.ndarray
    dark: np.ndarray  # answer pixels that are dark and grey (wall-like)
    raw_ink: np.ndarray = None  # type: ignore[assignment]
    input_wall: np.ndarray = None  # type: ignore[assignment]
    wall_zone: np.ndarray = None  # type: ignore[assignment]
    zone_reach: int = 0
    redrawn_wall_px: int = 0
    border_bar_px: int = 0
    colour: np.ndarray = None  # type: ignore[assignment]  # the answer, paper made white (HxWx3 uint8)
    margin_px: int = 0  # ink wholly in the page margin, off the maze (a sticker, a scanner's edge): not route


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
    sel = outside & (_channel_max_min(input_image)[1] >= 250)
    sample = answer[sel][::7]
    if len(sample) < 200:
        return normalize_background(answer)
    paper = np.median(sample, axis=0)
    if (paper >= 250).all():
        return answer
    gain = tuple(float(255.0 / max(1.0, p)) for p in paper) + (0.0,)
    return cv2.multiply(answer, gain)


def wall_zone_reach(layout: dict[str, Any], th: dict[str, Any]) -> int:
    """How far (px) beyond the input's wall bar the answer's redrawn wall may reach on each side."""
    return int(np.ceil(th["wall_zone_reach_walls"] * layout["wall_px"])) + th["wall_zone_slack_px"]


def _clear_edge_lines(ink: np.ndarray, th: dict[str, Any]) -> int:
    """Clear (in place) the rows and columns at each image edge that ink mostly covers (letterbox bars),
    from the edge inwards, at most ``border_bar_max_px`` (or 1 %) deep; the number of pixels cleared."""
    h, w = ink.shape
    depth = max(th["border_bar_max_px"], round(th["border_bar_max_fraction"] * min(h, w)))
    cleared = 0
    for lines in (ink, ink[::-1], ink.T, ink.T[::-1]):  # views: top, bottom, left, right
        for i in range(min(depth, lines.shape[0])):
            if lines[i].mean() < th["border_line_min_cover"]:
                break
            cleared += int(lines[i].sum())
            lines[i] = False
    return cleared


def _border_bars(stats: np.ndarray, shape: tuple[int, int], th: dict[str, Any]) -> np.ndarray:
    """Labels of ink components that are thin bars along an image edge (letterbox or margin remnants of
    the registration warp): touching the edge, at most ``border_bar_max_px`` deep, long along it."""
    h, w = shape
    depth = max(th["border_bar_max_px"], round(th["border_bar_max_fraction"] * min(h, w)))
    x, y, bw, bh = (stats[:, i] for i in (cv2.CC_STAT_LEFT, cv2.CC_STAT_TOP, cv2.CC_STAT_WIDTH,
                                          cv2.CC_STAT_HEIGHT))
    horizontal = ((y == 0) | (y + bh == h)) & (bh <= depth) & (bw >= th["border_bar_min_length"] * w)
    vertical = ((x == 0) | (x + bw == w)) & (bw <= depth) & (bh >= th["border_bar_min_length"] * h)
    bars = np.nonzero(horizontal | vertical)[0]
    return bars[bars > 0]


def _marker_outlines(labels: np.ndarray, stats: np.ndarray, inp: np.ndarray, th: dict[str, Any]) -> np.ndarray:
    """Labels of ink components that are a coloured marker's own outline: thin (at most
    ``wall_edge_max_px`` thick) and lying wholly within ``ink_neighbourhood_px`` of the outline of the
    input's coloured ink. A resampled, JPEG-compressed marker comes back with a sliver of off-colour
    pixels along its edge (chroma ringing), which is no route (a loose piece of route by the start
    marker read as a route_gap). Grey input ink (walls and their anti-aliased edges) has no such outline:
    a thin route along a wall stays route."""
    i_max, i_min = _channel_max_min(inp)
    marker = (cv2.subtract(i_max, i_min) > th["paper_max_spread"]).astype(np.uint8)  # coloured, not grey
    if not marker.any():
        return np.zeros(0, np.int64)
    k = np.ones((2 * th["ink_neighbourhood_px"] + 1,) * 2, np.uint8)
    outline = cv2.dilate(marker, k) & (1 - cv2.erode(marker, k))
    off_outline = np.bincount(labels[outline == 0].ravel(), minlength=len(stats))
    area = stats[:, cv2.CC_STAT_AREA]
    length = np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT])
    thin = area <= th["wall_edge_max_px"] * length
    ids = np.nonzero((off_outline == 0) & thin & (area > 0))[0]
    return ids[ids > 0]


def _recoloured_markers(labels: np.ndarray, stats: np.ndarray, inp: np.ndarray, layout: dict[str, Any],
                        th: dict[str, Any]) -> np.ndarray:
    """Labels of ink components that are a marker in another colour: lying wholly within the marker's box
    (grown by ``ink_neighbourhood_px`` + 1) and covering at least half of the marker's own pixels (a page
    shown light on dark and inverted back by the registration turns the green disc magenta). The marker
    kept its place and shape: no route ink, so a line that stops a cell short does not reach the goal
    through it (since rubric 8). A route drawn into the marker joins it from outside and stays route; a dash
    or dot on the marker covers far less of it."""
    i_max, i_min = _channel_max_min(inp)
    coloured = cv2.subtract(i_max, i_min) > th["paper_max_spread"]
    h, w = labels.shape
    pad = th["ink_neighbourhood_px"] + 1
    out = []
    for x0, y0, x1, y1 in layout["markers"].values():
        bx0, by0, bx1, by1 = max(0, x0 - pad), max(0, y0 - pad), min(w, x1 + pad + 1), min(h, y1 + pad + 1)
        own = coloured[by0:by1, bx0:bx1]
        if not own.any():
            continue
        box = labels[by0:by1, bx0:bx1]
        ids, inside = np.unique(box[box > 0], return_counts=True)
        for i, n_in in zip(ids.tolist(), inside.tolist()):
            if n_in < int(stats[i, cv2.CC_STAT_AREA]):
                continue  # the piece leaves the box: a route into the marker
            if (own & (box == i)).sum() >= 0.5 * own.sum():
                out.append(i)
    return np.array(out, np.int64)


def _answer_wall_colour(ans: np.ndarray, input_wall: np.ndarray, th: dict[str, Any]) -> np.ndarray | None:
    """The colour the answer drew its walls in, when it is a colour (not grey): the median answer colour on
    the cores of the input's wall bars (a route crosses a bar in a few places at most, so the median is the
    wall's). None when the walls stay grey or are mostly gone."""
    core = cv2.erode(input_wall.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    if core.sum() < 50:
        core = input_wall
    sample = ans[core][::3].astype(np.float32)
    if len(sample) < 20:
        return None
    colour = np.median(sample, axis=0)
    spread = float(colour.max() - colour.min())
    if spread > th["dark_max_spread"] and float(colour.min()) <= th["wall_max_channel"]:
        return colour
    # thin walls (a 3 px bar resampled) come back as blends of their colour with paper: the median is paler
    # and less saturated than the colour, though as far from grey *relative to its darkness* (a blend with
    # white keeps (max - min) / (255 - min)). The darker half of the samples then gives the wall's colour
    # (since rubric 8: dark green walls on a recoloured page were read as route ink along their cores)
    deep = np.median(sample[sample.min(axis=1) <= colour.min()], axis=0)
    spread = float(deep.max() - deep.min())
    if spread >= th["wall_colour_min_spread"] and float(deep.min()) <= th["wall_max_channel"] \
            and spread / max(1.0, 255.0 - float(deep.min())) >= th["wall_colour_min_chroma"]:
        return deep
    return None


def _near_colour(image: np.ndarray, colour: np.ndarray, max_excess: float) -> np.ndarray:
    """Pixels of ``image`` within ``max_excess`` of some blend of ``colour`` with white (HxW bool)."""
    return (blend_excess(image.reshape(-1, 3), colour) <= max_excess).reshape(image.shape[:2])


def extract_stroke(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any],
                   th: dict[str, Any], wall_reach: int | None = None) -> Stroke:
    """New ink: answer colour outside the input's local colour range by more than the threshold (or more
    saturated than any input colour nearby), and not paper. Specks up to ``speck_max_area_px`` and bars
    along the image edge are dropped; grey pixels within the wall zone are the answer's wall, not route.
    ``wall_reach``: the zone's reach beyond the input's bars when the answer's walls were measured to reach
    farther than :func:`wall_zone_reach` (:func:`align_to_lattice`, since rubric 9)."""
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
    edge_lines = _clear_edge_lines(ink, th)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    drop = np.nonzero(stats[:, cv2.CC_STAT_AREA] <= th["speck_max_area_px"])[0]
    bars = _border_bars(stats, ink.shape, th)
    drop = np.concatenate([drop[drop > 0], bars, _marker_outlines(labels, stats, inp, th),
                           _recoloured_markers(labels, stats, inp, layout, th)])
    border_bar_px = edge_lines + (int(stats[bars, cv2.CC_STAT_AREA].sum()) if len(bars) else 0)
    if len(drop):
        keep = np.ones(n, bool)
        keep[drop] = False
        ink = keep[labels] & ink
    input_ink = ~((i_min >= th["paper_min_channel"]) & (cv2.subtract(i_max, i_min) <= th["paper_max_spread"]))
    dark = (a_max < th["dark_max_channel"]) & (spread <= th["dark_max_spread"])
    # the input's walls are its dark grey pixels (the markers are coloured); the answer's walls, redrawn
    # thicker, thinner or grey, are the grey non-paper pixels around them
    input_wall = (i_max < th["dark_max_channel"]) & (cv2.subtract(i_max, i_min) <= th["dark_max_spread"])
    reach = max(wall_zone_reach(layout, th), wall_reach or 0)
    zone = cv2.dilate(input_wall.astype(np.uint8), np.ones((2 * reach + 1, 2 * reach + 1), np.uint8)) > 0
    wall_like = (spread <= th["dark_max_spread"]) & (a_max <= th["wall_max_channel"])
    wall_colour = _answer_wall_colour(ans, input_wall, th)
    redrawn = np.zeros_like(ink)
    if wall_colour is not None:
        # walls redrawn in a colour (navy, brown): that colour and its blends with paper are wall, inside the
        # zone and, being no grey a route could share, one wall width beyond it (a heavier redraw)
        in_colour = _near_colour(ans, wall_colour, th["wall_colour_max_excess"]) & (a_min <= th["wall_max_channel"])
        wall_like |= in_colour
        wide = max(1, layout["wall_px"])
        beyond = cv2.dilate(zone.astype(np.uint8), np.ones((2 * wide + 1, 2 * wide + 1), np.uint8)) > 0
        redrawn = ink & beyond & in_colour
    redrawn |= ink & zone & wall_like
    # beyond the zone (a redraw offset by the registration), a thin grey line running along a wall is the
    # wall's edge too: elongated, at most a few px thick, at least a third of a cell long. Its faint
    # anti-aliased column dips in and out of the ink threshold, so pieces up to 2 px apart are one line
    outer = cv2.dilate(zone.astype(np.uint8), np.ones((7, 7), np.uint8)) > 0
    edge_like = ink & ~zone & outer & wall_like
    if edge_like.any():
        bridged = cv2.dilate(edge_like.astype(np.uint8), np.ones((3, 3), np.uint8))
        n_e, lab_e = cv2.connectedComponents(bridged, connectivity=8)
        ys, xs = np.nonzero(edge_like)
        ids = lab_e[ys, xs]
        area = np.bincount(ids, minlength=n_e)
        lo_x, lo_y = np.full(n_e, xs.max()), np.full(n_e, ys.max())
        hi_x, hi_y = np.zeros(n_e, np.int64), np.zeros(n_e, np.int64)
        np.minimum.at(lo_x, ids, xs), np.minimum.at(lo_y, ids, ys)
        np.maximum.at(hi_x, ids, xs), np.maximum.at(hi_y, ids, ys)
        length = np.maximum(hi_x - lo_x, hi_y - lo_y) + 1
        thick = area / np.maximum(1, length)
        # a line that turns (the fringe round a wall's end or corner, a double-line wall's outline) is long
        # for its bounding box: its thickness is then twice its largest distance to its own edge (rubric 8)
        half = np.zeros(n_e, np.float32)
        np.maximum.at(half, ids, cv2.distanceTransform(edge_like.astype(np.uint8), cv2.DIST_L2, 3)[ys, xs])
        thick = np.minimum(thick, 2 * half - 1)
        thin = (area > 0) & (thick <= th["wall_edge_max_px"]) \
            & (length >= th["wall_edge_min_cells"] * layout["cell_px"])
        thin[0] = False
        redrawn |= thin[lab_e] & edge_like
    margin = _margin_ink(ink & ~redrawn, zone, wall_like, layout)
    raw_ink = ink & ~margin
    ink = ink & ~redrawn & ~margin
    return Stroke(ink, paper, input_ink, dark, raw_ink, input_wall, zone, reach, int(redrawn.sum()),
                  border_bar_px, ans, int(margin.sum()))


def _margin_ink(ink: np.ndarray, zone: np.ndarray, wall_like: np.ndarray, layout: dict[str, Any]) -> np.ndarray:
    """Ink wholly in the page margin: unbroken pieces (8-connected) with no pixel in the grid and fewer than
    max(3, wall_px) in the walls' colour (grey, or the colour the walls were redrawn in) within 3 px of the wall zone
    (the outer frame grown by the redraw reach). They touch no cell and no wall (a sticker, a frame, a
    scanner's edge shadow, a caption beside the maze): no part of the route and no change to the maze
    (since rubric 8). A route that leaves the maze crosses the outer frame: in a colour its piece outside
    is joined to the frame and stays route ink; in the walls' colour (read as wall inside the zone) its
    piece outside comes up to the zone in that colour and stays route ink too."""
    x0, y0, x1, y1 = layout["grid_bbox"]
    grid = np.zeros_like(ink)
    grid[max(0, y0):y1, max(0, x0):x1] = True
    if not (ink & ~grid).any():  # nothing outside the grid (most answers)
        return np.zeros_like(ink)
    near = cv2.dilate(zone.astype(np.uint8), np.ones((7, 7), np.uint8)) > 0
    n, labels = cv2.connectedComponents(ink.astype(np.uint8), connectivity=8)
    keep = np.zeros(n, bool)
    keep[np.unique(labels[grid & ink])] = True
    # a line in the walls' colour reaching the zone (a few pixels of it, not one blended pixel of a
    # sticker's edge)
    keep |= np.bincount(labels[near & wall_like & ink], minlength=n) >= max(3, layout["wall_px"])
    keep[0] = True
    return ~keep[labels]


# ------------------------------------------------------------------------------------- lattice alignment


def _wall_ink_map(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any],
                  th: dict[str, Any]) -> np.ndarray:
    """How much wall ink each pixel holds (float32 HxW, 0..255): the darkness (255 - brightest channel) of
    non-paper pixels in the walls' colour -- grey, or the colour the answer drew its walls in -- so that a
    coloured route weighs nothing."""
    inp = np.ascontiguousarray(input_image, dtype=np.uint8)
    ans = _normalize_paper(np.ascontiguousarray(answer, dtype=np.uint8), inp, layout)
    a_max, a_min = _channel_max_min(ans)
    spread = cv2.subtract(a_max, a_min)
    paper = (a_min >= th["paper_min_channel"]) & (spread <= th["paper_max_spread"])
    i_max, i_min = _channel_max_min(inp)
    input_wall = (i_max < th["dark_max_channel"]) & (cv2.subtract(i_max, i_min) <= th["dark_max_spread"])
    colour = _answer_wall_colour(ans, input_wall, th)
    wallish = spread <= th["dark_max_spread"] if colour is None else \
        _near_colour(ans, colour, th["wall_colour_max_excess"])
    return np.where(wallish & ~paper, 255.0 - a_max.astype(np.float32), 0.0).astype(np.float32)


def _wall_segments(maze: Maze, layout: dict[str, Any]) -> list[tuple[bool, int, int, int]]:
    """Every wall (inner and outer) as (vertical, line position, start, end along the line), in input px."""
    gx, gy = layout["grid_bbox"][:2]
    s = layout["cell_px"]
    out = []
    for a, b in maze.walls() + outer_walls(maze.rows, maze.cols):
        (ra, ca), (rb, cb) = sorted([a, b])
        if ra == rb:
            out.append((True, gx + cb * s, gy + ra * s, gy + (ra + 1) * s))
        else:
            out.append((False, gy + rb * s, gx + ca * s, gx + (ca + 1) * s))
    return out


def _segment_centre(ink: np.ndarray, vertical: bool, pos: int, lo: int, hi: int, layout: dict[str, Any],
                    th: dict[str, Any]) -> tuple[float, float] | None:
    """Where the wall ink along one wall lies across its line (px from the line) and how far it reaches from
    there (px: the farthest column of the window with wall ink along half the wall), or None when under
    ``lattice_min_cover`` of the wall's length holds wall ink there. The wall's middle stretch only (its ends
    meet the perpendicular walls); the heaviest window of 2 x (2 wall_px + 2) + 1 px within
    ``lattice_search_cells`` of the line, then the ink's centroid in a window of that size moved onto it until
    it settles: a wall drawn as a double line (two outlines around the bar) is found at its middle, not at
    either line."""
    s, t = layout["cell_px"], layout["wall_px"]
    half = 2 * t + 2
    search = int(round(th["lattice_search_cells"] * s))
    trim = int(round(max(t, 0.25 * s)))
    reach = search + half
    a0, a1 = lo + trim, hi - trim
    if a1 - a0 < 3:
        return None
    h, w = ink.shape
    size = w if vertical else h
    p0, p1 = pos - reach, pos + reach + 1
    strip = np.zeros((a1 - a0, p1 - p0), np.float32)
    c0, c1 = max(0, p0), min(size, p1)
    if c1 <= c0 or a0 < 0 or a1 > (h if vertical else w):
        return None
    strip[:, c0 - p0:c1 - p0] = ink[a0:a1, c0:c1] if vertical else ink[c0:c1, a0:a1].T
    profile = strip.sum(axis=0)
    csum = np.concatenate([[0.0], np.cumsum(profile)])
    box = csum[2 * half + 1:] - csum[:-2 * half - 1]
    if box.max() <= 0:
        return None
    u = float(np.argmax(box) + half)
    idx = np.arange(len(profile), dtype=np.float64)
    for _ in range(6):
        i0, i1 = max(0, int(round(u)) - half), min(len(profile), int(round(u)) + half + 1)
        weight = profile[i0:i1]
        if weight.sum() <= 0:
            return None
        new = float((weight * idx[i0:i1]).sum() / weight.sum())
        settled = abs(new - u) < 0.25
        u = new
        if settled:
            break
    i0, i1 = max(0, int(round(u)) - half), min(len(profile), int(round(u)) + half + 1)
    inked = strip[:, i0:i1] >= th["lattice_ink_min"]
    if float(inked.any(axis=1).mean()) < th["lattice_min_cover"]:
        return None
    cols = np.nonzero(inked.mean(axis=0) >= 0.5)[0] + i0
    extent = float(np.abs(cols - u).max()) + 0.5 if len(cols) else 0.0
    return u - reach, extent


def _lattice_offsets(ink: np.ndarray, ref: list[tuple[float, float]],
                     segments: list[tuple[bool, int, int, int]], layout: dict[str, Any], th: dict[str, Any],
                     extents: list[float] | None = None) -> list[tuple[bool, float, float, float]]:
    """(vertical, x, y, offset across the wall) of every wall found in ``ink``, relative to where its
    bar lies on the input (``ref``); each wall's reach from its centre is appended to ``extents``."""
    out = []
    for (vertical, pos, lo, hi), r in zip(segments, ref):
        found = _segment_centre(ink, vertical, pos, lo, hi, layout, th)
        if found is None:
            continue
        mid = (lo + hi) / 2
        out.append((vertical, float(pos) if vertical else mid, mid if vertical else float(pos), found[0] - r[0]))
        if extents is not None:
            extents.append(found[1])
    return out


def _agreeing(obs: list[tuple[bool, float, float, float]], layout: dict[str, Any], fallback: bool = True
              ) -> list[tuple[bool, float, float, float]]:
    """The walls of ``obs`` whose offset agrees with the median of at least two neighbours along the same axis
    within 1.5 cells (within max(2, wall_px) px), and those with fewer neighbours: a wall misread (dark ink beside
    it taken for the wall, 33 px off on an app's dark theme page whose other 32 walls lie at 0) does not move the
    page's offset (:func:`_offset_field` leaves such walls out of its field by this same rule). When none
    agrees, all of ``obs`` (``fallback``; otherwise none)."""
    s, t = layout["cell_px"], layout["wall_px"]
    keep = []
    for i, (v, x, y, d) in enumerate(obs):
        near = [dj for j, (vj, xj, yj, dj) in enumerate(obs)
                if j != i and vj == v and math.hypot(xj - x, yj - y) <= 1.5 * s]
        if len(near) < 2 or abs(d - float(np.median(near))) <= max(2.0, t):
            keep.append(obs[i])
    return keep or (obs if fallback else [])


def _offset_field(obs: list[tuple[bool, float, float, float]], shape: tuple[int, int],
                  layout: dict[str, Any], th: dict[str, Any]) -> tuple[np.ndarray, np.ndarray, float] | None:
    """A smooth displacement field (dx, dy: float32 HxW) through the walls' offsets, and the largest
    difference between the offsets of two walls within 1.5 cells of each other (px; a registration that bent
    each part of the page onto a different line changes its offset by a wall's width or more within a cell,
    where a field through the walls' middles cannot say where each wall lies). Each offset is checked against
    its neighbours within 1.5 cells (one that disagrees with their median by more than max(2, wall_px) px -- a
    wall misread -- is left out), then a Gaussian-weighted mean (sigma 0.75 cell), falling back to the
    median offset far from any wall. None with too few walls on an axis."""
    s = layout["cell_px"]
    h, w = shape
    step = max(4, s // 4)
    ny, nx = -(-h // step), -(-w // step)
    gy, gx = ((np.mgrid[0:ny, 0:nx] + 0.5) * step - 0.5).astype(np.float32)  # cv2.resize's sample points
    fields = []
    jump = 0.0
    for vertical in (True, False):
        o = [ob for ob in obs if ob[0] == vertical]
        if len(o) < th["lattice_min_walls"]:
            return None
        o = np.array([(x, y, d) for _, x, y, d in _agreeing(o, layout, fallback=False)], np.float64)
        if len(o) < th["lattice_min_walls"]:
            return None
        dist = np.hypot(o[:, None, 0] - o[None, :, 0], o[:, None, 1] - o[None, :, 1])
        close = dist <= 1.5 * s
        jump = max(jump, float(np.abs(o[:, None, 2] - o[None, :, 2])[close].max()))
        sigma = 0.75 * s
        wgt = np.exp(-((gx[..., None] - o[:, 0]) ** 2 + (gy[..., None] - o[:, 1]) ** 2) / (2 * sigma ** 2))
        total = wgt.sum(axis=-1)
        base = float(np.median(o[:, 2]))
        coarse = np.where(total > 1e-3, (wgt * o[:, 2]).sum(axis=-1) / np.maximum(total, 1e-3), base)
        full = cv2.resize(coarse.astype(np.float32), (nx * step, ny * step), interpolation=cv2.INTER_LINEAR)
        fields.append(full[:h, :w])
    return fields[0], fields[1], jump


def _affine_misfit(obs: list[tuple[bool, float, float, float]]) -> float:
    """How far the walls' offsets lie from the best affine map (least squares of offset ~ 1, x, y on each
    axis): the larger of the two axes' 90th-percentile residuals (px)."""
    worst = 0.0
    for vertical in (True, False):
        o = np.array([(x, y, d) for v, x, y, d in obs if v == vertical], np.float64)
        if len(o) < 4:
            continue
        design = np.c_[np.ones(len(o)), o[:, 0], o[:, 1]]
        coef, *_ = np.linalg.lstsq(design, o[:, 2], rcond=None)
        worst = max(worst, float(np.percentile(np.abs(o[:, 2] - design @ coef), 90)))
    return worst


def align_to_lattice(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any], maze: Maze,
                     th: dict[str, Any]) -> tuple[np.ndarray, dict[str, Any]]:
    """The registered answer moved so that its walls lie on the input's (since rubric 9).

    The maze is known: each wall's line position and extent. Each wall found on the answer (the centre of
    its wall ink across the line, :func:`_segment_centre`) is compared with the centre of the input's bar
    (the renderer's layout: ``wall_px`` wide from ``wall_px // 2`` before the line). When the walls lie off
    their lines by less than ``lattice_min_shift_px`` (the 90th percentile), the
    answer is used as registered (nearly every answer). Otherwise (a registration that locked one line of a
    double-line wall onto the input's bar: ~10 px off, or pulled each half of the page onto a different line)
    the answer is resampled through the smooth field of the walls' offsets (:func:`_offset_field`), measured
    again and the field refined (``lattice_passes``). Returns the image and what was found:
    ``lattice_walls`` (how many walls were found), ``lattice_offset_px`` (the walls' 90th-percentile offset as
    registered), ``lattice_jump_px`` and ``lattice_misfit_px`` (see :func:`_offset_field`,
    :func:`_affine_misfit`), ``lattice_shift_px`` (the largest correction), ``lattice_residual_px`` (the offset
    after it), ``lattice_doubt`` when the walls still lie off their lines by more than
    ``lattice_max_residual_px``, too few walls were found to correct by, or the page was bent onto different
    lines in different parts (jump over max(``lattice_max_jump_px``, wall_px) and misfit over
    max(``lattice_max_misfit_px``, wall_px / 2)) (the reading then rests on an alignment in doubt: the verdict
    goes to review, never a confident pass or fail), and
    ``wall_reach_px`` when the answer's walls reach farther from their lines than the wall zone does (a wall
    drawn as a double line): the zone's reach beyond the input's bar for this answer (:func:`extract_stroke`)."""
    segments = _wall_segments(maze, layout)
    # the input's bars, as the renderer draws them: wall_px wide from wall_px // 2 before the line
    t = layout["wall_px"]
    ref = [((t - 1) / 2 - t // 2, t / 2)] * len(segments)
    extents: list[float] = []
    obs = _lattice_offsets(_wall_ink_map(answer, input_image, layout, th), ref, segments, layout, th, extents)
    info: dict[str, Any] = {"lattice_walls": len(obs)}
    if len(obs) < th["lattice_min_walls"]:
        return answer, info
    before = float(np.percentile(np.abs([d for *_, d in _agreeing(obs, layout)]), 90))
    best, best_extents = answer, extents
    if before >= th["lattice_min_shift_px"]:
        info["lattice_offset_px"] = round(before, 1)
        field = _offset_field(obs, answer.shape[:2], layout, th)
        if field is None:
            info["lattice_doubt"] = True
            return answer, info
        dx, dy, jump = field
        misfit = _affine_misfit(obs)
        info["lattice_jump_px"], info["lattice_misfit_px"] = round(jump, 1), round(misfit, 1)
        # a page bent onto different lines in different parts (neighbouring walls a wall width or more apart
        # in offset, and no affine map explains the offsets: a scale or a tilt changes them smoothly): where
        # each wall lies between the parts is a guess
        bent = jump > max(th["lattice_max_jump_px"], t) and misfit > max(th["lattice_max_misfit_px"], t / 2)
        h, w = answer.shape[:2]
        xs, ys = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
        best_residual, best_shift = before, 0.0
        for _ in range(th["lattice_passes"]):
            # the field is smooth, so it is refined on the resampled answer and the sum applied to the
            # registered one (a single resampling)
            moved = cv2.remap(np.ascontiguousarray(answer), xs + dx, ys + dy, cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_REPLICATE)
            extents = []
            again = _lattice_offsets(_wall_ink_map(moved, input_image, layout, th), ref, segments, layout, th,
                                     extents)
            if len(again) < th["lattice_min_walls"]:
                break
            after = float(np.percentile(np.abs([d for *_, d in _agreeing(again, layout)]), 90))
            if after < best_residual:
                best, best_residual, best_extents = moved, after, extents
                best_shift = float(max(np.abs(dx).max(), np.abs(dy).max()))
            if after < th["lattice_settled_px"]:
                break
            more = _offset_field(again, answer.shape[:2], layout, th)
            if more is None:
                break
            dx, dy = dx + more[0], dy + more[1]
        info["lattice_shift_px"] = round(best_shift, 1)
        info["lattice_residual_px"] = round(best_residual, 1)
        if best_residual > th["lattice_max_residual_px"] or bent:
            info["lattice_doubt"] = True
    # the answer's walls drawn wider than the zone reaches (a double line round a wider bar): the zone grows
    # to hold them, at most to lattice_max_zone_cells of a cell from the line
    s = layout["cell_px"]
    need = int(np.ceil(float(np.median(best_extents)) - t / 2)) + 1
    if need > wall_zone_reach(layout, th):
        info["wall_reach_px"] = min(need, int(th["lattice_max_zone_cells"] * s - t / 2))
    return best, info


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


def _double_wall_lines(stroke: Stroke, nonpaper: np.ndarray, th: dict[str, Any]) -> np.ndarray:
    """Non-paper pixels dark enough in some channel to be a drawn line (``double_wall_max_channel``), not
    paper grain (uint8 0/1)."""
    if stroke.colour is None:
        return nonpaper
    return nonpaper & (_channel_max_min(stroke.colour)[1] <= th["double_wall_max_channel"]).astype(np.uint8)


def check_maze_preserved(stroke: Stroke, maze: Maze, layout: dict[str, Any],
                         th: dict[str, Any]) -> tuple[list[Violation], dict[str, float]]:
    """Walls not erased, no walls added on open boundaries, start/goal markers kept."""
    violations: list[Violation] = []
    rows, cols = maze.rows, maze.cols
    walled = maze.walls() + outer_walls(rows, cols)
    erased = 0
    # a wall is there where some non-paper pixel lies across its bar (any width, darkness or 1-2 px offset);
    # a position along the bar with only paper across it is erased
    across = layout["wall_px"] + 2 * th["wall_erased_slack_px"]
    nonpaper = (~stroke.paper).astype(np.uint8)
    paper_v = cv2.dilate(nonpaper, np.ones((1, across), np.uint8)) == 0
    paper_h = cv2.dilate(nonpaper, np.ones((across, 1), np.uint8)) == 0
    blank_v, blank_h = cv2.integral(paper_v.astype(np.uint8)), cv2.integral(paper_h.astype(np.uint8))
    # a wall drawn as a double line (the outline of a wide bar, hollow inside) lies wider than the bar: a
    # position along the bar with non-paper on both sides of it within the wall zone keeps the wall too
    # (since rubric 8); one line beside the bar (a route along it) does not, nor paper grain (the lines must
    # reach double_wall_max_channel in some channel)
    side = layout["wall_px"] // 2 + stroke.zone_reach
    h, w = nonpaper.shape
    lines: np.ndarray | None = None  # ink, not paper grain: made when a bar first looks blank
    for a, b in walled:
        x0, y0, x1, y1 = _bar_core(layout, a, b)
        if x1 - x0 < y1 - y0:  # vertical bar: its centre column
            xc = (x0 + x1) // 2
            length = y1 - y0
            frac = _box_sum(blank_v, xc, y0, xc + 1, y1) / length if length > 0 else 0.0
            if frac >= th["wall_erased_min_fraction"]:
                lines = _double_wall_lines(stroke, nonpaper, th) if lines is None else lines
                blank = paper_v[y0:y1, xc]
                lo_side = lines[y0:y1, max(0, xc - side):max(0, xc - across // 2)].max(axis=1, initial=0) > 0
                hi_side = lines[y0:y1, min(w, xc + across // 2 + 1):min(w, xc + side + 1)].max(axis=1,
                                                                                               initial=0) > 0
                frac = float((blank & ~(lo_side & hi_side)).mean())
        else:
            yc = (y0 + y1) // 2
            length = x1 - x0
            frac = _box_sum(blank_h, x0, yc, x1, yc + 1) / length if length > 0 else 0.0
            if frac >= th["wall_erased_min_fraction"]:
                lines = _double_wall_lines(stroke, nonpaper, th) if lines is None else lines
                blank = paper_h[yc, x0:x1]
                lo_side = lines[max(0, yc - side):max(0, yc - across // 2), x0:x1].max(axis=0, initial=0) > 0
                hi_side = lines[min(h, yc + across // 2 + 1):min(h, yc + side + 1), x0:x1].max(axis=0,
                                                                                               initial=0) > 0
                frac = float((blank & ~(lo_side & hi_side)).mean())
        if frac >= th["wall_erased_min_fraction"]:
            erased += 1
            violations.append(Violation("wall_erased", f"{wall_name(a, b, rows, cols)} was erased "
                                        f"({frac:.0%} of it is blank)",
                                        {"severity": MAJOR, "cells": [list(a), list(b)],
                                         "bbox": list(wall_rect(layout, a, b)), "erased_fraction": round(frac, 3)}))
    added_sum = cv2.integral((stroke.dark & stroke.raw_ink).astype(np.uint8))
    for a, b in sorted(maze.passages):
        x0, y0, x1, y1 = _bar_core(layout, a, b)
        if _box_sum(added_sum, x0, y0, x1, y1) == 0:
            continue
        band = stroke.dark[y0:y1, x0:x1] & stroke.raw_ink[y0:y1, x0:x1]
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
    kind: str  # "open" | "wall" | "corner" | "corner_wall" | "gap" | "gap_wall"
    bbox: list[int]
    length_px: float = 0.0
    name: str = ""  # the wall crossed, for wall kinds
    # a "wall" step between adjacent cells drawn straight over the bar: drawn ink (not the join of a dark
    # stroke hidden by the wall) spanning the wall zone across the bar, touching both corridors (rubric 9)
    clean: bool = False


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
    cell_ink: dict[Cell, int] = field(default_factory=dict)  # route-ink px in each visited cell's core
    gaps: list[dict[str, Any]] = field(default_factory=list)  # short gaps between pieces along the route
    dashed: bool = False  # the route is a dashed, dotted or arrow-chain line
    loose: list[dict[str, Any]] = field(default_factory=list)  # pieces in the route's cells off its line
    outlines: list[dict[str, Any]] = field(default_factory=list)  # paper the ink encloses along the route
    chain: bool = False  # a sparse chain of dots, linked across gaps up to a cell: its order is ambiguous


class _Geometry:
    def __init__(self, layout: dict[str, Any], shape: tuple[int, int], th: dict[str, Any]):
        self.gx, self.gy = layout["grid_bbox"][:2]
        self.s = layout["cell_px"]
        self.t = layout["wall_px"]
        self.lo = self.t // 2
        self.rows, self.cols = layout["rows"], layout["cols"]
        self.h, self.w = shape

    def cell_of(self, x: float, y: float) -> Cell:
        c = int(np.floor((x - self.gx) / self.s))
        r = int(np.floor((y - self.gy) / self.s))
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return (r, c)
        return OUT

    def clip(self, x0: int, y0: int, x1: int, y1: int) -> tuple[int, int, int, int]:
        return max(0, x0), max(0, y0), min(self.w, x1), min(self.h, y1)

    def index_at(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """Cell index (r * cols + c) of the pixels (xs, ys); ``rows * cols`` outside the grid."""
        c = np.floor_divide(xs - self.gx, self.s)
        r = np.floor_divide(ys - self.gy, self.s)
        inside = (c >= 0) & (c < self.cols) & (r >= 0) & (r < self.rows)
        return np.where(inside, r * self.cols + c, self.rows * self.cols)

    def cells_mask(self, cells: list[Cell]) -> np.ndarray:
        """The pixel boxes of ``cells`` (bool HxW)."""
        mask = np.zeros((self.h, self.w), bool)
        for r, c in cells:
            x0, y0, x1, y1 = self.clip(self.gx + c * self.s, self.gy + r * self.s,
                                       self.gx + (c + 1) * self.s, self.gy + (r + 1) * self.s)
            mask[y0:y1, x0:x1] = True
        return mask

    def cell(self, index: int) -> Cell:
        return OUT if index >= self.rows * self.cols else divmod(int(index), self.cols)


def _box_sum(integral: np.ndarray, x0: int, y0: int, x1: int, y1: int) -> int:
    if x1 <= x0 or y1 <= y0:
        return 0
    return int(integral[y1, x1] - integral[y0, x1] - integral[y1, x0] + integral[y0, x0])


def _stroke_masks(stroke: Stroke, g: _Geometry, th: dict[str, Any]) -> tuple[np.ndarray, np.ndarray, bool]:
    """The drawn stroke (route ink plus where a dark stroke vanishes into a wall it crosses), the fill
    of its short gaps (dashes, dots, arrow chains, broken thin lines) that never passes through a wall bar,
    and whether the fill bridges a sparse chain of dots (gaps longer than ``dash_gap_max_cells``)."""
    ink = stroke.ink.astype(np.uint8)
    zone = stroke.wall_zone.astype(np.uint8)
    # a dark stroke crossing a wall merges with it: dark ink touching the wall zone on both sides, aligned
    # across it, is joined through the zone where the answer is not paper
    ring = cv2.dilate(zone, np.ones((5, 5), np.uint8)) & ~zone & ink & stroke.dark.astype(np.uint8)
    bridge = np.zeros_like(ink)
    if ring.any():
        k = g.t + 2 * stroke.zone_reach + 5
        bridge = cv2.morphologyEx(ring, cv2.MORPH_CLOSE, np.ones((k, k), np.uint8)) & zone \
            & (~stroke.paper).astype(np.uint8)
    drawn = ink | bridge
    # gaps are linked from the ink in the corridors: slivers along a redrawn wall's edge link nothing
    corridor_ink = drawn & ~zone
    chain = _chain_spacing(corridor_ink, g, th)
    radius = max(th["dash_gap_max_cells"] * g.s, chain) / 2
    fill = _link_gaps(corridor_ink, stroke.input_wall, radius) & ~drawn
    return drawn.astype(bool), fill.astype(bool), chain > th["dash_gap_max_cells"] * g.s


def _chain_spacing(mask: np.ndarray, g: _Geometry, th: dict[str, Any]) -> float:
    """The gap a chain of dots leaves between its dots, when the ink is such a chain (0 otherwise): more than
    ``dashed_min_gaps`` pieces, each at most ``chain_dot_max_cells`` across and none holding
    ``dashed_max_piece_share`` of the ink, whose median gap to the nearest other piece is at most
    ``chain_gap_max_cells`` (one dot per cell leaves two thirds of a cell between dots). Gaps up to 1.25 x that
    median are the chain's own; a dot missing from the chain still leaves a gap."""
    n, labels, stats, cent = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    area = stats[1:, cv2.CC_STAT_AREA]
    keep = np.nonzero(area > th["speck_max_area_px"])[0] + 1
    if len(keep) <= th["dashed_min_gaps"]:
        return 0.0
    extent = np.maximum(stats[keep, cv2.CC_STAT_WIDTH], stats[keep, cv2.CC_STAT_HEIGHT])
    a = stats[keep, cv2.CC_STAT_AREA]
    if extent.max() > th["chain_dot_max_cells"] * g.s or a.max() >= th["dashed_max_piece_share"] * a.sum():
        return 0.0
    c = cent[keep]
    radius = extent / 2.0
    d = np.hypot(c[:, None, 0] - c[None, :, 0], c[:, None, 1] - c[None, :, 1]) - radius[:, None] - radius[None, :]
    np.fill_diagonal(d, np.inf)
    gap = float(np.median(d.min(axis=1)))
    if gap > th["chain_gap_max_cells"] * g.s:
        return 0.0
    return 1.25 * max(0.0, gap)


def _link_gaps(mask: np.ndarray, walls: np.ndarray, radius: float) -> np.ndarray:
    """The stroke grown by ``radius`` (so pieces up to 2 x radius apart join) without growing through a
    wall bar: whatever it joins, it joins through open passages. At half resolution (a distance
    transform), so any radius costs the same."""
    h, w = mask.shape
    size = ((w + 1) // 2, (h + 1) // 2)
    small = cv2.resize(mask.astype(np.uint8), size, interpolation=cv2.INTER_AREA) > 0
    grown = cv2.distanceTransform((~small).astype(np.uint8), cv2.DIST_L2, 3) <= radius / 2
    big = cv2.resize(grown.astype(np.uint8), (w, h), interpolation=cv2.INTER_NEAREST) > 0
    # grown pieces on both sides of a wall must stay apart: keep only growth connected to its own side
    return big & ~cv2.dilate(walls.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)


def _open_transitions(mask: np.ndarray, maze: Maze, g: _Geometry) -> list[DrawnEdge]:
    """Steps of the stroke across open boundaries, read where the stroke crosses a boundary line outside
    the wall zone (pixels on both sides of the line, 8-connected)."""
    edges: list[DrawnEdge] = []
    for vertical in (True, False):
        n_lines, n_along = (g.cols, g.rows) if vertical else (g.rows, g.cols)
        origin, along_origin = (g.gx, g.gy) if vertical else (g.gy, g.gx)
        size = g.w if vertical else g.h
        ks = [k for k in range(1, n_lines) if 1 <= origin + k * g.s < size]
        if not ks:
            continue
        lines = np.array([origin + k * g.s for k in ks])
        lo, hi = max(0, along_origin), min(g.h if vertical else g.w, along_origin + n_along * g.s)
        view = mask[lo:hi] if vertical else mask[:, lo:hi].T  # rows run along the boundary lines
        left, right = view[:, lines - 1], view[:, lines]
        near = right.copy()
        near[1:] |= right[:-1]
        near[:-1] |= right[1:]
        hit = left & near
        idx, col = np.nonzero(hit)
        if not len(idx):
            continue
        pos = (idx + lo - along_origin) // g.s
        for p, j in set(zip(pos.tolist(), col.tolist())):
            if not 0 <= p < n_along:
                continue
            k = ks[j]
            a, b = ((p, k - 1), (p, k)) if vertical else ((k - 1, p), (k, p))
            if not maze.is_open(a, b):
                continue
            sel = idx[(pos == p) & (col == j)] + lo
            X = int(lines[j])
            box = ([X - 2, int(sel.min()), X + 2, int(sel.max()) + 1] if vertical
                   else [int(sel.min()), X - 2, int(sel.max()) + 1, X + 2])
            edges.append(DrawnEdge(a, b, "open", box))
    return edges


def _links_two_pieces(e: DrawnEdge, pieces: np.ndarray, reach: int) -> bool:
    """Whether the gap fill crossing the boundary of ``e`` can join two different pieces of the line (a
    dash in one cell and the next dash in the other), looking ``reach`` px (the longest gap) to each side.
    Two places of one continuous piece are never linked: the piece itself shows how they connect, and a
    link between them (arrow heads or wobbles of two passes of the line reaching towards each other
    across an open boundary) would be a shortcut the answer never drew."""
    x0, y0, x1, y1 = e.bbox
    if e.a[0] == e.b[0]:  # a vertical boundary at x = x0 + 2, a to its left
        x = x0 + 2
        a_side = pieces[max(0, y0 - reach):y1 + reach, max(0, x - reach):x]
        b_side = pieces[max(0, y0 - reach):y1 + reach, x:x + reach]
    else:  # a horizontal boundary at y = y0 + 2, a above it
        y = y0 + 2
        a_side = pieces[max(0, y - reach):y, max(0, x0 - reach):x1 + reach]
        b_side = pieces[y:y + reach, max(0, x0 - reach):x1 + reach]
    a_ids, b_ids = set(np.unique(a_side[a_side > 0]).tolist()), set(np.unique(b_side[b_side > 0]).tolist())
    return bool(a_ids and b_ids) and not (len(a_ids) == 1 and a_ids == b_ids)


def _outside_cell(cell: Cell, box: list[int], g: _Geometry) -> Cell:
    """The outside pseudo-cell beyond ``cell``'s outer wall nearest the pixel box (corner posts too)."""
    r, c = cell
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    options = []
    if r == 0:
        options.append((cy - g.gy, (-1, c)))
    if r == g.rows - 1:
        options.append((g.gy + g.rows * g.s - cy, (g.rows, c)))
    if c == 0:
        options.append((cx - g.gx, (r, -1)))
    if c == g.cols - 1:
        options.append((g.gx + g.cols * g.s - cx, (r, g.cols)))
    return min(options)[1] if options else OUT


def _wall_transitions(mask: np.ndarray, stroke: Stroke, maze: Maze, g: _Geometry) -> list[DrawnEdge]:
    """Topological crossings: a piece of the stroke inside the wall zone (on a bar, a post, the outer
    frame, or hidden by a wall it crosses) joins the corridors of the cells it touches. Cells it joins that
    no open passage links among themselves were joined through a wall: a wall crossing (adjacent cells), a
    corner cut (diagonal cells; legal when a two-step detour is open), an outer-frame crossing (the
    outside), or a slide along a bar (cells further apart)."""
    inside = (mask & stroke.wall_zone).astype(np.uint8)
    if not inside.any():
        return []
    n, comp, stats, _ = cv2.connectedComponentsWithStats(inside, connectivity=8)
    if n <= 1:
        return []
    near = cv2.dilate(comp.astype(np.float32), np.ones((3, 3), np.uint8))
    touching = mask & ~stroke.wall_zone & (near > 0)
    ys, xs = np.nonzero(touching)
    codes, counts = np.unique(near[ys, xs].astype(np.int64) * (g.rows * g.cols + 1) + g.index_at(xs, ys),
                              return_counts=True)
    touched: dict[int, set[Cell]] = {}
    contact: dict[tuple[int, Cell], int] = {}
    for code, count in zip(codes, counts):
        i, cell_index = divmod(int(code), g.rows * g.cols + 1)
        touched.setdefault(i, set()).add(g.cell(cell_index))
        contact[(i, g.cell(cell_index))] = int(count)
    edges = []
    for i, cells in touched.items():
        if len(cells) < 2:
            continue
        x, y, w, h = (int(v) for v in stats[i, :4])
        box = [x, y, x + w, y + h]
        # cells the piece links through open passages form one group
        parent = {c: c for c in cells}

        def find(c: Cell) -> Cell:
            while parent[c] != c:
                c = parent[c]
            return c

        inside_cells = [c for c in cells if c != OUT]
        for a in inside_cells:
            for b in inside_cells:
                if a < b and abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 and maze.is_open(a, b):
                    parent[find(a)] = find(b)
        if len({find(c) for c in cells}) == 1:
            continue
        pairs = []
        for a in inside_cells:
            if OUT in cells and (a[0] in (0, g.rows - 1) or a[1] in (0, g.cols - 1)):
                pairs.append((1 - contact[(i, a)] / 1e6, a, OUT))  # the cell the stroke leaves most from
            for b in inside_cells:
                if a < b and find(a) != find(b):
                    pairs.append((max(abs(a[0] - b[0]), abs(a[1] - b[1])) + (a[0] != b[0] and a[1] != b[1]) * 0.5,
                                  a, b))
        for _, a, b in sorted(pairs):
            if find(a) == find(b):
                continue
            parent[find(a)] = find(b)
            if b == OUT:
                out = _outside_cell(a, box, g)
                edges.append(DrawnEdge(a, OUT, "wall", box, name=wall_name(a, out, g.rows, g.cols)))
            elif abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1:
                across = w if a[0] == b[0] else h  # a vertical bar lies between cells of one row
                piece = comp[y:y + h, x:x + w] == i
                clean = across >= g.t + 2 * stroke.zone_reach - 2 and min(contact[(i, a)], contact[(i, b)]) >= 2 \
                    and float(stroke.ink[y:y + h, x:x + w][piece].mean()) >= 0.9
                edges.append(DrawnEdge(a, b, "wall", box, name=wall_name(a, b, g.rows, g.cols), clean=clean))
            elif abs(a[0] - b[0]) == 1 and abs(a[1] - b[1]) == 1:
                via = ((a[0], b[1]), (b[0], a[1]))
                legal = any(maze.is_open(a, m) and maze.is_open(m, b) for m in via)
                edges.append(DrawnEdge(a, b, "corner" if legal else "corner_wall", box))
            else:
                edges.append(DrawnEdge(a, b, "wall", box,
                                       name=f"walls between {cell_name(a)} and {cell_name(b)} (the stroke "
                                            "runs along a wall bar)"))
    return edges


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
    g = _Geometry(layout, stroke.ink.shape, th)
    drawn, fill, chain = _stroke_masks(stroke, g, th)
    line = drawn | fill
    solid = {edge(e.a, e.b) for e in _open_transitions(drawn & ~stroke.wall_zone, maze, g)}
    _, strokes = cv2.connectedComponents(drawn.astype(np.uint8), connectivity=8)  # unbroken strokes
    link_reach = int(np.ceil(th["dash_gap_max_cells"] * g.s)) + 2  # the longest gap the fill bridges
    edges = [replace(e, kind="open" if edge(e.a, e.b) in solid else "link")
             for e in _open_transitions(line & ~stroke.wall_zone, maze, g)
             if edge(e.a, e.b) in solid or _links_two_pieces(e, strokes, link_reach)]
    edges += _wall_transitions(drawn, stroke, maze, g)  # what was drawn, not the links between pieces

    # pieces of the stroke (small gaps tolerated); on the route they tell a dashed line from gaps
    tol = max(th["gap_tolerance_min_px"], round(th["gap_tolerance_cells"] * g.s))
    kernel = np.ones((tol + 1, tol + 1), np.uint8)
    n_pieces, pieces = cv2.connectedComponents(cv2.dilate(drawn.astype(np.uint8), kernel), connectivity=8)
    pieces = np.where(drawn, pieces, 0)

    # groups: the stroke with its short gaps closed; longer gaps between groups are bridged as gap edges
    n, groups = cv2.connectedComponents(cv2.dilate(line.astype(np.uint8), kernel), connectivity=8)
    labels = np.where(drawn, groups, 0)  # gaps are measured between drawn pixels
    comps = []
    min_area = th["component_min_cells"] * g.s
    for i in range(1, n):
        ys, xs = np.nonzero(labels == i)
        if len(xs) == 0 or len(xs) < min_area:
            continue
        step = max(1, len(xs) // 400)
        cells = sorted({g.cell_of(x, y) for x, y in zip(xs[::step], ys[::step])})
        comps.append({"label": i, "bbox": (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1),
                      "area": int(len(xs)), "cells": cells})
    gap_edges: list[DrawnEdge] = []
    if 1 < len(comps) <= th["max_components"]:
        pairs_ = []
        for i in range(len(comps)):
            for j in range(i + 1, len(comps)):
                dist, pi, pj = _closest_points(labels, comps[i]["label"], comps[j]["label"],
                                               comps[i]["bbox"], comps[j]["bbox"])
                pairs_.append((dist, i, j, pi, pj))
        pairs_.sort()
        parent = list(range(len(comps)))

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for dist, i, j, pi, pj in pairs_:
            if dist > th["bridge_max_cells"] * g.s:
                break
            if find(i) == find(j):
                continue
            parent[find(i)] = find(j)
            ca, cb = g.cell_of(*pi), g.cell_of(*pj)
            pad = 3
            box = [min(pi[0], pj[0]) - pad, min(pi[1], pj[1]) - pad, max(pi[0], pj[0]) + pad, max(pi[1], pj[1]) + pad]
            kind = "gap_wall" if OUT in (ca, cb) else "gap"
            name = ""
            if kind == "gap_wall":
                name = (wall_name(ca, cb, g.rows, g.cols) if OUT not in (ca, cb)
                        and abs(ca[0] - cb[0]) + abs(ca[1] - cb[1]) == 1 else
                        f"walls between {cell_name(ca) if ca != OUT else 'the outside'} and "
                        f"{cell_name(cb) if cb != OUT else 'the outside'} (the line jumps across)")
            gap_edges.append(DrawnEdge(ca, cb, kind, box, dist, name))
    edges += gap_edges

    # visited cells: enough route ink in the cell core, or an end of a drawn transition
    integral = cv2.integral(stroke.ink.astype(np.uint8))
    min_px = th["visit_min_px_cells"] * g.s
    cell_ink: dict[Cell, int] = {}
    for r in range(maze.rows):
        for c in range(maze.cols):
            x0, y0 = g.gx + c * g.s + g.t, g.gy + r * g.s + g.t
            px = _box_sum(integral, x0, y0, x0 + g.s - 2 * g.t, y0 + g.s - 2 * g.t)
            if px >= min_px:
                cell_ink[(r, c)] = px
    visited = set(cell_ink)
    for e in edges:
        visited.update(x for x in (e.a, e.b) if x != OUT)

    # reached: ink within the reach radius of the marker cell's centre
    end_distance = {}
    reach = th["reach_radius_cells"] * g.s
    for which, cell in (("start", start), ("goal", goal)):
        cx, cy = g.gx + (cell[1] + 0.5) * g.s, g.gy + (cell[0] + 0.5) * g.s
        r0 = int(np.ceil(reach)) + 1
        x0, y0, x1, y1 = g.clip(int(cx) - r0, int(cy) - r0, int(cx) + r0 + 1, int(cy) + r0 + 1)
        ys, xs = np.nonzero(drawn[y0:y1, x0:x1])
        end_distance[which] = float(np.hypot(xs + x0 + 0.5 - cx, ys + y0 + 0.5 - cy).min()) if len(xs) else float("inf")
    start_reached = end_distance["start"] <= reach
    goal_reached = end_distance["goal"] <= reach

    route, route_edges = _cheapest_route(edges, start, goal, th, set(cell_ink))
    gaps, dashed = _route_gaps(drawn, pieces, g, route, th) if route else ([], False)
    loose = _loose_pieces(drawn, strokes, groups, g, route, route_edges, (start, goal), dashed, th) if route else []
    marks = _marks_on_the_line(stroke, drawn, strokes, loose, g, route, th) if route else []
    marks += _small_marks(stroke, drawn, groups, g, route_edges, (start, goal), dashed, th) if route else []
    if loose:  # a mark beside the line is charged as a mark, not as a gap in the line
        line_only = drawn & ~np.isin(strokes, [p["piece"] for p in loose])
        _, line_pieces = cv2.connectedComponents(cv2.dilate(line_only.astype(np.uint8), kernel), connectivity=8)
        gaps, dashed = _route_gaps(line_only, np.where(line_only, line_pieces, 0), g, route, th)
    outlines = _enclosed_paper(drawn, g, route, th) if route else []
    x0, y0, x1, y1 = layout["grid_bbox"]
    corridor_area = int((~stroke.input_ink[y0:y1, x0:x1]).sum())
    ink_fraction = float(stroke.ink[y0:y1, x0:x1].sum()) / max(1, corridor_area)
    return RouteReading(sorted(visited), edges, route, route_edges, start_reached, goal_reached,
                        [{"bbox": list(c["bbox"]), "area": c["area"], "cells": [list(x) for x in c["cells"]]}
                         for c in comps], ink_fraction, end_distance, cell_ink, gaps, dashed, loose + marks,
                        outlines, chain)


def _enclosed_paper(drawn: np.ndarray, g: _Geometry, route: list[Cell], th: dict[str, Any]) -> list[dict[str, Any]]:
    """Paper the drawn ink encloses along the route: a hole in the stroke, with no ink inside it, at least
    ``outline_min_cells`` long, holding the centres of at least two of the route's cells. A route is a line
    through the corridors; ink that rings the corridors' paper (the route's outline, a tube hugging the
    walls) draws no line along them. The rings of a chain of small circles are far shorter."""
    free = (~drawn).astype(np.uint8)
    n, holes, stats, _ = cv2.connectedComponentsWithStats(free, connectivity=4)
    border = set(np.unique(np.concatenate([holes[0], holes[-1], holes[:, 0], holes[:, -1]])).tolist())
    centres = [(int(g.gx + (c + 0.5) * g.s), int(g.gy + (r + 0.5) * g.s), (r, c)) for r, c in route]
    inside: dict[int, list[Cell]] = {}
    for x, y, cell in centres:
        if 0 <= y < g.h and 0 <= x < g.w:
            i = int(holes[y, x])
            if i > 0 and i not in border:
                inside.setdefault(i, []).append(cell)
    out = []
    for i, cells in inside.items():
        x, y, w, h, area = (int(v) for v in stats[i])
        if len(cells) < 2 or max(w, h) < th["outline_min_cells"] * g.s:
            continue
        hole = (holes[y:y + h, x:x + w] == i).astype(np.uint8)
        contours, _ = cv2.findContours(hole, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        filled = np.zeros_like(hole)
        cv2.drawContours(filled, contours, -1, 1, -1)
        if (drawn[y:y + h, x:x + w] & (filled > 0) & (hole == 0)).sum() > th["speck_max_area_px"]:
            continue  # ink inside the ring (a route within a frame of slivers): not an outline
        out.append({"bbox": [x, y, x + w, y + h], "cells": [list(c) for c in cells], "area": area})
    return out


def _marks_on_the_line(stroke: Stroke, drawn: np.ndarray, strokes: np.ndarray, loose: list[dict[str, Any]],
                       g: _Geometry, route: list[Cell], th: dict[str, Any]) -> list[dict[str, Any]]:
    """Marks drawn onto the route line in another colour (a black tick or scribble touching a red line):
    ink of the line's pieces in the route's cells whose colour is no blend of the line's own colour with
    the paper (by more than ``mark_min_colour_excess`` in some channel) and that reaches at least
    ``mark_min_reach_cells`` (and 3 px) away from the line's own colour (a JPEG fringe along the line's edge
    does not). The line's colour is the median of its pixels away from its edges. Not searched: the wall
    zone and 3 px around it (the line crossing a wall blends with it; a redrawn wall's edge), and the input's
    coloured markers and their surroundings. A mark in the line's own colour touching it is not seen."""
    if stroke.colour is None:
        return []
    line = drawn & g.cells_mask(route) & ~np.isin(strokes, [p["piece"] for p in loose])
    k = 2 * th["ink_neighbourhood_px"] + 1
    away = ~(cv2.dilate(stroke.wall_zone.astype(np.uint8), np.ones((7, 7), np.uint8)) > 0) \
        & ~(cv2.dilate(stroke.input_ink.astype(np.uint8), np.ones((k, k), np.uint8)) > 0)
    line &= away
    core = cv2.erode(line.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    if core.sum() < th["component_min_cells"] * g.s:
        return []
    colour = stroke.colour.astype(np.float32)
    own = np.median(colour[core], axis=0)
    ys, xs = np.nonzero(line)
    excess = blend_excess(colour[ys, xs], own)  # the line's anti-aliased edge is a blend with the paper
    off = np.zeros(line.shape, bool)
    off[ys, xs] = excess > th["mark_min_colour_excess"]
    if not off.any():
        return []
    on = line & ~off
    dist = cv2.distanceTransform((~on).astype(np.uint8), cv2.DIST_L2, 3)
    min_reach = max(3.0, th["mark_min_reach_cells"] * g.s)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(off.astype(np.uint8), connectivity=8)
    out = []
    for i in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[i])
        if area < th["component_min_cells"] * g.s:
            continue
        mine = labels[y:y + h, x:x + w] == i
        if float(dist[y:y + h, x:x + w][mine].max()) < min_reach:
            continue
        ys, xs = np.nonzero(mine)
        step = max(1, len(xs) // 400)
        cells = sorted({g.cell_of(x + a, y + b) for a, b in zip(xs[::step], ys[::step])} - {OUT})
        out.append({"piece": -i, "bbox": [x, y, x + w, y + h], "area": area, "cells": [list(c) for c in cells],
                    "on_line": True})
    return out


def _joins_two_pieces(pieces: np.ndarray, i: int, xs: np.ndarray, ys: np.ndarray, g: _Geometry, radius: int,
                      disc: np.ndarray) -> bool:
    """Whether piece ``i`` (its pixels ``xs``, ``ys``) lies within ``radius`` (``disc``) of two other pieces:
    a dash or dot bridging a route's gap, not a piece on its own."""
    x0, y0, x1, y1 = g.clip(int(xs.min()) - radius, int(ys.min()) - radius, int(xs.max()) + radius + 1,
                            int(ys.max()) + radius + 1)
    window = pieces[y0:y1, x0:x1]
    grown = cv2.dilate((window == i).astype(np.uint8), disc) > 0
    return len(set(np.unique(window[grown]).tolist()) - {0, i}) >= 2


def _loose_pieces(drawn: np.ndarray, pieces: np.ndarray, groups: np.ndarray, g: _Geometry, route: list[Cell],
                  route_edges: list[DrawnEdge], ends: tuple[Cell, Cell], dashed: bool,
                  th: dict[str, Any]) -> list[dict[str, Any]]:
    """Pieces of ink in the route's cells that are no part of the route line: a dot, tick or scribble
    beside the line, in a cell the route passes (off the route's cells every piece is charged already).

    A piece (``pieces``: an unbroken stroke, an 8-connected component of the drawn ink; a mark a few
    pixels from the line is a piece of its own) belongs to the line when
    it carries one of the route's steps (a boundary crossing, a wall crossing, an end of a bridged gap),
    reaches the start or the goal (within ``reach_radius_cells`` of its cell centre), or lies between
    two other pieces within ``dash_gap_max_cells`` of it (a stretch of a line broken on both sides). On
    a dashed, dotted or arrow-chain line every piece of a group (``groups``: pieces the gap fill links)
    that carries a step belongs to it: a dash wholly inside a cell carries no step of its own."""
    min_area = th["component_min_cells"] * g.s
    on = g.cells_mask(route) & drawn
    ids = np.unique(pieces[on])
    ids = ids[ids > 0]
    if len(ids) == 0:
        return []
    area = np.bincount(pieces[drawn].ravel(), minlength=int(pieces.max()) + 1)
    ids = [int(i) for i in ids if area[i] >= min_area]
    if not ids:
        return []
    carried: set[int] = set()
    carrying_groups: set[int] = set()
    for e in route_edges:
        if e.kind in ("open", "link"):
            # the boundary line itself (the box is as wide as the gap fill along it): a piece carries the
            # step when it is drawn on both sides of the line; a link's dashes are judged by their group
            x0, y0, x1, y1 = e.bbox
            if e.a[0] == e.b[0]:
                a_side, b_side = pieces[y0:y1, x0 + 1], pieces[y0:y1, x0 + 2]
                across = groups[y0:y1, x0 + 1:x0 + 3]
            else:
                a_side, b_side = pieces[y0 + 1, x0:x1], pieces[y0 + 2, x0:x1]
                across = groups[y0 + 1:y0 + 3, x0:x1]
            carrying_groups.update(int(i) for i in np.unique(across) if i > 0)
            if e.kind == "open":
                carried.update(int(i) for i in set(np.unique(a_side).tolist()) & set(np.unique(b_side).tolist())
                               if i > 0)
            continue
        x0, y0, x1, y1 = g.clip(e.bbox[0] - 2, e.bbox[1] - 2, e.bbox[2] + 2, e.bbox[3] + 2)
        carried.update(int(i) for i in np.unique(pieces[y0:y1, x0:x1]) if i > 0)
        carrying_groups.update(int(i) for i in np.unique(groups[y0:y1, x0:x1][drawn[y0:y1, x0:x1]]) if i > 0)
    reach = th["reach_radius_cells"] * g.s
    r0 = int(np.ceil(reach)) + 1
    for r, c in ends:
        cx, cy = g.gx + (c + 0.5) * g.s, g.gy + (r + 0.5) * g.s
        x0, y0, x1, y1 = g.clip(int(cx) - r0, int(cy) - r0, int(cx) + r0 + 1, int(cy) + r0 + 1)
        yy, xx = np.mgrid[y0:y1, x0:x1]
        near = (np.hypot(xx + 0.5 - cx, yy + 0.5 - cy) <= reach) & drawn[y0:y1, x0:x1]
        carried.update(int(i) for i in np.unique(pieces[y0:y1, x0:x1][near]) if i > 0)
    radius = int(np.ceil(th["dash_gap_max_cells"] * g.s))
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * radius + 1,) * 2)
    loose = []
    for i in ids:
        if i in carried:
            continue
        ys, xs = np.nonzero(pieces == i)
        if dashed and set(np.unique(groups[ys, xs]).tolist()) & carrying_groups:
            continue
        if _joins_two_pieces(pieces, i, xs, ys, g, radius, disc):
            continue
        step = max(1, len(xs) // 400)
        cells = sorted({g.cell_of(x, y) for x, y in zip(xs[::step], ys[::step])} - {OUT})
        loose.append({"piece": i, "bbox": [int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1],
                      "area": int(len(xs)), "cells": [list(c) for c in cells]})
    return loose


def _small_marks(stroke: Stroke, drawn: np.ndarray, groups: np.ndarray, g: _Geometry,
                 route_edges: list[DrawnEdge], ends: tuple[Cell, Cell], dashed: bool,
                 th: dict[str, Any]) -> list[dict[str, Any]]:
    """Marks too small to be a piece of route (under ``component_min_cells`` x cell px of ink, which the route
    reading leaves out), anywhere in the maze: a dot, tick or short "7" a few hundredths of a big cell across.
    Pieces are the drawn ink with gaps up to ``ink_neighbourhood_px`` closed (a JPEG fringe touching the line
    is the line's; a tick 0.1 cell from it is not).
    A small piece is a mark when it is at least ``small_mark_min_extent_cells`` (and 4 px) across, lies
    clear of the wall zone and of the input's ink (a redrawn wall's short sliver, a marker's edge), carries
    no step of the route, reaches neither end, and is no dot of a dotted line (it has fewer than two other
    pieces within ``dash_gap_max_cells``, and on a dashed line its group carries no step)."""
    min_area = th["component_min_cells"] * g.s
    min_extent = max(4.0, th["small_mark_min_extent_cells"] * g.s)
    join = 2 * th["ink_neighbourhood_px"] + 1
    n, pieces = cv2.connectedComponents(cv2.dilate(drawn.astype(np.uint8), np.ones((join, join), np.uint8)),
                                        connectivity=8)
    pieces = np.where(drawn, pieces, 0)
    if n == 0:
        return []
    area = np.bincount(pieces[drawn].ravel(), minlength=n + 1)
    small = [i for i in range(1, n + 1) if 0 < area[i] < min_area]
    if not small:
        return []
    k = 2 * th["ink_neighbourhood_px"] + 1
    clear = ~(cv2.dilate(stroke.wall_zone.astype(np.uint8), np.ones((7, 7), np.uint8)) > 0) \
        & ~(cv2.dilate(stroke.input_ink.astype(np.uint8), np.ones((k + 4, k + 4), np.uint8)) > 0)
    carried: set[int] = set()
    carrying_groups: set[int] = set()
    for e in route_edges:
        x0, y0, x1, y1 = g.clip(e.bbox[0] - 2, e.bbox[1] - 2, e.bbox[2] + 2, e.bbox[3] + 2)
        if e.kind != "open":
            carried.update(int(i) for i in np.unique(pieces[y0:y1, x0:x1]) if i > 0)
        carrying_groups.update(int(i) for i in np.unique(groups[y0:y1, x0:x1][drawn[y0:y1, x0:x1]]) if i > 0)
    reach = th["reach_radius_cells"] * g.s
    radius = int(np.ceil(th["dash_gap_max_cells"] * g.s))
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * radius + 1,) * 2)
    found = []
    for i in small:
        ys, xs = np.nonzero(pieces == i)
        extent = max(int(xs.max()) - int(xs.min()) + 1, int(ys.max()) - int(ys.min()) + 1)
        if extent < min_extent or i in carried or not clear[ys, xs].all():
            continue
        if any(np.hypot(xs + 0.5 - (c + 0.5) * g.s - g.gx, ys + 0.5 - (r + 0.5) * g.s - g.gy).min() <= reach
               for r, c in ends):
            continue
        if dashed and set(np.unique(groups[ys, xs]).tolist()) & carrying_groups:
            continue
        if _joins_two_pieces(pieces, i, xs, ys, g, radius, disc):
            continue
        cells = sorted({g.cell_of(x, y) for x, y in zip(xs, ys)} - {OUT})
        found.append({"piece": i, "bbox": [int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1],
                      "area": int(len(xs)), "cells": [list(c) for c in cells], "small": True})
    return found


def _route_gaps(drawn: np.ndarray, pieces: np.ndarray, g: _Geometry, route: list[Cell],
                th: dict[str, Any]) -> tuple[list[dict[str, Any]], bool]:
    """Short gaps along the route, and whether the line is dashed. A line in many pieces, none of them
    most of the line, is a dashed, dotted or arrow-chain line (no gaps); otherwise the gaps are the closest
    points between the (gap-tolerant) pieces of the line in the route's cells (minimum spanning tree)."""
    on = g.cells_mask(route) & drawn
    if len(np.unique(pieces[on])) <= 1:  # one piece: a continuous line
        return [], False
    n, raw, stats, _ = cv2.connectedComponentsWithStats(drawn.astype(np.uint8), connectivity=8)
    raw_ids = np.unique(raw[on])
    raw_ids = raw_ids[raw_ids > 0]
    areas = stats[raw_ids, cv2.CC_STAT_AREA]
    if len(raw_ids) > th["dashed_min_gaps"] and areas.max() < th["dashed_max_piece_share"] * areas.sum():
        return [], True
    ids = [int(i) for i in np.unique(pieces[on]) if i > 0]
    area = {i: int((pieces == i).sum()) for i in ids}
    ids = [i for i in ids if area[i] >= th["component_min_cells"] * g.s]
    if len(ids) < 2:
        return [], False
    boxes = {}
    for i in ids:
        ys, xs = np.nonzero(pieces == i)
        boxes[i] = (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)
    pairs = sorted((_closest_points(pieces, i, j, boxes[i], boxes[j]), i, j)
                   for k, i in enumerate(ids) for j in ids[k + 1:])
    parent = {i: i for i in ids}

    def find(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    gaps = []
    for (dist, pi, pj), i, j in pairs:
        if find(i) == find(j):
            continue
        parent[find(i)] = find(j)
        if dist > th["dash_gap_max_cells"] * g.s * 1.05 or dist < th["gap_min_cells"] * g.s:
            continue  # a longer break is a gap edge of the route graph; a shorter one is no gap
        gaps.append({"bbox": [min(pi[0], pj[0]) - 3, min(pi[1], pj[1]) - 3, max(pi[0], pj[0]) + 3,
                              max(pi[1], pj[1]) + 3], "length_px": dist, "cell": g.cell_of(*pi)})
    return gaps, False


def _cheapest_route(edges: list[DrawnEdge], start: Cell, goal: Cell, th: dict[str, Any],
                    inked: set[Cell]) -> tuple[list[Cell] | None, list[DrawnEdge]]:
    """Dijkstra over the drawn transitions; costs from the rubric prefer open steps to gap links to gaps to
    walls, and entering a cell that holds no ink costs like a gap (the route is where the ink is)."""
    cost = th["route_costs"]
    adj: dict[Cell, list[tuple[float, Cell, int]]] = {}
    for k, e in enumerate(edges):
        w = cost[e.kind] + (e.length_px / 100.0 if e.kind == "gap" else 0.0)
        adj.setdefault(e.a, []).append((w + (cost["empty_cell"] if e.b not in inked else 0), e.b, k))
        adj.setdefault(e.b, []).append((w + (cost["empty_cell"] if e.a not in inked else 0), e.a, k))
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
    for hole in reading.outlines:
        violations.append(_v("route_outlined", f"the ink encloses the paper of {len(hole['cells'])} of the "
                             "route's cells instead of running along them: an outline of the corridors, not a "
                             "route line", MAJOR, cells=hole["cells"], bbox=hole["bbox"]))
    # every wall crossing anywhere in the drawing, named; gaps only where the route bridges them
    route_jumps = [e for e in reading.route_edges if e.kind == "gap_wall"]
    for e in reading.edges:
        if e.kind == "wall" or (e.kind == "gap_wall" and any(e is j for j in route_jumps)):
            how = "jumps across" if e.kind == "gap_wall" else "crosses"
            violations.append(_v("wall_crossed", f"the route {how} the {e.name}", MAJOR,
                                 cells=[list(x) for x in (e.a, e.b) if x != OUT],
                                 wall=[list(e.a), list(e.b)] if e.b != OUT else [list(e.a), "outside"],
                                 bbox=e.bbox))
        elif e.kind == "corner_wall":
            violations.append(_v("wall_crossed", f"the route cuts diagonally from {cell_name(e.a)} to "
                                 f"{cell_name(e.b)} through a wall corner", MAJOR,
                                 cells=[list(e.a), list(e.b)], bbox=e.bbox))
        elif e.kind == "corner":
            violations.append(_v("corner_cut", f"the route cuts the corner between {cell_name(e.a)} and "
                                 f"{cell_name(e.b)} diagonally", MINOR, cells=[list(e.a), list(e.b)], bbox=e.bbox))
    for e in reading.route_edges:
        if e.kind == "gap":
            violations.append(_gap_violation(e.length_px, [x for x in (e.a, e.b) if x != OUT], e.bbox, s, th))
    # a line in many pieces along the route is a dashed, dotted or arrow-chain line whose pieces follow
    # one path (accepted); a line in two or three pieces has gaps
    info["dashed"] = reading.dashed
    for gap in reading.gaps:
        violations.append(_gap_violation(gap["length_px"], [gap["cell"]], gap["bbox"], s, th))
    # stray pieces: components none of whose cells are on the route
    stray_cells: set[Cell] = set()
    if reading.route is not None:
        for comp in reading.components:
            cells = {tuple(c) for c in comp["cells"]}
            if not cells & on_route:
                stray_cells |= cells
                sev = MINOR if len(cells) <= th["stray_minor_max_cells"] else MAJOR
                violations.append(_v("stray_mark", f"a stroke off the route covers {len(cells)} cell(s)", sev,
                                     cells=sorted([list(c) for c in cells]), bbox=comp["bbox"]))
        for piece in reading.loose:
            sev = MINOR if len(piece["cells"]) <= th["stray_minor_max_cells"] else MAJOR
            where = ", ".join(cell_name(tuple(c)) for c in piece["cells"][:4])
            how = ("on the route line in another colour" if piece.get("on_line") else
                   "too small for a piece of route" if piece.get("small") else "beside the route")
            violations.append(_v("stray_mark", f"a mark {how} in {where} ({piece['area']} px of ink) "
                                 "is no part of the route line", sev, cells=piece["cells"], bbox=piece["bbox"]))
    if reading.route is not None:
        info["route"] = [list(c) for c in reading.route]
        # everything else drawn from the route: dead ends entered, side branches, second routes
        off = sorted(c for c in reading.cell_ink if c not in on_route and c not in stray_cells)
        info["detour_cells"] = [list(c) for c in off]
        free = rows * cols - len(on_route)
        if off and len(off) >= max(th["explore_min_cells"], th["explore_min_fraction"] * free):
            violations.insert(0, _v("not_a_route", f"ink runs into {len(off)} of the {free} cells off the route: "
                                    "the drawing explores the maze instead of choosing one route", MAJOR,
                                    bbox=list(layout["grid_bbox"]), cells=[list(c) for c in off]))
        elif off:
            sev = MINOR if len(off) <= th["side_branch_minor_max_cells"] else MAJOR
            xs = [layout["grid_bbox"][0] + c[1] * s for c in off]
            ys = [layout["grid_bbox"][1] + r * s for r, _ in off]
            # on a sparse chain of dots, dots in neighbouring cells link whichever way the route ran: a
            # route beside itself across an open passage reads as a shortcut plus a branch (review)
            extra = {"review": True} if reading.chain else {}
            violations.append(_v("side_branch", f"ink leaves the route into {len(off)} cell(s) off it "
                                 f"({', '.join(cell_name(c) for c in off[:6])}{', ...' if len(off) > 6 else ''})",
                                 sev, cells=[list(c) for c in off],
                                 bbox=[min(xs), min(ys), max(xs) + s, max(ys) + s], **extra))
    return violations, info


def _gap_violation(length_px: float, cells: list[Cell], bbox: list[int], s: int, th: dict[str, Any]) -> Violation:
    size = length_px / s
    sev = MINOR if size <= th["minor_gap_max_cells"] else MAJOR
    where = cell_name(cells[0]) if cells and cells[0] != OUT else "the border"
    return _v("route_gap", f"the route has a gap of {length_px:.0f} px ({size:.2f} cells) near {where}", sev,
              cells=[list(x) for x in cells if x != OUT], gap_px=round(length_px, 1), bbox=list(bbox))


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
