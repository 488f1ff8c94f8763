"""Cube structures on an n x n floor: views, the isometric face map and its ambiguity, uniqueness proofs.

Conventions (stored with every instance, see :data:`CONVENTIONS`). A structure is a *heightmap*
``H[r][c]``: the number of unit cubes stacked on floor cell (r, c), with no cube floating. The heightmap
is laid out like the top view: column ``c`` is x, left to right as seen from the front; row ``r = 0`` is
the back row and row ``n - 1`` the front row (world depth ``y = n - 1 - r``, growing away from the
viewer in front). Heights run 0..n and every view is an n x n 0/1 grid, printed top row first:

* front view: looking from the front (along +y); column = x left to right, row i = level n - 1 - i
  (bottom row = ground level). ``front[i][c] = 1`` iff ``max_r H[r][c] >= n - i``.
* top view: looking down; the heightmap's own layout, front edge at the bottom. ``top = H > 0``.
* right view: looking from the right side (along -x); column j = y, the front on the left and the back
  on the right; ``right[i][j] = 1`` iff ``max_c H[n - 1 - j][c] >= n - i``.

The isometric drawing looks from the front-right-top (view direction (-1, +1, -1)): the x axis runs
right-down on screen, the y axis right-up, z up. Cube vertices land on a triangular screen lattice at
``(a, b) = (X - Z, Y + Z)``; a cube at (x, y, z) and one at (x + 1, y - 1, z + 1) coincide on screen, so
a drawing can hide cubes. :func:`face_map` lists the visible face on every screen triangle, and
:func:`drawing_bounds` turns it into per-cell height bounds: the structures that draw the same picture
are exactly the heightmaps inside that box (each visible face pins "cube present", each face in front
of it "cube absent"), so the drawing fixes the three views iff the views of both box corners agree
(views only grow with heights).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

CONVENTIONS = {
    "heightmap": "H[r][c] = cubes stacked on floor cell (r, c); row 0 is the back row, row n-1 the front "
                 "row, column c runs left to right as seen from the front (the top view's layout)",
    "voxels": "voxels[z][r][c] = 1 when a cube occupies level z (0 = ground) above floor cell (r, c)",
    "front_view": "seen from the front (along +y): column = x left to right, top row = highest level "
                  "n-1, bottom row = ground level; a cell is 1 when some cube in that column and level exists",
    "top_view": "seen from above: the heightmap's layout, front edge at the bottom; 1 where a stack exists",
    "right_view": "seen from the right (along -x): column j = depth, the front on the left and the back on "
                  "the right; top row = highest level",
    "isometric": "drawn from the front-right-top: x axis right-down, depth axis right-up, z up",
}

VIEWS = ("front", "top", "right")
TOP, FRONT, RIGHT, FLOOR = 0, 1, 2, 3  # face kinds of the isometric face map


# ------------------------------------------------------------------------------------------ views


def as_heightmap(heightmap: Any) -> np.ndarray:
    return np.asarray(heightmap, dtype=np.int64)


def views_of(heightmap: Any) -> dict[str, np.ndarray]:
    """The three 0/1 view grids of a heightmap (see the module conventions)."""
    h = as_heightmap(heightmap)
    n = h.shape[0]
    levels = np.arange(n - 1, -1, -1)[:, None]  # row i shows level n-1-i
    front = (h.max(axis=0)[None, :] > levels).astype(np.int64)
    right = (h.max(axis=1)[::-1][None, :] > levels).astype(np.int64)
    return {"front": front, "top": (h > 0).astype(np.int64), "right": right}


def voxels_of(heightmap: Any) -> np.ndarray:
    """Occupancy ``voxels[z][r][c]`` (n levels)."""
    h = as_heightmap(heightmap)
    return (h[None, :, :] > np.arange(h.shape[0])[:, None, None]).astype(np.int64)


def heightmap_of_voxels(voxels: Any) -> np.ndarray:
    return np.asarray(voxels, dtype=np.int64).sum(axis=0)


def voxels_grounded(voxels: Any) -> bool:
    """True when no cube floats: every column is filled from the ground up without gaps."""
    v = np.asarray(voxels, dtype=np.int64)
    return bool((v[1:] <= v[:-1]).all())


def views_from_voxels(voxels: Any) -> dict[str, np.ndarray]:
    """The three views projected straight from occupancy (``any`` along each viewing axis)."""
    v = np.asarray(voxels, dtype=bool)
    n = v.shape[0]
    front = v.any(axis=1)[::-1, :]           # (z, c) -> rows top level first
    top = v.any(axis=0)                      # (r, c)
    right = v.any(axis=2)[::-1, ::-1]        # (z, r) -> rows top first, columns front (r = n-1) first
    assert front.shape == top.shape == right.shape == (n, n)
    return {"front": front.astype(np.int64), "top": top.astype(np.int64), "right": right.astype(np.int64)}


def column_heights(view: Any) -> tuple[np.ndarray, bool]:
    """Per column, the number of filled cells of a front/right view, and whether every column is a
    grounded run (filled from the bottom row up, no gaps) as a real projection must be."""
    v = np.asarray(view, dtype=np.int64)
    heights = v.sum(axis=0)
    n = v.shape[0]
    grounded = all(list(v[::-1, c]) == [1] * heights[c] + [0] * (n - heights[c]) for c in range(v.shape[1]))
    return heights, grounded


def max_cubes_heightmap(front: Any, top: Any, right: Any) -> np.ndarray:
    """The structure with the most cubes that fits the views: on the top view's support each stack is as
    tall as both silhouettes allow. Any structure with these views lies below it, so the views are
    consistent iff its own views equal them."""
    fh, _ = column_heights(front)
    rh, _ = column_heights(right)
    t = np.asarray(top, dtype=np.int64)
    n = t.shape[0]
    return np.where(t > 0, np.minimum(fh[None, :], rh[::-1][:, None]), 0).reshape(n, n)


# ------------------------------------------------------------------------------------------ CP-SAT


def _view_model(n: int, given: dict[str, Any], lo: Any = None, hi: Any = None):
    """A CP-SAT model of heightmaps whose views equal the ``given`` ones (any subset of the three),
    within optional per-cell bounds; returns (model, height vars, per-view column-max vars) or None when a
    given front/right view is not grounded (no structure has it)."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    lo = np.zeros((n, n), np.int64) if lo is None else np.asarray(lo)
    hi = np.full((n, n), n, np.int64) if hi is None else np.asarray(hi)
    h = [[model.NewIntVar(int(lo[r, c]), int(hi[r, c]), f"h{r}_{c}") for c in range(n)] for r in range(n)]
    fmax = [model.NewIntVar(0, n, f"f{c}") for c in range(n)]
    rmax = [model.NewIntVar(0, n, f"s{j}") for j in range(n)]
    for c in range(n):
        model.AddMaxEquality(fmax[c], [h[r][c] for r in range(n)])
    for j in range(n):
        model.AddMaxEquality(rmax[j], h[n - 1 - j])
    tops = [[model.NewBoolVar(f"t{r}_{c}") for c in range(n)] for r in range(n)]
    for r in range(n):
        for c in range(n):
            model.Add(h[r][c] >= 1).OnlyEnforceIf(tops[r][c])
            model.Add(h[r][c] == 0).OnlyEnforceIf(tops[r][c].Not())
    for name, grid in given.items():
        g = np.asarray(grid, dtype=np.int64)
        if name == "top":
            for r in range(n):
                for c in range(n):
                    model.Add(tops[r][c] == int(g[r, c]))
            continue
        heights, grounded = column_heights(g)
        if not grounded:
            return None
        target = fmax if name == "front" else rmax
        for k in range(n):
            model.Add(target[k] == int(heights[k]))
    return model, h, {"front": fmax, "right": rmax, "top": tops}


def _solve(model) -> tuple[bool, Any]:
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.Solve(model)
    return status in (cp_model.OPTIMAL, cp_model.FEASIBLE), solver


def consistent_cpsat(views: dict[str, Any], n: int) -> bool:
    """True when some stacked structure (heights 0..n) has exactly the given views (CP-SAT)."""
    built = _view_model(n, views)
    return built is not None and _solve(built[0])[0]


def third_view_unique_cpsat(given: dict[str, Any], missing: str, truth: Any, lo: Any = None,
                            hi: Any = None) -> bool:
    """True when every structure matching the two ``given`` views (and the bounds) has the ``truth``
    third view: the model "matches the givens but shows another ``missing`` view" is infeasible."""
    n = np.asarray(truth).shape[0]
    built = _view_model(n, given, lo, hi)
    if built is None:
        return False
    model, h, maxes = built
    t = np.asarray(truth, dtype=np.int64)
    differs = []
    if missing == "top":
        for r in range(n):
            for c in range(n):
                differs.append(maxes["top"][r][c].Not() if t[r, c] else maxes["top"][r][c])
    else:
        heights, _ = column_heights(t)
        for k in range(n):
            b = model.NewBoolVar(f"d{k}")
            model.Add(maxes[missing][k] != int(heights[k])).OnlyEnforceIf(b)
            differs.append(b)
    model.AddBoolOr(differs)
    return not _solve(model)[0]


def count_heightmaps_cpsat(views: dict[str, Any], n: int, limit: int) -> int:
    """Number of heightmaps with exactly these views, counted by CP-SAT up to ``limit``."""
    from genpuzzle.solvers.cpsat import count_model_solutions

    built = _view_model(n, views)
    return 0 if built is None else count_model_solutions(built[0], limit)


# ------------------------------------------------------------------------------------------ counting


def count_view_heightmaps(given: dict[str, Any], n: int, lo: Any = None, hi: Any = None) -> int:
    """Exact number of heightmaps (heights 0..n, within optional per-cell bounds ``lo <= H <= hi``) whose
    views equal the ``given`` ones (any subset of the three); 0 when a given front/right view is not
    grounded. Closed form, no search: "column c's tallest stack is exactly f_c" is "all <= f_c" minus
    "all <= f_c - 1", so by inclusion-exclusion over the set T of columns held below f_c, and row by row
    (rows are independent once T is fixed) for the right view, the count is
    ``sum_T (-1)^|T| prod_r (A_r(T) - B_r(T))``, each term a product of per-cell interval lengths."""
    lo = np.zeros((n, n), np.int64) if lo is None else np.asarray(lo, np.int64)
    hi = np.full((n, n), n, np.int64) if hi is None else np.asarray(hi, np.int64)
    lo_, hi_ = lo.tolist(), hi.tolist()
    if "top" in given:
        top = np.asarray(given["top"], np.int64).tolist()
        lo_ = [[max(lo_[r][c], 1) if top[r][c] else lo_[r][c] for c in range(n)] for r in range(n)]
        hi_ = [[hi_[r][c] if top[r][c] else min(hi_[r][c], 0) for c in range(n)] for r in range(n)]
    front = right = None
    for name in ("front", "right"):
        if name in given:
            heights, grounded = column_heights(given[name])
            if not grounded:
                return 0
            if name == "front":
                front = [int(v) for v in heights]
            else:
                right = [int(v) for v in heights[::-1]]  # right view column j is floor row n - 1 - j
    # column c's cap is front[c] when c is not in T, front[c] - 1 when it is (n without a front view)
    column_caps = [(n,) if front is None else (f, f - 1) for f in (front or [n] * n)]
    terms = []  # per row, its factor for every T (bit c of the index: column c in T)
    for r in range(n):
        a_row, b_row = [1], [1]
        for c in range(n):  # the products over the columns so far, for every subset of them
            a_cell, b_cell = [], []
            for cap in column_caps[c]:
                cap = min(hi_[r][c], cap)
                if right is not None:
                    cap = min(cap, right[r])
                    b_cell.append(max(0, min(cap, right[r] - 1) - lo_[r][c] + 1))  # row r held below its height too
                a_cell.append(max(0, cap - lo_[r][c] + 1))
            a_row = [x * f for f in a_cell for x in a_row]
            if right is not None:
                b_row = [x * f for f in b_cell for x in b_row]
        terms.append([a - b for a, b in zip(a_row, b_row)] if right is not None else a_row)
    total = 0
    for held in range(len(terms[0])):
        product = 1
        for row in terms:
            product *= row[held]
            if product == 0:
                break
        total += -product if bin(held).count("1") % 2 else product
    return total


def count_heightmaps(views: dict[str, Any], n: int, limit: int) -> int:
    """Number of heightmaps with exactly these views, up to ``limit`` (:func:`count_view_heightmaps`;
    :func:`count_heightmaps_cpsat` enumerates the same set)."""
    return min(count_view_heightmaps(views, n), limit)


def third_view_unique(given: dict[str, Any], missing: str, truth: Any, lo: Any = None, hi: Any = None) -> bool:
    """True when every structure matching the two ``given`` views (and the bounds) has the ``truth``
    third view: as many structures match the givens as match the givens and the truth's third view.
    Exact counting; :func:`third_view_unique_cpsat` decides the same by infeasibility."""
    n = np.asarray(truth).shape[0]
    if any(not column_heights(given[k])[1] for k in given if k != "top"):
        return False
    with_truth = {**given, missing: np.asarray(truth, np.int64)}
    return count_view_heightmaps(given, n, lo, hi) == count_view_heightmaps(with_truth, n, lo, hi)


# ------------------------------------------------------------------------------------------ enumeration


@lru_cache(maxsize=4)
def all_heightmaps(n: int) -> np.ndarray:
    """Every heightmap of an n x n floor with heights 0..n, shape ((n+1)^(n*n), n, n) (n <= 3 only)."""
    if n > 3:
        raise ValueError("brute-force enumeration is for n <= 3")
    grids = np.indices((n + 1,) * (n * n), dtype=np.int8).reshape(n * n, -1).T
    return grids.reshape(-1, n, n)


def batch_views(heightmaps: np.ndarray) -> np.ndarray:
    """Views of a batch of heightmaps as one code per map: (front heights, right heights, top bits)."""
    n = heightmaps.shape[1]
    fh = heightmaps.max(axis=1)
    rh = heightmaps.max(axis=2)[:, ::-1]
    top = (heightmaps > 0).reshape(len(heightmaps), -1)
    return np.concatenate([fh, rh, top], axis=1).astype(np.int8).reshape(len(heightmaps), 2 * n + n * n)


# ------------------------------------------------------------------------------------------ isometric


@dataclass(frozen=True)
class Candidate:
    """A face that can show on one screen triangle: its kind, cube (r, c, z) (z = -1 for the floor)
    and its depth toward the viewer at the triangle's centre."""

    kind: int
    r: int
    c: int
    z: int
    depth: float


@lru_cache(maxsize=8)
def screen_candidates(n: int) -> tuple[tuple[tuple[int, int, int], ...], tuple[tuple[Candidate, ...], ...]]:
    """Every screen triangle ``(a, b, s)`` an n x n structure (heights <= n) can cover, and per triangle
    its candidate faces, nearest first."""
    table: dict[tuple[int, int, int], list[Candidate]] = {}

    def add(tri: tuple[int, int, int], kind: int, r: int, c: int, z: int) -> None:
        a, b, s = tri
        ac, bc = (a + 1 / 3, b + 1 / 3) if s == 0 else (a + 2 / 3, b + 2 / 3)
        x, y = c, n - 1 - r
        if kind in (TOP, FLOOR):
            zz = z + 1
            X, Y, Z = ac + zz, bc - zz, zz
        elif kind == FRONT:
            Y = y
            Z = bc - y
            X, Y, Z = ac + Z, Y, Z
        else:
            X = x + 1
            Z = X - ac
            X, Y, Z = X, bc - Z, Z
        table.setdefault(tri, []).append(Candidate(kind, r, c, z, X - Y + Z))

    for r in range(n):
        for c in range(n):
            x, y = c, n - 1 - r
            add((x, y, 0), FLOOR, r, c, -1)
            add((x, y, 1), FLOOR, r, c, -1)
            for z in range(n):
                a, b = x - z - 1, y + z + 1
                add((a, b, 0), TOP, r, c, z)
                add((a, b, 1), TOP, r, c, z)
                a, b = x - z, y + z
                add((a, b, 0), FRONT, r, c, z)
                add((a - 1, b, 1), FRONT, r, c, z)
                a = x + 1 - z
                add((a - 1, b, 1), RIGHT, r, c, z)
                add((a - 1, b + 1, 0), RIGHT, r, c, z)
    tris = tuple(sorted(table))
    return tris, tuple(tuple(sorted(table[t], key=lambda k: -k.depth)) for t in tris)


def face_map(heightmap: Any) -> dict[tuple[int, int, int], Candidate]:
    """The visible face on every covered screen triangle of the drawing of ``heightmap``."""
    h = as_heightmap(heightmap)
    tris, cands = screen_candidates(h.shape[0])
    out = {}
    for tri, options in zip(tris, cands):
        for k in options:
            if k.kind == FLOOR or h[k.r, k.c] > k.z:
                out[tri] = k
                break
    return out


def visible_tops(heightmap: Any) -> dict[tuple[int, int], list[tuple[int, int, int]]]:
    """Floor cell -> the screen triangles where the top face of its stack shows (stacks of height >= 1)."""
    out: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
    h = as_heightmap(heightmap)
    for tri, k in face_map(h).items():
        if k.kind == TOP and k.z == h[k.r, k.c] - 1:
            out.setdefault((k.r, k.c), []).append(tri)
    return out


def drawing_bounds(heightmap: Any, printed: set[tuple[int, int]] | frozenset = frozenset()
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Per-cell bounds ``(lo, hi)`` on the heights of every structure drawn exactly like ``heightmap``
    (the same visible face on every triangle); ``printed`` cells have their height written on the
    drawing and are pinned. The set of such structures is exactly the box ``lo <= H <= hi``."""
    h = as_heightmap(heightmap)
    lo, hi = _drawing_bounds(h.tobytes(), h.shape[0], tuple(sorted(printed)))
    return lo.copy(), hi.copy()


@lru_cache(maxsize=64)
def _drawing_bounds(h_bytes: bytes, n: int, printed: tuple[tuple[int, int], ...]) -> tuple[np.ndarray, np.ndarray]:
    """:func:`drawing_bounds` of one heightmap, once per process (generation asks for it up to three times)."""
    h = np.frombuffer(h_bytes, np.int64).reshape(n, n).tolist()
    lo, hi = [[0] * n for _ in range(n)], [[n] * n for _ in range(n)]
    tris, cands = screen_candidates(n)
    for options in cands:
        for k in options:
            if k.kind == FLOOR:
                break
            if h[k.r][k.c] > k.z:
                lo[k.r][k.c] = max(lo[k.r][k.c], k.z + 1)
                break
            hi[k.r][k.c] = min(hi[k.r][k.c], k.z)
    for r, c in printed:
        lo[r][c] = hi[r][c] = h[r][c]
    return np.array(lo, np.int64), np.array(hi, np.int64)


def drawing_fixes_views(heightmap: Any, printed: set[tuple[int, int]] | frozenset = frozenset()) -> bool:
    """True when every structure with the same drawing (and printed heights) has the same three views."""
    lo, hi = drawing_bounds(heightmap, printed)
    a, b = views_of(lo), views_of(hi)
    return all(np.array_equal(a[v], b[v]) for v in VIEWS)


def batch_face_keys(heightmaps: np.ndarray) -> np.ndarray:
    """For a batch of heightmaps, the index of the visible candidate on every screen triangle (the
    drawing as a row of small integers); equal rows draw identical pictures."""
    n = heightmaps.shape[1]
    _, cands = screen_candidates(n)
    keys = np.empty((len(heightmaps), len(cands)), np.int8)
    for t, options in enumerate(cands):
        chosen = np.full(len(heightmaps), len(options), np.int8)
        for i in range(len(options) - 1, -1, -1):
            k = options[i]
            present = np.ones(len(heightmaps), bool) if k.kind == FLOOR else heightmaps[:, k.r, k.c] > k.z
            chosen[present] = i
        keys[:, t] = chosen
    return keys


# ------------------------------------------------------------------------------------------ mesh


def mesh_arrays(heightmap: Any) -> tuple[np.ndarray, np.ndarray]:
    """Vertices and triangles of the structure's boundary (unit cubes, faces between a cube and empty
    space only), world coordinates x right, y back, z up, floor at z = 0."""
    v = voxels_of(heightmap).astype(bool)  # [z, r, c]
    n = v.shape[1]
    padded = np.pad(v, 1)
    faces: list[tuple[int, int, int]] = []
    index: dict[tuple[int, int, int], int] = {}  # vertex -> its number, in order of first use

    # (neighbour offset in (z, r, c), the face's four corners as (x, y, z) offsets, counter-clockwise
    # seen from outside so normals point out)
    sides = [((1, 0, 0), [(0, 0, 1), (1, 0, 1), (1, 1, 1), (0, 1, 1)]),
             ((-1, 0, 0), [(0, 0, 0), (0, 1, 0), (1, 1, 0), (1, 0, 0)]),
             ((0, 1, 0), [(0, 0, 0), (1, 0, 0), (1, 0, 1), (0, 0, 1)]),   # r+1 = nearer the front: y-
             ((0, -1, 0), [(0, 1, 0), (0, 1, 1), (1, 1, 1), (1, 1, 0)]),
             ((0, 0, 1), [(1, 0, 0), (1, 1, 0), (1, 1, 1), (1, 0, 1)]),
             ((0, 0, -1), [(0, 0, 0), (0, 0, 1), (0, 1, 1), (0, 1, 0)])]
    filled = padded.tolist()  # plain lists: scalar look-ups in numpy cost more than the rest of the loop
    for z, r, c in zip(*(axis.tolist() for axis in np.nonzero(v))):
        x, y = c, n - 1 - r
        for (dz, dr, dc), corners in sides:
            if filled[z + dz + 1][r + dr + 1][c + dc + 1]:
                continue
            ids = [index.setdefault((x + ox, y + oy, z + oz), len(index)) for ox, oy, oz in corners]
            faces += [(ids[0], ids[1], ids[2]), (ids[0], ids[2], ids[3])]
    return np.asarray(list(index), float).reshape(-1, 3), np.asarray(faces, np.int64).reshape(-1, 3)


STL_RECORD = np.dtype([("normals", "<f4", (3,)), ("vertices", "<f4", (3, 3)), ("attributes", "<u2")])


def stl_bytes(vertices: np.ndarray, faces: np.ndarray) -> bytes:
    """Binary STL of a triangle mesh: an 80-byte zero header, the triangle count, then per triangle its unit
    normal (cross product of the edges v0->v1 and v1->v2), its three corners and a zero attribute, all
    little-endian float32. The same bytes trimesh's ``export(file_type="stl")`` writes for these faces
    (the tests compare them), without importing trimesh and scipy for one file per instance."""
    triangles = np.asarray(vertices, np.float64)[np.asarray(faces, np.int64)].reshape(-1, 3, 3)
    edges = triangles[:, 1:, :] - triangles[:, :2, :]
    crosses = np.cross(edges[:, 0], edges[:, 1])
    packed = np.zeros(len(triangles), dtype=STL_RECORD)
    packed["normals"] = crosses / np.linalg.norm(crosses, axis=1)[:, None] if len(triangles) else crosses
    packed["vertices"] = triangles
    return bytes(80) + np.uint32(len(triangles)).tobytes() + packed.tobytes()
