"""Orthographic verification: read the answer grids (filled cells, or written stack heights), check them
against the structure by projection, check that the given drawing, views and captions are unchanged, and
score the five rubric dimensions with GenPuzzle's caps (``data/rubrics/orthographic.json``).

Image -> state: :func:`read_view_grid` (cell reader, any ink, hatching, pencil) and :func:`read_heights`
(the project's digit reader, open-set). State -> violations: :func:`check_views` and
:func:`check_heights`. Page checks: :func:`page_changes`. Score: :func:`orthographic_score`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from genpuzzle.records import Violation
from genpuzzle.renderers.common import cell_box
from genpuzzle.solvers.orthographic import VIEWS, consistent_cpsat, views_of

ADDED_INK = 110  # answer contrast from which a pixel counts as added ink (where the input had none)
TOLERANCE_PX = 3  # registration/blur slack around input ink
SHIFT_SEARCH_PX = 4  # regions are re-aligned within +-this many pixels before comparing
TONED_EMPTY = 20.0  # median darkness of a cell read empty from which the reading is unsure (blanks: <= 6)
# marks in an answer grid's cells read empty, sized in cells (genpuzzle.ink.unexplained_marks)
MARK_PARAMS = {"min_extent": 0.2, "min_area": 0.008, "join": 0.05}
MARK_FAINT = 60  # contrast from which ink in an empty cell is a faint mark (sure from ADDED_INK)
MARK_LINE_BAND = 0.12  # of a cell: the grid lines' band (where a line drawn thicker or a few px off lands)
MARK_FILL_SPILL = 0.1  # of a cell: how far a filled cell's ink may run over into its neighbours


# ------------------------------------------------------------------------------------------ reading


def contrast_map(image: np.ndarray, cell_px: float) -> np.ndarray:
    """Per-pixel darkness 0..255 against the local, shadow-corrected paper, in the most-darkened channel
    (the shared cell reader's :func:`cells.darkness_map`), so grey and coloured inks count as well as
    black and a shadowed page reads as paper. Computed once per image for the cells and the page checks."""
    from genpuzzle.verifiers.cells import darkness_map

    return darkness_map(image, cell_px)


def read_cell_marks(image: np.ndarray, grid: dict[str, Any], darkness: np.ndarray | None = None
                    ) -> tuple[np.ndarray, np.ndarray]:
    """Filled (1) / not filled (0) and a confidence per cell of one grid, from the shared cell-mark
    reader (``verifiers.cells.read_marks``: filled / crossed / blank / unsure, shadow-corrected). An
    ``unsure`` cell gets confidence 0 so that it is charged as wrong and sent to review; crossed and
    blank cells are empty, unless evenly toned (see ``TONED_EMPTY``)."""
    from genpuzzle.verifiers.cells import FILLED, UNSURE, read_marks

    n_rows, n_cols = grid["rows"], grid["cols"]
    marks = read_marks(image, grid_bbox=grid["grid_bbox"], rows=n_rows, cols=n_cols, darkness=darkness)
    values = np.array([s == FILLED for s in marks.states], np.int64).reshape(n_rows, n_cols)
    # A cell read empty although its median darkness is far above paper (light even shading can be
    # taken for paper) is not a confident empty: unsure, so it goes to review instead of passing.
    toned_empty = [s != FILLED and float(ev.get("tone", 0.0)) >= TONED_EMPTY
                   for s, ev in zip(marks.states, marks.evidence)]
    conf = np.array([0.0 if s == UNSURE or toned else c
                     for s, c, toned in zip(marks.states, marks.confidence, toned_empty)],
                    float).reshape(n_rows, n_cols)
    return values, conf


@dataclass
class GridReading:
    """One answer grid read back: values (0/1 cells or heights), per-cell confidence, and whether the
    grid holds an answer at all."""

    values: np.ndarray
    confidence: np.ndarray
    answered: bool
    line_coverage: float = 1.0
    extra: dict[str, Any] = field(default_factory=dict)


def read_view_grid(answer: np.ndarray, contrast: np.ndarray, grid: dict[str, Any]) -> GridReading:
    """Read one n x n view grid as filled (1) / empty (0) cells with confidences, and the marks drawn in
    cells read empty (:func:`empty_cell_marks`, in ``extra["marks"]``): a faint one makes its cell unsure."""
    cells, conf = read_cell_marks(answer, grid, contrast)
    marks = empty_cell_marks(contrast, grid, cells)
    for m in marks:
        if not m["sure"]:
            conf[m["cell"][0], m["cell"][1]] = 0.0
    return GridReading(cells, conf, bool(cells.any()), extra={"marks": marks})


def empty_cell_marks(contrast: np.ndarray, grid: dict[str, Any], filled: np.ndarray) -> list[dict[str, Any]]:
    """Ink in a grid's cells read empty that no grid line or neighbouring fill explains -- a scribble, a
    tick, a dot, a digit: the cell is no longer the blank the view says it is. Sized in cells
    (``MARK_PARAMS``, :func:`genpuzzle.ink.unexplained_marks`): ``sure`` at the added-ink contrast
    (``ADDED_INK``), faint from ``MARK_FAINT``. Each mark: its cell (row, column; the cell holding most of
    its box), ``bbox``, size and ink."""
    from genpuzzle.ink import unexplained_marks

    H, W = contrast.shape
    x0, y0, x1, y1 = grid["grid_bbox"]
    rows, cols = grid["rows"], grid["cols"]
    cell = min((x1 - x0) / cols, (y1 - y0) / rows)
    region = np.zeros((H, W), bool)
    region[max(0, int(y0)):max(0, int(np.ceil(y1))), max(0, int(x0)):max(0, int(np.ceil(x1)))] = True
    explained = np.zeros((H, W), np.uint8)
    band = max(3, int(round(MARK_LINE_BAND * cell)))
    for k in range(cols + 1):
        x = int(round(x0 + k * (x1 - x0) / cols))
        explained[:, max(0, x - band):max(0, x + band + 1)] = 1
    for k in range(rows + 1):
        y = int(round(y0 + k * (y1 - y0) / rows))
        explained[max(0, y - band):max(0, y + band + 1), :] = 1
    spill = max(band, int(round((MARK_LINE_BAND + MARK_FILL_SPILL) * cell)))
    for r, c in zip(*np.nonzero(np.asarray(filled) == 1)):
        bx0, by0, bx1, by1 = cell_box(grid, int(r), int(c))
        explained[max(0, int(by0) - spill):max(0, int(by1) + spill + 1),
                  max(0, int(bx0) - spill):max(0, int(bx1) + spill + 1)] = 1
    if not (region & (explained == 0)).any():
        return []
    marks = unexplained_marks(contrast >= ADDED_INK, contrast >= MARK_FAINT, explained > 0, cell, region, MARK_PARAMS)
    out = []
    for m in marks:
        cx, cy = (m.bbox[0] + m.bbox[2]) / 2, (m.bbox[1] + m.bbox[3]) / 2
        r = min(rows - 1, max(0, int((cy - y0) // ((y1 - y0) / rows))))
        c = min(cols - 1, max(0, int((cx - x0) // ((x1 - x0) / cols))))
        out.append({"cell": [r, c], **m.to_json(cell)})
    return out


def read_heights(answer: np.ndarray, contrast: np.ndarray, grid: dict[str, Any]) -> GridReading:
    """Read the digit written in each cell of the heights grid (blank = 0); open-set: any digit 0-9 is
    read as written, never restricted to the allowed heights."""
    from genpuzzle.verifiers.digits import default_reader

    n = grid["rows"]
    crops = []
    for r in range(n):
        for c in range(n):
            x0, y0, x1, y1 = cell_box(grid, r, c)
            w = x1 - x0
            crops.append(np.ascontiguousarray(answer[round(y0 + 0.08 * w):round(y1 - 0.08 * w),
                                                     round(x0 + 0.08 * w):round(x1 - 0.08 * w)]))
    readings = default_reader().read(crops)
    symbols = [getattr(rd, "symbol", "") or ("blank" if rd.digit is None else str(rd.digit)) for rd in readings]
    # -1 marks ink that is not a digit (a letter, a scribble, pencil candidates): charged, never guessed
    values = np.array([rd.digit if rd.digit is not None else (0 if sym == "blank" else -1)
                       for rd, sym in zip(readings, symbols)], np.int64).reshape(n, n)
    conf = np.array([rd.confidence for rd in readings], float).reshape(n, n)
    return GridReading(values, conf, any(sym != "blank" for sym in symbols),
                       extra={"symbols": [symbols[i:i + n] for i in range(0, n * n, n)]})


# ------------------------------------------------------------------------------------------ page


def _aligned(a_con: np.ndarray, i_con: np.ndarray, box: list[int], context: int = 0
             ) -> tuple[np.ndarray, np.ndarray]:
    """The input's and the answer's contrast in ``box``, the answer re-aligned within a few pixels (on
    ``box``), both with ``context`` px around it (zero beyond the image)."""
    H, W = i_con.shape
    x0, y0, x1, y1 = max(0, box[0]), max(0, box[1]), min(W, box[2]), min(H, box[3])
    m, c = SHIFT_SEARCH_PX, context
    pad_i = cv2.copyMakeBorder(i_con, c, c, c, c, cv2.BORDER_CONSTANT, value=0)
    pad_a = cv2.copyMakeBorder(a_con, m + c, m + c, m + c, m + c, cv2.BORDER_CONSTANT, value=0)
    ref = pad_i[y0:y1 + 2 * c, x0:x1 + 2 * c]
    inner = ref[c:ref.shape[0] - c, c:ref.shape[1] - c]
    search = pad_a[y0 + c:y1 + c + 2 * m, x0 + c:x1 + c + 2 * m]
    dx = dy = m
    if inner.size and inner.max() >= 160 and search.shape[0] >= inner.shape[0] and search.shape[1] >= inner.shape[1]:
        scores = cv2.matchTemplate(search.astype(np.float32), inner.astype(np.float32), cv2.TM_SQDIFF)
        _, _, (dx, dy), _ = cv2.minMaxLoc(scores)
    return ref, pad_a[y0 + dy:y0 + dy + ref.shape[0], x0 + dx:x0 + dx + ref.shape[1]]


def region_change(a_con: np.ndarray, i_con: np.ndarray, box: list[int], tile: int = 64,
                  tolerance: int = TOLERANCE_PX) -> tuple[int, int, int]:
    """(erased px, added px, input ink px) of one region: input ink with no answer ink nearby, and
    strong answer ink with no input ink nearby (within ``tolerance`` px), isolated pixels ignored. Large
    regions are compared in
    tiles of about ``tile`` px, each re-aligned on its own, so a smooth bend of a redrawn page (a few px,
    varying across the page) is not taken for a change."""
    x0, y0, x1, y1 = box
    nx, ny = max(1, round((x1 - x0) / tile)), max(1, round((y1 - y0) / tile))
    xs = np.linspace(x0, x1, nx + 1).round().astype(int)
    ys = np.linspace(y0, y1, ny + 1).round().astype(int)
    erased = added = ink = 0
    for i in range(ny):
        for j in range(nx):
            e, a, k = _tile_change(a_con, i_con, [xs[j], ys[i], xs[j + 1], ys[i + 1]], tolerance)
            erased, added, ink = erased + e, added + a, ink + k
    return erased, added, ink


def _tile_change(a_con: np.ndarray, i_con: np.ndarray, box: list[int], tolerance: int = TOLERANCE_PX
                 ) -> tuple[int, int, int]:
    # ink just beyond the tile's edge is "nearby" too: a line running along the edge outside the tile,
    # drawn a pixel or two wider or off in the answer, is not ink added inside the tile
    c = TOLERANCE_PX
    ref, got = _aligned(a_con, i_con, box, context=c)
    if ref.shape[0] <= 2 * c or ref.shape[1] <= 2 * c or got.shape != ref.shape:
        return 0, 0, 0
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * tolerance - 1, 2 * tolerance - 1))
    opener = np.ones((2, 2), np.uint8)
    near_got = cv2.dilate((got >= 40).astype(np.uint8), kernel)
    near_ref = cv2.dilate((ref >= 40).astype(np.uint8), kernel)
    tile = (slice(c, ref.shape[0] - c), slice(c, ref.shape[1] - c))
    erased = cv2.morphologyEx(((ref >= 160) & (near_got == 0)).astype(np.uint8), cv2.MORPH_OPEN, opener)[tile]
    added = cv2.morphologyEx(((got >= ADDED_INK) & (near_ref == 0)).astype(np.uint8), cv2.MORPH_OPEN, opener)[tile]
    return int(erased.sum()), int(added.sum()), int((ref[tile] >= 160).sum())


def grid_line_coverage(a_con: np.ndarray, i_con: np.ndarray, grid: dict[str, Any]) -> float:
    """Share of the input's grid-line pixels of one grid still inked (within a few px) in the answer, at the
    answer's shift within ``SHIFT_SEARCH_PX`` that covers most of them (the registration residual).

    The shift is the measure's own, not :func:`_aligned`'s squared difference: that one rewards putting the
    input's lines on any answer ink, and with dark fills inset from thin redrawn lines it chose a shift
    that laid the lines on the fills, off the lines themselves (AUDIT14: 0.83-0.87, ``grid_changed`` on
    correct answers on a keystoned page; 1.0 unshifted)."""
    x0, y0, x1, y1 = grid["grid_bbox"]
    box = [x0 - 4, y0 - 4, x1 + 5, y1 + 5]
    m = SHIFT_SEARCH_PX
    pad_i = cv2.copyMakeBorder(i_con, m, m, m, m, cv2.BORDER_CONSTANT, value=0)
    pad_a = cv2.copyMakeBorder(a_con, 2 * m, 2 * m, 2 * m, 2 * m, cv2.BORDER_CONSTANT, value=0)
    bx0, by0, bx1, by1 = box[0] + m, box[1] + m, box[2] + m, box[3] + m
    if bx0 < 0 or by0 < 0 or bx1 > pad_i.shape[1] or by1 > pad_i.shape[0]:
        return 0.0
    lines = (pad_i[by0:by1, bx0:bx1] >= 120).astype(np.float32)
    if not lines.any():
        return 0.0
    # any ink counts: a light fill drawn over a line still marks the cell boundary
    search = pad_a[by0:by1 + 2 * m, bx0:bx1 + 2 * m]
    near = cv2.dilate((search >= 40).astype(np.uint8), np.ones((2 * TOLERANCE_PX + 1,) * 2, np.uint8))
    overlap = cv2.matchTemplate(near.astype(np.float32), lines, cv2.TM_CCORR)
    return float(min(1.0, overlap.max() / lines.sum()))


@dataclass
class PageCheck:
    violations: list[Violation]
    labels_kept: float
    givens_kept: float
    stray_px: int
    inside_px: int
    unsure_labels: list[str] = field(default_factory=list)  # captions changed whose words cannot be told


CAPTION_STRICT_PX = 1  # px: a caption is also compared this tightly (a different word in the same place)
# the frame of the registered page: ink within this many px (or 1 % of the short side) of the image's edge
EDGE_BAND_PX = 8
EDGE_BAND_FRACTION = 0.01
EDGE_BAND_SHARE = 0.9  # share of a component's pixels in the edge band from which it is the page's edge


def edge_residue(stats: np.ndarray, labels: np.ndarray, shape: tuple[int, int]) -> set[int]:
    """Labels of ink components that are the edge of the photographed sheet, not marks: touching the image's
    edge with at least ``EDGE_BAND_SHARE`` of their pixels within the edge band (a desk or a dark margin
    left as a thin wedge along the edge by a keystoned or tilted page's registration; maze's
    ``_border_bars`` are the straight case). A mark drawn on the page lies inside it, not in its last
    pixels."""
    h, w = shape
    depth = max(EDGE_BAND_PX, round(EDGE_BAND_FRACTION * min(h, w)))
    band = np.ones((h, w), bool)
    band[depth:h - depth, depth:w - depth] = False
    out = set()
    for i in range(1, len(stats)):
        x, y, bw, bh, area = (int(v) for v in stats[i][:5])
        if not (x == 0 or y == 0 or x + bw == w or y + bh == h):
            continue
        sel = labels[y:y + bh, x:x + bw] == i
        if float(band[y:y + bh, x:x + bw][sel].sum()) >= EDGE_BAND_SHARE * area:
            out.add(i)
    return out


def _grow(box: list[int], px: int) -> list[int]:
    return [box[0] - px, box[1] - px, box[2] + px, box[3] + px]


GRID_SIDE_SEARCH = 0.5  # of a cell: how far from the layout's side an answer grid's own side is looked for
GRID_SIDE_INLIERS = 0.6  # share of a side's positions the fitted line must explain (within 2 px)
GRID_SIDE_MIN_EXCESS = 2.0  # px: a grid displaced less than this (answer vs input) is taken where the layout says


def located_grid_quad(answer_con: np.ndarray, grid: dict[str, Any]) -> np.ndarray | None:
    """Where an answer grid's own outline lies on the registered answer, as a quadrilateral (4 corners,
    x/y, clockwise from top left), or None when it cannot be told.

    Registration leaves a residual of several pixels on a tilted page (seed 12400: the front grid's
    bottom-left corner ~10 px off, its black fill outside the layout box + 6 px). A perspective maps the
    grid's straight sides to straight lines, so each side is found as the outermost ink of the grid's
    own ink (the component holding most of its frame) at each position along it, within
    ``GRID_SIDE_SEARCH`` cell of the layout's side, fitted with a line that must explain
    ``GRID_SIDE_INLIERS`` of the positions within 2 px: a mark touching the grid over a short stretch is an
    outlier of the fit, not part of the side."""
    x0, y0, x1, y1 = (float(v) for v in grid["grid_bbox"])
    cell = min((x1 - x0) / grid["cols"], (y1 - y0) / grid["rows"])
    reach = int(round(GRID_SIDE_SEARCH * cell))
    h, w = answer_con.shape
    bx0, by0 = max(0, int(x0) - reach), max(0, int(y0) - reach)
    bx1, by1 = min(w, int(np.ceil(x1)) + reach + 1), min(h, int(np.ceil(y1)) + reach + 1)
    ink = (answer_con[by0:by1, bx0:bx1] >= ADDED_INK).astype(np.uint8)
    count, labels = cv2.connectedComponents(ink, connectivity=8)
    if count < 2:
        return None
    # the grid's own ink: the component with the most ink along the layout's outline (a band a quarter cell
    # wide each side of it: the outline may lie a few px off); each side is checked to be there below
    frame = np.zeros_like(ink)
    cv2.rectangle(frame, (int(x0) - bx0, int(y0) - by0), (int(x1) - bx0, int(y1) - by0), 1,
                  2 * max(1, int(round(0.25 * cell))) + 1)
    hits = np.bincount(labels[(frame > 0) & (ink > 0)], minlength=count)
    hits[0] = 0
    if not hits.any():
        return None
    mine = labels == int(hits.argmax())
    lines = []
    for side in ("top", "right", "bottom", "left"):
        along = np.arange(int(x0 + 0.1 * (x1 - x0)), int(x1 - 0.1 * (x1 - x0))) if side in ("top", "bottom") \
            else np.arange(int(y0 + 0.1 * (y1 - y0)), int(y1 - 0.1 * (y1 - y0)))
        level = {"top": y0, "bottom": y1, "left": x0, "right": x1}[side]
        outward = 1 if side in ("bottom", "right") else -1
        pts = []
        for t in along:
            lo, hi = int(level) - reach, int(level) + reach
            if side in ("top", "bottom"):
                col = mine[max(0, lo - by0):max(0, hi - by0 + 1), t - bx0] if bx0 <= t < bx1 else np.zeros(0, bool)
                first = max(lo, by0)
            else:
                col = mine[t - by0, max(0, lo - bx0):max(0, hi - bx0 + 1)] if by0 <= t < by1 else np.zeros(0, bool)
                first = max(lo, bx0)
            idx = np.nonzero(col)[0]
            if len(idx):
                pts.append((t, first + (idx.max() + 1 if outward > 0 else idx.min())))
        if len(pts) < 0.5 * len(along):
            return None
        t, v = np.array(pts, float).T
        keep = np.ones(len(t), bool)
        for _ in range(4):  # a trimmed line fit: drop positions off the line (a mark touching the grid)
            k, c = np.polyfit(t[keep], v[keep], 1)
            resid = np.abs(v - (k * t + c))
            keep = resid <= max(2.0, 2.5 * float(np.median(resid[keep])))
        if keep.sum() < GRID_SIDE_INLIERS * len(along) or float(np.mean(resid[keep])) > 2.0:
            return None
        lines.append((side, float(k), float(c)))
    (_, kt, ct), (_, kr, cr), (_, kb, cb), (_, kl, cl) = lines

    def meet(kh: float, ch: float, kv: float, cv: float) -> tuple[float, float]:
        # y = kh * x + ch (a horizontal side), x = kv * y + cv (a vertical one)
        y = (kh * cv + ch) / (1 - kh * kv)
        return kv * y + cv, y

    return np.array([meet(kt, ct, kl, cl), meet(kt, ct, kr, cr), meet(kb, cb, kr, cr), meet(kb, cb, kl, cl)])


def answer_grid_region(answer_con: np.ndarray, input_con: np.ndarray, grid: dict[str, Any], grow_px: int
                       ) -> np.ndarray:
    """The pixels a grid's own ink may cover (an answer grid's, or a given view's), a bool mask: its layout
    box grown by ``grow_px`` and, where the page's geometry displaced the grid, that box moved corner by
    corner by the displacement of the grid's outline located on the answer against the same outline
    located on the input (:func:`located_grid_quad`: the registration residual measured on the grid's own
    lines), grown by ``grow_px`` too. A correct answer's grid fill displaced with its lines is the grid's;
    ink beyond the displaced grid by more than ``grow_px`` is not."""
    h, w = answer_con.shape
    out = np.zeros((h, w), bool)
    x0, y0, x1, y1 = _grow(grid["grid_bbox"], grow_px)
    out[max(0, y0):y1, max(0, x0):x1] = True
    on_answer = located_grid_quad(answer_con, grid)
    if on_answer is None:
        return out
    on_input = located_grid_quad(input_con, grid)
    if on_input is None:
        return out
    moved = on_answer - on_input
    if float(np.abs(moved).max()) < GRID_SIDE_MIN_EXCESS:
        return out
    corners = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], float) + moved
    poly = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(poly, np.round(corners).astype(np.int32), 1)
    return out | (poly > 0)


def read_caption(answer: np.ndarray, lines: dict[str, Any]) -> list[str] | None:
    """The text of a caption's lines as the optional recogniser reads it (None without it)."""
    from genpuzzle.verifiers.ocr import ocr_available, read_cell

    if not ocr_available():
        return None
    H, W = answer.shape[:2]
    out = []
    for x0, y0, x1, y1 in lines["boxes"]:
        crop = answer[max(0, y0 - 3):min(H, y1 + 3), max(0, x0 - 6):min(W, x1 + 6)]
        out.append(read_cell(crop).text if crop.size else "")
    return out


# Greek and Cyrillic letters the recogniser returns for Latin ones of the same shape (a rounded "p" read as
# rho: AUDIT14, Comfortaa captions)
LOOKALIKES = str.maketrans({"ρ": "p", "ο": "o", "α": "a", "ν": "v", "τ": "t", "ι": "i", "κ": "k", "υ": "u",
                            "р": "p", "о": "o", "а": "a", "е": "e", "с": "c", "т": "t", "н": "h", "х": "x",
                            "і": "i", "у": "y", "к": "k", "м": "m", "в": "b"})


def _letters(text: str) -> str:
    return "".join(ch for ch in text.lower().translate(LOOKALIKES) if ch.isalpha())


def captions_match(read: list[str], expected: list[str]) -> bool:
    """The caption word reads exactly (letters, any case, lookalike letters of other scripts as their Latin
    twins); the orientation hint reads closely (OCR drops a letter now and then)."""
    from difflib import SequenceMatcher

    if _letters(read[0]) != _letters(expected[0]):
        return False
    return all(SequenceMatcher(None, _letters(r), _letters(e)).ratio() >= 0.8 for r, e in zip(read[1:], expected[1:]))


def caption_clearly_other(read: list[str], expected: list[str]) -> bool:
    """The caption word reads as another word, not as the expected one with letters dropped or misread: at
    least 3 letters, and at most half of them in common with the expected word (SequenceMatcher ratio
    < 0.5). "Side" for "Right" is another word; "T" for "Top" is a recogniser slip."""
    from difflib import SequenceMatcher

    got, want = _letters(read[0]), _letters(expected[0])
    return len(got) >= 3 and SequenceMatcher(None, got, want).ratio() < 0.5


def page_changes(answer: np.ndarray, answer_con: np.ndarray, input_con: np.ndarray, layout: dict[str, Any],
                 rubric: dict[str, Any]) -> PageCheck:
    """Account for every mark outside the answer grids: captions (``labels_changed``; a caption whose
    pixels changed but whose words read the same is a redraw, not a change; one compared within
    ``CAPTION_STRICT_PX`` too, so that another word over the old one is read; a changed caption read as
    the expected word with letters dropped is unsure: ``unsure_labels``, review), the drawing, the arrow
    and the given grids (``drawing_changed``), anything else (``stray_ink``; the sheet's edge left along
    the image's edge by registration is not: :func:`edge_residue`)."""
    violations: list[Violation] = []
    labels = layout["labels"]
    changed_labels = 0
    unsure_labels = []
    for name, box in labels.items():
        erased, added, _ = region_change(answer_con, input_con, box)
        lines = (layout.get("caption_lines") or {}).get(name)
        loose = max(erased, added) >= rubric["changed_label_min_px"]
        if not loose:
            # another word written where the caption was overlaps its old ink within the usual slack: compared
            # tightly too, and then the words are read (AUDIT14: "Side" over "Right" passed)
            # (both ways: a caption drawn thicker only adds ink beside its strokes, a thinner one only loses
            # some; another word does both)
            tight = region_change(answer_con, input_con, box, tolerance=CAPTION_STRICT_PX)
            if min(tight[0], tight[1]) < rubric["changed_label_min_px"] or not lines:
                continue
            read = read_caption(answer, lines)
            if read is None or _letters(read[0]) == _letters(lines["text"][0]):
                continue  # the caption word reads the same (its hint line is not judged this tightly)
            if not caption_clearly_other(read, lines["text"]):
                unsure_labels.append(name)
                continue
            erased, added = tight[0], tight[1]
        else:
            read = read_caption(answer, lines) if lines else None
            if read is not None and captions_match(read, lines["text"]):
                continue  # redrawn (another font, size or place) but the same words
            if read is not None and not caption_clearly_other(read, lines["text"]) and \
                    min(erased, added) < rubric["changed_label_min_px"]:
                # little ink moved and the words half read ("T" for "Top"): a redraw the recogniser
                # stumbled on, or not; not a confident change
                unsure_labels.append(name)
                continue
        changed_labels += 1
        ev = {"label": name, "erased_px": erased, "added_px": added, "bbox": box}
        if read is not None:
            ev["read"] = read
        violations.append(Violation("labels_changed", f"the {name!r} caption was "
                                    f"{'erased' if erased >= added else 'overwritten'}"
                                    + (f" (reads {' / '.join(read)!r})" if read is not None else ""), ev))
    given_boxes = {f"{g} view": _grow(layout["grids"][g]["grid_bbox"], 3) for g in layout["given_grids"]}
    if "drawing_bbox" in layout:
        given_boxes["drawing"] = layout["drawing_bbox"]
    kept = []
    for name, box in given_boxes.items():
        erased, added, ink = region_change(answer_con, input_con, box)
        kept.append(max(0.0, 1.0 - erased / ink) if ink else 1.0)
        if max(erased, added) >= rubric["changed_region_min_px"]:
            violations.append(Violation("drawing_changed", f"the given {name} was changed "
                                        f"({erased} px erased, {added} px added)",
                                        {"region": name, "erased_px": erased, "added_px": added, "bbox": box}))
    # Added ink anywhere else: components of strong answer ink with no input ink nearby.
    near_input = cv2.dilate((input_con >= 40).astype(np.uint8), np.ones((2 * TOLERANCE_PX + 3,) * 2, np.uint8))
    added = ((answer_con >= ADDED_INK) & (near_input == 0)).astype(np.uint8)
    inside = np.zeros_like(added)
    for g in layout["answer_grids"]:
        # (where registration left the grid's outline outside its layout box, the grid as located on the page)
        inside[answer_grid_region(answer_con, input_con, layout["grids"][g], 6)] = 1
    covered = inside.copy()
    for box in list(labels.values()) + list(given_boxes.values()):
        x0, y0, x1, y1 = box
        covered[max(0, y0):y1, max(0, x0):x1] = 1
    for g in layout["given_grids"]:  # a given view's lines displaced by the page's geometry are its own too
        if g in layout["grids"]:
            covered[answer_grid_region(answer_con, input_con, layout["grids"][g], 3)] = 1
    inside_px = int((added & inside).sum())
    outside = cv2.morphologyEx(added & (1 - covered), cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    count, comp_labels, stats, _ = cv2.connectedComponentsWithStats(outside, connectivity=8)
    residue = edge_residue(stats, comp_labels, outside.shape)
    stray = [stats[i] for i in range(1, count)
             if stats[i, cv2.CC_STAT_AREA] >= rubric["stray_ink_min_component_px"] and i not in residue]
    stray_px = int(sum(s[cv2.CC_STAT_AREA] for s in stray))
    if stray:
        xs0 = min(s[0] for s in stray)
        ys0 = min(s[1] for s in stray)
        xs1 = max(s[0] + s[2] for s in stray)
        ys1 = max(s[1] + s[3] for s in stray)
        violations.append(Violation("stray_ink", f"{len(stray)} mark(s) ({stray_px} px) added outside every grid",
                                    {"components": len(stray), "px": stray_px,
                                     "bbox": [int(xs0), int(ys0), int(xs1), int(ys1)]}))
    labels_kept = 1.0 - (changed_labels + len(unsure_labels)) / len(labels) if labels else 1.0
    return PageCheck(violations, labels_kept, float(np.mean(kept)) if kept else 1.0, stray_px, inside_px,
                     unsure_labels)


# ------------------------------------------------------------------------------------------ rules


def _iou(read: np.ndarray, truth: np.ndarray) -> float:
    both = int((read.astype(bool) & truth.astype(bool)).sum())
    either = int((read.astype(bool) | truth.astype(bool)).sum())
    return both / either if either else 1.0


def _mirrors(view: str, grid: np.ndarray) -> list[tuple[str, np.ndarray]]:
    out = [("left-right", grid[:, ::-1])]
    if view in ("top", "heights"):
        out.append(("front-back", grid[::-1, :]))
    return out


def check_views(read: dict[str, GridReading], truth: dict[str, np.ndarray], given: list[str],
                layout: dict[str, Any], review_below: float) -> tuple[list[Violation], float, bool, list]:
    """Check answer view grids. Returns (violations, projection fraction, exact, unsure cells).

    Unsure cells are charged as wrong in the fraction (set to the opposite of the truth) but raise no
    violation: the verdict asks for review instead."""
    violations: list[Violation] = []
    fractions, unsure, exact = [], [], True
    for name, rd in read.items():
        t = truth[name]
        low = rd.confidence < review_below
        unsure += [[name, int(r), int(c)] for r, c in zip(*np.nonzero(low))]
        charged = np.where(low, 1 - t, rd.values)
        fractions.append(_iou(charged, t) if rd.answered else 0.0)
        if not rd.answered:
            exact = False
            continue
        # only confident readings are charged as violations; unsure ones go to review (and cost points)
        wrong = np.argwhere((rd.values != t) & ~low)
        marks = [m for m in rd.extra.get("marks", []) if m["sure"]]
        if marks:
            exact = False
            grid = layout["grids"][name]
            cell = (grid["grid_bbox"][2] - grid["grid_bbox"][0]) / grid["cols"]
            m = marks[0]
            w, h = m["bbox"][2] - m["bbox"][0], m["bbox"][3] - m["bbox"][1]
            violations.append(Violation(
                "stray_mark", f"{name} view: {len(marks)} mark(s) drawn in cell(s) read empty, first at row "
                f"{m['cell'][0] + 1}, column {m['cell'][1] + 1} ({w} x {h} px, {m['extent_px'] / cell:.2f} cell, "
                f"{m['area_px']} px of ink)",
                {"view": name, "marks": marks, "bbox": marks[0]["bbox"], "cell_px": round(cell, 1),
                 "cell_boxes": [m["bbox"] for m in marks]}))
        if len(wrong) or low.any():
            exact = False
        if len(wrong):
            violations.append(Violation(
                "wrong_cells", f"{name} view: {len(wrong)} cell(s) wrong, first at row {wrong[0][0] + 1}, "
                f"column {wrong[0][1] + 1}",
                {"view": name, "cells": [[int(r), int(c), int(t[r, c]), int(rd.values[r, c])] for r, c in wrong],
                 "bbox": list(layout["grids"][name]["grid_bbox"]),
                 "cell_boxes": [[round(v) for v in cell_box(layout["grids"][name], r, c)] for r, c in wrong]}))
            for other in VIEWS if not low.any() else ():
                if other != name and not np.array_equal(truth[other], t) and np.array_equal(rd.values, truth[other]):
                    violations.append(Violation("swapped_views", f"the {name} grid holds the {other} view",
                                                {"grid": name, "holds": other,
                                                 "bbox": list(layout["grids"][name]["grid_bbox"])}))
            for how, m in _mirrors(name, t) if not low.any() else ():
                if np.array_equal(rd.values, m):
                    violations.append(Violation("mirrored_view", f"the {name} view is mirrored {how}",
                                                {"view": name, "mirror": how,
                                                 "bbox": list(layout["grids"][name]["grid_bbox"])}))
    if all(rd.answered for rd in read.values()) and not exact and not unsure:
        views = {name: truth[name] for name in given}
        views.update({name: rd.values for name, rd in read.items()})
        if len(views) >= 2 and not consistent_cpsat(views, layout["n"]):
            violations.append(Violation("inconsistent_projection",
                                        "no stacked structure has these views (CP-SAT: infeasible)",
                                        {"views": sorted(views)}))
    return violations, float(np.mean(fractions)) if fractions else 0.0, exact, unsure


def check_heights(rd: GridReading, truth: dict[str, np.ndarray], layout: dict[str, Any],
                  review_below: float) -> tuple[list[Violation], float, bool, list]:
    """Check written stack heights: their three views must equal the given views (every such structure
    is accepted). Returns (violations, projection fraction, exact, unsure cells)."""
    n = layout["n"]
    grid = layout["grids"]["heights"]
    violations: list[Violation] = []
    low = rd.confidence < review_below
    unsure = [["heights", int(r), int(c)] for r, c in zip(*np.nonzero(low))]
    if not rd.answered:
        return violations, 0.0, False, unsure
    heights = rd.values
    symbols = rd.extra.get("symbols")
    for r, c in np.argwhere(((heights > n) | (heights < 0)) & ~low):
        what = f"height {heights[r, c]}" if heights[r, c] >= 0 else f"a mark that is not a digit ({symbols[r][c]})"
        violations.append(Violation("height_out_of_range", f"{what} written at row {r + 1}, column {c + 1}; "
                                    f"heights run 1..{n}",
                                    {"cell": [int(r), int(c)], "read": int(heights[r, c]),
                                     **({"symbol": symbols[r][c]} if symbols else {}),
                                     "bbox": [round(v) for v in cell_box(grid, r, c)]}))
    clipped = np.clip(heights, 0, n)
    got = views_of(clipped)
    fractions = []
    for name in VIEWS:
        wrong = np.argwhere(got[name] != truth[name])
        fractions.append(_iou(got[name], truth[name]))
        if len(wrong):
            culprits = _height_culprits(clipped, truth, name, wrong)
            if culprits and all(low[r, c] for r, c in culprits):
                continue  # only unsure digits are behind it: review, not a verdict
            violations.append(Violation(
                "wrong_cells", f"the heights give a wrong {name} view at {len(wrong)} cell(s); heights at "
                f"{', '.join(f'row {r + 1} column {c + 1}' for r, c in culprits[:3])} disagree with it",
                {"view": name, "cells": [[int(r), int(c), int(truth[name][r, c]), int(got[name][r, c])]
                                         for r, c in wrong], "height_cells": [list(rc) for rc in culprits],
                 "bbox": list(grid["grid_bbox"]),
                 "cell_boxes": [[round(v) for v in cell_box(grid, r, c)] for r, c in culprits]}))
    exact = not violations and not low.any()
    if any(v.code == "wrong_cells" for v in violations):
        for how, m in _mirrors("heights", clipped):
            mv = views_of(m)
            if all(np.array_equal(mv[v], truth[v]) for v in VIEWS):
                violations.append(Violation("mirrored_view", f"the heights are written mirrored {how}",
                                            {"view": "heights", "mirror": how, "bbox": list(grid["grid_bbox"])}))
        if (np.array_equal(got["front"], truth["right"]) and np.array_equal(got["right"], truth["front"])
                and not np.array_equal(truth["front"], truth["right"])):
            violations.append(Violation("swapped_views", "the heights give the front and right views swapped",
                                        {"grid": "heights", "bbox": list(grid["grid_bbox"])}))
    fraction = float(np.mean(fractions)) * (1.0 - float(low.sum()) / (n * n))
    return violations, fraction, exact, unsure


def _height_culprits(heights: np.ndarray, truth: dict[str, np.ndarray], view: str,
                     wrong: np.ndarray) -> list[tuple[int, int]]:
    """The heights-grid cells behind a wrong view: the cell itself for the top view; for a front/right
    view column, the stacks taller than the true silhouette there, or, when the column is too low, the
    stacks in it that could have been taller."""
    n = heights.shape[0]
    if view == "top":
        return sorted({(int(r), int(c)) for r, c in wrong})
    out: set[tuple[int, int]] = set()
    true_heights = truth[view].sum(axis=0)
    for k in sorted({int(c) for _, c in wrong}):
        cells = [(r, k) for r in range(n)] if view == "front" else [(n - 1 - k, c) for c in range(n)]
        tall = [(r, c) for r, c in cells if heights[r, c] > true_heights[k]]
        out.update(tall or [(r, c) for r, c in cells if truth["top"][r, c]])
    return sorted(out)


# ------------------------------------------------------------------------------------------ score


def orthographic_score(dims: dict[str, float], violations: list[Violation], rubric: dict[str, Any]) -> float:
    """Weighted sum of the five dimensions (fractions 0..1), then the fatal-error caps, and at most 99
    when any violation exists."""
    weights = {d["name"]: d["weight"] for d in rubric["dimensions"]}
    score = sum(weights[k] * min(1.0, max(0.0, dims[k])) for k in weights)
    codes = {v.code for v in violations}
    for entry in rubric["fatal_errors"]:
        if entry["code"] in codes:
            score = min(score, 0.0 if entry["effect"] == "zero" else float(entry["cap"]))
    if violations:
        score = min(score, 99.0)
    return round(score, 2)


def draw_reading(answer: np.ndarray, layout: dict[str, Any], parsed: dict[str, Any],
                 violations: list[Violation]) -> np.ndarray:
    """The answer with what was read: green dots on filled cells, blue heights, red boxes on evidence."""
    out = np.ascontiguousarray(np.asarray(answer)[:, :, :3].copy())
    for name, values in (parsed.get("grids") or {}).items():
        grid = layout["grids"][name]
        for r, row in enumerate(values):
            for c, v in enumerate(row):
                x0, y0, x1, y1 = cell_box(grid, r, c)
                center = (round((x0 + x1) / 2), round((y0 + y1) / 2))
                if name == "heights":
                    if v:
                        cv2.putText(out, str(v), (round(x1) - 14, round(y1) - 4), cv2.FONT_HERSHEY_SIMPLEX, 0.45,
                                    (30, 60, 220), 1)
                elif v:
                    cv2.circle(out, center, max(2, round((x1 - x0) * 0.15)), (40, 200, 40), -1)
    for v in violations:
        for box in v.evidence.get("cell_boxes") or [v.evidence.get("bbox")]:
            if box:
                cv2.rectangle(out, (int(box[0]), int(box[1])), (int(box[2]), int(box[3])), (220, 30, 30), 2)
    return out
