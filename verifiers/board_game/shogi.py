"""Shogi board reader: glyph cells by :mod:`genpuzzle.verifiers.board_game.glyphs`; a changed cell's
piece is read as

- **side** from two cues: the body's fill (mostly dark ink: Gote; mostly light: Sente) and the way the
  pentagon points (narrow end up: Sente; down: Gote). Either cue alone decides when the other is
  absent (a square token, or both sides drawn light and told apart by direction); cues that disagree
  make the cell unsure;
- **kind** by the letter on the body (K R B G S N L P; the ink inside the body that contrasts with it),
  matched against the letters in DejaVu Sans (regular, bold) and four Hershey fonts, upright or turned
  180 degrees. A body without a readable letter (kanji pieces, icons) is ``unknown_piece``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from genpuzzle.records import InstanceRecord
from genpuzzle.solvers.board_game.base import parse_board
from genpuzzle.verifiers.board_game.base import UNSURE, BoardReading
from genpuzzle.verifiers.board_game.glyphs import (
    CellView,
    account_glyph_piece_ink,
    best_match,
    confident,
    letter_bank,
    page_pen,
    read_glyph_board,
    shape_vector,
    template_view,
    unknown_or_unsure,
)

KEPT_PIECE_INK = True  # base.verify_board checks ink joined to the kept pieces (puzzle_verify.account_kept_piece_ink)

KINDS = "KRBGSNLP"
GOTE_DARK_SHARE = 0.6
SENTE_DARK_SHARE = 0.4
POINT_RATIO = 0.8  # mean width of the narrow end's quarter / the wide end's, below which the body points
LETTER_FLOOR = 0.5
LETTER_MARGIN = 0.05
OPEN_FRAC = 0.08


@lru_cache(maxsize=4)
def letters(pitch: int) -> dict[str, list[np.ndarray]]:
    """Letter vectors: the fonts of :func:`letter_bank` plus the letters as this board draws them."""
    from genpuzzle.renderers.board_game.pieces import draw_shogi_piece

    bank = letter_bank(KINDS, rotations=True)
    for kind in KINDS:
        for code in (kind, kind.lower()):
            view = template_view(lambda img, box, code=code: draw_shogi_piece(img, code, box), size=pitch,
                                 open_frac=OPEN_FRAC)
            v = shape_vector(view.inner)
            if v is not None:
                bank[kind].append(v)
    return bank


def pointing(sil: np.ndarray) -> str | None:
    """``"up"``, ``"down"`` or None: which end of the body is narrower."""
    rows = np.nonzero(sil.any(axis=1))[0]
    if len(rows) < 8:
        return None
    widths = sil[rows[0]:rows[-1] + 1].sum(axis=1).astype(float)
    q = max(2, len(widths) // 4)
    top, bottom = widths[:q].mean(), widths[-q:].mean()
    if top < POINT_RATIO * bottom:
        return "up"
    if bottom < POINT_RATIO * top:
        return "down"
    return None


def classify(view: CellView) -> tuple[str, float, dict[str, Any]]:
    direction = pointing(view.silhouette)
    fill = "gote" if view.dark_share >= GOTE_DARK_SHARE else "sente" if view.dark_share <= SENTE_DARK_SHARE else None
    ev: dict[str, Any] = {"points": direction, "fill_side": fill}
    by_direction = {"up": "sente", "down": "gote"}.get(direction or "")
    if fill and by_direction and fill != by_direction:
        return UNSURE, 0.3, {**ev, "reason": "fill and direction name different sides"}
    side = fill or by_direction
    if side is None:
        return UNSURE, 0.3, {**ev, "reason": "side unclear: neither fill nor direction tells it"}
    scores = best_match(shape_vector(view.inner), letters(int(round(view.pitch))))
    ev["scores"] = [[k, round(s, 3)] for k, s in scores[:3]]
    kind, cf, why = confident(scores, LETTER_FLOOR, LETTER_MARGIN)
    if kind is None:
        return unknown_or_unsure(why, ev)
    return (kind if side == "sente" else kind.lower()), cf, ev


def read_board(answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord) -> BoardReading:
    position = parse_board(record.ground_truth["position"])
    pen, pen_ev = page_pen(answer, input_image, record.layout, position)
    reading = read_glyph_board(answer, input_image, record.layout, position,
                               classify, OPEN_FRAC, pen=pen, box_fill=True)
    reading.notes["pen"] = pen_ev
    # ink on a piece that the input's drawing of it lacks is a mark
    return account_glyph_piece_ink(reading, answer, input_image, record.layout, position, pen)
