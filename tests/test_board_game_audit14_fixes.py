"""Rubric 17 (fourteenth session's board audit): an O drawn with a fat pen reads O, and a shadow over the page's
margin is no new ink, while a filled blob stays no piece and a scribble in the shaded margin stays a mark."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from board_game_answers import make_record
from genpuzzle.evaluate import verify_image
from genpuzzle.renderers.board_game import tictactoe as ttt_renderer
from genpuzzle.renderers.board_game.base import draw_o, draw_x
from genpuzzle.solvers.board_game.base import parse_board
from genpuzzle.verifiers.board_game.base import UNKNOWN, read_mark_cells


def fat_pen_ttt(board, width: float, filled_cell: tuple[int, int] | None = None) -> tuple[np.ndarray, dict]:
    """Tic-tac-toe ``board`` on the track's empty grid, its X and O drawn with a pen ``width`` x the cell
    wide (the track's is 0.075); ``filled_cell`` gets a filled disc instead."""
    empty = [["."] * 3 for _ in range(3)]
    drawing = ttt_renderer.render_board(empty)
    image, layout = drawing.image.copy(), drawing.layout
    d = ImageDraw.Draw(image)
    cell = layout["cell_px"]
    for r in range(3):
        for c in range(3):
            centre = layout["cell_centers"][r][c]
            if (r, c) == filled_cell:
                x, y = centre
                d.ellipse([x - 0.3 * cell, y - 0.3 * cell, x + 0.3 * cell, y + 0.3 * cell], fill=(170, 30, 30))
            elif board[r][c] == "X":
                draw_x(d, centre, 0.3 * cell, (20, 20, 20), int(width * cell))
            elif board[r][c] == "O":
                draw_o(d, centre, 0.36 * cell, (200, 20, 40), int(width * cell))
    return np.asarray(image), layout


@pytest.mark.parametrize("seed", [1414, 1415, 3])
def test_fat_pen_o_reads_o(seed: int) -> None:
    record, inp, mask = make_record("tictactoe", seed)
    board = parse_board(record.ground_truth["accepted"][0]["board"])
    answer, _ = fat_pen_ttt(board, 0.13)
    verdict = verify_image(record, answer, inp, mask)
    assert verdict.status.value == "correct" and verdict.score == 100 and not verdict.needs_review, verdict.codes


def test_filled_disc_is_still_no_mark() -> None:
    board = [["O", ".", "."], [".", ".", "."], [".", ".", "."]]
    answer, layout = fat_pen_ttt(board, 0.13, filled_cell=(2, 2))
    reading = read_mark_cells(answer, layout)
    assert reading.states[0][0] == "O"
    assert reading.states[2][2] == UNKNOWN


def shaded(image: np.ndarray, corner: tuple[float, float], depth: float = 0.38) -> np.ndarray:
    """``image`` under a soft shadow over one corner, down to ``1 - depth`` brightness."""
    h, w = image.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    d = np.hypot((xx / w - corner[0]) / 0.75, (yy / h - corner[1]) / 0.6)
    shade = 1 - depth * np.clip(1.15 - d, 0, 1) ** 0.8
    return np.clip(image.astype(np.float32) * shade[..., None], 0, 255).astype(np.uint8)


@pytest.mark.parametrize("game,seed,corner", [("hex", 1415, (0.0, 1.0)), ("hanoi", 1414, (1.0, 0.0)),
                                              ("sokoban", 2, (1.0, 1.0))])
def test_shadow_over_the_margin_is_no_ink(game: str, seed: int, corner) -> None:
    from genpuzzle.renderers.board_game.base import BoardDrawing  # noqa: F401  (the track's own drawing)
    from board_game_answers import modules

    record, inp, mask = make_record(game, seed)
    _, renderer = modules(game)
    reference = np.asarray(renderer.render_board(parse_board(record.ground_truth["accepted"][0]["board"])).image.convert("RGB"))
    verdict = verify_image(record, shaded(reference, corner), inp, mask)
    assert "extra_marks" not in verdict.codes, verdict.codes


def test_scribble_in_the_shaded_margin_is_still_a_mark() -> None:
    from board_game_answers import modules

    record, inp, mask = make_record("hanoi", 1414)
    _, renderer = modules("hanoi")
    image = renderer.render_board(parse_board(record.ground_truth["accepted"][0]["board"])).image.convert("RGB")
    d = ImageDraw.Draw(image)
    w, h = image.size
    pts = [(0.86 * w + 12 * np.cos(t), 0.12 * h + 7 * np.sin(2 * t) + 2 * t) for t in np.linspace(0, 6, 40)]
    d.line(pts, fill=(30, 30, 30), width=3)
    verdict = verify_image(record, shaded(np.asarray(image), (1.0, 0.0)), inp, mask)
    assert "extra_marks" in verdict.codes or verdict.needs_review or verdict.score < 100, verdict.codes
    assert not (verdict.status.value == "correct" and verdict.score == 100 and not verdict.needs_review)


@pytest.mark.parametrize("size", [0.3, 0.8, 1.2])
def test_filled_blob_in_the_margin_is_still_a_mark(size: float) -> None:
    from board_game_answers import modules

    record, inp, mask = make_record("hex", 1415)
    _, renderer = modules("hex")
    image = renderer.render_board(parse_board(record.ground_truth["accepted"][0]["board"])).image.convert("RGB")
    d = ImageDraw.Draw(image)
    w, h = image.size
    k = size * record.layout["cell_px"] / 2
    x, y = 0.12 * w, 0.2 * h  # the paper left of the rhombus, clear of the labels
    d.ellipse([x - k, y - k, x + k, y + k], fill=(40, 40, 40))
    verdict = verify_image(record, np.asarray(image), inp, mask)
    assert "extra_marks" in verdict.codes, verdict.codes
