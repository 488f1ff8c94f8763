"""Sudoku benchmark: uniqueness checks/s, generation vs PNG encoding, verification vs PNG decoding.

    python benchmarks/bench_sudoku.py [--quick]
"""

from __future__ import annotations

import random
import statistics
import sys
import time


from benchlib import evaluation_throughput_rows, median_time, row
from genpuzzle.dataset import encode_png
from genpuzzle.registry import get_track
from genpuzzle.seeds import derive_seed
from genpuzzle.solvers.sudoku import Board, carve_unique, count_solutions, count_solutions_cpsat, random_full_grid


def uniqueness_rows(quick: bool) -> list[dict]:
    board = Board(3, 3)
    puzzles = []
    for seed in range(20 if quick else 100):
        rng = random.Random(seed)
        puzzles.append(carve_unique(random_full_grid(board, rng), board, rng, 0))  # minimal: the hardest we make
    ours = [median_time(lambda p=p: count_solutions(p, board, 2), 3) for p in puzzles]
    cpsat = [median_time(lambda p=p: count_solutions_cpsat(p, board, 2), 1) for p in puzzles]
    return [
        row("sudoku.9x9.uniqueness_checks_per_s (minimal puzzles, 1 core)", 1 / statistics.median(ours),
             "checks/s", 1000.0),
        row("sudoku.9x9.uniqueness_median_ms", statistics.median(ours) * 1e3, "ms",
             statistics.median(cpsat) * 1e3),
        row("sudoku.9x9.speedup_vs_cpsat_counter", statistics.median(cpsat) / statistics.median(ours), "x", 1.0),
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
        rows.append(row(f"sudoku.{variant}.instances_per_s (generate+render+encode)", len(seeds) / gen,
                         "inst/s", len(seeds) / enc, ratio=gen / enc))
        assert blobs
    rows[-1]["note"] = "ratio = time to generate / time just to PNG-encode the same images"
    return rows


def verification_rows(quick: bool) -> list[dict]:
    return evaluation_throughput_rows("sudoku", 20 if quick else 300)


def run(quick: bool) -> list[dict]:
    return uniqueness_rows(quick) + generation_rows(quick) + verification_rows(quick)


if __name__ == "__main__":
    for row in run("--quick" in sys.argv):
        print(row)
