"""Realistic tangram answers and cheats, drawn independently of the renderer, for measuring the verifier.

Two separate style lists: ``TUNE_STYLES`` (used while building the verifier) and ``HELDOUT_STYLES`` (only
measured, never tuned on: other outline widths and inks, other fills, other page distortions). Every
style draws a *valid* tiling (the stored solution) and must score 100. ``CHEATS`` are drawn in held-out
styles and must never score 100.

Heavier pen (a model that redraws the whole page, frames included, with every stroke 1 or 2 px bolder per
side): ``PEN_TUNE_STYLES`` are tune styles on such a page (tuned on), ``PEN_HELDOUT_STYLES`` held-out
styles on it (measured only); the references themselves are redrawn bolder too, and the cheats are also
drawn in the held-out heavier-pen styles.

``python tests/tangram_answers.py [n_instances]`` prints the sweep (the figures in docs/tangram.md).
"""

from __future__ import annotations

import colorsys
import sys
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

import numpy as np
from PIL import Image, ImageDraw, ImageFilter
from shapely import affinity
from shapely.geometry import Polygon

from genpuzzle import page_perturb, perturb
from genpuzzle.renderers.tangram import draw_scene
from genpuzzle.solvers.tangram import PIECES, arrangement_problems

SS = 4  # supersampling of the answer drawings


@dataclass(frozen=True)
class Style:
    """How a model might draw the solved tiling: piece fills, outline ink/width/placement, page changes."""

    name: str
    fill: str = "palette"  # palette | permuted | pastel | one:<r,g,b> | hues:<seed>
    outline: tuple[int, int, int] | None = (0, 0, 0)
    width: float = 3.0  # px at the canvas scale
    inside: bool = False  # outline drawn inside the piece (PIL style) rather than centred on the edge
    page: Callable[[np.ndarray], np.ndarray] | None = None


def _fills(record, style: Style) -> dict[str, tuple[int, int, int]]:
    palette = {p["name"]: tuple(p["colour"]) for p in record.ground_truth["pieces"]}
    if style.fill == "palette":
        return palette
    if style.fill == "permuted":
        names = list(PIECES)
        return {n: palette[names[(i + 3) % 7]] for i, n in enumerate(names)}
    if style.fill.startswith("pastel"):
        mix = float(style.fill.split(":")[1]) if ":" in style.fill else 0.55
        return {n: tuple(int(c + (255 - c) * mix) for c in rgb) for n, rgb in palette.items()}
    if style.fill.startswith("one:"):
        rgb = tuple(int(v) for v in style.fill[4:].split(","))
        return {n: rgb for n in PIECES}
    if style.fill.startswith("hues:"):
        rng = np.random.default_rng(int(style.fill[5:]) + record.seed % 1000)
        hues = rng.permutation(np.linspace(0, 1, 7, endpoint=False) + rng.uniform(0, 1 / 7)) % 1
        return {n: tuple(int(255 * c) for c in colorsys.hsv_to_rgb(h, 0.6, 0.85)) for n, h in zip(PIECES, hues)}
    raise ValueError(style.fill)


def paint(record, polys: dict[str, Polygon], style: Style, fills: dict[str, tuple[int, int, int]] | None = None
          ) -> np.ndarray:
    """The answer page: the renderer's empty page (frames, captions, silhouette), then ``polys`` painted
    in ``style`` at SS x resolution and box-downsampled, then the style's page changes."""
    base = draw_scene(record.ground_truth["silhouette"], [])
    big = base.resize((base.width * SS, base.height * SS), Image.Resampling.BICUBIC)
    draw = ImageDraw.Draw(big)
    fills = fills or _fills(record, style)
    w = max(1, round(style.width * SS))
    for name, poly in polys.items():
        pts = [(x * SS, y * SS) for x, y in poly.exterior.coords[:-1]]
        fill = fills.get(name, fills[PIECES[0]])
        if style.outline is not None and style.inside:
            draw.polygon(pts, fill=fill, outline=style.outline, width=w)
        else:
            draw.polygon(pts, fill=fill)
    if style.outline is not None and not style.inside:
        for poly in polys.values():
            pts = [(x * SS, y * SS) for x, y in poly.exterior.coords]
            draw.line(pts, fill=style.outline, width=w, joint="curve")
    image = np.asarray(big.resize(base.size, Image.Resampling.BOX))
    return style.page(image) if style.page else image


def _texture_jpeg(im: np.ndarray) -> np.ndarray:
    return perturb.jpeg(page_perturb.paper_texture(im, 0.05, seed=3), 75)


def _scale_rotate(fx: float, deg: float) -> Callable[[np.ndarray], np.ndarray]:
    return lambda im: perturb.rotate(perturb.rescale(im, fx), deg)


TUNE_STYLES = [
    Style("black3"),
    Style("black4_inside", width=4, inside=True),
    Style("grey2", outline=(90, 90, 90), width=2),
    Style("one_orange_black3", fill="one:240,150,40"),
    Style("permuted_dark2", fill="permuted", outline=(60, 60, 60), width=2),
    Style("pastel_black2", fill="pastel", width=2),
    Style("black5_jpeg70", width=5, page=lambda im: perturb.jpeg(im, 70)),
    Style("black3_rescale_rotate", page=_scale_rotate(0.8, 1.0)),
    Style("no_outline", outline=None),
]

HELDOUT_STYLES = [
    Style("black6", width=6),
    Style("black1", width=1),
    Style("brown4", outline=(70, 40, 20), width=4),
    Style("navy3_inside", outline=(20, 30, 90), width=3, inside=True),
    Style("one_lightblue_black4", fill="one:120,180,230", width=4),
    Style("one_grey_black3", fill="one:175,175,175", width=3),
    Style("one_green_grey2", fill="one:90,170,90", outline=(70, 70, 70), width=2),
    Style("other_hues_black2", fill="hues:1", width=2),
    Style("pastel_no_outline", fill="pastel:0.45", outline=None),
    Style("black3_texture_jpeg", page=_texture_jpeg),
    Style("black4_upscale_rotate", width=4, page=_scale_rotate(1.3, -1.5)),
    Style("white_gaps3", outline=(255, 255, 255), width=3),
]


def heavier_pen(image: np.ndarray, px: int) -> np.ndarray:
    """The page redrawn with every stroke ``px`` bolder per side: a min filter spreads dark ink and
    coloured fills over the paper (frames, ticks, captions, outlines and pieces alike)."""
    return np.asarray(Image.fromarray(image).filter(ImageFilter.MinFilter(2 * px + 1)))


def with_heavier_pen(style: Style, px: int) -> Style:
    """``style`` drawn with a pen ``px`` bolder per side, then the style's own page changes (JPEG...)."""
    then = style.page

    def page(im: np.ndarray) -> np.ndarray:
        out = heavier_pen(im, px)
        return then(out) if then else out

    return replace(style, name=f"{style.name}_pen+{px}", page=page)


PEN_TUNE_STYLES = [with_heavier_pen(s, px) for px in (1, 2) for s in TUNE_STYLES
                   if s.name in ("black3", "grey2", "one_orange_black3", "pastel_black2", "no_outline")]
PEN_HELDOUT_STYLES = [with_heavier_pen(s, px) for px in (1, 2) for s in HELDOUT_STYLES
                      if s.name in ("black1", "navy3_inside", "one_lightblue_black4", "other_hues_black2",
                                    "black3_texture_jpeg", "black4_upscale_rotate")]


def solution(record) -> dict[str, Polygon]:
    return {s["name"]: Polygon(s["polygon"]) for s in record.ground_truth["solution"]}


def _mirrored(record) -> dict[str, Polygon] | None:
    polys = solution(record)
    c = Polygon(record.ground_truth["silhouette"]).centroid
    moved = {n: affinity.scale(p, -1, 1, origin=c) for n, p in polys.items()}
    silhouette = Polygon(record.ground_truth["silhouette"])
    if not arrangement_problems(moved, silhouette, record.layout["unit_px"], rel_tol=2e-3):
        return None  # a symmetric silhouette: the mirrored tiling is valid, not a cheat
    return moved


def _missing(record):
    polys = solution(record)
    del polys["parallelogram"]
    return polys


def _overlap(record):
    polys = solution(record)
    a, b = polys["large_triangle_2"].centroid, polys["small_triangle_1"].centroid
    polys["small_triangle_1"] = affinity.translate(polys["small_triangle_1"], a.x - b.x, a.y - b.y)
    return polys


def _shifted_out(record):
    polys = solution(record)
    unit = record.layout["unit_px"]
    c = Polygon(record.ground_truth["silhouette"]).centroid
    q = polys["square"].centroid
    d = np.array([q.x - c.x, q.y - c.y])
    d = 0.6 * unit * d / max(1e-9, np.hypot(*d))
    polys["square"] = affinity.translate(polys["square"], *d)
    return polys


def _extra(record):
    polys = solution(record)
    sil = Polygon(record.ground_truth["silhouette"])
    extra = polys["square"]
    x0, y0, x1, y1 = record.layout["silhouette_panel"]
    for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        for k in range(1, 12):
            cand = affinity.translate(extra, dx * k * 20, dy * k * 20)
            bx0, by0, bx1, by1 = cand.bounds
            if bx0 > x0 + 10 and by0 > y0 + 10 and bx1 < x1 - 10 and by1 < y1 - 10 and \
                    cand.intersection(sil).area < 0.02 * cand.area:
                return {**polys, "extra_square": cand}
    return {**polys, "extra_square": affinity.translate(polys["square"], 8, 8)}  # on top, overlapping


def _deformed(record):
    """The parallelogram stretched 1.6 x 0.62 about its centre: nearly the same area, the wrong shape."""
    polys = solution(record)
    c = polys["parallelogram"].centroid
    polys["parallelogram"] = affinity.scale(polys["parallelogram"], 1.6, 0.62, origin=c)
    return polys


CHEATS: dict[str, Callable] = {
    "mirrored_tiling": _mirrored, "missing_piece": _missing, "overlap": _overlap,
    "uncovered_shifted": _shifted_out, "extra_shape": _extra, "deformed_piece": _deformed,
}


def reference_pages(root: Path, record) -> list[tuple[str, np.ndarray]]:
    """The stored reference redrawn with a pen 1 and 2 px bolder per side."""
    ref = np.asarray(Image.open(root / record.reference_images[0]).convert("RGB"))
    return [(f"reference_pen+{px}", heavier_pen(ref, px)) for px in (1, 2)]


# small marks that are no piece (a dot, a tick, a scribble, a "7" at 3.5 and 7 % of the short side; a
# faint grey "7") on blank paper in either panel of a correct tiling (1 Dec 2026, seventh session: these
# scored 100 before every mark was accounted for)
MARKS = [("dot", 0.035, (25, 25, 30)), ("tick", 0.035, (20, 20, 160)), ("scribble", 0.035, (25, 25, 30)),
         ("seven", 0.035, (25, 25, 30)), ("dot", 0.07, (200, 30, 30)), ("tick", 0.07, (25, 25, 30)),
         ("scribble", 0.07, (30, 120, 40)), ("seven", 0.07, (25, 25, 30)), ("seven", 0.05, (210, 210, 214))]


def _with_mark(image: np.ndarray, root: Path, record, mark: tuple[str, float, tuple[int, int, int]],
               seed: int) -> np.ndarray:
    """``image`` (a painted answer, possibly rescaled) with one mark on blank paper inside the edit mask."""
    from marks import blank_spots, draw_mark

    kind, fraction, colour = mark
    h, w = image.shape[:2]
    mask = np.asarray(Image.open(root / record.edit_mask).convert("L").resize((w, h), Image.NEAREST)) > 127
    size = max(8, int(fraction * min(h, w)))
    spots = blank_spots(image.astype(int), image.astype(int), mask, size)
    y, x = spots[np.random.default_rng(seed).integers(len(spots))]
    return np.asarray(draw_mark(Image.fromarray(image), kind, (int(x), int(y)), size, colour, seed))


def sweep(root: Path, pset, track, styles: list[Style], cheats: bool = False,
          references: bool = False, marks: bool = False) -> dict[str, list[tuple[bool, str]]]:
    """{style or cheat/style: [(verdict right, codes)]}; answers are saved as PNG and verified end to end.
    ``references``: the stored references on a heavier-pen page instead of ``styles``; ``marks``: a correct
    tiling in each style in turn with one of ``MARKS`` (right: not correct, score < 100)."""
    from genpuzzle.evaluate import verify_answer

    out: dict[str, list[tuple[bool, str]]] = {}
    folder = Path(tempfile.mkdtemp(prefix="gp-tangram-answers-"))
    for i, record in enumerate(pset.records):
        cases = []
        if references:
            for name, image in reference_pages(root, record):
                path = folder / f"{record.id}_{name}.png"
                Image.fromarray(image).save(path)
                verdict = verify_answer(root, record, path)
                info = f"{record.id} {name}: {verdict.score} {verdict.codes} review={verdict.needs_review}"
                out.setdefault(name, []).append((verdict.score == 100, info))
            continue
        if cheats:
            for k, (cname, make) in enumerate(CHEATS.items()):
                polys = make(record)
                if polys is not None:
                    cases.append((f"{cname}/{styles[(i + k) % len(styles)].name}", polys,
                                  styles[(i + k) % len(styles)], False))
        elif marks:
            cases = [(f"mark_{m[0]}_{m[1]}{'_faint' if min(m[2]) > 200 else ''}/{styles[(i + k) % len(styles)].name}",
                      solution(record), styles[(i + k) % len(styles)], False) for k, m in enumerate(MARKS)]
        else:
            cases = [(s.name, solution(record), s, True) for s in styles]
        for k, (name, polys, style, valid) in enumerate(cases):
            path = folder / f"{record.id}_{name.replace('/', '_')}.png"
            image = paint(record, polys, style)
            if marks:
                image = _with_mark(image, root, record, MARKS[k], seed=i * 100 + k)
            Image.fromarray(image).save(path)
            verdict = verify_answer(root, record, path)
            right = (verdict.score == 100) == valid and (valid or verdict.status.value != "correct")
            out.setdefault(name if not (cheats or marks) else name.split("/")[0], []).append(
                (right, f"{record.id} {name}: {verdict.score} {verdict.codes} review={verdict.needs_review}"))
    return out


FAMILIES = {  # name: (styles, cheats, references)
    "tune": (TUNE_STYLES, False, False),
    "held-out": (HELDOUT_STYLES, False, False),
    "cheats": (HELDOUT_STYLES, True, False),  # drawn in held-out styles
    "pen-references": ([], False, True),  # the stored references, 1 and 2 px bolder
    "pen-tune": (PEN_TUNE_STYLES, False, False),
    "pen-held-out": (PEN_HELDOUT_STYLES, False, False),
    "pen-cheats": (PEN_HELDOUT_STYLES, True, False),
    "marks": (HELDOUT_STYLES, False, False),  # a correct tiling with one of MARKS (see sweep)
}


def main(n: int, families: list[str] | None = None, master_seed: int = 777) -> None:
    from genpuzzle.dataset import load_set, write_set
    from genpuzzle.registry import get_track

    root = Path(tempfile.mkdtemp(prefix="gp-tangram-set-")) / "set"
    write_set(root, {"tangram": n}, master_seed=master_seed)
    pset = load_set(root)
    track = get_track("tangram")
    for title in families or list(FAMILIES):
        styles, cheats, references = FAMILIES[title]
        res = sweep(root, pset, track, styles, cheats, references, marks=title == "marks")
        total = sum(len(v) for v in res.values())
        right = sum(r for v in res.values() for r, _ in v)
        print(f"== {title}: {right}/{total} right")
        for k, v in res.items():
            print(f"  {k:28s} {sum(r for r, _ in v)}/{len(v)}")
            for r, info in v:
                if not r:
                    print("     WRONG", info)


if __name__ == "__main__":
    # python tests/tangram_answers.py [n_instances] [family,family,...] [master_seed]
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10,
         sys.argv[2].split(",") if len(sys.argv) > 2 and sys.argv[2] else None,
         int(sys.argv[3]) if len(sys.argv) > 3 else 777)
