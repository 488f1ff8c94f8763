"""Pattern-completion rubric 11: the misses of the sixteenth session's blind family (AUDIT16,
``tests/audit_pattern_completion16.py``), drawn here independently of the family on fresh instances and
checked through ``evaluate.verify_image`` (registration, then the verifier with the answer as returned).

- a second candidate drawn in a framed panel beside the page (beyond the input's frame, where registration
  drops it) is no clean pass: ``beside_page``, capped at tier 1, review (it scored 100 on rubric 10);
- the right answer with an "Answer: ..." label written beside the slot, starting in the page's margin and
  running on beyond the page, scores 100 (rubric 10 charged the label's first letters, cut by the page edge,
  as ``answer_outside_slot``: 66.7 incorrect);
- a counted straight line lying in faint shading on a noisy page (a screen photo's vignette) is still a line
  (rubric 10 dropped the line with the shading it joined: a count short, or nothing drawn).

Guards (pass on both rubrics): the reference scores 100, the unchanged input the minimum; a caption band
above the page and a page on a dark desk stay 100; a mark added at the page's edge with nothing beyond it is
still charged; the shading alone over an empty answer panel is still nothing drawn.
"""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from genpuzzle.evaluate import verify_image
from genpuzzle.records import InstanceRecord, Status
from genpuzzle.registry import get_track

DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
CASES = [("matrix_cells", 5101), ("matrix_objects", 5102), ("sequence", 5103), ("counting", 5104)]


def _instance(variant: str, seed: int):
    track = get_track("pattern_completion")
    puzzle = track.generate(seed, variant)
    record = InstanceRecord(id=f"f16-{variant}-{seed}", track=track.name, variant=variant,
                            difficulty=puzzle.difficulty, seed=seed, instruction="", input_image="",
                            reference_images=[], edit_mask="", ground_truth=puzzle.ground_truth,
                            layout=puzzle.layout, scoring=puzzle.scoring, track_version=track.version)
    return record, puzzle


def _verify(record, puzzle, image):
    inp = np.asarray(puzzle.input_image.convert("RGB"))
    mask = np.asarray(puzzle.edit_mask) > 0
    return verify_image(record, np.asarray(image.convert("RGB")), inp, mask)


def _widened(image: Image.Image, extra: int) -> Image.Image:
    out = Image.new("RGB", (image.width + extra, image.height), (255, 255, 255))
    out.paste(image.convert("RGB"), (0, 0))
    return out


def _passed(verdict) -> bool:
    return verdict.status == Status.CORRECT and verdict.score == 100 and not verdict.needs_review


@pytest.mark.parametrize("variant,seed", CASES)
def test_a_second_candidate_boxed_beside_the_page_is_no_pass(variant, seed):
    record, puzzle = _instance(variant, seed)
    layout = record.layout
    reference = puzzle.reference_images[0].convert("RGB")
    slot = layout["slot_panel"]
    x0, y0, x1, y1 = layout["panel_boxes"][slot]
    above = layout["panel_boxes"][slot - 3]  # the panel above the slot, as a model copying it would draw
    image = _widened(reference, int(x1 - x0) + 80)
    image.paste(reference.crop(tuple(int(v) for v in above)), (reference.width + 60, int(y0)))
    ImageDraw.Draw(image).text((reference.width + 14, (y0 + y1) / 2 - 12), "or",
                               font=ImageFont.truetype(DEJAVU, 22), fill=(0, 0, 0))
    verdict = _verify(record, puzzle, image)
    assert not _passed(verdict), (verdict.status, verdict.score, verdict.codes)
    assert "beside_page" in verdict.codes and verdict.needs_review and verdict.score <= 100 / 3 + 1e-6


@pytest.mark.parametrize("variant,seed", CASES)
def test_a_label_written_beside_the_slot_is_no_mark(variant, seed):
    record, puzzle = _instance(variant, seed)
    layout = record.layout
    reference = puzzle.reference_images[0].convert("RGB")
    x0, y0, x1, y1 = layout["panel_boxes"][layout["slot_panel"]]
    image = _widened(reference, 220)
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(DEJAVU, 18)
    draw.text((x1 + 10, y0 + (y1 - y0) * 0.35), "<- Answer:", font=font, fill=(25, 25, 25))
    draw.text((x1 + 10, y0 + (y1 - y0) * 0.35 + 24), "completes the rule", font=font, fill=(25, 25, 25))
    verdict = _verify(record, puzzle, image)
    assert _passed(verdict), (verdict.status, verdict.score, verdict.codes)


@pytest.mark.parametrize("variant,seed", CASES[:2])
def test_guards_ladder_caption_desk_and_an_edge_mark(variant, seed):
    record, puzzle = _instance(variant, seed)
    reference = puzzle.reference_images[0].convert("RGB")
    assert _passed(_verify(record, puzzle, reference))
    unchanged = _verify(record, puzzle, puzzle.input_image)
    assert unchanged.score == 0 and unchanged.status == Status.INCORRECT
    # a caption band above the page
    band = Image.new("RGB", (reference.width, reference.height + 60), (255, 255, 255))
    band.paste(reference, (0, 60))
    ImageDraw.Draw(band).text((12, 16), "Here is the completed pattern", font=ImageFont.truetype(DEJAVU, 22),
                              fill=(0, 0, 0))
    assert _passed(_verify(record, puzzle, band))
    # the page on a dark desk
    desk = Image.new("RGB", (reference.width + 120, reference.height + 90), (40, 36, 32))
    desk.paste(reference, (60, 45))
    assert _passed(_verify(record, puzzle, desk))
    # a blot at the page's right edge, in the margin beside the slot, with nothing beyond the page
    x0, y0, x1, y1 = record.layout["panel_boxes"][record.layout["slot_panel"]]
    blot = reference.copy()
    ImageDraw.Draw(blot).rectangle([reference.width - 14, (y0 + y1) / 2 - 10, reference.width - 1,
                                    (y0 + y1) / 2 + 10], fill=(0, 0, 0))
    verdict = _verify(record, puzzle, blot)
    assert not _passed(verdict) and "answer_outside_slot" in verdict.codes


def _shaded(record, base: Image.Image, strength: float = 65.0, radius: float = 0.45) -> Image.Image:
    """``base`` with a soft dark patch (``strength`` grey levels at its centre) over the answer panel's first
    line and Gaussian noise (sd 11) over the page: a screen photo's vignette on a noisy sensor."""
    page = np.asarray(base.convert("RGB")).astype(float)
    x0, y0, x1, y1 = record.layout["panel_boxes"][record.layout["slot_panel"]]
    side = x1 - x0
    (ax, ay), (bx, by) = record.ground_truth["figures"][5]["lines"][0]
    cx, cy = x0 + side * (ax + bx) / 2, y0 + side * (ay + by) / 2
    yy, xx = np.mgrid[0:page.shape[0], 0:page.shape[1]]
    shade = strength * np.clip(1 - np.hypot(xx - cx, yy - cy) / (radius * side), 0, 1) ** 0.5
    inside = (xx > x0 + 8) & (xx < x1 - 8) & (yy > y0 + 8) & (yy < y1 - 8)
    page = page - (shade * inside)[..., None] + np.random.default_rng(3).normal(0, 11.0, page.shape)
    return Image.fromarray(np.clip(page, 0, 255).astype(np.uint8))


@pytest.mark.parametrize("seed", [5203, 5204, 5209])
def test_a_line_in_faint_shading_on_a_noisy_page_is_still_counted(seed):
    record, puzzle = _instance("counting", seed)
    assert record.ground_truth["kind"] == "lines"
    verdict = _verify(record, puzzle, _shaded(record, puzzle.reference_images[0]))
    assert _passed(verdict), (verdict.status, verdict.score, verdict.codes, verdict.parsed.get("read"))
    # guard: the shading alone, nothing drawn
    empty = _verify(record, puzzle, _shaded(record, puzzle.input_image))
    assert not _passed(empty) and empty.score == 0, (empty.status, empty.score, empty.codes)
