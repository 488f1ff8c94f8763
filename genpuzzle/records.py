"""The records genpuzzle reads and writes: instances, violations, verdicts.

An :class:`InstanceRecord` is one line of a set's ``manifest.jsonl``; a :class:`Verdict` is one line of
an evaluation's ``results.jsonl``. Both round-trip through plain JSON (``to_json`` / ``from_json``).
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from PIL import Image


class Status(str, enum.Enum):
    """Outcome of verifying one answer."""

    CORRECT = "correct"  # every rule holds and every reading behind the verdict is confident; score 100
    INCORRECT = "incorrect"  # parsed, but at least one rule is broken
    NEEDS_REVIEW = "needs_review"  # no rule found broken, but a reading is unsure: a person or the judge decides
    UNREADABLE = "unreadable"  # the answer could not be registered or parsed; score 0
    MISSING = "missing"  # no answer image for this id; score 0
    ERROR = "error"  # the answer file is corrupt or the verifier failed; score 0


@dataclass(frozen=True)
class Violation:
    """One broken rule, named by ``code``, with the evidence that shows it (cell, line, pixel box...)."""

    code: str
    message: str
    evidence: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "evidence": _plain(self.evidence)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Violation:
        return cls(data["code"], data["message"], dict(data.get("evidence", {})))


@dataclass
class Verdict:
    """The verdict on one answer image.

    ``score`` is in [0, 100]. ``parsed`` is the state read back from the image (track-specific JSON).
    ``confidence`` is the parser's confidence in ``parsed`` (0..1); ``needs_review`` flags answers a
    human should look at (unsure parse, valid answer missing from the stored list, ...).
    ``subscores`` holds the rubric's components.

    Unsure never passes: a verdict flagged ``needs_review`` never has status ``correct``. Setting
    ``status`` to ``correct`` on a flagged verdict (or flagging a correct one) makes it ``needs_review``;
    clearing the flag (a human or the judge decided) turns ``needs_review`` back into ``correct``. Tracks
    score flagged answers conservatively (an unsure reading is charged as wrong), so the score of a
    ``needs_review`` verdict is what the answer earns if every unsure reading is wrong.
    """

    id: str
    track: str
    score: float
    status: Status
    violations: list[Violation] = field(default_factory=list)
    parsed: Any = None
    confidence: float = 1.0
    needs_review: bool = False
    subscores: dict[str, float] = field(default_factory=dict)
    reason: str | None = None
    answer_path: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.score = float(min(100.0, max(0.0, self.score)))
        status = Status(self.status)
        if status is Status.NEEDS_REVIEW:
            object.__setattr__(self, "needs_review", True)
        object.__setattr__(self, "_settled", True)
        self.status = status

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        if name in ("status", "needs_review") and self.__dict__.get("_settled"):
            status = Status(self.__dict__["status"])
            if self.needs_review and status is Status.CORRECT:
                status = Status.NEEDS_REVIEW
            elif not self.needs_review and status is Status.NEEDS_REVIEW:
                status = Status.CORRECT
            object.__setattr__(self, "status", status)

    @property
    def codes(self) -> list[str]:
        return [v.code for v in self.violations]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "track": self.track,
            "score": round(self.score, 4),
            "status": self.status.value,
            "violations": [v.to_json() for v in self.violations],
            "parsed": _plain(self.parsed),
            "confidence": round(float(self.confidence), 4),
            "needs_review": bool(self.needs_review),
            "subscores": {k: round(float(v), 4) for k, v in self.subscores.items()},
            "reason": self.reason,
            "answer_path": self.answer_path,
            "extra": _plain(self.extra),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Verdict:
        return cls(
            id=data["id"],
            track=data["track"],
            score=data["score"],
            status=Status(data["status"]),
            violations=[Violation.from_json(v) for v in data.get("violations", [])],
            parsed=data.get("parsed"),
            confidence=data.get("confidence", 1.0),
            needs_review=data.get("needs_review", False),
            subscores=dict(data.get("subscores", {})),
            reason=data.get("reason"),
            answer_path=data.get("answer_path"),
            extra=dict(data.get("extra", {})),
        )

    @classmethod
    def failed(cls, id: str, track: str, status: Status, reason: str, **kw: Any) -> Verdict:
        """A zero-score verdict for an answer that is missing, unreadable or errored, with its reason."""
        return cls(id=id, track=track, score=0.0, status=status, reason=reason, confidence=0.0, **kw)


@dataclass
class Puzzle:
    """What a track's generator returns: the instance in memory, before it is written to a set.

    Images are PIL images; ``edit_mask`` is mode ``L`` (255 where the answer may change pixels).
    """

    track: str
    variant: str
    seed: int
    instruction: str
    difficulty: dict[str, Any]
    ground_truth: dict[str, Any]
    layout: dict[str, Any]
    input_image: Image.Image
    reference_images: list[Image.Image]
    edit_mask: Image.Image
    scoring: dict[str, Any]
    extra_files: dict[str, bytes] = field(default_factory=dict)  # name suffix -> bytes, e.g. {"solid.stl": ...}


@dataclass
class InstanceRecord:
    """One line of ``manifest.jsonl``. Image paths are relative to the set folder.

    ``extra_files`` (relative paths of files beside the images, such as a 3D mesh of the structure) is
    written only when an instance has some, so manifests of tracks without them keep their bytes.
    """

    id: str
    track: str
    variant: str
    difficulty: dict[str, Any]
    seed: int
    instruction: str
    input_image: str
    reference_images: list[str]
    edit_mask: str
    ground_truth: dict[str, Any]
    layout: dict[str, Any]
    scoring: dict[str, Any]
    track_version: str
    extra_files: list[str] = field(default_factory=list)

    FIELDS = (
        "id", "track", "variant", "difficulty", "seed", "instruction", "input_image", "reference_images",
        "edit_mask", "ground_truth", "layout", "scoring", "track_version",
    )

    def to_json(self) -> dict[str, Any]:
        data = {name: _plain(getattr(self, name)) for name in self.FIELDS}
        if self.extra_files:
            data["extra_files"] = list(self.extra_files)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> InstanceRecord:
        missing = [name for name in cls.FIELDS if name not in data]
        if missing:
            raise ValueError(f"missing keys: {', '.join(missing)}")
        return cls(**{name: data[name] for name in cls.FIELDS}, extra_files=list(data.get("extra_files", [])))


_JSON_SCALARS = frozenset({str, int, float, bool, type(None)})


def _plain(value: Any) -> Any:
    """Convert numpy scalars/arrays, tuples, enums and dataclasses into JSON-ready Python values."""
    kind = type(value)
    if kind in _JSON_SCALARS:  # by far the most common case: checked first, by exact type
        return value
    # JSON scalars inside containers are kept without a call each (a polygon is a list of float pairs)
    if kind is list:
        return [v if type(v) in _JSON_SCALARS else _plain(v) for v in value]
    if kind is dict:
        return {k if type(k) is str else str(k): v if type(v) in _JSON_SCALARS else _plain(v)
                for k, v in value.items()}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, np.ndarray):
        return _plain(value.tolist())
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _plain(dataclasses.asdict(value))
    return value
