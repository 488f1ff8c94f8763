"""Clue strips HELDOUT17 (eighteenth session's blind family, opened in the nineteenth) showed the nonogram clue reader
misreading or leaving unsure (nineteenth session, rubric 22): Goudy Bookletter's old-style "0", a thin ring as wide as
tall, cut in two as touching digits ("?2" for "0", "1?3" for "10"); a newsprint Tinos "5" whose thin stem the print lost,
its flag a separate line above its bowl in a column strip ("? 3" for "5"); the next column's "4" drawn 3 px over onto a
column strip by a laptop photo ("2 4" for "2", a confident clue_changed on a correct answer); a title line in the header
above the column clues read as digits ("9??1 6" for "6"); a page whose every doubtful strip the second reader read
exactly as the digit reader's best guesses (Goudy's "1", a small capital I, read 1 at 0.55-0.9 and "I" by the
recogniser) still counted as a page whose confident readings are no evidence, so a planted change read by both readers
was a review; and Goudy's x-height "1"s, never read surely, called fragments beside its tall 4s, 5s and 7s since no page
of them set old-style figures. The guards: touching digits are still cut, numbers stacked in a column stay two numbers,
a strip's own digit running on into the next strip stays, clue numbers a column apart are no line of text, a page
whose doubt the second reader did not resolve stays untrusted, and changed clues on these pages are still caught."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from genpuzzle.registry import get_track
from genpuzzle.verifiers import nonogram as nonogram_mod
from genpuzzle.verifiers.nonogram import ClueReading, check_clue_area

sys.path.insert(0, str(Path(__file__).parent))


def _family_clues(style_name: str, variant: str, k: int, error: str, seed: int = 5):
    """check_clue_area's result on one HELDOUT17 answer, registered as the family's measure does."""
    import nonogram_answers as answers

    from genpuzzle.registration import register
    from genpuzzle.verifiers.nonogram import contrast_map

    track = get_track("nonogram")
    p = track.generate(1000 * seed + 10 * ("5x5", "10x10", "15x15").index(variant) + k, variant)
    inp = np.asarray(p.input_image.convert("RGB"))
    style = next(s for s in importlib.import_module("nonogram_heldout17").HELDOUT17 if s.name == style_name)
    answer = answers.make_answer(p.input_image, p.layout, p.ground_truth, style, error, seed=k)
    reg = register(answer, inp, edit_mask=np.asarray(p.edit_mask))
    assert reg.ok, reg.reason
    truth = p.ground_truth
    return check_clue_area(reg.image, inp, p.layout, track.rubric["clue_change_min_digit_fraction"],
                           contrast_map(reg.image, p.layout), {"row": truth["row_clues"], "col": truth["col_clues"]},
                           reg.valid)


def _clean(result) -> None:
    violations, preserved, extra = result
    assert not violations and not extra.get("unsure_clues") and preserved == 1.0, (
        [v.message for v in violations], [(u["line"], u["index"], u.get("read_text")) for u in
                                          extra.get("unsure_clues", [])])


# ------------------------------------------------------------------------------------------ whole pages of HELDOUT17


@pytest.mark.parametrize("style,variant,k", [
    ("v_goudy_stainedglass_letterpress", "15x15", 1),  # old-style "0" read "?2", "10" read "1?3": review
    ("v_tinos_houndstooth_newsprint", "15x15", 0),  # column 8's "5" read "? 3": review
    ("v_spartan_gelpen_redrawledger", "15x15", 0),  # the title read into columns 0, 2, 3 ("9??1 6" for "6"): review
])
def test_heldout17_error_free_clues_are_read(style, variant, k):
    _clean(_family_clues(style, variant, k, "none"))


def test_heldout17_next_columns_digit_drawn_over_is_not_read():
    # the laptop photo's column 4 "4" lies 3 px over column 3's strip: "2 4" for "2", a confident clue_changed
    violations, _, extra = _family_clues("v_nationalpark_galaxy_laptop", "5x5", 1, "none")
    assert not violations, [v.message for v in violations]
    assert not extra.get("unsure_clues"), extra.get("unsure_clues")


@pytest.mark.parametrize("variant,k,line,review_ok", [
    # "3 1 3" for "3 1 2", read so by both readers: was a review (page untrusted). The train-v6 digit model (fifty-first
    # session) reads Goudy's old-style figures on this page below the confident level again: a review of that line,
    # never a pass (a loss of that model, counted in docs/nonogram.md)
    ("10x10", 0, ("col", 4), True),
    ("15x15", 0, ("col", 13), False),  # "5" for "7": was a review (every x-height "1" a fragment)
])
def test_heldout17_goudy_changed_clue_is_caught(variant, k, line, review_ok):
    violations, _, extra = _family_clues("v_goudy_stainedglass_letterpress", variant, k, "clue_changed")
    charged = any(v.code == "clue_changed" and (v.evidence["line"], v.evidence["index"]) == line for v in violations)
    unsure = [(u["line"], u["index"]) for u in extra.get("unsure_clues") or []]
    assert charged or (review_ok and line in unsure), ([v.message for v in violations], extra.get("unsure_clues"))
    if charged:
        assert extra.get("clue_reading_unreliable", {}).get("resolved_by_second_reader", True)


@pytest.mark.parametrize("style,variant,k", [
    ("v_tinos_houndstooth_newsprint", "15x15", 0),
    ("v_spartan_gelpen_redrawledger", "15x15", 0),
    ("v_nationalpark_galaxy_laptop", "5x5", 1),
    ("v_goudy_stainedglass_letterpress", "15x15", 1),
])
def test_heldout17_changed_clue_still_caught_on_the_fixed_pages(style, variant, k):
    violations, _, _ = _family_clues(style, variant, k, "clue_changed")
    assert any(v.code == "clue_changed" for v in violations), [v.message for v in violations]


# ------------------------------------------------------------------------------------------ the rules, one by one


def _ring(h: int, w: int, t: int = 2) -> np.ndarray:
    """A ring (an old-style "0") h x w px, its stroke t px thick."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    cy, cx, a, b = (h - 1) / 2, (w - 1) / 2, w / 2, h / 2
    outer = ((xx - cx) / a) ** 2 + ((yy - cy) / b) ** 2 <= 1.0
    inner = ((xx - cx) / (a - t)) ** 2 + ((yy - cy) / (b - t)) ** 2 < 1.0
    return outer & ~inner


@pytest.mark.parametrize("h,w", [(9, 10), (12, 14), (18, 20), (9, 11)])
def test_a_ring_as_wide_as_tall_is_one_round_glyph(h, w):
    ring = _ring(h, w)
    assert nonogram_mod._round_glyph(ring)
    # not cut as touching digits, and no odd shape
    box = [0, 0, ring.shape[1], ring.shape[0]]
    assert nonogram_mod._split_touching([box], ring, float(h)) == [box]
    assert not nonogram_mod._odd_glyph(box, float(h), ring)


def test_touching_digits_are_still_cut():
    one_zero = np.zeros((14, 15), bool)  # a bold "10" touching: the 0's counter lies in its own half
    one_zero[:, 0:4] = True
    one_zero[:, 4:15] |= _ring(14, 11, 3)
    double = np.concatenate([_ring(12, 10), _ring(12, 10)], axis=1)  # "00" touching
    for glyph in (one_zero, double):
        assert not nonogram_mod._round_glyph(glyph)
        box = [0, 0, glyph.shape[1], glyph.shape[0]]
        assert len(nonogram_mod._split_touching([box], glyph, float(glyph.shape[0]))) == 2
        assert nonogram_mod._odd_glyph(box, float(glyph.shape[0]), glyph)
    # a ring much wider than tall is no digit's shape
    wide = _ring(9, 16)
    assert nonogram_mod._odd_glyph([0, 0, wide.shape[1], wide.shape[0]], 9.0, wide)


def test_a_digit_broken_across_its_height_is_one_glyph_and_stacked_numbers_stay_two():
    flag, bowl = [10, 0, 18, 2], [10, 5, 18, 13]  # a 5's flag 3 px above its bowl (digit height 13)
    lines = nonogram_mod._glyph_lines([list(flag), list(bowl)], "col", 13.0)
    assert len(lines) == 1 and lines[0] == [[10, 0, 18, 13]]
    upper, lower = [10, 0, 18, 13], [10, 21, 18, 34]  # two numbers stacked a line apart
    assert len(nonogram_mod._glyph_lines([list(upper), list(lower)], "col", 13.0)) == 2
    # side by side, not above one another: two lines as before
    assert len(nonogram_mod._glyph_lines([[0, 0, 6, 2], [20, 5, 28, 13]], "col", 13.0)) == 2


def test_the_next_strips_digit_drawn_over_is_not_this_strips():
    dark = np.zeros((60, 120), np.uint8)
    dark[20:40, 57:75] = 220  # a digit of the strip right of x 60, 3 px of it over onto the strip 20..60
    ink = dark[:, 20:60] >= 100
    assert nonogram_mod._neighbours_piece(dark, "col", [37, 20, 40, 40], (20, 0), ink, 28.0)
    # this strip's own digit running 3 px on into the next strip stays
    dark[:] = 0
    dark[20:40, 45:63] = 220
    ink = dark[:, 20:60] >= 100
    assert not nonogram_mod._neighbours_piece(dark, "col", [25, 20, 40, 40], (20, 0), ink, 28.0)
    # a piece clear of the strip's sides is never the next strip's
    assert not nonogram_mod._neighbours_piece(dark, "col", [25, 20, 39, 40], (20, 0), ink, 28.0)
    # nor one across a side that is the clue area's outer edge: no next strip lies there (the page's margin, judged by
    # the margin rules: a signature across the last row's strip)
    dark[:] = 0
    dark[20:40, 57:75] = 220
    ink = dark[:, 20:60] >= 100
    assert not nonogram_mod._neighbours_piece(dark, "col", [37, 20, 40, 40], (20, 0), ink, 28.0, ("right",))
    # nor something larger than a glyph running on over the next strips (a clip over the clues)
    dark[:] = 0
    dark[20:40, 57:120] = 220
    assert not nonogram_mod._neighbours_piece(dark, "col", [37, 20, 40, 40], (20, 0), dark[:, 20:60] >= 100, 28.0)


def test_a_line_of_text_across_the_strips_is_the_pages_and_numbers_a_column_apart_are_not():
    dark = np.zeros((80, 300), np.uint8)
    for x in range(40, 200, 9):  # letters 7 px wide, 2 px apart, across column strips 37 px wide from x 30
        dark[5:15, x:x + 7] = 200
    strip_x = 67  # the strip 67..104
    ink = dark[:, strip_x:strip_x + 37] >= 100
    assert nonogram_mod._text_across_strips(dark, "col", [12, 5, 19, 15], (strip_x, 0), ink, 12.0)
    dark[:] = 0
    for x in (40, 77, 114, 151):  # one clue number per column, a column's pitch apart
        dark[5:17, x:x + 9] = 200
    ink = dark[:, strip_x:strip_x + 37] >= 100
    assert not nonogram_mod._text_across_strips(dark, "col", [10, 5, 19, 17], (strip_x, 0), ink, 12.0)
    assert not nonogram_mod._text_across_strips(dark, "row", [10, 5, 19, 17], (strip_x, 0), ink, 12.0)


def _reading(values, doubtful=False, **kw) -> ClueReading:
    return ClueReading(values, 0.95 if values else 0.6, [[0, 0, 5, 9]], "1", (1,), doubtful=doubtful, **kw)


def test_a_page_whose_doubt_the_second_reader_resolved_and_one_it_did_not():
    before = [_reading(None, True), _reading([3]), _reading(None, True)]
    agreed = {"classifier": "1", "ocr_text": "I", "agrees": True, "joint": "1"}
    after = [_reading([1], second_reader=True), _reading([3]), _reading([1], second_reader=True)]
    assert nonogram_mod._doubt_resolved(before, after, {0: [agreed], 2: [dict(agreed)]})
    # a strip still unsure, one read by a joint reading the digit reader read otherwise, or an opinion that disagrees
    assert not nonogram_mod._doubt_resolved(before, [after[0], after[1], before[2]], {0: [agreed]})
    assert not nonogram_mod._doubt_resolved(
        before, [after[0], after[1], _reading([1], second_reader=True, joint_override=True)],
        {0: [agreed], 2: [dict(agreed, classifier="7")]})
    assert not nonogram_mod._doubt_resolved(before, after, {0: [agreed], 2: [dict(agreed, agrees=False)]})
    # a strip left unsure for a glyph read surely as no digit (not doubt, but no reading either): the page stays in doubt
    assert not nonogram_mod._doubt_resolved(before + [_reading([2])], after + [_reading(None)], {0: [agreed], 2: [agreed]})
    # no doubt at all: nothing resolved
    assert not nonogram_mod._doubt_resolved([_reading([3])], [_reading([3])], {})
