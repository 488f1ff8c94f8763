"""Xiangqi board reader: glyph cells by :mod:`genpuzzle.verifiers.board_game.glyphs` (an opening of 0.15
spacing removes the board's lines crossing an empty point, at any width up to ~8 px); a changed cell's
piece must be a disc (else ``unknown_piece``), read as

- **side** by the colour of the character (the ink on the disc inside 0.72 of its radius): red
  (L*a*b* a* >= 25) is Red; dark and grey (|a*| < 15, L* < 50) is Black; anything else is unsure; on a
  tinted page also with the tint taken back (:func:`glyphs.page_tint`), the two readings never contradicting;
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
from genpuzzle.verifiers.board_game.base import UNKNOWN, UNSURE, BoardReading, lab_image
from genpuzzle.verifiers.board_game.glyphs import (
    CellView,
    account_glyph_piece_ink,
    best_match,
    confident,
    disc_fit,
    main_components,
    page_pen,
    page_tint,
    read_glyph_board,
    shape_vector,
    template_view,
    text_mask,
    unknown_or_unsure,
    within,
)

KEPT_PIECE_INK = True  # base.verify_board checks ink joined to the kept pieces (puzzle_verify.account_kept_piece_ink)

DISC_IOU = 0.8
CHAR_DE = 30.0  # a pixel this far from the disc's colour is part of the character
CHAR_DE_MIN = 15.0  # ... or, on a blurred page whose strokes are faint, half their strongest contrast, down to this
CHAR_MIN_INK = 0.04  # a disc whose character covers less of its inner circle is unsure (too faint to read)
CHAR_RADIUS = 0.72  # the character lies within this share of the disc's radius (the ring outside it)
RED_A = 25.0
BLACK_A = 15.0
BLACK_L = 50.0
CHAR_FLOOR = 0.45
CHAR_MARGIN = 0.04
OPEN_FRAC = 0.15
TEMPLATE_BLURS = (0.0, 1.2, 2.0)  # px: the board's own pieces as drawn and blurred
APPEAR_SIZE = 0.56  # side (x pitch) of the central square of a piece compared as a picture
APPEAR_SCALES = (0.9, 1.0)
APPEAR_FLOOR = 0.8  # a picture match of the board's own design must be this close
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
    de = np.linalg.norm(view.lab - paper[None, None, :], axis=2)
    # a page resampled from a smaller size blends thin strokes into the disc: the threshold follows the
    # strokes' own contrast (half the strongest's) when that is weak
    threshold = min(CHAR_DE, max(CHAR_DE_MIN, 0.5 * float(np.percentile(de[region], 97))))
    return main_components(region & (de > threshold), 0.05), iou


@lru_cache(maxsize=4)
def characters(pitch: int) -> dict[str, list[np.ndarray]]:
    """Character vectors per kind: each form as this board draws it and in the shipped font."""
    from genpuzzle.renderers.board_game.pieces import XIANGQI_CHARS, XIANGQI_VARIANTS, cjk, draw_xiangqi_piece

    bank: dict[str, list[np.ndarray]] = {}
    for kind, (red, black) in XIANGQI_CHARS.items():
        vecs = []
        for code in (kind.upper(), kind):
            for blur in TEMPLATE_BLURS:  # as drawn, and as a resampled page blurs it
                view = template_view(lambda img, box, code=code: draw_xiangqi_piece(img, code, box), size=pitch,
                                     open_frac=OPEN_FRAC, bg_ring=True, blur=blur)
                vecs.append(shape_vector(character_mask(view)[0]))
        for char in red + black + XIANGQI_VARIANTS[kind]:
            for stroke in (0, 2):  # regular and bold strokes
                vecs.append(shape_vector(text_mask(char, cjk(60), stroke=stroke)))
        bank[kind] = [v for v in vecs if v is not None]
    return bank


def contrast_map(lab: np.ndarray, cx: float, cy: float, radius: float) -> np.ndarray:
    """Delta E of every pixel from the disc's own colour (the median of the lighter half of the circle of
    ``radius`` about (cx, cy)), clipped to 60: the character as a continuous picture, whatever its colour."""
    h, w = lab.shape[:2]
    y, x = np.mgrid[0:h, 0:w]
    inside = np.hypot(x - cx, y - cy) <= radius
    part = lab[inside]
    paper = np.median(part[part[:, 0] >= np.median(part[:, 0])], axis=0)
    return np.minimum(np.linalg.norm(lab - paper[None, None, :], axis=2), 60.0).astype(np.float32)


@lru_cache(maxsize=4)
def appearances(pitch: int) -> dict[str, list[np.ndarray]]:
    """Per kind, the contrast maps (:func:`contrast_map`) of the board's own pieces of both sides, the
    central APPEAR_SIZE of a pitch, at APPEAR_SCALES of the drawn size and TEMPLATE_BLURS."""
    import cv2

    from genpuzzle.renderers.board_game.pieces import draw_xiangqi_piece
    from genpuzzle.verifiers.board_game.glyphs import render_mask

    bank: dict[str, list[np.ndarray]] = {}
    half = int(round(APPEAR_SIZE * pitch / 2))
    for kind in "kabnrcp":
        maps = []
        for code in (kind.upper(), kind):
            for scale in APPEAR_SCALES:
                size = int(round(pitch * scale))
                _, lab = render_mask(lambda img, box, code=code: draw_xiangqi_piece(img, code, box), size,
                                     background=(220, 180, 120))
                c = (size - 1) / 2
                m = contrast_map(lab, c, c, 0.3 * size)
                for blur in TEMPLATE_BLURS:
                    b = cv2.GaussianBlur(m, (0, 0), blur) if blur else m
                    hs = int(round(half * scale))
                    ic = int(round(c))
                    maps.append(np.ascontiguousarray(b[ic - hs:ic + hs + 1, ic - hs:ic + hs + 1]))
        bank[kind] = maps
    return bank


def appearance_scores(view: CellView) -> list[tuple[str, float]]:
    """Each kind's best normalised correlation of the cell's contrast map with the board's own pieces
    (:func:`appearances`) over shifts of up to ~0.12 pitch, best first: the board's design read as a
    picture, where a faint, blurred character no longer gives a clean ink mask."""
    import cv2

    c = (view.lab.shape[0] - 1) / 2
    m = contrast_map(view.lab, c, c, 0.3 * view.pitch)
    out = []
    for kind, maps in appearances(int(round(view.pitch))).items():
        best = -1.0
        for t in maps:
            if t.shape[0] > m.shape[0] or t.std() < 1e-3:
                continue
            best = max(best, float(np.nan_to_num(cv2.matchTemplate(m, t, cv2.TM_CCOEFF_NORMED)).max()))
        out.append((kind, best))
    return sorted(out, key=lambda kv: -kv[1])


def _side_by_colour(lab: np.ndarray) -> str | None:
    a, L = float(np.median(lab[:, 1])), float(np.median(lab[:, 0]))
    if a >= RED_A:
        return "red"
    if abs(a) < BLACK_A and L < BLACK_L:
        return "black"
    return None


def side_of(view: CellView, chars: np.ndarray, tint: np.ndarray | None = None) -> str | None:
    """Red, black or None (unclear) by the character's colour (median L*a*b* of its ink), on the page as
    drawn and, on a tinted page (``tint``: :func:`glyphs.page_tint`), with the tint taken back: a cast that
    pulls a faded red under RED_A (spot seeds 43300, 48800: a* 14-22 as drawn, 26-36 untinted) still
    reads red. The two readings must not contradict each other."""
    if chars.sum() < 5:
        return None
    sides = {_side_by_colour(view.lab[chars])}
    if tint is not None:
        untinted = lab_image(np.clip(view.rgb.astype(np.float64) * tint[None, None, :], 0, 255).astype(np.uint8))
        sides.add(_side_by_colour(untinted[chars]))
    sides.discard(None)
    return sides.pop() if len(sides) == 1 else None


def classify(view: CellView, tint: np.ndarray | None = None) -> tuple[str, float, dict[str, Any]]:
    """A changed cell's piece (see the module docstring); ``tint``: the page's :func:`glyphs.page_tint`."""
    chars, iou = character_mask(view)
    ev: dict[str, Any] = {"disc_iou": round(iou, 3), "char_ink": int(chars.sum())}
    if iou < DISC_IOU:
        return UNKNOWN, 0.6, {**ev, "reason": "not a disc: no xiangqi piece"}
    radius = disc_fit(view.silhouette)[2]
    if chars.sum() < CHAR_MIN_INK * np.pi * (CHAR_RADIUS * radius) ** 2:
        return UNSURE, 0.3, {**ev, "reason": "a disc whose character is too faint to read"}
    side = side_of(view, chars, tint)
    ev["side"] = side
    scores = best_match(shape_vector(chars), characters(int(round(view.pitch))))
    ev["scores"] = [[k, round(s, 3)] for k, s in scores[:3]]
    kind, cf, why = confident(scores, CHAR_FLOOR, CHAR_MARGIN)
    if kind is None:
        # the board's own design read as a picture: a blurred character whose ink mask is broken
        looks = appearance_scores(view)
        ev["appearance"] = [[k, round(v, 3)] for k, v in looks[:3]]
        kind, cf, _ = confident(looks, APPEAR_FLOOR, CHAR_MARGIN)
        if kind is None:
            return unknown_or_unsure(why, ev)
        ev["read_by"] = "appearance"
    if side is None:
        return UNSURE, 0.3, {**ev, "kind": kind, "reason": "side unclear: the character is neither red nor black"}
    return (kind.upper() if side == "red" else kind), cf, ev


def read_board(answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord) -> BoardReading:
    position = parse_board(record.ground_truth["position"])
    pen, pen_ev = page_pen(answer, input_image, record.layout, position)
    tint = page_tint(answer, input_image, record.layout["board_bbox"])
    reading = read_glyph_board(answer, input_image, record.layout, position,
                               lambda view: classify(view, tint), OPEN_FRAC, empty_cover=EMPTY_COVER,
                               occupied=OCCUPIED, bg_ring=True, pen=pen)
    reading.notes["pen"] = pen_ev
    reading.notes["tint"] = None if tint is None else [round(float(g), 3) for g in tint]
    # ink on a piece that the input's drawing of it lacks is a mark
    return account_glyph_piece_ink(reading, answer, input_image, record.layout, position, pen)
