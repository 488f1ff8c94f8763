"""Twenty-third session (issue 13, helper h23d, rubric 46): a mark a glyph can be drawn as is the page's mark for an
empty cell only when the page repeats it, and the text checks that cannot run leave their cells in doubt.

- ``_lone_glyph_marks``: an accepted ring, an upright stroke, a dot that is no solid dot at the page's resolution and
  a cross not the same turned half round are, in fewer than REPEATED_SIGN_CELLS cells of their page, in doubt
  (review): a round "o" or "O", an "l", an "I" or a footless "1", a "K" and a small "e" alone on a page (blank
  empty cells, or Xs) passed `correct` 100. Repeated, they are the page's mark (rings, run dashes, Xs, dots).
- ``_text_reader_ready``: without the OCR recogniser (or when it fails to load) a page's repeated sign and its
  glyph-like dots are unread, in doubt, never a pass.

Glyphs in Liberation Sans, FreeSans, Open Sans, TeX Gyre Termes (the lead's glyph check draws DejaVu Sans); marks
drawn with PIL lines and ellipses. Puzzles of seed 28111 (the rules were written on 28101's).
"""
from __future__ import annotations

import os
import random

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
    "osB": "/usr/share/fonts/truetype/open-sans/OpenSans-Bold.ttf",
    "ter": "/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyretermes-regular.otf",
}
SEED = 28111


def _passes(v) -> bool:
    return v.status == Status.CORRECT or v.score >= 100


def _empty_cells(puzzle) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(puzzle.ground_truth["solution"]) for c, v in enumerate(row) if not v]


def _glyph(d, puzzle, text: str, font: str, frac: float, cell) -> None:
    assert os.path.exists(FONTS[font]), f"font {FONTS[font]} missing: tools/install.sh installs it"
    x0, y0, x1, y1 = cell_box(puzzle.layout, *cell)
    f = ImageFont.truetype(FONTS[font], max(8, int(frac * puzzle.layout["cell_px"])))
    d.text(((x0 + x1) / 2, (y0 + y1) / 2), text, font=f, fill=(0, 0, 0), anchor="mm")


def _mark(d, puzzle, kind: str, cell, rng) -> None:
    x0, y0, x1, y1 = cell_box(puzzle.layout, *cell)
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + rng.uniform(-0.03, 0.03) * s, (y0 + y1) / 2 + rng.uniform(-0.03, 0.03) * s
    lw, ink = max(2, round(s / 20)), (20, 20, 20)
    if kind == "ring":
        k = 0.15 * s
        d.ellipse([cx - k, cy - k, cx + k, cy + k], outline=ink, width=max(1, round(s * 0.05)))
    elif kind == "X":
        k = 0.22 * s
        for sx in (-1, 1):
            d.line([(cx - k, cy - sx * k), (cx + k, cy + sx * k)], fill=ink, width=lw)
    elif kind == "upright dash":
        k = 0.2 * s
        d.line([(cx, cy - k), (cx, cy + k)], fill=ink, width=lw)
    elif kind == "dot":
        k = 0.08 * s
        d.ellipse([cx - k, cy - k, cx + k, cy + k], fill=ink)
    elif kind == "triangle":
        k = 0.18 * s
        pts = [(cx, cy - k), (cx + k * 0.95, cy + k * 0.7), (cx - k * 0.95, cy + k * 0.7)]
        d.line(pts + [pts[0]], fill=(30, 30, 30), width=max(1, round(s / 25)))


def _in_review(v) -> bool:
    """Not a pass, and in doubt (review), not a confident stray mark: a person cannot tell the glyph from the mark."""
    return not _passes(v) and v.needs_review


# (variant, glyph, font, size, cell index among the empty cells): each passed (correct 100) on 5830a1f, read as a ring,
# an upright stroke, a cross or a dot
LONE = [("5x5", "O", "libR", 0.3, 2), ("10x10", "o", "osB", 0.45, 5), ("10x10", "l", "libB", 0.45, 7),
        ("15x15", "1", "freeR", 0.45, 11), ("15x15", "K", "libB", 0.45, 20), ("10x10", "K", "libR", 0.3, 30)]


@pytest.mark.parametrize("variant,text,font,frac,at", LONE, ids=[f"{v}-{t}-{f}-{s}" for v, t, f, s, _ in LONE])
def test_a_glyph_drawn_as_a_mark_alone_on_its_page_is_in_doubt(variant, text, font, frac, at):
    puzzle = genpuzzle.generate("nonogram", SEED, variant)
    page = puzzle.reference_images[0].convert("RGB")
    _glyph(ImageDraw.Draw(page), puzzle, text, font, frac, _empty_cells(puzzle)[at])
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert _in_review(v), (v.status, v.score, v.needs_review, v.codes)


@pytest.mark.parametrize("variant", ["15x15"])
def test_a_single_o_among_xs_is_in_doubt(variant):
    puzzle = genpuzzle.generate("nonogram", SEED, variant)
    rng = random.Random(3)
    page = puzzle.reference_images[0].convert("RGB")
    d = ImageDraw.Draw(page)
    empties = _empty_cells(puzzle)
    for cell in empties[1:]:
        _mark(d, puzzle, "X", cell, rng)
    _glyph(d, puzzle, "O", "libB", 0.45, empties[0])
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert _in_review(v), (v.status, v.score, v.needs_review, v.codes)


def test_a_single_drawn_ring_is_in_doubt_too():
    """A round ring alone on its page is the same drawing as an "o": review (rubric 42's guard passed it)."""
    puzzle = genpuzzle.generate("nonogram", SEED, "10x10")
    page = puzzle.reference_images[0].convert("RGB")
    _mark(ImageDraw.Draw(page), puzzle, "ring", _empty_cells(puzzle)[4], random.Random(1))
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert _in_review(v), (v.status, v.score, v.needs_review, v.codes)


GUARDS = [(v, k) for v in ("5x5", "10x10", "15x15") for k in ("ring", "upright dash", "X", "dot")]


@pytest.mark.parametrize("variant,kind", GUARDS, ids=[f"{v}-{k}" for v, k in GUARDS])
def test_a_mark_the_page_repeats_in_its_empty_cells_stays_accepted(variant, kind):
    puzzle = genpuzzle.generate("nonogram", SEED, variant)
    rng = random.Random(5)
    page = puzzle.reference_images[0].convert("RGB")
    d = ImageDraw.Draw(page)
    for cell in _empty_cells(puzzle):
        _mark(d, puzzle, kind, cell, rng)
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes)


def _triangles(variant: str):
    puzzle = genpuzzle.generate("nonogram", SEED, variant)
    rng = random.Random(9)
    page = puzzle.reference_images[0].convert("RGB")
    d = ImageDraw.Draw(page)
    for cell in _empty_cells(puzzle):
        _mark(d, puzzle, "triangle", cell, rng)
    return puzzle, np.asarray(page)


@pytest.mark.skipif(not ocr.ocr_available(), reason="the OCR recogniser is not installed")
def test_a_repeated_sign_read_by_the_recogniser_is_accepted():
    puzzle, page = _triangles("10x10")
    v = genpuzzle.verify(puzzle, page)
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes)


def test_without_the_recogniser_a_repeated_sign_is_unread_and_in_doubt(monkeypatch):
    puzzle, page = _triangles("10x10")
    monkeypatch.setattr(ocr, "ocr_available", lambda: False)
    v = genpuzzle.verify(puzzle, page)
    assert _in_review(v), (v.status, v.score, v.needs_review, v.codes)


@pytest.mark.skipif(not ocr.ocr_available(), reason="the OCR recogniser is not installed")
def test_a_recogniser_that_fails_to_load_reads_no_sign(monkeypatch):
    puzzle, page = _triangles("10x10")

    def broken():
        raise RuntimeError("model file missing")

    monkeypatch.setattr(ocr, "_engine", broken)
    v = genpuzzle.verify(puzzle, page)
    assert _in_review(v), (v.status, v.score, v.needs_review, v.codes)
