"""Tangram benchmark: generation vs PNG encoding, verification vs PNG decoding, and the verifier's
accuracy on planted answers (reference, perturbed references, alternative tilings, planted defects).

    python benchmarks/bench_tangram.py [--quick]
"""

from __future__ import annotations

import io
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from PIL import Image, ImageFilter
from shapely import affinity
from shapely.geometry import Polygon

from genpuzzle.dataset import encode_png, load_set, write_set
from genpuzzle.evaluate import verify_answer
from genpuzzle.registry import get_track
from genpuzzle.renderers.tangram import draw_scene
from genpuzzle.seeds import derive_seed
from genpuzzle.solvers.tangram import PIECES, alternative_arrangements


def _row(name, value, unit, baseline, ratio=None):
    return {"name": name, "value": round(value, 4), "unit": unit, "baseline": round(baseline, 4),
            "ratio": round(ratio if ratio is not None else value / baseline, 4)}


def generation_rows(quick: bool) -> list[dict]:
    track = get_track("tangram")
    rows = []
    for variant in track.variants:
        seeds = [derive_seed(0, "tangram", variant, i) for i in range(4 if quick else 20)]
        times, images = [], []
        for s in seeds:
            t = time.perf_counter()
            p = track.generate(s, variant)
            imgs = [p.input_image, *p.reference_images, p.edit_mask]
            for im in imgs:
                encode_png(im)
            times.append(time.perf_counter() - t)
            images.append(imgs)
        enc = [statistics.median([_timed(lambda: [encode_png(im) for im in imgs]) for _ in range(3)])
               for imgs in images]
        gen, base = statistics.median(times), statistics.median(enc)
        rows.append(_row(f"tangram.{variant}.generate_median_ms (grow+render+encode)", gen * 1e3, "ms",
                         base * 1e3, ratio=gen / base))
    return rows


def _timed(fn) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def _scene(record, polys, order=None):
    colour = {p["name"]: p["colour"] for p in record.ground_truth["pieces"]}
    order = order or list(polys)
    return draw_scene(record.ground_truth["silhouette"],
                      [(colour[n], [list(xy) for xy in polys[n].exterior.coords[:-1]]) for n in order])


def _jpeg(im: Image.Image, q: int) -> Image.Image:
    buf = io.BytesIO()
    im.save(buf, format="JPEG", quality=q)
    return Image.open(io.BytesIO(buf.getvalue())).convert("RGB")


GOOD = {
    "reference": lambda im: im,
    "half_scale": lambda im: im.resize((im.width // 2, im.height // 2), Image.Resampling.LANCZOS),
    "square_1024_jpeg80": lambda im: _jpeg(im.resize((1024, 1024), Image.Resampling.BICUBIC), 80),
    "blur1": lambda im: im.filter(ImageFilter.GaussianBlur(1)),
    "jpeg60": lambda im: _jpeg(im, 60),
}


def _planted(record, kind: str) -> Image.Image:
    polys = {s["name"]: Polygon(s["polygon"]) for s in record.ground_truth["solution"]}
    name = {"scaled": "medium_triangle", "rotated": "large_triangle_1", "overlap": "small_triangle_1",
            "missing": "square"}[kind]
    if kind == "scaled":
        polys[name] = affinity.scale(polys[name], 1.3, 1.3, origin="centroid")
    elif kind == "rotated":
        polys[name] = affinity.rotate(polys[name], 90, origin="centroid")
    elif kind == "overlap":
        a, b = polys["large_triangle_2"].centroid, polys[name].centroid
        polys[name] = affinity.translate(polys[name], a.x - b.x, a.y - b.y)
    else:
        del polys[name]
        return _scene(record, polys)
    return _scene(record, polys, [n for n in PIECES if n != name] + [name])


def verification_rows(quick: bool) -> list[dict]:
    n = 6 if quick else 30
    tmp = Path(tempfile.mkdtemp(prefix="gp-bench-tangram-"))
    try:
        write_set(tmp / "set", {"tangram": n}, master_seed=5)
        root = tmp / "set"
        pset = load_set(root)
        ans = tmp / "answers"
        ans.mkdir()
        outcomes: dict[str, list[bool]] = {}
        verify_times, decode_times = [], []
        for record in pset.records:
            ref = Image.open(root / record.reference_images[0]).convert("RGB")
            cases = {k: (f(ref), True) for k, f in GOOD.items()}
            alts = alternative_arrangements({s["name"]: Polygon(s["polygon"]) for s in record.ground_truth["solution"]}, limit=1)
            if alts:
                cases["alternative_tiling"] = (_scene(record, alts[0]), True)
            for kind in ("scaled", "rotated", "overlap", "missing"):
                cases[f"defect_{kind}"] = (_planted(record, kind), False)
            for kind, (image, valid) in cases.items():
                path = ans / f"{record.id}_{kind}.png"
                image.save(path)
                t = time.perf_counter()
                verdict = verify_answer(root, record, path)
                verify_times.append(time.perf_counter() - t)
                t = time.perf_counter()
                np.asarray(Image.open(path).convert("RGB"))
                decode_times.append(time.perf_counter() - t)
                outcomes.setdefault(kind, []).append((verdict.score == 100) == valid)
        rows = [_row(f"tangram.verify.{k}.accuracy", float(np.mean(v)), "fraction", 1.0) for k, v in outcomes.items()]
        rows.append(_row("tangram.verify.answers", float(len(verify_times)), "answers", float(len(verify_times))))
        v, d = statistics.median(verify_times), statistics.median(decode_times)
        rows.append(_row("tangram.verify_answer_median_ms (load+register+verify)", v * 1e3, "ms", d * 1e3,
                         ratio=v / d))
        return rows
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def sweep_rows(n: int, master_seed: int = 7) -> list[dict]:
    """Issue 15: generate ``n`` tangrams (variants in turn), validate each and verify its reference in
    memory; every instance must validate and score 100 (no GEOS error anywhere). Baseline: 0 failures."""
    from genpuzzle.records import InstanceRecord

    track = get_track("tangram")
    failures, shown = 0, 0
    for i in range(n):
        variant = track.variants[i % len(track.variants)]
        seed = derive_seed(master_seed, "tangram", variant, i)
        try:
            p = track.generate(seed, variant)
            record = InstanceRecord(f"sweep-{i}", "tangram", variant, p.difficulty, seed, p.instruction, "", [], "",
                                    p.ground_truth, p.layout, p.scoring, track.version)
            problems = track.validate(record)
            verdict = track.verify(record, np.asarray(p.reference_images[0]), np.asarray(p.input_image))
            bad = bool(problems) or verdict.score != 100
            why = f"{problems} {verdict.codes}"
        except Exception as exc:  # noqa: BLE001 - a sweep counts every failure, whatever raised it
            bad, why = True, repr(exc)
        if bad:
            failures += 1
            if shown < 5:
                shown += 1
                print(f"  sweep failure {variant} seed {seed}: {why[:200]}", file=sys.stderr)
    return [_row("tangram.sweep.instances", float(n), "instances", float(n)),
            _row("tangram.sweep.unscoreable (validate problem, GEOS error or reference < 100)", float(failures),
                 "instances", 0.0, ratio=float(failures))]


def answer_style_rows(n: int) -> list[dict]:
    """Accuracy and time per answer on the realistic answer styles of ``tests/tangram_answers.py``: tune
    styles, held-out styles (never tuned on) and cheats drawn in held-out styles."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    import tangram_answers as answers

    tmp = Path(tempfile.mkdtemp(prefix="gp-bench-tangram-styles-"))
    try:
        write_set(tmp / "set", {"tangram": n}, master_seed=777)
        pset = load_set(tmp / "set")
        track = get_track("tangram")
        rows = []
        for title, styles, cheats in (("tune", answers.TUNE_STYLES, False),
                                      ("heldout", answers.HELDOUT_STYLES, False),
                                      ("cheats", answers.HELDOUT_STYLES, True)):
            t = time.perf_counter()
            res = answers.sweep(tmp / "set", pset, track, styles, cheats)
            elapsed = time.perf_counter() - t
            total = sum(len(v) for v in res.values())
            right = sum(r for v in res.values() for r, _ in v)
            rows.append(_row(f"tangram.styles.{title}.right_verdicts ({total} answers)", right / total, "fraction", 1.0))
            if cheats:
                passed = sum(not r for v in res.values() for r, _ in v)
                rows.append(_row("tangram.styles.cheats.false_passes", float(passed), "answers", 0.0, ratio=float(passed)))
            rows.append(_row(f"tangram.styles.{title}.seconds_per_answer (draw+save+verify)", elapsed / total, "s",
                             elapsed / total))
        return rows
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run(quick: bool) -> list[dict]:
    """Rows of {"name", "value", "unit", "baseline", "ratio"}; baselines are PNG encode/decode times of
    the same images, measured in the same run."""
    return generation_rows(quick) + verification_rows(quick) + answer_style_rows(3 if quick else 10) \
        + sweep_rows(60 if quick else 2000)


if __name__ == "__main__":
    if "--sweep" in sys.argv:  # python benchmarks/bench_tangram.py --sweep N
        rows = sweep_rows(int(sys.argv[sys.argv.index("--sweep") + 1]))
    elif "--verify-only" in sys.argv:
        rows = verification_rows("--quick" in sys.argv)
    else:
        rows = run(quick="--quick" in sys.argv)
    for r in rows:
        print(f"{r['name']:62s} {r['value']:>10} {r['unit']:9s} baseline {r['baseline']:<9} ratio {r['ratio']}")
