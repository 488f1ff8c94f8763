"""A small tick or scribble set in an empty cell's corner is no X (sixteenth session, the lead's scribble check at seed
17100): the rule that reads an X set in a cell's corner as a mark for an empty cell (h16c, rubric 13) took a 13 x 9 px
tick, which two lines fitted at the pen's tolerance cover, for an X, and the answer passed. An X is the same turned
half round; the tick is not. The corner X itself stays accepted (tests/test_nonogram_fixes16_cells.py). Left open (they pass on the
session-start code too): the same tick in a 5x5 cell (either corner) or a 15x15 cell (a third of the cell: the
stroke and X fits cover it at the centre's tolerance)."""

from __future__ import annotations

import numpy as np
import pytest

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.renderers.nonogram import cell_box

TICK = """
.....#...
....###..
...###...
...###...
...###...
....##...
.#..###..
###.###..
#######..
.#######.
..######.
...#####.
...######
"""


def _mask(rows: str) -> np.ndarray:
    return np.array([[ch == "#" for ch in line] for line in rows.split()], bool)


@pytest.mark.parametrize("variant,seed", [("10x10", 1710), ("10x10", 1711)])
@pytest.mark.parametrize("corner", ["lower right"])
def test_a_tick_in_an_empty_cells_corner_does_not_pass(variant, seed, corner):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = np.array(puzzle.reference_images[0].convert("RGB"))
    r, c = next((r, c) for r, row in enumerate(puzzle.ground_truth["solution"]) for c, v in enumerate(row) if not v)
    x0, y0, x1, y1 = (int(round(v)) for v in cell_box(puzzle.layout, r, c))
    tick = _mask(TICK)
    h, w = tick.shape
    inset = int(0.15 * (x1 - x0))
    ty, tx = (y1 - inset - h, x1 - inset - w) if corner == "lower right" else (y0 + inset, x0 + inset)
    page[ty:ty + h, tx:tx + w][tick] = (25, 25, 25)
    v = genpuzzle.verify(puzzle, page)
    assert not (v.status == Status.CORRECT or v.score >= 100), (v.status, v.score, v.codes)
