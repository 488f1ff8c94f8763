"""N-Queens reading: every square a queen (any mark: a queen glyph of any font, a letter Q, a filled disc,
an X, a dot), empty, or unsure, whatever colours the squares are redrawn in (:func:`~genpuzzle.verifiers.board_game.puzzle_verify.mark_state`); judged
by the rules (rows, columns, diagonals) and against the unique completion."""

from __future__ import annotations

import numpy as np

from genpuzzle.records import InstanceRecord
from genpuzzle.solvers.board_game import nqueens
from genpuzzle.verifiers.board_game.base import UNSURE, BoardReading, Comparison
from genpuzzle.verifiers.board_game.puzzle_verify import cell_ink, instance_of, judge, mark_state, reading_from


def read_board(answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord) -> BoardReading:
    layout = record.layout
    states = {}
    for cell, ink in cell_ink(answer, input_image, layout).items():
        state, conf = mark_state(ink, recolour_matters=False)  # square colours carry no meaning
        states[cell] = ({"mark": "Q", "empty": ".", "unsure": UNSURE}[state], conf, ink.evidence())
    return reading_from(states, layout["rows"], layout["cols"])


def compare(reading: BoardReading, record: InstanceRecord, layout: dict) -> Comparison:
    data = instance_of(record)
    givens = {tuple(q) for q in data["givens"]}
    solution = {tuple(q) for q in data["solution"]}

    def findings(board):
        queens = {(r, c) for r, row in enumerate(board) for c, v in enumerate(row) if v == "Q"}
        return nqueens.check(data["n"], queens, givens, solution)

    return judge(reading, record, layout, findings)
