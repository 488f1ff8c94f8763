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
from genpuzzle.renderers.pattern_completion import (FILLS_LSTAR, RING, SHAPES, SIZES, lstar_to_grey, shape_points,
                                                   slot_boxes)


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


TUNE = (
    Style("clean"),
    Style("jpeg_small", jpeg=55, scale=0.8),
    Style("thick_rotated", outline_px=5, rotate=1.5, wobble=0.03),
    Style("pencil", cell_fill="pencil", ink=(60, 60, 70), outline_px=2, lstar_shift=4, jpeg=70),
)
HELDOUT = (
    Style("hatched_big", cell_fill="hatch", outline_px=4, wobble=0.04, size_scale=1.05, scale=1.3, jpeg=80),
    Style("scribble_tinted", cell_fill="scribble", ink=(20, 20, 90), outline_px=6, lstar_shift=-5,
          paper=(246, 238, 215), rotate=-1.0),
    Style("thin_shrunk", outline_px=2, size_scale=0.95, wobble=0.05, scale=0.6, jpeg=60),
)


def _fill_cell(draw: ImageDraw.ImageDraw, box: Any, style: Style, rng: random.Random) -> None:
    x0, y0, x1, y1 = box
    w = x1 - x0
    j = lambda: rng.uniform(0.04, 0.14) * w  # noqa: E731
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


def draw_figures(image: Image.Image, panel_box: Any, config: str, panel: dict[str, int], style: Style,
                 rng: random.Random, slots_override: list[int] | None = None) -> None:
    draw = ImageDraw.Draw(image)
    slots = slot_boxes(panel_box, config)
    grey = lstar_to_grey(min(100.0, max(0.0, FILLS_LSTAR[panel["fill"]] + style.lstar_shift)))
    fill = (grey, grey, grey)  # page_effects tints the paper (and this fill) afterwards
    chosen = slots_override if slots_override is not None else (
        [0] if config == "center_single" else [RING[b] for b in range(4) if (panel["position"] >> b) & 1])
    for i in chosen:
        x0, y0, x1, y1 = slots[i]
        side = SIZES[panel["size"]] * min(x1 - x0, y1 - y0) * style.size_scale - style.outline_px
        cx = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * (x1 - x0)
        cy = (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * (y1 - y0)
        shape = SHAPES[panel["type"]] if 0 <= panel["type"] < len(SHAPES) else "hexagon"
        if shape == "hexagon":
            pts = [(cx + side / 2 * math.cos(a), cy + side / 2 * math.sin(a))
                   for a in np.linspace(0, 2 * math.pi, 7)[:-1]]
        else:
            pts = shape_points(shape, (cx, cy), side)
        pts = [(x + rng.uniform(-1, 1) * style.wobble * side, y + rng.uniform(-1, 1) * style.wobble * side)
               for x, y in pts]
        draw.polygon(pts, fill=fill)
        draw.line(pts + [pts[0], pts[1]], fill=style.ink, width=style.outline_px, joint="curve")


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
    img = input_image.copy()
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
    else:
        draw_figures(img, layout["panel_boxes"][slot], truth["config"], answer, style, rng)
        if context_edit:
            x0, y0, x1, y1 = layout["panel_boxes"][1]
            ImageDraw.Draw(img).ellipse([x0 + 10, y0 + 10, x0 + 40, y0 + 40], fill=(0, 0, 0))
    if outside_mark:
        w, h = img.size
        ImageDraw.Draw(img).line([(w - 20, 6), (w - 6, 20)], fill=style.ink, width=4)
        ImageDraw.Draw(img).line([(w - 6, 6), (w - 20, 20)], fill=style.ink, width=4)
    return page_effects(np.asarray(img.convert("RGB")), style, seed)


def one_attribute_wrong(record: InstanceRecord, rng: random.Random) -> tuple[Any, str]:
    """The true answer with one cell flipped (cells) or one attribute changed (objects), and the
    violation code it must produce."""
    truth = record.ground_truth
    if record.layout["variant_kind"] == "cells":
        grid = [list(row) for row in truth["answer"]]
        r, c = rng.randrange(truth["n"]), rng.randrange(truth["n"])
        grid[r][c] = 1 - grid[r][c]
        return grid, "wrong_cells"
    answer = dict(truth["answer"])
    attrs = ["type", "size", "fill"] + (["position"] if truth["config"] == "grid2x2" else [])
    attr = rng.choice(attrs)
    levels = {"type": len(SHAPES), "size": len(SIZES), "fill": len(FILLS_LSTAR)}
    if attr == "position":
        count = bin(answer["position"]).count("1")
        options = [m for m in range(1, 16) if bin(m).count("1") == count and m != answer["position"]]
        if not options:
            attr = "fill"
        else:
            answer["position"] = rng.choice(options)
            return answer, "wrong_position"
    answer[attr] = rng.choice([v for v in range(levels[attr]) if v != answer[attr]])
    return answer, {"type": "wrong_shape", "size": "wrong_size", "fill": "wrong_fill"}[attr]


def measure(styles, count: int = 6, seed: int = 0) -> dict[str, Any]:
    """Per variant: share of right answers drawn in ``styles`` scoring 100 (and how many of the others
    went to review rather than a confident failure), and share of planted errors (one cell / attribute
    wrong, a given panel changed) caught and named."""
    from genpuzzle.evaluate import verify_image
    from genpuzzle.registry import get_track

    track = get_track("pattern_completion")
    out: dict[str, Any] = {}
    for variant in track.variants:
        passed = reviewed = answers = caught = planted = 0
        failures: list[str] = []
        for k in range(count):
            puzzle = track.generate(seed + k, variant)
            record = InstanceRecord(id=f"m{k}", track=track.name, variant=variant, difficulty=puzzle.difficulty,
                                    seed=seed + k, instruction="", input_image="", reference_images=[],
                                    edit_mask="", ground_truth=puzzle.ground_truth, layout=puzzle.layout,
                                    scoring=puzzle.scoring, track_version=track.version)
            inp = np.asarray(puzzle.input_image)
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
                v = verify_image(record, make_answer(puzzle.input_image, record, style, k, context_edit=True),
                                 inp, mask)
                caught += "context_modified" in v.codes and v.score < 100
                planted += 2
        out[variant] = {"answers": answers, "pass_rate": passed / answers, "reviewed": reviewed,
                        "failures": failures, "planted": planted, "caught_rate": caught / planted}
    return out
