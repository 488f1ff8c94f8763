"""The Ray backend: generation and verification as Ray tasks, on a cluster or a local Ray instance.

Ray is the distributed engine; genpuzzle only submits tasks and consumes their results through a bounded
window, so the driver's memory does not grow with the number of instances. Generation keeps job order
(the set is byte-identical to a local run with the same seed); verification takes results as they
finish (``results.jsonl`` is written incrementally either way, so ``--resume`` works after a killed
driver or worker). Every node must have the same genpuzzle installed and see the set and answer folders
at the same paths (shared storage).

Install with ``pip install 'genpuzzle[ray]'``.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from genpuzzle.errors import GenpuzzleError

T = TypeVar("T")
R = TypeVar("R")
BACKENDS = ("local", "ray")


def check_backend(backend: str) -> None:
    if backend not in BACKENDS:
        raise GenpuzzleError(f"--backend {backend!r}: expected one of {', '.join(BACKENDS)}")


@contextmanager
def ray_session(address: str | None, workers: int) -> Iterator[Any]:
    """Connect to the Ray cluster at ``address``, or start a local instance with ``workers`` CPUs; a
    local instance is shut down on exit, a cluster connection only closed."""
    try:
        import ray
    except ImportError:
        raise GenpuzzleError("--backend ray needs Ray: pip install 'genpuzzle[ray]'") from None
    if ray.is_initialized():
        yield ray
        return
    kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
    if address:
        ray.init(address=address, **kwargs)
    else:
        os.environ.setdefault("RAY_AUTH_MODE", "disabled")  # a private local instance needs no token
        ray.init(num_cpus=max(1, workers), **kwargs)
    try:
        yield ray
    finally:
        ray.shutdown()


def ray_map(ray: Any, fn: Callable[..., R], items: Iterable[tuple], *, window: int, ordered: bool) -> Iterator[R]:
    """``fn(*item)`` for every item as a Ray task, at most ``window`` in flight; in item order when
    ``ordered``, else as they finish. A task's exception is raised here, as Ray reports it."""
    remote = ray.remote(num_cpus=1, max_retries=2)(fn)
    pending: deque = deque()
    in_flight: list = []
    for item in items:
        ref = remote.remote(*item)
        if ordered:
            pending.append(ref)
            if len(pending) >= window:
                yield ray.get(pending.popleft())
        else:
            in_flight.append(ref)
            if len(in_flight) >= window:
                ready, in_flight = ray.wait(in_flight, num_returns=1)
                yield ray.get(ready[0])
    while pending:
        yield ray.get(pending.popleft())
    while in_flight:
        ready, in_flight = ray.wait(in_flight, num_returns=1)
        yield ray.get(ready[0])
