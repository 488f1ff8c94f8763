"""Twenty-fourth session (h24c, rubric 50): a mark in pieces is compared with the page's repeated sign whole.

Rubric 46 spares a lone glyph-like mark that is a copy of the page's repeated sign (``_like_page_sign``), by its
main piece's box. A sign drawn in pieces -- three dots in a triangle -- has no main piece (``_mark_ink`` returns None
for ink in pieces), so where the empty-mark fit took a few copies for a "ring" (the 3 x 3 mean joins the dots) they
had no box to compare and stayed lone rings in doubt: HELDOUT20's e-reader page at 5x5 in review with three such cells.
``_mark_pieces_box`` gives such a mark the box of all its ink, as the sign's copies have. Drawn here in its own style
(three round blue dots, a spread of 0.12 cell, each 0.09 cell across, in every empty cell); a glyph alone on such a
page stays in doubt.
"""
from __future__ import annotations

import math
import random

import numpy as np
import pytest
from PIL import ImageDraw, ImageFont

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.renderers.nonogram import cell_box

FONT = "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf"


def _empty(p) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(p.ground_truth["solution"]) for c, x in enumerate(row) if not x]


def _triad(d, p, cell, rng, rad: float = 0.045, spread: float = 0.12) -> None:
    x0, y0, x1, y1 = cell_box(p.layout, *cell)
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    for i in range(3):
        a = -math.pi / 2 + 2 * math.pi * i / 3 + rng.uniform(-0.1, 0.1)
        px, py = cx + spread * s * math.cos(a), cy + spread * s * math.sin(a)
        d.ellipse([px - rad * s, py - rad * s, px + rad * s, py + rad * s], fill=(60, 70, 150))


def _page(seed: int, variant: str, glyph: str | None = None):
    p = genpuzzle.generate("nonogram", seed, variant)
    rng = random.Random(1)
    page = p.reference_images[0].convert("RGB")
    d = ImageDraw.Draw(page)
    cells = _empty(p)
    for cell in cells[1:] if glyph else cells:
        _triad(d, p, cell, rng)
    if glyph:
        x0, y0, x1, y1 = cell_box(p.layout, *cells[0])
        f = ImageFont.truetype(FONT, max(8, int(0.45 * p.layout["cell_px"])))
        d.text(((x0 + x1) / 2, (y0 + y1) / 2), glyph, font=f, fill=(60, 70, 150), anchor="mm")
    return p, np.asarray(page)


@pytest.mark.parametrize("seed", [24621, 24622])
def test_a_triad_of_dots_in_every_empty_cell_passes(seed):
    p, page = _page(seed, "10x10")
    v = genpuzzle.verify(p, page)
    assert v.status == Status.CORRECT and v.score == 100 and not v.needs_review, (
        v.status, v.score, [u.get("empty_mark") for u in (v.extra or {}).get("unsure_cells", [])])


@pytest.mark.parametrize("glyph", ["o", "l"])
def test_a_glyph_alone_among_the_triads_stays_in_doubt(glyph):
    p, page = _page(24621, "10x10", glyph)
    v = genpuzzle.verify(p, page)
    assert v.status != Status.CORRECT and v.score < 100 and v.needs_review, (v.status, v.score, v.codes)
