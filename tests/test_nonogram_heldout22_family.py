"""HELDOUT22 (tests/nonogram_heldout22.py, a blind answer family, thirty-third session): every style builds for every
planted error, its answers are deterministic (same seed, identical bytes) and drawn through make_answer's hook, and an
error-free page (before its page changes) has the solution cells marked and every other cell not, its planted cells
are plain (a pale wash, disc, checker or waves; a heavy frame; a paler X; a missing fill), its styles, marks, page
changes and redraws are new to the earlier families, and its clue fonts are installed and kept out of digit training.
No verdict figures: the family is measured, not tested against."""

from __future__ import annotations

import hashlib
import random
import re
from pathlib import Path

import nonogram_answers as na
import nonogram_heldout15 as h15
import nonogram_heldout16 as h16
import nonogram_heldout17 as h17
import nonogram_heldout18 as h18
import nonogram_heldout19 as h19
import nonogram_heldout20 as h20
import nonogram_heldout21 as h21
import nonogram_heldout22 as h22
import numpy as np
import pytest

from genpuzzle.registry import get_track

EARLIER_BLIND = (h15.HELDOUT15 + h16.HELDOUT16 + h17.HELDOUT17 + h18.HELDOUT18 + h19.HELDOUT19 + h20.HELDOUT20
                + h21.HELDOUT21)
EARLIER_NAMED = ["TUNE", "HELDOUT"] + [f"HELDOUT{i}" for i in range(2, 15)]


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
            x0, y0, x1, y1 = h22._box(geo, r, c)
            s = inset * min(x1 - x0, y1 - y0)
            out.append((r, c, v, float(g[round(y0 + s):round(y1 - s), round(x0 + s):round(x1 - s)].mean())))
    return out


def test_twelve_new_styles_apart_from_earlier_families():
    styles = h22.HELDOUT22
    names = [s.name for s in styles]
    assert len(styles) == 12 and len(set(names)) == 12
    earlier = [s for f in EARLIER_NAMED for s in getattr(na, f)] + list(EARLIER_BLIND)
    assert not {s.name for s in earlier} & set(names)
    fonts = [s.clue_font for s in styles]
    assert sum(f is None for f in fonts) == 1  # one style keeps the input's clues
    assert not (set(fonts) - {None}) & {s.clue_font for s in earlier}
    assert h22.CHANGE_FONT not in {s.clue_font for s in earlier}
    assert len({s.fill for s in styles}) == 12 and not {s.fill for s in earlier} & {s.fill for s in styles}
    assert not {s.empty for s in earlier} & ({s.empty for s in styles} - {"none"})
    for field in ("light_mark", "outline_mark", "cross_mark"):
        assert not {getattr(s, field) for s in earlier} & {getattr(s, field) for s in styles}, field
    assert sum(bool(s.redraw) for s in styles) >= 2  # whole-puzzle redraws
    earlier_effects = {e for s in earlier for e in s.effects} - {"jpeg"}
    assert not earlier_effects & {e for s in styles for e in s.effects}


@pytest.mark.parametrize("style", h22.HELDOUT22, ids=lambda s: s.name)
def test_every_style_builds_for_every_error_and_is_deterministic(puzzle, style):
    p = puzzle
    digests = {}
    for error in na.ERRORS:
        a = na.make_answer(p.input_image, p.layout, p.ground_truth, style, error, seed=0)
        assert a.dtype == np.uint8 and a.ndim == 3 and a.shape[2] == 3 and min(a.shape[:2]) >= 300
        digests[error] = hashlib.sha256(a.tobytes()).hexdigest()
    assert len(set(digests.values())) == len(na.ERRORS)  # every planted error changes the picture
    for error in ("none", na.ERRORS[-1]):  # through the family's own hook: same seed, same bytes
        b = h22.make_answer22(p.input_image, p.layout, p.ground_truth, style, error, seed=0)
        assert hashlib.sha256(b.tobytes()).hexdigest() == digests[error]
    other = na.make_answer(p.input_image, p.layout, p.ground_truth, style, "none", seed=1)
    assert hashlib.sha256(other.tobytes()).hexdigest() != digests["none"]  # another seed, another page


@pytest.mark.parametrize("variant", ["10x10", "15x15"])
def test_sizes_of_larger_puzzles(variant):
    p = get_track("nonogram").generate(5010, variant)
    h, w = np.asarray(p.input_image).shape[:2]
    for style in h22.HELDOUT22:
        a = na.make_answer(p.input_image, p.layout, p.ground_truth, style, "none", seed=0)
        assert 0.8 * min(h, w) <= min(a.shape[:2]) and max(a.shape[:2]) <= 2.2 * max(h, w), (style.name, a.shape)


@pytest.mark.parametrize("style", h22.HELDOUT22, ids=lambda s: s.name)
def test_error_free_page_marks_the_solution_and_planted_light_cells_sit_between(puzzle, style):
    truth = puzzle.ground_truth
    page, _, geo = h22.draw_page22(puzzle.input_image, puzzle.layout, truth, style, "none", seed=0)
    if not style.redraw:
        assert page.shape == np.asarray(puzzle.input_image.convert("RGB")).shape
    means = _cell_means(page, geo, truth)
    fills = [m for _, _, v, m in means if v]
    empties = [m for _, _, v, m in means if not v]
    assert max(fills) < min(empties) - 40, (style.name, max(fills), min(empties))
    page, _, geo = h22.draw_page22(puzzle.input_image, puzzle.layout, truth, style, "extra_light", seed=0)
    means = sorted(m for _, _, v, m in _cell_means(page, geo, truth, 0.22) if not v)
    light, rest = means[:3], means[3:]  # the three planted pale cells are the most inked of the empty cells
    assert all(max(fills) < m for m in light) and light[-1] < rest[0] - 4, (style.name, light, rest[:2])


@pytest.mark.parametrize("style", h22.HELDOUT22, ids=lambda s: s.name)
def test_planted_cells_are_plain_on_the_page(puzzle, style):
    """Before the page changes, a person sees each planted cell at once: the outlined cell a dark ring round a pale
    middle, a crossed cell inked but far paler than a fill, a missing fill as pale as the empty cells."""
    truth = puzzle.ground_truth
    for error in ("extra_outline", "x_instead", "missing"):
        plan = na.plant(truth["solution"], error, random.Random(f"h22:{style.name}:{error}:0"))
        page, _, geo = h22.draw_page22(puzzle.input_image, puzzle.layout, truth, style, error, seed=0)
        outer = {(r, c): m for r, c, _, m in _cell_means(page, geo, truth, 0.14)}
        centre = {(r, c): m for r, c, _, m in _cell_means(page, geo, truth, 0.42)}
        fills = [outer[k] for k in plan["fill"]]
        empties = sorted(m for k, m in outer.items() if k not in plan["fill"] | plan["outline"] | plan["cross"])
        pale = empties[len(empties) // 2]
        if error == "extra_outline":
            (cell,) = plan["outline"]
            assert outer[cell] < pale - 40 and centre[cell] > outer[cell] + 30, (style.name, outer[cell], pale)
        elif error == "x_instead":
            for cell in plan["cross"]:
                assert max(fills) + 20 < outer[cell] < pale - 25, (style.name, cell, outer[cell], max(fills), pale)
        else:
            missing = {k for r, line in enumerate(truth["solution"]) for c, v in enumerate(line) if v
                       for k in [(r, c)]} - plan["fill"]
            assert missing and all(outer[k] > max(fills) + 60 for k in missing), (style.name, max(fills))


def test_redraws_are_new_layouts():
    earlier = {getattr(s, "redraw", "") for f in EARLIER_NAMED for s in getattr(na, f)} | {
        getattr(s, "redraw", "") for s in EARLIER_BLIND}
    mine = {s.redraw for s in h22.HELDOUT22} - {""}
    assert len(mine) >= 2 and not mine & earlier


def test_clue_font_packages_are_installed_by_install_sh_excluded_from_digit_training_and_none_is_reserved():
    listed = re.search(r"\((fonts-[^)]*)\)", h22.__doc__).group(1)  # the font packages the module's docstring names
    packages = [p.strip(",") for p in listed.split() if p.startswith("fonts-")]
    assert len(packages) == 11
    root = Path(__file__).resolve().parent.parent
    install = (root / "tools" / "install.sh").read_text()
    words = set(install.replace("\\", " ").replace(";", " ").split())
    assert not set(packages) - words
    reserved = ("dkg-handwriting", "bwht", "kaushanscript", "dancingscript", "kristi")
    assert not [p for p in packages if any(r in p for r in reserved)]
    import sys
    sys.path.insert(0, str(root / "tools"))
    import digit_data

    for font in [s.clue_font for s in h22.HELDOUT22 if s.clue_font] + [h22.CHANGE_FONT]:
        path = na.font_path(font)
        assert path.exists()
        assert digit_data._name_in(path, digit_data.NONOGRAM_HELDOUT), font
