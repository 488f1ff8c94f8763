"""Orthographic benchmark: generation vs PNG encoding per variant, the 90-instance set on 2 workers
against the one-minute target, the certificates' acceptance rates, and verification vs PNG decoding.

    python benchmarks/bench_orthographic.py [--quick]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from benchlib import evaluation_throughput_rows, generation_rows as track_generation_rows, row, set_wall_rows
from genpuzzle.registry import get_track
from genpuzzle.solvers.orthographic import VIEWS, drawing_bounds, drawing_fixes_views, third_view_unique, views_of
from genpuzzle.tracks.orthographic import random_heightmap


def generation_rows(quick: bool) -> list[dict]:
    return track_generation_rows("orthographic", get_track("orthographic").variants, 6 if quick else 30,
                                 "generate+certify+render+encode")


def set_rows(quick: bool) -> list[dict]:
    """Wall time of ``write_set`` for the default 90 instances (30 per variant) on 2 workers."""
    return set_wall_rows("orthographic", 30 if quick else 90,
                         "baseline = the issue's target: 90 instances in under a minute on 2 cores")


def acceptance_rows(quick: bool) -> list[dict]:
    """Share of generator structures that pass each certificate (n = 3, 4, 5)."""
    rows = []
    trials = 60 if quick else 300
    for n in (3, 4, 5):
        rng = random.Random(n)
        drawn = views_only = with_drawing = 0
        for k in range(trials):
            h = random_heightmap(n, rng)
            drawn += drawing_fixes_views(h)
            v = views_of(h)
            missing = VIEWS[k % 3]
            given = {name: v[name] for name in VIEWS if name != missing}
            alone = third_view_unique(given, missing, v[missing])  # the generator's exact count
            views_only += alone
            lo, hi = drawing_bounds(h)
            with_drawing += alone or third_view_unique(given, missing, v[missing], lo, hi)
        rows.append(row(f"orthographic.n{n}.drawing_fixes_views_rate", drawn / trials, "share", 1.0,
                        note="solid_to_views keeps these"))
        rows.append(row(f"orthographic.n{n}.missing_view_unique_from_two_views_rate", views_only / trials, "share", 1.0))
        rows.append(row(f"orthographic.n{n}.missing_view_unique_with_drawing_rate", with_drawing / trials, "share", 1.0,
                        note="missing_view keeps these (the drawing is shown only when the two views are not enough)"))
    return rows


def accuracy_rows(quick: bool) -> list[dict]:
    """Correct answers redrawn in tuned and held-out styles scoring 100, and planted errors caught
    (``tests/orthographic_answers.py``)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    import orthographic_answers as answers

    rows = []
    for label, styles in (("tuned", answers.TUNE), ("held_out", answers.HELDOUT)):
        m = answers.measure(styles, count=6 if quick else 15, seed=101)
        rows.append(row(f"orthographic.{label}_styles.correct_answers_scoring_100", m["pass_rate"], "share", 1.0,
                        note=f"{m['answers']} answers; failures: {m['failures'][:3]}"))
        rows.append(row(f"orthographic.{label}_styles.planted_errors_caught", m["caught_rate"], "share", 1.0,
                        note=f"{m['planted']} planted errors ({', '.join(answers.ERRORS)})"))
    return rows


def verification_rows(quick: bool) -> list[dict]:
    return evaluation_throughput_rows("orthographic", 15 if quick else 60, repeats=1 if quick else 3)


def run(quick: bool) -> list[dict]:
    return (generation_rows(quick) + set_rows(quick) + acceptance_rows(quick) + accuracy_rows(quick)
            + verification_rows(quick))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    for r in run("--quick" in sys.argv):
        print(r)
