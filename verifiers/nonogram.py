"""Nonogram verification: read every cell of the registered answer as filled or empty, check the read
grid against the clues, and check that the clue numbers were left as they were.

:func:`read_cells` (image -> state) is built for what people and image models draw: black, grey or
coloured fills, fills that do not reach the cell edges, hatching, and the "X" or dot marks used for
cells known to be empty (those read as empty). :func:`check_cells` (state -> violations) judges the
grid by the clues, not by the reference; :func:`check_clue_area` compares each line's clue strip with
the input image. Scoring formula and thresholds: ``data/rubrics/nonogram.json``.
"""

from __future__ import annotations

import collections
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

import cv2
import numpy as np

from genpuzzle.records import Violation
from genpuzzle.verifiers import cells as cells_mod
from genpuzzle.renderers.nonogram import cell_box as _grid_cell_box, clue_strip
from genpuzzle.solvers.nonogram import line_clue

SHIFT_SEARCH_PX = 4  # clue strips are re-aligned within +-this many pixels


def cell_box(layout: dict[str, Any], r: int, c: int) -> tuple[float, float, float, float]:
    """Cell (r, c)'s pixel box: the grid's (``renderers.nonogram.cell_box``), or, on a page drawing every cell in a
    frame of its own (:func:`read_cells`, rubric 49), the box of the grid's cell size centred on the cell's frame
    (``layout["own_cell_boxes"]``, row-major)."""
    own = layout.get("own_cell_boxes")
    return tuple(own[r * layout["cols"] + c]) if own else _grid_cell_box(layout, r, c)


@dataclass
class CellReading:
    """Cells read from an image: ``states`` per cell (filled / crossed / blank / unsure, see
    :mod:`genpuzzle.verifiers.cells`), ``cells`` (1 filled, 0 not), a confidence 0..1 per cell and the
    reader's evidence per cell."""

    states: list[list[str]]
    confidence: list[list[float]]
    evidence: list[list[dict[str, Any]]] = field(default_factory=list)
    # sure marks in cells read empty that are no mark for an empty cell (see empty_cell_marks)
    stray: list[dict[str, Any]] = field(default_factory=list)

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


def contrast_map(image: np.ndarray, layout: dict[str, Any] | None = None, spills: bool = True
                 ) -> tuple[np.ndarray, np.ndarray]:
    """The answer's ``(mark, tone)`` darkness maps against the local, shadow-corrected paper
    (:func:`cells.darkness_maps` at the layout's cell size): ``mark`` in the most-darkened channel, so grey
    and coloured inks count as well as black; ``tone`` on the luma. (Rubric 53) The paper follows light bands
    across the whole page (a blind's shadow: :func:`cells.band_shading`); (rubric 60) a stain's tint is paper, and
    (rubric 61) a spill across the grid's edge (:func:`cells.remove_stain_tint`; ``spills``: the image is in the
    input's frame, where the layout's grid is)."""
    cell_px = float(layout.get("cell_px", 40)) if layout else 40.0
    grid = tuple(layout["grid_bbox"]) if spills and layout and "grid_bbox" in layout else None
    doubt: list[tuple[int, int]] = []
    return Contrast(cells_mod.darkness_maps(image, cell_px, bands=True, stains=True, grid=grid, doubt=doubt), doubt)


class Contrast(tuple):
    """:func:`contrast_map`'s ``(mark, tone)``, with the cells (row, column) a spill leaves in doubt (rubric 61:
    ``spill_doubt``, a shading or the spill)."""

    def __new__(cls, maps: tuple[np.ndarray, np.ndarray], spill_doubt: list[tuple[int, int]]):
        made = super().__new__(cls, maps)
        made.spill_doubt = spill_doubt
        return made


def read_cells(image: np.ndarray, layout: dict[str, Any],
               contrast: tuple[np.ndarray, np.ndarray] | np.ndarray | None = None) -> CellReading:
    """Read every cell of the grid at ``layout.grid_bbox`` in ``image`` (RGB uint8, input frame) with the
    shared cell-mark reader; ``contrast`` is the image's :func:`contrast_map` when already computed."""
    rows, cols = layout["rows"], layout["cols"]
    dark = contrast if contrast is not None else contrast_map(image, layout)
    spill_doubt = getattr(dark, "spill_doubt", ())
    # (rubric 49) a page drawing every cell as a frame of its own: its frames are the grid, to every reading below
    boxes = cells_mod.grid_boxes(layout["grid_bbox"], rows, cols)
    frames = cells_mod.own_frames(dark[0] if isinstance(dark, tuple) else dark, boxes, cells_mod.cell_size(boxes))
    dark = cells_mod.without_own_frames(dark, frames)
    # (rubric 69) and a heavy line drawn as parallel thin rules is one line (its inner rules no cell's mark)
    dark, bands = cells_mod.without_line_companions(dark, boxes, cells_mod.cell_size(boxes))
    marks = cells_mod.read_marks(image, boxes, rows=rows, cols=cols, darkness=dark, frames=frames, bands=bands)
    if frames:  # each cell where its frame is (a redraw's cells sit up to ~0.15 cell off the registered lattice)
        layout = dict(layout, own_cell_boxes=[b if f is None else (
            (f[0] + f[2] - b[2] + b[0]) / 2, (f[1] + f[3] - b[3] + b[1]) / 2,
            (f[0] + f[2] + b[2] - b[0]) / 2, (f[1] + f[3] + b[3] - b[1]) / 2) for b, f in zip(boxes, frames)])
    grid = lambda values: [values[r * cols:(r + 1) * cols] for r in range(rows)]  # noqa: E731
    reading = CellReading(grid(marks.states), grid(marks.confidence), grid(marks.evidence))
    mark_dark = dark[0] if isinstance(dark, tuple) else dark
    small = {(r, c) for r, c in reading.where(cells_mod.UNSURE) if _small_mark(reading.evidence[r][c])}
    marks, fits = _empty_cell_marks(mark_dark, layout, reading, small)
    failures = TEXT_READ_FAILURES[0]
    sign = _repeated_empty_sign(mark_dark, layout, reading, marks, small)
    sign.update(_repeated_sign_in_doubt(mark_dark, layout, reading, marks, small, sign))  # the same sign drawn pale
    sign.update(_sign_in_small_cells(mark_dark, layout, marks, small, sign))  # (rubric 43) and where it looks small
    n_marks = collections.Counter(tuple(m["cell"]) for m in marks)
    copied = _sure_marks_copying_page_mark(mark_dark, layout, reading, marks, n_marks, sign)  # (rubric 74)
    for m in marks:
        r, c = m["cell"]
        if (r, c) in small and (r, c) not in sign:  # unsure as it was
            continue
        if (r, c) in copied:  # (rubric 74) a sure mark no shape fits, a copy of the page's sign for an empty cell
            reading.states[r][c] = cells_mod.CROSSED
            reading.confidence[r][c] = max(reading.confidence[r][c], SMALL_MARK_CONFIDENCE)
            reading.evidence[r][c]["empty_mark"] = {"shape": m.get("shape", "none"), "fit": m.get("fit", 0.0),
                                                    "page_mark_copy": True}
            continue
        if (r, c) in sign:  # the page's own sign for an empty cell (see _repeated_empty_sign)
            reading.states[r][c] = cells_mod.CROSSED
            reading.confidence[r][c] = max(reading.confidence[r][c], SMALL_MARK_CONFIDENCE)
            reading.evidence[r][c]["empty_mark"] = {"shape": "repeated sign", "fit": sign[(r, c)]}
            continue
        if (n_marks[(r, c)] == 1 and "shape" in m and m["shape"] == reading.evidence[r][c].get("page_mark_copy")
                and m["fit"] < EMPTY_MARK_FIT):
            # (rubric 52) the one mark in the cell, nearly fitted as the shape the page's other cells hold accepted and
            # a copy of theirs (see _empty_cell_marks): that mark (the page's small diamond a ring a px off); (rubric
            # 67) or a hairline mark no shape fits, a copy of the marks of the page's other empty cells
            reading.states[r][c] = cells_mod.CROSSED
            reading.confidence[r][c] = max(reading.confidence[r][c], SMALL_MARK_CONFIDENCE)
            reading.evidence[r][c]["empty_mark"] = {"shape": m["shape"], "fit": m["fit"], "page_mark_copy": True}
            continue
        reading.evidence[r][c]["stray_mark"] = m
        if m["sure"]:
            reading.stray.append(m)
        else:  # a faint mark, or ink an empty-cell mark nearly explains: the cell is in doubt
            reading.states[r][c] = cells_mod.UNSURE
            reading.confidence[r][c] = min(reading.confidence[r][c], cells_mod.UNSURE_CONFIDENCE)
            if m.get("x_in_doubt"):
                # (rubric 45) an X in sure ink nearly fitted (a rubber stamp's X, its voids cutting across the
                # strokes: GLYPH_DOUBT) in a cell the patch reader read empty: a clean X or a stray mark, the cell is
                # not filled either way, and the line rules judge it so (tracks/nonogram.py): an X drawn instead of
                # a fill breaks its lines' clues surely (HELDOUT21: six such answers read in review)
                reading.evidence[r][c]["not_filled"] = True
    marked = {tuple(m["cell"]) for m in marks}
    for r, c in sorted(small - marked):
        name, fit = fits.get(r * cols + c, ("none", 0.0))
        if fit >= EMPTY_MARK_FIT and name in SMALL_MARK_SHAPES:
            reading.states[r][c] = cells_mod.CROSSED
            reading.confidence[r][c] = SMALL_MARK_CONFIDENCE
            reading.evidence[r][c]["empty_mark"] = {"shape": name, "fit": round(fit, 3)}
    for r, c in reading.where(cells_mod.BLANK):
        name, fit = fits.get(r * cols + c, ("none", 0.0))
        if (r, c) not in marked and fit >= EMPTY_MARK_FIT and name in SMALL_MARK_SHAPES:
            # a dot or an X off the centre, which the patch reader took for specks (blank, in doubt): marked empty;
            # so is a mark of SMALL_MARK_SHAPES at the centre (nineteenth session: a small ring of dots read as specks)
            reading.states[r][c] = cells_mod.CROSSED
            reading.confidence[r][c] = max(reading.confidence[r][c], SMALL_MARK_CONFIDENCE)
            reading.evidence[r][c]["empty_mark"] = {"shape": name, "fit": round(fit, 3)}
    for r, c in _glyph_dots_read_as_text(mark_dark, layout, reading, fits, marked):  # (rubric 42) "s", "e", "a"
        reading.states[r][c] = cells_mod.UNSURE
        reading.confidence[r][c] = min(reading.confidence[r][c], cells_mod.UNSURE_CONFIDENCE)
        reading.evidence[r][c]["empty_mark"] = {"shape": "dot", "fit": GLYPH_DOUBT, "read_as_text": True}
    signs = [tuple(m["bbox"]) for m in marks if tuple(m["cell"]) in sign]
    doubt = _lone_glyph_marks(mark_dark, layout, reading, fits, marked, signs)  # (rubric 46) a lone "o", "l", "K"
    # (rubric 46) the repeated signs and dots the text check could not read: in doubt. (Asked only when there is a sign
    # or a fitted mark to judge: loading the recogniser costs a clean page's verification ~1 s per process.)
    # (rubric 51) and so are those it judged on a call that failed: "no text" read by no reader
    if (sign or fits) and (TEXT_READ_FAILURES[0] > failures or not _text_reader_ready()):
        doubt.update({cell: "repeated sign, unread" for cell in sign})
        doubt.update(_glyph_dots_unread(mark_dark, layout, reading, fits, marked))
    for (r, c), kind in doubt.items():
        reading.states[r][c] = cells_mod.UNSURE
        reading.confidence[r][c] = min(reading.confidence[r][c], cells_mod.UNSURE_CONFIDENCE)
        reading.evidence[r][c]["empty_mark"] = {"shape": kind, "fit": GLYPH_DOUBT, "in_doubt": "rubric 46"}
        # (rubric 50) every such cell was read blank or crossed: in doubt only as to which mark it holds (a letter or
        # the page's mark for an empty cell), never whether it is filled -- as rubric 45's X in doubt, it is no fill
        # either way, and where a fill belongs its lines break surely (HELDOUT20's jagged X drawn instead of a fill,
        # a "skew cross" alone on its page: five answers in review)
        reading.evidence[r][c]["not_filled"] = True
    for r, c in _judged_by_page_mark(mark_dark, layout, reading, small):  # (rubric 58) the page's own mark

        if reading.states[r][c] == cells_mod.UNSURE:  # a small mark in doubt that is a copy of it: that mark
            reading.states[r][c] = cells_mod.CROSSED
            reading.evidence[r][c].pop("stray_mark", None)
        reading.confidence[r][c] = max(reading.confidence[r][c], SMALL_MARK_CONFIDENCE)
        reading.evidence[r][c]["page_mark_copy"] = "specks" if reading.states[r][c] == cells_mod.BLANK else "small mark"
    for r, c in spill_doubt:  # (rubric 61) tinted like the spill beside it, to its lines: a shading or the spill
        if 0 <= r < rows and 0 <= c < cols:
            reading.states[r][c] = cells_mod.UNSURE
            reading.confidence[r][c] = min(reading.confidence[r][c], cells_mod.UNSURE_CONFIDENCE)
            reading.evidence[r][c]["spill_or_shading"] = True
    return reading


def _sure_marks_copying_page_mark(dark: np.ndarray, layout: dict[str, Any], reading: CellReading,
                                  marks: list[dict[str, Any]], n_marks: collections.Counter,
                                  sign: dict[tuple[int, int], float]) -> set[tuple[int, int]]:
    """The cells read empty whose one mark, sure and fitted by no shape, is a copy of the mark the page repeats in its
    other cells read empty (those holding no mark found: their marks accepted by the fit or read by the patch reader;
    PAGE_MARK_REPEATED of their sampled marks copies of the median, :func:`_copies_of_page_mark`, as they lie or in
    their own frames) when that mark is a sign for an empty cell by the sign rules' glyph tests
    (:func:`_page_mark_is_sign`: a letter in every empty cell is no sign). Rubric 74 (HELDOUT35, forty-third session): a
    15x15 porcelain page's cobalt sprigs, set at any angle, are fitted as a stroke or an X in most cells and as nothing
    in one, which was charged as a sure stray mark (a confident false fail); a person sees the same sprig. The cell's
    ink is compared whole (a tick set beside an X of the page's passed when the X alone was compared:
    ``test_nonogram.py``'s tick in a crossed cell)."""
    cands = [tuple(m["cell"]) for m in marks if m.get("sure") and n_marks[tuple(m["cell"])] == 1
             and tuple(m["cell"]) not in sign and m.get("fit", 1.0) < EMPTY_MARK_FIT_SURE and not m.get("band")
             and reading.states[m["cell"][0]][m["cell"][1]] in (cells_mod.BLANK, cells_mod.CROSSED)]
    if not cands:
        return set()
    held = {tuple(m["cell"]) for m in marks}
    others = [cell for cell in itertools.chain(reading.where(cells_mod.BLANK), reading.where(cells_mod.CROSSED))
              if cell not in held and reading.confidence[cell[0]][cell[1]] >= SPECKS_SURE]
    copies = _page_mark_boxes(dark, layout, others, over_paper=True)
    if len(copies) < REPEATED_SIGN_CELLS or len(_copies_of_page_mark(dark, copies, copies)) < (
            PAGE_MARK_REPEATED * len(copies)):
        return set()
    # the cell's ink whole, every piece of it (a tick beside the page's X is no copy, nor is the X with it)
    boxes = {cell: _mark_pieces_box(dark, layout, *cell, HAIRLINE_LOW, lines_off=True, over_paper=True)
             for cell in cands}  # (less a grid line's pale edge along the band's side: _edge_line_pieces)
    same = _copies_of_page_mark(dark, copies, [b for b in boxes.values() if b is not None])
    alike = {cell for cell, b in boxes.items() if b is not None and b in same}
    if not alike or not _page_mark_is_sign(dark, reading, copies):
        return set()
    return alike


SPECKS_SURE = 0.6  # (rubric 58) the cell reader's floor of a sure reading (cells._conf): a cell it reads blank for
# specks under it is a blank it doubts
PATCH_CROSS_SURE = 0.7  # ... and a cell it reads crossed under this, by a rule of its own (a short dash, a plus, a
# slash, a small blob), with no mark the empty-mark fit accepted, holds a mark it barely made out


def _judged_by_page_mark(dark: np.ndarray, layout: dict[str, Any], reading: CellReading, small: set[tuple[int, int]]
                         ) -> list[tuple[int, int]]:
    """The cells the patch reader read empty unsurely whose ink is a copy of the mark the page repeats in the cells
    read empty surely (PAGE_MARK_REPEATED of their sampled marks copies of the median: :func:`_page_mark_copies`;
    grid lines' pale edges left out): those read blank under SPECKS_SURE with no mark found in them, and those unsure
    for a small mark (``small``: :func:`_small_mark`) or a mark found in doubt, none sure. Only when the page's mark
    is a sign (:func:`_page_mark_is_sign`) and every cell the patch reader alone read crossed under PATCH_CROSS_SURE
    holds a copy of it; else none. Twenty-seventh session (issue 13, rubric 58):

    - HELDOUT20's woodtable page marks every empty cell with two small dots, which the patch reader reads crossed or
      blank surely in nearly all cells and as doubted specks (0.53-0.59) in one or two, by their place on its patch
      grid: the page in review. Such a cell holds the page's mark, drawn alike; other ink (a letter, a third dot, a
      smudge) is no copy and stays in doubt.
    - The mark must be a sign by the sign rules' glyph tests: a "K" in every empty cell, read crossed in a few, made
      its copies in doubt pass.
    - A "k", an "a" or a "W" the height of those dot pairs is read crossed (0.65) by the patch reader's short-dash or
      blob rules: a page of dot pairs holding one was in review only for its doubted dot pairs, and they stay in doubt
      (the sign rules' looser likeness, size within 2 px and overlap 0.6 thickened, took a "W" for a dot pair).
      (Doubting such a cell itself sent hand-drawn pages to review: a run line's pieces, mixed X, dot and ring marks.)
    - A page's 1-px grey Xs a third of a 15x15 cell: one the empty-mark fit nearly fits as a cross (0.93) is a mark
      in doubt, though a copy of the page's other Xs.
    """
    if reading.stray:
        # a page charged with a sure stray mark keeps its doubts: the copies lift a right page to correct, and never
        # make a charge confident (HELDOUT20's water-stain tide line, a sure "stroke" across two cells, is charged;
        # the page, incorrect, stays in review)
        return []
    doubted = [(r, c) for r, c in reading.where(cells_mod.BLANK) if reading.confidence[r][c] < SPECKS_SURE
               and not {"stray_mark", "empty_mark"} & set(reading.evidence[r][c])]
    doubted += [(r, c) for r, c in reading.where(cells_mod.UNSURE)
                if ((r, c) in small or "stray_mark" in reading.evidence[r][c])
                and not (reading.evidence[r][c].get("stray_mark") or {}).get("sure", False)
                and "empty_mark" not in reading.evidence[r][c]]
    weak = [(r, c) for r, c in reading.where(cells_mod.CROSSED) if reading.confidence[r][c] < PATCH_CROSS_SURE
            and not {"stray_mark", "empty_mark", "page_mark_copy"} & set(reading.evidence[r][c])]
    if not doubted:
        return []
    sure = [(r, c) for r, c in itertools.chain(reading.where(cells_mod.BLANK), reading.where(cells_mod.CROSSED))
            if reading.confidence[r][c] >= SPECKS_SURE
            and not {"stray_mark", "not_filled"} & set(reading.evidence[r][c])
            and not (reading.evidence[r][c].get("empty_mark") or {}).get("in_doubt")]
    repeats, copied = _page_mark_copies(dark, layout, sure, doubted)
    if not repeats or not copied:
        return []
    marks = _page_mark_boxes(dark, layout, sure, lines_off=True)
    if weak:
        _, like = _page_mark_copies(dark, layout, sure, weak)
        sizes = _page_mark_sizes(dark, layout, sure)
        if not set(weak) <= like or not all(_as_large_as_page_mark(dark, layout, sizes, cell) for cell in weak):
            return []
    if not _page_mark_is_sign(dark, reading, marks):
        return []
    return [cell for cell in doubted if cell in copied]


def _page_mark_sizes(dark: np.ndarray, layout: dict[str, Any], sample: list[tuple[int, int]]
                     ) -> list[tuple[float | None, float, float, _MarkFrame]]:
    """(level, median width, median height, the marks' own frame) of the page's mark in the ``sample`` cells
    (:func:`_page_mark_boxes`, grid lines' pale edges left out) at HAIRLINE_LOW and at each mark's own level (None),
    where it holds marks. The own frame (rubric 74): each mark turned level (:func:`_upright`), sized there."""
    sizes = []
    for level, own in ((HAIRLINE_LOW, False), (None, True)):
        marks = _page_mark_boxes(dark, layout, sample, lines_off=True, own_level=own)
        if marks:
            sizes.append((level, float(np.median([m[2] - m[0] for m in marks])),
                          float(np.median([m[3] - m[1] for m in marks])),
                          _MarkFrame(dark, marks, _own_level(dark, HAIRLINE_LOW), True, 0.0)))
    return sizes


def _as_large_as_page_mark(dark: np.ndarray, layout: dict[str, Any],
                           sizes: list[tuple[float | None, float, float, _MarkFrame]], cell: tuple[int, int]) -> bool:
    """Whether the ink of ``cell`` is as large as the page's mark (``sizes``: :func:`_page_mark_sizes`), width and
    height within REPEATED_SIGN_SIZE of its median with no px to spare (at 7 px high a "W" covers a dot pair to 0.9),
    at HAIRLINE_LOW or at each mark's own level as :func:`_page_mark_copies` compares them: a dot pair's antialiased
    edge, from HAIRLINE_LOW, is a px more or less on either side by where the photograph's pixels fall (a 15x15 page's
    pair 14 x 5 px in one cell, 14 x 7 in most, page-marks 121). (Rubric 74) As laid or each in its own frame: a sprig
    set at any angle is wide in one cell and tall in the next."""
    for level, mw, mh, turned in sizes:
        b = _mark_pieces_box(dark, layout, *cell, level, lines_off=True)
        if b is not None and ((abs(b[2] - b[0] - mw) <= REPEATED_SIGN_SIZE * mw
                               and abs(b[3] - b[1] - mh) <= REPEATED_SIGN_SIZE * mh) or turned.sized(b)):
            return True
    return False


def _page_mark_copies(dark: np.ndarray, layout: dict[str, Any], sample: list[tuple[int, int]],
                      judged: list[tuple[int, int]]) -> tuple[bool, set[tuple[int, int]]]:
    """(Whether the page repeats one mark in the ``sample`` cells -- PAGE_MARK_REPEATED of their sampled marks,
    :func:`_page_mark_boxes`, copies of the median -- and the ``judged`` cells whose ink is a copy of it,
    :func:`_copies_of_page_mark`), grid lines' pale edges left out, each mark taken both from HAIRLINE_LOW (a tiny pale
    mark is whole from there only) and from its own ink's level (a band of shade or a line's bleed joins a mark's box
    at HAIRLINE_LOW: the blinds' diamonds, a star by a thick line): the page repeats its mark at HAIRLINE_LOW, and a
    copy at either level is a copy."""
    copied: set[tuple[int, int]] = set()
    for own_level in (False, True):
        copies = _page_mark_boxes(dark, layout, sample, lines_off=True, own_level=own_level)
        if len(copies) < REPEATED_SIGN_CELLS or len(_copies_of_page_mark(dark, copies, copies)) < (
                PAGE_MARK_REPEATED * len(copies)):
            if not own_level:
                return False, set()  # the page repeats no one mark
            continue
        level = None if own_level else HAIRLINE_LOW
        boxes = {cell: _mark_pieces_box(dark, layout, *cell, level, lines_off=True) for cell in judged}
        found = [b for b in boxes.values() if b is not None]
        same = _copies_of_page_mark(dark, copies, found)
        copied |= {cell for cell, box in boxes.items() if box is not None and box in same}
    return True, copied


def _page_mark_is_sign(dark: np.ndarray, reading: CellReading, copies: list[tuple[int, int, int, int]]) -> bool:
    """Whether the mark a page repeats in its cells read empty (``copies``: boxes of its sampled marks) is a sign
    for an empty cell to the sign rules' glyph tests: shaped as a sign (:func:`_sign_shaped_copies`) or one consistent
    shape that is no digit and no text (:func:`_consistent_sign`), each copy's ink from its own level. (A "K" in every
    empty cell, which the patch reader reads crossed in some cells, is no such mark: its copies in doubt stay so.)"""
    as_lying, turned = _copies_by_frame(dark, copies, copies)
    same = sorted(as_lying | turned)
    levels = [_doubt_sign_level(dark, b) for b in same]
    if not same:
        return False
    if turned and _turned_copies_read_as_glyphs(dark, same, levels):
        return False  # (rubric 74) copies alike only in their own frames (each set at its angle): a glyph turned?
    return (_sign_shaped_copies(dark, same, levels)
            or _consistent_sign(dark, same, levels, [1.0] * len(same), _cells_read_empty(reading)))


TEXT_READ_FAILURES = [0]  # (rubric 51) calls of the OCR recogniser that failed in this process (_sign_reads_as_text)


def _text_reader_ready() -> bool:
    """Whether the OCR recogniser that reads a page's repeated sign and its glyph-like dots as text
    (:func:`_sign_reads_as_text`) is installed and loads. Twenty-third session (issue 13, helper h23d, rubric 46;
    "unsure never passes"): without it those checks read every sign as no text, and a letter in every empty cell
    passed as the page's sign; now the cells they would have judged are in doubt (review)."""
    from genpuzzle.verifiers import ocr

    if not ocr.ocr_available():
        return False
    try:
        ocr._engine()
    except Exception:  # (a recogniser that fails to load)
        return False
    return True


def _glyph_dots_unread(dark: np.ndarray, layout: dict[str, Any], reading: CellReading,
                       fits: dict[int, tuple[str, float]], marked: set[tuple[int, int]]) -> dict[tuple[int, int], str]:
    """Without the text recogniser (:func:`_text_reader_ready`): the cells read empty whose accepted dot is no solid
    dot at the page's resolution (:func:`_glyph_kind`'s "glyph dot"), when REPEATED_SIGN_CELLS or more such cells
    would have gone to :func:`_glyph_dots_read_as_text`'s reading (a small "s", "e" or "a" in every empty cell)."""
    cols = layout["cols"]
    out = {}
    for k, (name, fit) in fits.items():
        r, c = divmod(k, cols)
        if (name != "dot" or fit < EMPTY_MARK_FIT or (r, c) in marked
                or reading.states[r][c] not in (cells_mod.BLANK, cells_mod.CROSSED)):
            continue
        found = _mark_ink(dark, layout, r, c)
        if found is not None and _glyph_kind(name, found[0]) == "glyph dot":
            out[(r, c)] = "glyph dot, unread"
    return out if len(out) >= REPEATED_SIGN_CELLS else {}


def _glyph_dots_read_as_text(dark: np.ndarray, layout: dict[str, Any], reading: CellReading,
                             fits: dict[int, tuple[str, float]], marked: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """Cells read crossed whose accepted mark is a dot on the 3 x 3 mean but no solid dot at the page's resolution
    (``dark``: its ink from half its 95th-percentile darkness encloses paper, GLYPH_COUNTER_PX, or fills less than
    NOTCHED_HULL of its convex hull), when REPEATED_SIGN_CELLS or more such cells read as text
    (:func:`_sign_reads_as_text`: a small "s", "e", "a" or "%" in every empty cell). Twenty-second session (issue 13,
    helper h22e, rubric 42): the mean makes a letter a few px high a blob, and the page's letters passed as its dots.
    A page's solid dots never qualify, so the recogniser is asked only on pages of such blobs."""
    rows, cols = layout["rows"], layout["cols"]
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    cell = min((gx1 - gx0) / cols, (gy1 - gy0) / rows)
    border = max(2, int(round(STRAY_BORDER * cell)))
    H, W = dark.shape
    cells, boxes, levels = [], [], []
    for k, (name, fit) in fits.items():
        r, c = divmod(k, cols)
        if name != "dot" or fit < EMPTY_MARK_FIT or (r, c) in marked or reading.states[r][c] != cells_mod.CROSSED:
            continue
        x0, y0, x1, y1 = (int(round(v)) for v in cell_box(layout, r, c))
        a0, b0, a1, b1 = max(0, x0 + border), max(0, y0 + border), min(W, x1 - border), min(H, y1 - border)
        crop = dark[b0:b1, a0:a1]
        if crop.size == 0 or not (crop >= STRAY_FAINT).any():
            continue
        level = max(STRAY_FAINT, 0.5 * float(np.percentile(crop[crop >= STRAY_FAINT], 95)))
        n, labels, stats, _ = cv2.connectedComponentsWithStats((crop >= level).astype(np.uint8), connectivity=8)
        if n < 2:
            continue
        i = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
        bx, by, bw, bh = (int(v) for v in stats[i, :4])
        box = labels[by:by + bh, bx:bx + bw] == i
        if min(bw, bh) < 3 or not (_holds_paper(box, GLYPH_COUNTER_PX) or _hull_share(box) < NOTCHED_HULL):
            continue
        cells.append((r, c))
        boxes.append((a0 + bx, b0 + by, a0 + bx + bw, b0 + by + bh))
        levels.append(level)
    if len(cells) < REPEATED_SIGN_CELLS or not _sign_reads_as_text(dark, boxes, levels):
        return []
    return cells


LONE_KINDS = ("ring", "upright stroke", "glyph dot", "skew cross", "small cross",  # accepted marks a letter or a digit
              "off-centre dash")  # can be drawn as; (rubric 64) and a dash off the centre, a scribble's stroke alone
SMALL_CROSS_PX = 12  # (rubric 55) an X whose ink at the page's resolution is under this many px across either way: the
# fit's tolerance (half a stroke and 1.5 px each side of a line) covers any glyph that small, a 9-px "K" with its serifs
# the same turned half round; a person tells a "K" from an X there, the fit does not
RING_DOT_HOLE = 0.2  # a ring enclosing paper of less than this share of its area (holes filled) is a dot with a hole
UPRIGHT_STROKE = 20.0  # degrees: a stroke this near upright is an "l", an "I" or a footless "1" as well as a dash
SKEW_CROSS = 0.9  # a cross whose ink turned half round (about its box's or its ink's centre) lands on ink to less than
# this share is drawn as a glyph ("K" 0.7-0.87, "4" 0.6-0.85) as well as an X (people's Xs of HELDOUT19-21 >= 0.9)
SKEW_CROSS_HAIRLINE = 0.98  # (rubric 51) ... this share for a hairline cross, its ink from HAIRLINE_LOW (its antialiased
# edge makes a 1-px "K" 0.91-0.96; HELDOUT19's light pencil Xs seen only so are 1.0)


def _cell_ink(dark: np.ndarray, layout: dict[str, Any], r: int, c: int, hairline: bool = False,
              level: float | None = None, over_paper: bool = False) -> tuple[np.ndarray, tuple[int, int]] | None:
    """The ink of cell (r, c) within its STRAY_BORDER band at the page's resolution (``dark``), from half its
    95th-percentile darkness (STRAY_FAINT at least; from HAIRLINE_LOW with ``hairline``; from ``level`` when given):
    (the band's crop, bool; its top-left corner x, y in ``dark``); None when it holds no ink from STRAY_FAINT.
    ``over_paper``: the darkness over the cell's own paper (:func:`_over_cell_paper`)."""
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    cell = min((gx1 - gx0) / layout["cols"], (gy1 - gy0) / layout["rows"])
    border = max(2, int(round(STRAY_BORDER * cell)))
    H, W = dark.shape
    x0, y0, x1, y1 = (int(round(v)) for v in cell_box(layout, r, c))
    a0, b0 = max(0, x0 + border), max(0, y0 + border)
    crop = dark[b0:min(H, y1 - border), a0:min(W, x1 - border)]
    if crop.size == 0 or not (crop >= STRAY_FAINT).any():
        return None
    if over_paper:
        crop = _over_cell_paper(crop, cell)
        if not (crop >= STRAY_FAINT).any():
            return None
    if level is None:
        level = HAIRLINE_LOW if hairline else max(STRAY_FAINT, 0.5 * float(np.percentile(crop[crop >= STRAY_FAINT], 95)))
    return crop >= level, (a0, b0)


CELL_PAPER_OPEN = 0.3  # of a cell: a grey opening this wide takes every mark off a cell's darkness, leaving its paper
CELL_PAPER_MAX = 30  # ... the paper's own darkness left under this (a pale paper band's tint the page's paper map,
# smooth, does not follow; anything darker is ink)


def _over_cell_paper(crop: np.ndarray, cell: float, k: int | None = None) -> np.ndarray:
    """``crop`` (darkness, uint8, a cell's or a mark's surroundings) over its own paper: less its grey opening
    CELL_PAPER_OPEN of a cell wide (``k`` px when given), up to CELL_PAPER_MAX. Rubric 69: the pale green bands of
    greenbar paper run across cells at darkness 20-30, and a small ring typed in the banded cells held pale band px
    from HAIRLINE_LOW and twice the ink of its copies on white (HELDOUT29's greenbar page, every banded empty cell in
    review)."""
    k = (max(3, round(CELL_PAPER_OPEN * cell)) if k is None else k) | 1
    paper = np.minimum(cv2.morphologyEx(crop, cv2.MORPH_OPEN, np.ones((k, k), np.uint8)), CELL_PAPER_MAX)
    if not paper.any():
        return crop
    return cv2.subtract(crop, paper)


def _mark_ink(dark: np.ndarray, layout: dict[str, Any], r: int, c: int, hairline: bool = False
              ) -> tuple[np.ndarray, tuple[int, int, int, int]] | None:
    """The main piece of the ink in cell (r, c) (:func:`_cell_ink`): (its ink cut to its box, bool; the box x0, y0,
    x1, y1 in ``dark``); None when there is none, or when it holds less than GLYPH_PIECE of the ink (a mark in pieces).
    ``hairline`` (rubric 51: a mark seen at the page's resolution only, :func:`_hairline_ink`): its ink from
    HAIRLINE_LOW, as that search took it (a pale X whose one arm is paler still is whole)."""
    found = _cell_ink(dark, layout, r, c, hairline)
    if found is None:
        return None
    ink, (a0, b0) = found
    # (rubric 55) in pieces at the mark's level, its ink from paler levels: a serif glyph's hairlines are paler than
    # its stems (an "o" typed in TeX Gyre Termes is two stems there) and join them; a mark drawn in dots stays in
    # pieces, paper lying between them
    paler = (_cell_ink(dark, layout, r, c, level=low)[0] for low in (() if hairline else (STRAY_FAINT, HAIRLINE_LOW)))
    for ink in itertools.chain([ink], paler):
        n, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
        if n < 2:
            return None
        i = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
        if stats[i, cv2.CC_STAT_AREA] >= GLYPH_PIECE * stats[1:, cv2.CC_STAT_AREA].sum():
            break
    else:
        return None  # ink in pieces (three dots, a dotted or grainy mark): no typed glyph
    bx, by, bw, bh = (int(v) for v in stats[i, :4])
    return labels[by:by + bh, bx:bx + bw] == i, (a0 + bx, b0 + by, a0 + bx + bw, b0 + by + bh)


def _mark_pieces_box(dark: np.ndarray, layout: dict[str, Any], r: int, c: int,
                     level: float | None = None, lines_off: bool = False, edges_off: bool = False,
                     over_paper: bool = True) -> tuple[int, int, int, int] | None:
    """The box (x0, y0, x1, y1 in ``dark``) of all the ink of cell (r, c) (:func:`_cell_ink`, from ``level`` when
    given), every piece included; None when there is none. Twenty-fourth session (h24c, rubric 50): a mark in pieces
    has no main piece to compare with the page's repeated sign (:func:`_like_page_sign`), whose copies' boxes hold
    all their pieces: HELDOUT20's triad of dots, which the empty-mark fit took for a ring in three cells of a page
    that repeats it, stayed a lone "ring" in doubt. ``lines_off`` (rubric 58): without the pieces that are a grid
    line's pale edge along the band's side (:func:`_edge_line_pieces`); ``edges_off`` (rubric 67): without any piece
    that touches the band's side (:func:`_edge_pieces`); ``over_paper``: see :func:`_cell_ink`."""
    found = _cell_ink(dark, layout, r, c, level=level, over_paper=over_paper)
    if found is None:
        return None
    ink, (a0, b0) = found
    if lines_off:
        ink = ink & ~_edge_line_pieces(ink)
    if edges_off:
        ink = ink & ~_edge_pieces(ink)
    ys, xs = np.nonzero(ink)
    if len(xs) == 0:
        return None
    return a0 + int(xs.min()), b0 + int(ys.min()), a0 + int(xs.max()) + 1, b0 + int(ys.max()) + 1


EDGE_LINE_THIN = 2  # px: a piece of a cell's ink at most this thick across, along one side of its band ...
EDGE_LINE_LONG = 0.6  # ... over at least this share of the side, is a grid line's pale edge (its antialiased halo)


def _edge_line_pieces(ink: np.ndarray) -> np.ndarray:
    """The pieces of a cell band's ink (bool) that touch a side of the band and run along it, at most EDGE_LINE_THIN
    px thick over EDGE_LINE_LONG of its length: a thick grid line's pale edge that reaches into the band."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    h, w = ink.shape
    out = np.zeros_like(ink)
    for i in range(1, n):
        x, y, bw, bh = (int(v) for v in stats[i, :4])
        along_rows = (x == 0 or x + bw == w) and bw <= EDGE_LINE_THIN and bh >= EDGE_LINE_LONG * h
        along_cols = (y == 0 or y + bh == h) and bh <= EDGE_LINE_THIN and bw >= EDGE_LINE_LONG * w
        if along_rows or along_cols:
            out |= labels == i
    return out


def _edge_pieces(ink: np.ndarray) -> np.ndarray:
    """The pieces of a cell band's ink (bool) that touch a side of the band (a grid line or a neighbour's ink that
    runs into it)."""
    _, labels = cv2.connectedComponents(ink.astype(np.uint8), connectivity=8)
    touching = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    return np.isin(labels, touching[touching > 0])


def _glyph_kind(name: str, ink: np.ndarray | None, skew: float = SKEW_CROSS) -> str:
    """The kind of an accepted mark for an empty cell (``name``, the empty-mark fit's shape; ``ink``: its main piece
    at the page's resolution, :func:`_mark_ink`) as far as a glyph can be drawn so (LONE_KINDS), else ``name``: a ring
    enclosing paper of RING_DOT_HOLE of its area or more (a thick ring with a pinhole is a dot), a stroke within
    UPRIGHT_STROKE of upright, a dot that is no solid dot there (it encloses paper or leaves notches in its hull and
    does not radiate from one middle), a cross -- or a dot that is a cross there -- not the same turned half round
    (about its box's centre or its ink's) to SKEW_CROSS. Twenty-fourth session (issue 13, helper h24d, rubric 51):
    the mean made a blob ("dot") or an X of glyphs a few px high that are neither there, and they passed: a ring
    enclosing no paper that is no solid dot either is an open ring (a "c"), a ring; a "dot" that is a line 1-2 px
    wide there (an "l", an "I") is a stroke; a "dot" leaving notches in its hull that is no cross there (a "K", a
    "1", an "e" radiating from its middle) is a glyph dot; a "cross" enclosing paper there that is no cross there
    (an "o", an "e") is a ring or a glyph dot."""
    if ink is None or min(ink.shape) < (1 if name in ("stroke", "dot") else 2):
        return name
    if name == "ring":
        paper = np.pad(~ink, 1, constant_values=True).astype(np.uint8)
        _, labels = cv2.connectedComponents(paper, connectivity=4)
        hole = int(np.count_nonzero((labels[1:-1, 1:-1] != labels[0, 0]) & ~ink))
        if hole >= RING_DOT_HOLE * (hole + np.count_nonzero(ink)):
            return "ring"
        return "dot" if _hull_share(ink) >= NOTCHED_HULL else "ring"  # (rubric 51) an open ring, a "c", is no dot
    if name == "dot" and min(ink.shape) < 3:
        if max(ink.shape) < STROKE_ASPECT * min(ink.shape):
            return name
        name = "stroke"  # (rubric 51) a line 1-2 px wide at the page's resolution: an "l" or an "I" the mean made a dot
    if name == "stroke":
        ys, xs = np.nonzero(ink)
        if len(xs) < 3:
            return name
        _, (dx, dy) = _fit_line(xs.astype(np.float64), ys.astype(np.float64))
        return "upright stroke" if abs(dx) <= math.sin(math.radians(UPRIGHT_STROKE)) else name
    if name == "dot":
        solid = _hull_share(ink) >= NOTCHED_HULL
        if _holds_paper(ink, GLYPH_COUNTER_PX) or (not solid and not _radiates(ink)):
            return "glyph dot"
        # a solid dot, its edge ragged at most, or strokes out from one middle: an X's crossing, a small X or a "K"
        # the 3 x 3 mean made a blob, judged as a cross when it is one at the page's resolution
        sharp_name, sharp_fit = empty_mark_fit(ink)
        if not (sharp_name == "cross" and sharp_fit >= EMPTY_MARK_FIT):
            return name if solid else "glyph dot"  # (rubric 51) strokes from a middle that are no X: a "K", a "1"
        name = "cross"
    elif name == "cross" and min(ink.shape) >= 3 and _holds_paper(ink, GLYPH_COUNTER_PX):
        # (rubric 51) a cross on the mean enclosing paper at the page's resolution that is no cross there
        sharp_name, sharp_fit = empty_mark_fit(ink)
        if not (sharp_name == "cross" and sharp_fit >= EMPTY_MARK_FIT):
            return "ring" if sharp_name == "ring" and sharp_fit >= EMPTY_MARK_FIT else "glyph dot"
    if name == "cross":
        if max(_point_symmetry(ink), _centred_symmetry(ink)) < skew:
            return "skew cross"
        # (rubric 55) an X fewer than SMALL_CROSS_PX across at the page's resolution: the fit's tolerance covers a "K"
        # or an "x" as well
        return "small cross" if min(ink.shape) < SMALL_CROSS_PX else name
    return name


RUN_LINE_SPAN = 0.5  # (rubric 59) a cell's ink spanning this share of the cell across is a run line's piece (its ruled
# lines and border band left out, a run line's piece spans 0.64-0.75; a page's small slashes and glyphs about 0.3)


def _run_line_cells(dark: np.ndarray, layout: dict[str, Any], reading: CellReading,
                    fits: dict[int, tuple[str, float]]) -> int:
    """How many cells the patch reader read crossed with nothing for the empty-mark fit to fit (a line crossing a cell
    whole is a ruled line to it) hold ink spanning RUN_LINE_SPAN of the cell across or down (from HAIRLINE_LOW): the
    pieces of run lines drawn through runs of empty cells. (A page's small slashes are crossed so too, a third of a
    cell long.)"""
    cols, span = layout["cols"], RUN_LINE_SPAN * layout["cell_px"]
    n = 0
    for r, c in reading.where(cells_mod.CROSSED):
        if r * cols + c in fits:
            continue
        b = _mark_pieces_box(dark, layout, r, c, HAIRLINE_LOW)
        n += b is not None and (b[2] - b[0] >= span or b[3] - b[1] >= span)
    return n


def _lone_glyph_marks(dark: np.ndarray, layout: dict[str, Any], reading: CellReading,
                      fits: dict[int, tuple[str, float]], marked: set[tuple[int, int]],
                      signs: list[tuple[int, int, int, int]] = ()) -> dict[tuple[int, int], str]:
    """Cells read empty (blank or crossed) whose accepted mark for an empty cell is of a kind a letter or a digit can
    be drawn as (:func:`_glyph_kind`: a ring, an upright stroke, a dot no solid dot at the page's resolution, a cross
    not the same turned half round) when fewer than REPEATED_SIGN_CELLS of the page's cells hold that kind: such a
    mark is the page's mark for an empty cell only when the page repeats it. Twenty-third session (issue 13, helper
    h23d, rubric 46; "read open-set", "unsure never passes"): a round "o" drawn in one empty cell is the same drawing
    as a ring, an "l" or a footless "1" as a one-cell run's dash, a "K" or a "4" a few px high as an X, a small "e" as
    a dot; alone on its page (among Xs, or where the page leaves its empty cells blank) a person cannot tell which it
    is, and the cell is in doubt (review), never a pass. A page's own rings, dots, Xs or run lines, repeated, stay;
    so does such a mark alike the page's repeated sign (``signs``: the boxes of its copies, read by the sign rules;
    :func:`_like_page_sign`: a tick or a diamond the fit took for a cross or a ring in a few cells).
    Returns {(row, column): kind} for the cells in doubt."""
    cols = layout["cols"]
    kinds: dict[tuple[int, int], str] = {}
    boxes: dict[tuple[int, int], tuple[int, int, int, int]] = {}
    for k, (name, fit) in fits.items():
        r, c = divmod(k, cols)
        if (fit < EMPTY_MARK_FIT or (r, c) in marked
                or name not in ("ring", "small ring", "stroke", "dot", "cross", "off-centre dash")
                or reading.states[r][c] not in (cells_mod.BLANK, cells_mod.CROSSED)):
            continue
        hairline = bool(reading.evidence[r][c].get("hairline"))
        found = _mark_ink(dark, layout, r, c, hairline)
        kinds[(r, c)] = _glyph_kind(name, None if found is None else found[0],
                                    SKEW_CROSS_HAIRLINE if hairline else SKEW_CROSS)
        if found is not None:
            boxes[(r, c)] = found[1]
        else:  # (rubric 50) a mark in pieces (three dots the 3 x 3 mean joined into a "ring"): the box of all its ink
            whole = _mark_pieces_box(dark, layout, r, c)
            if whole is not None:
                boxes[(r, c)] = whole
    count = collections.Counter(kinds.values())
    own = collections.Counter(count)  # (rubric 56) each kind's own count, before the page's other marks are added
    # a dot with a pinhole or a ragged edge among the page's dots or small Xs is one of them; an upright stroke among
    # its slashes, dashes or run lines one of those (a run line crossing a cell whole is a ruled line to the fit: the
    # patch reader reads that cell crossed, and the fit has nothing to fit)
    count["glyph dot"] += count["dot"] + count["cross"] + count["small cross"]
    count["small cross"] += count["cross"]  # (rubric 55) among the page's Xs, a small one is one of them
    # the page's small rings (at most half a cell, often drawn in dots: SMALL_MARK_SHAPES) are its rings: a ring of
    # dots the 3 x 3 mean joined in one cell is the same drawing as the small rings of dots in the others
    count["ring"] += count["small ring"]
    count["off-centre dash"] += count["stroke"]  # (rubric 64) an underline among the page's dashes is one of them
    count["upright stroke"] += count["stroke"] + sum(
        1 for r, row in enumerate(reading.states) for c, state in enumerate(row)
        if state == cells_mod.CROSSED and r * cols + c not in fits)
    lone = {cell: kind for cell, kind in kinds.items() if kind in LONE_KINDS and count[kind] < REPEATED_SIGN_CELLS}
    if lone and len(signs) >= REPEATED_SIGN_CELLS:
        alike = _like_page_sign(dark, signs, [boxes[cell] for cell in lone if cell in boxes])
        lone = {cell: kind for cell, kind in lone.items() if cell not in boxes or boxes[cell] not in alike}
    # (rubric 56) a lone mark that is a copy of the mark of the page's other cells read empty is one of them; and a
    # glyph-like mark of a kind the page holds fewer than REPEATED_SIGN_CELLS of, let pass only as one of the page's
    # other marks (a "glyph dot" among Xs: an "H", an "N" or an "M" a few px high that the 3 x 3 mean made a blob), is
    # in doubt where the page repeats one mark (typed or stamped alike) and it is no copy of that mark. (Not an
    # upright stroke among run lines: a run line's piece in a cell is as long as the run leaves it.)
    borrowed = {cell: kind for cell, kind in kinds.items() if kind in LONE_KINDS and kind != "upright stroke"
                and cell not in lone and own[kind] < REPEATED_SIGN_CELLS}
    # (rubric 59) and a glyph-like mark the page holds many of by the fit's names, on a page that repeats one mark, is
    # judged by its copies: fewer than REPEATED_SIGN_CELLS of its kind no copy of the page's mark are in doubt (a page's
    # 1-px Xs are fitted as strokes, upright strokes, small crosses or rings by where their pale arms fall on the 3 x 3
    # mean, and a bold "k" among them, an upright stroke to the fit, was one of five). Not upright strokes where run
    # lines cross cells (_run_line_cells): a run's end leaves one. Not rings: a page's rings, pens' and typed, vary
    # more than its copies test allows (seven error-free family pages went to review).
    runs = _run_line_cells(dark, layout, reading, fits)
    kept = {cell: kind for cell, kind in kinds.items() if kind in LONE_KINDS and kind != "ring" and cell not in lone
            and cell not in borrowed and (kind != "upright stroke" or runs < REPEATED_SIGN_CELLS)}
    if runs < REPEATED_SIGN_CELLS:
        # and so is a cell the patch reader alone read crossed under PATCH_CROSS_SURE (its dash, plus, slash or blob
        # rules; the fit accepted nothing there): a bold "k" among a page's slashes, read crossed at 0.65
        kept.update({(r, c): "patch cross" for r, c in reading.where(cells_mod.CROSSED)
                     if reading.confidence[r][c] < PATCH_CROSS_SURE and (r, c) not in marked
                     and fits.get(r * cols + c, ("none", 0.0))[1] < EMPTY_MARK_FIT
                     and not {"stray_mark", "empty_mark", "page_mark_copy"} & set(reading.evidence[r][c])})
    # (rubric 58) and so is an accepted shape of its own the page holds fewer than REPEATED_SIGN_CELLS of (a "W"
    # fitted as an asterisk, a bold "e" as a stroke among a page's Xs), judged with grid lines' pale edges left out
    others: dict[str, list[tuple[int, int]]] = collections.defaultdict(list)
    for k, (name, fit) in fits.items():
        r, c = divmod(k, cols)
        if (fit >= EMPTY_MARK_FIT and (r, c) not in marked and (r, c) not in kinds
                and reading.states[r][c] in (cells_mod.BLANK, cells_mod.CROSSED)):
            others[name].append((r, c))
    shaped = {cell: name for name, cells in others.items() if len(cells) < REPEATED_SIGN_CELLS for cell in cells}
    if lone or borrowed or shaped or kept:
        empty = list(itertools.chain(reading.where(cells_mod.CROSSED), reading.where(cells_mod.BLANK)))
        copies = _page_mark_boxes(dark, layout, [cell for cell in empty if cell not in lone and cell not in borrowed])
        if len(copies) >= REPEATED_SIGN_CELLS:
            # (rubric 75) each cell's ink whole, and without the pieces touching its band's side (a block line drawn
            # as a pencil, thicker than the band allows, beside a 15x15 page's glass bead: HELDOUT36)
            alike = _cells_copying_page_mark(dark, layout, copies, list(itertools.chain(lone, borrowed, kept)),
                                             over_paper=True)
            lone = {cell: kind for cell, kind in lone.items() if cell not in alike}
            if (borrowed or kept) and len(_copies_of_page_mark(dark, copies, copies)) >= (
                    PAGE_MARK_REPEATED * len(copies)):
                lone.update({cell: kind for cell, kind in borrowed.items() if cell not in alike})
                unlike = collections.Counter(kind for cell, kind in kept.items() if cell not in alike)
                lone.update({cell: kind for cell, kind in kept.items()
                             if cell not in alike and unlike[kind] < REPEATED_SIGN_CELLS})
        if shaped:
            repeats, copied = _page_mark_copies(dark, layout, [cell for cell in empty if cell not in lone
                                                               and cell not in borrowed and cell not in shaped],
                                                list(shaped))
            if repeats:
                lone.update({cell: name for cell, name in shaped.items() if cell not in copied})
    if lone and len(signs) >= REPEATED_SIGN_CELLS:
        # (rubric 72) whichever rule put it in doubt, a mark alike the page's repeated sign is one of its copies (star
        # stickers set at their own angles: a few fitted as an X, a skew cross, judged by the page-mark copies' strict
        # cover and found no copy)
        alike = _like_page_sign(dark, signs, [boxes[cell] for cell in lone if cell in boxes])
        lone = {cell: kind for cell, kind in lone.items() if cell not in boxes or boxes[cell] not in alike}
    return lone


PAGE_MARK_COVER = 0.9  # (rubric 56) a mark is a copy of the page's mark for an empty cell when this share of its ink
# lies within a px of the page's median mark and this share of that mark's ink within a px of its own (a page's tiny
# pale Xs redrawn cell by cell: 0.92-1.0 both ways; a "K" the size of the page's Xs: 0.76-0.78 of its ink on theirs)
PAGE_MARK_COVER_TURNED = 0.85  # (rubric 74) ... this share in the marks' own frames, each turned level (resampled:
# HELDOUT35's staples, copies to the eye, 0.89-1.0 there; a "K" among Xs covers them 0.76-0.78 as they lie)
PAGE_MARK_REPEATED = 0.75  # the page repeats one mark when this share of the sampled marks are copies of their median
PAGE_MARK_SAMPLE = 16  # the empty cells looked at (evenly spread over the page: their median mark is the page's)
PAGE_MARK_MASS = 1.5  # (rubric 59) ... and its ink (darkness summed from HAIRLINE_LOW) at most this many times theirs
# (a paler copy is a copy: an e-reader's triads of 2-px dots, rendered a px off, hold half the ink in some cells)
PAGE_MARK_SOLID = 0.4  # ... and a solid mark's copy (its median filling this share of its box: a dot 0.41-0.6, a
# dot pair 0.43-0.47; 1-px Xs and slashes 0.17-0.34, triads 0.26-0.38) is drawn alike: its darkness, drawn at twice
# their median size, correlated with their median drawing no less than PAGE_MARK_LIKE_MARGIN under the least of theirs,
# nor under PAGE_MARK_LIKE (a page's dots 0.82-1.0; a bold grey "a" or "e" among grey dots of its size and ink
# 0.33-0.73, its counter and notch where a dot is darkest; thin strokes a px apart correlate little, a page's slashes
# down to 0.3, and are judged by their layout alone)
PAGE_MARK_LIKE_MARGIN = 0.1
PAGE_MARK_LIKE = 0.75


def _copies_of_page_mark(dark: np.ndarray, copies: list[tuple[int, int, int, int]],
                         boxes: list[tuple[int, int, int, int]]) -> set[tuple[int, int, int, int]]:
    """The ``boxes`` (x0, y0, x1, y1 in ``dark``) whose ink is a copy of the mark of the page's other empty cells
    (``copies``: their boxes, :func:`_page_mark_boxes`): width and height within REPEATED_SIGN_SIZE of the copies'
    median (or DOUBT_SIGN_SIZE_PX), and its ink from DOUBT_SIGN_LEVEL of its 95th-percentile darkness (HAIRLINE_LOW at
    least), scaled to the median box, and the copies' median mark each covering the other to PAGE_MARK_COVER within a
    px. (Unlike the sign rules' overlap of marks both thickened, which a letter a few px high shares with an X, a
    letter's own strokes lie off an X's.) And its ink, the darkness summed over its box from HAIRLINE_LOW, at most
    PAGE_MARK_MASS times the copies' median: blur, resampling and a photograph's sub-pixel shifts move ink but keep it
    (a page's copies agree within 0.06; a mark rendered paler holds less), and at 8-10 px a mark's layout tells
    little -- twenty-eighth session (rubric 59): a bold grey "e" among a 10x10 page's 1-px Xs a quarter of a cell,
    nearly fitted as a stroke, covered their median X to 0.93 each way within a px and passed, with 3.6 times its ink. A copy of a solid mark (PAGE_MARK_SOLID)
    is also drawn alike: its darkness, resampled to twice the copies' median size, correlated with their median drawing
    no less than PAGE_MARK_LIKE_MARGIN under the least of theirs (nor under PAGE_MARK_LIKE) -- a bold "a" or "e" among
    grey dots of its size and ink covers a dot within a px and holds as much ink, and its counter and notch lie where a
    dot is darkest."""
    as_lying, turned = _copies_by_frame(dark, copies, boxes)
    return as_lying | turned


def _copies_by_frame(dark: np.ndarray, copies: list[tuple[int, int, int, int]], boxes: list[tuple[int, int, int, int]]
                     ) -> tuple[set[tuple[int, int, int, int]], set[tuple[int, int, int, int]]]:
    """:func:`_copies_of_page_mark` as (the boxes that are copies as they lie, the others that are copies in the marks'
    own frames: rubric 74, a mark the page sets at its own angle)."""
    as_lying = _copies_in_frame(dark, _MarkFrame(dark, copies, _own_level(dark, HAIRLINE_LOW)), copies, boxes)
    rest = [b for b in boxes if b not in as_lying]
    turned = _copies_in_frame(dark, _MarkFrame(dark, copies, _own_level(dark, HAIRLINE_LOW), True), copies,
                              rest) if rest else set()
    return as_lying, turned


def _copies_in_frame(dark: np.ndarray, frame: _MarkFrame, copies: list[tuple[int, int, int, int]],
                     boxes: list[tuple[int, int, int, int]]) -> set[tuple[int, int, int, int]]:
    """:func:`_copies_of_page_mark` in one ``frame`` (each mark as it lies, or in its own)."""
    near = np.ones((3, 3), np.uint8)
    thick, flips = frame.median(copies)  # (each copy mirrored as it best fits the others, in its own frame)

    def key(b):
        return tuple(int(v) for v in b)

    median = (np.mean([frame.shape(b, flips[key(b)]) for b in copies], axis=0) >= 0.5).astype(np.uint8)
    median_near = cv2.dilate(median, near)
    mass = float(np.median([_box_ink_mass(dark, b) for b in copies]))
    grey_size = (max(3, int(round(2 * frame.mw))), max(3, int(round(2 * frame.mh))))
    grey = lambda b, flip: cv2.resize(frame.crop(b, flip)[0].astype(np.float32), grey_size,  # noqa: E731
                                      interpolation=cv2.INTER_AREA)
    like_floor = -1.0
    if median.mean() >= PAGE_MARK_SOLID:
        median_grey = np.median([grey(b, flips[key(b)]) for b in copies], axis=0)
        like_floor = min(min(_correlation(grey(b, flips[key(b)]), median_grey) for b in copies) - PAGE_MARK_LIKE_MARGIN,
                         PAGE_MARK_LIKE)
    out = set()
    for b in boxes:
        if not frame.sized(b):
            continue
        if _box_ink_mass(dark, b) > mass * PAGE_MARK_MASS:
            continue
        flip = flips.get(key(b)) or frame.flip_like(b, thick)
        if like_floor > -1.0 and _correlation(grey(b, flip), median_grey) < like_floor:
            continue
        s = frame.shape(b, flip)
        on_median = float((s & median_near).sum()) / max(1, int(s.sum()))
        median_on = float((median & cv2.dilate(s, near)).sum()) / max(1, int(median.sum()))
        if min(on_median, median_on) >= (PAGE_MARK_COVER_TURNED if frame.turned else PAGE_MARK_COVER):
            out.add(b)
    return out


def _cells_copying_page_mark(dark: np.ndarray, layout: dict[str, Any], copies: list[tuple[int, int, int, int]],
                             cells: list[tuple[int, int]], over_paper: bool = False) -> set[tuple[int, int]]:
    """The ``cells`` (row, column) whose ink (:func:`_mark_pieces_box`, from HAIRLINE_LOW) is a copy of the page's mark
    for an empty cell (``copies``: :func:`_page_mark_boxes`; :func:`_copies_of_page_mark`). (Rubric 67) A cell's ink
    is also looked at without the pieces that touch its band's side: a grid line drawn thick, wobbling or fringed
    that reaches into the band widened the box of a small mark past its copies' (HELDOUT26's freehand copy, its
    dot-and-dash in a third of its empty cells; its etched page's carets beside the block lines). ``over_paper``: each
    cell's ink over its own paper (:func:`_cell_ink`; ``copies`` found so too)."""
    boxes = {cell: {_mark_pieces_box(dark, layout, *cell, HAIRLINE_LOW, edges_off=off, over_paper=over_paper)
                    for off in (False, True)} - {None} for cell in cells}
    alike = _copies_of_page_mark(dark, copies, sorted({b for bs in boxes.values() for b in bs}))
    return {cell for cell, bs in boxes.items() if bs & alike}


_correlation = cells_mod.correlation


def _box_ink_mass(dark: np.ndarray, box: tuple[int, int, int, int]) -> float:
    """The darkness summed over ``box`` (x0, y0, x1, y1 in ``dark``) where it is HAIRLINE_LOW or more (a paper's grain
    under it left out), over the paper around it (:func:`_over_cell_paper`, opened wider than the box)."""
    x0, y0, x1, y1 = box
    k = max(x1 - x0, y1 - y0) + 2
    H, W = dark.shape
    u0, v0 = max(0, x0 - k), max(0, y0 - k)
    around = _over_cell_paper(dark[v0:min(H, y1 + k), u0:min(W, x1 + k)], 0.0, k)
    patch = around[y0 - v0:y1 - v0, x0 - u0:x1 - u0]
    return float(patch[patch >= HAIRLINE_LOW].sum(dtype=np.float64))


def _page_mark_boxes(dark: np.ndarray, layout: dict[str, Any], cells: list[tuple[int, int]],
                     lines_off: bool = False, own_level: bool = False, over_paper: bool = False
                     ) -> list[tuple[int, int, int, int]]:
    """The boxes (x0, y0, x1, y1 in ``dark``) of the marks of up to PAGE_MARK_SAMPLE of ``cells`` (cells read empty)
    holding ink, evenly spread over them, each holding all the pieces of its ink from HAIRLINE_LOW (its antialiased
    edge: a tiny pale X is a speck from STRAY_FAINT in one cell and whole in the next; :func:`_mark_pieces_box`).
    Their median mark is the page's mark for an empty cell when the page repeats one; where the empty cells hold a
    paper's grain or nothing alike, the median is no mark a piece of ink matches (:func:`_copies_of_page_mark`).
    Twenty-sixth session (issue 13, rubric 56; "model the puzzle, not your pixels"): one of a page's Xs fitted small
    (under SMALL_CROSS_PX) or a little skew was a lone "small cross" or "skew cross" in doubt when few of the page's Xs
    were fitted so (HELDOUT14's knit spreadsheet 15x15, HELDOUT19's post-it polaroid 15x15, in review); and a page's
    tiny pale Xs, which the 3 x 3 mean loses, were charged as lost ink in the cells where they reach LEGIBLE_PX
    (:func:`_marks_lost_on_mean`) or left as hairline marks nearly fitted. Compared with the marks of the page's other
    empty cells they are copies of them; a letter unlike them stays in doubt. ``lines_off``: see
    :func:`_mark_pieces_box`; ``own_level``: each cell's ink from its own level; ``over_paper``: over its own paper
    (:func:`_cell_ink`)."""
    level = None if own_level else HAIRLINE_LOW
    boxes = [box for box in (_mark_pieces_box(dark, layout, r, c, level, lines_off, over_paper=over_paper)
                             for r, c in cells) if box is not None]
    step = max(1, len(boxes) // PAGE_MARK_SAMPLE)
    return boxes[::step][:PAGE_MARK_SAMPLE]


TURNED_LONG = 1.6  # (rubric 74) a mark whose ink is this many times as long as wide (the roots of its second moments
# along its axes) lies along a direction: compared with a page's other marks turned level (:func:`_upright`)
TURNED_LONG_COPY = 1.3  # (rubric 75) ... and one this long, among copies that lie along directions (TURNED_DIRECTED)


def _upright(crop: np.ndarray, level: float, mirror: bool = True, long: float = TURNED_LONG) -> np.ndarray:
    """A mark's darkness ``crop`` turned about its ink's centre (its ink: ``crop`` >= ``level``) so that its long axis
    lies level, mirrored so its ink leans left and up (the skew of its ink along each axis), and cut to its ink's box:
    the mark in its own frame, whatever the angle it was set at. As it lies when its ink is no TURNED_LONG times as long
    as wide (a round mark has no direction to turn by: a star, a dot, a ring), cut to its ink's box all the same.
    Rubric 74 (HELDOUT35, forty-third session): a porcelain platter's cobalt sprigs and a page of staples, each set at
    its own angle in every empty cell, were compared with the page's other copies by their boxes as they lay, which a
    turn makes wide in one cell and tall in the next: no copies, every empty cell in doubt. ``mirror`` False: turned
    only, never mirrored (for reading the mark as a glyph: :func:`_turned_copies_read_as_glyphs`)."""
    ys, xs = np.nonzero(crop >= level)
    if len(xs) == 0:
        return crop
    cx, cy = float(xs.mean()), float(ys.mean())
    evals, evecs = _ink_axes(xs, ys)
    if evals[1] < long ** 2 * max(float(evals[0]), 1e-6):
        return crop[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    side = int(math.ceil(math.hypot(*crop.shape))) + 4
    turn = cv2.getRotationMatrix2D((cx, cy), math.degrees(math.atan2(evecs[1, 1], evecs[0, 1])), 1.0)
    turn[0, 2] += side / 2 - cx
    turn[1, 2] += side / 2 - cy
    turned = cv2.warpAffine(crop.astype(np.float32), turn, (side, side), flags=cv2.INTER_LINEAR, borderValue=0.0)
    ys, xs = np.nonzero(turned >= level)
    if len(xs) == 0:
        return crop
    turned = turned[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    tx, ty = (xs - xs.mean()).astype(np.float64), (ys - ys.mean()).astype(np.float64)
    if not mirror:
        return np.ascontiguousarray(turned)
    if float((tx ** 3).sum()) > 0:
        turned = turned[:, ::-1]
    if float((ty ** 3).sum()) > 0:
        turned = turned[::-1, :]
    return np.ascontiguousarray(turned)


def _ink_axes(xs: np.ndarray, ys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The second moments of ink at (``xs``, ``ys``) along its axes (ascending) and the axes (columns)."""
    if len(xs) < 5:
        return np.ones(2), np.eye(2)
    return np.linalg.eigh(np.cov(np.stack([xs - xs.mean(), ys - ys.mean()]).astype(np.float64)))


TURNED_DIRECTED = 0.75  # (rubric 74) the marks' own frames are looked at when this share of a page's copies lie along
# a direction (a sprig, a staple, a "7"); a round mark turned ("T", "K", "a" or a star) has no frame of its own to
# compare in, and is compared as it lies (and at the turns rubric 72 allows: SIGN_TURNS)


class _MarkFrame:
    """The frame in which marks are compared with a page's copies of one mark (``copies``: their boxes x0, y0, x1, y1
    in ``dark``): each mark's darkness as it lies, or (``turned``) in its own frame (:func:`_upright`); the copies'
    median width and height there, the tolerances on them (REPEATED_SIGN_SIZE of each, or ``tolerance_px``), and each
    mark's ink from ``level(box)`` scaled to the median size (uint8, 0/1)."""

    def __init__(self, dark: np.ndarray, copies: list[tuple[int, int, int, int]], level: Any, turned: bool = False,
                 tolerance_px: float | None = None):
        self.dark, self.level, self.turned = dark, level, turned
        tolerance_px = DOUBT_SIGN_SIZE_PX if tolerance_px is None else tolerance_px
        self._own: dict[tuple[int, int, int, int], tuple[np.ndarray, float]] = {}
        self._elongation: dict[tuple[int, int, int, int], float] = {}  # (its second moments' ratio, long / wide)
        # (in their own frames: only where the copies lie along directions, and only marks that do, or nearly do:
        # TURNED_LONG_COPY)
        self._directed = not turned or (sum(self.directed(b) for b in copies) >= TURNED_DIRECTED * len(copies))
        self._long = TURNED_LONG_COPY if self._directed else TURNED_LONG
        self.mw = float(np.median([self.dims(b)[0] for b in copies]))
        self.mh = float(np.median([self.dims(b)[1] for b in copies]))
        self.tw = max(REPEATED_SIGN_SIZE * self.mw, tolerance_px)
        self.th = max(REPEATED_SIGN_SIZE * self.mh, tolerance_px)
        self.size = (max(3, int(round(self.mw))), max(3, int(round(self.mh))))

    def crop(self, b: tuple[int, int, int, int], flip: tuple[bool, bool] = (False, False)
             ) -> tuple[np.ndarray, float]:
        """The mark's darkness in this frame (mirrored upside down and left to right by ``flip``) and the level its
        ink is taken from."""
        b = tuple(int(v) for v in b)
        if b not in self._own:
            box = self.dark[b[1]:b[3], b[0]:b[2]]
            level = float(self.level(b))
            self._own[b] = (_upright(box, level, long=self._long) if self.turned else box, level)
        crop, level = self._own[b]
        return crop[::-1 if flip[0] else 1, ::-1 if flip[1] else 1], level

    def directed(self, b: tuple[int, int, int, int], long: float = TURNED_LONG) -> bool:
        """Whether the mark lies along a direction, at least ``long`` times as long as wide (any mark, as it lies)."""
        if not self.turned:
            return True
        b = tuple(int(v) for v in b)
        if b not in self._elongation:
            ys, xs = np.nonzero(self.dark[b[1]:b[3], b[0]:b[2]] >= float(self.level(b)))
            evals, _ = _ink_axes(xs, ys)
            self._elongation[b] = float(evals[1]) / max(float(evals[0]), 1e-6)
        return self._elongation[b] >= long ** 2

    def dims(self, b: tuple[int, int, int, int]) -> tuple[int, int]:
        """The mark's width and height in this frame."""
        h, w = self.crop(b)[0].shape
        return w, h

    def sized(self, b: tuple[int, int, int, int]) -> bool:
        """Whether the mark's width and height are within the tolerances of the copies' median (in their own frames,
        never for a mark or a page of marks lying along no direction)."""
        if self.turned and not (self._directed and self.directed(b, self._long)):
            return False
        w, h = self.dims(b)
        return abs(w - self.mw) <= self.tw and abs(h - self.mh) <= self.th

    def shape(self, b: tuple[int, int, int, int], flip: tuple[bool, bool] = (False, False)) -> np.ndarray:
        """The mark's ink scaled to the median size (uint8, 0/1)."""
        crop, level = self.crop(b, flip)
        return cv2.resize((crop >= level).astype(np.uint8), self.size, interpolation=cv2.INTER_NEAREST)

    def overlap(self, b: tuple[int, int, int, int], like: np.ndarray, flip: tuple[bool, bool] | None = None) -> float:
        """The mark's ink, thickened by a px and mirrored by ``flip`` (as it best overlaps: :meth:`flip_like`, when
        None), overlapping ``like`` (bool, at the median size): intersection over union."""
        flip = self.flip_like(b, like) if flip is None else flip
        s = cv2.dilate(self.shape(b, flip), np.ones((3, 3), np.uint8)).astype(bool)
        return float((s & like).sum()) / max(1, int((s | like).sum()))

    def flip_like(self, b: tuple[int, int, int, int], like: np.ndarray) -> tuple[bool, bool]:
        """The mirroring of the mark whose ink (thickened by a px) overlaps ``like`` (bool, at the median size) most:
        none as it lies; in its own frame one of four (its ink's skew, which :func:`_upright` sets it by, is a px's
        matter on a mark nearly balanced end to end)."""
        if not self.turned:
            return False, False
        return max(((False, False), (False, True), (True, False), (True, True)),
                   key=lambda flip: self.overlap(b, like, flip))

    def median(self, copies: list[tuple[int, int, int, int]]) -> tuple[np.ndarray, dict]:
        """The copies' median ink (bool, thickened by a px, at the median size) and each copy's mirroring that makes
        it (in its own frame, each copy set as it best overlaps the median of them as the turn left them), keyed by
        the copy's box as a tuple of ints."""
        kernel = np.ones((3, 3), np.uint8)
        copies = [tuple(int(v) for v in b) for b in copies]
        flips = {b: (False, False) for b in copies}
        median = np.mean([cv2.dilate(self.shape(b), kernel) for b in copies], axis=0) >= 0.5
        if self.turned:
            flips = {b: self.flip_like(b, median) for b in copies}
            median = np.mean([cv2.dilate(self.shape(b, flips[b]), kernel) for b in copies], axis=0) >= 0.5
        return median, flips


def _own_level(dark: np.ndarray, floor: float) -> Any:
    """A box's ink level for :class:`_MarkFrame`: DOUBT_SIGN_LEVEL of its own 95th-percentile darkness, ``floor`` at
    least."""
    return lambda b: max(floor, DOUBT_SIGN_LEVEL * float(np.percentile(dark[b[1]:b[3], b[0]:b[2]], 95)))


def _upright_sheet(dark: np.ndarray, boxes: list[tuple[int, int, int, int]], levels: list[float], quarter: int
                   ) -> tuple[np.ndarray, list[tuple[int, int, int, int]]]:
    """The copies of a page's mark (``boxes`` in ``dark``, each's ink from its ``levels``) each in its own frame, turned
    level and never mirrored (:func:`_upright`), then by ``quarter`` quarter turns, set side by side on a blank
    darkness sheet: (the sheet, each copy's box on it)."""
    crops = [np.rot90(_upright(dark[b[1]:b[3], b[0]:b[2]].astype(np.float32), level, mirror=False), quarter)
             for b, level in zip(boxes, levels)]
    h, w = max(c.shape[0] for c in crops), max(c.shape[1] for c in crops)
    sheet = np.zeros((h + 10, 6 + len(crops) * (w + 6)), np.float32)
    placed = []
    for k, c in enumerate(crops):
        y, x = 5 + (h - c.shape[0]) // 2, 6 + k * (w + 6) + (w - c.shape[1]) // 2
        sheet[y:y + c.shape[0], x:x + c.shape[1]] = c
        placed.append((x, y, x + c.shape[1], y + c.shape[0]))
    return sheet, placed


STROKE_GLYPHS = "1lI|"  # (rubric 74) glyphs that are one straight stroke: a slash or a dash at some turn (a staple's)


def _turned_copies_read_as_glyphs(dark: np.ndarray, boxes: list[tuple[int, int, int, int]],
                                  levels: list[float] | None) -> bool:
    """Whether the copies of a mark a page sets at its own angle in each empty cell (``boxes`` in ``dark``, each's ink
    from its ``levels``; STRAY_SURE when None) are a letter or a digit: read in their own frames
    (:func:`_upright_sheet`) at each of the four quarter turns, more than SIGN_COPIES_SHAPED of them read surely as a
    digit (:func:`_copy_read_as_digit`), or their line read as text (SIGN_TEXT_SHARE of its characters letters, digits
    or text signs at SIGN_TEXT_SCORE, as :func:`_sign_reads_as_text`) -- a glyph that is one straight stroke aside
    (STROKE_GLYPHS: a "1", an "l", an "I" is a slash or a dash turned, a mark for an empty cell). Rubric 74: a "7" or a
    "K" turned by its own angle in every empty cell is one shape in its own frame, as a sprig is, and read as it lies
    its copies leaned too many ways for the glyph tests to read them; one quarter turn of the own frame sets them
    upright (39 of 39 turned "7"s read surely as a "7"; a line of "K"s "KKKKK" at 0.84). HELDOUT35's staples read
    "111" and "1" at some turns, its sprigs nothing."""
    from genpuzzle.verifiers import digits, ocr

    levels = [STRAY_SURE] * len(boxes) if levels is None else list(levels)
    reader = digits.default_reader()
    text_chars = SIGN_TEXT_CHARS - set(STROKE_GLYPHS)
    for quarter in range(4):
        sheet, placed = _upright_sheet(dark, boxes, levels, quarter)
        crops = [np.clip(sheet[b[1]:b[3], b[0]:b[2]], 0, 255).astype(np.uint8) for b in placed]
        read = reader.read([_mark_reader_cell(crop) for crop in crops])
        digit = sum(_copy_read_as_digit(r, (b[2] - b[0], b[3] - b[1])) and r.symbol not in STROKE_GLYPHS
                    for r, b in zip(read, placed))
        if digit > SIGN_COPIES_SHAPED * len(placed):
            return True
        if not ocr.ocr_available():
            continue
        try:
            got = ocr.read_cells([_sign_line(sheet, placed, levels)])[0]
        except Exception:  # noqa: BLE001 (a recogniser that fails on a call has read nothing: TEXT_READ_FAILURES)
            TEXT_READ_FAILURES[0] += 1
            continue
        chars = [c for c in got.text if not c.isspace()]
        if (got.score >= SIGN_TEXT_SCORE and len(chars) >= 3
                and sum(c in text_chars for c in chars) >= SIGN_TEXT_SHARE * len(chars)):
            return True
    return False


def _median_overlaps(frame: _MarkFrame, boxes: dict[Any, tuple[int, int, int, int]]) -> dict[Any, float] | None:
    """Each mark's (``boxes``) overlap with the marks' median in ``frame`` (intersection over union, both thickened by
    a px), or None when one is off size or overlaps it under REPEATED_SIGN_ALIKE: no sign the page repeats."""
    if not all(frame.sized(b) for b in boxes.values()):
        return None
    median, flips = frame.median(list(boxes.values()))
    out = {}
    for k, b in boxes.items():
        iou = frame.overlap(b, median, flips[tuple(int(v) for v in b)])
        if iou < REPEATED_SIGN_ALIKE:
            return None
        out[k] = iou
    return out


def _like_page_sign(dark: np.ndarray, signs: list[tuple[int, int, int, int]],
                    boxes: list[tuple[int, int, int, int]]) -> set[tuple[int, int, int, int]]:
    """The ``boxes`` (x0, y0, x1, y1 in ``dark``) whose ink is a copy of the page's repeated sign (``signs``: its
    copies' boxes): width and height within REPEATED_SIGN_SIZE of the copies' median (or DOUBT_SIGN_SIZE_PX), the ink
    from DOUBT_SIGN_LEVEL of its own 95th-percentile darkness overlapping the copies' median mark by
    REPEATED_SIGN_ALIKE (as the sign rules compare copies); or (rubric 72), turned onto the copy most like that median
    mark, overlapping it by SIGN_CONSISTENT_ALIKE at its best turn (:func:`_turned_overlaps`: HELDOUT33's star stickers
    set at their own angles, a few of which the fit took for an X or a dot, each in doubt as a lone glyph); or (rubric
    74) so in the marks' own frames (:func:`_upright`: a sprig or a staple set at any angle)."""
    frame = _MarkFrame(dark, signs, _own_level(dark, STRAY_FAINT))

    def iou(a, b):
        return float((a & b).sum()) / max(1, int((a | b).sum()))

    def shape(b):
        return cv2.dilate(frame.shape(b), np.ones((3, 3), np.uint8)).astype(bool)

    median = np.mean([shape(b) for b in signs], axis=0) >= 0.5
    out, turned = set(), []
    for b in boxes:
        if not frame.sized(b):
            continue
        if iou(shape(b), median) >= REPEATED_SIGN_ALIKE:
            out.add(b)
        else:
            turned.append(b)
    if turned:
        def own_ink(b):  # (at its own size: a turned copy's box is no scaled copy of the median box)
            return (dark[b[1]:b[3], b[0]:b[2]] >= _doubt_sign_level(dark, b)).astype(np.uint8)

        reference = own_ink(max(signs, key=lambda b: iou(shape(b), median)))
        for b, overlap in zip(turned, _turned_overlaps(reference, [own_ink(b) for b in turned])):
            if overlap >= SIGN_CONSISTENT_ALIKE:
                out.add(b)
    rest = [b for b in boxes if b not in out]
    if rest:
        own = _MarkFrame(dark, signs, _own_level(dark, STRAY_FAINT), turned=True)
        median, _ = own.median(signs)
        out |= {b for b in rest if own.sized(b) and own.overlap(b, median) >= REPEATED_SIGN_ALIKE}
    return out


REPEATED_SIGN_CELLS = 4  # marks no empty-cell shape explains, alike in at least this many cells read empty ...
REPEATED_SIGN_EXTENT = 0.5  # ... each at most this share of a cell across ...
REPEATED_SIGN_CENTRED = 0.15  # ... its box's centre this near its cell's centre (cells) ...
REPEATED_SIGN_SIZE = 0.2  # ... its width and height within this share of the marks' median ...
REPEATED_SIGN_ALIKE = 0.6  # ... and its ink, scaled to the median box, overlapping the median mark's by this much
# (intersection over union, both thickened by one px): the page's own sign for an empty cell (a triangle, a "#")


def _repeated_empty_sign(dark: np.ndarray, layout: dict[str, Any], reading: CellReading,
                         marks: list[dict[str, Any]], skip: set[tuple[int, int]]) -> dict[tuple[int, int], float]:
    """Cells read empty whose one sure mark no empty-cell shape explains is, with the others, the page's own sign for an
    empty cell: the same small mark, centred, in REPEATED_SIGN_CELLS or more cells (nineteenth session: HELDOUT18
    marks every empty cell with a triangle or a "#", a sure stray mark in each before). A person reads a sign the
    solver repeats in the empty cells as the solver's mark for an empty cell, and a scribble, a tick or a letter
    in one or two cells (or marks unlike each other) as stray marks. Returns {(row, column): overlap with the
    median mark} for the cells so read; {} when the marks are no such sign."""
    cand = {k: b for k, (b, sure) in _sign_candidates(layout, reading, marks, skip).items()
            if sure}  # (a mark in doubt stays in doubt: an open square, a mark nearly fitted, a faint one)
    if len(cand) < REPEATED_SIGN_CELLS:
        return {}
    # one mark off size or unlike the others: no sign the page repeats, all stay as read. (Rubric 74) The marks are
    # compared as they lie, then each in its own frame (a sign set at any angle: _upright)
    alike = _median_overlaps(_MarkFrame(dark, list(cand.values()), lambda b: STRAY_SURE, False, 0.0), cand)
    if alike is None:
        alike = _median_overlaps(_MarkFrame(dark, list(cand.values()), lambda b: STRAY_SURE, True, 0.0), cand)
        if not alike or _turned_copies_read_as_glyphs(dark, list(cand.values()), None):
            return {}
    out = {k: round(v, 3) for k, v in alike.items()}
    if (not _sign_shaped_copies(dark, list(cand.values()))  # (twentieth session) a "?", a letter, a digit
            and not _consistent_sign(dark, list(cand.values()) + _fitted_sign_copies(
                dark, layout, reading, marks, cand), None, list(out.values()),
                _cells_read_empty(reading))):  # (rubric 43) a tick; (rubric 58)
        return {}
    return out


SIGN_CONVEX = 0.85  # a repeated sign with its holes filled fills this share of its convex hull (a triangle, a diamond,
# a square, a disc) or ...
SIGN_SYMMETRY = 0.9  # ... is the same turned half round to this share (a "#", an "=", a colon; _point_symmetry)


def _sign_candidates(layout: dict[str, Any], reading: CellReading, marks: list[dict[str, Any]],
                     skip: set[tuple[int, int]]) -> dict[tuple[int, int], tuple[tuple[int, int, int, int], bool]]:
    """{(row, column): (the mark's box, sure)} for the cells read blank or crossed, not in ``skip``, holding one mark
    at most REPEATED_SIGN_EXTENT of a cell across (3 px at least each way) whose box's centre is within
    REPEATED_SIGN_CENTRED of the cell's: the candidates for a sign the page repeats in its empty cells."""
    per_cell: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for m in marks:
        per_cell.setdefault(tuple(m["cell"]), []).append(m)
    rows, cols = layout["rows"], layout["cols"]
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    cell = min((gx1 - gx0) / cols, (gy1 - gy0) / rows)
    out = {}
    for (r, c), ms in per_cell.items():
        if (len(ms) != 1 or (r, c) in skip
                or reading.states[r][c] not in (cells_mod.BLANK, cells_mod.CROSSED)):
            continue
        x0, y0, x1, y1 = ms[0]["bbox"]
        bx0, by0, bx1, by1 = cell_box(layout, r, c)
        if max(x1 - x0, y1 - y0) > REPEATED_SIGN_EXTENT * cell or min(x1 - x0, y1 - y0) < 3:
            continue
        if math.hypot((x0 + x1 - bx0 - bx1) / 2, (y0 + y1 - by0 - by1) / 2) > REPEATED_SIGN_CENTRED * cell:
            continue
        out[(r, c)] = ((x0, y0, x1, y1), bool(ms[0]["sure"]))
    return out


def _turned_alike(dark: np.ndarray, boxes: list[tuple[int, int, int, int]], levels: list[float] | None,
                  alike: list[float]) -> list[float]:
    """Per copy of a page's repeated sign (``boxes`` in ``dark``, each copy's ink from its ``levels``; STRAY_SURE when
    None), its overlap with the copy most like the median mark (the largest of ``alike``) at its best turn
    (:func:`_turned_overlaps`). Rubric 72 (HELDOUT33, forty-first session): gold star stickers set at any angle in every
    empty cell overlapped their median mark 0.76-0.78 at the median as they lay, each a sure stray mark (four pages
    charged); turned onto one copy, 0.86-0.87. A stylus's wedges, each pressed at its own angle, 0.75 and 0.83."""
    inks = [(dark[y0:y1, x0:x1] >= (STRAY_SURE if levels is None else levels[k])).astype(np.uint8)
            for k, (x0, y0, x1, y1) in enumerate(boxes)]
    return _turned_overlaps(inks[int(np.argmax(alike))], inks)


def _turned_overlaps(reference: np.ndarray, inks: list[np.ndarray]) -> list[float]:
    """Per mark of ``inks`` (uint8 0/1, each its own box), its overlap (intersection over union, both thickened by a px
    as the sign rules compare copies) with ``reference`` (likewise), each centred on its ink's centre and turned by each
    of SIGN_TURNS about it, the best taken: a sticker or a stamp set at its own angle is the same mark."""
    side = int(1.5 * max(max(ink.shape) for ink in [reference] + list(inks))) + 4  # (room to turn)
    kernel = np.ones((3, 3), np.uint8)

    def centred(ink: np.ndarray) -> np.ndarray:
        ys, xs = np.nonzero(ink)
        if len(xs) == 0:
            return np.zeros((side, side), np.uint8)
        shift = np.float32([[1, 0, side / 2 - xs.mean()], [0, 1, side / 2 - ys.mean()]])
        return cv2.warpAffine(ink, shift, (side, side), flags=cv2.INTER_NEAREST)

    ref = cv2.dilate(centred(reference), kernel) > 0
    turns = [cv2.getRotationMatrix2D((side / 2, side / 2), float(t), 1.0) for t in SIGN_TURNS]
    out = []
    for ink in inks:
        copy = centred(ink)
        best = 0.0
        for turn in turns:
            s = cv2.dilate(cv2.warpAffine(copy, turn, (side, side), flags=cv2.INTER_NEAREST), kernel) > 0
            best = max(best, float((s & ref).sum()) / max(1, int((s | ref).sum())))
        out.append(best)
    return out


def _shaped_as_sign(sign: np.ndarray) -> bool:
    """Whether a copy of the sign a page repeats in its empty cells (``sign``: its ink, bool) is shaped as people's
    signs for an empty cell are: a simple shape, outline or solid, its holes filled filling SIGN_CONVEX of its convex
    hull (a triangle, a diamond, a square), or the same turned half round (SIGN_SYMMETRY: a "#", an "=", a colon)
    about its ink's centre or its box's (:func:`_centred_symmetry`). Twentieth session (issue 13): any sign repeated
    in 4 cells had been taken as the page's empty mark; a "?" or a letter such as "a", "e", "K" or "R" is shaped so
    on few of its copies (and a "0" or an "8" is read as a digit: :func:`_copies_read_as_no_digit`)."""
    filled = sign.copy()
    paper = np.pad(~sign, 1, constant_values=True).astype(np.uint8)
    _, labels = cv2.connectedComponents(paper, connectivity=4)
    filled |= ((labels != labels[0, 0]) & (labels > 0))[1:-1, 1:-1]
    return (_hull_share(filled) >= SIGN_CONVEX or _point_symmetry(sign) >= SIGN_SYMMETRY
            or _centred_symmetry(sign) >= SIGN_SYMMETRY)


def _copies_read_as_no_digit(dark: np.ndarray, boxes: list[tuple[int, int, int, int]], levels: list[float] | None,
                             shaped: bool = False) -> int:
    """How many copies of a page's repeated sign (``boxes`` in ``dark``, each copy's ink from its ``levels``;
    STRAY_SURE when None) are no digit: a copy enclosing more than two counters (:func:`_counters`; no digit does),
    or one the digit reader, reading the copies in one batch, reads as no digit (:func:`_copy_read_as_digit`). With
    ``shaped``, only copies :func:`_shaped_as_sign` count. The reader is not run when the copies it could add cannot
    lift the count over SIGN_COPIES_SHAPED of them (both callers' bar)."""
    from genpuzzle.verifiers import digits

    cells, dims, plain = [], [], 0
    for k, (x0, y0, x1, y1) in enumerate(boxes):
        crop = np.clip(dark[y0:y1, x0:x1], 0, 255).astype(np.uint8)
        sign = crop >= (STRAY_SURE if levels is None else levels[k])
        if not sign.any() or (shaped and not _shaped_as_sign(sign)):
            continue
        if _counters(sign) > 2:  # no digit encloses more than two counters (an 8): a circled X, its four, is no digit
            plain += 1
            continue
        cells.append(_mark_reader_cell(crop))
        dims.append((x1 - x0, y1 - y0))
    if plain + len(cells) <= SIGN_COPIES_SHAPED * len(boxes):
        return plain
    for reading, dim in zip(digits.default_reader().read(cells) if cells else [], dims):
        plain += not _copy_read_as_digit(reading, dim)
    return plain


DOUBT_SIGN_LEVEL = 0.5  # a mark in doubt is compared with the others by its ink from this share of its own darkest
DOUBT_SIGN_SIZE_PX = 2.0  # ... and its width and height may differ from the median by this many px (a sign 8 px across)


def _repeated_sign_in_doubt(dark: np.ndarray, layout: dict[str, Any], reading: CellReading,
                            marks: list[dict[str, Any]], skip: set[tuple[int, int]],
                            accepted: dict[tuple[int, int], float]) -> dict[tuple[int, int], float]:
    """Cells read empty whose one mark is the page's own sign for an empty cell (as :func:`_repeated_empty_sign`) when
    some copies of the sign are *in doubt* (``sure`` False: ink paler than STRAY_SURE after the 3 x 3 mean, or a shape
    nearly fitted or glyph-like). Twentieth session, issue 13: HELDOUT18's triangles, "="s and "#"s in every empty
    cell are grey strokes 1-2 px wide; the 3 x 3 mean takes most of them (at 10x10 and 15x15 all) under STRAY_SURE, so
    the sure-mark rule saw too few and 3-54 cells per error-free page stayed unsure (review), a few sure copies
    charged as stray marks. Candidates: cells read blank or crossed holding one mark, sure or in doubt, not
    in ``skip``; the tests of the sure-mark rule (REPEATED_SIGN_CELLS of them, each at most REPEATED_SIGN_EXTENT
    across, centred within REPEATED_SIGN_CENTRED, width and height within REPEATED_SIGN_SIZE of the median or
    DOUBT_SIGN_SIZE_PX, overlapping the median mark by REPEATED_SIGN_ALIKE), each mark's ink taken from
    DOUBT_SIGN_LEVEL of its own 95th-percentile darkness on the page's own resolution (a pale sign has little ink at a
    pen's darkness). Only when at least one candidate is in doubt (pages of sure marks are the sure-mark rule's);
    one candidate unlike the others or off size and none is read as the sign (all stay as read: unsure, or a
    sure stray mark); so is none when REPEATED_SIGN_CELLS candidates are sure and the sure-mark rule read no sign
    from them (its judgement of the sure copies stands). ``accepted``: the cells the sure-mark rule read as the sign
    (candidates too, not returned).
    Returns {(row, column): overlap with the median mark} for the other cells so read."""
    # an open square stays in doubt (rubric 12: its meaning unclear, in every empty cell too; a pale "#", also fitted
    # GLYPH_DOUBT, is a sign): this rule is for signs in doubt for their pale ink
    marks = [m for m in marks if m.get("shape") != "open square"]
    found = _sign_candidates(layout, reading, marks, skip)
    cand = {k: b for k, (b, _) in found.items()}
    doubtful = {k for k, (_, sure) in found.items() if not sure}
    if not doubtful or len(cand) < REPEATED_SIGN_CELLS:
        return {}
    if not accepted and len(cand) - len(doubtful) >= max(REPEATED_SIGN_CELLS, SIGN_CONSISTENT_COPIES):
        # sure copies enough for the sure-mark rule to judge, and it found no sign: its judgement stands. (rubric 58)
        # Fewer than SIGN_CONSISTENT_COPIES sure copies could never pass its consistent-sign test, whatever they are
        # (a 5x5 e-reader page's triad of grey dots, 4 of its 10 copies sure): this rule judges them with the others
        return {}
    level = _own_level(dark, STRAY_FAINT)  # (_doubt_sign_level)
    alike = _median_overlaps(_MarkFrame(dark, list(cand.values()), level, False), cand)
    if alike is None:  # (rubric 74) each in its own frame (_upright), then no glyph at any quarter turn
        alike = _median_overlaps(_MarkFrame(dark, list(cand.values()), level, True), cand)
        if not alike or _turned_copies_read_as_glyphs(dark, list(cand.values()), [level(b) for b in cand.values()]):
            return {}
    out = {k: round(iou, 3) for k, iou in alike.items() if k not in accepted}
    levels = [_doubt_sign_level(dark, b) for b in cand.values()]
    if out and not _sign_shaped_copies(dark, list(cand.values()), levels):
        more = _fitted_sign_copies(dark, layout, reading, marks, cand)  # (rubric 58)
        if not _consistent_sign(dark, list(cand.values()) + more, levels + [_doubt_sign_level(dark, b) for b in more],
                                list(alike.values()), _cells_read_empty(reading)):  # (rubric 43)
            return {}  # a pale "?", letter or digit in every empty cell is no sign (as the sure rule's)
    return out


def _doubt_sign_level(dark: np.ndarray, b: tuple[int, int, int, int]) -> float:
    """The darkness from which a mark in doubt (box ``b`` in ``dark``) is compared with a page's other marks:
    DOUBT_SIGN_LEVEL of its own 95th-percentile darkness, STRAY_FAINT at least."""
    return max(STRAY_FAINT, DOUBT_SIGN_LEVEL * float(np.percentile(dark[b[1]:b[3], b[0]:b[2]], 95)))


def _cells_read_empty(reading: CellReading) -> int:
    """How many cells a reading has blank or crossed."""
    return len(reading.where(cells_mod.BLANK)) + len(reading.where(cells_mod.CROSSED))


def _fitted_sign_copies(dark: np.ndarray, layout: dict[str, Any], reading: CellReading, marks: list[dict[str, Any]],
                        cand: dict[tuple[int, int], tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    """When a page's repeated sign has fewer than SIGN_CONSISTENT_COPIES unexplained copies (``cand``), the boxes of
    its other copies: the ink of the cells read empty that hold no mark (the empty-mark fit or the patch reader
    accepted theirs; :func:`_mark_pieces_box`, up to PAGE_MARK_SAMPLE cells evenly spread) that is a copy of the sign
    (:func:`_like_page_sign`). Twenty-seventh session (issue 13, rubric 58): a 5x5 page marking its 10-12 empty cells
    with a triad of dots has 4-5 of them unexplained (the fit takes the others for a small ring): too few for the
    consistent-sign test, which never ran, and the 4 were charged as sure stray marks (a confident false fail). The
    test reads the sign's copies as a whole; the fitted ones are copies of it too."""
    if len(cand) >= SIGN_CONSISTENT_COPIES or len(cand) < REPEATED_SIGN_CELLS:
        return []
    held = {tuple(m["cell"]) for m in marks} | set(cand)
    others = [cell for cell in itertools.chain(reading.where(cells_mod.BLANK), reading.where(cells_mod.CROSSED))
              if cell not in held]
    boxes = [b for b in (_mark_pieces_box(dark, layout, r, c) for r, c in others) if b is not None]
    boxes = boxes[::max(1, len(boxes) // PAGE_MARK_SAMPLE)][:PAGE_MARK_SAMPLE]
    alike = _like_page_sign(dark, list(cand.values()), boxes) if boxes else set()
    return [b for b in boxes if b in alike]


SIGN_COPIES_SHAPED = 0.5  # a sign the page repeats is shaped as a sign when more than this share of its copies are


def _sign_shaped_copies(dark: np.ndarray, boxes: list[tuple[int, int, int, int]],
                        levels: list[float] | None = None) -> bool:
    """Whether the sign a page repeats in its empty cells is shaped as people's signs for an empty cell
    (:func:`_shaped_as_sign`) on more than SIGN_COPIES_SHAPED of its copies (``boxes``, each copy's ink from its
    ``levels``; STRAY_SURE when None), the copies read by the digit reader in one batch. Twenty-first session (issue 13,
    helper h21f): the rules judged one copy only, the one most like the others, and HELDOUT18's 10x10/0 pages lost
    their 54 signs each to it: a hollow triangle that one copy in ten reads surely as a "4" (0.91; 48-50 of 54-55
    copies shaped as a sign), a slanted "#" whose ink is turned half round about its box's centre a px off its own
    (27-32 of 54 copies symmetric about the box's centre, 53 about their ink's). A symbol is symmetric turned half
    round about its box's centre or about its ink's centre (:func:`_centred_symmetry`); a digit, a "?" or a letter
    in every empty cell is read so on most of its copies, as it was on the one. A copy enclosing more than two
    counters (:func:`_counters`) is read as no digit without the digit reader: HELDOUT16's circled X (four counters)
    reads surely as an "8" on 58 of its 99 copies on a 15x15 page."""
    shaped = _copies_read_as_no_digit(dark, boxes, levels, shaped=True)
    return shaped > SIGN_COPIES_SHAPED * len(boxes) and not _sign_reads_as_text(dark, boxes, levels)


SIGN_ROUND_ZERO = 1.1  # (rubric 43) a copy the digit reader reads as a "0" is a ring or a diamond drawn, no digit, when
SIGN_ROUND_ZERO_PX = 1  # ... its box is at most this many times as tall as wide and this many px more


def _copy_read_as_digit(reading: Any, dim: tuple[int, int]) -> bool:
    """Whether a copy of a page's repeated sign (``dim``: its box's width and height) that the digit reader read as
    ``reading`` is a digit: read surely as one, unless the "0" of a copy about as tall as wide (SIGN_ROUND_ZERO,
    SIGN_ROUND_ZERO_PX). Twenty-third session (issue 13, helper h23a, rubric 43): HELDOUT20's granite pages mark
    every empty cell with a small diamond outline, read surely as a "0" on half its copies, so the page lost its sign
    and every cell stayed in doubt; a typed "0" stands 1.2-1.8 times as tall as wide, a ring or a diamond drawn
    0.9-1.1 (and a ring is a mark people draw: rubric 42 reads an "o" or a "0" as no text either)."""
    if not (reading.confident and reading.symbol in "0123456789"):
        return False
    w, h = dim
    return not (reading.symbol == "0" and h <= SIGN_ROUND_ZERO * w + SIGN_ROUND_ZERO_PX)


SIGN_CONSISTENT_COPIES = 6  # (rubric 43) a sign no shape test accepts is the page's sign when it has this many copies
SIGN_CONSISTENT_ALIKE = 0.8  # ... overlapping the median mark by this much (median over the copies: one shape) ...
SIGN_TEXT_WEAK = 0.5  # ... and the recogniser reads its copies, never as text even at this score (a tick reads
# "VVVVVV" at 0.33-0.39, a star "☆☆众☆☆众" at 0.4-0.75, no text characters; a typed letter's line 0.6-1.0)
SIGN_TURNS = tuple(range(-40, 41, 4))  # (rubric 72) degrees: a copy is also compared with the sign turned so much (a
# sticker or a stamp set at any angle), when the copies as they lie overlap less than SIGN_CONSISTENT_ALIKE


def _consistent_sign(dark: np.ndarray, boxes: list[tuple[int, int, int, int]], levels: list[float] | None,
                     alike: list[float], page_empty: int | None = None) -> bool:
    """Whether a sign the page repeats in its empty cells that rubric 30's shape tests turn down (neither filling its
    hull nor the same turned half round: a tick, a star outline, three dots) is still the page's sign for an empty
    cell: one consistent shape -- SIGN_CONSISTENT_COPIES copies or more (``boxes`` in ``dark``, each at its ``levels``
    ink, STRAY_SURE when None), their overlaps with the median mark (``alike``) SIGN_CONSISTENT_ALIKE at the median --
    that is no glyph: the digit reader reads no digit on more than SIGN_COPIES_SHAPED of its copies
    (:func:`_copy_read_as_digit`) and the OCR recogniser, which must be available, reads its copies as something
    but never as text, even at SIGN_TEXT_WEAK (:func:`_sign_read_as_no_text`). Twenty-third session (issue 13, helper
    h23a, rubric 43): HELDOUT20 marks every empty cell with a tick (circuit postcard) or a five-pointed star outline
    (basket weave), 10-54 copies a page alike to 0.8-0.99 at the median, which rubric 30 took for a letter: every cell
    in doubt, or a stray mark each. A letter, a digit or a "?" in every empty cell is read as text by the recogniser
    or as a digit, and a scribble drawn again in each cell is not alike; both stay as read.
    ``page_empty`` (rubric 58): the cells the page's reading left empty; a page with fewer than SIGN_CONSISTENT_COPIES
    (a 5x5 with 5) needs a copy in each of them (REPEATED_SIGN_CELLS at least)."""
    from genpuzzle.verifiers import ocr

    least = SIGN_CONSISTENT_COPIES if page_empty is None else min(SIGN_CONSISTENT_COPIES,
                                                                   max(REPEATED_SIGN_CELLS, page_empty))
    if len(boxes) < least or not alike:
        return False
    if (float(np.median(alike)) < SIGN_CONSISTENT_ALIKE
            and float(np.median(_turned_alike(dark, boxes, levels, alike))) < SIGN_CONSISTENT_ALIKE):
        return False
    if not ocr.ocr_available():  # no glyph test stronger than the shapes': the shape tests alone decide, as before
        return False
    plain = _copies_read_as_no_digit(dark, boxes, levels)
    return plain > SIGN_COPIES_SHAPED * len(boxes) and _sign_read_as_no_text(dark, boxes, levels)


def _sign_in_small_cells(dark: np.ndarray, layout: dict[str, Any], marks: list[dict[str, Any]],
                         small: set[tuple[int, int]], sign: dict[tuple[int, int], float]
                         ) -> dict[tuple[int, int], float]:
    """Cells the patch reader left unsure for a small mark (``small``: :func:`_small_mark`) whose one mark is a copy of
    the page's sign for an empty cell, once REPEATED_SIGN_CELLS other cells read it (``sign``): centred and at most
    REPEATED_SIGN_EXTENT across as the sign rules' candidates, its width and height within REPEATED_SIGN_SIZE of the
    sign copies' median (or DOUBT_SIGN_SIZE_PX), and its ink (from DOUBT_SIGN_LEVEL of its own 95th-percentile
    darkness) overlapping the copies' median mark by REPEATED_SIGN_ALIKE. Twenty-third session (issue 13, helper h23a,
    rubric 43): a tick drawn 2 px wide in every empty cell is read as the page's sign in 25 of 46 cells of a 10x10 page
    and left unsure in the 21 the patch reader took for a small mark (never candidates of the sign rules). A mark
    unlike the sign stays as it was (unsure, then the small-mark shapes). Returns {(row, column): overlap}."""
    if len(sign) < REPEATED_SIGN_CELLS or not small:
        return {}
    rows, cols = layout["rows"], layout["cols"]
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    cell = min((gx1 - gx0) / cols, (gy1 - gy0) / rows)
    per_cell: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for m in marks:
        per_cell.setdefault(tuple(m["cell"]), []).append(m)
    copies = [ms[0]["bbox"] for k, ms in per_cell.items() if k in sign and len(ms) == 1]
    if len(copies) < REPEATED_SIGN_CELLS:
        return {}
    cand = {}
    for (r, c), ms in per_cell.items():
        if (r, c) not in small or (r, c) in sign or len(ms) != 1:
            continue
        x0, y0, x1, y1 = ms[0]["bbox"]
        bx0, by0, bx1, by1 = cell_box(layout, r, c)
        if (max(x1 - x0, y1 - y0) <= REPEATED_SIGN_EXTENT * cell and min(x1 - x0, y1 - y0) >= 3
                and math.hypot((x0 + x1 - bx0 - bx1) / 2, (y0 + y1 - by0 - by1) / 2) <= REPEATED_SIGN_CENTRED * cell):
            cand[(r, c)] = (x0, y0, x1, y1)
    out = {}
    for turned in (False, True):  # (rubric 74) and in the marks' own frames (a sign set at any angle: _upright)
        frame = _MarkFrame(dark, copies, _own_level(dark, STRAY_FAINT), turned)
        median, _ = frame.median(copies)
        for k, b in cand.items():
            if k in out or not frame.sized(b):
                continue
            iou = frame.overlap(b, median)
            if iou >= REPEATED_SIGN_ALIKE:
                out[k] = round(iou, 3)
    return out


SIGN_TEXT_COPIES = 6  # a page's repeated sign is read by the OCR recogniser as a line of this many of its copies ...
SIGN_TEXT_SCORE = 0.8  # ... and is text when the recogniser reads the line at this score or more ...
SIGN_TEXT_SHARE = 0.6  # ... this share of its characters (and 3 at least) letters, digits or text signs
SIGN_TEXT_CHARS = set("ABCDEFGHIJKLMNPQRSTUVWYZabcdefghijklmnpqrstuvwyz123456789%&$@?")  # (not x, X, o, O, 0: an X and
# a ring are marks people draw; "#", "=", "*", "+", a triangle, a ring or a star the recogniser reads are signs)


def _sign_line(dark: np.ndarray, boxes: list[tuple[int, int, int, int]],
               levels: list[float] | None = None, stretch: bool = False) -> np.ndarray:
    """SIGN_TEXT_COPIES copies of a page's repeated sign (``boxes`` in ``dark``, spread over the page's copies; each
    at its ``level`` when given, else STRAY_SURE) set side by side as a line of dark text on white (uint8), for the
    OCR recogniser (:func:`_sign_reads_as_text`, :func:`_sign_read_as_no_text`); ``stretch``: each copy's ink
    darkened so its 95th percentile is black (a grey sign)."""
    picks = [int(i) for i in np.linspace(0, len(boxes) - 1, min(SIGN_TEXT_COPIES, len(boxes)))]
    h = max(boxes[i][3] - boxes[i][1] for i in picks)
    w = max(boxes[i][2] - boxes[i][0] for i in picks)
    gap, pad = max(3, int(round(0.6 * w))), max(3, int(round(0.5 * h)))
    line = np.full((h + 2 * pad, gap + len(picks) * (w + gap)), 255, np.uint8)
    for k, i in enumerate(picks):
        x0, y0, x1, y1 = boxes[i]
        level = STRAY_SURE if levels is None else levels[i]
        crop = np.clip(dark[y0:y1, x0:x1], 0, 255)
        crop = np.where(crop >= 0.5 * level, crop, 0)  # the copy's ink, not the paper's texture around it
        if stretch and (crop > 0).any():
            crop = np.clip(crop * (255.0 / max(1.0, float(np.percentile(crop[crop > 0], 95)))), 0, 255)
        top, left = pad + (h - (y1 - y0)) // 2, gap + k * (w + gap) + (w - (x1 - x0)) // 2
        line[top:top + y1 - y0, left:left + x1 - x0] = (255 - crop).astype(np.uint8)
    return line


SIGN_TEXT_UPSCALE = 2  # (rubric 43) the line is read again this many times larger (a grey "y" 14 px high: nothing at
# its own size, "yyyyy" at twice it)


def _sign_read_as_no_text(dark: np.ndarray, boxes: list[tuple[int, int, int, int]],
                          levels: list[float] | None = None) -> bool:
    """Whether the OCR recogniser reads a line of a page's repeated sign (:func:`_sign_line`) as something, and never
    as text: as drawn and with its ink stretched to black, each at its own size and SIGN_TEXT_UPSCALE times larger, at
    least one reading of 3 characters or more, and no reading SIGN_TEXT_SHARE of whose characters are letters, digits
    or text signs (SIGN_TEXT_CHARS) at SIGN_TEXT_WEAK or more. Rubric 43's glyph test (:func:`_consistent_sign`):
    stricter than rubric 42's (SIGN_TEXT_SCORE), and a line the recogniser reads nothing in is no evidence of a sign.
    HELDOUT20's ticks read "VVVVVV" or "√ン√ン√ン" at 0.28-0.46, its stars "☆☆众☆☆众" at 0.31-0.75 (no text
    characters); a grey "y" 14 px high reads nothing as drawn and "yyyyy" (0.61) at twice its size."""
    from genpuzzle.verifiers import ocr

    if not boxes or not ocr.ocr_available():
        return False
    seen = False
    for stretch, scale in ((False, 1), (False, SIGN_TEXT_UPSCALE), (True, 1), (True, SIGN_TEXT_UPSCALE)):
        image = _sign_line(dark, boxes, levels, stretch)
        if scale != 1:
            image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
        try:
            got = ocr.read_cells([image])[0]
        except Exception:  # (a recogniser that fails to load reads nothing: no evidence)
            return False
        chars = [c for c in got.text if not c.isspace()]
        if (got.score >= SIGN_TEXT_WEAK and len(chars) >= 3
                and sum(c in SIGN_TEXT_CHARS for c in chars) >= SIGN_TEXT_SHARE * len(chars)):
            return False
        seen |= len(chars) >= 3
    return seen


def _sign_reads_as_text(dark: np.ndarray, boxes: list[tuple[int, int, int, int]],
                        levels: list[float] | None = None) -> bool:
    """Whether the sign a page repeats in its empty cells is a letter, a digit or a text sign ("s", "%", "e", "a",
    "Z", "4", "K"): SIGN_TEXT_COPIES of its copies (``boxes`` in ``dark``, spread over the page's copies; each at its
    ``level`` when given, else STRAY_SURE) set side by side as a line of text and read open-set by the OCR recogniser
    (:mod:`genpuzzle.verifiers.ocr`), which reads SIGN_TEXT_SHARE of the characters as letters, digits or text signs
    (SIGN_TEXT_CHARS) at SIGN_TEXT_SCORE or more. Twenty-second session (issue 13, helper h22e, rubric 42): the shape
    tests (:func:`_shaped_as_sign`) take a glyph the same turned half round ("s", "%", "Z", "N", at a few px also "e" and
    "a") for a sign like "#" or "="; the recogniser reads HELDOUT18's kind of triangle as a triangle, a "#" as a
    full-width "#", a triad of dots as no letter. Without the recogniser (not installed) the shape tests alone
    decide, as before."""
    from genpuzzle.verifiers import ocr

    if not boxes or not ocr.ocr_available():
        return False
    line = _sign_line(dark, boxes, levels)
    try:
        got = ocr.read_cells([line])[0]
    except Exception:  # (a recogniser that fails to load reads nothing)
        # (rubric 51) a recogniser that loads but fails on a call has read nothing: no evidence of "no text" either;
        # read_cells leaves the cells it would have judged in doubt (TEXT_READ_FAILURES)
        TEXT_READ_FAILURES[0] += 1
        return False
    chars = [c for c in got.text if not c.isspace()]
    return (got.score >= SIGN_TEXT_SCORE and len(chars) >= 3
            and sum(c in SIGN_TEXT_CHARS for c in chars) >= SIGN_TEXT_SHARE * len(chars))


SIGN_COUNTER_PX = 3  # a counter of a sign's copy: paper enclosed by its ink, this many px at least (no pinhole)


def _counters(box_ink: np.ndarray) -> int:
    """The number of counters (4-connected paper pieces of SIGN_COUNTER_PX or more that the ink, bool, encloses)."""
    paper = np.pad(~box_ink, 1, constant_values=True).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(paper, connectivity=4)
    return sum(1 for i in range(1, n) if i != labels[0, 0] and stats[i, cv2.CC_STAT_AREA] >= SIGN_COUNTER_PX)


def _centred_symmetry(box_ink: np.ndarray) -> float:
    """Share of the ink (bool) that lands within a px of ink when turned half round about the ink's own centre
    (its centroid, rounded to the px): as :func:`_point_symmetry`, for a symbol whose ink is not centred in its box
    (a slanted "#" whose bars span the box and whose strokes stand a px to one side)."""
    ys, xs = np.nonzero(box_ink)
    if not len(xs):
        return 1.0
    ty, tx = np.rint(2 * ys.mean() - ys).astype(int), np.rint(2 * xs.mean() - xs).astype(int)
    near = cv2.dilate(box_ink.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    inside = (ty >= 0) & (ty < box_ink.shape[0]) & (tx >= 0) & (tx < box_ink.shape[1])
    return float(np.count_nonzero(near[ty[inside], tx[inside]])) / len(xs)


SMALL_MARK_COVER = 0.3  # an unsure cell with at most this share of mark ink (as the cell reader's small X) ...
SMALL_MARK_CLEAR = 0.1  # ... none of its corners and at most two of its side middles inked beyond this share ...
SMALL_MARK_SIDE = 0.5  # ... those two not beyond this share (a ring of a third of the cell reaches a side's middle) ...
SMALL_MARK_TINTED = 0.3  # ... and at most this share of even-tone ink (no shading) holds one small mark
OFF_CENTRE_SHAPES = ("off-centre dot", "off-centre X", "off-centre dash")  # marks off a cell's centre, read blank,
# that mark it empty
SMALL_MARK_SHAPES = ("asterisk", "null sign", "circled X", "boxed X", "small ring") + OFF_CENTRE_SHAPES  # ... read as crossed when it is one
# of these (the marks for an empty cell that the patch reader has no rule for; an X smaller than the cell has its own,
# a ring stays unsure; a dot off the centre, OFF_CENTRE_DOT: the patch reader reads a centred one; an X set in a corner)
SMALL_MARK_CONFIDENCE = 0.65  # the confidence of such a cell read crossed (as the cell reader's small X)


def _small_mark(evidence: dict[str, Any]) -> bool:
    """Whether a cell the patch reader left unsure holds nothing but a small mark clear of its corners, reaching at
    most two side middles (a small asterisk: its strokes fill neither diagonal like an X; a null sign whose ring
    reaches a side's middle), or a small mark set in one corner, covering no side's middle (sixteenth session: a
    small X in the lower right corner). :func:`read_cells` then reads it as crossed when the empty-mark fit takes it,
    centred, for an asterisk or a null sign, or off the centre for a dot or an X whole within the cell
    (SMALL_MARK_SHAPES), with no other ink in the cell."""
    if not all(k in evidence for k in ("cover", "sides", "corners", "tinted")):
        return False
    sides, corners = evidence["sides"], evidence["corners"]
    if not (0 < evidence["cover"] <= SMALL_MARK_COVER and evidence["tinted"] <= SMALL_MARK_TINTED):
        return False
    if max(corners) <= SMALL_MARK_CLEAR:
        return max(sides) < SMALL_MARK_SIDE and sum(v > SMALL_MARK_CLEAR for v in sides) <= 2
    # a small mark set in one corner: that corner alone inked, no side's middle covered
    return sum(v > SMALL_MARK_CLEAR for v in corners) == 1 and max(sides) < cells_mod.SIDE_COVERED


# ------------------------------------------------------------------------------------ marks in empty cells

STRAY_SURE = 110  # darkness from which ink in a cell read empty is a sure mark
STRAY_FAINT = 60  # ... a faint one from this darkness
PALE_INK = 45  # a mark's paler ink, looked at when the mark at its own level is surely none (PALE_DOUBT)
STRAY_PARAMS = {"min_extent": 0.15, "min_area": 0.008, "join": 0.05, "min_density": 1.5}  # mark sizes in cells
# (rubric 57) in a cell read empty, a sure stroke at least min_extent long under min_area (a 2-px pen line 0.15-0.3
# cell long in a 5x5 page's 80-px cell: 0.008 cell^2 is 51 px there) is unsure, not noise
CELL_STRAY_PARAMS = {**STRAY_PARAMS, "thin_strokes": 1.0}
# (genpuzzle.ink); a stroke at least 1.5 px thick along its length (a sliver of a grid line is thinner)
STRAY_BORDER = 0.12  # of a cell: the band inside each side where a grid line drawn thicker or a few px off lies
STRAY_SPILL = 0.1  # of a cell: how much farther a neighbour's fill (or a cell in doubt) may run over into the cell
EMPTY_MARK_FIT = 0.97  # an accepted empty-cell mark accounts for at least this share of a crossed cell's ink
EMPTY_MARK_FIT_SURE = 0.9  # ... and a mark accounting for less than this is surely none (between: unsure)
EMPTY_MARK_COVER = 0.7  # ... with ink along this share of each of its strokes
DOT_SOLID = 0.55  # a dot fills this share of its box, enclosing no paper
DOT_SYMMETRY = 0.9  # ... and this share of its ink lies on ink when turned half round (_point_symmetry)
DOT_PINHOLES = 0.05  # ... after filling the paper it encloses when that is at most this share of its box (grain)
DOTTED_PIECES = 4  # a mark of at least this many separate pieces of ink is drawn in dots or dashes
DAB_HULL = 0.92  # ... or, lopsided (a dab of ink), this share of its convex hull (_hull_share)
PALE_DOUBT = 0.93  # the fit given a mark no shape accounts for at its own ink level that one does with its paler ink
GLYPH_DOUBT = 0.93  # the fit given a mark shaped like a glyph that a dot, a stroke or an X also covers: in doubt
STROKE_ASPECT = 2.0  # a stroke at least this many times as long as it is wide (real slashes and dashes: >= 2.25)
GLYPH_COUNTER_PX = 2  # paper enclosed by a stroke or an X from this many px is a glyph's counter (a pixelated
# X's crossing can enclose a single px) ...
GRAIN_HOLE = 0.5  # ... and from (this share of half the stroke's width)^2 px: a hole a few px across at the edge of a
# stroke 20 px wide is the grain of a spray or a rough brush, where a speck beside the stroke closes a gap (HELDOUT19)
RING_HOLE = 0.5  # a ring has no ink within this share of its radius ...
RING_HOLE_THICK = 0.35  # ... or, enclosing paper at its centre, none within this share (a thick pen)
RING_SYMMETRY = 0.8  # ... and this share of its ink on ink when turned half round about that paper's centre
RING_GAP = 3  # ... and its stroke runs all round: at most this many of 24 points in a row on its line off the stroke
# (a small thick corner or hook, whose box is a few pen widths, lies within the fit tolerance of its box's ellipse)
CROSS_ARM_RADII = (0.3, 0.4)  # an X or a plus has four arms crossing a circle around its crossing (radius: share of
# its box's short side) at one of these
TALL_X = 1.4  # ... or, in a box at least this many times as long as wide, crossing an ellipse of the box's shape
TALL_X_SYMMETRY = 0.9  # ... along its strokes, the ink the same mirrored each way to this share (_mirror_symmetry)
BLANK_MARK_CENTRED = 0.12  # a mark in a cell read blank is a mark for an empty cell only this near its centre (cells)
OFF_CENTRE_DOT = 0.3  # ... except a solid dot at most this long (cells) lying whole within the cell's core (a centred dot may be
# half the cell: a heavy X set in a corner, solid at its own ink level, is 0.27)
OFF_CENTRE_DASH = 0.4  # ... and a level dash at most this long (cells), whole within the core, anywhere in it ...
OFF_CENTRE_DASH_RISE = 0.4  # ... its box at most this share as tall as long (rubric 64)
STRAIGHT_STROKE = 0.7  # the ink of each stroke of an X or a plus lies within this share of the fit tolerance of it
ARM_ALONG = 30.0  # ... and each of its four arms runs along its stroke, within this many degrees of it (_arms_straight:
# a zigzag whose two lines at the pen's tolerance cover it has an arm running across its line) ...
ARM_JUDGED = 1.5  # ... judged where the arm reaches this many stroke widths beyond the other stroke (a stub's
# own direction is its width's) ...
ARM_JUDGED_PX = 5  # ... and this many px (a 3 px arm's direction is its pixels')
ARM_REACH_PX = 1.0  # ... and each of its four arms reaches at least this many px past the other stroke's edge (its
# half width): two thick strokes meeting where one ends (a small scribble, the lead's scribble check 19100) are no X
ARM_DOUBT = 0.93  # ... the fit given an X but for an arm reaching the other stroke's edge and not this far: in doubt
TWIN_ANGLE = 15.0  # a double slash: two straight slashes side by side, at most this many degrees apart ...
TWIN_LENGTH = 0.6  # ... the shorter at least this share of the longer's length ...
TWIN_BESIDE = 0.35  # ... their middles this share of that length apart at most along the strokes ...
TWIN_APART = 1.0  # ... and at most this share of it across them
STAR_STROKES = (3, 4)  # an asterisk: this many straight strokes crossing at one point, each in its middle ...
STAR_STRAIGHT = 1.0  # ... each stroke's own ink within this share of half its width and a px of its line (three
# lines at the fit tolerance through a ring's centre cover most of the ring: a null sign is no asterisk)
STAR_MEET = 1.0  # ... their crossings within this share of half a stroke and a px of their mean
STAR_ARM_RADII = (0.35, 0.45)  # ... and two arms a stroke leaving it along the stroke, the only ink crossing a
# circle of this share of the box's short side (an asterisk's arms lie closer together than an X's)
SQUARE_ASPECT = 1.5  # an open square (or rectangle) at most this many times as long as wide ...
SQUARE_SIDE_INKED = 0.9  # ... each side inked along this share of its centre line ...
SQUARE_CORNER_PX = 1.5  # ... and each corner px of its box within this many px of ink
SQUARE_DOUBT = 0.93  # ... is no accepted mark and no fill: the fit given it (in doubt, as GLYPH_DOUBT)
NULL_SLASH_ANGLE = (25.0, 65.0)  # a null sign's stroke runs at this many degrees from level (a level or upright bar
# through a ring is a theta, a phi or a circled minus: letters and signs, no mark for an empty cell)
NULL_SLASH_INKED = 0.85  # ... inked along this share of the ring's inner diameter on its line
NULL_RING_INKED = 0.85  # ... its ring's line on its stroke (within half a stroke and a px) at this share of 24 points
NULL_HOLE = 0.1  # ... and encloses paper of this share of its hole's area on each side of the stroke
NULL_INNER = 0.55  # ink within this share of the ring's radius is the stroke's
CIRCLED_X_RADIUS = 4.0  # a circled X's ring is at least this many px in radius (inside its stroke) ...
CIRCLED_X_ARM = 0.8  # ... its X's four arms each reaching this share of the way out to the ring's stroke ...
CIRCLED_X_BETWEEN = 0.1  # ... and at most this share of the points between them level and upright of its centre inked
CIRCLED_X_BEYOND = 0.1  # ... and of the points around it just outside its ring's stroke
RULED_SPAN = 0.8  # ink running along this share of a cell core's width or height is a ruled line of the paper
RULED_WIDTH = 0.1  # ... when at most this share of the core (and 5 px) wide


def ruled_lines(ink: np.ndarray) -> np.ndarray:
    """The rows and columns of a cell core (bool ink) that a thin straight level or upright line crosses from side
    to side (within a px of slant): ruled or squared paper, a crease, a grid line drawn off its place. Only ink in
    runs across the line at most RULED_WIDTH of the core (and 5 px) thick counts, so a heavy X's arms, which
    also reach across the core near its corners, are no line; a mark for the cell stops short of its sides.
    Returns the mask of those lines (their rows or columns, 3 px wide)."""
    out = np.zeros(ink.shape, bool)
    if ink.shape[0] < 3 or ink.shape[1] < 3:
        return out
    inked = ink.astype(np.uint8)
    for axis in (1, 0):  # rows (level lines), then columns
        thin = max(5, round(RULED_WIDTH * ink.shape[1 - axis]))
        across = (thin + 1, 1) if axis == 1 else (1, thin + 1)
        thick = cv2.morphologyEx(inked, cv2.MORPH_OPEN, np.ones(across, np.uint8)) > 0
        smear = cv2.dilate((ink & ~thick).astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
        span = smear.mean(axis=axis) >= RULED_SPAN
        # at the core's own edge, a thin run spanning it is the cell's grid line drawn thicker (a mark touching
        # it makes its ink thick there, so all ink counts)
        edge = (cv2.dilate(inked, np.ones((3, 3), np.uint8)) > 0).mean(axis=axis) >= RULED_SPAN
        lead = next((i for i, v in enumerate(edge) if not v), len(edge))
        tail = next((i for i, v in enumerate(edge[::-1]) if not v), len(edge))
        if 0 < lead <= thin:
            span[:lead] = True
        if 0 < tail <= thin:
            span[len(span) - tail:] = True
        runs = np.flatnonzero(np.diff(np.r_[0, span.astype(np.int8), 0]))
        for a, b in zip(runs[::2], runs[1::2]):
            if b - a > thin:
                span[a:b] = False
        if span.any():
            band = cv2.dilate(span.astype(np.uint8)[:, None], np.ones((3, 1), np.uint8))[:, 0] > 0
            if axis == 1:
                out[band, :] = True
            else:
                out[:, band] = True
    return out


def _fit_line(px: np.ndarray, py: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(point, unit direction) of the least-squares line through points."""
    return _fit_lines([(px, py)])[0]


def _fit_lines(points: list) -> list:
    """:func:`_fit_line` of each (px, py) in ``points``, bit for bit: each covariance as ``np.cov`` computes it (the
    points less their centre, centred again on their mean, times their transpose, over n - 1), their eigenvectors in
    one call of ``np.linalg.eigh`` (the same LAPACK routine on each matrix). Twentieth session: ``np.cov``'s and
    ``eigh``'s checks were most of the empty-mark fits' cost, which fit lines some 100 000 times on 100 answers."""
    centres, covs = [], np.empty((len(points), 2, 2))
    for i, (px, py) in enumerate(points):
        centre, covs[i] = _centre_cov(px, py)
        centres.append(centre)
    w, v = np.linalg.eigh(covs)
    return [(centre, v[i][:, int(np.argmax(w[i]))]) for i, centre in enumerate(centres)]


def _centre_cov(px: np.ndarray, py: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(centre, covariance) of points: ``np.cov`` of the points less their centre, bit for bit (the identity for one
    point), without its checks."""
    add = np.add.reduce  # (ndarray.mean is this sum over the count; its checks cost more than the sum)
    n = len(px)
    centre = np.array([add(px) / n, add(py) / n])
    if n < 2:
        return centre, np.eye(2)
    x = np.empty((2, n))
    np.subtract(px, centre[0], out=x[0])
    np.subtract(py, centre[1], out=x[1])
    x -= (add(x, axis=1) / n)[:, None]
    c = np.dot(x, x.T)
    c *= np.true_divide(1, n - 1)
    return centre, c


def _same_split(old: np.ndarray, new: np.ndarray) -> tuple[bool, np.ndarray]:
    """(whether a split of points among fitted lines is unchanged, the new split)."""
    return bool(np.array_equal(old, new)), new


def _line_distance(px: np.ndarray, py: np.ndarray, line: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    (x0, y0), (dx, dy) = line
    return np.abs((px - x0) * dy - (py - y0) * dx)


def _lines_distance(px: np.ndarray, py: np.ndarray, lines: list) -> np.ndarray:
    """:func:`_line_distance` of the points from each of ``lines``, stacked (the same arithmetic, one array)."""
    (x0, y0), (dx, dy) = (np.array([[p[i] for p, _ in lines] for i in (0, 1)]),
                          np.array([[u[i] for _, u in lines] for i in (0, 1)]))
    return np.abs((px - x0[:, None]) * dy[:, None] - (py - y0[:, None]) * dx[:, None])


def _stroke_cover(line: tuple[np.ndarray, np.ndarray], px: np.ndarray, py: np.ndarray, near: np.ndarray,
                  to_ink: np.ndarray, tol: float) -> tuple[float, float, float]:
    """(share of the stroke's length with ink within ``tol``, first and last projection of its ink ``near``)."""
    (x0, y0), (dx, dy) = line
    t = (px[near] - x0) * dx + (py[near] - y0) * dy
    if len(t) == 0:
        return 0.0, 0.0, 0.0
    lo, hi = float(t.min()), float(t.max())
    s = np.linspace(lo, hi, 21)
    qx = np.clip(np.round(x0 + s * dx).astype(int), 0, to_ink.shape[1] - 1)
    qy = np.clip(np.round(y0 + s * dy).astype(int), 0, to_ink.shape[0] - 1)
    return float((to_ink[qy, qx] <= tol).mean()), lo, hi


HAIRLINE_SOLID = 0.9  # a mark the hairline search finds (its px at their own darkness) inking this share of the area
# its outline encloses at least is a solid mark drawn pale, no hairline (:func:`_pale_solid`)


def _pale_solid(thin: np.ndarray) -> bool:
    """Whether the hairline search's mark (bool ``thin``: its px at their own darkness, unthickened) is solid: it inks
    HAIRLINE_SOLID of the area its outline encloses, and encloses no paper. A dot drawn pale whose rim dried a little
    darker (a watercolour dot's tide line: its rim at the faint-mark level, its inside just under it; HELDOUT31, 8 cells
    of one page in review) is a solid dot to a reader; a ring or a small "o" or "e" drawn in hairlines, thickened into a
    dot to be seen, encloses paper as drawn."""
    if not thin.any():
        return False
    outline, _ = cv2.findContours(thin.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    enclosed = np.zeros(thin.shape, np.uint8)
    cv2.drawContours(enclosed, outline, -1, 1, thickness=cv2.FILLED)
    return np.count_nonzero(thin) >= HAIRLINE_SOLID * np.count_nonzero(enclosed) and _solid(thin)


def empty_mark_fit(ink: np.ndarray, unseen: np.ndarray | None = None) -> tuple[str, float]:
    """The mark for an empty cell that best accounts for a cell's ``ink`` (bool, the cell's core) and the share
    of the ink it accounts for (within half a stroke and 8 % of the mark's size of its strokes): one straight
    stroke (a slash, a dash), two straight strokes crossing each other within their middle 60 % at 30 degrees or
    more with four arms leaving the crossing (an X, a plus), a ring, a solid dot, and (fourteenth session, looked for
    when none of those accounts for the ink) a null sign (:func:`_null_sign_fit`) or an asterisk (:func:`_star_fit`).
    Every stroke must be inked along EMPTY_MARK_COVER of its length (0 when no shape qualifies). A tick, a "7" (two
    strokes meeting at an end), a scribble or a letter leaves ink off every shape. A stroke shorter than STROKE_ASPECT
    times its width and a stroke or X enclosing paper are in doubt (GLYPH_DOUBT). ``unseen`` (bool, same shape):
    where ink was taken off as a ruled line, which may hide part of an arm. Sixteenth session: a solid lopsided dab that
    fills its convex hull (DAB_HULL) is a dot; an X drawn in dots (DOTTED_PIECES pieces of ink) has its arms where a
    circle comes within the fit's tolerance of them, and the paper amid its middle dots is no counter; paper inside a
    stroke (a stamp's void) is no counter either. Eighteenth session: an X whose four arms are counted on a circle
    around its crossing has each arm reaching ARM_REACH_PX past the other stroke's edge (an arm ending short of that,
    past the edge, leaves it in doubt: ARM_DOUBT); a circled X (:func:`_circled_x_fit`) is a mark for an empty cell."""
    ys, xs = np.nonzero(ink)
    if len(xs) < 3:
        return "none", 1.0
    x0, x1, y0, y1 = int(xs.min()), int(xs.max()), int(ys.min()), int(ys.max())
    bw, bh = x1 - x0 + 1, y1 - y0 + 1
    box_ink = ink[y0:y1 + 1, x0:x1 + 1]
    glyph_dot = False  # solid like a dot but not the same turned half round: a bold "2", "3", "5" or "7"
    symmetric_blob = False  # (rubric 63) solid and the same turned half round, with notches: a dot unless a shape fits
    if len(xs) >= DOT_SOLID * bw * bh and max(bw, bh) <= 2 * min(bw, bh) and _solid(box_ink):
        symmetric = _point_symmetry(box_ink) >= DOT_SYMMETRY
        if _hull_share(box_ink) >= DAB_HULL:
            return "dot", 1.0  # a dab of ink: a blob with no notch (a bold digit has its notches)
        symmetric_blob, glyph_dot = symmetric, not symmetric
    elif max(bw, bh) <= 2 * min(bw, bh):
        # solid like a dot once the few px of paper it encloses are filled: a grainy (pencil) dot, or a small "6",
        # "8", "9", "a", "e" or "B" whose counter is as small as the grain (glyph check): in doubt
        dot_ink = _without_pinholes(box_ink)
        glyph_dot = (dot_ink is not box_ink and np.count_nonzero(dot_ink) >= DOT_SOLID * bw * bh
                     and _point_symmetry(dot_ink) >= DOT_SYMMETRY)
    inked = ink.astype(np.uint8)
    half = max(0.5, float(np.percentile(cv2.distanceTransform(inked, cv2.DIST_L2, 3)[ink], 90)))
    tol = half + max(1.5, 0.08 * max(bw, bh))
    to_ink = cv2.distanceTransform(1 - inked, cv2.DIST_L2, 3)  # 0 on ink
    px, py = xs.astype(np.float64), ys.astype(np.float64)
    best, best_fit, best_crossing, best_lines = "none", 0.0, None, ()
    short_x = 0.0  # the fit of two strokes crossing as an X's do but for an arm short of reaching past the other's edge
    hidden = (cv2.dilate(unseen.astype(np.uint8), np.ones((2 * int(math.ceil(half)) + 5,) * 2, np.uint8)) > 0
              if unseen is not None and unseen.any() else None)  # near a ruled line taken off
    pieces = cv2.connectedComponents(inked, connectivity=8)[0] - 1
    # one straight stroke
    line = _fit_line(px, py)
    dist = _line_distance(px, py, line)
    fit = float((dist <= tol).mean())
    if _stroke_cover(line, px, py, dist <= tol, to_ink, tol)[0] >= EMPTY_MARK_COVER:
        best, best_fit, best_lines = "stroke", fit, (line,)
    # two straight strokes crossing: start from the box's diagonals (an X) and from its midlines (a plus)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    starts = ((lambda: (np.abs((px - x0) * bh - (py - y0) * bw) <= np.abs((px - x0) * bh + (py - y1) * bw))),
              (lambda: np.abs(py - cy) <= np.abs(px - cx)))
    for start in starts:
        first = start()
        settled = False  # the split repeats itself: the later rounds would fit the same lines
        for _ in range(4):
            if first.sum() < 2 or (~first).sum() < 2:
                break
            if settled:
                continue
            lines = tuple(_fit_lines([(px[first], py[first]), (px[~first], py[~first])]))
            d = np.stack([_line_distance(px, py, ln) for ln in lines])
            settled, first = _same_split(first, d[0] <= d[1])
        else:
            (p1, u1), (p2, u2) = lines
            sin = abs(u1[0] * u2[1] - u1[1] * u2[0])
            if sin < 0.5:  # under 30 degrees apart
                continue
            # where the two lines cross, as a position along each stroke's inked length
            t1 = ((p2[0] - p1[0]) * u2[1] - (p2[1] - p1[1]) * u2[0]) / (u1[0] * u2[1] - u1[1] * u2[0])
            crossing = p1 + t1 * u1
            # each stroke straight: its own ink within about half a stroke of its line (two lines fitted to a
            # "7" or a tick each take pieces of both strokes, and lie off them)
            inside = all(float(np.percentile(d[i][own], 90)) <= STRAIGHT_STROKE * tol
                         for i, own in enumerate((first, ~first)))
            reach = math.inf  # the shortest of the four arms, from the crossing to its stroke's end (an arm ending
            # at a ruled line taken off may run on under it: not judged)
            for ln, near in zip(lines, (d[0] <= tol, d[1] <= tol)):
                cover, lo, hi = _stroke_cover(ln, px, py, near, to_ink, tol)
                at = (crossing[0] - ln[0][0]) * ln[1][0] + (crossing[1] - ln[0][1]) * ln[1][1]
                if cover < EMPTY_MARK_COVER or hi - lo < 1 or not 0.2 <= (at - lo) / (hi - lo) <= 0.8:
                    inside = False
                for end in (lo, hi):
                    ex, ey = ln[0][0] + end * ln[1][0], ln[0][1] + end * ln[1][1]
                    if not (hidden is not None and hidden[min(max(int(round(ey)), 0), ink.shape[0] - 1),
                                                          min(max(int(round(ex)), 0), ink.shape[1] - 1)]):
                        reach = min(reach, abs(at - end))
            fit = float((d.min(axis=0) <= tol).mean())
            # each arm runs along its stroke (a zigzag two lines at the pen's tolerance cover has arms across them)
            inside = inside and _arms_straight(px, py, d, lines, crossing, tol, half)
            # four arms leave the crossing (a tick, a "7" or a small zigzag, which two lines at the pen's
            # tolerance also cover, has two or three there); four runs of ink across a circle around it count when
            # each arm reaches ARM_REACH_PX past the other stroke's edge (two thick strokes meeting where one ends
            # cross a small circle in four runs: the lead's scribble check 19100)
            circle = inside and fit > best_fit and any(_arms(ink, crossing, f * min(bw, bh), unseen) >= 4
                                                       for f in CROSS_ARM_RADII)
            if (inside and fit > best_fit
                    and ((circle and reach >= half + ARM_REACH_PX)
                         or (max(bw, bh) >= TALL_X * min(bw, bh) and _mirror_symmetry(box_ink) >= TALL_X_SYMMETRY
                             and any(_arms_along(ink, crossing, (f * bw, f * bh), (u1, u2), tol)
                                     for f in CROSS_ARM_RADII))
                         # strokes drawn as rows of dots or dashes (ink in many pieces): a circle may pass between
                         # two dots of each arm; an arm is there where the circle comes within the fit's tolerance of
                         # its ink (as the strokes' cover is measured), which joins runs and never makes new ones
                         or (pieces >= DOTTED_PIECES
                             and any(_arms(to_ink <= tol, crossing, f * min(bw, bh), unseen) >= 4
                                     for f in CROSS_ARM_RADII)))):
                best, best_fit, best_crossing, best_lines = "cross", fit, crossing, lines
            elif circle and reach >= half:  # an arm ending just past the other stroke's edge: in doubt
                short_x = max(short_x, fit)
    # a ring in the ink's box: round, with a hole (no ink within half its radius)
    rx, ry = max(0.5, (bw - 2 * half) / 2), max(0.5, (bh - 2 * half) / 2)
    radius = np.hypot((px - cx) / rx, (py - cy) / ry)
    ring = np.abs(radius - 1.0) * min(rx, ry) <= tol
    angle = np.linspace(0, 2 * np.pi, 24, endpoint=False)
    qx = np.clip(np.round(cx + rx * np.cos(angle)).astype(int), 0, ink.shape[1] - 1)
    qy = np.clip(np.round(cy + ry * np.sin(angle)).astype(int), 0, ink.shape[0] - 1)
    if (max(bw, bh) <= 1.5 * min(bw, bh) and _hollow(ink[y0:y1 + 1, x0:x1 + 1], radius)
            and (to_ink[qy, qx] <= tol).mean() >= EMPTY_MARK_COVER and _longest_run(to_ink[qy, qx] > half + 1) <= RING_GAP
            and float(ring.mean()) > best_fit):
        best, best_fit = "ring", float(ring.mean())
    square = _open_square_fit(ink, px, py, half, tol, to_ink)
    if square >= EMPTY_MARK_FIT and square > best_fit:
        # a small open square: no mark for an empty cell people use, and no fill (the patch reader takes an outline
        # over most of the cell for an outlined fill): what it means is unclear, so the cell is in doubt (a ring a
        # few px across, which the square's tolerances cover as well, stays a ring)
        return "open square", SQUARE_DOUBT
    if best_fit < EMPTY_MARK_FIT:  # a ring with a slash through it (before the asterisk, whose three lines at the
        # tolerance can cover a small one, which encloses paper: in doubt as an asterisk)
        fit = _null_sign_fit(ink, px, py, half, tol, to_ink)
        if fit > best_fit:
            best, best_fit = "null sign", fit
    if best_fit < EMPTY_MARK_FIT:  # a ring with an X inside it, its arms out to the ring: a circled X
        fit = _circled_x_fit(ink, px, py, half, tol, to_ink)
        if fit > best_fit:
            best, best_fit = "circled X", fit
    if best_fit < EMPTY_MARK_FIT:  # a square with an X inside it: a boxed X (a ticked-off checkbox)
        fit = _boxed_x_fit(ink, px, py, half, tol, to_ink)
        if fit > best_fit:
            best, best_fit = "boxed X", fit
    if best_fit < EMPTY_MARK_FIT and pieces == 2:  # two slashes side by side: a double slash
        fit = _twin_slash_fit(ink, half)
        if fit > best_fit:
            best, best_fit = "double slash", fit
    if best_fit < EMPTY_MARK_FIT:  # three or four strokes crossing at one point: an asterisk
        fit = _star_fit(ink, px, py, half, tol, to_ink, unseen)
        if fit > best_fit:
            best, best_fit = "asterisk", fit
    if short_x >= EMPTY_MARK_FIT_SURE and best_fit < min(short_x, ARM_DOUBT):
        best, best_fit = "cross", min(short_x, ARM_DOUBT)
    if best == "stroke" and best_fit >= EMPTY_MARK_FIT and _stroke_aspect(px, py) < STROKE_ASPECT:
        # a blob the stroke's tolerance covers, shorter than twice its width: a tiny "4", "8", "9" or "B"
        best_fit = GLYPH_DOUBT
    if best in ("stroke", "cross") and best_fit >= EMPTY_MARK_FIT and _holds_paper(
            box_ink, max(GLYPH_COUNTER_PX, math.ceil((GRAIN_HOLE * half) ** 2)), lambda hx, hy: _within_strokes(
                hx + x0, hy + y0, best_lines, best_crossing if pieces >= DOTTED_PIECES else None, half)):
        # strokes that enclose paper: a "4", "6", "8", "9", "a", "e", "A" or "B" two lines or one happen to cover
        # (paper inside a stroke, a px and more within its edge, is a void where the ink did not take: a rubber
        # stamp's; so is the gap amid four dots where an X drawn as rows of dots crosses; a glyph's counter lies
        # between its strokes, and a glyph is one piece of ink)
        best_fit = GLYPH_DOUBT
    if symmetric_blob and not (best == "cross" and best_fit >= EMPTY_MARK_FIT):
        # a round dot, or a blob a bold "5" or "S" makes on the mean (the sharp check reads it); an X drawn so heavily
        # that it fills half its box is as solid and the same turned half round, and is the X fitted above
        return "dot", 1.0
    if glyph_dot and best_fit < GLYPH_DOUBT:
        best, best_fit = "dot", GLYPH_DOUBT
    return best, best_fit


def _is_x(name: str, fit: float) -> bool:
    """Whether an empty-mark fit (``name``, ``fit``) accepts an X (or a plus)."""
    return name == "cross" and fit >= EMPTY_MARK_FIT


def _arms_straight(px: np.ndarray, py: np.ndarray, d: np.ndarray, lines: tuple, crossing: np.ndarray, tol: float,
                   half: float) -> bool:
    """Whether each of the four arms of two strokes crossing (``lines``, crossing at ``crossing``; ``d``: each ink
    pixel's distance from each line) runs along its stroke: the ink within ``tol`` of a line, on one side of the
    crossing and clear of the other stroke (more than half a stroke and a px off its line), lies along a line within
    ARM_ALONG degrees of the stroke's, where it reaches ARM_JUDGED stroke widths (and ARM_JUDGED_PX) beyond the other
    stroke. A zigzag (a level run, an upright one, a slanted one) that two lines at the pen's tolerance happen to cover
    has an arm lying across its line (the lead's scribble check, 17100: 42 degrees); an X's arms, drawn straight or
    bowed a little, lie along theirs."""
    for i, (_, u) in enumerate(lines):
        own = (d[i] <= tol) & (d[1 - i] > half + 1)
        t = (px - crossing[0]) * u[0] + (py - crossing[1]) * u[1]
        for side in (t > 0, t < 0):
            sel = own & side
            if np.count_nonzero(sel) < 3 or float(np.ptp(t[sel])) + 1 < max(ARM_JUDGED * 2 * half, ARM_JUDGED_PX):
                continue
            ax, ay = px[sel], py[sel]
            w, v = np.linalg.eigh(_centre_cov(ax, ay)[1])
            along = abs(float(v[0, 1] * u[0] + v[1, 1] * u[1]))
            if along < math.cos(math.radians(ARM_ALONG)):
                return False
    return True


def _twin_slash_fit(ink: np.ndarray, half: float) -> float:
    """The share of the ink (bool; two pieces) within the fit's tolerance of two straight slashes side by side (a
    double slash, "//"): each piece a straight stroke (within half a stroke and 8 % of its length of its line, inked
    along EMPTY_MARK_COVER of it, at least STROKE_ASPECT long), slanted (NULL_SLASH_ANGLE from level: a "=" or "||" is
    a sign or letters), the two within TWIN_ANGLE of each other, of like length (TWIN_LENGTH), beside each other along
    their length (TWIN_BESIDE) and close across it (TWIN_APART); 0 when they are not."""
    count, labels = cv2.connectedComponents(ink.astype(np.uint8), connectivity=8)
    if count != 3:
        return 0.0
    strokes = []
    covered = 0
    for k in (1, 2):
        ys, xs = np.nonzero(labels == k)
        if len(xs) < 3:
            return 0.0
        px, py = xs.astype(np.float64), ys.astype(np.float64)
        line = _fit_line(px, py)
        (cx, cy), (dx, dy) = line
        t = (px - cx) * dx + (py - cy) * dy
        length = float(t.max() - t.min() + 1)
        tol = half + max(1.5, 0.08 * length)
        dist = _line_distance(px, py, line)
        piece = (labels == k).astype(np.uint8)
        to_ink = cv2.distanceTransform(1 - piece, cv2.DIST_L2, 3)
        angle = math.degrees(math.atan2(abs(dy), abs(dx)))
        if (_stroke_cover(line, px, py, dist <= tol, to_ink, tol)[0] < EMPTY_MARK_COVER
                or _stroke_aspect(px, py) < STROKE_ASPECT or not NULL_SLASH_ANGLE[0] <= angle <= NULL_SLASH_ANGLE[1]):
            return 0.0
        covered += int(np.count_nonzero(dist <= tol))
        strokes.append((np.array([cx, cy]), np.array([dx, dy]), length))
    (c1, u1, l1), (c2, u2, l2) = strokes
    if abs(float(u1 @ u2)) < math.cos(math.radians(TWIN_ANGLE)) or min(l1, l2) < TWIN_LENGTH * max(l1, l2):
        return 0.0
    u = u1 if float(u1 @ u2) > 0 else -u1
    mean_dir = (u + u2) / np.linalg.norm(u + u2)
    gap = c2 - c1
    along = abs(float(gap @ mean_dir))
    across = abs(float(gap[0] * mean_dir[1] - gap[1] * mean_dir[0]))
    size = max(l1, l2)
    if along > TWIN_BESIDE * size or across > TWIN_APART * size:
        return 0.0
    return covered / float(np.count_nonzero(ink))


def _open_square_fit(ink: np.ndarray, px: np.ndarray, py: np.ndarray, half: float, tol: float,
                     to_ink: np.ndarray) -> float:
    """The share of the ink (``px``, ``py``: its pixels) within ``tol`` of the outline of its box (inset by half a
    stroke): an open square or rectangle (at most SQUARE_ASPECT long), its four sides inked along SQUARE_SIDE_INKED
    of their length on the stroke's centre line and its four corners on ink (a ring's box corners lie off its
    stroke), enclosing paper at its centre; 0 when none fits."""
    x0, x1, y0, y1 = px.min(), px.max(), py.min(), py.max()
    bw, bh = x1 - x0 + 1, y1 - y0 + 1
    if min(bw, bh) < 5 or max(bw, bh) > SQUARE_ASPECT * min(bw, bh):
        return 0.0
    xl, xr, yt, yb = x0 + half - 0.5, x1 - half + 0.5, y0 + half - 0.5, y1 - half + 0.5
    if xr - xl < 2 or yb - yt < 2:
        return 0.0
    box_ink = ink[int(y0):int(y1) + 1, int(x0):int(x1) + 1]
    paper = np.pad(~box_ink, 1, constant_values=True).astype(np.uint8)
    _, labels = cv2.connectedComponents(paper, connectivity=4)
    centre = labels[(box_ink.shape[0] + 1) // 2, (box_ink.shape[1] + 1) // 2]
    if centre == 0 or centre == labels[0, 0]:
        return 0.0

    def on_ink(qx: np.ndarray, qy: np.ndarray) -> np.ndarray:
        qx = np.clip(np.round(qx).astype(int), 0, ink.shape[1] - 1)
        qy = np.clip(np.round(qy).astype(int), 0, ink.shape[0] - 1)
        return to_ink[qy, qx] <= 1
    corners = np.array([x0, x1, x1, x0]), np.array([y0, y0, y1, y1])
    if not (to_ink[corners[1].astype(int), corners[0].astype(int)] <= SQUARE_CORNER_PX).all():
        return 0.0  # square corners: the box's own corner px on ink or next to it (a ring's lie 0.4 radius off)
    s = np.linspace(0, 1, 21)
    for ax, ay, bx, by in ((xl, yt, xr, yt), (xr, yt, xr, yb), (xr, yb, xl, yb), (xl, yb, xl, yt)):
        if on_ink(ax + s * (bx - ax), ay + s * (by - ay)).mean() < SQUARE_SIDE_INKED:
            return 0.0
    dist = np.minimum(np.minimum(np.abs(px - xl), np.abs(px - xr)), np.minimum(np.abs(py - yt), np.abs(py - yb)))
    return float((dist <= tol).mean())


def _stroke_aspect(px: np.ndarray, py: np.ndarray) -> float:
    """Length over width of ink pixels (``px``, ``py``) along their least-squares line: the ink's extent along the line
    over the median, across 1-px steps along it, of its extent across the line."""
    (x0, y0), (dx, dy) = _fit_line(px, py)
    along = (px - x0) * dx + (py - y0) * dy
    across = (px - x0) * dy - (py - y0) * dx
    step = np.round(along - along.min()).astype(int)
    order = np.argsort(step, kind="stable")
    steps, starts = np.unique(step[order], return_index=True)
    widths = [float(a.max() - a.min() + 1) for a in np.split(across[order], starts[1:])]
    return (int(steps.max()) + 1) / float(np.median(widths))


def _holds_paper(box_ink: np.ndarray, min_px: int, but: Any = None) -> bool:
    """Whether the ink (bool, its own box) encloses a piece of paper of at least ``min_px`` pixels (4-connected);
    ``but(xs, ys)`` (its pixels, in the box): True for a piece that does not count."""
    paper = np.pad(~box_ink, 1, constant_values=True).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(paper, connectivity=4)
    outside = labels[0, 0]
    for k in range(1, count):
        if k == outside or stats[k, cv2.CC_STAT_AREA] < min_px:
            continue
        if but is not None:
            hy, hx = np.nonzero(labels == k)
            if but(hx - 1, hy - 1):
                continue
        return True
    return False


def _within_strokes(xs: np.ndarray, ys: np.ndarray, lines: tuple, crossing: np.ndarray | None, half: float) -> bool:
    """Whether pixels (``xs``, ``ys``) lie inside one of the strokes along ``lines``, all of them more than a px
    within its edge (``half``: half a stroke), or all within ``half`` and a px of ``crossing`` (where two strokes
    cross; None: not looked at)."""
    if crossing is not None and np.hypot(xs - crossing[0], ys - crossing[1]).max() <= half + 1:
        return True
    px, py = xs.astype(np.float64), ys.astype(np.float64)
    return any(bool((_line_distance(px, py, ln) <= half - 1).all()) for ln in lines)


def _without_pinholes(box_ink: np.ndarray) -> np.ndarray:
    """The ink (bool, its own box) with the paper it encloses filled in when all of that paper together is at most
    DOT_PINHOLES of the box: the grain of a pencil dot (HELDOUT13's grainy dots hold 2-6 px of paper, 2-4 % of
    their box), but also the counter of a small "6", "8", "9", "a", "e" or "B" (the lead's glyph check), so a mark
    solid only so is in doubt; otherwise the ink as it is."""
    paper = np.pad(~box_ink, 1, constant_values=True).astype(np.uint8)
    count, labels = cv2.connectedComponents(paper, connectivity=4)
    if count <= 2:
        return box_ink
    enclosed = (labels != labels[0, 0]) & (labels > 0)
    if np.count_nonzero(enclosed) > DOT_PINHOLES * box_ink.size:
        return box_ink
    return box_ink | enclosed[1:-1, 1:-1]


def _hull_share(box_ink: np.ndarray) -> float:
    """The share of its convex hull the ink (bool, its own box) fills, the hull counted with its rim pixels: a dot or
    a dab of ink fills it all but its ragged edge, a bold "2", "3", "5" or "7" leaves its notches."""
    return cells_mod.hull_share(box_ink)


def _mirror_symmetry(box_ink: np.ndarray) -> float:
    """The smaller share of the ink (bool, its own box) that lands within a px of ink when mirrored left to right and
    when mirrored top to bottom: an X or a plus drawn in a tall or wide box is the same both ways, a "2", "3", "5" or
    "7" neither."""
    near = cv2.dilate(box_ink.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    if not box_ink.any():
        return 1.0
    return min(float(near[box_ink[:, ::-1]].mean()), float(near[box_ink[::-1, :]].mean()))


def _point_symmetry(box_ink: np.ndarray) -> float:
    """Share of the ink (bool, its own box) that lands within a px of ink when turned half round about the box's
    centre: a dot, an X, a plus, a slash, a dash and a ring are the same turned half round, most digits and
    letters are not."""
    near = cv2.dilate(box_ink.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    turned = box_ink[::-1, ::-1]
    return float(near[turned].mean()) if turned.any() else 1.0


def _solid(box_ink: np.ndarray) -> bool:
    """Whether ink filling much of its box can be a dot: it encloses no paper. A bold "0", "6", "8", "9", "a", "e" or
    "B" written in an empty cell fills its box as densely as a small dot, but holds its counters (the lead's glyph
    check, twelfth session: 157 of 270 digits and letters written in empty cells had been accepted as dots)."""
    return not _encloses_hole(box_ink)


def _hollow(box_ink: np.ndarray, radius: np.ndarray) -> bool:
    """Whether a round mark is a ring: no ink within RING_HOLE of its radius (``radius``: each ink pixel's
    distance from the box's centre over the ring's radius), or, drawn with a pen thick for its size (an 11 px
    ring with a 3 px hole), paper at its centre enclosed by the ink with none within RING_HOLE_THICK."""
    if not (radius < RING_HOLE).any():
        return True
    if (radius < RING_HOLE_THICK).any():
        return False
    paper = np.pad(~box_ink, 1, constant_values=True).astype(np.uint8)
    _, labels = cv2.connectedComponents(paper, connectivity=4)
    h, w = box_ink.shape
    centre = labels[(h + 1) // 2, (w + 1) // 2]
    if centre == 0 or centre == labels[0, 0]:
        return False
    # a ring is the same turned half round about its hole (a "4" or a "6" holding paper at its box's centre is not)
    hy, hx = np.nonzero(labels == centre)
    cy, cx = hy.mean() - 1, hx.mean() - 1  # (labels are of the padded box)
    ys, xs = np.nonzero(box_ink)
    ty, tx = np.round(2 * cy - ys).astype(int), np.round(2 * cx - xs).astype(int)
    inside = (ty >= 0) & (ty < h) & (tx >= 0) & (tx < w)
    on_ink = np.zeros(len(ys), bool)
    on_ink[inside] = box_ink[ty[inside], tx[inside]]
    return float(on_ink.mean()) >= RING_SYMMETRY


_CIRCLE_ANGLES = np.linspace(0, 2 * np.pi, 64, endpoint=False)
_CIRCLE = np.stack([np.cos(_CIRCLE_ANGLES), np.sin(_CIRCLE_ANGLES)])  # the points of a unit circle _arms samples


def _arms(ink: np.ndarray, centre: np.ndarray, radius: float, unseen: np.ndarray | None = None) -> int:
    """How many separate runs of ink a circle of ``radius`` px around ``centre`` (x, y) crosses (bool ``ink``). A
    circle crossing ``unseen`` pixels (a ruled line taken off, which may have taken an arm with it) cannot tell:
    four."""
    qx = np.round(centre[0] + radius * _CIRCLE[0]).astype(int)
    qy = np.round(centre[1] + radius * _CIRCLE[1]).astype(int)
    inside = (qx >= 0) & (qx < ink.shape[1]) & (qy >= 0) & (qy < ink.shape[0])
    on = np.zeros(qx.shape, bool)
    if unseen is not None and unseen[qy[inside], qx[inside]].any():
        return 4
    on[inside] = ink[qy[inside], qx[inside]]
    if on.all():
        return 1
    return int(np.count_nonzero(on & ~np.roll(on, 1)))


def _arms_along(ink: np.ndarray, centre: np.ndarray, radii: tuple[float, float], dirs: tuple, tol: float) -> bool:
    """Whether an ellipse of ``radii`` (x, y) px around ``centre`` crosses exactly four runs of ink, one along each
    way of each of the two strokes' directions (``dirs``: unit vectors), within ``tol`` px of the stroke's line: an
    X drawn in a tall or wide box (HELDOUT13's typed U+2573, strokes 30 degrees off upright, runs its arms together
    within a circle of its box's short side; the ellipse of the box's proportions meets them where they part). A
    digit that two lines happen to cover meets such an ellipse off the lines."""
    qx = centre[0] + radii[0] * _CIRCLE[0]
    qy = centre[1] + radii[1] * _CIRCLE[1]
    ix, iy = np.round(qx).astype(int), np.round(qy).astype(int)
    inside = (ix >= 0) & (ix < ink.shape[1]) & (iy >= 0) & (iy < ink.shape[0])
    on = np.zeros(ix.shape, bool)
    on[inside] = ink[iy[inside], ix[inside]]
    if on.all() or not on.any():
        return False
    start = int(np.argmin(on))  # begin on paper, so no run wraps
    flags = np.roll(on, -start)
    edges = np.flatnonzero(np.diff(np.r_[0, flags.astype(np.int8), 0]))
    if len(edges) != 8:
        return False
    taken = set()
    for a, b in zip(edges[::2], edges[1::2]):
        k = (start + (a + b - 1) // 2) % len(on)
        vx, vy = qx[k] - centre[0], qy[k] - centre[1]
        # the run's middle within tol of one stroke's line, on one way of it
        for j, (dx, dy) in enumerate(dirs):
            if abs(vx * dy - vy * dx) <= tol:
                taken.add((j, vx * dx + vy * dy > 0))
                break
        else:
            return False
    return len(taken) == 4


def _longest_run(flags: np.ndarray) -> int:
    """The longest run of True in ``flags`` read as a circle."""
    if flags.all():
        return len(flags)
    start = int(np.argmin(flags))  # begin on a False, so no run wraps
    longest = run = 0
    for flag in np.roll(flags, -start):
        run = run + 1 if flag else 0
        longest = max(longest, run)
    return longest


def _star_fit(ink: np.ndarray, px: np.ndarray, py: np.ndarray, half: float, tol: float, to_ink: np.ndarray,
              unseen: np.ndarray | None) -> float:
    """The share of the ink (``px``, ``py``: its pixels) within ``tol`` of an asterisk: STAR_STROKES straight strokes
    at least 30 degrees apart, crossing at one point (STAR_MEET) within the middle 60 % of each, each inked along
    EMPTY_MARK_COVER of its length, with two arms a stroke leaving the crossing; 0 when no asterisk fits. A "K", a
    "Y" or a "4" (strokes that end where they meet) and a "#" (crossings at four points) do not."""
    x0, x1, y0, y1 = px.min(), px.max(), py.min(), py.max()
    bw, bh = x1 - x0 + 1, y1 - y0 + 1
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    # away from the crossing, where a pixel's bearing tells its stroke
    far = np.hypot(px - cx, py - cy) > 0.15 * max(bw, bh)
    bearing = np.arctan2(py - cy, px - cx) % np.pi
    best = 0.0
    for k in STAR_STROKES:
        if far.sum() < 4 * k:
            continue
        for offset in np.linspace(0, np.pi / k, 6, endpoint=False):
            centres = offset + np.arange(k) * np.pi / k
            gap = np.abs((bearing[:, None] - centres[None, :] + np.pi / 2) % np.pi - np.pi / 2)
            label = np.argmin(gap, axis=1)
            lines: list = []
            for _ in range(4):
                if np.bincount(label[far], minlength=k).min() < 2:
                    lines = []
                    break
                lines = _fit_lines([(px[own], py[own]) for own in (far & (label == j) for j in range(k))])
                d = _lines_distance(px, py, lines)
                settled, label = _same_split(label, np.argmin(d, axis=0))
                if settled:  # the later rounds would fit the same lines
                    break
            if not lines:
                continue
            fit = float((d.min(axis=0) <= tol).mean())
            if fit <= best:
                continue
            dirs = [u for _, u in lines]
            crossings = []
            apart = True
            for i in range(k):
                for j in range(i + 1, k):
                    (p1, u1), (p2, u2) = lines[i], lines[j]
                    det = u1[0] * u2[1] - u1[1] * u2[0]
                    if abs(det) < 0.5:  # under 30 degrees apart
                        apart = False
                        break
                    t1 = ((p2[0] - p1[0]) * u2[1] - (p2[1] - p1[1]) * u2[0]) / det
                    crossings.append(p1 + t1 * u1)
                if not apart:
                    break
            if not apart:
                continue
            crossing = np.mean(crossings, axis=0)
            if max(float(np.hypot(*(c - crossing))) for c in crossings) > STAR_MEET * (half + 1):
                continue
            at_ink = to_ink[min(ink.shape[0] - 1, max(0, int(round(crossing[1])))),
                            min(ink.shape[1] - 1, max(0, int(round(crossing[0]))))]
            if at_ink > 1:  # the strokes cross on ink (a "#" holds paper where its lines would meet)
                continue
            ok = True
            for j, ln in enumerate(lines):
                own = label == j
                if float(np.percentile(d[j][own], 90)) > STAR_STRAIGHT * (half + 1):
                    ok = False
                    break
                cover, lo, hi = _stroke_cover(ln, px, py, d[j] <= tol, to_ink, half + 1)
                at = (crossing[0] - ln[0][0]) * dirs[j][0] + (crossing[1] - ln[0][1]) * dirs[j][1]
                if cover < EMPTY_MARK_COVER or hi - lo < 1 or not 0.2 <= (at - lo) / (hi - lo) <= 0.8:
                    ok = False
                    break
            if ok and any(_star_arms(ink, crossing, f * min(bw, bh), dirs, half + 1, unseen) for f in STAR_ARM_RADII):
                best = fit
    if best and _holds_paper(ink[int(y0):int(y1) + 1, int(x0):int(x1) + 1], GLYPH_COUNTER_PX):
        return 0.0  # an asterisk's strokes meet only at its centre: ink enclosing paper is a glyph ("a", "B", "#")
    return best


def _star_arms(ink: np.ndarray, centre: np.ndarray, radius: float, dirs: list, tol: float,
               unseen: np.ndarray | None) -> bool:
    """Whether a circle of ``radius`` px around ``centre`` crosses exactly two runs of ink per stroke, one along each
    way of each stroke's direction (``dirs``: unit vectors), within ``tol`` px: an asterisk's arms. (A ring that
    strokes nearly cover crosses the circle in runs of its own; a "#" in runs beside its strokes' directions.)
    Points on ``unseen`` pixels count as ink."""
    qx = np.round(centre[0] + radius * _CIRCLE[0]).astype(int)
    qy = np.round(centre[1] + radius * _CIRCLE[1]).astype(int)
    inside = (qx >= 0) & (qx < ink.shape[1]) & (qy >= 0) & (qy < ink.shape[0])
    on = np.zeros(qx.shape, bool)
    on[inside] = ink[qy[inside], qx[inside]]
    if unseen is not None:
        on[inside] |= unseen[qy[inside], qx[inside]]
    if on.all() or not on.any():
        return False
    n = len(on)
    start = int(np.argmin(on))  # begin on paper, so no run wraps
    flags = np.roll(on, -start)
    edges = np.flatnonzero(np.diff(np.r_[0, flags.astype(np.int8), 0]))
    runs = [((start + (a + b - 1) / 2) % n) * 2 * np.pi / n for a, b in zip(edges[::2], edges[1::2])]
    if len(runs) != 2 * len(dirs):
        return False
    reach = max(math.asin(min(1.0, tol / radius)), 2.5 * 2 * np.pi / n)
    taken = set()
    for u in dirs:
        for sign in (1, -1):
            want = math.atan2(sign * u[1], sign * u[0])
            off = [abs((a - want + np.pi) % (2 * np.pi) - np.pi) for a in runs]
            i = int(np.argmin(off))
            if off[i] > reach or i in taken:
                return False
            taken.add(i)
    return True


def _null_sign_fit(ink: np.ndarray, px: np.ndarray, py: np.ndarray, half: float, tol: float,
                   to_ink: np.ndarray) -> float:
    """The share of the ink within ``tol`` of a null sign: a ring (round, its stroke running all round, no other
    ink inside it) with one straight stroke through its centre at NULL_SLASH_ANGLE from level, inked across the
    ring (NULL_SLASH_INKED); 0 when none fits. The ring is measured on the ink off the stroke, which may run on
    past it."""
    on_line = np.zeros(len(px), bool)
    line = None
    for _ in range(2):
        rest = ~on_line
        if rest.sum() < 8:
            return 0.0
        x0, x1, y0, y1 = px[rest].min(), px[rest].max(), py[rest].min(), py[rest].max()
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        rx, ry = (x1 - x0 + 1 - 2 * half) / 2, (y1 - y0 + 1 - 2 * half) / 2
        if min(rx, ry) < 2.5 or max(rx, ry) > 1.5 * min(rx, ry):
            return 0.0
        radius = np.hypot((px - cx) / rx, (py - cy) / ry)
        inner = radius < NULL_INNER
        if inner.sum() < 3:
            return 0.0
        line = _fit_line(px[inner], py[inner])
        on_line = _line_distance(px, py, line) <= half + 1
    (lx, ly), (dx, dy) = line
    angle = math.degrees(math.atan2(abs(dy), abs(dx)))
    if not NULL_SLASH_ANGLE[0] <= angle <= NULL_SLASH_ANGLE[1]:
        return 0.0
    if abs((cx - lx) * dy - (cy - ly) * dx) > tol:  # through the ring's centre
        return 0.0
    # no other ink inside the ring's stroke (a letter's bar or bowl, an asterisk's other arms)
    if (~on_line & (radius < min(RING_HOLE, 1 - (half + 1.5) / min(rx, ry)))).any():
        return 0.0
    angles = np.linspace(0, 2 * np.pi, 24, endpoint=False)
    qx = np.clip(np.round(cx + rx * np.cos(angles)).astype(int), 0, ink.shape[1] - 1)
    qy = np.clip(np.round(cy + ry * np.sin(angles)).astype(int), 0, ink.shape[0] - 1)
    if (to_ink[qy, qx] <= half + 1).mean() < NULL_RING_INKED or _longest_run(to_ink[qy, qx] > half + 1) > RING_GAP:
        return 0.0
    # the ring holds paper on both sides of the stroke (a small blob or asterisk that the tolerances cover does not)
    x0, y0 = int(px.min()), int(py.min())
    box_ink = ink[y0:int(py.max()) + 1, x0:int(px.max()) + 1]
    paper = np.pad(~box_ink, 1, constant_values=True).astype(np.uint8)
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(paper, connectivity=4)
    least = max(GLYPH_COUNTER_PX, NULL_HOLE * math.pi * max(0.0, min(rx, ry) - half) ** 2)
    sides = {np.sign((centroids[k][0] - 1 + x0 - lx) * dy - (centroids[k][1] - 1 + y0 - ly) * dx)
             for k in range(1, count) if k != labels[0, 0] and stats[k, cv2.CC_STAT_AREA] >= least}
    if not {-1.0, 1.0} <= sides:
        return 0.0
    reach = 1.0 / math.hypot(dx / rx, dy / ry)  # the ring's radius along the stroke
    s = np.linspace(-0.9, 0.9, 19) * reach
    sx = np.clip(np.round(cx + s * dx).astype(int), 0, ink.shape[1] - 1)
    sy = np.clip(np.round(cy + s * dy).astype(int), 0, ink.shape[0] - 1)
    if (to_ink[sy, sx] <= half + 1).mean() < NULL_SLASH_INKED:
        return 0.0
    ring = np.abs(radius - 1.0) * min(rx, ry) <= tol
    return float((ring | (_line_distance(px, py, line) <= tol)).mean())


def _circled_x_fit(ink: np.ndarray, px: np.ndarray, py: np.ndarray, half: float, tol: float,
                   to_ink: np.ndarray) -> float:
    """The share of the ink within ``tol`` of a circled X (U+2297): a ring (round, at least CIRCLED_X_RADIUS px, its
    stroke running all round, as a null sign's) around an X (the ink inside the ring's stroke, EMPTY_MARK_FIT of it
    within ``tol`` of the ring's diagonals, each of its four arms reaching CIRCLED_X_ARM of the way out to the ring's
    stroke, paper between them level and upright of its centre, CIRCLED_X_BETWEEN, where that is clear of the
    strokes, and none just outside the ring, CIRCLED_X_BEYOND: a circled plus, a solid disc, a letter in a ring or a
    "#" is none), which may run out to the ring (a heavy X inside it, solid as a dot on its own, is an X here); 0 when
    none fits (eighteenth session: HELDOUT16's tymes-camo pages mark every empty cell with one, a stray mark before)."""
    x0, x1, y0, y1 = px.min(), px.max(), py.min(), py.max()
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    rx, ry = (x1 - x0 + 1 - 2 * half) / 2, (y1 - y0 + 1 - 2 * half) / 2
    if min(rx, ry) < CIRCLED_X_RADIUS or max(rx, ry) > 1.5 * min(rx, ry):
        return 0.0
    angles = np.linspace(0, 2 * np.pi, 24, endpoint=False)
    qx = np.clip(np.round(cx + rx * np.cos(angles)).astype(int), 0, ink.shape[1] - 1)
    qy = np.clip(np.round(cy + ry * np.sin(angles)).astype(int), 0, ink.shape[0] - 1)
    off = to_ink[qy, qx] > half + 1
    if 1 - off.mean() < NULL_RING_INKED or _longest_run(off) > RING_GAP:
        return 0.0
    # nothing outside the ring's stroke: the ring bounds the mark (a "#" runs its bars out past its box's ellipse)
    beyond = 1 + (half + 1.5) / min(rx, ry)
    qx = np.round(cx + beyond * rx * np.cos(angles)).astype(int)
    qy = np.round(cy + beyond * ry * np.sin(angles)).astype(int)
    seen = (qx >= 0) & (qx < ink.shape[1]) & (qy >= 0) & (qy < ink.shape[0])
    if ink[qy[seen], qx[seen]].sum() > CIRCLED_X_BEYOND * len(angles):
        return 0.0
    radius = np.hypot((px - cx) / rx, (py - cy) / ry)
    inside = 1 - (half + 1.5) / min(rx, ry)  # the ring's stroke's inner edge, as a share of its radius
    inner = radius < inside
    if np.count_nonzero(inner) < 8:
        return 0.0
    ix, iy = px[inner] - cx, py[inner] - cy
    # an X along the ring's diagonals: the ink inside within the fit's tolerance of them, each of its four arms reaching
    # out most of the way to the ring (a solid disc, a plus or a letter in a ring is none)
    diagonals = np.minimum(np.abs(ix * ry - iy * rx), np.abs(ix * ry + iy * rx)) / math.hypot(rx, ry)
    if float((diagonals <= tol).mean()) < EMPTY_MARK_FIT:
        return 0.0
    reach = np.hypot(ix / rx, iy / ry)
    for sx, sy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        arm = (np.sign(ix) == sx) & (np.sign(iy) == sy) & (diagonals <= tol)
        if not arm.any() or float(reach[arm].max()) < CIRCLED_X_ARM * inside:
            return 0.0
    # and paper between its arms: rays level and upright of the centre (within 15 degrees), from 0.45 to 0.9 of the
    # way out to the ring's stroke, clear of the arms' strokes (half a stroke and 1.5 px off the diagonals), cross at
    # most CIRCLED_X_BETWEEN ink (a "#" has its bars there)
    ways = angles[np.abs(np.cos(2 * angles)) > 0.7]
    out = np.array([0.45, 0.6, 0.75, 0.9])[:, None] * inside
    vx, vy = (out * rx * np.cos(ways)).ravel(), (out * ry * np.sin(ways)).ravel()
    clear = np.minimum(np.abs(vx * ry - vy * rx), np.abs(vx * ry + vy * rx)) / math.hypot(rx, ry) > half + 1.5
    qx = np.clip(np.round(cx + vx[clear]).astype(int), 0, ink.shape[1] - 1)
    qy = np.clip(np.round(cy + vy[clear]).astype(int), 0, ink.shape[0] - 1)
    if len(qx) < 8 or float(ink[qy, qx].mean()) > CIRCLED_X_BETWEEN:  # (a mark too heavy for paper there: none)
        return 0.0
    ring = np.abs(radius - 1.0) * min(rx, ry) <= tol
    return float((ring | inner).mean())


BOXED_X_ARM = 0.7  # a boxed X's four arms each reach this share of the way out to its square's stroke (a dot at the
# centre of a square reaches half of it) ...
BOXED_X_BETWEEN = 0.1  # ... with at most this share of the points between them level and upright of its centre inked


def _boxed_x_fit(ink: np.ndarray, px: np.ndarray, py: np.ndarray, half: float, tol: float,
                 to_ink: np.ndarray) -> float:
    """The share of the ink within ``tol`` of a boxed X (a ticked-off checkbox, U+2612 / U+22A0): an open square (its
    box's four corners on ink and its four sides inked along SQUARE_SIDE_INKED of their centre lines, as
    :func:`_open_square_fit`'s) around an X along the square's diagonals (the ink inside the square's stroke,
    EMPTY_MARK_FIT of it within ``tol`` of them, each of its four arms reaching BOXED_X_ARM of the way out to the
    square's stroke, paper between the arms level and upright of its centre: BOXED_X_BETWEEN), which may run out to
    the corners; 0 when none fits (a square with a plus, a dot, a letter or a "#" in it is none). Nineteenth session:
    HELDOUT17 marks every empty cell of two styles with one, a stray mark before."""
    x0, x1, y0, y1 = px.min(), px.max(), py.min(), py.max()
    bw, bh = x1 - x0 + 1, y1 - y0 + 1
    if min(bw, bh) < 7 or max(bw, bh) > SQUARE_ASPECT * min(bw, bh):
        return 0.0
    if not (to_ink[np.array([y0, y0, y1, y1]).astype(int), np.array([x0, x1, x1, x0]).astype(int)]
            <= SQUARE_CORNER_PX).all():
        return 0.0
    xl, xr, yt, yb = x0 + half - 0.5, x1 - half + 0.5, y0 + half - 0.5, y1 - half + 0.5
    if xr - xl < 4 or yb - yt < 4:
        return 0.0

    def on_ink(qx: np.ndarray, qy: np.ndarray) -> np.ndarray:
        qx = np.clip(np.round(qx).astype(int), 0, ink.shape[1] - 1)
        qy = np.clip(np.round(qy).astype(int), 0, ink.shape[0] - 1)
        return to_ink[qy, qx] <= 1
    s = np.linspace(0, 1, 21)
    for ax, ay, bx, by in ((xl, yt, xr, yt), (xr, yt, xr, yb), (xr, yb, xl, yb), (xl, yb, xl, yt)):
        if on_ink(ax + s * (bx - ax), ay + s * (by - ay)).mean() < SQUARE_SIDE_INKED:
            return 0.0
    side = np.minimum(np.minimum(np.abs(px - xl), np.abs(px - xr)), np.minimum(np.abs(py - yt), np.abs(py - yb)))
    cx, cy = (xl + xr) / 2, (yt + yb) / 2
    rx, ry = (xr - xl) / 2 - half - 1, (yb - yt) / 2 - half - 1  # out to the stroke's inner edge
    if min(rx, ry) < 2:
        return 0.0
    ix, iy = px - cx, py - cy
    inner = (np.abs(ix) < rx) & (np.abs(iy) < ry) & (side > half + 1)
    if np.count_nonzero(inner) < 8:
        return 0.0
    hx, hy = (xr - xl) / 2, (yb - yt) / 2  # the diagonals run through the square's corners
    diag = np.minimum(np.abs(ix * hy - iy * hx), np.abs(ix * hy + iy * hx)) / math.hypot(hx, hy)
    if float((diag[inner] <= tol).mean()) < EMPTY_MARK_FIT:
        return 0.0
    reach = np.maximum(np.abs(ix) / rx, np.abs(iy) / ry)
    for sx, sy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        arm = inner & (np.sign(ix) == sx) & (np.sign(iy) == sy) & (diag <= tol)
        if not arm.any() or float(reach[arm].max()) < BOXED_X_ARM:
            return 0.0
    # paper between the arms: rays level and upright of the centre, from 0.45 to 0.9 of the way out to the stroke,
    # clear of the arms (half a stroke and 1.5 px off the diagonals)
    ways = np.linspace(0, 2 * np.pi, 24, endpoint=False)
    ways = ways[np.abs(np.cos(2 * ways)) > 0.7]
    out = np.array([0.45, 0.6, 0.75, 0.9])[:, None]
    vx, vy = (out * rx * np.cos(ways)).ravel(), (out * ry * np.sin(ways)).ravel()
    clear = np.minimum(np.abs(vx * hy - vy * hx), np.abs(vx * hy + vy * hx)) / math.hypot(hx, hy) > half + 1.5
    qx = np.clip(np.round(cx + vx[clear]).astype(int), 0, ink.shape[1] - 1)
    qy = np.clip(np.round(cy + vy[clear]).astype(int), 0, ink.shape[0] - 1)
    if len(qx) < 4 or float(ink[qy, qx].mean()) > BOXED_X_BETWEEN:  # (a small box's arms leave 4 points clear)
        return 0.0
    return float(((side <= tol) | (inner & (diag <= tol))).mean())


FINE_SHAPES = ("cross", "boxed X", "circled X")  # marks of crossing strokes a hairline thin
FINE_COVER = 0.9  # ... seen unblurred, their ink within a px of this share of the mark seen blurred


def _fine_mark(raw: np.ndarray, free: np.ndarray, main: np.ndarray, join: int
               ) -> tuple[np.ndarray, tuple[str, float]] | None:
    """(mark, (shape, fit)) of a cell core's mark seen in the darkness unblurred (``raw``; ``free``: the core's ink
    off ruled lines may lie there; ``main``: the mark's main piece seen blurred), when that is one of FINE_SHAPES
    accepted (EMPTY_MARK_FIT) and lies within a px of FINE_COVER of ``main``'s ink; else None. Strokes one px wide
    (a 15x15 cell's boxed X, a thin pen on a photographed page) keep a third of their darkness over 3 x 3 px: their
    mark's own ink level (half its 95th percentile) drops them where the mark has a bolder part, and the strokes left
    fit no shape (nineteenth session: HELDOUT17's boxed X, a stray mark). A dot or a single stroke seen so is never
    taken (a halftone or dithered tone's dots, which the blur makes one tone), nor a ring (a glyph's counter seen
    unblurred: the lead's glyph check, a small "4" at 0.3 of a 10x10 cell)."""
    ink = (raw >= STRAY_FAINT) & free
    if not ink.any() or not main.any():
        return None
    level = max(STRAY_FAINT, 0.5 * float(np.percentile(raw[ink], 95)))
    fine = _main_piece(ink & (raw >= level), join)
    near = cv2.dilate(fine.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    if np.count_nonzero(main & near) < FINE_COVER * np.count_nonzero(main):
        return None
    name, fit = empty_mark_fit(fine, ~free)
    if name in FINE_SHAPES and fit >= EMPTY_MARK_FIT:
        return fine, (name, fit)
    return None


def _main_piece(ink: np.ndarray, join: int) -> np.ndarray:
    """The largest group of ink pieces closer than ``join`` px to each other (bool, same shape)."""
    joined = cv2.dilate(ink.astype(np.uint8), np.ones((2 * join + 1,) * 2, np.uint8))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(joined, connectivity=8)
    if count <= 2:
        return ink
    areas = [int(np.count_nonzero(ink & (labels == k))) for k in range(1, count)]
    return ink & (labels == 1 + int(np.argmax(areas)))


def _cut_short(piece: np.ndarray, inked: list[bool]) -> bool:
    """Whether ``piece`` (bool, a cell core's mark) touches a side of the core that was drawn in for a neighbour's
    ink (``inked``: left, top, right, bottom)."""
    if not piece.any():
        return False
    edges = (piece[:, 0], piece[0], piece[:, -1], piece[-1])
    return any(side and edge.any() for side, edge in zip(inked, edges))


def _whole_mark(piece: np.ndarray, inked: list[bool], at: tuple[int, int], ink: np.ndarray, join: int,
                unseen: np.ndarray, ink_unseen: np.ndarray) -> tuple[np.ndarray, bool, np.ndarray]:
    """(mark, whether grown, where ruled lines were taken off in its frame) of a cell core's main ``piece``: the
    piece itself (in the core's frame, ``unseen`` its ruled lines), or, when the core cuts it short where a neighbour
    is inked (:func:`_cut_short`), the piece grown whole within ``ink`` (the cell between its lines, ``ink_unseen``
    its ruled lines; the piece's corner at ``at`` in it) when that reaches none of its edges (in ``ink``'s frame)."""
    if _cut_short(piece, inked):
        grown = _grown_piece(piece, at, ink, join)
        if grown is not None:
            return grown, True, ink_unseen
    return piece, False, unseen


SMALL_RING = 0.5  # of a cell: a ring drawn as a chain of dots at most this long at a cell's centre, in a cell the patch
# reader left unsure or read blank, is a mark for an empty cell, as the patch reader's dot (a ring small enough to read
# as one solid piece at its scale); a ring out to most of the cell is an outline (in doubt), and a solid ring may be an
# "o" or a "0" (the lead's glyph check): in doubt as before


def _small_ring(mark: np.ndarray, cell: float, raw: np.ndarray | None) -> bool:
    """Whether ``mark`` (bool, a ring the empty-mark fit took) is drawn as a chain of dots (DOTTED_PIECES pieces at
    least, seen on the darkness unblurred, ``raw`` in the mark's frame when known, where the 3 x 3 mean joins small
    dots: no font draws a letter so) at most
    SMALL_RING of a cell long (nineteenth session: HELDOUT17's rings of ten dots, 0.46 cell, are read crossed where the
    patch's resampling joins the dots into one piece, unsure where it does not)."""
    ys, xs = np.nonzero(mark)
    if len(xs) == 0:
        return False
    dots = mark if raw is None else (raw >= STRAY_FAINT) & (
        cv2.dilate(mark.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0)
    if cv2.connectedComponents(dots.astype(np.uint8), connectivity=8)[0] - 1 < DOTTED_PIECES:
        return False
    return max(xs.max() - xs.min(), ys.max() - ys.min()) - 1 <= SMALL_RING * cell  # (less the px the 3 x 3 mean adds
    # on each side)


def _clear_of_edges(mark: np.ndarray) -> bool:
    """Whether the ink of ``mark`` (bool) touches none of its frame's edges."""
    return bool(mark.any() and not (mark[0].any() or mark[-1].any() or mark[:, 0].any() or mark[:, -1].any()))


def _off_centre_dot(mark: np.ndarray | None, cell: float) -> bool:
    """Whether ``mark`` (bool, a frame it lies whole within, clear of its edges; None: it does not) is a solid dot at
    most OFF_CENTRE_DOT of a cell long."""
    if mark is None or not _clear_of_edges(mark):
        return False
    ys, xs = np.nonzero(mark)
    if max(xs.max() - xs.min(), ys.max() - ys.min()) + 1 > OFF_CENTRE_DOT * cell:
        return False
    name, fit = empty_mark_fit(mark[ys.min():ys.max() + 1, xs.min():xs.max() + 1])
    return name == "dot" and fit >= EMPTY_MARK_FIT


def _off_centre_dash(mark: np.ndarray | None, cell: float) -> bool:
    """Whether ``mark`` (bool, a frame it lies whole within, clear of its edges; None: it does not) is a level dash:
    fitted as a stroke, at most OFF_CENTRE_DASH of a cell long, its box at most OFF_CENTRE_DASH_RISE as tall as long
    (within ~20 degrees of level: an upright stroke is a "1" or an "l", rubric 46)."""
    if mark is None or not _clear_of_edges(mark):
        return False
    ys, xs = np.nonzero(mark)
    w, h = xs.max() - xs.min() + 1, ys.max() - ys.min() + 1
    if w > OFF_CENTRE_DASH * cell or h > OFF_CENTRE_DASH_RISE * w:
        return False
    name, fit = empty_mark_fit(mark[ys.min():ys.max() + 1, xs.min():xs.max() + 1])
    return name == "stroke" and fit >= EMPTY_MARK_FIT


def _mark_within_cell(piece: np.ndarray, at: tuple[int, int], inner: np.ndarray, level: float,
                      inner_ruled: np.ndarray | None, join: int) -> np.ndarray | None:
    """A core's mark ``piece`` grown with the cell's ink at ``level`` within its border band (``inner``: the cell's
    darkness; its ruled lines, ``inner_ruled`` or found at STRAY_FAINT, left out): :func:`_grown_piece`."""
    ruled = inner_ruled if inner_ruled is not None else ruled_lines(inner >= STRAY_FAINT)
    return _grown_piece(piece, at, (inner >= level) & ~ruled, join)


def _grown_piece(piece: np.ndarray, at: tuple[int, int], ink: np.ndarray, join: int) -> np.ndarray | None:
    """``piece`` (bool, a cell core's mark; its top left corner at ``at`` = (x, y) in ``ink``'s frame) with the ink
    of ``ink`` (bool, the cell within its border band) joined to it (pieces closer than ``join`` px), in ``ink``'s
    frame, when that reaches none of ``ink``'s edges (the mark lies whole within the cell); else None."""
    h, w = ink.shape
    ax, ay = at
    ph, pw = piece.shape
    if ax < 0 or ay < 0 or ax + pw > w or ay + ph > h:
        return None
    grown = ink.copy()
    grown[ay:ay + ph, ax:ax + pw] |= piece
    joined = cv2.dilate(grown.astype(np.uint8), np.ones((2 * join + 1,) * 2, np.uint8))
    _, labels = cv2.connectedComponents(joined, connectivity=8)
    mine = np.unique(labels[ay:ay + ph, ax:ax + pw][piece])
    reach = np.isin(labels, mine[mine > 0]) & grown
    if reach[0].any() or reach[-1].any() or reach[:, 0].any() or reach[:, -1].any():
        return None
    return reach


def _sharp_check(name: str, fit: float, mark: np.ndarray, sharp: np.ndarray, level: float,
                 unseen: np.ndarray | None = None) -> tuple[str, float]:
    """(shape, fit) of an accepted empty-cell mark (``name``, ``fit`` >= EMPTY_MARK_FIT, fitted to ``mark``: bool, the
    ink at ``level`` of the darkness map the 3 x 3 mean blurred) once its ink at the page's own resolution is looked at:
    ``sharp`` (the darkness map before the mean, the mark's frame) at ``level`` within a px of the mark. The mean joins
    the strokes of a glyph a few px high into a blob (a digit 0.3-0.4 of a 37 px cell: a dot, a dash); a dot or a
    stroke that is plainly a digit there (:func:`_notched_digit`) is surely no mark for an empty cell (fit 0: a stray
    mark). Nineteenth session: the lead's glyph check. (``unseen``: ruled lines taken off, as for the fit.)"""
    if name not in ("dot", "stroke", "ring", "cross"):
        return name, fit
    sharp_ink = (sharp >= level) & (cv2.dilate(mark.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0)
    if np.count_nonzero(sharp_ink) < 3:
        return name, fit
    if name == "cross":
        return name, (GLYPH_DOUBT if _cross_no_x_there(sharp_ink, unseen) else fit)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(sharp_ink.astype(np.uint8), connectivity=4)
    # (ink in pieces: dots, a grainy or textured mark, no typed or written digit)
    if (name != "ring" and stats[1:, cv2.CC_STAT_AREA].max() >= GLYPH_PIECE * np.count_nonzero(sharp_ink)
            and _notched_digit(sharp, sharp_ink)):
        return name, 0.0
    if _glyph_at_page_resolution(name, sharp_ink):  # (twentieth session) a small letter, a "1", a "0": in doubt
        return name, GLYPH_DOUBT
    near = cv2.dilate(mark.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    if _typed_shape(name, sharp_ink, np.where(near, np.clip(sharp, 0, 255), 0)):  # (twenty-second session) "o", "l"
        return name, GLYPH_DOUBT
    return name, fit


def _cross_no_x_there(sharp_ink: np.ndarray, unseen: np.ndarray | None = None) -> bool:
    """Whether an X (or a plus) the empty-mark fit accepted on the 3 x 3 mean is, at the page's own resolution
    (``sharp_ink``: bool, its ink there), one piece (GLYPH_PIECE of it, 8-connected) that no X accounts for
    (:func:`empty_mark_fit` there: another shape, or under EMPTY_MARK_FIT). Twenty-fifth session (issue 13, helper h25d,
    rubric 55): a serif "a" or "e" typed a third of a cell high is a blob of crossing strokes on the mean, an X to the
    fit, and a ring or nothing at all where its hairlines are seen; an X is an X at both (in pieces -- a stamp's voids,
    a dotted or grainy X -- it is judged on the mean alone, as before)."""
    ys, xs = np.nonzero(sharp_ink)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(sharp_ink.astype(np.uint8), connectivity=8)
    if count < 2 or stats[1:, cv2.CC_STAT_AREA].max() < GLYPH_PIECE * len(xs):
        return False
    name, fit = empty_mark_fit(sharp_ink, unseen)
    return not (name == "cross" and fit >= EMPTY_MARK_FIT)


RING_UPRIGHT = 1.08  # a ring whose ink is this many times as tall as wide (its extents to a fraction of a px) ...
RING_PX = 0.5  # ... and this many px more (a circle 11 px across can render a px taller than wide: 13 x 12) ...
RING_STRESS = 1.25  # ... or whose stroke is this many times as heavy at both sides as at its top and bottom ...
RING_STRESS_PX = 1.5  # ... (its side strokes this many px of full ink across at least) is a typeface's "o" or "0"


def _typed_shape(name: str, sharp_ink: np.ndarray, sharp: np.ndarray) -> bool:
    """Whether a ring or a stroke the empty-mark fit accepted (``name``; ``sharp_ink``: bool, its ink at the page's
    resolution; ``sharp``: the darkness there within a px of the mark, 0 elsewhere) is drawn as a letter or a digit
    rather than as the marks people draw for an empty cell. A ring must be round: at most RING_UPRIGHT times as tall
    as wide and RING_PX more (a drawn circle 11 px across renders up to 13 x 12), each extent the sum over its columns (rows) of their darkest pixel against the ink's 95th percentile,
    so that a column the ink covers in part counts in part -- a "0" (1.2-1.8), a "c" or "C" (1.1-1.5), the "o" of
    many faces (1.08-1.25) are taller; people's rings are round or a little wide (a circle 0.93-1.05, HELDOUT19's
    pencil o 0.8-1.0, where the moments of its ink, moved by its gap and a heavier top, read 1.12) -- and its stroke
    even: not RING_STRESS times as heavy at both sides as at both top and bottom (a typeface's vertical stress:
    DejaVu Bold, Liberation, Nimbus "o" and "O" 1.3-3; a pen's ring 1.0; the heavier of top and bottom, so a gap
    there does not count), judged where the sides are RING_STRESS_PX across. (An upright stroke is not judged: see
    the stroke branch.) Such a mark is in doubt (GLYPH_DOUBT), never accepted. Twenty-second session
    (issue 13, helper h22e, rubric 42): a small "o", a footless "1", an "l" and a "c" passed."""
    ys, xs = np.nonzero(sharp_ink)
    if len(xs) < 5:
        return False
    count, labels, stats, _ = cv2.connectedComponentsWithStats(sharp_ink.astype(np.uint8), connectivity=4)
    if stats[1:, cv2.CC_STAT_AREA].max() < GLYPH_PIECE * len(xs):
        return False  # ink in pieces (a ring of dots, a dotted or grainy stroke): no typed glyph
    if name == "stroke":
        # An upright stroke ("l", a footless "1") is not judged here: a pen line through a run of empty cells drawn
        # down the columns ends in a one-cell run as the same half-cell upright dash (rubric 16; test_nonogram_fixes18_cells
        # and HELDOUT16's whiteboard page went to review under an upright-stroke rule). Telling them apart needs the page's
        # other runs: not built.
        return False
    if name != "ring":
        return False
    peak = float(np.percentile(sharp[sharp_ink], 95))
    if peak <= 0:
        return False
    cover = np.minimum(sharp.astype(np.float64) / peak, 1.0)
    if float(cover.max(axis=1).sum()) >= RING_UPRIGHT * float(cover.max(axis=0).sum()) + RING_PX:
        return True
    w = sharp[ys, xs].astype(np.float64)
    iy, ix = int(round(float(np.average(ys, weights=w)))), int(round(float(np.average(xs, weights=w))))
    band = np.where(sharp_ink, sharp, 0).astype(np.float64) / 255.0
    left, right = band[iy - 1:iy + 2, :ix].sum() / 3, band[iy - 1:iy + 2, ix + 1:].sum() / 3
    top, bottom = band[:iy, ix - 1:ix + 2].sum() / 3, band[iy + 1:, ix - 1:ix + 2].sum() / 3
    side = min(left, right)
    return side >= RING_STRESS_PX and side >= RING_STRESS * max(top, bottom, 1e-6)


NOTCHED_HULL = 0.8  # a dot or a stroke whose ink at the page's resolution fills less of its convex hull than this has
# notches ...
GLYPH_DIGITS = "23456789"  # ... and is a digit when the digit reader reads it surely as one of these (a "0" is a ring,
# a "1" a stroke: marks people draw for an empty cell)
GLYPH_CELL_SIDE = 2.5  # the mark is read centred in a square this many times its longer side
GLYPH_PIECE = 0.9  # ... a glyph: its ink at the page's resolution one piece (this share of it in the largest 4-connected
# piece: a crack or grain through a dot cuts it)


UPRIGHT_OVAL = 1.15  # a ring at least this many times as tall as wide at the page's resolution is an upright oval: a "0"
END_BAR = 2.0  # a stroke whose ink across it, at one of its ends, is at least this many times its median width ...
END_BAR_PX = 3.0  # ... and this many px wider has a bar across that end (a "1"'s foot)
STEM_STRAIGHT = 0.9  # ... whose ink between its ends lies within a px of its edges to this share (a straight stem) ...
END_SHARE = 0.15  # ... an end: this share of the stroke's length (at least 2 px; a hand's bowed stroke turns little
# within it)


def _mark_reader_cell(crop: np.ndarray) -> np.ndarray:
    """A mark's darkness ``crop`` (uint8) as the digit reader takes it: dark ink on white paper, centred in a square
    GLYPH_CELL_SIDE times its longer side (plus 4 px)."""
    h, w = crop.shape
    side = int(GLYPH_CELL_SIDE * max(h, w)) + 4
    cell = np.full((side, side), 255, np.uint8)
    oy, ox = (side - h) // 2, (side - w) // 2
    cell[oy:oy + h, ox:ox + w] = 255 - crop
    return cell


def _glyph_at_page_resolution(name: str, sharp_ink: np.ndarray) -> bool:
    """Whether a mark the empty-mark fit accepted on the 3 x 3 mean as a dot, a stroke or a ring (``name``) is, at the
    page's own resolution (``sharp_ink``: bool, its ink there, GLYPH_PIECE of it one 4-connected piece), shaped as a glyph rather than as that mark:
    a dot whose ink there encloses paper (GLYPH_COUNTER_PX) or fills less than NOTCHED_HULL of its convex hull and that no mark for an
    empty cell accounts for (an "a", "e" or "A" a few px high encloses a counter and leaves notches the mean fills; a
    dithered dot's hairs do neither), a stroke (or a dot that is one there) with a bar across an end (END_BAR: a "1"'s foot), a ring
    taller than wide by UPRIGHT_OVAL (a "0"; a round "o" is the same drawing as a small ring and stays one).
    Twentieth session (issue 13): the lead's glyph check left 49 of 270 glyphs passing, read as dots, strokes and
    rings; such a mark is in doubt (GLYPH_DOUBT: the cell unsure), never accepted."""
    ys, xs = np.nonzero(sharp_ink)
    if len(xs) < 3:
        return False
    count, labels, stats, _ = cv2.connectedComponentsWithStats(sharp_ink.astype(np.uint8), connectivity=4)
    if stats[1:, cv2.CC_STAT_AREA].max() < GLYPH_PIECE * len(xs):
        return False  # ink in pieces (dots, a grainy or textured mark, a crack through a dot): no typed glyph
    box = sharp_ink[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    bh, bw = box.shape
    if name == "dot":  # (a heavy X the mean made a blob is an X there)
        if not _holds_paper(box, GLYPH_COUNTER_PX) and _hull_share(box) >= NOTCHED_HULL:
            return False  # a solid blob, its edge ragged at most (a dithered or grainy dot, a pinhole a crack cut)
        name, fit = empty_mark_fit(box)
        if fit < EMPTY_MARK_FIT:
            # strokes out from one middle (a small hand asterisk the fit misses by a px) are a mark; a "1" with
            # its foot radiates too
            return not (not _holds_paper(box, GLYPH_COUNTER_PX) and _radiates(box)
                        and not _end_bar(xs.astype(np.float64), ys.astype(np.float64)))
    if name == "ring":
        return bh >= UPRIGHT_OVAL * bw
    if name == "stroke":
        return _end_bar(xs.astype(np.float64), ys.astype(np.float64))
    return False


RADIATES = 0.97  # a mark radiates when this share of its ink sees its middle along ink (see _radiates)


def _radiates(box: np.ndarray) -> bool:
    """Whether ink (``box``: bool) is drawn as strokes out from one middle: from RADIATES of its pixels the straight way
    to its centroid runs on ink (within a px) all along. A hand asterisk or X a few px across, its strokes crossing off
    one point, is so; a letter's bowl, legs or tail turn away from its middle (an "a", "e" or "A": paper between).
    Twentieth session (lead): the glyph check put a 15x15 cell's small asterisk in doubt."""
    ys, xs = np.nonzero(box)
    if len(xs) < 5:
        return False
    near = cv2.dilate(box.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    cy, cx = float(ys.mean()), float(xs.mean())
    t = np.linspace(0.0, 1.0, 12)[:, None]
    qy = np.clip(np.round(cy + t * (ys - cy)).astype(int), 0, box.shape[0] - 1)
    qx = np.clip(np.round(cx + t * (xs - cx)).astype(int), 0, box.shape[1] - 1)
    return float(near[qy, qx].all(axis=0).mean()) >= RADIATES


def _end_bar(px: np.ndarray, py: np.ndarray) -> bool:
    """Whether a stroke's ink pixels (``px``, ``py``) widen into a bar across one of its ends: the extent across its
    least-squares line of the ink within END_SHARE of the stroke's length of an end reaching END_BAR times the median
    extent in 1-px steps along it, and END_BAR_PX px more, running out a px past the stroke's edge on both sides of its
    middle line, the ink between its ends straight (STEM_STRAIGHT; a "1" with its foot; a hand's slash or dash keeps its
    width to its ends, a pen's blot at the start of a stroke is a little wider, a tilde's curled ends turn off a wavy
    middle)."""
    (x0, y0), (dx, dy) = _fit_line(px, py)
    along = (px - x0) * dx + (py - y0) * dy
    across = (px - x0) * dy - (py - y0) * dx
    step = np.round(along - along.min()).astype(int)
    order = np.argsort(step, kind="stable")
    steps, starts = np.unique(step[order], return_index=True)
    widths = np.array([float(a.max() - a.min() + 1) for a in np.split(across[order], starts[1:])])
    if len(widths) < 5:
        return False
    median = float(np.median(widths))
    end = max(2, int(round(END_SHARE * (int(steps.max()) + 1))))
    wide = max(END_BAR * median, median + END_BAR_PX)
    ends = (step < end, step > steps.max() - end)
    if not (~(ends[0] | ends[1])).any():
        return False
    middle = across[~(ends[0] | ends[1])]
    centre = float(np.median(middle))  # the stroke's middle line between its ends
    beyond = median / 2 + 1  # a px past the stroke's edge
    if float((np.abs(middle - centre) <= beyond).mean()) < STEM_STRAIGHT:
        return False  # a wavy or bowed stroke (a tilde): no straight stem, no foot
    # a bar runs out on both sides of the stroke (a tilde's or a hook's curled end turns to one side)
    return any(float(across[near].max() - across[near].min() + 1) >= wide
               and across[near].max() - centre >= beyond and centre - across[near].min() >= beyond for near in ends)


def _notched_digit(sharp: np.ndarray, sharp_ink: np.ndarray) -> bool:
    """Whether a blob taken for a dot or a stroke (``sharp_ink``: bool, its ink at the page's resolution; ``sharp``:
    the darkness there) is plainly a digit: its ink leaves notches in its convex hull (NOTCHED_HULL: a bold "2", "3",
    "5" the same turned half round, as a dot is; also a heavy X in a small cell) and the open-set digit reader reads
    it, alone in a blank cell, surely as a digit of GLYPH_DIGITS (a heavy X reads as "other", a slash as "1"; a round
    dot, which can read as a sure "6" or "9", has no notches). Nineteenth session: the lead's glyph check; see
    docs/nonogram.md for the accepted marks it was tried on."""
    from genpuzzle.verifiers import digits

    ys, xs = np.nonzero(sharp_ink)
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    if _hull_share(sharp_ink[y0:y1, x0:x1]) >= NOTCHED_HULL:
        return False
    near = cv2.dilate(sharp_ink.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    ink = np.clip(np.where(near, sharp, 0)[y0:y1, x0:x1], 0, 255).astype(np.uint8)
    reading = digits.default_reader().read([_mark_reader_cell(ink)])[0]
    return reading.confident and reading.symbol in GLYPH_DIGITS


def _spill_margin_marks(ink: np.ndarray, between: tuple[int, int, int, int], core: tuple[int, int, int, int],
                        accepted: np.ndarray | None, join: int) -> np.ndarray:
    """Where to look for marks in the spill margin of an empty cell (bool, the frame of ``ink``): ``ink`` (bool) is the
    cell's ink at STRAY_FAINT over its whole box out to its grid lines' middles, ``between`` the box within its border
    bands and ``core`` that box less the spill margin (STRAY_SPILL) along the sides with an inked neighbour (x0, y0,
    x1, y1 in the frame); ``accepted`` (bool, the frame; None: none) the main piece of the mark for an empty cell found
    in the core. The margin allows for the neighbour's own fill run over the line: ink joined, pixel to pixel, to the
    cell's lines (the fill crosses them; so do a line drawn thick, a ruled line, an arm of an X drawn out to the
    corners) is not looked at, nor ink joined within ``join`` px to the accepted mark (its arms, its fainter rim, the
    dots of a dotted X); any other ink there (a tick, a scribble, a digit beside a filled cell, clear of its line) is
    looked at as in the core. Nineteenth session: the lead's scribble check, marks in that margin never checked."""
    h, w = ink.shape
    margin = np.zeros((h, w), bool)
    f0, g0, f1, g1 = between
    a0, b0, a1, b1 = core
    margin[max(0, g0):g1, max(0, f0):f1] = True
    margin[max(0, b0):b1, max(0, a0):a1] = False
    if not (ink & margin).any():
        return margin & False
    count, labels = cv2.connectedComponents(ink.astype(np.uint8), connectivity=8)
    edge = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    run_in = np.isin(labels, edge[edge > 0])  # ink joined to the cell's lines: a fill run over, a line, a ruled line
    if accepted is not None and accepted.any():
        joined = cv2.dilate(ink.astype(np.uint8), np.ones((2 * join + 1,) * 2, np.uint8))
        _, near = cv2.connectedComponents(joined, connectivity=8)
        mine = np.unique(near[accepted & ink])
        run_in |= np.isin(near, mine[mine > 0]) & ink
    return margin & ~run_in


def empty_cell_marks(dark: np.ndarray, layout: dict[str, Any], reading: CellReading) -> list[dict[str, Any]]:
    """Marks in cells read empty (blank or crossed) that no mark for an empty cell explains (see
    :func:`_empty_cell_marks`)."""
    return _empty_cell_marks(dark, layout, reading)[0]


def _empty_cell_marks(dark: np.ndarray, layout: dict[str, Any], reading: CellReading,
                      also: set[tuple[int, int]] = frozenset()
                      ) -> tuple[list[dict[str, Any]], dict[int, tuple[str, float]]]:
    """Marks in cells read empty (blank or crossed) that no mark for an empty cell explains: ink away from the
    cell's sides and ruled lines whose main piece no X, slash, plus, dash, dot or ring accounts for
    (:func:`empty_mark_fit`; a blank cell too, since a faint or small mark for an empty cell can read blank in the
    patch) -- a tick, a scribble, a "7", a letter. Sized in cells by
    :func:`genpuzzle.ink.unexplained_marks` (``STRAY_PARAMS``): ``sure`` at STRAY_SURE darkness, faint from
    STRAY_FAINT; a crossed cell's ink that a shape nearly accounts for (EMPTY_MARK_FIT_SURE..EMPTY_MARK_FIT) is
    never sure. Each mark: its ``cell`` [row, column], ``bbox``, size and ink (and ``fit`` in a crossed cell).
    ``also``: cells read unsure (row, column) to look at as if read crossed (see :func:`_small_mark`); their
    neighbours' margins stay those of an unsure cell. Returns the marks and the empty-mark fit of each cell looked at
    (``row * cols + column`` -> (shape, fit))."""
    from genpuzzle.ink import unexplained_marks

    # ink over 3 x 3 px, as a reader sees it: a dithered or halftone paper tone's dots are one faint tone, a
    # stroke 2 px wide keeps two thirds of its darkness
    raw = dark
    sharp = dark  # the page's own resolution (_sharp_check)
    dark = cv2.blur(dark, (3, 3))
    H, W = dark.shape
    rows, cols = layout["rows"], layout["cols"]
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    cell = min((gx1 - gx0) / cols, (gy1 - gy0) / rows)
    border = max(2, int(round(STRAY_BORDER * cell)))
    spill = int(round(STRAY_SPILL * cell))
    join = max(1, int(round(STRAY_PARAMS["join"] * cell)))
    region = np.zeros((H, W), bool)
    ends = np.zeros((H, W), bool)  # (rubric 57) the border-band ends of the cores' marks (_add_mark_end)
    owner = np.full((H, W), -1, np.int32)
    banded = np.zeros((H, W), bool)  # ink in the cells' border bands (_border_band_ink) ...
    band_owner = np.full((H, W), -1, np.int32)  # ... and the cell whose band it is
    fits: dict[int, tuple[str, float]] = {}
    nearly: dict[int, tuple[tuple[int, int], np.ndarray]] = {}  # (rubric 51) hairline marks nearly fitted
    unfitted: dict[int, str] = {}  # (rubric 67) and those no shape fits
    cores: dict[int, tuple[int, int, int, int]] = {}  # (rubric 55) each cell's core box looked at
    # (rubric 52) the accepted marks' shapes and page boxes, and other marks nearly fitted (their shape and page box)
    accepted_at: dict[int, tuple[str, tuple[int, int, int, int]]] = {}
    nearly_like: dict[int, tuple[str, tuple[int, int, int, int]]] = {}
    for r in range(rows):
        for c in range(cols):
            state = cells_mod.CROSSED if (r, c) in also else reading.states[r][c]
            if state not in (cells_mod.BLANK, cells_mod.CROSSED):
                continue
            x0, y0, x1, y1 = cell_box(layout, r, c)
            inked = [0 <= rr < rows and 0 <= cc < cols and reading.states[rr][cc] in (cells_mod.FILLED, cells_mod.UNSURE)
                     for rr, cc in ((r, c - 1), (r - 1, c), (r, c + 1), (r + 1, c))]  # left, top, right, bottom
            a0, b0, a1, b1 = (int(round(v)) + sign * (border + spill * side)
                              for v, sign, side in zip((x0, y0, x1, y1), (1, 1, -1, -1), inked))
            a0, b0, a1, b1 = max(0, a0), max(0, b0), min(W, a1), min(H, b1)
            if a1 - a0 < 3 or b1 - b0 < 3:
                continue
            core = dark[b0:b1, a0:a1]
            # ruled lines cross the whole cell between its grid lines (a dash or a plus stops short of them)
            f0, g0 = max(0, int(round(x0)) + border), max(0, int(round(y0)) + border)
            f1, g1 = min(W, int(round(x1)) - border), min(H, int(round(y1)) - border)
            between = dark[g0:g1, f0:f1] >= STRAY_FAINT
            # (speed) no ink between the cell's lines: none in the core or its spill margin, so neither is searched
            between_inked = bool(between.any())
            hairline = None
            if g1 - g0 >= 3 and f1 - f0 >= 3 and _speck_at_most(between, cell):
                # (rubric 51) no mark on the mean (a speck at most), but a hairline at the page's resolution: a pale
                # 1-px stroke the mean takes under STRAY_FAINT is looked at as a stroke of 3 px at its own darkness
                # (never sure ink)
                hairline = _hairline_ink(raw[g0:g1, f0:f1], cell, between)
                if hairline is not None:
                    dark[g0:g1, f0:f1] = np.maximum(dark[g0:g1, f0:f1], hairline[0])
                    between = dark[g0:g1, f0:f1] >= STRAY_FAINT
                    between_inked = True
            # (no ink between the lines, no ruled line: the usual empty cell skips the search, its core all free)
            if between_inked:
                ink = core >= STRAY_FAINT
                free = ~ruled_lines(between)[b0 - g0:b1 - g0, a0 - f0:a1 - f0]
            else:
                free = True
            main_accepted = None  # the main piece of a mark for an empty cell found in the core (its frame)
            if between_inked and (ink & free).any():  # (a blank cell too: a faint or small X, dash or dot the patch
                # reader missed)
                # the mark at its own ink level (a pale ruled line beside a black X is not part of it), and its
                # main piece: specks apart from it are sized as marks of their own
                # (pieces are joined across a ruled line, which may cut a stroke in two)
                level = max(STRAY_FAINT, 0.5 * float(np.percentile(core[ink & free], 95)))
                main = _main_piece(ink & (core >= level), join) & free
                if np.count_nonzero(main) < 3:  # the largest piece was a ruled line's: the mark is the largest left
                    main = _main_piece(ink & (core >= level) & free, join)
                # a mark the core cuts short where a neighbour is inked (the spill margin) is looked at whole: the
                # ink within the cell between its lines (as the patch reader found them) joined to it, when that
                # reaches none of their edges (a neighbour's fill run over the line reaches the line)
                i0, j0, i1, j1 = reading.evidence[r][c].get("core") or (f0, g0, f1, g1)
                i0, j0, i1, j1 = min(i0, a0), min(j0, b0), max(i1, a1), max(j1, b1)
                inner = dark[j0:j1, i0:i1]
                inner_ruled = ruled_lines(inner >= STRAY_FAINT) if _cut_short(main, inked) else None
                wide = (inner >= level) & ~inner_ruled if inner_ruled is not None else None
                mark, grown, unseen = _whole_mark(main, inked, (a0 - i0, b0 - j0), wide, join, ~free, inner_ruled)
                name, fit = empty_mark_fit(mark, unseen)
                fine = None
                if fit < EMPTY_MARK_FIT and not grown:
                    fine = _fine_mark(raw[b0:b1, a0:a1], free, main, join)
                    if fine is not None:  # the mark seen unblurred: its hairline strokes whole (a boxed X's x)
                        mark, (name, fit) = fine
                if fit < EMPTY_MARK_FIT_SURE:
                    # surely no mark at its own ink level, but one with its paler ink (from PALE_INK): a stamped X
                    # with one arm half taken (a receipt's linocut X) is an X to a reader, a scribble with a pale rim
                    # may not be: in doubt, never accepted
                    if grown:
                        pale, pale_unseen = _grown_piece(main, (a0 - i0, b0 - j0), (inner >= PALE_INK) & ~inner_ruled,
                                                         join), inner_ruled
                    else:
                        pale, pale_unseen = _main_piece((core >= PALE_INK) & free, join), ~free
                    # (an X: a glyph's or a blob's paler rim fattens it into a dot or a stroke, and that is no doubt;
                    # the lead's glyph check)
                    if (pale is not None and np.count_nonzero(pale) > np.count_nonzero(mark)
                            and _is_x(*empty_mark_fit(pale, pale_unseen))):
                        # (rubric 63) an X in doubt, as rubric 45's: a cell read empty holding it is not filled
                        # either way (HELDOUT19's X of five pixel-art diamonds, no longer a dot with its paler ink)
                        name, fit = "cross", PALE_DOUBT
                if hairline is not None:
                    reading.evidence[r][c]["hairline"] = True
                if hairline is not None and not grown:
                    # (rubric 51) a hairline mark, thickened to be seen, is fitted as drawn too: a pencil ring stays a
                    # ring (thickened, its hole closes into a dot), a light X whose one arm is paler is an X; a small
                    # "o", "4" or "e" in 1-px strokes is no dot
                    thin = hairline[1][b0 - g0:b1 - g0, a0 - f0:a1 - f0] & free
                    if thin.any():
                        thin_name, thin_fit = empty_mark_fit(thin, ~free)
                        if thin_fit >= EMPTY_MARK_FIT or not (fit >= EMPTY_MARK_FIT and name != "dot"):
                            mark, unseen, name, fit = thin, ~free, thin_name, thin_fit
                    if name == "dot" and not _pale_solid(thin):
                        fit = min(fit, GLYPH_DOUBT)  # (no solid dot is a hairline: a pale solid one is no hairline)
                at = (i0, j0) if grown else (a0, b0)  # the mark's frame's corner in the image
                if fit >= EMPTY_MARK_FIT:
                    # (looked at unblurred: a glyph a few px high the mean made a blob; see _sharp_check)
                    name, fit = _sharp_check(name, fit, mark, sharp[at[1]:at[1] + mark.shape[0],
                                                                    at[0]:at[0] + mark.shape[1]], level, unseen)
                    if fit >= EMPTY_MARK_FIT and mark.any():
                        ys, xs = np.nonzero(mark)
                        accepted_at[r * cols + c] = (name, (at[0] + int(xs.min()), at[1] + int(ys.min()),
                                                            at[0] + int(xs.max()) + 1, at[1] + int(ys.max()) + 1))
                elif (EMPTY_MARK_FIT_SURE <= fit and hairline is None and not grown and mark.any()
                      and _sharp_check(name, EMPTY_MARK_FIT, mark, sharp[at[1]:at[1] + mark.shape[0],
                                                                         at[0]:at[0] + mark.shape[1]],
                                       level, unseen)[1] >= EMPTY_MARK_FIT):
                    # (rubric 52) nearly fitted, no glyph at the page's resolution: a copy of the page's mark?
                    ys, xs = np.nonzero(mark)
                    nearly_like[r * cols + c] = (name, (at[0] + int(xs.min()), at[1] + int(ys.min()),
                                                        at[0] + int(xs.max()) + 1, at[1] + int(ys.max()) + 1))
                if (state == cells_mod.BLANK or (r, c) in also) and mark.any():
                    # read blank (or unsure, a small mark), it counts as a mark for an empty cell only where people
                    # draw one: at the centre
                    ys, xs = np.nonzero(mark)
                    off = math.hypot(at[0] + (xs.min() + xs.max()) / 2 - (x0 + x1) / 2,
                                     at[1] + (ys.min() + ys.max()) / 2 - (y0 + y1) / 2)
                    if off <= BLANK_MARK_CENTRED * cell:
                        if name == "ring" and _small_ring(mark, cell, None if grown else raw[b0:b1, a0:a1]):
                            name = "small ring"
                    elif name == "dot" and fit >= EMPTY_MARK_FIT and _off_centre_dot(
                            mark if grown or _clear_of_edges(mark) else _mark_within_cell(
                                main, (a0 - i0, b0 - j0), inner, level, inner_ruled, join), cell):
                        # a small solid dot whole within the core, or within the cell's interior when the core's border
                        # band cut it (a heavy X in a corner, solid at its own level): a dot all the same
                        name = "off-centre dot"
                    elif name == "cross" and fit >= EMPTY_MARK_FIT and _point_symmetry(
                            mark[ys.min():ys.max() + 1, xs.min():xs.max() + 1]) >= DOT_SYMMETRY and (
                            grown or _mark_within_cell(main, (a0 - i0, b0 - j0), inner, level, inner_ruled,
                                                       join) is not None):
                        # an X (or a plus) set in a corner, clear of the cell's sides, the same turned half round (a
                        # tick or a scribble two lines happen to cover is not: the lead's scribble check, 17100)
                        name = "off-centre X"
                    elif name == "stroke" and fit >= EMPTY_MARK_FIT and _off_centre_dash(
                            mark if grown or _clear_of_edges(mark) else _mark_within_cell(
                                main, (a0 - i0, b0 - j0), inner, level, inner_ruled, join), cell):
                        # (rubric 64) a short level dash whole within the cell, low or high in it (an underline
                        # drawn in each empty cell: HELDOUT22's pencil-guide and paint-header pages)
                        name = "off-centre dash"
                    else:
                        name, fit = "off centre", 0.0
                fits[r * cols + c] = (name, fit)
                if fit >= EMPTY_MARK_FIT and name != "none":  # its main piece is the mark that crosses it, with its
                    # fainter rim ((rubric 55) none under 3 px on the mean: what ink there is stays to be accounted for)
                    main_accepted = main
                    near = cv2.dilate(ink.astype(np.uint8), np.ones((2 * join + 1,) * 2, np.uint8))
                    _, labels = cv2.connectedComponents(near, connectivity=8)
                    free &= ~np.isin(labels, np.unique(labels[main if fine is None else (main | cv2.dilate(
                        mark.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool))]))
                if (hairline is not None and EMPTY_MARK_FIT_SURE <= fit < EMPTY_MARK_FIT and not grown
                        and state == cells_mod.BLANK):  # (rubric 51) see below: nearly the page's mark
                    near = cv2.dilate(ink.astype(np.uint8), np.ones((2 * join + 1,) * 2, np.uint8))
                    _, labels = cv2.connectedComponents(near, connectivity=8)
                    nearly[r * cols + c] = ((a0, b0), np.isin(labels, np.unique(labels[main])) & free)
                elif hairline is not None and fit < EMPTY_MARK_FIT_SURE and not grown and state == cells_mod.BLANK:
                    unfitted[r * cols + c] = name  # (rubric 67) see below: a copy of the page's mark?
            region[b0:b1, a0:a1] = free
            owner[b0:b1, a0:a1] = r * cols + c
            cores[r * cols + c] = (a0, b0, a1, b1)
            cell_ends: list = []
            band_at = _border_band_ink(raw, reading, layout, r, c, (a0, b0, a1, b1), cell, cell_ends)
            for (u0, v0), end in cell_ends:  # (rubric 57) a core mark's ends in the border band, sized with it
                _add_mark_end(end, (u0, v0), free & (core >= STRAY_FAINT), owner, ends, (a0, b0, a1, b1),
                              r * cols + c, join)
            if band_at is not None and main_accepted is not None:
                band_at = _band_less_accepted(band_at, main_accepted, (a0, b0), join)
            if band_at is not None:  # ink in the border band that is no grid line and no mark of the core's
                (u0, v0), band_ink = band_at
                banded[v0:v0 + band_ink.shape[0], u0:u0 + band_ink.shape[1]] |= band_ink
                band_owner[v0:v0 + band_ink.shape[0], u0:u0 + band_ink.shape[1]][band_ink] = r * cols + c
            if spill and any(inked) and between_inked:  # the spill margin's ink that is no neighbour's fill run over
                # (_spill_margin_marks)
                X0, Y0 = max(0, int(round(x0))), max(0, int(round(y0)))
                X1, Y1 = min(W, int(round(x1)) + 1), min(H, int(round(y1)) + 1)
                accepted = None
                if main_accepted is not None:
                    accepted = np.zeros((Y1 - Y0, X1 - X0), bool)
                    accepted[b0 - Y0:b1 - Y0, a0 - X0:a1 - X0] = main_accepted
                margin = _spill_margin_marks(dark[Y0:Y1, X0:X1] >= STRAY_FAINT, (f0 - X0, g0 - Y0, f1 - X0, g1 - Y0),
                                             (a0 - X0, b0 - Y0, a1 - X0, b1 - Y0), accepted, join)
                region[Y0:Y1, X0:X1] |= margin
                owner[Y0:Y1, X0:X1][margin] = r * cols + c
    # (rubric 51) a hairline mark in a cell read blank nearly fitted as a shape that REPEATED_SIGN_CELLS cells of the
    # page hold accepted is that mark: seen whole at the page's resolution, a pen's 1-px tick keeps the bend the mean
    # drops from the page's other ticks (HELDOUT20's circuit postcard). Alone (or among other marks) it stays in doubt.
    accepted = collections.Counter(name for name, fit in fits.values() if fit >= EMPTY_MARK_FIT)
    for k, ((a0, b0), piece) in nearly.items():
        if accepted[fits[k][0]] >= REPEATED_SIGN_CELLS:
            fits[k] = (fits[k][0], EMPTY_MARK_FIT)
            region[b0:b0 + piece.shape[0], a0:a0 + piece.shape[1]] &= ~piece
    # (rubric 52, twenty-fifth session, h25a) any mark nearly fitted (EMPTY_MARK_FIT_SURE..EMPTY_MARK_FIT) as a shape
    # REPEATED_SIGN_CELLS other cells of the page hold accepted, no glyph at the page's resolution (_sharp_check), and a
    # copy of those marks (_like_page_sign: their size, their ink overlapping) is noted as such (``page_mark_copy``):
    # read_cells takes it as that mark once the repeated-sign rules have judged the page's marks as before (so a letter
    # among them still makes those rules read none)
    for k, (name, box) in nearly_like.items():
        copies = [b for kk, (n, b) in accepted_at.items() if n == name and kk != k]
        if (len(copies) >= REPEATED_SIGN_CELLS and box in _like_page_sign(raw, copies, [box])
                and _copies_of_page_mark(raw, copies, [box])):
            # (rubric 58) and a copy to PAGE_MARK_COVER: at the size of a page's small Xs, a grey "A" or "e" nearly
            # fitted as a stroke overlaps the thickened marks by the sign rules' bar and passed
            reading.evidence[k // cols][k % cols]["page_mark_copy"] = name
    # (rubric 56) either (a hairline one too), where few of the page's marks were fitted (tiny pale Xs the mean
    # loses), a copy of the marks of the page's other empty cells (_page_mark_boxes) is noted as one of them: read_cells
    # takes it so after the repeated-sign rules, which still see it among the page's marks
    looked = {k: name for k, (name, _) in nearly_like.items()
              if "page_mark_copy" not in reading.evidence[k // cols][k % cols]}
    looked.update({k: fits[k][0] for k in nearly if fits[k][1] < EMPTY_MARK_FIT})
    # (rubric 67) and a hairline mark no shape fits (HELDOUT26's pale caret in every empty cell: a stroke bent in the
    # middle, fitted as a stroke 0.82-0.89 in six cells of a page, each a stray mark in review)
    looked.update(unfitted)
    if looked:  # (rubric 69: each cell's ink over its own paper, a paper band's tint no ink)
        copies = _page_mark_boxes(raw, layout, [divmod(k, cols) for k in cores if k not in looked], over_paper=True)
        if len(copies) >= REPEATED_SIGN_CELLS:
            alike = _cells_copying_page_mark(raw, layout, copies, [divmod(k, cols) for k in looked], over_paper=True)
            for k, name in looked.items():
                if divmod(k, cols) in alike:
                    reading.evidence[k // cols][k % cols]["page_mark_copy"] = name
    band_marks = _band_marks(dark, banded, band_owner, cell, cols) if banded.any() else []

    def with_lost(found: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[int, tuple[str, float]]]:
        # (rubric 55) and the ink the mean lost or sized as a speck, seen at the page's resolution
        done = {tuple(m["cell"]) for m in found}
        found = found + _marks_lost_on_mean(raw, region, owner, cores, cell, cols, done, fits, layout)
        # (rubric 79) less the grid lines' own sprigs (an ivy stem's leaves drawn as the grid)
        return _without_line_sprigs(raw, layout, found), fits

    if not region.any():
        return with_lost(band_marks)
    faint = dark >= STRAY_FAINT
    if not cv2.countNonZero(faint.view(np.uint8) & region.view(np.uint8)):
        return with_lost(list(band_marks))  # (speed) no ink where marks are looked for: unexplained_marks finds none
    marks = unexplained_marks(dark >= STRAY_SURE, faint, np.zeros((H, W), bool), cell, region | ends,
                              CELL_STRAY_PARAMS)
    out = []
    for m in marks:
        x0, y0, x1, y1 = m.bbox
        ids = owner[y0:y1, x0:x1]
        ids = ids[ids >= 0]
        if len(ids) == 0:
            continue
        k = int(np.bincount(ids).argmax())
        entry = {"cell": [k // cols, k % cols], **m.to_json(cell)}
        if k in fits:
            entry["shape"], entry["fit"] = fits[k][0], round(fits[k][1], 3)
            if EMPTY_MARK_FIT_SURE <= fits[k][1] < EMPTY_MARK_FIT:  # nearly an accepted mark: in doubt
                # (rubric 45) an X in doubt drawn in sure ink (a rubber stamp's, its voids across the strokes) is a
                # clean X or a stray mark: the cell is not filled either way (see read_cells)
                entry["x_in_doubt"] = bool(entry.get("sure")) and fits[k][0] == "cross"
                entry["sure"] = False
            if fits[k][1] >= EMPTY_MARK_FIT and reading.states[k // cols][k % cols] == cells_mod.CROSSED:
                # ink beside the mark that crosses the cell: in doubt (a plus whose main piece fitted one of its
                # bars left the other as a "mark", HELDOUT8's Didot page)
                entry["sure"] = False
        out.append(entry)
    marked = {tuple(m["cell"]) for m in out}
    return with_lost(out + [m for m in band_marks if tuple(m["cell"]) not in marked])


SPRIG_DEPTH = 0.3  # (rubric 79) of a cell: how far from its side a grid line's sprig reaches into the cell ...
SPRIG_CORNER = 0.5  # ... or into its corner, from both sides there
SPRIG_CELLS = 3  # ... and in at least this many cells of the page
SPRIG_LINE = 0.9  # of a cell: how far along the side the sprig's piece of ink runs (its line)


def _without_line_sprigs(raw: np.ndarray, layout: dict[str, Any], marks: list[dict[str, Any]]
                         ) -> list[dict[str, Any]]:
    """``marks`` less the grid lines' own sprigs: a mark lying within SPRIG_DEPTH of one side of its cell (or
    SPRIG_CORNER of both sides at a corner) whose ink (from STRAY_FAINT, at the page's resolution) runs on into that
    side's grid line, where the page has such marks in SPRIG_CELLS cells at least; else ``marks`` unchanged.

    Rubric 79 (HELDOUT40, forty-eighth session): a grid drawn as an ivy stem carries three-lobed leaves on both sides
    of its lines, a fifth of a cell deep. Each leaf in a cell read empty was a mark in doubt: up to 48 on a 15x15 page,
    three cells under the top border of a 10x10 page (in review). A person sees the leaves as the line's drawing. A
    mark clear of the sides (a dot, an X, a tick) is never a sprig, and a mark joined to a line in one or two cells
    stays a mark: a page decorates its lines all along them. A stem's leaves stand on both sides of it: a page none of
    whose lines has sprigs on both sides keeps them as marks (rubric 74's bulges hugging one side of the block lines,
    a mark drawn against the line in every cell along it, stay in doubt). Rubric 80 (HELDOUT41's rope grid, bound at
    places with knots across its lines): sprigs reaching across their lines as far (:func:`_straddles`), in
    SPRIG_CELLS cells, are the lines' drawing too, on whichever side the cells lie."""
    if len(marks) < SPRIG_CELLS:
        return marks
    found: dict[int, tuple[int, int]] = {}
    faces: set[tuple[str, int, int]] = set()  # (line kind, its place, the side of it the cell lies on)
    straddling: set[tuple[int, int]] = set()
    across = {"top": ("h", 0, 1), "bottom": ("h", 1, -1), "left": ("v", 0, 1), "right": ("v", 1, -1)}
    for i, m in enumerate(marks):
        r, c = m["cell"]
        x0, y0, x1, y1 = cell_box(layout, r, c)
        cell = min(x1 - x0, y1 - y0)
        if cell <= 0:
            continue
        bx0, by0, bx1, by1 = m["bbox"]
        depth = {"left": (bx1 - x0) / cell, "top": (by1 - y0) / cell, "right": (x1 - bx0) / cell,
                 "bottom": (y1 - by0) / cell}
        sides = [side for side, d in depth.items() if d <= SPRIG_DEPTH]
        if not sides:
            near = [side for side, d in depth.items() if d <= SPRIG_CORNER]
            if len(near) != 2 or {"left", "right"} <= set(near) or {"top", "bottom"} <= set(near):
                continue
            sides = near
        on = [side for side in sides if _runs_into_line(raw, (x0, y0, x1, y1), m["bbox"], side, cell)]
        if on:
            found[i] = (r, c)
            for side in on:
                kind, step, face = across[side]
                faces.add((kind, (r if kind == "h" else c) + step, face))
            if any(_straddles(raw, (x0, y0, x1, y1), m["bbox"], side) for side in on):
                straddling.add((r, c))
    if len(set(found.values())) < SPRIG_CELLS or not (
            any((kind, at, -face) in faces for kind, at, face in faces) or len(straddling) >= SPRIG_CELLS):
        # (no line with sprigs on both its sides, nor sprigs across their lines: a row of bulges hugging one side of a
        # line is a mark drawn against it, as rubric 74's guard has it)
        return marks
    return [m for i, m in enumerate(marks) if i not in found]


SPRIG_ACROSS = 0.5  # (rubric 80) a sprig whose mirror image across its line holds this share of its own ink density ...
SPRIG_ACROSS_PAST = 0.3  # ... with ink over at most this share of the box just past that mirror image: across the line


def _straddles(raw: np.ndarray, box: tuple[float, float, float, float], bbox: list[int], side: str) -> bool:
    """Whether the mark at ``bbox``, hanging on the ``side`` of the cell at ``box``, reaches across that line as far
    on its other side (ink from STRAY_FAINT over SPRIG_ACROSS of the mark's own density in its box mirrored across the
    line) and stops there (ink over at most SPRIG_ACROSS_PAST of the box past the mirror image, so no fill or line
    beyond): a knot or a binding drawn across the line, the line's drawing (rubric 80, HELDOUT41's rope grid). A
    bulge hugging one side of the line has paper across it."""
    x0, y0, x1, y1 = box
    bx0, by0, bx1, by1 = bbox
    H, W = raw.shape
    if side in ("top", "bottom"):
        at = y0 if side == "top" else y1
        lo, hi = sorted((2 * at - by1, 2 * at - by0))
        step = hi - lo
        far = raw[max(0, int(lo)):max(0, int(hi)), bx0:bx1]
        past = raw[max(0, int(lo - step)):max(0, int(lo)), bx0:bx1] if side == "top" else \
            raw[min(H, int(hi)):min(H, int(hi + step)), bx0:bx1]
    else:
        at = x0 if side == "left" else x1
        lo, hi = sorted((2 * at - bx1, 2 * at - bx0))
        step = hi - lo
        far = raw[by0:by1, max(0, int(lo)):max(0, int(hi))]
        past = raw[by0:by1, max(0, int(lo - step)):max(0, int(lo))] if side == "left" else \
            raw[by0:by1, min(W, int(hi)):min(W, int(hi + step))]
    own = raw[by0:by1, bx0:bx1]
    if not own.size or not far.size or not past.size:
        return False
    density = float((own >= STRAY_FAINT).mean())
    return (density > 0 and float((far >= STRAY_FAINT).mean()) >= SPRIG_ACROSS * density
            and float((past >= STRAY_FAINT).mean()) <= SPRIG_ACROSS_PAST)


def _runs_into_line(raw: np.ndarray, box: tuple[float, float, float, float], bbox: list[int], side: str,
                    cell: float) -> bool:
    """Whether the ink (from STRAY_FAINT) of the mark at ``bbox`` in the cell at ``box`` runs on, unbroken, into a line
    along the cell's ``side``: within the cell's box grown by STRAY_BORDER, the mark's piece of ink spans SPRIG_LINE of
    the cell along that side (the grid line it hangs on; a leaf alone is a fraction of that)."""
    x0, y0, x1, y1 = box
    b = max(2, round(STRAY_BORDER * cell))
    H, W = raw.shape
    X0, Y0 = max(0, int(x0) - b), max(0, int(y0) - b)
    X1, Y1 = min(W, math.ceil(x1) + b + 1), min(H, math.ceil(y1) + b + 1)
    ink = (raw[Y0:Y1, X0:X1] >= STRAY_FAINT).astype(np.uint8)
    _, labels = cv2.connectedComponents(ink, connectivity=8)
    bx0, by0, bx1, by1 = bbox
    ids = np.unique(labels[max(0, by0 - Y0):max(0, by1 - Y0), max(0, bx0 - X0):max(0, bx1 - X0)])
    ids = ids[ids > 0]
    if not len(ids):
        return False
    piece = np.isin(labels, ids)
    spans = piece.any(axis=0) if side in ("top", "bottom") else piece.any(axis=1)
    return int(np.count_nonzero(spans)) >= SPRIG_LINE * cell


LEGIBLE_PX = 5  # (rubric 55) ink at least this many px across at the page's resolution can be a glyph a reader makes
# out (a 3 x 5 px digit is the smallest legible; a speck under it is, at most, a dot): the floor of a mark, in px,
# under STRAY_PARAMS' min_extent (0.15 cell, 12 px in an 80-px cell) wherever that is larger
LOST_SHARE = 0.3  # a piece joined to a cell's accepted mark is looked at when this share of its ink lies beyond it
LOST_DENSE = 1.0  # ... holding ink from STRAY_FAINT of at least this many px per px of its extent (a stroke: a paper
# grain's scattered px are not)


def _marks_lost_on_mean(raw: np.ndarray, region: np.ndarray, owner: np.ndarray,
                        cores: dict[int, tuple[int, int, int, int]], cell: float, cols: int,
                        done: set[tuple[int, int]], fits: dict[int, tuple[str, float]],
                        layout: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Marks at the page's resolution (``raw``, the darkness before the 3 x 3 mean) that the mean lost or sized as a
    speck, in the cores (``cores``: cell index -> x0, y0, x1, y1) of cells read empty and not ``done`` (a mark of
    their own found already): each 8-connected piece of ink from HAIRLINE_LOW lying in the cell's free ``region``
    (apart from its accepted mark for an empty cell and the paper's ruled lines: a piece touching them is theirs),
    clear of the core's edges (a neighbour's fill run over, a texture running on), at least LEGIBLE_PX across with
    LOST_DENSE px of ink from STRAY_FAINT per px of that extent. Never sure: each such cell is unsure (review).
    Twenty-fifth session (issue 13, helper h25d, rubric 55; "account for all ink", "unsure never passes"): a grey
    letter or digit typed with strokes 2 px wide keeps two thirds of its darkness on the mean, under STRAY_FAINT but
    at its joints (grey 170: darkness 85, 57 on the mean), and a digit 7-11 px high in a 56-80 px cell is under 0.15
    cell: both were no mark, and the answer passed (this session's broad glyph probe: ``glyph-marks 118`` with
    ``--fonts``, ``--greys 0,120,170`` and ``--sizes 0.12,0.17,0.3,0.45``, 3060 pages)."""
    out = []
    for k, (a0, b0, a1, b1) in cores.items():
        r, c = divmod(k, cols)
        if (r, c) in done:
            continue
        crop = raw[b0:b1, a0:a1]
        ink = crop >= STRAY_FAINT
        if not ink.any():
            continue
        free = region[b0:b1, a0:a1] & (owner[b0:b1, a0:a1] == k)
        low = crop >= HAIRLINE_LOW
        n, labels, stats, _ = cv2.connectedComponentsWithStats(low.astype(np.uint8), connectivity=8)
        if n < 2:
            continue
        h, w = crop.shape
        x, y, bw, bh = (stats[:, i] for i in (cv2.CC_STAT_LEFT, cv2.CC_STAT_TOP, cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT))
        clear = (x > 0) & (y > 0) & (x + bw < w) & (y + bh < h)
        clear[0] = False
        inked = np.bincount(labels[ink], minlength=n)
        # a piece joined to the accepted mark (or a ruled line): only its ink beyond them, when that is LOST_SHARE of
        # it (the mean saw one side of a thin serif "o", and the fit took that for a stroke)
        theirs = np.zeros(n, bool)
        theirs[np.unique(labels[low & ~free])] = True
        lost = ink & clear[labels] & (free | ~theirs[labels])
        beyond = np.bincount(labels[lost], minlength=n)
        lost &= (~theirs | (beyond >= LOST_SHARE * inked))[labels]
        keep = np.zeros(n, bool)
        for i in np.flatnonzero(clear & (beyond > 0)):
            ys, xs = np.nonzero(lost & (labels == i))
            if len(xs) == 0:
                continue
            extent = max(int(xs.max() - xs.min()), int(ys.max() - ys.min())) + 1
            keep[i] = extent >= LEGIBLE_PX and len(xs) >= LOST_DENSE * extent
        if not keep.any():
            continue
        ys, xs = np.nonzero(keep[labels] & lost)
        box = [a0 + int(xs.min()), b0 + int(ys.min()), a0 + int(xs.max()) + 1, b0 + int(ys.max()) + 1]
        size = max(box[2] - box[0], box[3] - box[1])
        entry = {"cell": [r, c], "bbox": box, "area_px": int(len(xs)), "extent_px": size,
                 "extent_scale": round(size / max(cell, 1e-9), 3), "sure": False, "lost_on_mean": True}
        if k in fits:
            entry["shape"], entry["fit"] = fits[k][0], round(fits[k][1], 3)
        out.append(entry)
    if out and layout is not None:  # (rubric 56) a copy of the marks of the page's other empty cells is one of them
        lost = {tuple(m["cell"]) for m in out}
        copies = _page_mark_boxes(raw, layout, [divmod(k, cols) for k in cores if divmod(k, cols) not in lost])
        if len(copies) >= REPEATED_SIGN_CELLS:
            alike = _cells_copying_page_mark(raw, layout, copies, sorted(lost))
            out = [m for m in out if tuple(m["cell"]) not in alike]
    return out


def _speck_at_most(ink: np.ndarray, cell: float) -> bool:
    """Whether the ink (bool) spans less than STRAY_PARAMS' ``min_extent`` of a cell (``cell`` px) each way: no mark."""
    if not ink.any():
        return True
    ys, xs = np.nonzero(ink)
    return max(int(xs.max() - xs.min()), int(ys.max() - ys.min())) + 1 < STRAY_PARAMS["min_extent"] * cell


HAIRLINE_LOW = 30  # a hairline mark's pieces are joined by its pale edge pixels from this darkness (antialiasing) ...
HAIRLINE_DENSE = 1.0  # ... each holding ink from STRAY_FAINT of at least this many px per px of its extent (a line
# is inked along its length: a paper grain's pixels scattered over a pale patch are not) ...
HAIRLINE_SEEN = 0.25  # ... and at most this share of that ink seen on the mean (a small solid dot is seen whole there)


def _hairline_ink(raw: np.ndarray, cell: float, seen: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """A cell's hairline mark (``raw``: the darkness between its lines at the page's resolution, where the 3 x 3
    mean holds no mark, :func:`_speck_at_most`; ``seen``: the mean's ink from STRAY_FAINT there): its pieces of ink
    from HAIRLINE_LOW (8-connected) less ruled lines (:func:`ruled_lines`), each at least STRAY_PARAMS' ``min_extent``
    of a cell long, with HAIRLINE_DENSE px of ink from STRAY_FAINT per px of that extent, at most HAIRLINE_SEEN of it
    seen on the mean (thin: a small dot the mean sees is judged there), clear of the frame's edges (a ruled line stepping a px, a texture running
    on past the cell's lines), their ink from STRAY_FAINT thickened a px each way at its own darkness, at most just
    under STRAY_SURE (a hairline is never sure ink: its cell in doubt at most) -- as a stroke 3 px wide looks on the
    mean; and its pieces as drawn (bool, from HAIRLINE_LOW), which the empty-mark fit judges. None when there is
    none. Twenty-fourth session (issue 13, helper h24d, rubric 51; "account for all ink"): a
    grey (150) letter typed with 1-px strokes in an empty cell of a 15x15 page read on the mean at a third of its
    darkness, under STRAY_FAINT (a speck where its strokes meet): the cell read blank, no mark to judge, and the
    answer passed."""
    ink = raw >= STRAY_FAINT
    if not ink.any():
        return None
    low = (raw >= HAIRLINE_LOW) & ~ruled_lines(ink)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(low.astype(np.uint8), connectivity=8)
    h, w = raw.shape
    x, y, bw, bh = (stats[1:, k] for k in (cv2.CC_STAT_LEFT, cv2.CC_STAT_TOP, cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT))
    extent = np.maximum(bw, bh)
    inked = np.bincount(labels[ink & low], minlength=n)[1:]
    dense = inked >= HAIRLINE_DENSE * extent
    clear = (x > 0) & (y > 0) & (x + bw < w) & (y + bh < h)
    thin = np.bincount(labels[ink & low & seen], minlength=n)[1:] <= HAIRLINE_SEEN * inked
    keep = np.r_[False, (extent >= STRAY_PARAMS["min_extent"] * cell) & dense & clear & thin]
    if not keep.any():
        return None
    hair = np.where(keep[labels] & ink, np.minimum(raw, STRAY_SURE - 1), 0).astype(raw.dtype)
    return cv2.dilate(hair, np.ones((3, 3), np.uint8)), keep[labels]


BAND_LINE_SPAN = 0.8  # border-band ink running along this share of a cell side is the grid line drawn thicker or off
# its place (or a ruled line), no mark
BAND_READER_PAD = 0.04  # of a cell: the pad the patch reader leaves inside the lines it found (cells.read_marks)


def _border_band_ink(raw: np.ndarray, reading: CellReading, layout: dict[str, Any], r: int, c: int,
                     core: tuple[int, int, int, int], cell: float, ends: list | None = None
                     ) -> tuple[tuple[int, int], np.ndarray] | None:
    """Ink (STRAY_FAINT on the unblurred darkness ``raw``) in the border band of cell (r, c) read empty: between its
    lines' inner edges as the patch reader found them (its ``core`` evidence less the reader's pad) and the
    stray-mark ``core`` (the STRAY_BORDER band in from the cell's sides), which the stray-mark search never looked at
    (twenty-first session: a dash, a tick or a small digit hugging a cell's side passed). Pieces within the stray-mark
    join are one. Left out: ink mostly in the core (judged there; the ends of its mark), ink at least BAND_LINE_SPAN
    of a cell long or across the band from end to end (the grid line drawn thick or off its place, a ruled line, a
    dotted line's fringe), ink joined to both lines of a corner (a heavy or rounded crossing) and ink reaching the
    band's outer edge on a side whose neighbour is not blank (its fill or mark run over the line) or that is the
    grid's frame. Returns ((x, y) of the frame's corner, bool ink in the frame, a px round it) or None. (Rubric 57)
    ``ends``: a list the band's part of each piece left out as mostly the core's is added to, as ((x, y) of the
    frame's corner, bool ink in the frame): the ends of the core's marks, which size them whole."""
    H, W = raw.shape
    ev_core = reading.evidence[r][c].get("core")
    if not ev_core:
        return None
    rows, cols = layout["rows"], layout["cols"]
    pad = max(1, int(round(BAND_READER_PAD * cell)))
    x0, y0, x1, y1 = (int(v) for v in ev_core)
    x0, y0, x1, y1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad  # the lines' inner edges
    a0, b0, a1, b1 = core
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(W, x1), min(H, y1)
    if x1 - x0 < 4 or y1 - y0 < 4 or not (x0 < a0 or y0 < b0 or x1 > a1 or y1 > b1):
        return None
    ink = raw[y0:y1, x0:x1] >= STRAY_FAINT
    if not ink.any():  # (speed: the usual empty cell; none outside the core either)
        return None
    inner = np.zeros(ink.shape, bool)
    inner[max(0, b0 - y0):max(0, b1 - y0), max(0, a0 - x0):max(0, a1 - x0)] = True
    if not (ink & ~inner).any():
        return None
    # (pieces within the stray-mark search's join of each other are one: a line's dotted or dithered fringe is one
    # run along the side, as that search would see it)
    join = max(1, int(round(STRAY_PARAMS["join"] * cell)))
    joined = cv2.dilate(ink.astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * join + 1,) * 2))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(joined, connectivity=8)
    keep = np.zeros(count, bool)
    h, w = ink.shape
    # a side whose neighbour is marked, or the grid's frame (drawn heavier, rounded, decorated): ink joined to it there
    # is that mark's or the frame's
    marked = [not (0 <= rr < rows and 0 <= cc < cols) or reading.states[rr][cc] != cells_mod.BLANK
              for rr, cc in ((r, c - 1), (r - 1, c), (r, c + 1), (r + 1, c))]
    for k in range(1, count):
        x, y, cw, ch, _ = (int(v) for v in stats[k])
        piece = (labels[y:y + ch, x:x + cw] == k) & ink[y:y + ch, x:x + cw]
        if 2 * np.count_nonzero(piece & inner[y:y + ch, x:x + cw]) > np.count_nonzero(piece):
            if ends is not None and (piece & ~inner[y:y + ch, x:x + cw]).any():
                end = np.zeros(ink.shape, bool)
                end[y:y + ch, x:x + cw] = piece & ~inner[y:y + ch, x:x + cw]
                ends.append(((x0, y0), end))
            continue  # mostly the core's ink (judged there; an X's ends reach into the band)
        ys, xs = np.nonzero(piece)
        x, y, cw, ch = x + int(xs.min()), y + int(ys.min()), int(xs.max() - xs.min()) + 1, int(ys.max() - ys.min()) + 1
        touches = (x == 0, y == 0, x + cw == w, y + ch == h)
        if (max(cw, ch) >= BAND_LINE_SPAN * cell or (touches[0] and touches[2]) or (touches[1] and touches[3])
                or any(t and m for t, m in zip(touches, marked))
                or any(touches[i] and touches[(i + 1) % 4] for i in range(4))):
            continue  # a line along the side (drawn thick, off its place, ruled), a neighbour's ink run over, or
            # ink in a corner joined to both its lines (a heavy or rounded crossing)
        if sum(touches) == 1 and _line_knob(raw, (x0 + x, y0 + y, x0 + x + cw, y0 + y + ch), touches.index(True),
                                            cell):
            continue  # (rubric 74) the line's own knob, as wide on its other side
        keep[k] = True
    if not keep.any():
        return None
    # (a px round it: the stray-mark search counts the 3 x 3 mean's ink, which spreads a stroke by a px each way)
    return (x0, y0), cv2.dilate((keep[labels] & ink).astype(np.uint8), np.ones((3, 3), np.uint8)) > 0


LINE_KNOB_SPAN = 0.5  # (rubric 74) a bulge of a grid line at most this share of a cell along it ...
LINE_KNOB_ACROSS = 0.35  # ... looked for this far across the line from the cell's band ...
LINE_KNOB_GAIN = 1.5  # ... widening the line by this many px of its full darkness ...
LINE_KNOB_SHIFT = 0.5  # ... about its own centre: moving it by at most this share of half the widening (a bulge on
# one side moves it by all of that: a 2-px dash along a side, 1.05-1.17; HELDOUT35's cable-tie heads 0.25-0.45)


def _line_knob(raw: np.ndarray, box: tuple[int, int, int, int], side: int, cell: float) -> bool:
    """Whether ink in a cell's border band (``box``: x0, y0, x1, y1 in ``raw``, touching the band's ``side``: 0 left,
    1 top, 2 right, 3 bottom, where the grid line lies) is a knob of that line: the line's ink (STRAY_FAINT) runs
    across it with the piece, and along the piece's span (at most LINE_KNOB_SPAN of a cell) the line is wider than
    usual (the median over as long a stretch each way) by LINE_KNOB_GAIN px of its full darkness or more, about the
    same centre (LINE_KNOB_SHIFT): it stands out on both sides (darkness-weighted, to a fraction of a px). Rubric 74
    (HELDOUT35's cable-tie block lines, forty-third session): each tie's head widens the line by a few px each way, and
    the band mark beside it put 5 error-free pages in review. A pen's mark by a line stands out on one side only; a
    neighbour's fill beyond the line runs on far past it."""
    H, W = raw.shape
    x0, y0, x1, y1 = box
    if side in (1, 3):  # (the line level: looked at turned upright)
        raw, (x0, y0, x1, y1), side, (H, W) = raw.T, (y0, x0, y1, x1), (0 if side == 1 else 2), (W, H)
    span = y1 - y0
    if span > LINE_KNOB_SPAN * cell or span < 2:
        return False
    across = max(3, int(round(LINE_KNOB_ACROSS * cell)))
    v0, v1 = max(0, y0 - span), min(H, y1 + span)
    if side == 0:
        u0, u1 = max(0, x0 - across), min(W, x1)
        ink = raw[v0:v1, u0:u1] >= STRAY_FAINT
        edge = x0 - u0
    else:
        u0, u1 = max(0, x0), min(W, x1 + across)
        ink = (raw[v0:v1, u0:u1] >= STRAY_FAINT)[:, ::-1]
        edge = u1 - x1
    if edge < 2 or not ink[:, edge].any():
        return False
    inside = np.zeros(len(ink), bool)
    inside[y0 - v0:y1 - v0] = True
    # the line's core: the column beside the band most inked along the stretches either side of the piece
    core = int(np.argmax(ink[~inside, :edge].sum(axis=0))) if (~inside).any() else edge - 1
    dark = (raw[v0:v1, u0:u1] if side == 0 else raw[v0:v1, u0:u1][:, ::-1]).astype(np.float64)
    width, centre, peak = [], [], []
    for row, level in zip(ink, dark):
        if not row[core]:
            width.append(None)
            centre.append(None)
            continue
        lo = core - int(np.argmin(row[core::-1])) + 1 if not row[:core + 1].all() else 0
        hi = core + int(np.argmin(row[core:])) if not row[core:].all() else len(row)
        w = level[max(0, lo - 1):hi + 1]  # (with the antialiased px each side)
        mass = float(w.sum())
        width.append(mass)
        centre.append(float((w * np.arange(max(0, lo - 1), max(0, lo - 1) + len(w))).sum()) / max(mass, 1e-6))
        peak.append(float(level[lo:hi].max()))
    usual = [(m, c) for m, c, i in zip(width, centre, inside) if not i and m is not None]
    knob = [(m, c) for m, c, i in zip(width, centre, inside) if i and m is not None]
    if len(usual) < 3 or len(knob) < max(2, span // 2):
        return False
    full = float(np.percentile(peak, 90))
    gain = (float(np.median([m for m, _ in knob])) - float(np.median([m for m, _ in usual]))) / max(full, 1.0)
    # (ink to the band's side: the line's centre lies left of ``edge``; a knob keeps it, a one-sided bulge moves it
    # by half its depth)
    shift = float(np.median([c for _, c in knob])) - float(np.median([c for _, c in usual]))
    return gain >= LINE_KNOB_GAIN and abs(shift) <= LINE_KNOB_SHIFT * gain / 2


def _add_mark_end(end: np.ndarray, at: tuple[int, int], core_ink: np.ndarray, owner: np.ndarray, ends: np.ndarray,
                  core: tuple[int, int, int, int], k: int, join: int) -> None:
    """(Rubric 57, twenty-sixth session, h26a; "account for all ink") Add to ``ends`` (owned by cell ``k``) a core
    mark's end in the cell's border band (``end``, bool, its frame's corner ``at``; see :func:`_border_band_ink`)
    when it joins (within ``join`` px) ink of the cell's free region in its ``core`` (``core_ink``, bool): the stray-mark
    search sized a mark reaching into the band by its part in the core alone, so a scribble 0.19 cell long whose top
    fifth lay in the band was 0.14 cell, under STRAY_PARAMS' min_extent, and no mark. An accepted mark's ends (taken
    out of the free region) are not added."""
    a0, b0, a1, b1 = core
    u0, v0 = at
    h, w = end.shape
    X0, Y0, X1, Y1 = min(u0, a0), min(v0, b0), max(u0 + w, a1), max(v0 + h, b1)
    frame = np.zeros((Y1 - Y0, X1 - X0), bool)
    frame[v0 - Y0:v0 - Y0 + h, u0 - X0:u0 - X0 + w] = end
    free = np.zeros_like(frame)
    free[b0 - Y0:b1 - Y0, a0 - X0:a1 - X0] = core_ink
    grown = cv2.dilate((frame | free).astype(np.uint8), np.ones((2 * join + 1,) * 2, np.uint8))
    _, labels = cv2.connectedComponents(grown, connectivity=8)
    mine = np.unique(labels[frame])
    if not np.isin(labels[free], mine[mine > 0]).any():
        return
    ends[Y0:Y1, X0:X1] |= frame
    owner[Y0:Y1, X0:X1][frame] = k


def _band_less_accepted(band_at: tuple[tuple[int, int], np.ndarray], accepted: np.ndarray, at: tuple[int, int],
                        join: int) -> tuple[tuple[int, int], np.ndarray] | None:
    """The border-band ink of :func:`_border_band_ink` without the pieces joined (within ``join``) to the cell's
    accepted mark for an empty cell (``accepted``, bool, its frame's corner ``at``): a small X set in a corner
    reaches into the band, and its arms there are the X's, not a mark of their own (HELDOUT14's tape-protector page).
    None when nothing is left."""
    (u0, v0), band_ink = band_at
    h, w = band_ink.shape
    mine = np.zeros((h, w), np.uint8)
    ys, xs = np.nonzero(accepted)
    ys, xs = ys + at[1] - v0, xs + at[0] - u0
    keep = (ys >= 0) & (ys < h) & (xs >= 0) & (xs < w)
    mine[ys[keep], xs[keep]] = 1
    if not mine.any():
        return band_at
    grown = cv2.dilate((band_ink | (mine > 0)).astype(np.uint8), np.ones((2 * join + 1,) * 2, np.uint8))
    _, labels = cv2.connectedComponents(grown, connectivity=8)
    joined = np.isin(labels, np.unique(labels[mine > 0]))
    rest = band_ink & ~joined
    return ((u0, v0), rest) if rest.any() else None


def _band_marks(dark: np.ndarray, banded: np.ndarray, band_owner: np.ndarray, cell: float, cols: int
                ) -> list[dict[str, Any]]:
    """Marks (sized as the stray-mark search sizes them, on the 3 x 3 mean ``dark``) in the border-band ink of the
    cells read empty (``banded``, see :func:`_border_band_ink`; ``band_owner``: the cell of each px, row * cols +
    column). Looked for apart from the cores' marks, so a core's mark is sized as before. Each is in doubt
    (``sure`` False, ``band`` True): ink hugging a cell's side that is no grid line may be a mark the model drew or
    the page's (a line drawn with a bump), and is never passed."""
    from genpuzzle.ink import unexplained_marks

    out = []
    for m in unexplained_marks(dark >= STRAY_SURE, dark >= STRAY_FAINT, np.zeros(dark.shape, bool), cell, banded,
                               STRAY_PARAMS):
        x0, y0, x1, y1 = m.bbox
        ids = band_owner[y0:y1, x0:x1]
        ids = ids[ids >= 0]
        if len(ids) == 0:
            continue
        k = int(np.bincount(ids).argmax())
        out.append({"cell": [k // cols, k % cols], **m.to_json(cell), "sure": False, "band": True})
    return out


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
    sizes: tuple[int, ...] = ()  # glyphs per number, in reading order
    digit_size: tuple[float, float] = (0.0, 0.0)  # the page's digit height and width (px) it was read at
    slant: float = 0.0  # the page's glyph slant it was read at (see _page_slant)
    glyph_cells: tuple[np.ndarray, ...] = ()  # the glyph images read, in reading order
    doubtful: bool = False  # a glyph read below the confident level, or glyphs and numbers not cut clearly
    square_cut: bool = False  # a glyph read as no digit was read as two touching digits (see read_clue_strips)
    # the glyph images and sizes with every glyph that was tried as two touching digits cut in two, when
    # its halves did not both read surely: one (cells, sizes) per cut tried (see expected_support)
    cut_alternatives: tuple[tuple[tuple[np.ndarray, ...], tuple[int, ...]], ...] = ()
    beyond_area: tuple[list[int], ...] = ()  # page boxes of ink running on past the clue area's edge, not read
    # the values read with every glyph wider than the page's digits that was read surely as one digit taken as
    # the two touching digits its cut reads surely (None: no such glyph); evidence for the puzzle's numbers only
    pair_values: list[int] | None = None
    wide_glyphs: int = 0  # glyphs wider than the page's digits (WIDE_GLYPH) read surely as one digit
    crossbar_ends: tuple[list[int], ...] = ()  # page boxes of slivers read as part of the glyph beside them
    # per glyph, in reading order: the digit reader's digit (None: no digit) and its confidence
    glyph_reads: tuple[tuple[int | None, float], ...] = ()
    cut_clearly: bool = True  # every glyph one digit's shape and every spacing clearly one number or two
    second_reader: bool = False  # its numbers read the same by the OCR recogniser (see clue_second_opinions)
    # a digit taken from the two readers' joint reading that the digit reader read otherwise (see clue_second_opinions):
    # evidence for the puzzle's numbers only
    joint_override: bool = False
    uncut_reading: ClueReading | None = None  # a square-cut strip as read before the cut (see clue_second_opinions)
    # read by the second reader only as evidence for the puzzle's numbers (see clue_second_opinions: a glyph the digit
    # reader read as no digit below the confident level, read as a digit by the two readers together; or a page with
    # too many numbers to ask them all); other numbers are judged as the strip read before (``before_second``)
    confirms_only: bool = False
    before_second: ClueReading | None = None
    # the sure digits grouped by the page's own spacing of one number's digits (see _page_number_gap; None: no such
    # page, or a glyph not read surely): evidence for the puzzle's numbers only
    page_spacing_values: list[int] | None = None
    neighbour_ink: tuple[list[int], ...] = ()  # page boxes of the next strips' ink drawn over onto this one, not read
    # a half of a glyph wider than tall, cut in two at its thinnest column (_split_touching), read as no digit: the cut
    # may be in the wrong place (see check_clue_area)
    touching_cut_unread: bool = False
    number_frames: tuple[list[int], ...] = ()  # page boxes of boxes drawn around the numbers, not read (_number_frames)
    # per text line, the slot gaps between its glyphs (:func:`_slot_gaps`), kept when the strip's only doubt about its
    # cutting is its spacing (a number or two), for the second reader to group its digits by the puzzle (None: no
    # such doubt); and the length of the strip's line
    unclear_gaps: tuple[tuple[float, ...], ...] | None = None
    line_length: int | None = None
    ones_lean: tuple[float, float] | None = None  # the page's 1s' lean it was read at (digits.lean_reference)
    # a glyph read surely as "1" that leans unlike the page's 1s was read unsure (see read_clue_strips): a second
    # reader's reading of the strip is evidence for the puzzle's numbers only (see clue_second_opinions)
    lean_doubted: bool = False


OUTLINE_LEVEL = 0.1  # an outlined glyph's line: ink from this share of the strips' stroke cores (CLUE_FAINT_INK at least)
OUTLINE_FACE_SHARE = 0.15  # ... enclosing a face (paper) of at least this share of its box
OUTLINE_PAGE_SHARE = 0.8  # a page drawn in an outlined font: this share of its digit-sized glyphs have such a face ...
OUTLINE_PAGE_GLYPHS = 4  # ... and at least this many of them
OUTLINE_FACE_MAX = 0.6  # a face is at most this share of its box (a number's box round its digit: mostly paper) ...
OUTLINE_NESTED = 0.5  # ... and digit-sized pieces inside others (a "0"'s inner line; each boxed number's digits) are
# at most this share of the glyphs with faces


def _outline_glyph_faces(dark: np.ndarray, boxes: list[tuple[int, int, int, int]], font_px: float,
                         force: bool = False) -> tuple[np.ndarray, bool]:
    """``dark`` with the glyphs of a page drawn in an outlined font (a thin line around a paper face, often with a
    drop shadow or a 3-D extrusion beside it: Rampart One, a poster's "shadowed" digits) redrawn as their faces in solid
    ink, within the clue strips' read ``boxes``; and whether the page is such a page. What a person reads there is the
    face the line encloses, not the line: read as ink, a shadowed "0" is its dark counter alone (a "1") and its line
    a number's frame, and the reader, which knows solid strokes, is unsure of every outlined glyph.

    A glyph is a piece of the strips' ink at a faint level (OUTLINE_LEVEL of the stroke cores: the line is often
    light) reaching the paper around it and about a digit tall; its face is the paper it encloses that borders it
    directly (an outlined "0"'s counter lies inside a second, inner line, or is the extrusion's dark: not face). The
    page is outlined when OUTLINE_PAGE_SHARE of at least OUTLINE_PAGE_GLYPHS such glyphs have a face of
    OUTLINE_FACE_SHARE to OUTLINE_FACE_MAX of their box, and digit-sized pieces lying inside others number at most
    OUTLINE_NESTED of them: a solid font's "1", "2", "3", "5", "7" enclose no paper, and its "0"s and "8"s enclose
    counters of a smaller share (DejaVu Sans Bold's "0": 0.14); a box or a ring a page draws round each number
    encloses mostly paper, and a digit in each (see _number_frames). ``force``: the page was found
    outlined already (one strip read again on its own). On such a page each glyph with a face is replaced by its face
    (grown 1 px over its line, solid ink) with what lies inside it (an inner line, the extrusion's dark seen through a
    counter) taken off; ink that is no outlined glyph (a digit written over in a solid pen, a speck) stays as drawn
    and is read as it is."""
    H, W = dark.shape
    found = []  # (box, glyph's silhouette in the box, its face), per glyph with a face
    n_glyphs = n_nested = 0
    one = np.ones((3, 3), np.uint8)
    for x0, y0, x1, y1 in boxes:
        x0, y0, x1, y1 = max(0, int(x0)), max(0, int(y0)), min(W, int(x1)), min(H, int(y1))
        if x1 - x0 < 4 or y1 - y0 < 4:
            continue
        crop = dark[y0:y1, x0:x1]
        strong = crop[crop >= CLUE_INK_FLOOR]
        if strong.size == 0:
            continue
        low = crop >= max(CLUE_FAINT_INK, OUTLINE_LEVEL * float(np.percentile(strong, 90)))
        count, labels, stats, _ = cv2.connectedComponentsWithStats(low.astype(np.uint8), connectivity=8)
        padded = cv2.connectedComponents(np.pad(~low, 1, constant_values=True).astype(np.uint8), connectivity=4)[1]
        paper = padded[1:-1, 1:-1]
        around = paper == padded[0, 0]  # the paper around the glyphs (the strip's border's)
        near_around = cv2.dilate(around.astype(np.uint8), one).astype(bool)
        for k in range(1, count):
            bx, by, bw, bh = (int(v) for v in stats[k, :4])
            if not (0.4 * font_px <= bh <= 1.5 * font_px and bw <= 1.5 * font_px):
                continue  # no digit's size
            piece = labels == k
            if not (piece & near_around).any():
                n_nested += 1  # inside another piece: an outlined "0"'s inner line, or a digit in a number's box
                continue
            n_glyphs += 1
            next_to = cv2.dilate(piece.astype(np.uint8), one).astype(bool) & ~low & ~around
            faces = set(int(v) for v in np.unique(paper[next_to]))
            face = np.isin(paper, list(faces)) if faces else np.zeros(piece.shape, bool)
            if not OUTLINE_FACE_SHARE * bw * bh <= face.sum() <= OUTLINE_FACE_MAX * bw * bh:
                continue  # (mostly paper inside: a number's box, not a glyph's face)
            sub = (slice(by, by + bh), slice(bx, bx + bw))
            # the glyph's silhouette: everything its line encloses (its face, inner lines, counters)
            inside = cv2.connectedComponents(np.pad(~piece[sub], 1, constant_values=True).astype(np.uint8),
                                             connectivity=4)[1]
            sil = ~(inside == inside[0, 0])[1:-1, 1:-1]
            found.append(((x0 + bx, y0 + by), sil, face[sub]))
    outlined = force or (n_glyphs >= OUTLINE_PAGE_GLYPHS and len(found) >= OUTLINE_PAGE_SHARE * n_glyphs
                         and n_nested <= OUTLINE_NESTED * len(found))
    if not outlined or not found:
        return dark, outlined
    out = dark.copy()
    for (gx, gy), sil, face in found:
        h, w = sil.shape
        region = out[gy:gy + h, gx:gx + w]
        grown = cv2.dilate(face.astype(np.uint8), one).astype(bool) & sil
        region[sil] = 0
        region[grown] = 255
    return out, outlined


def _strip_ink(crop: np.ndarray, font_px: float) -> tuple[np.ndarray, list[list[int]]]:
    """Glyph ink of one clue strip's darkness and the boxes (x0, y0, x1, y1) of its pieces, specks dropped.

    Ink is darker than CLUE_INK_SHARE of the strip's stroke cores (never below CLUE_INK_FLOOR, JPEG ringing
    and paper texture, nor above CLUE_INK, a bold black pen). Pieces joined by fainter ink (down to
    CLUE_INK_JOIN of that level) are one piece when together they are no wider than a digit (0.85 x its
    height): the hairline joints of a light pen or of a small serif font scaled back up (the diagonal of a
    4, the thin top of a STIX 0). Two bold digits whose blurred rims touch stay apart (wider than tall), and
    so do pieces standing side by side that the faint ink joins without closing a loop (a thin font's "11"
    touching at a flag; the two halves of a STIX 0 close one)."""
    level = _ink_level(crop)
    if level is None:
        return np.zeros(crop.shape, bool), []
    ink = crop >= level
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    low = crop >= max(CLUE_INK_FLOOR, CLUE_INK_JOIN * level)
    _, joined, joined_stats, _ = cv2.connectedComponentsWithStats(low.astype(np.uint8), connectivity=8)
    group_of = np.zeros(count, np.int64)
    group_of[labels[ink]] = joined[ink]  # every piece lies inside one joined component
    groups: dict[int, list[int]] = {}
    for k in range(1, count):
        groups.setdefault(int(group_of[k]), []).append(k)
    boxes = []
    for j, members in groups.items():
        x0 = min(int(stats[k, 0]) for k in members)
        y0 = min(int(stats[k, 1]) for k in members)
        x1 = max(int(stats[k, 0] + stats[k, 2]) for k in members)
        y1 = max(int(stats[k, 1] + stats[k, 3]) for k in members)
        if len(members) > 1 and x1 - x0 <= 0.85 * (y1 - y0) and (
                not all(stats[k, 3] >= SIDE_BY_SIDE_HEIGHT * (y1 - y0) for k in members)
                or _encloses_hole(_component(joined, joined_stats, j))):
            ink |= joined == j
            parts = [[x0, y0, x1, y1, int(sum(stats[k, 4] for k in members))]]
        else:
            parts = [[int(stats[k, 0]), int(stats[k, 1]), int(stats[k, 0] + stats[k, 2]), int(stats[k, 1] + stats[k, 3]),
                      int(stats[k, 4])] for k in members]
        for px0, py0, px1, py1, area in parts:
            if area < 0.01 * font_px ** 2 and max(px1 - px0, py1 - py0) < 0.3 * font_px:
                continue  # speck
            boxes.append([px0, py0, px1, py1])
    return ink, boxes


SIDE_BY_SIDE_HEIGHT = 0.8  # pieces all at least this share of their joined height stand side by side (a Didone 4's
# diagonal, its apex too faint to join the stem, stands 0.71 of the 4's height: one glyph with the stem)

FRAME_LEVEL = 0.12  # a number's box or ring: a closed line at least this share of the strip's stroke cores dark ...
FRAME_FLOOR = 25  # ... (and this dark: CLUE_FAINT_INK), looked for this many font sizes around the strip (FRAME_PAD)
FRAME_PAD = 0.6
FRAME_STROKE = 0.12  # ... as thin as this share of a font size (2 px at least) ...
FRAME_HOLE = 0.6  # ... enclosing paper at least this many font sizes tall ...
FRAME_CONTENT = 0.45  # ... that holds glyph ink standing at least this share of the paper's height, apart from the line


def _number_frames(dark: np.ndarray, box: tuple[int, int, int, int], font_px: float) -> tuple[np.ndarray, list[list[int]]]:
    """The boxes (or rings) a page draws around its clue numbers within a strip's read ``box`` of ``dark``: a closed
    thin line, separate from the glyphs even at a faint level (FRAME_LEVEL of the strokes' darkness), enclosing paper a
    digit or more tall in which glyph ink stands (a redraw with every clue number in its own small rounded box, a
    sticker, a circled number). Such a line is the page's drawing of where a number goes, not a glyph: its sides read as
    "1"s ("191" for "8", "1 5 1" for "15"). Looked for in a window FRAME_PAD font sizes larger than the box, so a box a
    strip's side cuts still closes; a line running on past the window (the grid's frame, the page's edge) is none.
    Returns (mask of the box's pixels to take off the strip, 1 px grown but never over glyph ink; page boxes of the
    frames). A line touching a glyph, or enclosing only a speck (a dotted zero's dot), is no frame: it stays a glyph."""
    H, W = dark.shape
    x0, y0, x1, y1 = box
    pad = max(4, round(FRAME_PAD * font_px))
    wx0, wy0, wx1, wy1 = max(0, x0 - pad), max(0, y0 - pad), min(W, x1 + pad), min(H, y1 + pad)
    none = np.zeros((max(0, y1 - y0), max(0, x1 - x0)), bool)
    if wx1 - wx0 < 4 or wy1 - wy0 < 4:
        return none, []
    win = dark[wy0:wy1, wx0:wx1]
    win = cv2.subtract(win, cv2.morphologyEx(win, cv2.MORPH_OPEN, _stroke_kernel(font_px)))
    level = _ink_level(win)
    if level is None:
        return none, []
    core = float(np.percentile(win[win >= CLUE_INK_FLOOR], 90))
    low = win >= max(FRAME_FLOOR, FRAME_LEVEL * core)
    ink = win >= level
    count, labels, stats, _ = cv2.connectedComponentsWithStats(low.astype(np.uint8), connectivity=8)
    hh_, ww_ = win.shape
    out = np.zeros(win.shape, bool)
    found = []
    for k in range(1, count):
        bx, by, bw, bh = (int(v) for v in stats[k, :4])
        if bx == 0 or by == 0 or bx + bw >= ww_ or by + bh >= hh_ or bh < FRAME_HOLE * font_px \
                or bw < FRAME_HOLE * font_px / 2:
            continue  # runs on past the window (a grid line, the page's edge), or too small to hold a digit
        piece = labels[by:by + bh, bx:bx + bw] == k
        n, paper = cv2.connectedComponents(np.pad(~piece, 1, constant_values=True).astype(np.uint8), connectivity=4)
        if n <= 2:
            continue  # encloses no paper
        dist = cv2.distanceTransform(np.pad(piece, 1).astype(np.uint8), cv2.DIST_L2, 3)
        if float(dist.max()) > max(2.0, FRAME_STROKE * font_px):
            continue  # a stroke as broad as a glyph's: a digit's counter (a "0")
        paper = paper[1:-1, 1:-1]
        holding = False
        for h in range(1, n):  # each paper it encloses (boxes side by side share a line: one piece, several holes;
            # the paper around it reaches its box's edge)
            hole = paper == h
            ys = np.flatnonzero(hole.any(axis=1))
            if ys.size == 0 or hole[0].any() or hole[-1].any() or hole[:, 0].any() or hole[:, -1].any() \
                    or ys[-1] - ys[0] + 1 < FRAME_HOLE * font_px:
                continue
            iy = np.flatnonzero((ink[by:by + bh, bx:bx + bw] & hole).any(axis=1))
            if iy.size and iy[-1] - iy[0] + 1 >= FRAME_CONTENT * (ys[-1] - ys[0] + 1):
                holding = True  # (not a speck: a dotted zero's dot)
                break
        if not holding:
            continue
        out[by:by + bh, bx:bx + bw] |= piece
        found.append([wx0 + bx, wy0 + by, wx0 + bx + bw, wy0 + by + bh])
    if not found:
        return none, []
    out = cv2.dilate(out.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool) & ~(ink & ~out)
    return out[y0 - wy0:y1 - wy0, x0 - wx0:x1 - wx0], found


def _ink_level(crop: np.ndarray) -> float | None:
    """The darkness from which a pixel of a clue strip is glyph ink (see :func:`_strip_ink`); None: no ink."""
    strong = crop[crop >= CLUE_INK_FLOOR]
    if strong.size == 0:
        return None
    return min(CLUE_INK, max(CLUE_INK_FLOOR, CLUE_INK_SHARE * float(np.percentile(strong, 90))))


BEYOND_AREA_PX = 0.1  # a piece reaching this share of a font size (and 2 px) past the clue area's outer edge crosses it
BEYOND_AREA_LOOK = 1.0  # ... looked for this many font sizes past the edge


def _share_inside(box: list[int], shape: tuple[int, ...]) -> float:
    """The share of a box's extent across the strip's outer edge that lies in the strip (``shape``): of its height
    when it crosses the top or bottom, of its width when it crosses a side."""
    h, w = shape[:2]
    x0, y0, x1, y1 = box
    if y0 < 0 or y1 > h:
        return (min(y1, h) - max(y0, 0)) / max(1, y1 - y0)
    return (min(x1, w) - max(x0, 0)) / max(1, x1 - x0)


def _pieces_beyond_area(dark: np.ndarray, box: tuple[int, int, int, int], crop: np.ndarray, ink: np.ndarray,
                        boxes: list[list[int]], sides: tuple[str, ...], font_px: float
                        ) -> list[tuple[int, np.ndarray, list[int]]]:
    """The pieces of a strip (``boxes`` of ``ink``, the strip's darkness ``crop`` at ``box`` of ``dark``) that
    cross one of ``sides`` ("top", "bottom", "left", "right": where the strip's side is the clue area's outer
    edge) and run on past it into the page's margin, by at least BEYOND_AREA_PX of a font size: per piece its
    index, its mask on the strip and its whole box (strip coords, reaching past the strip). Ink continuing
    outside the clue area is the page's, not a clue's, unless it is as large as a digit (decided by the caller)."""
    x0, y0, x1, y1 = box
    H, W = dark.shape
    look = max(4, round(BEYOND_AREA_LOOK * font_px))
    ex0, ey0 = (max(0, x0 - look) if "left" in sides else x0), (max(0, y0 - look) if "top" in sides else y0)
    ex1, ey1 = (min(W, x1 + look) if "right" in sides else x1), (min(H, y1 + look) if "bottom" in sides else y1)
    if (ex0, ey0, ex1, ey1) == (x0, y0, x1, y1) or not boxes:
        return []
    level = _ink_level(crop)
    if level is None:
        return []
    wide = dark[ey0:ey1, ex0:ex1]
    wide = cv2.subtract(wide, cv2.morphologyEx(wide, cv2.MORPH_OPEN, _stroke_kernel(font_px)))  # strokes only
    wide_ink = wide >= level
    ox, oy = x0 - ex0, y0 - ey0
    wide_ink[oy:oy + ink.shape[0], ox:ox + ink.shape[1]] = ink  # the strip's own ink as segmented there
    _, labels = cv2.connectedComponents(wide_ink.astype(np.uint8), connectivity=8)
    reach = max(2, round(BEYOND_AREA_PX * font_px))
    h, w = ink.shape
    out = []
    for n, (bx0, by0, bx1, by1) in enumerate(boxes):
        if not ((by0 <= 0 and "top" in sides) or (by1 >= h and "bottom" in sides)
                or (bx0 <= 0 and "left" in sides) or (bx1 >= w and "right" in sides)):
            continue
        piece = ink[by0:by1, bx0:bx1]
        ids = np.unique(labels[oy + by0:oy + by1, ox + bx0:ox + bx1][piece])
        ids = ids[ids > 0]
        if ids.size == 0:
            continue
        whole = np.isin(labels, ids)
        ys, xs = np.nonzero(whole)
        fx0, fy0, fx1, fy1 = int(xs.min()) - ox, int(ys.min()) - oy, int(xs.max()) + 1 - ox, int(ys.max()) + 1 - oy
        if max(-fy0, fy1 - h, -fx0, fx1 - w) < reach:
            continue  # a digit overshooting the edge by a pixel or two
        out.append((n, whole[oy:oy + h, ox:ox + w], [fx0, fy0, fx1, fy1]))
    return out


def _component(labels: np.ndarray, stats: np.ndarray, k: int) -> np.ndarray:
    """Component ``k`` of ``labels`` (connectedComponentsWithStats) within its own box: a faint joint can lie past the
    box of the ink it joins (the hairline under a Didone 8's bowl), and cut at that box the loop it closes is open."""
    x, y, w, h = (int(v) for v in stats[k, :4])
    return labels[y:y + h, x:x + w] == k


def _encloses_hole(mask: np.ndarray) -> bool:
    """Whether ``mask`` (one connected piece of ink) encloses paper (8-connected ink, 4-connected paper)."""
    paper = np.pad(~mask, 1, constant_values=True).astype(np.uint8)
    count, _ = cv2.connectedComponents(paper, connectivity=4)
    return count > 2


def _glyph_lines(boxes: list[list[int]], kind: str, digit_h: float) -> list[list[list[int]]]:
    """Ink boxes grouped into glyphs on lines of text, in reading order: a row strip is one line, a column
    strip has one line per number, top to bottom. Pieces overlapping in x by half the narrower one's
    width (a broken stroke) are one glyph."""
    if not boxes:
        return []
    boxes = sorted(boxes, key=lambda b: (b[1] + b[3]) / 2)
    if kind == "col":  # lines of numbers by vertical position
        lines: list[list[list[int]]] = [[boxes[0]]]
        for b in boxes[1:]:
            prev = lines[-1]
            if ((b[1] + b[3]) / 2 - np.mean([(p[1] + p[3]) / 2 for p in prev]) > 0.5 * digit_h
                    and not _one_digit_high(b, prev, digit_h)):
                lines.append([b])
            else:
                prev.append(b)
    else:
        lines = [boxes]
    out = []
    for line in lines:
        line.sort(key=lambda b: b[0])
        glyphs: list[list[int]] = []
        for b in line:
            if glyphs and min(b[2], glyphs[-1][2]) - max(b[0], glyphs[-1][0]) >= 0.5 * min(b[2] - b[0], glyphs[-1][2] - glyphs[-1][0]):
                g = glyphs[-1]
                g[:] = [min(g[0], b[0]), min(g[1], b[1]), max(g[2], b[2]), max(g[3], b[3])]
            else:
                glyphs.append(list(b))
        out.append(glyphs)
    return out


STACKED_PIECES_HEIGHT = 1.25  # pieces above one another, together at most this many digit heights tall, are one glyph


def _one_digit_high(b: list[int], line: list[list[int]], digit_h: float) -> bool:
    """Whether a piece of a column strip lying below a line's pieces is the lower part of one of them, not a number of
    its own: the two overlap in x by half the narrower one's width and together stand at most STACKED_PIECES_HEIGHT
    digit heights (two numbers stacked in a column stand two digit heights and their gap at least). A digit the page's
    print broke across (newsprint's Tinos "5": its thin stem gone, the flag 3 px above the bowl, read "? 3")."""
    for p in line:
        overlap = min(b[2], p[2]) - max(b[0], p[0])
        if (overlap >= 0.5 * min(b[2] - b[0], p[2] - p[0])
                and max(b[3], p[3]) - min(b[1], p[1]) <= STACKED_PIECES_HEIGHT * digit_h):
            return True
    return False


CROSSBAR_END_HEIGHT = 0.25  # a piece at most this many digit heights tall ...
CROSSBAR_END_WIDTH = 0.6  # ... and this many digit widths wide, beside a glyph's middle, is the end of its crossbar
FLAG_END_WIDTH = 0.7  # ... or this many, right of a glyph level with its top, the flag of a 5 the pen lifted off
TERMINAL_BELOW = 1.25  # ... or left of a glyph, its centre up to this many of the glyph's heights down it: a terminal


def _attach_crossbar_ends(line: list[list[int]], digit_h: float, digit_w: float) -> list[list[int]]:
    """One line's glyphs without the flat slivers that are the end of a neighbour's crossbar, broken off by the pen
    (Chilanka's "4", whose bar runs on past its stem as a 4 x 2 px piece read as a glyph of its own: "14?"): a piece
    at most CROSSBAR_END_HEIGHT of a digit tall and CROSSBAR_END_WIDTH of one wide, within 0.2 digit widths of the
    glyph beside it, level with that glyph's middle (its centre 30-70 % down it; or right of the glyph, 0-30 % down
    it and up to FLAG_END_WIDTH wide: a 5's flag lifted off; or right of it, 70-100 % down it: a 2's base run on; or
    left of it, 70-125 % down it: a serif 3's lower terminal, its hairline lost), with no other glyph within a digit width on its far side. Such a sliver changes no digit (a 1 turned 7, a 3 turned
    8 add strokes at the top or the side, taller than this), and it stays part of its glyph's ink."""
    keep = []
    for n, g in enumerate(line):
        h, w = g[3] - g[1], g[2] - g[0]
        if h > CROSSBAR_END_HEIGHT * digit_h or w > max(CROSSBAR_END_WIDTH, FLAG_END_WIDTH) * digit_w:
            keep.append(g)
            continue
        cy = (g[1] + g[3]) / 2
        attached = False
        for side in (-1, 1):
            k = n + side
            if not 0 <= k < len(line):
                continue
            b = line[k]
            gap = g[0] - b[2] if side < 0 else b[0] - g[2]
            far = n - side
            clear = not (0 <= far < len(line)) or (
                (line[far][0] - g[2]) if side < 0 else (g[0] - line[far][2])) > digit_w
            # (right of a glyph, level with its top too, up to FLAG_END_WIDTH wide: a hand's "5" whose flag the pen
            # lifted off, Domestic Manners)
            rel = (cy - b[1]) / (b[3] - b[1])
            middle = 0.3 <= rel <= 0.7 and w <= CROSSBAR_END_WIDTH * digit_w
            flag = side < 0 and 0.0 <= rel <= 0.3 and w <= FLAG_END_WIDTH * digit_w
            # (rubric 64) right of a glyph, level with its foot: the base stroke run on past a hand's "2" (HELDOUT22's
            # Karumbi, a 6 x 2 px flick read as a glyph: "2?")
            foot = side < 0 and 0.7 <= rel <= 1.0 and w <= CROSSBAR_END_WIDTH * digit_w
            # (rubric 69) left of a glyph, level with its foot or just under it: a serif "3"'s (or "5"'s) lower
            # terminal whose hairline the print lost (HELDOUT29's Nakula on a book's page, a 3 x 3 px ball read as a
            # glyph: "?3")
            terminal = side > 0 and 0.7 <= rel <= TERMINAL_BELOW and w <= CROSSBAR_END_WIDTH * digit_w
            if (gap <= max(1.0, 0.2 * digit_w) and b[3] - b[1] >= FRAGMENT * digit_h and clear
                    and (middle or flag or foot or terminal)):
                attached = True
        if not attached:
            keep.append(g)
    return keep


# A seven-segment digit (a calculator's, a clock's, a meter's: DSEG and the like) is read by which of its seven bars are
# drawn: a (top), b (upper right), c (lower right), d (bottom), e (lower left), f (upper left), g (middle)
SEGMENT_DIGITS = {"abcdef": 0, "abdeg": 2, "abcdg": 3, "bcfg": 4, "acdfg": 5, "acdefg": 6, "cdefg": 6, "abc": 7,
                  "abcf": 7, "abcdefg": 8, "abcdfg": 9, "abcfg": 9}
SEGMENT_ON = 0.85  # a bar is drawn when ink crosses its band along this share of its length ...
SEGMENT_OFF = 0.15  # ... and not drawn up to this share; between the two the glyph is no clear seven-segment drawing
SEGMENT_MIN_WIDTH = 0.4  # glyphs at least this many of their heights wide are decoded (a "1" is one or two bars: the
# digit reader reads it)
SEGMENT_PAGE_SHARE = 0.75  # a page whose glyphs so wide decode clearly, this share of them and at least
SEGMENT_PAGE_MIN = 3  # ... this many, is drawn in seven segments
SEGMENT_CONFIDENCE = 0.95  # a clear seven-segment drawing on such a page is read as its digit at this confidence
SEGMENT_UNCLEAR = 0.5  # ... and a glyph so wide that is no clear drawing there is in doubt (at most this confidence)


def _seven_segment(mask: np.ndarray) -> int | None:
    """The digit a glyph's ink (``mask``: its box, bool) draws as a seven-segment figure, or None when it is no clear
    one: every bar's band crossed by ink along at least SEGMENT_ON of its length or at most SEGMENT_OFF, the paper
    between the bars (the two windows a 0 or an 8 encloses) blank, and the bars drawn a digit's pattern
    (SEGMENT_DIGITS). Curved or diagonal strokes (an ordinary 2, 4 or 7) cross a window or leave a band half drawn."""
    h, w = mask.shape
    if h < 8 or w < 4:
        return None
    def span(lo: float, hi: float, n: int) -> slice:
        return slice(int(round(lo * n)), max(int(round(lo * n)) + 1, int(round(hi * n))))
    inner_x = span(0.3, 0.7, w)
    cols_in = lambda rows: float(mask[rows, inner_x].any(axis=0).mean())  # noqa: E731
    rows_in = lambda cols, rows: float(mask[rows, cols].any(axis=1).mean())  # noqa: E731
    left, right = span(0.0, 0.3, w), span(0.7, 1.0, w)
    upper, lower = span(0.22, 0.4, h), span(0.6, 0.78, h)
    cover = {"a": cols_in(span(0.0, 0.25, h)), "g": cols_in(span(0.38, 0.62, h)), "d": cols_in(span(0.75, 1.0, h)),
             "f": rows_in(left, upper), "b": rows_in(right, upper), "e": rows_in(left, lower), "c": rows_in(right, lower)}
    if any(SEGMENT_OFF < v < SEGMENT_ON for v in cover.values()):
        return None
    windows = mask[span(0.25, 0.38, h), span(0.32, 0.68, w)], mask[span(0.62, 0.75, h), span(0.32, 0.68, w)]
    if any(win.size == 0 or win.mean() > 0.02 for win in windows):
        return None
    return SEGMENT_DIGITS.get("".join(k for k in "abcdefg" if cover[k] >= SEGMENT_ON))


def _segment_readings(readings: list, sources: list, n_glyphs: int, digit_h: float) -> list:
    """``readings`` with the glyphs of a page drawn in seven segments read by their bars (:func:`_seven_segment`): a
    page whose glyphs at least SEGMENT_MIN_WIDTH of their height wide (and a digit high) decode clearly, at least
    SEGMENT_PAGE_SHARE of them and SEGMENT_PAGE_MIN, has each clear one read as its digit (the digit reader, trained on
    drawn and printed digits, takes a segment 8 for no digit and a segment 6 for a sure 5) and each other one so wide in
    doubt; a narrow glyph (a "1") keeps the digit reader's reading. Any other page is left as read."""
    from genpuzzle.verifiers import digits

    decoded: dict[int, int | None] = {}
    for i in range(n_glyphs):
        gx0, gy0, gx1, gy1 = sources[i][2]
        w, h = gx1 - gx0, gy1 - gy0
        if h >= FRAGMENT * digit_h and w >= SEGMENT_MIN_WIDTH * h and w <= 1.05 * h:
            decoded[i] = _seven_segment(sources[i][1][gy0:gy1, gx0:gx1])
    clear = sum(d is not None for d in decoded.values())
    if clear < SEGMENT_PAGE_MIN or clear < SEGMENT_PAGE_SHARE * len(decoded):
        return readings
    out = list(readings)
    for i, d in decoded.items():
        r = readings[i]
        if d is not None:
            out[i] = digits.DigitReading(d, max(SEGMENT_CONFIDENCE, r.confidence) if r.digit == d else SEGMENT_CONFIDENCE,
                                         r.ink)
        else:
            out[i] = replace(r, confidence=min(r.confidence, SEGMENT_UNCLEAR))
    return out


def _glyph_lean(source: tuple[np.ndarray, np.ndarray, list[int], int, int]) -> float | None:
    """:func:`digits.stroke_lean` of a glyph (``source``: read_clue_strips' rim, ink, box, offsets)."""
    from genpuzzle.verifiers import digits

    gx0, gy0, gx1, gy1 = source[2]
    return digits.stroke_lean(source[1][gy0:gy1, gx0:gx1])


def _glyph_cell(rim: np.ndarray, box: list[int]) -> np.ndarray:
    """One glyph (``box`` in the strip's coords) of the strip's rimmed darkness ``rim``, centred on a square
    of 1.5x its longer side and resized to GLYPH_CELL (ink dark on white, as the digit reader takes it)."""
    gx0, gy0, gx1, gy1 = box
    w, h = gx1 - gx0, gy1 - gy0
    side = int(max(w, h) * 1.5) + 4
    canvas = np.zeros((side, side), np.uint8)
    rx0, ry0 = max(0, gx0 - 1), max(0, gy0 - 1)
    rx1, ry1 = min(rim.shape[1], gx1 + 1), min(rim.shape[0], gy1 + 1)
    ox, oy = (side - w) // 2 - (gx0 - rx0), (side - h) // 2 - (gy0 - ry0)
    canvas[oy:oy + ry1 - ry0, ox:ox + rx1 - rx0] = rim[ry0:ry1, rx0:rx1]
    return cv2.resize(255 - canvas, (GLYPH_CELL, GLYPH_CELL), interpolation=cv2.INTER_AREA)


JOINED_MAX_WIDTH = 1.5  # a glyph cut in two read whole is one digit only this many of the page's digit widths wide
ABUT_MAX_WIDTH = 1.2  # (rubric 69) two abutting pieces read whole (_abutting_pieces): this many at most
ABUT_GAP = 1  # px: pieces of one glyph side by side this far apart at most (in x; or overlapping) ...
ABUT_NARROW = 0.75  # ... each at most this many of the page's digit widths wide ...
ABUT_OVERLAP = 0.8  # ... and level: sharing this share of the shorter one's height


def _abutting_pieces(a: list[int], b: list[int], digit_w: float) -> bool:
    """Whether glyph boxes ``a`` and ``b`` (x0, y0, x1, y1; ``b`` right of ``a``) may be two pieces of one glyph: at
    most ABUT_GAP px apart in x, each at most ABUT_NARROW digit widths wide, sharing ABUT_OVERLAP of the shorter one's
    height. Two digits of a number stand a paper column or more apart, each a digit wide (a "1" narrow, but whole)."""
    overlap = min(a[3], b[3]) - max(a[1], b[1])
    return (b[0] - a[2] <= ABUT_GAP and max(a[2] - a[0], b[2] - b[0]) <= ABUT_NARROW * digit_w
            and overlap >= ABUT_OVERLAP * min(a[3] - a[1], b[3] - b[1]))
# (Karumbi's 3s and 4s 1.0-1.44; two digits of DejaVu, Purisa or Humor Sans touching, read whole as one, 1.62-1.93)
SQUARE_PAIR = 0.45  # a glyph read as no digit at least this wide (x its height) may be two touching digits
WIDE_GLYPH = 1.3  # a glyph at least this many of the page's digit widths wide, read as one digit, may be two


def _split_touching(line: list[list[int]], ink: np.ndarray, digit_h: float, min_aspect: float = 1.05
                    ) -> list[list[int]]:
    """Glyphs wider than tall (two digits of a bold or heavy pen whose strokes touch: "10", "14") cut in
    two at the column of least ink in their middle half; each half keeps the rows its ink spans. A glyph
    wider than TOUCHING_MAX_ASPECT x its height, shorter than half a digit, or whose halves would be
    slivers, is left whole (and reads unsure)."""
    out: list[list[int]] = []
    for g in line:
        x0, y0, x1, y1 = g
        w, h = x1 - x0, y1 - y0
        if not (min_aspect * h < w <= TOUCHING_MAX_ASPECT * h and h >= 0.5 * digit_h) or _round_glyph(ink[y0:y1, x0:x1]):
            out.append(g)
            continue
        cols = ink[y0:y1, x0:x1].sum(axis=0)
        lo, hi = round(0.3 * w), round(0.7 * w)
        cut = lo + int(np.argmin(cols[lo:hi])) if hi > lo else w // 2
        halves = []
        for a, b in ((x0, x0 + cut), (x0 + cut + 1, x1)):
            rows = np.nonzero(ink[y0:y1, a:b].any(axis=1))[0] if b > a else []
            if b - a < 0.2 * h or len(rows) == 0:
                halves = []
                break
            halves.append([a, y0 + int(rows[0]), b, y0 + int(rows[-1]) + 1])
        out.extend(halves or [g])
    return out


CUT_SHEARS = (-0.35, -0.2, 0.2, 0.35)  # slants (x per y) of the slanted cuts tried through a glyph
EXTRA_COLUMN_CUTS = 2  # upright cuts tried beside the thinnest column: the 2nd and 3rd thinnest


def _split_slanted(rim: np.ndarray, ink: np.ndarray, box: list[int], shear: float, rank: int = 0,
                   column: int | None = None) -> list[tuple[np.ndarray, list[int]]]:
    """The glyph in ``box`` cut in two along the slanted line (x = c + shear * y from the box's middle row)
    through the least ink in its middle 40 % (``rank`` k > 0: the line with the k-th least ink but one,
    e.g. the second-thinnest column; ``column``: through that column instead, see :func:`_counter_cut`): for each
    half a copy of ``rim`` holding only that half's darkness inside the box, and the half's ink box; [] when a half
    would be a sliver or empty."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    sub = ink[y0:y1, x0:x1]
    ys = np.arange(h) - (h - 1) / 2
    lines = []
    for c in range(round(0.3 * w), round(0.7 * w) + 1):
        xs = np.round(c + shear * ys).astype(int)
        ok = (xs >= 0) & (xs < w)
        lines.append((int(sub[np.arange(h)[ok], xs[ok]].sum()), abs(c - w / 2), c))
    lines.sort()
    if len(lines) <= rank:
        return []
    best_c = lines[rank][2] if column is None else column
    left = np.arange(w)[None, :] < best_c + shear * ys[:, None]
    out = []
    for side in (left, ~left):
        part = sub & side
        rows, cols = np.nonzero(part.any(axis=1))[0], np.nonzero(part.any(axis=0))[0]
        if len(rows) == 0 or cols[-1] - cols[0] + 1 < 0.2 * h:
            return []
        im = rim.copy()
        im[y0:y1, x0:x1] = np.where(side, rim[y0:y1, x0:x1], 0)
        # the rim's 1-px border outside the box belongs to whichever half is nearer
        if not side[:, 0].any():
            im[max(0, y0 - 1):y1 + 1, max(0, x0 - 1):x0] = 0
        if not side[:, -1].any():
            im[max(0, y0 - 1):y1 + 1, x1:x1 + 1] = 0
        out.append((im, [x0 + int(cols[0]), y0 + int(rows[0]), x0 + int(cols[-1]) + 1, y0 + int(rows[-1]) + 1]))
    return out


def _counter_cut(mask: np.ndarray) -> int | None:
    """The column (of ``mask``, a glyph's ink box) where a digit with a counter on the glyph's right begins, when the
    glyph may be two touching digits ("10" of a heavy face, the 1's serif fused into the 0's side): the counter's (the
    largest enclosed paper whose centre lies right of the glyph's middle) left edge less the width of the ink right of
    it on its middle row (the 0's side as thick as its other side); None without such a counter."""
    h, w = mask.shape
    count, _, stats, _ = cv2.connectedComponentsWithStats(np.pad(~mask, 1).astype(np.uint8), connectivity=4)
    holes = [k for k in range(1, count) if stats[k, 0] > 0 and stats[k, 1] > 0 and stats[k, 0] + stats[k, 2] < w + 2
             and stats[k, 1] + stats[k, 3] < h + 2 and stats[k, 0] - 1 + stats[k, 2] / 2 > w / 2]
    if not holes:
        return None
    k = max(holes, key=lambda k: stats[k, 4])
    left, right = int(stats[k, 0]) - 1, int(stats[k, 0] + stats[k, 2]) - 1  # mask columns: first, past the last
    row = mask[int(stats[k, 1] - 1 + stats[k, 3] // 2)]
    side = 0
    while right + side < w and row[right + side]:
        side += 1
    return left - side if side and left - side > 0 else None


PAGE_EDGE_SLIVER = 0.25  # ink on the image border less deep than this share of a font size: the page's edge
PAGE_EDGE_PX = 2  # ... "on the border": starting within this many pixels of it
PAGE_EDGE_RUN = 1.5  # ... or running this many font sizes along the border, however deep


def _page_edge_sliver(box: list[int], origin: tuple[int, int], size: tuple[int, int], font_px: float) -> bool:
    """Whether a piece (strip coords, ``origin`` its place in the image of ``size``) lies on the image
    border (within PAGE_EDGE_PX) and reaches less than PAGE_EDGE_SLIVER of a font size into it: the edge of a page photographed
    or rotated on a dark surface, not a clue digit (the puzzle keeps a margin around its clues)."""
    x0, y0, x1, y1 = box[0] + origin[0], box[1] + origin[1], box[2] + origin[0], box[3] + origin[1]
    depth, m = PAGE_EDGE_SLIVER * font_px, PAGE_EDGE_PX  # the resampled edge may start a pixel or two in
    run = PAGE_EDGE_RUN * font_px
    # deeper pieces too when they run along the border for longer than any digit is wide or tall: the
    # surface beyond a page turned on a desk is a wedge, deep at one end (kiloji desk page, 12 px deep)
    return (((y0 <= m or y1 >= size[1] - m) and (y1 - y0 < depth or x1 - x0 >= run))
            or ((x0 <= m or x1 >= size[0] - m) and (x1 - x0 < depth or y1 - y0 >= run)))


PAGE_EDGE_BAND_DEPTH = 0.4  # a band of ink along the page's edge lies within this share of a font size of it
PAGE_EDGE_BAND_RUN = 1.0  # ... and runs along it for at least this many font sizes (a digit lying that shallow
# along the edge is shorter: a "1" stands 0.5-0.75 font sizes, a number's digits are deeper than the band)


def _page_edge_band(crop: np.ndarray, beyond: np.ndarray, font_px: float) -> np.ndarray:
    """Ink of ``crop`` (darkness) that is the page's edge, not a clue: pieces touching ``beyond`` (where the
    image shows no page: past the image border, or where registration shows the input) that run along it for
    at least PAGE_EDGE_BAND_RUN font sizes and lie wholly within PAGE_EDGE_BAND_DEPTH of a font size of it --
    the table beside a page photographed at an angle, the shaded background under a curled page. A piece
    reaching deeper (a digit touching the band) is left alone. Bool mask, crop's shape."""
    band = np.zeros(crop.shape, bool)
    if not beyond.any():
        return band
    dist = cv2.distanceTransform((~beyond).astype(np.uint8), cv2.DIST_L2, 3)
    ink = (crop >= CLUE_INK_FLOOR) & ~beyond
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    for k in range(1, count):
        if max(stats[k, cv2.CC_STAT_WIDTH], stats[k, cv2.CC_STAT_HEIGHT]) < PAGE_EDGE_BAND_RUN * font_px:
            continue
        piece = labels == k
        d = dist[piece]
        if d.min() <= PAGE_EDGE_PX + 1 and d.max() <= PAGE_EDGE_BAND_DEPTH * font_px:
            band |= piece
    if band.any():  # with its anti-aliased rim
        band = cv2.dilate(band.astype(np.uint8), _WEIGHT_KERNEL) > 0
        band &= dist <= PAGE_EDGE_BAND_DEPTH * font_px + 1
    return band


def _grid_side_sliver(box: list[int], kind: str, shape: tuple[int, int], font_px: float) -> bool:
    """Whether a piece lies on the strip's side next to the grid (the right end of a row strip, the bottom
    of a column strip) and reaches less than PAGE_EDGE_SLIVER of a font size into the strip: the grid's
    outer line drawn slanted or wider (a keystone), not a clue digit; or lies there on the strip's edge along a grid
    line, at most GRID_KNOB font sizes either way: that line's knob where it meets the frame (rubric 82)."""
    depth = PAGE_EDGE_SLIVER * font_px
    h, w = shape[:2]
    knob = GRID_KNOB * font_px
    if kind == "row":
        if box[2] >= w and box[2] - box[0] < depth:
            return True
        # (rubric 82) a knob where a line between two rows meets the grid's outer line, standing out past it (a
        # beaded frame's bead at a block line or a corner: "2 4 2" read "2 ? 24", "1 1" read "119"): at the grid end,
        # on the strip's top or bottom edge (where that line runs), no larger either way than GRID_KNOB font sizes
        if (box[2] >= w - 1 and (box[1] <= 1 or box[3] >= h - 1) and box[2] - box[0] <= knob
                and box[3] - box[1] <= knob):
            return True
        # a grid line between two rows drawn on past the grid's outer line (a web page's table, a photo's printed
        # grid: 5-8 px at 18-28 px fonts): thin across the strip, on its top or bottom edge, at its grid end
        return (box[2] >= w - 1 and (box[1] < depth or box[3] > h - depth) and box[3] - box[1] < depth
                and box[2] - box[0] <= GRID_OVERSHOOT_RUN * font_px)
    if box[3] >= h and box[3] - box[1] < depth:
        return True
    if box[3] >= h - 1 and (box[0] <= 1 or box[2] >= w - 1) and box[2] - box[0] <= knob and box[3] - box[1] <= knob:
        return True
    return (box[3] >= h - 1 and (box[0] < depth or box[2] > w - depth) and box[2] - box[0] < depth
            and box[3] - box[1] <= GRID_OVERSHOOT_RUN * font_px)


GRID_OVERSHOOT_RUN = 1.0  # a grid line's overshoot into the clue area runs at most this many font sizes
GRID_KNOB = 0.45  # (rubric 82) a knob where a grid line meets the frame, past it, is at most this many font sizes
# either way (a "1" stands 0.5-0.75 font sizes, and a digit stands in its strip's middle, not on its edge)


def _rule_remnant(dark: np.ndarray, box: list[int], origin: tuple[int, int], font_px: float) -> bool:
    """Whether a piece (strip coords, the strip at ``origin`` in ``dark``) is what the ruled-line step left of a line:
    at most a rule's width across (RULE_WIDTH), its own columns (rows) holding ink of at least CLUE_INK_FLOOR along
    one unbroken run of at least RULE_LENGTH font sizes through the whole piece, and the piece no RULE_UNDER_INK darker
    than that line's core (within a px of it). A line drawn a little slanted or shaded along its length (a redrawn
    grid's outer line 1 px over the clue strip's end, its edge darker at one end) keeps a sliver darker than the line's
    own lightest stretch, which the opening along the line takes off: an upright 8-px sliver read as a "1" ("111" for
    "11"). A digit's stroke is at most a font size long (the run goes on past it), and one drawn over a line is darker
    than the line."""
    x0, y0, x1, y1 = box[0] + origin[0], box[1] + origin[1], box[2] + origin[0], box[3] + origin[1]
    H, W = dark.shape
    width = max(3, round(RULE_WIDTH * font_px))
    need = max(12, round(RULE_LENGTH * font_px))
    for upright in (True, False):
        across, along = (x1 - x0, y1 - y0) if upright else (y1 - y0, x1 - x0)
        if across > width or along >= need:
            continue
        if upright:
            own = dark[:, x0:x1].max(axis=1)
            core = dark[:, max(0, x0 - 1):min(W, x1 + 1)].max(axis=1)
            a, b = y0, y1
        else:
            own = dark[y0:y1, :].max(axis=0)
            core = dark[max(0, y0 - 1):min(H, y1 + 1), :].max(axis=0)
            a, b = x0, x1
        on = own >= CLUE_INK_FLOOR
        if not on[a:b].all():
            continue
        lo, hi = a, b
        while lo > 0 and on[lo - 1]:
            lo -= 1
        while hi < on.size and on[hi]:
            hi += 1
        if hi - lo < need:
            continue
        rest = np.concatenate([core[lo:a], core[b:hi]])
        piece = dark[y0:y1, x0:x1]
        if rest.size and float(np.median(piece[piece >= CLUE_INK_FLOOR])) < float(np.median(rest)) + RULE_UNDER_INK:
            return True
    return False


TEXT_GAP = 0.35  # ink beside a piece across its strip's side within this many digit heights: a line of text's next letter


def _text_across_strips(dark: np.ndarray, kind: str, box: list[int], origin: tuple[int, int], ink: np.ndarray,
                        digit_h: float) -> bool:
    """Whether a piece of a column strip (strip coords, the strip's box at ``origin`` in ``dark``; ``ink`` the strip's
    ink) belongs to a line of text running across the strips: the columns holding ink of the piece's own darkness in
    its rows, their gaps up to TEXT_GAP digit heights closed, run on from the piece past a side of the strip (HELDOUT17's
    ledger page: the title "Nonogram -- solution" in the header above the column clues, its letters read "9??1" with
    the "6" below them). Clue numbers of the next columns stand a column's pitch apart (a cell's width less a number's),
    and a number of this strip lies within it. Only for pieces in the margin past the strips' outer end (see
    read_clue_strips)."""
    if kind != "col":
        return False
    h, w = ink.shape
    x0, y0, x1, y1 = box
    ox, oy = origin
    H, W = dark.shape
    strong = ink[y0:y1, x0:x1]
    if not strong.any():
        return False
    level = float(dark[oy + y0:oy + y1, ox + x0:ox + x1][strong].min())
    gap = max(2, int(round(TEXT_GAP * digit_h)))
    r0, r1 = oy + y0, oy + y1
    # the columns holding ink level with the piece, their gaps up to ``gap`` closed: the run holding the piece
    inked = (dark[r0:r1, :] >= level).any(axis=0)
    a, b = ox + x0, ox + x1
    while a > 0 and inked[max(0, a - gap - 1):a].any():
        a = max(0, a - gap - 1) + int(np.flatnonzero(inked[max(0, a - gap - 1):a])[0])
    while b < W and inked[b:b + gap + 1].any():
        b = b + int(np.flatnonzero(inked[b:b + gap + 1])[-1]) + 1
    return a < ox or b > ox + w


NEIGHBOUR_SHARE = 0.5  # a piece on a strip's side with less than this share of its whole ink's extent across the side
# inside the strip is the next strip's ...
NEIGHBOUR_GLYPH = 1.5  # ... when that whole ink is a glyph's size: at most this many font sizes tall and wide


def _neighbours_piece(dark: np.ndarray, kind: str, box: list[int], origin: tuple[int, int], ink: np.ndarray,
                      font_px: float, outer: tuple[str, ...] = ()) -> bool:
    """Whether a piece of a strip's ink (strip coords, the strip's box at ``origin`` in ``dark``; ``ink`` the strip's
    ink) touching a side of the strip across the reading direction (a column strip's left or right, a row strip's top
    or bottom) is mostly the next strip's: its ink, followed at the piece's own ink level, is a glyph's size (at most
    NEIGHBOUR_GLYPH font sizes each way) and lies past that side for more than 1 - NEIGHBOUR_SHARE of its extent across
    it (HELDOUT17's laptop photo: the next column's "4" drawn 3 px over onto this column's strip, read "2 4" for "2").
    A digit of this strip running on a little into the next one stays (most of it lies here), and so does a piece of
    something larger (a clip over the clues). Sides in ``outer`` are the clue area's outer edge, with no next strip
    beyond (the page's margin: see _pieces_beyond_area)."""
    h, w = ink.shape
    x0, y0, x1, y1 = box
    ox, oy = origin
    H, W = dark.shape
    if kind == "col":
        sides = [s for s in ("left", "right") if (s == "left" and x0 <= 0 and ox > 0) or (s == "right" and x1 >= w
                                                                                          and ox + w < W)]
    else:
        sides = [s for s in ("top", "bottom") if (s == "top" and y0 <= 0 and oy > 0) or (s == "bottom" and y1 >= h
                                                                                          and oy + h < H)]
    sides = [s for s in sides if s not in outer]
    if not sides:
        return False
    strong = ink[y0:y1, x0:x1]
    if not strong.any():
        return False
    level = float(dark[oy + y0:oy + y1, ox + x0:ox + x1][strong].min())
    look = max(4, int(round(NEIGHBOUR_GLYPH * font_px)))
    wx0, wy0 = max(0, ox + x0 - look), max(0, oy + y0 - look)
    wx1, wy1 = min(W, ox + x1 + look), min(H, oy + y1 + look)
    window = (dark[wy0:wy1, wx0:wx1] >= level).astype(np.uint8)
    _, labels = cv2.connectedComponents(window, connectivity=8)
    inside = labels[oy + y0 - wy0:oy + y1 - wy0, ox + x0 - wx0:ox + x1 - wx0][strong]
    ids = np.unique(inside[inside > 0])
    if ids.size == 0:
        return False
    ys, xs = np.nonzero(np.isin(labels, ids))
    if ((xs.min() == 0 and wx0 > 0) or (ys.min() == 0 and wy0 > 0) or (xs.max() == wx1 - wx0 - 1 and wx1 < W)
            or (ys.max() == wy1 - wy0 - 1 and wy1 < H)
            or max(int(xs.max()) - int(xs.min()), int(ys.max()) - int(ys.min())) + 1 > NEIGHBOUR_GLYPH * font_px):
        return False  # no glyph's size (a clip or a pin over the clues: see _pieces_beyond_area and the outer end)
    if kind == "col":
        lo, hi, a, b = int(xs.min()) + wx0, int(xs.max()) + 1 + wx0, ox, ox + w
    else:
        lo, hi, a, b = int(ys.min()) + wy0, int(ys.max()) + 1 + wy0, oy, oy + h
    return (min(hi, b) - max(lo, a)) < NEIGHBOUR_SHARE * (hi - lo)


def _runs_into_next_strip(dark: np.ndarray, kind: str, box: list[int], origin: tuple[int, int],
                          shape: tuple[int, ...]) -> bool:
    """Whether a piece (strip coords, the strip's box at ``origin`` in ``dark``) touches a side of its strip across the
    reading direction (a column strip's left or right, a row strip's top or bottom) and ink of at least the clue-ink
    floor goes on just past that side, along the piece: ink crossing from one strip into the next."""
    h, w = shape[:2]
    x0, y0, x1, y1 = box
    ox, oy = origin
    H, W = dark.shape
    beyond = []
    if kind == "col":
        if x0 <= 0 and ox > 0:
            beyond.append(dark[oy + y0:oy + y1, ox - 1])
        if x1 >= w and ox + w < W:
            beyond.append(dark[oy + y0:oy + y1, ox + w])
    else:
        if y0 <= 0 and oy > 0:
            beyond.append(dark[oy - 1, ox + x0:ox + x1])
        if y1 >= h and oy + h < H:
            beyond.append(dark[oy + h, ox + x0:ox + x1])
    return any(b.size and int(b.max()) >= CLUE_INK for b in beyond)


def _joined_past_outer_end(dark: np.ndarray, kind: str, box: list[int], origin: tuple[int, int], end: int,
                           digit_h: float) -> bool:
    """Whether the ink of a piece (strip coords, the strip's read box at ``origin`` in ``dark``) is joined, within a
    digit height around it, to ink reaching past the strip's outer end (``end``: where the strip starts in its box, the
    box's margin before it) into the page's margin: the piece belongs to something lying over the clue area's edge."""
    H, W = dark.shape
    ox, oy = origin
    pad = int(math.ceil(digit_h))
    wx0, wy0 = max(0, ox + box[0] - pad), max(0, oy + box[1] - pad)
    wx1, wy1 = min(W, ox + box[2] + pad), min(H, oy + box[3] + pad)
    window = (dark[wy0:wy1, wx0:wx1] >= CLUE_INK_FLOOR).astype(np.uint8)
    if not window.any():
        return False
    _, labels = cv2.connectedComponents(window, connectivity=8)
    inside = labels[oy + box[1] - wy0:oy + box[3] - wy0, ox + box[0] - wx0:ox + box[2] - wx0]
    ids = set(np.unique(inside[inside > 0]).tolist())
    if not ids:
        return False
    ys, xs = np.nonzero(np.isin(labels, list(ids)))
    if kind == "col":
        return bool(ys.size) and int(ys.min()) + wy0 < oy + end
    return bool(xs.size) and int(xs.min()) + wx0 < ox + end


def _page_slant(lines_per_strip: list[list[list[list[int]]]], inks: list[np.ndarray], digit_h: float) -> float:
    """The clue glyphs' slant, x shift per px down (italic: negative): the median over the digit-high
    glyphs of their ink's x-y covariance over its y variance (upright fonts: about 0, the sideways moments
    of a 7 and a 4 cancel in the median)."""
    slants = []
    for lines, ink in zip(lines_per_strip, inks):
        for line in lines:
            for x0, y0, x1, y1 in line:
                if y1 - y0 < 0.7 * digit_h:
                    continue
                ys, xs = np.nonzero(ink[y0:y1, x0:x1])
                if len(ys) >= 10 and float(ys.var()) > 0:
                    slants.append(float(((xs - xs.mean()) * (ys - ys.mean())).mean()) / float(ys.var()))
    return float(np.median(slants)) if len(slants) >= 3 else 0.0


def _digit_size(lines_per_strip: list[list[list[list[int]]]], font_px: float) -> tuple[float, float]:
    """The page's clue digit height and width (px), from the glyphs of every strip read: the median glyph
    height, and the median width of the glyphs that are not narrow (a "1" is); the input's font size when
    nothing was found."""
    glyphs = [g for lines in lines_per_strip for line in lines for g in line]
    heights = [g[3] - g[1] for g in glyphs if g[3] - g[1] >= 0.3 * font_px]
    digit_h = float(np.median(heights)) if heights else 0.73 * font_px
    widths = [g[2] - g[0] for g in glyphs if g[3] - g[1] >= 0.7 * digit_h and g[2] - g[0] >= 0.45 * (g[3] - g[1])]
    digit_w = float(np.median(widths)) if len(widths) >= 2 else 0.6 * digit_h
    return digit_h, digit_w


WIDE_FACE_ASPECT = 0.95  # a page whose whole digits (no "1") are at the median this wide x their height: a wide face
WIDE_FACE_GLYPHS = 4  # ... measured on this many such glyphs at least
WIDE_FACE_PAIR = 1.5  # there, a glyph this many times the face's median aspect wide may be two touching digits


def _wide_face_pair(lines_per_strip: list[list[list[int]]], digit_h: float) -> float:
    """The aspect (width / height) above which a glyph of a wide display face may be two touching digits: WIDE_FACE_PAIR
    x the median aspect of the page's whole glyphs (within 0.85-1.25 digit heights tall, not narrow like a "1") when
    that median is WIDE_FACE_ASPECT or more over WIDE_FACE_GLYPHS glyphs, at most TOUCHING_MAX_ASPECT; 0 otherwise (an
    ordinary face: digits narrower than tall, a glyph wider than tall is two). Extended faces draw every digit wider
    than tall (HELDOUT44's squared faces, 1.2-1.3); a page of ordinary digits has its touching pairs only in its
    few two-digit numbers, so its median stays narrow."""
    aspects = [(g[2] - g[0]) / (g[3] - g[1]) for line in lines_per_strip for g in line
               if 0.85 * digit_h <= g[3] - g[1] <= 1.25 * digit_h and g[2] - g[0] >= 0.5 * (g[3] - g[1])]
    if len(aspects) < WIDE_FACE_GLYPHS or float(np.median(aspects)) < WIDE_FACE_ASPECT:
        return 0.0
    return min(TOUCHING_MAX_ASPECT, WIDE_FACE_PAIR * float(np.median(aspects)))


def _slot_gaps(glyphs: list[list[int]], digit_w: float) -> list[float]:
    """The gaps between consecutive glyphs of one line, in digit widths, each glyph given a slot at least
    one digit wide (a "1" is narrow but takes a digit's place)."""
    gaps = []
    for p, g in zip(glyphs, glyphs[1:]):
        pitch = (g[0] + g[2]) / 2 - (p[0] + p[2]) / 2
        gaps.append((pitch - (max(g[2] - g[0], digit_w) + max(p[2] - p[0], digit_w)) / 2) / digit_w)
    return gaps


def _page_number_gap(gaps: list[float]) -> float | None:
    """The widest gap between the digits of one number on a page whose slot gaps (all its lines', in digit widths)
    fall into two groups: the narrower over SAME_NUMBER_GAP and at most PAGE_GAP_MAX, at least two of them, and the
    next gap at least PAGE_GAP_JUMP times the widest of them (GW Monospace at 15x15: "10" set 0.67-0.83 digit widths
    apart, numbers 2.3 apart). None when the page shows no such two groups (a page of one-digit numbers)."""
    ordered = sorted(g for g in gaps if g > SAME_NUMBER_GAP)
    for n, (a, b) in enumerate(zip(ordered, ordered[1:])):
        if a <= PAGE_GAP_MAX and b >= PAGE_GAP_JUMP * a:
            # (a font's advance is one width: the narrower group is even, its widest at most PAGE_GAP_EVEN x its
            # narrowest; a hand's spacing is not)
            return a if n >= 1 and a <= PAGE_GAP_EVEN * ordered[0] else None
    return None


SEPARATOR_HEIGHT = 0.5  # digit heights: a comma or a full stop between two numbers of a row is at most this tall
SEPARATOR_WIDTH = 0.6  # ... and this wide
SEPARATOR_LOW = 0.5  # ... its top this far below the digits' tops (in digit heights: it sits in the lower half)
SEPARATOR_BASE = 0.2  # ... and its bottom at most this far above the digits' bottoms (it stands on the baseline)
SEPARATOR_GAP = 0.2  # ... clear of the next digit by this many digit heights at least
SEPARATOR_PAGE = 1  # the strips read show at least this many such separators


def _number_separators(lines_per_strip: list[tuple[str, list[list[int]]]], digit_h: float
                       ) -> list[tuple[str, list[list[int]]]]:
    """The strips' ink pieces (``(kind, boxes)`` per strip) less the separators a page writes between a row's numbers
    ("1, 6, 1": a redraw that lists its clues with commas): in a row strip, a glyph (:func:`_glyph_lines`) at most
    SEPARATOR_HEIGHT x SEPARATOR_WIDTH of a digit's height, lying in the lower half of the digits beside it
    (SEPARATOR_LOW) and standing on their baseline (SEPARATOR_BASE), between two digit-high glyphs and clear of the next
    one (SEPARATOR_GAP). Read as a digit, a comma made "1," a "18" or a "1?" (HELDOUT21's comma redraw: every row with
    two numbers unsure). Taken off when the strips read show SEPARATOR_PAGE of them or more (one call may read a
    single strip); the gap it leaves parts the numbers as any gap between numbers does (:func:`_numbers`): a speck so
    taken can only part two numbers, never join them or make a digit."""
    found: list[tuple[int, list[int]]] = []
    for j, (kind, boxes) in enumerate(lines_per_strip):
        if kind != "row":
            continue
        for line in _glyph_lines([list(b) for b in boxes], kind, digit_h):
            full = [g for g in line if FRAGMENT * digit_h <= g[3] - g[1] <= TALL_GLYPH * digit_h]
            if len(full) < 2:
                continue
            top = float(np.median([g[1] for g in full]))
            bottom = float(np.median([g[3] for g in full]))
            for prev, g, nxt in zip(line, line[1:], line[2:]):
                if not all(FRAGMENT * digit_h <= q[3] - q[1] <= TALL_GLYPH * digit_h for q in (prev, nxt)):
                    continue
                if (g[3] - g[1] <= SEPARATOR_HEIGHT * digit_h and g[2] - g[0] <= SEPARATOR_WIDTH * digit_h
                        and g[1] >= top + SEPARATOR_LOW * digit_h and g[3] >= bottom - SEPARATOR_BASE * digit_h
                        and g[0] >= prev[2] and nxt[0] - g[2] >= SEPARATOR_GAP * digit_h):
                    found.append((j, g))
    if len(found) < SEPARATOR_PAGE:
        return list(lines_per_strip)
    out = [(kind, list(boxes)) for kind, boxes in lines_per_strip]
    for j, g in found:  # the pieces the separator glyph is made of
        out[j] = (out[j][0], [b for b in out[j][1]
                              if not (b[0] >= g[0] and b[1] >= g[1] and b[2] <= g[2] and b[3] <= g[3])])
    return out


def _numbers(glyphs: list[list[int]], digit_w: float) -> tuple[list[list[list[int]]], bool]:
    """One line of glyphs split into numbers by spacing (:func:`_slot_gaps`), and whether any split is
    unclear: slots closer than SAME_NUMBER_GAP digit widths are one number, farther than NEW_NUMBER_GAP two
    numbers."""
    numbers: list[list[list[int]]] = [[g] for g in glyphs[:1]]
    unclear = False
    for g, gap in zip(glyphs[1:], _slot_gaps(glyphs, digit_w)):
        if gap <= SAME_NUMBER_GAP:
            numbers[-1].append(g)
            continue
        unclear |= gap < NEW_NUMBER_GAP
        numbers.append([g])
    return numbers, unclear


def clue_fits_line(values: list[int], length: int) -> bool:
    """Whether ``values`` can be a nonogram clue of a line of ``length`` cells: a lone 0 (an empty line), or
    numbers from 1 whose runs with one cell between them fit the line."""
    if values == [0]:
        return True
    return bool(values) and min(values) >= 1 and sum(values) + len(values) - 1 <= length


def _groupings_by_line(digits: list[list[int]], gaps: list[list[float]], length: int) -> list[list[int]]:
    """The clues a strip's glyphs can be grouped into that fit a line of ``length`` cells (:func:`clue_fits_line`)
    and agree with their spacing: ``digits`` and ``gaps`` per text line; glyphs farther apart than
    NEW_NUMBER_GAP stay apart, and wherever two glyphs are split into two numbers, every gap of the strip at
    least as wide is split too (one writer spaces one strip alike)."""
    inner = sorted({g for line in gaps for g in line if g < NEW_NUMBER_GAP}, reverse=True)
    found: list[list[int]] = []
    for cut in [NEW_NUMBER_GAP] + inner:
        values: list[int] = []
        for ds, gs in zip(digits, gaps):
            number = [ds[0]] if ds else []
            for d, g in zip(ds[1:], gs):
                if g >= cut:
                    values.append(int("".join(map(str, number))))
                    number = []
                number.append(d)
            if number:
                if len(number) > 1 and number[0] == 0:
                    break  # a number does not start with 0
                values.append(int("".join(map(str, number))))
        else:
            if clue_fits_line(values, length) and values not in found:
                found.append(values)
    return found


CLUE_INK_FLOOR = 48  # darkness from which a clue-strip pixel can be glyph ink
CLUE_INK_SHARE = 0.45  # ... it is ink from this share of the darkness of the strip's stroke cores
CLUE_INK_JOIN = 0.6  # ... pieces joined by ink down to this share of that level can be one glyph
# Glyph slots closer than SAME_NUMBER_GAP x the digit width are one number, farther than NEW_NUMBER_GAP two.
# Measured on 265 fonts at 12 and 18 px: digits of one number 95 % <= 0.44, 99 % <= 0.6; two numbers set
# 0.4 em apart (the renderer: 0.55 em) 99 % >= 0.5, 95 % >= 0.64.
SAME_NUMBER_GAP = 0.5
NEW_NUMBER_GAP = 0.65
PAGE_GAP_MAX = 1.0  # a page whose slot gaps fall into two groups, the narrower up to this many digit widths (a
PAGE_GAP_JUMP = 2.0  # ... monospaced font's advance) and the wider at least this many times as wide, spaces the
# digits of one number by the narrower: grouped so, its strips are evidence for the puzzle's numbers (see
# _page_number_gap and check_clue_area)
PAGE_GAP_EVEN = 1.5  # ... the narrower group even: its widest at most this many times its narrowest
GLYPH_CELL = 32  # glyphs are read on square cells of this side
SLANT_MIN = 0.1  # glyphs of a page slanted more than this (x per y, ~6 deg) are read upright (sheared back)
TALL_GLYPH = 1.6  # a glyph taller than this many digit heights is not a digit (a bar, two lines touching)
# A glyph shorter than this many digit heights is a fragment, not a whole digit (lining digits all stand
# the page's digit height, within a pixel or two): one side of a tiny "0" whose top and bottom faded
# after a keystone read as a confident "1", "10" as "11".
FRAGMENT = 0.75
TOUCHING_MAX_ASPECT = 1.9  # a glyph up to this much wider than tall may be two touching digits (cut in two)


@lru_cache(maxsize=8)
def _stroke_kernel(font_px: float) -> np.ndarray:
    side = max(9, int(font_px) | 1)
    return cv2.getStructuringElement(cv2.MORPH_RECT, (side, side))


RULE_LENGTH = 1.5  # a straight stroke at least this many font sizes long is a ruled line, not a digit's
RULE_WIDTH = 0.17  # ... when it is at most this many font sizes wide (at least 3 px)
RULE_UNDER_INK = 60  # a pixel this much darker than the rule through it is a digit's stroke crossing the rule


def _rule_kernels(font_px: float) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
    """(along, across) structuring elements for upright and level ruled lines: a line is what an opening
    along it keeps and an opening across it (one px wider than a rule) does not."""
    n = max(12, round(RULE_LENGTH * font_px))
    w = max(3, round(RULE_WIDTH * font_px)) + 1
    return ((np.ones((n, 1), np.uint8), np.ones((1, w), np.uint8)),
            (np.ones((1, n), np.uint8), np.ones((w, 1), np.uint8)))


def read_clue_strips(dark: np.ndarray, strips: list[tuple[str, tuple[int, int, int, int]]], font_px: float,
                     digit_size: tuple[float, float] | None = None, slant: float | None = None,
                     line_lengths: list[int] | None = None, outside: np.ndarray | None = None,
                     area_sides: list[tuple[str, ...]] | None = None,
                     outer_ends: list[int] | None = None,
                     ones_lean: tuple[float, float] | None = None) -> list[ClueReading]:
    """Read the numbers in each clue strip (``kind``, pixel box) of the darkness map ``dark`` with the
    project's digit reader, all glyphs in one batch. The strips' ink is split into glyphs and the glyphs
    into numbers by spacing relative to the page's digit size (:func:`_digit_size`). A glyph wider than
    tall (touching digits) or much shorter than a digit (a fragment), a spacing between one number and
    two, a glyph read as something other than a digit or below the reader's confident level makes the
    strip's ``values`` None (unsure). ``digit_size`` (height, width) replaces the size measured on
    ``strips``, e.g. to read some strips again at the size measured on all of them; ``slant`` likewise.
    Glyphs of a slanted page (italic) are sheared upright before reading. Glyphs wider than tall are cut
    in two where their ink is thinnest (:func:`_split_touching`). With ``line_lengths`` (cells of each strip's
    line) a strip whose digits are all read surely but whose spacing is unclear, or reads a clue that cannot
    fit its line (a hand's evenly spaced "1 1 1 1" read as 1111 on a 10-cell line), takes the one grouping
    that fits the line and agrees with the spacing (:func:`_groupings_by_line`); with none or several it is
    unsure. ``outside`` (bool, ``dark``'s shape) marks where the image shows no page of the answer (registration
    showing the input): a band of ink along it, like one along the image border, is the page's edge
    (:func:`_page_edge_band`). ``area_sides`` (per strip, the sides of its box that are the clue area's outer
    edge) marks where ink that runs on past the strip is the page's margin: a piece crossing such a side that is
    no digit's size (a signature's sparkle, a word's letters) is not a glyph of the strip; it is listed in the
    reading's ``beyond_area`` (page boxes of the whole piece), and a digit-sized one stays a glyph. ``outer_ends``
    (per strip, where the clue strip itself starts in its box: the box reaches on to the page's edge, the strip's
    outer end) does the same for the margin past that end: a piece lying mostly there that is no digit's size or
    runs on into the next strip's margin (a clipboard's clip over the column clues) is the page's, listed in
    ``beyond_area``; a digit-sized one within its strip is read (one cut by the image's border too: in doubt).
    A glyph read surely as "1" that leans unlike the page's other sure 1s (:func:`digits.leans_apart`) is read unsure,
    and its strip ``lean_doubted``; ``ones_lean`` (the page's 1s as a first reading measured them, its readings'
    ``ones_lean``) replaces the measure on ``strips``, for a re-read of some strips."""
    from genpuzzle.verifiers import digits

    try:
        reader = digits.default_reader()
    except Exception:  # no usable digit model: every strip read is unsure (review), never a pass
        reader = None
    confident = getattr(digits, "CONFIDENT", 0.9)
    H, W = dark.shape
    pixel_font = _scanline_page(dark, [box for _, box in strips])
    if pixel_font:
        # a font drawn in scanlines (C-64: each glyph a stack of bars with paper between): read with the gaps closed
        dark = cv2.morphologyEx(dark, cv2.MORPH_CLOSE, _scanline_kernel(font_px))
    crops, lines_per_strip = [], []
    crossing: list[list[tuple[int, np.ndarray, list[int]]]] = []  # per strip: pieces crossing the clue area's edge
    neighbours: list[list[list[int]]] = [[] for _ in strips]  # per strip: page boxes of the next strips' ink taken off
    frames: list[list[list[int]]] = []  # per strip: page boxes of the boxes drawn around its numbers, taken off
    for kind, (x0, y0, x1, y1) in strips:
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(W, x1), min(H, y1)
        crop = dark[y0:y1, x0:x1] if x1 > x0 and y1 > y0 else np.zeros((1, 1), np.uint8)
        # the page's edge along the image border or where the image shows no page (a table beside a page
        # photographed at an angle, the shaded background under a curled page) is taken off first: the broad-
        # darkness step below leaves a 1-px sliver of it a few px in, read as a "1"
        beyond = np.zeros(crop.shape, bool)
        if outside is not None and crop.size > 1:
            beyond |= outside[y0:y1, x0:x1]
        edge = np.zeros((crop.shape[0] + 2, crop.shape[1] + 2), bool)  # a frame: past the image border
        edge[:, 0], edge[:, -1], edge[0, :], edge[-1, :] = x0 == 0, x1 == W, y0 == 0, y1 == H
        if edge.any() or beyond.any():
            band = _page_edge_band(np.pad(crop, 1), np.pad(beyond, 1) | edge, font_px)[1:-1, 1:-1]
            if band.any():
                crop = np.where(band, 0, crop).astype(crop.dtype)
        # strokes only: darkness broader than a font size (a shadow the paper map missed at the page
        # edge) is taken off, so the strip's faint-ink threshold cannot pick it up
        crop = cv2.subtract(crop, cv2.morphologyEx(crop, cv2.MORPH_OPEN, _stroke_kernel(font_px)))
        # a box or ring the page draws around a number is its drawing of the number's place, not a glyph (a redraw
        # with every clue in its own small box: its sides read as "1"s); taken off before the glyphs are cut
        frame_px, frame_boxes = _number_frames(dark, (x0, y0, x1, y1), font_px)
        if frame_boxes and frame_px.shape == crop.shape:
            crop = np.where(frame_px, 0, crop).astype(crop.dtype)
        frames.append(frame_boxes)
        # and straight lines longer than any digit (ruled notebook paper, its margin line, a table's rule)
        # are the page's, not a clue's: a "1" is at most a font size tall
        for along, across in _rule_kernels(font_px):
            rule = cv2.morphologyEx(crop, cv2.MORPH_OPEN, along)
            # only thin lines: a bar as wide as a stroke or more (the page's dark edge) stays, and reads unsure
            rule = cv2.subtract(rule, cv2.morphologyEx(rule, cv2.MORPH_OPEN, across))
            # a digit's stroke crossing the rule keeps its own darkness (only the rule's pixels go)
            after = np.where(cv2.subtract(crop, rule) >= RULE_UNDER_INK, crop, cv2.subtract(crop, rule))
            # and where a rule as dark as ink was drawn over the stroke (a grey clue-cell rule across a "1", the stroke
            # no darker than the rule there: cut in two, "? 1"), the rule's pixels with a stroke RULE_UNDER_INK darker
            # than the rule on both sides of it, within a rule's width, take the stroke's darkness (a closing across
            # the rule; the rule's own fainter rims do not bridge it)
            bridged = cv2.morphologyEx(after, cv2.MORPH_CLOSE, across)
            crop = np.where((rule >= CLUE_INK_FLOOR) & (bridged >= cv2.add(rule, RULE_UNDER_INK)),
                            bridged, after).astype(crop.dtype)
        ink, boxes = _strip_ink(crop, font_px)
        kept = []
        for b in boxes:
            if (_page_edge_sliver(b, (x0, y0), (W, H), font_px) or _grid_side_sliver(b, kind, crop.shape, font_px)
                    or _rule_remnant(dark, b, (x0, y0), font_px)):
                # taken off the strip, so an italic page's upright re-segmentation cannot find it again
                crop[b[1]:b[3], b[0]:b[2]] = 0
                ink[b[1]:b[3], b[0]:b[2]] = False
            elif _neighbours_piece(dark, kind, b, (x0, y0), ink, font_px,
                                   area_sides[len(crops)] if area_sides is not None else ()):
                # mostly the next strip's: a clue of the next line drawn over onto this one (see _neighbours_piece)
                piece = np.zeros(ink.shape, bool)
                piece[b[1]:b[3], b[0]:b[2]] = ink[b[1]:b[3], b[0]:b[2]]
                crop = np.where(piece, 0, crop).astype(crop.dtype)
                ink &= ~piece
                neighbours[len(crops)].append([x0 + b[0], y0 + b[1], x0 + b[2], y0 + b[3]])
            else:
                kept.append(b)
        boxes = kept
        sides = area_sides[len(crops)] if area_sides is not None else ()
        crossing.append(_pieces_beyond_area(dark, (x0, y0, x1, y1), crop, ink, boxes, sides, font_px) if sides else [])
        crops.append((x0, y0, crop, ink))
        lines_per_strip.append((kind, boxes))
    digit_h = digit_size[0] if digit_size else _digit_size([[boxes] for _, boxes in lines_per_strip], font_px)[0]
    beyond: list[list[list[int]]] = [[] for _ in crops]
    for j, pieces in enumerate(crossing):
        # ink running on past the clue area's outer edge (into the page's margin) is a clue glyph only when it is as
        # large as a digit and at least half of it lies in the strip (a digit drawn over the edge stays, and is
        # read); otherwise it is the page's (a signature's sparkle and word)
        shape = crops[j][2].shape
        drop = [(n, mask, full) for n, mask, full in pieces
                if not (FRAGMENT * digit_h <= full[3] - full[1] <= TALL_GLYPH * digit_h
                        and full[2] - full[0] <= TOUCHING_MAX_ASPECT * (full[3] - full[1])
                        and _share_inside(full, shape) >= 0.5)]
        if not drop:
            continue
        x0, y0, crop, ink = crops[j]
        for n, mask, full in drop:  # taken off, so an italic page's upright re-cut cannot find it again
            crop = np.where(mask, 0, crop).astype(crop.dtype)
            ink = ink & ~mask
            beyond[j].append([x0 + full[0], y0 + full[1], x0 + full[2], y0 + full[3]])
        crops[j] = (x0, y0, crop, ink)
        gone = {n for n, _, _ in drop}
        lines_per_strip[j] = (lines_per_strip[j][0], [b for n, b in enumerate(lines_per_strip[j][1]) if n not in gone])
    if outer_ends is not None:
        # pieces lying mostly in the margin past the strip's outer end (the box reaches on to the page's edge) that are
        # no digit's size: the page's (a clipboard's clip), as pieces running on past the clue area's sides above
        for j, ((kind, boxes), end) in enumerate(zip(lines_per_strip, outer_ends)):
            if end <= 0:
                continue
            x0, y0, crop, ink = crops[j]
            gone = set()
            for n, b in enumerate(boxes):
                a0, a1 = (b[0], b[2]) if kind == "row" else (b[1], b[3])
                w, h = b[2] - b[0], b[3] - b[1]
                # (one running on into the next strip's margin is the page's whatever its size: a clue stays in its
                # own strip -- a clipboard's clip across the column clues)
                if ((min(a1, end) - a0) * 2 > a1 - a0 and (_runs_into_next_strip(dark, kind, b, (x0, y0), ink.shape) or not (
                        FRAGMENT * digit_h <= h <= TALL_GLYPH * digit_h and w <= TOUCHING_MAX_ASPECT * h)
                        or _text_across_strips(dark, kind, b, (x0, y0), ink, digit_h))) or (
                        h < FRAGMENT * digit_h and _runs_into_next_strip(dark, kind, b, (x0, y0), ink.shape)
                        and _joined_past_outer_end(dark, kind, b, (x0, y0), end, digit_h)):
                    # (the second: a piece shorter than any digit that runs on into the next strip and is joined there
                    # to ink reaching past the strips' outer end into the page's margin -- the rim of a push pin stuck
                    # over the column clues, its body taken off above as broad darkness: "? 7 1" for "7 1")
                    mask = np.zeros(ink.shape, bool)
                    mask[b[1]:b[3], b[0]:b[2]] = ink[b[1]:b[3], b[0]:b[2]]
                    crop = np.where(mask, 0, crop).astype(crop.dtype)
                    ink = ink & ~mask
                    beyond[j].append([x0 + b[0], y0 + b[1], x0 + b[2], y0 + b[3]])
                    gone.add(n)
            if gone:
                crops[j] = (x0, y0, crop, ink)
                lines_per_strip[j] = (kind, [b for n, b in enumerate(boxes) if n not in gone])
    if any(beyond) and not digit_size:
        digit_h = _digit_size([[boxes] for _, boxes in lines_per_strip], font_px)[0]
    if slant is None:
        slant = _page_slant([_glyph_lines(boxes, kind, digit_h) for kind, boxes in lines_per_strip],
                            [c[3] for c in crops], digit_h)
    shears = [(0.0, 0.0)] * len(crops)  # per strip: x padding and the row the shear pivots on
    if abs(slant) >= SLANT_MIN:
        # italic digits are segmented and read upright: the reader knows them better upright, and two
        # slanted digits that touch are cut apart along their slant
        for j, (x0, y0, crop, _) in enumerate(crops):
            pad, pivot = math.ceil(abs(slant) * crop.shape[0] / 2) + 1, (crop.shape[0] - 1) / 2
            upright = cv2.warpAffine(crop, np.float32([[1, -slant, slant * pivot + pad], [0, 1, 0]]),
                                     (crop.shape[1] + 2 * pad, crop.shape[0]), flags=cv2.INTER_LINEAR)
            ink, boxes = _strip_ink(upright, font_px)
            crops[j] = (x0, y0, upright, ink)
            lines_per_strip[j] = (lines_per_strip[j][0], boxes)
            shears[j] = (pad, pivot)
    # commas (or full stops) between a row's numbers ("1, 6, 1": a redraw that lists its clues): separators, no glyphs
    for j, (kind, boxes) in enumerate(_number_separators(lines_per_strip, digit_h)):
        lines_per_strip[j] = (kind, boxes)
    # (a pixel font's digits stand in square cells, as wide as tall: only a glyph wider than PIXEL_FONT_PAIR x its
    # height is two touching digits there -- C-64's "4", 29 x 26 px at a 40-px clue font, was cut into "?4")
    # (and a wide display face's digits are all wider than tall -- HELDOUT44's extended squared faces, a 4 or a 3 1.3 x
    # as wide as tall, each cut into "?4", "67": there, only a glyph much wider than the page's own digits is two)
    pair_aspect = max(1.05, _wide_face_pair([b for _, b in lines_per_strip], digit_h))
    # per strip: each half of a glyph wider than tall cut in two by _split_touching -> that glyph (strip coords)
    split_from: list[dict[tuple[int, ...], tuple[int, ...]]] = [{} for _ in lines_per_strip]
    cut_lines = []
    for j, ((kind, boxes), (_, _, _, ink)) in enumerate(zip(lines_per_strip, crops)):
        lines = []
        for line in _glyph_lines(boxes, kind, digit_h):
            kept_line = []
            for g in line:
                parts = _split_touching([g], ink, digit_h, max(PIXEL_FONT_PAIR if pixel_font else 1.05, pair_aspect))
                if len(parts) == 2:
                    split_from[j].update({tuple(part): tuple(g) for part in parts})
                kept_line += parts
            lines.append(kept_line)
        cut_lines.append(lines)
    lines_per_strip = cut_lines
    cut_halves = [set(parents) for parents in split_from]  # per strip: those halves
    digit_h, digit_w = digit_size or _digit_size(lines_per_strip, font_px)
    attached: list[list[list[int]]] = [[] for _ in lines_per_strip]  # per strip: crossbar overshoots (strip coords)
    for j, lines in enumerate(lines_per_strip):
        for n, line in enumerate(lines):
            kept = _attach_crossbar_ends(line, digit_h, digit_w)
            attached[j] += [[crops[j][0] + g[0], crops[j][1] + g[1], crops[j][0] + g[2], crops[j][1] + g[3]]
                            for g in line if g not in kept]
            lines[n] = kept
    cells: list[np.ndarray] = []
    plans: list[list[list[int]]] = []
    boxes_per_strip: list[list[list[int]]] = []
    bad: list[bool] = []
    unclear_gaps: list[bool] = []  # the only oddness of a strip is its spacing
    gaps_per_strip: list[list[list[float]]] = []
    spacing_unclear: list[bool] = []
    sources: list[tuple[np.ndarray, np.ndarray, list[int], int, int]] = []  # per glyph cell: rim, ink, box, offset
    for (x0, y0, crop, ink), lines, (pad, pivot) in zip(crops, lines_per_strip, shears):
        # the glyph's darkness over its ink grown by 1 px: the anti-aliased rim of a thin or light stroke
        # is part of its weight (cut at the ink level, a small serif digit reads too thin)
        rim = np.where(cv2.dilate(ink.astype(np.uint8), _WEIGHT_KERNEL) > 0, crop, 0)
        plan, gboxes, odd, unclear_any, shape_odd = [], [], False, False, False
        gaps_per_strip.append([_slot_gaps(line, digit_w) for line in lines])
        for line in lines:
            numbers, unclear = _numbers(line, digit_w)
            unclear_any |= unclear
            for number in numbers:
                idx = []
                for gx0, gy0, gx1, gy1 in number:
                    w, h = gx1 - gx0, gy1 - gy0
                    if _odd_glyph([gx0, gy0, gx1, gy1], digit_h, ink, pair_aspect):
                        shape_odd = True  # touching digits, a fragment or a bar much taller than a digit: not one digit
                    cells.append(_glyph_cell(rim, [gx0, gy0, gx1, gy1]))
                    idx.append(len(cells) - 1)
                    back = round(slant * ((gy0 + gy1) / 2 - pivot) - pad) if pad else 0  # upright -> page x
                    gboxes.append([x0 + gx0 + back, y0 + gy0, x0 + gx1 + back, y0 + gy1])
                    sources.append((rim, ink, [gx0, gy0, gx1, gy1], x0 + back, y0))
                plan.append(idx)
        plans.append(plan)
        boxes_per_strip.append(gboxes)
        bad.append(unclear_any or shape_odd)
        unclear_gaps.append(unclear_any and not shape_odd)
        spacing_unclear.append(unclear_any)
    n_glyphs = len(cells)  # glyphs as cut from the ink (cut halves of touching digits are appended after them)
    if reader is None:
        return [ClueReading(None, 0.0, g, "digit reader unavailable", tuple(map(len, plan)), (digit_h, digit_w),
                            slant, beyond_area=tuple(b)) for g, plan, b in zip(boxes_per_strip, plans, beyond)]
    readings = list(reader.read(cells)) if cells else []
    readings = _segment_readings(readings, sources, n_glyphs, digit_h)  # a page drawn in seven segments
    # (rubric 83) a sure "1" leaning unlike the page's other sure 1s is another glyph read as one: unsure (it only
    # loses confidence, never becomes another digit; the page-consistency step noted below relabelled, and failed)
    # (a re-read of some strips takes the page's 1s as the first reading measured them, ``ones_lean``)
    ones = {i: _glyph_lean(sources[i]) for i, r in enumerate(readings) if r.digit == 1 and r.confidence >= confident}
    if ones_lean is None:
        ones_lean = digits.lean_reference(list(ones.values()))
    leaning = {i for i, lean in ones.items() if digits.leans_apart(lean, ones_lean)}
    for i in leaning:
        readings[i] = replace(readings[i], confidence=min(readings[i].confidence, digits.LEAN_CONFIDENCE))
    # (no page-consistency step: tried on Dec 1, on a thin clue font two "1"s read surely as 7 turned every
    # unsure "1" of the page into a sure 7, a correct answer's review into a confident clue_changed)
    # A glyph read as no digit or unsure that is over half as wide as tall, and at least a digit high, may be two
    # digits whose strokes touch while neither is wider than the other (a hand's "14", its "1" leaning on
    # the "4"): it is cut at its thinnest column, like a glyph wider than tall, and taken as two digits when
    # both halves read surely as digits. Such a strip is marked ``square_cut``: a cut guessed this way can
    # confirm the puzzle's numbers, but never count as a changed clue (a wide digit read as no digit, cut in
    # two, must not read as a change).
    # The thinnest column can lie inside a narrow "0", and a leaning "1" overlaps its neighbour in x (kiloji's
    # "10"): when the cut at the thinnest column does not read surely, the glyph is also cut at its next-
    # thinnest columns and along slanted lines, and such a cut is taken when its halves read surely and every
    # other cut that reads surely reads the same two digits.
    uncut_plans = [[list(number) for number in plan] for plan in plans]  # the glyphs before any square cut
    uncut_boxes = list(boxes_per_strip)
    halves: dict[int, list[list[tuple[np.ndarray, list[int]]]]] = {}  # per glyph: candidate cuts
    cut_strips: set[int] = set()
    half_cells: dict[int, list[list[np.ndarray]]] = {}  # glyphs whose cuts' halves did not read surely: per cut
    primary: dict[int, bool] = {}  # whether a glyph's first cut is the one at its thinnest column
    wide: set[int] = set()  # glyphs read surely as one digit that are wider than the page's digits
    pair_digits: dict[int, tuple[int, int]] = {}  # ... whose cut reads surely as two digits: those two
    for i, r in enumerate(readings):
        gx0, gy0, gx1, gy1 = sources[i][2]
        w, h = gx1 - gx0, gy1 - gy0
        sure = r.digit is not None and r.confidence >= confident
        if sure and w >= WIDE_GLYPH * digit_w:
            # a glyph wider than the page's digits read surely as one digit may be two touching digits (SteveHand's
            # "14", its "1" leaning on the "4", read as a sure 4): its reading stands, and its cuts are read too, as
            # evidence for the puzzle's numbers only (``pair_values``, ``cut_alternatives``; see check_clue_area)
            wide.add(i)
        if (not sure or i in wide) and r.symbol != digits.SYMBOL_BLANK \
                and SQUARE_PAIR * h <= w <= pair_aspect * h and h >= FRAGMENT * digit_h:
            rim, ink = sources[i][0], sources[i][1]
            candidates = []
            cut = _split_touching([[gx0, gy0, gx1, gy1]], ink, digit_h, min_aspect=0.0)
            if len(cut) == 2:
                candidates.append([(rim, cut[0]), (rim, cut[1])])
            # the column of least ink can lie inside a narrow "0" (its sides meet only at the top and
            # bottom): the next-thinnest columns are cuts too
            columns = 0
            for shear in (0.0,) * EXTRA_COLUMN_CUTS + CUT_SHEARS:
                rank = columns + 1 if shear == 0.0 else 0
                columns += shear == 0.0
                pair = _split_slanted(rim, ink, [gx0, gy0, gx1, gy1], shear, rank)
                if pair:
                    candidates.append(pair)
            # (rubric 65) and where a digit with a counter on the glyph's right begins: a heavy face's "10", the 1's
            # serif fused into the 0's side, has its thinnest columns and slanted cuts all through the 0's counter
            at = _counter_cut(ink[gy0:gy1, gx0:gx1])
            if at is not None:
                for column in (at - 1, at, at + 1):
                    pair = _split_slanted(rim, ink, [gx0, gy0, gx1, gy1], 0.0, column=column)
                    if pair:
                        candidates.append(pair)
            if candidates:
                halves[i] = candidates
                primary[i] = len(cut) == 2
    if halves:
        order = [(i, c) for i in halves for c in range(len(halves[i]))]
        extra = reader.read([_glyph_cell(im, b) for i, c in order for im, b in halves[i][c]])
        read_cuts: dict[int, list[tuple[int, Any, Any]]] = {}
        for n, (i, c) in enumerate(order):
            read_cuts.setdefault(i, []).append((c, extra[2 * n], extra[2 * n + 1]))
        for i, cuts in read_cuts.items():
            sure = [(c, a, b) for c, a, b in cuts
                    if all(g.digit is not None and g.confidence >= confident for g in (a, b))]
            if sure and primary[i] and sure[0][0] == 0:
                sure = sure[:1]  # the cut at the thinnest column reads surely: taken as it stands
            if not sure or len({(a.digit, b.digit) for _, a, b in sure}) > 1:
                half_cells[i] = [[_glyph_cell(im, box) for im, box in cut] for cut in halves[i]]
                continue
            if i in wide:  # read surely as one digit: the sure cut is an alternative, not the reading
                pair_digits[i] = (sure[0][1].digit, sure[0][2].digit)
                continue
            c, a, b = sure[0]
            _, ink, _, ox, oy = sources[i]
            new_idx = []
            for (im, box), reading in zip(halves[i][c], (a, b)):
                cells.append(_glyph_cell(im, box))
                readings.append(reading)
                sources.append((im, ink, box, ox, oy))
                new_idx.append(len(cells) - 1)
            for j, plan in enumerate(plans):
                for number in plan:
                    if i in number:
                        cut_strips.add(j)
                        k = number.index(i)
                        number[k:k + 1] = new_idx
        for j, plan in enumerate(plans):
            boxes_per_strip[j] = [[sources[i][3] + sources[i][2][0], sources[i][4] + sources[i][2][1],
                                   sources[i][3] + sources[i][2][2], sources[i][4] + sources[i][2][3]]
                                  for number in plan for i in number]
    # (rubric 65) A glyph wider than tall cut in two by _split_touching whose halves do not both read surely as digits,
    # read whole surely as one digit, is that digit: a thin hand's wide "3" or "4" (HELDOUT22's Karumbi, its 3s and 4s a
    # fifth wider than tall, cut into "?5", "2?") is one digit. Like a square cut, such a strip is evidence for the
    # puzzle's numbers only (``square_cut``): a touching pair read whole as one digit never counts as a changed clue.
    # (Rubric 69) So are two narrow pieces side by side with no paper column between them (_abutting_pieces): a
    # high-contrast display face's "6" whose hairline the page lost, its stem and its bowl two glyphs ("?5").
    whole_asked: list[tuple[int, int, int, list[int]]] = []  # strip, number, first half's place, the glyph's box
    joined: set[int] = set()  # the glyphs so read whole
    joined_strips: set[int] = set()
    abutting: set[tuple[int, int, int]] = set()  # (strip, number, place) of the pairs of pieces so asked
    for j, plan in enumerate(plans):
        for n_idx, number in enumerate(plan):
            for k in range(len(number) - 1):
                a, b = number[k], number[k + 1]
                if a >= n_glyphs or b >= n_glyphs or all(
                        readings[i].digit is not None and readings[i].confidence >= confident for i in (a, b)):
                    continue
                parent = split_from[j].get(tuple(sources[a][2]))
                if parent is not None and split_from[j].get(tuple(sources[b][2])) == parent:
                    whole_asked.append((j, n_idx, k, list(parent)))
                elif sources[a][0] is sources[b][0] and _abutting_pieces(sources[a][2], sources[b][2], digit_w):
                    ba, bb = sources[a][2], sources[b][2]
                    whole_asked.append((j, n_idx, k, [min(ba[0], bb[0]), min(ba[1], bb[1]), max(ba[2], bb[2]),
                                                      max(ba[3], bb[3])]))
                    abutting.add((j, n_idx, k))
    if whole_asked:
        whole_reads = reader.read([_glyph_cell(sources[plans[j][n][k]][0], box) for j, n, k, box in whole_asked])
        # the width of the page's digits: its glyphs read surely as one digit other than a narrow "1", not cut
        widths = [sources[i][2][2] - sources[i][2][0] for j, plan in enumerate(uncut_plans) for number in plan
                  for i in number if readings[i].digit not in (None, 1) and readings[i].confidence >= confident
                  and tuple(sources[i][2]) not in cut_halves[j]]
        page_w = float(np.median(widths)) if widths else 0.0
        for (j, n_idx, k, box), reading in sorted(zip(whole_asked, whole_reads), key=lambda t: -t[0][2]):
            rim, ink, _, ox, oy = sources[plans[j][n_idx][k]]
            if (reading.digit is None or reading.confidence < confident
                    or not box[2] - box[0] <= (ABUT_MAX_WIDTH if (j, n_idx, k) in abutting else JOINED_MAX_WIDTH) * page_w
                    or min(ox + box[0], oy + box[1]) <= 0 or ox + box[2] >= W or oy + box[3] >= H):
                continue  # (a glyph on the image's edge may be cut there: its halves' doubt stands)
            cells.append(_glyph_cell(rim, box))
            readings.append(reading)
            sources.append((rim, ink, box, ox, oy))
            plans[j][n_idx][k:k + 2] = [len(cells) - 1]
            cut_strips.add(j)
            joined.add(len(cells) - 1)
            joined_strips.add(j)
            boxes_per_strip[j] = [[sources[i][3] + sources[i][2][0], sources[i][4] + sources[i][2][1],
                                   sources[i][3] + sources[i][2][2], sources[i][4] + sources[i][2][3]]
                                  for number in plans[j] for i in number]
        for j in joined_strips:  # the strip's shape judged again: a glyph read whole is one digit, of a digit's height
            shape_odd = any(_odd_glyph(sources[i][2], digit_h, sources[i][1], pair_aspect) if i not in joined
                            else not FRAGMENT * digit_h <= sources[i][2][3] - sources[i][2][1] <= TALL_GLYPH * digit_h
                            for number in plans[j] for i in number if i < n_glyphs or i in joined)
            bad[j] = spacing_unclear[j] or shape_odd
            unclear_gaps[j] = spacing_unclear[j] and not shape_odd
    # Old-style figures (0, 1, 2 at the x-height, 6 and 8 rising above it, 3 4 5 7 9 descending below the line):
    # each glyph's shape is judged against the height of its own kind of digit on the page, not the one digit height
    heights = _figure_heights([sources[i][2] for i in range(n_glyphs)], readings[:n_glyphs], FIGURE_HEIGHT_CONFIDENCE)
    if heights is not None:
        for j, plan in enumerate(plans):
            shape_odd = any(i < n_glyphs and _odd_glyph(sources[i][2], heights.get(readings[i].digit, digit_h),
                                                        sources[i][1], pair_aspect)
                            for number in plan for i in number)
            bad[j] = spacing_unclear[j] or shape_odd
            unclear_gaps[j] = spacing_unclear[j] and not shape_odd
    page_gap = _page_number_gap([g for strip in gaps_per_strip for line in strip for g in line])
    out = []
    for j, (plan, gboxes, odd, unclear) in enumerate(zip(plans, boxes_per_strip, bad, unclear_gaps)):
        page_values = None
        flat_idx = [i for idx in plan for i in idx]
        if (page_gap is not None and j not in cut_strips and flat_idx
                and all(readings[i].digit is not None and readings[i].confidence >= confident for i in flat_idx)
                and not any(_odd_glyph(sources[i][2], digit_h, sources[i][1], pair_aspect) for i in flat_idx)):
            # the strip's sure digits grouped by the page's own spacing of one number's digits (see _page_number_gap)
            digits_iter = iter(str(readings[i].digit) for i in flat_idx)
            page_values = []
            for line, line_gaps in zip(lines_per_strip[j], gaps_per_strip[j]):
                number = next(digits_iter)
                for gap in line_gaps:
                    if gap <= page_gap:
                        number += next(digits_iter)
                    else:
                        page_values.append(int(number))
                        number = next(digits_iter)
                page_values.append(int(number))
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
        pair_values = None
        if values is not None and any(i in pair_digits for idx in plan for i in idx):
            pair_values = [int("".join("".join(map(str, pair_digits[i])) if i in pair_digits else str(readings[i].digit)
                                       for i in idx)) for idx in plan]
        sizes = tuple(map(len, plan))
        length = line_lengths[j] if line_lengths is not None else None
        glyph_digits = [readings[i] for idx in plan for i in idx]
        # (a strip whose glyph was cut in two is left as read: its spacing was measured on the uncut glyphs)
        if (length is not None and glyph_digits and j not in cut_strips
                and (unclear or (values is not None and not clue_fits_line(values, length)))
                and all(g.digit is not None and g.confidence >= confident for g in glyph_digits)):
            # sure digits, grouped by spacing into numbers that are unclear or cannot be this line's clue:
            # the puzzle decides between the groupings the spacing allows
            flat = iter(g.digit for g in glyph_digits)
            per_line = [[next(flat) for _ in range(len(gs) + 1)] for gs in gaps_per_strip[j]]
            fitting = _groupings_by_line(per_line, gaps_per_strip[j], length)
            if fitting or unclear:  # clearly spaced numbers that fit no grouping are read as they stand
                values = fitting[0] if len(fitting) == 1 else None
            if values is not None and fitting:
                odd = False
                texts = [str(v) for v in values]
                sizes = tuple(len(t) for t in texts)
        alternatives = []
        n_cuts = max([len(half_cells[i]) for idx in plan for i in idx if i in half_cells], default=0)
        for k in range(n_cuts):  # the k-th cut of every such glyph (its last when it has fewer)
            cut_cells: list[np.ndarray] = []
            cut_sizes: list[int] = []
            for idx in plan:
                n = 0
                for i in idx:
                    parts = half_cells[i][min(k, len(half_cells[i]) - 1)] if i in half_cells else [cells[i]]
                    cut_cells.extend(parts)
                    n += len(parts)
                cut_sizes.append(n)
            alternatives.append((tuple(cut_cells), tuple(cut_sizes)))
        out.append(ClueReading(values, round(float(conf), 3), gboxes, " ".join(texts), sizes,
                               (digit_h, digit_w), slant, tuple(cells[i] for idx in plan for i in idx),
                               odd or conf < confident, j in cut_strips, tuple(alternatives), tuple(beyond[j]),
                               pair_values, sum(i in wide for idx in plan for i in idx), tuple(attached[j]),
                               tuple((g.digit, round(float(g.confidence), 3)) for g in glyph_digits), not odd,
                               page_spacing_values=page_values, neighbour_ink=tuple(neighbours[j]),
                               number_frames=tuple(frames[j]),
                               touching_cut_unread=any(i < n_glyphs and tuple(sources[i][2]) in cut_halves[j]
                                                       and readings[i].digit is None for i in flat_idx),
                               unclear_gaps=(tuple(tuple(g) for g in gaps_per_strip[j])
                                             if odd and unclear and j not in cut_strips else None),
                               line_length=length, ones_lean=ones_lean,
                               lean_doubted=any(i in leaning for idx in plan for i in idx)))
        if j in cut_strips:
            # the strip as cut before the square cut, for a second reader (see clue_second_opinions): a glyph read
            # unsure as one digit is only cut in two because the digit reader was unsure of it
            uncut = [readings[i] for idx in uncut_plans[j] for i in idx]
            out[-1] = replace(out[-1], uncut_reading=ClueReading(
                None, round(float(min(g.confidence for g in uncut)), 3), uncut_boxes[j],
                " ".join("".join(str(readings[i].digit) if readings[i].digit is not None else "?" for i in idx)
                         for idx in uncut_plans[j]), tuple(map(len, uncut_plans[j])), (digit_h, digit_w), slant,
                tuple(cells[i] for idx in uncut_plans[j] for i in idx), True, beyond_area=tuple(beyond[j]),
                crossbar_ends=tuple(attached[j]), glyph_reads=tuple((g.digit, round(float(g.confidence), 3))
                                                                    for g in uncut), cut_clearly=not odd))
    return out


SCANLINE_PAGE_SHARE = 0.04  # a clue area with this many 1-px paper rows between ink rows per ink pixel is in scanlines
# (C-64 pages 0.064-0.32; HELDOUT17's and HELDOUT18's other pages at most 0.018)


def _scanline_page(dark: np.ndarray, boxes: list[tuple[int, int, int, int]]) -> bool:
    """Whether the clue strips' glyphs are drawn in scanlines (a pixel font with paper between its rows of pixels, C-64):
    the pixels that are a gap 1 px high between two ink pixels above and below it (at most 0.7 of their darkness) are
    at least SCANLINE_PAGE_SHARE of the ink pixels (darkness >= CLUE_INK) over all strips."""
    H, W = dark.shape
    ink_n = gap_n = 0
    for x0, y0, x1, y1 in boxes:
        c = dark[max(0, y0):min(H, y1), max(0, x0):min(W, x1)].astype(np.int32)
        if c.shape[0] < 3:
            continue
        ink = c >= CLUE_INK
        gap = (c[1:-1] < 0.7 * np.minimum(c[:-2], c[2:])) & ink[:-2] & ink[2:]
        ink_n += int(ink.sum())
        gap_n += int(gap.sum())
    return ink_n > 0 and gap_n >= SCANLINE_PAGE_SHARE * ink_n


PIXEL_FONT_PAIR = 1.4  # on a page in scanlines, a glyph at most this much wider than tall is one digit


@lru_cache(maxsize=8)
def _scanline_kernel(font_px: float) -> np.ndarray:
    """A vertical closing that bridges a scanline font's gaps (1 px, 2 px at large clue sizes), never a digit's counter."""
    return np.ones((3 if font_px < 24 else 5, 1), np.uint8)


ZERO_DOUBT = 0.5  # the confidence a 0 read where no clue holds one is capped at (see _impossible_zeros)


def _impossible_zeros(digits_read: list[int | None], sizes: tuple[int, ...]) -> list[int]:
    """Glyph positions (reading order; ``sizes``: glyphs per number) of the 0s no nonogram clue holds: a 0 is a clue only
    alone (an empty line), and no number starts with 0 -- a 0 in a clue of several numbers, or leading a number of
    several digits. The puzzle's own rule, read before any clue is compared: a changed clue written so is in doubt too
    (review), never a pass."""
    if list(sizes) == [1]:
        return []
    out, n = [], 0
    for size in sizes:
        if n < len(digits_read) and digits_read[n] == 0:
            out.append(n)
        n += size
    return out


def _zero_doubted(reading: ClueReading | None) -> ClueReading | None:
    """``reading`` with a sure 0 where no clue holds one (:func:`_impossible_zeros`) read below the confident level
    (ZERO_DOUBT; values None, doubtful), so a second reader is asked about it: the digit reader's misread is likelier
    than such a clue (a blurred 6 closed into a ring read 0 at 0.905, "0 4" for "6 4"). Read glyphs are judged by the
    puzzle's rule here, in check_clue_area; read_clue_strips reads what is drawn."""
    if reading is None or reading.values is None or len(reading.glyph_reads) != sum(reading.sizes):
        return reading
    doubted = _impossible_zeros([d for d, _ in reading.glyph_reads], reading.sizes)
    if not doubted:
        return reading
    return replace(reading, values=None, doubtful=True, confidence=min(reading.confidence, ZERO_DOUBT),
                   glyph_reads=tuple((d, min(c, ZERO_DOUBT) if n in doubted else c)
                                     for n, (d, c) in enumerate(reading.glyph_reads)))


OLD_STYLE_SHARE = 0.8  # a page whose sure 0s, 1s and 2s stand at most this share of its sure other digits' height
# (median against median) sets old-style figures: x-height 0 1 2, the others rising or descending past it
# ("sure" here: read as that digit at this confidence at least, the reader's best guess more likely than not -- Goudy
# Bookletter's "1", a small capital I, is read 1 at 0.55-0.9 on a whole page: with the confident level no page of it
# set old-style figures, and every "1" beside its tall 4s, 5s and 7s was a fragment)
FIGURE_HEIGHT_CONFIDENCE = 0.5


def _figure_heights(boxes: list[list[int]], readings: list, confident: float) -> dict[int | None, float] | None:
    """On a page of old-style figures, the height of each digit's kind (0-2: the median height of the glyphs read
    surely as 0, 1 or 2; 3-9: of those read surely as 3-9), by digit; None on a page of lining figures (or with
    fewer than 2 sure glyphs of either kind)."""
    short = [b[3] - b[1] for b, r in zip(boxes, readings) if r.digit in (0, 1, 2) and r.confidence >= confident]
    tall = [b[3] - b[1] for b, r in zip(boxes, readings)
            if r.digit is not None and r.digit >= 3 and r.confidence >= confident]
    if len(short) < 2 or len(tall) < 2 or np.median(short) > OLD_STYLE_SHARE * np.median(tall):
        return None
    low, high = float(np.median(short)), float(np.median(tall))
    return {d: (low if d <= 2 else high) for d in range(10)}


def _odd_glyph(box: list[int], digit_h: float, ink: np.ndarray | None = None, pair_aspect: float = 1.05) -> bool:
    """Whether a glyph is no one digit's shape at the digit height ``digit_h``: wider than ``pair_aspect`` x its
    height (touching digits; not a round glyph, see :func:`_round_glyph`, when ``ink`` is given; a wide display face
    raises it, see :func:`_wide_face_pair`), shorter than FRAGMENT of it (a fragment) or taller than TALL_GLYPH of it
    (a bar, two lines touching)."""
    w, h = box[2] - box[0], box[3] - box[1]
    wide = w > pair_aspect * h and not (ink is not None and w <= ROUND_GLYPH_ASPECT * h
                                         and _round_glyph(ink[box[1]:box[3], box[0]:box[2]]))
    return wide or h < FRAGMENT * digit_h or h > TALL_GLYPH * digit_h


ROUND_GLYPH_ASPECT = 1.3  # a glyph up to this many times as wide as tall ...
ROUND_GLYPH_HOLE = 0.4  # ... around one hole of paper at least this share of its height tall, spanning its middle
ROUND_GLYPH_HOLE_WIDTH = 0.45  # ... and this share of its width wide
ROUND_GLYPH_SYMMETRY = 0.8  # ... the ink the same mirrored each way to this share (_mirror_symmetry)


def _round_glyph(mask: np.ndarray) -> bool:
    """Whether a glyph's ink (``mask``: its box, bool) wider than tall is one round glyph, not two touching digits: at
    most ROUND_GLYPH_ASPECT x as wide as tall, enclosing exactly one hole of paper (4-connected) that spans the middle
    40 % of its width, at least ROUND_GLYPH_HOLE of its height tall, ROUND_GLYPH_HOLE_WIDTH of its width wide and at
    most 1.6 x as tall as wide, the ink the same mirrored left to right and top to bottom (ROUND_GLYPH_SYMMETRY) -- an
    old-style "0" (Goudy Bookletter's, a ring at the x-height, 10 x 9 px at 18 px: cut at its thinnest column it read
    "?2"). Two digits touching enclose their counters each in its own half ("00", "08") or are no mirror image of
    themselves ("10"); two serif 1s touching at their serifs enclose a narrow slot."""
    h, w = mask.shape
    if h < 4 or w > ROUND_GLYPH_ASPECT * h:
        return False
    paper = np.pad(~mask, 1, constant_values=True).astype(np.uint8)
    count, labels, st, _ = cv2.connectedComponentsWithStats(paper, connectivity=4)
    holes = [k for k in range(1, count) if k != labels[0, 0]]
    if len(holes) != 1:
        return False
    x, y, hw, hh = (int(st[holes[0], i]) - (1 if i < 2 else 0) for i in range(4))
    return (x <= 0.3 * w and x + hw >= 0.7 * w and hw >= ROUND_GLYPH_HOLE_WIDTH * w and hh >= ROUND_GLYPH_HOLE * h
            and hh <= 1.6 * hw and _mirror_symmetry(mask) >= ROUND_GLYPH_SYMMETRY)


def _digits_confident() -> float:
    """The digit reader's confident level (:data:`digits.CONFIDENT`)."""
    from genpuzzle.verifiers import digits

    return float(getattr(digits, "CONFIDENT", 0.9))


def expected_support(reading: ClueReading, expected: list[int]) -> float:
    """How far an unsure strip can be the puzzle's numbers: the smallest probability the digit reader gives
    any glyph's expected digit (0 when the glyphs do not fall into the expected numbers and digits)."""
    from genpuzzle.verifiers import digits

    want = [str(v) for v in expected]
    try:
        reader = digits.default_reader()
    except Exception:
        return 0.0
    best = 0.0
    # the glyphs as read, and with the glyphs tried as two touching digits cut in two, each cut tried (kiloji's
    # "10" read as one glyph that is no digit: the halves of one of its cuts give the 1 and the 0 their chance)
    for cells, sizes in ((reading.glyph_cells, reading.sizes),) + tuple(reading.cut_alternatives):
        if not cells or list(sizes) != [len(w) for w in want] or len(cells) != len("".join(want)):
            continue
        prepared = digits.prepare_cells(list(cells))
        if any(p.image is None for p in prepared):
            continue
        probs = reader.probabilities(np.stack([p.image for p in prepared]))
        best = max(best, float(min(probs[k, int(ch)] for k, ch in enumerate("".join(want)))))
    return best


MAX_OCR_NUMBERS = 24  # more clue numbers to ask than this on one page: no second opinion (the page is judged as the
# digit reader alone reads it), as the Sudoku reader skips a grid with more than 12 unsure cells
MAX_OCR_CONFIRM = 48  # ... on a page in doubt over many strips, its numbers holding an unsure glyph (the second
# reader's readings then only confirm the puzzle's numbers): at most this many


def _number_crops(dark: np.ndarray, reading: ClueReading, every: bool = False) -> list[tuple[str, np.ndarray | None]]:
    """Per number of a clue strip read with every glyph a digit: the digits the reader read (its best guesses) and,
    when any glyph of the number was read below the confident level, the number's ink as an image for the OCR
    recogniser (dark ink on white; only the darkness inside the number's glyph boxes, so a neighbouring number's
    ink cannot join it); None for a number read surely."""
    from genpuzzle.verifiers import digits

    out: list[tuple[str, np.ndarray | None]] = []
    n = 0
    H, W = dark.shape
    margin = max(2, round(0.3 * reading.digit_size[0]))
    for size in reading.sizes:
        boxes, reads = reading.glyphs[n:n + size], reading.glyph_reads[n:n + size]
        n += size
        text = "".join(str(d) if d is not None else "?" for d, _ in reads)
        if not every and all(c >= digits.CONFIDENT for _, c in reads):
            out.append((text, None))
            continue
        x0, y0 = max(0, min(b[0] for b in boxes) - margin), max(0, min(b[1] for b in boxes) - margin)
        x1, y1 = min(W, max(b[2] for b in boxes) + margin), min(H, max(b[3] for b in boxes) + margin)
        if x1 <= x0 or y1 <= y0:
            # (rubric 45) the number's glyphs lie off this image (a strip read on past the input's frame, its boxes in
            # the answer page's frame: HELDOUT21's title-card 15x15 raised here): a blank crop, which the recogniser
            # reads as nothing, so the number is not confirmed (None would take it as read surely)
            out.append((text, np.full((8, 8), 255, np.uint8)))
            continue
        keep = np.zeros((y1 - y0, x1 - x0), bool)
        for bx0, by0, bx1, by1 in boxes:
            lean = math.ceil(abs(reading.slant) * (by1 - by0) / 2) + 1  # an italic glyph's box is its upright one
            keep[max(0, by0 - 1 - y0):by1 + 1 - y0, max(0, bx0 - lean - x0):bx1 + lean - x0] = True
        out.append((text, (255 - np.where(keep, dark[y0:y1, x0:x1], 0)).astype(np.uint8)))
    return out


# Characters the recogniser outputs that are a digit's shape, read as that digit in a clue strip (which holds only
# numbers): an old-style or Didone "0" is an "o", a serif "1" an "I". Only these look-alikes: any other letter
# (an "A", a "B" for an 8) stays a letter.
DIGIT_LOOKALIKES = {"0": "oO", "1": "Il|"}
JOINT_READER_SUPPORT = 0.01  # the digit reader rules out a digit it gives less than this probability (see clue_second_opinions)


def _joint_reading(glyph_probs: np.ndarray, got: Any) -> dict[str, Any] | None:
    """The number the digit reader and the OCR recogniser read together: each digit string of the number's glyph count
    is scored by the product of the digit reader's probabilities of its digits (``glyph_probs``: glyphs x 12
    classes) and the recogniser's probability of reading exactly that string (CTC over its output steps, digit
    look-alikes counted as their digits). Returns the best string (``joint``), the recogniser's probability of it
    (``ocr_p``) and the smallest probability the digit reader gives one of its digits (``reader_p``); None when the
    recogniser's output steps are not known."""
    from genpuzzle.verifiers import ocr

    if getattr(got, "steps", None) is None or not len(glyph_probs):
        return None
    n = len(glyph_probs)
    digit_p = np.asarray(glyph_probs, np.float64)[:, :10]
    if n <= 2:
        strings = ["".join(str(c) for c in t) for t in np.ndindex(*(10,) * n)]
    else:  # (three glyphs in one clue number is itself a misreading: only the two readers' own best strings)
        strings = sorted({"".join(str(int(k)) for k in digit_p.argmax(axis=1))} | (
            {got.text} if len(got.text) == n and got.text.isdigit() else set()))
    reader_p = np.array([float(np.prod([digit_p[k, int(ch)] for k, ch in enumerate(t)])) for t in strings])
    ocr_p = ocr.string_probabilities(got, strings, DIGIT_LOOKALIKES)
    best = int((reader_p * ocr_p).argmax())
    return {"joint": strings[best], "ocr_p": round(float(ocr_p[best]), 3),
            "reader_p": round(float(min(digit_p[k, int(ch)] for k, ch in enumerate(strings[best]))), 3)}


def clue_second_opinions(dark: np.ndarray, readings: list[ClueReading | None], check_all: set[int] = frozenset(),
                         read_uncut: set[int] = frozenset()
                         ) -> tuple[list[ClueReading | None], dict[int, list[dict[str, Any]]], str | None]:
    """Ask the OCR recogniser (:mod:`genpuzzle.verifiers.ocr`) about the clue strips read unsure only because a glyph
    was read below the confident level (every glyph read as a digit, glyphs and numbers cut clearly), as the Sudoku
    reader does for its unsure cells, all numbers of the page in one call of the recogniser's model. A number is sure
    when the recogniser reads exactly the digit reader's best guesses at ``ocr.OCR_MIN_SCORE`` or more (two readers
    agree), or when the two readers read it together (:func:`_joint_reading`): the digit string the product of their
    probabilities favours, which the recogniser reads at ``ocr.OCR_MIN_SCORE`` or more (its CTC probability, digit
    look-alikes "o"/"I" counted as 0/1) and the digit reader does not rule out (each digit at JOINT_READER_SUPPORT or
    more). So a glyph the digit reader doubts and the recogniser reads surely (Monoid's or Sora's flagged "1", read 7
    at 0.6 by the digit reader and 1 at 1.0 by the recogniser) is read, while a digit drawn as another stays that
    other digit for both. A strip with a digit so taken that the digit reader read otherwise is ``joint_override``:
    evidence for the puzzle's numbers only (see check_clue_area). Otherwise a number stays unsure. A strip all of whose numbers are sure so takes those values, ``second_reader``
    set (whatever the puzzle's are: a changed clue read so is a sure change; its numbers were cut clearly, so they
    stand as read, like a clearly spaced clue that fits no line). Strips in ``check_all`` (read surely) have every
    number asked; square-cut strips in ``read_uncut`` are asked as read before the cut (``uncut_reading``: the glyph
    read whole, below the confident level). Returns the readings, per strip index the opinions asked, and a note when
    none were asked (no recogniser, or more than MAX_OCR_NUMBERS numbers to ask)."""
    from genpuzzle.verifiers import digits, ocr

    asked: list[tuple[int, list[tuple[str, np.ndarray | None]]]] = []
    spaced: list[tuple[int, list[tuple[str, np.ndarray | None]]]] = []  # strips in doubt only for their spacing
    candidates: dict[int, ClueReading] = {}
    for j, r in enumerate(readings):
        if j in read_uncut and r is not None and r.uncut_reading is not None:
            r = r.uncut_reading  # the glyph cut in two read whole, unsure: the second reader may make it sure
        if (r is not None and r.values is None and not r.cut_clearly and r.unclear_gaps is not None
                and r.line_length is not None and not r.square_cut and r.glyphs
                and len(r.glyph_reads) == len(r.glyphs) == sum(r.sizes)
                and all(d is not None for d, _ in r.glyph_reads)):
            # (rubric 64) every glyph a digit, only its spacing unclear ("1 6 1" in Klaudia, a narrow "1" 0.6 digit
            # widths from the wide "6"): asked, then grouped by the puzzle as a strip read surely is (see below)
            spaced.append((j, _number_crops(dark, r)))
            candidates[j] = r
            continue
        if (r is None or (r.values is not None and j not in check_all) or r.square_cut or not r.cut_clearly
                or not r.glyphs or len(r.glyph_reads) != len(r.glyphs) or sum(r.sizes) != len(r.glyphs)
                or any(d is None and c >= digits.CONFIDENT for d, c in r.glyph_reads)):
            # (a glyph read surely as no digit is a letter, and stays one; one read as no digit below the confident
            # level is asked too: only the two readers' joint reading can make it a digit, see below)
            continue
        asked.append((j, _number_crops(dark, r, every=j in check_all)))
        candidates[j] = r
    def _count(which: list) -> int:
        return sum(crop is not None for _, numbers in which for _, crop in numbers)

    # strips holding a glyph read as no digit (below the confident level) are asked on top of the others, as evidence
    # for the puzzle's numbers only; the others are asked as they were before those were (their count decides)
    # (only their numbers holding an unsure glyph: a no-digit glyph is unsure)
    no_digit = {j for j, _ in asked if any(d is None for d, _ in candidates[j].glyph_reads)}
    plain = [(j, numbers) for j, numbers in asked if j not in no_digit]
    partial = False
    if _count(plain) > MAX_OCR_NUMBERS and check_all:
        # too many to ask every number of the page's strips in doubt: only the numbers holding a glyph read below the
        # confident level are asked, and what the readers agree on is evidence for the puzzle's numbers only (a
        # number read surely but not asked may be a sure misread: Roboto Thin's "7" for "1")
        asked = [(j, _number_crops(dark, candidates[j])) for j, _ in asked]
        partial = True
    elif _count(plain) <= MAX_OCR_NUMBERS:
        asked = plain + [(j, _number_crops(dark, candidates[j])) for j, _ in asked if j in no_digit]
        if _count(asked) > MAX_OCR_CONFIRM:
            asked = plain  # (the no-digit strips would take the page over the cap: asked as before they were)
    if not partial and _count(asked) + _count(spaced) <= MAX_OCR_NUMBERS:
        asked += spaced  # (only within the cap: they never take a page's other strips' second opinion away)
    count = _count(asked)
    if not count:
        return readings, {}, None
    if count > (MAX_OCR_CONFIRM if partial or _count(plain) <= MAX_OCR_NUMBERS else MAX_OCR_NUMBERS):
        return readings, {}, (f"{count} unsure clue numbers, more than {MAX_OCR_NUMBERS}: no second opinion asked")
    if not ocr.ocr_available():
        return readings, {}, ocr.UNAVAILABLE
    got_list = ocr.read_cells([crop for _, numbers in asked for _, crop in numbers if crop is not None])
    got_all = iter(got_list)
    # the digit reader's class probabilities of the glyphs of every asked number the recogniser reads otherwise, in one
    # batch (a number both read the same needs no joint reading)
    glyph_probs: dict[tuple[int, int], np.ndarray] = {}
    cells, keys = [], []
    got_iter = iter(got_list)
    for j, numbers in asked:
        r = candidates[j]
        n = 0
        for k, (text, crop) in enumerate(numbers):
            size = r.sizes[k]
            got = next(got_iter) if crop is not None else None
            if (got is not None and not (got.text == text and got.score >= ocr.OCR_MIN_SCORE)
                    and len(r.glyph_cells) == len(r.glyphs)):
                cells.extend(r.glyph_cells[n:n + size])
                keys.append(((j, k), size))
            n += size
    if cells:
        try:
            prepared = digits.prepare_cells(list(cells))
            probs = (digits.default_reader().probabilities(np.stack([p.image for p in prepared]))
                     if all(p.image is not None for p in prepared) else None)
        except Exception:  # no usable digit model: only the plain agreement counts
            probs = None
        n = 0
        for key, size in keys:
            if probs is not None:
                glyph_probs[key] = probs[n:n + size]
            n += size
    out = list(readings)
    opinions: dict[int, list[dict[str, Any]]] = {}
    for j, numbers in asked:
        r = candidates[j]
        sure = True
        values, scores = [], []
        for k, (text, crop) in enumerate(numbers):
            if crop is None:
                values.append(text)
                continue
            got = next(got_all)
            agrees = got.text == text and got.score >= ocr.OCR_MIN_SCORE
            opinion = {"classifier": text, "ocr_text": got.text, "ocr_score": round(got.score, 3), "agrees": agrees}
            read, score = (text, got.score) if agrees else (None, 0.0)
            joint = _joint_reading(glyph_probs[(j, k)], got) if (j, k) in glyph_probs else None
            if joint is not None:
                opinion.update(joint)
                if (not agrees and joint["ocr_p"] >= ocr.OCR_MIN_SCORE
                        and joint["reader_p"] >= JOINT_READER_SUPPORT):
                    read, score = joint["joint"], joint["ocr_p"]
                    opinion["agrees"] = True
            scores.append(score)
            opinions.setdefault(j, []).append(opinion)
            sure &= read is not None
            values.append(read if read is not None else text)
        if not sure or j not in opinions:
            continue  # (no number of the strip could be shown to the recogniser: it stays as read)
        if any(len(t) > 1 and t[0] == "0" for t in values):
            continue  # a number does not start with 0
        conf = min(c for _, c in r.glyph_reads)
        ocr_score = min(scores)
        # (a "1" leaning unlike the page's 1s that both readers read "1": Unexplored Galaxies' narrow "7" -- the
        # glyph's doubt is its shape on this page, which no reader of the glyph alone settles)
        only = partial or any("?" in t for _, (t, _) in zip(values, numbers)) or r.lean_doubted
        override = any(v != t for v, (t, _) in zip(values, numbers))
        if r.unclear_gaps is not None and not r.cut_clearly:
            values = _grouped_by_puzzle("".join(values), r.unclear_gaps, r.line_length)
            if values is None:
                continue  # (no one grouping the spacing allows fits the line: it stays unsure)
        out[j] = replace(r, values=[int(t) for t in values], text=" ".join(values),
                         sizes=tuple(len(t) for t in values),
                         confidence=round(1.0 - (1.0 - conf) * (1.0 - ocr_score), 3), doubtful=False,
                         second_reader=True, joint_override=override,
                         confirms_only=only, before_second=readings[j] if only else None)
    return out, opinions, None


def _grouped_by_puzzle(digits: str, gaps: tuple[tuple[float, ...], ...], length: int | None) -> list[str] | None:
    """A strip's digits (one per glyph, in reading order) grouped into numbers as the only grouping its spacing
    allows that fits a line of ``length`` cells (:func:`_groupings_by_line`; ``gaps`` per text line), or None
    when none or several do."""
    if length is None or not digits.isdigit() or len(digits) != sum(len(g) + 1 for g in gaps):
        return None
    flat = iter(int(d) for d in digits)
    fitting = _groupings_by_line([[next(flat) for _ in range(len(g) + 1)] for g in gaps], [list(g) for g in gaps],
                                 length)
    return [str(v) for v in fitting[0]] if len(fitting) == 1 else None


CLUE_INK = 100  # darkness from which a clue-strip pixel is surely glyph ink
CLUE_FAINT_INK = 25  # darkness from which a clue-strip pixel is faint ink (2 x 2 px at least: paper, texture, JPEG stay under)
FAINT_GLYPH_SHARE = 0.25  # a strip with no glyph read but this share of a digit's ink at the faint level is in doubt
READ_DIGIT_FRACTION = 0.025  # a strip whose pixels differ from the input by this much of a digit is read
SWAP_DIGIT_FRACTION = 0.15  # ... or with this much of a digit's ink swapped with paper, pixel for pixel
EXPECTED_SUPPORT = 0.2  # an unsure strip whose every glyph has this probability of its expected digit: review
# A page with at least this many strips read in doubt, and this share of the strips read, is in a clue font the
# reader does not know well: its doubtful strips go to review, whatever their pixels. (Fonts the reader knows:
# 0-2 doubtful strips on a 15x15 page; a small italic: 4-5 of 30; a handwriting font at 9-12 px: 7-25 of 9-30.)
UNRELIABLE_PAGE_UNSURE = 3
UNRELIABLE_PAGE_SHARE = 0.1
UNTRUSTED_PAGE_SHARE = 0.25  # ... with this share in doubt, its confident readings are no evidence of a change either


_WEIGHT_KERNEL = np.ones((3, 3), np.uint8)


def _swapped_px(ref: np.ndarray, got: np.ndarray) -> int:
    """Pixels of a clue strip that swapped ink and paper without any tolerance (``ref`` the input's contrast, ``got``
    the answer's aligned to it): a digit changed into a similar one (9 -> 5 at a small font) leaves only thin slivers
    that :func:`check_clue_area`'s tolerant counts discard."""
    return int(np.count_nonzero(((ref >= 160) & (got < 80)) | ((got >= 160) & (ref < 80))))


def check_clue_area(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any],
                    min_digit_fraction: float, answer_contrast: np.ndarray | None = None,
                    clues: dict[str, list[list[int]]] | None = None, observed: np.ndarray | None = None,
                    answer_page: tuple[np.ndarray, Any] | None = None
                    ) -> tuple[list[Violation], float, dict[str, Any]]:
    """Check each row's and column's clue strip of the answer: unchanged pixels, or the same numbers.

    Each strip is first compared with the input's pixels, aligned locally (best shift within a few
    pixels, absorbing what registration left): input ink missing from the answer (erased) and strong
    ink added (overwritten), beyond a 2-3 px tolerance for blur and JPEG, count as changed pixels. A strip
    with at least ``min_digit_fraction`` of one digit's ink changed is then read by value with the digit
    reader (``clues``: the true ``row``/``col`` clues) as soon as READ_DIGIT_FRACTION of a digit's ink
    differs: the same numbers in another font pass; other numbers are a ``clue_changed`` violation with
    what was read; an unsure reading is charged as changed and listed for review. Without ``clues``
    every strip with ``min_digit_fraction`` changed is a violation. ``observed`` (registration's ``valid``)
    marks where the image shows the answer's page: elsewhere registration shows the input, which is read as
    paper (an answer cropped tighter than the input's clues must not read the input's digits beside its
    own), and a strip that differs from the puzzle's numbers while input clue ink lies hidden there is
    listed for review, not charged as a change. ``answer_page`` (the answer as returned and its registration,
    ``evaluate.observed_kwargs``): a strip not read as the puzzle's numbers is read again on it past the input frame's
    outer edge (:func:`_read_beyond_frame`: clues a redraw set farther out than the input's frame reaches).
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
    a_con, light_strips, labelled = _light_on_dark_strips(a_con, layout)
    i_con = _input_contrast(input_image)
    min_px = max(6.0, min_digit_fraction * digit_ink_px(font_px))
    read_px = max(4.0, READ_DIGIT_FRACTION * digit_ink_px(font_px))
    swap_px = max(6.0, SWAP_DIGIT_FRACTION * digit_ink_px(font_px))
    m = SHIFT_SEARCH_PX
    a_pad = cv2.copyMakeBorder(a_con, m, m, m, m, cv2.BORDER_CONSTANT, value=0)
    H, W = i_con.shape
    lines = [("row", r) for r in range(layout["rows"])] + [("col", c) for c in range(layout["cols"])]
    changed: list[tuple[str, int, list[int], int, int, int]] = []
    for kind, index in lines:
        x0, y0, x1, y1 = clue_strip(layout, kind, index)
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(W, x1), min(H, y1)
        if x1 - x0 < 4 or y1 - y0 < 4:
            continue
        ref = i_con[y0:y1, x0:x1]
        search = a_pad[y0:y1 + 2 * m, x0:x1 + 2 * m]
        dx = dy = m
        if ref.max() >= 160:
            # (the strips as float, not the pages: a page-sized float copy costs more in page faults than it saves)
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
        # (speed: counted only where the tolerant counts leave the strip unread, and the faint ink only for a strip
        # looked at further; the same decisions)
        if ((clues is not None and (n_erased >= read_px or n_added >= read_px
                                    or _swapped_px(ref, got) >= swap_px))
                or n_erased >= min_px or n_added >= min_px):
            # ink fainter than the reader's floor still written in the strip (a pale pen, an outlined font)
            faint = int(cv2.morphologyEx((got >= CLUE_FAINT_INK).astype(np.uint8), cv2.MORPH_OPEN, opener).sum())
            changed.append((kind, index, [x0, y0, x1, y1], n_erased, n_added, faint))
    violations: list[Violation] = []
    extra: dict[str, Any] = {}
    boxes = [(k, _read_box(layout, k, i, H, W)) for k, i, *_ in changed]
    hidden_ink = outside = None
    if observed is not None and not observed.all():
        a_con = np.where(observed, a_con, 0).astype(a_con.dtype)
        hidden_ink = ~observed & (i_con >= 160)
        outside = ~observed
    outlined = False
    if clues is not None and changed:
        # a page in an outlined font is read by its glyphs' faces (every reader below: see _outline_glyph_faces)
        a_con, outlined = _outline_glyph_faces(a_con, [b for _, b in boxes], font_px)
        if outlined:
            extra["clue_font_outlined"] = True
    lengths = [layout["cols"] if k == "row" else layout["rows"] for k, *_ in changed]
    sides = [_area_sides(layout, k, i) for k, i, *_ in changed]
    # where each strip itself starts in its read box (which reaches on to the page's edge past the strip's outer end)
    ends = [(b[0] - rb[0]) if k == "row" else (b[1] - rb[1]) for (k, _, b, *_), (_, rb) in zip(changed, boxes)]
    readings = ([_zero_doubted(r) for r in read_clue_strips(a_con, boxes, font_px, line_lengths=lengths,
                                                             outside=outside, area_sides=sides, outer_ends=ends)]
                if clues is not None and changed
                else [None] * len(changed))
    beyond_frame: dict[int, dict[str, Any]] = {}
    page_reads_expected: dict[int, str] = {}  # strips the answer as returned reads as the puzzle's numbers
    if answer_page is not None and clues is not None:
        # a redraw's clues set farther out than the input's frame reaches (a taller column-clue area, wider boxes): a
        # strip not read as the puzzle's numbers is read again on the answer as returned, past the frame's edge, before
        # the page's doubt is counted (a strip cut at the frame is no sign of a font the reader does not know) -- read
        # surely there it stands as read (the puzzle's numbers pass, others as many numbers as the puzzle's, or read
        # surely before too, are a change), and otherwise a review (see the loop below)
        past = _page_past_frame(answer_page, font_px)
        for j, ((kind, index, *_), r) in enumerate(zip(changed, readings)):
            if r is None:
                continue
            expected = list(clues[kind][index]) or [0]
            if r.values == expected:
                # (rubric 69) read as the puzzle's numbers, its outermost glyph near the frame's edge, on a page that
                # reaches past it there: numbers past the frame may come before them (HELDOUT30's sampler, its
                # "1 1 1" set wide, the first "1" past the frame: "1 1" passed). Numbers read surely there, set as the
                # strip sets its own (_numbers_past_frame), are a review, never a charge (a border's line or a
                # frame's edge past the clues can read as a "1" too)
                axis = 0 if kind == "row" else 1
                if not (past[axis] and r.glyphs and min(g[axis] for g in r.glyphs) < BEYOND_FRAME_NEAR * font_px):
                    continue
                again = _read_beyond_frame(answer_page, layout, kind, index, r, font_px, lengths[j], sides[j],
                                           outlined, (kind, index) in light_strips, labelled)
                if again is not None and _numbers_past_frame(again, expected, axis, font_px, lengths[j]):
                    extra.setdefault("clues_read_beyond_frame", []).append([kind, index, again.text])
                    beyond_frame[j] = {"read_beyond_frame": {"read": again.values, "read_text": again.text,
                                                             "read_confidence": again.confidence,
                                                             "glyph_boxes": again.glyphs},
                                       "beyond_frame_unsure": True, "more_past_frame": True}
                continue
            again = _read_beyond_frame(answer_page, layout, kind, index, r, font_px, lengths[j], sides[j], outlined,
                                       (kind, index) in light_strips, labelled)
            if again is not None and again.text.split(" ") == [str(v) for v in expected]:
                page_reads_expected[j] = again.text  # (rubric 67) see the loop below
            # (rubric 64) a strip read unsure, or surely as the puzzle's last numbers only, may be cut by the frame
            cut_short = r.values is None or (len(r.values) < len(expected)
                                              and expected[len(expected) - len(r.values):] == r.values)
            if again is None or not (any(g[0 if kind == "row" else 1] < 0 for g in again.glyphs)
                                     or (cut_short and _ink_at_frame_edge(a_con, changed[j][2], kind))):
                # no ink past the frame, and none of such a strip cut by its edge: nothing more seen (rubric 64: a
                # local bend can push a glyph the page's own matrix leaves within the frame past its edge --
                # HELDOUT20's split redraw, its columns' first "1" cut by the frame's top: "? 4 1", read whole here
                # "1 4 1"; a strip read surely as other numbers is judged as read, whatever runs along the frame's
                # edge: HELDOUT19's fax header)
                continue
            if (again.values is None and r.values is not None
                    and not "".join(map(str, expected)).endswith("".join(map(str, r.values)))
                    and not _ink_at_frame_edge(a_con, changed[j][2], kind)):
                # (rubric 67) read surely within the frame, no glyph cut by its edge, as numbers whose digits end no
                # way the puzzle's do: numbers past the frame could only come before them, so the strip is a change
                # whatever they are (HELDOUT26's music stand, a 1-px upright past the frame over a "3 2" for "6")
                continue
            note: dict[str, Any] = {"read_beyond_frame": {"read": again.values, "read_text": again.text,
                                                          "read_confidence": again.confidence,
                                                          "glyph_boxes": again.glyphs}}
            extra.setdefault("clues_read_beyond_frame", []).append([kind, index, again.text])
            if again.values is not None and (again.values == expected or r.values is not None
                                             or len(again.values) == len(expected)):
                readings[j] = replace(again, number_frames=again.number_frames or r.number_frames)
            elif again.values is not None or r.values is not None:
                # (read surely past the frame as more or fewer numbers than the puzzle's where the frame's image was
                # unsure: ink past the frame may be the page's, a table's grain: a review, never a charge)
                note["beyond_frame_unsure"] = True
            beyond_frame[j] = note
    unsure = [j for j, r in enumerate(readings) if r is not None and r.values is None]
    # a page read in doubt over several strips at its own pen weight (see UNRELIABLE_PAGE_UNSURE below)
    n_first = sum(r is not None and r.values is None and r.doubtful for r in readings)
    doubt_first = n_first >= UNRELIABLE_PAGE_UNSURE and n_first >= UNRELIABLE_PAGE_SHARE * len(readings)
    if unsure:
        # a pen 1 px heavier or lighter than the reader knows (small bold digits): read those strips again
        # with the strokes thinned and thickened by 1 px; a value is taken only when every sure re-reading
        # agrees on it, so a changed digit still reads as what it is
        size, slant = readings[unsure[0]].digit_size, readings[unsure[0]].slant
        again = [[_zero_doubted(r) for r in read_clue_strips(
                      op(a_con, _WEIGHT_KERNEL), [boxes[j] for j in unsure], font_px, size, slant,
                      [lengths[j] for j in unsure], outside, [sides[j] for j in unsure], [ends[j] for j in unsure],
                      readings[unsure[0]].ones_lean)]
                 for op in (cv2.erode, cv2.dilate)]
        for n, j in enumerate(unsure):
            # only a re-reading that finds the same glyphs in the same numbers counts (a thin pen thinned
            # further can lose a whole glyph and read "nothing")
            # and finds each glyph where it was, whole, or reads it as a digit the reader saw in it at first: a thin
            # stroke thinned away can leave another digit's shape (3270's light "4", first read an unsure 9, thinned to
            # its stem and read a sure "1"; a serif 1 thinned to its bar is still a 1), see _same_glyphs
            same = [r[n] for r in again if (r[n].sizes == readings[j].sizes
                                            or _line_grouping_of(r[n], readings[j], changed[j][0], lengths[j]))
                    and _same_glyphs(r[n], readings[j], readings[j].digit_size[0])]
            sure = {tuple(r.values) for r in same if r.values is not None}
            if len(sure) == 1 and not _reweighted_evidence_only(doubt_first, sure, changed[j][:2], clues):
                readings[j] = next(r for r in same if r.values is not None)
    # A page on which the reader stays in doubt over several strips (glyphs below the confident level, or
    # not cut clearly) is in a clue font it does not know well: its doubtful strips are no evidence of a
    # changed clue (they go to review, whatever their pixels), and when a large share of its strips is in
    # doubt (a handwriting font at a small size) neither are its confident readings (confident misreads
    # come with the doubtful ones). A strip with no glyph left (an erased clue) is still a change, and
    # glyphs read surely as no digit (letters) are not in doubt.
    n_unsure = sum(r is not None and r.values is None and r.doubtful for r in readings)
    unreliable = n_unsure >= UNRELIABLE_PAGE_UNSURE and n_unsure >= UNRELIABLE_PAGE_SHARE * len(readings)
    untrusted = unreliable and n_unsure >= UNTRUSTED_PAGE_SHARE * len(readings)
    if unreliable:
        extra["clue_reading_unreliable"] = {"unsure_strips": n_unsure, "strips_read": len(readings),
                                            "confident_readings_trusted": not untrusted}
    # A second reader (OCR) on the strips still unsure only for a glyph read below the confident level, and on a page
    # whose confident readings are not trusted, on the strips read confidently as other numbers than the puzzle's:
    # where both readers agree, the reading is sure (a change so read is charged, whatever the page's doubt)
    recheck = {j for j, (r, (kind, index, *_)) in enumerate(zip(readings, changed))
               if untrusted and clues is not None and r is not None and r.values is not None
               and r.values != (list(clues[kind][index]) or [0])}
    # there, a strip read unsure has every number asked, not only its unsure ones: a number the digit reader read surely
    # is no evidence on such a page either (HELDOUT6 Roboto Thin: "7 2 1" for "1 2 1", its "7" a sure misread of a thin
    # "1", its last "1" confirmed by the recogniser, charged as a change read by both readers)
    if untrusted:
        recheck |= {j for j, r in enumerate(readings) if r is not None and r.values is None}
    # and a strip whose glyph, read as no digit or unsure, was cut in two into other numbers than the puzzle's (a
    # review): asked as read before the cut (HELDOUT9's light Dosis "6" read 6 at 0.87 whole, cut into a sure "13")
    uncut = {j for j, (r, (kind, index, *_)) in enumerate(zip(readings, changed))
             if clues is not None and r is not None and r.square_cut and r.values != (list(clues[kind][index]) or [0])}
    before_second = list(readings)
    readings, opinions, opinion_note = clue_second_opinions(a_con, readings, recheck, uncut)
    readings = [_regrouped_by_line(r, kind, length) for r, (kind, *_), length in zip(readings, changed, lengths)]
    if opinion_note:
        extra["clue_second_opinion_note"] = opinion_note
    in_doubt = unreliable
    if unreliable and _doubt_resolved(before_second, readings, opinions):
        # every strip the digit reader was in doubt over read the same by the second reader, each number exactly as the
        # digit reader's own best guesses: the page's font is one the reader reads right, only below its confident level
        # (Goudy Bookletter's "1", a small capital I, read 1 at 0.55-0.9 and "I" by the recogniser) -- its doubt is no
        # sign of confident misreads, and the strips so read stand as read (not only as evidence for the puzzle's numbers)
        extra["clue_reading_unreliable"]["resolved_by_second_reader"] = True
        unreliable = untrusted = False
        readings = [replace(r, confirms_only=False, before_second=None)
                    if r is not None and r.confirms_only and not r.lean_doubted else r for r in readings]
    # a page still in doubt over a large share of its strips after the second reader (the two readers disagreeing
    # number after number: Bajaderka's brush "1" read 4 by one, 1 by the other) is no evidence of a change even where
    # they agree (both read one such "1" as 4)
    # strips read as other numbers whose glyphs read otherwise are the page's own drawing of the puzzle's digits there,
    # asked of the second reader (see _font_twin_misreads): the puzzle's numbers when it reads them so, else in doubt
    font_twin = _font_twin_misreads(a_con, changed, readings, clues) if clues is not None else {}
    as_read = list(readings)
    readings = _font_twin_confirmed(readings, font_twin, changed, clues)
    n_left = sum(r is not None and ((r.values is None and r.doubtful) or r.confirms_only) for r in readings)
    agreed_trusted = not (n_left >= UNRELIABLE_PAGE_UNSURE and n_left >= UNTRUSTED_PAGE_SHARE * len(readings))
    if untrusted and agreed_trusted and any(ok for ok, _ in font_twin.values()):
        # the page's doubt was its drawing of a digit the digit reader misreads (resolved above): its strips read surely
        # as other numbers are a change when the second reader reads them so too (see check_clue_area's loop)
        readings, more = _sure_changes_asked(a_con, readings, changed, clues)
        opinions.update(more)
    if in_doubt:
        extra["clue_reading_unreliable"]["unsure_after_second_reader"] = n_left
    exemplars = _page_exemplars(changed, as_read, clues) if clues is not None else {}
    # the page's font: every glyph of the strips whose glyphs fall into the puzzle's numbers, labelled with the puzzle's
    # digit at its place, and the reader's digit probabilities for the glyphs of the strips still unsure (see
    # _confirmed_by_font; judged strip by strip below, after the page's doubt was counted, which it does not change)
    font = _page_font(changed, as_read, clues) if clues is not None else []
    font_probs = _font_candidates_probs(changed, as_read, clues, font) if font else {}
    pitches = _number_pitches(changed, readings)
    charged = 0
    prefers_budget = [MAX_OCR_NUMBERS]  # (numbers the second reader may still be asked about sure changes on this page)
    for index_j, ((kind, index, box, n_erased, n_added, faint), reading, (_, (rx0, ry0, rx1, ry1))) in enumerate(
            zip(changed, readings, boxes)):
        where = {"line": kind, "index": index, "erased_px": n_erased, "added_px": n_added, "bbox": box}
        hidden = hidden_ink is not None and bool(hidden_ink[max(0, ry0):ry1, max(0, rx0):rx1].any())
        if reading is None:
            what = "erased" if n_erased >= n_added else "overwritten"
            violations.append(Violation("clue_changed", f"{kind} {index + 1} clue numbers were {what} "
                                        f"({n_erased} px of clue ink missing, {n_added} px of ink added)", where))
            charged += 1
            continue
        expected = list(clues[kind][index]) or [0]
        where.update(read=reading.values, read_text=reading.text, expected=expected,
                     read_confidence=reading.confidence, glyph_boxes=reading.glyphs)
        if index_j in opinions:
            where["second_opinions"] = opinions[index_j]
        if reading.crossbar_ends:
            where["crossbar_ends"] = [list(b) for b in reading.crossbar_ends]
        if reading.confirms_only:
            # the second reader's reading as evidence for the puzzle's numbers only (OCR-A's "2", read as no digit at
            # 0.8 by the digit reader and as a 2 by both readers together; a page with more numbers in doubt than are
            # asked at once): other numbers are judged as the strip was read before, as if no second reader was asked
            if reading.values == expected:
                where["confirmed_by_second_reader_only"] = True
            elif reading.before_second is not None:
                reading = reading.before_second
        if index_j in font_twin:
            # read as other numbers (surely or not), but every glyph read as another digit is the page's own drawing of
            # the puzzle's digit there (M+ 1 Bold's footed "1", read a sure 7): the puzzle's numbers when the second
            # reader reads them so (taken above), else in doubt -- never a confident change
            confirmed, asked = font_twin[index_j]
            where["font_twin_second_opinions"] = asked
            if confirmed:
                where["confirmed_by_font_and_second_reader"] = True
            elif reading.values != expected and not hidden:
                where["font_twin_unconfirmed"] = True
                reading = replace(reading, values=None, doubtful=True)
        if reading.number_frames:  # accounted for: the page's boxes around the numbers, not glyphs
            where["number_frames"] = [list(b) for b in reading.number_frames]
        if reading.neighbour_ink:  # accounted for: the next strips' ink, not of this clue
            where["ink_of_next_strip"] = [list(b) for b in reading.neighbour_ink]
        if reading.beyond_area:  # accounted for: ink of the page's margin, not of this clue
            where["ink_beyond_clue_area"] = [list(b) for b in reading.beyond_area]
            extra.setdefault("ink_beyond_clue_area", []).append([kind, index, [list(b) for b in reading.beyond_area]])
        if (reading.values is None and not reading.square_cut and not hidden
                and reading.text.split(" ") == [str(v) for v in expected]
                and _confirmed_by_page(reading, "".join(map(str, expected)), exemplars)):
            # read below the confident level as the puzzle's numbers, and every glyph the twin of a glyph of the
            # same digit that the page's other strips read surely as the puzzle's numbers: the same drawing
            where["confirmed_by_page"] = True
            reading = replace(reading, values=expected)
        drawn = _as_drawn(reading)
        if (index_j in font_probs and (reading.values is None or reading.square_cut) and reading.values != expected
                and not hidden and _confirmed_by_font(drawn, "".join(map(str, expected)), index_j, font,
                                                      font_probs[index_j])):
            # read unsure (or cut in two), but every glyph the same drawing as the page's other glyphs where the puzzle
            # has its digit, and as none where it has another: the page's font (a hand whose "1" the reader takes for
            # an unsure 2)
            where["confirmed_by_font"] = True
            reading = replace(drawn, values=expected, doubtful=False)
        if (reading.values is not None and reading.values != expected and reading.pair_values == expected
                and not hidden):
            # a glyph wider than the page's digits read surely as one digit, whose cut reads surely as the puzzle's two
            # digits (SteveHand's "14" read as a 4): the puzzle's numbers, like a square cut
            where["wide_glyph_cut"] = True
            reading = replace(reading, values=expected)
        if (reading.values != expected and reading.page_spacing_values == expected and not reading.square_cut
                and not hidden):
            # every digit read surely, and grouped by the page's own spacing of one number's digits the puzzle's
            # numbers (GW Monospace's "10" set as wide apart as two numbers of a proportional font: "1 0"); the spacing
            # alone, never a digit, differed
            where["page_spacing"] = True
            reading = replace(reading, values=expected, doubtful=False)
        if reading.square_cut and reading.values != expected:
            # glyphs read as no digit and cut in two are evidence for the puzzle's numbers only: otherwise review
            where["square_cut"] = True
            reading = replace(reading, values=None, doubtful=True)
        if (reading.joint_override and reading.values is not None and reading.values != expected and not hidden
                and _override_by_font(reading, expected, index_j, font)):
            # the digits the two readers' joint reading took over the digit reader's are the page's own drawing of the
            # puzzle's digit there (M+'s "1" in a "4 1" for "2 1"), in the puzzle's grouping: the strip stands as both
            # readers read it (a change, charged), not only as evidence for the puzzle's numbers
            where["joint_override_font_twin"] = True
            reading = replace(reading, joint_override=False)
        if reading.joint_override and reading.values != expected:
            # a digit the digit reader read otherwise, taken from the two readers' joint reading (Monoid's flagged "1"
            # read 7 by one reader): evidence for the puzzle's numbers only, like a square cut -- the strip's glyphs
            # may still be grouped wrongly (Monoid's wide "15" read as "7 5": "1 5", a change on a correct answer)
            where["joint_override"] = True
            reading = replace(reading, values=None, doubtful=True)
        if index_j in beyond_frame:
            where.update(beyond_frame[index_j])
            if where.get("more_past_frame"):
                reading = replace(reading, values=None, doubtful=True)
        if reading.values is not None and reading.values != expected and index_j in page_reads_expected:
            # (rubric 67) read surely as other numbers on the registered image, but as the puzzle's numbers (surely
            # or as the best guesses) on the answer as returned, mapped by the registration's matrix alone: the two
            # resamplings of one drawing disagree, so neither reading is sure -- a review, never a charged change
            # (HELDOUT27's candlelit Ubuntu Title "6 4", read a sure "8 4" after the local warp)
            where["frame_reads_disagree"] = page_reads_expected[index_j]
            where["beyond_frame_unsure"] = True
        if reading.values == expected:
            extra.setdefault("redrawn_clues", []).append([kind, index])
        elif hidden or where.get("beyond_frame_unsure") or where.get("square_cut") or where.get("joint_override") or where.get("font_twin_unconfirmed") or (
                reading.glyphs and (
                (untrusted and not (reading.second_reader and agreed_trusted))
                or (unreliable and reading.values is None and reading.doubtful))) or (
                not reading.glyphs and unreliable and faint >= FAINT_GLYPH_SHARE * digit_ink_px(font_px)):
            # (the last: no glyph at the reader's ink level, yet a digit's worth of fainter ink in the strip, on a
            # page whose clue font the reader does not know: a pale outlined "0", not an erased clue)
            where["page_unsure_strips"] = n_unsure
            where["faint_ink_px"] = faint
            where["input_clue_ink_hidden"] = hidden
            extra.setdefault("unsure_clues", []).append(where)
            charged += 1
        elif reading.values is None:  # unsure: the pixels decide whether it is a change or a review
            extra.setdefault("unsure_clues", []).append(where)
            charged += 1
            # a strip whose best guesses are the puzzle's numbers, only below the confident level (a font
            # the reader knows less), is a review, not a confident change
            # likewise when the reader gives every glyph's expected digit a fair chance (a cmti10 italic 3
            # read as a 9 at 0.47 still gives the 3 0.26-0.45; a digit changed into another gives it ~0)
            guessed = reading.text.split(" ") == [str(v) for v in expected]
            if (not guessed and not reading.cut_clearly and reading.glyph_reads
                    and "".join(str(d) for d, _ in reading.glyph_reads) == "".join(map(str, expected))
                    and all(d is not None and c >= _digits_confident() for d, c in reading.glyph_reads)):
                # (rubric 45) the puzzle's digits, each read surely, in its order, only their grouping unclear (a
                # "15" set a little wide, 0.62 digit widths apart: "1 5" or "15"): review, not a confident change
                where["grouping_unclear"] = guessed = True
            if not guessed and reading.touching_cut_unread:
                # two touching glyphs cut at their thinnest column into a half read as no digit: the cut may lie
                # inside a digit (Okolaks Bold's "15", the 1's serif run into the 5, cut through the 5's bowl: "?5")
                where["touching_cut_unread"] = guessed = True
            if not guessed and _unsure_cut_at_border(reading, expected, kind, observed,
                                                     pitches.get(kind, pitches.get("any", 0.0))):
                where["cut_off_at_border"] = guessed = True  # (rubric 41) its outermost number cut by the image's edge
            if (n_erased >= min_px or n_added >= min_px) and not guessed:
                where["expected_support"] = round(expected_support(reading, expected), 3)
                guessed = where["expected_support"] >= EXPECTED_SUPPORT
            if (n_erased >= min_px or n_added >= min_px) and not guessed:
                violations.append(Violation("clue_changed", f"{kind} {index + 1} clue numbers differ from the "
                                            f"input ({n_erased} px of clue ink missing, {n_added} px added) and "
                                            f"do not read clearly ({reading.text or 'nothing'})", where))
        elif _cut_off_at_border(reading, expected, kind, observed, pitches.get(kind, pitches.get("any", 0.0))):
            # read surely as the puzzle's last numbers, its first ones missing where the image ends within one number's
            # pitch of the first glyph read (clues redrawn wider than the input's, the first "1" of "1 1 1 1" past the
            # page's edge): what lay there cannot be seen, review, not a confident change
            where["cut_off_at_border"] = True
            extra.setdefault("unsure_clues", []).append(where)
            charged += 1
        elif reading.wide_glyphs and len(reading.glyphs) < len("".join(map(str, expected))) \
                and _in_order_within("".join(map(str, reading.values)), "".join(map(str, expected))):
            # read surely, but with a glyph wider than the page's digits, which may be two touching digits, and fewer
            # glyphs than the puzzle's numbers have digits (SteveHand's "14", its "1" touching the "4" along its
            # length, read as a sure 4): review, not a confident change -- only when the digits read are the
            # puzzle's own in order (a "14" redrawn as a wide "6" is a change: no digit of it was read)
            where["wide_glyphs"] = reading.wide_glyphs
            extra.setdefault("unsure_clues", []).append(where)
            charged += 1
        elif (not reading.second_reader
              and (contradicted := _second_reader_prefers_puzzle(a_con, reading, expected, index_j, font,
                                                                  prefers_budget)) is not None):
            # (rubric 72) read surely as other numbers, but the second reader gives the puzzle's number more probability
            # than the one read: the two readers disagree, so the strip is in doubt -- a review, never a confident change
            where["second_reader_prefers_puzzle"] = contradicted
            extra.setdefault("unsure_clues", []).append(where)
            charged += 1
        else:
            violations.append(Violation("clue_changed", f"{kind} {index + 1} clue reads "
                                        f"{' '.join(map(str, reading.values)) or 'nothing'}, "
                                        f"the puzzle's is {' '.join(map(str, expected))}", where))
            charged += 1
    if hidden_ink is not None:
        compared = {(k, i) for k, i, *_ in changed}
        charged += _unobserved_strips_unsure(layout, [line for line in lines if line not in compared], hidden_ink,
                                             swap_px, extra)
    preserved = 1.0 - charged / len(lines) if lines else 1.0
    return violations, preserved, extra


PREFERS_PUZZLE_P = 0.1  # (rubric 72) the second reader's probability of the puzzle's number, at least, that (above its
# probability of the number read) puts a sure reading of another number in doubt
MAX_PREFERS_ASKED = 6  # ... asked for at most this many numbers a strip (more differ: a strip redrawn, no misread)


def _second_reader_prefers_puzzle(dark: np.ndarray, reading: ClueReading, expected: list[int], j: int,
                                  font: list[tuple[str, np.ndarray, list[int], int]], budget: list[int]
                                  ) -> list[dict[str, Any]] | None:
    """The numbers of a strip read surely as other numbers than the puzzle's, as many as the puzzle's (each glyph a
    digit), that the OCR recogniser reads as the puzzle's numbers rather than the ones read: for every number read
    otherwise (each asked on its glyphs' ink, as :func:`clue_second_opinions` asks), its probability of the puzzle's
    number (digit look-alikes counted as their digits) PREFERS_PUZZLE_P or more and above its probability of the number
    read. One number it does not so read stays a change read by the digit reader and not contradicted (M+'s "2" changed
    into the page's footed "1": both "1"s read a sure 7, the recogniser reading "1" in all three places). Nor is a strip
    whose glyphs of a number read otherwise include the twin (:func:`_twins`) of a glyph of another strip where the
    puzzle has the digit read (``font``: :func:`_page_font`; ``j``: this strip): the page draws the puzzle's digit so
    there (M+'s "1" in a column whose clue is 7, read 7 there: a change the digit reader cannot see), so the other
    strips' glyphs drawn alike stay read as that digit, and charged. Forty-first session (issue 13, rubric 72):
    HELDOUT33's Apropal Bold "4", its bar set on a swash, read a sure "2" (0.93-0.95) on two error-free pages and
    charged; the recogniser reads it "全", giving 4 0.13-0.21 and 2 0.02-0.06. A digit changed into another is drawn as
    that other digit, and the recogniser reads it so. Returns the opinions when every differing number is so read (the
    strip in doubt), else None (also with no recogniser or a call of it that fails, numbers that do not pair up, or
    more numbers to ask than are left of the page's ``budget`` -- ``[count]``, spent as asked; MAX_OCR_NUMBERS a page,
    as the other second opinions: a page of other clues throughout is not read number by number -- the strip is judged
    as read, as before)."""
    from genpuzzle.verifiers import ocr

    if (reading.values is None or len(reading.values) != len(expected) or not reading.glyphs
            or len(reading.glyph_reads) != len(reading.glyphs) or sum(reading.sizes) != len(reading.glyphs)
            or any(d is None for d, _ in reading.glyph_reads)):
        return None
    differ = [k for k, (v, e) in enumerate(zip(reading.values, expected)) if v != e]
    if not differ or len(differ) > min(MAX_PREFERS_ASKED, budget[0]) or not ocr.ocr_available():
        return None
    starts = np.cumsum((0,) + tuple(reading.sizes))
    for k in differ:
        for g in range(int(starts[k]), int(starts[k + 1])):
            if g >= len(reading.glyph_cells):
                return None
            glyph = (_glyph_ink(reading.glyph_cells[g]), list(reading.glyphs[g]))
            read = str(reading.glyph_reads[g][0])
            if any(d == read and i != j and _twins(glyph, (ink, box)) for d, ink, box, i in font):
                return None
    crops = _number_crops(dark, reading, every=True)
    if len(crops) != len(expected):
        return None
    budget[0] -= len(differ)
    try:
        got = ocr.read_cells([crops[k][1] for k in differ])
    except Exception:  # (no second opinion: the sure reading stands, as it did before this rule)
        return None
    opinions, prefers = [], True
    for k, g in zip(differ, got):
        read, want = str(reading.values[k]), str(expected[k])
        p_read, p_want = (float(p) for p in ocr.string_probabilities(g, [read, want], DIGIT_LOOKALIKES))
        opinions.append({"read": read, "expected": want, "ocr_text": g.text, "ocr_score": round(float(g.score), 3),
                         "ocr_p_read": round(p_read, 3), "ocr_p_expected": round(p_want, 3)})
        prefers &= p_want >= PREFERS_PUZZLE_P and p_want > p_read
    return opinions if prefers else None


def _regrouped_by_line(reading: ClueReading | None, kind: str, length: int) -> ClueReading | None:
    """A row strip made sure by the second reader whose numbers cannot be its line's clue takes the one grouping of its
    digits that fits the line and agrees with their spacing (:func:`_groupings_by_line`), as a strip the digit reader
    read surely does in :func:`read_clue_strips` (rubric 41: a photographed page's evenly spaced "1 1 1 1", its spacing
    unclear, read "1111" by both readers on a 10-cell line). The puzzle's size decides, never its clues."""
    if reading is None or not reading.second_reader or reading.values is None or kind != "row" \
            or clue_fits_line(reading.values, length):
        return reading
    digits = [int(ch) for ch in "".join(map(str, reading.values))]
    glyphs = sorted(reading.glyphs, key=lambda g: g[0])
    if len(digits) != len(glyphs) or len(glyphs) < 2 or reading.digit_size[1] <= 0:
        return reading
    fitting = _groupings_by_line([digits], [_slot_gaps(glyphs, reading.digit_size[1])], length)
    if len(fitting) != 1:
        return reading
    return replace(reading, values=fitting[0], text=" ".join(map(str, fitting[0])),
                   sizes=tuple(len(str(v)) for v in fitting[0]))


def _reweighted_evidence_only(page_in_doubt: bool, sure: set[tuple[int, ...]], line: tuple[str, int],
                              clues: dict[str, list[list[int]]] | None) -> bool:
    """Whether a strip read surely only with its strokes thinned or thickened (``sure``: the one value so read) is
    evidence for the puzzle's numbers only, and left unsure otherwise: on a page the reader was in doubt over at its own
    pen weight (``page_in_doubt``, several strips; a clue font it does not know) a sure reading at another weight is no
    evidence of a change (Arapey's narrow "3 3", read "3 8" at 0.65 on a page with five such strips in doubt, thinned
    and read a sure "3 8": a correct answer charged with a changed clue)."""
    if not page_in_doubt or clues is None:
        return False
    kind, index = line
    return list(next(iter(sure))) != (list(clues[kind][index]) or [0])


def _unobserved_strips_unsure(layout: dict[str, Any], unread: list[tuple[str, int]], hidden_ink: np.ndarray,
                              hidden_px_min: float, extra: dict[str, Any]) -> int:
    """Strips that matched the input's pixels only where registration showed the input, not the answer's page: their
    input clue ink lies where ``observed`` is false by at least ``hidden_px_min`` (SWAP_DIGIT_FRACTION of a digit's
    ink: enough to hide a digit changed into a similar one). What the answer drew there was never seen, so the strip is
    listed in ``unsure_clues`` (review), never taken as unchanged (HELDOUT18's graphite plus-grid page, whose column
    clues registration left unobserved, passed with a changed clue). Returns how many strips were listed."""
    H, W = hidden_ink.shape[:2]
    listed = 0
    for kind, index in unread:
        x0, y0, x1, y1 = clue_strip(layout, kind, index)
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(W, x1), min(H, y1)
        if x1 - x0 < 4 or y1 - y0 < 4:
            continue
        hidden_px = int(np.count_nonzero(hidden_ink[y0:y1, x0:x1]))
        if hidden_px >= hidden_px_min:
            extra.setdefault("unsure_clues", []).append(
                {"line": kind, "index": index, "bbox": [x0, y0, x1, y1], "unobserved_clue_ink_px": hidden_px,
                 "input_clue_ink_hidden": True})
            listed += 1
    return listed


def _doubt_resolved(before: list[ClueReading | None], after: list[ClueReading | None],
                    opinions: dict[int, list[dict[str, Any]]]) -> bool:
    """Whether the second reader resolved a page's doubt entirely: every strip read in doubt by the digit reader (a
    glyph below the confident level, or not cut clearly) was asked and is now read surely by both readers, each of its
    numbers read by the recogniser as exactly the digit reader's best guesses (``agrees`` and no joint reading of
    other digits: look-alikes "I" and "o" count as 1 and 0), no number asked on the page was read otherwise, and no
    strip of the page is left unsure (a chalk digit read surely as no digit keeps the page in doubt: HELDOUT16's
    blackboard, whose "?" strips would otherwise be charged by their pixels)."""
    doubtful = [j for j, r in enumerate(before) if r is not None and r.values is None and r.doubtful]
    if not doubtful or not opinions:
        return False
    for j in doubtful:
        r = after[j]
        if r is None or r.values is None or not r.second_reader or r.joint_override or j not in opinions:
            return False
    if any(r is not None and r.values is None for r in after):
        return False  # a strip still unsure (a glyph read surely as no digit: a letter, or a digit the reader cannot read)
    return all(o.get("agrees") and o.get("joint", o["classifier"]) == o["classifier"]
               for ops in opinions.values() for o in ops)


REREAD_BOX_PX = 2  # a glyph re-read with its strokes thinned or thickened by 1 px lies within this many px ...
REREAD_BOX_SHARE = 0.15  # ... or this share of the digit height of where it was read, on every side of its box
REREAD_SUPPORT = 0.05  # ... or the digit reader gave the digit it reads now this probability on the glyph as first read


def _line_grouping_of(again: ClueReading, before: ClueReading, kind: str, length: int) -> bool:
    """Whether a row strip re-read with its strokes 1 px thinner or thicker, grouped otherwise than first read, took
    the one grouping its line allows (:func:`_groupings_by_line`) of the very digits first read, on the first reading's
    own spacing: the grouping :func:`read_clue_strips` takes for sure digits that cannot be the line's clue as spaced,
    which the first reading missed only for a digit just below the confident level (rubric 82: Square Route's bars for
    "1 1 1 1", a narrow "1" on a face of wide digits set a digit's slot apart, read "1111" with one "1" at 0.899; the
    thickened re-read, every "1" at 0.98, grouped "1 1 1 1" and was set aside for its other grouping)."""
    if (kind != "row" or again.values is None or before.digit_size[1] <= 0 or len(again.glyphs) != len(before.glyphs)
            or len(before.glyph_reads) != len(before.glyphs) or len(before.glyphs) < 2):
        return False
    digits = [d for d, _ in before.glyph_reads]
    if None in digits or [int(ch) for ch in "".join(map(str, again.values))] != digits:
        return False
    fitting = _groupings_by_line([digits], [_slot_gaps(sorted(before.glyphs, key=lambda g: g[0]),
                                                       before.digit_size[1])], length)
    return fitting == [again.values]


def _same_glyphs(again: ClueReading, before: ClueReading, digit_h: float) -> bool:
    """Whether the glyphs of a strip re-read with its strokes 1 px thinner or thicker are the glyphs read before: as
    many, and each either lying where it was, whole (every side of its box within max(REREAD_BOX_PX, REREAD_BOX_SHARE x
    the digit height) of where it was), or read as a digit the digit reader gave the glyph as first read at least
    REREAD_SUPPORT (a serif 1 thinned to its bar, first read as no digit at 0.5 with the 1 its runner-up). A glyph that
    lost part of its ink and reads a digit it was never taken for is not the same glyph (3270's light "4", read an
    unsure 9, thinned to its stem and read a sure 1)."""
    from genpuzzle.verifiers import digits

    tol = max(REREAD_BOX_PX, REREAD_BOX_SHARE * digit_h)
    if len(again.glyphs) != len(before.glyphs):
        return False
    moved = [k for k, (a, b) in enumerate(zip(again.glyphs, before.glyphs))
             if any(abs(p - q) > tol for p, q in zip(a, b))]
    if not moved:
        return True
    if len(again.glyph_reads) != len(again.glyphs) or len(before.glyph_cells) != len(before.glyphs):
        return False
    now = [again.glyph_reads[k][0] for k in moved]
    if any(d is None for d in now):
        return False
    try:
        prepared = digits.prepare_cells([before.glyph_cells[k] for k in moved])
        if any(p.image is None for p in prepared):
            return False
        probs = digits.default_reader().probabilities(np.stack([p.image for p in prepared]))
    except Exception:
        return False
    return all(float(probs[n, d]) >= REREAD_SUPPORT for n, d in enumerate(now))


def _cut_off_at_border(reading: ClueReading, expected: list[int], kind: str, observed: np.ndarray | None,
                       page_pitch: float = 0.0) -> bool:
    """Whether a strip read surely as fewer numbers than the puzzle's, exactly its last ones, starts within one number's
    pitch of where the image stops showing the answer's page (the image border, or ``observed``'s edge) on the strip's
    outer side (a row strip's left, a column strip's top): the numbers missing may lie past it. The pitch is the strip's
    own median step from one glyph to the next (two glyph widths with one glyph). A changed number (the puzzle's last
    numbers read otherwise) is never one."""
    values = reading.values
    if not values or len(values) >= len(expected) or expected[len(expected) - len(values):] != values \
            or not reading.glyphs:
        return False
    axis = 0 if kind == "row" else 1
    starts = sorted(g[axis] for g in reading.glyphs)
    steps = [b - a for a, b in zip(starts, starts[1:]) if b > a]
    first = reading.glyphs[0] if kind == "row" else min(reading.glyphs, key=lambda g: g[1])
    pitch = float(np.median(steps)) if steps else 2.0 * (first[2 + axis] - first[axis])
    # (rubric 41: at least the page's own pitch between numbers, where the caller measured it -- a narrow "1" alone in
    # its strip gave a pitch of two "1"s, and a boxed "1 1" whose first box lay past the frame read a sure "1")
    pitch = max(pitch, page_pitch)
    return starts[0] - _outer_edge(first, kind, observed) < pitch


def _number_pitches(changed: list, readings: list) -> dict[str, float]:
    """The page's pitch from one clue number to the next along its strips (the median step between the first glyphs of
    consecutive numbers, over the strips read with two numbers or more), per kind of strip and over both ("any")."""
    steps: dict[str, list[float]] = {"row": [], "col": []}
    for (kind, *_), r in zip(changed, readings):
        if r is None or len(r.sizes) < 2 or len(r.glyphs) != sum(r.sizes):
            continue
        axis = 0 if kind == "row" else 1
        firsts, n = [], 0
        for size in r.sizes:
            firsts.append(r.glyphs[n][axis])
            n += size
        firsts.sort()
        steps[kind] += [float(b - a) for a, b in zip(firsts, firsts[1:]) if b > a]
    out = {k: float(np.median(v)) for k, v in steps.items() if v}
    both = steps["row"] + steps["col"]
    if both:
        out["any"] = float(np.median(both))
    return out


def _outer_edge(first: list[int], kind: str, observed: np.ndarray | None) -> int:
    """Where the image stops showing the answer's page on a strip's outer side of its glyph ``first`` (a page box): the
    image border (0), or ``observed``'s edge along the glyph's rows (a row strip) or columns (a column strip)."""
    if observed is None:
        return 0
    if kind == "row":
        line = observed[first[1]:first[3], :first[0]]
        seen = line.all(axis=0) if line.size else np.zeros(0, bool)
    else:
        line = observed[:first[1], first[0]:first[2]]
        seen = line.all(axis=1) if line.size else np.zeros(0, bool)
    unseen = np.flatnonzero(~seen)
    return int(unseen[-1]) + 1 if unseen.size else 0


CUT_GLYPH_EDGE_PX = 2  # a glyph starting this near where the image stops showing the page may be cut there


def _ink_at_frame_edge(dark: np.ndarray, box: list[int], kind: str) -> bool:
    """Whether glyph ink (CLUE_INK) lies within CUT_GLYPH_EDGE_PX of the image's edge on a strip's outer side, across
    the strip (``box``, page pixels; a row strip's left, a column strip's top): a glyph there may be cut by the
    frame (the strip's read box reaches on to the page's edge)."""
    x0, y0, x1, y1 = (int(v) for v in box)
    if kind == "row":
        band = dark[max(0, y0):max(0, y1), :CUT_GLYPH_EDGE_PX]
    else:
        band = dark[:CUT_GLYPH_EDGE_PX, max(0, x0):max(0, x1)]
    return bool(band.size and (band >= CLUE_INK).any())


def _unsure_cut_at_border(reading: ClueReading, expected: list[int], kind: str, observed: np.ndarray | None,
                          page_pitch: float = 0.0) -> bool:
    """Whether a strip read unsure is unsure only for its outermost number, which starts within the page's pitch
    between numbers (``page_pitch``; CUT_GLYPH_EDGE_PX at least) of where the image stops showing the page (the image
    border, or ``observed``'s edge), its other numbers read as the puzzle's last ones: a number drawn farther out than
    the frame reaches, half seen (a box's edge left of a "1 1" read "? 1 1" for "1 1 1"). What lay past the edge cannot
    be seen: review, not a change charged by the strip's pixels. A number read otherwise is never one."""
    numbers = reading.text.split(" ") if reading.text else []
    if not numbers or "?" not in numbers[0] or len(numbers) - 1 > len(expected) or not reading.glyphs:
        return False
    rest = numbers[1:]
    if rest and rest != [str(v) for v in expected[len(expected) - len(rest):]]:
        return False
    axis = 0 if kind == "row" else 1
    first = min(reading.glyphs, key=lambda g: g[axis])
    return first[axis] - _outer_edge(first, kind, observed) <= max(CUT_GLYPH_EDGE_PX, page_pitch)


BEYOND_FRAME_DEPTH = 1.0  # a strip is read again this many of its own lengths past the input frame's edge (answer_page)
BEYOND_FRAME_NEAR = 2.0  # (rubric 69) ... a strip read as the puzzle's numbers too, when its outermost glyph starts
# within this many font sizes of the frame's edge and the answer reaches a font size past it there


BEYOND_FRAME_SPACING = 1.5  # ... numbers read there are the strip's when no farther from it than this many times its
# own widest gap between glyphs (2.5 font sizes when it has one glyph within the frame) ...
BEYOND_FRAME_ACROSS_OFF = 0.35  # ... and their middle across the strip this many font sizes from its glyphs' at most


def _numbers_past_frame(again: ClueReading, expected: list[int], axis: int, font_px: float, length: int) -> bool:
    """Whether a strip read as the puzzle's numbers within the frame reads, again past it (``again``:
    :func:`_read_beyond_frame`, glyph boxes in input-frame px; ``axis`` 0 along x for a row, 1 along y for a column),
    surely as more numbers ending with the puzzle's, numbers a line of ``length`` cells can hold, the glyphs past the
    frame set as the strip sets its own: the nearest no farther from the frame's first glyph than BEYOND_FRAME_SPACING
    times the widest gap between the frame's glyphs, their middle across the strip within BEYOND_FRAME_ACROSS_OFF font
    sizes of the frame's glyphs'. (A chessboard's edge past a "3" read surely as a "1", five font
    sizes off, is no number of the strip; nor are a comb binding's teeth past a 5-cell column's "2", read "111 2".)"""
    if (again.values is None or len(again.values) <= len(expected) or again.values[-len(expected):] != expected
            or not clue_fits_line(again.values, length)):
        return False
    starts = sorted(g[axis] for g in again.glyphs)
    past, inside = [v for v in starts if v < 0], [v for v in starts if v >= 0]
    if not past or not inside:
        return False
    across = 1 - axis  # (a row's numbers stand on one line, a column's one above another, each centred in it)
    middle = [np.mean([(g[across] + g[across + 2]) / 2 for g in again.glyphs if (g[axis] < 0) == out])
              for out in (True, False)]
    if abs(middle[0] - middle[1]) > BEYOND_FRAME_ACROSS_OFF * font_px:
        return False
    spacing = max(b - a for a, b in itertools.pairwise(inside)) if len(inside) > 1 else 2.5 * font_px / BEYOND_FRAME_SPACING
    return inside[0] - past[-1] <= BEYOND_FRAME_SPACING * spacing


def _page_past_frame(answer_page: tuple[np.ndarray, Any], font_px: float) -> tuple[bool, bool]:
    """Whether the answer as returned (``answer_page``: the image and its registration) reaches a font size or more
    past the input frame's left edge and past its top edge (its corners mapped by the registration's matrix)."""
    raw, registration = answer_page
    matrix = getattr(registration, "matrix", None)
    if matrix is None or raw is None:
        return False, False
    M = np.asarray(matrix, np.float64)
    if M.shape == (2, 3):
        M = np.vstack([M, [0.0, 0.0, 1.0]])
    h, w = np.asarray(raw).shape[:2]
    corners = np.array([[0, 0, 1], [w, 0, 1], [0, h, 1], [w, h, 1]], np.float64) @ M.T
    corners = corners[:, :2] / corners[:, 2:3]
    return bool(corners[:, 0].min() <= -font_px), bool(corners[:, 1].min() <= -font_px)
BEYOND_FRAME_ACROSS = 1.0  # ... with this many font sizes of the page beside it on each side


def _read_beyond_frame(answer_page: tuple[np.ndarray, Any], layout: dict[str, Any], kind: str, index: int,
                       reading: ClueReading, font_px: float, length: int, sides: tuple[str, ...],
                       outlined: bool = False, light_on_dark: bool = False, labelled: bool = False
                       ) -> ClueReading | None:
    """The strip read again on the answer as returned (``answer_page``: the image and its registration), mapped into an
    input frame extended past its outer edge (a row strip's left, a column strip's top) by BEYOND_FRAME_DEPTH of the
    strip's read box: registration's image ends at the input's frame, so clues a redraw set farther out than the input's
    (a taller column-clue area, boxes wider than the input's spacing) lie partly past it and read cut ("1 1 1" for
    "1 1 1 1", "2 2" for "3 2 2"). Read at the page's digit size and slant like every strip, with the strip's outer end
    and the clue area's sides as before; where the answer image does not reach is no page (``outside``). None when the
    answer image does not reach past the frame there (nothing more to see) or its registration has no matrix.
    ``outlined``: the page's clue font is outlined, read by its glyphs' faces (:func:`_outline_glyph_faces`).
    ``labelled``: the page labels its numbers (see :func:`_light_on_dark_strips`), whose labels here are turned over."""
    raw, registration = answer_page
    matrix = getattr(registration, "matrix", None)
    if matrix is None or raw is None:
        return None
    img = np.asarray(raw)
    if img.ndim == 2:
        img = np.stack([img] * 3, axis=-1)
    img = img[..., :3]
    if "+inverted" in (getattr(registration, "method", "") or ""):
        from genpuzzle.registration import invert_lightness

        img = invert_lightness(img)
    M = np.asarray(matrix, np.float64)
    if M.shape == (2, 3):
        M = np.vstack([M, [0.0, 0.0, 1.0]])
    x0, y0, x1, y1 = (int(round(v)) for v in clue_strip(layout, kind, index))
    m = int(round(BEYOND_FRAME_ACROSS * font_px))
    if kind == "row":
        depth = max(1, x1)
        ox, oy, cw, ch = -depth, y0 - m, depth + x1, (y1 - y0) + 2 * m
        box, end = (0, m, cw, m + y1 - y0), depth + max(0, x0)
    else:
        depth = max(1, y1)
        ox, oy, cw, ch = x0 - m, -depth, (x1 - x0) + 2 * m, depth + y1
        box, end = (m, 0, m + x1 - x0, ch), depth + max(0, y0)
    if cw < 4 or ch < 4:
        return None
    to_canvas = np.array([[1.0, 0.0, -ox], [0.0, 1.0, -oy], [0.0, 0.0, 1.0]]) @ M
    covered = cv2.warpPerspective(np.ones(img.shape[:2], np.uint8), to_canvas, (cw, ch), flags=cv2.INTER_NEAREST,
                                  borderValue=0) > 0
    beyond = covered[:, :depth] if kind == "row" else covered[:depth, :]
    if not beyond.any():
        return None  # the answer image ends at the frame: nothing past it to read
    paper = tuple(int(v) for v in np.median(img.reshape(-1, 3), axis=0))
    canvas = cv2.warpPerspective(img, to_canvas, (cw, ch), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                                 borderValue=paper)
    con = contrast_map(canvas, layout, spills=False)  # (a clue strip's canvas: the grid is elsewhere)
    con = con[0] if isinstance(con, tuple) else con
    # (rubric 64) a strip drawn light on a dark panel in the frame is read so here too, the page's paper past the panel
    # in its box (the canvas reaches past the frame: the panel's share of it is no test)
    light = _light_on_dark(con[box[1]:box[3], box[0]:box[2]], force=light_on_dark)
    if light is not None:
        con = con.copy()
        con[box[1]:box[3], box[0]:box[2]] = light
    elif labelled:
        labels, _ = _labels(con, font_px, [box])
        if labels:
            con = _labels_turned(con, labels)
    outside = ~cv2.erode(covered.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    if light is None:
        outside |= _past_page_edge(con, kind, outside)
    con = np.where(outside, 0, con).astype(con.dtype)
    if outlined:
        con = _outline_glyph_faces(con, [box], font_px, force=True)[0]
    again = read_clue_strips(con, [(kind, box)], font_px, reading.digit_size if reading.digit_size[0] > 0 else None,
                             reading.slant, [length], outside, [sides], [end], reading.ones_lean)[0]
    again = _zero_doubted(again)
    # glyph boxes in input-frame pixels (they reach past the frame: negative along the line)
    return replace(again, glyphs=[[g[0] + ox, g[1] + oy, g[2] + ox, g[3] + oy] for g in again.glyphs],
                   number_frames=tuple([b[0] + ox, b[1] + oy, b[2] + ox, b[3] + oy] for b in again.number_frames))


BEYOND_PAGE_PAPER = 40  # (rubric 71) darkness under which the canvas past the frame is paper
BEYOND_PAGE_ALONG = 0.8  # surroundings joined to the canvas past the answer image run along this share of the canvas


def _past_page_edge(con: np.ndarray, kind: str, unseen: np.ndarray | None = None) -> np.ndarray:
    """Where a strip's canvas past the input frame (``con``, :func:`_read_beyond_frame`'s darkness, the frame on the
    side away from its outer edge) lies past the page's own edge: what is no paper (BEYOND_PAGE_PAPER) and joins the
    canvas's outer edge (a row strip's left, a column strip's top), with all it encloses. Rubric 71: a page lying on a
    patterned cloth (HELDOUT32's bus seat moquette) showed the cloth's bright diamonds past the page's edge, read as a
    glyph before the strip's numbers ("? 1"), and a changed clue went to review. Ink on the page's paper past the frame
    (clues a redraw set farther out) is enclosed by that paper, not by the surroundings, and is read as before.
    ``unseen``: where the canvas lies past the answer image, through which surroundings running along BEYOND_PAGE_ALONG
    of the canvas join its outer edge too (rubric 78: HELDOUT39's page on bubble wrap, the wrap ending before the
    image's edge, read a bubble cut by the page's edge as a "4" before "4 1")."""
    not_paper = (con >= BEYOND_PAGE_PAPER).astype(np.uint8)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(not_paper, connectivity=8)
    edge = labels[:, 0] if kind == "row" else labels[0, :]
    joined = set(np.unique(edge[edge > 0]).tolist())
    if unseen is not None and unseen.any():
        # surroundings that end before the image does: joined to the unseen canvas and running along the page's edge
        # (BEYOND_PAGE_ALONG of the canvas); a glyph the image's edge cuts is no surface
        near = cv2.dilate(unseen.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
        along = stats[:, cv2.CC_STAT_HEIGHT if kind == "row" else cv2.CC_STAT_WIDTH]
        reach = con.shape[0] if kind == "row" else con.shape[1]
        joined |= {int(k) for k in np.unique(labels[near & (labels > 0)]) if along[k] >= BEYOND_PAGE_ALONG * reach}
    around = np.isin(labels, sorted(joined))
    if unseen is not None:
        around |= unseen
    if not around.any():
        return around
    # with all it encloses: paper no path of paper links to the rest of the canvas
    _, pieces = cv2.connectedComponents((~around).astype(np.uint8), connectivity=4)
    rim = np.concatenate([pieces[0], pieces[-1], pieces[:, 0], pieces[:, -1]])
    free = np.unique(rim[rim > 0])
    return around | ((pieces > 0) & ~np.isin(pieces, free))


DARK_PANEL_SHARE = 0.6  # a clue strip whose pixels are glyph-dark (CLUE_INK) over this share lies on a dark panel
DARK_PANEL_RIM_PX = 2  # ... its rim this many px in left out (the anti-aliased edge of the panel is no glyph)


def _light_on_dark(strip: np.ndarray, force: bool = False) -> np.ndarray | None:
    """A clue strip's darkness (``strip``, 0..255) as glyph ink when its numbers are drawn light on a dark panel (a
    redraw's dark header bands, a dark-mode card over a light page): glyph-dark over DARK_PANEL_SHARE of it. The panel
    is the strip's pixels at least half as dark as its median dark level and the light shapes they enclose (reaching
    no edge of the strip), less a rim of DARK_PANEL_RIM_PX; within it, the darkness is turned over (the panel's level
    is paper, its light glyphs ink), outside it is paper. None for a strip drawn dark on light.
    Rubric 64: HELDOUT22's white italic clues on navy bands were one glyph the panel's size ("?"), every strip.
    ``force``: the strip is known to lie on such a panel (its share not tested)."""
    if strip.size == 0 or not (strip >= CLUE_INK).any() or (
            not force and float((strip >= CLUE_INK).mean()) < DARK_PANEL_SHARE):
        return None
    level = float(np.median(strip[strip >= CLUE_INK]))
    dark = strip >= 0.5 * level
    # the panel: its dark pixels and the light shapes they enclose (glyphs); light reaching the strip's edge is the
    # page's paper beside the panel (its rounded corner), never a glyph
    _, labels = cv2.connectedComponents((~dark).astype(np.uint8), connectivity=4)
    edge = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    panel = dark | ((labels > 0) & ~np.isin(labels, edge))
    panel = cv2.erode(panel.astype(np.uint8), np.ones((2 * DARK_PANEL_RIM_PX + 1,) * 2, np.uint8),
                      borderType=cv2.BORDER_REPLICATE) > 0
    turned = np.clip((level - strip.astype(np.float32)) * (255.0 / max(level, 1.0)), 0, 255)
    return np.where(panel, turned, 0).astype(strip.dtype)


LABEL_GLYPH_HEIGHT = 0.5  # a glyph-sized piece of a clue area's ink: at least this share of the clue font's px tall
LABEL_SQUARENESS = 0.85  # a label: a piece of ink that, with the light shapes it encloses, fills this share of its box
LABEL_DARK_SHARE = (0.6, 0.99)  # ... is dark over a share of that in this range (its light figure takes the rest)
LABEL_FIGURE_HEIGHT = (0.3, 0.85)  # ... its light shapes together span this share of its height
LABEL_FIGURE_MARGIN = 0.08  # ... and lie this share of its height and width clear of each of its sides
LABEL_TONE = 0.33  # turned over, a label's px lighter than its dark level by less than this share of it stay paper
LABEL_SEAM = 0.75  # ... and a light line across this share of a label's inner rows or columns is a seam, no figure
LABEL_PAGE_SHARE = 0.8  # a page labels its numbers when this share of its glyph-sized pieces are labels ...
LABEL_PAGE_LABELS = 3  # ... and at least this many

Label = tuple[int, int, np.ndarray]  # (x, y, mask): a label's box origin and its mask there, with what it encloses


def _labels(dark: np.ndarray, font_px: float, boxes: list[tuple[int, int, int, int]]) -> tuple[list[Label], int]:
    """The labels among the glyph-sized pieces of ink of ``dark`` (darkness, 0..255) centred in one of ``boxes`` (the
    clue strips), and the number of such pieces. A label is a number drawn light on its own dark patch (a length of
    embossing tape, a sticker, a dark chip), the page's paper round it: a piece of glyph-dark ink (CLUE_INK) at least
    LABEL_GLYPH_HEIGHT of the font tall that, with what it encloses, fills LABEL_SQUARENESS of its box (a tape or a chip
    is a rectangle; a bold "0", "6" or "8" is round or waisted), dark over LABEL_DARK_SHARE of that, its enclosed light
    shapes spanning LABEL_FIGURE_HEIGHT of its height and clear of every side by LABEL_FIGURE_MARGIN (a figure set in
    the patch). Pieces are taken whole, across the strips' edges (a label need not keep within its strip); pieces the
    image's edge cuts are not counted. One label is no page of them: see :func:`_light_on_dark_strips`."""
    H, W = dark.shape
    count, pieces, stats, centres = cv2.connectedComponentsWithStats((dark >= CLUE_INK).astype(np.uint8),
                                                                     connectivity=8)
    found: list[Label] = []
    glyphs = 0
    for k in range(1, count):
        x, y, w, h = (int(v) for v in stats[k, :4])
        cx, cy = centres[k]
        if (h < LABEL_GLYPH_HEIGHT * font_px or min(w, h) < 3 or x == 0 or y == 0 or x + w == W or y + h == H
                or not any(b[0] <= cx < b[2] and b[1] <= cy < b[3] for b in boxes)):
            continue
        glyphs += 1
        piece = pieces[y:y + h, x:x + w] == k
        _, light = cv2.connectedComponents(np.pad(~piece, 1, constant_values=True).astype(np.uint8), connectivity=4)
        enclosed = (light[1:-1, 1:-1] != light[0, 0]) & ~piece
        filled = piece | enclosed
        if not enclosed.any() or filled.sum() < LABEL_SQUARENESS * w * h:
            continue
        share = piece.sum() / filled.sum()
        ys, xs = np.nonzero(enclosed)
        margin = LABEL_FIGURE_MARGIN
        if (LABEL_DARK_SHARE[0] <= share <= LABEL_DARK_SHARE[1]
                and LABEL_FIGURE_HEIGHT[0] <= (ys.max() - ys.min() + 1) / h <= LABEL_FIGURE_HEIGHT[1]
                and ys.min() >= margin * h and ys.max() < (1 - margin) * h
                and xs.min() >= margin * w and xs.max() < (1 - margin) * w):
            found.append((x, y, filled))
    return found, glyphs


def _labels_turned(dark: np.ndarray, labels: list[Label]) -> np.ndarray:
    """A copy of ``dark`` with each of its ``labels`` (:func:`_labels`) turned over as :func:`_light_on_dark` turns a
    panel: within the label less a rim of DARK_PANEL_RIM_PX, its dark level is paper and its figure ink (px lighter than
    that level by LABEL_TONE of it at least; a line of them, 3 px wide, across LABEL_SEAM of the label is the seam
    between two labels that touch, paper); the label's edge, DARK_PANEL_RIM_PX in and out, is paper. Ink that is no
    label (a number written beside the labels in a pen) stays as drawn."""
    out = dark.copy()
    H, W = dark.shape
    r = DARK_PANEL_RIM_PX
    rim = np.ones((2 * r + 1,) * 2, np.uint8)
    for x, y, mask in labels:
        h, w = mask.shape
        crop = dark[y:y + h, x:x + w]
        level = float(np.median(crop[mask & (crop >= CLUE_INK)]))
        inner = cv2.erode(mask.astype(np.uint8), rim, borderType=cv2.BORDER_CONSTANT, borderValue=0) > 0
        turned = np.clip((level - crop.astype(np.float32)) * (255.0 / max(level, 1.0)), 0, 255)
        # (a label's own lighter tones, its gloss, its embossing, are no figure; nor is the seam where two labels touch,
        # a light line across the whole piece where a figure spans part of it)
        turned = np.where((turned < LABEL_TONE * 255.0) | ~inner, 0, turned)
        lit = (turned > 0).astype(np.uint8)
        rows, cols = inner.any(axis=1).sum(), inner.any(axis=0).sum()
        # (3 px wide: a label stuck on a little askew turns its seam a px over its length)
        across = np.ones((1, 3), np.uint8)
        seam_cols = cv2.dilate(lit, across).sum(axis=0) >= LABEL_SEAM * rows
        seam_rows = cv2.dilate(lit, across.T).sum(axis=1) >= LABEL_SEAM * cols
        turned[:, cv2.dilate(seam_cols.astype(np.uint8)[None, :], across)[0] > 0] = 0
        turned[cv2.dilate(seam_rows.astype(np.uint8)[:, None], across.T)[:, 0] > 0, :] = 0
        turned = turned.astype(dark.dtype)
        # the label's edge, a rim of its own px in and out, is paper (its anti-aliased border and shadow are no figure)
        ox0, oy0, ox1, oy1 = max(0, x - r), max(0, y - r), min(W, x + w + r), min(H, y + h + r)
        grown = np.zeros((oy1 - oy0, ox1 - ox0), np.uint8)
        grown[y - oy0:y - oy0 + h, x - ox0:x - ox0 + w] = mask
        out[oy0:oy1, ox0:ox1][cv2.dilate(grown, rim) > 0] = 0
        view = out[y:y + h, x:x + w]
        view[inner] = turned[inner]
    return out


def _light_on_dark_strips(dark: np.ndarray, layout: dict[str, Any]) -> tuple[np.ndarray, set[tuple[str, int]], bool]:
    """``dark`` with every clue strip drawn light on a dark panel turned over (:func:`_light_on_dark`; ``dark`` itself
    when none is, a copy otherwise: the cell reader shares it), and those strips (kind, index); and on a page that
    labels its numbers (:func:`_labels` in the other strips: LABEL_PAGE_SHARE of their glyph-sized pieces, and
    LABEL_PAGE_LABELS at least), each label turned over (:func:`_labels_turned`), and whether the page is such a page.
    Rubric 78: HELDOUT39's label-maker page, each number pressed white into its own red embossing tape stuck on a white
    board, read every strip as one glyph the tape's size ("?")."""
    out, turned = dark, set()
    H, W = dark.shape
    boxes = []
    for kind, count in (("row", layout["rows"]), ("col", layout["cols"])):
        for index in range(count):
            x0, y0, x1, y1 = (round(v) for v in clue_strip(layout, kind, index))
            x0, y0, x1, y1 = max(0, x0), max(0, y0), min(W, x1), min(H, y1)
            if x1 - x0 < 4 or y1 - y0 < 4:
                continue
            light = _light_on_dark(dark[y0:y1, x0:x1])
            if light is not None:
                if out is dark:
                    out = dark.copy()
                out[y0:y1, x0:x1] = light
                turned.add((kind, index))
            else:
                boxes.append((x0, y0, x1, y1))
    labels, pieces = _labels(dark, float(layout.get("clue_font_px", 18)), boxes) if boxes else ([], 0)
    labelled = len(labels) >= LABEL_PAGE_LABELS and len(labels) >= LABEL_PAGE_SHARE * pieces
    if labelled:
        out = _labels_turned(out, labels)  # (the labels lie in the other strips, round them: panels keep their turn)
    return out, turned, labelled


def _in_order_within(short: str, long: str) -> bool:
    """True when the characters of ``short`` appear in ``long`` in the same order (not necessarily adjacent)."""
    rest = iter(long)
    return all(ch in rest for ch in short)


EXEMPLAR_MATCH = 0.92  # a glyph is the twin of another when this share of each one's ink lies within 1 px of the other's
EXEMPLAR_SIZE = 0.15  # ... and their boxes' heights differ by at most this share (widths: twice this, and 1 px)


def _glyph_ink(cell: np.ndarray) -> np.ndarray:
    """The ink of a glyph cell (:func:`_glyph_cell`, ink dark on white): pixels darker than half its darkest."""
    ink = 255 - cell.astype(np.int16)
    return ink >= max(24, 0.5 * int(ink.max()))


def _twins(a: tuple[np.ndarray, list[int]], b: tuple[np.ndarray, list[int]]) -> bool:
    """Whether two glyphs (ink of their cells, page box) are the same drawing: boxes of one size, and nearly all
    of each one's ink (EXEMPLAR_MATCH) within 1 px (of the 32-px cell) of the other's (:func:`_twin_share`)."""
    return _twin_share(a, b) >= EXEMPLAR_MATCH


def _twin_share(a: tuple[np.ndarray, list[int]], b: tuple[np.ndarray, list[int]]) -> float:
    """How alike two glyphs (ink of their cells, page box) are drawn: the smaller share of either one's ink within 1 px
    (of the 32-px cell) of the other's; 0 for boxes of other sizes (heights more than EXEMPLAR_SIZE apart, widths twice
    that and 1 px) or a glyph without ink."""
    (ia, ba), (ib, bb) = a, b
    ha, wa, hb, wb = ba[3] - ba[1], ba[2] - ba[0], bb[3] - bb[1], bb[2] - bb[0]
    if abs(ha - hb) > EXEMPLAR_SIZE * max(ha, hb) or abs(wa - wb) > 2 * EXEMPLAR_SIZE * max(wa, wb) + 1:
        return 0.0
    if not ia.any() or not ib.any():
        return 0.0
    near_a, near_b = cv2.dilate(ia.astype(np.uint8), _WEIGHT_KERNEL) > 0, cv2.dilate(ib.astype(np.uint8), _WEIGHT_KERNEL) > 0
    return min(np.count_nonzero(ia & near_b) / np.count_nonzero(ia),
               np.count_nonzero(ib & near_a) / np.count_nonzero(ib))


def _page_exemplars(changed: list, readings: list, clues: dict[str, list[list[int]]]
                    ) -> dict[str, list[tuple[np.ndarray, list[int]]]]:
    """Per digit, the glyphs of strips read surely as exactly the puzzle's numbers (a misread does not make
    them: the puzzle confirms every digit), with their page boxes."""
    out: dict[str, list[tuple[np.ndarray, list[int]]]] = {}
    for (kind, index, *_), reading in zip(changed, readings):
        if reading is None or reading.square_cut or not reading.glyph_cells:
            continue
        expected = list(clues[kind][index]) or [0]
        want = "".join(map(str, expected))
        if reading.values != expected or len(reading.glyph_cells) != len(want) or len(reading.glyphs) != len(want):
            continue
        for ch, cell, box in zip(want, reading.glyph_cells, reading.glyphs):
            out.setdefault(ch, []).append((_glyph_ink(cell), box))
    return out


def _confirmed_by_page(reading: ClueReading, want: str, exemplars: dict[str, list[tuple[np.ndarray, list[int]]]]
                       ) -> bool:
    """Whether every glyph of an unsure strip read as the digits ``want`` is the twin (:func:`_twins`) of a
    page exemplar of its digit and of no exemplar of another digit."""
    if not reading.glyph_cells or len(reading.glyph_cells) != len(want) or len(reading.glyphs) != len(want):
        return False
    for ch, cell, box in zip(want, reading.glyph_cells, reading.glyphs):
        glyph = (_glyph_ink(cell), box)
        if not any(_twins(glyph, e) for e in exemplars.get(ch, ())):
            return False
        if any(_twins(glyph, e) for d, es in exemplars.items() if d != ch for e in es):
            return False
    return True


FONT_TWIN_SUPPORT = 0.05  # a glyph confirmed by the page's font: the digit reader gives its digit at least this
FONT_TWIN_SHARE = 0.5  # ... and it is the twin of at least this share of the page's glyphs where the puzzle has it
FONT_TWIN_MARGIN = 0.03  # (rubric 66) a glyph the twin of one where the puzzle has another digit is still the page's
# drawing of its own digit when drawn this much less like that digit's glyphs (median share) than like its own
FONT_TWIN_LIFT = 4.0  # ... the reader singling that digit out: this many times the median of the ten digits' (a
# reader that tells nothing, every digit alike, confirms nothing)


def _as_drawn(reading: ClueReading | None) -> ClueReading | None:
    """A strip's glyphs as cut from its ink: a square-cut strip's reading before the cut (a glyph read unsure whole, cut
    in two only because the reader was unsure of it: an old-style serif "1" cut into "11")."""
    if reading is not None and reading.square_cut and reading.uncut_reading is not None:
        return reading.uncut_reading
    return reading


def _page_font(changed: list, readings: list, clues: dict[str, list[list[int]]]
               ) -> list[tuple[str, np.ndarray, list[int], int]]:
    """Every glyph of the strips whose glyphs fall into the puzzle's numbers and digits (as many numbers, each of as
    many glyphs as the puzzle's), whether read surely or not, with the puzzle's digit at its place: (digit, ink of
    its cell, page box, strip index). A font draws each digit one way: see :func:`_confirmed_by_font`."""
    out: list[tuple[str, np.ndarray, list[int], int]] = []
    for j, ((kind, index, *_), reading) in enumerate(zip(changed, readings)):
        reading = _as_drawn(reading)
        if reading is None or reading.square_cut or not reading.glyph_cells:
            continue
        want = [str(v) for v in (list(clues[kind][index]) or [0])]
        if (list(reading.sizes) != [len(w) for w in want] or len(reading.glyph_cells) != len("".join(want))
                or len(reading.glyphs) != len("".join(want))):
            continue
        for ch, cell, box in zip("".join(want), reading.glyph_cells, reading.glyphs):
            out.append((ch, _glyph_ink(cell), list(box), j))
    return out


def _font_candidates_probs(changed: list, readings: list, clues: dict[str, list[list[int]]],
                           font: list[tuple[str, np.ndarray, list[int], int]]) -> dict[int, np.ndarray]:
    """Per unsure strip whose glyphs fall into the puzzle's numbers (in ``font``): the digit reader's probabilities of
    the 10 digits for each glyph, all in one batch (for :func:`_confirmed_by_font`)."""
    from genpuzzle.verifiers import digits

    strips = sorted({i for _, _, _, i in font if readings[i].values is None or readings[i].square_cut})
    cells = [c for j in strips for c in _as_drawn(readings[j]).glyph_cells]
    if not cells:
        return {}
    try:
        prepared = digits.prepare_cells(cells)
        probs = digits.default_reader().probabilities(np.stack([
            p.image if p.image is not None else np.zeros((digits.NORM_SIZE, digits.NORM_SIZE), np.float32)
            for p in prepared]))
    except Exception:  # no usable digit model: nothing is confirmed
        return {}
    out: dict[int, np.ndarray] = {}
    n = 0
    for j in strips:
        size = len(_as_drawn(readings[j]).glyph_cells)
        if all(p.image is not None for p in prepared[n:n + size]):
            out[j] = np.asarray(probs[n:n + size, :10])
        n += size
    return out


def _confirmed_by_font(reading: ClueReading, want: str, j: int, font: list[tuple[str, np.ndarray, list[int], int]],
                       digit_probs: np.ndarray | None) -> bool:
    """Whether an unsure strip ``j`` (glyphs falling into the puzzle's numbers, ``want`` its digits) is the page's own
    font drawing the puzzle's numbers: every glyph is the twin (:func:`_twins`, the same drawing) of a glyph at another
    place of the page where the puzzle has the same digit (of FONT_TWIN_SHARE of those places at least: one digit
    changed the same way in two strips is the twin of its copy, not of the page's own drawing of the digit), and of
    none where it has another digit; and the digit reader singles its digit out (FONT_TWIN_LIFT) and
    does not rule its digit out (``digit_probs``: per glyph, the probabilities of the 10 digits; at least
    FONT_TWIN_SUPPORT) nor reads it surely as another digit or as no digit. A digit changed into another is drawn as
    that other digit: it is the twin of the page's other copies of it (where the puzzle has that digit), or of none."""
    from genpuzzle.verifiers import digits

    if (digit_probs is None or not reading.glyph_cells or len(reading.glyph_cells) != len(want)
            or len(reading.glyphs) != len(want) or len(reading.glyph_reads) != len(want)):
        return False
    for k, (ch, cell, box) in enumerate(zip(want, reading.glyph_cells, reading.glyphs)):
        digit, conf = reading.glyph_reads[k]
        if conf >= digits.CONFIDENT and digit != int(ch):
            return False
        p = float(digit_probs[k, int(ch)])
        if p < FONT_TWIN_SUPPORT or p < FONT_TWIN_LIFT * float(np.median(digit_probs[k, :10])):
            return False
        glyph = (_glyph_ink(cell), list(box))
        others = [(d, _twins(glyph, (ink, b))) for d, ink, b, i in font if not (i == j and b == list(box))]
        same = [t for d, t in others if d == ch]
        if not any(same) or sum(same) < FONT_TWIN_SHARE * len(same) or any(t for d, t in others if d != ch):
            return False
    return True


MAX_FONT_TWIN_NUMBERS = 48  # numbers asked of the second reader for _font_twin_misreads on one page, at most


def _font_twin_misreads(dark: np.ndarray, changed: list, readings: list, clues: dict[str, list[list[int]]]
                        ) -> dict[int, tuple[bool, list[dict[str, Any]]]]:
    """Strips read as other numbers than the puzzle's (surely or not) whose glyphs fall into the puzzle's numbers and
    digits, and each of whose glyphs read as another digit than the puzzle's there (or as none) is the page's own
    drawing of the puzzle's digit: the twin (:func:`_twins`) of at least one and of FONT_TWIN_SHARE of the page's other
    glyphs where the puzzle has that digit, and of none where it has another (M+ 1 Bold's footed "1", which the digit
    reader reads as a 7 at 0.76-0.97 at every place where the puzzle has a 1). A digit changed into another is drawn as
    that other digit: the twin of the page's copies of it, or of none -- it is not asked, and stays a change.
    The numbers so read otherwise are asked of the OCR recogniser in one call; a strip is confirmed when it reads every
    one of them as the puzzle's number (its probability of exactly that string, digit look-alikes counted as their
    digits, at ``ocr.OCR_MIN_SCORE`` or more). The digit reader's own probability of the puzzle's digit is not asked
    (it gives M+'s "1" 0.008-0.3): the drawing's twins at the puzzle's places stand for it. Returns, per strip
    index, (confirmed, the opinions asked); a strip not confirmed (the recogniser reads otherwise, or is not
    available, or the page has more than MAX_FONT_TWIN_NUMBERS such numbers) is in doubt (see check_clue_area)."""
    from genpuzzle.verifiers import ocr

    font = _page_font(changed, readings, clues)
    if not font:
        return {}
    candidates: dict[int, list[int]] = {}  # strip -> its numbers read otherwise
    base: dict[int, ClueReading] = {}
    for j, ((kind, index, *_), reading) in enumerate(zip(changed, readings)):
        if reading is not None and reading.confirms_only and reading.before_second is not None:
            reading = reading.before_second  # (the second reader's reading only confirms: judged as first read)
        if reading is None or reading.square_cut or not reading.glyph_cells:
            continue
        expected = list(clues[kind][index]) or [0]
        want = [str(v) for v in expected]
        flat = "".join(want)
        if (reading.values == expected or len(reading.glyph_cells) != len(flat) or len(reading.glyphs) != len(flat)
                or len(reading.glyph_reads) != len(flat)):
            continue
        if list(reading.sizes) != [len(w) for w in want]:
            # grouped otherwise, but spaced as the puzzle's numbers: a "14" whose "1" was read a sure 7 does not fit a
            # 15-cell line as 74 and was grouped "7 4" by the line (see read_clue_strips); grouped by its spacing
            if _spaced_sizes(reading, kind) != [len(w) for w in want]:
                continue
            reading = replace(reading, sizes=tuple(len(w) for w in want))
        differing = [k for k, (ch, (digit, _)) in enumerate(zip(flat, reading.glyph_reads)) if digit != int(ch)]
        if not differing:
            continue
        if not all(_font_twin_of((_glyph_ink(reading.glyph_cells[k]), list(reading.glyphs[k])), flat[k], j, font,
                                 reading.glyph_reads[k][0]) for k in differing):
            continue
        numbers, n = [], 0
        for m, size in enumerate(reading.sizes):
            if any(n <= k < n + size for k in differing):
                numbers.append(m)
            n += size
        candidates[j] = numbers
        base[j] = reading
    if not candidates:
        return {}
    out: dict[int, tuple[bool, list[dict[str, Any]]]] = {j: (False, []) for j in candidates}
    count = sum(len(ns) for ns in candidates.values())
    if count > MAX_FONT_TWIN_NUMBERS or not ocr.ocr_available():
        return out
    crops, keys = [], []
    for j, numbers in candidates.items():
        per_number = _number_crops(dark, base[j], every=True)
        for m in numbers:
            crops.append(per_number[m][1])
            keys.append((j, m))
    try:
        got_list = ocr.read_cells(crops)
    except Exception:  # no recogniser to ask: in doubt
        return out
    confirmed = {j: True for j in candidates}
    opinions: dict[int, list[dict[str, Any]]] = {j: [] for j in candidates}
    for (j, m), got in zip(keys, got_list):
        kind, index = changed[j][:2]
        want = str((list(clues[kind][index]) or [0])[m])
        p_want = float(ocr.string_probabilities(got, [want], DIGIT_LOOKALIKES)[0])
        opinion = {"want": want, "ocr_text": got.text, "ocr_score": round(got.score, 3), "ocr_p": round(p_want, 3)}
        ok = p_want >= ocr.OCR_MIN_SCORE
        opinion["agrees"] = ok
        opinions[j].append(opinion)
        confirmed[j] &= ok
    return {j: (confirmed[j], opinions[j]) for j in candidates}


def _font_twin_of(glyph: tuple[np.ndarray, list[int]], digit: str, j: int,
                  font: list[tuple[str, np.ndarray, list[int], int]], read: int | None = None) -> bool:
    """Whether a glyph (ink of its cell, page box) of strip ``j`` is the page's own drawing of ``digit``: the twin
    (:func:`_twins`) of at least one and of FONT_TWIN_SHARE of the page's other glyphs where the puzzle has that digit
    (``font``: :func:`_page_font`), and of none where it has another digit -- but for the digit it is ``read`` as,
    whose glyphs it may be the twin of when drawn less like them than like the ``digit`` ones: the median
    :func:`_twin_share` with them FONT_TWIN_MARGIN or more under the median with the ``digit`` ones. (Rubric 66:
    HELDOUT25's Solide Mirage draws its 3 as a 5 with a diagonal for the 5's upright; a 3 is the twin of a 5 by the
    1-px share at up to 0.95, of the page's other 3s at 0.99 (median), of its 5s at 0.90. The digit reader read every 3
    a sure 5, and an error-free page was charged with six changed clues. A digit changed into another, drawn in the
    page's font, is drawn more like that digit's glyphs than the puzzle's digit's: it stays a change.)"""
    others = [(d, _twin_share(glyph, (ink, b))) for d, ink, b, i in font if not (i == j and b == list(glyph[1]))]
    same = [t >= EXEMPLAR_MATCH for d, t in others if d == digit]
    if not any(same) or sum(same) < FONT_TWIN_SHARE * len(same):
        return False
    own = float(np.median([t for d, t in others if d == digit]))
    for other in {d for d, t in others if d != digit and t >= EXEMPLAR_MATCH}:
        if other != str(read) or float(np.median([t for d, t in others if d == other])) > own - FONT_TWIN_MARGIN:
            return False
    return True


def _override_by_font(reading: ClueReading, expected: list[int], j: int,
                      font: list[tuple[str, np.ndarray, list[int], int]]) -> bool:
    """Whether every digit the joint reading (:func:`clue_second_opinions`) took over the digit reader's in strip
    ``j`` is the puzzle's digit there and the glyph the page's own drawing of it (:func:`_font_twin_of`), the strip
    grouped as the puzzle's numbers (so the override cannot have regrouped a number: Monoid's wide "15" read "7 5")."""
    want = [str(v) for v in expected]
    flat = "".join(want)
    got = "".join(map(str, reading.values or []))
    if (list(reading.sizes) != [len(w) for w in want] or len(got) != len(flat) or len(reading.glyph_cells) != len(flat)
            or len(reading.glyphs) != len(flat) or len(reading.glyph_reads) != len(flat)):
        return False
    overridden = [k for k, (d, _) in enumerate(reading.glyph_reads) if d is None or str(d) != got[k]]
    return bool(overridden) and all(
        got[k] == flat[k] and _font_twin_of((_glyph_ink(reading.glyph_cells[k]), list(reading.glyphs[k])), flat[k], j,
                                            font) for k in overridden)


def _spaced_sizes(reading: ClueReading, kind: str) -> list[int] | None:
    """The glyphs per number of a strip's reading grouped by their spacing alone (:func:`_numbers` on each line of its
    glyph boxes, in reading order); None when a spacing is unclear or the glyphs do not regroup one for one."""
    h, w = reading.digit_size
    if h <= 0 or w <= 0:
        return None
    sizes: list[int] = []
    lines = _glyph_lines([list(b) for b in reading.glyphs], kind, h)
    if sum(len(line) for line in lines) != len(reading.glyphs):
        return None
    for line in lines:
        numbers, unclear = _numbers(line, w)
        if unclear:
            return None
        sizes += [len(n) for n in numbers]
    return sizes


def _font_twin_confirmed(readings: list, font_twin: dict[int, tuple[bool, list[dict[str, Any]]]], changed: list,
                         clues: dict[str, list[list[int]]] | None) -> list:
    """The readings with every strip :func:`_font_twin_misreads` confirmed taken as the puzzle's numbers, read by both
    readers (``second_reader``)."""
    out = list(readings)
    for j, (ok, _) in font_twin.items():
        if ok and clues is not None:
            kind, index = changed[j][:2]
            out[j] = replace(out[j], values=list(clues[kind][index]) or [0], doubtful=False, second_reader=True,
                             joint_override=False, confirms_only=False, before_second=None)
    return out


def _sure_changes_asked(dark: np.ndarray, readings: list, changed: list, clues: dict[str, list[list[int]]]
                        ) -> tuple[list, dict[int, list[dict[str, Any]]]]:
    """On a page whose doubt :func:`_font_twin_misreads` resolved, the strips read surely as other numbers than the
    puzzle's and not yet asked, every number asked of the second reader (:func:`clue_second_opinions`): those both
    readers read so are ``second_reader`` (a change, charged); the others stay as read (in doubt on such a page)."""
    ask = {j for j, (r, (kind, index, *_)) in enumerate(zip(readings, changed))
           if r is not None and r.values is not None and not r.second_reader
           and r.values != (list(clues[kind][index]) or [0])}
    if not ask:
        return readings, {}
    got, opinions, _ = clue_second_opinions(dark, [r if j in ask else None for j, r in enumerate(readings)], ask)
    out = list(readings)
    for j in ask:
        out[j] = got[j]
    return out, opinions


def _area_sides(layout: dict[str, Any], kind: str, index: int) -> tuple[str, ...]:
    """The sides of a strip's read box (:func:`_read_box`) that are the clue area's outer edge, beyond which lies
    the page's margin: the top of the first row's strip and the bottom of the last's, the left of the first
    column's and the right of the last's."""
    last = layout["rows" if kind == "row" else "cols"] - 1
    first_side, last_side = ("top", "bottom") if kind == "row" else ("left", "right")
    return ((first_side,) if index == 0 else ()) + ((last_side,) if index == last else ())


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
    """The marks of cells read empty: solution cells marked as empty (an X, a slash or a dot) instead of filled
    (one ``crossed_instead_of_filled`` violation listing the cells and their boxes), and sure marks that are no
    mark for an empty cell (one ``stray_mark`` listing them, see :func:`empty_cell_marks`)."""
    violations = []
    if reading.stray:
        m = reading.stray[0]
        w, h = m["bbox"][2] - m["bbox"][0], m["bbox"][3] - m["bbox"][1]
        violations.append(Violation(
            "stray_mark", f"{len(reading.stray)} mark(s) in cell(s) read empty that are no X, slash, dash, plus, "
            f"ring, dot, asterisk or null sign, first at r{m['cell'][0] + 1}c{m['cell'][1] + 1} ({w} x {h} px, "
            f"{m['extent_scale']:.2f} cell, {m['area_px']} px of ink)",
            {"marks": reading.stray, "bbox": m["bbox"], "cell_boxes": [x["bbox"] for x in reading.stray]}))
    cells = [(r, c) for r, c in reading.where(cells_mod.CROSSED) if solution[r][c]]
    # (rubric 45) and an X in doubt (a clean X or a stray mark: no fill either way, see read_cells) where a fill belongs
    cells += [(r, c) for r, c in reading.where(cells_mod.UNSURE)
              if solution[r][c] and reading.evidence and reading.evidence[r][c].get("not_filled")]
    if not cells:
        return violations
    boxes = [[round(v) for v in cell_box(layout, r, c)] for r, c in cells]
    return violations + [Violation("crossed_instead_of_filled",
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


# ------------------------------------------------------------------------------------------ ink beside the grid

MARGIN_REACH = 0.5  # of a cell: the band around the grid's outside in which added ink is a mark on the puzzle
MARGIN_CLEAR = 0.1  # of a cell: the grid's own outer line drawn thicker or a few px off lies within this of it
MARGIN_TOL = 0.06  # of a cell (>= 2 px): the input's own ink moved or thickened this much adds nothing
MARGIN_RULE_LONG = 4  # a mark at most MARGIN_TOL of a cell (>= 3 px) thick and this many times as long: a hairline


MARGIN_FRAME_LONG = 2.0  # cells: a level or upright hairline run at least this long in the band is a frame's side
MARGIN_RUN_ON_HALF = 0.15  # of a cell (>= 3 px): a grid line run on past the grid lies this near the line's place ...
MARGIN_RUN_ON_SHARE = 0.9  # ... with this share of the mark's ink, the mark starting within MARGIN_CLEAR of the grid


def _grid_line_run_on(added: np.ndarray, region: np.ndarray, bbox: Sequence[int], layout: dict[str, Any],
                      cell: float) -> bool:
    """Whether a mark beside the grid (``bbox`` x0, y0, x1, y1 in ``added``, its ink there from STRAY_FAINT within
    ``region``; ``cell``: the layout's cell size in px) is one of the grid's lines drawn on past the grid's side: it
    starts at the grid (within MARGIN_CLEAR of a cell and 2 px of its side) and MARGIN_RUN_ON_SHARE of its ink lies
    within MARGIN_RUN_ON_HALF of a cell of the place of a line that meets that side (an upright line above or below the grid, a level one beside it). Rubric 71
    (HELDOUT32's pipe-cleaner grid): a hand-made grid's lines cross at its corners and run on a fifth of a cell past
    them; each run-on was a mark beside the grid in doubt, and every error-free page went to review. A person sees the
    grid drawn long there, no mark on the puzzle. A mark running off a line's place (a tick, a zigzag, a scribble)
    holds ink away from it and stays."""
    x0, y0, x1, y1 = (int(v) for v in bbox)
    ink = (added[y0:y1, x0:x1] >= STRAY_FAINT) & region[y0:y1, x0:x1]
    if not ink.any():
        return False
    rows, cols = layout["rows"], layout["cols"]
    gx0, gy0, gx1, gy1 = (float(v) for v in layout["grid_bbox"])
    reach = MARGIN_CLEAR * cell + 2
    if x0 > gx1 + reach or x1 < gx0 - reach or y0 > gy1 + reach or y1 < gy0 - reach:
        return False  # apart from the grid: no line of it runs on there
    half = max(3.0, MARGIN_RUN_ON_HALF * cell)
    ys, xs = np.nonzero(ink)
    xs, ys = xs + x0 + 0.5, ys + y0 + 0.5
    upright = np.abs(xs[:, None] - np.linspace(gx0, gx1, cols + 1)[None, :]).min(axis=1) <= half
    level = np.abs(ys[:, None] - np.linspace(gy0, gy1, rows + 1)[None, :]).min(axis=1) <= half
    on = (upright & ((ys < gy0) | (ys > gy1))) | (level & ((xs < gx0) | (xs > gx1)))
    return float(on.mean()) >= MARGIN_RUN_ON_SHARE


KNOB_NEAR = 0.15  # of a cell: a mark beside the grid this near a place where a grid line meets the grid's side ...
KNOB_ALIKE = 0.25  # ... is the grid's own knob when a mark at another such place is alike: box sides (either way round,
# 3 px at least) and ink within this share of each other


def _line_ends(layout: dict[str, Any]) -> np.ndarray:
    """The places (x, y) where the grid's lines meet its outer sides, the corners included."""
    rows, cols = layout["rows"], layout["cols"]
    gx0, gy0, gx1, gy1 = (float(v) for v in layout["grid_bbox"])
    xs, ys = np.linspace(gx0, gx1, cols + 1), np.linspace(gy0, gy1, rows + 1)
    return np.unique(np.concatenate([np.stack([xs, np.full_like(xs, gy0)], 1), np.stack([xs, np.full_like(xs, gy1)], 1),
                                     np.stack([np.full_like(ys, gx0), ys], 1), np.stack([np.full_like(ys, gx1), ys], 1)]),
                     axis=0)


def _line_end_of(bbox: Sequence[int], ends: np.ndarray, near: float) -> int | None:
    """The index of the line end (:func:`_line_ends`) within ``near`` px of the box ``bbox`` (x0, y0, x1, y1), the
    nearest; None when there is none."""
    x0, y0, x1, y1 = (float(v) for v in bbox)
    d = np.hypot(np.maximum(0, np.maximum(x0 - ends[:, 0], ends[:, 0] - x1)),
                 np.maximum(0, np.maximum(y0 - ends[:, 1], ends[:, 1] - y1)))
    k = int(np.argmin(d))
    return k if d[k] <= near else None


def _alike_knobs(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two marks (``bbox``, ``area_px``) are alike to KNOB_ALIKE: box sides either way round, and ink."""
    wa, ha = a["bbox"][2] - a["bbox"][0], a["bbox"][3] - a["bbox"][1]
    wb, hb = b["bbox"][2] - b["bbox"][0], b["bbox"][3] - b["bbox"][1]

    def close(u: float, v: float) -> bool:
        return abs(u - v) <= max(3.0, KNOB_ALIKE * max(u, v))

    return ((close(wa, wb) and close(ha, hb)) or (close(wa, hb) and close(ha, wb))) and abs(
        a["area_px"] - b["area_px"]) <= KNOB_ALIKE * max(a["area_px"], b["area_px"])


def _line_end_knobs(marks: list[dict[str, Any]], added: np.ndarray, band: np.ndarray, layout: dict[str, Any],
                    cell: float) -> list[dict[str, Any]]:
    """The marks beside the grid (``marks``, :func:`margin_marks`'s) that are the grid's own knobs: each near a place
    where a grid line meets the grid's side (KNOB_NEAR of a cell: :func:`_line_ends`), with a mark alike
    (:func:`_alike_knobs`) near another such place. Copies are looked for among the sure marks of ``added`` (the ink
    the answer adds) in the whole ``band`` round the grid, the clue strips' sides and the corner above the row clues
    included (a knob there is one all the same). Rubric 73 (HELDOUT34's bobby-pin grids): a bobby pin's ball ends the
    block lines and the frame at the grid's corners, each ball a mark beside the grid in doubt, and every error-free
    page went to review. A person sees the grid's furniture, repeated where its lines end; a pen's mark beside the
    grid is not drawn alike at two line ends."""
    from genpuzzle.ink import unexplained_marks

    ends = _line_ends(layout)
    near = KNOB_NEAR * cell
    at = [(m, _line_end_of(m["bbox"], ends, near)) for m in marks]
    if all(k is None for _, k in at):
        return []
    found = unexplained_marks(added >= STRAY_SURE, added >= STRAY_FAINT, np.zeros(added.shape, bool), cell, band,
                              STRAY_PARAMS)
    others = [(m.to_json(cell), _line_end_of(m.bbox, ends, near)) for m in found if m.sure]
    return [m for m, k in at if k is not None and any(j is not None and j != k and _alike_knobs(m, o)
                                                       for o, j in others)]


def _without_frame_lines(added: np.ndarray, reach: tuple[int, int, int, int], cell: float) -> np.ndarray:
    """``added`` (uint8) with the level and upright hairlines around the grid (within ``reach``, rows y0:y1 and
    columns x0:x1 of the page, the clue strips included so that a line's run is measured whole) taken out: runs at
    least ``MARGIN_FRAME_LONG`` cells long and at most ``MARGIN_TOL`` of a cell (>= 3 px) thick, and 1 px around them. A
    second frame drawn round the grid (a redraw's double frame, a ruled box round the puzzle) is the puzzle's frame, not
    a mark on it: its sides join at the corners into one ring the size of the grid, which the per-mark hairline test
    (one mark, thin and long) does not see as lines (HELDOUT20's boxed redraw: every answer in review, the outer
    frame 0.14 cell outside the grid read as a 5-15 cell mark). A pen's mark (a tick, a zigzag, a scribble, a blob)
    has no such straight run and is left whole."""
    y0, y1, x0, x1 = reach
    ink = (added[y0:y1, x0:x1] >= STRAY_FAINT).astype(np.uint8)
    if not ink.any():
        return added
    long = max(8, int(round(MARGIN_FRAME_LONG * cell)))
    thick = max(3, int(round(MARGIN_TOL * cell)))
    lines = np.zeros_like(ink)
    for along, across in (((1, long), (thick + 1, 1)), ((long, 1), (1, thick + 1))):
        run = cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones(along, np.uint8))
        if not run.any():
            continue
        wide = cv2.morphologyEx(run, cv2.MORPH_OPEN, np.ones(across, np.uint8))  # thicker than a hairline: kept
        lines |= run & (1 - wide)
    if not lines.any():
        return added
    lines = cv2.dilate(lines, np.ones((3, 3), np.uint8))
    out = added.copy()
    out[y0:y1, x0:x1][lines.astype(bool)] = 0
    return out


MARGIN_FRAME_NEAR = 0.1  # (rubric 75) of a cell (>= 3 px): the band's ink, its box round the whole grid, with ...
MARGIN_FRAME_SHARE = 0.9  # ... this share of it within MARGIN_FRAME_NEAR of the box's sides is a frame round the grid


def _frame_round_grid(ink: np.ndarray, region: np.ndarray, layout: dict[str, Any], cell: float
                      ) -> tuple[int, int, int, int, int] | None:
    """The frame round the whole grid that the band's ink (``ink`` bool within ``region``) is, as (x0, y0, x1, y1,
    near): the band's ink box encloses the grid's on every side and MARGIN_FRAME_SHARE of the ink lies within ``near``
    (MARGIN_FRAME_NEAR of a cell) of the box's sides; None when it is no such frame. Rubric 75 (HELDOUT36,
    forty-fourth session): a redraw spray-painted on a crate's end, framed by battens a third of a cell past the grid,
    had the battens' inner edge taken for a mark beside the grid in doubt (review). Page furniture round the puzzle; a
    scribble or a mark by one side of the grid does not enclose it, and a mark in the band beside a frame keeps the
    band's ink from lying mostly along the frame."""
    band = ink & region
    ys, xs = np.nonzero(band)
    if not len(xs):
        return None
    x0, y0, x1, y1 = int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1
    gx0, gy0, gx1, gy1 = (float(v) for v in layout["grid_bbox"])
    if not (x0 < gx0 and y0 < gy0 and x1 > gx1 and y1 > gy1):
        return None
    near = max(3, round(MARGIN_FRAME_NEAR * cell))
    on_sides = (xs < x0 + near) | (xs >= x1 - near) | (ys < y0 + near) | (ys >= y1 - near)
    if np.count_nonzero(on_sides) < MARGIN_FRAME_SHARE * len(xs):
        return None
    return x0, y0, x1, y1, near


def _on_frame(bbox: Sequence[int], frame: tuple[int, int, int, int, int], added: np.ndarray, region: np.ndarray,
              cell: float) -> bool:
    """Whether a mark (its box x0, y0, x1, y1 in ``added``, the band's ``region``) lies on a frame's sides
    (:func:`_frame_round_grid`): its box within one side's strip, or, for the frame's ring itself (its box the
    frame's), no mark left in it once the sides' strips are taken out (a scribble joined to the frame is one)."""
    from genpuzzle.ink import unexplained_marks

    x0, y0, x1, y1 = (int(v) for v in bbox)
    f0, g0, f1, g1, near = frame
    if not (f0 <= x0 and g0 <= y0 and x1 <= f1 and y1 <= g1):
        return False
    if x1 <= f0 + near or x0 >= f1 - near or y1 <= g0 + near or y0 >= g1 - near:
        return True
    if x0 > f0 + near or y0 > g0 + near or x1 < f1 - near or y1 < g1 - near:
        return False  # within the frame, off its sides
    core = np.zeros(region.shape, bool)
    core[g0 + near:g1 - near, f0 + near:f1 - near] = True
    rest = region & core
    return not unexplained_marks(added >= STRAY_SURE, added >= STRAY_FAINT, np.zeros(region.shape, bool), cell,
                                 rest, STRAY_PARAMS)


def margin_marks(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any],
                 observed: np.ndarray | None = None, answer_contrast: Any = None) -> list[dict[str, Any]]:
    """Marks the answer adds on the paper just outside the grid: within ``MARGIN_REACH`` of a cell of the grid's
    outer side, farther than ``MARGIN_CLEAR`` from it, outside the clue strips (read by value elsewhere) and where
    registration showed the answer's page. A cell's stray marks are judged in the cell (:func:`_empty_cell_marks`);
    this band held none of the checks, so a zigzag drawn from the grid's side out to the page's edge passed. Added ink
    is the answer's darkness (``answer_contrast``, its :func:`contrast_map`, computed when not given) over the input's
    darkest ink within ``MARGIN_TOL`` of a cell, sized in cells like a cell's stray mark (``STRAY_PARAMS``,
    :func:`genpuzzle.ink.unexplained_marks`) and as dark as a pen's (``STRAY_SURE``). Not looked at: paler ink
    (shades, stains, a vignette), a level or upright hairline (a ruled page's line, the grid's frame redrawn wider),
    ink running on to where the page stops showing (the page's edge, a screen's bezel) and the corner above the row
    clues (a title, a stamp). Every mark returned is in doubt (``sure`` False: review, never a pass and never a
    charge): page furniture close to the grid is told from a pen's mark by no rule here yet."""
    from genpuzzle.ink import unexplained_marks

    cell = float(layout["cell_px"])
    H, W = input_image.shape[:2]
    if answer.shape[:2] != (H, W):
        return []
    gx0, gy0, gx1, gy1 = (float(v) for v in layout["grid_bbox"])
    region = np.zeros((H, W), bool)
    reach, clear = MARGIN_REACH * cell, MARGIN_CLEAR * cell
    region[max(0, int(gy0 - reach)):min(H, int(math.ceil(gy1 + reach))),
           max(0, int(gx0 - reach)):min(W, int(math.ceil(gx1 + reach)))] = True
    region[max(0, int(gy0 - clear)):min(H, int(math.ceil(gy1 + clear))),
           max(0, int(gx0 - clear)):min(W, int(math.ceil(gx1 + clear)))] = False
    band = region.copy()  # (rubric 73) the whole band round the grid, where the grid's knobs are looked for
    for key in ("row_clue_bbox", "col_clue_bbox"):
        x0, y0, x1, y1 = (int(round(v)) for v in layout[key])
        region[max(0, y0):max(0, y1), max(0, x0):max(0, x1)] = False
    region[:max(0, int(gy0)), :max(0, int(gx0))] = False  # the corner above the row clues: a title's, a stamp's place
    seen = np.ones((H, W), bool) if observed is None else np.asarray(observed, bool)
    region &= seen
    if not region.any():
        return []
    tol = max(2, round(MARGIN_TOL * cell))
    # the answer's darkness in its most darkened channel against the local paper (contrast_map's ``mark``, passed in
    # when the caller has it) over the input's darkest ink within tol
    mark = (answer_contrast if answer_contrast is not None else contrast_map(answer, layout))
    mark = mark[0] if isinstance(mark, tuple) else mark
    mark = np.ascontiguousarray(mark, dtype=np.uint8)
    if not cv2.countNonZero(cv2.compare(mark, STRAY_FAINT, cv2.CMP_GE) & region.view(np.uint8)):
        return []  # (speed) no ink in the band at all, so none added: no mark (unexplained_marks would find none)
    near = cv2.dilate(_input_contrast(input_image), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * tol + 1,) * 2))
    whole = cv2.subtract(mark, near)
    added = _without_frame_lines(whole, (max(0, int(gy0 - reach)), min(H, int(math.ceil(gy1 + reach))),
                                         max(0, int(gx0 - reach)), min(W, int(math.ceil(gx1 + reach)))), cell)
    marks = unexplained_marks(added >= STRAY_SURE, added >= STRAY_FAINT, np.zeros((H, W), bool), cell, region,
                              STRAY_PARAMS)
    out = []
    frame = _frame_round_grid(whole >= STRAY_FAINT, region, layout, cell) if marks else None
    for m in marks:
        x0, y0, x1, y1 = m.bbox
        thin, long = min(x1 - x0, y1 - y0), max(x1 - x0, y1 - y0)
        if thin <= max(3, MARGIN_TOL * cell) and long >= MARGIN_RULE_LONG * thin:
            continue  # a level or upright hairline: a ruled line of the page or the grid's redrawn frame, no mark
        if not m.sure:
            continue  # paler than a pen's ink: a shade, a stain, a vignette
        if _grid_line_run_on(added, region, m.bbox, layout, cell):
            continue  # the grid's own line drawn on past its end (a redraw's lines cross at the corners and run on)
        at_edge = x0 <= 1 or y0 <= 1 or x1 >= W - 1 or y1 >= H - 1
        if at_edge or not seen[max(0, y0 - 2):y1 + 2, max(0, x0 - 2):x1 + 2].all():
            continue  # running on to where the page stops showing: the page's edge, a photographed screen's bezel
        if frame is not None and _on_frame(m.bbox, frame, added, region, cell):
            continue  # (rubric 75) on a frame round the whole grid: the page's border (a crate's battens)
        out.append({"where": "beside the grid", **m.to_json(cell), "sure": False})
    if out:  # (rubric 73) the grid's own knobs where its lines end (a bobby pin's ball), repeated alike
        knobs = _line_end_knobs(out, added, band & seen, layout, cell)
        out = [m for m in out if not any(m is k for k in knobs)]
    return out
