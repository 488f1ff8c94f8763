"""Matchstick, sixteenth session: the brief's example "an extra matchstick beside another -> 100" rechecked.

A stick added beside a stick of the solution -- laid parallel at 1.5 or 1.2 stick widths, touching it, half
overlapping it, shorter, shifted along it, in the sticks' own colour, blue, red or grey -- never passes: it is
``incorrect`` (a ``stray_stick``, the stick count) or, half overlapping, sent to review. These are regression
guards: rubric 9 (the session-start code) already gives these verdicts; no verifier change was made. What
still passed on rubric 9 (docs/matchstick.md, "Sixteenth session"): a stick overlapping another by three
quarters of its width, read as one stick 1.25x wider -- sent to review since rubric 10
(tests/test_matchstick_thick_slot.py)."""

from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np
import pytest
from PIL import Image, ImageDraw

from genpuzzle.registry import get_track

TRACK = get_track("matchstick")


def _puzzle(seed: int):
    puzzle = TRACK.generate(seed, "1move")
    record = SimpleNamespace(id=f"t-{seed}", layout=puzzle.layout, ground_truth=puzzle.ground_truth)
    return record, np.asarray(puzzle.input_image.convert("RGB")), np.asarray(puzzle.reference_images[0].convert("RGB"))


def _extra(ref: np.ndarray, layout: dict, j: int, off: float, colour=None, along: float = 0.0,
           length: float = 1.0) -> np.ndarray:
    """``ref`` with a stick drawn parallel to slot ``j``, ``off`` stick widths across it (1: touching, 0.5: half
    over it), ``along`` slot lengths along it, ``length`` of the slot's length, in ``colour`` (default: the
    colour at the slot's centre, the stick's own)."""
    (x0, y0), (x1, y1) = layout["slots"][j]["p0"], layout["slots"][j]["p1"]
    w = float(layout["stick_width"])
    L = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / L, (y1 - y0) / L
    cx = (x0 + x1) / 2 - off * w * uy + along * L * ux
    cy = (y0 + y1) / 2 + off * w * ux + along * L * uy
    if colour is None:
        colour = tuple(int(c) for c in ref[int(round((y0 + y1) / 2)), int(round((x0 + x1) / 2))])
    h = 0.5 * L * length
    im = Image.fromarray(ref.copy())
    ImageDraw.Draw(im).line([(cx - h * ux, cy - h * uy), (cx + h * ux, cy + h * uy)], fill=colour,
                            width=max(2, int(round(w))))
    return np.asarray(im)


VARIANTS = {
    "parallel_gap": dict(off=1.5), "parallel_close": dict(off=1.2), "touching": dict(off=1.0),
    "half_over": dict(off=0.5), "short_touching": dict(off=1.0, length=0.6),
    "shifted_along": dict(off=1.0, along=0.3), "blue_touching": dict(off=1.0, colour=(40, 60, 200)),
    "red_half_over": dict(off=0.5, colour=(200, 30, 30)), "grey_gap": dict(off=1.5, colour=(150, 150, 150)),
    "blue_half_over": dict(off=0.5, colour=(40, 60, 200)),
}


@pytest.mark.parametrize("seed", [3, 11])
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_an_extra_stick_beside_a_stick_never_passes(seed: int, variant: str) -> None:
    record, input_image, ref = _puzzle(seed)
    verdict = TRACK.verify(record, ref, input_image)
    assert verdict.status.value == "correct" and verdict.score == 100 and not verdict.needs_review
    held = [j for j, o in enumerate(verdict.parsed["occupied"]) if o]
    for j in (held[len(held) // 3], held[(2 * len(held)) // 3]):
        v = TRACK.verify(record, _extra(ref, record.layout, j, **VARIANTS[variant]), input_image)
        assert v.status.value == "incorrect" or v.needs_review, (j, v.status.value, v.score, v.codes)
        assert not (v.status.value == "correct" and v.score == 100 and not v.needs_review)
        if VARIANTS[variant]["off"] >= 1.0:  # apart from the stick: a stick more, named
            assert v.status.value == "incorrect" and v.score == 0, (j, v.status.value, v.codes)
