"""Seventeenth session (rubric 14): marks in empty cells (issue 13).

- A small zigzag (a level run, an upright one and a slanted one, as the lead's scribble check at 17100 drew it in an
  empty 10x10 cell) is no X: the two lines an X is fitted with cover it at the pen's tolerance, but one of its arms
  runs across its line (``_arms_straight``). X's drawn straight or a little bowed stay X's.
- A double slash ("//", HELDOUT15's caslon-denim pages drew one in every empty cell) is a mark for an empty cell;
  two level or upright strokes ("=", "||") are not.
- An X one of whose arms is paler than the rest along most of its length (a stamp that half took: HELDOUT14's
  linocut receipt pages) is in doubt (``needs_review``), not a sure stray mark.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from PIL import Image, ImageDraw

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.renderers.nonogram import cell_box
from genpuzzle.verifiers import nonogram as N

ZIGZAG = """
.............#.....
............###....
............####...
............####...
............#####..
............#####..
...........#######.
...........###..##.
...........###..###
...........###...##
...........###....#
...........###.....
...........###.....
...........###.....
...........###.....
...........##......
....###...###......
..#####...###......
.#######.####......
#############......
#############......
.###########.......
"""


def _mask(rows: str, pad: int = 14) -> np.ndarray:
    m = np.array([[ch == "#" for ch in line] for line in rows.split()], bool)
    return np.pad(m, pad)


def _passes(v) -> bool:
    return v.status == Status.CORRECT or v.score >= 100


def _confident_fail(v) -> bool:
    return v.status == Status.INCORRECT and not v.needs_review


def _empty_cells(puzzle) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(puzzle.ground_truth["solution"]) for c, v in enumerate(row) if not v]


# ------------------------------------------------------------------------------------------------ zigzag


def test_the_scribble_checks_zigzag_is_no_x():
    """The zigzag's ink as the empty-cell fit saw it (nonogram-10x10-00001, scribble check 17100): 'cross' 1.0 on
    the code before."""
    name, fit = N.empty_mark_fit(_mask(ZIGZAG))
    assert not (name == "cross" and fit >= N.EMPTY_MARK_FIT), (name, fit)


@pytest.mark.parametrize("variant,seed", [("10x10", 1), ("10x10", 2), ("10x10", 3), ("10x10", 4)])
def test_a_zigzag_in_an_empty_cell_does_not_pass(variant, seed):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    img = puzzle.reference_images[0].convert("RGB")
    r, c = _empty_cells(puzzle)[len(_empty_cells(puzzle)) // 2]
    x0, y0, x1, y1 = cell_box(puzzle.layout, r, c)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    ImageDraw.Draw(img).line([(cx - 12, cy + 9), (cx, cy + 9), (cx, cy - 10), (cx + 6, cy - 1)], fill=(30, 30, 40),
                             width=3)
    v = genpuzzle.verify(puzzle, np.array(img))
    assert not _passes(v), (v.status, v.score, v.codes)


def _x_mask(size: float, width: float, angle: float, spread: float, bow: float, seed: int) -> np.ndarray:
    """An X drawn at 4x and shrunk (anti-aliased), its strokes ``spread`` apart, each bowed by ``bow`` of its length."""
    rng = np.random.default_rng(seed)
    S = 4
    img = Image.new("L", (60 * S, 60 * S), 0)
    d = ImageDraw.Draw(img)
    for a in (angle, angle + spread):
        l1, l2 = size / 2 * rng.uniform(0.8, 1.0), size / 2 * rng.uniform(0.8, 1.0)
        pts = []
        for t in np.linspace(-l1, l2, 9):
            off = bow * size * (1 - (2 * (t + l1) / (l1 + l2) - 1) ** 2)
            pts.append(((30 + t * math.cos(a) - off * math.sin(a)) * S, (30 + t * math.sin(a) + off * math.cos(a)) * S))
        d.line(pts, fill=255, width=int(width * S), joint="curve")
    a = np.asarray(img.resize((60, 60), Image.BOX), np.float32)
    return a >= 0.5 * a.max()


@pytest.mark.parametrize("size", [12, 20, 30, 40])
@pytest.mark.parametrize("width", [0.08, 0.15])
@pytest.mark.parametrize("bow", [0.0, 0.06, -0.06])
@pytest.mark.parametrize("turn", [0.0, 0.25])
def test_straight_and_bowed_xs_stay_xs(size, width, bow, turn):
    angle = math.pi / 4 + turn
    ink = _x_mask(size, max(1.5, width * size), angle, math.pi / 2 - turn / 2, bow, seed=size)
    name, fit = N.empty_mark_fit(ink)
    assert name in ("cross", "dot") and fit >= N.EMPTY_MARK_FIT, (name, fit)  # a heavy small X runs into a dot


# ------------------------------------------------------------------------------------------------ double slash


def _draw_in_empty_cells(puzzle, draw, cells=None) -> np.ndarray:
    img = puzzle.reference_images[0].convert("RGB")
    d = ImageDraw.Draw(img)
    for r, c in cells if cells is not None else _empty_cells(puzzle):
        draw(d, cell_box(puzzle.layout, r, c))
    return np.array(img)


def _double_slash(d, box, level=False, upright=False, sep=0.09):
    x0, y0, x1, y1 = box
    w = x1 - x0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    L = 0.17 * w
    for o in (-sep * w, sep * w):
        if level:
            d.line([(cx - 1.1 * L, cy + o), (cx + 1.1 * L, cy + o)], fill=(50, 50, 55), width=max(2, round(w / 20)))
        elif upright:
            d.line([(cx + o, cy - 1.1 * L), (cx + o, cy + 1.1 * L)], fill=(50, 50, 55), width=max(2, round(w / 20)))
        else:
            d.line([(cx + o - L * 0.55, cy + L), (cx + o + L * 0.55, cy - L)], fill=(50, 50, 55),
                   width=max(2, round(w / 20)))


@pytest.mark.parametrize("variant,seed", [("5x5", 11), ("10x10", 12), ("15x15", 13)])
@pytest.mark.parametrize("sep", [0.07, 0.1])
def test_a_double_slash_in_every_empty_cell_passes(variant, seed, sep):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    v = genpuzzle.verify(puzzle, _draw_in_empty_cells(puzzle, lambda d, b: _double_slash(d, b, sep=sep)))
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes)


@pytest.mark.parametrize("variant,seed", [("5x5", 11), ("5x5", 14)])
@pytest.mark.parametrize("kind", ["level", "upright"])
def test_two_level_or_upright_strokes_are_no_double_slash(variant, seed, kind):
    """(In a 10x10 cell the two strokes lie within one dash's tolerance and pass as one dash, as before this rule.)"""
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    cells = _empty_cells(puzzle)[:1]
    page = _draw_in_empty_cells(puzzle, lambda d, b: _double_slash(d, b, **{kind: True}), cells)
    v = genpuzzle.verify(puzzle, page)
    assert not _passes(v), (v.status, v.score, v.codes)


@pytest.mark.parametrize("variant,seed", [("5x5", 11), ("10x10", 12)])
def test_a_double_slash_in_a_solution_cell_is_caught(variant, seed):
    """'//' drawn in a cell the solution fills, instead of filling it: the cell reads empty, the answer is wrong."""
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    sol = puzzle.ground_truth["solution"]
    r, c = next((r, c) for r, row in enumerate(sol) for c, v in enumerate(row) if v)
    x0, y0, x1, y1 = (int(round(v)) for v in cell_box(puzzle.layout, r, c))
    page = np.array(puzzle.reference_images[0].convert("RGB"))
    page[y0 + 3:y1 - 2, x0 + 3:x1 - 2] = 255  # the fill taken off
    img = Image.fromarray(page)
    _double_slash(ImageDraw.Draw(img), (x0, y0, x1, y1))
    v = genpuzzle.verify(puzzle, np.array(img))
    assert v.status == Status.INCORRECT and v.score < 100, (v.status, v.score, v.codes)


# ------------------------------------------------------------------------------------------------ a paler arm


def _x_with_a_pale_arm(d, box, grey, part=(0.6, 1.0)):
    x0, y0, x1, y1 = box
    w = x1 - x0
    a, b = 0.25 * w, 0.75 * w
    sw = max(2, round(w / 9))
    d.line([(x0 + a, y0 + a), (x0 + b, y0 + b)], fill=(30, 30, 30), width=sw)
    d.line([(x0 + b, y0 + a), (x0 + a, y0 + b)], fill=(30, 30, 30), width=sw)
    m0, m1 = part  # the lower left arm from near the crossing to its end paler: a stamp that half took
    d.line([(x0 + b - (b - a) * m0, y0 + a + (b - a) * m0), (x0 + b - (b - a) * m1, y0 + a + (b - a) * m1)],
           fill=(grey,) * 3, width=sw + 2)


@pytest.mark.parametrize("variant,seed", [("5x5", 1), ("10x10", 2), ("15x15", 3)])
@pytest.mark.parametrize("grey", [200, 208])
def test_an_x_with_a_paler_arm_is_in_doubt_not_a_sure_stray_mark(variant, seed, grey):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _draw_in_empty_cells(puzzle, lambda d, b: _x_with_a_pale_arm(d, b, grey), _empty_cells(puzzle)[:1])
    v = genpuzzle.verify(puzzle, page)
    assert not _confident_fail(v) and not _passes(v), (v.status, v.score, v.codes, v.needs_review)
