"""Math-proof benchmark: generation vs PNG encoding per variant (the PNG floor), correct answers redrawn
in the tuned and the held-out styles scoring 100 and planted errors named, and verification vs PNG
decoding.

    python benchmarks/bench_math_proof.py [--quick]
"""

from __future__ import annotations

import sys
from pathlib import Path

from benchlib import evaluation_throughput_rows, generation_rows as track_generation_rows, row
from genpuzzle.registry import get_track


def generation_rows(quick: bool) -> list[dict]:
    return track_generation_rows("math_proof", get_track("math_proof").variants, 8 if quick else 40,
                                 "generate+exact objects+distinguishability check+render+encode")


def accuracy_rows(quick: bool) -> list[dict]:
    """Correct answers redrawn in tuned and held-out styles scoring 100, and planted errors caught
    (``tests/math_proof_answers.py``)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    import math_proof_answers as answers

    rows = []
    for label, styles, seed in (("tuned", answers.TUNE, 101), ("held_out", answers.HELDOUT, 202)):
        m = answers.measure(styles, count=8 if quick else 30, seed=seed)
        rows.append(row(f"math_proof.{label}_styles.correct_answers_scoring_100", m["pass_rate"], "share", 1.0,
                        note=f"{m['answers']} answers; failures: {m['failures'][:4]}"))
        rows.append(row(f"math_proof.{label}_styles.planted_errors_caught", m["caught_rate"], "share", 1.0,
                        note=f"{m['planted']} planted errors ({', '.join(answers.ERRORS)})"))
    return rows


def verification_rows(quick: bool) -> list[dict]:
    return evaluation_throughput_rows("math_proof", 12 if quick else 40, repeats=1 if quick else 3)


def run(quick: bool) -> list[dict]:
    return generation_rows(quick) + accuracy_rows(quick) + verification_rows(quick)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    for r in run("--quick" in sys.argv):
        print(r)
