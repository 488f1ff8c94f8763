"""Twenty-first session (issue 13's speed target, helper h21g): work whose result cannot change the verdict is skipped.

An empty cell with no ink between its lines is not searched for a mark (no ruled-line search, no spill-margin search);
the page's stray-mark search stops when no ink lies where marks are looked for; the band beside the grid is not
compared with the input when it holds no ink; a clue strip's strict swaps and faint ink are counted only when they can
decide something. Behaviour unchanged: full verdicts identical on 396 kept HELDOUT15-19 answers and the benchmark's
20 answers (docs/nonogram.md). These tests check that the skipped work is skipped on a clean page and that marks are
still found where there is ink.
"""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.renderers.nonogram import cell_box
from genpuzzle.verifiers import nonogram as nv

SIZES = [("5x5", 21), ("10x10", 22), ("15x15", 23)]


def _refuse(*_args, **_kwargs):
    raise AssertionError("work that cannot change the verdict was done")


def _empty_cells(puzzle) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(puzzle.ground_truth["solution"]) for c, v in enumerate(row) if not v]


def _reference(puzzle) -> np.ndarray:
    return np.array(puzzle.reference_images[0].convert("RGB"))


def test_swapped_px_counts_the_strict_swaps():
    rng = np.random.default_rng(21)
    for _ in range(200):
        h, w = rng.integers(1, 40, 2)
        ref = rng.integers(0, 256, (h, w), dtype=np.uint8)
        got = rng.integers(0, 256, (h, w), dtype=np.uint8)
        expected = int(np.count_nonzero(((ref >= 160) & (got < 80)) | ((got >= 160) & (ref < 80))))
        assert nv._swapped_px(ref, got) == expected


@pytest.mark.parametrize("variant,seed", SIZES)
def test_clean_empty_cells_are_not_searched(variant, seed, monkeypatch):
    """A reference's empty cells hold no ink between their lines: no spill-margin search, no ruled-line search."""
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _reference(puzzle)
    monkeypatch.setattr(nv, "_spill_margin_marks", _refuse)
    monkeypatch.setattr(nv, "ruled_lines", _refuse)
    reading = nv.read_cells(page, puzzle.layout)
    assert reading.cells == puzzle.ground_truth["solution"]


@pytest.mark.parametrize("variant,seed", SIZES)
def test_a_clean_band_beside_the_grid_is_not_compared(variant, seed, monkeypatch):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _reference(puzzle)
    inp = np.array(puzzle.input_image.convert("RGB"))
    monkeypatch.setattr(nv, "_input_contrast", _refuse)
    assert nv.margin_marks(page, inp, puzzle.layout) == []


@pytest.mark.parametrize("variant,seed", SIZES)
def test_a_scribble_in_an_empty_cell_is_still_caught(variant, seed):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    r, c = _empty_cells(puzzle)[0]
    img = Image.fromarray(_reference(puzzle))
    x0, y0, x1, y1 = cell_box(puzzle.layout, r, c)
    s = min(x1 - x0, y1 - y0)
    cx, cy, h = (x0 + x1) / 2, (y0 + y1) / 2, 0.2 * s
    ImageDraw.Draw(img).line([(cx - h, cy - h), (cx + h, cy - 0.4 * h), (cx - h, cy + 0.2 * h), (cx + h, cy + h)],
                             fill=(40, 40, 40), width=max(2, round(s / 25)))
    v = genpuzzle.verify(puzzle, np.array(img))
    assert v.status != Status.CORRECT and v.score < 100, (v.status, v.score, v.codes)


@pytest.mark.parametrize("variant,seed", SIZES)
def test_a_scribble_beside_the_grid_is_still_seen(variant, seed):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    gx0, gy0, gx1, gy1 = puzzle.layout["grid_bbox"]
    cell = float(puzzle.layout["cell_px"])
    img = Image.fromarray(_reference(puzzle))
    x, y = (gx0 + gx1) / 2, gy1 + 0.15 * cell  # below the grid (in the band 0.1-0.5 cell out), the middle column
    ImageDraw.Draw(img).line([(x - 0.3 * cell, y), (x, y + 0.13 * cell), (x + 0.3 * cell, y)], fill=(30, 30, 30),
                             width=max(2, round(cell / 12)))
    inp = np.array(puzzle.input_image.convert("RGB"))
    assert nv.margin_marks(np.array(img), inp, puzzle.layout), "the scribble beside the grid was not seen"
