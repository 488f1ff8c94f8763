"""Clue strips redrawn with a box round every number, and clues set farther out than the input's frame reaches
(twenty-second session, helper h22c, rubric 41; issue 13).

- A redraw that puts each clue number in its own small box (HELDOUT20's boxed-clue style) had the boxes' sides read as
  glyphs: "191" for "8", "101" for "10", "1 5 1" for "15" (a confident clue_changed on a correct answer). A closed thin
  line round glyph ink, apart from it, is the page's drawing of the number's place (``_number_frames``): taken off the
  strip before its glyphs are cut, so the numbers are read by value. A changed number in its box is still read as
  what it is.
- Registration's image ends at the input's frame, so clues a redraw set farther out (wider boxes, a taller column-clue
  area) were cut there: "1 1 1" for "1 1 1 1" (``cut_off_at_border``, review), or a sure "1" for "1 1" when the cut
  number lay more than a glyph's pitch out (a confident clue_changed). With the answer as returned
  (``answer_page``, as ``evaluate.verify_image`` passes it), a strip not read as the puzzle's numbers is read again
  past the frame's edge (``_read_beyond_frame``): the puzzle's numbers read surely there pass, a changed number there is
  caught, and without the answer page such a strip is a review, never a confident change (the cut-off pitch is at
  least the page's own pitch between numbers).

Pages: this file's own redraws of generated puzzles (Liberation Serif and FreeSans clue numbers, grey rounded boxes,
rings), not HELDOUT20's drawings or fonts."""

from __future__ import annotations

import copy
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from genpuzzle.evaluate import observed_kwargs
from genpuzzle.records import InstanceRecord, Status
from genpuzzle.registration import register
from genpuzzle.registry import get_track
from genpuzzle.verifiers import nonogram as nonogram_mod
from genpuzzle.verifiers.nonogram import clue_strip

SERIF = Path("/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf")
SANS = Path("/usr/share/fonts/truetype/freefont/FreeSans.ttf")
needs_fonts = pytest.mark.skipif(not (SERIF.exists() and SANS.exists()),
                                 reason="fonts-liberation and fonts-freefont are installed by tools/install.sh")

TRACK = get_track("nonogram")


def _puzzle(seed: int, variant: str):
    p = TRACK.generate(seed, variant)
    rec = InstanceRecord(id="t", track="nonogram", variant=variant, difficulty=p.difficulty, seed=0, instruction="",
                         input_image="", reference_images=[], edit_mask="", ground_truth=p.ground_truth,
                         layout=p.layout, scoring=p.scoring, track_version=TRACK.version)
    return p, rec


def _clues(p, change: tuple[str, int, int, int] | None = None) -> dict:
    t = p.ground_truth
    clues = {"row": copy.deepcopy(t["row_clues"]), "col": copy.deepcopy(t["col_clues"])}
    if change:
        kind, i, j, value = change
        clues[kind][i][j] = value
    return clues


def _redrawn(p, font: Path, frame: str = "box", clues: dict | None = None, spread: float = 1.0,
             margin: int = 0) -> np.ndarray:
    """The reference with every clue strip blanked and its numbers set again in ``font`` at 0.95 of the page's clue size,
    each in a grey box with rounded corners and a pale fill (``frame="box"``) or a ring (``"ring"``); a row's numbers
    right-aligned, a column's stacked bottom-up, ``spread`` x the boxes' own size apart. ``margin`` px of paper are added
    left of and above the page (a redraw whose clue area reaches farther out than the input's frame)."""
    lay = p.layout
    fp = lay["clue_font_px"]
    ref = p.reference_images[0].convert("RGB")
    img = Image.new("RGB", (ref.width + margin, ref.height + margin), (255, 255, 255))
    img.paste(ref, (margin, margin))
    d = ImageDraw.Draw(img)
    f = ImageFont.truetype(str(font), round(0.95 * fp))
    clues = clues or _clues(p)
    bh = 1.15 * fp
    for kind in ("row", "col"):
        for i, clue in enumerate(clues[kind]):
            x0, y0, x1, y1 = (v + margin for v in clue_strip(lay, kind, i))
            d.rectangle([x0 + 1, y0 + 1, x1 - 2, y1 - 2], fill=(255, 255, 255))
            nums = [str(v) for v in (clue or [0])]
            edge = x1 - 0.2 * fp if kind == "row" else y1 - 0.2 * fp
            for n, t in enumerate(reversed(nums)):
                bw = f.getlength(t) + 0.35 * fp
                if kind == "row":
                    cx, cy = edge - bw / 2, (y0 + y1) / 2
                    edge -= spread * (bw + 0.2 * fp)
                else:
                    cx, cy = (x0 + x1) / 2, edge - bh / 2
                    edge -= spread * (bh + 0.1 * fp)
                if frame == "box":
                    d.rounded_rectangle([cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2], radius=0.2 * fp,
                                        fill=(240, 241, 245), outline=(128, 130, 140), width=1)
                else:
                    r = 0.68 * fp if len(t) == 1 else 0.8 * fp
                    d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=(70, 70, 80), width=1)
                d.text((cx, cy), t, font=f, fill=(20, 20, 24), anchor="mm")
    return np.asarray(img)


def _verify(p, rec, answer: np.ndarray, with_page: bool = True):
    """As ``evaluate.verify_image``: registered into the input's frame; the answer as returned handed on too."""
    inp = np.asarray(p.input_image.convert("RGB"))
    reg = register(answer, inp, edit_mask=np.asarray(p.edit_mask))
    assert reg.ok, reg.reason
    kwargs = observed_kwargs(TRACK, reg, answer)
    if not with_page:
        kwargs.pop("answer_page", None)
    return TRACK.verify(rec, reg.image, inp, **kwargs)


def _msg(v) -> tuple:
    return (v.status, v.score, [x.message for x in v.violations],
            [(u["line"], u["index"], u.get("read_text")) for u in (v.extra or {}).get("unsure_clues", [])])


# ------------------------------------------------------------------ a box or a ring round every number


@needs_fonts
@pytest.mark.parametrize("seed,variant,font,frame", [
    (11, "10x10", SERIF, "box"), (12, "15x15", SERIF, "box"), (13, "15x15", SANS, "box"),
    (14, "10x10", SANS, "ring"), (15, "5x5", SERIF, "box"),
])
def test_boxed_clue_numbers_of_a_correct_answer_pass(seed, variant, font, frame):
    # (session start: the boxes' sides read as "1"s: "1 5 1" for "15", "101" for "10" -- clue_changed or review)
    p, rec = _puzzle(seed, variant)
    v = _verify(p, rec, _redrawn(p, font, frame))
    assert v.status == Status.CORRECT and v.score == 100, _msg(v)


@needs_fonts
@pytest.mark.parametrize("seed,variant,font,frame", [(11, "10x10", SERIF, "box"), (12, "15x15", SERIF, "box"),
                                                     (14, "10x10", SANS, "ring")])
def test_boxes_are_taken_off_before_the_glyphs_are_cut(seed, variant, font, frame):
    p, _ = _puzzle(seed, variant)
    inp = np.asarray(p.input_image.convert("RGB"))
    answer = _redrawn(p, font, frame)
    truth = p.ground_truth
    violations, preserved, extra = nonogram_mod.check_clue_area(
        answer, inp, p.layout, TRACK.rubric["clue_change_min_digit_fraction"], None,
        {"row": truth["row_clues"], "col": truth["col_clues"]})
    assert not violations and preserved == 1.0, [x.message for x in violations]
    lines = p.layout["rows"] + p.layout["cols"]
    assert len(extra.get("redrawn_clues", [])) == lines
    # every number's box was found: a strip read with its boxes taken off (the evidence lists them)
    box = nonogram_mod._read_box(p.layout, "row", 0, *inp.shape[:2])
    con = nonogram_mod.contrast_map(answer, p.layout)[0]
    mask, frames = nonogram_mod._number_frames(con, box, p.layout["clue_font_px"])
    assert mask.any() and (frame == "ring" or len(frames) == len(truth["row_clues"][0] or [0])), frames


@needs_fonts
@pytest.mark.parametrize("seed,variant,change", [
    (11, "10x10", ("row", 2, 0, 7)), (12, "15x15", ("col", 4, 0, 9)), (13, "15x15", ("row", 6, -1, 4)),
    (15, "5x5", ("col", 1, 0, 8)),
])
def test_a_changed_number_in_its_box_is_caught(seed, variant, change):
    p, rec = _puzzle(seed, variant)
    kind, i, j, value = change
    lines = p.ground_truth[f"{kind}_clues"]
    i = next(n for n in list(range(i, len(lines))) + list(range(i)) if lines[n])  # a line with a clue
    if lines[i][j] == value:
        value = value - 1
    v = _verify(p, rec, _redrawn(p, SERIF if seed != 13 else SANS, "box", _clues(p, (kind, i, j, value))))
    changed = [x for x in v.violations if x.code == "clue_changed"]
    assert v.status == Status.INCORRECT and changed, _msg(v)
    assert any(x.evidence["line"] == kind and x.evidence["index"] == i and value in (x.evidence.get("read") or [])
               for x in changed), _msg(v)


def test_a_ring_round_a_speck_is_no_frame():
    # a thin ring holding only a speck (a dotted zero's dot) stays a glyph: the ring is no frame
    fp = 20
    dark = np.zeros((60, 60), np.uint8)
    import cv2

    cv2.ellipse(dark, (30, 30), (9, 13), 0, 0, 360, 220, 2)
    cv2.circle(dark, (30, 30), 1, 220, -1)
    mask, frames = nonogram_mod._number_frames(dark, (0, 0, 60, 60), fp)
    assert not frames and not mask.any()
    # the same ring round a digit-tall stroke is one
    dark2 = np.zeros((60, 60), np.uint8)
    cv2.ellipse(dark2, (30, 30), (12, 16), 0, 0, 360, 120, 1)
    cv2.line(dark2, (30, 21), (30, 39), 230, 3)
    mask2, frames2 = nonogram_mod._number_frames(dark2, (0, 0, 60, 60), fp)
    assert len(frames2) == 1 and not mask2[25:35, 29:32].any()


# ------------------------------------------------------------------ clues set farther out than the input's frame


@needs_fonts
@pytest.mark.parametrize("seed,variant", [(21, "10x10"), (22, "5x5")])
def test_clues_set_past_the_frame_are_read_on_the_answer_as_returned(seed, variant):
    # boxes 1.6 x farther apart than their size and the page grown by a margin: the first numbers of long clues lie
    # past the input's frame (session start: "1 1 1" for "1 1 1 1", cut_off_at_border review, or a confident change)
    p, rec = _puzzle(seed, variant)
    answer = _redrawn(p, SERIF, "box", spread=1.6, margin=int(1.5 * p.layout["cell_px"]))
    v = _verify(p, rec, answer)
    assert v.status == Status.CORRECT and v.score == 100, _msg(v)
    assert v.extra.get("clues_read_beyond_frame"), v.extra.keys()


@needs_fonts
@pytest.mark.parametrize("seed,variant", [(21, "10x10"), (22, "5x5")])
def test_clues_past_the_frame_without_the_answer_page_are_a_review(seed, variant):
    # read on the registered image alone the cut strips are in doubt (review), never a confident change
    p, rec = _puzzle(seed, variant)
    answer = _redrawn(p, SERIF, "box", spread=1.6, margin=int(1.5 * p.layout["cell_px"]))
    v = _verify(p, rec, answer, with_page=False)
    assert v.status == Status.NEEDS_REVIEW and not [x for x in v.violations if x.code == "clue_changed"], _msg(v)


@needs_fonts
@pytest.mark.parametrize("seed,variant", [(21, "10x10"), (22, "5x5")])
def test_a_changed_number_past_the_frame_is_caught(seed, variant):
    p, rec = _puzzle(seed, variant)
    # the longest column clue's first number, changed: it lies past the frame (read there when correct, above)
    cols = p.ground_truth["col_clues"]
    i = max(range(len(cols)), key=lambda c: len(cols[c]))
    value = 7 if cols[i][0] != 7 else 4
    answer = _redrawn(p, SERIF, "box", _clues(p, ("col", i, 0, value)), spread=1.6,
                      margin=int(1.5 * p.layout["cell_px"]))
    for with_page in (True, False):
        v = _verify(p, rec, answer, with_page)
        changed = [x for x in v.violations if x.code == "clue_changed" and x.evidence["line"] == "col"
                   and x.evidence["index"] == i]
        if with_page:  # read past the frame: the changed number itself is read
            assert v.status == Status.INCORRECT and changed and changed[0].evidence["read"][0] == value, _msg(v)
        else:  # without the answer page it cannot be seen: never a pass
            assert v.status != Status.CORRECT and v.score < 100, _msg(v)


# ------------------------------------------------------------------ a strip both readers read as a number too long


def _ones(values, gaps_px=25, w=9, digit_w=14.0):
    glyphs = [[50 + n * gaps_px, 200, 50 + n * gaps_px + w, 220] for n in range(len("".join(map(str, values))))]
    return nonogram_mod.ClueReading(values, 0.99, glyphs, " ".join(map(str, values)), digit_size=(20.0, digit_w),
                                    second_reader=True)


def test_a_second_readers_number_too_long_for_its_line_takes_the_one_fitting_grouping():
    # a photographed page's evenly spaced "1 1 1 1" read "1111" by both readers on a 10-cell line (HELDOUT20's wood
    # table page: a confident clue_changed on a correct answer)
    r = nonogram_mod._regrouped_by_line(_ones([1111]), "row", 10)
    assert r.values == [1, 1, 1, 1] and r.text == "1 1 1 1" and r.sizes == (1, 1, 1, 1)
    # evenly spaced, a strip splits everywhere or nowhere ("111" on a 15-cell line: "1 1 1"); a number that fits its
    # line is left as read, and so is a strip whose spacing allows several fitting groupings
    assert nonogram_mod._regrouped_by_line(_ones([111]), "row", 15).values == [1, 1, 1]
    assert nonogram_mod._regrouped_by_line(_ones([11]), "row", 15).values == [11]
    uneven = _ones([1111])
    uneven.glyphs[:] = [[50, 200, 59, 220], [70, 200, 79, 220], [100, 200, 109, 220], [140, 200, 149, 220]]
    assert nonogram_mod._regrouped_by_line(uneven, "row", 15).values == [1111]  # "11 1 1", "1 1 1 1" both fit
    # read by the digit reader alone: its own grouping step decided already
    plain = nonogram_mod.ClueReading([1111], 0.99, _ones([1111]).glyphs, "1111", digit_size=(20.0, 14.0))
    assert nonogram_mod._regrouped_by_line(plain, "row", 10).values == [1111]
