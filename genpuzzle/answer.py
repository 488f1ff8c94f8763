"""``genpuzzle answer``: get a model's answer images for a set from an image-model provider.

Reads only the model-facing part of a set (id, track, instruction, input image: what ``export --public``
writes; a full set is read the same way and its ground truth never touched), asks the provider for one
image per instance and writes ``<out>/<id>.png`` (the layout ``evaluate`` reads) plus
``<out>/answers.jsonl``, one line per attempted instance: provider, model and request parameters,
latency, usage when reported, retries, and the error when the call failed.

Behaviour: at most ``concurrency`` calls at once; transient failures (rate limits, server errors,
timeouts) are retried with exponential backoff, waiting at least the server's ``Retry-After``; other
failures are recorded and the run goes on. Images are written to a temporary name and renamed, so a
killed run never leaves a half-written answer; ``resume`` skips ids that already have one.
"""

from __future__ import annotations

import io
import json
import os
import random
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from PIL import Image, UnidentifiedImageError

from genpuzzle.dataset import MANIFEST, PUBLIC_MANIFEST, iter_json_objects, json_line, load_set
from genpuzzle.errors import DatasetError, GenpuzzleError
from genpuzzle.providers import AnswerRequest, Provider, ProviderError, TransientProviderError

ANSWERS_LOG = "answers.jsonl"
ANSWER_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")
MAX_RETRY_AFTER = 600.0


@dataclass(frozen=True)
class RetryPolicy:
    """Retries of transient failures: waits ``base * 2**k`` seconds (jittered, at most ``cap``), or the
    server's ``Retry-After`` when longer (at most ``MAX_RETRY_AFTER``)."""

    retries: int = 4
    base: float = 2.0
    cap: float = 60.0

    def wait(self, attempt: int, retry_after: float | None, rng: random.Random) -> float:
        backoff = min(self.cap, self.base * 2 ** attempt) * (0.5 + 0.5 * rng.random())
        return max(backoff, min(retry_after or 0.0, MAX_RETRY_AFTER))


def public_requests(set_dir: str | Path) -> list[AnswerRequest]:
    """The model-facing view of a set (public export or full set), in manifest order."""
    root = Path(set_dir)
    public = root / PUBLIC_MANIFEST
    if public.is_file():
        entries = []
        for line_no, data in iter_json_objects(public):
            missing = [k for k in ("id", "track", "instruction", "input_image") if k not in data]
            if missing:
                raise DatasetError(f"{public}:{line_no}: missing field {missing[0]!r}")
            entries.append((data["id"], data["track"], data["instruction"], data["input_image"]))
    elif (root / MANIFEST).is_file():
        entries = [(r.id, r.track, r.instruction, r.input_image) for r in load_set(root).records]
    else:
        raise DatasetError(f"{root}: neither {PUBLIC_MANIFEST} nor {MANIFEST} found; is it a genpuzzle set?")
    requests = []
    for instance_id, track, instruction, rel in entries:
        path = root / rel
        if not path.is_file():
            raise DatasetError(f"{path}: input image of {instance_id} is missing from the set")
        requests.append(AnswerRequest(instance_id, track, instruction, path))
    return requests


def answered_ids(out: Path) -> set[str]:
    """Ids that already have an answer image in ``out``."""
    if not out.is_dir():
        return set()
    return {p.stem for p in out.iterdir() if p.is_file() and p.suffix.lower() in ANSWER_SUFFIXES}


def run_answers(set_dir: str | Path, out: str | Path, provider: Provider, *, concurrency: int = 4,
                tracks: list[str] | None = None, limit: int | None = None, resume: bool = False,
                policy: RetryPolicy = RetryPolicy(), progress: Callable[[int, int, int], None] | None = None,
                sleep: Callable[[float], None] = time.sleep) -> dict[str, Any]:
    """Answer every selected instance of ``set_dir`` into ``out``; returns counts and the log path.

    ``progress(done, failed, total)`` is called after every instance. Raises :class:`GenpuzzleError` for
    a bad set or an ``out`` that already holds answers without ``resume``.
    """
    requests = public_requests(set_dir)
    if tracks:
        known = {r.track for r in requests}
        unknown = [t for t in tracks if t not in known]
        if unknown:
            raise GenpuzzleError(f"--tracks: the set has no track {unknown[0]!r}; it has {', '.join(sorted(known))}")
        requests = [r for r in requests if r.track in tracks]
    if limit is not None:
        requests = requests[:limit]
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    for stale in out.glob("*.part"):
        stale.unlink()
    done_ids = answered_ids(out)
    if done_ids and not resume:
        raise GenpuzzleError(f"{out}: already holds {len(done_ids)} answers; use --resume to continue, "
                             "or choose a new --out")
    todo = [r for r in requests if r.id not in done_ids]
    counts = {"total": len(requests), "skipped": len(requests) - len(todo), "answered": 0, "failed": 0}
    log_lock = threading.Lock()
    described = provider.describe()

    with open(out / ANSWERS_LOG, "a", encoding="utf-8", newline="\n") as log:
        def record(entry: dict[str, Any]) -> None:
            with log_lock:
                log.write(json_line(entry) + "\n")
                log.flush()
                counts["answered" if entry["status"] == "ok" else "failed"] += 1
                if progress:
                    progress(counts["answered"] + counts["skipped"], counts["failed"], counts["total"])

        def work(request: AnswerRequest) -> None:
            record(_answer_one(request, provider, described, out, policy, sleep))

        if progress:
            progress(counts["skipped"], 0, counts["total"])
        with ThreadPoolExecutor(max_workers=max(1, concurrency), thread_name_prefix="answer") as pool:
            try:
                for _ in pool.map(work, todo):
                    pass
            except BaseException:
                pool.shutdown(wait=False, cancel_futures=True)
                raise
    counts["log"] = str(out / ANSWERS_LOG)
    return counts


def _answer_one(request: AnswerRequest, provider: Provider, described: dict[str, Any], out: Path,
                policy: RetryPolicy, sleep: Callable[[float], None]) -> dict[str, Any]:
    rng = random.Random(request.id)
    entry: dict[str, Any] = {"id": request.id, "track": request.track, "provider": provider.name,
                             "model": described.get("model"), "request": described}
    started = time.monotonic()
    retries = 0
    errors: list[str] = []
    while True:
        attempt_start = time.monotonic()
        try:
            answer = provider.answer(request)
            image_bytes = _as_png(answer.image)
            target = out / f"{request.id}.png"
            part = out / f"{request.id}.png.part"
            part.write_bytes(image_bytes)
            os.replace(part, target)
            entry.update(status="ok", output=target.name, usage=answer.usage, **answer.info)
            break
        except TransientProviderError as err:
            errors.append(str(err))
            if retries >= policy.retries:
                entry.update(status="failed", error=f"gave up after {retries + 1} attempts: {err}")
                break
            sleep(policy.wait(retries, err.retry_after, rng))
            retries += 1
        except ProviderError as err:
            entry.update(status="failed", error=str(err))
            break
        except Exception as err:  # one bad instance never stops the run
            entry.update(status="failed", error=f"{type(err).__name__}: {err}")
            break
    entry.update(latency_s=round(time.monotonic() - attempt_start, 3),
                 elapsed_s=round(time.monotonic() - started, 3), retries=retries,
                 finished_at=datetime.now(timezone.utc).isoformat(timespec="seconds"))
    if errors and entry["status"] == "ok":
        entry["retried_errors"] = errors
    return entry


def _as_png(data: bytes) -> bytes:
    """The answer as PNG bytes: a PNG is kept as sent, any other image format is converted losslessly."""
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return data
    try:
        with Image.open(io.BytesIO(data)) as image:
            image.load()
            converted = image.convert("RGBA" if "A" in image.getbands() else "RGB")
    except (UnidentifiedImageError, OSError, ValueError) as err:
        raise ProviderError(f"the provider returned no readable image ({len(data)} bytes: {err})") from None
    buffer = io.BytesIO()
    converted.save(buffer, format="PNG")
    return buffer.getvalue()


def iter_log(out: str | Path) -> Iterator[dict[str, Any]]:
    """The lines of ``answers.jsonl`` in ``out``."""
    path = Path(out) / ANSWERS_LOG
    for _, data in iter_json_objects(path):
        yield data


def parse_params(values: list[str]) -> dict[str, Any]:
    """``KEY=VALUE`` pairs (``--param``) as request parameters; values parse as JSON when they can."""
    params: dict[str, Any] = {}
    for item in values:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise GenpuzzleError(f"--param {item!r}: expected KEY=VALUE")
        try:
            params[key] = json.loads(value)
        except json.JSONDecodeError:
            params[key] = value
    return params
