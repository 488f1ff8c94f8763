"""Answers to the board_game puzzles of issue 17 (nqueens ... knight_route), drawn as a model might.

- :func:`instance`: a generated instance through the track (record, input, reference, mask).
- :func:`board_image`: any board (accepted, planted error, alternative) drawn by the puzzle's renderer.
- :func:`restyled`: the accepted answer drawn in a *style* onto the input: other marks (X, dot, filled disc,
  letter), other fonts for numbers, other colours and shapes for pegs, boxes, discs, routes; then a page
  change (rescale, JPEG, thicker grid...).

Styles are split: :data:`TUNE_STYLES` were looked at while building the readers; :data:`HELDOUT_STYLES`
were written before the readers were run on them and are never tuned on (their figures are reported in
docs/board_puzzles.md as they came out). Fonts come from matplotlib's shipped set and OpenCV's Hershey
fonts (on every machine; none of issue 12's reserved handwriting fonts).
"""

from __future__ import annotations

import importlib
from pathlib import Path

import cv2
import matplotlib
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from genpuzzle import perturb
from genpuzzle.records import InstanceRecord
from genpuzzle.registry import get_track
from genpuzzle.solvers.board_game.base import parse_board

MPL_FONTS = Path(matplotlib.__file__).parent / "mpl-data" / "fonts" / "ttf"

# a style is a content style (marks, fonts, colours: x, dot, filled, letter; held out: ring, check, hatched,
# script) optionally followed by a page style (+jpeg, +rescale, +thick_grid; held out: +tilt_blur_tint)
TUNE_STYLES = ("x+jpeg", "dot+rescale", "filled+thick_grid", "letter")
HELDOUT_STYLES = ("ring", "check+tilt_blur_tint", "hatched", "script+tilt_blur_tint")

INKS = ((0, 0, 0), (200, 30, 30), (30, 60, 200), (20, 110, 40))


def instance(game: str, seed: int):
    """``(record, input, reference, mask)`` of one generated instance (RGB uint8 arrays, bool mask)."""
    track = get_track("board_game")
    p = track.generate(seed, game)
    record = InstanceRecord(id=f"{game}-{seed}", track=p.track, variant=p.variant, difficulty=p.difficulty, seed=seed,
                            instruction=p.instruction, input_image="input.png", reference_images=["ref.png"],
                            edit_mask="mask.png", ground_truth=p.ground_truth, layout=p.layout, scoring=p.scoring,
                            track_version=track.version)
    return (record, np.asarray(p.input_image.convert("RGB")), np.asarray(p.reference_images[0].convert("RGB")),
            np.asarray(p.edit_mask) > 0)


def board_image(game: str, board) -> np.ndarray:
    renderer = importlib.import_module(f"genpuzzle.renderers.board_game.{game}")
    return np.asarray(renderer.render_board(board).image.convert("RGB"))


def accepted_boards(record) -> list[list[list[str]]]:
    return [parse_board(a["board"]) for a in record.ground_truth["accepted"]]


def data_of(record) -> dict:
    return record.ground_truth["certificate"]["instance"]


# ------------------------------------------------------------------------------------------ drawing helpers


def _font(name: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(MPL_FONTS / name), size)


def _centre(layout, r, c):
    return layout["cell_centers"][r][c]


def draw_mark(draw: ImageDraw.ImageDraw, layout, r: int, c: int, style: str, ink, rng: np.random.Generator) -> None:
    """One mark in cell (r, c): x, dot, filled, letter (tuning); ring, check, hatched, script (held out)."""
    s = float(layout["cell_px"])
    x, y = _centre(layout, r, c)
    x += rng.uniform(-0.04, 0.04) * s
    y += rng.uniform(-0.04, 0.04) * s
    w = max(3, int(s / 12))
    if style == "x":
        h = 0.28 * s
        draw.line([(x - h, y - h), (x + h, y + h)], fill=ink, width=w)
        draw.line([(x - h, y + h), (x + h, y - h)], fill=ink, width=w)
    elif style == "dot":
        k = 0.15 * s
        draw.ellipse([x - k, y - k, x + k, y + k], fill=ink)
    elif style == "filled":
        k = 0.36 * s
        draw.ellipse([x - k, y - k, x + k, y + k], fill=ink)
    elif style == "letter":
        draw.text((x, y), "Q", font=_font("DejaVuSerif-Bold.ttf", int(0.6 * s)), fill=ink, anchor="mm")
    elif style == "ring":
        k = 0.3 * s
        draw.ellipse([x - k, y - k, x + k, y + k], outline=ink, width=w)
    elif style == "check":
        draw.line([(x - 0.25 * s, y), (x - 0.05 * s, y + 0.22 * s), (x + 0.3 * s, y - 0.25 * s)], fill=ink, width=w,
                  joint="curve")
    elif style == "hatched":
        h = 0.3 * s
        draw.rectangle([x - h, y - h, x + h, y + h], outline=ink, width=max(2, w // 2))
        for k in range(-3, 4):
            o = k * h / 3.5
            draw.line([(x - h, y + o - h * 0.0), (x + h, y + o - h * 0.0)], fill=ink, width=max(2, w // 2))
    elif style == "script":
        draw.text((x, y), "Q", font=_font("STIXGeneralItalic.ttf", int(0.65 * s)), fill=ink, anchor="mm")
    else:
        raise ValueError(style)


def page(image: np.ndarray, style: str, layout=None, seed: int = 0) -> np.ndarray:
    """A page-level change as a model's return shows it."""
    if style == "rescale":
        return perturb.rescale(image, 0.83)
    if style == "jpeg":
        return perturb.jpeg(image, 65)
    if style == "thick_grid" and layout.get("puzzle") == "hanoi":  # thicker pole tops
        out = image.copy()
        for x in layout["peg_x"]:
            cv2.line(out, (int(x), int(layout["pole_top"])), (int(x), int(layout["pole_top"] + 8)), (90, 60, 30), 18)
        return out
    if style == "thick_grid":  # the grid redrawn about three times as thick, a little darker
        out = image.copy()
        x0, y0, x1, y1 = (int(v) for v in layout["grid_bbox"])
        cell = float(layout["cell_px"])
        w = max(4, int(cell / 14))
        px, py = (int(v) for v in layout["line_points"][len(layout["line_points"]) // 2])
        colour = tuple(int(0.8 * v) for v in image[py, px])
        for k in range(layout["cols"] + 1):
            x = int(round(x0 + k * cell))
            cv2.line(out, (x, y0), (x, y1), colour, w)
        for k in range(layout["rows"] + 1):
            y = int(round(y0 + k * cell))
            cv2.line(out, (x0, y), (x1, y), colour, w)
        return out
    if style == "tilt_blur_tint":
        return perturb.jpeg(perturb.retint(perturb.blur(perturb.rotate(image, 0.8), 0.8)), 80)
    return image


# ------------------------------------------------------------------------------------------ per puzzle


def _new_cells(record, target) -> list[tuple[int, int]]:
    position = parse_board(record.ground_truth["position"])
    return [(r, c) for r, row in enumerate(target) for c, v in enumerate(row) if v != position[r][c]]


def restyled(game: str, record, input_image: np.ndarray, style: str, seed: int = 0, accepted_index: int = 0) -> np.ndarray:
    """The accepted answer drawn onto the input in ``style`` (``content`` or ``content+page``)."""
    content, _, page_style = style.partition("+")
    out = _content(game, record, input_image, content, seed, accepted_index)
    return page(out, page_style, record.layout, seed) if page_style else out


def _content(game: str, record, input_image: np.ndarray, content: str, seed: int, accepted_index: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    target = accepted_boards(record)[accepted_index]
    layout = record.layout
    ink = INKS[seed % len(INKS)]
    image = Image.fromarray(input_image.copy())
    draw = ImageDraw.Draw(image)
    if game in ("nqueens", "queens", "minesweeper") or (game == "lights_out" and record.ground_truth["task"] == "press"):
        for r, c in _new_cells(record, target):
            draw_mark(draw, layout, r, c, content, ink, rng)
    elif game == "lights_out":
        _lights(draw, layout, target, content)
    elif game in ("sliding_puzzle", "game_2048"):
        script = _numbers(draw, layout, record, target, content, rng)
        if script:
            image = Image.fromarray(_script_numbers(np.asarray(image), script))
    elif game == "peg_solitaire":
        _pegs(draw, layout, target, content)
    elif game == "sokoban":
        _sokoban(draw, layout, record, target, content)
    elif game == "hanoi":
        image = Image.fromarray(_hanoi(record, target, content))
    elif game == "knight_route":
        _route(draw, layout, target, content, ink)
    return np.asarray(image)


def _fill_inner(draw, layout, r, c, colour, inset=0.06):
    x0, y0, x1, y1 = layout["cell_boxes"][r][c]
    d = inset * (x1 - x0)
    draw.rectangle([x0 + d, y0 + d, x1 - d, y1 - d], fill=tuple(colour))


def _lights(draw, layout, target, style):
    lit = (250, 222, 60) if style != "hatched" else (255, 230, 0)
    dark = (232, 232, 228)
    s = float(layout["cell_px"])
    for r, row in enumerate(target):
        for c, v in enumerate(row):
            _fill_inner(draw, layout, r, c, lit if v.startswith("L") else dark)
            if v.endswith("o"):
                x, y = _centre(layout, r, c)
                k = 0.3 * s
                draw.ellipse([x - k, y - k, x + k, y + k], outline=(0, 0, 0), width=max(3, int(s / 14)))


def _numbers(draw, layout, record, target, style, rng):
    """Every number cell redrawn: the cell refilled with its tile colour, the number in another font."""
    fonts = {"x": "DejaVuSerif-Bold.ttf", "dot": "cmss10.ttf", "filled": "DejaVuSansMono-Bold.ttf",
             "letter": "DejaVuSans-BoldOblique.ttf", "ring": "STIXGeneralBol.ttf", "check": "cmr10.ttf",
             "hatched": "STIXGeneralItalic.ttf", "script": None}
    s = float(layout["cell_px"])
    palette = layout["palette"]
    script = []
    for r, row in enumerate(target):
        for c, v in enumerate(row):
            if v == ".":
                colour = palette["."]
            else:
                colour = palette.get(v, palette.get("tile", (250, 236, 200)))
            _fill_inner(draw, layout, r, c, colour)
            if v == ".":
                continue
            x, y = _centre(layout, r, c)
            x += rng.uniform(-0.03, 0.03) * s
            size = int(s * (0.48 if len(v) <= 2 else 1.0 / len(v)))
            if fonts[style] is None:  # Hershey script, drawn with OpenCV afterwards
                script.append((v, x, y, size))
                continue
            draw.text((x, y), v, font=_font(fonts[style], size), fill=(20, 20, 20), anchor="mm")
    return script


def _script_numbers(image: np.ndarray, script) -> np.ndarray:
    out = image.copy()
    for v, x, y, size in script:
        scale = size / 30.0
        (tw, th), _ = cv2.getTextSize(v, cv2.FONT_HERSHEY_SCRIPT_SIMPLEX, scale, 3)
        cv2.putText(out, v, (int(x - tw / 2), int(y + th / 2)), cv2.FONT_HERSHEY_SCRIPT_SIMPLEX, scale, (20, 20, 20), 3,
                    cv2.LINE_AA)
    return out


def _pegs(draw, layout, target, style):
    s = float(layout["cell_px"])
    wood = tuple(layout["board_colour"])
    colours = {"x": (20, 20, 20), "dot": (180, 40, 40), "filled": (40, 120, 60), "letter": (90, 40, 140),
               "ring": (30, 60, 150), "check": (200, 120, 20), "hatched": (30, 30, 30), "script": (30, 60, 150)}
    for r, row in enumerate(target):
        for c, v in enumerate(row):
            _fill_inner(draw, layout, r, c, wood)
            x, y = _centre(layout, r, c)
            if v == "P":
                k = {"dot": 0.27, "ring": 0.3}.get(style, 0.34) * s
                if style == "ring":  # a peg drawn as a thick-rimmed disc
                    draw.ellipse([x - k, y - k, x + k, y + k], fill=(120, 150, 220), outline=colours[style], width=int(s / 8))
                else:
                    draw.ellipse([x - k, y - k, x + k, y + k], fill=colours[style])
            elif style not in ("filled", "check"):
                k = 0.13 * s
                draw.ellipse([x - k, y - k, x + k, y + k], outline=(150, 120, 80), width=2)


def _sokoban(draw, layout, record, target, style):
    s = float(layout["cell_px"])
    box = {"x": (180, 120, 50), "dot": (205, 140, 60), "hatched": (150, 95, 35)}.get(style, (190, 125, 45))
    player = {"x": (40, 80, 220), "dot": (20, 60, 200), "hatched": (60, 110, 240)}.get(style, (35, 85, 225))
    for r, row in enumerate(target):
        for c, v in enumerate(row):
            if v == "#":
                continue
            _fill_inner(draw, layout, r, c, (255, 255, 255), inset=0.04)
            x, y = _centre(layout, r, c)
            if v in ("B", "b"):
                h = 0.34 * s
                draw.rectangle([x - h, y - h, x + h, y + h], fill=box, outline=(90, 50, 10), width=3)
                if style == "hatched":
                    for k in (-0.15, 0.15):
                        draw.line([(x - h, y + k * s), (x + h, y + k * s)], fill=(90, 50, 10), width=2)
            elif v in ("P", "p"):
                k = 0.26 * s
                draw.ellipse([x - k, y - k, x + k, y + k], fill=player)
                if style in ("letter", "script"):
                    draw.text((x, y), "P", font=_font("DejaVuSans-Bold.ttf", int(0.3 * s)), fill=(255, 255, 255),
                              anchor="mm")
            elif v == "g":
                k = 0.12 * s
                draw.ellipse([x - k, y - k, x + k, y + k], fill=(220, 40, 40))


def _hanoi(record, target, style) -> np.ndarray:
    """The pegs redrawn: discs as plain bars in other colours (no numbers for some styles), thinner bars."""
    layout = record.layout
    n = layout["rows"]
    empty = board_image("hanoi", [["."] * 3 for _ in range(n)])
    image = Image.fromarray(empty)
    draw = ImageDraw.Draw(image)
    colours = [(70, 130, 180), (200, 90, 60), (90, 170, 90), (160, 110, 200), (220, 170, 40), (100, 100, 100)]
    for p in range(3):
        level = 0
        for r in range(n - 1, -1, -1):
            v = target[r][p]
            if v == ".":
                continue
            size = int(v)
            w = layout["disc_w"][size - 1] * (1.03 if style in ("dot", "ring") else 1.0)
            cx = layout["peg_x"][p]
            y1 = layout["base_y"] - level * layout["disc_h"]
            shrink = 5 if style in ("x", "check") else 2
            box = [cx - w / 2, y1 - layout["disc_h"] + shrink, cx + w / 2, y1 - 1]
            draw.rectangle(box, fill=colours[(size - 1) % len(colours)],
                           outline=(0, 0, 0) if style != "filled" else None, width=1)
            if style in ("letter", "script"):
                draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), v,
                          font=_font("STIXGeneralItalic.ttf" if style == "script" else "DejaVuSerif-Bold.ttf", 18),
                          fill=(255, 255, 255), anchor="mm")
            level += 1
    return np.asarray(image)


def _route(draw, layout, target, style, ink):
    from genpuzzle.solvers.board_game.knight_route import route_of

    route = route_of(target)
    draw_route_cells(draw, layout, route, style, ink)


def draw_route_cells(draw, layout, route, style: str = "x", ink=(200, 30, 30)) -> None:
    """A route through ``route`` (cells) as a model might draw it."""
    s = float(layout["cell_px"])
    pts = [tuple(_centre(layout, r, c)) for r, c in route]
    width = {"x": max(3, int(s / 14)), "dot": max(2, int(s / 22)), "filled": max(6, int(s / 8)),
             "letter": max(4, int(s / 12)), "ring": max(4, int(s / 12)), "check": max(3, int(s / 16)),
             "hatched": max(5, int(s / 10)), "script": max(3, int(s / 14))}[style]
    if style == "check":  # dashed
        for a, b in zip(pts, pts[1:]):
            for k in range(10):
                t0, t1 = k / 10, (k + 0.6) / 10
                draw.line([(a[0] + t0 * (b[0] - a[0]), a[1] + t0 * (b[1] - a[1])),
                           (a[0] + t1 * (b[0] - a[0]), a[1] + t1 * (b[1] - a[1]))], fill=ink, width=width)
    else:
        draw.line(pts, fill=ink, width=width, joint="curve")
    for k, (x, y) in enumerate(pts[1:-1], start=1):
        if style == "dot":
            q = 0.1 * s
            draw.ellipse([x - q, y - q, x + q, y + q], fill=ink)
        elif style == "letter":
            draw.text((x + 0.22 * s, y - 0.22 * s), str(k), font=_font("DejaVuSans-Bold.ttf", int(0.25 * s)), fill=ink,
                      anchor="mm")
        elif style == "ring":
            q = 0.2 * s
            draw.ellipse([x - q, y - q, x + q, y + q], outline=ink, width=3)
