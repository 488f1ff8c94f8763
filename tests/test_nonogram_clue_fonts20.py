"""Clue fonts HELDOUT17 and HELDOUT18 (blind families, open for study in the twentieth session) showed the nonogram clue
reader reading surely what a person reads otherwise, so that a correct answer failed with a confident clue_changed:
Arapey's narrow "3 3" on a page with five such strips in doubt, thinned by the weight re-reading and read a sure "3 8";
a blurred National Park "6" closed into a ring read a sure 0 ("0 4" for "6 4", a clue no nonogram has); Okolaks Bold's
"15", the 1's serif run into the 5, cut at its thinnest column through the 5 into a no-digit half ("?5", charged as a
change). And the C-64 pixel font, drawn in scanlines, fell apart into bars ("5 ?? ?" for "5 2"). Rubric 25:

- a 0 where no clue holds one (in a clue of several numbers, or leading a number) is read below the confident level;
- on a page read in doubt over several strips at its own pen weight, a strip read surely only thinned or thickened is
  evidence for the puzzle's numbers only (another value leaves it unsure: review);
- a strip with a half of a glyph cut at its thinnest column read as no digit is no evidence of a change (review);
- a clue area drawn in scanlines is read with its 1-px gaps closed.

The guards: a lone 0 and a "10" stay sure; a changed clue on these pages is still caught (never a pass)."""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.registry import get_track
from genpuzzle.verifiers import nonogram as nonogram_mod
from genpuzzle.verifiers.nonogram import read_clue_strips

sys.path.insert(0, str(Path(__file__).parent))

FONTS = Path(os.path.dirname(genpuzzle.__file__)) / "data" / "fonts"


def _strip(text: str, px: int = 18, width: int = 120, height: int = 32) -> np.ndarray:
    """A row clue strip's darkness map (ink bright) with ``text`` set right-aligned in the renderer's bold DejaVu."""
    im = Image.new("L", (width, height), 255)
    font = ImageFont.truetype(str(FONTS / "DejaVuSans-Bold.ttf"), px)
    ImageDraw.Draw(im).text((width - 6, height // 2), text, font=font, fill=0, anchor="rm")
    return 255 - np.asarray(im)


def _read(text: str):
    """A strip read, then judged by the puzzle's rule for 0s as check_clue_area does."""
    dark = _strip(text)
    return nonogram_mod._zero_doubted(
        read_clue_strips(dark, [("row", (0, 0, dark.shape[1], dark.shape[0]))], 18, line_lengths=[15])[0])


def _family(module: str, family: str, style_name: str, variant: str, k: int, error: str, seed: int = 5):
    """An answer of a family drawn and registered as tools/measure_nonogram_family.py does: (record, registration, input)."""
    import nonogram_answers as answers

    from genpuzzle.records import InstanceRecord
    from genpuzzle.registration import register

    track = get_track("nonogram")
    p = track.generate(1000 * seed + 10 * ("5x5", "10x10", "15x15").index(variant) + k, variant)
    rec = InstanceRecord(id=f"{variant}-{k}", track="nonogram", variant=variant, difficulty=p.difficulty, seed=k,
                         instruction="", input_image="", reference_images=[], edit_mask="",
                         ground_truth=p.ground_truth, layout=p.layout, scoring=p.scoring, track_version=track.version)
    inp = np.asarray(p.input_image.convert("RGB"))
    style = next(s for s in getattr(importlib.import_module(module), family) if s.name == style_name)
    answer = answers.make_answer(p.input_image, p.layout, p.ground_truth, style, error, seed=k)
    reg = register(answer, inp, edit_mask=np.asarray(p.edit_mask))
    assert reg.ok, reg.reason
    return rec, reg, inp


def _verify(module: str, family: str, style_name: str, variant: str, k: int, error: str):
    rec, reg, inp = _family(module, family, style_name, variant, k, error)
    return get_track("nonogram").verify(rec, reg.image, inp, observed=reg.valid)


# --- a 0 no clue holds ---------------------------------------------------------------------------------------------

def test_a_zero_in_a_clue_of_several_numbers_is_read_unsure():
    for text in ("0 4", "4 0"):
        r = _read(text)
        assert r.values is None and r.doubtful, (text, r.values)
        zero = [c for d, c in r.glyph_reads if d == 0]
        assert zero and max(zero) < 0.9, r.glyph_reads  # the 0 itself, so a second reader is asked about it


def test_a_number_starting_with_zero_is_read_unsure():
    r = _read("3 05")
    assert r.values is None


def test_a_lone_zero_and_a_ten_stay_sure():
    assert _read("0").values == [0]
    assert _read("10 4").values == [10, 4]
    assert _read("6 4").values == [6, 4]


def test_impossible_zeros_follows_the_puzzles_rule():
    f = nonogram_mod._impossible_zeros
    assert f([0], (1,)) == []
    assert f([1, 0, 4], (2, 1)) == []
    assert f([0, 4], (1, 1)) == [0]
    assert f([4, 0], (1, 1)) == [1]
    assert f([0, 4], (2,)) == [0]


# --- the families' correct answers no longer fail on a misread clue -----------------------------------------------------

@pytest.mark.parametrize("module,family,style", [
    ("nonogram_heldout17", "HELDOUT17", "v_arapey_sandpaper_redrawwide"),  # "3 3" read a sure "3 8" only thinned
    ("nonogram_heldout17", "HELDOUT17", "v_nationalpark_galaxy_laptop"),  # a blurred 6 read a sure 0: "0 4"
    ("nonogram_heldout18", "HELDOUT18", "w_okolaks_beads_fridge"),  # "15" cut through the 5: "?5"
])
def test_a_correct_answer_is_not_failed_on_a_clue_the_reader_misread(module, family, style):
    v = _verify(module, family, style, "15x15", 0, "none")
    assert "clue_changed" not in v.codes, [x.message for x in v.violations]
    assert v.status != Status.INCORRECT


@pytest.mark.parametrize("module,family,style", [
    ("nonogram_heldout17", "HELDOUT17", "v_arapey_sandpaper_redrawwide"),
    ("nonogram_heldout17", "HELDOUT17", "v_nationalpark_galaxy_laptop"),
    ("nonogram_heldout18", "HELDOUT18", "w_okolaks_beads_fridge"),
])
def test_a_changed_clue_on_those_pages_never_passes(module, family, style):
    v = _verify(module, family, style, "15x15", 0, "clue_changed")
    assert v.status != Status.CORRECT and v.score < 100


def test_a_weight_reread_on_a_page_in_doubt_confirms_only_the_puzzles_numbers():
    f = nonogram_mod._reweighted_evidence_only
    clues = {"row": [[3, 3]], "col": [[5]]}
    assert f(True, {(3, 8)}, ("row", 0), clues)  # another value: evidence for nothing, the strip stays unsure
    assert not f(True, {(3, 3)}, ("row", 0), clues)  # the puzzle's numbers: taken
    assert not f(False, {(3, 8)}, ("row", 0), clues)  # a page the reader knows: taken as read (a change)
    assert not f(True, {(3, 8)}, ("row", 0), None)


# --- scanlines ----------------------------------------------------------------------------------------------------------

def _scanlined(dark: np.ndarray, period: int = 3) -> np.ndarray:
    out = dark.copy()
    out[::period] = 0  # a paper row every third row
    return out


def test_a_clue_area_in_scanlines_is_found_and_a_solid_one_is_not():
    dark = _strip("5 2", px=22, height=40)
    box = [(0, 0, dark.shape[1], dark.shape[0])]
    assert not nonogram_mod._scanline_page(dark, box)
    assert nonogram_mod._scanline_page(_scanlined(dark), box)


def test_scanline_digits_are_read_whole():
    dark = _scanlined(_strip("5 2", px=22, height=40))
    r = read_clue_strips(dark, [("row", (0, 0, dark.shape[1], dark.shape[0]))], 22, line_lengths=[10])[0]
    assert len(r.glyphs) == 2 and r.text == "5 2", (r.text, r.glyph_reads)


def test_the_c64_pages_strips_hold_whole_glyphs():
    rec, reg, inp = _family("nonogram_heldout18", "HELDOUT18", "w_c64_dotmatrix_gif", "10x10", 1, "none")
    con = nonogram_mod.contrast_map(reg.image, rec.layout)
    truth = rec.ground_truth
    _, _, extra = nonogram_mod.check_clue_area(reg.image, inp, rec.layout,
                                               get_track("nonogram").rubric["clue_change_min_digit_fraction"], con,
                                               {"row": truth["row_clues"], "col": truth["col_clues"]}, reg.valid)
    unsure = extra.get("unsure_clues", [])
    assert len(unsure) <= 2, [(u["line"], u["index"], u["read_text"]) for u in unsure]


def test_a_pixel_fonts_square_digits_are_not_cut_as_touching_digits():
    # C-64's digits stand in square cells (its "4" 29 x 26 px at a 40-px clue font): on a page in scanlines only a glyph
    # more than PIXEL_FONT_PAIR times as wide as tall is cut; this error-free page was a review for a digit so cut in two
    assert nonogram_mod.PIXEL_FONT_PAIR > 1.05
    v = _verify("nonogram_heldout18", "HELDOUT18", "w_c64_dotmatrix_gif", "15x15", 1, "none")
    assert v.status == Status.CORRECT and v.score == 100, ([x.message for x in v.violations],
                                                            (v.extra or {}).get("unsure_clues"))
