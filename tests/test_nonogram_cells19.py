"""Nineteenth session: marks for empty cells on HELDOUT17's pages (issue 13).

- A boxed X (a ticked-off checkbox, U+2612 / U+22A0: an open square with an X along its diagonals inside it) is a
  mark for an empty cell, not a stray mark (HELDOUT17 v_arimo_polka_inkjet, v_cherrybomb_stencil_blueprint: every
  empty cell; the 5x5 answers were `incorrect` 99 for ``stray_mark``); a square with a plus, a dot or a letter in it
  is not.
- A mark whose strokes are a px wide is fitted as seen unblurred when the 3 x 3 mean leaves them under the mark's own
  ink level (a boxed X in a 15x15 cell: its box survives, its x does not), for the marks of strokes only (an X, a
  boxed or circled X, a ring, a null sign, an asterisk; never a dot or a single stroke).
- A small ring (at most half a cell) at the centre of a cell the patch reader leaves unsure or reads as specks is a
  mark for an empty cell, as the patch reader's own small ring read as a dot (HELDOUT17's rings of dots, 0.46 cell:
  crossed where the patch's resampling joined the dots, unsure where it did not); a ring out to most of the cell is an
  outline, in doubt as before; only a ring drawn in dots (a solid one may be an "o" or a "0": the lead's glyph check).
- A cell read blank or crossed that is as dark as shading over half of it, its shading well beyond its mark ink, is
  unsure unless the cells read empty around it are as dark (the page's paper): HELDOUT17's pale polka cells read as a
  dash, specks or a dot (empty cells) on the session-start code.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.renderers.nonogram import cell_box
from genpuzzle.verifiers import nonogram as N

SIZES = [("5x5", 11), ("10x10", 12), ("15x15", 13)]


def _passes(v) -> bool:
    return v.status == Status.CORRECT or v.score >= 100


def _empty_cells(puzzle) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(puzzle.ground_truth["solution"]) for c, v in enumerate(row) if not v]


def _filled_cells(puzzle) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(puzzle.ground_truth["solution"]) for c, v in enumerate(row) if v]


def _draw_in_cells(puzzle, draw, cells=None, clear: bool = False) -> np.ndarray:
    page = np.array(puzzle.reference_images[0].convert("RGB"))
    boxes = [tuple(int(round(v)) for v in cell_box(puzzle.layout, r, c))
             for r, c in (cells if cells is not None else _empty_cells(puzzle))]
    if clear:  # the fill taken off
        for x0, y0, x1, y1 in boxes:
            page[y0 + 3:y1 - 2, x0 + 3:x1 - 2] = 255
    img = Image.fromarray(page)
    d = ImageDraw.Draw(img)
    for box in boxes:
        draw(d, box)
    return np.array(img)


# ------------------------------------------------------------------------------------------------ boxed X


def _boxed(d, box, inside="x", reach=0.62, ink=(70, 70, 76), half_share=0.18, width=None):
    """A checkbox a third of the cell across (as HELDOUT17 draws it) with ``inside`` in it."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    half = half_share * s
    lw = width or max(1, round(s / 32))
    d.rectangle([cx - half, cy - half, cx + half, cy + half], outline=ink, width=lw)
    k = half * reach
    if inside == "x":
        d.line([(cx - k, cy - k), (cx + k, cy + k)], fill=ink, width=lw)
        d.line([(cx + k, cy - k), (cx - k, cy + k)], fill=ink, width=lw)
    elif inside == "plus":
        d.line([(cx - k, cy), (cx + k, cy)], fill=ink, width=lw)
        d.line([(cx, cy - k), (cx, cy + k)], fill=ink, width=lw)
    elif inside == "dot":
        r = 0.3 * half
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=ink)
    elif inside == "tick":  # a check mark in the box
        d.line([(cx - k, cy), (cx - k * 0.2, cy + k)], fill=ink, width=lw)
        d.line([(cx - k * 0.2, cy + k), (cx + k, cy - k)], fill=ink, width=lw)


@pytest.mark.parametrize("variant,seed", SIZES)
@pytest.mark.parametrize("reach", [0.62, 1.0])
def test_a_boxed_x_in_every_empty_cell_passes(variant, seed, reach):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _draw_in_cells(puzzle, lambda d, b: _boxed(d, b, "x", reach=reach))
    v = genpuzzle.verify(puzzle, page)
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes)


@pytest.mark.parametrize("variant,seed", SIZES[:2])
@pytest.mark.parametrize("inside", ["plus", "dot", "tick"])
def test_a_square_around_other_things_is_no_boxed_x(variant, seed, inside):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _draw_in_cells(puzzle, lambda d, b: _boxed(d, b, inside, width=max(2, round((b[2] - b[0]) / 24))),
                          _empty_cells(puzzle)[:1])
    v = genpuzzle.verify(puzzle, page)
    assert not _passes(v), (v.status, v.score, v.codes)


@pytest.mark.parametrize("variant,seed", SIZES)
def test_a_boxed_x_in_a_solution_cell_is_caught(variant, seed):
    """Drawn instead of a fill: the cell reads empty, the answer is wrong."""
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _draw_in_cells(puzzle, lambda d, b: _boxed(d, b, "x"), _filled_cells(puzzle)[:1], clear=True)
    v = genpuzzle.verify(puzzle, page)
    assert v.status == Status.INCORRECT and v.score < 100, (v.status, v.score, v.codes)


def _typed(text: str, font_file: str, size: int) -> np.ndarray:
    font = ImageFont.truetype(str(Path(genpuzzle.__file__).parent / "data" / "fonts" / font_file), size)
    im = Image.new("L", (int(size * 1.4), int(size * 1.4)), 0)
    ImageDraw.Draw(im).text((size * 0.7, size * 0.7), text, font=font, fill=255, anchor="mm")
    return np.asarray(im) >= 128


@pytest.mark.parametrize("char", ["\u2612", "\u22a0"])
@pytest.mark.parametrize("size,font_file", [(40, "DejaVuSans.ttf"), (56, "DejaVuSans.ttf")])
def test_a_typed_boxed_x_is_one(char, size, font_file):
    name, fit = N.empty_mark_fit(_typed(char, font_file, size))
    assert name == "boxed X" and fit >= N.EMPTY_MARK_FIT, (name, fit)


@pytest.mark.parametrize("char", ["\u229e", "\u22a1", "\u25a3", "#", "B", "R", "8"])
def test_squares_with_other_things_and_letters_are_no_boxed_x(char):
    name, fit = N.empty_mark_fit(_typed(char, "DejaVuSans.ttf", 48))
    assert name != "boxed X" or fit < N.EMPTY_MARK_FIT, (name, fit)


# ------------------------------------------------------------------------------------------------ hairline marks


def test_a_fine_mark_is_never_a_dot_or_a_stroke():
    """A hairline dot seen unblurred (a halftone dot) is no mark the unblurred fit accepts."""
    raw = np.zeros((30, 30), np.float32)
    raw[14:16, 14:16] = 200
    blurred = raw >= 1
    assert N._fine_mark(raw, np.ones(raw.shape, bool), blurred, 2) is None
    raw = np.zeros((30, 30), np.float32)
    raw[15, 5:25] = 200  # one hairline stroke
    assert N._fine_mark(raw, np.ones(raw.shape, bool), raw >= 1, 2) is None


@pytest.mark.parametrize("variant,seed", [("15x15", 13), ("10x10", 12)])
def test_a_hairline_scribble_in_an_empty_cell_does_not_pass(variant, seed):
    """A zigzag of 1 px strokes (no X, no ring) in one empty cell, the others left blank."""
    puzzle = genpuzzle.generate("nonogram", seed, variant)

    def zigzag(d, box):
        x0, y0, x1, y1 = box
        s = x1 - x0
        pts = [(x0 + s * a, y0 + s * b) for a, b in ((0.3, 0.35), (0.7, 0.4), (0.3, 0.55), (0.7, 0.6), (0.4, 0.7))]
        d.line(pts, fill=(60, 60, 66), width=1)
        d.rectangle([x0 + 0.32 * s, y0 + 0.32 * s, x0 + 0.68 * s, y0 + 0.68 * s], outline=(60, 60, 66), width=2)

    page = _draw_in_cells(puzzle, zigzag, _empty_cells(puzzle)[:1])
    v = genpuzzle.verify(puzzle, page)
    assert not _passes(v), (v.status, v.score, v.codes)


# ------------------------------------------------------------------------------------------------ small rings


def _dotted_ring(d, box, share=0.2, dots=10, ink=(92, 92, 98), phase=0.3):
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    rr, dot = share * s, max(1.0, 0.032 * s)
    for i in range(dots):
        t = phase + 2 * math.pi * i / dots
        px, py = cx + rr * math.cos(t), cy + rr * math.sin(t)
        d.ellipse([px - dot, py - dot, px + dot, py + dot], fill=ink)


@pytest.mark.parametrize("variant,seed", SIZES)
@pytest.mark.parametrize("phase", [0.0, 0.3])
def test_a_ring_of_dots_in_every_empty_cell_passes(variant, seed, phase):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _draw_in_cells(puzzle, lambda d, b: _dotted_ring(d, b, phase=phase))
    v = genpuzzle.verify(puzzle, page)
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes)


@pytest.mark.parametrize("variant,seed", SIZES[:2])
def test_a_ring_out_to_most_of_the_cell_stays_in_doubt(variant, seed):
    """A thick ring 0.7 of the cell (HELDOUT16's planted outline) in an empty cell: never a pass."""
    puzzle = genpuzzle.generate("nonogram", seed, variant)

    def ring(d, box):
        x0, y0, x1, y1 = box
        w = x1 - x0
        m = 0.15 * w
        d.ellipse([x0 + m, y0 + m, x1 - m, y1 - m], outline=(20, 20, 24), width=max(2, round(w / 12)))

    page = _draw_in_cells(puzzle, ring, _empty_cells(puzzle)[:1])
    v = genpuzzle.verify(puzzle, page)
    assert not _passes(v), (v.status, v.score, v.codes)


@pytest.mark.parametrize("variant,seed", SIZES)
def test_a_ring_of_dots_in_a_solution_cell_is_caught(variant, seed):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _draw_in_cells(puzzle, _dotted_ring, _filled_cells(puzzle)[:1], clear=True)
    v = genpuzzle.verify(puzzle, page)
    assert v.status == Status.INCORRECT and v.score < 100, (v.status, v.score, v.codes)


# ------------------------------------------------------------------------------------------------ HELDOUT17 pages


@pytest.mark.parametrize("style_name,size,k", [
    ("v_arimo_polka_inkjet", "5x5", 1),  # `incorrect` 99 stray_mark (boxed X) on the session-start code
    ("v_arimo_polka_inkjet", "10x10", 0),
    ("v_karla_herringbone_stapled", "10x10", 0),  # rings of dots unsure
    ("v_allerta_corduroy_stamp", "5x5", 0),
])
def test_heldout17_error_free_pages_pass(style_name, size, k):
    """Drawn as tools/measure_nonogram_family.py draws them (seed 5), verified through the whole pipeline."""
    import nonogram_answers as na
    import nonogram_heldout17 as h17

    style = next(s for s in h17.HELDOUT17 if s.name == style_name)
    vi = ("5x5", "10x10", "15x15").index(size)
    puzzle = genpuzzle.generate("nonogram", 1000 * 5 + 10 * vi + k, size)
    answer = na.make_answer(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, "none", seed=k)
    v = genpuzzle.verify(puzzle, answer)
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes)


# ------------------------------------------------------------------------------------------------ shaded cells


@pytest.mark.parametrize("size,k", [("5x5", 0), ("10x10", 0)])
def test_heldout17_pale_polka_cells_are_never_read_empty(size, k):
    """v_arimo_polka_inkjet's planted pale cells (its fill at a quarter of its strength under inkjet banding) read as
    a dash, specks or an off-centre dot -- empty cells -- on the session-start code; an empty cell is paper: they are
    unsure at most (the answer never passes)."""
    import random

    import nonogram_answers as na
    import nonogram_heldout17 as h17
    from genpuzzle.registration import register
    from genpuzzle.registry import get_track

    style = next(s for s in h17.HELDOUT17 if s.name == "v_arimo_polka_inkjet")
    vi = ("5x5", "10x10", "15x15").index(size)
    puzzle = genpuzzle.generate("nonogram", 1000 * 5 + 10 * vi + k, size)
    answer = na.make_answer(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, "extra_light", seed=k)
    inp = np.asarray(puzzle.input_image.convert("RGB"))
    reg = register(answer, inp, edit_mask=np.asarray(puzzle.edit_mask))
    assert reg.ok
    reading = N.read_cells(reg.image, puzzle.layout)
    plan = na.plant(puzzle.ground_truth["solution"], "extra_light",
                    random.Random(f"h17:{style.name}:extra_light:{k}"))
    for r, c in sorted(plan["light"]):
        assert reading.states[r][c] not in ("blank", "crossed") or reading.confidence[r][c] < 0.6, (
            (r, c), reading.states[r][c], reading.confidence[r][c])
    v = genpuzzle.verify(puzzle, answer)
    assert not _passes(v), (v.status, v.score, v.codes)


def test_a_cell_shaded_beyond_its_mark_keeps_its_reading_on_a_page_as_dark():
    from genpuzzle.verifiers import cells as C

    f = {"tone": 30.0, "tinted": 0.8, "cover": 0.2}
    assert C._shaded_beyond_mark(f)
    assert not C._shaded_beyond_mark({"tone": 30.0, "tinted": 0.5, "cover": 0.2})  # the shade is the mark's own
    assert not C._shaded_beyond_mark({"tone": 10.0, "tinted": 0.8, "cover": 0.2})  # paper
    boxes = [(x * 40.0, y * 40.0, x * 40.0 + 40, y * 40.0 + 40) for y in range(3) for x in range(3)]
    centre = 4
    for tones, want in (((26.0, 27.0, 25.0, 28.0, 30.0, 26.0, 24.0, 27.0, 25.0), C.CROSSED),  # as dark: the page's
                        ((3.0, 2.0, 4.0, 3.0, 40.0, 2.0, 3.0, 1.0, 2.0), C.UNSURE)):  # shaded where the rest is paper
        feats = [{"tone": t} for t in tones]
        states = [C.CROSSED if i % 2 else C.BLANK for i in range(9)]
        states[centre] = C.UNSURE
        conf = [0.9] * 9
        conf[centre] = 0.3
        ev = [{} for _ in range(9)]
        ev[centre] = {"shaded_beyond_mark": [C.CROSSED, 0.8]}
        C._shaded_against_neighbours(states, conf, ev, feats, boxes, 40.0)
        assert states[centre] == want, tones
        assert conf[centre] == (0.8 if want == C.CROSSED else 0.3)
