"""What the thirteenth session's blind audit families share: the page changes they apply after drawing an
answer, how a verdict is classed against what the case expects, and the per-style / per-case tally."""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from genpuzzle import page_perturb, perturb

KINDS = ("right", "false_pass", "confident_false_fail", "review", "unreadable")
PAGE_CHANGES = ("caption", "letterbox_4_3", "letterbox_16_9", "dark_border", "dark_margins", "combined")


def apply_page(image: np.ndarray, steps: Sequence[tuple[str, Any]], seed: int,
               extra: Mapping[str, Callable[[np.ndarray, Any, int], np.ndarray]] | None = None) -> np.ndarray:
    """``image`` after each ``(name, arg)`` step in turn: a white margin of ``arg`` px, one of
    :data:`PAGE_CHANGES` (``genpuzzle.page_perturb.page_change``), paper texture, a tilt of ``arg`` degrees
    (its sign from the seed), a keystone, a rescale, a blur, JPEG at quality ``arg``, or a family's own
    ``extra`` step. An unknown step raises ``ValueError``."""
    for name, arg in steps:
        if extra and name in extra:
            image = extra[name](image, arg, seed)
        elif name == "margin":
            image = perturb.pad(image, arg, arg, arg, arg, (255, 255, 255))
        elif name in PAGE_CHANGES:
            image = page_perturb.page_change(image, name, seed)[0]
        elif name == "texture":
            image = page_perturb.paper_texture(image, arg, seed)
        elif name == "tilt":
            image = page_perturb.rotate_expand(image, arg if seed % 2 else -arg)[0]
        elif name == "keystone":
            image = page_perturb.perspective(image, arg, seed)[0]
        elif name == "rescale":
            image = perturb.rescale(image, arg)
        elif name == "blur":
            image = perturb.blur(image, arg)
        elif name == "jpeg":
            image = perturb.jpeg(image, arg)
        else:
            raise ValueError(name)
    return image


def outcome(expect: str, verdict: Any) -> str:
    """One of :data:`KINDS` for ``verdict`` on a case expecting ``correct`` (100 without review),
    ``correct_or_review`` (a faint ghost: 100 or review both right) or anything else (a planted error: it must
    not pass; named without review is right)."""
    status = getattr(verdict.status, "value", verdict.status)
    passed = verdict.score == 100 and status == "correct" and not verdict.needs_review
    if status in ("unreadable", "error"):
        return "unreadable"
    if expect == "correct":
        if passed:
            return "right"
        if status == "incorrect" and not verdict.needs_review:
            return "confident_false_fail"
        return "review"
    if expect == "correct_or_review":
        if passed or (verdict.needs_review or status == "needs_review"):
            return "right"
        return "confident_false_fail"
    if verdict.score == 100 or status == "correct":
        return "false_pass"
    return "right" if status == "incorrect" else "review"


def print_tally(by_style: Mapping[str, Counter], by_case: Mapping[str, Counter], lines: Sequence[str],
                width: int = 30) -> None:
    """Print the outcome counts per style and per case, the total, then ``lines`` (the misses)."""
    for title, table in (("style", by_style), ("case", by_case)):
        print(f"== by {title}: " + " / ".join(KINDS))
        for name, c in table.items():
            print(f"  {name:{width}s} " + " ".join(f"{c[k]:3d}" for k in KINDS) + f"  of {sum(c.values())}")
    total: Counter = Counter()
    for c in by_case.values():
        total.update(c)
    print("== total: " + ", ".join(f"{k} {total[k]}" for k in KINDS) + f" of {sum(total.values())}")
    print("\n".join(lines))


def run_audit(track: str, n_instances: int, master_seed: int, cases: Callable, paint: Callable,
              error_codes: Mapping[str, Sequence[str]], json_out: str | None = None) -> list[dict[str, Any]]:
    """Verify every case of a blind audit family on a fresh ``track`` set and print the tally.

    ``cases(records, master_seed)`` yields ``(record, case, expect, answer, style, seed)``, ``expect`` being
    ``"correct"`` or ``"not_pass"``; ``paint(record, input_image, answer, style, seed)`` draws the answer page. A
    planted error (``not_pass``) counts as named when the verdict carries one of ``error_codes[case]``. Returns one
    row per answer (also written to ``json_out``)."""
    import importlib
    import json
    import os
    import tempfile
    from collections import defaultdict
    from pathlib import Path

    from PIL import Image

    from genpuzzle.dataset import load_set, write_set
    from genpuzzle.evaluate import _instance_images, verify_image

    verifier = importlib.import_module(f"genpuzzle.verifiers.{track}")
    print("verifier:", os.path.realpath(verifier.__file__))
    root = Path(tempfile.mkdtemp(prefix=f"gp-audit-{track}-")) / "set"
    write_set(root, {track: n_instances}, master_seed=master_seed)
    pset = load_set(root)
    by_style: dict[str, Counter] = defaultdict(Counter)
    by_case: dict[str, Counter] = defaultdict(Counter)
    lines, rows = [], []
    for record, case, expect, answer, style, seed in cases(pset.records, master_seed):
        target, mask = _instance_images(str(root), record.input_image, record.edit_mask)
        image = Image.open(root / record.input_image)
        verdict = verify_image(record, paint(record, image, answer, style, seed), target, mask)
        kind = outcome(expect, verdict)
        named = expect != "not_pass" or bool(set(verdict.codes) & set(error_codes[case]))
        by_style[style.name][kind] += 1
        by_case[case][kind] += 1
        rows.append({"id": record.id, "variant": record.variant, "style": style.name, "case": case,
                     "expect": expect, "kind": kind, "named": named, "status": verdict.status.value,
                     "score": verdict.score, "review": bool(verdict.needs_review), "codes": list(verdict.codes)})
        if kind != "right" or not named:
            lines.append(f"  {kind:21s}{'' if named else ' (unnamed)'} {record.id} {record.variant} {style.name} "
                         f"{case} -> {verdict.status.value} {verdict.score} review={verdict.needs_review} "
                         f"{verdict.codes}")
    print_tally(by_style, by_case, lines)
    if json_out:
        Path(json_out).write_text(json.dumps(rows, indent=1))
    return rows
