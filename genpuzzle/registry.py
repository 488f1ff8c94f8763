"""The track registry: track name -> ``module:Class``. Adding a track is one line here.

Tracks import lazily so that listing tracks or evaluating one track does not import every solver.
"""

from __future__ import annotations

import importlib
from functools import lru_cache

from genpuzzle.errors import TrackError
from genpuzzle.track import Track

TRACKS: dict[str, str] = {
    "sudoku": "genpuzzle.tracks.sudoku:SudokuTrack",
    "nonogram": "genpuzzle.tracks.nonogram:NonogramTrack",
    "matchstick": "genpuzzle.tracks.matchstick:MatchstickTrack",
    "maze_beginner": "genpuzzle.tracks.maze:MazeBeginnerTrack",
    "maze_intermediate": "genpuzzle.tracks.maze:MazeIntermediateTrack",
    "maze_advanced": "genpuzzle.tracks.maze:MazeAdvancedTrack",
    "tangram": "genpuzzle.tracks.tangram:TangramTrack",
    "orthographic": "genpuzzle.tracks.orthographic:OrthographicTrack",
    "pattern_completion": "genpuzzle.tracks.pattern_completion:PatternCompletionTrack",
    "math_proof": "genpuzzle.tracks.math_proof:MathProofTrack",
    "board_game": "genpuzzle.tracks.board_game:BoardGameTrack",
    "spatial_construction": "genpuzzle.tracks.spatial_construction:SpatialConstructionTrack",
}


@lru_cache(maxsize=None)
def get_track(name: str) -> Track:
    """Return the track named ``name``; raises :class:`TrackError` naming the known tracks."""
    target = TRACKS.get(name)
    if target is None:
        raise TrackError(f"unknown track {name!r}; known tracks: {', '.join(sorted(TRACKS))}")
    module_name, _, class_name = target.partition(":")
    track = getattr(importlib.import_module(module_name), class_name)()
    if track.name != name:
        raise TrackError(f"registry maps {name!r} to {target}, whose name is {track.name!r}")
    return track


def track_names() -> list[str]:
    """All registered track names, in registry order."""
    return list(TRACKS)
