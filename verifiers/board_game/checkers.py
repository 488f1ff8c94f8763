"""Checkers board reader: glyph cells by :mod:`genpuzzle.verifiers.board_game.glyphs`; a changed cell's
piece must be a disc (a silhouette filling its circle; anything else is ``unknown_piece``), read as

- **side** by the share of the disc that is dark ink: mostly dark is Black, mostly light White;
- **man or king** by the disc's centre: a king carries a mark there (a crown, a second disc, a "K" in any
  colour) that differs from the disc's own colour; a man's centre is the disc colour. In between is
  unsure.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from genpuzzle.records import InstanceRecord
from genpuzzle.solvers.board_game.base import parse_board
from genpuzzle.verifiers.board_game.base import UNKNOWN, UNSURE, BoardReading
from genpuzzle.verifiers.board_game.glyphs import CellView, disc_fit, read_glyph_board, within

DISC_IOU = 0.8  # a piece silhouette filling its circle at least this well is a disc
BLACK_DARK_SHARE = 0.6
WHITE_DARK_SHARE = 0.35
CENTRE = 0.5  # radius (x the disc's) of the centre where a king's mark is looked for
MARK_DE = 30.0  # a centre pixel this far (Delta E) from the disc's colour is part of a mark
KING_MARK = 0.18  # mark share of the centre from which the piece is a king
MAN_MARK = 0.07  # ... up to which it is a man
OPEN_FRAC = 0.1


def classify(view: CellView) -> tuple[str, float, dict[str, Any]]:
    cx, cy, radius, iou = disc_fit(view.silhouette)
    ev: dict[str, Any] = {"disc_iou": round(iou, 3)}
    if iou < DISC_IOU:
        return UNKNOWN, 0.6, {**ev, "reason": "not a disc: no checkers piece"}
    if view.dark_share >= BLACK_DARK_SHARE:
        side = "b"
    elif view.dark_share <= WHITE_DARK_SHARE:
        side = "w"
    else:
        return UNSURE, 0.3, {**ev, "reason": "side unclear: the disc is neither dark nor light"}
    body = np.median(view.lab[view.silhouette], axis=0)
    centre = within(np.ones_like(view.silhouette), cx, cy, CENTRE * radius)
    far = np.linalg.norm(view.lab - body[None, None, :], axis=2) > MARK_DE
    mark = float((far & centre).sum() / max(1, centre.sum()))
    ev["centre_mark"] = round(mark, 3)
    if mark >= KING_MARK:
        return side.upper(), min(1.0, 0.6 + (mark - KING_MARK) * 2), ev
    if mark <= MAN_MARK:
        return side, min(1.0, 0.6 + (MAN_MARK - mark) * 6), ev
    return UNSURE, 0.3, {**ev, "reason": "a faint mark in the disc's centre: man or king unclear"}


def read_board(answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord) -> BoardReading:
    return read_glyph_board(answer, input_image, record.layout, parse_board(record.ground_truth["position"]),
                            classify, OPEN_FRAC)
