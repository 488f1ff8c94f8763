"""Generation keeps its bytes per track version: a digest of a few instances (pixels of every image and the
records, not PNG files: independent of zlib's build; it does depend on GEOS and Pillow giving the same
floats and rasters, as set fingerprints do). A speed-up must keep it; a change of a track's output must
bump the track's version and its digest here. Sudoku 2: computed with its code before issue 24's eighth
pass (commit 27e6b24). Tangram 5 and math_proof 2 (issue 24's ninth pass): computed when those versions
were made. The versions before them are no longer generated (the code keeps one version per track; their
bytes are in earlier sets and at commit 5665181): tangram 4's digest ``0b893618fe1a...`` (six instances
without their instructions, in test_tangram.py until then), math_proof 1's ``3f874a518b68...`` (these
cases; 4093360 kept it with the edit mask drawn instead of compared)."""

from __future__ import annotations

import hashlib
import json

from genpuzzle.registry import get_track

CASES = {
    "sudoku": ("2", [(11, "4x4"), (12, "9x9"), (13, "9x9"), (7001, "4x4"), (7002, "9x9"), (7003, "9x9")]),
    # 14 constructions of 9 kinds, lattices of 4 identities
    "math_proof": ("2", [(seed, "construction") for seed in range(21, 35)]
                   + [(seed, "proof_without_words") for seed in (41, 42, 43, 44, 45, 46)]),
    "tangram": ("5", [(11, "easy"), (12, "medium"), (13, "hard"), (7001, "easy"), (7002, "medium"), (7003, "hard")]),
}
DIGESTS = {
    "sudoku": "c8efd8be371daf6a91d94d06cf8435602415dc7cd2678bed03c79f83d5af8184",
    "math_proof": "ddab2df728f6ffcb8e0adf97c70aa750369d06a2ab1772047972cacab1d0103b",
    "tangram": "91cd37a03c0a48ed3682856c092550e3cc0d443d12258d27d539dbb26fe6bcbe",
}


def generation_digest(name: str) -> str:
    track = get_track(name)
    digest = hashlib.sha256()
    for seed, variant in CASES[name][1]:
        puzzle = track.generate(seed, variant)
        for image in (puzzle.input_image, *puzzle.reference_images, puzzle.edit_mask):
            digest.update(image.mode.encode() + repr(image.size).encode() + image.tobytes())
        digest.update(json.dumps([puzzle.ground_truth, puzzle.layout, puzzle.difficulty, puzzle.instruction],
                                 sort_keys=True).encode())
    return digest.hexdigest()


def test_sudoku_generation_keeps_version_2_bytes():
    assert get_track("sudoku").version == CASES["sudoku"][0]
    assert generation_digest("sudoku") == DIGESTS["sudoku"]


def test_math_proof_generation_keeps_version_2_bytes():
    assert get_track("math_proof").version == CASES["math_proof"][0]
    assert generation_digest("math_proof") == DIGESTS["math_proof"]


def test_tangram_generation_keeps_version_5_bytes():
    assert get_track("tangram").version == CASES["tangram"][0]
    assert generation_digest("tangram") == DIGESTS["tangram"]
