"""Sudoku verification: read the registered answer's grid, then check it against the rules.

:func:`read_grid` turns an image into digits (image -> state); :func:`check_grid` turns digits into
violations and subscores (state -> verdict). Scoring formula: ``data/rubrics/sudoku.json``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from genpuzzle.records import Violation
from genpuzzle.renderers.common import cell_box
from genpuzzle.solvers.sudoku import Board
from genpuzzle.verifiers import ocr
from genpuzzle.verifiers.digits import (CONFIDENT, SYMBOL_BLANK, SYMBOL_PENCIL, DigitReader, DigitReading,
                                        default_reader, ink_masks)

CELL_INSET = 0.12  # inset of the box compared with the input on the givens' fast path (lines stay out)
READ_INSET = 0.03  # inset of the box the reader sees: the whole cell, so a tall or off-centre digit
                   # stays whole; the reader drops the grid-line remnants at its edges itself
LETTER_CONFIDENCE = 0.5   # a sure digit cell the recogniser reads as a letter (ocr.letter_checks): unsure
# Page shape check (rubric 10, :func:`_page_shape_checks`): a sure 2, 6 or 9 whose glyph is unlike every other sure copy
# of that digit the same answer wrote, while those copies are alike, is unsure (a Z, b, g or q the classifier and the
# recogniser both read as the digit). Fitted on the tuning answer styles and the audit fonts' letters (docs/sudoku.md).
SHAPE_DIGITS = (2, 6, 9)  # the digits whose look-alike letters (Z; b; g, q) read to both readers as the digit
SHAPE_MIN_OTHERS = 2      # other sure copies of the digit needed (their own spread is the page's yardstick)
SHAPE_HEIGHT = 48         # px: each glyph scaled to this height for the comparison
SHAPE_FILLED_RATIO = 5.0  # nearest-copy distance of the glyph's ink over the copies' own largest one ...
SHAPE_FILLED_FLOOR = 0.0015  # ... that at least (fraction of SHAPE_HEIGHT: identical copies are no yardstick)
SHAPE_SKELETON_RATIO = 2.0   # and the same of the shear-normalised centre lines (stroke width and slant left out)
SHAPE_SKELETON_FLOOR = 0.008
GIVEN_MATCH_IOU = 0.8      # answer/input ink-mask IoU at which a given counts as untouched
GIVEN_MATCH_STRAY = 0.1    # ... and at most this fraction (of the input's ink) added or removed
                           # more than 1 px away from the other mask's strokes


@dataclass
class GridReading:
    """What each cell holds. ``digits``: the digit read (0 = no digit: blank, pencil marks or a
    non-digit symbol); ``symbols``: the open-set symbol ('1'..'9', '0', 'blank', 'other', 'pencil');
    ``confidence``: calibrated, after the OCR second opinion; ``candidates``: pencil-mark digits."""

    digits: list[list[int]]
    confidence: list[list[float]]
    given_matched: list[list[bool]] | None = None  # True: given taken as untouched (ink matched input)
    second_opinions: list[dict[str, Any]] = field(default_factory=list)  # cells also read by OCR
    second_opinion_note: str | None = None  # why unsure cells got no second opinion
    symbols: list[list[str]] | None = None
    candidates: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)

    @property
    def min_confidence(self) -> float:
        return min(min(row) for row in self.confidence)

    def unsure_cells(self, threshold: float = CONFIDENT) -> list[tuple[int, int]]:
        """Cells read below ``threshold``: unknown, to be charged as wrong and reviewed."""
        return [(r, c) for r, row in enumerate(self.confidence) for c, x in enumerate(row) if x < threshold]


def cell_crop_box(layout: dict[str, Any], r: int, c: int, inset: float = CELL_INSET) -> tuple[int, int, int, int]:
    """Integer pixel box of cell (r, c)'s interior, inset by ``inset`` of the cell on each side
    (the default keeps grid lines out; ``READ_INSET`` keeps the whole cell for the reader)."""
    x0, y0, x1, y1 = cell_box(layout, r, c)
    dx, dy = (x1 - x0) * inset, (y1 - y0) * inset
    return (round(x0 + dx), round(y0 + dy), round(x1 - dx), round(y1 - dy))


def given_ink_matches(answer_mask: np.ndarray, input_mask: np.ndarray) -> bool:
    """True when an answer cell's ink is the input cell's ink (same crop box): IoU >=
    GIVEN_MATCH_IOU and neither side has more than GIVEN_MATCH_STRAY (of the input's ink) of
    pixels farther than 1 px from the other's strokes -- so an added bar (1 -> 7) or an erased
    stroke is never waved through. A mismatch only means "classify this cell"."""
    if answer_mask.shape != input_mask.shape:
        return False
    return bool(_given_ink_matches_batch(answer_mask[None], input_mask[None])[0])


def _given_ink_matches_batch(answer: np.ndarray, given: np.ndarray) -> np.ndarray:
    """:func:`given_ink_matches` for (N, H, W) stacks of equal-size masks."""
    n, h, w = answer.shape
    n_input = np.count_nonzero(given, axis=(1, 2))
    inter = np.count_nonzero(answer & given, axis=(1, 2))
    union = np.count_nonzero(answer | given, axis=(1, 2))
    # Dilate all cells in one call, stacked with blank rows between them.
    stacked = np.zeros((2, n, h + 1, w), np.uint8)
    stacked[0, :, :h], stacked[1, :, :h] = given, answer
    near = cv2.dilate(stacked.reshape(-1, w), np.ones((3, 3), np.uint8)).reshape(2, n, h + 1, w)[:, :, :h] > 0
    stray = np.maximum(np.count_nonzero(answer & ~near[0], axis=(1, 2)),
                       np.count_nonzero(given & ~near[1], axis=(1, 2)))
    return (n_input > 0) & (inter >= GIVEN_MATCH_IOU * union) & (stray <= GIVEN_MATCH_STRAY * n_input)


def _pixels_equal(a: np.ndarray, b: np.ndarray) -> bool:
    """True when two crops hold the same pixels (shape included)."""
    return a.shape == b.shape and bool(np.array_equal(a, b))


def read_grid(image: np.ndarray, layout: dict[str, Any], reader: DigitReader | None = None,
              input_image: np.ndarray | None = None, givens: list[list[int]] | None = None,
              second_opinion: bool = True) -> GridReading:
    """Read every cell of the grid at ``layout.grid_bbox`` in ``image`` (RGB, input frame).

    With ``input_image`` (same frame) and ``givens``, a given cell whose ink still matches the
    input's (:func:`given_ink_matches`) is read as that given with confidence 1 without
    classification; any other given is classified like every other cell. With ``second_opinion``,
    cells the classifier scored below ``ocr.OCR_BELOW`` also go to the OCR recogniser when it is
    installed (:mod:`genpuzzle.verifiers.ocr`): agreeing with the classifier makes a cell sure,
    disagreeing leaves it unsure (see :func:`_second_opinions`). Cells are read as whole-cell crops
    (``READ_INSET``); the given fast path and OCR use the inner ``CELL_INSET`` crops."""
    reader = reader or default_reader()
    n_rows, n_cols = layout["rows"], layout["cols"]
    boxes = [cell_crop_box(layout, r, c) for r in range(n_rows) for c in range(n_cols)]
    crops = [image[y0:y1, x0:x1] for x0, y0, x1, y1 in boxes]
    allowed = list(range(1, max(n_rows, n_cols) + 1))
    digits = [[0] * n_cols for _ in range(n_rows)]
    symbols = [[SYMBOL_BLANK] * n_cols for _ in range(n_rows)]
    confidence = [[1.0] * n_cols for _ in range(n_rows)]
    matched = [[False] * n_cols for _ in range(n_rows)]
    todo = list(range(len(crops)))
    if input_image is not None and givens is not None and np.shape(input_image)[:2] == np.shape(image)[:2]:
        given_cells = [k for k in todo if givens[k // n_cols][k % n_cols]]
        input_crops = {k: input_image[boxes[k][1]:boxes[k][3], boxes[k][0]:boxes[k][2]] for k in given_cells}
        # Editors that paste the untouched pixels back (inpainting) leave givens bit-identical.
        unmatched = [k for k in given_cells if not _pixels_equal(crops[k], input_crops[k])]
        for k in set(given_cells) - set(unmatched):
            r, c = divmod(k, n_cols)
            digits[r][c], matched[r][c] = givens[r][c], True
        masks = ink_masks([crops[k] for k in unmatched] + [input_crops[k] for k in unmatched])
        g = len(unmatched)
        if g and len({m.shape for m in masks}) == 1:
            same = _given_ink_matches_batch(np.stack(masks[:g]), np.stack(masks[g:])).tolist()
        else:
            same = [given_ink_matches(masks[j], masks[g + j]) for j in range(g)]
        for j, k in enumerate(unmatched):
            if same[j]:
                r, c = divmod(k, n_cols)
                digits[r][c], matched[r][c] = givens[r][c], True
        todo = [k for k in todo if not matched[k // n_cols][k % n_cols]]
        for k in given_cells:
            r, c = divmod(k, n_cols)
            if matched[r][c]:
                symbols[r][c] = str(givens[r][c])
    read_boxes = [cell_crop_box(layout, *divmod(k, n_cols), inset=READ_INSET) for k in todo]
    read_crops = {k: image[y0:y1, x0:x1] for k, (x0, y0, x1, y1) in zip(todo, read_boxes)}
    readings = reader.read([read_crops[k] for k in todo], allowed=allowed)
    grid = GridReading(digits, confidence, matched if givens is not None and input_image is not None else None,
                       symbols=symbols)
    for k, cell in zip(todo, readings):
        r, c = divmod(k, n_cols)
        _set_cell(grid, r, c, cell)
    unsure = [(k, cell) for k, cell in zip(todo, readings) if cell.confidence < ocr.OCR_BELOW]
    if second_opinion and unsure:
        _second_opinions(grid, [(divmod(k, n_cols), crops[k], cell) for k, cell in unsure])  # OCR: inner crop, no lines
    if second_opinion and any(ocr.wants_letter_check(cell) for cell in readings) and ocr.ocr_available():
        _letter_checks(grid, [divmod(k, n_cols) for k in todo], [crops[k] for k in todo], readings)  # OCR: no lines
    if second_opinion:
        blank = [k for k in todo if givens is None or not givens[k // n_cols][k % n_cols]]
        _page_shape_checks(grid, [divmod(k, n_cols) for k in blank], [crops[k] for k in blank])
    return grid


def _thin(mask: np.ndarray) -> np.ndarray:
    """Zhang-Suen thinning of a bool mask to one-pixel centre lines."""
    img = np.pad(mask.astype(np.uint8), 1)
    while True:
        changed = False
        for step in (0, 1):
            p2, p3, p4, p5 = img[:-2, 1:-1], img[:-2, 2:], img[1:-1, 2:], img[2:, 2:]
            p6, p7, p8, p9 = img[2:, 1:-1], img[2:, :-2], img[1:-1, :-2], img[:-2, :-2]
            ring = (p2, p3, p4, p5, p6, p7, p8, p9, p2)
            count = sum(x.astype(np.int16) for x in ring[:8])
            turns = sum(((ring[i] == 0) & (ring[i + 1] == 1)).astype(np.int16) for i in range(8))
            if step == 0:
                gone = (p2 * p4 * p6 == 0) & (p4 * p6 * p8 == 0)
            else:
                gone = (p2 * p4 * p8 == 0) & (p2 * p6 * p8 == 0)
            drop = (img[1:-1, 1:-1] == 1) & (count >= 2) & (count <= 6) & (turns == 1) & gone
            if drop.any():
                img[1:-1, 1:-1][drop] = 0
                changed = True
        if not changed:
            return img[1:-1, 1:-1].astype(bool)


def _shape_glyph(mask: np.ndarray, deskew: bool) -> np.ndarray | None:
    """A cell's glyph (its largest piece of ink and the pieces near its box) scaled to ``SHAPE_HEIGHT``, top-aligned and
    centred on a fixed canvas (bool); ``deskew``: sheared upright by its second moments first. None: no glyph."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    if count <= 1:
        return None
    side = min(mask.shape)
    big = int(np.argmax(stats[1:, cv2.CC_STAT_AREA])) + 1
    bx, by, bw, bh = (int(v) for v in stats[big, :4])
    pad = 0.08 * side
    keep = np.isin(labels, [i for i in range(1, count) if stats[i, cv2.CC_STAT_AREA] >= 3
                            and stats[i, 0] + stats[i, 2] >= bx - pad and stats[i, 0] <= bx + bw + pad
                            and stats[i, 1] + stats[i, 3] >= by - pad and stats[i, 1] <= by + bh + pad]).astype(np.uint8)
    if deskew:
        ys, xs = np.nonzero(keep)
        cy, cx = ys.mean(), xs.mean()
        shear = ((ys - cy) * (xs - cx)).mean() / max(((ys - cy) ** 2).mean(), 1e-6)
        keep = cv2.warpAffine(keep, np.float32([[1, -shear, shear * cy + side * 0.25], [0, 1, 0]]),
                              (keep.shape[1] + side // 2, keep.shape[0]), flags=cv2.INTER_NEAREST)
    ys, xs = np.nonzero(keep)
    if not len(ys):
        return None
    glyph = keep[ys.min():ys.max() + 1, xs.min():xs.max() + 1].astype(np.float32)
    width = max(1, int(round(glyph.shape[1] * SHAPE_HEIGHT / glyph.shape[0])))
    out = np.zeros((SHAPE_HEIGHT + 20, 2 * SHAPE_HEIGHT + 20), bool)
    x0 = (out.shape[1] - width) // 2
    if x0 < 0:
        return None
    out[10:10 + SHAPE_HEIGHT, x0:x0 + width] = cv2.resize(glyph, (width, SHAPE_HEIGHT), interpolation=cv2.INTER_AREA) > 0.3
    return out


def _shape_distances(glyphs: list[np.ndarray]) -> np.ndarray:
    """Pairwise distances of glyph masks: the larger of the two mean distances from one's pixels to the other's, as a
    fraction of ``SHAPE_HEIGHT``."""
    fields = [cv2.distanceTransform((~g).astype(np.uint8), cv2.DIST_L2, 3) for g in glyphs]
    n = len(glyphs)
    out = np.zeros((n, n))
    for i in range(n):
        for j in range(i + 1, n):
            out[i, j] = out[j, i] = max(float(fields[j][glyphs[i]].mean()), float(fields[i][glyphs[j]].mean()))
    return out / SHAPE_HEIGHT


def _outliers(dist: np.ndarray, ratio: float, floor: float, among: list[int]) -> dict[int, tuple[float, float]]:
    """Members of ``among`` whose nearest other copy is farther than ``ratio`` x the others' own spread (the largest of
    their nearest-copy distances among themselves, at least ``floor``): {index: (distance, spread)}."""
    out = {}
    n = len(dist)
    for i in among:
        others = [j for j in range(n) if j != i]
        if len(others) < SHAPE_MIN_OTHERS:
            continue
        spread = max(min(dist[o, p] for p in others if p != o) for o in others)
        nearest = min(dist[i, j] for j in others)
        if nearest > ratio * max(spread, floor):
            out[i] = (float(nearest), float(spread))
    return out


def _page_shape_checks(reading: GridReading, cells: list[tuple[int, int]], crops: list[np.ndarray]) -> None:
    """A sure answer 2, 6 or 9 (``SHAPE_DIGITS``) whose glyph is unlike all the page's other sure answer copies of that
    digit, while they are alike, is unsure (review, charged): a look-alike letter (a Z for a 2, a b for a 6, a g or q
    for a 9) that the classifier and the recogniser both read as the digit, in a hand that writes the digit itself
    otherwise. The glyphs are compared at ``SHAPE_HEIGHT`` px (not the classifier's 28), twice: their ink as drawn
    (``SHAPE_FILLED_RATIO``), and their centre lines after shearing each upright (``SHAPE_SKELETON_RATIO``: a copy
    drawn thicker or slanted is no outlier); both must find the cell the outlier. ``cells`` and ``crops``: the answer
    cells (no givens) and their crops without grid lines. The check only ever lowers a confidence."""
    groups: dict[int, list[int]] = {}
    for i, (r, c) in enumerate(cells):
        if reading.digits[r][c] in SHAPE_DIGITS and reading.confidence[r][c] >= CONFIDENT:
            groups.setdefault(reading.digits[r][c], []).append(i)
    groups = {d: g for d, g in groups.items() if len(g) > SHAPE_MIN_OTHERS}
    if not groups:
        return
    masks = ink_masks([crops[i] for g in groups.values() for i in g])
    mask_of = dict(zip([i for g in groups.values() for i in g], masks))
    for digit, group in groups.items():
        filled = [(i, _shape_glyph(mask_of[i], False)) for i in group]
        filled = [(i, g) for i, g in filled if g is not None]
        if len(filled) <= SHAPE_MIN_OTHERS:
            continue
        first = _outliers(_shape_distances([g for _, g in filled]), SHAPE_FILLED_RATIO, SHAPE_FILLED_FLOOR,
                          list(range(len(filled))))
        if not first:
            continue
        lines = [_shape_glyph(mask_of[i], True) for i, _ in filled]
        if any(g is None for g in lines):
            continue
        second = _outliers(_shape_distances([_thin(g) for g in lines]), SHAPE_SKELETON_RATIO, SHAPE_SKELETON_FLOOR,
                           sorted(first))
        for k, (distance, spread) in second.items():
            r, c = cells[filled[k][0]]
            reading.second_opinions.append({"cell": [r, c], "classifier": str(digit),
                                            "classifier_confidence": round(reading.confidence[r][c], 3),
                                            "shape_outlier": True, "shape_distance": round(first[k][0], 4),
                                            "page_spread": round(first[k][1], 4),
                                            "centre_line_distance": round(distance, 4),
                                            "centre_line_spread": round(spread, 4), "agrees": False, "letter": True})
            reading.confidence[r][c] = min(reading.confidence[r][c], LETTER_CONFIDENCE)


def _letter_checks(reading: GridReading, cells: list[tuple[int, int]], crops: list[np.ndarray],
                   readings: list[DigitReading]) -> None:
    """Ask the OCR recogniser about the sure readings :func:`ocr.wants_letter_check` picks (a 2, 5, 6 or 9 read
    short of 0.99, or one the digit-or-not check doubts at all): a letter drawn where its digit belongs (a g or
    q for a 9, a Z for a 2, a b for a 6) reads to the digit classifier as that digit, and to the recogniser,
    which knows letters, as the letter. A cell :func:`ocr.page_letter_checks` finds a letter in is unsure (review,
    charged), never a sure digit; the check only ever lowers a confidence."""
    for i, got in ocr.page_letter_checks(crops, readings).items():
        if got.letter:
            (r, c), cell = cells[i], readings[i]
            reading.confidence[r][c] = min(reading.confidence[r][c], LETTER_CONFIDENCE)
            reading.second_opinions.append({"cell": [r, c], "classifier": cell.symbol,
                                            "classifier_confidence": round(cell.confidence, 3),
                                            "ocr_text": got.ocr.text, "ocr_score": round(got.ocr.score, 3),
                                            "letter_probability": round(got.letter_probability, 3),
                                            "page_alike": got.page_alike, "agrees": False, "letter": True})


def _set_cell(grid: GridReading, r: int, c: int, cell: DigitReading) -> None:
    grid.digits[r][c] = cell.digit or 0
    grid.confidence[r][c] = float(cell.confidence)
    if grid.symbols is not None:
        grid.symbols[r][c] = cell.symbol
    if cell.symbol == SYMBOL_PENCIL:
        grid.candidates[(r, c)] = cell.candidates


def _second_opinions(reading: GridReading, cells: list[tuple[tuple[int, int], np.ndarray, DigitReading]]) -> None:
    """Ask the OCR recogniser about unsure ``cells`` ((row, col), crop, classifier reading). Agreement
    (OCR reads exactly the classifier's digit at ``ocr.OCR_MIN_SCORE`` or more) makes the cell sure:
    its confidence becomes 1 - (1 - classifier) * (1 - OCR). Disagreement is uncertainty: the cell
    stays unsure (needs review), whatever either reader's confidence."""
    if len(cells) > ocr.MAX_OCR_CELLS:
        reading.second_opinion_note = (f"{len(cells)} unsure cells, more than {ocr.MAX_OCR_CELLS}: "
                                       "no clean grid to read, OCR not run")
        return
    if not ocr.ocr_available():
        reading.second_opinion_note = ocr.UNAVAILABLE
        return
    for (r, c), crop, cell in cells:
        got = ocr.read_cell(crop)
        agrees = cell.digit is not None and got.digit(range(10)) == cell.digit
        reading.second_opinions.append({"cell": [r, c], "classifier": cell.symbol,
                                        "classifier_confidence": round(cell.confidence, 3),
                                        "ocr_text": got.text, "ocr_score": round(got.score, 3), "agrees": agrees})
        if agrees:
            reading.confidence[r][c] = 1.0 - (1.0 - cell.confidence) * (1.0 - got.score)


def check_grid(givens: list[list[int]], solution: list[list[int]], read: list[list[int]],
               board: Board, layout: dict[str, Any] | None = None, symbols: list[list[str]] | None = None,
               unsure: set[tuple[int, int]] | None = None,
               candidates: dict[tuple[int, int], tuple[int, ...]] | None = None,
               ) -> tuple[list[Violation], dict[str, float]]:
    """Check a read grid against the puzzle: the rules GenPuzzle names, each break a named violation.

    ``symbols`` (open-set readings) turn a non-digit or a digit outside 1..n into ``invalid_symbol``
    (the cell holds no valid digit). ``unsure`` cells are unknown: no violation is claimed from them
    (nor from conflicts they would take part in), and they are charged as not correct in the subscores,
    so the score is what the answer earns if every unsure reading is wrong. ``candidates`` (pencil
    marks) are named in the ``blank_unfilled`` evidence.

    Subscores: ``given_preservation`` (givens kept), ``blank_completion`` (blanks filled),
    ``blank_accuracy`` (blanks equal to the solution), ``constraints`` (units with no repeated digit).
    """
    n = board.n
    violations: list[Violation] = []
    unsure = unsure or set()
    candidates = candidates or {}

    def evidence(r: int, c: int, **kw: Any) -> dict[str, Any]:
        ev: dict[str, Any] = {"cell": [r, c], **kw}
        if layout is not None:
            ev["bbox"] = list(cell_crop_box(layout, r, c))
        return ev

    def invalid(r: int, c: int) -> str | None:
        """The symbol read when it is not a digit 1..n (None for a valid digit or an empty cell)."""
        sym = symbols[r][c] if symbols is not None else (str(read[r][c]) if read[r][c] else SYMBOL_BLANK)
        if sym in (SYMBOL_BLANK, SYMBOL_PENCIL) or (sym.isdigit() and 1 <= int(sym) <= n):
            return None
        return sym

    n_givens = n_blanks = kept = filled = correct = 0
    valid = [[read[r][c] if invalid(r, c) is None and (r, c) not in unsure else 0 for c in range(n)]
             for r in range(n)]
    for r in range(n):
        for c in range(n):
            if (r, c) in unsure:
                n_givens += bool(givens[r][c])
                n_blanks += not givens[r][c]
                continue
            got = valid[r][c]
            bad = invalid(r, c)
            if bad is not None:
                what = "a non-digit mark" if bad == "other" else f"{bad}, outside 1..{n}"
                violations.append(Violation("invalid_symbol", f"cell r{r + 1}c{c + 1} holds {what}",
                                            evidence(r, c, read=bad, allowed=f"1..{n}")))
            if givens[r][c]:
                n_givens += 1
                if got == givens[r][c]:
                    kept += 1
                elif bad is not None:
                    continue
                elif got == 0:
                    violations.append(Violation("given_erased", f"given {givens[r][c]} at r{r + 1}c{c + 1} "
                                                "was erased", evidence(r, c, expected=givens[r][c], read=0)))
                else:
                    violations.append(Violation("given_overwritten", f"given {givens[r][c]} at r{r + 1}c{c + 1} "
                                                f"now reads {got}", evidence(r, c, expected=givens[r][c], read=got)))
            else:
                n_blanks += 1
                if bad is not None:
                    continue
                if got == 0:
                    marks = candidates.get((r, c))
                    note = f" (only pencil marks: {', '.join(map(str, marks)) or 'unread'})" if marks is not None else ""
                    ev = evidence(r, c, expected=solution[r][c], read=0)
                    if marks is not None:
                        ev["pencil_candidates"] = list(marks)
                    violations.append(Violation("blank_unfilled", f"cell r{r + 1}c{c + 1} was left empty{note}", ev))
                    continue
                filled += 1
                if got == solution[r][c]:
                    correct += 1
                else:
                    violations.append(Violation("wrong_digit", f"cell r{r + 1}c{c + 1} reads {got}, "
                                                f"solution is {solution[r][c]}",
                                                evidence(r, c, expected=solution[r][c], read=got)))
    units = board.units()
    clean_units = 0
    for kind, index, cells in units:
        seen: dict[int, list[list[int]]] = {}
        for r, c in cells:
            if valid[r][c]:
                seen.setdefault(valid[r][c], []).append([r, c])
        repeats = {d: cs for d, cs in seen.items() if len(cs) > 1}
        if not repeats:
            clean_units += 1
        for digit, cs in sorted(repeats.items()):
            violations.append(Violation(f"{kind}_conflict", f"{kind} {index + 1} holds {digit} "
                                        f"{len(cs)} times", {"unit": kind, "index": index, "digit": digit,
                                                             "cells": cs}))
    subscores = {
        "given_preservation": kept / n_givens if n_givens else 1.0,
        "blank_completion": filled / n_blanks if n_blanks else 1.0,
        "blank_accuracy": correct / n_blanks if n_blanks else 1.0,
        "constraints": clean_units / len(units),
    }
    return violations, subscores


def sudoku_score(subscores: dict[str, float], violations: list[Violation]) -> float:
    """Score per ``data/rubrics/sudoku.json``: 100 x blank_accuracy x given_preservation, and 100
    only when no rule is broken."""
    score = 100.0 * subscores["blank_accuracy"] * subscores["given_preservation"]
    if violations:
        score = min(score, 99.0)
    return round(score, 2)


# ----------------------------------------------------------------------------------- every mark accounted


@dataclass
class CellMarks:
    """Ink the answer adds that the grid reading does not explain (:func:`account_marks`). ``stray``: sure
    marks (a dot, a tick, a scribble, a second glyph beside a cell's digit, a mark on a grid line), each
    ``{"cell": [r, c] or None, "bbox", "extent_cells", "area_px", "read"}``; ``unsure``: the same, too light
    or too small to be sure (a pen's touch beside a handwritten digit), or a pencil candidate: review;
    ``pencil``: small digits in a corner beside a cell's answer, read as pencil-mark candidates (each also in
    ``unsure``: the instruction asks for none), ``{(r, c): digits}``."""

    stray: list[dict[str, Any]] = field(default_factory=list)
    unsure: list[dict[str, Any]] = field(default_factory=list)
    pencil: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)


def _split_glyph(faint: np.ndarray, min_area: float, min_extent: float) -> tuple[np.ndarray, np.ndarray]:
    """The cell's main glyph in ``faint`` (bool, one cell's box; only touching pixels join) and the other
    pieces big enough to be a mark (``min_area`` px, ``min_extent`` px across), as two masks."""
    if not faint.any():
        return faint, np.zeros_like(faint)
    # Only touching ink is one piece: a stroke drawn a pixel or two off the digit (a tick under it) is a
    # piece of its own, which the digit must need (the caller's re-read) to be explained by it.
    count, labels, stats, _ = cv2.connectedComponentsWithStats(faint.astype(np.uint8), connectivity=8)
    if count <= 2:
        return faint, np.zeros_like(faint)
    area = stats[:, cv2.CC_STAT_AREA].copy()
    area[0] = 0
    main = int(area.argmax())
    extent = np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT])
    big = (area >= min_area) & (extent >= min_extent)
    big[main] = big[0] = False
    glyph = labels == main
    inner = _inner_outlines(labels, glyph, np.nonzero(big)[0])
    if inner:
        big[inner] = False
        glyph |= np.isin(labels, inner)
    return faint & glyph, faint & big[labels]


def _join_by_whole_ink(main: np.ndarray, extra: np.ndarray, whole: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Move to ``main`` the pieces of ``extra`` that the answer's whole ink (``whole``: all its ink, the input's
    included, the grid lines left out so that a line touched by a digit joins no mark) joins to it: the
    added ink of a digit redrawn over the input's own (a given in another font, a few px off) is slivers
    around the old glyph, one glyph on the page."""
    count, labels = cv2.connectedComponents((whole | main).astype(np.uint8), connectivity=8)
    glyph = np.unique(labels[main])
    glyph = glyph[glyph > 0]
    if not len(glyph):
        return main, extra
    count_e, pieces = cv2.connectedComponents(extra.astype(np.uint8), connectivity=8)
    joined = np.zeros_like(extra)
    for j in range(1, count_e):
        piece = pieces == j
        if np.isin(labels[piece], glyph).all():
            joined |= piece
    return main | joined, extra & ~joined


def _holes(mask: np.ndarray) -> np.ndarray:
    """The paper ``mask`` encloses (bool): pixels off it that no path off it joins to the crop's border."""
    free = (~mask).astype(np.uint8)
    count, labels = cv2.connectedComponents(free, connectivity=4)
    edge = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    return (labels > 0) & ~np.isin(labels, edge)


def _inner_outlines(labels: np.ndarray, glyph: np.ndarray, pieces: np.ndarray) -> list[int]:
    """Pieces that are the inner contours of an outlined glyph: lying wholly in the paper the glyph encloses
    and enclosing paper themselves (the counter of an outline font's 0, 4, 6, 8 or 9 is a ring of its own,
    not touching the outer one). A dot or tick inside a loop encloses nothing and stays a mark."""
    if not len(pieces):
        return []
    enclosed = _holes(glyph)
    if not enclosed.any():
        return []
    out = []
    for j in pieces.tolist():
        piece = labels == j
        if not enclosed[piece].all():
            continue
        if _holes(piece).any():
            out.append(int(j))
    return out


def _marks_on_glyphs(ans: np.ndarray, glyphs: list[tuple[tuple[int, int, int, int], np.ndarray]],
                     min_area: float, min_extent: float, min_reach: float, min_excess: float) -> np.ndarray:
    """Marks drawn onto the answer digits ``glyphs`` ((y0, y1, x0, x1) box in ``ans``, glyph mask) in
    another colour (:func:`_other_colour`), as a mask over ``ans``. The digits' own colour is the answer's
    ink colour (the median over every answer digit away from its edges), or a digit's own median where most
    of its ink is no blend of the answer's colour (a digit written in another colour)."""
    from genpuzzle.ink import blend_excess

    out = np.zeros(ans.shape[:2], bool)
    cores = []
    for (y0, y1, x0, x1), glyph in glyphs:
        core = cv2.erode(glyph.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
        cores.append(core if core.sum() >= min_area else glyph)
    pixels = [ans[y0:y1, x0:x1][core] for ((y0, y1, x0, x1), _), core in zip(glyphs, cores)]
    pixels = [p for p in pixels if len(p)]
    if not pixels:
        return out
    page = _median_rgb(np.concatenate(pixels))
    for ((y0, y1, x0, x1), glyph), core in zip(glyphs, cores):
        if not core.any():
            continue
        crop = ans[y0:y1, x0:x1]
        paper = _median_rgb(crop.reshape(-1, 3))
        excess = blend_excess(crop[glyph], page, paper)
        # the answer's colour, unless most of this digit is of another (a digit written in another colour)
        if (excess > min_excess).mean() < 0.5:
            own = page
        else:
            own, excess = np.median(crop[core], axis=0), None
        out[y0:y1, x0:x1] |= _other_colour(crop, glyph, own, paper, min_area, min_extent, min_reach, min_excess,
                                           excess)
    return out


def _median_rgb(pixels: np.ndarray) -> np.ndarray:
    """``np.median(pixels, axis=0)`` of (N, 3) pixels, for uint8 by per-channel histograms (the same values,
    ~20x faster on a cell)."""
    if pixels.dtype != np.uint8 or not len(pixels):
        return np.median(pixels, axis=0)
    n = len(pixels)
    out = np.empty(3)
    for ch in range(3):
        cum = np.cumsum(np.bincount(pixels[:, ch], minlength=256))
        lo, hi = np.searchsorted(cum, [(n - 1) // 2 + 1, n // 2 + 1])  # the two middle values (one if n is odd)
        out[ch] = (int(lo) + int(hi)) / 2
    return out


def _other_colour(crop: np.ndarray, glyph: np.ndarray, own: np.ndarray, paper: np.ndarray, min_area: float,
                  min_extent: float, min_reach: float, min_excess: float,
                  excess: np.ndarray | None = None) -> np.ndarray:
    """Ink of ``glyph`` (bool mask over ``crop``, RGB) in another colour than ``own``: no blend of it with
    the cell's ``paper`` by more than ``min_excess`` in some channel, in a piece of at least ``min_area`` px
    and ``min_extent`` px across that reaches ``min_reach`` px away from the glyph's own colour (a dark tick
    touching a blue digit; a JPEG fringe along a stroke's edge stays close to it). ``excess``: the glyph's
    pixels' :func:`genpuzzle.ink.blend_excess` against ``own``, when the caller has it."""
    from genpuzzle.ink import blend_excess

    out = np.zeros(glyph.shape, bool)
    ys, xs = np.nonzero(glyph)
    off = np.zeros(glyph.shape, bool)
    off[ys, xs] = (blend_excess(crop[ys, xs], own, paper) if excess is None else excess) > min_excess
    if not off.any():
        return out
    dist = cv2.distanceTransform((~(glyph & ~off)).astype(np.uint8), cv2.DIST_L2, 3)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(off.astype(np.uint8), connectivity=8)
    for i in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[i])
        mine = labels[y:y + h, x:x + w] == i
        reach = float(dist[y:y + h, x:x + w][mine].max())
        if area >= min_area and max(w, h) >= min_extent and reach >= min_reach:
            out[y:y + h, x:x + w] |= mine
    return out


def account_marks(image: np.ndarray, input_image: np.ndarray, layout: dict[str, Any], reading: GridReading,
                  params: dict[str, Any], reader: DigitReader | None = None,
                  givens: list[list[int]] | None = None) -> CellMarks:
    """Every mark the answer adds on the grid, accounted for (``params``: the rubric's ``marks``).

    Added ink is the answer's darkness over the input's darkest ink within ``tolerance_cells`` x the cell
    side, channel by channel (:func:`genpuzzle.ink.added_channel_darkness`): the grid lines and the givens,
    left in place or redrawn a little thicker, add nothing. In a cell read as a digit, the digit is the
    largest piece of that ink (touching pixels join) and any other piece it needs (read without it, the
    cell no longer reads surely as that digit), less ink of another colour drawn onto an answer digit
    (:func:`_marks_on_glyphs`), grown by ``glyph_margin_cells``; a cell read as pencil marks, a non-digit or
    blank is explained whole (its reading is charged by :func:`check_grid`). What is left, at least
    ``min_extent`` cells across with ``min_area`` cells^2 of ink (:func:`genpuzzle.ink.unexplained_marks`), is
    a mark, if it holds ``min_density`` px of ink per px of its extent (a drawn stroke, not a 1 px sliver along
    a line) and, when only faint, is ``faint_min_extent`` across; searched over the grid and a band of
    ``frame_band_cells`` around it (not the page margins: a caption is no mark). A mark beside a cell's digit
    is a pencil-mark candidate when it is what the issue-12 rule reads as pencil marks (read alone in its
    cell: small, off the centre, a sure digit 1..n), listed and unsure (review: the instruction asks for none,
    and nothing tells it from a stray "7"); otherwise it is a stray mark (sure ink, at least
    ``sure_min_extent`` cells across) or unsure (fainter or smaller: review)."""
    from genpuzzle.ink import added_channel_darkness, channel_darkness, detached_ink, input_near, unexplained_marks

    n_rows, n_cols = layout["rows"], layout["cols"]
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    side = min((gx1 - gx0) / n_cols, (gy1 - gy0) / n_rows)
    h, w = image.shape[:2]
    band = int(round(params["frame_band_cells"] * side))
    x0, y0 = max(0, int(gx0) - band), max(0, int(gy0) - band)
    x1, y1 = min(w, int(np.ceil(gx1)) + band + 1), min(h, int(np.ceil(gy1)) + band + 1)
    ans = np.ascontiguousarray(image[y0:y1, x0:x1, :3])
    inp = np.ascontiguousarray(np.asarray(input_image)[y0:y1, x0:x1])
    if inp.ndim == 2:
        inp = np.repeat(inp[:, :, None], 3, axis=2)
    tol = max(2, int(round(params["tolerance_cells"] * side)))
    answer_dark = channel_darkness(ans, side)
    added = added_channel_darkness(answer_dark, input_near(inp, side, tol))
    whole_ink = cv2.max(cv2.max(*cv2.split(answer_dark)[:2]), cv2.split(answer_dark)[2]) >= params["faint_darkness"]
    whole_ink &= ~_redrawn_grid_lines(whole_ink, layout, (x0, y0), side, params["line_band_cells"],
                                      params["line_min_run_cells"])
    sure = added >= params["sure_darkness"]
    faint = added >= params["faint_darkness"]
    # a piece apart from the input's ink by paper, beside ink still in place, is no given ink moved or thickened
    # (a dot drawn 7 px from a 4x4 grid's line, inside the 9 px tolerance; rubric 11)
    answer_max = cv2.max(cv2.max(*cv2.split(answer_dark)[:2]), cv2.split(answer_dark)[2])
    detached = detached_ink(answer_max >= params["faint_darkness"],
                            input_near(inp, side, 0).max(axis=2) >= params["faint_darkness"], tol,
                            max(2, int(round(params["detached_residual_cells"] * side))))
    if detached.any():
        sure |= detached & (answer_max >= params["sure_darkness"])
        faint |= detached
    explained = _redrawn_grid_lines(faint, layout, (x0, y0), side, params["line_band_cells"],
                                    params["line_min_run_cells"])
    glyph_ink = faint & ~explained  # the added ink less the grid lines redrawn heavier
    digit_ink = np.zeros(sure.shape, bool)  # the main piece of every cell read as a digit
    digit_box: dict[tuple[int, int], tuple[int, int, int, int]] = {}  # its box (x0, y0, x1, y1), grid-area px
    symbols = reading.symbols or [[str(d) if d else SYMBOL_BLANK for d in row] for row in reading.digits]
    min_area, min_extent = params["min_area"] * side * side, params["min_extent"] * side
    retry: list[tuple[tuple[int, int], np.ndarray, np.ndarray]] = []  # (cell, crop without the extras, extras)
    given_checks: list[tuple[int, int]] = []  # kept givens with added ink in their cell
    answer_glyphs: list[tuple[tuple[int, int, int, int], np.ndarray]] = []  # (box, glyph) of answer digits
    for r in range(n_rows):
        for c in range(n_cols):
            if reading.given_matched is not None and reading.given_matched[r][c]:
                # the input's own glyph, kept: anything added beside it is unexplained, unless the given is
                # redrawn in another font (a serif, a base bar) and the cell still reads surely as the given
                bx0, by0, bx1, by1 = cell_crop_box(layout, r, c, inset=READ_INSET)
                if faint[by0 - y0:by1 - y0, bx0 - x0:bx1 - x0].any():
                    given_checks.append((r, c))
                continue
            bx0, by0, bx1, by1 = cell_crop_box(layout, r, c, inset=READ_INSET)
            if not symbols[r][c].isdigit():
                explained[by0 - y0:by1 - y0, bx0 - x0:bx1 - x0] = True
                continue
            main, extra = _split_glyph(glyph_ink[by0 - y0:by1 - y0, bx0 - x0:bx1 - x0], min_area, min_extent)
            if extra.any():  # a given redrawn in another font: its added ink comes in slivers of one glyph
                main, extra = _join_by_whole_ink(main, extra, whole_ink[by0 - y0:by1 - y0, bx0 - x0:bx1 - x0])
            explained[by0 - y0:by1 - y0, bx0 - x0:bx1 - x0] |= main
            digit_ink[by0 - y0:by1 - y0, bx0 - x0:bx1 - x0] |= main
            if main.any():
                ys, xs = np.nonzero(main)
                digit_box[(r, c)] = (bx0 - x0 + int(xs.min()), by0 - y0 + int(ys.min()),
                                     bx0 - x0 + int(xs.max()) + 1, by0 - y0 + int(ys.max()) + 1)
            if givens is None or not givens[r][c]:
                answer_glyphs.append(((by0 - y0, by1 - y0, bx0 - x0, bx1 - x0), main))
            if extra.any():
                crop = np.array(image[by0:by1, bx0:bx1, :3])
                crop[cv2.dilate(extra.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0] = \
                    np.median(crop.reshape(-1, 3), axis=0).astype(np.uint8)
                retry.append(((r, c), crop, extra))
    if given_checks and givens is not None:
        boxes = [cell_crop_box(layout, r, c, inset=READ_INSET) for r, c in given_checks]
        got = (reader or default_reader()).read([image[b0:b1, a0:a1, :3] for a0, b0, a1, b1 in boxes],
                                                 allowed=list(range(1, max(n_rows, n_cols) + 1)))
        input_ink = input_near(inp, side, 0).max(axis=2) >= params["faint_darkness"]
        for (r, c), (bx0, by0, bx1, by1), cell in zip(given_checks, boxes, got):
            if cell.symbol != str(givens[r][c]) or cell.confidence < CONFIDENT:
                continue
            sub = (slice(by0 - y0, by1 - y0), slice(bx0 - x0, bx1 - x0))
            seed = input_ink[sub] & whole_ink[sub]
            if not seed.any():
                continue
            joined, _ = _join_by_whole_ink(seed, faint[sub], whole_ink[sub])
            explained[sub] |= joined & faint[sub]
    on_glyph = _marks_on_glyphs(ans, answer_glyphs, min_area, min_extent,
                                max(3.0, params["mark_min_reach_cells"] * side), params["mark_min_colour_excess"])
    if retry:
        # a piece beside the digit is part of it when the digit needs it: without it the cell no longer
        # reads, surely, as the same digit (the flag of a 5 written apart); otherwise it is unexplained
        again = (reader or default_reader()).read([crop for _, crop, _ in retry],
                                                  allowed=list(range(1, max(n_rows, n_cols) + 1)))
        for ((r, c), _, extra), got in zip(retry, again):
            if got.symbol != symbols[r][c] or got.confidence < CONFIDENT:
                bx0, by0, bx1, by1 = cell_crop_box(layout, r, c, inset=READ_INSET)
                explained[by0 - y0:by1 - y0, bx0 - x0:bx1 - x0] |= extra
    grow = max(1, int(round(params["glyph_margin_cells"] * side)))  # a glyph's anti-aliased, JPEG-rung edge
    explained = (cv2.dilate(explained.astype(np.uint8), np.ones((2 * grow + 1,) * 2, np.uint8)) > 0) & ~on_glyph
    marks = unexplained_marks(sure, faint, explained, side, None,
                              {"min_extent": params["min_extent"], "min_area": params["min_area"],
                               "dot_min_extent": params["dot_min_extent"], "notice_extent": params["notice_extent"]})
    out = CellMarks()
    n = max(n_rows, n_cols)
    # px to the nearest digit's main piece: a piece this near may be a stroke of it that the pen or the
    # threshold broke off (an outline font's flag), which no reading of the cell can tell from a mark
    to_digit: np.ndarray | None = None  # computed on first need: most answers have no charged mark
    for m in marks:
        if m.area_px < params["min_density"] * m.extent_px or \
                (not m.sure and not m.dot and m.extent_px < params["faint_min_extent"] * side):
            continue  # a 1 px sliver along a line or a glyph's edge (a warped page), or a faint speck
        mx0, my0, mx1, my1 = m.bbox
        cx, cy = x0 + (mx0 + mx1) / 2, y0 + (my0 + my1) / 2
        r, c = int((cy - gy0) // ((gy1 - gy0) / n_rows)), int((cx - gx0) // ((gx1 - gx0) / n_cols))
        cell = (r, c) if 0 <= r < n_rows and 0 <= c < n_cols else None
        entry = {"cell": list(cell) if cell else None, "bbox": [mx0 + x0, my0 + y0, mx1 + x0, my1 + y0],
                 "extent_cells": round(m.extent_px / side, 3), "area_px": m.area_px}
        if cell is not None and symbols[r][c].isdigit():
            read = _read_alone(image, layout, cell, faint, explained, (x0, y0), m.bbox, reader, n)
            entry["read"] = read.symbol if not read.candidates else f"pencil {list(read.candidates)}"
            if (read.symbol == SYMBOL_PENCIL and read.confidence >= CONFIDENT and read.candidates
                    and all(1 <= d <= n for d in read.candidates)):
                # The instruction asks for one digit per cell, not candidates, and a small "7" in a corner
                # reads the same whether the model left a candidate or drew a stray mark: listed, and
                # reviewed (rubric 7), never passed as an allowed mark.
                out.pencil[cell] = tuple(sorted(set(out.pencil.get(cell, ())) | set(read.candidates)))
                out.unsure.append({**entry, "why": "a pencil candidate beside the answer"})
                continue
        charged = m.sure and m.extent_px >= params["sure_min_extent"] * side
        if not charged:
            entry["why"] = "a dot" if m.dot else "faint" if not m.sure else "small"
        elif cell in digit_box:
            if to_digit is None:
                to_digit = cv2.distanceTransform((~digit_ink).astype(np.uint8), cv2.DIST_L2, 3)
            # a piece this near the digit and within its reach (the digit's box grown by as much) may be a
            # stroke broken off it (an outline font's flag at a faint join): no reading can tell, so review
            own = faint[my0:my1, mx0:mx1] & ~explained[my0:my1, mx0:mx1]
            gap = float(to_digit[my0:my1, mx0:mx1][own].min()) if own.any() else np.inf
            reach = params["stroke_reach_cells"] * side
            gx_0, gy_0, gx_1, gy_1 = digit_box[cell]
            within = (mx0 >= gx_0 - reach and my0 >= gy_0 - reach and mx1 <= gx_1 + reach and my1 <= gy_1 + reach)
            if within and gap <= params["stroke_gap_cells"] * side:
                charged, entry["why"] = False, "beside the digit (a stroke broken off?)"
                entry["gap_cells"] = round(gap / side, 3)
            else:
                # most of the digit's main piece runs along the mark: the two contours of one hollow stroke (an
                # outline hand whose threshold split it; its inner contour alone reads as the digit), no mark
                share = _share_along(digit_ink, own, (mx0, my0), layout, cell, (x0, y0),
                                     params["outline_gap_cells"] * side)
                if share >= params["outline_min_share"]:
                    charged, entry["why"] = False, "along the digit (the other contour of an outline?)"
                    entry["along_share"] = round(share, 3)
        (out.stray if charged else out.unsure).append(entry)
    return out


def _share_along(digit_ink: np.ndarray, own: np.ndarray, corner: tuple[int, int], layout: dict[str, Any],
                 cell: tuple[int, int], origin: tuple[int, int], gap: float) -> float:
    """The share of ``cell``'s digit main piece (``digit_ink``, grid-area px) lying within ``gap`` px of a mark's ink
    (``own``, its box's mask, whose top-left corner is ``corner`` in grid-area px)."""
    x0, y0 = origin
    bx0, by0, bx1, by1 = cell_crop_box(layout, *cell, inset=READ_INSET)
    bx0, by0, bx1, by1 = bx0 - x0, by0 - y0, bx1 - x0, by1 - y0
    main = digit_ink[by0:by1, bx0:bx1]
    if not main.any():
        return 0.0
    mark = np.zeros(main.shape, bool)
    mx0, my0 = corner
    h, w = own.shape
    sx0, sy0 = max(mx0, bx0), max(my0, by0)
    sx1, sy1 = min(mx0 + w, bx1), min(my0 + h, by1)
    if sx1 > sx0 and sy1 > sy0:
        mark[sy0 - by0:sy1 - by0, sx0 - bx0:sx1 - bx0] = own[sy0 - my0:sy1 - my0, sx0 - mx0:sx1 - mx0]
    if not mark.any():
        return 0.0
    near = cv2.distanceTransform((~mark).astype(np.uint8), cv2.DIST_L2, 3) <= gap
    return float((near & main).sum() / main.sum())


def _redrawn_grid_lines(ink: np.ndarray, layout: dict[str, Any], origin: tuple[int, int], side: float,
                        band_cells: float, min_run_cells: float) -> np.ndarray:
    """Added ink that is a grid line redrawn heavier or a few px off (bool, like ``ink``): straight runs at
    least ``min_run_cells`` long along a grid line, within ``band_cells`` of it. A model redrawing the page
    thickens the lines beyond any fixed tolerance; a mark is no such run along a line."""
    out = np.zeros(ink.shape, bool)
    x0, y0 = origin
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    band = int(np.ceil(band_cells * side))
    run = max(3, int(round(min_run_cells * side)))
    u8 = ink.astype(np.uint8)
    along_x = cv2.morphologyEx(u8, cv2.MORPH_OPEN, np.ones((1, run), np.uint8)) > 0
    along_y = cv2.morphologyEx(u8, cv2.MORPH_OPEN, np.ones((run, 1), np.uint8)) > 0
    h, w = ink.shape
    for k in range(layout["rows"] + 1):
        y = int(round(gy0 + k * (gy1 - gy0) / layout["rows"])) - y0
        lo, hi = max(0, y - band), min(h, y + band + 1)
        out[lo:hi] |= along_x[lo:hi]
    for k in range(layout["cols"] + 1):
        x = int(round(gx0 + k * (gx1 - gx0) / layout["cols"])) - x0
        lo, hi = max(0, x - band), min(w, x + band + 1)
        out[:, lo:hi] |= along_y[:, lo:hi]
    return out


def _read_alone(image: np.ndarray, layout: dict[str, Any], cell: tuple[int, int], faint: np.ndarray,
                explained: np.ndarray, origin: tuple[int, int], bbox: list[int], reader: DigitReader | None,
                n: int) -> DigitReading:
    """The digit reader's reading of the cell with only the mark in ``bbox`` (grid-area coordinates) left:
    every other pixel of the cell painted the cell's paper colour, so the issue-12 pencil rule (small,
    off the centre) applies to the mark alone."""
    x0, y0 = origin
    bx0, by0, bx1, by1 = cell_crop_box(layout, *cell, inset=READ_INSET)
    crop = np.array(image[by0:by1, bx0:bx1, :3])
    keep = np.zeros(crop.shape[:2], bool)
    mx0, my0, mx1, my1 = bbox
    sub = (slice(max(my0, by0 - y0), min(my1, by1 - y0)), slice(max(mx0, bx0 - x0), min(mx1, bx1 - x0)))
    mark = faint[sub] & ~explained[sub]
    keep[sub[0].start - (by0 - y0):sub[0].stop - (by0 - y0), sub[1].start - (bx0 - x0):sub[1].stop - (bx0 - x0)] = mark
    keep = cv2.dilate(keep.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    paper = np.median(crop.reshape(-1, 3), axis=0).astype(np.uint8)
    crop[~keep] = paper
    return (reader or default_reader()).read([crop], allowed=list(range(1, n + 1)))[0]


def mark_violations(marks: CellMarks, layout: dict[str, Any]) -> list[Violation]:
    """One ``stray_mark`` per sure mark, naming its cell (or the grid line it lies on) and its size."""
    out = []
    for m in marks.stray:
        where = f"cell r{m['cell'][0] + 1}c{m['cell'][1] + 1}" if m["cell"] else "the grid's frame"
        read = f", read as {m['read']}" if m.get("read") else ""
        out.append(Violation("stray_mark", f"a mark in {where} that no digit explains ({m['extent_cells']:.2f} "
                             f"cell across, {m['area_px']} px of ink{read})", dict(m)))
    return out
