"""Nineteenth session: stray ink in nonogram answers (validity: account for all ink, read open-set).

- A digit 2-9 a few px high in an empty cell (the lead's glyph check, ``validity_checks.py glyph-marks``: 0.3 or 0.4
  of a 37 px cell) is no dot and no dash: the 3 x 3 mean the empty-mark fit looks through joins its strokes into a
  blob, so an accepted dot or stroke is looked at again at the page's own resolution (``_sharp_check``), and a notched
  blob in one piece that the digit reader reads surely as a digit 2-9 is a digit (``_notched_digit``), a stray mark.
  (Small letters, a "1" and an "o"/"0" still pass: docs/nonogram.md.)
- Marks people draw for an empty cell (a dot, a small ring, an X, a heavy X, a dash, a slash) stay accepted.
- The spill margin along a filled neighbour (``STRAY_SPILL``) allows for that neighbour's fill run over the line, not
  for any ink: a tick there, clear of the line, is looked at (``_spill_margin_marks``); a fill run over is not.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.renderers.nonogram import cell_box
from genpuzzle.verifiers import nonogram as N

FONTS = Path(genpuzzle.__file__).parent / "data" / "fonts"
BOLD, REGULAR = FONTS / "DejaVuSans-Bold.ttf", FONTS / "DejaVuSans.ttf"


def _passes(v) -> bool:
    return v.status == Status.CORRECT or v.score >= 100


def _empty_cells(puzzle) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(puzzle.ground_truth["solution"]) for c, v in enumerate(row) if not v]


def _glyph_page(puzzle, text: str, font: Path, frac: float, cell: tuple[int, int]) -> np.ndarray:
    """The reference with ``text`` centred in ``cell``, as the glyph check draws it."""
    page = puzzle.reference_images[0].convert("RGB")
    x0, y0, x1, y1 = cell_box(puzzle.layout, *cell)
    cp = puzzle.layout["cell_px"]
    f = ImageFont.truetype(str(font), max(8, int(frac * cp)))
    ImageDraw.Draw(page).text(((x0 + x1) / 2, (y0 + y1) / 2), text, font=f, fill=(0, 0, 0), anchor="mm")
    return np.asarray(page)


# ------------------------------------------------------------------------------------------------ glyphs

# (variant, glyph, font, size): glyphs the glyph check (seed 101) found accepted as a dot or a dash on the code before
GLYPHS = [("5x5", "5", BOLD, 0.3), ("10x10", "3", BOLD, 0.3), ("10x10", "5", REGULAR, 0.4), ("10x10", "5", BOLD, 0.55),
          ("15x15", "2", REGULAR, 0.4), ("15x15", "3", REGULAR, 0.3), ("15x15", "7", BOLD, 0.3),
          ("15x15", "8", BOLD, 0.3)]


@pytest.mark.parametrize("variant,text,font,frac", GLYPHS, ids=[f"{v}-{t}-{f.stem[-4:]}-{s}" for v, t, f, s in GLYPHS])
def test_a_small_glyph_in_an_empty_cell_does_not_pass(variant, text, font, frac):
    puzzle = genpuzzle.generate("nonogram", 101, variant)
    empties = _empty_cells(puzzle)
    for cell in (empties[len(empties) // 3], empties[2 * len(empties) // 3]):
        v = genpuzzle.verify(puzzle, _glyph_page(puzzle, text, font, frac, cell))
        assert not _passes(v), (cell, v.status, v.score, v.codes)


@pytest.mark.parametrize("variant,text", [("5x5", "5"), ("10x10", "3")])
def test_a_bold_digit_the_same_turned_half_round_is_charged(variant, text):
    """A bold "5" or "3" fills its box like a dot and is the same turned half round; the digit reader reads it surely:
    a stray mark, no review."""
    puzzle = genpuzzle.generate("nonogram", 101, variant)
    empties = _empty_cells(puzzle)
    v = genpuzzle.verify(puzzle, _glyph_page(puzzle, text, BOLD, 0.3, empties[len(empties) // 2]))
    assert v.status == Status.INCORRECT and not v.needs_review and "stray_mark" in v.codes, (v.status, v.codes)


def _draw_mark(d: ImageDraw.ImageDraw, box, kind: str) -> None:
    x0, y0, x1, y1 = box
    w = x1 - x0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    ink = (30, 30, 35)
    if kind == "dot":
        r = 0.1 * w
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=ink)
    elif kind == "ring":
        r = 0.13 * w
        d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=ink, width=max(2, round(w / 18)))
    elif kind in ("x", "heavy_x"):
        a, sw = (0.25 * w, max(2, round(w / 16))) if kind == "x" else (0.17 * w, max(3, round(w / 8)))
        d.line([(cx - a, cy - a), (cx + a, cy + a)], fill=ink, width=sw)
        d.line([(cx - a, cy + a), (cx + a, cy - a)], fill=ink, width=sw)
    elif kind == "dash":
        d.line([(cx - 0.2 * w, cy), (cx + 0.2 * w, cy)], fill=ink, width=max(2, round(w / 14)))
    else:  # slash
        d.line([(cx - 0.22 * w, cy + 0.22 * w), (cx + 0.22 * w, cy - 0.22 * w)], fill=ink, width=max(2, round(w / 16)))


@pytest.mark.parametrize("variant", ["10x10", "15x15"])
@pytest.mark.parametrize("kind", ["dot", "ring", "x", "heavy_x", "dash", "slash"])
def test_marks_for_an_empty_cell_stay_accepted(variant, kind):
    puzzle = genpuzzle.generate("nonogram", 101, variant)
    page = puzzle.reference_images[0].convert("RGB")
    d = ImageDraw.Draw(page)
    for r, c in _empty_cells(puzzle):
        _draw_mark(d, cell_box(puzzle.layout, r, c), kind)
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes, v.reason)


def _crop_of(text: str, font: Path, px: int) -> tuple[np.ndarray, np.ndarray]:
    """(darkness, ink) of ``text`` drawn at ``px`` on white, cropped with a 3 px margin."""
    img = Image.new("L", (4 * px, 4 * px), 255)
    ImageDraw.Draw(img).text((2 * px, 2 * px), text, font=ImageFont.truetype(str(font), px), fill=0, anchor="mm")
    dark = 255.0 - np.asarray(img, np.float32)
    ys, xs = np.nonzero(dark >= 60)
    dark = dark[ys.min() - 3:ys.max() + 4, xs.min() - 3:xs.max() + 4]
    return dark, dark >= 60


def test_the_digit_check_reads_a_notched_bold_digit_and_leaves_a_round_dot():
    dark, ink = _crop_of("5", BOLD, 16)
    assert N._notched_digit(dark, ink)
    yy, xx = np.mgrid[:15, :15]
    disc = np.hypot(yy - 7, xx - 7) <= 5
    assert not N._notched_digit(disc * 220.0, disc)


# ------------------------------------------------------------------------------------------------ spill margin


def _beside_filled(puzzle) -> list[tuple[int, int]]:
    """Empty cells whose left neighbour is filled and whose other neighbours are empty or off the grid."""
    sol = puzzle.ground_truth["solution"]
    R, C = len(sol), len(sol[0])
    out = []
    for r in range(R):
        for c in range(1, C):
            if sol[r][c] or not sol[r][c - 1]:
                continue
            if all(not (0 <= rr < R and 0 <= cc < C) or not sol[rr][cc] for rr, cc in ((r - 1, c), (r + 1, c), (r, c + 1))):
                out.append((r, c))
    return out


@pytest.mark.parametrize("variant,seed", [("5x5", 3), ("10x10", 4), ("15x15", 5)])
def test_a_tick_in_the_spill_margin_beside_a_filled_cell_does_not_pass(variant, seed):
    """A tick 0.3 of a cell tall within 0.13-0.21 of a cell of the side of a filled neighbour, clear of its line."""
    for s in range(seed, seed + 40):
        puzzle = genpuzzle.generate("nonogram", s, variant)
        cells = _beside_filled(puzzle)
        if cells:
            break
    r, c = cells[0]
    x0, y0, x1, y1 = cell_box(puzzle.layout, r, c)
    w = x1 - x0
    cy = (y0 + y1) / 2
    page = puzzle.reference_images[0].convert("RGB")
    ImageDraw.Draw(page).line([(x0 + 0.13 * w, cy), (x0 + 0.16 * w, cy + 0.08 * w), (x0 + 0.21 * w, cy - 0.22 * w)],
                              fill=(25, 25, 120), width=max(2, round(w / 20)))
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert not _passes(v), (v.status, v.score, v.codes)


@pytest.mark.parametrize("variant,seed", [("5x5", 3), ("10x10", 4), ("15x15", 5)])
def test_a_fill_run_over_its_line_still_passes(variant, seed):
    """Every fill drawn 0.1 of a cell wider to the right and lower, over its lines into the next cells: the
    neighbour's own fill, which the spill margin allows for."""
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = puzzle.reference_images[0].convert("RGB")
    d = ImageDraw.Draw(page)
    for r, row in enumerate(puzzle.ground_truth["solution"]):
        for c, v in enumerate(row):
            if v:
                x0, y0, x1, y1 = cell_box(puzzle.layout, r, c)
                d.rectangle([x0, y0, x1 + 0.1 * (x1 - x0), y1 + 0.1 * (y1 - y0)], fill=(0, 0, 0))
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes, v.reason)
