"""Exact geometry and lattice-partition invariants for the ``math_proof`` track (pure logic, no pixels).

Constructions: every given point has rational coordinates (triangles are Heronian: two Pythagorean right
triangles glued along their common leg, turned by a rational rotation), so every derived object (midpoint,
foot, angle-bisector foot, centroid, circumcentre, incentre, radii, tangent points) is rational and is
computed and stored exactly as a :class:`fractions.Fraction` (``"p/q"`` strings in JSON).

An *element* is one object the answer must draw: ``{"name", "kind": "segment" | "circle" | "polygon",
...}``; segments carry ``points`` (the part that must be inked) and ``explains`` (``"line"``: ink anywhere
on the whole line belongs to it, ``"segment"``: only on the segment); circles ``center`` and ``radius``;
polygons ``vertices`` (closed). *Candidates* are the other objects of the figure a wrong answer draws
instead (the median instead of the altitude, the incircle instead of the circumcircle, ...).

Proofs without words: a partition of an R x C lattice is a label per cell; each identity's answer set is
a predicate on partitions (:func:`check_partition`), so every correct drawing is accepted, not only the
reference's; :func:`valid_partitions` lists them all for the tests.
"""

from __future__ import annotations

from fractions import Fraction as F
from functools import lru_cache
from math import isqrt
from typing import Any

import numpy as np

Point = tuple[F, F]

def _legs(limit: int = 40) -> dict[int, tuple[int, ...]]:
    """For each leg h <= ``limit``: the legs p (0.3 h <= p <= 2.5 h) with h^2 + p^2 a square."""
    from math import isqrt

    out = {}
    for h in range(3, limit + 1):
        ps = tuple(p for p in range(max(1, int(0.3 * h)), int(2.5 * h) + 1) if isqrt(h * h + p * p) ** 2 == h * h + p * p)
        if len(ps) >= 2:
            out[h] = ps
    return out


# Pythagorean legs (h, p): h^2 + p^2 is a square; a triangle (0, h), (-p, 0), (q, 0) is Heronian.
LEGS: dict[int, tuple[int, ...]] = _legs()
# rational rotations (cos, sin)
ROTATIONS: tuple[tuple[F, F], ...] = tuple(
    (F(c, h) * sx, F(s, h) * sy) for c, s, h in ((1, 0, 1), (0, 1, 1), (3, 4, 5), (4, 3, 5), (5, 12, 13), (12, 5, 13),
                                                 (8, 15, 17), (15, 8, 17))
    for sx, sy in ((1, 1), (-1, 1), (1, -1), (-1, -1)))
# (d, r, t): distance centre-point, radius, tangent length
TANGENT_TRIPLES = ((5, 3, 4), (13, 5, 12), (17, 8, 15), (25, 7, 24), (10, 6, 8), (29, 20, 21))
UNIT_VECTORS = tuple((F(a, c), F(b, c)) for a, b, c in ((3, 4, 5), (4, 3, 5), (5, 12, 13), (12, 5, 13), (1, 0, 1),
                                                        (8, 15, 17), (15, 8, 17)))


# ------------------------------------------------------------------------------------------ exact vectors


def sub(p: Point, q: Point) -> Point:
    return (p[0] - q[0], p[1] - q[1])


def add(p: Point, q: Point) -> Point:
    return (p[0] + q[0], p[1] + q[1])


def mul(p: Point, k: F) -> Point:
    return (p[0] * k, p[1] * k)


def dot(p: Point, q: Point) -> F:
    return p[0] * q[0] + p[1] * q[1]


def cross(p: Point, q: Point) -> F:
    return p[0] * q[1] - p[1] * q[0]


def norm2(p: Point) -> F:
    return dot(p, p)


def perp(p: Point) -> Point:
    return (-p[1], p[0])


def midpoint(p: Point, q: Point) -> Point:
    return ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)


def exact_sqrt(x: F) -> F:
    """The square root of a rational square (raises if ``x`` is not one)."""
    from math import isqrt

    n, d = isqrt(x.numerator), isqrt(x.denominator)
    if n * n != x.numerator or d * d != x.denominator:
        raise ValueError(f"{x} is not the square of a rational")
    return F(n, d)


def foot(p: Point, a: Point, b: Point) -> Point:
    """Foot of the perpendicular from ``p`` to line ``ab``."""
    d = sub(b, a)
    return add(a, mul(d, dot(sub(p, a), d) / norm2(d)))


def circumcenter(a: Point, b: Point, c: Point) -> Point:
    d = 2 * (a[0] * (b[1] - c[1]) + b[0] * (c[1] - a[1]) + c[0] * (a[1] - b[1]))
    ux = (norm2(a) * (b[1] - c[1]) + norm2(b) * (c[1] - a[1]) + norm2(c) * (a[1] - b[1])) / d
    uy = (norm2(a) * (c[0] - b[0]) + norm2(b) * (a[0] - c[0]) + norm2(c) * (b[0] - a[0])) / d
    return (ux, uy)


def side_lengths(a: Point, b: Point, c: Point) -> tuple[F, F, F]:
    """Exact lengths (|BC|, |CA|, |AB|) of a Heronian triangle."""
    return exact_sqrt(norm2(sub(b, c))), exact_sqrt(norm2(sub(c, a))), exact_sqrt(norm2(sub(a, b)))


def incircle(a: Point, b: Point, c: Point) -> tuple[Point, F]:
    la, lb, lc = side_lengths(a, b, c)
    s = la + lb + lc
    centre = ((la * a[0] + lb * b[0] + lc * c[0]) / s, (la * a[1] + lb * b[1] + lc * c[1]) / s)
    area2 = abs(cross(sub(b, a), sub(c, a)))
    return centre, area2 / s


def bisector_foot(a: Point, b: Point, c: Point) -> Point:
    """Where the bisector of the angle at ``a`` meets ``bc`` (BD : DC = AB : AC)."""
    ab, ac = exact_sqrt(norm2(sub(b, a))), exact_sqrt(norm2(sub(c, a)))
    return add(b, mul(sub(c, b), ab / (ab + ac)))


def orthocenter(a: Point, b: Point, c: Point) -> Point:
    o = circumcenter(a, b, c)
    return (a[0] + b[0] + c[0] - 2 * o[0], a[1] + b[1] + c[1] - 2 * o[1])


def tangent_points(o: Point, r: F, p: Point) -> tuple[Point, Point]:
    """The two points where tangents from ``p`` touch the circle (``o``, ``r``); needs a rational
    tangent length."""
    v = sub(p, o)
    d2 = norm2(v)
    t = exact_sqrt(d2 - r * r)
    base = add(o, mul(v, r * r / d2))
    off = mul(perp(v), r * t / d2)
    return add(base, off), sub(base, off)


# ------------------------------------------------------------------------------------------ JSON


def fstr(x: F) -> str:
    return str(x if type(x) is F else F(x))


def pt_json(p: Point) -> list[str]:
    return [fstr(p[0]), fstr(p[1])]


def pt_of(data: Any) -> Point:
    return (F(data[0]), F(data[1]))


def segment(name: str, p: Point, q: Point, explains: str = "line", role: str = "") -> dict[str, Any]:
    out = {"name": name, "kind": "segment", "points": [pt_json(p), pt_json(q)], "explains": explains}
    if role:
        out["role"] = role
    return out


def circle(name: str, centre: Point, radius: F) -> dict[str, Any]:
    return {"name": name, "kind": "circle", "center": pt_json(centre), "radius": fstr(radius)}


def polygon(name: str, vertices: list[Point]) -> dict[str, Any]:
    return {"name": name, "kind": "polygon", "vertices": [pt_json(v) for v in vertices]}


# ------------------------------------------------------------------------------------------ triangles


@lru_cache(maxsize=1024)
def circle_point(t: F) -> Point:
    """The point at angle 2*phi on the unit circle, where tan(phi / 2) = ``t``: rational, and the chord
    between two such points, 2 |sin(phi_1 - phi_2)|, is rational too."""
    # with t = a / b: cos phi = (b^2 - a^2) / (a^2 + b^2), sin phi = 2ab / (a^2 + b^2); the point is
    # (cos^2 - sin^2, 2 sin cos), over one integer denominator (Fraction reduces it)
    t = F(t)
    a, b = t.numerator, t.denominator
    a2, b2 = a * a, b * b
    den = (a2 + b2) ** 2
    return (F((b2 - a2) ** 2 - 4 * a2 * b2, den), F(4 * a * b * (b2 - a2), den))


def half_angle_sincos(t: F) -> tuple[F, F]:
    return (2 * t / (1 + t * t), (1 - t * t) / (1 + t * t))


def _triangle_angles(pts: list[tuple[float, float]]) -> list[float]:
    import math

    angles = []
    for i in range(3):
        p, q, r = pts[i], pts[(i + 1) % 3], pts[(i + 2) % 3]
        u, v = (q[0] - p[0], q[1] - p[1]), (r[0] - p[0], r[1] - p[1])
        nu, nv = math.hypot(*u), math.hypot(*v)
        if nu < 1e-9 or nv < 1e-9:
            return []
        angles.append(math.degrees(math.acos(max(-1.0, min(1.0, (u[0] * v[0] + u[1] * v[1]) / (nu * nv))))))
    return angles


def _may_be_wanted_triangle(ts: list[float]) -> bool:
    """A float pre-check of :func:`heronian_triangle`'s angle tests with 0.01 degree of slack: False only
    for draws the exact test rejects too (most draws), so those skip the Fraction arithmetic."""
    return _may_be_wanted_points([_float_circle_point(t) for t in ts])


def _float_circle_point(t: float) -> tuple[float, float]:
    """:func:`circle_point` of ``t`` in floats, as the pre-check computes it."""
    c, s = (1 - t * t) / (1 + t * t), 2 * t / (1 + t * t)
    return (c * c - s * s, 2 * c * s)


@lru_cache(maxsize=None)
def _draw_points() -> dict[tuple[int, int], tuple[float, float]]:
    """:func:`_float_circle_point` of ``a / b`` for every draw ``(a, b)`` of :func:`heronian_triangle`."""
    return {(a, b): _float_circle_point(a / b) for a in range(-12, 13) for b in range(1, 7)}


def _may_be_wanted_points(pts: list[tuple[float, float]]) -> bool:
    angles = _triangle_angles(pts)
    if len(angles) < 3:
        return True  # (near-)coincident points: left to the exact test
    sa = sorted(angles)
    return sa[0] >= 35 - 0.01 and sa[2] <= 82 + 0.01 and sa[1] - sa[0] >= 7 - 0.02 and sa[2] - sa[1] >= 7 - 0.02


def heronian_triangle(rng) -> tuple[Point, Point, Point]:
    """An acute, clearly scalene triangle with rational vertices and rational side lengths, inscribed in
    the unit circle (:func:`circle_point`). Angles 35..82 degrees, pairwise at least 7 degrees apart."""
    import math

    points = _draw_points()
    randrange = rng.randrange  # randint(lo, hi) is randrange(lo, hi + 1): the same draws
    while True:
        draws = [(randrange(-12, 13), randrange(1, 7)) for _ in range(3)]
        # a / b is float(F(a, b)): int division rounds the exact quotient, reduced or not
        if not _may_be_wanted_points([points[d] for d in draws]):
            continue
        pts = [circle_point(F(a, b)) for a, b in draws]
        if len(set(pts)) < 3:
            continue
        fl = [(float(x), float(y)) for x, y in pts]
        angles = []
        for i in range(3):
            p, q, r = fl[i], fl[(i + 1) % 3], fl[(i + 2) % 3]
            u, v = (q[0] - p[0], q[1] - p[1]), (r[0] - p[0], r[1] - p[1])
            nu, nv = math.hypot(*u), math.hypot(*v)
            if nu < 1e-9 or nv < 1e-9:
                break
            angles.append(math.degrees(math.acos(max(-1.0, min(1.0, (u[0] * v[0] + u[1] * v[1]) / (nu * nv))))))
        if len(angles) < 3 or min(angles) < 35 or max(angles) > 82:
            continue
        sa = sorted(angles)
        if sa[1] - sa[0] < 7 or sa[2] - sa[1] < 7:
            continue
        rng.shuffle(pts)
        return pts[0], pts[1], pts[2]


def triangle_objects(a: Point, b: Point, c: Point) -> dict[str, dict[str, Any]]:
    """Every classical object of triangle ABC by name (segments from a vertex end on the opposite side).

    Computed in integers: the vertices scaled by the common denominator ``L`` of their coordinates, each
    derived point as integer numerators over one denominator (a Fraction of them is the same rational as
    :func:`foot`, :func:`midpoint`, :func:`bisector_foot`, :func:`circumcenter`, :func:`incircle` and
    :func:`orthocenter` give; the test compares the two)."""
    from math import lcm

    coords = [F(v) for p in (a, b, c) for v in p]
    scale = lcm(*(v.denominator for v in coords))
    ax, ay, bx, by, cx, cy = (v.numerator * (scale // v.denominator) for v in coords)
    ints = {"A": (ax, ay), "B": (bx, by), "C": (cx, cy)}

    def point(xn: int, yn: int, den: int) -> Point:
        return (F(xn, den), F(yn, den))

    def side(p: tuple[int, int], q: tuple[int, int]) -> int:
        """The length of pq times ``scale`` (an integer: the triangle is Heronian)."""
        n2 = (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2
        root = isqrt(n2)
        if root * root != n2:
            raise ValueError(f"{F(n2, scale * scale)} is not the square of a rational")
        return root

    pts = {"A": a, "B": b, "C": c}
    out: dict[str, dict[str, Any]] = {}
    for v in "ABC":
        o1, o2 = [w for w in "ABC" if w != v]
        (px, py), (qx, qy), (rx, ry) = ints[v], ints[o1], ints[o2]
        p = pts[v]
        dx, dy = rx - qx, ry - qy
        t_num, t_den = (px - qx) * dx + (py - qy) * dy, dx * dx + dy * dy  # foot = q + (r - q) t
        out[f"altitude from {v}"] = segment(f"altitude from {v}", p, point(
            qx * t_den + dx * t_num, qy * t_den + dy * t_num, scale * t_den))
        out[f"median from {v}"] = segment(f"median from {v}", p, point(qx + rx, qy + ry, 2 * scale))
        s1, s2 = side((px, py), (qx, qy)), side((px, py), (rx, ry))  # BD : DC = AB : AC
        out[f"angle bisector at {v}"] = segment(f"angle bisector at {v}", p, point(
            qx * (s1 + s2) + dx * s1, qy * (s1 + s2) + dy * s1, scale * (s1 + s2)))
        mx, my = 10 * (qx + rx), 10 * (qy + ry)  # the midpoint, over 20 * scale; 7/20 of the side across
        out[f"perpendicular bisector of {o1}{o2}"] = segment(
            f"perpendicular bisector of {o1}{o2}", point(mx - 7 * dy, my + 7 * dx, 20 * scale),
            point(mx + 7 * dy, my - 7 * dx, 20 * scale))
    na, nb, nc = ax * ax + ay * ay, bx * bx + by * by, cx * cx + cy * cy
    d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by))
    ux = na * (by - cy) + nb * (cy - ay) + nc * (ay - by)  # the circumcentre is (ux, uy) / (scale * d)
    uy = na * (cx - bx) + nb * (ax - cx) + nc * (bx - ax)
    r2 = (ax * d - ux) ** 2 + (ay * d - uy) ** 2  # |a - o|^2 times (scale * d)^2
    root = isqrt(r2)
    if root * root != r2:
        raise ValueError(f"{F(r2, (scale * d) ** 2)} is not the square of a rational")
    out["circumcircle"] = circle("circumcircle", point(ux, uy, scale * d), F(root, abs(scale * d)))
    la, lb, lc = side(ints["B"], ints["C"]), side(ints["C"], ints["A"]), side(ints["A"], ints["B"])
    perimeter = la + lb + lc
    area2 = abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax))
    out["incircle"] = circle("incircle", point(la * ax + lb * bx + lc * cx, la * ay + lb * by + lc * cy,
                                               scale * perimeter), F(area2, scale * perimeter))
    sx, sy = ax + bx + cx, ay + by + cy  # the nine-point centre: halfway from o to h = a + b + c - 2 o
    out["nine-point circle"] = circle("nine-point circle", point(sx * d - ux, sy * d - uy, 2 * scale * d),
                                      F(root, 2 * abs(scale * d)))
    return out


# ------------------------------------------------------------------------------------------ partitions


def canonical(labels: np.ndarray) -> np.ndarray:
    """Relabel a partition 0, 1, 2, ... in first-occurrence order (row-major), so equal partitions compare
    equal whatever the labels."""
    labels = np.asarray(labels)
    if labels.size == 0:
        return np.full(labels.shape, -1, np.int64)
    # a few dozen cells: a dict in first-occurrence order beats np.unique (which also imports numpy.ma)
    rank: dict = {}
    return np.array([rank.setdefault(v, len(rank)) for v in labels.ravel().tolist()], np.int64).reshape(labels.shape)


def regions_connected(labels: np.ndarray) -> bool:
    """Every label's cells form one 4-connected piece."""
    import collections

    rows, cols = labels.shape
    for v in sorted(set(np.asarray(labels).ravel().tolist())):
        cells = list(zip(*np.nonzero(labels == v)))
        seen = {cells[0]}
        queue = collections.deque([cells[0]])
        while queue:
            r, c = queue.popleft()
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols and (rr, cc) not in seen and labels[rr, cc] == v:
                    seen.add((rr, cc))
                    queue.append((rr, cc))
        if len(seen) != len(cells):
            return False
    return True


def rect_of(mask: np.ndarray) -> tuple[int, int] | None:
    """(height, width) when the cells of ``mask`` form a full rectangle, else None."""
    rs, cs = np.nonzero(mask)
    if len(rs) == 0:
        return None
    h, w = rs.max() - rs.min() + 1, cs.max() - cs.min() + 1
    return (int(h), int(w)) if h * w == len(rs) else None


def _corner_distance(rows: int, cols: int, corner: int) -> tuple[np.ndarray, np.ndarray]:
    r = np.arange(rows)[:, None].repeat(cols, 1)
    c = np.arange(cols)[None, :].repeat(rows, 0)
    if corner & 1:
        c = cols - 1 - c
    if corner & 2:
        r = rows - 1 - r
    return r, c


def gnomon_partition(n: int, corner: int, widths: list[int]) -> np.ndarray:
    """Nested L-bands at ``corner`` (0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right) of the given
    widths (sum = n)."""
    r, c = _corner_distance(n, n, corner)
    d = np.maximum(r, c)
    bounds = np.cumsum(widths)
    return np.searchsorted(bounds, d, side="right").astype(np.int64)


def staircase_partition(n: int, flip: int) -> np.ndarray:
    """n rows x (n+1) columns: row i (from the top) gives i+1 cells to region 0 from the left; ``flip``
    mirrors it left-right (bit 0) and top-bottom (bit 1)."""
    lab = np.array([[0 if c <= r else 1 for c in range(n + 1)] for r in range(n)], np.int64)
    if flip & 1:
        lab = lab[:, ::-1]
    if flip & 2:
        lab = lab[::-1, :]
    return lab


def square_of_sum_partition(a: int, b: int, corner: int) -> np.ndarray:
    """(a+b) square: a x a square at ``corner``, b x b at the opposite corner, two a x b rectangles."""
    n = a + b
    r, c = _corner_distance(n, n, corner)
    return (2 * (r >= a) + (c >= a)).astype(np.int64)


def difference_partition(a: int, b: int, corner: int, cut: int) -> np.ndarray:
    """a x a square with the b x b square at ``corner`` removed (label -1); the rest cut into two
    rectangles by a horizontal (``cut`` 0) or vertical (1) line along the removed square."""
    r, c = _corner_distance(a, a, corner)
    lab = np.zeros((a, a), np.int64)
    removed = (r >= a - b) & (c >= a - b)
    if cut == 0:
        lab[r >= a - b] = 1
    else:
        lab[c >= a - b] = 1
    lab[removed] = -1
    return lab


def halving_partition(n: int, order: list[int]) -> np.ndarray:
    """n x n (n a power of 2): repeatedly halve the remaining rectangle, giving one half away; ``order``
    (0..3 per step) says which half: the step's cut is across the longer side (a square is cut either
    way: bit 1), bit 0 keeps the first or the second half."""
    lab = np.full((n, n), -1, np.int64)
    for k, (r0, c0, r1, c1) in enumerate(_halving_steps(n, order)):
        lab[r0:r1, c0:c1] = k
    return lab


def _halving_steps(n: int, order: list[int]) -> list[tuple[int, int, int, int]]:
    """The rectangles (row0, col0, row1, col1) of ``halving_partition(n, order)`` in label order: the
    halves given away, then the rectangle left."""
    rects = []
    r0, c0, r1, c1 = 0, 0, n, n
    for step in order:
        h, w = r1 - r0, c1 - c0
        if h * w == 1:
            break
        vertical = w > h or (w == h and step & 2)
        if vertical:
            m = c0 + w // 2
            give, keep = ((r0, c0, r1, m), (r0, m, r1, c1)) if step & 1 else ((r0, m, r1, c1), (r0, c0, r1, m))
        else:
            m = r0 + h // 2
            give, keep = ((r0, c0, m, c1), (m, c0, r1, c1)) if step & 1 else ((m, c0, r1, c1), (r0, c0, m, c1))
        rects.append(give)
        r0, c0, r1, c1 = keep
    rects.append((r0, c0, r1, c1))
    return rects


def _halving_rects(n: int, order: list[int]) -> frozenset[tuple[int, int, int, int]]:
    """The regions of ``halving_partition(n, order)`` as a set of rectangles."""
    return frozenset(_halving_steps(n, order))


def _halving_key(n: int, rects: frozenset[tuple[int, int, int, int]]) -> bytes:
    """:func:`_partition_key` of the partition into ``rects``: relabelled in first-occurrence order
    (row-major), a rectangle's first cell is its top-left corner, so its label is that corner's rank."""
    lab = np.empty((n, n), np.int64)
    for rank, (r0, c0, r1, c1) in enumerate(sorted(rects)):
        lab[r0:r1, c0:c1] = rank
    return lab.tobytes()


def nicomachus_widths(n: int) -> list[int]:
    return list(range(1, n + 1))


def reference_partition(identity: str, params: dict[str, int]) -> np.ndarray:
    """The reference's partition of each identity (corner 0, first orientation)."""
    if identity == "odd_sum":
        return gnomon_partition(params["n"], 0, [1] * params["n"])
    if identity == "triangular":
        return staircase_partition(params["n"], 0)
    if identity == "square_of_sum":
        return square_of_sum_partition(params["a"], params["b"], 0)
    if identity == "difference_of_squares":
        return difference_partition(params["a"], params["b"], params.get("corner", 3), 0)
    if identity == "halving":
        return halving_partition(params["n"], [0] * 64)
    if identity == "nicomachus":
        return gnomon_partition(params["side"], 0, nicomachus_widths(params["n"]))
    raise ValueError(identity)


def valid_partitions(identity: str, params: dict[str, int]) -> list[np.ndarray]:
    """Every partition of the lattice that proves the identity (distinct; the first of each class)."""
    return [lab.copy() for lab in _valid_partitions(identity, tuple(sorted(params.items())))]


def _valid_partitions(identity: str, items: tuple[tuple[str, int], ...]) -> tuple[np.ndarray, ...]:
    """:func:`valid_partitions`, once per process for each lattice (halving n = 8 tries 4^6 orders)."""
    return tuple(_valid_partitions_by_key(identity, items).values())


@lru_cache(maxsize=64)
def _valid_partitions_by_key(identity: str, items: tuple[tuple[str, int], ...]) -> dict[bytes, np.ndarray]:
    """The valid partitions by :func:`_partition_key`, in :func:`valid_partitions`' order."""
    params = dict(items)
    out: list[np.ndarray] = []
    if identity in ("odd_sum", "nicomachus"):
        widths = [1] * params["n"] if identity == "odd_sum" else nicomachus_widths(params["n"])
        side = params["n"] if identity == "odd_sum" else params["side"]
        out = [gnomon_partition(side, k, widths) for k in range(4)]
    elif identity == "triangular":
        n = params["n"]
        out = [staircase_partition(n, f) for f in range(4)]
    elif identity == "square_of_sum":
        out = [square_of_sum_partition(params["a"], params["b"], k) for k in range(4)]
    elif identity == "difference_of_squares":
        out = [difference_partition(params["a"], params["b"], params.get("corner", 3), cut) for cut in (0, 1)]
    elif identity == "halving":
        n = params["n"]
        steps = int(np.log2(n * n))
        # orders giving the same rectangles give the same partition (the same key): only the first of
        # each is drawn, and its key is read off the rectangles (:func:`_halving_key`)
        unique: dict[bytes, np.ndarray] = {}
        seen: set[frozenset] = set()
        for order in _halving_orders(n, steps):
            rects = _halving_rects(n, order)
            if rects not in seen:
                seen.add(rects)
                unique.setdefault(_halving_key(n, rects), halving_partition(n, order))
        return unique
    unique = {}
    for lab in out:
        key = _partition_key(lab)
        unique.setdefault(key, lab)
    return unique


def _halving_orders(n: int, steps: int) -> list[list[int]]:
    """The orders of ``product(range(4), repeat=steps)``, in that order, that can give a partition no
    earlier order gives: bit 1 only matters when the remaining rectangle is a square, and nothing after it
    shrinks to one cell (halving_partition ignores those, so the order with zeros there came first)."""
    out: list[list[int]] = []

    def walk(order: list[int], r0: int, c0: int, r1: int, c1: int) -> None:
        if len(order) == steps:
            out.append(list(order))
            return
        h, w = r1 - r0, c1 - c0
        if h * w == 1:
            walk(order + [0], r0, c0, r1, c1)
            return
        for step in range(4) if h == w else range(2):
            vertical = w > h or (w == h and step & 2)
            if vertical:
                m = c0 + w // 2
                keep = (r0, m, r1, c1) if step & 1 else (r0, c0, r1, m)
            else:
                m = r0 + h // 2
                keep = (m, c0, r1, c1) if step & 1 else (r0, c0, m, c1)
            walk(order + [step], *keep)

    walk([], 0, 0, n, n)
    return out


def _partition_key(labels: np.ndarray) -> bytes:
    removed = labels < 0
    lab = canonical(np.where(removed, -1, labels))
    return np.where(removed, -1, lab).tobytes()


def check_partition(identity: str, params: dict[str, int], labels: np.ndarray) -> list[tuple[str, bool, str]]:
    """The identity's invariants on a partition (``labels`` per cell; removed cells -1): a list of
    (check, holds, detail). The partition proves the identity iff every check holds."""
    labels = np.asarray(labels)
    present = labels >= 0
    ids = sorted(set(labels[present].ravel().tolist()))
    sizes = sorted(int((labels == v).sum()) for v in ids)
    checks: list[tuple[str, bool, str]] = [("connected", _connected_present(labels), "each region is one piece")]
    if identity in ("odd_sum", "nicomachus"):
        n = params["n"]
        side = labels.shape[0]
        widths = [1] * n if identity == "odd_sum" else nicomachus_widths(n)
        want = sorted(((sum(widths[:k + 1])) ** 2 - (sum(widths[:k])) ** 2) for k in range(n))
        checks.append(("region_count", len(ids) == n, f"{len(ids)} regions, {n} needed"))
        checks.append(("region_sizes", sizes == want, f"sizes {sizes}, needed {want}"))
        nested = any(_same(labels, gnomon_partition(side, k, widths)) for k in range(4))
        checks.append(("nested_gnomons", nested, "regions are L-bands nested at one corner"))
    elif identity == "triangular":
        n = params["n"]
        half = n * (n + 1) // 2
        checks.append(("region_count", len(ids) == 2, f"{len(ids)} regions, 2 needed"))
        checks.append(("region_sizes", sizes == [half, half], f"sizes {sizes}, needed {[half, half]}"))
        stair = len(ids) == 2 and all(_is_staircase(labels == v) for v in ids)
        checks.append(("staircases", stair, "each region is a staircase 1, 2, ..., n"))
        congruent = len(ids) == 2 and np.array_equal((labels == ids[0])[::-1, ::-1], labels == ids[1])
        checks.append(("congruent", congruent, "the two staircases are congruent (half-turn)"))
    elif identity == "square_of_sum":
        a, b = params["a"], params["b"]
        rects = sorted(tuple(sorted(rect_of(labels == v) or (0, 0))) for v in ids)
        want = sorted([(a, a), (b, b), tuple(sorted((a, b))), tuple(sorted((a, b)))])
        checks.append(("region_count", len(ids) == 4, f"{len(ids)} regions, 4 needed"))
        checks.append(("rectangles", rects == want, f"rectangles {rects}, needed {want}"))
    elif identity == "difference_of_squares":
        a, b = params["a"], params["b"]
        rects = sorted(tuple(sorted(rect_of(labels == v) or (0, 0))) for v in ids)
        want = sorted([tuple(sorted((a - b, a))), tuple(sorted((a - b, b)))])
        checks.append(("region_count", len(ids) == 2, f"{len(ids)} regions, 2 needed"))
        checks.append(("rectangles", rects == want, f"rectangles {rects}, needed {want}: both of width a - b"))
    elif identity == "halving":
        n = params["n"]
        total = n * n
        want = sorted([total >> k for k in range(1, int(np.log2(total)) + 1)] + [1])
        checks.append(("region_count", len(ids) == len(want), f"{len(ids)} regions, {len(want)} needed"))
        checks.append(("region_sizes", sizes == want, f"sizes {sizes}, needed {want}"))
        checks.append(("halving", _partition_key(labels) in _halving_keys(n),
                       "each region is half of what the previous ones left"))
    return checks


@lru_cache(maxsize=8)
def _halving_keys(n: int) -> frozenset[bytes]:
    return frozenset(_valid_partitions_by_key("halving", (("n", n),)))  # the keys of valid_partitions'


def _connected_present(labels: np.ndarray) -> bool:
    sentinel = int(labels.max()) + 1
    lab = np.where(labels < 0, sentinel, labels)
    return regions_connected(lab)


def _same(a: np.ndarray, b: np.ndarray) -> bool:
    return a.shape == b.shape and _partition_key(a) == _partition_key(b)


def _is_staircase(mask: np.ndarray) -> bool:
    """Rows (or columns) hold contiguous runs touching one side, of lengths 1, 2, ..., n in order."""
    for m in (mask, mask.T):
        for side in (m, m[:, ::-1]):
            lengths = []
            ok = True
            for row in side:
                k = int(row.sum())
                if not row[:k].all():
                    ok = False
                    break
                lengths.append(k)
            if ok and (lengths == list(range(1, len(lengths) + 1)) or lengths == list(range(len(lengths), 0, -1))):
                return True
    return False


def partition_holds(identity: str, params: dict[str, int], labels: np.ndarray) -> bool:
    return all(ok for _, ok, _ in check_partition(identity, params, labels))
