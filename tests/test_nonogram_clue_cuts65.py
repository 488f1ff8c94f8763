"""Thirty-fourth session (issue 13), nonogram rubric 65: a wide digit cut in two is read whole, and two touching digits
are also cut where the right one's counter begins.

A glyph wider than tall is cut in two at its thinnest column (``_split_touching``: two touching digits, "10"). A thin
hand draws some digits wider than tall on their own (HELDOUT22's Karumbi: its 3s and 4s a fifth wider than tall), and
the halves read "?5", "2?" or "37": the error-free page went to review, or (the halves read surely as other digits) to a
clue change. Now the halves that do not both read surely as digits are read whole too, and a whole read surely as one
digit, at most ``JOINED_MAX_WIDTH`` of the page's digit widths wide, is that digit. Such a strip, like a square cut, is
evidence for the puzzle's numbers only (``square_cut``); two digits drawn touching stay two.

A heavy face's "10" fuses the 1's serif into the 0's side (HELDOUT19's Radis, HELDOUT22's Keraleeyam): read as no digit,
the glyph is cut at its thinnest columns and along slanted lines, all of which run through the 0's counter, and no cut
read surely: the error-free page was charged with changed clues. Now the glyph is also cut where the digit with a counter
on its right begins (``_counter_cut``: the counter's left edge less the width of the ink right of it), and, as before,
such a cut is taken only when its halves read surely and every other cut read surely reads the same two digits.
"""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from genpuzzle.verifiers import nonogram as N

FREESANS_BOLD = "/usr/share/fonts/truetype/freefont/FreeSansBold.ttf"
HUMOR = "/usr/share/fonts/truetype/humor-sans/Humor-Sans.ttf"
PURISA = "/usr/share/fonts/truetype/tlwg/Purisa.ttf"
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
SIZE = 30


def _glyph(ch: str, font: str, stretch: float = 1.0, size: int = SIZE) -> np.ndarray:
    """``ch`` in ``font`` at ``size`` px, as darkness (0 paper, 230 ink), cropped to its ink and widened ``stretch`` x."""
    g = Image.new("L", (2 * size, 2 * size), 0)
    ImageDraw.Draw(g).text((5, 5), ch, font=ImageFont.truetype(font, size), fill=230)
    g = g.crop(g.getbbox())
    return np.asarray(g.resize((max(1, round(g.width * stretch)), g.height), Image.LANCZOS))


def _page(strips: list[list[np.ndarray | None]]) -> tuple[np.ndarray, list[tuple[str, tuple[int, int, int, int]]]]:
    """Row clue strips 60 px tall, one per list of glyphs (None: the space between two numbers), and their boxes."""
    dark = np.zeros((60 * len(strips), 320), np.uint8)
    boxes = []
    for r, glyphs in enumerate(strips):
        x = 20
        for g in glyphs:
            if g is None:
                x += round(0.8 * SIZE)
                continue
            y = 60 * r + 30 - g.shape[0] // 2
            dark[y:y + g.shape[0], x:x + g.shape[1]] = np.maximum(dark[y:y + g.shape[0], x:x + g.shape[1]], g)
            x += g.shape[1] + round(0.15 * SIZE)
        boxes.append(("row", (0, 60 * r, 320, 60 * r + 60)))
    return dark, boxes


def _typed(texts: list[str], font: str, wide: str = "", stretch: float = 1.0) -> list[list[np.ndarray | None]]:
    return [[None if ch == " " else _glyph(ch, font, stretch if ch in wide else 1.0) for ch in text]
            for text in texts]


CLUES = ["1 2", "5 6", "3 2", "4 1", "2 5 1", "6 3"]


@pytest.mark.parametrize("font,stretch", [(HUMOR, 1.2), (HUMOR, 1.35), (PURISA, 1.5)])
def test_a_wide_digit_cut_in_two_is_read_whole(font, stretch):
    dark, boxes = _page(_typed(CLUES, font, wide="34", stretch=stretch))
    readings = N.read_clue_strips(dark, boxes, float(SIZE), line_lengths=[15] * len(CLUES))
    assert [r.values for r in readings] == [[int(v) for v in text.split()] for text in CLUES]
    # the strips holding a glyph read whole are evidence for the puzzle's numbers only, like a square cut
    assert any(r.square_cut for r in readings)
    assert not any(r.square_cut for r, text in zip(readings, CLUES) if not set(text) & set("34"))


@pytest.mark.parametrize("font", [HUMOR, PURISA, DEJAVU])
def test_two_digits_drawn_touching_are_never_read_whole(font):
    """No pair of digits drawn overlapping by 1-3 px beside ordinary digits is read whole as one digit. (Purisa's "17"
    touching reads a sure 7 before this rule as after it: a glyph wider than the page's digits read surely as one digit
    stands, its cut only evidence -- ``WIDE_GLYPH``, not this rule.)"""
    for pair in ("12", "13", "17", "33", "37", "38", "39", "55", "97", "14", "11", "10"):
        for overlap in (1, 2, 3):
            both = _touching(pair[0], pair[1], font, overlap)
            strips = _typed(["5 6", "2 5"], font) + [[_glyph("4", font), None, both]]
            dark, boxes = _page(strips)
            last = N.read_clue_strips(dark, boxes, float(SIZE), line_lengths=[15] * 3)[-1]
            # read as "4" and one single digit, by this rule, would be the pair read whole as one digit
            assert not (last.square_cut and last.values is not None and len(last.values) == 2
                        and last.values[1] < 10), (pair, overlap, last.text)


def test_no_whole_reading_without_the_pages_digit_width():
    """A page whose every digit is cut in two has no digit width to judge a whole by: its halves stand (unsure)."""
    dark, boxes = _page(_typed(["3 3"], HUMOR, wide="3", stretch=1.35))
    reading = N.read_clue_strips(dark, boxes, float(SIZE), line_lengths=[15])[0]
    assert not reading.square_cut


def _touching(left: str, right: str, font: str, overlap: int, size: int = SIZE) -> np.ndarray:
    """Two glyphs set ``overlap`` px into each other, feet aligned."""
    a, b = _glyph(left, font, size=size), _glyph(right, font, size=size)
    h = max(a.shape[0], b.shape[0])
    both = np.zeros((h, a.shape[1] + b.shape[1] - overlap), np.uint8)
    both[h - a.shape[0]:, :a.shape[1]] = a
    region = both[h - b.shape[0]:, a.shape[1] - overlap:]
    both[h - b.shape[0]:, a.shape[1] - overlap:] = np.maximum(region, b)
    return both


def test_counter_cut_finds_where_the_right_digit_begins():
    ten = _touching("1", "0", FREESANS_BOLD, 2, size=26) >= 115
    at = N._counter_cut(ten)
    one = _glyph("1", FREESANS_BOLD, size=26)
    assert at is not None and abs(at - (one.shape[1] - 2)) <= 2  # the 0 starts 2 px inside the 1's box
    assert N._counter_cut(_glyph("1", FREESANS_BOLD, size=26) >= 115) is None  # no counter
    zero = _glyph("0", FREESANS_BOLD, size=26) >= 115
    assert N._counter_cut(zero) is None or N._counter_cut(zero) <= 2  # a lone 0: at most a sliver left of it


@pytest.mark.parametrize("overlap", [1, 2, 3])
def test_a_heavy_10_fused_into_one_glyph_is_read_by_its_counter(overlap):
    strips = [[_glyph("5", FREESANS_BOLD, size=26), None, _glyph("6", FREESANS_BOLD, size=26)],
              [_glyph("2", FREESANS_BOLD, size=26)], [_touching("1", "0", FREESANS_BOLD, overlap, size=26)]]
    dark, boxes = _page(strips)
    last = N.read_clue_strips(dark, boxes, 26.0, line_lengths=[15] * 3)[-1]
    assert last.values == [10] and last.square_cut  # evidence for the puzzle's numbers only


@pytest.mark.parametrize("font", [FREESANS_BOLD, "/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf"])
def test_the_counter_cut_reads_no_other_fused_pair_as_10(font):
    for right in "235689":
        for overlap in (1, 2, 3):
            strips = [[_glyph("5", font, size=20), None, _glyph("6", font, size=20)], [_glyph("2", font, size=20)],
                      [_touching("1", right, font, overlap, size=20)]]
            dark, boxes = _page(strips)
            last = N.read_clue_strips(dark, boxes, 20.0, line_lengths=[15] * 3)[-1]
            assert last.values != [10], (right, overlap)
