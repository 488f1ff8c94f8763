"""Sudoku benchmark: uniqueness checks/s, generation vs PNG encoding, verification vs PNG decoding.

    python benchmarks/bench_sudoku.py [--quick]
"""

from __future__ import annotations

import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import cv2
from PIL import Image

from genpuzzle.dataset import encode_png, load_set, write_set
from genpuzzle.evaluate import evaluate
from genpuzzle.registry import get_track
from genpuzzle.seeds import derive_seed
from genpuzzle.solvers.sudoku import Board, carve_unique, count_solutions, count_solutions_cpsat, random_full_grid


def _row(name, value, unit, baseline, ratio=None):
    return {"name": name, "value": round(value, 4), "unit": unit, "baseline": round(baseline, 4),
            "ratio": round(ratio if ratio is not None else value / baseline, 4)}


def _time(fn, repeat):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def uniqueness_rows(quick: bool) -> list[dict]:
    board = Board(3, 3)
    puzzles = []
    for seed in range(20 if quick else 100):
        rng = random.Random(seed)
        puzzles.append(carve_unique(random_full_grid(board, rng), board, rng, 0))  # minimal: the hardest we make
    ours = [_time(lambda p=p: count_solutions(p, board, 2), 3) for p in puzzles]
    cpsat = [_time(lambda p=p: count_solutions_cpsat(p, board, 2), 1) for p in puzzles]
    return [
        _row("sudoku.9x9.uniqueness_checks_per_s (minimal puzzles, 1 core)", 1 / statistics.median(ours),
             "checks/s", 1000.0),
        _row("sudoku.9x9.uniqueness_median_ms", statistics.median(ours) * 1e3, "ms",
             statistics.median(cpsat) * 1e3),
        _row("sudoku.9x9.speedup_vs_cpsat_counter", statistics.median(cpsat) / statistics.median(ours), "x", 1.0),
    ]


def generation_rows(quick: bool) -> list[dict]:
    track = get_track("sudoku")
    rows = []
    for variant in ("4x4", "9x9"):
        seeds = [derive_seed(0, "sudoku", variant, i) for i in range(10 if quick else 40)]
        t = time.perf_counter()
        puzzles = [track.generate(s, variant) for s in seeds]
        images = [im for p in puzzles for im in (p.input_image, *p.reference_images, p.edit_mask)]
        blobs = [encode_png(im) for im in images]
        gen = time.perf_counter() - t
        t = time.perf_counter()
        for im in images:
            encode_png(im)
        enc = time.perf_counter() - t
        rows.append(_row(f"sudoku.{variant}.instances_per_s (generate+render+encode)", len(seeds) / gen,
                         "inst/s", len(seeds) / enc, ratio=gen / enc))
        assert blobs
    rows[-1]["note"] = "ratio = time to generate / time just to PNG-encode the same images"
    return rows


def verification_rows(quick: bool) -> list[dict]:
    n = 20 if quick else 100
    tmp = Path(tempfile.mkdtemp(prefix="gp-bench-"))
    try:
        write_set(tmp / "set", {"sudoku": n}, master_seed=1, workers=2)
        answers = tmp / "answers"
        answers.mkdir()
        puzzle_set = load_set(tmp / "set")
        for k, record in enumerate(puzzle_set.records):
            src = puzzle_set.path(record.reference_images[0])
            if k % 2:  # half arrive as a model would return them: rescaled JPEG
                img = Image.open(src).convert("RGB")
                img.resize((1024, 1024)).save(answers / f"{record.id}.jpg", quality=80)
            else:
                shutil.copy(src, answers / f"{record.id}.png")
        files = sorted(answers.iterdir())
        t = time.perf_counter()
        for f in files:
            cv2.imdecode(__import__("numpy").frombuffer(f.read_bytes(), "uint8"), cv2.IMREAD_COLOR)
        decode = time.perf_counter() - t
        rows = []
        for workers in (1, 2):
            out = tmp / f"out{workers}"
            t = time.perf_counter()
            summary = evaluate(tmp / "set", answers, out, workers=workers)
            wall = time.perf_counter() - t
            assert summary["tracks"]["sudoku"]["mean"] == 100.0, summary["tracks"]
            rows.append(_row(f"sudoku.answers_verified_per_s ({workers} worker{'s' * (workers > 1)}, "
                             "half 1024px JPEG)", n / wall, "ans/s", n / decode, ratio=wall / decode))
        rows[-1]["note"] = "ratio = wall time to verify / time just to decode the same answer files"
        return rows
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run(quick: bool) -> list[dict]:
    return uniqueness_rows(quick) + generation_rows(quick) + verification_rows(quick)


if __name__ == "__main__":
    for row in run("--quick" in sys.argv):
        print(row)
