"""HELDOUT16 (tests/nonogram_heldout16.py, a blind answer family): every style builds for every planted error, its
answers are deterministic and drawn through make_answer's hook, and an error-free page (before its page changes) has
the solution cells dark and every other cell light. No verdict figures: the family is measured, not tested against."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

import nonogram_answers as na
import nonogram_heldout15 as h15
import nonogram_heldout16 as h16
from genpuzzle.registry import get_track


@pytest.fixture(scope="module")
def puzzle():
    return get_track("nonogram").generate(5000, "5x5")


def _grey(a: np.ndarray) -> np.ndarray:
    return a.astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32)


def test_twelve_new_styles_named_apart_from_earlier_families():
    names = [s.name for s in h16.HELDOUT16]
    assert len(h16.HELDOUT16) == 12 and len(set(names)) == 12
    earlier = {s.name for f in ["TUNE", "HELDOUT"] + [f"HELDOUT{i}" for i in range(2, 15)] for s in getattr(na, f)}
    earlier |= {s.name for s in h15.HELDOUT15}
    assert not earlier & set(names)
    assert sum(s.clue_font is None for s in h16.HELDOUT16) == 1  # one style keeps the input's clues


@pytest.mark.parametrize("style", h16.HELDOUT16, ids=lambda s: s.name)
def test_every_style_builds_for_every_error_and_is_deterministic(puzzle, style):
    digests = set()
    for error in na.ERRORS:
        a = na.make_answer(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, error, seed=0)
        b = h16.make_answer16(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, error, seed=0)
        assert a.dtype == np.uint8 and a.ndim == 3 and a.shape[2] == 3 and min(a.shape[:2]) >= 400
        assert np.array_equal(a, b)
        digests.add(hashlib.sha256(a.tobytes()).hexdigest())
    assert len(digests) == len(na.ERRORS)  # every planted error changes the picture
    other = na.make_answer(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, "none", seed=1)
    first = na.make_answer(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, "none", seed=0)
    assert other.shape != first.shape or not np.array_equal(other, first)


@pytest.mark.parametrize("style", h16.HELDOUT16, ids=lambda s: s.name)
def test_error_free_page_has_the_solution_dark_and_the_rest_light(puzzle, style):
    layout, truth = puzzle.layout, puzzle.ground_truth
    page, _ = h16.draw_page16(puzzle.input_image, layout, truth, style, "none", seed=0)
    assert page.shape == np.asarray(puzzle.input_image.convert("RGB")).shape
    g = _grey(page)
    for r, line in enumerate(truth["solution"]):
        for c, v in enumerate(line):
            x0, y0, x1, y1 = na.cell_box(layout, r, c)
            w = x1 - x0
            inner = g[round(y0 + 0.15 * w):round(y1 - 0.15 * w), round(x0 + 0.15 * w):round(x1 - 0.15 * w)]
            if v:
                assert inner.mean() < 150, (r, c, inner.mean())
            else:
                assert inner.mean() > 170, (r, c, inner.mean())


def test_planted_light_cells_are_paler_than_fills_and_darker_than_empty_cells(puzzle):
    layout, truth = puzzle.layout, puzzle.ground_truth
    for style in h16.HELDOUT16:
        page, _ = h16.draw_page16(puzzle.input_image, layout, truth, style, "extra_light", seed=0)
        g = _grey(page)
        means = []
        for r, line in enumerate(truth["solution"]):
            for c, v in enumerate(line):
                x0, y0, x1, y1 = na.cell_box(layout, r, c)
                w = x1 - x0
                means.append((v, g[round(y0 + 0.2 * w):round(y1 - 0.2 * w), round(x0 + 0.2 * w):round(x1 - 0.2 * w)].mean()))
        empties = sorted(m for v, m in means if not v)
        fills = max(m for v, m in means if v)
        light = empties[:3]  # the three planted light cells are the darkest of the solution's empty cells
        assert all(fills < m < 232 for m in light), (style.name, fills, light)
        assert light[-1] < empties[3] - 4, (style.name, light, empties[3])
