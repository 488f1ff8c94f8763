"""Twenty-second session (issue 13's speed target, helper h22d): work whose result cannot change the verdict is skipped.

A cell read filled is asked whether it is an X at its own ink level (rubric 37, ``cells._x_at_own_level``) only when
bounds known without its percentile leave that possible (``cells._x_candidates``): a solid or textured fill, inked
over its side middles at half its darkest pixel's level, cannot be. Behaviour unchanged: full verdicts identical on
the kept HELDOUT19/20 answers and the benchmark's 20 answers (docs/nonogram.md). These tests check the bound on many
drawn patches (never a patch the X check would cross left out), that a clean page's fills are not asked, and that an X
drawn with overspray still is.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import genpuzzle
from genpuzzle.verifiers import cells as cells_mod
from genpuzzle.verifiers import nonogram as nv

P = cells_mod.PATCH
SIZES = [("5x5", 31), ("10x10", 32), ("15x15", 33)]


def _refuse(*_args, **_kwargs):
    raise AssertionError("work that cannot change the verdict was done")


def _patch(rng: np.random.Generator) -> np.ndarray:
    """A 16 x 16 darkness patch: an X (strokes 1-4 px, darkness 60-255) or a fill (solid, hatched, dotted), with or
    without specks of overspray at another level, and noise."""
    kind = rng.integers(0, 4)
    p = np.zeros((P, P), np.float64)
    level = float(rng.integers(60, 256))
    if kind <= 1:  # an X, its ends anywhere near the corners
        t = int(rng.integers(1, 5))
        a, b = rng.integers(0, 4, 2), rng.integers(12, 16, 2)
        img = np.zeros((P, P), np.uint8)
        cv2.line(img, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), 255, t)
        cv2.line(img, (int(b[0]), int(a[1])), (int(a[0]), int(b[1])), 255, t)
        p = img / 255.0 * level
    elif kind == 2:  # a solid fill, maybe short of a side
        y0, x0 = rng.integers(0, 5, 2)
        p[y0:P - rng.integers(0, 5), x0:P - rng.integers(0, 5)] = level
    else:  # a textured fill: hatching or dots
        yy, xx = np.mgrid[0:P, 0:P]
        period = int(rng.integers(2, 6))
        p = np.where(((xx + yy) % period == 0) | ((xx * rng.integers(0, 2)) % period == 0), level, 0.0)
    if rng.random() < 0.7:  # overspray: specks at another level
        specks = rng.random((P, P)) < rng.uniform(0.05, 0.8)
        p = np.maximum(p, specks * rng.uniform(40, 0.6 * level + 40))
    p = p + rng.normal(0, rng.uniform(0, 12), (P, P))
    return np.clip(np.round(p), 0, 255).astype(np.uint8)


@pytest.mark.parametrize("seed", range(4))
def test_x_candidates_never_leave_out_an_x(seed):
    """Every patch the X check reads as an X (or would, were it read filled) is a candidate."""
    rng = np.random.default_rng(2200 + seed)
    patches = np.stack([_patch(rng) for _ in range(3000)])
    feats = cells_mod._rows(cells_mod.patch_features(patches))
    may = cells_mod._x_candidates(patches, feats)
    crossed = 0
    for i, p in enumerate(patches):
        state, _ = cells_mod._x_at_own_level(p, cells_mod.FILLED, 1.0, {})
        if state != cells_mod.FILLED:
            crossed += 1
            assert may[i], i
    assert crossed >= 20  # the drawn X's do reach the check's reading
    assert may.sum() < 0.5 * len(patches)  # and most fills are left out


@pytest.mark.parametrize("variant,seed", SIZES)
def test_clean_fills_are_not_asked_for_an_x(variant, seed, monkeypatch):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = np.array(puzzle.reference_images[0].convert("RGB"))
    monkeypatch.setattr(cells_mod, "_x_at_own_level", _refuse)
    reading = nv.read_cells(page, puzzle.layout)
    assert reading.cells == puzzle.ground_truth["solution"]
