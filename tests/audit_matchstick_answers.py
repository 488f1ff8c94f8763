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


def answers(records: Sequence[Any], per_record: int, seed: int, cases: Sequence[Case] | None = None,
            styles: Sequence[Any] | None = None) -> list[tuple[Any, Any, Case, int, str]]:
    """A deterministic sample: ``cases`` cycled (default CASES), ``styles`` drawn (default STYLES); ``none`` cycles
    through every stored solution, and every further stored solution is drawn once more."""
    cases, styles = cases or CASES, styles or STYLES
    rng = random.Random(seed)
    out = []
    i = 0
    for record in records:
        sols = record.ground_truth["solutions"]
        n_none = 0
        for _ in range(per_record):
            case = cases[i % len(cases)]
            i += 1
            style = styles[rng.randrange(len(styles))]
            sol = sols[0]
            if case.name == "none":
                sol = sols[n_none % len(sols)]
                n_none += 1
            out.append((record, style, case, rng.randrange(1 << 30), sol))
        for extra in sols[n_none:]:  # every valid answer is drawn at least once
            out.append((record, styles[rng.randrange(len(styles))], cases[0], rng.randrange(1 << 30), extra))
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


# =================================================================================== AUDIT15 (blind)
#
# A second blind family (fifteenth session), written without reading the verifier, the registration or the
# documented limits. Its drawing is its own again: tapered capsule sticks with violet heads in a screenshot's
# window, 3-D shaded sticks with glossy heads and a soft cast shadow, hand-drawn marker sticks with dot heads on
# a photographed sheet, thin black pen strokes in a narrower layout with a caption below, pale matches with
# burnt heads and shorter, wider-spaced operator and equals sticks on a wooden-table tone, and hollow blue-pen
# outline sticks on a mildly re-photographed page. Planted errors differ from AUDIT13's: an extra stick beside
# another pointing the other way, a stick added into an empty slot, the moved stick taken out and not put back
# (in the air, or lying below the equation), the operator changed by one stick, a true equation reached with
# more moves than asked, the moved stick left in transit between its two slots, an extra stick laid across
# another.
#
# ``python tests/audit_matchstick_answers.py audit15 [n_instances] [answers_per_instance] [master_seed] [json]
# [image_dir]``
#
# Blind figure (session-start code d8871a7, 24 instances x 10 answers, master seed 1515): 196 of 240 right,
# 0 false passes, 3 confident false fails, 26 review, 15 unreadable. The correct answers carry the misses: 17 of
# 48 right (glossy 3-D sticks with a cast shadow, burnt matches on a wooden tone with short wide-spaced operator
# and equals sticks, thin pen strokes in a narrower layout, marker sticks on a photographed sheet); every planted
# error was caught except 13 read unreadable on the photographed marker sheet.
# After rubric 9 (pale gaps and soft edges, pale sticks, the slots fitted onto a moved equation;
# docs/matchstick.md "Fifteenth session"), same answers: 207 of 240 right, 0 false passes, 1 confident false fail,
# 17 review, 15 unreadable with the session-start registration; 222 / 0 / 1 / 17 / 0 on the working tree at 12:53
# UTC (registration changed by another helper registers the 15 photographed marker pages).


@dataclass(frozen=True)
class Style15:
    """How the model redraws the sticks and the page (AUDIT15)."""

    name: str
    stick: str  # capsule | glossy | marker | pen | match | outline
    body_colour: tuple[int, int, int] = (236, 196, 132)
    head_colour: tuple[int, int, int] = (200, 38, 32)
    width: float = 1.0  # x the layout's stick width
    length: float = 1.0  # x the slot length
    op_length: float = 1.0  # x the slot length, operator and equals sticks
    eq_spread: float = 1.0  # x the distance of the equals sticks from the centre line
    squeeze: float = 1.0  # the whole equation's x about the canvas centre
    lift: float = 0.0  # px: the whole equation moved up
    jitter: float = 0.0  # px of shift, also degrees of turn / 2
    paper: str = "white"  # white | wood
    frame_colour: tuple[int, int, int] = (60, 60, 60)
    page: tuple[tuple[str, Any], ...] = ()


STYLES15 = [
    Style15("b_capsule_taper_violet_screenshot", "capsule", head_colour=(112, 40, 165), width=1.05,
            page=(("screenshot", 0), ("jpeg", 88))),
    Style15("b_glossy_3d_shadow", "glossy", body_colour=(228, 178, 105), head_colour=(185, 30, 25), width=1.2,
            page=(("rescale", 1.3), ("jpeg", 82))),
    Style15("b_marker_dot_heads_photo", "marker", body_colour=(95, 62, 30), head_colour=(20, 20, 20), width=0.85,
            jitter=1.5, page=(("photo", 0.06), ("texture", 0.05), ("jpeg", 72))),
    Style15("b_thin_pen_narrow_caption", "pen", body_colour=(25, 25, 25), width=0.55, length=1.1, squeeze=0.93,
            lift=6.0, page=(("caption_below", 0), ("jpeg", 85))),
    Style15("b_burnt_matches_table_ops", "match", body_colour=(246, 226, 186), head_colour=(45, 30, 25),
            op_length=0.78, eq_spread=1.5, paper="wood", frame_colour=(95, 60, 30),
            page=(("blur", 0.8), ("vignette", 0.25), ("jpeg", 66))),
    Style15("b_blue_outline_rephoto", "outline", body_colour=(25, 50, 160), head_colour=(25, 50, 160), width=1.15,
            jitter=0.8, page=(("combined", 0),)),
]

CASES15 = [
    Case("none", "correct"),
    Case("none", "correct"),
    Case("extra_beside_reversed", "not_pass", {"gap": 1.2}),
    Case("stick_added_in_slot", "not_pass"),
    Case("taken_not_placed", "not_pass"),
    Case("parked_below", "not_pass"),
    Case("operator_toggled", "not_pass"),
    Case("true_other_count", "not_pass"),
    Case("in_transit", "not_pass"),
    Case("extra_crossing", "not_pass", {"angle": 70}),
]


def _screenshot(image: np.ndarray, arg: Any, seed: int) -> np.ndarray:
    """The picture inside an app window: title bar with three buttons, a toolbar, a sidebar, a status bar."""
    h, w = image.shape[:2]
    side, top, bottom = 150, 72, 26
    canvas = Image.new("RGB", (w + side + 12, h + top + bottom + 12), (236, 236, 238))
    draw = ImageDraw.Draw(canvas)
    draw.rectangle([0, 0, canvas.width, 36], fill=(214, 214, 218))
    for k, col in enumerate(((236, 95, 87), (245, 190, 60), (98, 196, 84))):
        draw.ellipse([12 + 22 * k, 11, 26 + 22 * k, 25], fill=col)
    draw.text((canvas.width // 2 - 70, 12), "solution.png - Preview", fill=(40, 40, 40))
    draw.rectangle([0, 36, canvas.width, top], fill=(246, 246, 248))
    for k in range(5):
        draw.rounded_rectangle([side + 10 + 40 * k, 44, side + 38 + 40 * k, 64], radius=4, fill=(225, 225, 230))
    draw.rectangle([0, top, side, canvas.height], fill=(242, 242, 245))
    for k in range(8):
        draw.rectangle([14, top + 20 + 30 * k, 14 + 60 + (k * 37) % 60, top + 30 + 30 * k], fill=(190, 190, 196))
    draw.rectangle([0, canvas.height - bottom, canvas.width, canvas.height], fill=(226, 226, 230))
    draw.text((side + 12, canvas.height - bottom + 7), "900 x 520   100 %", fill=(80, 80, 80))
    canvas.paste(Image.fromarray(image), (side + 6, top + 6))
    return np.asarray(canvas)


def _caption_below(image: np.ndarray, arg: Any, seed: int) -> np.ndarray:
    from genpuzzle import page_perturb

    return page_perturb.caption(image, "One matchstick moved - the equation is now true", 0.1, "bottom")[0]


def _photo(image: np.ndarray, arg: Any, seed: int) -> np.ndarray:
    from genpuzzle import page_perturb

    far = ("top", "bottom", "left", "right")[seed % 4]
    return page_perturb.photographed(image, float(arg), far, tilt=1.5 if seed % 3 else -1.5)[0]


def _vignette(image: np.ndarray, arg: Any, seed: int) -> np.ndarray:
    h, w = image.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    r2 = ((xx - w / 2) / (w / 2)) ** 2 + ((yy - h / 2) / (h / 2)) ** 2
    shade = 1.0 - float(arg) * np.clip(r2 / 2, 0, 1)
    return np.clip(image.astype(np.float32) * shade[:, :, None], 0, 255).astype(np.uint8)


PAGE15 = {"screenshot": _screenshot, "caption_below": _caption_below, "photo": _photo, "vignette": _vignette}


def _ellipse(c: Point, u: Point, n: Point, r_along: float, r_across: float, k: int = 40) -> list[Point]:
    out = []
    for j in range(k):
        t = 2 * math.pi * j / k
        a, b = r_along * math.cos(t), r_across * math.sin(t)
        out.append((c[0] + u[0] * a + n[0] * b, c[1] + u[1] * a + n[1] * b))
    return out


def _mix(a: Sequence[int], b: Sequence[int], t: float) -> tuple[int, int, int]:
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))  # type: ignore[return-value]


def draw_stick15(draw: ImageDraw.ImageDraw, p0: Point, p1: Point, width: float, style: Style15,
                 rng: random.Random) -> None:
    """One AUDIT15 stick, head at ``p0`` (picture coordinates; drawn at ``SS``x)."""
    u, n, length = _axes(p0, p1)
    hw = width / 2
    if style.stick == "capsule":  # tapered body with round ends, dark rim, round head
        pts = []
        for j in range(21):  # the head end's half circle, wide
            t = math.pi / 2 + math.pi * j / 20
            pts.append((p0[0] + u[0] * hw * 1.05 * (1 + math.cos(t)) + n[0] * hw * 1.05 * math.sin(t),
                        p0[1] + u[1] * hw * 1.05 * (1 + math.cos(t)) + n[1] * hw * 1.05 * math.sin(t)))
        for j in range(21):  # the tail end's, narrow
            t = -math.pi / 2 + math.pi * j / 20
            r = hw * 0.72
            pts.append((p1[0] - u[0] * r * (1 - math.cos(t)) + n[0] * r * math.sin(t),
                        p1[1] - u[1] * r * (1 - math.cos(t)) + n[1] * r * math.sin(t)))
        draw.polygon(_s(pts), fill=style.body_colour, outline=(150, 105, 50), width=SS)
        c = (p0[0] + u[0] * 0.1 * length, p0[1] + u[1] * 0.1 * length)
        draw.polygon(_s(_ellipse(c, u, n, 0.12 * length, hw * 1.5)), fill=style.head_colour,
                     outline=_mix(style.head_colour, (0, 0, 0), 0.5), width=SS)
    elif style.stick == "glossy":  # cylinder shading in bands, a highlight, a spherical head
        dark = _mix(style.body_colour, (0, 0, 0), 0.35)
        light = _mix(style.body_colour, (255, 255, 255), 0.55)
        for j in range(7):
            t = j / 6
            col = _mix(dark, light, t ** 0.8)
            off = -0.25 * hw * t  # the highlight a little towards one side
            a = (p0[0] + n[0] * off, p0[1] + n[1] * off)
            b = (p1[0] + n[0] * off, p1[1] + n[1] * off)
            draw.polygon(_s(_quad(a, b, hw * (1 - 0.8 * t))), fill=col)
        c = (p0[0] + u[0] * 0.1 * length, p0[1] + u[1] * 0.1 * length)
        for j in range(6):
            t = j / 5
            col = _mix(_mix(style.head_colour, (0, 0, 0), 0.45), _mix(style.head_colour, (255, 255, 255), 0.6), t)
            off = -0.35 * hw * t
            cc = (c[0] + n[0] * off - u[0] * 0.02 * length * t, c[1] + n[1] * off - u[1] * 0.02 * length * t)
            draw.polygon(_s(_ellipse(cc, u, n, 0.12 * length * (1 - 0.75 * t), hw * 1.5 * (1 - 0.75 * t))), fill=col)
    elif style.stick == "marker":  # a wavy marker stroke, ends over/undershooting, a dot head
        e0, e1 = rng.uniform(-0.05, 0.04) * length, rng.uniform(-0.05, 0.04) * length
        a = (p0[0] - u[0] * e0, p0[1] - u[1] * e0)
        b = (p1[0] + u[0] * e1, p1[1] + u[1] * e1)
        amp, phase = rng.uniform(0.5, 1.2), rng.uniform(0, 2 * math.pi)
        pts = []
        for j in range(13):
            t = j / 12
            off = amp * math.sin(phase + 2 * math.pi * t)
            pts.append((a[0] + (b[0] - a[0]) * t + n[0] * off, a[1] + (b[1] - a[1]) * t + n[1] * off))
        draw.line(_s(pts), fill=style.body_colour, width=max(1, round(width * SS)), joint="curve")
        for q in (pts[0], pts[-1]):
            r = width / 2
            draw.ellipse([(q[0] - r) * SS, (q[1] - r) * SS, (q[0] + r) * SS, (q[1] + r) * SS], fill=style.body_colour)
        c = (p0[0] + u[0] * 0.06 * length, p0[1] + u[1] * 0.06 * length)
        r = width * 0.85
        draw.ellipse([(c[0] - r) * SS, (c[1] - r) * SS, (c[0] + r) * SS, (c[1] + r) * SS], fill=style.head_colour)
    elif style.stick == "pen":  # a plain straight stroke, square ends
        draw.polygon(_s(_quad(p0, p1, hw)), fill=style.body_colour)
    elif style.stick == "match":  # pale flat body with a thin rim, a burnt bulb head
        draw.polygon(_s(_quad(p0, p1, hw)), fill=style.body_colour, outline=(170, 140, 100), width=SS)
        c = (p0[0] + u[0] * 0.09 * length, p0[1] + u[1] * 0.09 * length)
        draw.polygon(_s(_ellipse(c, u, n, 0.1 * length, hw * 1.35)), fill=style.head_colour)
        draw.polygon(_s(_ellipse((c[0] - n[0] * hw * 0.4, c[1] - n[1] * hw * 0.4), u, n, 0.04 * length, hw * 0.3)),
                     fill=(110, 95, 85))
    elif style.stick == "outline":  # hollow stick and head drawn in pen
        lw = max(1, round(0.2 * width * SS))
        draw.line(_s(_quad(p0, p1, hw) + [_quad(p0, p1, hw)[0]]), fill=style.body_colour, width=lw, joint="curve")
        c = (p0[0] + u[0] * 0.1 * length, p0[1] + u[1] * 0.1 * length)
        ring = _ellipse(c, u, n, 0.11 * length, hw * 1.35)
        draw.polygon(_s(ring), fill=(255, 255, 255))
        draw.line(_s(ring + [ring[0]]), fill=style.head_colour, width=lw, joint="curve")
    else:
        raise ValueError(style.stick)


def _kind_of(layout: dict[str, Any], j: int) -> str:
    seg = layout["slots"][j]["segment"]
    return "eq" if seg in ("top", "bottom") else "op" if seg in ("h", "v", "x1", "x2") else "digit"


def configuration15(record: Any, case: Case, rng: random.Random, solution: str
                    ) -> list[tuple[Point, Point, str]]:
    """The answer's sticks as ``(head, tail, kind)``: slot sticks (kind digit/op/eq, or top/bottom for the
    equals sign) and free sticks (kind ``free``)."""
    from genpuzzle.solvers.matchstick import search

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
    L = math.dist(*_slot(layout, 0))

    def wrong(occ: Sequence[bool]) -> bool:
        eq = decode(list(occ), frame)
        ok = None not in eq and is_true("".join(eq)) and move_counts(shown, occ) == (k, k)
        return tuple(occ) not in solutions and not ok

    occ = list(target)
    free: list[tuple[Point, Point]] = []
    p = case.params
    digit_on = [j for j in range(n_slots) if occ[j] and _kind_of(layout, j) == "digit"]
    if case.name == "none":
        pass
    elif case.name == "extra_beside_reversed":
        j = rng.choice(digit_on)
        a, b = _slot(layout, j)
        a, b = _moved(a, b, across=p["gap"] * width * rng.choice((-1, 1)), scale=0.9)
        free.append((b, a))
    elif case.name == "stick_added_in_slot":
        empty = [j for j in range(n_slots) if not occ[j] and wrong([x or i == j for i, x in enumerate(occ)])]
        occ[rng.choice(empty)] = True
    elif case.name in ("taken_not_placed", "parked_below"):
        for t in targets:
            occ[t] = False
        if case.name == "parked_below":
            ys = [pt[1] for s in layout["slots"] for pt in (s["p0"], s["p1"])]
            xs = [pt[0] for s in layout["slots"] for pt in (s["p0"], s["p1"])]
            y = max(ys) + 0.38 * L
            for m in range(len(targets)):
                x = rng.uniform(min(xs) + 0.6 * L, max(xs) - 0.6 * L) if len(targets) == 1 else \
                    min(xs) + (m + 1) * (max(xs) - min(xs)) / (len(targets) + 1)
                free.append(((x - L / 2, y), (x + L / 2, y)))
    elif case.name == "operator_toggled":
        op_slots = {layout["slots"][j]["segment"]: j for j in range(n_slots) if _kind_of(layout, j) == "op"}
        cand = list(occ)
        if cand[op_slots["v"]]:
            cand[op_slots["v"]] = False  # + -> -
        elif cand[op_slots["h"]]:
            cand[op_slots["v"]] = True  # - -> +
        else:  # x -> -
            cand[op_slots["x1"]] = cand[op_slots["x2"]] = False
            cand[op_slots["h"]] = True
        if not wrong(cand):
            raise RuntimeError("operator toggle gives a solution")
        occ = cand
    elif case.name == "true_other_count":
        others: list[str] = []
        for extra_moves in (1, 2, 3):
            others = [e for e in search(tuple(shown), frame, k + extra_moves) if e not in record.ground_truth["solutions"]]
            if others:
                break
        if not others:  # a true equation with one stick more or fewer than the puzzle has
            for j in range(n_slots):
                toggled = tuple(x != (i == j) for i, x in enumerate(shown))
                for m in range(k + 3):
                    others += [e for e in search(toggled, frame, m)
                               if move_counts(shown, occupancy(e, frame)) != (k, k)]
            others = sorted(set(others))
        if not others:
            raise RuntimeError("no true equation at another move count")
        occ = list(occupancy(rng.choice(others), frame))
    elif case.name == "in_transit":
        s, t = rng.choice(sources), rng.choice(targets)
        occ[t] = False
        (a0, a1), (b0, b1) = _slot(layout, s), _slot(layout, t)
        ua, _, _ = _axes(a0, a1)
        ub, _, _ = _axes(b0, b1)
        if ua[0] * ub[0] + ua[1] * ub[1] < 0:
            ub = (-ub[0], -ub[1])
        d = (ua[0] + ub[0], ua[1] + ub[1])
        dn = math.hypot(*d) or 1.0
        d = (d[0] / dn, d[1] / dn)
        c = ((a0[0] + a1[0] + b0[0] + b1[0]) / 4, (a0[1] + a1[1] + b0[1] + b1[1]) / 4)
        # never (almost) on a slot: then it would be a stick in that slot, not one in transit
        for _ in range(4):
            near = [j for j in range(n_slots)
                    if math.dist(c, ((_slot(layout, j)[0][0] + _slot(layout, j)[1][0]) / 2,
                                     (_slot(layout, j)[0][1] + _slot(layout, j)[1][1]) / 2)) < 0.3 * L]
            if not near:
                break
            c = (c[0] + 0.35 * L * -d[1], c[1] + 0.35 * L * d[0])
        free.append(((c[0] - d[0] * L / 2, c[1] - d[1] * L / 2), (c[0] + d[0] * L / 2, c[1] + d[1] * L / 2)))
    elif case.name == "extra_crossing":
        j = rng.choice(digit_on)
        a, b = _slot(layout, j)
        free.append(_moved(a, b, turn=p["angle"] * rng.choice((-1, 1)), scale=0.85))
    else:
        raise ValueError(case.name)
    out = []
    for j in range(n_slots):
        if occ[j]:
            a, b = _slot(layout, j)
            seg = layout["slots"][j]["segment"]
            out.append((a, b, seg if seg in ("top", "bottom") else _kind_of(layout, j)))
    return out + [(a, b, "free") for a, b in free]


def build_answer15(record: Any, style: Style15, case: Case, seed: int, solution: str | None = None) -> np.ndarray:
    """The AUDIT15 answer image (RGB array) for ``record`` in ``style`` with ``case`` planted."""
    rng = random.Random(seed)
    layout = record.layout
    solution = solution or record.ground_truth["solutions"][0]
    sticks = configuration15(record, case, rng, solution)
    w, h = layout["canvas"]
    width = float(layout["stick_width"]) * style.width
    if style.paper == "wood":
        nrng = np.random.default_rng(seed)
        rows = np.cumsum(nrng.normal(0, 1, h * SS)) * 0.6
        rows = (rows - rows.mean()) / (rows.std() + 1e-6)
        grain = 0.5 * rows[:, None] + 0.5 * nrng.normal(0, 1, (h * SS, w * SS))
        base = np.array((222, 196, 160), np.float32)[None, None, :] * (1 + 0.035 * grain[:, :, None])
        image = Image.fromarray(np.clip(base, 0, 255).astype(np.uint8))
    else:
        image = Image.new("RGB", (w * SS, h * SS), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    fx0, fy0, fx1, fy1 = layout["frame_bbox"]
    draw.rectangle([fx0 * SS, fy0 * SS, fx1 * SS, fy1 * SS], outline=style.frame_colour, width=3 * SS)
    cx = w / 2
    placed = []
    for a, b, kind in sticks:
        scale = style.length if kind in ("digit", "free") else style.op_length
        a, b = _moved(a, b, along=rng.uniform(-style.jitter, style.jitter),
                      across=rng.uniform(-style.jitter, style.jitter),
                      turn=rng.uniform(-style.jitter, style.jitter) / 2, scale=scale)
        if kind in ("top", "bottom") and style.eq_spread != 1.0:
            _, nrm, _ = _axes(a, b)
            cy = h / 2
            off = ((a[1] + b[1]) / 2 - cy) * (style.eq_spread - 1.0)
            a, b = (a[0], a[1] + off), (b[0], b[1] + off)
        a = (cx + (a[0] - cx) * style.squeeze, a[1] - style.lift)
        b = (cx + (b[0] - cx) * style.squeeze, b[1] - style.lift)
        placed.append((a, b))
    if style.stick == "glossy":  # a soft cast shadow under every stick
        shadow = Image.new("L", image.size, 0)
        sdraw = ImageDraw.Draw(shadow)
        for a, b in placed:
            sdraw.polygon(_s(_quad((a[0] + 4, a[1] + 5), (b[0] + 4, b[1] + 5), width / 2)), fill=255)
        shadow = shadow.filter(ImageFilter.GaussianBlur(3 * SS))
        arr = np.asarray(image).astype(np.float32) * (1 - 0.35 * np.asarray(shadow, np.float32)[:, :, None] / 255)
        image = Image.fromarray(arr.astype(np.uint8))
        draw = ImageDraw.Draw(image)
    for a, b in placed:
        draw_stick15(draw, a, b, width, style, rng)
    out = np.asarray(image.resize((w, h), Image.LANCZOS))
    return apply_page(out, style.page, seed, extra=PAGE15)


def answers15(records: Sequence[Any], per_record: int, seed: int) -> list[tuple[Any, Style15, Case, int, str]]:
    """A deterministic sample: cases cycled, styles drawn; ``none`` cycles through every stored solution, and
    every further stored solution is drawn once more."""
    return answers(records, per_record, seed, CASES15, STYLES15)


def main15(n_instances: int = 24, per_record: int = 10, master_seed: int = 1515, json_out: str | None = None,
           image_dir: str | None = None) -> list[dict[str, Any]]:
    """Verify the AUDIT15 sample, print the tally, return (and write to ``json_out``) one row per answer;
    ``image_dir``: where the answers that are not right are saved as PNG."""
    import json
    import os
    import tempfile
    from collections import Counter, defaultdict
    from pathlib import Path

    from genpuzzle.dataset import load_set, write_set
    from genpuzzle.evaluate import _instance_images, verify_image
    import genpuzzle.verifiers.matchstick as verifier

    print("verifier:", os.path.realpath(verifier.__file__))
    root = Path(tempfile.mkdtemp(prefix="gp-audit15-matchstick-")) / "set"
    write_set(root, {"matchstick": n_instances}, master_seed=master_seed)
    pset = load_set(root)
    by_style: dict[str, Counter] = defaultdict(Counter)
    by_case: dict[str, Counter] = defaultdict(Counter)
    lines, rows = [], []
    for n, (record, style, case, seed, sol) in enumerate(answers15(pset.records, per_record, master_seed)):
        target, mask = _instance_images(str(root), record.input_image, record.edit_mask)
        image = build_answer15(record, style, case, seed, sol)
        verdict = verify_image(record, image, target, mask)
        kind = outcome(case.expect, verdict)
        by_style[style.name][kind] += 1
        by_case[case.name][kind] += 1
        rows.append({"n": n, "id": record.id, "variant": record.variant, "style": style.name, "case": case.name,
                     "solution": sol, "seed": seed, "expect": case.expect, "kind": kind,
                     "status": verdict.status.value, "score": verdict.score, "review": bool(verdict.needs_review),
                     "codes": list(verdict.codes)})
        if kind != "right":
            lines.append(f"  {kind:21s} #{n} {record.id} {record.variant} {style.name} {case.name} {sol} -> "
                         f"{verdict.status.value} {verdict.score} review={verdict.needs_review} {verdict.codes}")
            if image_dir:
                Path(image_dir).mkdir(parents=True, exist_ok=True)
                Image.fromarray(image).save(Path(image_dir) / f"{n:03d}_{kind}_{style.name}_{case.name}.png")
    print_tally(by_style, by_case, lines, width=36)
    if json_out:
        Path(json_out).write_text(json.dumps(rows, indent=1))
    return rows


if __name__ == "__main__":
    import sys

    if sys.argv[1:2] == ["audit15"]:
        args = sys.argv[2:]
        main15(*(int(a) for a in args[:3]), *args[3:5])
    else:
        main(*(int(a) for a in sys.argv[1:4]))
