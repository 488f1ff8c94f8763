"""The demo run: a small set of every track, two mock "models" answering it, evaluation and a report.

It exercises the whole pipeline in one command on a fresh machine: generation with certified
uniqueness, registration of distorted answers, every track's verifier, Macro Overall, the HTML report.
The mock models are ``reference-distorted`` (every reference image as an image model might return it:
squashed to 1024x1024, off-white, blurred, JPEG) and ``unchanged-input`` (the puzzle handed back as is).
"""

from __future__ import annotations

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


def run_demo(out: Path, tracks: list[str], count: int, seed: int, workers: int,
             log: Callable[[str], None] = print) -> dict[str, Any]:
    """Generate, answer, evaluate and report into ``out``; returns {model: summary}."""
    from genpuzzle.report import write_report

    out = Path(out)
    if out.exists() and any(out.iterdir()):
        raise DatasetError(f"{out}: output folder is not empty; choose a new --out")
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
