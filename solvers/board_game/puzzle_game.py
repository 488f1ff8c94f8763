"""The single-player board puzzles (issue 17) as :class:`~genpuzzle.solvers.board_game.base.BoardGame`
variants of the ``board_game`` track.

Each puzzle module keeps its pure rules in plain functions (``generate(rng, level) -> dict``, ``check``,
``validate``) and exports ``GAME``, a :class:`PuzzleGame` that turns the puzzle's instance dict into the
track's boards: the input position, every accepted board (with the cells the action itself touches) and
the legal alternatives the puzzle knows (other swipes, other slides, other jumps, other pushes). The whole
instance dict is stored in the certificate (``certificate["instance"]``), so the verifier judges an answer
by the puzzle's own rules and ``validate`` re-proves it with the puzzle's certificate (CP-SAT, GF(2), BFS).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from genpuzzle.solvers.board_game.base import FILES, Board, BoardGame, Instance, Move, board_hash, parse_board

LEVELS = ("easy", "medium", "hard")


class PuzzleGame(BoardGame):
    """A single-player puzzle: subclasses implement :meth:`make` (the puzzle's certified instance dict),
    :meth:`boards` (position, accepted moves, legal moves) and :meth:`task_text`, and name the puzzle's
    ``validate`` function in :meth:`prove`."""

    side_names: ClassVar[dict[str, str]] = {}
    cell_kind = "puzzle"
    answer_text: ClassVar[str] = "Draw the board as it is after the action"

    def make(self, rng: random.Random, level: str) -> dict[str, Any]:
        raise NotImplementedError

    def boards(self, data: dict[str, Any]) -> tuple[Board, list[Move], list[Move]]:
        raise NotImplementedError

    def task_text(self, data: dict[str, Any]) -> str:
        raise NotImplementedError

    def prove(self, data: dict[str, Any]) -> list[str]:
        raise NotImplementedError

    def generate(self, rng: random.Random) -> Instance:
        level = LEVELS[rng.randrange(len(LEVELS))]
        data = self.make(rng, level)
        position, accepted, legal = self.boards(data)
        return Instance(position=position, side="", side_name="", task=data.get("task", self.name),
                        task_text=self.task_text(data), accepted=accepted, legal=legal,
                        certificate={"kind": self.certificate_kind, "instance": data},
                        difficulty=dict(data["difficulty"]))

    certificate_kind: ClassVar[str] = ""

    def legal_moves(self, board: Board, side: str) -> list[Move]:
        return []  # a puzzle's legal actions depend on data beyond the board; see check_truth

    def solve(self, board: Board, side: str, task: str) -> list[Move]:
        return []

    def check_truth(self, truth: dict[str, Any]) -> list[str]:
        """Re-prove a record: the puzzle's own certificate on the stored instance, and the stored boards
        rebuilt from it."""
        data = truth.get("certificate", {}).get("instance")
        if not isinstance(data, dict):
            return ["certificate.instance missing"]
        problems = list(self.prove(data))
        position, accepted, legal = self.boards(data)
        if board_hash(position) != truth.get("position_hash") or parse_board(truth["position"]) != position:
            problems.append("stored position is not the instance's board")
        if sorted(board_hash(m.board) for m in accepted) != sorted(a["hash"] for a in truth["accepted"]):
            problems.append("stored accepted boards are not the instance's")
        if sorted(board_hash(m.board) for m in legal) != sorted(h for _, h, _ in truth["legal_successors"]):
            problems.append("stored legal successors are not the instance's")
        return problems

    def instruction(self, instance: Instance, layout: dict[str, Any]) -> str:
        rows, cols = layout["rows"], layout["cols"]
        coords = (f"the columns are labelled {FILES[0]}-{FILES[cols - 1]} from left to right and the rows "
                  f"1-{rows} from bottom to top. ") if layout.get("coordinates", True) else ""
        return (f"The image shows a board puzzle ({self.title}); {coords}{instance.task_text} {self.answer_text}, in the "
                "same place and size: keep the board, its coordinates and everything the task does not change "
                "as they are. Return the completed image.")


def grid_board(grid, code) -> Board:
    """A board from a grid of values, each cell's code from ``code(r, c, value)``."""
    return [[code(r, c, v) for c, v in enumerate(row)] for r, row in enumerate(grid)]


def changed_cells(a: Board, b: Board) -> list[tuple[int, int]]:
    return [(r, c) for r, (ra, rb) in enumerate(zip(a, b)) for c, (x, y) in enumerate(zip(ra, rb)) if x != y]
