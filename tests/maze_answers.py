"""Realistic maze answers and cheats, drawn independently of the renderer, for measuring the verifier.

Two separate style lists: ``TUNE_STYLES`` (used while building the verifier) and ``HELDOUT_STYLES`` (only
measured, never tuned on; other colours, widths, dash patterns, curve shapes and redraws). Every style draws
a *valid* route (the stored solution, or another valid route in looped mazes) and must score 100.
``CHEATS`` never solve the maze honestly and must never score 100.

``python tests/maze_answers.py [n_per_track] [groups] [master_seed]`` prints the sweep (the figures in
docs/maze.md).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import cv2
import networkx as nx
import numpy as np
from PIL import Image

from genpuzzle import perturb
from genpuzzle.renderers.maze import cell_center, outer_walls
from genpuzzle.solvers.maze import Maze, distances, shortest_path

# --------------------------------------------------------------------------------------------- drawing


def _dense(points: np.ndarray, step: float = 2.0) -> np.ndarray:
    out = [points[0]]
    for p, q in zip(points, points[1:]):
        n = max(1, int(np.hypot(*(q - p)) / step))
        out += [p + (q - p) * k / n for k in range(1, n + 1)]
    return np.array(out)


def route_points(layout, cells, jitter=0.0, smooth=0, seed=0) -> np.ndarray:
    """Dense polyline through the cell centres; ``smooth`` rounds of Chaikin corner cutting (a model's
    smooth curve), ``jitter`` x cell of low-frequency wobble (ends kept on the centres)."""
    pts = np.array([cell_center(layout, tuple(c)) for c in cells], float)
    for _ in range(smooth):
        if len(pts) < 3:
            break
        q = [pts[0]]
        for p0, p1 in zip(pts, pts[1:]):
            q += [0.75 * p0 + 0.25 * p1, 0.25 * p0 + 0.75 * p1]
        q.append(pts[-1])
        pts = np.array(q)
    dense = _dense(pts)
    if jitter:
        rng = np.random.default_rng(seed)
        noise = rng.normal(0, 1, dense.shape)
        kern = np.ones(15) / 15
        noise = np.stack([np.convolve(noise[:, i], kern, mode="same") for i in range(2)], 1)
        noise *= jitter * layout["cell_px"] / max(1e-9, np.abs(noise).max())
        taper = np.minimum(1, np.minimum(np.arange(len(dense)), np.arange(len(dense))[::-1]) / 8)
        dense = dense + noise * taper[:, None]
    return dense


def _poly(image, pts, color, width):
    if len(pts) >= 2:
        cv2.polylines(image, [np.round(pts * 4).astype(np.int32)], False, color, max(1, int(width)),
                      cv2.LINE_AA, shift=2)


def _arc(pts):
    return np.concatenate([[0], np.cumsum(np.hypot(*np.diff(pts, axis=0).T))])


def draw_solid(image, pts, color, width):
    _poly(image, pts, color, width)


def draw_dashed(image, pts, color, width, dash, gap):
    arc = _arc(pts)
    period = dash + gap
    on = (arc % period) < dash
    start = None
    for i, flag in enumerate(on):
        if flag and start is None:
            start = i
        if (not flag or i == len(on) - 1) and start is not None:
            _poly(image, pts[start:i + 1], color, width)
            start = None


def draw_dotted(image, pts, color, radius, spacing):
    arc = _arc(pts)
    for d in np.arange(0, arc[-1] + 1e-6, spacing):
        k = int(np.searchsorted(arc, d))
        x, y = pts[min(k, len(pts) - 1)]
        cv2.circle(image, (int(round(x * 4)), int(round(y * 4))), int(radius * 4), color, -1, cv2.LINE_AA, shift=2)


def draw_arrowed(image, pts, color, width, every, size):
    """A solid line with chevron arrowheads every ``every`` px pointing along the route."""
    _poly(image, pts, color, width)
    arc = _arc(pts)
    for d in np.arange(every / 2, arc[-1] - every / 4, every):
        k = int(np.searchsorted(arc, d))
        k0 = max(0, k - 3)
        p, q = pts[k0], pts[min(len(pts) - 1, k + 1)]
        v = (q - p) / max(1e-9, np.hypot(*(q - p)))
        n = np.array([-v[1], v[0]])
        tip = pts[k]
        for side in (1, -1):
            _poly(image, np.array([tip - size * v + side * 0.7 * size * n, tip]), color, width)


def draw_arrow_segments(image, pts, color, width, every, size):
    """A chain of separate short arrows (shaft + head), like a model's 'arrows along the path'."""
    arc = _arc(pts)
    for d in np.arange(0, arc[-1] - 1e-6, every):
        i, j = int(np.searchsorted(arc, d)), int(np.searchsorted(arc, min(arc[-1], d + 0.72 * every)))
        seg = pts[i:j + 1]
        if len(seg) < 2:
            continue
        _poly(image, seg, color, width)
        v = seg[-1] - seg[max(0, len(seg) - 4)]
        v = v / max(1e-9, np.hypot(*v))
        n = np.array([-v[1], v[0]])
        for side in (1, -1):
            _poly(image, np.array([seg[-1] - size * v + side * 0.7 * size * n, seg[-1]]), color, width)


def redraw_walls(input_image, layout, maze: Maze, factor=1.0, color=(0, 0, 0), wobble=0.0, seed=0):
    """The maze as a model regenerates it: walls ``factor`` x as thick in another ink, markers kept."""
    h, w = input_image.shape[:2]
    out = np.full_like(input_image, 255)
    gx, gy = layout["grid_bbox"][:2]
    s, t = layout["cell_px"], layout["wall_px"]
    half = factor * t / 2
    rng = np.random.default_rng(seed)
    for a, b in maze.walls() + outer_walls(maze.rows, maze.cols):
        (ra, ca), (rb, cb) = sorted([a, b])
        if ra == rb:
            x = gx + cb * s - 0.5 + (t % 2) * 0.5
            p, q = (x, gy + ra * s), (x, gy + (ra + 1) * s)
        else:
            y = gy + rb * s - 0.5 + (t % 2) * 0.5
            p, q = (gx + ca * s, y), (gx + (ca + 1) * s, y)
        dx, dy = rng.normal(0, wobble, 2) if wobble else (0, 0)
        x0, y0 = min(p[0], q[0]) - half + dx, min(p[1], q[1]) - half + dy
        x1, y1 = max(p[0], q[0]) + half + dx, max(p[1], q[1]) + half + dy
        pts = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]) * 4
        cv2.fillPoly(out, [np.round(pts).astype(np.int32)], color, cv2.LINE_AA, shift=2)
    coloured = (input_image.max(axis=2).astype(int) - input_image.min(axis=2)) > 60
    out[coloured] = input_image[coloured]
    return out


def paper(image, seed=0, tint=(247, 240, 226), grain=6.0):
    """Paper texture: a tint, low-frequency shading and grain."""
    h, w = image.shape[:2]
    rng = np.random.default_rng(seed)
    low = cv2.resize(rng.normal(0, 1, (6, 6)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
    shade = 1 + 0.03 * low / max(1e-6, np.abs(low).max())
    out = image.astype(np.float32) * (np.array(tint, np.float32) / 255)[None, None] * shade[..., None]
    out += rng.normal(0, grain, out.shape)
    return np.clip(out, 0, 255).astype(np.uint8)


def jpeg(image, q):
    return perturb.jpeg(image, q)


# -------------------------------------------------------------------------------------------- styles


@dataclass
class Style:
    name: str
    draw: Callable  # (case, cells, seed) -> image


def _base(case, factor=None, color=(0, 0, 0), wobble=0.0, seed=0):
    if factor is None:
        return case.input.copy()
    return redraw_walls(case.input, case.layout, case.maze, factor, color, wobble, seed)


def _finish(image, texture=False, quality=None, scale=None, seed=0):
    if texture:
        image = paper(image, seed)
    if scale:
        image = perturb.rescale(image, scale)
    if quality:
        image = jpeg(image, quality)
    return image


def _style(name, kind, color, width, *, jitter=0.0, smooth=0, walls=None, wall_color=(0, 0, 0), texture=False,
           quality=None, scale=None, dash=(0.3, 0.2), alpha=1.0):
    def draw(case, cells, seed):
        s = case.layout["cell_px"]
        img = _base(case, walls, wall_color, 0.3 if walls else 0.0, seed)
        pts = route_points(case.layout, cells, jitter, smooth, seed)
        wpx = max(2, round(width * s)) if width < 1 else width
        layer = img.copy()
        if kind == "solid":
            draw_solid(layer, pts, color, wpx)
        elif kind == "dashed":
            draw_dashed(layer, pts, color, wpx, dash[0] * s, dash[1] * s)
        elif kind == "dotted":
            draw_dotted(layer, pts, color, max(2, wpx / 2), dash[0] * s)
        elif kind == "arrowed":
            draw_arrowed(layer, pts, color, wpx, 1.0 * s, 0.22 * s)
        elif kind == "arrows":
            draw_arrow_segments(layer, pts, color, wpx, 0.8 * s, 0.2 * s)
        img = cv2.addWeighted(layer, alpha, img, 1 - alpha, 0) if alpha < 1 else layer
        return _finish(img, texture, quality, scale, seed)
    return Style(name, draw)


TUNE_STYLES = [
    _style("red solid", "solid", (220, 20, 20), 5, jitter=0.08),
    _style("black solid jpeg", "solid", (10, 10, 10), 3, jitter=0.05, quality=75),
    _style("blue dashed", "dashed", (20, 60, 230), 4, dash=(0.3, 0.2)),
    _style("red on thick walls", "solid", (230, 30, 30), 5, walls=1.6),
    _style("green on paper jpeg", "solid", (20, 150, 40), 5, texture=True, quality=70, jitter=0.06),
    _style("red dotted", "dotted", (230, 20, 20), 6, dash=(0.35, 0)),
    _style("orange thin walls", "solid", (255, 130, 0), 6, walls=0.6, wall_color=(70, 70, 70)),
    _style("red arrowed", "arrowed", (220, 0, 0), 3),
]

HELDOUT_STYLES = [
    _style("purple smooth on grey thinner walls", "solid", (130, 30, 170), 4, smooth=2, walls=0.7,
           wall_color=(95, 95, 95)),
    _style("magenta arrows chain", "arrows", (200, 0, 140), 3, jitter=0.04),
    _style("teal dashed thick walls rescale jpeg", "dashed", (0, 140, 140), 5, dash=(0.22, 0.16), walls=1.8,
           scale=0.8, quality=80),
    _style("black dotted on paper", "dotted", (15, 15, 15), 7, dash=(0.3, 0), texture=True, quality=85),
    _style("translucent wide marker", "solid", (255, 40, 90), 0.3, alpha=0.55, smooth=1),
    _style("dark grey thick walls red dashes", "dashed", (210, 30, 30), 4, dash=(0.4, 0.12), walls=1.5,
           wall_color=(55, 55, 55), jitter=0.05),
    _style("navy smooth wobbly jpeg60", "solid", (20, 20, 120), 6, smooth=1, jitter=0.1, quality=60),
    _style("red thick walls on paper", "solid", (200, 10, 10), 0.16, walls=1.7, texture=True, quality=75,
           scale=1.25),
    # added later and measured once on fresh instances before any change (see docs/maze.md)
    _style("brown smooth marker on 1.4x walls", "solid", (140, 70, 20), 0.22, smooth=2, walls=1.4, quality=70,
           scale=0.9),
    _style("green short dashes", "dashed", (30, 170, 60), 3, dash=(0.12, 0.12), jitter=0.05),
    _style("big black dots on thin walls", "dotted", (0, 0, 0), 9, dash=(0.45, 0), walls=0.7),
    _style("blue arrowed wobbly on paper", "arrowed", (30, 60, 200), 4, jitter=0.1, texture=True, quality=80),
]


# -------------------------------------------------------------------------------------------- cheats


def all_corridor_edges(maze: Maze, start):
    """Every passage of the maze, in DFS order from the start (a drawing that visits every corridor)."""
    return list(nx.dfs_edges(nx.Graph(list(maze.passages)), start))


def _draw_edges(img, layout, edges, color, width):
    for a, b in edges:
        draw_solid(img, _dense(np.array([cell_center(layout, a), cell_center(layout, b)])), color, width)


def _outer_corner(layout, cell):
    """The outer frame corner of a border cell nearest the image corner, and the outward normal."""
    x0, y0, x1, y1 = layout["grid_bbox"]
    s = layout["cell_px"]
    r, c = cell
    cx, cy = x0 + c * s, y0 + r * s
    xs = [cx, cx + s]
    ys = [cy, cy + s]
    best = None
    for x in xs:
        for y in ys:
            on_border = x in (x0, x1) or y in (y0, y1)
            if on_border:
                d = min(abs(x - x0), abs(x - x1)) + min(abs(y - y0), abs(y - y1))
                if best is None or d < best[0]:
                    best = (d, (x, y))
    return np.array(best[1], float)


def _around(layout, p, q, off):
    """A walk outside the frame from near p to near q, at ``off`` px outside the grid, clockwise."""
    x0, y0, x1, y1 = layout["grid_bbox"]
    X0, Y0, X1, Y1 = x0 - off, y0 - off, x1 + off, y1 + off
    ring = [(X0, Y0), (X1, Y0), (X1, Y1), (X0, Y1)]
    per = 2 * (X1 - X0) + 2 * (Y1 - Y0)

    def t_of(pt):
        x, y = np.clip(pt[0], X0, X1), np.clip(pt[1], Y0, Y1)
        d = [abs(y - Y0), abs(x - X1), abs(y - Y1), abs(x - X0)]
        k = int(np.argmin(d))
        return [x - X0, (X1 - X0) + y - Y0, (X1 - X0) + (Y1 - Y0) + X1 - x,
                2 * (X1 - X0) + (Y1 - Y0) + Y1 - y][k]

    def at(t):
        t %= per
        for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1]):
            L = abs(bx - ax) + abs(by - ay)
            if t <= L:
                f = t / L
                return np.array([ax + f * (bx - ax), ay + f * (by - ay)])
            t -= L
        return np.array(ring[0], float)

    ta, tb = t_of(p), t_of(q)
    if tb < ta:
        tb += per
    return np.array([at(t) for t in np.linspace(ta, tb, 200)])


def _cheat_all_corridors(case, seed):
    img = case.input.copy()
    _draw_edges(img, case.layout, all_corridor_edges(case.maze, case.start), (220, 20, 20), 3)
    return img


def _cheat_wide_brush(case, seed):
    img = case.input.copy()
    s = case.layout["cell_px"]
    _draw_edges(img, case.layout, all_corridor_edges(case.maze, case.start), (230, 40, 40), int(0.45 * s))
    return img


def _cheat_corner_loop(case, seed):
    """The correct route plus a loop: start centre -> the start cell's outer corner post -> around outside
    -> the goal cell's outer corner post -> goal centre."""
    img = case.input.copy()
    lay = case.layout
    draw_solid(img, route_points(lay, case.path), (220, 20, 20), 5)
    a, b = _outer_corner(lay, case.start), _outer_corner(lay, case.goal)
    off = 0.3 * lay["cell_px"]
    sc, gc = np.array(cell_center(lay, case.start)), np.array(cell_center(lay, case.goal))
    out_a = a + np.sign(a - sc) * off
    out_b = b + np.sign(b - gc) * off
    loop = np.vstack([_dense(np.array([sc, a, out_a])), _around(lay, out_a, out_b, off),
                      _dense(np.array([out_b, b, gc]))])
    draw_solid(img, loop, (220, 20, 20), 5)
    return img


def _through_wall_route(case):
    ds, dg = distances(case.maze, case.start), distances(case.maze, case.goal)
    _, u, v = min((ds[x] + 1 + dg[y], x, y) for a, b in case.maze.walls() for x, y in ((a, b), (b, a)))
    return shortest_path(case.maze, case.start, u), shortest_path(case.maze, v, case.goal), (u, v)


def _cheat_wall_slide(case, seed):
    """The correct route plus a second route that passes a wall by sliding along its bar."""
    img = case.input.copy()
    lay = case.layout
    draw_solid(img, route_points(lay, case.path), (220, 20, 20), 5)
    first, second, (u, v) = _through_wall_route(case)
    pu, pv = np.array(cell_center(lay, u)), np.array(cell_center(lay, v))
    mid = (pu + pv) / 2
    along = np.array([pv[1] - pu[1], pu[0] - pv[0]]) * 0.3  # perpendicular to u->v: along the wall bar
    slide = np.array([pu, mid - along, mid + along, pv])
    pts = np.vstack([route_points(lay, first), _dense(slide), route_points(lay, second)])
    draw_solid(img, pts, (220, 20, 20), 5)
    return img


def _cheat_through_wall(case, seed):
    img = case.input.copy()
    first, second, _ = _through_wall_route(case)
    draw_solid(img, route_points(case.layout, first + second, 0.05, 0, seed), (20, 20, 220), 4)
    return img


def _cheat_dashed_through_wall(case, seed):
    img = case.input.copy()
    first, second, _ = _through_wall_route(case)
    s = case.layout["cell_px"]
    draw_dashed(img, route_points(case.layout, first + second), (220, 20, 20), 4, 0.3 * s, 0.2 * s)
    return img


def _cheat_black_through_thick_walls(case, seed):
    img = redraw_walls(case.input, case.layout, case.maze, 1.7)
    first, second, _ = _through_wall_route(case)
    draw_solid(img, route_points(case.layout, first + second), (0, 0, 0), 4)
    return img


def _cheat_outside_walk(case, seed):
    """Out through the outer wall beside the start, around the outside, in through the wall at the goal."""
    img = case.input.copy()
    lay = case.layout
    s = lay["cell_px"]
    sc, gc = np.array(cell_center(lay, case.start)), np.array(cell_center(lay, case.goal))
    x0, y0, x1, y1 = lay["grid_bbox"]

    def exit_point(c):
        d = {(c[0] - x0): (-1, 0), (x1 - c[0]): (1, 0), (c[1] - y0): (0, -1), (y1 - c[1]): (0, 1)}
        n = np.array(d[min(d)], float)
        return c + n * (min(d) + 0.3 * s)

    ea, eb = exit_point(sc), exit_point(gc)
    pts = np.vstack([_dense(np.array([sc, ea])), _around(lay, ea, eb, 0.3 * s), _dense(np.array([eb, gc]))])
    draw_solid(img, pts, (220, 20, 20), 5)
    return img


def _cheat_flood(case, seed):
    img = case.input.copy()
    x0, y0, x1, y1 = case.layout["grid_bbox"]
    region = img[y0:y1, x0:x1]
    region[(region > 200).all(axis=2)] = (240, 120, 120)
    return img


def _cheat_dead_ends_explored(case, seed):
    """The route plus every dead-end branch hanging off it, explored and returned from."""
    img = case.input.copy()
    lay = case.layout
    draw_solid(img, route_points(lay, case.path), (220, 20, 20), 4)
    on = set(case.path)
    g = nx.Graph(list(case.maze.passages))
    edges = [(a, b) for a, b in nx.dfs_edges(g, case.start) if not (a in on and b in on)]
    _draw_edges(img, lay, edges, (220, 20, 20), 4)
    return img


CHEATS = [
    Style("all corridors thin", _cheat_all_corridors),
    Style("all corridors wide brush", _cheat_wide_brush),
    Style("route + loop via corner posts", _cheat_corner_loop),
    Style("route + second route sliding along a wall", _cheat_wall_slide),
    Style("through wall", _cheat_through_wall),
    Style("dashed through wall", _cheat_dashed_through_wall),
    Style("black through thick walls", _cheat_black_through_thick_walls),
    Style("outside walk", _cheat_outside_walk),
    Style("flood fill", _cheat_flood),
    Style("route + all side branches", _cheat_dead_ends_explored),
]


# --------------------------------------------------------------------------------------------- sweep


class MazeCase:
    def __init__(self, root: Path, record):
        from genpuzzle.images import load_image

        self.root, self.record = root, record
        self.input = load_image(root / record.input_image)
        self.layout = record.layout
        gt = record.ground_truth
        self.maze = Maze.from_walls_json(gt["rows"], gt["cols"], gt["walls"])
        self.path = [tuple(c) for c in gt["solution_path"]]
        self.start, self.goal = tuple(gt["start"]), tuple(gt["goal"])

    def valid_route(self, k: int):
        """The stored solution, or (odd k, looped mazes) the longest other simple route."""
        return self.path if k % 2 == 0 else self.longest_other_route(50)

    def longest_other_route(self, first: int):
        """Looped mazes: the longest of the ``first`` simple routes other than the stored one found; else (or
        without another route) the stored solution."""
        if self.record.variant != "loops":
            return self.path
        g = nx.Graph(list(self.maze.passages))
        others = []
        for p in nx.all_simple_paths(g, self.start, self.goal):
            if p != self.path:
                others.append(p)
            if len(others) >= first:
                break
        return max(others, key=len) if others else self.path


def verify_image(case: MazeCase, image: np.ndarray, tmp: Path, name: str):
    from genpuzzle.evaluate import verify_answer

    path = tmp / f"{name}.png"
    Image.fromarray(image).save(path)
    return verify_answer(case.root, case.record, path)


def sweep(n_per_track: int = 4, master_seed: int = 77, which=("tune", "heldout", "cheats"), out=print):
    """Verify every style and cheat on ``n_per_track`` instances per level; print and return the counts."""
    import tempfile

    from genpuzzle.dataset import load_set, write_set

    tracks = ("maze_beginner", "maze_intermediate", "maze_advanced")
    groups = {"tune": TUNE_STYLES, "heldout": HELDOUT_STYLES, "cheats": CHEATS}
    totals = {}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        write_set(tmp / "set", {t: n_per_track for t in tracks}, master_seed=master_seed)
        pset = load_set(tmp / "set")
        for group in which:
            for si, style in enumerate(groups[group]):
                right = 0
                wrong = []
                for k, rec in enumerate(pset.records):
                    case = MazeCase(tmp / "set", rec)
                    if group == "cheats":
                        image = style.draw(case, k)
                    else:
                        image = style.draw(case, case.valid_route(k), k)
                    v = verify_image(case, image, tmp, f"{group}{si}_{k}")
                    ok = (v.score < 100 and v.status.value != "correct") if group == "cheats" else v.score == 100
                    right += ok
                    if not ok:
                        wrong.append((rec.id, v.status.value, round(v.score), v.codes[:4]))
                totals.setdefault(group, [0, 0])
                totals[group][0] += right
                totals[group][1] += len(pset.records)
                out(f"{group:8s} {style.name:45s} {right}/{len(pset.records)}"
                    + (f"   e.g. {wrong[:2]}" if wrong else ""))
    for group, (r, n) in totals.items():
        out(f"{group}: {r}/{n} right")
    return totals


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    which = tuple(sys.argv[2].split(",")) if len(sys.argv) > 2 else ("tune", "heldout", "cheats")
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 77
    sweep(n, seed, which=which)
