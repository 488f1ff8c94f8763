"""2048 swipe: a 4 x 4 board of tiles (powers of two). A swipe slides every tile as far as it goes in
the swipe direction; two equal tiles that meet merge into one of double value, each tile merges at most
once per swipe, and merging happens from the side the tiles move towards (a row 2 2 2 swiped left gives
4 2). No new tile appears (stated in the instruction).

Task: draw the board after the named swipe. Instances: random boards (3..9 tiles up to 64/128/512),
kept when the swipe changes the board and merges at least once. Exact merge rules; the other three
swipes' boards are stored so a legal but wrong swipe is named. Difficulty: tiles, merges, largest tile.
"""

from __future__ import annotations

import random
from typing import Sequence

from genpuzzle.solvers.board_game.puzzle_common import RULE_BROKEN, WRONG_STATE, Finding, compare_grids

DIRECTIONS = ("left", "right", "up", "down")
LEVELS = {"easy": (3, 5, 5), "medium": (5, 8, 6), "hard": (7, 10, 8)}  # tiles low/high, largest exponent
N = 4


def slide_line(line: Sequence[int]) -> tuple[list[int], int]:
    """A line swiped towards index 0: ``(new line, merges)``."""
    tiles = [v for v in line if v]
    out: list[int] = []
    merges = 0
    i = 0
    while i < len(tiles):
        if i + 1 < len(tiles) and tiles[i] == tiles[i + 1]:
            out.append(2 * tiles[i])
            merges += 1
            i += 2
        else:
            out.append(tiles[i])
            i += 1
    return out + [0] * (len(line) - len(out)), merges


def swipe(board: Sequence[Sequence[int]], direction: str) -> tuple[list[list[int]], int]:
    """The board after a swipe and the number of merges."""
    n = len(board)
    grid = [list(r) for r in board]
    merges = 0
    if direction in ("left", "right"):
        for r in range(n):
            line = grid[r] if direction == "left" else grid[r][::-1]
            new, m = slide_line(line)
            merges += m
            grid[r] = new if direction == "left" else new[::-1]
    else:
        for c in range(n):
            line = [grid[r][c] for r in range(n)]
            if direction == "down":
                line = line[::-1]
            new, m = slide_line(line)
            merges += m
            if direction == "down":
                new = new[::-1]
            for r in range(n):
                grid[r][c] = new[r]
    return grid, merges


def generate(rng: random.Random, level: str) -> dict:
    """``{"start", "direction", "accepted": [board], "others": {direction: board}, "difficulty"}``."""
    low, high, top = LEVELS[level]
    while True:
        board = [[0] * N for _ in range(N)]
        cells = rng.sample([(r, c) for r in range(N) for c in range(N)], rng.randint(low, high))
        for r, c in cells:
            board[r][c] = 2 ** rng.randint(1, min(top, 3 + rng.randint(0, top - 1)))
        direction = rng.choice(DIRECTIONS)
        after, merges = swipe(board, direction)
        if merges >= 1 and after != board:
            break
    others = {d: swipe(board, d)[0] for d in DIRECTIONS if d != direction}
    return {"start": board, "direction": direction, "accepted": [after], "others": others,
            "difficulty": {"level": level, "tiles": len(cells), "merges": merges,
                           "largest_tile": max(max(r) for r in board), "solution_length": 1}}


def check(state: Sequence[Sequence[int | None]], instance: dict) -> list[Finding]:
    """Findings on the board an answer shows (None = unreadable tile, 0 = empty): the board of another
    swipe (``wrong_state``), a tile that is not a power of two or a changed tile sum (``rule_broken``),
    then the wrong cells."""
    grid = [list(r) for r in state]
    expected = instance["accepted"][0]
    if grid == expected:
        return []
    out: list[Finding] = []
    for d, board in instance["others"].items():
        if grid == board and board != instance["start"]:
            out.append(Finding(WRONG_STATE, f"this is the board after a swipe {d}, not {instance['direction']}", ()))
    bad = [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v and (v < 2 or v & (v - 1))]
    if bad:
        out.append(Finding(RULE_BROKEN, "tile value(s) that are not powers of two: "
                           + ", ".join(str(grid[r][c]) for r, c in bad), tuple(bad)))
    known = all(v is not None for row in grid for v in row)
    if known and sum(map(sum, grid)) != sum(map(sum, instance["start"])):
        out.append(Finding(RULE_BROKEN, f"the tiles sum to {sum(map(sum, grid))}, the input's to "
                           f"{sum(map(sum, instance['start']))} (a swipe keeps the sum)", ()))
    return out + compare_grids(grid, expected, lambda v: "no tile" if v == 0 else "?" if v is None else str(v))


def validate(instance: dict) -> list[str]:
    after, _ = swipe(instance["start"], instance["direction"])
    return [] if [after] == instance["accepted"] else ["stored board is not the swipe's result"]


# ------------------------------------------------------------------------------------------ track glue

from genpuzzle.solvers.board_game.base import Move  # noqa: E402
from genpuzzle.solvers.board_game.puzzle_game import PuzzleGame, changed_cells  # noqa: E402


def board_of(grid) -> list[list[str]]:
    """Codes: the tile value, ``"."`` an empty cell."""
    return [[str(v) if v else "." for v in row] for row in grid]


class Game2048(PuzzleGame):
    name = "game_2048"
    rows = cols = 4
    codes = tuple(str(2 ** k) for k in range(1, 12))
    title = "2048"
    description = "the board after a swipe, no new tile: exact merge rules"
    certificate_kind = "merge_rules"
    answer_text = "Draw the board after the swipe"

    def make(self, rng, level):
        return generate(rng, level)

    def boards(self, data):
        position = board_of(data["start"])
        after = board_of(data["accepted"][0])
        accepted = [Move(f"swipe {data['direction']}", after, changed_cells(position, after))]
        legal = accepted + [Move(f"swipe {d}", board_of(g), changed_cells(position, board_of(g)))
                            for d, g in data["others"].items() if g != data["start"]]
        return position, accepted, legal

    def task_text(self, data):
        return (f"Swipe {data['direction'].upper()}: every tile slides as far as it can towards the {data['direction']} "
                "edge; two tiles of the same value that meet merge into one tile of their sum, each tile merges at "
                "most once per swipe, and the tiles nearest that edge merge first (2 2 2 swiped left gives 4 2). "
                "No new tile appears after the swipe.")

    def prove(self, data):
        return validate(data)


GAME = Game2048()
