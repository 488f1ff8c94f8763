"""Twenty-fourth session (h24b, rubric 49): a page drawing every cell as a frame of its own is read inside the frames.

HELDOUT20's rounded redraw draws each cell as its own rounded square a little apart from its neighbours, so a cell's
registered box holds its own outline's rounded corners and sides and part of a neighbour's, which no patch rule reads
as an empty cell's frame (11-54 unsure cells a page). ``cells.own_frames`` finds a closed frame round each cell
(straight sides, one piece of ink, the page's size), and when the page draws them round nearly every cell, apart from
each other or rounded, they are its grid: taken out of the darkness maps and each cell read inside its own frame.

The answers here are drawn in their own style, not HELDOUT20's: the input's grid painted over, every cell a slate-blue
frame 0.84 of a cell with rounded corners (radius 0.3 cell), the first and last at the grid's edges and the rest
spread evenly between (so each frame sits off its box, up to 0.08 cell, as a redraw's do), solid rust fills inset
inside the frames, and a small dot in the empty cells; the input's clues kept. A correct answer scores 100 (review
without the rule); an extra fill or a missing one is incorrect (review without the rule); a box drawn inside one
cell's frame is read as what it is (an outlined fill); outlined fills drawn in the filled cells only of a ruled grid
are no frames round each cell (they stay filled).
"""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from genpuzzle.records import InstanceRecord, Status
from genpuzzle.registry import get_track
from genpuzzle.verifiers import cells
from genpuzzle.verifiers.nonogram import read_cells

PAPER = (252, 250, 246)
FRAME = (70, 88, 120)
FILL = (150, 70, 40)


def _case(variant: str, seed: int):
    track = get_track("nonogram")
    p = track.generate(seed, variant)
    rec = InstanceRecord(id="own24", track="nonogram", variant=variant, difficulty=p.difficulty, seed=1,
                         instruction="", input_image="", reference_images=[], edit_mask="",
                         ground_truth=p.ground_truth, layout=p.layout, scoring=p.scoring, track_version=track.version)
    return track, rec, p.input_image.convert("RGB")


def _frame_box(layout, r: int, c: int) -> tuple[float, float, float, float]:
    """Cell (r, c)'s own frame: 0.84 of a cell, the first and last frames at the grid's edges, the rest evenly between
    (0.16 cell of paper between neighbours; a frame sits up to 0.08 cell off its box)."""
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    rows, cols = layout["rows"], layout["cols"]
    cw, ch = (gx1 - gx0) / cols, (gy1 - gy0) / rows
    side = 0.84
    px, py = (cols - side) / (cols - 1) * cw, (rows - side) / (rows - 1) * ch
    x0, y0 = gx0 + c * px, gy0 + r * py
    return x0, y0, x0 + side * cw, y0 + side * ch


def _rounded_page(inp: Image.Image, layout, cells_: list[list[int]], boxed: tuple[int, int] | None = None
                  ) -> np.ndarray:
    page = inp.copy()
    d = ImageDraw.Draw(page)
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    cell = float(layout["cell_px"])
    d.rectangle([gx0 - 4, gy0 - 4, gx1 + 4, gy1 + 4], fill=PAPER)  # the input's grid painted over
    width = max(2, round(cell / 18))
    for r, row in enumerate(cells_):
        for c, v in enumerate(row):
            x0, y0, x1, y1 = _frame_box(layout, r, c)
            d.rounded_rectangle([x0, y0, x1, y1], radius=round(0.3 * cell), outline=FRAME, width=width)
            i = 0.14 * cell
            if v:
                d.rectangle([x0 + i, y0 + i, x1 - i, y1 - i], fill=FILL)
            else:
                mx, my, rr = (x0 + x1) / 2, (y0 + y1) / 2, max(2, 0.07 * cell)
                d.ellipse([mx - rr, my - rr, mx + rr, my + rr], fill=(60, 60, 60))
            if boxed == (r, c):  # a box drawn inside this cell's frame: an outlined fill
                j = 0.2 * cell
                d.rectangle([x0 + j, y0 + j, x1 - j, y1 - j], outline=(30, 30, 30), width=max(3, round(cell / 10)))
    return np.asarray(page)


CASES = [("5x5", 24901), ("10x10", 24902), ("15x15", 24903)]


@pytest.mark.parametrize("variant,seed", CASES)
def test_cells_drawn_in_frames_of_their_own_are_read(variant, seed):
    track, rec, inp = _case(variant, seed)
    solution = rec.ground_truth["solution"]
    page = _rounded_page(inp, rec.layout, solution)
    v = track.verify(rec, page, np.asarray(inp))
    assert not (v.extra or {}).get("unsure_cells"), (v.extra or {}).get("unsure_cells", [])[:3]
    assert v.status == Status.CORRECT and v.score == 100 and not v.needs_review, (v.codes, v.extra)


@pytest.mark.parametrize("variant,seed", CASES)
def test_the_frames_are_found_round_every_cell(variant, seed):
    _, rec, inp = _case(variant, seed)
    layout = rec.layout
    page = _rounded_page(inp, layout, rec.ground_truth["solution"])
    boxes = cells.grid_boxes(layout["grid_bbox"], layout["rows"], layout["cols"])
    dark, _ = cells.darkness_maps(page, cells.cell_size(boxes))
    frames = cells.own_frames(dark, boxes, cells.cell_size(boxes))
    assert frames and all(f is not None for f in frames)
    for (r, c), f in zip(((r, c) for r in range(layout["rows"]) for c in range(layout["cols"])), frames):
        x0, y0, x1, y1 = _frame_box(layout, r, c)
        assert abs(f[0] - x0) <= 2 and abs(f[1] - y0) <= 2 and abs(f[2] - x1) <= 3 and abs(f[3] - y1) <= 3


@pytest.mark.parametrize("variant,seed", CASES)
@pytest.mark.parametrize("error", ["extra", "missing"])
def test_a_planted_error_on_a_page_of_framed_cells_is_caught(variant, seed, error):
    track, rec, inp = _case(variant, seed)
    solution = rec.ground_truth["solution"]
    want = 0 if error == "extra" else 1
    r, c = next((r, c) for r, row in enumerate(solution) for c, v in enumerate(row) if v == want)
    cells_ = [row[:] for row in solution]
    cells_[r][c] = 1 - want
    v = track.verify(rec, _rounded_page(inp, rec.layout, cells_), np.asarray(inp))
    assert v.status == Status.INCORRECT and v.score < 100 and not v.needs_review, (v.codes, v.extra)
    assert {"row_clue_mismatch", "col_clue_mismatch"} & set(v.codes)


@pytest.mark.parametrize("variant,seed", CASES)
def test_a_box_drawn_inside_one_cells_frame_stays_an_outlined_fill(variant, seed):
    track, rec, inp = _case(variant, seed)
    solution = rec.ground_truth["solution"]
    r, c = next((r, c) for r, row in enumerate(solution) for c, v in enumerate(row) if v == 0)
    page = _rounded_page(inp, rec.layout, solution, boxed=(r, c))
    reading = read_cells(page, rec.layout)
    assert reading.states[r][c] == cells.FILLED, reading.evidence[r][c]
    v = track.verify(rec, page, np.asarray(inp))
    assert v.status == Status.INCORRECT and v.score < 100, (v.codes, v.extra)


@pytest.mark.parametrize("variant,seed", CASES)
def test_outlined_fills_in_a_ruled_grid_are_no_frames_of_their_own(variant, seed):
    """Hollow squares drawn in the filled cells only of the input's ruled grid: not a frame round each cell."""
    track, rec, inp = _case(variant, seed)
    layout = rec.layout
    page = inp.copy()
    d = ImageDraw.Draw(page)
    cell = float(layout["cell_px"])
    boxes = cells.grid_boxes(layout["grid_bbox"], layout["rows"], layout["cols"])
    for (x0, y0, x1, y1), v in zip(boxes, (v for row in rec.ground_truth["solution"] for v in row)):
        if v:
            i = 0.15 * cell
            d.rectangle([x0 + i, y0 + i, x1 - i, y1 - i], outline=(20, 20, 20), width=max(3, round(cell / 9)))
    arr = np.asarray(page)
    dark, _ = cells.darkness_maps(arr, cells.cell_size(boxes))
    assert cells.own_frames(dark, boxes, cells.cell_size(boxes)) == []
    reading = read_cells(arr, layout)
    assert reading.cells == rec.ground_truth["solution"]
