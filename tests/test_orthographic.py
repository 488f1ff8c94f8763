"""The orthographic track: projection and uniqueness claims against brute force, the verifier's
calibration ladder per variant, and answers redrawn as a model would (hand-filled cells, hatching,
pencil, handwritten heights, redrawn captions, bends, JPEG, rescale; styles in ``orthographic_answers``,
tuned and held-out kept apart), all verified through ``verify_answer`` (registration runs).
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from genpuzzle.dataset import load_set, write_set
from genpuzzle.evaluate import verify_answer
from genpuzzle.records import InstanceRecord, Status
from genpuzzle.renderers.common import cell_box
from genpuzzle.registry import get_track
from genpuzzle.solvers.orthographic import (VIEWS, all_heightmaps, batch_face_keys, consistent_cpsat,
                                            count_heightmaps_cpsat, count_view_heightmaps, drawing_bounds,
                                            drawing_fixes_views, max_cubes_heightmap, mesh_arrays,
                                            third_view_unique, third_view_unique_cpsat, views_from_voxels,
                                            views_of, voxels_of)
from genpuzzle.tracks.orthographic import (enumerate_same_views, mesh_file_bytes, mesh_volume,
                                           ray_cast_views, views_of_batch)

from orthographic_answers import HELDOUT, TUNE, _font, make_answer

SETTINGS = settings(max_examples=15, deadline=None)


# ------------------------------------------------------------------------------------------ fixtures


@pytest.fixture(scope="module")
def ortho_set(tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("orthographic_set")
    write_set(root, {"orthographic": 6}, master_seed=21)
    loaded = load_set(root)
    by_variant: dict[str, list[InstanceRecord]] = {}
    for record in loaded.records:
        by_variant.setdefault(record.variant, []).append(record)
    return root, by_variant


def _input(root: Path, record: InstanceRecord) -> Image.Image:
    return Image.open(root / record.input_image).convert("RGB")


def _verify(root: Path, record: InstanceRecord, image, tmp_path: Path, name: str = "answer"):
    path = tmp_path / f"{name}.png"
    Image.fromarray(np.asarray(image)).save(path) if not isinstance(image, Image.Image) else image.save(path)
    return verify_answer(str(root), record, path)


def _truth_views(record: InstanceRecord) -> dict[str, np.ndarray]:
    return {v: np.asarray(record.ground_truth[f"{v}_view"]) for v in VIEWS}


# ------------------------------------------------------------------------------------------ microworld


@st.composite
def heightmaps(draw, sizes=(3, 4, 5)):
    n = draw(st.sampled_from(sizes))
    cells = draw(st.lists(st.integers(0, n), min_size=n * n, max_size=n * n))
    return np.array(cells, np.int64).reshape(n, n)


@SETTINGS
@given(heightmaps())
def test_views_equal_the_projections_of_the_voxels_and_the_ray_cast_mesh(h):
    by_heights, by_voxels, by_rays = views_of(h), views_from_voxels(voxels_of(h)), ray_cast_views(h)
    for v in VIEWS:
        assert np.array_equal(by_heights[v], by_voxels[v]) and np.array_equal(by_heights[v], by_rays[v])
    assert mesh_volume(h) == pytest.approx(h.sum())


@pytest.fixture(scope="module")
def enumeration3():
    maps = all_heightmaps(3)
    return maps, batch_face_keys(maps), views_of_batch(maps)


@SETTINGS
@given(heightmaps(sizes=(3,)))
def test_same_drawing_box_equals_brute_force_over_all_4_pow_9_heightmaps(enumeration3, h):
    maps, keys, views = enumeration3
    same = (keys == batch_face_keys(h[None])[0]).all(axis=1)
    lo, hi = drawing_bounds(h)
    in_box = ((maps >= lo) & (maps <= hi)).all(axis=(1, 2))
    assert np.array_equal(same, in_box)
    distinct = {tuple(views[v][i].tobytes() for v in VIEWS) for i in np.nonzero(same)[0]}
    assert drawing_fixes_views(h) == (len(distinct) == 1)


@SETTINGS
@given(heightmaps(sizes=(3,)), st.sampled_from(VIEWS), st.booleans())
def test_third_view_uniqueness_by_cpsat_agrees_with_brute_force(enumeration3, h, missing, with_drawing):
    maps, _, views = enumeration3
    truth = views_of(h)
    ok = np.ones(len(maps), bool)
    for v in VIEWS:
        if v != missing:
            ok &= (views[v] == truth[v][None]).all(axis=(1, 2))
    lo = hi = None
    if with_drawing:
        lo, hi = drawing_bounds(h)
        ok &= ((maps >= lo) & (maps <= hi)).all(axis=(1, 2))
    brute_unique = len({views[missing][i].tobytes() for i in np.nonzero(ok)[0]}) == 1
    given_views = {v: truth[v] for v in VIEWS if v != missing}
    assert third_view_unique_cpsat(given_views, missing, truth[missing], lo, hi) == brute_unique
    assert third_view_unique(given_views, missing, truth[missing], lo, hi) == brute_unique  # what generation uses
    assert count_view_heightmaps(given_views, 3, lo, hi) == int(ok.sum())


@SETTINGS
@given(heightmaps(sizes=(3,)), st.integers(0, 26))
def test_consistency_by_cpsat_agrees_with_max_cubes_and_brute_force(enumeration3, h, flip):
    maps, _, views = enumeration3
    truth = views_of(h)
    bent = {v: truth[v].copy() for v in VIEWS}
    if flip < 27:  # flip one cell of one view: often inconsistent, sometimes not
        v = VIEWS[flip // 9]
        bent[v][(flip % 9) // 3, flip % 3] ^= 1
    brute = bool(np.all([(views[v] == bent[v][None]).all(axis=(1, 2)) for v in VIEWS], axis=0).any())
    assert consistent_cpsat(bent, 3) == brute
    best = views_of(max_cubes_heightmap(bent["front"], bent["top"], bent["right"]))
    assert all(np.array_equal(best[v], bent[v]) for v in VIEWS) == brute
    assert count_heightmaps_cpsat(truth, 3, 10_000) == len(enumerate_same_views(truth))
    assert count_view_heightmaps(bent, 3) == int(np.all([(views[v] == bent[v][None]).all(axis=(1, 2))
                                                         for v in VIEWS], axis=0).sum())


# ------------------------------------------------------------------------------------------ generation


def test_generation_is_deterministic_and_certified():
    track = get_track("orthographic")
    for variant in track.variants:
        a, b = track.generate(7, variant), track.generate(7, variant)
        buf = [io.BytesIO(), io.BytesIO()]
        a.input_image.save(buf[0], format="PNG")
        b.input_image.save(buf[1], format="PNG")
        assert buf[0].getvalue() == buf[1].getvalue() and a.ground_truth == b.ground_truth
    assert mesh_file_bytes([[1, 2], [0, 1]]) == mesh_file_bytes([[1, 2], [0, 1]])


@SETTINGS
@given(heightmaps(sizes=(3, 4, 5)))
def test_stl_is_the_file_trimesh_writes(h):
    import trimesh

    mesh = trimesh.Trimesh(*mesh_arrays(h), process=False)
    buffer = io.BytesIO()
    mesh.export(buffer, file_type="stl")
    assert mesh_file_bytes(h.tolist()) == buffer.getvalue()


def test_validate_reproves_and_catches_corrupted_records(ortho_set, tmp_path):
    root, by_variant = ortho_set
    track = get_track("orthographic")
    for records in by_variant.values():
        for record in records:
            assert track.validate(record) == []
    record = by_variant["solid_to_views"][0]
    bad = InstanceRecord.from_json(record.to_json())
    bad.ground_truth["front_view"] = np.asarray(bad.ground_truth["front_view"])[:, ::-1].tolist()
    if bad.ground_truth["front_view"] != record.ground_truth["front_view"]:
        problems = track.validate(bad)
        assert any("ray casting" in p for p in problems) and any("projection of the voxels" in p for p in problems)
    missing = InstanceRecord.from_json(by_variant["missing_view"][0].to_json())
    missing.ground_truth["certificate"].pop("height_bounds", None)
    missing.ground_truth["certificate"]["missing"] = "front"
    missing.ground_truth["top_view"] = [[1] * missing.ground_truth["n"]] * missing.ground_truth["n"]
    assert track.validate(missing)


def test_generate_writes_each_mesh_beside_the_images(ortho_set):
    import trimesh

    from genpuzzle.dataset import fingerprint, load_set

    root, by_variant = ortho_set
    record = by_variant["solid_to_views"][0]
    path = root / record.input_image.replace("_input.png", "_solid.stl")
    assert record.extra_files == [path.relative_to(root).as_posix()]
    mesh = trimesh.load(path, file_type="stl")
    assert mesh.volume == pytest.approx(record.ground_truth["cube_count"])
    assert fingerprint(root) == load_set(root).info["fingerprint"]  # the meshes are part of the fingerprint


# ------------------------------------------------------------------------------------------ calibration


@pytest.mark.parametrize("variant", ["solid_to_views", "views_to_solid", "missing_view"])
def test_reference_scores_100_and_unchanged_input_the_minimum(ortho_set, tmp_path, variant):
    root, by_variant = ortho_set
    for record in by_variant[variant]:
        ref = verify_answer(str(root), record, root / record.reference_images[0])
        assert ref.status is Status.CORRECT and ref.score == 100, (ref.codes, ref.subscores)
        blank = verify_answer(str(root), record, root / record.input_image)
        assert blank.score == 0 and "missing_view" in blank.codes and "empty_or_irrelevant_output" in blank.codes


def _first_changed_cell(values: np.ndarray, rng: random.Random) -> tuple[int, int]:
    cells = [(r, c) for r in range(values.shape[0]) for c in range(values.shape[1])]
    return cells[rng.randrange(len(cells))]


@pytest.mark.parametrize("variant", ["solid_to_views", "missing_view"])
def test_one_wrong_cell_loses_spatial_points_and_is_named(ortho_set, tmp_path, variant):
    root, by_variant = ortho_set
    record = by_variant[variant][0]
    views = _truth_views(record)
    name = record.layout["answer_grids"][0]
    grids = {g: views[g].copy() for g in record.layout["answer_grids"]}
    r, c = _first_changed_cell(grids[name], random.Random(3))
    grids[name][r, c] ^= 1
    verdict = _verify(root, record, make_answer(_input(root, record), record, TUNE[0], grids=grids), tmp_path)
    wrong = [v for v in verdict.violations if v.code == "wrong_cells"]
    assert wrong and wrong[0].evidence["view"] == name and [r, c] == wrong[0].evidence["cells"][0][:2]
    assert verdict.subscores["projection_correctness"] < 1 and verdict.score < 90
    assert verdict.status is Status.INCORRECT


def test_one_wrong_height_is_caught(ortho_set, tmp_path):
    root, by_variant = ortho_set
    record = by_variant["views_to_solid"][0]
    heights = np.asarray(record.ground_truth["certificate"]["max_cubes_heightmap"]).copy()
    empty = np.argwhere(heights == 0)
    r, c = empty[0] if len(empty) else (0, 0)
    heights[r, c] = 1 if heights[r, c] == 0 else 0
    verdict = _verify(root, record, make_answer(_input(root, record), record, TUNE[0], grids={"heights": heights}),
                      tmp_path)
    assert "wrong_cells" in verdict.codes and verdict.subscores["projection_correctness"] < 1
    assert verdict.score < 90


def test_heights_rules_name_the_cells_independently_of_the_reader(ortho_set):
    """State -> violations for written heights: accepted alternatives pass, a removed stack, a too-tall
    stack, a mirrored answer and a non-digit mark are each named with the heights cell."""
    from genpuzzle.verifiers.orthographic import GridReading, check_heights

    root, by_variant = ortho_set
    record = by_variant["views_to_solid"][0]
    truth, n = _truth_views(record), record.ground_truth["n"]
    best = np.asarray(record.ground_truth["certificate"]["max_cubes_heightmap"])

    def check(h, symbols=None):
        rd = GridReading(np.asarray(h), np.ones((n, n)), True,
                         extra={"symbols": symbols or [[str(v) if v > 0 else "blank" for v in row] for row in h]})
        return check_heights(rd, truth, record.layout, 0.7)

    violations, fraction, exact, _ = check(best)
    assert not violations and exact and fraction == 1
    r, c = map(int, np.argwhere(best > 0)[0])
    removed = best.copy()
    removed[r, c] = 0
    violations, fraction, exact, _ = check(removed)
    top = next(v for v in violations if v.code == "wrong_cells" and v.evidence["view"] == "top")
    assert [r, c] in top.evidence["height_cells"] and fraction < 1 and not exact
    tall = best.copy()
    tall[r, c] = n
    if not all(np.array_equal(views_of(tall)[v], truth[v]) for v in VIEWS):
        violations, _, _, _ = check(tall)
        assert any([r, c] in v.evidence.get("height_cells", []) for v in violations if v.code == "wrong_cells")
    mirrored = best[:, ::-1]
    if not all(np.array_equal(views_of(mirrored)[v], truth[v]) for v in VIEWS):
        assert "mirrored_view" in [v.code for v in check(mirrored)[0]]
    marked = best.copy()
    marked[r, c] = -1
    symbols = [[str(v) if v > 0 else "blank" for v in row] for row in best.tolist()]
    symbols[r][c] = "other"
    out_of_range = [v for v in check(marked, symbols)[0] if v.code == "height_out_of_range"]
    assert out_of_range and out_of_range[0].evidence["cell"] == [r, c]


def test_every_accepted_alternative_heightmap_scores_100(ortho_set, tmp_path):
    root, by_variant = ortho_set
    record = by_variant["views_to_solid"][0]
    truth = _truth_views(record)
    best = np.asarray(record.ground_truth["certificate"]["max_cubes_heightmap"])
    rng = random.Random(5)
    alternatives = {best.tobytes(): best, np.asarray(record.ground_truth["heightmap"]).tobytes():
                    np.asarray(record.ground_truth["heightmap"])}
    for _ in range(200):  # lower random stacks while the three views stay the same
        h = best.copy()
        for _ in range(rng.randint(1, 6)):
            r, c = rng.randrange(h.shape[0]), rng.randrange(h.shape[1])
            if h[r, c] > 1:
                h[r, c] = rng.randint(1, h[r, c] - 1)
        if all(np.array_equal(views_of(h)[v], truth[v]) for v in VIEWS):
            alternatives[h.tobytes()] = h
        if len(alternatives) >= 4:
            break
    assert len(alternatives) >= 2
    for k, h in enumerate(alternatives.values()):
        verdict = _verify(root, record, make_answer(_input(root, record), record, TUNE[0], grids={"heights": h}),
                          tmp_path, f"alt{k}")
        assert verdict.status is Status.CORRECT and verdict.score == 100, (h.tolist(), verdict.codes)


def test_swapped_views_are_capped_at_60(ortho_set, tmp_path):
    root, by_variant = ortho_set
    record = next(r for r in by_variant["solid_to_views"]
                  if not np.array_equal(_truth_views(r)["front"], _truth_views(r)["right"]))
    views = _truth_views(record)
    grids = {"front": views["right"], "top": views["top"], "right": views["front"]}
    verdict = _verify(root, record, make_answer(_input(root, record), record, TUNE[0], grids=grids), tmp_path)
    assert "swapped_views" in verdict.codes and verdict.score <= 60


def test_mirrored_view_is_caught(ortho_set, tmp_path):
    root, by_variant = ortho_set
    for record in by_variant["solid_to_views"]:
        views = _truth_views(record)
        name = next((v for v in VIEWS if not np.array_equal(views[v], views[v][:, ::-1])), None)
        if name:
            break
    grids = dict(views)
    grids[name] = views[name][:, ::-1]
    verdict = _verify(root, record, make_answer(_input(root, record), record, TUNE[0], grids=grids), tmp_path)
    mirrored = [v for v in verdict.violations if v.code == "mirrored_view"]
    assert mirrored and mirrored[0].evidence["view"] == name and verdict.score < 90


def test_inconsistent_views_are_capped_at_50(ortho_set, tmp_path):
    root, by_variant = ortho_set
    record = by_variant["solid_to_views"][0]
    views = _truth_views(record)
    n = record.ground_truth["n"]
    grids = {v: views[v].copy() for v in VIEWS}
    grids["front"][:, :] = 0
    grids["front"][n - 1, :] = 1  # one level only, while the right view is taller: no structure has both
    assert not consistent_cpsat(grids, n)
    verdict = _verify(root, record, make_answer(_input(root, record), record, TUNE[0], grids=grids), tmp_path)
    assert "inconsistent_projection" in verdict.codes and verdict.score <= 50


def test_missing_view_answered_with_another_view_or_an_impossible_one_is_capped(ortho_set, tmp_path):
    root, by_variant = ortho_set
    record = by_variant["missing_view"][0]
    views, n = _truth_views(record), record.ground_truth["n"]
    missing = record.layout["answer_grids"][0]
    other = next((v for v in VIEWS if v != missing and not np.array_equal(views[v], views[missing])), None)
    if other is not None:
        verdict = _verify(root, record, make_answer(_input(root, record), record, TUNE[0],
                                                    grids={missing: views[other]}), tmp_path, "other")
        assert "swapped_views" in verdict.codes and verdict.score <= 60
    impossible = np.zeros((n, n), np.int64)
    impossible[0, 0] = 1  # a lone cell: floating in a front/right view, or one stack where the others need more
    given = {v: views[v] for v in VIEWS if v != missing}
    assert not consistent_cpsat({**given, missing: impossible}, n)
    verdict = _verify(root, record, make_answer(_input(root, record), record, TUNE[0],
                                                grids={missing: impossible}), tmp_path, "impossible")
    assert "inconsistent_projection" in verdict.codes and verdict.score <= 50


def test_missing_one_view_caps_at_45(ortho_set, tmp_path):
    root, by_variant = ortho_set
    record = by_variant["solid_to_views"][0]
    views = _truth_views(record)
    grids = {"front": views["front"], "top": views["top"]}
    verdict = _verify(root, record, make_answer(_input(root, record), record, TUNE[0], grids=grids), tmp_path)
    assert verdict.codes.count("missing_view") == 1 and verdict.score <= 45


def test_changed_labels_drawing_and_ink_outside_the_grids_are_charged(ortho_set, tmp_path):
    root, by_variant = ortho_set
    record = by_variant["solid_to_views"][0]
    base = Image.fromarray(make_answer(_input(root, record), record, TUNE[0]))
    layout = record.layout
    img = base.copy()
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = layout["labels"]["top"]
    d.rectangle([x0, y0, x1, y1], fill=(255, 255, 255))
    d.text((x0 + 4, y0 + 4), "Side", font=_font("DejaVuSans.ttf", 18), fill=(0, 0, 0))
    verdict = _verify(root, record, img, tmp_path, "label")
    assert "labels_changed" in verdict.codes and verdict.subscores["label_accuracy"] < 1
    img = base.copy()
    dx0, dy0, dx1, dy1 = layout["drawing_bbox"]
    ImageDraw.Draw(img).rectangle([dx0 + 20, dy0 + 20, (dx0 + dx1) // 2, (dy0 + dy1) // 2], fill=(255, 255, 255))
    verdict = _verify(root, record, img, tmp_path, "drawing")
    assert "drawing_changed" in verdict.codes and verdict.score < 100
    # the views drawn beside the grids instead of in them: most added ink outside the grids
    img = _input(root, record)
    w, h = img.size
    canvas = Image.new("RGB", (w, h + 260), (255, 255, 255))
    canvas.paste(img, (0, 0))
    d = ImageDraw.Draw(canvas)
    for k in range(12):
        d.rectangle([40 + 50 * k, h + 40, 80 + 50 * k, h + 200], fill=(0, 0, 0))
    verdict = _verify(root, record, canvas, tmp_path, "outside")
    assert verdict.score <= 40


def test_unsure_cell_never_passes(ortho_set, tmp_path, monkeypatch):
    """One cell read with low confidence (the reader's ``unsure``): the reference is then not
    ``correct`` but ``needs_review``, and its score charges that cell as wrong."""
    import genpuzzle.verifiers.orthographic as ver

    root, by_variant = ortho_set
    record = by_variant["missing_view"][0]
    name = record.layout["answer_grids"][0]
    real = ver.read_cell_marks

    def one_unsure(image, grid, darkness=None):
        values, conf = real(image, grid, darkness)
        conf = conf.copy()
        conf[0, 0] = 0.0
        return values, conf

    monkeypatch.setattr(ver, "read_cell_marks", one_unsure)
    verdict = verify_answer(str(root), record, root / record.reference_images[0])
    assert verdict.status is Status.NEEDS_REVIEW and verdict.needs_review and verdict.score < 100
    assert verdict.extra["unsure_cells"] == [[name, 0, 0]] and not verdict.violations


# ------------------------------------------------------------------------------------------ redrawn answers


@pytest.mark.parametrize("style", TUNE, ids=lambda s: s.name)
def test_answers_redrawn_in_tuned_styles_score_100(ortho_set, tmp_path, style):
    root, by_variant = ortho_set
    for k, records in enumerate(by_variant.values()):
        record = records[0]
        verdict = _verify(root, record, make_answer(_input(root, record), record, style, seed=k), tmp_path, record.id)
        assert verdict.status is Status.CORRECT and verdict.score == 100, (record.id, verdict.codes, verdict.extra)


@pytest.mark.parametrize("style", HELDOUT, ids=lambda s: s.name)
def test_answers_redrawn_in_heldout_styles_score_100(ortho_set, tmp_path, style):
    root, by_variant = ortho_set
    for k, records in enumerate(by_variant.values()):
        record = records[-1]
        verdict = _verify(root, record, make_answer(_input(root, record), record, style, seed=10 + k), tmp_path,
                          record.id)
        assert verdict.status is Status.CORRECT and verdict.score == 100, (record.id, verdict.codes, verdict.extra)


@pytest.mark.parametrize("style", [TUNE[1], HELDOUT[0]], ids=lambda s: s.name)
def test_wrong_cell_survives_redrawing(ortho_set, tmp_path, style):
    root, by_variant = ortho_set
    record = by_variant["solid_to_views"][-1]
    grids = {g: v.copy() for g, v in _truth_views(record).items()}
    grids["top"][0, 0] ^= 1
    verdict = _verify(root, record, make_answer(_input(root, record), record, style, grids=grids), tmp_path)
    assert verdict.status is not Status.CORRECT and verdict.score < 100
    assert any(v.code == "wrong_cells" and v.evidence["view"] == "top" for v in verdict.violations)


def test_light_grey_fills_are_never_confidently_wrong(ortho_set, tmp_path):
    """Light (200 grey) shading can be taken for paper by the cell reader; such cells must go to review,
    never become a confident wrong verdict."""
    from orthographic_answers import Style

    root, by_variant = ortho_set
    light = Style("light_grey", "inset", (200, 200, 200), "DejaVuSans.ttf", ("jpeg",))
    for variant in ("solid_to_views", "missing_view"):
        record = by_variant[variant][0]
        verdict = _verify(root, record, make_answer(_input(root, record), record, light), tmp_path, variant)
        assert not verdict.violations, verdict.codes
        assert (verdict.status is Status.CORRECT and verdict.score == 100) or (
            verdict.status is Status.NEEDS_REVIEW and verdict.score < 100)


# ------------------------------------------------------------------------------------------ garbage


@settings(max_examples=5, deadline=None)
@given(st.data())
def test_garbage_images_never_crash_the_verifier(ortho_set, tmp_path_factory, data):
    root, by_variant = ortho_set
    record = data.draw(st.sampled_from([r for rs in by_variant.values() for r in rs]))
    kind = data.draw(st.sampled_from(["noise", "black", "white", "stripes", "tiny"]))
    rng = np.random.default_rng(data.draw(st.integers(0, 1000)))
    w, h = Image.open(root / record.input_image).size
    if kind == "noise":
        image = rng.integers(0, 256, (h, w, 3), dtype=np.uint8)
    elif kind == "black":
        image = np.zeros((h, w, 3), np.uint8)
    elif kind == "white":
        image = np.full((h, w, 3), 255, np.uint8)
    elif kind == "stripes":
        image = np.full((h, w, 3), 255, np.uint8)
        image[::7] = 0
    else:
        image = rng.integers(0, 256, (9, 13, 3), dtype=np.uint8)
    out = tmp_path_factory.mktemp("garbage")
    verdict = _verify(root, record, image, out)
    assert 0 <= verdict.score <= 100 and verdict.score < 100
    assert verdict.status is not Status.CORRECT


def test_a_line_just_beyond_a_tile_edge_is_not_ink_added_inside_the_tile():
    """Page regions are compared in tiles; a given line running just outside a tile's edge, redrawn a
    pixel or two wider or off (a regenerated page), pokes into the tile. Its input ink beyond the edge is
    still "nearby" (a `missing_view` reference under the combined page change read `drawing_changed` with
    54 px added, master seed 12300). A stroke really added next to the edge is still counted."""
    from genpuzzle.verifiers.orthographic import region_change

    i_con = np.zeros((128, 128), np.uint8)
    i_con[:, 61:64] = 255  # the input's line ends at the tiles' shared edge (x = 64)
    a_con = np.zeros_like(i_con)
    a_con[:, 62:66] = 230  # redrawn 1 px wider and 1 px to the right
    erased, added, _ = region_change(a_con, i_con, [0, 0, 128, 128])
    assert erased == 0 and added == 0
    a_con[10:118, 76:79] = 230  # a new stroke inside the right tile, near its edge but clear of the line
    erased, added, _ = region_change(a_con, i_con, [0, 0, 128, 128])
    assert added >= 3 * 100


def test_reference_under_a_caption_band_is_not_squashed_by_registration(tmp_path):
    """Spot seed 45500: a missing_view reference under a caption band scored 99 (drawing_changed): the
    registration's refinement stopped after two passes while still moving, 10 px squashed at the drawing;
    it now runs until settled (up to two more passes)."""
    from page_change_cases import reference_under_page_change

    verdict = reference_under_page_change(tmp_path, "orthographic", 45500, 3, "missing_view", "caption")
    assert verdict.score == 100 and verdict.status is Status.CORRECT, verdict.codes


# ------------------------------------------------------------------------------------------ stray marks


def _draw_mark(d: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, s: float, colour) -> None:
    w = max(2, round(s / 8))
    if kind == "seven":
        d.line([(cx - s / 3, cy - s / 2), (cx + s / 3, cy - s / 2), (cx - s / 8, cy + s / 2)], fill=colour, width=w)
    elif kind == "tick":
        d.line([(cx - s / 3, cy), (cx - s / 8, cy + s / 3), (cx + s / 2, cy - s / 2)], fill=colour, width=w)
    else:  # dot
        d.ellipse([cx - s / 4, cy - s / 4, cx + s / 4, cy + s / 4], fill=colour)


@pytest.mark.parametrize("variant", ["solid_to_views", "missing_view"])
@pytest.mark.parametrize("kind", ["seven", "tick", "dot"])
def test_a_mark_in_an_empty_view_cell_is_a_stray_mark(ortho_set, tmp_path, variant, kind):
    """Account for all ink: a 7, a tick or a dot half a cell wide in a cell the view leaves empty is no
    longer the blank the reading says (it scored 100 before: the cell reader reads it as empty)."""
    root, by_variant = ortho_set
    record = by_variant[variant][0]
    image = Image.open(root / record.reference_images[0]).convert("RGB")
    name = record.layout["answer_grids"][0]
    grid = record.layout["grids"][name]
    empty = np.argwhere(np.asarray(record.ground_truth[f"{name}_view"]) == 0)
    r, c = (int(v) for v in empty[len(empty) // 2])
    x0, y0, x1, y1 = cell_box(grid, r, c)
    _draw_mark(ImageDraw.Draw(image), kind, (x0 + x1) / 2, (y0 + y1) / 2, 0.5 * (x1 - x0), (25, 25, 30))
    verdict = _verify(root, record, image, tmp_path)
    assert verdict.score < 100 and verdict.status is not Status.CORRECT, verdict.codes
    mark = next(v for v in verdict.violations if v.code == "stray_mark")
    assert mark.evidence["view"] == name and mark.evidence["marks"][0]["cell"] == [r, c]


def test_a_faint_mark_in_an_empty_view_cell_goes_to_review(ortho_set, tmp_path):
    root, by_variant = ortho_set
    record = by_variant["solid_to_views"][0]
    image = Image.open(root / record.reference_images[0]).convert("RGB")
    name = record.layout["answer_grids"][0]
    grid = record.layout["grids"][name]
    r, c = (int(v) for v in np.argwhere(np.asarray(record.ground_truth[f"{name}_view"]) == 0)[0])
    x0, y0, x1, y1 = cell_box(grid, r, c)
    _draw_mark(ImageDraw.Draw(image), "tick", (x0 + x1) / 2, (y0 + y1) / 2, 0.6 * (x1 - x0), (175, 175, 180))
    verdict = _verify(root, record, image, tmp_path)
    assert verdict.score < 100 and (verdict.needs_review or verdict.status is Status.INCORRECT), verdict.codes


@pytest.mark.parametrize("variant", ["solid_to_views", "missing_view"])
@pytest.mark.parametrize("side", ["left", "top"])
def test_a_filled_view_cell_half_rubbed_out_is_never_a_confident_fill(ortho_set, tmp_path, variant, side):
    """A filled cell with half of it (edge to edge) rubbed back to paper is neither filled nor empty to a reader:
    review, never `correct` (the shared cell reader read the half left as hatching: filled, confident)."""
    root, by_variant = ortho_set
    record = by_variant[variant][0]
    image = Image.open(root / record.reference_images[0]).convert("RGB")
    name = record.layout["answer_grids"][0]
    grid = record.layout["grids"][name]
    filled = np.argwhere(np.asarray(record.ground_truth[f"{name}_view"]) != 0)
    r, c = (int(v) for v in filled[len(filled) // 2])
    x0, y0, x1, y1 = cell_box(grid, r, c)
    inset = 3  # up to the grid lines (drawn 2-3 px wide), which stay
    if side == "left":
        box = [x0 + inset, y0 + inset, (x0 + x1) / 2, y1 - inset]
    else:
        box = [x0 + inset, y0 + inset, x1 - inset, (y0 + y1) / 2]
    ImageDraw.Draw(image).rectangle(box, fill=(255, 255, 255))
    verdict = _verify(root, record, image, tmp_path)
    assert verdict.status is not Status.CORRECT and (verdict.needs_review or verdict.status is Status.NEEDS_REVIEW), \
        (verdict.status, verdict.codes)


def test_a_grid_displaced_by_the_pages_geometry_is_the_grids_own_ink_and_a_mark_beside_it_is_not():
    """The lead's tilted-page check (set seed 12400): a reference under a 4 % white margin and a 3 % perspective
    registered with the front grid's bottom-left corner ~10 px off, so a sliver of the grid's own black fill
    lay outside the answer grid's box grown by 6 px: `stray_ink`, 90. The grid's outline, located on the
    answer against the same outline on the input, moves the box with it (orthographic rubric 6): 100. An X
    drawn beside the grid is still charged, on the clean page and on the tilted one."""
    import genpuzzle
    from genpuzzle import page_perturb, perturb

    puzzle = get_track("orthographic").generate(3998053275075563457, "solid_to_views")  # set 12400's orthographic record
    reference = np.asarray(puzzle.reference_images[0].convert("RGB"))
    m = round(0.04 * max(reference.shape[:2]))

    def tilted(page: np.ndarray) -> Image.Image:
        padded = perturb.pad(page, m, m, m, m, (255, 255, 255))
        return Image.fromarray(page_perturb.perspective(padded, 0.03, seed=12400 + 7 + 7)[0])

    v = genpuzzle.verify(puzzle, tilted(reference))
    assert v.score == 100 and v.status is Status.CORRECT, v.violations
    x0, y0, x1, y1 = puzzle.layout["grids"]["front"]["grid_bbox"]
    for cx, cy in ((x0 - 14, y1 - 30), (x0 + 30, y1 + 14), (x0 - 12, y1 + 12)):
        marked = Image.fromarray(reference.copy())
        draw = ImageDraw.Draw(marked)
        draw.line([(cx - 6, cy - 6), (cx + 6, cy + 6)], fill=(25, 25, 30), width=2)
        draw.line([(cx - 6, cy + 6), (cx + 6, cy - 6)], fill=(25, 25, 30), width=2)
        for page in (marked, tilted(np.asarray(marked))):
            v = genpuzzle.verify(puzzle, page)
            assert "stray_ink" in v.codes and v.status is not Status.CORRECT, ((cx, cy), v.codes)


# ------------------------------------------------------------- blind audit AUDIT14 (session 14, 2 Dec 2026)


@pytest.mark.parametrize("variant", ["solid_to_views", "views_to_solid", "missing_view"])
def test_a_caption_replaced_by_another_word_is_labels_changed(ortho_set, tmp_path, variant):
    """Another word written where an answer grid's caption was ("Side" for "Right", "Plan" for "Top")
    overlaps the old ink within the 3 px slack of the page check, so the caption was never read and the
    answer passed (AUDIT14: 4 of 9). Rubric 7 compares captions within 1 px too and reads them (with the OCR
    extra, which the test install includes; without it such a word still passes, as docs/orthographic.md says)."""
    root, by_variant = ortho_set
    record = by_variant[variant][0]
    name = record.layout["answer_grids"][0]
    new = {"right": "Side", "front": "Face", "top": "Plan", "heights": "Levels"}[name]
    page = Image.open(root / record.reference_images[0]).convert("RGB")
    x0, y0, x1, y1 = record.layout["caption_lines"][name]["boxes"][0]
    d = ImageDraw.Draw(page)
    d.rectangle([x0, y0, x1, y1], fill=(255, 255, 255))
    d.text(((x0 + x1) / 2, (y0 + y1) / 2), new, font=_font("DejaVuSans-Bold.ttf", 20), fill=(0, 0, 0), anchor="mm")
    verdict = _verify(root, record, page, tmp_path)
    assert verdict.score < 100 and verdict.status is not Status.CORRECT
    assert "labels_changed" in verdict.codes


@pytest.mark.parametrize("variant", ["solid_to_views", "missing_view"])
def test_the_sheets_edge_along_the_image_edge_is_not_stray_ink(ortho_set, tmp_path, variant):
    """A page photographed on a desk and keystoned comes back with a thin wedge of desk along the image's
    edge (a few px, tapering): the sheet's edge, not a mark (AUDIT14: stray_ink on three correct answers).
    A mark drawn inside the page near its edge still is stray ink."""
    root, by_variant = ortho_set
    record = by_variant[variant][0]
    page = Image.open(root / record.reference_images[0]).convert("RGB")
    w, h = page.size
    d = ImageDraw.Draw(page)
    d.polygon([(0, 0), (6, 0), (0, h - 1)], fill=(110, 108, 104))
    d.polygon([(0, 0), (w // 2, 0), (0, 5)], fill=(110, 108, 104))
    verdict = _verify(root, record, page, tmp_path, "wedge")
    assert verdict.status is Status.CORRECT and verdict.score == 100 and not verdict.needs_review, verdict.codes
    d.line([(22, h // 2), (40, h // 2 + 14), (30, h // 2 + 30)], fill=(20, 20, 20), width=4)
    verdict = _verify(root, record, page, tmp_path, "wedge_and_mark")
    assert "stray_ink" in verdict.codes and verdict.score < 100


@pytest.mark.parametrize("variant", ["solid_to_views", "missing_view"])
def test_thin_redrawn_grid_lines_beside_inset_fills_are_the_grids_lines(ortho_set, tmp_path, variant):
    """The answer grids redrawn with 1 px light lines and fills inset 3 px: the squared-difference alignment
    laid the input's lines on the fills (a 4 px shift), so 83-92 % of the lines counted as kept and a correct
    answer was charged ``grid_changed`` (AUDIT14; here 3 of the 4 view answers at seed 21). The coverage is
    taken at its own best shift. A grid left with its outline only still counts its lines as gone."""
    root, by_variant = ortho_set
    for record in by_variant[variant]:
        page = _input(root, record)
        erased = page.copy()
        d, e = ImageDraw.Draw(page), ImageDraw.Draw(erased)
        for name in record.layout["answer_grids"]:
            g = record.layout["grids"][name]
            x0, y0, x1, y1 = g["grid_bbox"]
            n = g["rows"]
            view = np.asarray(record.ground_truth[f"{name}_view"])
            for draw in (d, e):
                draw.rectangle([x0 - 3, y0 - 3, x1 + 3, y1 + 3], fill=(255, 255, 255))
                draw.rectangle([x0, y0, x1, y1], outline=(40, 40, 60), width=2)
            for r in range(n):
                for c in range(n):
                    if view[r, c]:
                        b = cell_box(g, r, c)
                        d.rectangle([b[0] + 3, b[1] + 3, b[2] - 3, b[3] - 3], fill=(30, 30, 30))
            step = (x1 - x0) / n
            for k in range(1, n):
                d.line([(x0 + k * step, y0), (x0 + k * step, y1)], fill=(120, 130, 160), width=1)
                d.line([(x0, y0 + k * step), (x1, y0 + k * step)], fill=(120, 130, 160), width=1)
        verdict = _verify(root, record, page, tmp_path, f"thin_{record.id}")
        assert verdict.status is Status.CORRECT and verdict.score == 100, (record.id, verdict.codes)
        verdict = _verify(root, record, erased, tmp_path, f"outline_only_{record.id}")
        assert verdict.status is Status.UNREADABLE or {"grid_changed", "unreadable_grid"} & set(verdict.codes), \
            (record.id, verdict.status, verdict.codes)
