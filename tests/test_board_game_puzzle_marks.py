"""Ink the move does not explain on the cell-by-cell puzzles (sokoban, hanoi): a small mark added to a
reference (a tick, a 10 px dot, a "7" on a floor cell; a dot on the paper beside a tower) is charged as
``stray_mark`` naming its cell, never ``correct`` (``puzzle_verify.account_new_ink``); the reference
itself still scores 100 (redrawn styles: tests/test_board_puzzles.py)."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest
from PIL import Image, ImageDraw

import board_puzzle_answers as A
from genpuzzle.evaluate import verify_image
from genpuzzle.records import Status
from genpuzzle.solvers.board_game.base import parse_board

SEEDS = (1, 2)


@lru_cache(maxsize=None)
def case(game: str, seed: int):
    return A.instance(game, seed)


def _kept_floor_cell(record) -> tuple[int, int]:
    """A sokoban floor cell (no goal) the accepted boards leave as it is, away from the changed cells."""
    position = parse_board(record.ground_truth["position"])
    changed = {(r, c) for a in record.ground_truth["accepted"] for r, row in enumerate(parse_board(a["board"]))
               for c, v in enumerate(row) if v != position[r][c]}
    floor = [(r, c) for r, row in enumerate(position) for c, v in enumerate(row)
             if v == "." and all(abs(r - r2) + abs(c - c2) > 1 for r2, c2 in changed)]
    assert floor
    return floor[0]


def _marked(ref: np.ndarray, kind: str, cx: int, cy: int, s: int) -> np.ndarray:
    im = Image.fromarray(ref.copy())
    d = ImageDraw.Draw(im)
    if kind == "dot":
        d.ellipse([cx - s // 2, cy - s // 2, cx + s // 2, cy + s // 2], fill=(40, 40, 40))
    elif kind == "tick":
        d.line([(cx - s // 3, cy), (cx - s // 8, cy + s // 3), (cx + s // 2, cy - s // 2)], fill=(20, 20, 160), width=2)
    else:  # a "7"
        d.line([(cx - s // 3, cy - s // 2), (cx + s // 3, cy - s // 2), (cx - s // 8, cy + s // 2)], fill=(20, 20, 20), width=2)
    return np.asarray(im)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("kind", ("dot", "tick", "seven"))
def test_a_mark_on_a_kept_sokoban_floor_cell_is_a_stray_mark(seed, kind):
    record, inp, ref, mask = case("sokoban", seed)
    assert verify_image(record, ref, inp, mask).status is Status.CORRECT
    r, c = _kept_floor_cell(record)
    x0, y0, x1, y1 = record.layout["cell_boxes"][r][c]
    size = 10 if kind == "dot" else 17
    v = verify_image(record, _marked(ref, kind, int((x0 + x1) / 2), int((y0 + y1) / 2), size), inp, mask)
    assert v.status is not Status.CORRECT and v.score < 100, (v.codes, v.reason)
    assert "stray_mark" in v.codes


@pytest.mark.parametrize("seed", SEEDS)
def test_a_dot_beside_a_hanoi_tower_is_a_stray_mark(seed):
    record, inp, ref, mask = case("hanoi", seed)
    assert verify_image(record, ref, inp, mask).status is Status.CORRECT
    layout = record.layout
    # on the paper between the first two pegs, level with the top slot
    cx = int((layout["peg_x"][0] + layout["peg_x"][1]) / 2)
    cy = int(layout["pole_top"]) + layout["disc_h"] // 2
    assert ref[cy - 10:cy + 10, cx - 10:cx + 10].min() > 200 and inp[cy - 10:cy + 10, cx - 10:cx + 10].min() > 200
    v = verify_image(record, _marked(ref, "dot", cx, cy, 12), inp, mask)
    assert v.status is not Status.CORRECT and v.score < 100, (v.codes, v.reason)
    assert "stray_mark" in v.codes
