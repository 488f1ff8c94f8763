"""A blind audit family of orthographic answers (AUDIT14): correct answers and planted errors redrawn as an
image model might return them, written without reading the verifier, the registration or the documented
limits (fourteenth session).

Styles (how the answer grids and the page are redrawn, unlike ``tests/orthographic_answers.py``): dark grey
blocks with rounded corners and white gutters; a navy marker with a wobbly outline that runs over the grid
lines; bevelled blocks (a light top-left and a dark bottom-right rim, as a model shades "cubes"); brown
stippling; one zigzag pen stroke per cell with hand-drawn (polyline) digits; teal blocks; the page redrawn
with thin blue-grey grid lines and other caption fonts; near-black blocks on a keystoned, sharpened page.
Digits (views_to_solid) in Andika, Rufscript, Lato Black, Cabin Sketch, Quicksand, OSP-DIN, Comfortaa or
drawn as polylines. Page changes: ``audit_common.apply_page`` (margins, caption, letterbox, dark margins,
tilt, keystone, texture, JPEG) and this family's own: ``square`` (squashed to 1024 x 1024), ``vignette``,
``cast`` (a warm white balance), ``halo`` (unsharp-mask halos), ``desk`` (the page on a grey desk with a
drop shadow).

Cases: ``none`` (the true views; views_to_solid: the stored heightmap) and, for views_to_solid,
``alternative`` (the structure with the most cubes and another heightmap with the same three views)
expect ``correct`` 100 without review. Planted errors expect not to pass, and ``ERROR_CODES`` names the
violation codes any one of which names the error.

``python tests/audit_orthographic_answers.py [n_instances] [master_seed] [json_out]`` prints right / false
pass / confident false fail / review / unreadable per style and per case (and writes every answer's
result to ``json_out``).

Blind figure (session-start code 1476d90, ``python tests/audit_orthographic_answers.py 9 1414``, 3 instances per
variant, 137 answers): 126 right, 4 false passes (caption_renamed: a caption replaced by another word of
about the same size, 4 of 9), 7 confident false fails (o_keystone_halo, the page on a desk, keystoned and
sharpened with thin redrawn grid lines and Comfortaa captions: stray_ink on the desk's sliver at the page
edge, grid_changed on faint 1 px lines, labels_changed on captions the recogniser misreads), 0 review,
0 unreadable; every caught error named except empty views named missing_view / unreadable_grid
(front_row_only 1, digits_in_top 3).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Sequence

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from genpuzzle.renderers.common import cell_box
from genpuzzle.solvers.orthographic import VIEWS, views_of

from audit_common import apply_page, run_audit

FONTS = "/usr/share/fonts/truetype"


@lru_cache(maxsize=None)
def _font(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(f"{FONTS}/{path}", size)


@dataclass(frozen=True)
class Style:
    name: str
    fill: str  # gutter | marker | bevel | stipple | zigzag | solid
    ink: tuple[int, int, int]
    digits: str  # a font path under FONTS, or "strokes"
    digit_ink: tuple[int, int, int] = (20, 20, 20)
    redraw: str | None = None  # caption font when the grids and captions are redrawn
    page: tuple[tuple[str, Any], ...] = ()


STYLES = [
    Style("o_gutter_grey", "gutter", (70, 70, 70), "andika/Andika-Bold.ttf",
          page=(("margin", 40), ("caption", 0), ("jpeg", 80))),
    Style("o_marker_navy_tilt", "marker", (25, 35, 115), "rufscript/Rufscript010.ttf", (25, 35, 115),
          page=(("tilt", 1.5), ("jpeg", 75))),
    Style("o_bevel_letterbox", "bevel", (95, 95, 95), "lato/Lato-Black.ttf", page=(("letterbox_16_9", 0),)),
    Style("o_stipple_texture", "stipple", (70, 45, 25), "cabinsketch/CabinSketch-Bold.ttf", (70, 45, 25),
          page=(("texture", 0.06), ("jpeg", 70))),
    Style("o_zigzag_square", "zigzag", (15, 15, 15), "strokes", page=(("square", 0), ("jpeg", 85))),
    Style("o_teal_dark_margins", "solid_gap", (0, 110, 120), "quicksand/Quicksand-Bold.ttf", (0, 80, 90),
          page=(("dark_margins", 0),)),
    Style("o_redrawn_thin_grid", "solid", (10, 10, 10), "opendin/OSP-DIN.ttf", redraw="opendin/OSP-DIN.ttf",
          page=(("vignette", 0.25), ("cast", 0), ("jpeg", 80))),
    Style("o_keystone_halo", "solid_gap", (30, 30, 30), "comfortaa/Comfortaa-Bold.ttf",
          redraw="comfortaa/Comfortaa-Bold.ttf", page=(("desk", 0), ("keystone", 0.012), ("halo", 0.8),
                                                        ("jpeg", 78))),
]


# ------------------------------------------------------------------------------------------ page steps


def _square(image: np.ndarray, _arg: Any, _seed: int) -> np.ndarray:
    return cv2.resize(image, (1024, 1024), interpolation=cv2.INTER_AREA)


def _vignette(image: np.ndarray, strength: float, _seed: int) -> np.ndarray:
    h, w = image.shape[:2]
    y, x = np.mgrid[0:h, 0:w]
    r2 = ((x - w / 2) / (w / 2)) ** 2 + ((y - h / 2) / (h / 2)) ** 2
    return np.clip(image * (1 - strength * r2 / 2)[..., None], 0, 255).astype(np.uint8)


def _cast(image: np.ndarray, _arg: Any, _seed: int) -> np.ndarray:
    return np.clip(image * np.array([1.0, 0.96, 0.88]), 0, 255).astype(np.uint8)


def _halo(image: np.ndarray, amount: float, _seed: int) -> np.ndarray:
    soft = cv2.GaussianBlur(image.astype(np.float32), (0, 0), 2.0)
    return np.clip(image + amount * (image - soft), 0, 255).astype(np.uint8)


def _desk(image: np.ndarray, _arg: Any, seed: int) -> np.ndarray:
    """The page on a mid-grey desk, a soft shadow below and right of it."""
    h, w = image.shape[:2]
    pad = max(24, round(0.06 * max(h, w)))
    out = np.full((h + 2 * pad, w + 2 * pad, 3), (118, 116, 112), np.float32)
    shadow = np.zeros(out.shape[:2], np.float32)
    off = 7 + seed % 5
    shadow[pad + off:pad + off + h, pad + off:pad + off + w] = 1
    shadow = cv2.GaussianBlur(shadow, (0, 0), 5)
    out *= (1 - 0.45 * shadow)[..., None]
    out[pad:pad + h, pad:pad + w] = image
    return out.astype(np.uint8)


EXTRA_STEPS: dict[str, Callable[[np.ndarray, Any, int], np.ndarray]] = {
    "square": _square, "vignette": _vignette, "cast": _cast, "halo": _halo, "desk": _desk}


# ------------------------------------------------------------------------------------------ drawing


def _chaikin(pts: list[tuple[float, float]], rounds: int = 2) -> list[tuple[float, float]]:
    for _ in range(rounds):
        out = [pts[0]]
        for p, q in zip(pts, pts[1:]):
            out += [(0.75 * p[0] + 0.25 * q[0], 0.75 * p[1] + 0.25 * q[1]),
                    (0.25 * p[0] + 0.75 * q[0], 0.25 * p[1] + 0.75 * q[1])]
        out.append(pts[-1])
        pts = out
    return pts


def _fill_cell(img: Image.Image, box: Sequence[float], style: Style, rng: random.Random) -> None:
    x0, y0, x1, y1 = box
    w = x1 - x0
    d = ImageDraw.Draw(img)
    ink = style.ink
    if style.fill == "gutter":
        g = rng.uniform(3.5, 5.0)
        d.rounded_rectangle([x0 + g, y0 + g, x1 - g, y1 - g], radius=round(0.18 * w), fill=ink)
    elif style.fill == "solid":
        d.rectangle([x0 + 1, y0 + 1, x1 - 1, y1 - 1], fill=ink)
    elif style.fill == "solid_gap":
        d.rectangle([x0 + 3, y0 + 3, x1 - 3, y1 - 3], fill=ink)
    elif style.fill == "marker":  # a wobbly outline filled, spilling a pixel or two over the grid lines
        pts = []
        for k in range(16):
            a = 2 * math.pi * k / 16
            ux, uy = math.cos(a), math.sin(a)
            s = max(abs(ux), abs(uy))
            r = (0.5 * w + rng.uniform(-1.0, 2.0)) / s
            pts.append(((x0 + x1) / 2 + r * ux, (y0 + y1) / 2 + r * uy))
        layer = Image.new("L", img.size, 0)
        ImageDraw.Draw(layer).polygon(pts, fill=235)
        base = np.asarray(img).astype(np.float32)
        a = np.asarray(layer, np.float32)[..., None] / 255
        mixed = base * (1 - a) + np.minimum(base, np.array(ink, np.float32)) * a
        img.paste(Image.fromarray(mixed.astype(np.uint8)))
    elif style.fill == "bevel":
        rim = max(3, round(0.12 * w))
        d.rectangle([x0 + 1, y0 + 1, x1 - 1, y1 - 1], fill=tuple(max(0, c - 55) for c in ink))
        d.polygon([(x0 + 1, y0 + 1), (x1 - 1, y0 + 1), (x1 - 1 - rim, y0 + 1 + rim), (x0 + 1 + rim, y0 + 1 + rim),
                   (x0 + 1 + rim, y1 - 1 - rim), (x0 + 1, y1 - 1)], fill=tuple(min(255, c + 45) for c in ink))
        d.rectangle([x0 + 1 + rim, y0 + 1 + rim, x1 - 1 - rim, y1 - 1 - rim], fill=ink)
    elif style.fill == "stipple":
        step = 4.0
        y = y0 + 3
        while y < y1 - 2:
            x = x0 + 3 + rng.uniform(0, 1.5)
            while x < x1 - 2:
                cx, cy = x + rng.uniform(-0.8, 0.8), y + rng.uniform(-0.8, 0.8)
                r = rng.uniform(1.6, 2.4)
                d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=ink)
                x += step
            y += step
    elif style.fill == "zigzag":
        pts = []
        y = y0 + 4
        left = True
        while y < y1 - 3:
            pts.append(((x0 + rng.uniform(3, 6)) if left else (x1 - rng.uniform(3, 6)), y + rng.uniform(-1, 1)))
            left = not left
            y += rng.uniform(3.0, 4.0)
        d.line(pts, fill=ink, width=4, joint="curve")
    else:
        raise ValueError(style.fill)


STROKE_DIGITS = {
    1: [(0.3, 0.25), (0.55, 0.05), (0.55, 0.95)],
    2: [(0.15, 0.25), (0.3, 0.08), (0.6, 0.05), (0.82, 0.2), (0.8, 0.42), (0.15, 0.95), (0.88, 0.95)],
    3: [(0.15, 0.12), (0.5, 0.03), (0.8, 0.18), (0.75, 0.38), (0.45, 0.48), (0.8, 0.6), (0.85, 0.8),
        (0.55, 0.97), (0.15, 0.88)],
    4: [(0.65, 0.95), (0.65, 0.05), (0.1, 0.68), (0.9, 0.68)],
    5: [(0.82, 0.05), (0.25, 0.05), (0.2, 0.45), (0.55, 0.38), (0.82, 0.55), (0.8, 0.82), (0.5, 0.97),
        (0.15, 0.88)],
    6: [(0.75, 0.05), (0.35, 0.3), (0.18, 0.65), (0.3, 0.92), (0.6, 0.95), (0.8, 0.72), (0.6, 0.5),
        (0.3, 0.55), (0.2, 0.7)],
}


def _write_digit(img: Image.Image, box: Sequence[float], text: str, style: Style, rng: random.Random) -> None:
    x0, y0, x1, y1 = box
    w = x1 - x0
    d = ImageDraw.Draw(img)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-2.5, 2.5), (y0 + y1) / 2 + rng.uniform(-2.5, 2.5)
    if style.digits == "strokes" and text.isdigit() and int(text) in STROKE_DIGITS:
        hgt = w * rng.uniform(0.5, 0.64)
        wid = hgt * 0.62
        pts = [(cx + (px - 0.5) * wid + rng.uniform(-0.8, 0.8), cy + (py - 0.5) * hgt + rng.uniform(-0.8, 0.8))
               for px, py in STROKE_DIGITS[int(text)]]
        d.line(_chaikin(pts, 1) if int(text) not in (1, 4) else pts, fill=style.digit_ink, width=3, joint="curve")
        return
    path = style.digits if style.digits != "strokes" else "andika/Andika-Regular.ttf"
    size = round(w * rng.uniform(0.48, 0.72))
    d.text((cx, cy), text, font=_font(path, size), fill=style.digit_ink, anchor="mm")


def _redraw_page(img: Image.Image, record: Any, style: Style, rng: random.Random) -> None:
    """Every grid redrawn with thin blue-grey lines (the given views' fills kept) and every caption
    rewritten in ``style.redraw``, a little off its place, as a model that re-renders the page does."""
    layout = record.layout
    d = ImageDraw.Draw(img)
    base = np.asarray(img.convert("L"))
    for name, grid in layout["grids"].items():
        n = grid["rows"]
        gx0, gy0, gx1, gy1 = grid["grid_bbox"]
        filled = []
        for r in range(n):
            for c in range(n):
                bx0, by0, bx1, by1 = (round(v) for v in cell_box(grid, r, c))
                filled.append(((r, c), base[by0 + 6:by1 - 6, bx0 + 6:bx1 - 6].mean() < 128))
        d.rectangle([gx0 - 3, gy0 - 3, gx1 + 3, gy1 + 3], fill=(255, 255, 255))
        for (r, c), dark in filled:
            if dark:
                d.rectangle(cell_box(grid, r, c), fill=(10, 10, 10))
        step = (gx1 - gx0) / n
        for k in range(1, n):
            d.line([(gx0 + k * step, gy0), (gx0 + k * step, gy1)], fill=(120, 130, 160), width=1)
            d.line([(gx0, gy0 + k * step), (gx1, gy0 + k * step)], fill=(120, 130, 160), width=1)
        d.rectangle([gx0, gy0, gx1, gy1], outline=(40, 40, 60), width=2)
    for lines in layout["caption_lines"].values():
        for k, ((x0, y0, x1, y1), text) in enumerate(zip(lines["boxes"], lines["text"])):
            d.rectangle([x0, y0, x1, y1], fill=(255, 255, 255))
            size = round((y1 - y0) * (0.8 if k == 0 else 0.85))
            d.text(((x0 + x1) / 2 + rng.uniform(-2, 2), (y0 + y1) / 2 + rng.uniform(-1, 1)), text,
                   font=_font(style.redraw, size), fill=(0, 0, 0), anchor="mm")


def paint(record: Any, input_image: Image.Image, answer: dict[str, Any], style: Style, seed: int) -> np.ndarray:
    """The answer page: the input with ``answer`` drawn in ``style`` (``grids``: view name -> 0/1 cells or
    ``heights`` -> digits, ``shade`` / ``texts`` for views drawn another way, ``page_edits`` callables on
    the page before the style's page changes)."""
    rng = random.Random(seed)
    img = input_image.convert("RGB").copy()
    if style.redraw:
        _redraw_page(img, record, style, rng)
    layout = record.layout
    for name, values in answer["grids"].items():
        grid = layout["grids"][name]
        for r, row in enumerate(np.asarray(values).tolist()):
            for c, v in enumerate(row):
                if not v:
                    continue
                box = cell_box(grid, r, c)
                if name == "heights" and not answer.get("shade_heights"):
                    _write_digit(img, box, str(v), style, rng)
                elif name in answer.get("digits_in", ()):
                    _write_digit(img, box, str(answer["digit_values"][name][r][c]), style, rng)
                else:
                    _fill_cell(img, box, style, rng)
    for edit in answer.get("page_edits", ()):
        edit(img, rng)
    return apply_page(np.asarray(img), style.page, seed, EXTRA_STEPS)


# ------------------------------------------------------------------------------------------ cases


def _truth_views(record: Any) -> dict[str, np.ndarray]:
    return {v: np.asarray(record.ground_truth[f"{v}_view"], np.int64) for v in VIEWS}


def truth_answer(record: Any) -> dict[str, Any]:
    views = _truth_views(record)
    grids = {}
    for name in record.layout["answer_grids"]:
        grids[name] = (np.asarray(record.ground_truth["heightmap"], np.int64) if name == "heights"
                       else views[name].copy())
    return {"grids": grids}


def _same_views(record: Any, h: np.ndarray) -> bool:
    views, truth = views_of(h), _truth_views(record)
    return all(np.array_equal(views[v], truth[v]) for v in VIEWS)


def alternatives(record: Any, rng: random.Random) -> list[dict[str, Any]]:
    """views_to_solid: the structure with the most cubes and a heightmap between the fewest and the most
    (stacks lowered at random while every view stays), each other than the stored one."""
    if "heights" not in record.layout["answer_grids"]:
        return []
    stored = np.asarray(record.ground_truth["heightmap"], np.int64)
    best = np.asarray(record.ground_truth["certificate"]["max_cubes_heightmap"], np.int64)
    out = []
    if not np.array_equal(best, stored) and _same_views(record, best):
        out.append(best)
    for _ in range(60):
        h = best.copy()
        cells = [(r, c) for r in range(h.shape[0]) for c in range(h.shape[1]) if h[r, c] > 1]
        rng.shuffle(cells)
        for r, c in cells:
            trial = h.copy()
            trial[r, c] = rng.randint(1, h[r, c] - 1)
            if _same_views(record, trial):
                h = trial
        if not any(np.array_equal(h, m) for m in out + [stored]):
            out.append(h)
            break
    return [{"grids": {"heights": h}} for h in out]


def _view_answer(record: Any) -> dict[str, Any] | None:
    return truth_answer(record) if "heights" not in record.layout["answer_grids"] else None


def _changed(record: Any, answer: dict[str, Any], name: str, grid: np.ndarray) -> dict[str, Any] | None:
    if np.array_equal(grid, answer["grids"][name]):
        return None
    answer["grids"][name] = grid
    return answer


def _front_row_only(record, rng):
    """The front view drawn from the front row of stacks only (the stacks behind it forgotten)."""
    a = _view_answer(record)
    if a is None or "front" not in a["grids"]:
        return None
    h = np.asarray(record.ground_truth["heightmap"], np.int64)
    n = h.shape[0]
    row = h[n - 1]
    return _changed(record, a, "front", (row[None, :] > np.arange(n - 1, -1, -1)[:, None]).astype(np.int64))


def _top_flipped(record, rng):
    """The top view drawn with the front edge at the top."""
    a = _view_answer(record)
    if a is None or "top" not in a["grids"]:
        return None
    return _changed(record, a, "top", a["grids"]["top"][::-1].copy())


def _right_mirrored(record, rng):
    """The right view drawn with the front edge on the right (as seen from the left)."""
    a = _view_answer(record)
    if a is None or "right" not in a["grids"]:
        return None
    return _changed(record, a, "right", a["grids"]["right"][:, ::-1].copy())


def _front_upside_down(record, rng):
    a = _view_answer(record)
    if a is None or "front" not in a["grids"]:
        return None
    return _changed(record, a, "front", a["grids"]["front"][::-1].copy())


def _short_column(record, rng):
    """A front or right view missing the top cube of one column (a hidden stack under-counted)."""
    a = _view_answer(record)
    if a is None:
        return None
    options = [(g, c) for g in ("front", "right") if g in a["grids"]
               for c in range(a["grids"][g].shape[1]) if a["grids"][g][:, c].sum() >= 2]
    if not options:
        return None
    g, c = options[rng.randrange(len(options))]
    grid = a["grids"][g].copy()
    grid[int(np.argmax(grid[:, c])), c] = 0
    return _changed(record, a, g, grid)


def _floating_cell(record, rng):
    """A front or right view with a cell filled two levels above its column's top (a cube in mid-air)."""
    a = _view_answer(record)
    if a is None:
        return None
    n = record.ground_truth["n"]
    options = [(g, c) for g in ("front", "right") if g in a["grids"]
               for c in range(n) if a["grids"][g][:, c].sum() <= n - 2]
    if not options:
        return None
    g, c = options[rng.randrange(len(options))]
    grid = a["grids"][g].copy()
    level = int(grid[:, c].sum()) + 1  # one empty level between
    grid[n - 1 - level, c] = 1
    return _changed(record, a, g, grid)


def _digits_in_top(record, rng):
    """The top view with the stack heights written in its cells instead of shading them."""
    a = _view_answer(record)
    if a is None or "top" not in a["grids"]:
        return None
    a["digits_in"] = ("top",)
    a["digit_values"] = {"top": np.asarray(record.ground_truth["heightmap"]).tolist()}
    return a


def _caption_renamed(record, rng):
    """An answer grid's caption rewritten with another name (Right -> Side, Front -> Face, Top -> Plan,
    Heights -> Levels)."""
    a = truth_answer(record)
    name = record.layout["answer_grids"][0]
    new = {"right": "Side", "front": "Face", "top": "Plan", "heights": "Levels"}[name]
    (x0, y0, x1, y1) = record.layout["caption_lines"][name]["boxes"][0]

    def edit(img, _rng):
        d = ImageDraw.Draw(img)
        d.rectangle([x0, y0, x1, y1], fill=(255, 255, 255))
        d.text(((x0 + x1) / 2, (y0 + y1) / 2), new, font=_font("dejavu/DejaVuSans-Bold.ttf", 20), fill=(0, 0, 0),
               anchor="mm")

    a["page_edits"] = [edit]
    return a


def _given_changed(record, rng):
    """The context changed: the front arrow erased (drawing given) or one cell of a given view flipped
    (a model 'correcting' the puzzle)."""
    a = truth_answer(record)
    layout = record.layout
    given = [g for g in layout["given_grids"] if g in VIEWS]
    if "arrow_bbox" in layout and (not given or rng.random() < 0.5):
        x0, y0, x1, y1 = layout["arrow_bbox"]
        box = [x0 + 2, y0 + 2, x1 - 2, y1 - 2]

        def edit(img, _rng):
            ImageDraw.Draw(img).rectangle(box, fill=(255, 255, 255))
    elif given:
        g = given[rng.randrange(len(given))]
        grid = layout["grids"][g]
        view = _truth_views(record)[g]
        r, c = rng.randrange(view.shape[0]), rng.randrange(view.shape[1])
        cb = cell_box(grid, r, c)
        colour = (255, 255, 255) if view[r, c] else (0, 0, 0)

        def edit(img, _rng):
            ImageDraw.Draw(img).rectangle([cb[0] + 2, cb[1] + 2, cb[2] - 2, cb[3] - 2], fill=colour)
    else:
        return None
    a["page_edits"] = [edit]
    return a


def _heights_answer(record):
    if "heights" not in record.layout["answer_grids"]:
        return None
    return truth_answer(record)


def _heights_transposed(record, rng):
    a = _heights_answer(record)
    if a is None or _same_views(record, a["grids"]["heights"].T):
        return None
    a["grids"]["heights"] = a["grids"]["heights"].T.copy()
    return a


def _heights_front_at_top(record, rng):
    a = _heights_answer(record)
    if a is None or _same_views(record, a["grids"]["heights"][::-1]):
        return None
    a["grids"]["heights"] = a["grids"]["heights"][::-1].copy()
    return a


def _heights_shaded(record, rng):
    """The heights grid shaded like a top view instead of written."""
    a = _heights_answer(record)
    if a is None:
        return None
    a["shade_heights"] = True
    return a


def _height_too_tall(record, rng):
    """The tallest stack written one too high (n + 1 where it is n: a height out of range, else a
    silhouette too tall)."""
    a = _heights_answer(record)
    if a is None:
        return None
    h = a["grids"]["heights"].copy()
    r, c = np.unravel_index(int(np.argmax(h)), h.shape)
    h[r, c] += 1
    a["grids"]["heights"] = h
    return a


def _stack_lowered(record, rng):
    """A stack that alone sets a silhouette written one lower."""
    a = _heights_answer(record)
    if a is None:
        return None
    h = a["grids"]["heights"]
    cells = [(r, c) for r in range(h.shape[0]) for c in range(h.shape[1]) if h[r, c] >= 2]
    rng.shuffle(cells)
    for r, c in cells:
        trial = h.copy()
        trial[r, c] -= 1
        if not _same_views(record, trial):
            a["grids"]["heights"] = trial
            return a
    return None


ERRORS: dict[str, Callable] = {
    "front_row_only": _front_row_only, "top_flipped": _top_flipped, "right_mirrored": _right_mirrored,
    "front_upside_down": _front_upside_down, "short_column": _short_column, "floating_cell": _floating_cell,
    "digits_in_top": _digits_in_top, "caption_renamed": _caption_renamed, "given_changed": _given_changed,
    "heights_transposed": _heights_transposed, "heights_front_at_top": _heights_front_at_top,
    "heights_shaded": _heights_shaded, "height_too_tall": _height_too_tall, "stack_lowered": _stack_lowered,
}
WRONG = ("wrong_cells", "mirrored_view", "swapped_views", "inconsistent_projection")
# the violation codes any one of which names each planted error
ERROR_CODES: dict[str, tuple[str, ...]] = {
    "front_row_only": WRONG, "top_flipped": WRONG, "right_mirrored": WRONG, "front_upside_down": WRONG,
    "short_column": WRONG, "floating_cell": WRONG, "digits_in_top": WRONG + ("stray_mark",),
    "caption_renamed": ("labels_changed",), "given_changed": ("drawing_changed",),
    "heights_transposed": WRONG, "heights_front_at_top": WRONG,
    "heights_shaded": ("height_out_of_range", "unreadable_grid", "missing_view") + WRONG,
    "height_too_tall": ("height_out_of_range",) + WRONG, "stack_lowered": WRONG,
}


def cases(records: Sequence[Any], master_seed: int) -> list[tuple[Any, str, str, dict[str, Any], Style, int]]:
    """(record, case, expect, answer, style, seed): per record each style draws the truth once; the
    alternatives and each applicable error once, in styles taken in turn."""
    rng = random.Random(master_seed)
    out = []
    k = 0
    for record in records:
        for style in STYLES:
            out.append((record, "none", "correct", truth_answer(record), style, rng.randrange(1 << 30)))
        for alt in alternatives(record, rng):
            out.append((record, "alternative", "correct", alt, STYLES[k % len(STYLES)], rng.randrange(1 << 30)))
            k += 1
        for name, make in ERRORS.items():
            made = make(record, rng)
            if made is None:
                continue
            out.append((record, name, "not_pass", made, STYLES[k % len(STYLES)], rng.randrange(1 << 30)))
            k += 1
    return out


def main(n_instances: int = 9, master_seed: int = 1414, json_out: str | None = None) -> None:
    run_audit("orthographic", n_instances, master_seed, cases, paint, ERROR_CODES, json_out)


if __name__ == "__main__":
    import sys

    main(*(int(a) for a in sys.argv[1:3]), *(sys.argv[3:4]))
