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
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Sequence

import numpy as np

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


class Distances(Mapping):
    """BFS distance to the goal of every state within ``depth`` moves of it (a read-only mapping from
    states to distances), a view of :func:`_search`'s one search per size."""

    def __init__(self, search: "_Search", depth: int) -> None:
        self._search, self._depth = search, depth
        self._size = sum(search.layer_sizes[:depth + 1])

    def get(self, state: State, default=None):
        n = self._search.n
        if len(state) != n * n or sorted(state) != list(range(n * n)):
            return default  # not a state of this size: the search never reached it
        d = self._search.depth_of(_pack(state))
        return default if d is None or d > self._depth else d

    def __getitem__(self, state: State) -> int:
        d = self.get(state)
        if d is None:
            raise KeyError(state)
        return d

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[State]:
        n = self._search.n
        return (_unpack(int(key), n) for layer in self._search.layers[:self._depth + 1] for key in layer)


def _pack(state: State) -> int:
    """A state as one integer: the tile of cell i (0 the blank) in bits 4i..4i+3 (64 bits for 4 x 4)."""
    key = 0
    for v in reversed(state):
        key = (key << 4) | v
    return key


def _unpack(key: int, n: int) -> State:
    return tuple((key >> (4 * i)) & 15 for i in range(n * n))


class _Search:
    """The breadth-first search from the goal of one size, layer by layer on arrays of packed states
    (:func:`_pack`), extended as deeper levels ask for it. The moves' graph is bipartite (each move
    moves the blank to a square of the other colour), so the new states of layer d are the neighbours of
    layer d - 1 that are not in layer d - 2."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.layers = [np.array([_pack(goal(n))], np.uint64)]  # sorted packed states per distance
        self._blanks = [np.array([n * n - 1], np.int64)]  # their blanks' cells, in the same order
        self.layer_sizes = [1]
        # per direction: for each blank cell, the cell a tile slides from (-1: off the board)
        self._sources = [np.array([b + step if 0 <= b + step < n * n and (step in (-n, n) or (b + step) // n == b // n)
                                   else -1 for b in range(n * n)], np.int64) for step in (-n, n, -1, 1)]
        self._sorted: tuple[np.ndarray, np.ndarray] | None = None

    def extend(self, depth: int) -> None:
        fifteen = np.uint64(15)
        while len(self.layers) <= depth:
            keys, blanks = self.layers[-1], self._blanks[-1]
            found, moved = [], []
            for sources in self._sources:
                tile = sources[blanks]
                ok = tile >= 0
                k, b, t = keys[ok], blanks[ok], tile[ok]
                st, sb = (4 * t).astype(np.uint64), (4 * b).astype(np.uint64)
                v = (k >> st) & fifteen
                found.append(k - (v << st) + (v << sb))  # the tile to the blank's cell (mod 2^64: exact)
                moved.append(t)
            k, first = np.unique(np.concatenate(found), return_index=True)
            b = np.concatenate(moved)[first]
            if len(self.layers) >= 2:
                new = ~np.isin(k, self.layers[-2], assume_unique=True)
                k, b = k[new], b[new]
            self.layers.append(k)
            self._blanks.append(b)
            self.layer_sizes.append(len(k))
            self._sorted = None

    def depth_of(self, key: int) -> int | None:
        """The distance of the packed state ``key`` if the search reached it, else None."""
        if self._sorted is None:
            keys = np.concatenate(self.layers)
            order = np.argsort(keys)
            depths = np.repeat(np.arange(len(self.layers)), self.layer_sizes)
            self._sorted = keys[order], depths[order]
        keys, depths = self._sorted
        i = int(np.searchsorted(keys, np.uint64(key)))
        return int(depths[i]) if i < len(keys) and int(keys[i]) == key else None


@lru_cache(maxsize=8)
def _search(n: int) -> _Search:
    return _Search(n)


def distances(n: int, depth: int) -> Distances:
    """BFS distance to the goal of every state within ``depth`` moves of it (one search per size and
    process, extended when a deeper level needs it: the same distances as a search to ``depth``)."""
    search = _search(n)
    search.extend(depth)
    return Distances(search, depth)


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
