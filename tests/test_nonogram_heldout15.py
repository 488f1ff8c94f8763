"""HELDOUT15 (tests/nonogram_heldout15.py, a blind answer family): its answers are deterministic, measure() draws
them through make_answer's hook, and an error-free page (before its page changes) differs from the input only where
a solved answer should: the solution cells dark, every other cell light, nothing drawn outside the clues and grid
but the graph paper's blue rules."""

from __future__ import annotations

import numpy as np
import pytest

import nonogram_answers as na
import nonogram_heldout15 as h15
from genpuzzle.registry import get_track


@pytest.fixture(scope="module")
def puzzle():
    return get_track("nonogram").generate(5000, "5x5")


def _grey(a: np.ndarray) -> np.ndarray:
    return a.astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32)


def test_twelve_new_styles_named_apart_from_earlier_families():
    names = [s.name for s in h15.HELDOUT15]
    assert len(h15.HELDOUT15) == 12 and len(set(names)) == 12
    earlier = {s.name for f in ["TUNE", "HELDOUT"] + [f"HELDOUT{i}" for i in range(2, 15)] for s in getattr(na, f)}
    assert not earlier & set(names)


@pytest.mark.parametrize("index", [1, 11])  # a redrawn-clue style and the input-clue style
def test_answers_are_deterministic_and_drawn_through_make_answer(puzzle, index):
    style = h15.HELDOUT15[index]
    for error in ("none", "clue_changed"):
        a = na.make_answer(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, error, seed=0)
        b = h15.make_answer15(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, error, seed=0)
        assert a.dtype == np.uint8 and a.ndim == 3 and np.array_equal(a, b)
    other = na.make_answer(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, "none", seed=1)
    assert other.shape != a.shape or not np.array_equal(other, a)


@pytest.mark.parametrize("style", h15.HELDOUT15, ids=lambda s: s.name)
def test_error_free_page_differs_from_the_input_only_where_it_should(puzzle, style):
    layout, truth = puzzle.layout, puzzle.ground_truth
    page, _ = h15.draw_page15(puzzle.input_image, layout, truth, style, "none", seed=0)
    inp = np.asarray(puzzle.input_image.convert("RGB"))
    assert page.shape == inp.shape
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
    # outside the clue strips and the grid (with its border lines) nothing changed, but graph paper's blue rules
    outside = np.ones(g.shape, bool)
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    rb, cb = layout["row_clue_bbox"], layout["col_clue_bbox"]
    pad = layout["cell_px"] // 4
    for x0, y0, x1, y1 in ((gx0 - pad, gy0 - pad, gx1 + pad, gy1 + pad), (0, rb[1] - pad, gx0, rb[3] + pad),
                           (cb[0] - pad, 0, cb[2] + pad, gy0)):
        outside[max(0, y0):y1, max(0, x0):x1] = False
    diff = np.abs(page.astype(int) - inp.astype(int)).max(axis=2) > 40
    changed = diff & outside
    if style.grid == "graph_paper":
        px = page[changed].astype(int)
        assert (px[:, 2] > px[:, 0] + 20).all()  # the rules are blue
    else:
        assert not changed.any(), int(changed.sum())
    if style.clue_font is None:  # the input's clues are kept as they are
        y0, y1 = rb[1] + 3, rb[3] - 3
        assert np.array_equal(page[y0:y1, : rb[2] - 2], inp[y0:y1, : rb[2] - 2])


def test_planted_missing_cell_is_left_light(puzzle):
    layout, truth = puzzle.layout, puzzle.ground_truth
    page, _ = h15.draw_page15(puzzle.input_image, layout, truth, h15.HELDOUT15[0], "missing", seed=0)
    g = _grey(page)
    light = []
    for r, line in enumerate(truth["solution"]):
        for c, v in enumerate(line):
            x0, y0, x1, y1 = na.cell_box(layout, r, c)
            w = x1 - x0
            if v and g[round(y0 + 0.3 * w):round(y1 - 0.3 * w), round(x0 + 0.3 * w):round(x1 - 0.3 * w)].mean() > 170:
                light.append((r, c))
    assert 1 <= len(light) <= 2
