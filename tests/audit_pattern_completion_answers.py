"""A blind audit family of pattern-completion answers (AUDIT13): the answer panel redrawn as an image
model might return it, and planted errors, written without reading the verifier, the registration or the
documented limits.

Styles (how the answer panel and the page are redrawn):

- ``p_marker_tinted_margin``: heavy 6 px outlines in navy, fills in a blue tint of about the same
  lightness, cells as navy squares; a white margin and JPEG.
- ``p_dotted_thin_caption``: 1-2 px outlines drawn as dots, figures 6 % smaller and shifted; cells as
  filled discs; a caption above the page.
- ``p_crosshatch_letterbox``: fills drawn as cross-hatching of the same mean darkness, cells hatched the
  same way inside a thin outline; a 4:3 letterbox.
- ``p_shadow_tilt``: each figure / dot / cell with a grey drop shadow, the page tilted 2 degrees on a
  grown canvas, JPEG.
- ``p_resized_texture``: figures 8 % larger, nudged a few pixels, outlines in dark brown, cells smaller
  than their cell; paper texture and JPEG 65.
- ``p_reframed_font_margins``: the answer slot's thick frame redrawn 4 px in dark red a little inside
  the original, figures in another grey ramp (L* shifted +5); a caption under the page in Vollkorn
  (a Debian font used nowhere else in the repo); dark margins.

Sequence / counting answers: ring dots and counted dots in the style's ink (shadowed, discs of another
size), arrows as an outlined block arrow or a two-stroke head, regions as a row of ellipses or a pie cut
by spokes, lines as a stack of horizontal strokes.

Cases: ``none`` (the true answer) expects ``correct`` 100; every planted error expects not to pass:
``wrong_candidate`` (another shape / two cells flipped / a dot or arrow off / another count),
``wrong_count`` (a figure more or fewer, a cell more, the count off by one), ``wrong_colour`` (fill one
level off; not for cells and rows), ``wrong_rotation`` (figures drawn turned: triangle apex down, square as
a diamond, pentagon upside down; the cell grid turned 90 degrees; the arrow turned 180 degrees),
``two_answers`` (the true answer and a wrong one both drawn in the slot), ``extra_object`` (the true
answer and a figure added to a given panel).

``python tests/audit_pattern_completion_answers.py [n_per_variant] [master_seed]`` prints right / false
pass / confident false fail / review / unreadable per style and per case.

Blind figure (session-start code 6d85fc5, 3 instances per variant, master seed 1313): 104 of 128 right,
3 false passes (a filled triangle added to a given ``matrix_cells`` panel on a dark-margined page 2; the
answer's figures turned -- square as a diamond / triangle apex down -- on a tilted shadowed page 1),
0 confident false fails, 21 reviews (20 on planted errors: wrong candidate 9 and wrong rotation 4 named
but ``outside_hypotheses``, two answers 5, wrong fill 2 ``unsure_reading``; 1 on a right answer: tinted
fills with 6 px navy outlines, ``unsure_reading``), 0 unreadable. Right answers 71 of 72. Checked after
the run: the two ``extra_object`` passes are this family's fault, not the verifier's (the triangle drawn in
the fifth panel's bottom-right corner fell wholly inside a black cell of that panel, so nothing visible was
added); the turned pentagons (grid3x3, size 0.36) are a real false pass.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

import numpy as np
from PIL import Image, ImageDraw, ImageFont

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

VOLLKORN = "/usr/share/fonts/truetype/vollkorn/Vollkorn-Regular.ttf"


@dataclass(frozen=True)
class Style:
    name: str
    ink: tuple[int, int, int] = (0, 0, 0)
    outline_px: float = 3.0
    outline: str = "solid"  # solid | dotted
    fill: str = "flat"  # flat | tint | crosshatch
    size_scale: float = 1.0
    shift: float = 0.0  # px the figures are nudged
    shadow: float = 0.0  # px offset of a grey drop shadow
    lstar_shift: float = 0.0
    cell: str = "square"  # square | disc | hatched | small
    arrow: str = "outline"  # outline | strokes
    reframe: bool = False
    page: tuple[tuple[str, Any], ...] = ()


STYLES = [
    Style("p_marker_tinted_margin", ink=(20, 30, 110), outline_px=6, fill="tint", cell="square",
          page=(("margin", 40), ("jpeg", 80))),
    Style("p_dotted_thin_caption", outline_px=2, outline="dotted", size_scale=0.94, shift=3.0, cell="disc",
          arrow="strokes", page=(("caption", 0),)),
    Style("p_crosshatch_letterbox", fill="crosshatch", outline_px=3, cell="hatched",
          page=(("letterbox_4_3", 0),)),
    Style("p_shadow_tilt", outline_px=4, shadow=4.0, page=(("tilt", 2.0), ("jpeg", 80))),
    Style("p_resized_texture", ink=(70, 40, 20), outline_px=3, size_scale=1.08, shift=4.0, cell="small",
          arrow="strokes", page=(("texture", 0.07), ("jpeg", 65))),
    Style("p_reframed_font_margins", outline_px=3, lstar_shift=5.0, reframe=True,
          page=(("font_caption", 0), ("dark_margins", 0))),
]

ERRORS = ("wrong_candidate", "wrong_count", "wrong_colour", "wrong_rotation", "two_answers", "extra_object")


# ------------------------------------------------------------------------------------------ answers


def _wrong_value(record: Any, rng: random.Random, what: str) -> Any:
    """The true answer changed in ``what`` (None when that change does not apply)."""
    truth, kind = record.ground_truth, record.layout["variant_kind"]
    answer = truth["answer"]
    if kind == "cells":
        grid = [list(r) for r in answer]
        n = truth["n"]
        if what == "wrong_candidate":
            cells = rng.sample([(r, c) for r in range(n) for c in range(n)], 2)
            for r, c in cells:
                grid[r][c] = 1 - grid[r][c]
            return grid
        if what == "wrong_count":
            empty = [(r, c) for r in range(n) for c in range(n) if not grid[r][c]]
            if not empty:
                return None
            r, c = rng.choice(empty)
            grid[r][c] = 1
            return grid
        if what == "wrong_rotation":
            turned = [list(row) for row in zip(*grid[::-1])]
            return turned if turned != grid else None
        return None
    if kind == "objects":
        a = dict(answer)
        config = truth["config"]
        if what == "wrong_candidate":
            a["type"] = (a["type"] + rng.choice((1, 2, 3))) % len(SHAPES)
            return a
        if what == "wrong_count":
            if config not in ("grid2x2", "grid3x3"):
                return None
            slots = 4 if config == "grid2x2" else 9
            bits = [b for b in range(slots) if not (a["position"] >> b) & 1]
            if bits and (rng.random() < 0.5 or bin(a["position"]).count("1") < 2):
                a["position"] |= 1 << rng.choice(bits)
            else:
                on = [b for b in range(slots) if (a["position"] >> b) & 1]
                if len(on) < 2:
                    return None
                a["position"] &= ~(1 << rng.choice(on))
            return a
        if what == "wrong_colour":
            a["fill"] = a["fill"] + 1 if a["fill"] < len(FILLS_LSTAR) - 1 else a["fill"] - 1
            return a
        if what == "wrong_rotation":
            return a if SHAPES[a["type"]] != "circle" else None
        return None
    # sequence / counting
    tk = truth["kind"]
    if what == "wrong_candidate":
        if tk == "ring":
            moved = sorted(answer)
            j = rng.randrange(len(moved))
            options = [(moved[j] + d) % 8 for d in (2, -2, 3) if (moved[j] + d) % 8 not in moved]
            moved[j] = options[0]
            return sorted(moved)
        if tk == "arrow":
            return (answer + rng.choice((2, 6))) % 8
        return answer + 2 if answer < 3 else answer - 2
    if what == "wrong_count":
        if tk == "ring":
            free = [p for p in range(8) if p not in answer]
            return sorted(list(answer) + [rng.choice(free)])
        if tk == "arrow":
            return None
        return answer + 1
    if what == "wrong_rotation":
        return (answer + 4) % 8 if tk == "arrow" else None
    return None


def _grey(lstar: float) -> int:
    return lstar_to_grey(min(100.0, max(0.0, lstar)))


def _fill_polygon(image: Image.Image, pts: list[tuple[float, float]], grey: int, style: Style) -> None:
    draw = ImageDraw.Draw(image)
    if style.fill == "tint":
        colour = (255, 255, 255) if grey >= 250 else (int(grey * 0.82), int(grey * 0.93), min(255, int(grey * 1.12) + 12))
        draw.polygon(pts, fill=colour)
        return
    if style.fill == "flat" or grey >= 250 or grey <= 5:
        draw.polygon(pts, fill=(grey, grey, grey))
        return
    # cross-hatching of the same mean darkness: 1 - (1 - w/p)^2 = darkness
    darkness = 1 - grey / 255
    period = 6
    width = period * (1 - math.sqrt(1 - darkness))
    draw.polygon(pts, fill=(255, 255, 255))
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).polygon(pts, fill=255)
    yy, xx = np.mgrid[0:image.size[1], 0:image.size[0]]
    hatch = (((xx + yy) % period < width) | ((xx - yy) % period < width)) & (np.asarray(mask) > 0)
    a = np.asarray(image).copy()
    a[hatch] = 0
    image.paste(Image.fromarray(a))


def _outline(draw: ImageDraw.ImageDraw, pts: list[tuple[float, float]], style: Style) -> None:
    w = max(1, int(round(style.outline_px)))
    if style.outline == "solid":
        draw.line(pts + [pts[0], pts[1]], fill=style.ink, width=w, joint="curve")
        return
    ring = pts + [pts[0]]
    for (ax, ay), (bx, by) in zip(ring, ring[1:]):
        n = max(2, int(math.hypot(bx - ax, by - ay) / 4))
        for t in np.linspace(0, 1, n, endpoint=False):
            x, y = ax + t * (bx - ax), ay + t * (by - ay)
            draw.ellipse([x - w, y - w, x + w, y + w], fill=style.ink)


def _figure(image: Image.Image, shape: str, center: tuple[float, float], side: float, grey: int, style: Style,
            turned: bool) -> None:
    pts = shape_points(shape, center, side)
    if turned:  # apex down / diamond: the figure turned about its centre
        angle = {"triangle": math.pi, "square": math.pi / 4, "pentagon": math.pi}.get(shape, 0.0)
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        c, s = math.cos(angle), math.sin(angle)
        pts = [(cx + c * (x - cx) - s * (y - cy), cy + s * (x - cx) + c * (y - cy)) for x, y in pts]
    if style.shadow:
        ImageDraw.Draw(image).polygon([(x + style.shadow, y + style.shadow) for x, y in pts], fill=(160, 160, 160))
    _fill_polygon(image, pts, grey, style)
    _outline(ImageDraw.Draw(image), pts, style)


def draw_objects(image: Image.Image, panel_box: Any, config: str, panel: dict[str, int], style: Style,
                 rng: random.Random, turned: bool = False, scale: float = 1.0,
                 offset: tuple[float, float] = (0.0, 0.0)) -> None:
    slots = slot_boxes(panel_box, config)
    grey = _grey(FILLS_LSTAR[panel["fill"]] + style.lstar_shift)
    for i in occupied_slots(panel, config):
        x0, y0, x1, y1 = slots[i]
        side = min(x1 - x0, y1 - y0)
        dx = rng.uniform(-1, 1) * style.shift + offset[0]
        dy = rng.uniform(-1, 1) * style.shift + offset[1]
        cx, cy = (x0 + x1) / 2 + dx, (y0 + y1) / 2 + dy
        if config == "in_out":
            outer = OUTER_SHAPES[panel["out_type"]]
            _figure(image, outer, (cx, cy), (OUTER_SIZE * side - style.outline_px) * scale, 255, style, False)
            icx, icy = inner_center(panel["out_type"], ((x0 + x1) / 2, (y0 + y1) / 2), side)
            _figure(image, SHAPES[panel["type"]], (icx + dx, icy + dy),
                    (INNER_SIZES[panel["size"]] * side * style.size_scale - style.outline_px) * scale, grey, style,
                    turned)
        else:
            _figure(image, SHAPES[panel["type"]], (cx, cy),
                    (SIZES[panel["size"]] * side * min(style.size_scale, 1.0 / SIZES[panel["size"]] * 0.97)
                     - style.outline_px) * scale, grey, style, turned)


def draw_cells(image: Image.Image, box: Any, n: int, grid: Any, style: Style, rng: random.Random) -> None:
    x0, y0, x1, y1 = box
    cw = (x1 - x0) / n
    draw = ImageDraw.Draw(image)
    for r in range(n):
        for c in range(n):
            if not grid[r][c]:
                continue
            bx0, by0 = x0 + c * cw, y0 + r * cw
            bx1, by1 = bx0 + cw, by0 + cw
            if style.shadow:
                draw.rectangle([bx0 + 3 + style.shadow, by0 + 3 + style.shadow, bx1 - 3 + style.shadow,
                                by1 - 3 + style.shadow], fill=(160, 160, 160))
            if style.cell == "square":
                draw.rectangle([bx0 + 2, by0 + 2, bx1 - 2, by1 - 2], fill=style.ink)
            elif style.cell == "disc":
                draw.ellipse([bx0 + 3, by0 + 3, bx1 - 3, by1 - 3], fill=style.ink)
            elif style.cell == "small":
                j = rng.uniform(-1.5, 1.5)
                draw.rectangle([bx0 + 6 + j, by0 + 6 - j, bx1 - 6 + j, by1 - 6 - j], fill=style.ink)
            else:  # hatched: outline and dense diagonals
                draw.rectangle([bx0 + 3, by0 + 3, bx1 - 3, by1 - 3], outline=style.ink, width=2)
                for t in np.arange(-cw, cw, 3.0):
                    p = [(bx0 + 3 + max(0, t), by0 + 3 + max(0, -t)), (bx1 - 3 - max(0, -t), by1 - 3 - max(0, t))]
                    if p[0][0] < p[1][0]:
                        draw.line(p, fill=style.ink, width=2)


def _disc(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, style: Style) -> None:
    if style.shadow:
        draw.ellipse([x - r + style.shadow, y - r + style.shadow, x + r + style.shadow, y + r + style.shadow],
                     fill=(160, 160, 160))
    draw.ellipse([x - r, y - r, x + r, y + r], fill=style.ink)


def draw_row(image: Image.Image, record: Any, value: Any, style: Style, rng: random.Random,
             box: Any = None) -> None:
    layout, truth = record.layout, record.ground_truth
    box = box or layout["panel_boxes"][layout["slot_panel"]]
    draw = ImageDraw.Draw(image)
    x0, y0, x1, y1 = box
    side = x1 - x0
    kind = truth["kind"]
    w = max(2, int(round(style.outline_px)))
    if kind == "ring":
        r = DOT_RADIUS * side * (0.9 if style.cell == "small" else 1.12)
        for p in value:
            cx, cy = ring_centers(box)[p]
            _disc(draw, cx + rng.uniform(-1.5, 1.5), cy + rng.uniform(-1.5, 1.5), r, style)
    elif kind == "arrow":
        shaft, head = arrow_polygon(box, value)
        if style.arrow == "strokes":
            tip = head[0]
            draw.line([shaft[0], tip], fill=style.ink, width=max(3, w))
            for corner in head[1:]:
                draw.line([tip, corner], fill=style.ink, width=max(3, w))
        else:  # a block arrow drawn as an outline
            (sx, sy), (bx, by) = shaft
            ux, uy = bx - sx, by - sy
            n = math.hypot(ux, uy)
            nx, ny = -uy / n * side * 0.045, ux / n * side * 0.045
            outline = [(sx + nx, sy + ny), (bx + nx, by + ny), head[1], head[0], head[2], (bx - nx, by - ny),
                       (sx - nx, sy - ny)]
            if style.shadow:
                draw.polygon([(x + style.shadow, y + style.shadow) for x, y in outline], fill=(160, 160, 160))
            draw.polygon(outline, fill=(255, 255, 255))
            draw.line(outline + [outline[0], outline[1]], fill=style.ink, width=max(2, w), joint="curve")
    elif kind in ("count", "dots"):
        r = COUNT_DOT_RADIUS * side * (0.8 if style.cell == "small" else 1.1)
        placed: list[tuple[float, float]] = []
        tries = 0
        while len(placed) < value and tries < 5000:
            tries += 1
            p = (rng.uniform(x0 + 0.15 * side, x1 - 0.15 * side), rng.uniform(y0 + 0.15 * side, y1 - 0.15 * side))
            if all(math.dist(p, q) > 2.8 * r for q in placed):
                placed.append(p)
                _disc(draw, p[0], p[1], r, style)
    elif kind == "regions":
        if value <= 3:  # a row of separate ellipses
            rx, ry = side * 0.3 / value, side * 0.22
            for j in range(value):
                cx = x0 + side / 2 + (j - (value - 1) / 2) * 2.4 * rx
                draw.ellipse([cx - rx, y0 + side / 2 - ry, cx + rx, y0 + side / 2 + ry], outline=style.ink, width=w)
        else:  # a pie cut by spokes
            cx, cy, rad = x0 + side / 2, y0 + side / 2, side * 0.33
            draw.ellipse([cx - rad, cy - rad, cx + rad, cy + rad], outline=style.ink, width=w)
            for j in range(value):
                a = 2 * math.pi * j / value + 0.3
                draw.line([(cx, cy), (cx + rad * math.cos(a), cy + rad * math.sin(a))], fill=style.ink, width=w)
    else:  # lines: a stack of horizontal strokes, two per row when many
        per_row = 1 if value <= 5 else 2
        rows = math.ceil(value / per_row)
        for j in range(value):
            r, c = divmod(j, per_row)
            ly = y0 + side * (0.18 + 0.64 * (r + 0.5) / rows)
            lx0 = x0 + side * (0.2 if per_row == 1 else 0.16 + 0.36 * c)
            lx1 = lx0 + side * (0.6 if per_row == 1 else 0.28)
            draw.line([(lx0, ly + rng.uniform(-1, 1)), (lx1, ly + rng.uniform(-1, 1))], fill=style.ink, width=w)


def answer_image(input_image: Image.Image, record: Any, style: Style, seed: int, case: str = "none") -> np.ndarray | None:
    """The input with the answer slot drawn in ``style`` for ``case`` (None when the case does not apply)."""
    rng = random.Random(seed)
    img = input_image.convert("RGB")
    layout, truth = record.layout, record.ground_truth
    kind = layout["variant_kind"]
    slot = layout["slot_panel"]
    value = truth["answer"]
    turned = False
    if case in ("wrong_candidate", "wrong_count", "wrong_colour", "wrong_rotation"):
        value = _wrong_value(record, rng, case)
        if value is None:
            return None
        turned = case == "wrong_rotation" and kind == "objects"
    if style.reframe:
        x0, y0, x1, y1 = layout["panel_boxes"][slot]
        ImageDraw.Draw(img).rectangle([x0 + 3, y0 + 3, x1 - 4, y1 - 4], outline=(120, 20, 20), width=4)
    slot_box = layout["panel_boxes"][slot]
    if kind == "cells":
        draw_cells(img, layout["grid_boxes"][slot], truth["n"], value, style, rng)
    elif kind == "objects":
        draw_objects(img, slot_box, truth["config"], value, style, rng, turned=turned)
    else:
        draw_row(img, record, value, style, rng)
    if case == "two_answers":
        wrong = _wrong_value(record, rng, "wrong_candidate")
        x0, y0, x1, y1 = slot_box
        side = x1 - x0
        if kind == "cells":
            # a second, wrong grid drawn small in the slot's bottom-right corner
            g = layout["grid_boxes"][slot]
            small = [g[2] - (g[2] - g[0]) * 0.45, g[3] - (g[3] - g[1]) * 0.45, g[2], g[3]]
            ImageDraw.Draw(img).rectangle(small, fill=(255, 255, 255), outline=(90, 90, 90))
            draw_cells(img, small, truth["n"], wrong, Style("s", cell="square"), rng)
        elif kind == "objects":
            # the right panel shrunk to the left half, a wrong one in the right half
            ImageDraw.Draw(img).rectangle([x0 + 6, y0 + 6, x1 - 7, y1 - 7], fill=(255, 255, 255))
            half = [x0, y0 + side * 0.25, x0 + side / 2, y0 + side * 0.75]
            draw_objects(img, half, truth["config"], value, style, rng)
            draw_objects(img, [x0 + side / 2, half[1], x1, half[3]], truth["config"], wrong, style, rng)
        else:
            ImageDraw.Draw(img).rectangle([x0 + 6, y0 + 6, x1 - 7, y1 - 7], fill=(255, 255, 255))
            draw_row(img, record, value, style, rng, box=[x0, y0 + side * 0.25, x0 + side / 2, y0 + side * 0.75])
            draw_row(img, record, wrong, style, rng, box=[x0 + side / 2, y0 + side * 0.25, x1, y0 + side * 0.75])
    if case == "extra_object":
        # a filled triangle added in the corner of the fifth panel
        x0, y0, x1, y1 = layout["panel_boxes"][4]
        s = (x1 - x0) * 0.16
        ImageDraw.Draw(img).polygon([(x1 - 10 - s, y1 - 10), (x1 - 10, y1 - 10), (x1 - 10 - s / 2, y1 - 10 - s)],
                                    fill=style.ink)
    return apply_page(np.asarray(img.convert("RGB")), style.page, seed,
                      {"font_caption": lambda image, _, seed: _font_caption(image, seed)})


def _font_caption(image: np.ndarray, seed: int) -> np.ndarray:
    h, w = image.shape[:2]
    band = max(40, h // 10)
    out = Image.new("RGB", (w, h + band), (255, 255, 255))
    out.paste(Image.fromarray(image), (0, 0))
    font = ImageFont.truetype(VOLLKORN, max(18, band // 2))
    text = ("Completed: the missing panel is drawn.", "Answer (panel 9)", "Here is the finished pattern")[seed % 3]
    ImageDraw.Draw(out).text((12, h + band * 0.2), text, font=font, fill=(30, 30, 30))
    return np.asarray(out)


# ------------------------------------------------------------------------------------------ measuring


def main(n_per_variant: int = 3, master_seed: int = 1313) -> None:
    from collections import Counter, defaultdict

    from genpuzzle.evaluate import verify_image
    from genpuzzle.records import InstanceRecord
    from genpuzzle.registry import get_track

    track = get_track("pattern_completion")
    rng = random.Random(master_seed)
    by_style: dict[str, Counter] = defaultdict(Counter)
    by_case: dict[str, Counter] = defaultdict(Counter)
    lines = []
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
                if kind != "right":
                    lines.append(f"  {kind:21s} {variant} seed={seed} {style.name} {case} -> {verdict.status.value} "
                                 f"{verdict.score} review={verdict.needs_review} {verdict.codes}")
    print_tally(by_style, by_case, lines)


if __name__ == "__main__":
    import sys

    main(*(int(a) for a in sys.argv[1:3]))
