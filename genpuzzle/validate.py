"""Validating a set: files present, fingerprint intact, ground truth re-proved, references score 100."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from genpuzzle.dataset import fingerprint, load_set
from genpuzzle.errors import GenpuzzleError
from genpuzzle.parallel import clear_worker_failures, process_pool
from genpuzzle.records import InstanceRecord, Status


@dataclass
class ValidationReport:
    instances: int = 0
    references: int = 0
    problems: list[str] = field(default_factory=list)


def validate_record(root: str, record_json: dict[str, Any]) -> tuple[int, list[str]]:
    """Problems with one instance: its track's re-proof plus every reference image's verdict."""
    from genpuzzle.evaluate import verify_answer
    from genpuzzle.registry import get_track

    record = InstanceRecord.from_json(record_json)
    problems: list[str] = []
    try:
        track = get_track(record.track)
    except GenpuzzleError as err:
        return 0, [f"{record.id}: {err}"]
    for rel in [record.input_image, record.edit_mask, *record.reference_images]:
        if not (Path(root) / rel).is_file():
            problems.append(f"{record.id}: {rel} is missing")
    if problems:
        return 0, problems
    # Any failure is this instance's problem, reported with the others; the run goes on.
    try:
        problems += [f"{record.id}: {p}" for p in track.validate(record)]
    except Exception as err:
        problems.append(f"{record.id}: re-proof failed: {type(err).__name__}: {err}")
    for rel in record.reference_images:
        try:
            verdict = verify_answer(root, record, Path(root) / rel)
        except Exception as err:
            problems.append(f"{record.id}: reference {rel} could not be verified: {type(err).__name__}: {err}")
            continue
        if verdict.status is not Status.CORRECT or verdict.score < 100:
            detail = verdict.reason or "; ".join(v.message for v in verdict.violations[:3])
            problems.append(f"{record.id}: reference {rel} scores {verdict.score:.2f} "
                            f"({verdict.status.value}): {detail}")
    return len(record.reference_images), problems


def validate_set(set_dir: str | Path, *, workers: int = 1,
                 progress: Callable[[int, int], None] | None = None) -> ValidationReport:
    """Validate every instance of the set at ``set_dir``."""
    puzzle_set = load_set(set_dir)
    report = ValidationReport(instances=len(puzzle_set.records))
    stored = puzzle_set.info.get("fingerprint")
    try:
        actual = fingerprint(set_dir)
        if stored and stored != actual:
            report.problems.append(f"{Path(set_dir) / 'set.json'}: fingerprint {stored} does not match the "
                                   f"files ({actual}): the set was modified after generation")
    except GenpuzzleError as err:
        report.problems.append(str(err))
    root = str(puzzle_set.root)
    jobs = [r.to_json() for r in puzzle_set.records]
    if workers > 1:
        with process_pool(workers) as pool, clear_worker_failures():
            results = pool.map(validate_record, [root] * len(jobs), jobs, chunksize=4)
            _collect(results, report, len(jobs), progress)
    else:
        _collect((validate_record(root, job) for job in jobs), report, len(jobs), progress)
    return report


def _collect(results, report: ValidationReport, total: int, progress) -> None:
    for done, (refs, problems) in enumerate(results, 1):
        report.references += refs
        report.problems.extend(problems)
        if progress:
            progress(done, total)
