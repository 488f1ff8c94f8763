"""Nineteenth session: ink a nonogram answer adds on the paper just outside the grid is accounted for.

h19f found that a 3 px zigzag drawn from the grid's right side out towards the page's edge passed with 100: the cells'
stray-mark check ends at the grid and the clue check at the clue strips, so the band around the grid held no check.
A mark there as dark as a pen's is now in doubt (needs_review, score below 100), never a pass; page furniture (ruled
hairlines, a stamp in the corner above the row clues, pale shading) stays out of it.
"""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from genpuzzle.records import InstanceRecord, Status
from genpuzzle.registry import get_track


@pytest.fixture(scope="module", params=["5x5", "10x10", "15x15"])
def case(request):
    track = get_track("nonogram")
    p = track.generate(5001, request.param)
    rec = InstanceRecord(id="b19", track="nonogram", variant=request.param, difficulty=p.difficulty, seed=1,
                         instruction="", input_image="", reference_images=[], edit_mask="",
                         ground_truth=p.ground_truth, layout=p.layout, scoring=p.scoring,
                         track_version=track.version)
    return track, rec, np.asarray(p.input_image.convert("RGB")), p.reference_images[0].convert("RGB")


def _drawn(ref: Image.Image, shape: str, pts, width: int = 3, fill=(20, 20, 30)) -> np.ndarray:
    page = ref.copy()
    d = ImageDraw.Draw(page)
    if shape == "line":
        d.line(pts, fill=fill, width=width)
    elif shape == "rect":
        d.rectangle(pts, fill=fill)
    else:
        d.text(pts[0], shape, fill=fill)
    return np.asarray(page)


def test_reference_scores_100(case):
    track, rec, inp, ref = case
    v = track.verify(rec, np.asarray(ref), inp)
    assert v.status == Status.CORRECT and v.score == 100 and not v.needs_review


@pytest.mark.parametrize("mark", ["zigzag right", "tick below", "scribble top right", "blob bottom right"])
def test_a_pen_mark_just_outside_the_grid_never_passes(case, mark):
    track, rec, inp, ref = case
    gx0, gy0, gx1, gy1 = rec.layout["grid_bbox"]
    W, _ = ref.size
    pts = {"zigzag right": [(gx1 + 3, gy0 + 40), (W - 4, gy0 + 60), (gx1 + 3, gy0 + 80), (W - 4, gy0 + 100)],
           "tick below": [(gx0 + 40, gy1 + 8), (gx0 + 50, gy1 + 20), (gx0 + 70, gy1 + 4)],
           "scribble top right": [(gx1 + 4, gy0 - 20), (gx1 + 20, gy0 - 5), (gx1 + 8, gy0 - 25), (gx1 + 22, gy0 - 12)],
           "blob bottom right": [gx1 + 6, gy1 + 6, gx1 + 18, gy1 + 18]}[mark]
    v = track.verify(rec, _drawn(ref, "rect" if mark.startswith("blob") else "line", pts), inp)
    assert v.status != Status.CORRECT and v.needs_review and v.score < 100
    assert v.extra["unsure_marks_beside_grid"]


def test_page_furniture_beside_the_grid_still_scores_100(case):
    track, rec, inp, ref = case
    gx0, gy0, gx1, gy1 = rec.layout["grid_bbox"]
    W, H = ref.size
    page = ref.copy()
    d = ImageDraw.Draw(page)
    for y in (gy0 + 0.3 * (gy1 - gy0), gy0 + 0.6 * (gy1 - gy0)):  # ledger rules running on past the grid's side
        d.line([(gx1 + 6, y), (W - 6, y)], fill=(120, 150, 200), width=2)
    d.rectangle([gx0 - 70, gy0 - 60, gx0 - 10, gy0 - 38], outline=(200, 30, 40), width=2)  # a stamp above the row clues
    d.text((gx0 - 64, gy0 - 56), "SOLVED", fill=(200, 30, 40))
    d.rectangle([gx1 + 6, gy1 + 6, gx1 + 30, gy1 + 24], fill=(215, 215, 215))  # a pale shade below the corner
    v = track.verify(rec, np.asarray(page), inp)
    assert v.status == Status.CORRECT and v.score == 100 and not v.needs_review, (v.codes, v.extra)
