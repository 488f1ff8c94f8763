"""Rubric 20 (seventeenth session): a soft grey mark fainter than the ink threshold is unsure, not a pass.

A 30 % pencil shading of grey 120 changes white paper by ~40 levels, under the board puzzles' new-ink
threshold (70), so rubric 19 saw nothing and passed it. The faint tier (``puzzle_verify._faint_components``)
reads the change that darkens the page outside the input's range, median-smoothed, against the page's own
spread; a broad piece of it that does not reach past itself as light does sends its nearest cell to review.
Never a confident fail; the audit's glare and hand shadow and mildly tinted ones still pass on the references."""

from __future__ import annotations

import pytest

from genpuzzle.evaluate import verify_image

from test_board_game_fixes16 import _glare, _shadow, case, cell_mask, kept_cells, passed, shade


def _light_kept_cell(record, ref):
    """The middle one of the kept cells whose square is light (paper, a floor, an empty slot)."""
    boxes = record.layout["cell_boxes"]

    def luma(rc):
        x0, y0, x1, y1 = (int(v) for v in boxes[rc[0]][rc[1]])
        return float(ref[y0:y1, x0:x1].mean())

    cells = [rc for rc in kept_cells(record) if luma(rc) > 170]
    return cells[len(cells) // 2]


@pytest.mark.parametrize("game", ["nqueens", "queens", "lights_out", "sliding_puzzle", "peg_solitaire",
                                  "game_2048", "hanoi"])
@pytest.mark.parametrize("alpha,grey,blur", [(0.3, 120, 1), (0.35, 128, 2)])
def test_a_faint_grey_shading_over_a_kept_square_is_unsure(game, alpha, grey, blur):
    """On rubric 19 each of these is a 100 without review (fainter than the new-ink threshold)."""
    record, inp, mask, ref = case(game, 1415)
    shaded = shade(ref, cell_mask(record, ref.shape, [_light_kept_cell(record, ref)]), grey, alpha, blur)
    v = verify_image(record, shaded, inp, mask)
    assert not passed(v), (v.status.value, v.score, v.codes)
    assert v.needs_review and "stray_mark" not in v.codes, (v.status.value, v.score, v.codes)


def test_a_faint_shaded_hanoi_region_is_unsure():
    """The sixteenth session's 2x2 region (grey 110 at 40 %, blurred 4 px) on Hanoi, a pass on rubric 19."""
    record, inp, mask, ref = case("hanoi", 1415)
    cells = kept_cells(record)
    r, c = cells[len(cells) // 3]
    region = [(r + dr, c + dc) for dr in (0, 1) for dc in (0, 1) if (r + dr, c + dc) in cells]
    v = verify_image(record, shade(ref, cell_mask(record, ref.shape, region), 110, 0.4, 4), inp, mask)
    assert not passed(v) and v.needs_review, (v.status.value, v.score, v.codes)


@pytest.mark.parametrize("game,light,seed", [
    ("lights_out", "glare", 1), ("lights_out", "warm_glare", 2), ("game_2048", "bluish_shadow", 3),
    ("sokoban", "bluish_shadow", 1), ("sliding_puzzle", "shadow", 3), ("hanoi", "glare", 1),
    ("peg_solitaire", "shadow", 2), ("queens", "warm_glare", 1)])
def test_glare_and_shadow_on_puzzle_references_still_pass(game, light, seed):
    """Light the faint tier must leave to the light model (the first five were sent to review by drafts of it:
    a glare over lights out's yellow cells lifts their blue channel far more than the grey beside them; a
    shadow's weak edge on Sokoban's and the sliding puzzle's floors)."""
    record, inp, mask, ref = case(game, 1415)
    image = {"glare": lambda: _glare(ref, seed), "warm_glare": lambda: _glare(ref, seed, (255, 240, 215)),
             "shadow": lambda: _shadow(ref, seed), "bluish_shadow": lambda: _shadow(ref, seed, (1.1, 1.0, 0.8))}[light]()
    v = verify_image(record, image, inp, mask)
    assert passed(v), (v.status.value, v.score, v.codes)
