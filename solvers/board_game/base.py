"""What every board-game rules module provides, and the shared board forms.

A *board* is a list of rows (top row first), each a list of cell codes: ``"."`` (:data:`EMPTY`) for an
empty cell, otherwise a short code chosen by the game (``"X"``/``"O"``, ``"B"``/``"W"``, FEN letters,
digits, ...). Cells are named as on the drawn board: column letter (``a`` = leftmost) then row number
(``1`` = bottom row), e.g. ``c3``; :func:`cell_name` / :func:`parse_cells`.

Text form (:func:`board_text`): rows top to bottom joined by ``/``; a row is its codes concatenated when
every code is one character, else the codes joined by ``,``. :func:`board_hash` hashes that text, so the
verifier can look up a read board among the stored successors without re-running the rules.

A game module ``solvers/board_game/<game>.py`` exports ``GAME``, an instance of a :class:`BoardGame`
subclass, whose :meth:`BoardGame.generate` returns a certified :class:`Instance`: the position, the side
to move, the task, **every accepted resulting board** and **the successor of every legal move** (for
single-player puzzles: every state one legal action reaches), each a :class:`Move` with the cells the
move itself touches (placed stone; from and to squares) so that a right move with wrong consequences
can be told from a wrong move.
"""

from __future__ import annotations

import hashlib
import random
import re
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Sequence

EMPTY = "."
FILES = "abcdefghijklmnopqrstuvwxyz"
Board = list[list[str]]
Cell = tuple[int, int]


def copy_board(board: Sequence[Sequence[str]]) -> Board:
    return [list(row) for row in board]


def move_piece(board: Sequence[Sequence[str]], move: tuple[int, int, int, int]) -> Board:
    """A new board with the piece on (r, c) moved to (r2, c2), whatever stood there captured."""
    r, c, r2, c2 = move
    out = copy_board(board)
    out[r2][c2] = out[r][c]
    out[r][c] = EMPTY
    return out


def empty_board(rows: int, cols: int) -> Board:
    return [[EMPTY] * cols for _ in range(rows)]


def board_text(board: Sequence[Sequence[str]]) -> str:
    """Rows top to bottom joined by ``/``; one-character codes concatenated, longer ones joined by ``,``."""
    rows = list(map("".join, board))
    # every code is one character when none is empty and the rows' texts are as long as their cell counts
    if sum(map(len, rows)) == sum(map(len, board)) and not any("" in row for row in board):
        return "/".join(rows)
    return "/".join(map(",".join, board))


def parse_board(text: str) -> Board:
    """Inverse of :func:`board_text`."""
    return [row.split(",") if "," in row else list(row) for row in text.split("/")]


def fen_placement(board: Sequence[Sequence[str]]) -> str:
    """The piece-placement field of a FEN (chess, xiangqi, shogi SFEN, checkers): rows top to bottom
    joined by ``/``, runs of empty cells written as their count."""
    rows = []
    for row in board:
        text, empty = "", 0
        for p in row:
            if p == EMPTY:
                empty += 1
                continue
            if empty:
                text += str(empty)
                empty = 0
            text += p
        rows.append(text + (str(empty) if empty else ""))
    return "/".join(rows)


def parse_fen_placement(placement: str) -> Board:
    """Inverse of :func:`fen_placement` (counts of one digit, as every game here has at most 9 files)."""
    board = []
    for text in placement.split("/"):
        row: list[str] = []
        for ch in text:
            row.extend([EMPTY] * int(ch) if ch.isdigit() else [ch])
        board.append(row)
    return board


def board_hash(board: Sequence[Sequence[str]]) -> str:
    """16 hex digits of the SHA-256 of :func:`board_text` (what the verifier looks read boards up by)."""
    return hashlib.sha256(board_text(board).encode("utf-8")).hexdigest()[:16]


def cell_name(r: int, c: int, rows: int) -> str:
    """``(row from the top, column)`` -> ``"c3"``: column letter, row number counted from the bottom."""
    return f"{FILES[c]}{rows - r}"


_CELL = re.compile(r"([a-z])(\d+)")


def parse_cells(text: str, rows: int) -> list[Cell]:
    """Every cell name in ``text`` (``"e2e4"``, ``"b3xd5"``, ``"c3"``) as (row, column)."""
    return [(rows - int(n), FILES.index(f)) for f, n in _CELL.findall(text.lower())]


def diff_cells(a: Sequence[Sequence[str]], b: Sequence[Sequence[str]]) -> list[Cell]:
    """Cells whose codes differ between two boards of the same shape."""
    return [(r, c) for r, (ra, rb) in enumerate(zip(a, b)) for c, (x, y) in enumerate(zip(ra, rb)) if x != y]


@dataclass
class Move:
    """One move (or action) and the board it leads to. ``name`` is the move in the game's notation
    (``"b2"``, ``"e2e4"``, ``"c"`` for a Connect Four column); ``cells`` are the cells the move itself
    touches (placed piece; from and to squares), not its consequences (captures, flips)."""

    name: str
    board: Board
    cells: list[Cell]

    def to_json(self) -> dict[str, Any]:
        return {"move": self.name, "board": board_text(self.board), "hash": board_hash(self.board),
                "cells": [list(c) for c in self.cells]}


@dataclass
class Instance:
    """A certified instance. ``side`` is the code of the side to move (``""`` for single-player puzzles),
    ``side_name`` how the instruction names it; ``task`` a short id (``best_move``, ``capture_most``,
    ...) and ``task_text`` the task sentence of the instruction. ``accepted``: every correct answer;
    ``legal``: every legal move with its successor (accepted ones included). ``certificate``: how the
    answer set was proved (search nodes, values...); ``difficulty``: level and measures."""

    position: Board
    side: str
    side_name: str
    task: str
    task_text: str
    accepted: list[Move]
    legal: list[Move]
    certificate: dict[str, Any] = field(default_factory=dict)
    difficulty: dict[str, Any] = field(default_factory=dict)
    notation: str = ""  # the position in the game's own notation (FEN for chess), when it has one

    def ground_truth(self, game: str) -> dict[str, Any]:
        return {
            "game": game, "position": board_text(self.position), "position_hash": board_hash(self.position),
            "notation": self.notation or board_text(self.position), "side_to_move": self.side,
            "side_name": self.side_name, "task": self.task, "task_text": self.task_text,
            "accepted": [m.to_json() for m in self.accepted],
            "legal_successors": [[m.name, board_hash(m.board), [list(c) for c in m.cells]] for m in self.legal],
            "certificate": self.certificate,
        }


class BoardGame(ABC):
    """A game's rules and instance search. Subclasses set the class attributes and implement
    :meth:`generate`, :meth:`legal_moves` and :meth:`solve`; :meth:`check_truth` re-proves a stored
    instance.

    ``codes``: the piece codes of the game (e.g. ``("X", "O")``); ``side_names``: code -> name used in
    instructions; ``cell_kind``: how the verifier reads a cell (``stone``, ``disc``, ``mark``,
    ``glyph``, ``digit``, ``bars``, or the game's own)."""

    name: ClassVar[str]
    rows: ClassVar[int]
    cols: ClassVar[int]
    codes: ClassVar[tuple[str, ...]]
    side_names: ClassVar[dict[str, str]] = {}
    cell_kind: ClassVar[str] = "stone"
    title: ClassVar[str] = ""  # the game's name in instructions ("tic-tac-toe", "Go (9x9)")
    description: ClassVar[str] = ""

    @abstractmethod
    def generate(self, rng: random.Random) -> Instance:
        """A certified instance from ``rng`` (pure function of the rng's state)."""

    @abstractmethod
    def legal_moves(self, board: Board, side: str) -> list[Move]:
        """Every legal move of ``side`` on ``board`` with its successor board."""

    @abstractmethod
    def solve(self, board: Board, side: str, task: str) -> list[Move]:
        """Every accepted move of ``task`` on ``board`` with ``side`` to move, found by the game's search
        (what :meth:`check` re-proves a stored instance with)."""

    def check_truth(self, truth: dict[str, Any]) -> list[str]:
        """Re-prove a record's ground truth: the legal successors and the accepted set recomputed from
        the rules must equal the stored ones (as board hashes). Returns problems, empty if sound."""
        problems = []
        position = parse_board(truth["position"])
        if board_hash(position) != truth.get("position_hash", board_hash(position)):
            problems.append("position_hash is not the hash of the stored position")
        legal = {board_hash(m.board) for m in self.legal_moves(position, truth["side_to_move"])}
        stored = {h for _, h, _ in truth["legal_successors"]}
        if legal != stored:
            problems.append(f"{len(legal ^ stored)} legal successor(s) differ from the rules")
        accepted = {board_hash(m.board) for m in self.solve(position, truth["side_to_move"], truth["task"])}
        if not accepted:
            problems.append("the search finds no accepted answer")
        if accepted != {a["hash"] for a in truth["accepted"]}:
            problems.append("the accepted set differs from the one the search finds")
        if any(board_hash(parse_board(a["board"])) != a["hash"] for a in truth["accepted"]):
            problems.append("an accepted board does not match its hash")
        return problems


def instance_from_truth(truth: dict[str, Any]) -> Instance:
    """Rebuild an :class:`Instance` from a record's ground truth (successor boards are not stored, only
    their hashes: ``legal`` holds the accepted moves' boards and, for the others, the input board)."""
    position = parse_board(truth["position"])
    accepted = [Move(a["move"], parse_board(a["board"]), [tuple(c) for c in a["cells"]]) for a in truth["accepted"]]
    return Instance(position, truth["side_to_move"], truth.get("side_name", ""), truth["task"],
                    truth.get("task_text", ""), accepted, [], dict(truth.get("certificate", {})),
                    notation=truth.get("notation", ""))


def other(side: str, sides: Sequence[str]) -> str:
    """The opponent of ``side`` in a two-player game with ``sides``."""
    return sides[1] if side == sides[0] else sides[0]
