"""Math-proof drawing: the given figure (a labelled triangle, a circle and a point, a line and a point, a
shape on a grid, axes, a rectangle of cells, or a lattice with the identity as caption), the reference
with the construction or partition drawn in, the edit mask, and the pixel layout.

Math coordinates map to pixels by ``frame``: ``px = origin_x + scale * x``, ``py = origin_y - scale * y``
(:func:`to_px`); the verifier samples the exact objects through the same map.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np
from PIL import Image, ImageDraw

from genpuzzle.renderers.common import Drawing, draw_text, font

SIZE = 640
MARGIN = 70
BACKGROUND = (255, 255, 255)
INK = (0, 0, 0)
GRID_INK = (200, 200, 200)
AXIS_INK = (60, 60, 60)
ANSWER_INK = (30, 80, 200)
SHADE_INK = (120, 160, 230)
CUT_INK = (20, 20, 20)
REGION_FILLS = ((255, 214, 153), (170, 215, 255), (190, 235, 180), (255, 185, 200), (215, 195, 255),
                (255, 240, 150), (175, 235, 230), (240, 200, 170))
LABEL_PX = 24
FIGURE_WIDTH = 3
ANSWER_WIDTH = 3


def to_px(frame: dict[str, Any], p) -> tuple[float, float]:
    x, y = exact_float(p[0]), exact_float(p[1])
    return (frame["origin"][0] + frame["scale"] * x, frame["origin"][1] - frame["scale"] * y)


@lru_cache(maxsize=4096)
def exact_float(value) -> float:
    """``float(Fraction(value))``: a coordinate (``"p/q"`` string, int, float or Fraction) as the nearest
    float, parsed once per process for each value (a figure's points recur in many elements)."""
    return float(Fraction(value))


def fit_frame(points: list[tuple[float, float]], box: tuple[int, int, int, int] = (MARGIN, MARGIN + 20, SIZE - MARGIN,
                                                                                  SIZE - MARGIN)) -> dict[str, Any]:
    """The frame that fits ``points`` (math coordinates) centred into the pixel ``box``."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    scale = min((box[2] - box[0]) / max(w, 1e-9), (box[3] - box[1]) / max(h, 1e-9))
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    return {"origin": [round((box[0] + box[2]) / 2 - scale * cx, 4), round((box[1] + box[3]) / 2 + scale * cy, 4)],
            "scale": round(scale, 6)}


def element_extent(element: dict[str, Any]) -> list[tuple[float, float]]:
    """Math points that bound an element (for fitting the frame)."""
    if element["kind"] == "circle":
        cx, cy = (exact_float(v) for v in element["center"])
        r = exact_float(element["radius"])
        return [(cx - r, cy - r), (cx + r, cy + r)]
    pts = element["points"] if element["kind"] == "segment" else element["vertices"]
    return [(exact_float(p[0]), exact_float(p[1])) for p in pts]


def draw_element(draw: ImageDraw.ImageDraw, frame: dict[str, Any], element: dict[str, Any],
                 fill=ANSWER_INK, width: int = ANSWER_WIDTH) -> None:
    if element["kind"] == "segment":
        (x0, y0), (x1, y1) = (to_px(frame, p) for p in element["points"])
        draw.line([(x0, y0), (x1, y1)], fill=fill, width=width)
    elif element["kind"] == "circle":
        cx, cy = to_px(frame, element["center"])
        r = frame["scale"] * exact_float(element["radius"])
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], outline=fill, width=width)
    else:
        pts = [to_px(frame, p) for p in element["vertices"]]
        draw.line(pts + [pts[0]], fill=fill, width=width, joint="curve")


def draw_dot(draw: ImageDraw.ImageDraw, xy: tuple[float, float], r: float = 5, fill=INK) -> None:
    draw.ellipse([xy[0] - r, xy[1] - r, xy[0] + r, xy[1] + r], fill=fill)


def draw_label(draw: ImageDraw.ImageDraw, labels: dict[str, list[int]], name: str, xy: tuple[float, float],
               size: int = LABEL_PX) -> None:
    """Draw ``name`` centred at ``xy`` and record its ink box in ``labels``."""
    f = font(size)
    draw_text(draw, xy, name, f, INK, anchor="mm")
    x0, y0, x1, y1 = draw.textbbox(xy, name, font=f, anchor="mm")
    labels[name] = [int(x0) - 2, int(y0) - 2, int(x1) + 2, int(y1) + 2]


def label_position(p: tuple[float, float], away_from: tuple[float, float], dist: float = 24) -> tuple[float, float]:
    dx, dy = p[0] - away_from[0], p[1] - away_from[1]
    n = math.hypot(dx, dy) or 1.0
    return (p[0] + dist * dx / n, p[1] + dist * dy / n)


def new_canvas() -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (SIZE, SIZE), BACKGROUND)
    d = ImageDraw.Draw(img)
    d.rectangle([8, 8, SIZE - 9, SIZE - 9], outline=(150, 150, 150), width=2)
    return img, d


def finish(input_image: Image.Image, reference: Image.Image, layout: dict[str, Any], mask: Image.Image,
           grey_input: bool = False) -> Drawing:
    """The instance's images with its edit ``mask`` (L). With ``grey_input`` (the figure was drawn in grey
    inks only) an RGB input is handed out as an L image: the pixels the set stores anyway, without the
    writer's colour count (:func:`input_snapshot` gives it as L already)."""
    layout["size"] = [SIZE, SIZE]
    grey = grey_input and input_image.mode == "RGB"
    return Drawing(input_image.getchannel(0) if grey else input_image, reference, mask, layout)


def input_snapshot(img: Image.Image, grey: bool) -> Image.Image:
    """The page as drawn so far, kept as the input while the reference is drawn on: its one band (L) when
    the figure is grey (what :func:`finish` would take of a copy, without copying the RGB page), else a
    copy."""
    return img.getchannel(0) if grey else img.copy()


def mask_ink_kernel(mask_ink_px: float) -> int:
    """The side of the digital ellipse an edit mask is grown by for a margin of ``mask_ink_px``."""
    return max(3, int(2 * mask_ink_px) | 1)


def grown_mask(changed: Image.Image, mask_ink_px: float) -> Image.Image:
    """``changed`` (an L image, 255 where the reference differs from the input: the renderer draws what it
    adds to the reference a second time onto it, which gives the pixels :func:`changed_pixels` finds
    without comparing the pages) dilated by the ellipse of :func:`mask_ink_kernel`."""
    import cv2

    k = mask_ink_kernel(mask_ink_px)
    width, height = changed.size
    box = changed.getbbox()
    mask = Image.new("L", (width, height), 0)
    if box:  # dilate only the changed box grown by the kernel's reach: the same mask, less area
        r0, r1 = max(0, box[1] - k), min(height, box[3] + k)
        c0, c1 = max(0, box[0] - k), min(width, box[2] + k)
        diff = np.asarray(changed.crop((c0, r0, c1, r1)))
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
        mask.paste(Image.fromarray(dilate_by_rects(diff, kernel), "L"), (c0, r0))
    return mask


def changed_pixels(reference: Image.Image, input_image: Image.Image) -> Image.Image:
    """255 where ``reference`` differs from ``input_image`` in any band, else 0 (L): what the lattice
    renderer draws onto the ``changed`` image it hands :func:`grown_mask` (tests compare the two)."""
    import cv2
    from PIL import ImageChops

    changed = ImageChops.difference(reference, input_image)
    if changed.mode == "RGB":  # the bands' sum, clipped at 255: not 0 where any band differs
        changed = changed.convert("L", (1, 1, 1, 0))
    return Image.fromarray(cv2.threshold(np.asarray(changed), 0, 255, cv2.THRESH_BINARY)[1], "L")


def dilate_by_rects(image: np.ndarray, kernel: np.ndarray) -> np.ndarray:
    """``cv2.dilate(image, kernel)`` for a kernel symmetric about its centre whose rows are single runs
    narrowing away from the middle row (an ellipse): the union of one rectangle per distinct run width
    (that width, as tall as the rows at least that wide). Rectangle dilations are separable, a vertical
    dilation by a then by b is one by a + b, and dilations distribute over unions, so the union is built
    with one horizontal pass per width increase and one vertical pass per height decrease (as in Horner's
    scheme: ``V(h_n, V(h_{n-1} - h_n, ... V(h_1 - h_2, H(w_1)) | H(w_2) ...) | H(w_n))``): work in
    proportion to the kernel's size rather than its size times its number of widths. The same pixels
    (checked against ``cv2.dilate`` for ellipses of 3 to 101 px, and by a test); any other kernel goes to
    ``cv2.dilate``."""
    import cv2

    rects = _kernel_rects((kernel != 0).astype(np.uint8).tobytes(), kernel.shape)
    if rects is None:
        return cv2.dilate(image, kernel)
    acc, horizontal, width, height = None, image, 0, 0
    for h, w in rects:  # widths increasing, heights not increasing
        if w > width:
            horizontal = cv2.dilate(horizontal, np.ones((1, 2 * (w - width) + 1), np.uint8))
            width = w
        if acc is None:
            acc = horizontal
        else:
            if height > h:
                acc = cv2.dilate(acc, np.ones((2 * (height - h) + 1, 1), np.uint8))
            acc = acc | horizontal
        height = h
    return cv2.dilate(acc, np.ones((2 * height + 1, 1), np.uint8)) if height else acc


@lru_cache(maxsize=64)
def _kernel_rects(data: bytes, shape: tuple[int, int]) -> tuple[tuple[int, int], ...] | None:
    """The (half height, half width) of the rectangles whose union is the kernel, widths increasing; None
    when the kernel is not of that form (see :func:`dilate_by_rects`)."""
    kernel = np.frombuffer(data, np.uint8).reshape(shape)
    kh, kw = kernel.shape
    cy, cx = kh // 2, kw // 2
    half: dict[int, int] = {}  # row offset -> half width of its run
    for r in range(kh):
        cols = np.nonzero(kernel[r])[0]
        if len(cols) == 0:
            continue
        lo, hi = int(cols[0]) - cx, int(cols[-1]) - cx
        if len(cols) != hi - lo + 1 or lo != -hi:
            return None
        half[r - cy] = hi
    if not half or any(half.get(-dy) != w for dy, w in half.items()):
        return None
    rects = []
    for w in sorted(set(half.values())):
        h = max(abs(dy) for dy, v in half.items() if v >= w)
        if any(half.get(dy, -1) < w for dy in range(-h, h + 1)):  # rows at least w wide are not one band
            return None
        rects.append((h, w))
    return tuple(rects)


# ------------------------------------------------------------------------------------------ constructions


def construction_frame(task: dict[str, Any], elements: list[dict[str, Any]]) -> dict[str, Any]:
    """The pixel frame :func:`render_construction` draws ``task`` in (without drawing it)."""
    return fit_frame(_construction_extent(task["figure"], elements))


def _construction_extent(fig: dict[str, Any], elements: list[dict[str, Any]]) -> list[tuple[float, float]]:
    extent: list[tuple[float, float]] = []
    for p in fig["points"].values():
        extent.append((exact_float(p[0]), exact_float(p[1])))
    for e in elements + fig.get("given_elements", []):
        extent += element_extent(e)
    for key in ("grid", "cells"):
        if fig.get(key):
            g = fig[key]
            extent += [(g["x0"], g["y0"]), (g["x1"], g["y1"])]
    return extent


def render_construction(task: dict[str, Any], elements: list[dict[str, Any]], tolerance_px: float) -> Drawing:
    """Given figure + reference (elements drawn in blue). ``task["figure"]`` says what is given."""
    fig = task["figure"]
    extent = _construction_extent(fig, elements)
    frame = fit_frame(extent)
    img, d = new_canvas()
    labels: dict[str, list[int]] = {}
    if fig.get("grid"):
        _draw_grid(d, frame, fig["grid"], labels)
    for e in fig.get("given_elements", []):
        draw_element(d, frame, e, fill=INK, width=FIGURE_WIDTH)
    if fig.get("cells"):
        _draw_cells(d, frame, fig["cells"])
    pts = {k: to_px(frame, v) for k, v in fig["points"].items()}
    centre = (float(np.mean([p[0] for p in pts.values()])), float(np.mean([p[1] for p in pts.values()]))) if pts \
        else (SIZE / 2, SIZE / 2)
    if fig.get("label_centre"):
        centre = to_px(frame, fig["label_centre"])
    for name, xy in pts.items():
        if name in fig.get("unmarked", []):
            continue
        draw_dot(d, xy, 4.5)
        if name not in fig.get("unlabelled", []):
            draw_label(d, labels, name, label_position(xy, centre))
    grey_input = not (fig.get("grid") or {}).get("axis")  # the mirror line is the figures' one coloured ink
    input_image = input_snapshot(img, grey_input)
    for e in elements:
        draw_element(d, frame, e)
    for key in task.get("mark_points", []):
        draw_dot(d, to_px(frame, key), 5, ANSWER_INK)
    for r, c in task.get("shade") or []:
        box = _cell_px(frame, fig["cells"], r, c)
        d.rectangle([box[0] + 3, box[1] + 3, box[2] - 3, box[3] - 3], fill=SHADE_INK)
    mask = answer_mask(task, elements, frame, 3 * tolerance_px)
    layout = {"frame": frame, "labels": labels, "tolerance_px": tolerance_px,
              "figure_bbox": _bbox(extent, frame)}
    if fig.get("cells"):
        cells = fig["cells"]
        x0, y0 = to_px(frame, (cells["x0"], cells["y1"]))
        x1, y1 = to_px(frame, (cells["x1"], cells["y0"]))
        layout["cells"] = {"grid_bbox": [round(x0), round(y0), round(x1), round(y1)], "rows": cells["rows"],
                           "cols": cells["cols"]}
    return finish(input_image, img, layout, mask, grey_input)


def answer_mask(task: dict[str, Any], elements: list[dict[str, Any]], frame: dict[str, Any],
                mask_ink_px: float) -> Image.Image:
    """A construction's edit mask (since version 2): every point within ``r`` px of the ink the reference
    adds (``r`` the half side of :func:`mask_ink_kernel`, 28 px at the default tolerance), drawn as shapes:
    each segment and polygon side as a line ``r`` wider on both sides with discs at its ends, each circle as
    a ring ``r`` wider on both sides (a disc when that closes it), each marked point as a disc, each shaded
    cell as its box grown by ``r`` with rounded corners. Version 1 dilated the drawn ink by a digital
    ellipse (1 ms for a 57 px kernel); these shapes cover that mask but for ~0.7 % of its pixels, all on
    its edge, and add ~0.6 %, and cover the ink grown by ``r - 2`` everywhere (tested)."""
    r = (mask_ink_kernel(mask_ink_px) - 1) / 2
    mask = Image.new("L", (SIZE, SIZE), 0)
    draw = ImageDraw.Draw(mask)
    reach = ANSWER_WIDTH / 2 + r
    wide = int(ANSWER_WIDTH + 2 * r)

    def disc(xy: tuple[float, float], radius: float) -> None:
        draw.ellipse([xy[0] - radius, xy[1] - radius, xy[0] + radius, xy[1] + radius], fill=255)

    for e in elements:
        if e["kind"] == "circle":  # drawn as an outline ANSWER_WIDTH wide inside its radius
            cx, cy = to_px(frame, e["center"])
            radius = frame["scale"] * exact_float(e["radius"])
            if radius - ANSWER_WIDTH - r <= 0:
                disc((cx, cy), radius + r)
            else:
                draw.ellipse([cx - radius - r, cy - radius - r, cx + radius + r, cy + radius + r], outline=255,
                             width=wide)
            continue
        pts = [to_px(frame, p) for p in (e["points"] if e["kind"] == "segment" else e["vertices"])]
        draw.line(pts if e["kind"] == "segment" else pts + [pts[0]], fill=255, width=wide, joint="curve")
        for p in pts:
            disc(p, reach)
    for key in task.get("mark_points", []):
        disc(to_px(frame, key), 5 + r)
    for row, col in task.get("shade") or []:
        x0, y0, x1, y1 = _cell_px(frame, task["figure"]["cells"], row, col)
        draw.rounded_rectangle([x0 + 3 - r, y0 + 3 - r, x1 - 3 + r, y1 - 3 + r], radius=r, fill=255)
    return mask


def _bbox(extent, frame) -> list[int]:
    pts = [to_px(frame, p) for p in extent]
    return [int(min(p[0] for p in pts)), int(min(p[1] for p in pts)), int(max(p[0] for p in pts)) + 1,
            int(max(p[1] for p in pts)) + 1]


def _draw_grid(d: ImageDraw.ImageDraw, frame: dict[str, Any], g: dict[str, Any], labels: dict[str, list[int]]) -> None:
    """Lattice lines (light grey); with ``axes`` also the x and y axes, arrows, ticks numbered every 2."""
    for x in range(g["x0"], g["x1"] + 1):
        d.line([to_px(frame, (x, g["y0"])), to_px(frame, (x, g["y1"]))], fill=GRID_INK, width=1)
    for y in range(g["y0"], g["y1"] + 1):
        d.line([to_px(frame, (g["x0"], y)), to_px(frame, (g["x1"], y))], fill=GRID_INK, width=1)
    if g.get("axes"):
        d.line([to_px(frame, (g["x0"], 0)), to_px(frame, (g["x1"], 0))], fill=AXIS_INK, width=2)
        d.line([to_px(frame, (0, g["y0"])), to_px(frame, (0, g["y1"]))], fill=AXIS_INK, width=2)
        f = font(14)
        for x in range(g["x0"] + 1, g["x1"]):
            if x and x % 2 == 0:
                px, py = to_px(frame, (x, 0))
                draw_text(d, (px, py + 12), str(x), f, AXIS_INK, anchor="mm")
        for y in range(g["y0"] + 1, g["y1"]):
            if y and y % 2 == 0:
                px, py = to_px(frame, (0, y))
                draw_text(d, (px - 14, py), str(y), f, AXIS_INK, anchor="mm")
        ex, ey = to_px(frame, (g["x1"], 0))
        draw_label(d, labels, "x", (ex + 14, ey), 20)
        ex, ey = to_px(frame, (0, g["y1"]))
        draw_label(d, labels, "y", (ex, ey - 14), 20)
    if g.get("axis"):
        (ax0, ay0), (ax1, ay1) = g["axis"]
        p0, p1 = to_px(frame, (ax0, ay0)), to_px(frame, (ax1, ay1))
        n = max(1, int(math.hypot(p1[0] - p0[0], p1[1] - p0[1]) // 12))
        for k in range(n):
            if k % 2 == 0:
                t0, t1 = k / n, min(1.0, (k + 1) / n)
                d.line([(p0[0] + t0 * (p1[0] - p0[0]), p0[1] + t0 * (p1[1] - p0[1])),
                        (p0[0] + t1 * (p1[0] - p0[0]), p0[1] + t1 * (p1[1] - p0[1]))], fill=(200, 40, 40), width=3)
        draw_label(d, labels, "m", (p1[0] + 10, p1[1] - 14) if ay1 >= ay0 else (p1[0] + 14, p1[1] + 10), 20)


def _cell_px(frame, cells, r, c) -> tuple[float, float, float, float]:
    w = (cells["x1"] - cells["x0"]) / cells["cols"]
    h = (cells["y1"] - cells["y0"]) / cells["rows"]
    x0, y0 = to_px(frame, (cells["x0"] + c * w, cells["y1"] - r * h))
    x1, y1 = to_px(frame, (cells["x0"] + (c + 1) * w, cells["y1"] - (r + 1) * h))
    return x0, y0, x1, y1


def _draw_cells(d: ImageDraw.ImageDraw, frame: dict[str, Any], cells: dict[str, Any]) -> None:
    for r in range(cells["rows"]):
        for c in range(cells["cols"]):
            d.rectangle(_cell_px(frame, cells, r, c), outline=INK, width=2)
    x0, y0 = to_px(frame, (cells["x0"], cells["y1"]))
    x1, y1 = to_px(frame, (cells["x1"], cells["y0"]))
    d.rectangle([x0, y0, x1, y1], outline=INK, width=FIGURE_WIDTH)


# ------------------------------------------------------------------------------------------ lattices


LATTICE_BOX = (90, 120, SIZE - 90, SIZE - 60)


def lattice_geometry(rows: int, cols: int) -> dict[str, Any]:
    bx0, by0, bx1, by1 = LATTICE_BOX
    cell = min((bx1 - bx0) / cols, (by1 - by0) / rows)
    cell = float(int(cell))
    w, h = cell * cols, cell * rows
    x0 = round((bx0 + bx1 - w) / 2)
    y0 = round((by0 + by1 - h) / 2)
    return {"grid_bbox": [x0, y0, int(x0 + w), int(y0 + h)], "rows": rows, "cols": cols, "cell_px": cell}


def render_lattice(caption: str, labels_grid: np.ndarray, removed: np.ndarray | None = None) -> Drawing:
    """A rows x cols lattice (light grid, black border; removed cells grey and crossed) under the identity
    as caption; the reference draws the partition ``labels_grid``: thick lines on every edge between two
    regions and a pastel fill per region."""
    rows, cols = labels_grid.shape
    g = lattice_geometry(rows, cols)
    x0, y0, x1, y1 = g["grid_bbox"]
    cell = g["cell_px"]
    img, d = new_canvas()
    labels: dict[str, list[int]] = {}
    draw_label(d, labels, caption, (SIZE / 2, 62), 26)
    labels = {"caption": labels[caption]}
    removed = np.zeros((rows, cols), bool) if removed is None else removed
    ref_layer: list = []

    def cell_box(r: int, c: int) -> tuple[float, float, float, float]:
        return (x0 + c * cell, y0 + r * cell, x0 + (c + 1) * cell, y0 + (r + 1) * cell)

    for r in range(rows):
        for c in range(cols):
            if removed[r, c]:
                bx = cell_box(r, c)
                d.rectangle(bx, fill=(150, 150, 150))
    for k in range(1, cols):
        d.line([(x0 + k * cell, y0), (x0 + k * cell, y1)], fill=GRID_INK, width=2)
    for k in range(1, rows):
        d.line([(x0, y0 + k * cell), (x1, y0 + k * cell)], fill=GRID_INK, width=2)
    d.rectangle([x0, y0, x1, y1], outline=INK, width=FIGURE_WIDTH)
    input_image = input_snapshot(img, True)
    ids = sorted(v for v in set(np.asarray(labels_grid).ravel().tolist()) if v >= 0)
    # d.rectangle(box, fill=...) and d.line(points, fill=CUT_INK, width=lw) as their core calls (the same
    # pixels without each call's checks: a lattice draws a few dozen of each); the fills and cuts are drawn
    # once more in 255 onto ``changed``, and the border, which the page redraws over them as it was, in 0:
    # the pixels where the reference differs from the input (:func:`changed_pixels`)
    changed = Image.new("L", (SIZE, SIZE), 0)
    grid = labels_grid.tolist()
    lw = max(4, round(cell / 10))
    for draw, fills, cut_ink in ((d, [d._getink(None, colour)[1] for colour in REGION_FILLS], d._getink(CUT_INK)[0]),
                                 (ImageDraw.Draw(changed), [255] * len(REGION_FILLS), 255)):
        for r in range(rows):
            for c in range(cols):
                if grid[r][c] >= 0:
                    bx = cell_box(r, c)
                    draw.draw.draw_rectangle([bx[0] + 2, bx[1] + 2, bx[2] - 2, bx[3] - 2],
                                             fills[ids.index(int(grid[r][c])) % len(REGION_FILLS)], 1)
        for r in range(rows):
            for c in range(cols):
                if c + 1 < cols and grid[r][c] != grid[r][c + 1]:
                    draw.draw.draw_lines([(x0 + (c + 1) * cell, y0 + r * cell),
                                          (x0 + (c + 1) * cell, y0 + (r + 1) * cell)], cut_ink, lw)
                if r + 1 < rows and grid[r][c] != grid[r + 1][c]:
                    draw.draw.draw_lines([(x0 + c * cell, y0 + (r + 1) * cell),
                                          (x0 + (c + 1) * cell, y0 + (r + 1) * cell)], cut_ink, lw)
        draw.rectangle([x0, y0, x1, y1], outline=INK if draw is d else 0, width=FIGURE_WIDTH)
    del ref_layer
    layout = {"lattice": g, "labels": labels, "removed": removed.astype(int).tolist()}
    return finish(input_image, img, layout, grown_mask(changed, 2), grey_input=True)
