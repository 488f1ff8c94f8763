"""Math-proof scores name their deductions (rubric 13, twentieth session).

A blurred reference keeps 0.99 of the given figure: no ``input_changed`` is charged, so the figure is kept and the
answer scores 100 (it scored 99.96 ``correct`` before: a score under 100 with no rule named, which the lead's degrade
check counts as a confident false fail). Below the threshold the kept share still costs points, and the charged
violation is still named.
"""
from __future__ import annotations

import io
import json

import numpy as np
import pytest
from PIL import Image, ImageFilter

from genpuzzle.evaluate import verify_image
from genpuzzle.records import InstanceRecord, Status
from genpuzzle.registry import get_track
from genpuzzle.verifiers.math_proof import charged_extra, kept_credit, labels_credit

TRACK = get_track("math_proof")
RUBRIC = TRACK.rubric  # the rubric JSON the verifier is given


def test_kept_shares_cost_nothing_until_a_rule_is_charged():
    changed = RUBRIC["input_changed_below_kept"]
    assert kept_credit(0.999, RUBRIC) == 1.0
    assert kept_credit(changed, RUBRIC) == 1.0
    assert kept_credit(changed - 0.01, RUBRIC) == pytest.approx(changed - 0.01)
    label = RUBRIC["label_changed_below_kept"]
    assert labels_credit({}, RUBRIC) == 1.0
    assert labels_credit({"A": 0.97, "B": label}, RUBRIC) == 1.0
    assert labels_credit({"A": 1.0, "B": 0.2}, RUBRIC) == pytest.approx(0.6)
    floor = RUBRIC["extra_ink_min_px"]
    assert charged_extra(floor - 1, RUBRIC) == 0
    assert charged_extra(floor, RUBRIC) == floor


def _record(seed: int, variant: str):
    puzzle = TRACK.generate(seed, variant)
    record = InstanceRecord(id=f"{variant}-{seed}", track="math_proof", variant=variant,
                            difficulty=puzzle.difficulty, seed=seed, instruction=puzzle.instruction,
                            input_image="in.png", reference_images=["ref.png"], edit_mask="mask.png",
                            ground_truth=puzzle.ground_truth, layout=puzzle.layout, scoring=puzzle.scoring,
                            track_version=TRACK.version)
    return InstanceRecord.from_json(json.loads(json.dumps(record.to_json()))), puzzle


def _blurred_jpeg(image: Image.Image) -> np.ndarray:
    buf = io.BytesIO()
    image.convert("RGB").filter(ImageFilter.GaussianBlur(2.0)).save(buf, "JPEG", quality=85)
    return np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert("RGB"))


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])
def test_a_blurred_reference_construction_scores_100_or_asks_for_review(seed):
    record, puzzle = _record(seed, "construction")
    verdict = verify_image(record, _blurred_jpeg(puzzle.reference_images[0]),
                           np.asarray(puzzle.input_image.convert("RGB")), np.asarray(puzzle.edit_mask) > 0)
    assert verdict.score == 100 or verdict.needs_review or verdict.status == Status.UNREADABLE, (
        verdict.score, verdict.status, verdict.subscores)


def _plot_line_seeds(n: int) -> list[int]:
    """The first ``n`` seeds whose construction is the graph of a line (the kind is the generator's first draw)."""
    import random

    from genpuzzle.tracks.math_proof import CONSTRUCTIONS
    return [s for s in range(10_000)
            if CONSTRUCTIONS[random.Random(s).randrange(len(CONSTRUCTIONS))] == "plot_line"][:n]


@pytest.mark.parametrize("seed", _plot_line_seeds(4))
def test_a_blurred_reference_line_graph_keeps_every_point(seed):
    # the lead's degrade check at seed 22300: the graph of a line, blurred 2 px, scored 99.96 `correct`
    record, puzzle = _record(seed, "construction")
    verdict = verify_image(record, _blurred_jpeg(puzzle.reference_images[0]),
                           np.asarray(puzzle.input_image.convert("RGB")), np.asarray(puzzle.edit_mask) > 0)
    assert verdict.status == Status.CORRECT and verdict.score == 100, (verdict.score, verdict.subscores)
