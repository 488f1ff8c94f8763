"""Orthographic answers drawn as people and image models draw them, for tests and the benchmark.

Styles are split: ``TUNE`` styles were looked at while setting thresholds; ``HELDOUT`` styles (other
fills, fonts, inks and page effects) were written afterwards and are only ever run as a check.
:func:`measure` verifies every style and planted error over a fresh set and returns the rates.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from genpuzzle import perturb
from genpuzzle.records import InstanceRecord
from genpuzzle.renderers.common import cell_box

FONT_DIRS = [Path("/usr/share/fonts/truetype"), Path("/usr/share/fonts/opentype")]


def _font(name: str, size: int) -> ImageFont.FreeTypeFont:
    """The font file ``name`` from the Debian font packages ``tools/install.sh`` installs. A missing font
    is an error, never a quiet fallback: a style drawn in DejaVu Sans would test another style than it names."""
    return ImageFont.truetype(str(_font_file(name)), size)


@cache  # one search of the font folders per face and process
def _font_file(name: str) -> Path:
    """The path of :func:`_font`'s font file ``name``."""
    for base in FONT_DIRS:
        found = sorted(base.rglob(name))
        if found:
            return found[0]
    raise FileNotFoundError(f"font {name} not found under {', '.join(map(str, FONT_DIRS))}: run tools/install.sh")


# ------------------------------------------------------------------------------------------ answer styles


@dataclass(frozen=True)
class Style:
    name: str
    fill: str  # solid, inset, hatch, crosshatch, pencil, partial, scribble
    colour: tuple[int, int, int]
    digit_font: str  # a file name under /usr/share/fonts/{truetype,opentype}
    effects: tuple[str, ...]  # captions, thicken, thin, warp, texture, jpeg, rescale, model_like, rotate, tint


TUNE = (
    Style("t_solid_jpeg", "solid", (20, 20, 20), "DejaVuSans.ttf", ("jpeg",)),
    Style("t_inset_blue_rescale", "inset", (40, 60, 190), "LiberationSans-Regular.ttf", ("rescale", "jpeg")),
    Style("t_hatch", "hatch", (25, 25, 25), "FreeSerif.ttf", ("jpeg",)),
    Style("t_pencil_tint", "pencil", (90, 90, 100), "Humor-Sans.ttf", ("tint", "jpeg")),
    Style("t_redrawn_thick_serif", "solid", (15, 15, 15), "DejaVuSerif.ttf", ("captions", "thicken", "jpeg")),
)

HELDOUT = (
    Style("h_crosshatch_model", "crosshatch", (30, 30, 40), "ComicNeue-Regular.otf", ("model_like",)),
    Style("h_partial_red_rotate", "partial", (190, 40, 40), "LiberationSerif-Bold.ttf", ("rotate", "jpeg")),
    Style("h_scribble_green", "scribble", (30, 120, 60), "FiraCode-Regular.ttf", ("rescale", "jpeg")),
    Style("h_pencil_light_model", "pencil", (120, 120, 130), "Cantarell-Regular.otf", ("model_like",)),
    Style("h_redrawn_bent_thin", "inset", (25, 25, 25), "LiberationMono-Regular.ttf",
          ("captions", "thin", "warp", "texture", "jpeg")),
)


def _fill_cell(img: Image.Image, box, style: Style, rng: random.Random) -> None:
    """Fill one cell in ``style``; strokes are clipped to the cell as a careful hand would keep them."""
    bx0, by0 = int(box[0]), int(box[1])
    side = int(round(box[2] - box[0]))
    patch = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    d = ImageDraw.Draw(patch)
    x0, y0, x1, y1 = 0, 0, side, side
    w = side
    col = style.colour
    if style.fill == "solid":
        d.rectangle([x0, y0, x1, y1], fill=col)
    elif style.fill == "inset":
        m = [rng.uniform(0.04, 0.12) * w for _ in range(4)]
        d.polygon([(x0 + m[0], y0 + m[1]), (x1 - m[2], y0 + m[0]), (x1 - m[3], y1 - m[2]), (x0 + m[1], y1 - m[3])],
                  fill=col)
    elif style.fill in ("hatch", "crosshatch"):
        step = max(4, round(w / 7))
        for k in range(-round(w), round(w), step):
            d.line([(x0 + k, y1), (x0 + k + w, y0)], fill=col, width=3)
            if style.fill == "crosshatch":
                d.line([(x0 + k, y0), (x0 + k + w, y1)], fill=col, width=2)
        d.rectangle([x0 + 2, y0 + 2, x1 - 2, y1 - 2], outline=col, width=2)
    elif style.fill == "pencil":
        y = y0 + 3
        while y < y1 - 2:
            d.line([(x0 + rng.uniform(2, 6), y + rng.uniform(-1, 1)), (x1 - rng.uniform(2, 6), y + rng.uniform(-2, 2))],
                   fill=tuple(min(255, c + rng.randint(-15, 15)) for c in col), width=3)
            y += rng.uniform(2.0, 3.2)
    elif style.fill == "partial":
        dx, dy = rng.uniform(-0.1, 0.1) * w, rng.uniform(-0.1, 0.1) * w
        d.rectangle([x0 + 0.12 * w + dx, y0 + 0.12 * w + dy, x1 - 0.12 * w + dx, y1 - 0.12 * w + dy], fill=col)
    elif style.fill == "scribble":
        pts = [(rng.uniform(x0 + 3, x1 - 3), rng.uniform(y0 + 3, y1 - 3)) for _ in range(40)]
        pts.sort(key=lambda p: p[1])
        d.line(pts, fill=col, width=6)
        for k in range(6):
            yy = y0 + (k + 0.5) * (y1 - y0) / 6
            d.line([(x0 + 4, yy), (x1 - 4, yy + rng.uniform(-3, 3))], fill=col, width=6)
    img.paste(patch, (bx0, by0), patch)


def _write_digit(d: ImageDraw.ImageDraw, box, digit: int, style: Style, rng: random.Random) -> None:
    x0, y0, x1, y1 = box
    size = round((y1 - y0) * rng.uniform(0.5, 0.7))
    cx = (x0 + x1) / 2 + rng.uniform(-3, 3)
    cy = (y0 + y1) / 2 + rng.uniform(-3, 3)
    d.text((cx, cy), str(digit), font=_font(style.digit_font, size), fill=style.colour, anchor="mm")


def _redraw_captions(a: np.ndarray, record: InstanceRecord, style: Style, rng: random.Random) -> np.ndarray:
    """Each caption rewritten in the style's font, another size and a few pixels off, as a model that
    re-renders the page does."""
    img = Image.fromarray(a)
    d = ImageDraw.Draw(img)
    for lines in record.layout["caption_lines"].values():
        for k, ((x0, y0, x1, y1), text) in enumerate(zip(lines["boxes"], lines["text"])):
            d.rectangle([x0, y0, x1, y1], fill=(255, 255, 255))
            size = round((y1 - y0) * (0.75 if k == 0 else 0.8) * rng.uniform(0.9, 1.05))
            d.text(((x0 + x1) / 2 + rng.uniform(-3, 3), (y0 + y1) / 2 + rng.uniform(-1, 1)), text,
                   font=_font(style.digit_font, size), fill=(0, 0, 0), anchor="mm")
    return np.asarray(img)


def _effects(a: np.ndarray, style: Style, rng: random.Random, record: InstanceRecord) -> np.ndarray:
    for e in style.effects:
        if e == "captions":
            a = _redraw_captions(a, record, style, rng)
        elif e == "thicken":  # every dark stroke one pixel wider
            a = cv2.erode(a, np.ones((2, 2), np.uint8))
        elif e == "thin":
            a = cv2.addWeighted(a, 0.6, cv2.dilate(a, np.ones((2, 2), np.uint8)), 0.4, 0)
        elif e == "warp":
            a = perturb.warp(a, 2.5, rng.randint(0, 99))
        elif e == "texture":
            a = perturb.noise(a, 7.0, rng.randint(0, 99))
        elif e == "jpeg":
            a = perturb.jpeg(a, rng.randint(55, 80))
        elif e == "rescale":
            a = perturb.rescale(a, rng.uniform(0.7, 1.4))
        elif e == "model_like":
            a = perturb.model_like(a, rng.randint(0, 99))
        elif e == "rotate":
            a = perturb.rotate(a, rng.uniform(-2.0, 2.0))
        elif e == "tint":
            a = perturb.retint(a, (240, 232, 212))
    return a


def make_answer(input_image: Image.Image, record: InstanceRecord, style: Style, seed: int = 0,
                grids: dict[str, np.ndarray] | None = None) -> np.ndarray:
    """The input with the answer grids filled in ``style``: ``grids`` (view name -> 0/1 cells, or
    ``heights`` -> digits), by default the true views / the max-cubes heights."""
    rng = random.Random(seed)
    img = input_image.convert("RGB").copy()
    d = ImageDraw.Draw(img)
    truth = record.ground_truth
    if grids is None:
        grids = {}
        for name in record.layout["answer_grids"]:
            grids[name] = (np.asarray(truth["certificate"]["max_cubes_heightmap"]) if name == "heights"
                           else np.asarray(truth[f"{name}_view"]))
    for name, values in grids.items():
        grid = record.layout["grids"][name]
        for r, row in enumerate(np.asarray(values).tolist()):
            for c, v in enumerate(row):
                if not v:
                    continue
                box = cell_box(grid, r, c)
                if name == "heights":
                    _write_digit(d, box, v, style, rng)
                else:
                    _fill_cell(img, box, style, rng)
    return _effects(np.asarray(img), style, rng, record)



ERRORS = ("wrong_cell", "swapped", "mirrored", "missing", "wrong_height")


def plant(record: InstanceRecord, error: str, rng: random.Random) -> dict[str, np.ndarray] | None:
    """The answer grids with one planted error, or None when it does not apply to the record."""
    truth = record.ground_truth
    answers = record.layout["answer_grids"]
    views = {v: np.asarray(truth[f"{v}_view"]) for v in ("front", "top", "right")}
    if "heights" in answers:
        if error != "wrong_height":
            return None
        h = np.asarray(truth["certificate"]["max_cubes_heightmap"]).copy()
        r, c = rng.randrange(h.shape[0]), rng.randrange(h.shape[1])
        h[r, c] = 0 if h[r, c] else 1  # a stack removed (top view loses it) or added where none is
        return {"heights": h}
    grids = {g: views[g].copy() for g in answers}
    if error == "wrong_cell":
        g = answers[rng.randrange(len(answers))]
        grids[g][rng.randrange(grids[g].shape[0]), rng.randrange(grids[g].shape[1])] ^= 1
    elif error == "swapped":
        if len(answers) < 3 or np.array_equal(views["front"], views["right"]):
            return None
        grids["front"], grids["right"] = views["right"].copy(), views["front"].copy()
    elif error == "mirrored":
        g = next((g for g in answers if not np.array_equal(views[g], views[g][:, ::-1])), None)
        if g is None:
            return None
        grids[g] = views[g][:, ::-1].copy()
    elif error == "missing":
        del grids[answers[-1]]
    else:
        return None
    return grids


def measure(styles, count: int = 9, seed: int = 0, errors=ERRORS) -> dict[str, float]:
    """Over a fresh set of ``count`` instances: the share of correct answers in ``styles`` scoring 100,
    and the share of planted errors (first style) caught (not ``correct``, score < 100)."""
    import tempfile

    from genpuzzle.dataset import load_set, write_set
    from genpuzzle.evaluate import verify_answer
    from genpuzzle.records import Status

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "set"
        write_set(root, {"orthographic": count}, master_seed=seed)
        records = load_set(root).records
        passed = total = caught = planted = 0
        failures = []
        for k, record in enumerate(records):
            image = Image.open(root / record.input_image).convert("RGB")
            for j, style in enumerate(styles):
                path = Path(tmp) / f"{record.id}_{style.name}.png"
                Image.fromarray(make_answer(image, record, style, seed=k * 31 + j)).save(path)
                verdict = verify_answer(str(root), record, path)
                total += 1
                ok = verdict.status is Status.CORRECT and verdict.score == 100
                passed += ok
                if not ok:
                    failures.append((record.id, style.name, verdict.score, verdict.codes))
            rng = random.Random(k)
            for error in errors:
                grids = plant(record, error, rng)
                if grids is None:
                    continue
                path = Path(tmp) / f"{record.id}_{error}.png"
                Image.fromarray(make_answer(image, record, styles[k % len(styles)], seed=k, grids=grids)).save(path)
                verdict = verify_answer(str(root), record, path)
                planted += 1
                caught += verdict.status is not Status.CORRECT and verdict.score < 100
    return {"pass_rate": passed / total, "answers": total, "caught_rate": caught / planted if planted else 1.0,
            "planted": planted, "failures": failures}
