"""The maze tracks: generator claims, and the verifier as a measuring instrument.

Answers are drawn here, independently of the renderer (cv2 anti-aliased polylines in other colours and
widths, hand-jittered, JPEG), written to files and verified through ``genpuzzle.evaluate.verify_answer``
on a set made by ``write_set``, so registration and the registry are exercised.
"""

from __future__ import annotations

import io
import random
from dataclasses import replace
from pathlib import Path

import cv2
import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageFilter

import maze_answers as answers
from genpuzzle import perturb
from genpuzzle.dataset import load_set, write_set
from genpuzzle.evaluate import verify_answer
from genpuzzle.records import InstanceRecord, Status
from genpuzzle.registry import get_track
from genpuzzle.renderers.maze import cell_center, wall_rect
from genpuzzle.solvers.maze import (
    ALGORITHMS,
    Maze,
    count_simple_routes,
    distances,
    generate_maze,
    route_problems,
    shortest_path,
)

TRACKS = ("maze_beginner", "maze_intermediate", "maze_advanced")
TIER1, TIER2 = 100 / 3, 200 / 3


# ------------------------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def puzzle_set(tmp_path_factory):
    root = tmp_path_factory.mktemp("maze_set")
    write_set(root, {name: 2 for name in TRACKS}, master_seed=2024)
    return root, load_set(root)


def _ids():
    return [f"{t}-{v}" for t in TRACKS for v in ("perfect", "loops")]


@pytest.fixture(params=_ids())
def case(request, puzzle_set, tmp_path):
    root, pset = puzzle_set
    track, variant = request.param.rsplit("-", 1)
    record = next(r for r in pset.records if r.track == track and r.variant == variant)
    return Case(root, record, tmp_path)


class Case:
    def __init__(self, root: Path, record: InstanceRecord, tmp: Path):
        self.root, self.record, self.tmp = root, record, tmp
        self.input = np.array(Image.open(root / record.input_image).convert("RGB"))
        self.reference = np.array(Image.open(root / record.reference_images[0]).convert("RGB"))
        gt = record.ground_truth
        self.maze = Maze.from_walls_json(gt["rows"], gt["cols"], gt["walls"])
        self.path = [tuple(c) for c in gt["solution_path"]]
        self.start, self.goal = tuple(gt["start"]), tuple(gt["goal"])
        self.s = record.layout["cell_px"]
        self._n = 0

    def verify(self, image: np.ndarray, fmt: str = "PNG", **save_kw):
        self._n += 1
        path = self.tmp / f"answer{self._n}.{'jpg' if fmt == 'JPEG' else 'png'}"
        Image.fromarray(image).save(path, format=fmt, **save_kw)
        return verify_answer(self.root, self.record, path)

    def draw(self, cells, color=(220, 20, 20), width=6, jitter=0.0, seed=0, base=None, cut=None):
        return draw_route(self.input if base is None else base, self.record.layout, cells, color, width,
                          jitter, seed, cut)


def draw_route(image, layout, cells, color, width, jitter=0.0, seed=0, cut=None):
    """A hand-drawn-like route: densified polyline through cell centres, optionally with smooth random
    wobble (``jitter`` x cell size) and a removed stretch ``cut=(fraction_along, gap_px)``."""
    rng = np.random.default_rng(seed)
    out = np.ascontiguousarray(image.copy())
    pts = np.array([cell_center(layout, tuple(c)) for c in cells], float)
    dense = [pts[0]]
    for p, q in zip(pts, pts[1:]):
        n = max(2, int(np.hypot(*(q - p)) / 3))
        dense += [p + (q - p) * k / n for k in range(1, n + 1)]
    dense = np.array(dense)
    if jitter:
        noise = rng.normal(0, 1, dense.shape)
        kern = np.ones(9) / 9
        noise = np.stack([np.convolve(noise[:, i], kern, mode="same") for i in range(2)], 1)
        noise *= jitter * layout["cell_px"] / max(1e-9, np.abs(noise).max())
        noise[:3] = noise[-3:] = 0
        dense = dense + noise
    pieces = [dense]
    if cut is not None:
        frac, gap = cut
        m = int(frac * (len(dense) - 1))
        k = m + 1
        while k < len(dense) and np.hypot(*(dense[k] - dense[m])) < gap:
            k += 1
        pieces = [dense[: m + 1], dense[k:]]
    for piece in pieces:
        if len(piece):
            cv2.polylines(out, [np.round(piece * 4).astype(np.int32)], False, color, width, cv2.LINE_AA, shift=2)
    return out


def wall_cut_route(maze: Maze, start, goal):
    """The cheapest route that passes through exactly one wall (u | v), and that wall."""
    ds, dg = distances(maze, start), distances(maze, goal)
    _, u, v = min((ds[x] + 1 + dg[y], x, y) for a, b in maze.walls() for x, y in ((a, b), (b, a)))
    return shortest_path(maze, start, u) + shortest_path(maze, v, goal), (u, v)


# ----------------------------------------------------------------------------------- calibration ladder


def test_reference_scores_100(case):
    verdict = case.verify(case.reference)
    assert verdict.score == 100 and verdict.status is Status.CORRECT, verdict.violations
    assert verdict.parsed["route"] == [list(c) for c in case.path]


def test_unchanged_input_scores_0(case):
    verdict = case.verify(case.input)
    assert verdict.score == 0 and verdict.codes == ["no_route"]


@pytest.mark.parametrize("ink", [(220, 20, 20), (0, 0, 0)], ids=["red", "black"])
def test_route_through_a_wall_names_the_wall(case, ink):
    route, (u, v) = wall_cut_route(case.maze, case.start, case.goal)
    verdict = case.verify(case.draw(route, color=ink, width=4))
    assert verdict.score < 100
    crossed = [x for x in verdict.violations if x.code == "wall_crossed"]
    assert crossed, verdict.violations
    assert any(sorted(map(tuple, x.evidence["cells"])) == sorted([u, v]) for x in crossed)
    a, b = sorted([u, v])
    assert any(f"r{a[0] + 1}c{a[1] + 1} and r{b[0] + 1}c{b[1] + 1}" in x.message for x in crossed)
    assert all(len(x.evidence["bbox"]) == 4 for x in crossed)


def test_route_with_a_gap_is_caught(case):
    frac = (len(case.path) // 2 + 0.2) / (len(case.path) - 1)  # 0.2 cell past a cell centre
    big = case.verify(case.draw(case.path, cut=(frac, 1.0 * case.s)))
    assert "route_gap" in big.codes and big.score <= TIER1
    small = case.verify(case.draw(case.path, width=4, cut=(frac, 0.35 * case.s + 4)))
    assert small.codes == ["route_gap"] and small.score == pytest.approx(TIER2)
    gap = small.violations[0].evidence
    assert gap["severity"] == "minor" and 0.1 * case.s < gap["gap_px"] <= 0.5 * case.s


def test_route_ending_one_cell_short_is_caught(case):
    verdict = case.verify(case.draw(case.path[:-1]))
    assert "goal_not_reached" in verdict.codes and verdict.score <= TIER1
    assert next(v for v in verdict.violations if v.code == "goal_not_reached").evidence["cell"] == list(case.goal)


def test_route_starting_one_cell_late_is_caught(case):
    verdict = case.verify(case.draw(case.path[1:]))
    assert "start_not_reached" in verdict.codes and verdict.score <= TIER1


def test_erased_wall_caps_the_score(case):
    image = case.reference.copy()
    a, b = case.maze.walls()[len(case.maze.walls()) // 3]
    x0, y0, x1, y1 = wall_rect(case.record.layout, a, b)
    image[y0:y1 + 1, x0:x1 + 1] = 255
    verdict = case.verify(image)
    assert verdict.score <= TIER1
    erased = [v for v in verdict.violations if v.code == "wall_erased"]
    assert [sorted(map(tuple, v.evidence["cells"])) for v in erased] == [sorted([a, b])]


def test_erased_wall_is_caught_in_a_bent_answer(case):
    """The local correction aligns what the answer kept; it cannot pull another wall into a gap."""
    image = case.reference.copy()
    a, b = case.maze.walls()[len(case.maze.walls()) // 3]
    x0, y0, x1, y1 = wall_rect(case.record.layout, a, b)
    image[y0:y1 + 1, x0:x1 + 1] = 255
    verdict = case.verify(perturb.warp(image, 3.0, case.record.seed % 1000))
    erased = [sorted(map(tuple, v.evidence["cells"])) for v in verdict.violations if v.code == "wall_erased"]
    assert verdict.score <= TIER1 and sorted([a, b]) in erased


def test_added_wall_and_removed_marker_cap_the_score(case):
    on = set(case.path)
    a, b = next(e for e in sorted(case.maze.passages) if e[0] not in on and e[1] not in on)
    image = case.reference.copy()
    x0, y0, x1, y1 = wall_rect(case.record.layout, a, b)
    image[y0:y1 + 1, x0:x1 + 1] = 0
    verdict = case.verify(image)
    assert verdict.codes == ["wall_added"] and verdict.score == pytest.approx(TIER1)
    image = case.reference.copy()
    x0, y0, x1, y1 = case.record.layout["markers"]["goal"]
    image[y0:y1 + 1, x0:x1 + 1] = 255
    image = case.draw(case.path, base=image)
    verdict = case.verify(image)
    assert "marker_removed" in verdict.codes and verdict.score <= TIER1


def _side_branch_route(case, depth):
    """The solution with a detour into a side branch ``depth`` cells deep and back, or None."""
    on = set(case.path)
    for i, c in enumerate(case.path[1:-1], 1):
        for n in case.maze.neighbors(c):
            if n in on:
                continue
            branch, seen = [n], on | {n}
            while len(branch) < depth:
                nxt = [m for m in case.maze.neighbors(branch[-1]) if m not in seen]
                if not nxt:
                    break
                branch.append(nxt[0])
                seen.add(nxt[0])
            if len(branch) == depth:
                return case.path[:i + 1] + branch + branch[-2::-1] + [c] + case.path[i + 1:], branch
    return None, None


def test_short_dead_end_detour_is_a_minor_side_branch(case):
    """Ink off the route is charged: a one-cell detour that comes back is minor (tier 2), named."""
    route, branch = _side_branch_route(case, 1)
    assert route, "no side branch on the solution path"
    verdict = case.verify(case.draw(route))
    assert verdict.codes == ["side_branch"] and verdict.score == pytest.approx(TIER2), verdict.violations
    assert verdict.violations[0].evidence["severity"] == "minor"
    assert list(branch[0]) in verdict.parsed["detour_cells"]


def test_longer_side_branch_costs_the_tier(case):
    route, branch = _side_branch_route(case, 3)
    if route is None:
        route, branch = _side_branch_route(case, 2)
    assert route, "no two-cell side branch on the solution path"
    verdict = case.verify(case.draw(route))
    assert "side_branch" in verdict.codes and verdict.score <= TIER1, verdict.violations
    cells = next(v for v in verdict.violations if v.code == "side_branch").evidence["cells"]
    assert all(list(b) in cells for b in branch)


def test_stray_dot_is_a_minor_issue(case):
    on = set(case.path)
    far = [c for c in case.maze.cells() if min(abs(c[0] - p[0]) + abs(c[1] - p[1]) for p in on) >= 3]
    if not far:
        far = [c for c in case.maze.cells() if min(abs(c[0] - p[0]) + abs(c[1] - p[1]) for p in on) >= 2]
    image = case.reference.copy()
    cx, cy = cell_center(case.record.layout, far[0])
    cv2.circle(image, (int(cx), int(cy)), max(3, case.s // 6), (220, 20, 20), -1)
    verdict = case.verify(image)
    assert verdict.codes == ["stray_mark"] and verdict.score == pytest.approx(TIER2)


def test_valid_alternative_route_in_a_looped_maze_scores_100(case):
    if case.record.variant != "loops":
        assert case.record.ground_truth["simple_routes"] == 1
        return
    graph = nx.Graph(list(case.maze.passages))
    others = [p for p in nx.all_simple_paths(graph, case.start, case.goal) if p != case.path]
    assert others, "a loops maze must have a second route"
    alternative = max(others, key=len)
    verdict = case.verify(case.draw(alternative, color=(150, 0, 200), width=5, jitter=0.08, seed=3))
    assert verdict.score == 100, verdict.violations
    assert verdict.parsed["route"] == [list(c) for c in alternative]
    assert verdict.parsed["route_valid"]


# ------------------------------------------------------------------------------------- perturbations


def _jpeg(a, q):
    buf = io.BytesIO()
    Image.fromarray(a).save(buf, format="JPEG", quality=q)
    return np.array(Image.open(buf).convert("RGB"))


PERTURBATIONS = {
    "scale0.5": lambda a: cv2.resize(a, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA),
    "scale2": lambda a: cv2.resize(a, None, fx=2.0, fy=2.0, interpolation=cv2.INTER_CUBIC),
    "squash": lambda a: cv2.resize(a, (round(a.shape[1] * 1.2), round(a.shape[0] * 0.9)),
                                   interpolation=cv2.INTER_AREA),
    "shift_pad": lambda a: np.pad(a, ((24, 0), (0, 18), (0, 0)), constant_values=255)[:-6, 9:],
    "jpeg60": lambda a: _jpeg(a, 60),
    "blur1": lambda a: np.array(Image.fromarray(a).filter(ImageFilter.GaussianBlur(1))),
    "cream_paper": lambda a: np.clip(a.astype(float) * np.array([1.0, 0.96, 0.86]), 0, 255).astype(np.uint8),
}


@pytest.mark.parametrize("name", sorted(PERTURBATIONS))
def test_perturbed_reference_still_scores_100(case, name):
    verdict = case.verify(PERTURBATIONS[name](case.reference))
    assert verdict.score == 100, (verdict.reason, verdict.violations)


def test_redrawn_bent_reference_still_scores_100(case):
    """A model that redraws the maze bends it a little (3 px here, under 0.5 % of the image): the local
    correction in registration puts the walls back within a pixel."""
    verdict = case.verify(perturb.warp(case.reference, 3.0, case.record.seed % 1000))
    assert verdict.score == 100, (verdict.reason, verdict.violations)
    assert verdict.extra["registration"]["method"].endswith("+local")


@pytest.mark.parametrize("ink", [(220, 20, 20), (0, 0, 0)], ids=["red", "black"])
def test_bent_route_through_a_wall_is_still_caught(case, ink):
    route, (u, v) = wall_cut_route(case.maze, case.start, case.goal)
    verdict = case.verify(perturb.warp(case.draw(route, color=ink, width=4), 3.0, case.record.seed % 1000))
    crossed = [x for x in verdict.violations if x.code == "wall_crossed"]
    assert verdict.score < 100 and any(sorted(map(tuple, x.evidence["cells"])) == sorted([u, v]) for x in crossed)


STYLES = [  # colour, width px, jitter (cells), JPEG quality or None
    ((0, 90, 255), 2, 0.10, None),
    ((0, 0, 0), 4, 0.06, 70),
    ((255, 140, 0), 10, 0.0, 60),
    ((20, 160, 20), 7, 0.12, None),
    ((180, 40, 40), 3, 0.15, 80),
]


@pytest.mark.parametrize("style", range(len(STYLES)))
def test_realistic_drawn_answers_score_100(case, style):
    color, width, jitter, quality = STYLES[style]
    image = case.draw(case.path, color, width, jitter, seed=style)
    verdict = case.verify(image, "JPEG", quality=quality) if quality else case.verify(image)
    assert verdict.score == 100, (STYLES[style], verdict.violations)


def test_painted_over_maze_scores_0(case):
    image = case.input.copy()
    x0, y0, x1, y1 = case.record.layout["grid_bbox"]
    region = image[y0:y1, x0:x1]
    region[(region > 200).all(axis=2)] = (250, 90, 90)
    verdict = case.verify(image)
    assert verdict.score == 0


# -------------------------------------------------------------------------------- generator properties


@settings(max_examples=15, deadline=None)
@given(track=st.sampled_from(TRACKS), variant=st.sampled_from(("perfect", "loops")),
       seed=st.integers(0, 2**32 - 1))
def test_generated_maze_is_solvable_and_its_claims_hold(track, variant, seed):
    tr = get_track(track)
    puzzle = tr.generate(seed, variant)
    gt = puzzle.ground_truth
    maze = Maze.from_walls_json(gt["rows"], gt["cols"], gt["walls"])
    start, goal = tuple(gt["start"]), tuple(gt["goal"])
    path = [tuple(c) for c in gt["solution_path"]]
    assert route_problems(maze, path, start, goal) == []
    assert len(shortest_path(maze, start, goal)) - 1 == gt["shortest_length"] == len(path) - 1
    lo, hi = tr.sizes
    assert lo <= gt["rows"] <= hi and lo <= gt["cols"] <= hi
    assert (gt["simple_routes"] == 1) == (variant == "perfect")
    assert puzzle.layout["rows"] == gt["rows"] and len(puzzle.layout["grid_bbox"]) == 4
    record = InstanceRecord(id="x", track=track, variant=variant, difficulty=puzzle.difficulty, seed=seed,
                            instruction=puzzle.instruction, input_image="", reference_images=[], edit_mask="",
                            ground_truth=gt, layout=puzzle.layout, scoring=puzzle.scoring, track_version="1")
    assert tr.validate(record) == []


@settings(max_examples=25, deadline=None)
@given(rows=st.integers(2, 12), cols=st.integers(2, 12), algorithm=st.sampled_from(ALGORITHMS),
       seed=st.integers(0, 10**9), loops=st.integers(0, 4))
def test_mazes_are_spanning_trees_and_route_counts_match_networkx(rows, cols, algorithm, seed, loops):
    rng = random.Random(seed)
    maze = generate_maze(rows, cols, rng, algorithm)
    graph = nx.Graph(list(maze.passages))
    graph.add_nodes_from(maze.cells())
    assert nx.is_tree(graph)
    start, goal = (0, 0), (rows - 1, cols - 1)
    assert count_simple_routes(maze, start, goal) == 1
    from genpuzzle.solvers.maze import add_loops
    looped, openings = add_loops(maze, loops, rng, start, goal)
    graph = nx.Graph(list(looped.passages))
    expected = sum(1 for _ in nx.all_simple_paths(graph, start, goal))
    assert count_simple_routes(looped, start, goal, limit=10**6) == expected
    if loops:
        assert expected >= 2 and len(openings) == min(loops, len(maze.walls()))


def test_generation_is_deterministic():
    tr = get_track("maze_intermediate")
    a, b = tr.generate(99, "loops"), tr.generate(99, "loops")
    assert a.ground_truth == b.ground_truth and a.difficulty == b.difficulty
    assert a.input_image.tobytes() == b.input_image.tobytes()
    assert a.reference_images[0].tobytes() == b.reference_images[0].tobytes()
    assert a.edit_mask.tobytes() == b.edit_mask.tobytes()


def test_validate_catches_a_tampered_record(puzzle_set):
    _, pset = puzzle_set
    record = next(r for r in pset.records if r.track == "maze_beginner")
    tr = get_track(record.track)
    assert tr.validate(record) == []
    gt = dict(record.ground_truth)
    walls = {k: [row[:] for row in v] for k, v in gt["walls"].items()}
    a, b = [tuple(c) for c in gt["solution_path"][:2]]
    (r, c) = min(a, b)
    if a[0] == b[0]:
        walls["right"][r][c] = 1
    else:
        walls["down"][r][c] = 1
    assert tr.validate(replace(record, ground_truth={**gt, "walls": walls}))  # solution now blocked
    detour = [gt["solution_path"][0]] + gt["solution_path"]  # repeats the start: not a step
    problems = tr.validate(replace(record, ground_truth={**gt, "solution_path": detour}))
    assert any("not a step" in p for p in problems)


# ------------------------------------------------------------------------------------- garbage answers


@settings(max_examples=15, deadline=None)
@given(kind=st.sampled_from(["noise", "solid", "scribble", "lines", "half"]), seed=st.integers(0, 10**6))
def test_garbage_answers_never_crash_the_verifier(puzzle_set, kind, seed):
    root, pset = puzzle_set
    record = pset.records[seed % len(pset.records)]
    tr = get_track(record.track)
    inp = np.array(Image.open(root / record.input_image).convert("RGB"))
    rng = np.random.default_rng(seed)
    h, w = inp.shape[:2]
    if kind == "noise":
        img = rng.integers(0, 256, inp.shape, dtype=np.uint8)
    elif kind == "solid":
        img = np.full(inp.shape, rng.integers(0, 256, 3), np.uint8)
    elif kind == "half":
        img = inp.copy()
        img[: h // 2] = rng.integers(0, 256, 3)
    else:
        img = inp.copy()
        for _ in range(int(rng.integers(1, 40))):
            p = rng.integers(0, [w, h], size=(int(rng.integers(2, 8)), 2)).astype(np.int32)
            color = tuple(int(x) for x in rng.integers(0, 256, 3))
            cv2.polylines(img, [p], kind == "lines", color, int(rng.integers(1, 15)))
    verdict = tr.verify(record, img, inp)
    assert 0 <= verdict.score <= 100 and verdict.score in (0, pytest.approx(TIER1), pytest.approx(TIER2), 100)
    for v in verdict.violations:
        assert v.code and isinstance(v.evidence, dict)


# ------------------------------------------------------- answers that never solved the maze; redrawn mazes


def _pick(case, options):
    """One of ``options`` per instance (cycled over the six instances), to keep the suite fast."""
    return options[_ids().index(f"{case.record.track}-{case.record.variant}") % len(options)]


def test_drawing_every_corridor_is_not_a_solution(case):
    """A line along every passage (thin: ink on ~10-20 % of the corridors; a brush: ~45 %) contains a route
    but chose none: tier 0."""
    width_cells = _pick(case, [None, 0.45])
    image = case.input.copy()
    width = 3 if width_cells is None else round(width_cells * case.s)
    answers._draw_edges(image, case.record.layout, answers.all_corridor_edges(case.maze, case.start),
                        (220, 20, 20), width)
    verdict = case.verify(image)
    assert verdict.score == 0 and verdict.codes[0] == "not_a_route", verdict.violations


def test_loop_through_outer_corner_posts_is_a_crossing(case):
    """The correct route plus a loop leaving through the start cell's outer corner post, walking outside
    and re-entering at the goal's corner: the outer wall is crossed at both corners."""
    verdict = case.verify(answers._cheat_corner_loop(_cheat_case(case), 0))
    crossed = [v for v in verdict.violations if v.code == "wall_crossed"]
    assert verdict.score <= TIER1 and len(crossed) >= 2, verdict.violations
    assert all("outer wall" in v.message for v in crossed)
    assert {tuple(v.evidence["cells"][0]) for v in crossed} == {case.start, case.goal}


def test_second_route_sliding_along_a_wall_is_a_crossing(case):
    verdict = case.verify(answers._cheat_wall_slide(_cheat_case(case), 0))
    _, _, (u, v) = answers._through_wall_route(_cheat_case(case))
    crossed = [x for x in verdict.violations if x.code == "wall_crossed"]
    assert verdict.score <= TIER1 and crossed, verdict.violations
    assert any(sorted(map(tuple, x.evidence["cells"])) == sorted([u, v]) for x in crossed)


def test_redrawn_walls_are_walls_not_route_ink(case):
    """A model that regenerates the picture redraws the walls thicker, thinner or grey: still 100, and a
    route through a wall of the redrawn maze is still caught."""
    factor, wall_ink = _pick(case, [(1.7, (0, 0, 0)), (1.5, (60, 60, 60)), (0.6, (90, 90, 90))])
    base = answers.redraw_walls(case.input, case.record.layout, case.maze, factor, wall_ink, 0.3, 1)
    verdict = case.verify(case.draw(case.path, width=5, base=base))
    assert verdict.score == 100, verdict.violations
    route, (u, v) = wall_cut_route(case.maze, case.start, case.goal)
    verdict = case.verify(case.draw(route, color=(0, 0, 0), width=4, base=base))
    assert any(sorted(map(tuple, x.evidence["cells"])) == sorted([u, v])
               for x in verdict.violations if x.code == "wall_crossed"), verdict.violations


def test_a_wall_edge_broken_by_the_ink_threshold_is_wall_not_route(case):
    """A redrawn wall's faint anti-aliased edge, just outside the wall zone after registration, dips in and
    out of the ink threshold: two pieces of one 1 px grey column (0.3 and 0.2 cell, 1 px apart), each
    shorter than the wall-edge rule's third of a cell, in a cell the route never enters, are the wall's
    edge, not a `side_branch` (the held-out "red thick walls on paper" false fail, seed 5151)."""
    layout, s = case.record.layout, case.s
    x0, y0 = layout["grid_bbox"][:2]
    th = get_track(case.record.track).rubric["thresholds"]
    from genpuzzle.verifiers.maze import wall_zone_reach

    row = next(r for r in range(case.maze.rows) if (r, 0) not in case.path)
    image = case.draw(case.path, width=5)
    x = x0 + layout["wall_px"] // 2 - 1 + wall_zone_reach(layout, th) + 1  # 1 px past the zone
    top = y0 + row * s + round(0.2 * s)
    for a, b in ((top, top + round(0.3 * s)), (top + round(0.3 * s) + 1, top + round(0.5 * s) + 1)):
        image[a:b, x] = (175, 175, 175)
    verdict = case.verify(image)
    assert verdict.score == 100, verdict.violations


def test_dashed_dotted_and_arrow_chain_routes_are_routes(case):
    kind = _pick(case, ["dashed", "dotted", "arrows"])
    layout, s = case.record.layout, case.s
    image = case.input.copy()
    pts = answers.route_points(layout, case.path)
    if kind == "dashed":
        answers.draw_dashed(image, pts, (230, 30, 30), 4, 0.25 * s, 0.2 * s)
    elif kind == "dotted":
        answers.draw_dotted(image, pts, (230, 30, 30), 3, 0.4 * s)
    else:
        answers.draw_arrow_segments(image, pts, (230, 30, 30), 3, 0.8 * s, 0.2 * s)
    verdict = case.verify(answers.paper(image, 3) if kind == "dotted" else image)
    assert verdict.score == 100, verdict.violations


def test_dashed_route_through_a_wall_is_caught(case):
    verdict = case.verify(answers._cheat_dashed_through_wall(_cheat_case(case), 0))
    assert verdict.score <= TIER1 and verdict.status is not Status.CORRECT, verdict.violations


def test_letterbox_sliver_at_the_image_edge_is_not_a_stray_mark(case):
    image = case.reference.copy()
    image[:2] = 0
    image[:, -1] = 10
    verdict = case.verify(image)
    assert verdict.score == 100, verdict.violations


def _cheat_case(case):
    return answers.MazeCase(case.root, case.record)


@pytest.fixture(scope="module")
def two_cases(puzzle_set, tmp_path_factory):
    """A beginner and an advanced instance, for the answer-style and cheat sweeps."""
    root, pset = puzzle_set
    tmp = tmp_path_factory.mktemp("maze_styles")
    picks = [("maze_beginner", "loops"), ("maze_advanced", "perfect")]
    return [Case(root, next(r for r in pset.records if r.track == t and r.variant == v), tmp) for t, v in picks]


@pytest.mark.parametrize("style", range(len(answers.HELDOUT_STYLES)),
                         ids=[s.name.replace(" ", "_") for s in answers.HELDOUT_STYLES])
def test_heldout_answer_styles_score_100(two_cases, style):
    """Styles never tuned on (tests/maze_answers.py HELDOUT_STYLES): smooth curves, arrow chains, dashes on
    thick walls, dots on paper, translucent markers, grey walls, JPEG, rescale."""
    for k, case in enumerate(two_cases):
        mc = _cheat_case(case)
        verdict = case.verify(answers.HELDOUT_STYLES[style].draw(mc, mc.valid_route(k + 1), style))
        assert verdict.score == 100, (case.record.id, verdict.violations)


@pytest.mark.parametrize("cheat", range(len(answers.CHEATS)), ids=[s.name.replace(" ", "_") for s in answers.CHEATS])
def test_cheats_never_pass(two_cases, cheat):
    for case in two_cases:
        verdict = case.verify(answers.CHEATS[cheat].draw(_cheat_case(case), cheat))
        assert verdict.score < 100 and verdict.status is not Status.CORRECT, (case.record.id, verdict.violations)


def test_two_passes_reaching_towards_each_other_are_not_linked(puzzle_set):
    """A valid route that passes two cells on either side of an open boundary at different points of the
    route, with arrow heads on short stems reaching towards each other across it (0.4 cell apart, like the
    barbs of a wobbly arrowed line): the gap fill that joins the pieces of a dashed line must not join two
    places of one unbroken stroke, or the route is read through that shortcut and the rest is a
    `side_branch` (the held-out "blue arrowed wobbly" false fail, seed 4242)."""
    tr = get_track("maze_beginner")
    puzzle = tr.generate(3, "loops")
    gt, layout, s = puzzle.ground_truth, puzzle.layout, puzzle.layout["cell_px"]
    record = replace(puzzle_set[1].records[0], ground_truth=gt, layout=layout)
    maze = Maze.from_walls_json(gt["rows"], gt["cols"], gt["walls"])
    graph = nx.Graph(list(maze.passages))
    route, (a, b) = next((p, (x, y)) for p in nx.all_simple_paths(graph, tuple(gt["start"]), tuple(gt["goal"]))
                         for x, y in graph.edges if x in p and y in p and abs(p.index(x) - p.index(y)) > 1)
    inp = np.array(puzzle.input_image.convert("RGB"))
    image = inp.copy()
    blue = (30, 60, 200)
    answers.draw_solid(image, answers.route_points(layout, route), blue, 4)
    pa, pb = np.array(cell_center(layout, a), float), np.array(cell_center(layout, b), float)
    for p, d in ((pa, (pb - pa) / s), (pb, (pa - pb) / s)):
        tip, n = p + 0.3 * s * d, np.array([-d[1], d[0]])
        answers.draw_solid(image, np.array([p, tip]), blue, 4)
        for side in (1, -1):
            answers.draw_solid(image, np.array([tip - 0.15 * s * d + side * 0.12 * s * n, tip]), blue, 4)
    verdict = tr.verify(record, image, inp)
    assert verdict.score == 100, verdict.violations
    assert verdict.parsed["route"] == [list(c) for c in route]


def test_cutting_a_corner_through_a_post_is_a_minor_corner_cut(case):
    """A diagonal step through the wall corner of a legal L-turn: minor `corner_cut`, not a wall crossing."""
    path = case.path
    i = next((i for i in range(1, len(path) - 1)
              if abs(path[i - 1][0] - path[i + 1][0]) == 1 and abs(path[i - 1][1] - path[i + 1][1]) == 1), None)
    assert i is not None, "the solution has no turn"
    verdict = case.verify(case.draw(path[:i] + path[i + 1:], width=4))
    assert verdict.codes == ["corner_cut"] and verdict.score == pytest.approx(TIER2), verdict.violations
    assert sorted(map(tuple, verdict.violations[0].evidence["cells"])) == sorted([path[i - 1], path[i + 1]])


@pytest.mark.parametrize("track, seed, variant, change", [("maze_advanced", 45500, "loops", "dark_border"),
                                                           ("maze_beginner", 49900, "perfect", "dark_margins")])
def test_a_markers_jpeg_outline_is_no_piece_of_route(tmp_path, track, seed, variant, change):
    """Spot seeds 45500 and 49900: a resampled, JPEG-compressed start marker came back with a 1 px sliver of
    off-colour pixels along its edge, read as a loose piece of route: route_gap, review at 67."""
    from page_change_cases import reference_under_page_change

    verdict = reference_under_page_change(tmp_path, track, seed, 3, variant, change)
    assert verdict.score == 100 and verdict.status is Status.CORRECT, verdict.codes


# ------------------------------------------------------------------- every mark in the route's cells (rubric 5)


def _route_cell_spot(case, radius):
    """A point in a cell the route passes (not the start or goal cell) farthest from any ink of the
    reference and the input, and outside the wall zone: where a stray mark beside the line would go."""
    from genpuzzle.verifiers.maze import wall_zone_reach

    th = get_track(case.record.track).rubric["thresholds"]
    layout = case.record.layout
    paper = (case.reference.min(axis=2) > 200) & (case.input.min(axis=2) > 200)
    dist = cv2.distanceTransform(paper.astype(np.uint8), cv2.DIST_L2, 5)
    walls = (case.input.max(axis=2) < 110).astype(np.uint8)
    wall_dist = cv2.distanceTransform(1 - walls, cv2.DIST_L2, 5)
    cells = np.zeros(dist.shape, bool)
    gx, gy, s = layout["grid_bbox"][0], layout["grid_bbox"][1], layout["cell_px"]
    for r, c in case.path[1:-1]:
        cells[gy + r * s:gy + (r + 1) * s, gx + c * s:gx + (c + 1) * s] = True
    ok = cells & (wall_dist > wall_zone_reach(layout, th) + radius + 2)
    y, x = np.unravel_index(np.argmax(np.where(ok, dist, 0)), dist.shape)
    assert dist[y, x] > radius + 2, "no room for a mark beside the route"
    return int(x), int(y)


ROOMY = [i for i in _ids() if not i.startswith("maze_advanced")]  # cells wide enough for a dot beside the line


@pytest.mark.parametrize("case", ROOMY, indirect=True)
@pytest.mark.parametrize("kind", ["dot", "tick"])
def test_a_wall_coloured_mark_beside_the_route_in_its_own_cell_is_a_stray_mark(case, kind):
    """A dark mark (the walls' colour) in a cell the route passes, not touching the line: before rubric 5
    only marks in cells off the route were charged, so this scored 100."""
    from marks import draw_mark

    radius = max(4, case.s // 10)
    x, y = _route_cell_spot(case, radius)
    image = np.asarray(draw_mark(Image.fromarray(case.reference), kind, (x, y), 2 * radius, (25, 25, 30)))
    verdict = case.verify(image)
    assert "stray_mark" in verdict.codes and verdict.score < 100 and verdict.status is not Status.CORRECT, \
        verdict.violations
    stray = next(v for v in verdict.violations if v.code == "stray_mark")
    bx0, by0, bx1, by1 = stray.evidence["bbox"]
    assert bx0 - 3 <= x <= bx1 + 3 and by0 - 3 <= y <= by1 + 3  # the evidence points at the mark


@pytest.mark.parametrize("case", ROOMY, indirect=True)
@pytest.mark.parametrize("kind", ["dot", "tick", "seven"])
def test_a_mark_too_small_for_a_piece_of_route_is_a_stray_mark(case, kind):
    """A mark about 0.1 cell across (under component_min_cells x cell px of ink, which the route reading
    leaves out) beside the route in a route cell: before rubric 6 an 11-13 px tick in a 100 px beginner cell
    scored 100 (tenth session's audit, master seed 12400)."""
    from marks import draw_mark

    radius = max(3, round(0.05 * case.s))
    x, y = _route_cell_spot(case, radius)
    image = np.asarray(draw_mark(Image.fromarray(case.reference), kind, (x, y), 2 * radius, (25, 25, 30)))
    added = (np.abs(image.astype(int) - case.reference.astype(int)).max(axis=2) > 60).sum()
    th = get_track(case.record.track).rubric["thresholds"]
    assert added < th["component_min_cells"] * case.s  # the mark is under the route's piece size
    verdict = case.verify(image)
    assert "stray_mark" in verdict.codes and verdict.score < 100 and verdict.status is not Status.CORRECT, \
        verdict.violations
    stray = next(v for v in verdict.violations if v.code == "stray_mark")
    bx0, by0, bx1, by1 = stray.evidence["bbox"]
    assert bx0 - 3 <= x <= bx1 + 3 and by0 - 3 <= y <= by1 + 3


def test_a_dark_stroke_drawn_onto_the_route_line_is_a_stray_mark(case):
    """A dark tick starting on the red route line in a route cell and leaving it diagonally (one piece of
    ink with the line): charged as a mark on the line in another colour."""
    layout = case.record.layout
    image = np.ascontiguousarray(case.reference.copy())
    cell = case.path[len(case.path) // 2]
    cx, cy = cell_center(layout, cell)
    d = 0.25 * case.s
    pts = np.array([[cx, cy], [cx + d, cy - d], [cx + d * 1.2, cy - d * 0.6]]) * 4
    cv2.polylines(image, [np.round(pts).astype(np.int32)], False, (25, 25, 30), max(3, case.s // 12),
                  cv2.LINE_AA, shift=2)
    verdict = case.verify(image)
    assert "stray_mark" in verdict.codes and verdict.score < 100, verdict.violations


def test_the_route_line_in_black_with_no_mark_still_scores_100(case):
    """The colour test compares ink with the line's own colour: a route drawn in the walls' colour has no
    mark on it."""
    image = case.draw(case.path, color=(20, 20, 20), width=max(3, case.s // 12))
    verdict = case.verify(image)
    assert verdict.score == 100, verdict.violations


# ------------------------------------------------------------- the blind audit of session 13 (rubric 7)


def _audit_case(case):
    import audit_maze_answers as audit

    return audit, audit.Case(case.root, case.record)


@pytest.mark.parametrize("colour", [(25, 35, 110), (95, 55, 25)])
def test_walls_redrawn_heavier_in_a_colour_are_walls_not_route(case, colour):
    """A model redraws the maze with navy or brown walls 2.2x as thick: the walls' own colour is read off
    the input's bars and is wall, not route ink (rubric 6 read them as ink in every corridor: not_a_route)."""
    audit, c = _audit_case(case)
    image = audit.walls_redrawn(c, 2.2, colour)
    audit.pen_line(image, audit.densify(audit.centres(case.record.layout, case.path)), (0, 170, 200),
                   max(3, case.s // 12))
    verdict = case.verify(image)
    assert verdict.score == 100 and not verdict.needs_review, verdict.violations


def test_the_route_drawn_as_an_outline_is_not_a_route(case):
    """Two lines hugging the corridor walls around the route, nothing along its middle, enclose the paper
    of the route's cells: route_outlined (rubric 6 passed it at 100)."""
    audit, c = _audit_case(case)
    image = case.input.copy()
    audit.pen_tube(image, audit.densify(audit.centres(case.record.layout, case.path)), (220, 30, 30),
                   max(2, case.s // 16), 0.33 * case.s)
    verdict = case.verify(image)
    assert verdict.status != Status.CORRECT and verdict.score < 100, verdict.violations
    if case.s >= 60:  # in small cells the outline merges with the walls' zone: no route is read at all
        assert "route_outlined" in verdict.codes, verdict.violations


def test_a_chain_of_rings_along_the_route_is_no_outline(case):
    """Small hollow rings along the route enclose paper too, each less than a cell: still a route."""
    audit, c = _audit_case(case)
    image = case.input.copy()
    audit.pen_rings(image, audit.densify(audit.centres(case.record.layout, case.path)), (230, 110, 0),
                    0.16 * case.s, 0.3 * case.s, max(2, case.s // 22))
    verdict = case.verify(image)
    assert verdict.score == 100, verdict.violations


def test_one_dot_per_route_cell_is_a_route(case):
    """A dot at each route cell's centre (gaps of two thirds of a cell): the chain's own spacing links it,
    never through a wall. Perfect mazes score 100; in a looped maze the dots' order may be ambiguous, so a
    shortcut reading goes to review, never a confident fail (rubric 6: route_broken, confident)."""
    image = case.input.copy()
    for x, y in (cell_center(case.record.layout, c) for c in case.path):
        cv2.circle(image, (int(round(x)), int(round(y))), int(0.17 * case.s), (200, 0, 60), -1, cv2.LINE_AA)
    verdict = case.verify(image)
    if case.record.variant == "perfect":
        assert verdict.score == 100, verdict.violations
    else:
        assert verdict.score == 100 or verdict.needs_review, verdict.violations


def test_a_dot_chain_through_a_wall_is_still_a_crossing(case):
    """The dot chain's longer links never pass a wall: dots on a route through a wall are not a pass."""
    image = case.input.copy()
    ds, dg = distances(case.maze, case.start), distances(case.maze, case.goal)
    _, u, v = min((ds[x] + 1 + dg[y], x, y) for a, b in case.maze.walls() for x, y in ((a, b), (b, a)))
    cells = shortest_path(case.maze, case.start, u) + shortest_path(case.maze, v, case.goal)
    for x, y in (cell_center(case.record.layout, c) for c in cells):
        cv2.circle(image, (int(round(x)), int(round(y))), int(0.17 * case.s), (200, 0, 60), -1, cv2.LINE_AA)
    verdict = case.verify(image)
    assert verdict.status != Status.CORRECT and verdict.score < 100, verdict.violations
