"""Forty-first session (issue 13), nonogram rubric 72: HELDOUT33, measured blind last session, studied.

HELDOUT33 lost its verdicts to:

- a clay tablet on dark velvet, `unreadable` on four pages: the velvet held as much of the answer as the tablet, so the
  page counted as a dark page (light ink on dark paper; :func:`registration._dark_page`), and the search for the
  answer's own lattice, which finds the tablet's at once, was never run. A page whose paper lies on the input's side of
  mid-grey, at another level than the input's white (tan clay), is no dark page;
- gold star stickers and a stylus's wedges set at their own angles in every empty cell: the copies overlapped their
  median mark 0.75-0.78 as they lay (0.8 needed), so the page's sign was no sign and every copy a stray mark (four
  error-free pages charged). Turned onto one copy they overlap 0.83-0.87 (:func:`nonogram._turned_alike`); the sign's
  glyph tests (no digit, no text) still decide. A few stars the empty-mark fit took for an X or a dot were each a lone
  glyph in doubt; a mark alike the page's sign, turned, is one of its copies (:func:`nonogram._like_page_sign`);
- Apropal Bold's swash "4" read a sure "2" (0.93-0.95) on two error-free pages, charged as a changed clue. The OCR
  recogniser gives the puzzle's 4 more probability than the 2 read: two readers disagreeing put the strip in doubt
  (:func:`nonogram._second_reader_prefers_puzzle`), a review, never a confident change.

Every test below but the guards fails on rubric 71.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont
from test_nonogram_rubric67 import _verdict

from genpuzzle import registration as R
from genpuzzle.records import InstanceRecord, Status
from genpuzzle.registry import get_track
from genpuzzle.verifiers import nonogram as V

H33 = "nonogram_heldout33"
TABLET = "s_sahadeva_ironslip_redrawtablet"
SANS = "DejaVuSans.ttf"
SERIF = "DejaVuSerif.ttf"


def _expected_codes(error):
    import nonogram_answers as na

    return na.EXPECTED_CODES[error]


@pytest.mark.parametrize("size,k,error", [("15x15", 0, "none"), ("15x15", 0, "extra_outline"),
                                          ("10x10", 1, "extra_outline"), ("10x10", 1, "x_instead")])
def test_clay_tablet_on_velvet_registers_and_reads(size, k, error):
    v = _verdict(TABLET, size, k, error, H33)
    assert v.status != Status.UNREADABLE, v.reason
    if error == "none":
        assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.extra.get("unsure_cells"))
    else:
        assert v.status == Status.INCORRECT and set(v.codes) & _expected_codes(error), (v.status, v.codes)


def test_tan_page_on_dark_velvet_is_no_dark_page():
    import importlib

    import nonogram_answers as na

    track = get_track("nonogram")
    puzzle = track.generate(5020, "15x15")
    style = next(s for s in importlib.import_module(H33).HELDOUT33 if s.name == TABLET)
    answer = na.make_answer(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, "none", seed=0)
    inp = np.asarray(puzzle.input_image.convert("RGB"))
    assert R._polarity_flipped(answer, inp)  # (the velvet is the answer's fullest level: a candidate)
    assert not R._dark_page(answer, inp)


@pytest.mark.parametrize("grey", [255, 200, 160])
def test_dark_mode_page_is_still_a_dark_page(grey):
    """Guard: light lines and clues on dark paper (the input inverted, its ink white or light grey) hold no paper on the
    input's side of mid-grey."""
    track = get_track("nonogram")
    inp = np.asarray(track.generate(7201, "10x10").input_image.convert("RGB"))
    dark = np.where(inp < 128, grey, 20).astype(np.uint8)
    assert R._dark_page(dark, inp)


@pytest.mark.parametrize("style,size,k", [
    ("s_cwkai_blueberries_earbuds", "5x5", 0), ("s_cwkai_blueberries_earbuds", "5x5", 1), ("s_manchu_nori_torch", "5x5", 0),
    ("s_manchu_nori_torch", "5x5", 1), (TABLET, "5x5", 0),
    # (a few stars the fit took for an X or a dot, each a lone glyph in doubt: copies of the sign turned)
    ("s_cwkai_blueberries_earbuds", "10x10", 0), ("s_cwkai_blueberries_earbuds", "10x10", 1)])
def test_signs_set_at_their_own_angles_in_every_empty_cell_score_100(style, size, k):
    v = _verdict(style, size, k, "none", H33)
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes)


def _puzzle(seed, size):
    """The nonogram track, a generated puzzle and its record."""
    track = get_track("nonogram")
    p = track.generate(seed, size)
    rec = InstanceRecord(id="r72", track="nonogram", variant=size, difficulty=p.difficulty, seed=1, instruction="",
                         input_image="", reference_images=[], edit_mask="", ground_truth=p.ground_truth,
                         layout=p.layout, scoring=p.scoring, track_version=track.version)
    return track, p, rec


def _page_with_marks(size, glyph, seed=1, turn=35.0, scale=0.32):
    """The reference page of a puzzle with ``glyph`` (DejaVu Sans, dark grey) in every empty cell, each turned by its
    own angle within +-``turn`` degrees."""
    track, p, rec = _puzzle(7201, size)
    page = p.reference_images[0].convert("RGB")
    rng = random.Random(seed)
    for r, line in enumerate(p.ground_truth["solution"]):
        for c, filled in enumerate(line):
            if filled:
                continue
            x0, y0, x1, y1 = V.cell_box(p.layout, r, c)
            s = int(scale * (x1 - x0))
            tile = Image.new("L", (2 * s, 2 * s), 0)
            ImageDraw.Draw(tile).text((s, s), glyph, font=ImageFont.truetype(SANS, s), fill=255, anchor="mm")
            tile = tile.rotate(rng.uniform(-turn, turn), resample=Image.BICUBIC)
            page.paste(Image.new("RGB", tile.size, (30, 30, 30)), (int((x0 + x1) / 2 - s), int((y0 + y1) / 2 - s)),
                       tile)
    return track.verify(rec, np.asarray(page), np.asarray(p.input_image.convert("RGB")))


def test_stars_turned_in_every_empty_cell_score_100():
    v = _page_with_marks("5x5", "\u2605")
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes)


@pytest.mark.parametrize("size", ["5x5", "10x10"])
@pytest.mark.parametrize("glyph", ["K", "R", "a", "e", "S", "T", "7", "4", "?"])
def test_letters_and_digits_turned_in_every_empty_cell_never_pass(size, glyph):
    """Guard: turned copies of a glyph are as alike as turned stars, and the sign's glyph tests still refuse them."""
    v = _page_with_marks(size, glyph)
    assert v.status != Status.CORRECT and v.score < 100, (v.status, v.score)


def test_turned_alike_lines_up_turned_copies():
    star = Image.new("L", (60, 60), 0)
    ImageDraw.Draw(star).text((30, 30), "\u2605", font=ImageFont.truetype(SANS, 30), fill=255, anchor="mm")
    dark = np.zeros((60, 60 * 6), np.float32)
    for k, angle in enumerate((0, 20, -25, 33, -10, 15)):
        dark[:, 60 * k:60 * (k + 1)] = np.asarray(star.rotate(angle, resample=Image.BICUBIC), np.float32)
    boxes = []
    for k in range(6):
        ys, xs = np.nonzero(dark[:, 60 * k:60 * (k + 1)] >= V.STRAY_SURE)
        boxes.append((60 * k + int(xs.min()), int(ys.min()), 60 * k + int(xs.max()) + 1, int(ys.max()) + 1))
    turned = V._turned_alike(dark, boxes, None, [1.0] + [0.5] * 5)
    assert float(np.median(turned)) >= V.SIGN_CONSISTENT_ALIKE and min(turned) >= 0.75, turned


@pytest.mark.parametrize("k", [0, 1])
def test_swash_four_read_as_two_is_a_review_not_a_change(k):
    v = _verdict("s_apropal_liquorice_snow", "5x5", k, "none", H33)
    assert v.status == Status.NEEDS_REVIEW and "clue_changed" not in v.codes, (v.status, v.codes)
    unsure = v.extra.get("unsure_clues") or []
    # the second reader prefers the puzzle's 4 over a sure "2", or (the train-v6 digit model, fifty-first session, on
    # k = 1) the digit reader reads the swash 4 unsure itself
    assert any(u.get("second_reader_prefers_puzzle") or u.get("read") is None for u in unsure), unsure


@pytest.mark.parametrize("k", [0, 1])
def test_changed_clue_in_the_swash_face_is_still_charged(k):
    """Guard: the same style's planted changed clue is still read and charged."""
    v = _verdict("s_apropal_liquorice_snow", "5x5", k, "clue_changed", H33)
    assert v.status == Status.INCORRECT and "clue_changed" in v.codes, (v.status, v.codes)


@pytest.mark.parametrize("size", ["5x5", "10x10", "15x15"])
def test_clue_retyped_as_another_number_is_still_a_sure_change(size):
    """Guard: a clue number erased and typed again as another number, in a plain face, is charged surely (the second
    reader reads the new number, not the puzzle's; a face unlike the page's, whose glyphs are no twins of its own)."""
    track, p, rec = _puzzle(7203, size)
    page = p.reference_images[0].convert("RGB")
    x0, y0, x1, y1 = V.clue_strip(p.layout, "row", 0)
    row0 = p.ground_truth["row_clues"][0]
    new = [v + 1 if v < 9 else v - 1 for v in row0] or [1]
    d = ImageDraw.Draw(page)
    d.rectangle([x0 + 2, y0 + 2, x1 - 2, y1 - 2], fill="white")
    px = int(p.layout.get("clue_font_px", 18))
    d.text((x1 - 6, (y0 + y1) / 2), " ".join(map(str, new)), font=ImageFont.truetype(SERIF, px), fill="black",
           anchor="rm")
    v = track.verify(rec, np.asarray(page), np.asarray(p.input_image.convert("RGB")))
    assert v.status == Status.INCORRECT and "clue_changed" in v.codes and not v.needs_review, (
        v.status, v.codes, v.extra.get("unsure_clues"))
