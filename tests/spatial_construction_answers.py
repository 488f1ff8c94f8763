"""Spatial-construction answers drawn as people and image models draw them, for tests and the benchmark.

Styles are split: ``TUNE`` styles were looked at while setting thresholds; ``HELDOUT`` styles (other shades,
fills, hole marks, line work and page effects) were written afterwards and are only ever run as a check.
:func:`plant` makes one named error per variant; :func:`measure` verifies every style and planted error over
a fresh set and returns the rates.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw

from genpuzzle import perturb
from genpuzzle.records import InstanceRecord
from genpuzzle.renderers.spatial_construction import PALETTE


@dataclass(frozen=True)
class Style:
    name: str
    shades: dict | None  # colour name -> RGB the "model" uses (None: the puzzle's palette)
    fill: str  # solid, inset, strokes
    hole: str  # disc, ring, blue_disc, wobbly, large
    line: str  # solid, thick, dashed_hidden, wobbly, filled, black
    tiling: str  # palette, pastel, bordered, borders_only
    effects: tuple[str, ...]


CSS = {"red": (255, 0, 0), "orange": (255, 165, 0), "yellow": (255, 255, 0), "green": (0, 128, 0),
       "blue": (0, 0, 255), "purple": (128, 0, 128)}
DEEP = {"red": (200, 20, 40), "orange": (240, 120, 10), "yellow": (250, 200, 0), "green": (20, 140, 70),
        "blue": (30, 80, 200), "purple": (150, 30, 160)}
# held out: never used while tuning
HELD_SHADES = {"red": (220, 20, 60), "orange": (255, 140, 0), "yellow": (255, 215, 0), "green": (34, 139, 34),
               "blue": (0, 0, 205), "purple": (148, 0, 211)}
HELD_SHADES_2 = {"red": (178, 34, 34), "orange": (255, 127, 80), "yellow": (240, 230, 40), "green": (46, 139, 87),
                 "blue": (65, 105, 225), "purple": (186, 85, 211)}

TUNE = (
    Style("t_palette_jpeg", None, "solid", "disc", "solid", "palette", ("jpeg",)),
    Style("t_css_inset_rescale", CSS, "inset", "ring", "thick", "bordered", ("rescale", "jpeg")),
    Style("t_deep_strokes_tint", DEEP, "strokes", "blue_disc", "dashed_hidden", "pastel", ("tint", "jpeg")),
    Style("t_thick_model", CSS, "solid", "wobbly", "wobbly", "palette", ("thicken", "model_like")),
)

HELDOUT = (
    Style("h_held_shades_rotate", HELD_SHADES, "inset", "large", "black", "pastel", ("rotate", "jpeg")),
    Style("h_held2_warp_noise", HELD_SHADES_2, "strokes", "ring", "filled", "bordered", ("warp", "texture", "jpeg")),
    Style("h_css_model_thin", CSS, "solid", "wobbly", "wobbly", "borders_only", ("thin", "model_like")),
    Style("h_deep_thick_rescale", HELD_SHADES, "solid", "disc", "thick", "palette", ("thicken", "rescale", "jpeg")),
)

PASTEL = [(255, 179, 186), (186, 225, 255), (186, 255, 201), (255, 223, 186), (220, 190, 255), (255, 255, 186)]


def _rgb(style: Style, name: str) -> tuple[int, int, int]:
    return tuple((style.shades or PALETTE)[name])  # type: ignore[return-value]


def _fill_box(img: Image.Image, box, colour, style: Style, rng: random.Random) -> None:
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    w = x1 - x0
    if style.fill == "solid":
        d.rectangle([x0 + 2, y0 + 2, x1 - 2, y1 - 2], fill=colour)
    elif style.fill == "inset":
        m = [rng.uniform(0.06, 0.14) * w for _ in range(4)]
        d.polygon([(x0 + m[0], y0 + m[1]), (x1 - m[2], y0 + m[0]), (x1 - m[3], y1 - m[2]), (x0 + m[1], y1 - m[3])],
                  fill=colour)
    else:  # dense crayon strokes
        y = y0 + 4
        while y < y1 - 3:
            d.line([(x0 + rng.uniform(3, 7), y + rng.uniform(-1, 1)), (x1 - rng.uniform(3, 7), y + rng.uniform(-2, 2))],
                   fill=tuple(int(np.clip(c + rng.randint(-12, 12), 0, 255)) for c in colour), width=4)
            y += rng.uniform(2.5, 3.5)


def _wobbly_line(d: ImageDraw.ImageDraw, a, b, colour, width: int, rng: random.Random, amp: float = 1.8) -> None:
    length = math.dist(a, b)
    steps = max(2, int(length / 6))
    nx, ny = -(b[1] - a[1]) / max(length, 1e-6), (b[0] - a[0]) / max(length, 1e-6)
    phase = rng.uniform(0, 6.28)
    pts = []
    for k in range(steps + 1):
        t = k / steps
        off = amp * math.sin(phase + t * 9) + rng.uniform(-0.5, 0.5)
        pts.append((a[0] + t * (b[0] - a[0]) + off * nx, a[1] + t * (b[1] - a[1]) + off * ny))
    d.line(pts, fill=colour, width=width, joint="curve")


def _dashed(d, a, b, colour, width, dash=8, gap=6):
    length = math.dist(a, b)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = 0.0
    while t < length:
        e = min(length, t + dash)
        d.line([(a[0] + ux * t, a[1] + uy * t), (a[0] + ux * e, a[1] + uy * e)], fill=colour, width=width)
        t = e + gap


def _draw_hole(d: ImageDraw.ImageDraw, x: float, y: float, unit: float, style: Style, rng: random.Random) -> None:
    r = 0.27 * unit
    if style.hole == "disc":
        d.ellipse([x - r, y - r, x + r, y + r], fill=(0, 0, 0))
    elif style.hole == "large":
        r = 0.36 * unit
        d.ellipse([x - r, y - r, x + r, y + r], fill=(25, 25, 25))
    elif style.hole == "ring":
        d.ellipse([x - r, y - r, x + r, y + r], outline=(0, 0, 0), width=3)
    elif style.hole == "blue_disc":
        d.ellipse([x - r, y - r, x + r, y + r], fill=(30, 60, 200))
    else:  # wobbly hand-drawn disc, a little off the point
        cx, cy = x + rng.uniform(-0.06, 0.06) * unit, y + rng.uniform(-0.06, 0.06) * unit
        pts = [(cx + r * (1 + rng.uniform(-0.15, 0.15)) * math.cos(a), cy + r * (1 + rng.uniform(-0.15, 0.15)) * math.sin(a))
               for a in np.linspace(0, 2 * math.pi, 14, endpoint=False)]
        d.polygon(pts, fill=(10, 10, 10))


def _effects(a: np.ndarray, style: Style, rng: random.Random) -> np.ndarray:
    for e in style.effects:
        if e == "thicken":
            a = cv2.erode(a, np.ones((2, 2), np.uint8))
        elif e == "thin":
            a = cv2.addWeighted(a, 0.6, cv2.dilate(a, np.ones((2, 2), np.uint8)), 0.4, 0)
        elif e == "warp":
            a = perturb.warp(a, 2.5, rng.randint(0, 99))
        elif e == "texture":
            a = perturb.noise(a, 6.0, rng.randint(0, 99))
        elif e == "jpeg":
            a = perturb.jpeg(a, rng.randint(55, 80))
        elif e == "rescale":
            a = perturb.rescale(a, rng.uniform(0.75, 1.4))
        elif e == "model_like":
            a = perturb.model_like(a, rng.randint(0, 99))
        elif e == "rotate":
            a = perturb.rotate(a, rng.uniform(-2.0, 2.0))
        elif e == "tint":
            a = perturb.retint(a, (242, 234, 214))
    return a


# ------------------------------------------------------------------------------------------ answers


def truth_answer(record: InstanceRecord) -> dict:
    """The answer state the reference shows, in the form :func:`make_answer` draws."""
    t, v = record.ground_truth, record.variant
    if v == "cube_net":
        return {"colours": dict(t["solution"])}
    if v == "paper_folding":
        return {"holes": [tuple(h) for h in t["holes"]]}
    if v == "cross_section":
        m = len(t["polygon"])
        return {"segments": [(i, (i + 1) % m) for i in range(m)], "extra": []}
    return {"regions": [[tuple(c) for c in r] for r in t["solution"]]}


def make_answer(input_image: Image.Image, record: InstanceRecord, style: Style, seed: int = 0,
                state: dict | None = None, stray: bool = False) -> np.ndarray:
    """The input with ``state`` (default: the true answer) drawn in ``style``, then the style's page effects;
    ``stray`` adds a scribble outside the answer area."""
    rng = random.Random(seed)
    img = input_image.convert("RGB").copy()
    d = ImageDraw.Draw(img)
    layout, truth = record.layout, record.ground_truth
    state = truth_answer(record) if state is None else state
    if record.variant == "cube_net":
        for sq in layout["squares"]:
            key = f"{sq['cell'][0]},{sq['cell'][1]}"
            name = state["colours"].get(key)
            if name is None:
                if not sq["anchor"]:
                    continue
                d.rectangle([sq["bbox"][0] + 2, sq["bbox"][1] + 2, sq["bbox"][2] - 2, sq["bbox"][3] - 2], fill=(255, 255, 255))
                continue
            if sq["anchor"] and name == truth["solution"][key]:
                continue
            colour = name if isinstance(name, tuple) else _rgb(style, name)
            _fill_box(img, sq["bbox"], colour, style, rng)
    elif record.variant == "paper_folding":
        unit = layout["cell_px"]
        for r, c in state["holes"]:
            x, y = layout["points"][r][c]
            _draw_hole(d, x, y, unit, style, rng)
        for x, y in state.get("marks", []):
            d.line([(x - 6, y - 5), (x + 7, y + 6)], fill=(0, 0, 0), width=3)
            d.line([(x - 6, y + 6), (x + 6, y - 6)], fill=(0, 0, 0), width=3)
    elif record.variant == "cross_section":
        verts = layout["section_px"]
        hidden = truth["hidden_sides"]
        colour = (0, 0, 0) if style.line == "black" else (210, 30, 30) if style.line != "thick" else (20, 60, 200)
        width = 5 if style.line == "thick" else 3
        m = len(verts)
        if style.line == "filled" and len(state["segments"]) == m and not state["extra"]:
            overlay = img.copy()
            ImageDraw.Draw(overlay).polygon([tuple(p) for p in verts], fill=(120, 160, 230))
            img = Image.blend(img, overlay, 0.55)
            d = ImageDraw.Draw(img)
        for i, j in list(state["segments"]) + list(state["extra"]):
            a, b = verts[i], verts[j]
            if style.line == "wobbly":
                _wobbly_line(d, a, b, colour, 3, rng)
            elif style.line == "dashed_hidden" and j == (i + 1) % m and hidden[i]:
                _dashed(d, a, b, colour, 3)
            else:
                d.line([tuple(a), tuple(b)], fill=colour, width=width)
        for a, b in state.get("free_lines", []):
            d.line([tuple(a), tuple(b)], fill=colour, width=width)
    else:
        x0, y0, x1, y1 = layout["target_bbox"]
        rows, cols = layout["rows"], layout["cols"]
        cw, ch = (x1 - x0) / cols, (y1 - y0) / rows
        names = truth["piece_colours"]
        for k, region in enumerate(state["regions"]):
            if style.tiling != "borders_only":
                colour = state.get("mono") or (PASTEL[k % len(PASTEL)] if style.tiling == "pastel" else
                                               _rgb(style, names[k % len(names)]))
                for r, c in region:
                    _fill_box(img, [x0 + c * cw, y0 + r * ch, x0 + (c + 1) * cw, y0 + (r + 1) * ch], colour,
                              Style("solid", None, "solid", "", "", "", ()), rng)
        if style.tiling in ("bordered", "borders_only"):
            owner = {tuple(c): k for k, reg in enumerate(state["regions"]) for c in reg}
            for (r, c), k in owner.items():
                for (dr, dc) in ((0, 1), (1, 0)):
                    q = (r + dr, c + dc)
                    if q in owner and owner[q] != k:
                        if dc:
                            a, b = (x0 + (c + 1) * cw, y0 + r * ch), (x0 + (c + 1) * cw, y0 + (r + 1) * ch)
                        else:
                            a, b = (x0 + c * cw, y0 + (r + 1) * ch), (x0 + (c + 1) * cw, y0 + (r + 1) * ch)
                        if style.line == "wobbly":
                            _wobbly_line(d, a, b, (0, 0, 0), 4, rng, 1.0)
                        else:
                            d.line([a, b], fill=(0, 0, 0), width=4)
    if "erase" in state:
        ImageDraw.Draw(img).rectangle(state["erase"], fill=(255, 255, 255))
    if "blob" in state:
        x, y = state["blob"]
        ImageDraw.Draw(img).ellipse([x - 12, y - 12, x + 12, y + 12], fill=(20, 20, 200))
    if stray:
        _, H = img.size
        d = ImageDraw.Draw(img)
        d.line([(8, H - 30), (48, H - 12), (70, H - 28)], fill=(30, 30, 30), width=4)
    return _effects(np.asarray(img), style, rng)


# ------------------------------------------------------------------------------------------ planted errors

ERRORS = {"cube_net": ("wrong_face", "missing_face", "off_palette_colour", "anchor_changed", "stray_mark", "stray_ink",
                       "context_modified"),
          "paper_folding": ("missing_hole", "extra_hole", "stray_mark", "stray_ink", "context_modified"),
          "cross_section": ("missing_edge", "extra_edge", "wrong_polygon", "stray_ink", "context_modified"),
          "assembly": ("wrong_region", "uncovered_cells", "stray_ink", "context_modified")}


def plant(record: InstanceRecord, error: str, rng: random.Random) -> tuple[dict, bool] | None:
    """(answer state with one planted ``error``, stray flag), or None when it does not apply to the record.
    The violation the verifier must name is ``error`` itself."""
    truth, layout = record.ground_truth, record.layout
    state = truth_answer(record)
    if error == "stray_ink":
        return state, True
    if error == "context_modified":  # part of the given drawing painted over with paper
        layout = record.layout
        if record.variant == "paper_folding":
            x0, y0, x1, y1 = layout["steps"][0]
        elif record.variant == "cross_section":
            (x0, y0), (x1, y1) = layout["vertices_px"][0], layout["vertices_px"][1]  # the front-bottom edge
            x0, y0, x1, y1 = min(x0, x1) + 20, min(y0, y1) - 6, max(x0, x1) - 20, max(y0, y1) + 6
        elif record.variant == "assembly":
            x0, y0, x1, y1 = layout["piece_boxes"][0]
        else:
            x0, y0, x1, y1 = layout["views"][0]["bbox"]
        if record.variant != "cross_section":  # a strip of it: erasing a whole block can defeat registration
            w = x1 - x0
            x0, x1 = x0 + 0.3 * w, x0 + 0.7 * w
        state["erase"] = [x0, y0, x1, y1]
        return state, False
    v = record.variant
    if v == "cube_net":
        free = [f"{sq['cell'][0]},{sq['cell'][1]}" for sq in layout["squares"] if not sq["anchor"]]
        anchors = [f"{sq['cell'][0]},{sq['cell'][1]}" for sq in layout["squares"] if sq["anchor"]]
        key = free[rng.randrange(len(free))]
        if error == "wrong_face":
            used = set(state["colours"].values())
            others = sorted(used - {state["colours"][key]})
            state["colours"][key] = others[rng.randrange(len(others))]
        elif error == "missing_face":
            del state["colours"][key]
        elif error == "off_palette_colour":
            state["colours"][key] = (110, 110, 110)
        elif error == "stray_mark":  # a blob in an empty cell of the net's bounding box
            cells = {tuple(sq["cell"]) for sq in layout["squares"]}
            rows, cols = max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1
            r, c = next((r, c) for r in range(rows) for c in range(cols) if (r, c) not in cells)
            x0, y0 = layout["squares"][0]["bbox"][0] - layout["squares"][0]["cell"][1] * layout["cell_px"], \
                layout["squares"][0]["bbox"][1] - layout["squares"][0]["cell"][0] * layout["cell_px"]
            state["blob"] = (x0 + (c + 0.5) * layout["cell_px"], y0 + (r + 0.5) * layout["cell_px"])
        elif error == "anchor_changed":
            a = anchors[0]
            others = sorted(set(PALETTE) - {state["colours"][a]})
            state["colours"][a] = others[rng.randrange(len(others))]
        return state, False
    if v == "paper_folding":
        n = truth["n"]
        holes = list(state["holes"])
        if error == "missing_hole":
            holes.pop(rng.randrange(len(holes)))
        elif error == "extra_hole":
            free = [(r, c) for r in range(n) for c in range(n) if (r, c) not in holes]
            holes.append(free[rng.randrange(len(free))])
        elif error == "stray_mark":
            (x0, y0), (x1, y1) = layout["points"][0][0], layout["points"][0][1]
            state["marks"] = [((x0 + x1) / 2, (y0 + layout["points"][1][0][1]) / 2)]
        state["holes"] = holes
        return state, False
    if v == "cross_section":
        m = len(truth["polygon"])
        segs = list(state["segments"])
        if error == "missing_edge":
            segs.pop(rng.randrange(len(segs)))
        elif error == "extra_edge":
            if m >= 4:
                state["extra"] = [(0, 2)]
            else:
                verts = layout["section_px"]
                mid = ((verts[1][0] + verts[2][0]) / 2, (verts[1][1] + verts[2][1]) / 2)
                state["free_lines"] = [(verts[0], mid)]
        elif error == "wrong_polygon":
            if m < 5:
                return None
            names = truth["vertex_names"]
            idx = [names.index(k) for k in "PQR"]
            segs = []
            state["extra"] = [(idx[0], idx[1]), (idx[1], idx[2]), (idx[0], idx[2])]
        state["segments"] = segs
        return state, False
    regions = [list(r) for r in state["regions"]]
    if error == "wrong_region":
        # move one cell from one piece to a neighbouring piece: two regions no longer match
        owner = {c: k for k, reg in enumerate(regions) for c in reg}
        for (r, c), k in sorted(owner.items()):
            for q in ((r, c + 1), (r + 1, c)):
                if q in owner and owner[q] != k and len(regions[k]) > 1:
                    regions[k].remove((r, c))
                    regions[owner[q]].append((r, c))
                    from genpuzzle.solvers.spatial_construction import connected
                    if connected(regions[k]):
                        state["regions"] = regions
                        return state, False
                    regions = [list(x) for x in truth_answer(record)["regions"]]
        return None
    if error == "uncovered_cells":
        k = rng.randrange(len(regions))
        regions[k] = regions[k][:-1] if len(regions[k]) > 1 else regions[k]
        state["regions"] = regions
        return state, False
    return None


def measure(styles, count: int = 8, seed: int = 0) -> dict:
    """Over a fresh set of ``count`` instances: the share of correct answers in ``styles`` scoring 100, and
    the share of planted errors (drawn in the first style) caught and named."""
    import tempfile

    from genpuzzle.dataset import load_set, write_set
    from genpuzzle.evaluate import verify_answer
    from genpuzzle.records import Status

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "set"
        write_set(root, {"spatial_construction": count}, master_seed=seed)
        records = load_set(root).records
        passed = total = caught = planted = 0
        failures, misses = [], []
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
            for error in ERRORS[record.variant]:
                made = plant(record, error, rng)
                if made is None:
                    continue
                state, stray = made
                path = Path(tmp) / f"{record.id}_{error}.png"
                Image.fromarray(make_answer(image, record, styles[0], seed=k, state=state, stray=stray)).save(path)
                verdict = verify_answer(str(root), record, path)
                planted += 1
                hit = verdict.status is not Status.CORRECT and verdict.score < 100 and error in verdict.codes
                caught += hit
                if not hit:
                    misses.append((record.id, error, verdict.score, verdict.codes))
    return {"pass_rate": passed / total, "answers": total, "caught_rate": caught / planted if planted else 1.0,
            "planted": planted, "failures": failures, "misses": misses}
