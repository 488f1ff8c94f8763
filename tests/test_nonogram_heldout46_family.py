"""HELDOUT46 (tests/nonogram_heldout46.py, a blind answer family): every style builds for every planted error, its
answers are deterministic (same seed, identical bytes, also in another process with another hash seed) and drawn through
make_answer's hook, and an error-free page (before its page changes) has the solution cells marked and every other cell
not, its planted cells are plain (pale ice-cream cones, giraffes, kick scooters or jellyfish; a heavy frame; a paler X;
a missing fill), a changed clue really changes its line (one figure written twice, the line's total written after it,
the line written twice over), two numbers of a row never sit so close that they read as one, nor two columns' numbers,
nor two figures of one number so close that they touch, its styles, fills, marks, grids, page changes and changed-clue
kinds are new to the earlier families (HELDOUT45 too), and its clue faces are installed, each from Debian's
fonts-aenigma (no earlier family uses their files or families, none is a reserved display face), under a free licence,
and kept out of digit training. No verdict figures: the family is measured, not tested against. Pages are drawn once
per worker and shared between the checks, and the larger sizes are spread over the styles rather than drawn for every
one."""

from __future__ import annotations

import hashlib
import os
import random
import re
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
import nonogram_heldout43 as h43
import nonogram_heldout44 as h44
import nonogram_heldout45 as h45
import nonogram_heldout46 as h46
import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from genpuzzle.registry import get_track

EARLIER_MODULES = (h15, h16, h17, h18, h19, h20, h21, h22, h23, h24, h25, h26, h27, h28, h29, h30, h31, h32, h33,
                   h34, h35, h36, h37, h38, h39, h40, h41, h42, h43, h44, h45)
EARLIER_BLIND = tuple(s for i, m in enumerate(EARLIER_MODULES, start=15) for s in getattr(m, f"HELDOUT{i}"))
EARLIER_NAMED = ["TUNE", "HELDOUT"] + [f"HELDOUT{i}" for i in range(2, 15)]
STYLE_FACES = [s.clue_font for s in h46.HELDOUT46 if s.clue_font]
ALL_FACES = STYLE_FACES + [h46.CHANGE_FONT]
STYLES = {s.name: s for s in h46.HELDOUT46}
NEW_CHANGES = {"figure_stuttered", "total_appended", "line_echoed"}
VARIANTS = ("5x5", "10x10", "15x15")
PSEED = 5020  # the 5x5 puzzle every check draws (so that a worker draws each page once)
TOOLS = Path(__file__).resolve().parent.parent / "tools"


@cache
def _puzzle(seed: int, variant: str):
    return get_track("nonogram").generate(seed, variant)


@cache
def _answer(name: str, error: str, seed: int, variant: str = "5x5", pseed: int = PSEED) -> np.ndarray:
    """An answer drawn through ``nonogram_answers.make_answer`` (once per worker)."""
    p = _puzzle(pseed, variant)
    return na.make_answer(p.input_image, p.layout, p.ground_truth, STYLES[name], error, seed=seed)


@cache
def _page(name: str, error: str, variant: str = "5x5", pseed: int = PSEED):
    """A page before its page changes and its geometry (once per worker)."""
    p = _puzzle(pseed, variant)
    page, _, geo = h46.draw_page46(p.input_image, p.layout, p.ground_truth, STYLES[name], error, seed=0)
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
            x0, y0, x1, y1 = h46._box25(geo, r, c)
            s = inset * min(x1 - x0, y1 - y0)
            out.append((r, c, v, float(g[round(y0 + s):round(y1 - s), round(x0 + s):round(x1 - s)].mean())))
    return out


def _earlier():
    return [s for f in EARLIER_NAMED for s in getattr(na, f)] + list(EARLIER_BLIND)


def _digit_data():
    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))
    import digit_data

    return digit_data


def test_twelve_new_styles_apart_from_earlier_families():
    styles = h46.HELDOUT46
    names = [s.name for s in styles]
    assert len(styles) == 12 and len(set(names)) == 12
    assert all(n.startswith("s_") for n in names)
    earlier = _earlier()
    assert len(EARLIER_BLIND) >= 31 * 10  # every blind family from HELDOUT15 to HELDOUT45
    assert not {s.name for s in earlier} & set(names)
    fonts = [s.clue_font for s in styles]
    assert sum(f is None for f in fonts) == 1  # one style keeps the input's clues
    assert len(set(fonts)) == 12
    earlier_fonts = {s.clue_font for s in earlier} | {h23.INPUT_FONT} | {
        m.CHANGE_FONT for m in EARLIER_MODULES if hasattr(m, "CHANGE_FONT")}
    assert not (set(fonts) - {None}) & earlier_fonts
    assert h46.CHANGE_FONT not in earlier_fonts | set(fonts)
    assert set(ALL_FACES) == set(h46.DEBIAN_FACES)
    assert len({s.fill for s in styles}) == 12 and not {s.fill for s in earlier} & {s.fill for s in styles}
    mine_empty = {s.empty for s in styles} - {"none"}
    assert len(mine_empty) == 4 and not {s.empty for s in earlier} & mine_empty
    for field in ("light_mark", "outline_mark", "cross_mark", "grid"):
        mine = {getattr(s, field) for s in styles} - {"kept"}
        assert len(mine) == 4 and not {getattr(s, field) for s in earlier} & mine, field
    earlier_effects = {e for s in earlier for e in s.effects} - {"jpeg"}
    assert not earlier_effects & {e for s in styles for e in s.effects}
    assert len({e for s in styles for e in s.effects} - {"jpeg"}) == 12  # a page change of its own per style
    # a style that marks its empty cells leaves a missing fill bare among them
    assert all(s.missing_bare for s in styles if s.empty != "none")


@pytest.mark.parametrize("style", h46.HELDOUT46, ids=lambda s: s.name)
def test_every_style_builds_for_every_error_and_is_deterministic(style):
    """Every planted error drawn (before the page changes), each a different picture; one of them (in turn over the
    styles, so that every error is drawn whole for two styles) drawn whole through ``make_answer`` and again with the
    same seed (identical bytes), and the error-free page with another seed (another picture)."""
    pages = {}
    for error in na.ERRORS:
        a, _ = _page(style.name, error)
        assert a.dtype == np.uint8 and a.ndim == 3 and a.shape[2] == 3 and min(a.shape[:2]) >= 300
        pages[error] = _digest(a)
    assert len(set(pages.values())) == len(na.ERRORS)  # every planted error changes the picture
    error = na.ERRORS[h46.HELDOUT46.index(style) % len(na.ERRORS)]
    a = _answer(style.name, error, 0)
    assert a.dtype == np.uint8 and a.ndim == 3 and a.shape[2] == 3 and min(a.shape[:2]) >= 300
    p = _puzzle(PSEED, "5x5")
    b = h46.make_answer46(p.input_image, p.layout, p.ground_truth, style, error, seed=0)  # the same seed again
    assert _digest(b) == _digest(a)
    a1, _, _ = h46.draw_page46(p.input_image, p.layout, p.ground_truth, style, "none", seed=1)
    assert _digest(a1) != pages["none"]  # another seed, another answer


def test_the_hook_draws_two_planted_errors_as_the_family_does():
    """``nonogram_answers.make_answer`` hands a HELDOUT46 style to its ``draw_answer``: a redrawn-clue page's
    clue_changed page and the kept-clues page's x_instead page come out byte for byte as :func:`make_answer46` draws
    them."""
    p = _puzzle(PSEED, "5x5")
    for name, error in (("s_vantagebrk_pencilleads_bakingtray", "clue_changed"),
                        ("s_keptclues_crinkleshred_eraser", "x_instead")):
        style = STYLES[name]
        assert hasattr(style, "draw_answer")
        a = na.make_answer(p.input_image, p.layout, p.ground_truth, style, error, seed=2)
        b = h46.make_answer46(p.input_image, p.layout, p.ground_truth, style, error, seed=2)
        assert a.tobytes() == b.tobytes(), (name, error)


# three styles: a surface round the page, an object on a margin, a shadow across the page
CROSS = (("s_inevitablebrk_raffia_canewebbing", "clue_changed"),
         ("s_variancebrk_flatwashers_clementine", "none"),
         ("s_saunderbrk_grosgrain_stepladder", "x_instead"))

DIGESTS = """
import hashlib, sys
sys.path.insert(0, {tests!r})
import nonogram_answers as na
import nonogram_heldout46 as h46
from genpuzzle.registry import get_track
p = get_track("nonogram").generate({pseed}, "5x5")
styles = {{s.name: s for s in h46.HELDOUT46}}
for name, error in {cross!r}:
    a = na.make_answer(p.input_image, p.layout, p.ground_truth, styles[name], error, seed=0)
    print(name, error, hashlib.sha256(a.tobytes()).hexdigest())
"""


def test_same_bytes_in_another_process_with_another_hash_seed():
    mine = "".join(f"{name} {error} {_digest(_answer(name, error, 0))}\n" for name, error in CROSS)
    code = DIGESTS.format(tests=str(Path(__file__).resolve().parent), cross=CROSS, pseed=PSEED)
    seed = "7" if os.environ.get("PYTHONHASHSEED") == "1" else "1"
    env = dict(os.environ, PYTHONHASHSEED=seed)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out == mine


@pytest.mark.parametrize("variant", ["10x10", "15x15"])
def test_sizes_of_larger_puzzles(variant):
    """A third of the styles at each larger size (the styles not drawn whole at that size below)."""
    p = _puzzle(5010, variant)
    h, w = np.asarray(p.input_image).shape[:2]
    for k, style in enumerate(h46.HELDOUT46):
        if k % 3 != 1 + ("10x10", "15x15").index(variant):
            continue
        a = _answer(style.name, "none", 0, variant, 5010)
        assert 0.8 * min(h, w) <= min(a.shape[:2]) and max(a.shape[:2]) <= 2.2 * max(h, w), (style.name, a.shape)


@pytest.mark.parametrize("style", h46.HELDOUT46, ids=lambda s: s.name)
def test_error_free_page_marks_the_solution_and_planted_light_cells_sit_between(style):
    """At 5x5 and at one larger size (10x10 and 15x15 in turn over the styles); a third of the styles are also drawn
    whole at their larger size, their page changes on."""
    k = h46.HELDOUT46.index(style)
    variant = ("10x10", "15x15")[k % 2]
    for v in ("5x5", variant):
        truth = _puzzle(PSEED, v).ground_truth
        page, geo = _page(style.name, "none", v)
        assert page.shape == np.asarray(_puzzle(PSEED, v).input_image.convert("RGB")).shape
        means = _cell_means(page, geo, truth)
        fills = [m for _, _, val, m in means if val]
        empties = [m for _, _, val, m in means if not val]
        assert max(fills) < min(empties) - 40, (style.name, v, max(fills), min(empties))
        page, geo = _page(style.name, "extra_light", v)
        means = sorted(m for _, _, val, m in _cell_means(page, geo, truth, 0.22) if not val)
        light, rest = means[:3], means[3:]  # the three planted pale cells are the most inked of the empty cells
        assert all(max(fills) < m for m in light) and light[-1] < rest[0] - 4, (style.name, v, light, rest[:2])
    if k % 3 == 0:
        p = _puzzle(PSEED, variant)
        h, w = np.asarray(p.input_image).shape[:2]
        a = _answer(style.name, "none", 0, variant)
        assert 0.8 * min(h, w) <= min(a.shape[:2]) and max(a.shape[:2]) <= 2.2 * max(h, w), (style.name, a.shape)


@pytest.mark.parametrize("style", h46.HELDOUT46, ids=lambda s: s.name)
def test_planted_cells_are_plain_on_the_page(style):
    """Before the page changes, a person sees each planted cell at once: the outlined cell a dark ring round a pale
    middle, a crossed cell inked but far paler than a fill, a missing fill as pale as the empty cells."""
    truth = _puzzle(PSEED, "5x5").ground_truth
    for error in ("extra_outline", "x_instead", "missing"):
        plan = na.plant(truth["solution"], error, random.Random(f"h46:{style.name}:{error}:0"))
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


@pytest.mark.parametrize("mode", sorted({s.clue_change for s in h46.HELDOUT46} | NEW_CHANGES))
def test_a_changed_clue_changes_its_line(mode):
    for seed in range(12):
        truth = _puzzle(5030 + seed, VARIANTS[seed % 3]).ground_truth
        change = h46._change46(truth, mode, random.Random(seed))
        rows, cols = h46._line_values(truth, change)
        assert (rows, cols) != h46._line_values(truth, None), (mode, seed)
        assert all(v and all(t.isdigit() and int(t) >= 0 for t in v) for v in rows + cols)


def test_the_new_kinds_of_changed_clue_are_new():
    earlier = {getattr(s, "clue_change", "") for s in _earlier()}
    mine = {s.clue_change for s in h46.HELDOUT46}
    assert NEW_CHANGES <= mine and not NEW_CHANGES & earlier
    assert len(mine - NEW_CHANGES) >= 6  # the earlier kinds' variety kept


def _old_new(truth, mode: str, seed: int) -> tuple[list[str], list[str]]:
    kind, i, new = h46._change46(truth, mode, random.Random(seed))
    return h46._values(truth[f"{kind}_clues"])[i], new


def test_figure_stuttered_writes_one_figure_twice():
    """``figure_stuttered`` writes one single-figure number of a line with its figure twice (3 as 33): as many
    numbers, one of them changed into its figure repeated (a number of at least 2 on a line of two or more numbers
    where the puzzle has one)."""
    for seed in range(12):
        truth = _puzzle(5030 + seed, VARIANTS[seed % 3]).ground_truth
        old, new = _old_new(truth, "figure_stuttered", seed)
        diff = [(a, b) for a, b in zip(old, new) if a != b]
        assert len(new) == len(old) and len(diff) == 1, (old, new)
        (a, b), = diff
        assert len(a) == 1 and b == a + a and int(a) >= 1
        lines = [v for k_ in ("row", "col") for v in h46._values(truth[f"{k_}_clues"])]
        if any(len(v) >= 2 and any(len(t) == 1 and int(t) >= 2 for t in v) for v in lines):
            assert len(old) >= 2 and int(a) >= 2, (old, new)
    truth = {"row_clues": [[1, 2], [3]], "col_clues": [[1], [1], [1], [2], [1]],
             "solution": [[1, 0, 0, 1, 1], [0, 1, 1, 1, 0]]}
    seen = {tuple(_old_new(truth, "figure_stuttered", seed)[1]) for seed in range(12)}
    assert seen == {("1", "22")}  # only the 2 of the line of two numbers


def test_total_appended_writes_the_lines_total_after_it():
    """``total_appended`` keeps a line's numbers and writes their total after them (a line of two or more numbers
    where the puzzle has one)."""
    for seed in range(12):
        truth = _puzzle(5030 + seed, VARIANTS[seed % 3]).ground_truth
        old, new = _old_new(truth, "total_appended", seed)
        assert new[:-1] == old and int(new[-1]) == sum(int(t) for t in old) >= 1, (old, new)
        if any(len(v) >= 2 for k_ in ("row", "col") for v in h46._values(truth[f"{k_}_clues"])):
            assert len(old) >= 2, (old, new)
    truth = {"row_clues": [[], [3]], "col_clues": [[1], [1], [1]], "solution": [[0, 0, 0], [1, 1, 1]]}
    for seed in range(6):  # no line of two numbers: a line with a number (never the empty one)
        old, new = _old_new(truth, "total_appended", seed)
        assert old != ["0"] and new == old + old, (old, new)


def test_line_echoed_writes_the_line_twice_over():
    """``line_echoed`` writes a line's numbers twice over (2 3 as 2 3 2 3; a line of two or more numbers where the
    puzzle has one, never an empty line)."""
    for seed in range(12):
        truth = _puzzle(5030 + seed, VARIANTS[seed % 3]).ground_truth
        old, new = _old_new(truth, "line_echoed", seed)
        assert new == old + old and old != ["0"], (old, new)
        if any(len(v) >= 2 for k_ in ("row", "col") for v in h46._values(truth[f"{k_}_clues"])):
            assert len(old) >= 2, (old, new)
    truth = {"row_clues": [[], []], "col_clues": [[], []], "solution": [[0, 0], [0, 0]]}
    new = h46._change46(truth, "line_echoed", random.Random(0))[2]  # nothing to echo: one number one more
    assert new == ["1"]


def test_the_changed_clue_is_drawn_on_the_page():
    """The clue strips of a clue_changed page differ from the error-free page's (the grid's cells aside)."""
    p = _puzzle(PSEED, "5x5")
    for style in h46.HELDOUT46:
        a, _ = _page(style.name, "none")
        b, _ = _page(style.name, "clue_changed")
        gx0, gy0, _, _ = p.layout["grid_bbox"]
        strips = np.zeros(a.shape[:2], bool)
        strips[:gy0 - 4, gx0:] = True
        strips[gy0:, :gx0 - 4] = True
        assert (np.abs(_grey(a) - _grey(b))[strips] > 60).sum() > 20, style.name


@pytest.mark.parametrize("variant", ["5x5", "15x15"])
def test_two_numbers_of_a_row_never_read_as_one(variant):
    """The gap between two numbers of a row clue is wider than the space between two figures of one number by most
    of a figure's height, on the input's page (the narrowest gap the style draws); and the widest number of a column
    clue leaves more room to its neighbour column's than that space."""
    p = _puzzle(PSEED, variant)
    rows, cols = h46._line_values(p.ground_truth, None)
    gx0, gy0, gx1, _ = p.layout["grid_bbox"]
    off = p.layout["cell_px"] * 0.3
    ref = h46._digit_h(h46._font(h46.INPUT_FONT, p.layout["clue_font_px"]))
    cw = (gx1 - gx0) / p.layout["cols"]
    for style in h46.HELDOUT46:
        if not style.clue_font:
            continue
        face, gap, _ = h46._fit46(style.clue_font, ref * style.clue_scale[1], style.clue_stroke,
                                  style.clue_gap[0] * 1.3, 1.6, rows, cols, gx0 - off - 6, gy0 - off - 6, cw)
        widest = max(face.width(t) for v in cols for t in v)
        assert cw - widest > face.inner + 0.6 * face.h, (style.name, cw, widest, face.inner, face.h)
        inner = max(face.width(a + b) - face.width(a) - face.width(b) for a in "1234" for b in "0123")
        assert gap > inner + 0.6 * face.h and gap >= 0.8 * face.h, (style.name, gap, inner, face.h)


def test_two_figures_of_a_number_never_touch():
    """At the smallest clue size, the figures of a two-figure number sit at least a sixth of a figure's height apart
    in every face (a tight face's 14 and 15 never close into an H or a B), and a number reads as its figures."""
    for font in ALL_FACES:
        face = h46._Face46(font, 13)
        for t in ["10", "11", "12", "13", "14", "15", "17", "18", "24", "33", "44"]:
            a, b = t
            assert face.width(t) - face.width(a) - face.width(b) >= 0.15 * face.mask("0")[0].shape[0] - 0.5, (font, t)
            m, _ = face.mask(t)
            ma, mb = face.mask(a)[0], face.mask(b)[0]
            assert abs(float(m.sum()) - float(ma.sum() + mb.sum())) < 0.05 * float(m.sum()), (font, t)


def test_clue_faces_are_new_installed_and_legible():
    """Every face is installed and draws ten distinct figures; no earlier family uses its file or its family (nor a
    sister face: the family's first word), and no earlier family's notes name it (HELDOUT44 left none of these for
    later families)."""
    earlier_docs = " ".join(m.__doc__ or "" for m in EARLIER_MODULES) + (na.font_path.__doc__ or "")
    earlier_src = " ".join(Path(m.__file__).read_text() for m in EARLIER_MODULES)
    earlier_fonts = {s.clue_font for s in _earlier() if s.clue_font} | {
        m.CHANGE_FONT for m in EARLIER_MODULES if hasattr(m, "CHANGE_FONT")}
    earlier_families = set()
    for font in earlier_fonts:
        try:
            earlier_families.add(ImageFont.truetype(str(na.font_path(font)), 20).getname()[0])
        except (OSError, FileNotFoundError):
            continue
    earlier_first = {f.split()[0].lower() for f in earlier_families}
    assert len(set(ALL_FACES)) == 12
    mine_first = set()
    for font in ALL_FACES:
        path = h46.face_path(font)
        assert path.exists() and "aenigma" in str(path), font
        family = ImageFont.truetype(str(path), 20).getname()[0]
        first = family.split()[0]
        mine_first.add(first.lower())
        assert family not in earlier_families and first.lower() not in earlier_first, (font, family)
        assert not re.search(rf"\b{re.escape(first)}\b", earlier_docs, re.IGNORECASE), (font, family)
        assert Path(font).stem not in earlier_docs and f'"{font}"' not in earlier_src, font
        face = ImageFont.truetype(str(path), 40)
        glyphs = set()
        for d in "0123456789":
            im = Image.new("L", (80, 80), 0)
            ImageDraw.Draw(im).text((10, 10), d, font=face, fill=255)
            assert np.asarray(im).max() > 128, (font, d)
            glyphs.add(im.tobytes())
        assert len(glyphs) == 10, font
    assert len(mine_first) == 12  # no two of the family's faces are sisters


def test_clue_faces_are_not_the_digit_readers_reserved_display_faces():
    """``digit_data.DISPLAY_HELDOUT`` is reserved for the digit reader's own held-out figures: no face here is one
    of them, nor a sister of one (a face of the same family's first word)."""
    dd = _digit_data()
    folder = Path("/usr/share/fonts/truetype/aenigma")
    reserved = set()
    for stem in dd.DISPLAY_HELDOUT:
        for p in folder.glob(f"{stem}.*"):
            reserved.add(ImageFont.truetype(str(p), 20).getname()[0].split()[0].lower())
    for font in ALL_FACES:
        path = h46.face_path(font)
        assert path.stem not in dd.DISPLAY_HELDOUT and not dd._name_in(path, dd.DISPLAY_HELDOUT), font
        first = ImageFont.truetype(str(path), 20).getname()[0].split()[0].lower()
        assert first not in reserved, (font, first)


@pytest.mark.skipif(shutil.which("dpkg") is None, reason="needs dpkg to tell which package ships a font")
def test_each_clue_font_comes_from_fonts_aenigma_under_a_free_licence():
    """Every face, the retyped line's too, is a file of Debian's fonts-aenigma, whose copyright lets anyone
    redistribute and change its fonts."""
    paths = {str(h46.face_path(font).resolve()): font for font in ALL_FACES}
    out = subprocess.run(["dpkg", "-S", *paths], capture_output=True, text=True, check=True).stdout
    owner = {line.split(": ", 1)[1].strip(): line.split(":")[0].strip() for line in out.splitlines() if ": " in line}
    for path, font in paths.items():
        assert owner.get(path) == h46.DEBIAN_FACES[font] == "fonts-aenigma", font
    text = Path("/usr/share/doc/fonts-aenigma/copyright").read_text()
    assert "you can redistribute any of my fonts" in text and "to create new fonts, based on your fonts" in text


def test_clue_fonts_are_kept_out_of_digit_training():
    """The faces' folder is held out of digit training as a whole (``digit_data.NONOGRAM_HELDOUT_DIRS``)."""
    dd = _digit_data()
    for font in ALL_FACES:
        path = h46.face_path(font)
        assert any(d in path.resolve().parts for d in dd.NONOGRAM_HELDOUT_DIRS), font


def _prefixes_listed() -> bool:
    dd = _digit_data()
    return all(dd._name_in(h46.face_path(font), dd.NONOGRAM_HELDOUT) for font in ALL_FACES)


@pytest.mark.xfail(not _prefixes_listed(), strict=True,
                   reason="until the lead adds this family's file prefixes to digit_data.NONOGRAM_HELDOUT")
def test_clue_font_prefixes_are_listed_in_nonogram_heldout():
    dd = _digit_data()
    for font in ALL_FACES:
        assert dd._name_in(h46.face_path(font), dd.NONOGRAM_HELDOUT), font
