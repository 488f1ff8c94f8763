"""Twenty-ninth session (issue 13, rubric 60): a stain on the page is paper, its tint and its tide line alike.

A dried coffee or water stain tints the paper and everything on it by one colour, darkest along its tide line: a soft
brown curve the most-darkened channel reads as ink. An error-free page under one went to review or was charged a stray
mark (HELDOUT20's water stain: its 5x5 and 10x10 pages). ``cells.remove_stain_tint`` takes the stain's tint out of the
mark map where a pixel's colour runs along it; grey and coloured ink of another hue keep their darkness.

The stain drawn here is a coffee cup's ring (a ring with a weaker inside, uneven along its round, a second ring beside
it), not HELDOUT20's water stain (a blob with one tide line), which the rule was built on. A tint over much of the
page (a tinted card) and shades of coloured paper (a blueprint seen inverted: light blue paper, more saturated in the
middle) are the page's own paper, no stain.
"""
from __future__ import annotations

import importlib.util
import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.registry import get_track
from genpuzzle.verifiers import cells

REPO = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("validity_checks", REPO / "tools" / "validity_checks.py")
checks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(checks)  # draw_page_mark, photographed

COFFEE_INSIDE = np.array([0.025, 0.055, 0.10], np.float32)  # the tint's depth per channel inside the ring ...
COFFEE_RING = np.array([0.10, 0.19, 0.29], np.float32)  # ... and along the ring at its darkest


def _around(page: Image.Image, centre: tuple[float, float]):
    """The page as float RGB, with each pixel's x, y, distance and angle from ``centre``."""
    a = np.asarray(page, np.float32)
    h, w = a.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    cx, cy = centre
    return a, xx, yy, np.hypot(xx - cx, yy - cy), np.arctan2(yy - cy, xx - cx)


def _coffee_ring(page: Image.Image, centre: tuple[float, float], radius: float, seed: int) -> Image.Image:
    """The page under a coffee cup's ring: a ring ~4 px wide, uneven along its round, a fainter second ring a little
    off it, and a weak tint inside; multiplied into everything on the page."""
    rng = np.random.default_rng(seed)
    a, xx, yy, d, angle = _around(page, centre)
    cx, cy = centre
    phase = rng.uniform(0, 2 * np.pi, 3)
    uneven = 0.65 + 0.35 * np.cos(angle + phase[0]) * np.cos(2 * angle + phase[1])
    ring = uneven * np.exp(-((d - radius) / 2.2) ** 2)
    d2 = np.hypot(xx - cx - 0.08 * radius, yy - cy + 0.05 * radius)
    ring2 = 0.45 * (0.6 + 0.4 * np.cos(angle + phase[2])) * np.exp(-((d2 - 1.04 * radius) / 1.8) ** 2)
    inside = np.clip((radius - d) / 3.0, 0, 1)
    f = 1 - inside[..., None] * COFFEE_INSIDE - np.clip(ring + ring2, 0, 1)[..., None] * COFFEE_RING
    return Image.fromarray(np.clip(a * f, 0, 255).astype(np.uint8))


def _marked_reference(p, kind: str) -> tuple[Image.Image, list[tuple[float, float]]]:
    """The puzzle's reference with the page-marks check's mark ``kind`` in every empty cell, and those cells' centres."""
    x0, y0 = p.layout["grid_bbox"][:2]
    cp = p.layout["cell_px"]
    centres = [(x0 + (c + 0.5) * cp, y0 + (r + 0.5) * cp)
               for r, row in enumerate(p.ground_truth["solution"]) for c, v in enumerate(row) if not v]
    page = p.reference_images[0].convert("RGB").copy()
    d = ImageDraw.Draw(page)
    for cx, cy in centres:
        checks.draw_page_mark(d, kind, cx, cy, cp)
    return page, centres


def _stained_page(variant: str, seed: int, extra=None):
    """(puzzle, page): the reference with a grey X in every empty cell, a coffee ring over the empty cells' middle
    (``extra(draw, cell_centre, cp)`` draws more in an empty cell inside the ring first), photographed."""
    p = get_track("nonogram").generate(seed, variant)
    cp = p.layout["cell_px"]
    page, centres = _marked_reference(p, "x")
    centre = centres[len(centres) // 2]
    if extra is not None:
        extra(ImageDraw.Draw(page), centre, cp)
    page = _coffee_ring(page, (centre[0] + 0.3 * cp, centre[1] - 0.2 * cp), 1.6 * cp, seed)
    rng = np.random.default_rng(seed)
    return p, checks.photographed(page, float(rng.uniform(-1.2, 1.2)), float(rng.uniform(0.9, 1.1)))


@pytest.mark.parametrize("variant,seed", [("5x5", 601), ("5x5", 602), ("10x10", 603), ("10x10", 604)])
def test_a_coffee_ring_on_a_right_answer_is_paper(variant, seed):
    p, page = _stained_page(variant, seed)
    v = genpuzzle.verify(p, page)
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes,
                                                          v.extra.get("unsure_cells", [])[:2])


def _scribble(d: ImageDraw.ImageDraw, centre: tuple[float, float], cp: float, fill) -> None:
    cx, cy = centre
    d.line([(cx - 0.3 * cp, cy - 0.25 * cp), (cx - 0.05 * cp, cy + 0.3 * cp), (cx + 0.1 * cp, cy - 0.3 * cp),
            (cx + 0.3 * cp, cy + 0.25 * cp)], fill=fill, width=max(2, round(cp / 14)))


@pytest.mark.parametrize("variant,seed", [("5x5", 601), ("10x10", 603)])
@pytest.mark.parametrize("fill", [(70, 70, 70), (140, 96, 60)], ids=["grey", "coffee-brown"])
def test_a_scribble_inside_the_ring_is_still_ink(variant, seed, fill):
    # a stroke in the stain's own hue is lightened by the stain's strength at most: still a mark, never paper
    p, page = _stained_page(variant, seed, lambda d, c, cp: _scribble(d, c, cp, fill))
    v = genpuzzle.verify(p, page)
    assert v.status != Status.CORRECT and not (v.score == 100 and not v.needs_review), (v.status, v.score, v.codes)


def _maps(page: np.ndarray, cp: float):
    return cells.darkness_maps(page, cp, bands=True, stains=False), cells.darkness_maps(page, cp, bands=True,
                                                                                        stains=True)


def test_no_stain_leaves_the_map_alone():
    p = get_track("nonogram").generate(605, "10x10")
    page, _ = _marked_reference(p, "dot")
    buf = io.BytesIO()
    page.save(buf, "JPEG", quality=85)
    page = np.asarray(Image.open(buf).convert("RGB"))
    (m0, t0), (m1, t1) = _maps(page, p.layout["cell_px"])
    assert np.array_equal(m0, m1) and np.array_equal(t0, t1)


def test_ink_of_another_hue_on_the_stain_keeps_its_darkness():
    cp = 40.0
    page = Image.new("RGB", (400, 400), (252, 252, 250))
    d = ImageDraw.Draw(page)
    d.rectangle([150, 150, 190, 190], fill=(40, 90, 200))  # a blue fill inside the ring
    d.line([(210, 150), (250, 190)], fill=(90, 90, 90), width=3)  # a grey stroke inside it
    d.line([(150, 215), (200, 215)], fill=(200, 40, 40), width=3)  # a red one
    stained = np.asarray(_coffee_ring(page, (200, 200), 100, 1))
    (m0, _), (m1, _) = _maps(stained, cp)
    (clean, _), _ = _maps(np.asarray(page), cp)
    assert m1[140:200, 140:200].max() >= 150 and abs(int(m1[170, 170]) - int(m0[170, 170])) <= 3  # blue: untouched
    assert abs(int(m1[215, 175]) - int(m0[215, 175])) <= 3  # red: untouched
    assert abs(int(m1[170, 230]) - int(clean[170, 230])) <= 12  # grey: its own darkness, the stain's taken out
    ring = m0[95:105, 195:205].max()  # the ring's top, on paper
    assert ring >= 40 and m1[95:105, 195:205].max() <= 20, (ring, m1[95:105, 195:205].max())


def test_a_tint_over_much_of_the_paper_is_no_stain():
    # a pale yellow card under the left half of the grid (two fifths of the page's paper): the page's own paper, not a
    # blemish on it (STAIN_SHARE); its yellow strokes keep their darkness
    p = get_track("nonogram").generate(605, "10x10")
    page = p.reference_images[0].convert("RGB")
    w, h = page.size
    a = np.asarray(page, np.float32).copy()
    a[:, : int(0.45 * w)] *= np.array([1.0, 0.97, 0.88], np.float32)
    card = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    ImageDraw.Draw(card).line([(0.1 * w, 0.9 * h), (0.3 * w, 0.9 * h)], fill=(230, 190, 60), width=3)
    (m0, _), (m1, _) = _maps(np.asarray(card), p.layout["cell_px"])
    assert np.array_equal(m0, m1)


def test_shades_of_coloured_paper_are_no_stain():
    # light blue paper, more saturated towards the middle (a blueprint seen inverted, a tinted sheet): its own shades,
    # not a stain (STAIN_PAPER_TINT); its pale blue marks keep their darkness
    p = get_track("nonogram").generate(605, "10x10")
    page, _ = _marked_reference(p, "x")
    a = np.asarray(page, np.float32)
    h, w = a.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    middle = np.exp(-(((xx - w / 2) / (0.3 * w)) ** 2 + ((yy - h / 2) / (0.3 * h)) ** 2))
    blue = np.array([0.66, 0.72, 1.0], np.float32) - middle[..., None] * np.array([0.08, 0.06, 0.0], np.float32)
    sheet = np.clip(a * blue, 0, 255).astype(np.uint8)
    (m0, _), (m1, _) = _maps(sheet, p.layout["cell_px"])
    assert np.array_equal(m0, m1)
