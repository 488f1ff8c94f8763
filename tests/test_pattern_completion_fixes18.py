"""Eighteenth session: a bold caption above a pattern completion page is text, not a drawing beside the page.

The lead's spot check (``tools/validity_checks.py spot all 20600 3``) put "Here is the completed puzzle:" in bold
above a matrix_cells reference: the caption's two "t"s were read as solid figures beyond the page (``beside_page``,
score 33, review), because the 3x3 distance mask made the crossing of a "t"'s stem and bar span 0.62 of its box.
"""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from genpuzzle.evaluate import verify_image
from genpuzzle.page_perturb import caption
from genpuzzle.records import InstanceRecord, Status
from genpuzzle.registry import get_track

from genpuzzle.verifiers.pattern_completion import beside_page


def _instance(variant: str, seed: int):
    track = get_track("pattern_completion")
    puzzle = track.generate(seed, variant)
    record = InstanceRecord(id=f"f18-{variant}-{seed}", track=track.name, variant=variant,
                            difficulty=puzzle.difficulty, seed=seed, instruction="", input_image="",
                            reference_images=[], edit_mask="", ground_truth=puzzle.ground_truth,
                            layout=puzzle.layout, scoring=puzzle.scoring, track_version=track.version)
    return record, puzzle


def _verify(record, puzzle, image: np.ndarray):
    inp = np.asarray(puzzle.input_image.convert("RGB"))
    mask = np.asarray(puzzle.edit_mask) > 0
    return verify_image(record, image, inp, mask)


@pytest.mark.parametrize("variant,seed", [("matrix_cells", 20600), ("matrix_cells", 18), ("matrix_objects", 18)])
@pytest.mark.parametrize("height", [0.08, 0.1, 0.12])
def test_a_bold_caption_above_the_reference_passes(variant, seed, height):
    record, puzzle = _instance(variant, seed)
    reference = np.asarray(puzzle.reference_images[0].convert("RGB"))
    page, _ = caption(reference, "Here is the completed puzzle:", height=height, band=(238, 242, 238))
    verdict = _verify(record, puzzle, page)
    assert verdict.status == Status.CORRECT and verdict.score == 100 and not verdict.needs_review, (
        verdict.status, verdict.score, verdict.codes)


def test_a_caption_t_is_a_glyph_and_a_filled_square_a_drawing():
    """beside_page itself: the bold "t" that was a solid figure is a glyph; a filled square and a filled disc of
    the same height beside the page stay drawings."""
    record, puzzle = _instance("matrix_cells", 18)
    layout = record.layout
    inp = np.asarray(puzzle.input_image.convert("RGB"))
    h, w = inp.shape[:2]
    page, _ = caption(inp, "Here is the completed puzzle:", height=0.12, band=(238, 242, 238))
    top = page.shape[0] - h
    matrix = np.array([[1, 0, 0], [0, 1, -top], [0, 0, 1]], np.float64)  # answer px -> input px
    read = beside_page(page, matrix, False, inp.shape, layout["panel_px"], 45.0)
    assert read.drawings == [] and read.glyphs > 10
    marked = Image.fromarray(page)
    draw = ImageDraw.Draw(marked)
    side = 14
    draw.rectangle([6, top // 2 - side // 2, 6 + side, top // 2 + side // 2], fill=(10, 10, 10))
    draw.ellipse([w - 8 - side, top // 2 - side // 2, w - 8, top // 2 + side // 2], fill=(10, 10, 10))
    read = beside_page(np.asarray(marked), matrix, False, inp.shape, layout["panel_px"], 45.0)
    assert len(read.drawings) == 2, read.drawings
