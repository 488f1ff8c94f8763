"""The shared verdict rule: unsure never passes."""

from genpuzzle.records import Status, Verdict
from genpuzzle.summary import summarize


def test_flagged_verdict_is_never_correct():
    v = Verdict("a", "sudoku", 100, Status.CORRECT, needs_review=True)
    assert v.status is Status.NEEDS_REVIEW
    v = Verdict("a", "sudoku", 100, Status.CORRECT)
    v.needs_review = True
    assert v.status is Status.NEEDS_REVIEW
    v.status = Status.CORRECT  # a later step that sets correct again does not lift the flag
    assert v.status is Status.NEEDS_REVIEW


def test_clearing_the_flag_settles_the_verdict():
    v = Verdict("a", "sudoku", 100, Status.CORRECT, needs_review=True)
    v.needs_review = False
    assert v.status is Status.CORRECT


def test_flagged_incorrect_stays_incorrect_and_round_trips():
    v = Verdict("a", "sudoku", 80, Status.INCORRECT, needs_review=True)
    assert v.status is Status.INCORRECT
    back = Verdict.from_json(Verdict("a", "sudoku", 100, Status.CORRECT, needs_review=True).to_json())
    assert back.status is Status.NEEDS_REVIEW and back.needs_review
    assert Verdict("a", "sudoku", 100, "needs_review").needs_review


def test_summary_counts_needs_review_apart_from_correct():
    verdicts = [Verdict("a", "sudoku", 100, Status.CORRECT), Verdict("b", "sudoku", 100, Status.CORRECT,
                                                                  needs_review=True)]
    counts = summarize(verdicts, resamples=10)["tracks"]["sudoku"]["status_counts"]
    assert counts["correct"] == 1 and counts["needs_review"] == 1


def test_an_answer_cut_off_at_the_edge_is_never_correct():
    import numpy as np

    from genpuzzle.api import record_of
    from genpuzzle.evaluate import verify_image
    from genpuzzle.registry import get_track

    puzzle = get_track("maze_beginner").generate(7, "perfect")
    record = record_of(puzzle)
    reference = np.asarray(puzzle.reference_images[0].convert("RGB"))
    target = np.asarray(puzzle.input_image.convert("RGB"))
    mask = np.asarray(puzzle.edit_mask) > 0
    whole = verify_image(record, reference, target, mask)
    assert whole.status.value == "correct", whole.codes
    # The answer image stops short of the right part of the maze: the rest is covered by a black bar.
    covered = reference.copy()
    covered[:, int(covered.shape[1] * 0.85):] = 0
    cut = verify_image(record, covered, target, mask)
    assert cut.status.value != "correct" and cut.needs_review
    assert cut.extra["registration"]["edit_area_observed"] < 0.99
