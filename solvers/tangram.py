"""Tangram geometry: the seven pieces on an exact lattice, edge-to-edge arrangements, silhouettes.

Coordinates are in *units* (small-triangle leg = 1, y up). Every vertex of every arrangement is an exact
lattice point: a coordinate is a pair of integers ``(a, b)`` meaning ``a + b * sqrt(2)/2``, so a point is
``(xa, xb, ya, yb)``. Edges point in one of eight directions ``k * 45`` degrees and have lengths in
``{1, sqrt 2, 2, 2 sqrt 2}``; rotations by 45 degrees and the parallelogram's flip stay on the lattice.
Shapely (float) does the area tests; the exact form gives the canonical silhouette hash and lets
``validate`` recompute every polygon.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable

import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import Polygon
from shapely.geometry.polygon import orient

S2 = math.sqrt(2.0) / 2.0  # the lattice's irrational step
GRID = 1e-7  # shapely precision grid (units) for unions of touching pieces
AREA_EPS = 1e-7

Exact = tuple[int, int, int, int]  # (xa, xb, ya, yb): x = xa + xb*S2, y = ya + yb*S2

# Each piece as a CCW walk of (direction k, length code): length codes 0..3 = 1, sqrt2, 2, 2 sqrt2.
PIECE_EDGES: dict[str, tuple[tuple[int, int], ...]] = {
    "large_triangle": ((0, 2), (3, 3), (6, 2)),
    "medium_triangle": ((0, 1), (3, 2), (6, 1)),
    "small_triangle": ((0, 0), (3, 1), (6, 0)),
    "square": ((0, 0), (2, 0), (4, 0), (6, 0)),
    "parallelogram": ((0, 1), (1, 0), (4, 1), (5, 0)),
}
PIECES: tuple[str, ...] = ("large_triangle_1", "large_triangle_2", "medium_triangle", "small_triangle_1",
                           "small_triangle_2", "square", "parallelogram")
PIECE_AREA = {"large_triangle": 2.0, "medium_triangle": 1.0, "small_triangle": 0.5, "square": 1.0,
              "parallelogram": 1.0}
TOTAL_AREA = 8.0


def kind_of(name: str) -> str:
    """Shape kind of a piece name (``large_triangle_2`` -> ``large_triangle``)."""
    return name[:-2] if name[-2:] in ("_1", "_2") else name


# ------------------------------------------------------------------------------------------ lattice


def _component(length_code: int, diagonal: bool) -> tuple[int, int]:
    """|component| of an edge vector as (a, b) = a + b*S2."""
    if diagonal:  # length * S2
        return ((0, 1), (1, 0), (0, 2), (2, 0))[length_code]
    return ((1, 0), (0, 2), (2, 0), (0, 4))[length_code]


def edge_vector(direction: int, length_code: int) -> Exact:
    """Exact vector of an edge in direction ``direction * 45`` deg with the given length code."""
    d = direction % 8
    ca, cb = _component(length_code, d % 2 == 1)
    sx = (1, 1, 0, -1, -1, -1, 0, 1)[d]
    sy = (0, 1, 1, 1, 0, -1, -1, -1)[d]
    return (sx * ca, sx * cb, sy * ca, sy * cb)


def add(p: Exact, q: Exact) -> Exact:
    return (p[0] + q[0], p[1] + q[1], p[2] + q[2], p[3] + q[3])


def sub(p: Exact, q: Exact) -> Exact:
    return (p[0] - q[0], p[1] - q[1], p[2] - q[2], p[3] - q[3])


def to_float(p: Exact) -> tuple[float, float]:
    return (p[0] + p[1] * S2, p[2] + p[3] * S2)


@dataclass(frozen=True)
class Placement:
    """One piece on the lattice: rotation ``rotation * 45`` deg (CCW), optional mirror (x -> -x applied
    before rotating), and the exact position of its first vertex."""

    name: str
    rotation: int
    flipped: bool
    offset: Exact

    def vertices(self) -> list[Exact]:
        """Exact CCW vertices."""
        return [add(self.offset, v) for v in _oriented_shape(kind_of(self.name), self.rotation, self.flipped)]

    def polygon(self) -> Polygon:
        """The placed piece as a shapely polygon (one per placement per process: shapely geometries are
        immutable, and generation asks for each placement's polygon a few dozen times)."""
        return _placement_polygon(self)

    def to_json(self) -> dict:
        return {"name": self.name, "rotation": self.rotation, "flipped": self.flipped,
                "offset": list(self.offset)}

    @classmethod
    def from_json(cls, data: dict) -> Placement:
        return cls(data["name"], int(data["rotation"]), bool(data["flipped"]), tuple(data["offset"]))


@lru_cache(maxsize=8192)
def _placement_polygon(placement: Placement) -> Polygon:
    return Polygon([to_float(v) for v in placement.vertices()])


def oriented_shape(kind: str, rotation: int, flipped: bool) -> list[Exact]:
    """Exact CCW vertices of a piece kind rotated/flipped, first vertex at the origin."""
    return list(_oriented_shape(kind, rotation, flipped))


@lru_cache(maxsize=None)
def _oriented_shape(kind: str, rotation: int, flipped: bool) -> tuple[Exact, ...]:
    # mirror x -> -x maps direction k to 4 - k
    dirs = [((4 - k) if flipped else k) + rotation for k, _ in PIECE_EDGES[kind]]
    verts: list[Exact] = [(0, 0, 0, 0)]
    for d, (_, code) in zip(dirs[:-1], PIECE_EDGES[kind][:-1]):
        verts.append(add(verts[-1], edge_vector(d, code)))
    if flipped:  # a mirror turns CCW into CW; walk backwards, keeping vertex 0 first
        verts = [verts[0]] + verts[:0:-1]
    return tuple(verts)


def _distinct_orientations(kind: str) -> list[tuple[int, bool]]:
    """(rotation, flipped) pairs giving distinct placed shapes of ``kind`` (up to translation)."""
    seen, out = set(), []
    for flipped in (False, True):
        for rotation in range(8):
            verts = oriented_shape(kind, rotation, flipped)
            key = frozenset(sub(v, min(verts)) for v in verts)
            if key not in seen:
                seen.add(key)
                out.append((rotation, flipped))
    return out


ORIENTATIONS = {kind: _distinct_orientations(kind) for kind in PIECE_EDGES}
PIECES_PERIMETER = sum(Polygon([to_float(v) for v in _oriented_shape(kind_of(name), 0, False)]).length
                       for name in PIECES)  # units: the seven pieces' outlines


def _edges(verts: list[Exact]) -> list[tuple[Exact, Exact]]:
    return [(verts[i], verts[(i + 1) % len(verts)]) for i in range(len(verts))]


def _direction(v: Exact) -> int:
    x, y = to_float(v)
    return round(math.degrees(math.atan2(y, x)) / 45.0) % 8


# --------------------------------------------------------------------------------------- arrangement


@dataclass
class Arrangement:
    """Seven placements whose union (``silhouette``, units, y up) is one simply-connected polygon."""

    placements: tuple[Placement, ...]
    silhouette: Polygon
    edges: list | None = field(default=None, init=False, repr=False, compare=False)  # silhouette_edges, once

    def polygons(self) -> dict[str, Polygon]:
        return {p.name: p.polygon() for p in self.placements}


def _shrunk(poly: Polygon, eps: float) -> shapely.Geometry:
    return shapely.buffer(poly, -eps, join_style="mitre")


def union_of(polygons: Iterable[Polygon]) -> shapely.Geometry:
    """Union of pieces that share edges. Float vertices on another piece's edge (T-junctions) can miss
    it by 1e-16 and leave hairline gaps, so the pieces are grown by GRID, merged, and shrunk back."""
    grown = shapely.buffer(_object_array(polygons), GRID, join_style="mitre")
    merged = shapely.simplify(shapely.buffer(shapely.union_all(grown), -GRID, join_style="mitre"), GRID)
    if isinstance(merged, shapely.MultiPolygon):
        # Shrinking back can leave slivers of ~1e-31 area at mitred corners: rounding, not shape.
        parts = [part for part in merged.geoms if part.area > GRID]
        merged = parts[0] if len(parts) == 1 else shapely.MultiPolygon(parts)
    return merged


def convexity(poly: shapely.Geometry) -> float:
    """Area over convex-hull area (1 for convex shapes)."""
    hull = poly.convex_hull.area
    return float(poly.area / hull) if hull > 0 else 0.0


def _candidate_arrays(placed: list[Placement], kind: str,
                      edges: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
                      ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Edge-to-edge placements of a ``kind`` piece against the edges of ``placed`` (a piece edge lies on an
    existing edge, antiparallel, with one pair of endpoints coinciding), each once, in the order of their
    sorted exact vertices: per candidate its orientation (index into ``ORIENTATIONS[kind]``), its offset
    (m x 4) and its exact vertices (m x k x 4 integers). ``edges``: the placed pieces' edges as
    :func:`_placed_edges` gives them, concatenated in ``placed`` order, when the caller has them."""
    if not placed:
        return np.zeros(0, np.int64), np.zeros((0, 4), np.int64), np.zeros((0, len(PIECE_EDGES[kind]), 4), np.int64)
    p, q, d = edges if edges is not None else (np.concatenate(a) for a in zip(*(_placed_edges(e) for e in placed)))
    orientation, a, b, start, count = _edge_table(kind)
    # per existing edge p->q and per matching piece edge a->b (in table order): offsets q - a, then p - b
    n = count[d]
    edge = np.repeat(np.arange(len(d)), n)
    entry = np.arange(len(edge)) - np.repeat(np.cumsum(n) - n, n) + start[d[edge]]
    offsets = np.stack([q[edge] - a[entry], p[edge] - b[entry]], axis=1).reshape(-1, 4)
    orientation = np.repeat(orientation[entry], 2)
    shapes = _orientation_shapes(kind)
    if not len(offsets):
        return orientation, offsets, shapes[orientation] + offsets[:, None, :]
    chosen = _first_of_each_placement(kind, orientation, offsets)
    orientation, offsets = orientation[chosen], offsets[chosen]
    return orientation, offsets, shapes[orientation] + offsets[:, None, :]


def _first_of_each_placement(kind: str, orientation: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """Indices of one of each group of equal placements (orientation index, offset) of ``kind``, groups in
    the order of their sorted exact vertex tuples (as ``sorted`` orders tuples of tuples).

    A placement's vertex set is its orientation's shape moved by its offset, and two orientations never
    have the same shape, so (orientation, offset) names the vertex set. Its sorted vertex tuple starts with
    its least vertex (offset + the shape's least vertex); two sets with the same least vertex continue with
    their shapes' other vertices moved by the same vector, which keeps their order: the shapes' rank
    (:func:`_shape_order`) breaks the tie. So one integer key per placement orders them as their sorted
    vertex tuples do."""
    least, rank = _shape_order(kind)
    corner = offsets + least[orientation]
    if corner.min() < -512 or corner.max() >= 512:  # outside the packing range: sort the tuples themselves
        verts = (_orientation_shapes(kind)[orientation] + offsets[:, None, :]).tolist()
        first: dict[tuple, int] = {}
        for i, v in enumerate(verts):
            first.setdefault(tuple(sorted(map(tuple, v))), i)
        return np.array([first[key] for key in sorted(first)], np.int64)
    key = ((corner + 512) * _PACK).sum(axis=1) * len(rank) + rank[orientation]
    return np.unique(key, return_index=True)[1]


@lru_cache(maxsize=None)
def _shape_order(kind: str) -> tuple[np.ndarray, np.ndarray]:
    """Per orientation of ``kind``: its shape's least vertex (as tuples order) and the rank of its sorted
    vertex tuple, the shape moved to put that vertex at 0, among the orientations' (all distinct)."""
    shapes = [sorted(map(tuple, shape)) for shape in _orientation_shapes(kind).tolist()]
    least = np.array([shape[0] for shape in shapes], np.int64)
    moved = [tuple(tuple(c - z for c, z in zip(v, shape[0])) for v in shape) for shape in shapes]
    ranks = {key: r for r, key in enumerate(sorted(moved))}
    return least, np.array([ranks[key] for key in moved], np.int64)


_PACK = np.array([1 << 30, 1 << 20, 1 << 10, 1], np.int64)


@lru_cache(maxsize=None)
def _orientation_shapes(kind: str) -> np.ndarray:
    """Exact vertices of each orientation of ``kind`` (``ORIENTATIONS`` order), first vertex at 0."""
    return np.array([_oriented_shape(kind, r, f) for r, f in ORIENTATIONS[kind]], np.int64)


@lru_cache(maxsize=None)
def _edge_table(kind: str) -> tuple[np.ndarray, ...]:
    """:func:`_edges_by_direction` as flat arrays, directions in turn: orientation index, a, b of each
    edge, and per direction its first row and its number of rows."""
    position = {o: i for i, o in enumerate(ORIENTATIONS[kind])}
    rows = [(position[(r, f)], a, b) for d in range(8) for r, f, a, b in _edges_by_direction(kind)[d]]
    count = np.array([len(_edges_by_direction(kind)[d]) for d in range(8)], np.int64)
    return (np.array([r[0] for r in rows], np.int64), np.array([r[1] for r in rows], np.int64),
            np.array([r[2] for r in rows], np.int64), np.cumsum(count) - count, count)


@lru_cache(maxsize=None)
def _orientation_edges(kind: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per orientation of ``kind`` (``ORIENTATIONS`` order), :func:`_placed_edges` of the piece with its
    first vertex at 0 (o x e x 4 start and end points, o x e directions): add the offset to place it."""
    placed = [_placed_edges(Placement(kind, r, f, (0, 0, 0, 0))) for r, f in ORIENTATIONS[kind]]
    return tuple(np.stack(part) for part in zip(*placed))


@lru_cache(maxsize=4096)
def _placed_edges(placement: Placement) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Start points, end points (e x 4) and directions of the edges of a placed piece."""
    edges = _edges(placement.vertices())
    return (np.array([p for p, _ in edges], np.int64), np.array([q for _, q in edges], np.int64),
            np.array([_direction(sub(q, p)) for p, q in edges], np.int64))


@lru_cache(maxsize=None)
def _edges_by_direction(kind: str) -> dict[int, list[tuple[int, bool, Exact, Exact]]]:
    """Per direction d, the edges (a, b) running against direction d (in direction d + 180 deg) of every
    orientation of ``kind``, in ``ORIENTATIONS`` order, then edge order."""
    out: dict[int, list[tuple[int, bool, Exact, Exact]]] = {d: [] for d in range(8)}
    for rotation, flipped in ORIENTATIONS[kind]:
        for a, b in _edges(list(_oriented_shape(kind, rotation, flipped))):
            out[(_direction(sub(b, a)) + 4) % 8].append((rotation, flipped, a, b))
    return out


def _grow(rng: random.Random, target_convexity: float, sharpness: float = 30.0,
          max_extent: float = 6.0, min_convexity: float = 0.0) -> tuple[list[Placement], np.ndarray] | None:
    """Place the seven pieces one by one, each edge-to-edge with the pieces already down, preferring
    placements whose union's convexity is near ``target_convexity``. None if the growth gets stuck.

    No polygon overlay per candidate: the union's area is the sum of the pieces' (they do not overlap),
    its hull the hull of their vertices, its box the pieces' boxes; a placement that would close a hole
    is found by its contact with the pieces down (:func:`_touches_in_one_arc`), checked only for the
    placement drawn. Drawing with that check and re-drawing without the placements that fail it picks
    each valid placement with probability proportional to its weight, as if the invalid ones had never
    been weighted. Returns the placements (in ``PIECES`` order) and the convex hull of their vertices.
    None as soon as the hull is too large for a convexity of ``min_convexity`` (the hull only grows, and
    the finished union's area is ``TOTAL_AREA``): the growth could only be thrown away once finished."""
    order = list(PIECES)
    rng.shuffle(order)
    first = order[0]
    rotation, flipped = ORIENTATIONS[kind_of(first)][rng.randrange(len(ORIENTATIONS[kind_of(first)]))]
    placed = [Placement(first, rotation, flipped, (0, 0, 0, 0))]
    placed_xy = [np.array([to_float(v) for v in placed[0].vertices()])]
    edges = _placed_edges(placed[0])  # start points, end points, directions of every edge down
    ranges = _projection_range(placed_xy[0])  # per piece down, its extent on each lattice axis
    area = PIECE_AREA[kind_of(first)]
    hull = np.array(_hull(placed_xy[0].tolist()))  # the union's convex hull, CCW
    box = np.stack([hull.min(axis=0), hull.max(axis=0)])  # the union's box
    for name in order[1:]:
        orientation, offsets, exact = _candidate_arrays(placed, kind_of(name), edges)
        # one piece kind per step, so one vertex count: all candidate polygons in one array
        coords = exact[..., 0::2] + exact[..., 1::2] * S2  # x = xa + xb S2, y = ya + yb S2 (m x k x 2)
        proj = coords @ _AXES.T  # m x k x 4; the first two axes are x and y, so the box comes with it
        lo, hi = proj.min(axis=1), proj.max(axis=1)
        rejected = _overlapping(ranges, lo, hi)
        extent = np.maximum(hi[:, :2], box[1]) - np.minimum(lo[:, :2], box[0])
        rejected |= extent.max(axis=1) > max_extent + EXACT_EPS
        keep = np.flatnonzero(~rejected)
        if not len(keep):
            return None
        area_after = area + PIECE_AREA[kind_of(name)]
        points = np.empty((len(keep), len(hull) + coords.shape[1], 2))  # per candidate: the hull, then its vertices
        points[:, :len(hull)] = hull
        points[:, len(hull):] = coords[keep]
        hull_areas = _hull_areas_geos(points)
        weights = np.exp(-sharpness * np.abs(area_after / hull_areas - target_convexity)).tolist()
        while True:
            i = _weighted_index(rng, weights)
            if i is None:
                return None
            if _touches_in_one_arc(coords[keep[i]], placed_xy, ranges):
                break
            weights[i] = 0.0
        k = keep[i]
        placed.append(Placement(name, *ORIENTATIONS[kind_of(name)][orientation[k]], tuple(offsets[k].tolist())))
        placed_xy.append(coords[k])
        start, end, direction = _orientation_edges(kind_of(name))
        edges = (np.concatenate([edges[0], start[orientation[k]] + offsets[k]]),
                 np.concatenate([edges[1], end[orientation[k]] + offsets[k]]),
                 np.concatenate([edges[2], direction[orientation[k]]]))
        ranges = np.concatenate((ranges, np.concatenate((lo[k], hi[k])).reshape(1, 2, 4)))
        area = area_after
        hull = np.array(_hull(np.concatenate([hull, coords[k]]).tolist()))
        if TOTAL_AREA < min_convexity * _ring_area(hull):
            return None
        box = np.concatenate((np.minimum(box[:1], lo[k:k + 1, :2]), np.maximum(box[1:], hi[k:k + 1, :2])))
    placed.sort(key=lambda p: PIECES.index(p.name))
    return placed, hull


EXACT_EPS = 1e-9  # units: lattice values differ by far more (|a + b*S2| >= ~0.02 for the small a, b used)


def _ring_area(ring: np.ndarray) -> float:
    """The area of a polygon given by its vertices (n x 2, either orientation; the shoelace formula)."""
    x, y = ring[:, 0], ring[:, 1]
    # the next vertex's coordinates: np.roll(y, -1), without its generic axis handling (~20 us a call)
    return 0.5 * abs(float(np.dot(x, np.concatenate((y[1:], y[:1]))) - np.dot(y, np.concatenate((x[1:], x[:1])))))


def _cross(o, a, b) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _hull(points: list) -> list:
    """Convex hull (CCW, no collinear points) of a few points, by the monotone chain."""
    pts = sorted(map(tuple, points))
    if len(pts) < 3:
        return pts
    lower: list = []
    for p in pts:
        while len(lower) >= 2 and _cross(lower[-2], lower[-1], p) <= EXACT_EPS:
            lower.pop()
        lower.append(p)
    upper: list = []
    for p in reversed(pts):
        while len(upper) >= 2 and _cross(upper[-2], upper[-1], p) <= EXACT_EPS:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _hull_areas(points: np.ndarray) -> np.ndarray:
    """Convex-hull area of each point set (m x n x 2), vectorised: the hull's edges are the pairs (p, q)
    with every point left of p->q or on the segment between them (so only maximal collinear segments
    count), repeated points taken once; the area is half the sum of their cross products."""
    d = points[:, None, :, :] - points[:, :, None, :]  # d[:, i, j] = p_j - p_i
    repeated = np.triu(np.all(np.abs(d) <= EXACT_EPS, axis=-1), 1).any(axis=1)  # p_j equals an earlier p_i
    rel = points[:, None, None, :, :] - points[:, :, None, None, :]  # rel[:, i, _, r] = p_r - p_i
    cross = d[:, :, :, None, 0] * rel[..., 1] - d[:, :, :, None, 1] * rel[..., 0]  # m x i x j x r
    along = d[:, :, :, None, 0] * rel[..., 0] + d[:, :, :, None, 1] * rel[..., 1]
    length2 = (d ** 2).sum(axis=-1)[..., None]
    on_segment = (np.abs(cross) <= EXACT_EPS) & (along >= -EXACT_EPS) & (along <= length2 + EXACT_EPS)
    edge = np.all((cross > EXACT_EPS) | on_segment, axis=-1) & (length2[..., 0] > EXACT_EPS)
    edge &= ~repeated[:, :, None] & ~repeated[:, None, :]
    area2 = points[:, :, None, 0] * points[:, None, :, 1] - points[:, None, :, 0] * points[:, :, None, 1]
    return 0.5 * np.where(edge, area2, 0.0).sum(axis=(1, 2))


def _hull_areas_geos(points: np.ndarray) -> np.ndarray:
    """Convex-hull area of each point set (m x n x 2, n >= 2) by GEOS, ~3x faster than :func:`_hull_areas`;
    equal up to float rounding (~1e-15), which does not move a weighted draw. The points go to GEOS as a
    line string through them (one geometry per set; a multipoint is first n point geometries, ~4x
    slower): GEOS's hull reads a geometry's coordinates in order whatever its type, so the hull and its
    area are the multipoint's to the bit."""
    return shapely.area(shapely.convex_hull(shapely.linestrings(points)))


def _inside_or_on_all(points: list, ring: list) -> list[tuple[float, float]]:
    """The ``points`` (as tuples, in order) that lie in the closed convex CCW polygon ``ring`` (edges within
    EXACT_EPS), each edge's vector computed once for all points."""
    n = len(ring)
    edges = [(x0, y0, x1 - x0, y1 - y0) for (x0, y0), (x1, y1) in ((ring[i], ring[(i + 1) % n]) for i in range(n))]
    out = []
    for x, y in points:
        for x0, y0, ex, ey in edges:
            if ex * (y - y0) - ey * (x - x0) < -EXACT_EPS:
                break
        else:
            out.append((x, y))
    return out


def _touches_in_one_arc(piece: np.ndarray, placed: list[np.ndarray], ranges: np.ndarray | None = None) -> bool:
    """Whether the convex CCW polygon ``piece`` (interior disjoint from the pieces ``placed``, whose union
    is a closed disk) meets that union in one connected arc of its boundary. Then the union with it is a
    disk again; two or more arcs enclose a hole between them (the union's first homology has rank
    #arcs - 1). Each piece down meets ``piece`` in a segment or a point (both convex), whose ends are
    vertices of one of the two; its stretch of ``piece``'s perimeter is an interval, and the arcs are the
    intervals merged around the perimeter. (Python floats: indexing numpy arrays point by point is slower.)
    ``ranges``: the placed pieces' :func:`_projection_range`, whose x and y ranges pass over the pieces
    whose boxes are apart from ``piece``'s at once (as the loop below would)."""
    if ranges is not None:
        low, high = piece.min(axis=0), piece.max(axis=0)
        near = ~((ranges[:, 0, :2] > high + EXACT_EPS) | (low > ranges[:, 1, :2] + EXACT_EPS)).any(axis=1)
        placed = [other for other, keep in zip(placed, near.tolist()) if keep]
    piece = piece.tolist()
    placed = [other.tolist() for other in placed]
    n = len(piece)
    edge_len = [math.dist(piece[i], piece[(i + 1) % n]) for i in range(n)]
    starts = [sum(edge_len[:i]) for i in range(n)]
    perimeter = sum(edge_len)

    def on_edge(pt) -> int | None:
        for i in range(n):
            a, b = piece[i], piece[(i + 1) % n]
            if abs(_cross(a, b, pt)) <= EXACT_EPS * edge_len[i] and \
                    math.dist(a, pt) + math.dist(pt, b) <= edge_len[i] + EXACT_EPS:
                return i
        return None

    xs, ys = zip(*piece)
    px0, py0, px1, py1 = min(xs), min(ys), max(xs), max(ys)
    intervals = []
    for other in placed:
        xs, ys = zip(*other)
        ox0, oy0, ox1, oy1 = min(xs), min(ys), max(xs), max(ys)
        if ox0 > px1 + EXACT_EPS or px0 > ox1 + EXACT_EPS or oy0 > py1 + EXACT_EPS or py0 > oy1 + EXACT_EPS:
            continue
        contact = _inside_or_on_all(piece, other) + _inside_or_on_all(other, piece)
        if not contact:
            continue
        # the farthest pair, the first one in (p, q) order on ties (as max() picks it)
        best = -1.0
        for p in contact:
            for q in contact:
                d = math.dist(p, q)
                if d > best:
                    best, a, b = d, p, q
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        edge = on_edge(mid)
        if edge is None:  # not on the boundary: the pieces overlap, which the caller has ruled out
            return False
        s0, s1 = sorted(starts[edge] + math.dist(piece[edge], p) for p in (a, b))
        intervals.append((s0, s1))
    if not intervals:
        return False
    intervals.sort()
    arcs = [list(intervals[0])]
    for s0, s1 in intervals[1:]:
        if s0 <= arcs[-1][1] + EXACT_EPS:
            arcs[-1][1] = max(arcs[-1][1], s1)
        else:
            arcs.append([s0, s1])
    if len(arcs) > 1 and arcs[0][0] <= EXACT_EPS and arcs[-1][1] >= perimeter - EXACT_EPS:
        arcs.pop()  # the first and last arcs meet at vertex 0
    return len(arcs) == 1


# Every piece edge runs in one of the eight lattice directions, so the axes separating two convex pieces
# are among these four normals (x, y and the two diagonals).
_AXES = np.array([[1.0, 0.0], [0.0, 1.0], [S2, S2], [S2, -S2]])
OVERLAP_DEPTH = 1e-6  # units: touching pieces overlap by float noise (1e-15); real overlaps by > 0.01


def _projection_range(vertices: np.ndarray) -> np.ndarray:
    """A convex piece's lowest and highest projection on each lattice axis (1 x 2 x 4), from its vertices."""
    proj = vertices @ _AXES.T
    return np.stack([proj.min(axis=0), proj.max(axis=0)])[None]


def _overlapping(ranges: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """Per candidate (``lo``, ``hi``: m x 4, its vertices' lowest and highest projection on each lattice
    axis), whether it overlaps a placed piece (``ranges``: the pieces' :func:`_projection_range`, p x 2 x 4)
    with positive area. The pieces are convex, so two overlap iff their projections on each of the four
    lattice axes overlap (separating axis theorem); exact lattice vertices make the depth either noise or
    far above ``OVERLAP_DEPTH``."""
    depth = np.minimum(hi[:, None], ranges[None, :, 1]) - np.maximum(lo[:, None], ranges[None, :, 0])  # m x p x 4
    return (depth > OVERLAP_DEPTH).all(axis=2).any(axis=1)


_PERPENDICULAR = [1, 0, 3, 2]  # index in _AXES of the axis perpendicular to each axis


def overlap_area_bounds(first: list[shapely.Geometry], second: list[shapely.Geometry]) -> np.ndarray:
    """Upper bounds on the area of each ``first[i]`` intersected with each ``second[j]`` (any geometries,
    px or units), from their vertices' projections on the four lattice axes: the intersection lies in the
    slab where both projections overlap (depth d) and in each shape's extent across it (w), so its area is
    at most d * w on every axis. Touching pieces give ~0 (their depth is rounding): it saves an overlay."""
    (lo_a, hi_a), (lo_b, hi_b) = _projection_ranges(first), _projection_ranges(second)
    depth = np.maximum(np.minimum(hi_a[:, None], hi_b[None]) - np.maximum(lo_a[:, None], lo_b[None]), 0.0)
    width = np.maximum(np.minimum((hi_a - lo_a)[:, None], (hi_b - lo_b)[None]), 0.0)[..., _PERPENDICULAR]
    return (depth * width).min(axis=-1)


def _projection_ranges(geoms: list[shapely.Geometry]) -> tuple[np.ndarray, np.ndarray]:
    """Per geometry, the lowest and highest projection of its vertices on each lattice axis (n x 4); an
    empty geometry gets an empty range (lowest +inf, highest -inf: no overlap with anything)."""
    coords, index = shapely.get_coordinates(_object_array(geoms), return_index=True)
    lo, hi = np.full((len(geoms), 4), np.inf), np.full((len(geoms), 4), -np.inf)
    if len(coords):
        proj = coords @ _AXES.T
        count = np.bincount(index, minlength=len(geoms))  # coordinates come geometry by geometry
        some = count > 0
        start = (np.cumsum(count) - count)[some]
        lo[some], hi[some] = np.minimum.reduceat(proj, start), np.maximum.reduceat(proj, start)
    return lo, hi


def _object_array(geoms: Iterable[shapely.Geometry]) -> np.ndarray:
    """Geometries as a 1-d object array (for shapely's vectorised functions)."""
    geoms = list(geoms)
    array = np.empty(len(geoms), dtype=object)
    array[:] = geoms
    return array


def _weighted_index(rng: random.Random, weights: list[float]) -> int | None:
    """An index drawn with probability proportional to its weight; None when every weight is 0."""
    total = sum(weights)
    if total <= 0:
        return None
    x = rng.random() * total
    last = None
    for i, w in enumerate(weights):
        if w <= 0:
            continue
        last = i
        x -= w
        if x < 0:
            return i
    return last  # rounding left x at or above 0 after the last positive weight


PINCH = 0.1  # units: a notch narrower than 2 * PINCH counts as closed (it reads as a seam in an image)
NECK = 0.02  # units: a waist narrower than 2 * NECK counts as a pinch point (two lobes touching)
SNAP = 1e-6  # units: precision grid of the robustness check; far finer than a pixel, far coarser than 1e-16


def is_simple_silhouette(union: shapely.Geometry) -> bool:
    """True when ``union`` is one polygon with no hole, not even one closed off by a pinch point or a
    notch narrower than ``2 * PINCH``, and without a waist narrower than ``2 * NECK`` (the union grown
    piece by piece can miss all three; the verifier would read a narrow notch as a seam between pieces,
    and a vertex touching another edge leaves float coordinates that GEOS cannot overlay once rounded)."""
    if union.geom_type != "Polygon" or union.interiors or not union.is_valid:
        return False
    snapped = shapely.set_precision(union, SNAP)
    if snapped.geom_type != "Polygon" or snapped.interiors:
        return False
    if shapely.buffer(union, -NECK, join_style="mitre").geom_type != "Polygon":
        return False
    closed = union.buffer(PINCH, join_style="mitre").buffer(-PINCH, join_style="mitre")
    return closed.geom_type == "Polygon" and not closed.interiors and closed.area - union.area < 1e-3


def generate_arrangement(rng: random.Random, convexity_range: tuple[float, float], min_vertices: int = 6,
                         max_extent: float = 6.0, max_tries: int = 200, check_tiling: bool = True) -> Arrangement:
    """An arrangement whose silhouette convexity lies in ``convexity_range`` and which has at least
    ``min_vertices`` corners (rejects squares, plain triangles and other boring blobs).

    ``check_tiling``: also prove the pieces tile the silhouette (:func:`arrangement_problems`). They do by
    construction (placements that overlap on any of the four lattice axes, which are the pieces' edge
    directions, are never drawn; the silhouette is their union), and the proof found nothing in 3,000
    arrangements; the track passes False because it runs the same proof on the pixel polygons it stores
    (``scoring_problems``), and ``validate`` runs this one again."""
    lo, hi = convexity_range
    for _ in range(max_tries):
        # The pieces' area over their vertices' hull area is the convexity up to the union's rounding
        # (~1e-6): a value clearly out of range rejects the growth before the union is built, and a growth
        # whose hull is already too large for the band stops there.
        grown = _grow(rng, (lo + hi) / 2, max_extent=max_extent, min_convexity=lo - 1e-4)
        if grown is None:
            continue
        estimate = TOTAL_AREA / _ring_area(grown[1])
        if not lo - 1e-4 <= estimate <= hi + 1e-4:
            continue
        arr = Arrangement(tuple(grown[0]), union_of(p.polygon() for p in grown[0]))
        c = convexity(arr.silhouette)
        if not is_simple_silhouette(arr.silhouette):
            continue
        if lo <= c <= hi and len(silhouette_edges(arr)) >= min_vertices \
                and not (check_tiling and arrangement_problems(arr.polygons(), arr.silhouette)):
            return arr
    raise RuntimeError(f"no tangram silhouette with convexity in {convexity_range} after {max_tries} tries")


# ------------------------------------------------------------------------------------------ silhouette


def silhouette_edges(arr: Arrangement) -> list[tuple[int, tuple[int, int]]]:
    """The silhouette boundary as a CCW cyclic list of (direction, exact length (m, n) = m + n*S2),
    collinear runs merged. Exact: vertices are mapped back to the pieces' lattice vertices. Computed once
    per arrangement (a copy is returned)."""
    if arr.edges is None:
        arr.edges = _silhouette_edges(arr)
    return list(arr.edges)


def _silhouette_edges(arr: Arrangement) -> list[tuple[int, tuple[int, int]]]:
    lattice = {to_float(v): v for p in arr.placements for v in p.vertices()}
    keys = list(lattice)
    ring = np.asarray(orient(arr.silhouette, 1.0).exterior.coords)[:-1]
    # each ring vertex is the nearest lattice vertex (within ~1e-7 units; the others lie >= 0.02 away)
    nearest = ((ring[:, None, :] - np.array(keys)[None]) ** 2).sum(axis=-1).argmin(axis=1)
    verts = [lattice[keys[i]] for i in nearest.tolist()]
    edges: list[tuple[int, tuple[int, int]]] = []
    for p, q in _edges(verts):
        v = sub(q, p)
        if v == (0, 0, 0, 0):
            continue
        d = _direction(v)
        if d % 2 == 0:  # axis-aligned: the nonzero component is the length
            m, n = (v[0], v[1]) if d in (0, 4) else (v[2], v[3])
            length = (m, n) if (m + n * S2) > 0 else (-m, -n)
        else:  # diagonal: length = sqrt2 * |x component| = sqrt2 * (a + b S2) = b + 2a S2
            a, b = (v[0], v[1]) if v[0] + v[1] * S2 > 0 else (-v[0], -v[1])
            length = (b, 2 * a)
        if edges and edges[-1][0] == d:
            prev = edges[-1][1]
            edges[-1] = (d, (prev[0] + length[0], prev[1] + length[1]))
        else:
            edges.append((d, length))
    if len(edges) > 1 and edges[0][0] == edges[-1][0]:
        d, (m, n) = edges.pop()
        edges[0] = (d, (edges[0][1][0] + m, edges[0][1][1] + n))
    return edges


def canonical_hash(arr: Arrangement) -> str:
    """Hash of the silhouette invariant to translation, 45-degree rotations and reflection."""
    edges = silhouette_edges(arr)
    mirrored = [((4 - d) % 8, length) for d, length in reversed(edges)]
    best = None
    for seq in (edges, mirrored):
        for r in range(8):
            rotated = [((d + r) % 8, length) for d, length in seq]
            for start in range(len(rotated)):
                cyc = tuple(rotated[start:] + rotated[:start])
                if best is None or cyc < best:
                    best = cyc
    return hashlib.sha256(repr(best).encode()).hexdigest()[:16]


def _isometries(poly: shapely.Geometry) -> list[tuple[str, float]]:
    """The 15 non-identity isometries of the 45-degree lattice, as (kind, angle) about the centroid."""
    out = [("rotate", 45.0 * k) for k in range(1, 8)]
    out += [("mirror", 22.5 * k) for k in range(8)]
    return out


def apply_isometry(geom: shapely.Geometry, kind: str, angle: float, origin: tuple[float, float]) -> shapely.Geometry:
    """Rotate by ``angle`` about ``origin``, or mirror across the line through ``origin`` at ``angle``."""
    if kind == "rotate":
        return affinity.rotate(geom, angle, origin=origin)
    g = affinity.rotate(geom, -angle, origin=origin)
    g = affinity.scale(g, 1.0, -1.0, origin=origin)
    return affinity.rotate(g, angle, origin=origin)


def symmetry_measures(poly: shapely.Geometry) -> dict[str, float]:
    """Best IoU of the shape with its mirror image (any lattice axis through the centroid) and with
    its rotation by 90/180 degrees: 1.0 = exactly symmetric."""
    c = poly.centroid
    origin = np.array([c.x, c.y])
    ring = np.asarray(poly.exterior.coords) - origin
    # mirror across the line at angle a through the centroid: [[cos 2a, sin 2a], [sin 2a, -cos 2a]]
    mirrors = [np.array([[math.cos(t), math.sin(t)], [math.sin(t), -math.cos(t)]])
               for t in (math.radians(45.0 * k) for k in range(8))]
    rotations = [np.array([[0.0, -1.0], [1.0, 0.0]]), np.array([[-1.0, 0.0], [0.0, -1.0]])]  # 90, 180 deg
    images = shapely.polygons(np.stack([ring @ m.T + origin for m in mirrors + rotations]))
    inter = shapely.area(shapely.intersection(poly, images))  # equal areas: union = 2 area - intersection
    iou = inter / np.maximum(2.0 * poly.area - inter, 1e-300)
    return {"mirror_symmetry": round(float(iou[:8].max()), 4), "rotational_symmetry": round(float(iou[8:].max()), 4)}


def _iou(a: shapely.Geometry, b: shapely.Geometry) -> float:
    union = a.union(b).area
    return float(a.intersection(b).area / union) if union > 0 else 0.0


def _congruent_iou(a: shapely.Geometry, b: shapely.Geometry) -> float:
    """:func:`_iou` of a shape and its image under an isometry: equal areas, so the union's area is
    ``2 area - intersection`` and one overlay does."""
    inter = a.intersection(b).area
    union = a.area + b.area - inter
    return float(inter / union) if union > 0 else 0.0


def measures(arr: Arrangement) -> dict[str, float | int]:
    """Difficulty-related measures of an arrangement's silhouette."""
    sil = arr.silhouette
    x0, y0, x1, y1 = sil.bounds
    # the pieces tile the silhouette, so every stretch of its outline is a stretch of exactly one piece's
    # outline: the pieces' exposed outline is the silhouette's perimeter (since version 5; before, the
    # pieces' outlines were cut with a 1e-6 band around it, which also counted where an inner edge
    # crosses the band: the fraction 1e-6 high, its 4th decimal different in ~7 % of arrangements)
    return {
        "convexity": round(convexity(sil), 4),
        "silhouette_vertices": len(silhouette_edges(arr)),
        **symmetry_measures(sil),
        "exposed_edge_fraction": round(sil.exterior.length / PIECES_PERIMETER, 4),
        "aspect": round(max(x1 - x0, y1 - y0) / max(1e-9, min(x1 - x0, y1 - y0)), 3),
    }


# ------------------------------------------------------------------------------------------ congruence


def congruent(a: Polygon, b: Polygon, tol: float = 0.03) -> bool:
    """Whether ``a`` and ``b`` have the same shape and size up to rotation, reflection and translation:
    some rigid motion (angles from matched edge directions) maps ``a`` onto ``b`` with IoU >= 1 - tol."""
    if abs(a.area - b.area) > tol * max(a.area, b.area):
        return False
    return best_rigid_iou(a, b) >= 1.0 - tol


def best_rigid_iou(template: Polygon, target: Polygon) -> float:
    """Best IoU of ``template`` moved rigidly (centroid onto centroid, rotation from edge directions,
    optional mirror) against ``target``."""
    best = 0.0
    tc, gc = template.centroid, target.centroid
    for flipped in (False, True):
        t = affinity.scale(template, -1.0, 1.0, origin=tc) if flipped else template
        for angle in edge_angle_candidates(t, target):
            moved = affinity.translate(affinity.rotate(t, angle, origin=tc), gc.x - tc.x, gc.y - tc.y)
            best = max(best, _iou(moved, target))
    return best


def edge_angle_candidates(template: Polygon, target: Polygon, min_rel_length: float = 0.25) -> list[float]:
    """Rotations (deg) that make some long edge of ``template`` parallel to some long edge of ``target``."""

    def dirs(poly: Polygon) -> list[float]:
        pts = list(orient(poly, 1.0).exterior.coords)
        scale = math.sqrt(max(poly.area, 1e-12))
        out = []
        for (x0, y0), (x1, y1) in zip(pts[:-1], pts[1:]):
            if math.hypot(x1 - x0, y1 - y0) >= min_rel_length * scale:
                out.append(math.degrees(math.atan2(y1 - y0, x1 - x0)))
        return out

    angles = sorted({round((g - t) % 360.0, 1) for t in dirs(template) for g in dirs(target)})
    return angles or [0.0]


# ---------------------------------------------------------------------------------- alternative tilings


def alternative_arrangements(polygons: dict[str, Polygon], limit: int = 8,
                             rel_tol: float = 2e-4) -> list[dict[str, Polygon]]:
    """Other valid tilings of the same silhouette, by two moves: (1) a subset of pieces whose union is
    symmetric under a lattice isometry is mapped by that isometry; (2) two disjoint groups of at most
    three pieces with congruent unions swap places (e.g. the square and two small triangles forming a
    square). Only arrangements whose set of piece shapes on the page differs from the original are
    returned, not mere swaps of equal pieces. ``rel_tol`` (fraction of area) absorbs rounded coordinates."""
    names = list(polygons)
    originals = [polygons[n] for n in names]
    out: list[dict[str, Polygon]] = []

    def changed(moved: dict[str, Polygon], tol: float) -> bool:
        return not all(any(_sym_diff_area(m, o) < tol for o in originals) for m in moved.values())

    unions = {}
    for size in range(1, len(names) + 1):
        for subset in itertools.combinations(names, size):
            u = union_of(polygons[n] for n in subset)
            if u.geom_type == "Polygon":
                unions[subset] = u
    for subset, union in unions.items():
        if len(subset) < 2:
            continue
        c = union.centroid
        for kind, angle in _isometries(union):
            tol = rel_tol * union.area
            if _sym_diff_area(union, apply_isometry(union, kind, angle, (c.x, c.y))) > tol:
                continue
            moved = {n: apply_isometry(polygons[n], kind, angle, (c.x, c.y)) for n in subset}
            if changed(moved, tol):
                out.append({**polygons, **moved})
                if len(out) >= limit:
                    return out
    small = [s for s in unions if len(s) <= 3]
    for a, b in itertools.combinations(small, 2):
        ua, ub = unions[a], unions[b]
        if set(a) & set(b) or abs(ua.area - ub.area) > rel_tol * ua.area:
            continue
        tol = rel_tol * ua.area
        for g in _congruences(ua, ub, tol):
            moved = {n: g(polygons[n], False) for n in a}
            moved.update({n: g(polygons[n], True) for n in b})
            if changed(moved, tol):
                out.append({**polygons, **moved})
                if len(out) >= limit:
                    return out
                break
    return out


def _sym_diff_area(a: shapely.Geometry, b: shapely.Geometry) -> float:
    """Area of the symmetric difference; infinite when GEOS cannot overlay the (rounded) inputs."""
    try:
        return float(a.symmetric_difference(b).area)
    except shapely.errors.GEOSException:
        return math.inf


def _congruences(ua: Polygon, ub: Polygon, tol: float):
    """Lattice isometries g (as ``g(geom, inverse)``) with g(ua) == ub up to ``tol`` area."""
    ca, cb = ua.centroid, ub.centroid
    dx, dy = cb.x - ca.x, cb.y - ca.y
    for kind, angle in [("rotate", 0.0)] + _isometries(ua):
        image = affinity.translate(apply_isometry(ua, kind, angle, (ca.x, ca.y)), dx, dy)
        if _sym_diff_area(image, ub) > tol:
            continue

        def g(geom, inverse, kind=kind, angle=angle):
            if not inverse:
                return affinity.translate(apply_isometry(geom, kind, angle, (ca.x, ca.y)), dx, dy)
            back = affinity.translate(geom, -dx, -dy)
            return apply_isometry(back, kind, -angle if kind == "rotate" else angle, (ca.x, ca.y))

        yield g


def arrangement_problems(polygons: dict[str, Polygon], silhouette: Polygon, unit: float = 1.0,
                         rel_tol: float = 1e-6) -> list[str]:
    """Why ``polygons`` (one per piece name, drawn at ``unit`` length units per small-triangle leg) is
    not a tiling of ``silhouette``; empty if it is. ``rel_tol`` absorbs rounding of stored coordinates."""
    problems = []
    if sorted(polygons) != sorted(PIECES):
        problems.append(f"pieces {sorted(polygons)} are not the seven tangram pieces")
        return problems
    named = [("silhouette", silhouette), *sorted(polygons.items())]
    geoms = _object_array(poly for _, poly in named)
    simple = (shapely.get_type_id(geoms) == shapely.GeometryType.POLYGON) & shapely.is_valid(geoms) \
        & (shapely.get_num_interior_rings(geoms) == 0)
    for (name, poly), ok in zip(named, simple.tolist()):
        if not ok:
            problems.append(f"{name} is not a simple polygon ({shapely.is_valid_reason(poly)})")
    if problems:  # GEOS overlays of invalid rings raise TopologyException; report, do not crash
        return problems
    areas = dict(zip(polygons, shapely.area(_object_array(polygons.values())).tolist()))
    for name in polygons:
        want = PIECE_AREA[kind_of(name)] * unit * unit
        if abs(areas[name] - want) > rel_tol * want:
            problems.append(f"{name} has area {areas[name]:.4f}, expected {want:.4f}")
    try:
        return problems + _overlay_problems(polygons, silhouette, unit, rel_tol)
    except shapely.errors.GEOSException as exc:
        return problems + [f"geometry cannot be overlaid: {exc}"]


def _overlay_problems(polygons: dict[str, Polygon], silhouette: Polygon, unit: float, rel_tol: float) -> list[str]:
    problems = []
    eps = 1e-6 * math.sqrt(silhouette.area)
    grid = 1e-3 * eps  # snap-rounding overlay: robust where the floating one is not (shared edges)
    shrunk: dict[str, shapely.Geometry] = {}
    names = sorted(polygons)
    bound = dict(zip(itertools.product(names, names),
                     overlap_area_bounds([polygons[n] for n in names], [polygons[n] for n in names]).ravel()))
    for a, b in itertools.combinations(names, 2):
        if bound[a, b] <= 0.5 * rel_tol * silhouette.area:
            continue  # apart or touching: the overlap cannot reach the tolerance (shrunk[a] lies inside a)
        if a not in shrunk:
            shrunk[a] = _shrunk(polygons[a], eps)
        ov = shapely.intersection(shrunk[a], polygons[b], grid_size=grid).area
        if ov > rel_tol * silhouette.area:
            problems.append(f"{a} and {b} overlap (area {ov:.4g})")
    if abs(silhouette.area - TOTAL_AREA * unit * unit) > rel_tol * silhouette.area:
        problems.append(f"silhouette area {silhouette.area:.4f} != sum of piece areas {TOTAL_AREA * unit * unit:.4f}")
    diff = shapely.symmetric_difference(shapely.union_all(list(polygons.values()), grid_size=grid), silhouette,
                                        grid_size=grid).area
    if diff > 10 * rel_tol * silhouette.area:
        problems.append(f"union of the pieces differs from the silhouette (area {diff:.4g})")
    return problems
