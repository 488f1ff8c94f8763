"""HELDOUT42 (tests/nonogram_heldout42.py, a blind answer family): every style builds for every planted error, its
answers are deterministic (same seed, identical bytes, also in another process with another hash seed) and drawn through
make_answer's hook, and an error-free page (before its page changes) has the solution cells marked and every other cell
not, its planted cells are plain (pale rubber ducks, tortoises, sheep or steam engines; a heavy frame; a paler X; a
missing fill), a changed clue really changes its line (a number split in three and the line still fitting, every 1 of
a line left out), two numbers of a row never sit so close that they read as one, its styles, fills, marks, grids, page
changes, changed-clue kinds and redraws are new to the earlier families, and its clue faces are installed, each from
Debian's fonts-aenigma (no earlier family names their files or families), under a free licence, and kept out of digit
training. No verdict figures: the family is measured, not tested against. Pages are drawn once per worker and shared
between the checks, and the larger sizes are spread over the styles rather than drawn for every one."""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import subprocess
import sys
from functools import cache
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
import nonogram_heldout42 as h42
import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from genpuzzle.registry import get_track

EARLIER_MODULES = (h15, h16, h17, h18, h19, h20, h21, h22, h23, h24, h25, h26, h27, h28, h29, h30, h31, h32, h33,
                   h34, h35, h36, h37, h38, h39, h40, h41)
EARLIER_BLIND = tuple(s for i, m in enumerate(EARLIER_MODULES, start=15) for s in getattr(m, f"HELDOUT{i}"))
EARLIER_NAMED = ["TUNE", "HELDOUT"] + [f"HELDOUT{i}" for i in range(2, 15)]
STYLE_FACES = [s.clue_font for s in h42.HELDOUT42 if s.clue_font]
ALL_FACES = STYLE_FACES + [h42.CHANGE_FONT]
STYLES = {s.name: s for s in h42.HELDOUT42}
NEW_CHANGES = {"split_in_three", "ones_dropped"}


@cache
def _puzzle(seed: int, variant: str):
    return get_track("nonogram").generate(seed, variant)


@cache
def _answer(name: str, error: str, seed: int, variant: str = "5x5", pseed: int = 5000) -> np.ndarray:
    """An answer drawn through ``nonogram_answers.make_answer`` (once per worker)."""
    p = _puzzle(pseed, variant)
    return na.make_answer(p.input_image, p.layout, p.ground_truth, STYLES[name], error, seed=seed)


@cache
def _page(name: str, error: str, variant: str = "5x5", pseed: int = 5020):
    """A page before its page changes and its geometry (once per worker)."""
    p = _puzzle(pseed, variant)
    page, _, geo = h42.draw_page42(p.input_image, p.layout, p.ground_truth, STYLES[name], error, seed=0)
    return page, geo


def _digest(a: np.ndarray) -> str:
    return hashlib.sha256(a.tobytes()).hexdigest()


def _grey(a: np.ndarray) -> np.ndarray:
    return a.astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32)


def _cell_means(page: np.ndarray, geo: dict, truth: dict, inset: float = 0.18) -> list[tuple[int, int, int, float]]:
    g = _grey(page)
    out = []
    for r, line in enumerate(truth["solution"]):
        for c, v in enumerate(line):
            x0, y0, x1, y1 = h42._box25(geo, r, c)
            s = inset * min(x1 - x0, y1 - y0)
            out.append((r, c, v, float(g[round(y0 + s):round(y1 - s), round(x0 + s):round(x1 - s)].mean())))
    return out


def _earlier():
    return [s for f in EARLIER_NAMED for s in getattr(na, f)] + list(EARLIER_BLIND)


def test_twelve_new_styles_apart_from_earlier_families():
    styles = h42.HELDOUT42
    names = [s.name for s in styles]
    assert len(styles) == 12 and len(set(names)) == 12
    assert all(n.startswith("s_") for n in names)
    earlier = _earlier()
    assert len(EARLIER_BLIND) >= 27 * 10  # every blind family from HELDOUT15 to HELDOUT41
    assert not {s.name for s in earlier} & set(names)
    fonts = [s.clue_font for s in styles]
    assert sum(f is None for f in fonts) == 1  # one style keeps the input's clues
    assert len(set(fonts)) == 12
    earlier_fonts = {s.clue_font for s in earlier} | {h23.INPUT_FONT} | {
        m.CHANGE_FONT for m in EARLIER_MODULES if hasattr(m, "CHANGE_FONT")}
    assert not (set(fonts) - {None}) & earlier_fonts
    assert h42.CHANGE_FONT not in earlier_fonts | set(fonts)
    assert set(ALL_FACES) == set(h42.DEBIAN_FACES)
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


@pytest.mark.parametrize("style", h42.HELDOUT42, ids=lambda s: s.name)
def test_every_style_builds_for_every_error_and_is_deterministic(style):
    """Every planted error drawn (before the page changes), each a different picture; one of them (in turn over the
    styles, so that every error is drawn whole for two styles) drawn whole through ``make_answer`` and again with the
    same seed (identical bytes), and the error-free page with another seed (another picture)."""
    pages = {}
    for error in na.ERRORS:
        a, _ = _page(style.name, error, "5x5", 5000)
        assert a.dtype == np.uint8 and a.ndim == 3 and a.shape[2] == 3 and min(a.shape[:2]) >= 300
        pages[error] = _digest(a)
    assert len(set(pages.values())) == len(na.ERRORS)  # every planted error changes the picture
    error = na.ERRORS[h42.HELDOUT42.index(style) % len(na.ERRORS)]
    a = _answer(style.name, error, 0)
    assert a.dtype == np.uint8 and a.ndim == 3 and a.shape[2] == 3 and min(a.shape[:2]) >= 300
    p = _puzzle(5000, "5x5")
    b = h42.make_answer42(p.input_image, p.layout, p.ground_truth, style, error, seed=0)  # the same seed again
    assert _digest(b) == _digest(a)
    a1, _, _ = h42.draw_page42(p.input_image, p.layout, p.ground_truth, style, "none", seed=1)
    assert _digest(a1) != pages["none"]  # another seed, another answer


def test_the_hook_draws_two_planted_errors_as_the_family_does():
    """``nonogram_answers.make_answer`` hands a HELDOUT42 style to its ``draw_answer``: a redraw's clue_changed page
    and a kept-clues page's x_instead page come out byte for byte as :func:`make_answer42` draws them."""
    p = _puzzle(5000, "5x5")
    for name, error in (("s_madscrawl_stylusscrape_redrawetchasketch", "clue_changed"),
                        ("s_keptclues_treacletoffee_starfish", "x_instead")):
        style = STYLES[name]
        assert hasattr(style, "draw_answer")
        a = na.make_answer(p.input_image, p.layout, p.ground_truth, style, error, seed=2)
        b = h42.make_answer42(p.input_image, p.layout, p.ground_truth, style, error, seed=2)
        assert a.tobytes() == b.tobytes(), (name, error)


# three styles: a redraw, a page change on a margin, a shadow across the page
CROSS = (("s_johnnymacscrawl_irongall_redrawparchment", "clue_changed"),
         ("s_technooverload_amethystdruse_thimble", "none"), ("s_lightsout_periwinkles_branchshadow", "x_instead"))

DIGESTS = """
import hashlib, sys
sys.path.insert(0, {tests!r})
import nonogram_answers as na
import nonogram_heldout42 as h42
from genpuzzle.registry import get_track
p = get_track("nonogram").generate(5000, "5x5")
styles = {{s.name: s for s in h42.HELDOUT42}}
for name, error in {cross!r}:
    a = na.make_answer(p.input_image, p.layout, p.ground_truth, styles[name], error, seed=0)
    print(name, error, hashlib.sha256(a.tobytes()).hexdigest())
"""


def test_same_bytes_in_another_process_with_another_hash_seed():
    mine = "".join(f"{name} {error} {_digest(_answer(name, error, 0))}\n" for name, error in CROSS)
    code = DIGESTS.format(tests=str(Path(__file__).resolve().parent), cross=CROSS)
    seed = "7" if os.environ.get("PYTHONHASHSEED") == "1" else "1"
    env = dict(os.environ, PYTHONHASHSEED=seed)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out == mine


@pytest.mark.parametrize("variant", ["10x10", "15x15"])
def test_sizes_of_larger_puzzles(variant):
    """Half the styles at each larger size (every style at one of them)."""
    p = _puzzle(5010, variant)
    h, w = np.asarray(p.input_image).shape[:2]
    for k, style in enumerate(h42.HELDOUT42):
        if k % 2 != ("10x10", "15x15").index(variant):
            continue
        a = _answer(style.name, "none", 0, variant, 5010)
        assert 0.8 * min(h, w) <= min(a.shape[:2]) and max(a.shape[:2]) <= 2.2 * max(h, w), (style.name, a.shape)


def test_a_short_popsicle_stick_is_drawn():
    """(The lead, after the family was written) Pillow 13 refused a stick shorter than its round ends at fractional px
    ("x1 must be greater than or equal to x0") on the seed-5 10x10 page's changed clue: its ends are drawn less round."""
    a = _answer("s_gaposissolid_morels_floralduvet", "clue_changed", 0, "10x10", 5010)
    assert a.ndim == 3 and a.shape[2] == 3


@pytest.mark.parametrize("style", h42.HELDOUT42, ids=lambda s: s.name)
def test_error_free_page_marks_the_solution_and_planted_light_cells_sit_between(style):
    """At 5x5 and at one larger size (10x10 and 15x15 in turn over the styles)."""
    k = h42.HELDOUT42.index(style)
    for variant in ("5x5", ("10x10", "15x15")[k % 2]):
        truth = _puzzle(5020, variant).ground_truth
        page, geo = _page(style.name, "none", variant)
        if not style.redraw:
            assert page.shape == np.asarray(_puzzle(5020, variant).input_image.convert("RGB")).shape
        means = _cell_means(page, geo, truth)
        fills = [m for _, _, v, m in means if v]
        empties = [m for _, _, v, m in means if not v]
        assert max(fills) < min(empties) - 40, (style.name, variant, max(fills), min(empties))
        page, geo = _page(style.name, "extra_light", variant)
        means = sorted(m for _, _, v, m in _cell_means(page, geo, truth, 0.22) if not v)
        light, rest = means[:3], means[3:]  # the three planted pale cells are the most inked of the empty cells
        assert all(max(fills) < m for m in light) and light[-1] < rest[0] - 4, (style.name, variant, light, rest[:2])


@pytest.mark.parametrize("style", h42.HELDOUT42, ids=lambda s: s.name)
def test_planted_cells_are_plain_on_the_page(style):
    """Before the page changes, a person sees each planted cell at once: the outlined cell a dark ring round a pale
    middle, a crossed cell inked but far paler than a fill, a missing fill as pale as the empty cells."""
    truth = _puzzle(5020, "5x5").ground_truth
    for error in ("extra_outline", "x_instead", "missing"):
        plan = na.plant(truth["solution"], error, random.Random(f"h42:{style.name}:{error}:0"))
        page, geo = _page(style.name, error)
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


@pytest.mark.parametrize("mode", sorted({s.clue_change for s in h42.HELDOUT42} | NEW_CHANGES))
def test_a_changed_clue_changes_its_line(mode):
    for seed in range(12):
        truth = _puzzle(5030 + seed, ("5x5", "10x10", "15x15")[seed % 3]).ground_truth
        change = h42._change42(truth, mode, random.Random(seed))
        rows, cols = h42._line_values(truth, change)
        assert (rows, cols) != h42._line_values(truth, None), (mode, seed)
        assert all(v and all(t.isdigit() for t in v) for v in rows + cols)


def test_split_in_three_and_ones_dropped_are_new_kinds_of_changed_clue():
    earlier = {getattr(s, "clue_change", "") for s in _earlier()}
    mine = {s.clue_change for s in h42.HELDOUT42}
    assert NEW_CHANGES <= mine and not NEW_CHANGES & earlier
    assert len(mine - NEW_CHANGES) >= 6  # the earlier kinds' variety kept


def test_a_number_split_in_three_keeps_the_line_fitting():
    """``split_in_three`` writes one number of at least 5 as three numbers summing two less: the line gains two
    numbers and still fits its length."""
    for seed in range(12):
        truth = _puzzle(5030 + seed, ("5x5", "10x10", "15x15")[seed % 3]).ground_truth
        kind, i, new = h42._change42(truth, "split_in_three", random.Random(seed))
        vals = h42._values(truth[f"{kind}_clues"])
        n = len(truth["solution"][0]) if kind == "row" else len(truth["solution"])
        if not any(int(t) >= 5 for k in ("row", "col") for v in h42._values(truth[f"{k}_clues"]) for t in v):
            continue  # no line holds a 5: one number split in two instead
        assert len(new) == len(vals[i]) + 2 and all(int(t) >= 1 for t in new)
        assert sum(int(t) for t in new) == sum(int(t) for t in vals[i]) - 2
        assert sum(int(t) for t in new) + len(new) - 1 <= n
    truth = {"row_clues": [[1, 6], [2]], "col_clues": [[1], [1]], "solution": [[0] * 8] * 2}
    for seed in range(6):  # the 6 is the one number of at least 5: written as three numbers summing 4
        kind, i, new = h42._change42(truth, "split_in_three", random.Random(seed))
        assert (kind, i) == ("row", 0) and new[0] == "1" and len(new) == 4 and sum(int(t) for t in new[1:]) == 4


def test_ones_dropped_leaves_out_every_one_of_a_mixed_line():
    for seed in range(12):
        truth = _puzzle(5030 + seed, ("5x5", "10x10", "15x15")[seed % 3]).ground_truth
        kind, i, new = h42._change42(truth, "ones_dropped", random.Random(seed))
        vals = h42._values(truth[f"{kind}_clues"])
        if "1" in vals[i] and any(int(t) > 1 for t in vals[i]):
            assert new == [t for t in vals[i] if t != "1"] and new
    truth = {"row_clues": [[1, 3, 1], [1, 1]], "col_clues": [[2], [4]], "solution": [[0] * 8] * 2}
    for seed in range(6):  # (1 3 1) is the one line holding a 1 and a larger number
        assert h42._change42(truth, "ones_dropped", random.Random(seed)) == ("row", 0, ["3"])


def test_the_changed_clue_is_drawn_on_the_page():
    """The clue strips of a clue_changed page differ from the error-free page's (the grid's cells aside)."""
    p = _puzzle(5020, "5x5")
    for style in h42.HELDOUT42:
        if style.redraw:
            continue
        a, _ = _page(style.name, "none")
        b, _ = _page(style.name, "clue_changed")
        gx0, gy0, _, _ = p.layout["grid_bbox"]
        strips = np.zeros(a.shape[:2], bool)
        strips[:gy0 - 4, gx0:] = True
        strips[gy0:, :gx0 - 4] = True
        assert (np.abs(_grey(a) - _grey(b))[strips] > 60).sum() > 20, style.name


@pytest.mark.parametrize("variant", ["5x5", "15x15"])
def test_two_numbers_of_a_row_never_read_as_one(variant):
    """The gap between two numbers of a row clue is wider than the space between two figures of one number, on the
    input's page (the narrowest gap the style draws) and on the redrawn puzzles."""
    p = _puzzle(5020, variant)
    rows, cols = h42._line_values(p.ground_truth, None)
    gx0, gy0, gx1, _ = p.layout["grid_bbox"]
    off = p.layout["cell_px"] * 0.3
    ref = h42._digit_h(h42._font(h42.INPUT_FONT, p.layout["clue_font_px"]))
    for style in h42.HELDOUT42:
        if not style.clue_font:
            continue
        if style.redraw:
            face = h40._Face40(style.clue_font, ref * style.clue_scale[0], style.clue_stroke)
            gap = max(face.h * 1.0, face.inner + 0.35 * face.h)
        else:
            face, gap, _ = h40._fit40(style.clue_font, ref, style.clue_stroke, style.clue_gap[0] * 1.3, 1.6, rows,
                                      cols, gx0 - off - 6, gy0 - off - 6, (gx1 - gx0) / p.layout["cols"])
        inner = max(face.width(a + b) - face.width(a) - face.width(b) for a in "1234" for b in "0123")
        assert gap > inner + 2 and gap >= 0.5 * face.h, (style.name, gap, inner)


def test_redrawn_puzzles_keep_their_clues_apart_from_the_grid():
    """A redrawn page's clue box lies inside its picture and its grid inside the clue box."""
    for style in h42.HELDOUT42:
        if not style.redraw:
            continue
        page, geo = _page(style.name, "none")
        x0, y0, x1, y1 = geo["keep"]
        gx0, gy0, gx1, gy1 = geo["grid_bbox"]
        assert 0 <= x0 < gx0 < gx1 < x1 <= page.shape[1] and 0 <= y0 < gy0 < gy1 < y1 <= page.shape[0], style.name


def test_redraws_are_new_layouts():
    earlier = {getattr(s, "redraw", "") for s in _earlier()}
    mine = {s.redraw for s in h42.HELDOUT42} - {""}
    assert len(mine) >= 2 and not mine & earlier


def test_clue_faces_are_new_installed_and_legible():
    """Every face is installed, draws ten distinct figures, and no earlier family names its file or its family."""
    earlier_docs = " ".join(m.__doc__ or "" for m in EARLIER_MODULES) + (na.font_path.__doc__ or "")
    earlier_src = " ".join(Path(m.__file__).read_text() for m in EARLIER_MODULES)
    assert len(set(ALL_FACES)) == 12
    for font in ALL_FACES:
        path = h42.face_path(font)
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
        out = subprocess.run(["dpkg", "-S", str(h42.face_path(font).resolve())], capture_output=True, text=True,
                             check=True)
        assert out.stdout.split(":")[0].strip() == h42.DEBIAN_FACES[font] == "fonts-aenigma", font
    text = Path("/usr/share/doc/fonts-aenigma/copyright").read_text()
    assert "you can redistribute any of my fonts" in text and "to create new fonts, based on your fonts" in text


def test_clue_fonts_are_kept_out_of_digit_training():
    """Fails until the lead adds this family's file prefixes to digit_data.NONOGRAM_HELDOUT."""
    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "tools"))
    import digit_data

    for font in ALL_FACES:
        path = h42.face_path(font)
        assert any(d in path.resolve().parts for d in digit_data.NONOGRAM_HELDOUT_DIRS), font
        # fails until the lead adds the family's prefixes to digit_data.NONOGRAM_HELDOUT
        assert digit_data._name_in(path, digit_data.NONOGRAM_HELDOUT), font
