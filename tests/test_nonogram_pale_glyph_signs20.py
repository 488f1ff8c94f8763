"""Twentieth session (issue 13): a pale glyph in every empty cell is no sign for an empty cell.

The rule that reads a page's pale sign (``_repeated_sign_in_doubt``: HELDOUT18's grey triangles, "="s and "#"s) must
judge the sign's shape as the sure-mark rule does (``_sign_shaped``, at the pale sign's own ink level): a grey "?",
"7" or "K" in every empty cell stays in doubt or charged, never 100; a grey triangle or "#" stays the page's mark.
"""
from __future__ import annotations

import numpy as np
import pytest
from PIL import ImageDraw

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.renderers.nonogram import cell_box

from test_nonogram_glyph_gaps20 import BOLD, REGULAR, _empty_cells, _glyph, _passes

GREY = (150, 150, 150)


def _pale_sign_page(puzzle, text: str, font, frac: float) -> np.ndarray:
    page = puzzle.reference_images[0].convert("RGB")
    d = ImageDraw.Draw(page)
    for cell in _empty_cells(puzzle):
        _glyph(d, puzzle, text, font, frac, cell, ink=GREY)
    return np.asarray(page)


@pytest.mark.parametrize("variant,text,font,frac", [("10x10", "?", REGULAR, 0.4), ("10x10", "7", REGULAR, 0.4),
                                                    ("10x10", "R", REGULAR, 0.45), ("15x15", "?", BOLD, 0.45)])
def test_a_pale_glyph_in_every_empty_cell_is_no_empty_mark(variant, text, font, frac):
    puzzle = genpuzzle.generate("nonogram", 103, variant)
    v = genpuzzle.verify(puzzle, _pale_sign_page(puzzle, text, font, frac))
    assert not _passes(v), (v.status, v.score, v.codes)


def _pale_triangle(d: ImageDraw.ImageDraw, box) -> None:
    x0, y0, x1, y1 = box
    s = x1 - x0
    cx, cy, k = (x0 + x1) / 2, (y0 + y1) / 2, 0.18 * s
    pts = [(cx, cy - k), (cx + k * 0.95, cy + k * 0.7), (cx - k * 0.95, cy + k * 0.7)]
    d.line(pts + [pts[0]], fill=GREY, width=1)


@pytest.mark.parametrize("variant", ["10x10", "15x15"])
def test_a_pale_triangle_in_every_empty_cell_stays_the_pages_mark(variant):
    puzzle = genpuzzle.generate("nonogram", 103, variant)
    page = puzzle.reference_images[0].convert("RGB")
    d = ImageDraw.Draw(page)
    for r, c in _empty_cells(puzzle):
        _pale_triangle(d, cell_box(puzzle.layout, r, c))
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes)
