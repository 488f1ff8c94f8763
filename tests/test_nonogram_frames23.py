"""Twenty-third session (h23b): a second frame drawn round a nonogram's grid is the puzzle's frame, not a mark beside it.

HELDOUT20's boxed redraw draws the grid with a double frame (a heavy frame and a thin one a few px outside it); its
four sides join at the corners into one ring the size of the grid, which the band check beside the grid
(``margin_marks``) took for a 5-15 cell pen mark: every answer of the style in review. Level and upright hairlines at
least ``MARGIN_FRAME_LONG`` cells long are now taken out of the band before its marks are looked for. The answers here
are drawn in their own styles (not HELDOUT20's): a dark blue-grey frame a quarter cell out, a frame of two hairlines,
and a thin frame with a pen mark beside it (still in doubt).
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
    p = track.generate(23402, request.param)
    rec = InstanceRecord(id="f23", track="nonogram", variant=request.param, difficulty=p.difficulty, seed=1,
                         instruction="", input_image="", reference_images=[], edit_mask="",
                         ground_truth=p.ground_truth, layout=p.layout, scoring=p.scoring,
                         track_version=track.version)
    return track, rec, np.asarray(p.input_image.convert("RGB")), p.reference_images[0].convert("RGB")


def _framed(ref: Image.Image, layout, kind: str) -> Image.Image:
    page = ref.copy()
    d = ImageDraw.Draw(page)
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    cell = float(layout["cell_px"])
    if kind == "quarter":  # one 2 px blue-grey frame a quarter cell outside the grid
        o = round(0.25 * cell)
        d.rectangle([gx0 - o, gy0 - o, gx1 + o, gy1 + o], outline=(50, 60, 84), width=2)
    elif kind == "two_hairlines":  # two 1 px frames, 0.15 and 0.3 cell out
        for f in (0.15, 0.3):
            o = round(f * cell)
            d.rectangle([gx0 - o, gy0 - o, gx1 + o, gy1 + o], outline=(30, 30, 30), width=1)
    return page


@pytest.mark.parametrize("kind", ["quarter", "two_hairlines"])
def test_a_second_frame_round_the_grid_is_no_mark(case, kind):
    track, rec, inp, ref = case
    v = track.verify(rec, np.asarray(_framed(ref, rec.layout, kind)), inp)
    assert not (v.extra or {}).get("unsure_marks_beside_grid"), v.extra
    assert v.status == Status.CORRECT and v.score == 100 and not v.needs_review, (v.codes, v.extra)


def test_a_pen_mark_beside_a_framed_grid_still_in_doubt(case):
    track, rec, inp, ref = case
    page = _framed(ref, rec.layout, "quarter")
    gx0, gy0, gx1, gy1 = rec.layout["grid_bbox"]
    d = ImageDraw.Draw(page)
    d.line([(gx0 + 40, gy1 + 8), (gx0 + 50, gy1 + 20), (gx0 + 70, gy1 + 4)], fill=(20, 20, 30), width=3)  # a tick
    v = track.verify(rec, np.asarray(page), inp)
    assert v.status != Status.CORRECT and v.needs_review and v.score < 100
    assert v.extra["unsure_marks_beside_grid"]
