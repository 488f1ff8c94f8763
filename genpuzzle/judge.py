"""The opt-in MLLM rubric judge: any OpenAI-compatible chat-completions endpoint with image inputs,
reached through the official ``openai`` client.

The judge sees the input image, the candidate answer (re-encoded from its pixels, so file names and
metadata never reach it), the reference image(s), the instruction, the ground-truth annotations and the
track rubric -- never the identity of the model that drew the answer. It must reply with one JSON object:

* four-tier / binary rubrics (and programmatic rubrics without dimensions, judged on a generic 0-3 scale):
  ``{"tier": r, "fatal_errors": [...], "confidence": c, "rationale": "..."}``
* five-dimension rubrics: ``{"dimensions": {name: points (0..weight)}, "fatal_errors": [...],
  "confidence": c, "rationale": "..."}``

Each pass is validated against the rubric; malformed output is retried ``format_retries`` times, then the
pass is a judge error. Transport failures (429, 5xx, timeouts, dropped connections) are retried with
exponential backoff. Passes are voted (see :func:`vote`); low confidence or disagreement sets
``needs_review``. Validated passes are cached on disk by (answer hash, instance id, judge model, rubric
hash, prompt version, pass index), so a rerun costs nothing. See ``docs/readme/judge.md``.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import re
import statistics
import threading
import time
import urllib.parse
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image

from genpuzzle.errors import GenpuzzleError
from genpuzzle.records import InstanceRecord, Status, Verdict
from genpuzzle.track import rubric_dir

PROMPT_VERSION = "1"
DEFAULT_CONFIDENCE_THRESHOLD = 0.75
ANNOTATION_CHARS = 6000
GENERIC_TIERS = {
    "3": "Fully correct: the answer solves the task exactly as the reference does and keeps everything else.",
    "2": "Essentially correct with a minor defect that does not change the solution.",
    "1": "Partly correct: a recognisable attempt with at least one substantive error.",
    "0": "Wrong, empty, or unrelated to the task.",
}
GENERIC_BINARY = {"1": "The answer is fully correct.", "0": "The answer is not fully correct."}


class JudgeError(GenpuzzleError):
    """The judge could not produce a valid verdict (transport failure, refusal, malformed output)."""


# ------------------------------------------------------------------------------------------- rubrics


def rubric_path(name: str) -> Path:
    """``data/rubrics/<name>.json``."""
    return rubric_dir() / f"{name}.json"


def rubric_hash(path: str | Path) -> str:
    """``sha256:<hex>`` of the rubric file's bytes (any edit changes it and invalidates cached passes)."""
    return "sha256:" + hashlib.sha256(Path(path).read_bytes()).hexdigest()


@dataclass(frozen=True)
class RubricSpec:
    """What the judge must return for one rubric: tiers (``levels`` of them) or weighted dimensions."""

    name: str
    rubric: dict[str, Any]
    hash: str
    kind: str  # "tiers" or "dimensions"
    levels: int = 4
    tiers: dict[str, str] = field(default_factory=dict)
    dimensions: tuple[tuple[str, float, str], ...] = ()
    caps: dict[str, int] = field(default_factory=dict)  # code -> max tier
    fatal: dict[str, tuple[str, float]] = field(default_factory=dict)  # code -> (effect, cap)
    confidence_threshold: float = DEFAULT_CONFIDENCE_THRESHOLD

    @property
    def codes(self) -> set[str]:
        return set(self.caps) | set(self.fatal)

    def rubric_entry(self, code: str) -> str:
        """The rubric's description of a cap or fatal-error code ('' if none)."""
        for entry in list(self.rubric.get("caps", []) or []) + list(self.rubric.get("fatal_errors", []) or []):
            if isinstance(entry, dict) and entry.get("code") == code:
                return str(entry.get("description", ""))
        return ""

    def score_tier(self, tier: int, codes: Iterable[str]) -> tuple[int, float]:
        """Effective tier after caps, and its score ``tier / (levels - 1) * 100`` after fatal errors."""
        codes = set(codes)
        for code in codes:
            if code in self.caps:
                tier = min(tier, self.caps[code])
        return tier, self._apply_fatal(tier / (self.levels - 1) * 100.0, codes)

    def score_dimensions(self, points: dict[str, float], codes: Iterable[str]) -> float:
        """Sum of dimension points (0..100) after fatal errors."""
        return self._apply_fatal(sum(points[name] for name, _, _ in self.dimensions), set(codes))

    def _apply_fatal(self, score: float, codes: set[str]) -> float:
        for code in codes:
            if code in self.fatal:
                effect, cap = self.fatal[code]
                score = 0.0 if effect == "zero" else min(score, cap)
        return float(score)


def load_rubric(name: str, path: str | Path | None = None) -> RubricSpec:
    """Read a rubric file and derive the judge's output schema from it (works for any track's rubric).

    ``dimensions`` (list of ``{name, weight, description}`` or a ``{name: weight}`` map) -> per-dimension
    points; ``tiers`` -> that many tiers; ``mechanism`` naming ``binary`` or a ``score`` text starting
    "binary" -> 2 tiers; anything else (e.g.
    programmatic grid checks) -> the generic four-tier scale. ``caps`` entries ``{code, max_tier}`` and
    ``fatal_errors`` entries ``{code, effect: zero|cap, cap}`` (a bare string means effect ``zero``).
    """
    path = Path(path) if path is not None else rubric_path(name)
    try:
        rubric = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise JudgeError(f"{path}: rubric file not found") from None
    except json.JSONDecodeError as err:
        raise JudgeError(f"{path}: invalid JSON ({err})") from None
    caps = {}
    for entry in rubric.get("caps", []) or []:
        if isinstance(entry, dict) and "code" in entry and "max_tier" in entry:
            caps[str(entry["code"])] = int(entry["max_tier"])
    fatal: dict[str, tuple[str, float]] = {}
    for entry in rubric.get("fatal_errors", []) or []:
        if isinstance(entry, str):
            fatal[entry] = ("zero", 0.0)
        elif isinstance(entry, dict) and "code" in entry:
            effect = "cap" if entry.get("effect") == "cap" else "zero"
            fatal[str(entry["code"])] = (effect, float(entry.get("cap", 0.0)))
    threshold = float((rubric.get("judge") or {}).get("confidence_threshold", DEFAULT_CONFIDENCE_THRESHOLD))
    common = dict(name=name, rubric=rubric, hash=rubric_hash(path), caps=caps, fatal=fatal,
                  confidence_threshold=threshold)
    dims = rubric.get("dimensions")
    if dims:
        if isinstance(dims, dict):
            items = [(str(k), float(v if not isinstance(v, dict) else v["weight"]),
                      "" if not isinstance(v, dict) else str(v.get("description", ""))) for k, v in dims.items()]
        else:
            items = [(str(d["name"]), float(d["weight"]), str(d.get("description", ""))) for d in dims]
        total = sum(w for _, w, _ in items)
        if abs(total - 100.0) > 1e-6:
            raise JudgeError(f"{path}: dimension weights sum to {total:g}, not 100")
        return RubricSpec(kind="dimensions", dimensions=tuple(items), **common)
    tiers = rubric.get("tiers")
    if isinstance(tiers, dict) and tiers:
        keys = sorted(int(k) for k in tiers)
        if keys != list(range(len(keys))) or len(keys) < 2:
            raise JudgeError(f"{path}: tiers must be keyed 0..n-1 (n >= 2), got {sorted(tiers)}")
        return RubricSpec(kind="tiers", levels=len(keys), tiers={str(k): str(tiers[str(k)]) for k in keys}, **common)
    if "binary" in str(rubric.get("mechanism", "")) or str(rubric.get("score", "")).lower().startswith("binary"):
        return RubricSpec(kind="tiers", levels=2, tiers=dict(GENERIC_BINARY), **common)
    return RubricSpec(kind="tiers", levels=4, tiers=dict(GENERIC_TIERS), **common)


# ------------------------------------------------------------------------------------- validation


def parse_reply(text: str, spec: RubricSpec) -> dict[str, Any]:
    """The judge's JSON object, validated against ``spec``; raises ``ValueError`` naming the problem."""
    data = _json_object(text)
    confidence = data.get("confidence")
    if not isinstance(confidence, (int, float)) or isinstance(confidence, bool) or not 0 <= confidence <= 1:
        raise ValueError("'confidence' must be a number in [0, 1]")
    codes = data.get("fatal_errors", [])
    if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
        raise ValueError("'fatal_errors' must be a list of codes")
    unknown = sorted(set(codes) - spec.codes)
    if unknown:
        raise ValueError(f"unknown fatal_errors codes {unknown}; allowed: {sorted(spec.codes)}")
    out: dict[str, Any] = {"confidence": float(confidence), "fatal_errors": sorted(set(codes)),
                           "rationale": str(data.get("rationale", ""))[:2000]}
    if spec.kind == "tiers":
        tier = data.get("tier")
        if isinstance(tier, float) and tier.is_integer():
            tier = int(tier)
        if not isinstance(tier, int) or isinstance(tier, bool) or not 0 <= tier < spec.levels:
            raise ValueError(f"'tier' must be an integer in 0..{spec.levels - 1}")
        out["tier"] = tier
        out["effective_tier"], out["score"] = spec.score_tier(tier, codes)
        return out
    dims = data.get("dimensions")
    if not isinstance(dims, dict):
        raise ValueError("'dimensions' must be an object of dimension -> points")
    points = {}
    for name, weight, _ in spec.dimensions:
        value = dims.get(name)
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 <= value <= weight:
            raise ValueError(f"dimension {name!r} must be a number in [0, {weight:g}]")
        points[name] = float(value)
    extra = sorted(set(dims) - set(points))
    if extra:
        raise ValueError(f"unknown dimensions {extra}")
    out["dimensions"] = points
    out["score"] = spec.score_dimensions(points, codes)
    return out


def _json_object(text: str) -> dict[str, Any]:
    text = text.strip()
    fenced = re.search(r"```(?:json)?\s*(.*?)```", text, re.S)
    candidates = [fenced.group(1)] if fenced else []
    candidates.append(text)
    start, end = text.find("{"), text.rfind("}")
    if 0 <= start < end:
        candidates.append(text[start:end + 1])
    for candidate in candidates:
        try:
            data = json.loads(candidate)
        except json.JSONDecodeError:
            continue
        if isinstance(data, dict):
            return data
    raise ValueError("reply is not a JSON object")


# ----------------------------------------------------------------------------------------- voting


def vote(passes: list[dict[str, Any]], spec: RubricSpec, threshold: float) -> dict[str, Any]:
    """Combine validated passes into one judgement.

    Fatal codes count when more than half the passes report them.
    Tiers: the modal effective tier (ties -> the lower tier); ``agreement`` = share of passes on it.
    Dimensions: per-dimension median points; ``agreement`` = 1 - (max - min pass score) / 100.
    ``confidence`` = min(agreement, mean self-reported confidence); ``needs_review`` when it is below
    ``threshold``.
    """
    if not passes:
        raise ValueError("no valid passes to vote on")
    n = len(passes)
    mean_conf = sum(p["confidence"] for p in passes) / n
    if spec.kind == "tiers":
        counts = Counter(p["effective_tier"] for p in passes)
        top = max(counts.values())
        tier = min(t for t, c in counts.items() if c == top)
        agreement = top / n
        codes = _majority_codes(passes)
        result: dict[str, Any] = {"tier": tier, "score": spec.score_tier(tier, codes)[1], "fatal_errors": codes}
    else:
        points = {name: float(statistics.median(p["dimensions"][name] for p in passes))
                  for name, _, _ in spec.dimensions}
        codes = _majority_codes(passes)
        scores = [p["score"] for p in passes]
        agreement = 1.0 - (max(scores) - min(scores)) / 100.0
        result = {"dimensions": points, "score": spec.score_dimensions(points, codes), "fatal_errors": codes}
    confidence = min(agreement, mean_conf)
    result.update(agreement=round(agreement, 4), confidence=round(confidence, 4),
                  needs_review=confidence < threshold)
    return result


def _majority_codes(passes: list[dict[str, Any]]) -> list[str]:
    counts = Counter(c for p in passes for c in p["fatal_errors"])
    return sorted(c for c, k in counts.items() if 2 * k > len(passes))


# ----------------------------------------------------------------------------------------- client


@dataclass
class JudgeConfig:
    """Judge settings. ``api_key`` is sent as a Bearer token and never written anywhere."""

    model: str
    base_url: str
    api_key: str | None = None
    passes: int = 3
    confidence_threshold: float | None = None  # None: the rubric's judge.confidence_threshold (else 0.75)
    timeout: float = 120.0
    max_retries: int = 5  # transport retries per request (429, 5xx, timeouts, dropped connections)
    format_retries: int = 2  # re-asks per pass after malformed or invalid output
    backoff: float = 1.0  # first retry delay in seconds, doubled each retry
    max_backoff: float = 60.0
    concurrency: int = 4  # simultaneous requests
    cache_dir: str | Path | None = None
    temperature: float | None = None  # None: endpoint default
    max_tokens: int = 1024
    max_image_side: int = 1024
    json_mode: bool = True  # send response_format {"type": "json_object"}
    price_per_mtok: tuple[float, float] = (0.0, 0.0)  # (prompt, completion) cost per million tokens

    def describe(self) -> dict[str, Any]:
        """What run.json records (never the key)."""
        return {"model": self.model, "endpoint": _public_url(self.base_url), "passes": self.passes,
                "confidence_threshold": self.confidence_threshold, "temperature": self.temperature,
                "prompt_version": PROMPT_VERSION, "price_per_mtok": list(self.price_per_mtok)}


@dataclass
class JudgeResult:
    """One answer's judgement: the vote, every pass, usage, or the error that stopped it."""

    instance_id: str
    model: str
    rubric: str
    rubric_hash: str
    score: float | None = None
    tier: int | None = None
    dimensions: dict[str, float] | None = None
    fatal_errors: list[str] = field(default_factory=list)
    confidence: float = 0.0
    agreement: float = 0.0
    needs_review: bool = True
    passes: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None
    usage: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.error is None and self.score is not None

    def to_json(self) -> dict[str, Any]:
        data = {k: getattr(self, k) for k in ("model", "rubric", "rubric_hash", "score", "tier", "dimensions",
                                              "fatal_errors", "confidence", "agreement", "needs_review",
                                              "passes", "error", "usage")}
        return {k: v for k, v in data.items() if v is not None}


class Judge:
    """A rubric judge bound to one endpoint and model; thread-safe, with running usage totals."""

    def __init__(self, config: JudgeConfig, *, sleep: Callable[[float], None] = time.sleep) -> None:
        if config.passes < 1:
            raise JudgeError("judge passes must be >= 1")
        self.config = config
        self._sleep = sleep
        self._slots = threading.BoundedSemaphore(max(1, config.concurrency))
        self._lock = threading.Lock()
        self._specs: dict[str, RubricSpec] = {}
        self.totals = {"requests": 0, "retries": 0, "cache_hits": 0, "prompt_tokens": 0, "completion_tokens": 0,
                       "cost": 0.0, "judged": 0, "judge_errors": 0, "invalid_replies": 0}
        self.error_examples: list[str] = []  # the first few judge errors, for the console
        self._openai: Any = None

    # -- public -------------------------------------------------------------------------------------

    def spec(self, name: str) -> RubricSpec:
        with self._lock:
            if name not in self._specs:
                self._specs[name] = load_rubric(name)
            return self._specs[name]

    def describe(self, rubric_names: Iterable[str] = ()) -> dict[str, Any]:
        """Run metadata: model, endpoint, passes, thresholds and the hash of every rubric used."""
        info = self.config.describe()
        names = sorted(set(rubric_names))
        info["rubrics"] = {name: self.spec(name).hash for name in names}
        if self.config.confidence_threshold is None:
            info["confidence_threshold"] = {name: self.spec(name).confidence_threshold for name in names}
        return info

    def usage(self) -> dict[str, Any]:
        with self._lock:
            totals = dict(self.totals)
        totals["cost"] = round(totals["cost"], 6)
        return totals

    def judge(self, record: InstanceRecord, set_root: str | Path, answer_path: str | Path) -> JudgeResult:
        """Judge one answer image against one instance; never raises (failures are ``result.error``)."""
        name = str(record.scoring.get("rubric") or record.track)
        result = JudgeResult(instance_id=record.id, model=self.config.model, rubric=name, rubric_hash="")
        try:
            spec = self.spec(name)
            result.rubric_hash = spec.hash
            answer_bytes = Path(answer_path).read_bytes()
            answer_hash = hashlib.sha256(answer_bytes).hexdigest()
            messages = build_messages(record, Path(set_root), answer_bytes, spec, self.config.max_image_side)
        except (OSError, GenpuzzleError, ValueError) as err:
            return self._failed(result, f"cannot prepare judge request: {err}")
        threshold = self.config.confidence_threshold
        threshold = spec.confidence_threshold if threshold is None else threshold
        usage = {"requests": 0, "cache_hits": 0, "prompt_tokens": 0, "completion_tokens": 0, "cost": 0.0}
        valid, errors = [], []
        for index in range(self.config.passes):
            key = _cache_key(answer_hash, record.id, self.config.model, spec.hash, index)
            try:
                outcome = self._pass(messages, spec, key, usage)
            except JudgeError as err:
                errors.append(str(err))
                result.passes.append({"pass": index, "error": str(err)})
                continue
            valid.append(outcome)
            result.passes.append({"pass": index, **outcome})
        usage["cost"] = round(usage["cost"], 6)
        result.usage = usage
        if not valid:
            return self._failed(result, "; ".join(dict.fromkeys(errors)))
        voted = vote(valid, spec, threshold)
        result.score = round(float(voted["score"]), 4)
        result.tier = voted.get("tier")
        result.dimensions = voted.get("dimensions")
        result.fatal_errors = voted["fatal_errors"]
        result.confidence, result.agreement = voted["confidence"], voted["agreement"]
        result.needs_review = voted["needs_review"] or bool(errors)
        with self._lock:
            self.totals["judged"] += 1
        return result

    def judge_verdict(self, verdict: Verdict, record: InstanceRecord, set_root: str | Path) -> Verdict:
        """Judge the answer behind ``verdict`` and merge (see :mod:`genpuzzle.merge`); never loses the
        programmatic verdict: any failure is recorded in ``extra["judge"]["error"]``."""
        from genpuzzle.merge import merge

        if verdict.status == Status.MISSING or not verdict.answer_path:
            return verdict
        try:
            judged = self.judge(record, set_root, verdict.answer_path)
            return merge(verdict, judged, self.spec(judged.rubric) if judged.rubric_hash else None)
        except Exception as err:  # a judge bug must not cost the programmatic verdict
            message = f"{type(err).__name__}: {err}"
            self._note_error(message)
            verdict.extra["judge"] = {"model": self.config.model, "error": message}
            return verdict

    def check_endpoint(self, timeout: float = 10.0) -> list[str]:
        """One request to ``GET /models`` before a run, so that a wrong URL, a server that is down or a
        refused key stops the run at once instead of costing every answer its retries.

        Raises :class:`JudgeError` (one line) when the endpoint cannot be reached, refuses the key or
        fails; returns warnings (e.g. the model is not in the endpoint's list). A server without
        ``/models`` (404, 405, 501) counts as reachable.
        """
        import openai

        where = _public_url(self.config.base_url)
        try:
            raw = self._client().with_options(timeout=timeout).models.with_raw_response.list().http_response.content
        except openai.APIStatusError as err:
            if err.status_code in (404, 405, 501):  # up, but without a model list
                return []
            detail = err.response.text[:200].strip()
            if err.status_code in (401, 403):
                raise JudgeError(f"judge endpoint {where} refused the API key (HTTP {err.status_code}: {detail}); "
                                 f"set the key's variable (--judge-api-key-env, default OPENAI_API_KEY)") from None
            raise JudgeError(f"judge endpoint {where} answered HTTP {err.status_code} ({detail}); "
                             f"nothing was judged") from None
        except openai.APIConnectionError as err:  # includes timeouts
            reason = err.__cause__ or err
            raise JudgeError(f"judge endpoint {where} is unreachable ({type(reason).__name__}: {reason}); check "
                             f"--judge-base-url and that the server is running; nothing was judged") from None
        try:
            listed = {str(m.get("id")) for m in json.loads(raw).get("data", []) if isinstance(m, dict)}
        except (json.JSONDecodeError, UnicodeDecodeError, AttributeError, TypeError):
            return []
        if listed and self.config.model not in listed:
            shown = ", ".join(sorted(listed)[:5]) + (", ..." if len(listed) > 5 else "")
            return [f"judge endpoint {where} does not list model {self.config.model!r} (it lists {shown})"]
        return []

    # -- internals ----------------------------------------------------------------------------------

    def _failed(self, result: JudgeResult, message: str) -> JudgeResult:
        result.error = message
        self._note_error(f"{result.instance_id}: {message}")
        return result

    def _note_error(self, message: str) -> None:
        with self._lock:
            self.totals["judge_errors"] += 1
            if len(self.error_examples) < 3:
                self.error_examples.append(message[:300])

    def _pass(self, messages: list[dict[str, Any]], spec: RubricSpec, key: str,
              usage: dict[str, Any]) -> dict[str, Any]:
        cached = self._cache_get(key)
        if cached is not None:
            try:
                outcome = parse_reply(cached["content"], spec)
                usage["cache_hits"] += 1
                with self._lock:
                    self.totals["cache_hits"] += 1
                return {**outcome, "cached": True}
            except (ValueError, KeyError, TypeError):
                pass  # a stale or damaged entry is simply recomputed
        problem = ""
        for attempt in range(self.config.format_retries + 1):
            body = self._post(self._payload(messages, problem if attempt else ""), usage)
            content = _content(body)
            try:
                outcome = parse_reply(content, spec)
            except ValueError as err:
                problem = str(err)
                with self._lock:
                    self.totals["invalid_replies"] += 1
                continue
            self._cache_put(key, {"content": content, "model": self.config.model})
            return {**outcome, "cached": False}
        raise JudgeError(f"malformed judge output after {self.config.format_retries + 1} attempts: {problem}")

    def _payload(self, messages: list[dict[str, Any]], problem: str) -> dict[str, Any]:
        if problem:  # tell the judge what was wrong with its last reply
            messages = messages + [{"role": "user", "content": f"Your previous reply was invalid ({problem}). "
                                                               "Reply again with the JSON object only."}]
        payload: dict[str, Any] = {"model": self.config.model, "messages": messages,
                                   "max_tokens": self.config.max_tokens}
        if self.config.temperature is not None:
            payload["temperature"] = self.config.temperature
        if self.config.json_mode:
            payload["response_format"] = {"type": "json_object"}
        return payload

    def _client(self) -> Any:
        """The official ``openai`` client for this endpoint (its own retries off: :meth:`_post` retries,
        counts and honours ``Retry-After``)."""
        import openai

        with self._lock:
            if self._openai is None:
                # Local servers need no key; the client insists on a value.
                self._openai = openai.OpenAI(api_key=self.config.api_key or "unused", base_url=self.config.base_url,
                                             timeout=self.config.timeout, max_retries=0)
            return self._openai

    def _post(self, payload: dict[str, Any], usage: dict[str, Any]) -> dict[str, Any]:
        """``chat.completions.create`` through the openai client, with retries on 429, 5xx, timeouts and
        dropped connections. The raw body is read, so a reply that is not JSON reaches validation as text."""
        import openai

        client = self._client()
        delay = self.config.backoff
        last = ""
        for attempt in range(self.config.max_retries + 1):
            if attempt:
                with self._lock:
                    self.totals["retries"] += 1
            wait_for = delay
            try:
                with self._slots:
                    usage["requests"] += 1
                    with self._lock:
                        self.totals["requests"] += 1
                    raw = client.chat.completions.with_raw_response.create(**payload).http_response.content
                try:
                    body = json.loads(raw)
                    if not isinstance(body, dict):
                        raise ValueError("not an object")
                except (json.JSONDecodeError, UnicodeDecodeError, ValueError):
                    body = {"choices": [{"message": {"content": raw.decode("utf-8", "replace")}}]}
                self._account(body, usage)
                return body
            except openai.APIStatusError as err:
                last = f"HTTP {err.status_code}: {err.response.text[:300]}"
                if err.status_code != 429 and err.status_code < 500:
                    raise JudgeError(f"judge endpoint refused the request ({last})") from None
                retry_after = err.response.headers.get("Retry-After")
                if retry_after and retry_after.strip().replace(".", "", 1).isdigit():
                    wait_for = max(delay, float(retry_after))
            except openai.APIConnectionError as err:  # includes timeouts
                reason = err.__cause__ or err
                last = f"{type(err).__name__}: {reason}"
            if attempt < self.config.max_retries:
                self._sleep(min(wait_for, self.config.max_backoff))
                delay *= 2
        raise JudgeError(f"judge endpoint failed after {self.config.max_retries + 1} attempts ({last})")

    def _account(self, body: dict[str, Any], usage: dict[str, Any]) -> None:
        counts = body.get("usage") or {}
        prompt = int(counts.get("prompt_tokens") or 0)
        completion = int(counts.get("completion_tokens") or 0)
        price_in, price_out = self.config.price_per_mtok
        cost = (prompt * price_in + completion * price_out) / 1e6
        usage["prompt_tokens"] += prompt
        usage["completion_tokens"] += completion
        usage["cost"] += cost
        with self._lock:
            self.totals["prompt_tokens"] += prompt
            self.totals["completion_tokens"] += completion
            self.totals["cost"] += cost

    def _cache_file(self, key: str) -> Path | None:
        if self.config.cache_dir is None:
            return None
        return Path(self.config.cache_dir) / key[:2] / f"{key}.json"

    def _cache_get(self, key: str) -> dict[str, Any] | None:
        path = self._cache_file(key)
        if path is None or not path.is_file():
            return None
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            return None

    def _cache_put(self, key: str, entry: dict[str, Any]) -> None:
        path = self._cache_file(key)
        if path is None:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.part")
        tmp.write_text(json.dumps(entry), encoding="utf-8")
        os.replace(tmp, path)


def judge_verdicts(verdicts: Iterable[Verdict], records: dict[str, InstanceRecord], set_root: str | Path,
                   judge: Judge) -> Iterator[Verdict]:
    """Judge a stream of programmatic verdicts with at most ``concurrency`` answers in flight; yields the
    merged verdicts in completion order."""
    limit = max(1, judge.config.concurrency)
    with ThreadPoolExecutor(max_workers=limit) as pool:
        pending: set = set()
        for verdict in verdicts:
            pending.add(pool.submit(judge.judge_verdict, verdict, records[verdict.id], set_root))
            while len(pending) >= limit:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in sorted(done, key=lambda f: f.result().id):
                    yield future.result()
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in sorted(done, key=lambda f: f.result().id):
                yield future.result()


# ----------------------------------------------------------------------------------------- prompt


SYSTEM_PROMPT = (
    "You are a strict, impartial grader of answers to visual puzzles. You are shown the puzzle's input "
    "image, a candidate answer image produced by an image-generation system, and the reference solution "
    "image(s). Grade the candidate ONLY against the rubric, the instruction and the reference; a different "
    "answer that satisfies every rule of the task is also correct. Reply with one JSON object and nothing else."
)


def build_messages(record: InstanceRecord, set_root: Path, answer_bytes: bytes, spec: RubricSpec,
                   max_side: int) -> list[dict[str, Any]]:
    """The chat messages for one answer: rubric, instruction, annotations and the three kinds of image.

    The answer is decoded and re-encoded as PNG from its pixels, so no file name or metadata reaches
    the judge.
    """
    rubric = {k: v for k, v in spec.rubric.items() if k != "judge"}
    annotations = json.dumps({"track": record.track, "variant": record.variant, "difficulty": record.difficulty,
                              "ground_truth": record.ground_truth}, sort_keys=True)
    if len(annotations) > ANNOTATION_CHARS:
        annotations = annotations[:ANNOTATION_CHARS] + " ...(truncated)"
    text = (f"Task instruction given to the system:\n{record.instruction}\n\n"
            f"Task annotations (ground truth):\n{annotations}\n\n"
            f"Rubric:\n{json.dumps(rubric, indent=1)}\n\n{_schema_text(spec)}")
    content: list[dict[str, Any]] = [{"type": "text", "text": text},
                                     {"type": "text", "text": "Input image:"},
                                     _image_part(Image.open(set_root / record.input_image), max_side),
                                     {"type": "text", "text": "Candidate answer:"},
                                     _image_part(Image.open(io.BytesIO(answer_bytes)), max_side)]
    for k, ref in enumerate(record.reference_images):
        content.append({"type": "text", "text": f"Reference solution {k + 1}:"})
        content.append(_image_part(Image.open(set_root / ref), max_side))
    return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": content}]


def _schema_text(spec: RubricSpec) -> str:
    codes = sorted(spec.codes)
    common = (f'"fatal_errors": a list of codes from {json.dumps(codes)} that apply (empty if none), '
              '"confidence": your confidence in this grade from 0 to 1, "rationale": one or two sentences.')
    if spec.kind == "tiers":
        tiers = "\n".join(f"  {k}: {spec.tiers[k]}" for k in sorted(spec.tiers, key=int, reverse=True))
        return (f"Grade on these tiers:\n{tiers}\nReply with JSON keys: \"tier\": an integer 0..{spec.levels - 1}, "
                + common)
    dims = "\n".join(f"  {name} (0..{w:g} points): {desc}" for name, w, desc in spec.dimensions)
    return ("Score each dimension:\n" + dims + "\nReply with JSON keys: \"dimensions\": an object mapping every "
            "dimension name above to its points, " + common)


def _image_part(image: Image.Image, max_side: int) -> dict[str, Any]:
    image = image.convert("RGB")
    scale = max_side / max(image.size)
    if scale < 1:
        image = image.resize((max(1, round(image.width * scale)), max(1, round(image.height * scale))),
                             Image.LANCZOS)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    url = "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")
    return {"type": "image_url", "image_url": {"url": url}}


def _content(body: dict[str, Any]) -> str:
    try:
        content = body["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError):
        return ""
    if isinstance(content, list):  # some servers return content parts
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return content or ""


def _cache_key(answer_hash: str, instance_id: str, model: str, rubric: str, index: int) -> str:
    raw = json.dumps([answer_hash, instance_id, model, rubric, PROMPT_VERSION, index])
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


def _public_url(url: str) -> str:
    """The endpoint without credentials or query string, for run records."""
    parts = urllib.parse.urlsplit(url)
    host = parts.hostname or ""
    if parts.port:
        host += f":{parts.port}"
    return urllib.parse.urlunsplit((parts.scheme, host, parts.path, "", ""))


def judge_from_cli(model: str, base_url: str | None, *, passes: int = 3, api_key_env: str | None = None,
                   concurrency: int = 4, price: str | None = None, cache_dir: str | Path | None = None) -> Judge:
    """A :class:`Judge` from command-line options; raises :class:`JudgeError` for a missing URL or key.

    ``api_key_env`` names the variable holding the key (default ``OPENAI_API_KEY``, optional then: local
    servers need none). ``price`` is ``"IN,OUT"``, cost per million prompt/completion tokens.
    """
    if not base_url:
        raise JudgeError("--judge needs --judge-base-url (e.g. https://api.openai.com/v1 or http://localhost:8000/v1)")
    key = os.environ.get(api_key_env or "OPENAI_API_KEY")
    if api_key_env and not key:
        raise JudgeError(f"--judge-api-key-env {api_key_env}: that environment variable is not set")
    rates = (0.0, 0.0)
    if price:
        try:
            parts = tuple(float(x) for x in price.split(","))
        except ValueError:
            parts = ()
        if len(parts) != 2:
            raise JudgeError(f"--judge-price {price!r}: expected IN,OUT (cost per million tokens)")
        rates = parts  # type: ignore[assignment]
    return Judge(JudgeConfig(model=model, base_url=base_url, api_key=key, passes=passes,
                             concurrency=concurrency, price_per_mtok=rates, cache_dir=cache_dir))
