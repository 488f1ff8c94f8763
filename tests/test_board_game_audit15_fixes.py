"""Rubric 18 (fifteenth session, the misses the AUDIT14 board audit left): a lamp's glare over a correct answer is
light, not ink (knight route's blocked squares, Connect Four's frame and discs), while a mark drawn inside the glare
is still charged; a "?" written over a Hanoi pole is a mark, never a silent 100."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from genpuzzle.evaluate import verify_image
from genpuzzle.registry import get_track
from genpuzzle.solvers.board_game.base import parse_board

from board_game_answers import make_record

DEJAVU_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


@lru_cache(maxsize=None)
def case(game: str, seed: int):
    """(record, input, edit mask, reference answer) of a fresh instance."""
    record, inp, mask = make_record(game, seed)
    reference = np.asarray(get_track("board_game").generate(seed, game).reference_images[0].convert("RGB"))
    return record, inp, mask, reference


def glare(image: np.ndarray, cx: float, cy: float, strength: float = 0.33) -> np.ndarray:
    """A soft white glare (a lamp's reflection) centred on ``cx, cy``, as the audit family draws it."""
    h, w = image.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    g = np.exp(-(((xx - cx) / (0.22 * w)) ** 2 + ((yy - cy) / (0.14 * h)) ** 2)) * strength
    f = image[:, :, :3].astype(np.float32)
    return np.clip(f + (255 - f) * g[..., None], 0, 255).astype(np.uint8)


def passed(v) -> bool:
    return v.status.value == "correct" and v.score == 100 and not v.needs_review


def _glare_centre(record) -> tuple[float, float]:
    """A blocked (dark) knight-route square, or a Connect Four disc the move leaves: what the glare lightened."""
    position = parse_board(record.ground_truth["position"])
    want = "#" if record.variant == "knight_route" else None
    cells = [(r, c) for r, row in enumerate(position) for c, v in enumerate(row)
             if (v == want if want else v not in (".",))]
    r, c = cells[len(cells) // 2]
    return tuple(record.layout["cell_centers"][r][c])


def _tick(image: np.ndarray, cx: float, cy: float, size: int, colour=(200, 40, 40)) -> np.ndarray:
    im = Image.fromarray(image.copy())
    d = ImageDraw.Draw(im)
    d.line([(cx - size // 3, cy), (cx - size // 8, cy + size // 3), (cx + size // 2, cy - size // 2)], fill=colour,
           width=3)
    return np.asarray(im)


@pytest.mark.parametrize("seed", [1415, 1414, 3])
def test_a_glare_over_a_blocked_knight_route_square_is_light_not_ink(seed):
    record, inp, mask, ref = case("knight_route", seed)
    assert passed(verify_image(record, ref, inp, mask))
    cx, cy = _glare_centre(record)
    v = verify_image(record, glare(ref, cx, cy), inp, mask)
    assert passed(v), (v.status.value, v.score, v.codes)


@pytest.mark.parametrize("seed,cell,jpeg", [(1415, (4, 3), False), (1415, (5, 4), True), (5, (5, 2), False),
                                            (5, (4, 5), True)])
def test_a_glare_over_a_connect_four_frame_is_light_not_ink(seed, cell, jpeg):
    """A glare centred half a pitch right of ``cell`` (on the frame beside it), JPEG 74 or not: on rubric 17 the
    lightened frame and discs read as stray marks (confident 70)."""
    from genpuzzle import perturb

    record, inp, mask, ref = case("connect4", seed)
    x, y = record.layout["cell_centers"][cell[0]][cell[1]]
    image = glare(ref, x + 0.5 * record.layout["cell_px"], y)
    v = verify_image(record, perturb.jpeg(image, 74) if jpeg else image, inp, mask)
    assert passed(v), (v.status.value, v.score, v.codes)


@pytest.mark.parametrize("game,seed", [("knight_route", 1415), ("knight_route", 1414), ("connect4", 1415)])
@pytest.mark.parametrize("colour", [(200, 40, 40), (30, 30, 30)])
def test_a_mark_drawn_in_the_glare_is_still_charged(game, seed, colour):
    """A tick on an empty square or hole next to the glare's centre (a glared blocked square's own X is the
    input's ink, near which no mark is seen, so the tick goes on the next empty cell)."""
    record, inp, mask, ref = case(game, seed)
    cx, cy = _glare_centre(record)
    position = parse_board(record.ground_truth["position"])
    accepted = [parse_board(a["board"]) for a in record.ground_truth["accepted"]]
    centres = record.layout["cell_centers"]
    # empty in the input and on every accepted board (a knight route's landing squares are marked there)
    empty = [(r, c) for r, row in enumerate(position) for c, v in enumerate(row)
             if v == "." and all(b[r][c] == "." for b in accepted)]
    r, c = min(empty, key=lambda rc: np.hypot(centres[rc[0]][rc[1]][0] - cx, centres[rc[0]][rc[1]][1] - cy))
    x, y = centres[r][c]
    size = int(0.35 * record.layout["cell_px"])
    marked = _tick(glare(ref, cx, cy), x + 0.12 * record.layout["cell_px"], y, size, colour)
    v = verify_image(record, marked, inp, mask)
    assert not passed(v), (v.status.value, v.score, v.codes)


def _question(image: np.ndarray, x: float, y: float, height: int, colour) -> np.ndarray:
    im = Image.fromarray(image.copy())
    d = ImageDraw.Draw(im)
    d.text((x, y), "?", font=ImageFont.truetype(DEJAVU_BOLD, height), fill=colour, anchor="mm")
    return np.asarray(im)


@pytest.mark.parametrize("seed", [1415, 1414, 2])
@pytest.mark.parametrize("colour", [(40, 60, 170), (20, 20, 20), (200, 30, 30)])
def test_a_question_mark_over_a_hanoi_pole_is_a_mark(seed, colour):
    """AUDIT14's one false pass: a '?' over a Hanoi pole (the pole's box is the page's to redraw, and was not
    looked at). The '?' stays inside the pole's box (twice the pole's width), above the discs."""
    record, inp, mask, ref = case("hanoi", seed)
    layout = record.layout
    assert passed(verify_image(record, ref, inp, mask))
    for p, x in enumerate(layout["peg_x"]):
        y = layout["pole_top"] + 0.8 * layout["disc_h"]
        v = verify_image(record, _question(ref, x, y, int(1.8 * layout["pole_w"]) + 6, colour), inp, mask)
        assert not passed(v), (p, v.status.value, v.score, v.codes)


@pytest.mark.parametrize("seed", [1415, 2])
def test_hanoi_poles_redrawn_in_another_colour_still_pass(seed):
    """The pole is the page's to redraw: a grey pole a little wider, with a knob on top, is no mark."""
    record, inp, mask, ref = case("hanoi", seed)
    layout = record.layout
    im = Image.fromarray(ref.copy())
    d = ImageDraw.Draw(im)
    top = layout["pole_top"]
    for x in layout["peg_x"]:
        d.ellipse([x - 0.9 * layout["pole_w"], top - 0.9 * layout["pole_w"], x + 0.9 * layout["pole_w"],
                   top + 0.9 * layout["pole_w"]], fill=(90, 60, 30))
    v = verify_image(record, np.asarray(im), inp, mask)
    assert passed(v), (v.status.value, v.score, v.codes)


def test_the_audits_glare_answers_pass_and_its_question_mark_is_charged():
    """The AUDIT14 answers themselves (master seed 1414): two knight routes and a Connect Four answer under a
    glare (confident false fails on rubric 17) and the '?' over a Hanoi pole (its false pass)."""
    import audit_board_game_answers as A

    made = {rec.id: (rec, inp, mask) for rec, inp, mask in
            (make_record(g, s) for g, s in (("knight_route", 1415), ("connect4", 1415), ("hanoi", 1415)))}
    style = {s.name: s for s in A.STYLES}
    for rid, sname, case_name, seed, idx, want in (
            ("knight_route-1415", "b_ivory_glare_tilt", "none", 819320648, 7, True),
            ("knight_route-1415", "b_ivory_glare_tilt", "none", 949203551, 6, True),
            ("connect4-1415", "b_ivory_glare_tilt", "none", 1059352859, 0, True),
            ("hanoi-1415", "b_ivory_walnut_shadow", "stray_mark", 522517805, 0, False)):
        rec, inp, mask = made[rid]
        name, planted = A.realise(rec, case_name, seed, idx)
        assert name == case_name
        v = verify_image(rec, A.build_answer(rec, style[sname], planted, False, seed), inp, mask)
        assert passed(v) == want, (rid, v.status.value, v.score, v.codes)
        if not want:
            assert "stray_mark" in v.codes
