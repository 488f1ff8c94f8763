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

from functools import partial
from typing import Any

import numpy as np

from genpuzzle.records import InstanceRecord
from genpuzzle.solvers.board_game.base import parse_board
from genpuzzle.verifiers.board_game.base import UNKNOWN, UNSURE, BoardReading, lab_image, luma
from genpuzzle.verifiers.board_game.glyphs import (
    CLOSE,
    INK_DE,
    UNCHANGED_NCC,
    CellView,
    account_piece_ink,
    cell_view,
    disc_fit,
    fill_holes,
    lighter_pen,
    page_pen,
    read_glyph_board,
    unchanged_scores,
    within,
)

KEPT_PIECE_INK = True  # base.verify_board checks ink joined to the kept pieces (puzzle_verify.account_kept_piece_ink)

DISC_IOU = 0.8  # a piece silhouette filling its circle at least this well is a disc
BLACK_DARK_SHARE = 0.6
WHITE_DARK_SHARE = 0.35
DARK_L = 40.0
DARK_UNDER_BG = 12.0
MAX_DARK_LIFT = 35.0  # L*: DARK_L follows a page that draws its unchanged Black discs lighter, up to this much
CENTRE = 0.5  # radius (x the disc's) of the centre where a king's mark is looked for
MARK_DE = 30.0  # a centre pixel this far (Delta E) from the disc's colour is part of a mark
KING_MARK = 0.18  # mark share of the centre from which the piece is a king
MAN_MARK = 0.07  # ... up to which it is a man
OPEN_FRAC = 0.1
BAND = (0.45, 0.9)
MAN_IOU = 0.96  # a man is one round disc: it fills its circle at least this well (a stack of two: <= 0.95)
# ... on a page as sharp as the input: a page returned at a lower resolution (shrunk, letterboxed) with JPEG
# leaves every disc's edge ragged, by as much as its own unchanged pieces lost against the input's (measured
# per side: light discs lose more); MAN_IOU is lowered by that loss, up to this much
MAX_ROUNDNESS_LOSS = 0.06
MIN_ROUNDNESS_CELLS = 1  # unchanged pieces of a side needed to measure that loss (none: no allowance)
MAN_ELONGATION = 1.05  # ... and is no longer than this across (men <= 1.02, stacks >= 1.08)
WHOLE_BOX = 0.47  # half side (x pitch) of the box the whole piece is measured in (a stack's upper disc
# reaches past the disc the glyph reader looks in, which cuts it round)
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


def whole_piece(view: CellView) -> np.ndarray:
    """The piece's whole silhouette in the cell: ink (farther than INK_DE from the square's colour) in a
    box of WHOLE_BOX x pitch about the centre, closed, filled and opened as the reader's silhouette, the
    parts that meet that silhouette. Unlike it, not cut to the reader's disc: a king drawn as a stack of
    two discs is taller than wide even where a small page blurs the upper disc's rim away."""
    import cv2

    h, w = view.silhouette.shape
    half = (h - 1) // 2
    b = int(round(WHOLE_BOX * view.pitch))
    box = np.zeros((h, w), bool)
    box[max(0, half - b):half + b + 1, max(0, half - b):half + b + 1] = True
    ink = (np.linalg.norm(view.lab - view.bg[None, None, :], axis=2) > INK_DE) & box
    c = max(3, int(round(CLOSE * view.pitch)) | 1)
    k = max(3, int(round(OPEN_FRAC * view.pitch)) | 1)
    closed = cv2.morphologyEx(ink.astype(np.uint8), cv2.MORPH_CLOSE,
                              cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (c, c)))
    body = cv2.morphologyEx(fill_holes(closed.astype(bool)).astype(np.uint8), cv2.MORPH_OPEN,
                            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    n, labels = cv2.connectedComponents(body, connectivity=8)
    meet = np.unique(labels[view.silhouette & (labels > 0)])
    return np.isin(labels, meet) if len(meet) else view.silhouette


def band_dark_share(view: CellView, cx: float, cy: float, radius: float, lift: float = 0.0) -> float:
    """The share of dark ink (as :class:`CellView` counts it) in the disc's band outside its centre
    (SIDE_BAND of its radius), where a king's mark does not reach."""
    h, w = view.silhouette.shape
    y, x = np.mgrid[0:h, 0:w]
    dist = np.hypot(x - cx, y - cy)
    band = view.silhouette & (dist >= SIDE_BAND[0] * radius) & (dist <= SIDE_BAND[1] * radius)
    if band.sum() < 10:
        return dark_share(view, lift)
    return float((view.lab[band][:, 0] < dark_below(view, lift)).mean())


def dark_below(view: CellView, lift: float = 0.0) -> float:
    """The L* below which a disc pixel is dark ink: DARK_L (plus ``lift``: how much lighter the page draws
    its Black discs than the input, :func:`dark_lift`), and below the square's own lightness by
    DARK_UNDER_BG (pieces stand on the dark squares: a tinted page can bring those near a black disc)."""
    return min(DARK_L + lift, float(view.bg[0]) - DARK_UNDER_BG)


def dark_share(view: CellView, lift: float = 0.0) -> float:
    """The share of the disc (a little inside its edge, away from the blended halo) that is dark ink."""
    import cv2

    shrunk = cv2.erode(view.silhouette.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    region = shrunk if shrunk.sum() >= 0.3 * view.silhouette.sum() else view.silhouette
    return float((view.lab[region][:, 0] < dark_below(view, lift)).mean()) if region.any() else 0.0


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


def classify(view: CellView, roundness_loss: dict[str, float] | None = None,
             lift: float = 0.0) -> tuple[str, float, dict[str, Any]]:
    """The piece in a changed cell (see the module docstring); ``roundness_loss``: per side, how much less
    round the page draws a disc than the input does (:func:`roundness_loss`); ``lift``: how much lighter it
    draws a Black disc (:func:`dark_lift`)."""
    cx, cy, radius, iou = disc_fit(view.silhouette)
    ev: dict[str, Any] = {"disc_iou": round(iou, 3)}
    if iou < DISC_IOU:
        return UNKNOWN, 0.6, {**ev, "reason": "not a disc: no checkers piece"}
    dark = dark_share(view, lift)
    ev["disc_dark_share"] = round(dark, 3)
    if dark >= BLACK_DARK_SHARE:
        side = "b"
    elif dark <= WHITE_DARK_SHARE:
        side = "w"
    else:
        return UNSURE, 0.3, {**ev, "reason": "side unclear: the disc is neither dark nor light"}
    band_dark = band_dark_share(view, cx, cy, radius, lift)
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
        stretch = max(elongation(view.silhouette), elongation(whole_piece(view)))
        ev["elongation"] = round(stretch, 3)
        man_iou = MAN_IOU - (roundness_loss or {}).get(side, 0.0)
        if man_iou < MAN_IOU:
            ev["man_iou"] = round(man_iou, 3)
        if iou < man_iou or stretch > MAN_ELONGATION or uneven > MAN_UNEVEN:
            # a plain centre alone does not make a man: a king drawn as two stacked discs has one too, but
            # its outline is no single round disc, or the upper disc's rim crosses the band on one side
            return UNSURE, 0.3, {**ev, "reason": "a plain centre but not one round, evenly drawn disc "
                                                 "(a king drawn as a stack?): man or king unclear"}
        return side, min(1.0, 0.6 + (MAN_MARK - mark) * 6), ev
    return UNSURE, 0.3, {**ev, "reason": "a faint mark in the disc's centre: man or king unclear"}


def _pages(answer: np.ndarray, input_image: np.ndarray, pen: int) -> tuple[tuple[np.ndarray, ...], ...]:
    """(image, L*a*b*, luma) of the input and of the answer read at the input's ``pen``."""
    rgb = np.ascontiguousarray(np.asarray(answer)[:, :, :3], dtype=np.uint8)
    inp = np.ascontiguousarray(np.asarray(input_image)[:, :, :3], dtype=np.uint8)
    read_rgb = lighter_pen(rgb, pen)
    return (inp, lab_image(inp), luma(inp)), (read_rgb, lab_image(read_rgb), luma(read_rgb))


def roundness_loss(pages: tuple[tuple[np.ndarray, ...], ...], layout: dict[str, Any],
                   position: list[list[str]], unchanged: dict[tuple[int, int], float]
                   ) -> tuple[dict[str, float], dict[str, Any]]:
    """Per side ("w", "b"): how much less well the page's discs fill their circles than the input's, from
    the input's pieces (men and kings: a king's mark lies inside its disc) whose cells the answer left
    unchanged (``unchanged``: :func:`unchanged_scores`; at least MIN_ROUNDNESS_CELLS of them): the median disc IoU on the
    input minus the median on the answer (read at the input's pen), clipped to [0, MAX_ROUNDNESS_LOSS];
    no entry for a side without such cells (no allowance); ``pages``: :func:`_pages`."""
    pitch = float(layout["cell_px"])
    fits: dict[str, tuple[list[float], list[float]]] = {"w": ([], []), "b": ([], [])}
    for r, row in enumerate(position):
        for c, code in enumerate(row):
            if code.lower() not in fits:
                continue
            if unchanged[(r, c)] < UNCHANGED_NCC:
                continue
            cx, cy = layout["cell_centers"][r][c]
            for k, (img, lab, g) in enumerate(pages):
                fits[code.lower()][k].append(disc_fit(cell_view(img, lab, g, cx, cy, pitch, OPEN_FRAC).silhouette)[3])
    loss, ev = {}, {}
    for side, (on_input, on_page) in fits.items():
        if len(on_page) >= MIN_ROUNDNESS_CELLS:
            loss[side] = float(np.clip(np.median(on_input) - np.median(on_page), 0.0, MAX_ROUNDNESS_LOSS))
            ev[side] = {"cells": len(on_page), "loss": round(loss[side], 3)}
    return loss, ev


def dark_lift(pages: tuple[tuple[np.ndarray, ...], ...], layout: dict[str, Any], position: list[list[str]],
              unchanged: dict[tuple[int, int], float]) -> tuple[float, dict[str, Any]]:
    """How much lighter (L*) the page draws the Black discs the answer left unchanged than the input does:
    the median of their bodies' median L*, page minus input, at least 0 and at most MAX_DARK_LIFT; 0
    without such a disc. A page washed out to 60 % contrast drew Black men at L* ~45, over DARK_L, and a
    moved Black man read as a sure White one (``illegal_move``, the lead's degradation check); ``pages``:
    :func:`_pages`."""
    pitch = float(layout["cell_px"])
    lifts = []
    for r, row in enumerate(position):
        for c, code in enumerate(row):
            if code.lower() != "b" or unchanged[(r, c)] < UNCHANGED_NCC:
                continue
            cx, cy = layout["cell_centers"][r][c]
            # the disc as the input draws it, read on both: on a washed-out page the disc may no longer
            # stand out from its square enough to be found there
            drawn = cell_view(*pages[0], cx, cy, pitch, OPEN_FRAC)
            if drawn.silhouette.sum() < 10:
                continue
            on_page = cell_view(*pages[1], cx, cy, pitch, OPEN_FRAC)
            if on_page.lab.shape != drawn.lab.shape:
                continue
            lifts.append(float(np.median(on_page.lab[drawn.silhouette][:, 0]))
                         - float(np.median(drawn.lab[drawn.silhouette][:, 0])))
    if not lifts:
        return 0.0, {"discs": 0}
    lift = float(np.clip(np.median(lifts), 0.0, MAX_DARK_LIFT))
    return lift, {"discs": len(lifts), "lift": round(lift, 1)}


def read_board(answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord) -> BoardReading:
    position = parse_board(record.ground_truth["position"])
    pen, pen_ev = page_pen(answer, input_image, record.layout, position)
    unchanged = unchanged_scores(answer, input_image, record.layout)
    pages = _pages(answer, input_image, pen)
    loss, loss_ev = roundness_loss(pages, record.layout, position, unchanged)
    lift, lift_ev = dark_lift(pages, record.layout, position, unchanged)
    reading = read_glyph_board(answer, input_image, record.layout, position,
                               partial(classify, roundness_loss=loss, lift=lift), OPEN_FRAC, pen=pen,
                               unchanged=unchanged)
    reading.notes["pen"] = pen_ev
    reading.notes["roundness_loss"] = loss_ev
    reading.notes["dark_lift"] = lift_ev
    # the men and kings are discs: ink on one that the page's other pieces of its kind lack is a mark
    return account_piece_ink(reading, answer, input_image, record.layout, position)
