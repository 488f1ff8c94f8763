"""The merge rule: how a programmatic verdict and a judge verdict become one score.

A programmatic verdict is *confident* when its status is ``correct`` or ``incorrect`` and it is not
flagged ``needs_review`` (the verifier itself sets that flag from its rubric thresholds).

1. Judge failed (or was not run): the programmatic verdict stands; if it was not confident it is
   flagged ``needs_review``.
2. Tier, binary and programmatic rubrics (no ``dimensions``): a confident programmatic verdict decides
   score and status; otherwise the judge's voted score decides, status ``correct`` iff it is 100, and
   ``needs_review`` is the judge's flag.
3. Five-dimension rubrics: a dimension is *covered* when the programmatic verdict is confident and has a
   subscore (fraction 0..1) named like the dimension. If every dimension is covered the program decides.
   Otherwise score = sum over covered dimensions of weight * subscore + sum over the others of the judge's
   voted points; then the fatal errors (codes among the program's violations, plus the judge's voted
   codes) zero or cap it; ``needs_review`` is the judge's flag.

Both sides are kept: ``extra["program"]`` (score, status, confidence, needs_review), ``extra["judge"]``
(the judge result) and ``extra["merge"]`` (``decided_by``: program | judge | program+judge, and the
judge-minus-program score difference).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from genpuzzle.records import Status, Verdict, Violation

if TYPE_CHECKING:
    from genpuzzle.judge import JudgeResult, RubricSpec


def program_confident(verdict: Verdict) -> bool:
    """True when the parser read the answer and did not ask for review."""
    return verdict.status in (Status.CORRECT, Status.INCORRECT) and not verdict.needs_review


def merge(verdict: Verdict, judged: JudgeResult | None, spec: RubricSpec | None) -> Verdict:
    """Apply the merge rule in place and return ``verdict`` (see the module docstring)."""
    confident = program_confident(verdict)
    verdict.extra["program"] = {"score": round(verdict.score, 4), "status": verdict.status.value,
                                "confidence": round(float(verdict.confidence), 4),
                                "needs_review": bool(verdict.needs_review)}
    if judged is not None:
        verdict.extra["judge"] = judged.to_json()
    if judged is None or not judged.ok or spec is None:
        if not confident:
            verdict.needs_review = True
        verdict.extra["merge"] = {"decided_by": "program", "program_confident": confident,
                                  "note": "judge not run" if judged is None else "judge error"}
        return verdict
    program_score = verdict.score
    covered: list[str] = []
    if spec.kind == "dimensions":
        if confident:
            covered = [name for name, _, _ in spec.dimensions if name in verdict.subscores]
        if len(covered) == len(spec.dimensions):
            decided_by = "program"
        else:
            points = {}
            for name, weight, _ in spec.dimensions:
                if name in covered:
                    points[name] = weight * min(1.0, max(0.0, float(verdict.subscores[name])))
                else:
                    points[name] = float(judged.dimensions[name])  # type: ignore[index]
            codes = set(judged.fatal_errors) | {v.code for v in verdict.violations if v.code in spec.fatal}
            decided_by = "program+judge" if covered else "judge"
            _judge_decides(verdict, judged, spec, spec.score_dimensions(points, codes))
            for name, weight, _ in spec.dimensions:
                verdict.subscores[name] = points[name] / weight
    elif confident:
        decided_by = "program"
    else:
        decided_by = "judge"
        _judge_decides(verdict, judged, spec, float(judged.score))  # type: ignore[arg-type]
    verdict.extra["merge"] = {"decided_by": decided_by, "program_confident": confident,
                              "covered_dimensions": covered,
                              "difference": round(float(judged.score) - program_score, 4)}  # type: ignore[arg-type]
    return verdict


def _judge_decides(verdict: Verdict, judged: JudgeResult, spec: RubricSpec, score: float) -> None:
    verdict.score = min(100.0, max(0.0, score))
    verdict.status = Status.CORRECT if verdict.score >= 100.0 else Status.INCORRECT
    verdict.needs_review = bool(judged.needs_review)
    verdict.confidence = float(judged.confidence)
    if verdict.reason:
        verdict.reason = f"decided by the judge (program: {verdict.reason})"
    present = set(verdict.codes)
    for code in judged.fatal_errors:
        if code not in present:
            entry = spec.rubric_entry(code)
            verdict.violations.append(Violation(code, entry or f"judge reported {code}", {"source": "judge"}))
