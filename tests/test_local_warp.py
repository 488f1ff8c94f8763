"""Local (non-affine) corrections: offsets measured on a grid, interpolated, and used by registration."""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np

from genpuzzle import perturb
from genpuzzle.local_warp import dense_offsets, local_offsets
from genpuzzle.registration import register

sys.path.insert(0, str(Path(__file__).parent))
from test_registration import SCENES  # noqa: E402


def _lines(size: int = 384, seed: int = 0) -> np.ndarray:
    """An edge-like float32 map: random line work, as after registration's ink/edge steps."""
    rng = np.random.default_rng(seed)
    img = np.zeros((size, size), np.uint8)
    for _ in range(60):
        x0, y0, x1, y1 = (int(v) for v in rng.integers(0, size, 4))
        cv2.line(img, (x0, y0), (x1, y1), 255, 2)
    return cv2.GaussianBlur(img.astype(np.float32) / 255, (0, 0), 1.0)


def test_offsets_recover_a_known_shift_everywhere():
    target = _lines()
    moved = np.roll(target, (3, -2), axis=(0, 1))  # the answer's structure sits at p + (-2, +3)
    offsets = local_offsets(target, moved, max_shift=6)
    assert offsets is not None
    inner = offsets[1:-1, 1:-1].reshape(-1, 2)  # border patches see the wrapped edge of np.roll
    assert np.abs(inner - [-2, 3]).max() < 0.35


def test_offsets_beyond_the_search_window_are_not_guessed():
    target = _lines()
    far = np.roll(target, 12, axis=1)
    assert local_offsets(target, far, max_shift=6) is None  # every patch peaks at the window's edge


def test_dense_field_passes_through_the_control_points_and_stays_in_range():
    offsets = np.zeros((10, 10, 2), np.float32)
    offsets[:, :, 0] = np.linspace(-3, 3, 10)[None, :]
    dx, dy = dense_offsets(offsets, 700, 700, 384 / 700)
    assert dx.shape == (700, 700) and np.abs(dy).max() == 0
    scale = 384 / 700
    assert abs(dx[350, 0] - (-3 / scale)) < 0.05 and abs(dx[350, -1] - 3 / scale) < 0.05
    assert np.all(np.diff(dx[350]) >= -1e-4)  # a monotone field stays monotone


def test_bent_answers_are_registered_to_within_a_pixel():
    for name, make in SCENES.items():
        scene = make(seed=3)
        bent = perturb.retint(perturb.warp(scene.solved, 4.0, 11))
        reg = register(bent, scene.target, edit_mask=scene.edit_mask)
        assert reg.ok and reg.method.endswith("+local"), (name, reg.method, reg.reason)
        dark_solved = scene.solved.max(axis=2) < 100
        dark_reg = cv2.dilate((reg.image.max(axis=2) < 100).astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
        recall = (dark_solved & dark_reg).sum() / dark_solved.sum()
        assert recall >= 0.97, (name, recall)


def test_a_lone_straight_line_does_not_slide_along_itself():
    """A patch holding one straight line matches anywhere along it: such a patch gives no offset (a
    math_proof page was bent 16 px along a triangle's side). Identical line work, strokes of uneven ink."""
    import cv2

    from genpuzzle.local_warp import local_offsets

    img = np.zeros((384, 384), np.float32)
    cv2.line(img, (0, 40), (384, 300), 1.0, 2)
    cv2.line(img, (60, 384), (300, 0), 1.0, 2)
    uneven = img * np.random.default_rng(0).uniform(0.6, 1.0, img.shape).astype(np.float32)
    offsets = local_offsets(cv2.GaussianBlur(img, (0, 0), 1.0), cv2.GaussianBlur(uneven, (0, 0), 1.0), 6)
    assert offsets is None or float(np.abs(offsets).max()) < 1.0


def test_the_same_answer_registers_to_the_same_pixels_every_time():
    """IPP's float32 blur gave results a last bit apart on the same input in consecutive calls, and the bent
    answers then came out a pixel value apart from one registration to the next (sudoku, maze here)."""
    import hashlib

    ipp_before = cv2.ipp.useIPP()
    for name, make in SCENES.items():
        scene = make(seed=3)
        bent = perturb.retint(perturb.warp(scene.solved, 4.0, 11))
        seen = set()
        for _ in range(4):
            reg = register(bent, scene.target, edit_mask=scene.edit_mask)
            seen.add((reg.method, hashlib.sha256(reg.image.tobytes()).hexdigest()))
        assert len(seen) == 1, (name, seen)
    assert cv2.ipp.useIPP() == ipp_before  # the caller's setting is restored
