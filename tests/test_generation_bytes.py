"""Generation keeps its bytes per track version: a digest of a few instances (pixels of every image and the
records, not PNG files: independent of zlib's build; it does depend on GEOS and Pillow giving the same
floats and rasters, as set fingerprints do). A speed-up must keep it; a change of a track's output must
bump the track's version and its digest here. Sudoku 2: computed with its code before issue 24's eighth
pass (commit 27e6b24). Tangram 5 and math_proof 2 (issue 24's ninth pass): computed when those versions
were made; tangram 6 (a stored silhouette that is not simple is re-drawn) gives these cases tangram 5's
digest. The versions before them are no longer generated (the code keeps one version per track; their
bytes are in earlier sets and at commit 5665181): tangram 4's digest ``0b893618fe1a...`` (six instances
without their instructions, in test_tangram.py until then), math_proof 1's ``3f874a518b68...`` (these
cases; 4093360 kept it with the edit mask drawn instead of compared)."""

from __future__ import annotations

import hashlib
import json

import numpy as np
import pytest

from genpuzzle.registry import get_track

CASES = {
    "sudoku": ("2", [(11, "4x4"), (12, "9x9"), (13, "9x9"), (7001, "4x4"), (7002, "9x9"), (7003, "9x9")]),
    # 14 constructions of 9 kinds, lattices of 4 identities
    "math_proof": ("2", [(seed, "construction") for seed in range(21, 35)]
                   + [(seed, "proof_without_words") for seed in (41, 42, 43, 44, 45, 46)]),
    "tangram": ("6", [(11, "easy"), (12, "medium"), (13, "hard"), (7001, "easy"), (7002, "medium"), (7003, "hard")]),
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


def test_tangram_generation_keeps_version_6_bytes():
    assert get_track("tangram").version == CASES["tangram"][0]
    assert generation_digest("tangram") == DIGESTS["tangram"]


# Issue 24's ninth pass on four tracks (same bytes, no version bumped): digests of the images as the set
# stores them (an RGB image with no colour as its grey band: orthographic now draws such pages in L) and the
# records and extra files, computed with the code before that pass (commit 5665181) and equal after it.
STORED_CASES = {
    "orthographic": ("6", [(seed, variant) for variant in ("solid_to_views", "views_to_solid", "missing_view")
                           for seed in (11, 12, 13)]),
    "pattern_completion": ("2", [(seed, variant) for variant in ("matrix_cells", "matrix_objects", "sequence",
                                                                 "counting") for seed in (11, 12)]),
    "matchstick": ("3", [(11, "1move"), (12, "2move"), (13, "3move"), (14, "4move"), (15, "several"),
                         (7001, "1move")]),
    "board_game": ("1", None),  # seed 11 of every game
    # issue 24's tenth pass: computed with the code before it (commit 3087152)
    "spatial_construction": ("3", [(seed, variant) for variant in ("cube_net", "paper_folding", "cross_section",
                                                                   "assembly") for seed in (11, 12, 13)]),
}
STORED_DIGESTS = {
    "orthographic": "fcd5b89e71a86f2a8cb4159bff9090fd47b88e019d5c52e760e785b512eb06f6",
    "pattern_completion": "6dafb04be5100ee36e64b523e53d9079fdee82a915db82757aee7ffc1af2b567",
    "matchstick": "cabda0e55fbd27d08951f231d008b4a92efac2a9f69057988f50d65e4f7d7d01",
    "board_game": "4241d71167bced213b3cf3e0b7d366247f705fd7995091145d851c12defffa5f",
    "spatial_construction": "fd4731ea486d329d41ee1dfc0a90ff86454a0951a123957db44c75162020dfdf",
}


def _as_stored(image):
    """The pixels the set writer stores: a grey RGB image as its one band."""
    if image.mode == "RGB":
        a = np.asarray(image)
        if (a[..., 0] == a[..., 1]).all() and (a[..., 1] == a[..., 2]).all():
            return image.getchannel(0)
    return image


def stored_generation_digest(name: str) -> str:
    track = get_track(name)
    cases = STORED_CASES[name][1] or [(11, variant) for variant in track.variants]
    digest = hashlib.sha256()
    for seed, variant in cases:
        puzzle = track.generate(seed, variant)
        for image in (puzzle.input_image, *puzzle.reference_images, puzzle.edit_mask):
            image = _as_stored(image)
            digest.update(image.mode.encode() + repr(image.size).encode() + image.tobytes())
        digest.update(json.dumps([puzzle.ground_truth, puzzle.layout, puzzle.difficulty, puzzle.instruction],
                                 sort_keys=True).encode())
        for suffix in sorted(puzzle.extra_files):
            digest.update(suffix.encode() + puzzle.extra_files[suffix])
    return digest.hexdigest()


@pytest.mark.parametrize("name", sorted(STORED_CASES))
def test_generation_keeps_stored_bytes(name):
    assert get_track(name).version == STORED_CASES[name][0]
    assert stored_generation_digest(name) == STORED_DIGESTS[name]
