"""Clue strips the nonogram clue reader misread or left unsure (eighteenth session): a page whose clues are drawn in
seven segments (HELDOUT16's DSEG digits on a CRT photo: the digit reader takes a segment 8 for no digit and a segment 6
for a sure 5, 26 of 36 answers with unsure clues and a correct 15x15 answer failed on a sure "? 4" for "8 4"), read by
which of the seven bars each glyph draws; and a strip re-read with its strokes thinned by 1 px that lost part of a
glyph (HELDOUT15's 3270 carbon PDF: a light "4" thinned to its stem, taken as a sure "1", a confident clue_changed on a
correct answer). The guards: a clue changed to another value on those pages is still caught and named, ordinary
printed digits are no seven-segment drawing, and one glyph drawn in bars does not make a page a seven-segment one."""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from genpuzzle.registry import get_track
from genpuzzle.verifiers import nonogram as nonogram_mod
from genpuzzle.verifiers.nonogram import check_clue_area, read_clue_strips

sys.path.insert(0, str(Path(__file__).parent))

SEGMENTS = {0: "abcdef", 1: "bc", 2: "abdeg", 3: "abcdg", 4: "bcfg", 5: "acdfg", 6: "acdefg", 7: "abc", 8: "abcdefg",
            9: "abcdfg"}


def _seven(digit: int, h: int, w: int, t: int, gap: int = 1) -> np.ndarray:
    """A seven-segment digit drawn as bars (ink 255 on 0) in an h x w box, bars t px thick (no font file: the bars a
    calculator lights)."""
    m = np.zeros((h, w), np.uint8)
    mid = h // 2
    bars = {"a": (0, gap, t, w - gap), "g": (mid - t // 2, gap, mid - t // 2 + t, w - gap), "d": (h - t, gap, h, w - gap),
            "f": (gap, 0, mid - gap, t), "b": (gap, w - t, mid - gap, w), "e": (mid + gap, 0, h - gap, t),
            "c": (mid + gap, w - t, h - gap, w)}
    for s in SEGMENTS[digit]:
        y0, x0, y1, x1 = bars[s]
        m[y0:y1, x0:x1] = 255
    return m


def _segment_strip(digits: list[int], h: int = 24, w: int = 14, t: int = 3, font_px: int = 28) -> np.ndarray:
    """A row clue strip's darkness holding ``digits`` as single-digit numbers in seven segments, blurred a little."""
    a = np.zeros((2 * font_px, 40 + 2 * w * len(digits)), np.uint8)
    top = (a.shape[0] - h) // 2
    for k, d in enumerate(digits):
        x = 20 + 2 * w * k
        a[top:top + h, x:x + w] = _seven(d, h, w, t)
    return cv2.GaussianBlur(a, (3, 3), 0.8)


def _read(strip: np.ndarray, font_px: int = 28):
    return read_clue_strips(strip, [("row", (0, 0, strip.shape[1], strip.shape[0]))], font_px, line_lengths=[15])[0]


@pytest.mark.parametrize("digit", [0, 2, 3, 4, 5, 6, 7, 8, 9])
@pytest.mark.parametrize("h,w,t", [(24, 14, 3), (17, 10, 2), (30, 16, 5)])
def test_a_seven_segment_glyph_is_decoded_by_its_bars(digit, h, w, t):
    assert nonogram_mod._seven_segment(_seven(digit, h, w, t) > 0) == digit


@pytest.mark.parametrize("digits", [[8, 6, 0], [6, 8, 2], [2, 3, 4], [0, 8, 6, 3]])
def test_a_page_in_seven_segments_reads_its_digits(digits):
    # the digit reader alone reads these "? ? ?" (8 6 0: no digit at 0.85, 0.63, 0.61)
    r = _read(_segment_strip(digits))
    assert r.values == digits, (r.text, r.glyph_reads)


def test_a_seven_segment_6_is_not_a_5():
    # the segment 6's lower left bar is drawn: a 6, whatever the digit reader makes of it; the 5 beside it stays a 5
    r = _read(_segment_strip([6, 5, 8, 6]))
    assert r.values == [6, 5, 8, 6], (r.text, r.glyph_reads)


def test_a_glyph_of_broken_bars_on_a_seven_segment_page_is_in_doubt():
    # a bar half drawn (an 8 whose middle bar stops halfway): no clear seven-segment drawing, never a sure digit
    strip = _segment_strip([8, 6, 0, 8])
    top = (strip.shape[0] - 24) // 2
    x = 20 + 2 * 14 * 3
    strip[top + 10:top + 14, x + 7:x + 14] = 0
    r = _read(strip)
    assert r.values is None and r.glyph_reads[3][1] < 0.9, (r.text, r.glyph_reads)


@pytest.mark.parametrize("text", ["2 4 7", "5 6 9", "8 3 0"])
def test_printed_digits_are_no_seven_segment_page(text):
    # DejaVu Sans Bold (the renderer's clue font): curves and diagonals cross the windows between the bars or leave a
    # bar half drawn, so the page is read by the digit reader alone, as before
    from genpuzzle.renderers.nonogram import font

    im = Image.new("L", (200, 60), 0)
    ImageDraw.Draw(im).text((10, 30), text, font=font(28, True), fill=255, anchor="lm")
    a = cv2.GaussianBlur(np.asarray(im), (3, 3), 0.6)
    ink, boxes = nonogram_mod._strip_ink(a, 28)
    decoded = [nonogram_mod._seven_segment(ink[b[1]:b[3], b[0]:b[2]]) for b in boxes]
    assert sum(d is not None for d in decoded) < nonogram_mod.SEGMENT_PAGE_SHARE * len(decoded)
    r = _read(a)
    assert r.values == [int(v) for v in text.split()], (r.text, r.glyph_reads)


def _printed_cell(text: str) -> np.ndarray:
    """A glyph cell as the clue reader hands it to the digit reader: dark ink on white, the renderer's bold font."""
    from genpuzzle.renderers.nonogram import font

    im = Image.new("L", (48, 48), 255)
    ImageDraw.Draw(im).text((24, 24), text, font=font(28, True), fill=0, anchor="mm")
    return np.asarray(im)


def test_a_reread_glyph_lies_where_it_was_or_reads_a_digit_it_was_taken_for():
    same = nonogram_mod._same_glyphs
    reading = nonogram_mod.ClueReading

    def first(boxes, reads, cells=()):
        return reading(None, 0.5, boxes, "", glyph_reads=tuple(reads), glyph_cells=tuple(cells))

    before = first([[69, 440, 73, 459], [99, 440, 105, 458]], [(None, 0.5), (1, 0.99)])
    # 1 px thinner: every glyph where it was
    assert same(first([[70, 441, 72, 458], [100, 441, 104, 457]], [(1, 0.99), (1, 0.99)]), before, 24.0)
    # a glyph lost
    assert not same(first([[70, 441, 72, 458]], [(1, 0.99)]), before, 24.0)
    # a glyph shrunk to a part of it (3270's "4" thinned to its stem: its left side 7 px in), now read as a digit the
    # reader never gave the glyph as first read
    four = first([[62, 439, 74, 461], [99, 439, 105, 459]], [(9, 0.54), (1, 0.99)], [_printed_cell("4"), _printed_cell("1")])
    stem = first([[69, 440, 73, 459], [101, 440, 105, 458]], [(1, 0.99), (1, 0.99)])
    assert not same(stem, four, 24.0)
    # ... while a glyph shrunk but read as the digit the reader already saw in it stays the same glyph
    one = first([[62, 439, 74, 461], [99, 439, 105, 459]], [(None, 0.5), (1, 0.99)], [_printed_cell("1"), _printed_cell("1")])
    assert same(stem, one, 24.0)


def test_a_strip_whose_first_numbers_may_lie_past_the_image_border_is_in_doubt():
    cut = nonogram_mod._cut_off_at_border
    reading = nonogram_mod.ClueReading

    def row(values, xs):
        return reading(values, 0.99, [[x, 215, x + 4, 237] for x in xs], " ".join(map(str, values)))

    # "1 1 1 1" redrawn 50 px apart from the grid leftwards: its first "1" fell past the image's left edge
    assert cut(row([1, 1, 1], [39, 89, 140]), [1, 1, 1, 1], "row", None)
    # the image's page ends (registration shows the input) 20 px in: measured from there
    observed = np.ones((300, 200), bool)
    observed[:, :20] = False
    assert cut(row([1, 1, 1], [60, 110, 160]), [1, 1, 1, 1], "row", observed)
    # room for the missing number inside the image: a change
    assert not cut(row([1, 1, 1], [80, 130, 180]), [1, 1, 1, 1], "row", None)
    # the last number read otherwise (a changed clue): never
    assert not cut(row([1, 1, 5], [39, 89, 140]), [1, 1, 1, 1], "row", None)
    assert not cut(row([1, 1, 1, 1], [0, 39, 89, 140]), [1, 1, 1, 1], "row", None)
    # a column strip's top
    col = reading([2], 0.99, [[300, 10, 312, 30]], "2")
    assert cut(col, [3, 2], "col", None)
    assert not cut(reading([2], 0.99, [[300, 60, 312, 80]], "2"), [3, 2], "col", None)


def test_heldout16_seven_segment_row_cut_off_at_the_page_edge_is_no_sure_change():
    # DSEG's "1 1 1 1" set wider than the input's: the first "1" of rows 1 and 5 drawn past the image's left edge, "1 1 1"
    # read surely once the page's 8s and 0s are read (a confident clue_changed): review
    violations, _, extra = _family_clues("nonogram_heldout16", "HELDOUT16", "u_dseg_scratchboard_crt", "10x10", 0, "none")
    assert not violations, [v.message for v in violations]
    assert {(u["line"], u["index"]) for u in extra.get("unsure_clues", [])} == {("row", 1), ("row", 5)}


def _family_clues(module: str, family: str, style_name: str, variant: str, k: int, error: str, seed: int = 5):
    """check_clue_area's result on one answer of a test family, registered as the family's measure does."""
    import importlib

    import nonogram_answers as answers

    from genpuzzle.registration import register
    from genpuzzle.verifiers.nonogram import contrast_map

    track = get_track("nonogram")
    p = track.generate(1000 * seed + 10 * ("5x5", "10x10", "15x15").index(variant) + k, variant)
    inp = np.asarray(p.input_image.convert("RGB"))
    style = next(s for s in getattr(importlib.import_module(module), family) if s.name == style_name)
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


@pytest.mark.parametrize("variant,k", [
    ("10x10", 1),  # column 2 "1 ?" for "1 8", column 7 "?" for "6": review
    ("15x15", 0),  # row 5 "? 4" for "8 4", the 8 read surely as no digit: a confident clue_changed
    ("15x15", 1),  # rows 3 and 4 "?" for "8", row 12 a sure "5" for "6": review
])
def test_heldout16_seven_segment_clues_are_read(variant, k):
    _clean(_family_clues("nonogram_heldout16", "HELDOUT16", "u_dseg_scratchboard_crt", variant, k, "none"))


@pytest.mark.parametrize("variant,k,line", [
    ("5x5", 0, ("col", 2)),  # "2 9" for "2 1": was review (the 2 read as no digit)
    ("10x10", 1, ("row", 6)),  # "2 7" for "2 4": was review
    ("15x15", 0, ("col", 4)),
])
def test_a_changed_clue_on_a_seven_segment_page_is_caught(variant, k, line):
    violations, _, _ = _family_clues("nonogram_heldout16", "HELDOUT16", "u_dseg_scratchboard_crt", variant, k,
                                     "clue_changed")
    assert any(v.code == "clue_changed" and (v.evidence["line"], v.evidence["index"]) == line for v in violations), (
        [v.message for v in violations])


def test_heldout15_3270_light_four_is_not_thinned_into_a_one():
    # row 5 "4 1": the strip re-read with its strokes thinned lost the 4's light diagonal and crossbar, "1 1" surely
    _clean(_family_clues("nonogram_heldout15", "HELDOUT15", "q_3270_carbon_pdf", "10x10", 1, "none"))


def test_heldout15_3270_changed_clue_still_caught():
    violations, _, _ = _family_clues("nonogram_heldout15", "HELDOUT15", "q_3270_carbon_pdf", "10x10", 1, "clue_changed")
    assert any(v.code == "clue_changed" and (v.evidence["line"], v.evidence["index"]) == ("col", 3) for v in violations)


@pytest.mark.parametrize("k,line", [(0, ("col", 7)), (1, ("col", 7))])
def test_heldout16_push_pin_over_the_column_clues_is_the_pages(k, line):
    # the corkboard's push pin stuck over the top of the column clues, 15x15: its body taken off as broad darkness, its
    # lower rim (a piece shorter than any digit) left at the side of column 7's strip, running on into column 6's and
    # joined there to the pin reaching past the clues' top: "? 7 1" for "7 1", a confident clue_changed on a correct
    # answer; now the page's, listed as ink beyond the clue area
    violations, _, extra = _family_clues("nonogram_heldout16", "HELDOUT16", "u_tymes_camo_corkboard", "15x15", k, "none")
    assert not violations, [v.message for v in violations]
    assert line not in {(u["line"], u["index"]) for u in extra.get("unsure_clues", [])}


def test_a_digit_cut_by_its_strips_edge_is_not_taken_off():
    # a guard: a strip's piece shorter than a digit running on into the next strip, joined to nothing past the strips'
    # outer end (a digit drawn across two row strips, a page registered a row off), stays a glyph of the strip
    dark = np.zeros((200, 200), np.uint8)
    dark[40:80, 40:46] = 220  # a tall "1" crossing from row strip 60..100 (its box from x 10, the strip from x 30) upwards
    assert not nonogram_mod._joined_past_outer_end(dark, "row", [30, 0, 36, 20], (10, 60), 20, 24.0)
    # ... joined within a digit height to a blot reaching into the margin left of the strips' start: the page's
    dark[40:50, 12:46] = 220
    assert nonogram_mod._joined_past_outer_end(dark, "row", [30, 0, 36, 20], (10, 60), 20, 24.0)
