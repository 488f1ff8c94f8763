"""The ``command`` provider: a shell command template run once per instance.

Any local model plugs in without code in genpuzzle, e.g.
``python my_model.py {input} {instruction_file} {output}``. Placeholders (each shell-quoted):
``{input}`` the input image, ``{instruction_file}`` a UTF-8 file holding the instruction, ``{instruction}``
the instruction itself, ``{output}`` where the command must write its image (any format Pillow reads),
``{id}`` and ``{track}``. A command that exits non-zero, times out or writes no image fails that instance
(no retry: a local command is not rate-limited); its last lines of stderr are recorded.
"""

from __future__ import annotations

import os
import shlex
import signal
import string
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from genpuzzle.errors import GenpuzzleError
from genpuzzle.providers import AnswerRequest, ProviderAnswer, ProviderError

PLACEHOLDERS = ("input", "instruction_file", "instruction", "output", "id", "track")


class CommandProvider:
    name = "command"

    def __init__(self, command: str | None = None, timeout: float = 600.0, **_: Any):
        if not command:
            raise GenpuzzleError("provider 'command' needs --command 'TEMPLATE' (e.g. "
                                 "\"python my_model.py {input} {instruction_file} {output}\")")
        fields = {name for _, name, _, _ in string.Formatter().parse(command) if name is not None}
        unknown = sorted(fields - set(PLACEHOLDERS))
        if unknown:
            raise GenpuzzleError(f"--command: unknown placeholder {{{unknown[0]}}}; use "
                                 + ", ".join("{" + p + "}" for p in PLACEHOLDERS))
        if "output" not in fields:
            raise GenpuzzleError("--command: the template must contain {output}, where the command writes its image")
        self.command = command
        self.timeout = timeout

    def describe(self) -> dict[str, Any]:
        return {"command": self.command, "timeout": self.timeout}

    def answer(self, request: AnswerRequest) -> ProviderAnswer:
        with tempfile.TemporaryDirectory(prefix="genpuzzle-answer-") as work:
            instruction_file = Path(work) / "instruction.txt"
            instruction_file.write_text(request.instruction, encoding="utf-8")
            output = Path(work) / "answer.png"
            values = {"input": str(request.input_path), "instruction_file": str(instruction_file),
                      "instruction": request.instruction, "output": str(output), "id": request.id,
                      "track": request.track}
            command = self.command.format_map({k: shlex.quote(v) for k, v in values.items()})
            # Its own process group, so a timeout ends the command's children too.
            process = subprocess.Popen(command, shell=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                       stderr=subprocess.PIPE, start_new_session=True)
            try:
                _, stderr = process.communicate(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.communicate()
                raise ProviderError(f"command timed out after {self.timeout:g} s") from None
            if process.returncode != 0:
                tail = stderr.decode("utf-8", "replace").strip().splitlines()[-3:]
                raise ProviderError(f"command exited {process.returncode}" + (f": {' | '.join(tail)}" if tail else ""))
            if not output.is_file() or output.stat().st_size == 0:
                raise ProviderError("command exited 0 but wrote no image to {output}")
            return ProviderAnswer(output.read_bytes(), info={"returncode": 0})
