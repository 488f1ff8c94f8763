"""The notebook API: a puzzle generated in memory is the set's puzzle, and an answer verified in memory gets
the verdict `genpuzzle evaluate` gives the same image on disk."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

import genpuzzle
from genpuzzle.dataset import encode_png, load_set, write_set
from genpuzzle.errors import ImageError, TrackError
from genpuzzle.evaluate import verify_answer


@pytest.fixture(scope="module")
def disk_set(tmp_path_factory):
    root = tmp_path_factory.mktemp("api") / "set"
    write_set(root, {"nonogram": 1}, master_seed=5, variants={"nonogram": ["5x5"]})
    return load_set(root)


def test_generate_in_memory_gives_the_sets_puzzle(disk_set):
    record = disk_set.records[0]
    puzzle = genpuzzle.generate("nonogram", seed=record.seed, variant=record.variant)
    assert encode_png(puzzle.input_image) == disk_set.path(record.input_image).read_bytes()
    again = genpuzzle.record_of(puzzle)
    assert again.ground_truth == record.ground_truth and again.layout == record.layout
    assert genpuzzle.generate("nonogram", seed=1).variant in ("5x5", "10x10", "15x15", "10x15")
    with pytest.raises(TrackError, match="no variant"):
        genpuzzle.generate("nonogram", seed=1, variant="7x7")


def test_verify_in_memory_matches_the_files(disk_set, tmp_path):
    record = disk_set.records[0]
    puzzle = genpuzzle.generate("nonogram", seed=record.seed, variant=record.variant)
    reference = puzzle.reference_images[0]
    for answer in (reference, np.asarray(reference.convert("RGB")), np.asarray(reference.convert("L")),
                   np.asarray(reference.convert("RGBA"))):
        verdict = genpuzzle.verify(puzzle, answer)
        assert verdict.status.value == "correct" and verdict.score == 100
    unchanged = genpuzzle.verify(puzzle, puzzle.input_image)
    on_disk = verify_answer(disk_set.root, record, disk_set.path(record.input_image))
    assert (unchanged.status, unchanged.score, unchanged.codes) == (on_disk.status, on_disk.score, on_disk.codes)
    assert unchanged.status.value == "incorrect"
    from_record = genpuzzle.verify(record, Image.open(disk_set.path(record.input_image)), set_dir=disk_set.root)
    assert (from_record.score, from_record.codes) == (on_disk.score, on_disk.codes)
    path = tmp_path / "answer.png"
    reference.save(path)
    assert genpuzzle.verify(puzzle, path).answer_path == str(path)
    with pytest.raises(ImageError, match="expected uint8"):
        genpuzzle.verify(puzzle, np.zeros((10, 10, 3), dtype=np.float32))


def test_readme_python_api_example_runs(capsys):
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Python API"):]
    exec(re.search(r"```python\n(.*?)```", section, re.S).group(1), {})
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == "correct 100.0" and "grid_incomplete" in printed[1]
