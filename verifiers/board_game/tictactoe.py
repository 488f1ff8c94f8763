"""Tic-tac-toe reading: every cell X, O or empty by the shape of its ink (the shared X/O reader,
:func:`genpuzzle.verifiers.board_game.base.read_mark_cells`); the comparison and scoring are shared."""

from __future__ import annotations

import numpy as np

from genpuzzle.records import InstanceRecord
from genpuzzle.solvers.board_game.base import parse_board
from genpuzzle.verifiers.board_game.base import BoardReading, read_mark_cells


def read_board(answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord) -> BoardReading:
    return read_mark_cells(answer, record.layout, ("X", "O"), input_image, parse_board(record.ground_truth["position"]))
