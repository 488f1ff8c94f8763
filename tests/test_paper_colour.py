"""The shared paper colour (``cells._paper_colour``, used by ``cells.darkness_maps`` and
``genpuzzle.ink.channel_darkness``): the lightest of the page's large bright colours, not simply the most
frequent one -- a fill can cover as much of the page as the paper (twelfth session: a math_proof shading of 8/9
read its blue as the paper and the white paper as ink)."""

from __future__ import annotations

import cv2
import numpy as np

from genpuzzle.perturb import model_like
from genpuzzle.verifiers.cells import _paper_colour, darkness_maps

BLUE = (120, 160, 230)  # math_proof's shading


def _page(paper=(255, 255, 255), fill=BLUE, fill_box=(80, 90, 560, 570), blank_cell=True, size=640) -> np.ndarray:
    """A page of ``paper`` with ``fill`` over ``fill_box`` (a 4 x 4 grid's 15 cells when ``blank_cell``: the
    bottom-right cell is left paper, as math_proof draws a shading of 15/16) and grey grid lines."""
    page = np.full((size, size, 3), paper, np.uint8)
    x0, y0, x1, y1 = fill_box
    page[y0:y1, x0:x1] = fill
    w, h = (x1 - x0) // 4, (y1 - y0) // 4
    if blank_cell:
        page[y0 + 3 * h:y1, x0 + 3 * w:x1] = paper
    for k in range(5):
        cv2.line(page, (x0 + k * w, y0), (x0 + k * w, y1), (150, 150, 150), 2)
        cv2.line(page, (x0, y0 + k * h), (x1, y0 + k * h), (150, 150, 150), 2)
    return page


def _close(colour, expected, tol=3.0) -> bool:
    return bool(np.abs(np.asarray(colour, float) - np.asarray(expected, float)).max() <= tol)


def test_a_fill_covering_more_of_the_page_than_the_paper_is_not_the_paper():
    """15/16 of a 480 px grid on a 640 px page: the blue covers 51 % of the page, the white paper 46 %. The most
    frequent bright colour is the blue (the rule before: white paper then read darkness ~82 in its blue
    channel); the paper is the lighter one, on a clean page and redrawn as an image model returns it."""
    page = _page()
    assert _close(_paper_colour(page), (255, 255, 255))
    redrawn = model_like(page, 0)  # off-white paper (250, 246, 236), blur, noise, JPEG 75
    assert _close(_paper_colour(redrawn), (249, 246, 235), 4)
    mark, _ = darkness_maps(redrawn, 160)
    assert np.percentile(mark[:60, :], 99) < 20  # the margin is paper, not ink
    assert np.median(mark[100:380, 100:380]) > 60  # the fill is still ink


def test_a_saturated_fill_on_greyish_photographed_paper_is_not_the_paper():
    """A yellow fill (darkest channel 0) covering more than a photographed page's grey paper."""
    page = _page(paper=(200, 198, 190), fill=(250, 215, 0))
    assert _close(_paper_colour(page), (200, 198, 190))


def test_the_modal_paper_is_kept_when_it_is_the_paper():
    """Tinted paper with a small fill, a page whose larger part lies in shadow (the lighter part is the same
    paper, the modal colour is kept, as before), and a page without bright pixels (white)."""
    tinted = _page(paper=(245, 235, 210), fill_box=(200, 200, 380, 380))
    assert _close(_paper_colour(tinted), (245, 235, 210))
    shadowed = np.full((640, 640, 3), (240, 236, 226), np.uint8)
    shadowed[:, 250:] = (200, 196, 188)  # the same paper in shadow, 61 % of the page
    assert _close(_paper_colour(shadowed), (200, 196, 188))
    assert _close(_paper_colour(np.full((50, 50, 3), 20, np.uint8)), (255, 255, 255))


def test_a_fill_smaller_than_half_the_paper_never_changes_the_paper():
    """A lighter colour counts only when it covers at least half as much as the most frequent one: a white
    label on tinted paper is not the paper."""
    page = np.full((640, 640, 3), (240, 230, 200), np.uint8)
    page[40:200, 40:400] = 255  # 14 % of the page
    assert _close(_paper_colour(page), (240, 230, 200))
