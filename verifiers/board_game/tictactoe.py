"""Tic-tac-toe reading: every cell X, O or empty by the shape of its ink (the shared X/O reader,
:func:`genpuzzle.verifiers.board_game.base.read_mark_cells`, whose ink checks charge marks from 0.12 of a
piece); smaller ink is accounted for by ``puzzle_verify.account_new_ink``: on a cell empty in the input and
the answer it is a stray mark (a straight stroke aimed at the move's cell is its annotation, other ink
reaching that cell goes to review); a separate piece of ink beside the placed X or O (a small scribble in
its cell) sends that cell to review. The comparison and scoring are shared."""

from __future__ import annotations

import numpy as np

from genpuzzle.records import InstanceRecord
from genpuzzle.solvers.board_game.base import EMPTY, parse_board
from genpuzzle.verifiers.board_game.base import BoardReading, read_mark_cells
from genpuzzle.verifiers.board_game.puzzle_verify import account_new_ink, new_ink_components


def read_board(answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord) -> BoardReading:
    position = parse_board(record.ground_truth["position"])
    reading = read_mark_cells(answer, record.layout, ("X", "O"), input_image, position)
    boxes = record.layout["cell_boxes"]

    def explained(r: int, c: int, changed: bool) -> list:
        # an X or O, kept or placed, is the piece check's (glyphs.piece_marks): a page redraws them in its own
        # colours and strokes, which the input's range does not cover
        return [boxes[r][c]] if changed or position[r][c] != EMPTY or reading.states[r][c] != EMPTY else []

    reading = account_new_ink(reading, answer, input_image, record, explained, move_annotations=True)
    return _ink_beside_the_move(reading, answer, input_image, record, position)


def _ink_beside_the_move(reading: BoardReading, answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord,
                         position: list[list[str]]) -> BoardReading:
    """A placed X or O is one piece of new ink (an X's strokes cross); another piece in its cell under half
    its area (a scribble beside it, inside an O) makes the cell unsure: it may be a highlight of the move,
    so it is never charged, and never a plain pass."""
    layout = record.layout
    boxes = layout["cell_boxes"]
    cells = [(r, c) for r in range(layout["rows"]) for c in range(layout["cols"])]
    for r, c in cells:
        if position[r][c] != EMPTY or reading.states[r][c] not in ("X", "O"):
            continue
        others = [boxes[r2][c2] for r2, c2 in cells if (r2, c2) != (r, c)]
        x0, y0, x1, y1 = boxes[r][c]
        inside = [k for k in new_ink_components(answer, input_image, layout, others)
                  if x0 <= (k["box"][0] + k["box"][2]) / 2 <= x1 and y0 <= (k["box"][1] + k["box"][3]) / 2 <= y1]
        if len(inside) < 2:
            continue
        piece = max(inside, key=lambda k: k["area"])
        beside = [k for k in inside if k is not piece and k["area"] < 0.5 * piece["area"]]
        if beside:
            reading.confidence[r][c] = min(reading.confidence[r][c], 0.3)
            reading.evidence[r][c] = {**reading.evidence[r][c], "ink_beside_the_move": beside[0]}
    return reading
