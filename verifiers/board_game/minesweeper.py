"""Minesweeper reading: covered cells flagged (any mark: a flag, an X, a dot, a filled cell) or not, by
their ink; revealed cells keep their number when the crop still correlates with the input's, otherwise
the number is read with the project's digit reader (an unsure digit is unsure, a confident non-digit such
as a flag drawn over the number is an unknown symbol). Judged by the rules (a number touching more flags
than it says, a flag over a revealed number) and against the unique mine layout."""

from __future__ import annotations

import numpy as np

from genpuzzle.records import InstanceRecord
from genpuzzle.solvers.board_game import minesweeper
from genpuzzle.solvers.board_game.base import EMPTY, parse_board
from genpuzzle.verifiers.board_game.base import UNKNOWN, UNSURE, BoardReading, Comparison
from genpuzzle.verifiers.board_game.puzzle_verify import (account_new_ink, cell_ink, instance_of, judge, mark_state,
                                                          read_numbers, reading_from)


FAINT_TIER = False  # account_new_ink reads the faint tier in read_board (base.verify_board leaves it)


def read_board(answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord) -> BoardReading:
    layout = record.layout
    position = parse_board(record.ground_truth["position"])
    revealed = [(r, c) for r, row in enumerate(position) for c, v in enumerate(row) if v.isdigit()]
    covered = [(r, c) for r, row in enumerate(position) for c, v in enumerate(row) if not v.isdigit()]
    states = {}
    for cell, ink in cell_ink(answer, input_image, layout, covered).items():
        state, conf = mark_state(ink)
        states[cell] = ({"mark": "F", "empty": "#", "unsure": UNSURE}[state], conf, ink.evidence())
    for cell, (code, conf, ev) in read_numbers(answer, input_image, layout, position, revealed).items():
        if code == EMPTY:
            code = "0"
        states[cell] = (code, conf, ev)
    return account_new_ink(reading_from(states, layout["rows"], layout["cols"]), answer, input_image, record)


def compare(reading: BoardReading, record: InstanceRecord, layout: dict) -> Comparison:
    data = instance_of(record)
    rows, cols = data["rows"], data["cols"]
    revealed = {(r, c): k for r, c, k in data["revealed"]}
    mines = {tuple(m) for m in data["mines"]}

    def findings(board):
        from genpuzzle.solvers.board_game.puzzle_common import INPUT_CHANGED, Finding, cell_name
        flags = {(r, c) for r, row in enumerate(board) for c, v in enumerate(row) if v == "F"}
        out = []
        for (r, c), k in sorted(revealed.items()):
            v = board[r][c]
            if v != str(k):
                what = "something that is no number" if v == UNKNOWN else f"'{v}'"
                out.append(Finding(INPUT_CHANGED, f"the revealed {k} at {cell_name((r, c), rows)} now shows {what}",
                                   ((r, c),)))
        return out + minesweeper.check(rows, cols, revealed, flags, mines)

    return judge(reading, record, layout, findings)
