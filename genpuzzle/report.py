"""The evaluation report: leaderboard, charts, status counts, violation breakdown, failure gallery.

:func:`write_report` reads one results folder per model (``results.jsonl`` + ``run.json``, as written by
:func:`genpuzzle.evaluate.evaluate`), recomputes every number from ``results.jsonl`` (a stale
``summary.json`` is ignored) and writes one of:

* ``html`` -- a single file that opens from disk: thumbnails are embedded as base64 JPEG, the charts are
  PNG files beside it (``<stem>.track-scores.png``, ``<stem>.model-profiles.png``,
  ``<stem>.status-counts.png``), and the gallery filter is a few lines of plain JavaScript (the URL
  parameters ``?filter=CODE&model=NAME`` preselect it);
* ``md`` -- a Markdown summary (tables, plus the same chart files) to paste into a paper or a pull request;
* ``json`` -- the same numbers as :func:`report_numbers`.
"""

from __future__ import annotations

import base64
import html
import io
import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

import genpuzzle
from genpuzzle.dataset import read_json_object
from genpuzzle.errors import DatasetError, GenpuzzleError
from genpuzzle.evaluate import RESULTS, RUN_JSON, read_results
from genpuzzle.records import InstanceRecord, Status, Verdict
from genpuzzle.summary import summarize

FORMATS = ("html", "md", "json")
STATUSES = tuple(s.value for s in Status)
STATUS_COLOURS = {"correct": "#16a34a", "needs_review": "#ca8a04", "incorrect": "#ea580c", "unreadable": "#7c3aed", "missing": "#9ca3af",
                  "error": "#dc2626"}
CHARTS = {"track_scores": "track-scores", "model_profiles": "model-profiles", "status_counts": "status-counts"}
THUMB_PX = 300
OVERLAY_PX = 280
GALLERY_PER_TRACK = 12
MAX_LISTED_VIOLATIONS = 8


@dataclass
class ModelRun:
    """One model's results folder: its verdicts, its recomputed summary and where its set lives."""

    name: str
    results_dir: Path
    run_info: dict[str, Any]
    verdicts: list[Verdict]
    summary: dict[str, Any]

    @property
    def set_dir(self) -> Path | None:
        value = self.run_info.get("set")
        return Path(value) if value else None


def load_run(results_dir: str | Path, name: str | None = None, *, resamples: int = 10_000) -> ModelRun:
    """Read a results folder; the summary is recomputed from ``results.jsonl`` with :func:`summarize`.

    Raises :class:`DatasetError` naming the path when the folder, ``results.jsonl`` or ``run.json`` is
    missing or malformed.
    """
    root = Path(results_dir)
    if not root.is_dir():
        raise DatasetError(f"{root}: results folder does not exist")
    results = root / RESULTS
    if not results.is_file():
        raise DatasetError(f"{results}: missing; is {root} a results folder (made by `genpuzzle evaluate`)?")
    run_info = read_json_object(root / RUN_JSON)
    by_id: dict[str, Verdict] = {}
    for verdict in read_results(results):
        by_id[verdict.id] = verdict  # a re-verified id counts once, last verdict wins
    verdicts = list(by_id.values())
    if not verdicts:
        raise DatasetError(f"{results}: no verdicts; nothing to report")
    return ModelRun(name or root.resolve().name, root, run_info, verdicts, summarize(verdicts, resamples=resamples))


def report_numbers(runs: list[ModelRun]) -> dict[str, Any]:
    """Every number the report shows, as JSON-ready data; models ranked by Macro Overall (best first).

    Per track, ``violation_instances`` counts the answers having each code at least once (what the
    breakdown shows), ``violation_counts`` every occurrence.
    """
    tracks = sorted({t for run in runs for t in run.summary["tracks"]})
    models = []
    for run in runs:
        s = run.summary
        per_track = {}
        for track, t in s["tracks"].items():
            affected = Counter(c for v in run.verdicts if v.track == track for c in set(v.codes))
            per_track[track] = {**t, "violation_instances": dict(sorted(affected.items()))}
        models.append({
            "name": run.name, "results_dir": str(run.results_dir),
            "set_fingerprint": run.run_info.get("set_fingerprint"), "n": s["n"],
            "macro_overall": s["macro_overall"], "macro_ci95": s["macro_ci95"], "micro_mean": s["micro_mean"],
            "micro_ci95": s["micro_ci95"], "status_counts": s["status_counts"],
            "needs_review": sum(t["needs_review"] for t in s["tracks"].values()), "tracks": per_track,
        })
    models.sort(key=lambda m: (m["macro_overall"] is None, -(m["macro_overall"] or 0.0), m["name"]))
    for rank, model in enumerate(models, 1):
        model["rank"] = rank
    warnings = []
    fingerprints = {m["set_fingerprint"] for m in models}
    if len(fingerprints) > 1:
        warnings.append("the models were evaluated on different sets (set fingerprints differ): "
                        "their scores are not directly comparable")
    for model in models:
        absent = [t for t in tracks if t not in model["tracks"]]
        if absent:
            warnings.append(f"{model['name']} has no results for {', '.join(absent)}; its Macro Overall "
                            f"averages the other tracks only")
    not_generated = sorted({t for run in runs for t in (run.run_info.get("absent_tracks") or {})})
    if not_generated:
        warnings.append(f"the set's preset also names {', '.join(not_generated)}, which this genpuzzle cannot "
                        "generate yet: Macro Overall is over the tracks present")
    return {"genpuzzle_version": genpuzzle.__version__, "tracks": tracks, "models": models,
            "bootstrap": runs[0].summary["bootstrap"] if runs else None, "warnings": warnings}


def write_report(results_dirs: list[str | Path], out: str | Path, *, names: list[str] | None = None,
                 fmt: str = "html", set_dir: str | Path | None = None, gallery: int = GALLERY_PER_TRACK,
                 resamples: int = 10_000, warn: Callable[[str], None] | None = None) -> list[Path]:
    """Write the report of ``results_dirs`` (one per model) to ``out``; returns every file written.

    ``warn`` also receives each warning the report shows (models evaluated on different sets, tracks
    without results), for the console.

    ``names`` override the folder names as model names (same order); ``set_dir`` overrides the set
    folder recorded in each ``run.json`` (for a set that moved); ``gallery`` is the number of failures
    shown per model and track (0: no gallery, and no set needed).
    """
    if fmt not in FORMATS:
        raise GenpuzzleError(f"unknown report format {fmt!r}; choose one of {', '.join(FORMATS)}")
    if not results_dirs:
        raise GenpuzzleError("no results folders given")
    if names and len(names) != len(results_dirs):
        raise GenpuzzleError(f"{len(names)} --name value(s) for {len(results_dirs)} results folder(s); "
                             "give one name per folder, in the same order")
    runs = [load_run(d, names[i] if names else None, resamples=resamples) for i, d in enumerate(results_dirs)]
    seen = Counter(run.name for run in runs)
    doubled = [n for n, k in seen.items() if k > 1]
    if doubled:
        raise GenpuzzleError(f"two results folders are both named {doubled[0]!r}; tell them apart with --name")
    if set_dir is not None:
        for run in runs:
            run.run_info = {**run.run_info, "set": str(Path(set_dir).resolve())}
    numbers = report_numbers(runs)
    for warning in numbers["warnings"] if warn else ():
        warn(warning)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    if fmt == "json":
        out.write_text(json.dumps(numbers, indent=2) + "\n", encoding="utf-8")
        return [out]
    charts = plot_charts(numbers, out)
    if fmt == "md":
        out.write_text(render_markdown(numbers, {k: p.name for k, p in charts.items()}), encoding="utf-8")
        return [out, *charts.values()]
    items = gallery_items(runs, numbers["tracks"], gallery) if gallery > 0 else []
    out.write_text(render_html(numbers, {k: p.name for k, p in charts.items()}, items), encoding="utf-8")
    return [out, *charts.values()]


# ------------------------------------------------------------------------------------------------ charts


def plot_charts(numbers: dict[str, Any], out: Path) -> dict[str, Path]:
    """Draw the three charts as PNG files beside ``out``; returns chart key -> path."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    models, tracks = numbers["models"], numbers["tracks"]
    colours = _model_colours(len(models))
    paths = {key: out.with_name(f"{out.stem}.{suffix}.png") for key, suffix in CHARTS.items()}

    # Per-track scores: one group per track plus Macro Overall, one bar per model, 95% intervals.
    groups = [*tracks, "Macro Overall"]
    fig = Figure(figsize=(min(14.0, 2.4 + 1.1 * len(groups) * max(1, len(models)) ** 0.6), 4.2))
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    width = 0.8 / max(1, len(models))
    for k, model in enumerate(models):
        means, lows, highs = [], [], []
        for group in groups:
            if group == "Macro Overall":
                mean, ci = model["macro_overall"], model["macro_ci95"]
            else:
                t = model["tracks"].get(group)
                mean, ci = (t["mean"], t["ci95"]) if t else (np.nan, None)
            means.append(mean if mean is not None else np.nan)
            lows.append(mean - ci[0] if ci and mean is not None else 0.0)
            highs.append(ci[1] - mean if ci and mean is not None else 0.0)
        x = np.arange(len(groups)) - 0.4 + width * (k + 0.5)
        ax.bar(x, means, width * 0.92, yerr=[lows, highs], capsize=3, color=colours[k], label=model["name"],
               error_kw={"elinewidth": 1, "ecolor": "#333333"})
    ax.set_xticks(np.arange(len(groups)), groups)
    ax.set_ylim(0, 105)
    ax.set_ylabel("mean score (0-100)")
    ax.set_title("Score per track (bars: 95% bootstrap interval)")
    ax.axvline(len(groups) - 1.5, color="#bbbbbb", linewidth=1, linestyle=":")
    ax.grid(axis="y", alpha=0.3)
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False, fontsize=9)
    _save(fig, paths["track_scores"])

    # Per-model profile: one panel per model, its score on every track, Macro Overall dashed.
    cols = min(3, max(1, len(models)))
    rows = -(-len(models) // cols)
    fig = Figure(figsize=(4.4 * cols, 0.9 + rows * (0.9 + 0.38 * len(tracks))))
    FigureCanvasAgg(fig)
    for k, model in enumerate(models):
        ax = fig.add_subplot(rows, cols, k + 1)
        y = np.arange(len(tracks))
        means = [model["tracks"][t]["mean"] if t in model["tracks"] else np.nan for t in tracks]
        errs = [[m - model["tracks"][t]["ci95"][0] if t in model["tracks"] and model["tracks"][t]["ci95"] else 0
                 for m, t in zip(means, tracks)],
                [model["tracks"][t]["ci95"][1] - m if t in model["tracks"] and model["tracks"][t]["ci95"] else 0
                 for m, t in zip(means, tracks)]]
        ax.barh(y, means, xerr=errs, color=colours[k], height=0.6, capsize=2,
                error_kw={"elinewidth": 1, "ecolor": "#333333"})
        if model["macro_overall"] is not None:
            ax.axvline(model["macro_overall"], color="#111111", linestyle="--", linewidth=1)
        ax.set_yticks(y, tracks)
        ax.invert_yaxis()
        ax.set_xlim(0, 100)
        ax.set_title(f"{model['name']}: Macro Overall {_fmt(model['macro_overall'])}", fontsize=10)
        ax.grid(axis="x", alpha=0.3)
    fig.suptitle("Model profiles (score per track; dashed: Macro Overall)", fontsize=11)
    fig.tight_layout()
    _save(fig, paths["model_profiles"])

    # Status shares per model.
    fig = Figure(figsize=(8.0, 1.2 + 0.45 * len(models)))
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    left = np.zeros(len(models))
    for status in STATUSES:
        share = np.array([100.0 * m["status_counts"][status] / max(1, m["n"]) for m in models])
        ax.barh(np.arange(len(models)), share, left=left, color=STATUS_COLOURS[status], label=status, height=0.6)
        left += share
    ax.set_yticks(np.arange(len(models)), [m["name"] for m in models])
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("% of instances")
    ax.set_title("Verdict status per model")
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False, fontsize=9)
    _save(fig, paths["status_counts"])
    return paths


def _model_colours(count: int) -> list[str]:
    from matplotlib import colormaps

    cmap = colormaps["tab10"]
    return [_hex(cmap(k % 10)) for k in range(count)]


def _hex(rgba: tuple[float, ...]) -> str:
    return "#" + "".join(f"{round(255 * c):02x}" for c in rgba[:3])


def _save(fig: Any, path: Path) -> None:
    fig.tight_layout()
    fig.savefig(path, dpi=100, metadata={"Software": None})  # no version stamp: same numbers, same bytes


# ----------------------------------------------------------------------------------------------- gallery


@dataclass
class GalleryItem:
    """One failed answer as the gallery shows it: thumbnails are ``data:`` URIs (None: nothing to show)."""

    model: str
    track: str
    verdict: Verdict
    input_uri: str
    answer_uri: str | None
    reference_uri: str | None
    overlay_uri: str | None
    note: str | None  # why a pane is empty (missing answer, registration failed)


def gallery_items(runs: list[ModelRun], tracks: list[str], per_track: int = GALLERY_PER_TRACK) -> list[GalleryItem]:
    """The ``per_track`` lowest-scoring non-correct answers of every model on every track, with thumbnails.

    Raises :class:`DatasetError` naming the path when the set folder or an answer image is missing.
    """
    from genpuzzle.dataset import load_set
    from genpuzzle.overlay import overlay_image, registered_answer
    from genpuzzle.registration import load_image

    items = []
    for run in runs:
        failures = {t: sorted((v for v in run.verdicts if v.track == t and v.status != Status.CORRECT),
                              key=lambda v: (v.score, v.id))[:per_track] for t in tracks}
        if not any(failures.values()):
            continue
        set_dir = run.set_dir
        if set_dir is None:
            raise DatasetError(f"{run.results_dir / RUN_JSON}: missing or names no set folder; pass --set "
                               f"(or --gallery 0 for a report without the failure gallery)")
        if not set_dir.is_dir():
            raise DatasetError(f"{set_dir}: set folder of {run.results_dir} (from its {RUN_JSON}) does not exist; "
                               f"pass --set to point at the moved set, or --gallery 0")
        puzzle_set = load_set(set_dir)
        for track in tracks:
            for verdict in failures[track]:
                record = puzzle_set.by_id.get(verdict.id)
                if record is None:
                    raise DatasetError(f"{run.results_dir / RESULTS}: id {verdict.id!r} is not in the set "
                                       f"{set_dir}; were these results computed on another set?")
                items.append(_gallery_item(run, record, verdict, puzzle_set.root, load_image, registered_answer,
                                           overlay_image))
    order = {run.name: k for k, run in enumerate(runs)}
    items.sort(key=lambda it: (it.track, it.verdict.id, order[it.model]))
    return items


def _gallery_item(run: ModelRun, record: InstanceRecord, verdict: Verdict, root: Path, load_image: Any,
                  registered_answer: Any, overlay_image: Any) -> GalleryItem:
    input_image = load_image(root / record.input_image)
    reference = load_image(root / record.reference_images[0]) if record.reference_images else None
    answer_uri = overlay_uri = note = None
    answer_path = _answer_file(run, verdict)
    if answer_path is None:
        note = verdict.reason or "no answer image"
    else:
        answer_uri = thumbnail_uri(load_image(answer_path))
        registered = registered_answer(root, record, answer_path)
        if registered is None:
            note = verdict.reason or "the answer could not be registered to the input"
        else:
            overlay_uri = thumbnail_uri(overlay_image(record, verdict, registered, OVERLAY_PX), OVERLAY_PX)
    return GalleryItem(run.name, record.track, verdict, thumbnail_uri(input_image), answer_uri,
                       thumbnail_uri(reference) if reference is not None else None, overlay_uri, note)


def _answer_file(run: ModelRun, verdict: Verdict) -> Path | None:
    """The answer image a verdict was computed from; raises when it is recorded but gone."""
    if verdict.status == Status.MISSING or not verdict.answer_path:
        return None
    recorded = Path(verdict.answer_path)
    candidates = [recorded] if recorded.is_absolute() else [run.results_dir / recorded, Path.cwd() / recorded]
    if run.run_info.get("answers"):
        candidates.append(Path(run.run_info["answers"]) / recorded.name)
    for path in candidates:
        if path.is_file():
            return path
    raise DatasetError(f"{recorded}: answer image of {verdict.id} (listed in {run.results_dir / RESULTS}) "
                       f"is missing; restore the answers folder, or pass --gallery 0")


def thumbnail_uri(image: np.ndarray, max_side: int = THUMB_PX) -> str:
    """A JPEG ``data:`` URI of ``image`` (RGB uint8) shrunk to at most ``max_side`` pixels a side."""
    pil = Image.fromarray(np.ascontiguousarray(image, dtype=np.uint8)).convert("RGB")
    pil.thumbnail((max_side, max_side), Image.LANCZOS)
    buffer = io.BytesIO()
    pil.save(buffer, format="JPEG", quality=82, optimize=True)
    return "data:image/jpeg;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


# ------------------------------------------------------------------------------------------------- text


def _fmt(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _ci(ci: list[float] | None) -> str:
    return "-" if not ci else f"{ci[0]:.1f}-{ci[1]:.1f}"


def render_markdown(numbers: dict[str, Any], charts: dict[str, str] | None = None) -> str:
    """The report as Markdown: leaderboard, status counts, violations per track, chart links."""
    tracks, models = numbers["tracks"], numbers["models"]
    lines = ["# genpuzzle evaluation report", ""]
    lines += [f"> {w}" for w in numbers["warnings"]] + ([""] if numbers["warnings"] else [])
    lines += ["## Leaderboard", "",
              "| # | model | n | Macro Overall (95% CI) | micro mean (95% CI) | " + " | ".join(tracks) + " |",
              "|---:|---|---:|---|---|" + "---|" * len(tracks)]
    for m in models:
        cells = [f"{_fmt(m['tracks'][t]['mean'])} ({_ci(m['tracks'][t]['ci95'])})" if t in m["tracks"] else "-"
                 for t in tracks]
        lines.append(f"| {m['rank']} | {_md(m['name'])} | {m['n']} | **{_fmt(m['macro_overall'])}** "
                     f"({_ci(m['macro_ci95'])}) | {_fmt(m['micro_mean'])} ({_ci(m['micro_ci95'])}) | "
                     + " | ".join(cells) + " |")
    lines += ["", "## Status counts", "", "| model | " + " | ".join(STATUSES) + " | needs review |",
              "|---|" + "---:|" * (len(STATUSES) + 1)]
    for m in models:
        lines.append(f"| {_md(m['name'])} | " + " | ".join(str(m["status_counts"][s]) for s in STATUSES)
                     + f" | {m['needs_review']} |")
    lines += ["", "## Violations by track", "",
              "Answers with each violation (share of the track's answers); a rule can fail many times in one "
              "answer.", ""]
    for track in tracks:
        codes = _track_codes(models, track)
        lines += [f"### {track}", ""]
        if not codes:
            lines += ["No violations.", ""]
            continue
        lines += ["| violation | " + " | ".join(_md(m["name"]) for m in models) + " |", "|---|" + "---:|" * len(models)]
        for code in codes:
            lines.append(f"| `{code}` | " + " | ".join(_affected(m, track, code) for m in models) + " |")
        lines.append("")
    if charts:
        lines += ["## Charts", "", f"![Score per track]({charts['track_scores']})", "",
                  f"![Model profiles]({charts['model_profiles']})", "",
                  f"![Verdict status]({charts['status_counts']})", ""]
    boot = numbers.get("bootstrap") or {}
    lines.append(f"Intervals: 95% percentile bootstrap ({boot.get('resamples', '?')} resamples, "
                 f"{boot.get('scheme', '')}). genpuzzle {numbers['genpuzzle_version']}.")
    return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def _track_codes(models: list[dict[str, Any]], track: str) -> list[str]:
    """Violation codes seen on ``track``, most affected answers first (summed over models)."""
    total: Counter[str] = Counter()
    for m in models:
        total.update(m["tracks"].get(track, {}).get("violation_instances", {}))
    return sorted(total, key=lambda c: (-total[c], c))


def _affected(model: dict[str, Any], track: str, code: str) -> str:
    t = model["tracks"].get(track)
    if not t:
        return "-"
    k = t["violation_instances"].get(code, 0)
    return f"{k} ({100.0 * k / t['n']:.0f}%)"


def render_html(numbers: dict[str, Any], charts: dict[str, str], items: list[GalleryItem]) -> str:
    """The report as one HTML page; ``charts`` maps chart key -> file name relative to the page."""
    e = html.escape
    tracks, models = numbers["tracks"], numbers["models"]
    best_macro = max((m["macro_overall"] for m in models if m["macro_overall"] is not None), default=None)
    best_track = {t: max((m["tracks"][t]["mean"] for m in models if t in m["tracks"]), default=None) for t in tracks}
    parts = [f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
             f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
             f"<title>genpuzzle report: {e(', '.join(m['name'] for m in models))}</title>"
             f"<style>{CSS}</style></head><body>",
             "<header><h1>genpuzzle evaluation report</h1>"
             f"<p class=\"sub\">{len(models)} model(s) &middot; {len(tracks)} track(s): {e(', '.join(tracks))}"
             f" &middot; genpuzzle {e(numbers['genpuzzle_version'])}</p>",
             "<nav><a href=\"#leaderboard\">Leaderboard</a><a href=\"#charts\">Charts</a>"
             "<a href=\"#status\">Status</a><a href=\"#violations\">Violations</a>"
             "<a href=\"#gallery\">Failure gallery</a></nav></header><main>"]
    for warning in numbers["warnings"]:
        parts.append(f"<p class=\"warning\">{e(warning)}</p>")

    parts.append("<section id=\"leaderboard\"><h2>Leaderboard</h2><table class=\"board\"><thead><tr>"
                 "<th>#</th><th class=\"l\">model</th><th>n</th><th>Macro Overall</th><th>micro mean</th>"
                 + "".join(f"<th>{e(t)}</th>" for t in tracks) + "</tr></thead><tbody>")
    for m in models:
        strong = m["macro_overall"] is not None and m["macro_overall"] == best_macro
        row = [f"<tr class=\"model-row\" data-model=\"{e(m['name'])}\"><td>{m['rank']}</td>"
               f"<td class=\"l name\">{e(m['name'])}</td><td>{m['n']}</td>",
               _score_cell(m["macro_overall"], m["macro_ci95"], strong, "macro"),
               _score_cell(m["micro_mean"], m["micro_ci95"], False, "")]
        for t in tracks:
            tm = m["tracks"].get(t)
            row.append(_score_cell(tm["mean"], tm["ci95"], tm["mean"] == best_track[t], "") if tm else "<td>-</td>")
        parts.append("".join(row) + "</tr>")
    boot = numbers.get("bootstrap") or {}
    parts.append("</tbody></table><p class=\"note\">Scores are 0-100. Macro Overall is the mean of per-track "
                 "means (each track weighted equally); the micro mean weights every instance equally. Small "
                 f"figures are 95% percentile-bootstrap intervals ({e(str(boot.get('resamples', '?')))} resamples, "
                 f"{e(str(boot.get('scheme', '')))}). Best in bold.</p></section>")

    parts.append("<section id=\"charts\"><h2>Charts</h2><div class=\"charts\">")
    for key, caption in (("track_scores", "Score per track with 95% intervals"),
                         ("model_profiles", "Per-model profile across tracks"),
                         ("status_counts", "Verdict status per model")):
        parts.append(f"<figure><img class=\"chart\" id=\"chart-{key.replace('_', '-')}\" src=\"{e(charts[key])}\" "
                     f"alt=\"{e(caption)}\"><figcaption>{e(caption)}</figcaption></figure>")
    parts.append("</div></section>")

    parts.append("<section id=\"status\"><h2>Status counts</h2><table class=\"status\"><thead><tr>"
                 "<th class=\"l\">model</th><th class=\"l\">track</th><th>n</th>"
                 + "".join(f"<th><span class=\"dot\" style=\"background:{STATUS_COLOURS[s]}\"></span>{s}</th>"
                           for s in STATUSES) + "<th>needs review</th></tr></thead><tbody>")
    for m in models:
        for t in tracks:
            tm = m["tracks"].get(t)
            if not tm:
                continue
            parts.append(f"<tr><td class=\"l\">{e(m['name'])}</td><td class=\"l\">{e(t)}</td><td>{tm['n']}</td>"
                         + "".join(f"<td>{tm['status_counts'][s]}</td>" for s in STATUSES)
                         + f"<td>{tm['needs_review']}</td></tr>")
        parts.append(f"<tr class=\"total\"><td class=\"l\">{e(m['name'])}</td><td class=\"l\">all</td><td>{m['n']}</td>"
                     + "".join(f"<td>{m['status_counts'][s]}</td>" for s in STATUSES)
                     + f"<td>{m['needs_review']}</td></tr>")
    parts.append("</tbody></table></section>")

    parts.append("<section id=\"violations\"><h2>Violations by track</h2><p class=\"note\">Share of each model's "
                 "answers on the track that break the rule at least once (count in brackets), most common first."
                 " Click a code to show those failures in the gallery.</p>")
    for track in tracks:
        codes = _track_codes(models, track)
        parts.append(f"<h3>{e(track)}</h3>")
        if not codes:
            parts.append("<p class=\"note\">No violations.</p>")
            continue
        parts.append("<table class=\"viol\"><thead><tr><th class=\"l\">violation</th>"
                     + "".join(f"<th class=\"l\">{e(m['name'])}</th>" for m in models) + "</tr></thead><tbody>")
        for code in codes:
            cells = []
            for m in models:
                tm = m["tracks"].get(track)
                k = tm["violation_instances"].get(code, 0) if tm else 0
                share = 100.0 * k / tm["n"] if tm else 0.0
                cells.append(f"<td class=\"l\"><div class=\"bar\"><span style=\"width:{share:.1f}%\"></span></div>"
                             f"{share:.0f}% ({k})</td>")
            parts.append(f"<tr><td class=\"l\"><a class=\"code\" href=\"?filter={e(code)}#gallery\" "
                         f"data-filter=\"{e(code)}\" style=\"background:{_code_colour(code)}\">{e(code)}</a></td>"
                         + "".join(cells) + "</tr>")
        parts.append("</tbody></table>")
    parts.append("</section>")

    parts.append(_gallery_html(items, tracks, models))
    parts.append(f"</main><script>{JS}</script></body></html>\n")
    return "\n".join(parts)


def _score_cell(mean: float | None, ci: list[float] | None, strong: bool, cls: str) -> str:
    text = _fmt(mean)
    if strong:
        text = f"<b>{text}</b>"
    return f"<td class=\"score {cls}\">{text}<small>{_ci(ci)}</small></td>"


def _code_colour(code: str) -> str:
    from genpuzzle.overlay import code_colour

    return "#" + "".join(f"{c:02x}" for c in code_colour(code))


def _gallery_html(items: list[GalleryItem], tracks: list[str], models: list[dict[str, Any]]) -> str:
    e = html.escape
    tokens: Counter[str] = Counter()
    for it in items:
        tokens.update(set(it.verdict.codes) | {f"status:{it.verdict.status.value}"})
    codes = sorted((t for t in tokens if not t.startswith("status:")), key=lambda c: (-tokens[c], c))
    statuses = [f"status:{s}" for s in STATUSES if f"status:{s}" in tokens]
    out = ["<section id=\"gallery\"><h2>Failure gallery</h2>"]
    if not items:
        out.append("<p class=\"note\">No failures to show.</p></section>")
        return "\n".join(out)
    out.append("<p class=\"note\">The lowest-scoring answers that were not correct, per model and track: the input, "
               "the model's answer, the reference solution, the answer registered to the input with what the "
               "verifier flagged drawn on it, and the violations.</p>")
    out.append("<div class=\"filters\"><label>violation <select id=\"code-filter\"><option value=\"\">all</option>"
               + "".join(f"<option value=\"{e(c)}\">{e(c)} ({tokens[c]})</option>" for c in codes)
               + "".join(f"<option value=\"{e(s)}\">{e(s)} ({tokens[s]})</option>" for s in statuses)
               + "</select></label><label>model <select id=\"model-filter\"><option value=\"\">all</option>"
               + "".join(f"<option value=\"{e(m['name'])}\">{e(m['name'])}</option>" for m in models)
               + "</select></label><span id=\"shown\"></span></div>")
    for track in tracks:
        mine = [it for it in items if it.track == track]
        if not mine:
            continue
        out.append(f"<div class=\"track-gallery\" data-track=\"{e(track)}\"><h3>{e(track)}</h3>"
                   "<p class=\"note empty\" hidden>No failure on this track matches the filter.</p>")
        for it in mine:
            v = it.verdict
            tokens_attr = " ".join(sorted(set(v.codes) | {f"status:{v.status.value}"}))
            out.append(f"<article class=\"item\" data-codes=\"{e(tokens_attr)}\" data-model=\"{e(it.model)}\" "
                       f"data-track=\"{e(track)}\"><div class=\"head\"><span class=\"model\">{e(it.model)}</span>"
                       f"<code>{e(v.id)}</code>"
                       f"<span class=\"st\" style=\"background:{STATUS_COLOURS[v.status.value]}\">"
                       f"{e(v.status.value)}</span><span class=\"sc\">score {v.score:.1f}</span>"
                       + ("<span class=\"review\">needs review</span>" if v.needs_review else "") + "</div>"
                       "<div class=\"panes\">" + _pane(it.input_uri, "input") + _pane(it.answer_uri, "answer", it.note)
                       + _pane(it.reference_uri, "reference") + _pane(it.overlay_uri, "overlay", it.note, "wide")
                       + "<div class=\"vlist\">" + _violation_list(v) + "</div></div></article>")
        out.append("</div>")
    out.append("</section>")
    return "\n".join(out)


def _pane(uri: str | None, label: str, note: str | None = None, cls: str = "") -> str:
    e = html.escape
    if uri is None:
        return (f"<figure class=\"pane {cls}\"><div class=\"blank\">{e(note or 'none')}</div>"
                f"<figcaption>{label}</figcaption></figure>")
    return (f"<figure class=\"pane {cls}\"><img src=\"{uri}\" alt=\"{label}\">"
            f"<figcaption>{label}</figcaption></figure>")


def _violation_list(v: Verdict) -> str:
    e = html.escape
    rows = []
    if v.reason:
        rows.append(f"<p class=\"reason\">{e(v.reason)}</p>")
    if v.violations:
        rows.append("<ul>")
        for violation in v.violations[:MAX_LISTED_VIOLATIONS]:
            rows.append(f"<li><span class=\"code\" style=\"background:{_code_colour(violation.code)}\">"
                        f"{e(violation.code)}</span> {e(violation.message)}</li>")
        if len(v.violations) > MAX_LISTED_VIOLATIONS:
            rows.append(f"<li class=\"more\">and {len(v.violations) - MAX_LISTED_VIOLATIONS} more</li>")
        rows.append("</ul>")
    if v.subscores:
        subs = " &middot; ".join(f"{e(k)} {x:.2f}" for k, x in v.subscores.items())
        rows.append(f"<p class=\"subs\">{subs}</p>")
    return "".join(rows)


CSS = """
:root{--ink:#1f2937;--muted:#6b7280;--line:#e5e7eb;--bg:#f8fafc;--accent:#2563eb}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:var(--ink);background:var(--bg)}
header{background:#0f172a;color:#fff;padding:18px 28px 0}
header h1{margin:0;font-size:22px}
header .sub{margin:4px 0 10px;color:#cbd5e1}
nav a{display:inline-block;color:#e2e8f0;text-decoration:none;padding:6px 12px 8px;margin-right:4px;border-bottom:3px solid transparent}
nav a:hover{border-color:#60a5fa}
main{padding:8px 28px 40px;max-width:1500px}
section{background:#fff;border:1px solid var(--line);border-radius:8px;padding:6px 20px 16px;margin:18px 0}
h2{font-size:18px;margin:12px 0}
h3{font-size:15px;margin:16px 0 8px}
table{border-collapse:collapse}
th,td{padding:6px 12px;border-bottom:1px solid var(--line);text-align:right;vertical-align:top}
th{font-weight:600;background:#f1f5f9}
.l{text-align:left}
td.score small{display:block;color:var(--muted);font-size:11px}
td.macro{background:#eff6ff}
tr.total td{font-weight:600;background:#f8fafc}
.note{color:var(--muted);font-size:12.5px}
.warning{background:#fef3c7;border:1px solid #f59e0b;padding:8px 12px;border-radius:6px}
.dot{display:inline-block;width:9px;height:9px;border-radius:50%;margin-right:5px}
.charts{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
.charts figure{margin:0}
.charts img{max-width:100%;border:1px solid var(--line);border-radius:4px}
figcaption{color:var(--muted);font-size:12px;text-align:center}
.bar{display:inline-block;width:110px;height:10px;background:#f1f5f9;margin-right:8px;border-radius:3px;overflow:hidden;vertical-align:middle}
.bar span{display:block;height:100%;background:#f97316}
.code{display:inline-block;color:#fff;border-radius:4px;padding:0 6px;font:12px/1.6 ui-monospace,Menlo,Consolas,monospace;text-decoration:none}
.filters{position:sticky;top:0;background:#fff;padding:8px 0;z-index:2;border-bottom:1px solid var(--line);display:flex;gap:18px;align-items:center}
.filters select{margin-left:6px;padding:3px}
#shown{color:var(--muted)}
.item{border:1px solid var(--line);border-radius:6px;margin:10px 0;padding:8px 10px}
.item[hidden]{display:none}
.item .head{display:flex;gap:12px;align-items:center;margin-bottom:6px}
.item .model{font-weight:700}
.item .st{color:#fff;border-radius:4px;padding:0 6px;font-size:12px}
.item .sc{color:var(--muted)}
.item .review{background:#fef3c7;border-radius:4px;padding:0 6px;font-size:12px}
.panes{display:flex;gap:10px;align-items:flex-start}
.pane{margin:0;width:200px;flex:none}
.pane img{width:200px;height:auto;border:1px solid var(--line);display:block}
.pane.wide,.pane.wide img{width:280px}
.pane .blank{width:100%;height:150px;display:flex;align-items:center;justify-content:center;text-align:center;padding:10px;background:#f1f5f9;color:var(--muted);border:1px dashed #cbd5e1;font-size:12px}
.vlist{flex:1;min-width:220px;font-size:13px}
.vlist ul{margin:0;padding-left:0;list-style:none}
.vlist li{margin:0 0 4px}
.vlist .reason{margin:0 0 6px;color:#92400e}
.vlist .subs{color:var(--muted);font-size:12px}
"""

JS = """
(function () {
  var codeSel = document.getElementById('code-filter');
  var modelSel = document.getElementById('model-filter');
  if (!codeSel) return;
  var items = Array.prototype.slice.call(document.querySelectorAll('.item'));
  function choose(select, value) {
    if (!value) return;
    var known = Array.prototype.some.call(select.options, function (o) { return o.value === value; });
    if (!known) { var o = document.createElement('option'); o.value = value; o.textContent = value + ' (0)'; select.appendChild(o); }
    select.value = value;
  }
  function apply() {
    var code = codeSel.value, model = modelSel.value, shown = 0;
    items.forEach(function (item) {
      var ok = (!code || (' ' + item.getAttribute('data-codes') + ' ').indexOf(' ' + code + ' ') >= 0) &&
               (!model || item.getAttribute('data-model') === model);
      item.hidden = !ok;
      if (ok) shown += 1;
    });
    document.querySelectorAll('.track-gallery').forEach(function (g) {
      g.querySelector('.empty').hidden = g.querySelector('.item:not([hidden])') !== null;
    });
    document.getElementById('shown').textContent = shown + ' of ' + items.length + ' shown';
  }
  var params = new URLSearchParams(window.location.search);
  choose(codeSel, params.get('filter'));
  choose(modelSel, params.get('model'));
  codeSel.addEventListener('change', apply);
  modelSel.addEventListener('change', apply);
  document.querySelectorAll('a[data-filter]').forEach(function (a) {
    a.addEventListener('click', function (ev) {
      ev.preventDefault();
      choose(codeSel, a.getAttribute('data-filter'));
      apply();
      document.getElementById('gallery').scrollIntoView();
    });
  });
  apply();
})();
"""
