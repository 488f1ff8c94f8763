"""The given page frame moved by a page's perspective is the frame (math_proof rubric 14, twenty-second session).

Tilt check seed 23400: a construction reference under 3 % perspective (on its canvas, and on a page with a 4 %
margin) registers with the grey page frame's right side 10-18 px off its given place (the figure in the middle
registers within a tolerance; a projective fit on it does not reach the page's edge): 678 px (60 px with the
margin) of ``extra_ink`` along the frame, 96.3 / 99 ``incorrect``. The frame is now found on the answer as one
straight line per side within three tolerances of its given place (:func:`frame_zone`), read only where the
answer's page is observed. A line drawn beside the kept frame (black, or in the frame's grey) or a mark beside
the moved frame is still new ink.
"""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from genpuzzle import page_perturb as pp, perturb
from genpuzzle.dataset import load_set, write_set
from genpuzzle.evaluate import verify_answer
from genpuzzle.records import Status


@pytest.fixture(scope="module")
def instance(tmp_path_factory):
    root = tmp_path_factory.mktemp("frame22") / "set"
    write_set(root, {"math_proof": 1}, 23400)
    record = next(r for r in load_set(root).records if r.variant == "construction")
    reference = np.asarray(Image.open(root / record.reference_images[0]).convert("RGB"))
    return root, record, reference


def _verify(instance, page: np.ndarray, name: str, tmp_path):
    root, record, _ = instance
    path = tmp_path / name
    Image.fromarray(page).save(path, **({"quality": 85} if name.endswith(".jpg") else {}))
    return verify_answer(str(root), record, path)


def _tilted(reference: np.ndarray, margin: bool) -> np.ndarray:
    if margin:
        m = round(0.04 * max(reference.shape[:2]))
        return pp.perspective(perturb.pad(reference, m, m, m, m, (255, 255, 255)), 0.03, seed=23409 + 7)[0]
    return pp.perspective(reference, 0.03, seed=23409)[0]


@pytest.mark.parametrize("margin", [False, True])
def test_a_reference_in_perspective_keeps_its_frame(instance, tmp_path, margin):
    v = _verify(instance, _tilted(instance[2], margin), "tilted.jpg", tmp_path)
    assert v.score == 100 and v.status is Status.CORRECT, v.violations


def _with_line(reference: np.ndarray, x: int, colour, width: int = 2) -> np.ndarray:
    img = Image.fromarray(reference.copy())
    ImageDraw.Draw(img).line([(x, 60), (x, 580)], fill=colour, width=width)
    return np.asarray(img)


@pytest.mark.parametrize("colour", [(20, 20, 20), (150, 150, 150)])
def test_a_line_drawn_beside_the_kept_frame_is_new_ink(instance, tmp_path, colour):
    """A second frame line 14 px inside the kept one, black or in the frame's own grey: two lines, not the frame
    moved."""
    w = instance[2].shape[1]
    v = _verify(instance, _with_line(instance[2], w - 9 - 14, colour), "beside.png", tmp_path)
    assert v.score < 100 and "extra_ink" in v.codes, (v.score, v.violations)


def test_a_mark_beside_the_moved_frame_is_new_ink(instance, tmp_path):
    """The tilted page with a short scribble 8 px inside its moved right frame side."""
    page = Image.fromarray(_tilted(instance[2], False))
    a = np.asarray(page.convert("L"))
    y = 300
    xs = np.flatnonzero(a[y, 560:] < 200)
    x = 560 + int(xs[-1]) - 10
    ImageDraw.Draw(page).line([(x, y - 12), (x - 8, y), (x, y + 4), (x - 9, y + 14)], fill=(30, 30, 40), width=2)
    v = _verify(instance, np.asarray(page), "marked.jpg", tmp_path)
    assert v.score < 100 or v.needs_review, (v.score, v.violations)
