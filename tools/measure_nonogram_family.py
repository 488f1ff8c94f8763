"""Measure the nonogram verifier on one answer family and write every answer's verdict to JSON.

    python3 tools/measure_nonogram_family.py nonogram_heldout15:HELDOUT15 --seed 5 --json /tmp/blind15.json

``MODULE:FAMILY`` names a tuple of styles in a module on the path (``tests/`` is put first on ``sys.path``, after
whatever PYTHONPATH holds, so a snapshot's package and answer modules can be measured by putting them first). The
answers, the verification (``evaluate.verify_image``) and the verdict rule are those of ``tests/nonogram_answers.measure`` (same puzzles: seed
``1000 * seed + 10 * size index + k``; an answer is drawn with ``seed=k``); the summary printed is measure()'s,
plus breakdowns by planted error, size and style. The JSON holds one record per answer: style, size, puzzle, error,
expected status, status, score, violation codes, needs_review and the unsure readings the verdict lists.

``--answers DIR`` keeps the drawn answers (lossless PNG, one per answer) and reuses them on the next run with the same
DIR: drawing is a third of a run, and the answers do not depend on the verifier, so a before/after pair or a re-run
after a fix only registers and verifies. Use one DIR per family and seed.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent / "tests"))  # after PYTHONPATH: a snapshot can go first


ALL_VARIANTS = ("5x5", "10x10", "15x15")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("family", help="MODULE:FAMILY, e.g. nonogram_heldout15:HELDOUT15")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--json", type=Path, help="write the per-answer records here")
    ap.add_argument("--variants", default=",".join(ALL_VARIANTS))
    ap.add_argument("--puzzles", type=int, default=2)
    ap.add_argument("--styles", help="only these styles (comma-separated names; default: the family's all)")
    ap.add_argument("--answers", type=Path, help="keep the drawn answers here and reuse them (one folder per family "
                                                  "and seed)")
    args = ap.parse_args(argv)

    import numpy as np

    import genpuzzle
    import nonogram_answers as na
    from genpuzzle.records import InstanceRecord, Status
    from genpuzzle.evaluate import verify_image
    from genpuzzle.registry import get_track

    module_name, family_name = args.family.split(":")
    styles = getattr(importlib.import_module(module_name), family_name)
    if args.styles:
        wanted = set(args.styles.split(","))
        unknown = wanted - {style.name for style in styles}
        if unknown:
            ap.error(f"no style {', '.join(sorted(unknown))} in {args.family}")
        styles = tuple(style for style in styles if style.name in wanted)
    track = get_track("nonogram")
    print(f"genpuzzle: {Path(genpuzzle.__file__).parent}; answers: {na.__file__}; family {args.family}, "
          f"{len(styles)} styles, seed {args.seed}, nonogram track version {track.version}", flush=True)
    stats = {"total": 0, "right": 0, "false_pass": 0, "false_fail": 0, "confident_false_fail": 0, "review": 0,
             "unreadable": 0, "wrong": []}
    records = []
    start = time.time()
    variants = args.variants.split(",")
    for vi, variant in enumerate(variants):
        for k in range(args.puzzles):
            # (the puzzle seed counts the variant's place among all three, so --variants 15x15 alone draws the
            # same puzzles, and reuses the same kept answers, as the whole run)
            place = ALL_VARIANTS.index(variant) if variant in ALL_VARIANTS else vi
            p = track.generate(1000 * args.seed + 10 * place + k, variant)
            rec = InstanceRecord(id=f"{variant}-{k}", track="nonogram", variant=variant, difficulty=p.difficulty,
                                 seed=k, instruction="", input_image="", reference_images=[], edit_mask="",
                                 ground_truth=p.ground_truth, layout=p.layout, scoring=p.scoring,
                                 track_version=track.version)
            inp = np.asarray(p.input_image.convert("RGB"))
            mask = np.asarray(p.edit_mask) > 127  # as images.load_mask reads a set's mask
            for style in styles:
                for error in na.ERRORS:
                    answer = drawn_answer(args.answers, f"{style.name}__{variant}__{k}__{error}.png",
                                          lambda: na.make_answer(p.input_image, p.layout, p.ground_truth, style,
                                                                 error, seed=k))
                    # the product's path: registration, the verifier, reproducible numerics, a crash as an error verdict
                    v = verify_image(rec, answer, inp, mask)
                    stats["total"] += 1
                    label = f"{style.name}/{variant}/{k}/{error}"
                    row = {"style": style.name, "size": variant, "puzzle": k, "error": error,
                           "expected": "correct" if error == "none" else "incorrect"}
                    if v.status in (Status.UNREADABLE, Status.ERROR):
                        stats["unreadable"] += 1
                        stats["wrong"].append((label, v.status.value, v.reason))
                        row.update(status=v.status.value, score=0, violations=[], needs_review=False, right=False,
                                   reason=v.reason)
                        records.append(row)
                        continue
                    review = v.status == Status.NEEDS_REVIEW or v.needs_review
                    stats["review"] += review
                    codes = list(v.codes)
                    if error == "none":
                        ok = v.status == Status.CORRECT and v.score == 100
                        stats["false_fail"] += not ok
                        stats["confident_false_fail"] += v.status == Status.INCORRECT and not review
                    else:
                        ok = v.status == Status.INCORRECT and v.score < 100 and bool(set(codes) & na.EXPECTED_CODES[error])
                        stats["false_pass"] += v.status == Status.CORRECT or v.score >= 100
                    stats["unreadable"] += v.status == Status.UNREADABLE
                    stats["right"] += ok
                    extra = v.extra or {}
                    row.update(status=v.status.value, score=float(v.score), violations=codes, needs_review=bool(review),
                               right=bool(ok), unsure_cells=len(extra.get("unsure_cells", []) or []),
                               unsure_clues=len(extra.get("unsure_clues", []) or []))
                    records.append(row)
                    if not ok:
                        stats["wrong"].append((label, v.status.value, v.score, codes[:4],
                                               extra.get("unsure_cells", [])[:2], extra.get("unsure_clues", [])[:1]))
            print(f"  {variant} puzzle {k}: {stats['right']}/{stats['total']} right so far "
                  f"({time.time() - start:.0f} s)", flush=True)
    wrong = stats.pop("wrong")
    print({k: v for k, v in stats.items()})
    for w in wrong:
        print("  ", w)
    for key in ("error", "size", "style"):
        groups: dict[str, list[dict]] = defaultdict(list)
        for r in records:
            groups[r[key]].append(r)
        print(f"by {key}:")
        for name, rows in groups.items():
            fp = sum(r["expected"] == "incorrect" and (r["status"] == "correct" or r["score"] >= 100) for r in rows)
            print(f"  {name}: {sum(r['right'] for r in rows)}/{len(rows)} right, {fp} false passes, "
                  f"{sum(r['needs_review'] for r in rows)} needs_review, "
                  f"{sum(r['status'] == 'unreadable' for r in rows)} unreadable")
    print(f"{time.time() - start:.0f} s")
    if args.json:
        args.json.write_text(json.dumps({"family": args.family, "seed": args.seed, "summary": stats,
                                         "answers": records}, indent=1))
        print(f"wrote {args.json}")
    return 0


def drawn_answer(folder: Path | None, name: str, draw) -> "np.ndarray":
    """The answer ``draw()`` returns, kept in ``folder`` as a lossless PNG and read back from there when present."""
    import numpy as np
    from PIL import Image

    if folder is None:
        return draw()
    path = folder / name
    if path.exists():
        return np.asarray(Image.open(path).convert("RGB"))
    answer = draw()
    if answer.dtype != np.uint8 or answer.ndim != 3 or answer.shape[2] != 3:
        return answer  # only 8-bit RGB pages round-trip through PNG unchanged
    folder.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".part.png")
    Image.fromarray(answer).save(tmp)
    tmp.replace(path)
    return answer


if __name__ == "__main__":
    sys.exit(main())
