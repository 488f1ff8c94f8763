"""Session-wide checks: the test suite leaves no process behind.

Every process the tests start (CLI runs, spawned workers, multiprocessing's resource tracker) inherits
``GENPUZZLE_TEST_SESSION``; at the end of the session any such process still running fails the run,
including orphans of a killed parent (which are no longer children of anything the tests can see).
"""

from __future__ import annotations

import os
import time
import uuid
from pathlib import Path

import pytest

SESSION_MARK = "GENPUZZLE_TEST_SESSION"
os.environ[SESSION_MARK] = uuid.uuid4().hex
PROC = Path("/proc")


def process_state(pid: int) -> str | None:
    """The /proc state letter of ``pid`` (R, S, Z, ...), or None when it does not exist."""
    try:
        stat = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    return stat[stat.rindex(")") + 2:].split()[0]


def is_running(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie (an orphan's zombie waits for an init that may not reap)."""
    return process_state(pid) not in (None, "Z", "X")


def parent_pid(pid: int) -> int | None:
    try:
        stat = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    return int(stat[stat.rindex(")") + 2:].split()[1])


def descendants(pid: int) -> list[int]:
    """Every running process below ``pid`` in the process tree."""
    children: dict[int, list[int]] = {}
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            ppid = parent_pid(int(entry.name))
            if ppid is not None:
                children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if is_running(child):
                found.append(child)
                todo.append(child)
    return found


def command_line(pid: int) -> str:
    try:
        return (PROC / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace").strip()
    except OSError:
        return ""


def session_processes() -> list[int]:
    """Running processes started by this test session (they carry its mark), other than this one."""
    mark = f"{SESSION_MARK}={os.environ[SESSION_MARK]}".encode()
    found = []
    for entry in PROC.iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environ = (entry / "environ").read_bytes()
        except OSError:
            continue
        if mark in environ.split(b"\0") and is_running(int(entry.name)):
            found.append(int(entry.name))
    return found


def wait_until_gone(pids: list[int], timeout: float) -> list[int]:
    """The pids of ``pids`` still running after waiting up to ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        left = [p for p in pids if is_running(p)]
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.1)


def _leftovers() -> list[int]:
    """Session processes that outlive the session. This process's own resource tracker is not one: it
    reads a pipe only this process (and its workers) hold, so it ends with this process."""
    own = os.getpid()

    def expected(pid: int) -> bool:
        return parent_pid(pid) == own and "resource_tracker" in command_line(pid)

    return wait_until_gone([p for p in session_processes() if not expected(p)], timeout=15)


def pytest_sessionfinish(session, exitstatus):
    if not PROC.is_dir():
        return
    left = _leftovers()
    if left:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        lines = [f"  {pid}: {command_line(pid)[:200]}" for pid in left]
        message = "processes started by the tests are still running:\n" + "\n".join(lines)
        if reporter is not None:
            reporter.write_line(message, red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
