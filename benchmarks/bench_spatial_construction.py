"""Spatial-construction benchmark: generation vs PNG encoding per variant, the 56-instance set on 2 workers
against a one-minute target, the generators' certificate acceptance (attempts per kept instance), the
verifier's accuracy on tuned and held-out answer styles, and verification vs PNG decoding.

    python benchmarks/bench_spatial_construction.py [--quick]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from benchlib import evaluation_throughput_rows, row, set_wall_rows
from benchlib import generation_rows as track_generation_rows

from genpuzzle.registry import get_track
from genpuzzle.tracks.spatial_construction import make_assembly, make_cross_section, make_cube_net, make_paper_folding

TRACK = "spatial_construction"


def generation_rows(quick: bool) -> list[dict]:
    return track_generation_rows(TRACK, get_track(TRACK).variants, 6 if quick else 20,
                                 "generate+certify+render+encode")


def set_rows(quick: bool) -> list[dict]:
    """Wall time of ``write_set`` for the default 56 instances (14 per variant) on 2 workers."""
    return set_wall_rows(TRACK, 20 if quick else 56,
                         "baseline = one minute for GenPuzzle's 56 instances on 2 cores")


def acceptance_rows(quick: bool) -> list[dict]:
    """Share of generator candidates that pass each variant's certificate (and checks of drawability)."""
    trials = 100 if quick else 400
    rows = []
    for name, maker in (("cube_net", make_cube_net), ("paper_folding", make_paper_folding),
                        ("cross_section", make_cross_section), ("assembly", make_assembly)):
        rng = random.Random(7)
        kept = sum(maker(rng) is not None for _ in range(trials))
        rows.append(row(f"{TRACK}.{name}.candidates_kept_rate", kept / trials, "share", 1.0,
                        note=f"{trials} candidates"))
    return rows


def accuracy_rows(quick: bool) -> list[dict]:
    """Correct answers redrawn in tuned and held-out styles scoring 100, and planted errors caught and named
    (``tests/spatial_construction_answers.py``)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    import spatial_construction_answers as answers

    rows = []
    for label, styles in (("tuned", answers.TUNE), ("held_out", answers.HELDOUT)):
        m = answers.measure(styles, count=8 if quick else 16, seed=101)
        rows.append(row(f"{TRACK}.{label}_styles.correct_answers_scoring_100", m["pass_rate"], "share", 1.0,
                        note=f"{m['answers']} answers; failures: {m['failures'][:3]}"))
        rows.append(row(f"{TRACK}.{label}_styles.planted_errors_caught_and_named", m["caught_rate"], "share", 1.0,
                        note=f"{m['planted']} planted errors; misses: {m['misses'][:3]}"))
    return rows


def verification_rows(quick: bool) -> list[dict]:
    return evaluation_throughput_rows(TRACK, 16 if quick else 56, repeats=1 if quick else 3)


def run(quick: bool) -> list[dict]:
    return (generation_rows(quick) + set_rows(quick) + acceptance_rows(quick) + accuracy_rows(quick)
            + verification_rows(quick))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    for r in run("--quick" in sys.argv):
        print(r)
