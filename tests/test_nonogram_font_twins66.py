"""Thirty-fifth session (issue 13), nonogram rubric 66: a glyph drawn like the puzzle's digit, not like the one it reads.

HELDOUT25's Solide Mirage Etroit (`g_solidemirage_pleats_markdown`) draws its 3 as its 5 with a diagonal where the 5
has an upright. The digit reader read every 3 a sure 5 (0.90-0.97), and error-free pages were charged with up to six
changed clues, confidently (three confident false fails). Each of those 3s is the page's own drawing of a 3 -- the
twin of the page's other 3s (median 1-px share 0.99) -- but also the twin of a 5 by that share (up to 0.95, median
0.90), so the font-twin check (:func:`_font_twin_of`: "the twin of none where the puzzle has another digit") never
asked the second reader and the change stood.

Now a glyph that is the twin of glyphs where the puzzle has another digit is still the page's drawing of its own digit
when it is drawn ``FONT_TWIN_MARGIN`` less like that other digit's glyphs (median share) than like its own; a digit
changed into another, drawn in the page's font, is drawn more like the other digit's glyphs and stays a change.
"""

from __future__ import annotations

import numpy as np
import pytest

from genpuzzle.verifiers import nonogram as V


def _glyph(stem: int = 0, shift: int = 0) -> np.ndarray:
    """A 32-px glyph cell: a "3"-like drawing (a top bar, a diagonal, a bowl), with ``stem`` px of an upright at the
    top left (its "5"), moved ``shift`` px."""
    g = np.zeros((32, 32), bool)
    g[4:7, 8:24] = True  # the top bar
    for i in range(10):  # the diagonal from the bar's right end down to the bowl
        g[7 + i, 22 - i:24 - i] = True
    rr, cc = np.mgrid[0:32, 0:32]
    ring = (np.hypot(rr - 21, cc - 16) <= 8) & (np.hypot(rr - 21, cc - 16) >= 5.5) & ~((cc < 14) & (rr < 21))
    g |= ring
    if stem:
        g[7:7 + stem, 8:11] = True  # the 5's upright from the bar down
    return np.roll(g, shift, axis=1)


BOX = [0, 0, 16, 22]


def _font(threes: int = 4, fives: int = 3, stem: int = 4) -> list[tuple[str, np.ndarray, list[int], int]]:
    return ([("3", _glyph(shift=k % 2), BOX, 10 + k) for k in range(threes)]
            + [("5", _glyph(stem=stem, shift=k % 2), BOX, 20 + k) for k in range(fives)])


def test_the_three_and_the_five_are_twins_by_the_share_alone():
    share = V._twin_share((_glyph(), BOX), (_glyph(stem=4), BOX))
    assert V.EXEMPLAR_MATCH <= share < 1.0 - V.FONT_TWIN_MARGIN  # the old rule's "twin of another digit"
    assert V._twin_share((_glyph(), BOX), (_glyph(shift=1), BOX)) >= 1.0 - V.FONT_TWIN_MARGIN / 2


def test_a_three_read_as_five_is_the_pages_drawing_of_three():
    assert V._font_twin_of((_glyph(), BOX), "3", 0, _font(), read=5)
    # read as no digit, or as another digit than the one it is the twin of: judged as before (the twin of none)
    assert not V._font_twin_of((_glyph(), BOX), "3", 0, _font(), read=None)
    assert not V._font_twin_of((_glyph(), BOX), "3", 0, _font(), read=8)


def test_a_three_changed_into_the_pages_five_stays_a_change():
    # drawn as the page draws its 5s: more like them than like the page's 3s
    assert not V._font_twin_of((_glyph(stem=4), BOX), "3", 0, _font(), read=5)


@pytest.mark.parametrize("stem", [0, 4])
def test_no_glyph_is_the_drawing_of_a_digit_the_page_draws_nowhere_alike(stem):
    # the page's 3s drawn otherwise (a glyph the twin of none of them): never the page's drawing of 3
    other = [("3", np.roll(_glyph(), 6, axis=0), BOX, 10 + k) for k in range(4)]
    assert not V._font_twin_of((_glyph(stem=stem), BOX), "3", 0, other + _font(threes=0), read=5)


def test_heldout25s_error_free_solide_mirage_page_is_never_confidently_incorrect():
    """The family page itself (its font installed by tools/install.sh): the 3s read as 5s are in doubt, never a sure
    change; the verdict is a review, not a confident fail."""
    import nonogram_answers as na
    import nonogram_heldout25 as h25

    from genpuzzle.evaluate import verify_image
    from genpuzzle.records import InstanceRecord, Status
    from genpuzzle.registry import get_track

    track = get_track("nonogram")
    puzzle = track.generate(5011, "10x10")
    style = next(s for s in h25.HELDOUT25 if s.name == "g_solidemirage_pleats_markdown")
    answer = na.make_answer(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, "none", seed=1)
    rec = InstanceRecord(id="t", track="nonogram", variant="10x10", difficulty=puzzle.difficulty, seed=1,
                         instruction="", input_image="", reference_images=[], edit_mask="",
                         ground_truth=puzzle.ground_truth, layout=puzzle.layout, scoring=puzzle.scoring,
                         track_version=track.version)
    v = verify_image(rec, answer, np.asarray(puzzle.input_image.convert("RGB")),
                     np.asarray(puzzle.edit_mask) > 127)
    assert v.status != Status.CORRECT or v.score == 100
    assert not (v.status == Status.INCORRECT and not v.needs_review), (v.status, v.codes)
    unsure = (v.extra or {}).get("unsure_clues") or []
    assert sum(bool(u.get("font_twin_unconfirmed") or u.get("font_twin_second_opinions")) for u in unsure) >= 3
