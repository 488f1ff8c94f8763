"""Thirty-eighth session (issue 13), nonogram rubric 69: HELDOUT29's error-free pages, studied.

HELDOUT29, measured blind at the end of the thirty-seventh session (400/432 right, 0 false passes), lost most of its
verdicts on error-free pages (46/72 right). Studied now, its main causes were:

- a heavy line drawn as three thin parallel rules: the band of a line is the run of ink through its middle, so the
  outer rules lay in the cells next to it, read as a side stroke or an off-centre dash (three styles' pages in review).
  Rules as long as the line, a narrow paper gap apart, within LINE_GROUP_HALF of a cell, are now one line
  (:func:`cells.line_companions`) and are taken out of the darkness before cells are read
  (:func:`cells.without_line_companions`; where a fill or a mark runs on past them they stay);
- the pale green bands of greenbar paper: a small ring typed in the banded cells held pale band px and twice the ink
  of its copies on white, so it was no copy of the page's mark: the copy test now measures a cell's ink over its own
  paper (:func:`nonogram._over_cell_paper`);
- (not changed: a brush comma in every empty cell, fitted as a dot, in a few cells notched like a "9" at the page's
  resolution, stays a stray mark: accepting such marks as copies of the page's mark let a "K" in every empty cell
  pass, `tests/test_nonogram_page_mark27.py`);
- a high-contrast display face's "6" whose hairline the page lost (its stem and bowl two glyphs, "?5") and a serif
  "3" whose lower terminal came off ("?3"): two abutting narrow pieces are read whole as evidence for the puzzle's
  numbers (:func:`nonogram._abutting_pieces`), and a terminal left of a glyph's foot is part of it.

HELDOUT30, measured blind at the start of this session (400/432 on rubric 68, 404 on rubric 69), had one false pass,
studied here: a redrawn sampler's changed row clue "1 1 1" for "1 1", set wide, its first "1" past the input's frame,
read "1 1" within the frame. A strip read as the puzzle's numbers is now read again past the frame when its outermost
glyph is near the frame's edge and the answer reaches past it there; numbers read surely there, before the puzzle's
and set as the strip sets its own, are a review.

Each test below, except the guards, fails on rubric 68.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from test_nonogram_rubric67 import _verdict

from genpuzzle.records import Status
from genpuzzle.verifiers import cells as C
from genpuzzle.verifiers import nonogram as V

# -- a heavy line drawn as three thin parallel rules -------------------------------------------------------------------


def _triple_rule_page(offsets: tuple[int, ...] = (0, 4, 8), cell: int = 60, width: int = 1,
                      fill: tuple[int, int] | None = None, n: int = 5, origin: int = 40
                      ) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """A white page with an n x n grid: grey thin lines, its frame drawn as dark rules ``width`` px wide at
    ``offsets`` px inward from its edge (a frame of three rules, the outer one on the edge); an X in every other cell;
    ``fill``: that cell filled black up to its lines."""
    size = 2 * origin + n * cell
    img = np.full((size, size), 250, np.uint8)
    end = origin + n * cell
    for k in range(1, n):
        cv2.line(img, (origin + k * cell, origin), (origin + k * cell, end), 110, 1)
        cv2.line(img, (origin, origin + k * cell), (end, origin + k * cell), 110, 1)
    for off in offsets:
        for at, inward in ((origin, 1), (end, -1)):
            cv2.line(img, (at + inward * off, origin - 4), (at + inward * off, end + 4), 30, width)
            cv2.line(img, (origin - 4, at + inward * off), (end + 4, at + inward * off), 30, width)
    for r in range(n):
        for c in range(n):
            x0, y0 = origin + c * cell, origin + r * cell
            if (r, c) == fill:
                img[y0 + 1:y0 + cell, x0 + 1:x0 + cell] = 20
            elif (r + c) % 2 == 0:
                a, b = cell // 3, cell - cell // 3
                cv2.line(img, (x0 + a, y0 + a), (x0 + b, y0 + b), 60, 2, cv2.LINE_AA)
                cv2.line(img, (x0 + b, y0 + a), (x0 + a, y0 + b), 60, 2, cv2.LINE_AA)
    return np.stack([img] * 3, axis=2), (origin, origin, end, end)


def _read(img: np.ndarray, box: tuple[int, int, int, int], cell: int) -> list[str]:
    layout = {"rows": 5, "cols": 5, "grid_bbox": list(box), "cell_px": float(cell)}
    return [state for row in V.read_cells(img, layout).states for state in row]


def test_the_rules_of_a_frame_drawn_as_three_thin_rules_are_one_line():
    img, box = _triple_rule_page()
    dark, _ = C.darkness_maps(img, 60.0)
    found = C.line_companions(dark, C.grid_boxes(box, 5, 5), 60.0)
    # the frame's four sides, each with the two inner rules beyond its band (along each whole side); no thin line has
    # any
    assert {(axis, min(p, past) < 200) for axis, _, _, p, _, past in found} == {(0, True), (0, False), (1, True),
                                                                             (1, False)}
    assert all(min(abs(past - 40), abs(past - 340)) <= 11 for *_, past in found)
    for axis in (0, 1):
        for near in (True, False):
            spans = sorted((s0, s1) for a, s0, s1, p, _, past in found if a == axis and (min(p, past) < 200) == near)
            assert spans[0][0] <= 41 and spans[-1][1] >= 339


@pytest.mark.parametrize("offsets, cell, width", [
    ((0, 4, 8), 60, 1), ((0, 4, 8), 60, 2), ((0, 5, 10), 60, 1), ((0, 4, 8), 40, 1), ((0, 4, 8), 40, 2),
])
def test_cells_inside_a_frame_of_three_rules_read_as_drawn(offsets, cell, width):
    img, box = _triple_rule_page(offsets, cell, width)
    want = [C.CROSSED if (r + c) % 2 == 0 else C.BLANK for r in range(5) for c in range(5)]
    assert _read(img, box, cell) == want  # (rubric 68: the inner rules marks along the outer cells' sides)


def test_a_fill_up_to_a_frame_of_three_rules_stays_filled():  # guard
    img, box = _triple_rule_page(fill=(0, 1))
    assert _read(img, box, 60)[1] == C.FILLED


def test_a_single_heavy_line_has_no_companions():  # guard
    img = np.full((400, 400), 250, np.uint8)
    for k in range(6):
        cv2.line(img, (40 + 60 * k, 40), (40 + 60 * k, 340), 30, 5 if k in (0, 5) else 1)
        cv2.line(img, (40, 40 + 60 * k), (340, 40 + 60 * k), 30, 5 if k in (0, 5) else 1)
    dark, _ = C.darkness_maps(np.stack([img] * 3, axis=2), 60.0)
    assert C.line_companions(dark, C.grid_boxes((40, 40, 340, 340), 5, 5), 60.0) == []


# -- a paper band's tint is paper to the copy test ------------------------------------------------------------------


def test_a_mark_on_a_pale_band_holds_as_much_ink_as_on_white():
    dark = np.zeros((60, 120), np.uint8)
    dark[:, 60:] = 24  # a pale band's tint the page's paper map left
    rng = np.random.default_rng(1)
    dark[:, 60:] = np.clip(dark[:, 60:].astype(int) + rng.integers(-8, 9, (60, 60)), 0, 255)
    for x0 in (20, 80):
        cv2.circle(dark, (x0 + 5, 30), 4, 110 if x0 == 20 else 134, 1)
    white, band = V._box_ink_mass(dark, (20, 25, 31, 36)), V._box_ink_mass(dark, (80, 25, 91, 36))
    assert band <= 1.15 * white  # (rubric 68: the band's px from HAIRLINE_LOW and its tint under the ring counted)


# -- clue glyphs broken by the page ---------------------------------------------------------------------------------


def test_two_narrow_pieces_side_by_side_may_be_one_glyph():
    assert V._abutting_pieces([99, 664, 107, 683], [108, 664, 116, 683], 14.0)  # a "6" whose hairline was lost
    assert not V._abutting_pieces([99, 664, 107, 683], [110, 664, 118, 683], 14.0)  # two px of paper between
    assert not V._abutting_pieces([90, 664, 104, 683], [105, 664, 119, 683], 14.0)  # two whole digits


def test_a_serif_threes_lost_terminal_is_part_of_it():
    line = [[21, 347, 30, 364], [47, 362, 50, 365], [49, 347, 56, 362]]
    assert V._attach_crossbar_ends(line, 16.0, 9.0) == [[21, 347, 30, 364], [49, 347, 56, 362]]


# -- HELDOUT29's pages ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("style_name, size, k", [
    ("s_sarai_ropecoil_pushpin", "5x5", 0),  # a heavy line as three rules (four cells in review)
    ("s_fetteclassic_flannel_magenta", "10x10", 0),  # a "6" in two pieces (incorrect: a changed clue)
])
def test_heldout29s_error_free_pages_are_correct(style_name, size, k):
    v = _verdict(style_name, size, k, "none", family="nonogram_heldout29")
    assert v.status == Status.CORRECT, (v.status, v.score, v.extra.get("unsure_cells"), v.extra.get("unsure_clues"))


@pytest.mark.parametrize("style_name, size, k", [
    ("s_uming_leafrubbing_greenbar", "15x15", 1),  # small rings on greenbar paper (fifty cells)
    ("s_nakula_greekkey_redrawspread", "15x15", 0),  # serif 3s with their terminals off (seven clues)
])
def test_heldout29s_error_free_pages_the_v6_model_leaves_in_review(style_name, size, k):
    """Correct with the digit model before train-v6; with it (fifty-first session) one reading of each page falls
    into doubt (Uming: column 11's "3 1" reads a sure "8 1", and the same strip read past the frame does not, so it is
    a review; Nakula: cell [1, 14]'s faint mark reads unsure). A measured loss of that model: a review, never a charge."""
    v = _verdict(style_name, size, k, "none", family="nonogram_heldout29")
    assert v.status in (Status.CORRECT, Status.NEEDS_REVIEW) and not v.violations, (v.status, v.codes)


@pytest.mark.parametrize("style_name, size, k, error", [
    ("s_sarai_ropecoil_pushpin", "10x10", 0, "x_instead"),
    ("s_symbola_tiger_prism", "10x10", 0, "missing"),
    ("s_fetteclassic_flannel_magenta", "10x10", 1, "clue_changed"),
    ("s_nakula_greekkey_redrawspread", "15x15", 0, "clue_changed"),
    ("s_uming_leafrubbing_greenbar", "15x15", 1, "extra_light"),
])
def test_heldout29s_planted_errors_still_fail(style_name, size, k, error):  # guards
    v = _verdict(style_name, size, k, error, family="nonogram_heldout29")
    assert v.status != Status.CORRECT, (v.status, v.score)


# -- HELDOUT30's false pass: a changed clue's first number past the frame ------------------------------------------


def test_a_redrawn_clue_with_a_number_past_the_frame_does_not_pass():
    # the sampler's row "1 1 1" for "1 1", set wide, its first "1" past the input's frame: read "1 1" within it
    v = _verdict("s_misaki_tentstitch_redrawsampler", "5x5", 0, "clue_changed", family="nonogram_heldout30")
    assert v.status != Status.CORRECT, (v.status, v.score)
    strip = next(u for u in v.extra["unsure_clues"] if u["line"] == "row" and u["index"] == 2)
    assert strip["more_past_frame"] and strip["read_beyond_frame"]["read_text"] == "1 1 1"


@pytest.mark.parametrize("style_name, size, k, family", [
    ("s_misaki_tentstitch_redrawsampler", "5x5", 0, "nonogram_heldout30"),  # the same redraw, error-free
    ("s_scheherazade_pineneedle_chessboard", "5x5", 0, "nonogram_heldout30"),  # a chessboard's edge, a sure "1"
    ("s_umeplus_hookloop_doily", "5x5", 0, "nonogram_heldout30"),  # a lace doily past the row clues
    ("s_harmattan_thatch_combbound", "5x5", 1, "nonogram_heldout29"),  # a comb binding's teeth over the columns
])
def test_error_free_pages_reaching_past_the_frame_are_correct(style_name, size, k, family):  # guards
    v = _verdict(style_name, size, k, "none", family=family)
    assert v.status == Status.CORRECT, (v.status, v.score, v.extra.get("unsure_clues"))
