"""The track interface: what every puzzle track provides to the generator and the evaluator.

A track is the glue of one solver module (pure logic), one renderer module (drawing + pixel layout) and
one verifier module (image -> state -> violations). Subclass :class:`Track`, then add one line to
:mod:`genpuzzle.registry`.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from genpuzzle.records import InstanceRecord, Puzzle, Verdict


def rubric_dir() -> Path:
    """Folder of the shipped rubric files (``data/rubrics``), wherever the package is installed."""
    import genpuzzle.data

    return Path(genpuzzle.data.__file__).resolve().parent / "rubrics"


@lru_cache(maxsize=None)
def _instruction_template(rubric_name: str) -> str:
    # read once per process: every generated instance asks for it, and the shipped files do not change
    path = rubric_dir().parent / "instructions" / f"{rubric_name}.txt"
    return path.read_text(encoding="utf-8").strip()


class Track(ABC):
    """One benchmark track.

    Class attributes: ``name`` (registry key, e.g. ``"sudoku"``), ``version`` (bump when generation or
    rendering changes a single byte), ``variants`` (all variant names) and ``variant_weights`` (the
    default mix when a user asks for N instances without naming variants).
    """

    name: ClassVar[str]
    version: ClassVar[str]
    variants: ClassVar[tuple[str, ...]]
    variant_weights: ClassVar[dict[str, int]] = {}
    description: ClassVar[str] = ""

    @abstractmethod
    def generate(self, seed: int, variant: str) -> Puzzle:
        """Create one instance from ``seed``: certified ground truth, rendered images, layout, mask.

        Must be a pure function of (seed, variant, track version).
        """

    @abstractmethod
    def verify(self, record: InstanceRecord, answer: np.ndarray, input_image: np.ndarray) -> Verdict:
        """Verify an answer already registered into the input frame (RGB uint8, same shape as input).

        A track may also accept a keyword ``observed`` (bool, input shape: True where the registered image
        shows the answer's own page, False where registration filled in the input); the pipeline passes
        registration's ``valid`` mask to a ``verify`` that takes it (``evaluate.observed_kwargs``).
        """

    def overlay(self, record: InstanceRecord, verdict: Verdict, answer: np.ndarray) -> np.ndarray | None:
        """Optional: draw what the parser read onto the registered answer (RGB uint8) for reports.

        ``None`` lets the report fall back to drawing the violations' evidence boxes.
        """
        return None

    def dedupe_key(self, record: InstanceRecord) -> str:
        """Key under which two instances count as the same puzzle within a set.

        Default: a hash of the ground truth. Tracks whose puzzles have symmetries (rotated or mirrored
        nonograms, tangram silhouettes) override it with a canonical hash.
        """
        import hashlib

        text = json.dumps(record.ground_truth, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def planned_dedupe_key(self, seed: int, variant: str) -> str | None:
        """The :meth:`dedupe_key` of the instance ``generate(seed, variant)`` would make, when the track
        can tell it without generating it (cheaply), else None (the default). The set writer then skips
        drawing a seed whose puzzle the set already holds. A track that answers must give exactly the
        key of the generated record (test it): a wrong key would drop or keep the wrong instances."""
        return None

    def validate(self, record: InstanceRecord) -> list[str]:
        """Re-prove the record's ground-truth claims (e.g. uniqueness). Returns problems, empty if sound."""
        return []

    @cached_property
    def rubric(self) -> dict[str, Any]:
        """The track's rubric file ``data/rubrics/<name>.json`` (scoring mechanism and thresholds)."""
        path = rubric_dir() / f"{self.rubric_name}.json"
        return json.loads(path.read_text(encoding="utf-8"))

    @property
    def rubric_name(self) -> str:
        return self.name

    def instruction_template(self) -> str:
        """The instruction template ``data/instructions/<rubric_name>.txt`` (``str.format`` fields)."""
        return _instruction_template(self.rubric_name)

    def instruction_sections(self) -> dict[str, str]:
        """The template's ``## <variant>`` sections (for tracks whose variants are worded differently),
        each section's lines joined with single spaces."""
        sections: dict[str, str] = {}
        name = None
        for line in self.instruction_template().splitlines():
            if line.startswith("## "):
                name = line[3:].strip()
                sections[name] = ""
            elif name:
                sections[name] = (sections[name] + " " + line.strip()).strip()
        return sections

    def plan_variants(self, count: int, variants: list[str] | None = None) -> list[str]:
        """The variant of each of ``count`` instances: the named variants in equal shares, or the
        default mix (``variant_weights``) by largest remainder. Deterministic."""
        if variants:
            unknown = [v for v in variants if v not in self.variants]
            if unknown:
                from genpuzzle.errors import TrackError

                raise TrackError(
                    f"track {self.name!r} has no variant {unknown[0]!r}; variants: {', '.join(self.variants)}"
                )
            weights = {v: 1 for v in variants}
        else:
            weights = self.variant_weights or {v: 1 for v in self.variants}
        total = sum(weights.values())
        exact = {v: count * w / total for v, w in weights.items()}
        shares = {v: int(x) for v, x in exact.items()}
        by_remainder = sorted(weights, key=lambda v: (-(exact[v] - shares[v]), list(weights).index(v)))
        for v in by_remainder[: count - sum(shares.values())]:
            shares[v] += 1
        return [v for v in weights for _ in range(shares[v])]

    def info(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "version": self.version,
            "variants": list(self.variants),
            "default_mix": dict(self.variant_weights or {v: 1 for v in self.variants}),
            "description": self.description,
        }
