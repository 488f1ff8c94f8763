"""N-Queens reading: every square a queen (any mark: a queen glyph of any font, a letter Q, a filled disc,
an X, a dot), empty, or unsure, whatever colours the squares are redrawn in (:func:`~genpuzzle.verifiers.board_game.puzzle_verify.mark_state`); judged
by the rules (rows, columns, diagonals) and against the unique completion. Ink the move does not explain (a
tick on an empty square, a dot on a given queen of a page that reproduces the input's queens) is a stray
mark (``puzzle_verify.account_new_ink``); a square repainted in another colour is read against its own
colour and left out of that check."""

from __future__ import annotations

import numpy as np

from genpuzzle.records import InstanceRecord
from genpuzzle.solvers.board_game import nqueens
from genpuzzle.verifiers.board_game.base import UNSURE, BoardReading, Comparison
from genpuzzle.solvers.board_game.base import parse_board
from genpuzzle.verifiers.board_game.puzzle_verify import (PAINTED_DE, account_new_ink, cell_ink, instance_of, judge,
                                                          mark_state, pieces_accounted, reading_from,
                                                          with_unchanged_ncc)


FAINT_TIER = False  # account_new_ink reads the faint tier in read_board (base.verify_board leaves it)


def read_board(answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord) -> BoardReading:
    layout = record.layout
    states = {}
    inks = cell_ink(answer, input_image, layout)
    for cell, ink in inks.items():
        state, conf = mark_state(ink, recolour_matters=False)  # square colours carry no meaning
        states[cell] = ({"mark": "Q", "empty": ".", "unsure": UNSURE}[state], conf, ink.evidence())
    reading = reading_from(states, layout["rows"], layout["cols"])
    position = parse_board(record.ground_truth["position"])
    givens = [(r, c) for r, row in enumerate(position) for c, v in enumerate(row) if v == "Q"]
    reading = with_unchanged_ncc(reading, answer, input_image, record, givens)
    pieces = pieces_accounted(record, reading, (".",))
    boxes = layout["cell_boxes"]

    def explained(r: int, c: int, changed: bool) -> list:
        # a square repainted (a board redrawn in other colours) is read against its own colour above
        return [boxes[r][c]] if inks[(r, c)].painted >= PAINTED_DE else pieces(r, c, changed)

    return account_new_ink(reading, answer, input_image, record, explained)


def compare(reading: BoardReading, record: InstanceRecord, layout: dict) -> Comparison:
    data = instance_of(record)
    givens = {tuple(q) for q in data["givens"]}
    solution = {tuple(q) for q in data["solution"]}

    def findings(board):
        queens = {(r, c) for r, row in enumerate(board) for c, v in enumerate(row) if v == "Q"}
        return nqueens.check(data["n"], queens, givens, solution)

    return judge(reading, record, layout, findings)
