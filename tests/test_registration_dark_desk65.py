"""Thirty-fourth session (issue 13), registration rubric 65: a light page on a dark desk as large as it is no dark page.

HELDOUT23's redrawn board (`a_pilgia_bark_redrawboard`: the puzzle on a raised board, its clues set wider apart, the
page on a navy cloth that fills as much of the photo as the page does) went `unreadable` on two of its 10x10 answers.
The cloth's lightness level held 0.39 of the answer, the page's 0.39: the answer's modal level (its "paper") fell on
the cloth's side, the page was a candidate for a dark-mode page (:func:`_polarity_flipped`), and the searches for the
answer's own lattice -- the only ones that find a redraw whose clues lie elsewhere -- were skipped for it, left to the
inverted retry, which found nothing. The crossing marks' fit (an X in every empty cell) found the right map 0.3 px off
the lattice's, which put the input's 1-px lines beside the page's: its ink step was under ``POLARITY_STEP``.

Now those searches skip only a dark page (:func:`_dark_page`: flipped, and no paper at the input's level holding
``POLARITY_MODE_SHARE`` of the answer), and a flipped candidate whose first fit shows no upright page meets the answer's
own lattice, taken when it draws the input's lattice line for line and shows the input's polarity.
"""

from __future__ import annotations

import numpy as np
import pytest

from genpuzzle import registration as R
from genpuzzle.registry import get_track


@pytest.fixture(scope="module")
def puzzle():
    return get_track("nonogram").generate(5010, "10x10")


def _on_desk(page: np.ndarray, margin: float, colour=(38, 52, 84)) -> np.ndarray:
    """``page`` on a desk of ``colour`` reaching ``margin`` of the page's size past it on every side."""
    h, w = page.shape[:2]
    my, mx = int(h * margin), int(w * margin)
    desk = np.empty((h + 2 * my, w + 2 * mx, 3), np.uint8)
    desk[:] = colour
    desk[my:my + h, mx:mx + w] = page
    return desk


def test_a_light_page_on_a_dark_desk_as_large_as_it_is_no_dark_page(puzzle):
    page = np.asarray(puzzle.reference_images[0].convert("RGB"))
    inp = np.asarray(puzzle.input_image.convert("RGB"))
    answer = _on_desk(page, 0.2)  # the desk: 1.4^2 - 1 = 0.96 times the page's area, its modal level
    assert R._polarity_flipped(answer, inp)
    assert not R._dark_page(answer, inp)
    # a dark-mode page (light ink on dark paper), on the desk or not, is one
    dark = R.invert_lightness(page)
    assert R._dark_page(dark, inp) and R._dark_page(_on_desk(dark, 0.2), inp)
    # and a light page on a light desk is no candidate at all
    assert not R._polarity_flipped(_on_desk(page, 0.2, (225, 222, 215)), inp)


@pytest.mark.parametrize("error", ["extra_outline", "x_instead"])
def test_heldout23s_redrawn_board_on_a_navy_cloth_registers(puzzle, error):
    import nonogram_answers as na
    import nonogram_heldout23 as h23

    from genpuzzle.evaluate import observed_kwargs
    from genpuzzle.records import InstanceRecord, Status

    style = next(s for s in h23.HELDOUT23 if s.name == "a_pilgia_bark_redrawboard")
    answer = na.make_answer(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, error, seed=0)
    inp = np.asarray(puzzle.input_image.convert("RGB"))
    reg = R.register(answer, inp, edit_mask=np.asarray(puzzle.edit_mask))
    assert reg.ok, reg.reason
    assert "lattice" in reg.method
    track = get_track("nonogram")
    rec = InstanceRecord(id="t", track="nonogram", variant="10x10", difficulty=puzzle.difficulty, seed=0,
                         instruction="", input_image="", reference_images=[], edit_mask="",
                         ground_truth=puzzle.ground_truth, layout=puzzle.layout, scoring=puzzle.scoring,
                         track_version=track.version)
    v = track.verify(rec, reg.image, inp, **observed_kwargs(track, reg, answer))
    assert v.status == Status.INCORRECT  # the planted error, read on the registered page
