"""Peg solitaire reading: a hole holds a peg when a large blob of ink covers its centre (a filled disc of
any colour, a circled or hatched peg), is empty when the centre is clear (the hole's small ring, or
nothing), and is unsure in between. Judged against the only winning jump: another legal jump is a
``wrong_state``, a board no jump reaches a ``rule_broken``."""

from __future__ import annotations

import numpy as np

from genpuzzle.records import InstanceRecord
from genpuzzle.solvers.board_game import peg_solitaire
from genpuzzle.verifiers.board_game.base import UNSURE, BoardReading, Comparison
from genpuzzle.verifiers.board_game.puzzle_verify import (account_new_ink, cell_ink, instance_of, judge,
                                                          pieces_accounted, reading_from)

PEG_CENTRE = 0.55  # ink share of the central disc (radius 0.2 cell) from which a hole holds a peg ...
PEG_CORE = 0.8  # ... with its core (radius 0.09 cell) inked
EMPTY_CORE = 0.15  # a core with at most this much ink is an empty hole (the hole's ring lies outside the core)


FAINT_TIER = False  # account_new_ink reads the faint tier in read_board (base.verify_board leaves it)


def read_board(answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord) -> BoardReading:
    layout = record.layout
    states = {}
    for cell, ink in cell_ink(answer, input_image, layout).items():
        painted_dark = ink.painted >= 35 and sum(ink.input_background) - sum(ink.background) > 150
        if (ink.centre >= PEG_CENTRE and ink.core >= PEG_CORE) or painted_dark:
            states[cell] = ("P", min(1.0, 0.6 + (ink.centre - PEG_CENTRE)) if not painted_dark else 0.8, ink.evidence())
        elif ink.core <= EMPTY_CORE and ink.centre < 0.35:
            states[cell] = (".", min(1.0, 0.6 + (EMPTY_CORE - ink.core) * 3), ink.evidence())
        else:
            states[cell] = (UNSURE, 0.3, ink.evidence())
    reading = reading_from(states, layout["rows"], layout["cols"])
    return account_new_ink(reading, answer, input_image, record, pieces_accounted(record, reading))


def compare(reading: BoardReading, record: InstanceRecord, layout: dict) -> Comparison:
    data = instance_of(record)

    def findings(board):
        return peg_solitaire.check([[int(v == "P") for v in row] for row in board], data)

    return judge(reading, record, layout, findings)
