"""Twentieth session (helper h20d, issue 13): HELDOUT18's "textured fill" reviews -- the page's own sign for an empty
cell drawn pale or thin.

HELDOUT18's reviews on its textured-fill styles (zellige, leather, guilloche, seed beads, pinstripe, harlequin) were
not the fills (read filled everywhere; the last test here keeps two such fills filled): every unsure cell of an error-free page was an *empty* cell holding the solver's sign (a small
triangle, an "=", a "#") drawn in grey strokes 1-2 px wide. At 5x5 the sign is read (``_repeated_empty_sign``), but
at 10x10 and 15x15 the reader's 3 x 3 mean takes the thin grey strokes under a pen's darkness, each mark is in doubt
and the page went to review with 25-54 unsure cells. ``_repeated_sign_in_doubt`` reads the same sign from marks in
doubt when four or more cells hold it alike (each mark's ink from half its own darkest); a sign in three cells, one
mark unlike the others, pale shading in an empty cell, the sign drawn instead of a fill are still not passed.
"""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.renderers.nonogram import cell_box

SIZES = [("10x10", 21), ("10x10", 22), ("15x15", 23), ("15x15", 24)]
PALE = (115, 115, 115)  # grey strokes 2 px wide: under a pen's darkness after the reader's 3 x 3 mean


def _passes(v) -> bool:
    return v.status == Status.CORRECT or v.score >= 100


def _cells(puzzle, filled: bool) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(puzzle.ground_truth["solution"]) for c, v in enumerate(row)
            if bool(v) == filled]


def _page(puzzle, plan: dict, clear=()) -> np.ndarray:
    """The solved page with ``plan`` {(row, column): draw(d, box)} drawn; the cells in ``clear`` have their fill off."""
    page = np.array(puzzle.reference_images[0].convert("RGB"))
    for r, c in clear:
        x0, y0, x1, y1 = (int(round(v)) for v in cell_box(puzzle.layout, r, c))
        page[y0 + 3:y1 - 2, x0 + 3:x1 - 2] = 255
    img = Image.fromarray(page)
    d = ImageDraw.Draw(img)
    for (r, c), draw in plan.items():
        draw(d, tuple(int(round(v)) for v in cell_box(puzzle.layout, r, c)))
    return np.array(img)


def _triangle(d, box, ink=PALE):
    """An outlined triangle a third of the cell across, a 2 px grey line."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy, h = (x0 + x1) / 2, (y0 + y1) / 2, 0.17 * s
    d.polygon([(cx, cy - h), (cx + h, cy + 0.8 * h), (cx - h, cy + 0.8 * h)], outline=ink, width=2)


def _equals(d, box, ink=PALE):
    """An "=" a third of the cell wide, two 2 px grey bars."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy, h = (x0 + x1) / 2, (y0 + y1) / 2, 0.16 * s
    for k in (-0.3, 0.3):
        d.line([(cx - h, cy + k * h), (cx + h, cy + k * h)], fill=ink, width=2)


def _hash(d, box, ink=PALE):
    """A "#" in four 2 px grey strokes, a quarter of the cell across."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy, h = (x0 + x1) / 2, (y0 + y1) / 2, 0.13 * s
    for k in (-0.4, 0.4):
        d.line([(cx + k * h + 0.15 * h, cy - h), (cx + k * h - 0.15 * h, cy + h)], fill=ink, width=2)
        d.line([(cx - h, cy + k * h), (cx + h, cy + k * h)], fill=ink, width=2)


def _scribble(d, box, ink=PALE):
    """A zigzag scribble over a third of the cell, the sign's grey."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy, h = (x0 + x1) / 2, (y0 + y1) / 2, 0.17 * s
    d.line([(cx - h, cy - h), (cx + h, cy - 0.4 * h), (cx - h, cy + 0.2 * h), (cx + h, cy + h)], fill=ink, width=2)


def _pinstripe(d, box):
    """A textured fill: navy cloth with light pinstripes every 5 px."""
    x0, y0, x1, y1 = box
    d.rectangle([x0 + 2, y0 + 2, x1 - 2, y1 - 2], fill=(22, 30, 64))
    for x in range(x0 + 4, x1 - 2, 5):
        d.line([(x, y0 + 2), (x, y1 - 2)], fill=(200, 205, 225), width=1)


def _dot_matrix(d, box):
    """A textured fill: dark printer dots 3 px across every 4 px on the paper."""
    x0, y0, x1, y1 = box
    for y in range(y0 + 3, y1 - 3, 4):
        for x in range(x0 + 3, x1 - 3, 4):
            d.ellipse([x, y, x + 2, y + 2], fill=(16, 16, 18))


def _tick(d, box, ink=PALE):
    """A tick a third of the cell across, the sign's grey."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy, h = (x0 + x1) / 2, (y0 + y1) / 2, 0.17 * s
    d.line([(cx - h, cy), (cx - 0.3 * h, cy + 0.7 * h), (cx + h, cy - h)], fill=ink, width=2)


def _shade(d, box, ink=(200, 200, 200)):
    """The cell shaded light grey (grey 200): a light fill, not a mark for an empty cell."""
    x0, y0, x1, y1 = box
    d.rectangle([x0 + 4, y0 + 4, x1 - 4, y1 - 4], fill=ink)


@pytest.mark.parametrize("variant,seed", SIZES)
@pytest.mark.parametrize("sign", [_triangle, _equals, _hash])
def test_a_pale_sign_in_every_empty_cell_passes(variant, seed, sign):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _page(puzzle, {rc: sign for rc in _cells(puzzle, False)})
    v = genpuzzle.verify(puzzle, page)
    assert v.status == Status.CORRECT and v.score == 100 and not v.needs_review, (v.status, v.score, v.codes)


@pytest.mark.parametrize("variant,seed", SIZES)
def test_the_pale_sign_in_three_cells_does_not_pass(variant, seed):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _page(puzzle, {rc: _triangle for rc in _cells(puzzle, False)[:3]})
    assert not _passes(genpuzzle.verify(puzzle, page))


@pytest.mark.parametrize("variant,seed", SIZES)
@pytest.mark.parametrize("odd", [_scribble, _tick])
def test_one_pale_mark_unlike_the_sign_does_not_pass(variant, seed, odd):
    """Pale triangles in the empty cells and a pale scribble or tick in one of them: no pass. (A mark for an empty cell
    in its own right among them -- a "#" the fit reads as a small asterisk or X at 15x15 -- is no stray mark.)"""
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    empty = _cells(puzzle, False)
    plan = {rc: _triangle for rc in empty}
    plan[empty[len(empty) // 2]] = odd
    assert not _passes(genpuzzle.verify(puzzle, _page(puzzle, plan)))


@pytest.mark.parametrize("variant,seed", SIZES)
def test_the_pale_sign_in_a_solution_cell_is_caught(variant, seed):
    """The sign drawn instead of a fill: that cell reads empty, the answer is wrong."""
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    filled = _cells(puzzle, True)[:1]
    plan = {rc: _triangle for rc in _cells(puzzle, False) + filled}
    v = genpuzzle.verify(puzzle, _page(puzzle, plan, clear=filled))
    assert v.status == Status.INCORRECT and v.score < 100, (v.status, v.score, v.codes)


@pytest.mark.parametrize("variant,seed", SIZES)
def test_light_shading_among_pale_signs_does_not_pass(variant, seed):
    """Pale triangles in the empty cells but three of them shaded light grey instead: extra filled cells."""
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    empty = _cells(puzzle, False)
    plan = {rc: _triangle for rc in empty}
    for rc in empty[1:len(empty):max(1, len(empty) // 3)][:3]:
        plan[rc] = _shade
    assert not _passes(genpuzzle.verify(puzzle, _page(puzzle, plan)))


@pytest.mark.parametrize("variant,seed", SIZES[::2])
@pytest.mark.parametrize("fill", [_pinstripe, _dot_matrix])
def test_textured_fills_with_a_pale_sign_pass(variant, seed, fill):
    """Every solution cell redrawn in a textured fill, a pale triangle in every empty cell: correct 100."""
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    filled = _cells(puzzle, True)
    plan = {rc: _triangle for rc in _cells(puzzle, False)}
    plan.update({rc: fill for rc in filled})
    v = genpuzzle.verify(puzzle, _page(puzzle, plan, clear=filled))
    assert v.status == Status.CORRECT and v.score == 100 and not v.needs_review, (v.status, v.score, v.codes)
