"""Counting the solutions of an OR-Tools CP-SAT model, up to a limit (the independent counter)."""

from __future__ import annotations

from ortools.sat.python import cp_model


def count_model_solutions(model: cp_model.CpModel, limit: int) -> int:
    """Enumerate solutions of ``model`` on one worker and stop at ``limit`` (``limit=2`` proves uniqueness)."""

    class _Counter(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.count = 0

        def on_solution_callback(self) -> None:
            self.count += 1
            if self.count >= limit:
                self.StopSearch()

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    counter = _Counter()
    solver.Solve(model, counter)
    return counter.count
