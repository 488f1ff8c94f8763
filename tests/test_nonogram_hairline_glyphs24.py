"""Twenty-fourth session (issue 13, helper h24d, rubric 51): a letter or a digit typed in an empty cell of an
otherwise correct answer never passes, whether the 3 x 3 mean sees it or not.

- ``_hairline_ink`` (the empty-mark search): a grey (150) glyph with 1-px strokes at 15x15 read on the mean at a
  third of its darkness, under the faint level: the cell read blank, no mark to judge, ``correct`` 100. Such a
  hairline is now looked at as a stroke of 3 px (never sure ink) and fitted as drawn.
- ``_glyph_kind``: glyphs a few px high that the mean made a dot or an X passed as one: an "l" or an "I" (1 px wide
  at the page's resolution), a "c" (an open ring), a "K" or a "1" (strokes from a middle, no X there), an "o" (a
  cross on the mean enclosing paper).
- ``_sign_reads_as_text``: a recogniser that loads but fails on a call read "no text", and a letter in every empty
  cell passed as the page's sign; its cells are now in doubt.

Guards: people's marks for an empty cell -- an X, a slash, a dash, a ring, drawn with 1-px grey strokes (a pale
pencil) or black, in every empty cell -- stay ``correct`` 100, and so does a pale ruled-paper texture, a slanted
one, grain, or JPEG ringing on an error-free answer. Glyphs in Liberation Sans, FreeSans, Roboto, Open Sans, TeX Gyre
Termes; puzzles of seed 28124 (the rules were written on the glyph probe's 28101).
"""
from __future__ import annotations

import io
import os

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.renderers.nonogram import cell_box
from genpuzzle.verifiers import ocr

FONTS = {
    "libR": "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "libB": "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    "freeR": "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
    "robR": "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf",
    "osB": "/usr/share/fonts/truetype/open-sans/OpenSans-Bold.ttf",
    "ter": "/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyretermes-regular.otf",
}
SEED = 28124


def _passes(v) -> bool:
    return v.status == Status.CORRECT or v.score >= 100


def _correct(v) -> bool:
    return v.status == Status.CORRECT and v.score >= 100 and not v.needs_review


def _empty_cells(puzzle) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(puzzle.ground_truth["solution"]) for c, v in enumerate(row) if not v]


def _page(variant: str):
    puzzle = genpuzzle.generate("nonogram", SEED, variant)
    return puzzle, puzzle.reference_images[0].convert("RGB")


def _glyph_page(variant: str, text: str, font: str, frac: float, grey: int, at: int):
    assert os.path.exists(FONTS[font]), f"font {FONTS[font]} missing: tools/install.sh installs it"
    puzzle, page = _page(variant)
    cells = _empty_cells(puzzle)
    x0, y0, x1, y1 = cell_box(puzzle.layout, *cells[at % len(cells)])
    f = ImageFont.truetype(FONTS[font], max(8, int(frac * puzzle.layout["cell_px"])))
    ImageDraw.Draw(page).text(((x0 + x1) / 2, (y0 + y1) / 2), text, font=f, fill=(grey,) * 3, anchor="mm")
    return puzzle, np.asarray(page)


# (variant, glyph, face, size in cells, grey, which empty cell): each passed `correct` 100 on 3925efa
HAIRLINE_GLYPHS = [
    ("15x15", "l", "libR", 0.3, 150, 7),
    ("15x15", "K", "libR", 0.3, 150, 11),
    ("15x15", "4", "libR", 0.3, 150, 19),
    ("15x15", "o", "libR", 0.3, 150, 23),
    ("15x15", "e", "freeR", 0.3, 150, 31),
]
SMALL_GLYPHS = [
    ("15x15", "l", "robR", 0.3, 0, 5),
    ("15x15", "I", "libR", 0.3, 0, 13),
    ("15x15", "c", "libR", 0.3, 0, 17),
    ("15x15", "K", "osB", 0.3, 0, 29),
    ("15x15", "1", "libB", 0.45, 0, 41),
    ("15x15", "o", "robR", 0.3, 0, 43),
    ("5x5", "c", "ter", 0.45, 0, 3),
]


@pytest.mark.parametrize("variant, text, font, frac, grey, at", HAIRLINE_GLYPHS)
def test_a_grey_glyph_in_hairlines_is_seen_and_never_passes(variant, text, font, frac, grey, at):
    puzzle, page = _glyph_page(variant, text, font, frac, grey, at)
    v = genpuzzle.verify(puzzle, page)
    assert not _passes(v), (v.status, v.score, v.needs_review, v.codes)


@pytest.mark.parametrize("variant, text, font, frac, grey, at", SMALL_GLYPHS)
def test_a_small_glyph_the_mean_makes_a_dot_or_an_x_never_passes(variant, text, font, frac, grey, at):
    puzzle, page = _glyph_page(variant, text, font, frac, grey, at)
    v = genpuzzle.verify(puzzle, page)
    assert not _passes(v), (v.status, v.score, v.needs_review, v.codes)


def _letters_in_every_empty_cell(variant: str):
    puzzle, page = _page(variant)
    d = ImageDraw.Draw(page)
    f = ImageFont.truetype(FONTS["libR"], int(0.4 * puzzle.layout["cell_px"]))
    for cell in _empty_cells(puzzle):
        x0, y0, x1, y1 = cell_box(puzzle.layout, *cell)
        d.text(((x0 + x1) / 2, (y0 + y1) / 2), "s", font=f, fill=(0, 0, 0), anchor="mm")
    return puzzle, np.asarray(page)


@pytest.mark.skipif(not ocr.ocr_available(), reason="the OCR recogniser (the ocr extra) is not installed")
def test_a_recogniser_failing_on_a_call_reads_no_sign(monkeypatch):
    puzzle, page = _letters_in_every_empty_cell("10x10")
    assert not _passes(genpuzzle.verify(puzzle, page))  # read as text: stray marks, or in doubt

    def failing(images, *args, **kwargs):
        raise RuntimeError("inference failed")

    monkeypatch.setattr(ocr, "read_cells", failing)
    v = genpuzzle.verify(puzzle, page)
    assert not _passes(v) and v.needs_review, (v.status, v.score, v.needs_review, v.codes)


def _draw_mark(d, puzzle, kind: str, cell, ink, width) -> None:
    x0, y0, x1, y1 = cell_box(puzzle.layout, *cell)
    s = min(x1 - x0, y1 - y0)
    cx, cy, k = (x0 + x1) / 2, (y0 + y1) / 2, 0.22 * s
    w = width or max(2, round(s / 20))
    if kind == "X":
        d.line([(cx - k, cy - k), (cx + k, cy + k)], fill=ink, width=w)
        d.line([(cx - k, cy + k), (cx + k, cy - k)], fill=ink, width=w)
    elif kind == "slash":
        d.line([(cx - k, cy + k), (cx + k, cy - k)], fill=ink, width=w)
    elif kind == "dash":
        d.line([(cx - k, cy), (cx + k, cy)], fill=ink, width=w)
    elif kind == "ring":
        d.ellipse([cx - 0.15 * s, cy - 0.15 * s, cx + 0.15 * s, cy + 0.15 * s], outline=ink, width=width or 2)
    elif kind == "dot":
        d.ellipse([cx - 0.08 * s, cy - 0.08 * s, cx + 0.08 * s, cy + 0.08 * s], fill=ink)


@pytest.mark.parametrize("variant", ["5x5", "10x10", "15x15"])
@pytest.mark.parametrize("kind", ["X", "slash", "dash", "ring"])
@pytest.mark.parametrize("grey", [120, 150, 180])
def test_pale_hairline_marks_in_every_empty_cell_stay_correct(variant, kind, grey):
    puzzle, page = _page(variant)
    d = ImageDraw.Draw(page)
    for cell in _empty_cells(puzzle):
        _draw_mark(d, puzzle, kind, cell, (grey,) * 3, 1)
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert _correct(v), (v.status, v.score, v.needs_review, v.codes)


@pytest.mark.parametrize("variant", ["5x5", "15x15"])
@pytest.mark.parametrize("kind", ["X", "slash", "dash", "ring", "dot"])
def test_black_and_grey_marks_in_every_empty_cell_stay_correct(variant, kind):
    for ink in ((20, 20, 20), (150, 150, 150)):
        puzzle, page = _page(variant)
        d = ImageDraw.Draw(page)
        for cell in _empty_cells(puzzle):
            _draw_mark(d, puzzle, kind, cell, ink, None)
        v = genpuzzle.verify(puzzle, np.asarray(page))
        assert _correct(v), (ink, v.status, v.score, v.needs_review, v.codes)


@pytest.mark.parametrize("variant", ["10x10", "15x15"])
@pytest.mark.parametrize("texture", ["ruled 180", "ruled 200", "slanted 150", "slanted 180", "slanted 200",
                                     "jpeg 30", "jpeg 50", "grain"])
def test_a_pale_texture_on_an_error_free_answer_is_no_stray_mark(variant, texture):
    puzzle, page = _page(variant)
    kind, _, level = texture.partition(" ")
    if kind in ("ruled", "slanted"):
        g = int(level)
        d = ImageDraw.Draw(page)
        W, H = page.size
        for y in range(5, H, 9):  # hairlines 9 px apart, level or dropping 6 px across the page
            d.line([(0, y), (W, y + (6 if kind == "slanted" else 0))], fill=(g, g, min(255, g + 20)), width=1)
    elif kind == "jpeg":
        buf = io.BytesIO()
        page.save(buf, "JPEG", quality=int(level))
        page = Image.open(buf).convert("RGB")
    else:
        a = np.asarray(page).astype(float)
        noise = np.random.default_rng(1).normal(0, 25, a.shape[:2])[..., None]
        page = Image.fromarray(np.clip(a + noise, 0, 255).astype(np.uint8))
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert _correct(v), (v.status, v.score, v.needs_review, v.codes)
