"""Twenty-first session (helper h21d, issue 13): a plainly visible pale shading in a cell is a marked cell, and an X
drawn with overspray is an X.

HELDOUT19 drew its planted pale cells (extra_light) as a ghost of the fill, a sparse dot screen of the fill's colour
and a finger smudge; the cell reader left them unsure and the pages went to review instead of being charged with the
extra cells. ``cells._pale_fills`` reads a cell left unsure whose tone, smoothed over 3 x 3 patch px, is one even
shape around its centre at the shading level, well darker than the empty cells around it, as filled. A spray-painted X
drawn instead of a fill, its overspray specks over most of the cell, was read filled (a false pass);
``cells._x_at_own_level`` reads a cell that is an X at its own ink level as crossed. The pale cells and the X are
drawn by this file (not HELDOUT19's drawing). Guards: a fainter smudge stays in doubt, never filled; shadows, paper
texture and JPEG on an error-free page still pass; a real fill under the same halo treatment stays filled.
"""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image, ImageDraw

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.renderers.common import cell_box
from genpuzzle.verifiers import cells as cells_mod

SIZES = [("5x5", 41), ("10x10", 42), ("15x15", 43)]
CLUE_CODES = {"row_clue_mismatch", "col_clue_mismatch"}


def _solved(puzzle) -> np.ndarray:
    return np.array(puzzle.reference_images[0].convert("RGB"))


def _cells(puzzle, value: int) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(puzzle.ground_truth["solution"]) for c, v in enumerate(row) if v == value]


def _three_empty(puzzle) -> list[tuple[int, int]]:
    empty = _cells(puzzle, 0)
    return [empty[len(empty) // 4], empty[len(empty) // 2], empty[(3 * len(empty)) // 4]]


def _inner(box, inset: float) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    return (int(round(x0 + inset * s)), int(round(y0 + inset * s)), int(round(x1 - inset * s)),
            int(round(y1 - inset * s)))


def _ghost(page: np.ndarray, box, grey: int = 212, shift: float = 0.05) -> None:
    """A pale square (grey ``grey``) over the cell inset by a sixth, shifted right and down by ``shift`` cell."""
    x0, y0, x1, y1 = _inner(box, 0.16)
    d = int(round(shift * (box[2] - box[0])))
    page[y0 + d:y1 + d, x0 + d:x1 + d] = np.minimum(page[y0 + d:y1 + d, x0 + d:x1 + d], grey)


def _dot_screen(page: np.ndarray, box) -> None:
    """A sparse screen of black dots (period a sixth of the cell, radius a quarter of the period) over the cell."""
    x0, y0, x1, y1 = _inner(box, 0.08)
    h, w = y1 - y0, x1 - x0
    p = max(3.0, min(w, h) / 6)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    dots = np.hypot((xx % p) - p / 2, (yy % p) - p / 2) < p * 0.26
    a = dots * 0.85
    sub = page[y0:y1, x0:x1].astype(np.float32)
    page[y0:y1, x0:x1] = (sub * (1 - a[..., None]) + 20 * a[..., None]).astype(np.uint8)


def _smudge(page: np.ndarray, box, centre_grey: float = 200.0, spread: float = 0.2) -> None:
    """A soft grey Gaussian blob at the cell's centre: ``centre_grey`` there, sigma ``spread`` cell."""
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    yy, xx = np.mgrid[0:page.shape[0], 0:page.shape[1]].astype(np.float32)
    a = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * (spread * s) ** 2)) * (1 - centre_grey / 255)
    page[:] = np.clip(page.astype(np.float32) * (1 - a[..., None]), 0, 255).astype(np.uint8)


def _spray_x(page: np.ndarray, box, seed: int) -> None:
    """A spray-painted X (dark red, strokes a fifth of the cell) with overspray specks around it, over a blank cell."""
    import cv2

    g = np.random.default_rng(seed)
    x0, y0, x1, y1 = _inner(box, 0.06)
    w, h = x1 - x0, y1 - y0
    s = min(w, h)
    page[y0:y1, x0:x1] = 255
    im = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(im)
    a = 0.12 * s
    for p, q in (((a, a), (w - a, h - a)), ((w - a, a), (a, h - a))):
        d.line([p, q], fill=255, width=max(3, round(s / 4.6)))
    core = np.asarray(im, np.float32) / 255
    soft = cv2.GaussianBlur(core, (0, 0), max(1.0, s / 26))
    halo = cv2.GaussianBlur(core, (0, 0), max(2.0, s / 9))
    specks = (g.random((h, w)) < halo * 0.5).astype(np.float32) * 0.8
    m = np.clip(np.maximum(soft * 1.1, specks), 0, 1)[..., None]
    col = np.array([98, 18, 44], np.float32)
    page[y0:y1, x0:x1] = (page[y0:y1, x0:x1] * (1 - m) + col * m).astype(np.uint8)


def _read(puzzle, page):
    rows, cols = puzzle.layout["rows"], puzzle.layout["cols"]
    return cells_mod.read_marks(page, grid_bbox=puzzle.layout["grid_bbox"], rows=rows, cols=cols), cols


def _jpeg(page: np.ndarray, quality: int) -> np.ndarray:
    buf = io.BytesIO()
    Image.fromarray(page).save(buf, "JPEG", quality=quality)
    return np.array(Image.open(buf).convert("RGB"))


# ----------------------------------------------------------------------------------- pale cells are charged


@pytest.mark.parametrize("variant,seed", SIZES)
@pytest.mark.parametrize("draw", ["ghost", "dot_screen", "smudge"])
def test_pale_extra_cells_are_charged(variant, seed, draw):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _solved(puzzle)
    for r, c in _three_empty(puzzle):
        {"ghost": _ghost, "dot_screen": _dot_screen, "smudge": _smudge}[draw](page, cell_box(puzzle.layout, r, c))
    v = genpuzzle.verify(puzzle, page)
    assert v.status == Status.INCORRECT and v.score < 100 and set(v.codes) & CLUE_CODES, (v.status, v.score, v.codes)


@pytest.mark.parametrize("variant,seed", SIZES)
def test_the_pale_cells_are_read_filled(variant, seed):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _solved(puzzle)
    cells = _three_empty(puzzle)
    for (r, c), draw in zip(cells, (_ghost, _dot_screen, _smudge)):
        draw(page, cell_box(puzzle.layout, r, c))
    marks, cols = _read(puzzle, page)
    for r, c in cells:
        i = r * cols + c
        assert marks.states[i] == cells_mod.FILLED and "pale_fill" in marks.evidence[i], marks.evidence[i]


# ----------------------------------------------------------------------------------- an X with overspray


@pytest.mark.parametrize("variant,seed", SIZES)
def test_a_spray_painted_x_instead_of_a_fill_is_an_x(variant, seed):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _solved(puzzle)
    filled = _cells(puzzle, 1)
    r, c = filled[len(filled) // 2]
    _spray_x(page, cell_box(puzzle.layout, r, c), seed)
    v = genpuzzle.verify(puzzle, page)
    assert v.status != Status.CORRECT and v.score < 100, (v.status, v.score, v.codes)
    assert v.status == Status.NEEDS_REVIEW or "crossed_instead_of_filled" in v.codes, (v.status, v.score, v.codes)
    marks, cols = _read(puzzle, page)
    assert marks.states[r * cols + c] == cells_mod.CROSSED, marks.evidence[r * cols + c]


# ----------------------------------------------------------------------------------- guards (pass before and after)


@pytest.mark.parametrize("variant,seed", SIZES)
def test_a_barely_visible_smudge_is_never_read_filled(variant, seed):
    """A faint smudge (grey 228 at its centre) is no plain shading: it may stay in doubt, never a fill."""
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _solved(puzzle)
    r, c = _three_empty(puzzle)[1]
    _smudge(page, cell_box(puzzle.layout, r, c), centre_grey=228, spread=0.16)
    marks, cols = _read(puzzle, page)
    assert marks.states[r * cols + c] != cells_mod.FILLED, marks.evidence[r * cols + c]


@pytest.mark.parametrize("variant,seed", SIZES)
def test_shadow_texture_and_jpeg_on_an_error_free_page_pass(variant, seed):
    """A soft shadow from one side (down to grey 190 at the page's edge), fine paper grain and JPEG 70: the page's."""
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _solved(puzzle).astype(np.float32)
    h, w = page.shape[:2]
    g = np.random.default_rng(seed)
    xx = np.arange(w, dtype=np.float32)[None, :]
    shade = 1 - (1 - 190 / 255) * np.clip(1 - xx / (0.6 * w), 0, 1) ** 2
    grain = 1 + g.normal(0, 0.02, (h, w)).astype(np.float32)
    page = np.clip(page * (shade * grain)[..., None], 0, 255).astype(np.uint8)
    v = genpuzzle.verify(puzzle, _jpeg(page, 70))
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes)


@pytest.mark.parametrize("variant,seed", SIZES)
def test_a_fill_is_not_taken_for_an_x(variant, seed):
    """Every fill redrawn as a dark fill with a paler mottling (half its darkness in blobs) still reads filled."""
    import cv2

    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _solved(puzzle)
    g = np.random.default_rng(seed)
    for r, c in _cells(puzzle, 1):
        x0, y0, x1, y1 = _inner(cell_box(puzzle.layout, r, c), 0.05)
        n = cv2.GaussianBlur(g.normal(0, 1, (y1 - y0, x1 - x0)).astype(np.float32), (0, 0), (x1 - x0) / 8)
        n = n / (np.abs(n).max() + 1e-6)
        tone = np.where(n > 0.2, 130, 30).astype(np.uint8)
        page[y0:y1, x0:x1] = tone[..., None]
    v = genpuzzle.verify(puzzle, page)
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes)
