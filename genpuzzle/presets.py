"""Named set compositions for ``genpuzzle generate --preset``.

``genpuzzle``: GenPuzzle's 12 tracks and 2,005 problems (pattern completion 394, spatial construction 56,
mazes 64 per level, Sudoku 4x4 78, nonogram 150 at 5/10/15 cells a side split 45/60/45, tangram 150,
board games 300, matchstick 300, orthographic 90, math visual proof 295). Tracks this genpuzzle does not
have yet are reported as missing, never silently dropped.
"""

from __future__ import annotations

from dataclasses import dataclass

from genpuzzle.errors import GenpuzzleError


@dataclass(frozen=True)
class PresetTrack:
    """One track of a preset: its instance count and, optionally, the count of each variant."""

    count: int
    variant_counts: dict[str, int] | None = None


PRESETS: dict[str, dict[str, PresetTrack]] = {
    "genpuzzle": {
        "pattern_completion": PresetTrack(394),
        "spatial_construction": PresetTrack(56),
        "maze_beginner": PresetTrack(64),
        "maze_intermediate": PresetTrack(64),
        "maze_advanced": PresetTrack(64),
        "sudoku": PresetTrack(78, {"4x4": 78}),
        "nonogram": PresetTrack(150, {"5x5": 45, "10x10": 60, "15x15": 45}),
        "tangram": PresetTrack(150),
        "board_game": PresetTrack(300),
        "matchstick": PresetTrack(300),
        "orthographic": PresetTrack(90),
        "math_proof": PresetTrack(295),
    },
}


@dataclass(frozen=True)
class PresetPlan:
    """What a preset generates here: per present track its count and variant counts; the absent tracks."""

    name: str
    counts: dict[str, int]
    variant_counts: dict[str, dict[str, int]]
    missing: dict[str, int]

    @property
    def wanted(self) -> int:
        return sum(self.counts.values()) + sum(self.missing.values())


def plan_preset(name: str, known_tracks: list[str] | None = None) -> PresetPlan:
    """The preset ``name`` split into tracks this genpuzzle has and tracks it lacks."""
    if known_tracks is None:
        from genpuzzle.registry import track_names

        known_tracks = track_names()
    spec = PRESETS.get(name)
    if spec is None:
        raise GenpuzzleError(f"unknown preset {name!r}; presets: {', '.join(PRESETS)}")
    counts, variant_counts, missing = {}, {}, {}
    for track, entry in spec.items():
        if track not in known_tracks:
            missing[track] = entry.count
            continue
        counts[track] = entry.count
        if entry.variant_counts:
            variant_counts[track] = dict(entry.variant_counts)
    return PresetPlan(name, counts, variant_counts, missing)
