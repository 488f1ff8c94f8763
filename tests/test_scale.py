"""Scale and distribution: the GenPuzzle preset, exclusion of earlier sets, the Ray backend."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from genpuzzle.dataset import load_set, write_set
from genpuzzle.errors import DatasetError, GenpuzzleError
from genpuzzle.presets import PRESETS, plan_preset
from genpuzzle.registry import get_track, track_names


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _keys(root: Path) -> set[tuple[str, str]]:
    return {(r.track, get_track(r.track).dedupe_key(r)) for r in load_set(root).records}


def test_genpuzzle_preset_has_genpuzzles_composition_and_names_what_is_missing():
    spec = PRESETS["genpuzzle"]
    assert sum(entry.count for entry in spec.values()) == 2005 and len(spec) == 12
    plan = plan_preset("genpuzzle")
    assert set(plan.counts) | set(plan.missing) == set(spec)
    assert set(plan.counts) <= set(track_names()) and not set(plan.missing) & set(track_names())
    assert plan.wanted == 2005
    assert plan.variant_counts["sudoku"] == {"4x4": 78}
    with pytest.raises(GenpuzzleError, match="unknown preset"):
        plan_preset("nope")


def test_variant_counts_are_exact(tmp_path):
    info = write_set(tmp_path / "s", {"sudoku": 3}, 1, variant_counts={"sudoku": {"4x4": 2, "9x9": 1}},
                     notes={"preset": "test", "missing_tracks": {"x": 1}})
    assert [r.variant for r in load_set(tmp_path / "s").records] == ["4x4", "4x4", "9x9"]
    assert info["missing_tracks"] == {"x": 1}
    with pytest.raises(DatasetError, match="variant counts"):
        write_set(tmp_path / "t", {"sudoku": 3}, 1, variant_counts={"sudoku": {"4x4": 2}})


def test_exclude_keeps_a_fresh_set_apart_from_earlier_ones(tmp_path):
    counts = {"sudoku": 12, "maze_beginner": 4}
    first = tmp_path / "first"
    write_set(first, counts, 3, variants={"sudoku": ["4x4"]})
    again = tmp_path / "again"
    write_set(again, counts, 3, variants={"sudoku": ["4x4"]})
    assert _keys(again) == _keys(first)  # same seed: the same puzzles, unless excluded
    fresh = tmp_path / "fresh"
    info = write_set(fresh, counts, 3, variants={"sudoku": ["4x4"]}, exclude=[first])
    assert not _keys(fresh) & _keys(first)
    assert len(load_set(fresh).records) == 16
    assert info["excluded_sets"][0]["fingerprint"] == load_set(first).info["fingerprint"]
    cli = subprocess.run([sys.executable, "-m", "genpuzzle.cli", "generate", "--tracks", "sudoku", "--count", "6",
                          "--variants", "4x4", "--seed", "3", "--out", str(tmp_path / "cli"), "--exclude", str(first),
                          "--exclude", str(fresh)], capture_output=True, text=True, timeout=300)
    assert cli.returncode == 0, cli.stderr
    assert not _keys(tmp_path / "cli") & (_keys(first) | _keys(fresh))


def test_ray_backend_writes_the_same_bytes_as_a_local_run(tmp_path):
    counts = {"sudoku": 4, "maze_beginner": 2, "matchstick": 2}
    write_set(tmp_path / "local", counts, 11)
    write_set(tmp_path / "ray", counts, 11, backend="ray", workers=2)
    assert _files(tmp_path / "ray") == _files(tmp_path / "local")


def test_unknown_backend_is_one_clear_error(tmp_path):
    with pytest.raises(GenpuzzleError, match="--backend"):
        write_set(tmp_path / "x", {"sudoku": 1}, 1, backend="spark")


def test_ray_evaluate_resumes_and_names_absent_tracks(tmp_path):
    import shutil

    from genpuzzle.evaluate import evaluate, read_results

    root = tmp_path / "set"
    write_set(root, {"sudoku": 4, "maze_beginner": 2}, 13, notes={"preset": "genpuzzle",
                                                                    "missing_tracks": {"board_game": 300}})
    answers = tmp_path / "answers"
    answers.mkdir()
    puzzle_set = load_set(root)
    for record in puzzle_set.records:
        shutil.copy(puzzle_set.path(record.reference_images[0]), answers / f"{record.id}.png")
    out = tmp_path / "out"
    first = evaluate(root, answers, out, tracks=["sudoku"])  # a run that stopped after one track
    assert first["tracks"]["sudoku"]["n"] == 4
    summary = evaluate(root, answers, out, resume=True, backend="ray", workers=2)
    ids = [v.id for v in read_results(out / "results.jsonl")]
    assert sorted(ids) == sorted(r.id for r in puzzle_set.records)  # every id exactly once
    assert summary["macro_overall"] == 100.0
    assert summary["absent_tracks"] == {"board_game": 300} and "board_game" in summary["note"]
