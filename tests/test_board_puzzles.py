"""The ten single-player puzzles of the board_game track (issue 17): certificates and the verifier's
calibration ladder through the full pipeline (``genpuzzle.evaluate.verify_image``: registration, reading,
judging, five-dimension scoring).

Per puzzle: the reference scores 100; the unchanged input scores 0 (``no_change``); each planted single
error is caught and named; every accepted alternative scores 100; the answer redrawn as a model would
(other marks, fonts, colours, thicker grid, rescale, JPEG; ``tests/board_puzzle_answers.TUNE_STYLES``)
scores 100. The held-out styles (``HELDOUT_STYLES``) are measured in docs/board_puzzles.md, not tuned on.
"""

from __future__ import annotations

import random
from functools import lru_cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw

import board_puzzle_answers as A
from genpuzzle.evaluate import verify_image
from genpuzzle.records import Status
from genpuzzle.solvers.board_game import (game_2048, hanoi, knight_route, lights_out, minesweeper, nqueens,
                                          peg_solitaire, queens, sliding_puzzle, sokoban)

GAMES = ("nqueens", "queens", "lights_out", "minesweeper", "sliding_puzzle", "hanoi", "sokoban", "peg_solitaire",
         "game_2048", "knight_route")
SEED = {g: 1 for g in GAMES}
SEED["lights_out"] = 4  # the "after" task; a press task on a singular size is checked below
SEED["peg_solitaire"] = 4  # a hard (5x5) instance that generates quickly
SETTINGS = settings(max_examples=5, deadline=None)


@lru_cache(maxsize=None)
def case(game: str, seed: int | None = None):
    return A.instance(game, SEED[game] if seed is None else seed)


def verify(game: str, image: np.ndarray, seed: int | None = None):
    record, inp, _, mask = case(game, seed)
    return verify_image(record, image, inp, mask)


def codes(verdict) -> set[str]:
    return set(verdict.codes)


# ------------------------------------------------------------------------------------------ ladder


@pytest.mark.parametrize("game", GAMES)
def test_reference_scores_100_and_unchanged_input_scores_0(game):
    record, inp, ref, _ = case(game)
    good = verify(game, ref)
    assert good.score == 100 and good.status is Status.CORRECT, (good.codes, good.reason, good.subscores)
    same = verify(game, inp)
    assert same.score == 0 and "no_change" in same.codes


def _without(board, code_pred, replace, k=0):
    cells = [(r, c) for r, row in enumerate(board) for c, v in enumerate(row) if code_pred(v, r, c)]
    out = [row[:] for row in board]
    r, c = cells[k % len(cells)]
    out[r][c] = replace(out[r][c])
    return out


def planted(game: str) -> list[tuple[str, object, str]]:
    """``(name, board or image, expected violation code)`` single errors on the accepted answer."""
    record, inp, _, _ = case(game)
    data = A.data_of(record)
    target = A.accepted_boards(record)[0]
    position = [list(r) for r in record.ground_truth["position"].split("/")]
    out = []
    if game == "nqueens":
        givens = {tuple(q) for q in data["givens"]}
        added = [(r, c) for r, c in map(tuple, data["solution"]) if (r, c) not in givens]
        b = [row[:] for row in target]
        b[added[0][0]][added[0][1]] = "."
        out.append(("a queen missing", b, "missing_mark"))
        b = [row[:] for row in target]
        g = sorted(givens)[0]
        b[g[0]][g[1]] = "."
        out.append(("a given queen removed", b, "input_changed"))
        b = [row[:] for row in target]
        r, c = added[0]
        b[r][c] = "."
        b[r][(c + 2) % data["n"]] = "Q"
        out.append(("a queen misplaced", b, "wrong_cell"))
        b = [row[:] for row in target]
        empty = next((r, c) for r, row in enumerate(b) for c, v in enumerate(row) if v == ".")
        b[empty[0]][empty[1]] = "Q"
        out.append(("an extra queen", b, "rule_broken"))
    elif game == "queens":
        out.append(("a queen missing", _without(target, lambda v, r, c: v.isupper(), str.lower), "missing_mark"))
        out.append(("an extra queen", _without(target, lambda v, r, c: v.islower(), str.upper), "rule_broken"))
    elif game == "lights_out" and record.ground_truth["task"] == "after":
        out.append(("one light wrong", _without(target, lambda v, r, c: True,
                                                lambda v: ("." if v.startswith("L") else "L") + v[1:]), "wrong_cell"))
        out.append(("a press ring erased", _without(target, lambda v, r, c: v.endswith("o"), lambda v: v[:-1]),
                    "input_changed"))
    elif game == "lights_out":
        out.append(("a press missing", _without(target, lambda v, r, c: v.endswith("+"), lambda v: v[:-1]),
                    "rule_broken"))
        out.append(("an extra press", _without(target, lambda v, r, c: not v.endswith("+"), lambda v: v + "+"),
                    "rule_broken"))
    elif game == "minesweeper":
        out.append(("a flag missing", _without(target, lambda v, r, c: v == "F", lambda v: "#"), "missing_mark"))
        out.append(("a flag on a safe cell", _without(target, lambda v, r, c: v == "#", lambda v: "F"), "extra_mark"))
    elif game in ("sliding_puzzle", "peg_solitaire"):
        other = next(g for g in data["legal"] if g != data["accepted"][0])
        board = (sliding_puzzle if game == "sliding_puzzle" else peg_solitaire).board_of(other)
        out.append(("another legal move", board, "wrong_state"))
        if game == "sliding_puzzle":
            b = [row[:] for row in target]
            (r1, c1), (r2, c2) = [(r, c) for r, row in enumerate(b) for c, v in enumerate(row) if v != "."][:2]
            b[r1][c1], b[r2][c2] = b[r2][c2], b[r1][c1]
            out.append(("two tiles swapped", b, "rule_broken"))
        else:
            (fr, fc), (orr, oc), _ = data["jump"]
            b = [row[:] for row in target]
            b[orr][oc] = "P"
            out.append(("the jumped peg left on the board", b, "rule_broken"))
    elif game == "game_2048":
        other = next(g for d, g in data["others"].items() if g != data["start"] and g != data["accepted"][0])
        out.append(("another swipe", game_2048.board_of(other), "wrong_state"))
        b = [row[:] for row in target]
        r, c = next((r, c) for r, row in enumerate(b) for c, v in enumerate(row) if v not in (".", "2"))
        b[r][c] = str(int(b[r][c]) // 2)
        out.append(("a merge missing (half value)", b, "rule_broken"))
    elif game == "hanoi":
        start = hanoi.from_pegs(data["start"])
        moves = hanoi.optimal_moves(start, hanoi.PEGS.index(data["target"]))
        w = list(start)
        for disc, _, to in moves[:data["k"] - 1]:
            w[disc - 1] = to
        out.append(("one move short", hanoi.board_of(hanoi.to_pegs(tuple(w)), data["discs"]), "wrong_state"))
        pegs = [list(p) for p in data["accepted"][0]]
        p = max(range(3), key=lambda i: len(pegs[i]))
        pegs[p] = pegs[p][::-1]
        out.append(("a larger disc on a smaller one", hanoi.board_of(pegs, data["discs"]), "rule_broken"))
    elif game == "sokoban":
        b = [row[:] for row in target]
        player = next((r, c) for r, row in enumerate(b) for c, v in enumerate(row) if v in "Pp")
        b[player[0]][player[1]] = "g" if b[player[0]][player[1]] == "p" else "."
        sp = tuple(data["player"])
        b[sp[0]][sp[1]] = "p" if position[sp[0]][sp[1]] in "gp" else "P"
        out.append(("player left where it started", b, "wrong_cell"))
        out.append(("a box lost", _without(target, lambda v, r, c: v in "Bb", lambda v: "g" if v == "b" else "."),
                    "rule_broken"))
    elif game == "knight_route":
        n = data["n"]
        blocked = {tuple(x) for x in data["blocked"]}
        route = [tuple(x) for x in data["example"]]
        longer = _longer_route(n, tuple(data["start"]), tuple(data["goal"]), blocked, data["moves"])
        out.append(("a longer route", _route_image(inp, record.layout, longer), "wrong_state"))
        out.append(("the route stops early", _route_image(inp, record.layout, route[:-1]), "missing_mark"))
        a, b = route[0], route[1]
        step = (a[0] + (1 if b[0] > a[0] else -1), a[1])  # a king step towards b, then the rest
        out.append(("a step that is no knight move", _route_image(inp, record.layout, [a, step] + route[1:]),
                    "rule_broken"))
    return out


def _longer_route(n, start, goal, blocked, moves):
    """A route of knight moves from start to goal, one or two moves longer than the shortest."""
    best = None

    def rec(path):
        nonlocal best
        if best or len(path) - 1 > moves + 2:
            return
        if path[-1] == goal:
            if len(path) - 1 > moves:
                best = list(path)
            return
        for x in knight_route.knight_moves(n, path[-1], blocked):
            if x not in path:
                rec(path + [x])

    rec([start])
    return best


def _route_image(inp, layout, route):
    image = Image.fromarray(inp.copy())
    A.draw_route_cells(ImageDraw.Draw(image), layout, route, "x", (200, 30, 30))
    return np.asarray(image)


@pytest.mark.parametrize("game", GAMES)
def test_planted_errors_are_caught_and_named(game):
    errors = planted(game)
    assert errors
    for name, board, code in errors:
        image = board if isinstance(board, np.ndarray) else A.board_image(game, board)
        v = verify(game, image)
        assert code in v.codes, (name, v.codes, v.score, [x.message for x in v.violations])
        assert v.score < 80 and v.status is not Status.CORRECT, (name, v.score)
        named = next(x for x in v.violations if x.code == code)
        assert named.message and "bbox" in named.evidence, (name, named)


@pytest.mark.parametrize("game", ("lights_out", "knight_route", "sokoban"))
def test_every_accepted_alternative_scores_100(game):
    """Every accepted answer (all shortest knight routes, every minimum press set) scores 100."""
    seeds = {"lights_out": 87, "knight_route": 2, "sokoban": 0}  # 87: 5x5 press task, two minimum press sets
    record, inp, _, mask = case(game, seeds[game])
    boards = A.accepted_boards(record)
    if game == "lights_out":
        assert record.ground_truth["task"] == "press" and len(boards) >= 2, "expected several minimum press sets"
    if game == "knight_route":
        assert len(boards) >= 2
    for board in boards[:4]:
        v = verify_image(record, A.board_image(game, board), inp, mask)
        assert v.score == 100 and v.status is Status.CORRECT, (v.codes, v.reason)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("style", A.TUNE_STYLES)
def test_answers_redrawn_as_a_model_would_score_100(game, style):
    record, inp, _, _ = case(game)
    v = verify(game, A.restyled(game, record, inp, style, seed=SEED[game]))
    assert v.score == 100 and v.status is Status.CORRECT, (style, v.codes, v.reason, v.extra.get("unsure_cells"))


def test_nqueens_board_redrawn_in_chess_colours_scores_100():
    record, inp, _, mask = case("nqueens")
    image = Image.fromarray(A.restyled("nqueens", record, inp, "x"))
    draw = ImageDraw.Draw(image)
    layout = record.layout
    target = A.accepted_boards(record)[0]
    for r, row in enumerate(layout["cell_boxes"]):
        for c, (x0, y0, x1, y1) in enumerate(row):
            d = 0.05 * (x1 - x0)
            draw.rectangle([x0 + d, y0 + d, x1 - d, y1 - d], fill=(240, 217, 181) if (r + c) % 2 == 0 else (181, 136, 99))
            if target[r][c] == "Q":
                A.draw_mark(draw, layout, r, c, "letter", (0, 0, 0), np.random.default_rng(0))
    v = verify_image(record, np.asarray(image), inp, mask)
    assert v.score == 100 and v.status is Status.CORRECT, (v.codes, v.extra.get("unsure_cells"))


def test_an_unsure_mark_never_passes():
    """A faint smudge that is neither empty nor a mark makes the answer needs_review, never correct."""
    record, inp, ref, mask = case("nqueens")
    image = ref.copy()
    data = A.data_of(record)
    queens_at = {tuple(q) for q in data["solution"]}
    r, c = next((r, c) for r in range(data["n"]) for c in range(data["n"]) if (r, c) not in queens_at)
    x, y = (int(v) for v in record.layout["cell_centers"][r][c])
    s = int(record.layout["cell_px"])
    image[y - s // 10:y + s // 10, x - 1:x + 1] = 90  # a short thin stroke: too much for empty, too little for a mark
    v = verify_image(record, image, inp, mask)
    assert v.status is not Status.CORRECT and v.score < 100


def test_a_scribbled_tile_never_passes():
    """A tile whose number is scribbled over reads as unsure or as no digit: never a confident pass."""
    record, inp, ref, mask = case("sliding_puzzle")
    image = Image.fromarray(ref.copy())
    draw = ImageDraw.Draw(image)
    board = A.accepted_boards(record)[0]
    r, c = next((r, c) for r, row in enumerate(board) for c, v in enumerate(row) if v != ".")
    x0, y0, x1, y1 = record.layout["cell_boxes"][r][c]
    rng = np.random.default_rng(5)
    pts = [(x0 + (x1 - x0) * rng.uniform(0.25, 0.75), y0 + (y1 - y0) * rng.uniform(0.25, 0.75)) for _ in range(9)]
    draw.line(pts, fill=(0, 0, 0), width=4)
    v = verify_image(record, np.asarray(image), inp, mask)
    assert v.status is not Status.CORRECT and v.score < 100, (v.status, v.score, v.codes)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2 ** 31 - 1), st.sampled_from(GAMES))
def test_garbage_never_crashes(seed, game):
    record, inp, _, mask = case(game)
    rng = np.random.default_rng(seed)
    image = rng.integers(0, 256, (rng.integers(40, 400), rng.integers(40, 400), 3), dtype=np.uint8)
    v = verify_image(record, image, inp, mask)
    assert 0 <= v.score <= 100 and v.status is not Status.ERROR, v.reason


# ------------------------------------------------------------------------------------------ certificates


@SETTINGS
@given(st.integers(0, 10 ** 6), st.sampled_from(("easy", "medium", "hard")))
def test_queens_certificates(seed, level):
    q = nqueens.generate(random.Random(seed), level)
    sol = {tuple(x) for x in q["solution"]}
    assert not nqueens.check(q["n"], sol, {tuple(x) for x in q["givens"]}, sol)
    assert nqueens.count_completions_cpsat(q["n"], {r: c for r, c in q["givens"]}, 3) == 1
    z = queens.generate(random.Random(seed), level)
    sol = {tuple(x) for x in z["solution"]}
    assert not queens.check(z["regions"], sol, sol) and len(sol) == z["n"]
    assert queens.count_solutions_cpsat(z["regions"], 3) == 1


@SETTINGS
@given(st.integers(3, 8), st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=12))
def test_lights_out_press_sets_clear_the_board(n, presses):
    presses = {(r % n, c % n) for r, c in presses}
    lights = lights_out.press_all(n, set(), presses)
    sols = lights_out.solutions(n, lights)
    assert len(sols) == 2 ** lights_out.nullity(n)
    assert any(s == presses for s in sols)
    assert all(not lights_out.press_all(n, lights, s) for s in sols)
    best = lights_out.minimum_solutions(n, lights)
    assert all(len(s) == min(map(len, sols)) for s in best)


@SETTINGS
@given(st.integers(0, 10 ** 6), st.sampled_from(("easy", "medium", "hard")))
def test_search_certificates(seed, level):
    rng = random.Random(seed)
    m = minesweeper.generate(rng, level)
    assert not minesweeper.validate(m)
    s = sliding_puzzle.generate(rng, level)
    assert not sliding_puzzle.validate(s)
    h = hanoi.generate(rng, level)
    assert not hanoi.validate(h)  # closed form == BFS
    p = peg_solitaire.generate(rng, level)
    assert not peg_solitaire.validate(p)
    k = knight_route.generate(rng, level)
    assert not knight_route.validate(k)
    routes = knight_route.all_shortest_routes(k["n"], tuple(k["start"]), tuple(k["goal"]),
                                              {tuple(b) for b in k["blocked"]}, 10 ** 6)
    assert len(routes) == k["routes"] and all(len(r) - 1 == k["moves"] for r in routes)
    b = sokoban.generate(rng, level)
    assert not sokoban.validate(b)


@SETTINGS
@given(st.lists(st.sampled_from([0, 0, 2, 2, 4, 8]), min_size=16, max_size=16), st.sampled_from(game_2048.DIRECTIONS))
def test_2048_swipe_keeps_the_sum_and_merges_once(cells, direction):
    board = [cells[i * 4:(i + 1) * 4] for i in range(4)]
    after, merges = game_2048.swipe(board, direction)
    assert sum(map(sum, after)) == sum(map(sum, board))
    assert sum(v > 0 for row in board for v in row) - sum(v > 0 for row in after for v in row) == merges
    again, _ = game_2048.swipe(after, direction)
    assert sum(v > 0 for row in again for v in row) <= sum(v > 0 for row in after for v in row)


def test_track_lists_every_puzzle_and_validates_records():
    from genpuzzle.registry import get_track

    track = get_track("board_game")
    for game in GAMES:
        assert game in track.variants
        record = case(game)[0]
        assert track.validate(record) == [], game


def _chase_solutions(n: int, lights: set) -> list[set]:
    """Every press set clearing ``lights``, by light chasing (independent of the GF(2) elimination): each
    first-row pattern forces the rows below (press under every cell still lit); keep those ending dark."""
    out = []
    for pattern in range(2 ** n):
        presses = {(0, c) for c in range(n) if pattern >> c & 1}
        lit = lights_out.press_all(n, lights, presses)
        for r in range(1, n):
            row = {(r, c) for c in range(n) if (r - 1, c) in lit}
            presses |= row
            lit = lights_out.press_all(n, lit, row)
        if not lit:
            out.append(presses)
    return out


@SETTINGS
@given(st.integers(0, 10 ** 6))
def test_lights_out_accepted_sets_match_light_chasing(seed):
    data = lights_out.generate(random.Random(seed), ("easy", "medium", "hard")[seed % 3], "press")
    n = data["n"]
    sols = _chase_solutions(n, {(r, c) for r, row in enumerate(data["lights"]) for c, v in enumerate(row) if v})
    low = min(map(len, sols))
    want = sorted(sorted(s) for s in sols if len(s) == low)
    got = sorted(sorted((r, c) for r, row in enumerate(g) for c, v in enumerate(row) if v) for g in data["accepted"])
    assert got == want


def _sokoban_finals_plain_bfs(room, box, player, goal):
    """Fewest pushes and the player cells of every optimal final board, by a plain 0-1 BFS over (box,
    player) states (walking costs 0, pushing 1): independent of the solver's player-area states."""
    from collections import deque

    dirs = list(sokoban.DIRECTIONS.values())
    start = (box, player)
    dist = {start: 0}
    todo = deque([start])
    best, finals = None, set()
    while todo:
        (b, p) = state = todo.popleft()
        d = dist[state]
        if best is not None and d >= best:
            continue
        for dr, dc in dirs:
            q = (p[0] + dr, p[1] + dc)
            if not sokoban.is_free(room, q, set()):
                continue
            if q == b:
                nb = (b[0] + dr, b[1] + dc)
                if not sokoban.is_free(room, nb, set()):
                    continue
                if nb == goal:
                    if best is None or d + 1 < best:
                        best, finals = d + 1, set()
                    finals.add(b)
                    continue
                nxt, cost = (nb, b), 1
            else:
                nxt, cost = (b, q), 0
            if nxt not in dist or dist[nxt] > d + cost:
                dist[nxt] = d + cost
                (todo.appendleft if cost == 0 else todo.append)(nxt)
    return best, finals


@SETTINGS
@given(st.integers(0, 10 ** 6))
def test_sokoban_shortest_push_boards_match_a_plain_bfs(seed):
    data = sokoban.generate(random.Random(seed), "hard")
    best, finals = _sokoban_finals_plain_bfs(data["room"], tuple(data["boxes"][0]), tuple(data["player"]),
                                             tuple(data["goals"][0]))
    assert best == data["difficulty"]["pushes"]
    assert sorted(finals) == sorted(tuple(a["player"]) for a in data["accepted"])


# Knight route (Dec 2, eleventh session): a candidate move running beside the route's corner, between two
# drawn moves, was covered by their lines' JPEG halo and read as drawn (seed 20 at JPEG 20: a confident
# ``rule_broken``); such a move, not covered all along and lying mostly beside other drawn lines, is unsure.
def test_a_knight_route_at_jpeg_20_reads_no_move_from_its_lines_halo():
    from genpuzzle import perturb

    record, inp, ref, mask = case("knight_route", 20)
    v = verify_image(record, perturb.jpeg(ref, 20), inp, mask)
    assert "rule_broken" not in v.codes, (v.score, v.codes)
    assert v.score == 100 or v.needs_review, (v.score, v.codes)


def test_a_knight_move_drawn_beside_the_route_still_counts():
    """The move c8-d6 drawn over the seed-20 route: it runs close to b8-d7 and d7-b6, and its own ink
    away from them still draws it (a branch: not one route)."""
    from genpuzzle import perturb

    record, inp, ref, mask = case("knight_route", 20)
    image = Image.fromarray(ref.copy())
    A.draw_route_cells(ImageDraw.Draw(image), record.layout, [(0, 2), (2, 3)], "x", (200, 30, 30))
    for answer in (np.asarray(image), perturb.jpeg(np.asarray(image), 20)):
        v = verify_image(record, answer, inp, mask)
        assert v.score < 80 and not (v.score == 100), (v.score, v.codes)
        assert "rule_broken" in v.codes, v.codes
