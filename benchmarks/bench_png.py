"""PNG encoder settings: zlib compression level (and Pillow's ``optimize``) against size, encode and decode time.

For every registered track, a few instances' images (input, references, mask) are encoded at each
setting; the rows give bytes, encode and decode time per instance relative to the setting in use
(``compress_level=6, optimize=False``, :func:`genpuzzle.dataset.encode_png`). Decode is what every
verification pays once per answer and set image; encode is what generation pays once.

    python benchmarks/bench_png.py [--quick]
"""

from __future__ import annotations

import io
import sys
import time

import cv2
import numpy as np
from PIL import Image

from benchlib import row

from genpuzzle.dataset import encode_png
from genpuzzle.registry import get_track, track_names
from genpuzzle.seeds import derive_seed

SETTINGS = [(1, False), (3, False), (6, False), (9, False), (6, True), (9, True)]
CURRENT = (6, False)


def _encode(image: Image.Image, level: int, optimize: bool) -> bytes:
    """:func:`encode_png` with another level: the same grey conversion, no metadata."""
    if image.mode == "RGB":
        pixels = np.asarray(image)
        if np.array_equal(pixels[:, :, 0], pixels[:, :, 1]) and np.array_equal(pixels[:, :, 1], pixels[:, :, 2]):
            image = Image.fromarray(np.ascontiguousarray(pixels[:, :, 0]))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=level, optimize=optimize)
    return buffer.getvalue()


def images_per_track(per_track: int) -> dict[str, list[Image.Image]]:
    out = {}
    for name in track_names():
        track = get_track(name)
        images = []
        try:
            for i, variant in enumerate(track.plan_variants(per_track)):
                p = track.generate(derive_seed(0, name, variant, i), variant)
                images += [p.input_image, *p.reference_images, p.edit_mask.convert("L")]
        except Exception as err:  # a track under development must not stop the table
            print(f"  {name}: skipped ({type(err).__name__}: {err})", file=sys.stderr)
            continue
        out[name] = images
    return out


def measure(images: list[Image.Image], level: int, optimize: bool) -> tuple[int, float, float]:
    """(bytes, encode seconds, decode seconds) over ``images``."""
    start = time.perf_counter()
    blobs = [_encode(im, level, optimize) for im in images]
    enc = time.perf_counter() - start
    start = time.perf_counter()
    for blob in blobs:
        cv2.imdecode(np.frombuffer(blob, np.uint8), cv2.IMREAD_UNCHANGED)
    dec = time.perf_counter() - start
    return sum(map(len, blobs)), enc, dec


def run(quick: bool) -> list[dict]:
    sets = images_per_track(2 if quick else 6)
    assert all(_encode(im, *CURRENT) == encode_png(im) for ims in sets.values() for im in ims[:3])
    rows = []
    totals = {s: [0, 0.0, 0.0] for s in SETTINGS}
    for name, images in sets.items():
        figures = {s: measure(images, *s) for s in SETTINGS}
        for s, (size, enc, dec) in figures.items():
            totals[s][0] += size
            totals[s][1] += enc
            totals[s][2] += dec
        base = figures[CURRENT]
        for s in SETTINGS:
            if s == CURRENT:
                continue
            size, enc, dec = figures[s]
            rows.append(row(f"{name} level {s[0]}{' optimize' if s[1] else ''}: size", size / 1024, "KB",
                            base[0] / 1024, note=f"encode {enc / base[1]:.2f}x, decode {dec / base[2]:.2f}x "
                                                 f"the current setting (level 6)"))
    base = totals[CURRENT]
    for s in SETTINGS:
        size, enc, dec = totals[s]
        rows.append(row(f"all tracks, level {s[0]}{' optimize' if s[1] else ''}: size", size / 1024, "KB",
                        base[0] / 1024, note=f"encode {enc / base[1]:.2f}x ({1e3 * enc:.0f} ms), decode "
                                             f"{dec / base[2]:.2f}x ({1e3 * dec:.0f} ms)"))
    return rows


if __name__ == "__main__":
    for r in run("--quick" in sys.argv):
        print(f"{r['name']:<48} {r['value']:>9.1f} {r['unit']:<3} vs {r['baseline']:>9.1f}  ratio {r['ratio']:.3f}  "
              f"{r.get('note', '')}")
