"""Every registered track in one table: generation against its PNG floor, verification against decoding,
evaluation throughput on 1 and 2 workers, peak memory.

    python benchmarks/bench_tracks.py [--n N] [--tracks a,b] [--markdown] [--generate-only]
    python benchmarks/run.py --only tracks [--quick]

It iterates the registry, so a new track appears without editing this file. Each track runs in its own
process (its peak memory is then its own). Start-up first: importing the track and building a warm-up
instance of each variant in the mix (not the set's); "startup ms" is that time less as many usual
instances (imports, lazy imports and per-process caches the first instances fill: every process pays it
once; approximate where variants differ in cost). Then ``write_set`` of N
instances in the track's default mix (generate, certify, render, PNG-encode, write), against re-encoding
the same images (the floor: what writing them costs at the least), each instance's images re-encoded right
after it is written (``PairedFloor``), so the machine's drifting speed moves both sides alike: "x PNG floor" is the steady state a
long run pays per instance, "x floor with startup" adds the start-up to the N instances (what a run of N
pays). The set is written to a RAM folder (``/dev/shm`` when there is one; ``--set-dir`` to choose): on
this machine's disk (ext4 without a journal) creating a file scans past every inode of its block group
deleted in the last minute or more, so its cost there rose from ~0.15 to ~1 ms as other runs deleted
files, and moved whole rows by up to 0.3. Writing the same files to a folder on disk is timed apart
("disk files ms/inst", CPU of creating and writing them; ``TMPDIR`` chooses the folder). Then the references as answers (PNG), verified one by one with
``verify_answer`` (load, register, read, check) against just decoding the same answer files; then
``genpuzzle evaluate`` on them with 1 and 2 workers (wall time, worker start-up included). Generation,
encoding, decoding and verification are timed in CPU time of the one process doing them (so a machine
shared with other jobs still gives fair ratios); answers/s are wall-clock, as a user sees them. The mean
score of the references is shown, so a verifier that does not give its own references 100 is visible.
Peak memory is the track process's VmHWM (imports, generation and the 1-worker evaluation; the spawned
worker of the 2-worker run is a separate process).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

MEASURE = r"""
import io, json, shutil, sys, tempfile, time
from pathlib import Path
import cv2, numpy as np
from PIL import Image
from genpuzzle.dataset import build_instance, encode_png, load_set, plan_jobs, write_set
from genpuzzle.evaluate import evaluate, verify_answer
from genpuzzle.registry import get_track

def peak_mb():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024

class PairedFloor:
    '''``write_set``'s progress callback: after each instance is written, re-encodes that instance's new
    PNG files (the floor) and keeps the CPU it spent itself out of the generation time. Pairing each
    instance with its own floor, milliseconds apart, cancels this machine's drifting speed, which moved
    two separate phases (all generation, then all encoding) by up to 0.5x between identical runs.'''

    def __init__(self, root):
        self.root, self.seen, self.encode_s, self.inside_s = root, set(), 0.0, 0.0

    def __call__(self, _count):
        entered = time.process_time()
        images = []
        for path in sorted(set(self.root.rglob("*.png")) - self.seen):
            self.seen.add(path)
            with Image.open(path) as im:
                im.load()
                images.append(im.copy())
        start = time.process_time()
        for im in images:
            encode_png(im)
        self.encode_s += time.process_time() - start
        self.inside_s += time.process_time() - entered


def disk_write_s(root, folder):
    '''CPU time of writing every file under ``root`` again below ``folder`` (the files are read first).'''
    files = [(path.relative_to(root), path.read_bytes()) for path in sorted(root.rglob("*")) if path.is_file()]
    start = time.process_time()
    for rel, data in files:
        target = folder / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return time.process_time() - start


if __name__ == "__main__":
    name, n, mode, set_parent = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4] or None
    tmp = Path(tempfile.mkdtemp(prefix=f"gp-bench-{name}-", dir=set_parent))
    disk = Path(tempfile.mkdtemp(prefix=f"gp-bench-{name}-disk-"))
    try:
        out = {"track": name, "n": n}
        # start-up: the track's imports and a first instance of each variant in the mix (lazy imports and
        # per-process caches are often per variant, e.g. per board game); another master seed, so none of
        # them is one of the set's instances
        start = time.process_time()
        get_track(name)
        firsts = {}
        for job in plan_jobs({name: n}, master_seed=1):
            firsts.setdefault(job.variant, job)
        for job in firsts.values():
            build_instance(job)
        out["startup_s"] = time.process_time() - start
        out["warmup_instances"] = len(firsts)
        floor = PairedFloor(tmp / "set")
        start = time.process_time()
        write_set(tmp / "set", {name: n}, master_seed=3, progress=floor)
        out["generate_s"] = time.process_time() - start - floor.inside_s
        out["encode_s"] = floor.encode_s
        pset = load_set(tmp / "set")
        written = {pset.path(rel) for r in pset.records for rel in (r.input_image, *r.reference_images, r.edit_mask)}
        assert written == floor.seen, "the floor must re-encode exactly the set's images"
        out["disk_write_s"] = disk_write_s(tmp / "set", disk)
        if mode == "generate-only":
            out["peak_mb"] = peak_mb()
            out["load"] = open("/proc/loadavg").read().split()[0]
            print(json.dumps(out))
            sys.exit(0)
        answers = tmp / "answers"
        answers.mkdir()
        for r in pset.records:
            shutil.copy(pset.path(r.reference_images[0]), answers / f"{r.id}.png")
        files = sorted(answers.iterdir())
        start = time.process_time()
        for f in files:
            cv2.imdecode(np.frombuffer(f.read_bytes(), np.uint8), cv2.IMREAD_COLOR)
        out["decode_s"] = time.process_time() - start
        verify_answer(pset.root, pset.records[0], answers / f"{pset.records[0].id}.png")  # lazy models loaded
        start = time.process_time()
        scores = [verify_answer(pset.root, r, answers / f"{r.id}.png").score for r in pset.records]
        out["verify_s"] = time.process_time() - start
        out["reference_mean_score"] = sum(scores) / len(scores)
        for workers in (1, 2):
            start = time.perf_counter()
            evaluate(tmp / "set", answers, tmp / f"out{workers}", workers=workers)
            out[f"evaluate_{workers}_s"] = time.perf_counter() - start
        out["peak_mb"] = peak_mb()
        out["load"] = open("/proc/loadavg").read().split()[0]
        print(json.dumps(out))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        shutil.rmtree(disk, ignore_errors=True)
"""


def ram_folder() -> str | None:
    """``/dev/shm`` when it is a writable folder, else None (the system's temporary folder)."""
    shm = Path("/dev/shm")
    return str(shm) if shm.is_dir() and os.access(shm, os.W_OK) else None


def measure_track(name: str, n: int, generate_only: bool = False, set_dir: str | None = None) -> dict:
    """One track's figures, measured in a fresh process; ``{"track", "error"}`` when it fails. With
    ``generate_only`` the verification and evaluation figures are None (not measured). The set is written
    below ``set_dir`` (default: :func:`ram_folder`)."""
    set_dir = ram_folder() if set_dir is None else set_dir
    args = [sys.executable, "-c", MEASURE, name, str(n), "generate-only" if generate_only else "full", set_dir or ""]
    done = subprocess.run(args, capture_output=True, text=True)
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"track": name, "error": tail[:200]}
    raw = json.loads(lines[-1])
    n = raw["n"]
    per_instance = raw["generate_s"] / n
    # what the first instances cost beyond usual ones (approximate: variants differ in cost)
    startup = max(0.0, raw["startup_s"] - raw["warmup_instances"] * per_instance)
    return {
        "track": name, "n": n,
        "startup_ms": 1e3 * startup,
        "generate_ms": 1e3 * per_instance,
        "generate_vs_png_floor": raw["generate_s"] / raw["encode_s"],
        "with_startup_vs_png_floor": (raw["generate_s"] + startup) / raw["encode_s"],
        "disk_write_ms": 1e3 * raw["disk_write_s"] / n,
        "verify_ms": 1e3 * raw["verify_s"] / n if "verify_s" in raw else None,
        "verify_vs_decode": raw["verify_s"] / raw["decode_s"] if "verify_s" in raw else None,
        "answers_per_s_1": n / raw["evaluate_1_s"] if "evaluate_1_s" in raw else None,
        "answers_per_s_2": n / raw["evaluate_2_s"] if "evaluate_2_s" in raw else None,
        "peak_mb": raw["peak_mb"],
        "reference_mean_score": raw.get("reference_mean_score"),
        "load": float(raw["load"]),
    }


COLUMNS = [("track", "track", "{}"), ("n", "n", "{}"), ("startup_ms", "startup ms", "{:.0f}"),
           ("generate_ms", "generate ms/inst", "{:.1f}"), ("generate_vs_png_floor", "x PNG floor", "{:.2f}"),
           ("with_startup_vs_png_floor", "x floor with startup", "{:.2f}"),
           ("disk_write_ms", "disk files ms/inst", "{:.1f}"),
           ("verify_ms", "verify ms/answer", "{:.1f}"),
           ("verify_vs_decode", "x decode", "{:.1f}"), ("answers_per_s_1", "ans/s 1 worker", "{:.1f}"),
           ("answers_per_s_2", "ans/s 2 workers", "{:.1f}"), ("peak_mb", "peak MB", "{:.0f}"),
           ("reference_mean_score", "ref score", "{:.1f}"), ("load", "load", "{:.0f}")]


def _cell(value, fmt: str) -> str:
    return "-" if value is None else fmt.format(value)


def markdown(results: list[dict]) -> str:
    lines = ["| " + " | ".join(title for _, title, _ in COLUMNS) + " |",
             "|" + "---|" * len(COLUMNS)]
    for r in results:
        if "error" in r:
            lines.append(f"| {r['track']} | failed: {r['error']} |" + " |" * (len(COLUMNS) - 2))
        else:
            lines.append("| " + " | ".join(_cell(r[key], fmt) for key, _, fmt in COLUMNS) + " |")
    return "\n".join(lines)


def run(quick: bool, n: int | None = None, tracks: list[str] | None = None) -> list[dict]:
    """Rows for ``benchmarks/run.py``: per track, generation vs its PNG floor and verification vs decoding."""
    sys.path.insert(0, str(HERE))
    from benchlib import row

    from genpuzzle.registry import track_names

    rows = []
    for name in tracks or track_names():
        r = measure_track(name, n or (4 if quick else 12))
        if "error" in r:
            rows.append({"name": f"{name}: failed", "value": 0.0, "unit": "-", "baseline": 0.0, "ratio": None,
                         "note": r["error"]})
            continue
        rows.append(row(f"{name} generate (ms/instance)", r["generate_ms"], "ms",
                        r["generate_ms"] / r["generate_vs_png_floor"], ratio=r["generate_vs_png_floor"],
                        note=f"ratio = write_set time / time to PNG-encode the same images, after start-up "
                             f"({r['startup_ms']:.0f} ms: imports and the first instance's extra; "
                             f"{r['with_startup_vs_png_floor']:.2f}x with it; set in a RAM folder, its files "
                             f"written to disk apart: {r['disk_write_ms']:.1f} ms/instance)"))
        rows.append(row(f"{name} verify_answer (ms/answer)", r["verify_ms"], "ms",
                        r["verify_ms"] / r["verify_vs_decode"], ratio=r["verify_vs_decode"],
                        note=f"references as PNG answers, mean score {r['reference_mean_score']:.1f}; "
                             f"ratio = time / decoding the answer files"))
        rows.append(row(f"{name} evaluate answers/s (1 / 2 workers)", r["answers_per_s_1"], "ans/s",
                        r["answers_per_s_2"], note=f"peak memory {r['peak_mb']:.0f} MB; baseline column = 2 workers"))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=12, help="instances per track")
    parser.add_argument("--tracks", default="", help="comma-separated tracks (default: every registered track)")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    parser.add_argument("--generate-only", action="store_true",
                        help="only start-up and generation against the PNG floor (no verification, no evaluate)")
    parser.add_argument("--set-dir", help="folder to write the sets in (default /dev/shm, a RAM folder, when "
                                          "there is one; the disk-files column always uses TMPDIR)")
    args = parser.parse_args()
    from genpuzzle.registry import track_names

    names = [t.strip() for t in args.tracks.split(",") if t.strip()] or track_names()
    results = []
    started = time.perf_counter()
    for name in names:
        results.append(measure_track(name, args.n, args.generate_only, args.set_dir))
        r = results[-1]
        if not args.markdown:
            if "error" in r:
                print(f"{name:<22} failed: {r['error']}", flush=True)
            else:
                print("  ".join(f"{title} {_cell(r[key], fmt)}" for key, title, fmt in COLUMNS), flush=True)
    if args.markdown:
        print(markdown(results))
    print(f"({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
