"""Scale: the Ray backend against the process pool, and peak memory against the number of instances.

Rows: generation and verification throughput with the Ray backend (a local Ray instance, start-up
included) at 1 and 2 workers, as a ratio to the process-pool backend on the same work; and the peak
resident memory of a ``generate`` and an ``evaluate`` process (1 worker, so the figure is the driver's
own) at two set sizes, with the ratio of the larger to the smaller.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchlib import row

from genpuzzle.dataset import load_set, write_set
from genpuzzle.evaluate import evaluate

MEASURE = r"""
import json, sys, time
from pathlib import Path
from genpuzzle.dataset import write_set, load_set
from genpuzzle.evaluate import evaluate
mode, root, n = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
import genpuzzle.registry as registry
for name in ("sudoku",):
    registry.get_track(name)
def status(key):
    for line in open("/proc/self/status"):
        if line.startswith(key):
            return int(line.split()[1]) / 1024
with open("/proc/self/clear_refs", "w") as f:  # reset the peak (VmHWM): measure the work, not the imports
    f.write("5")
before = status("VmRSS:")
start = time.perf_counter()
if mode == "generate":
    write_set(root / "set", {"sudoku": n}, 1, variants={"sudoku": ["4x4"]})
else:
    evaluate(root / "set", root / "answers", root / "out")
print(json.dumps({"peak_mb": status("VmHWM:"), "growth_mb": status("VmHWM:") - before,
                  "seconds": time.perf_counter() - start}))
"""


def _measure(mode: str, root: Path, n: int) -> dict:
    done = subprocess.run([sys.executable, "-c", MEASURE, mode, str(root), str(n)], capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def _answers(set_dir: Path, answers: Path) -> None:
    """The set's references as answers."""
    answers.mkdir(exist_ok=True)
    puzzle_set = load_set(set_dir)
    for record in puzzle_set.records:
        shutil.copy(puzzle_set.path(record.reference_images[0]), answers / f"{record.id}.png")


def run(quick: bool) -> list[dict]:
    rows = []
    tmp = Path(tempfile.mkdtemp(prefix="gp-bench-scale-"))
    try:
        counts = {"sudoku": 40 if quick else 200, "maze_intermediate": 10 if quick else 50}
        n = sum(counts.values())
        for workers in (1, 2):
            timings = {}
            for backend in ("local", "ray"):
                start = time.perf_counter()
                write_set(tmp / f"gen-{backend}-{workers}", counts, 7, workers=workers, backend=backend)
                timings[backend] = time.perf_counter() - start
            rows.append(row(f"generate {n} instances, ray backend, {workers} worker(s)", n / timings["ray"],
                            "inst/s", n / timings["local"], ratio=timings["ray"] / timings["local"],
                            note="ratio = Ray wall time / process-pool wall time (local Ray start-up included)"))
        set_root = tmp / "gen-local-2"
        answers = tmp / "answers"
        _answers(set_root, answers)
        for workers in (1, 2):
            timings = {}
            for backend in ("local", "ray"):
                start = time.perf_counter()
                evaluate(set_root, answers, tmp / f"eval-{backend}-{workers}", workers=workers, backend=backend)
                timings[backend] = time.perf_counter() - start
            rows.append(row(f"evaluate {n} answers, ray backend, {workers} worker(s)", n / timings["ray"], "ans/s",
                            n / timings["local"], ratio=timings["ray"] / timings["local"],
                            note="ratio = Ray wall time / process-pool wall time (local Ray start-up included)"))
        sizes = (200, 1000) if quick else (1000, 20000)
        peaks: dict[str, list[dict]] = {"generate": [], "evaluate": []}
        for size in sizes:
            root = tmp / f"mem-{size}"
            root.mkdir()
            peaks["generate"].append(_measure("generate", root, size))
            _answers(root / "set", root / "answers")
            peaks["evaluate"].append(_measure("evaluate", root, size))
            shutil.rmtree(root, ignore_errors=True)
        for mode, (small, large) in peaks.items():
            rows.append(row(f"{mode} peak RSS at {sizes[1]} vs {sizes[0]} Sudoku 4x4 instances", large["peak_mb"],
                            "MB", small["peak_mb"],
                            note=f"ratio = peak at {sizes[1]} / at {sizes[0]} instances (flat = 1.0); growth above "
                                 f"the imported process: {small['growth_mb']:.1f} MB -> {large['growth_mb']:.1f} MB"))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return rows
