"""Clue strips that HELDOUT15 drew and the nonogram clue reader left unsure or misread (seventeenth session): OCR-A's
"2", read as no digit at 0.8 by the digit reader (every strip with a 2 in review), a grey clue-cell rule drawn over the
top of a "1" (cut in two: "? 1 2 1", review), and GW Monospace's two-digit numbers, their digits set as far apart as
two numbers of a proportional font ("1 0" for 10: eleven confident clue_changed on a correct answer); and the guards:
a clue changed to another value on those pages is still caught, the page's spacing of one number needs an even
narrow group of gaps well apart from the wider ones, and a letter stays a letter."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

import genpuzzle
from genpuzzle.registry import get_track
from genpuzzle.verifiers import nonogram as nonogram_mod
from genpuzzle.verifiers.nonogram import check_clue_area, clue_strip

sys.path.insert(0, str(Path(__file__).parent))


def _heldout15_clues(style_name: str, variant: str, k: int, error: str, seed: int = 5):
    """check_clue_area's result on one answer of tests/nonogram_heldout15.py's HELDOUT15 family, registered as the
    family's measure does (puzzle ``1000 * seed + 10 * variant index + k``)."""
    import nonogram_answers as answers
    import nonogram_heldout15 as heldout15

    from genpuzzle.registration import register
    from genpuzzle.verifiers.nonogram import contrast_map

    track = get_track("nonogram")
    p = track.generate(1000 * seed + 10 * ("5x5", "10x10", "15x15").index(variant) + k, variant)
    inp = np.asarray(p.input_image.convert("RGB"))
    style = next(s for s in heldout15.HELDOUT15 if s.name == style_name)
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


@pytest.mark.parametrize("style,variant,k", [
    # OCR-A Bold on a checkerboard cut-out: row 0 "2", row 2 "1 2", column 0 "2" read "?" (no digit at 0.82, 2 at 0.17)
    ("q_ocrabold_carbon_cutout", "5x5", 1),
    # 9 strips in review, every one for a "2"
    ("q_ocrabold_carbon_cutout", "10x10", 1),
    # 10 strips in review; the page's numbers in doubt (43) are more than the second reader is asked at once (24)
    ("q_ocrabold_carbon_cutout", "10x10", 0),
    # OCR-A in a notes app: row 4 "? 4 ?" for "2 4 2"
    ("q_ocra_hexagon_notes", "10x10", 0),
])
def test_ocr_a_twos_are_read_by_both_readers(style, variant, k):
    _clean(_heldout15_clues(style, variant, k, "none"))


@pytest.mark.parametrize("style,variant,k", [
    # Junicode in ruled clue cells, barrel lens: the cells' grey top rule runs over each column's first "1", whose
    # stroke is no darker than the rule there: "? 1 2 1" in four columns (10x10/0), "? 1" (5x5/0)
    ("q_junicode_metal_barrel", "10x10", 0),
    ("q_junicode_metal_barrel", "5x5", 0),
])
def test_a_rule_drawn_over_a_digit_leaves_the_digit_whole(style, variant, k):
    _clean(_heldout15_clues(style, variant, k, "none"))


def test_a_grey_rule_drawn_over_the_column_clues_top_digits():
    # a reference whose column clue area is ruled with a grey line (2 px, grey 110, right across the area) drawn over
    # the top digits of the tallest column clues, 5 px below their top: those digits cut in two across the rule
    puzzle = genpuzzle.generate("nonogram", 7610, "10x10")
    layout = puzzle.layout
    arr = np.asarray(puzzle.input_image.convert("RGB")).copy()
    ink = arr.min(axis=2) < 128
    tops = []
    for c in range(layout["cols"]):
        sx0, sy0, sx1, sy1 = clue_strip(layout, "col", c)
        rows = np.nonzero(ink[sy0:sy1, sx0:sx1].any(axis=1))[0]
        if len(rows):
            tops.append(sy0 + rows[0])
    y = min(tops) + 5
    ax0, _, ax1, _ = layout["col_clue_bbox"]
    arr[y:y + 2, ax0:ax1] = 110
    track = get_track("nonogram")
    truth = puzzle.ground_truth
    result = check_clue_area(arr, np.asarray(puzzle.input_image.convert("RGB")), layout,
                             track.rubric["clue_change_min_digit_fraction"], None,
                             {"row": truth["row_clues"], "col": truth["col_clues"]})
    _clean(result)


def test_monospaced_two_digit_numbers_are_read_by_the_pages_spacing():
    # GW Monospace at 15x15 in a story frame: "10", "11", "14" set 0.67-0.83 digit widths apart (numbers 2.3 apart) read
    # "1 0", "1 1", "1 4": eleven confident clue_changed on a correct answer (incorrect 63.33)
    _clean(_heldout15_clues("q_gwmono_pixel_story", "15x15", 1, "none"))


@pytest.mark.parametrize("style,variant,k,line", [
    ("q_gwmono_pixel_story", "15x15", 1, ("col", 2)),  # a "14" written "2"
    ("q_ocrabold_carbon_cutout", "5x5", 1, None),
    ("q_ocrabold_carbon_cutout", "10x10", 0, None),
    ("q_junicode_metal_barrel", "10x10", 0, None),
])
def test_a_changed_clue_on_these_pages_never_passes(style, variant, k, line):
    violations, preserved, extra = _heldout15_clues(style, variant, k, "clue_changed")
    changed = [v for v in violations if v.code == "clue_changed"]
    assert preserved < 1.0 and (changed or extra.get("unsure_clues")), extra
    if line is not None:  # named where the old code named it
        assert any((v.evidence.get("line"), v.evidence.get("index")) == line for v in changed), [
            v.message for v in changed]


def test_the_pages_spacing_of_one_number():
    gw = [0.67] * 6 + [0.83] * 5 + [2.33]
    assert nonogram_mod._page_number_gap(gw) == pytest.approx(0.83)
    # a page of one-digit numbers: one group of gaps
    assert nonogram_mod._page_number_gap([1.67, 1.67, 1.75, 1.79, 1.83]) is None
    # a hand's uneven spacing: the narrower group is no font's advance
    assert nonogram_mod._page_number_gap([0.55, 0.7, 0.9, 2.0, 2.2]) is None
    # a single narrow gap is no group
    assert nonogram_mod._page_number_gap([0.8, 2.0, 2.1]) is None
    # gaps the ordinary rule already reads as one number (<= 0.5) set nothing
    assert nonogram_mod._page_number_gap([0.1, 0.2, 0.3, 1.6, 1.7]) is None
    # no jump of 2x: numbers spaced 0.7-1.2 apart stay numbers
    assert nonogram_mod._page_number_gap([0.7, 0.75, 1.2, 1.3]) is None
