"""Chess board reader: glyph cells by :mod:`genpuzzle.verifiers.board_game.glyphs`; a changed cell's piece
is read as

- **side** by the share of the body that is dark ink: mostly dark is Black; mostly light, or the
  square's colour inside a dark outline (an outline-only White glyph), is White;
- **kind** by shape: the filled silhouette against the silhouettes of two chess glyph designs (the
  shipped DejaVu Sans and WenQuanYi Micro Hei glyphs); a disc- or box-shaped body carrying a letter
  (K Q R B N P, a common redrawing) is read by the letter, in several fonts. A plain letter read as a
  silhouette gives the side by its case (FEN: upper case White).

Open set: a piece-sized shape matching no design is ``unknown_piece``; a near tie is unsure.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from genpuzzle.records import InstanceRecord
from genpuzzle.solvers.board_game.base import parse_board
from genpuzzle.verifiers.board_game.base import UNSURE, BoardReading
from genpuzzle.verifiers.board_game.glyphs import (CellView, best_match, confident, fill_holes, letter_bank,
                                                   read_glyph_board, shape_vector, template_view, text_mask,
                                                   unknown_or_unsure)

KINDS = "KQRBNP"
SHAPE_FLOOR = 0.55
SHAPE_MARGIN = 0.04
LETTER_FLOOR = 0.5
LETTER_MARGIN = 0.05
BLACK_DARK_SHARE = 0.72
WHITE_DARK_SHARE = 0.6
OPEN_FRAC = 0.05  # a queen's crown points and a bishop's tip are thin: open only 1-2 px specks away


@lru_cache(maxsize=4)
def shape_bank(pitch: int) -> dict[str, list[np.ndarray]]:
    """Silhouette vectors: ``K`` .. ``P`` from the two glyph designs; ``K/upper`` .. ``p/lower`` from
    filled letters (plain-letter pieces)."""
    from genpuzzle.renderers.board_game.pieces import CHESS_GLYPHS, cjk, dejavu, draw_chess_piece

    bank: dict[str, list[np.ndarray]] = {}
    for kind in KINDS:
        vecs = []
        for code in (kind, kind.lower()):
            view = template_view(lambda img, box, code=code: draw_chess_piece(img, code, box), size=pitch,
                                 open_frac=OPEN_FRAC)
            vecs.append(shape_vector(view.silhouette))
        filled = CHESS_GLYPHS[kind.lower()][1]
        for font in (dejavu(80), cjk(80)):
            vecs.append(shape_vector(fill_holes(text_mask(filled, font))))
        bank[kind] = [v for v in vecs if v is not None]
    for kind in KINDS:
        for case, letter in (("upper", kind), ("lower", kind.lower())):
            masks = [text_mask(letter, dejavu(60, bold)) for bold in (False, True)]
            bank[f"{letter}/{case}"] = [v for v in (shape_vector(fill_holes(m)) for m in masks) if v is not None]
    return bank


@lru_cache(maxsize=1)
def letters() -> dict[str, list[np.ndarray]]:
    return letter_bank(KINDS)


def is_plate(view: CellView) -> bool:
    """True when the body is a disc or a box (a token carrying a letter), not a piece silhouette: the
    silhouette covers its bounding ellipse or box almost exactly and carries inner ink."""
    sil = view.silhouette
    ys, xs = np.nonzero(sil)
    if len(xs) < 10 or view.inner.sum() < 0.03 * sil.sum():
        return False
    x0, x1, y0, y1 = xs.min(), xs.max() + 1, ys.min(), ys.max() + 1
    w, h = x1 - x0, y1 - y0
    if not 0.75 <= w / h <= 1.33:
        return False
    yy, xx = np.mgrid[y0:y1, x0:x1]
    ellipse = (((xx + 0.5 - (x0 + x1) / 2) / (w / 2)) ** 2 + ((yy + 0.5 - (y0 + y1) / 2) / (h / 2)) ** 2) <= 1
    part = sil[y0:y1, x0:x1]
    iou_ellipse = (part & ellipse).sum() / max(1, (part | ellipse).sum())
    iou_box = part.sum() / (w * h)
    return iou_ellipse >= 0.9 or iou_box >= 0.92


def side_of(view: CellView) -> str | None:
    """``"w"``, ``"b"`` or None (unsure) from the share of the body that is dark ink: a Black piece is
    mostly dark (its light detail lines are thin), a White one mostly light or the square's colour inside
    a dark outline."""
    if view.dark_share >= BLACK_DARK_SHARE:
        return "b"
    if view.dark_share <= WHITE_DARK_SHARE:
        return "w"
    return None


def classify(view: CellView) -> tuple[str, float, dict[str, Any]]:
    ev: dict[str, Any] = {}
    side = side_of(view)
    if is_plate(view):
        scores = best_match(shape_vector(view.inner), letters())
        ev["mode"] = "letter"
        ev["scores"] = [[k, round(s, 3)] for k, s in scores[:3]]
        kind, cf, why = confident(scores, LETTER_FLOOR, LETTER_MARGIN)
    else:
        raw = best_match(shape_vector(view.silhouette), shape_bank(int(round(view.pitch))))
        ev["mode"] = "silhouette"
        ev["scores"] = [[k, round(s, 3)] for k, s in raw[:3]]
        # one score per kind (glyph designs and plain letters of either case compete as that kind)
        per_kind: dict[str, tuple[float, str]] = {}
        for key, s in raw:
            k = key.split("/")[0].upper()
            if k not in per_kind or s > per_kind[k][0]:
                per_kind[k] = (s, key)
        scores = sorted(((k, s) for k, (s, _) in per_kind.items()), key=lambda kv: -kv[1])
        kind, cf, why = confident(scores, SHAPE_FLOOR, SHAPE_MARGIN)
        if kind is not None and "/" in per_kind[kind][1]:  # a plain letter: its case gives the side
            side = "w" if per_kind[kind][1].endswith("upper") else "b"
            ev["mode"] = "plain_letter"
    if kind is None:
        return unknown_or_unsure(why, ev)
    if side is None:
        return UNSURE, 0.3, {**ev, "kind": kind, "reason": "side unclear: the body is neither light nor dark"}
    return (kind if side == "w" else kind.lower()), cf, ev


def read_board(answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord) -> BoardReading:
    return read_glyph_board(answer, input_image, record.layout, parse_board(record.ground_truth["position"]),
                            classify, OPEN_FRAC)
