"""Sliding puzzle reading: each square keeps the input's tile when its crop still correlates with the
input's; otherwise its number is read with the project's digit reader (no glyph: the empty square; an
unsure digit is unsure, a confident non-digit an unknown symbol). Judged against the unique optimal move:
another legal slide is a ``wrong_state``, a board no slide reaches a ``rule_broken``."""

from __future__ import annotations

import numpy as np

from genpuzzle.records import InstanceRecord
from genpuzzle.solvers.board_game import sliding_puzzle
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


def as_grid(board) -> list[list[int | None]]:
    return [[0 if v == "." else int(v) if v.isdigit() else None for v in row] for row in board]


def compare(reading: BoardReading, record: InstanceRecord, layout: dict) -> Comparison:
    data = instance_of(record)
    return judge(reading, record, layout, lambda board: sliding_puzzle.check(as_grid(board), data))
