"""Sliding puzzle (8-puzzle on 3 x 3, 15-puzzle on 4 x 4): tiles 1..n^2-1 and one blank; a move slides a
tile orthogonally adjacent to the blank into it. Goal: 1..n^2-1 in reading order, blank last.

Task: draw the board after the unique optimal next move (the only move that starts a shortest solution).
Instances: a random walk from the goal; the exact distance of the state and of each of its successors
comes from a breadth-first search from the goal (complete for the 8-puzzle's 181,440 states reached up to
the depth needed; for the 15-puzzle up to MAX_DEPTH_15 moves), kept when exactly one successor is one move
closer. Difficulty: size, optimal solution length, BFS nodes, number of legal moves.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Sequence

from genpuzzle.solvers.board_game.puzzle_common import RULE_BROKEN, WRONG_STATE, Finding, compare_grids

State = tuple[int, ...]  # row-major, 0 = blank
LEVELS = {"easy": (3, 6, 10), "medium": (3, 11, 18), "hard": (4, 8, 12)}  # size, min and max distance
MAX_DEPTH_15 = 13


def goal(n: int) -> State:
    return tuple(range(1, n * n)) + (0,)


def successors(state: State, n: int) -> list[tuple[int, State]]:
    """``(tile moved, next state)`` for every legal move."""
    b = state.index(0)
    out = []
    for t in _neighbours(n)[b]:
        s = list(state)
        s[b], s[t] = s[t], 0
        out.append((state[t], tuple(s)))
    return out


@lru_cache(maxsize=8)
def _neighbours(n: int) -> tuple[tuple[int, ...], ...]:
    """Per blank position, the positions a tile can slide from (up, down, left, right)."""
    out = []
    for b in range(n * n):
        r, c = divmod(b, n)
        out.append(tuple(a * n + d for a, d in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                         if 0 <= a < n and 0 <= d < n))
    return tuple(out)


@lru_cache(maxsize=4)
def distances(n: int, depth: int) -> dict[State, int]:
    """BFS distance to the goal of every state within ``depth`` moves of it."""
    g = goal(n)
    dist = {g: 0}
    layer = [g]
    for d in range(1, depth + 1):
        nxt = []
        for s in layer:
            for _, t in successors(s, n):
                if t not in dist:
                    dist[t] = d
                    nxt.append(t)
        layer = nxt
    return dist


def generate(rng: random.Random, level: str) -> dict:
    """``{"n", "start", "accepted": [state], "moved_tile", "legal": [states], "difficulty"}``; states are
    lists of n rows."""
    n, low, high = LEVELS[level]
    dist = distances(n, high + 1)
    while True:
        state = goal(n)
        for _ in range(rng.randint(high, 3 * high)):
            state = rng.choice(successors(state, n))[1]
        d = dist.get(state)
        if d is None or not low <= d <= high:
            continue
        best = [(tile, s) for tile, s in successors(state, n) if dist.get(s, high + 2) == d - 1]
        if len(best) == 1:
            break
    tile, after = best[0]
    rows = lambda s: [list(s[i * n:(i + 1) * n]) for i in range(n)]
    return {"n": n, "start": rows(state), "accepted": [rows(after)], "moved_tile": tile,
            "legal": [rows(s) for _, s in successors(state, n)],
            "difficulty": {"level": level, "size": f"{n}x{n}", "solution_length": d,
                           "search_nodes": len(dist), "legal_moves": len(successors(state, n))}}


def check(state: Sequence[Sequence[int | None]], instance: dict) -> list[Finding]:
    """Findings on the board an answer shows (None = unreadable tile): a legal move that is not the
    optimal one (``wrong_state``), a board no single slide reaches (``rule_broken``), then wrong cells."""
    expected = instance["accepted"][0]
    grid = [list(row) for row in state]
    if grid == expected:
        return []
    out: list[Finding] = []
    n = instance["n"]
    flat = [v for row in grid for v in row]
    if grid in instance["legal"]:
        moved = [v for v, s in zip(flat, sum(instance["start"], [])) if v != s and v]
        out.append(Finding(WRONG_STATE, f"sliding tile {moved[0] if moved else '?'} is legal but not the optimal "
                           f"move (tile {instance['moved_tile']} is)", ()))
    elif grid != instance["start"]:
        if sorted(v for v in flat if v is not None) != list(range(n * n)):
            out.append(Finding(RULE_BROKEN, "the tiles are not 1.." + str(n * n - 1) + " and one blank", ()))
        else:
            out.append(Finding(RULE_BROKEN, "no single slide turns the input into this board", ()))
    return out + compare_grids(grid, expected, lambda v: "the blank" if v == 0 else "?" if v is None else f"tile {v}")


def validate(instance: dict) -> list[str]:
    n = instance["n"]
    start = tuple(v for row in instance["start"] for v in row)
    after = tuple(v for row in instance["accepted"][0] for v in row)
    d = instance.get("difficulty", {}).get("solution_length", 0)
    dist = distances(n, d + 1)
    problems = []
    if after not in [s for _, s in successors(start, n)]:
        problems.append("accepted board is not one slide from the start")
    if dist.get(start) != d or dist.get(after) != d - 1:
        problems.append("stored solution length disagrees with BFS")
    if sum(dist.get(s, d + 2) == d - 1 for _, s in successors(start, n)) != 1:
        problems.append("optimal next move is not unique")
    return problems


# ------------------------------------------------------------------------------------------ track glue

from genpuzzle.solvers.board_game.base import Move  # noqa: E402
from genpuzzle.solvers.board_game.puzzle_game import PuzzleGame, changed_cells  # noqa: E402


def board_of(grid) -> list[list[str]]:
    """Codes: the tile number, ``"."`` the blank."""
    return [[str(v) if v else "." for v in row] for row in grid]


class SlidingPuzzle(PuzzleGame):
    name = "sliding_puzzle"
    rows = cols = 3
    codes = tuple(str(k) for k in range(1, 16))
    title = "sliding puzzle"
    description = "the board after the unique optimal next move: BFS over the state space"
    certificate_kind = "bfs_distances"
    answer_text = "Draw the board after that one move"

    def make(self, rng, level):
        return generate(rng, level)

    def boards(self, data):
        position = board_of(data["start"])

        def move_of(grid):
            board = board_of(grid)
            cells = changed_cells(position, board)
            tile = next(position[r][c] for r, c in cells if position[r][c] != ".")
            return Move(f"slide {tile}", board, cells)

        accepted = [move_of(data["accepted"][0])]
        legal = [move_of(g) for g in data["legal"]]
        return position, accepted, legal

    def task_text(self, data):
        n = data["n"]
        last = n * n - 1
        return (f"Tiles slide one at a time into the empty (dark) square from an orthogonally adjacent square. The "
                f"goal is 1 to {last} in reading order (left to right, top row first) with the empty square at the "
                "bottom right. Make the next move of a shortest solution (exactly one move starts a shortest "
                "solution).")

    def prove(self, data):
        return validate(data)


GAME = SlidingPuzzle()
