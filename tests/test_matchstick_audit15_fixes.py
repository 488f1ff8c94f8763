"""Matchstick rubric 9 (blind audit AUDIT15's misses, fifteenth session): an equation redrawn a little narrower
and higher than the input inside a frame in place is read on its own sticks (``fit_layout``), light matches on
a darker table (sticks paler than the paper) are ink (``light_ink``), and round shaded sticks with a pale
highlight and a soft cast shadow are whole sticks (``pale_gap_px``, ``halo_ratio``). Each correct redraw failed
on rubric 8; each planted error next to it must still fail."""

from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFilter

from genpuzzle.registry import get_track
from genpuzzle.renderers.matchstick import draw_sticks
from genpuzzle.solvers.matchstick import occupancy
from genpuzzle.verifiers.matchstick import frame_from_layout

TRACK = get_track("matchstick")


def _puzzle(seed: int, variant: str = "1move"):
    puzzle = TRACK.generate(seed, variant)
    record = SimpleNamespace(id=f"t-{seed}", layout=puzzle.layout, ground_truth=puzzle.ground_truth)
    return record, np.asarray(puzzle.input_image.convert("RGB"))


def _moved_layout(layout: dict, squeeze: float, lift: float) -> dict:
    cx = layout["canvas"][0] / 2

    def move(q):
        return [cx + (q[0] - cx) * squeeze, q[1] - lift]

    return {**layout, "slots": [{**sl, "p0": move(sl["p0"]), "p1": move(sl["p1"])} for sl in layout["slots"]]}


def _occupied(record, equation: str) -> list[bool]:
    return list(occupancy(equation, frame_from_layout(record.layout)))


def _taken_not_placed(record, equation: str) -> list[bool]:
    """The solution with the moved sticks taken out and not put back."""
    shown = [bool(b) for b in record.layout["occupied"]]
    return [t and s for t, s in zip(_occupied(record, equation), shown)]


@pytest.mark.parametrize("seed", [3, 11])
def test_an_equation_redrawn_narrower_and_higher_is_read_on_its_sticks(seed: int) -> None:
    record, input_image = _puzzle(seed)
    sol = record.ground_truth["solutions"][0]
    moved = _moved_layout(record.layout, 0.93, 6.0)
    width = 0.55 * float(record.layout["stick_width"])
    answer = np.asarray(draw_sticks(moved, _occupied(record, sol), style="line", color=(25, 25, 25), line_width=width))
    verdict = TRACK.verify(record, answer, input_image)
    assert verdict.status.value == "correct" and verdict.score == 100 and not verdict.needs_review, verdict.codes
    assert verdict.parsed["measured"]["layout_fit"]["scale_x"] == pytest.approx(0.93, abs=0.015)
    wrong = np.asarray(draw_sticks(moved, _taken_not_placed(record, sol), style="line", color=(25, 25, 25),
                                   line_width=width))
    verdict = TRACK.verify(record, wrong, input_image)
    assert verdict.score == 0 and verdict.status.value == "incorrect", verdict.codes


@pytest.mark.parametrize("seed", [3, 11])
def test_pale_matches_on_a_darker_table_are_sticks(seed: int) -> None:
    record, input_image = _puzzle(seed)
    sol = record.ground_truth["solutions"][0]
    table = (222, 196, 160)
    kw = dict(style="line", color=(246, 228, 190), background=table)
    answer = np.asarray(draw_sticks(record.layout, _occupied(record, sol), **kw))
    verdict = TRACK.verify(record, answer, input_image)
    assert verdict.status.value == "correct" and verdict.score == 100 and not verdict.needs_review, verdict.codes
    for occ in (_taken_not_placed(record, sol), [bool(b) for b in record.layout["occupied"]]):
        verdict = TRACK.verify(record, np.asarray(draw_sticks(record.layout, occ, **kw)), input_image)
        assert verdict.score == 0 and verdict.status.value == "incorrect", verdict.codes


def test_an_answer_drawn_in_place_keeps_the_layout_as_given() -> None:
    record, input_image = _puzzle(5)
    answer = np.asarray(draw_sticks(record.layout, _occupied(record, record.ground_truth["solutions"][0])))
    verdict = TRACK.verify(record, answer, input_image)
    assert verdict.score == 100 and "layout_fit" not in verdict.parsed["measured"]


def _shaded(layout: dict, occupied: list[bool], extra: list = ()) -> np.ndarray:
    """Round sticks shaded in bands (dark edges, a pale highlight) with a soft shadow cast 4-5 px down right."""
    ss = 3
    w, h = layout["canvas"]
    width = 1.2 * float(layout["stick_width"])
    sticks = [(sl["p0"], sl["p1"]) for sl, on in zip(layout["slots"], occupied) if on] + list(extra)
    image = Image.new("RGB", (w * ss, h * ss), (255, 255, 255))
    ImageDraw.Draw(image).rectangle([v * ss for v in layout["frame_bbox"]], outline=(70, 70, 70), width=3 * ss)

    def quad(a, b, hw, off=(0.0, 0.0)):
        d = (b[0] - a[0], b[1] - a[1])
        n = math.hypot(*d) or 1.0
        nx, ny = -d[1] / n * hw, d[0] / n * hw
        return [((q[0] + sx * nx + off[0]) * ss, (q[1] + sx * ny + off[1]) * ss)
                for q, sx in ((a, 1), (b, 1), (b, -1), (a, -1))]

    shadow = Image.new("L", image.size, 0)
    for a, b in sticks:
        ImageDraw.Draw(shadow).polygon(quad(a, b, width / 2, (4, 5)), fill=255)
    shadow = shadow.filter(ImageFilter.GaussianBlur(3 * ss))
    arr = np.asarray(image, np.float32) * (1 - 0.35 * np.asarray(shadow, np.float32)[:, :, None] / 255)
    image = Image.fromarray(arr.astype(np.uint8))
    draw = ImageDraw.Draw(image)
    dark, light = np.array((148, 116, 68)), np.array((242, 221, 189))
    for a, b in sticks:
        for j in range(7):
            t = j / 6
            draw.polygon(quad(a, b, width / 2 * (1 - 0.8 * t)), fill=tuple(int(v) for v in dark + (light - dark) * t ** 0.8))
    return np.asarray(image.resize((w, h), Image.LANCZOS))


@pytest.mark.parametrize("seed", [3, 11])
def test_shaded_round_sticks_with_a_soft_cast_shadow_are_whole_sticks(seed: int) -> None:
    record, input_image = _puzzle(seed)
    sol = record.ground_truth["solutions"][0]
    verdict = TRACK.verify(record, _shaded(record.layout, _occupied(record, sol)), input_image)
    assert verdict.status.value == "correct" and verdict.score == 100 and not verdict.needs_review, \
        (verdict.codes, verdict.extra.get("unsure_marks"))
    # an extra stick beside a placed one (a gap of one stick width), and the moved sticks taken and not placed
    occ = _occupied(record, sol)
    j = next(i for i, (sl, on) in enumerate(zip(record.layout["slots"], occ)) if on and sl["segment"] in "bcef")
    p0, p1 = record.layout["slots"][j]["p0"], record.layout["slots"][j]["p1"]
    # inside its digit (a right-hand stick gets it on its left), one stick width of paper between them
    gap = 2.2 * float(record.layout["stick_width"]) * (-1 if record.layout["slots"][j]["segment"] in "bc" else 1)
    beside = [((p0[0] + gap, p0[1]), (p1[0] + gap, p1[1]))]
    for wrong in (_shaded(record.layout, occ, beside), _shaded(record.layout, _taken_not_placed(record, sol))):
        verdict = TRACK.verify(record, wrong, input_image)
        assert verdict.score == 0 and verdict.status.value == "incorrect", verdict.codes
