"""A blind audit family of spatial-construction answers (AUDIT14): correct answers and planted errors
redrawn as an image model might return them, written without reading the verifier, the registration or
the documented limits (fourteenth session).

Styles (unlike ``tests/spatial_construction_answers.py``): light tints with white gutters; a wobbly marker
spilling over the outlines (holes off-centre, section sides overshooting their ends a little); gradient
shading (glossy holes with a highlight, a translucent section fill); speckled crayon with paper showing
(pencil-grey sketchy double section lines); Material-design hues; the palette on a squashed page on a desk;
outlines redrawn thinner with rings-and-dot holes and thick piece borders. Page changes:
``audit_common.apply_page`` and this family's ``square``, ``vignette``, ``cast``, ``halo``, ``desk``
(``tests/audit_orthographic_answers.py``).

Cases: ``none`` (the stored answer) and ``alternative`` (assembly: the tiling turned half a turn, a
quarter turn on a square region, or mirrored when every piece is its own mirror image) expect ``correct``
100 without review; ``letters`` (net squares also carry the colour's initial), ``vertex_dots`` (section
vertices marked with small dots) and ``piece_numbers`` (tiling regions numbered) are readable answers
with a little extra ink that may go to review (``correct_or_review``). Planted errors expect not to pass;
``ERROR_CODES`` names the violation codes any one of which names the error.

``python tests/audit_spatial_construction_answers.py [n_instances] [master_seed] [json_out]`` prints the
tally per style and per case (and writes every answer's result to ``json_out``).

Blind figure (session-start code 1476d90, ``python tests/audit_spatial_construction_answers.py 12 1414``, 3
instances per variant, 152 answers): 142 right, 4 false passes (colours_swapped 3: two tiling regions
painted in each other's piece colours; piece_recoloured 1: a given piece painted grey), 0 confident false
fails, 5 review (hole_between_dots 2: unsure_reading, not named; the cross section in thin blue lines on a
vignetted, sharpened page 3), 1 unreadable (label_moved on a tilted page).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Sequence

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from genpuzzle.renderers.spatial_construction import COLOUR_NAMES, PALETTE, project
from genpuzzle.solvers.spatial_construction import (OPPOSITE, canonical, folded_region, net_colourings,
                                                    unfold_holes, _reflect)

from audit_common import apply_page, run_audit
from audit_orthographic_answers import EXTRA_STEPS

FONT = "/usr/share/fonts/truetype/andika/Andika-Bold.ttf"
MATERIAL = {"red": (244, 67, 54), "orange": (255, 152, 0), "yellow": (255, 235, 59), "green": (76, 175, 80),
            "blue": (33, 100, 243), "purple": (156, 39, 176)}


@dataclass(frozen=True)
class Style:
    name: str
    shades: str  # tint | palette | material | deep
    fill: str  # gutter | marker | gradient | speckle | solid
    hole: str  # disc | wobbly | glossy | pencil | ring_dot | large
    line: str  # blue | marker | red_fill | pencil | red_dashed | black
    borders: bool = False  # tiling: thick black borders between pieces
    page: tuple[tuple[str, Any], ...] = ()


STYLES = [
    Style("s_tint_gutter", "tint", "gutter", "disc", "blue", page=(("margin", 40), ("caption", 0), ("jpeg", 80))),
    Style("s_marker_tilt", "deep", "marker", "wobbly", "marker", page=(("tilt", 1.5), ("jpeg", 75))),
    Style("s_gradient_letterbox", "palette", "gradient", "glossy", "red_fill", page=(("letterbox_4_3", 0),)),
    Style("s_speckle_texture", "deep", "speckle", "pencil", "pencil", page=(("texture", 0.06), ("jpeg", 70))),
    Style("s_material_dark_margins", "material", "solid", "large", "black", page=(("dark_margins", 0),)),
    Style("s_palette_desk_square", "palette", "solid", "disc", "red_dashed",
          page=(("desk", 0), ("square", 0), ("jpeg", 85))),
    Style("s_redrawn_vignette", "material", "gutter", "ring_dot", "blue", borders=True,
          page=(("vignette", 0.25), ("cast", 0), ("halo", 0.8), ("jpeg", 80))),
]


def _shade(style: Style, name: str) -> tuple[int, int, int]:
    base = PALETTE[name]
    if style.shades == "tint":
        return tuple(round(c + 0.3 * (255 - c)) for c in base)  # type: ignore[return-value]
    if style.shades == "material":
        return MATERIAL[name]
    if style.shades == "deep":
        return tuple(round(0.82 * c) for c in base)  # type: ignore[return-value]
    return base


# ------------------------------------------------------------------------------------------ drawing


def _blend(img: Image.Image, layer: Image.Image, colour: Sequence[int], alpha: float) -> None:
    """Paint ``colour`` where ``layer`` (L) is set, at ``alpha`` x its value, over ``img`` in place."""
    base = np.asarray(img).astype(np.float32)
    a = np.asarray(layer, np.float32)[..., None] / 255 * alpha
    img.paste(Image.fromarray((base * (1 - a) + np.array(colour, np.float32) * a).astype(np.uint8)))


def _wobbly(pts: list[tuple[float, float]], rng: random.Random, amp: float) -> list[tuple[float, float]]:
    out = []
    for p, q in zip(pts, pts[1:] + pts[:1]):
        for t in np.linspace(0, 1, 6, endpoint=False):
            out.append((p[0] + t * (q[0] - p[0]) + rng.uniform(-amp, amp),
                        p[1] + t * (q[1] - p[1]) + rng.uniform(-amp, amp)))
    return out


def _fill_polygon(img: Image.Image, pts: list[tuple[float, float]], colour, style: Style, rng: random.Random) -> None:
    """Fill a polygon (a net square, a tiling region's cell) in ``style``."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    layer = Image.new("L", img.size, 0)
    ld = ImageDraw.Draw(layer)
    if style.fill == "gutter":
        g = 5
        ld.rectangle([x0 + g, y0 + g, x1 - g, y1 - g], fill=255)
        _blend(img, layer, colour, 1.0)
    elif style.fill == "marker":
        ld.polygon(_wobbly([(x0 - 1, y0 - 1), (x1 + 1, y0 - 1), (x1 + 1, y1 + 1), (x0 - 1, y1 + 1)], rng, 1.5), fill=255)
        base = np.asarray(img).astype(np.float32)  # a felt pen darkens what it runs over (multiply)
        a = np.asarray(layer, np.float32)[..., None] / 255 * 0.92
        img.paste(Image.fromarray((base * (1 - a) + base * np.array(colour, np.float32) / 255 * a).astype(np.uint8)))
    elif style.fill == "gradient":
        ld.rectangle([x0 + 2, y0 + 2, x1 - 2, y1 - 2], fill=255)
        h, w = img.size[1], img.size[0]
        yy, xx = np.mgrid[0:h, 0:w]
        t = np.clip(((xx - x0) / max(1, x1 - x0) + (yy - y0) / max(1, y1 - y0)) / 2, 0, 1)
        shade = (1.12 - 0.26 * t)[..., None]
        base = np.asarray(img).astype(np.float32)
        col = np.clip(np.array(colour, np.float32) * shade, 0, 255)
        a = np.asarray(layer, np.float32)[..., None] / 255
        img.paste(Image.fromarray((base * (1 - a) + col * a).astype(np.uint8)))
    elif style.fill == "speckle":
        ld.rectangle([x0 + 3, y0 + 3, x1 - 3, y1 - 3], fill=255)
        a = np.asarray(layer).copy()
        speck = np.random.default_rng(rng.randrange(1 << 30)).random(a.shape) < 0.22
        a[speck] = 0
        _blend(img, Image.fromarray(a), colour, 1.0)
    else:
        ld.rectangle([x0 + 1, y0 + 1, x1 - 1, y1 - 1], fill=255)
        _blend(img, layer, colour, 1.0)


def _hole(d: ImageDraw.ImageDraw, x: float, y: float, unit: float, style: Style, rng: random.Random) -> None:
    r = 0.26 * unit
    if style.hole == "disc":
        d.ellipse([x - r, y - r, x + r, y + r], fill=(20, 20, 20))
    elif style.hole == "large":
        r = 0.34 * unit
        d.ellipse([x - r, y - r, x + r, y + r], fill=(0, 0, 0))
    elif style.hole == "wobbly":
        cx, cy = x + rng.uniform(-0.08, 0.08) * unit, y + rng.uniform(-0.08, 0.08) * unit
        pts = [(cx + r * (1 + rng.uniform(-0.12, 0.12)) * math.cos(a), cy + r * (1 + rng.uniform(-0.12, 0.12))
                * math.sin(a)) for a in np.linspace(0, 2 * math.pi, 12, endpoint=False)]
        d.polygon(pts, fill=(25, 30, 60))
    elif style.hole == "glossy":
        d.ellipse([x - r, y - r, x + r, y + r], fill=(15, 15, 15))
        hr = 0.3 * r
        d.ellipse([x - 0.45 * r - hr, y - 0.45 * r - hr, x - 0.45 * r + hr, y - 0.45 * r + hr], fill=(200, 200, 200))
    elif style.hole == "pencil":  # a disc shaded with graphite strokes
        for k in range(-6, 7):
            yy = y + k * r / 6.5
            half = math.sqrt(max(0.0, r * r - (yy - y) ** 2))
            d.line([(x - half + rng.uniform(0, 1), yy), (x + half - rng.uniform(0, 1), yy + rng.uniform(-1, 1))],
                   fill=(70, 70, 75), width=2)
    elif style.hole == "ring_dot":
        d.ellipse([x - r, y - r, x + r, y + r], outline=(0, 0, 0), width=3)
        d.ellipse([x - 0.35 * r, y - 0.35 * r, x + 0.35 * r, y + 0.35 * r], fill=(0, 0, 0))
    else:
        raise ValueError(style.hole)


def _dashed(d, a, b, colour, width, dash=9.0, gap=6.0) -> None:
    length = math.dist(a, b)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = 0.0
    while t < length:
        e = min(length, t + dash)
        d.line([(a[0] + ux * t, a[1] + uy * t), (a[0] + ux * e, a[1] + uy * e)], fill=colour, width=width)
        t = e + gap


def _segment(img: Image.Image, a, b, style: Style, hidden: bool, rng: random.Random) -> None:
    d = ImageDraw.Draw(img)
    if style.line == "marker":  # a felt pen, a little past each end
        L = math.dist(a, b)
        ux, uy = (b[0] - a[0]) / L, (b[1] - a[1]) / L
        o1, o2 = rng.uniform(0, 4), rng.uniform(0, 4)
        a2, b2 = (a[0] - o1 * ux, a[1] - o1 * uy), (b[0] + o2 * ux, b[1] + o2 * uy)
        pts = [(a2[0] + t * (b2[0] - a2[0]) + rng.uniform(-0.7, 0.7), a2[1] + t * (b2[1] - a2[1]) + rng.uniform(-0.7, 0.7))
               for t in np.linspace(0, 1, 12)]
        d.line(pts, fill=(20, 20, 90), width=4, joint="curve")
    elif style.line == "pencil":  # two light strokes, one a pixel off
        for off in (0.0, 1.2):
            d.line([(a[0] + off, a[1] - off), (b[0] + off * 0.5, b[1] - off)], fill=(95, 95, 100), width=2)
    elif style.line == "red_dashed" and hidden:
        _dashed(d, a, b, (210, 25, 25), 3)
    elif style.line == "blue":
        d.line([tuple(a), tuple(b)], fill=(30, 70, 200), width=2)
    elif style.line == "black":
        d.line([tuple(a), tuple(b)], fill=(0, 0, 0), width=3)
    else:
        d.line([tuple(a), tuple(b)], fill=(210, 25, 25), width=3)


def _text(img: Image.Image, xy, text: str, size: int, colour=(0, 0, 0)) -> None:
    ImageDraw.Draw(img).text(xy, text, font=ImageFont.truetype(FONT, size), fill=colour, anchor="mm")


def paint(record: Any, input_image: Image.Image, state: dict[str, Any], style: Style, seed: int) -> np.ndarray:
    """The answer page: the input with ``state`` drawn in ``style``, then ``state``'s page edits and the
    style's page changes."""
    rng = random.Random(seed)
    img = input_image.convert("RGB").copy()
    layout, truth, v = record.layout, record.ground_truth, record.variant
    if v == "cube_net":
        for sq in layout["squares"]:
            key = f"{sq['cell'][0]},{sq['cell'][1]}"
            name = state["colours"].get(key)
            if sq["anchor"] or name is None:
                continue
            x0, y0, x1, y1 = sq["bbox"]
            colour = name if isinstance(name, tuple) else _shade(style, name)
            _fill_polygon(img, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)], colour, style, rng)
            if state.get("letters") and isinstance(name, str):
                _text(img, ((x0 + x1) / 2, (y0 + y1) / 2), name[0].upper(), 22)
    elif v == "paper_folding":
        d = ImageDraw.Draw(img)
        for r, c in state["holes"]:
            x, y = layout["points"][r][c]
            _hole(d, x, y, layout["cell_px"], style, rng)
        for x, y in state.get("free_holes", []):
            _hole(d, x, y, layout["cell_px"], style, rng)
    elif v == "cross_section":
        hidden = state.get("hidden", truth["hidden_sides"])
        polys = state["polygon_px"]
        m = len(polys)
        if style.line == "red_fill":
            layer = Image.new("L", img.size, 0)
            ImageDraw.Draw(layer).polygon([tuple(p) for p in polys], fill=255)
            _blend(img, layer, (235, 120, 120), 0.35)
        for i, j in state["sides"]:
            _segment(img, polys[i], polys[j], style, j == (i + 1) % m and hidden[i], rng)
        for a, b in state.get("lines", []):
            _segment(img, a, b, style, False, rng)
        if state.get("vertex_dots"):
            d = ImageDraw.Draw(img)
            for x, y in polys:
                d.ellipse([x - 4, y - 4, x + 4, y + 4], fill=(20, 20, 20))
    else:
        x0, y0, x1, y1 = layout["target_bbox"]
        rows, cols = layout["rows"], layout["cols"]
        cw, ch = (x1 - x0) / cols, (y1 - y0) / rows
        colours = state.get("colours") or truth["piece_colours"]
        for k, region in enumerate(state["regions"]):
            colour = _shade(style, colours[k])
            for r, c in region:
                bx0, by0 = x0 + c * cw, y0 + r * ch
                _fill_polygon(img, [(bx0, by0), (bx0 + cw, by0), (bx0 + cw, by0 + ch), (bx0, by0 + ch)], colour,
                              style, rng)
            if state.get("numbers"):
                r, c = sorted(region)[0]
                _text(img, (x0 + (c + 0.5) * cw, y0 + (r + 0.5) * ch), str(k + 1), 26)
        if style.borders:
            d = ImageDraw.Draw(img)
            owner = {tuple(c): k for k, reg in enumerate(state["regions"]) for c in reg}
            for (r, c), k in owner.items():
                for dr, dc in ((0, 1), (1, 0)):
                    q = (r + dr, c + dc)
                    if q in owner and owner[q] != k:
                        if dc:
                            a, b = (x0 + (c + 1) * cw, y0 + r * ch), (x0 + (c + 1) * cw, y0 + (r + 1) * ch)
                        else:
                            a, b = (x0 + c * cw, y0 + (r + 1) * ch), (x0 + (c + 1) * cw, y0 + (r + 1) * ch)
                        d.line([a, b], fill=(0, 0, 0), width=5)
    for edit in state.get("page_edits", ()):
        edit(img, rng)
    return apply_page(np.asarray(img), style.page, seed, EXTRA_STEPS)


# ------------------------------------------------------------------------------------------ cases


def truth_state(record: Any) -> dict[str, Any]:
    t, v, layout = record.ground_truth, record.variant, record.layout
    if v == "cube_net":
        return {"colours": dict(t["solution"])}
    if v == "paper_folding":
        return {"holes": [tuple(h) for h in t["holes"]]}
    if v == "cross_section":
        m = len(t["polygon"])
        return {"polygon_px": [tuple(p) for p in layout["section_px"]], "sides": [(i, (i + 1) % m) for i in range(m)]}
    return {"regions": [[tuple(c) for c in r] for r in t["solution"]]}


def _turned(regions, rows, cols, quarter: bool):
    if quarter:  # (r, c) -> (c, rows - 1 - r) on a square region
        return [[(c, rows - 1 - r) for r, c in reg] for reg in regions]
    return [[(rows - 1 - r, cols - 1 - c) for r, c in reg] for reg in regions]


def _achiral(cells) -> bool:
    return canonical(cells) == canonical([(r, -c) for r, c in cells])


def alternatives(record: Any) -> list[dict[str, Any]]:
    if record.variant != "assembly":
        return []
    t = record.ground_truth
    rows, cols = t["rows"], t["cols"]
    stored = truth_state(record)["regions"]
    out = [_turned(stored, rows, cols, False)]
    if rows == cols:
        out.append(_turned(stored, rows, cols, True))
    if all(_achiral(p) for p in stored):
        out.append([[(r, cols - 1 - c) for r, c in reg] for reg in stored])
    key = lambda regs: sorted(sorted(r) for r in regs)
    seen, kept = [key(stored)], []
    for regs in out:
        if key(regs) not in seen:
            seen.append(key(regs))
            kept.append({"regions": regs})
    return kept


READABLE = {  # a readable answer with a little extra ink: correct or review
    "letters": lambda record: ({**truth_state(record), "letters": True} if record.variant == "cube_net" else None),
    "vertex_dots": lambda record: ({**truth_state(record), "vertex_dots": True}
                                   if record.variant == "cross_section" else None),
    "piece_numbers": lambda record: ({**truth_state(record), "numbers": True} if record.variant == "assembly"
                                     else None),
}


def _free_keys(record) -> list[str]:
    return [f"{sq['cell'][0]},{sq['cell'][1]}" for sq in record.layout["squares"] if not sq["anchor"]]


def _mirror_cube(record, rng):
    """The net coloured for the cube's mirror image (left and right faces exchanged), fitting the two
    coloured squares: every adjacency right but the handedness wrong."""
    if record.variant != "cube_net":
        return None
    t = record.ground_truth
    cube = {f: int(k) for f, k in t["cube"].items()}
    cube["left"], cube["right"] = cube["right"], cube["left"]
    net = [tuple(sq) for sq in t["net"]]
    anchors = {tuple(sq): COLOUR_NAMES.index(t["solution"][f"{sq[0]},{sq[1]}"]) for sq in t["anchors"]}
    fits = net_colourings(net, cube, anchors)
    if len(fits) != 1:
        return None
    colours = {f"{r},{c}": COLOUR_NAMES[k] for (r, c), k in fits[0].items()}
    return {"colours": colours} if colours != t["solution"] else None


def _two_swapped(record, rng):
    if record.variant != "cube_net":
        return None
    s = truth_state(record)
    free = _free_keys(record)
    a, b = rng.sample(free, 2)
    s["colours"][a], s["colours"][b] = s["colours"][b], s["colours"][a]
    return s


def _opposite_colour(record, rng):
    """One square coloured with the colour of the face opposite to it."""
    if record.variant != "cube_net":
        return None
    t = record.ground_truth
    s = truth_state(record)
    key = rng.choice(_free_keys(record))
    face = t["faces"][key]
    s["colours"][key] = COLOUR_NAMES[int(t["cube"][OPPOSITE[face]])]
    return s


def _view_recoloured(record, rng):
    """A face of View 1 repainted with another face's colour (the model 'tidying' the picture)."""
    if record.variant != "cube_net":
        return None
    s = truth_state(record)
    poly = [tuple(p) for p in record.layout["views"][0]["polygons"][0]]
    cube = record.ground_truth["cube"]
    colour = PALETTE[COLOUR_NAMES[int(cube["bottom"])]]

    def edit(img, _rng):
        d = ImageDraw.Draw(img)
        d.polygon(poly, fill=colour, outline=(0, 0, 0), width=3)

    s["page_edits"] = [edit]
    return s


def _punch_only(record, rng):
    """Holes only where the folded paper was punched (the sheet not unfolded)."""
    if record.variant != "paper_folding":
        return None
    t = record.ground_truth
    punches = sorted(tuple(p) for p in t["punches"])
    return {"holes": punches} if set(punches) != {tuple(h) for h in t["holes"]} else None


def _first_folds_forgotten(record, rng):
    """The punches unfolded through the last fold only."""
    if record.variant != "paper_folding":
        return None
    t = record.ground_truth
    n, folds = t["n"], [tuple(f) for f in t["folds"]]
    if len(folds) < 2:
        return None
    boxes = [(Fraction(0), Fraction(0), Fraction(n), Fraction(n), "")] + folded_region(n, folds)
    points = {(Fraction(c) + Fraction(1, 2), Fraction(r) + Fraction(1, 2)) for r, c in t["punches"]}
    points |= {_reflect(p, folds[-1], boxes[-2]) for p in points}
    holes = sorted({(int(y - Fraction(1, 2)), int(x - Fraction(1, 2))) for x, y in points})
    return {"holes": holes} if set(holes) != {tuple(h) for h in t["holes"]} else None


def _holes_mirrored(record, rng):
    """The right hole pattern mirrored left-right (a fold unfolded to the wrong side)."""
    if record.variant != "paper_folding":
        return None
    t = record.ground_truth
    n = t["n"]
    holes = sorted((r, n - 1 - c) for r, c in t["holes"])
    return {"holes": holes} if set(holes) != {tuple(h) for h in t["holes"]} else None


def _hole_shifted(record, rng):
    """One hole drawn on the neighbouring dot."""
    if record.variant != "paper_folding":
        return None
    t = record.ground_truth
    n = t["n"]
    holes = [tuple(h) for h in t["holes"]]
    k = rng.randrange(len(holes))
    r, c = holes[k]
    options = [(r + dr, c + dc) for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))
               if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr, c + dc) not in holes]
    if not options:
        return None
    holes[k] = rng.choice(options)
    return {"holes": holes}


def _hole_between_dots(record, rng):
    """One hole drawn midway between two dots instead of on its dot."""
    if record.variant != "paper_folding":
        return None
    layout = record.layout
    holes = [tuple(h) for h in record.ground_truth["holes"]]
    r, c = holes[rng.randrange(len(holes))]
    n = record.ground_truth["n"]
    c2 = c + 1 if c + 1 < n else c - 1
    (xa, ya), (xb, yb) = layout["points"][r][c], layout["points"][r][c2]
    return {"holes": [h for h in holes if h != (r, c)], "free_holes": [((xa + xb) / 2, (ya + yb) / 2)]}


def _flap_unshaded(record, rng):
    """The first folding step redrawn without its shaded flap (the step panel painted over with paper
    inside its frame)."""
    if record.variant != "paper_folding":
        return None
    s = truth_state(record)
    x0, y0, x1, y1 = record.layout["steps"][0]
    box = [x0 + 0.3 * (x1 - x0), y0 + 0.45 * (y1 - y0), x0 + 0.7 * (x1 - x0), y0 + 0.8 * (y1 - y0)]

    def edit(img, _rng):
        ImageDraw.Draw(img).rectangle(box, fill=(255, 255, 255))

    s["page_edits"] = [edit]
    return s


def _triangle_pqr(record, rng):
    """The triangle PQR drawn instead of the section (sides through the cube's inside)."""
    if record.variant != "cross_section":
        return None
    t = record.ground_truth
    names = t["vertex_names"]
    if len(names) < 4:
        return None
    s = truth_state(record)
    i, j, k = (names.index(x) for x in "PQR")
    s["sides"] = [(i, j), (j, k), (i, k)]
    return s


def _vertex_slid(record, rng):
    """One vertex that is not P, Q or R put a quarter edge off along its cube edge (both its sides drawn
    to the wrong point)."""
    if record.variant != "cross_section":
        return None
    t, layout = record.ground_truth, record.layout
    names = t["vertex_names"]
    others = [i for i, nm in enumerate(names) if nm not in "PQR"]
    if not others:
        return None
    i = rng.choice(others)
    p = [Fraction(v) for v in t["polygon"][i]]
    axis = next(a for a in range(3) if p[a] not in (0, 1))
    p[axis] = p[axis] + Fraction(1, 4) if p[axis] <= Fraction(1, 2) else p[axis] - Fraction(1, 4)
    s = truth_state(record)
    s["polygon_px"][i] = project(p, tuple(layout["origin"]), layout["side"])
    return s


def _hidden_sides_left_out(record, rng):
    """Only the sides on visible faces drawn."""
    if record.variant != "cross_section":
        return None
    hidden = record.ground_truth["hidden_sides"]
    if not any(hidden):
        return None
    s = truth_state(record)
    s["sides"] = [(i, j) for i, j in s["sides"] if not hidden[i]]
    return s


def _label_moved(record, rng):
    """The label P erased and written beside another vertex of the cube (the model 'tidying' labels)."""
    if record.variant != "cross_section":
        return None
    s = truth_state(record)
    box = record.layout["label_boxes"]["P"]
    vx, vy = record.layout["vertices_px"][4]  # a top-front corner

    def edit(img, _rng):
        ImageDraw.Draw(img).rectangle(box, fill=(255, 255, 255))
        _text(img, (vx - 16, vy - 16), "P", 18)

    s["page_edits"] = [edit]
    return s


def _colours_swapped(record, rng):
    """Two regions of different shapes painted in each other's piece colour."""
    if record.variant != "assembly":
        return None
    s = truth_state(record)
    regions = s["regions"]
    pairs = [(a, b) for a in range(len(regions)) for b in range(a + 1, len(regions))
             if canonical(regions[a]) != canonical(regions[b])]
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    colours = list(record.ground_truth["piece_colours"])
    colours[a], colours[b] = colours[b], colours[a]
    s["colours"] = colours
    return s


def _mirrored_tiling(record, rng):
    """The tiling mirrored left-right, where a piece is not its own mirror image (placed flipped)."""
    if record.variant != "assembly":
        return None
    t = record.ground_truth
    regions = truth_state(record)["regions"]
    if all(_achiral(p) for p in regions):
        return None
    return {"regions": [[(r, t["cols"] - 1 - c) for r, c in reg] for reg in regions]}


def _piece_recoloured(record, rng):
    """A given piece above the region repainted grey (the model 'using it up')."""
    if record.variant != "assembly":
        return None
    s = truth_state(record)
    layout = record.layout
    box = layout["piece_boxes"][0]
    pc = layout["piece_cell_px"]
    cells = record.ground_truth["pieces"][0]

    def edit(img, _rng):
        d = ImageDraw.Draw(img)
        for r, c in cells:
            d.rectangle([box[0] + c * pc + 2, box[1] + r * pc + 2, box[0] + (c + 1) * pc - 2, box[1] + (r + 1) * pc - 2],
                        fill=(200, 200, 200))

    s["page_edits"] = [edit]
    return s


def _margin_note(record, rng):
    """The right answer with "done!" written in the margin beside the answer area (sheet and section)."""
    if record.variant not in ("paper_folding", "cross_section"):
        return None
    s = truth_state(record)
    x0, y0, x1, y1 = record.layout["answer_bbox"]

    def edit(img, _rng):
        x = min(img.size[0] - 40, x1 + 45)
        _text(img, (x, (y0 + y1) / 2), "done!", 20, (30, 30, 120))

    s["page_edits"] = [edit]
    return s


ERRORS: dict[str, Callable] = {
    "mirror_cube": _mirror_cube, "two_swapped": _two_swapped, "opposite_colour": _opposite_colour,
    "view_recoloured": _view_recoloured,
    "punch_only": _punch_only, "first_folds_forgotten": _first_folds_forgotten, "holes_mirrored": _holes_mirrored,
    "hole_shifted": _hole_shifted, "hole_between_dots": _hole_between_dots, "flap_unshaded": _flap_unshaded,
    "triangle_pqr": _triangle_pqr, "vertex_slid": _vertex_slid, "hidden_sides_left_out": _hidden_sides_left_out,
    "label_moved": _label_moved,
    "colours_swapped": _colours_swapped, "mirrored_tiling": _mirrored_tiling, "piece_recoloured": _piece_recoloured,
    "margin_note": _margin_note,
}
HOLES = ("missing_hole", "extra_hole")
SECTION = ("missing_edge", "extra_edge", "wrong_polygon")
CONTEXT = ("context_modified", "anchor_changed", "input_not_used")
ERROR_CODES: dict[str, tuple[str, ...]] = {
    "mirror_cube": ("wrong_face",), "two_swapped": ("wrong_face",), "opposite_colour": ("wrong_face",),
    "view_recoloured": CONTEXT, "punch_only": HOLES, "first_folds_forgotten": HOLES, "holes_mirrored": HOLES,
    "hole_shifted": HOLES, "hole_between_dots": HOLES + ("stray_mark",), "flap_unshaded": CONTEXT,
    "triangle_pqr": SECTION, "vertex_slid": SECTION + ("stray_mark",), "hidden_sides_left_out": SECTION,
    "label_moved": CONTEXT, "colours_swapped": ("wrong_region", "mirrored_piece", "missing_piece"),
    "mirrored_tiling": ("mirrored_piece", "wrong_region", "missing_piece"), "piece_recoloured": CONTEXT,
    "margin_note": ("stray_ink",),
}


def cases(records: Sequence[Any], master_seed: int) -> list[tuple[Any, str, str, dict[str, Any], Style, int]]:
    """(record, case, expect, state, style, seed): per record each style draws the stored answer once;
    alternatives, readable extras and each applicable error once, in styles taken in turn."""
    rng = random.Random(master_seed)
    out = []
    k = 0
    for record in records:
        for style in STYLES:
            out.append((record, "none", "correct", truth_state(record), style, rng.randrange(1 << 30)))
        for alt in alternatives(record):
            out.append((record, "alternative", "correct", alt, STYLES[k % len(STYLES)], rng.randrange(1 << 30)))
            k += 1
        for name, make in READABLE.items():
            made = make(record)
            if made is not None:
                out.append((record, name, "correct_or_review", made, STYLES[k % len(STYLES)], rng.randrange(1 << 30)))
                k += 1
        for name, make in ERRORS.items():
            made = make(record, rng)
            if made is None:
                continue
            out.append((record, name, "not_pass", made, STYLES[k % len(STYLES)], rng.randrange(1 << 30)))
            k += 1
    return out


def main(n_instances: int = 12, master_seed: int = 1414, json_out: str | None = None) -> None:
    run_audit("spatial_construction", n_instances, master_seed, cases, paint, ERROR_CODES, json_out)


if __name__ == "__main__":
    import sys

    main(*(int(a) for a in sys.argv[1:3]), *(sys.argv[3:4]))
