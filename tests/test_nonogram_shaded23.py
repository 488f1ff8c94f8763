"""Twenty-third session (h23b): a cell shaded all over with a darker part drawn in it is a marked cell.

HELDOUT20's e-reader page draws its planted light cell as a pale whole cell with a darker corner triangle; the grey
screen lowers its contrast (tone 30-47, tinted 0.88, the tone's spread over 40), so the even-tone rule does not take
it and no shape rule does: the cell stayed unsure and 5 of 6 such answers went to review. A cell left unsure, shaded
over 0.85 of it at the shading level with 0.2 of it mark ink, SHADED_EXCESS darker than the empty cells around it (or
the page's, where fewer than 3 are near), is now filled (``cells._shaded_all_over``). Drawn in its own style here (a
pale blue cell with a darker lower-right half, not HELDOUT20's corner triangle): in an empty cell it breaks the cell's
lines (incorrect, not review); the solution's fills drawn so read filled (correct).
"""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from genpuzzle.records import InstanceRecord, Status
from genpuzzle.registry import get_track


def _case(size: str):
    track = get_track("nonogram")
    p = track.generate(23404, size)
    rec = InstanceRecord(id="s23", track="nonogram", variant=size, difficulty=p.difficulty, seed=1, instruction="",
                         input_image="", reference_images=[], edit_mask="", ground_truth=p.ground_truth,
                         layout=p.layout, scoring=p.scoring, track_version=track.version)
    return track, rec, np.asarray(p.input_image.convert("RGB")), p.reference_images[0].convert("RGB")


def _two_shades(d: ImageDraw.ImageDraw, layout, r: int, c: int) -> None:
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    cw, ch = (gx1 - gx0) / layout["cols"], (gy1 - gy0) / layout["rows"]
    x0, y0 = gx0 + c * cw, gy0 + r * ch
    k = 0.1 * cw
    d.rectangle([x0 + k, y0 + k, x0 + cw - k, y0 + ch - k], fill=(204, 212, 230))  # a pale blue whole cell
    d.polygon([(x0 + cw - k, y0 + k), (x0 + cw - k, y0 + ch - k), (x0 + k, y0 + ch - k)], fill=(140, 160, 196))


@pytest.mark.parametrize("size", ["5x5", "10x10", "15x15"])
def test_a_two_shade_cell_where_the_solution_is_empty_is_a_planted_fill(size):
    track, rec, inp, ref = _case(size)
    sol = np.asarray(rec.ground_truth["solution"])
    empties = list(zip(*np.nonzero(sol == 0)))
    r, c = (int(v) for v in empties[len(empties) // 2])
    page = ref.copy()
    _two_shades(ImageDraw.Draw(page), rec.layout, r, c)
    v = track.verify(rec, np.asarray(page), inp)
    assert v.status == Status.INCORRECT and not v.needs_review and v.score < 100, (v.codes, v.extra)
    assert {"row_clue_mismatch", "col_clue_mismatch"} & set(v.codes)


def test_fills_drawn_in_two_shades_read_filled():
    track, rec, inp, ref = _case("5x5")
    sol = np.asarray(rec.ground_truth["solution"])
    page = Image.fromarray(inp.copy())
    d = ImageDraw.Draw(page)
    for r, c in zip(*np.nonzero(sol == 1)):
        _two_shades(d, rec.layout, int(r), int(c))
    v = track.verify(rec, np.asarray(page), inp)
    assert v.status == Status.CORRECT and v.score == 100 and not v.needs_review, (v.codes, v.extra)
