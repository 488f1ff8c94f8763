"""The registration's lattice searches, made faster in the fifty-fourth session, compute the same values as the
formulas they replace, bit for bit (so every fit, quality and verdict stays as measured): the profile interpolation
(:func:`genpuzzle.registration._at`) is ``np.interp``'s, the block combs' scores of a period's gaps in one pass are each
gap's scores alone, and the thin-line map's two subtractions a pixel are its four. The old formulas are written out
here as the oracles."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from genpuzzle import registration as R


def _interp(P: np.ndarray, x: np.ndarray) -> np.ndarray:
    return np.interp(x, np.arange(len(P), dtype=np.float64), P, left=0.0, right=0.0)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 400), st.integers(0, 2**32 - 1), st.sampled_from(["any", "whole", "half"]))
def test_the_profile_interpolation_is_np_interps(n, seed, grid):
    rng = np.random.default_rng(seed)
    P = rng.random(n) ** 3 * rng.choice([1.0, 255.0])
    x = rng.uniform(-3.0, n + 3.0, size=(int(rng.integers(1, 50)), int(rng.integers(1, 30))))
    if grid != "any":  # positions on the samples and halfway: the interval's ends
        x = np.round(x * (1 if grid == "whole" else 2)) / (1 if grid == "whole" else 2)
    x.flat[0] = n - 1  # the last sample exactly
    assert R._at(P, x).tobytes() == _interp(P, x).tobytes()


def test_a_profile_or_position_that_is_not_finite_goes_through_np_interp():
    P = np.array([0.0, 1.0, np.inf, 2.0])
    x = np.array([0.5, 1.5, 2.5, np.nan, 3.0])
    assert np.array_equal(R._at(P, x), _interp(P, x), equal_nan=True)
    assert np.array_equal(R._at(np.ones(4), x), _interp(np.ones(4), x), equal_nan=True)


def _block_scores_alone(P, n, p, g, oo):
    """The block comb's scores of one gap, as the searches computed them before (one ``np.interp`` each)."""
    teeth, end, start = R._block_teeth(n, p, g)
    mids = 0.5 * (start[:-1] + end[1:])
    at = _interp(P, oo[:, None] + teeth[None])
    mid = _interp(P, oo[:, None] + mids[None])
    past = _interp(P, np.stack([oo - p, oo + teeth[-1] + p], 1))
    return 0.5 * at.mean(1) + 0.5 * np.median(at, 1) - mid.mean(1) - 0.5 * past.max(1)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([5, 10, 15, 20]))
def test_a_periods_gaps_scored_in_one_pass_score_as_each_alone(seed, n):
    rng = np.random.default_rng(seed)
    m = int(rng.integers(60, 700))
    P = rng.random(m) ** 3
    p = m / (n + 3) * rng.uniform(0.5, 1.0)
    nb = (n - 1) // R.BLOCK_CELLS
    runs = [(g, oo) for g in p * np.arange(R.BLOCK_GAPS[0], R.BLOCK_GAPS[1] + 1e-9, R.BLOCK_GAP_STEP)
            if len(oo := np.arange(-0.5, m - n * p - nb * g, 0.5))]
    for (g, oo), s in zip(runs, R._block_comb_scores(P, n, p, runs)):
        assert s.tobytes() == _block_scores_alone(P, n, p, g, oo).tobytes()


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([np.float32, np.float64]), st.booleans())
def test_the_thin_line_map_is_its_four_subtraction_formula(seed, dtype, ties):
    rng = np.random.default_rng(seed)
    h, w = (int(v) for v in rng.integers(8, 120, 2))
    grey = (rng.random((h, w)) * 255).astype(dtype)
    if ties:
        grey = np.round(grey / 16) * 16  # equal neighbours
    cell = float(rng.uniform(3, 40))
    for axis in (0, 1):
        band = (int(rng.integers(0, 4)), int(rng.integers(4, max(h, w))))
        G = grey[band[0]:band[1]] if axis == 0 else grey[:, band[0]:band[1]]
        thin = np.zeros_like(G)
        for d in sorted({max(1, round(R.LATTICE_THIN * cell)), R.LATTICE_THIN_PX}):
            Gp = np.pad(G, ((0, 0), (d, d)) if axis == 0 else ((d, d), (0, 0)), mode="edge")
            lo, hi = (Gp[:, :-2 * d], Gp[:, 2 * d:]) if axis == 0 else (Gp[:-2 * d], Gp[2 * d:])
            thin = np.maximum(thin, np.maximum(np.minimum(G - lo, G - hi), np.minimum(lo - G, hi - G)))
        want = np.clip(thin, 0.0, R.LATTICE_SATURATE)
        got = R._thin_map(grey, axis, cell, band)
        assert got.dtype == want.dtype and got.tobytes() == want.tobytes()
