"""Nonogram benchmark: uniqueness-proof time (15x15 target <= 50 ms on one core), generation vs PNG
encoding, verification vs PNG decoding.

    python benchmarks/bench_nonogram.py [--quick] [--hard]   (--hard: only the hard clue pages' verify rows)
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path


from benchlib import evaluation_throughput_rows, generation_rows as track_generation_rows, median_time, row
from genpuzzle.registry import get_track
from genpuzzle.seeds import derive_seed
from genpuzzle.solvers import nonogram as solver


def proof_rows(quick: bool) -> list[dict]:
    """Median time to prove uniqueness (count to 2) of generated puzzles, line logic + branching vs the
    CP-SAT automaton model; "cold" clears the placement cache before every proof."""
    track = get_track("nonogram")
    rows = []
    for variant in ("5x5", "10x10", "15x15"):
        n = 15 if quick else 60
        puzzles = [track.generate(derive_seed(7, "nonogram", variant, i), variant).ground_truth for i in range(n)]
        clues = [(p["row_clues"], p["col_clues"]) for p in puzzles]
        warm = [median_time(lambda c=c: solver.solve(*c, limit=2), 3) for c in clues]

        def cold(c):
            solver.placements.cache_clear()
            solver.placement_count.cache_clear()
            solver.solve(*c, limit=2)

        cold_t = [median_time(lambda c=c: cold(c), 1) for c in clues]
        cpsat = [median_time(lambda c=c: solver.count_solutions_cpsat(*c, limit=2), 1) for c in clues[: max(5, n // 4)]]
        for c in clues[:5]:
            assert solver.count_solutions(*c) == 1
        rows.append(row(f"nonogram.{variant}.uniqueness_proof_median_ms (1 core, cold cache)",
                         statistics.median(cold_t) * 1e3, "ms", statistics.median(cpsat) * 1e3,
                         note="baseline = independent CP-SAT counter on the same clues"))
        rows.append(row(f"nonogram.{variant}.uniqueness_proof_median_ms (1 core, warm cache)",
                         statistics.median(warm) * 1e3, "ms", statistics.median(cpsat) * 1e3))
    rows.append(row("nonogram.15x15.uniqueness_proof_vs_50ms_target", rows[-2]["value"], "ms", 50.0,
                     note="issue 4 target: median <= 50 ms (Rust nonogrid 8-43 ms on line-solvable puzzles)"))
    return rows


def generation_rows(quick: bool) -> list[dict]:
    return track_generation_rows("nonogram", ("5x5", "10x10", "15x15"), 8 if quick else 30,
                                 "generate+render+encode")


def verification_rows(quick: bool) -> list[dict]:
    return evaluation_throughput_rows("nonogram", 20 if quick else 100)


def heldout_rows(quick: bool) -> list[dict]:
    """Right verdicts on realistic answers drawn in the held-out styles of ``tests/nonogram_answers.py``
    (registered, then verified), and the time per verification of a redrawn 15x15 answer."""
    import numpy as np

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    import nonogram_answers as answers
    from genpuzzle.records import InstanceRecord

    rows = []
    for name, styles in (("tune", answers.TUNE), ("heldout", answers.HELDOUT), ("heldout2", answers.HELDOUT2),
                          ("heldout3", answers.HELDOUT3), ("heldout4", answers.HELDOUT4), ("heldout5", answers.HELDOUT5),
                          ("heldout6", answers.HELDOUT6), ("heldout7", answers.HELDOUT7), ("heldout8", answers.HELDOUT8),
                          ("heldout9", answers.HELDOUT9)):
        stats = answers.measure(styles, puzzles=1 if quick else 2)
        rows.append(row(f"nonogram.{name}_styles.right_verdicts", stats["right"] / stats["total"], "fraction", 0.99,
                        note=f"{stats['right']}/{stats['total']}; false passes {stats['false_pass']}, false fails "
                             f"{stats['false_fail']}, needs_review {stats['review']}, unreadable {stats['unreadable']}"))
    track = get_track("nonogram")
    p = track.generate(3, "15x15")
    rec = InstanceRecord(id="b", track="nonogram", variant="15x15", difficulty=p.difficulty, seed=3, instruction="",
                         input_image="", reference_images=[], edit_mask="", ground_truth=p.ground_truth,
                         layout=p.layout, scoring=p.scoring, track_version=track.version)
    inp = np.asarray(p.input_image.convert("RGB"))
    ref = np.asarray(p.reference_images[0].convert("RGB"))
    redrawn = answers.make_answer(p.input_image, p.layout, p.ground_truth, answers.HELDOUT[1])
    import cv2

    for label, image in (("reference", ref), ("redrawn_font_and_fills", redrawn)):
        t = median_time(lambda image=image: track.verify(rec, image, inp), 5)
        png = cv2.imencode(".png", image)[1]
        decode = median_time(lambda png=png: cv2.imdecode(png, cv2.IMREAD_COLOR), 5)
        rows.append(row(f"nonogram.15x15.verify_ms ({label}, registered answer)", t * 1e3, "ms", decode * 1e3,
                        note="baseline = decoding the same image from PNG"))
    return rows + hard_page_rows(quick)


# Correct 15x15 answers whose clue strips the digit reader reads below its confident level, so the clue check asks
# the OCR second reader (verifiers/nonogram.py: clue_second_opinions): Monoid's flagged "1", Fanwood's old-style
# figures, Sora's "1" (HELDOUT8, HELDOUT9, HELDOUT11 styles).
HARD_PAGES = (("HELDOUT8", "w_monoid_navy_pixelated"), ("HELDOUT9", "n_fanwood_blot_sepia_pincushion"),
              ("HELDOUT11", "e_sora_mottled_hardshadow"))


def hard_page_rows(quick: bool) -> list[dict]:
    """Time per verification of a registered correct answer on pages where the clue check asks the second reader,
    against decoding the same image from PNG (the OCR model's load, once per process, is left out)."""
    import cv2
    import numpy as np

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    import nonogram_answers as answers
    from genpuzzle.records import InstanceRecord
    from genpuzzle.registration import register

    track = get_track("nonogram")
    rows = []
    for family, name in HARD_PAGES[:1] if quick else HARD_PAGES:
        style = next(s for s in getattr(answers, family) if s.name == name)
        p = track.generate(5021, "15x15")
        rec = InstanceRecord(id="h", track="nonogram", variant="15x15", difficulty=p.difficulty, seed=1,
                             instruction="", input_image="", reference_images=[], edit_mask="",
                             ground_truth=p.ground_truth, layout=p.layout, scoring=p.scoring,
                             track_version=track.version)
        inp = np.asarray(p.input_image.convert("RGB"))
        answer = answers.make_answer(p.input_image, p.layout, p.ground_truth, style, "none", seed=1)
        reg = register(answer, inp, edit_mask=np.asarray(p.edit_mask))
        if not reg.ok:
            continue
        track.verify(rec, reg.image, inp, observed=reg.valid)  # the recogniser's model loads once per process
        t = median_time(lambda: track.verify(rec, reg.image, inp, observed=reg.valid), 3 if quick else 7)
        png = cv2.imencode(".png", reg.image)[1]
        decode = median_time(lambda png=png: cv2.imdecode(png, cv2.IMREAD_COLOR), 7)
        rows.append(row(f"nonogram.15x15.verify_ms ({name}, hard clue page, registered answer)", t * 1e3, "ms",
                        decode * 1e3, note="baseline = decoding the same image from PNG; the clue check asks the "
                                           "OCR second reader"))
    return rows


def run(quick: bool) -> list[dict]:
    return proof_rows(quick) + generation_rows(quick) + verification_rows(quick) + heldout_rows(quick)


if __name__ == "__main__":
    for row in (hard_page_rows if "--hard" in sys.argv else run)("--quick" in sys.argv):
        print(row)
