"""Tangram track: lattice geometry, generation claims, and the verifier as a measuring instrument.

Answers are written to files and verified through ``verify_answer`` (load, register, verify), so the
registration against the edit mask is exercised end to end.
"""

from __future__ import annotations

import io
import random

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw, ImageFilter
from shapely import affinity
from shapely.geometry import Polygon

from genpuzzle import perturb
from genpuzzle.dataset import load_set, write_set
from genpuzzle.evaluate import verify_answer
from genpuzzle.records import InstanceRecord, Status
from genpuzzle.registry import get_track
from genpuzzle.renderers.tangram import _static_page, blank_panel_insides, draw_scene
from genpuzzle.solvers.tangram import (PIECES, Arrangement, Placement, alternative_arrangements,
                                       arrangement_problems, canonical_hash, congruent, convexity,
                                       generate_arrangement, kind_of, oriented_shape, to_float, union_of)
from genpuzzle.tracks.tangram import CONVEXITY

TRACK = get_track("tangram")


@pytest.fixture(scope="module")
def puzzle_set(tmp_path_factory):
    root = tmp_path_factory.mktemp("tangram_set")
    write_set(root, {"tangram": 9}, master_seed=2024)
    return root, load_set(root)


@pytest.fixture(scope="module")
def answers(tmp_path_factory):
    return tmp_path_factory.mktemp("tangram_answers")


def _save(image: Image.Image, folder, name: str, fmt: str = "PNG", **kw):
    path = folder / f"{name}.{fmt.lower()}"
    image.save(path, format=fmt, **kw)
    return path


def _solution(record: InstanceRecord) -> dict[str, Polygon]:
    return {s["name"]: Polygon(s["polygon"]) for s in record.ground_truth["solution"]}


def _scene(record: InstanceRecord, polys: dict[str, Polygon], order: list[str] | None = None,
           outline_px: float = 2.0) -> Image.Image:
    colour = {p["name"]: p["colour"] for p in record.ground_truth["pieces"]}
    order = order or list(polys)
    return draw_scene(record.ground_truth["silhouette"],
                      [(colour[n], [list(xy) for xy in polys[n].exterior.coords[:-1]]) for n in order],
                      outline_px=outline_px)


def _verify(root, record, path):
    return verify_answer(root, record, path)


# ------------------------------------------------------------------------------------------- geometry


def test_pieces_have_standard_areas_and_orientations():
    areas = {name: Polygon([to_float(v) for v in oriented_shape(kind_of(name), 0, False)]).area
             for name in PIECES}
    assert sum(areas.values()) == pytest.approx(8.0)
    assert areas["large_triangle_1"] == pytest.approx(2.0)
    assert areas["parallelogram"] == pytest.approx(1.0)
    para = Polygon([to_float(v) for v in oriented_shape("parallelogram", 0, False)])
    flipped = Polygon([to_float(v) for v in oriented_shape("parallelogram", 0, True)])
    # the flip is a real mirror (not a rotation) and still congruent (mirror allowed)
    assert all(para.symmetric_difference(affinity.rotate(flipped, 45 * k, origin="centroid")).area > 0.1
               for k in range(8))
    assert congruent(para, flipped)


def test_congruence_accepts_rigid_motions_and_rejects_scaling():
    tri = Polygon([(0, 0), (2, 0), (0, 2)])
    moved = affinity.translate(affinity.rotate(tri, 135, origin=(0, 0)), 5, -3)
    assert congruent(tri, moved)
    assert congruent(tri, affinity.scale(tri, -1, 1))
    assert not congruent(tri, affinity.scale(tri, 1.3, 1.3))
    assert not congruent(Polygon([(0, 0), (1, 0), (1, 1), (0, 1)]), Polygon([(0, 0), (2, 0), (2, 0.5), (0, 0.5)]))


def _rot90(p: Placement) -> Placement:
    xa, xb, ya, yb = p.offset
    return Placement(p.name, (p.rotation + 2) % 8, p.flipped, (-ya, -yb, xa, xb))


def _mirror(p: Placement) -> Placement:
    xa, xb, ya, yb = p.offset
    return Placement(p.name, (-p.rotation) % 8, not p.flipped, (-xa, -xb, ya, yb))


def _shift(p: Placement) -> Placement:
    xa, xb, ya, yb = p.offset
    return Placement(p.name, p.rotation, p.flipped, (xa + 3, xb - 1, ya + 2, yb + 5))


def _remap(arr: Arrangement, f) -> Arrangement:
    placements = tuple(f(p) for p in arr.placements)
    return Arrangement(placements, union_of(p.polygon() for p in placements))


def test_canonical_hash_invariant_to_rotation_reflection_translation():
    hashes = set()
    for seed in range(5):
        arr = generate_arrangement(random.Random(seed), CONVEXITY["medium"])
        h = canonical_hash(arr)
        for f in (_rot90, _mirror, _shift, lambda p: _mirror(_rot90(_shift(p)))):
            other = _remap(arr, f)
            assert other.silhouette.symmetric_difference(arr.silhouette).area > 1e-3 or f is _shift
            assert canonical_hash(other) == h
        hashes.add(h)
    assert len(hashes) == 5  # different silhouettes hash differently


def test_generated_silhouettes_respect_variant_bands():
    for variant, (lo, hi) in CONVEXITY.items():
        arr = generate_arrangement(random.Random(11), (lo, hi))
        assert lo <= convexity(arr.silhouette) <= hi
        assert arr.silhouette.geom_type == "Polygon" and not arr.silhouette.interiors
        assert arrangement_problems(arr.polygons(), arr.silhouette) == []


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**40), variant=st.sampled_from(TRACK.variants))
@example(seed=4096, variant="hard")  # once drew a silhouette whose notch closed at a pinch point
def test_property_area_and_stored_solution_verifies(seed, variant):
    puzzle = TRACK.generate(seed, variant)
    gt = puzzle.ground_truth
    unit = puzzle.layout["unit_px"]
    silhouette = Polygon(gt["silhouette"])
    piece_area = sum(Polygon(p["polygon"]).area for p in gt["pieces"])
    assert silhouette.area == pytest.approx(piece_area, rel=1e-4)
    assert silhouette.area == pytest.approx(8 * unit * unit, rel=1e-4)
    record = InstanceRecord("x", "tangram", variant, puzzle.difficulty, seed, puzzle.instruction, "", [], "",
                            gt, puzzle.layout, puzzle.scoring, TRACK.version)
    assert TRACK.validate(record) == []
    verdict = TRACK.verify(record, np.asarray(puzzle.reference_images[0]), np.asarray(puzzle.input_image))
    assert verdict.score == 100 and verdict.status == Status.CORRECT, verdict.codes


def test_generation_is_deterministic():
    a, b = TRACK.generate(99, "hard"), TRACK.generate(99, "hard")
    assert a.input_image.tobytes() == b.input_image.tobytes()
    assert a.reference_images[0].tobytes() == b.reference_images[0].tobytes()
    assert a.ground_truth == b.ground_truth


# The digest of generated bytes per track version is in test_generation_bytes.py (tangram since version 5).


def test_the_static_page_is_blank_inside_the_panels():
    """``draw_scene`` starts a region inside a panel as a blank image instead of a cut of the static page."""
    page = np.asarray(_static_page()[0])
    for x0, y0, x1, y1 in blank_panel_insides():
        assert (page[y0:y1, x0:x1] == 255).all()
        assert not (page[y0 - 6:y1 + 6, x0 - 6:x1 + 6] == 255).all()  # the frame is right outside


def test_validate_catches_a_broken_record(puzzle_set):
    root, pset = puzzle_set
    record = pset.records[0]
    assert TRACK.validate(record) == []
    bad = InstanceRecord.from_json(record.to_json())
    sol = bad.ground_truth["solution"]
    sol[0]["polygon"] = [[x + 9.0, y] for x, y in sol[0]["polygon"]]
    assert any("overlap" in p or "differs" in p for p in TRACK.validate(bad))


# ---------------------------------------------------------------------------------- calibration ladder


def test_reference_scores_100_and_registers(puzzle_set):
    root, pset = puzzle_set
    for record in pset.records:
        verdict = _verify(root, record, root / record.reference_images[0])
        assert verdict.score == 100, (record.id, verdict.codes, verdict.reason)
        assert verdict.status == Status.CORRECT


def test_unchanged_input_scores_0(puzzle_set):
    root, pset = puzzle_set
    for record in pset.records[:3]:
        verdict = _verify(root, record, root / record.input_image)
        assert verdict.score == 0 and "no_attempt" in verdict.codes


def test_one_piece_rotated_out_of_place_is_caught(puzzle_set, answers):
    root, pset = puzzle_set
    record = pset.records[1]
    polys = _solution(record)
    polys["large_triangle_1"] = affinity.rotate(polys["large_triangle_1"], 90, origin="centroid")
    order = [n for n in PIECES if n != "large_triangle_1"] + ["large_triangle_1"]
    verdict = _verify(root, record, _save(_scene(record, polys, order), answers, "rotated"))
    assert verdict.score < 100
    flagged = {v.evidence.get("piece") for v in verdict.violations} | \
        {n for v in verdict.violations for n in v.evidence.get("pieces", [])}
    assert "large_triangle_1" in flagged, verdict.codes
    assert {"piece_outside", "pieces_overlap"} & set(verdict.codes)
    assert all("bbox" in v.evidence for v in verdict.violations)


def test_one_piece_scaled_is_caught(puzzle_set, answers):
    root, pset = puzzle_set
    for record, name in ((pset.records[2], "medium_triangle"), (pset.records[3], "square")):
        polys = _solution(record)
        polys[name] = affinity.scale(polys[name], 1.3, 1.3, origin="centroid")
        order = [n for n in PIECES if n != name] + [name]
        verdict = _verify(root, record, _save(_scene(record, polys, order), answers, f"scaled_{name}"))
        assert verdict.score < 100
        scaled = [v for v in verdict.violations if v.code == "piece_scaled"]
        assert scaled and scaled[0].evidence["piece"] == name, verdict.codes
        assert scaled[0].evidence["scale"] == pytest.approx(1.3, abs=0.06)


def test_two_pieces_overlapping_are_caught(puzzle_set, answers):
    root, pset = puzzle_set
    record = pset.records[4]
    polys = _solution(record)
    big = polys["large_triangle_2"].centroid
    small = polys["small_triangle_1"].centroid
    polys["small_triangle_1"] = affinity.translate(polys["small_triangle_1"], big.x - small.x, big.y - small.y)
    order = [n for n in PIECES if n != "small_triangle_1"] + ["small_triangle_1"]
    verdict = _verify(root, record, _save(_scene(record, polys, order), answers, "overlap"))
    assert verdict.score < 100
    overlaps = [v for v in verdict.violations if v.code == "pieces_overlap"]
    assert overlaps and set(overlaps[0].evidence["pieces"]) == {"small_triangle_1", "large_triangle_2"}
    assert "silhouette_uncovered" in verdict.codes  # the moved piece left a hole


def test_missing_and_deformed_pieces_are_named(puzzle_set, answers):
    root, pset = puzzle_set
    record = pset.records[5]
    polys = _solution(record)
    del polys["square"]
    verdict = _verify(root, record, _save(_scene(record, polys), answers, "missing"))
    assert [v.evidence["piece"] for v in verdict.violations if v.code == "piece_missing"] == ["square"]
    assert verdict.score == pytest.approx(200 / 3, abs=0.01)  # one defect -> tier 2

    polys = _solution(record)
    c = polys["parallelogram"].centroid
    polys["parallelogram"] = affinity.scale(polys["parallelogram"], 1.6, 0.62, origin=c)  # same area, wrong shape
    verdict = _verify(root, record, _save(_scene(record, polys), answers, "deformed"))
    assert "piece_deformed" in verdict.codes and verdict.score < 100

    polys = {n: p for n, p in _solution(record).items() if n.startswith("large")}
    verdict = _verify(root, record, _save(_scene(record, polys), answers, "destroyed"))
    assert verdict.score == 0 and verdict.codes.count("piece_missing") == 5


def test_a_different_valid_arrangement_scores_100(puzzle_set, answers):
    root, pset = puzzle_set
    tried = 0
    for record in pset.records:
        alts = alternative_arrangements(_solution(record), limit=2)
        for k, alt in enumerate(alts):
            silhouette = Polygon(record.ground_truth["silhouette"])
            assert arrangement_problems(alt, silhouette, record.layout["unit_px"], rel_tol=2e-4) == []
            image = _scene(record, alt)
            reference = Image.open(root / record.reference_images[0]).convert("RGB")
            changed = np.any(np.asarray(image) != np.asarray(reference), axis=2).sum()
            assert changed > 300  # a genuinely different picture, not the reference
            verdict = _verify(root, record, _save(image, answers, f"alt_{record.id}_{k}"))
            assert verdict.score == 100, (record.id, verdict.codes)
            tried += 1
    assert tried >= 2


def test_copies_left_in_the_tray_are_pieces_left_in_the_tray(puzzle_set, answers):
    """The tiling drawn in the silhouette and every piece also left in its tray place: fourteen pieces on the
    page. Rubric 13 (every piece on the page is one of the seven): each is ``piece_left_in_tray``, the tiling
    itself right (tier 2). Until rubric 12 these copies were ignored as the input's ink (score 100)."""
    root, pset = puzzle_set
    record = pset.records[6]
    colour = {p["name"]: p["colour"] for p in record.ground_truth["pieces"]}
    image = draw_scene(record.ground_truth["silhouette"],
                       [(colour[p["name"]], p["polygon"]) for p in record.ground_truth["pieces"]]
                       + [(colour[s["name"]], s["polygon"]) for s in record.ground_truth["solution"]])
    verdict = _verify(root, record, _save(image, answers, "copies"))
    assert verdict.score == 66.67 and verdict.status == Status.INCORRECT, verdict.codes
    assert sorted(v.evidence["piece"] for v in verdict.violations if v.code == "piece_left_in_tray") == \
        sorted(p["name"] for p in record.ground_truth["pieces"]), verdict.codes
    assert set(verdict.codes) == {"piece_left_in_tray"}, verdict.codes


# --------------------------------------------------------------------------------------- perturbations


def _jpeg(image: Image.Image, quality: int) -> Image.Image:
    buf = io.BytesIO()
    image.save(buf, format="JPEG", quality=quality)
    return Image.open(io.BytesIO(buf.getvalue())).convert("RGB")


def _pad(image: Image.Image, left: int, top: int, right: int, bottom: int) -> Image.Image:
    out = Image.new("RGB", (image.width + left + right, image.height + top + bottom), (255, 255, 255))
    out.paste(image, (left, top))
    return out


def _shade(image: Image.Image) -> Image.Image:
    arr = np.asarray(image).astype(np.float32)
    h, w = arr.shape[:2]
    gain = np.linspace(0.78, 1.05, w)[None, :, None] * np.linspace(0.95, 1.0, h)[:, None, None]
    hsv = np.asarray(Image.fromarray(np.clip(arr * gain, 0, 255).astype(np.uint8)).convert("HSV")).copy()
    hsv[:, :, 1] = (hsv[:, :, 1] * 0.8).astype(np.uint8)  # washed-out colours
    hsv[:, :, 0] = (hsv[:, :, 0].astype(int) + 3) % 256  # a few degrees of hue drift
    return Image.fromarray(hsv, "HSV").convert("RGB")


def _outlined(record: InstanceRecord, ink, width: int, wobble: float = 0.0) -> Image.Image:
    rng = random.Random(5)
    polys = {}
    for name, poly in _solution(record).items():
        pts = [(x + rng.uniform(-wobble, wobble), y + rng.uniform(-wobble, wobble))
               for x, y in poly.exterior.coords[:-1]]
        polys[name] = Polygon(pts)
    image = _scene(record, polys, outline_px=0)
    draw = ImageDraw.Draw(image)
    for poly in polys.values():
        draw.line(list(poly.exterior.coords), fill=ink, width=width, joint="curve")
    return image


PERTURBATIONS = {
    "half": lambda im, r: im.resize((im.width // 2, im.height // 2), Image.Resampling.LANCZOS),
    "double": lambda im, r: im.resize((im.width * 2, im.height * 2), Image.Resampling.BICUBIC),
    "square_1024": lambda im, r: im.resize((1024, 1024), Image.Resampling.BICUBIC),
    "pad_shift": lambda im, r: _pad(im, 40, 10, 0, 25),
    "crop": lambda im, r: im.crop((6, 4, im.width - 3, im.height - 5)),
    "jpeg60": lambda im, r: _jpeg(im, 60),
    "blur1": lambda im, r: im.filter(ImageFilter.GaussianBlur(1)),
    "shaded_colours": lambda im, r: _shade(im),
    "black_outlines": lambda im, r: _outlined(r, (0, 0, 0), 3),
    "white_gaps": lambda im, r: _outlined(r, (255, 255, 255), 4),
    "wobbly": lambda im, r: _outlined(r, (40, 40, 40), 2, wobble=1.5),
    "no_outline_small_jpeg": lambda im, r: _jpeg(_scene(r, _solution(r), outline_px=0).resize((700, 420)), 70),
}


@pytest.mark.parametrize("kind", sorted(PERTURBATIONS))
def test_perturbed_reference_still_scores_100(puzzle_set, answers, kind):
    root, pset = puzzle_set
    record = pset.records[7]
    reference = Image.open(root / record.reference_images[0]).convert("RGB")
    path = _save(PERTURBATIONS[kind](reference, record), answers, f"pert_{kind}")
    verdict = _verify(root, record, path)
    assert verdict.score == 100, (kind, verdict.codes, verdict.reason, verdict.subscores)


# A tinted paper multiplies every channel: cyan and magenta drift 10-20 degrees of hue (past the hue
# tolerance) unless the verifier white-balances first. Cases from the robustness sweep, harder tints.
TINTED = [  # (record index, paper RGB, x scale, y scale, blur sigma, JPEG quality)
    (1, (238, 232, 190), 0.62, 0.7, 0.6, 62),
    (4, (226, 247, 196), 1.7, 1.52, 1.0, 75),
    (8, (250, 222, 184), 1.15, 1.0, 0.4, 88),
]


def _tinted(reference: np.ndarray, paper, fx: float, fy: float, sigma: float, quality: int) -> np.ndarray:
    im = perturb.rotate(perturb.rescale(reference, fx, fy), 1.5)
    im = perturb.pad(im, 9, 3, 0, 12)
    return perturb.jpeg(perturb.blur(perturb.retint(im, paper), sigma), quality)


@pytest.mark.parametrize("index,paper,fx,fy,sigma,quality", TINTED)
def test_tinted_rescaled_jpeg_reference_scores_100(puzzle_set, answers, index, paper, fx, fy, sigma, quality):
    root, pset = puzzle_set
    record = pset.records[index]
    reference = np.asarray(Image.open(root / record.reference_images[0]).convert("RGB"))
    image = Image.fromarray(_tinted(reference, paper, fx, fy, sigma, quality))
    verdict = _verify(root, record, _save(image, answers, f"tinted_{index}"))
    assert verdict.score == 100, (paper, verdict.codes, verdict.subscores)
    assert verdict.extra["colour_match_fraction"] > 0.9


@settings(max_examples=8, deadline=None)
@given(r=st.integers(215, 255), g=st.integers(210, 255), b=st.integers(180, 240))
def test_property_paper_tint_does_not_change_the_reading(puzzle_set, r, g, b):
    root, pset = puzzle_set
    record = pset.records[2]
    reference = np.asarray(Image.open(root / record.reference_images[0]).convert("RGB"))
    input_image = np.asarray(Image.open(root / record.input_image).convert("RGB"))
    verdict = TRACK.verify(record, perturb.retint(reference, (r, g, b)), input_image)
    assert verdict.score == 100, ((r, g, b), verdict.codes)
    assert verdict.extra["colour_match_fraction"] > 0.95


def test_tinted_answer_with_a_piece_removed_is_still_caught(puzzle_set, answers):
    root, pset = puzzle_set
    record = pset.records[1]
    polys = _solution(record)
    del polys["parallelogram"]
    image = np.asarray(_scene(record, polys))
    verdict = _verify(root, record, _save(Image.fromarray(_tinted(image, (238, 232, 190), 0.8, 0.8, 0.6, 70)),
                                          answers, "tinted_missing"))
    assert verdict.score < 100 and "piece_missing" in verdict.codes, verdict.codes


# ------------------------------------------------------------------------------------------- garbage


def test_garbage_never_crashes(puzzle_set, answers):
    root, pset = puzzle_set
    record = pset.records[8]
    rng = np.random.default_rng(3)
    size = (600, 1000, 3)
    garbage = {
        "noise": Image.fromarray(rng.integers(0, 256, size, dtype=np.uint8)),
        "white": Image.new("RGB", (1000, 600), (255, 255, 255)),
        "black": Image.new("RGB", (1000, 600), (0, 0, 0)),
        "tiny": Image.new("RGB", (8, 5), (10, 200, 30)),
    }
    confetti = Image.open(root / record.input_image).convert("RGB")
    arr = np.asarray(confetti).copy()
    arr[100:500, 80:480] = rng.integers(0, 256, (400, 400, 3), dtype=np.uint8)
    garbage["confetti"] = Image.fromarray(arr)
    for name, image in garbage.items():
        verdict = _verify(root, record, _save(image, answers, f"garbage_{name}"))
        assert verdict.score < 100 and verdict.status != Status.CORRECT, name
        assert verdict.status != Status.ERROR or "verifier failed" not in (verdict.reason or ""), verdict.reason
    empty = answers / "empty.png"
    empty.write_bytes(b"")
    assert _verify(root, record, empty).status == Status.ERROR


def test_silhouettes_with_pinched_holes_or_narrow_notches_are_not_simple():
    from shapely.geometry import Polygon

    from genpuzzle.solvers.tangram import is_simple_silhouette

    square = Polygon([(0, 0), (4, 0), (4, 4), (0, 4)])
    assert is_simple_silhouette(square)
    # a keyhole: a pocket reached through a hairline channel is valid and has no interior ring, yet
    # reads as a hole in an image
    keyhole = square.difference(Polygon([(1, 1), (3, 1), (2, 2.5)]).union(
        Polygon([(1.99, 2), (2.01, 2), (2.01, 4.5), (1.99, 4.5)])))
    assert keyhole.is_valid and keyhole.geom_type == "Polygon" and not keyhole.interiors
    assert not is_simple_silhouette(keyhole)
    notch = square.difference(Polygon([(1.95, 1), (2.05, 1), (2.05, 4.5), (1.95, 4.5)]))
    assert not is_simple_silhouette(notch)
    wide_notch = square.difference(Polygon([(1.5, 1), (2.5, 1), (2.5, 4.5), (1.5, 4.5)]))
    assert is_simple_silhouette(wide_notch)


# ------------------------------------------------------------------------------ geometry robustness


def test_pinched_silhouette_is_rejected_and_its_seed_redrawn():
    """Issue 15: seed 682263398398276229 (hard) drew a silhouette whose vertex touched another edge; its
    pixel polygon was invalid and GEOS raised in validate and in verify."""
    from genpuzzle.solvers.tangram import is_simple_silhouette
    from genpuzzle.tracks.tangram import scoring_problems

    seed = 682263398398276229
    old = [("large_triangle_1", 3, False, (1, 2, -1, 0)), ("large_triangle_2", 7, False, (0, -1, 0, 1)),
           ("medium_triangle", 3, False, (1, 1, -1, 3)), ("small_triangle_1", 7, False, (0, -1, 0, -1)),
           ("small_triangle_2", 3, False, (0, 0, 0, 0)), ("square", 1, False, (0, 0, 0, 2)),
           ("parallelogram", 3, True, (0, 0, 1, -2))]  # the arrangement version 2 accepted for this seed
    pinched = union_of(Placement(*p).polygon() for p in old)
    assert pinched.geom_type == "Polygon" and pinched.is_valid  # in floats it looked fine...
    assert not is_simple_silhouette(pinched)  # ...but a vertex lies on another edge
    puzzle = TRACK.generate(seed, "hard")
    assert Polygon(puzzle.ground_truth["silhouette"]).is_valid
    assert scoring_problems(puzzle.ground_truth, puzzle.layout, TRACK.rubric) == []


def test_invalid_stored_polygons_are_reported_not_raised(puzzle_set):
    root, pset = puzzle_set
    bad = InstanceRecord.from_json(pset.records[0].to_json())
    sil = bad.ground_truth["silhouette"]
    sil[2] = list(sil[0])  # a ring through the same point twice: invalid
    sil.insert(3, [sil[1][0] + 30, sil[1][1] + 30])
    problems = TRACK.validate(bad)
    assert any("not a simple polygon" in p for p in problems), problems
    reference = np.asarray(Image.open(root / bad.reference_images[0]).convert("RGB"))
    verdict = TRACK.verify(bad, reference, reference)  # must not raise
    assert 0 <= verdict.score <= 100


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**62), variant=st.sampled_from(TRACK.variants))
def test_property_generated_instances_are_scoreable(seed, variant):
    """Every instance generation emits has a simple silhouette and pixel geometry that the verifier's
    geometry check scores perfectly (benchmarks/bench_tangram.py sweeps thousands end to end). The solver
    alone does not guarantee it at every pixel scale (next test), so ``generate`` re-draws an instance
    ``scoring_problems`` rejects; this is the property users get."""
    from genpuzzle.solvers.tangram import is_simple_silhouette
    from genpuzzle.tracks.tangram import solution_check_problems

    puzzle = TRACK.generate(seed, variant)
    gt = puzzle.ground_truth
    unit = float(puzzle.layout["unit_px"])
    silhouette = affinity.scale(Polygon(gt["silhouette"]), 1 / unit, 1 / unit, origin=(0, 0))
    assert is_simple_silhouette(silhouette)
    assert solution_check_problems(gt, puzzle.layout, TRACK.rubric) == []


def test_a_stored_silhouette_that_is_not_simple_is_drawn_again():
    # hypothesis seed 32 of the property above: seed 17 (hard) stored a silhouette whose rounding to 1/1000 px
    # closed a notch off with a pinch point (is_simple_silhouette False); since version 6 it is re-drawn
    from genpuzzle.solvers.tangram import is_simple_silhouette

    puzzle = TRACK.generate(17, "hard")
    unit = float(puzzle.layout["unit_px"])
    silhouette = affinity.scale(Polygon(puzzle.ground_truth["silhouette"]), 1 / unit, 1 / unit, origin=(0, 0))
    assert is_simple_silhouette(silhouette)


@pytest.mark.parametrize("seed,unit,scoreable", [(167986, 50.0 + 167986 % 23, True), (13443, 61.0, False)])
def test_an_arrangement_the_geometry_check_cannot_score_at_its_scale_is_named(seed, unit, scoreable):
    """Solver arrangements whose polygons, scaled to ``unit`` px and rounded to 1/1000 px, GEOS once or still
    overlays wrongly. 167986: a triangle and a square sharing an edge were read as the square; now scored
    perfectly. 13443 at 61 px per unit: the union of the rounded pieces loses 2 unit^2 (found in the final
    read by the property above in its earlier, solver-level form; the same on the session-start code), so
    the verifier would mark the stored solution down: ``scoring_problems`` names it, and ``generate``
    draws again, so no set holds it."""
    from genpuzzle.solvers.tangram import is_simple_silhouette
    from genpuzzle.tracks.tangram import scoring_problems

    arr = generate_arrangement(random.Random(seed), CONVEXITY["medium"])
    assert is_simple_silhouette(arr.silhouette)
    polys = {n: affinity.scale(p, unit, -unit, origin=(0, 0)) for n, p in arr.polygons().items()}
    rounded = {n: Polygon([[round(x, 3), round(y, 3)] for x, y in p.exterior.coords[:-1]]) for n, p in polys.items()}
    silhouette = affinity.scale(arr.silhouette, unit, -unit, origin=(0, 0))
    silhouette = Polygon([[round(x, 3), round(y, 3)] for x, y in silhouette.exterior.coords[:-1]])
    gt = {"silhouette": [list(c) for c in silhouette.exterior.coords[:-1]],
          "solution": [{"name": n, "polygon": [list(c) for c in p.exterior.coords[:-1]]} for n, p in rounded.items()],
          "pieces": [{"name": n, "polygon": [list(c) for c in p.exterior.coords[:-1]]} for n, p in rounded.items()]}
    problems = scoring_problems(gt, {"unit_px": unit}, TRACK.rubric)
    assert (problems == []) is scoreable, problems


# ---------------------------------------------------------------------- outlines, one colour (issue 14)


@pytest.mark.parametrize("style", ["black4_inside", "one_orange_black3", "permuted_dark2", "pastel_black2"])
def test_outlined_recoloured_and_one_colour_tilings_score_100(puzzle_set, answers, style):
    from tangram_answers import TUNE_STYLES, paint, solution

    root, pset = puzzle_set
    record = pset.records[3]
    chosen = {s.name: s for s in TUNE_STYLES}[style]
    verdict = _verify(root, record, _save(Image.fromarray(paint(record, solution(record), chosen)), answers,
                                          f"style_{style}"))
    assert verdict.score == 100 and verdict.status == Status.CORRECT, (style, verdict.codes)


@pytest.mark.parametrize("cheat", ["missing_piece", "overlap", "extra_shape"])
def test_one_colour_outlined_cheats_fail_with_named_violations(puzzle_set, answers, cheat):
    from tangram_answers import CHEATS, TUNE_STYLES, paint

    root, pset = puzzle_set
    record = pset.records[5]
    style = {s.name: s for s in TUNE_STYLES}["one_orange_black3"]
    image = paint(record, CHEATS[cheat](record), style)
    verdict = _verify(root, record, _save(Image.fromarray(image), answers, f"one_colour_{cheat}"))
    assert verdict.score < 100 and verdict.status != Status.CORRECT and verdict.violations, verdict.codes
    assert all("bbox" in v.evidence for v in verdict.violations)


def test_one_colour_without_outlines_is_flagged_for_review(puzzle_set, answers):
    """Pieces of one colour with no outline cannot be told apart: never a pass, always a review flag."""
    from tangram_answers import Style, paint, solution

    root, pset = puzzle_set
    record = pset.records[2]
    image = paint(record, solution(record), Style("one_orange_plain", fill="one:240,150,40", outline=None))
    verdict = _verify(root, record, _save(Image.fromarray(image), answers, "one_colour_plain"))
    assert verdict.status != Status.CORRECT and verdict.score < 100
    assert verdict.needs_review, (verdict.codes, verdict.subscores)


# ------------------------------------------------------------------ a page redrawn with a heavier pen


def _heavier_pen(image: Image.Image, px: int) -> Image.Image:
    """Every stroke ``px`` bolder per side: frames, ticks, captions, outlines and pieces alike."""
    return image.convert("RGB").filter(ImageFilter.MinFilter(2 * px + 1))


def test_pen_growth_is_measured_on_the_answers_own_frames(puzzle_set):
    from genpuzzle.verifiers.tangram import pen_growth_px

    root, pset = puzzle_set
    record = pset.records[0]
    ref = Image.open(root / record.reference_images[0]).convert("RGB")
    growth = lambda im: pen_growth_px(np.asarray(im), record.layout, TRACK.rubric)  # noqa: E731
    assert growth(ref) == pytest.approx(0.0, abs=0.2)
    assert growth(ref.filter(ImageFilter.GaussianBlur(1.0))) == pytest.approx(0.0, abs=0.3)  # blur is no pen
    assert growth(_heavier_pen(ref, 1)) == pytest.approx(1.0, abs=0.2)
    assert growth(_heavier_pen(ref, 2)) == pytest.approx(2.0, abs=0.2)
    assert growth(ref.filter(ImageFilter.MaxFilter(3))) == 0.0  # a lighter pen allows nothing


@pytest.mark.parametrize("px", [1, 2])
def test_a_page_redrawn_with_a_heavier_pen_scores_100(puzzle_set, answers, px):
    root, pset = puzzle_set
    for record in pset.records[:3]:
        image = _heavier_pen(Image.open(root / record.reference_images[0]), px)
        verdict = _verify(root, record, _save(image, answers, f"pen{px}_{record.id}"))
        assert verdict.score == 100 and verdict.status == Status.CORRECT, (record.id, px, verdict.codes)


@pytest.mark.parametrize("px", [1, 2])
def test_a_deformed_piece_is_still_named_on_a_heavier_pen_page(puzzle_set, answers, px):
    """The pen's growth is allowed, nothing more: the stretched parallelogram of the test above is still
    ``piece_deformed`` when the whole page is drawn 1 or 2 px bolder."""
    root, pset = puzzle_set
    record = pset.records[5]
    polys = _solution(record)
    c = polys["parallelogram"].centroid
    polys["parallelogram"] = affinity.scale(polys["parallelogram"], 1.6, 0.62, origin=c)
    verdict = _verify(root, record, _save(_heavier_pen(_scene(record, polys), px), answers, f"pen{px}_deformed"))
    deformed = [v for v in verdict.violations if v.code == "piece_deformed"]
    assert deformed and deformed[0].evidence["piece"] == "parallelogram", verdict.codes
    assert verdict.score < 100


# Found by the lead's spot check (master seed 4343, tangram v4): in pieces of other hues with outlines,
# drawn 1 px bolder, the parallelogram stretched 1.6 x 0.62 over its two neighbours passed with 100: its
# thin tips were taken as the neighbours' outline strokes, and the shape reading fitted the true shape.
STRETCHED_OVER_NEIGHBOURS = (2484300303688917151, "hard")


def test_a_piece_drawn_over_its_neighbours_in_other_hues_is_caught():
    import genpuzzle
    from tangram_answers import PEN_HELDOUT_STYLES, paint, solution

    puzzle = genpuzzle.generate("tangram", *STRETCHED_OVER_NEIGHBOURS)
    style = {s.name: s for s in PEN_HELDOUT_STYLES}["other_hues_black2_pen+1"]
    valid = genpuzzle.verify(puzzle, paint(puzzle, solution(puzzle), style))
    assert valid.score == 100 and valid.status == Status.CORRECT, valid.codes
    polys = solution(puzzle)
    c = polys["parallelogram"].centroid
    polys["parallelogram"] = affinity.scale(polys["parallelogram"], 1.6, 0.62, origin=c)
    verdict = genpuzzle.verify(puzzle, paint(puzzle, polys, style))
    assert verdict.status != Status.CORRECT and verdict.score < 100, verdict.codes
    foreign = [v for v in verdict.violations if v.code == "foreign_piece_ink"]
    assert foreign and foreign[0].evidence["area_unit2"] > 0.05 and "bbox" in foreign[0].evidence


# Found in the pen-held-out family (master seed 5555, tangram-easy-00001): pieces outlined 3-4 px on a page
# redrawn 2 px bolder (7-8 px outlines). At an acute tip the colour ends far before the corner and the
# outline's inner half lies nearer the paper than the colour: the shape reading cut the tips off (the
# medium triangle read as a four-cornered face, matched to the parallelogram), and the colour reading's
# fits slid under their neighbours rather than over their own outline ink; both read `pieces_overlap`.
HEAVY_OUTLINES_AT_ACUTE_TIPS = (1225080587127516091, "easy")


@pytest.mark.parametrize("style", ["black3_texture_jpeg_pen+2", "black4_upscale_rotate_pen+2"])
def test_heavy_outlines_at_acute_tips_are_outlines_not_overlaps(style):
    """The valid tiling scores 100; the same style with a small triangle drawn over a large one still
    fails (read as an overlap, or as the covered piece missing and two stray shapes)."""
    import genpuzzle
    from tangram_answers import PEN_HELDOUT_STYLES, _overlap, paint, solution

    puzzle = genpuzzle.generate("tangram", *HEAVY_OUTLINES_AT_ACUTE_TIPS)
    pen_style = {s.name: s for s in PEN_HELDOUT_STYLES}[style]
    valid = genpuzzle.verify(puzzle, paint(puzzle, solution(puzzle), pen_style))
    assert valid.score == 100 and valid.status == Status.CORRECT, valid.violations
    verdict = genpuzzle.verify(puzzle, paint(puzzle, _overlap(puzzle), pen_style))
    assert verdict.score < 100 and verdict.status != Status.CORRECT, verdict.codes
    assert {"pieces_overlap", "piece_missing"} & set(verdict.codes), verdict.codes


# Pages whose faces a corner count mismatched (rubric 6): master seed 4343's tangram-hard-00011 in the pen
# held-out style (the parallelogram's face five-cornered by the tip extension, the medium triangle's four-
# cornered by a cut tip: the two swapped, 67) and master seed 6868's tangram-medium-00003 in a tune style
# (5 px outlines, JPEG 70: the same swap).
CORNER_COUNT_SWAPS = (((583702009878658967, "hard"), "black3_texture_jpeg_pen+2"),
                      ((5982830456981417546, "medium"), "black5_jpeg70"))


@pytest.mark.parametrize("case", CORNER_COUNT_SWAPS, ids=lambda c: c[1])
def test_the_medium_triangle_and_the_parallelogram_are_told_apart_by_their_enclosing_triangle(case):
    """A valid tiling with heavy outlines scores 100: faces are matched to pieces by how well they fill
    their smallest enclosing triangle, which a spurious tip corner or a cut tip hardly moves."""
    import genpuzzle
    from tangram_answers import PEN_HELDOUT_STYLES, TUNE_STYLES, paint, solution

    (seed, variant), style = case
    puzzle = genpuzzle.generate("tangram", seed, variant)
    chosen = {s.name: s for s in list(PEN_HELDOUT_STYLES) + list(TUNE_STYLES)}[style]
    verdict = genpuzzle.verify(puzzle, paint(puzzle, solution(puzzle), chosen))
    assert verdict.score == 100 and verdict.status == Status.CORRECT, verdict.violations


def test_triangle_fill_ignores_a_cut_tip_and_a_spurious_corner():
    from genpuzzle.verifiers.tangram import _triangle_fill

    triangle = Polygon([(0, 0), (100, 0), (0, 100)])
    parallelogram = Polygon([(0, 0), (100, 0), (150, 50), (50, 50)])
    assert _triangle_fill(triangle) > 0.99 and abs(_triangle_fill(parallelogram) - 0.5) < 0.01
    assert _triangle_fill(Polygon([(0, 0), (88, 0), (88, 12), (0, 100)])) > 0.9  # an acute tip cut off
    grown_tip = Polygon([(0, 0), (100, 0), (158, 54), (150, 50), (50, 50)])  # a tip grown past its corner
    assert _triangle_fill(grown_tip) < 0.6
    assert _triangle_fill(Polygon([(0, 0), (100, 0), (100, 100), (0, 100)])) < 0.51


def test_colour_fits_cover_their_own_heavy_outline_not_their_neighbours():
    """The colour reading of that page: the fits lie over their own outline ink (cheaper than hiding under
    a neighbour), so no fit's core covers a neighbour's colour."""
    import genpuzzle
    from tangram_answers import PEN_HELDOUT_STYLES, paint, solution

    from genpuzzle.verifiers.tangram import check_arrangement, read_pieces

    puzzle = genpuzzle.generate("tangram", *HEAVY_OUTLINES_AT_ACUTE_TIPS)
    style = {s.name: s for s in PEN_HELDOUT_STYLES}["black3_texture_jpeg_pen+2"]
    reading = read_pieces(paint(puzzle, solution(puzzle), style), puzzle.ground_truth, puzzle.layout, TRACK.rubric)
    violations, _, _ = check_arrangement(reading, Polygon(puzzle.ground_truth["silhouette"]),
                                         puzzle.layout["unit_px"], TRACK.rubric)
    assert "pieces_overlap" not in [v.code for v in violations], violations


# ------------------------------------------------------------------------------------------- other marks


@pytest.mark.parametrize("fraction", [0.035, 0.07])
def test_a_small_mark_beside_the_silhouette_or_in_the_tray_is_a_stray_mark(puzzle_set, answers, fraction):
    """Every mark is accounted for: a dot, a tick, a scribble or a "7" (3.5 or 7 % of the short side) on
    blank paper in either panel of a correct tiling is a ``stray_mark`` (tier 2) with its box and size;
    these answers scored 100 before (the lead's scribble check)."""
    from marks import KINDS, marked

    root, pset = puzzle_set
    for i, kind in enumerate(KINDS):
        record = pset.records[i]
        image = marked(Image.open(root / record.reference_images[0]), Image.open(root / record.input_image),
                       Image.open(root / record.edit_mask), kind, fraction, seed=10 + i)
        verdict = _verify(root, record, _save(image, answers, f"mark_{kind}_{fraction}"))
        assert verdict.status == Status.INCORRECT and verdict.score < 100, (kind, verdict.codes)
        assert "stray_mark" in verdict.codes, (kind, verdict.codes)
        mark = verdict.violations[verdict.codes.index("stray_mark")]
        assert len(mark.evidence["bbox"]) == 4 and mark.evidence["area_px"] > 0 and mark.evidence["place"]


def test_a_faint_mark_is_unsure_never_correct(puzzle_set, answers):
    """A light grey "7" (added darkness between the faint and the sure level): needs_review, not 100."""
    from marks import marked

    root, pset = puzzle_set
    record = pset.records[4]
    image = marked(Image.open(root / record.reference_images[0]), Image.open(root / record.input_image),
                   Image.open(root / record.edit_mask), "seven", 0.05, seed=3, colour=(210, 210, 214))
    verdict = _verify(root, record, _save(image, answers, "faint_seven"))
    assert verdict.status == Status.NEEDS_REVIEW and verdict.needs_review and verdict.score < 100, verdict.codes
    assert verdict.extra["unsure_marks"]


def test_a_mark_where_a_tray_piece_was_is_a_stray_mark(puzzle_set, answers):
    """A black "7" drawn where a yellow or any other tray piece stood in the input (the answer has emptied
    the tray): darker than the piece in the channels the piece's colour leaves light, so it is added ink."""
    from shapely.geometry import Polygon as P

    from marks import draw_mark

    root, pset = puzzle_set
    record = pset.records[5]
    size = int(0.05 * 600)
    for piece in record.ground_truth["pieces"][:3]:
        c = P(piece["polygon"]).representative_point()
        image = draw_mark(Image.open(root / record.reference_images[0]).convert("RGB"), "seven",
                          (int(c.x), int(c.y)), size)
        verdict = _verify(root, record, _save(image, answers, f"mark_on_{piece['name']}"))
        assert "stray_mark" in verdict.codes and verdict.score < 100, (piece["name"], verdict.codes)


def _off_palette_colour(record: InstanceRecord) -> tuple[int, int, int]:
    """A saturated colour whose hue is as far as can be from every piece's (no piece takes it)."""
    import colorsys

    hues = [colorsys.rgb_to_hsv(*(c / 255 for c in p["colour"]))[0] * 360 for p in record.ground_truth["pieces"]]
    best = max(range(360), key=lambda h: min(min(abs(h - q), 360 - abs(h - q)) for q in hues))
    return tuple(int(round(255 * c)) for c in colorsys.hsv_to_rgb(best / 360, 0.7, 0.75))


@pytest.mark.parametrize("fill", ["unread_colour", "silhouette", "paper"])
def test_an_uncovered_patch_of_unread_piece_colour_is_unsure_a_dark_or_blank_one_is_not(puzzle_set, answers, fill):
    """Lead's degradation check (seed 97100): a reference at JPEG quality 20 left a 15 x 15 px block at a
    three-piece junction in a blend of piece colours no piece's hue takes, and 0.0517 unit^2 of silhouette
    "uncovered" against the 0.05 allowance: a confident `silhouette_uncovered` (67) on a right tiling. Such
    a patch, inside the largest piece of a reference (0.07 unit^2), is not known to be a gap: review, never
    correct, and never a confident fail. The same patch in the silhouette's own dark or in paper white is a
    real gap: a confident `silhouette_uncovered`."""
    root, pset = puzzle_set
    record = pset.records[1]
    unit = float(record.layout["unit_px"])
    big = max(record.ground_truth["solution"], key=lambda s: Polygon(s["polygon"]).area)
    centre = Polygon(big["polygon"]).representative_point()
    half = 0.5 * (0.07 ** 0.5) * unit
    colour = {"unread_colour": _off_palette_colour(record), "silhouette": (20, 20, 20), "paper": (255, 255, 255)}[fill]
    image = Image.open(root / record.reference_images[0]).convert("RGB")
    ImageDraw.Draw(image).rectangle([centre.x - half, centre.y - half, centre.x + half, centre.y + half], fill=colour)
    verdict = _verify(root, record, _save(image, answers, f"uncovered_patch_{fill}"))
    assert verdict.score < 100 and verdict.status is not Status.CORRECT, verdict.codes
    assert "silhouette_uncovered" in verdict.codes, verdict.codes
    if fill == "unread_colour":
        assert verdict.needs_review and verdict.status is Status.NEEDS_REVIEW, verdict.violations
    else:
        assert not verdict.needs_review and verdict.status is Status.INCORRECT, verdict.violations


# ------------------------------------------------------------- blind audit AUDIT13 (session 13, 2 Dec 2026)


@pytest.mark.parametrize("style", ["t_outline_palette_white", "t_outline_black_cream"])
def test_pieces_drawn_as_outlines_round_a_white_inside_are_read_and_never_passed(puzzle_set, answers, style):
    """Pieces drawn as outlines only, their insides white or cream (the silhouette's black painted over):
    the faces are paper that the outlines close in on every side. Before rubric 10 the shape reading took
    paper for no face and such a correct tiling was a confident 0 (no_attempt or six pieces missing: 32 of
    32 in the blind audit AUDIT13). Now the pieces are read, but the strokes round paper faces cannot be
    told from silhouette ink a turned or misshapen piece leaves bare (such errors passed), so a right
    tiling is unsure (review, not a confident fail) and a piece left out is a confident fail."""
    from audit_tangram_answers import STYLES, paint, solution

    root, pset = puzzle_set
    chosen = {s.name: s for s in STYLES}[style]
    for i in (1, 4):
        record = pset.records[i]
        image = paint(record, solution(record), chosen, seed=i)
        verdict = _verify(root, record, _save(Image.fromarray(image), answers, f"audit_{style}_{i}"))
        assert verdict.status == Status.NEEDS_REVIEW and verdict.needs_review, (record.id, verdict.codes)
        assert verdict.codes == ["pieces_read_from_outlines"] and verdict.score < 100, verdict.codes
        polys = solution(record)
        del polys["small_triangle_2"]
        verdict = _verify(root, record, _save(Image.fromarray(paint(record, polys, chosen, seed=i)), answers,
                                              f"audit_{style}_{i}_missing"))
        assert verdict.status == Status.INCORRECT and "silhouette_uncovered" in verdict.codes, verdict.codes


@pytest.fixture(scope="module")
def audit_set(tmp_path_factory):
    """The blind audit AUDIT13's set (12 instances, master seed 1313): ids and styles as measured."""
    root = tmp_path_factory.mktemp("tangram_audit") / "set"
    write_set(root, {"tangram": 12}, master_seed=1313)
    return root, load_set(root)


def _audit_verdicts(audit_set, folder, wanted: set[tuple[str, str, str]]) -> dict[tuple[str, str, str], object]:
    """Verdicts of the audit's answers (record id, case, style name) in ``wanted``, drawn as the audit draws them."""
    from audit_tangram_answers import cases, paint

    root, pset = audit_set
    out = {}
    for record, case, _, polys, style, seed in cases(pset.records, 1313):
        key = (record.id, case, style.name)
        if key in wanted:
            path = folder / f"{record.id}_{case}_{style.name}.png"
            Image.fromarray(paint(record, polys, style, seed)).save(path)
            out[key] = _verify(root, record, path)
    assert set(out) == wanted
    return out


def test_a_square_turned_45_degrees_over_its_neighbours_is_caught(audit_set, tmp_path):
    """The square turned 45 degrees in place lies a little over each of its neighbours (under the per-pair
    allowance every time) and leaves its corners uncovered: two of the blind audit's passes (AUDIT13,
    master seed 1313: easy-00001 with jittered pieces and drop shadows, medium-00006 with shaded pieces on
    textured JPEG paper) scored 100 before rubric 10. A piece's overlaps are now also summed over its
    neighbours (the colour reading; the shape reading, which takes dark ink beside a face as its
    outline, still passes the same error on gapped pages: see docs/tangram.md)."""
    wanted = {("tangram-easy-00001", "square_turned", "t_jittered_shadow"),
              ("tangram-medium-00006", "square_turned", "t_gradient_texture")}
    for key, verdict in _audit_verdicts(audit_set, tmp_path, wanted).items():
        assert verdict.status != Status.CORRECT and verdict.score < 100, (key, verdict.codes)
        assert "pieces_overlap" in verdict.codes


# ------------------------------------------------------------- rubric 11 (session 14, 2 Dec 2026)


def _reading_of(polys: dict[str, Polygon], areas: dict[str, float]):
    from genpuzzle.verifiers.tangram import PieceReading, TangramReading

    return TangramReading([PieceReading(n, areas[n], p, p, {"drawn_area": 1.0, "excess": 0.0, "deficit": 0.0,
                                                              "hidden": 0.0}) for n, p in polys.items()], 1.0, 1.0)


def test_edge_offsets_are_zero_on_a_tiling_and_large_for_a_turned_square(puzzle_set):
    """In a tiling every stretch of a piece's outline lies on the silhouette's outline or on a neighbour's:
    :func:`edge_offsets` is ~0 for the stored solution; the square turned 45 degrees in its slot has most
    of its outline ~0.2 unit off every other outline."""
    from genpuzzle.verifiers.tangram import edge_offsets

    root, pset = puzzle_set
    record = pset.records[0]
    unit = float(record.layout["unit_px"])
    sil = Polygon(record.ground_truth["silhouette"])
    polys = _solution(record)
    areas = {n: p.area for n, p in polys.items()}
    offsets = edge_offsets(_reading_of(polys, areas).pieces, sil, unit, 0.1)
    assert max(length for length, _ in offsets.values()) == 0.0
    assert max(offset for _, offset in offsets.values()) < 0.01
    turned = {**polys, "square": affinity.rotate(polys["square"], 45, origin="centroid")}
    offsets = edge_offsets(_reading_of(turned, areas).pieces, sil, unit, 0.1)
    length, offset = offsets["square"]
    assert length > 1.5 and 0.15 < offset < 0.25, offsets["square"]


@pytest.mark.parametrize("key", [("tangram-medium-00005", "square_turned", "t_rounded_gapped"),
                                 ("tangram-medium-00007", "square_turned", "t_other_hues_hairline_gaps"),
                                 ("tangram-hard-00009", "overlap", "t_gradient_texture"),
                                 ("tangram-hard-00011", "flipped_parallelogram", "t_jittered_shadow")],
                         ids=lambda k: f"{k[1]}-{k[2]}")
def test_a_piece_misplaced_in_its_slot_on_a_shape_read_page_is_caught(audit_set, tmp_path, key):
    """Four of the blind audit's seven passes on rubric 10 (AUDIT13, master seed 1313): a square turned 45
    degrees on gapped pages, a large triangle shifted 0.3 unit over its neighbour on shaded pieces, the
    parallelogram flipped in place (flipping is allowed, but flipped in its slot it no longer fits it) on
    jittered pieces. The shape reading gives each face the dark ink within 0.14 unit of it as its outline,
    so the bare silhouette beside the misplaced piece vanished into strokes and every area (uncovered,
    overlap, spill) stayed under its allowance. As placed (the fits), the pieces do not meet edge to edge:
    piece_misplaced (or, for the flipped parallelogram whose face took the bare corner as its outline, a
    face that is no parallelogram: piece_deformed); a colour reading of the same tier that names the bare
    silhouette is reported instead where it identified as many pieces."""
    verdict = _audit_verdicts(audit_set, tmp_path, {key})[key]
    assert verdict.status == Status.INCORRECT and verdict.score < 100, verdict.codes
    named = {"piece_misplaced", "piece_deformed", "silhouette_uncovered", "pieces_overlap"}
    assert named & set(verdict.codes), verdict.codes


@pytest.mark.parametrize("key", [("tangram-easy-00001", "wrong_shape", "t_rounded_gapped"),
                                 ("tangram-medium-00006", "wrong_shape", "t_jittered_shadow"),
                                 ("tangram-hard-00010", "wrong_shape", "t_other_hues_hairline_gaps")],
                         ids=lambda k: k[2])
def test_a_rectangle_drawn_for_the_parallelogram_is_deformed(audit_set, tmp_path, key):
    """The parallelogram drawn as a rectangle of the same area along its long edge: its best parallelogram
    fit leaves 7-11 % of the area as excess and deficit, inside the 12 % a correct outlined piece needs, and
    all three passed on rubric 10 (blind audit AUDIT13). Its corners give it away: a parallelogram with
    45-degree corners fills 2/3 of its smallest enclosing rectangle, a rectangle all of it."""
    verdict = _audit_verdicts(audit_set, tmp_path, {key})[key]
    assert verdict.status == Status.INCORRECT and verdict.score < 100, verdict.codes
    deformed = [v for v in verdict.violations if v.code == "piece_deformed"]
    assert deformed and deformed[0].evidence["piece"] == "parallelogram", verdict.codes
    assert verdict.subscores["rect_fill_parallelogram"] > 0.78, verdict.subscores


def test_one_colour_with_white_seams_is_not_foreign_ink(audit_set, tmp_path):
    """One colour for all seven pieces with white seams (the blind audit's one confident false fail on
    rubric 10, 67 ``foreign_piece_ink``): a seam cuts a tip off its face, and in one colour that tip is as
    near in colour to every other face as to its own. Ink of its own face's colour is not foreign."""
    key = ("tangram-easy-00003", "none", "t_one_colour_white_seams")
    verdict = _audit_verdicts(audit_set, tmp_path, {key})[key]
    assert verdict.status == Status.CORRECT and verdict.score == 100 and not verdict.needs_review, verdict.codes
