"""Connect Four reading: red / yellow / empty hole in every cell by colour (the shared stone reader), and
the gravity rule: a disc with an empty cell below it is a ``floating_disc``."""

from __future__ import annotations

import numpy as np

from genpuzzle.records import InstanceRecord, Violation
from genpuzzle.solvers.board_game.base import EMPTY, parse_board
from genpuzzle.verifiers.board_game.base import UNSURE, BoardReading, _cells_violation, read_stone_cells

KEPT_PIECE_INK = True  # base.verify_board checks ink joined to the kept pieces (puzzle_verify.account_kept_piece_ink)


def read_board(answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord) -> BoardReading:
    return read_stone_cells(answer, input_image, record.layout, parse_board(record.ground_truth["position"]))


def extra_checks(record: InstanceRecord, reading: BoardReading, answer: np.ndarray,
                 input_image: np.ndarray) -> list[Violation]:
    states = reading.states
    rows = len(states)
    floating = [(r, c) for r in range(rows - 1) for c in range(len(states[0]))
                if states[r][c] not in (EMPTY, UNSURE) and states[r + 1][c] == EMPTY]
    if not floating:
        return []
    return [_cells_violation("floating_disc", f"{len(floating)} disc(s) with an empty cell below", floating,
                             record.layout)]
