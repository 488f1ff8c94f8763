"""Registration of pages the twentieth session found unreadable although a person reads them without effort, and the
other direction: what is not the puzzle must not register.

1. A grid drawn only as marks at its crossings. HELDOUT18's graphite redraw draws the puzzle anew with cells 1.4x taller
   than wide, a "+" at each inner corner of the cells instead of grid lines, its own clue layout, in a picture frame:
   28 of its 36 answers were `unreadable` (no search reaches the redraw's proportions, and no fit shows the input's
   lines). The input's lattice is now placed on the answer's crossing marks when every search has failed
   (``registration._mark_fit``, method ``marks``).
2. A fit refused as another lattice's tiles is no fit: the retries a failed search meets (the page as an island of
   paper, ...) now run after it. A desk photo's 15x15 page with pebbled leather fills was refused 75 px off and
   `unreadable`, while the island retry registers it in place.
3. A located fit observes the page where the fit puts the input's frame, not the located spot's box: a redraw located at
   one scale and fitted in its own proportions left the top of its column clues unobserved (`needs_review`).

The synthetic pages are our own renderings (a plus grid with wide cells on plain paper, black fills, a caption), not the
answer family's."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

import genpuzzle
import genpuzzle.registration as registration
from genpuzzle.registration import register

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def _rgb(image) -> np.ndarray:
    return np.asarray(image.convert("RGB"))


def _plus_page(puzzle, wide: float = 1.25, tall: float = 0.95, arm: float = 0.13, caption: bool = True
               ) -> tuple[np.ndarray, np.ndarray]:
    """``puzzle`` solved and drawn anew: cells ``wide`` x ``tall`` of the input's cell (so another proportion), a "+" at
    every inner corner of the cells (arms ``arm`` of a cell), a bold frame, black fills inset in the solution's cells,
    its clues in another font and layout, a caption above; (answer, input -> answer affine)."""
    lay, truth = puzzle.layout, puzzle.ground_truth
    rows, cols, c = lay["rows"], lay["cols"], lay["cell_px"]
    cw, ch = c * wide, c * tall
    font = ImageFont.truetype(FONT, max(10, round(c * 0.36)))
    row_w = max(len(" ".join(map(str, r or [0]))) for r in truth["row_clues"]) * c * 0.26 + c * 0.5
    col_h = max(len(v or [0]) for v in truth["col_clues"]) * c * 0.45 + c * 0.4
    gx0, gy0 = round(30 + row_w), round(30 + col_h + (60 if caption else 0))
    W, H = round(gx0 + cols * cw + 30), round(gy0 + rows * ch + 30)
    img = Image.new("RGB", (W, H), (246, 246, 242))
    d = ImageDraw.Draw(img)
    if caption:
        d.text((20, 18), "Nonogram - solved", font=ImageFont.truetype(FONT, 26), fill=(30, 30, 30))
    for r, vals in enumerate(truth["row_clues"]):
        d.text((gx0 - c * 0.3, gy0 + (r + 0.5) * ch), " ".join(map(str, vals or [0])), font=font, fill=(20, 20, 20),
               anchor="rm")
    for k, vals in enumerate(truth["col_clues"]):
        for j, v in enumerate(reversed(vals or [0])):
            d.text((gx0 + (k + 0.5) * cw, gy0 - c * 0.3 - j * c * 0.45), str(v), font=font, fill=(20, 20, 20),
                   anchor="mb")
    inset = 0.1
    for r, row in enumerate(truth["solution"]):
        for k, filled in enumerate(row):
            if filled:
                d.rectangle([gx0 + (k + inset) * cw, gy0 + (r + inset) * ch, gx0 + (k + 1 - inset) * cw,
                             gy0 + (r + 1 - inset) * ch], fill=(28, 28, 30))
    a, lw = arm * min(cw, ch), max(2, round(c / 22))
    for i in range(1, cols):
        for j in range(1, rows):
            x, y = gx0 + i * cw, gy0 + j * ch
            d.line([(x - a, y), (x + a, y)], fill=(40, 40, 44), width=lw)
            d.line([(x, y - a), (x, y + a)], fill=(40, 40, 44), width=lw)
    d.rectangle([gx0, gy0, gx0 + cols * cw, gy0 + rows * ch], outline=(20, 20, 22), width=max(3, round(c / 12)))
    x0, y0, x1, y1 = lay["grid_bbox"]
    sx, sy = cols * cw / (x1 - x0), rows * ch / (y1 - y0)
    return np.asarray(img), np.array([[sx, 0, gx0 - sx * x0], [0, sy, gy0 - sy * y0], [0, 0, 1.0]])


def _corner_error(puzzle, reg, M: np.ndarray) -> float:
    x0, y0, x1, y1 = puzzle.layout["grid_bbox"]
    pts = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64)
    return float(np.abs(reg.source_points(pts) - (pts @ M[:2, :2].T + M[:2, 2])).max())


@pytest.mark.parametrize("seed,variant,wide,tall", [
    (5010, "10x10", 1.25, 0.95),  # every search failed before (`unreadable`)
    (5010, "10x10", 1.4, 0.95),
    (5020, "15x15", 1.3, 0.9),
    (5020, "15x15", 0.85, 1.2),
])
def test_a_plus_grid_page_in_its_own_proportions_registers_in_place(seed, variant, wide, tall):
    # (our 5x5 pages register through the whole-ink search, 4.4-5.2 px from their grid: not this fallback's case)
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    answer, M = _plus_page(puzzle, wide, tall)
    reg = register(answer, _rgb(puzzle.input_image), edit_mask=np.asarray(puzzle.edit_mask))
    assert reg.ok, reg.reason
    assert _corner_error(puzzle, reg, M) <= 2.0, reg.method
    # the registered page shows the solution's cells dark and the others light
    x0, y0, _, _ = puzzle.layout["grid_bbox"]
    c = puzzle.layout["cell_px"]
    grey = reg.image.astype(float).mean(axis=2)
    for r, row in enumerate(puzzle.ground_truth["solution"]):
        for k, filled in enumerate(row):
            m = grey[y0 + r * c + c // 3:y0 + r * c + 2 * c // 3, x0 + k * c + c // 3:x0 + k * c + 2 * c // 3].mean()
            assert (m < 100) == bool(filled), (r, k, m)


def test_another_sizes_plus_grid_does_not_register():
    # a lattice with more cells (midway marks), fewer cells (a larger lattice around: marks a cell past the frame
    # refute it) or cut out of a larger one: not the input's
    for seed_in, variant_in, seed_other, variant_other in ((5000, "5x5", 5010, "10x10"), (5010, "10x10", 5000, "5x5"),
                                                           (5010, "10x10", 5020, "15x15"),
                                                           (5020, "15x15", 5010, "10x10")):
        target = genpuzzle.generate("nonogram", seed_in, variant_in)
        other = genpuzzle.generate("nonogram", seed_other, variant_other)
        answer, _ = _plus_page(other)
        assert registration._mark_fit(answer, _rgb(target.input_image), np.asarray(target.edit_mask)) is None
        # (the whole-ink search itself takes the 10x10 page over the 5x5 input, at 0.70, as it took other 10x10 pages
        # before: docs/registration.md, known limits; the verifier fails it on its clues)
        reg = register(answer, _rgb(target.input_image), edit_mask=np.asarray(target.edit_mask))
        assert not reg.ok or variant_in == "5x5", (variant_other, variant_in, reg.method, reg.quality)
        assert reg.method != "marks"


def test_the_mark_fit_runs_only_when_every_search_failed(monkeypatch):
    # a page the searches register never reaches the fallback (it costs nothing there)
    def boom(*args, **kwargs):
        raise AssertionError("_mark_fit ran")

    monkeypatch.setattr(registration, "_mark_fit", boom)
    puzzle = genpuzzle.generate("nonogram", 5010, "10x10")
    answer = _rgb(puzzle.reference_images[0])
    answer = np.pad(answer, ((60, 0), (0, 0), (0, 0)), constant_values=255)  # a white caption band: a search runs
    reg = register(answer, _rgb(puzzle.input_image), edit_mask=np.asarray(puzzle.edit_mask))
    assert reg.ok and reg.method != "marks", reg.method


def _heldout18(name: str):
    from nonogram_heldout18 import HELDOUT18

    return next(s for s in HELDOUT18 if s.name == name)


def _plus_truth(puzzle, style, error: str, k: int) -> np.ndarray:
    """Input -> answer map of HELDOUT18's plus-grid redraw: its own grid box, inside the picture frame's mat."""
    from nonogram_heldout18 import draw_page18

    page, _, L = draw_page18(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, error, k)
    h, w = page.shape[:2]
    off = 40 + round(0.045 * max(w, h)) + round(0.06 * max(w, h))  # picture_frame: wall, moulding, mat
    gx0, gy0, gx1, gy1 = puzzle.layout["grid_bbox"]
    ax0, ay0, ax1, ay1 = L["grid_bbox"]
    sx, sy = (ax1 - ax0) / (gx1 - gx0), (ay1 - ay0) / (gy1 - gy0)
    return np.array([[sx, 0, ax0 + off - sx * gx0], [0, sy, ay0 + off - sy * gy0], [0, 0, 1.0]])


@pytest.mark.parametrize("seed,variant,k,error", [
    (5000, "5x5", 0, "x_instead"),
    (5010, "10x10", 0, "none"),
    (5021, "15x15", 1, "missing"),
])
def test_heldout18_plus_grid_redraw_registers_in_place(seed, variant, k, error):
    # HELDOUT18's own graphite redraw (open since this session), unreadable on the session-start code
    import nonogram_answers as na

    style = _heldout18("w_ikarius_graphite_frame_redrawplus")
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    answer = na.make_answer(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, error, seed=k)
    reg = register(answer, _rgb(puzzle.input_image), edit_mask=np.asarray(puzzle.edit_mask))
    assert reg.ok, reg.reason
    assert _corner_error(puzzle, reg, _plus_truth(puzzle, style, error, k)) <= 2.5, reg.method


def test_a_fit_refused_as_tiles_meets_the_retries():
    # HELDOUT18's desk photo, 15x15 k 1 `missing`: the plain fit (75 px off) is refused as another lattice's tiles;
    # the island retry then registers it in place
    import nonogram_answers as na

    style = _heldout18("w_averia_leather_desk")
    puzzle = genpuzzle.generate("nonogram", 5021, "15x15")
    answer = na.make_answer(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, "missing", seed=1)
    reg = register(answer, _rgb(puzzle.input_image), edit_mask=np.asarray(puzzle.edit_mask))
    assert reg.ok, reg.reason
    assert na.grid_corner_error(reg, na.answer_map(puzzle, style, "missing", 1), puzzle.layout) <= 2.0, reg.method


def test_a_located_fit_observes_the_whole_input_frame_it_places():
    # HELDOUT18's graphite redraw 5x5 k 1 `clue_changed` registers located (at one scale) and is fitted in the redraw's
    # proportions; the located spot's box cut the top of its column clues off (18 % of the frame not observed)
    import nonogram_answers as na

    style = _heldout18("w_ikarius_graphite_frame_redrawplus")
    puzzle = genpuzzle.generate("nonogram", 5001, "5x5")
    answer = na.make_answer(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, "clue_changed", seed=1)
    reg = register(answer, _rgb(puzzle.input_image), edit_mask=np.asarray(puzzle.edit_mask))
    assert reg.ok, reg.reason
    x0, y0, x1, y1 = puzzle.layout["col_clue_bbox"]
    assert reg.valid[y0:y1, x0:x1].all(), (reg.method, reg.valid[y0:y1, x0:x1].mean())
