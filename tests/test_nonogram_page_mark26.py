"""Twenty-sixth session (issue 13, rubric 56): a mark in an empty cell is judged against the mark the page's other
empty cells hold (``verifiers/nonogram.py``: ``_page_mark_boxes``, ``_copies_of_page_mark``).

- *A copy of the page's mark is one of them.* A page of tiny pale Xs (1 px, a quarter of a cell) photographed (turned
  a degree, rescaled, JPEG) loses some of its Xs on the 3 x 3 mean: they were charged as lost ink (rubric 55), as
  hairline marks nearly fitted, or as a lone "small cross", and the error-free answer went to review. Each such mark
  whose ink and the page's median mark cover each other to PAGE_MARK_COVER (within a px) is that mark.
- *A mark let pass as one of the page's other marks must be one of them.* A bold "H", "N" or "M" the size of the
  page's Xs is a blob on the mean, fitted as a dot ("glyph dot" at the page's resolution), and a "glyph dot" was
  accepted on any page holding four Xs: the answer passed. Where the page repeats one mark (three quarters of the
  sampled marks copies of their median), such a mark that is no copy of it is in doubt (review).
- A letter the size of the page's tiny Xs is no copy: a "K" covers the page's X to 0.76-0.78 only.

The glyphs in DejaVu Sans Bold (the project's own font file); the photographed pages on fresh seeds, the letters
where this session's probe put them.
"""
from __future__ import annotations

import importlib.util
import os

import pytest
from PIL import ImageDraw, ImageFont

import genpuzzle
from genpuzzle.registry import get_track
from genpuzzle.records import Status

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOLD = os.path.join(REPO, "data/fonts/DejaVuSans-Bold.ttf")
PALE_BLUE = (150, 160, 200)


def _page_of_xs(seed: int, variant: str, size: float, colour: tuple[int, int, int], width: int,
                glyph: str | None = None, glyph_at: int = 0):
    """The puzzle and its reference with an X (``size`` of a cell across) in every empty cell; with ``glyph``, that
    glyph (the X's height) in the ``glyph_at``-th empty cell instead."""
    track = get_track("nonogram")
    p = track.generate(seed, variant)
    L = p.layout
    x0, y0 = L["grid_bbox"][:2]
    cp = L["cell_px"]
    empties = [(r, c) for r, row in enumerate(p.ground_truth["solution"]) for c, v in enumerate(row) if not v]
    img = p.reference_images[0].convert("RGB").copy()
    d = ImageDraw.Draw(img)
    h = size * cp / 2
    for i, (r, c) in enumerate(empties):
        cx, cy = x0 + (c + 0.5) * cp, y0 + (r + 0.5) * cp
        if glyph is not None and i == glyph_at % len(empties):
            font = ImageFont.truetype(BOLD, max(6, int(round(size * cp * 1.35))))
            d.text((cx, cy), glyph, font=font, fill=colour, anchor="mm")
            continue
        d.line([(cx - h, cy - h), (cx + h, cy + h)], fill=colour, width=width)
        d.line([(cx - h, cy + h), (cx + h, cy - h)], fill=colour, width=width)
    return p, img


_spec = importlib.util.spec_from_file_location("validity_checks", os.path.join(REPO, "tools", "validity_checks.py"))
_checks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_checks)
_photographed = _checks.photographed  # a margin of paper, turned, rescaled, JPEG 88 (the page-marks check's)


@pytest.mark.parametrize("seed,angle,scale", [(28601, 0.8, 0.9), (28601, -1.5, 1.1), (28602, 0.8, 1.1),
                                              (28603, -1.5, 0.9)])
def test_tiny_pale_xs_photographed_are_the_pages_marks(seed, angle, scale):
    p, img = _page_of_xs(seed, "15x15", 0.25, PALE_BLUE, 1)
    v = genpuzzle.verify(p, _photographed(img, angle, scale))
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, (v.extra or {}).get("unsure_cells"))


PROBE_SEED = 121  # this session's probe of letters among a page's Xs (seed 121: 43 of 360 pages passed)


@pytest.mark.parametrize("variant,size,colour,width,glyph,at", [
    ("10x10", 0.4, (20, 20, 20), 2, "H", 174),
    ("10x10", 0.4, (20, 20, 20), 2, "N", 181),
    ("10x10", 0.3, (110, 110, 110), 1, "M", 185),
    ("15x15", 0.3, (110, 110, 110), 1, "N", 178),
    ("15x15", 0.4, (20, 20, 20), 2, "H", 174),
    ("15x15", 0.25, PALE_BLUE, 1, "M", 182),
])
def test_a_letter_among_the_pages_xs_never_passes(variant, size, colour, width, glyph, at):
    p, img = _page_of_xs(PROBE_SEED, variant, size, colour, width, glyph, at)
    v = genpuzzle.verify(p, img)
    assert v.status != Status.CORRECT and v.score < 100, (v.status, v.score)


@pytest.mark.parametrize("variant,size,colour,width", [
    ("10x10", 0.4, (20, 20, 20), 2), ("10x10", 0.3, (110, 110, 110), 1), ("15x15", 0.25, PALE_BLUE, 1),
    ("15x15", 0.4, (20, 20, 20), 2),
])
def test_the_page_of_xs_alone_passes(variant, size, colour, width):
    # the guard of the letter test: the same page without the letter is correct
    p, img = _page_of_xs(PROBE_SEED, variant, size, colour, width)
    v = genpuzzle.verify(p, img)
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, (v.extra or {}).get("unsure_cells"))


@pytest.mark.parametrize("variant,size,colour,width,at", [("15x15", 0.3, (110, 110, 110), 1, 129),
                                                          ("15x15", 0.4, (20, 20, 20), 2, 132)])
def test_a_k_the_size_of_the_pages_xs_is_no_copy(variant, size, colour, width, at):
    # (an overlap of the marks both thickened, as the sign rules compare copies, took these for the page's Xs)
    p, img = _page_of_xs(PROBE_SEED, variant, size, colour, width, "K", at)
    v = genpuzzle.verify(p, img)
    assert v.status != Status.CORRECT and v.score < 100, (v.status, v.score)
