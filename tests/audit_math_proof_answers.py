"""A blind audit family of math-proof answers (AUDIT13): constructions, shadings and lattice partitions
redrawn as an image model might return them, and planted errors, written without reading the verifier,
the registration or the documented limits.

Styles (construction stroke / shading / partition drawing / page changes):

- ``m_marker_navy_margin``: 7 px navy marker; shaded cells cross-hatched; partitions as each region's
  outline inset by a few pixels; a white margin and JPEG.
- ``m_hairline_red_tilt``: 1 px red hairline; shaded cells solid red; partitions as 1 px cut lines; the
  page tilted 2 degrees on a grown canvas, JPEG.
- ``m_longdash_green_letterbox``: 3 px green long dashes (24 on, 10 off); shaded cells hatched one way;
  partitions hatched per region in other directions and colours; a 4:3 letterbox.
- ``m_shadowed_magenta_texture``: 4 px magenta with a grey drop shadow; shaded cells solid with a shadow;
  partitions as pastel fills with white seams, no lines; paper texture, JPEG 70.
- ``m_sketchy_graphite_caption``: three overlapping 2 px graphite strokes a pixel or two apart; shaded
  cells scribbled; partitions as sketchy cut lines; a caption above the page.
- ``m_labelled_fonts_dark_margins``: 3 px black; the key point labelled in Vollkorn and region sizes
  written in Arapey (Debian fonts used nowhere else in the repo); shaded cells stippled; partitions as
  fills plus lines; dark margins.

Cases: ``none`` (the stored objects; partitions: any valid partition; shadings: any cells of the count)
expects ``correct`` 100; every planted error expects not to pass: ``wrong_construction`` (a candidate
object instead of the required one), ``missing_element`` (one of several objects left out; a single
object drawn only in part: 40 % of a segment, a 140 degree arc, two sides of a polygon; a partition with
two regions merged; one shaded cell too few), ``wrong_label`` (a given vertex label written over with
another letter), ``extra_line`` (the answer plus a candidate object; a partition with a region cut in two;
a shading with a stroke across the rectangle), ``wrong_shading`` (one cell too many; a partition with one
cell moved to a neighbouring region).

``python tests/audit_math_proof_answers.py [n_instances] [master_seed]`` prints right / false pass /
confident false fail / review / unreadable per style and per case.

Blind figure (session-start code 6d85fc5, 12 instances, master seed 1313): 86 of 115 right, 8 false
passes (wrong label 7: a given vertex or axis label written over with another letter scores ``correct``
97.7-100; extra line 1: the tangents plus the candidate "line from P through O", most of which the
optional segment OP explains -- hardly an error), 1 confident false fail (centroid, 1 px red hairline on a
tilted page: ``stray_mark`` + ``missing_element`` at 67), 4 reviews (a rotation answer with a written label
at 99.8, a rotation drawn in part at 70, pastel fills on textured paper at 84-85 twice), 16 unreadable (every
lattice answer in the two styles with a 4:3 letterbox and hatched regions or dark margins and filled
regions: registration quality 0.53 < 0.65). Right answers 58 of 72. (A first run scored the correct
construction for ``wrong_shading`` on constructions, a bug of this family: 7 more "false passes"; fixed,
that case no longer applies to constructions, the rest of the run is unchanged.)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from genpuzzle.renderers.math_proof import to_px
from genpuzzle.solvers.math_proof import valid_partitions

from audit_common import apply_page, outcome, print_tally

VOLLKORN = "/usr/share/fonts/truetype/vollkorn/Vollkorn-Regular.ttf"
ARAPEY = "/usr/share/fonts/opentype/arapey/Arapey-Regular.otf"


@dataclass(frozen=True)
class Style:
    name: str
    colour: tuple[int, int, int]
    width: int
    stroke: str  # solid | longdash | sketchy
    shadow: float = 0.0
    shade: str = "solid"  # solid | crosshatch | hatch | scribble | stipple
    partition: str = "lines"  # lines | outlines | hatch | fills | both
    labels: bool = False
    page: tuple[tuple[str, Any], ...] = ()


STYLES = [
    Style("m_marker_navy_margin", (20, 30, 110), 7, "solid", shade="crosshatch", partition="outlines",
          page=(("margin", 50), ("jpeg", 80))),
    Style("m_hairline_red_tilt", (210, 20, 20), 1, "solid", shade="solid", partition="lines",
          page=(("tilt", 2.0), ("jpeg", 85))),
    Style("m_longdash_green_letterbox", (20, 130, 50), 3, "longdash", shade="hatch", partition="hatch",
          page=(("letterbox_4_3", 0),)),
    Style("m_shadowed_magenta_texture", (190, 30, 150), 4, "solid", shadow=3.0, shade="solid", partition="fills",
          page=(("texture", 0.06), ("jpeg", 70))),
    Style("m_sketchy_graphite_caption", (85, 85, 90), 2, "sketchy", shade="scribble", partition="lines",
          page=(("caption", 0),)),
    Style("m_labelled_fonts_dark_margins", (0, 0, 0), 3, "solid", shade="stipple", partition="both", labels=True,
          page=(("dark_margins", 0),)),
]

ERRORS = ("wrong_construction", "missing_element", "wrong_label", "extra_line", "wrong_shading")
PASTELS = ((250, 205, 160), (170, 210, 250), (190, 235, 175), (245, 180, 200), (215, 195, 245), (245, 235, 150),
           (175, 230, 225), (230, 200, 170), (200, 200, 200), (240, 160, 140))


# ------------------------------------------------------------------------------------------ strokes


def _poly(d: ImageDraw.ImageDraw, pts: np.ndarray, style: Style, rng: random.Random,
          colour: tuple[int, int, int] | None = None, width: int | None = None) -> None:
    colour = colour or style.colour
    width = width or style.width
    path = [tuple(p) for p in pts.tolist()]
    if style.stroke == "solid":
        d.line(path, fill=colour, width=width, joint="curve" if width > 2 else None)
        return
    if style.stroke == "sketchy":
        for _ in range(3):
            ox, oy = rng.uniform(-1.6, 1.6), rng.uniform(-1.6, 1.6)
            d.line([(x + ox, y + oy) for x, y in path], fill=colour, width=width)
        return
    # long dashes: 24 px on, 10 px off along the arc length
    seg = np.diff(pts, axis=0)
    length = np.concatenate([[0], np.cumsum(np.hypot(seg[:, 0], seg[:, 1]))])
    s = np.arange(0, length[-1], 1.0)
    xs, ys = np.interp(s, length, pts[:, 0]), np.interp(s, length, pts[:, 1])
    on = (s % 34) < 24
    start = None
    for i in range(len(s)):
        if on[i] and start is None:
            start = i
        if (not on[i] or i == len(s) - 1) and start is not None:
            if i - start >= 2:
                d.line(list(zip(xs[start:i].tolist(), ys[start:i].tolist())), fill=colour, width=width)
            start = None


def stroke(d: ImageDraw.ImageDraw, pts: np.ndarray, style: Style, rng: random.Random) -> None:
    if style.shadow:
        _poly(d, pts + style.shadow, style, rng, colour=(150, 150, 150))
    _poly(d, pts, style, rng)


def element_points(element: dict, frame: dict, part: float = 1.0) -> np.ndarray:
    """Pixel polyline of an element (``part``: the share of it drawn, from its start)."""
    if element["kind"] == "circle":
        cx, cy = to_px(frame, element["center"])
        r = frame["scale"] * float(Fraction(element["radius"]))
        t = np.linspace(0, 2 * math.pi * part, max(8, int(240 * part)))
        return np.stack([cx + r * np.cos(t), cy + r * np.sin(t)], axis=1)
    if element["kind"] == "segment":
        p, q = (np.array(to_px(frame, v), float) for v in element["points"])
        return np.array([p, p + part * (q - p)])
    pts = [to_px(frame, v) for v in element["vertices"]]
    pts = pts + [pts[0]]
    keep = max(2, int(round(part * (len(pts) - 1))) + 1)
    return np.array(pts[:keep], float)


def draw_elements(img: Image.Image, record: Any, elements: list[dict], style: Style, rng: random.Random,
                  part: float = 1.0) -> None:
    d = ImageDraw.Draw(img)
    frame = record.layout["frame"]
    for e in elements:
        pts = element_points(e, frame, part)
        if e["kind"] == "segment" and e.get("explains") == "line" and part == 1.0:
            p, q = pts
            v = (q - p) / max(1e-9, float(np.hypot(*(q - p))))
            pts = np.array([p - v * rng.uniform(0, 10), q + v * rng.uniform(0, 10)])
        stroke(d, pts, style, rng)


def _label_font(size: int, which: str = VOLLKORN) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(which, size)


# ------------------------------------------------------------------------------------------ shading


def shade_cells(img: Image.Image, record: Any, cells: list[tuple[int, int]], style: Style,
                rng: random.Random) -> None:
    box = record.layout["cells"]
    x0, y0, x1, y1 = box["grid_bbox"]
    w, h = (x1 - x0) / box["cols"], (y1 - y0) / box["rows"]
    d = ImageDraw.Draw(img)
    for r, c in cells:
        bx = [x0 + c * w + 4, y0 + r * h + 4, x0 + (c + 1) * w - 4, y0 + (r + 1) * h - 4]
        if style.shade == "solid":
            if style.shadow:
                d.rectangle([bx[0] + 3, bx[1] + 3, bx[2], bx[3]], fill=(150, 150, 150))
            d.rectangle([bx[0], bx[1], bx[2] - 3, bx[3] - 3], fill=style.colour)
            continue
        cw, ch = int(bx[2] - bx[0]), int(bx[3] - bx[1])
        patch = Image.new("L", (cw, ch), 0)
        pd = ImageDraw.Draw(patch)
        if style.shade in ("crosshatch", "hatch"):
            for k in range(-ch, cw, 7):
                pd.line([(k, ch), (k + ch, 0)], fill=255, width=2)
                if style.shade == "crosshatch":
                    pd.line([(k, 0), (k + ch, ch)], fill=255, width=2)
        elif style.shade == "scribble":
            ys = np.linspace(3, ch - 3, 9)
            pd.line([(3 if i % 2 == 0 else cw - 3, float(y)) for i, y in enumerate(ys)], fill=255, width=5)
        else:  # stipple
            for yy in range(3, ch - 2, 6):
                for xx in range(3 + (yy // 6 % 2) * 3, cw - 2, 6):
                    pd.ellipse([xx - 1.6, yy - 1.6, xx + 1.6, yy + 1.6], fill=255)
        img.paste(Image.new("RGB", (cw, ch), style.colour), (int(bx[0]), int(bx[1])), patch)


# ------------------------------------------------------------------------------------------ partitions


def draw_partition(img: Image.Image, record: Any, labels: np.ndarray, style: Style, rng: random.Random) -> None:
    d = ImageDraw.Draw(img)
    g = record.layout["lattice"]
    x0, y0 = g["grid_bbox"][:2]
    cell = g["cell_px"]
    rows, cols = labels.shape
    ids = sorted(int(v) for v in np.unique(labels) if v >= 0)
    k0 = rng.randrange(len(PASTELS))
    if style.partition in ("fills", "both", "hatch"):
        for r in range(rows):
            for c in range(cols):
                v = labels[r, c]
                if v < 0:
                    continue
                colour = PASTELS[(ids.index(int(v)) + k0) % len(PASTELS)]
                bx = [x0 + c * cell, y0 + r * cell, x0 + (c + 1) * cell, y0 + (r + 1) * cell]
                seam = 2 if style.partition == "fills" else 1
                # white seams only where the region changes
                inset = [seam if c > 0 and labels[r, c - 1] != v else 0, seam if r > 0 and labels[r - 1, c] != v else 0,
                         seam if c + 1 < cols and labels[r, c + 1] != v else 0,
                         seam if r + 1 < rows and labels[r + 1, c] != v else 0]
                rect = [bx[0] + inset[0], bx[1] + inset[1], bx[2] - inset[2] - 1, bx[3] - inset[3] - 1]
                if style.partition == "hatch":
                    cw, ch = int(rect[2] - rect[0]), int(rect[3] - rect[1])
                    patch = Image.new("L", (max(1, cw), max(1, ch)), 0)
                    pd = ImageDraw.Draw(patch)
                    direction = ids.index(int(v)) % 3
                    for t in range(-2 * ch, 2 * cw, 8):
                        if direction == 0:
                            pd.line([(t, ch), (t + ch, 0)], fill=255, width=3)
                        elif direction == 1:
                            pd.line([(t, 0), (t + ch, ch)], fill=255, width=3)
                        else:
                            pd.line([(0, t), (cw, t)], fill=255, width=3)
                    deep = tuple(int(v2 * 0.6) for v2 in colour)
                    img.paste(Image.new("RGB", patch.size, deep), (int(rect[0]), int(rect[1])), patch)
                else:
                    d.rectangle(rect, fill=colour)
    if style.partition == "outlines":
        inset = 4
        for v in ids:
            for r in range(rows):
                for c in range(cols):
                    if labels[r, c] != v:
                        continue
                    bx = [x0 + c * cell, y0 + r * cell, x0 + (c + 1) * cell, y0 + (r + 1) * cell]
                    # an edge of the region: drawn inset into the region
                    if c == 0 or labels[r, c - 1] != v:
                        d.line([(bx[0] + inset, bx[1]), (bx[0] + inset, bx[3])], fill=style.colour, width=3)
                    if c + 1 == cols or labels[r, c + 1] != v:
                        d.line([(bx[2] - inset, bx[1]), (bx[2] - inset, bx[3])], fill=style.colour, width=3)
                    if r == 0 or labels[r - 1, c] != v:
                        d.line([(bx[0], bx[1] + inset), (bx[2], bx[1] + inset)], fill=style.colour, width=3)
                    if r + 1 == rows or labels[r + 1, c] != v:
                        d.line([(bx[0], bx[3] - inset), (bx[2], bx[3] - inset)], fill=style.colour, width=3)
    if style.partition in ("lines", "both"):
        for r in range(rows):
            for c in range(cols):
                if c + 1 < cols and labels[r, c] != labels[r, c + 1]:
                    x = x0 + (c + 1) * cell + rng.uniform(-1.5, 1.5)
                    stroke(d, np.array([[x, y0 + r * cell], [x, y0 + (r + 1) * cell]]), style, rng)
                if r + 1 < rows and labels[r, c] != labels[r + 1, c]:
                    y = y0 + (r + 1) * cell + rng.uniform(-1.5, 1.5)
                    stroke(d, np.array([[x0 + c * cell, y], [x0 + (c + 1) * cell, y]]), style, rng)
    if style.labels:
        for v in ids:
            rs, cs = np.nonzero(labels == v)
            k = len(rs) // 2
            d.text((x0 + (cs[k] + 0.28) * cell, y0 + (rs[k] + 0.2) * cell), str(len(rs)),
                   font=_label_font(max(11, int(cell * 0.34)), ARAPEY), fill=(60, 40, 30))


def _merge_two(labels: np.ndarray) -> np.ndarray | None:
    """Two touching regions merged into one."""
    out = labels.copy()
    rows, cols = labels.shape
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0)):
                r2, c2 = r + dr, c + dc
                if r2 < rows and c2 < cols and labels[r, c] >= 0 and labels[r2, c2] >= 0 and labels[r, c] != labels[r2, c2]:
                    out[out == labels[r2, c2]] = labels[r, c]
                    return out
    return None


def _cut_one(labels: np.ndarray) -> np.ndarray | None:
    """The largest region cut in two across its rows (or columns)."""
    out = labels.copy()
    ids = [int(v) for v in np.unique(labels) if v >= 0]
    big = max(ids, key=lambda v: int((labels == v).sum()))
    rs, cs = np.nonzero(labels == big)
    if rs.max() > rs.min():
        mid = (rs.min() + rs.max() + 1) // 2
        sel = (labels == big) & (np.arange(labels.shape[0])[:, None] >= mid)
    elif cs.max() > cs.min():
        mid = (cs.min() + cs.max() + 1) // 2
        sel = (labels == big) & (np.arange(labels.shape[1])[None, :] >= mid)
    else:
        return None
    out[sel] = labels.max() + 1
    return out


def _move_cell(labels: np.ndarray, valid: list[np.ndarray], rng: random.Random) -> np.ndarray | None:
    """One cell moved to a neighbouring region, giving no valid partition."""
    rows, cols = labels.shape
    options = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                r2, c2 = r + dr, c + dc
                if 0 <= r2 < rows and 0 <= c2 < cols and labels[r, c] >= 0 and labels[r2, c2] >= 0 \
                        and labels[r, c] != labels[r2, c2]:
                    options.append((r, c, int(labels[r2, c2])))
    rng.shuffle(options)
    for r, c, v in options:
        out = labels.copy()
        out[r, c] = v
        if int((labels == labels[r, c]).sum()) > 1 and not any(np.array_equal(out, p) for p in valid):
            return out
    return None


# ------------------------------------------------------------------------------------------ answers


def answer_image(input_image: Image.Image, record: Any, style: Style, seed: int, case: str = "none"
                 ) -> np.ndarray | None:
    """The input with the answer drawn in ``style`` for ``case`` (None when the case does not apply)."""
    rng = random.Random(seed)
    img = input_image.convert("RGB").copy()
    truth, layout = record.ground_truth, record.layout
    d = ImageDraw.Draw(img)
    if record.variant == "proof_without_words":
        valid = [np.array(p) for p in valid_partitions(truth["identity"], truth["params"])]
        labels = valid[rng.randrange(len(valid))]
        if case == "missing_element":
            labels = _merge_two(labels)
        elif case == "extra_line":
            labels = _cut_one(labels)
        elif case == "wrong_shading":
            labels = _move_cell(labels, valid, rng)
        elif case == "wrong_construction":
            return None
        if labels is None:
            return None
        draw_partition(img, record, labels, style, rng)
    elif truth["kind"] == "shade_fraction":
        cells = layout["cells"]
        order = [(r, c) for r in range(cells["rows"]) for c in range(cells["cols"])]
        rng.shuffle(order)
        k = truth["shade_cells"]
        if case == "wrong_construction":
            return None
        k = k - 1 if case == "missing_element" else k + 1 if case == "wrong_shading" else k
        if k <= 0 or k >= len(order):
            return None
        shade_cells(img, record, order[:k], style, rng)
        if case == "extra_line":
            x0, y0, x1, y1 = cells["grid_bbox"]
            stroke(d, np.array([[x0 - 10, y0 + (y1 - y0) * 0.3], [x1 + 10, y0 + (y1 - y0) * 0.7]], float), style, rng)
    else:
        elements = list(truth["elements"])
        candidates = list(truth["candidates"])
        if case == "wrong_shading":
            return None
        if case == "wrong_construction":
            if not candidates:
                return None
            elements = [candidates[rng.randrange(len(candidates))]] + elements[1:]
        if case == "missing_element":
            if len(elements) > 1:
                del elements[rng.randrange(len(elements))]
                draw_elements(img, record, elements, style, rng)
            else:
                e = elements[0]
                part = {"segment": 0.4, "circle": 140 / 360, "polygon": 0.4}[e["kind"]]
                draw_elements(img, record, elements, style, rng, part=part)
        else:
            draw_elements(img, record, elements, style, rng)
        if case == "extra_line":
            if not candidates:
                return None
            draw_elements(img, record, [candidates[rng.randrange(len(candidates))]], style, rng)
        if truth["kind"] == "centroid" and case != "missing_element":
            x, y = to_px(layout["frame"], truth["params"]["centroid"])
            d.ellipse([x - 5, y - 5, x + 5, y + 5], fill=style.colour)
        if style.labels and truth.get("annotations"):
            x, y = to_px(layout["frame"], truth["annotations"][0])
            d.text((x + 10, y - 26), rng.choice("MDHGT"), font=_label_font(22), fill=style.colour)
    if case == "wrong_label":
        boxes = {k: v for k, v in layout["labels"].items() if len(k) == 1 and k.isalpha()}
        if not boxes:
            return None
        name = sorted(boxes)[rng.randrange(len(boxes))]
        x0, y0, x1, y1 = boxes[name]
        d.rectangle([x0, y0, x1, y1], fill=(255, 255, 255))
        other = next(c for c in "BCAPQ" if c != name and c not in boxes)
        size = max(12, int((y1 - y0) * 1.05))
        d.text((x0, y0 - 2), other, font=_label_font(size), fill=(0, 0, 0))
    return apply_page(np.asarray(img), style.page, seed)


# ------------------------------------------------------------------------------------------ measuring


def main(n_instances: int = 10, master_seed: int = 1313) -> None:
    import tempfile
    from collections import Counter, defaultdict
    from pathlib import Path

    from genpuzzle.dataset import load_set, write_set
    from genpuzzle.evaluate import _instance_images, verify_image

    root = Path(tempfile.mkdtemp(prefix="gp-audit-mp-")) / "set"
    write_set(root, {"math_proof": n_instances}, master_seed=master_seed)
    pset = load_set(root)
    rng = random.Random(master_seed)
    by_style: dict[str, Counter] = defaultdict(Counter)
    by_case: dict[str, Counter] = defaultdict(Counter)
    lines = []
    k = 0
    for record in pset.records:
        target, mask = _instance_images(str(root), record.input_image, record.edit_mask)
        inp = Image.open(pset.path(record.input_image))
        kind = record.ground_truth.get("kind") or record.ground_truth.get("identity")
        jobs = [(style, "none", "correct") for style in STYLES]
        for case in ERRORS:
            jobs.append((STYLES[k % len(STYLES)], case, "not_pass"))
            k += 1
        for style, case, expect in jobs:
            image = answer_image(inp, record, style, rng.randrange(1 << 30), case)
            if image is None:
                continue
            verdict = verify_image(record, image, target, mask)
            result = outcome(expect, verdict)
            by_style[style.name][result] += 1
            by_case[case][result] += 1
            if result != "right":
                lines.append(f"  {result:21s} {record.id} {kind} {style.name} {case} -> {verdict.status.value} "
                             f"{verdict.score} review={verdict.needs_review} {verdict.codes}")
    print_tally(by_style, by_case, lines, 32)


if __name__ == "__main__":
    import sys

    main(*(int(a) for a in sys.argv[1:3]))
