"""Pieces shared by the single-player board puzzles (issue 17): cell names, findings, mark comparison.

Pure code (no drawing, no I/O). Cells are ``(row, col)``, 0-based from the top-left corner. Boards are
labelled as every board of the track: column letters a, b, ... left to right and row numbers 1, 2, ... from
the BOTTOM row up (:func:`cell_name`, the same names as ``solvers/board_game/base.cell_name``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

Cell = tuple[int, int]
Grid = list[list[int]]

# the violation codes of issue 17 (names fixed by the board_game plan)
RULE_BROKEN, WRONG_CELL, MISSING_MARK, EXTRA_MARK, WRONG_STATE, INPUT_CHANGED = (
    "rule_broken", "wrong_cell", "missing_mark", "extra_mark", "wrong_state", "input_changed")


@dataclass(frozen=True)
class Finding:
    """One broken rule found on a state: ``code`` (one of the issue-17 names), a message naming the
    rule, row, column or region, and the cells that show it."""

    code: str
    message: str
    cells: tuple[Cell, ...] = field(default_factory=tuple)


def column_letter(c: int) -> str:
    return chr(ord("a") + c)


def row_label(r: int, rows: int) -> str:
    """The printed number of row ``r`` (0 = top) on a board of ``rows`` rows (1 = bottom)."""
    return str(rows - r)


def cell_name(cell: Cell, rows: int) -> str:
    """``(rows - 1, 0)`` -> ``"a1"``: column letter, then row number counted from the bottom."""
    return f"{column_letter(cell[1])}{rows - cell[0]}"


def names(cells: Iterable[Cell], rows: int) -> str:
    return ", ".join(cell_name(c, rows) for c in sorted(cells))


def empty_grid(rows: int, cols: int, value: int = 0) -> Grid:
    return [[value] * cols for _ in range(rows)]


def cells_of(grid: Sequence[Sequence[int]]) -> set[Cell]:
    """The cells of a 0/1 grid that hold 1."""
    return {(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v}


def grid_of(cells: Iterable[Cell], rows: int, cols: int) -> Grid:
    grid = empty_grid(rows, cols)
    for r, c in cells:
        grid[r][c] = 1
    return grid


def compare_marks(marked: set[Cell], solution: set[Cell], givens: set[Cell], rows: int,
                  noun: str = "mark") -> list[Finding]:
    """Cell-level differences between the marks an answer holds and one accepted solution: a given mark
    removed (``input_changed``), a mark in a line where the solution's mark is missing (``wrong_cell``: a
    misplaced mark, paired by row), remaining absent marks (``missing_mark``) and surplus marks
    (``extra_mark``)."""
    out: list[Finding] = []
    removed = givens - marked
    for cell in sorted(removed):
        out.append(Finding(INPUT_CHANGED, f"the given {noun} at {cell_name(cell, rows)} was removed", (cell,)))
    missing = sorted(solution - marked - removed)
    extra = sorted(marked - solution)
    paired: set[Cell] = set()
    for cell in list(missing):
        partner = next((e for e in extra if e[0] == cell[0] and e not in paired), None)
        if partner is not None:
            paired.add(partner)
            missing.remove(cell)
            out.append(Finding(WRONG_CELL, f"{noun} at {cell_name(partner, rows)} belongs at {cell_name(cell, rows)}",
                               (partner, cell)))
    for cell in missing:
        out.append(Finding(MISSING_MARK, f"no {noun} at {cell_name(cell, rows)}", (cell,)))
    for cell in extra:
        if cell not in paired:
            out.append(Finding(EXTRA_MARK, f"{noun} at {cell_name(cell, rows)} is not part of the solution", (cell,)))
    return out


def compare_grids(state: Sequence[Sequence[object]], expected: Sequence[Sequence[object]],
                  describe=lambda v: str(v)) -> list[Finding]:
    """``wrong_cell`` for every cell whose value differs from the expected state."""
    out = []
    rows = len(expected)
    for r, (row, exp) in enumerate(zip(state, expected)):
        for c, (v, e) in enumerate(zip(row, exp)):
            if v != e:
                out.append(Finding(WRONG_CELL, f"{cell_name((r, c), rows)} holds {describe(v)}, expected {describe(e)}",
                                   ((r, c),)))
    return out
