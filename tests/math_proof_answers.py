"""Math-proof answers drawn as people and image models draw them, for tests and the benchmark.

Constructions are redrawn from the exact objects onto the input (hand-wobbly strokes, other colours,
widths, dashes, a written label near a key point), partitions from any valid partition of the identity
(lines, fills, or both; slightly off the grid lines), then page effects (JPEG, rescale, tint, warp, the
image-model look). Styles are split: ``TUNE`` styles were looked at while setting thresholds; ``HELDOUT``
styles (other inks, strokes and page effects) were written afterwards and are only ever run as a check.
:func:`plant` makes the planted errors; :func:`measure` verifies every style and error over a fresh set.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from genpuzzle import perturb
from genpuzzle.records import InstanceRecord
from genpuzzle.renderers.math_proof import to_px
from genpuzzle.solvers.math_proof import valid_partitions


@dataclass(frozen=True)
class Style:
    name: str
    colour: tuple[int, int, int]
    width: int
    wobble: float  # px amplitude of the hand's slow wander
    stroke: str  # solid, dashed, dotted, dashdot, double
    partition: str  # lines, fills, both
    effects: tuple[str, ...]  # jpeg, rescale, tint, warp, model_like, noise, rotate, label


TUNE = (
    Style("t_blue_jpeg", (30, 80, 200), 3, 0.0, "solid", "both", ("jpeg",)),
    Style("t_red_wobbly_thick", (200, 30, 30), 5, 2.5, "solid", "lines", ("jpeg", "label")),
    Style("t_black_thin_rescale", (10, 10, 10), 2, 1.0, "solid", "fills", ("rescale", "jpeg")),
    Style("t_green_dashed_model", (20, 140, 60), 3, 1.5, "dashed", "both", ("model_like",)),
)

HELDOUT = (
    Style("h_purple_pencil_tint", (110, 60, 150), 2, 2.0, "solid", "lines", ("tint", "noise", "jpeg")),
    Style("h_orange_thick_model", (230, 120, 20), 6, 1.0, "solid", "fills", ("model_like", "label")),
    Style("h_dotted_black_warp", (20, 20, 20), 4, 1.5, "dotted", "lines", ("warp", "jpeg")),
    Style("h_teal_double_rescale", (0, 130, 130), 2, 2.0, "double", "both", ("rescale", "jpeg", "label")),
    # added after the dotted-line fix, so that one held-out style was never seen by any threshold
    Style("h2_brown_dashdot_rotate", (120, 70, 30), 3, 1.5, "dashdot", "lines", ("rotate", "jpeg")),
)

ERRORS = ("wrong", "inaccurate", "missing_with_scribble", "label_erased", "extra_ink", "contradiction")
PALETTES = (((255, 200, 120), (150, 200, 255), (180, 230, 160), (250, 170, 190), (210, 180, 250), (250, 235, 130),
             (160, 230, 225), (235, 190, 160)),
            ((120, 170, 240), (240, 150, 120), (140, 210, 140), (230, 210, 110), (200, 140, 220), (120, 210, 210),
             (230, 130, 170), (180, 180, 120)))


def _font(size: int) -> ImageFont.FreeTypeFont:
    from genpuzzle.renderers.common import font

    return font(size)


# ------------------------------------------------------------------------------------------ strokes


def _wander(n: int, amplitude: float, rng: random.Random) -> np.ndarray:
    """A smooth random offset per sample (a hand's slow wander), 0 at neither end in particular."""
    if amplitude <= 0 or n < 2:
        return np.zeros(n)
    t = np.linspace(0, 1, n)
    out = np.zeros(n)
    for k in (1, 2, 3):
        out += rng.uniform(-1, 1) / k * np.sin(math.pi * k * t + rng.uniform(0, math.pi))
    return amplitude * out / max(1e-6, float(np.abs(out).max()))


def stroke(d: ImageDraw.ImageDraw, pts: np.ndarray, style: Style, rng: random.Random, closed: bool = False) -> None:
    """Draw a polyline through ``pts`` (N x 2 px) in ``style``."""
    if closed:
        pts = np.concatenate([pts, pts[:1]])
    seg = np.diff(pts, axis=0)
    length = np.concatenate([[0], np.cumsum(np.hypot(seg[:, 0], seg[:, 1]))])
    n = max(2, int(length[-1] / 3))
    s = np.linspace(0, length[-1], n)
    xs, ys = np.interp(s, length, pts[:, 0]), np.interp(s, length, pts[:, 1])
    dx, dy = np.gradient(xs), np.gradient(ys)
    norm = np.hypot(dx, dy) + 1e-9
    off = _wander(n, style.wobble, rng)
    xs, ys = xs - dy / norm * off, ys + dx / norm * off
    path = list(zip(xs.tolist(), ys.tolist()))
    passes = [0.0] if style.stroke != "double" else [-1.5, 1.5]
    for shift in passes:
        p = [(x - dy[i] / norm[i] * shift, y + dx[i] / norm[i] * shift) for i, (x, y) in enumerate(path)]
        if style.stroke == "solid" or style.stroke == "double":
            d.line(p, fill=style.colour, width=style.width, joint="curve")
        else:
            pattern = {"dashed": ((0, 14),), "dotted": ((0, 3),), "dashdot": ((0, 10), (14, 16))}[style.stroke]
            period = {"dashed": 22, "dotted": 9, "dashdot": 20}[style.stroke]
            for i in range(len(p) - 1):
                if any(a <= s[i] % period < b for a, b in pattern):
                    d.line([p[i], p[i + 1]], fill=style.colour, width=style.width)


def element_points(element: dict, frame: dict) -> tuple[np.ndarray, bool]:
    if element["kind"] == "circle":
        cx, cy = to_px(frame, element["center"])
        r = frame["scale"] * float(Fraction(element["radius"]))
        t = np.linspace(0, 2 * math.pi, 180, endpoint=False)
        return np.stack([cx + r * np.cos(t), cy + r * np.sin(t)], axis=1), True
    pts = element["points"] if element["kind"] == "segment" else element["vertices"]
    return np.array([to_px(frame, p) for p in pts], float), element["kind"] == "polygon"


# ------------------------------------------------------------------------------------------ answers


def _effects(a: np.ndarray, style: Style, rng: random.Random) -> np.ndarray:
    for effect in style.effects:
        if effect == "tint":
            a = perturb.retint(a, (242, 234, 214))
        elif effect == "noise":
            a = perturb.noise(a, 5.0, rng.randint(0, 99))
        elif effect == "warp":
            a = perturb.warp(a, 2.0, rng.randint(0, 99))
        elif effect == "jpeg":
            a = perturb.jpeg(a, rng.randint(60, 85))
        elif effect == "rescale":
            a = perturb.rescale(a, rng.uniform(0.75, 1.5))
        elif effect == "rotate":
            a = perturb.rotate(a, rng.uniform(-1.5, 1.5))
        elif effect == "model_like":
            a = perturb.model_like(a, rng.randint(0, 99))
    return a


def draw_construction(img: Image.Image, record: InstanceRecord, elements: list[dict], style: Style,
                      rng: random.Random, shade: list | None = None) -> None:
    d = ImageDraw.Draw(img)
    frame = record.layout["frame"]
    for e in elements:
        pts, closed = element_points(e, frame)
        if e["kind"] == "segment" and e.get("explains") == "line":
            # people extend lines a little past what is asked
            p, q = pts
            v = (q - p) / max(1e-9, float(np.hypot(*(q - p))))
            pts = np.array([p - v * rng.uniform(0, 15), q + v * rng.uniform(0, 15)])
        stroke(d, pts, style, rng, closed)
    if shade is not None:
        cells = record.layout["cells"]
        x0, y0, x1, y1 = cells["grid_bbox"]
        w, h = (x1 - x0) / cells["cols"], (y1 - y0) / cells["rows"]
        for r, c in shade:
            bx = [x0 + c * w + 3, y0 + r * h + 3, x0 + (c + 1) * w - 3, y0 + (r + 1) * h - 3]
            if style.stroke in ("dashed", "dotted"):  # hatching, kept inside the cell
                cw, ch = int(bx[2] - bx[0]), int(bx[3] - bx[1])
                patch = Image.new("L", (cw, ch), 0)
                pd = ImageDraw.Draw(patch)
                for k in range(-ch, cw, 6):
                    pd.line([(k, ch), (k + ch, 0)], fill=255, width=2)
                pd.rectangle([0, 0, cw - 1, ch - 1], outline=255, width=2)
                img.paste(Image.new("RGB", (cw, ch), style.colour), (int(bx[0]), int(bx[1])), patch)
            else:
                d.rectangle(bx, fill=style.colour)
    if "label" in style.effects and record.ground_truth.get("annotations"):
        x, y = to_px(frame, record.ground_truth["annotations"][0])
        d.text((x + 12, y - 22), rng.choice("DGHMT"), font=_font(20), fill=style.colour)


def draw_partition(img: Image.Image, record: InstanceRecord, labels: np.ndarray, style: Style,
                   rng: random.Random) -> None:
    d = ImageDraw.Draw(img)
    g = record.layout["lattice"]
    x0, y0 = g["grid_bbox"][:2]
    cell = g["cell_px"]
    rows, cols = labels.shape
    if style.partition in ("fills", "both"):
        palette = PALETTES[rng.randrange(len(PALETTES))]
        ids = sorted(int(v) for v in np.unique(labels) if v >= 0)
        # neighbouring regions get different colours (regions in id order cycle through the palette)
        for r in range(rows):
            for c in range(cols):
                if labels[r, c] >= 0:
                    col = palette[ids.index(int(labels[r, c])) % len(palette)]
                    d.rectangle([x0 + c * cell + 1, y0 + r * cell + 1, x0 + (c + 1) * cell - 1, y0 + (r + 1) * cell - 1],
                                fill=col)
    if style.partition in ("lines", "both"):
        jitter = lambda: rng.uniform(-2, 2)  # noqa: E731
        for r in range(rows):
            for c in range(cols):
                if c + 1 < cols and labels[r, c] != labels[r, c + 1]:
                    x = x0 + (c + 1) * cell + jitter()
                    stroke(d, np.array([[x, y0 + r * cell], [x, y0 + (r + 1) * cell]]), style, rng)
                if r + 1 < rows and labels[r, c] != labels[r + 1, c]:
                    y = y0 + (r + 1) * cell + jitter()
                    stroke(d, np.array([[x0 + c * cell, y], [x0 + (c + 1) * cell, y]]), style, rng)
    if "label" in style.effects:
        for v in np.unique(labels):
            if v < 0:
                continue
            rs, cs = np.nonzero(labels == v)
            k = len(rs) // 2
            d.text((x0 + (cs[k] + 0.3) * cell, y0 + (rs[k] + 0.25) * cell), str(len(rs)), font=_font(max(10, int(cell * 0.3))),
                   fill=(40, 40, 40))


def answer_partition(record: InstanceRecord, alternative: int | None, rng: random.Random) -> np.ndarray:
    truth = record.ground_truth
    options = valid_partitions(truth["identity"], truth["params"])
    if alternative is None:
        return options[rng.randrange(len(options))]
    return options[alternative % len(options)]


def make_answer(input_image: Image.Image, record: InstanceRecord, style: Style, seed: int = 0,
                alternative: int | None = None) -> np.ndarray:
    """A correct answer drawn in ``style`` (proofs: a valid partition, random or the ``alternative``-th)."""
    rng = random.Random(seed)
    img = input_image.convert("RGB").copy()
    truth = record.ground_truth
    if record.variant == "proof_without_words":
        draw_partition(img, record, answer_partition(record, alternative, rng), style, rng)
    elif truth["kind"] == "shade_fraction":
        cells = record.layout["cells"]
        order = [(r, c) for r in range(cells["rows"]) for c in range(cells["cols"])]
        rng.shuffle(order)
        draw_construction(img, record, [], style, rng, shade=order[:truth["shade_cells"]])
    else:
        draw_construction(img, record, truth["elements"], style, rng)
        if truth["kind"] == "centroid":
            x, y = to_px(record.layout["frame"], truth["params"]["centroid"])
            ImageDraw.Draw(img).ellipse([x - 5, y - 5, x + 5, y + 5], fill=style.colour)
    return _effects(np.asarray(img), style, rng)


# ------------------------------------------------------------------------------------------ planted errors


def _turned(element: dict, frame: dict, side: float, sign: int) -> dict:
    """The element about 10 % of the figure side off: a segment turned about its first point (a line
    about its middle) so its far end moves by 0.1 side; a circle's centre moved by 0.1 side; a polygon
    shifted by 0.1 side."""
    inv = lambda x, y: (Fraction((x - frame["origin"][0]) / frame["scale"]),  # noqa: E731
                        Fraction((frame["origin"][1] - y) / frame["scale"]))
    if element["kind"] == "circle":
        cx, cy = to_px(frame, element["center"])
        return {**element, "center": [str(v) for v in inv(cx + sign * 0.1 * side * 0.8, cy + 0.1 * side * 0.6)]}
    if element["kind"] == "polygon":
        pts = [to_px(frame, p) for p in element["vertices"]]
        return {**element, "vertices": [[str(v) for v in inv(x + sign * 0.1 * side, y)] for x, y in pts]}
    (px, py), (qx, qy) = (to_px(frame, p) for p in element["points"])
    if element.get("explains") == "line":
        mx, my = (px + qx) / 2, (py + qy) / 2
    else:
        mx, my = px, py
    length = math.hypot(qx - mx, qy - my)
    angle = sign * 0.1 * side / max(length, 1e-9)

    def rot(x, y):
        c, s = math.cos(angle), math.sin(angle)
        return (mx + c * (x - mx) - s * (y - my), my + s * (x - mx) + c * (y - my))

    return {**element, "points": [[str(v) for v in inv(*rot(px, py))], [str(v) for v in inv(*rot(qx, qy))]]}


def plant(input_image: Image.Image, record: InstanceRecord, error: str, style: Style, seed: int = 0
          ) -> np.ndarray | None:
    """An answer with one planted error (None when the error does not apply to the instance)."""
    rng = random.Random(seed)
    img = input_image.convert("RGB").copy()
    truth, layout = record.ground_truth, record.layout
    proof = record.variant == "proof_without_words"
    if error == "contradiction":
        if not proof:
            return None
        labels = np.array(truth["reference_partition"])
        ids = sorted((int((labels == v).sum()), int(v)) for v in np.unique(labels) if v >= 0)
        if len(ids) > 2:
            # merge the two smallest regions: one region too few, areas no longer the identity's terms
            labels[labels == ids[1][1]] = ids[0][1]
        else:
            # cut the largest region across its rows: one region too many
            big = ids[-1][1]
            rs = np.nonzero(labels == big)[0]
            mid = (rs.min() + rs.max() + 1) // 2
            rows = np.arange(labels.shape[0])[:, None].repeat(labels.shape[1], 1)
            labels[(labels == big) & (rows >= mid)] = labels.max() + 1
        draw_partition(img, record, labels, style, rng)
        return _effects(np.asarray(img), style, rng)
    if proof and error in ("wrong", "inaccurate"):
        return None
    if not proof and truth["kind"] == "shade_fraction":
        cells = layout["cells"]
        order = [(r, c) for r in range(cells["rows"]) for c in range(cells["cols"])]
        rng.shuffle(order)
        if error == "wrong":
            draw_construction(img, record, [], style, rng, shade=order[:truth["shade_cells"] + 1])
            return _effects(np.asarray(img), style, rng)
        if error == "inaccurate":
            return None
    if error == "wrong":
        elements = list(truth["elements"])
        frame = layout["frame"]
        # replace the first element by the candidate drawn farthest from it (a clearly different object)
        pick = truth["candidates"][rng.randrange(len(truth["candidates"]))]
        draw_construction(img, record, [pick] + elements[1:], style, rng)
        del frame
        return _effects(np.asarray(img), style, rng)
    if error == "inaccurate":
        frame = layout["frame"]
        fb = layout["figure_bbox"]
        side = float(max(fb[2] - fb[0], fb[3] - fb[1]))
        first = truth["elements"][0]
        best = max((_turned(first, frame, side, s) for s in (1, -1)),
                   key=lambda e: _far_from_candidates(e, truth["candidates"], frame))
        draw_construction(img, record, [best] + truth["elements"][1:], style, rng)
        return _effects(np.asarray(img), style, rng)
    # the remaining errors start from a correct answer
    answer = Image.fromarray(make_answer(input_image, record, Style(style.name, style.colour, style.width, style.wobble,
                                                                    style.stroke, style.partition, ()), seed))
    d = ImageDraw.Draw(answer)
    if error == "missing_with_scribble":
        answer = input_image.convert("RGB").copy()
        d = ImageDraw.Draw(answer)
        d.line([(30, 600), (90, 585), (150, 610)], fill=style.colour, width=4)
    elif error == "label_erased":
        boxes = layout["labels"]
        if not boxes:
            return None
        name = sorted(boxes)[0]
        x0, y0, x1, y1 = boxes[name]
        d.rectangle([x0, y0, x1, y1], fill=(255, 255, 255))
    elif error == "extra_ink":
        d.line([(40, 40), (120, 70), (60, 110), (150, 120)], fill=style.colour, width=4)
    return _effects(np.asarray(answer), style, rng)


def _far_from_candidates(element: dict, candidates: list[dict], frame: dict) -> float:
    from genpuzzle.verifiers.math_proof import element_px, samples_of

    pts = np.concatenate(samples_of(element_px(element, frame)))
    best = float("inf")
    for c in candidates:
        cp = np.concatenate(samples_of(element_px(c, frame)))
        d = np.min(np.hypot(pts[:, None, 0] - cp[None, :, 0], pts[:, None, 1] - cp[None, :, 1]), axis=1)
        best = min(best, float(np.median(d)))
    return best


EXPECTED = {"wrong": "wrong_element", "inaccurate": "inaccurate_element", "missing_with_scribble": "missing_element",
            "label_erased": "input_changed", "extra_ink": "extra_ink", "contradiction": "contradiction"}


# ------------------------------------------------------------------------------------------ measuring


def measure(styles, count: int = 12, seed: int = 0, errors=ERRORS) -> dict:
    """Generate a fresh set of ``count`` instances; every style's correct answer should score 100 and every
    planted error should be named (``EXPECTED``). Returns rates and the failures."""
    import tempfile

    from genpuzzle.dataset import load_set, write_set
    from genpuzzle.evaluate import verify_answer

    tmp = Path(tempfile.mkdtemp(prefix="gp-mp-answers-"))
    write_set(tmp / "set", {"math_proof": count}, master_seed=seed)
    ps = load_set(tmp / "set")
    passed = answers = caught = planted = 0
    failures: list[str] = []
    for k, record in enumerate(ps.records):
        inp = Image.open(ps.path(record.input_image)).convert("RGB")
        kind = record.ground_truth.get("kind") or record.ground_truth.get("identity")
        for style in styles:
            path = tmp / f"{record.id}-{style.name}.png"
            Image.fromarray(make_answer(inp, record, style, seed=k)).save(path)
            v = verify_answer(str(tmp / "set"), record, path)
            answers += 1
            if v.score == 100.0 and v.status.value == "correct":
                passed += 1
            else:
                failures.append(f"{kind}/{style.name}: {v.score} {v.codes[:3]}")
        style = styles[k % len(styles)]
        for error in errors:
            a = plant(inp, record, error, style, seed=k)
            if a is None:
                continue
            path = tmp / f"{record.id}-{error}.png"
            Image.fromarray(a).save(path)
            v = verify_answer(str(tmp / "set"), record, path)
            planted += 1
            if EXPECTED[error] in v.codes and v.score < 100:
                caught += 1
            else:
                failures.append(f"{kind}/{error}/{style.name}: {v.score} {v.codes[:3]}")
    return {"answers": answers, "pass_rate": passed / max(1, answers), "planted": planted,
            "caught_rate": caught / max(1, planted), "failures": failures}
