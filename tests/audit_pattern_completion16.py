"""A second blind audit family of pattern-completion answers (AUDIT16): the answer panel and the page redrawn
as an image model might return them, in styles other than AUDIT13's, and planted errors drawn in new ways;
written without reading the verifier, the registration or the documented limits.

Styles (how the answer panel and the page are redrawn):

- ``q_pencil_sketch``: outlines as two or three jittered graphite strokes, fills laid in flat but 2 px off
  the outline, cells and dots as wobbly hand-drawn blobs; a light blur.
- ``q_gradient_glow_square``: fills as vertical gradients whose mean is the palette's shade, every outline
  and ink mark with a soft blue glow; the page stretched to a square 1024 x 1024 image.
- ``q_stipple_widescreen``: fills as random stipple of the same mean darkness, cells as dense speckle;
  a 16:9 letterbox.
- ``q_screen_photo``: the answer drawn plainly; the whole page as a photo of a screen (keystone, dark bezel,
  blue cast, vignette, moire, sensor noise, blur, JPEG).
- ``q_dark_mode``: the answer drawn plainly, then the whole page in dark mode (light ink on a near-black
  ground, every grey inverted).
- ``q_offslot_label``: the answer drawn a little down-right of its place, so that it crosses the slot's
  frame by a few pixels, and a label "Answer: ..." in Humor Sans written beside the slot on a widened page.
- ``q_rounded_teal_pixel``: outlines in dark teal with rounded corners, cells as rounded teal squares; the
  page halved and blown up again without smoothing (pixelated), JPEG.

Sequence / counting answers are drawn in new arrangements: counted dots on a circle, regions as a window
grid (rows x columns of boxes), lines as slanted tally marks in rows, the arrow in the style's strokes.

Cases: ``none`` (the true answer) expects ``correct`` 100; every planted error expects not to pass:
``wrong_candidate`` (the panel a model would copy: the one above the slot, or the fifth value repeated),
``wrong_count`` (a figure / cell / dot fewer, or a second figure where one belongs), ``wrong_colour`` (fill
two levels off; in_out: the outer figure shaded grey), ``wrong_rotation`` (figures a quarter turn or 30
degrees off: triangle pointing sideways, square tilted, pentagon on its side; cells mirrored left-right; the
arrow a quarter turn off), ``two_answers`` (the true answer in the slot and a wrong one drawn in a framed
box beside it with "or"), ``extra_object`` (the true answer and a mark added in an empty place of a given
panel; cells: an empty cell of a given panel filled), ``given_altered`` (the true answer and a given panel
flipped upside down or half wiped), ``nothing_drawn`` (the slot left empty on the restyled page).

``python tests/audit_pattern_completion16.py [n_per_variant] [master_seed]`` prints right / false pass /
confident false fail / review / unreadable per style and per case (audit_common's definitions).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from genpuzzle.renderers.pattern_completion import (
    COUNT_DOT_RADIUS,
    DOT_RADIUS,
    FILLS_LSTAR,
    INNER_SIZES,
    OUTER_SHAPES,
    OUTER_SIZE,
    SHAPES,
    SIZES,
    arrow_polygon,
    inner_center,
    lstar_to_grey,
    occupied_slots,
    ring_centers,
    shape_points,
    slot_boxes,
)

from audit_common import apply_page, outcome, print_tally

HUMOR = "/usr/share/fonts/truetype/humor-sans/Humor-Sans.ttf"


@dataclass(frozen=True)
class Style:
    name: str
    ink: tuple[int, int, int] = (0, 0, 0)
    outline_px: int = 3
    line: str = "plain"  # plain | sketch | glow | rounded
    fill: str = "flat"  # flat | offset | gradient | stipple
    offslot: bool = False
    label: bool = False
    page: tuple[tuple[str, Any], ...] = ()


STYLES = [
    Style("q_pencil_sketch", ink=(55, 55, 60), outline_px=2, line="sketch", fill="offset", page=(("blur", 0.6),)),
    Style("q_gradient_glow_square", outline_px=3, line="glow", fill="gradient", page=(("square", 0),)),
    Style("q_stipple_widescreen", outline_px=3, fill="stipple", page=(("letterbox_16_9", 0),)),
    Style("q_screen_photo", outline_px=3, page=(("screen", 0),)),
    Style("q_dark_mode", outline_px=3, page=(("dark", 0),)),
    Style("q_offslot_label", outline_px=3, offslot=True, label=True),
    Style("q_rounded_teal_pixel", ink=(0, 85, 90), outline_px=4, line="rounded", page=(("pixel", 0), ("jpeg", 85))),
]

ERRORS = ("wrong_candidate", "wrong_count", "wrong_colour", "wrong_rotation", "two_answers", "extra_object",
          "given_altered", "nothing_drawn")


# ------------------------------------------------------------------------------------------ wrong values


def wrong_value(record: Any, rng: random.Random, what: str) -> Any:
    """The value drawn for a planted error ``what`` (None when it does not apply)."""
    truth, kind = record.ground_truth, record.layout["variant_kind"]
    answer = truth["answer"]
    if kind == "cells":
        grid = [list(r) for r in answer]
        n = truth["n"]
        if what == "wrong_candidate":  # the panel above, else the one to the left, else two cells flipped
            for r, c in ((1, 2), (2, 1), (0, 2)):
                cand = [list(x) for x in truth["panels"][r][c]]
                if cand != grid:
                    return cand
            for r, c in rng.sample([(r, c) for r in range(n) for c in range(n)], 2):
                grid[r][c] = 1 - grid[r][c]
            return grid
        if what == "wrong_count":  # one filled cell left out
            full = [(r, c) for r in range(n) for c in range(n) if grid[r][c]]
            if len(full) < 2:
                return None
            r, c = rng.choice(full)
            grid[r][c] = 0
            return grid
        if what == "wrong_rotation":  # mirrored left-right
            mirrored = [list(row[::-1]) for row in grid]
            return mirrored if mirrored != grid else None
        return None
    if kind == "objects":
        a = dict(answer)
        config = truth["config"]
        if what == "wrong_candidate":
            above = dict(truth["panels"][1][2])
            if any(above.get(k) != a.get(k) for k in a):
                return above
            a["type"] = (a["type"] + 1) % len(SHAPES)
            return a
        if what == "wrong_count":
            if config in ("grid2x2", "grid3x3"):
                slots = 4 if config == "grid2x2" else 9
                on = [b for b in range(slots) if (a["position"] >> b) & 1]
                if len(on) >= 2:
                    a["position"] &= ~(1 << rng.choice(on))
                else:
                    a["position"] |= 1 << rng.choice([b for b in range(slots) if b not in on])
                return a
            return dict(a, twin=1)  # a second figure beside the first
        if what == "wrong_colour":
            if config == "in_out":
                return dict(a, outer_grey=1)
            f = a["fill"]
            a["fill"] = f + 2 if f + 2 < len(FILLS_LSTAR) else f - 2
            return a
        if what == "wrong_rotation":
            return a if SHAPES[a["type"]] != "circle" else None
        return None
    tk = truth["kind"]
    values = truth["values"]
    if what == "wrong_candidate":
        if values[4] != answer:
            return list(values[4]) if tk == "ring" else values[4]
        if tk == "ring":
            return sorted((p + 1) % 8 for p in answer)
        if tk == "arrow":
            return (answer + 3) % 8
        return answer + 1
    if what == "wrong_count":
        if tk == "ring":
            if len(answer) >= 2:
                return sorted(answer)[:1]
            return sorted(list(answer) + [rng.choice([p for p in range(8) if p not in answer])])
        if tk == "arrow":
            return None
        return answer - 1 if answer > 1 else answer + 1
    if what == "wrong_rotation":
        return (answer + 2) % 8 if tk == "arrow" else None
    return None


# ------------------------------------------------------------------------------------------ drawing


def _grey(lstar: float) -> int:
    return lstar_to_grey(min(100.0, max(0.0, lstar)))


def _mask_of(size: tuple[int, int], paint) -> np.ndarray:
    m = Image.new("L", size, 0)
    paint(ImageDraw.Draw(m))
    return np.asarray(m) > 0


def _glow(image: Image.Image, mask: np.ndarray, colour=(110, 170, 255), radius: float = 3.0) -> None:
    """A soft halo of ``colour`` around ``mask`` (drawn under the ink, which is drawn afterwards)."""
    m = Image.fromarray((mask * 255).astype(np.uint8)).filter(ImageFilter.MaxFilter(5))
    a = np.asarray(m.filter(ImageFilter.GaussianBlur(radius)), dtype=float)[..., None] / 255 * 0.85
    arr = np.asarray(image, dtype=float)
    out = arr * (1 - a) + np.array(colour, dtype=float) * a
    image.paste(Image.fromarray(np.clip(out, 0, 255).astype(np.uint8)))


def _rounded(pts: list[tuple[float, float]], frac: float = 0.16, steps: int = 5) -> list[tuple[float, float]]:
    """The polygon with each corner replaced by a quadratic curve through points ``frac`` of the edges away."""
    if len(pts) > 8:
        return pts
    out = []
    k = len(pts)
    for i in range(k):
        p0, p1, p2 = pts[i - 1], pts[i], pts[(i + 1) % k]
        a = (p1[0] + (p0[0] - p1[0]) * frac, p1[1] + (p0[1] - p1[1]) * frac)
        b = (p1[0] + (p2[0] - p1[0]) * frac, p1[1] + (p2[1] - p1[1]) * frac)
        for t in np.linspace(0, 1, steps):
            out.append(((1 - t) ** 2 * a[0] + 2 * t * (1 - t) * p1[0] + t * t * b[0],
                        (1 - t) ** 2 * a[1] + 2 * t * (1 - t) * p1[1] + t * t * b[1]))
    return out


def _wobble(pts: list[tuple[float, float]], rng: random.Random, amp: float) -> list[tuple[float, float]]:
    """The closed polygon resampled every ~4 px with a smooth random wobble of ``amp`` px."""
    ring = pts + [pts[0]]
    out = []
    phase = rng.uniform(0, 2 * math.pi)
    total = 0.0
    for (ax, ay), (bx, by) in zip(ring, ring[1:]):
        L = math.hypot(bx - ax, by - ay)
        n = max(1, int(L / 4))
        for t in np.linspace(0, 1, n, endpoint=False):
            s = total + t * L
            d = amp * math.sin(s / 9.0 + phase) + rng.uniform(-0.3, 0.3) * amp
            nx, ny = (-(by - ay) / L, (bx - ax) / L) if L else (0.0, 0.0)
            out.append((ax + t * (bx - ax) + nx * d, ay + t * (by - ay) + ny * d))
        total += L
    return out


def fill_region(image: Image.Image, pts: list[tuple[float, float]], grey: int, style: Style,
                rng: random.Random) -> None:
    """``pts`` filled with ``grey`` (a palette shade, or ink darkness) in the style's fill manner."""
    draw = ImageDraw.Draw(image)
    if style.fill == "offset":
        dx, dy = rng.uniform(1.5, 2.5), rng.uniform(-2.5, -1.5)
        draw.polygon([(x + dx, y + dy) for x, y in pts], fill=(grey, grey, grey))
        return
    if style.fill == "flat" or grey >= 250 or grey <= 5:
        draw.polygon(pts, fill=(grey, grey, grey))
        return
    mask = _mask_of(image.size, lambda d: d.polygon(pts, fill=255))
    ys, xs = np.nonzero(mask)
    arr = np.asarray(image).copy()
    if style.fill == "gradient":  # a vertical ramp whose mean is the shade
        y0, y1 = ys.min(), ys.max()
        t = (ys - y0) / max(1, y1 - y0) - 0.5
        v = np.clip(grey + 44 * t, 0, 255).astype(np.uint8)
        arr[ys, xs] = v[:, None]
    else:  # stipple: black dots on white with the same mean darkness
        r = np.random.default_rng(rng.randrange(1 << 30))
        dark = r.random(len(ys)) < 1 - grey / 255
        arr[ys, xs] = 255
        arr[ys[dark], xs[dark]] = 0
    image.paste(Image.fromarray(arr))


def outline_poly(image: Image.Image, pts: list[tuple[float, float]], style: Style, rng: random.Random) -> None:
    w = style.outline_px
    if style.line == "rounded":
        pts = _rounded(pts)
    if style.line == "glow":
        _glow(image, _mask_of(image.size, lambda d: d.line(pts + [pts[0], pts[1]], fill=255, width=w)))
    draw = ImageDraw.Draw(image)
    if style.line == "sketch":
        for _ in range(rng.choice((2, 3))):
            wob = _wobble(pts, rng, 1.2)
            draw.line(wob + [wob[0]], fill=style.ink, width=w)
        return
    draw.line(pts + [pts[0], pts[1]], fill=style.ink, width=w, joint="curve")


def figure(image: Image.Image, shape: str, center: tuple[float, float], side: float, grey: int, style: Style,
           rng: random.Random, turn: float = 0.0) -> None:
    pts = shape_points(shape, center, side)
    if turn:
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        c, s = math.cos(turn), math.sin(turn)
        pts = [(cx + c * (x - cx) - s * (y - cy), cy + s * (x - cx) + c * (y - cy)) for x, y in pts]
    fill_region(image, _rounded(pts) if style.line == "rounded" else pts, grey, style, rng)
    outline_poly(image, pts, style, rng)


def ink_blob(image: Image.Image, pts: list[tuple[float, float]], style: Style, rng: random.Random) -> None:
    """A solid ink mark (a cell, a dot, an arrow head) in the style."""
    if style.line == "sketch":
        pts = _wobble(pts, rng, 1.0)
    elif style.line == "rounded":
        pts = _rounded(pts, 0.2)
    if style.line == "glow":
        _glow(image, _mask_of(image.size, lambda d: d.polygon(pts, fill=255)))
    if style.fill == "gradient" and style.line == "glow":  # dark radial-ish gradient ink
        mask = _mask_of(image.size, lambda d: d.polygon(pts, fill=255))
        ys, xs = np.nonzero(mask)
        cx, cy = xs.mean(), ys.mean()
        rr = np.hypot(xs - cx, ys - cy)
        v = np.clip(10 + 50 * (1 - rr / max(1.0, rr.max())), 0, 255).astype(np.uint8)
        arr = np.asarray(image).copy()
        arr[ys, xs] = v[:, None]
        image.paste(Image.fromarray(arr))
        return
    if style.fill == "stipple":  # dense speckle, mostly dark
        mask = _mask_of(image.size, lambda d: d.polygon(pts, fill=255))
        ys, xs = np.nonzero(mask)
        r = np.random.default_rng(rng.randrange(1 << 30))
        arr = np.asarray(image).copy()
        arr[ys, xs] = np.array(style.ink, dtype=np.uint8)
        light = r.random(len(ys)) < 0.12
        arr[ys[light], xs[light]] = 255
        image.paste(Image.fromarray(arr))
        return
    ImageDraw.Draw(image).polygon(pts, fill=style.ink)


def circle_pts(cx: float, cy: float, r: float, k: int = 40) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(2 * math.pi * i / k), cy + r * math.sin(2 * math.pi * i / k)) for i in range(k)]


def stroke(image: Image.Image, p: tuple[float, float], q: tuple[float, float], width: int, style: Style,
           rng: random.Random) -> None:
    if style.line == "glow":
        _glow(image, _mask_of(image.size, lambda d: d.line([p, q], fill=255, width=width)))
    draw = ImageDraw.Draw(image)
    if style.line == "sketch":
        for _ in range(2):
            j = [rng.uniform(-1.2, 1.2) for _ in range(4)]
            draw.line([(p[0] + j[0], p[1] + j[1]), (q[0] + j[2], q[1] + j[3])], fill=style.ink, width=width)
        return
    draw.line([p, q], fill=style.ink, width=width, joint="curve")


def draw_objects(image: Image.Image, panel_box: Any, config: str, panel: dict[str, Any], style: Style,
                 rng: random.Random, turned: bool = False, offset: tuple[float, float] = (0.0, 0.0)) -> None:
    slots = slot_boxes(panel_box, config)
    grey = _grey(FILLS_LSTAR[panel["fill"]])
    turn = {"triangle": math.pi / 2, "square": math.pi / 6, "pentagon": math.pi / 2}.get(SHAPES[panel["type"]], 0.0) \
        if turned else 0.0
    for i in occupied_slots(panel, config):
        x0, y0, x1, y1 = slots[i]
        side = min(x1 - x0, y1 - y0)
        cx, cy = (x0 + x1) / 2 + offset[0], (y0 + y1) / 2 + offset[1]
        if config == "in_out":
            outer_grey = _grey(75) if panel.get("outer_grey") else 255
            figure(image, OUTER_SHAPES[panel["out_type"]], (cx, cy), OUTER_SIZE * side - style.outline_px,
                   outer_grey, style, rng)
            icx, icy = inner_center(panel["out_type"], ((x0 + x1) / 2, (y0 + y1) / 2), side)
            figure(image, SHAPES[panel["type"]], (icx + offset[0], icy + offset[1]),
                   INNER_SIZES[panel["size"]] * side - style.outline_px, grey, style, rng, turn)
            if panel.get("twin"):  # a second inner figure beside the first, inside the outer one
                figure(image, SHAPES[panel["type"]], (icx + offset[0] + side * 0.22, icy + offset[1] + side * 0.1),
                       INNER_SIZES[0] * side - style.outline_px, grey, style, rng, turn)
        else:
            fig_side = SIZES[panel["size"]] * side - style.outline_px
            if panel.get("twin"):  # two figures side by side, each in half the slot
                fig_side = min(fig_side, side * 0.4)
                for dx in (-0.25, 0.25):
                    figure(image, SHAPES[panel["type"]], (cx + dx * side, cy), fig_side, grey, style, rng, turn)
            else:
                figure(image, SHAPES[panel["type"]], (cx, cy), fig_side, grey, style, rng, turn)


def draw_cells(image: Image.Image, box: Any, n: int, grid: Any, style: Style, rng: random.Random,
               offset: tuple[float, float] = (0.0, 0.0)) -> None:
    x0, y0, x1, y1 = box
    cw = (x1 - x0) / n
    for r in range(n):
        for c in range(n):
            if grid[r][c]:
                bx0, by0 = x0 + c * cw + offset[0], y0 + r * cw + offset[1]
                pad = 3
                pts = [(bx0 + pad, by0 + pad), (bx0 + cw - pad, by0 + pad), (bx0 + cw - pad, by0 + cw - pad),
                       (bx0 + pad, by0 + cw - pad)]
                ink_blob(image, pts, style, rng)


def dot(image: Image.Image, x: float, y: float, r: float, style: Style, rng: random.Random) -> None:
    ink_blob(image, circle_pts(x, y, r), style, rng)


def draw_row(image: Image.Image, record: Any, value: Any, style: Style, rng: random.Random, box: Any = None,
             offset: tuple[float, float] = (0.0, 0.0)) -> None:
    layout, truth = record.layout, record.ground_truth
    box = list(box or layout["panel_boxes"][layout["slot_panel"]])
    box = [box[0] + offset[0], box[1] + offset[1], box[2] + offset[0], box[3] + offset[1]]
    x0, y0, x1, y1 = box
    side = x1 - x0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    kind = truth["kind"]
    w = max(3, style.outline_px + 1)
    if kind == "ring":
        r = DOT_RADIUS * side
        for p in value:
            px, py = ring_centers(box)[p]
            dot(image, px, py, r, style, rng)
    elif kind == "arrow":
        shaft, head = arrow_polygon(box, value)
        stroke(image, shaft[0], shaft[1], 6, style, rng)
        ink_blob(image, head, style, rng)
    elif kind in ("count", "dots"):
        r = COUNT_DOT_RADIUS * side
        if value == 1:
            centres = [(cx, cy)]
        else:
            rad = side * (0.22 if value <= 5 else 0.3)
            a0 = rng.uniform(0, 2 * math.pi)
            centres = [(cx + rad * math.cos(a0 + 2 * math.pi * j / value), cy + rad * math.sin(a0 + 2 * math.pi * j / value))
                       for j in range(value)]
        for px, py in centres:
            dot(image, px, py, r, style, rng)
    elif kind == "regions":  # a window grid of rows x cols boxes
        rows = max(d for d in range(1, int(math.sqrt(value)) + 1) if value % d == 0)
        cols = value // rows
        gx0, gy0 = x0 + side * 0.16, y0 + side * 0.2
        gw, gh = side * 0.68, side * 0.6
        corners = [(gx0, gy0), (gx0 + gw, gy0), (gx0 + gw, gy0 + gh), (gx0, gy0 + gh)]
        outline_poly(image, corners, Style(style.name, style.ink, w, style.line if style.line != "rounded" else "plain"), rng)
        for c in range(1, cols):
            xx = gx0 + gw * c / cols
            stroke(image, (xx, gy0), (xx, gy0 + gh), w, style, rng)
        for r in range(1, rows):
            yy = gy0 + gh * r / rows
            stroke(image, (gx0, yy), (gx0 + gw, yy), w, style, rng)
    else:  # lines: slanted tally marks, up to five in a row
        per_row = 5
        nrows = math.ceil(value / per_row)
        for j in range(value):
            r, c = divmod(j, per_row)
            in_row = min(per_row, value - r * per_row)
            lx = cx + (c - (in_row - 1) / 2) * side * 0.14
            ly = y0 + side * (0.5 + (r - (nrows - 1) / 2) * 0.34)
            h = side * 0.12
            stroke(image, (lx - h * 0.25, ly + h), (lx + h * 0.25, ly - h), w, style, rng)


def _empty_spot(image: Image.Image, box: Any, r: float, rng: random.Random) -> tuple[float, float] | None:
    """A place in ``box``'s interior whose disc of radius 2r is white in ``image``."""
    a = np.asarray(image.convert("L"))
    x0, y0, x1, y1 = (int(v) for v in box)
    spots = []
    step = max(3, int(r / 2))
    R = int(2 * r)
    for y in range(y0 + 8 + R, y1 - 8 - R, step):
        for x in range(x0 + 8 + R, x1 - 8 - R, step):
            if a[y - R:y + R + 1, x - R:x + R + 1].min() > 230:
                spots.append((x, y))
    return rng.choice(spots) if spots else None


def draw_answer(img: Image.Image, record: Any, value: Any, style: Style, rng: random.Random, box: Any = None,
                turned: bool = False, offset: tuple[float, float] = (0.0, 0.0)) -> None:
    """``value`` drawn in ``box`` (default the answer slot) in ``style``."""
    layout, truth = record.layout, record.ground_truth
    kind = layout["variant_kind"]
    slot = layout["slot_panel"]
    slot_box = layout["panel_boxes"][slot]
    if kind == "cells":
        g = layout["grid_boxes"][slot]
        if box is not None:  # the grid at the same place in ``box``
            dx, dy = box[0] - slot_box[0], box[1] - slot_box[1]
            g = [g[0] + dx, g[1] + dy, g[2] + dx, g[3] + dy]
            d = ImageDraw.Draw(img)
            n = truth["n"]
            cw = (g[2] - g[0]) / n
            for i in range(n + 1):
                d.line([(g[0] + i * cw, g[1]), (g[0] + i * cw, g[3])], fill=(150, 150, 150))
                d.line([(g[0], g[1] + i * cw), (g[2], g[1] + i * cw)], fill=(150, 150, 150))
        draw_cells(img, g, truth["n"], value, style, rng, offset)
    elif kind == "objects":
        draw_objects(img, box or slot_box, truth["config"], value, style, rng, turned, offset)
    else:
        draw_row(img, record, value, style, rng, box, offset)


def _describe(record: Any, value: Any) -> str:
    truth, kind = record.ground_truth, record.layout["variant_kind"]
    if kind == "cells":
        return f"{sum(map(sum, value))} black cells"
    if kind == "objects":
        shade = ("white", "light grey", "grey", "dark grey", "black")[value["fill"]]
        n = len(occupied_slots(value, truth["config"]))
        name = SHAPES[value["type"]]
        return f"{n} {shade} {name}{'s' if n > 1 else ''}"
    tk = truth["kind"]
    if tk == "ring":
        return "dots at " + ", ".join(str(p + 1) for p in value)
    if tk == "arrow":
        return "arrow " + ("N", "NE", "E", "SE", "S", "SW", "W", "NW")[value]
    return f"{value} {'regions' if tk == 'regions' else 'lines' if tk == 'lines' else 'dots'}"


def _widen(img: Image.Image, extra: int) -> Image.Image:
    out = Image.new("RGB", (img.width + extra, img.height), (255, 255, 255))
    out.paste(img, (0, 0))
    return out


def answer_image(input_image: Image.Image, record: Any, style: Style, seed: int,
                 case: str = "none") -> np.ndarray | None:
    """The input with the answer drawn in ``style`` for ``case`` (None when the case does not apply)."""
    rng = random.Random(seed)
    img = input_image.convert("RGB")
    layout, truth = record.layout, record.ground_truth
    kind = layout["variant_kind"]
    slot = layout["slot_panel"]
    slot_box = layout["panel_boxes"][slot]
    side = slot_box[2] - slot_box[0]
    value = truth["answer"]
    if case in ("wrong_candidate", "wrong_count", "wrong_colour", "wrong_rotation"):
        value = wrong_value(record, rng, case)
        if value is None:
            return None
    offset = (0.0, 0.0)
    if style.offslot:  # a little down-right: over the frame by a few pixels
        k = 4.0 if kind == "cells" else side * 0.07
        offset = (k, k * 0.8)
    if case != "nothing_drawn":
        draw_answer(img, record, value, style, rng, turned=case == "wrong_rotation" and kind == "objects",
                    offset=offset)
    if style.label:
        img = _widen(img, 230)
        font = ImageFont.truetype(HUMOR, 20)
        d = ImageDraw.Draw(img)
        tx, ty = slot_box[2] + 16, slot_box[1] + side * 0.4
        d.text((tx, ty), "<- Answer:", font=font, fill=(20, 20, 20))
        d.text((tx, ty + 26), _describe(record, truth["answer"]) if case != "nothing_drawn" else "see panel",
               font=font, fill=(20, 20, 20))
    if case == "two_answers":  # a second, wrong candidate in a framed box beside the slot, with "or"
        wrong = wrong_value(record, rng, "wrong_candidate")
        x0, y0, x1, y1 = slot_box
        base = img.width
        img = _widen(img, int(side + 70))
        d = ImageDraw.Draw(img)
        bx0 = base + 50
        box = [bx0, y0, bx0 + side, y1]
        d.rectangle([box[0], box[1], box[2] - 1, box[3] - 1], outline=(0, 0, 0), width=2)
        d.text((base + 8, (y0 + y1) / 2 - 12), "or", font=ImageFont.truetype(HUMOR, 24), fill=(0, 0, 0))
        if kind == "objects":
            draw_objects(img, box, truth["config"], wrong, style, rng)
        else:
            draw_answer(img, record, wrong, style, rng, box=box)
    if case == "extra_object" and kind == "cells":  # an empty cell of a given panel filled
        n = truth["n"]
        for p in (1, 3, 2, 0, 4):
            empty = [(r, c) for r in range(n) for c in range(n) if not truth["panels"][p // 3][p % 3][r][c]]
            if empty:
                r, c = rng.choice(empty)
                g = layout["grid_boxes"][p]
                cw = (g[2] - g[0]) / n
                ImageDraw.Draw(img).rectangle([g[0] + c * cw + 2, g[1] + r * cw + 2, g[0] + (c + 1) * cw - 2,
                                               g[1] + (r + 1) * cw - 2], fill=style.ink)
                break
        else:
            return None
    elif case == "extra_object":  # a mark in an empty place of a given panel
        r = max(7.0, side * 0.05)
        for p in (1, 3, 2, 0, 4):
            spot = _empty_spot(img, layout["panel_boxes"][p], r, rng)
            if spot:
                x, y = spot
                if rng.random() < 0.5:
                    ImageDraw.Draw(img).ellipse([x - r, y - r, x + r, y + r], fill=style.ink)
                else:
                    ImageDraw.Draw(img).polygon(shape_points("triangle", (x, y), 2 * r), fill=style.ink)
                break
        else:
            return None
    if case == "given_altered":  # a given panel flipped upside down, or its right half wiped
        for p in (1, 3, 0, 2, 4):
            x0, y0, x1, y1 = (int(v) for v in layout["panel_boxes"][p])
            inner = (x0 + 4, y0 + 4, x1 - 4, y1 - 4)
            crop = img.crop(inner)
            flipped = crop.transpose(Image.Transpose.FLIP_TOP_BOTTOM)
            # visibly different: flipped ink 3 px or more from any ink of the panel as it was (a symmetric
            # panel flipped, shifted by a pixel, is no change; the blind run took any 2 % of pixels as one)
            was = Image.fromarray((np.asarray(crop.convert("L")) < 128).astype(np.uint8) * 255)
            now = np.asarray(flipped.convert("L")) < 128
            near = np.asarray(was.filter(ImageFilter.MaxFilter(7))) > 0
            if (now & ~near).mean() > 0.004:
                img.paste(flipped, inner[:2])
                break
        else:
            x0, y0, x1, y1 = (int(v) for v in layout["panel_boxes"][1])
            ImageDraw.Draw(img).rectangle([(x0 + x1) // 2, y0 + 4, x1 - 5, y1 - 5], fill=(255, 255, 255))
    return apply_page(np.asarray(img.convert("RGB")), style.page, seed,
                      {"square": _square, "screen": _screen, "dark": _dark, "pixel": _pixel})


# ------------------------------------------------------------------------------------------ pages


def _square(image: np.ndarray, _: Any, seed: int) -> np.ndarray:
    return np.asarray(Image.fromarray(image).resize((1024, 1024), Image.Resampling.BICUBIC))


def _dark(image: np.ndarray, _: Any, seed: int) -> np.ndarray:
    """Dark mode: every grey inverted onto a near-black ground with light-grey ink."""
    v = image.astype(float) / 255
    ground, ink = np.array([28.0, 30.0, 36.0]), np.array([232.0, 232.0, 226.0])
    out = ink + (ground - ink) * v  # white -> ground, black -> ink
    return np.clip(out, 0, 255).astype(np.uint8)


def _pixel(image: np.ndarray, _: Any, seed: int) -> np.ndarray:
    im = Image.fromarray(image)
    small = im.resize((im.width // 2, im.height // 2), Image.Resampling.BILINEAR)
    return np.asarray(small.resize((small.width * 2, small.height * 2), Image.Resampling.NEAREST))


def _screen(image: np.ndarray, _: Any, seed: int) -> np.ndarray:
    """A photo of the page on a screen: a dark bezel, a keystone, a blue cast, a vignette, moire, noise."""
    import cv2

    r = np.random.default_rng(seed)
    h, w = image.shape[:2]
    bezel = int(0.06 * max(h, w))
    screen = np.full((h + 2 * bezel, w + 2 * bezel, 3), (18, 18, 22), np.uint8)
    lit = image.astype(float) * np.array([0.90, 0.95, 1.0]) + np.array([8.0, 12.0, 22.0])
    screen[bezel:bezel + h, bezel:bezel + w] = np.clip(lit, 0, 255).astype(np.uint8)
    H, W = screen.shape[:2]
    k = 0.05
    src = np.float32([[0, 0], [W, 0], [W, H], [0, H]])
    j = lambda: r.uniform(0.3, 1.0) * k
    dst = np.float32([[W * j(), H * j() * 0.5], [W * (1 - j()), H * j() * 0.3], [W * (1 - j() * 0.4), H],
                      [W * j() * 0.3, H * (1 - j() * 0.2)]])
    M = cv2.getPerspectiveTransform(src, dst)
    out = cv2.warpPerspective(screen, M, (W, H), flags=cv2.INTER_LINEAR, borderValue=(60, 55, 50)).astype(float)
    yy, xx = np.mgrid[0:H, 0:W]
    vign = 1 - 0.22 * (((xx - W / 2) / (W / 2)) ** 2 + ((yy - H / 2) / (H / 2)) ** 2)
    moire = 1 + 0.035 * np.sin(2 * np.pi * (xx * 0.13 + yy * 0.021))
    out = out * (vign * moire)[..., None] + r.normal(0, 4.0, out.shape)
    out = cv2.GaussianBlur(np.clip(out, 0, 255).astype(np.uint8), (0, 0), 0.8)
    ok, enc = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, 72])
    return cv2.imdecode(enc, cv2.IMREAD_UNCHANGED)


# ------------------------------------------------------------------------------------------ measuring


def main(n_per_variant: int = 5, master_seed: int = 1618, json_out: str | None = None) -> list[dict[str, Any]]:
    from collections import Counter, defaultdict

    from genpuzzle.evaluate import verify_image
    from genpuzzle.records import InstanceRecord
    from genpuzzle.registry import get_track

    import genpuzzle.verifiers.pattern_completion as verifier

    print("verifier:", verifier.__file__)
    track = get_track("pattern_completion")
    rng = random.Random(master_seed)
    by_style: dict[str, Counter] = defaultdict(Counter)
    by_case: dict[str, Counter] = defaultdict(Counter)
    lines, rows = [], []
    k = 0
    for variant in track.variants:
        for j in range(n_per_variant):
            seed = master_seed * 100 + j
            puzzle = track.generate(seed, variant)
            record = InstanceRecord(id=f"a{seed}", track=track.name, variant=variant, difficulty=puzzle.difficulty,
                                    seed=seed, instruction="", input_image="", reference_images=[], edit_mask="",
                                    ground_truth=puzzle.ground_truth, layout=puzzle.layout, scoring=puzzle.scoring,
                                    track_version=track.version)
            inp = np.asarray(puzzle.input_image.convert("RGB"))
            mask = np.asarray(puzzle.edit_mask) > 0
            jobs = [(style, "none", "correct") for style in STYLES]
            for case in ERRORS:
                jobs.append((STYLES[k % len(STYLES)], case, "not_pass"))
                k += 1
            for style, case, expect in jobs:
                s = rng.randrange(1 << 30)
                image = answer_image(puzzle.input_image, record, style, s, case)
                if image is None:
                    continue
                verdict = verify_image(record, image, inp, mask)
                kind = outcome(expect, verdict)
                by_style[style.name][kind] += 1
                by_case[f"{variant}:{case}" if case == "none" else case][kind] += 1
                rows.append({"variant": variant, "seed": seed, "style": style.name, "case": case, "img_seed": s,
                             "kind": kind, "status": verdict.status.value, "score": verdict.score,
                             "review": bool(verdict.needs_review), "codes": list(verdict.codes)})
                if kind != "right":
                    lines.append(f"  {kind:21s} {variant} seed={seed} {style.name} {case} -> {verdict.status.value} "
                                 f"{verdict.score} review={verdict.needs_review} {verdict.codes}")
    print_tally(by_style, by_case, lines)
    if json_out:
        import json

        with open(json_out, "w") as f:
            json.dump(rows, f, indent=1)
    return rows


if __name__ == "__main__":
    import sys

    main(*(int(a) for a in sys.argv[1:3]), *(sys.argv[3:4]))
