"""Matchstick benchmark: exhaustive k-move search time by k, generation and verification throughput.

Baselines are measured in the same run: the search against independent brute force (all slot subsets for
k <= 2, the glyph-by-glyph enumeration for k = 3, 4), generation against PNG-encoding the same images,
verification (registration + reading + checks) against PNG-decoding the same answer.
"""

from __future__ import annotations

import io
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image

from benchlib import median_time
from genpuzzle.dataset import encode_png, load_set, write_set
from genpuzzle.evaluate import verify_answer
from genpuzzle.registry import get_track
from genpuzzle.solvers.matchstick import all_slot_moves, decode, enumerate_by_glyphs, generate, is_true, search


def _slot_brute_force(occupied: tuple[bool, ...], frame, k: int) -> list[str]:
    found = set()
    for removed, added in all_slot_moves(occupied, k):
        conf = list(occupied)
        for j in removed:
            conf[j] = False
        for j in added:
            conf[j] = True
        glyphs = decode(tuple(conf), frame)
        if None not in glyphs and is_true("".join(glyphs)):
            found.add("".join(glyphs))
    return sorted(found)


def _row(name: str, value: float, unit: str, baseline: float) -> dict:
    return {"name": name, "value": round(value, 6), "unit": unit, "baseline": round(baseline, 6),
            "ratio": round(value / baseline, 4) if baseline else None}


def run(quick: bool) -> list[dict]:
    rows = []
    per_k = 4 if quick else 12
    for k in (1, 2, 3, 4):
        rng = random.Random(1000 + k)
        instances = [generate(rng, k) for _ in range(per_k)]
        t_search = statistics.median(median_time(lambda i=i: search(i.occupied, i.frame, k), 3) for i in instances)
        if k <= 2:
            base = statistics.median(median_time(lambda i=i: _slot_brute_force(i.occupied, i.frame, k), 1)
                                     for i in instances[:3])
            label = "slot brute force"
        else:
            base = statistics.median(median_time(lambda i=i: enumerate_by_glyphs(i.occupied, i.frame, k), 1)
                                     for i in instances[:3])
            label = "glyph enumeration"
        rows.append(_row(f"search k={k} (median per instance; baseline {label})", t_search * 1e3, "ms", base * 1e3))
        t_gen = statistics.median(median_time(lambda s=s: generate(random.Random(s), k), 1) for s in range(per_k))
        rows.append(_row(f"instance search+selection k={k} (no rendering; baseline search)", t_gen * 1e3, "ms",
                         t_search * 1e3))

    track = get_track("matchstick")
    n = 6 if quick else 20
    gen_times, enc_times = [], []
    for s in range(n):
        t = time.perf_counter()
        puzzle = track.generate(s, track.plan_variants(n)[s])
        gen_times.append(time.perf_counter() - t)
        t = time.perf_counter()
        for image in (puzzle.input_image, *puzzle.reference_images, puzzle.edit_mask):
            encode_png(image)
        enc_times.append(time.perf_counter() - t)
    rows.append(_row("generate one instance (search + render; baseline PNG encode of its images)",
                     statistics.median(gen_times) * 1e3, "ms", statistics.median(enc_times) * 1e3))

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "set"
        write_set(root, {"matchstick": n}, master_seed=3)
        puzzle_set = load_set(root)
        ver_times, dec_times = [], []
        for record in puzzle_set.records:
            answer = root / record.reference_images[0]
            verify_answer(root, record, answer)  # warm the instance-image cache, as in a real run
            t = time.perf_counter()
            verdict = verify_answer(root, record, answer)
            ver_times.append(time.perf_counter() - t)
            assert verdict.score == 100, verdict.to_json()
            data = answer.read_bytes()
            t = time.perf_counter()
            Image.open(io.BytesIO(data)).convert("RGB").load()
            dec_times.append(time.perf_counter() - t)
    rows.append(_row("verify one answer (register + read + check; baseline PNG decode)",
                     statistics.median(ver_times) * 1e3, "ms", statistics.median(dec_times) * 1e3))
    return rows


if __name__ == "__main__":
    for row in run(quick="--quick" in sys.argv):
        print(f"{row['name']:<80} {row['value']:>10.3f} {row['unit']:<3} baseline {row['baseline']:>10.3f}"
              f"  ratio {row['ratio']}")
