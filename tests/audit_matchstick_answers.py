"""A blind audit family of matchstick answers (AUDIT13): redrawn solutions and planted errors as an image
model might return them, written without reading the verifier, the registration or the documented limits.

Its drawing is its own (not :mod:`tests.matchstick_answers`): sticks of other lengths and widths, flat or
round heads in other colours or none, wooden grain, dashes, drop shadows, per-stick jitter, and page
changes (tilt on a grown canvas, a dark border, caption, letterbox, keystone, paper texture, JPEG).

Every answer is a *style* x a *case*. Cases ``none`` (each stored solution in turn: every valid answer
must be accepted) expect ``correct`` 100 without review; ``faint_ghost`` (the moved stick's slot keeps a
10 % trace) expects correct or review, never a confident fail; every planted error expects not to pass.

``python tests/audit_matchstick_answers.py [n_instances] [answers_per_instance] [master_seed]`` prints
right / false pass / confident false fail / review / unreadable per style and per case.

Blind figure (session-start code 6d85fc5, 24 instances x 12 answers + every further stored solution, master
seed 1313): 281 of 289 right, 0 false passes, 0 confident false fails, 7 review (2 on correct answers: a
dashed stick fills 67-79 % of its slot and reads unsure; a thick blurred photo left a faint trace read as
a stick; 5 on errors: 4 half-moved, 1 overlapping extra), 1 unreadable (an extra beside a dashed stick).
After rubric 8 (dashed sticks whole): 282 of 289 right, the rest unchanged (docs/matchstick.md).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace
from typing import Any, Sequence

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from genpuzzle.solvers.matchstick import decode, frame_for, is_true, move_counts, occupancy

from audit_common import apply_page, outcome, print_tally

Point = tuple[float, float]
SS = 3  # supersampling of the drawing


@dataclass(frozen=True)
class Style:
    """How the model redraws the sticks and the page."""

    name: str
    body: str = "wood"  # wood | grain | dashed | flat
    head: str = "round"  # round | flat | none
    body_colour: tuple[int, int, int] = (225, 180, 110)
    head_colour: tuple[int, int, int] = (200, 38, 32)
    width: float = 1.0  # x the layout's stick width
    length: float = 1.0  # x the slot length (about the slot centre)
    shift: float = 0.0  # px: random shift of each stick
    turn: float = 0.0  # degrees: random turn of each stick
    shadow: bool = False
    paper: tuple[int, int, int] = (255, 255, 255)
    frame_colour: tuple[int, int, int] = (60, 60, 60)
    frame_width: int = 3
    page: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class Case:
    name: str
    expect: str  # correct | correct_or_review | not_pass
    params: dict[str, Any] = field(default_factory=dict)


STYLES = [
    Style("a_flat_blue_heads_long", head="flat", head_colour=(30, 40, 150), width=1.15, length=1.08,
          page=(("caption", 0), ("jpeg", 72))),
    Style("a_grain_no_heads", body="grain", head="none", body_colour=(205, 150, 90), width=1.1,
          page=(("texture", 0.06), ("jpeg", 70))),
    Style("a_short_slim_green_heads", head="round", head_colour=(30, 140, 50), width=0.7, length=0.86,
          page=(("tilt", 2.5), ("jpeg", 80))),
    Style("a_dashed_pencil", body="dashed", head="none", body_colour=(70, 70, 75), width=0.65,
          frame_colour=(90, 90, 90), frame_width=2, page=(("dark_border", 0), ("jpeg", 85))),
    Style("a_shadowed_match", shadow=True, head_colour=(170, 20, 20), page=(("letterbox_16_9", 0),)),
    Style("a_jittered_brown_black_heads", body="flat", body_colour=(130, 80, 40), head="round",
          head_colour=(15, 15, 15), width=1.3, shift=2.5, turn=3.0, paper=(248, 242, 228),
          page=(("keystone", 0.008), ("jpeg", 75))),
    Style("a_fat_photo", head="round", width=1.9, page=(("rescale", 0.6), ("blur", 1.0), ("jpeg", 50))),
]

CASES = [
    Case("none", "correct"),
    Case("none", "correct"),
    Case("faint_ghost", "correct_or_review", {"alpha": 0.1}),
    Case("extra_beside_overlapping", "not_pass", {"offset": 0.8}),
    Case("extra_beside_staggered", "not_pass", {"offset": 1.6, "along": 0.3}),
    Case("stick_removed", "not_pass"),
    Case("two_moved", "not_pass"),
    Case("moved_to_wrong_slot", "not_pass"),
    Case("half_moved", "not_pass", {"along": 0.5}),
    Case("crossing", "not_pass", {"angle": 40}),
    Case("unchanged", "not_pass"),
    Case("source_kept", "not_pass"),
]


# ------------------------------------------------------------------------------------------ geometry


def frame_of(record: Any):
    times = any(s["segment"] == "x1" for s in record.layout["slots"])
    return frame_for(record.ground_truth["equation"], times)


def _slot(layout: dict[str, Any], j: int) -> tuple[Point, Point]:
    s = layout["slots"][j]
    return (float(s["p0"][0]), float(s["p0"][1])), (float(s["p1"][0]), float(s["p1"][1]))


def _axes(p0: Point, p1: Point) -> tuple[Point, Point, float]:
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    n = math.hypot(dx, dy) or 1.0
    return (dx / n, dy / n), (-dy / n, dx / n), n


def _moved(p0: Point, p1: Point, along: float = 0.0, across: float = 0.0, turn: float = 0.0,
           scale: float = 1.0) -> tuple[Point, Point]:
    """The segment shifted ``along``/``across`` px, turned ``turn`` degrees and scaled about its centre."""
    u, n, length = _axes(p0, p1)
    cx = (p0[0] + p1[0]) / 2 + u[0] * along + n[0] * across
    cy = (p0[1] + p1[1]) / 2 + u[1] * along + n[1] * across
    a = math.radians(turn)
    d = (u[0] * math.cos(a) - u[1] * math.sin(a), u[0] * math.sin(a) + u[1] * math.cos(a))
    h = length * scale / 2
    return (cx - d[0] * h, cy - d[1] * h), (cx + d[0] * h, cy + d[1] * h)


# ------------------------------------------------------------------------------------------- drawing


def _quad(p0: Point, p1: Point, hw: float) -> list[Point]:
    _, n, _ = _axes(p0, p1)
    return [(p0[0] + n[0] * hw, p0[1] + n[1] * hw), (p1[0] + n[0] * hw, p1[1] + n[1] * hw),
            (p1[0] - n[0] * hw, p1[1] - n[1] * hw), (p0[0] - n[0] * hw, p0[1] - n[1] * hw)]


def _s(pts: Sequence[Point]) -> list[Point]:
    return [(x * SS, y * SS) for x, y in pts]


def draw_stick(draw: ImageDraw.ImageDraw, p0: Point, p1: Point, width: float, style: Style,
               rng: random.Random) -> None:
    """One stick, head at ``p0``."""
    u, n, length = _axes(p0, p1)
    hw = width / 2
    if style.shadow:
        off = (3.0, 3.0)
        sp0, sp1 = (p0[0] + off[0], p0[1] + off[1]), (p1[0] + off[0], p1[1] + off[1])
        draw.polygon(_s(_quad(sp0, sp1, hw)), fill=(175, 175, 175))
    if style.body == "wood":
        draw.polygon(_s(_quad(p0, p1, hw)), fill=style.body_colour, outline=(140, 95, 40), width=SS)
    elif style.body == "flat":
        draw.polygon(_s(_quad(p0, p1, hw)), fill=style.body_colour)
    elif style.body == "grain":
        draw.polygon(_s(_quad(p0, p1, hw)), fill=style.body_colour)
        for k in range(3):  # darker grain lines along the stick
            o = (k - 1) * hw * 0.5 + rng.uniform(-0.15, 0.15) * hw
            a = (p0[0] + n[0] * o + u[0] * length * 0.05, p0[1] + n[1] * o + u[1] * length * 0.05)
            b = (p1[0] + n[0] * o - u[0] * length * 0.05, p1[1] + n[1] * o - u[1] * length * 0.05)
            draw.line(_s([a, b]), fill=tuple(int(c * 0.72) for c in style.body_colour), width=max(1, SS // 2))
        draw.polygon(_s(_quad(p0, p1, hw)), outline=tuple(int(c * 0.6) for c in style.body_colour), width=SS)
    elif style.body == "dashed":
        dash, gap = 0.16 * length, 0.06 * length
        t = 0.0
        while t < length - 1e-6:
            e = min(length, t + dash)
            a = (p0[0] + u[0] * t, p0[1] + u[1] * t)
            b = (p0[0] + u[0] * e, p0[1] + u[1] * e)
            draw.polygon(_s(_quad(a, b, hw)), fill=style.body_colour)
            t = e + gap
    else:
        raise ValueError(style.body)
    if style.head == "round":
        c = (p0[0] + u[0] * 0.1 * length, p0[1] + u[1] * 0.1 * length)
        r_along, r_across = 0.11 * length, hw * 1.4
        pts = []
        for k in range(36):
            t = 2 * math.pi * k / 36
            a, b = r_along * math.cos(t), r_across * math.sin(t)
            pts.append((c[0] + u[0] * a + n[0] * b, c[1] + u[1] * a + n[1] * b))
        draw.polygon(_s(pts), fill=style.head_colour)
    elif style.head == "flat":
        e = (p0[0] + u[0] * 0.2 * length, p0[1] + u[1] * 0.2 * length)
        draw.polygon(_s(_quad(p0, e, hw * 1.25)), fill=style.head_colour)
    elif style.head != "none":
        raise ValueError(style.head)


def configuration(record: Any, case: Case, rng: random.Random, solution: str
                  ) -> tuple[list[tuple[Point, Point]], list[tuple[Point, Point]]]:
    """(sticks, faint sticks) of the answer: solid sticks as segments (slots or free), faint traces."""
    layout = record.layout
    frame = frame_of(record)
    shown = [bool(b) for b in layout["occupied"]]
    target = list(occupancy(solution, frame))
    k = int(record.ground_truth["moves"])
    width = float(layout["stick_width"])
    n_slots = len(target)
    sources = [j for j in range(n_slots) if shown[j] and not target[j]]
    targets = [j for j in range(n_slots) if target[j] and not shown[j]]
    solutions = {tuple(occupancy(s, frame)) for s in record.ground_truth["solutions"]}

    def wrong(occ: Sequence[bool]) -> bool:
        eq = decode(list(occ), frame)
        ok = None not in eq and is_true("".join(eq)) and move_counts(shown, occ) == (k, k)
        return tuple(occ) not in solutions and not ok

    occ = list(target)
    free: list[tuple[Point, Point]] = []
    faint: list[tuple[Point, Point]] = []
    p = case.params
    if case.name == "none":
        pass
    elif case.name == "faint_ghost":
        faint = [_slot(layout, j) for j in sources]
    elif case.name.startswith("extra_beside"):
        j = rng.choice([j for j in range(n_slots) if occ[j]])
        a, b = _slot(layout, j)
        free.append(_moved(a, b, along=p.get("along", 0.0) * math.dist(a, b) * rng.choice((-1, 1)),
                           across=p["offset"] * width * rng.choice((-1, 1))))
    elif case.name == "stick_removed":
        occ[rng.choice([j for j in range(n_slots) if occ[j]])] = False
    elif case.name in ("two_moved", "moved_to_wrong_slot"):
        for _ in range(200):
            cand = list(target)
            if case.name == "two_moved":
                a = rng.choice([j for j in range(n_slots) if cand[j]])
                b = rng.choice([j for j in range(n_slots) if not cand[j]])
                cand[a], cand[b] = False, True
            else:
                t = rng.choice(targets)
                b = rng.choice([j for j in range(n_slots) if not cand[j] and j != t])
                cand[t], cand[b] = False, True
            if wrong(cand):
                occ = cand
                break
        else:
            raise RuntimeError("no wrong configuration found")
    elif case.name in ("half_moved", "crossing"):
        t = rng.choice(targets)
        occ[t] = False
        a, b = _slot(layout, t)
        if case.name == "half_moved":
            free.append(_moved(a, b, along=p["along"] * math.dist(a, b) * rng.choice((-1, 1))))
        else:
            free.append(_moved(a, b, turn=p["angle"] * rng.choice((-1, 1))))
    elif case.name == "unchanged":
        occ = list(shown)
    elif case.name == "source_kept":
        occ[rng.choice(sources)] = True
    else:
        raise ValueError(case.name)
    sticks = [_slot(layout, j) for j in range(n_slots) if occ[j]] + free
    return sticks, faint


def build_answer(record: Any, style: Style, case: Case, seed: int, solution: str | None = None) -> np.ndarray:
    """The answer image (RGB array) for ``record`` in ``style`` with ``case`` planted."""
    rng = random.Random(seed)
    layout = record.layout
    solution = solution or record.ground_truth["solutions"][0]
    sticks, faint = configuration(record, case, rng, solution)
    w, h = layout["canvas"]
    width = float(layout["stick_width"]) * style.width
    image = Image.new("RGB", (w * SS, h * SS), style.paper)
    draw = ImageDraw.Draw(image)
    fx0, fy0, fx1, fy1 = layout["frame_bbox"]
    draw.rectangle([fx0 * SS, fy0 * SS, fx1 * SS, fy1 * SS], outline=style.frame_colour,
                   width=style.frame_width * SS)
    # shadows first, so that no shadow falls on a neighbouring stick
    placed = []
    for a, b in sticks:
        a, b = _moved(a, b, along=rng.uniform(-style.shift, style.shift), across=rng.uniform(-style.shift, style.shift),
                      turn=rng.uniform(-style.turn, style.turn), scale=style.length)
        placed.append((a, b))
    if style.shadow:
        for a, b in placed:
            draw.polygon(_s(_quad((a[0] + 3, a[1] + 3), (b[0] + 3, b[1] + 3), width / 2)), fill=(175, 175, 175))
    plain = replace(style, shadow=False)
    for a, b in placed:
        draw_stick(draw, a, b, width, plain, rng)
    if faint:
        layer = image.copy()
        ldraw = ImageDraw.Draw(layer)
        for a, b in faint:
            draw_stick(ldraw, *_moved(a, b, scale=style.length), width, plain, rng)
        image = Image.blend(image, layer, case.params["alpha"])
    out = np.asarray(image.resize((w, h), Image.LANCZOS))
    return apply_page(out, style.page, seed)


# ------------------------------------------------------------------------------------------- measuring


def answers(records: Sequence[Any], per_record: int, seed: int) -> list[tuple[Any, Style, Case, int, str]]:
    """A deterministic sample: cases cycled, styles drawn; ``none`` cycles through every stored solution."""
    rng = random.Random(seed)
    out = []
    i = 0
    for record in records:
        sols = record.ground_truth["solutions"]
        n_none = 0
        for _ in range(per_record):
            case = CASES[i % len(CASES)]
            i += 1
            style = STYLES[rng.randrange(len(STYLES))]
            sol = sols[0]
            if case.name == "none":
                sol = sols[n_none % len(sols)]
                n_none += 1
            out.append((record, style, case, rng.randrange(1 << 30), sol))
        for extra in sols[n_none:]:  # every valid answer is drawn at least once
            out.append((record, STYLES[rng.randrange(len(STYLES))], CASES[0], rng.randrange(1 << 30), extra))
    return out


def main(n_instances: int = 24, per_record: int = 12, master_seed: int = 1313) -> dict[str, dict[str, int]]:
    import tempfile
    from collections import Counter, defaultdict
    from pathlib import Path

    from genpuzzle.dataset import load_set, write_set
    from genpuzzle.evaluate import _instance_images, verify_image

    root = Path(tempfile.mkdtemp(prefix="gp-audit-matchstick-")) / "set"
    write_set(root, {"matchstick": n_instances}, master_seed=master_seed)
    pset = load_set(root)
    by_style: dict[str, Counter] = defaultdict(Counter)
    by_case: dict[str, Counter] = defaultdict(Counter)
    lines = []
    for record, style, case, seed, sol in answers(pset.records, per_record, master_seed):
        target, mask = _instance_images(str(root), record.input_image, record.edit_mask)
        verdict = verify_image(record, build_answer(record, style, case, seed, sol), target, mask)
        kind = outcome(case.expect, verdict)
        by_style[style.name][kind] += 1
        by_case[case.name][kind] += 1
        if kind != "right":
            lines.append(f"  {kind:21s} {record.id} {record.variant} {style.name} {case.name} {sol} -> "
                         f"{verdict.status.value} {verdict.score} review={verdict.needs_review} {verdict.codes}")
    print_tally(by_style, by_case, lines)
    return {"style": dict(by_style), "case": dict(by_case)}


if __name__ == "__main__":
    import sys

    main(*(int(a) for a in sys.argv[1:4]))
