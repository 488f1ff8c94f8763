"""tools/measure_nonogram_family.py: the drawn answers kept with ``--answers`` are read back unchanged, so a second
run over the kept answers writes the same verdicts."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

TOOL = Path(__file__).resolve().parent.parent / "tools" / "measure_nonogram_family.py"


def _tool():
    spec = importlib.util.spec_from_file_location("measure_nonogram_family", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_kept_answers_are_reused_and_give_the_same_verdicts(tmp_path, monkeypatch):
    (tmp_path / "one_style_family.py").write_text("import nonogram_answers as na\nFAMILY = (na.TUNE[0],)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    tool = _tool()
    kept = tmp_path / "answers"
    args = ["one_style_family:FAMILY", "--seed", "3", "--variants", "5x5", "--puzzles", "1", "--answers", str(kept)]
    assert tool.main([*args, "--json", str(tmp_path / "first.json")]) == 0
    files = sorted(p.name for p in kept.iterdir())
    assert len(files) == 6 and all(f.startswith("t_black_x__5x5__0__") for f in files), files
    stamps = {f: (kept / f).stat().st_mtime_ns for f in files}
    assert tool.main([*args, "--json", str(tmp_path / "second.json")]) == 0
    assert {f: (kept / f).stat().st_mtime_ns for f in files} == stamps  # read, not drawn again
    first, second = (json.loads((tmp_path / n).read_text())["answers"] for n in ("first.json", "second.json"))
    assert first == second and len(first) == 6


def test_one_size_alone_draws_the_whole_runs_puzzles(tmp_path, monkeypatch):
    """``--variants 10x10`` alone generates the puzzles a whole run generates for 10x10 (seed 1000 * seed + 10 * the
    size's place among all three + puzzle), so answers kept by a whole run are verified against their own puzzles."""
    (tmp_path / "one_style_family.py").write_text("import nonogram_answers as na\nFAMILY = (na.TUNE[0],)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    tool = _tool()
    from genpuzzle.registry import get_track

    track = type(get_track("nonogram"))
    seeds = []
    real = track.generate

    def spy(self, seed, variant, *a, **k):
        seeds.append((seed, variant))
        return real(self, seed, variant, *a, **k)

    monkeypatch.setattr(track, "generate", spy)
    monkeypatch.setattr(tool, "drawn_answer", lambda folder, name, draw: (_ for _ in ()).throw(SystemExit(0)))
    try:
        tool.main(["one_style_family:FAMILY", "--seed", "3", "--variants", "10x10", "--puzzles", "1"])
    except SystemExit:
        pass
    assert seeds[:1] == [(3010, "10x10")], seeds
