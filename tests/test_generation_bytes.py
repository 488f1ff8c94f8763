"""Sudoku and math_proof generation keep their bytes: a digest of a few instances computed with each track's
code before issue 24's eighth pass (commit 27e6b24). A speed-up must keep it; a change of a track's output
must bump the track's version and its digest here. (Pixels and records, not PNG files: independent of
zlib's build, as in ``test_tangram.test_generation_keeps_version_4_bytes``.)"""

from __future__ import annotations

import hashlib
import json

from genpuzzle.registry import get_track

CASES = {
    "sudoku": ("2", [(11, "4x4"), (12, "9x9"), (13, "9x9"), (7001, "4x4"), (7002, "9x9"), (7003, "9x9")]),
    # 14 constructions of 9 kinds, lattices of 4 identities
    "math_proof": ("1", [(seed, "construction") for seed in range(21, 35)]
                   + [(seed, "proof_without_words") for seed in (41, 42, 43, 44, 45, 46)]),
}
DIGESTS = {
    "sudoku": "c8efd8be371daf6a91d94d06cf8435602415dc7cd2678bed03c79f83d5af8184",
    "math_proof": "3f874a518b680965bd64922cc1cdce0b7fe0848e47ca54e2a58e69795b9b8fca",
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


def test_math_proof_generation_keeps_version_1_bytes():
    assert get_track("math_proof").version == CASES["math_proof"][0]
    assert generation_digest("math_proof") == DIGESTS["math_proof"]
