"""Forty-fifth session (issue 13), nonogram rubric 76: HELDOUT37, measured blind last session, studied.

HELDOUT37's six unreadable answers were two redraws whose whole-page fits all fail (their grids redrawn in other
proportions), so they rest on the answer's own lattice (``registration._lattice_fit``), which found none:

- a cardboard flap turned 2.2 or 3.4 degrees on a wooden pallet. The pallet's slats and grain run upright, and they
  held both the orientation histogram's peak and the whole picture's sharpest lines, so the page was looked at nearly
  upright and its lines smeared across the profiles. The lattice look now tries once more at the turn its middle shows
  sharpest, swept over 5 degrees (``_lattice_turn(..., swept=True)``), when the first turn shows no lattice;
- a typed sheet on tweed. The cloth's threads held the best combs of the whole picture (a period of 1.3 cells), so
  every map missed the page's grid. The last search of all now looks at the page's paper island alone, the
  surroundings set to its paper (``_island_grey``).

On rubric 75 (a snapshot of 7f50d6c, run from outside the checkout) every one of these fails: the three HELDOUT37 pages
and the five tests of the new looks (the two guards among them: they call the looks' new arguments).
"""

from __future__ import annotations

import numpy as np
import pytest
from test_nonogram_rubric67 import _verdict

from genpuzzle import registration as R
from genpuzzle.records import Status
from genpuzzle.registry import get_track

FLAP = "s_ldcomixer_boxmarker_redrawflap"
TYPED = "s_ipagothic_overstrike_redrawtyped"


def _answer(style_name: str, size: str, k: int, error: str) -> tuple[np.ndarray, np.ndarray]:
    import nonogram_answers as na
    import nonogram_heldout37 as h37

    track = get_track("nonogram")
    puzzle = track.generate(5000 + 10 * ("5x5", "10x10", "15x15").index(size) + k, size)
    style = next(s for s in h37.HELDOUT37 if s.name == style_name)
    answer = na.make_answer(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, error, seed=k)
    return np.asarray(answer)[..., :3], np.asarray(puzzle.input_image.convert("RGB"))


# -- HELDOUT37's pages -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("style_name, size, k, error", [
    (FLAP, "10x10", 0, "clue_changed"),  # turned 3.4 degrees on the pallet
    (TYPED, "5x5", 0, "extra_light"),  # the typed sheet on tweed
])
def test_heldout37s_redraws_register_and_fail_for_their_error(style_name, size, k, error):
    v = _verdict(style_name, size, k, error, family="nonogram_heldout37")
    assert v.status == Status.INCORRECT, (v.status, v.score, v.extra.get("registration"))
    assert "lattice" in v.extra["registration"]["method"]


def test_heldout37s_flap_turned_the_other_way_registers():
    """The 15x15 flap turned -2.2 degrees: registered on its lattice. The page stays in review (a Mixer "6" read "?",
    a speckled cell of the cardboard), never unreadable and never correct on an unsure reading."""
    v = _verdict(FLAP, "15x15", 0, "none", family="nonogram_heldout37")
    assert v.status == Status.NEEDS_REVIEW, (v.status, v.score)
    assert "lattice" in v.extra["registration"]["method"]


# -- the looks ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size, turn", [("10x10", 3.45), ("15x15", -2.25)])
def test_the_swept_look_finds_a_page_turned_on_upright_surroundings(size, turn):
    answer, _ = _answer(FLAP, size, 0, "clue_changed" if size == "10x10" else "none")
    grey, _ = R._lattice_grey(answer)
    first = R._lattice_turn(grey)
    assert abs(first - turn) > 1.5  # the pallet holds the first look
    assert R._lattice_turn(grey, swept=True) == pytest.approx(turn, abs=0.2)


def test_the_swept_look_keeps_an_upright_page_upright():  # guard
    _, page = _answer(FLAP, "10x10", 0, "none")  # the input: an upright page
    grey, _ = R._lattice_grey(page)
    assert R._lattice_turn(grey, swept=True) == 0.0


def test_the_island_look_sets_the_surroundings_to_the_pages_paper():
    answer, page = _answer(TYPED, "5x5", 0, "extra_light")
    grey, _ = R._lattice_grey(answer)
    island = R._island_grey(answer, page, grey)
    assert island is not None
    corner = island[:20, :20]  # tweed in the answer
    assert float(grey[:20, :20].std()) > 0.03 and np.ptp(corner) == 0.0
    assert float(corner.mean()) > 0.8  # the sheet's paper
    middle = np.s_[grey.shape[0] // 3:2 * grey.shape[0] // 3, grey.shape[1] // 3:2 * grey.shape[1] // 3]
    assert np.array_equal(island[middle], grey[middle])  # the page itself as it was


def test_the_island_look_finds_the_typed_sheets_lattice():
    answer, page = _answer(TYPED, "5x5", 0, "extra_light")
    assert not any(R._lattice_taken(answer, page, None, A, R.paper_colour(answer)) for A in R._lattice_starts_look(
        answer, page))  # the whole picture's combs lie across the tweed
    taken = [A for A in R._lattice_starts_look(answer, page, island=True)
             if R._lattice_taken(answer, page, None, A, R.paper_colour(answer)) is not None]
    assert taken


def test_a_page_with_no_island_gets_no_island_look():  # guard: a plain page filling the picture
    _, page = _answer(TYPED, "5x5", 0, "none")
    grey, _ = R._lattice_grey(page)
    assert R._island_grey(page, page, grey) is None
