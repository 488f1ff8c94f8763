"""Helpers shared by the benchmark files: result rows, median timing, evaluation throughput."""

from __future__ import annotations

import shutil
import statistics
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np
from PIL import Image

from genpuzzle.dataset import load_set, write_set
from genpuzzle.evaluate import evaluate


def row(name: str, value: float, unit: str, baseline: float, ratio: float | None = None,
        note: str | None = None) -> dict:
    """One benchmark row; ``ratio`` defaults to value / baseline."""
    out = {"name": name, "value": round(value, 4), "unit": unit, "baseline": round(baseline, 4),
           "ratio": round(ratio if ratio is not None else value / baseline, 4)}
    if note:
        out["note"] = note
    return out


def median_time(fn, repeat: int = 1) -> float:
    """Median wall time of ``repeat`` calls of ``fn``, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def set_wall_rows(track: str, count: int, note: str) -> list[dict]:
    """Wall time of ``write_set`` for ``count`` instances of ``track`` on 2 workers (start-up included),
    against a one-minute baseline."""
    tmp = Path(tempfile.mkdtemp(prefix=f"gp-bench-{track}-"))
    try:
        t = time.perf_counter()
        write_set(tmp / "set", {track: count}, master_seed=1, workers=2)
        wall = time.perf_counter() - t
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return [row(f"{track}.set_of_{count}_wall_s (2 workers, incl. worker start-up)", wall, "s", 60.0, note=note)]


def generation_rows(track_name: str, variants: list[str] | tuple[str, ...], n: int, steps: str) -> list[dict]:
    """Per variant: instances generated per second (``n`` instances: generate, certify, render and
    PNG-encode, ``steps`` naming what the track does), against just PNG-encoding the same images."""
    from genpuzzle.dataset import encode_png
    from genpuzzle.registry import get_track
    from genpuzzle.seeds import derive_seed

    track = get_track(track_name)
    rows = []
    for variant in variants:
        seeds = [derive_seed(0, track_name, variant, i) for i in range(n)]
        start = time.perf_counter()
        puzzles = [track.generate(s, variant) for s in seeds]
        images = [im for p in puzzles for im in (p.input_image, *p.reference_images, p.edit_mask)]
        for im in images:
            encode_png(im)
        gen = time.perf_counter() - start
        start = time.perf_counter()
        for im in images:
            encode_png(im)
        enc = time.perf_counter() - start
        rows.append(row(f"{track_name}.{variant}.instances_per_s ({steps})", n / gen, "inst/s", n / enc,
                        ratio=gen / enc, note="ratio = time to generate / time just to PNG-encode the same images"))
    return rows


def evaluation_throughput_rows(track: str, n: int, variants: list[str] | None = None,
                               repeats: int = 3) -> list[dict]:
    """Answers verified per second by ``genpuzzle evaluate`` with 1 and 2 workers, against just decoding
    the same answer files. Half the answers are references as PNG, half resized to 1024x1024 JPEG as an
    image model returns them; every one must score 100. Each figure is the median of ``repeats`` runs
    (the machine's timing varies by several per cent from run to run)."""
    tmp = Path(tempfile.mkdtemp(prefix=f"gp-bench-{track}-"))
    try:
        write_set(tmp / "set", {track: n}, master_seed=1, workers=2,
                  variants={track: variants} if variants else None)
        answers = tmp / "answers"
        answers.mkdir()
        puzzle_set = load_set(tmp / "set")
        for k, record in enumerate(puzzle_set.records):
            src = puzzle_set.path(record.reference_images[0])
            if k % 2:
                Image.open(src).convert("RGB").resize((1024, 1024)).save(answers / f"{record.id}.jpg", quality=80)
            else:
                shutil.copy(src, answers / f"{record.id}.png")
        files = sorted(answers.iterdir())

        def decode_all() -> None:
            for f in files:
                cv2.imdecode(np.frombuffer(f.read_bytes(), np.uint8), cv2.IMREAD_COLOR)

        decode = median_time(decode_all, repeats)
        rows = []
        for workers in (1, 2):
            walls, steadies = [], []
            for attempt in range(repeats):
                stamps: list[float] = []
                start = time.perf_counter()
                summary = evaluate(tmp / "set", answers, tmp / f"out{workers}-{attempt}", workers=workers,
                                   progress=lambda done, total: stamps.append(time.perf_counter()))
                walls.append(time.perf_counter() - start)
                assert summary["tracks"][track]["mean"] == 100.0, summary["tracks"]
                # Steady state: from the first verdict to the last, i.e. without process start-up.
                steadies.append((len(stamps) - 1) / (stamps[-1] - stamps[0]))
            wall, steady = statistics.median(walls), statistics.median(steadies)
            label = f"{workers} worker{'s' * (workers > 1)}, half 1024px JPEG"
            rows.append(row(f"{track}.answers_verified_per_s ({label})", n / wall, "ans/s", n / decode,
                            ratio=wall / decode,
                            note=f"median of {repeats} runs (range {n / max(walls):.1f}-{n / min(walls):.1f}); "
                                 "ratio = wall time to verify (load, register, read, check; worker start-up "
                                 "included) / time just to decode the same answer files"))
            rows.append(row(f"{track}.answers_verified_per_s steady state ({label})", steady, "ans/s",
                            n / decode, ratio=(n / decode) / steady))
        return rows
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
