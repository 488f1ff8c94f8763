"""Pattern-completion benchmark: generation (proof + render) vs PNG encoding per variant, the default
394-instance set on 2 workers against the one-minute target, acceptance rates and time of the uniqueness
proofs, reader accuracy on tuned and held-out answer styles, and verification vs PNG decoding.

    python benchmarks/bench_pattern_completion.py [--quick]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from benchlib import evaluation_throughput_rows, row, set_wall_rows
from benchlib import generation_rows as track_generation_rows

from genpuzzle.registry import get_track
from genpuzzle.solvers.pattern_completion import prove_cells, prove_objects
from genpuzzle.tracks.pattern_completion import (
    SLOTS,
    generate_cells,
    generate_counting,
    generate_objects,
    generate_sequence,
    object_levels,
    prove_row,
)

TRACK = "pattern_completion"


def generation_rows(quick: bool) -> list[dict]:
    return track_generation_rows(TRACK, get_track(TRACK).variants, 10 if quick else 60,
                                 "generate+prove+render+encode")


def set_rows(quick: bool) -> list[dict]:
    return set_wall_rows(TRACK, 100 if quick else 394,
                         "baseline = the issue's target: 394 instances in under a minute on 2 cores")


def acceptance_rows(quick: bool) -> list[dict]:
    """Share of generator candidates whose uniqueness proof holds, and the proof's time per candidate."""
    rows = []
    trials = 100 if quick else 500
    for kind in ("cells", "center_single", "grid2x2", "grid3x3", "in_out", "sequence", "counting"):
        rng = random.Random(7)
        made = kept = 0
        spent = 0.0
        for _ in range(trials):
            if kind == "cells":
                m = generate_cells(rng)
            elif kind == "sequence":
                m = generate_sequence(rng)
            elif kind == "counting":
                m = generate_counting(rng)
            else:
                m = generate_objects(rng, kind)
            if m is None:
                continue
            made += 1
            t = time.perf_counter()
            if kind == "cells":
                proof = prove_cells(m["panels"])
            elif kind in ("sequence", "counting"):
                proof = prove_row(m["kind"], m["values"])
            else:
                proof = prove_objects(m["panels"], kind, object_levels(kind), SLOTS[kind])
            spent += time.perf_counter() - t
            kept += proof["unique"]
        rows.append(row(f"{TRACK}.{kind}.proof_acceptance_rate", kept / max(1, made), "share", 1.0,
                        note=f"{made} non-degenerate candidates"))
        rows.append(row(f"{TRACK}.{kind}.proof_ms_per_candidate", 1000 * spent / max(1, made), "ms", 1.0))
    return rows


def accuracy_rows(quick: bool) -> list[dict]:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    import pattern_completion_answers as answers

    rows = []
    for label, styles in (("tuned", answers.TUNE), ("held_out", answers.HELDOUT)):
        for variant, m in answers.measure(styles, count=4 if quick else 12, seed=1001).items():
            rows.append(row(f"{TRACK}.{variant}.{label}_styles.correct_answers_scoring_100", m["pass_rate"], "share",
                            1.0, note=f"{m['answers']} answers, {m['reviewed']} of the others sent to review; "
                                      f"failures: {m['failures'][:3]}"))
            rows.append(row(f"{TRACK}.{variant}.{label}_styles.planted_errors_caught", m["caught_rate"], "share", 1.0,
                            note=f"{m['planted']} planted (one cell/attribute wrong; a given panel changed); "
                                 f"{m['false_passes']} scored 100; missed: {m['missed'][:3]}"))
    return rows


def verification_rows(quick: bool) -> list[dict]:
    return evaluation_throughput_rows(TRACK, 20 if quick else 60, repeats=1 if quick else 2)


def run(quick: bool) -> list[dict]:
    return (generation_rows(quick) + set_rows(quick) + acceptance_rows(quick) + accuracy_rows(quick)
            + verification_rows(quick))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    for r in run("--quick" in sys.argv):
        print(r)
