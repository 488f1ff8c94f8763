"""Twenty-fifth session (issue 13, helper h25d, rubric 55): "account for all ink" -- a digit or a letter typed in an
empty cell of an otherwise correct answer never passes, in more faces, inks and sizes than the glyph check's DejaVu
Sans (``tools/validity_checks.py glyph-marks --fonts/--greys/--sizes``).

- ``_marks_lost_on_mean``: a grey glyph whose 2-px strokes the 3 x 3 mean takes under the faint level (grey 170:
  darkness 85, 57 on the mean), and a glyph 7-11 px high in a 56-80 px cell (under 0.15 cell, the mark size on the
  mean), were no mark at all: the cell read blank. Ink at the page's resolution at least LEGIBLE_PX (5) across with a
  px of ink per px of its extent, apart from the cell's accepted mark and ruled lines, now makes the cell unsure.
- ``_mark_ink``: a serif glyph (TeX Gyre Termes) in pieces at its own ink level (its hairlines paler than its stems)
  was judged on the mean alone; its ink from a paler level is one piece, and is judged as a glyph.
- ``_sharp_check`` / ``_cross_no_x_there``: an X on the mean that is one piece and no X at the page's resolution (a
  serif "a") is in doubt.
- ``_glyph_kind``: an X under SMALL_CROSS_PX (12) across at the page's resolution, which the fit's tolerance cannot
  tell from a "K" (a typewriter "K" with its serifs is the same turned half round), is a "small cross": alone on its
  page (fewer than 4 cells holding Xs or small Xs), in doubt.

The floor: ink under LEGIBLE_PX across (a speck, at most a dot) is no mark and may pass. Guards: people's marks in
every empty cell (X, slash, dash, ring, dot; black and grey), one ordinary X or dot alone, and a small X repeated in
every empty cell stay ``correct`` 100. Glyph pages as the probe (seed 118) drew them, the guards on seed 28525.
"""
from __future__ import annotations

import os

import numpy as np
import pytest
from PIL import ImageDraw, ImageFont

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.renderers.nonogram import cell_box

FONTS = {
    "dvB": "data/fonts/DejaVuSans-Bold.ttf",
    "dv": "data/fonts/DejaVuSans.ttf",
    "mono": "/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Regular.otf",
    "cp": "/usr/share/fonts/opentype/courier-prime/Courier Prime.otf",
    "ter": "/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyretermes-regular.otf",
}
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GUARD_SEED = 28525  # people's marks: a fresh seed
SEED = 118  # the glyph probe's (glyph-marks 118 --fonts ... --greys 0,120,170 --sizes 0.12,0.17,0.3,0.45)


def _font(name: str, px: int) -> ImageFont.FreeTypeFont:
    path = FONTS[name] if FONTS[name].startswith("/") else os.path.join(REPO, FONTS[name])
    assert os.path.exists(path), f"font {path} missing: tools/install.sh installs it"
    return ImageFont.truetype(path, px)


def _passes(v) -> bool:
    return v.status == Status.CORRECT or v.score >= 100


def _correct(v) -> bool:
    return v.status == Status.CORRECT and v.score >= 100 and not v.needs_review


def _empty_cells(puzzle) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(puzzle.ground_truth["solution"]) for c, v in enumerate(row) if not v]


def _page(variant: str, seed: int = SEED):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    return puzzle, puzzle.reference_images[0].convert("RGB")


def _glyph_page(variant: str, text: str, font: str, frac: float, grey: int, cell: tuple[int, int]):
    """The glyph drawn as ``glyph-marks`` draws it: centred in ``cell`` at ``frac`` of a cell (8 px at the least from
    0.2 cell, 4 px under it)."""
    puzzle, page = _page(variant)
    assert cell in _empty_cells(puzzle)
    x0, y0, _, _ = puzzle.layout["grid_bbox"]
    cp = puzzle.layout["cell_px"]
    f = _font(font, max(8 if frac >= 0.2 else 4, int(frac * cp)))
    ImageDraw.Draw(page).text((x0 + (cell[1] + 0.5) * cp, y0 + (cell[0] + 0.5) * cp), text, font=f, fill=(grey,) * 3,
                              anchor="mm")
    return puzzle, np.asarray(page)


# (variant, glyph, face, size in cells, grey, empty cell): each passed `correct` 100 on 5cfd3cc
LOST_ON_MEAN = [  # grey strokes the mean takes under the faint level
    ("5x5", "3", "dv", 0.3, 170, (1, 3)),
    ("10x10", "7", "dvB", 0.3, 170, (1, 0)),
    ("10x10", "2", "dv", 0.3, 120, (4, 4)),
    ("5x5", "K", "mono", 0.3, 120, (1, 1)),
]
UNDER_MARK_SIZE = [  # 7-10 px high: under 0.15 cell on the mean, over the legible floor
    ("5x5", "7", "dvB", 0.17, 0, (2, 0)),
    ("5x5", "0", "dvB", 0.17, 0, (1, 3)),
    ("5x5", "5", "cp", 0.17, 0, (2, 2)),
    ("10x10", "A", "dv", 0.17, 0, (6, 9)),
]
SERIF_PIECES = [  # a serif glyph in pieces at its ink level ...
    ("10x10", "o", "ter", 0.3, 0, (6, 5)),
    ("10x10", "c", "ter", 0.3, 0, (0, 5)),
    ("15x15", "a", "ter", 0.45, 0, (9, 9)),
    # ... or an X on the mean and none at the page's resolution
    ("5x5", "a", "ter", 0.3, 0, (4, 0)),
    ("10x10", "c", "mono", 0.3, 0, (9, 3)),
]
SMALL_CROSSES = [  # an X under 12 px at the page's resolution: a "K"
    ("15x15", "K", "dv", 0.3, 0, (0, 7)),
    ("10x10", "K", "mono", 0.3, 0, (0, 6)),
    ("15x15", "K", "mono", 0.45, 0, (0, 5)),
]


@pytest.mark.parametrize("variant, text, font, frac, grey, cell", LOST_ON_MEAN + UNDER_MARK_SIZE)
def test_a_glyph_the_mean_loses_or_sizes_as_a_speck_never_passes(variant, text, font, frac, grey, cell):
    puzzle, page = _glyph_page(variant, text, font, frac, grey, cell)
    v = genpuzzle.verify(puzzle, page)
    assert not _passes(v), (v.status, v.score, v.needs_review, v.codes)


@pytest.mark.parametrize("variant, text, font, frac, grey, cell", SERIF_PIECES)
def test_a_serif_glyph_in_pieces_or_no_x_at_the_page_resolution_never_passes(variant, text, font, frac, grey, cell):
    puzzle, page = _glyph_page(variant, text, font, frac, grey, cell)
    v = genpuzzle.verify(puzzle, page)
    assert not _passes(v), (v.status, v.score, v.needs_review, v.codes)


@pytest.mark.parametrize("variant, text, font, frac, grey, cell", SMALL_CROSSES)
def test_a_small_k_the_fit_takes_for_an_x_never_passes(variant, text, font, frac, grey, cell):
    puzzle, page = _glyph_page(variant, text, font, frac, grey, cell)
    v = genpuzzle.verify(puzzle, page)
    assert not _passes(v), (v.status, v.score, v.needs_review, v.codes)


@pytest.mark.parametrize("variant", ["5x5", "15x15"])
def test_a_speck_under_the_legible_floor_is_no_mark(variant):
    # 4 x 3 px of black: under LEGIBLE_PX, at most a dot -- the floor below which ink is ignorable
    puzzle, page = _page(variant, GUARD_SEED)
    x0, y0, x1, y1 = cell_box(puzzle.layout, *_empty_cells(puzzle)[3])
    cx, cy = int((x0 + x1) / 2), int((y0 + y1) / 2)
    ImageDraw.Draw(page).rectangle([cx, cy, cx + 3, cy + 2], fill=(0, 0, 0))
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert _correct(v), (v.status, v.score, v.needs_review, v.codes)


def _draw_x(d, puzzle, cell, k: float, ink, width: int) -> None:
    x0, y0, x1, y1 = cell_box(puzzle.layout, *cell)
    s, cx, cy = min(x1 - x0, y1 - y0), (x0 + x1) / 2, (y0 + y1) / 2
    d.line([(cx - k * s, cy - k * s), (cx + k * s, cy + k * s)], fill=ink, width=width)
    d.line([(cx - k * s, cy + k * s), (cx + k * s, cy - k * s)], fill=ink, width=width)


@pytest.mark.parametrize("variant", ["5x5", "10x10", "15x15"])
@pytest.mark.parametrize("grey", [20, 150])
def test_one_ordinary_x_or_dot_alone_stays_correct(variant, grey):
    for kind in ("X", "dot"):
        puzzle, page = _page(variant, GUARD_SEED)
        d = ImageDraw.Draw(page)
        cell = _empty_cells(puzzle)[4]
        if kind == "X":
            _draw_x(d, puzzle, cell, 0.25, (grey,) * 3, max(2, round(puzzle.layout["cell_px"] / 20)))
        else:
            x0, y0, x1, y1 = cell_box(puzzle.layout, *cell)
            s, cx, cy = min(x1 - x0, y1 - y0), (x0 + x1) / 2, (y0 + y1) / 2
            d.ellipse([cx - 0.1 * s, cy - 0.1 * s, cx + 0.1 * s, cy + 0.1 * s], fill=(grey,) * 3)
        v = genpuzzle.verify(puzzle, np.asarray(page))
        assert _correct(v), (kind, v.status, v.score, v.needs_review, v.codes)


@pytest.mark.parametrize("variant", ["10x10", "15x15"])
def test_a_small_x_in_every_empty_cell_stays_correct(variant):
    # Xs under SMALL_CROSS_PX, repeated: the page's mark for an empty cell
    puzzle, page = _page(variant, GUARD_SEED)
    d = ImageDraw.Draw(page)
    for cell in _empty_cells(puzzle):
        _draw_x(d, puzzle, cell, 4.5 / puzzle.layout["cell_px"], (30, 30, 30), 2)
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert _correct(v), (v.status, v.score, v.needs_review, v.codes)
