"""Nineteenth session (helper h19f): the page's own sign for an empty cell (HELDOUT18's confident false fails).

HELDOUT18's six error-free 5x5 answers scored ``incorrect`` 99 for a sure ``stray_mark`` (w_cmu_zellige_binder 5x5
puzzles 0 and 1, w_elstob_guilloche_letterhead 5x5/0, w_okolaks_beads_fridge 5x5/0 and 5x5/1,
w_irianis_harlequin_journal 5x5/1). The marks charged were not the pages' decoration (binder rings, a magnet, a
letterhead, a journal header: outside the grid, never charged) but the solver's sign in every empty cell, a small
triangle or a "#", which no empty-cell shape explains. A sign the page repeats, alike and centred, in four or more
cells read empty is read as the page's mark for an empty cell (verifiers/nonogram.py ``_repeated_empty_sign``); a
mark in fewer cells, or one mark unlike the others, stays a stray mark.
"""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.renderers.nonogram import cell_box

SIZES = [("5x5", 11), ("5x5", 12), ("5x5", 13)]


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


def _triangle(d, box, ink=(90, 90, 90)):
    """An outlined triangle a third of the cell across at its centre (HELDOUT18's w_cmu / w_okolaks sign)."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy, h = (x0 + x1) / 2, (y0 + y1) / 2, 0.16 * s
    d.polygon([(cx, cy - h), (cx + h, cy + 0.8 * h), (cx - h, cy + 0.8 * h)], outline=ink, width=max(2, round(s / 30)))


def _hash(d, box, ink=(100, 100, 110)):
    """A "#" drawn in four strokes, a third of the cell across (HELDOUT18's w_elstob / w_irianis sign)."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy, h, w = (x0 + x1) / 2, (y0 + y1) / 2, 0.15 * s, max(2, round(s / 28))
    for k in (-0.4, 0.4):
        d.line([(cx + k * h + 0.15 * h, cy - h), (cx + k * h - 0.15 * h, cy + h)], fill=ink, width=w)
        d.line([(cx - h, cy + k * h), (cx + h, cy + k * h)], fill=ink, width=w)


def _scribble(d, box, ink=(60, 60, 60)):
    """A zigzag scribble over a third of the cell."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy, h = (x0 + x1) / 2, (y0 + y1) / 2, 0.17 * s
    d.line([(cx - h, cy - h), (cx + h, cy - 0.4 * h), (cx - h, cy + 0.2 * h), (cx + h, cy + h)], fill=ink,
           width=max(2, round(s / 30)))


@pytest.mark.parametrize("variant,seed", SIZES)
@pytest.mark.parametrize("sign", [_triangle, _hash])
def test_a_sign_in_every_empty_cell_passes(variant, seed, sign):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _page(puzzle, {rc: sign for rc in _cells(puzzle, False)})
    v = genpuzzle.verify(puzzle, page)
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes)


@pytest.mark.parametrize("variant,seed", SIZES)
def test_the_same_sign_in_three_cells_stays_a_stray_mark(variant, seed):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _page(puzzle, {rc: _triangle for rc in _cells(puzzle, False)[:3]})
    v = genpuzzle.verify(puzzle, page)
    assert not _passes(v), (v.status, v.score, v.codes)


@pytest.mark.parametrize("variant,seed", SIZES)
@pytest.mark.parametrize("odd", [_scribble, _hash])
def test_one_mark_unlike_the_sign_is_caught(variant, seed, odd):
    """Triangles in the empty cells and a scribble (or another sign) in one of them: no pass."""
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    empty = _cells(puzzle, False)
    plan = {rc: _triangle for rc in empty}
    plan[empty[len(empty) // 2]] = odd
    v = genpuzzle.verify(puzzle, _page(puzzle, plan))
    assert not _passes(v), (v.status, v.score, v.codes)


@pytest.mark.parametrize("variant,seed", SIZES)
def test_the_sign_in_a_solution_cell_is_caught(variant, seed):
    """The sign drawn instead of a fill: that cell reads empty, the answer is wrong."""
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    filled = _cells(puzzle, True)[:1]
    plan = {rc: _triangle for rc in _cells(puzzle, False) + filled}
    v = genpuzzle.verify(puzzle, _page(puzzle, plan, clear=filled))
    assert v.status == Status.INCORRECT and v.score < 100, (v.status, v.score, v.codes)

