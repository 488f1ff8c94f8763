"""The nonogram track (``nonogram``): 5x5, 10x10 and 15x15 as in GenPuzzle (default mix 45/60/45, i.e.
3:4:3), plus rectangular 10x15 (rows x columns); unique solution certified.

Each instance draws a source picture (random cells, smoothed blobs, a mirrored half, shapes or a random
walk), derives the clues and keeps it only when line logic plus branching proves exactly one solution
within a node budget. Within a set, pictures are deduplicated by ``difficulty.canonical_hash`` (the
picture's hash up to rotation and mirroring; see :meth:`NonogramTrack.dedupe_key`).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from genpuzzle.errors import TrackError
from genpuzzle.records import InstanceRecord, Puzzle, Status, Verdict
from genpuzzle.renderers.nonogram import render_nonogram
from genpuzzle.solvers.nonogram import (MASK_KINDS, canonical_hash, clues_from_mask, count_solutions_cpsat,
                                        density, is_trivial, random_mask, solve)
from genpuzzle.track import Track
from genpuzzle.verifiers.cells import BLANK, FILLED, UNSURE, grid_boxes
from genpuzzle.verifiers.nonogram import (check_cells, check_clue_area, check_crossed, contrast_map, draw_reading,
                                          margin_marks, nonogram_score, read_cells)

MAX_ATTEMPTS = 400
MAX_NODES = 5000  # a source picture needing more search nodes than this is dropped, not proved
OBSERVED_CELL_SHARE = 0.9  # a cell less than this share of whose box registration saw on the answer is unsure


def _unobserved_cells_unsure(reading, layout: dict[str, Any], observed: np.ndarray) -> None:
    """Cells of ``reading`` that registration did not see on the answer's page (``observed`` false over more than
    1 - OBSERVED_CELL_SHARE of the cell's box: what the warp shows there is not the answer) become unsure with
    confidence 0: they were never read, so they can neither break a rule nor let the answer pass."""
    rows, cols = layout["rows"], layout["cols"]
    h, w = observed.shape[:2]
    for i, (x0, y0, x1, y1) in enumerate(grid_boxes(layout["grid_bbox"], rows, cols)):
        ix0, iy0 = max(0, int(round(x0))), max(0, int(round(y0)))
        ix1, iy1 = min(w, int(round(x1))), min(h, int(round(y1)))
        seen = float(observed[iy0:iy1, ix0:ix1].mean()) if ix1 > ix0 and iy1 > iy0 else 0.0
        if seen < OBSERVED_CELL_SHARE:
            r, c = divmod(i, cols)
            reading.states[r][c] = UNSURE
            reading.confidence[r][c] = 0.0
            reading.evidence[r][c]["unobserved"] = round(1.0 - seen, 3)


def parse_variant(variant: str) -> tuple[int, int]:
    """``"RxC"`` -> (rows, cols); raises :class:`TrackError` for anything else."""
    try:
        rows, cols = (int(v) for v in variant.lower().split("x"))
    except ValueError:
        raise TrackError(f"nonogram variant {variant!r} is not 'ROWSxCOLS'") from None
    if not (2 <= rows <= 30 and 2 <= cols <= 30):
        raise TrackError(f"nonogram variant {variant!r}: rows and columns must be within 2..30")
    return rows, cols


def difficulty_level(rows: int, cols: int, line_solvable: bool) -> str:
    """easy / medium / hard by cell count, one step harder when line logic alone does not solve it."""
    cells = rows * cols
    step = 0 if cells <= 36 else 1 if cells <= 120 else 2
    if not line_solvable:
        step = min(2, step + 1)
    return ("easy", "medium", "hard")[step]


class NonogramTrack(Track):
    name = "nonogram"
    version = "2"
    variants = ("5x5", "10x10", "15x15", "10x15")
    variant_weights = {"5x5": 3, "10x10": 4, "15x15": 3}
    description = "Fill a nonogram from its row and column clues; cell reading, clue checks, clue-area check."

    def generate(self, seed: int, variant: str) -> Puzzle:
        rows, cols = parse_variant(variant)
        rng = random.Random(seed)
        for attempt in range(MAX_ATTEMPTS):
            kind = MASK_KINDS[rng.randrange(len(MASK_KINDS))]
            mask = random_mask(rows, cols, rng, kind)
            if is_trivial(mask):
                continue
            row_clues, col_clues = clues_from_mask(mask)
            result = solve(row_clues, col_clues, limit=2, max_nodes=MAX_NODES)
            if result.count == 1 and not result.exhausted:
                break
        else:
            raise TrackError(f"nonogram {variant}: no unique puzzle found in {MAX_ATTEMPTS} attempts "
                             f"(seed {seed})")
        drawing = render_nonogram(row_clues, col_clues, mask)
        return Puzzle(
            track=self.name, variant=variant, seed=seed,
            instruction=self.instruction_template().format(rows=rows, cols=cols),
            difficulty={"level": difficulty_level(rows, cols, result.line_solvable), "rows": rows,
                        "cols": cols, "density": round(density(mask), 4), "mask_kind": kind,
                        "line_solvable": result.line_solvable, "search_nodes": result.nodes,
                        "clue_numbers": sum(len(c) for c in row_clues + col_clues),
                        "attempts": attempt + 1, "canonical_hash": canonical_hash(mask)},
            ground_truth={"row_clues": row_clues, "col_clues": col_clues, "solution": mask},
            layout=drawing.layout,
            input_image=drawing.input_image, reference_images=[drawing.reference_image],
            edit_mask=drawing.edit_mask,
            scoring={"mechanism": "programmatic_grid_check", "rubric": "nonogram",
                     "rubric_version": self.rubric["rubric_version"]},
        )

    def verify(self, record: InstanceRecord, answer: np.ndarray, input_image: np.ndarray,
               observed: np.ndarray | None = None, answer_page: tuple[np.ndarray, Any] | None = None) -> Verdict:
        """``observed``: registration's ``valid`` (where ``answer`` shows the answer's page), when known;
        ``answer_page``: the answer as returned and its registration (``evaluate.observed_kwargs``), when known: clue
        strips are read on past the input frame's edge there (``check_clue_area``)."""
        layout, truth = record.layout, record.ground_truth
        solution = truth["solution"]
        contrast = contrast_map(answer, layout)
        reading = read_cells(answer, layout, contrast)
        if observed is not None and not observed.all():
            _unobserved_cells_unsure(reading, layout, observed)
        parsed: dict[str, Any] = {"cells": reading.cells, "states": reading.states,
                                  "cell_confidence": [[round(x, 3) for x in row] for row in reading.confidence]}
        if reading.mean_confidence < self.rubric["unreadable_below_mean_confidence"]:
            return Verdict.failed(record.id, self.name, Status.UNREADABLE,
                                  f"cell reader unsure on most cells (mean confidence {reading.mean_confidence:.2f})",
                                  parsed=parsed)
        # Rules are judged giving unsure cells the benefit of the doubt (a rule broken anyway is broken);
        # the score charges them as wrong, so an unsure answer never scores 100.
        # (a cell in doubt only as to which mark it holds, never whether it is filled, is judged not filled: an X
        # in doubt, rubric 45)
        not_filled = {(r, c) for r, row in enumerate(reading.evidence or []) for c, ev in enumerate(row)
                      if ev.get("not_filled")}
        doubt = [[(0 if (r, c) in not_filled else solution[r][c]) if s == UNSURE else int(s == FILLED)
                  for c, s in enumerate(row)] for r, row in enumerate(reading.states)]
        charged = [[1 - solution[r][c] if s == UNSURE else int(s == FILLED) for c, s in enumerate(row)]
                   for r, row in enumerate(reading.states)]
        violations, _ = check_cells(doubt, truth["row_clues"], truth["col_clues"], solution, layout)
        _, subscores = check_cells(charged, truth["row_clues"], truth["col_clues"], solution, layout)
        violations += check_crossed(reading, solution, layout)
        clue_violations, preserved, clue_extra = check_clue_area(
            answer, input_image, layout, self.rubric["clue_change_min_digit_fraction"], contrast,
            {"row": truth["row_clues"], "col": truth["col_clues"]}, observed, answer_page)
        violations += clue_violations
        subscores["clue_preservation"] = preserved
        beside = margin_marks(answer, input_image, layout, observed, contrast)  # all in doubt (review): its docstring
        threshold = self.rubric["needs_review_below_cell_confidence"]
        low = [[r, c] for r, row in enumerate(reading.confidence) for c, x in enumerate(row) if x < threshold]
        extra: dict[str, Any] = dict(clue_extra)
        if beside:
            extra["unsure_marks_beside_grid"] = beside
        if low:
            extra["unsure_cells"] = [{"cell": [r, c], "state": reading.states[r][c],
                                      **reading.evidence[r][c]} for r, c in low]
        needs_review = bool(low or clue_extra.get("unsure_clues") or beside)
        score = nonogram_score(subscores, violations)
        # Unsure never scores 100 (Verdict's contract: the score if every unsure reading is wrong). Unsure cells and
        # clues are charged above; a cell read as a mark for an empty cell below the review level, or a mark beside
        # the grid, may be a stray mark, which costs the point a broken rule costs.
        return Verdict(
            id=record.id, track=self.name, score=min(score, 99.0) if needs_review else score,
            status=Status.INCORRECT if violations else Status.CORRECT, violations=violations, parsed=parsed,
            confidence=reading.min_confidence, needs_review=needs_review, subscores=subscores, extra=extra,
        )

    def overlay(self, record: InstanceRecord, verdict: Verdict, answer: np.ndarray) -> np.ndarray | None:
        parsed = verdict.parsed or {}
        if "cells" not in parsed:
            return None
        from genpuzzle.verifiers.nonogram import CellReading

        states = parsed.get("states") or [[FILLED if v else BLANK for v in row] for row in parsed["cells"]]
        reading = CellReading(states, parsed.get("cell_confidence") or [[1.0] * len(row) for row in states])
        return draw_reading(answer, record.layout, reading, verdict.violations)

    def dedupe_key(self, record: InstanceRecord) -> str:
        return f"{record.variant}:{record.difficulty['canonical_hash']}"

    def validate(self, record: InstanceRecord) -> list[str]:
        truth, layout = record.ground_truth, record.layout
        problems = []
        if set(truth) != {"row_clues", "col_clues", "solution"}:
            problems.append(f"ground_truth keys are {sorted(truth)}, expected col_clues, row_clues, solution")
            return problems
        solution, row_clues, col_clues = truth["solution"], truth["row_clues"], truth["col_clues"]
        if len(solution) != layout.get("rows") or any(len(row) != layout.get("cols") for row in solution):
            problems.append("solution shape disagrees with layout rows/cols")
            return problems
        if any(v not in (0, 1) for row in solution for v in row):
            problems.append("solution holds values other than 0/1")
            return problems
        if clues_from_mask(solution) != (row_clues, col_clues):
            problems.append("stored clues are not the clues of the stored solution")
        count = count_solutions_cpsat(row_clues, col_clues, limit=2)
        if count != 1:
            problems.append(f"clues have {count if count < 2 else '2 or more'} solutions (CP-SAT), expected 1")
        elif solve(row_clues, col_clues, limit=2).count != 1:
            problems.append("line-logic solver disagrees with CP-SAT on uniqueness")
        if canonical_hash(solution) != record.difficulty.get("canonical_hash"):
            problems.append("difficulty.canonical_hash does not match the stored solution")
        return problems
