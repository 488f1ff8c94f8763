"""The digit reader on display faces (extended, squared, stencilled, decorated digits, as a model redraws a
puzzle's numbers): the held-out faces it is measured on, and the squared and stretched training sources that
taught it such shapes (tools/digit_data.py ``square_glyph``, ``stretched``; the ``train-v6`` stream)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from heldout_sudoku_answers import _load

from genpuzzle.verifiers.digits import CONFIDENT, default_reader

dd = _load("digit_data")
tr = _load("train_digit_reader")

DISPLAY = dd.font_groups()["display_heldout"]
needs_display_faces = pytest.mark.skipif(len(DISPLAY) < len(dd.DISPLAY_HELDOUT),
                                         reason="fonts-aenigma is not installed (tools/install.sh installs it)")


def test_squared_glyphs_are_drawn_for_every_digit_and_letter_and_repeat_with_the_seed():
    for ch in dd.DIGITS + dd.SQUARE_LETTERS:
        a = dd.square_glyph(ch, np.random.default_rng(7))
        b = dd.square_glyph(ch, np.random.default_rng(7))
        assert np.array_equal(a, b)
        ink = a > 0.5
        assert ink.sum() > 200, ch
        if ch in dd.DIGITS:
            assert 0.1 < ink.any(axis=0).sum() / ink.any(axis=1).sum() < 2.6, ch  # narrow "1" .. twice as wide
    # none of the squared letters is a squared digit's shape in the table (no O, I, S, Z, B, G, D)
    assert not set(dd.SQUARE_LETTERS) & set("OISZBGDoisz")


def test_stretched_glyphs_are_extended_or_condensed():
    a = dd.font_glyph(str(dd.MPL_FONTS / "DejaVuSans.ttf"), "4")
    widths = [dd.stretched(a, np.random.default_rng(s)).shape[1] / a.shape[1] for s in range(40)]
    assert all(1.25 < w < 2.25 or 0.4 < w < 0.75 for w in widths)
    assert any(w > 1.25 for w in widths) and any(w < 0.75 for w in widths)


def test_squared_and_stretched_sources_are_training_data_only():
    rng = np.random.default_rng(0)
    for source in ("square", "wide"):
        assert tr.digit_glyph("train", source, 3, rng).max() > 0.5
        with pytest.raises(ValueError):
            tr.digit_glyph("heldout", source, 3, rng)
    with pytest.raises(ValueError):
        tr.digit_glyph("train", "display", 3, rng)


@needs_display_faces
def test_display_faces_are_held_out_from_training_and_from_the_nonogram_families():
    groups = dd.font_groups()
    trained = set(groups["printed_train"] + groups["hand_train"] + groups["hand_calib"]
                  + groups["printed_italic_train"])
    assert not any("aenigma" in Path(f).parts for f in trained)
    assert len(DISPLAY) == len(dd.DISPLAY_HELDOUT) == 53
    assert not [f for f in DISPLAY if dd._name_in(Path(f), dd.NONOGRAM_HELDOUT)]


@needs_display_faces
def test_display_face_digits_stay_within_the_shipped_models_bounds():
    """500 digits in the 53 held-out display faces (clean cells): a regression bound on the shipped model, not a target.
    The shipped ``train-v6`` model (fifty-first session) reads these 80.8 % right and 4.6 % surely wrong (78.4 % and
    3.8 % on the bench's 1,000 cells); the model before it 72.4 % and 6.2 % (docs/digits.md, "Display faces")."""
    cells, labels = tr.heldout_cells(5, "display", 500)
    got = default_reader().read(cells, allowed=range(10))
    right = np.array([r.symbol == lab for r, lab in zip(got, labels)])
    sure = np.array([r.confidence >= CONFIDENT for r in got])
    assert right.mean() >= 0.77
    assert (~right & sure).mean() <= 0.06


@needs_display_faces
def test_display_face_letters_are_seldom_a_sure_allowed_digit():
    # The shipped train-v6 model: 3.2 % of these 500 (3.1 % on the bench's 1,000), about a third of them a squared S, Z
    # or B, which a squared face draws like a 5, a 2 or an 8; the model before it 1.6 % (1.4 %). A bound, not a target.
    cells, _ = tr.heldout_cells(5, "display_other", 500)
    got = default_reader().read(cells, allowed=range(1, 10))
    assert np.mean([r.digit is not None and r.in_allowed and r.confident for r in got]) <= 0.04
