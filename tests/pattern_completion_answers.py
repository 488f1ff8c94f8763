"""Answers to pattern-completion instances drawn as a model would: the answer panel redrawn by hand (cells
filled with jitter, pencil grey, hatching; figures with other outline widths, wobbly vertices, other
greys and slightly other proportions), then page effects (JPEG, rescale, small rotation, tinted paper).

``TUNE`` styles were used while setting the reader's thresholds; ``HELDOUT`` styles were written before
any tuning on them and are only measured.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

import numpy as np
from PIL import Image, ImageDraw

from genpuzzle import perturb
from genpuzzle.records import InstanceRecord
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


@dataclass(frozen=True)
class Style:
    name: str
    cell_fill: str = "solid"  # solid | pencil | hatch | scribble
    ink: tuple[int, int, int] = (0, 0, 0)
    outline_px: int = 3
    wobble: float = 0.0  # vertex jitter, fraction of the figure size
    size_scale: float = 1.0
    lstar_shift: float = 0.0
    jpeg: int | None = None
    scale: float | None = None
    rotate: float = 0.0
    paper: tuple[int, int, int] | None = None
    fill_style: str = "flat"  # flat | hatch (figure fills drawn as black hatching of the same mean grey)
    restyle_context: bool = False  # the model redraws every given panel in this style too
    dot_scale: float = 1.0  # ring / counted dots drawn this much larger
    arrow: str = "solid"  # solid | strokes (shaft and a two-stroke head)


TUNE = (
    Style("clean"),
    Style("jpeg_small", jpeg=55, scale=0.8),
    Style("thick_rotated", outline_px=5, rotate=1.5, wobble=0.03),
    Style("pencil", cell_fill="pencil", ink=(60, 60, 70), outline_px=2, lstar_shift=4, jpeg=70),
)
HELDOUT = (
    Style("hatched_big", cell_fill="hatch", outline_px=4, wobble=0.04, size_scale=1.05, scale=1.3, jpeg=80,
          dot_scale=1.2),
    Style("scribble_tinted", cell_fill="scribble", ink=(20, 20, 90), outline_px=6, lstar_shift=-5,
          paper=(246, 238, 215), rotate=-1.0, arrow="strokes"),
    Style("thin_shrunk", outline_px=2, size_scale=0.95, wobble=0.05, scale=0.6, jpeg=60, dot_scale=0.8),
    # written with the sequence / counting variants, before measuring them (not tuned on)
    Style("hatch_fill", fill_style="hatch", outline_px=3, wobble=0.02, jpeg=75, arrow="strokes"),
    Style("page_restyled", restyle_context=True, outline_px=5, lstar_shift=6, size_scale=1.04, scale=0.9,
          jpeg=70, dot_scale=1.1),
)


def _fill_cell(draw: ImageDraw.ImageDraw, box: Any, style: Style, rng: random.Random) -> None:
    x0, y0, x1, y1 = box
    w = x1 - x0
    j = lambda: rng.uniform(0.04, 0.14) * w
    if style.cell_fill == "solid":
        draw.rectangle([x0 + j(), y0 + j(), x1 - j(), y1 - j()], fill=style.ink)
    elif style.cell_fill == "pencil":
        draw.rectangle([x0 + j(), y0 + j(), x1 - j(), y1 - j()], fill=tuple(min(255, c + 40) for c in style.ink))
    elif style.cell_fill == "hatch":
        draw.rectangle([x0 + 3, y0 + 3, x1 - 3, y1 - 3], outline=style.ink, width=2)
        for t in np.arange(-w, w, 4.0):
            draw.line([(x0 + 3 + max(0, t), y0 + 3 + max(0, -t)), (x1 - 3 - max(0, -t), y1 - 3 - max(0, t))],
                      fill=style.ink, width=2)
    else:  # scribble: zig-zag strokes covering the cell
        ys = np.linspace(y0 + 3, y1 - 3, 7)
        pts = [(x0 + 3 if i % 2 == 0 else x1 - 3, float(y)) for i, y in enumerate(ys)]
        draw.line(pts, fill=style.ink, width=max(4, int(w / 5)))


def draw_cells(image: Image.Image, box: Any, n: int, grid: Any, style: Style, rng: random.Random) -> None:
    x0, y0, x1, y1 = box
    cw, ch = (x1 - x0) / n, (y1 - y0) / n
    draw = ImageDraw.Draw(image)
    for r in range(n):
        for c in range(n):
            if grid[r][c]:
                _fill_cell(draw, (x0 + c * cw, y0 + r * ch, x0 + (c + 1) * cw, y0 + (r + 1) * ch), style, rng)


def _polygon_fill(image: Image.Image, pts: list[tuple[float, float]], grey: int, style: Style) -> None:
    """Fill a polygon flat, or as black diagonal hatching whose ink share gives the same mean grey (a
    pixel is ink when (x + y) mod 8 < w, w = 8 x darkness)."""
    draw = ImageDraw.Draw(image)
    if style.fill_style == "flat":
        draw.polygon(pts, fill=(grey, grey, grey))
        return
    draw.polygon(pts, fill=(255, 255, 255))
    width = int(round(8 * (1 - grey / 255)))
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).polygon(pts, fill=255)
    yy, xx = np.mgrid[0:image.size[1], 0:image.size[0]]
    hatch = ((xx + yy) % 8 < width) & (np.asarray(mask) > 0)
    a = np.asarray(image).copy()
    a[hatch] = 0
    image.paste(Image.fromarray(a))


def draw_figures(image: Image.Image, panel_box: Any, config: str, panel: dict[str, int], style: Style,
                 rng: random.Random, slots_override: list[int] | None = None) -> None:
    draw = ImageDraw.Draw(image)
    slots = slot_boxes(panel_box, config)
    grey = lstar_to_grey(min(100.0, max(0.0, FILLS_LSTAR[panel["fill"]] + style.lstar_shift)))
    chosen = slots_override if slots_override is not None else occupied_slots(panel, config)

    def figure(shape: str, center: tuple[float, float], side: float, fill_grey: int) -> None:
        if shape == "hexagon":
            pts = [(center[0] + side / 2 * math.cos(a), center[1] + side / 2 * math.sin(a))
                   for a in np.linspace(0, 2 * math.pi, 7)[:-1]]
        else:
            pts = shape_points(shape, center, side)
        pts = [(x + rng.uniform(-1, 1) * style.wobble * side, y + rng.uniform(-1, 1) * style.wobble * side)
               for x, y in pts]
        _polygon_fill(image, pts, fill_grey, style)
        draw.line(pts + [pts[0], pts[1]], fill=style.ink, width=style.outline_px, joint="curve")

    for i in chosen:
        x0, y0, x1, y1 = slots[i]
        slot_side = min(x1 - x0, y1 - y0)
        jitter = 0.02 if config == "in_out" else 0.04
        cx = (x0 + x1) / 2 + rng.uniform(-jitter, jitter) * (x1 - x0)
        cy = (y0 + y1) / 2 + rng.uniform(-jitter, jitter) * (y1 - y0)
        shape = SHAPES[panel["type"]] if 0 <= panel["type"] < len(SHAPES) else "hexagon"
        if config == "in_out":
            outer = OUTER_SHAPES[panel["out_type"]] if 0 <= panel["out_type"] < len(OUTER_SHAPES) else "triangle"
            figure(outer, (cx, cy), OUTER_SIZE * slot_side * min(1.0, style.size_scale) - style.outline_px, 255)
            icx, icy = inner_center(panel["out_type"] % len(OUTER_SHAPES), ((x0 + x1) / 2, (y0 + y1) / 2), slot_side)
            figure(shape, (icx + cx - (x0 + x1) / 2, icy + cy - (y0 + y1) / 2),
                   INNER_SIZES[panel["size"]] * slot_side * style.size_scale - style.outline_px, grey)
        else:
            figure(shape, (cx, cy), SIZES[panel["size"]] * slot_side * style.size_scale - style.outline_px, grey)


def draw_row_answer(image: Image.Image, record: InstanceRecord, value: Any, style: Style, rng: random.Random,
                    box: Any = None) -> None:
    """A ``sequence`` / ``counting`` panel's answer as a model would draw it: ring dots filled by hand,
    an arrow of another build, and counted figures in an arrangement of its own (any figure with the
    count is right)."""
    layout, truth = record.layout, record.ground_truth
    box = box or layout["panel_boxes"][layout["slot_panel"]]
    draw = ImageDraw.Draw(image)
    x0, y0, x1, y1 = box
    side = x1 - x0
    kind = truth["kind"]
    if kind == "ring":
        r = DOT_RADIUS * side * style.dot_scale
        for p in value:
            cx, cy = ring_centers(box)[p]
            cx, cy = cx + rng.uniform(-0.2, 0.2) * r, cy + rng.uniform(-0.2, 0.2) * r
            draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=style.ink)
    elif kind == "arrow":
        shaft, head = arrow_polygon(box, value)
        wobble = lambda p: (p[0] + rng.uniform(-2, 2), p[1] + rng.uniform(-2, 2))
        if style.arrow == "strokes":
            tip = head[0]
            draw.line([wobble(shaft[0]), tip], fill=style.ink, width=max(3, style.outline_px))
            for corner in head[1:]:
                draw.line([tip, wobble(corner)], fill=style.ink, width=max(3, style.outline_px))
        else:
            draw.line([wobble(p) for p in shaft], fill=style.ink, width=max(4, 2 * style.outline_px))
            draw.polygon([wobble(p) for p in head], fill=style.ink)
    elif kind in ("count", "dots"):
        r = COUNT_DOT_RADIUS * side * style.dot_scale
        placed: list[tuple[float, float]] = []
        while len(placed) < value:
            p = (rng.uniform(x0 + 0.14 * side, x1 - 0.14 * side), rng.uniform(y0 + 0.14 * side, y1 - 0.14 * side))
            if all((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 > (2.6 * r) ** 2 for q in placed):
                placed.append(p)
                draw.ellipse([p[0] - r, p[1] - r, p[0] + r, p[1] + r], fill=style.ink)
    elif kind == "regions":
        # another figure than the reference's: a row of closed rings, or a grid of boxes
        w = max(3, style.outline_px)
        if value <= 4 and rng.random() < 0.5:
            rad = side * 0.34 / value
            for j in range(value):
                cx = x0 + side * 0.5 + (j - (value - 1) / 2) * 2.3 * rad
                draw.ellipse([cx - rad, y0 + side / 2 - rad, cx + rad, y0 + side / 2 + rad], outline=style.ink, width=w)
        else:
            cols, rows = {4: (2, 2), 6: (3, 2), 9: (3, 3)}.get(value, (value, 1))
            gx0, gy0, gx1, gy1 = x0 + 0.15 * side, y0 + 0.15 * side, x1 - 0.15 * side, y1 - 0.15 * side
            draw.rectangle([gx0, gy0, gx1, gy1], outline=style.ink, width=w)
            for c in range(1, cols):
                gx = gx0 + (gx1 - gx0) * c / cols
                draw.line([(gx, gy0), (gx, gy1)], fill=style.ink, width=w)
            for r in range(1, rows):
                gy = gy0 + (gy1 - gy0) * r / rows
                draw.line([(gx0, gy), (gx1, gy)], fill=style.ink, width=w)
    else:  # lines: short parallel strokes in rows (another arrangement than the reference's)
        per_row = 3
        for j in range(value):
            r, c = divmod(j, per_row)
            lx = x0 + side * (0.2 + 0.27 * c) + rng.uniform(-2, 2)
            ly = y0 + side * (0.2 + 0.22 * r)
            draw.line([(lx, ly), (lx + side * 0.12, ly + side * 0.14)], fill=style.ink, width=max(3, style.outline_px))


def restyle_context(image: Image.Image, record: InstanceRecord, style: Style, rng: random.Random) -> None:
    """Every given panel redrawn in ``style`` (its interior cleared first): a model redrawing the page."""
    layout, truth = record.layout, record.ground_truth
    draw = ImageDraw.Draw(image)
    for i, box in enumerate(layout["panel_boxes"]):
        if i == layout["slot_panel"]:
            continue
        x0, y0, x1, y1 = (int(v) for v in box)
        w = layout["frame_px"]
        if layout["variant_kind"] == "objects":
            draw.rectangle([x0 + w + 1, y0 + w + 1, x1 - w - 2, y1 - w - 2], fill=(255, 255, 255))
            draw_figures(image, box, truth["config"], truth["panels"][i // 3][i % 3], style, rng)


def page_effects(a: np.ndarray, style: Style, seed: int) -> np.ndarray:
    if style.paper is not None:
        a = perturb.retint(a, style.paper)
    if style.rotate:
        a = perturb.rotate(a, style.rotate)
    if style.scale:
        a = perturb.rescale(a, style.scale)
    if style.jpeg:
        a = perturb.jpeg(a, style.jpeg)
    return a


def make_answer(input_image: Image.Image, record: InstanceRecord, style: Style, seed: int = 0,
                answer: Any = None, context_edit: bool = False, outside_mark: bool = False) -> np.ndarray:
    """The input with the answer panel drawn in ``style`` (``answer`` overrides the true answer: a grid
    for cells, an attribute dict for objects), optionally a change in a given panel or a mark outside."""
    rng = random.Random(seed)
    img = input_image.convert("RGB")  # a copy; the track draws in grey
    layout, truth = record.layout, record.ground_truth
    slot = layout["slot_panel"]
    answer = truth["answer"] if answer is None else answer
    if layout["variant_kind"] == "cells":
        draw_cells(img, layout["grid_boxes"][slot], truth["n"], answer, style, rng)
        if context_edit:
            n = truth["n"]
            grid = [[1 - v if (r, c) == (1, 1) else 0 for c, v in enumerate(row)] for r, row in
                    enumerate(truth["panels"][0][1])]
            box = layout["grid_boxes"][1]
            cw = (box[2] - box[0]) / n
            x0, y0 = box[0] + cw, box[1] + cw
            if truth["panels"][0][1][1][1]:
                ImageDraw.Draw(img).rectangle([x0 + 1, y0 + 1, x0 + cw - 1, y0 + cw - 1], fill=(255, 255, 255))
                ImageDraw.Draw(img).rectangle([x0, y0, x0 + cw, y0 + cw], outline=(150, 150, 150))
            else:
                draw_cells(img, box, n, grid, style, rng)
    elif layout["variant_kind"] == "objects":
        if style.restyle_context:
            restyle_context(img, record, style, rng)
        draw_figures(img, layout["panel_boxes"][slot], truth["config"], answer, style, rng)
        if context_edit:
            x0, y0, x1, y1 = layout["panel_boxes"][1]
            ImageDraw.Draw(img).ellipse([x0 + 10, y0 + 10, x0 + 40, y0 + 40], fill=(0, 0, 0))
    else:
        draw_row_answer(img, record, answer, style, rng)
        if context_edit:
            x0, y0, x1, y1 = layout["panel_boxes"][1]
            ImageDraw.Draw(img).ellipse([x0 + 12, y0 + 12, x0 + 34, y0 + 34], fill=(0, 0, 0))
    if outside_mark:
        w, h = img.size
        ImageDraw.Draw(img).line([(w - 20, 6), (w - 6, 20)], fill=style.ink, width=4)
        ImageDraw.Draw(img).line([(w - 6, 6), (w - 20, 20)], fill=style.ink, width=4)
    return page_effects(np.asarray(img.convert("RGB")), style, seed)


def one_attribute_wrong(record: InstanceRecord, rng: random.Random) -> tuple[Any, str]:
    """The true answer with one cell flipped (cells) or one attribute changed (objects), and the
    violation code it must produce."""
    truth = record.ground_truth
    kind = record.layout["variant_kind"]
    if kind in ("sequence", "counting"):
        value = truth["answer"]
        if truth["kind"] == "ring":  # one dot moved one place (a slip)
            moved = sorted(value)
            options = [(j, (moved[j] + d) % 8) for j in range(len(moved)) for d in (1, -1)
                       if (moved[j] + d) % 8 not in moved]
            j, p = rng.choice(options)
            moved[j] = p
            return sorted(moved), "wrong_position"
        if truth["kind"] == "arrow":  # one 45 degree step off
            return (value + rng.choice((1, -1))) % 8, "wrong_direction"
        return (value + 1 if value < 2 or rng.random() < 0.5 else value - 1), "wrong_count"
    if kind == "cells":
        grid = [list(row) for row in truth["answer"]]
        r, c = rng.randrange(truth["n"]), rng.randrange(truth["n"])
        grid[r][c] = 1 - grid[r][c]
        return grid, "wrong_cells"
    answer = dict(truth["answer"])
    config = truth["config"]
    attrs = (["type", "size", "fill"] + (["position"] if config in ("grid2x2", "grid3x3") else [])
             + (["out_type"] if config == "in_out" else []))
    attr = rng.choice(attrs)
    levels = {"type": len(SHAPES), "size": len(INNER_SIZES if config == "in_out" else SIZES), "fill": len(FILLS_LSTAR),
              "out_type": len(OUTER_SHAPES)}
    if attr == "position":
        count = bin(answer["position"]).count("1")
        slots = 9 if config == "grid3x3" else 4
        options = [m for m in range(1, 1 << slots) if bin(m).count("1") == count and m != answer["position"]]
        if not options:
            attr = "fill"
        else:
            answer["position"] = rng.choice(options)
            return answer, "wrong_position"
    answer[attr] = rng.choice([v for v in range(levels[attr]) if v != answer[attr]])
    return answer, {"type": "wrong_shape", "size": "wrong_size", "fill": "wrong_fill", "out_type": "wrong_shape"}[attr]


def measure(styles, count: int = 6, seed: int = 0, variants: Any = None) -> dict[str, Any]:
    """Per variant: share of right answers drawn in ``styles`` scoring 100 (and how many of the others
    went to review rather than a confident failure), and share of planted errors (one cell / attribute
    wrong, a given panel changed) caught and named."""
    from genpuzzle.evaluate import verify_image
    from genpuzzle.registry import get_track

    track = get_track("pattern_completion")
    out: dict[str, Any] = {}
    for variant in variants or track.variants:
        passed = reviewed = answers = caught = planted = false_passes = 0
        failures: list[str] = []
        missed: list[str] = []
        for k in range(count):
            puzzle = track.generate(seed + k, variant)
            record = InstanceRecord(id=f"m{k}", track=track.name, variant=variant, difficulty=puzzle.difficulty,
                                    seed=seed + k, instruction="", input_image="", reference_images=[],
                                    edit_mask="", ground_truth=puzzle.ground_truth, layout=puzzle.layout,
                                    scoring=puzzle.scoring, track_version=track.version)
            inp = np.asarray(puzzle.input_image.convert("RGB"))
            mask = np.asarray(puzzle.edit_mask) > 0
            for style in styles:
                v = verify_image(record, make_answer(puzzle.input_image, record, style, k), inp, mask)
                answers += 1
                if v.score == 100 and v.status.value == "correct":
                    passed += 1
                else:
                    reviewed += v.status.value == "needs_review"
                    failures.append(f"{style.name}/{k}:{','.join(v.codes)}")
                wrong, code = one_attribute_wrong(record, random.Random(k))
                v = verify_image(record, make_answer(puzzle.input_image, record, style, k, answer=wrong), inp, mask)
                caught += code in v.codes and v.score < 100
                if not (code in v.codes and v.score < 100):
                    missed.append(f"{style.name}/{k}:{code}->{','.join(v.codes)}")
                false_passes += v.score == 100
                v = verify_image(record, make_answer(puzzle.input_image, record, style, k, context_edit=True),
                                 inp, mask)
                caught += "context_modified" in v.codes and v.score < 100
                if not ("context_modified" in v.codes and v.score < 100):
                    missed.append(f"{style.name}/{k}:context->{','.join(v.codes)}")
                planted += 2
        out[variant] = {"answers": answers, "pass_rate": passed / answers, "reviewed": reviewed,
                        "failures": failures, "planted": planted, "caught_rate": caught / planted,
                        "missed": missed, "false_passes": false_passes}
    return out
