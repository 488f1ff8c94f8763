"""The ``genpuzzle`` command line: tracks, generate, evaluate, verify, validate, export, answer, report, ...

Every user error is printed as one line naming the file and the problem, with exit code 2; an internal
error is one line too, with exit code 3. ``genpuzzle verify`` exits with a code per status (see
:data:`VERIFY_EXIT_CODES`).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from genpuzzle.errors import GenpuzzleError, TrackError

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, no_args_is_help=True,
                  help="Generate visual-reasoning puzzle sets and verify image-model answers.")
console = Console(width=None if Console().is_terminal else 120)
err_console = Console(stderr=True, soft_wrap=True)  # soft wrap: a long message stays one line in logs

EXIT_USER_ERROR = 2
EXIT_INTERNAL_ERROR = 3
VERIFY_EXIT_CODES = {"correct": 0, "incorrect": 1, "needs_review": 4, "unreadable": 5, "error": 6}
PROGRESS_ENV = "GENPUZZLE_PROGRESS"
PROGRESS_LINE_SECONDS = 10.0


def _note(message: str) -> None:
    """A one-line note for the user on stderr (stdout stays for results)."""
    err_console.print(message, markup=False, highlight=False)


class LineProgress:
    """Progress as plain lines, at most one every ``every`` seconds plus the last: for logs and pipes,
    where a live bar shows nothing. Same calls as :class:`rich.progress.Progress` (the ones used here)."""

    def __init__(self, every: float) -> None:
        self.every = every
        self.tasks: dict[int, dict[str, Any]] = {}

    def __enter__(self) -> LineProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def add_task(self, description: str, total: float | None = None, **_: Any) -> int:
        task = len(self.tasks)
        self.tasks[task] = {"description": description, "total": total, "completed": 0, "start": time.monotonic(),
                            "printed": None, "last": None}
        return task

    def advance(self, task: int, advance: float = 1) -> None:
        self.update(task, advance=advance)

    def update(self, task: int, *, completed: float | None = None, total: float | None = None,
               advance: float | None = None, description: str | None = None, **_: Any) -> None:
        t = self.tasks[task]
        if total is not None:
            t["total"] = total
        if description is not None:
            t["description"] = description
        if completed is not None:
            t["completed"] = completed
        if advance is not None:
            t["completed"] += advance
        now = time.monotonic()
        finished = t["total"] is not None and t["completed"] >= t["total"]
        state = (t["completed"], t["total"])
        due = t["printed"] is None or now - t["printed"] >= self.every
        if state != t["last"] and (due or finished):
            t["printed"], t["last"] = now, state
            _note(self._line(t, now))

    @staticmethod
    def _line(t: dict[str, Any], now: float) -> str:
        done, total, elapsed = t["completed"], t["total"], now - t["start"]
        text = f"{t['description']}: {done:g}" + (f"/{total:g}" if total else "")
        if total:
            text += f" ({100 * done / total:.0f}%)"
        text += f", {elapsed:.0f} s"
        if total and 0 < done < total:
            text += f", ~{elapsed * (total - done) / done:.0f} s left"
        return text


def _progress() -> Progress | LineProgress:
    """A live bar on a terminal, periodic lines otherwise. ``GENPUZZLE_PROGRESS``: ``bar`` (always the
    bar), ``off``, or seconds between lines (``lines`` = every 10 s, the default away from a terminal)."""
    mode = os.environ.get(PROGRESS_ENV, "").strip().lower()
    if mode in ("", "lines"):
        mode = "bar" if err_console.is_terminal and not mode else str(PROGRESS_LINE_SECONDS)
    if mode == "bar":
        return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                        console=err_console)
    if mode == "off":
        return Progress(console=err_console, disable=True)
    try:
        every = float(mode)
    except ValueError:
        raise GenpuzzleError(f"{PROGRESS_ENV}={os.environ[PROGRESS_ENV]!r}: expected bar, lines, off or a number "
                             f"of seconds between progress lines") from None
    return LineProgress(max(0.0, every))


def _version(value: bool) -> None:
    if value:
        import genpuzzle

        print(f"genpuzzle {genpuzzle.__version__}")
        raise typer.Exit()


@app.callback()
def _main_options(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                               help="Print the version and exit.")) -> None:
    """Generate visual-reasoning puzzle sets and verify image-model answers."""


def _split(value: Optional[str]) -> list[str]:
    return [part.strip() for part in (value or "").split(",") if part.strip()]


@app.command("tracks")
def tracks_command(as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table.")) -> None:
    """List the tracks, their variants, default mix and versions."""
    from genpuzzle.registry import track_names
    from genpuzzle.track_info import track_info

    infos = [track_info(name) for name in track_names()]
    if as_json:
        print(json.dumps(infos, indent=2))
        return
    table = Table("track", "version", "variants (default mix)", "description")
    for info in infos:
        mix = ", ".join(f"{v}:{w}" for v, w in info["default_mix"].items())
        table.add_row(info["name"], info["version"], mix, info["description"])
    console.print(table)


@app.command("generate")
def generate_command(
    tracks: str = typer.Option("all", help="Comma-separated track names, or 'all'."),
    count: int = typer.Option(10, min=1, help="Instances per track."),
    seed: int = typer.Option(0, help="Master seed; per-instance seeds are derived by hashing."),
    out: Path = typer.Option(..., help="New (or empty) folder for the set."),
    variants: Optional[str] = typer.Option(None, help="Comma-separated variants (applies to tracks having them); "
                                                      "default: each track's default mix."),
    workers: int = typer.Option(1, min=1, help="Worker processes (or local Ray CPUs)."),
    preset: Optional[str] = typer.Option(None, help="A named composition instead of --tracks/--count: "
                                                    "genpuzzle (GenPuzzle's 12 tracks, 2,005 problems)."),
    exclude: Optional[list[Path]] = typer.Option(None, "--exclude", help="An earlier set whose puzzles must not "
                                                                         "recur (repeatable)."),
    backend: str = typer.Option("local", help="local (process pool) or ray."),
    address: Optional[str] = typer.Option(None, help="Ray cluster address for --backend ray; default: start a "
                                                     "local Ray instance."),
) -> None:
    """Generate a puzzle set: certified instances, images, masks and ground truth."""
    from genpuzzle.dataset import write_set
    from genpuzzle.registry import get_track, track_names

    variant_counts = None
    notes: dict = {}
    if preset:
        from genpuzzle.presets import plan_preset

        if tracks != "all" or variants:
            raise GenpuzzleError("--preset fixes the tracks and variants: drop --tracks/--variants")
        plan = plan_preset(preset)
        counts, variant_counts = plan.counts, plan.variant_counts
        notes = {"preset": preset, "missing_tracks": plan.missing}
        if plan.missing:
            _note(f"preset {preset}: {sum(plan.missing.values())} of {plan.wanted} instances belong to tracks this "
                  f"genpuzzle does not have yet and are not generated: "
                  + ", ".join(f"{t} ({n})" for t, n in plan.missing.items()))
        per_track = None
    else:
        names = track_names() if tracks == "all" else _split(tracks)
        for name in names:
            get_track(name)
        counts = {n: count for n in names}
        wanted = _split(variants)
        per_track = None
        if wanted:
            per_track = {n: [v for v in wanted if v in get_track(n).variants] for n in names}
            unused = [v for v in wanted if not any(v in get_track(n).variants for n in names)]
            if unused:
                raise TrackError(f"variant {unused[0]!r} belongs to none of the tracks {', '.join(names)}")
    with _progress() as bar:
        task = bar.add_task("generating", total=sum(counts.values()))
        info = write_set(out, counts, seed, workers=workers, variants=per_track, variant_counts=variant_counts,
                         exclude=exclude or (), backend=backend, address=address, notes=notes,
                         progress=lambda k: bar.advance(task, k))
    console.print(f"wrote {info['instances']} instances to {out} ({info['fingerprint'][:19]}...)")


@app.command("evaluate")
def evaluate_command(
    set_dir: Path = typer.Option(..., "--set", help="The set folder."),
    answers: Path = typer.Option(..., help="Folder of answer images named <id>.png|.jpg|.jpeg|.webp."),
    out: Path = typer.Option(..., help="Folder for results.jsonl, summary.json and run.json."),
    workers: int = typer.Option(1, min=1, help="Processes verifying answers, this one included (one per core)."),
    resume: bool = typer.Option(False, help="Continue a run in --out, skipping ids already verified."),
    tracks: Optional[str] = typer.Option(None, help="Only these tracks (comma-separated)."),
    judge: Optional[str] = typer.Option(None, "--judge", help="Also judge each answer with this MLLM (opt-in)."),
    judge_base_url: Optional[str] = typer.Option(None, help="OpenAI-compatible endpoint, e.g. http://localhost:8000/v1."),
    judge_passes: int = typer.Option(3, min=1, help="Judge passes per answer (voted)."),
    judge_api_key_env: Optional[str] = typer.Option(None, help="Env variable holding the key [OPENAI_API_KEY]."),
    judge_concurrency: int = typer.Option(4, min=1, help="Simultaneous judge requests."),
    judge_price: Optional[str] = typer.Option(None, help="IN,OUT cost per million tokens, for accounting."),
    human: Optional[Path] = typer.Option(None, help="Import human scores (review export JSONL) into the results."),
    backend: str = typer.Option("local", help="local (process pool) or ray."),
    address: Optional[str] = typer.Option(None, help="Ray cluster address for --backend ray; default: start a "
                                                     "local Ray instance."),
) -> None:
    """Verify a folder of answer images against a set and write scored results."""
    from genpuzzle.evaluate import duration_text, evaluate

    judge_client = None
    if judge:
        from genpuzzle.judge import judge_from_cli

        judge_client = judge_from_cli(judge, judge_base_url, passes=judge_passes, api_key_env=judge_api_key_env,
                                      concurrency=judge_concurrency, price=judge_price,
                                      cache_dir=out / "judge_cache")
        for warning in judge_client.check_endpoint():  # fails fast, before any answer, when it is down
            _note(f"genpuzzle: warning: {warning}")
        if not judge_client.config.api_key:
            _note(f"genpuzzle: warning: no API key ({judge_api_key_env or 'OPENAI_API_KEY'} is not set): judge "
                  "requests go without one, which only a local server accepts")

    with _progress() as bar:
        task = bar.add_task("verifying", total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        summary = evaluate(set_dir, answers, out, workers=workers, resume=resume, tracks=_split(tracks) or None,
                           progress=update, judge=judge_client, human=human, log=_note, backend=backend,
                           address=address)
    _print_summary(summary)
    if summary.get("note"):
        _note(f"genpuzzle: note: {summary['note']}")
    run = json.loads((out / "run.json").read_text(encoding="utf-8"))
    rate = f" ({run['answers_per_s']:.1f} answers/s)" if run.get("answers_per_s") else ""
    console.print(f"verified {run['verified']} answer(s) in {duration_text(run['verify_s'])}{rate}; "
                  f"elapsed {duration_text(run['elapsed_s'])}")
    console.print(f"results: {out / 'results.jsonl'}  summary: {out / 'summary.json'}")
    if judge_client is not None:
        usage = judge_client.usage()
        console.print(f"judge {judge_client.config.model}: {usage['judged']} judged, {usage['judge_errors']} "
                      f"error(s), {usage['requests']} request(s), {usage['retries']} retr(ies), "
                      f"{usage['cache_hits']} cached")
        if usage["judge_errors"]:
            examples = "; ".join(judge_client.error_examples)
            _note(f"genpuzzle: the judge failed on {usage['judge_errors']} answer(s); their programmatic verdicts "
                  f"stand (each error is in results.jsonl, extra.judge.error): {examples}")
            raise typer.Exit(1)


def _print_summary(summary: dict) -> None:
    table = Table("track", "n", "mean", "95% CI", "correct", "needs review", "incorrect", "unreadable", "missing",
                  "error", min_width=100)
    for name, t in summary["tracks"].items():
        s = t["status_counts"]
        ci = t["ci95"]
        table.add_row(name, str(t["n"]), f"{t['mean']:.2f}", f"{ci[0]:.1f}-{ci[1]:.1f}" if ci else "-",
                      *(str(s.get(k, 0)) for k in ("correct", "needs_review", "incorrect", "unreadable", "missing",
                                                    "error")))
    console.print(table)
    if summary["macro_overall"] is not None:
        console.print(f"Macro Overall {summary['macro_overall']:.2f}   micro mean {summary['micro_mean']:.2f}")


@app.command("verify")
def verify_command(
    answer: Path = typer.Argument(..., help="The answer image."),
    set_dir: Path = typer.Option(..., "--set", help="The set folder."),
    instance_id: str = typer.Option(..., "--id", help="The instance id."),
    as_json: bool = typer.Option(False, "--json", help="Print the verdict as JSON."),
) -> None:
    """Verify one answer image and print the verdict with every violation.

    Exit code: 0 correct, 1 incorrect, 4 needs review, 5 unreadable, 6 error (the verifier failed);
    2 a user error (missing file, unknown id), 3 an internal error.
    """
    from genpuzzle.dataset import load_set
    from genpuzzle.evaluate import verify_answer
    from genpuzzle.registration import load_image

    puzzle_set = load_set(set_dir)
    record = puzzle_set.get(instance_id)
    load_image(answer)  # a missing or corrupt answer is a user error here, not a verdict
    verdict = verify_answer(puzzle_set.root, record, answer)
    code = VERIFY_EXIT_CODES.get(verdict.status.value, VERIFY_EXIT_CODES["error"])
    if as_json:
        print(json.dumps(verdict.to_json(), indent=2))
        raise typer.Exit(code)
    console.print(f"{verdict.id}: [bold]{verdict.status.value}[/bold]  score {verdict.score:.2f}  "
                  f"confidence {verdict.confidence:.2f}" + ("  needs review" if verdict.needs_review else ""))
    if verdict.reason:
        console.print(f"  reason: {verdict.reason}")
    for name, value in verdict.subscores.items():
        console.print(f"  {name}: {value:.3f}")
    for v in verdict.violations:
        console.print(f"  [red]{v.code}[/red]: {v.message}  {json.dumps(v.evidence)}")
    raise typer.Exit(code)


@app.command("validate")
def validate_command(
    set_dir: Path = typer.Option(..., "--set", help="The set folder."),
    workers: int = typer.Option(1, min=1, help="Worker processes."),
) -> None:
    """Re-prove every instance (uniqueness, stored facts) and check every reference verifies to 100."""
    from genpuzzle.validate import validate_set

    with _progress() as bar:
        task = bar.add_task("validating", total=None)
        report = validate_set(set_dir, workers=workers,
                              progress=lambda done, total: bar.update(task, completed=done, total=total))
    for line in report.problems:
        err_console.print(line, markup=False, highlight=False)
    console.print(f"checked {report.instances} instances, {report.references} reference images: "
                  f"{len(report.problems)} problem(s)")
    if report.problems:
        raise typer.Exit(1)


@app.command("export")
def export_command(
    set_dir: Path = typer.Option(..., "--set", help="The set folder."),
    out: Path = typer.Option(..., help="New folder for the export."),
    public: bool = typer.Option(False, "--public", help="Only the model-facing part: input images, "
                                                        "instructions and ids (no ground truth)."),
    format: str = typer.Option("folder", "--format", help="folder (a set folder) or hf (Parquet shards with "
                                                          "embedded images and a dataset card)."),
    licence: str = typer.Option("cc-by-4.0", "--license", help="Licence named in the hf dataset card."),
) -> None:
    """Export a set: the public part as a folder, or the set (or its public part) as a Hugging Face dataset."""
    if format == "hf":
        from genpuzzle.hf import export_hf

        counts = export_hf(set_dir, out, public=public, licence=licence)
        console.print(f"exported {sum(counts.values())} instances in {len(counts)} configurations "
                      f"({'public part' if public else 'every field'}) to {out}")
        return
    if format != "folder":
        raise GenpuzzleError(f"--format {format!r}: expected folder or hf")
    from genpuzzle.dataset import export_public

    if not public:
        raise GenpuzzleError("a folder export is --public only: pass --public "
                             "(a full copy of a set is just a copy of its folder), or use --format hf")
    n = export_public(set_dir, out)
    console.print(f"exported {n} instances (inputs and instructions only) to {out}")


@app.command("answer")
def answer_command(
    set_dir: Path = typer.Option(..., "--set", help="The set folder (full, or a --public export)."),
    out: Path = typer.Option(..., help="Folder for <id>.png answers and answers.jsonl."),
    provider: str = typer.Option(..., help="openai (any OpenAI-compatible image-edit endpoint) or command."),
    model: Optional[str] = typer.Option(None, help="Model name sent to the endpoint [gpt-image-1]."),
    base_url: Optional[str] = typer.Option(None, help="OpenAI-compatible endpoint, e.g. http://localhost:8000/v1."),
    api_key_env: Optional[str] = typer.Option(None, help="Env variable holding the key [OPENAI_API_KEY]."),
    command: Optional[str] = typer.Option(None, help="For --provider command: a shell template with {input}, "
                                                     "{instruction_file}, {instruction}, {output}, {id}, {track}."),
    concurrency: int = typer.Option(4, min=1, help="Simultaneous requests."),
    tracks: Optional[str] = typer.Option(None, help="Only these tracks (comma-separated)."),
    limit: Optional[int] = typer.Option(None, min=1, help="Only the first N instances."),
    resume: bool = typer.Option(False, help="Continue in --out, skipping ids that already have an answer."),
    retries: int = typer.Option(4, min=0, help="Retries of rate limits, server errors and timeouts."),
    timeout: float = typer.Option(600.0, min=0.1, help="Seconds per request (or per command run)."),
    size: Optional[str] = typer.Option(None, help="Image size passed to the endpoint, e.g. 1024x1024."),
    quality: Optional[str] = typer.Option(None, help="Image quality passed to the endpoint."),
    param: Optional[list[str]] = typer.Option(None, "--param", help="Extra request parameter KEY=VALUE "
                                                                    "(repeatable)."),
) -> None:
    """Get a model's answer images for a set from an image-model API or a local command."""
    from genpuzzle.answer import RetryPolicy, parse_params, run_answers
    from genpuzzle.providers import make_provider

    chosen = make_provider(provider, model=model, base_url=base_url, api_key_env=api_key_env, command=command,
                           timeout=timeout, size=size, quality=quality, extra=parse_params(param or []))
    with _progress() as bar:
        task = bar.add_task("answering", total=None)

        def update(done: int, failed: int, total: int) -> None:
            bar.update(task, completed=done + failed, total=total,
                       description=f"answering (ok {done}, failed {failed})")

        counts = run_answers(set_dir, out, chosen, concurrency=concurrency, tracks=_split(tracks) or None,
                             limit=limit, resume=resume, policy=RetryPolicy(retries=retries), progress=update)
    console.print(f"{counts['answered']} answered, {counts['failed']} failed, {counts['skipped']} already there "
                  f"(of {counts['total']}); log: {counts['log']}")
    if counts["failed"]:
        console.print(f"failed instances are listed with their error in {counts['log']}; rerun with --resume "
                      "to retry them")
        raise typer.Exit(1)


@app.command("report")
def report_command(
    results: list[Path] = typer.Argument(..., help="Results folders (one per model) made by `genpuzzle evaluate`."),
    out: Path = typer.Option(..., help="The report file (report.html, report.md or report.json)."),
    fmt: str = typer.Option("html", "--format", help="html (self-contained page), md (Markdown) or json."),
    name: Optional[list[str]] = typer.Option(None, "--name", help="Model name for each results folder, in order "
                                                                  "(default: the folder names)."),
    set_dir: Optional[Path] = typer.Option(None, "--set", help="The set folder, if it moved since evaluation."),
    gallery: int = typer.Option(12, min=0, help="Failures shown per model and track (0: no gallery)."),
) -> None:
    """Write a report: leaderboard, per-track charts, status counts, violations, failure gallery."""
    from genpuzzle.report import write_report

    written = write_report(results, out, names=name or None, fmt=fmt, set_dir=set_dir, gallery=gallery,
                           warn=lambda message: _note(f"genpuzzle: warning: {message}"))
    console.print("wrote " + ", ".join(str(p) for p in written))


@app.command("review")
def review_command(
    results: Path = typer.Argument(..., help="A results folder made by `genpuzzle evaluate`."),
    out: Optional[Path] = typer.Option(None, help="The HTML page [RESULTS/review.html]."),
    set_dir: Optional[Path] = typer.Option(None, "--set", help="The set folder, if it moved since evaluation."),
    include_all: bool = typer.Option(False, "--all", help="Every answer, not only those flagged needs_review."),
) -> None:
    """Write a self-contained HTML page for human review; its export imports with `evaluate --human`."""
    from genpuzzle.review import write_review

    page, n = write_review(results, out, set_dir=set_dir, include_all=include_all)
    console.print(f"wrote {page} ({n} case(s))")


@app.command("agreement")
def agreement_command(
    human: str = typer.Option(..., help="Human scores: review export JSONL or results folder (after --human)."),
    judge: list[str] = typer.Option(..., help="[NAME=]PATH[,PATH...]: a judge's scores (JSONL or results "
                                              "folders, one per generation model); repeat per judge."),
    resamples: int = typer.Option(20_000, min=100, help="Track-clustered bootstrap resamples."),
    out: Optional[Path] = typer.Option(None, help="Also write the statistics as JSON here."),
) -> None:
    """Judge-human agreement over (model x track) points: MAE, RMSE, bias, correlations, tests."""
    from genpuzzle.agreement import agreement, load_scores

    _, human_scores = load_scores(human, role="human")
    judges = dict(load_scores(spec) for spec in judge)
    if len(judges) != len(judge):
        raise GenpuzzleError("two --judge values have the same name; name them NAME=PATH")
    stats = agreement(human_scores, judges, resamples=resamples)
    table = Table("judge", "MAE", "95% CI", "RMSE", "bias", "Pearson", "Spearman", "Macro-MAE")
    fmt = lambda x: "-" if x is None else f"{x:.3f}"  # noqa: E731
    for name in stats["ranking_by_mae"]:
        j = stats["judges"][name]
        table.add_row(name, f"{j['mae']:.2f}", f"{j['mae_ci95'][0]:.2f}-{j['mae_ci95'][1]:.2f}", f"{j['rmse']:.2f}",
                      f"{j['bias']:+.2f}", fmt(j["pearson"]["r"]), fmt(j["spearman"]["r"]), f"{j['macro_mae']:.2f}")
    console.print(f"{stats['n_points']} (model x track) points from {stats['n_answers']} answers, "
                  f"{stats['n_tracks']} track(s)")
    console.print(table)
    friedman = stats["comparison"]["friedman"]
    if friedman:
        console.print(f"Friedman chi2 = {friedman['statistic']:.3f}, p = {friedman['p']:.4g}")
    for row in stats["comparison"]["wilcoxon_holm"]:
        console.print(f"Wilcoxon {row['a']} vs {row['b']}: W = {row['statistic']:.1f}, p = {row['p']:.4g}, "
                      f"Holm p = {row['p_holm']:.4g}")
    if out:
        out.write_text(json.dumps(stats, indent=2) + "\n", encoding="utf-8")


@app.command("demo")
def demo_command(
    out: Optional[Path] = typer.Option(None, help="New (or empty) folder for the demo run (default: runs/demo, "
                                                  "or runs/demo-2, ... when that one is taken)."),
    tracks: str = typer.Option("all", help="Comma-separated track names, or 'all'."),
    count: int = typer.Option(2, min=1, help="Instances per track."),
    seed: int = typer.Option(0, help="Master seed."),
    workers: int = typer.Option(2, min=1, help="Worker processes."),
    force: bool = typer.Option(False, "--force", help="Replace a previous demo run in --out."),
) -> None:
    """The whole pipeline on a small default set: generate every track, answer it with two mock models
    (distorted references, unchanged inputs), evaluate both and write report.html."""
    from genpuzzle.demo import DEFAULT_OUT, fresh_folder, run_demo
    from genpuzzle.registry import track_names

    names = track_names() if tracks == "all" else _split(tracks)
    if out is None:
        out = DEFAULT_OUT if force else fresh_folder(DEFAULT_OUT)
    summaries = run_demo(out, names, count, seed, workers, log=_note, force=force)
    for model, summary in summaries.items():
        console.print(f"[bold]{model}[/bold]")
        _print_summary(summary)


HELP_PLACEHOLDERS = {"path": "PATH", "int": "N", "int range": "N", "float": "X", "float range": "X", "str": "TEXT"}


def _plain_help(command: Any) -> Any:
    """Help without the raw type placeholders of recent Typer (``<list[Path]>``, ``--help <bool>``): flags
    show no value, options an upper-case placeholder (``--out PATH``), arguments only their name."""
    for cmd in [command, *getattr(command, "commands", {}).values()]:
        for param in cmd.params:
            typed = getattr(param, "display_type", None)
            if typed is None:  # an older Typer: click's own help, which has no such placeholders
                continue
            flag = param.param_type_name == "argument" or getattr(param, "is_flag", False)

            def label(ctx: Any = None, typed: Any = typed, param: Any = param, flag: bool = flag) -> str | None:
                if flag:
                    return None
                if param.metavar:
                    return param.metavar
                raw = str(typed(ctx)).strip("<>")
                if raw.startswith("list[") and raw.endswith("]"):
                    raw = raw[5:-1]
                return HELP_PLACEHOLDERS.get(raw.lower(), raw.upper())

            param.display_type_rich = label
        make_help = getattr(cmd, "get_help_option", None)
        if make_help is not None:
            cmd.get_help_option = lambda ctx, make_help=make_help: _without_type(make_help(ctx))
    return command


def _without_type(option: Any) -> Any:
    if option is not None and hasattr(option, "display_type_rich"):
        option.display_type_rich = lambda ctx=None: None
    return option


def main() -> None:
    """Console entry point: run the app, turning genpuzzle errors into one-line messages."""
    try:
        _plain_help(typer.main.get_command(app))(prog_name="genpuzzle")
    except GenpuzzleError as err:
        err_console.print(f"genpuzzle: error: {err}", markup=False, highlight=False)
        sys.exit(EXIT_USER_ERROR)
    except KeyboardInterrupt:
        err_console.print("genpuzzle: interrupted (results written so far are kept; use --resume)")
        sys.exit(130)
    except Exception as err:  # never a traceback for users; GENPUZZLE_DEBUG=1 shows it
        if os.environ.get("GENPUZZLE_DEBUG"):
            raise
        err_console.print(f"genpuzzle: internal error: {type(err).__name__}: {err} "
                          "(set GENPUZZLE_DEBUG=1 for the traceback)", markup=False, highlight=False)
        sys.exit(EXIT_INTERNAL_ERROR)


if __name__ == "__main__":
    main()
