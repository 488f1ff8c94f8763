"""2048 reading: each cell keeps the input's tile when its crop still correlates with the input's;
otherwise its number is read with the project's digit reader (no glyph: an empty cell). Judged against the
swipe's board: another swipe's board is a ``wrong_state``, a tile that is no power of two or a changed tile
sum a ``rule_broken``, and every differing cell a ``wrong_cell``. Ink the move does not explain (a tick on a
cell empty before and after the swipe, a dot on a kept tile of a page that reproduces the input's tiles)
is a stray mark (``puzzle_verify.account_new_ink``)."""

from __future__ import annotations

import numpy as np

from genpuzzle.records import InstanceRecord
from genpuzzle.solvers.board_game import game_2048
from genpuzzle.solvers.board_game.base import parse_board
from genpuzzle.verifiers.board_game.base import BoardReading, Comparison
from genpuzzle.verifiers.board_game.puzzle_verify import (account_new_ink, instance_of, judge, pieces_accounted,
                                                          read_numbers, reading_from)


FAINT_TIER = False  # account_new_ink reads the faint tier in read_board (base.verify_board leaves it)


def read_board(answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord) -> BoardReading:
    layout = record.layout
    position = parse_board(record.ground_truth["position"])
    states = read_numbers(answer, input_image, layout, position)
    reading = reading_from(states, layout["rows"], layout["cols"])
    # a tile fills its cell: ink on it beside the number is not looked for apart from the number
    return account_new_ink(reading, answer, input_image, record, pieces_accounted(record, reading), placed_marks=False)


def compare(reading: BoardReading, record: InstanceRecord, layout: dict) -> Comparison:
    data = instance_of(record)

    def findings(board):
        grid = [[0 if v == "." else int(v) if v.isdigit() else None for v in row] for row in board]
        return game_2048.check(grid, data)

    return judge(reading, record, layout, findings)
