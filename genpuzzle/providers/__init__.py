"""Image-model providers for ``genpuzzle answer``: one small module each, registered by name.

A provider turns one :class:`AnswerRequest` (the model-facing part of an instance: input image and
instruction, never the ground truth) into the bytes of one answer image. It raises
:class:`TransientProviderError` for a failure worth retrying (rate limit, server error, timeout; with the
server's ``Retry-After`` when it sent one) and :class:`ProviderError` for anything else. Retries, backoff,
concurrency and bookkeeping are the runner's (:mod:`genpuzzle.answer`), so a provider stays small.

Adding a provider: a module with a class having ``name``, ``describe()`` and ``answer(request)``, and one
line in :data:`PROVIDERS`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from genpuzzle.errors import GenpuzzleError

PROVIDERS: dict[str, str] = {
    "openai": "genpuzzle.providers.openai_images:OpenAIImageProvider",
    "command": "genpuzzle.providers.command:CommandProvider",
}


@dataclass(frozen=True)
class AnswerRequest:
    """What a model is shown for one instance."""

    id: str
    track: str
    instruction: str
    input_path: Path


@dataclass
class ProviderAnswer:
    """One answer image as the provider returned it, with what the provider reports about the call."""

    image: bytes
    usage: dict[str, Any] | None = None
    info: dict[str, Any] = field(default_factory=dict)


class ProviderError(Exception):
    """A call failed for good (bad request, refused content, a command that exited non-zero...)."""


class TransientProviderError(ProviderError):
    """A call failed in a way worth retrying; ``retry_after`` is the server's wait in seconds, if given."""

    def __init__(self, message: str, retry_after: float | None = None):
        super().__init__(message)
        self.retry_after = retry_after


class Provider(Protocol):
    name: str

    def describe(self) -> dict[str, Any]:
        """The request parameters recorded with every answer (never a key)."""

    def answer(self, request: AnswerRequest) -> ProviderAnswer:
        """Answer one instance; raises :class:`ProviderError` or :class:`TransientProviderError`."""


def make_provider(name: str, **options: Any) -> Provider:
    """The provider called ``name``, built from ``options``; :class:`GenpuzzleError` for an unknown name."""
    target = PROVIDERS.get(name)
    if target is None:
        raise GenpuzzleError(f"unknown provider {name!r}; providers: {', '.join(PROVIDERS)}")
    module_name, _, class_name = target.partition(":")
    return getattr(importlib.import_module(module_name), class_name)(**options)
