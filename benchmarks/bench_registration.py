"""Speed and success of `genpuzzle.registration.register` on synthetic edited answers.

Rows: {"name", "value", "unit", "baseline", "ratio"}; value = median CPU ms of one register() call on one
core, baseline = median CPU ms to decode the same answer from PNG (measured in the same run), ratio =
value / baseline.  The scenes and perturbations are the ones tests/test_registration.py checks for
correctness.  Run: python benchmarks/bench_registration.py [--quick] [--verify]

It also sweeps real track instances under page-layout changes (tests/registration_pages.py: captions, dark
borders, 4:3 and 16:9 letterboxes, dark margins, combined mild changes, and six held-out page styles never
used for tuning) and prints, per change, how many registrations put the puzzle's anchors (grid corners,
frame, panels) within 2 px; with --verify also the track verifier's status on the registered references.
The same for pages photographed at an angle (:func:`photographed`: one edge 3-14 % shorter than the opposite
one, on a table), which only the homography step registers beyond ~1 %.
"""

from __future__ import annotations

import importlib.util
import io
import sys
import time
from pathlib import Path

import cv2
import numpy as np
from PIL import Image

from genpuzzle.registration import register

_TESTS = Path(__file__).resolve().parent.parent / "tests" / "test_registration.py"
_PAGES = _TESTS.parent / "registration_pages.py"


def _pages_module():
    spec = importlib.util.spec_from_file_location("_registration_pages", _PAGES)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def _scenes_module():
    spec = importlib.util.spec_from_file_location("_registration_scenes", _TESTS)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def _cpu_ms(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.process_time()
        fn()
        times.append((time.process_time() - t0) * 1000.0)
    return float(np.median(times))


def photographed(image: np.ndarray, narrow: float, seed: int = 0, table: tuple[int, int, int] = (82, 74, 66)
                 ) -> tuple[np.ndarray, np.ndarray]:
    """:func:`genpuzzle.page_perturb.photographed` with the far edge chosen by ``seed``, turned by -2..2 deg,
    JPEG 85. Returns the photo and the 3x3 map from ``image``'s pixels to it."""
    from genpuzzle import page_perturb

    rng = np.random.default_rng(seed)
    far = ("top", "bottom", "left", "right")[int(rng.integers(4))]
    photo, M = page_perturb.photographed(image, narrow, far, float(rng.uniform(-2, 2)), table=table)
    buf = io.BytesIO()
    Image.fromarray(photo).save(buf, "JPEG", quality=85)
    return np.asarray(Image.open(buf).convert("RGB")), M


ANGLED_NARROW = (0.03, 0.06, 0.1, 0.14)  # how much shorter the far edge is, in the angled sweep


def angled_sweep(seeds: int, verify: bool) -> list[str]:
    """Lines of per-strength and per-track success (anchors within 2 px, in input px) of references
    :func:`photographed` at an angle, and with ``verify`` the verifier's statuses."""
    pages = _pages_module()
    from genpuzzle.registry import get_track

    tally: dict[str, list[int]] = {}
    per_track: dict[str, list[int]] = {}
    statuses: dict[str, dict[str, int]] = {}
    misses = []
    for track, variant in pages.INSTANCE_KINDS:
        for seed in range(seeds):
            record, target, reference, mask = pages.instance(track, variant, seed)
            pts = pages.anchor_points(record.layout)
            for k, narrow in enumerate(ANGLED_NARROW):
                answer, matrix = photographed(reference, narrow, seed=100 * seed + k)
                reg = register(answer, target, edit_mask=mask)
                err = float("inf")
                if reg.ok:
                    scale = max(answer.shape[:2]) / max(target.shape[:2])
                    err = float(np.abs(reg.source_points(pts) - pages._apply(matrix, pts)).max()) / scale
                good = reg.ok and err <= pages.TOLERANCE_PX
                for t, key in ((tally, f"{narrow:.0%}"), (per_track, f"{track}/{variant}")):
                    t.setdefault(key, [0, 0])
                    t[key][0] += good
                    t[key][1] += 1
                if not good:
                    misses.append(f"  miss {track}/{variant} seed {seed} {narrow:.0%}: "
                                  f"{reg.reason or f'{err:.2f} px'} ({reg.method} {reg.quality:.2f})")
                if verify:
                    status = "unreadable"
                    if reg.ok:
                        status = get_track(track).verify(record, reg.image, target).status.value
                    per = statuses.setdefault(track, {})
                    per[status] = per.get(status, 0) + 1
    lines = ["angled change: " + ", ".join(f"{k} {g}/{n}" for k, (g, n) in tally.items()),
             "angled track: " + ", ".join(f"{k} {g}/{n}" for k, (g, n) in per_track.items())] + misses
    lines += [f"  angled verdicts {track}: {per}" for track, per in statuses.items()]
    return lines


def run(quick: bool) -> list[dict]:
    """Median CPU ms per case (one core) with the PNG decode time of the same answer as baseline."""
    cv2.setNumThreads(1)
    m = _scenes_module()
    repeats = 3 if quick else 9
    perturbs = ["same", "cream", "half", "square1024", "pad4", "rot3", "combo"]
    if quick:
        perturbs = ["same", "square1024", "combo"]
    rows: list[dict] = []
    for sname in sorted(m.SCENES):
        sc = m.SCENES[sname](seed=3)
        cases = {p: m.make_answer(sc.solved, m.PERTURBATIONS[p])[0] for p in perturbs}
        rng = np.random.default_rng(0)
        cases["reject_noise"] = rng.integers(0, 256, sc.target.shape, dtype=np.uint8)
        # another track's solved picture at this one's size: the garbage a model most often returns, and the answer
        # that runs every search of the cascade before it is refused
        other = sorted(m.SCENES)[(sorted(m.SCENES).index(sname) + 1) % len(m.SCENES)]
        cases["reject_other"] = cv2.resize(m.SCENES[other](seed=11).solved, sc.target.shape[1::-1])
        for name, answer in cases.items():
            buf = io.BytesIO()
            Image.fromarray(answer).save(buf, "PNG")
            data = buf.getvalue()
            register(answer, sc.target)  # warm-up
            value = _cpu_ms(lambda: register(answer, sc.target), repeats)
            base = _cpu_ms(lambda: np.asarray(Image.open(io.BytesIO(data)).convert("RGB")), repeats)
            rows.append({"name": f"register/{sname}/{name}", "value": round(value, 2), "unit": "ms",
                         "baseline": round(base, 2), "ratio": round(value / base, 2) if base > 0 else None})
    pages = _pages_module()
    from genpuzzle.page_perturb import PAGE_CHANGES, page_change

    kinds = [("nonogram", "15x15"), ("maze_advanced", "perfect"), ("sudoku", "9x9")]
    for track, variant in kinds[:1] if quick else kinds:
        _, target, reference, mask = pages.instance(track, variant, 1)
        for change in ("caption", "letterbox_4_3", "combined", "angled"):
            if change == "angled":
                answer = photographed(reference, 0.12, seed=1)[0]
            else:
                answer = page_change(reference, change, seed=1000 + PAGE_CHANGES.index(change))[0]
            buf = io.BytesIO()
            Image.fromarray(answer).save(buf, "PNG")
            data = buf.getvalue()
            register(answer, target, edit_mask=mask)
            value = _cpu_ms(lambda: register(answer, target, edit_mask=mask), repeats)
            base = _cpu_ms(lambda: np.asarray(Image.open(io.BytesIO(data)).convert("RGB")), repeats)
            rows.append({"name": f"register/{track}/{change}", "value": round(value, 2), "unit": "ms",
                         "baseline": round(base, 2), "ratio": round(value / base, 2) if base > 0 else None})
    return rows


def page_sweep(seeds: int, heldout: bool, verify: bool) -> list[str]:
    """Lines of per-change and per-track success (anchors within 2 px) on real track instances."""
    pages = _pages_module()
    changes = pages.HELDOUT_CHANGES if heldout else pages.PAGE_CHANGES
    cases = pages.sweep(range(seeds), changes, verify=verify)
    lines = []
    for key in ("change", "track"):
        tally: dict[str, list[int]] = {}
        for c in cases:
            t = tally.setdefault(getattr(c, key), [0, 0])
            t[0] += c.ok and c.error_px <= pages.TOLERANCE_PX
            t[1] += 1
        lines.append(f"{'held-out' if heldout else 'page'} {key}: "
                     + ", ".join(f"{k} {g}/{n}" for k, (g, n) in tally.items()))
    for c in cases:
        if not (c.ok and c.error_px <= pages.TOLERANCE_PX):
            lines.append(f"  miss {c.track}/{c.variant} seed {c.seed} {c.change}: {c.reason or f'{c.error_px:.2f} px'}")
    if verify:
        statuses: dict[str, dict[str, int]] = {}
        for c in cases:
            per = statuses.setdefault(c.track, {})
            per[c.status or "unreadable"] = per.get(c.status or "unreadable", 0) + 1
        lines += [f"  verdicts {track}: {per}" for track, per in statuses.items()]
    return lines


def _success_rate(n: int, seed: int = 0) -> tuple[int, int, float]:
    """Random combined perturbations (``random_perturbation`` in tests/test_registration.py)."""
    m = _scenes_module()
    ok, errs = 0, []
    for case in m.perturbation_sweep(n, seed):
        reg = register(case.answer, case.scene.target)
        if reg.ok:
            e = m.corner_error(reg, case.matrix, case.scene.points)
            errs.append(e)
            ok += e <= m.tolerance(case.scene.target)
    return ok, n, float(np.percentile(errs, 95)) if errs else float("nan")


if __name__ == "__main__":
    quick = "--quick" in sys.argv
    for row in run(quick):
        print(f"{row['name']:36s} {row['value']:7.2f} {row['unit']}  (png decode {row['baseline']:.2f} ms, "
              f"x{row['ratio']})")
    ok, n, p95 = _success_rate(40 if quick else 120)
    print(f"success {ok}/{n} random combined perturbations, corner error p95 {p95:.2f} px")
    for heldout in (False, True):
        for line in page_sweep(1 if quick else 4, heldout, "--verify" in sys.argv):
            print(line)
    for line in angled_sweep(1 if quick else 3, "--verify" in sys.argv):
        print(line)
