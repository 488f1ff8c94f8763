"""Spatial construction microworlds: cube nets and folding, paper folding and punching, plane sections of a
cube, and polyomino tilings; each with the exact computation its certificate rests on.

Cube conventions: world axes x right, y back (away from the viewer), z up; a cube face is named by its
outward normal (:data:`FACES`). A *colouring* maps face name -> colour index.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

# ------------------------------------------------------------------------------------------ cube

FACES = {"top": (0, 0, 1), "bottom": (0, 0, -1), "front": (0, -1, 0), "back": (0, 1, 0),
         "right": (1, 0, 0), "left": (-1, 0, 0)}
FACE_OF = {v: k for k, v in FACES.items()}
OPPOSITE = {"top": "bottom", "bottom": "top", "front": "back", "back": "front", "right": "left", "left": "right"}


@lru_cache(maxsize=1)
def cube_rotations() -> tuple[np.ndarray, ...]:
    """The 24 proper rotations of the cube as 3 x 3 integer matrices (signed permutations, det +1)."""
    out = []
    for perm in itertools.permutations(range(3)):
        for signs in itertools.product((1, -1), repeat=3):
            m = np.zeros((3, 3), np.int64)
            for i, (p, s) in enumerate(zip(perm, signs)):
                m[i, p] = s
            if round(np.linalg.det(m)) == 1:
                out.append(m)
    return tuple(out)


def rotate_colouring(colouring: dict[str, int], rotation: np.ndarray) -> dict[str, int]:
    """The colouring after turning the cube by ``rotation``: the face now at normal ``R n`` carries the
    colour that was at ``n``."""
    return {FACE_OF[tuple(int(v) for v in rotation @ np.array(n))]: colouring[name] for name, n in FACES.items()}


@lru_cache(maxsize=1)
def hexominoes() -> tuple[tuple[tuple[int, int], ...], ...]:
    """All 35 free hexominoes, each in its canonical form (cells (row, col))."""
    shapes = {((0, 0),)}
    for _ in range(5):
        grown = set()
        for s in shapes:
            cells = set(s)
            for r, c in s:
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    q = (r + dr, c + dc)
                    if q not in cells:
                        grown.add(canonical(cells | {q}, reflections=True))
        shapes = grown
    return tuple(sorted(shapes))


def fold_net(cells: Iterable[tuple[int, int]]) -> dict[tuple[int, int], str] | None:
    """Fold a net (unit squares (row, col) on the page, the cube on the far side of the page) and return
    the cube face each square lands on, or None when two squares land on the same face (not a net).

    The first square lies on the cube's bottom face with the page's columns along +x and rows along +y;
    each neighbour is folded 90 degrees about the shared edge, toward the cube."""
    cells = sorted(set(cells))
    start = cells[0]
    # per square: origin, axis along columns (eu), along rows (ev), inward normal (into the cube)
    frames = {start: (np.zeros(3, np.int64), np.array([1, 0, 0]), np.array([0, 1, 0]), np.array([0, 0, 1]))}
    queue = [start]
    while queue:
        sq = queue.pop(0)
        o, eu, ev, inward = frames[sq]
        r, c = sq
        moves = {(r, c + 1): (o + eu, inward, ev, -eu), (r, c - 1): (o + inward, -inward, ev, eu),
                 (r + 1, c): (o + ev, eu, inward, -ev), (r - 1, c): (o + inward, eu, -inward, ev)}
        for nb, frame in moves.items():
            if nb in cells and nb not in frames:
                frames[nb] = frame
                queue.append(nb)
    if len(frames) != len(cells):
        return None
    out = {}
    for sq, (o, eu, ev, inward) in frames.items():
        out[sq] = FACE_OF[tuple(int(v) for v in -inward)]
    return out if len(set(out.values())) == 6 == len(out) else None


@lru_cache(maxsize=1)
def cube_nets() -> tuple[tuple[tuple[int, int], ...], ...]:
    """The 11 nets of the cube: the hexominoes that fold onto six different faces."""
    return tuple(h for h in hexominoes() if fold_net(h) is not None)


def net_colourings(net: Sequence[tuple[int, int]], cube: dict[str, int],
                   anchors: dict[tuple[int, int], int]) -> list[dict[tuple[int, int], int]]:
    """Every colouring of the net's squares that folds into ``cube`` in some orientation (all 24
    rotations are tried) and agrees with the ``anchors`` (square -> colour); distinct colourings only."""
    faces = fold_net(net)
    if faces is None:
        return []
    seen, out = set(), []
    for rot in cube_rotations():
        turned = rotate_colouring(cube, rot)
        colouring = {sq: turned[faces[sq]] for sq in net}
        if all(colouring[sq] == col for sq, col in anchors.items()):
            key = tuple(sorted(colouring.items()))
            if key not in seen:
                seen.add(key)
                out.append(colouring)
    return out


def fits_cube(net: Sequence[tuple[int, int]], colouring: dict[tuple[int, int], int], cube: dict[str, int]) -> bool:
    """True when the coloured net folds into the cube (in some orientation)."""
    faces = fold_net(net)
    if faces is None or set(colouring) != set(net):
        return False
    folded = {faces[sq]: col for sq, col in colouring.items()}
    return any(rotate_colouring(cube, rot) == folded for rot in cube_rotations())


# ------------------------------------------------------------------------------------------ paper folding

# A fold is (kind, keep): "v" folds about the vertical midline, "h" the horizontal one, "d" the main
# diagonal (top-left to bottom-right) of the current square region; ``keep`` names the half that stays
# ("left"/"right", "top"/"bottom", "upper"/"lower" = the half above / below the diagonal) and the other half
# is laid over it. Lattice points are (row, col) on an n x n lattice of the full sheet, in sheet units
# where the sheet is [0, n] x [0, n] and point (r, c) sits at (c + 0.5, r + 0.5).


def folded_region(n: int, folds: Sequence[tuple[str, str]]) -> list[tuple[Fraction, Fraction, Fraction, Fraction, str]]:
    """The region of the sheet that stays in place after each fold: (x0, y0, x1, y1, triangle) where
    triangle is '' (the box) or 'upper'/'lower' (the half of the box above / below its main diagonal)."""
    x0, y0, x1, y1, tri = Fraction(0), Fraction(0), Fraction(n), Fraction(n), ""
    out = []
    for kind, keep in folds:
        if kind == "v":
            mid = (x0 + x1) / 2
            x0, x1 = (x0, mid) if keep == "left" else (mid, x1)
        elif kind == "h":
            mid = (y0 + y1) / 2
            y0, y1 = (y0, mid) if keep == "top" else (mid, y1)
        else:
            tri = keep
        out.append((x0, y0, x1, y1, tri))
    return out


def _reflect(point: tuple[Fraction, Fraction], fold: tuple[str, str], box) -> tuple[Fraction, Fraction]:
    x, y = point
    x0, y0, x1, y1, _ = box
    kind = fold[0]
    if kind == "v":
        return (x0 + x1 - x, y)
    if kind == "h":
        return (x, y0 + y1 - y)
    # the main diagonal of the (square) box: (x - x0) = (y - y0)
    return (x0 + (y - y0), y0 + (x - x0))


def _inside(point, box) -> bool:
    x, y = point
    x0, y0, x1, y1, tri = box
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return False
    if tri == "upper":
        return (y - y0) <= (x - x0)
    if tri == "lower":
        return (y - y0) >= (x - x0)
    return True


def fold_point(n: int, folds: Sequence[tuple[str, str]], point: tuple[int, int]) -> tuple[int, int]:
    """Where lattice point (row, col) of the open sheet lies after all folds (a lattice point of the final
    folded region): each fold moves points of the folded-over half to their mirror image."""
    p = (Fraction(point[1]) + Fraction(1, 2), Fraction(point[0]) + Fraction(1, 2))
    boxes = folded_region(n, folds)
    before = (Fraction(0), Fraction(0), Fraction(n), Fraction(n), "")
    for fold, after in zip(folds, boxes):
        if not _inside(p, after):
            p = _reflect(p, fold, before)
        before = after
    return (int(p[1] - Fraction(1, 2)), int(p[0] - Fraction(1, 2)))


def unfold_holes(n: int, folds: Sequence[tuple[str, str]], punches: Iterable[tuple[int, int]]) -> set[tuple[int, int]]:
    """The holes of the opened sheet: each punch through the folded paper, reflected back through the folds
    in reverse order (every layer under the punch gets a hole)."""
    boxes = [(Fraction(0), Fraction(0), Fraction(n), Fraction(n), "")] + folded_region(n, folds)
    points = {(Fraction(c) + Fraction(1, 2), Fraction(r) + Fraction(1, 2)) for r, c in punches}
    for k in range(len(folds) - 1, -1, -1):
        points |= {_reflect(p, folds[k], boxes[k]) for p in points}
    return {(int(y - Fraction(1, 2)), int(x - Fraction(1, 2))) for x, y in points}


def holes_by_folding(n: int, folds: Sequence[tuple[str, str]], punches: Iterable[tuple[int, int]]) -> set[tuple[int, int]]:
    """The same holes found the other way: every lattice point of the open sheet whose folded position is
    punched (independent of :func:`unfold_holes`)."""
    punched = set(punches)
    return {(r, c) for r in range(n) for c in range(n) if fold_point(n, folds, (r, c)) in punched}


def final_points(n: int, folds: Sequence[tuple[str, str]]) -> list[tuple[int, int]]:
    """Lattice points inside the final folded region (where a punch may go)."""
    box = folded_region(n, folds)[-1] if folds else (0, 0, n, n, "")
    return [(r, c) for r in range(n) for c in range(n)
            if _inside((Fraction(c) + Fraction(1, 2), Fraction(r) + Fraction(1, 2)), box)]


# ------------------------------------------------------------------------------------------ sections

CUBE_VERTICES = [(x, y, z) for z in (0, 1) for y in (0, 1) for x in (0, 1)]
CUBE_EDGES = [(a, b) for a, b in itertools.combinations(range(8), 2)
              if sum(abs(p - q) for p, q in zip(CUBE_VERTICES[a], CUBE_VERTICES[b])) == 1]


def edge_point(edge: int, t: Fraction) -> tuple[Fraction, Fraction, Fraction]:
    a, b = CUBE_EDGES[edge]
    pa, pb = CUBE_VERTICES[a], CUBE_VERTICES[b]
    return tuple(Fraction(p) + t * (Fraction(q) - Fraction(p)) for p, q in zip(pa, pb))  # type: ignore[return-value]


def plane_through(p, q, r) -> tuple[tuple[Fraction, Fraction, Fraction], Fraction] | None:
    """The plane ``n . x = d`` through three points (exact), or None when they are collinear."""
    u = [q[i] - p[i] for i in range(3)]
    v = [r[i] - p[i] for i in range(3)]
    nrm = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
    if all(c == 0 for c in nrm):
        return None
    return nrm, sum(nrm[i] * p[i] for i in range(3))


def section_polygon(p, q, r) -> list[tuple[Fraction, Fraction, Fraction]] | None:
    """The exact plane cut of the unit cube through P, Q, R: the polygon's vertices in boundary order
    (the plane met with the 12 edges), or None when the plane contains a cube edge or the points are
    collinear."""
    # the plane in integers: the points scaled by their common denominator (fa / (fa - fb) below, the
    # zero tests and the signs do not depend on the scale; the Fraction arithmetic was most of the cost)
    scale = math.lcm(*(Fraction(v).denominator for v in (*p, *q, *r)))
    ip, iq, ir = ([int(Fraction(v) * scale) for v in pt] for pt in (p, q, r))
    u = [iq[i] - ip[i] for i in range(3)]
    v = [ir[i] - ip[i] for i in range(3)]
    inrm = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
    if all(c == 0 for c in inrm):
        return None
    d = sum(inrm[i] * ip[i] for i in range(3))
    pts: list[tuple[Fraction, Fraction, Fraction]] = []
    for (pa, pb), (fa, fb) in zip(_EDGE_ENDS, _edge_values(inrm, scale, d)):
        if fa == 0 and fb == 0:
            return None
        if (fa <= 0 <= fb) or (fb <= 0 <= fa):
            # pa + t (pb - pa): an edge runs from 0 to 1 along one axis, so that coordinate is t and the
            # others are pa's (the same Fractions as the vector expression)
            t = Fraction(fa, fa - fb)
            x = tuple(t if a != b else _FRACTION_OF[a] for a, b in zip(pa, pb))
            if x not in pts:
                pts.append(x)  # type: ignore[arg-type]
    if len(pts) < 3:
        return None
    # order around the centroid inside the plane: two in-plane axes from the normal (the normal's floats
    # are float(Fraction(c, scale ** 2)), an int quotient, correctly rounded either way; the axes are
    # np.cross's products and differences in its order)
    cx = [sum(p_[i] for p_ in pts) / len(pts) for i in range(3)]
    nf = np.array([c / (scale * scale) for c in inrm])
    n0, n1, n2 = nf.tolist()
    e0, e1, e2 = (1.0, 0.0, 0.0) if abs(nf[0]) < 0.9 * np.linalg.norm(nf) else (0.0, 1.0, 0.0)
    b0, b1, b2 = n1 * e2 - n2 * e1, n2 * e0 - n0 * e2, n0 * e1 - n1 * e0  # np.cross(nf, e)
    a1 = np.array([b0, b1, b2])
    a2 = np.array([n1 * b2 - n2 * b1, n2 * b0 - n0 * b2, n0 * b1 - n1 * b0])  # np.cross(nf, a1)
    ang = []
    for p_ in pts:
        rel = [float(p_[i] - cx[i]) for i in range(3)]
        ang.append(float(np.arctan2(np.dot(rel, a2), np.dot(rel, a1))))
    return [p_ for _, p_ in sorted(zip(ang, pts), key=lambda t: t[0])]


_EDGE_ENDS = [(CUBE_VERTICES[a], CUBE_VERTICES[b]) for a, b in CUBE_EDGES]
_FRACTION_OF = {0: Fraction(0), 1: Fraction(1)}


def _edge_values(inrm: tuple[int, int, int], scale: int, d: int) -> list[tuple[int, int]]:
    """Per cube edge, the plane's value (n . x * scale - d) at its two ends (integers)."""
    at = [(inrm[0] * x + inrm[1] * y + inrm[2] * z) * scale - d for x, y, z in CUBE_VERTICES]
    return [(at[a], at[b]) for a, b in CUBE_EDGES]


def on_cube_surface(point) -> bool:
    """True when the point lies on the unit cube's surface (exact)."""
    inside = all(0 <= v <= 1 for v in point)
    return inside and any(v in (0, 1) for v in point)


def common_face(a, b) -> bool:
    """True when two surface points lie on one common face of the cube (their segment is on the surface)."""
    return any(a[i] == b[i] and a[i] in (0, 1) for i in range(3))


# ------------------------------------------------------------------------------------------ polyominoes


def normalise(cells: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    cells = list(cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def orientations(cells: Iterable[tuple[int, int]], reflections: bool = False) -> list[tuple[tuple[int, int], ...]]:
    """The distinct normalised orientations of a polyomino (rotations, and mirror images if asked)."""
    base = list(cells)
    out = []
    for mirror in ((False, True) if reflections else (False,)):
        shape = [(r, -c) for r, c in base] if mirror else base
        for _ in range(4):
            shape = [(c, -r) for r, c in shape]
            norm = normalise(shape)
            if norm not in out:
                out.append(norm)
    return out


def canonical(cells: Iterable[tuple[int, int]], reflections: bool = False) -> tuple[tuple[int, int], ...]:
    """One representative of the polyomino's class under rotations (and reflections if asked)."""
    return min(orientations(cells, reflections))


def connected(cells: Iterable[tuple[int, int]]) -> bool:
    cells = set(cells)
    if not cells:
        return False
    start = next(iter(cells))
    seen, stack = {start}, [start]
    while stack:
        r, c = stack.pop()
        for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if q in cells and q not in seen:
                seen.add(q)
                stack.append(q)
    return len(seen) == len(cells)


def placements(piece: Sequence[tuple[int, int]], target: set[tuple[int, int]]) -> list[frozenset]:
    """Every placement (rotations and translations, no reflections) of a piece inside the target."""
    out = []
    for shape in orientations(piece):
        for r0, c0 in target:
            cells = frozenset((r0 + r, c0 + c) for r, c in shape)
            if cells <= target and cells not in out:
                out.append(cells)
    return out


def count_tilings(target: Iterable[tuple[int, int]], pieces: Sequence[Sequence[tuple[int, int]]],
                  limit: int = 2) -> int:
    """Number of exact covers of ``target`` using each piece exactly once (rotations allowed, no
    reflections), counted up to ``limit`` by Knuth's Algorithm X (always branching on the column with
    the fewest rows). Pure Python: a 20-cell, 6-piece cover takes well under a millisecond, where
    importing OR-Tools alone takes half a second; :func:`count_tilings_cpsat` is the independent check."""
    target = set(map(tuple, target))
    rows: list[tuple] = []
    for k, piece in enumerate(pieces):
        options = placements(piece, target)
        if not options:
            return 0
        rows += [(("piece", k), *sorted(cells)) for cells in options]
    columns: dict = {("piece", k): set() for k in range(len(pieces))}
    columns.update({cell: set() for cell in target})
    for i, row in enumerate(rows):
        for col in row:
            columns[col].add(i)
    count = 0

    def search() -> None:
        nonlocal count
        if not columns:
            count += 1
            return
        col = min(columns, key=lambda c: len(columns[c]))
        for i in sorted(columns[col]):
            removed = []
            for c in rows[i]:  # cover every column of row i, and every row clashing with it
                for j in columns[c]:
                    for other in rows[j]:
                        if other != c:
                            columns[other].discard(j)
                removed.append((c, columns.pop(c)))
            search()
            for c, col_rows in reversed(removed):
                columns[c] = col_rows
                for j in col_rows:
                    for other in rows[j]:
                        if other != c:
                            columns[other].add(j)
            if count >= limit:
                return

    search()
    return min(count, limit)


def count_tilings_cpsat(target: Iterable[tuple[int, int]], pieces: Sequence[Sequence[tuple[int, int]]],
                        limit: int = 2) -> int:
    """Number of exact covers of ``target`` using each piece exactly once (rotations allowed, no
    reflections), counted by CP-SAT up to ``limit``."""
    from ortools.sat.python import cp_model

    from genpuzzle.solvers.cpsat import count_model_solutions

    target = set(map(tuple, target))
    model = cp_model.CpModel()
    covers: dict[tuple[int, int], list] = {cell: [] for cell in target}
    for k, piece in enumerate(pieces):
        options = placements(piece, target)
        if not options:
            return 0
        chosen = [model.NewBoolVar(f"p{k}_{j}") for j in range(len(options))]
        model.AddExactlyOne(chosen)
        for var, cells in zip(chosen, options):
            for cell in cells:
                covers[cell].append(var)
    for cell, vars_ in covers.items():
        if not vars_:
            return 0
        model.AddExactlyOne(vars_)
    return count_model_solutions(model, limit)


def is_tiling(target: Iterable[tuple[int, int]], pieces: Sequence[Sequence[tuple[int, int]]],
              regions: Sequence[Iterable[tuple[int, int]]]) -> bool:
    """True when ``regions`` are an exact cover of the target, each region congruent (by rotation) to a
    different piece."""
    target = set(map(tuple, target))
    regions = [set(map(tuple, reg)) for reg in regions]
    union: set = set()
    for reg in regions:
        if union & reg:
            return False
        union |= reg
    if union != target or len(regions) != len(pieces):
        return False
    wanted = sorted(canonical(p) for p in pieces)
    return sorted(canonical(reg) for reg in regions) == wanted


def as_cells(value: Any) -> list[tuple[int, int]]:
    return [tuple(int(v) for v in cell) for cell in value]  # type: ignore[misc]
