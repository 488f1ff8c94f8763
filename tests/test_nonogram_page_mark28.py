"""Twenty-eighth session (issue 13, rubric 59): pages of the ``page-marks`` validity check that were wrong before.

- *Unsure never scores 100.* A page in review for cells read blank below the review level (doubted specks) scored 100:
  only unsure cells and clues were charged. Every answer in review now scores 99 at most.
- *A copy of the page's mark is as large at either level.* Rubric 58's guard measured a weak cross's size from darkness
  30 alone, where a 15x15 page's dot pair is a px taller or shorter by where the photograph's pixels fall (14 x 5 px
  in one cell, 14 x 7 in most): the error-free page stayed in review.
- *A copy holds as much ink.* A bold grey "e" among a 10x10 page's 1-px Xs, nearly fitted as a stroke, covered their
  median X to 0.93 each way within a px and passed; its ink is 3.6 times an X's (copies agree within 0.06).
- *A copy of a solid mark is drawn alike.* A bold grey "a" or "e" among grey dots of its size covers a dot within a px
  and holds as much ink; its darkness correlates with the dots' median drawing 0.33-0.73, theirs 0.82-1.0.
- *Glyph-like marks are judged by copies, not by the fit's names.* A page's 1-px Xs are fitted as strokes, upright
  strokes, small crosses or rings by where their pale arms fall on the 3 x 3 mean, so a bold "k" among them, an
  upright stroke to the fit, was one of five and passed; a "k" among plus signs, read crossed (0.65) by the patch
  reader alone, passed too. (Not where run lines cross the page: tests/test_nonogram_fixes18_cells.py.)
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.registry import get_track

REPO = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("validity_checks", REPO / "tools" / "validity_checks.py")
checks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(checks)  # the page-marks check's pages: page_of_marks


def _verdict(seed: int, variant: str, kind: str, glyph: str | None = None):
    p = get_track("nonogram").generate(seed, variant)
    page, _ = checks.page_of_marks(p, seed, kind, glyph)
    return genpuzzle.verify(p, page)


def test_dot_pairs_a_px_shorter_in_one_cell_are_the_pages_mark():
    v = _verdict(121, "15x15", "pair")  # in review at 100 before
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.extra.get("unsure_cells", [])[:2])


def test_a_page_in_review_scores_under_100():
    v = _verdict(121, "15x15", "pair", "k")  # its doubted dot pairs, read blank under 0.6, stay in doubt: 100 before
    assert v.needs_review and v.status == Status.NEEDS_REVIEW and v.score <= 99, (v.status, v.score)


@pytest.mark.parametrize("seed,variant,kind,glyph", [
    (124, "10x10", "x", "e"),  # nearly a stroke, a copy of the Xs by their layout, with 3.6 times their ink
    (121, "15x15", "x", "k"),  # an upright stroke, one of five the page's Xs were fitted as
    (121, "10x10", "dot", "e"),  # a copy of the dots by layout and ink; its counter and notch where a dot is darkest
    (121, "10x10", "dot", "a"),
    (121, "15x15", "dot", "e"),
    (121, "15x15", "dot", "a"),
    (121, "15x15", "plus", "k"),  # read crossed (0.65) by the patch reader alone, no copy of the page's plus signs
])
def test_a_bold_letter_among_a_pages_marks_is_in_doubt(seed, variant, kind, glyph):
    v = _verdict(seed, variant, kind, glyph)  # correct 100 before
    assert v.status != Status.CORRECT and v.score < 100, (v.status, v.score)


@pytest.mark.parametrize("variant", ["10x10", "15x15"])
@pytest.mark.parametrize("kind", ["dot", "dash", "slash", "ring", "plus"])
def test_a_page_of_one_mark_photographed_is_correct(variant, kind):
    v = _verdict(121, variant, kind)
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.extra.get("unsure_cells", [])[:2])
