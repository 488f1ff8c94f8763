"""The orthographic projection track (``orthographic``): unit cubes stacked on an n x n floor (n = 3..5),
three variants of 30 each by default.

* ``solid_to_views``: an isometric drawing (front arrow; stack heights printed on visible tops for
  n >= 4 as a reading aid) and three empty view grids. Kept only when every structure drawn the same way
  has the same three views; the proof is the height box of :func:`solvers.orthographic.drawing_bounds`
  (views equal at both corners); for n = 3 ``validate`` also counts, among all 4^9 heightmaps, those with
  the same face map.
* ``views_to_solid``: the three views are given; the answer writes stack heights in a "Heights" grid.
  Every heightmap with exactly these views is accepted (the reference shows the one with the most cubes).
* ``missing_view``: two views are given (plus the drawing when the two views alone leave the third open);
  the third view must be unique, proved by exact counting (as many structures match the givens as match the
  givens and the third view; :func:`solvers.orthographic.count_view_heightmaps`), re-proved by CP-SAT in
  ``validate`` (no structure matches the givens with another third view).

Conventions: :data:`solvers.orthographic.CONVENTIONS` (stored in every instance's ground truth).
"""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from genpuzzle.errors import TrackError
from genpuzzle.records import InstanceRecord, Puzzle, Status, Verdict
from genpuzzle.renderers.orthographic import render_orthographic
from genpuzzle.solvers.orthographic import (CONVENTIONS, VIEWS, all_heightmaps, batch_face_keys, batch_views,
                                            count_heightmaps, count_heightmaps_cpsat, drawing_bounds,
                                            drawing_fixes_views, heightmap_of_voxels, max_cubes_heightmap,
                                            mesh_arrays, stl_bytes, third_view_unique, third_view_unique_cpsat,
                                            views_from_voxels, views_of, visible_tops, voxels_grounded, voxels_of)
from genpuzzle.track import Track

MAX_ATTEMPTS = 2000
SIZES = (3, 4, 5)
COUNT_LIMIT = 1000  # accepted heightmaps are counted up to this many


def random_heightmap(n: int, rng: random.Random) -> np.ndarray:
    """A structure: either a staircase falling toward the viewer (front-right; few hidden cubes) or
    uniform random stacks, with some empty cells; never empty."""
    h = [[0] * n for _ in range(n)]  # plain lists: numpy scalar work per cell cost more than the draws
    if rng.random() < 0.7:
        base, slope = rng.uniform(0.8 * n, n + 1.5), rng.uniform(0.3, 0.9)
        for r in range(n):
            for c in range(n):
                h[r][c] = min(max(round(base - slope * (r + c) + rng.uniform(-1.2, 1.2)), 0), n)
    else:
        for r in range(n):
            for c in range(n):
                h[r][c] = rng.randint(1, n)
    for r in range(n):
        for c in range(n):
            if rng.random() < 0.15:
                h[r][c] = 0
    return np.array(h, np.int64)


@lru_cache(maxsize=1)
def _enumeration3() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All 4^9 heightmaps of the 3 x 3 floor with their face-map keys and view codes (cached)."""
    maps = all_heightmaps(3)
    return maps, batch_face_keys(maps), batch_views(maps)


def enumerate_same_drawing(heightmap: np.ndarray) -> tuple[int, int]:
    """n = 3: (how many of all 4^9 heightmaps draw the same picture, how many distinct view triples they
    have) by brute force."""
    maps, keys, views = _enumeration3()
    key = batch_face_keys(np.asarray(heightmap)[None])[0]
    same = (keys == key).all(axis=1)
    return int(same.sum()), len(np.unique(views[same], axis=0))


def enumerate_same_views(views: dict[str, Any], given: list[str] | None = None) -> list[np.ndarray]:
    """n = 3: every heightmap whose views equal ``views`` on the ``given`` ones (all three by default)."""
    maps, _, _ = _enumeration3()
    mv = views_of_batch(maps)
    ok = np.ones(len(maps), bool)
    for name in given or list(VIEWS):
        ok &= (mv[name] == np.asarray(views[name])[None]).all(axis=(1, 2))
    return list(maps[ok].astype(np.int64))


def views_of_batch(maps: np.ndarray) -> dict[str, np.ndarray]:
    n = maps.shape[1]
    levels = np.arange(n - 1, -1, -1)[None, :, None]
    return {"front": (maps.max(axis=1)[:, None, :] > levels).astype(np.int64),
            "top": (maps > 0).astype(np.int64),
            "right": (maps.max(axis=2)[:, ::-1][:, None, :] > levels).astype(np.int64)}


def hidden_cells(heightmap: np.ndarray) -> int:
    """Floor cells whose height the isometric drawing does not show exactly (hidden stacks)."""
    lo, hi = drawing_bounds(heightmap)
    return int((hi > lo).sum())


def mesh_file_bytes(heightmap: Any) -> bytes:
    """The structure as a binary STL (opens in any 3D viewer); the bytes trimesh would write."""
    return stl_bytes(*mesh_arrays(heightmap))


def mesh_volume(heightmap: Any) -> float | None:
    """The volume trimesh computes for the structure's mesh (None without trimesh)."""
    try:
        import trimesh
    except ImportError:
        return None
    vertices, faces = mesh_arrays(heightmap)
    return float(trimesh.Trimesh(vertices=vertices, faces=faces, process=False).volume) if len(faces) else 0.0


class _AllTriangles:
    """A stand-in for trimesh's r-tree broad phase (rtree is not a dependency): every triangle is a
    candidate for every ray; the exact ray/triangle test is trimesh's."""

    def __init__(self, triangles: np.ndarray):
        self.count = len(triangles)
        self.bounds = np.concatenate([triangles.min(axis=(0, 1)), triangles.max(axis=(0, 1))])

    def intersection(self, _bounds: Any) -> range:
        return range(self.count)


def ray_cast_views(heightmap: Any) -> dict[str, np.ndarray]:
    """The three views recomputed from the trimesh mesh by casting one ray per view cell (through the
    cell's centre, along the viewing direction), independently of the projection code."""
    import trimesh
    from trimesh.ray.ray_triangle import ray_triangle_id

    vertices, faces = mesh_arrays(heightmap)
    n = np.asarray(heightmap).shape[0]
    if len(faces) == 0:
        return {name: np.zeros((n, n), np.int64) for name in VIEWS}
    mesh = trimesh.Trimesh(vertices=vertices, faces=faces, process=False)
    triangles = np.asarray(mesh.triangles)
    tree = _AllTriangles(triangles)
    out = {}
    rays = {
        # view: (origin of the ray for view cell (i, j), direction)
        "front": (lambda i, j: (j + 0.5, -1.0, n - 1 - i + 0.5), (0.0, 1.0, 0.0)),
        "top": (lambda i, j: (j + 0.5, n - 1 - i + 0.5, n + 1.0), (0.0, 0.0, -1.0)),
        "right": (lambda i, j: (n + 1.0, j + 0.5, n - 1 - i + 0.5), (-1.0, 0.0, 0.0)),
    }
    for name, (origin, direction) in rays.items():
        origins = np.array([origin(i, j) for i in range(n) for j in range(n)], float)
        directions = np.tile(np.array(direction, float), (len(origins), 1))
        _, hit_rays, _ = ray_triangle_id(triangles, origins, directions, tree=tree, multiple_hits=False)
        grid = np.zeros(n * n, np.int64)
        grid[np.unique(hit_rays)] = 1
        out[name] = grid.reshape(n, n)
    return out


class OrthographicTrack(Track):
    name = "orthographic"
    version = "6"
    variants = ("solid_to_views", "views_to_solid", "missing_view")
    description = ("Cube structures on an n x n floor: draw the front/top/right views, write stack heights from "
                   "the views, or draw the missing view; read by projection, five-dimension rubric.")

    # -- generation --------------------------------------------------------------------------------

    def generate(self, seed: int, variant: str) -> Puzzle:
        if variant not in self.variants:
            raise TrackError(f"orthographic has no variant {variant!r}; variants: {', '.join(self.variants)}")
        rng = random.Random(seed)
        n = SIZES[rng.randrange(len(SIZES))]
        for attempt in range(MAX_ATTEMPTS):
            h = random_heightmap(n, rng)
            if h.sum() == 0 or (h > 0).sum() < 2:
                continue
            made = getattr(self, f"_make_{variant}")(n, h, rng)
            if made is not None:
                break
        else:
            raise TrackError(f"orthographic {variant}: no certified instance in {MAX_ATTEMPTS} attempts (seed {seed})")
        grids, answers, show_drawing, certificate, task = made
        views = views_of(h)
        printed = set(visible_tops(h)) if show_drawing and n >= 4 else set()
        # views_to_solid's reference writes the accepted structure with the most cubes
        shown = np.asarray(certificate["max_cubes_heightmap"]) if variant == "views_to_solid" else h
        drawing = render_orthographic(n, shown, views, grids, answers, show_drawing, printed)
        layout = {**drawing.layout, "variant": variant, "printed_heights": sorted([list(p) for p in printed])}
        ground_truth = {
            "n": n, "heightmap": h.tolist(), "voxels": voxels_of(h).tolist(), "cube_count": int(h.sum()),
            "front_view": views["front"].tolist(), "top_view": views["top"].tolist(),
            "right_view": views["right"].tolist(), "task": task, "certificate": certificate,
            "conventions": CONVENTIONS,
        }
        level = ("easy", "medium", "hard")[SIZES.index(n)]
        return Puzzle(
            track=self.name, variant=variant, seed=seed, instruction=self.instruction(variant, n, h, task, printed),
            difficulty={"level": level, "n": n, "cubes": int(h.sum()), "max_height": int(h.max()),
                        "hidden_cells": hidden_cells(h), "attempts": attempt + 1,
                        "drawing": show_drawing},
            ground_truth=ground_truth, layout=layout, input_image=drawing.input_image,
            reference_images=[drawing.reference_image], edit_mask=drawing.edit_mask,
            scoring={"mechanism": "five_dimension", "rubric": "orthographic",
                     "rubric_version": self.rubric["rubric_version"]},
            extra_files={"solid.stl": mesh_file_bytes(h.tolist())},
        )

    def _make_solid_to_views(self, n: int, h: np.ndarray, rng: random.Random):
        if not drawing_fixes_views(h):
            return None
        lo, hi = drawing_bounds(h)
        cert: dict[str, Any] = {"kind": "drawing_fixes_views",
                                "height_bounds": {"lo": lo.tolist(), "hi": hi.tolist()},
                                "structures_with_same_drawing": int(np.prod(hi - lo + 1)),
                                "hidden_cells": int((hi > lo).sum())}
        task = {"answer": list(VIEWS), "given": ["drawing"]}
        return ["front", "top", "right"], ["front", "top", "right"], True, cert, task

    def _make_views_to_solid(self, n: int, h: np.ndarray, rng: random.Random):
        views = views_of(h)
        best = max_cubes_heightmap(views["front"], views["top"], views["right"])
        count = count_heightmaps(views, n, COUNT_LIMIT)
        cert = {"kind": "every_heightmap_with_these_views", "max_cubes_heightmap": best.tolist(),
                "accepted_heightmaps": count, "count_capped": count >= COUNT_LIMIT}
        task = {"answer": ["heights"], "given": list(VIEWS), "accepts": "any heightmap with the given three views"}
        return ["front", "top", "right", "heights"], ["heights"], False, cert, task

    def _make_missing_view(self, n: int, h: np.ndarray, rng: random.Random):
        views = views_of(h)
        missing = VIEWS[rng.randrange(3)]
        given = {k: views[k] for k in VIEWS if k != missing}
        show_drawing = False
        if not third_view_unique(given, missing, views[missing]):
            lo, hi = drawing_bounds(h)
            if not third_view_unique(given, missing, views[missing], lo, hi):
                return None
            show_drawing = True
        cert: dict[str, Any] = {"kind": "third_view_unique", "missing": missing, "with_drawing": show_drawing}
        if show_drawing:
            lo, hi = drawing_bounds(h)
            cert["height_bounds"] = {"lo": lo.tolist(), "hi": hi.tolist()}
        task = {"answer": [missing], "given": sorted(given) + (["drawing"] if show_drawing else [])}
        return ["front", "top", "right"], [missing], show_drawing, cert, task

    def instruction(self, variant: str, n: int, h: np.ndarray, task: dict[str, Any], printed: set) -> str:
        text = self.instruction_sections()[variant]
        missing = task["answer"][0]
        names = [g for g in task["given"] if g != "drawing"]
        given_text = (f"Its {' and '.join(names)} views are shaded in their grids"
                      + (", and the picture shows it from the front-right and above (the red arrow marks the "
                         "front)." if "drawing" in task["given"] else "."))
        return text.format(n=n, cubes=int(h.sum()), missing=missing, missing_caption=missing.capitalize(),
                           given_text=given_text,
                           printed=(" The number on each visible top face is the height of that stack."
                                    if printed else ""))

    # -- verification ------------------------------------------------------------------------------

    def verify(self, record: InstanceRecord, answer: np.ndarray, input_image: np.ndarray) -> Verdict:
        # the reader (and OpenCV) only where answers are read: generating a set imports neither
        from genpuzzle.verifiers.orthographic import (GridReading, check_heights, check_views, contrast_map,
                                                      grid_line_coverage, orthographic_score, page_changes,
                                                      read_heights, read_view_grid)

        layout, truth, rubric = record.layout, record.ground_truth, self.rubric
        truth_views = {name: np.asarray(truth[f"{name}_view"], np.int64) for name in VIEWS}
        a_con, i_con = contrast_map(answer, layout["cell_px"]), contrast_map(input_image, layout["cell_px"])
        answers = layout["answer_grids"]
        readings: dict[str, GridReading] = {}
        coverage: dict[str, float] = {}
        for name in answers:
            grid = layout["grids"][name]
            rd = read_heights(answer, a_con, grid) if name == "heights" else read_view_grid(answer, a_con, grid)
            rd.line_coverage = coverage[name] = grid_line_coverage(a_con, i_con, grid)
            readings[name] = rd
        parsed: dict[str, Any] = {
            "grids": {k: rd.values.tolist() for k, rd in readings.items()},
            "confidence": {k: np.round(rd.confidence, 3).tolist() for k, rd in readings.items()},
            "line_coverage": {k: round(v, 3) for k, v in coverage.items()},
        }
        violations = []
        unreadable = [k for k, rd in readings.items()
                      if rd.line_coverage < rubric["unreadable_grid_below_line_coverage"]
                      or float(rd.confidence.mean()) < rubric["unreadable_grid_below_mean_confidence"]]
        if len(unreadable) == len(readings):
            return Verdict.failed(record.id, self.name, Status.UNREADABLE,
                                  f"no answer grid can be read ({', '.join(unreadable)}: grid lines missing or "
                                  f"cells unsure)", parsed=parsed)
        for k in answers:
            if k not in unreadable and coverage[k] < rubric["grid_changed_below_line_coverage"]:
                violations.append(type_violation("grid_changed", f"{coverage[k]:.0%} of the {k} grid's lines are "
                                                 "left", {"grid": k, "line_coverage": round(coverage[k], 3),
                                                          "bbox": list(layout["grids"][k]["grid_bbox"])}))
        for k in unreadable:
            violations.append(type_violation("unreadable_grid", f"the {k} grid cannot be read",
                                             {"grid": k, "line_coverage": round(coverage[k], 3),
                                              "bbox": list(layout["grids"][k]["grid_bbox"])}))
            readings[k].answered = False
        conf_key = "needs_review_below_digit_confidence" if "heights" in readings else "needs_review_below_cell_confidence"
        if "heights" in readings:
            cell_violations, projection, exact, unsure = check_heights(readings["heights"], truth_views, layout,
                                                                       rubric[conf_key])
        else:
            given = [g for g in layout["given_grids"] if g in VIEWS]
            cell_violations, projection, exact, unsure = check_views(readings, truth_views, given, layout,
                                                                     rubric[conf_key])
        violations += cell_violations
        for k, rd in readings.items():
            if not rd.answered and k not in unreadable:
                violations.append(type_violation("missing_view", f"the {k} grid is empty",
                                                 {"grid": k, "bbox": list(layout["grids"][k]["grid_bbox"])}))
        page = page_changes(answer, a_con, i_con, layout, rubric)
        violations += page.violations
        answered_share = sum(rd.answered for rd in readings.values()) / len(readings)
        if page.stray_px > max(page.inside_px, rubric["stray_ink_min_component_px"]):
            violations.append(type_violation("wrong_task_type", f"most added ink ({page.stray_px} px) is outside "
                                             f"the answer grids ({page.inside_px} px inside)",
                                             {"outside_px": page.stray_px, "inside_px": page.inside_px}))
        if page.givens_kept < rubric["ignored_input_below_preserved"]:
            violations.append(type_violation("ignored_input_image", f"only {page.givens_kept:.0%} of the given "
                                             f"drawing and views is left", {"preserved": round(page.givens_kept, 3)}))
        if answered_share == 0:
            violations.append(type_violation("empty_or_irrelevant_output", "no answer grid holds an answer", {}))
        codes = {v.code for v in violations}
        full = rubric["grid_changed_below_line_coverage"]
        mean_coverage = float(np.mean([1.0 if coverage[k] >= full else coverage[k] for k in answers]))
        dims = {
            "instruction_following": 0.0 if "wrong_task_type" in codes else answered_share,
            "projection_correctness": projection if exact else min(projection, 34 / 35),
            "visual_structure": mean_coverage * page.givens_kept * (0.5 if "stray_ink" in codes else 1.0)
            * answered_share,
            "label_accuracy": page.labels_kept * answered_share,
            "task_completion": 1.0 if exact and not cell_violations else 0.0,
        }
        score = orthographic_score(dims, violations, rubric)
        confidences = [float(rd.confidence.min()) for rd in readings.values()]
        extra = {"unsure_cells": unsure} if unsure else {}
        if page.unsure_labels:
            extra["unsure_captions"] = page.unsure_labels
        return Verdict(id=record.id, track=self.name, score=score,
                       status=Status.INCORRECT if violations else Status.CORRECT, violations=violations,
                       parsed=parsed, confidence=min(confidences), needs_review=bool(unsure or page.unsure_labels),
                       subscores={k: round(v, 4) for k, v in dims.items()}, extra=extra)

    def overlay(self, record: InstanceRecord, verdict: Verdict, answer: np.ndarray) -> np.ndarray | None:
        if not verdict.parsed or "grids" not in verdict.parsed:
            return None
        from genpuzzle.verifiers.orthographic import draw_reading

        return draw_reading(answer, record.layout, verdict.parsed, verdict.violations)

    def dedupe_key(self, record: InstanceRecord) -> str:
        truth = record.ground_truth
        return f"{record.variant}:{truth['heightmap']}:{truth['task']}"

    # -- validation --------------------------------------------------------------------------------

    def validate(self, record: InstanceRecord) -> list[str]:
        truth = record.ground_truth
        problems: list[str] = []
        try:
            h = np.asarray(truth["heightmap"], np.int64)
            voxels = np.asarray(truth["voxels"], np.int64)
        except (KeyError, ValueError) as err:
            return [f"ground truth unreadable: {err}"]
        n = int(truth.get("n", 0))
        if h.shape != (n, n) or voxels.shape != (n, n, n) or h.min() < 0 or h.max() > n:
            return [f"heightmap/voxels shapes {h.shape}/{voxels.shape} or heights disagree with n = {n}"]
        if not voxels_grounded(voxels):
            problems.append("a cube floats (voxels not filled from the ground up)")
        if not np.array_equal(heightmap_of_voxels(voxels), h):
            problems.append("voxels and heightmap disagree")
        if int(truth["cube_count"]) != int(voxels.sum()):
            problems.append("cube_count is not the number of voxels")
        stored = {name: np.asarray(truth[f"{name}_view"], np.int64) for name in VIEWS}
        by_voxels = views_from_voxels(voxels)
        try:
            by_rays = ray_cast_views(h)
        except ImportError:
            by_rays = None
            problems.append("trimesh is not installed: views not recomputed by ray casting")
        volume = mesh_volume(h)
        if volume is not None and abs(volume - int(truth["cube_count"])) > 1e-6:
            problems.append(f"the mesh encloses {volume:g} unit cubes, cube_count is {truth['cube_count']}")
        for name in VIEWS:
            if not np.array_equal(stored[name], by_voxels[name]):
                problems.append(f"stored {name} view is not the projection of the voxels")
            if by_rays is not None and not np.array_equal(stored[name], by_rays[name]):
                problems.append(f"stored {name} view disagrees with ray casting the mesh")
        cert = truth.get("certificate", {})
        if record.variant == "solid_to_views":
            if not drawing_fixes_views(h):
                problems.append("the drawing does not fix the three views")
            if n == 3:
                same, distinct = enumerate_same_drawing(h)
                if distinct != 1 or same != cert.get("structures_with_same_drawing"):
                    problems.append(f"enumeration of all 4^9 heightmaps: {same} structures draw the same picture "
                                    f"with {distinct} view triples (certificate: "
                                    f"{cert.get('structures_with_same_drawing')} structures, one view triple)")
        elif record.variant == "views_to_solid":
            best = np.asarray(cert.get("max_cubes_heightmap"), np.int64)
            if any(not np.array_equal(views_of(best)[k], stored[k]) for k in VIEWS):
                problems.append("max_cubes_heightmap does not have the stored views")
            counted = count_heightmaps_cpsat(stored, n, COUNT_LIMIT)
            if counted != cert.get("accepted_heightmaps"):
                problems.append(f"CP-SAT counts {counted} heightmaps with these views "
                                f"(certificate {cert.get('accepted_heightmaps')})")
            if n == 3:
                found = enumerate_same_views(stored)
                counted = min(len(found), COUNT_LIMIT)
                if counted != cert.get("accepted_heightmaps") or int(max(m.sum() for m in found)) != int(best.sum()):
                    problems.append(f"enumeration finds {len(found)} heightmaps with these views "
                                    f"(certificate {cert.get('accepted_heightmaps')})")
        elif record.variant == "missing_view":
            missing = cert.get("missing")
            given = {k: stored[k] for k in VIEWS if k != missing}
            bounds = cert.get("height_bounds")
            lo, hi = (np.asarray(bounds["lo"]), np.asarray(bounds["hi"])) if bounds else (None, None)
            if bounds:
                dlo, dhi = drawing_bounds(h)
                if not (np.array_equal(dlo, lo) and np.array_equal(dhi, hi)):
                    problems.append("stored height bounds are not the drawing's")
            if missing not in VIEWS or not third_view_unique_cpsat(given, missing, stored[missing], lo, hi):
                problems.append("the missing view is not unique (CP-SAT found another)")
            if n == 3:
                maps = enumerate_same_views(stored, [k for k in VIEWS if k != missing])
                if bounds:
                    maps = [m for m in maps if (m >= lo).all() and (m <= hi).all()]
                if len({views_of(m)[missing].tobytes() for m in maps}) != 1:
                    problems.append("enumeration finds another missing view")
        return problems


def type_violation(code: str, message: str, evidence: dict[str, Any]):
    from genpuzzle.records import Violation

    return Violation(code, message, evidence)
