"""Twenty-third session (issue 13, helper h23a, rubric 43): a sign repeated in every empty cell is the page's mark for
an empty cell when it is one consistent shape that is no glyph, whatever its shape.

- A tick, a five-pointed star outline or a small arrow drawn in every empty cell (10-54 copies alike) is the page's
  sign (``_consistent_sign``): rubric 30's shape tests (fills its hull, or the same turned half round) had turned it
  down as a letter, so every cell stayed in doubt or a stray mark each (HELDOUT20's circuit postcard and basket weave).
- A diamond outline or a small ring that the digit reader reads surely as a "0" is no digit when it is about as wide
  as tall (``_copy_read_as_digit``; HELDOUT20's granite pages).
- Copies of the sign in cells the patch reader left unsure for a small mark are the sign too
  (``_sign_in_small_cells``: a tick drawn 2 px wide, 21 of 46 cells of a 10x10 page).
- Guards: a letter, a digit or a "?" typed in every empty cell (Linux Biolinum, Go, Gentium Plus; grey and black) does
  not pass; ticks in every empty cell do not hide a missing fill or a scribble in one cell.

Every page here is this file's own drawing on a generated reference (not HELDOUT20's answers or styles).
"""
from __future__ import annotations

import math
import os
from types import SimpleNamespace

import numpy as np
import pytest
from PIL import ImageDraw, ImageFont

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.renderers.nonogram import cell_box
from genpuzzle.verifiers import nonogram as nv
from genpuzzle.verifiers import ocr

SEED = 2301
FONTS = {
    "biolinum": "/usr/share/fonts/opentype/linux-libertine/LinBiolinum_R.otf",
    "go": "/usr/share/fonts/fonts-go/Go-Regular.ttf",
    "goB": "/usr/share/fonts/fonts-go/Go-Bold.ttf",
    "gentium": "/usr/share/fonts/truetype/gentiumplus/GentiumPlus-Regular.ttf",
}
needs_ocr = pytest.mark.skipif(not ocr.ocr_available(), reason="the OCR recogniser is not installed")


def _passes(v) -> bool:
    return v.status == Status.CORRECT or v.score >= 100


def _empty_cells(puzzle) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(puzzle.ground_truth["solution"]) for c, v in enumerate(row) if not v]


def _sign(d, box, kind: str, ink, jitter: tuple[float, float] = (0.0, 0.0), frac: float = 0.4) -> None:
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2 + jitter[0] * s, (y0 + y1) / 2 + jitter[1] * s
    k = frac * s / 2
    lw = max(1, round(s / 28))
    if kind == "tick":
        d.line([(cx - k, cy), (cx - 0.3 * k, cy + 0.7 * k), (cx + k, cy - 0.8 * k)], fill=ink, width=lw + 1,
               joint="curve")
    elif kind == "star":
        pts = [(cx + (k if i % 2 == 0 else 0.45 * k) * math.cos(-math.pi / 2 + math.pi * i / 5),
                cy + (k if i % 2 == 0 else 0.45 * k) * math.sin(-math.pi / 2 + math.pi * i / 5)) for i in range(10)]
        d.polygon(pts, outline=ink, width=lw)
    elif kind == "diamond":
        d.polygon([(cx, cy - k), (cx + k, cy), (cx, cy + k), (cx - k, cy)], outline=ink, width=lw)
    elif kind == "arrow":
        d.line([(cx - k, cy), (cx + k, cy)], fill=ink, width=lw)
        d.line([(cx + 0.4 * k, cy - 0.5 * k), (cx + k, cy), (cx + 0.4 * k, cy + 0.5 * k)], fill=ink, width=lw)
    else:
        raise ValueError(kind)


def _page(variant: str, kind: str, ink, cells=None, seed: int = SEED):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = puzzle.reference_images[0].convert("RGB")
    d = ImageDraw.Draw(page)
    rng = np.random.default_rng(seed)
    for cell in (cells if cells is not None else _empty_cells(puzzle)):
        _sign(d, cell_box(puzzle.layout, *cell), kind, ink, tuple(rng.uniform(-0.03, 0.03, 2)))
    return puzzle, page


# (variant, sign, grey): each failed before rubric 43 (incorrect with stray_mark, or in review)
SIGNS = [("5x5", "tick", 0), ("5x5", "tick", 120), ("10x10", "tick", 0), ("10x10", "tick", 120),
         ("15x15", "tick", 0), ("15x15", "tick", 120), ("5x5", "star", 0), ("10x10", "star", 0),
         ("10x10", "star", 120), ("5x5", "star", 120), ("10x10", "arrow", 0), ("10x10", "arrow", 120)]


@needs_ocr
@pytest.mark.parametrize("variant,kind,grey", SIGNS, ids=[f"{v}-{k}-{g}" for v, k, g in SIGNS])
def test_a_consistent_sign_in_every_empty_cell_is_the_page_s_mark(variant, kind, grey):
    puzzle, page = _page(variant, kind, (grey,) * 3)
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes)


@pytest.mark.parametrize("grey", [0, 120])
def test_a_diamond_outline_read_as_a_zero_is_the_page_s_mark(grey):
    puzzle, page = _page("5x5", "diamond", (grey,) * 3)
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes)


def test_a_zero_read_on_a_tall_copy_stays_a_digit():
    zero = SimpleNamespace(confident=True, symbol="0")
    assert nv._copy_read_as_digit(zero, (10, 15))  # a typed "0", 1.5 times as tall as wide
    assert not nv._copy_read_as_digit(zero, (20, 21))  # a ring or a diamond drawn
    assert nv._copy_read_as_digit(SimpleNamespace(confident=True, symbol="8"), (20, 20))
    assert not nv._copy_read_as_digit(SimpleNamespace(confident=False, symbol="0"), (10, 15))


# (variant, glyph, font, size, grey): typed glyphs in every empty cell, no shape people draw for an empty cell
GLYPHS = [("10x10", "y", "biolinum", 0.5, 140), ("10x10", "v", "go", 0.5, 0), ("10x10", "L", "gentium", 0.4, 0),
          ("10x10", "J", "goB", 0.4, 140), ("10x10", "7", "biolinum", 0.4, 0), ("10x10", "?", "go", 0.4, 0),
          ("5x5", "R", "gentium", 0.35, 0), ("5x5", "4", "goB", 0.35, 0)]
# (not here: a black "k" or "y" typed 0.45-0.5 of a 15x15 cell passes before and after rubric 43 -- the patch reader
# reads those cells crossed itself, no sign rule is involved; reported to the lead)


@pytest.mark.parametrize("variant,text,font,frac,grey", GLYPHS,
                         ids=[f"{v}-{t}-{f}-{s}-{g}" for v, t, f, s, g in GLYPHS])
def test_a_glyph_typed_in_every_empty_cell_does_not_pass(variant, text, font, frac, grey):
    assert os.path.exists(FONTS[font]), f"font {FONTS[font]} missing: tools/install.sh installs it"
    puzzle = genpuzzle.generate("nonogram", SEED + 1, variant)
    page = puzzle.reference_images[0].convert("RGB")
    d = ImageDraw.Draw(page)
    f = ImageFont.truetype(FONTS[font], max(8, int(frac * puzzle.layout["cell_px"])))
    for cell in _empty_cells(puzzle):
        x0, y0, x1, y1 = cell_box(puzzle.layout, *cell)
        d.text(((x0 + x1) / 2, (y0 + y1) / 2), text, font=f, fill=(grey,) * 3, anchor="mm")
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert not _passes(v), (v.status, v.score, v.codes)


@needs_ocr
@pytest.mark.parametrize("variant", ["5x5", "10x10"])
def test_ticks_do_not_hide_a_missing_fill(variant):
    puzzle, page = _page(variant, "tick", (0, 0, 0))
    sol = puzzle.ground_truth["solution"]
    r, c = next((r, c) for r, row in enumerate(sol) for c, v in enumerate(row) if v)
    x0, y0, x1, y1 = cell_box(puzzle.layout, r, c)
    ImageDraw.Draw(page).rectangle([x0 + 2, y0 + 2, x1 - 2, y1 - 2], fill=(255, 255, 255))  # the fill wiped out
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert v.status == Status.INCORRECT and v.score < 100, (v.status, v.score, v.codes)


@needs_ocr
def test_a_scribble_among_the_ticks_does_not_pass():
    puzzle, page = _page("10x10", "tick", (0, 0, 0))
    empty = _empty_cells(puzzle)
    r, c = empty[len(empty) // 2]
    x0, y0, x1, y1 = cell_box(puzzle.layout, r, c)
    s = x1 - x0
    d = ImageDraw.Draw(page)
    d.rectangle([x0 + 3, y0 + 3, x1 - 3, y1 - 3], fill=(255, 255, 255))  # the cell's tick replaced by a scribble
    pts = [(x0 + s * (0.25 + 0.5 * t), y0 + s * (0.5 + 0.22 * math.sin(9 * t))) for t in np.linspace(0, 1, 30)]
    d.line(pts, fill=(0, 0, 0), width=2)
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert not _passes(v), (v.status, v.score, v.codes)
