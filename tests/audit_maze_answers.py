"""AUDIT maze answers: a blind family written without reading the maze verifier (session 13).

Six correct styles unlike ``tests/maze_answers.py`` (hollow-ring chains, dash-dot lines over walls redrawn
in navy, filled arrowheads without a shaft, one dot per cell, a graphite pencil line over hairline walls, a
marker over brown rounded walls) combined with page changes a model makes (margins and a caption,
letterbox, a slight tilt, a drop shadow, paper texture, strong JPEG). Each draws a valid route and must
score 100. ``ERRORS`` plant a model-like mistake into an otherwise well-drawn answer and must never pass.

``python tests/audit_maze_answers.py [n_per_track] [master_seed]`` prints right / false pass / confident
false fail / review / unreadable for every style and error.

Blind figure (session-start code 6d85fc5, ``python tests/audit_maze_answers.py 3 1313``, 9 instances: 3 per
level): styles 27 of 54 right, 0 false pass, 20 confident false fail (dash-dot over navy 2.2x walls 9,
one dot per cell 7, amber marker over brown rounded walls 4), 6 review, 1 unreadable; errors 39 of 63
right, 6 false passes (route as an outline tube), 18 review (through a wall, wall erased: incorrect and
sent to review).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import cv2
import networkx as nx
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from genpuzzle.renderers.maze import cell_center, outer_walls
from genpuzzle.solvers.maze import Maze, distances, edge, shortest_path

from maze_answers import MazeCase

CAPTION_FONT = "/usr/share/fonts/truetype/croscore/Arimo-Bold.ttf"  # fonts-croscore

# ------------------------------------------------------------------------------------------- geometry


def centres(layout, cells) -> np.ndarray:
    return np.array([cell_center(layout, tuple(c)) for c in cells], float)


def densify(points: np.ndarray, step: float = 1.5) -> np.ndarray:
    out = [points[0]]
    for p, q in zip(points, points[1:]):
        n = max(1, int(np.hypot(*(q - p)) / step))
        out += [p + (q - p) * k / n for k in range(1, n + 1)]
    return np.array(out)


def arclength(pts: np.ndarray) -> np.ndarray:
    return np.concatenate([[0], np.cumsum(np.hypot(*np.diff(pts, axis=0).T))])


def rounded(pts: np.ndarray, rounds: int = 2) -> np.ndarray:
    """Chaikin corner cutting: the soft corners a pen makes."""
    for _ in range(rounds):
        if len(pts) < 3:
            break
        q = [pts[0]]
        for a, b in zip(pts, pts[1:]):
            q += [0.75 * a + 0.25 * b, 0.25 * a + 0.75 * b]
        q.append(pts[-1])
        pts = np.array(q)
    return pts


def at_arc(pts: np.ndarray, arc: np.ndarray, d: float) -> tuple[np.ndarray, np.ndarray]:
    """Point at arclength ``d`` and the unit tangent there."""
    k = int(np.clip(np.searchsorted(arc, d), 1, len(pts) - 1))
    v = pts[k] - pts[k - 1]
    v = v / max(1e-9, np.hypot(*v))
    f = (d - arc[k - 1]) / max(1e-9, arc[k] - arc[k - 1])
    return pts[k - 1] + np.clip(f, 0, 1) * (pts[k] - pts[k - 1]), v


# -------------------------------------------------------------------------------------------- pens


def pen_line(img, pts, colour, width):
    if len(pts) >= 2:
        cv2.polylines(img, [np.round(pts * 8).astype(np.int32)], False, colour, max(1, int(round(width))),
                      cv2.LINE_AA, shift=3)


def pen_rings(img, pts, colour, radius, spacing, thickness):
    arc = arclength(pts)
    for d in np.arange(0, arc[-1] + 1e-6, spacing):
        p, _ = at_arc(pts, arc, d)
        cv2.circle(img, tuple(int(v) for v in np.round(p * 8)), int(radius * 8), colour, max(1, int(thickness)),
                   cv2.LINE_AA, shift=3)


def pen_discs(img, pts, colour, radius, spacing):
    arc = arclength(pts)
    for d in np.arange(0, arc[-1] + 1e-6, spacing):
        p, _ = at_arc(pts, arc, d)
        cv2.circle(img, tuple(int(v) for v in np.round(p * 8)), int(radius * 8), colour, -1, cv2.LINE_AA, shift=3)


def pen_dash_dot(img, pts, colour, width, dash, gap):
    """A dash, a gap, a dot, a gap, repeated (a technical-drawing line)."""
    arc = arclength(pts)
    period = dash + 3 * gap
    d = 0.0
    while d < arc[-1]:
        seg = pts[(arc >= d) & (arc <= min(arc[-1], d + dash))]
        pen_line(img, seg, colour, width)
        p, _ = at_arc(pts, arc, min(arc[-1], d + dash + 1.5 * gap))
        cv2.circle(img, tuple(int(v) for v in np.round(p * 8)), int(width * 0.7 * 8), colour, -1, cv2.LINE_AA,
                   shift=3)
        d += period


def pen_arrowheads(img, pts, colour, size, spacing):
    """Filled triangles pointing along the route, no shaft between them."""
    arc = arclength(pts)
    for d in np.arange(size, arc[-1] + 1e-6, spacing):
        p, v = at_arc(pts, arc, d)
        n = np.array([-v[1], v[0]])
        tri = np.array([p + v * size * 0.6, p - v * size * 0.5 + n * size * 0.5, p - v * size * 0.5 - n * size * 0.5])
        cv2.fillPoly(img, [np.round(tri * 8).astype(np.int32)], colour, cv2.LINE_AA, shift=3)


def pen_tube(img, pts, colour, width, offset):
    """The outline of a tube of half-width ``offset`` around the route (two sides and round ends, nothing
    along its middle)."""
    h, w = img.shape[:2]
    mask = np.zeros((h, w), np.uint8)
    cv2.polylines(mask, [np.round(pts * 8).astype(np.int32)], False, 255, int(round(2 * offset)), cv2.LINE_8,
                  shift=3)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    cv2.drawContours(img, contours, -1, colour, max(1, int(round(width))), cv2.LINE_AA)


# -------------------------------------------------------------------------------------------- walls


def walls_redrawn(case, factor: float, colour, rounded_ends: bool = False, keep_markers: bool = True) -> np.ndarray:
    """The maze redrawn by a model: every wall ``factor`` x the input's thickness, in ``colour``."""
    lay, maze = case.layout, case.maze
    out = np.full_like(case.input, 255)
    gx, gy = lay["grid_bbox"][:2]
    s, t = lay["cell_px"], lay["wall_px"]
    width = max(1.0, factor * t)
    for a, b in maze.walls() + outer_walls(maze.rows, maze.cols):
        (ra, ca), (rb, cb) = sorted([a, b])
        if ra == rb:
            p, q = np.array([gx + cb * s, gy + ra * s]), np.array([gx + cb * s, gy + (ra + 1) * s])
        else:
            p, q = np.array([gx + ca * s, gy + rb * s]), np.array([gx + (ca + 1) * s, gy + rb * s])
        p, q = p - 0.5, q - 0.5
        if rounded_ends:
            pen_line(out, np.array([p, q]), colour, width)
            for e in (p, q):
                cv2.circle(out, tuple(int(v) for v in np.round(e * 8)), int(width / 2 * 8), colour, -1, cv2.LINE_AA,
                           shift=3)
        else:
            d = (q - p) / np.hypot(*(q - p))
            n = np.array([-d[1], d[0]])
            h = width / 2
            box = np.array([p - d * h - n * h, q + d * h - n * h, q + d * h + n * h, p - d * h + n * h])
            cv2.fillPoly(out, [np.round(box * 8).astype(np.int32)], colour, cv2.LINE_AA, shift=3)
    if keep_markers:
        for key in ("start", "goal"):
            x0, y0, x1, y1 = lay["markers"][key]
            out[y0:y1 + 1, x0:x1 + 1] = case.input[y0:y1 + 1, x0:x1 + 1]
    return out


# --------------------------------------------------------------------------------------- page changes


def margin_caption(img, text="Here is the solved maze:", top=0.16, side=0.07, seed=0):
    h, w = img.shape[:2]
    t, sd = int(top * h), int(side * w)
    page = np.full((h + t + sd, w + 2 * sd, 3), 255, np.uint8)
    page[t:t + h, sd:sd + w] = img
    pil = Image.fromarray(page)
    font = ImageFont.truetype(CAPTION_FONT, max(14, int(t * 0.35)))
    ImageDraw.Draw(pil).text((sd, int(t * 0.3)), text, fill=(40, 40, 40), font=font)
    return np.array(pil)


def letterbox(img, aspect=16 / 9, bar=(12, 12, 12)):
    h, w = img.shape[:2]
    if w / h < aspect:
        nw = int(round(h * aspect))
        out = np.zeros((h, nw, 3), np.uint8) + np.array(bar, np.uint8)
        x = (nw - w) // 2
        out[:, x:x + w] = img
    else:
        nh = int(round(w / aspect))
        out = np.zeros((nh, w, 3), np.uint8) + np.array(bar, np.uint8)
        y = (nh - h) // 2
        out[y:y + h] = img
    return cv2.resize(out, (1280, int(round(1280 * out.shape[0] / out.shape[1]))), interpolation=cv2.INTER_AREA)


def tilt(img, degrees, fill=(250, 250, 250)):
    h, w = img.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0)
    cos, sin = abs(m[0, 0]), abs(m[0, 1])
    nw, nh = int(h * sin + w * cos), int(h * cos + w * sin)
    m[0, 2] += nw / 2 - w / 2
    m[1, 2] += nh / 2 - h / 2
    return cv2.warpAffine(img, m, (nw, nh), flags=cv2.INTER_CUBIC, borderValue=fill)


def drop_shadow(img, offset=0.015, blur=0.02, strength=0.45, pad=0.05, backdrop=(225, 228, 232)):
    """The page as a card lifted off a grey backdrop, with a soft shadow to its lower right."""
    h, w = img.shape[:2]
    p, o = int(pad * max(h, w)), int(offset * max(h, w))
    H, W = h + 2 * p, w + 2 * p
    out = np.zeros((H, W, 3), np.float32) + np.array(backdrop, np.float32)
    shadow = np.zeros((H, W), np.float32)
    shadow[p + o:p + o + h, p + o:p + o + w] = 1
    k = max(3, int(blur * max(h, w)) | 1)
    shadow = cv2.GaussianBlur(shadow, (k, k), 0)
    out *= (1 - strength * shadow)[..., None]
    out[p:p + h, p:p + w] = img
    return out.astype(np.uint8)


def paper_grain(img, seed=0, tint=(238, 232, 215), fibres=0.04):
    h, w = img.shape[:2]
    rng = np.random.default_rng(seed)
    low = cv2.resize(rng.normal(0, 1, (8, 8)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
    fine = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 1.2)
    shade = 1 + 0.04 * low / max(1e-6, np.abs(low).max()) + fibres * fine / max(1e-6, np.abs(fine).max())
    out = img.astype(np.float32) * (np.array(tint, np.float32) / 255)[None, None] * shade[..., None]
    return np.clip(out, 0, 255).astype(np.uint8)


def jpeg(img, quality):
    ok, buf = cv2.imencode(".jpg", img[:, :, ::-1], [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)[:, :, ::-1].copy()


def squash(img, fx, fy):
    h, w = img.shape[:2]
    return cv2.resize(img, (int(round(w * fx)), int(round(h * fy))), interpolation=cv2.INTER_AREA)


# ------------------------------------------------------------------------------------------- styles


@dataclass
class Style:
    name: str
    draw: Callable  # (case, cells, seed) -> image


def _hollow_rings(case, cells, seed):
    s = case.layout["cell_px"]
    img = case.input.copy()
    pen_rings(img, densify(centres(case.layout, cells)), (230, 110, 0), 0.16 * s, 0.3 * s, max(2, s // 22))
    return margin_caption(img, seed=seed)


def _navy_walls_dash_dot(case, cells, seed):
    s = case.layout["cell_px"]
    img = walls_redrawn(case, 2.2, (25, 35, 110))
    pen_dash_dot(img, densify(rounded(centres(case.layout, cells), 1)), (0, 170, 200), max(3, s // 12),
                 0.35 * s, 0.1 * s)
    return jpeg(letterbox(img), 85)


def _arrowheads_tilted(case, cells, seed):
    s = case.layout["cell_px"]
    img = case.input.copy()
    pen_arrowheads(img, densify(centres(case.layout, cells)), (20, 140, 60), 0.32 * s, 0.45 * s)
    return jpeg(tilt(img, 1.8 if seed % 2 else -1.5), 50)


def _dot_per_cell_shadow(case, cells, seed):
    s = case.layout["cell_px"]
    img = case.input.copy()
    for p in centres(case.layout, cells):
        cv2.circle(img, tuple(int(v) for v in np.round(p * 8)), int(0.17 * s * 8), (200, 0, 60), -1, cv2.LINE_AA,
                   shift=3)
    return jpeg(drop_shadow(img), 80)


def _graphite_on_hairlines(case, cells, seed):
    s = case.layout["cell_px"]
    img = walls_redrawn(case, 0.45, (30, 30, 30))
    rng = np.random.default_rng(seed)
    pts = densify(rounded(centres(case.layout, cells), 2))
    wob = cv2.GaussianBlur(rng.normal(0, 1, (len(pts), 2)).astype(np.float32), (1, 31), 0)
    wob *= 0.05 * s / max(1e-6, np.abs(wob).max())
    pen_line(img, pts + wob, (105, 105, 110), max(2, s // 14))
    return jpeg(paper_grain(img, seed), 75)


def _marker_on_brown_round_walls(case, cells, seed):
    s = case.layout["cell_px"]
    img = walls_redrawn(case, 1.3, (95, 55, 25), rounded_ends=True)
    layer = img.copy()
    pen_line(layer, densify(rounded(centres(case.layout, cells), 2)), (250, 200, 0), max(4, int(0.3 * s)))
    img = cv2.addWeighted(layer, 0.75, img, 0.25, 0)
    return jpeg(squash(img, 1.15, 0.92), 70)


STYLES = [
    Style("orange hollow rings + margin caption", _hollow_rings),
    Style("cyan dash-dot over navy 2.2x walls, letterbox", _navy_walls_dash_dot),
    Style("green arrowheads only, tilt, jpeg50", _arrowheads_tilted),
    Style("one crimson dot per cell, drop shadow", _dot_per_cell_shadow),
    Style("graphite line on hairline walls, paper", _graphite_on_hairlines),
    Style("amber marker over brown rounded walls, squash", _marker_on_brown_round_walls),
]


# -------------------------------------------------------------------------------------------- errors


def through_one_wall(case):
    """The shortest start->goal walk that crosses exactly one wall: (cells, (u, v)) with u|v the wall."""
    ds, dg = distances(case.maze, case.start), distances(case.maze, case.goal)
    _, u, v = min((ds[x] + 1 + dg[y], x, y) for a, b in case.maze.walls() for x, y in ((a, b), (b, a))
                  if x in ds and y in dg)
    return shortest_path(case.maze, case.start, u) + shortest_path(case.maze, v, case.goal), (u, v)


def _err_through_wall_rings(case, seed):
    cells, _ = through_one_wall(case)
    return _hollow_rings(case, cells, seed)


def _err_wall_erased(case, seed):
    """The model removed the wall its shortcut crosses, redrew the maze and drew the route through the gap."""
    cells, (u, v) = through_one_wall(case)
    saved = case.maze
    case.maze = Maze(saved.rows, saved.cols, frozenset(saved.passages) | {edge(u, v)})
    try:
        img = walls_redrawn(case, 1.0, (0, 0, 0))
    finally:
        case.maze = saved
    s = case.layout["cell_px"]
    pen_line(img, densify(centres(case.layout, cells)), (220, 30, 30), max(3, s // 8))
    return img


def _err_stops_short(case, seed):
    s = case.layout["cell_px"]
    img = case.input.copy()
    cut = max(2, int(len(case.path) * 0.7))
    pen_line(img, densify(rounded(centres(case.layout, case.path[:cut]), 1)), (220, 30, 30), max(3, s // 8))
    return jpeg(img, 80)


def _err_extra_branch(case, seed):
    """The route plus one wrong turn taken to its dead end (the longest side branch), same pen."""
    s = case.layout["cell_px"]
    img = case.input.copy()
    on = set(case.path)
    g = nx.Graph(list(case.maze.passages))
    best = []
    for c in case.path:
        for nb in g[c]:
            if nb in on:
                continue
            sub = g.subgraph([n for n in g if n not in on or n == c])
            far = nx.single_source_shortest_path(sub, c)
            p = max(far.values(), key=len)
            if len(p) > len(best):
                best = p
    pen_line(img, densify(centres(case.layout, case.path)), (220, 30, 30), max(3, s // 8))
    if len(best) >= 2:
        pen_line(img, densify(centres(case.layout, best)), (220, 30, 30), max(3, s // 8))
    return img


def _err_two_routes(case, seed):
    """Two different drawn routes: the right one in red and a through-wall one in blue ("option B")."""
    s = case.layout["cell_px"]
    img = case.input.copy()
    pen_line(img, densify(centres(case.layout, case.path)), (220, 30, 30), max(3, s // 8))
    cells, _ = through_one_wall(case)
    pen_line(img, densify(centres(case.layout, cells)) + 0.12 * s, (30, 60, 220), max(3, s // 8))
    return img


def _err_every_corridor_dots(case, seed):
    s = case.layout["cell_px"]
    img = case.input.copy()
    g = nx.Graph(list(case.maze.passages))
    for a, b in nx.dfs_edges(g, case.start):
        pen_discs(img, densify(centres(case.layout, [a, b])), (200, 0, 60), 0.1 * s, 0.3 * s)
    return img


def _err_outline(case, seed):
    """The route drawn as an outline: two lines hugging the corridor walls, nothing along its middle."""
    s = case.layout["cell_px"]
    img = case.input.copy()
    pen_tube(img, densify(centres(case.layout, case.path)), (220, 30, 30), max(2, s // 16), 0.33 * s)
    return img


ERRORS = [
    Style("through a wall (rings, caption)", _err_through_wall_rings),
    Style("wall erased, route through the gap", _err_wall_erased),
    Style("stops short at 70 %", _err_stops_short),
    Style("route + one dead-end branch", _err_extra_branch),
    Style("two routes (red + blue through wall)", _err_two_routes),
    Style("every corridor as dots", _err_every_corridor_dots),
    Style("route as an outline tube", _err_outline),
]


# --------------------------------------------------------------------------------------------- sweep


class Case(MazeCase):
    def other_route(self):
        """Looped mazes: a valid route other than the stored one (longest of the first 30), else the stored."""
        return self.longest_other_route(30)


def outcome(v, should_pass: bool) -> str:
    """'right', 'false pass', 'confident false fail', 'review' or 'unreadable'."""
    status = v.status.value
    if status in ("unreadable", "error"):
        return "unreadable"
    if should_pass:
        if status == "correct" and v.score == 100 and not v.needs_review:
            return "right"
        return "review" if v.needs_review else "confident false fail"
    if status == "correct" or v.score == 100:
        return "false pass"
    return "review" if v.needs_review else "right"


KINDS = ("right", "false pass", "confident false fail", "review", "unreadable")


def sweep(n_per_track: int = 3, master_seed: int = 1313, out=print, save: Path | None = None):
    import tempfile

    from genpuzzle.dataset import load_set, write_set
    from genpuzzle.evaluate import verify_answer

    tracks = ("maze_beginner", "maze_intermediate", "maze_advanced")
    totals = {"styles": dict.fromkeys(KINDS, 0), "errors": dict.fromkeys(KINDS, 0)}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        write_set(tmp / "set", {t: n_per_track for t in tracks}, master_seed=master_seed)
        pset = load_set(tmp / "set")
        for group, items in (("styles", STYLES), ("errors", ERRORS)):
            for si, style in enumerate(items):
                counts = dict.fromkeys(KINDS, 0)
                bad = []
                for k, rec in enumerate(pset.records):
                    case = Case(tmp / "set", rec)
                    image = style.draw(case, case.other_route() if k % 2 else case.path, k) \
                        if group == "styles" else style.draw(case, k)
                    path = tmp / f"{group}{si}_{k}.png"
                    Image.fromarray(image).save(path)
                    if save:
                        save.mkdir(parents=True, exist_ok=True)
                        Image.fromarray(image).save(save / f"{group}{si}_{k}.png")
                    v = verify_answer(tmp / "set", rec, path)
                    kind = outcome(v, group == "styles")
                    counts[kind] += 1
                    totals[group][kind] += 1
                    if kind != "right":
                        bad.append((rec.id, kind, v.status.value, round(v.score), v.codes[:3]))
                out(f"{group:6s} {style.name:48s} " + " ".join(f"{counts[x]}" for x in KINDS)
                    + (f"   e.g. {bad[:2]}" if bad else ""))
    for group, c in totals.items():
        out(f"{group}: " + ", ".join(f"{k} {c[k]}" for k in KINDS))
    return totals


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1313
    save = Path(sys.argv[3]) if len(sys.argv) > 3 else None
    print("columns: right, false pass, confident false fail, review, unreadable")
    sweep(n, seed, save=save)
