"""The MLLM rubric judge (official openai client), tested against a loopback chat-completions server with
scripted replies.

The server (``ChatServer``) speaks the OpenAI chat-completions protocol on 127.0.0.1; each request pops
the next scripted action (a JSON reply, an HTTP status, a sleep past the client timeout, ...), so the real
client code (HTTP, retries, backoff, validation, voting, cache) is exercised end to end.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import shutil
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from PIL import Image

from genpuzzle.dataset import load_set, write_set
from genpuzzle.evaluate import evaluate, read_results
from genpuzzle.judge import (Judge, JudgeConfig, judge_verdicts, load_rubric, parse_reply, rubric_hash,
                             rubric_path, vote)
from genpuzzle.merge import merge
from genpuzzle.records import Status, Verdict, Violation

# --------------------------------------------------------------------------------------- the server


def reply(content: str, prompt_tokens: int = 1000, completion_tokens: int = 50) -> tuple:
    return ("reply", content, prompt_tokens, completion_tokens)


def tier_reply(tier: int, confidence: float = 0.9, codes: tuple[str, ...] = ()) -> tuple:
    return reply(json.dumps({"tier": tier, "fatal_errors": list(codes), "confidence": confidence,
                             "rationale": "scripted"}))


class ChatServer:
    """A threading HTTP server answering ``POST /v1/chat/completions`` from a script of actions.

    Actions: ("reply", content, prompt_tokens, completion_tokens), ("status", code, headers),
    ("sleep", seconds, then_action), ("raw", bytes). When the script is empty, ``default`` is used.
    """

    def __init__(self, default: tuple | None = None, delay: float = 0.0) -> None:
        self.script: list[tuple] = []
        self.default = default or tier_reply(3)
        self.delay = delay
        self.requests: list[dict] = []
        self.headers: list[dict] = []
        self.lock = threading.Lock()
        self.in_flight = 0
        self.max_in_flight = 0
        server = self

        self.models: list[str] | int | None = None  # GET /models: a model list, an HTTP status, or 501

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # keep test output quiet
                pass

            def do_GET(self):
                if server.models is None or self.path != "/v1/models":
                    return self.send_error(501 if server.models is None else 404)
                if isinstance(server.models, int):
                    return self._act(("status", server.models))
                data = json.dumps({"object": "list", "data": [{"id": m, "object": "model"} for m in server.models]})
                self.send_response(200)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data.encode())

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with server.lock:
                    server.requests.append(body)
                    server.headers.append({k.lower(): v for k, v in self.headers.items()})
                    action = server.script.pop(0) if server.script else server.default
                    server.in_flight += 1
                    server.max_in_flight = max(server.max_in_flight, server.in_flight)
                if server.delay:
                    time.sleep(server.delay)
                with server.lock:  # counted before replying: the client cannot have moved on yet
                    server.in_flight -= 1
                try:
                    self._act(action)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def _act(self, action):
                kind = action[0]
                if kind == "sleep":
                    time.sleep(action[1])
                    return self._act(action[2])
                if kind == "status":
                    data = json.dumps({"error": {"message": f"scripted {action[1]}"}}).encode()
                    self.send_response(action[1])
                    for k, v in (action[2] if len(action) > 2 else {}).items():
                        self.send_header(k, v)
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                    return None
                if kind == "raw":
                    data = action[1]
                else:
                    data = json.dumps({"id": "x", "object": "chat.completion", "choices": [
                        {"index": 0, "message": {"role": "assistant", "content": action[1]}, "finish_reason": "stop"}],
                        "usage": {"prompt_tokens": action[2], "completion_tokens": action[3],
                                  "total_tokens": action[2] + action[3]}}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                return None

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture()
def server():
    srv = ChatServer()
    yield srv
    srv.close()


def make_judge(url: str, tmp_path: Path | None = None, **kw) -> tuple[Judge, list[float]]:
    sleeps: list[float] = []
    options = dict(model="judge-model-1", base_url=url, api_key="sk-test", passes=1, timeout=5.0, backoff=0.25,
                   cache_dir=None if tmp_path is None else tmp_path / "cache")
    options.update(kw)
    return Judge(JudgeConfig(**options), sleep=sleeps.append), sleeps


# ----------------------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def puzzle_set(tmp_path_factory):
    root = tmp_path_factory.mktemp("set")
    write_set(root / "set", {"sudoku": 2}, 11)
    return load_set(root / "set")


@pytest.fixture(scope="module")
def answers(puzzle_set, tmp_path_factory):
    """Answers in a folder named after a 'secret' model: reference copy (correct) and the unchanged input."""
    folder = tmp_path_factory.mktemp("ans") / "secret-model-x"
    folder.mkdir()
    first, second = puzzle_set.records
    shutil.copyfile(puzzle_set.path(first.reference_images[0]), folder / f"{first.id}.png")
    shutil.copyfile(puzzle_set.path(second.input_image), folder / f"{second.id}.png")
    return folder


# ------------------------------------------------------------------------------------------ rubrics


EXPECTED_DIMENSIONS = {
    "board_game": [15, 45, 20, 10, 10],
    "orthographic": [20, 35, 20, 15, 10],
    "math_proof": [20, 25, 30, 15, 10],
}


@pytest.mark.parametrize("name", sorted(EXPECTED_DIMENSIONS))
def test_five_dimension_rubrics_have_the_issue_weights_and_fatal_errors(name):
    spec = load_rubric(name)
    assert spec.kind == "dimensions"
    assert [w for _, w, _ in spec.dimensions] == EXPECTED_DIMENSIONS[name]
    assert spec.fatal and all(effect in ("zero", "cap") for effect, _ in spec.fatal.values())
    assert spec.hash == "sha256:" + hashlib.sha256(rubric_path(name).read_bytes()).hexdigest()


@pytest.mark.parametrize("name", ["pattern_completion", "spatial_construction"])
def test_four_tier_rubrics_score_r_over_3_with_caps(name):
    spec = load_rubric(name)
    assert spec.kind == "tiers" and spec.levels == 4
    assert [spec.score_tier(r, [])[1] for r in range(4)] == pytest.approx([0, 100 / 3, 200 / 3, 100])
    assert spec.score_tier(3, ["state_corrupted"]) == (1, pytest.approx(100 / 3))
    assert spec.score_tier(3, ["input_not_used"])[1] == 0.0


def test_programmatic_rubric_gets_the_generic_four_tier_scale():
    spec = load_rubric("sudoku")
    assert spec.kind == "tiers" and spec.levels == 4 and spec.hash == rubric_hash(rubric_path("sudoku"))


def test_every_shipped_rubric_loads_for_the_judge():
    for path in sorted(rubric_path("sudoku").parent.glob("*.json")):
        spec = load_rubric(path.stem)
        raw = json.loads(path.read_text(encoding="utf-8"))
        if "dimensions" in raw:
            assert spec.kind == "dimensions" and sum(w for _, w, _ in spec.dimensions) == 100
        elif isinstance(raw.get("tiers"), dict):
            assert spec.kind == "tiers" and spec.levels == len(raw["tiers"])
        if spec.kind == "tiers":
            assert spec.score_tier(spec.levels - 1, [])[1] == 100 and spec.score_tier(0, [])[1] == 0


def test_binary_and_bad_rubrics(tmp_path):
    (tmp_path / "b.json").write_text(json.dumps({"mechanism": "binary_match"}))
    assert load_rubric("b", tmp_path / "b.json").levels == 2
    (tmp_path / "s.json").write_text(json.dumps({"mechanism": "programmatic", "score": "binary: 100 or 0"}))
    assert load_rubric("s", tmp_path / "s.json").levels == 2
    (tmp_path / "g.json").write_text(json.dumps({"mechanism": "programmatic", "score": "sum"}))
    assert load_rubric("g", tmp_path / "g.json").levels == 4
    (tmp_path / "w.json").write_text(json.dumps({"dimensions": {"a": 50, "b": 40}}))
    with pytest.raises(Exception, match="sum to 90"):
        load_rubric("w", tmp_path / "w.json")


# ------------------------------------------------------------------------------ validation & voting


def test_parse_reply_accepts_fenced_json_and_rejects_invalid_output():
    board = load_rubric("board_game")
    dims = {"layout": 15, "logical_correctness": 40, "input_preservation": 20, "text_label_accuracy": 5,
            "task_completion": 10}
    good = {"dimensions": dims, "fatal_errors": [], "confidence": 0.8}
    assert parse_reply("```json\n" + json.dumps(good) + "\n```", board)["score"] == 90
    assert parse_reply(json.dumps({**good, "fatal_errors": ["illegal_move"]}), board)["score"] == 0
    capped = parse_reply(json.dumps({**good, "fatal_errors": ["wrong_move"]}), board)
    assert capped["score"] == 60
    bad = [
        "not json at all",
        json.dumps({**good, "confidence": 1.5}),
        json.dumps({**good, "dimensions": {**dims, "layout": 16}}),
        json.dumps({**good, "dimensions": {k: v for k, v in dims.items() if k != "layout"}}),
        json.dumps({**good, "dimensions": {**dims, "style": 3}}),
        json.dumps({**good, "fatal_errors": ["made_up_code"]}),
    ]
    for text in bad:
        with pytest.raises(ValueError):
            parse_reply(text, board)
    tiers = load_rubric("pattern_completion")
    with pytest.raises(ValueError):
        parse_reply(json.dumps({"tier": 4, "confidence": 0.9}), tiers)
    with pytest.raises(ValueError):
        parse_reply(json.dumps({"tier": True, "confidence": 0.9}), tiers)


def test_vote_majority_ties_and_confidence():
    spec = load_rubric("pattern_completion")

    def p(t, c=0.9, codes=()):
        return parse_reply(json.dumps({"tier": t, "confidence": c, "fatal_errors": list(codes)}), spec)

    unanimous = vote([p(3), p(3), p(3)], spec, 0.75)
    assert (unanimous["tier"], unanimous["score"], unanimous["needs_review"]) == (3, 100.0, False)
    split = vote([p(3), p(3), p(2)], spec, 0.75)
    assert split["tier"] == 3 and split["agreement"] == pytest.approx(2 / 3, abs=1e-4) and split["needs_review"]
    assert vote([p(3), p(2)], spec, 0.75)["tier"] == 2  # ties go to the lower tier
    assert vote([p(3, 0.5)], spec, 0.75)["needs_review"]  # low self-reported confidence
    assert vote([p(3, codes=["input_not_used"]), p(3), p(3)], spec, 0.75)["score"] == 100.0  # minority code
    assert vote([p(3, codes=["input_not_used"])] * 2 + [p(3)], spec, 0.75)["score"] == 0.0
    board = load_rubric("board_game")
    names = [n for n, _, _ in board.dimensions]

    def d(pts):
        return parse_reply(json.dumps({"dimensions": dict(zip(names, pts)), "confidence": 0.9}), board)

    voted = vote([d([15, 45, 20, 10, 10]), d([10, 40, 20, 10, 10]), d([15, 30, 10, 5, 10])], board, 0.75)
    assert voted["dimensions"] == {"layout": 15, "logical_correctness": 40, "input_preservation": 20,
                                   "text_label_accuracy": 10, "task_completion": 10}
    assert voted["score"] == 95 and voted["agreement"] == pytest.approx(1 - (100 - 70) / 100)
    assert voted["needs_review"]


# ------------------------------------------------------------------------------------ the real client


def test_valid_reply_request_content_and_accounting(server, puzzle_set, answers):
    judge, _ = make_judge(server.url, passes=3, price_per_mtok=(2.0, 8.0))
    record = puzzle_set.records[0]
    result = judge.judge(record, puzzle_set.root, answers / f"{record.id}.png")
    assert result.ok and result.score == 100.0 and result.tier == 3 and not result.needs_review
    assert len(server.requests) == 3
    body = server.requests[0]
    assert body["model"] == "judge-model-1" and body["response_format"] == {"type": "json_object"}
    parts = body["messages"][1]["content"]
    images = [p["image_url"]["url"] for p in parts if p["type"] == "image_url"]
    assert len(images) == 3  # input, answer, one reference
    for url in images:
        assert url.startswith("data:image/png;base64,")
        Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).verify()
    text = json.dumps(server.requests)
    assert "secret-model-x" not in text  # never the generating model's identity (folder or file name)
    assert record.instruction in text and "blank_accuracy" in text  # instruction and rubric are sent
    assert server.headers[0]["authorization"] == "Bearer sk-test"
    assert result.usage == {"requests": 3, "cache_hits": 0, "prompt_tokens": 3000, "completion_tokens": 150,
                            "cost": pytest.approx(3 * (1000 * 2.0 + 50 * 8.0) / 1e6)}
    assert judge.usage()["cost"] == pytest.approx(0.0072)


def test_malformed_output_is_retried_then_recorded_as_judge_error(server, puzzle_set, answers):
    judge, _ = make_judge(server.url, format_retries=2)
    record = puzzle_set.records[0]
    server.script = [reply("I think it is tier three"), tier_reply(2)]
    result = judge.judge(record, puzzle_set.root, answers / f"{record.id}.png")
    assert result.ok and result.tier == 2 and judge.totals["invalid_replies"] == 1
    assert "previous reply was invalid" in json.dumps(server.requests[1]["messages"][-1])
    server.requests.clear()
    server.script = [reply("{broken"), reply('{"tier": 7, "confidence": 0.9}'), ("raw", b"<html>oops</html>")]
    result = judge.judge(record, puzzle_set.root, answers / f"{record.id}.png")
    assert not result.ok and "malformed judge output after 3 attempts" in result.error
    assert len(server.requests) == 3 and result.score is None


def test_429_and_5xx_are_retried_with_exponential_backoff(server, puzzle_set, answers):
    judge, sleeps = make_judge(server.url, max_retries=4, backoff=0.25)
    record = puzzle_set.records[0]
    server.script = [("status", 429, {"Retry-After": "2"}), ("status", 500), ("status", 503), tier_reply(1)]
    result = judge.judge(record, puzzle_set.root, answers / f"{record.id}.png")
    assert result.ok and result.tier == 1
    assert sleeps == [2.0, 0.5, 1.0]  # Retry-After honoured, then 0.25 * 2^k
    assert judge.usage()["retries"] == 3 and len(server.requests) == 4
    server.requests.clear()
    server.script = [("status", 500)] * 5
    result = judge.judge(record, puzzle_set.root, answers / f"{record.id}.png")
    assert not result.ok and "HTTP 500" in result.error and len(server.requests) == 5
    server.requests.clear()
    server.script = [("status", 400)]
    result = judge.judge(record, puzzle_set.root, answers / f"{record.id}.png")
    assert not result.ok and "refused" in result.error and len(server.requests) == 1  # no retry on 400


def test_timeout_is_retried(server, puzzle_set, answers):
    judge, sleeps = make_judge(server.url, timeout=0.3, backoff=0.01)
    record = puzzle_set.records[0]
    server.script = [("sleep", 0.9, tier_reply(3)), tier_reply(2)]
    result = judge.judge(record, puzzle_set.root, answers / f"{record.id}.png")
    assert result.ok and result.tier == 2 and sleeps == [0.01] and judge.usage()["retries"] == 1


def test_cache_second_run_makes_no_requests(server, puzzle_set, answers, tmp_path):
    record = puzzle_set.records[0]
    first, _ = make_judge(server.url, tmp_path, passes=2)
    server.script = [tier_reply(2), tier_reply(2)]
    a = first.judge(record, puzzle_set.root, answers / f"{record.id}.png")
    assert len(server.requests) == 2
    again, _ = make_judge(server.url, tmp_path, passes=2)
    b = again.judge(record, puzzle_set.root, answers / f"{record.id}.png")
    assert len(server.requests) == 2 and b.usage["cache_hits"] == 2 and b.score == a.score and b.tier == 2
    more, _ = make_judge(server.url, tmp_path, passes=3)  # only the new pass is asked
    more.judge(record, puzzle_set.root, answers / f"{record.id}.png")
    assert len(server.requests) == 3
    other, _ = make_judge(server.url, tmp_path, passes=2, model="judge-model-2")  # model is in the key
    other.judge(record, puzzle_set.root, answers / f"{record.id}.png")
    assert len(server.requests) == 5
    second = puzzle_set.records[1]  # a different answer and instance
    first.judge(second, puzzle_set.root, answers / f"{second.id}.png")
    assert len(server.requests) == 7


def test_bounded_concurrency(puzzle_set, answers):
    srv = ChatServer(delay=0.15)
    try:
        judge, _ = make_judge(srv.url, concurrency=2, passes=3)
        verdicts = [Verdict(r.id, r.track, 50, Status.INCORRECT, answer_path=str(answers / f"{r.id}.png"))
                    for r in puzzle_set.records for _ in range(2)]
        out = list(judge_verdicts(verdicts, puzzle_set.by_id, puzzle_set.root, judge))
        assert len(out) == 4 and all(v.extra["judge"]["score"] == 100 for v in out)
        assert srv.max_in_flight == 2 and len(srv.requests) == 12
    finally:
        srv.close()


# ------------------------------------------------------------------------------------------- merge


def _judged(spec_name: str, score: float, *, needs_review: bool = False, dims=None, codes=(), error=None):
    from genpuzzle.judge import JudgeResult

    spec = load_rubric(spec_name)
    return spec, JudgeResult(instance_id="x", model="m", rubric=spec_name, rubric_hash=spec.hash,
                             score=None if error else score, dimensions=dims, fatal_errors=list(codes),
                             confidence=0.5 if needs_review else 0.9, needs_review=needs_review, error=error)


def test_merge_confident_program_decides_and_both_are_recorded():
    spec, judged = _judged("sudoku", 0.0)
    v = merge(Verdict("x", "sudoku", 100, Status.CORRECT), judged, spec)
    assert (v.score, v.status, v.extra["merge"]["decided_by"]) == (100, Status.CORRECT, "program")
    assert v.extra["judge"]["score"] == 0 and v.extra["program"]["score"] == 100
    assert v.extra["merge"]["difference"] == -100


def test_merge_judge_decides_where_the_parser_is_unsure():
    spec, judged = _judged("sudoku", 100.0)
    v = merge(Verdict("x", "sudoku", 60, Status.INCORRECT, needs_review=True), judged, spec)
    assert (v.score, v.status, v.needs_review, v.extra["merge"]["decided_by"]) == (100, Status.CORRECT, False, "judge")
    assert v.extra["program"] == {"score": 60, "status": "incorrect", "confidence": 1.0, "needs_review": True}
    spec, judged = _judged("pattern_completion", 100 / 3, needs_review=True, codes=["state_corrupted"])
    v = merge(Verdict.failed("x", "t", Status.UNREADABLE, "grid not found"), judged, spec)
    assert v.score == pytest.approx(100 / 3) and v.status == Status.INCORRECT and v.needs_review
    assert "state_corrupted" in v.codes and "program: grid not found" in v.reason


def test_merge_judge_error_keeps_the_programmatic_verdict():
    spec, judged = _judged("sudoku", 0, error="HTTP 500")
    v = merge(Verdict("x", "sudoku", 75, Status.INCORRECT, needs_review=True), judged, spec)
    assert v.score == 75 and v.needs_review and v.extra["judge"]["error"] == "HTTP 500"
    v = merge(Verdict("x", "sudoku", 75, Status.INCORRECT), judged, spec)
    assert v.score == 75 and not v.needs_review and v.extra["merge"]["decided_by"] == "program"


def test_merge_five_dimensions_program_covers_some():
    dims = {"layout": 10.0, "logical_correctness": 20.0, "input_preservation": 5.0, "text_label_accuracy": 10.0,
            "task_completion": 5.0}
    spec, judged = _judged("board_game", 50.0, dims=dims)
    program = Verdict("x", "board_game", 80, Status.INCORRECT,
                      subscores={"logical_correctness": 1.0, "input_preservation": 0.5})
    v = merge(program, judged, spec)
    assert v.score == pytest.approx(10 + 45 * 1.0 + 20 * 0.5 + 10 + 5)
    assert v.extra["merge"]["decided_by"] == "program+judge"
    assert v.extra["merge"]["covered_dimensions"] == ["logical_correctness", "input_preservation"]
    assert v.subscores["layout"] == pytest.approx(10 / 15)
    spec, judged = _judged("board_game", 50.0, dims=dims, codes=["illegal_move"])
    assert merge(Verdict("x", "board_game", 80, Status.INCORRECT, subscores={"layout": 1.0}), judged, spec).score == 0
    spec, judged = _judged("board_game", 50.0, dims=dims)
    full = {name: 1.0 for name, _, _ in spec.dimensions}
    v = merge(Verdict("x", "board_game", 100, Status.CORRECT, subscores=full), judged, spec)
    assert v.score == 100 and v.extra["merge"]["decided_by"] == "program"
    v = merge(Verdict("x", "board_game", 100, Status.CORRECT, subscores=full,
                      violations=[Violation("w", "unsure", {})], needs_review=True), judged, spec)
    assert v.score == 50 and v.extra["merge"]["decided_by"] == "judge"  # unsure program covers nothing


# ------------------------------------------------------------------------------- evaluate pipeline


def test_evaluate_with_judge_records_both_and_survives_judge_failure(server, puzzle_set, answers, tmp_path):
    judge, _ = make_judge(server.url, tmp_path, passes=2)
    server.default = tier_reply(0, 0.95)
    summary = evaluate(puzzle_set.root, answers, tmp_path / "run", judge=judge)
    results = {v.id: v for v in read_results(tmp_path / "run" / "results.jsonl")}
    correct_id, wrong_id = (r.id for r in puzzle_set.records)
    assert results[correct_id].score == 100 and results[correct_id].extra["judge"]["score"] == 0  # program decides
    assert results[wrong_id].extra["judge"]["tier"] == 0 and "program" in results[wrong_id].extra
    run = json.loads((tmp_path / "run" / "run.json").read_text())
    assert run["judge"]["model"] == "judge-model-1" and run["judge"]["endpoint"] == server.url
    assert run["judge"]["rubrics"] == {"sudoku": rubric_hash(rubric_path("sudoku"))}
    assert run["judge"]["usage"]["requests"] == 4 and "sk-test" not in json.dumps(run)
    assert summary["n"] == 2
    # A dead judge endpoint: programmatic verdicts are kept, the error recorded.
    server.requests.clear()
    server.default = ("status", 500)
    dead, _ = make_judge(server.url, None, passes=1, max_retries=1)
    evaluate(puzzle_set.root, answers, tmp_path / "dead", judge=dead)
    plain = {v.id: v for v in read_results(tmp_path / "run" / "results.jsonl")}
    for v in read_results(tmp_path / "dead" / "results.jsonl"):
        assert v.score == plain[v.id].score and v.status == plain[v.id].status
        assert "HTTP 500" in v.extra["judge"]["error"]
    assert len(server.requests) == 4


# ------------------------------------------------------------------------------- before and after a run


def test_endpoint_check_fails_fast_with_one_clear_line(server):
    import socket

    from genpuzzle.judge import JudgeError

    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        dead_url = f"http://127.0.0.1:{free.getsockname()[1]}/v1"
    started = time.monotonic()
    with pytest.raises(JudgeError, match="unreachable"):
        make_judge(dead_url)[0].check_endpoint()
    assert time.monotonic() - started < 5
    judge, _ = make_judge(server.url)
    assert judge.check_endpoint() == []  # no GET /models (501): reachable is enough
    server.models = ["judge-model-1", "other"]
    assert judge.check_endpoint() == []
    server.models = ["other"]
    assert "does not list model 'judge-model-1'" in judge.check_endpoint()[0]
    server.models = 401
    with pytest.raises(JudgeError, match="refused the API key"):
        judge.check_endpoint()
    server.models = 503
    with pytest.raises(JudgeError, match="HTTP 503"):
        judge.check_endpoint()
    assert server.requests == []  # nothing was judged


def test_cli_reports_judge_errors_and_a_missing_key(server, puzzle_set, answers, tmp_path):
    import os
    import subprocess
    import sys

    server.default = ("status", 400)  # refused at once: no retry delays
    env = {k: v for k, v in os.environ.items() if k != "OPENAI_API_KEY"}
    proc = subprocess.run([sys.executable, "-m", "genpuzzle.cli", "evaluate", "--set", str(puzzle_set.root),
                           "--answers", str(answers), "--out", str(tmp_path / "out"), "--judge", "judge-model-1",
                           "--judge-base-url", server.url, "--judge-passes", "1"],
                          capture_output=True, text=True, env={**env, "COLUMNS": "200"}, timeout=120)
    assert proc.returncode == 1, proc.stderr
    assert "no API key (OPENAI_API_KEY is not set)" in proc.stderr
    assert "judge judge-model-1: 0 judged, 2 error(s)" in proc.stdout
    assert "the judge failed on 2 answer(s)" in proc.stderr and "HTTP 400" in proc.stderr
    assert len(read_results(tmp_path / "out" / "results.jsonl")) == 2
