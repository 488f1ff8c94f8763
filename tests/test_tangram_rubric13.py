"""Tangram rubric 13 (seventeenth session): the misses of the sixteenth session's blind family AUDIT16
(``tests/audit_tangram16.py``, no longer blind).

* Pieces drawn smaller about their own centres with the black silhouette showing between them read as
  pieces with black outlines and passed (10 false passes): an outline drawn with one pen insets every
  piece's colour alike, a piece drawn at scale s insets it by (1 - s) x its inradius; the shape reading now
  measures that (``piece_scaled``).
* A second square left in the tray beside a complete tiling passed (the input's ink, which the stray-mark
  check does not charge): a piece still in its tray place is ``piece_left_in_tray``.
* The whole tiling, silhouette and pieces, redrawn 6 % larger or smaller failed confidently (24 of 24): it is
  read again at the one scale it was redrawn at and passes; pieces alone redrawn smaller inside the
  unchanged silhouette (its black rim showing) still fail."""

from __future__ import annotations

import genpuzzle
import pytest
from genpuzzle.records import Status
from shapely import affinity
from shapely.geometry import Polygon

import audit_tangram16 as A

STYLES = {s.name: s for s in A.STYLES}


@pytest.fixture(scope="module")
def puzzle():
    return genpuzzle.generate("tangram", 7, "medium")


def _passed(verdict) -> bool:
    return verdict.score == 100 and verdict.status == Status.CORRECT and not verdict.needs_review


@pytest.mark.parametrize("style", ["u_soft_shadow_label", "u_dark_mode", "u_photo_shadow", "u_paper_seams",
                                   "u_bevel_3d"])
def test_pieces_drawn_smaller_with_the_silhouette_showing_between_them_never_pass(puzzle, style):
    answer = ({n: affinity.scale(p, 0.85, 0.85, origin="centroid") for n, p in A.solution(puzzle).items()}, [])
    verdict = genpuzzle.verify(puzzle, A.paint(puzzle, None, answer, STYLES[style], 11))
    assert verdict.status != Status.CORRECT and verdict.score < 100, verdict.codes
    assert {"piece_scaled", "silhouette_uncovered", "piece_deformed"} & set(verdict.codes), verdict.codes


@pytest.mark.parametrize("style", ["u_soft_shadow_label", "u_paper_seams", "u_bevel_3d", "u_dark_mode"])
def test_a_second_square_left_in_the_tray_is_a_piece_left_in_the_tray(puzzle, style):
    tray = {p["name"]: Polygon(p["polygon"]) for p in puzzle.ground_truth["pieces"]}
    answer = (A.solution(puzzle), [("square", tray["square"])])
    verdict = genpuzzle.verify(puzzle, A.paint(puzzle, None, answer, STYLES[style], 12))
    assert verdict.status == Status.INCORRECT and verdict.score < 100, verdict.codes
    assert "piece_left_in_tray" in verdict.codes, verdict.codes
    left = verdict.violations[verdict.codes.index("piece_left_in_tray")]
    assert left.evidence["piece"] == "square"


@pytest.mark.parametrize("seed", [13, 14])  # odd: 6 % larger, even: 6 % smaller
@pytest.mark.parametrize("style", ["u_rescaled_silhouette"])
def test_the_whole_tiling_redrawn_at_another_scale_passes(puzzle, style, seed):
    verdict = genpuzzle.verify(puzzle, A.paint(puzzle, None, (A.solution(puzzle), []), STYLES[style], seed))
    assert _passed(verdict), verdict.codes
    assert abs(verdict.extra["rescaled"] - (1.06 if seed % 2 else 0.94)) < 0.015, verdict.extra


def test_a_rescaled_tiling_with_an_error_still_fails(puzzle):
    """The rescaled reading counts only as a tiling with no violation: a large triangle left out of a
    tiling redrawn 6 % smaller is still caught."""
    polys = A.solution(puzzle)
    del polys["large_triangle_1"]
    verdict = genpuzzle.verify(puzzle, A.paint(puzzle, None, (polys, []), STYLES["u_rescaled_silhouette"], 14))
    assert verdict.status == Status.INCORRECT and "rescaled" not in verdict.extra, verdict.codes


def test_pieces_alone_drawn_smaller_inside_the_unchanged_silhouette_do_not_pass(puzzle):
    """The pieces tiled at 0.94 x about the silhouette's centre, the silhouette left at its size: its black
    rim shows round the tiling. The rescaled reading would fit, but the input's silhouette outside it is not
    paper: not a silhouette redrawn smaller."""
    sil = Polygon(puzzle.ground_truth["silhouette"]).centroid
    polys = {n: affinity.scale(p, 0.94, 0.94, origin=(sil.x, sil.y)) for n, p in A.solution(puzzle).items()}
    verdict = genpuzzle.verify(puzzle, A.paint(puzzle, None, (polys, []), STYLES["u_wood_grain"], 15))
    assert not _passed(verdict) and verdict.status != Status.CORRECT, verdict.codes
    assert "rescaled" not in verdict.extra
