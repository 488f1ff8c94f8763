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

AUDIT15 (session 15, a second blind family, also written without reading the verifier or docs/maze.md):
``AUDIT15_STYLES`` (a chain of open chevrons on a phone photo, footprints on a printed-and-scanned page, a
glowing line on a dark-mode maze, a line hugging one side of the corridors in a frame with a sticker, a
ballpoint overshooting the corners over doubled walls, dashes on a recoloured maze) and ``AUDIT15_ERRORS``
(through a wall drawn double, a gap cut into a wall, one cell short, a 2-cell dead-end spur, two routes in one
pen, a 4-cell jump, every corridor highlighted). ``python tests/audit_maze_answers.py audit15 [n_per_track]
[master_seed] [json_out] [save_dir]``.

Blind figure (session-start code d8871a7, ``audit15 4 1515``, 12 instances: 4 per level): styles 39 of 72
right, 0 false pass, 11 confident false fail (doubled walls + overshoots 6, footprints 4, dashes 1), 18 review
(hugging line 12, footprints 6), 4 unreadable (doubled walls 3, phone photo 1); errors 42 of 84 right, 0 false
pass, 0 confident false fail, 39 review (caught but sent to review: one short 12, gap cut 12, jump 10, through
doubled walls 5), 3 unreadable (through doubled walls). After maze rubric 8 (the same command, session-start
code with only that change): styles 62 of 72 right, 6 confident false fails and 3 unreadable left (double-line
walls: registration locks one line onto the input's bar), errors 54 right + 27 review, 0 false passes
(docs/maze.md, "Fifteenth session").
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

from genpuzzle import page_perturb
from genpuzzle.renderers.maze import cell_center, outer_walls, wall_rect
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


# ================================================================================ AUDIT15 (session 15)
# A second blind family, written without reading the maze verifier or its docs: redraws of a correct route
# that no earlier family used (a chain of open chevrons, footprints, a glowing line on a dark-mode maze, a
# line hugging one side of the corridors, a ballpoint with overshoots at the corners on doubled walls, dashes
# on a recoloured maze) on pages a model or a person returns (a phone photo at an angle, a printed-and-scanned
# page, a frame with a sticker, JPEG), and planted errors a person sees at once.


def _walls_mask(case, factor: float, skip=None) -> np.ndarray:
    """The answer's walls as a 0/255 mask: every wall bar (and the border) ``factor`` x the input's width,
    but for the wall between the cells ``skip`` (a pair), if given."""
    lay, maze = case.layout, case.maze
    h, w = case.input.shape[:2]
    mask = np.zeros((h, w), np.uint8)
    gx, gy = lay["grid_bbox"][:2]
    s, t = lay["cell_px"], lay["wall_px"]
    half = max(0.5, factor * t / 2)
    for a, b in maze.walls() + outer_walls(maze.rows, maze.cols):
        if skip is not None and {a, b} == set(skip):
            continue
        (ra, ca), (rb, cb) = sorted([a, b])
        if ra == rb:
            x0, y0, x1, y1 = gx + cb * s, gy + ra * s, gx + cb * s, gy + (ra + 1) * s
        else:
            x0, y0, x1, y1 = gx + ca * s, gy + rb * s, gx + (ca + 1) * s, gy + rb * s
        box = np.array([[x0 - half, y0 - half], [x1 + half, y0 - half], [x1 + half, y1 + half],
                        [x0 - half, y1 + half]]) - 0.5
        cv2.fillPoly(mask, [np.round(box * 8).astype(np.int32)], 255, cv2.LINE_8, shift=3)
    return mask


def _keep_markers(out, case):
    for key in ("start", "goal"):
        x0, y0, x1, y1 = case.layout["markers"][key]
        box = case.input[y0:y1 + 1, x0:x1 + 1]
        coloured = (box.max(axis=2).astype(int) - box.min(axis=2)) > 60
        out[y0:y1 + 1, x0:x1 + 1][coloured] = box[coloured]
    return out


def doubled_walls(case, factor: float = 2.6, line: int | None = None, colour=(20, 20, 20), cut=None) -> np.ndarray:
    """The maze redrawn with every wall as a hollow double line (the outline of the union of wide wall
    bars). ``cut`` = (p, q): the wall between cells p and q left out."""
    mask = _walls_mask(case, factor, cut)
    out = np.full_like(case.input, 255)
    line = line or max(2, case.layout["wall_px"] // 2)
    contours, _ = cv2.findContours(mask, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    cv2.drawContours(out, contours, -1, colour, line, cv2.LINE_AA)
    return _keep_markers(out, case)


def dark_mode(case) -> np.ndarray:
    """The maze shown light on dark: near-black page, pale walls, the markers keep their colours."""
    img = case.input
    neutral = (img.max(axis=2).astype(int) - img.min(axis=2)) < 30
    out = img.copy()
    grey = img.astype(np.float32)
    out[neutral] = np.clip(22 + (255 - grey[neutral]) * 0.84, 0, 255).astype(np.uint8)
    return out


def recoloured(case, wall=(20, 90, 70), paper=(228, 238, 248)) -> np.ndarray:
    """The whole page recoloured: walls dark green on a pale blue page, markers kept."""
    img = case.input
    neutral = (img.max(axis=2).astype(int) - img.min(axis=2)) < 30
    k = (img[..., :1].astype(np.float32) / 255)  # 0 on walls, 1 on paper
    col = np.array(wall, np.float32) * (1 - k) + np.array(paper, np.float32) * k
    out = img.copy()
    out[neutral] = col[neutral].astype(np.uint8)
    return out


def route_cells_pts(case, cells, shift=(0.0, 0.0)) -> np.ndarray:
    """Cell centres of ``cells`` shifted by ``shift`` x cell; the first and last points on the markers."""
    s = case.layout["cell_px"]
    c = centres(case.layout, cells)
    if not any(shift):
        return c
    inner = c + np.array(shift) * s
    return np.vstack([c[:1], inner, c[-1:]])


def with_overshoots(pts: np.ndarray, size: float) -> np.ndarray:
    """At every turn of the centre polyline the pen runs ``size`` px on past the corner and comes back."""
    out = [pts[0]]
    for a, b, c in zip(pts, pts[1:], pts[2:]):
        d_in, d_out = b - a, c - b
        if abs(d_in[0] * d_out[1] - d_in[1] * d_out[0]) > 1e-6:
            u = d_in / np.hypot(*d_in)
            out += [b + u * size, b]
        else:
            out.append(b)
    out.append(pts[-1])
    return np.array(out)


def wobble(pts: np.ndarray, amount: float, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    wob = cv2.GaussianBlur(rng.normal(0, 1, (len(pts), 2)).astype(np.float32), (1, 41), 0)
    wob *= amount / max(1e-6, np.abs(wob).max())
    taper = np.minimum(1, np.minimum(np.arange(len(pts)), np.arange(len(pts))[::-1]) / 10)[:, None]
    return pts + wob * taper


def pen_chevrons(img, pts, colour, size, spacing, width):
    """Open chevrons (">") pointing along the route, no shaft between them."""
    arc = arclength(pts)
    for d in np.arange(0.4 * spacing, arc[-1] - 0.2 * spacing + 1e-6, spacing):
        p, v = at_arc(pts, arc, d)
        n = np.array([-v[1], v[0]])
        tip = p + v * size * 0.35
        arm = [tip - v * size * 0.55 + n * size * 0.5, tip, tip - v * size * 0.55 - n * size * 0.5]
        pen_line(img, np.array(arm), colour, width)


def pen_footprints(img, pts, colour, size, spacing):
    """Footprints: alternate left and right ovals along the route (a sole and a heel dot each)."""
    arc = arclength(pts)
    for i, d in enumerate(np.arange(0.3 * spacing, arc[-1] - 0.1 * spacing + 1e-6, spacing)):
        p, v = at_arc(pts, arc, d)
        n = np.array([-v[1], v[0]])
        c = p + n * size * (0.55 if i % 2 else -0.55)
        ang = float(np.degrees(np.arctan2(v[1], v[0])))
        sole = c + v * size * 0.2
        cv2.ellipse(img, (int(round(sole[0] * 8)), int(round(sole[1] * 8))),
                    (int(size * 0.55 * 8), int(size * 0.3 * 8)), ang, 0, 360, colour, -1, cv2.LINE_AA, shift=3)
        heel = c - v * size * 0.6
        cv2.circle(img, (int(round(heel[0] * 8)), int(round(heel[1] * 8))), int(size * 0.22 * 8), colour, -1,
                   cv2.LINE_AA, shift=3)


def pen_glow(img, pts, colour, width, halo):
    """A neon line: a wide blurred halo of ``colour`` added to the page and a pale core on top."""
    layer = np.zeros(img.shape[:2], np.float32)
    cv2.polylines(layer, [np.round(pts * 8).astype(np.int32)], False, 1.0, max(1, int(round(halo))), cv2.LINE_AA,
                  shift=3)
    layer = cv2.GaussianBlur(layer, (0, 0), max(1.0, halo / 2.5))
    out = img.astype(np.float32) + layer[..., None] * np.array(colour, np.float32)[None, None] * 0.9
    out = np.clip(out, 0, 255).astype(np.uint8)
    core = tuple(int(min(255, 150 + 0.45 * c)) for c in colour)
    pen_line(out, pts, core, width)
    return out


def pen_dashes(img, pts, colour, width, dash, gap):
    arc = arclength(pts)
    d = 0.0
    while d < arc[-1]:
        seg = pts[(arc >= d) & (arc <= min(arc[-1], d + dash))]
        if len(seg) >= 2:
            pen_line(img, seg, colour, width)
        d += dash + gap


# --------------------------------------------------------------------------------------- AUDIT15 pages


def phone_photo(img, seed):
    """The page on a desk photographed at an angle: keystone, a turn, uneven light, JPEG."""
    far = ("top", "bottom", "left", "right")[seed % 4]
    photo, _ = page_perturb.photographed(img, 0.07, far, 2.0 if seed % 2 else -1.5)
    h, w = photo.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    light = 1.0 - 0.18 * (((xx - 0.35 * w) / w) ** 2 + ((yy - 0.3 * h) / h) ** 2)
    photo = np.clip(photo.astype(np.float32) * light[..., None] * np.array([1.0, 0.98, 0.93]), 0, 255)
    return jpeg(photo.astype(np.uint8), 82)


def print_and_scan(img, seed):
    """Printed on an office printer and scanned: softer ink, grey paper, a slight skew, a scanner-lid edge,
    300-dpi-ish rescale, noise, JPEG."""
    rng = np.random.default_rng(seed)
    f = img.astype(np.float32)
    f = 236 - (236 - 38) * (1 - f / 255)  # ink never fully black, paper never fully white
    grey = f.mean(axis=2, keepdims=True)
    f = 0.8 * f + 0.2 * grey  # printer desaturation
    f = cv2.GaussianBlur(f, (0, 0), 0.9)
    out = page_perturb.rotate_expand(np.clip(f, 0, 255).astype(np.uint8), 0.7 if seed % 2 else -0.6,
                                     fill=(236, 236, 234))[0]
    h, w = out.shape[:2]
    edge = np.ones((h, w), np.float32)
    band = max(4, w // 60)
    edge[:, :band] = np.linspace(0.55, 1.0, band)[None, :]
    out = out.astype(np.float32) * edge[..., None] + rng.normal(0, 3.0, out.shape)
    out = cv2.resize(np.clip(out, 0, 255).astype(np.uint8), (int(w * 1.18), int(h * 1.18)),
                     interpolation=cv2.INTER_LINEAR)
    return jpeg(out, 85)


def frame_sticker(img, seed, text="Solved!"):
    """A decorative frame round the page and a round sticker on its corner (both clear of the maze)."""
    h, w = img.shape[:2]
    m = int(0.09 * max(h, w))
    out = cv2.copyMakeBorder(img, m, m, m, m, cv2.BORDER_CONSTANT, value=(255, 252, 240))
    H, W = out.shape[:2]
    gold = (196, 150, 52)
    cv2.rectangle(out, (m // 4, m // 4), (W - 1 - m // 4, H - 1 - m // 4), gold, max(3, m // 6), cv2.LINE_AA)
    cv2.rectangle(out, (m // 2, m // 2), (W - 1 - m // 2, H - 1 - m // 2), gold, max(1, m // 20), cv2.LINE_AA)
    r = int(0.8 * m)
    cx, cy = (W - r - 4, r + 4) if seed % 2 else (r + 4, H - r - 4)
    cv2.circle(out, (cx, cy), r, (240, 90, 40), -1, cv2.LINE_AA)
    cv2.circle(out, (cx, cy), int(r * 0.86), (255, 255, 255), max(2, r // 14), cv2.LINE_AA)
    pil = Image.fromarray(out)
    font = ImageFont.truetype(CAPTION_FONT, max(10, int(r * 0.42)))
    draw = ImageDraw.Draw(pil)
    tw = draw.textlength(text, font=font)
    draw.text((cx - tw / 2, cy - r * 0.25), text, fill=(255, 255, 255), font=font)
    return jpeg(np.array(pil), 88)


# ------------------------------------------------------------------------------------- AUDIT15 styles


def _a15_chevrons_photo(case, cells, seed):
    s = case.layout["cell_px"]
    img = case.input.copy()
    pen_chevrons(img, densify(centres(case.layout, cells)), (120, 30, 160), 0.34 * s, 0.42 * s, max(2, s // 16))
    return phone_photo(img, seed)


def _a15_footprints_scan(case, cells, seed):
    s = case.layout["cell_px"]
    img = case.input.copy()
    pen_footprints(img, densify(rounded(centres(case.layout, cells), 1)), (150, 80, 20), 0.2 * s, 0.3 * s)
    return print_and_scan(img, seed)


def _a15_glow_dark(case, cells, seed):
    s = case.layout["cell_px"]
    img = dark_mode(case)
    img = pen_glow(img, densify(rounded(centres(case.layout, cells), 2)), (0, 200, 255), max(2, s // 14), 0.34 * s)
    return jpeg(img, 85)


def _a15_hug_frame(case, cells, seed):
    s = case.layout["cell_px"]
    img = case.input.copy()
    pen_line(img, densify(route_cells_pts(case, cells, (0.27, 0.27))), (0, 120, 60), max(3, s // 11))
    return frame_sticker(img, seed)


def _a15_overshoot_doubled(case, cells, seed):
    s = case.layout["cell_px"]
    img = doubled_walls(case)
    pts = densify(with_overshoots(centres(case.layout, cells), 0.2 * s))
    pen_line(img, wobble(pts, 0.04 * s, seed), (25, 40, 150), max(2, s // 13))
    return jpeg(img, 78)


def _a15_dashes_recoloured(case, cells, seed):
    s = case.layout["cell_px"]
    img = recoloured(case)
    pen_dashes(img, densify(rounded(centres(case.layout, cells), 1)), (225, 30, 110), max(3, s // 9), 0.28 * s,
               0.16 * s)
    return jpeg(squash(img, 0.85, 0.85), 72)


AUDIT15_STYLES = [
    Style("purple chevron chain, phone photo", _a15_chevrons_photo),
    Style("brown footprints, printed and scanned", _a15_footprints_scan),
    Style("cyan glow line on a dark-mode maze", _a15_glow_dark),
    Style("green line hugging one wall, frame + sticker", _a15_hug_frame),
    Style("ballpoint with corner overshoots, doubled walls", _a15_overshoot_doubled),
    Style("pink dashes on a recoloured maze, rescaled", _a15_dashes_recoloured),
]


# ------------------------------------------------------------------------------------- AUDIT15 errors


def dead_end_spur(case, cells, length: int = 2):
    """A side branch of up to ``length`` cells off the route into a dead end (the first route cell, from
    the middle outwards, with an off-route neighbour), as (route cell, spur cells)."""
    on = set(cells)
    g = nx.Graph(list(case.maze.passages))
    order = sorted(range(1, len(cells) - 1), key=lambda i: abs(i - len(cells) // 2))
    for i in order:
        c = cells[i]
        for nb in sorted(g[c]):
            if nb in on:
                continue
            spur, prev, cur = [nb], c, nb
            while len(spur) < length:
                nxt = [x for x in sorted(g[cur]) if x != prev and x not in on]
                if not nxt:
                    break
                prev, cur = cur, nxt[0]
                spur.append(cur)
            if len(spur) >= min(length, 2):
                return c, spur
    return None, []


def _e15_through_wall_doubled(case, seed):
    cells, _ = through_one_wall(case)
    s = case.layout["cell_px"]
    img = doubled_walls(case)
    pen_line(img, densify(centres(case.layout, cells)), (25, 40, 150), max(2, s // 13))
    return jpeg(img, 78)


def _e15_gap_cut_scan(case, seed):
    """A gap cut into the wall the route crosses (the rest of the maze as given), the route through it."""
    cells, (u, v) = through_one_wall(case)
    s = case.layout["cell_px"]
    img = case.input.copy()
    x0, y0, x1, y1 = wall_rect(case.layout, u, v)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    g = 0.2 * s
    if x1 - x0 < y1 - y0:  # vertical wall: open a gap in y
        img[int(cy - g):int(cy + g) + 1, x0:x1 + 1] = 255
    else:
        img[y0:y1 + 1, int(cx - g):int(cx + g) + 1] = 255
    pen_line(img, densify(rounded(centres(case.layout, cells), 1)), (220, 30, 30), max(3, s // 8))
    return print_and_scan(img, seed)


def _e15_one_short_glow(case, seed):
    s = case.layout["cell_px"]
    img = dark_mode(case)
    img = pen_glow(img, densify(rounded(centres(case.layout, case.path[:-1]), 2)), (0, 200, 255), max(2, s // 14),
                   0.34 * s)
    return jpeg(img, 85)


def _e15_spur_dashes(case, seed):
    s = case.layout["cell_px"]
    img = recoloured(case)
    c, spur = dead_end_spur(case, case.path, 2)
    pen = (225, 30, 110)
    pen_dashes(img, densify(rounded(centres(case.layout, case.path), 1)), pen, max(3, s // 9), 0.28 * s, 0.16 * s)
    if spur:
        pen_dashes(img, densify(centres(case.layout, [c] + spur)), pen, max(3, s // 9), 0.28 * s, 0.16 * s)
    return jpeg(squash(img, 0.85, 0.85), 72)


def _e15_two_routes_hug(case, seed):
    """Two routes in one pen: the stored one hugging the lower right of the corridors and a second one
    (another valid route in a looped maze, else a route through one wall) hugging the upper left."""
    s = case.layout["cell_px"]
    img = case.input.copy()
    other = case.other_route()
    if other == case.path:
        other, _ = through_one_wall(case)
    pen = (0, 120, 60)
    pen_line(img, densify(route_cells_pts(case, case.path, (0.27, 0.27))), pen, max(3, s // 11))
    pen_line(img, densify(route_cells_pts(case, other, (-0.27, -0.27))), pen, max(3, s // 11))
    return frame_sticker(img, seed)


def _e15_jump(case, seed):
    """The route drawn to the middle, then picked up again four cells further on (a teleport: nothing
    drawn between)."""
    s = case.layout["cell_px"]
    img = case.input.copy()
    p = case.path
    skip = 4 if len(p) >= 10 else 2
    i = max(1, len(p) // 2 - skip // 2)
    j = min(len(p) - 1, i + skip)
    for part in (p[:i + 1], p[j:]):
        if len(part) >= 2:
            pen_line(img, densify(centres(case.layout, part)), (220, 30, 30), max(3, s // 8))
        else:
            q = centres(case.layout, part)[0]
            cv2.circle(img, tuple(int(v) for v in np.round(q * 8)), int(max(3, s // 8) / 2 * 8), (220, 30, 30), -1,
                       cv2.LINE_AA, shift=3)
    return jpeg(img, 85)


def _e15_all_shaded(case, seed):
    """Every corridor shaded with a yellow highlighter (cell squares, walls on top), no route."""
    lay = case.layout
    img = case.input.astype(np.float32)
    x0, y0, x1, y1 = lay["grid_bbox"]
    tint = np.array([255, 235, 90], np.float32) / 255
    region = img[y0:y1, x0:x1]
    img[y0:y1, x0:x1] = region * tint[None, None]
    return phone_photo(_keep_markers(np.clip(img, 0, 255).astype(np.uint8), case), seed)


AUDIT15_ERRORS = [
    Style("through a wall on doubled walls", _e15_through_wall_doubled),
    Style("gap cut in a wall, route through, scanned", _e15_gap_cut_scan),
    Style("glow line stops one cell short", _e15_one_short_glow),
    Style("dashes + a 2-cell dead-end spur", _e15_spur_dashes),
    Style("two routes, one pen, framed", _e15_two_routes_hug),
    Style("route with a 4-cell jump", _e15_jump),
    Style("every corridor highlighted, photo", _e15_all_shaded),
]


def sweep15(n_per_track: int = 3, master_seed: int = 1515, out=print, save: Path | None = None,
            json_out: Path | None = None):
    """The AUDIT15 family on ``n_per_track`` fresh instances per level: per style/error counts, every miss,
    and (``json_out``) one row per answer."""
    import json
    import os
    import tempfile

    from genpuzzle.dataset import load_set, write_set
    from genpuzzle.evaluate import verify_answer
    from genpuzzle.verifiers import maze as maze_verifier

    out("verifier: " + os.path.realpath(maze_verifier.__file__))
    tracks = ("maze_beginner", "maze_intermediate", "maze_advanced")
    totals = {"styles": dict.fromkeys(KINDS, 0), "errors": dict.fromkeys(KINDS, 0)}
    rows, misses = [], []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        write_set(tmp / "set", {t: n_per_track for t in tracks}, master_seed=master_seed)
        pset = load_set(tmp / "set")
        for group, items in (("styles", AUDIT15_STYLES), ("errors", AUDIT15_ERRORS)):
            for si, style in enumerate(items):
                counts = dict.fromkeys(KINDS, 0)
                for k, rec in enumerate(pset.records):
                    case = Case(tmp / "set", rec)
                    image = style.draw(case, case.other_route() if k % 2 else case.path, k) \
                        if group == "styles" else style.draw(case, k)
                    name = f"a15_{group}{si}_{k}.png"
                    path = tmp / name
                    Image.fromarray(image).save(path)
                    if save:
                        save.mkdir(parents=True, exist_ok=True)
                        Image.fromarray(image).save(save / name)
                    v = verify_answer(tmp / "set", rec, path)
                    kind = outcome(v, group == "styles")
                    counts[kind] += 1
                    totals[group][kind] += 1
                    rows.append({"group": group, "style": style.name, "k": k, "id": rec.id, "track": rec.track,
                                 "variant": rec.variant, "kind": kind, "status": v.status.value,
                                 "score": round(float(v.score), 2), "review": bool(v.needs_review),
                                 "codes": list(v.codes), "image": name})
                    if kind != "right":
                        misses.append(f"  {kind:21s} {group} {style.name} | {rec.id} {rec.variant} k={k} -> "
                                      f"{v.status.value} {round(v.score)} review={v.needs_review} {list(v.codes)}")
                out(f"{group:6s} {style.name:48s} " + " ".join(f"{counts[x]}" for x in KINDS))
    for group, c in totals.items():
        out(f"{group}: " + ", ".join(f"{k} {c[k]}" for k in KINDS))
    out("\n".join(misses))
    if json_out:
        Path(json_out).write_text(json.dumps({"n_per_track": n_per_track, "master_seed": master_seed,
                                              "totals": totals, "rows": rows}, indent=1))
    return totals, rows


if __name__ == "__main__" and len(sys.argv) > 1 and sys.argv[1] == "audit15":
    # python tests/audit_maze_answers.py audit15 [n_per_track] [master_seed] [json_out] [save_dir]
    a = sys.argv[2:]
    print("columns: right, false pass, confident false fail, review, unreadable")
    sweep15(int(a[0]) if a else 3, int(a[1]) if len(a) > 1 else 1515, json_out=Path(a[2]) if len(a) > 2 else None,
            save=Path(a[3]) if len(a) > 3 else None)
elif __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1313
    save = Path(sys.argv[3]) if len(sys.argv) > 3 else None
    print("columns: right, false pass, confident false fail, review, unreadable")
    sweep(n, seed, save=save)
