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
    return grid


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
