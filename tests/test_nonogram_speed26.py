"""Twenty-sixth session (issue 13's speed, helper h26b): the same results, less work.

- ``images``: a grey PNG (every set image) asked for in colour is decoded grey and spread over three channels, the
  same pixels as libpng's own grey-to-colour expansion;
- ``cells.own_frames`` looks at the cells darkest middle first, so a page that does not frame its cells stops after
  the fewest looks (a fill holds no frame); the frames found are those of the cells in order;
- ``registration.paper_colour`` and ``cells._paper_colour`` count the colours without a copy of the bright pixels (the
  same means, from the same integer sums);
- ``evaluate`` takes the observed share of the edit area by counts (the same float as the mean over the masked pixels).
"""
from __future__ import annotations

import io

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw

from genpuzzle import images, registration
from genpuzzle.registry import get_track
from genpuzzle.verifiers import cells


def _png(array: np.ndarray) -> bytes:
    buf = io.BytesIO()
    Image.fromarray(array).save(buf, format="PNG")
    return buf.getvalue()


def test_a_grey_png_decodes_grey_and_spreads_to_the_same_pixels(tmp_path):
    rng = np.random.default_rng(26)
    for k, grey in enumerate([rng.integers(0, 256, (37 + k, 53), dtype=np.uint8) for k in range(4)]
                             + [np.tile(np.arange(256, dtype=np.uint8), (7, 1))]):
        data = _png(grey)
        fast = images._decode_plain(data, cv2.IMREAD_COLOR)
        assert fast is not None and fast.ndim == 2  # (the grey decode: a fifth of libpng's expansion to colour)
        libpng = cv2.cvtColor(cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR), cv2.COLOR_BGR2RGB)
        path = tmp_path / f"g{k}.png"
        path.write_bytes(data)
        got = images.load_image(path)
        assert got.shape == grey.shape + (3,) and got.dtype == np.uint8 and got.flags.c_contiguous
        assert np.array_equal(got, libpng) and np.array_equal(got, np.asarray(Image.fromarray(grey).convert("RGB")))
        assert np.array_equal(images.load_mask(path), grey > 127)
    rgb = rng.integers(0, 256, (20, 30, 3), dtype=np.uint8)
    assert images._decode_plain(_png(rgb), cv2.IMREAD_COLOR).ndim == 3  # colour stays colour (BGR, as before)


def _old_own_frames_scan(dark, boxes, cell_px):
    """The frames found in the cells' order (None on the old row-major scan's early stop, its misses rule), and the
    number of cells it looked at."""
    n = len(boxes)
    need = max(cells.OWN_FRAME_MIN, cells.OWN_FRAME_CELLS * n)
    found, misses = [], 0
    for b in boxes:
        found.append(cells._closed_frames(dark, b, cell_px))
        misses += not found[-1]
        if misses > n - need:
            return None, len(found)
    return found, len(found)


def _page(variant: str, seed: int, framed: bool) -> tuple[np.ndarray, list, float]:
    if framed:  # every cell its own rounded frame, a little apart (the twenty-fourth session's own drawing)
        from test_nonogram_own_frames24 import _case, _rounded_page

        _, rec, inp = _case(variant, seed)
        layout = rec.layout
        boxes = cells.grid_boxes(layout["grid_bbox"], layout["rows"], layout["cols"])
        dark, _ = cells.darkness_maps(_rounded_page(inp, layout, rec.ground_truth["solution"]), cells.cell_size(boxes))
        return dark, boxes, cells.cell_size(boxes)
    p = get_track("nonogram").generate(seed, variant)
    layout, solution = p.layout, p.ground_truth["solution"]
    page = p.input_image.convert("RGB")
    d = ImageDraw.Draw(page)
    boxes = cells.grid_boxes(layout["grid_bbox"], layout["rows"], layout["cols"])
    cell = cells.cell_size(boxes)
    for (r, c), (x0, y0, x1, y1) in zip(((r, c) for r in range(layout["rows"]) for c in range(layout["cols"])), boxes):
        if solution[r][c]:  # a fill over its whole cell of the ruled grid
            d.rectangle([x0, y0, x1, y1], fill=(40, 40, 40))
    dark, _ = cells.darkness_maps(np.asarray(page), cell)
    return dark, boxes, cell


@pytest.mark.parametrize("variant,seed,framed", [("5x5", 28601, False), ("10x10", 28602, False),
                                                 ("15x15", 28603, False), ("10x10", 28604, True),
                                                 ("15x15", 28605, True)])
def test_own_frames_in_any_order_finds_the_same_frames_with_fewer_looks(monkeypatch, variant, seed, framed):
    dark, boxes, cell = _page(variant, seed, framed)
    old, old_looks = _old_own_frames_scan(dark, boxes, cell)
    looks = []
    real = cells._closed_frames
    monkeypatch.setattr(cells, "_closed_frames", lambda *a: looks.append(1) or real(*a))
    frames = cells.own_frames(dark, boxes, cell)
    if framed:
        assert old is not None and frames and all(f is not None for f in frames)
        assert len(looks) == len(boxes)
    else:
        assert old is None and frames == []
        # a ruled grid's fills are looked at first: the scan stops sooner than the row-major one
        least = int(len(boxes) - max(cells.OWN_FRAME_MIN, cells.OWN_FRAME_CELLS * len(boxes))) + 1
        assert least <= len(looks) <= old_looks and len(looks) < len(boxes)


def test_the_observed_share_by_counts_is_the_masked_mean():
    rng = np.random.default_rng(7)
    for _ in range(500):
        valid = rng.random((31, 47)) < rng.random()
        mask = rng.random((31, 47)) < rng.random()
        if mask.any():
            assert int(np.count_nonzero(valid & mask)) / int(np.count_nonzero(mask)) == float(valid[mask].mean())


def test_paper_colour_without_the_copy_is_the_gathered_mean():
    rng = np.random.default_rng(28606)
    pages = [np.asarray(get_track("nonogram").generate(28606 + k, v).input_image.convert("RGB"))
             for k, v in enumerate(("5x5", "15x15"))]
    pages += [rng.integers(0, 256, (int(rng.integers(1, 1100)), int(rng.integers(1, 1100)), 3), dtype=np.uint8)
              for _ in range(60)]
    pages += [np.zeros((4, 5, 3), np.uint8), np.full((600, 700, 3), 248, np.uint8),
              rng.integers(0, 256, (30, 40, 3)).astype(np.int32)]
    pages += [p[::-1, ::3] for p in pages[:8]]  # (views: strided, as callers may pass)
    for page in pages:
        small = page
        if max(page.shape[:2]) > 2 * registration.WORK_SIDE:
            f = registration.WORK_SIDE / max(page.shape[:2])
            small = registration._downscale(page, max(1, round(page.shape[1] * f)),
                                            max(1, round(page.shape[0] * f)))[0]
        old = registration._paper_colour_gathered(small.reshape(-1, 3))
        new = registration.paper_colour(page)
        assert new.dtype == old.dtype == np.float64 and np.array_equal(new, old), (new, old)


def _gathered_cells_paper_colour(rgb: np.ndarray) -> np.ndarray:
    """``cells._paper_colour`` as it was: the bright pixels gathered, each mean over a gathered level."""
    h, w = rgb.shape[:2]
    k = max(1, max(h, w) // 120)
    small = rgb[::k, ::k].reshape(-1, 3).astype(np.int32)
    bright = small[small[:, 0] + small[:, 1] + small[:, 2] >= 3 * 96]
    if len(bright) == 0:
        return np.array([255.0, 255.0, 255.0])
    q = (bright >> 3) + 1
    keys = (q[:, 0] * 34 + q[:, 1]) * 34 + q[:, 2]
    counts = np.bincount(keys, minlength=34 ** 3)
    mode = bright[keys == counts.argmax()].mean(axis=0)
    used = np.flatnonzero(counts)
    area = cells._neighbour_sums(counts)[used]
    if np.count_nonzero(area >= cells.PAPER_AREA_SHARE * area.max()) < 2:
        return mode
    area_at = np.zeros_like(counts)
    area_at[used] = area
    peak = (area >= cells.PAPER_AREA_SHARE * area.max()) & (
        area >= area_at[used[:, None] + cells._NEIGHBOUR_BINS].max(axis=1))
    best, best_light = mode, float(mode.min())
    for key in used[peak]:
        near = key + cells._NEIGHBOUR_BINS
        colour = bright[keys == near[counts[near].argmax()]].mean(axis=0)
        if float(colour.min()) > best_light:
            best, best_light = colour, float(colour.min())
    if best is mode or float(np.abs(best / best.mean() - mode / mode.mean()).max()) <= cells.PAPER_TINT_TOL:
        return mode
    return best


def test_cells_paper_colour_without_the_copy_is_the_gathered_mean():
    rng = np.random.default_rng(28607)
    pages = [np.asarray(get_track("nonogram").generate(28607, "10x10").input_image.convert("RGB"))]
    pages += [rng.integers(0, 256, (int(rng.integers(1, 700)), int(rng.integers(1, 700)), 3), dtype=np.uint8)
              for _ in range(40)]
    for _ in range(60):  # a fill as large as the paper, tinted paper, specks: the peaks are weighed
        page = np.empty((int(rng.integers(50, 500)), int(rng.integers(50, 500)), 3), np.uint8)
        page[:] = rng.integers(150, 256, 3)
        page[: int(page.shape[0] * rng.random())] = rng.integers(120, 256, 3)
        page[rng.random(page.shape[:2]) < 0.1] = rng.integers(0, 256, 3)
        pages.append(np.clip(page.astype(int) + rng.integers(-6, 7, page.shape), 0, 255).astype(np.uint8))
    pages += [np.zeros((5, 5, 3), np.uint8), np.full((300, 400, 3), 250, np.uint8)]
    for page in pages:
        new, old = cells._paper_colour(page), _gathered_cells_paper_colour(page)
        assert np.asarray(new).dtype == np.asarray(old).dtype and np.array_equal(new, old), (new, old)
