"""The matchstick arithmetic track (``matchstick``): move exactly k sticks (k = 1..4) to make a false
seven-segment equation true; binary verdict as in GenPuzzle.

Variants ``1move``..``4move`` prefer instances with exactly one solution; ``several`` (k = 1..3) asks
for 2-4 solutions. Every instance stores all solutions of the exhaustive k-move search, and k is also
the fewest moves that solve it. One instance in five offers multiplication (``x`` slots).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from genpuzzle.records import InstanceRecord, Puzzle, Status, Verdict
from genpuzzle.renderers.matchstick import render_matchstick
from genpuzzle.solvers.matchstick import (decode, enumerate_by_glyphs, frame_for, generate, is_true, min_moves,
                                          move_counts, occupancy, operator_changes)
from genpuzzle.track import Track

MOVES = {"1move": 1, "2move": 2, "3move": 3, "4move": 4}
TIMES_PROBABILITY = 0.2


class MatchstickTrack(Track):
    name = "matchstick"
    version = "3"  # 2: rubric 2 (every stick accounted for, review status) and the instruction's stick rule;
    # 3: sticks supersampled per stick and box-reduced (was: whole canvas, LANCZOS), frame on the pixel grid
    variants = ("1move", "2move", "3move", "4move", "several")
    variant_weights = {"1move": 3, "2move": 3, "3move": 2, "4move": 1, "several": 1}
    description = "Move exactly k matchsticks to make a seven-segment equation true; binary stick check."

    def generate(self, seed: int, variant: str) -> Puzzle:
        if variant not in self.variants:
            raise ValueError(f"unknown variant {variant!r}")
        rng = random.Random(seed)
        several = variant == "several"
        k = rng.choice((1, 2, 3)) if several else MOVES[variant]
        times = rng.random() < TIMES_PROBABILITY
        inst = generate(rng, k, several=several, times=times)
        frame = inst.frame
        drawing = render_matchstick(frame, inst.occupied, occupancy(inst.solutions[0], frame))
        digits = sum(ch.isdigit() for ch in inst.equation)
        operators = "+, - and x" if times else "+ and -"
        level = "easy" if k == 1 else "medium" if k == 2 else "hard"
        return Puzzle(
            track=self.name, variant=variant, seed=seed,
            instruction=self.instruction_template().format(moves=k, plural="" if k == 1 else "s",
                                                               operators=operators),
            difficulty={"level": level, "k": k, "digits": digits, "symbols": len(frame.kinds),
                        "solutions": len(inst.solutions), "operator_change": operator_changes(inst),
                        "times_offered": times},
            ground_truth={"equation": inst.equation, "moves": k, "solutions": list(inst.solutions),
                          "stick_count": inst.stick_count},
            layout=drawing.layout,
            input_image=drawing.input_image, reference_images=[drawing.reference_image],
            edit_mask=drawing.edit_mask,
            scoring={"mechanism": "programmatic_stick_check", "rubric": "matchstick",
                     "rubric_version": self.rubric["rubric_version"]},
        )

    def verify(self, record: InstanceRecord, answer: np.ndarray, input_image: np.ndarray) -> Verdict:
        # the reader (and OpenCV) only where answers are read: generating a set imports neither
        from genpuzzle.verifiers.matchstick import check_sticks, matchstick_score, read_answer

        rubric = self.rubric
        # a page washed out as a whole (a faded scan, a pale redraw) is read against the contrast it kept
        reading, kept, _ = read_answer(answer, record.layout, rubric["reader"], input_image)
        threshold = rubric["needs_review_below_slot_confidence"]
        unsure = [j for j, c in enumerate(reading.confidence) if c < threshold]
        parsed_fill = [round(f, 3) for f in reading.fill]
        if len(unsure) > rubric["unreadable_above_unsure_slot_fraction"] * len(reading.confidence):
            return Verdict.failed(record.id, self.name, Status.UNREADABLE,
                                  f"{len(unsure)} of {len(reading.confidence)} stick slots are neither clearly "
                                  "filled nor clearly empty", parsed={"slot_fill": parsed_fill})
        violations, subscores, parsed = check_sticks(reading, record.layout, record.ground_truth)
        parsed["slot_fill"] = parsed_fill
        parsed["measured"] = reading.measured
        extra: dict[str, Any] = {}
        if unsure:
            extra["unsure_slots"] = unsure
        if reading.unsure_marks:
            extra["unsure_marks"] = reading.unsure_marks
        extra["page_contrast"] = round(kept, 3)
        if not violations and parsed["equation"] not in record.ground_truth["solutions"]:
            extra["unlisted_solution"] = parsed["equation"]
        # unsure readings are charged as wrong: a flagged answer never scores 100
        unsure_reading = bool(unsure or reading.unsure_marks)
        return Verdict(
            id=record.id, track=self.name, score=0.0 if unsure_reading else matchstick_score(violations),
            status=Status.INCORRECT if violations else Status.NEEDS_REVIEW if unsure_reading else Status.CORRECT,
            violations=violations, parsed=parsed, confidence=reading.min_confidence,
            needs_review=unsure_reading or "unlisted_solution" in extra, subscores=subscores, extra=extra,
        )

    def overlay(self, record: InstanceRecord, verdict: Verdict, answer: np.ndarray) -> np.ndarray | None:
        from genpuzzle.verifiers.matchstick import contrast_params, draw_overlay, read_sticks

        params = contrast_params(self.rubric["reader"], float(verdict.extra.get("page_contrast", 1.0)))
        return draw_overlay(answer, record.layout, read_sticks(answer, record.layout, params))

    def validate(self, record: InstanceRecord) -> list[str]:
        from genpuzzle.verifiers.matchstick import frame_from_layout

        gt, layout = record.ground_truth, record.layout
        problems = []
        frame = frame_from_layout(layout)
        shown = tuple(bool(b) for b in layout["occupied"])
        k = int(gt["moves"])
        if decode(shown, frame) != list(gt["equation"]):
            problems.append(f"layout.occupied does not show {gt['equation']!r}")
        if is_true(gt["equation"]):
            problems.append("the shown equation is already true")
        if sum(shown) != gt["stick_count"]:
            problems.append(f"stick_count {gt['stick_count']} but {sum(shown)} occupied slots")
        for sol in gt["solutions"]:
            if not is_true(sol):
                problems.append(f"stored solution {sol!r} is false")
            elif move_counts(shown, occupancy(sol, frame)) != (k, k):
                problems.append(f"stored solution {sol!r} is not exactly {k} moves away")
        independent = enumerate_by_glyphs(shown, frame, k)
        if sorted(gt["solutions"]) != independent:
            problems.append(f"glyph enumeration finds {independent}, stored {sorted(gt['solutions'])}")
        if min_moves(shown, frame, k - 1) is not None:
            problems.append(f"solvable with fewer than {k} moves")
        if frame_for(gt["equation"], frame.times) != frame:
            problems.append("layout symbol kinds disagree with the shown equation")
        return problems
