"""HELDOUT37 (tests/nonogram_heldout37.py, a blind answer family): every style builds for every planted error, its
answers are deterministic (same seed, identical bytes, also in another process with another hash seed) and drawn through
make_answer's hook, and an error-free page (before its page changes) has the solution cells marked and every other cell
not, its planted cells are plain (pale snails, lighthouses, penguins or rockets; a heavy frame; a paler X; a missing
fill), a changed clue really changes its line (a descending one holding its own numbers from the largest down), its
styles, fills, marks, grids, page changes, changed-clue kinds and redraws are new to the earlier families, and its clue
fonts are installed, one from each package its docstring lists, and kept out of digit training. No verdict figures: the
family is measured, not tested against."""

from __future__ import annotations

import hashlib
import os
import random
import re
import shutil
import subprocess
import sys
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
import nonogram_heldout23 as h23
import nonogram_heldout24 as h24
import nonogram_heldout25 as h25
import nonogram_heldout26 as h26
import nonogram_heldout27 as h27
import nonogram_heldout28 as h28
import nonogram_heldout29 as h29
import nonogram_heldout30 as h30
import nonogram_heldout31 as h31
import nonogram_heldout32 as h32
import nonogram_heldout33 as h33
import nonogram_heldout34 as h34
import nonogram_heldout35 as h35
import nonogram_heldout36 as h36
import nonogram_heldout37 as h37
import numpy as np
import pytest

from genpuzzle.registry import get_track

EARLIER_BLIND = (h15.HELDOUT15 + h16.HELDOUT16 + h17.HELDOUT17 + h18.HELDOUT18 + h19.HELDOUT19 + h20.HELDOUT20
                 + h21.HELDOUT21 + h22.HELDOUT22 + h23.HELDOUT23 + h24.HELDOUT24 + h25.HELDOUT25
                 + h26.HELDOUT26 + h27.HELDOUT27 + h28.HELDOUT28 + h29.HELDOUT29 + h30.HELDOUT30 + h31.HELDOUT31
                 + h32.HELDOUT32 + h33.HELDOUT33 + h34.HELDOUT34 + h35.HELDOUT35 + h36.HELDOUT36)
EARLIER_MODULES = (h15, h16, h17, h18, h19, h20, h21, h22, h23, h24, h25, h26, h27, h28, h29, h30, h31, h32, h33,
                   h34, h35, h36)
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
            x0, y0, x1, y1 = h37._box25(geo, r, c)
            s = inset * min(x1 - x0, y1 - y0)
            out.append((r, c, v, float(g[round(y0 + s):round(y1 - s), round(x0 + s):round(x1 - s)].mean())))
    return out


def _earlier():
    return [s for f in EARLIER_NAMED for s in getattr(na, f)] + list(EARLIER_BLIND)


def test_twelve_new_styles_apart_from_earlier_families():
    styles = h37.HELDOUT37
    names = [s.name for s in styles]
    assert len(styles) == 12 and len(set(names)) == 12
    assert all(n.startswith("s_") for n in names)
    earlier = _earlier()
    assert not {s.name for s in earlier} & set(names)
    fonts = [s.clue_font for s in styles]
    assert sum(f is None for f in fonts) == 1  # one style keeps the input's clues
    assert len(set(fonts)) == 12
    earlier_fonts = {s.clue_font for s in earlier} | {h23.INPUT_FONT} | {
        m.CHANGE_FONT for m in EARLIER_MODULES if hasattr(m, "CHANGE_FONT")}
    assert not (set(fonts) - {None}) & earlier_fonts
    assert h37.CHANGE_FONT not in earlier_fonts | set(fonts)
    assert len({s.fill for s in styles}) == 12 and not {s.fill for s in earlier} & {s.fill for s in styles}
    assert not {s.empty for s in earlier} & ({s.empty for s in styles} - {"none"})
    for field in ("light_mark", "outline_mark", "cross_mark", "grid"):
        mine = {getattr(s, field) for s in styles if field != "grid" or not s.redraw} - {"kept"}
        assert not {getattr(s, field) for s in earlier} & mine, field
    assert sum(bool(s.redraw) for s in styles) >= 2  # whole-puzzle redraws
    earlier_effects = {e for s in earlier for e in s.effects} - {"jpeg"}
    assert not earlier_effects & {e for s in styles for e in s.effects}
    assert len({e for s in styles for e in s.effects} - {"jpeg"}) == 12  # a page change of its own per style
    # a style that marks its empty cells leaves a missing fill bare among them
    assert all(s.missing_bare for s in styles if s.empty != "none")


@pytest.mark.parametrize("style", h37.HELDOUT37, ids=lambda s: s.name)
def test_every_style_builds_for_every_error_and_is_deterministic(puzzle, style):
    p = puzzle
    digests = {}
    for error in na.ERRORS:
        a = na.make_answer(p.input_image, p.layout, p.ground_truth, style, error, seed=0)
        assert a.dtype == np.uint8 and a.ndim == 3 and a.shape[2] == 3 and min(a.shape[:2]) >= 300
        digests[error] = hashlib.sha256(a.tobytes()).hexdigest()
    assert len(set(digests.values())) == len(na.ERRORS)  # every planted error changes the picture
    for error in ("none", na.ERRORS[-1]):  # through the family's own hook: same seed, same bytes
        b = h37.make_answer37(p.input_image, p.layout, p.ground_truth, style, error, seed=0)
        assert hashlib.sha256(b.tobytes()).hexdigest() == digests[error]
    other = na.make_answer(p.input_image, p.layout, p.ground_truth, style, "none", seed=1)
    assert hashlib.sha256(other.tobytes()).hexdigest() != digests["none"]  # another seed, another page


DIGESTS = """
import hashlib, sys
sys.path.insert(0, {tests!r})
import nonogram_answers as na
import nonogram_heldout37 as h37
from genpuzzle.registry import get_track
p = get_track("nonogram").generate(5000, "5x5")
for style in h37.HELDOUT37:
    for error in ("none", "clue_changed"):
        a = na.make_answer(p.input_image, p.layout, p.ground_truth, style, error, seed=3)
        print(style.name, error, hashlib.sha256(a.tobytes()).hexdigest())
"""


def test_same_bytes_in_another_process_with_another_hash_seed(puzzle):
    p = puzzle
    mine = ""
    for style in h37.HELDOUT37:
        for error in ("none", "clue_changed"):
            a = na.make_answer(p.input_image, p.layout, p.ground_truth, style, error, seed=3)
            mine += f"{style.name} {error} {hashlib.sha256(a.tobytes()).hexdigest()}\n"
    code = DIGESTS.format(tests=str(Path(__file__).resolve().parent))
    for hash_seed in ("1",):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
        assert out == mine, hash_seed


@pytest.mark.parametrize("variant", ["10x10", "15x15"])
def test_sizes_of_larger_puzzles(variant):
    p = get_track("nonogram").generate(5010, variant)
    h, w = np.asarray(p.input_image).shape[:2]
    for style in h37.HELDOUT37:
        a = na.make_answer(p.input_image, p.layout, p.ground_truth, style, "none", seed=0)
        assert 0.8 * min(h, w) <= min(a.shape[:2]) and max(a.shape[:2]) <= 2.2 * max(h, w), (style.name, a.shape)


@pytest.mark.parametrize("variant", ["5x5", "10x10", "15x15"])
@pytest.mark.parametrize("style", h37.HELDOUT37, ids=lambda s: s.name)
def test_error_free_page_marks_the_solution_and_planted_light_cells_sit_between(style, variant):
    p = get_track("nonogram").generate(5020, variant)
    truth = p.ground_truth
    page, _, geo = h37.draw_page37(p.input_image, p.layout, truth, style, "none", seed=0)
    if not style.redraw:
        assert page.shape == np.asarray(p.input_image.convert("RGB")).shape
    means = _cell_means(page, geo, truth)
    fills = [m for _, _, v, m in means if v]
    empties = [m for _, _, v, m in means if not v]
    assert max(fills) < min(empties) - 40, (style.name, max(fills), min(empties))
    page, _, geo = h37.draw_page37(p.input_image, p.layout, truth, style, "extra_light", seed=0)
    means = sorted(m for _, _, v, m in _cell_means(page, geo, truth, 0.22) if not v)
    light, rest = means[:3], means[3:]  # the three planted pale cells are the most inked of the empty cells
    assert all(max(fills) < m for m in light) and light[-1] < rest[0] - 4, (style.name, light, rest[:2])


@pytest.mark.parametrize("style", h37.HELDOUT37, ids=lambda s: s.name)
def test_planted_cells_are_plain_on_the_page(puzzle, style):
    """Before the page changes, a person sees each planted cell at once: the outlined cell a dark ring round a pale
    middle, a crossed cell inked but far paler than a fill, a missing fill as pale as the empty cells."""
    truth = puzzle.ground_truth
    for error in ("extra_outline", "x_instead", "missing"):
        plan = na.plant(truth["solution"], error, random.Random(f"h37:{style.name}:{error}:0"))
        page, _, geo = h37.draw_page37(puzzle.input_image, puzzle.layout, truth, style, error, seed=0)
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


@pytest.mark.parametrize("mode", sorted({s.clue_change for s in h37.HELDOUT37} | {"descending", "transpose_copy"}))
def test_a_changed_clue_changes_its_line(mode):
    for seed in range(12):
        p = get_track("nonogram").generate(5030 + seed, ("5x5", "10x10", "15x15")[seed % 3])
        truth = p.ground_truth
        change = h37._change37(truth, mode, random.Random(seed))
        rows, cols = h37._line_values(truth, change)
        assert (rows, cols) != h37._line_values(truth, None), (mode, seed)
        assert all(v and all(t.isdigit() for t in v) for v in rows + cols)


def test_descending_is_a_new_kind_of_changed_clue():
    earlier = {getattr(s, "clue_change", "") for s in _earlier()}
    mine = {s.clue_change for s in h37.HELDOUT37}
    assert "descending" in mine and "descending" not in earlier


def test_a_descending_line_holds_its_own_numbers_from_the_largest_down():
    """``descending`` writes a line's own numbers from the largest to the smallest, on a line not already in that
    order (one of three or more numbers whose descending order is not its reverse first); where every line is already
    descending, one unit moves between two numbers instead."""
    seen = 0
    for seed in range(10):
        p = get_track("nonogram").generate(5040 + seed, ("5x5", "10x10", "15x15")[seed % 3])
        truth = p.ground_truth
        kind, i, new = h37._change37(truth, "descending", random.Random(seed))
        vals = h37._values(truth[f"{kind}_clues"])
        assert new != vals[i] and all(t.isdigit() for t in new)
        if new == sorted(vals[i], key=int, reverse=True):
            seen += 1
        else:  # only where every line is already descending
            lines = h37._values(truth["row_clues"]) + h37._values(truth["col_clues"])
            assert all(v == sorted(v, key=int, reverse=True) for v in lines)
    assert seen >= 8
    truth = {"row_clues": [[1, 2], [3], [1, 1]], "col_clues": [[2], [1, 1], [2, 1]], "solution": [[0] * 3] * 3}
    for seed in range(6):
        assert h37._change37(truth, "descending", random.Random(seed)) == ("row", 0, ["2", "1"])
    truth = {"row_clues": [[1, 2, 1], [1, 2]], "col_clues": [[1], [1]], "solution": [[0] * 6] * 2}
    for seed in range(6):  # (1 2 1) descending is (2 1 1), not its reverse: it goes first
        assert h37._change37(truth, "descending", random.Random(seed)) == ("row", 0, ["2", "1", "1"])
    truth = {"row_clues": [[2, 1], [3], [1]], "col_clues": [[1], [3], [1, 1]], "solution": [[0] * 4] * 3}
    kind, i, new = h37._change37(truth, "descending", random.Random(0))  # every line descending: a unit moves
    assert new != h37._values(truth[f"{kind}_clues"])[i]
    assert sum(int(t) for t in new) == sum(int(t) for t in h37._values(truth[f"{kind}_clues"])[i])


def test_the_changed_clue_is_drawn_on_the_page(puzzle):
    """The clue strips of a clue_changed page differ from the error-free page's (the grid's cells aside)."""
    for style in h37.HELDOUT37:
        if style.redraw:
            continue
        a, _, _ = h37.draw_page37(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, "none", seed=0)
        b, _, _ = h37.draw_page37(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, "clue_changed",
                                  seed=0)
        gx0, gy0, _, _ = puzzle.layout["grid_bbox"]
        strips = np.zeros(a.shape[:2], bool)
        strips[:gy0 - 4, gx0:] = True
        strips[gy0:, :gx0 - 4] = True
        assert (np.abs(_grey(a) - _grey(b))[strips] > 60).sum() > 20, style.name


def test_redrawn_puzzles_keep_their_clues_apart_from_the_grid(puzzle):
    """A redrawn page's clue box lies inside its picture and its grid inside the clue box."""
    for style in h37.HELDOUT37:
        if not style.redraw:
            continue
        page, _, geo = h37.draw_page37(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, "none", seed=0)
        x0, y0, x1, y1 = geo["keep"]
        gx0, gy0, gx1, gy1 = geo["grid_bbox"]
        assert 0 <= x0 < gx0 < gx1 < x1 <= page.shape[1] and 0 <= y0 < gy0 < gy1 < y1 <= page.shape[0], style.name


def test_redraws_are_new_layouts():
    earlier = {getattr(s, "redraw", "") for s in _earlier()}
    mine = {s.redraw for s in h37.HELDOUT37} - {""}
    assert len(mine) >= 2 and not mine & earlier


def _packages() -> list[str]:
    listed = re.search(r"\((fonts-[^)]*)\)", h37.__doc__).group(1)  # the font packages the module's docstring names
    return [p.strip(",") for p in listed.split() if p.startswith("fonts-")]


def test_clue_font_packages_are_new_installed_and_none_is_reserved():
    packages = _packages()
    assert len(packages) == 11 and len(set(packages)) == 11
    reserved = ("dkg-handwriting", "bwht", "kaushanscript", "dancingscript", "kristi")
    assert not [p for p in packages if any(r in p for r in reserved)]
    earlier_docs = " ".join(m.__doc__ or "" for m in EARLIER_MODULES)
    earlier_docs += na.font_path.__doc__ or ""
    named = set(re.findall(r"fonts-[a-z0-9.+-]*[a-z0-9]", earlier_docs))
    assert not set(packages) & named  # no earlier family names them
    for font in [s.clue_font for s in h37.HELDOUT37 if s.clue_font] + [h37.CHANGE_FONT]:
        assert na.font_path(font).exists(), font


@pytest.mark.skipif(shutil.which("dpkg") is None, reason="needs dpkg to tell which package ships a font")
def test_each_clue_font_comes_from_its_own_listed_package():
    """The eleven style fonts come one from each package the docstring lists; the retyped line's face from one of
    them too."""
    packages = set(_packages())

    def owner(font: str) -> str:
        out = subprocess.run(["dpkg", "-S", str(na.font_path(font).resolve())], capture_output=True, text=True,
                             check=True)
        return out.stdout.split(":")[0].strip()

    owners = [owner(s.clue_font) for s in h37.HELDOUT37 if s.clue_font]
    assert set(owners) == packages and len(owners) == len(packages)
    assert owner(h37.CHANGE_FONT) in packages


def test_clue_font_packages_are_in_install_sh():
    root = Path(__file__).resolve().parent.parent
    install = (root / "tools" / "install.sh").read_text()
    words = set(install.replace("\\", " ").replace(";", " ").split())
    assert not set(_packages()) - words  # fails until the lead adds the packages to tools/install.sh


def test_clue_fonts_are_kept_out_of_digit_training():
    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "tools"))
    import digit_data

    for font in [s.clue_font for s in h37.HELDOUT37 if s.clue_font] + [h37.CHANGE_FONT]:
        # fails until the lead adds the family's prefixes to digit_data.NONOGRAM_HELDOUT
        assert digit_data._name_in(na.font_path(font), digit_data.NONOGRAM_HELDOUT), font
