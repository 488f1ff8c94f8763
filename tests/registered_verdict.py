"""A verdict and the registration it was read from, computed once.

A test that asserts on both how an answer registered and what the verifier made of it would otherwise register the
answer twice (once itself, once inside the verifier): for a page only the later searches register, that is most of
the test's time. :func:`verify_registered` runs the verifier with ``genpuzzle.evaluate.register`` wrapped to keep
the :class:`~genpuzzle.registration.Registration` it returns, so the test sees the very fit the verdict rests on."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from genpuzzle import evaluate
from genpuzzle.records import Verdict
from genpuzzle.registration import Registration


@contextmanager
def captured_registrations() -> Iterator[list[Registration]]:
    """Within the block, every registration the evaluation computes, in order."""
    seen: list[Registration] = []
    plain = evaluate.register

    def keep(*args: Any, **kwargs: Any) -> Registration:
        reg = plain(*args, **kwargs)
        seen.append(reg)
        return reg

    evaluate.register = keep
    try:
        yield seen
    finally:
        evaluate.register = plain


def verify_registered(verify: Callable[..., Verdict], *args: Any, **kwargs: Any) -> tuple[Verdict, Registration]:
    """``verify(*args, **kwargs)`` (``genpuzzle.verify`` or ``evaluate.verify_image``) and the one registration it
    computed."""
    with captured_registrations() as seen:
        verdict = verify(*args, **kwargs)
    assert len(seen) == 1, f"the verifier registered the answer {len(seen)} times"
    return verdict, seen[0]
