"""Process-level parallelism helpers."""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from functools import lru_cache

from genpuzzle.errors import GenpuzzleError

WORKERS_DIED = ("a worker process stopped unexpectedly (killed, out of memory, or, when called from your own "
                "code, a script without an `if __name__ == \"__main__\":` guard or one read from stdin)")


PARENT_POLL_SECONDS = 0.5


def exit_with_parent(parent_pid: int, poll: float = PARENT_POLL_SECONDS) -> threading.Thread:
    """Start a daemon thread that ends this process soon after process ``parent_pid`` is gone.

    A worker blocked on its task queue never notices a parent killed with SIGKILL (every worker holds
    the queue's write end too, so no end-of-file arrives): it and the multiprocessing resource tracker,
    which waits for every worker, would run for good. Polling ``os.getppid()`` catches the re-parenting.
    """
    def watch() -> None:
        while os.getppid() == parent_pid:
            time.sleep(poll)
        os._exit(1)

    thread = threading.Thread(target=watch, name="genpuzzle-exit-with-parent", daemon=True)
    thread.start()
    return thread


def worker_init(parent_pid: int, heap: bool = False) -> None:
    """Worker initializer: exit with the parent, one BLAS/OpenCV thread; with ``heap``, :func:`keep_heap`."""
    exit_with_parent(parent_pid)
    one_thread_per_process()
    if heap:
        keep_heap()


HEAP_MMAP = 32 << 20  # bytes: glibc serves blocks up to this size from its heap (its largest allowed) ...
HEAP_TRIM = 256 << 20  # ... and keeps up to this much freed heap instead of returning it to the system
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3  # (mallopt's parameter numbers, malloc.h)


def keep_heap() -> bool:
    """Let this process reuse freed memory for page-sized arrays instead of asking the system for fresh pages.

    Verifying an answer makes and drops many page-sized temporaries (a few MB each); glibc hands blocks over its
    mmap threshold back to the system when freed and trims its heap's top, so the next page's arrays fault in
    fresh zeroed pages (~700 page faults per benchmark answer). Raising the mmap threshold to HEAP_MMAP and the
    trim threshold to HEAP_TRIM keeps them for reuse: the same results (allocation only), 6-9 % less CPU per
    answer, the process's peak memory unchanged (it only keeps what it has already used, up to HEAP_TRIM).
    Returns whether both settings took (False off glibc: nothing is changed). An ``evaluate`` worker setting."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    return bool(mallopt(_M_MMAP_THRESHOLD, HEAP_MMAP)) & bool(mallopt(_M_TRIM_THRESHOLD, HEAP_TRIM))


def one_thread_per_process() -> None:
    """Limit BLAS and OpenCV to one thread in this process.

    Work is spread over processes, one per core; nested BLAS threads only contend with them (the digit
    reader measured ~3,400 cells/s single-threaded against 460-880 with BLAS threads on a loaded machine).
    """
    import cv2
    from threadpoolctl import threadpool_limits

    threadpool_limits(1)
    cv2.setNumThreads(1)


@lru_cache(maxsize=1)
def blas_controller():
    """The process's BLAS thread pools (threadpoolctl), found once: finding them costs ~ms per call."""
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController()


@contextmanager
def reproducible_numerics() -> Iterator[None]:
    """BLAS and OpenCV at one thread and OpenCV's IPP off inside the block (the caller's settings restored
    after), so that what is computed in it is a function of its inputs: the same on every call, in every
    process, in the library as in ``genpuzzle evaluate``.

    OpenCV's parallel loops split their float sums by thread. IPP's float32 filters (a Gaussian blur)
    gave results a last bit apart on the same input in consecutive calls of one process, even at one
    thread; the local bend built on them then resampled a registered answer differently from run to run.
    IPP's switch is per thread; this block's thread is the one that computes."""
    import cv2

    threads, ipp = cv2.getNumThreads(), cv2.ipp.useIPP()
    cv2.setNumThreads(1)
    cv2.ipp.setUseIPP(False)
    try:
        with blas_controller().limit(limits=1, user_api="blas"):
            yield
    finally:
        cv2.ipp.setUseIPP(ipp)
        cv2.setNumThreads(threads)


def process_pool(workers: int, heap: bool = False) -> ProcessPoolExecutor:
    """A pool of ``workers`` fresh processes, each limited to one BLAS/OpenCV thread and ending soon
    after this process does, however it ends (see :func:`exit_with_parent`); with ``heap``, each keeps its freed
    memory for reuse (:func:`keep_heap`).

    Spawned, not forked: a child forked after the parent used OpenCV's or BLAS's thread pools can
    deadlock (seen here with ``cv2.setNumThreads`` after an evaluation in the same process).
    """
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=worker_init, initargs=(os.getpid(), heap))


@contextmanager
def clear_worker_failures(hint: str = "") -> Iterator[None]:
    """Turn a dead worker (``BrokenProcessPool``) into a GenpuzzleError that says what to check."""
    try:
        yield
    except BrokenProcessPool:
        raise GenpuzzleError(WORKERS_DIED + hint) from None
