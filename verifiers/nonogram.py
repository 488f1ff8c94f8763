"""Nonogram verification: read every cell of the registered answer as filled or empty, check the read
grid against the clues, and check that the clue numbers were left as they were.

:func:`read_cells` (image -> state) is built for what people and image models draw: black, grey or
coloured fills, fills that do not reach the cell edges, hatching, and the "X" or dot marks used for
cells known to be empty (those read as empty). :func:`check_cells` (state -> violations) judges the
grid by the clues, not by the reference; :func:`check_clue_area` compares each line's clue strip with
the input image. Scoring formula and thresholds: ``data/rubrics/nonogram.json``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import cv2
import numpy as np

from genpuzzle.records import Violation
from genpuzzle.renderers.nonogram import cell_box, clue_strip
from genpuzzle.solvers.nonogram import line_clue

CELL_INSET = 0.18  # fraction of a cell trimmed on each side so grid lines stay out of the crop
INK_CONTRAST = 45  # darkness (0-255, most-darkened channel vs paper) from which a pixel is ink
FILLED_ABOVE = 0.8  # ink fraction of the crop from which a cell is filled whatever its shape
EMPTY_BELOW = 0.12  # ink fraction below which a cell is empty outright (blank, dot, thin X)
SOLID_KERNEL = 0.3  # erosion side (fraction of the crop side) that removes pen strokes but not fills
SOLID_INK = 0.12  # fraction of the crop still ink after that erosion: a solid (maybe partial) fill
GAP_MAX = 0.2  # radius (fraction of the crop side) of the largest blank disc a hatched fill may leave
SHIFT_SEARCH_PX = 4  # clue strips are re-aligned within +-this many pixels


@dataclass
class CellReading:
    """Cells read from an image (1 filled, 0 empty), each with a confidence 0..1 and its ink fraction."""

    cells: list[list[int]]
    confidence: list[list[float]]
    ink: list[list[float]]

    @property
    def min_confidence(self) -> float:
        return min(min(row) for row in self.confidence)

    @property
    def mean_confidence(self) -> float:
        return float(np.mean(self.confidence))


def paper_colour(rgb: np.ndarray) -> np.ndarray:
    """The paper colour: the modal bright colour of a downsampled copy (float RGB), white if none."""
    h, w = rgb.shape[:2]
    k = max(1, max(h, w) // 200)
    small = cv2.resize(rgb, (max(1, w // k), max(1, h // k)), interpolation=cv2.INTER_AREA) if k > 1 else rgb
    px = small.reshape(-1, 3).astype(np.int32)
    bright = px[px.sum(axis=1) >= 3 * 96]
    if len(bright) == 0:
        return np.array([255.0, 255.0, 255.0])
    q = bright >> 3
    keys = (q[:, 0] << 10) | (q[:, 1] << 5) | q[:, 2]
    return bright[keys == np.bincount(keys).argmax()].mean(axis=0)


def contrast_map(image: np.ndarray) -> np.ndarray:
    """Per-pixel darkness 0..255 against the paper colour, in the most-darkened channel (uint8), so
    grey and coloured inks count as well as black."""
    rgb = np.ascontiguousarray(np.asarray(image)[:, :, :3], dtype=np.uint8)
    gain = 255.0 / np.maximum(paper_colour(rgb), 1.0)
    r, g, b = (cv2.convertScaleAbs(ch, alpha=float(a)) for ch, a in zip(cv2.split(rgb), gain))
    return cv2.subtract(np.full_like(r, 255), cv2.min(cv2.min(r, g), b))


def cell_crop_box(layout: dict[str, Any], r: int, c: int, inset: float = CELL_INSET) -> tuple[int, int, int, int]:
    """Integer pixel box of cell (r, c)'s interior, inset so that grid lines are excluded."""
    x0, y0, x1, y1 = cell_box(layout, r, c)
    w, h = x1 - x0, y1 - y0
    return (round(x0 + inset * w), round(y0 + inset * h), round(x1 - inset * w), round(y1 - inset * h))


def classify_cell(ink: np.ndarray) -> tuple[int, float, float]:
    """``(filled, confidence, ink_fraction)`` of one cell interior given as a boolean ink mask.

    Sparse ink is empty (blank, dot). Otherwise a fill is either solid (a blob survives an erosion that
    removes pen strokes: black/grey/coloured, partial or off-centre fills) or spread over the whole cell
    (hatching, scribbles: no large blank disc is left). An "X" leaves blank the regions beside the
    middle of each side, and a dot leaves most of the cell blank, so both read as empty.
    """
    h, w = ink.shape
    if h < 4 or w < 4:
        return 0, 0.0, 0.0
    frac = float(ink.mean())
    if frac < EMPTY_BELOW:
        return 0, float(min(1.0, 0.6 + 5.0 * (EMPTY_BELOW - frac))), frac
    side = min(h, w)
    mask = ink.astype(np.uint8)
    k = max(3, round(SOLID_KERNEL * side))
    solid = float(cv2.erode(mask, np.ones((k, k), np.uint8)).mean())
    gap = float(cv2.distanceTransform(1 - mask, cv2.DIST_L2, 3).max()) / side
    if frac >= FILLED_ABOVE or solid >= SOLID_INK or gap <= GAP_MAX:
        # Margins of the strongest evidence; a clear fill scores 1.
        margin = max(solid / SOLID_INK - 1.0, (GAP_MAX - gap) / GAP_MAX, (frac - FILLED_ABOVE) / 0.1)
        return 1, float(min(1.0, 0.5 + margin)), frac
    margin = min(1.0 - solid / SOLID_INK, (gap - GAP_MAX) / GAP_MAX)
    return 0, float(min(1.0, 0.5 + margin)), frac


def read_cells(image: np.ndarray, layout: dict[str, Any], contrast: np.ndarray | None = None) -> CellReading:
    """Read every cell of the grid at ``layout.grid_bbox`` in ``image`` (RGB uint8, input frame);
    ``contrast`` is the image's :func:`contrast_map` when already computed."""
    ink = (contrast if contrast is not None else contrast_map(image)) >= INK_CONTRAST
    rows, cols = layout["rows"], layout["cols"]
    cells = [[0] * cols for _ in range(rows)]
    confidence = [[0.0] * cols for _ in range(rows)]
    fractions = [[0.0] * cols for _ in range(rows)]
    H, W = ink.shape
    for r in range(rows):
        for c in range(cols):
            x0, y0, x1, y1 = cell_crop_box(layout, r, c)
            crop = ink[max(0, y0):min(H, y1), max(0, x0):min(W, x1)]
            cells[r][c], confidence[r][c], fractions[r][c] = classify_cell(crop)
    return CellReading(cells, confidence, fractions)


# ------------------------------------------------------------------------------------------ clue area


@lru_cache(maxsize=16)
def digit_ink_px(font_px: int) -> float:
    """Mean ink area (px) of one clue digit at ``font_px`` (the renderer's bold DejaVu Sans)."""
    from PIL import Image, ImageDraw

    from genpuzzle.renderers.common import font

    areas = []
    for d in "0123456789":
        im = Image.new("L", (font_px * 2, font_px * 2), 0)
        ImageDraw.Draw(im).text((font_px, font_px), d, font=font(font_px, True), fill=255, anchor="mm")
        areas.append(float((np.asarray(im) >= 128).sum()))
    return float(np.mean(areas))


def check_clue_area(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any],
                    min_digit_fraction: float, answer_contrast: np.ndarray | None = None
                    ) -> tuple[list[Violation], float]:
    """Compare each row's and column's clue strip in the answer with the input image.

    Each strip is first aligned locally (best shift within a few pixels, absorbing what registration
    left), then ink of the input missing from the answer (erased) and strong ink added to the answer
    (overwritten), beyond a 2-3 px tolerance for blur and JPEG, count as changed pixels; a strip with at
    least ``min_digit_fraction`` of one digit's ink changed is a ``clue_changed`` violation.
    Returns (violations, fraction of clue lines preserved).
    """
    font_px = int(layout.get("clue_font_px", 18))
    tol = max(1, round(0.04 * font_px))
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * tol + 1, 2 * tol + 1))
    opener = np.ones((2, 2), np.uint8)
    a_con = answer_contrast if answer_contrast is not None else contrast_map(answer)
    i_con = contrast_map(input_image)
    min_px = max(6.0, min_digit_fraction * digit_ink_px(font_px))
    m = SHIFT_SEARCH_PX
    a_pad = cv2.copyMakeBorder(a_con, m, m, m, m, cv2.BORDER_CONSTANT, value=0)
    H, W = i_con.shape
    violations: list[Violation] = []
    lines = [("row", r) for r in range(layout["rows"])] + [("col", c) for c in range(layout["cols"])]
    for kind, index in lines:
        x0, y0, x1, y1 = clue_strip(layout, kind, index)
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(W, x1), min(H, y1)
        if x1 - x0 < 4 or y1 - y0 < 4:
            continue
        ref = i_con[y0:y1, x0:x1]
        search = a_pad[y0:y1 + 2 * m, x0:x1 + 2 * m]
        dx = dy = m
        if ref.max() >= 160:
            scores = cv2.matchTemplate(search.astype(np.float32), ref.astype(np.float32), cv2.TM_SQDIFF)
            _, _, (dx, dy), _ = cv2.minMaxLoc(scores)
        got = search[dy:dy + (y1 - y0), dx:dx + (x1 - x0)]
        near_got = cv2.dilate((got >= 40).astype(np.uint8), kernel)
        near_ref = cv2.dilate((ref >= 40).astype(np.uint8), kernel)
        erased = cv2.morphologyEx(((ref >= 160) & (near_got == 0)).astype(np.uint8), cv2.MORPH_OPEN, opener)
        added = cv2.morphologyEx(((got >= 128) & (near_ref == 0)).astype(np.uint8), cv2.MORPH_OPEN, opener)
        n_erased, n_added = int(erased.sum()), int(added.sum())
        if n_erased >= min_px or n_added >= min_px:
            what = "erased" if n_erased >= n_added else "overwritten"
            violations.append(Violation(
                "clue_changed", f"{kind} {index + 1} clue numbers were {what} "
                f"({n_erased} px of clue ink missing, {n_added} px of ink added)",
                {"line": kind, "index": index, "erased_px": n_erased, "added_px": n_added,
                 "bbox": [x0, y0, x1, y1]}))
    preserved = 1.0 - len(violations) / len(lines) if lines else 1.0
    return violations, preserved


# ------------------------------------------------------------------------------------------ the rules


def line_box(layout: dict[str, Any], kind: str, index: int) -> list[int]:
    """Pixel box of one row or column of cells."""
    if kind == "row":
        a, b = cell_box(layout, index, 0), cell_box(layout, index, layout["cols"] - 1)
    else:
        a, b = cell_box(layout, 0, index), cell_box(layout, layout["rows"] - 1, index)
    return [round(a[0]), round(a[1]), round(b[2]), round(b[3])]


def check_cells(cells: list[list[int]], row_clues: list[list[int]], col_clues: list[list[int]],
                solution: list[list[int]], layout: dict[str, Any] | None = None
                ) -> tuple[list[Violation], dict[str, float]]:
    """Check a read grid against the clues; each broken row or column clue is a named violation with
    the line index, the clue and what was read.

    Subscores: ``row_clues``/``col_clues`` (fraction of lines reading their clue), ``completion``
    (filled cells / cells the clues ask for, capped at 1), ``cell_accuracy`` (cells equal to the unique
    solution), ``filled_iou`` (|filled read AND solution| / |filled read OR solution|).
    """
    rows, cols = len(row_clues), len(col_clues)
    violations: list[Violation] = []
    good = {"row": 0, "col": 0}
    for kind, clues in (("row", row_clues), ("col", col_clues)):
        for i, clue in enumerate(clues):
            line = cells[i] if kind == "row" else [cells[r][i] for r in range(rows)]
            read = line_clue(line)
            if read == list(clue):
                good[kind] += 1
                continue
            ev: dict[str, Any] = {"line": kind, "index": i, "expected": list(clue), "read": read,
                                  "cells": list(line)}
            if layout is not None:
                ev["bbox"] = line_box(layout, kind, i)
            name = "row" if kind == "row" else "column"
            violations.append(Violation(f"{kind}_clue_mismatch",
                                        f"{name} {i + 1} reads {_clue_text(read)}, clue is {_clue_text(clue)}", ev))
    wanted = sum(map(sum, row_clues))
    filled = sum(map(sum, cells))
    if filled < wanted:
        violations.append(Violation("grid_incomplete", f"{filled} cells filled, the clues ask for {wanted}",
                                    {"filled": filled, "expected": wanted,
                                     **({"bbox": list(layout["grid_bbox"])} if layout else {})}))
    both = sum(a and b for ra, rb in zip(cells, solution) for a, b in zip(ra, rb))
    either = sum(a or b for ra, rb in zip(cells, solution) for a, b in zip(ra, rb))
    equal = sum(a == b for ra, rb in zip(cells, solution) for a, b in zip(ra, rb))
    subscores = {
        "row_clues": good["row"] / rows if rows else 1.0,
        "col_clues": good["col"] / cols if cols else 1.0,
        "completion": min(1.0, filled / wanted) if wanted else 1.0,
        "cell_accuracy": equal / (rows * cols) if rows * cols else 1.0,
        "filled_iou": both / either if either else 1.0,
    }
    return violations, subscores


def _clue_text(clue: list[int]) -> str:
    return " ".join(map(str, clue)) if clue else "0 (empty)"


def nonogram_score(subscores: dict[str, float], violations: list[Violation]) -> float:
    """Score per ``data/rubrics/nonogram.json``: 100 x filled_iou x clue_preservation, and 100 only when
    no rule is broken (capped at 99 otherwise)."""
    score = 100.0 * subscores["filled_iou"] * subscores["clue_preservation"]
    if violations:
        score = min(score, 99.0)
    return round(score, 2)


def draw_reading(answer: np.ndarray, layout: dict[str, Any], reading: CellReading,
                 violations: list[Violation]) -> np.ndarray:
    """The answer with what was read: a green dot per filled cell, a grey dot per empty cell read with
    low confidence, and red boxes around broken lines and changed clue strips."""
    out = np.ascontiguousarray(np.asarray(answer)[:, :, :3].copy())
    for r, row in enumerate(reading.cells):
        for c, v in enumerate(row):
            x0, y0, x1, y1 = cell_box(layout, r, c)
            center = (round((x0 + x1) / 2), round((y0 + y1) / 2))
            radius = max(2, round((x1 - x0) * 0.15))
            if v:
                cv2.circle(out, center, radius, (40, 200, 40), -1)
            elif reading.confidence[r][c] < 0.7:
                cv2.circle(out, center, radius, (160, 160, 160), 1)
    for v in violations:
        box = v.evidence.get("bbox")
        if box and v.code != "grid_incomplete":
            cv2.rectangle(out, (int(box[0]), int(box[1])), (int(box[2]), int(box[3])), (220, 30, 30), 2)
    return out
