"""Twenty-fourth session (h24c, rubric 50): a mark in doubt as a glyph is no fill either way.

Rubric 46 leaves a cell read blank or crossed in doubt when its one mark is of a kind a letter can be drawn as (a
ring, an upright stroke, a glyph-like dot, a cross not the same turned half round) and the page does not repeat it:
the cell may hold a letter or the page's mark for an empty cell. Either way it holds no fill. Where the solution has a
fill, the line rules had given such a cell the benefit of the doubt as filled, so an X drawn instead of a fill
(HELDOUT20's jagged lightning X: a "skew cross") left the answer in review. Such a cell is now judged not filled, as
rubric 45's X in doubt is (``not_filled``): the answer is incorrect (crossed_instead_of_filled), still flagged for
review; in an empty solution cell nothing changes (in doubt, never a pass).

Marks drawn here with PIL (a lopsided X with a kinked arm, an "O" and a "K" in Liberation Sans), puzzles of seed 24611.
"""
from __future__ import annotations

import os

import numpy as np
import pytest
from PIL import ImageDraw, ImageFont

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.renderers.nonogram import cell_box

SEED = 24611
FONT = "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf"


def _cells(puzzle, value: int) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(puzzle.ground_truth["solution"]) for c, v in enumerate(row) if v == value]


def _wipe(page, puzzle, cell) -> None:
    """The fill of ``cell`` left out: the cell as the input image draws it."""
    x0, y0, x1, y1 = (int(round(v)) for v in cell_box(puzzle.layout, *cell))
    page.paste(puzzle.input_image.convert("RGB").crop((x0, y0, x1, y1)), (x0, y0))


def _draw(d, puzzle, kind: str, cell, bend: float = 0.1, short: float = 0.55, width: float = 1 / 9) -> None:
    x0, y0, x1, y1 = cell_box(puzzle.layout, *cell)
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    ink = (24, 28, 36)
    if kind == "kinked x":  # one straight arm, the other bent at the middle and shorter: no half-turn symmetry
        k = 0.3 * s
        w = max(2, round(s * width))
        d.line([(cx - k, cy - k), (cx + k, cy + k)], fill=ink, width=w)
        d.line([(cx + 0.8 * k, cy - k), (cx + bend * k, cy - 0.2 * k), (cx - 0.25 * k, cy + 0.1 * k),
                (cx - short * k, cy + 0.75 * k)], fill=ink, width=w, joint="curve")
    else:
        assert os.path.exists(FONT), f"font {FONT} missing: tools/install.sh installs it"
        f = ImageFont.truetype(FONT, max(8, int(0.45 * puzzle.layout["cell_px"])))
        d.text((cx, cy), kind, font=f, fill=ink, anchor="mm")


# (variant, bend, short, width): kinked Xs rubric 46 holds in doubt as a "skew cross" on these pages
KINKED = [("5x5", 0.1, 0.9, 1 / 9), ("5x5", 0.1, 0.55, 1 / 12), ("10x10", 0.1, 0.55, 1 / 9), ("10x10", 0.4, 0.9, 1 / 9)]


@pytest.mark.parametrize("variant,bend,short,width", KINKED, ids=[f"{v}-{b}-{s}-{round(w, 3)}" for v, b, s, w in KINKED])
def test_a_kinked_x_drawn_instead_of_a_fill_breaks_its_lines(variant, bend, short, width):
    puzzle = genpuzzle.generate("nonogram", SEED, variant)
    page = puzzle.reference_images[0].convert("RGB")
    filled = _cells(puzzle, 1)
    cell = filled[len(filled) // 2]
    _wipe(page, puzzle, cell)
    _draw(ImageDraw.Draw(page), puzzle, "kinked x", cell, bend, short, width)
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert v.status == Status.INCORRECT and v.score < 100, (v.status, v.score, v.codes, v.extra.get("unsure_cells"))
    assert "crossed_instead_of_filled" in v.codes, v.codes


GLYPHS = [("10x10", "O"), ("10x10", "K"), ("5x5", "K")]


@pytest.mark.parametrize("variant,kind", GLYPHS, ids=[f"{v}-{k}" for v, k in GLYPHS])
def test_the_same_glyph_in_an_empty_cell_stays_in_doubt(variant, kind):
    puzzle = genpuzzle.generate("nonogram", SEED, variant)
    page = puzzle.reference_images[0].convert("RGB")
    empty = _cells(puzzle, 0)
    _draw(ImageDraw.Draw(page), puzzle, kind, empty[len(empty) // 2])
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert v.status != Status.CORRECT and v.score < 100 and v.needs_review, (v.status, v.score, v.codes)
