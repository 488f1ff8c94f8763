"""The AUDIT16 tangram family (tests/audit_tangram16.py) is deterministic, its error-free answers' pieces cover
the silhouette, and its uncovered-silhouette error does not."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

import audit_tangram16 as A
from genpuzzle.tracks.tangram import TangramTrack


@pytest.fixture(scope="module")
def puzzle():
    return TangramTrack().generate(7, "medium")


def _silhouette_showing(puzzle, image: np.ndarray) -> float:
    """Share of the silhouette's inside (2 px in from its edge) where the black silhouette ink shows."""
    mask = Image.new("L", (image.shape[1], image.shape[0]), 0)
    ImageDraw.Draw(mask).polygon([tuple(p) for p in puzzle.ground_truth["silhouette"]], fill=255)
    inside = np.asarray(mask) > 0
    inside &= np.roll(inside, 2, 0) & np.roll(inside, -2, 0) & np.roll(inside, 2, 1) & np.roll(inside, -2, 1)
    f = image.astype(int)
    ink = (f.max(axis=2) < 45) & (f.max(axis=2) - f.min(axis=2) < 20)
    return float((ink & inside).sum() / inside.sum())


def test_deterministic(puzzle):
    cases = A.cases([puzzle], 1616)
    assert len(cases) >= len(A.STYLES) + 1 + 5
    again = A.cases([puzzle], 1616)
    assert [(c[1], c[4].name, c[5]) for c in cases] == [(c[1], c[4].name, c[5]) for c in again]
    for (_, case, _, answer, style, seed) in cases[:: max(1, len(cases) // 3)]:
        one, two = A.paint(puzzle, None, answer, style, seed), A.paint(puzzle, None, answer, style, seed)
        assert one.tobytes() == two.tobytes(), (case, style.name)


def test_error_free_pieces_cover_the_silhouette(puzzle):
    cases = A.cases([puzzle], 1616)
    covered = [c for c in cases if c[2] == "correct" and not c[4].gap and not c[4].scale
               and c[4].piece != "pale_outline"]
    assert {c[4].name for c in covered} >= {"u_wood_grain", "u_bevel_3d", "u_soft_shadow_label"}
    for _, case, _, answer, style, seed in covered:
        assert _silhouette_showing(puzzle, A.paint_raw(puzzle, answer, style, seed)) < 0.005, (case, style.name)
    # the planted gap does show the silhouette (the measure can fail)
    gap = [c for c in cases if c[1] == "shrunk_cover"]
    assert gap
    for _, _, _, answer, _, seed in gap:
        assert _silhouette_showing(puzzle, A.paint_raw(puzzle, answer, A.STYLES[0], seed)) > 0.05
