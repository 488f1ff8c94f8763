"""The board-game track (``board_game``): one variant per game, each instance a certified position with
the side to move and a task; the answer is the board after the move, drawn in the input's geometry.

Games are discovered from the fixed tuple :data:`GAMES`: a game is available when its three modules
import (``solvers/board_game/<game>.py`` exporting ``GAME``, ``renderers/board_game/<game>.py`` exporting
``render_board``, ``verifiers/board_game/<game>.py`` exporting ``read_board``); the track's variants are
the available games, and :func:`missing_games` names the others (shown by ``genpuzzle tracks``). Default
mix: equal shares over the available games.

Ground truth: the position (text form of :mod:`genpuzzle.solvers.board_game.base`, plus the game's own
notation), the side to move, the task, every accepted resulting board (text and hash) and every legal
move's successor hash, so the verifier tells a legal but wrong move from an illegal one.
"""

from __future__ import annotations

import importlib
import random
from functools import lru_cache
from types import ModuleType
from typing import Any

import numpy as np

from genpuzzle.errors import TrackError
from genpuzzle.records import InstanceRecord, Puzzle, Verdict
from genpuzzle.track import Track

GAMES = ("chess", "xiangqi", "shogi", "go", "gomoku", "othello", "connect4", "tictactoe", "checkers", "hex",
         "nqueens", "queens", "lights_out", "minesweeper", "sliding_puzzle", "hanoi", "sokoban",
         "peg_solitaire", "game_2048", "knight_route")
PARTS = ("solvers", "renderers", "verifiers")
RULES_TEXT = {  # what the instruction asks the answer to carry out besides placing the piece
    "go": ", and remove every stone the move captures",
    "othello": ", and turn over every disc the move flips",
    "connect4": "; the disc falls to the lowest empty cell of its column",
    "chess": ", and remove a captured piece",
    "xiangqi": ", and remove a captured piece",
    "shogi": ", and remove a captured piece",
    "checkers": ", and remove every piece jumped over",
}


@lru_cache(maxsize=None)
def game_modules(game: str) -> tuple[ModuleType, ModuleType, ModuleType] | None:
    """The game's (solver, renderer, verifier) modules, or None when any of them does not import."""
    try:
        return tuple(importlib.import_module(f"genpuzzle.{part}.board_game.{game}") for part in PARTS)  # type: ignore[return-value]
    except Exception:
        return None


@lru_cache(maxsize=None)
def missing_reason(game: str) -> str | None:
    for part in PARTS:
        try:
            importlib.import_module(f"genpuzzle.{part}.board_game.{game}")
        except Exception as err:
            return f"{part}/board_game/{game}.py: {type(err).__name__}: {err}"
    return None


def available_games() -> tuple[str, ...]:
    return tuple(g for g in GAMES if game_modules(g) is not None)


def missing_games() -> dict[str, str]:
    """Games of :data:`GAMES` not available here, with why (the first module that fails to import)."""
    return {g: missing_reason(g) or "" for g in GAMES if game_modules(g) is None}


class BoardGameTrack(Track):
    name = "board_game"
    version = "1"
    description = ("Board games and board puzzles: draw the board after the right move; cells read by "
                   "colour/shape/glyph, the move judged against every accepted and every legal successor.")

    @property
    def variants(self) -> tuple[str, ...]:  # type: ignore[override]
        return available_games()

    @property
    def variant_weights(self) -> dict[str, int]:  # type: ignore[override]
        return {g: 1 for g in available_games()}

    def info(self) -> dict[str, Any]:
        info = super().info()
        missing = missing_games()
        if missing:
            info["description"] = (f"{self.description} Missing games ({len(missing)} of {len(GAMES)}): "
                                   f"{', '.join(missing)}.")
            info["missing_variants"] = missing
        return info

    def _modules(self, game: str) -> tuple[ModuleType, ModuleType, ModuleType]:
        mods = game_modules(game)
        if mods is None:
            if game in GAMES:
                raise TrackError(f"board_game variant {game!r} is not available: {missing_reason(game)}")
            raise TrackError(f"board_game has no variant {game!r}; variants: {', '.join(self.variants)}")
        return mods

    def generate(self, seed: int, variant: str) -> Puzzle:
        solver, renderer, _ = self._modules(variant)
        game = solver.GAME
        instance = game.generate(random.Random(f"board_game:{variant}:{seed}"))
        drawing = renderer.render_board(instance.position)
        reference = renderer.render_board(instance.accepted[0].board)
        from genpuzzle.renderers.board_game.base import edit_mask

        layout = drawing.layout
        truth = instance.ground_truth(variant)
        difficulty = {"level": "medium", **instance.difficulty, "accepted": len(instance.accepted),
                      "legal_moves": len(instance.legal)}
        return Puzzle(
            track=self.name, variant=variant, seed=seed, instruction=self.instruction(variant, game, instance, layout),
            difficulty=difficulty, ground_truth=truth, layout=layout, input_image=drawing.image,
            reference_images=[reference.image], edit_mask=edit_mask(layout),
            scoring={"mechanism": "five_dimension", "rubric": "board_game",
                     "rubric_version": self.rubric["rubric_version"]},
        )

    def instruction(self, variant: str, game: Any, instance: Any, layout: dict[str, Any]) -> str:
        from genpuzzle.solvers.board_game.base import FILES

        rows, cols = layout["rows"], layout["cols"]
        custom = getattr(game, "instruction", None)
        if callable(custom):  # a game (single-player puzzles) may word its instruction itself
            return custom(instance, layout)
        return self.instruction_template().format(
            title=getattr(game, "title", variant), files=f"{FILES[0]}-{FILES[cols - 1]}", ranks=f"1-{rows}",
            task=instance.task_text, consequences=RULES_TEXT.get(variant, ""))

    def verify(self, record: InstanceRecord, answer: np.ndarray, input_image: np.ndarray) -> Verdict:
        from genpuzzle.verifiers.board_game.base import verify_board

        _, _, verifier = self._modules(record.variant)
        return verify_board(record, answer, input_image, verifier, self.rubric, self.name)

    def overlay(self, record: InstanceRecord, verdict: Verdict, answer: np.ndarray) -> np.ndarray | None:
        if not verdict.parsed or "board" not in verdict.parsed:
            return None
        from genpuzzle.verifiers.board_game.base import draw_reading

        return draw_reading(answer, record.layout, verdict.parsed, verdict.violations)

    def dedupe_key(self, record: InstanceRecord) -> str:
        t = record.ground_truth
        return f"{record.variant}:{t['position']}:{t['side_to_move']}:{t['task']}"

    def validate(self, record: InstanceRecord) -> list[str]:
        mods = game_modules(record.variant)
        if mods is None:
            return [f"variant {record.variant!r} not available: {missing_reason(record.variant)}"]
        try:
            return mods[0].GAME.check_truth(record.ground_truth)
        except Exception as err:
            return [f"ground truth could not be re-proved: {type(err).__name__}: {err}"]
