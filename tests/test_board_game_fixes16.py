"""Rubric 19 (sixteenth session): a soft grey pencil shading, a smudged grey disc or a soft grey stroke is no light.

Rubric 18 took a smooth change alike in every channel for light (a lamp's glare, a hand's shadow). A pencil
shading over a square is such a change too (a blend towards grey), so it passed as light. Light reaches past
the change it makes; a shading ends: the reach test (``puzzle_verify._Reach``) keeps a piece as ink when half
a margin beyond the change the page no longer shows the light the piece was fitted with. The audit's glare and
hand shadow, and mildly tinted ones, still pass on the references."""

from __future__ import annotations

import random
from functools import lru_cache

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw

from genpuzzle.evaluate import verify_image
from genpuzzle.registry import get_track
from genpuzzle.solvers.board_game.base import parse_board

from board_game_answers import make_record


@lru_cache(maxsize=None)
def case(game: str, seed: int):
    record, inp, mask = make_record(game, seed)
    reference = np.asarray(get_track("board_game").generate(seed, game).reference_images[0].convert("RGB"))
    return record, inp, mask, reference


def passed(v) -> bool:
    return v.status.value == "correct" and v.score == 100 and not v.needs_review


def shade(image: np.ndarray, mask: np.ndarray, grey: float, alpha: float, blur: float) -> np.ndarray:
    """A soft grey pencil shading: the page blended towards ``grey`` by ``alpha`` under ``mask`` blurred by
    ``blur`` px."""
    m = cv2.GaussianBlur(mask.astype(np.float32), (0, 0), blur) if blur else mask.astype(np.float32)
    f = image.astype(np.float32)
    return np.clip(f * (1 - alpha * m[..., None]) + grey * alpha * m[..., None], 0, 255).astype(np.uint8)


def kept_cells(record) -> list[tuple[int, int]]:
    """The cells the move leaves as they were (in reading order)."""
    position = parse_board(record.ground_truth["position"])
    target = parse_board(record.ground_truth["accepted"][0]["board"])
    return [(r, c) for r in range(len(position)) for c in range(len(position[0])) if position[r][c] == target[r][c]]


def cell_mask(record, shape, cells) -> np.ndarray:
    m = np.zeros(shape[:2], np.float32)
    for r, c in cells:
        x0, y0, x1, y1 = (int(round(v)) for v in record.layout["cell_boxes"][r][c])
        m[y0:y1, x0:x1] = 1
    return m


@pytest.mark.parametrize("game,seed,alpha,grey,blur", [
    ("connect4", 1415, 0.35, 128, 2), ("connect4", 1415, 0.45, 110, 3), ("hex", 1415, 0.45, 110, 3),
    ("hex", 1415, 0.35, 128, 2), ("knight_route", 1415, 0.55, 100, 6), ("go", 1415, 0.45, 110, 3),
    ("othello", 1415, 0.45, 110, 3)])
def test_a_grey_pencil_shading_over_a_kept_square_is_not_light(game, seed, alpha, grey, blur):
    """One square the move leaves, shaded grey (on rubric 18 every one of these is a 100)."""
    record, inp, mask, ref = case(game, seed)
    cells = kept_cells(record)
    shaded = shade(ref, cell_mask(record, ref.shape, [cells[len(cells) // 2]]), grey, alpha, blur)
    v = verify_image(record, shaded, inp, mask)
    assert not passed(v), (v.status.value, v.score, v.codes)


@pytest.mark.parametrize("game", ["connect4", "knight_route", "go", "othello", "hex"])
def test_a_shaded_region_of_four_squares_is_not_light(game):
    record, inp, mask, ref = case(game, 1415)
    cells = kept_cells(record)
    r, c = cells[len(cells) // 3]
    region = [(r + dr, c + dc) for dr in (0, 1) for dc in (0, 1) if (r + dr, c + dc) in cells]
    v = verify_image(record, shade(ref, cell_mask(record, ref.shape, region), 110, 0.4, 4), inp, mask)
    assert not passed(v), (v.status.value, v.score, v.codes)


@pytest.mark.parametrize("game", ["go", "othello"])
def test_a_smudged_grey_disc_is_not_light(game):
    """A soft grey disc (a piece smudged in with a pencil) on the last kept cell."""
    record, inp, mask, ref = case(game, 1415)
    r, c = kept_cells(record)[-1]
    x, y = record.layout["cell_centers"][r][c]
    k = 0.32 * record.layout["cell_px"]
    disc = Image.new("L", ref.shape[1::-1], 0)
    ImageDraw.Draw(disc).ellipse([x - k, y - k, x + k, y + k], fill=255)
    v = verify_image(record, shade(ref, np.asarray(disc) / 255.0, 90, 0.55, 4), inp, mask)
    assert not passed(v), (v.status.value, v.score, v.codes)


def test_shading_the_knight_routes_cells_is_not_light():
    """The squares the route changes shaded grey (on rubric 18 a 100)."""
    record, inp, mask, ref = case("knight_route", 1415)
    position = parse_board(record.ground_truth["position"])
    target = parse_board(record.ground_truth["accepted"][0]["board"])
    moved = [(r, c) for r in range(len(position)) for c in range(len(position[0])) if position[r][c] != target[r][c]]
    v = verify_image(record, shade(ref, cell_mask(record, ref.shape, moved[:2]), 110, 0.45, 3), inp, mask)
    assert not passed(v), (v.status.value, v.score, v.codes)


def _glare(image, seed, tint=(255, 255, 255)):
    """The audit's glare (``audit_board_game_answers._glare``), towards ``tint``."""
    h, w = image.shape[:2]
    rng = random.Random(seed)
    cx, cy = rng.uniform(0.25, 0.75) * w, rng.uniform(0.25, 0.75) * h
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    g = np.exp(-(((xx - cx) / (0.22 * w)) ** 2 + ((yy - cy) / (0.14 * h)) ** 2)) * 0.33
    f = image.astype(np.float32)
    return np.clip(f + (np.array(tint, np.float32) - f) * g[..., None], 0, 255).astype(np.uint8)


def _shadow(image, seed, tint=(1.0, 1.0, 1.0)):
    """The audit's hand shadow (``audit_board_game_answers._hand_shadow``), dimming each channel by ``tint`` of it."""
    h, w = image.shape[:2]
    rng = random.Random(seed)
    rng.uniform(0, 1), rng.uniform(0, 1)
    cx, cy = rng.choice(((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    d = np.hypot((xx / w - cx) / 0.75, (yy / h - cy) / 0.6)
    dim = 0.38 * np.clip(1.15 - d, 0, 1) ** 0.8
    return np.clip(image.astype(np.float32) * (1 - dim[..., None] * np.array(tint, np.float32)), 0, 255
                   ).astype(np.uint8)


@pytest.mark.parametrize("game", ["connect4", "knight_route", "hex", "go", "othello"])
@pytest.mark.parametrize("light", ["glare", "warm_glare", "shadow", "bluish_shadow"])
def test_glare_and_shadow_on_the_reference_still_pass(game, light):
    """The audit's glare and hand shadow (and mildly tinted ones) at seeds where the reference passes under them
    on rubric 18 too."""
    record, inp, mask, ref = case(game, 1415)
    seeds = {"connect4": 1, "knight_route": 1, "hex": 1, "go": 3, "othello": 1}
    s = seeds[game]
    image = {"glare": lambda: _glare(ref, s), "warm_glare": lambda: _glare(ref, s, (255, 240, 215)),
             "shadow": lambda: _shadow(ref, s), "bluish_shadow": lambda: _shadow(ref, s, (1.1, 1.0, 0.8))}[light]()
    v = verify_image(record, image, inp, mask)
    assert passed(v), (v.status.value, v.score, v.codes)
