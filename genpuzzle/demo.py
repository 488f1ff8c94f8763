"""The demo run: a small set of every track, two mock "models" answering it, evaluation and a report.

It exercises the whole pipeline in one command on a fresh machine: generation with certified
uniqueness, registration of distorted answers, every track's verifier, Macro Overall, the HTML report.
The mock models are ``reference-distorted`` (every reference image as an image model might return it:
squashed to 1024x1024, off-white, blurred, JPEG) and ``unchanged-input`` (the puzzle handed back as is).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image

from genpuzzle import perturb
from genpuzzle.dataset import load_set, write_set
from genpuzzle.errors import DatasetError
from genpuzzle.evaluate import evaluate
from genpuzzle.registration import load_image

MOCK_MODELS = ("reference-distorted", "unchanged-input")


def write_mock_answers(set_dir: Path, out: Path, model: str) -> None:
    """Answer images of one mock model for every instance of the set."""
    puzzle_set = load_set(set_dir)
    out.mkdir(parents=True, exist_ok=True)
    for record in puzzle_set.records:
        if model == "reference-distorted":
            image = perturb.model_like(load_image(puzzle_set.path(record.reference_images[0])), seed=record.seed % 1000)
            Image.fromarray(image).save(out / f"{record.id}.jpg", quality=90)
        else:
            Image.fromarray(load_image(puzzle_set.path(record.input_image))).save(out / f"{record.id}.png")


DEFAULT_OUT = Path("runs/demo")
DEMO_ENTRIES = ("set", "answers", "results", "report.html")  # what a demo run writes (plus report.*.png charts)


def fresh_folder(base: Path = DEFAULT_OUT) -> Path:
    """``base`` if it is new or empty, else the first of ``base-2``, ``base-3``, ... that is."""
    candidate, k = Path(base), 1
    while candidate.exists() and (not candidate.is_dir() or any(candidate.iterdir())):
        k += 1
        candidate = Path(base).with_name(f"{Path(base).name}-{k}")
    return candidate


def _is_demo_entry(path: Path) -> bool:
    return path.name in DEMO_ENTRIES or (path.name.startswith("report.") and path.suffix == ".png")


def clear_demo(out: Path) -> None:
    """Remove a previous demo run from ``out``; refuses a folder holding anything a demo does not write."""
    foreign = sorted(p.name for p in out.iterdir() if not _is_demo_entry(p))
    if foreign:
        raise DatasetError(f"{out}: holds {', '.join(foreign[:3])}, which a demo run does not write; --force "
                           f"only replaces a previous demo run: choose another --out")
    for path in out.iterdir():
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()


def run_demo(out: Path, tracks: list[str], count: int, seed: int, workers: int,
             log: Callable[[str], None] = print, force: bool = False) -> dict[str, Any]:
    """Generate, answer, evaluate and report into ``out``; returns {model: summary}.

    ``out`` must be new or empty; with ``force`` a previous demo run in it is replaced.
    """
    from genpuzzle.report import write_report

    out = Path(out)
    if out.exists() and any(out.iterdir()):
        if not force:
            raise DatasetError(f"{out}: output folder is not empty; choose a new --out, or pass --force to "
                               f"replace the previous demo run there")
        clear_demo(out)
    set_dir = out / "set"
    log(f"generating {count} instance(s) of each of {len(tracks)} tracks into {set_dir}")
    write_set(set_dir, {t: count for t in tracks}, seed, workers=workers)
    summaries = {}
    for model in MOCK_MODELS:
        answers = out / "answers" / model
        write_mock_answers(set_dir, answers, model)
        log(f"verifying the answers of mock model {model!r}")
        summaries[model] = evaluate(set_dir, answers, out / "results" / model, workers=workers)
    report = write_report([out / "results" / m for m in MOCK_MODELS], out / "report.html")
    log(f"report: {report[0]}")
    return summaries
