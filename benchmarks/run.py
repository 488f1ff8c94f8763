"""Run the benchmarks and print each figure with its same-run baseline and ratio.

    python benchmarks/run.py [--quick] [--only NAME[,NAME...]] [--json FILE]

Every ``benchmarks/bench_<name>.py`` exposes ``run(quick: bool) -> list[dict]`` returning rows
``{"name", "value", "unit", "baseline", "ratio"}``. Baselines are measured in the same run (PNG encode or
decode of the same images, an independent solver, ...) or are the stated targets, so ratios compare
like with like on whatever machine runs them.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def load(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="smaller workloads (a smoke run)")
    parser.add_argument("--only", default="", help="comma-separated benchmark names, e.g. sudoku,maze")
    parser.add_argument("--json", type=Path, help="also write all rows to this JSON file")
    args = parser.parse_args()
    wanted = {n.strip() for n in args.only.split(",") if n.strip()}
    rows: list[dict] = []
    for path in sorted(HERE.glob("bench_*.py")):
        name = path.stem.removeprefix("bench_")
        if wanted and name not in wanted:
            continue
        start = time.perf_counter()
        print(f"== {name}", flush=True)
        for row in load(path).run(args.quick):
            rows.append({"benchmark": name, **row})
            ratio = row.get("ratio")
            print(f"  {row['name']:<58} {row['value']:>12.4g} {row['unit']:<14} baseline {row['baseline']:>10.4g}"
                  f"  ratio {ratio if ratio is None else f'{ratio:.3g}'}", flush=True)
            if row.get("note"):
                print(f"      {row['note']}", flush=True)
        print(f"  ({time.perf_counter() - start:.1f} s)", flush=True)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
