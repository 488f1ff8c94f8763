"""Twenty-second session (issue 13's speed target, helper h22d): work whose result cannot change the verdict is skipped.

A cell read filled is asked whether it is an X at its own ink level (rubric 37, ``cells._x_at_own_level``) only when
bounds known without its percentile leave that possible (``cells._x_candidates``): a solid or textured fill, inked
over its side middles at half its darkest pixel's level, cannot be. The paper map's two shadow searches share one
half-resolution page (``cells._half``) and the soft one counts its regions' paper and size in one pass; an empty
cell with no ink between its lines makes no ink map, and its border band none beyond the frame's; ``evaluate``'s
processes keep freed memory for reuse (``parallel.keep_heap``). Behaviour unchanged: full verdicts identical on kept
HELDOUT19/20 answers and the benchmark's 20 answers (docs/nonogram.md). These tests check the X bound on many drawn
patches (never a patch the X check would cross left out), that a clean page's fills are not asked, the shared half
page and the one-pass counts against the old ones, and the heap setting.
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


# ------------------------------------------------------------------------------------------ the paper map


def _page(seed: int, variant: str = "10x10") -> tuple[np.ndarray, float]:
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    return np.array(puzzle.reference_images[0].convert("RGB")), float(puzzle.layout["cell_px"])


def _shaded(page: np.ndarray, soft: bool) -> np.ndarray:
    """The page under a hand's soft shadow (a blurred disc 30 % dark) or a phone's hard-edged one (a slanted edge)."""
    H, W = page.shape[:2]
    yy, xx = np.mgrid[0:H, 0:W]
    if soft:
        f = 1 - 0.3 * np.exp(-((xx - 0.6 * W) ** 2 + (yy - 0.5 * H) ** 2) / (2 * (0.25 * W) ** 2))
    else:
        f = np.where(0.8 * xx + 0.5 * yy > 0.55 * (0.8 * W + 0.5 * H), 0.7, 1.0)
    return np.clip(page * f[..., None], 0, 255).astype(np.uint8)


@pytest.mark.parametrize("seed", [34, 35])
def test_the_shadow_searches_share_one_half_resolution_page(seed, monkeypatch):
    """Without a hard shadow the page is halved once for both shadow searches; with one (its paper shaded back),
    the soft search halves the shaded page itself. The paper map is the same either way."""
    page, cell_px = _page(seed)
    for image, halves in ((page, 1), (_shaded(page, True), 1), (_shaded(page, False), 2)):
        grey = cells_mod._luma(image)
        calls = []
        real = cells_mod._half
        monkeypatch.setattr(cells_mod, "_half", lambda a: calls.append(1) or real(a))
        got = cells_mod.paper_map(grey, cell_px, image)
        monkeypatch.setattr(cells_mod, "_half", real)
        assert len(calls) == halves
        closed = cv2.morphologyEx(grey, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
        a, b = cells_mod.shadow_edges(closed, cell_px), cells_mod.shadow_edges(closed, cell_px, half=real(closed))
        assert (a is None and b is None) or np.array_equal(a, b)
        assert got.dtype == np.float32 and got.shape == grey.shape


@pytest.mark.parametrize("seed", [36, 37])
def test_soft_shadow_paper_counts_regions_as_before(seed):
    """The soft-shadow search's paper votes and region sizes, counted in one pass, give the shadow paper the two
    counts gave (the old counting, written out here)."""
    page, cell_px = _page(seed)
    image = _shaded(page, True)
    grey = cv2.morphologyEx(cells_mod._luma(image), cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    block = max(2, int(round(cell_px / 4)))
    H, W = grey.shape
    small = cv2.resize(grey, (max(3, W // block), max(3, H // block)), interpolation=cv2.INTER_AREA)
    closed = cv2.morphologyEx(small, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8)).astype(np.float32)
    estimate = np.full(closed.shape, float(np.percentile(closed, 90)), np.float32)
    got = cells_mod._soft_shadow_paper(grey, closed, estimate, cell_px, block)
    assert got is not None and got.any()
    # the old counts
    half = cells_mod._half(grey)
    lg = cv2.GaussianBlur(np.log(half.astype(np.float32) + 8.0), (0, 0), 1.0)
    gx = cv2.Sobel(lg, cv2.CV_32F, 1, 0, scale=1.0 / 16)
    gy = cv2.Sobel(lg, cv2.CV_32F, 0, 1, scale=1.0 / 16)
    soft = cv2.erode((cv2.magnitude(gx, gy) <= cells_mod.SOFT_SLOPE).astype(np.uint8), np.ones((3, 3), np.uint8))
    count, labels = cv2.connectedComponents(soft, connectivity=4)
    old = closed >= (1.0 - cells_mod.HOLE_DROP) * estimate
    old_half = cv2.resize(old.astype(np.uint8), (half.shape[1], half.shape[0]), interpolation=cv2.INTER_NEAREST) > 0
    votes = np.bincount(labels[old_half & (labels > 0)], minlength=count)
    sizes = np.bincount(labels.ravel(), minlength=count)
    both = np.bincount((labels * 2 + old_half).ravel(), minlength=2 * count)
    assert np.array_equal(both[0::2] + both[1::2], sizes)
    assert np.array_equal(both[1::2][1:], votes[1:]) and votes[0] == 0


def test_keep_heap_takes_on_glibc():
    """``evaluate``'s processes keep freed memory for reuse (glibc's mallopt); elsewhere nothing changes."""
    import platform

    from genpuzzle.parallel import keep_heap

    took = keep_heap()
    if platform.system() == "Linux" and platform.libc_ver()[0] == "glibc":
        assert took
    else:
        assert took in (True, False)
