"""Twenty-fourth session (h24c, rubric 50): a thick frame broken at its side middles is an outlined fill.

HELDOUT20 plants its extra_outline cell in four styles as four heavy corner brackets: the patch reader saw every
corner inked (0.56-1.0), a blank centre, cover 0.38-0.55 and the side middles open (< SIDE_COVERED), so neither the
outlined-fill rule (which asks for the four side middles) nor any mark for an empty cell took it: 22 planted errors in
review. ``cells._classify_by_layout`` now reads such a cell filled (evidence ``corner_frame``) when its edges run along
the sides (an X drawn as its outline runs along the diagonals and is read crossed first). Drawn in its own styles here
(round-capped L brackets in purple; a thick frame with its side middles rubbed out, in dark green): in an empty
solution cell the answer is incorrect by its lines' clues, not in review. A ring, a diamond, an X or thin brackets set
in from the corners are no such frame.
"""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from genpuzzle.records import InstanceRecord, Status
from genpuzzle.registry import get_track
from genpuzzle.verifiers import cells as cells_mod


def _case(size: str, seed: int = 24503):
    track = get_track("nonogram")
    p = track.generate(seed, size)
    rec = InstanceRecord(id="b24", track="nonogram", variant=size, difficulty=p.difficulty, seed=1, instruction="",
                         input_image="", reference_images=[], edit_mask="", ground_truth=p.ground_truth,
                         layout=p.layout, scoring=p.scoring, track_version=track.version)
    return track, rec, np.asarray(p.input_image.convert("RGB")), p.reference_images[0].convert("RGB")


def _cell(layout, r: int, c: int):
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    cw, ch = (gx1 - gx0) / layout["cols"], (gy1 - gy0) / layout["rows"]
    return gx0 + c * cw, gy0 + r * ch, cw, ch


def _round_brackets(d: ImageDraw.ImageDraw, layout, r: int, c: int, inset: float = 0.1, width: float = 0.17,
                    arm: float = 0.09) -> None:
    """Four L brackets with round caps, one in each corner."""
    x0, y0, cw, ch = _cell(layout, r, c)
    w = max(2, round(width * cw))
    for sx, sy in ((0, 0), (1, 0), (0, 1), (1, 1)):
        cx = x0 + (inset + w / (2 * cw)) * cw if sx == 0 else x0 + cw - (inset + w / (2 * cw)) * cw
        cy = y0 + (inset + w / (2 * ch)) * ch if sy == 0 else y0 + ch - (inset + w / (2 * ch)) * ch
        dx = arm * cw if sx == 0 else -arm * cw
        dy = arm * ch if sy == 0 else -arm * ch
        d.line([(cx + dx, cy), (cx, cy), (cx, cy + dy)], fill=(92, 40, 124), width=w, joint="curve")
        for px, py in ((cx + dx, cy), (cx, cy + dy)):
            d.ellipse([px - w / 2, py - w / 2, px + w / 2, py + w / 2], fill=(92, 40, 124))


def _rubbed_frame(d: ImageDraw.ImageDraw, layout, r: int, c: int) -> None:
    """A thick frame drawn in the cell, its four side middles rubbed out to the paper."""
    x0, y0, cw, ch = _cell(layout, r, c)
    k, t = 0.08, 0.2
    d.rectangle([x0 + k * cw, y0 + k * ch, x0 + (1 - k) * cw, y0 + (1 - k) * ch], fill=(30, 96, 52))
    d.rectangle([x0 + (k + t) * cw, y0 + (k + t) * ch, x0 + (1 - k - t) * cw, y0 + (1 - k - t) * ch],
                fill=(255, 255, 255))
    g = 0.3
    d.rectangle([x0 + (0.5 - g / 2) * cw, y0 + k * ch - 1, x0 + (0.5 + g / 2) * cw, y0 + (1 - k) * ch + 1],
                fill=(255, 255, 255))
    d.rectangle([x0 + k * cw - 1, y0 + (0.5 - g / 2) * ch, x0 + (1 - k) * cw + 1, y0 + (0.5 + g / 2) * ch],
                fill=(255, 255, 255))


DRAW = {"round_brackets": _round_brackets, "rubbed_frame": _rubbed_frame}


def _empty_cell(rec):
    sol = np.asarray(rec.ground_truth["solution"])
    empties = list(zip(*np.nonzero(sol == 0)))
    return tuple(int(v) for v in empties[len(empties) // 2])


@pytest.mark.parametrize("kind", sorted(DRAW))
@pytest.mark.parametrize("size", ["5x5", "10x10", "15x15"])
def test_a_frame_broken_at_its_side_middles_in_an_empty_cell_is_a_planted_fill(size, kind):
    track, rec, inp, ref = _case(size)
    r, c = _empty_cell(rec)
    page = ref.copy()
    DRAW[kind](ImageDraw.Draw(page), rec.layout, r, c)
    v = track.verify(rec, np.asarray(page), inp)
    assert v.status == Status.INCORRECT and v.score < 100, (v.codes, v.extra)
    assert {"row_clue_mismatch", "col_clue_mismatch"} & set(v.codes)


def _patch_state(draw) -> tuple[str, dict]:
    side = 64
    img = Image.new("RGB", (side, side), (255, 255, 255))
    draw(ImageDraw.Draw(img), side)
    dark = 255.0 - np.asarray(img.convert("L"), np.float64)
    patch = cv2_resize(dark)
    state, _, ev = cells_mod.classify_patch(patch)
    return state, ev


def cv2_resize(dark: np.ndarray) -> np.ndarray:
    import cv2

    return cv2.resize(dark.astype(np.float32), (cells_mod.PATCH, cells_mod.PATCH), interpolation=cv2.INTER_AREA)


@pytest.mark.parametrize("name,draw", [
    ("ring", lambda d, s: d.ellipse([0.12 * s, 0.12 * s, 0.88 * s, 0.88 * s], outline=0, width=round(0.12 * s))),
    ("diamond", lambda d, s: d.polygon([(s / 2, 0.06 * s), (0.94 * s, s / 2), (s / 2, 0.94 * s), (0.06 * s, s / 2)],
                                       outline=0, width=round(0.12 * s))),
    ("heavy x", lambda d, s: (d.line([(0.05 * s, 0.05 * s), (0.95 * s, 0.95 * s)], fill=0, width=round(0.2 * s)),
                              d.line([(0.95 * s, 0.05 * s), (0.05 * s, 0.95 * s)], fill=0, width=round(0.2 * s)))),
    ("hollow x", lambda d, s: (d.line([(0.1 * s, 0.1 * s), (0.9 * s, 0.9 * s)], fill=0, width=round(0.3 * s)),
                               d.line([(0.9 * s, 0.1 * s), (0.1 * s, 0.9 * s)], fill=0, width=round(0.3 * s)),
                               d.line([(0.1 * s, 0.1 * s), (0.9 * s, 0.9 * s)], fill=255, width=round(0.12 * s)),
                               d.line([(0.9 * s, 0.1 * s), (0.1 * s, 0.9 * s)], fill=255, width=round(0.12 * s)))),
    ("thin inset brackets", lambda d, s: [d.line(pts, fill=0, width=2) for pts in (
        [(0.25 * s, 0.4 * s), (0.25 * s, 0.25 * s), (0.4 * s, 0.25 * s)],
        [(0.6 * s, 0.25 * s), (0.75 * s, 0.25 * s), (0.75 * s, 0.4 * s)],
        [(0.25 * s, 0.6 * s), (0.25 * s, 0.75 * s), (0.4 * s, 0.75 * s)],
        [(0.6 * s, 0.75 * s), (0.75 * s, 0.75 * s), (0.75 * s, 0.6 * s)])]),
])
def test_rings_diamonds_xs_and_thin_brackets_are_no_corner_frame(name, draw):
    state, ev = _patch_state(draw)
    assert state != cells_mod.FILLED and not ev.get("corner_frame"), (name, state, ev)


def test_the_corner_frame_patch_reads_filled():
    state, ev = _patch_state(lambda d, s: _round_brackets(d, {"grid_bbox": [0, 0, s, s], "rows": 1, "cols": 1}, 0, 0,
                                                          inset=0.0, arm=0.2))
    assert state == cells_mod.FILLED and ev.get("corner_frame"), ev
