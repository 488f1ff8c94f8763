"""Registration of real track instances under page-layout changes (captions, dark borders, letterboxes,
dark margins, combined mild changes): the sweep shared by tests/test_registration.py (a small sample) and
benchmarks/bench_registration.py (the full sweep).

Each case takes a track's reference (solved) image, applies one :mod:`genpuzzle.page_perturb` change with
a known map, registers it onto the input image with the edit mask, and measures how far the registered
puzzle anchors (the layout's ``grid_bbox`` corners, else its frame / panels) land from where they belong;
optionally the track's verifier then gives its verdict on the registered image.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from genpuzzle.page_perturb import PAGE_CHANGES, page_change
from genpuzzle.records import InstanceRecord
from genpuzzle.registration import Registration, register

# (track, variant) pairs of the sweep: every track, nonograms 5x5 to 15x15, mazes at every level
INSTANCE_KINDS = (
    ("nonogram", "5x5"), ("nonogram", "10x10"), ("nonogram", "15x15"), ("nonogram", "10x15"),
    ("maze_beginner", "perfect"), ("maze_intermediate", "loops"), ("maze_advanced", "perfect"),
    ("sudoku", "9x9"), ("sudoku", "4x4"), ("matchstick", "2move"), ("tangram", "medium"),
)
TOLERANCE_PX = 2.0  # anchors registered within this (input px) count as aligned


@lru_cache(maxsize=64)
def instance(track: str, variant: str, seed: int):
    """(record, input RGB, reference RGB, edit mask bool) of one generated instance."""
    from genpuzzle.registry import get_track

    t = get_track(track)
    p = t.generate(seed, variant)
    record = InstanceRecord(id=f"{track}-{variant}-{seed}", track=track, variant=variant, difficulty=p.difficulty,
                            seed=seed, instruction=p.instruction, input_image="", reference_images=[],
                            edit_mask="", ground_truth=p.ground_truth, layout=p.layout, scoring=p.scoring,
                            track_version=t.version)
    return (record, np.asarray(p.input_image.convert("RGB")), np.asarray(p.reference_images[0].convert("RGB")),
            np.asarray(p.edit_mask.convert("L")) > 127)


def anchor_points(layout: dict) -> np.ndarray:
    """Corners of the puzzle's declared structure in the input frame: ``grid_bbox``, else ``frame_bbox``,
    else the tangram panels."""
    boxes = [layout[k] for k in ("grid_bbox",) if k in layout] or \
            [layout[k] for k in ("frame_bbox",) if k in layout] or \
            [layout[k] for k in ("silhouette_panel", "piece_area_panel") if k in layout]
    return np.array([(x, y) for x0, y0, x1, y1 in boxes for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))],
                    dtype=np.float64)


@dataclass
class PageCase:
    track: str
    variant: str
    seed: int
    change: str
    ok: bool
    error_px: float  # largest anchor error (input px); inf when not registered
    quality: float
    method: str
    reason: str | None
    seconds: float
    status: str | None = None  # the verifier's status on the registered reference, when asked for


def _apply(matrix: np.ndarray, pts: np.ndarray) -> np.ndarray:
    h = np.c_[pts, np.ones(len(pts))] @ matrix.T
    return h[:, :2] / h[:, 2:3]


def run_case(track: str, variant: str, seed: int, change: str, verify: bool = False) -> PageCase:
    record, target, reference, mask = instance(track, variant, seed)
    if change in HELDOUT_CHANGES:
        answer, matrix = heldout_change(reference, change, seed)
    else:
        answer, matrix = page_change(reference, change, seed=seed * 1000 + PAGE_CHANGES.index(change))
    t0 = time.process_time()
    reg: Registration = register(answer, target, edit_mask=mask)
    seconds = time.process_time() - t0
    err = float("inf")
    pts = anchor_points(record.layout)
    if reg.ok:
        err = float(np.abs(reg.source_points(pts) - _apply(matrix, pts)).max())
        # the answer is at a different scale: express the error in input pixels
        scale = float(np.sqrt(abs(np.linalg.det(matrix[:2, :2]))))
        err /= scale
    status = None
    if verify and reg.ok:
        from genpuzzle.registry import get_track

        status = get_track(track).verify(record, reg.image, target).status.value
    return PageCase(track, variant, seed, change, reg.ok, err, float(reg.quality), reg.method, reg.reason,
                    seconds, status)


def sweep(seeds: range | list[int], changes=PAGE_CHANGES, kinds=INSTANCE_KINDS, verify: bool = False
          ) -> list[PageCase]:
    return [run_case(track, variant, seed, change, verify)
            for track, variant in kinds for seed in seeds for change in changes]


def summary(cases: list[PageCase]) -> dict[str, tuple[int, int]]:
    """change -> (aligned within TOLERANCE_PX, total)."""
    out: dict[str, tuple[int, int]] = {}
    for c in cases:
        good, n = out.get(c.change, (0, 0))
        out[c.change] = (good + (c.ok and c.error_px <= TOLERANCE_PX), n + 1)
    return out


# ------------------------------------------------------------------------------ held-out page styles
# Never used while tuning the registration (the tuned sweep is genpuzzle.page_perturb.page_change): other
# band colours and captions, other bar shapes and colours, shadows, pages rotated on a dark surface.

HELDOUT_CHANGES = ("caption_dark_band", "two_tone_border", "offset_letterbox", "shadowed_surface",
                   "rotated_on_dark", "caption_and_letterbox")


def heldout_change(image: np.ndarray, kind: str, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """(answer, input -> answer 3x3) for one held-out page style."""
    from genpuzzle import page_perturb as pp
    from genpuzzle import perturb

    rng = np.random.default_rng(10_000 + seed)
    h, w = image.shape[:2]
    if kind == "caption_dark_band":
        out, m = pp.caption(image, "SOLUTION  -  verified", float(rng.uniform(0.08, 0.16)), "top",
                            band=(25, 35, 80), ink=(255, 255, 255))
        out, m2 = pp.caption(out, "generated answer", 0.05, "bottom", band=(255, 255, 255), ink=(90, 90, 90))
        m = m2 @ m
    elif kind == "two_tone_border":
        out, m = pp.dark_border(image, 0.01, (200, 200, 200))
        out, m2 = pp.dark_border(out, float(rng.uniform(0.02, 0.05)), (90, 20, 20))
        m = m2 @ m
    elif kind == "offset_letterbox":
        aspect = 2.0 if w >= h else 0.6
        out, m = pp.letterbox(image, aspect, 1100, (40, 40, 40))
        shift = int(rng.integers(-20, 21))
        out = np.roll(out, shift, axis=1 if aspect > 1 else 0)
        m = np.array([[1, 0, shift if aspect > 1 else 0], [0, 1, 0 if aspect > 1 else shift], [0, 0, 1]]) @ m
    elif kind == "shadowed_surface":
        out, m = pp.dark_margins(image, tuple(float(v) for v in rng.uniform(0.03, 0.1, 4)), (70, 50, 30),
                                 seed=seed)
        ramp = np.linspace(1.0, 0.7, out.shape[1], dtype=np.float32)[None, :, None]
        out = np.clip(out.astype(np.float32) * ramp, 0, 255).astype(np.uint8)
    elif kind == "rotated_on_dark":
        out, m = pp.dark_margins(image, (0.05, 0.05, 0.05, 0.05), (30, 30, 35), seed=seed)
        out, m2 = pp.rotate_expand(out, float(rng.uniform(-3, 3)), fill=(30, 30, 35))
        m = m2 @ m
        out = perturb.jpeg(perturb.blur(out, 0.7), int(rng.integers(35, 60)))
    elif kind == "caption_and_letterbox":
        out, m = pp.caption(image, "Here you go!", 0.1, "top")
        out, m2 = pp.letterbox(out, 16 / 9, 1280, (0, 0, 0))
        m = m2 @ m
        out = perturb.jpeg(out, 70)
    else:
        raise ValueError(kind)
    return out, m


def reference_with_one_fill_blank(puzzle) -> np.ndarray:
    """A nonogram ``puzzle``'s reference (RGB) with its first filled cell painted back to paper: one planted error."""
    reference = np.asarray(puzzle.reference_images[0].convert("RGB")).copy()
    x0, y0 = puzzle.layout["grid_bbox"][:2]
    c = puzzle.layout["cell_px"]
    r, k = next((r, k) for r, row in enumerate(puzzle.ground_truth["solution"]) for k, v in enumerate(row) if v)
    reference[y0 + r * c + 3:y0 + (r + 1) * c - 2, x0 + k * c + 3:x0 + (k + 1) * c - 2] = 255
    return reference
