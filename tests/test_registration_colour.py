"""Registration of answers whose line work is redrawn in colour over a black-and-grey input (an app's blue grid
photographed off a screen, with moire), and the other direction: a page that is not the puzzle, or a fit the
coloured surroundings carried off, must not be registered (or not pass)."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.registration import register


def _rgb(image) -> np.ndarray:
    return np.asarray(image.convert("RGB"))


def _style(name: str):
    import nonogram_answers as answers

    return next(s for s in answers.HELDOUT8 if s.name == name)


def _answer(puzzle, style_name: str, error: str, seed: int) -> np.ndarray:
    import nonogram_answers as answers

    return answers.make_answer(puzzle.input_image, puzzle.layout, puzzle.ground_truth,
                               _style(style_name), error, seed=seed)


def _true_map(puzzle, style_name: str, error: str, seed: int) -> np.ndarray:
    import nonogram_answers as answers

    return answers.answer_map(puzzle, _style(style_name), error, seed)


def _grid_error(reg, M: np.ndarray, layout: dict) -> float:
    import nonogram_answers as answers

    return answers.grid_corner_error(reg, M, layout)


MOIRE = "w_inconsolata_crayon_moire"


@pytest.mark.parametrize("seed,variant,k,error", [
    (5020, "15x15", 0, "none"),
    (5021, "15x15", 1, "missing"),
    (5010, "10x10", 0, "extra_light"),
])
def test_a_blue_grid_page_under_screen_moire_registers_on_its_lattice(seed, variant, k, error):
    # HELDOUT8's screen photo: the grid redrawn in blue, red crayon fills, typed x marks, clues in Inconsolata,
    # moire bands, JPEG. The black-and-grey input finds no fit on the answer's dark ink (the blue grid is not
    # dark); on its coloured ink the right fit scores 0.69-0.77 (clues redrawn, marks in the cells) and was
    # refused under 0.8: unreadable before. Its line work lies on the input's lattice (0.8-0.87).
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    answer = _answer(puzzle, MOIRE, error, k)
    reg = register(answer, _rgb(puzzle.input_image), edit_mask=np.asarray(puzzle.edit_mask))
    assert reg.ok, reg.reason
    assert "+colour" in reg.method
    assert _grid_error(reg, _true_map(puzzle, MOIRE, error, k), puzzle.layout) <= 2.0


def test_a_blue_grid_page_under_screen_moire_verifies():
    puzzle = genpuzzle.generate("nonogram", 5020, "15x15")
    verdict = genpuzzle.verify(puzzle, Image.fromarray(_answer(puzzle, MOIRE, "none", 0)))
    assert verdict.status == Status.CORRECT and verdict.score == 100, (verdict.status, verdict.codes)
    wrong = genpuzzle.verify(puzzle, Image.fromarray(_answer(puzzle, MOIRE, "x_instead", 0)))
    assert wrong.status == Status.INCORRECT and wrong.score < 100, (wrong.status, wrong.codes)


def test_a_fit_the_coloured_surroundings_carry_off_is_not_taken():
    # HELDOUT8's page on a wooden desk (Bajaderka 5x5): on its coloured ink, the desk's grain included, the best
    # fit lands 30 px off at 0.67 (its line work 0.65 on the input's lattice). It must stay unregistered (or be
    # right: found as a page of paper on the desk, its grid-anchored fit lies 3.5 px off on 80 px cells, the
    # frame redrawn 3x thicker; tests/test_registration_washed.py).
    puzzle = genpuzzle.generate("nonogram", 5000, "5x5")
    style = "w_bajaderka_brush_desk"
    answer = _answer(puzzle, style, "none", 0)
    reg = register(answer, _rgb(puzzle.input_image), edit_mask=np.asarray(puzzle.edit_mask))
    assert not reg.ok or _grid_error(reg, _true_map(puzzle, style, "none", 0), puzzle.layout) <= 4.0, reg.method


@pytest.mark.parametrize("answer_of,input_of", [
    ((5010, "10x10"), (5020, "15x15")),
    ((5000, "5x5"), (5021, "15x15")),
])
def test_a_blue_grid_moire_page_of_another_puzzle_does_not_register(answer_of, input_of):
    other = genpuzzle.generate("nonogram", *answer_of)
    puzzle = genpuzzle.generate("nonogram", *input_of)
    reg = register(_answer(other, MOIRE, "none", 0), _rgb(puzzle.input_image),
                   edit_mask=np.asarray(puzzle.edit_mask))
    assert not reg.ok, reg.method


@pytest.mark.parametrize("answer_of,input_of", [((5020, "15x15"), (5021, "15x15")), ((5011, "10x10"), (5001, "5x5"))])
def test_a_blue_grid_moire_page_of_another_puzzle_on_the_input_lattice_does_not_pass(answer_of, input_of):
    # another 15x15 puzzle drawn on the same layout has its grid where the input's is, and a larger grid's frame
    # and thick lines can lie on a smaller one's (the known limit of the grid anchor): such a page may register
    # on the lattice; its clues and cells then fail it
    other = genpuzzle.generate("nonogram", *answer_of)
    puzzle = genpuzzle.generate("nonogram", *input_of)
    verdict = genpuzzle.verify(puzzle, Image.fromarray(_answer(other, MOIRE, "none", 0)))
    assert verdict.status != Status.CORRECT and verdict.score < 100, (verdict.status, verdict.codes)
