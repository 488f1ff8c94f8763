"""Tangram rubric 12 (fifteenth session): paper outside the silhouette that the pieces' heavy outlines close in
(a notch of the silhouette whose mouth two acute tips meeting shut) is the page's paper, no drawn shape.

Found in the pen held-out family (``tests/tangram_answers.py``, master seed 4343, tangram-medium-00002 in
``black4_upscale_rotate_pen+2``): a right tiling read as a confident 67 (``extra_shape`` 0.44 unit^2 and
``spill_outside`` 0.24 unit^2: the shape reading's enclosed paper of rubric 10 took the notch for a face).
A shape drawn as an outline round paper outside the silhouette is still charged (its strokes are then a
``stray_mark``), and white paper closed in inside the silhouette is still a piece."""

from __future__ import annotations

import genpuzzle
import pytest
from genpuzzle.records import Status
from shapely.geometry import Polygon

from tangram_answers import PEN_HELDOUT_STYLES, _extra, _fills, paint, solution

NOTCH_CLOSED_BY_HEAVY_OUTLINES = (2419498658351438520, "medium")  # tangram-medium-00002 at master seed 4343


def _style(name: str):
    return {s.name: s for s in PEN_HELDOUT_STYLES}[name]


def test_a_notch_shut_by_heavy_outlines_is_paper_not_a_shape():
    puzzle = genpuzzle.generate("tangram", *NOTCH_CLOSED_BY_HEAVY_OUTLINES)
    verdict = genpuzzle.verify(puzzle, paint(puzzle, solution(puzzle), _style("black4_upscale_rotate_pen+2")))
    assert verdict.score == 100 and verdict.status == Status.CORRECT and not verdict.needs_review, verdict.codes


@pytest.mark.parametrize("style", ["black4_upscale_rotate_pen+2", "black3_texture_jpeg_pen+2"])
def test_a_shape_outlined_round_paper_outside_the_silhouette_is_still_charged(style):
    """An eighth shape that is no piece (a 1.2 x 0.6 unit rectangle) drawn as a black outline round a white
    inside, off the silhouette, beside a right tiling: no piece takes its paper face, which is now the page's
    paper, but its strokes are ink no piece explains (``stray_mark``)."""
    puzzle = genpuzzle.generate("tangram", *NOTCH_CLOSED_BY_HEAVY_OUTLINES)
    polys = _extra(puzzle)
    c, unit = polys.pop("extra_square").centroid, float(puzzle.layout["unit_px"])
    polys["extra_rect"] = Polygon([(c.x - 0.6 * unit, c.y - 0.3 * unit), (c.x + 0.6 * unit, c.y - 0.3 * unit),
                                   (c.x + 0.6 * unit, c.y + 0.3 * unit), (c.x - 0.6 * unit, c.y + 0.3 * unit)])
    fills = {**_fills(puzzle, _style(style)), "extra_rect": (255, 255, 255)}
    verdict = genpuzzle.verify(puzzle, paint(puzzle, polys, _style(style), fills))
    assert verdict.score < 100 and verdict.status != Status.CORRECT, verdict.codes
    assert "stray_mark" in verdict.codes, verdict.codes


def test_a_white_piece_inside_the_silhouette_is_still_read():
    """Paper closed in inside the silhouette is a face (rubric 10): a right tiling whose square is drawn as a
    white inside with the page's outline is never a confident pass (read from outlines: review; the notch's
    paper, a small triangle's size, then competes for a piece: 67 with review, as on rubric 11)."""
    puzzle = genpuzzle.generate("tangram", *NOTCH_CLOSED_BY_HEAVY_OUTLINES)
    style = _style("black4_upscale_rotate_pen+2")
    fills = {**_fills(puzzle, style), "square": (255, 255, 255)}
    verdict = genpuzzle.verify(puzzle, paint(puzzle, solution(puzzle), style, fills))
    assert not (verdict.score == 100 and verdict.status == Status.CORRECT and not verdict.needs_review), verdict.codes
    assert "piece_missing" not in verdict.codes, verdict.codes
