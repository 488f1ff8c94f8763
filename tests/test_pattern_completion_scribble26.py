"""Twenty-sixth session (h26a, rubric 16): ink joined to a matrix_objects answer figure that its palette shape does
not account for is a mark.

The lead's scribble check (``tools/validity_checks.py scribble all 28500 1``) put a dark disc 13 px across in the
corner between the four black squares of a grid2x2 answer: it touched one square's corner and joined its silhouette,
the square still read as a square of the same size (0.859 of the slot for 0.842), and the answer passed at 100. The
opening of rubric 13 (``outward_marks``) drops only strokes up to ~7 px wide; a solid blob survives it. Now the
palette shape the figure reads as -- the regular polygon or circle of its type and read size, moved (and turned
within what still reads upright) to overlap the silhouette most -- accounts for the figure's ink, and ink further
than the page's pen + 2 px beyond it is a mark (``beyond_shape_marks``), for the inner figure of an ``in_out``
answer too. Marks drawn on this session's own pages (seeds >= 28600).
"""
from __future__ import annotations

import io

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw

from genpuzzle.records import Status
from test_pattern_completion_fixes18 import _instance, _verify

SEEDS = [28602, 28604, 28605, 28607, 28616, 28620]  # grid2x2, grid3x3 and center_single answers
IN_OUT_SEEDS = [28600, 28601, 28603]


def _figures(record, puzzle):
    """The answer panel's figures in the reference: (pixels xs, ys in image px) of each dark piece."""
    reference = np.asarray(puzzle.reference_images[0].convert("RGB"))
    x0, y0, x1, y1 = (int(round(v)) for v in record.layout["panel_boxes"][record.layout["slot_panel"]])
    pad = int(0.08 * (x1 - x0))
    crop = reference[y0 + pad:y1 - pad, x0 + pad:x1 - pad].min(axis=2) < 128
    count, labels, stats, _ = cv2.connectedComponentsWithStats(crop.astype(np.uint8), connectivity=8)
    out = []
    for k in range(1, count):
        if stats[k, cv2.CC_STAT_AREA] >= 50:
            ys, xs = np.nonzero(labels == k)
            out.append((xs + x0 + pad, ys + y0 + pad))
    return reference, out


def _blob_on(reference, xs, ys, angle: float, radius: int) -> np.ndarray:
    """A dark disc of ``radius`` touching the figure's edge from outside, in direction ``angle`` (degrees) from its
    centre."""
    t = np.radians(angle)
    d = np.cos(t) * (xs - xs.mean()) + np.sin(t) * (ys - ys.mean())
    j = int(np.argmax(d))
    cx, cy = xs[j] + (radius - 1) * np.cos(t), ys[j] + (radius - 1) * np.sin(t)
    page = Image.fromarray(reference.copy())
    ImageDraw.Draw(page).ellipse([cx - radius, cy - radius, cx + radius, cy + radius], fill=(40, 40, 40))
    return np.asarray(page)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("angle", [0, 90, 135, 270])
@pytest.mark.parametrize("radius", [5, 7])
def test_a_blob_joined_to_an_answer_figure_does_not_pass(seed, angle, radius):
    record, puzzle = _instance("matrix_objects", seed)
    reference, figures = _figures(record, puzzle)
    xs, ys = figures[0]
    verdict = _verify(record, puzzle, _blob_on(reference, xs, ys, angle, radius))
    assert not (verdict.score >= 100 and not verdict.needs_review), (verdict.status, verdict.score, verdict.codes)


@pytest.mark.parametrize("seed", IN_OUT_SEEDS)
@pytest.mark.parametrize("angle", [0, 90, 180, 270])
def test_a_blob_joined_to_an_in_out_answers_inner_figure_does_not_pass(seed, angle):
    record, puzzle = _instance("matrix_objects", seed)
    assert record.ground_truth["config"] == "in_out"
    reference, figures = _figures(record, puzzle)
    xs, ys = figures[-1]  # the inner figure (the outer one's outline comes first, top to bottom)
    verdict = _verify(record, puzzle, _blob_on(reference, xs, ys, angle, 6))
    assert not (verdict.score >= 100 and not verdict.needs_review), (verdict.status, verdict.score, verdict.codes)


@pytest.mark.parametrize("seed", SEEDS + IN_OUT_SEEDS)
@pytest.mark.parametrize("change", ["none", "jpeg30", "thicker", "turned2"])
def test_references_keep_passing(seed, change):
    """The palette shape accounts for a reference's figures drawn as they are, JPEG-ringed, a pen a px thicker, or
    turned 2 degrees in place."""
    record, puzzle = _instance("matrix_objects", seed)
    reference = puzzle.reference_images[0].convert("RGB")
    if change == "jpeg30":
        buf = io.BytesIO()
        reference.save(buf, "JPEG", quality=30)
        reference = Image.open(buf).convert("RGB")
    page = np.asarray(reference)
    if change == "thicker":
        page = cv2.erode(page, np.ones((3, 3), np.uint8))
    if change == "turned2":
        h, w = page.shape[:2]
        page = cv2.warpAffine(page, cv2.getRotationMatrix2D((w / 2, h / 2), 2.0, 1.0), (w, h),
                              flags=cv2.INTER_LINEAR, borderValue=(255, 255, 255))
    verdict = _verify(record, puzzle, page)
    assert "stray_marks" not in verdict.codes, verdict.codes
    if change == "none":
        assert verdict.status == Status.CORRECT and verdict.score == 100, (verdict.status, verdict.score, verdict.codes)
