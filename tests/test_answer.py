"""`genpuzzle answer`: providers, retries, resume, and the full loop generate -> answer -> evaluate."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import sys
import threading
import time
from email.parser import BytesParser
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from genpuzzle import perturb
from genpuzzle.answer import RetryPolicy, iter_log, public_requests, run_answers
from genpuzzle.dataset import export_public, load_set, write_set
from genpuzzle.errors import GenpuzzleError
from genpuzzle.evaluate import evaluate
from genpuzzle.providers import make_provider
from genpuzzle.providers.openai_images import retry_after
from genpuzzle.registration import load_image

SECRET = "sk-test-never-written-anywhere"
FAST = RetryPolicy(retries=3, base=0.01, cap=0.05)


class FakeImageServer:
    """An OpenAI-compatible ``/images/edits`` endpoint on loopback.

    ``answer(image_bytes) -> png bytes`` makes the reply; ``script[key]`` lists what the first calls for an
    input do ("429", "500", "400", "hang"), keyed by the sha256 of the input image; later calls answer.
    """

    def __init__(self, answer, script=None, hang_seconds=3.0):
        self.answer = answer
        self.script = {k: list(v) for k, v in (script or {}).items()}
        self.calls: dict[str, int] = {}
        self.auth: set[str] = set()
        self.lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                server.auth.add(self.headers.get("Authorization", ""))
                message = BytesParser().parsebytes(
                    b"Content-Type: " + self.headers["Content-Type"].encode() + b"\r\n\r\n" + body)
                fields = {part.get_param("name", header="content-disposition"): part.get_payload(decode=True)
                          for part in message.get_payload()}
                image = fields["image"]
                key = hashlib.sha256(image).hexdigest()
                with server.lock:
                    server.calls[key] = server.calls.get(key, 0) + 1
                    action = server.script.get(key, []).pop(0) if server.script.get(key) else "ok"
                if action == "hang":
                    time.sleep(hang_seconds)
                    return
                if action in ("429", "500", "400"):
                    payload = json.dumps({"error": {"message": f"scripted {action}", "type": "test"}}).encode()
                    self.send_response(int(action))
                    if action == "429":
                        self.send_header("Retry-After", "0")
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                    return
                png = server.answer(image)
                payload = json.dumps({"created": 0, "data": [{"b64_json": base64.b64encode(png).decode()}],
                                      "usage": {"input_tokens": 10, "output_tokens": 20, "total_tokens": 30}}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()


def _png(image: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    Image.fromarray(image).save(buffer, format="PNG")
    return buffer.getvalue()


def _jpeg(image: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    Image.fromarray(image).save(buffer, format="JPEG", quality=85)
    return buffer.getvalue()


@pytest.fixture(scope="module")
def tiny_set(tmp_path_factory):
    root = tmp_path_factory.mktemp("answer") / "set"
    write_set(root, {"sudoku": 3, "maze_beginner": 2, "nonogram": 2}, master_seed=5)
    return root


def _key(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _provider(server, **kw):
    return make_provider("openai", base_url=server.base_url, api_key_env="GENPUZZLE_TEST_KEY", timeout=1.0, **kw)


def test_openai_provider_retries_records_and_resumes(tiny_set, tmp_path, monkeypatch):
    monkeypatch.setenv("GENPUZZLE_TEST_KEY", SECRET)
    requests = public_requests(tiny_set)
    keys = [_key(r.input_path) for r in requests]
    script = {keys[0]: ["429"], keys[1]: ["500", "500"], keys[2]: ["hang"], keys[3]: ["400"]}
    out = tmp_path / "answers"
    with FakeImageServer(lambda image: image, script) as server:
        counts = run_answers(tiny_set, out, _provider(server, size="1024x1024"), concurrency=3, policy=FAST)
        assert counts["failed"] == 1 and counts["answered"] == len(requests) - 1
        log = {e["id"]: e for e in iter_log(out)}
        assert log[requests[0].id]["retries"] == 1 and log[requests[1].id]["retries"] == 2
        assert log[requests[2].id]["retries"] == 1 and log[requests[2].id]["status"] == "ok"
        failed = log[requests[3].id]
        assert failed["status"] == "failed" and "400" in failed["error"] and failed["retries"] == 0
        assert server.calls[keys[3]] == 1  # a 4xx other than 408/409/429 is never retried
        ok = log[requests[4].id]
        assert ok["usage"]["total_tokens"] == 30 and ok["request"]["size"] == "1024x1024"
        assert ok["model"] == "gpt-image-1" and ok["provider"] == "openai"
        assert not (out / f"{requests[3].id}.png").exists()

        with pytest.raises(GenpuzzleError, match="--resume"):
            run_answers(tiny_set, out, _provider(server), policy=FAST)
        again = run_answers(tiny_set, out, _provider(server), policy=FAST, resume=True)
        assert (again["answered"], again["skipped"], again["failed"]) == (1, len(requests) - 1, 0)
        assert server.auth == {f"Bearer {SECRET}"}
    lines = [e for e in iter_log(out) if e["status"] == "ok"]
    assert sorted(e["id"] for e in lines) == sorted(r.id for r in requests)  # every id answered once
    for r in requests:
        assert (out / f"{r.id}.png").read_bytes() == r.input_path.read_bytes()
    assert SECRET not in (out / "answers.jsonl").read_text()
    assert not list(out.glob("*.part"))


def test_retries_give_up_and_the_run_goes_on(tiny_set, tmp_path):
    requests = public_requests(tiny_set)
    key = _key(requests[0].input_path)
    with FakeImageServer(lambda image: image, {key: ["500"] * 10}) as server:
        counts = run_answers(tiny_set, tmp_path / "a", _provider(server), policy=RetryPolicy(retries=2, base=0.01),
                             limit=3)
        assert server.calls[key] == 3
    assert (counts["answered"], counts["failed"]) == (2, 1)
    entry = next(e for e in iter_log(tmp_path / "a") if e["id"] == requests[0].id)
    assert "gave up after 3 attempts" in entry["error"]


def test_retry_after_header_is_honoured():
    assert retry_after({"retry-after": "7"}) == 7.0
    assert retry_after({"retry-after-ms": "1500"}) == 1.5
    assert retry_after({}) is None
    waits = [RetryPolicy(base=0.5).wait(0, 12.0, __import__("random").Random(0))]
    assert waits[0] == 12.0


def test_missing_key_is_one_clear_error(monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(GenpuzzleError, match="OPENAI_API_KEY is not set"):
        make_provider("openai")
    with pytest.raises(GenpuzzleError, match="unknown provider"):
        make_provider("nope")


def test_command_provider(tiny_set, tmp_path):
    script = tmp_path / "model.py"
    script.write_text(
        "import sys, shutil\n"
        "src, instruction_file, out = sys.argv[1:4]\n"
        "assert open(instruction_file, encoding='utf-8').read().strip()\n"
        "if 'maze' in src: sys.exit('no mazes today')\n"
        "shutil.copy(src, out)\n")
    provider = make_provider("command", command=f"{sys.executable} {script} {{input}} {{instruction_file}} {{output}}")
    counts = run_answers(tiny_set, tmp_path / "out", provider, concurrency=2)
    log = list(iter_log(tmp_path / "out"))
    failed = [e for e in log if e["status"] == "failed"]
    assert counts["failed"] == 2 == len(failed) and all("no mazes today" in e["error"] for e in failed)
    assert counts["answered"] == 5
    with pytest.raises(GenpuzzleError, match="unknown placeholder"):
        make_provider("command", command="model {inptu} {output}")
    with pytest.raises(GenpuzzleError, match="must contain {output}"):
        make_provider("command", command="model {input}")


def test_generate_answer_evaluate_loop_scores_100(tiny_set, tmp_path, monkeypatch):
    """generate -> export --public -> answer (references as a model returns them) -> evaluate."""
    monkeypatch.setenv("GENPUZZLE_TEST_KEY", SECRET)
    puzzle_set = load_set(tiny_set)
    references = {}
    for record in puzzle_set.records:
        reference = load_image(puzzle_set.path(record.reference_images[0]))
        image = perturb.model_like(reference, seed=record.seed % 1000)
        references[_key(puzzle_set.path(record.input_image))] = _jpeg(image)
    public = tmp_path / "public"
    export_public(tiny_set, public)
    with FakeImageServer(lambda image: references[hashlib.sha256(image).hexdigest()]) as server:
        counts = run_answers(public, tmp_path / "answers", _provider(server), concurrency=2, policy=FAST)
    assert counts["answered"] == len(puzzle_set.records)
    assert all((tmp_path / "answers" / f"{r.id}.png").read_bytes()[:4] == b"\x89PNG" for r in puzzle_set.records)
    summary = evaluate(tiny_set, tmp_path / "answers", tmp_path / "results")
    assert summary["macro_overall"] == 100.0, summary["tracks"]


def test_cli_answer_with_a_command(tiny_set, tmp_path):
    import subprocess

    script = tmp_path / "copy.py"
    script.write_text("import shutil, sys\nshutil.copy(sys.argv[1], sys.argv[2])\n")
    out = tmp_path / "out"
    out.mkdir()
    (out / "stale.png.part").write_bytes(b"half")  # what a killed run leaves: never counted as an answer
    cmd = [sys.executable, "-m", "genpuzzle.cli", "answer", "--set", str(tiny_set), "--out", str(out),
           "--provider", "command", "--command", f"{sys.executable} {script} {{input}} {{output}}", "--limit", "3"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "3 answered, 0 failed" in done.stdout
    assert len(list(out.glob("*.png"))) == 3 and not list(out.glob("*.part"))
    bad = subprocess.run(cmd[:-6] + ["--provider", "command", "--command", "false {output}"],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "--resume" in bad.stderr and "Traceback" not in bad.stderr
