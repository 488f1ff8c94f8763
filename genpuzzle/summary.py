"""Aggregating verdicts: per-track means, micro mean, Macro Overall, bootstrap intervals.

Macro Overall is the mean of per-track mean scores, every track weighted equally (as GenPuzzle's
``macro_overall``); the micro mean weights every instance equally. 95% intervals come from a percentile
bootstrap that resamples instances within each track (so every replicate keeps every track).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import numpy as np

from genpuzzle.records import Status, Verdict

BOOTSTRAP_SEED = 20261129
BOOTSTRAP_BLOCK = 1 << 18  # resampled scores held at once (2 MB)


def summarize(verdicts: Iterable[Verdict], *, resamples: int = 10_000) -> dict[str, Any]:
    """Summary of a run: per-track counts, means and intervals, micro mean and Macro Overall.

    ``verdicts`` may be a stream: only each verdict's score, status and violation codes are kept.
    """
    score_lists: dict[str, list[float]] = {}
    statuses: dict[str, Counter] = {}
    reviews: Counter = Counter()
    codes: dict[str, Counter] = {}
    for verdict in verdicts:
        t = verdict.track
        if t not in score_lists:
            score_lists[t], statuses[t], codes[t] = [], Counter(), Counter()
        score_lists[t].append(verdict.score)
        statuses[t][verdict.status.value] += 1
        reviews[t] += bool(verdict.needs_review)
        codes[t].update(verdict.codes)
    tracks = sorted(score_lists)
    scores = {t: np.array(score_lists[t], dtype=float) for t in tracks}
    boot = bootstrap_means(scores, resamples=resamples)
    per_track: dict[str, Any] = {}
    for t in tracks:
        per_track[t] = {
            "n": int(scores[t].size),
            "mean": _round(scores[t].mean()),
            "ci95": _interval(boot["tracks"][t]),
            "status_counts": {s.value: statuses[t].get(s.value, 0) for s in Status},
            "needs_review": reviews[t],
            "violation_counts": dict(sorted(codes[t].items())),
        }
    all_scores = np.concatenate([scores[t] for t in tracks]) if tracks else np.array([])
    overall = sum(statuses.values(), Counter())
    return {
        "n": int(all_scores.size),
        "tracks": per_track,
        "macro_overall": _round(np.mean([scores[t].mean() for t in tracks])) if tracks else None,
        "macro_ci95": _interval(boot["macro"]),
        "micro_mean": _round(all_scores.mean()) if all_scores.size else None,
        "micro_ci95": _interval(boot["micro"]),
        "status_counts": {s.value: overall.get(s.value, 0) for s in Status},
        "bootstrap": {"resamples": resamples, "seed": BOOTSTRAP_SEED, "scheme": "instances within track"},
    }


def macro_overall(track_means: dict[str, float]) -> float:
    """Mean of per-track means, each track weighted 1/T."""
    if not track_means:
        raise ValueError("no tracks to average")
    return float(np.mean(list(track_means.values())))


def bootstrap_means(scores: dict[str, np.ndarray], *, resamples: int = 10_000,
                    seed: int = BOOTSTRAP_SEED) -> dict[str, Any]:
    """Replicates of each track mean, of Macro Overall and of the micro mean.

    Each replicate resamples every track's instances with replacement (stratified by track).
    """
    rng = np.random.default_rng(seed)
    out: dict[str, Any] = {"tracks": {}, "macro": np.array([]), "micro": np.array([])}
    if not scores or resamples <= 0:
        return out
    sums = []
    counts = []
    for t in sorted(scores):
        values = scores[t]
        # Replicates in blocks of about BOOTSTRAP_BLOCK draws: memory stays bounded for any number of
        # instances, and the draws are the same as in one block (the generator's stream is consumed in order).
        rows = max(1, BOOTSTRAP_BLOCK // max(1, values.size))
        means, track_sums = [], []
        for first in range(0, resamples, rows):
            sampled = values[rng.integers(0, values.size, size=(min(rows, resamples - first), values.size))]
            means.append(sampled.mean(axis=1))
            track_sums.append(sampled.sum(axis=1))
        out["tracks"][t] = np.concatenate(means)
        sums.append(np.concatenate(track_sums))
        counts.append(values.size)
    out["macro"] = np.mean([out["tracks"][t] for t in sorted(scores)], axis=0)
    out["micro"] = np.sum(sums, axis=0) / sum(counts)
    return out


def _interval(replicates: np.ndarray) -> list[float] | None:
    if replicates is None or len(replicates) == 0:
        return None
    lo, hi = np.percentile(replicates, [2.5, 97.5])
    return [_round(lo), _round(hi)]


def _round(x: float) -> float:
    return round(float(x), 4)
