"""References redrawn with a page change (:mod:`genpuzzle.page_perturb`) and saved as JPEG 85, as the
lead's spot check makes them: each must verify to 100. Cases found by that check are pinned in the
tracks' tests through :func:`reference_under_page_change`."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image

from genpuzzle.dataset import load_set, write_set
from genpuzzle.evaluate import verify_answer
from genpuzzle.page_perturb import page_change


def reference_under_page_change(tmp: Path, track: str, master_seed: int, count: int, variant: str,
                                change: str):
    """The verdict on the first ``variant`` reference of a ``count``-instance ``track`` set (master seed
    ``master_seed``) redrawn with the page change ``change`` (seeded with the master seed) as JPEG 85."""
    root = tmp / f"{track}_{master_seed}"
    write_set(root, {track: count}, master_seed)
    record = next(r for r in load_set(root).records if r.variant == variant)
    reference = np.asarray(Image.open(root / record.reference_images[0]).convert("RGB"))
    changed = page_change(reference, change, seed=master_seed)[0]
    path = tmp / f"{record.id}_{change}.jpg"
    Image.fromarray(changed).convert("RGB").save(path, quality=85)
    return verify_answer(str(root), record, path)
