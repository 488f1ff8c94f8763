"""Maze benchmark: generation and verification throughput per track, as ratios to the PNG floor.

Generation (generate + render, per instance) is compared with PNG-encoding the same instance's images;
verification (``track.verify`` on the registered reference answer and on a redrawn answer -- walls 1.6x as
thick, a dashed route, from ``tests/maze_answers.py`` -- and the full ``verify_answer`` pipeline: load +
register + verify) with PNG-decoding the answer file. Also the calibration ladder's scores on a few
instances. Run: ``python benchmarks/bench_maze.py [--quick]``.
"""

from __future__ import annotations

import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from PIL import Image

from benchlib import median_time

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import maze_answers  # noqa: E402  (answer styles shared with the tests)
from genpuzzle.dataset import encode_png, load_set, write_set
from genpuzzle.evaluate import verify_answer
from genpuzzle.registry import get_track

TRACKS = ("maze_beginner", "maze_intermediate", "maze_advanced")


def redrawn_answer(case: maze_answers.MazeCase) -> np.ndarray:
    """The maze as a model regenerates it (walls 1.6x as thick) with a dashed route."""
    image = maze_answers.redraw_walls(case.input, case.layout, case.maze, 1.6)
    s = case.layout["cell_px"]
    maze_answers.draw_dashed(image, maze_answers.route_points(case.layout, case.path), (220, 30, 30), 4,
                             0.3 * s, 0.2 * s)
    return image


def run(quick: bool) -> list[dict]:
    n = 4 if quick else 16
    rows: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "set"
        write_set(root, {name: n for name in TRACKS}, master_seed=1)
        pset = load_set(root)
        for name in TRACKS:
            track = get_track(name)
            records = [r for r in pset.records if r.track == name]
            gen, enc, ver, redrawn, full, dec = [], [], [], [], [], []
            for rec in records:
                t = time.perf_counter()
                puzzle = track.generate(rec.seed, rec.variant)
                gen.append(time.perf_counter() - t)
                images = [puzzle.input_image, *puzzle.reference_images, puzzle.edit_mask]
                enc.append(median_time(lambda: [encode_png(im) for im in images], 1))
                ref_path = root / rec.reference_images[0]
                data = ref_path.read_bytes()
                dec.append(median_time(lambda: np.asarray(Image.open(io.BytesIO(data)).convert("RGB")), 3))
                answer = np.asarray(Image.open(ref_path).convert("RGB"))
                inp = np.asarray(Image.open(root / rec.input_image).convert("RGB"))
                verdict = track.verify(rec, answer, inp)
                assert verdict.score == 100, (rec.id, verdict.codes)
                ver.append(median_time(lambda: track.verify(rec, answer, inp), 3))
                drawn = redrawn_answer(maze_answers.MazeCase(root, rec))
                assert track.verify(rec, drawn, inp).score == 100, rec.id
                redrawn.append(median_time(lambda: track.verify(rec, drawn, inp), 3))
                full.append(median_time(lambda: verify_answer(root, rec, ref_path), 1))
            g, e, v, rd, f, d = (statistics.median(x) for x in (gen, enc, ver, redrawn, full, dec))
            rows += [
                {"name": f"{name} generate (ms/instance)", "value": round(1e3 * g, 2), "unit": "ms",
                 "baseline": round(1e3 * e, 2), "ratio": round(g / e, 2)},
                {"name": f"{name} verify, registered (ms/answer)", "value": round(1e3 * v, 2), "unit": "ms",
                 "baseline": round(1e3 * d, 2), "ratio": round(v / d, 2)},
                {"name": f"{name} verify, redrawn dashed answer (ms/answer)", "value": round(1e3 * rd, 2),
                 "unit": "ms", "baseline": round(1e3 * d, 2), "ratio": round(rd / d, 2)},
                {"name": f"{name} verify_answer, load+register+verify (ms/answer)", "value": round(1e3 * f, 2),
                 "unit": "ms", "baseline": round(1e3 * d, 2), "ratio": round(f / d, 2)},
            ]
    return rows


if __name__ == "__main__":
    for row in run(quick="--quick" in sys.argv):
        print(f"{row['name']:62s} {row['value']:9.2f} {row['unit']:3s} baseline {row['baseline']:8.2f}  "
              f"ratio {row['ratio']:.2f}")
