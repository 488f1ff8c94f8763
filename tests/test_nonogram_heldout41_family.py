"""HELDOUT41 (tests/nonogram_heldout41.py, a blind answer family): every style builds for every planted error, its
answers are deterministic (same seed, identical bytes, also in another process with another hash seed) and drawn through
make_answer's hook, and an error-free page (before its page changes) has the solution cells marked and every other cell
not, its planted cells are plain (pale teapots, cupcakes, hot-air balloons or watering cans; a heavy frame; a paler X; a
missing fill), a changed clue really changes its line (a number raised by two, two neighbouring unequal numbers swapped
and the line still fitting), two numbers of a row never sit so close that they read as one, its styles, fills, marks,
grids, page changes, changed-clue kinds and redraws are new to the earlier families, and its clue faces are installed,
each from Debian's fonts-aenigma (no earlier family names their files or families), under a free licence, and kept out
of digit training. No verdict figures: the family is measured, not tested against."""

from __future__ import annotations

import hashlib
import os
import random
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
import nonogram_heldout38 as h38
import nonogram_heldout39 as h39
import nonogram_heldout40 as h40
import nonogram_heldout41 as h41
import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from genpuzzle.registry import get_track

EARLIER_MODULES = (h15, h16, h17, h18, h19, h20, h21, h22, h23, h24, h25, h26, h27, h28, h29, h30, h31, h32, h33,
                   h34, h35, h36, h37, h38, h39, h40)
EARLIER_BLIND = tuple(s for i, m in enumerate(EARLIER_MODULES, start=15) for s in getattr(m, f"HELDOUT{i}"))
EARLIER_NAMED = ["TUNE", "HELDOUT"] + [f"HELDOUT{i}" for i in range(2, 15)]
STYLE_FACES = [s.clue_font for s in h41.HELDOUT41 if s.clue_font]


ALL_FACES = STYLE_FACES + [h41.CHANGE_FONT]
STYLES = {s.name: s for s in h41.HELDOUT41}
NEW_CHANGES = {"one_raised_by_two", "inner_pair_swapped"}


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
            x0, y0, x1, y1 = h41._box25(geo, r, c)
            s = inset * min(x1 - x0, y1 - y0)
            out.append((r, c, v, float(g[round(y0 + s):round(y1 - s), round(x0 + s):round(x1 - s)].mean())))
    return out


def _earlier():
    return [s for f in EARLIER_NAMED for s in getattr(na, f)] + list(EARLIER_BLIND)


def test_twelve_new_styles_apart_from_earlier_families():
    styles = h41.HELDOUT41
    names = [s.name for s in styles]
    assert len(styles) == 12 and len(set(names)) == 12
    assert all(n.startswith("s_") for n in names)
    earlier = _earlier()
    assert len(EARLIER_BLIND) >= 26 * 10  # every blind family from HELDOUT15 to HELDOUT40
    assert not {s.name for s in earlier} & set(names)
    fonts = [s.clue_font for s in styles]
    assert sum(f is None for f in fonts) == 1  # one style keeps the input's clues
    assert len(set(fonts)) == 12
    earlier_fonts = {s.clue_font for s in earlier} | {h23.INPUT_FONT} | {
        m.CHANGE_FONT for m in EARLIER_MODULES if hasattr(m, "CHANGE_FONT")}
    assert not (set(fonts) - {None}) & earlier_fonts
    assert h41.CHANGE_FONT not in earlier_fonts | set(fonts)
    assert set(ALL_FACES) == set(h41.DEBIAN_FACES)
    assert len({s.fill for s in styles}) == 12 and not {s.fill for s in earlier} & {s.fill for s in styles}
    mine_empty = {s.empty for s in styles} - {"none"}
    assert len(mine_empty) == 4 and not {s.empty for s in earlier} & mine_empty
    for field in ("light_mark", "outline_mark", "cross_mark", "grid"):
        mine = {getattr(s, field) for s in styles if field != "grid" or not s.redraw} - {"kept"}
        assert len(mine) == 4 and not {getattr(s, field) for s in earlier} & mine, field
    assert sum(bool(s.redraw) for s in styles) >= 2  # whole-puzzle redraws
    earlier_effects = {e for s in earlier for e in s.effects} - {"jpeg"}
    assert not earlier_effects & {e for s in styles for e in s.effects}
    assert len({e for s in styles for e in s.effects} - {"jpeg"}) == 12  # a page change of its own per style
    # a style that marks its empty cells leaves a missing fill bare among them
    assert all(s.missing_bare for s in styles if s.empty != "none")


@pytest.mark.parametrize("style", h41.HELDOUT41, ids=lambda s: s.name)
def test_every_style_builds_for_every_error_and_is_deterministic(puzzle, style):
    p = puzzle
    digests = {}
    for error in na.ERRORS:
        a = na.make_answer(p.input_image, p.layout, p.ground_truth, style, error, seed=0)
        assert a.dtype == np.uint8 and a.ndim == 3 and a.shape[2] == 3 and min(a.shape[:2]) >= 300
        digests[error] = hashlib.sha256(a.tobytes()).hexdigest()
    assert len(set(digests.values())) == len(na.ERRORS)  # every planted error changes the picture
    error = na.ERRORS[h41.HELDOUT41.index(style) % len(na.ERRORS)]  # drawn again: the same seed, identical bytes
    b = h41.make_answer41(p.input_image, p.layout, p.ground_truth, style, error, seed=0)
    assert hashlib.sha256(b.tobytes()).hexdigest() == digests[error]
    other = na.make_answer(p.input_image, p.layout, p.ground_truth, style, "none", seed=1)
    assert hashlib.sha256(other.tobytes()).hexdigest() != digests["none"]


def test_the_hook_draws_two_planted_errors_as_the_family_does(puzzle):
    """``nonogram_answers.make_answer`` hands a HELDOUT41 style to its ``draw_answer``: a redraw's clue_changed page
    and a kept-clues page's x_instead page come out byte for byte as :func:`make_answer41` draws them."""
    p = puzzle
    for name, error in (("s_36daysthick_greasepencil_redrawenvelope", "clue_changed"),
                        ("s_keptclues_anthracite_leaflitter", "x_instead")):
        style = STYLES[name]
        assert hasattr(style, "draw_answer")
        a = na.make_answer(p.input_image, p.layout, p.ground_truth, style, error, seed=2)
        b = h41.make_answer41(p.input_image, p.layout, p.ground_truth, style, error, seed=2)
        assert a.tobytes() == b.tobytes(), (name, error)


# three styles: a redraw, a page-change on a margin, a shadow across the page
CROSS = (("s_freakturbulence_letterpressink_redrawcard", "clue_changed"),
         ("s_lamebrain_blacksand_safetypin", "none"), ("s_kirbybrk_lavarock_monsterashadow", "x_instead"))

DIGESTS = """
import hashlib, sys
sys.path.insert(0, {tests!r})
import nonogram_answers as na
import nonogram_heldout41 as h41
from genpuzzle.registry import get_track
p = get_track("nonogram").generate(5000, "5x5")
styles = {{s.name: s for s in h41.HELDOUT41}}
for name, error in {cross!r}:
    a = na.make_answer(p.input_image, p.layout, p.ground_truth, styles[name], error, seed=3)
    print(name, error, hashlib.sha256(a.tobytes()).hexdigest())
"""


def test_same_bytes_in_another_process_with_another_hash_seed(puzzle):
    p = puzzle
    mine = ""
    for name, error in CROSS:
        a = na.make_answer(p.input_image, p.layout, p.ground_truth, STYLES[name], error, seed=3)
        mine += f"{name} {error} {hashlib.sha256(a.tobytes()).hexdigest()}\n"
    code = DIGESTS.format(tests=str(Path(__file__).resolve().parent), cross=CROSS)
    seed = "7" if os.environ.get("PYTHONHASHSEED") == "1" else "1"
    env = dict(os.environ, PYTHONHASHSEED=seed)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out == mine


@pytest.mark.parametrize("variant", ["10x10", "15x15"])
def test_sizes_of_larger_puzzles(variant):
    p = get_track("nonogram").generate(5010, variant)
    h, w = np.asarray(p.input_image).shape[:2]
    for style in h41.HELDOUT41:
        a = na.make_answer(p.input_image, p.layout, p.ground_truth, style, "none", seed=0)
        assert 0.8 * min(h, w) <= min(a.shape[:2]) and max(a.shape[:2]) <= 2.2 * max(h, w), (style.name, a.shape)


@pytest.mark.parametrize("variant", ["5x5", "10x10", "15x15"])
@pytest.mark.parametrize("style", h41.HELDOUT41, ids=lambda s: s.name)
def test_error_free_page_marks_the_solution_and_planted_light_cells_sit_between(style, variant):
    p = get_track("nonogram").generate(5020, variant)
    truth = p.ground_truth
    page, _, geo = h41.draw_page41(p.input_image, p.layout, truth, style, "none", seed=0)
    if not style.redraw:
        assert page.shape == np.asarray(p.input_image.convert("RGB")).shape
    means = _cell_means(page, geo, truth)
    fills = [m for _, _, v, m in means if v]
    empties = [m for _, _, v, m in means if not v]
    assert max(fills) < min(empties) - 40, (style.name, max(fills), min(empties))
    page, _, geo = h41.draw_page41(p.input_image, p.layout, truth, style, "extra_light", seed=0)
    means = sorted(m for _, _, v, m in _cell_means(page, geo, truth, 0.22) if not v)
    light, rest = means[:3], means[3:]  # the three planted pale cells are the most inked of the empty cells
    assert all(max(fills) < m for m in light) and light[-1] < rest[0] - 4, (style.name, light, rest[:2])


@pytest.mark.parametrize("style", h41.HELDOUT41, ids=lambda s: s.name)
def test_planted_cells_are_plain_on_the_page(puzzle, style):
    """Before the page changes, a person sees each planted cell at once: the outlined cell a dark ring round a pale
    middle, a crossed cell inked but far paler than a fill, a missing fill as pale as the empty cells."""
    truth = puzzle.ground_truth
    for error in ("extra_outline", "x_instead", "missing"):
        plan = na.plant(truth["solution"], error, random.Random(f"h41:{style.name}:{error}:0"))
        page, _, geo = h41.draw_page41(puzzle.input_image, puzzle.layout, truth, style, error, seed=0)
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


@pytest.mark.parametrize("mode", sorted({s.clue_change for s in h41.HELDOUT41} | NEW_CHANGES))
def test_a_changed_clue_changes_its_line(mode):
    for seed in range(12):
        p = get_track("nonogram").generate(5030 + seed, ("5x5", "10x10", "15x15")[seed % 3])
        truth = p.ground_truth
        change = h41._change41(truth, mode, random.Random(seed))
        rows, cols = h41._line_values(truth, change)
        assert (rows, cols) != h41._line_values(truth, None), (mode, seed)
        assert all(v and all(t.isdigit() for t in v) for v in rows + cols)


def test_raised_by_two_and_inner_pair_swapped_are_new_kinds_of_changed_clue():
    earlier = {getattr(s, "clue_change", "") for s in _earlier()}
    mine = {s.clue_change for s in h41.HELDOUT41}
    assert NEW_CHANGES <= mine and not NEW_CHANGES & earlier
    assert len(mine - NEW_CHANGES) >= 6  # the earlier kinds' variety kept


def test_a_number_raised_by_two_is_two_more():
    """``one_raised_by_two`` writes one number of a line two more (a line of two or more numbers first)."""
    for seed in range(10):
        p = get_track("nonogram").generate(5040 + seed, ("5x5", "10x10", "15x15")[seed % 3])
        truth = p.ground_truth
        kind, i, new = h41._change41(truth, "one_raised_by_two", random.Random(seed))
        vals = h41._values(truth[f"{kind}_clues"])
        assert len(new) == len(vals[i])
        diff = [(a, b) for a, b in zip(vals[i], new) if a != b]
        assert len(diff) == 1 and int(diff[0][1]) == int(diff[0][0]) + 2
        if any(len(v) >= 2 for k in ("row", "col") for v in h41._values(truth[f"{k}_clues"])):
            assert len(new) >= 2
    truth = {"row_clues": [[3], [1, 2]], "col_clues": [[1], [2]], "solution": [[0] * 6] * 2}
    for seed in range(6):  # (1 2) is the one line of two or more numbers
        kind, i, new = h41._change41(truth, "one_raised_by_two", random.Random(seed))
        assert (kind, i) == ("row", 1) and new in (["3", "2"], ["1", "4"])


def test_an_inner_pair_swapped_keeps_its_numbers_and_fits():
    """``inner_pair_swapped`` swaps two neighbouring unequal numbers (a line of three or more numbers first): the same
    numbers, so the line still fits, in another order."""
    for seed in range(10):
        p = get_track("nonogram").generate(5040 + seed, ("5x5", "10x10", "15x15")[seed % 3])
        truth = p.ground_truth
        kind, i, new = h41._change41(truth, "inner_pair_swapped", random.Random(seed))
        vals = h41._values(truth[f"{kind}_clues"])
        n = len(truth["solution"][0]) if kind == "row" else len(truth["solution"])
        assert sorted(new) == sorted(vals[i]) and new != vals[i]
        assert sum(a != b for a, b in zip(new, vals[i])) == 2
        assert sum(int(t) for t in new) + len(new) - 1 <= n
    truth = {"row_clues": [[1, 2, 2], [2, 1]], "col_clues": [[1], [1]], "solution": [[0] * 8] * 2}
    for seed in range(6):  # (1 2 2) -> (2 1 2): the only unequal pair of the one line of three
        assert h41._change41(truth, "inner_pair_swapped", random.Random(seed)) == ("row", 0, ["2", "1", "2"])


def test_the_changed_clue_is_drawn_on_the_page(puzzle):
    """The clue strips of a clue_changed page differ from the error-free page's (the grid's cells aside)."""
    for style in h41.HELDOUT41:
        if style.redraw:
            continue
        a, _, _ = h41.draw_page41(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, "none", seed=0)
        b, _, _ = h41.draw_page41(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, "clue_changed",
                                  seed=0)
        gx0, gy0, _, _ = puzzle.layout["grid_bbox"]
        strips = np.zeros(a.shape[:2], bool)
        strips[:gy0 - 4, gx0:] = True
        strips[gy0:, :gx0 - 4] = True
        assert (np.abs(_grey(a) - _grey(b))[strips] > 60).sum() > 20, style.name


@pytest.mark.parametrize("variant", ["5x5", "15x15"])
def test_two_numbers_of_a_row_never_read_as_one(variant):
    """The gap between two numbers of a row clue is wider than the space between two figures of one number."""
    p = get_track("nonogram").generate(5020, variant)
    rows, cols = h41._line_values(p.ground_truth, None)
    gx0, gy0, gx1, _ = p.layout["grid_bbox"]
    off = p.layout["cell_px"] * 0.3
    for style in h41.HELDOUT41:
        if not style.clue_font or style.redraw:
            continue
        ref = h41._digit_h(h41._font(h41.INPUT_FONT, p.layout["clue_font_px"]))
        face, gap, _ = h40._fit40(style.clue_font, ref, style.clue_stroke, 0.45 * 1.3, 1.6, rows, cols,
                                  gx0 - off - 6, gy0 - off - 6, (gx1 - gx0) / p.layout["cols"])
        inner = max(face.width(a + b) - face.width(a) - face.width(b) for a in "1234" for b in "0123")
        assert gap > inner + 2 and gap >= 0.5 * face.h, (style.name, gap, inner)


def test_redrawn_puzzles_keep_their_clues_apart_from_the_grid(puzzle):
    """A redrawn page's clue box lies inside its picture and its grid inside the clue box."""
    for style in h41.HELDOUT41:
        if not style.redraw:
            continue
        page, _, geo = h41.draw_page41(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, "none", seed=0)
        x0, y0, x1, y1 = geo["keep"]
        gx0, gy0, gx1, gy1 = geo["grid_bbox"]
        assert 0 <= x0 < gx0 < gx1 < x1 <= page.shape[1] and 0 <= y0 < gy0 < gy1 < y1 <= page.shape[0], style.name


def test_redraws_are_new_layouts():
    earlier = {getattr(s, "redraw", "") for s in _earlier()}
    mine = {s.redraw for s in h41.HELDOUT41} - {""}
    assert len(mine) >= 2 and not mine & earlier


def test_clue_faces_are_new_installed_and_legible():
    """Every face is installed, draws ten distinct figures, and no earlier family names its file or its family."""
    earlier_docs = " ".join(m.__doc__ or "" for m in EARLIER_MODULES) + (na.font_path.__doc__ or "")
    earlier_src = " ".join(Path(m.__file__).read_text() for m in EARLIER_MODULES)
    assert len(set(ALL_FACES)) == 12
    for font in ALL_FACES:
        path = h41.face_path(font)
        assert path.exists() and "aenigma" in str(path), font
        family = ImageFont.truetype(str(path), 20).getname()[0]
        assert family.lower() not in earlier_docs.lower(), (font, family)
        assert Path(font).stem not in earlier_docs and f'"{font}"' not in earlier_src, font
        face = ImageFont.truetype(str(path), 40)
        glyphs = set()
        for d in "0123456789":
            im = Image.new("L", (80, 80), 0)
            ImageDraw.Draw(im).text((10, 10), d, font=face, fill=255)
            assert np.asarray(im).max() > 128, (font, d)
            glyphs.add(im.tobytes())
        assert len(glyphs) == 10, font


@pytest.mark.skipif(shutil.which("dpkg") is None, reason="needs dpkg to tell which package ships a font")
def test_each_clue_font_comes_from_fonts_aenigma_under_a_free_licence():
    """Every face, the retyped line's too, is a file of Debian's fonts-aenigma, whose copyright lets anyone
    redistribute and change its fonts."""
    for font in ALL_FACES:
        out = subprocess.run(["dpkg", "-S", str(h41.face_path(font).resolve())], capture_output=True, text=True,
                             check=True)
        assert out.stdout.split(":")[0].strip() == h41.DEBIAN_FACES[font] == "fonts-aenigma", font
    text = Path("/usr/share/doc/fonts-aenigma/copyright").read_text()
    assert "you can redistribute any of my fonts" in text and "to create new fonts, based on your fonts" in text


def test_clue_fonts_are_kept_out_of_digit_training():
    """Fails until the lead adds this family's file prefixes to digit_data.NONOGRAM_HELDOUT."""
    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "tools"))
    import digit_data

    for font in ALL_FACES:
        path = h41.face_path(font)
        assert any(d in path.resolve().parts for d in digit_data.NONOGRAM_HELDOUT_DIRS), font
        # fails until the lead adds the family's prefixes to digit_data.NONOGRAM_HELDOUT
        assert digit_data._name_in(path, digit_data.NONOGRAM_HELDOUT), font
