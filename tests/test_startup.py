"""Startup: listing the tracks imports no heavy library, and the cheap listing agrees with the tracks."""

from __future__ import annotations

import json
import subprocess
import sys

from genpuzzle.registry import get_track, track_names
from genpuzzle.track_info import track_info

HEAVY = ("ortools", "cv2", "shapely", "trimesh", "scipy", "networkx", "rapidocr", "ray", "pyarrow", "openai",
         "torch", "chess")

LIST_TRACKS = f"""
import json, sys
from typer.testing import CliRunner
from genpuzzle.cli import app
result = CliRunner().invoke(app, ["tracks", "--json"])
print(json.dumps({{"exit": result.exit_code, "names": [t["name"] for t in json.loads(result.output)],
                  "heavy": sorted(m for m in {HEAVY!r} if m in sys.modules)}}))
"""


def test_listing_tracks_imports_no_heavy_library():
    done = subprocess.run([sys.executable, "-c", LIST_TRACKS], capture_output=True, text=True, check=True)
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["exit"] == 0
    assert out["names"] == track_names()
    assert out["heavy"] == [], f"`genpuzzle tracks` imported {out['heavy']}"


def test_listing_read_from_source_matches_the_imported_tracks():
    for name in track_names():
        assert track_info(name) == get_track(name).info(), name
