"""Forty-second session (issue 13), nonogram rubric 73: HELDOUT34, measured blind last session, studied.

HELDOUT34 lost most of its verdicts to two grid drawings:

- block lines and a frame of paper clips laid end to end: two wires 0.1-0.13 cell thick with a slot between them,
  0.14 cell apart where the clips' joints narrow the outer wire. The line-companion search
  (:func:`cells.line_companions`) took no rule thicker than 0.08 cell nor a gap wider than 0.1 cell, and took a rule
  touching the band (the band measured short of its own ink at the joints) only where the rules stood apart along
  another stretch -- never on a 5x5 page, whose lines are one stretch each. So the inner wire stood in the cells beside
  it: stray marks, charged, on every error-free page of three styles.
- bobby pins whose balls end the frame at its corners and the block lines at the frame: each ball was a mark beside the
  grid in doubt (:func:`nonogram.margin_marks`), and every error-free page went to review. A mark beside the grid near a
  place where a grid line meets the grid's side, with a mark alike at another such place, is the grid's own knob
  (:func:`nonogram._line_end_knobs`).

- a disco ball's coloured spots of light over a dimmed page lifted the local paper around each spot
  (:func:`cells.paper_map`), and the paper beside it read as a tone: empty cells in doubt. Spots of light smaller than
  a cell, brighter than the page's paper, are no paper level now (:func:`cells._light_spots`).

Fourteen tests fail on rubric 72: the HELDOUT34 pages and the drawn balls at every size, the drawn clip grid at 10x10
and the drawn spots at 15x15 (the drawn clip grid and spots at the other sizes, and the wire search's own test, pass on
both: HELDOUT34's pages are the ones rubric 72 missed); the guards pass on both.
"""

from __future__ import annotations

import numpy as np
import pytest
from PIL import ImageDraw
from test_nonogram_rubric67 import _verdict
from test_nonogram_rubric71 import _grid

from genpuzzle.records import InstanceRecord, Status
from genpuzzle.registry import get_track
from genpuzzle.verifiers import nonogram as V

INK = (25, 25, 28)
PAPER = (255, 255, 255)


@pytest.fixture(scope="module", params=["5x5", "10x10", "15x15"])
def case(request):
    track = get_track("nonogram")
    p = track.generate(7301, request.param)
    rec = InstanceRecord(id="r73", track="nonogram", variant=request.param, difficulty=p.difficulty, seed=1,
                         instruction="", input_image="", reference_images=[], edit_mask="",
                         ground_truth=p.ground_truth, layout=p.layout, scoring=p.scoring,
                         track_version=track.version)
    return track, rec, np.asarray(p.input_image.convert("RGB")), p.reference_images[0].convert("RGB")


def _clip_line(d, a, b, at, axis, cell, inward):
    """A chain of paper clips along a grid line at ``at`` (x for an upright line, axis 0; y for a level one), from ``a``
    to ``b`` along it: a black band 0.25-0.26 cell across with a paper slot 0.05 cell wide along its middle, round holes
    0.1 cell across at the clips' joints every 0.55 cell (HELDOUT34's: two wires 0.1 cell thick). ``inward``: +1 or -1,
    the band lies mostly that way from the line (a frame's side); 0, centred on it (a block line)."""
    lo, hi = (at - 0.05 * cell, at + 0.2 * cell) if inward > 0 else (
        (at - 0.2 * cell, at + 0.05 * cell) if inward < 0 else (at - 0.13 * cell, at + 0.13 * cell))
    mid = (lo + hi) / 2
    slot = (mid - 0.025 * cell, mid + 0.025 * cell)

    def box(u0, u1, v0, v1):
        return [u0, v0, u1, v1] if axis == 1 else [v0, u0, v1, u1]

    d.rectangle(box(a - 0.1 * cell, b + 0.1 * cell, lo, hi), fill=INK)
    d.rectangle(box(a, b, slot[0], slot[1]), fill=PAPER)
    r, u = 0.05 * cell, a + 0.2 * cell
    while u < b:
        c = [u - r, mid - r, u + r, mid + r] if axis == 1 else [mid - r, u - r, mid + r, u + r]
        d.ellipse(c, fill=PAPER)
        u += 0.55 * cell


def _clip_grid(rec, page):
    """``page`` with its frame and block lines (every fifth) redrawn as chains of paper clips."""
    gx0, gy0, gx1, gy1, cell, xs, ys = _grid(rec)
    d = ImageDraw.Draw(page)
    for i, x in enumerate(xs):
        if i % 5 == 0:
            _clip_line(d, gy0, gy1, x, 0, cell, 1 if i == 0 else (-1 if i == len(xs) - 1 else 0))
    for j, y in enumerate(ys):
        if j % 5 == 0:
            _clip_line(d, gx0, gx1, y, 1, cell, 1 if j == 0 else (-1 if j == len(ys) - 1 else 0))
    return page


def _solution_page(track, rec, inp, solution, inset=0.25):
    """The input page with ``solution``'s cells filled, each ``inset`` cell in from its sides (clear of a heavy line)."""
    from PIL import Image

    page = Image.fromarray(inp).copy()
    d = ImageDraw.Draw(page)
    _gx0, _gy0, _gx1, _gy1, cell, xs, ys = _grid(rec)
    for r, line in enumerate(solution):
        for c, v in enumerate(line):
            if v:
                d.rectangle([xs[c] + inset * cell, ys[r] + inset * cell, xs[c + 1] - inset * cell,
                             ys[r + 1] - inset * cell], fill=INK)
    return page


def _verify(track, rec, page, inp):
    return track.verify(rec, np.asarray(page), inp)


def test_a_grid_of_paper_clips_scores_100(case):
    track, rec, inp, _ = case
    page = _clip_grid(rec, _solution_page(track, rec, inp, rec.ground_truth["solution"]))
    v = _verify(track, rec, page, inp)
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes, v.extra.get("unsure_cells"))


def test_the_clip_chains_inner_wire_is_a_further_rule_of_the_line(case):
    """The frame's inner wire is one of its rules (taken off), not ink in the cells beside it. (This drawing's wires
    are found on rubric 72 too: the test pins the search's result down; HELDOUT34's pages below are the ones it missed.)"""
    from genpuzzle.verifiers import cells as C

    track, rec, inp, _ = case
    page = np.asarray(_clip_grid(rec, _solution_page(track, rec, inp, rec.ground_truth["solution"])))
    boxes = C.grid_boxes(rec.layout["grid_bbox"], rec.layout["rows"], rec.layout["cols"])
    dark, _ = C.darkness_maps(page, C.cell_size(boxes))
    found = C.line_companions(dark, boxes, C.cell_size(boxes))
    _gx0, gy0, _gx1, _gy1, cell, _, _ = _grid(rec)
    top = [g for g in found if g[0] == 1 and g[3] > gy0 and g[3] - gy0 < 0.3 * cell]
    assert top, found


def test_clip_grid_planted_errors_still_fail(case):  # guard
    track, rec, inp, _ = case
    sol = [list(line) for line in rec.ground_truth["solution"]]
    r, c = next((r, c) for r, line in enumerate(sol) for c, v in enumerate(line) if not v)
    extra = [list(line) for line in sol]
    extra[r][c] = 1
    r2, c2 = next((r, c) for r, line in enumerate(sol) for c, v in enumerate(line) if v)
    missing = [list(line) for line in sol]
    missing[r2][c2] = 0
    for wrong in (extra, missing):
        v = _verify(track, rec, _clip_grid(rec, _solution_page(track, rec, inp, wrong)), inp)
        assert v.status == Status.INCORRECT and v.score < 100, (v.status, v.score, v.codes)


def test_a_half_fill_under_a_clip_frame_does_not_pass(case):  # guard
    """An empty cell of the top row half filled from just under the frame's inner wire: the heavier line reaches no
    further, and the cell is no blank."""
    track, rec, inp, _ = case
    page = _clip_grid(rec, _solution_page(track, rec, inp, rec.ground_truth["solution"]))
    _gx0, _gy0, _gx1, _gy1, cell, xs, ys = _grid(rec)
    c = next(c for c, v in enumerate(rec.ground_truth["solution"][0]) if not v)
    ImageDraw.Draw(page).rectangle([xs[c] + 0.15 * cell, ys[0] + 0.24 * cell, xs[c + 1] - 0.15 * cell,
                                    ys[0] + 0.55 * cell], fill=INK)
    v = _verify(track, rec, page, inp)
    assert v.status != Status.CORRECT, (v.status, v.score)


def test_a_row_of_outlined_fills_beside_a_heavy_line_reads_filled(case):  # guard
    """Hollow squares (0.11 cell thick, 0.15 cell in) in every filled cell: their sides beside a line stop short of the
    crossings, and are no further rules of it."""
    from PIL import Image

    _track, rec, inp, _ = case
    page = Image.fromarray(inp).copy()
    d = ImageDraw.Draw(page)
    _gx0, _gy0, _gx1, _gy1, cell, xs, ys = _grid(rec)
    for r, line in enumerate(rec.ground_truth["solution"]):
        for c, v in enumerate(line):
            if v:
                i = 0.15 * cell
                d.rectangle([xs[c] + i, ys[r] + i, xs[c + 1] - i, ys[r + 1] - i], outline=INK,
                            width=max(3, round(0.11 * cell)))
    reading = V.read_cells(np.asarray(page), rec.layout)
    assert reading.cells == rec.ground_truth["solution"]


def _balls(rec, page, where, radius=0.16):
    """``page`` with a solid ball (a bobby pin's end, ``radius`` cell) just outside the grid at each place in ``where``
    (x, y on the grid's outline), set off from it outwards."""
    gx0, gy0, gx1, gy1, cell, _, _ = _grid(rec)
    d = ImageDraw.Draw(page)
    rad = radius * cell
    for x, y in where:
        ox = rad * 0.8 * (-1 if x <= gx0 + 1 else (1 if x >= gx1 - 1 else 0))
        oy = rad * 0.8 * (-1 if y <= gy0 + 1 else (1 if y >= gy1 - 1 else 0))
        d.ellipse([x + ox - rad, y + oy - rad, x + ox + rad, y + oy + rad], fill=INK)
    return page


def test_balls_at_the_grids_corners_score_100(case):
    track, rec, inp, ref = case
    gx0, gy0, gx1, gy1, *_ = _grid(rec)
    page = _balls(rec, ref.copy(), [(gx0, gy0), (gx1, gy0), (gx0, gy1), (gx1, gy1)])
    v = _verify(track, rec, page, inp)
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.extra.get("unsure_marks_beside_grid"))
    assert not v.extra.get("unsure_marks_beside_grid")


def test_balls_where_the_block_lines_meet_the_frame_score_100(case):
    track, rec, inp, ref = case
    _gx0, _gy0, gx1, gy1, _cell, xs, ys = _grid(rec)
    where = [(gx1, y) for j, y in enumerate(ys) if j % 5 == 0] + [(x, gy1) for i, x in enumerate(xs) if i % 5 == 0]
    v = _verify(track, rec, _balls(rec, ref.copy(), where), inp)
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.extra.get("unsure_marks_beside_grid"))


def test_one_ball_at_one_corner_stays_in_doubt(case):  # guard
    track, rec, inp, ref = case
    _gx0, _gy0, gx1, gy1, *_ = _grid(rec)
    v = _verify(track, rec, _balls(rec, ref.copy(), [(gx1, gy1)]), inp)
    assert v.status == Status.NEEDS_REVIEW and v.extra.get("unsure_marks_beside_grid"), (v.status, v.score)


def test_a_ball_and_a_bigger_blot_at_two_corners_stay_in_doubt(case):  # guard
    track, rec, inp, ref = case
    gx0, _gy0, gx1, gy1, *_ = _grid(rec)
    page = _balls(rec, ref.copy(), [(gx1, gy1)])
    page = _balls(rec, page, [(gx0, gy1)], radius=0.3)
    v = _verify(track, rec, page, inp)
    assert v.status == Status.NEEDS_REVIEW and v.extra.get("unsure_marks_beside_grid"), (v.status, v.score)


def test_balls_at_the_corners_leave_a_mark_off_the_line_ends_in_doubt(case):  # guard
    track, rec, inp, ref = case
    gx0, gy0, gx1, gy1, cell, _xs, ys = _grid(rec)
    page = _balls(rec, ref.copy(), [(gx0, gy0), (gx1, gy0), (gx0, gy1), (gx1, gy1)])
    # the same ball beside the grid's right side, halfway along a cell (no line ends there)
    d = ImageDraw.Draw(page)
    rad, y = 0.16 * cell, (ys[0] + ys[1]) / 2 + (ys[1] - ys[0]) * 0
    d.ellipse([gx1 + 0.13 * cell - rad, y - rad, gx1 + 0.13 * cell + rad, y + rad], fill=INK)
    v = _verify(track, rec, page, inp)
    assert v.status == Status.NEEDS_REVIEW and v.extra.get("unsure_marks_beside_grid"), (v.status, v.score)


# -- HELDOUT34's pages -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("style_name, size, k", [
    ("s_bsmi_squidink_choppingboard", "5x5", 0),  # paper clips: a stray mark along the frame (charged)
    ("s_lohitgujarati_chesterfield_lemon", "10x10", 0),  # paper clips: block lines' inner wires (review)
    ("s_saab_urchin_ziplock", "15x15", 1),  # paper clips, 15x15 (review)
    ("s_padmaa_astrakhan_pinecone", "5x5", 0),  # a bobby pin's ball at three corners (review)
    ("s_alarabiya_gunpowdertea_fingertip", "15x15", 0),  # bobby pins' balls, 15x15 (review)
    ("s_tibetanmachine_pumpernickel_disco", "10x10", 0),  # a disco ball's spots of light (review)
])
def test_heldout34s_error_free_pages_are_correct(style_name, size, k):
    v = _verdict(style_name, size, k, "none", family="nonogram_heldout34")
    assert v.status == Status.CORRECT, (v.status, v.score, v.codes, v.extra.get("unsure_cells"),
                                        v.extra.get("unsure_marks_beside_grid"))


@pytest.mark.parametrize("style_name, size, k, error", [
    ("s_bsmi_squidink_choppingboard", "5x5", 0, "missing"),
    ("s_saab_urchin_ziplock", "10x10", 1, "extra_light"),
    ("s_lohitgujarati_chesterfield_lemon", "15x15", 0, "extra_outline"),
    ("s_padmaa_astrakhan_pinecone", "10x10", 0, "x_instead"),
    ("s_alarabiya_gunpowdertea_fingertip", "5x5", 1, "clue_changed"),
    # a wavy frame beside a line in a column of fills: no further rule of the line (its stretches disagree)
    ("s_alarabiya_gunpowdertea_fingertip", "10x10", 0, "extra_outline"),
])
def test_heldout34s_planted_errors_still_fail(style_name, size, k, error):  # guards
    v = _verdict(style_name, size, k, error, family="nonogram_heldout34")
    assert v.status != Status.CORRECT, (v.status, v.score)


# -- spots of light on a dimmed page -----------------------------------------------------------------------------------


def _disco(page, rec, seed=3, spots=40):
    """``page`` lit at 60 % with small coloured spots of light (0.15-0.3 cell across) laid over it here and there,
    empty cells, fills and clues alike (a disco ball's light): light multiplies each pixel's own reflectance, so a
    spot brightens paper past its level and leaves black ink dark."""
    import random

    from PIL import Image, ImageFilter

    rng = random.Random(seed)
    _, _, _, _, cell, _, _ = _grid(rec)
    light = Image.new("RGB", page.size, (0, 0, 0))
    d = ImageDraw.Draw(light)
    for _ in range(spots):
        x, y = rng.uniform(0, page.size[0]), rng.uniform(0, page.size[1])
        r = rng.uniform(0.075, 0.15) * cell
        colour = rng.choice([(150, 140, 60), (60, 150, 80), (150, 70, 80), (70, 90, 160), (130, 130, 130)])
        d.ellipse([x - r, y - 0.7 * r, x + r, y + 0.7 * r], fill=colour)
    gain = 0.6 + np.asarray(light.filter(ImageFilter.GaussianBlur(1.5)), np.float32) / 255.0
    return Image.fromarray(np.clip(np.asarray(page, np.float32) * gain, 0, 255).astype(np.uint8))


def test_spots_of_light_on_a_dimmed_page_score_100(case):
    track, rec, inp, ref = case
    v = _verify(track, rec, _disco(ref, rec), inp)
    if rec.variant == "5x5":
        # (not yet: forty spots on a 5x5 page cluster into light wider than a cell over its middle cells, and a cell
        # beside them reads a tone -- a review, never a charge)
        assert v.status == Status.NEEDS_REVIEW and not v.codes, (v.status, v.score, v.codes)
        return
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes, v.extra.get("unsure_cells"))


def test_a_light_extra_fill_under_spots_of_light_still_fails(case):  # guard
    track, rec, inp, ref = case
    sol = rec.ground_truth["solution"]
    _gx0, _gy0, _gx1, _gy1, cell, xs, ys = _grid(rec)
    r, c = next((r, c) for r, line in enumerate(sol) for c, v in enumerate(line) if not v)
    page = ref.copy()
    ImageDraw.Draw(page).rectangle([xs[c] + 0.1 * cell, ys[r] + 0.1 * cell, xs[c + 1] - 0.1 * cell,
                                    ys[r + 1] - 0.1 * cell], fill=(200, 200, 200))
    v = _verify(track, rec, _disco(page, rec), inp)
    assert v.status != Status.CORRECT and v.score < 100, (v.status, v.score)


def test_a_broad_glare_is_still_paper():  # guard
    """A bright area larger than a cell (a glare, a lighter sheet under part of the page) is a paper level: the paper
    map follows it rather than leave it out."""
    from genpuzzle.verifiers import cells as C

    grey = np.full((400, 400), 150, np.uint8)
    grey[100:300, 100:300] = 200  # a lighter area 5 x 5 cells of 40 px
    paper = C.paper_map(grey, 40.0)
    assert abs(float(paper[200, 200]) - 200) < 12 and abs(float(paper[20, 20]) - 150) < 12
