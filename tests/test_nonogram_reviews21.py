"""Twenty-first session (issue 13, helper h21f): a page's sign for an empty cell is judged on all its copies.

The two repeated-sign rules (``_repeated_empty_sign``, ``_repeated_sign_in_doubt``) judged the sign's shape on one copy,
the one most like the others; HELDOUT18's 10x10/0 pages lost their 54 signs to it: a slanted "#" whose bars span
its box and whose strokes stand a px to one side is not the same turned half round about its box's centre (about its
ink's centre it is), and one hollow triangle in ten reads surely as a "4". Now the sign is shaped as a sign on more than
half of its copies (``_sign_shaped_copies``), and a symbol is symmetric about its box's or its ink's centre
(``_centred_symmetry``); a copy enclosing more than two counters is no digit (HELDOUT16's circled X, read surely as
an "8" on 58 of 99 copies). A digit, a "?" or a letter in every empty cell stays no sign.
"""
from __future__ import annotations

import importlib

import numpy as np
import pytest
from PIL import ImageDraw

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.registry import get_track
from genpuzzle.renderers.nonogram import cell_box

from test_nonogram_glyph_gaps20 import BOLD, REGULAR, _empty_cells, _glyph, _passes

GREY = (118, 118, 126)


def _slanted_hash(d: ImageDraw.ImageDraw, box, lean: float, width: int) -> None:
    """A small "#" whose two strokes lean (``lean``: a share of the cell) and whose two bars span it."""
    x0, y0, x1, y1 = box
    s = x1 - x0
    cx, cy, k, gap = (x0 + x1) / 2, (y0 + y1) / 2, 0.14 * s, 0.05 * s
    for dx in (-gap, gap):
        d.line([(cx + dx + lean * s, cy - k), (cx + dx - lean * s, cy + k)], fill=GREY, width=width)
    for dy in (-gap, gap):
        d.line([(cx - k, cy + dy), (cx + k, cy + dy)], fill=GREY, width=width)


def _hash_page(puzzle, lean: float) -> np.ndarray:
    page = puzzle.reference_images[0].convert("RGB")
    d = ImageDraw.Draw(page)
    width = max(1, round(puzzle.layout["cell_px"] / 30))
    for r, c in _empty_cells(puzzle):
        _slanted_hash(d, cell_box(puzzle.layout, r, c), lean, width)
    return np.asarray(page)


@pytest.mark.parametrize("variant,seed", [("10x10", 5000), ("10x10", 103), ("15x15", 103)])
def test_a_slanted_hash_in_every_empty_cell_is_the_pages_mark(variant, seed):
    """A grey "#" leaning as an italic one does, in every empty cell: correct 100 (review before: the copy judged
    was not the same turned half round about its box's centre)."""
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    v = genpuzzle.verify(puzzle, _hash_page(puzzle, 0.05))
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes)


@pytest.mark.parametrize("variant,text,font,frac", [("10x10", "4", BOLD, 0.4), ("10x10", "7", REGULAR, 0.4),
                                                    ("15x15", "4", BOLD, 0.45), ("10x10", "?", BOLD, 0.4),
                                                    ("15x15", "2", BOLD, 0.45),
                                                    ("10x10", "8", BOLD, 0.4), ("15x15", "0", REGULAR, 0.45)])
def test_a_glyph_in_every_empty_cell_is_still_no_sign(variant, text, font, frac):
    """Guards: a digit, a "?" or a letter in every empty cell (black or grey) never passes."""
    puzzle = genpuzzle.generate("nonogram", 103, variant)
    for ink in ((0, 0, 0), GREY):
        page = puzzle.reference_images[0].convert("RGB")
        d = ImageDraw.Draw(page)
        for cell in _empty_cells(puzzle):
            _glyph(d, puzzle, text, font, frac, cell, ink=ink)
        v = genpuzzle.verify(puzzle, np.asarray(page))
        assert not _passes(v), (ink, v.status, v.score, v.codes)


def _family_verdict(style_name: str, variant: str, k: int, error: str, seed: int = 5):
    """A HELDOUT18 answer drawn and registered as tools/measure_nonogram_family.py does, verified."""
    import nonogram_answers as answers

    from genpuzzle.records import InstanceRecord
    from genpuzzle.registration import register

    track = get_track("nonogram")
    p = track.generate(1000 * seed + 10 * ("5x5", "10x10", "15x15").index(variant) + k, variant)
    rec = InstanceRecord(id=f"{variant}-{k}", track="nonogram", variant=variant, difficulty=p.difficulty, seed=k,
                         instruction="", input_image="", reference_images=[], edit_mask="",
                         ground_truth=p.ground_truth, layout=p.layout, scoring=p.scoring, track_version=track.version)
    inp = np.asarray(p.input_image.convert("RGB"))
    style = next(s for s in importlib.import_module("nonogram_heldout18").HELDOUT18 if s.name == style_name)
    reg = register(answers.make_answer(p.input_image, p.layout, p.ground_truth, style, error, seed=k), inp,
                   edit_mask=np.asarray(p.edit_mask))
    assert reg.ok, reg.reason
    return track.verify(rec, reg.image, inp, observed=reg.valid)


@pytest.mark.parametrize("style,k", [("w_okolaks_beads_fridge", 0), ("w_elstob_guilloche_letterhead", 0),
                                     ("w_elstob_guilloche_letterhead", 1)])
def test_heldout18_signs_in_every_empty_cell_read_as_the_pages_mark(style, k):
    """HELDOUT18's hollow triangles and slanted "#"s in the 42-54 empty cells of its 10x10 pages: correct 100 (review
    with 42-54 unsure cells before)."""
    v = _family_verdict(style, "10x10", k, "none")
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, len(v.extra.get("unsure_cells", [])))


def test_heldout18_missing_fill_among_signs_is_charged():
    """The same page with a solution cell left empty (marked with the sign): incorrect, the missing fill named."""
    v = _family_verdict("w_okolaks_beads_fridge", "10x10", 0, "missing")
    assert v.status == Status.INCORRECT and v.score < 100, (v.status, v.score, v.codes)
    assert "grid_incomplete" in v.codes, v.codes
