"""The nonogram cell reader's blind spots found by HELDOUT13 (fourteenth session): an X drawn as its outline (white
inside) instead of a fill read as filled, and pale felt-tip strokes over most of an empty cell read blank."""

from __future__ import annotations

import math

import numpy as np
import pytest
from PIL import Image, ImageDraw

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.renderers.nonogram import cell_box
from genpuzzle.verifiers import cells as cells_mod


def _x_arm_outline(ax, ay, bx, by, half):
    """The four corners of a bar ``half`` wide each side of the segment (ax, ay)-(bx, by)."""
    ln = math.hypot(bx - ax, by - ay)
    nx, ny = -(by - ay) / ln * half, (bx - ax) / ln * half
    return [(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)]


def _hollow_x(d: ImageDraw.ImageDraw, box, inset: float, half: float, line: float) -> None:
    """A heavy X drawn as its outline only: both bars in ink, then both bars less ``line`` px each way in white."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    m, h = inset * w, half * w
    arms = (((x0 + m, y0 + m), (x1 - m, y1 - m)), ((x0 + m, y1 - m), (x1 - m, y0 + m)))
    for (ax, ay), (bx, by) in arms:
        d.polygon(_x_arm_outline(ax, ay, bx, by, h), fill=(20, 20, 20))
    for (ax, ay), (bx, by) in arms:
        ln = math.hypot(bx - ax, by - ay)
        ux, uy = (bx - ax) / ln * line, (by - ay) / ln * line
        d.polygon(_x_arm_outline(ax + ux, ay + uy, bx - ux, by - uy, h - line), fill=(255, 255, 255))


def _solved_page(seed: int, variant: str):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    return puzzle, puzzle.reference_images[0].convert("RGB")


@pytest.mark.parametrize("variant,seed,inset,half,line,charged", [("5x5", 7300, 0.14, 0.14, 0.05, True),
                                                                  ("10x10", 7310, 0.12, 0.13, 0.06, True),
                                                                  ("15x15", 7320, 0.15, 0.15, 0.06, False)])
def test_a_hollow_x_instead_of_a_fill_is_crossed_not_filled(variant, seed, inset, half, line, charged):
    # HELDOUT13's r_accanthisita_voxel_bookscan x_instead: an outlined X (white inside its outline) drawn in a
    # solution cell; its ink touches all four side middles and three corners around a blank centre, which the
    # reader took for an outlined fill (correct 100). Its edges run along the diagonals, a frame's along the sides.
    puzzle, image = _solved_page(seed, variant)
    layout, solution = puzzle.layout, puzzle.ground_truth["solution"]
    r, c = next((r, c) for r, row in enumerate(solution) for c, v in enumerate(row) if v)
    x0, y0, x1, y1 = cell_box(layout, r, c)
    d = ImageDraw.Draw(image)
    t = max(2, round(0.06 * layout["cell_px"]))
    d.rectangle([x0 + t, y0 + t, x1 - t, y1 - t], fill=(255, 255, 255))
    _hollow_x(d, (x0, y0, x1, y1), inset, half, max(1.5, line * layout["cell_px"]))
    reading = read_marks(image, layout)
    assert reading.states[r * layout["cols"] + c] == cells_mod.CROSSED, reading.evidence[r * layout["cols"] + c]
    v = genpuzzle.verify(puzzle, image)
    assert v.status != Status.CORRECT and v.score < 100, (v.status, v.score, v.codes)
    if charged:
        # (at 15x15 the thin outline leaves a small piece the stray-mark check cannot place: review, not charged)
        assert v.status == Status.INCORRECT and "crossed_instead_of_filled" in v.codes, (v.status, v.codes)


def read_marks(image, layout):
    return cells_mod.read_marks(np.asarray(image), grid_bbox=layout["grid_bbox"], rows=layout["rows"],
                                cols=layout["cols"])


@pytest.mark.parametrize("variant,seed", [("5x5", 7301), ("10x10", 7311), ("15x15", 7321)])
def test_a_square_outline_is_still_an_outlined_fill(variant, seed):
    # the frame the rule above must not take for an X: a thick square outline around a blank centre is a fill
    puzzle, image = _solved_page(seed, variant)
    layout = puzzle.layout
    patch = np.zeros((cells_mod.PATCH, cells_mod.PATCH), np.uint8)
    patch[:4, :] = patch[-4:, :] = patch[:, :4] = patch[:, -4:] = 200
    state, _, _ = cells_mod.classify_patch(patch)
    assert state == cells_mod.FILLED


def _pale_strokes(image: Image.Image, box, grey: int, rng: np.random.Generator) -> Image.Image:
    """Four broad pale felt-tip strokes across most of the cell, translucent: darker where two overlap."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    page = np.asarray(image).astype(np.float32)
    for k in range(4):
        layer = Image.new("L", image.size, 0)
        yy = y0 + (0.22 + 0.17 * k) * w + rng.uniform(-0.02, 0.02) * w
        ImageDraw.Draw(layer).line([(x0 + 0.12 * w, yy), (x1 - 0.12 * w, yy + 0.12 * w)], fill=255,
                                   width=max(2, round(0.2 * w)))
        a = np.asarray(layer, np.float32)[:, :, None] / 255.0
        page = page * (1 - a) + page * (grey / 255.0) * a  # a felt tip's ink multiplies the paper under it
    return Image.fromarray(np.clip(page, 0, 255).astype(np.uint8))


@pytest.mark.parametrize("variant,seed,grey", [("5x5", 7302, 217), ("10x10", 7312, 216), ("15x15", 7322, 215)])
def test_pale_felt_strokes_in_an_empty_cell_never_pass(variant, seed, grey):
    # HELDOUT13's r_anonymousbold_stitch_social 15x15/0 extra_light: pale grey strokes over most of an empty cell
    # (tone 29 over two thirds of it, 2 % of the cell at mark darkness) read blank (correct 100)
    puzzle, image = _solved_page(seed, variant)
    layout, solution = puzzle.layout, puzzle.ground_truth["solution"]
    empty = [(r, c) for r, row in enumerate(solution) for c, v in enumerate(row) if not v]
    rng = np.random.default_rng(seed)
    for r, c in empty[:2]:
        image = _pale_strokes(image, cell_box(layout, r, c), grey, rng)
    reading = read_marks(image, layout)
    states = [reading.states[r * layout["cols"] + c] for r, c in empty[:2]]
    assert all(s in (cells_mod.UNSURE, cells_mod.FILLED) for s in states), states
    v = genpuzzle.verify(puzzle, image)
    assert not (v.status == Status.CORRECT or v.score >= 100), (v.status, v.score, v.codes)


@pytest.mark.parametrize("variant,seed", [("10x10", 7313), ("15x15", 7323)])
def test_cells_registration_did_not_see_are_unsure_not_blank(variant, seed):
    # HELDOUT13's r_switzeracond_neon_video 10x10/1 none: registration's page mask left a triangle of the grid unseen
    # (valid false), where the registered image shows the input's blank cells; they were read blank, a correct
    # answer failed confidently (row and column clue mismatches, 60.34). Unseen cells are unsure: never blank, filled
    # or a pass.
    from genpuzzle.records import InstanceRecord
    from genpuzzle.registry import get_track

    track = get_track("nonogram")
    p = track.generate(seed, variant)
    rec = InstanceRecord(id="t", track="nonogram", variant=variant, difficulty=p.difficulty, seed=0, instruction="",
                         input_image="", reference_images=[], edit_mask="", ground_truth=p.ground_truth,
                         layout=p.layout, scoring=p.scoring, track_version=track.version)
    inp = np.asarray(p.input_image.convert("RGB"))
    answer = np.asarray(p.reference_images[0].convert("RGB")).copy()
    h, w = inp.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    x0, y0, x1, y1 = p.layout["grid_bbox"]
    unseen = (xx - x0) / (x1 - x0) + (yy - y0) / (y1 - y0) > 1.3  # the grid's lower right corner, and beyond
    answer[unseen] = inp[unseen]
    v = track.verify(rec, answer, inp, observed=~unseen)
    assert v.status not in (Status.CORRECT, Status.INCORRECT), (v.status, v.score, v.codes)
    assert v.score < 100
    # the same answer all seen is correct
    full = np.asarray(p.reference_images[0].convert("RGB"))
    assert track.verify(rec, full, inp, observed=np.ones((h, w), bool)).status == Status.CORRECT


def _heldout13_verdict(style_name: str, variant: str, k: int, error: str, seed: int = 5):
    """The verdict on one answer of tests/nonogram_answers.py's HELDOUT13 family, registered as the family's
    measure does (puzzle ``1000 * seed + 10 * variant index + k``)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    import nonogram_answers as answers

    from genpuzzle.records import InstanceRecord
    from genpuzzle.registration import register
    from genpuzzle.registry import get_track

    track = get_track("nonogram")
    p = track.generate(1000 * seed + 10 * ("5x5", "10x10", "15x15").index(variant) + k, variant)
    rec = InstanceRecord(id="t", track="nonogram", variant=variant, difficulty=p.difficulty, seed=k, instruction="",
                         input_image="", reference_images=[], edit_mask="", ground_truth=p.ground_truth,
                         layout=p.layout, scoring=p.scoring, track_version=track.version)
    inp = np.asarray(p.input_image.convert("RGB"))
    style = next(s for s in answers.HELDOUT13 if s.name == style_name)
    answer = answers.make_answer(p.input_image, p.layout, p.ground_truth, style, error, seed=k)
    reg = register(answer, inp, edit_mask=np.asarray(p.edit_mask))
    assert reg.ok, reg.reason
    return track.verify(rec, reg.image, inp, observed=reg.valid)


def test_small_heavy_green_xs_on_a_correct_answer_are_crossed():
    # HELDOUT13's r_oxygenmono_ballpoint_spiral 15x15/1 none: small green felt-tip X's (0.4 of the cell, strokes
    # 0.08 of it, the ink spread and JPEG'd) are solid at the patch's 16 px, a central shape filling 0.77 of its box,
    # and were read as a fill drawn smaller than the cell: five empty cells filled, the correct answer failed
    # (95.93). Their edges run along the diagonals, a drawn square's or disc's do not.
    v = _heldout13_verdict("r_oxygenmono_ballpoint_spiral", "15x15", 1, "none")
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes)


def test_a_small_solid_square_is_still_a_fill():
    # the rule above keeps a small solid square (edges along the sides) and a disc a fill
    patch = np.zeros((cells_mod.PATCH, cells_mod.PATCH), np.uint8)
    patch[3:13, 3:13] = 200
    assert cells_mod.classify_patch(patch)[0] == cells_mod.FILLED
    yy, xx = np.mgrid[0:cells_mod.PATCH, 0:cells_mod.PATCH]
    disc = (((yy - 7.5) ** 2 + (xx - 7.5) ** 2) <= 5.6 ** 2).astype(np.uint8) * 200
    assert cells_mod.classify_patch(disc)[0] == cells_mod.FILLED
