"""Twenty-seventh session (issue 13, rubric 58): a page's own mark for an empty cell, drawn in dots.

- *Two small dots in every empty cell.* The patch reader reads them crossed or blank surely in nearly every cell, and
  as doubted specks (blank, 0.53-0.59) in a few, by where the dots fall on its patch grid: the error-free 15x15 page
  went to review. A doubted cell whose ink is a copy of the mark the page's other empty cells hold is read as they are
  (``_judged_by_page_mark``); a grid line's pale edge reaching into the cell is no part of its ink
  (``_edge_line_pieces``).
- *A triad of dots in every empty cell of a 5x5 page.* The empty-mark fit takes some triads for a small ring, and the
  4-5 left over were too few for the consistent-sign test (6 copies), which never ran: they were charged as sure
  stray marks, a confident false fail (score 99, ``incorrect``). The test now counts the fitted copies too
  (``_fitted_sign_copies``), and a page with fewer than 6 empty cells needs a copy in each of them; a page with too
  few sure copies for the sure-mark rule is judged by the in-doubt rule with all of them.
- *A letter among those marks is in doubt.* A "k" or an "a" the dots' height is read crossed (0.65) by the patch
  reader's own dash or blob rules; the page went to review only for its doubted dot pairs. Where the page repeats one
  mark, a cell crossed so barely that holds no copy of it is in doubt. A letter in every empty cell is still no sign.

The pages are drawn with the ``page-marks`` validity check's marks (``tools/validity_checks.py``), photographed.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest
from PIL import ImageDraw, ImageFont

import genpuzzle
from genpuzzle.registry import get_track
from genpuzzle.records import Status
from genpuzzle.verifiers import nonogram as nv

REPO = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("validity_checks", REPO / "tools" / "validity_checks.py")
checks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(checks)  # the page-marks check's drawing: draw_page_mark, photographed


def _page_of_marks(seed: int, variant: str, kind: str, radius: float = 0.05, glyph: str | None = None,
                   glyph_everywhere: bool = False):
    """The puzzle and its reference with the mark ``kind`` (the page-marks check's: "x", "pair", "triad"; dots
    ``radius`` of a cell) in every empty cell; with ``glyph``, that letter (DejaVu Sans Bold, 0.3 cell high, the
    marks' grey) in one empty cell instead (``glyph_everywhere``: in all of them)."""
    p = get_track("nonogram").generate(seed, variant)
    L = p.layout
    x0, y0 = L["grid_bbox"][:2]
    cp = L["cell_px"]
    empties = [(r, c) for r, row in enumerate(p.ground_truth["solution"]) for c, v in enumerate(row) if not v]
    img = p.reference_images[0].convert("RGB").copy()
    d = ImageDraw.Draw(img)
    font = ImageFont.truetype(str(checks.GLYPH_FONTS[0]), max(6, int(round(cp * 0.3))))
    for i, (r, c) in enumerate(empties):
        cx, cy = x0 + (c + 0.5) * cp, y0 + (r + 0.5) * cp
        if glyph is not None and (glyph_everywhere or i == seed % len(empties)):
            d.text((cx, cy), glyph, font=font, fill=checks.PAGE_MARK_GREY, anchor="mm")
        else:
            checks.draw_page_mark(d, kind, cx, cy, cp, radius)
    return p, img


@pytest.mark.parametrize("seed,variant,kind,radius,angle,scale", [
    (28700, "15x15", "pair", 0.05, 0.7, 0.9),  # doubted specks in 3 cells before
    (28701, "15x15", "pair", 0.05, -1.2, 1.1),  # ... in 11
    (28700, "5x5", "triad", 0.05, 0.7, 0.9),  # 4 sure stray marks before: incorrect 99
    (28702, "5x5", "triad", 0.035, -1.2, 1.1),  # 5 empty cells, a triad in each: incorrect 99 before
    (28702, "5x5", "triad", 0.05, 0.0, 1.0),
])
def test_dots_in_every_empty_cell_are_the_pages_mark(seed, variant, kind, radius, angle, scale):
    p, img = _page_of_marks(seed, variant, kind, radius)
    page = checks.photographed(img, angle, scale) if angle else img
    v = genpuzzle.verify(p, page)
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes,
                                                           (v.extra or {}).get("unsure_cells", [])[:3])


@pytest.mark.parametrize("seed,glyph", [(28710, "k"), (28711, "a"), (28712, "e"), (28713, "N")])
def test_a_letter_among_dot_pairs_is_in_doubt(seed, glyph):
    p, img = _page_of_marks(seed, "15x15", "pair", glyph=glyph)
    v = genpuzzle.verify(p, checks.photographed(img, 0.7, 0.9))
    assert v.status != Status.CORRECT, (v.status, v.score)


@pytest.mark.parametrize("seed,glyph", [(28702, "A"), (28702, "e"), (28700, "K")])
def test_a_letter_in_every_empty_cell_of_a_small_page_is_no_sign(seed, glyph):
    p, img = _page_of_marks(seed, "5x5", "triad", glyph=glyph, glyph_everywhere=True)
    v = genpuzzle.verify(p, checks.photographed(img, 0.7, 0.9))
    assert v.status != Status.CORRECT, (v.status, v.score)


@pytest.mark.parametrize("seed,glyph", [(121, "A"), (121, "e")])
def test_a_grey_letter_nearly_a_stroke_among_small_xs_is_in_doubt(seed, glyph):
    """(rubric 58) nearly fitted as a stroke, overlapping the page's thickened 1-px Xs by the sign rules' bar: it
    passed as a copy of the page's mark (rubric 52) until a copy had to cover the page's mark to PAGE_MARK_COVER."""
    p, img = _page_of_marks(seed, "10x10", "x", glyph=glyph)
    v = genpuzzle.verify(p, checks.photographed(img, -0.9, 1.05))
    assert v.status != Status.CORRECT, (v.status, v.score)


def test_small_xs_nearly_fitted_are_the_pages_marks():
    """(rubric 58) a 1-px X of the page's the fit nearly takes for a cross (0.93), a mark in doubt: one of them."""
    p, img = _page_of_marks(121, "15x15", "x")
    v = genpuzzle.verify(p, checks.photographed(img, 1.1, 0.95))
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, (v.extra or {}).get("unsure_cells"))


def test_edge_line_pieces_are_a_lines_pale_edge_only():
    ink = np.zeros((29, 29), bool)
    ink[:, 0] = True  # a thick line's pale edge along the band's left side
    ink[12:16, 8:12] = ink[12:16, 15:19] = True  # two dots
    ink[0:2, 20:23] = True  # a short piece at the top: no line
    edge = nv._edge_line_pieces(ink)
    assert edge[:, 0].all() and not edge[:, 1:].any()
