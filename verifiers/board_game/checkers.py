"""Checkers board reader: glyph cells by :mod:`genpuzzle.verifiers.board_game.glyphs`; a changed cell's
piece must be a disc (a silhouette filling its circle; anything else is ``unknown_piece``), read as

- **side** by the share of the disc that is dark ink: mostly dark is Black, mostly light White; the band
  outside the centre (where a king's mark does not reach) must not say the other side;
- **man or king** by the disc's centre: a king carries a mark there (a crown, a second disc, a "K" in any
  colour) that differs from the disc's own colour; a man's centre is the disc colour, and a man is one
  round, evenly drawn disc (a king drawn as a stack of discs has a plain centre too: unsure). In between
  is unsure.

Changed cells are read at the input's pen (:func:`~genpuzzle.verifiers.board_game.glyphs.page_pen`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from genpuzzle.records import InstanceRecord
from genpuzzle.solvers.board_game.base import parse_board
from genpuzzle.verifiers.board_game.base import UNKNOWN, UNSURE, BoardReading
from genpuzzle.verifiers.board_game.glyphs import CellView, disc_fit, page_pen, read_glyph_board, within

DISC_IOU = 0.8  # a piece silhouette filling its circle at least this well is a disc
BLACK_DARK_SHARE = 0.6
WHITE_DARK_SHARE = 0.35
DARK_L = 40.0
DARK_UNDER_BG = 12.0
CENTRE = 0.5  # radius (x the disc's) of the centre where a king's mark is looked for
MARK_DE = 30.0  # a centre pixel this far (Delta E) from the disc's colour is part of a mark
KING_MARK = 0.18  # mark share of the centre from which the piece is a king
MAN_MARK = 0.07  # ... up to which it is a man
OPEN_FRAC = 0.1
BAND = (0.45, 0.9)
MAN_IOU = 0.96  # a man is one round disc: it fills its circle at least this well (a stack of two: <= 0.95)
MAN_ELONGATION = 1.05  # ... and is no longer than this across (men <= 1.02, stacks >= 1.08)
MAN_UNEVEN = 0.12  # ... and its band carries marks evenly (men <= 0.07, a stacked disc's rim >= 0.2)
SIDE_BAND = (0.6, 0.88)
SECTORS = 8


def elongation(mask: np.ndarray) -> float:
    """The ratio of the mask's longest to shortest axis (second moments; 1 for a disc)."""
    ys, xs = np.nonzero(mask)
    if len(xs) < 10:
        return 1.0
    cov = np.cov(np.stack([xs, ys]).astype(float))
    low, high = np.linalg.eigvalsh(cov)
    return float(np.sqrt(high / max(low, 1e-6)))


def band_dark_share(view: CellView, cx: float, cy: float, radius: float) -> float:
    """The share of dark ink (as :class:`CellView` counts it) in the disc's band outside its centre
    (SIDE_BAND of its radius), where a king's mark does not reach."""
    h, w = view.silhouette.shape
    y, x = np.mgrid[0:h, 0:w]
    dist = np.hypot(x - cx, y - cy)
    band = view.silhouette & (dist >= SIDE_BAND[0] * radius) & (dist <= SIDE_BAND[1] * radius)
    if band.sum() < 10:
        return dark_share(view)
    return float((view.lab[band][:, 0] < dark_below(view)).mean())


def dark_below(view: CellView) -> float:
    """The L* below which a disc pixel is dark ink: DARK_L, and below the square's own lightness by
    DARK_UNDER_BG (pieces stand on the dark squares: a tinted page can bring those near a black disc)."""
    return min(DARK_L, float(view.bg[0]) - DARK_UNDER_BG)


def dark_share(view: CellView) -> float:
    """The share of the disc (a little inside its edge, away from the blended halo) that is dark ink."""
    import cv2

    shrunk = cv2.erode(view.silhouette.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    region = shrunk if shrunk.sum() >= 0.3 * view.silhouette.sum() else view.silhouette
    return float((view.lab[region][:, 0] < dark_below(view)).mean()) if region.any() else 0.0


def band_unevenness(view: CellView, body: np.ndarray, cx: float, cy: float, radius: float) -> float:
    """How unevenly the disc's band (BAND of its radius) carries marks: the largest minus the smallest
    share of mark pixels (farther than MARK_DE from the disc's colour) over SECTORS equal sectors. A
    man's band is plain or carries a ring all round (0); the outline of a second disc stacked on it
    (a king drawn as a stack) crosses the band on one side only."""
    h, w = view.silhouette.shape
    y, x = np.mgrid[0:h, 0:w]
    dist = np.hypot(x - cx, y - cy)
    band = view.silhouette & (dist >= BAND[0] * radius) & (dist <= BAND[1] * radius)
    far = np.linalg.norm(view.lab - body[None, None, :], axis=2) > MARK_DE
    sector = ((np.arctan2(y - cy, x - cx) + np.pi) / (2 * np.pi) * SECTORS).astype(int) % SECTORS
    shares = [float((far & band & (sector == k)).sum() / max(1, (band & (sector == k)).sum())) for k in range(SECTORS)]
    return max(shares) - min(shares)


def classify(view: CellView) -> tuple[str, float, dict[str, Any]]:
    cx, cy, radius, iou = disc_fit(view.silhouette)
    ev: dict[str, Any] = {"disc_iou": round(iou, 3)}
    if iou < DISC_IOU:
        return UNKNOWN, 0.6, {**ev, "reason": "not a disc: no checkers piece"}
    dark = dark_share(view)
    ev["disc_dark_share"] = round(dark, 3)
    if dark >= BLACK_DARK_SHARE:
        side = "b"
    elif dark <= WHITE_DARK_SHARE:
        side = "w"
    else:
        return UNSURE, 0.3, {**ev, "reason": "side unclear: the disc is neither dark nor light"}
    band_dark = band_dark_share(view, cx, cy, radius)
    ev["band_dark_share"] = round(band_dark, 3)
    if (side == "w" and band_dark >= BLACK_DARK_SHARE) or (side == "b" and band_dark <= WHITE_DARK_SHARE):
        # a large mark (a crown) in the centre swings the whole disc's share; the band outside it shows the
        # disc's own colour: the two must not contradict each other
        return UNSURE, 0.3, {**ev, "reason": "side unclear: the disc's band and its whole body disagree"}
    body = np.median(view.lab[view.silhouette], axis=0)
    centre = within(np.ones_like(view.silhouette), cx, cy, CENTRE * radius)
    far = np.linalg.norm(view.lab - body[None, None, :], axis=2) > MARK_DE
    mark = float((far & centre).sum() / max(1, centre.sum()))
    ev["centre_mark"] = round(mark, 3)
    if mark >= KING_MARK:
        return side.upper(), min(1.0, 0.6 + (mark - KING_MARK) * 2), ev
    if mark <= MAN_MARK:
        uneven = band_unevenness(view, body, cx, cy, radius)
        ev["band_unevenness"] = round(uneven, 3)
        stretch = elongation(view.silhouette)
        ev["elongation"] = round(stretch, 3)
        if iou < MAN_IOU or stretch > MAN_ELONGATION or uneven > MAN_UNEVEN:
            # a plain centre alone does not make a man: a king drawn as two stacked discs has one too, but
            # its outline is no single round disc, or the upper disc's rim crosses the band on one side
            return UNSURE, 0.3, {**ev, "reason": "a plain centre but not one round, evenly drawn disc "
                                                 "(a king drawn as a stack?): man or king unclear"}
        return side, min(1.0, 0.6 + (MAN_MARK - mark) * 6), ev
    return UNSURE, 0.3, {**ev, "reason": "a faint mark in the disc's centre: man or king unclear"}


def read_board(answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord) -> BoardReading:
    position = parse_board(record.ground_truth["position"])
    pen, pen_ev = page_pen(answer, input_image, record.layout, position)
    reading = read_glyph_board(answer, input_image, record.layout, position,
                               classify, OPEN_FRAC, pen=pen)
    reading.notes["pen"] = pen_ev
    return reading
