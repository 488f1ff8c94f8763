"""The visual pattern-completion track (``pattern_completion``): 3 x 3 matrices with the bottom-right panel
missing, generated procedurally; every kept instance has a unique answer *by proof* over a closed
hypothesis space (:mod:`genpuzzle.solvers.pattern_completion`), stored in the ground truth and re-run by
:meth:`PatternCompletionTrack.validate`.

* ``matrix_cells``: binary n x n cell panels (n = 4 or 5); along each row the third panel is a cell-wise
  XOR / OR / AND / AND-NOT of the first two, or each panel is the previous one shifted, rotated or flipped.
* ``matrix_objects``: RAVEN-style figures (triangle, square, pentagon, circle; 4 sizes; 5 fills) in the
  ``center_single`` or ``grid2x2`` configuration, each attribute following Constant, Progression,
  Arithmetic or Distribute-Three along the rows.

Verification reads the answer panel (cells by the shared cell reader, figures open-set), checks every
change outside it, and grades in GenPuzzle's four tiers (see ``data/rubrics/pattern_completion.json``,
section ``programmatic``).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from genpuzzle.errors import TrackError
from genpuzzle.records import InstanceRecord, Puzzle, Status, Verdict, Violation
from genpuzzle.renderers.pattern_completion import (FILLS_LSTAR, RING, SHAPES, SIZES, render_cells, render_objects)
from genpuzzle.solvers.pattern_completion import (BOOLEAN_INDEX, GENERATOR_OPS, GENERATOR_TRANSFORMS, TRANSFORMS,
                                                  all_attribute_predictions, all_cell_predictions, boolean_op,
                                                  prove_cells, prove_objects)
from genpuzzle.track import Track
from genpuzzle.verifiers.pattern_completion import (page_changes, read_cell_panel, read_object_panel, tier_score)

MAX_ATTEMPTS = 500
LEVELS = {"type": len(SHAPES), "size": len(SIZES), "fill": len(FILLS_LSTAR), "count": 4}
OBJECT_RULES = {
    "type": ("constant", "progression", "distribute_three"),
    "size": ("constant", "progression", "arithmetic", "distribute_three"),
    "fill": ("constant", "progression", "arithmetic", "distribute_three"),
    "position": ("constant", "progression", "arithmetic", "distribute_three"),
}


# ------------------------------------------------------------------------------------------ generation


def generate_cells(rng: random.Random) -> dict[str, Any] | None:
    """One candidate ``matrix_cells`` matrix with its generating rule, or None when degenerate."""
    n = rng.choice((4, 5))
    nrng = np.random.default_rng(rng.getrandbits(32))
    if rng.random() < 0.5:
        name = rng.choice(GENERATOR_OPS)
        rule = {"kind": "boolean", "axis": "row", "name": name}
        rows = []
        for _ in range(3):
            a = (nrng.random((n, n)) < rng.uniform(0.35, 0.55)).astype(np.int64)
            b = (nrng.random((n, n)) < rng.uniform(0.35, 0.55)).astype(np.int64)
            rows.append([a, b, boolean_op(BOOLEAN_INDEX[name], a, b)])
    else:
        name = rng.choice(GENERATOR_TRANSFORMS)
        rule = {"kind": "transform", "axis": "row", "name": name}
        t = TRANSFORMS[name]
        rows = []
        for _ in range(3):
            a = (nrng.random((n, n)) < rng.uniform(0.3, 0.5)).astype(np.int64)
            rows.append([a, t(a), t(t(a))])
    for row in rows:
        for p in row:
            if p.sum() < 2 or p.sum() > n * n - 2:
                return None
        if np.array_equal(row[0], row[1]) or np.array_equal(row[1], row[2]):
            return None
    return {"n": n, "rule": rule, "panels": [[p.tolist() for p in row] for row in rows]}


def _scalar_row_values(rule: str, levels: int, rng: random.Random) -> tuple[list[list[int]], dict[str, Any]] | None:
    if rule == "constant":
        return [[v] * 3 for v in (rng.randrange(levels) for _ in range(3))], {"name": "constant"}
    if rule == "progression":
        d = rng.choice([d for d in (-2, -1, 1, 2) if 2 * abs(d) < levels])
        rows = []
        for _ in range(3):
            lo, hi = max(0, -2 * d), min(levels - 1, levels - 1 - 2 * d)
            a = rng.randint(lo, hi)
            rows.append([a, a + d, a + 2 * d])
        return rows, {"name": f"progression_{d:+d}"}
    if rule == "arithmetic":
        op = rng.choice(("add", "sub"))
        rows = []
        for _ in range(3):
            if op == "add":
                a = rng.randrange(levels - 1)
                b = rng.randrange(levels - 1 - a)
                rows.append([a, b, a + b + 1])
            else:
                a = rng.randrange(1, levels)
                b = rng.randrange(a)
                rows.append([a, b, a - b - 1])
        return rows, {"name": f"arithmetic_{op}"}
    values = rng.sample(range(levels), 3)
    step = rng.choice((1, 2))
    return [[values[(c + step * r) % 3] for c in range(3)] for r in range(3)], {"name": "distribute_three"}


def _position_row_values(rule: str, rng: random.Random) -> tuple[list[list[int]], dict[str, Any]] | None:
    full, slots = 15, 4

    def rand_set() -> int:
        return rng.randrange(1, full + 1)

    if rule == "constant":
        return [[v] * 3 for v in (rand_set() for _ in range(3))], {"name": "constant"}
    if rule == "progression":
        s = rng.choice((1, 3))
        rot = lambda m: ((m << s) | (m >> (slots - s))) & full  # noqa: E731
        rows = []
        for _ in range(3):
            a = rand_set()
            rows.append([a, rot(a), rot(rot(a))])
        return rows, {"name": f"rotate_{s}"}
    if rule == "arithmetic":
        name = rng.choice(("OR", "A_AND_NOT_B", "XOR"))
        k = BOOLEAN_INDEX[name]
        rows = []
        for _ in range(3):
            a, b = rand_set(), rand_set()
            c = sum(((k >> (2 * ((a >> i) & 1) + ((b >> i) & 1))) & 1) << i for i in range(slots))
            if c == 0:
                return None
            rows.append([a, b, c])
        return rows, {"name": f"boolean_{name}"}
    values = rng.sample(range(1, full + 1), 3)
    step = rng.choice((1, 2))
    return [[values[(c + step * r) % 3] for c in range(3)] for r in range(3)], {"name": "distribute_three"}


def generate_objects(rng: random.Random, config: str) -> dict[str, Any] | None:
    attrs = ["type", "size", "fill"] + (["position"] if config == "grid2x2" else [])
    rules = {a: rng.choice(OBJECT_RULES[a]) for a in attrs}
    if all(r == "constant" for r in rules.values()):
        return None
    values, rule_names = {}, {}
    for a in attrs:
        made = (_position_row_values(rules[a], rng) if a == "position"
                else _scalar_row_values(rules[a], LEVELS[a], rng))
        if made is None:
            return None
        values[a], rule_names[a] = made[0], {"axis": "row", **made[1]}
    panels = []
    for r in range(3):
        row = []
        for c in range(3):
            p = {a: int(values[a][r][c]) for a in attrs}
            if config == "grid2x2":
                p["count"] = bin(p["position"]).count("1") - 1
            row.append(p)
        panels.append(row)
    return {"config": config, "rules": rule_names, "panels": panels}


def _proof_json(proof: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in proof.items() if k != "answer"}


class PatternCompletionTrack(Track):
    name = "pattern_completion"
    version = "1"
    variants = ("matrix_cells", "matrix_objects")
    variant_weights = {"matrix_cells": 1, "matrix_objects": 1}
    description = ("3x3 matrices with the last panel missing (binary cell panels or RAVEN-style figures); the "
                   "answer is unique by proof over a closed hypothesis space; read back cell by cell or figure "
                   "by figure, four tiers.")

    # -- generation --------------------------------------------------------------------------------

    def generate(self, seed: int, variant: str) -> Puzzle:
        if variant not in self.variants:
            raise TrackError(f"pattern_completion has no variant {variant!r}; variants: {', '.join(self.variants)}")
        rng = random.Random(seed)
        config = rng.choice(("center_single", "grid2x2")) if variant == "matrix_objects" else None
        for attempt in range(MAX_ATTEMPTS):
            made = generate_cells(rng) if variant == "matrix_cells" else generate_objects(rng, config)
            if made is None:
                continue
            if variant == "matrix_cells":
                proof = prove_cells(made["panels"])
                if proof["unique"] and proof["answer"] == made["panels"][2][2]:
                    break
            else:
                proof = prove_objects(made["panels"], config, LEVELS, 4)
                answer = {k: v for k, v in made["panels"][2][2].items()}
                if proof["unique"] and all(proof["answer"].get(k) == v for k, v in answer.items()):
                    break
        else:
            raise TrackError(f"pattern_completion {variant}: no certified instance in {MAX_ATTEMPTS} attempts "
                             f"(seed {seed})")
        panels = made["panels"]
        if variant == "matrix_cells":
            drawing = render_cells(panels, made["n"])
            truth = {"n": made["n"], "panels": panels, "answer": panels[2][2], "rule": made["rule"],
                     "proof": _proof_json(proof)}
            difficulty = {"level": "easy" if made["rule"]["kind"] == "transform" and made["n"] == 4
                          else "hard" if made["n"] == 5 else "medium",
                          "n": made["n"], "rule": made["rule"]["name"], "attempts": attempt + 1,
                          "consistent_hypotheses": len(proof["consistent"])}
            text = self.instruction_sections()[variant].format(n=made["n"])
        else:
            drawing = render_objects(panels, config)
            truth = {"config": config, "panels": panels, "answer": panels[2][2], "rules": made["rules"],
                     "palette": {"types": list(SHAPES), "sizes": list(SIZES), "fills_lstar": list(FILLS_LSTAR),
                                 "position_bits": "bit i = slot RING[i] (row-major), RING = " + str(list(RING))},
                     "proof": _proof_json(proof)}
            changing = sum(r["name"] != "constant" for r in made["rules"].values())
            difficulty = {"level": ("easy", "medium", "hard", "hard")[min(3, changing - 1 + (config == "grid2x2"))],
                          "config": config, "changing_attributes": changing, "attempts": attempt + 1}
            grid = config == "grid2x2"
            text = self.instruction_sections()[variant].format(
                figure_text="one to four figures placed in the four quarters" if grid else "one figure in its centre",
                position_text=", and in which quarters hold a figure (all figures of a panel look alike)" if grid else "",
                plural="s" if grid else "", verb="" if grid else "s")
        return Puzzle(track=self.name, variant=variant, seed=seed, instruction=text, difficulty=difficulty,
                      ground_truth=truth, layout={**drawing.layout, "variant": variant},
                      input_image=drawing.input_image, reference_images=[drawing.reference_image],
                      edit_mask=drawing.edit_mask,
                      scoring={"mechanism": "four_tier", "rubric": "pattern_completion",
                               "rubric_version": self.rubric["rubric_version"], "programmatic": True})

    # -- verification ------------------------------------------------------------------------------

    def verify(self, record: InstanceRecord, answer: np.ndarray, input_image: np.ndarray) -> Verdict:
        layout, prog = record.layout, self.rubric["programmatic"]
        answer_box = layout["grid_boxes"][layout["slot_panel"]] if layout["variant_kind"] == "cells" else None
        page = page_changes(answer, input_image, layout, self.rubric, answer_box)
        if layout["variant_kind"] == "cells":
            tier, violations, parsed, unsure, clean_outside, conf = self._verify_cells(record, answer)
        else:
            tier, violations, parsed, unsure, clean_outside, conf = self._verify_objects(record, answer)
        violations = violations + page.violations
        codes = {v.code for v in violations}
        for code, cap in prog["caps"].items():
            if code in codes:
                tier = min(tier, int(cap))
        if clean_outside and tier <= 1 and not page.violations:
            violations.append(Violation("outside_hypotheses", "the answer reads cleanly but no rule of the "
                                        "instance's hypothesis space predicts it: possibly an alternative rule",
                                        {"bbox": list(layout["panel_boxes"][layout["slot_panel"]])}))
        if unsure:
            violations.append(Violation("unsure_reading", f"{len(unsure)} reading(s) unsure (charged as wrong)",
                                        {"unsure": unsure}))
        outside = any(v.code == "outside_hypotheses" for v in violations)
        needs_review = bool(unsure) or outside
        confident = [v for v in violations if v.code not in ("unsure_reading", "outside_hypotheses")]
        if outside or not confident:
            # a possible alternative rule, or nothing wrong but an unsure reading: a person decides
            status = Status.NEEDS_REVIEW if needs_review else Status.CORRECT
        else:
            status = Status.INCORRECT
        parsed["tier"] = tier
        return Verdict(id=record.id, track=self.name, score=tier_score(tier),
                       status=status, violations=violations,
                       parsed=parsed, confidence=conf, needs_review=needs_review,
                       subscores={"tier": tier}, extra={"added_px": page.added_px, "removed_px": page.removed_px})

    def _verify_cells(self, record: InstanceRecord, answer: np.ndarray):
        truth, layout, prog = record.ground_truth, record.layout, self.rubric["programmatic"]
        n = int(truth["n"])
        expected = np.asarray(truth["answer"], np.int64)
        box = layout["grid_boxes"][layout["slot_panel"]]
        reading = read_cell_panel(answer, box, n, prog["needs_review_below_cell_confidence"])
        values = reading.values
        parsed = {"cells": values.tolist(), "states": reading.states}
        violations: list[Violation] = []
        unsure = [[r, c] for r in range(n) for c in range(n) if values[r, c] < 0]
        wrong = [[r, c, int(expected[r, c]), int(values[r, c])] for r in range(n) for c in range(n)
                 if values[r, c] != expected[r, c]]
        filled_read = values == 1
        if not filled_read.any() and not unsure:
            violations.append(Violation("missing_answer", "the answer grid is empty", {"bbox": box}))
            return 0, violations, parsed, unsure, False, 1.0
        if wrong:
            violations.append(Violation("wrong_cells", f"{len(wrong)} cell(s) differ from the answer",
                                        {"cells": wrong, "bbox": box}))
        truth_filled = expected == 1
        union = (filled_read | (values < 0) | truth_filled).sum()
        jaccard = float((filled_read & truth_filled).sum() / max(1, union))
        tier = 3 if not wrong else 2 if len(wrong) == 1 else 1 if jaccard >= 0.5 else 0
        parsed["jaccard"] = round(jaccard, 3)
        clean_outside = False
        if wrong and not unsure:
            predicted = all_cell_predictions(truth["panels"])
            explained = [h for h, p in predicted.items() if p == values.tolist()]
            parsed["explained_by"] = explained
            clean_outside = not explained
        return tier, violations, parsed, unsure, clean_outside, float(reading.confidence.min())

    def _verify_objects(self, record: InstanceRecord, answer: np.ndarray):
        truth, layout, prog = record.ground_truth, record.layout, self.rubric["programmatic"]
        config = truth["config"]
        slots = layout["slot_boxes"]
        panel_box = layout["panel_boxes"][layout["slot_panel"]]
        figures, specks = read_object_panel(answer, panel_box, slots, layout["slot_frame_px"], prog["stray_mark_min_px"])
        parsed: dict[str, Any] = {"figures": [f.to_json() for f in figures], "specks": specks}
        violations: list[Violation] = []
        expected = truth["answer"]
        if specks:
            violations.append(Violation("stray_marks", f"{len(specks)} small mark(s) in the answer panel",
                                        {"marks": specks}))
        if not figures:
            violations.append(Violation("missing_answer", "no figure in the answer panel", {"bbox": panel_box}))
            return 0, violations, parsed, [], False, 1.0
        unsure: list[str] = []
        wrong: list[str] = []
        read: dict[str, Any] = {}
        attributes = ["type", "size", "fill"]
        if config == "grid2x2":
            attributes = ["position"] + attributes
            occupied = [RING.index(f.slot) if f.slot is not None else None for f in figures]
            doubled = len(set(occupied)) < len(occupied)
            if doubled or None in occupied:
                violations.append(Violation("multiple_candidates", "two figures in one slot or a figure between "
                                            "slots", {"figures": [f.bbox for f in figures]}))
            mask = sum(1 << b for b in set(occupied) if b is not None)
            read["position"] = mask
            if mask != expected["position"]:
                wrong.append("position")
                if len(figures) != expected["count"] + 1:
                    violations.append(Violation("wrong_count", f"{len(figures)} figures, expected "
                                                f"{expected['count'] + 1}", {"bbox": panel_box}))
                else:
                    violations.append(Violation("wrong_position", "figures in the wrong slots",
                                                {"expected_slots": _slots_of(expected["position"]),
                                                 "read_slots": _slots_of(mask), "bbox": panel_box}))
        elif len(figures) > 1:
            violations.append(Violation("multiple_candidates", f"{len(figures)} figures where one is expected",
                                        {"figures": [f.bbox for f in figures]}))
        names = {"type": ("wrong_shape", SHAPES), "size": ("wrong_size", SIZES), "fill": ("wrong_fill", FILLS_LSTAR)}
        for attr in ("type", "size", "fill"):
            got = [getattr(f, attr) for f in figures]
            code, palette = names[attr]
            if any(g is None for g in got):
                unsure.append(attr)
            bad = [f for f, g in zip(figures, got) if g is not None and g != expected[attr]]
            read[attr] = got[0] if len(set(got)) == 1 else got
            if bad or any(g is None for g in got):
                wrong.append(attr)
            if bad:
                f = bad[0]
                shown = {"type": f.type_name, "size": round(f.size_ratio, 3), "fill": f.to_json()["fill_lstar"]}[attr]
                violations.append(Violation(code, f"{attr} read {shown}, expected {palette[expected[attr]]}",
                                            {"bbox": f.bbox, "read": shown, "expected": palette[expected[attr]]}))
        parsed["read"] = read
        right = len(attributes) - len(wrong)
        tier = 3 if not wrong else 2 if len(wrong) == 1 else 1 if right >= len(attributes) / 2 else 0
        clean_outside = False
        if wrong and not unsure:
            panels = truth["panels"]
            levels = {"type": len(SHAPES), "size": len(SIZES), "fill": len(FILLS_LSTAR)}
            unexplained = []
            for attr in attributes:
                values = [[panels[r][c][attr] for c in range(3)] for r in range(3)]
                options = all_attribute_predictions(attr, values, levels.get(attr), 4)
                value = read[attr]
                if isinstance(value, list) or value not in options:
                    unexplained.append(attr)
            parsed["unexplained_attributes"] = unexplained
            clean_outside = bool(unexplained)
        confidence = 0.5 if unsure else 1.0
        return tier, violations, parsed, unsure, clean_outside, confidence

    def dedupe_key(self, record: InstanceRecord) -> str:
        return f"{record.variant}:{record.ground_truth['panels']}"

    # -- validation --------------------------------------------------------------------------------

    def validate(self, record: InstanceRecord) -> list[str]:
        truth = record.ground_truth
        try:
            panels = truth["panels"]
            stored = truth["proof"]
        except KeyError as err:
            return [f"ground truth lacks {err}"]
        problems = []
        if record.variant == "matrix_cells":
            proof = prove_cells(panels)
        else:
            proof = prove_objects(panels, truth["config"], LEVELS, 4)
        if not proof["unique"]:
            problems.append("the uniqueness proof fails: consistent hypotheses predict different answers")
        elif proof["answer"] != truth["answer"] and not (
                isinstance(proof["answer"], dict) and all(proof["answer"].get(k) == v for k, v in truth["answer"].items())):
            problems.append("the proved answer is not the stored answer")
        if _proof_json(proof) != stored:
            problems.append("the stored proof differs from the re-run proof")
        if truth["answer"] != panels[2][2]:
            problems.append("the stored answer is not the matrix's last panel")
        return problems


def _slots_of(mask: int) -> list[int]:
    return [RING[i] for i in range(4) if (mask >> i) & 1]
