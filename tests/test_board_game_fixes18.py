"""Rubric 21 (eighteenth session): the faint tier on every game, not only the board puzzles.

Rubric 20 gave the board puzzles' new-ink check a faint tier (``puzzle_verify._faint_components``): a soft grey
mark fainter than the ink thresholds is unsure. The stone, disc, X/O and glyph boards and the knight route have
their own ink checks and no such tier, so a faint grey shading over a kept square still passed there. Since
rubric 21 ``base.verify_board`` reads the same faint tier on those games (``puzzle_verify.account_faint_ink``,
floor ``FAINT_FLOOR_BOARDS``), and where the reach test cannot see the light (the band beyond the change shows
none of the fitting lights, or the change has no rim of its own) a piece inside the board is unsure, not light;
one running off the board (a hand's shadow over its corner) stays the light fit's. Never charged: the verdict
stays 100 without a violation, in review. The audit's glare and hand shadow still pass on the references."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from genpuzzle.evaluate import verify_image

from test_board_game_fixes16 import _glare, _shadow, case, cell_mask, kept_cells, passed, shade


def _unsure_not_charged(v) -> bool:
    return v.needs_review and v.status.value in ("correct", "needs_review") and v.score == 100 and not v.codes


@pytest.mark.parametrize("game,alpha,grey,blur", [
    ("chess", 0.3, 120, 1), ("chess", 0.35, 128, 2), ("knight_route", 0.45, 110, 3),
    ("knight_route", 0.35, 128, 2), ("knight_route", 0.3, 120, 1)])
def test_a_faint_grey_shading_over_a_kept_square_is_unsure(game, alpha, grey, blur):
    """The middle kept square shaded grey (the sixteenth session's marks); each a 100 without review on
    rubric 20."""
    record, inp, mask, ref = case(game, 1415)
    cells = kept_cells(record)
    shaded = shade(ref, cell_mask(record, ref.shape, [cells[len(cells) // 2]]), grey, alpha, blur)
    v = verify_image(record, shaded, inp, mask)
    assert not passed(v), (v.status.value, v.score, v.codes)
    assert _unsure_not_charged(v), (v.status.value, v.score, v.needs_review, v.codes)


def test_a_soft_grey_x_on_the_knight_route_board_is_unsure():
    """A soft grey X (grey 90 at 50 %, blurred 2 px) in a kept square: a 100 without review on rubric 20."""
    record, inp, mask, ref = case("knight_route", 1415)
    cells = kept_cells(record)
    r, c = cells[len(cells) // 2 + 2]
    pitch = record.layout["cell_px"]
    x, y = record.layout["cell_centers"][r][c]
    k = 0.3 * pitch
    cross = Image.new("L", ref.shape[1::-1], 0)
    d = ImageDraw.Draw(cross)
    d.line([(x - k, y - k), (x + k, y + k)], fill=255, width=max(3, int(0.08 * pitch)))
    d.line([(x - k, y + k), (x + k, y - k)], fill=255, width=max(3, int(0.08 * pitch)))
    v = verify_image(record, shade(ref, np.asarray(cross) / 255.0, 90, 0.5, 2), inp, mask)
    assert _unsure_not_charged(v), (v.status.value, v.score, v.needs_review, v.codes)


@pytest.mark.parametrize("game,light,seed", [
    ("othello", "shadow", 2), ("othello", "shadow", 3), ("othello", "bluish_shadow", 2), ("chess", "glare", 1),
    ("chess", "warm_glare", 2), ("chess", "glare", 3), ("go", "shadow", 3), ("knight_route", "shadow", 2),
    ("knight_route", "bluish_shadow", 3), ("tictactoe", "bluish_shadow", 3), ("hex", "shadow", 2),
    ("connect4", "shadow", 3)])
def test_glare_and_shadow_on_references_still_pass(game, light, seed):
    """Light the faint tier leaves to the light model (Othello's hand shadows over the board's corner were sent
    to review by a draft that took every undecided piece for ink: the shadow runs off the board there)."""
    record, inp, mask, ref = case(game, 1415)
    image = {"glare": lambda: _glare(ref, seed), "warm_glare": lambda: _glare(ref, seed, (255, 240, 215)),
             "shadow": lambda: _shadow(ref, seed), "bluish_shadow": lambda: _shadow(ref, seed, (1.1, 1.0, 0.8))}[light]()
    v = verify_image(record, image, inp, mask)
    assert passed(v), (v.status.value, v.score, v.codes)
