"""Lights Out reading: each cell lit or dark by its background colour (yellow vs grey: the yellowness
(R+G)/2 - B of the cell's background against the input's lit and dark colours; in between is unsure),
and marked or not by its ink (:func:`~genpuzzle.verifiers.board_game.puzzle_verify.mark_state`). ``press``
answers are judged by the rules (lights left on, more presses than needed) and against every press set of
minimum size; ``after`` answers cell by cell against the lights after the marked presses. Ink the move does
not explain (a tick on a light left as it was, a dot on a kept press ring of a page that reproduces the
input's rings) is a stray mark (``puzzle_verify.account_new_ink``)."""

from __future__ import annotations

import numpy as np

from genpuzzle.records import InstanceRecord
from genpuzzle.solvers.board_game import lights_out
from genpuzzle.solvers.board_game.base import parse_board
from genpuzzle.solvers.board_game.puzzle_common import cells_of
from genpuzzle.verifiers.board_game.base import UNSURE, BoardReading, Comparison
from genpuzzle.verifiers.board_game.puzzle_verify import (account_new_ink, cell_ink, instance_of, judge, mark_state,
                                                          pieces_accounted, reading_from, with_unchanged_ncc)


FAINT_TIER = False  # account_new_ink reads the faint tier in read_board (base.verify_board leaves it)


def _yellowness(rgb) -> float:
    return (rgb[0] + rgb[1]) / 2 - rgb[2]


def read_board(answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord) -> BoardReading:
    layout = record.layout
    task = record.ground_truth["task"]
    position = parse_board(record.ground_truth["position"])
    lit_y, dark_y = _yellowness(layout["lit_colour"]), _yellowness(layout["dark_colour"])
    states = {}
    for (r, c), ink in cell_ink(answer, input_image, layout).items():
        y = (_yellowness(ink.background) - dark_y) / (lit_y - dark_y)  # 0 dark .. 1 lit
        ev = {**ink.evidence(), "lit_share": round(y, 3)}
        if task == "press":
            lit = position[r][c].startswith("L")  # the lights are the input's; only marks are read
            light_conf = 1.0
            if abs(y - (1.0 if lit else 0.0)) > 0.5:  # the answer changed the light itself
                states[(r, c)] = (UNSURE, 0.3, {**ev, "reason": "cell colour changed"})
                continue
        else:
            lit = y >= 0.5
            light_conf = min(1.0, 0.6 + abs(y - 0.5) * 1.6) if abs(y - 0.5) > 0.2 else 0.3
        # a dark cell repainted yellow (or the reverse) is a light change, not a mark
        mark, mark_conf = mark_state(ink) if ink.painted < 35 or task == "press" else ("empty", 1.0)
        if task == "after" and ink.painted >= 35:
            mark = "mark" if ink.centre > 0.02 or ink.share >= 0.03 else "empty"
            mark_conf = 0.8
        if light_conf < 0.5 or mark == "unsure":
            states[(r, c)] = (UNSURE, min(light_conf, mark_conf), ev)
            continue
        suffix = ("+" if task == "press" else "o") if mark == "mark" else ""
        states[(r, c)] = (("L" if lit else ".") + suffix, min(light_conf, mark_conf), ev)
    reading = reading_from(states, layout["rows"], layout["cols"])
    rings = [(r, c) for r, row in enumerate(position) for c, v in enumerate(row) if v.endswith("o")]
    reading = with_unchanged_ncc(reading, answer, input_image, record, rings)
    return account_new_ink(reading, answer, input_image, record, pieces_accounted(record, reading, (".", "L")))


def compare(reading: BoardReading, record: InstanceRecord, layout: dict) -> Comparison:
    data = instance_of(record)
    n = data["n"]

    if data["task"] == "press":
        lights = cells_of(data["lights"])
        accepted = [cells_of(g) for g in data["accepted"]]

        def findings(board):
            marked = {(r, c) for r, row in enumerate(board) for c, v in enumerate(row) if v.endswith("+")}
            return lights_out.check_press(n, lights, marked, accepted)
    else:
        def findings(board):
            lit = [[int(v.startswith("L")) for v in row] for row in board]
            out = lights_out.check_after(n, lit, data["accepted"][0])
            marked = {(r, c) for r, row in enumerate(board) for c, v in enumerate(row) if v.endswith("o")}
            rings = {tuple(m) for m in data["marked"]}
            if marked != rings:
                from genpuzzle.solvers.board_game.puzzle_common import INPUT_CHANGED, Finding, names
                out.append(Finding(INPUT_CHANGED, f"the press rings changed at {names(marked ^ rings, n)}",
                                   tuple(sorted(marked ^ rings))))
            return out

    return judge(reading, record, layout, findings)
