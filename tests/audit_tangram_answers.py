"""A blind audit family of tangram answers (AUDIT13): solved tilings and planted errors redrawn as an
image model might return them, written without reading the verifier, the registration or the documented
limits.

Styles (how the pieces and the page are redrawn): outlines only (white or cream inside), rounded corners
with thin gaps, one colour with white seams, pieces jittered by a degree or two and a few pixels with a
drop shadow, shaded (gradient) pieces on textured paper, other hues with hairline gaps; page changes:
margins, caption, letterbox, tilt on a grown canvas, dark margins, paper texture, JPEG.

Cases: ``none`` (the stored solution) and ``alternative`` (another valid tiling: an equal-piece swap or a
re-tiling from :func:`genpuzzle.solvers.tangram.alternative_arrangements`) expect ``correct`` 100 without
review; every planted error (a piece missing, the parallelogram flipped in place, an overlapping piece,
a piece outside the silhouette, a piece left in the tray, a piece of the wrong shape, two small triangles
drawn as one, the square turned 45 degrees) expects not to pass.

``python tests/audit_tangram_answers.py [n_instances] [master_seed]`` prints right / false pass /
confident false fail / review / unreadable per style and per case.

Blind figure (session-start code 6d85fc5, 12 instances, master seed 1313): 151 of 193 right, 9 false passes
(square turned 45 degrees 4, parallelogram drawn as a rectangle 3, overlapping large triangle 1, flipped
parallelogram 1: each defect split into several amounts each under its own allowance), 33 confident false
fails (outlines on white or cream pieces 32: no_attempt or pieces missing, the white faces are paper;
one colour with white seams 1: foreign_piece_ink), 0 review, 0 unreadable. After rubric 10: 145 right,
7 false passes, 1 confident false fail, 40 review (docs/tangram.md, "Blind audit AUDIT13"). After rubric 11
(no longer blind): 157 right, 0 false passes, 0 confident false fails, 36 review (docs/tangram.md,
"AUDIT13's remaining misses").
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np
from PIL import Image, ImageDraw
from shapely import affinity
from shapely.geometry import Polygon

from genpuzzle.renderers.tangram import draw_scene
from genpuzzle.solvers.tangram import PIECES, alternative_arrangements, arrangement_problems

from audit_common import apply_page, outcome, print_tally

SS = 4


@dataclass(frozen=True)
class Style:
    name: str
    fill: str = "palette"  # palette | none:<r,g,b> | one:<r,g,b> | hues
    outline: str | None = None  # None | hue (a darker shade of the fill) | <r,g,b> | palette
    width: float = 0.0  # outline width, px
    gap: float = 0.0  # px each piece is shrunk by (the silhouette shows between pieces)
    round: float = 0.0  # corner radius, px
    jitter: tuple[float, float] = (0.0, 0.0)  # degrees, px
    shadow: float = 0.0  # px offset of a grey drop shadow
    gradient: float = 0.0  # +- fraction of brightness across a piece
    page: tuple[tuple[str, Any], ...] = ()


STYLES = [
    Style("t_outline_palette_white", fill="none:252,252,252", outline="palette", width=4,
          page=(("margin", 40), ("jpeg", 80))),
    Style("t_outline_black_cream", fill="none:246,240,222", outline="0,0,0", width=2, page=(("caption", 0),)),
    Style("t_rounded_gapped", gap=2.0, round=6.0, page=(("margin", 60), ("jpeg", 75))),
    Style("t_one_colour_white_seams", fill="one:225,120,40", outline="255,255,255", width=3,
          page=(("letterbox_4_3", 0),)),
    Style("t_jittered_shadow", outline="hue", width=2, jitter=(1.2, 2.5), shadow=5.0,
          page=(("tilt", 2.0), ("jpeg", 80))),
    Style("t_gradient_texture", gradient=0.22, page=(("texture", 0.07), ("jpeg", 55))),
    Style("t_other_hues_hairline_gaps", fill="hues", gap=1.0, page=(("dark_margins", 0),)),
]

OTHER_HUES = [(120, 190, 225), (240, 200, 90), (150, 110, 190), (110, 180, 120), (235, 130, 150),
              (100, 120, 140), (200, 160, 120)]


# ------------------------------------------------------------------------------------------ cases


def solution(record: Any) -> dict[str, Polygon]:
    return {s["name"]: Polygon(s["polygon"]) for s in record.ground_truth["solution"]}


def _valid(record: Any, polys: dict[str, Polygon]) -> bool:
    return not arrangement_problems(polys, Polygon(record.ground_truth["silhouette"]),
                                    float(record.layout["unit_px"]), rel_tol=2e-3)


def alternatives(record: Any) -> list[dict[str, Polygon]]:
    """Other valid tilings: the two large (and the two small) triangles swapped, then the solver's
    re-tilings of the stored solution; each checked to be a tiling."""
    sol = solution(record)
    swapped = {**sol, "large_triangle_1": sol["large_triangle_2"], "large_triangle_2": sol["large_triangle_1"],
               "small_triangle_1": sol["small_triangle_2"], "small_triangle_2": sol["small_triangle_1"]}
    out = [swapped]
    out += [a for a in alternative_arrangements(sol, limit=4) if _valid(record, a)]
    return out


def _unit(record: Any) -> float:
    return float(record.layout["unit_px"])


def _missing(record, rng):
    polys = solution(record)
    del polys["small_triangle_2"]
    return polys, {}


def _flipped(record, rng):
    polys = solution(record)
    p = polys["parallelogram"]
    c = p.centroid
    # mirror across the line through the centroid along its longest edge
    xy = list(p.exterior.coords)[:-1]
    edges = [(xy[i], xy[(i + 1) % len(xy)]) for i in range(len(xy))]
    (ax, ay), (bx, by) = max(edges, key=lambda e: math.dist(*e))
    angle = math.degrees(math.atan2(by - ay, bx - ax))
    g = affinity.rotate(p, -angle, origin=c)
    g = affinity.scale(g, 1, -1, origin=c)
    polys["parallelogram"] = affinity.rotate(g, angle, origin=c)
    return (polys, {}) if not _valid(record, polys) else None


def _overlap(record, rng):
    polys = solution(record)
    a, b = polys["large_triangle_1"].centroid, polys["large_triangle_2"].centroid
    d = np.array([b.x - a.x, b.y - a.y])
    d = 0.3 * _unit(record) * d / max(1e-9, float(np.hypot(*d)))
    polys["large_triangle_1"] = affinity.translate(polys["large_triangle_1"], *d)
    return polys, {}


def _outside(record, rng):
    polys = solution(record)
    sil = Polygon(record.ground_truth["silhouette"])
    piece = polys["medium_triangle"]
    x0, y0, x1, y1 = record.layout["silhouette_panel"]
    c = piece.centroid
    spots = []
    for gx in np.linspace(x0 + 30, x1 - 30, 15):
        for gy in np.linspace(y0 + 30, y1 - 30, 15):
            cand = affinity.translate(piece, gx - c.x, gy - c.y)
            bx0, by0, bx1, by1 = cand.bounds
            if bx0 > x0 + 12 and by0 > y0 + 12 and bx1 < x1 - 12 and by1 < y1 - 12 \
                    and cand.distance(sil) > 6:
                spots.append(cand)
    if not spots:
        return None
    polys["medium_triangle"] = spots[rng.randrange(len(spots))]
    return polys, {}


def _left_in_tray(record, rng):
    polys = solution(record)
    tray = {p["name"]: Polygon(p["polygon"]) for p in record.ground_truth["pieces"]}
    polys["square"] = tray["square"]
    return polys, {}


def _wrong_shape(record, rng):
    """The parallelogram drawn as a rectangle of the same area along its long edge, same centre."""
    polys = solution(record)
    p = polys["parallelogram"]
    xy = list(p.exterior.coords)[:-1]
    edges = [(xy[i], xy[(i + 1) % len(xy)]) for i in range(len(xy))]
    (ax, ay), (bx, by) = max(edges, key=lambda e: math.dist(*e))
    length = math.dist((ax, ay), (bx, by))
    height = p.area / length
    c = p.centroid
    rect = Polygon([(-length / 2, -height / 2), (length / 2, -height / 2), (length / 2, height / 2),
                    (-length / 2, height / 2)])
    rect = affinity.rotate(rect, math.degrees(math.atan2(by - ay, bx - ax)), origin=(0, 0))
    polys["parallelogram"] = affinity.translate(rect, c.x, c.y)
    return polys, {}


def _merged(record, rng):
    """Both small triangles drawn as one piece in one colour, no seam between them (only when they touch
    along an edge)."""
    polys = solution(record)
    a, b = polys["small_triangle_1"], polys["small_triangle_2"]
    u = a.buffer(0.01, join_style=2).union(b.buffer(0.01, join_style=2)).buffer(-0.01, join_style=2)
    if u.geom_type != "Polygon":
        return None
    del polys["small_triangle_2"]
    polys["small_triangle_1"] = u.simplify(0.05)
    return polys, {}


def _square_turned(record, rng):
    polys = solution(record)
    polys["square"] = affinity.rotate(polys["square"], 45, origin="centroid")
    return polys, {}


ERRORS: dict[str, Callable] = {
    "missing_piece": _missing, "flipped_parallelogram": _flipped, "overlap": _overlap,
    "piece_outside": _outside, "left_in_tray": _left_in_tray, "wrong_shape": _wrong_shape,
    "merged_small_triangles": _merged, "square_turned": _square_turned,
}


# ------------------------------------------------------------------------------------------ drawing


def _rgb(text: str) -> tuple[int, int, int]:
    return tuple(int(v) for v in text.split(","))  # type: ignore[return-value]


def _fills(record: Any, style: Style) -> dict[str, tuple[int, int, int]]:
    palette = {p["name"]: tuple(p["colour"]) for p in record.ground_truth["pieces"]}
    if style.fill == "palette":
        return palette
    if style.fill.startswith("none:") or style.fill.startswith("one:"):
        return {n: _rgb(style.fill.split(":")[1]) for n in PIECES}
    if style.fill == "hues":
        k = record.seed % 7
        return {n: OTHER_HUES[(i + k) % 7] for i, n in enumerate(PIECES)}
    raise ValueError(style.fill)


def _outline_colour(style: Style, name: str, fill: tuple[int, int, int], palette: dict) -> tuple[int, int, int]:
    if style.outline == "hue":
        return tuple(int(c * 0.6) for c in fill)  # type: ignore[return-value]
    if style.outline == "palette":
        return palette[name]
    return _rgb(style.outline)


def _shaped(poly: Polygon, style: Style, rng: random.Random) -> Polygon:
    if style.jitter != (0.0, 0.0):
        deg, px = style.jitter
        poly = affinity.rotate(poly, rng.uniform(-deg, deg), origin="centroid")
        poly = affinity.translate(poly, rng.uniform(-px, px), rng.uniform(-px, px))
    if style.gap:
        poly = poly.buffer(-style.gap, join_style=2)
    if style.round:
        poly = poly.buffer(-style.round, join_style=1).buffer(style.round, join_style=1)
    return poly


def _pts(poly: Polygon) -> list[tuple[float, float]]:
    return [(x * SS, y * SS) for x, y in poly.exterior.coords]


def paint(record: Any, polys: dict[str, Polygon], style: Style, seed: int,
          fills: dict[str, tuple[int, int, int]] | None = None) -> np.ndarray:
    """The answer page: the input's empty page (frames, captions, silhouette, empty tray), ``polys``
    drawn in ``style`` at SS x and box-reduced, then the style's page changes."""
    rng = random.Random(seed)
    palette = {p["name"]: tuple(p["colour"]) for p in record.ground_truth["pieces"]}
    base = draw_scene(record.ground_truth["silhouette"], [])
    big = base.resize((base.width * SS, base.height * SS), Image.Resampling.BICUBIC)
    draw = ImageDraw.Draw(big)
    fills = fills or _fills(record, style)
    shaped = {n: _shaped(p, style, rng) for n, p in polys.items()}
    if style.shadow:
        for poly in shaped.values():
            draw.polygon(_pts(affinity.translate(poly, style.shadow, style.shadow)), fill=(150, 150, 150))
    for name, poly in shaped.items():
        fill = fills.get(name, fills[PIECES[0]])
        if style.gradient:
            x0, y0, x1, y1 = poly.bounds
            mask = Image.new("L", big.size, 0)
            ImageDraw.Draw(mask).polygon(_pts(poly), fill=255)
            bx0, by0 = int(x0 * SS), int(y0 * SS)
            bx1, by1 = int(math.ceil(x1 * SS)) + 1, int(math.ceil(y1 * SS)) + 1
            t = np.linspace(-1, 1, by1 - by0)[:, None] * 0.5 + np.linspace(-1, 1, bx1 - bx0)[None, :] * 0.5
            shade = 1.0 - style.gradient * t
            block = np.clip(np.array(fill, float)[None, None, :] * shade[:, :, None], 0, 255).astype(np.uint8)
            big.paste(Image.fromarray(block), (bx0, by0), mask.crop((bx0, by0, bx1, by1)))
        else:
            draw.polygon(_pts(poly), fill=fill)
    if style.outline is not None:
        w = max(1, round(style.width * SS))
        for name, poly in shaped.items():
            colour = _outline_colour(style, name, fills.get(name, fills[PIECES[0]]), palette)
            draw.line(_pts(poly), fill=colour, width=w, joint="curve")
    image = np.asarray(big.resize(base.size, Image.Resampling.BOX))
    return apply_page(image, style.page, seed)


# ------------------------------------------------------------------------------------------ measuring


def cases(records: Sequence[Any], master_seed: int) -> list[tuple[Any, str, str, dict[str, Polygon], Style, int]]:
    """(record, case, expect, polygons, style, seed): per record each style draws the solution once, the
    alternatives and each error once in styles taken in turn."""
    rng = random.Random(master_seed)
    out = []
    k = 0
    for record in records:
        for style in STYLES:
            out.append((record, "none", "correct", solution(record), style, rng.randrange(1 << 30)))
        for alt in alternatives(record):
            out.append((record, "alternative", "correct", alt, STYLES[k % len(STYLES)], rng.randrange(1 << 30)))
            k += 1
        for name, make in ERRORS.items():
            made = make(record, rng)
            if made is None:
                continue
            out.append((record, name, "not_pass", made[0], STYLES[k % len(STYLES)], rng.randrange(1 << 30)))
            k += 1
    return out


def main(n_instances: int = 12, master_seed: int = 1313) -> None:
    import tempfile
    from collections import Counter, defaultdict
    from pathlib import Path

    from genpuzzle.dataset import load_set, write_set
    from genpuzzle.evaluate import _instance_images, verify_image

    root = Path(tempfile.mkdtemp(prefix="gp-audit-tangram-")) / "set"
    write_set(root, {"tangram": n_instances}, master_seed=master_seed)
    pset = load_set(root)
    by_style: dict[str, Counter] = defaultdict(Counter)
    by_case: dict[str, Counter] = defaultdict(Counter)
    lines = []
    for record, case, expect, polys, style, seed in cases(pset.records, master_seed):
        target, mask = _instance_images(str(root), record.input_image, record.edit_mask)
        verdict = verify_image(record, paint(record, polys, style, seed), target, mask)
        kind = outcome(expect, verdict)
        by_style[style.name][kind] += 1
        by_case[case][kind] += 1
        if kind != "right":
            lines.append(f"  {kind:21s} {record.id} {record.variant} {style.name} {case} -> "
                         f"{verdict.status.value} {verdict.score} review={verdict.needs_review} {verdict.codes}")
    print_tally(by_style, by_case, lines)


if __name__ == "__main__":
    import sys

    main(*(int(a) for a in sys.argv[1:3]))
