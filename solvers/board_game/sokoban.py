"""Sokoban: a walled room with boxes, goal squares and one player. The player walks orthogonally over
free floor (not walls, not boxes) and pushes a box by walking into it when the cell behind the box is
free floor (or a goal); boxes cannot be pulled.

Tasks:
- ``push`` (UniREditBench's form): "push the box at X one cell <direction>": the player walks to the cell
  behind the box and pushes once. Answer: the box one cell further, the player where the box was.
- ``solve`` (one box): the board after the fewest pushes that bring the box onto the goal. Every last
  push direction a shortest solution can end with gives an accepted board (player behind the goal).

Levels by reverse play (Taylor & Parberry 2011, as gym-sokoban): boxes start on the goals and the player
pulls them away at random, so every level is solvable. Certificates by breadth-first search: the player's
walk to the pushing cell (``push``); pushes over (box, player area) states (``solve``). Difficulty: room
size, boxes, walk length, pushes, BFS states.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Sequence

from genpuzzle.solvers.board_game.puzzle_common import (INPUT_CHANGED, RULE_BROKEN, WRONG_CELL, WRONG_STATE, Cell,
                                                        Finding, cell_name, names)

DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
LEVELS = {"easy": ("push", 7, 2), "medium": ("push", 8, 3), "hard": ("solve", 7, 1)}
WALL, FLOOR, GOAL = "#", " ", "."


def random_room(rng: random.Random, size: int) -> list[str]:
    """A square room with an outer wall and a few interior wall cells, its floor connected."""
    while True:
        grid = [[WALL if r in (0, size - 1) or c in (0, size - 1) else FLOOR for c in range(size)]
                for r in range(size)]
        inner = [(r, c) for r in range(1, size - 1) for c in range(1, size - 1)]
        for r, c in rng.sample(inner, rng.randint(2, size)):
            grid[r][c] = WALL
        floor = [(r, c) for r, c in inner if grid[r][c] != WALL]
        if len(reachable(grid, floor[0], set())) == len(floor):
            return ["".join(row) for row in grid]


def is_free(grid: Sequence[str], cell: Cell, boxes: set[Cell]) -> bool:
    r, c = cell
    return 0 <= r < len(grid) and 0 <= c < len(grid[0]) and grid[r][c] != WALL and cell not in boxes


def reachable(grid: Sequence[str], start: Cell, boxes: set[Cell]) -> dict[Cell, int]:
    """Walking distance from ``start`` to every cell the player reaches."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        r, c = todo.popleft()
        for dr, dc in DIRECTIONS.values():
            nb = (r + dr, c + dc)
            if nb not in dist and is_free(grid, nb, boxes):
                dist[nb] = dist[(r, c)] + 1
                todo.append(nb)
    return dist


def reverse_play(rng: random.Random, grid: list[str], goals: list[Cell], pulls: int) -> tuple[set[Cell], Cell]:
    """Boxes on the goals, then ``pulls`` random pulls: returns (boxes, player)."""
    boxes = set(goals)
    floor = [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v != WALL and (r, c) not in boxes]
    player = rng.choice(floor)
    for _ in range(pulls * 4):
        area = reachable(grid, player, boxes)
        options = []
        for b in sorted(boxes):
            for dr, dc in DIRECTIONS.values():
                stand, back = (b[0] + dr, b[1] + dc), (b[0] + 2 * dr, b[1] + 2 * dc)
                if stand in area and is_free(grid, back, boxes):
                    options.append((b, stand, back))
        if not options:
            break
        b, stand, back = rng.choice(options)
        boxes = (boxes - {b}) | {stand}
        player = back
        pulls -= 1
        if pulls <= 0:
            break
    area = sorted(reachable(grid, player, boxes))
    return boxes, rng.choice(area)


def push_result(grid: Sequence[str], boxes: set[Cell], player: Cell, box: Cell, direction: str
                ) -> tuple[set[Cell], Cell, int] | None:
    """``(boxes, player, walk length)`` after walking behind ``box`` and pushing it once; None if the
    push is impossible."""
    dr, dc = DIRECTIONS[direction]
    stand, to = (box[0] - dr, box[1] - dc), (box[0] + dr, box[1] + dc)
    area = reachable(grid, player, boxes)
    if box not in boxes or stand not in area or not is_free(grid, to, boxes):
        return None
    return (boxes - {box}) | {to}, box, area[stand]


def solve_pushes(grid: Sequence[str], box: Cell, player: Cell, goal: Cell) -> tuple[int, set[Cell], int]:
    """Fewest pushes bringing one box onto ``goal``: ``(pushes, player cells of every optimal final board,
    states searched)``; pushes = -1 when impossible."""
    def key(b: Cell, p: Cell) -> tuple[Cell, Cell]:
        return b, min(reachable(grid, p, {b}))

    start = key(box, player)
    seen = {start}
    layer = [(box, player)]
    pushes = 0
    while layer:
        finals: set[Cell] = set()
        nxt = []
        for b, p in layer:
            area = reachable(grid, p, {b})
            for dr, dc in DIRECTIONS.values():
                stand, to = (b[0] - dr, b[1] - dc), (b[0] + dr, b[1] + dc)
                if stand in area and is_free(grid, to, {b}):
                    if to == goal:
                        finals.add(b)
                    k = key(to, b)
                    if k not in seen:
                        seen.add(k)
                        nxt.append((to, b))
        pushes += 1
        if finals:
            return pushes, finals, len(seen)
        layer = nxt
    return -1, set(), len(seen)


def generate(rng: random.Random, level: str) -> dict:
    """``{"task", "room": [str], "goals", "boxes", "player", "box", "direction", "accepted": [{"boxes",
    "player"}], "difficulty"}`` (cells as [row, col])."""
    task, size, count = LEVELS[level]
    while True:
        room = random_room(rng, size)
        floor = [(r, c) for r, row in enumerate(room) for c, v in enumerate(row) if v != WALL]
        goals = rng.sample(floor, count)
        boxes, player = reverse_play(rng, room, goals, rng.randint(3, 8))
        if boxes & set(goals) or player in boxes:
            continue
        if task == "push":
            options = []
            for b in sorted(boxes):
                for d in DIRECTIONS:
                    res = push_result(room, boxes, player, b, d)
                    if res and res[2] >= 2:
                        options.append((b, d, res))
            if not options:
                continue
            box, direction, (after, new_player, walk) = rng.choice(options)
            accepted = [{"boxes": sorted(map(list, after)), "player": list(new_player)}]
            difficulty = {"walk": walk, "pushes": 1, "search_nodes": len(reachable(room, player, boxes))}
        else:
            (box,) = boxes
            pushes, finals, states = solve_pushes(room, box, player, goals[0])
            if pushes < 3:
                continue
            direction = ""
            accepted = [{"boxes": [list(goals[0])], "player": list(p)} for p in sorted(finals)]
            difficulty = {"pushes": pushes, "search_nodes": states}
        break
    return {"task": task, "room": room, "goals": sorted(map(list, goals)), "boxes": sorted(map(list, boxes)),
            "player": list(player), "box": list(box), "direction": direction, "accepted": accepted,
            "difficulty": {"level": level, "size": f"{size}x{size}", "boxes": count, **difficulty,
                           "accepted_answers": len(accepted)}}


def check(walls: set[Cell], boxes: set[Cell], players: set[Cell], instance: dict) -> list[Finding]:
    """Findings on the board an answer shows (wall cells, box cells, player cells): walls changed
    (``input_changed``), boxes gone or added or a player missing or doubled (``rule_broken``), a board a
    legal push reaches that is not the asked one (``wrong_state``), boxes or player misplaced
    (``wrong_cell``)."""
    room = instance["room"]
    rows = len(room)
    in_walls = {(r, c) for r, row in enumerate(room) for c, v in enumerate(row) if v == WALL}
    out: list[Finding] = []
    if walls != in_walls:
        changed = walls ^ in_walls
        out.append(Finding(INPUT_CHANGED, f"walls changed at {names(changed, rows)}", tuple(sorted(changed))))
    start_boxes = {tuple(b) for b in instance["boxes"]}
    if len(boxes) != len(start_boxes):
        out.append(Finding(RULE_BROKEN, f"{len(boxes)} boxes drawn, the level has {len(start_boxes)} "
                           "(boxes are never added or removed)", tuple(sorted(boxes ^ start_boxes))))
    if len(players) != 1:
        out.append(Finding(RULE_BROKEN, f"{len(players)} players drawn, expected one", tuple(sorted(players))))
    options = [({tuple(b) for b in a["boxes"]}, tuple(a["player"])) for a in instance["accepted"]]
    if any(boxes == b and players == {p} for b, p in options):
        return out
    exp_boxes, exp_player = min(options, key=lambda o: len(o[0] ^ boxes) + (o[1] not in players))
    start_player = tuple(instance["player"])
    if boxes == start_boxes and players == {start_player}:
        return out  # unchanged: judged as no change by the caller
    if instance["task"] == "push" and len(players) == 1 and not out:
        grid = room
        for b in sorted(start_boxes):
            for d in DIRECTIONS:
                res = push_result(grid, start_boxes, start_player, b, d)
                if res and res[0] == boxes and {res[1]} == players:
                    out.append(Finding(WRONG_STATE, f"pushed the box at {cell_name(b, rows)} {d}, not the box at "
                                       f"{cell_name(tuple(instance['box']), rows)} {instance['direction']}", (b,)))
    for b in sorted(exp_boxes - boxes):
        out.append(Finding(WRONG_CELL, f"no box at {cell_name(b, rows)}, where a box belongs", (b,)))
    for b in sorted(boxes - exp_boxes):
        out.append(Finding(WRONG_CELL, f"a box at {cell_name(b, rows)}, where none belongs", (b,)))
    if exp_player not in players or len(players) > 1:
        out.append(Finding(WRONG_CELL, f"the player belongs at {cell_name(exp_player, rows)}"
                           + (f", drawn at {names(players, rows)}" if players else ""), (exp_player, *sorted(players))))
    return out


def validate(instance: dict) -> list[str]:
    room = instance["room"]
    boxes = {tuple(b) for b in instance["boxes"]}
    player = tuple(instance["player"])
    if instance["task"] == "push":
        res = push_result(room, boxes, player, tuple(instance["box"]), instance["direction"])
        if res is None:
            return ["the asked push is impossible"]
        got = [{"boxes": sorted(map(list, res[0])), "player": list(res[1])}]
        return [] if got == instance["accepted"] else ["stored board is not the push's result"]
    (box,) = boxes
    pushes, finals, _ = solve_pushes(room, box, player, tuple(instance["goals"][0]))
    got = [{"boxes": [list(instance["goals"][0])], "player": list(p)} for p in sorted(finals)]
    if got != instance["accepted"] or pushes != instance["difficulty"]["pushes"]:
        return ["BFS disagrees with the stored shortest-push boards"]
    return []


# ------------------------------------------------------------------------------------------ track glue

from genpuzzle.solvers.board_game.base import Move  # noqa: E402
from genpuzzle.solvers.board_game.puzzle_game import PuzzleGame, changed_cells  # noqa: E402


def board_of(room, goals, boxes, player) -> list[list[str]]:
    """Codes: ``"#"`` wall, ``"."`` floor, ``"g"`` goal, ``"B"``/``"b"`` a box off/on a goal,
    ``"P"``/``"p"`` the player off/on a goal."""
    goal_set, box_set, player = {tuple(g) for g in goals}, {tuple(b) for b in boxes}, tuple(player)
    out = []
    for r, row in enumerate(room):
        line = []
        for c, v in enumerate(row):
            on_goal = (r, c) in goal_set
            if v == WALL:
                line.append("#")
            elif (r, c) in box_set:
                line.append("b" if on_goal else "B")
            elif (r, c) == player:
                line.append("p" if on_goal else "P")
            else:
                line.append("g" if on_goal else ".")
        out.append(line)
    return out


def state_of(board) -> tuple[set[Cell], set[Cell], set[Cell]]:
    """(walls, boxes, players) of a board in :func:`board_of` codes."""
    walls = {(r, c) for r, row in enumerate(board) for c, v in enumerate(row) if v == "#"}
    boxes = {(r, c) for r, row in enumerate(board) for c, v in enumerate(row) if v in ("B", "b")}
    players = {(r, c) for r, row in enumerate(board) for c, v in enumerate(row) if v in ("P", "p")}
    return walls, boxes, players


class Sokoban(PuzzleGame):
    name = "sokoban"
    rows = cols = 7
    codes = ("#", "B", "b", "P", "p", "g")
    title = "Sokoban"
    description = "UniREditBench's push task, or the board after the fewest pushes: reverse play + BFS"
    certificate_kind = "bfs"
    answer_text = "Draw the board after the push(es)"

    def make(self, rng, level):
        return generate(rng, level)

    def boards(self, data):
        room, goals = data["room"], data["goals"]
        position = board_of(room, goals, data["boxes"], data["player"])
        rows = len(room)
        accepted = []
        for a in data["accepted"]:
            board = board_of(room, goals, a["boxes"], a["player"])
            name = (f"push {cell_name(tuple(data['box']), rows)} {data['direction']}" if data["task"] == "push"
                    else f"box to {cell_name(tuple(goals[0]), rows)}, player {cell_name(tuple(a['player']), rows)}")
            accepted.append(Move(name, board, changed_cells(position, board)))
        legal = list(accepted)
        if data["task"] == "push":
            boxes, player = {tuple(b) for b in data["boxes"]}, tuple(data["player"])
            for b in sorted(boxes):
                for d in DIRECTIONS:
                    res = push_result(room, boxes, player, b, d)
                    if res and not (b == tuple(data["box"]) and d == data["direction"]):
                        board = board_of(room, goals, res[0], res[1])
                        legal.append(Move(f"push {cell_name(b, rows)} {d}", board, changed_cells(position, board)))
        return position, accepted, legal

    def task_text(self, data):
        rules = ("Dark cells are walls, brown crossed squares are boxes, the blue disc is the player and red diamonds "
                 "are goals. The player walks up, down, left or right over free floor and pushes a box by walking "
                 "into it when the cell behind the box is free; boxes cannot be pulled.")
        if data["task"] == "push":
            rows = len(data["room"])
            return (f"{rules} The player walks to the box at {cell_name(tuple(data['box']), rows)} and pushes it one "
                    f"cell {data['direction'].upper()}. Show the board after that push (the player stands where the "
                    "box was).")
        return (f"{rules} Bring the box onto the goal with as few pushes as possible. Show the board at the moment "
                "the box reaches the goal (the player stands where the box was before its last push).")

    def prove(self, data):
        return validate(data)


GAME = Sokoban()
