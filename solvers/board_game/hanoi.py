"""Tower of Hanoi: three pegs A, B, C and n discs of distinct sizes (1 = smallest). A move takes the top
disc of one peg onto another peg whose top disc is larger (or which is empty).

Task: from the drawn (legal) state, the state after the first k moves of the shortest way to stack every
disc on the target peg. Closed form: to bring discs 1..m onto peg T, if disc m already sits on T bring
1..m-1 onto T; otherwise bring 1..m-1 onto the third peg, move disc m to T, then bring 1..m-1 onto T.
Search check: BFS over all 3^n states confirms the distance and that every shortest path passes through
the same state after k moves (so the answer is unique). Difficulty: discs, k, distance to the goal.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Sequence

from genpuzzle.solvers.board_game.puzzle_common import RULE_BROKEN, WRONG_STATE, Finding

PEGS = "ABC"
LEVELS = {"easy": (3, 4, 1, 2), "medium": (4, 5, 2, 4), "hard": (5, 6, 4, 7)}  # discs low/high, k low/high
Where = tuple[int, ...]  # peg of disc 1..n (index 0 = disc 1)


def to_pegs(where: Where) -> list[list[int]]:
    """Peg lists of disc sizes, bottom to top."""
    pegs: list[list[int]] = [[], [], []]
    for disc in range(len(where), 0, -1):
        pegs[where[disc - 1]].append(disc)
    return pegs


def from_pegs(pegs: Sequence[Sequence[int]]) -> Where:
    n = sum(len(p) for p in pegs)
    where = [0] * n
    for i, p in enumerate(pegs):
        for d in p:
            where[d - 1] = i
    return tuple(where)


def is_legal(pegs: Sequence[Sequence[int]], n: int) -> bool:
    discs = sorted(d for p in pegs for d in p)
    return discs == list(range(1, n + 1)) and all(list(p) == sorted(p, reverse=True) for p in pegs)


def optimal_moves(where: Where, target: int) -> list[tuple[int, int, int]]:
    """The shortest move list ``(disc, from, to)`` that stacks every disc on ``target`` (closed form)."""
    moves: list[tuple[int, int, int]] = []
    w = list(where)

    def bring(m: int, t: int) -> None:
        if m == 0:
            return
        if w[m - 1] == t:
            bring(m - 1, t)
            return
        other = 3 - w[m - 1] - t
        bring(m - 1, other)
        moves.append((m, w[m - 1], t))
        w[m - 1] = t
        bring(m - 1, t)

    bring(len(where), target)
    return moves


def neighbours(where: Where) -> list[Where]:
    tops = {}
    for disc in range(len(where), 0, -1):
        tops[where[disc - 1]] = disc
    out = []
    for p, disc in tops.items():
        for q in range(3):
            if q != p and (q not in tops or tops[q] > disc):
                w = list(where)
                w[disc - 1] = q
                out.append(tuple(w))
    return out


def bfs(start: Where) -> dict[Where, int]:
    dist = {start: 0}
    todo = deque([start])
    while todo:
        s = todo.popleft()
        for t in neighbours(s):
            if t not in dist:
                dist[t] = dist[s] + 1
                todo.append(t)
    return dist


def after_k_by_search(where: Where, target: int, k: int) -> list[Where]:
    """Every state that lies k moves along some shortest path to the goal (BFS both ways)."""
    goal = tuple([target] * len(where))
    from_start, to_goal = bfs(where), bfs(goal)
    d = from_start[goal]
    return sorted(s for s, a in from_start.items() if a == k and to_goal[s] == d - k)


def generate(rng: random.Random, level: str) -> dict:
    """``{"discs", "target", "k", "start": pegs, "accepted": [pegs], "difficulty"}``."""
    low, high, k_low, k_high = LEVELS[level]
    while True:
        n = rng.randint(low, high)
        where = tuple(rng.randrange(3) for _ in range(n))
        target = rng.randrange(3)
        moves = optimal_moves(where, target)
        if len(moves) < k_low + 1:
            continue
        k = rng.randint(k_low, min(k_high, len(moves) - 1))
        break
    w = list(where)
    for disc, _, to in moves[:k]:
        w[disc - 1] = to
    return {"discs": n, "target": PEGS[target], "k": k, "start": to_pegs(where), "accepted": [to_pegs(tuple(w))],
            "moves": [[d, PEGS[a], PEGS[b]] for d, a, b in moves[:k]],
            "difficulty": {"level": level, "discs": n, "k": k, "solution_length": len(moves),
                           "search_nodes": 3 ** n}}


def check(pegs: Sequence[Sequence[int]], instance: dict) -> list[Finding]:
    """Findings on the pegs an answer shows (disc sizes bottom to top): discs missing, doubled or a larger
    disc on a smaller one (``rule_broken``), a legal state that is not the one after k optimal moves
    (``wrong_state``)."""
    n = instance["discs"]
    out: list[Finding] = []
    discs = sorted(d for p in pegs for d in p)
    if discs != list(range(1, n + 1)):
        lost = sorted(set(range(1, n + 1)) - set(discs))
        extra = sorted(d for d in set(discs) if discs.count(d) > 1 or d > n)
        out.append(Finding(RULE_BROKEN, "the discs changed" + (f": disc(s) {lost} missing" if lost else "")
                           + (f": disc(s) {extra} doubled or unknown" if extra else ""), ()))
    for i, p in enumerate(pegs):
        for a, b in zip(p, p[1:]):
            if b > a:
                out.append(Finding(RULE_BROKEN, f"on peg {PEGS[i]} disc {b} lies on the smaller disc {a}", ()))
    expected = instance["accepted"][0]
    if not out and [list(p) for p in pegs] != expected:
        out.append(Finding(WRONG_STATE, f"pegs {_describe(pegs)} are not the state after {instance['k']} optimal "
                           f"moves ({_describe(expected)})", ()))
    return out


def _describe(pegs: Sequence[Sequence[int]]) -> str:
    return " ".join(f"{PEGS[i]}:[{','.join(map(str, p))}]" for i, p in enumerate(pegs))


def validate(instance: dict) -> list[str]:
    start = from_pegs(instance["start"])
    target = PEGS.index(instance["target"])
    found = after_k_by_search(start, target, instance["k"])
    if [to_pegs(s) for s in found] != instance["accepted"]:
        return [f"BFS finds {len(found)} state(s) after {instance['k']} optimal moves, not the stored one"]
    return []


# ------------------------------------------------------------------------------------------ track glue

from genpuzzle.solvers.board_game.base import Move  # noqa: E402
from genpuzzle.solvers.board_game.puzzle_game import PuzzleGame, changed_cells  # noqa: E402


def board_of(pegs, discs: int) -> list[list[str]]:
    """A board of ``discs`` levels (row 0 = the top level) by 3 pegs (columns A, B, C): the size of the
    disc at that level of that peg, ``"."`` for none."""
    board = [["."] * 3 for _ in range(discs)]
    for p, stack in enumerate(pegs):
        for level, size in enumerate(stack):
            board[discs - 1 - level][p] = str(size)
    return board


def pegs_of(board) -> list[list[int | None]]:
    """Stacks bottom to top (None for an unreadable disc) from a :func:`board_of` board."""
    n = len(board)
    return [[None if not board[n - 1 - lv][p].isdigit() else int(board[n - 1 - lv][p])
             for lv in range(n) if board[n - 1 - lv][p] != "."] for p in range(3)]


class Hanoi(PuzzleGame):
    name = "hanoi"
    rows, cols = 6, 3
    codes = tuple(str(k) for k in range(1, 8))
    title = "Tower of Hanoi"
    description = "the state after k optimal moves: closed form, checked by BFS"
    certificate_kind = "closed_form_and_bfs"
    answer_text = "Draw the pegs and discs as they are after those moves"

    def make(self, rng, level):
        return generate(rng, level)

    def boards(self, data):
        n = data["discs"]
        position = board_of(data["start"], n)
        after = board_of(data["accepted"][0], n)
        name = " ".join(f"{d}:{a}{b}" for d, a, b in data["moves"])
        return position, [Move(name, after, changed_cells(position, after))], [Move(name, after, changed_cells(position, after))]

    def task_text(self, data):
        k, target = data["k"], data["target"]
        return (f"The pegs are labelled A, B and C and each disc carries its size (1 = smallest). A move takes the "
                "top disc of one peg onto another peg that is empty or whose top disc is larger. Make the first "
                f"{k} move{'s' if k > 1 else ''} of the shortest way to stack all discs on peg {target}.")

    def instruction(self, instance, layout):
        return (f"The image shows a board puzzle ({self.title}). {instance.task_text} {self.answer_text}, in the same "
                "place and size: keep the pegs, the base and the peg labels as they are. Return the completed image.")

    def prove(self, data):
        return validate(data)


GAME = Hanoi()
