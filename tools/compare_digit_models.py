"""Ship test for a retrained digit model: held-out rows of ``benchmarks/bench_digits.py`` for several
model files in one run, on the same cells and answers (the bench's seeds), side by side.

    python tools/compare_digit_models.py data/models/digits.npz NEW.npz [--cells] [--answers] [--calib]

``--calib`` adds the decision figures that may be looked at before the held-out run: right / sure-wrong /
unsure on the calib split's styles never trained on (``train_digit_reader.unseen_calibration_images``; the
class error scale is fitted on these same cells, so they are not independent of it). Held-out rows are for
the ship decision only, measured once per candidate: never tune on them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tools"))

import bench_digits as bench  # noqa: E402
import train_digit_reader as tr  # noqa: E402

from genpuzzle.verifiers import digits as dg  # noqa: E402


def use_model(path: Path) -> None:
    """Make ``path`` the model every verifier's ``default_reader()`` returns."""
    dg.MODEL_PATH = Path(path)
    dg.default_reader.cache_clear()


def calib_rows(path: Path) -> list[dict]:
    reader = dg.DigitReader.load(path)
    x, y = tr.unseen_calibration_images()
    best, conf = reader.decide(x)
    right, sure = best == y, conf >= dg.CONFIDENT
    return [bench._row("calib_unseen.right", right.mean(), "fraction", 1.0),
            bench._row("calib_unseen.confident_wrong", (~right & sure).mean(), "fraction", 0.003),
            bench._row("calib_unseen.unsure", (~sure).mean(), "fraction", 1.0),
            bench._row("calib_unseen.cells", len(y), "count", 1.0)]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("models", type=Path, nargs="+")
    ap.add_argument("--cells", action="store_true")
    ap.add_argument("--answers", action="store_true")
    ap.add_argument("--calib", action="store_true")
    ap.add_argument("--quick", action="store_true")
    a = ap.parse_args(argv)
    original = dg.MODEL_PATH
    table: dict[str, list] = {}
    for k, path in enumerate(a.models):
        use_model(path)
        rows = ((calib_rows(path) if a.calib else []) + (bench.cell_rows(a.quick) if a.cells else [])
                + (bench.answer_rows(a.quick) if a.answers else []))
        for r in rows:
            table.setdefault(r["name"], [None] * len(a.models))[k] = r["value"]
        print(f"# done {path}", file=sys.stderr, flush=True)
    use_model(original)
    print(f"{'row':52s} " + " ".join(f"{p.name[:14]:>14s}" for p in a.models))
    for name, values in table.items():
        print(f"{name:52s} " + " ".join(f"{v!s:>14s}" for v in values))
    return None


if __name__ == "__main__":
    np.seterr(all="ignore")
    sys.exit(main())
