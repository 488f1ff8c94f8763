"""Hugging Face export: Parquet shards with embedded images load back with `datasets`, byte for byte."""

from __future__ import annotations

import json
import subprocess
import sys

import datasets
import pytest

from genpuzzle.dataset import load_set, write_set
from genpuzzle.evaluate import evaluate
from genpuzzle.hf import export_hf



@pytest.fixture(scope="module")
def hf_set(tmp_path_factory):
    root = tmp_path_factory.mktemp("hf") / "set"
    write_set(root, {"sudoku": 3, "maze_beginner": 2}, master_seed=9)
    return root


def _load(folder, track, tmp_path):
    return datasets.load_dataset(str(folder), track, split="test", cache_dir=str(tmp_path / "hf-cache"))


def test_full_export_round_trips_every_record_and_image(hf_set, tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    out = tmp_path / "hf"
    counts = export_hf(hf_set, out, rows_per_shard=2)
    assert counts == {"sudoku": 3, "maze_beginner": 2}
    assert len(list((out / "sudoku").glob("test-*-of-00002.parquet"))) == 2
    card = (out / "README.md").read_text()
    assert card.startswith("---\nlicense: cc-by-4.0") and "config_name: maze_beginner" in card
    assert load_set(hf_set).info["fingerprint"] in card
    puzzle_set = load_set(hf_set)
    seen = 0
    for track in counts:
        ds = _load(out, track, tmp_path)
        assert ds.features["input_image"].__class__.__name__ == "Image"
        for row in ds.cast_column("input_image", datasets.Image(decode=False)).cast_column(
                "edit_mask", datasets.Image(decode=False)).cast_column(
                "reference_images", datasets.Sequence(datasets.Image(decode=False))):
            record = puzzle_set.get(row["id"])
            assert row["input_image"]["bytes"] == puzzle_set.path(record.input_image).read_bytes()
            assert row["edit_mask"]["bytes"] == puzzle_set.path(record.edit_mask).read_bytes()
            assert [r["bytes"] for r in row["reference_images"]] == [
                puzzle_set.path(rel).read_bytes() for rel in record.reference_images]
            assert json.loads(row["ground_truth"]) == record.ground_truth
            assert json.loads(row["layout"]) == record.layout
            assert (row["instruction"], row["seed"], row["variant"]) == (record.instruction, record.seed, record.variant)
            seen += 1
        decoded = ds[0]["input_image"]
        assert decoded.size[0] > 0  # decodes as a PIL image
    assert seen == len(puzzle_set.records)


def test_public_export_holds_no_answers_and_its_ids_evaluate(hf_set, tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    out = tmp_path / "hf-public"
    done = subprocess.run([sys.executable, "-m", "genpuzzle.cli", "export", "--set", str(hf_set), "--out", str(out),
                           "--public", "--format", "hf"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    ds = _load(out, "sudoku", tmp_path)
    assert set(ds.column_names) == {"id", "track", "variant", "instruction", "input_image"}
    assert "ground_truth" not in (out / "README.md").read_text().split("---")[1]
    answers = tmp_path / "answers"
    answers.mkdir()
    for row in ds:  # a model answers from the hub copy: its ids are the set's ids
        row["input_image"].save(answers / f"{row['id']}.png")
    summary = evaluate(hf_set, answers, tmp_path / "results", tracks=["sudoku"])
    assert summary["tracks"]["sudoku"]["status_counts"]["missing"] == 0
    assert summary["tracks"]["sudoku"]["n"] == 3
