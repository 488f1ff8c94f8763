"""Twenty-third session (issue 13, helper h23c, rubric 45): three readings HELDOUT21 lost, on answers drawn here.

- A redrawn page photographed at a slant (a phone photo of a monitor: keystone, dark bezel, its own cell proportions
  and clue panels) registers on its own lattice made projective (registration ``_lattice_keystone``,
  ``lattice+keystone``): the upright lattice maps put its lines up to a third of a cell off at one end, and every
  whole-page fit failed (``unreadable``).
- Commas between a row's numbers ("1, 2, 1") are separators, not glyphs (``_number_separators``): read as digits they
  made every row with two numbers unsure. A changed number on such a page is still a change.
- An X drawn in sure ink but nearly fitted (a rubber stamp's X, white voids across its strokes: in doubt between a
  clean X and a stray mark) leaves its cell not filled either way: an X drawn instead of a fill breaks the lines' clues
  and is an X where a fill belongs (``incorrect``, ``crossed_instead_of_filled``; was ``needs_review``).
- The puzzle's digits read surely, in order, whose grouping alone is unclear ("1 5" or "15") are no confident change.

Pages are drawn in Lato and Karla (no family answer's fonts), fills and marks of their own.
"""
from __future__ import annotations

import math
import random

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

import genpuzzle
import genpuzzle.registration as registration
from genpuzzle.records import Status
from genpuzzle.renderers.nonogram import cell_box

LATO = "/usr/share/fonts/truetype/lato/Lato-Bold.ttf"
KARLA = "/usr/share/fonts/truetype/karla/Karla-Bold.otf"


def _font(path: str, px: int) -> ImageFont.FreeTypeFont:
    import os

    assert os.path.exists(path), f"font {path} missing: tools/install.sh installs it"
    return ImageFont.truetype(path, px)


# ------------------------------------------------------------------------------ commas between a row's numbers


def _comma_page(puzzle, row_clues=None, seed: int = 0) -> np.ndarray:
    """The solved reference with its row clues redrawn as a list: "2, 1, 2", right-aligned, in Karla."""
    page = puzzle.reference_images[0].convert("RGB")
    L = puzzle.layout
    d = ImageDraw.Draw(page)
    x0, y0, x1, y1 = L["row_clue_bbox"]
    d.rectangle([x0, y0, x1, y1], fill=(255, 255, 255))
    f = _font(KARLA, int(L["clue_font_px"]))
    rows = row_clues or puzzle.ground_truth["row_clues"]
    gx0 = L["grid_bbox"][0]
    for r, clue in enumerate(rows):
        bx0, by0, bx1, by1 = cell_box(L, r, 0)
        d.text((gx0 - 0.35 * L["cell_px"], (by0 + by1) / 2), ", ".join(map(str, clue)), font=f, fill=(20, 40, 120),
               anchor="rm")
    return np.asarray(page)


@pytest.mark.parametrize("variant,seed", [("5x5", 2301), ("10x10", 2301), ("15x15", 2302)])
def test_commas_between_a_rows_numbers_are_separators(variant, seed):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    assert any(len(c) >= 2 for c in puzzle.ground_truth["row_clues"])
    v = genpuzzle.verify(puzzle, _comma_page(puzzle))
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes,
                                                           (v.extra or {}).get("unsure_clues"))


@pytest.mark.parametrize("variant,seed", [("10x10", 2301), ("15x15", 2302)])
def test_a_changed_number_in_a_comma_list_is_still_a_change(variant, seed):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    rows = [list(c) for c in puzzle.ground_truth["row_clues"]]
    r = next(i for i, c in enumerate(rows) if len(c) >= 2)
    rows[r][-1] = rows[r][-1] % 9 + 1 if rows[r][-1] != 8 else 3
    v = genpuzzle.verify(puzzle, _comma_page(puzzle, rows))
    assert v.status == Status.INCORRECT and "clue_changed" in v.codes, (v.status, v.score, v.codes)


# ------------------------------------------------------------------------------ a stamped X instead of a fill


def _stamped_x(d: ImageDraw.ImageDraw, box, rng: random.Random) -> None:
    """A thick X dabbed on with a sponge stamp in dark red: round voids where the sponge held no ink, scattered over
    its strokes (some open onto the strokes' edges, some closed inside them)."""
    x0, y0, x1, y1 = box
    s = x1 - x0
    m = 0.16 * s
    w = max(4, round(0.19 * s))
    ends = (((x0 + m, y0 + m), (x1 - m, y1 - m)), ((x0 + m, y1 - m), (x1 - m, y0 + m)))
    for a, b in ends:
        d.line([a, b], fill=(110, 28, 30), width=w)
    for _ in range(14):
        (ax, ay), (bx, by) = ends[rng.randrange(2)]
        t = rng.uniform(0.08, 0.92)
        off = rng.uniform(-0.35, 0.35) * w
        n = math.hypot(bx - ax, by - ay)
        cx = ax + t * (bx - ax) - off * (by - ay) / n
        cy = ay + t * (by - ay) + off * (bx - ax) / n
        r = rng.uniform(0.12, 0.22) * w
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(255, 255, 255))


@pytest.mark.parametrize("variant,seed", [("5x5", 2311), ("5x5", 2317), ("5x5", 2319)])
def test_a_stamped_x_in_doubt_instead_of_a_fill_is_incorrect(variant, seed):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    sol = puzzle.ground_truth["solution"]
    page = puzzle.reference_images[0].convert("RGB")
    d = ImageDraw.Draw(page)
    rng = random.Random(seed)
    filled = [(r, c) for r, row in enumerate(sol) for c, x in enumerate(row) if x]
    for cell in rng.sample(filled, 2):
        x0, y0, x1, y1 = cell_box(puzzle.layout, *cell)
        d.rectangle([x0 + 3, y0 + 3, x1 - 3, y1 - 3], fill=(255, 255, 255))
        _stamped_x(d, (x0, y0, x1, y1), rng)
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert v.status == Status.INCORRECT and v.score < 100, (v.status, v.score, v.codes)
    assert {"row_clue_mismatch", "col_clue_mismatch"} & set(v.codes) and "crossed_instead_of_filled" in v.codes, v.codes


def test_a_stamped_x_in_doubt_in_an_empty_cell_stays_in_doubt():
    """The same X in a cell the solution leaves empty: a clean X or a stray mark, never a fill (no clue broken)."""
    puzzle = genpuzzle.generate("nonogram", 2311, "5x5")
    sol = puzzle.ground_truth["solution"]
    page = puzzle.reference_images[0].convert("RGB")
    d = ImageDraw.Draw(page)
    cell = next((r, c) for r, row in enumerate(sol) for c, x in enumerate(row) if not x)
    _stamped_x(d, cell_box(puzzle.layout, *cell), random.Random(5))
    v = genpuzzle.verify(puzzle, np.asarray(page))
    assert not {"row_clue_mismatch", "col_clue_mismatch"} & set(v.codes), v.codes


# ------------------------------------------------------------------------------ a redrawn page photographed at a slant


def _slanted_redraw(puzzle, seed: int, missing: int = 0, keystone: float = 0.06, panel: float = 0.0
                    ) -> tuple[np.ndarray, np.ndarray]:
    """The puzzle drawn anew (cells 1.12 x as wide as tall, clues on pale green panels in Lato, slate tiles with white
    gutters for fills, a small dash in every empty cell, brown grid), shown on a screen photographed at a slant: the
    top edge ``keystone`` narrower than the bottom, a dark bezel and desk around it. ``missing``: fills left out;
    ``panel``: the clue panels this many cells wider (taller) past the clues' outer end (a roomier page).
    Returns the page and its grid's corners in it (top left, top right, bottom right, bottom left; 4 x 2)."""
    rng = random.Random(seed)
    L, truth = puzzle.layout, puzzle.ground_truth
    sol = [list(r) for r in truth["solution"]]
    rows, cols = len(sol), len(sol[0])
    filled = [(r, c) for r in range(rows) for c in range(cols) if sol[r][c]]
    for r, c in rng.sample(filled, missing):
        sol[r][c] = 0
    base = L["cell_px"]
    cw, ch = 1.12 * base, 0.97 * base
    px = int(L["clue_font_px"] * 1.05)
    f = _font(LATO, px)
    probe = ImageDraw.Draw(Image.new("L", (4, 4)))
    row_txt = ["  ".join(map(str, c)) for c in truth["row_clues"]]
    row_w = max(probe.textlength(t, font=f) for t in row_txt)
    col_h = max(len(c) for c in truth["col_clues"]) * px * 1.3
    m = round(0.7 * base)
    gx0, gy0 = m + row_w + (0.6 + panel) * base, m + col_h + (0.6 + panel) * base
    gx1, gy1 = gx0 + cols * cw, gy0 + rows * ch
    W, H = round(gx1 + m), round(gy1 + m)
    img = Image.new("RGB", (W, H), (250, 250, 247))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([m * 0.4, gy0, gx0 - 0.2 * base, gy1], radius=8, fill=(232, 246, 234))
    d.rounded_rectangle([gx0, m * 0.4, gx1, gy0 - 0.2 * base], radius=8, fill=(232, 246, 234))
    for r, t in enumerate(row_txt):
        d.text((gx0 - 0.45 * base, gy0 + (r + 0.5) * ch), t, font=f, fill=(30, 70, 40), anchor="rm")
    for c, clue in enumerate(truth["col_clues"]):
        for k, v in enumerate(clue):
            d.text((gx0 + (c + 0.5) * cw, gy0 - 0.45 * base - (len(clue) - k - 0.5) * px * 1.3), str(v), font=f,
                   fill=(30, 70, 40), anchor="mm")
    g = 0.1
    for r in range(rows):
        for c in range(cols):
            x0, y0 = gx0 + c * cw, gy0 + r * ch
            if sol[r][c]:
                d.rectangle([x0 + g * cw, y0 + g * ch, x0 + (1 - g) * cw, y0 + (1 - g) * ch], fill=(58, 66, 84))
            else:
                d.line([(x0 + 0.4 * cw, y0 + 0.5 * ch), (x0 + 0.6 * cw, y0 + 0.5 * ch)], fill=(90, 90, 90), width=2)
    for i in range(cols + 1):
        big = i % 5 == 0 or i == cols
        d.line([(gx0 + i * cw, gy0), (gx0 + i * cw, gy1)], fill=(96, 60, 30) if big else (200, 180, 160),
               width=3 if big else 1)
    for j in range(rows + 1):
        big = j % 5 == 0 or j == rows
        d.line([(gx0, gy0 + j * ch), (gx1, gy0 + j * ch)], fill=(96, 60, 30) if big else (200, 180, 160),
               width=3 if big else 1)
    a = np.asarray(img)
    B = round(0.06 * W)
    dev = np.full((H + 2 * B, W + 2 * B, 3), (30, 30, 34), np.uint8)
    dev[B:B + H, B:B + W] = a
    h2, w2 = dev.shape[:2]
    k = keystone * w2 / 2
    src = np.float32([[0, 0], [w2, 0], [w2, h2], [0, h2]])
    dst = np.float32([[k, 0], [w2 - k, 0], [w2, h2], [0, h2]])
    P = cv2.getPerspectiveTransform(src, dst)
    pad = 30
    M = np.float64([[1, 0, pad], [0, 1, pad], [0, 0, 1]]) @ P
    out = cv2.warpPerspective(dev, M, (w2 + 2 * pad, h2 + 2 * pad), flags=cv2.INTER_LINEAR,
                              borderValue=(70, 62, 54))
    corners = np.float64([[gx0, gy0], [gx1, gy0], [gx1, gy1], [gx0, gy1]]) + B
    return out, cv2.perspectiveTransform(corners[None], M)[0]


@pytest.mark.parametrize("variant,seed,keystone", [("10x10", 2337, 0.06), ("15x15", 2332, 0.06)])
def test_a_slanted_redraw_has_its_lattice_fitted_in_perspective(variant, seed, keystone):
    """The answer's own lattice, made projective (``lattice+keystone``), lays the input's lattice on the page's grid:
    every grid corner within a tenth of a cell (the upright lattice maps alone: none taken)."""
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page, corners = _slanted_redraw(puzzle, seed, keystone=keystone)
    target = np.asarray(puzzle.input_image.convert("RGB"))
    mask = np.asarray(puzzle.edit_mask)
    paper = registration.paper_colour(page)
    starts = (registration._lattice_starts(page, target)
              + registration._lattice_starts(page, target, long_lines=True))[:registration.KEYSTONE_STARTS]
    assert starts
    assert all(registration._lattice_taken(page, target, mask, A, paper) is None for A in starts)  # upright: none
    fit = None
    for A in starts:
        K = registration._lattice_keystone(page, target, A)
        fit = None if K is None else registration._lattice_taken(page, target, mask, K, paper, beyond=True)
        if fit is not None:
            break
    assert fit is not None and fit.ok
    xs, ys = registration._lattice_full(target)
    want = np.float64([[xs[0], ys[0]], [xs[-1], ys[0]], [xs[-1], ys[-1]], [xs[0], ys[-1]]])
    got = cv2.perspectiveTransform(corners[None], fit.matrix)[0]
    cell = float(np.median(np.diff(xs)))
    assert np.abs(got - want).max() <= 0.1 * cell, (got, want)


@pytest.mark.parametrize("variant,seed", [("15x15", 2332)])
def test_a_slanted_redraw_is_read(variant, seed):
    """The whole pipeline on such a page with roomier clue panels, which no other search registers (every whole-page
    fit 0.37, ``unreadable`` without the perspective fit): registered by the perspective fit, the last search of all
    (twenty-fourth session, h24a, rubric 48: it runs only after every other search and retry has failed), read, and a
    fill left out is caught."""
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    v = genpuzzle.verify(puzzle, _slanted_redraw(puzzle, seed, panel=0.5)[0])
    assert (v.extra or {}).get("registration", {}).get("method") == "lattice+keystone", (v.status, v.extra)
    assert v.status in (Status.CORRECT, Status.NEEDS_REVIEW) and not v.violations, (v.status, v.score, v.codes)
    wrong = genpuzzle.verify(puzzle, _slanted_redraw(puzzle, seed, missing=2, panel=0.5)[0])
    assert wrong.extra["registration"]["method"] == "lattice+keystone", wrong.extra
    assert wrong.status == Status.INCORRECT and wrong.score < 100, (wrong.status, wrong.score, wrong.codes)
