"""The Sudoku track as a measuring instrument: calibration ladder, perturbations, properties."""

from __future__ import annotations

import random
from pathlib import Path

import matplotlib
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw, ImageFont

from genpuzzle import perturb
from genpuzzle.dataset import load_set, write_set
from genpuzzle.evaluate import verify_answer
from genpuzzle.records import Status
from genpuzzle.registration import load_image
from genpuzzle.registry import get_track
from genpuzzle.renderers.sudoku import cell_box
from genpuzzle.solvers.sudoku import (Board, carve_unique, count_solutions, count_solutions_cpsat,
                                      grid_is_valid_solution, random_full_grid, solvable_by_singles)
from genpuzzle.verifiers import sudoku as sudoku_verifier
from genpuzzle.verifiers.digits import DigitReading, default_reader
from genpuzzle.verifiers.sudoku import read_grid

import heldout_sudoku_answers as heldout

MPL_FONTS = Path(matplotlib.get_data_path()) / "fonts" / "ttf"


@pytest.fixture(scope="module")
def sudoku_set(tmp_path_factory):
    root = tmp_path_factory.mktemp("sudoku_set")
    write_set(root, {"sudoku": 4}, master_seed=11)
    return load_set(root)


def _save(tmp_path: Path, name: str, image: np.ndarray) -> Path:
    path = tmp_path / name
    Image.fromarray(image).save(path)
    return path


def _write_digit(image: np.ndarray, layout, r: int, c: int, digit: int | None,
                 font: str = "DejaVuSans.ttf", color=(200, 30, 30), scale: float = 0.6) -> np.ndarray:
    """Blank cell (r, c) of ``image`` and write ``digit`` in it (None leaves it blank)."""
    pil = Image.fromarray(image.copy())
    draw = ImageDraw.Draw(pil)
    x0, y0, x1, y1 = cell_box(layout, r, c)
    pad = (x1 - x0) * 0.14
    draw.rectangle([x0 + pad, y0 + pad, x1 - pad, y1 - pad], fill=(255, 255, 255))
    if digit is not None:
        size = int((y1 - y0) * scale)
        draw.text(((x0 + x1) / 2, (y0 + y1) / 2), str(digit),
                  font=ImageFont.truetype(str(MPL_FONTS / font), size), fill=color, anchor="mm")
    return np.asarray(pil)


def _handwritten_answer(record, input_image: np.ndarray, font: str, color) -> np.ndarray:
    """The solution written into the input's blanks in another font and colour (not our renderer)."""
    out = input_image
    givens, solution = record.ground_truth["givens"], record.ground_truth["solution"]
    rng = random.Random(record.seed)
    for r, row in enumerate(givens):
        for c, g in enumerate(row):
            if not g:
                out = _write_digit(out, record.layout, r, c, solution[r][c], font, color,
                                   scale=rng.uniform(0.45, 0.65))
    return out


def _verdict(puzzle_set, record, tmp_path, image: np.ndarray, name: str = "answer.png"):
    return verify_answer(puzzle_set.root, record, _save(tmp_path, name, image))


def _reference(puzzle_set, record) -> np.ndarray:
    return load_image(puzzle_set.path(record.reference_images[0]))


def _input(puzzle_set, record) -> np.ndarray:
    return load_image(puzzle_set.path(record.input_image))


def test_reference_scores_100_and_input_scores_0(sudoku_set, tmp_path):
    for record in sudoku_set.records:
        ref = verify_answer(sudoku_set.root, record, sudoku_set.path(record.reference_images[0]))
        assert (ref.score, ref.status, ref.violations) == (100.0, Status.CORRECT, []), record.id
        blank = verify_answer(sudoku_set.root, record, sudoku_set.path(record.input_image))
        assert blank.score == 0.0 and blank.status is Status.INCORRECT
        assert "blank_unfilled" in blank.codes


def _first_cell(record, want_given: bool) -> tuple[int, int]:
    givens = record.ground_truth["givens"]
    return next((r, c) for r, row in enumerate(givens) for c, g in enumerate(row) if bool(g) == want_given)


def test_one_wrong_digit_is_caught_and_named(sudoku_set, tmp_path):
    for record in sudoku_set.records:
        r, c = _first_cell(record, want_given=False)
        n = record.layout["rows"]
        wrong = record.ground_truth["solution"][r][c] % n + 1
        verdict = _verdict(sudoku_set, record, tmp_path,
                           _write_digit(_reference(sudoku_set, record), record.layout, r, c, wrong))
        assert verdict.score < 100 and verdict.status is Status.INCORRECT
        wrong_cells = [v.evidence["cell"] for v in verdict.violations if v.code == "wrong_digit"]
        assert wrong_cells == [[r, c]]
        assert any(v.code.endswith("_conflict") for v in verdict.violations)


def test_overwritten_given_is_caught(sudoku_set, tmp_path):
    for record in sudoku_set.records:
        r, c = _first_cell(record, want_given=True)
        n = record.layout["rows"]
        other = record.ground_truth["givens"][r][c] % n + 1
        verdict = _verdict(sudoku_set, record, tmp_path,
                           _write_digit(_reference(sudoku_set, record), record.layout, r, c, other))
        hits = [v for v in verdict.violations if v.code == "given_overwritten"]
        assert [v.evidence["cell"] for v in hits] == [[r, c]] and verdict.score < 100
        # the pixel-identity registration and the untouched-given shortcut did not hide it
        assert verdict.extra["registration"]["method"] == "identity"


def _given_cells(record, digit: int | None = None) -> list[tuple[int, int]]:
    givens = record.ground_truth["givens"]
    return [(r, c) for r, row in enumerate(givens) for c, g in enumerate(row) if g and digit in (None, g)]


def test_erased_given_is_caught(sudoku_set, tmp_path):
    for record in sudoku_set.records:
        r, c = _first_cell(record, want_given=True)
        verdict = _verdict(sudoku_set, record, tmp_path,
                           _write_digit(_reference(sudoku_set, record), record.layout, r, c, None))
        assert [v.evidence["cell"] for v in verdict.violations if v.code == "given_erased"] == [[r, c]]
        assert verdict.score < 100


def test_given_redrawn_in_another_font_is_kept_via_the_classifier(sudoku_set, tmp_path):
    for record in sudoku_set.records:
        givens = record.ground_truth["givens"]
        r, c = _first_cell(record, want_given=True)
        image = _write_digit(_reference(sudoku_set, record), record.layout, r, c, givens[r][c],
                             "STIXGeneralItalic.ttf", (0, 0, 0), scale=0.5)
        reading = read_grid(image, record.layout, input_image=_input(sudoku_set, record), givens=givens)
        matched = [(i, j) for i, row in enumerate(reading.given_matched) for j, m in enumerate(row) if m]
        assert (r, c) not in matched and reading.digits[r][c] == givens[r][c]
        assert sorted(matched) == sorted(set(_given_cells(record)) - {(r, c)})  # untouched: fast path
        assert _verdict(sudoku_set, record, tmp_path, image).score == 100.0


def test_given_overwritten_by_a_similar_digit_is_caught(sudoku_set, tmp_path):
    cases = [(record, _given_cells(record, 1)[0]) for record in sudoku_set.records
             if record.layout["rows"] == 9 and _given_cells(record, 1)]
    assert cases
    for record, (r, c) in cases:  # 1 -> 7 in the givens' own font and ink
        image = _write_digit(_reference(sudoku_set, record), record.layout, r, c, 7,
                             "DejaVuSans-Bold.ttf", (0, 0, 0), scale=0.62)
        verdict = _verdict(sudoku_set, record, tmp_path, image)
        hits = [v for v in verdict.violations if v.code == "given_overwritten"]
        assert [(v.evidence["cell"], v.evidence["read"]) for v in hits] == [([r, c], 7)]


def test_given_with_an_added_stroke_is_not_taken_as_untouched(sudoku_set):
    for record in sudoku_set.records:
        givens = record.ground_truth["givens"]
        r, c = _first_cell(record, want_given=True)
        x0, y0, x1, y1 = cell_box(record.layout, r, c)
        pil = Image.fromarray(_reference(sudoku_set, record))
        w = x1 - x0
        ImageDraw.Draw(pil).line([(x0 + 0.3 * w, y0 + 0.25 * w), (x1 - 0.3 * w, y0 + 0.25 * w)],
                                 fill=(0, 0, 0), width=max(2, int(0.06 * w)))
        reading = read_grid(np.asarray(pil), record.layout, input_image=_input(sudoku_set, record), givens=givens)
        assert not reading.given_matched[r][c]


def test_blank_left_empty_is_caught(sudoku_set, tmp_path):
    for record in sudoku_set.records:
        r, c = _first_cell(record, want_given=False)
        verdict = _verdict(sudoku_set, record, tmp_path,
                           _write_digit(_reference(sudoku_set, record), record.layout, r, c, None))
        assert [v.evidence["cell"] for v in verdict.violations if v.code == "blank_unfilled"] == [[r, c]]
        assert 0 < verdict.score < 100


PERTURBATIONS = {
    "rescale_0.5": lambda im: perturb.rescale(im, 0.5),
    "rescale_2": lambda im: perturb.rescale(im, 2.0),
    "squash_to_square_1024": lambda im: perturb.rescale(im, 1024 / im.shape[1], 1024 / im.shape[0] * 0.9),
    "pad": lambda im: perturb.pad(im, 30, 10, 25, 5),
    "crop": lambda im: perturb.crop(im, 12, 6, 10, 14),
    "shift": lambda im: perturb.shift(im, 9, -7),
    "jpeg60": lambda im: perturb.jpeg(im, 60),
    "blur1": lambda im: perturb.blur(im, 1.0),
    "retint": lambda im: perturb.retint(im),
    "rotate2": lambda im: perturb.rotate(im, 2.0),
    "model_like": lambda im: perturb.model_like(im, 3),
    "redrawn_bent_6px": lambda im: perturb.warp(im, 6.0, 7),  # a non-affine bend, ~1 % of the image
}


@pytest.mark.parametrize("name", sorted(PERTURBATIONS))
def test_perturbed_references_still_score_100(sudoku_set, tmp_path, name):
    for record in sudoku_set.records:
        image = PERTURBATIONS[name](_reference(sudoku_set, record))
        verdict = _verdict(sudoku_set, record, tmp_path, image, f"{name}.jpg" if "jpeg" in name else f"{name}.png")
        assert verdict.score == 100.0, (record.id, name, verdict.reason, verdict.codes[:5])


@pytest.mark.parametrize("font,color", [
    ("STIXGeneral.ttf", (200, 20, 20)),
    ("cmr10.ttf", (20, 120, 40)),
    ("DejaVuSerif-Italic.ttf", (90, 90, 90)),
    ("STIXGeneralBol.ttf", (30, 30, 160)),
])
def test_answers_written_in_other_fonts_and_inks_score_100(sudoku_set, tmp_path, font, color):
    for record in sudoku_set.records:
        answer = _handwritten_answer(record, _input(sudoku_set, record), font, color)
        verdict = _verdict(sudoku_set, record, tmp_path, perturb.jpeg(answer, 80), "hand.jpg")
        assert verdict.score == 100.0, (record.id, font, verdict.codes[:5])


# ------------------------------------------------ calibration ladder on held-out handwriting styles

@pytest.mark.parametrize("style", heldout.STYLES)
def test_correct_answers_in_heldout_styles_score_100_or_need_review(sudoku_set, tmp_path, style):
    hundreds = 0
    for k, record in enumerate(sudoku_set.records):
        answer = heldout.answer(record, _input(sudoku_set, record), style, seed=k)
        verdict = _verdict(sudoku_set, record, tmp_path, perturb.jpeg(answer, 85), "hand.jpg")
        assert verdict.score == 100.0 or (verdict.needs_review and verdict.status is Status.NEEDS_REVIEW
                                          and not verdict.violations), (record.id, style, verdict.codes[:5])
        hundreds += verdict.score == 100.0 and verdict.status is Status.CORRECT
    assert hundreds >= len(sudoku_set.records) - 1


@pytest.mark.parametrize("kind", heldout.PLANTED)
def test_planted_errors_in_heldout_answers_never_pass(sudoku_set, tmp_path, kind):
    for k, record in enumerate(sudoku_set.records):
        answer = heldout.answer(record, _input(sudoku_set, record), heldout.STYLES[k % 3], seed=k)
        cell = heldout.blanks(record)[k % 3]
        verdict = _verdict(sudoku_set, record, tmp_path, heldout.plant(answer, record, kind, cell, seed=k))
        assert verdict.score < 100 and verdict.status is not Status.CORRECT, (record.id, kind)
        named = [v.evidence.get("cell") for v in verdict.violations if v.code == heldout.EXPECTED_CODE[kind]]
        assert [*cell] in named or [*cell] in verdict.extra.get("unsure_cells", []), (record.id, kind, verdict.codes)


def test_invalid_symbol_names_the_cell_and_what_was_read(sudoku_set, tmp_path):
    record = next(r for r in sudoku_set.records if r.layout["rows"] == 4)
    cell = heldout.blanks(record)[0]
    answer = heldout.answer(record, _input(sudoku_set, record), "cmr", seed=3)
    image = heldout.write(answer, record.layout, *cell, heldout.glyph("cmr", "7", np.random.default_rng(0)),
                          (30, 30, 30), np.random.default_rng(0))
    verdict = _verdict(sudoku_set, record, tmp_path, image)
    hits = [v for v in verdict.violations if v.code == "invalid_symbol"]
    assert [(v.evidence["cell"], v.evidence["read"]) for v in hits] == [([*cell], "7")]
    assert verdict.status is Status.INCORRECT and verdict.score < 100


def test_pencil_marks_are_candidates_not_answers(sudoku_set, tmp_path):
    for k, record in enumerate(sudoku_set.records):
        cell = heldout.blanks(record)[0]
        image = heldout.plant(_reference(sudoku_set, record), record, "pencil", cell, seed=k)
        verdict = _verdict(sudoku_set, record, tmp_path, image)
        hits = [v for v in verdict.violations if v.code == "blank_unfilled"]
        assert [v.evidence["cell"] for v in hits] == [[*cell]] and verdict.score < 100
        assert [m["cell"] for m in verdict.extra["pencil_marks"]] == [[*cell]]


def test_a_tall_one_reads_as_one(sudoku_set, tmp_path):
    for k, record in enumerate(sudoku_set.records):
        solution = record.ground_truth["solution"]
        ones = [rc for rc in heldout.blanks(record) if solution[rc[0]][rc[1]] == 1]
        others = [rc for rc in heldout.blanks(record) if solution[rc[0]][rc[1]] != 1]
        if ones:
            image = heldout.tall_one(_reference(sudoku_set, record), record, ones[0], seed=k)
            assert _verdict(sudoku_set, record, tmp_path, image).score == 100.0
        image = heldout.tall_one(_reference(sudoku_set, record), record, others[0], seed=k)
        verdict = _verdict(sudoku_set, record, tmp_path, image)
        assert [v.evidence["read"] for v in verdict.violations if v.code == "wrong_digit"] == [1]


class _UnsureReader:
    """The shipped reader, every reading's confidence capped at 0.5."""

    def read(self, cells, allowed=None):
        return [DigitReading(r.digit, min(r.confidence, 0.5), r.ink, r.symbol, r.in_allowed, r.candidates)
                for r in default_reader().read(cells, allowed)]


def test_unsure_cells_never_pass_and_are_charged_as_wrong(sudoku_set, tmp_path, monkeypatch):
    record = next(r for r in sudoku_set.records if r.layout["rows"] == 4)
    reference = _reference(sudoku_set, record)
    monkeypatch.setattr(sudoku_verifier, "default_reader", lambda: _UnsureReader())
    monkeypatch.setattr(sudoku_verifier.ocr, "ocr_available", lambda: False)
    verdict = get_track("sudoku").verify(record, reference, _input(sudoku_set, record))
    blanks = heldout.blanks(record)
    assert verdict.needs_review and verdict.status is Status.NEEDS_REVIEW and not verdict.violations
    assert sorted(map(tuple, verdict.extra["unsure_cells"])) == sorted(blanks)
    assert verdict.score == 0.0  # every blank unsure: charged as wrong


def test_wrong_digit_survives_perturbation(sudoku_set, tmp_path):
    record = sudoku_set.records[-1]
    r, c = _first_cell(record, want_given=False)
    wrong = record.ground_truth["solution"][r][c] % record.layout["rows"] + 1
    image = _write_digit(_reference(sudoku_set, record), record.layout, r, c, wrong)
    verdict = _verdict(sudoku_set, record, tmp_path, perturb.model_like(image, 1))
    assert [v.evidence["cell"] for v in verdict.violations if v.code == "wrong_digit"] == [[r, c]]
    bent = _verdict(sudoku_set, record, tmp_path, perturb.model_like(perturb.warp(image, 6.0, 2), 1), "bent.jpg")
    assert [v.evidence["cell"] for v in bent.violations if v.code == "wrong_digit"] == [[r, c]]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), variant=st.sampled_from(["4x4", "9x9"]))
def test_generated_puzzles_have_exactly_one_solution_by_cpsat(seed, variant):
    puzzle = get_track("sudoku").generate(seed, variant)
    givens, solution = puzzle.ground_truth["givens"], puzzle.ground_truth["solution"]
    board = Board(puzzle.layout["box_rows"], puzzle.layout["box_cols"])
    assert grid_is_valid_solution(solution, board)
    assert count_solutions_cpsat(givens, board, limit=2) == 1
    assert all(g in (0, s) for grow, srow in zip(givens, solution) for g, s in zip(grow, srow))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), density=st.floats(0.2, 0.9))
def test_search_counter_agrees_with_cpsat_on_random_partial_grids(seed, density):
    board = Board(2, 2) if seed % 3 else Board(3, 3)
    rng = random.Random(seed)
    grid = random_full_grid(board, rng)
    for r in range(board.n):
        for c in range(board.n):
            if rng.random() < density:
                grid[r][c] = 0
    assert count_solutions(grid, board, 3) == count_solutions_cpsat(grid, board, 3)


def _carve_by_counting(solution, board, rng, min_givens):
    """The carving rule stated plainly: blank a cell when the puzzle still counts exactly one solution."""
    puzzle = [row[:] for row in solution]
    cells = [(r, c) for r in range(board.n) for c in range(board.n)]
    rng.shuffle(cells)
    givens = board.n * board.n
    for r, c in cells:
        if givens <= min_givens:
            break
        kept, puzzle[r][c] = puzzle[r][c], 0
        if count_solutions(puzzle, board, 2) == 1:
            givens -= 1
        else:
            puzzle[r][c] = kept
    return puzzle


def _singles_closure_completes(grid, board):
    """Naked and hidden singles applied one at a time until none is left: does the grid fill up?"""
    n, values = board.n, [row[:] for row in grid]
    units = [cells for _, _, cells in board.units()]
    while any(0 in row for row in values):
        def cands(r, c):
            seen = {values[i][j] for cells in units if (r, c) in cells for i, j in cells}
            return [d for d in range(1, n + 1) if d not in seen]
        move = next(((r, c, cands(r, c)[0]) for r in range(n) for c in range(n)
                     if not values[r][c] and len(cands(r, c)) == 1), None)
        if move is None:
            move = next(((r, c, d) for cells in units for d in range(1, n + 1)
                         if d not in {values[r][c] for r, c in cells}
                         for spots in [[(r, c) for r, c in cells if not values[r][c] and d in cands(r, c)]]
                         if len(spots) == 1 for r, c in spots), None)
        if move is None:
            return False
        values[move[0]][move[1]] = move[2]
    return True


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**9), shape=st.sampled_from([(2, 2), (2, 3), (3, 3)]))
def test_carving_makes_the_decisions_of_counting_solutions(seed, shape):
    """The carver's one-completion search decides exactly as counting to 2 would (the generated bytes
    depend on it), and the bitboard singles test agrees with applying singles one by one."""
    board = Board(*shape)
    rng = random.Random(seed)
    solution = random_full_grid(board, rng)
    min_givens = rng.choice([0, board.n * board.n // 3])
    state = rng.getstate()
    carved = carve_unique(solution, board, rng, min_givens)
    rng.setstate(state)
    assert carved == _carve_by_counting(solution, board, rng, min_givens)
    assert solvable_by_singles(carved, board) == _singles_closure_completes(carved, board)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**9), shape=st.sampled_from([(2, 2), (2, 3), (3, 3)]))
def test_unavoidable_rectangles_swap_into_another_valid_grid(seed, shape):
    """Every rectangle the carver keeps a cell for is unavoidable: its two digits swapped give another
    full grid that keeps every rule (so a puzzle with it all blank has a second solution)."""
    from genpuzzle.solvers.sudoku import _rectangles

    board = Board(*shape)
    solution = random_full_grid(board, random.Random(seed))
    n = board.n
    for rectangle in _rectangles(solution, board):
        cells = [(i // n, i % n) for i in range(n * n) if rectangle >> i & 1]
        assert len(cells) == 4 and len({solution[r][c] for r, c in cells}) == 2
        assert len({board.box_of(r, c) for r, c in cells}) == 2
        a, b = {solution[r][c] for r, c in cells}
        swapped = [row[:] for row in solution]
        for r, c in cells:
            swapped[r][c] = b if solution[r][c] == a else a
        assert swapped != solution and grid_is_valid_solution(swapped, board)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_garbage_images_never_crash_the_verifier(sudoku_set, tmp_path, data):
    record = sudoku_set.records[data.draw(st.integers(0, len(sudoku_set.records) - 1))]
    h = data.draw(st.integers(1, 700))
    w = data.draw(st.integers(1, 700))
    kind = data.draw(st.sampled_from(["noise", "flat", "stripes"]))
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    if kind == "noise":
        image = rng.integers(0, 256, (h, w, 3), dtype=np.uint8)
    elif kind == "flat":
        image = np.full((h, w, 3), data.draw(st.integers(0, 255)), np.uint8)
    else:
        image = np.zeros((h, w, 3), np.uint8)
        image[::7] = 255
    verdict = _verdict(sudoku_set, record, tmp_path, image)
    assert 0.0 <= verdict.score <= 100.0
    assert verdict.status in (Status.UNREADABLE, Status.INCORRECT, Status.CORRECT)
    if verdict.status is Status.UNREADABLE:
        assert verdict.reason


def test_corrupt_answer_is_an_error_verdict_naming_the_file(sudoku_set, tmp_path):
    bad = tmp_path / "broken.png"
    bad.write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    verdict = verify_answer(sudoku_set.root, sudoku_set.records[0], bad)
    assert verdict.status is Status.ERROR and "broken.png" in verdict.reason


def test_validate_reproves_uniqueness_and_catches_a_non_unique_record(sudoku_set):
    track = get_track("sudoku")
    record = sudoku_set.records[0]
    assert track.validate(record) == []
    import copy

    broken = copy.deepcopy(record)
    broken.ground_truth["givens"] = [[0] * len(row) for row in broken.ground_truth["givens"]]
    assert any("solutions" in p for p in track.validate(broken))


# ------------------------------------------------------------------------ every mark accounted for (rubric 4)


def _corner(record, cell, fx: float, fy: float) -> tuple[int, int]:
    x0, y0, x1, y1 = cell_box(record.layout, *cell)
    return int(x0 + fx * (x1 - x0)), int(y0 + fy * (y1 - y0))


@pytest.mark.parametrize("kind", ["dot", "tick", "scribble"])
def test_a_mark_beside_an_answer_digit_is_a_stray_mark(sudoku_set, tmp_path, kind):
    """A dark dot, tick or scribble in the lower left corner of a filled cell, beside its (right) digit: the
    cell still reads as its digit, so before rubric 4 the answer scored 100."""
    from marks import draw_mark

    for k, record in enumerate(sudoku_set.records):
        cell = heldout.blanks(record)[k % 3]
        side = cell_box(record.layout, *cell)[2] - cell_box(record.layout, *cell)[0]
        image = draw_mark(Image.fromarray(_reference(sudoku_set, record)), kind, _corner(record, cell, 0.22, 0.78),
                          int(0.3 * side), (25, 25, 30), seed=k)
        verdict = _verdict(sudoku_set, record, tmp_path, np.asarray(image))
        assert verdict.score < 100 and verdict.status is not Status.CORRECT, (record.id, kind)
        named = [v.evidence.get("cell") for v in verdict.violations if v.code == "stray_mark"]
        # a mark within reach of the digit may be a stroke broken off it: unsure, named in unsure_marks
        beside = [m["cell"] for m in verdict.extra.get("unsure_marks", []) if m.get("why", "").startswith("beside")]
        assert [*cell] in named + beside or [*cell] in verdict.extra.get("unsure_cells", []), \
            (record.id, kind, verdict.codes)


def test_a_small_touch_beside_an_answer_digit_sends_the_answer_to_review(sudoku_set, tmp_path):
    """A short stroke 0.12 cell long beside a digit (a pen's touch; MNIST has such strokes) is too small
    to be a sure mark: the answer goes to review, never passes, and is not called incorrect."""
    import cv2

    for k, record in enumerate(sudoku_set.records):
        cell = heldout.blanks(record)[k % 3]
        x, y = _corner(record, cell, 0.2, 0.3)
        side = cell_box(record.layout, *cell)[2] - cell_box(record.layout, *cell)[0]
        image = np.ascontiguousarray(_reference(sudoku_set, record).copy())
        cv2.line(image, (x, y), (x + 1, y + int(0.12 * side)), (30, 30, 30), 2)
        verdict = _verdict(sudoku_set, record, tmp_path, image)
        assert verdict.status is Status.NEEDS_REVIEW and verdict.score < 100, (record.id, verdict.codes)
        assert [m["cell"] for m in verdict.extra["unsure_marks"]] == [[*cell]]


def test_a_solid_dot_beside_an_answer_digit_sends_the_answer_to_review(sudoku_set, tmp_path):
    """A solid dark dot 0.065 cell across in a corner of a 4x4 answer cell, under the marks' ``min_extent``
    (0.08 cell), where added ink was taken for noise: before rubric 6 it scored 100 (tenth session's audit,
    master seed 12300: a 7 px dot on all three 4x4 references)."""
    records = [r for r in sudoku_set.records if r.variant == "4x4"]
    assert records
    for k, record in enumerate(records):
        cell = heldout.blanks(record)[k % 3]
        side = cell_box(record.layout, *cell)[2] - cell_box(record.layout, *cell)[0]
        x, y = _corner(record, cell, 0.18, 0.82)
        r = 0.065 * side / 2
        image = Image.fromarray(_reference(sudoku_set, record))
        ImageDraw.Draw(image).ellipse([x - r, y - r, x + r, y + r], fill=(25, 25, 30))
        verdict = _verdict(sudoku_set, record, tmp_path, np.asarray(image))
        assert verdict.status is Status.NEEDS_REVIEW and verdict.score < 100, (record.id, verdict.codes)
        assert [[*cell], "a dot"] in [[m["cell"], m.get("why")] for m in verdict.extra["unsure_marks"]], \
            verdict.extra.get("unsure_marks")


def test_a_stroke_broken_off_an_answer_digit_is_unsure_not_a_stray_mark(sudoku_set, tmp_path):
    """A piece of the digit's own colour a few px above it, as wide as a 5's flag (an outline font's flag
    breaks off at a faint join: a held-out femkeklaver answer was `incorrect`, stray_mark 0.25 cell): the
    cell still reads surely without it, so nothing says whether it is a stroke or a mark. Review, never a
    confident charge and never a pass (rubric 5)."""
    import cv2

    for k, record in enumerate(sudoku_set.records):
        cell = heldout.blanks(record)[k % 3]
        x0, y0, x1, y1 = (int(round(v)) for v in cell_box(record.layout, *cell))
        side = x1 - x0
        image = np.ascontiguousarray(_reference(sudoku_set, record).copy())
        m = int(0.15 * side)  # inside the cell's lines
        ys, xs = np.nonzero(image[y0 + m:y1 - m, x0 + m:x1 - m].min(axis=2) < 128)
        top, left, right = y0 + m + ys.min(), x0 + m + xs.min(), x0 + m + xs.max()
        colour = tuple(int(v) for v in np.median(image[y0 + m + ys, x0 + m + xs], axis=0))
        gap, width = max(3, round(0.045 * side)), int(0.28 * side)
        xm = (left + right) // 2
        y = top - gap - 1
        cv2.line(image, (xm - width // 2, y), (xm + width // 2, y), colour, 3)
        verdict = _verdict(sudoku_set, record, tmp_path, image)
        assert "stray_mark" not in verdict.codes, (record.id, verdict.codes)
        if record.layout["rows"] == 9 and verdict.status is Status.CORRECT:
            continue  # 3 px from a 9x9 digit the bar joins it: read as part of it (a documented limit)
        assert verdict.status is Status.NEEDS_REVIEW and verdict.score < 100, (record.id, verdict.codes)
        assert [m["cell"] for m in verdict.extra["unsure_marks"]] == [[*cell]], verdict.extra["unsure_marks"]


def _digit_ink(image: np.ndarray, record, cell) -> tuple[int, int, int, tuple[int, int, int]]:
    """(bottom row, middle column, cell side, median colour) of the digit written in ``cell``."""
    x0, y0, x1, y1 = (int(round(v)) for v in cell_box(record.layout, *cell))
    m = int(0.12 * (x1 - x0))  # inside the cell's lines
    ys, xs = np.nonzero(image[y0 + m:y1 - m, x0 + m:x1 - m].min(axis=2) < 160)
    colour = tuple(int(v) for v in np.median(image[y0 + m + ys, x0 + m + xs], axis=0))
    return y0 + m + int(ys.max()), x0 + m + (int(xs.min()) + int(xs.max())) // 2, x1 - x0, colour


@pytest.mark.parametrize("ink", ["darker", "own"])
def test_a_tick_just_under_an_answer_digit_is_seen(sudoku_set, tmp_path, ink):
    """A tick 0.16 cell tall just under an answer digit (the lead's check, eleventh session: a 4x4 answer
    with a tick in a darker blue than the digit, 2 px under it, scored 100): a stroke 1-2 px off the digit
    was joined to it (pieces 1 px apart were one piece), and a darker shade of the digit's hue was not
    "another colour". Now a piece the digit does not need is a mark (rubric 7), and the darker tick is seen
    touching the digit too. The digit's own colour is tried 1-2 px off (touching it, it is part of the
    digit: a documented limit). Both fail on rubric 6."""
    from marks import draw_mark

    for k, record in enumerate(sudoku_set.records):
        cell = heldout.blanks(record)[k % 3]
        reference = _reference(sudoku_set, record)
        bottom, middle, side, colour = _digit_ink(reference, record, cell)
        size = int(0.16 * side)
        width = max(2, size // 8)
        for gap in ((0, 1, 2) if ink == "darker" else (1, 2)):
            centre = (middle, bottom + 1 + gap + size // 2 + width // 2)  # the tick's top ``gap`` px under the digit
            image = draw_mark(Image.fromarray(reference), "tick", centre, size,
                              (20, 20, 160) if ink == "darker" else colour, seed=k)
            verdict = _verdict(sudoku_set, record, tmp_path, np.asarray(image))
            assert verdict.score < 100 and verdict.status is not Status.CORRECT, (record.id, gap, verdict.codes)
            named = [v.evidence.get("cell") for v in verdict.violations if v.code == "stray_mark"]
            named += [m["cell"] for m in verdict.extra.get("unsure_marks", [])]
            assert [*cell] in named, (record.id, gap, verdict.codes, verdict.extra.get("unsure_marks"))


def test_a_mark_on_the_grids_frame_is_accounted_for(sudoku_set, tmp_path):
    """A tick on the outer frame, just outside the grid (no cell holds it): a stray mark, or unsure (review)
    where the part away from the frame line is small."""
    from marks import draw_mark

    for k, record in enumerate(sudoku_set.records):
        x0, y0, x1, y1 = record.layout["grid_bbox"]
        side = (x1 - x0) / record.layout["cols"]
        image = draw_mark(Image.fromarray(_reference(sudoku_set, record)), "tick",
                          (int(x0 + 2.5 * side), int(y1 + 0.15 * side)), int(0.3 * side), (25, 25, 30), seed=k)
        verdict = _verdict(sudoku_set, record, tmp_path, np.asarray(image))
        assert verdict.score < 100 and verdict.status is not Status.CORRECT, (record.id, verdict.codes)
        marks = [v.evidence for v in verdict.violations if v.code == "stray_mark"]
        marks += verdict.extra.get("unsure_marks", [])
        assert any(m["cell"] is None for m in marks), (record.id, marks)


def test_a_pencil_candidate_beside_an_answer_is_listed_and_reviewed(sudoku_set, tmp_path):
    """A small grey digit in a corner of a filled cell reads as a pencil-mark candidate (issue 12), and is
    listed as one; but the instruction asks for one digit per cell and nothing tells a candidate from a stray
    "7", so the answer goes to review (rubric 7; rubric 4-6 passed it at 100), never `incorrect`."""
    for k, record in enumerate(sudoku_set.records):
        cell = heldout.blanks(record)[k % 3]
        n = record.layout["rows"]
        candidate = record.ground_truth["solution"][cell[0]][cell[1]] % n + 1
        rng = np.random.default_rng(k)
        image = heldout.write(_reference(sudoku_set, record), record.layout, *cell,
                              heldout.glyph("cmr", str(candidate), rng), (90, 90, 90), rng, height=0.24,
                              centre=(0.2, 0.2), erase=False)
        verdict = _verdict(sudoku_set, record, tmp_path, image)
        assert verdict.status is Status.NEEDS_REVIEW and verdict.score == 99, (record.id, verdict.codes)
        assert verdict.extra["pencil_beside_answer"] == [{"cell": [*cell], "candidates": [candidate]}]
        assert [[*cell], "a pencil candidate beside the answer"] in \
            [[m["cell"], m.get("why")] for m in verdict.extra["unsure_marks"]], verdict.extra["unsure_marks"]


# ------------------------------------------------------------- the blind audit of session 13 (rubric 8)


def _audit_answer(record, image, font="shipped", ink=(25, 70, 200), skip=(), alpha_of=None, seed=0):
    """Every blank of ``image`` filled with its solution digit in ``font`` (the audit family's writer)."""
    import audit_sudoku_answers as audit

    rng = np.random.default_rng(seed)
    out = image.copy()
    solution = record.ground_truth["solution"]
    for r, c in audit.blanks(record):
        if (r, c) in skip:
            continue
        alpha = audit.glyph_alpha(font, str(solution[r][c]))
        x0, y0, x1, y1 = cell_box(record.layout, r, c)
        out = audit.stamp(out, alpha_of(alpha) if alpha_of else alpha, ink,
                          ((x0 + x1) / 2 + rng.uniform(-2, 2), (y0 + y1) / 2 + rng.uniform(-2, 2)),
                          (y1 - y0) * rng.uniform(0.55, 0.65), rng.uniform(-4, 4))
    return out


@pytest.mark.parametrize("letter", ["g", "q"])
def test_a_letter_like_a_nine_where_a_nine_belongs_is_not_passed(sudoku_set, tmp_path, letter):
    """A g or q in DejaVu Sans reads to the digit classifier as a sure 9 (0.95-0.97); the recogniser, asked
    about sure readings short of 0.99, reads the letter: the cell is unsure (rubric 7 passed it at 100)."""
    _assert_letter_where_a_nine_belongs_is_not_passed(sudoku_set, tmp_path, "shipped", letter)


def _assert_letter_where_a_nine_belongs_is_not_passed(sudoku_set, tmp_path, font, letter):
    """A 9x9 answer right everywhere except one 9 written as ``letter`` in ``font``: review, never a pass."""
    import audit_sudoku_answers as audit

    record = next(r for r in sudoku_set.records if r.variant == "9x9")
    image = load_image(sudoku_set.path(record.input_image))
    solution = record.ground_truth["solution"]
    cell = next((r, c) for r, c in audit.blanks(record) if solution[r][c] == 9)
    answer = _audit_answer(record, image, skip={cell})
    x0, y0, x1, y1 = cell_box(record.layout, *cell)
    answer = audit.stamp(answer, audit.glyph_alpha(font, letter), (25, 70, 200), ((x0 + x1) / 2, (y0 + y1) / 2),
                         0.6 * (y1 - y0))
    verdict = verify_answer(sudoku_set.root, record, _save(tmp_path, "letter.png", answer))
    assert verdict.status != Status.CORRECT and verdict.score < 100 and verdict.needs_review, verdict.violations


@pytest.mark.parametrize("font", ["DejaVuSerif-BoldItalic", "cmss10"])
def test_a_q_the_old_letter_check_let_through_where_a_nine_belongs_is_not_passed(sudoku_set, tmp_path, font,
                                                                                 monkeypatch):
    """A q in DejaVu Serif Bold Italic reads to the classifier as a sure 9 and to the recogniser as "q" at 0.84 (short
    of a one-letter reading at 0.9, but the probability of its look-alike letters is >= 0.3); a Computer Modern Sans q
    reads 9 at 0.993 (over the old 0.99 bar, but the digit-or-not check gives it 0.09, far over a digit's): both passed
    at 100 on rubric 8 and are unsure (review) now."""
    import audit_sudoku_answers as audit

    fonts = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
    monkeypatch.setitem(audit.FONTS, font, str(fonts / f"{font}.ttf"))
    _assert_letter_where_a_nine_belongs_is_not_passed(sudoku_set, tmp_path, font, "q")


def test_outlined_answer_digits_score_100(sudoku_set, tmp_path):
    """Hollow (outlined) digits: the counter of a 0, 4, 6, 8 or 9 is a ring of its own inside the glyph, part
    of the digit, not a mark beside it (rubric 7 sent such answers to review)."""
    import audit_sudoku_answers as audit

    for record in sudoku_set.records:
        image = load_image(sudoku_set.path(record.input_image))
        answer = _audit_answer(record, image, "shipped_bold", ink=(20, 30, 110), alpha_of=audit.outlined)
        verdict = verify_answer(sudoku_set.root, record, _save(tmp_path, f"outline_{record.id}.png", answer))
        assert verdict.score == 100 and not verdict.needs_review, (record.id, verdict.extra.get("unsure_marks"))


def test_grid_redrawn_heavier_with_givens_in_another_font_scores_100(sudoku_set, tmp_path):
    """A model redraws the page: box lines 1/6 of a cell thick (the input's are 1/14), the givens in DejaVu
    Sans instead of DejaVu Sans Bold. Lines run along the grid, the givens' added ink joins the given's glyph:
    no stray marks (rubric 7 charged the heavier lines and the given's slivers as stray_marks)."""
    import audit_sudoku_answers as audit

    for record in sudoku_set.records:
        step = (record.layout["grid_bbox"][2] - record.layout["grid_bbox"][0]) / record.layout["rows"]
        page = audit.redrawn_grid(record, "shipped", max(3, step / 12), max(6, step / 6), line=(0, 0, 0))
        answer = _audit_answer(record, page, ink=(20, 20, 20))
        verdict = verify_answer(sudoku_set.root, record, _save(tmp_path, f"redraw_{record.id}.png", answer))
        assert "stray_mark" not in verdict.codes and verdict.status != Status.INCORRECT, verdict.violations


@pytest.mark.parametrize("font", ["shipped", "shipped_bold"])
def test_a_q_where_a_nine_belongs_is_unlike_the_pages_nines_without_the_recogniser(sudoku_set, tmp_path, font,
                                                                                  monkeypatch):
    """The page shape check (rubric 10): a DejaVu Sans q among the answer's DejaVu Sans 9s reads to the classifier as a
    sure 9; with the recogniser out of the way (a look-alike letter it reads as the digit too, as Cherry Bomb's q, Z and
    b are), only the comparison with the page's own 9s can see it. Rubric 9 passed it at 100."""
    import audit_sudoku_answers as audit

    from genpuzzle.verifiers import ocr

    monkeypatch.setattr(ocr, "ocr_available", lambda: False)
    for record in [r for r in sudoku_set.records if r.variant == "9x9"]:
        image = load_image(sudoku_set.path(record.input_image))
        solution = record.ground_truth["solution"]
        cell = next((r, c) for r, c in audit.blanks(record) if solution[r][c] == 9)
        answer = _audit_answer(record, image, font=font, skip={cell})
        x0, y0, x1, y1 = cell_box(record.layout, *cell)
        answer = audit.stamp(answer, audit.glyph_alpha(font, "q"), (25, 70, 200), ((x0 + x1) / 2, (y0 + y1) / 2),
                             0.6 * (y1 - y0))
        verdict = verify_answer(sudoku_set.root, record, _save(tmp_path, "q.png", answer))
        assert verdict.status != Status.CORRECT and verdict.score < 100, (record.id, verdict.codes)
        assert [*cell] in verdict.extra.get("unsure_cells", []), verdict.extra.get("unsure_cells")
        outliers = [o for o in verdict.extra.get("ocr_cells", []) if o.get("shape_outlier")]
        # the page shape check marks the q; on the regular face the train-v6 model (fifty-first session) already reads
        # the q unsure itself, and the check is then not asked. Never any other cell.
        assert [o["cell"] for o in outliers] in (([[*cell]], []) if font == "shipped" else ([[*cell]],)), outliers


def _split_outline(digit: int, variant: int, size: int = 200, width: int = 24) -> np.ndarray:
    """Alpha of a training pen skeleton drawn as a hollow stroke ``width`` px wide (its outline ~2 px) and cut at the
    stroke's ends: the inner and outer contours of an outline hand, apart (as a threshold splits a thin outline)."""
    import cv2

    strokes = [np.asarray(s) for s in heldout.dd.pen_strokes(digit, variant) if len(s)]
    pad = width + 4
    canvas = np.zeros((size + 2 * pad, size + 2 * pad), np.uint8)
    ends = []
    for s in strokes:
        pts = np.round(s * size * 0.9 + pad).astype(np.int32)
        cv2.polylines(canvas, [pts], False, 1, thickness=width)
        ends += [pts[0], pts[-1]]
    ring = ((cv2.dilate(canvas, np.ones((5, 5), np.uint8)) > 0) & (canvas == 0)).astype(np.uint8)
    for x, y in ends:
        cv2.circle(ring, (int(x), int(y)), width, 0, -1)
    ys, xs = np.nonzero(ring)
    return ring[ys.min():ys.max() + 1, xs.min():xs.max() + 1].astype(np.float32)


def test_the_two_contours_of_an_outlined_digit_are_no_stray_mark(sudoku_set, tmp_path):
    """Every 7 of a 9x9 answer written as an outline hand whose contours a threshold split apart (the held-out
    femkeklaver answers' 1s and 5s): the inner contour is the digit's main piece and reads as a sure 7 alone, so rubric 9
    charged the outer one, which runs along it, as a stray_mark (a confident false fail). Now it is an unsure mark
    (review), never a charge: most of the digit's main piece lies within outline_gap_cells of it."""
    import audit_sudoku_answers as audit

    for record in [r for r in sudoku_set.records if r.variant == "9x9"]:
        image = load_image(sudoku_set.path(record.input_image))
        solution = record.ground_truth["solution"]
        sevens = [(r, c) for r, c in audit.blanks(record) if solution[r][c] == 7]
        answer = _audit_answer(record, image, skip=set(sevens))
        for r, c in sevens:
            x0, y0, x1, y1 = cell_box(record.layout, r, c)
            answer = audit.stamp(answer, _split_outline(7, 0), (25, 70, 200), ((x0 + x1) / 2, (y0 + y1) / 2),
                                 0.62 * (y1 - y0))
        verdict = verify_answer(sudoku_set.root, record, _save(tmp_path, "outline7.png", answer))
        assert sevens and "stray_mark" not in verdict.codes, (record.id, verdict.codes)
        assert verdict.status is Status.NEEDS_REVIEW and verdict.score < 100, (record.id, verdict.status)
        along = [m["cell"] for m in verdict.extra.get("unsure_marks", []) if m["why"].startswith("along")]
        assert along and all(tuple(cell) in sevens for cell in along), verdict.extra.get("unsure_marks")
