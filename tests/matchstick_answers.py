"""Model-like matchstick answers for measuring the verifier: redrawn solutions and planted cheats.

An answer is a *style* (how the picture is redrawn: stick shape, width, colours, frame, paper, tilt,
JPEG, rescale...) times a *cheat* (what is wrong with it, or ``none``). ``TUNE_STYLES`` / ``TUNE_CHEATS``
are what the verifier was developed against; ``HELDOUT_STYLES`` / ``HELDOUT_CHEATS`` use other colours,
widths, shapes, placements and distortions and were only measured, never tuned on. Expected verdicts:
``none`` -> correct (100, not flagged); a stick too many anywhere -> incorrect (0); a pale ghost or a
hairline stick (ambiguous) -> flagged for review with score 0 (an incorrect verdict also counts as right).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import numpy as np
from PIL import Image, ImageDraw

from genpuzzle import perturb
from genpuzzle.solvers.matchstick import occupancy
from genpuzzle.verifiers.matchstick import frame_from_layout

Point = tuple[float, float]
SS = 2  # supersampling


@dataclass(frozen=True)
class Style:
    """How a model redraws the picture."""

    name: str
    sticks: str = "match"  # match | line | round_head | outlined
    width: float = 1.0  # x layout stick_width
    color: tuple[int, int, int] = (232, 190, 125)
    head: tuple[int, int, int] = (200, 38, 32)
    frame_width: int = 3
    frame_color: tuple[int, int, int] = (70, 70, 70)
    paper: tuple[int, int, int] = (255, 255, 255)
    jitter: float = 0.0  # px of endpoint jitter
    tilt: float = 0.0  # degrees of per-stick tilt jitter
    post: tuple[tuple[str, Any], ...] = ()  # perturb steps


@dataclass(frozen=True)
class Cheat:
    name: str
    expect: str  # correct | incorrect | review
    params: dict[str, Any] = field(default_factory=dict)


TUNE_STYLES = [
    Style("match"),
    Style("match_jpeg_half", post=(("rescale", 0.5), ("jpeg", 60))),
    Style("blue_lines", "line", 1.0, (20, 60, 190)),
    Style("black_thin", "line", 0.3, (0, 0, 0), frame_color=(0, 0, 0)),
    Style("thick_brown_jitter", "line", 1.45, (120, 70, 30), jitter=2.0, tilt=2.0, frame_width=5),
    Style("match_model_like", post=(("model_like", 0),)),
    Style("round_head_blue", "round_head", 0.8, (30, 90, 200), head=(10, 10, 10), post=(("rotate", 1.5),)),
    Style("tan_paper_warp", paper=(246, 238, 220), post=(("warp", 3.0), ("jpeg", 75))),
]

HELDOUT_STYLES = [
    Style("h_match_big", width=1.25, post=(("rescale", 1.6), ("jpeg", 70))),
    Style("h_green_lines", "line", 0.7, (30, 140, 60), jitter=1.5, frame_color=(40, 40, 40), frame_width=4),
    Style("h_red_round_heads", "round_head", 1.1, (200, 160, 90), head=(180, 20, 20), tilt=1.5,
          post=(("square", 1024), ("jpeg", 80))),
    Style("h_outlined", "outlined", 1.3, (250, 220, 150), head=(90, 50, 20), paper=(250, 246, 236)),
    Style("h_purple_thin", "line", 0.45, (110, 40, 150), frame_width=2, post=(("rotate", -2.0),)),
    Style("h_dark_thick_texture", "line", 1.7, (50, 50, 60), frame_width=6, frame_color=(20, 20, 20),
          post=(("noise", 6.0), ("jpeg", 65))),
    Style("h_match_bent_tinted", jitter=1.0, paper=(240, 232, 210), post=(("warp", 4.0), ("blur", 0.8), ("jpeg", 70))),
    Style("h_orange_capsule", "round_head", 0.9, (240, 140, 20), head=(240, 140, 20),
          post=(("rescale", 0.7), ("jpeg", 60))),
]

# a second held-out family, written after the first one had been looked at; measured once at the end
FRESH_STYLES = [
    Style("f_teal_round", "round_head", 0.95, (20, 130, 140), head=(20, 40, 60), frame_width=3,
          frame_color=(90, 90, 90), jitter=1.2, post=(("rescale", 1.3), ("jpeg", 72))),
    Style("f_match_slim_squashed", width=0.75, post=(("square", 1024), ("blur", 0.6), ("jpeg", 78))),
    Style("f_grey_pencil", "line", 0.55, (95, 95, 95), frame_color=(60, 60, 60), paper=(252, 250, 244),
          tilt=1.0, post=(("noise", 4.0), ("jpeg", 70))),
    Style("f_pink_outlined", "outlined", 1.1, (250, 200, 210), head=(160, 30, 80), frame_width=4),
    Style("f_wood_rotated_bent", width=1.1, jitter=1.5, post=(("rotate", 1.2), ("warp", 2.5), ("jpeg", 68))),
]

FRESH_CHEATS = [
    Cheat("none", "correct"),
    Cheat("extra_beside_touching", "incorrect", {"gap": 1.0}),
    Cheat("extra_beside_gap", "incorrect", {"gap": 4.5}),
    Cheat("extra_on_frame", "incorrect", {"side": "left", "shift": 0.3}),
    Cheat("extra_outside_frame", "incorrect", {"side": "bottom"}),
    Cheat("extra_across_slot", "incorrect", {"angle": 70}),
    Cheat("extra_across_shallow", "incorrect", {"angle": 25}),
    Cheat("moved_beside_slot", "incorrect", {"gap": 3.0}),
    Cheat("extra_open_space", "incorrect"),
    Cheat("ghost", "review", {"alpha": 0.3}),
    Cheat("hairline", "review", {"width": 1}),
]

# a third held-out family, written on 30 Nov 2026 (second session) after the fixes for FRESH, measured once
FRESH2_STYLES = [
    Style("g_hollow_black", "outlined", 1.2, (255, 255, 255), head=(20, 20, 20), frame_width=3,
          post=(("jpeg", 80),)),
    Style("g_grey_body_dark_edge", "outlined", 1.0, (200, 200, 205), head=(40, 40, 70), jitter=1.0,
          post=(("page", "caption"),)),
    Style("g_yellow_lines_letterbox", "line", 0.8, (225, 170, 0), frame_color=(30, 30, 30),
          post=(("page", "letterbox_4_3"),)),
    Style("g_match_fat_margins", width=1.5, post=(("page", "dark_margins"),)),
    Style("g_red_capsule_tilt", "round_head", 1.0, (205, 40, 40), head=(120, 10, 10), tilt=2.0,
          post=(("rotate", -1.0), ("jpeg", 70))),
]

FRESH2_CHEATS = [
    Cheat("none", "correct"),
    Cheat("none", "correct"),
    Cheat("extra_across_shallow", "incorrect", {"angle": 20}),
    Cheat("extra_across_slot", "incorrect", {"angle": 40}),
    Cheat("extra_beside_gap", "incorrect", {"gap": 8.0}),
    Cheat("moved_beside_slot", "incorrect", {"gap": 1.0}),
    Cheat("extra_on_frame", "incorrect", {"side": "bottom", "shift": 0.6}),
    Cheat("extra_outside_frame", "incorrect", {"side": "right"}),
    Cheat("extra_open_space", "incorrect"),
    Cheat("ghost", "review", {"alpha": 0.3}),
]

# pages with combined page changes (rescale, rotation, keystone, tinted textured paper, JPEG) and bends, so
# registration runs its local bend correction ("+local"), with sticks planted just beside slots: a bend
# that pulled such a stick into the slot would make an extra or misplaced stick look right (issue 14).
# Written on 1 Dec 2026 (third session) before the verifier was changed for it.
BEND_STYLES = [
    Style("b_match_combined", post=(("page", "combined"),)),
    Style("b_blue_lines_warp_combined", "line", 0.9, (20, 60, 190), jitter=1.0, post=(("warp", 3.0), ("page", "combined"))),
    Style("b_black_thin_warp_combined", "line", 0.5, (0, 0, 0), frame_color=(0, 0, 0),
          post=(("warp", 4.0), ("page", "combined"))),
    Style("b_outlined_combined", "outlined", 1.1, (250, 225, 160), head=(120, 60, 20), post=(("page", "combined"),)),
    Style("b_fat_match_warp_combined", width=1.4, tilt=1.0, post=(("warp", 2.5), ("page", "combined"))),
]

BEND_CHEATS = [  # centre offset from the slot: one stick width + gap px, at least min_offset px
    Cheat("none", "correct"),
    Cheat("moved_beside_slot", "incorrect", {"gap": 1.0, "min_offset": 10.0}),
    Cheat("moved_beside_slot", "incorrect", {"gap": 2.0, "min_offset": 12.0}),
    Cheat("moved_beside_slot", "incorrect", {"gap": 3.0, "min_offset": 14.0}),
    Cheat("extra_beside_gap", "incorrect", {"gap": 1.0, "min_offset": 10.0}),
    Cheat("extra_beside_gap", "incorrect", {"gap": 2.0, "min_offset": 12.0}),
    Cheat("extra_beside_gap", "incorrect", {"gap": 3.0, "min_offset": 14.0}),
    Cheat("ghost", "review", {"alpha": 0.3}),
    Cheat("hairline", "review", {"width": 1}),
    Cheat("none", "correct"),
]

TUNE_CHEATS = [
    Cheat("none", "correct"),
    Cheat("extra_open_space", "incorrect"),
    Cheat("extra_beside_touching", "incorrect", {"gap": 0.0}),
    Cheat("extra_beside_gap", "incorrect", {"gap": 3.0}),
    Cheat("extra_on_frame", "incorrect", {"side": "top", "shift": 1.0}),
    Cheat("extra_outside_frame", "incorrect", {"side": "left"}),
    Cheat("extra_across_slot", "incorrect", {"angle": 90}),
    Cheat("extra_across_diagonal", "incorrect", {"angle": 55}),
    Cheat("extra_beside_overlapping", "incorrect", {"gap": -0.45}),
    Cheat("extra_on_frame_centred", "incorrect", {"side": "left", "shift": 0.0}),
    Cheat("moved_beside_slot", "incorrect", {"gap": 2.0}),
    Cheat("ghost", "review", {"alpha": 0.3}),
    Cheat("hairline", "review", {"width": 1}),
]

HELDOUT_CHEATS = [
    Cheat("none", "correct"),
    Cheat("extra_beside_overlapping", "incorrect", {"gap": -0.3}),
    Cheat("extra_beside_gap", "incorrect", {"gap": 6.0}),
    Cheat("extra_on_frame", "incorrect", {"side": "bottom", "shift": 0.0}),
    Cheat("extra_on_frame_vertical", "incorrect", {"side": "right", "shift": -0.4}),
    Cheat("extra_outside_frame", "incorrect", {"side": "top"}),
    Cheat("extra_across_slots", "incorrect", {"angle": 35}),
    Cheat("moved_beside_slot", "incorrect", {"gap": 0.5}),
    Cheat("ghost", "review", {"alpha": 0.3}),
    Cheat("hairline", "review", {"width": 1}),
]


# ----------------------------------------------------------------------------------------- drawing


def _unit(p0: Point, p1: Point) -> tuple[Point, Point, float]:
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    length = math.hypot(dx, dy) or 1.0
    u = (dx / length, dy / length)
    return u, (-u[1], u[0]), length


def _poly(draw: ImageDraw.ImageDraw, pts: Sequence[Point], **kw: Any) -> None:
    draw.polygon([(x * SS, y * SS) for x, y in pts], **kw)


def _disc(draw: ImageDraw.ImageDraw, c: Point, r: float, fill: Any) -> None:
    draw.ellipse([(c[0] - r) * SS, (c[1] - r) * SS, (c[0] + r) * SS, (c[1] + r) * SS], fill=fill)


def draw_stick(draw: ImageDraw.ImageDraw, p0: Point, p1: Point, width: float, style: Style,
               fill: Any = None) -> None:
    """One stick from head ``p0`` to ``p1`` in ``style`` (``fill`` overrides every colour)."""
    u, n, length = _unit(p0, p1)
    hw = width / 2
    body = [(p0[0] + n[0] * hw, p0[1] + n[1] * hw), (p1[0] + n[0] * hw, p1[1] + n[1] * hw),
            (p1[0] - n[0] * hw, p1[1] - n[1] * hw), (p0[0] - n[0] * hw, p0[1] - n[1] * hw)]
    if style.sticks == "match":
        _poly(draw, body, fill=fill or style.color, outline=fill or (150, 100, 45), width=SS)
        c = (p0[0] + u[0] * 0.11 * length, p0[1] + u[1] * 0.11 * length)
        head = []
        for j in range(32):
            t = 2 * math.pi * j / 32
            a, b = 0.115 * length * math.cos(t), hw * 1.45 * math.sin(t)
            head.append((c[0] + a * u[0] + b * n[0], c[1] + a * u[1] + b * n[1]))
        _poly(draw, head, fill=fill or style.head)
    elif style.sticks == "line":
        _poly(draw, body, fill=fill or style.color)
    elif style.sticks == "round_head":
        _poly(draw, body, fill=fill or style.color)
        _disc(draw, (p1[0], p1[1]), hw, fill or style.color)
        _disc(draw, (p0[0] + u[0] * hw * 0.8, p0[1] + u[1] * hw * 0.8), hw * 1.5, fill or style.head)
    elif style.sticks == "outlined":
        _poly(draw, body, fill=fill or style.color, outline=fill or style.head, width=2 * SS)
    else:
        raise ValueError(style.sticks)


def _jittered(p0: Point, p1: Point, style: Style, rng: random.Random) -> tuple[Point, Point]:
    j = style.jitter
    p0 = (p0[0] + rng.uniform(-j, j), p0[1] + rng.uniform(-j, j))
    p1 = (p1[0] + rng.uniform(-j, j), p1[1] + rng.uniform(-j, j))
    if style.tilt:
        a = math.radians(rng.uniform(-style.tilt, style.tilt))
        cx, cy = (p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2
        rot = lambda p: (cx + (p[0] - cx) * math.cos(a) - (p[1] - cy) * math.sin(a),
                         cy + (p[0] - cx) * math.sin(a) + (p[1] - cy) * math.cos(a))
        p0, p1 = rot(p0), rot(p1)
    return p0, p1


def _post(image: np.ndarray, steps: Sequence[tuple[str, Any]], seed: int) -> np.ndarray:
    for name, arg in steps:
        if name == "rescale":
            image = perturb.rescale(image, arg)
        elif name == "square":
            image = perturb.rescale(image, arg / image.shape[1], arg / image.shape[0])
        elif name == "model_like":
            image = perturb.model_like(image, seed)
        elif name == "noise":
            image = perturb.noise(image, arg, seed)
        elif name == "warp":
            image = perturb.warp(image, arg, seed)
        elif name == "page":
            from genpuzzle.page_perturb import page_change

            image = page_change(image, arg, seed)[0]
        else:
            image = getattr(perturb, name)(image, arg)
    return image


def _solution_occupancy(record: Any) -> list[bool]:
    return list(occupancy(record.ground_truth["solutions"][0], frame_from_layout(record.layout)))


def _stick_len(layout: dict[str, Any]) -> float:
    return float(np.median([math.dist(s["p0"], s["p1"]) for s in layout["slots"]]))


def _beside(layout: dict[str, Any], j: int, offset: float, sign: int) -> tuple[Point, Point]:
    sl = layout["slots"][j]
    u, n, _ = _unit(tuple(sl["p0"]), tuple(sl["p1"]))
    return ((sl["p0"][0] + sign * n[0] * offset, sl["p0"][1] + sign * n[1] * offset),
            (sl["p1"][0] + sign * n[0] * offset, sl["p1"][1] + sign * n[1] * offset))


def _free_spot(layout: dict[str, Any], occ: Sequence[bool], L: float, rng: random.Random) -> tuple[Point, Point]:
    """A horizontal stick in open space inside the frame (above or below the equation)."""
    x0, y0, x1, y1 = layout["area_bbox"]
    fx0, fy0, fx1, fy1 = layout["frame_bbox"]
    ys = [y for y in ((fy0 + y0) / 2, (y1 + fy1) / 2) if y1 - y0 > 0]
    y = rng.choice(ys)
    x = rng.uniform(fx0 + 40, fx1 - 40 - L)
    return (x, y), (x + L, y)


def build_answer(record: Any, style: Style, cheat: Cheat, seed: int) -> np.ndarray:
    """The solution (or a cheat on it) redrawn in ``style``: an RGB array, sized as the style says."""
    layout = record.layout
    rng = random.Random(seed)
    w, h = layout["canvas"]
    L = _stick_len(layout)
    width = float(layout["stick_width"]) * style.width
    occ = _solution_occupancy(record)
    shown = [bool(b) for b in layout["occupied"]]
    occupied_idx = [j for j, o in enumerate(occ) if o]
    image = Image.new("RGB", (w * SS, h * SS), style.paper)
    draw = ImageDraw.Draw(image)
    fx0, fy0, fx1, fy1 = layout["frame_bbox"]
    draw.rectangle([fx0 * SS, fy0 * SS, fx1 * SS, fy1 * SS], outline=style.frame_color,
                   width=style.frame_width * SS)
    sticks = [(tuple(layout["slots"][j]["p0"]), tuple(layout["slots"][j]["p1"])) for j in occupied_idx]
    extra: list[tuple[Point, Point]] = []
    faint: list[tuple[Point, Point, float, float]] = []  # p0, p1, alpha, width
    p = cheat.params
    if cheat.name == "extra_open_space":
        extra.append(_free_spot(layout, occ, L, rng))
    elif cheat.name.startswith("extra_beside"):
        j = rng.choice(occupied_idx)
        # visible: an overlapping stick widens the slot by at least 4 px
        offset = width * (1 + p["gap"]) if p["gap"] < 0 else width + p["gap"]
        extra.append(_beside(layout, j, max(offset, p.get("min_offset", 4.0)), rng.choice((-1, 1))))
    elif cheat.name == "moved_beside_slot":
        # the solution, but one placed stick lies beside its target slot instead of in it
        j = rng.choice([j for j, (s, o) in enumerate(zip(shown, occ)) if o and not s])
        sticks.remove((tuple(layout["slots"][j]["p0"]), tuple(layout["slots"][j]["p1"])))
        extra.append(_beside(layout, j, max(width + p["gap"], p.get("min_offset", 0.2 * L)), rng.choice((-1, 1))))
    elif cheat.name.startswith("extra_on_frame") or cheat.name == "extra_outside_frame":
        side, on = p["side"], cheat.name.startswith("extra_on_frame")
        t = rng.uniform(0.15, 0.85)
        if side in ("top", "bottom"):
            if on:  # shifted by ``shift`` stick widths inwards
                y = (fy0 + style.frame_width / 2 + p["shift"] * width if side == "top"
                     else fy1 - style.frame_width / 2 - p["shift"] * width)
            else:
                y = fy0 / 2 if side == "top" else (h + fy1) / 2
            x = fx0 + t * (fx1 - fx0 - L)
            extra.append(((x, y), (x + L, y)))
        else:
            if on:
                x = (fx0 + style.frame_width / 2 + p["shift"] * width if side == "left"
                     else fx1 - style.frame_width / 2 - p["shift"] * width)
            else:
                x = fx0 / 2 if side == "left" else (w + fx1) / 2
            y = fy0 + t * (fy1 - fy0 - L)
            extra.append(((x, y), (x, y + L)))
    elif cheat.name.startswith("extra_across"):
        # across a digit's stick: across the '+' at 90 degrees the extra stick would lie exactly on the
        # other stick of the '+' (invisible, not a cheat)
        kinds = frame_from_layout(layout).kinds
        j = rng.choice([j for j in occupied_idx if kinds[layout["slots"][j]["symbol"]] == "digit"])
        sl = layout["slots"][j]
        c = ((sl["p0"][0] + sl["p1"][0]) / 2, (sl["p0"][1] + sl["p1"][1]) / 2)
        u, n, _ = _unit(tuple(sl["p0"]), tuple(sl["p1"]))
        a = math.radians(p["angle"])
        d = (u[0] * math.cos(a) - u[1] * math.sin(a), u[0] * math.sin(a) + u[1] * math.cos(a))
        extra.append(((c[0] - d[0] * L / 2, c[1] - d[1] * L / 2), (c[0] + d[0] * L / 2, c[1] + d[1] * L / 2)))
    elif cheat.name == "ghost":
        for j, (s, o) in enumerate(zip(shown, occ)):
            if s and not o:
                faint.append((tuple(layout["slots"][j]["p0"]), tuple(layout["slots"][j]["p1"]), p["alpha"], width))
    elif cheat.name == "hairline":
        a, b = _free_spot(layout, occ, L, rng)
        faint.append((a, b, 1.0, float(p["width"])))
    elif cheat.name not in ("none", "mark"):
        raise ValueError(cheat.name)
    if cheat.name.startswith("extra_on_frame"):
        # visible: a stick no wider than the frame line is moved off its centre until it shows
        (x0, y0), (x1, y1) = extra[-1]
        need = max(0.0, (style.frame_width + 4 - width) / 2) if p["shift"] * width < 2 else 0.0
        if need:
            sgn = 1 if p["side"] in ("top", "left") else -1
            dx, dy = (0, sgn * need) if y0 == y1 else (sgn * need, 0)
            extra[-1] = ((x0 + dx, y0 + dy), (x1 + dx, y1 + dy))
    for p0, p1 in sticks + extra:
        draw_stick(draw, *_jittered(p0, p1, style, rng), width, style)
    if faint:
        for p0, p1, alpha, fw in faint:
            layer = Image.new("RGB", image.size, style.paper)
            mask = Image.new("L", image.size, 0)
            ghost_style = style if fw >= 2 else Style("hair", "line", color=(0, 0, 0))
            draw_stick(ImageDraw.Draw(layer), p0, p1, fw, ghost_style)
            draw_stick(ImageDraw.Draw(mask), p0, p1, fw + 2 if fw >= 2 else fw, ghost_style, fill=255)
            mask = mask.point(lambda v, a=alpha: int(v * a))
            image.paste(layer, (0, 0), mask)
    if cheat.name == "mark":
        image = _with_mark(image, layout, style, p, rng)
    out = np.asarray(image.resize((w, h), Image.LANCZOS))
    return _post(out, style.post, seed)


def _with_mark(image: Image.Image, layout: dict[str, Any], style: Style, p: dict[str, Any],
               rng: random.Random) -> Image.Image:
    """``image`` (supersampled) with one small mark (``p``: kind, fraction of the short side, colour) on
    blank paper inside the symbol area."""
    from scipy.ndimage import binary_erosion

    from marks import draw_mark

    w, h = layout["canvas"]
    size = max(8, int(p["fraction"] * min(w, h))) * SS
    arr = np.asarray(image).astype(int)
    blank = np.abs(arr - np.array(style.paper)).max(axis=2) < 30
    x0, y0, x1, y1 = (int(v * SS) for v in layout["area_bbox"])
    region = np.zeros(blank.shape, bool)
    region[y0:y1, x0:x1] = True
    ys, xs = np.nonzero(binary_erosion(blank & region, iterations=size // 2 + 4 * SS))
    k = rng.randrange(len(ys))
    return draw_mark(image, p["kind"], (int(xs[k]), int(ys[k])), size, tuple(p.get("colour", (25, 25, 30))),
                     seed=rng.randrange(1000))


def answers(records: Sequence[Any], styles: Sequence[Style], cheats: Sequence[Cheat], per_record: int,
            seed: int) -> list[tuple[Any, Style, Cheat, int]]:
    """A deterministic sample of (record, style, cheat, seed) combinations, cheats cycled evenly."""
    rng = random.Random(seed)
    out = []
    i = 0
    for record in records:
        for _ in range(per_record):
            style = styles[rng.randrange(len(styles))]
            cheat = cheats[i % len(cheats)]
            i += 1
            out.append((record, style, cheat, rng.randrange(1 << 30)))
    return out


def is_right(expect: str, verdict: Any) -> bool:
    """Whether the verdict is what the answer deserves (see the module docstring)."""
    status = getattr(verdict.status, "value", verdict.status)
    if expect == "correct":
        return verdict.score == 100 and status == "correct" and not verdict.needs_review
    if expect == "incorrect":
        return verdict.score == 0 and status == "incorrect"
    return verdict.score == 0 and status != "correct" and status != "unreadable"


# small marks that are no stick (a dot, a tick, a scribble, a "7"; 3.5 and 7 % of the short side) on blank
# paper inside the symbol area of a correct answer, in held-out and fresh-2 styles (1 Dec 2026, seventh
# session: these read `correct` 100 before every mark was accounted for); a faint grey "7" is unsure
MARK_CHEATS = [
    Cheat("none", "correct"),
    Cheat("mark", "incorrect", {"kind": "dot", "fraction": 0.035}),
    Cheat("mark", "incorrect", {"kind": "tick", "fraction": 0.035, "colour": (20, 20, 160)}),
    Cheat("mark", "incorrect", {"kind": "scribble", "fraction": 0.035}),
    Cheat("mark", "incorrect", {"kind": "seven", "fraction": 0.035}),
    Cheat("mark", "incorrect", {"kind": "dot", "fraction": 0.07, "colour": (200, 30, 30)}),
    Cheat("mark", "incorrect", {"kind": "tick", "fraction": 0.07}),
    Cheat("mark", "incorrect", {"kind": "scribble", "fraction": 0.07, "colour": (30, 120, 40)}),
    Cheat("mark", "incorrect", {"kind": "seven", "fraction": 0.07}),
    Cheat("mark", "review", {"kind": "seven", "fraction": 0.05, "colour": (205, 205, 210)}),
]

FAMILIES = {  # name: (styles, cheats)
    "tune": (TUNE_STYLES, TUNE_CHEATS),
    "heldout": (HELDOUT_STYLES, HELDOUT_CHEATS),
    "fresh": (FRESH_STYLES, FRESH_CHEATS),
    "fresh2": (FRESH2_STYLES, FRESH2_CHEATS),
    "bend": (BEND_STYLES, BEND_CHEATS),
    "marks": (HELDOUT_STYLES + FRESH2_STYLES, MARK_CHEATS),
}


def main(families: Sequence[str], n_instances: int, per_record: int, master_seed: int) -> None:
    """Print right / false passes per family, each answer verified end to end (register + verify); the
    registration method is kept, so wrong verdicts after a local bend ("+local") can be told apart."""
    import tempfile
    from pathlib import Path

    from genpuzzle.dataset import load_set, write_set
    from genpuzzle.evaluate import _instance_images, verify_image

    root = Path(tempfile.mkdtemp(prefix="gp-matchstick-answers-")) / "set"
    write_set(root, {"matchstick": n_instances}, master_seed=master_seed)
    pset = load_set(root)
    for family in families:
        styles, cheats = FAMILIES[family]
        right = false_pass = local = 0
        right_before = false_pass_before = 0  # without the check that a correct reading survives unbent
        wrong = []
        items = answers(pset.records, styles, cheats, per_record, seed=master_seed * 1000 + len(family))
        for record, style, cheat, seed in items:
            target, mask = _instance_images(str(root), record.input_image, record.edit_mask)
            verdict = verify_image(record, build_answer(record, style, cheat, seed), target, mask)
            method = verdict.extra.get("registration", {}).get("method", "")
            local += "+local" in method
            ok = is_right(cheat.expect, verdict)
            right += ok
            passed = verdict.score == 100 and cheat.expect != "correct"
            false_pass += passed
            rests_on_bend = "unbent_violations" in verdict.extra
            right_before += (cheat.expect == "correct") if rests_on_bend else ok
            false_pass_before += (cheat.expect != "correct") if rests_on_bend else passed
            if rests_on_bend:
                wrong.append(f"    (rests on the bend: review) {record.id} {style.name} {cheat.name} {cheat.params} "
                             f"{verdict.extra['unbent_violations'][0]['message']}")
            if not ok:
                wrong.append(f"    {'FALSE PASS' if passed else 'wrong'} {record.id} {style.name} {cheat.name} "
                             f"{cheat.params} -> {verdict.status.value} {verdict.score} {verdict.codes} [{method}]")
        print(f"{family}: {right}/{len(items)} right, {false_pass} false passes ({local} registered +local); "
              f"without the unbent check: {right_before} right, {false_pass_before} false passes")
        print("\n".join(wrong))


if __name__ == "__main__":
    import sys

    # python tests/matchstick_answers.py family[,family...] [n_instances] [answers_per_instance] [master_seed]
    main(sys.argv[1].split(","), int(sys.argv[2]) if len(sys.argv) > 2 else 30,
         int(sys.argv[3]) if len(sys.argv) > 3 else 10, int(sys.argv[4]) if len(sys.argv) > 4 else 7)
