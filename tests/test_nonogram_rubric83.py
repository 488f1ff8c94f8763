"""Fifty-third session (issue 13), nonogram rubric 83: HELDOUT45 studied.

- **A page on a patterned cloth is an island of paper.** HELDOUT45's granny-square blanket has white centres and
  rings in every square, 0.2-0.3 of what lies round the page, each 0.04 of the page. The island retry took that for
  surroundings that hold paper and gave up, and no other path found the page's lattice among the blanket's own
  (three pages unreadable). The lattice look on the island alone, the last search of all, now reads the island once
  more counting only pieces of paper at least ``ISLAND_SURFACE_PIECE`` of the page as a surface round it
  (``registration._paper_island(..., patterned=True)``); the earlier page retries keep the plain rule.
- **A "1" that leans unlike the page's 1s is another glyph.** Unexplored Galaxies' narrow "7" (a stem leaning under a
  short bar) read "1" at 0.92-0.99, by both readers, on a page whose 1s stand upright: an error-free page charged with
  six changed clues. Such a "1" is read unsure (``digits.leans_apart``), and a second reader's "1" for it is evidence
  for the puzzle's numbers only.

On rubric 82 the granny-square pages are unreadable and the Unexplored Galaxies page fails confidently; the guards
(planted errors, a page's consistent lean, a hand's spread) hold there too.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_nonogram_rubric67 import _verdict

from genpuzzle import registration as R
from genpuzzle.records import Status
from genpuzzle.verifiers import digits

FAMILY = "nonogram_heldout45"
GRANNY = "s_combustionbrk_blackcurls_grannysquare"
GALAXIES = "s_unexploredgalaxiesbrk_loosetea_banister"


# -- the page on a patterned cloth ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("k, error", [(0, "extra_outline"), (1, "missing"), (1, "clue_changed")])
def test_heldout45s_granny_square_pages_register_and_keep_their_errors(k, error):
    v = _verdict(GRANNY, "5x5", k, error, family=FAMILY)
    assert v.status not in (Status.UNREADABLE, Status.CORRECT), (v.status, v.reason, v.codes)
    if error == "missing":
        assert "grid_incomplete" in v.codes, v.codes


def _cloth_page(patch: int, step: int) -> np.ndarray:
    """A white page with a grid on a dark cloth whose white patches (``patch`` px, every ``step`` px) cover a share
    of the cloth."""
    img = np.full((600, 600, 3), 70, np.uint8)
    for y in range(5, 600, step):
        for x in range(5, 600, step):
            img[y:y + patch, x:x + patch] = 245
    img[100:480, 100:480] = 250  # (clear of the patches by 5 px)
    for v in range(160, 421, 52):
        img[160:421, v:v + 2] = 40
        img[v:v + 2, 160:421] = 40
    return img


def _island(img: np.ndarray, patterned: bool = True):
    lighter = R._work_image(np.full((200, 200, 3), 250, np.uint8), 1.0).lighter
    return R._paper_island(img, 0.5, lighter, patterned=patterned)


def test_small_light_patches_of_a_cloth_leave_the_page_an_island_for_the_island_look():
    img = _cloth_page(patch=30, step=60)  # a quarter of the cloth white, each patch 0.006 of the page
    found = _island(img)
    assert found is not None
    x0, y0, x1, y1 = found[0]
    assert abs(x0 - 100) <= 6 and abs(y0 - 100) <= 6 and abs(x1 - 480) <= 6 and abs(y1 - 480) <= 6, found[0]
    # the page retries keep the plain rule (taking such islands earlier moved pages other retries registered)
    assert _island(img, patterned=False) is None


def test_a_surface_of_paper_round_the_page_is_still_no_island():
    img = _cloth_page(patch=30, step=60)
    img[:, :95] = 245  # a second sheet along either side, each as large as a third of the page
    img[:, 485:] = 245
    assert _island(img) is None


# -- a "1" leaning unlike the page's 1s --------------------------------------------------------------------------------


def _stroke(lean: float, h: int = 20, w: int = 12) -> np.ndarray:
    mask = np.zeros((h, w), bool)
    for y in range(h):
        x = round(w / 2 + lean * (y - h / 2))
        mask[y, max(0, x - 1):x + 2] = True
    return mask


def test_stroke_lean_measures_an_upright_and_a_leaning_stroke():
    assert digits.stroke_lean(_stroke(0.0)) == pytest.approx(0.0, abs=0.02)
    assert digits.stroke_lean(_stroke(-0.25)) == pytest.approx(-0.25, abs=0.04)
    assert digits.stroke_lean(np.zeros((4, 3), bool)) is None  # too short to measure


def test_a_one_leaning_off_an_upright_page_is_apart_and_a_consistent_italic_page_is_not():
    upright = [0.0] * 12 + [0.02, -0.01]
    reference = digits.lean_reference(upright)
    assert reference is not None and reference[0] == pytest.approx(0.0, abs=0.01)
    assert digits.leans_apart(-0.28, reference)
    assert not digits.leans_apart(0.05, reference)
    italic = [-0.2, -0.21, -0.19, -0.2, -0.22]  # an italic face: every "1" leans the same
    assert not any(digits.leans_apart(v, digits.lean_reference(italic)) for v in italic)


def test_a_hands_ones_leaning_each_its_own_way_widen_the_bar():
    hand = [-0.15, 0.1, 0.0, 0.2, -0.05, 0.12, -0.1]
    reference = digits.lean_reference(hand)
    assert not any(digits.leans_apart(v, reference) for v in hand)
    assert digits.lean_reference([0.0, 0.0]) is None  # too few 1s to compare


def test_heldout45s_galaxies_page_is_no_longer_a_confident_false_fail():
    """Six narrow 7s read "1": in review now, never charged."""
    v = _verdict(GALAXIES, "15x15", 0, "none", family=FAMILY)
    assert v.status != Status.INCORRECT and "clue_changed" not in v.codes, (v.status, v.codes)
    assert v.needs_review
    doubted = {u["index"] for u in v.extra.get("unsure_clues", []) if u["line"] == "col"}
    assert {2, 3, 13} <= doubted, doubted


def test_heldout45s_galaxies_changed_clue_is_still_charged():
    v = _verdict(GALAXIES, "15x15", 0, "clue_changed", family=FAMILY)
    assert v.status == Status.INCORRECT and "clue_changed" in v.codes, (v.status, v.codes)
