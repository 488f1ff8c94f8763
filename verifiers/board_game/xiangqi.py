"""Xiangqi board reader: glyph cells by :mod:`genpuzzle.verifiers.board_game.glyphs` (an opening of 0.15
spacing removes the board's lines crossing an empty point, at any width up to ~8 px); a changed cell's
piece must be a disc (else ``unknown_piece``), read as

- **side** by the colour of the character (the ink on the disc inside 0.72 of its radius): red
  (L*a*b* a* >= 25) is Red; dark and grey (|a*| < 15, L* < 50) is Black; anything else is unsure;
- **kind** by the character against the traditional forms of both sides (帥將 仕士 相象 傌馬 俥車 炮砲 兵卒)
  and common variants (帅将 马 车 包), each known as drawn on this board and in the shipped font (regular and
  bold strokes). The
  side comes from the colour only, so a board drawing 車 for both sides reads correctly.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from genpuzzle.records import InstanceRecord
from genpuzzle.solvers.board_game.base import parse_board
from genpuzzle.verifiers.board_game.base import UNKNOWN, UNSURE, BoardReading
from genpuzzle.verifiers.board_game.glyphs import (
    CellView,
    best_match,
    confident,
    disc_fit,
    main_components,
    page_pen,
    read_glyph_board,
    shape_vector,
    template_view,
    text_mask,
    unknown_or_unsure,
    within,
)

DISC_IOU = 0.8
CHAR_DE = 30.0  # a pixel this far from the disc's colour is part of the character
CHAR_RADIUS = 0.72  # the character lies within this share of the disc's radius (the ring outside it)
RED_A = 25.0
BLACK_A = 15.0
BLACK_L = 50.0
CHAR_FLOOR = 0.45
CHAR_MARGIN = 0.04
OPEN_FRAC = 0.15
EMPTY_COVER = 0.45  # thick lines along the edge or a palace corner survive the opening: up to this share is empty
OCCUPIED = 0.5  # a piece disc covers most of the cell's disc


def character_mask(view: CellView) -> tuple[np.ndarray, float]:
    """The character's ink on a disc piece, and the disc's fit (IoU): the pixels inside CHAR_RADIUS of
    the disc farther than CHAR_DE (Delta E) from the disc's own colour (the median of its lighter half),
    so a thin red stroke blended by JPEG still counts; the ring outside is left out."""
    cx, cy, radius, iou = disc_fit(view.silhouette)
    region = within(view.silhouette, cx, cy, CHAR_RADIUS * radius)
    if region.sum() < 10:
        return region, iou
    lab = view.lab[region]
    paper = np.median(lab[lab[:, 0] >= np.median(lab[:, 0])], axis=0)
    far = np.linalg.norm(view.lab - paper[None, None, :], axis=2) > CHAR_DE
    return main_components(region & far, 0.05), iou


@lru_cache(maxsize=4)
def characters(pitch: int) -> dict[str, list[np.ndarray]]:
    """Character vectors per kind: each form as this board draws it and in the shipped font."""
    from genpuzzle.renderers.board_game.pieces import XIANGQI_CHARS, XIANGQI_VARIANTS, cjk, draw_xiangqi_piece

    bank: dict[str, list[np.ndarray]] = {}
    for kind, (red, black) in XIANGQI_CHARS.items():
        vecs = []
        for code in (kind.upper(), kind):
            view = template_view(lambda img, box, code=code: draw_xiangqi_piece(img, code, box), size=pitch,
                                 open_frac=OPEN_FRAC, bg_ring=True)
            vecs.append(shape_vector(character_mask(view)[0]))
        for char in red + black + XIANGQI_VARIANTS[kind]:
            for stroke in (0, 2):  # regular and bold strokes
                vecs.append(shape_vector(text_mask(char, cjk(60), stroke=stroke)))
        bank[kind] = [v for v in vecs if v is not None]
    return bank


def side_of(view: CellView, chars: np.ndarray) -> str | None:
    if chars.sum() < 5:
        return None
    lab = view.lab[chars]
    a, L = float(np.median(lab[:, 1])), float(np.median(lab[:, 0]))
    if a >= RED_A:
        return "red"
    if abs(a) < BLACK_A and L < BLACK_L:
        return "black"
    return None


def classify(view: CellView) -> tuple[str, float, dict[str, Any]]:
    chars, iou = character_mask(view)
    ev: dict[str, Any] = {"disc_iou": round(iou, 3), "char_ink": int(chars.sum())}
    if iou < DISC_IOU:
        return UNKNOWN, 0.6, {**ev, "reason": "not a disc: no xiangqi piece"}
    side = side_of(view, chars)
    ev["side"] = side
    scores = best_match(shape_vector(chars), characters(int(round(view.pitch))))
    ev["scores"] = [[k, round(s, 3)] for k, s in scores[:3]]
    kind, cf, why = confident(scores, CHAR_FLOOR, CHAR_MARGIN)
    if kind is None:
        return unknown_or_unsure(why, ev)
    if side is None:
        return UNSURE, 0.3, {**ev, "kind": kind, "reason": "side unclear: the character is neither red nor black"}
    return (kind.upper() if side == "red" else kind), cf, ev


def read_board(answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord) -> BoardReading:
    position = parse_board(record.ground_truth["position"])
    pen, pen_ev = page_pen(answer, input_image, record.layout, position)
    reading = read_glyph_board(answer, input_image, record.layout, position,
                               classify, OPEN_FRAC, empty_cover=EMPTY_COVER, occupied=OCCUPIED, bg_ring=True, pen=pen)
    reading.notes["pen"] = pen_ev
    return reading
