"""Judge-human agreement statistics: a hand-computed example, scipy on fixed inputs, and the CLI."""

from __future__ import annotations

import itertools
import json
import math

import numpy as np
import pytest
from scipy import stats
from typer.testing import CliRunner

from genpuzzle.agreement import agreement, aggregate, cluster_bootstrap, holm, load_scores
from genpuzzle.cli import app


def _items(table: dict[tuple[str, str], list[float]]) -> dict[tuple[str, str, str], float]:
    return {(m, t, f"{m}-{t}-{k}"): s for (m, t), scores in table.items() for k, s in enumerate(scores)}


# Points (model, track): human and judge J1 scores, one or two answers per point.
HUMAN = _items({("A", "t1"): [100, 50], ("A", "t2"): [0], ("B", "t1"): [60], ("B", "t2"): [40], ("C", "t1"): [10]})
J1 = _items({("A", "t1"): [100, 100], ("A", "t2"): [20], ("B", "t1"): [60], ("B", "t2"): [30], ("C", "t1"): [10]})


def test_hand_computed_example():
    human = {**HUMAN, ("A", "t1", "only-human"): 0.0}  # answers not scored by every judge are left out
    judge = {**J1, ("A", "t2", "only-judge"): 100.0}
    result = agreement(human, {"J1": judge}, resamples=2000)
    assert result["n_points"] == 5 and result["n_answers"] == 6 and result["n_tracks"] == 2
    # h = [75, 0, 60, 40, 10], j = [100, 20, 60, 30, 10]; errors [25, 20, 0, -10, 0]
    assert [p["human"] for p in result["points"]] == [75, 0, 60, 40, 10]
    j = result["judges"]["J1"]
    assert j["mae"] == pytest.approx(55 / 5)
    assert j["rmse"] == pytest.approx(math.sqrt((625 + 400 + 100) / 5))
    assert j["bias"] == pytest.approx(35 / 5)
    assert j["track_mae"] == {"t1": pytest.approx(25 / 3), "t2": pytest.approx(15)}
    assert j["macro_mae"] == pytest.approx((25 / 3 + 15) / 2)
    # deviations from means 37 and 44: sum(dh*dj) = 4260, sum(dh^2) = 4080, sum(dj^2) = 5320
    assert j["pearson"]["r"] == pytest.approx(4260 / math.sqrt(4080 * 5320))
    # ranks [5,1,4,3,2] vs [5,2,4,3,1]: sum d^2 = 2, rho = 1 - 6*2 / (5*24)
    assert j["spearman"]["r"] == pytest.approx(0.9)
    lo, hi = j["mae_ci95"]
    assert lo <= j["mae"] <= hi and hi - lo > 0


def test_friedman_wilcoxon_holm_hand_computed():
    # Absolute errors per point (human 0): ranks within rows give R = (5, 8, 11);
    # chi2 = 12 / (n k (k+1)) * sum R^2 - 3 n (k+1) = 12/48 * 210 - 48 = 4.5, p = exp(-4.5 / 2) for df = 2.
    rows = [[1, 2, 3], [1, 3, 2], [1, 2, 3], [2, 1, 3]]
    human = {(f"m{i}", "t", "a"): 0.0 for i in range(4)}
    judges = {name: {(f"m{i}", "t", "a"): float(row[k]) for i, row in enumerate(rows)}
              for k, name in enumerate(["J1", "J2", "J3"])}
    result = agreement(human, judges, resamples=500)
    friedman = result["comparison"]["friedman"]
    assert friedman["statistic"] == pytest.approx(4.5) and friedman["p"] == pytest.approx(math.exp(-2.25))
    # Wilcoxon: errors differing by +1..+5 (all one sign) -> W = 0, exact two-sided p = 2 / 2^5.
    human = {(f"m{i}", "t", "a"): 0.0 for i in range(5)}
    judges = {"worse": {(f"m{i}", "t", "a"): 2.0 * (i + 1) for i in range(5)},
              "better": {(f"m{i}", "t", "a"): 1.0 * (i + 1) for i in range(5)}}
    (row,) = agreement(human, judges, resamples=500)["comparison"]["wilcoxon_holm"]
    assert (row["statistic"], row["p"], row["p_holm"]) == (0.0, pytest.approx(0.0625), pytest.approx(0.0625))
    assert agreement(human, judges, resamples=500)["ranking_by_mae"] == ["better", "worse"]


def test_holm_hand_computed():
    # sorted 0.01, 0.03, 0.04, 0.2 -> 0.04, 0.09, max(0.09, 0.08), 0.2
    assert holm([0.01, 0.04, 0.03, 0.2]) == pytest.approx([0.04, 0.09, 0.09, 0.2])
    assert holm([0.5, 0.6]) == pytest.approx([1.0, 1.0])
    assert holm([0.02]) == pytest.approx([0.02])


def test_cluster_bootstrap_matches_a_loop_and_degenerates_on_one_track():
    errors = np.array([25.0, 20, 0, 10, 0, 7])
    clusters = np.array(["t1", "t2", "t1", "t2", "t1", "t3"])
    mae, macro = cluster_bootstrap(errors, clusters, resamples=300, seed=5)
    draws = np.random.default_rng(5).integers(0, 3, size=(300, 3))
    names = ["t1", "t2", "t3"]
    for b in range(300):
        picked = [errors[clusters == names[c]] for c in draws[b]]
        assert mae[b] == pytest.approx(np.concatenate(picked).mean())
        assert macro[b] == pytest.approx(np.mean([p.mean() for p in picked]))
    mae, macro = cluster_bootstrap(errors, np.array(["t"] * 6), resamples=200)
    assert np.allclose(mae, errors.mean()) and np.allclose(macro, errors.mean())


def test_statistics_match_scipy_on_fixed_inputs():
    rng = np.random.default_rng(123)
    models, tracks = ["m1", "m2", "m3"], ["a", "b", "c", "d"]
    human, judges = {}, {"J1": {}, "J2": {}, "J3": {}}
    for m, t in itertools.product(models, tracks):
        for k in range(4):
            key = (m, t, f"{m}{t}{k}")
            h = float(rng.uniform(0, 100))
            human[key] = h
            for s, name in zip((5, 12, 25), judges):
                judges[name][key] = float(np.clip(h + rng.normal(3, s), 0, 100))
    result = agreement(human, judges)
    keys = sorted(itertools.product(models, tracks))
    h = np.array([np.mean([human[(m, t, f"{m}{t}{k}")] for k in range(4)]) for m, t in keys])
    errs = {}
    for name, scores in judges.items():
        j = np.array([np.mean([scores[(m, t, f"{m}{t}{k}")] for k in range(4)]) for m, t in keys])
        errs[name] = np.abs(j - h)
        got = result["judges"][name]
        assert got["mae"] == pytest.approx(np.mean(np.abs(j - h)))
        assert got["pearson"]["r"] == pytest.approx(stats.pearsonr(j, h).statistic)
        assert got["pearson"]["p"] == pytest.approx(stats.pearsonr(j, h).pvalue)
        assert got["spearman"]["r"] == pytest.approx(stats.spearmanr(j, h).statistic)
        assert got["spearman"]["p"] == pytest.approx(stats.spearmanr(j, h).pvalue)
        lo, hi = got["mae_ci95"]
        assert lo < got["mae"] < hi
    fr = stats.friedmanchisquare(errs["J1"], errs["J2"], errs["J3"])
    assert result["comparison"]["friedman"]["statistic"] == pytest.approx(fr.statistic)
    assert result["comparison"]["friedman"]["p"] == pytest.approx(fr.pvalue)
    pairs = result["comparison"]["wilcoxon_holm"]
    raw = [stats.wilcoxon(errs[r["a"]], errs[r["b"]]).pvalue for r in pairs]
    assert [r["p"] for r in pairs] == pytest.approx(raw)
    assert [r["p_holm"] for r in pairs] == pytest.approx(holm(raw))
    assert result["ranking_by_mae"][0] == "J1" and result["bootstrap"]["resamples"] == 20_000


def test_aggregate_and_errors():
    points = aggregate(HUMAN, {"J1": J1})
    assert points.keys == [("A", "t1"), ("A", "t2"), ("B", "t1"), ("B", "t2"), ("C", "t1")]
    with pytest.raises(Exception, match="at least 2"):
        agreement({("A", "t", "x"): 1.0}, {"J": {("A", "t", "x"): 2.0}})


def test_cli_agreement(tmp_path):
    def write(path, items):
        path.write_text("".join(json.dumps({"model": m, "track": t, "id": i, "score": s}) + "\n"
                                for (m, t, i), s in items.items()))
    write(tmp_path / "human.jsonl", HUMAN)
    write(tmp_path / "j1.jsonl", J1)
    write(tmp_path / "j2.jsonl", {k: min(100.0, v + 10) for k, v in J1.items()})
    assert load_scores(str(tmp_path / "j1.jsonl"))[0] == "j1"
    out = tmp_path / "stats.json"
    result = CliRunner().invoke(app, ["agreement", "--human", str(tmp_path / "human.jsonl"),
                                      "--judge", f"first={tmp_path / 'j1.jsonl'}",
                                      "--judge", str(tmp_path / "j2.jsonl"),
                                      "--resamples", "1000", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "first" in result.output and "11.00" in result.output and "Wilcoxon first vs j2" in result.output
    saved = json.loads(out.read_text())
    assert saved["judges"]["first"]["mae"] == pytest.approx(11.0) and set(saved["judges"]) == {"first", "j2"}
