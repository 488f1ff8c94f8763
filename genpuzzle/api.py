"""The Python API for notebooks: one puzzle generated in memory, one answer image verified in memory.

    import genpuzzle

    puzzle = genpuzzle.generate("sudoku", seed=7, variant="4x4")   # a Puzzle: PIL images + ground truth
    verdict = genpuzzle.verify(puzzle, puzzle.reference_images[0])  # any PIL image or RGB/grey array
    verdict.status, verdict.score, verdict.violations

Nothing is written to disk. Verification is the same pipeline ``genpuzzle evaluate`` runs (registration
into the input frame, then the track's verifier); an instance of a set on disk is verified with
``verify(record, answer, set_dir=...)``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

from genpuzzle.errors import ImageError, TrackError
from genpuzzle.records import InstanceRecord, Puzzle, Verdict

__all__ = ["generate", "record_of", "verify"]


def generate(track: str, seed: int = 0, variant: str | None = None) -> Puzzle:
    """One puzzle of ``track`` from ``seed``, in memory (``Track.generate``). ``variant`` defaults to the
    track's first variant in its default mix; the same (track, seed, variant, version) gives the same
    puzzle as a set generated to disk with that seed."""
    from genpuzzle.registry import get_track

    chosen = get_track(track)
    if variant is None:
        variant = chosen.plan_variants(1)[0]
    elif variant not in chosen.variants:
        raise TrackError(f"track {track!r} has no variant {variant!r}; variants: {', '.join(chosen.variants)}")
    return chosen.generate(seed, variant)


def record_of(puzzle: Puzzle, instance_id: str | None = None) -> InstanceRecord:
    """The manifest record of an in-memory puzzle, as a set on disk would hold it (JSON round-tripped, so
    verifiers see the same types); image paths are empty."""
    from genpuzzle.dataset import json_line
    from genpuzzle.registry import get_track

    record = InstanceRecord(
        id=instance_id or f"{puzzle.track}-{puzzle.variant}-seed{puzzle.seed}", track=puzzle.track,
        variant=puzzle.variant, difficulty=puzzle.difficulty, seed=puzzle.seed, instruction=puzzle.instruction,
        input_image="", reference_images=[], edit_mask="", ground_truth=puzzle.ground_truth, layout=puzzle.layout,
        scoring=puzzle.scoring, track_version=get_track(puzzle.track).version)
    return InstanceRecord.from_json(json.loads(json_line(record.to_json())))


def verify(puzzle: Puzzle | InstanceRecord, answer: Any, *, set_dir: str | Path | None = None) -> Verdict:
    """The verdict on ``answer`` (a PIL image, a uint8 array of shape (H, W), (H, W, 3) or (H, W, 4), or an
    image file path) for ``puzzle``: a :class:`Puzzle` from :func:`generate`, or an
    :class:`InstanceRecord` of the set at ``set_dir``."""
    from genpuzzle.evaluate import verify_image

    if isinstance(puzzle, Puzzle):
        record = record_of(puzzle)
        target = _rgb(puzzle.input_image)
        mask = np.asarray(puzzle.edit_mask.convert("L")) > 127
    elif isinstance(puzzle, InstanceRecord):
        if set_dir is None:
            raise TypeError("verify(record, ...) needs set_dir: the set folder holding the record's images")
        from genpuzzle.images import load_image, load_mask

        record = puzzle
        target = load_image(Path(set_dir) / record.input_image)
        mask = load_mask(Path(set_dir) / record.edit_mask)
    else:
        raise TypeError(f"verify() takes a Puzzle or an InstanceRecord, not {type(puzzle).__name__}")
    answer_path = None
    if isinstance(answer, (str, Path)):
        from genpuzzle.images import load_image

        answer_path, answer = str(answer), load_image(answer)
    return verify_image(record, _answer_array(answer), target, mask, answer_path=answer_path)


def _rgb(image: Image.Image) -> np.ndarray:
    from genpuzzle.images import _pil_to_rgb

    return np.array(_pil_to_rgb(image))  # a writable copy, as decoded files are


def _answer_array(answer: Any) -> np.ndarray:
    if isinstance(answer, Image.Image):
        return _rgb(answer)
    array = np.asarray(answer)
    if array.dtype != np.uint8 or not (array.ndim == 2 or (array.ndim == 3 and array.shape[2] in (3, 4))):
        raise ImageError(f"answer array of dtype {array.dtype} and shape {array.shape}: expected uint8 with shape "
                         f"(H, W), (H, W, 3) RGB or (H, W, 4) RGBA")
    return array if array.ndim == 3 and array.shape[2] == 3 else _rgb(Image.fromarray(array))
