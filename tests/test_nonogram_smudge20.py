"""Twentieth session (helper h20h, issue 13): a finger smudge in an empty cell is light shading, never paper.

HELDOUT19 drew its planted pale cell (extra_light) in three styles as a fingertip's grey smudge: a soft blob about
grey 200 at its centre over half the cell. Its median tone (3-10) lies under the faint level, so the cell reader read
it blank and 11 such pages passed. ``cells._smudged_against_neighbours`` reads a blank cell whose middle is much
darker than the middles of the empty cells around it and than its own rim as unsure (review): a smudge is a darkening
confined to the cell, a shadow or a tinted paper spans many cells smoothly. The smudges here are drawn by this file
(a Gaussian blob, not HELDOUT19's drawing); a page with a soft shadow across many cells still passes.
"""

from __future__ import annotations

import numpy as np
import pytest

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.renderers.nonogram import cell_box
from genpuzzle.verifiers import cells as cells_mod

SIZES = [("5x5", 31), ("10x10", 32), ("15x15", 33)]


def _passes(v) -> bool:
    return v.status == Status.CORRECT or v.score >= 100


def _empty_cells(puzzle) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(puzzle.ground_truth["solution"]) for c, v in enumerate(row) if not v]


def _smudge(page: np.ndarray, box, centre_grey: float = 200.0, spread: float = 0.2) -> None:
    """A soft grey Gaussian blob centred in the cell ``box``: ``centre_grey`` at its centre, sigma ``spread`` cell."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    yy, xx = np.mgrid[0:page.shape[0], 0:page.shape[1]].astype(np.float32)
    a = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * (spread * s) ** 2)) * (1 - centre_grey / 255)
    page[:] = np.clip(page.astype(np.float32) * (1 - a[..., None]), 0, 255).astype(np.uint8)


def _solved(puzzle) -> np.ndarray:
    return np.array(puzzle.reference_images[0].convert("RGB"))


@pytest.mark.parametrize("variant,seed", SIZES)
def test_a_smudged_empty_cell_does_not_pass(variant, seed):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _solved(puzzle)
    empty = _empty_cells(puzzle)
    _smudge(page, cell_box(puzzle.layout, *empty[len(empty) // 2]))
    v = genpuzzle.verify(puzzle, page)
    assert not _passes(v), (v.status, v.score, v.codes)


@pytest.mark.parametrize("variant,seed", SIZES)
def test_the_smudged_cell_is_read_unsure(variant, seed):
    """Never blank. Twenty-first session (h21d, rubric 37): a smudge this plain (grey 200 at its centre) is pale shading
    and read filled (``pale_fill``); a fainter one stays unsure (tests/test_nonogram_pale_cells21.py)."""
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _solved(puzzle)
    r, c = _empty_cells(puzzle)[0]
    _smudge(page, cell_box(puzzle.layout, r, c))
    rows, cols = puzzle.layout["rows"], puzzle.layout["cols"]
    marks = cells_mod.read_marks(page, grid_bbox=puzzle.layout["grid_bbox"], rows=rows, cols=cols)
    i = r * cols + c
    assert marks.states[i] == cells_mod.UNSURE or (marks.states[i] == cells_mod.FILLED
                                                   and "pale_fill" in marks.evidence[i]), marks.evidence[i]
    others = [k for k, (rr, cc) in enumerate((a, b) for a in range(rows) for b in range(cols))
              if puzzle.ground_truth["solution"][rr][cc] == 0 and k != i]
    assert all(marks.states[k] == cells_mod.BLANK for k in others)


@pytest.mark.parametrize("variant,seed", SIZES)
def test_a_soft_shadow_over_many_cells_still_passes(variant, seed):
    """A smooth darkening spanning many cells (a hand's soft shadow, down to grey 200 at its middle) is the page's."""
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _solved(puzzle)
    gx0, gy0, gx1, gy1 = puzzle.layout["grid_bbox"]
    yy, xx = np.mgrid[0:page.shape[0], 0:page.shape[1]].astype(np.float32)
    sigma = 0.35 * (gx1 - gx0)
    a = np.exp(-((xx - (gx0 + gx1) / 2) ** 2 + (yy - (gy0 + gy1) / 2) ** 2) / (2 * sigma ** 2)) * (1 - 200 / 255)
    page = np.clip(page.astype(np.float32) * (1 - a[..., None]), 0, 255).astype(np.uint8)
    v = genpuzzle.verify(puzzle, page)
    assert v.status == Status.CORRECT and v.score == 100 and not v.needs_review, (v.status, v.score, v.codes)
