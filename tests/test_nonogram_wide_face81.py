"""Fifty-first session (issue 13), nonogram rubric 81: a wide display face's digits are read whole.

A glyph wider than tall is two touching digits ("10", "14") and is cut in two at its thinnest column
(``_split_touching``), and a glyph wider than tall left whole is no one digit's shape (``_odd_glyph``). Extended
display faces draw every digit wider than tall: HELDOUT44's squared faces (Kinkaid, Square Route, Binary CHR), a 4 or
a 3 about 1.3 x as wide as tall, were each cut into "?4", "?3" or "67", and every strip of an error-free page read
unsure. Now a page whose whole digits (not the narrow 1s) are at the median WIDE_FACE_ASPECT or more as wide as tall
raises both limits to WIDE_FACE_PAIR x that median (``_wide_face_pair``): only a glyph much wider than the page's own
digits is two. An ordinary page keeps the old limit; its touching pairs are few beside its single digits.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from genpuzzle.records import Status
from genpuzzle.verifiers import nonogram as N

sys.path.insert(0, str(Path(__file__).parent))
import nonogram_answers as answers
from test_nonogram import _generated_record
from test_nonogram_clue_cuts65 import DEJAVU, SIZE, _glyph, _page, _typed

SERIF_BOLD = "/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf"
CLUES = ["4", "3", "2 1", "1 1", "5", "1 2 1", "12", "3 3"]


def _boxes(aspects: list[float], h: int = 30) -> list[list[list[int]]]:
    """One strip of glyph boxes ``h`` px tall with these width / height ratios, side by side."""
    out, x = [], 0
    for a in aspects:
        out.append([x, 0, x + round(a * h), h])
        x += round(a * h) + 10
    return [out]


def test_the_touching_limit_rises_only_on_a_page_of_wide_digits():
    assert N._wide_face_pair(_boxes([0.6, 0.65, 0.55, 0.3, 0.7, 0.6]), 30.0) == 0.0  # an ordinary face
    # an ordinary face with touching pairs among its digits: still ordinary
    assert N._wide_face_pair(_boxes([0.6, 1.2, 0.55, 1.3, 0.7, 0.6, 0.3]), 30.0) == 0.0
    assert N._wide_face_pair(_boxes([1.0, 1.1, 1.2, 0.3, 1.05]), 30.0) == pytest.approx(N.WIDE_FACE_PAIR * 1.075, abs=0.02)
    assert N._wide_face_pair(_boxes([1.3, 1.35, 1.3, 1.25]), 30.0) == N.TOUCHING_MAX_ASPECT  # capped
    assert N._wide_face_pair(_boxes([1.3, 1.3, 1.3]), 30.0) == 0.0  # too few glyphs to say
    # narrow 1s and fragments do not count: three wide digits among 1s and specks are still too few
    assert N._wide_face_pair(_boxes([1.3, 0.3, 1.3, 0.3, 1.3, 0.25]) + [[[0, 0, 20, 10], [40, 0, 60, 12]]], 30.0) == 0.0


@pytest.mark.parametrize("font,stretch", [(DEJAVU, 1.7), (DEJAVU, 2.0), (SERIF_BOLD, 1.7)])
def test_an_extended_face_is_read_whole(font, stretch):
    # (before: DejaVu at 1.7 read "2?", "23", "?2 1" ...; every digit cut in two)
    dark, boxes = _page(_typed(CLUES, font, wide="0123456789", stretch=stretch))
    readings = N.read_clue_strips(dark, boxes, float(SIZE), line_lengths=[15] * len(CLUES))
    assert [r.values for r in readings] == [[int(v) for v in text.split()] for text in CLUES]


@pytest.mark.parametrize("stretch", [1.7, 2.0])
def test_two_digits_touching_in_an_extended_face_never_read_as_one(stretch):
    for pair in ("12", "13", "33", "14", "10", "21"):
        a, b = _glyph(pair[0], DEJAVU, stretch), _glyph(pair[1], DEJAVU, stretch)
        h = max(a.shape[0], b.shape[0])
        both = np.zeros((h, a.shape[1] + b.shape[1] - 2), np.uint8)  # set 2 px into each other, feet aligned
        both[h - a.shape[0]:, :a.shape[1]] = a
        region = both[h - b.shape[0]:, a.shape[1] - 2:]
        both[h - b.shape[0]:, a.shape[1] - 2:] = np.maximum(region, b)
        dark, boxes = _page(_typed(["4", "3", "5 2"], DEJAVU, wide="0123456789", stretch=stretch) + [[both]])
        last = N.read_clue_strips(dark, boxes, float(SIZE), line_lengths=[40] * 4)[-1]
        assert last.values in (None, [int(pair)]), (pair, last.text)


def _stretched_clues_page(p, stretch: float, change: tuple[str, int, int] | None = None) -> np.ndarray:
    """``p``'s input with its solution filled in black and every clue number written again in DejaVu Sans made
    ``stretch`` x wider (an extended display face); ``change`` = (kind, line, value) replaces one line's last number."""
    img = p.input_image.convert("RGB").copy()
    layout, truth = p.layout, p.ground_truth
    d = ImageDraw.Draw(img)
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    rb, cb = layout["row_clue_bbox"], layout["col_clue_bbox"]
    d.rectangle([0, rb[1] + 3, rb[2] - 2, rb[3] - 3], fill=(255, 255, 255))
    d.rectangle([cb[0] + 3, 0, cb[2] - 3, cb[3] - 2], fill=(255, 255, 255))
    px = round(layout["clue_font_px"] * 0.85)
    font = ImageFont.truetype(DEJAVU, px)

    def number(text: str) -> Image.Image:
        g = Image.new("L", (px * (len(text) + 1), 2 * px), 0)
        ImageDraw.Draw(g).text((4, 4), text, font=font, fill=255)
        g = g.crop(g.getbbox())
        return g.resize((round(g.width * stretch), g.height), Image.LANCZOS)

    def values(kind: str, i: int, clue) -> list[str]:
        v = [str(x) for x in clue] or ["0"]
        if change and change[:2] == (kind, i):
            v[-1] = str(change[2])
        return v

    def paste(g: Image.Image, cx: float, cy: float) -> None:
        x, y = round(cx - g.width / 2), round(cy - g.height / 2)
        img.paste((0, 0, 0), (x, y), g)

    rows, cols = layout["rows"], layout["cols"]
    ch, cw = (gy1 - gy0) / rows, (gx1 - gx0) / cols
    for r, clue in enumerate(truth["row_clues"]):
        x = gx0 - layout["cell_px"] * 0.25
        for t in reversed(values("row", r, clue)):
            g = number(t)
            paste(g, x - g.width / 2, gy0 + (r + 0.5) * ch)
            x -= g.width + 0.6 * px
    for c, clue in enumerate(truth["col_clues"]):
        items = values("col", c, clue)
        for k, t in enumerate(items):
            paste(number(t), gx0 + (c + 0.5) * cw, gy0 - layout["cell_px"] * 0.3 - (len(items) - k - 0.5) * 1.25 * px)
    for r, line in enumerate(truth["solution"]):
        for c, v in enumerate(line):
            if v:
                d.rectangle(answers.cell_box(layout, r, c), fill=(10, 10, 10))
    return np.asarray(img)


@pytest.mark.parametrize("seed,size,stretch", [(8101, "5x5", 1.7), (8102, "10x10", 2.0), (8103, "15x15", 1.8)])
def test_a_solved_page_in_an_extended_face_passes_and_a_changed_clue_is_caught(seed, size, stretch):
    track, p, record = _generated_record(seed, size)
    inp = np.asarray(p.input_image.convert("RGB"))
    ok = track.verify(record, _stretched_clues_page(p, stretch), inp)
    assert ok.status == Status.CORRECT and ok.score == 100, (ok.codes, ok.extra.get("unsure_clues"))
    lines = [(kind, i, c[-1]) for kind in ("row", "col") for i, c in enumerate(p.ground_truth[kind + "_clues"]) if c]
    for n in range(3):
        kind, i, last = random.Random(n).choice(lines)
        new = last + 1 if last < 5 else last - 2
        v = track.verify(record, _stretched_clues_page(p, stretch, (kind, i, new)), inp)
        assert v.status != Status.CORRECT and v.score < 100, (kind, i, new, v.codes)
