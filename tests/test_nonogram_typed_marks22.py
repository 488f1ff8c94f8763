"""Twenty-second session (issue 13, helper h22e, rubric 42): a letter or a digit in an empty cell is no mark for it.

- A ring the empty-mark fit accepts must be round, its stroke even (``_typed_shape``): a "c" or "C" (its opening takes
  ink off one side), a "0" and the "o"/"O" of a face drawn taller than wide or heavier at its sides are in doubt.
- A sign a page repeats in its empty cells that the OCR recogniser reads as letters, digits or text signs
  (``_sign_reads_as_text``: "s", "%", "e", "Z", "K", "4") is no sign for an empty cell.
- People's marks stay accepted: a round ring, a ring a little wide and not quite closed (a pencil o), a slash, a
  dash, an X, in one cell and in every empty cell; a triangle or a "#" repeated in every empty cell.

Glyphs are drawn in Liberation Sans, FreeSans, Roboto and Open Sans (the lead's glyph check draws DejaVu Sans).
"""
from __future__ import annotations

import math

import numpy as np
import pytest
from PIL import ImageDraw, ImageFont

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.renderers.nonogram import cell_box
from genpuzzle.verifiers import ocr

FONTS = {
    "libR": "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "libB": "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    "freeR": "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
    "freeB": "/usr/share/fonts/truetype/freefont/FreeSansBold.ttf",
    "robR": "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf",
    "robB": "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Bold.ttf",
    "osR": "/usr/share/fonts/truetype/open-sans/OpenSans-Regular.ttf",
    "osB": "/usr/share/fonts/truetype/open-sans/OpenSans-Bold.ttf",
}
SEED = 501


def _passes(v) -> bool:
    return v.status == Status.CORRECT or v.score >= 100


def _empty_cells(puzzle) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(puzzle.ground_truth["solution"]) for c, v in enumerate(row) if not v]


def _glyph(d, puzzle, text: str, font: str, frac: float, cell, ink=(0, 0, 0)) -> None:
    import os

    assert os.path.exists(FONTS[font]), f"font {FONTS[font]} missing: tools/install.sh installs it"
    x0, y0, x1, y1 = cell_box(puzzle.layout, *cell)
    f = ImageFont.truetype(FONTS[font], max(8, int(frac * puzzle.layout["cell_px"])))
    d.text(((x0 + x1) / 2, (y0 + y1) / 2), text, font=f, fill=ink, anchor="mm")


# (variant, glyph, font, size, grey, cell): each passed (correct 100) on a9e28cf, read as a ring or a stroke
# (an upright "l" or footless "1" is not in the list: the upright-stroke rule was withdrawn, see _typed_shape)
SINGLE = [("5x5", "o", "libB", 0.4, 0, (1, 3)), ("10x10", "O", "osB", 0.3, 0, (9, 7)),
          ("10x10", "c", "freeB", 0.55, 150, (9, 0)), ("15x15", "O", "libR", 0.55, 0, (12, 2)),
          ("15x15", "C", "libB", 0.4, 0, (0, 4))]


@pytest.mark.parametrize("variant,text,font,frac,grey,cell", SINGLE,
                         ids=[f"{v}-{t}-{f}-{s}-{g}" for v, t, f, s, g, _ in SINGLE])
def test_a_typed_ring_or_upright_stroke_in_an_empty_cell_does_not_pass(variant, text, font, frac, grey, cell):
    puzzle = genpuzzle.generate("nonogram", SEED, variant)
    assert cell in _empty_cells(puzzle)
    page = puzzle.reference_images[0].convert("RGB")
    _glyph(ImageDraw.Draw(page), puzzle, text, font, frac, cell, (grey,) * 3)
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert not _passes(v), (v.status, v.score, v.codes)


# (variant, glyph, font, size, grey): a glyph in every empty cell taken as the page's sign on a9e28cf
SIGNS = [("10x10", "s", "libR", 0.35, 0), ("10x10", "%", "libB", 0.35, 0), ("10x10", "Z", "robR", 0.35, 0)]


@pytest.mark.skipif(not ocr.ocr_available(), reason="the OCR recogniser is not installed")
@pytest.mark.parametrize("variant,text,font,frac,grey", SIGNS, ids=[f"{v}-{t}-{f}-{s}-{g}" for v, t, f, s, g in SIGNS])
def test_a_letter_repeated_in_every_empty_cell_is_no_sign(variant, text, font, frac, grey):
    puzzle = genpuzzle.generate("nonogram", 502, variant)
    page = puzzle.reference_images[0].convert("RGB")
    d = ImageDraw.Draw(page)
    for cell in _empty_cells(puzzle):
        _glyph(d, puzzle, text, font, frac, cell, (grey,) * 3)
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert not _passes(v), (v.status, v.score, v.codes)


def _mark(d, puzzle, kind: str, cell, rng) -> None:
    x0, y0, x1, y1 = cell_box(puzzle.layout, *cell)
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.03, 0.03) * s, (y0 + y1) / 2 + rng.uniform(-0.03, 0.03) * s
    lw = max(1, round(s / 25))
    if kind == "ring":  # a round ring
        k = 0.15 * s
        d.ellipse([cx - k, cy - k, cx + k, cy + k], outline=(20, 20, 20), width=max(1, round(s * 0.05)))
    elif kind == "pencil o":  # a ring a little wide, not quite closed
        rx, ry = 0.12 * s, 0.1 * s
        start = rng.uniform(0, 360)
        d.arc([cx - rx, cy - ry, cx + rx, cy + ry], start, start + 330, fill=(110, 110, 116), width=lw)
    elif kind == "slash":
        k = 0.25 * s
        d.line([(cx - k, cy + k), (cx + k, cy - k)], fill=(20, 20, 20), width=max(2, lw))
    elif kind == "dash":
        k = 0.2 * s
        d.line([(cx - k, cy), (cx + k, cy)], fill=(20, 20, 20), width=max(2, lw))
    elif kind == "X":
        k = 0.22 * s
        for sx in (-1, 1):
            d.line([(cx - k, cy - sx * k), (cx + k, cy + sx * k)], fill=(20, 20, 20), width=max(2, lw))
    elif kind == "triangle":
        k = 0.18 * s
        pts = [(cx, cy - k), (cx + k * 0.95, cy + k * 0.7), (cx - k * 0.95, cy + k * 0.7)]
        d.line(pts + [pts[0]], fill=(30, 30, 30), width=lw)
    elif kind == "#":
        _glyph(d, puzzle, "#", "libB", 0.4, cell)


MARKS = [(v, k) for v in ("5x5", "10x10", "15x15") for k in ("ring", "pencil o", "slash", "dash", "X")]


@pytest.mark.parametrize("variant,kind", MARKS, ids=[f"{v}-{k}" for v, k in MARKS])
def test_people_s_marks_for_empty_cells_stay_accepted(variant, kind):
    import random

    puzzle = genpuzzle.generate("nonogram", 503, variant)
    rng = random.Random(7)
    for cells in (_empty_cells(puzzle)[:1], _empty_cells(puzzle)):  # one cell, then every empty cell
        page = puzzle.reference_images[0].convert("RGB")
        d = ImageDraw.Draw(page)
        for cell in cells:
            _mark(d, puzzle, kind, cell, rng)
        v = genpuzzle.verify(puzzle, np.asarray(page))
        if len(cells) == 1 and kind == "pencil o":
            # (twenty-fourth session, rubric 51) a ring not quite closed alone on its page is the same drawing as a
            # "c" (it had passed as a dot, enclosing no paper): in doubt where its open side is seen, never a sure
            # stray mark; repeated in every empty cell it is the page's mark
            assert (v.status == Status.CORRECT and v.score == 100) or (v.needs_review and v.score < 100), (
                v.status, v.score, v.codes)
            continue
        if len(cells) == 1 and kind == "ring":
            # (twenty-third session, rubric 46) a ring alone on its page is the same drawing as an "o": in doubt,
            # review (tests/test_nonogram_lone_marks23.py); repeated in every empty cell it is the page's mark
            assert v.status != Status.CORRECT and v.score < 100 and v.needs_review, (v.status, v.score, v.codes)
            continue
        assert v.status == Status.CORRECT and v.score == 100, (len(cells), v.status, v.score, v.codes)


@pytest.mark.parametrize("variant,kind", [("10x10", "triangle"), ("15x15", "triangle"), ("10x10", "#")])
def test_a_sign_repeated_in_every_empty_cell_stays_the_page_s_mark(variant, kind):
    import random

    puzzle = genpuzzle.generate("nonogram", 503, variant)
    rng = random.Random(8)
    page = puzzle.reference_images[0].convert("RGB")
    d = ImageDraw.Draw(page)
    for cell in _empty_cells(puzzle):
        _mark(d, puzzle, kind, cell, rng)
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes)
