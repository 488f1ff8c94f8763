"""The on-disk set contract: layout, keys, determinism, seeds, public export."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from genpuzzle.dataset import export_public, fingerprint, load_set, plan_jobs, write_set
from genpuzzle.errors import DatasetError, TrackError
from genpuzzle.registry import get_track
from genpuzzle.seeds import derive_seed


def _all_bytes(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_same_seed_gives_byte_identical_sets_and_workers_do_not_matter(tmp_path):
    write_set(tmp_path / "a", {"sudoku": 4}, master_seed=5)
    write_set(tmp_path / "b", {"sudoku": 4}, master_seed=5, workers=2)
    a, b = _all_bytes(tmp_path / "a"), _all_bytes(tmp_path / "b")
    assert a.keys() == b.keys() and len(a) == 2 + 4 * 3
    assert all(a[k] == b[k] for k in a)
    write_set(tmp_path / "c", {"sudoku": 4}, master_seed=6)
    assert (tmp_path / "c" / "set.json").read_bytes() != a["set.json"]


def test_manifest_and_set_json_follow_the_contract(tmp_path):
    info = write_set(tmp_path / "s", {"sudoku": 3}, master_seed=2)
    assert info["tracks"]["sudoku"] == {"count": 3, "version": get_track("sudoku").version}
    assert info["fingerprint"] == fingerprint(tmp_path / "s")
    for key in ("schema_version", "genpuzzle_version", "master_seed", "fingerprint"):
        assert key in json.loads((tmp_path / "s" / "set.json").read_text())
    lines = (tmp_path / "s" / "manifest.jsonl").read_text().splitlines()
    assert len(lines) == 3
    for line in lines:
        rec = json.loads(line)
        for key in ("id", "track", "variant", "difficulty", "seed", "instruction", "input_image",
                    "reference_images", "edit_mask", "ground_truth", "layout", "scoring", "track_version"):
            assert key in rec
        assert set(rec["ground_truth"]) == {"givens", "solution"}
        assert set(rec["layout"]) == {"grid_bbox", "rows", "cols", "box_rows", "box_cols"}
        n = rec["layout"]["rows"]
        assert len(rec["ground_truth"]["givens"]) == n and all(len(r) == n for r in rec["ground_truth"]["solution"])
        assert not Path(rec["input_image"]).is_absolute()
        assert (tmp_path / "s" / rec["edit_mask"]).is_file()


def test_seeds_are_hashed_not_offset():
    assert derive_seed(1, "sudoku", "9x9", 0) != derive_seed(0, "sudoku", "9x9", 1)
    assert derive_seed(1, "sudoku", "9x9", 0) != derive_seed(1, "sudoku", "4x4", 0)
    assert derive_seed(7, "sudoku", "9x9", 3) == derive_seed(7, "sudoku", "9x9", 3)
    jobs = plan_jobs({"sudoku": 6}, 7)
    assert [j.variant for j in jobs].count("4x4") == 3
    assert len({j.seed for j in jobs}) == 6


def test_variant_plan_follows_weights_and_rejects_unknown():
    track = get_track("sudoku")
    assert track.plan_variants(5, ["9x9"]) == ["9x9"] * 5
    assert sorted(track.plan_variants(5)) == ["4x4"] * 3 + ["9x9"] * 2
    with pytest.raises(TrackError, match="no variant '7x7'"):
        track.plan_variants(2, ["7x7"])


def test_public_export_has_no_ground_truth(tmp_path):
    write_set(tmp_path / "s", {"sudoku": 2}, master_seed=3)
    assert export_public(tmp_path / "s", tmp_path / "pub") == 2
    files = sorted(str(p.relative_to(tmp_path / "pub")) for p in (tmp_path / "pub").rglob("*") if p.is_file())
    assert all(f.endswith("_input.png") for f in files if f.startswith("images/"))
    assert "manifest.jsonl" not in files and len([f for f in files if f.endswith(".png")]) == 2
    text = (tmp_path / "pub" / "public.jsonl").read_text()
    assert "solution" not in text and "givens" not in text
    assert set(json.loads(text.splitlines()[0])) == {"id", "track", "instruction", "input_image"}


def test_bad_sets_raise_errors_naming_file_and_line(tmp_path):
    with pytest.raises(DatasetError, match="does not exist"):
        load_set(tmp_path / "nowhere")
    (tmp_path / "empty").mkdir()
    with pytest.raises(DatasetError, match="manifest.jsonl: missing"):
        load_set(tmp_path / "empty")
    write_set(tmp_path / "s", {"sudoku": 2}, master_seed=3)
    manifest = tmp_path / "s" / "manifest.jsonl"
    lines = manifest.read_text().splitlines()
    manifest.write_text(lines[0] + "\n{not json\n")
    with pytest.raises(DatasetError, match=r"manifest.jsonl:2: invalid JSON"):
        load_set(tmp_path / "s")
    manifest.write_text(lines[0] + "\n" + json.dumps({"id": "x"}) + "\n")
    with pytest.raises(DatasetError, match=r"manifest.jsonl:2: bad instance record \(missing keys"):
        load_set(tmp_path / "s")
    with pytest.raises(DatasetError, match="not empty"):
        write_set(tmp_path / "s", {"sudoku": 1}, master_seed=3)


def test_duplicates_within_a_set_are_redrawn_deterministically(tmp_path, monkeypatch):
    """Force collisions (every 4x4 Sudoku shares one key) and check re-draws stay distinct and stable."""
    track = get_track("sudoku")
    calls = []

    def coarse_key(record):
        calls.append(record.id)
        return str(record.ground_truth["givens"][0][0] > 0)  # only two possible keys

    monkeypatch.setattr(track, "dedupe_key", coarse_key)
    write_set(tmp_path / "a", {"sudoku": 2}, master_seed=8, variants={"sudoku": ["4x4"]})
    keys = [coarse_key(load_set(tmp_path / "a").records[i]) for i in range(2)]
    assert sorted(keys) == ["False", "True"]
    write_set(tmp_path / "b", {"sudoku": 2}, master_seed=8, variants={"sudoku": ["4x4"]}, workers=2)
    assert _all_bytes(tmp_path / "a") == _all_bytes(tmp_path / "b")
    with pytest.raises(DatasetError, match="no distinct instance"):
        write_set(tmp_path / "c", {"sudoku": 3}, master_seed=8, variants={"sudoku": ["4x4"]})


def test_generation_workers_that_cannot_start_give_a_clear_error(tmp_path):
    """Spawned workers re-run the caller's main script; read from stdin, they cannot."""
    script = f"from genpuzzle.dataset import write_set\nwrite_set({str(tmp_path / 'set')!r}, {{'sudoku': 4}}, 1, workers=2)\n"
    done = subprocess.run([sys.executable, "-"], input=script, capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode != 0
    assert "GenpuzzleError: a worker process stopped unexpectedly" in done.stderr and "__main__" in done.stderr


def test_a_mask_equal_to_an_earlier_one_reuses_its_bytes_and_a_changed_mask_is_encoded_anew():
    from PIL import Image, ImageDraw

    from genpuzzle.dataset import MASKS_KEPT, encode_mask_png, encode_png

    first = Image.new("L", (120, 80), 0)
    ImageDraw.Draw(first).rectangle((10, 10, 60, 50), fill=255)
    again = first.copy()  # another object, the same pixels
    changed = first.copy()
    changed.putpixel((100, 70), 255)  # one pixel: same mode, size and nearly the same picture
    assert encode_mask_png(first) == encode_png(first)
    assert encode_mask_png(again) == encode_png(first)
    assert encode_mask_png(changed) == encode_png(changed) != encode_png(first)
    for k in range(MASKS_KEPT + 2):  # the cache stays bounded and keeps giving each mask its own bytes
        other = Image.new("L", (120, 80), k)
        assert encode_mask_png(other) == encode_png(other)
    assert encode_mask_png(first) == encode_png(first)
