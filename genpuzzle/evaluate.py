"""The evaluation pipeline: answer file -> registration -> track verifier -> verdict -> results.jsonl.

``results.jsonl`` is appended one line per answer as soon as it is verified, so a killed run loses at
most the answers in flight; :func:`evaluate` with ``resume=True`` skips ids already written and drops a
half-written last line.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, wait
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

import genpuzzle
from genpuzzle.dataset import MANIFEST, iter_records, json_line, read_json_object, read_set_info
from genpuzzle.errors import DatasetError, GenpuzzleError, ImageError, SetImageError
from genpuzzle.images import load_image, load_image_reduced, load_mask
from genpuzzle.parallel import clear_worker_failures, keep_heap, process_pool, reproducible_numerics
from genpuzzle.records import InstanceRecord, Status, Verdict
from genpuzzle.registration import register
from genpuzzle.summary import summarize

ANSWER_EXTENSIONS = (".png", ".jpg", ".jpeg", ".webp")
RESULTS = "results.jsonl"
SUMMARY = "summary.json"
RUN_JSON = "run.json"


def find_answers(answers_dir: str | Path) -> dict[str, Path]:
    """Map answer id -> file for ``<id>.png|.jpg|.jpeg|.webp`` in ``answers_dir`` (extension case ignored).

    When one id has several files, the first extension in :data:`ANSWER_EXTENSIONS` order wins.
    """
    answers_dir = Path(answers_dir)
    if not answers_dir.is_dir():
        raise DatasetError(f"{answers_dir}: answers folder does not exist")
    found: dict[str, Path] = {}
    for path in sorted(answers_dir.iterdir()):
        ext = path.suffix.lower()
        if path.is_file() and ext in ANSWER_EXTENSIONS:
            current = found.get(path.stem)
            if current is None or ANSWER_EXTENSIONS.index(ext) < ANSWER_EXTENSIONS.index(current.suffix.lower()):
                found[path.stem] = path
    return found


@dataclass
class AnswerMatch:
    """How the files of an answers folder matched the ids of the instances being evaluated."""

    folder: str
    expected: int  # instances selected
    matched: int  # of them with an answer file
    unmatched: list[str]  # answer file names that match no id of the set
    ignored: list[str]  # other files (not .png/.jpg/.jpeg/.webp)

    def describe(self) -> str:
        text = f"answers: {self.matched} of {self.expected} instance(s) have an answer file in {self.folder}"
        if self.unmatched:
            names = ", ".join(self.unmatched[:5]) + (", ..." if len(self.unmatched) > 5 else "")
            text += f"; {len(self.unmatched)} file(s) match no id: {names}"
        if self.ignored:
            text += f"; {len(self.ignored)} other file(s) ignored (not {'/'.join(ANSWER_EXTENSIONS)})"
        return text


def match_answers(answers: dict[str, Path], wanted: list[str], set_ids: set[str],
                  answers_dir: str | Path) -> AnswerMatch:
    """Match answer files to the instance ids ``wanted``; raises :class:`DatasetError` when none of them has
    an answer (a misnamed or wrong folder), naming what the folder holds and the expected names."""
    folder = Path(answers_dir)
    unmatched = sorted(answers[stem].name for stem in answers if stem not in set_ids)
    ignored = sorted(p.name for p in folder.iterdir() if p.is_file() and p.suffix.lower() not in ANSWER_EXTENSIONS)
    wanted_set = set(wanted)
    match = AnswerMatch(str(folder), len(wanted_set), sum(1 for stem in answers if stem in wanted_set), unmatched,
                        ignored)
    if wanted and not match.matched:
        example = f"{wanted[0]}.png"
        if not answers and not ignored:
            raise DatasetError(f"{folder}: no answer images (expected files named <id>.png|.jpg|.jpeg|.webp, "
                               f"e.g. {example})")
        found = ", ".join((unmatched + ignored)[:5]) + (", ..." if len(unmatched) + len(ignored) > 5 else "")
        raise DatasetError(f"{folder}: none of its {len(unmatched) + len(ignored)} file(s) is named after an id "
                           f"of the set (found {found}; expected <id>.png|.jpg|.jpeg|.webp, e.g. {example})")
    return match


def provenance() -> dict[str, Any]:
    """What reproduces a run: genpuzzle's version and git commit (when run from a checkout), Python, the
    platform and the versions of the libraries behind generation and verification."""
    import platform
    from importlib import metadata

    versions: dict[str, str | None] = {}
    for name, dists in (("numpy", ["numpy"]), ("opencv", ["opencv-python-headless", "opencv-python"]),
                        ("shapely", ["shapely"]), ("ortools", ["ortools"]), ("pillow", ["pillow"]),
                        ("scipy", ["scipy"]), ("rapidocr", ["rapidocr"]), ("onnxruntime", ["onnxruntime"])):
        versions[name] = None
        for dist in dists:
            try:
                versions[name] = metadata.version(dist)
                break
            except metadata.PackageNotFoundError:
                continue
    return {"genpuzzle_version": genpuzzle.__version__, "genpuzzle_commit": _git_commit(),
            "python": platform.python_version(), "platform": platform.platform(), "versions": versions}


@lru_cache(maxsize=1)
def _git_commit() -> str | None:
    """The commit of the genpuzzle checkout this code runs from (``+dirty`` with local changes), else None."""
    import subprocess

    checkout = Path(genpuzzle.__file__).resolve().parent.parent
    if not (checkout / ".git").exists():
        return None
    try:
        head = subprocess.run(["git", "-C", str(checkout), "rev-parse", "HEAD"], capture_output=True, text=True,
                              timeout=5)
        if head.returncode != 0:
            return None
        dirty = subprocess.run(["git", "-C", str(checkout), "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=5)
    except (OSError, subprocess.SubprocessError):
        return None
    return head.stdout.strip() + ("+dirty" if dirty.returncode == 0 and dirty.stdout.strip() else "")


def _timestamp(seconds: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def duration_text(seconds: float) -> str:
    """``12.3 s``, ``4m05s``, ``1h02m03s``."""
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes // 60}h{minutes % 60:02d}m{secs:02d}s" if minutes >= 60 else f"{minutes}m{secs:02d}s"


@lru_cache(maxsize=4)
def _instance_images(root: str, input_rel: str, mask_rel: str) -> tuple[np.ndarray, np.ndarray]:
    return load_image(Path(root) / input_rel), load_mask(Path(root) / mask_rel)


def verify_answer(root: str | Path, record: InstanceRecord, answer_path: str | Path | None) -> Verdict:
    """Verify one answer file against one instance; never raises for a bad answer (see ``status``)."""
    if answer_path is None:
        return Verdict.failed(record.id, record.track, Status.MISSING, "no answer image for this id")
    answer_path = Path(answer_path)
    try:
        target, mask = _instance_images(str(root), record.input_image, record.edit_mask)
    except ImageError as err:
        raise SetImageError(f"set image unreadable: {err}; the set is damaged (see `genpuzzle validate`), "
                            f"not the answer") from None
    try:
        answer, reduction = load_image_reduced(answer_path, fit=(target.shape[1], target.shape[0]))
    except ImageError as err:
        return Verdict.failed(record.id, record.track, Status.ERROR, str(err), answer_path=str(answer_path))
    return verify_image(record, answer, target, mask, answer_path=str(answer_path), reduction=reduction)


def verify_image(record: InstanceRecord, answer: np.ndarray, target: np.ndarray, mask: np.ndarray | None, *,
                 answer_path: str | None = None, reduction: int = 1) -> Verdict:
    """Verify an answer image in memory (RGB uint8, any size) against one instance whose input image is
    ``target`` (RGB uint8) and edit mask ``mask`` (bool, True where the answer may change pixels): register
    it into the input frame, then run the track's verifier. Never raises for a bad answer: a registration
    or verifier failure is an ``error`` verdict naming it. Computes within
    :func:`genpuzzle.parallel.reproducible_numerics`, so the verdict is the same on every call and in every run."""
    if mask is not None and mask.dtype != bool:
        mask = mask.astype(bool)  # a 0/255 mask (a PIL "L" image as an array) would index pixels, not select them
    with reproducible_numerics():
        return _verify_image(record, answer, target, mask, answer_path=answer_path, reduction=reduction)


def _verify_image(record: InstanceRecord, answer: np.ndarray, target: np.ndarray, mask: np.ndarray | None, *,
                  answer_path: str | None, reduction: int) -> Verdict:
    from genpuzzle.registry import get_track

    track = get_track(record.track)
    try:
        registration = register(answer, target, edit_mask=mask)
    except Exception as err:  # as for the verifier below: one odd answer must not stop a run
        return Verdict.failed(record.id, record.track, Status.ERROR,
                              f"registration failed: {type(err).__name__}: {err}", answer_path=answer_path)
    reg_info = {"method": registration.method, "quality": round(float(registration.quality), 4)}
    if reduction > 1:
        reg_info["decoded_at"] = 1 / reduction  # a large JPEG read at reduced size (images.load_image_reduced)
    if not registration.ok:
        return Verdict.failed(record.id, record.track, Status.UNREADABLE,
                              f"registration failed: {registration.reason}", answer_path=answer_path,
                              extra={"registration": reg_info})
    try:
        verdict = track.verify(record, registration.image, target, **observed_kwargs(track, registration, answer))
    except Exception as err:  # a verifier bug must not stop a run; it is recorded, counted and reported
        return Verdict.failed(record.id, record.track, Status.ERROR,
                              f"verifier failed: {type(err).__name__}: {err}", answer_path=answer_path,
                              extra={"registration": reg_info})
    verdict.answer_path = answer_path
    settle_unnamed_deduction(verdict)
    if registration.unbent is not None and verdict.status == Status.CORRECT:
        _confirm_without_bend(track, record, verdict, registration.unbent, target, answer_path)
    if registration.valid is not None and mask is not None and mask.any():
        # Outside the answer's page the registered image shows the input: what the answer does not show
        # cannot be judged solved, so a partly cut-off answer area is never a confident verdict.
        # (a bool mask's share by counts: the same float as the mean over ``valid[mask]``, without gathering a page)
        valid = registration.valid
        observed = (int(np.count_nonzero(valid & mask)) / int(np.count_nonzero(mask))
                    if mask.dtype == bool and valid.dtype == bool and valid.shape == mask.shape
                    else float(valid[mask].mean()))
        reg_info["edit_area_observed"] = round(observed, 4)
        if observed < MIN_OBSERVED_EDIT_AREA:
            verdict.needs_review = True
            verdict.extra["review_reason"] = (f"only {observed:.1%} of the answer area is inside the answer "
                                              "image (cut off, or covered by bars)")
    verdict.extra.setdefault("registration", reg_info)
    return verdict


def settle_unnamed_deduction(verdict: Verdict) -> None:
    """A track's ``correct`` verdict under 100 names no rule for the points it lost: the instrument contradicts
    itself (``correct`` means 100, as :mod:`genpuzzle.merge` and :mod:`genpuzzle.review` decide it), so the verdict
    is unsure: ``needs_review`` with the reason, the score kept. Changes ``verdict`` in place."""
    if verdict.status == Status.CORRECT and verdict.score < 100.0:
        verdict.needs_review = True
        verdict.extra["review_reason"] = (f"scored {verdict.score:g} as correct: points lost without a named "
                                          "rule")


def observed_kwargs(track: Any, registration: Any, answer: np.ndarray | None = None) -> dict[str, Any]:
    """``{"observed": registration.valid}`` for a track whose ``verify`` takes where the registered image
    shows the answer's page (elsewhere it shows the input), and ``{"answer_page": (answer, registration)}`` for
    one that reads the answer as returned beyond the page (pattern_completion); else nothing."""
    import inspect

    params = inspect.signature(track.verify).parameters
    kwargs: dict[str, Any] = {}
    if registration.valid is not None and "observed" in params:
        kwargs["observed"] = registration.valid
    if answer is not None and "answer_page" in params:
        kwargs["answer_page"] = (answer, registration)
    return kwargs


def _confirm_without_bend(track: Any, record: InstanceRecord, verdict: Verdict, unbent: np.ndarray,
                          target: np.ndarray, answer_path: str | None) -> None:
    """A correct verdict read on a locally bent answer must not rest on the bend for a track whose rubric
    lists ``local_bend.confirm_codes``: the bend (a smooth field of a few px) can also pull a mark lying
    just beside its place into it (a stick beside its slot). Read again with the affine map alone; if that
    reading finds one of those violations, the verdict is unsure: ``needs_review``, score 0."""
    codes = set((track.rubric.get("local_bend") or {}).get("confirm_codes", ()))
    if not codes:
        return
    try:
        plain = track.verify(record, unbent, target)
    except Exception:  # the bent reading stands; a failure here is not the answer's fault
        return
    found = sorted({v.code for v in plain.violations} & codes)
    if found:
        verdict.score = 0.0
        verdict.needs_review = True
        verdict.extra["review_reason"] = (f"read without the local bend correction the answer shows "
                                          f"{', '.join(found)}: the correct reading rests on the bend")
        verdict.extra["unbent_violations"] = [v.to_json() for v in plain.violations if v.code in codes]


MIN_OBSERVED_EDIT_AREA = 0.99  # share of the edit-mask area the answer's page must show for a sure verdict


def read_results(path: Path, *, repair: bool = False) -> list[Verdict]:
    """Verdicts in ``results.jsonl``. A truncated last line (a killed run) is skipped; with ``repair`` it is
    also cut from the file, so that appending can resume cleanly."""
    return list(iter_results(path, repair=repair))


def iter_results(path: Path, *, repair: bool = False) -> Iterator[Verdict]:
    """:func:`read_results` one verdict at a time (a results file of any size in flat memory); the repair,
    if asked, happens once the last verdict has been yielded."""
    if not path.exists():
        return
    keep_bytes = 0
    seen_any = False
    with open(path, "rb") as f:
        for number, raw in enumerate(f, 1):
            try:
                verdict = Verdict.from_json(json.loads(raw))
            except (json.JSONDecodeError, UnicodeDecodeError, KeyError, ValueError, TypeError):
                if f.read(1):
                    raise DatasetError(f"{path}:{number}: corrupt result line (not the last line)") from None
                break
            keep_bytes += len(raw)
            seen_any = True
            yield verdict
    if not repair:
        return
    if keep_bytes != path.stat().st_size:
        with open(path, "r+b") as f:
            f.truncate(keep_bytes)
    if seen_any and keep_bytes:
        with open(path, "rb") as f:
            f.seek(keep_bytes - 1)
            if f.read(1) != b"\n":
                with open(path, "ab") as g:
                    g.write(b"\n")


def evaluate(set_dir: str | Path, answers_dir: str | Path, out_dir: str | Path, *, workers: int = 1,
             resume: bool = False, tracks: list[str] | None = None,
             progress: Callable[[int, int], None] | None = None, judge: Any = None,
             human: str | Path | None = None, log: Callable[[str], None] | None = None,
             backend: str = "local", address: str | None = None) -> dict[str, Any]:
    """Verify every answer of a set and write ``results.jsonl``, ``summary.json`` and ``run.json``.

    ``workers`` processes verify answers: this one and ``workers - 1`` spawned ones (one per core is
    right). ``progress(done, total)`` is called after each verdict. With ``judge`` (a
    :class:`genpuzzle.judge.Judge`) each answer is also judged and merged (:mod:`genpuzzle.merge`);
    ``human`` is a human score file imported before summarising (:mod:`genpuzzle.review`).
    ``log`` receives one-line notes for the user (how many answers matched, files matching no id).
    Returns the summary. ``backend="ray"`` verifies in Ray tasks instead (the cluster at ``address``, or
    a local Ray instance with ``workers`` CPUs); results are written the same way, as they finish.

    Raises :class:`DatasetError` before verifying anything when no answer file matches an id of the
    selected instances, or when the set lacks an input image or edit mask; a set image found unreadable
    during the run raises :class:`SetImageError` (the verdicts so far are kept). Neither is charged to
    the model as a verdict.
    """
    from genpuzzle.distributed import check_backend

    check_backend(backend)
    started = time.time()
    root = Path(set_dir)
    info = read_set_info(root)
    answers = find_answers(answers_dir)
    out = Path(out_dir)
    results_path = out / RESULTS
    run_path = out / RUN_JSON
    fingerprint = info.get("fingerprint")
    if results_path.exists() and not resume:
        raise DatasetError(f"{results_path}: already exists; pass --resume to continue that run, "
                           f"or choose a new --out")
    if resume and run_path.exists():
        previous = read_json_object(run_path)
        if previous.get("set_fingerprint") != fingerprint:
            raise DatasetError(f"{run_path}: these results were computed on a different set "
                               f"({previous.get('set_fingerprint')}), not {fingerprint}")
    if tracks is not None:
        from genpuzzle.registry import get_track

        for name in tracks:
            get_track(name)

    def selected() -> Iterator[InstanceRecord]:
        # The manifest is read again for each pass instead of being held: memory stays flat in the
        # number of instances (only ids are kept, and the verdicts' scores for the summary).
        return (r for r in iter_records(root) if tracks is None or r.track in tracks)

    set_ids: set[str] = set()
    wanted: list[str] = []
    missing_files: list[Path] = []
    for record in iter_records(root):
        if record.id in set_ids:
            raise DatasetError(f"{root / MANIFEST}: duplicate id {record.id!r}")
        set_ids.add(record.id)
        if tracks is None or record.track in tracks:
            wanted.append(record.id)
            missing_files += [root / rel for rel in (record.input_image, record.edit_mask) if not (root / rel).is_file()]
    if missing_files:
        raise DatasetError(f"{missing_files[0]}: set image missing ({len(missing_files)} missing in all); the "
                           f"set is incomplete: copy it again or regenerate it (answers are not scored against "
                           f"a damaged set)")
    matching = match_answers(answers, wanted, set_ids, answers_dir)
    if log:
        log(matching.describe())
    out.mkdir(parents=True, exist_ok=True)
    done = {v.id for v in iter_results(results_path, repair=True)}
    todo = (r for r in selected() if r.id not in done)
    run_info = {
        **provenance(), "set": str(root.resolve()),
        "set_fingerprint": fingerprint, "answers": str(Path(answers_dir).resolve()),
        "tracks": tracks, "workers": workers, "backend": backend, "started": _timestamp(started),
        "answers_found": len(answers), "answers_matched": matching.matched,
        "answers_unmatched": sorted(set(answers) - set_ids)[:50],
        "absent_tracks": info.get("missing_tracks") or {},
    }
    if judge is not None:
        run_info["judge"] = judge.describe(r.scoring.get("rubric") or r.track for r in selected())
    run_path.write_text(json.dumps(run_info, indent=2) + "\n", encoding="utf-8")
    total = len(wanted)
    finished = len(done & set(wanted))
    verified = total - finished
    verify_started = time.monotonic()
    if backend == "ray":
        stream = _verify_all_ray(root, todo, answers, workers, address)
    else:
        stream = _verify_all(root, todo, answers, workers)
    if judge is not None:
        from genpuzzle.judge import judge_verdicts

        # The judge needs each verdict's record; a judged run is bounded by its API, not by this memory.
        by_id = {r.id: r for r in selected() if r.id not in done}
        stream = judge_verdicts(stream, by_id, root, judge)
    with open(results_path, "a", encoding="utf-8", newline="\n") as results:
        for verdict in stream:
            results.write(json_line(verdict.to_json()) + "\n")
            results.flush()
            finished += 1
            if progress:
                progress(finished, total)
    elapsed = time.monotonic() - verify_started
    if judge is not None:
        run_info["judge"]["usage"] = judge.usage()
    if human is not None:
        from genpuzzle.review import apply_human_scores

        run_info["human_scores"] = {"file": str(Path(human).resolve()), "applied": apply_human_scores(out, human)}
    run_info.update(finished=_timestamp(time.time()), elapsed_s=round(time.time() - started, 3),
                    verified=verified, verify_s=round(elapsed, 3),
                    answers_per_s=round(verified / elapsed, 3) if elapsed > 0 and verified else None)
    run_path.write_text(json.dumps(run_info, indent=2) + "\n", encoding="utf-8")
    wanted_ids = set(wanted)
    summary = summarize(v for v in iter_results(results_path) if v.id in wanted_ids)
    absent = info.get("missing_tracks") or {}
    if absent:
        summary["absent_tracks"] = dict(absent)
        summary["note"] = (f"Macro Overall over the {len(summary['tracks'])} tracks present; the set's preset "
                           f"{info.get('preset')!r} also names {', '.join(absent)}, which this "
                           "genpuzzle cannot generate yet")
    summary["set_fingerprint"] = fingerprint
    summary["genpuzzle_version"] = genpuzzle.__version__
    tmp = out / (SUMMARY + ".part")
    tmp.write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, out / SUMMARY)
    return summary


def _verify_job(root: str, record_json: dict[str, Any], answer: str | None) -> dict[str, Any]:
    record = InstanceRecord.from_json(record_json)
    try:
        return verify_answer(root, record, answer).to_json()
    except SetImageError:
        raise  # the set's fault: it stops the run rather than becoming the model's verdict
    except GenpuzzleError as err:
        return Verdict.failed(record.id, record.track, Status.ERROR, str(err), answer_path=answer).to_json()


def _verify_batch(root: str, batch: list[tuple[dict[str, Any], str | None]]) -> list[dict[str, Any]]:
    return [_verify_job(root, record_json, answer) for record_json, answer in batch]


BATCH = 4  # answers per worker task: fewer round trips, at most 2 x BATCH per worker in flight


def _verify_all(root: Path, records: Iterable[InstanceRecord], answers: dict[str, Path],
                workers: int) -> Iterator[Verdict]:
    """Verdicts for ``records`` (read lazily) from ``workers`` processes, this one included: it verifies
    answers itself whenever the ``workers - 1`` spawned processes have their batches queued, so no core
    idles while they start."""
    from threadpoolctl import threadpool_limits

    root_text = str(root)
    jobs = ((r.to_json(), str(answers[r.id]) if r.id in answers else None) for r in records)
    keep_heap()  # (speed: page-sized temporaries reuse freed memory; the same verdicts)
    with threadpool_limits(1), reproducible_numerics():
        if workers <= 1:
            for job in jobs:
                yield Verdict.from_json(_verify_job(root_text, *job))
            return
        pool = process_pool(workers - 1, heap=True)
        pending: set = set()
        batches = _batched(jobs, BATCH)  # draws from the same generator as this process does
        try:
            while True:
                # Keep two batches per worker queued (bounded: memory stays flat, a kill loses little).
                while len(pending) < 2 * (workers - 1):
                    batch = next(batches, None)
                    if batch is None:
                        break
                    pending.add(pool.submit(_verify_batch, root_text, batch))
                finished = {f for f in pending if f.done()}
                job = next(jobs, None)
                if job is not None:
                    yield Verdict.from_json(_verify_job(root_text, *job))
                elif not pending:
                    return
                elif not finished:
                    finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    pending.discard(future)
                    with clear_worker_failures("; the verdicts so far are kept: run again with --resume"):
                        verdicts = future.result()
                    for verdict in verdicts:
                        yield Verdict.from_json(verdict)
        finally:
            # Idle workers exit while the summary is written; the executor joins them in the background.
            pool.shutdown(wait=False, cancel_futures=True)


def _verify_all_ray(root: Path, records: Iterable[InstanceRecord], answers: dict[str, Path],
                    workers: int, address: str | None) -> Iterator[Verdict]:
    """Verdicts for ``records`` from Ray tasks of ``BATCH`` answers each, as they finish (at most
    ``4 x workers`` batches in flight, so memory stays flat and a killed driver loses little)."""
    from genpuzzle.distributed import ray_map, ray_session

    jobs = ((r.to_json(), str(answers[r.id]) if r.id in answers else None) for r in records)
    batches = _batched(jobs, BATCH)
    with ray_session(address, workers) as ray:
        for verdicts in ray_map(ray, _verify_batch_one_thread, ((str(root), b) for b in batches),
                                window=max(2, 4 * workers), ordered=False):
            for verdict in verdicts:
                yield Verdict.from_json(verdict)


def _batched(items: Iterator[Any], size: int) -> Iterator[list[Any]]:
    batch: list[Any] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def _verify_batch_one_thread(root: str, batch: list[tuple[dict[str, Any], str | None]]) -> list[dict[str, Any]]:
    from threadpoolctl import threadpool_limits

    with threadpool_limits(1), reproducible_numerics():
        return _verify_batch(root, batch)

