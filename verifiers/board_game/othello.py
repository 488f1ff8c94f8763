"""Othello reading: black / white / empty on every square by colour (the shared stone reader); an
outline-only stone reads white. Flips are judged by the shared comparison (a right move with a
disc left unflipped is ``wrong_final_board``)."""

from __future__ import annotations

import numpy as np

from genpuzzle.records import InstanceRecord
from genpuzzle.solvers.board_game.base import parse_board
from genpuzzle.verifiers.board_game.base import BoardReading, read_stone_cells

KEPT_PIECE_INK = True  # base.verify_board checks ink joined to the kept pieces (puzzle_verify.account_kept_piece_ink)


def read_board(answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord) -> BoardReading:
    return read_stone_cells(answer, input_image, record.layout, parse_board(record.ground_truth["position"]))
