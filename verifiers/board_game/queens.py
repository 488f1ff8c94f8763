"""Queens reading: every cell a queen (any mark) or empty on its region colour, or unsure (a cell repainted
in another light colour is unsure, never silently a region change); judged by the rules (rows, columns,
regions, touching queens) and against the unique solution. Ink the move does not explain (a tick on a cell
left empty) is a stray mark (``puzzle_verify.account_new_ink``)."""

from __future__ import annotations

import numpy as np

from genpuzzle.records import InstanceRecord
from genpuzzle.solvers.board_game import queens
from genpuzzle.solvers.board_game.base import parse_board
from genpuzzle.verifiers.board_game.base import UNSURE, BoardReading, Comparison
from genpuzzle.verifiers.board_game.puzzle_verify import (account_new_ink, cell_ink, instance_of, judge, mark_state,
                                                          reading_from)


FAINT_TIER = False  # account_new_ink reads the faint tier in read_board (base.verify_board leaves it)


def read_board(answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord) -> BoardReading:
    layout = record.layout
    position = parse_board(record.ground_truth["position"])
    states = {}
    for (r, c), ink in cell_ink(answer, input_image, layout).items():
        state, conf = mark_state(ink)
        region = position[r][c].lower()
        states[(r, c)] = ({"mark": region.upper(), "empty": region, "unsure": UNSURE}[state], conf, ink.evidence())
    return account_new_ink(reading_from(states, layout["rows"], layout["cols"]), answer, input_image, record)


def compare(reading: BoardReading, record: InstanceRecord, layout: dict) -> Comparison:
    data = instance_of(record)
    solution = {tuple(q) for q in data["solution"]}

    def findings(board):
        marked = {(r, c) for r, row in enumerate(board) for c, v in enumerate(row) if v.isupper()}
        return queens.check(data["regions"], marked, solution, layout.get("region_names"))

    return judge(reading, record, layout, findings)
