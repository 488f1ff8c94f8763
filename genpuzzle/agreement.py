"""Judge-human agreement, computed as GenPuzzle does: over (generation model x track) aggregate points.

Each scorer (the humans, each judge) gives a score per answer ``(model, track, id)``. Answers scored by
the humans and by every judge are averaged into one point per (model, track); on those points, for each
judge: MAE (primary), RMSE, bias (mean judge - human), Pearson and Spearman correlation, and Macro-MAE
(mean over tracks of the per-track MAE). MAE and Macro-MAE get 95% percentile intervals from a
track-clustered bootstrap (tracks resampled with replacement, all points of a drawn track kept; the same
draws for every judge). Judges are compared on their per-point absolute errors: a Friedman test across
all judges (three or more), then paired two-sided Wilcoxon signed-rank tests for every pair of judges,
Holm-corrected.

Score files: a JSONL of ``{"id", "track", "model", "score"}`` lines (the review export), or a results
folder / ``results.jsonl`` of ``genpuzzle evaluate`` (model = ``run.json`` ``"model"`` or the folder
name; human scores from ``extra.human.score``, judge scores from ``extra.judge.score``, falling back to
the verdict's final score when no judge ran -- so a programmatic verifier can be compared as a "judge").
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from scipy import stats

from genpuzzle.errors import DatasetError

BOOTSTRAP_RESAMPLES = 20_000
BOOTSTRAP_SEED = 20261130

Key = tuple[str, str, str]  # (model, track, id)


@dataclass(frozen=True)
class Points:
    """Aggregate points: ``human[p]`` and ``judges[name][p]`` for point ``p`` = ``keys[p]`` (model, track)."""

    keys: list[tuple[str, str]]
    human: np.ndarray
    judges: dict[str, np.ndarray]
    answers: int  # answers behind the points

    @property
    def tracks(self) -> np.ndarray:
        return np.array([track for _, track in self.keys])


def load_scores(spec: str, role: str = "judge") -> tuple[str, dict[Key, float]]:
    """Read ``[NAME=]PATH[,PATH...]`` (each a score JSONL, a results.jsonl or a results folder).

    ``role`` is ``human`` (read ``extra.human.score`` from results) or ``judge``.
    """
    name, sep, paths = spec.partition("=")
    if not sep or not name or "/" in name or Path(spec).exists():
        name, paths = "", spec
    scores: dict[Key, float] = {}
    parts = [Path(p) for p in paths.split(",") if p]
    for path in parts:
        for key, value in _read_scores(path, role).items():
            if key in scores and scores[key] != value:
                raise DatasetError(f"{path}: answer {key} scored twice with different scores")
            scores[key] = value
    if not scores:
        raise DatasetError(f"{paths}: no {role} scores found")
    return name or (parts[0].stem if parts[0].is_file() and parts[0].name != "results.jsonl"
                    else _folder(parts[0]).name), scores


def _folder(path: Path) -> Path:
    return path if path.is_dir() else path.parent


def _read_scores(path: Path, role: str) -> dict[Key, float]:
    results = path / "results.jsonl" if path.is_dir() else path
    if not results.is_file():
        raise DatasetError(f"{path}: no such score file or results folder")
    from genpuzzle.review import run_model

    model = run_model(_folder(results))
    out: dict[Key, float] = {}
    with open(results, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
                if "status" in data and "extra" in data:  # a verdict line of results.jsonl
                    extra = data["extra"] or {}
                    if role == "human":
                        value = (extra.get("human") or {}).get("score")
                    else:
                        value = (extra.get("judge") or {}).get("score", data["score"])
                    key = (model, data["track"], data["id"])
                else:
                    value = data["score"]
                    key = (str(data.get("model") or model), str(data["track"]), str(data["id"]))
            except (json.JSONDecodeError, KeyError, TypeError) as err:
                raise DatasetError(f"{results}:{number}: bad score line ({err})") from None
            if value is None:
                continue
            if not isinstance(value, (int, float)) or not 0 <= value <= 100:
                raise DatasetError(f"{results}:{number}: score must be a number in 0..100, got {value!r}")
            out[key] = float(value)
    return out


def aggregate(human: dict[Key, float], judges: dict[str, dict[Key, float]]) -> Points:
    """Mean score per (model, track) over the answers scored by the humans and by every judge."""
    common = set(human)
    for scores in judges.values():
        common &= set(scores)
    groups: dict[tuple[str, str], list[Key]] = {}
    for key in sorted(common):
        groups.setdefault((key[0], key[1]), []).append(key)
    keys = sorted(groups)
    return Points(keys=keys,
                  human=np.array([np.mean([human[k] for k in groups[p]]) for p in keys]),
                  judges={name: np.array([np.mean([scores[k] for k in groups[p]]) for p in keys])
                          for name, scores in judges.items()},
                  answers=len(common))


def holm(pvalues: list[float] | np.ndarray) -> np.ndarray:
    """Holm step-down adjusted p-values: p_(i) * (m - i + 1), made monotone, capped at 1."""
    p = np.asarray(pvalues, dtype=float)
    adjusted = np.empty_like(p)
    running = 0.0
    for rank, i in enumerate(np.argsort(p, kind="stable")):
        running = max(running, min(1.0, (p.size - rank) * p[i]))
        adjusted[i] = running
    return adjusted


def cluster_bootstrap(errors: np.ndarray, clusters: np.ndarray, *, resamples: int = BOOTSTRAP_RESAMPLES,
                      seed: int = BOOTSTRAP_SEED) -> tuple[np.ndarray, np.ndarray]:
    """Replicates of MAE and Macro-MAE of ``errors`` (absolute errors) with clusters resampled.

    Each replicate draws as many clusters as there are, with replacement, and keeps all their points:
    MAE = sum of drawn clusters' error sums / sum of their sizes; Macro-MAE = mean of drawn clusters' MAEs.
    Same ``seed`` -> same draws, so judges are bootstrapped in pairs.
    """
    names, inverse = np.unique(clusters, return_inverse=True)
    sums = np.bincount(inverse, weights=errors, minlength=names.size)
    sizes = np.bincount(inverse, minlength=names.size).astype(float)
    draws = np.random.default_rng(seed).integers(0, names.size, size=(resamples, names.size))
    mae = sums[draws].sum(axis=1) / sizes[draws].sum(axis=1)
    macro = (sums / sizes)[draws].mean(axis=1)
    return mae, macro


def agreement(human: dict[Key, float], judges: dict[str, dict[Key, float]], *,
              resamples: int = BOOTSTRAP_RESAMPLES, seed: int = BOOTSTRAP_SEED) -> dict[str, Any]:
    """Agreement statistics of each judge with the humans, and the judge comparison tests."""
    if not judges:
        raise DatasetError("agreement needs at least one --judge")
    points = aggregate(human, judges)
    if len(points.keys) < 2:
        raise DatasetError(f"only {len(points.keys)} (model, track) point(s) scored by the humans and every "
                           "judge; agreement needs at least 2")
    tracks = points.tracks
    per_judge: dict[str, Any] = {}
    abs_errors = {}
    for name, scores in points.judges.items():
        diff = scores - points.human
        err = np.abs(diff)
        abs_errors[name] = err
        mae_reps, macro_reps = cluster_bootstrap(err, tracks, resamples=resamples, seed=seed)
        per_track = {t: float(err[tracks == t].mean()) for t in sorted(set(tracks))}
        per_judge[name] = {
            "mae": float(err.mean()), "mae_ci95": _percentile(mae_reps),
            "rmse": float(np.sqrt(np.mean(diff ** 2))), "bias": float(diff.mean()),
            "pearson": _correlation(stats.pearsonr, scores, points.human),
            "spearman": _correlation(stats.spearmanr, scores, points.human),
            "macro_mae": float(np.mean(list(per_track.values()))), "macro_mae_ci95": _percentile(macro_reps),
            "track_mae": per_track,
        }
    names = list(points.judges)
    comparison: dict[str, Any] = {"friedman": None, "wilcoxon_holm": []}
    if len(names) >= 3:
        statistic, p = stats.friedmanchisquare(*(abs_errors[n] for n in names))
        comparison["friedman"] = {"statistic": float(statistic), "p": float(p), "judges": len(names),
                                  "points": len(points.keys)}
    pairs = list(itertools.combinations(names, 2))
    raw = []
    for a, b in pairs:
        if np.all(abs_errors[a] == abs_errors[b]):
            raw.append((0.0, 1.0))
        else:
            result = stats.wilcoxon(abs_errors[a], abs_errors[b], alternative="two-sided")
            raw.append((float(result.statistic), float(result.pvalue)))
    adjusted = holm([p for _, p in raw]) if raw else []
    for (a, b), (statistic, p), p_holm in zip(pairs, raw, adjusted):
        comparison["wilcoxon_holm"].append({"a": a, "b": b, "statistic": statistic, "p": p,
                                            "p_holm": float(p_holm),
                                            "mae_difference": float(abs_errors[a].mean() - abs_errors[b].mean())})
    ranking = sorted(names, key=lambda n: per_judge[n]["mae"])
    return {
        "points": [{"model": m, "track": t, "human": float(points.human[i]),
                    **{n: float(points.judges[n][i]) for n in names}} for i, (m, t) in enumerate(points.keys)],
        "n_points": len(points.keys), "n_answers": points.answers, "n_tracks": int(len(set(tracks))),
        "judges": per_judge, "ranking_by_mae": ranking, "comparison": comparison,
        "bootstrap": {"resamples": resamples, "seed": seed, "scheme": "tracks resampled (clustered)"},
    }


def _correlation(test: Any, x: np.ndarray, y: np.ndarray) -> dict[str, float | None]:
    if np.ptp(x) == 0 or np.ptp(y) == 0:
        return {"r": None, "p": None}  # undefined for a constant series
    result = test(x, y)
    return {"r": float(result[0]), "p": float(result[1])}


def _percentile(replicates: np.ndarray) -> list[float]:
    lo, hi = np.percentile(replicates, [2.5, 97.5])
    return [float(lo), float(hi)]
