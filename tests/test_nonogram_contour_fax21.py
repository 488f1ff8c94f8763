"""Twenty-first session (helper h21c, issue 13): a pale slash for an empty cell read whole, and a soft shadow is paper.

HELDOUT19 (studied after its blind run) had two cell-reader blind spots on error-free pages:

- ``z_artemisia_honeycomb_fax`` and ``z_kinnari_rust_scan`` mark empty cells with a long light pencil slash. Dithered
  by a fax or softened by a scan, it keeps only part of a patch diagonal at the mark-ink level and read unsure (or
  blank with a stray mark in doubt): every error-free answer went to review. ``cells._own_slash`` reads it at the
  page's resolution as one thin straight stroke along a diagonal through the cell's middle.
- ``z_radis_contour_handshadow`` lays a hand's soft shadow (paper 28-36 % darker) across one side of the page; the
  paper map did not follow it, and the shaded empty cells read as even-tone fills (confident false fails).
  ``cells._soft_shadow_paper`` takes paper reached from the lit paper without crossing an edge, over more than a
  cell, as shaded paper; a darkening confined to one cell (a smudge, a light fill) never is.

The pages here are drawn by this file (slashes, a dither, a hand's shadow); two HELDOUT19 answers are checked too.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.renderers.nonogram import cell_box
from genpuzzle.verifiers import cells as cells_mod

sys.path.insert(0, str(Path(__file__).resolve().parent))

SIZES = [("5x5", 41), ("10x10", 42), ("15x15", 43)]


def _passes(v) -> bool:
    return v.status == Status.CORRECT or v.score >= 100


def _solved(puzzle) -> np.ndarray:
    return np.array(puzzle.reference_images[0].convert("RGB"))


def _empty_cells(puzzle) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(puzzle.ground_truth["solution"]) for c, v in enumerate(row) if not v]


def _slashes(page: np.ndarray, puzzle, grey: int = 150) -> np.ndarray:
    """A light pencil slash (lower left to upper right, 0.56 of the cell) in every empty cell."""
    img = Image.fromarray(page)
    from PIL import ImageDraw

    d = ImageDraw.Draw(img)
    for r, c in _empty_cells(puzzle):
        x0, y0, x1, y1 = cell_box(puzzle.layout, r, c)
        s = min(x1 - x0, y1 - y0)
        cx, cy, k = (x0 + x1) / 2, (y0 + y1) / 2, 0.28 * s
        d.line([(cx - k, cy + k), (cx + k, cy - k)], fill=(grey, grey, grey + 6), width=max(2, round(0.045 * s)))
    return np.asarray(img)


def _fax(page: np.ndarray) -> np.ndarray:
    """Grey dithered to black and white (Floyd-Steinberg), as a fax prints it."""
    bw = np.asarray(Image.fromarray(page).convert("L").convert("1", dither=Image.Dither.FLOYDSTEINBERG), np.uint8)
    return np.repeat((bw * 255)[..., None], 3, axis=2)


def _hand_shadow(page: np.ndarray, layout, depth: float = 0.32, left: bool = False) -> np.ndarray:
    """The soft shadow of a hand over the right (or left) part of the grid: a palm and four fingers, edges blurred half
    a cell, the paper ``depth`` darker under it."""
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    w, h = gx1 - gx0, gy1 - gy0
    cell = w / layout["cols"]
    yy, xx = np.mgrid[0:page.shape[0], 0:page.shape[1]].astype(np.float32)
    cx = gx0 - 0.02 * w if left else gx1 + 0.02 * w
    mask = np.hypot((xx - cx) / (0.34 * w), (yy - (gy0 + 0.68 * h)) / (0.3 * h)) < 1
    for k in range(4):
        fy = gy0 + (0.3 + 0.08 * k) * h
        mask |= (np.abs(yy - fy) < 0.03 * h) & (np.abs(xx - cx) < (0.42 - 0.03 * abs(k - 1.5)) * w)
    m = cv2.GaussianBlur(mask.astype(np.float32), (0, 0), 0.5 * cell)
    return np.clip(page.astype(np.float32) * (1 - depth * m)[..., None], 0, 255).astype(np.uint8)


def _shadow_share(page_before: np.ndarray, page: np.ndarray, box) -> float:
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    a = page_before[y0:y1, x0:x1].astype(np.float32).mean()
    return 1 - page[y0:y1, x0:x1].astype(np.float32).mean() / max(1.0, a)


# ------------------------------------------------------------------------------------------------- the pale slash


@pytest.mark.parametrize("variant,seed", SIZES)
def test_pale_slashes_on_a_fax_pass(variant, seed):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _fax(_slashes(_solved(puzzle), puzzle))
    v = genpuzzle.verify(puzzle, page)
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes, (v.extra or {}).get("unsure_cells"))


def _core(size: int = 40) -> np.ndarray:
    return np.zeros((size, size), np.uint8)


def test_own_slash_reads_a_dotted_diagonal():
    core = _core()
    for t in np.linspace(-11, 11, 12):  # dots along the rising diagonal through the middle
        cv2.circle(core, (int(round(20 + t)), int(round(20 - t))), 1, 150, -1)
    assert cells_mod._own_slash(core) is not None


def test_own_slash_reads_no_x_dash_screen_or_corner_stroke():
    x = _core()
    cv2.line(x, (9, 9), (31, 31), 160, 2)
    cv2.line(x, (9, 31), (31, 9), 160, 2)
    dash = _core()
    cv2.line(dash, (9, 20), (31, 20), 160, 2)
    screen = _core()
    for yy in range(6, 36, 6):
        for xx in range(6, 36, 6):
            cv2.circle(screen, (xx, yy), 1, 150, -1)
    corner = _core()
    cv2.line(corner, (24, 34), (34, 24), 160, 2)
    smudge = _core()
    cv2.circle(smudge, (20, 20), 10, 90, -1)
    for name, core in (("x", x), ("dash", dash), ("screen", screen), ("corner", corner), ("smudge", smudge)):
        assert cells_mod._own_slash(core) is None, name


def test_a_pale_slash_with_a_scribble_stays_in_doubt():
    """A slash plus a second stroke across it is no slash (an X drawn pale, or a slash and a scribble)."""
    core = _core()
    cv2.line(core, (10, 30), (30, 10), 150, 2)
    cv2.line(core, (14, 14), (22, 24), 150, 2)
    assert cells_mod._own_slash(core) is None


def test_a_fill_drawn_as_a_slash_cell_is_still_missing():
    """An answer leaving a solution cell empty with a pale slash in it is not passed (the planted error stays)."""
    puzzle = genpuzzle.generate("nonogram", 42, "10x10")
    page = _solved(puzzle)
    r, c = next((r, c) for r, row in enumerate(puzzle.ground_truth["solution"]) for c, v in enumerate(row) if v)
    x0, y0, x1, y1 = (int(round(v)) for v in cell_box(puzzle.layout, r, c))
    k = max(2, int(round(0.12 * (x1 - x0))))
    page[y0 + k:y1 - k, x0 + k:x1 - k] = 255
    page = _fax(_slashes(page, puzzle))
    v = genpuzzle.verify(puzzle, page)
    assert not _passes(v), (v.status, v.score, v.codes)


# ------------------------------------------------------------------------------------------------- the hand's shadow


@pytest.mark.parametrize("variant,seed", SIZES)
def test_a_hands_soft_shadow_is_paper(variant, seed):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _hand_shadow(_solved(puzzle), puzzle.layout)
    v = genpuzzle.verify(puzzle, page)
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes, (v.extra or {}).get("unsure_cells"))


def _shaded_empty_cell(puzzle, page: np.ndarray) -> tuple[tuple[int, int], bool]:
    """The empty cell the hand's shadow darkens most, and which side the shadow falls on."""
    share, cell, left = max((_shadow_share(page, _hand_shadow(page, puzzle.layout, left=left),
                                           cell_box(puzzle.layout, r, c)), (r, c), left)
                            for left in (False, True) for r, c in _empty_cells(puzzle))
    assert share >= 0.2, "the shadow covers no empty cell"
    return cell, left


@pytest.mark.parametrize("variant,seed", SIZES)
def test_a_light_fill_under_the_shadow_is_not_paper(variant, seed):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _solved(puzzle)
    (r, c), left = _shaded_empty_cell(puzzle, page)
    x0, y0, x1, y1 = (int(round(v)) for v in cell_box(puzzle.layout, r, c))
    k = max(2, int(round(0.08 * (x1 - x0))))
    page[y0 + k:y1 - k, x0 + k:x1 - k] = 212  # an extra cell shaded light grey
    v = genpuzzle.verify(puzzle, _hand_shadow(page, puzzle.layout, left=left))
    assert not _passes(v), (v.status, v.score, v.codes)


@pytest.mark.parametrize("variant,seed", SIZES)
def test_a_smudge_under_the_shadow_is_not_paper(variant, seed):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = _solved(puzzle)
    (r, c), left = _shaded_empty_cell(puzzle, page)
    x0, y0, x1, y1 = cell_box(puzzle.layout, r, c)
    s = min(x1 - x0, y1 - y0)
    yy, xx = np.mgrid[0:page.shape[0], 0:page.shape[1]].astype(np.float32)
    a = np.exp(-((xx - (x0 + x1) / 2) ** 2 + (yy - (y0 + y1) / 2) ** 2) / (2 * (0.2 * s) ** 2)) * (1 - 200 / 255)
    page = np.clip(page.astype(np.float32) * (1 - a[..., None]), 0, 255).astype(np.uint8)
    v = genpuzzle.verify(puzzle, _hand_shadow(page, puzzle.layout, left=left))
    assert not _passes(v), (v.status, v.score, v.codes)


# ------------------------------------------------------------------------------------------------- HELDOUT19 answers


def _heldout19(style_name: str, variant: str, k: int, error: str):
    import nonogram_answers as na
    import nonogram_heldout19 as h19

    style = next(s for s in h19.HELDOUT19 if s.name == style_name)
    vi = ("5x5", "10x10", "15x15").index(variant)
    puzzle = genpuzzle.generate("nonogram", 1000 * 5 + 10 * vi + k, variant)
    answer = na.make_answer(puzzle.input_image, puzzle.layout, puzzle.ground_truth, style, error, seed=k)
    return puzzle, answer


@pytest.mark.parametrize("style,variant,k", [("z_artemisia_honeycomb_fax", "10x10", 0),
                                             ("z_kinnari_rust_scan", "10x10", 1),
                                             ("z_radis_contour_handshadow", "10x10", 1)])
def test_heldout19_error_free_answers_pass(style, variant, k):
    puzzle, answer = _heldout19(style, variant, k, "none")
    v = genpuzzle.verify(puzzle, answer)
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes)


@pytest.mark.parametrize("error", ["missing", "extra_outline", "extra_light"])
def test_heldout19_hand_shadow_planted_errors_stay_caught(error):
    puzzle, answer = _heldout19("z_radis_contour_handshadow", "10x10", 0, error)
    v = genpuzzle.verify(puzzle, answer)
    assert not _passes(v), (v.status, v.score, v.codes)
