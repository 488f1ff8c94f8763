"""The maze tracks ``maze_beginner``, ``maze_intermediate``, ``maze_advanced`` (scored separately, as in
GenPuzzle). One rubric (``data/rubrics/maze.json``) and one instruction template serve all three.

Variants: ``perfect`` (a spanning-tree maze: exactly one route) and ``loops`` (a few extra openings, at
least one on the solution's cycle, so several valid routes exist; the verifier accepts any of them).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np

from genpuzzle.records import InstanceRecord, Puzzle, Status, Verdict
from genpuzzle.renderers.maze import cell_center, render_maze
from genpuzzle.solvers.maze import (ALGORITHMS, Maze, add_loops, choose_endpoints, count_simple_routes, dead_ends,
                                    generate_maze, junctions, route_problems, shortest_path, turns)
from genpuzzle.track import Track

ROUTE_COUNT_LIMIT = 1000


class MazeTrack(Track):
    """Shared logic of the three maze levels; subclasses set the size range and loop counts."""

    level: ClassVar[str]
    sizes: ClassVar[tuple[int, int]]  # inclusive range of cells per side
    loop_openings: ClassVar[tuple[int, int]]  # inclusive range of extra openings in the "loops" variant
    version = "3"  # 2: edit mask leaves a cell/8 band along the walls; 3: instruction asks for one route only
    variants = ("perfect", "loops")
    variant_weights = {"perfect": 1, "loops": 1}

    @property
    def rubric_name(self) -> str:
        return "maze"

    def generate(self, seed: int, variant: str) -> Puzzle:
        if variant not in self.variants:
            raise ValueError(f"unknown variant {variant!r}")
        rng = random.Random(seed)
        rows = rng.randint(*self.sizes)
        cols = rng.randint(*self.sizes)
        algorithm = ALGORITHMS[rng.randrange(len(ALGORITHMS))]
        maze = generate_maze(rows, cols, rng, algorithm)
        start, goal = choose_endpoints(maze, rng)
        openings: list = []
        if variant == "loops":
            maze, openings = add_loops(maze, rng.randint(*self.loop_openings), rng, start, goal)
        path = shortest_path(maze, start, goal)
        assert path is not None
        routes = count_simple_routes(maze, start, goal, limit=ROUTE_COUNT_LIMIT)
        drawing = render_maze(maze, start, goal, path)
        on_path = set(path)
        branch_points = junctions(maze)
        return Puzzle(
            track=self.name, variant=variant, seed=seed,
            instruction=self.instruction_template().format(rows=rows, cols=cols),
            difficulty={"level": self.level, "rows": rows, "cols": cols, "algorithm": algorithm,
                        "solution_length": len(path) - 1, "solution_turns": turns(path),
                        "dead_ends": len(dead_ends(maze, (start, goal))), "junctions": len(branch_points),
                        "decisions_on_route": sum(c in on_path for c in branch_points),
                        "loop_openings": len(openings), "simple_routes": routes},
            ground_truth={"rows": rows, "cols": cols, "start": list(start), "goal": list(goal),
                          "solution_path": [list(c) for c in path], "walls": maze.walls_json(),
                          "shortest_length": len(path) - 1, "simple_routes": routes,
                          "openings": [[list(a), list(b)] for a, b in openings]},
            layout=drawing.layout,
            input_image=drawing.input_image, reference_images=[drawing.reference_image],
            edit_mask=drawing.edit_mask,
            scoring={"mechanism": self.rubric["mechanism"], "rubric": "maze",
                     "rubric_version": self.rubric["rubric_version"]},
        )

    def verify(self, record: InstanceRecord, answer: np.ndarray, input_image: np.ndarray) -> Verdict:
        from genpuzzle.verifiers.maze import (align_to_lattice, check_maze_preserved, check_route, extract_stroke,
                                              maze_tier, read_route)

        gt, layout = record.ground_truth, record.layout
        th = self.rubric["thresholds"]
        maze = Maze.from_walls_json(gt["rows"], gt["cols"], gt["walls"])
        start, goal = tuple(gt["start"]), tuple(gt["goal"])
        # the answer's walls brought onto the input's lattice when the registration left them off it (rubric 9)
        answer, lattice = align_to_lattice(answer, input_image, layout, maze, th)
        stroke = extract_stroke(answer, input_image, layout, th, lattice.get("wall_reach_px"))
        maze_violations, subscores = check_maze_preserved(stroke, maze, layout, th)
        for v in maze_violations:  # a drawn-in wall is not part of the route
            if v.code == "wall_added":
                x0, y0, x1, y1 = v.evidence["bbox"]
                stroke.ink[y0:y1 + 1, x0:x1 + 1] = False
        reading = read_route(stroke, maze, layout, start, goal, th)
        route_violations, info = check_route(reading, maze, layout, start, goal, th)
        violations = maze_violations + route_violations
        tier = maze_tier(violations)
        parsed: dict[str, Any] = {"visited_cells": [list(c) for c in reading.visited],
                                  "start_reached": reading.start_reached, "goal_reached": reading.goal_reached,
                                  "ink_fraction": round(reading.ink_fraction, 4),
                                  # ink read as the answer's own walls, as bars at the image edge and as
                                  # pieces wholly in the page margin (rubric 8), not route
                                  "wall_redraw_px": stroke.redrawn_wall_px, "edge_bar_px": stroke.border_bar_px,
                                  "margin_ink_px": stroke.margin_px,
                                  **lattice, **info}
        if reading.route is not None:
            parsed["route_valid"] = not route_problems(maze, reading.route, start, goal)
            parsed["route_length"] = len(reading.route) - 1
        kinds = {e.kind for e in reading.route_edges}
        # since rubric 9 a route found through a wall is sure when the walls were found on their lines (measured,
        # no doubt) and every wall it crosses is crossed straight over the bar by drawn ink touching both corridors
        aligned = lattice.get("lattice_walls", 0) >= th["lattice_min_walls"] and not lattice.get("lattice_doubt")
        sure_walls = aligned and all(e.clean for e in reading.route_edges if e.kind == "wall")
        unsure = {"gap", "corner_wall", "gap_wall"} | (set() if sure_walls else {"wall"})
        subscores.update({"tier": float(tier), "endpoints": (reading.start_reached + reading.goal_reached) / 2})
        return Verdict(
            id=record.id, track=self.name, score=tier / 3 * 100,
            status=Status.INCORRECT if violations else Status.CORRECT, violations=violations, parsed=parsed,
            confidence=1.0 if tier in (0, 3) else 0.8,
            needs_review=tier == 2 or bool(kinds & unsure)
            or any(v.evidence.get("review") for v in violations) or bool(lattice.get("lattice_doubt")),
            subscores=subscores,
            extra={"detours": info.get("detour_cells", [])} if info.get("detour_cells") else {},
        )

    def overlay(self, record: InstanceRecord, verdict: Verdict, answer: np.ndarray) -> np.ndarray | None:
        import cv2

        image = np.ascontiguousarray(answer.copy())
        route = (verdict.parsed or {}).get("route")
        if route:
            pts = np.array([cell_center(record.layout, tuple(c)) for c in route], np.int32)
            cv2.polylines(image, [pts], False, (0, 200, 255), 2, cv2.LINE_AA)
        for v in verdict.violations:
            box = v.evidence.get("bbox")
            if box:
                cv2.rectangle(image, (int(box[0]), int(box[1])), (int(box[2]), int(box[3])), (255, 0, 255), 2)
        return image

    def validate(self, record: InstanceRecord) -> list[str]:
        """Re-prove the claims with networkx: connected, perfect mazes are trees, the stored solution is a
        shortest valid route, the stored route count matches an independent enumeration."""
        import networkx as nx

        gt = record.ground_truth
        maze = Maze.from_walls_json(gt["rows"], gt["cols"], gt["walls"])
        start, goal = tuple(gt["start"]), tuple(gt["goal"])
        graph = nx.Graph()
        graph.add_nodes_from(maze.cells())
        graph.add_edges_from(maze.passages)
        problems = []
        if not nx.has_path(graph, start, goal):
            return ["goal is not reachable from the start"]
        path = [tuple(c) for c in gt["solution_path"]]
        problems += [f"stored solution: {p}" for p in route_problems(maze, path, start, goal)]
        length = nx.shortest_path_length(graph, start, goal)
        if len(path) - 1 != length or gt["shortest_length"] != length:
            problems.append(f"stored solution has {len(path) - 1} steps, shortest is {length}")
        if record.variant == "perfect" and not nx.is_tree(graph):
            problems.append("perfect maze is not a spanning tree")
        if record.variant == "loops" and nx.is_tree(graph):
            problems.append("loops maze has no loop")
        if gt["simple_routes"] is not None:
            core = graph.copy()
            leaves = [n for n in core if core.degree(n) <= 1 and n not in (start, goal)]
            while leaves:  # dead ends carry no simple route; pruning keeps the enumeration small
                core.remove_nodes_from(leaves)
                leaves = [n for n in core if core.degree(n) <= 1 and n not in (start, goal)]
            count = sum(1 for _ in nx.all_simple_paths(core, start, goal))
            if count != gt["simple_routes"]:
                problems.append(f"stored route count {gt['simple_routes']}, networkx counts {count}")
            if record.variant == "loops" and count < 2:
                problems.append("loops maze has a single route from start to goal")
        return problems


class MazeBeginnerTrack(MazeTrack):
    name = "maze_beginner"
    level = "beginner"
    sizes = (5, 7)
    loop_openings = (1, 2)
    description = "Draw the route through a 5-7 cell maze; programmatic check of the drawn path."


class MazeIntermediateTrack(MazeTrack):
    name = "maze_intermediate"
    level = "intermediate"
    sizes = (9, 13)
    loop_openings = (2, 4)
    description = "Draw the route through a 9-13 cell maze; programmatic check of the drawn path."


class MazeAdvancedTrack(MazeTrack):
    name = "maze_advanced"
    level = "advanced"
    sizes = (15, 25)
    loop_openings = (3, 8)
    description = "Draw the route through a 15-25 cell maze; programmatic check of the drawn path."
