"""Grid mazes: generation (DFS backtracker, Kruskal, Wilson), loop openings, shortest paths, route counts.

A maze is a ``rows x cols`` grid of cells; adjacent cells are joined by an open passage or separated by a
wall. The outer border is always closed. Cells are ``(row, col)`` tuples, 0-based, row 0 at the top.

Wall form used in ground truth (``Maze.walls_json``)::

    {"right": rows x (cols-1) of 0/1,  # right[r][c] = 1: wall between (r, c) and (r, c+1)
     "down":  (rows-1) x cols of 0/1}  # down[r][c]  = 1: wall between (r, c) and (r+1, c)
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]  # always (smaller, larger) in tuple order

ALGORITHMS = ("dfs", "kruskal", "wilson")


def edge(a: Cell, b: Cell) -> Edge:
    """The canonical (sorted) form of the boundary between two adjacent cells."""
    return (a, b) if a <= b else (b, a)


@lru_cache(maxsize=64)
def _grid_edges(rows: int, cols: int) -> tuple[Edge, ...]:
    out: list[Edge] = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                out.append(((r, c), (r, c + 1)))
            if r + 1 < rows:
                out.append(((r, c), (r + 1, c)))
    return tuple(out)


def grid_edges(rows: int, cols: int) -> list[Edge]:
    """Every internal boundary of the grid, in row-major order (right boundaries before down ones)."""
    return list(_grid_edges(rows, cols))


def grid_neighbors(rows: int, cols: int, cell: Cell) -> Iterator[Cell]:
    """The up-to-four grid neighbours of ``cell`` (N, W, E, S order)."""
    return iter(_grid_neighbor_table(rows, cols)[cell])


@lru_cache(maxsize=64)
def _grid_neighbor_table(rows: int, cols: int) -> dict[Cell, tuple[Cell, ...]]:
    table = {}
    for r in range(rows):
        for c in range(cols):
            table[(r, c)] = tuple((r + dr, c + dc) for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
                                  if 0 <= r + dr < rows and 0 <= c + dc < cols)
    return table


@dataclass(frozen=True)
class Maze:
    """A grid maze: its size and the set of open internal passages."""

    rows: int
    cols: int
    passages: frozenset[Edge]

    def is_open(self, a: Cell, b: Cell) -> bool:
        return edge(a, b) in self.passages

    def neighbors(self, cell: Cell) -> list[Cell]:
        """Cells reachable from ``cell`` in one step (through an open passage), in N, W, E, S order."""
        return list(self._adjacency[cell])

    @cached_property
    def _adjacency(self) -> dict[Cell, tuple[Cell, ...]]:
        """Per cell, its open neighbours (computed once per maze: route searches ask for them often)."""
        passages = self.passages
        return {cell: tuple(n for n in around if edge(cell, n) in passages)
                for cell, around in _grid_neighbor_table(self.rows, self.cols).items()}

    def cells(self) -> list[Cell]:
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def walls(self) -> list[Edge]:
        """Internal boundaries that are walls, in row-major order."""
        return [e for e in grid_edges(self.rows, self.cols) if e not in self.passages]

    def walls_json(self) -> dict[str, list[list[int]]]:
        """The documented wall form (see module docstring)."""
        right = [[int(not self.is_open((r, c), (r, c + 1))) for c in range(self.cols - 1)] for r in range(self.rows)]
        down = [[int(not self.is_open((r, c), (r + 1, c))) for c in range(self.cols)] for r in range(self.rows - 1)]
        return {"right": right, "down": down}

    @classmethod
    def from_walls_json(cls, rows: int, cols: int, walls: dict[str, Any]) -> Maze:
        """Inverse of :meth:`walls_json`."""
        passages = set()
        for r in range(rows):
            for c in range(cols - 1):
                if not walls["right"][r][c]:
                    passages.add(((r, c), (r, c + 1)))
        for r in range(rows - 1):
            for c in range(cols):
                if not walls["down"][r][c]:
                    passages.add(((r, c), (r + 1, c)))
        return cls(rows, cols, frozenset(passages))

    def with_openings(self, edges: Iterable[Edge]) -> Maze:
        return Maze(self.rows, self.cols, self.passages | frozenset(edge(*e) for e in edges))


# --------------------------------------------------------------------------------------------- generation


def generate_maze(rows: int, cols: int, rng: random.Random, algorithm: str = "dfs") -> Maze:
    """A perfect maze (a spanning tree of the grid: exactly one route between any two cells)."""
    if algorithm == "dfs":
        return _dfs(rows, cols, rng)
    if algorithm == "kruskal":
        return _kruskal(rows, cols, rng)
    if algorithm == "wilson":
        return _wilson(rows, cols, rng)
    raise ValueError(f"unknown maze algorithm {algorithm!r}; known: {', '.join(ALGORITHMS)}")


def _dfs(rows: int, cols: int, rng: random.Random) -> Maze:
    start = (rng.randrange(rows), rng.randrange(cols))
    seen = {start}
    stack = [start]
    passages = set()
    while stack:
        cell = stack[-1]
        fresh = [n for n in grid_neighbors(rows, cols, cell) if n not in seen]
        if not fresh:
            stack.pop()
            continue
        nxt = fresh[rng.randrange(len(fresh))]
        passages.add(edge(cell, nxt))
        seen.add(nxt)
        stack.append(nxt)
    return Maze(rows, cols, frozenset(passages))


def _kruskal(rows: int, cols: int, rng: random.Random) -> Maze:
    parent = {cell: cell for cell in ((r, c) for r in range(rows) for c in range(cols))}

    def find(x: Cell) -> Cell:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    edges = grid_edges(rows, cols)
    rng.shuffle(edges)
    passages = set()
    for a, b in edges:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
            passages.add((a, b))
    return Maze(rows, cols, frozenset(passages))


def _wilson(rows: int, cols: int, rng: random.Random) -> Maze:
    """Loop-erased random walks: a uniformly random spanning tree."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    in_tree = {cells[rng.randrange(len(cells))]}
    passages = set()
    for cell in cells:
        if cell in in_tree:
            continue
        step: dict[Cell, Cell] = {}
        cur = cell
        while cur not in in_tree:
            nbrs = list(grid_neighbors(rows, cols, cur))
            step[cur] = nbrs[rng.randrange(len(nbrs))]
            cur = step[cur]
        cur = cell
        while cur not in in_tree:
            in_tree.add(cur)
            passages.add(edge(cur, step[cur]))
            cur = step[cur]
    return Maze(rows, cols, frozenset(passages))


def add_loops(maze: Maze, count: int, rng: random.Random, start: Cell, goal: Cell,
              max_tries: int = 50) -> tuple[Maze, list[Edge]]:
    """Open ``count`` extra walls so that more than one simple start->goal route exists.

    The first opening is drawn from walls whose removal closes a cycle through the current solution path
    (so a second route is guaranteed); the rest are any walls. Returns the new maze and the openings.
    """
    path = shortest_path(maze, start, goal)
    if path is None:
        raise ValueError("start and goal are not connected")
    on_path = {edge(a, b) for a, b in zip(path, path[1:])}
    # a wall closes a cycle through the solution iff its two cells fall in different pieces of the maze
    # once the solution's passages are cut (exact for a perfect maze, sufficient otherwise)
    piece: dict[Cell, int] = {}
    for root in maze.cells():
        if root in piece:
            continue
        piece[root] = len(piece)
        stack = [root]
        while stack:
            cell = stack.pop()
            for n in maze.neighbors(cell):
                if n not in piece and edge(cell, n) not in on_path:
                    piece[n] = piece[root]
                    stack.append(n)
    walls = maze.walls()
    useful = [(a, b) for a, b in walls if piece[a] != piece[b]]
    if not useful or count < 1:
        return maze, []
    first = useful[rng.randrange(len(useful))]
    openings = [first]
    rest = [w for w in walls if w != first]
    rng.shuffle(rest)
    openings += rest[: count - 1]
    openings.sort()
    return maze.with_openings(openings), openings


# ------------------------------------------------------------------------------------------------ search


def shortest_path(maze: Maze, start: Cell, goal: Cell) -> list[Cell] | None:
    """A shortest route (list of cells, start..goal) by BFS; None when goal is unreachable.

    Ties are broken by the fixed N, W, E, S neighbour order, so the result is deterministic.
    """
    prev: dict[Cell, Cell | None] = {start: None}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if cell == goal:
            out = [cell]
            while prev[out[-1]] is not None:
                out.append(prev[out[-1]])  # type: ignore[arg-type]
            return out[::-1]
        for n in maze.neighbors(cell):
            if n not in prev:
                prev[n] = cell
                queue.append(n)
    return None


def distances(maze: Maze, start: Cell) -> dict[Cell, int]:
    """BFS step distance from ``start`` to every reachable cell."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for n in maze.neighbors(cell):
            if n not in dist:
                dist[n] = dist[cell] + 1
                queue.append(n)
    return dist


def count_simple_routes(maze: Maze, start: Cell, goal: Cell, limit: int = 1000,
                        max_nodes: int = 200_000) -> int | None:
    """Number of simple start->goal routes, or None when more than ``limit`` (or the search is too big).

    Dead ends (degree-1 cells other than start/goal) are pruned first: no simple route enters them.
    """
    adjacency = maze._adjacency
    alive = set(adjacency)
    degree = {cell: len(around) for cell, around in adjacency.items()}
    queue = deque(cell for cell in sorted(alive) if degree[cell] <= 1 and cell not in (start, goal))
    while queue:
        cell = queue.popleft()
        if cell not in alive:
            continue
        alive.discard(cell)
        for n in adjacency[cell]:
            if n in alive:
                degree[n] -= 1
                if degree[n] <= 1 and n not in (start, goal):
                    queue.append(n)
    if start not in alive or goal not in alive:
        return 0
    # the depth-first count on cell numbers, a visited array and per-depth neighbour cursors: the same
    # routes in the same order, the same node count against ``max_nodes`` (~3x faster than on cell tuples)
    cells = sorted(alive)
    number = {cell: k for k, cell in enumerate(cells)}
    adj = [tuple(number[n] for n in adjacency[cell] if n in alive) for cell in cells]
    first, last = number[start], number[goal]
    if first == last:
        return None if limit < 1 else 1
    count = 0
    nodes = 0
    visited = bytearray(len(cells))
    visited[first] = 1
    path = [first]
    cursor = [0]
    while path:
        around = adj[path[-1]]
        i = cursor[-1]
        end = len(around)
        while i < end and visited[around[i]]:
            i += 1
        if i == end:
            visited[path.pop()] = 0
            cursor.pop()
            continue
        cursor[-1] = i + 1
        n = around[i]
        nodes += 1
        if nodes > max_nodes:
            return None
        if n == last:  # a route: counted, not entered
            count += 1
            if count > limit:
                return None
            continue
        visited[n] = 1
        path.append(n)
        cursor.append(0)
    return count


def route_problems(maze: Maze, route: list[Cell], start: Cell, goal: Cell) -> list[str]:
    """Why ``route`` is not a valid start->goal walk through open passages (empty list: valid)."""
    problems = []
    if not route:
        return ["route is empty"]
    if tuple(route[0]) != tuple(start):
        problems.append(f"route starts at {list(route[0])}, not at the start {list(start)}")
    if tuple(route[-1]) != tuple(goal):
        problems.append(f"route ends at {list(route[-1])}, not at the goal {list(goal)}")
    for a, b in zip(route, route[1:]):
        a, b = tuple(a), tuple(b)
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            problems.append(f"{list(a)} -> {list(b)} is not a step between adjacent cells")
        elif not maze.is_open(a, b):
            problems.append(f"{list(a)} -> {list(b)} passes through a wall")
    return problems


# ------------------------------------------------------------------------------------------- measures


def dead_ends(maze: Maze, exclude: Iterable[Cell] = ()) -> list[Cell]:
    """Cells with exactly one open side (excluding ``exclude``, e.g. start and goal)."""
    skip = set(exclude)
    return [cell for cell in maze.cells() if len(maze.neighbors(cell)) == 1 and cell not in skip]


def junctions(maze: Maze) -> list[Cell]:
    """Cells with three or four open sides (branch points)."""
    return [cell for cell in maze.cells() if len(maze.neighbors(cell)) >= 3]


def turns(route: list[Cell]) -> int:
    """Changes of direction along a route."""
    dirs = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(route, route[1:])]
    return sum(d1 != d2 for d1, d2 in zip(dirs, dirs[1:]))


def choose_endpoints(maze: Maze, rng: random.Random) -> tuple[Cell, Cell]:
    """Start on a random border cell; goal on a border cell among the farthest (>= 85 % of the max BFS
    distance from the start), so routes are long."""
    rows, cols = maze.rows, maze.cols
    border = sorted({(r, c) for r in range(rows) for c in range(cols)
                     if r in (0, rows - 1) or c in (0, cols - 1)})
    start = border[rng.randrange(len(border))]
    dist = distances(maze, start)
    far = max(dist[cell] for cell in border)
    candidates = [cell for cell in border if dist[cell] >= 0.85 * far and cell != start]
    return start, candidates[rng.randrange(len(candidates))]
