"""Nonogram verification: read every cell of the registered answer as filled or empty, check the read
grid against the clues, and check that the clue numbers were left as they were.

:func:`read_cells` (image -> state) is built for what people and image models draw: black, grey or
coloured fills, fills that do not reach the cell edges, hatching, and the "X" or dot marks used for
cells known to be empty (those read as empty). :func:`check_cells` (state -> violations) judges the
grid by the clues, not by the reference; :func:`check_clue_area` compares each line's clue strip with
the input image. Scoring formula and thresholds: ``data/rubrics/nonogram.json``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import cv2
import numpy as np

from genpuzzle.records import Violation
from genpuzzle.verifiers import cells as cells_mod
from genpuzzle.renderers.nonogram import cell_box, clue_strip
from genpuzzle.solvers.nonogram import line_clue

SHIFT_SEARCH_PX = 4  # clue strips are re-aligned within +-this many pixels


@dataclass
class CellReading:
    """Cells read from an image: ``states`` per cell (filled / crossed / blank / unsure, see
    :mod:`genpuzzle.verifiers.cells`), ``cells`` (1 filled, 0 not), a confidence 0..1 per cell and the
    reader's evidence per cell."""

    states: list[list[str]]
    confidence: list[list[float]]
    evidence: list[list[dict[str, Any]]] = field(default_factory=list)

    @property
    def cells(self) -> list[list[int]]:
        return [[int(s == cells_mod.FILLED) for s in row] for row in self.states]

    def where(self, state: str) -> list[tuple[int, int]]:
        return [(r, c) for r, row in enumerate(self.states) for c, s in enumerate(row) if s == state]

    @property
    def min_confidence(self) -> float:
        return min(min(row) for row in self.confidence)

    @property
    def mean_confidence(self) -> float:
        return float(np.mean(self.confidence))


def contrast_map(image: np.ndarray, layout: dict[str, Any] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The answer's ``(mark, tone)`` darkness maps against the local, shadow-corrected paper
    (:func:`cells.darkness_maps` at the layout's cell size): ``mark`` in the most-darkened channel, so grey
    and coloured inks count as well as black; ``tone`` on the luma."""
    cell_px = float(layout.get("cell_px", 40)) if layout else 40.0
    return cells_mod.darkness_maps(image, cell_px)


def read_cells(image: np.ndarray, layout: dict[str, Any],
               contrast: tuple[np.ndarray, np.ndarray] | np.ndarray | None = None) -> CellReading:
    """Read every cell of the grid at ``layout.grid_bbox`` in ``image`` (RGB uint8, input frame) with the
    shared cell-mark reader; ``contrast`` is the image's :func:`contrast_map` when already computed."""
    rows, cols = layout["rows"], layout["cols"]
    dark = contrast if contrast is not None else contrast_map(image, layout)
    marks = cells_mod.read_marks(image, grid_bbox=layout["grid_bbox"], rows=rows, cols=cols, darkness=dark)
    grid = lambda values: [values[r * cols:(r + 1) * cols] for r in range(rows)]  # noqa: E731
    return CellReading(grid(marks.states), grid(marks.confidence), grid(marks.evidence))


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


@dataclass
class ClueReading:
    """The numbers read in one clue strip: ``values`` (None when any glyph was unsure or not a digit),
    the lowest glyph ``confidence``, the glyph boxes (strip pixels) and per-glyph symbols."""

    values: list[int] | None
    confidence: float
    glyphs: list[list[int]]
    text: str


def _glyph_groups(ink: np.ndarray, kind: str, font_px: float) -> list[list[tuple[int, int, int, int]]]:
    """Ink components of a clue strip grouped into numbers (each a list of glyph boxes x0, y0, x1, y1 in
    reading order): a row strip reads left to right, a column strip top to bottom, then left to right.
    Glyph pieces overlapping in x are one glyph; a gap wider than NUMBER_GAP x font px starts a number."""
    count, _, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    boxes = []
    for k in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[k])
        if area < 0.01 * font_px ** 2 and max(w, h) < 0.3 * font_px:
            continue  # speck
        boxes.append([x, y, x + w, y + h])
    if not boxes:
        return []
    if kind == "col":  # lines of numbers by vertical position
        boxes.sort(key=lambda b: (b[1] + b[3]) / 2)
        lines: list[list[list[int]]] = [[boxes[0]]]
        for b in boxes[1:]:
            prev = lines[-1]
            if (b[1] + b[3]) / 2 - np.mean([(p[1] + p[3]) / 2 for p in prev]) > 0.5 * font_px:
                lines.append([b])
            else:
                prev.append(b)
    else:
        lines = [boxes]
    groups: list[list[tuple[int, int, int, int]]] = []
    for line in lines:
        line.sort(key=lambda b: b[0])
        glyphs: list[list[int]] = []
        for b in line:  # pieces overlapping in x (a broken glyph) join the previous glyph
            if glyphs and min(b[2], glyphs[-1][2]) - max(b[0], glyphs[-1][0]) > 0.5 * min(b[2] - b[0], glyphs[-1][2] - glyphs[-1][0]):
                g = glyphs[-1]
                g[:] = [min(g[0], b[0]), min(g[1], b[1]), max(g[2], b[2]), max(g[3], b[3])]
            else:
                glyphs.append(list(b))
        number: list[tuple[int, int, int, int]] = []
        for g in glyphs:
            if number and g[0] - number[-1][2] > NUMBER_GAP * font_px:
                groups.append(number)
                number = []
            number.append(tuple(g))
        if number:
            groups.append(number)
    return groups


NUMBER_GAP = 0.3  # a horizontal gap wider than this x font px separates two numbers of one clue
GLYPH_CELL = 32  # glyphs are read on square cells of this side


def read_clue_strips(dark: np.ndarray, strips: list[tuple[str, tuple[int, int, int, int]]], font_px: float
                     ) -> list[ClueReading]:
    """Read the numbers in each clue strip (``kind``, pixel box) of the darkness map ``dark`` with the
    project's digit reader, all glyphs in one batch. A glyph wider than tall (touching digits), a glyph
    read as something other than a digit, or one read below the reader's confident level makes the
    strip's ``values`` None (unsure)."""
    from genpuzzle.verifiers import digits

    try:
        reader = digits.default_reader()
    except Exception:  # no usable digit model: every strip read is unsure (review), never a pass
        reader = None
    confident = getattr(digits, "CONFIDENT", 0.9)
    H, W = dark.shape
    cells: list[np.ndarray] = []
    plans: list[list[list[int]]] = []
    boxes_per_strip: list[list[list[int]]] = []
    bad: list[bool] = []
    for kind, (x0, y0, x1, y1) in strips:
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(W, x1), min(H, y1)
        crop = dark[y0:y1, x0:x1] if x1 > x0 and y1 > y0 else np.zeros((1, 1), np.uint8)
        ink = crop >= CLUE_INK
        groups = _glyph_groups(ink, kind, font_px)
        plan, gboxes, odd = [], [], False
        for number in groups:
            idx = []
            for gx0, gy0, gx1, gy1 in number:
                w, h = gx1 - gx0, gy1 - gy0
                if w > 1.05 * h or h < 0.3 * font_px:
                    odd = True  # touching digits or a fragment: not one digit
                side = int(max(w, h) * 1.5) + 2
                canvas = np.zeros((side, side), np.uint8)
                ox, oy = (side - w) // 2, (side - h) // 2
                canvas[oy:oy + h, ox:ox + w] = np.where(ink[gy0:gy1, gx0:gx1], crop[gy0:gy1, gx0:gx1], 0)
                cells.append(cv2.resize(255 - canvas, (GLYPH_CELL, GLYPH_CELL), interpolation=cv2.INTER_AREA))
                idx.append(len(cells) - 1)
                gboxes.append([x0 + gx0, y0 + gy0, x0 + gx1, y0 + gy1])
            plan.append(idx)
        plans.append(plan)
        boxes_per_strip.append(gboxes)
        bad.append(odd)
    if reader is None:
        return [ClueReading(None, 0.0, g, "digit reader unavailable") for g in boxes_per_strip]
    readings = reader.read(cells) if cells else []
    out = []
    for plan, gboxes, odd in zip(plans, boxes_per_strip, bad):
        values: list[int] | None = []
        conf = 1.0
        texts = []
        for idx in plan:
            glyphs = [readings[i] for i in idx]
            conf = min([conf] + [g.confidence for g in glyphs])
            texts.append("".join(str(g.digit) if g.digit is not None else "?" for g in glyphs))
            if values is not None and all(g.digit is not None and g.confidence >= confident for g in glyphs):
                values.append(int("".join(str(g.digit) for g in glyphs)))
            else:
                values = None
        if odd:
            values = None
        out.append(ClueReading(values, round(float(conf), 3), gboxes, " ".join(texts)))
    return out


CLUE_INK = 100  # darkness from which a clue-strip pixel is glyph ink
READ_DIGIT_FRACTION = 0.025  # a strip whose pixels differ from the input by this much of a digit is read
SWAP_DIGIT_FRACTION = 0.15  # ... or with this much of a digit's ink swapped with paper, pixel for pixel


_WEIGHT_KERNEL = np.ones((3, 3), np.uint8)


def check_clue_area(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any],
                    min_digit_fraction: float, answer_contrast: np.ndarray | None = None,
                    clues: dict[str, list[list[int]]] | None = None
                    ) -> tuple[list[Violation], float, dict[str, Any]]:
    """Check each row's and column's clue strip of the answer: unchanged pixels, or the same numbers.

    Each strip is first compared with the input's pixels, aligned locally (best shift within a few
    pixels, absorbing what registration left): input ink missing from the answer (erased) and strong
    ink added (overwritten), beyond a 2-3 px tolerance for blur and JPEG, count as changed pixels. A strip
    with at least ``min_digit_fraction`` of one digit's ink changed is then read by value with the digit
    reader (``clues``: the true ``row``/``col`` clues) as soon as READ_DIGIT_FRACTION of a digit's ink
    differs: the same numbers in another font pass; other numbers are a ``clue_changed`` violation with
    what was read; an unsure reading is charged as changed and listed for review. Without ``clues``
    every strip with ``min_digit_fraction`` changed is a violation.
    Returns (violations, fraction of clue lines preserved, extra: ``redrawn_clues`` read equal,
    ``unsure_clues`` for review).
    """
    font_px = int(layout.get("clue_font_px", 18))
    tol = max(1, round(0.04 * font_px))
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * tol + 1, 2 * tol + 1))
    opener = np.ones((2, 2), np.uint8)
    a_con = answer_contrast if answer_contrast is not None else contrast_map(answer, layout)
    if isinstance(a_con, tuple):
        a_con = a_con[0]
    i_con = _input_contrast(input_image)
    min_px = max(6.0, min_digit_fraction * digit_ink_px(font_px))
    read_px = max(4.0, READ_DIGIT_FRACTION * digit_ink_px(font_px))
    swap_px = max(6.0, SWAP_DIGIT_FRACTION * digit_ink_px(font_px))
    m = SHIFT_SEARCH_PX
    a_pad = cv2.copyMakeBorder(a_con, m, m, m, m, cv2.BORDER_CONSTANT, value=0)
    H, W = i_con.shape
    lines = [("row", r) for r in range(layout["rows"])] + [("col", c) for c in range(layout["cols"])]
    changed: list[tuple[str, int, list[int], int, int]] = []
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
        # pixels that swapped ink and paper without any tolerance: a digit changed into a similar one
        # (9 -> 5 at a small font) leaves only thin slivers that the tolerant counts above discard
        swapped = int(np.count_nonzero(((ref >= 160) & (got < 80)) | ((got >= 160) & (ref < 80))))
        if clues is not None and (n_erased >= read_px or n_added >= read_px or swapped >= swap_px):
            changed.append((kind, index, [x0, y0, x1, y1], n_erased, n_added))
        elif n_erased >= min_px or n_added >= min_px:
            changed.append((kind, index, [x0, y0, x1, y1], n_erased, n_added))
    violations: list[Violation] = []
    extra: dict[str, Any] = {}
    boxes = [(k, _read_box(layout, k, i, H, W)) for k, i, *_ in changed]
    readings = read_clue_strips(a_con, boxes, font_px) if clues is not None and changed else [None] * len(changed)
    unsure = [j for j, r in enumerate(readings) if r is not None and r.values is None]
    if unsure:
        # a pen 1 px heavier or lighter than the reader knows (small bold digits): read those strips again
        # with the strokes thinned and thickened by 1 px; a value is taken only when every sure re-reading
        # agrees on it, so a changed digit still reads as what it is
        again = [read_clue_strips(cv2.erode(a_con, _WEIGHT_KERNEL), [boxes[j] for j in unsure], font_px),
                 read_clue_strips(cv2.dilate(a_con, _WEIGHT_KERNEL), [boxes[j] for j in unsure], font_px)]
        for n, j in enumerate(unsure):
            sure = {tuple(r[n].values) for r in again if r[n].values is not None}
            if len(sure) == 1:
                readings[j] = again[0][n] if again[0][n].values is not None else again[1][n]
    charged = 0
    for (kind, index, box, n_erased, n_added), reading in zip(changed, readings):
        where = {"line": kind, "index": index, "erased_px": n_erased, "added_px": n_added, "bbox": box}
        if reading is None:
            what = "erased" if n_erased >= n_added else "overwritten"
            violations.append(Violation("clue_changed", f"{kind} {index + 1} clue numbers were {what} "
                                        f"({n_erased} px of clue ink missing, {n_added} px of ink added)", where))
            charged += 1
            continue
        expected = list(clues[kind][index]) or [0]
        where.update(read=reading.values, read_text=reading.text, expected=expected,
                     read_confidence=reading.confidence, glyph_boxes=reading.glyphs)
        if reading.values == expected:
            extra.setdefault("redrawn_clues", []).append([kind, index])
        elif reading.values is None:  # unsure: the pixels decide whether it is a change or a review
            extra.setdefault("unsure_clues", []).append(where)
            charged += 1
            if n_erased >= min_px or n_added >= min_px:
                violations.append(Violation("clue_changed", f"{kind} {index + 1} clue numbers differ from the "
                                            f"input ({n_erased} px of clue ink missing, {n_added} px added) and "
                                            f"do not read clearly ({reading.text or 'nothing'})", where))
        else:
            violations.append(Violation("clue_changed", f"{kind} {index + 1} clue reads "
                                        f"{' '.join(map(str, reading.values)) or 'nothing'}, "
                                        f"the puzzle's is {' '.join(map(str, expected))}", where))
            charged += 1
    preserved = 1.0 - charged / len(lines) if lines else 1.0
    return violations, preserved, extra


def _read_box(layout: dict[str, Any], kind: str, index: int, H: int, W: int) -> tuple[int, int, int, int]:
    """The clue strip to read: the strip extended to the page edge along the line, since numbers redrawn
    with wider gaps may reach past the strip's outer end."""
    x0, y0, x1, y1 = clue_strip(layout, kind, index)
    return (0, y0, x1, y1) if kind == "row" else (x0, 0, x1, y1)


def _input_contrast(image: np.ndarray) -> np.ndarray:
    """Darkness of the generated input (white paper, no shadow): 255 - its darkest channel."""
    a = np.asarray(image)
    grey = cells_mod._min_channel(a)
    return cv2.subtract(np.full_like(grey, 255), grey)


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


def check_crossed(reading: CellReading, solution: list[list[int]], layout: dict[str, Any]) -> list[Violation]:
    """Solution cells marked as empty (an X, a slash or a dot) instead of filled: one
    ``crossed_instead_of_filled`` violation listing the cells and their boxes."""
    cells = [(r, c) for r, c in reading.where(cells_mod.CROSSED) if solution[r][c]]
    if not cells:
        return []
    boxes = [[round(v) for v in cell_box(layout, r, c)] for r, c in cells]
    return [Violation("crossed_instead_of_filled",
                      f"{len(cells)} solution cell(s) marked as empty (X or dot) instead of filled: "
                      + ", ".join(f"r{r + 1}c{c + 1}" for r, c in cells[:8]) + (" ..." if len(cells) > 8 else ""),
                      {"cells": [[r, c] for r, c in cells], "boxes": boxes,
                       "bbox": [min(b[0] for b in boxes), min(b[1] for b in boxes),
                                max(b[2] for b in boxes), max(b[3] for b in boxes)]})]


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
    """The answer with what was read: a green dot per filled cell, a blue ring per crossed cell, an
    orange ring per unsure cell, and red boxes around broken lines and changed clue strips."""
    out = np.ascontiguousarray(np.asarray(answer)[:, :, :3].copy())
    colours = {cells_mod.CROSSED: (40, 90, 220), cells_mod.UNSURE: (250, 140, 0)}
    for r, row in enumerate(reading.states):
        for c, state in enumerate(row):
            x0, y0, x1, y1 = cell_box(layout, r, c)
            center = (round((x0 + x1) / 2), round((y0 + y1) / 2))
            radius = max(2, round((x1 - x0) * 0.15))
            if state == cells_mod.FILLED:
                cv2.circle(out, center, radius, (40, 200, 40), -1)
            elif state in colours:
                cv2.circle(out, center, radius, colours[state], 2)
    for v in violations:
        box = v.evidence.get("bbox")
        if box and v.code != "grid_incomplete":
            cv2.rectangle(out, (int(box[0]), int(box[1])), (int(box[2]), int(box[3])), (220, 30, 30), 2)
    return out
