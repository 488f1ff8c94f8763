"""A track's `correct` verdict under 100 is unsure (twentieth session): `correct` means 100 (merge and review decide
it so), and points lost without a named rule are the instrument contradicting itself, never a silent pass."""
from __future__ import annotations

from genpuzzle.evaluate import settle_unnamed_deduction
from genpuzzle.records import Status, Verdict, Violation


def _verdict(score: float, status: Status, violations=()) -> Verdict:
    return Verdict(id="x", track="math_proof", score=score, status=status, violations=list(violations))


def test_a_correct_verdict_under_100_asks_for_review_and_keeps_its_score():
    v = _verdict(99.96, Status.CORRECT)
    settle_unnamed_deduction(v)
    assert v.needs_review and v.status == Status.NEEDS_REVIEW and v.score == 99.96
    assert "without a named rule" in v.extra["review_reason"]


def test_verdicts_that_agree_with_their_score_are_left_alone():
    for score, status, violations in ((100.0, Status.CORRECT, ()),
                                      (40.0, Status.INCORRECT, (Violation("wrong_element", "the line is off", {}),)),
                                      (0.0, Status.UNREADABLE, ())):
        v = _verdict(score, status, violations)
        settle_unnamed_deduction(v)
        assert v.status == status and not v.needs_review and "review_reason" not in v.extra
