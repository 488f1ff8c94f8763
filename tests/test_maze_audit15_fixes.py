"""Maze rubric 8: the misses of the fifteenth session's blind family (``audit15`` in
``tests/audit_maze_answers.py``), each drawn on fresh instances here and checked through the verifier.

- ink wholly in the page margin (a sticker beside the maze, a scanner's edge shadow) is no stray mark;
- thin walls recoloured (dark green on a pale page, resampled) are walls, not route ink along their cores;
- walls drawn as double lines (hollow outlines of wide bars) are walls, not erased walls and route ink;
- a marker shown in another colour (a dark-mode page inverted back by the registration) is no route ink,
  so a line stopping a cell short of it does not reach the goal.

Guards (pass on both rubrics): a route walking round the outside of the maze still fails, an erased wall
in a double-line maze is still erased, a route through a double-line wall is still a crossing, a dashed
route whose last dash lies on the goal marker still reaches it.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

import audit_maze_answers as audit
import maze_answers as answers
from genpuzzle.dataset import load_set, write_set
from genpuzzle.evaluate import verify_answer
from genpuzzle.records import Status
from genpuzzle.registry import get_track
from genpuzzle.renderers.maze import cell_center

TRACKS = ("maze_beginner", "maze_intermediate", "maze_advanced")


@pytest.fixture(scope="module")
def puzzle_set(tmp_path_factory):
    root = tmp_path_factory.mktemp("maze_audit15_set")
    write_set(root, {name: 2 for name in TRACKS}, master_seed=15150)
    return root, load_set(root)


@pytest.fixture(params=[f"{t}-{v}" for t in TRACKS for v in ("perfect", "loops")])
def case(request, puzzle_set, tmp_path):
    root, pset = puzzle_set
    track, variant = request.param.rsplit("-", 1)
    record = next(r for r in pset.records if r.track == track and r.variant == variant)
    c = audit.Case(root, record)
    c.tmp = tmp_path
    return c


def _verify(case, image, name="answer"):
    path = case.tmp / f"{name}.png"
    Image.fromarray(image).save(path)
    return verify_answer(case.root, case.record, path)


def _verify_in_frame(case, image):
    """The verifier alone on an answer already in the input's frame (no registration)."""
    return get_track(case.record.track).verify(case.record, image, case.input)


def _route(case, image, colour=(220, 30, 30)):
    s = case.layout["cell_px"]
    audit.pen_line(image, audit.densify(audit.centres(case.layout, case.path)), colour, max(3, s // 9))
    return image


# ------------------------------------------------------------------------------------ margin ink


def test_ink_wholly_in_the_page_margin_is_no_stray_mark(case):
    """A round sticker in the margin beside the maze's corner and a scanner's grey edge shadow down the
    left margin: they touch no cell and no wall (rubric 7: stray_mark, 67 or 33)."""
    image = _route(case, case.input.copy())
    x0, y0, x1, y1 = case.layout["grid_bbox"]
    h, w = image.shape[:2]
    cv2.circle(image, (w - 4 - 14, h - 4 - 14), 14, (240, 90, 40), -1, cv2.LINE_AA)  # sticker, bottom right
    band = image[y0 + 20:y1 - 20, 6:10].astype(np.float32) * np.linspace(0.45, 0.8, 4)[None, :, None]
    image[y0 + 20:y1 - 20, 6:10] = band.astype(np.uint8)  # the scanner lid's shadow, clear of the image edge
    verdict = _verify(case, image)
    assert verdict.score == 100 and not verdict.needs_review, verdict.violations
    assert verdict.parsed["margin_ink_px"] > 0


@pytest.mark.parametrize("colour", [(220, 20, 20), (15, 15, 15)])
def test_a_route_round_the_outside_of_the_maze_still_fails(case, colour):
    """Out through the outer wall by the start, round the margin, in by the goal: the piece outside is
    joined to the frame (in a colour) or reaches the wall zone in the walls' colour (black): never margin
    ink, never a pass."""
    image = case.input.copy()
    lay, s = case.layout, case.layout["cell_px"]
    sc, gc = np.array(cell_center(lay, case.start)), np.array(cell_center(lay, case.goal))
    x0, y0, x1, y1 = lay["grid_bbox"]

    def exit_point(c):
        d = {(c[0] - x0): (-1, 0), (x1 - c[0]): (1, 0), (c[1] - y0): (0, -1), (y1 - c[1]): (0, 1)}
        return c + np.array(d[min(d)], float) * (min(d) + 0.3 * s)

    ea, eb = exit_point(sc), exit_point(gc)
    pts = np.vstack([answers._dense(np.array([sc, ea])), answers._around(lay, ea, eb, 0.3 * s),
                     answers._dense(np.array([eb, gc]))])
    answers.draw_solid(image, pts, colour, 5)
    verdict = _verify(case, image)
    assert verdict.status != Status.CORRECT and verdict.score < 100, verdict.violations


# --------------------------------------------------------------------------------- recoloured walls


@pytest.mark.parametrize("case", ["maze_advanced-perfect", "maze_advanced-loops"], indirect=True)
@pytest.mark.parametrize("scale", [0.8, 0.75, 0.7])
def test_thin_recoloured_walls_are_walls_not_route_ink(case, scale):
    """The maze recoloured dark green on a pale blue page, shrunk and saved as JPEG 72: a 3 px bar
    (``maze_advanced``) comes back as blends of its colour with the paper, grey-looking on average; its
    saturated core is wall (rubric 7 read the cores as route ink in 3 of these 6 answers: stray_mark, 33)."""
    image = _route(case, audit.recoloured(case), (225, 30, 110))
    image = audit.jpeg(audit.squash(image, scale, scale), 72)
    verdict = _verify(case, image)
    assert verdict.score == 100 and not verdict.needs_review, verdict.violations


# ----------------------------------------------------------------------------------- double walls


def test_walls_drawn_as_double_lines_are_walls(case):
    """Every wall as the hollow outline of a bar 2.6x as wide, in the input's frame: the paper inside the
    outline is no erased wall and the outline's anti-aliased fringe is no route ink (rubric 7:
    maze_destroyed or wall_erased, score 0 or 33). Read without registration, which may lock one of the
    two lines onto the input's bar (see docs/maze.md)."""
    image = _route(case, audit.doubled_walls(case), (25, 40, 150))
    verdict = _verify_in_frame(case, image)
    assert verdict.score == 100 and not verdict.needs_review, verdict.violations


def test_a_wall_left_out_of_a_double_line_maze_is_still_erased(case):
    """The same maze with one inner wall (the one the cheapest shortcut crosses) left out, and the route
    through the gap: wall_erased, never a pass."""
    cells, (u, v) = audit.through_one_wall(case)
    image = audit.doubled_walls(case, cut=(u, v))
    audit.pen_line(image, audit.densify(audit.centres(case.layout, cells)), (25, 40, 150),
                   max(3, case.layout["cell_px"] // 9))
    verdict = _verify_in_frame(case, image)
    assert verdict.score < 100 and verdict.status != Status.CORRECT, verdict.violations
    assert "wall_erased" in verdict.codes, verdict.violations


def test_a_route_through_a_double_line_wall_is_a_crossing(case):
    """Named as a crossing (rubric 7 read the thick-walled mazes as destroyed: score 0, no wall named)."""
    cells, _ = audit.through_one_wall(case)
    image = audit.doubled_walls(case)
    audit.pen_line(image, audit.densify(audit.centres(case.layout, cells)), (25, 40, 150),
                   max(3, case.layout["cell_px"] // 9))
    verdict = _verify_in_frame(case, image)
    assert verdict.score < 100 and "wall_crossed" in verdict.codes, verdict.violations


# ------------------------------------------------------------------------------ recoloured markers


def test_a_glowing_line_one_cell_short_on_a_dark_page_does_not_reach_the_goal(case):
    """A dark-mode page (pale walls on near-black, the markers in their colours) is registered inverted:
    the markers come back in other colours, new ink wholly on them. A line stopping one cell short of the
    goal reached it through the goal marker (rubric 7: a minor route_gap, 67 and review)."""
    s = case.layout["cell_px"]
    image = audit.pen_glow(audit.dark_mode(case), audit.densify(audit.centres(case.layout, case.path[:-1])),
                           (0, 200, 255), max(2, s // 14), 0.34 * s)
    verdict = _verify(case, image)
    assert verdict.score < 100 and "goal_not_reached" in verdict.codes and not verdict.needs_review, \
        verdict.violations


def test_a_glowing_line_into_the_goal_on_a_dark_page_scores_100(case):
    s = case.layout["cell_px"]
    image = audit.pen_glow(audit.dark_mode(case), audit.densify(audit.centres(case.layout, case.path)),
                           (0, 200, 255), max(2, s // 14), 0.34 * s)
    verdict = _verify(case, image)
    assert verdict.score == 100 and not verdict.needs_review, verdict.violations


def test_a_dashed_route_whose_last_dash_lies_on_the_goal_marker_reaches_it(case):
    """A dash wholly on the goal marker covers little of it: route ink, not the marker recoloured."""
    s = case.layout["cell_px"]
    image = case.input.copy()
    pts = audit.densify(audit.centres(case.layout, case.path))
    arc = audit.arclength(pts)
    end = arc[-1]
    keep = (arc <= end - 0.45 * s)
    answers.draw_dashed(image, pts[keep], (220, 30, 30), max(3, s // 10), 0.25 * s, 0.15 * s)
    tail = pts[arc >= end - 0.2 * s]  # the last dash: 0.2 cell, inside the 0.54-cell marker
    audit.pen_line(image, tail, (220, 30, 30), max(3, s // 10))
    verdict = _verify(case, image)
    assert verdict.score == 100, verdict.violations
