"""Sokoban reading: every cell by the colours inside it (HSV): a wall when most of it is dark grey, a box
when a large share is brown/orange, the player when a large share is blue, a goal marker when a little red
shows; a cell holding both a box and the player, or much ink of no class, is unsure (open set: never
snapped); ink the move does not explain (a tick or a dot on a floor cell) is a stray mark
(``puzzle_verify.account_new_ink``). Goals under a box or the player are known from the input. Judged by
the rules (walls changed, boxes added or lost, players missing or doubled), then as a legal but wrong push
(``wrong_state``) and cell by cell (``wrong_cell``)."""

from __future__ import annotations

import numpy as np

from genpuzzle.records import InstanceRecord
from genpuzzle.solvers.board_game import sokoban
from genpuzzle.solvers.board_game.base import parse_board
from genpuzzle.verifiers.board_game.base import UNSURE, BoardReading, Comparison
from genpuzzle.verifiers.board_game.puzzle_verify import _inner, account_new_ink, instance_of, judge, reading_from

WALL_SHARE = 0.6
BOX_SHARE = 0.25
PLAYER_SHARE = 0.2
OTHER_SHARE = 0.2  # ink of no class above this share makes a cell unsure


FAINT_TIER = False  # account_new_ink reads the faint tier in read_board (base.verify_board leaves it)


def classify(crop: np.ndarray) -> tuple[str, float, dict]:
    import cv2

    hsv = cv2.cvtColor(np.ascontiguousarray(crop[:, :, :3]), cv2.COLOR_RGB2HSV).astype(np.float32)
    h, s, v = hsv[..., 0] * 2, hsv[..., 1] / 255, hsv[..., 2] / 255
    dark = (v < 0.5) & (s < 0.3)
    brown = (h >= 12) & (h <= 48) & (s >= 0.4) & (v >= 0.2)
    blue = (h >= 195) & (h <= 255) & (s >= 0.4) & (v >= 0.25)
    red = ((h <= 10) | (h >= 340)) & (s >= 0.5) & (v >= 0.3)
    shares = {k: float(m.mean()) for k, m in (("dark", dark), ("brown", brown), ("blue", blue), ("red", red))}
    other = float(((v < 0.75) & ~dark & ~brown & ~blue & ~red).mean())
    ev = {k: round(x, 3) for k, x in shares.items()} | {"other": round(other, 3)}
    if shares["dark"] >= WALL_SHARE:
        return "#", min(1.0, 0.6 + (shares["dark"] - WALL_SHARE)), ev
    box, player = shares["brown"] >= BOX_SHARE, shares["blue"] >= PLAYER_SHARE
    if box and player:
        return UNSURE, 0.3, ev
    if box:
        return "B", min(1.0, 0.6 + 2 * (shares["brown"] - BOX_SHARE)), ev
    if player:
        return "P", min(1.0, 0.6 + 2 * (shares["blue"] - PLAYER_SHARE)), ev
    if other > OTHER_SHARE or 0.08 <= max(shares["brown"], shares["blue"]) or 0.2 <= shares["dark"]:
        return UNSURE, 0.3, ev
    return ".", 0.9, ev


def read_board(answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord) -> BoardReading:
    layout = record.layout
    position = parse_board(record.ground_truth["position"])
    goals = {(r, c) for r, row in enumerate(position) for c, v in enumerate(row) if v in ("g", "b", "p")}
    states = {}
    for r in range(layout["rows"]):
        for c in range(layout["cols"]):
            box = layout["cell_boxes"][r][c]
            code, conf, ev = classify(_inner(answer, box, 0.1))
            ev["box"] = [int(round(v)) for v in box]
            if (r, c) in goals and code in (".", "B", "P"):
                code = {".": "g", "B": "b", "P": "p"}[code]
            states[(r, c)] = (code, conf, ev)
    return account_new_ink(reading_from(states, layout["rows"], layout["cols"]), answer, input_image, record)


def compare(reading: BoardReading, record: InstanceRecord, layout: dict) -> Comparison:
    data = instance_of(record)

    def findings(board):
        walls, boxes, players = sokoban.state_of(board)
        return sokoban.check(walls, boxes, players, data)

    return judge(reading, record, layout, findings)
