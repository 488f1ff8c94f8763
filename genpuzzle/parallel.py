"""Process-level parallelism helpers."""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager

from genpuzzle.errors import GenpuzzleError

WORKERS_DIED = ("a worker process stopped unexpectedly (killed, out of memory, or, when called from your own "
                "code, a script without an `if __name__ == \"__main__\":` guard or one read from stdin)")


def one_thread_per_process() -> None:
    """Limit BLAS and OpenCV to one thread in this process (a worker initializer).

    Work is spread over processes, one per core; nested BLAS threads only contend with them (the digit
    reader measured ~3,400 cells/s single-threaded against 460-880 with BLAS threads on a loaded machine).
    """
    import cv2
    from threadpoolctl import threadpool_limits

    threadpool_limits(1)
    cv2.setNumThreads(1)


def process_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` fresh processes, each limited to one BLAS/OpenCV thread.

    Spawned, not forked: a child forked after the parent used OpenCV's or BLAS's thread pools can
    deadlock (seen here with ``cv2.setNumThreads`` after an evaluation in the same process).
    """
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=one_thread_per_process)


@contextmanager
def clear_worker_failures(hint: str = "") -> Iterator[None]:
    """Turn a dead worker (``BrokenProcessPool``) into a GenpuzzleError that says what to check."""
    try:
        yield
    except BrokenProcessPool:
        raise GenpuzzleError(WORKERS_DIED + hint) from None
