"""Maze rubric 9: the answer's walls found on the registered page and brought onto the input's lattice.

The fifteenth session's second blind family (``audit15``) left six confident false fails, all on walls drawn
as double lines: the registration locks one of the two lines onto the input's bar (~1.3 wall widths off), or
bends each half of the page onto a different line, and the verifier read the other line as route ink in every
corridor. Since rubric 9 (``verifiers.maze.align_to_lattice``) each wall of the maze is found on the answer
(the centre of its wall ink across its line) and the answer is resampled through the smooth field of the
walls' offsets; when the walls still lie off their lines, or the page was bent onto different lines in
different parts, the verdict goes to review (``parsed.lattice_doubt``), never a confident pass or fail.

Each test hands the verifier what such a registration returns (the answer in the input's frame, moved), so it
tests the verifier, not the registration. Tests of a fix fail on rubric 8; the guards pass on both.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import audit_maze_answers as audit
from genpuzzle.dataset import load_set, write_set
from genpuzzle.images import load_image
from genpuzzle.records import Status
from genpuzzle.registry import get_track

TRACKS = ("maze_beginner", "maze_intermediate", "maze_advanced")


@pytest.fixture(scope="module")
def puzzle_set(tmp_path_factory):
    root = tmp_path_factory.mktemp("maze_fixes16_set")
    write_set(root, {name: 2 for name in TRACKS}, master_seed=16160)
    return root, load_set(root)


@pytest.fixture(params=[f"{t}-{v}" for t in TRACKS for v in ("perfect", "loops")])
def case(request, puzzle_set):
    root, pset = puzzle_set
    track, variant = request.param.rsplit("-", 1)
    record = next(r for r in pset.records if r.track == track and r.variant == variant)
    c = audit.Case(root, record)
    c.reference = load_image(root / record.reference_images[0])
    return c


def _verify_in_frame(case, image):
    """The verifier alone on an answer in the input's frame (what the registration returned)."""
    return get_track(case.record.track).verify(case.record, image, case.input)


def _ballpoint(case, image, cells):
    s = case.layout["cell_px"]
    audit.pen_line(image, audit.densify(audit.centres(case.layout, cells)), (25, 40, 150), max(2, s // 13))
    return image


def _moved(image, dx, dy, scale=1.0):
    """``image`` as a registration that left it ``dx``, ``dy`` px off (and ``scale`` about the page centre)
    returns it: content moved, paper filled in."""
    h, w = image.shape[:2]
    m = np.array([[scale, 0, (1 - scale) * w / 2 + dx], [0, scale, (1 - scale) * h / 2 + dy]], np.float32)
    return cv2.warpAffine(image, m, (w, h), flags=cv2.INTER_LINEAR, borderValue=(255, 255, 255))


def _line_offset(case):
    """How far one line of a double-line wall (audit.doubled_walls, factor 2.6) lies from the bar's centre."""
    return int(round(1.3 * case.layout["wall_px"]))


def _confident(v):
    return not v.needs_review


# ------------------------------------------------------------------------------------- fixes


def test_double_line_walls_registered_onto_one_line_are_read_at_their_middle(case):
    """The registration locked one line of every double-line wall onto the input's bar (the whole page
    ~1.3 wall widths off, down and right): a correct route scores 100, no review (rubric 8: not_a_route, 0)."""
    d = _line_offset(case)
    image = _moved(_ballpoint(case, audit.doubled_walls(case), case.path), d, d)
    v = _verify_in_frame(case, image)
    assert v.status == Status.CORRECT and v.score == 100 and _confident(v), (v.score, v.codes[:4], v.parsed)
    assert v.parsed["lattice_shift_px"] >= d - 1 and "lattice_doubt" not in v.parsed


def test_double_line_walls_off_by_a_small_scale_are_read_on_their_lines(case):
    """Double-line walls registered 2 % too small about the page centre and one line off (the ``ecc``
    fits of AUDIT15): 100, no review."""
    d = _line_offset(case)
    image = _moved(_ballpoint(case, audit.doubled_walls(case), case.path), -d, d, scale=0.98)
    v = _verify_in_frame(case, image)
    assert v.status == Status.CORRECT and v.score == 100 and _confident(v), (v.score, v.codes[:4], v.parsed)


def test_a_reference_registered_a_sixth_of_a_cell_off_is_read_on_the_lattice(case):
    """The plain reference answer (solid walls, the red route) left 0.16 cell off in x and y by the
    registration: 100, no review."""
    d = max(4, int(round(0.16 * case.layout["cell_px"])))
    v = _verify_in_frame(case, _moved(case.reference.copy(), d, -d))
    assert v.status == Status.CORRECT and v.score == 100 and _confident(v), (v.score, v.codes[:4], v.parsed)


def test_a_page_bent_onto_two_lines_is_no_confident_verdict(case):
    """The registration's bend pulled the left half of a double-line maze onto one line of its walls and
    the right half onto the other (AUDIT15's ``ecc+local`` page): where each wall lies between them is a
    guess, so the verdict goes to review, whatever it reads (rubric 8: a confident fail)."""
    d = _line_offset(case)
    image = _ballpoint(case, audit.doubled_walls(case), case.path)
    h, w = image.shape[:2]
    left, right = _moved(image, d, d), _moved(image, -d, -d)
    mid = (case.layout["grid_bbox"][0] + case.layout["grid_bbox"][2]) // 2
    x = np.arange(w, dtype=np.float32)
    blend = np.clip((x - (mid - case.layout["cell_px"] // 4)) / max(1, case.layout["cell_px"] // 2), 0, 1)
    bent = (left * (1 - blend)[None, :, None] + right * blend[None, :, None]).astype(np.uint8)
    v = _verify_in_frame(case, bent)
    assert v.needs_review, (v.score, v.codes[:4], v.parsed)
    assert v.parsed.get("lattice_doubt"), v.parsed


def test_a_route_drawn_straight_through_a_wall_on_a_page_on_its_lattice_is_a_sure_crossing(case):
    """A red route drawn straight over one wall, the walls on their lines: the crossing is named and the
    verdict is sure (rubric 8 sent every route found through a wall to review)."""
    s = case.layout["cell_px"]
    cells, _ = audit.through_one_wall(case)
    image = case.input.copy()
    audit.pen_line(image, audit.densify(audit.centres(case.layout, cells)), (220, 30, 30), max(3, s // 9))
    v = _verify_in_frame(case, image)
    assert v.status == Status.INCORRECT and v.score < 100 and "wall_crossed" in v.codes, (v.score, v.codes)
    assert _confident(v), (v.codes, v.parsed)


def test_a_crossing_on_a_page_bent_onto_two_lines_goes_to_review(case):
    """The route through one wall of a double-line maze whose page was bent onto different lines: caught,
    and unsure (rubric 8: not_a_route, a confident 0 for the wrong reason)."""
    d = _line_offset(case)
    cells, _ = audit.through_one_wall(case)
    image = _ballpoint(case, audit.doubled_walls(case), cells)
    left, right = _moved(image, d, d), _moved(image, -d, -d)
    mid = (case.layout["grid_bbox"][0] + case.layout["grid_bbox"][2]) // 2
    x = np.arange(image.shape[1], dtype=np.float32)
    blend = np.clip((x - (mid - case.layout["cell_px"] // 4)) / max(1, case.layout["cell_px"] // 2), 0, 1)
    bent = (left * (1 - blend)[None, :, None] + right * blend[None, :, None]).astype(np.uint8)
    v = _verify_in_frame(case, bent)
    assert v.status != Status.CORRECT and v.score < 100 and v.needs_review, (v.score, v.codes[:4], v.parsed)


# ------------------------------------------------------------------------------------- guards


def test_a_black_route_hidden_by_the_black_wall_it_crosses_stays_unsure(case):
    """A black route through a black wall: where it crosses, its ink is the wall's, and the crossing is the
    join of the two dark strokes either side of the bar -- caught, and still sent to review (both rubrics)."""
    s = case.layout["cell_px"]
    cells, _ = audit.through_one_wall(case)
    image = case.input.copy()
    audit.pen_line(image, audit.densify(audit.centres(case.layout, cells)), (15, 15, 15), max(3, s // 9))
    v = _verify_in_frame(case, image)
    assert v.status != Status.CORRECT and v.score < 100, (v.score, v.codes)
    if "wall_crossed" in v.codes:
        assert v.needs_review, (v.codes, v.parsed)


def test_a_route_through_a_double_line_wall_registered_off_is_still_a_crossing(case):
    """The route through one wall of a double-line maze, the page one line off: never a pass, the wall
    named (passes on both rubrics: rubric 8 read the page as not_a_route)."""
    d = _line_offset(case)
    cells, _ = audit.through_one_wall(case)
    image = _moved(_ballpoint(case, audit.doubled_walls(case), cells), d, d)
    v = _verify_in_frame(case, image)
    assert v.status != Status.CORRECT and v.score < 100, (v.score, v.codes)


def test_an_aligned_answer_is_used_as_registered(case):
    """Walls on their lines (the reference, the unchanged input): the answer is not resampled, and the
    reference scores 100, the input the rubric minimum."""
    from genpuzzle.verifiers.maze import align_to_lattice

    th = get_track(case.record.track).rubric["thresholds"]
    for image in (case.reference, case.input):
        moved, info = align_to_lattice(image, case.input, case.layout, case.maze, th)
        assert moved is image and "lattice_shift_px" not in info and "lattice_doubt" not in info
    assert _verify_in_frame(case, case.reference.copy()).score == 100
    assert _verify_in_frame(case, case.input.copy()).score == 0


def test_the_unchanged_input_registered_off_is_still_the_rubric_minimum(case):
    """The unchanged input, left 0.16 cell off: no route, 0 (passes on both rubrics)."""
    d = max(4, int(round(0.16 * case.layout["cell_px"])))
    v = _verify_in_frame(case, _moved(case.input.copy(), d, -d))
    assert v.score == 0 and v.status != Status.CORRECT, (v.score, v.codes)
