"""HELDOUT40 (tests/nonogram_heldout40.py, a blind answer family): every style builds for every planted error, its
answers are deterministic (same seed, identical bytes, also in another process with another hash seed) and drawn
through make_answer's hook, and an error-free page (before its page changes) has the solution cells marked and every
other cell not, its planted cells are plain (pale rabbits, butterflies, envelopes or light bulbs; a heavy frame; a
paler X; a missing fill), a changed clue really changes its line (a halved one an even number written as half itself,
a repeated one a number written twice in a row and still fitting its line), two numbers of a row never sit so close
that they read as one, its styles, fills, marks, grids, page changes, changed-clue kinds and redraws are new to the
earlier families, and its clue faces are installed, each from the PyPI distribution or Debian package its docstring
lists (one face per distribution, three from fonts-aenigma), under free licences, and kept out of digit training. No
verdict figures: the family is measured, not tested against."""

from __future__ import annotations

import hashlib
import importlib.metadata
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
import nonogram_heldout38 as h38
import nonogram_heldout39 as h39
import nonogram_heldout40 as h40
import numpy as np
import pytest
from PIL import ImageFont

from genpuzzle.registry import get_track

EARLIER_MODULES = (h15, h16, h17, h18, h19, h20, h21, h22, h23, h24, h25, h26, h27, h28, h29, h30, h31, h32, h33,
                   h34, h35, h36, h37, h38, h39)
EARLIER_BLIND = tuple(s for i, m in enumerate(EARLIER_MODULES, start=15) for s in getattr(m, f"HELDOUT{i}"))
EARLIER_NAMED = ["TUNE", "HELDOUT"] + [f"HELDOUT{i}" for i in range(2, 15)]
STYLE_FACES = [s.clue_font for s in h40.HELDOUT40 if s.clue_font]


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
            x0, y0, x1, y1 = h40._box25(geo, r, c)
            s = inset * min(x1 - x0, y1 - y0)
            out.append((r, c, v, float(g[round(y0 + s):round(y1 - s), round(x0 + s):round(x1 - s)].mean())))
    return out


def _earlier():
    return [s for f in EARLIER_NAMED for s in getattr(na, f)] + list(EARLIER_BLIND)


def test_twelve_new_styles_apart_from_earlier_families():
    styles = h40.HELDOUT40
    names = [s.name for s in styles]
    assert len(styles) == 12 and len(set(names)) == 12
    assert all(n.startswith("s_") for n in names)
    earlier = _earlier()
    assert len(EARLIER_BLIND) >= 25 * 10  # every blind family from HELDOUT15 to HELDOUT39
    assert not {s.name for s in earlier} & set(names)
    fonts = [s.clue_font for s in styles]
    assert sum(f is None for f in fonts) == 1  # one style keeps the input's clues
    assert len(set(fonts)) == 12
    earlier_fonts = {s.clue_font for s in earlier} | {h23.INPUT_FONT} | {
        m.CHANGE_FONT for m in EARLIER_MODULES if hasattr(m, "CHANGE_FONT")}
    assert not (set(fonts) - {None}) & earlier_fonts
    assert h40.CHANGE_FONT not in earlier_fonts | set(fonts)
    assert set(STYLE_FACES) | {h40.CHANGE_FONT} == set(h40.PYPI_FACES) | set(h40.DEBIAN_FACES)
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


@pytest.mark.parametrize("style", h40.HELDOUT40, ids=lambda s: s.name)
def test_every_style_builds_for_every_error_and_is_deterministic(puzzle, style):
    p = puzzle
    digests = {}
    for error in na.ERRORS:
        a = na.make_answer(p.input_image, p.layout, p.ground_truth, style, error, seed=0)
        assert a.dtype == np.uint8 and a.ndim == 3 and a.shape[2] == 3 and min(a.shape[:2]) >= 300
        digests[error] = hashlib.sha256(a.tobytes()).hexdigest()
    assert len(set(digests.values())) == len(na.ERRORS)  # every planted error changes the picture
    error = na.ERRORS[h40.HELDOUT40.index(style) % len(na.ERRORS)]  # drawn through the hook: the same bytes
    b = h40.make_answer40(p.input_image, p.layout, p.ground_truth, style, error, seed=0)
    assert hashlib.sha256(b.tobytes()).hexdigest() == digests[error]  # the same seed: identical bytes
    other = na.make_answer(p.input_image, p.layout, p.ground_truth, style, "none", seed=1)
    assert hashlib.sha256(other.tobytes()).hexdigest() != digests["none"]


def test_the_hook_draws_two_planted_errors_as_the_family_does(puzzle):
    """``nonogram_answers.make_answer`` hands a HELDOUT40 style to its ``draw_answer``: a redraw's clue_changed page
    and a kept-clues page's x_instead page come out byte for byte as :func:`make_answer40` draws them."""
    p = puzzle
    styles = {s.name: s for s in h40.HELDOUT40}
    for name, error in (("s_alfaslab_lacqueredtokens_redrawwoodtiles", "clue_changed"),
                        ("s_keptclues_bookspines_glassmarble", "x_instead")):
        style = styles[name]
        assert hasattr(style, "draw_answer")
        a = na.make_answer(p.input_image, p.layout, p.ground_truth, style, error, seed=2)
        b = h40.make_answer40(p.input_image, p.layout, p.ground_truth, style, error, seed=2)
        assert a.tobytes() == b.tobytes(), (name, error)


# three styles: a redraw in a PyPI face, a Debian (fonts-aenigma) face, a variable PyPI face
CROSS = (("s_caveatpen_fountainhatch_redrawcopybook", "clue_changed"), ("s_jekyllbrk_chocolatechips_linoleum", "none"),
         ("s_cinzelbold_wroughtiron_floorgrating", "x_instead"))

DIGESTS = """
import hashlib, sys
sys.path.insert(0, {tests!r})
import nonogram_answers as na
import nonogram_heldout40 as h40
from genpuzzle.registry import get_track
p = get_track("nonogram").generate(5000, "5x5")
styles = {{s.name: s for s in h40.HELDOUT40}}
for name, error in {cross!r}:
    a = na.make_answer(p.input_image, p.layout, p.ground_truth, styles[name], error, seed=3)
    print(name, error, hashlib.sha256(a.tobytes()).hexdigest())
"""


def test_same_bytes_in_another_process_with_another_hash_seed(puzzle):
    p = puzzle
    styles = {s.name: s for s in h40.HELDOUT40}
    mine = ""
    for name, error in CROSS:
        a = na.make_answer(p.input_image, p.layout, p.ground_truth, styles[name], error, seed=3)
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
    for style in h40.HELDOUT40:
        a = na.make_answer(p.input_image, p.layout, p.ground_truth, style, "none", seed=0)
        assert 0.8 * min(h, w) <= min(a.shape[:2]) and max(a.shape[:2]) <= 2.2 * max(h, w), (style.name, a.shape)


@pytest.mark.parametrize("variant", ["5x5", "10x10", "15x15"])
@pytest.mark.parametrize("style", h40.HELDOUT40, ids=lambda s: s.name)
def test_error_free_page_marks_the_solution_and_planted_light_cells_sit_between(style, variant):
    p = get_track("nonogram").generate(5020, variant)
    truth = p.ground_truth
    page, _, geo = h40.draw_page40(p.input_image, p.layout, truth, style, "none", seed=0)
    if not style.redraw:
        assert page.shape == np.asarray(p.input_image.convert("RGB")).shape
    means = _cell_means(page, geo, truth)
    fills = [m for _, _, v, m in means if v]
    empties = [m for _, _, v, m in means if not v]
    assert max(fills) < min(empties) - 40, (style.name, max(fills), min(empties))
    page, _, geo = h40.draw_page40(p.input_image, p.layout, truth, style, "extra_light", seed=0)
    means = sorted(m for _, _, v, m in _cell_means(page, geo, truth, 0.22) if not v)
    light, rest = means[:3], means[3:]  # the three planted pale cells are the most inked of the empty cells
    assert all(max(fills) < m for m in light) and light[-1] < rest[0] - 4, (style.name, light, rest[:2])


@pytest.mark.parametrize("style", h40.HELDOUT40, ids=lambda s: s.name)
def test_planted_cells_are_plain_on_the_page(puzzle, style):
    """Before the page changes, a person sees each planted cell at once: the outlined cell a dark ring round a pale
    middle, a crossed cell inked but far paler than a fill, a missing fill as pale as the empty cells."""
    truth = puzzle.ground_truth
    for error in ("extra_outline", "x_instead", "missing"):
        plan = na.plant(truth["solution"], error, random.Random(f"h40:{style.name}:{error}:0"))
        page, _, geo = h40.draw_page40(puzzle.input_image, puzzle.layout, truth, style, error, seed=0)
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


@pytest.mark.parametrize("mode", sorted({s.clue_change for s in h40.HELDOUT40} | {"one_halved", "one_repeated"}))
def test_a_changed_clue_changes_its_line(mode):
    for seed in range(12):
        p = get_track("nonogram").generate(5030 + seed, ("5x5", "10x10", "15x15")[seed % 3])
        truth = p.ground_truth
        change = h40._change40(truth, mode, random.Random(seed))
        rows, cols = h40._line_values(truth, change)
        assert (rows, cols) != h40._line_values(truth, None), (mode, seed)
        assert all(v and all(t.isdigit() for t in v) for v in rows + cols)


def test_one_halved_and_one_repeated_are_new_kinds_of_changed_clue():
    earlier = {getattr(s, "clue_change", "") for s in _earlier()}
    mine = {s.clue_change for s in h40.HELDOUT40}
    assert {"one_halved", "one_repeated"} <= mine and not {"one_halved", "one_repeated"} & earlier
    assert len(mine - {"one_halved", "one_repeated"}) >= 6  # the earlier kinds' variety kept


def test_a_halved_number_is_half_an_even_one():
    """``one_halved`` writes one even number of a line as half itself (a line of two or more numbers first); where no
    line has an even number, one number is one more or less."""
    for seed in range(10):
        p = get_track("nonogram").generate(5040 + seed, ("5x5", "10x10", "15x15")[seed % 3])
        truth = p.ground_truth
        kind, i, new = h40._change40(truth, "one_halved", random.Random(seed))
        vals = h40._values(truth[f"{kind}_clues"])
        if not any(int(t) % 2 == 0 and int(t) >= 2 for k in ("row", "col") for v in h40._values(truth[f"{k}_clues"])
                   for t in v):
            continue
        assert len(new) == len(vals[i])
        diff = [(a, b) for a, b in zip(vals[i], new) if a != b]
        assert len(diff) == 1 and 2 * int(diff[0][1]) == int(diff[0][0]) and int(diff[0][1]) >= 1
    truth = {"row_clues": [[1, 4], [2]], "col_clues": [[1], [3]], "solution": [[0] * 6] * 2}
    for seed in range(6):  # (1 4) is the one line of two or more numbers with an even one
        assert h40._change40(truth, "one_halved", random.Random(seed)) == ("row", 0, ["1", "2"])
    truth = {"row_clues": [[1, 1], [3]], "col_clues": [[1], [6]], "solution": [[0] * 4] * 2}
    assert h40._change40(truth, "one_halved", random.Random(0)) == ("col", 1, ["3"])  # a single number


def test_a_repeated_number_still_fits_its_line():
    """``one_repeated`` writes one number of a line twice in a row, on a line where the numbers still fit (a line of
    two or more numbers first)."""
    for seed in range(10):
        p = get_track("nonogram").generate(5040 + seed, ("5x5", "10x10", "15x15")[seed % 3])
        truth = p.ground_truth
        kind, i, new = h40._change40(truth, "one_repeated", random.Random(seed))
        vals = h40._values(truth[f"{kind}_clues"])
        n = len(truth["solution"][0]) if kind == "row" else len(truth["solution"])
        assert len(new) == len(vals[i]) + 1
        assert any(new[:k + 1] + new[k + 2:] == vals[i] and new[k] == new[k + 1] for k in range(len(new) - 1))
        assert sum(int(t) for t in new) + len(new) - 1 <= n
    truth = {"row_clues": [[1, 1], [3]], "col_clues": [[1], [1], [1], [1], [1]], "solution": [[0] * 5] * 2}
    for seed in range(6):  # (1 1) -> (1 1 1); (3) -> (3 3) would not fit
        assert h40._change40(truth, "one_repeated", random.Random(seed)) == ("row", 0, ["1", "1", "1"])


def test_the_changed_clue_is_drawn_on_the_page(puzzle):
    """The clue strips of a clue_changed page differ from the error-free page's (the grid's cells aside)."""
    for style in h40.HELDOUT40:
        if style.redraw:
            continue
        a, _, _ = h40.draw_page40(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, "none", seed=0)
        b, _, _ = h40.draw_page40(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, "clue_changed",
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
    rows, cols = h40._line_values(p.ground_truth, None)
    gx0, gy0, gx1, _ = p.layout["grid_bbox"]
    off = p.layout["cell_px"] * 0.3
    for style in h40.HELDOUT40:
        if not style.clue_font or style.redraw:
            continue
        ref = h40._digit_h(h40._font(h40.INPUT_FONT, p.layout["clue_font_px"]))
        face, gap, _ = h40._fit40(style.clue_font, ref, style.clue_stroke, 0.45 * 1.3, 1.6, rows, cols,
                                  gx0 - off - 6, gy0 - off - 6, (gx1 - gx0) / p.layout["cols"])
        inner = max(face.width(a + b) - face.width(a) - face.width(b) for a in "1234" for b in "0123")
        assert gap > inner + 2 and gap >= 0.5 * face.h, (style.name, gap, inner)


def test_redrawn_puzzles_keep_their_clues_apart_from_the_grid(puzzle):
    """A redrawn page's clue box lies inside its picture and its grid inside the clue box."""
    for style in h40.HELDOUT40:
        if not style.redraw:
            continue
        page, _, geo = h40.draw_page40(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, "none", seed=0)
        x0, y0, x1, y1 = geo["keep"]
        gx0, gy0, gx1, gy1 = geo["grid_bbox"]
        assert 0 <= x0 < gx0 < gx1 < x1 <= page.shape[1] and 0 <= y0 < gy0 < gy1 < y1 <= page.shape[0], style.name


def test_redraws_are_new_layouts():
    earlier = {getattr(s, "redraw", "") for s in _earlier()}
    mine = {s.redraw for s in h40.HELDOUT40} - {""}
    assert len(mine) >= 2 and not mine & earlier


def _packages() -> list[str]:
    listed = re.search(r"\((font-[^)]*)\)", h40.__doc__).group(1)  # the sources the module's docstring names
    return [p.strip(",") for p in listed.split()]


def _owner(font: str) -> str:
    """The PyPI distribution whose file list holds ``font``, else the Debian package (dpkg) that ships it."""
    path = h40.face_path(font).resolve()
    for dist_name in set(h40.PYPI_FACES.values()):
        dist = importlib.metadata.distribution(dist_name)
        if any(Path(str(dist.locate_file(f))).resolve() == path for f in dist.files or ()):
            return dist_name
    out = subprocess.run(["dpkg", "-S", str(path)], capture_output=True, text=True, check=True)
    return out.stdout.split(":")[0].strip()


def test_clue_font_packages_are_new_installed_and_none_is_reserved():
    packages = _packages()
    assert len(packages) == 9 and len(set(packages)) == 9
    assert set(packages) == set(h40.PYPI_FACES.values()) | set(h40.DEBIAN_FACES.values())
    reserved = ("dkg-handwriting", "bwht", "kaushanscript", "dancingscript", "dancing-script", "kristi")
    assert not [p for p in packages if any(r in p for r in reserved)]
    earlier_docs = " ".join(m.__doc__ or "" for m in EARLIER_MODULES)
    earlier_docs += na.font_path.__doc__ or ""
    for package in set(h40.PYPI_FACES.values()):  # no earlier family names the PyPI distributions
        assert not re.search(rf"(?<![\w-]){re.escape(package)}(?![\w-])", earlier_docs), package
        importlib.metadata.version(package)  # installed
    for font in STYLE_FACES + [h40.CHANGE_FONT]:
        assert h40.face_path(font).exists(), font
        family = ImageFont.truetype(str(h40.face_path(font)), 20).getname()[0]
        assert family.lower() not in earlier_docs.lower(), (font, family)  # no earlier family names the face
        if font in h40.DEBIAN_FACES:  # fonts-aenigma's further faces: none an earlier family names by its file
            assert Path(font).stem not in earlier_docs, font


@pytest.mark.skipif(shutil.which("fc-list") is None, reason="needs fontconfig to list the system's font families")
def test_no_pypi_face_is_a_family_debian_installed_here():
    """The PyPI faces are families no Debian font package on this machine ships (so not in digit training)."""
    out = subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True, check=True).stdout
    system = {f.strip().lower() for line in out.splitlines() for f in line.split(",")}
    for font in set(h40.PYPI_FACES):
        family = ImageFont.truetype(str(h40.face_path(font)), 20).getname()[0].lower()
        assert family not in system, (font, family)
        assert not str(h40.face_path(font).resolve()).startswith("/usr/share/fonts"), font


@pytest.mark.skipif(shutil.which("dpkg") is None, reason="needs dpkg to tell which package ships a font")
def test_each_clue_font_comes_from_its_own_listed_package():
    """The eleven style faces come one from each PyPI distribution the docstring lists and three from fonts-aenigma;
    the retyped line's face from one of the listed distributions too."""
    packages = set(_packages())
    owners = [_owner(f) for f in STYLE_FACES]
    assert set(owners) == packages
    for font, owner in zip(STYLE_FACES, owners):
        assert owner == (h40.PYPI_FACES.get(font) or h40.DEBIAN_FACES[font]), font
    counts = {p: owners.count(p) for p in packages}
    assert counts.pop("fonts-aenigma") == 3 and set(counts.values()) == {1}
    assert _owner(h40.CHANGE_FONT) in packages


def test_pypi_faces_carry_free_licences():
    free = ("OFL", "Open Font License", "Apache", "CC0", "Bitstream Vera", "MIT")
    for dist_name in set(h40.PYPI_FACES.values()):
        meta = importlib.metadata.metadata(dist_name)
        text = " ".join([meta.get("License") or "", meta.get("License-Expression") or ""]
                        + (meta.get_all("Classifier") or []))
        assert any(f in text for f in free), (dist_name, text)


def test_clue_font_sources_are_in_the_install_list():
    """Every PyPI distribution is in pyproject.toml's test extras or tools/install.sh, and fonts-aenigma in
    install.sh. Fails until the lead adds the new PyPI distributions."""
    root = Path(__file__).resolve().parent.parent
    install = (root / "tools" / "install.sh").read_text()
    pyproject = (root / "pyproject.toml").read_text()
    try:
        import tomllib

        test_extra = tomllib.loads(pyproject)["project"]["optional-dependencies"]["test"]
    except ModuleNotFoundError:  # Python 3.10: the one-line list read as it stands
        line = re.search(r"^test\s*=\s*\[(.*)\]\s*$", pyproject, re.MULTILINE).group(1)
        test_extra = re.findall(r'"([^"]+)"', line)
    words = set(install.replace("\\", " ").replace(";", " ").replace('"', " ").split())
    extras = {re.split(r"[<>=!~ \[;]", x.strip())[0].lower() for x in test_extra}
    missing = [p for p in _packages() if p not in words and p not in extras]
    assert not missing, missing  # fails until the lead adds the distributions to the test extras or install.sh


def test_clue_fonts_are_kept_out_of_digit_training():
    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "tools"))
    import digit_data

    dirs = [Path(d).resolve() for d in digit_data.FONT_DIRS]
    for font in STYLE_FACES + [h40.CHANGE_FONT]:
        path = h40.face_path(font)
        if font in h40.PYPI_FACES:  # a PyPI face lies outside every folder digit training reads
            assert not any(path.resolve().is_relative_to(d) for d in dirs), font
            continue
        # a Debian face: fails until the lead adds the family's prefixes to digit_data.NONOGRAM_HELDOUT
        assert digit_data._name_in(path, digit_data.NONOGRAM_HELDOUT), font
