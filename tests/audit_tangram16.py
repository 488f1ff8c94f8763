"""A second blind audit family of tangram answers (AUDIT16): solved tilings and planted errors redrawn as an
image model might return them, written in the sixteenth session without reading the verifier
(``verifiers/tangram.py``), the registration, the ink reading or the documented verifier limits.

Styles, all different from AUDIT13's (``tests/audit_tangram_answers.py``; its drawing helpers are reused, the
file is unchanged):

* ``u_wood_grain``: each piece in its own hue with a wood grain (dark and light bands along a random
  direction, a few knots), JPEG 85;
* ``u_thick_outline_pale``: pale fills (the hue mixed 55 % with white) inside thick dark outlines (5 px,
  the hue at a third of its brightness), like a colouring book;
* ``u_paper_seams``: cut-paper pieces: the hue with paper grain, each piece shrunk by 1.5 px so that a
  3 px seam of the black silhouette shows between pieces, and a soft shadow;
* ``u_rescaled_silhouette``: the silhouette and the pieces redrawn together 6 % larger or smaller (the
  seed picks) about the silhouette's centre, the tray empty, the frames where they were;
* ``u_photo_shadow``: the page photographed: warm white balance, a soft shadow across one side (a
  hand or phone, up to 40 % darker), vignetting, a slight keystone, sensor noise, JPEG 80;
* ``u_dark_mode``: the neutral ink turned over (white paper -> near black, the black silhouette -> light
  grey, grey frames and captions light), the pieces' hues kept;
* ``u_soft_shadow_label``: pieces with a blurred drop shadow down-right, and a label band under the page
  ("Tangram solved - all 7 pieces used");
* ``u_bevel_3d``: pieces rendered as bevelled tiles (a light band along the upper-left edges, a dark band
  along the lower-right ones), JPEG 50.

Cases: ``none`` (the stored solution, every style) and ``alternative`` (the two large triangles swapped,
another valid tiling) expect ``correct`` 100 without review. Planted errors, each drawn in a new way,
expect not to pass: ``missing_large`` (a large triangle missing: the silhouette shows through),
``medium_turned`` (the medium triangle turned 90 degrees in place: it overlaps its neighbours and leaves
a hole), ``straddling`` (the parallelogram pushed 0.6 units across the silhouette's edge, half out),
``wrong_set`` (the medium triangle drawn as two small triangles in a small triangle's colour with a thin
seam between them: eight
pieces, three small triangles, no medium one), ``extra_piece`` (the tiling complete and a second square
in the square's colour in the tray), ``shrunk_cover`` (every piece drawn 85 % of its size about its
own centre: black gaps all over the silhouette), ``small_on_square`` (a small triangle moved onto the
square, overlapping it, its own place left black).

``python tests/audit_tangram16.py [n_instances] [master_seed] [json_out]`` prints right / false pass /
confident false fail / review / unreadable per style and per case.

Blind figure: see docs/tangram.md, "Sixteenth-session blind audit (AUDIT16)".
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont
from shapely import affinity
from shapely.geometry import Polygon

from genpuzzle.renderers.tangram import SIL_PANEL, draw_scene
from genpuzzle.solvers.tangram import PIECES

from audit_common import apply_page, run_audit
from audit_tangram_answers import _valid, solution

SS = 2


@dataclass(frozen=True)
class Style:
    name: str
    piece: str = "flat"  # flat | wood | pale_outline | paper | bevel
    gap: float = 0.0  # px each piece is shrunk by
    scale: float = 0.0  # +- share the silhouette and pieces are redrawn larger / smaller
    shadow: str = ""  # "" | soft
    page: tuple[tuple[str, Any], ...] = ()


STYLES = [
    Style("u_wood_grain", piece="wood", page=(("jpeg", 85),)),
    Style("u_thick_outline_pale", piece="pale_outline"),
    Style("u_paper_seams", piece="paper", gap=1.5, shadow="soft"),
    Style("u_rescaled_silhouette", scale=0.06),
    Style("u_photo_shadow", page=(("photo_light", 0), ("keystone", 0.012), ("noise", 3.0), ("jpeg", 80))),
    Style("u_dark_mode", page=(("dark_mode", 0),)),
    Style("u_soft_shadow_label", shadow="soft", page=(("label", 0),)),
    Style("u_bevel_3d", piece="bevel", page=(("jpeg", 50),)),
]


# ------------------------------------------------------------------------------------------ cases


def _unit(record: Any) -> float:
    return float(record.layout["unit_px"])


def _colours(record: Any) -> dict[str, tuple[int, int, int]]:
    return {p["name"]: tuple(p["colour"]) for p in record.ground_truth["pieces"]}


def alternatives(record: Any) -> list[dict[str, Polygon]]:
    """The two large triangles swapped (a valid tiling when it is one: equal pieces, so always)."""
    sol = solution(record)
    swapped = {**sol, "large_triangle_1": sol["large_triangle_2"], "large_triangle_2": sol["large_triangle_1"]}
    return [swapped] if _valid(record, swapped) else []


# An answer: (polygons by name, extra pieces as (colour-of-name, polygon), drawn after the named ones).
Answer = tuple[dict[str, Polygon], list[tuple[str, Polygon]]]


def _missing_large(record, rng) -> Answer:
    polys = solution(record)
    del polys[rng.choice(["large_triangle_1", "large_triangle_2"])]
    return polys, []


def _medium_turned(record, rng) -> Answer | None:
    polys = solution(record)
    polys["medium_triangle"] = affinity.rotate(polys["medium_triangle"], 90, origin="centroid")
    return (polys, []) if not _valid(record, polys) else None


def _straddling(record, rng) -> Answer | None:
    """The parallelogram pushed 0.6 units away from the silhouette's centre (out across its edge)."""
    polys = solution(record)
    sil = Polygon(record.ground_truth["silhouette"])
    p = polys["parallelogram"]
    d = np.array([p.centroid.x - sil.centroid.x, p.centroid.y - sil.centroid.y])
    if float(np.hypot(*d)) < 1e-6:
        return None
    d = 0.6 * _unit(record) * d / float(np.hypot(*d))
    moved = affinity.translate(p, *d)
    if moved.difference(sil).area < 0.15 * p.area:
        return None
    polys["parallelogram"] = moved
    return polys, []


def _wrong_set(record, rng) -> Answer:
    """The medium triangle split along its altitude into two small triangles in small_triangle_1's colour."""
    polys = solution(record)
    m = polys.pop("medium_triangle")
    xy = list(m.exterior.coords)[:-1]
    # the right angle is the vertex opposite the longest edge
    edges = [(i, math.dist(xy[i], xy[(i + 1) % 3])) for i in range(3)]
    i = max(edges, key=lambda e: e[1])[0]
    a, b, apex = xy[i], xy[(i + 1) % 3], xy[(i + 2) % 3]
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    halves = [Polygon([a, mid, apex]), Polygon([mid, b, apex])]
    # a seam of the silhouette between the halves (1 px each side), so that they read as two pieces
    return polys, [("small_triangle_1", h.buffer(-1.0, join_style=2)) for h in halves]


def _extra_piece(record, rng) -> Answer:
    polys = solution(record)
    tray = {p["name"]: Polygon(p["polygon"]) for p in record.ground_truth["pieces"]}
    return polys, [("square", tray["square"])]


def _shrunk_cover(record, rng) -> Answer:
    polys = {n: affinity.scale(p, 0.85, 0.85, origin="centroid") for n, p in solution(record).items()}
    return polys, []


def _small_on_square(record, rng) -> Answer:
    polys = solution(record)
    name = rng.choice(["small_triangle_1", "small_triangle_2"])
    s, q = polys[name], polys["square"]
    polys[name] = affinity.translate(s, q.centroid.x - s.centroid.x, q.centroid.y - s.centroid.y)
    return polys, []


ERRORS: dict[str, Callable] = {
    "missing_large": _missing_large, "medium_turned": _medium_turned, "straddling": _straddling,
    "wrong_set": _wrong_set, "extra_piece": _extra_piece, "shrunk_cover": _shrunk_cover,
    "small_on_square": _small_on_square,
}

# Verdict codes that name each planted error (the "named" column only, not part of right / wrong). Written
# blind with guessed names; after the blind run set to the code names its verdicts used (piece_missing,
# pieces_overlap, piece_outside, spill_outside, silhouette_uncovered, extra_shape, piece_scaled,
# piece_deformed, stray_mark), each error given the ones that describe it. ``piece_left_in_tray`` (rubric 13)
# names the second square drawn in the tray.
ERROR_CODES: dict[str, tuple[str, ...]] = {
    "missing_large": ("piece_missing", "silhouette_uncovered"),
    "medium_turned": ("pieces_overlap", "piece_outside", "spill_outside"),
    "straddling": ("piece_outside", "spill_outside"),
    "wrong_set": ("extra_shape", "piece_missing", "piece_deformed", "piece_scaled"),
    "extra_piece": ("stray_mark", "extra_shape", "piece_left_in_tray"),
    "shrunk_cover": ("silhouette_uncovered", "piece_scaled", "piece_deformed"),
    "small_on_square": ("pieces_overlap", "piece_missing", "silhouette_uncovered"),
}


# ------------------------------------------------------------------------------------------ drawing


def _pts(poly: Polygon) -> list[tuple[float, float]]:
    return [(x * SS, y * SS) for x, y in poly.exterior.coords]


def _mask(poly: Polygon, size: tuple[int, int]) -> np.ndarray:
    m = Image.new("L", size, 0)
    ImageDraw.Draw(m).polygon(_pts(poly), fill=255)
    return np.asarray(m, dtype=np.float32) / 255.0


def _piece_layer(poly: Polygon, colour: tuple[int, int, int], style: Style, rng: random.Random,
                 size: tuple[int, int]) -> tuple[tuple[int, int, int, int], np.ndarray, np.ndarray]:
    """The piece drawn in ``style`` at SS x: (its box on the SS x canvas, float RGB over the box, coverage)."""
    W, H = size
    x0, y0, x1, y1 = poly.bounds
    bx0, by0 = max(0, int(x0 * SS) - 2), max(0, int(y0 * SS) - 2)
    bx1, by1 = min(W, int(math.ceil(x1 * SS)) + 3), min(H, int(math.ceil(y1 * SS)) + 3)
    h, w = by1 - by0, bx1 - bx0
    local = affinity.translate(poly, -bx0 / SS, -by0 / SS)
    alpha = _mask(local, (w, h))
    c = np.array(colour, np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32) / SS
    if style.piece == "wood":
        t = rng.uniform(0, math.pi)
        u = xx * math.cos(t) + yy * math.sin(t)
        v = -xx * math.sin(t) + yy * math.cos(t)
        grain = np.sin(u / rng.uniform(2.5, 4.0) + 1.8 * np.sin(v / rng.uniform(14, 22)))
        fine = np.sin(u * 1.7 + 0.6 * np.sin(v / 5.0))
        shade = 1.0 - 0.13 * (0.5 + 0.5 * grain) - 0.05 * fine
        for _ in range(rng.randrange(0, 3)):
            kx, ky = rng.uniform(0, w / SS), rng.uniform(0, h / SS)
            r = rng.uniform(2.0, 4.0)
            shade -= 0.12 * np.exp(-((xx - kx) ** 2 + (yy - ky) ** 2) / (2 * r * r))
        rgb = c[None, None, :] * shade[:, :, None]
    elif style.piece == "pale_outline":
        pale = 0.45 * c + 0.55 * 255.0
        dark = c / 3.0
        inner = _mask(affinity.translate(poly.buffer(-5.0, join_style=2), -bx0 / SS, -by0 / SS), (w, h)) \
            if not poly.buffer(-5.0, join_style=2).is_empty else np.zeros_like(alpha)
        rgb = dark[None, None, :] * (1 - inner[:, :, None]) + pale[None, None, :] * inner[:, :, None]
    elif style.piece == "paper":
        grain = cv2.GaussianBlur(np.asarray(np.random.default_rng(rng.randrange(1 << 30)).random((h, w)),
                                            np.float32), (0, 0), 3.0)
        shade = 0.97 + 0.5 * (grain - grain.mean())
        rgb = c[None, None, :] * shade[:, :, None]
    elif style.piece == "bevel":
        band = 4.0
        core = poly.buffer(-band, join_style=2)
        inner = _mask(affinity.translate(core, -bx0 / SS, -by0 / SS), (w, h)) if not core.is_empty \
            else np.zeros_like(alpha)
        cx, cy = poly.centroid.x - bx0 / SS, poly.centroid.y - by0 / SS
        # light from the upper left: the edge band lit where it faces up-left, dark where it faces down-right
        facing = ((cx - xx) + (cy - yy)) / (np.hypot(cx - xx, cy - yy) * math.sqrt(2) + 1e-6)
        lit = c[None, None, :] + (255.0 - c[None, None, :]) * (0.5 * np.clip(facing, 0, 1))[:, :, None]
        dim = c[None, None, :] * (1.0 - 0.45 * np.clip(-facing, 0, 1))[:, :, None]
        edge = np.where((facing > 0)[:, :, None], lit, dim)
        face = c[None, None, :] * (1.0 + 0.06 * (0.5 - yy / max(1.0, h / SS)))[:, :, None]
        rgb = edge * (1 - inner[:, :, None]) + face * inner[:, :, None]
    else:
        rgb = np.broadcast_to(c[None, None, :], (h, w, 3)).astype(np.float32)
    return (bx0, by0, bx1, by1), np.clip(rgb, 0, 255), alpha


def _scale_about(poly: Polygon, factor: float, origin: tuple[float, float]) -> Polygon:
    return affinity.scale(poly, factor, factor, origin=origin)


def paint_raw(record: Any, answer: Answer, style: Style, seed: int) -> np.ndarray:
    """The answer page before the style's page changes: the input's empty page, the silhouette (rescaled
    with the pieces for ``u_rescaled_silhouette``), the pieces drawn in ``style`` at SS x, box-reduced."""
    rng = random.Random(seed)
    polys, extra = answer
    colours = _colours(record)
    silhouette = Polygon(record.ground_truth["silhouette"])
    items = [(name, poly, colours[name]) for name, poly in polys.items()]
    items += [(name, poly, colours[name]) for name, poly in extra]
    if style.scale:
        factor = 1.0 + (style.scale if seed % 2 else -style.scale)
        c = silhouette.centroid
        silhouette = _scale_about(silhouette, factor, (c.x, c.y))
        items = [(n, _scale_about(p, factor, (c.x, c.y)), col) for n, p, col in items]
    base = draw_scene([list(xy) for xy in list(silhouette.exterior.coords)[:-1]], [])
    W, H = base.width * SS, base.height * SS
    canvas = np.asarray(base.resize((W, H), Image.Resampling.BICUBIC), np.float32).copy()
    if style.gap:
        items = [(n, p.buffer(-style.gap, join_style=2), col) for n, p, col in items]
    if style.shadow == "soft":
        m = Image.new("L", (W, H), 0)
        for _, poly, _ in items:
            ImageDraw.Draw(m).polygon(_pts(affinity.translate(poly, 4.0, 5.0)), fill=255)
        shadow = cv2.GaussianBlur(np.asarray(m, np.float32) / 255.0, (0, 0), 4.0 * SS)
        canvas *= (1.0 - 0.45 * shadow)[:, :, None]
    for name, poly, colour in items:
        (bx0, by0, bx1, by1), rgb, alpha = _piece_layer(poly, colour, style, rng, (W, H))
        region = canvas[by0:by1, bx0:bx1]
        canvas[by0:by1, bx0:bx1] = region * (1 - alpha[:, :, None]) + rgb * alpha[:, :, None]
    big = Image.fromarray(np.clip(canvas + 0.5, 0, 255).astype(np.uint8))
    return np.asarray(big.reduce(SS))


def _photo_light(image: np.ndarray, arg: Any, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    h, w = image.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    # a soft shadow across one side: a half-plane at a random angle, blurred edge
    t = rng.uniform(0, 2 * np.pi)
    d = (xx - w / 2) * np.cos(t) + (yy - h / 2) * np.sin(t) - rng.uniform(0.15, 0.35) * min(w, h)
    shadow = 1.0 / (1.0 + np.exp(-d / (0.06 * min(w, h))))
    vignette = ((xx - w / 2) / w) ** 2 + ((yy - h / 2) / h) ** 2
    light = (1.0 - rng.uniform(0.3, 0.4) * shadow) * (1.0 - 0.35 * vignette)
    tint = np.array([1.0, 0.96, 0.88], np.float32)
    out = image.astype(np.float32) * light[:, :, None] * tint[None, None, :]
    return np.clip(out + 0.5, 0, 255).astype(np.uint8)


def _noise(image: np.ndarray, arg: float, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed + 1)
    return np.clip(image.astype(np.float32) + rng.normal(0, arg, image.shape), 0, 255).astype(np.uint8)


def _dark_mode(image: np.ndarray, arg: Any, seed: int) -> np.ndarray:
    """Neutral pixels turned over (255 -> 28, 20 -> ~213), coloured ones kept (blended by saturation)."""
    f = image.astype(np.float32)
    sat = f.max(axis=2) - f.min(axis=2)
    lum = f.mean(axis=2)
    neutral = 28.0 + (235.0 - 28.0) * (1.0 - lum / 255.0)
    w = np.clip(1.0 - sat / 60.0, 0, 1)[:, :, None]
    out = w * neutral[:, :, None] + (1 - w) * f
    return np.clip(out + 0.5, 0, 255).astype(np.uint8)


def _label(image: np.ndarray, arg: Any, seed: int) -> np.ndarray:
    h, w = image.shape[:2]
    band = 56
    canvas = Image.new("RGB", (w, h + band), (255, 255, 255))
    canvas.paste(Image.fromarray(image), (0, 0))
    draw = ImageDraw.Draw(canvas)
    try:
        font = ImageFont.truetype("DejaVuSans.ttf", 26)
    except OSError:
        font = ImageFont.load_default()
    draw.text((w / 2, h + band / 2), "Tangram solved - all 7 pieces used", font=font, fill=(40, 40, 40),
              anchor="mm")
    return np.asarray(canvas)


PAGE_STEPS = {"photo_light": _photo_light, "noise": _noise, "dark_mode": _dark_mode, "label": _label}


def paint(record: Any, input_image: Any, answer: Answer, style: Style, seed: int) -> np.ndarray:
    """The answer page: :func:`paint_raw`, then the style's page changes."""
    return apply_page(paint_raw(record, answer, style, seed), style.page, seed, extra=PAGE_STEPS)


# ------------------------------------------------------------------------------------------ measuring


def cases(records: Sequence[Any], master_seed: int, shift: int = 0) -> list[tuple[Any, str, str, Answer, Style, int]]:
    """(record, case, expect, answer, style, seed): per record each style draws the solution once; the
    alternative and each error once, in styles taken in turn. With ``shift=0`` (the blind run) a record has
    8 such answers for 8 styles, so each error falls on the same two or three styles throughout; ``shift=1``
    moves the turn on by one more style per record, so that every error meets every style (the same
    instances, answers and seeds, other styles)."""
    rng = random.Random(master_seed)
    out = []
    k = 0
    for record in records:
        for style in STYLES:
            out.append((record, "none", "correct", (solution(record), []), style, rng.randrange(1 << 30)))
        for alt in alternatives(record):
            out.append((record, "alternative", "correct", (alt, []), STYLES[k % len(STYLES)],
                        rng.randrange(1 << 30)))
            k += 1
        for name, make in ERRORS.items():
            made = make(record, rng)
            if made is None:
                continue
            out.append((record, name, "not_pass", made, STYLES[k % len(STYLES)], rng.randrange(1 << 30)))
            k += 1
        k += shift
    return out


def main(n_instances: int = 6, master_seed: int = 1616, json_out: str | None = None, shift: int = 0) -> None:
    import genpuzzle

    print("genpuzzle:", genpuzzle.__file__)
    run_audit("tangram", n_instances, master_seed, lambda records, seed: cases(records, seed, shift), paint,
              ERROR_CODES, json_out)


if __name__ == "__main__":
    import sys

    args = sys.argv[1:]
    main(*(int(a) for a in args[:2]), *(args[2:3]), *(int(a) for a in args[3:4]))
