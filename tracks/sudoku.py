"""The Sudoku track (``sudoku``): 4x4 as in GenPuzzle, plus 9x9; unique solution certified.

Difficulty knob: the number of givens. ``easy`` stops carving at a high given count, ``medium`` at a
middle one, ``hard`` carves to a minimal puzzle (no given can be removed without losing uniqueness).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from genpuzzle.records import InstanceRecord, Puzzle, Status, Verdict
from genpuzzle.renderers.sudoku import render_sudoku
from genpuzzle.solvers.sudoku import (Board, carve_unique, count_solutions, count_solutions_cpsat,
                                      grid_is_valid_solution, random_full_grid, search_nodes, solvable_by_singles)
from genpuzzle.track import Track

BOARDS = {"4x4": Board(2, 2), "9x9": Board(3, 3)}
CELL_PX = {"4x4": 110, "9x9": 64}
MIN_GIVENS = {"4x4": {"easy": 8, "medium": 6, "hard": 0}, "9x9": {"easy": 36, "medium": 30, "hard": 0}}
LEVELS = ("easy", "medium", "hard")


class SudokuTrack(Track):
    name = "sudoku"
    version = "2"  # 2: rubric 2 (open-set symbols, unsure cells charged as wrong)
    variants = ("4x4", "9x9")
    variant_weights = {"4x4": 1, "9x9": 1}
    description = "Fill a Sudoku grid; programmatic check of givens, blanks and row/column/box rules."

    def generate(self, seed: int, variant: str) -> Puzzle:
        board = BOARDS[variant]
        rng = random.Random(seed)
        level = LEVELS[rng.randrange(len(LEVELS))]
        solution = random_full_grid(board, rng)
        givens = carve_unique(solution, board, rng, MIN_GIVENS[variant][level])
        drawing = render_sudoku(givens, solution, board.box_rows, board.box_cols, CELL_PX[variant])
        n_givens = sum(v > 0 for row in givens for v in row)
        return Puzzle(
            track=self.name, variant=variant, seed=seed,
            instruction=self.instruction_template().format(size=board.n, box_rows=board.box_rows,
                                                               box_cols=board.box_cols),
            difficulty={"level": level, "givens": n_givens, "blanks": board.n * board.n - n_givens,
                        "search_nodes": search_nodes(givens, board),
                        "singles_solvable": solvable_by_singles(givens, board)},
            ground_truth={"givens": givens, "solution": solution},
            layout=drawing.layout,
            input_image=drawing.input_image, reference_images=[drawing.reference_image],
            edit_mask=drawing.edit_mask,
            scoring={"mechanism": "programmatic_grid_check", "rubric": "sudoku",
                     "rubric_version": self.rubric["rubric_version"]},
        )

    def verify(self, record: InstanceRecord, answer: np.ndarray, input_image: np.ndarray) -> Verdict:
        from genpuzzle.verifiers.sudoku import account_marks, check_grid, mark_violations, read_grid, sudoku_score

        layout = record.layout
        board = Board(layout["box_rows"], layout["box_cols"])
        givens, solution = record.ground_truth["givens"], record.ground_truth["solution"]
        reading = read_grid(answer, layout, input_image=input_image, givens=givens)
        mean_conf = float(np.mean(reading.confidence))
        parsed: dict[str, Any] = {"grid": reading.digits,
                                  "cell_confidence": [[round(x, 3) for x in row] for row in reading.confidence]}
        if reading.symbols is not None:
            parsed["symbols"] = reading.symbols
        if mean_conf < self.rubric["unreadable_below_mean_confidence"]:
            return Verdict.failed(record.id, self.name, Status.UNREADABLE,
                                  f"digit reader unsure on most cells (mean confidence {mean_conf:.2f})",
                                  parsed=parsed)
        unsure = reading.unsure_cells(self.rubric["needs_review_below_cell_confidence"])
        violations, subscores = check_grid(givens, solution, reading.digits, board, layout, symbols=reading.symbols,
                                           unsure=set(unsure), candidates=reading.candidates)
        marks = account_marks(answer, input_image, layout, reading, self.rubric["marks"], givens=givens)
        violations += mark_violations(marks, layout)
        extra: dict[str, Any] = {}
        if marks.unsure:
            extra["unsure_marks"] = marks.unsure
        if marks.pencil:
            extra["pencil_beside_answer"] = [{"cell": [r, c], "candidates": list(v)}
                                             for (r, c), v in sorted(marks.pencil.items())]
        if unsure:
            extra["unsure_cells"] = [list(rc) for rc in unsure]
            extra["unsure_readings"] = [{"cell": [r, c], "read": (reading.symbols or [])[r][c] if reading.symbols
                                         else reading.digits[r][c], "confidence": round(reading.confidence[r][c], 3)}
                                        for r, c in unsure]
        if reading.candidates:
            extra["pencil_marks"] = [{"cell": [r, c], "candidates": list(v)}
                                     for (r, c), v in sorted(reading.candidates.items())]
        if reading.second_opinions:
            extra["ocr_cells"] = reading.second_opinions
        if reading.second_opinion_note:
            extra["ocr_note"] = reading.second_opinion_note
        score = sudoku_score(subscores, violations)
        return Verdict(
            id=record.id, track=self.name,
            score=min(score, 99.0) if marks.unsure else score,  # an unsure mark: review, never 100
            status=Status.INCORRECT if violations else Status.CORRECT, violations=violations, parsed=parsed,
            confidence=reading.min_confidence, needs_review=bool(unsure or marks.unsure), subscores=subscores,
            extra=extra,
        )

    def validate(self, record: InstanceRecord) -> list[str]:
        layout = record.layout
        board = Board(layout["box_rows"], layout["box_cols"])
        givens, solution = record.ground_truth["givens"], record.ground_truth["solution"]
        problems = []
        if not grid_is_valid_solution(solution, board):
            problems.append("stored solution breaks a row, column or box rule")
        if any(g and g != s for grow, srow in zip(givens, solution) for g, s in zip(grow, srow)):
            problems.append("a given disagrees with the stored solution")
        count = count_solutions_cpsat(givens, board, limit=2)
        if count != 1:
            problems.append(f"givens have {count if count < 2 else '2 or more'} solutions (CP-SAT), expected 1")
        elif count_solutions(givens, board, 2) != 1:
            problems.append("search solver disagrees with CP-SAT on uniqueness")
        return problems
