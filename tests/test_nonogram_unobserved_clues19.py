"""Nineteenth session: a clue strip registration did not see on the answer's page is never taken as unchanged.

HELDOUT18's graphite plus-grid redraw (w_ikarius_graphite_frame_redrawplus, 5x5 puzzle 1, clue_changed) passed with
100: registration's fit left the column-clue band unobserved and filled it with the input's pixels, so every column
strip matched the input and the changed "6" over column 3 was never read. Such a strip is now an unsure clue (review).
"""
from __future__ import annotations

import numpy as np
import pytest

from genpuzzle.records import InstanceRecord, Status
from genpuzzle.registry import get_track
from genpuzzle.verifiers.nonogram import clue_strip


@pytest.fixture(scope="module", params=["5x5", "10x10"])
def case(request):
    track = get_track("nonogram")
    p = track.generate(5001, request.param)
    rec = InstanceRecord(id="u19", track="nonogram", variant=request.param, difficulty=p.difficulty, seed=1,
                         instruction="", input_image="", reference_images=[], edit_mask="",
                         ground_truth=p.ground_truth, layout=p.layout, scoring=p.scoring,
                         track_version=track.version)
    inp = np.asarray(p.input_image.convert("RGB"))
    ref = np.asarray(p.reference_images[0].convert("RGB"))
    return track, rec, inp, ref


def _column_band(layout, shape) -> np.ndarray:
    """Observed everywhere but the column clues' band (above the grid), as registration leaves it."""
    observed = np.ones(shape[:2], bool)
    observed[:int(layout["grid_bbox"][1]) - 2, :] = False
    return observed


def test_reference_with_every_pixel_observed_scores_100(case):
    track, rec, inp, ref = case
    v = track.verify(rec, ref, inp, observed=np.ones(inp.shape[:2], bool))
    assert v.status == Status.CORRECT and v.score == 100 and not v.needs_review


def test_unobserved_column_clues_filled_with_the_input_are_a_review_not_a_pass(case):
    track, rec, inp, ref = case
    observed = _column_band(rec.layout, inp.shape)
    page = np.where(observed[..., None], ref, inp)  # what registration shows where it did not see the answer
    v = track.verify(rec, page, inp, observed=observed)
    assert v.status != Status.CORRECT and v.needs_review and v.score < 100
    listed = {(u["line"], u["index"]) for u in v.extra["unsure_clues"] if u.get("input_clue_ink_hidden")}
    cols_with_ink = {("col", c) for c in range(rec.layout["cols"])}
    assert listed == cols_with_ink


def test_an_unobserved_margin_without_clue_ink_changes_nothing(case):
    track, rec, inp, ref = case
    observed = np.ones(inp.shape[:2], bool)
    gx0, gy0, gx1, gy1 = (int(v) for v in rec.layout["grid_bbox"])
    observed[gy1 + 3:, :] = False  # below the grid: no clue strip there
    observed[:, gx1 + 3:] = False  # right of the grid
    assert not observed.all()
    v = track.verify(rec, ref, inp, observed=observed)
    assert v.status == Status.CORRECT and v.score == 100 and not v.needs_review


def test_a_strip_half_a_digit_unobserved_is_listed_and_a_sliver_is_not(case):
    track, rec, inp, ref = case
    x0, y0, x1, y1 = clue_strip(rec.layout, "col", 0)
    ink = (inp[y0:y1, x0:x1].min(axis=2) < 100)
    ys, xs = np.nonzero(ink)
    assert len(xs) > 20
    observed = np.ones(inp.shape[:2], bool)
    observed[y0:y1, x0:x0 + int(np.median(xs)) + 1] = False  # the left half of the first column's digits
    v = track.verify(rec, ref, inp, observed=observed)
    assert v.needs_review and v.status != Status.CORRECT
    sliver = np.ones(inp.shape[:2], bool)
    sliver[y0:y1, x0:x0 + int(xs.min()) + 1] = False  # only the first pixel column of ink
    v = track.verify(rec, ref, inp, observed=sliver)
    assert v.status == Status.CORRECT and v.score == 100 and not v.needs_review
