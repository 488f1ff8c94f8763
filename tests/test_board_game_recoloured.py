"""A stone or disc board redrawn in another board colour is read by its own colours (rubric 17): when the
board's new colour lies nearer another class of the input than its own (othello's green turned teal lies
nearer the white discs), the empty class's shade is the one most of its cells share on the answer."""

from __future__ import annotations

import random

import cv2
import numpy as np
import pytest

from board_game_answers import make_record
from genpuzzle.evaluate import verify_image
from genpuzzle.renderers.board_game import othello as othello_renderer
from genpuzzle.solvers.board_game.base import EMPTY, parse_board


def recoloured(board, hue_deg: float) -> np.ndarray:
    """The track's drawing of ``board`` with its green board (every pixel near the empty colour) turned
    ``hue_deg`` degrees of hue."""
    drawing = othello_renderer.render_board(board)
    image = np.asarray(drawing.image.convert("RGB")).copy()
    green = np.array(drawing.layout["palette"][EMPTY], np.int16)
    near = np.abs(image.astype(np.int16) - green).max(axis=2) <= 40
    hsv = cv2.cvtColor(image[near].reshape(-1, 1, 3), cv2.COLOR_RGB2HSV_FULL).astype(np.float32)
    hsv[..., 0] = (hsv[..., 0] + hue_deg * 256 / 360) % 256
    image[near] = cv2.cvtColor(hsv.astype(np.uint8), cv2.COLOR_HSV2RGB_FULL).reshape(-1, 3)
    return image


@pytest.mark.parametrize("seed", [1414, 1415, 7])
def test_teal_othello_board_reads_by_its_own_colour(seed: int) -> None:
    record, inp, mask = make_record("othello", seed)
    answer = recoloured(parse_board(record.ground_truth["accepted"][0]["board"]), 55)
    verdict = verify_image(record, answer, inp, mask)
    assert verdict.status.value == "correct" and verdict.score == 100 and not verdict.needs_review, verdict.codes


@pytest.mark.parametrize("seed", [1414, 1415, 7])
def test_teal_othello_board_still_fails_a_wrong_move(seed: int) -> None:
    from genpuzzle.solvers.board_game.base import board_hash
    from genpuzzle.solvers.board_game.othello import GAME

    record, inp, mask = make_record("othello", seed)
    truth = record.ground_truth
    accepted = {a["hash"] for a in truth["accepted"]}
    wrong = [m.board for m in GAME.legal_moves(parse_board(truth["position"]), truth["side_to_move"])
             if board_hash(m.board) not in accepted]
    board = random.Random(seed).choice(wrong)
    verdict = verify_image(record, recoloured(board, 55), inp, mask)
    assert verdict.score < 100 and verdict.status.value == "incorrect", verdict.codes
