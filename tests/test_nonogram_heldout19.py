"""HELDOUT19 (tests/nonogram_heldout19.py, a blind answer family, twentieth session): every style builds for every
planted error, its answers are deterministic and drawn through make_answer's hook, and an error-free page (before its
page changes) has the solution cells marked and every other cell not. No verdict figures: the family is measured, not
tested against."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import numpy as np
import pytest

import nonogram_answers as na
import nonogram_heldout15 as h15
import nonogram_heldout16 as h16
import nonogram_heldout17 as h17
import nonogram_heldout18 as h18
import nonogram_heldout19 as h19
from genpuzzle.registry import get_track


EARLIER_BLIND = h15.HELDOUT15 + h16.HELDOUT16 + h17.HELDOUT17 + h18.HELDOUT18


@pytest.fixture(scope="module")
def puzzle():
    return get_track("nonogram").generate(5000, "5x5")


def _grey(a: np.ndarray) -> np.ndarray:
    return a.astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32)


def _cell_means(page: np.ndarray, geo: dict, truth: dict, inset: float = 0.18) -> list[tuple[int, int, int, float]]:
    g = _grey(page)
    out = []
    for r, line in enumerate(truth["solution"]):
        for c, v in enumerate(line):
            x0, y0, x1, y1 = h19._box(geo, r, c)
            s = inset * min(x1 - x0, y1 - y0)
            out.append((r, c, v, float(g[round(y0 + s):round(y1 - s), round(x0 + s):round(x1 - s)].mean())))
    return out


def test_twelve_new_styles_named_apart_from_earlier_families():
    names = [s.name for s in h19.HELDOUT19]
    assert len(h19.HELDOUT19) == 12 and len(set(names)) == 12
    earlier = {s.name for f in ["TUNE", "HELDOUT"] + [f"HELDOUT{i}" for i in range(2, 15)] for s in getattr(na, f)}
    earlier |= {s.name for s in EARLIER_BLIND}
    assert not earlier & set(names)
    earlier_fonts = {s.clue_font for f in ["TUNE", "HELDOUT"] + [f"HELDOUT{i}" for i in range(2, 15)]
                     for s in getattr(na, f)} | {s.clue_font for s in EARLIER_BLIND}
    fonts = [s.clue_font for s in h19.HELDOUT19]
    assert sum(f is None for f in fonts) == 1  # one style keeps the input's clues
    assert not (set(fonts) - {None}) & earlier_fonts
    assert len({s.fill for s in h19.HELDOUT19}) == 12
    earlier_fills = {s.fill for f in ["TUNE", "HELDOUT"] + [f"HELDOUT{i}" for i in range(2, 15)]
                     for s in getattr(na, f)}
    earlier_fills |= {s.fill for s in EARLIER_BLIND}
    assert not earlier_fills & {s.fill for s in h19.HELDOUT19}
    assert sum(bool(s.redraw) for s in h19.HELDOUT19) >= 2  # whole-puzzle redraws


@pytest.mark.parametrize("style", h19.HELDOUT19, ids=lambda s: s.name)
def test_every_style_builds_for_every_error_and_is_deterministic(puzzle, style):
    p = puzzle
    digests = set()
    for error in na.ERRORS:
        a = na.make_answer(p.input_image, p.layout, p.ground_truth, style, error, seed=0)
        assert a.dtype == np.uint8 and a.ndim == 3 and a.shape[2] == 3 and min(a.shape[:2]) >= 400
        digests.add(hashlib.sha256(a.tobytes()).hexdigest())
        if error in ("none", "clue_changed"):
            b = h19.make_answer19(p.input_image, p.layout, p.ground_truth, style, error, seed=0)
            assert np.array_equal(a, b)
    assert len(digests) == len(na.ERRORS)  # every planted error changes the picture
    other = na.make_answer(p.input_image, p.layout, p.ground_truth, style, "none", seed=1)
    first = na.make_answer(p.input_image, p.layout, p.ground_truth, style, "none", seed=0)
    assert other.shape != first.shape or not np.array_equal(other, first)


@pytest.mark.parametrize("style", h19.HELDOUT19, ids=lambda s: s.name)
def test_error_free_page_marks_the_solution_and_planted_light_cells_sit_between(puzzle, style):
    truth = puzzle.ground_truth
    page, _, geo = h19.draw_page19(puzzle.input_image, puzzle.layout, truth, style, "none", seed=0)
    if not style.redraw:
        assert page.shape == np.asarray(puzzle.input_image.convert("RGB")).shape
    sign = 1.0  # ink: darker than the page (every HELDOUT19 page is paper)
    means = _cell_means(page, geo, truth)
    fills = [sign * m for _, _, v, m in means if v]
    empties = [sign * m for _, _, v, m in means if not v]
    assert max(fills) < min(empties) - 40, (style.name, max(fills), min(empties))
    page, _, geo = h19.draw_page19(puzzle.input_image, puzzle.layout, truth, style, "extra_light", seed=0)
    means = sorted(sign * m for _, _, v, m in _cell_means(page, geo, truth, 0.22) if not v)
    light, rest = means[:3], means[3:]  # the three planted pale cells are the most inked of the empty cells
    assert all(max(fills) < m for m in light) and light[-1] < rest[0] - 4, (style.name, light, rest[:2])


def test_page_changes_keep_the_answer_deterministic_and_change_the_page(puzzle):
    for style in h19.HELDOUT19:
        page, _, _ = h19.draw_page19(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, "none", seed=0)
        a = na.make_answer(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, "none", seed=0)
        b = na.make_answer(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, "none", seed=0)
        assert np.array_equal(a, b)
        assert a.shape != page.shape or not np.array_equal(a, page)


def test_clue_font_packages_are_installed_by_install_sh_and_none_is_reserved():
    listed = re.search(r"\((fonts-[^)]*)\)", h19.__doc__).group(1)  # the font packages the module's docstring names
    packages = [p.strip(",") for p in listed.split() if p.startswith("fonts-")]
    assert len(packages) == 11
    install = (Path(__file__).resolve().parent.parent / "tools" / "install.sh").read_text()
    words = set(install.replace("\\", " ").replace(";", " ").split())
    assert not set(packages) - words
    reserved = ("dkg-handwriting", "bwht", "kaushanscript", "dancingscript", "kristi")
    assert not [p for p in packages if any(r in p for r in reserved)]
    for s in h19.HELDOUT19:
        if s.clue_font:
            assert na.font_path(s.clue_font).exists()
