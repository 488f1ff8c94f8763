"""Reading and judging shared by the single-player board puzzles (issue 17).

Readers (all on the answer registered into the input frame):

- :func:`cell_ink`: per cell, the ink an answer added on the cell's own background. Inside the cell
  (inset INSET of a side, clear of grid lines at any width and of a few pixels of misregistration) the
  background is the colour of the cell's brightest pixels (so yellow, grey or pastel cells work); ink is
  what is much darker than it (luma drop >= max(INK_DROP, 30 % of the background)) or far from it in colour
  (pure colours such as a yellow highlighter on white). Measured: the ink share, the largest ink
  component's extent, and the background's Delta E from the input cell's background (a cell painted over).
- :func:`mark_state`: a mark (queen glyph of any font, X, dot, filled disc, letter Q, flag, painted cell),
  empty, or unsure, open-set on ink amount and extent.
- :func:`read_numbers`: numbers through the project's digit reader (``verifiers/digits.read_number``); a
  cell still correlating with the input's crop (NCC >= 0.9) keeps the input's value first; a glyph read as
  "other" is an unknown symbol, a low-confidence reading is unsure.

Judging (:func:`judge`): the puzzle's own rules (``solvers/board_game/<game>.check``) on the board read
with unsure cells given the benefit of the doubt, findings turned into violations with cell names and pixel
boxes; logic 1 for an accepted board, 1/3 for a legal but wrong action or a rule-consistent but wrong
board, 0 when a rule is broken or the input changed; preservation and completion charge unsure cells.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

from genpuzzle.records import InstanceRecord, Violation
from genpuzzle.solvers.board_game.base import EMPTY, parse_board
from genpuzzle.solvers.board_game.puzzle_common import Finding
from genpuzzle.verifiers.board_game.base import (UNKNOWN, UNSURE, BoardReading, Comparison, _cells_violation,
                                                 cell_unchanged, lab_image)

INSET = 0.16  # fraction of a cell side left out on each side (grid lines, registration slack)
BAND_OUTER = 0.07  # the background band runs from this inset to INSET
INK_DROP = 55  # luma drop under the cell background that is ink
COLOUR_INK = 110  # largest channel difference from the background that is ink (pure colours)
MARK_SHARE = 0.03  # ink share of the inner cell from which ink is a mark ...
MARK_EXTENT = 0.2  # ... when one connected piece of it spans this fraction of the inner cell
BLANK_SHARE = 0.008  # below this ink share a cell is empty
PAINTED_DE = 35.0  # background this far (Delta E) from the input's: the cell was painted over
DARK_FILL = 90  # a cell painted over with a colour darker than this (luma) is a filled mark


@dataclass
class CellInk:
    share: float  # ink fraction of the inner cell
    extent: float  # largest ink component's bbox side / inner side
    centre: float  # ink fraction of the central disc (radius 0.2 cell)
    core: float  # ink fraction of the core disc (radius 0.09 cell)
    background: list[int]  # RGB of the answer cell's background
    input_background: list[int]
    painted: float  # Delta E between the two backgrounds
    box: list[int]

    def evidence(self) -> dict[str, Any]:
        return {"ink": round(self.share, 3), "extent": round(self.extent, 3), "centre": round(self.centre, 3), "core": round(self.core, 3),
                "background": self.background, "painted_de": round(self.painted, 1), "box": self.box}


def _inner(image: np.ndarray, box: Sequence[float], inset: float = INSET) -> np.ndarray:
    x0, y0, x1, y1 = box
    dx, dy = inset * (x1 - x0), inset * (y1 - y0)
    H, W = image.shape[:2]
    a, b = max(0, int(round(y0 + dy))), min(H, int(round(y1 - dy)))
    c, d = max(0, int(round(x0 + dx))), min(W, int(round(x1 - dx)))
    return image[a:b, c:d]


def _background(crop: np.ndarray) -> tuple[np.ndarray, float]:
    lum = crop[:, :, :3].astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32)
    bright = lum >= np.percentile(lum, 70)
    colour = np.median(crop[bright][:, :3], axis=0)
    return colour, float(np.percentile(lum, 85))


def _band_background(image: np.ndarray, box: Sequence[float]) -> tuple[np.ndarray, float] | None:
    """Background from the band between the grid line and the inner cell (inset BAND_OUTER..INSET), where
    marks drawn in the middle of a cell rarely reach: the median colour of its brighter half."""
    outer = _inner(image, box, BAND_OUTER)
    if outer.size == 0 or min(outer.shape[:2]) < 6:
        return None
    h, w = outer.shape[:2]
    k = max(1, int(round((INSET - BAND_OUTER) * (box[2] - box[0]))))
    band = np.concatenate([outer[:k].reshape(-1, outer.shape[2]), outer[h - k:].reshape(-1, outer.shape[2]),
                           outer[k:h - k, :k].reshape(-1, outer.shape[2]), outer[k:h - k, w - k:].reshape(-1, outer.shape[2])])
    lum = band[:, :3].astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32)
    bright = lum >= np.percentile(lum, 50)
    colour = np.median(band[bright][:, :3], axis=0)
    return colour, float(np.percentile(lum, 75))


def ink_mask(crop: np.ndarray, background: tuple[np.ndarray, float] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Ink of a cell crop (RGB) against a background (default: the crop's own brightest pixels):
    ``(mask, background colour)``."""
    colour, bg = background if background is not None else _background(crop)
    rgb = crop[:, :, :3].astype(np.float32)
    lum = rgb @ np.array([0.299, 0.587, 0.114], np.float32)
    ink = (lum < bg - max(INK_DROP, 0.3 * bg)) | (np.abs(rgb - colour).max(axis=2) > COLOUR_INK)
    return ink, colour


def cell_ink(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any],
             cells: Sequence[tuple[int, int]] | None = None) -> dict[tuple[int, int], CellInk]:
    import cv2

    rows, cols = layout["rows"], layout["cols"]
    cells = cells if cells is not None else [(r, c) for r in range(rows) for c in range(cols)]
    out = {}
    for r, c in cells:
        box = layout["cell_boxes"][r][c]
        crop = _inner(answer, box)
        in_crop = _inner(input_image, box)
        if crop.size == 0 or min(crop.shape[:2]) < 4:
            out[(r, c)] = CellInk(0.0, 0.0, 0.0, 0.0, [255, 255, 255], [255, 255, 255], 0.0, [int(v) for v in box])
            continue
        ink, colour = ink_mask(crop, _band_background(answer, box))
        _, in_colour = ink_mask(in_crop, _band_background(input_image, box))
        side = max(crop.shape[:2])
        extent = 0.0
        if ink.any():
            n, _, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
            if n > 1:
                extent = float(max(max(s[2], s[3]) for s in stats[1:]) / side)
        h, w = ink.shape
        yy, xx = np.mgrid[0:h, 0:w]
        cell_side = box[2] - box[0]
        radius = np.hypot(xx - (w - 1) / 2, yy - (h - 1) / 2)
        central, core = radius <= 0.2 * cell_side, radius <= 0.09 * cell_side
        lab = lab_image(np.array([[colour, in_colour]], np.uint8))[0]
        out[(r, c)] = CellInk(float(ink.mean()), extent, float(ink[central].mean()) if central.any() else 0.0,
                              float(ink[core].mean()) if core.any() else 0.0,
                              [int(v) for v in colour], [int(v) for v in in_colour],
                              float(np.linalg.norm(lab[0] - lab[1])), [int(round(v)) for v in box])
    return out


def _luma_of(rgb: Sequence[int]) -> float:
    return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]


def mark_state(ink: CellInk, recolour_matters: bool = True) -> tuple[str, float]:
    """``("mark" | "empty" | "unsure", confidence)`` from a cell's ink. A cell painted over in a much darker
    colour is a mark; one repainted in another light colour is unsure (a highlight or a changed cell?)
    unless the cell colour carries no meaning (``recolour_matters=False``: a board redrawn in other
    square colours), then only a dark fill (luma < DARK_FILL) is a mark and other ink is read against the
    new colour."""
    if ink.painted >= PAINTED_DE:
        drop = _luma_of(ink.input_background) - _luma_of(ink.background)
        if recolour_matters and drop >= INK_DROP:
            return "mark", min(1.0, 0.6 + 0.4 * (drop - INK_DROP) / 40)
        if not recolour_matters and _luma_of(ink.background) < DARK_FILL:
            return "mark", min(1.0, 0.6 + 0.4 * (DARK_FILL - _luma_of(ink.background)) / 40)
        if recolour_matters:
            return "unsure", 0.3
    if ink.share >= MARK_SHARE and ink.extent >= MARK_EXTENT:
        return "mark", min(1.0, 0.6 + 0.4 * max((ink.share - MARK_SHARE) / 0.04, (ink.extent - MARK_EXTENT) / 0.2))
    if ink.share < BLANK_SHARE or ink.extent < 0.08:
        return "empty", min(1.0, 0.6 + 0.4 * (BLANK_SHARE - min(ink.share, BLANK_SHARE)) / BLANK_SHARE)
    return "unsure", 0.3


def read_numbers(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any],
                 position: Sequence[Sequence[str]], cells: Sequence[tuple[int, int]] | None = None,
                 inset: float = 0.14, unchanged_ncc: float = 0.9) -> dict[tuple[int, int], tuple[str, float, dict]]:
    """``{cell: (code, confidence, evidence)}``: the number written in each cell as a string code, ``"."``
    for no glyph, :data:`UNSURE` for an unsure reading, :data:`UNKNOWN` for a confident non-digit symbol.
    A cell whose crop still correlates with the input's keeps the input's code."""
    from genpuzzle.verifiers.digits import CONFIDENT, SYMBOL_OTHER, read_number

    rows, cols = layout["rows"], layout["cols"]
    cells = cells if cells is not None else [(r, c) for r in range(rows) for c in range(cols)]
    out = {}
    for r, c in cells:
        box = layout["cell_boxes"][r][c]
        ev: dict[str, Any] = {"box": [int(round(v)) for v in box]}
        ncc = cell_unchanged(answer, input_image, _shrink(box, inset))
        ev["unchanged_ncc"] = round(ncc, 3)
        if ncc >= unchanged_ncc:
            out[(r, c)] = (position[r][c], 1.0, ev)
            continue
        crop = _inner(answer, box, inset)
        reading = read_number(crop)
        ev["text"] = reading.text
        ev["confidence"] = round(reading.confidence, 3)
        if not reading.digits:
            out[(r, c)] = (EMPTY, 0.95, ev)
        elif any(d.symbol == SYMBOL_OTHER and d.confidence >= CONFIDENT for d in reading.digits):
            out[(r, c)] = (UNKNOWN, 0.9, ev)
        elif reading.value is not None and reading.confidence >= CONFIDENT:
            out[(r, c)] = (str(reading.value), reading.confidence, ev)
        else:
            out[(r, c)] = (UNSURE, min(0.3, reading.confidence), ev)
    return out


def _shrink(box: Sequence[float], inset: float) -> list[float]:
    x0, y0, x1, y1 = box
    dx, dy = inset * (x1 - x0), inset * (y1 - y0)
    return [x0 + dx, y0 + dy, x1 - dx, y1 - dy]


# ------------------------------------------------------------------------------------------ judging


def instance_of(record: InstanceRecord) -> dict[str, Any]:
    return record.ground_truth["certificate"]["instance"]


def violations_of(findings: Sequence[Finding], layout: dict[str, Any]) -> list[Violation]:
    out = []
    for f in findings:
        cells = [list(c) for c in f.cells]
        if cells:
            out.append(_cells_violation(f.code, f.message, cells, layout))
        else:
            out.append(Violation(f.code, f.message, {"bbox": [int(v) for v in layout["board_bbox"]]}))
    return out


SERIOUS = ("rule_broken", "input_changed")


def judge(reading: BoardReading, record: InstanceRecord, layout: dict[str, Any],
          findings_of: Callable[[list[list[str]]], list[Finding]],
          same: Callable[[str, str], bool] = lambda a, b: a == b) -> Comparison:
    """Compare the read board with the accepted boards and the puzzle's rules. ``findings_of(board)``
    returns the puzzle's findings on a board (codes as the reader returns them); unsure cells take the
    closest accepted board's code for the rules and are charged in preservation and completion."""
    truth = record.ground_truth
    position = parse_board(truth["position"])
    accepted = [parse_board(a["board"]) for a in truth["accepted"]]
    read = reading.states
    R, C = len(position), len(position[0])
    cells = [(r, c) for r in range(R) for c in range(C)]

    def mismatches(board):
        return sum(read[r][c] != UNSURE and not same(read[r][c], board[r][c]) for r, c in cells)

    target = min(accepted, key=mismatches)
    doubt = [[target[r][c] if read[r][c] == UNSURE else read[r][c] for c in range(C)] for r in range(R)]
    keep = [(r, c) for r, c in cells if target[r][c] == position[r][c]]
    required = [(r, c) for r, c in cells if target[r][c] != position[r][c]]
    preserved = sum(same(read[r][c], position[r][c]) for r, c in keep) / len(keep) if keep else 1.0
    present = sum(same(read[r][c], target[r][c]) for r, c in required)
    completion = 1.0 if present == len(required) else (0.5 if present else 0.0)
    if all(same(doubt[r][c], position[r][c]) for r, c in cells):
        return Comparison("no_change", [Violation("no_change", "the board is unchanged: nothing is done",
                                                  {"bbox": [int(v) for v in layout["board_bbox"]]})],
                          0.0, 0.0, 0.0, target)
    if any(all(same(doubt[r][c], a[r][c]) for r, c in cells) for a in accepted):
        return Comparison("accepted", [], 1.0, preserved, completion, target)
    findings = findings_of(doubt)
    violations = violations_of(findings, layout)
    codes = {f.code for f in findings}
    if codes & set(SERIOUS):
        outcome, logic = "rule_broken" if "rule_broken" in codes else "input_changed", 0.0
    elif "wrong_state" in codes:
        outcome, logic = "wrong_state", 1 / 3
    else:
        outcome, logic = "wrong_answer", 1 / 3
    if not violations:  # the rules found nothing, yet the board is no accepted one: name the cells
        diff = [[r, c] for r, c in cells if not same(doubt[r][c], target[r][c])]
        violations.append(_cells_violation("wrong_cell", f"{len(diff)} cell(s) differ from the answer", diff, layout,
                                           read=[doubt[r][c] for r, c in diff], expected=[target[r][c] for r, c in diff]))
    return Comparison(outcome, violations, logic, preserved, completion, target)


def reading_from(states: dict[tuple[int, int], tuple[str, float, dict]], rows: int, cols: int) -> BoardReading:
    return BoardReading([[states[(r, c)][0] for c in range(cols)] for r in range(rows)],
                        [[round(float(states[(r, c)][1]), 3) for c in range(cols)] for r in range(rows)],
                        [[states[(r, c)][2] for c in range(cols)] for r in range(rows)])


# ------------------------------------------------------------------------------------------ unexplained ink

NEW_INK_DIFF = 70  # answer this far (any channel, after the page's tint) outside the input's local range is new ink
NEW_INK_TOL = 0.06  # of a pitch (at least 0.5 % of the page): the input's range is taken this far around
# (registration, tilt, thicker lines)
STRAY_EXTENT = 0.12  # a new-ink component this long (of a pitch) where the move changed nothing is a stray mark ...
FAINT_EXTENT = 0.06  # ... from this long it is unsure (its nearest cell goes to review)
LIGHT_BAR = 0.5  # of NEW_INK_DIFF: new ink within this of the input's range under a fitted light field is light
# the faint tier (rubric 20): a broad change under NEW_INK_DIFF (a soft grey pencil shading, a smudge) is unsure
FAINT_FLOOR = 30.0  # levels (any channel, the page's tones matched) under the input's range, smoothed over ...
FAINT_SMOOTH = 0.05  # ... a median of this much of a pitch (grain, JPEG and 1-px edges go) ...
FAINT_SPREAD = 75  # percentile of the change below, on the board: the page's own spread ...
FAINT_NOISE = 2.5  # ... and this many times it (that smoothed change on the board, outside the ink already
# found and the accounted boxes: texture, grain, a photo's noise, a shadow over much of the board raise it)
FAINT_FLOOR_BOARDS = 22.0  # the floor on the games without a faint tier of their own (rubric 21,
# :func:`account_faint_ink`: the stone, disc, X/O and glyph boards, the knight route; their light sets at seed 1415
# identical at 20, but at 20 the drop shadows of redrawn pieces (AUDIT14: three planted-error Connect Four and
# Hex answers, 25 levels) were read; the puzzles keep 30: a bluish shadow's weak edge on Sokoban's and the
# sliding puzzle's floors)
FAINT_QUIET = 36.0  # a page whose bar comes out above this is not read by the faint tier
FAINT_AREA = 0.08  # of a pitch squared: a faint change this broad ...
FAINT_SPAN = 0.3  # ... and this long (of a pitch), not reaching past itself as light does, sends its nearest
# cell to review (never charged)


LIGHT_MARGIN = 0.3  # of a pitch: the light about a new-ink piece is fitted over its box grown by this ...
LIGHT_FIT = 20.0  # ... on the pixels a fit leaves within this of the answer (refitted; the rest is ink or edges) ...
LIGHT_AROUND = 0.9  # ... and it is light only where it explains this share of the window's other pixels too ...
LIGHT_SHARE = 0.9  # ... and this share of the piece's own (else the piece is kept whole)


def _light_window(a: np.ndarray, i: np.ndarray, lo: np.ndarray, hi: np.ndarray, member: np.ndarray,
                  ink: np.ndarray, bar: float, residual: bool = False, share: float = None) -> Any:
    """Fit ``a = alpha * i + beta`` (alpha, beta quadratic in x, y, one for the three channels) on one window,
    robustly (three rounds on the pixels within LIGHT_FIT); whether it explains LIGHT_SHARE of ``member`` and
    LIGHT_AROUND of the window's pixels that are no ``ink`` within ``bar`` of the input's range lo..hi mapped
    through it. With ``residual`` the residual map when it does (else None)."""
    h, w = a.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    xs, ys = (xx - w / 2) / max(w, h), (yy - h / 2) / max(w, h)
    basis = np.stack([np.ones_like(xs), xs, ys, xs * xs, xs * ys, ys * ys], axis=-1)
    around = ~ink & ~member
    keep = around | member
    res = None
    for _ in range(3):
        if keep.sum() < 24:
            break
        b = np.repeat(basis[keep], 3, axis=0)
        design = np.concatenate([b * i[keep].reshape(-1, 1), b], axis=1)
        coef = np.linalg.lstsq(design, a[keep].reshape(-1), rcond=None)[0]
        alpha, beta = (basis @ coef[:6])[..., None], (basis @ coef[6:])[..., None]
        low = np.minimum(alpha * lo, alpha * hi) + beta
        high = np.maximum(alpha * lo, alpha * hi) + beta
        res = _channel_max(np.maximum(np.maximum(low - a, a - high), 0))
        keep = res <= LIGHT_FIT
    ok = res is not None and around.any() and member.any() and (res[around] <= bar).mean() >= LIGHT_AROUND \
        and (res[member] <= bar).mean() >= (LIGHT_SHARE if share is None else share)
    if residual:
        return res if ok else None
    return ok


LIGHT_CHANGED = 20.0  # a pixel this far (any channel) outside the input's range, colours matched, is changed

LIGHT_REACH = 0.3  # light reaches past the change it makes: half a margin beyond it the page still shows at least
# this share of the light it shows on the change's rim (a pencil shading, a smudge or a soft grey stroke ends;
# :class:`_Reach`; measured on references: the audit's glare and hand shadow, also tinted, 0.35-2.2; grey
# shadings, smudges and soft strokes -0.23-0.25) ...
LIGHT_BAND = (0.5, 1.0)  # ... the band: this far off the change, in LIGHT_MARGIN pitches
LIGHT_BRIDGE = 0.2  # ... a change is continued across the input's edges this far (of a pitch) each side
LIGHT_RIM = 0.25  # ... against the share of the light shown on the change's own rim (at least this)
LIGHT_FLAT = 24.0  # the change is read where the input is flat (its local range within this, every channel) ...
LIGHT_SEEN = 10.0  # ... and on the band only where the piece's light would change it by this many levels
LIGHT_TARGETS = tuple(float(v) for v in range(0, 256, 15))  # the greys a light may blend towards (0: a shadow)


class _Reach:
    """The reach test of one crop (rubric 19): whether the change over a piece the light fit explains reaches
    past it, as light does.

    A lamp's glare or a hand's shadow is wider than the ink it lifts off the input's range, so beyond the
    change it makes the page is still changed the same way, a little less; a soft grey pencil shading, a
    smudge or a soft grey stroke ends: a little past it the page is as it was (both are blends towards a grey,
    alike in every channel, so the light fit alone cannot tell them apart). The change: the pixels changed by
    LIGHT_CHANGED (any channel outside the input's range, where the input is flat within LIGHT_FLAT), closed
    across the input's edges (LIGHT_BRIDGE pitch: an edge's own range hides a change there), connected to the
    piece. Its rim: its flat pixels within half a margin (LIGHT_MARGIN pitch) of its edge; the band: the flat
    pixels off the new ink between half a margin and a margin beyond it. The piece's change is read as the
    light that would make it, fitted on its flat pixels: a blend towards a grey (a glare: white, a shadow:
    black), or a glare or a shadow tinted channel by channel; of the lights that fit about as well (one colour
    under the piece fits many), the one that would change the band least. Each rim and band pixel shows a
    share of what that light would do to it where that is visible (LIGHT_SEEN levels: a glare leaves white
    paper white); the piece is light only if the band's share (90th percentile: light falling off to one side
    still changes the other) is at least LIGHT_REACH of the rim's (median, at least LIGHT_RIM). Where the band
    or the rim cannot show the light (too few visible pixels: the change fills the crop, the band is white
    under a glare), the fit alone decides, as in rubric 18."""

    def __init__(self, a: np.ndarray, i: np.ndarray, lo: np.ndarray, hi: np.ndarray, ink: np.ndarray,
                 pitch: float):
        import cv2

        self.a, self.i, self.ink = a, i, ink
        self.flat = _channel_max(hi - lo) <= LIGHT_FLAT
        changed = (_channel_max(np.maximum(np.maximum(lo - a, a - hi), 0)) > LIGHT_CHANGED) & self.flat
        # the input's edges cannot show a change (their range spans both sides): a change is closed across them
        k = 2 * max(2, int(round(LIGHT_BRIDGE * pitch))) + 1
        changed = cv2.morphologyEx(changed.astype(np.uint8), cv2.MORPH_CLOSE, np.ones((k, k), np.uint8)) > 0
        _, self.labels, self.stats, _ = cv2.connectedComponentsWithStats(changed.astype(np.uint8), connectivity=8)
        self.margin = max(3, int(round(LIGHT_MARGIN * pitch)))

    def __call__(self, member: np.ndarray, x0: int, y0: int, undecided: bool = True) -> bool:
        """``member``: the piece (bool) in the crop's window starting at ``x0, y0``; ``undecided``: the answer
        where the band or the rim cannot show the light (the light fit decides: True; the faint tier: False)."""
        import cv2

        ys, xs = np.nonzero(member)
        if not len(ys):
            return undecided
        H, W = self.labels.shape
        bx0, by0, bx1, by1 = xs.min() + x0, ys.min() + y0, xs.max() + x0 + 1, ys.max() + y0 + 1
        touching = np.unique(self.labels[ys + y0, xs + x0])
        for k in touching[touching > 0]:
            sx, sy, sw, sh = (int(v) for v in self.stats[k][:4])
            bx0, by0, bx1, by1 = min(bx0, sx), min(by0, sy), max(bx1, sx + sw), max(by1, sy + sh)
        g = self.margin
        wx0, wy0, wx1, wy1 = max(0, bx0 - g), max(0, by0 - g), min(W, bx1 + g), min(H, by1 + g)
        lab = self.labels[wy0:wy1, wx0:wx1]
        change = np.isin(lab, touching[touching > 0])
        change[ys + y0 - wy0, xs + x0 - wx0] = True
        away = cv2.distanceTransform((~change).astype(np.uint8), cv2.DIST_L2, 3)
        band = (away >= LIGHT_BAND[0] * g) & (away <= LIGHT_BAND[1] * g)
        band &= self.flat[wy0:wy1, wx0:wx1] & ~self.ink[wy0:wy1, wx0:wx1]
        piece = np.zeros(self.flat.shape, bool)
        piece[ys + y0, xs + x0] = True
        body = piece & self.flat if (piece & self.flat).sum() >= 8 else piece
        x, y = self.i[body], self.a[body] - self.i[body]
        ib_band = self.i[wy0:wy1, wx0:wx1][band]
        fits = []
        for target in LIGHT_TARGETS:  # a blend towards a grey, every channel alike
            d = target - x
            t = float((y * d).sum() / max(1e-6, float((d * d).sum())))
            if t > 0:
                fits.append((t * (target - x), lambda ib, t=t, target=target: t * (target - ib)))
        # a tinted light: a glare towards white or a shadow towards black by its own share in each channel
        t = np.clip((y * (255 - x)).sum(axis=0) / np.maximum(1e-6, ((255 - x) ** 2).sum(axis=0)), 0, None)
        fits.append((t * (255 - x), lambda ib, t=t: t * (255 - ib)))
        t = np.clip(-(y * x).sum(axis=0) / np.maximum(1e-6, (x * x).sum(axis=0)), 0, None)
        fits.append((-t * x, lambda ib, t=t: -t * ib))
        errors = [float(np.sqrt(np.mean((y - fitted) ** 2))) for fitted, _ in fits]
        best = min(errors)
        # of the lights that fit the piece about as well (one colour under it fits many), the one that would
        # change the band least
        lights = sorted((f[1] for f, e in zip(fits, errors) if e <= 1.1 * best + 2.0),
                        key=lambda f: float(np.abs(f(ib_band)).mean()) if len(ib_band) else 0.0)
        rim = (away == 0) & (cv2.distanceTransform(change.astype(np.uint8), cv2.DIST_L2, 3) <= LIGHT_BAND[0] * g)
        rim &= self.flat[wy0:wy1, wx0:wx1] & ~self.ink[wy0:wy1, wx0:wx1]

        def share(light: Callable[[np.ndarray], np.ndarray], where: np.ndarray) -> tuple[np.ndarray, int]:
            """Per visible pixel, how much of the piece's light the page shows there."""
            ib = self.i[wy0:wy1, wx0:wx1][where]
            expected = light(ib)
            seen = (self.a[wy0:wy1, wx0:wx1][where] - ib) * np.sign(expected)
            visible = np.abs(expected) >= LIGHT_SEEN
            return seen[visible] / np.abs(expected[visible]), int(visible.sum())

        # the light fitting about as well that would change the band least; where it cannot be seen there, the
        # faint tier (``undecided`` False) asks the next ones that fit as well (a grey shading over a light
        # chess square fits a blend towards the dark squares' grey, unseen on them, and a shadow, seen there)
        for light in (lights if not undecided else lights[:1]):
            outer, n_outer = share(light, band)
            inner, n_inner = share(light, rim)
            if n_outer < 24 or n_inner < 24:
                continue
            # how much of the change at the change's own edge is left half a margin further on
            reach = float(np.percentile(outer, 90)) / max(LIGHT_RIM, float(np.median(inner)))
            return reach >= LIGHT_REACH
        return undecided


def light_explained(answer: np.ndarray, input_image: np.ndarray, lo: np.ndarray, hi: np.ndarray,
                    pieces: np.ndarray, pitch: float, bar: float, ink: np.ndarray | None = None,
                    share: float = None, residual: np.ndarray | None = None) -> np.ndarray:
    """The pixels of ``pieces`` (bool: new ink, all arrays one crop, float RGB) that light explains (rubric 18):
    a lamp's glare or a hand's shadow changes a page smoothly and alike in every channel (after the page's own
    tint is matched), ``answer = alpha(x, y) * input + beta(x, y)`` with ``alpha`` and ``beta`` quadratic in
    x, y and the same for the three channels; ink is sharp and coloured. About each piece of ``pieces`` the
    two fields are fitted on its box grown by LIGHT_MARGIN pitch (least squares on the pixels within LIGHT_FIT,
    three rounds), the input's range ``lo``..``hi`` mapped through them; a piece's pixels within ``bar`` of that
    range are light, when the fit also explains LIGHT_AROUND of the window's pixels that are no ink (``ink``:
    all the new ink, the route or the move included; default ``pieces``), so a filled cell or a broad smudge is
    not light about it, and LIGHT_SHARE of the piece itself (a mark whose blurred rim alone fits is kept
    whole; ``share`` overrides LIGHT_SHARE: 0 takes every pixel the light explains, as the knight route does
    before it follows its moves, whose strokes the light never explains). What light does not explain in a
    piece it mostly explains stays ink: a mark drawn in a glare is still seen, and judged by its own size.
    ``residual`` (float, the pieces' shape, filled with inf by the caller) receives the residual of every
    piece the light explains."""
    import cv2

    H, W = pieces.shape
    out = np.zeros((H, W), bool)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(pieces.astype(np.uint8), connectivity=8)
    margin = max(3, int(round(LIGHT_MARGIN * pitch)))
    reach = None
    for k in range(1, count):
        sx, sy, sw, sh, _ = (int(v) for v in stats[k])
        x0, y0, x1, y1 = max(0, sx - margin), max(0, sy - margin), min(W, sx + sw + margin), min(H, sy + sh + margin)
        member = labels[y0:y1, x0:x1] == k
        res = _light_window(answer[y0:y1, x0:x1], input_image[y0:y1, x0:x1], lo[y0:y1, x0:x1], hi[y0:y1, x0:x1],
                            member, (ink if ink is not None else pieces)[y0:y1, x0:x1], bar, residual=True,
                            share=LIGHT_SHARE if share is None else share)
        if res is not None:
            # light reaches past the change it makes; a shading or a smudge ends (rubric 19)
            reach = reach or _Reach(answer, input_image, lo, hi, ink if ink is not None else pieces, pitch)
            if not reach(member, x0, y0):
                continue
        if res is not None:
            out[y0:y1, x0:x1] |= member & (res <= bar)
            if residual is not None:  # what the light leaves of the piece, and by how much
                residual[y0:y1, x0:x1][member] = res[member]
    return out


def light_marks(marks: Sequence[dict[str, Any]], answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any]
                ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """``(ink, light)``: the ``marks`` (dicts with a page ``box``) split into those light does not explain and
    those it does (rubric 18; :func:`light_explained`). In each mark's box the pixels outside the input's
    range (the input's colours matched to the answer's per channel over the board, the knight route's
    ``matched_colours``; registration slack of NEW_INK_TOL pitch) by LIGHT_CHANGED are the mark's; it is
    light when the fitted light explains LIGHT_SHARE of them and LIGHT_AROUND of the rest of its window (its
    changed pixels included: a glare changes the whole window), each within LIGHT_CHANGED."""
    import cv2

    from genpuzzle.verifiers.board_game.knight_route import matched_colours

    if not marks:
        return [], []
    pitch = float(layout["cell_px"])
    H, W = answer.shape[:2]
    m = matched_colours(input_image, answer, layout).astype(np.float32)
    a = answer[:, :, :3].astype(np.float32)
    tol = max(2, int(round(0.5 * NEW_INK_TOL * pitch)))
    k = np.ones((2 * tol + 1, 2 * tol + 1), np.uint8)
    lo, hi = cv2.erode(m, k), cv2.dilate(m, k)
    changed = _channel_max(np.maximum(np.maximum(lo - a, a - hi), 0)) > LIGHT_CHANGED
    keep, light = [], []
    margin = max(3, int(round(LIGHT_MARGIN * pitch)))
    reach = None
    for mark in marks:
        x0, y0, x1, y1 = (min(max(0, int(round(v))), n) for v, n in zip(mark["box"], (W, H, W, H)))
        wx0, wy0, wx1, wy1 = max(0, x0 - margin), max(0, y0 - margin), min(W, x1 + margin), min(H, y1 + margin)
        # the box's changed pixels as one piece (a mark's strokes need not touch)
        member = np.zeros((wy1 - wy0, wx1 - wx0), bool)
        member[y0 - wy0:y1 - wy0, x0 - wx0:x1 - wx0] = changed[y0:y1, x0:x1]
        explained = member.any() and _light_window(a[wy0:wy1, wx0:wx1], m[wy0:wy1, wx0:wx1], lo[wy0:wy1, wx0:wx1],
                                                   hi[wy0:wy1, wx0:wx1], member, member, LIGHT_CHANGED)
        if explained:  # light reaches past the change it makes; a shading or a smudge ends (rubric 19)
            reach = reach or _Reach(a, m, lo, hi, np.zeros(changed.shape, bool), pitch)
            explained = reach(member, wx0, wy0)
        (light if explained else keep).append(mark)
    return keep, light


TONE_QUANTILES = (5, 10, 25, 50, 75, 90, 95)  # matched per channel; a mark is far under 5 % of the board
TONE_SLOPE = (0.6, 3.0)  # a page's contrast may be lowered (a washed-out photo) or raised this much


def _tone_matched(answer: np.ndarray, input_image: np.ndarray) -> np.ndarray:
    """``answer`` (float RGB) mapped per channel by the affine map that best carries its quantiles onto the
    input's: the page's tint and brightness (a gain) and a lowered or raised contrast, which moves the
    board's dark drawing (a tower's base, a wall's edge) far outside the input's range."""
    qa = np.percentile(answer.reshape(-1, 3), TONE_QUANTILES, axis=0)
    qi = np.percentile(input_image.reshape(-1, 3), TONE_QUANTILES, axis=0)
    out = np.empty_like(answer)
    for k in range(3):
        slope, offset = np.polyfit(qa[:, k], qi[:, k], 1) if np.ptp(qa[:, k]) >= 8 else (1.0, 0.0)
        if not TONE_SLOPE[0] <= slope <= TONE_SLOPE[1]:
            slope = float(np.clip(slope, *TONE_SLOPE))
            offset = float(np.median(qi[:, k] - slope * qa[:, k]))
        out[..., k] = answer[..., k] * slope + offset
    return out


def _channel_max(x: np.ndarray) -> np.ndarray:
    """``x.max(axis=2)`` of an RGB array, channel by channel (numpy reduces a 3-long last axis slowly)."""
    return np.maximum(np.maximum(x[..., 0], x[..., 1]), x[..., 2])


def new_ink_components(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any],
                       explained: Sequence[Sequence[float]], tight: Sequence[Sequence[float]] = (),
                       moved: Sequence[Sequence[float]] = (), annotated: Sequence[Sequence[float]] = (),
                       faint: bool = False, faint_only: bool = False) -> list[dict[str, Any]]:
    """Components of ink the answer adds on the board outside the ``explained`` boxes (cells the move
    changed): answer pixels that are ink (far from the page's paper) and, after matching the page's tint,
    more than NEW_INK_DIFF outside the input's own per-channel range within NEW_INK_TOL of a pitch (so
    JPEG, tint, a few pixels of tilt and thicker lines stay inside). Inside the ``tight`` boxes (kept pieces
    the page reproduces) the range is taken within TIGHT_TOL px of the input's drawing aligned on the
    box, so a mark joined to a piece's ink shows whole, not only where it reaches NEW_INK_TOL beyond it.
    In each ``moved`` box (a cell the move changed, explained or not) the new ink apart from the cell's
    largest piece of it (the piece the move drew) by more than MOVE_GAP of a pitch is listed too, marked
    ``on_move`` (a dot or a note beside the placed piece). New ink continuous (before the ``explained`` boxes are
    taken out) with new ink in an ``annotated`` box (a cell the move changed) annotates the move and is left out
    (an arrow drawn over the pieces to the move). ``[{box, extent, area, contrast}]``, extent and area in
    pitches. With ``faint`` the broad changes under NEW_INK_DIFF that no light explains are listed too, marked
    ``faint`` (:func:`_faint_components`, rubric 20). With ``faint_only`` only those are listed (rubric 21: the
    games whose own ink checks have no faint tier, :func:`account_faint_ink`); the light model is not run
    then, so all the ink over NEW_INK_DIFF, lit or not, stays out of the faint tier's reading."""
    import cv2

    pitch = float(layout["cell_px"])
    H, W = answer.shape[:2]
    # registration leaves a few pixels of error that grow with the page, not with the pitch
    tol = max(2, int(round(max(NEW_INK_TOL * pitch, 0.005 * max(H, W)))))
    bx0, by0, bx1, by1 = (int(round(v)) for v in layout["board_bbox"])
    # the input's range is taken on a margin around the board too (its outer lines may move by tol)
    x0, y0, x1, y1 = max(0, bx0 - tol), max(0, by0 - tol), min(W, bx1 + tol), min(H, by1 + tol)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return []
    a = answer[y0:y1, x0:x1, :3].astype(np.float32)
    i = input_image[y0:y1, x0:x1, :3].astype(np.float32)
    lum = i @ np.array([0.299, 0.587, 0.114], np.float32)
    paper = np.median(i[lum >= np.percentile(lum, 60)], axis=0)
    kernel = np.ones((2 * tol + 1, 2 * tol + 1), np.uint8)
    lo = np.stack([cv2.erode(np.ascontiguousarray(i[..., k]), kernel) for k in range(3)], axis=2)
    hi = np.stack([cv2.dilate(np.ascontiguousarray(i[..., k]), kernel) for k in range(3)], axis=2)
    inside = np.zeros(a.shape[:2], bool)
    inside[max(0, by0 - y0):max(0, by1 - y0), max(0, bx0 - x0):max(0, bx1 - x0)] = True
    # two models of the page's tones: a gain (tint, brightness; pieces redrawn in other colours keep it) and
    # an affine map of the quantiles (a washed-out or contrasty photo); the one leaving less ink unexplained
    # is the page's -- an added mark is unexplained under both
    top_a = np.maximum(1.0, np.percentile(a.reshape(-1, 3), 95, axis=0))
    gain = np.clip(np.percentile(i.reshape(-1, 3), 95, axis=0) / top_a, 0.6, 1.6)
    new = None
    for mapped in (a * gain, _tone_matched(a, i)):
        mapped = np.clip(mapped, 0, 255)
        outside = _channel_max(np.maximum(lo - mapped, mapped - hi))
        candidate = (outside >= NEW_INK_DIFF) & (_channel_max(np.abs(mapped - paper)) > 60) & inside
        if new is None or candidate.sum() < new.sum():
            new, kept_outside, kept_mapped = candidate, outside, mapped
    outside = kept_outside
    for tight_new, tight_outside, (tx0, ty0, tx1, ty1) in _tight_checks(kept_mapped, i, tight, x0, y0, tol, pitch):
        # inside a reproduced piece the comparison with its own drawing, colours refitted on it, decides: a page
        # that shades its stones a little lighter moves their bodies off the board-wide tone map
        new[ty0:ty1, tx0:tx1] = tight_new
        outside[ty0:ty1, tx0:tx1] = tight_outside
    out = []
    opened = cv2.morphologyEx(new.astype(np.uint8), cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    if faint_only:
        every = opened > 0
        return _faint_components(kept_mapped, i, lo, hi, outside, every, every, explained, None, inside,
                                 x0, y0, tol, pitch, FAINT_FLOOR_BOARDS, boards=True)
    for box in moved:
        out += _apart_from_the_piece(opened, outside, box, x0, y0, pitch)
    annotation = None
    if len(annotated):
        _, strokes = cv2.connectedComponents(opened, connectivity=8)
        touching = set()
        for bx0, by0, bx1, by1 in annotated:
            part = strokes[max(0, int(by0) - y0 - tol):max(0, int(by1) - y0 + tol),
                           max(0, int(bx0) - x0 - tol):max(0, int(bx1) - x0 + tol)]
            touching |= set(np.unique(part[part > 0]).tolist())
        annotation = np.isin(strokes, sorted(touching)) if touching else None
    every = opened > 0  # all the new ink, the move's included
    for bx0, by0, bx1, by1 in explained:
        new[max(0, int(by0) - y0 - tol):max(0, int(by1) - y0 + tol),
            max(0, int(bx0) - x0 - tol):max(0, int(bx1) - x0 + tol)] = False
    new = cv2.morphologyEx(new.astype(np.uint8), cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(new, connectivity=8)
    big = np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]) >= FAINT_EXTENT * pitch
    big[0] = False
    if big.any():
        # a lamp's glare or a hand's shadow over the board is light, not ink (rubric 18)
        light = light_explained(kept_mapped, i, lo, hi, big[labels], pitch, LIGHT_BAR * NEW_INK_DIFF, every)
        if light.any():
            new = (new > 0) & ~light
            outside = np.where(light, 0.0, outside)
            count, labels, stats, _ = cv2.connectedComponentsWithStats(new.astype(np.uint8), connectivity=8)
    for k in range(1, count):
        sx, sy, sw, sh, area = (int(v) for v in stats[k])
        extent = max(sw, sh) / pitch
        if extent < FAINT_EXTENT:
            continue
        member = labels == k
        if annotation is not None and annotation[member].any():
            continue
        ys, xs = np.nonzero(member)
        spread = np.linalg.eigh(np.cov(np.stack([xs, ys]).astype(np.float64)))  # ascending eigenvalues
        dx, dy = spread[1][0, 1], spread[1][1, 1]  # the principal axis
        off = np.abs((xs - xs.mean()) * dy - (ys - ys.mean()) * dx)
        crop = np.pad(member[sy:sy + sh, sx:sx + sw].astype(np.uint8), 1)
        half_width = float(cv2.distanceTransform(crop, cv2.DIST_L2, 3).max())
        out.append({"box": [sx + x0, sy + y0, sx + sw + x0, sy + sh + y0], "extent": round(extent, 3),
                    "area": round(area / pitch ** 2, 4), "contrast": round(float(outside[member].mean()), 1),
                    "axis": [round(float(xs.mean()) + x0, 1), round(float(ys.mean()) + y0, 1), round(float(dx), 3),
                             round(float(dy), 3)],
                    # how far the ink strays from its axis against its half width: ~1 for a straight stroke
                    "bend": round(float(np.percentile(off, 95) / max(1.0, half_width)), 2)})
    if faint:
        out += _faint_components(kept_mapped, i, lo, hi, outside, every, new > 0, explained, annotation, inside,
                                 x0, y0, tol, pitch)
    return out


def _faint_components(mapped: np.ndarray, i: np.ndarray, lo: np.ndarray, hi: np.ndarray, outside: np.ndarray,
                      every: np.ndarray, new: np.ndarray, explained: Sequence[Sequence[float]],
                      annotation: np.ndarray | None, inside: np.ndarray, x0: int, y0: int, tol: int,
                      pitch: float, floor: float = FAINT_FLOOR, boards: bool = False) -> list[dict[str, Any]]:
    """The faint tier (rubric 20): a soft grey shading over a square, a smudge, a soft grey X changes white
    paper by ~40 levels, under NEW_INK_DIFF. The change ``outside`` the input's range (the page's tones
    matched) that darkens it, median-smoothed over FAINT_SMOOTH pitch, is read where it is no ink already found
    (grown by twice the registration slack) and in no accounted box; the page's own spread there (its
    FAINT_SPREAD percentile: texture, grain, JPEG) sets the bar with ``floor`` (FAINT_FLOOR on the puzzles,
    FAINT_FLOOR_BOARDS from :func:`account_faint_ink`; a page whose bar comes out above FAINT_QUIET is not
    read). A piece of it FAINT_AREA broad and FAINT_SPAN long that does not reach past itself as light does
    (rubric 19's reach test, :class:`_Reach`, alone) is listed ``faint`` (unsure, never charged). Since rubric
    21 a piece inside the board whose band or rim cannot show any light that fits it (a shaded light chess
    square among dark ones: the light changing the band least is a blend towards their grey; a change with no
    rim of its own) is not light; one running off the board's crop (a hand's shadow over its corner) is, as
    in rubric 19."""
    import cv2

    k = max(3, int(round(FAINT_SMOOTH * pitch)) | 1)
    # a pencil or a smudge darkens the page; a change that only lightens it is left to the light model (a glare
    # over coloured cells lifts their dark channel far more than the paper beside them, so it seems to end there)
    darker = np.where(outside > 0, _channel_max(lo - mapped), 0.0)
    smooth = cv2.medianBlur(np.clip(darker, 0, 255).astype(np.uint8), min(k, 5))
    if k > 5:
        smooth = cv2.blur(smooth, (k, k))
    free = inside.copy()
    grow = np.ones((4 * tol + 1, 4 * tol + 1), np.uint8)
    free &= cv2.dilate((every | new).astype(np.uint8), grow) == 0
    for bx0, by0, bx1, by1 in explained:
        free[max(0, int(by0) - y0 - tol):max(0, int(by1) - y0 + tol),
             max(0, int(bx0) - x0 - tol):max(0, int(bx1) - x0 + tol)] = False
    if annotation is not None:
        free &= cv2.dilate(annotation.astype(np.uint8), grow) == 0
    if free.sum() < pitch * pitch:
        return []
    bar = max(floor, FAINT_NOISE * float(np.percentile(smooth[free], FAINT_SPREAD)))
    if bar > FAINT_QUIET:
        return []  # the page's own broad change (a shadow, texture) is as strong as a soft mark: not read
    cand = cv2.morphologyEx(((smooth >= bar) & free).astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(cand, connectivity=8)
    broad = (stats[:, cv2.CC_STAT_AREA] >= FAINT_AREA * pitch ** 2) & (
        np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]) >= FAINT_SPAN * pitch)
    broad[0] = False
    if not broad.any():
        return []
    pieces = broad[labels]
    reach = _Reach(mapped, i, lo, hi, pieces | every, pitch)
    out = []
    for k in np.nonzero(broad)[0]:
        member = labels == k
        sx, sy, sw, sh = (int(v) for v in stats[k][:4])
        # where the band or the rim cannot show the light, a piece inside the board is unsure (not light); one
        # running off the board's crop (a hand's shadow over its corner) is the light fit's, as in rubric 19
        edge = sx <= tol or sy <= tol or sx + sw >= member.shape[1] - tol or sy + sh >= member.shape[0] - tol
        if reach(member, 0, 0, undecided=edge or not boards):
            # light, tinted or not, reaches past the change it makes (rubric 19's test; the light fit itself is
            # one field for the three channels, and under a faint change it would explain a shading as well)
            continue
        area = int(member.sum())
        if area < FAINT_AREA * pitch ** 2:
            continue
        ys, xs = np.nonzero(member)
        sx, sy, sx1, sy1 = int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1
        extent = max(sx1 - sx, sy1 - sy) / pitch
        if extent < FAINT_SPAN:
            continue
        out.append({"box": [sx + x0, sy + y0, sx1 + x0, sy1 + y0], "extent": round(extent, 3),
                    "area": round(area / pitch ** 2, 4), "contrast": round(float(outside[member].mean()), 1),
                    "axis": [round(float(xs.mean()) + x0, 1), round(float(ys.mean()) + y0, 1), 1.0, 0.0],
                    "bend": 99.0, "faint": True, "bar": round(bar, 1)})
    return out


TIGHT_TOL = 1  # px: in a kept piece the page reproduces, the input's drawing (aligned on the piece) explains this far
# (at least: see TIGHT_STEPS)
TIGHT_INSET = 0.08  # of a pitch: the tight check leaves out this much of the cell's edge (grid lines, a neighbour's ink)


def _tight_new_ink(mapped: np.ndarray, i: np.ndarray, box: Sequence[float], x0: int, y0: int,
                   tol: int, pitch: float, reach: int = TIGHT_TOL
                   ) -> tuple[np.ndarray | None, np.ndarray | None, tuple[int, int, int, int]]:
    """New ink inside one ``box`` (page coordinates; ``mapped`` and ``i`` are crops starting at x0, y0) against
    the input's drawing of the box shifted by its best fit within ``tol`` px and widened by ``reach`` px:
    ``(new, outside, crop box)``, or None when the box is too small or at the crop's edge."""
    import cv2

    inset = TIGHT_INSET * pitch
    bx0, by0 = int(round(box[0] + inset)) - x0, int(round(box[1] + inset)) - y0
    bx1, by1 = int(round(box[2] - inset)) - x0, int(round(box[3] - inset)) - y0
    h, w = i.shape[:2]
    m = tol + reach
    if bx1 - bx0 < 8 or by1 - by0 < 8 or bx0 - m < 0 or by0 - m < 0 or bx1 + m > w or by1 + m > h:
        return None, None, (0, 0, 0, 0)
    weights = np.array([0.299, 0.587, 0.114], np.float32)
    template = np.ascontiguousarray(i[by0:by1, bx0:bx1] @ weights)
    search = np.ascontiguousarray(mapped[by0 - tol:by1 + tol, bx0 - tol:bx1 + tol].astype(np.float32) @ weights)
    fit = cv2.matchTemplate(search, template, cv2.TM_SQDIFF)
    v, u = np.unravel_index(int(np.argmin(fit)), fit.shape)
    dx, dy = int(u) - tol, int(v) - tol  # the answer's drawing sits (dx, dy) off the input's
    # answer pixels [by0, by1) x [bx0, bx1) seen against the input's pixels shifted back by (dx, dy)
    ay0, ay1, ax0, ax1 = by0 + dy, by1 + dy, bx0 + dx, bx1 + dx
    src = i[by0 - reach:by1 + reach, bx0 - reach:bx1 + reach]
    kernel = np.ones((2 * reach + 1, 2 * reach + 1), np.uint8)
    lo = np.stack([cv2.erode(np.ascontiguousarray(src[..., k]), kernel) for k in range(3)], axis=2)
    hi = np.stack([cv2.dilate(np.ascontiguousarray(src[..., k]), kernel) for k in range(3)], axis=2)
    lo, hi = lo[reach:-reach, reach:-reach], hi[reach:-reach, reach:-reach]
    a = mapped[ay0:ay1, ax0:ax1].copy()
    # the page's tones are matched on the whole board; a piece's own ink may still sit a little off the
    # input's (a digit redrawn in another blue): each channel is refitted on the piece's aligned pixels
    was = i[by0:by1, bx0:bx1]
    for k in range(3):
        if np.ptp(was[..., k]) >= 8 and np.ptp(a[..., k]) >= 8:
            slope, offset = np.polyfit(a[..., k].ravel(), was[..., k].ravel(), 1)
            if TONE_SLOPE[0] <= slope <= TONE_SLOPE[1]:
                a[..., k] = a[..., k] * slope + offset
    outside = _channel_max(np.maximum(lo - a, a - hi))
    # no test against the page's paper here: a light mark on a dark board (connect four's frame) is ink too
    return outside >= NEW_INK_DIFF, outside, (ax0, ay0, ax1, ay1)


MOVE_GAP = 0.04  # of a pitch: new ink in a changed cell this far from the cell's largest piece of it is apart


def _apart_from_the_piece(opened: np.ndarray, outside: np.ndarray, box: Sequence[float], x0: int, y0: int,
                          pitch: float) -> list[dict[str, Any]]:
    """The pieces of new ink (``opened``, crop coordinates from x0, y0) inside a changed cell's ``box`` (less
    TIGHT_INSET of its edge: grid lines) apart from the cell's largest piece by more than MOVE_GAP pitch and at
    least FAINT_EXTENT long, whose centre lies outside the largest piece's convex hull, as components marked
    ``on_move``."""
    import cv2

    inset = TIGHT_INSET * pitch
    bx0, by0 = max(0, int(round(box[0] + inset)) - x0), max(0, int(round(box[1] + inset)) - y0)
    bx1, by1 = min(opened.shape[1], int(round(box[2] - inset)) - x0), min(opened.shape[0], int(round(box[3] - inset)) - y0)
    if bx1 - bx0 < 4 or by1 - by0 < 4:
        return []
    count, labels, stats, _ = cv2.connectedComponentsWithStats(np.ascontiguousarray(opened[by0:by1, bx0:bx1]),
                                                               connectivity=8)
    if count < 3:
        return []
    # the piece is found on fainter new ink (half the threshold): on a washed-out page its thin parts (a queen's
    # stalks) fall under the threshold and its crown's balls would stand apart
    faint = (outside[by0:by1, bx0:bx1] >= NEW_INK_DIFF / 2).astype(np.uint8) | opened[by0:by1, bx0:bx1]
    _, groups = cv2.connectedComponents(np.ascontiguousarray(faint), connectivity=8)
    largest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    piece = groups == groups[labels == largest][0]
    labels = np.where(piece & (labels > 0), largest, labels)
    main = largest
    ys, xs = np.nonzero(labels == main)
    hull = cv2.convexHull(np.stack([xs, ys], axis=1).astype(np.int32))
    to_main = cv2.distanceTransform((labels != main).astype(np.uint8), cv2.DIST_L2, 3)
    out = []
    for k in range(1, count):
        sx, sy, sw, sh, area = (int(v) for v in stats[k])
        if k == main or max(sw, sh) / pitch < FAINT_EXTENT:
            continue
        member = labels == k
        ys, xs = np.nonzero(member)
        if not len(ys):
            continue  # a part of the piece (joined to it on fainter ink)
        if cv2.pointPolygonTest(hull, (float(xs.mean()), float(ys.mean())), False) >= 0:
            continue  # within the piece's outline: a part of its drawing (a fill inside a ring)
        if float(to_main[member].min()) <= MOVE_GAP * pitch:
            continue
        out.append({"box": [sx + bx0 + x0, sy + by0 + y0, sx + sw + bx0 + x0, sy + sh + by0 + y0],
                    "extent": round(max(sw, sh) / pitch, 3), "area": round(area / pitch ** 2, 4),
                    "contrast": round(float(outside[by0:by1, bx0:bx1][member].mean()), 1), "on_move": True})
    return out


TIGHT_STEPS = (1, 2, 3)  # px: the explaining distance tried in turn ...
TIGHT_PAGE_SHARE_MARKED = 0.5  # ... until no more than this share of the pieces shows new ink (a mark is on one
# or a few pieces; new ink on most of them is the page's heavier drawing: lines 3 px bolder through go stones' cells)


def _tight_checks(mapped: np.ndarray, i: np.ndarray, boxes: Sequence[Sequence[float]], x0: int, y0: int, tol: int,
                  pitch: float) -> list[tuple[np.ndarray, np.ndarray, tuple[int, int, int, int]]]:
    """:func:`_tight_new_ink` over ``boxes`` at the least explaining distance of TIGHT_STEPS at which at most
    TIGHT_PAGE_SHARE_MARKED of the boxes (of two or more) show new ink after a 2x2 opening; none when even
    the largest leaves more (the page draws its pieces otherwise)."""
    import cv2

    for step in TIGHT_STEPS:
        checks = [c for c in (_tight_new_ink(mapped, i, b, x0, y0, tol, pitch, step) for b in boxes) if c[0] is not None]
        if len(checks) < 2:
            return checks
        marked = sum(bool(cv2.morphologyEx(c[0].astype(np.uint8), cv2.MORPH_OPEN, np.ones((2, 2), np.uint8)).any())
                     for c in checks)
        if marked <= TIGHT_PAGE_SHARE_MARKED * len(checks):
            return checks
    return []


TIGHT_PAGE_NCC = 0.9  # a kept piece correlating this well with the input's drawing ...
TIGHT_PAGE_SHARE = 0.75  # ... in this share of the others: the page reproduces the input's pieces
TIGHT_PIECE_NCC = 0.6  # a piece of such a page still correlating this well is checked tightly (a mark lowers it)


def _piece_ncc(answer: np.ndarray, input_image: np.ndarray, box: Sequence[float]) -> float:
    """The cell's correlation with the input's crop in ``box``, 0 when the piece's darkest fifth moved more than
    PIECE_RECOLOURED in a channel (the correlation is blind to colour: a queen redrawn in red)."""
    ncc = cell_unchanged(answer, input_image, box)
    a, i = _inner(answer, box, 0.0)[..., :3].reshape(-1, 3), _inner(input_image, box, 0.0)[..., :3].reshape(-1, 3)
    if len(a) and len(i) and np.abs(_ink_colour(a) - _ink_colour(i)).max() > PIECE_RECOLOURED:
        return 0.0
    return ncc


def reproduced_pieces(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any],
                      cells: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The ``cells`` (kept pieces checked for new ink) whose input drawing the page reproduces: the other
    ones correlate with the input's crop (``cell_unchanged`` >= TIGHT_PAGE_NCC in TIGHT_PAGE_SHARE of them; a
    piece alone, its own) and the piece's ink keeps its colour; the piece itself at least TIGHT_PIECE_NCC."""
    boxes = layout["cell_boxes"]
    ncc = {}
    for r, c in cells:
        ncc[(r, c)] = _piece_ncc(answer, input_image, _shrink(boxes[r][c], TIGHT_INSET))
    out = []
    for rc in cells:
        others = [ncc[o] for o in cells if o != rc]
        page = (sum(x >= TIGHT_PAGE_NCC for x in others) >= TIGHT_PAGE_SHARE * len(others)) if others \
            else ncc[rc] >= TIGHT_PAGE_NCC
        if page and ncc[rc] >= TIGHT_PIECE_NCC:
            out.append(rc)
    return out


def account_new_ink(reading: BoardReading, answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord,
                    explained: Callable[[int, int, bool], list[Sequence[float]]] | None = None,
                    restyled: Sequence[Sequence[float]] = (), move_annotations: bool = False,
                    placed_marks: bool = True) -> BoardReading:
    """``reading`` with the ink the move does not explain accounted for: ink added where the reading keeps
    the input's state (a tick, a scribble, a dot on a floor cell or beside a tower) is listed in
    ``notes["stray_marks"]`` (charged as ``stray_mark`` with its nearest cell), a short one sends its
    nearest cell to review. Left out is the ink the reading accounts for: ``explained(r, c, changed)``
    boxes (default: the box of a cell the reading changes or reads unsure; a game whose pieces fill only part
    of a cell and may be redrawn in other colours names its read pieces' boxes and, where the move changed a
    cell, the input's piece there), and ``restyled`` boxes of the board's own drawing that an answer may
    draw in its own way (a tower's pole with a knob on top). With ``move_annotations`` (a game whose answers
    may point at the move: an arrow, a line through three in a row) ink reaching a changed cell's box is
    sent to review, never charged; a cell already charged with a stray mark is not charged twice. Since rubric
    14 the kept pieces the page reproduces are checked to TIGHT_TOL px of their own drawing
    (:func:`reproduced_pieces`: a mark joined to a queen's outline or a wall), and, with ``placed_marks``
    (not on hanoi, 2048, the sliding puzzle), ink apart from the piece the move places in its cell sends the
    cell to review (:func:`_apart_from_the_piece`: a dot or a note beside it; a highlight is not charged)."""
    layout = record.layout
    position = parse_board(record.ground_truth["position"])
    rows, cols = layout["rows"], layout["cols"]
    boxes = layout["cell_boxes"]
    accounted = list(restyled)
    moved = []
    checked_pieces = []  # kept pieces whose cell is checked: marks joined to their drawing are looked for too
    for r in range(rows):
        for c in range(cols):
            changed = reading.states[r][c] != position[r][c]
            if changed:
                moved.append(boxes[r][c])
            if reading.states[r][c] == UNSURE:
                accounted.append(boxes[r][c])
                continue
            names = explained(r, c, changed) if explained is not None else ([boxes[r][c]] if changed else [])
            accounted += names
            if not changed and not names and position[r][c] != EMPTY:
                checked_pieces.append((r, c))
    tight = [boxes[r][c] for r, c in reproduced_pieces(answer, input_image, layout, checked_pieces)]
    charged = {tuple(m["rc"]) for m in reading.notes.get("stray_marks", [])}
    pitch = float(layout["cell_px"])
    reach = max(2, int(round(max(NEW_INK_TOL * pitch, 0.005 * max(answer.shape[:2]))))) + 2
    marks = []
    # the cells the move puts a piece on (a cell it empties shows the empty cell's drawing, in parts where
    # the input's piece covered it); a game drawing arrows at the move names that ink itself
    placed = [] if move_annotations or not placed_marks else [boxes[r][c] for r in range(rows) for c in range(cols)
                                          if reading.states[r][c] not in (position[r][c], UNSURE, EMPTY)]
    for comp in new_ink_components(answer, input_image, layout, accounted, tight, placed, faint=True):
        cx, cy = (comp["box"][0] + comp["box"][2]) / 2, (comp["box"][1] + comp["box"][3]) / 2
        r, c = min(((r, c) for r in range(rows) for c in range(cols)),
                   key=lambda rc: np.hypot((boxes[rc[0]][rc[1]][0] + boxes[rc[0]][rc[1]][2]) / 2 - cx,
                                           (boxes[rc[0]][rc[1]][1] + boxes[rc[0]][rc[1]][3]) / 2 - cy))
        if (r, c) in charged:
            continue
        x0, y0, x1, y1 = comp["box"]
        if move_annotations and any(_aimed_at(comp, b, pitch) for b in moved):
            continue  # a straight stroke aimed at the move (a line through three in a row): its annotation
        to_move = move_annotations and any(x0 <= b[2] + reach and x1 >= b[0] - reach and y0 <= b[3] + reach
                                           and y1 >= b[1] - reach for b in moved)
        if comp["extent"] >= STRAY_EXTENT and not to_move and not comp.get("on_move") and not comp.get("faint"):
            marks.append({"rc": [r, c], **comp})
        else:
            reading.confidence[r][c] = min(reading.confidence[r][c], 0.3)
            reading.evidence[r][c] = {**reading.evidence[r][c], "unexplained_ink": comp}
    if marks:
        reading.notes["stray_marks"] = reading.notes.get("stray_marks", []) + marks
    return reading


def account_faint_ink(reading: BoardReading, answer: np.ndarray, input_image: np.ndarray,
                      record: InstanceRecord) -> BoardReading:
    """``reading`` with the faint tier (rubric 20's :func:`_faint_components`) read on a game whose own ink
    checks have none (rubric 21: go, gomoku, othello, connect four, hex, tic-tac-toe (at a lower floor), the glyph
    boards, the knight route; :func:`base.verify_board` calls it unless the game's reader ran
    :func:`account_new_ink`, which reads it itself): a soft grey shading, smudge or stroke changing the page by
    less than the games' ink thresholds sends its nearest cell to review, never charged. Left out: the cells
    the reading changes or reads unsure and the cells of the kept pieces (a page may shade its stones, discs
    and glyphs in its own tones; the games' piece checks read them). A cell already charged with a stray mark
    is left."""
    layout = record.layout
    position = parse_board(record.ground_truth["position"])
    rows, cols, boxes = layout["rows"], layout["cols"], layout["cell_boxes"]
    explained, held = [], []
    for r in range(rows):
        for c in range(cols):
            state = reading.states[r][c]
            if state != position[r][c] or state in (UNSURE, UNKNOWN):
                explained.append(boxes[r][c])
            elif position[r][c] != EMPTY:
                held.append((r, c))
    # a kept piece is the game's own piece checks' (a page shades its stones, discs and glyphs in its own tones,
    # by about as much as a faint mark: gomoku's shaded white stones of the held-out style h_shaded_thick_tint)
    explained += [boxes[r][c] for r, c in held]
    charged = {tuple(m["rc"]) for m in reading.notes.get("stray_marks", [])}
    for comp in new_ink_components(answer, input_image, layout, explained, faint=True, faint_only=True):
        cx, cy = (comp["box"][0] + comp["box"][2]) / 2, (comp["box"][1] + comp["box"][3]) / 2
        r, c = min(((r, c) for r in range(rows) for c in range(cols)),
                   key=lambda rc: np.hypot((boxes[rc[0]][rc[1]][0] + boxes[rc[0]][rc[1]][2]) / 2 - cx,
                                           (boxes[rc[0]][rc[1]][1] + boxes[rc[0]][rc[1]][3]) / 2 - cy))
        if (r, c) in charged:
            continue
        reading.confidence[r][c] = min(reading.confidence[r][c], 0.3)
        if reading.evidence:
            reading.evidence[r][c] = {**(reading.evidence[r][c] or {}), "faint_ink": comp}
    return reading


AIMED_CELL = 0.5  # of a pitch: over a kept piece, a straight stroke whose line passes within a changed cell's box is
# aimed at the move (an arrow drawn from afar ends beside the cell's centre; over the board it is mostly inside
# the input's range, so it is seen only in parts)


def account_kept_piece_ink(reading: BoardReading, answer: np.ndarray, input_image: np.ndarray,
                           record: InstanceRecord) -> BoardReading:
    """``reading`` with new ink on and joined to the kept pieces the page reproduces (:func:`reproduced_pieces`)
    accounted for, as :func:`account_new_ink` does on the puzzles: a mark touching a stone's rim or a glyph's
    outline, or on the board about a piece inside its cell, spanning STRAY_EXTENT pitch is listed in
    ``notes["stray_marks"]`` (a shorter one is left); a straight stroke aimed at a cell the move
    changed, or ink reaching such a cell, annotates the move and is left (an arrow across the board, a frame).
    Every other cell is left to the game's own checks. For the two-player games (their readers check empty
    cells and the pieces' inner parts)."""
    layout = record.layout
    position = parse_board(record.ground_truth["position"])
    rows, cols, boxes = layout["rows"], layout["cols"], layout["cell_boxes"]
    kept = [(r, c) for r in range(rows) for c in range(cols)
            if position[r][c] != EMPTY and reading.states[r][c] == position[r][c]]
    tight = reproduced_pieces(answer, input_image, layout, kept)
    if not tight:
        return reading
    checked = set(tight)
    explained = [boxes[r][c] for r in range(rows) for c in range(cols) if (r, c) not in checked]
    moved = [boxes[r][c] for r in range(rows) for c in range(cols) if reading.states[r][c] != position[r][c]]
    reach = max(2, int(round(max(NEW_INK_TOL * float(layout["cell_px"]), 0.005 * max(answer.shape[:2]))))) + 2
    charged = {tuple(m["rc"]) for m in reading.notes.get("stray_marks", [])}
    marks = []
    for comp in new_ink_components(answer, input_image, layout, explained, [boxes[r][c] for r, c in tight],
                                   annotated=moved):
        x0, y0, x1, y1 = comp["box"]
        if any(_aimed_at(comp, b, float(layout["cell_px"]), AIMED_CELL) or (x0 <= b[2] + reach and x1 >= b[0] - reach and
                                                              y0 <= b[3] + reach and y1 >= b[1] - reach)
               for b in moved):
            continue  # the move's annotation, as the games' own checks take it: an arrow over a piece, a frame
        cx, cy = (comp["box"][0] + comp["box"][2]) / 2, (comp["box"][1] + comp["box"][3]) / 2
        r, c = min(tight, key=lambda rc: np.hypot((boxes[rc[0]][rc[1]][0] + boxes[rc[0]][rc[1]][2]) / 2 - cx,
                                                  (boxes[rc[0]][rc[1]][1] + boxes[rc[0]][rc[1]][3]) / 2 - cy))
        if (r, c) in charged:
            continue
        # a shorter piece is not sent to review here: over the board an arrow to the move is mostly inside the
        # input's range and shows only in short pieces over the kept stones it crosses
        if comp["extent"] >= STRAY_EXTENT:
            marks.append({"rc": [r, c], **comp})
    if marks:
        reading.notes["stray_marks"] = reading.notes.get("stray_marks", []) + marks
    return reading


AIMED_EXTENT = 0.15  # of a pitch: a stroke at least this long ...
AIMED_BEND = 1.5  # ... this straight (95 % of it this close to its axis, x its half width) whose line passes ...
AIMED_REACH = 0.35  # ... this close (of a pitch) to a changed cell's centre is aimed at the move


def _aimed_at(comp: dict[str, Any], target: Sequence[float], pitch: float, reach: float = AIMED_REACH) -> bool:
    """Whether a new-ink component is a straight stroke whose line (its principal axis) passes close to
    the centre of the ``target`` box (a line struck through three in a row, an arrow's shaft)."""
    if comp["extent"] < AIMED_EXTENT or comp["bend"] > AIMED_BEND:
        return False
    cx, cy, dx, dy = comp["axis"]
    tx, ty = (target[0] + target[2]) / 2, (target[1] + target[3]) / 2
    return abs(dx * (cy - ty) - dy * (cx - tx)) / max(1e-9, float(np.hypot(dx, dy))) <= reach * pitch


def pieces_accounted(record: InstanceRecord, reading: BoardReading, empty: Sequence[str] = (EMPTY,)
                     ) -> Callable[[int, int, bool], list[Sequence[float]]]:
    """``explained`` for :func:`account_new_ink` on a game whose pieces an answer may draw in its own way
    (pegs, numbered tiles): every cell holding a piece in the input or the answer is accounted for, so only
    cells empty in both are checked for new ink -- and, on a page that reproduces the input's pieces (3/4 of
    the kept pieces still correlate with the input's crop: ``unchanged_ncc`` >= 0.9 in the evidence), the
    kept pieces too. Whether the page reproduces them is asked of a kept piece's *other* kept pieces (a
    mark on one of two given queens must not make the page look redrawn), of its own crop when it is the
    only one."""
    position = parse_board(record.ground_truth["position"])
    boxes = record.layout["cell_boxes"]
    kept = [(r, c) for r, row in enumerate(position) for c, v in enumerate(row)
            if v not in empty and reading.states[r][c] == v]
    as_input = {rc: (reading.evidence[rc[0]][rc[1]] or {}).get("unchanged_ncc", 0.0) >= 0.9 for rc in kept}

    def reproduced(r: int, c: int) -> bool:
        others = [rc for rc in kept if rc != (r, c)]
        if not others:
            return as_input[(r, c)]
        return sum(as_input[rc] for rc in others) >= 0.75 * len(others)

    def explained(r: int, c: int, changed: bool) -> list[Sequence[float]]:
        if changed:
            return [boxes[r][c]]
        held = position[r][c] not in empty or reading.states[r][c] not in empty
        # a kept piece (unchanged cells holding one are the kept pieces)
        return [boxes[r][c]] if held and not reproduced(r, c) else []

    return explained


PIECE_RECOLOURED = 60  # a kept piece's ink colour moved this far (any channel) is the piece redrawn


def _ink_colour(pixels: np.ndarray) -> np.ndarray:
    """Median colour of the darkest fifth of ``pixels`` (N x 3)."""
    lum = pixels.astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32)
    return np.median(pixels[lum <= np.percentile(lum, 20)], axis=0).astype(np.float32)


def with_unchanged_ncc(reading: BoardReading, answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord,
                       cells: Sequence[tuple[int, int]], inset: float = 0.14) -> BoardReading:
    """``reading`` with ``unchanged_ncc`` (the cell's correlation with the input's crop) in the evidence of
    ``cells`` (the input's pieces that :func:`pieces_accounted` asks whether the page reproduces). The
    correlation is blind to colour: a piece whose darkest fifth moved more than PIECE_RECOLOURED in a channel
    (a queen redrawn in red) is not the input's drawing (0)."""
    boxes = record.layout["cell_boxes"]
    for r, c in cells:
        ncc = _piece_ncc(answer, input_image, _shrink(boxes[r][c], inset))
        reading.evidence[r][c] = {**(reading.evidence[r][c] or {}), "unchanged_ncc": round(ncc, 3)}
    return reading
