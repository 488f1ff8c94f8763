"""The math_proof track: exact relations of the stored objects (hypothesis), the partition invariants
against every listed valid partition, and the verifier's calibration ladder per construction and per
identity (reference, unchanged input, the wrong object, an object 10 % off, every valid alternative
partition, answers redrawn as a model would in the tuned styles of ``math_proof_answers``), all through
``verify_image`` (registration runs). Held-out styles are measured by the benchmark, never here.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from genpuzzle.dataset import encode_png
from genpuzzle.evaluate import verify_image
from genpuzzle.judge import load_rubric
from genpuzzle.merge import merge
from genpuzzle.records import InstanceRecord, Status
from genpuzzle.registry import get_track
from genpuzzle.solvers import math_proof as geo
from genpuzzle.tracks.math_proof import CONSTRUCTIONS, IDENTITIES, relations_problems

from math_proof_answers import TUNE, make_answer, plant
from registered_verdict import verify_registered

SETTINGS = settings(max_examples=15, deadline=None)
TRACK = get_track("math_proof")


def _seed_for(variant: str, kind: str) -> int:
    """The first seed whose instance is of ``kind`` (the kind is the generator's first random draw)."""
    names = CONSTRUCTIONS if variant == "construction" else IDENTITIES
    return next(s for s in range(10_000) if names[random.Random(s).randrange(len(names))] == kind)


def _instance(variant: str, kind: str):
    seed = _seed_for(variant, kind)
    puzzle = TRACK.generate(seed, variant)
    record = InstanceRecord(id=f"{kind}-{seed}", track="math_proof", variant=variant, difficulty=puzzle.difficulty,
                            seed=seed, instruction=puzzle.instruction, input_image="in.png",
                            reference_images=["ref.png"], edit_mask="mask.png", ground_truth=puzzle.ground_truth,
                            layout=puzzle.layout, scoring=puzzle.scoring, track_version=TRACK.version)
    record = InstanceRecord.from_json(json.loads(json.dumps(record.to_json())))  # as read back from a manifest
    inp = np.asarray(puzzle.input_image.convert("RGB"))
    mask = np.asarray(puzzle.edit_mask) > 0
    return record, puzzle, inp, mask


@pytest.fixture(scope="module")
def instances():
    out = {}
    for kind in CONSTRUCTIONS:
        out[kind] = _instance("construction", kind)
    for kind in IDENTITIES:
        out[kind] = _instance("proof_without_words", kind)
    return out


def _verify(inst, image):
    record, _, inp, mask = inst
    return verify_image(record, np.asarray(image), inp, mask)


# ------------------------------------------------------------------------------------------ exact objects


rationals = st.fractions(min_value=-3, max_value=3, max_denominator=7)


@SETTINGS
@given(rationals, rationals, rationals)
def test_triangle_objects_satisfy_their_defining_relations_exactly(t1, t2, t3):
    a, b, c = (geo.circle_point(t) for t in (t1, t2, t3))
    if len({a, b, c}) < 3 or geo.cross(geo.sub(b, a), geo.sub(c, a)) == 0:
        return
    for p, q in ((a, b), (b, c), (c, a)):  # rational side lengths (exact_sqrt raises otherwise)
        geo.exact_sqrt(geo.norm2(geo.sub(p, q)))
    truth = {"kind": "centroid", "figure": {"points": {k: geo.pt_json(p) for k, p in zip("ABC", (a, b, c))}},
             "elements": list(geo.triangle_objects(a, b, c).values()),
             "params": {"centroid": geo.pt_json(((a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3))}}
    truth["elements"] = [e for e in truth["elements"] if e["name"] != "nine-point circle"]
    assert relations_problems(truth) == []
    o = geo.circumcenter(a, b, c)
    h = geo.orthocenter(a, b, c)
    for p, q, r in ((a, b, c), (b, c, a), (c, a, b)):
        assert geo.dot(geo.sub(h, p), geo.sub(r, q)) == 0  # the orthocentre lies on every altitude
    n = geo.triangle_objects(a, b, c)["nine-point circle"]
    centre, radius = geo.pt_of(n["center"]), F(n["radius"])
    for p, q in ((a, b), (b, c), (c, a)):
        assert geo.norm2(geo.sub(geo.midpoint(p, q), centre)) == radius * radius
    assert geo.norm2(geo.sub(o, a)) == geo.norm2(geo.sub(o, b)) == geo.norm2(geo.sub(o, c))


@SETTINGS
@given(st.sampled_from(geo.TANGENT_TRIPLES), st.sampled_from(geo.ROTATIONS), rationals, rationals)
def test_tangent_points_touch_the_circle_at_right_angles(triple, rotation, ox, oy):
    d, r, _ = triple
    o = (ox, oy)
    p = geo.add(o, (d * rotation[0], d * rotation[1]))
    for t in geo.tangent_points(o, F(r), p):
        assert geo.norm2(geo.sub(t, o)) == r * r
        assert geo.dot(geo.sub(t, o), geo.sub(t, p)) == 0


@SETTINGS
@given(st.sampled_from(CONSTRUCTIONS), st.integers(0, 10_000))
def test_every_generated_construction_satisfies_its_relations_and_is_deterministic(kind, salt):
    seed = next(s for s in range(salt, salt + 10_000)
                if CONSTRUCTIONS[random.Random(s).randrange(len(CONSTRUCTIONS))] == kind)
    puzzle = TRACK.generate(seed, "construction")
    assert relations_problems(json.loads(json.dumps(puzzle.ground_truth))) == []
    again = TRACK.generate(seed, "construction")
    assert encode_png(again.input_image) == encode_png(puzzle.input_image)
    assert encode_png(again.reference_images[0]) == encode_png(puzzle.reference_images[0])


PARAMS = {"odd_sum": {"n": 5}, "triangular": {"n": 4}, "square_of_sum": {"a": 3, "b": 2},
          "difference_of_squares": {"a": 6, "b": 2, "corner": 1}, "halving": {"n": 4},
          "nicomachus": {"n": 3, "side": 6}}
# halving 4 x 4: 4 ways to halve the square x 2 (the 4 x 2 half) x 4 (the 2 x 2) x 1 (the last two cells
# are one partition whichever is "given away")
VALID_COUNT = {"odd_sum": 4, "triangular": 2, "square_of_sum": 4, "difference_of_squares": 2, "halving": 32,
               "nicomachus": 4}


@pytest.mark.parametrize("identity", IDENTITIES)
def test_partition_invariants_accept_exactly_the_listed_partitions(identity):
    params = PARAMS[identity]
    valid = geo.valid_partitions(identity, params)
    assert len(valid) == VALID_COUNT[identity]
    keys = {geo._partition_key(lab) for lab in valid}
    rng = random.Random(0)
    for lab in valid:
        assert geo.partition_holds(identity, params, lab)
        # moving one cell to a neighbouring region breaks the identity, unless it gives another listed
        # valid partition (halving: the two single cells at the end)
        for _ in range(5):
            bad = lab.copy()
            r, c = rng.randrange(lab.shape[0]), rng.randrange(lab.shape[1])
            neighbours = [lab[rr, cc] for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
                          if 0 <= rr < lab.shape[0] and 0 <= cc < lab.shape[1] and lab[rr, cc] != lab[r, c]
                          and lab[rr, cc] >= 0]
            if lab[r, c] < 0 or not neighbours:
                continue
            bad[r, c] = neighbours[0]
            assert geo.partition_holds(identity, params, bad) == (geo._partition_key(bad) in keys)
            assert identity == "halving" or not geo.partition_holds(identity, params, bad)


# ------------------------------------------------------------------------------------------ ladder


@pytest.mark.parametrize("kind", CONSTRUCTIONS + IDENTITIES)
def test_calibration_ladder(instances, kind):
    inst = instances[kind]
    record, puzzle, inp, _ = inst
    ref = _verify(inst, puzzle.reference_images[0].convert("RGB"))
    assert ref.score == 100.0 and ref.status is Status.CORRECT, (ref.codes, ref.parsed)
    assert "text_symbol_accuracy" not in ref.subscores and len(ref.subscores) == 4  # new text: the judge's
    blank = _verify(inst, inp)
    assert blank.score == 0.0 and "empty_or_irrelevant_output" in blank.codes
    style = TUNE[CONSTRUCTIONS.index(kind) % len(TUNE)] if kind in CONSTRUCTIONS else TUNE[IDENTITIES.index(kind) % 4]
    image = Image.fromarray(inp)
    wrong = plant(image, record, "wrong", style, seed=1)
    if wrong is not None:
        v = _verify(inst, wrong)
        assert v.score <= 40 and "wrong_element" in v.codes and "wrong_final_answer" in v.codes, (v.codes, v.parsed)
        named = next(x for x in v.violations if x.code == "wrong_element")
        assert named.evidence.get("drawn")
    off = plant(image, record, "inaccurate", style, seed=1)
    if off is not None:
        v = _verify(inst, off)
        assert "inaccurate_element" in v.codes and v.score < 100, (v.codes, v.parsed)
        assert "wrong_element" not in v.codes
    contradiction = plant(image, record, "contradiction", style, seed=1)
    if contradiction is not None:
        v = _verify(inst, contradiction)
        assert "contradiction" in v.codes and v.score <= 40, (v.codes, v.parsed)
    for error, code in (("extra_ink", "extra_ink"), ("missing_with_scribble", "missing_element")):
        v = _verify(inst, plant(image, record, error, style, seed=1))
        assert code in v.codes and v.score < 100, (error, v.codes)
    redrawn = _verify(inst, make_answer(image, record, style, seed=3))
    assert redrawn.score == 100.0 and redrawn.status is Status.CORRECT, (style.name, redrawn.codes, redrawn.parsed)


@pytest.mark.parametrize("identity", IDENTITIES)
def test_every_valid_alternative_partition_scores_100(instances, identity):
    inst = instances[identity]
    record = inst[0]
    count = record.ground_truth["valid_partitions"]
    picks = range(count) if count <= 4 else random.Random(0).sample(range(count), 3)
    for k in picks:
        answer = make_answer(Image.fromarray(inst[2]), record, TUNE[k % 2], seed=k, alternative=k)
        v = _verify(inst, answer)
        assert v.score == 100.0 and v.status is Status.CORRECT, (k, v.codes, v.parsed)


def _washed_out(image, contrast: float) -> np.ndarray:
    """The page with its contrast lowered (PIL's ImageEnhance.Contrast), saved as JPEG 85."""
    import io

    from PIL import ImageEnhance

    buf = io.BytesIO()
    ImageEnhance.Contrast(Image.fromarray(np.asarray(image)).convert("RGB")).enhance(contrast).save(buf, "JPEG", quality=85)
    return np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert("RGB"))


@pytest.mark.parametrize("identity", IDENTITIES)
def test_a_washed_out_reference_partition_is_never_a_confident_fail(instances, identity):
    """Colour differences shrink with the page's contrast: region colours of a reference at contrast 0.4
    must not merge into a confident contradiction; a planted contradiction there still never passes."""
    inst = instances[identity]
    record, puzzle = inst[0], inst[1]
    v = _verify(inst, _washed_out(puzzle.reference_images[0], 0.4))
    assert v.score == 100.0 or v.needs_review, (v.score, v.codes, v.parsed)
    planted = plant(Image.fromarray(inst[2]), record, "contradiction", TUNE[0], seed=1)
    if planted is not None:
        w = _verify(inst, _washed_out(planted, 0.4))
        assert w.status is not Status.CORRECT and w.score < 100, (w.score, w.codes)


def test_a_label_erased_is_input_changed(instances):
    inst = instances["altitude"]
    v = _verify(inst, plant(Image.fromarray(inst[2]), inst[0], "label_erased", TUNE[0], seed=2))
    assert "input_changed" in v.codes and v.score < 100


def test_the_judge_fills_only_the_text_dimension(instances):
    from genpuzzle.judge import JudgeResult

    inst = instances["median"]
    v = _verify(inst, inst[1].reference_images[0].convert("RGB"))
    spec = load_rubric("math_proof")
    judged = JudgeResult(instance_id=v.id, model="m", rubric="math_proof", rubric_hash=spec.hash, score=90.0,
                         dimensions={"instruction_following": 10, "visual_structure": 10, "reasoning_correctness": 10,
                                     "text_symbol_accuracy": 9, "clarity": 5}, confidence=0.9, needs_review=False)
    merged = merge(v, judged, spec)
    assert merged.extra["merge"]["decided_by"] == "program+judge"
    assert merged.score == pytest.approx(20 + 25 + 30 + 9 + 10)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**31 - 1), st.sampled_from(("construction", "proof_without_words")))
def test_garbage_images_never_crash(instances, seed, variant):
    inst = instances["incircle" if variant == "construction" else "odd_sum"]
    rng = np.random.default_rng(seed)
    kind = seed % 3
    if kind == 0:
        image = rng.integers(0, 256, (200 + seed % 500, 150 + seed % 700, 3), dtype=np.uint8)
    elif kind == 1:
        image = np.full((640, 640, 3), rng.integers(0, 256), np.uint8)
    else:
        image = inst[2].copy()
        image[rng.integers(0, 600):, :, :] = rng.integers(0, 256, 3, dtype=np.uint8)
    v = _verify(inst, image)
    assert 0.0 <= v.score <= 100.0
    assert v.status is not Status.ERROR, v.reason


def test_edit_mask_dilation_equals_opencv():
    """The edit mask's ellipse dilation (a union of rectangle dilations) gives OpenCV's pixels exactly,
    for every kernel size the renderer can use and for kernels it must hand back to OpenCV."""
    import cv2

    from genpuzzle.renderers.math_proof import dilate_by_rects

    rng = np.random.default_rng(24)
    kernels = [cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)) for k in range(3, 72, 2)]
    kernels += [cv2.getStructuringElement(cv2.MORPH_CROSS, (7, 7)), np.eye(5, dtype=np.uint8)]
    for kernel in kernels:
        image = (rng.random((int(rng.integers(20, 160)), int(rng.integers(20, 160)))) > 0.995).astype(np.uint8)
        assert np.array_equal(dilate_by_rects(image, kernel), cv2.dilate(image, kernel))


def test_the_edit_mask_covers_the_answer_ink_with_its_margin(monkeypatch):
    """A lattice's renderer draws what the reference adds a second time onto the ``changed`` image its
    edit mask grows from: it must be exactly where the reference differs from the input. A construction's
    mask is drawn as shapes around the answer's objects (version 2): it must hold every pixel within the
    margin less 1 px of a pixel where the reference differs from the input, and none beyond the margin
    plus 3 px. Every construction kind and every identity; the mask would otherwise miss answer ink (an answer
    drawn there would move registration) or cover given ink."""
    import cv2

    from genpuzzle.renderers import math_proof as renderer

    lattices = []
    grown_mask = renderer.grown_mask

    def capture(changed, mask_ink_px):
        lattices.append(changed.copy())
        return grown_mask(changed, mask_ink_px)

    monkeypatch.setattr(renderer, "grown_mask", capture)
    kinds = set()

    for seed in range(60):
        for variant in ("construction", "proof_without_words"):
            puzzle = TRACK.generate(seed, variant)
            truth = puzzle.ground_truth
            kinds.add(truth["kind"] if variant == "construction" else truth["identity"])
            changed = renderer.changed_pixels(puzzle.reference_images[0], puzzle.input_image.convert("RGB"))
            if variant == "proof_without_words":
                assert np.array_equal(np.asarray(lattices[-1]), np.asarray(changed))
                continue
            margin = (renderer.mask_ink_kernel(3 * puzzle.layout["tolerance_px"]) - 1) / 2
            ink = np.asarray(changed) > 0
            mask = np.asarray(puzzle.edit_mask) > 0
            to_ink = cv2.distanceTransform((~ink).astype(np.uint8), cv2.DIST_L2, cv2.DIST_MASK_PRECISE)
            assert ink.any() and to_ink[~mask].min() > margin - 1, seed  # measured: > 27.0 of 28
            assert to_ink[mask].max() < margin + 3, seed  # measured: < 30.5
    assert kinds == set(CONSTRUCTIONS) | set(IDENTITIES)
    assert len(lattices) == 60


def test_reference_on_dark_margins_is_not_bent_along_a_lone_line(tmp_path):
    """Spot seed 45500: a construction reference on dark margins scored 99 (extra_ink, 265 px): the local
    bend matched patches holding one straight side of the triangle 16 px along it and bent the medians."""
    from page_change_cases import reference_under_page_change

    verdict = reference_under_page_change(tmp_path, "math_proof", 45500, 3, "construction", "dark_margins")
    assert verdict.score == 100 and verdict.status is Status.CORRECT, verdict.codes


# ------------------------------------------------------------------------------------------ stray marks


def _mark_place(inst, offset: float, s: float):
    """A point beside the first required object (``offset`` px off it along its normal) where the input is
    blank paper within ``s`` px and no annotation zone is near: (x, y, unit normal)."""
    from genpuzzle.verifiers.math_proof import ANNOTATION_FRACTION, element_px, samples_of
    from genpuzzle.renderers.math_proof import to_px

    record, _, inp, _ = inst
    frame, fb = record.layout["frame"], record.layout["figure_bbox"]
    side = float(max(fb[2] - fb[0], fb[3] - fb[1]))
    keep_off = [to_px(frame, p) for p in record.ground_truth.get("annotations", [])]
    pts = samples_of(element_px(record.ground_truth["elements"][0], frame), 1.0)[0]
    for k in list(range(len(pts) // 2, len(pts) - 1)) + list(range(len(pts) // 2, 0, -1)):
        d = pts[k + 1] - pts[k]
        n = np.array([-d[1], d[0]]) / max(1e-9, float(np.hypot(*d)))
        x, y = pts[k] + offset * n
        box = inp[int(y - s):int(y + s), int(x - s):int(x + s)]
        if box.size and box.shape[:2] == (int(2 * s), int(2 * s)) and box.min() > 200 and all(
                np.hypot(x - ax, y - ay) > ANNOTATION_FRACTION * side + 2 * s for ax, ay in keep_off):
            return float(x), float(y), n
    raise AssertionError("no blank place beside the object")


@pytest.mark.parametrize("kind", ["median", "altitude", "circumcircle", "parallel"])
@pytest.mark.parametrize("mark", ["seven_beside", "tick_across", "dot_on"])
def test_a_mark_beside_or_on_a_drawn_object_is_a_stray_mark(instances, kind, mark):
    """Account for all ink: a 7 written 25 px beside the drawn line, a tick across it or a dot on it is no
    part of the construction (before, ink within 1.5 tolerances of a drawn object was all the object's:
    such marks scored 100)."""
    from PIL import ImageDraw

    inst = instances[kind]
    _, puzzle, _, _ = inst
    image = puzzle.reference_images[0].convert("RGB")
    s = 22.0
    x, y, n = _mark_place(inst, 25.0 if mark == "seven_beside" else 0.0, s)
    d = ImageDraw.Draw(image)
    if mark == "seven_beside":
        d.line([(x - s / 3, y - s / 2), (x + s / 3, y - s / 2), (x - s / 8, y + s / 2)], fill=(20, 20, 20), width=2)
    elif mark == "tick_across":  # its long stroke crosses the line steeply (one along the line is read as it)
        u = np.array([n[1], -n[0]])
        c = np.array([x, y])
        tick = [c - 0.3 * s * u - 0.15 * s * n, c - 0.35 * s * n, c + 0.2 * s * u + 0.5 * s * n]
        d.line([tuple(p) for p in tick], fill=(20, 20, 160), width=2)
    else:
        d.ellipse([x - s / 3, y - s / 3, x + s / 3, y + s / 3], fill=(40, 40, 40))
    v = _verify(inst, image)
    assert v.score < 100 and v.status is not Status.CORRECT, v.violations
    assert "stray_mark" in v.codes or "extra_ink" in v.codes, v.violations


@pytest.mark.parametrize("kind", ["median", "circumcircle"])
def test_references_redrawn_thicker_dashed_or_doubled_have_no_stray_mark(instances, kind):
    """The other side: the object's own stroke, however drawn, is the object's (TUNE styles)."""
    record, puzzle, _, _ = instances[kind]
    for k, style in enumerate(TUNE):
        v = _verify(instances[kind], make_answer(puzzle.input_image, record, style, seed=k))
        assert "stray_mark" not in v.codes and not (v.extra or {}).get("unsure"), (style.name, v.violations)



def _construction_reference_in_perspective(tmp_path, count: int, seed: int, amount: float, pick):
    """The verdict on the first math_proof reference ``pick`` chooses in a set of ``count`` at ``seed``,
    photographed with ``amount`` perspective (JPEG 85)."""
    from genpuzzle.dataset import load_set, write_set
    from genpuzzle.evaluate import verify_answer
    from genpuzzle.page_perturb import perspective

    write_set(tmp_path / "set", {"math_proof": count}, seed)
    record = next(r for r in load_set(tmp_path / "set").records if pick(r))
    reference = np.asarray(Image.open(tmp_path / "set" / record.reference_images[0]).convert("RGB"))
    path = tmp_path / "perspective.jpg"
    Image.fromarray(perspective(reference, amount, seed=seed)[0]).save(path, quality=85)
    return verify_answer(str(tmp_path / "set"), record, path)


def test_a_perspective_redraw_leaves_no_stray_mark_along_the_given_frame(tmp_path):
    """Spot seed 87700 (eighth session): a construction reference redrawn in perspective registers with the
    page frame's line ~7 px off, beyond the 6 px of the given ink's own tolerance; the thin line along the
    frame is the given figure, not a stray mark (a mark within a tolerance of given ink is not told apart)."""
    v = _construction_reference_in_perspective(tmp_path, 4, 87700, 0.015, lambda r: r.variant == "construction")
    assert v.score == 100 and v.status is Status.CORRECT, v.violations


def test_an_acute_corner_of_a_blurred_reference_is_no_stray_mark():
    """The demo's reference as a model returns it (squashed to 1024 px, off-white, blurred, JPEG: the mock
    model of `genpuzzle demo`): the reflected shape's 17 degree apex merges its two strokes over ~50 px,
    which the stroke model charged as a 24 x 33 px stray mark (99, `incorrect`). Where two drawn strokes
    meet, the wedge between them out to 2 tolerances apart is theirs."""
    import genpuzzle
    from genpuzzle import perturb

    seed = 5890598295471267520  # the demo set's math_proof-construction-00000
    puzzle = genpuzzle.generate("math_proof", seed, "construction")
    answer = perturb.model_like(np.asarray(puzzle.reference_images[0].convert("RGB")), seed=seed % 1000)
    v = genpuzzle.verify(puzzle, answer)
    assert v.score == 100 and v.status is Status.CORRECT, v.violations


def _annotation_spot(inst, which: int, size: int, salt: int) -> tuple[int, int]:
    """A blank place (reference and input) for a mark of ``size`` px within the annotation zone round the
    ``which``-th key point."""
    from marks import blank_spots
    from genpuzzle.renderers.math_proof import to_px
    from genpuzzle.verifiers.math_proof import ANNOTATION_FRACTION

    record, puzzle, inp, _ = inst
    ref = np.asarray(puzzle.reference_images[0].convert("RGB")).astype(int)
    fb = record.layout["figure_bbox"]
    side = float(max(fb[2] - fb[0], fb[3] - fb[1]))
    x, y = to_px(record.layout["frame"], record.ground_truth["annotations"][which])
    spots = blank_spots(ref, inp.astype(int), np.ones(ref.shape[:2], bool), size)
    spots = spots[np.hypot(spots[:, 1] - x, spots[:, 0] - y) <= ANNOTATION_FRACTION * side]
    sy, sx = spots[np.random.default_rng(salt).integers(len(spots))]
    return int(sx), int(sy)


def _acute_apex(inst) -> tuple[np.ndarray, np.ndarray]:
    """The most acute corner of the answer's drawn outline: (corner, unit bisector into the wedge)."""
    from genpuzzle.verifiers.math_proof import element_px

    record = inst[0]
    best = None
    for e in record.ground_truth["elements"]:
        segs = element_px(e, record.layout["frame"]).get("segments", [])
        for (a0, a1), (b0, b1) in zip(segs, segs[1:] + segs[:1]):
            p = np.asarray(a1, float)  # a polygon's sides run end to end
            u, v = np.subtract(a0, p), np.subtract(b1, p)
            u, v = u / np.hypot(*u), v / np.hypot(*v)
            if best is None or u @ v > best[0]:
                best = (float(u @ v), p, (u + v) / np.hypot(*(u + v)))
    return best[1], best[2]


KEY_POINT_MARKS = ([(k, w, m) for k, w in (("circumcircle", 0), ("tangent", 0), ("tangent", 1))
                    for m in ("dot", "tick", "seven")]
                   + [(k, "apex", m) for k in ("reflection", "rotation") for m in ("dot", "seven")])


@pytest.mark.parametrize("kind, where, mark", KEY_POINT_MARKS)
def test_a_mark_at_a_key_point_or_in_a_corner_wedge_is_a_stray_mark(instances, kind, where, mark):
    """Account for all ink (tenth session): a dot, a tick or a "7" (22 px) on blank paper round a key point
    (the circumcentre, a tangent point), or a dot or a "7" inside the most acute corner of the drawn outline,
    between its two strokes, is no annotation and no stroke. Before, everything in a 6 % disc round a key
    point was an annotation and a corner's wedge and a 6 % disc round it the strokes' own. (A scribble is
    left out: at these places its long bars run along a stroke or the given circle, and what is left of it
    can read as a letter, an "L"; a tick in the corner touches both strokes and what is left is too small.)"""
    from marks import draw_mark

    inst = instances[kind]
    size = 22
    if where == "apex":
        apex, bisector = _acute_apex(inst)
        x, y = (int(round(c)) for c in apex + bisector * (1.2 * size + 6))
    else:
        x, y = _annotation_spot(inst, where, size, salt=["dot", "tick", "seven"].index(mark) + where)
    image = draw_mark(inst[1].reference_images[0].convert("RGB"), mark, (x, y), size, seed=3)
    v = _verify(inst, image)
    assert v.score < 100 and v.status is not Status.CORRECT, v.violations
    # charged, or (a tick reads as a "V" at 0.5-0.96: maybe a point's name) unsure
    assert "stray_mark" in v.codes or "extra_ink" in v.codes or v.needs_review, v.violations


@pytest.mark.parametrize("kind", ["circumcircle", "tangent", "median"])
def test_a_point_named_or_marked_at_a_key_point_is_an_annotation(instances, kind):
    """The other side: a point's name written beside a key point, clear of the figure's ink (a letter, read
    by the text recogniser), or a dot on the point itself, is an annotation, not a mark (100). (A label
    touching a stroke or the given figure loses that part of it and may read unsure: review.)"""
    from PIL import ImageDraw

    from genpuzzle.renderers.common import font
    from genpuzzle.renderers.math_proof import to_px
    from genpuzzle.verifiers.math_proof import ANNOTATION_FRACTION, element_px

    record, puzzle, _, _ = inst = instances[kind]
    fb = record.layout["figure_bbox"]
    side = float(max(fb[2] - fb[0], fb[3] - fb[1]))
    image = puzzle.reference_images[0].convert("RGB")
    ref = np.asarray(image).min(axis=2)
    d = ImageDraw.Draw(image)
    letter = {"circumcircle": "O", "tangent": "T", "median": "M", "centroid": "G"}[kind]
    lines = [element_px(e, record.layout["frame"]) for e in record.ground_truth["elements"]]
    lines = [seg for g in lines if g.get("line") for seg in g["segments"]]  # objects read along a whole line

    def off_lines(cx: float, cy: float) -> bool:
        return all(abs((qx - px) * (cy - py) - (qy - py) * (cx - px)) / np.hypot(qx - px, qy - py) > 16
                   for (px, py), (qx, qy) in lines)

    written = 0
    for k, p in enumerate(record.ground_truth["annotations"][:2]):
        x, y = to_px(record.layout["frame"], p)
        d.ellipse([x - 4, y - 4, x + 4, y + 4], fill=(30, 30, 160))
        # written beside the point where the page is blank, as one writes a point's name
        spots = [(dx, dy) for dy in range(-40, 18, 3) for dx in range(-36, 20, 3)
                 if np.hypot(dx + 8, dy + 12) <= ANNOTATION_FRACTION * side - 6 and off_lines(x + dx + 8, y + dy + 12)
                 and ref[max(0, int(y + dy) - 3):int(y + dy) + 27, max(0, int(x + dx) - 3):int(x + dx) + 21].min()
                 > 200]
        if spots:
            dx, dy = min(spots, key=lambda o: np.hypot(o[0] + 8, o[1] + 12))
            d.text((x + dx, y + dy), letter if k == 0 else "D", font=font(20), fill=(30, 30, 160))
            written += 1
    assert written, "no blank place for a label"
    v = _verify(inst, image)
    assert v.score == 100 and v.status is Status.CORRECT, (v.violations, (v.extra or {}).get("unsure"))


def test_the_given_frame_left_off_by_a_perspective_page_is_no_extra_ink(tmp_path):
    """Tilted-page check (seed 4646): a construction reference under 2 % perspective registers affinely
    (ecc, 0.95) with the given page frame's line a few px off at one corner, beyond the 6 px of the new-ink
    map: 170 px of `extra_ink` along the frame (98.73, `incorrect`). Ink within a tolerance of the given
    figure and no darker than it is that figure, for the extra-ink check too (as for stray marks)."""
    v = _construction_reference_in_perspective(tmp_path, 12, 4646, 0.02,
                                               lambda r: r.id == "math_proof-construction-00005")
    assert v.score == 100 and v.status is Status.CORRECT, v.violations


def _blank_cell_corner(inst) -> tuple[int, int]:
    """The top-left inner corner of the first cell the reference leaves blank (a shading construction)."""
    record, puzzle, _, _ = inst
    cells = record.layout["cells"]
    x0, y0, x1, y1 = cells["grid_bbox"]
    w, h = (x1 - x0) / cells["cols"], (y1 - y0) / cells["rows"]
    ref = np.asarray(puzzle.reference_images[0].convert("RGB")).min(axis=2)
    for r in range(cells["rows"]):
        for c in range(cells["cols"]):
            cx, cy = x0 + c * w, y0 + r * h
            if ref[int(cy + 0.25 * h):int(cy + 0.75 * h), int(cx + 0.25 * w):int(cx + 0.75 * w)].min() > 230:
                return int(round(cx)), int(round(cy))
    raise AssertionError("the reference shades every cell")


@pytest.mark.parametrize("mark,where", [("dot", "cell"), ("seven", "cell"), ("scribble", "cell"),
                                        ("scribble", "outside")])
def test_a_mark_on_a_shading_answer_is_a_stray_mark(instances, mark, where):
    """Account for all ink (eleventh session, lead's mark check 11700): a shading answer names no points, so
    a dot, a "7" or a scribble in a cell it leaves blank (20 px from the cell's corner), or a small one just
    outside the grid's corner (under the extra-ink check's 60 px), is no part of the answer. Before, a
    shading answer's ink inside the grid was read only by the cell reader (a small mark off a cell's centre
    reads blank) and outside it only as extra ink of >= 60 px: all four scored 100."""
    from marks import draw_mark

    inst = instances["shade_fraction"]
    if where == "cell":
        x, y = _blank_cell_corner(inst)
        size, (x, y) = 16, (x + 20, y + 20)
    else:
        x0, y0 = inst[0].layout["cells"]["grid_bbox"][:2]
        size, (x, y) = 12, (x0 - 16, y0 - 16)
    image = draw_mark(inst[1].reference_images[0].convert("RGB"), mark, (x, y), size, seed=3)
    v = _verify(inst, image)
    assert v.score < 100 and v.status is not Status.CORRECT, v.violations
    assert "stray_mark" in v.codes or v.needs_review, v.violations


def test_a_shading_that_spills_over_its_cell_edge_is_no_stray_mark(instances):
    """The other side: a hand-shaded cell's fill running a little over its edge line into the blank cell
    beside it (4 px past the line) is the shading, not a mark (100)."""
    from PIL import ImageDraw

    record, puzzle, _, _ = inst = instances["shade_fraction"]
    cells = record.layout["cells"]
    x0, y0, x1, y1 = cells["grid_bbox"]
    w, h = (x1 - x0) / cells["cols"], (y1 - y0) / cells["rows"]
    ref = np.asarray(puzzle.reference_images[0].convert("RGB"))
    image = puzzle.reference_images[0].convert("RGB")
    d = ImageDraw.Draw(image)
    spilled = 0
    for r in range(cells["rows"]):
        for c in range(cells["cols"]):
            here = ref[int(y0 + (r + 0.5) * h), int(x0 + (c + 0.5) * w)]
            if here.min() >= 230:
                continue
            fill = tuple(int(v) for v in here)
            if c + 1 < cells["cols"] and ref[int(y0 + (r + 0.5) * h), int(x0 + (c + 1.5) * w)].min() > 230:
                ex = x0 + (c + 1) * w  # shaded left of a blank cell
                d.rectangle([ex - 6, y0 + r * h + 8, ex + 4, y0 + (r + 1) * h - 8], fill=fill)
                spilled += 1
            if r + 1 < cells["rows"] and ref[int(y0 + (r + 1.5) * h), int(x0 + (c + 0.5) * w)].min() > 230:
                ey = y0 + (r + 1) * h  # shaded above a blank cell
                d.rectangle([x0 + c * w + 8, ey - 6, x0 + (c + 1) * w - 8, ey + 4], fill=fill)
                spilled += 1
    assert spilled
    v = _verify(inst, image)
    assert v.score == 100 and v.status is Status.CORRECT, (v.violations, (v.extra or {}).get("unsure"))


# ------------------------------------------------------------------------------ high-fraction shadings

SHADE_15_16_SEED, SHADE_8_9_SEED = 698, 1044  # the first seeds of a 4 x 4 shading of 15/16 and a 3 x 3 of 8/9


@pytest.fixture(scope="module", params=[SHADE_8_9_SEED, SHADE_15_16_SEED], ids=["8/9", "15/16"])
def high_shading(request):
    puzzle = TRACK.generate(request.param, "construction")
    assert puzzle.ground_truth["fraction"] in ("8/9", "15/16")
    record = InstanceRecord(id=f"shade-{request.param}", track="math_proof", variant="construction",
                            difficulty=puzzle.difficulty, seed=request.param, instruction=puzzle.instruction,
                            input_image="in.png", reference_images=["ref.png"], edit_mask="mask.png",
                            ground_truth=puzzle.ground_truth, layout=puzzle.layout, scoring=puzzle.scoring,
                            track_version=TRACK.version)
    record = InstanceRecord.from_json(json.loads(json.dumps(record.to_json())))
    return record, puzzle, np.asarray(puzzle.input_image.convert("RGB")), np.asarray(puzzle.edit_mask) > 0


def test_a_shading_covering_as_much_of_the_page_as_the_paper_reads_the_white_paper_as_paper(high_shading):
    """Twelfth session: a shading of 8/9 or 15/16 of a 480 px grid covers about as much of the 640 px page as
    the paper, and the shared paper colour took the most frequent bright colour -- the fill's blue -- so the
    white paper read as ink: the 8/9 reference scored 76.95 (extra_ink, stray_mark), 15/16 79.76, and their
    model redraws 75.9 and 70.3. The paper is the lightest large colour: both 100."""
    from genpuzzle.perturb import model_like

    ref = np.asarray(high_shading[1].reference_images[0].convert("RGB"))
    for image in (ref, model_like(ref, 0)):
        v = _verify(high_shading, image)
        assert v.score == 100 and v.status is Status.CORRECT, v.violations


@pytest.mark.parametrize("error", ["every_cell", "one_cell_less", "dot", "seven"])
def test_an_error_on_a_high_fraction_shading_is_still_caught(high_shading, error):
    """The other side, on the same pages as drawn and redrawn as a model would: every cell shaded or one
    shaded cell left blank is a wrong count (wrong_element), a dot or a "7" in the blank cell a stray_mark."""
    from PIL import ImageDraw

    from genpuzzle.perturb import model_like
    from marks import draw_mark

    record, puzzle = high_shading[:2]
    cells = record.layout["cells"]
    x0, y0, x1, y1 = cells["grid_bbox"]
    w, h = (x1 - x0) / cells["cols"], (y1 - y0) / cells["rows"]
    image = puzzle.reference_images[0].convert("RGB")
    ref = np.asarray(image)
    centre = {(r, c): ref[int(y0 + (r + 0.5) * h), int(x0 + (c + 0.5) * w)]
              for r in range(cells["rows"]) for c in range(cells["cols"])}
    blank = [rc for rc, v in centre.items() if v.min() > 230]
    shaded = [rc for rc, v in centre.items() if v.min() <= 230]
    assert len(blank) == 1
    if error in ("every_cell", "one_cell_less"):
        (r, c), fill = (blank[0], tuple(int(v) for v in centre[shaded[0]])) if error == "every_cell" \
            else (shaded[0], (255, 255, 255))
        ImageDraw.Draw(image).rectangle([x0 + c * w + 3, y0 + r * h + 3, x0 + (c + 1) * w - 3, y0 + (r + 1) * h - 3],
                                        fill=fill)
        expected = "wrong_element"
    else:
        r, c = blank[0]
        image = draw_mark(image, error, (int(x0 + c * w + 20), int(y0 + r * h + 20)), 16, seed=3)
        expected = "stray_mark"
    for answer in (np.asarray(image), model_like(np.asarray(image), 0)):
        v = _verify(high_shading, answer)
        assert v.score < 100 and v.status is not Status.CORRECT and expected in v.codes, v.violations


def test_a_given_label_written_over_with_another_letter_is_no_right_answer():
    """A vertex label overwritten in place by another letter kept most of the old letter's pixels inked
    within given_kept's few px, so the answer scored ``correct`` (thirteenth-session blind audit: 7 of 7
    relabelled vertices or axes passed at 97.7-100). The changed box is now read by the text recogniser:
    another letter is ``input_changed`` (or, read unsure, review); the same letter redrawn in another
    font still scores 100."""
    from PIL import ImageDraw, ImageFont

    serif = ImageFont.truetype("/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf", 24)
    for kind in ("median", "tangent", "incircle"):
        record, puzzle, inp, mask = _instance("construction", kind)
        name, (x0, y0, x1, y1) = sorted(record.layout["labels"].items())[0]
        other = next(c for c in "KEH" if c not in record.layout["labels"])
        for letter, right in ((other, False), (name, True)):
            page = puzzle.reference_images[0].convert("RGB")
            draw = ImageDraw.Draw(page)
            draw.rectangle([x0, y0, x1, y1], fill=(255, 255, 255))
            draw.text(((x0 + x1) / 2, (y0 + y1) / 2), letter, font=serif, fill=(0, 0, 0), anchor="mm")
            v = verify_image(record, np.asarray(page), inp, mask)
            if right:
                assert v.score == 100 and v.status is Status.CORRECT, (kind, letter, v.violations)
            else:
                assert v.status is not Status.CORRECT and (v.needs_review or "input_changed" in v.codes), \
                    (kind, letter, v.violations)


@pytest.mark.parametrize("identity", IDENTITIES)
def test_hatched_regions_are_never_a_confident_fail(instances, identity):
    """Regions drawn as hatching of different colours and directions (the blind audit's
    ``m_longdash_green_letterbox`` partition, page unchanged): a hatch's strokes cross the cells' edge bands
    and its median colour mixes stroke and paper, so a valid partition may be unsure (or, where registration
    gives up on the hatching, unreadable), never a confident contradiction; a planted merge of two regions still
    never passes."""
    import dataclasses

    import audit_math_proof_answers as audit

    inst = instances[identity]
    record = inst[0]
    style = dataclasses.replace(audit.STYLES[2], page=())
    assert style.partition == "hatch"
    for seed in range(6):
        v = _verify(inst, audit.answer_image(Image.fromarray(inst[2]), record, style, seed))
        assert v.score == 100.0 or v.needs_review or v.status is Status.UNREADABLE, (seed, v.score, v.codes, v.parsed)
        merged = audit.answer_image(Image.fromarray(inst[2]), record, style, seed, "missing_element")
        if merged is not None:
            w = _verify(inst, merged)
            assert w.status is not Status.CORRECT and w.score < 100, (seed, w.score, w.codes)


def _hairline_page(inst, elements, degrees: float = 0.0) -> np.ndarray:
    """The input with ``elements`` drawn as 1 px lines (Pillow's, not anti-aliased: a line at an angle is a
    staircase with no 2x2 block of ink), in red, the page turned by ``degrees`` and saved as JPEG 85."""
    import io

    from PIL import ImageDraw

    from genpuzzle import page_perturb
    from genpuzzle.renderers.math_proof import to_px

    record, _, inp, _ = inst
    page = Image.fromarray(inp).convert("RGB")
    draw = ImageDraw.Draw(page)
    frame = record.layout["frame"]
    for e in elements:
        if e["kind"] == "circle":
            (cx, cy), r = to_px(frame, e["center"]), frame["scale"] * float(F(e["radius"]))
            draw.ellipse([cx - r, cy - r, cx + r, cy + r], outline=(210, 20, 20), width=1)
        else:
            draw.line([to_px(frame, p) for p in e["points"]], fill=(210, 20, 20), width=1)
    out = np.asarray(page)
    if degrees:
        out = page_perturb.rotate_expand(out, degrees)[0]
    buf = io.BytesIO()
    Image.fromarray(out).save(buf, "JPEG", quality=85)
    return np.asarray(Image.open(buf).convert("RGB"))


@pytest.mark.parametrize("kind", ["centroid", "median", "angle_bisector", "perpendicular_bisector", "circumcircle"])
def test_a_construction_drawn_in_1px_hairlines_is_read(instances, kind):
    """A 1 px line at an angle has no 2x2 block of ink, so the speck opening of the new ink erased it whole:
    a centroid's three medians as 1 px red hairlines on a page tilted 2 degrees read one median missing and
    its ink a stray mark, a confident fail at 67 (thirteenth-session blind audit). Hairline pieces the opening
    takes that span a tolerance are ink again: the answer scores 100, upright or tilted, and a hairline
    candidate drawn instead is still no right answer."""
    inst = instances[kind]
    record = inst[0]
    truth = record.ground_truth
    for degrees in (0.0, 2.0):
        v = _verify(inst, _hairline_page(inst, truth["elements"], degrees))
        assert v.score == 100 and v.status is Status.CORRECT, (degrees, v.violations)
    wrong = [truth["candidates"][0]] + list(truth["elements"][1:])
    w = _verify(inst, _hairline_page(inst, wrong, 2.0))
    assert w.status is not Status.CORRECT and w.score < 100, w.violations


def _filled_partition_page(inst, labels: np.ndarray) -> np.ndarray:
    """The input with each region of ``labels`` filled in its own pastel to the cells' edges (over the given
    light grid lines and the lattice's border) and 3 px black lines between regions."""
    from PIL import ImageDraw

    record, _, inp, _ = inst
    page = Image.fromarray(inp).convert("RGB")
    draw = ImageDraw.Draw(page)
    g = record.layout["lattice"]
    x0, y0 = g["grid_bbox"][:2]
    cell = g["cell_px"]
    pastels = [(250, 205, 160), (170, 210, 250), (190, 235, 175), (245, 180, 200), (215, 195, 245), (245, 235, 150),
               (175, 230, 225), (230, 200, 170), (200, 200, 200), (240, 160, 140)]
    ids = sorted(int(v) for v in np.unique(labels) if v >= 0)
    rows, cols = labels.shape
    for r in range(rows):
        for c in range(cols):
            if labels[r, c] >= 0:
                draw.rectangle([x0 + c * cell, y0 + r * cell, x0 + (c + 1) * cell - 1, y0 + (r + 1) * cell - 1],
                               fill=pastels[ids.index(int(labels[r, c])) % len(pastels)])
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols and labels[r, c] != labels[r, c + 1]:
                draw.line([(x0 + (c + 1) * cell, y0 + r * cell), (x0 + (c + 1) * cell, y0 + (r + 1) * cell)],
                          fill=(0, 0, 0), width=3)
            if r + 1 < rows and labels[r, c] != labels[r + 1, c]:
                draw.line([(x0 + c * cell, y0 + (r + 1) * cell), (x0 + (c + 1) * cell, y0 + (r + 1) * cell)],
                          fill=(0, 0, 0), width=3)
    return np.asarray(page)


@pytest.mark.parametrize("identity", ["square_of_sum", "halving", "nicomachus"])
def test_a_lattice_filled_over_its_grid_lines_registers(instances, identity):
    """Regions filled in pastels to the cells' edges hide the input's light grid lines inside the edit mask, and
    registration's quality (which wants the edit mask's paper and faint lines as they were) kept even the exact
    fit at 0.49-0.59 < 0.65: `unreadable` on the plain page and on dark margins (thirteenth-session blind audit,
    8 lattices). A fit is now also scored outside the edit mask alone (``+kept``): the page registers, the right
    partition is `correct` (99.9-100: a sliver of the border under a fill) or review, and two regions merged are still no right answer."""
    from genpuzzle import page_perturb

    inst = instances[identity]
    record = inst[0]
    labels = np.array(geo.valid_partitions(identity, record.ground_truth["params"])[0])
    right = _filled_partition_page(inst, labels)
    for name, page in (("plain", right), ("dark_margins", page_perturb.page_change(right, "dark_margins", 3)[0])):
        v, reg = verify_registered(_verify, inst, page)  # the fit the verdict rests on, computed once
        assert reg.ok, name
        assert v.status is Status.CORRECT or v.needs_review, (name, v.score, v.codes)
    merged = labels.copy()
    a, b = int(labels[0, 0]), next(int(v) for v in labels.ravel() if v != labels[0, 0] and v >= 0)
    merged[merged == b] = a
    w = _verify(inst, _filled_partition_page(inst, merged))
    assert w.status is not Status.CORRECT and w.score < 100, (w.score, w.codes)


@pytest.mark.parametrize("identity", ["square_of_sum", "nicomachus"])
def test_a_fill_painted_over_the_lattice_border_is_no_confident_input_change(instances, identity):
    """A region's light fill painted over the lattice's border hides the line under ink lighter than a line's
    (the audit's lavender over the left border measured 44-48 after a dark-margins page's JPEG and rescale, under
    given_kept's 50): that was a confident `input_changed` (95.7) on a right partition. Now the given figure read as
    kept under a fill's lighter ink is unsure (review); the border erased (white paper 10 px each side) is still
    `input_changed`. (On the session-start code the light-bordered page did not even register.)"""
    from PIL import ImageDraw

    inst = instances[identity]
    record = inst[0]
    labels = np.array(geo.valid_partitions(identity, record.ground_truth["params"])[0])
    x0, y0, x1, y1 = record.layout["lattice"]["grid_bbox"]
    for colour, right, m in (((232, 218, 250), True, 4), ((255, 255, 255), False, 10)):
        page = Image.fromarray(_filled_partition_page(inst, labels))
        draw = ImageDraw.Draw(page)
        for box in ([x0 - m, y0 - m, x0 + m, y1 + m], [x0 - m, y1 - m, x1 + m, y1 + m], [x0 - m, y0 - m, x1 + m, y0 + m],
                    [x1 - m, y0 - m, x1 + m, y1 + m]):
            draw.rectangle(box, fill=colour)
        v = _verify(inst, np.asarray(page))
        if right:
            assert "input_changed" not in v.codes and (v.needs_review or v.status is Status.CORRECT), (v.score, v.codes)
        else:
            assert "input_changed" in v.codes or "ignored_input_image" in v.codes, (v.score, v.codes)
