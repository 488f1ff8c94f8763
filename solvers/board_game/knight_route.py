"""Knight route: on an n x n chessboard (n = 6..8) with blocked squares, a knight moves from square A to
square B (a knight move: two squares along one axis and one along the other; it jumps, so only the
landing square must be free). Task: draw a shortest route, a line through the centres of the squares
the knight visits. Open task: every shortest route is accepted.

Certificate: breadth-first search from A and from B; a route is shortest when it is a chain of knight
moves over free squares from A to B with exactly dist(A, B) moves. The number of shortest routes is
stored (dynamic programming over the BFS layers). Difficulty: board size, blocked squares, moves,
number of shortest routes.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Sequence

from genpuzzle.solvers.board_game.puzzle_common import (MISSING_MARK, RULE_BROKEN, WRONG_STATE, Cell, Finding,
                                                        cell_name)

KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
LEVELS = {"easy": (6, 3, 3), "medium": (7, 4, 4), "hard": (8, 5, 6)}  # size, min moves, max moves


def knight_moves(n: int, cell: Cell, blocked: set[Cell]) -> list[Cell]:
    r, c = cell
    return [(r + a, c + b) for a, b in KNIGHT if 0 <= r + a < n and 0 <= c + b < n and (r + a, c + b) not in blocked]


def is_knight_move(a: Cell, b: Cell) -> bool:
    return sorted((abs(a[0] - b[0]), abs(a[1] - b[1]))) == [1, 2]


def distances(n: int, start: Cell, blocked: set[Cell]) -> dict[Cell, int]:
    dist = {start: 0}
    todo = deque([start])
    while todo:
        s = todo.popleft()
        for t in knight_moves(n, s, blocked):
            if t not in dist:
                dist[t] = dist[s] + 1
                todo.append(t)
    return dist


def count_shortest(n: int, start: Cell, goal: Cell, blocked: set[Cell]) -> int:
    da, db = distances(n, start, blocked), distances(n, goal, blocked)
    d = da.get(goal)
    if d is None:
        return 0
    ways = {start: 1}
    for k in range(1, d + 1):
        layer = [s for s, v in da.items() if v == k and db.get(s) == d - k]
        for s in layer:
            ways[s] = sum(ways.get(p, 0) for p in knight_moves(n, s, blocked) if da.get(p) == k - 1)
    return ways[goal]


def generate(rng: random.Random, level: str) -> dict:
    """``{"n", "blocked", "start", "goal", "moves", "routes", "example": [cells], "difficulty"}``."""
    n, low, high = LEVELS[level]
    while True:
        cells = [(r, c) for r in range(n) for c in range(n)]
        blocked = set(rng.sample(cells, rng.randint(n, 2 * n)))
        free = [x for x in cells if x not in blocked]
        start, goal = rng.sample(free, 2)
        d = distances(n, start, blocked).get(goal)
        if d is not None and low <= d <= high:
            break
    routes = count_shortest(n, start, goal, blocked)
    example = shortest_route(n, start, goal, blocked)
    return {"n": n, "blocked": sorted(map(list, blocked)), "start": list(start), "goal": list(goal), "moves": d,
            "routes": routes, "example": [list(x) for x in example],
            "difficulty": {"level": level, "size": n, "blocked": len(blocked), "solution_length": d,
                           "shortest_routes": routes, "search_nodes": len(distances(n, start, blocked))}}


def shortest_route(n: int, start: Cell, goal: Cell, blocked: set[Cell], pick: int = 0) -> list[Cell]:
    """One shortest route (the ``pick``-th in a fixed order of the choices at each step)."""
    db = distances(n, goal, blocked)
    route = [start]
    while route[-1] != goal:
        options = sorted(x for x in knight_moves(n, route[-1], blocked) if db.get(x) == db[route[-1]] - 1)
        route.append(options[pick % len(options)])
    return route


def all_shortest_routes(n: int, start: Cell, goal: Cell, blocked: set[Cell], limit: int = 1000) -> list[list[Cell]]:
    db = distances(n, goal, blocked)
    out: list[list[Cell]] = []

    def rec(route: list[Cell]) -> None:
        if len(out) >= limit:
            return
        if route[-1] == goal:
            out.append(list(route))
            return
        for x in sorted(knight_moves(n, route[-1], blocked)):
            if db.get(x) == db[route[-1]] - 1:
                route.append(x)
                rec(route)
                route.pop()

    rec([start])
    return out


def check(route: Sequence[Cell] | None, edges: Sequence[tuple[Cell, Cell]], instance: dict) -> list[Finding]:
    """Findings on a drawn route (the chain of visited squares from A, or None when the drawn moves do not
    form one chain from A) and the drawn moves: a move that is not a knight move or lands on a blocked
    square (``rule_broken``), a route not reaching B (``missing_mark``), a route longer than the shortest
    (``wrong_state``)."""
    n = instance["n"]
    rows = n
    blocked = {tuple(b) for b in instance["blocked"]}
    start, goal = tuple(instance["start"]), tuple(instance["goal"])
    out: list[Finding] = []
    for a, b in edges:
        if not is_knight_move(a, b):
            out.append(Finding(RULE_BROKEN, f"{cell_name(a, rows)}-{cell_name(b, rows)} is not a knight move", (a, b)))
    for a, b in edges:
        for x in (a, b):
            if x in blocked:
                out.append(Finding(RULE_BROKEN, f"the route visits the blocked square {cell_name(x, rows)}", (x,)))
    if route is None:
        if edges:
            out.append(Finding(RULE_BROKEN, "the drawn moves do not form one route starting at "
                               f"{cell_name(start, rows)}", tuple(sorted({x for e in edges for x in e}))))
        else:
            out.append(Finding(MISSING_MARK, "no route drawn", (start, goal)))
        return out
    if route[-1] != goal:
        out.append(Finding(MISSING_MARK, f"the route stops at {cell_name(route[-1], rows)} and does not reach "
                           f"{cell_name(goal, rows)}", (route[-1], goal)))
    elif len(route) - 1 > instance["moves"]:
        out.append(Finding(WRONG_STATE, f"the route takes {len(route) - 1} moves, the shortest takes "
                           f"{instance['moves']}", tuple(route)))
    return out


def validate(instance: dict) -> list[str]:
    n = instance["n"]
    blocked = {tuple(b) for b in instance["blocked"]}
    start, goal = tuple(instance["start"]), tuple(instance["goal"])
    problems = []
    if distances(n, start, blocked).get(goal) != instance["moves"]:
        problems.append("stored distance disagrees with BFS")
    if count_shortest(n, start, goal, blocked) != instance["routes"]:
        problems.append("stored number of shortest routes disagrees")
    ex = [tuple(x) for x in instance["example"]]
    if check(ex, list(zip(ex, ex[1:])), instance):
        problems.append("stored example route is not a shortest route")
    return problems


# ------------------------------------------------------------------------------------------ track glue

from genpuzzle.solvers.board_game.base import Move  # noqa: E402
from genpuzzle.solvers.board_game.puzzle_game import PuzzleGame, changed_cells  # noqa: E402

MAX_STORED_ROUTES = 100


def board_of(data: dict, route=()) -> list[list[str]]:
    """Codes: ``"#"`` blocked, ``"A"`` start, ``"B"`` target, ``"*"`` a square the drawn route visits
    between them, ``"."`` any other square."""
    n = data["n"]
    board = [["."] * n for _ in range(n)]
    for r, c in data["blocked"]:
        board[r][c] = "#"
    for r, c in route:
        board[r][c] = "*"
    board[data["start"][0]][data["start"][1]] = "A"
    board[data["goal"][0]][data["goal"][1]] = "B"
    return board


def route_of(board) -> list[Cell] | None:
    """The order of the route through a :func:`board_of` board's ``*`` squares from A to B (knight moves
    over every marked square once), or None."""
    cells = {(r, c) for r, row in enumerate(board) for c, v in enumerate(row) if v == "*"}
    start = next((r, c) for r, row in enumerate(board) for c, v in enumerate(row) if v == "A")
    goal = next((r, c) for r, row in enumerate(board) for c, v in enumerate(row) if v == "B")

    def rec(path: list[Cell], left: set[Cell]) -> list[Cell] | None:
        if not left:
            return path + [goal] if is_knight_move(path[-1], goal) else None
        for x in sorted(left):
            if is_knight_move(path[-1], x):
                got = rec(path + [x], left - {x})
                if got:
                    return got
        return None

    return rec([start], cells)


class KnightRoute(PuzzleGame):
    name = "knight_route"
    rows = cols = 8
    codes = ("*",)
    title = "knight route"
    description = "draw a shortest knight route avoiding blocked squares: BFS, every shortest route accepted"
    certificate_kind = "bfs_open_task"
    answer_text = "Draw the route on the board"

    def make(self, rng, level):
        return generate(rng, level)

    def boards(self, data):
        n = data["n"]
        position = board_of(data)
        routes = all_shortest_routes(n, tuple(data["start"]), tuple(data["goal"]), {tuple(b) for b in data["blocked"]},
                                     MAX_STORED_ROUTES)
        accepted = []
        for route in routes:
            board = board_of(data, route[1:-1])
            accepted.append(Move("-".join(cell_name(x, n) for x in route), board, changed_cells(position, board)))
        return position, accepted, accepted

    def task_text(self, data):
        n = data["n"]
        a, b = cell_name(tuple(data["start"]), n), cell_name(tuple(data["goal"]), n)
        return (f"A knight stands on {a} (marked A) and must reach {b} (marked B). It moves as in chess: two squares "
                "along a row or column and one square across, jumping over anything in between, but it may never "
                "land on a blocked (dark, crossed) square. Draw a shortest route: a line from square centre to "
                "square centre through every square the knight lands on, from A to B (any shortest route is right).")

    def prove(self, data):
        return validate(data)


GAME = KnightRoute()
