"""Matchstick drawing: slot geometry of an equation, sticks with a wooden body and a coloured head, mask.

Every stick lies exactly on its slot segment ``p0 -> p1`` (the head at ``p0``); neighbouring slots of a
digit leave a clear gap at the corners, and symbols are separated by clear gaps. The picture is framed by a
thin dark rectangle outside the edit mask, which gives registration structure that the answer keeps.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any, Callable, Sequence

from PIL import Image, ImageDraw

from genpuzzle.renderers.common import Drawing
from genpuzzle.solvers.matchstick import Frame, slots

CANVAS = (900, 520)
FRAME_INSET = 18
FRAME_WIDTH = 3
MAX_STICK = 70.0
SUPERSAMPLE = 3
CORNER_GAP = 0.12  # clear gap at digit corners, as a fraction of the stick length
STICK_WIDTH = 0.16
DIGIT_GAP = 0.45  # between digits of one number
PART_GAP = 0.6  # between a number and an operator
EQ_SPACING = 0.2  # half distance of the two '=' sticks
HEAD_POINTS = 40  # vertices of a match head's polygon

BACKGROUND = (255, 255, 255)
FRAME_INK = (70, 70, 70)
WOOD = (232, 190, 125)
WOOD_EDGE = (150, 100, 45)
HEAD = (200, 38, 32)
HEAD_EDGE = (95, 20, 15)

Point = tuple[float, float]


def _symbol_width(kind: str, L: float) -> float:
    return L * (1 + 2 * CORNER_GAP) if kind == "digit" else L


def _gap(left: str, right: str) -> float:
    return DIGIT_GAP if left == right == "digit" else PART_GAP


def _segment(kind: str, name: str, x0: float, cy: float, L: float) -> tuple[Point, Point]:
    """Slot endpoints (head end first) of segment ``name`` of a ``kind`` symbol whose box starts at x0."""
    g = CORNER_GAP * L
    if kind == "digit":
        top, mid, bot = cy - L - 2 * g, cy, cy + L + 2 * g
        left, right = x0, x0 + L + 2 * g
        return {
            "a": ((left + g, top), (right - g, top)),
            "g": ((left + g, mid), (right - g, mid)),
            "d": ((left + g, bot), (right - g, bot)),
            "f": ((left, top + g), (left, mid - g)),
            "b": ((right, top + g), (right, mid - g)),
            "e": ((left, mid + g), (left, bot - g)),
            "c": ((right, mid + g), (right, bot - g)),
        }[name]
    cx, h = x0 + L / 2, L / 2
    d = L / (2 * math.sqrt(2))
    return {
        "h": ((cx - h, cy), (cx + h, cy)),
        "v": ((cx, cy - h), (cx, cy + h)),
        "x1": ((cx - d, cy - d), (cx + d, cy + d)),
        "x2": ((cx - d, cy + d), (cx + d, cy - d)),
        "top": ((cx - h, cy - EQ_SPACING * L), (cx + h, cy - EQ_SPACING * L)),
        "bottom": ((cx - h, cy + EQ_SPACING * L), (cx + h, cy + EQ_SPACING * L)),
    }[name]


def equation_layout(frame: Frame, canvas: tuple[int, int] = CANVAS) -> dict[str, Any]:
    """Slot geometry for ``frame`` centred on ``canvas``: ``slots`` ({symbol, segment, p0, p1}),
    ``stick_width``, ``area_bbox`` (the symbol area, = edit mask) and ``frame_bbox``."""
    w, h = canvas
    kinds = frame.kinds
    units = sum(_symbol_width(k, 1.0) for k in kinds) + sum(_gap(a, b) for a, b in zip(kinds, kinds[1:]))
    L = min(MAX_STICK, (w - 2 * FRAME_INSET - 120) / units)
    total = units * L
    x = (w - total) / 2
    cy = h / 2
    out = []
    lefts = []
    for i, kind in enumerate(kinds):
        lefts.append(x)
        x += _symbol_width(kind, L) + (_gap(kind, kinds[i + 1]) * L if i + 1 < len(kinds) else 0)
    for i, name in slots(frame):
        p0, p1 = _segment(kinds[i], name, lefts[i], cy, L)
        out.append({"symbol": i, "segment": name, "p0": [round(p0[0], 2), round(p0[1], 2)],
                    "p1": [round(p1[0], 2), round(p1[1], 2)]})
    xs = [p[0] for s in out for p in (s["p0"], s["p1"])]
    ys = [p[1] for s in out for p in (s["p0"], s["p1"])]
    pad = 0.5 * L
    inner = FRAME_INSET + FRAME_WIDTH + 4
    area = [max(inner, math.floor(min(xs) - pad)), max(inner, math.floor(min(ys) - pad)),
            min(w - inner, math.ceil(max(xs) + pad)), min(h - inner, math.ceil(max(ys) + pad))]
    return {"slots": out, "stick_width": round(STICK_WIDTH * L, 2), "area_bbox": area,
            "frame_bbox": [FRAME_INSET, FRAME_INSET, w - FRAME_INSET, h - FRAME_INSET], "canvas": [w, h]}


@lru_cache(maxsize=8)
def _unit_circle(n: int) -> tuple[tuple[float, float], ...]:
    return tuple((math.cos(2 * math.pi * j / n), math.sin(2 * math.pi * j / n)) for j in range(n))


def _draw_match(draw: ImageDraw.ImageDraw, p0: Point, p1: Point, width: float, s: float,
                origin: Point = (0.0, 0.0)) -> None:
    """One matchstick from head ``p0`` to tail ``p1`` on a canvas that shows the picture from ``origin``
    on, scaled by ``s``; body and head have a dark edge of one output pixel."""
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    hw = width / 2
    edge = max(1, round(s)) / s
    # picture -> canvas: (x - origin) * s
    ax, ay = (p0[0] - origin[0]) * s, (p0[1] - origin[1]) * s
    bx, by = (p1[0] - origin[0]) * s, (p1[1] - origin[1]) * s
    head_len = 0.11 * length
    cx, cy = ax + ux * head_len * s, ay + uy * head_len * s
    # each part is its edge colour filled, then its body colour filled one edge width inside: the same
    # picture as a polygon outline of that width, without Pillow's canvas-sized outline masks
    for ink, inset in ((WOOD_EDGE, 0.0), (WOOD, edge * s)):
        w = (hw * s - inset)
        ex, ey = ux * inset, uy * inset
        draw.polygon([(ax + ex + nx * w, ay + ey + ny * w), (bx - ex + nx * w, by - ey + ny * w),
                      (bx - ex - nx * w, by - ey - ny * w), (ax + ex - nx * w, ay + ey - ny * w)], fill=ink)
    for ink, inset in ((HEAD_EDGE, 0.0), (HEAD, edge)):
        along, across = (head_len * 1.05 - inset) * s, (hw * 1.45 - inset) * s
        px, py, qx, qy = along * ux, along * uy, across * nx, across * ny
        draw.polygon([(cx + px * c + qx * n, cy + py * c + qy * n) for c, n in _unit_circle(HEAD_POINTS)],
                     fill=ink)


def _wobbly(p0: Point, p1: Point, amp: float, rng: random.Random, n: int = 8) -> list[Point]:
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    phase = rng.uniform(0, 2 * math.pi)
    pts = []
    for j in range(n + 1):
        t = j / n
        off = amp * math.sin(phase + 2.5 * math.pi * t) + rng.uniform(-0.3, 0.3) * amp
        pts.append((p0[0] + t * dx + off * nx, p0[1] + t * dy + off * ny))
    return pts


_PATCHES: dict[tuple, Image.Image] = {}


def _supersampled(image: Image.Image, points: Sequence[Point], pad: float,
                  paint: Callable[[ImageDraw.ImageDraw, Point], None], key: tuple | None = None) -> None:
    """Anti-aliased drawing in place: ``paint(draw, origin)`` draws on a ``SUPERSAMPLE``x copy of the
    patch of ``image`` around ``points`` (padded by ``pad`` px) whose top left corner is the picture's
    point ``origin``; the patch is then box-reduced back.

    Only the patch is supersampled, not the canvas: pixels already in it come back unchanged (a box
    reduce of a nearest-neighbour enlargement is exact), so sticks can be drawn one after another.

    ``key``: everything ``paint`` depends on besides the patch's pixels, when it is a pure function of
    them (a match on fixed points). The drawn patch is then kept per (key, place, pixels before) and
    reused: layouts repeat across instances, and so do sticks over the same neighbours.
    """
    s = SUPERSAMPLE
    w, h = image.size
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, y0 = max(0, math.floor(min(xs) - pad)), max(0, math.floor(min(ys) - pad))
    x1, y1 = min(w, math.ceil(max(xs) + pad) + 1), min(h, math.ceil(max(ys) + pad) + 1)
    if x0 >= x1 or y0 >= y1:
        return
    before = image.crop((x0, y0, x1, y1))
    cache_key = None if key is None else (key, x0, y0, before.mode, before.size, before.tobytes())
    drawn = _PATCHES.get(cache_key) if cache_key is not None else None
    if drawn is None:
        patch = before.resize(((x1 - x0) * s, (y1 - y0) * s), Image.NEAREST)
        paint(ImageDraw.Draw(patch), (x0, y0))
        drawn = patch.reduce(s)
        if cache_key is not None:
            if len(_PATCHES) >= 1024:  # ~20 KB each with its key
                _PATCHES.clear()
            _PATCHES[cache_key] = drawn
    image.paste(drawn, (x0, y0))


def draw_sticks(layout: dict[str, Any], occupied: Sequence[bool], *, style: str = "match",
                color: tuple[int, int, int] = (20, 60, 190), line_width: float | None = None,
                wobble: float = 0.0, seed: int = 0, extra: Sequence[tuple[Point, Point]] = (),
                background: tuple[int, int, int] = BACKGROUND, base: Image.Image | None = None) -> Image.Image:
    """The framed picture with a stick on every occupied slot (plus ``extra`` free sticks), drawn on a
    copy of ``base`` (a picture of the same layout) if given.

    ``style="match"`` draws matchsticks; ``style="line"`` plain lines of ``color`` and ``line_width``
    (default the stick width), with ``wobble`` px of hand-drawn waviness -- how image models often redraw.
    Sticks are anti-aliased (``SUPERSAMPLE``x supersampling of each stick's patch); the frame lies on
    the pixel grid.
    """
    if base is not None:
        image = base.copy()
    else:
        image = Image.new("RGB", tuple(layout["canvas"]), background)
        fx0, fy0, fx1, fy1 = layout["frame_bbox"]
        ImageDraw.Draw(image).rectangle([fx0, fy0, fx1, fy1], outline=FRAME_INK, width=FRAME_WIDTH)
    _paint_sticks(image, layout, occupied, style=style, color=color, line_width=line_width, wobble=wobble,
                  seed=seed, extra=extra)
    return image


def _paint_sticks(image: Image.Image, layout: dict[str, Any], occupied: Sequence[bool], *, style: str = "match",
                  color: tuple[int, int, int] = (20, 60, 190), line_width: float | None = None,
                  wobble: float = 0.0, seed: int = 0, extra: Sequence[tuple[Point, Point]] = ()) -> None:
    """The sticks of :func:`draw_sticks`, drawn in place on ``image``."""
    s = SUPERSAMPLE
    rng = random.Random(seed)
    width = float(layout["stick_width"])
    sticks = [(tuple(sl["p0"]), tuple(sl["p1"])) for sl, on in zip(layout["slots"], occupied) if on]
    for p0, p1 in list(sticks) + [tuple(map(tuple, e)) for e in extra]:
        if style == "match":
            _supersampled(image, (p0, p1), 0.75 * width + 2,  # the head is 1.45 half widths wide
                          lambda draw, origin: _draw_match(draw, p0, p1, width, s, origin),
                          key=("match", p0, p1, width, s))
        elif style == "line":
            lw = max(1, round((line_width or width) * s))
            pts = _wobbly(p0, p1, wobble, rng) if wobble else [p0, p1]
            _supersampled(image, pts, lw / (2 * s) + 2,
                          lambda draw, origin: draw.line([((x - origin[0]) * s, (y - origin[1]) * s)
                                                          for x, y in pts], fill=color, width=lw, joint="curve"))
        else:
            raise ValueError(f"unknown stick style {style!r}")


def render_matchstick(frame: Frame, shown: Sequence[bool], solution: Sequence[bool],
                      canvas: tuple[int, int] = CANVAS) -> Drawing:
    """Draw the shown equation, the reference (one solution) and the mask of the symbol area.

    The sticks both pictures share are drawn once, first; then the reference's own sticks on a copy,
    and the shown picture's own sticks on the shared picture itself.
    """
    layout = equation_layout(frame, canvas)
    layout["occupied"] = [bool(b) for b in shown]
    mask = Image.new("L", tuple(layout["canvas"]), 0)
    ImageDraw.Draw(mask).rectangle(layout["area_bbox"], fill=255)
    shown_image = draw_sticks(layout, [bool(a and b) for a, b in zip(shown, solution)])
    reference = draw_sticks(layout, [bool(b and not a) for a, b in zip(shown, solution)], base=shown_image)
    _paint_sticks(shown_image, layout, [bool(a and not b) for a, b in zip(shown, solution)])
    return Drawing(shown_image, reference, mask, layout)
