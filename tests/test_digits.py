"""Digit reader as a measuring instrument: held-out fonts, blanks, colours, `allowed`, garbage."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from genpuzzle.verifiers.digits import DigitReader, DigitReading, default_reader, ink_mask

ROOT = Path(__file__).resolve().parents[1]


def _load_trainer():
    spec = importlib.util.spec_from_file_location("train_digit_reader", ROOT / "tools" / "train_digit_reader.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("train_digit_reader", mod)
    spec.loader.exec_module(mod)
    return mod


T = _load_trainer()


def _accuracy(cells, labels) -> float:
    got = [r.digit for r in default_reader().read(cells)]
    return float(np.mean([g == l for g, l in zip(got, labels)]))


@pytest.mark.parametrize("condition", T.CONDITIONS)
def test_heldout_printed_fonts_accuracy(condition):
    # Seed differs from the benchmark's and the trainer's report; fonts never seen in training.
    cells, labels = T.heldout_set(101, T.HELDOUT_PRINTED, condition, 20)
    assert _accuracy(cells, labels) >= 0.97


def test_heldout_handwriting_like_accuracy():
    cells, labels = T.heldout_set(102, T.HANDWRITING, "clean", 30)
    assert _accuracy(cells, labels) >= 0.95


def test_blanks_with_noise_jpeg_and_line_remnants_read_blank():
    blanks = T.blank_set(103, 150)
    readings = default_reader().read(blanks)
    assert sum(r.digit is None for r in readings) >= 148
    assert all(0.5 <= r.confidence <= 1 for r in readings if r.digit is None)


def _cell(digit: int, ink, bg, size=48, font=cv2.FONT_HERSHEY_DUPLEX, remnant=True) -> np.ndarray:
    img = np.zeros((size, size, 3), np.uint8)
    img[:] = bg
    cv2.putText(img, str(digit), (size // 4, size * 3 // 4), font, size / 36, ink, max(1, size // 16), cv2.LINE_AA)
    if remnant:
        img[:2, :] = (20, 20, 20)
        img[:, -3:] = (20, 20, 20)
    return img


@pytest.mark.parametrize("ink,bg", [((220, 30, 30), (255, 255, 255)), ((30, 60, 200), (250, 240, 200)),
                                    ((20, 140, 40), (225, 235, 250)), ((150, 150, 150), (255, 255, 255)),
                                    ((200, 40, 40), (255, 225, 225))])
def test_coloured_ink_on_tinted_background(ink, bg):
    cells = [_cell(d, ink, bg, font=cv2.FONT_HERSHEY_SCRIPT_SIMPLEX) for d in range(1, 10)]
    assert [r.digit for r in default_reader().read(cells)] == list(range(1, 10))


def test_ink_mask_sees_coloured_ink_not_tinted_background():
    cell = _cell(3, (30, 60, 200), (250, 240, 200), remnant=False)
    m = ink_mask(cell)
    drawn = np.any(cell != np.array((250, 240, 200), np.uint8), axis=2)
    assert m.dtype == bool and m.shape == cell.shape[:2]
    assert 0 < m.sum() <= drawn.sum()
    assert not m[:6, :6].any()


def test_allowed_restricts_classes():
    # 8 and 9 with allowed 1..4 must come back as 1..4 (or blank), never as the drawn digit.
    cells = [_cell(d, (0, 0, 0), (255, 255, 255)) for d in (8, 9, 3)]
    free = default_reader().read(cells)
    assert [r.digit for r in free] == [8, 9, 3]
    limited = default_reader().read(cells, allowed=[1, 2, 3, 4])
    assert all(r.digit in (None, 1, 2, 3, 4) for r in limited)
    assert limited[2].digit == 3
    assert limited[0].confidence < free[0].confidence


def test_reading_fields_and_ink_fraction():
    r = default_reader().read([_cell(5, (0, 0, 0), (255, 255, 255), remnant=False)])[0]
    assert isinstance(r, DigitReading) and r.digit == 5
    assert 0.02 < r.ink < 0.5 and 0.5 < r.confidence <= 1


GARBAGE = [np.zeros((0, 0), np.uint8), np.zeros((1, 1), np.uint8), np.zeros((40, 40), np.uint8),
           np.full((40, 40, 3), 255, np.uint8), np.zeros((3, 50, 3), np.uint8), np.zeros((10, 10, 4), np.uint8),
           np.random.default_rng(0).integers(0, 256, (40, 40, 3), dtype=np.uint8),
           np.random.default_rng(1).random((30, 30)), np.full((20, 20), np.nan)]


def _assert_sane(readings, n):
    assert len(readings) == n
    for r in readings:
        assert r.digit is None or 0 <= r.digit <= 9
        assert 0.0 <= r.confidence <= 1.0 and 0.0 <= r.ink <= 1.0


def test_garbage_never_crashes():
    _assert_sane(default_reader().read(GARBAGE), len(GARBAGE))
    assert default_reader().read([]) == []


@settings(max_examples=25, deadline=None)
@given(h=st.integers(1, 80), w=st.integers(1, 80), rgb=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_random_noise_any_shape(h, w, rgb, seed):
    a = np.random.default_rng(seed).integers(0, 256, (h, w, 3) if rgb else (h, w), dtype=np.uint8)
    _assert_sane(default_reader().read([a], allowed=[1, 2]), 1)
    assert ink_mask(a).shape == (h, w)


def test_missing_or_corrupt_model_names_the_file(tmp_path):
    with pytest.raises(FileNotFoundError, match="nope.npz"):
        DigitReader.load(tmp_path / "nope.npz")
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip")
    with pytest.raises(RuntimeError, match="bad.npz"):
        DigitReader.load(bad)
