"""The board_game track's shared machinery and its six simple games (go, gomoku, othello, connect four,
tic-tac-toe, hex): answer sets against independent brute force, the calibration ladder through the full
pipeline (set on disk -> ``verify_answer``: registration, reading, comparison, scoring), answers redrawn
as a model would (``board_game_answers``: tuned and held-out styles kept apart), garbage images.
"""

from __future__ import annotations

import io
import random
from itertools import product
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from genpuzzle.dataset import load_set, write_set
from genpuzzle.evaluate import verify_answer, verify_image
from genpuzzle.records import InstanceRecord, Status
from genpuzzle.registry import get_track
from genpuzzle.solvers.board_game.base import EMPTY, board_hash, parse_board

from board_game_answers import HELDOUT, TUNE, draw_answer, modules

GAMES = ("go", "gomoku", "othello", "connect4", "tictactoe", "hex")
SIDES = {"go": ("B", "W"), "gomoku": ("B", "W"), "othello": ("B", "W"), "connect4": ("R", "Y"),
         "tictactoe": ("X", "O"), "hex": ("R", "U")}


# ------------------------------------------------------------------------------------------ fixtures


@pytest.fixture(scope="module")
def board_set(tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("board_game_set")
    write_set(root, {"board_game": 2 * len(GAMES)}, master_seed=5, variants={"board_game": list(GAMES)})
    by_game: dict[str, list[InstanceRecord]] = {}
    for record in load_set(root).records:
        by_game.setdefault(record.variant, []).append(record)
    return root, by_game


def _verify(root: Path, record: InstanceRecord, image, tmp_path: Path, name: str = "answer"):
    path = tmp_path / f"{name}.png"
    Image.fromarray(np.asarray(image)).save(path)
    return verify_answer(str(root), record, path)


def _render(record: InstanceRecord, board) -> np.ndarray:
    return np.asarray(modules(record.variant)[1].render_board(board).image)


def _position(record: InstanceRecord):
    return parse_board(record.ground_truth["position"])


def _accepted(record: InstanceRecord):
    return [parse_board(a["board"]) for a in record.ground_truth["accepted"]]


def _legal(record: InstanceRecord):
    solver = modules(record.variant)[0]
    return solver.GAME.legal_moves(_position(record), record.ground_truth["side_to_move"])


# ------------------------------------------------------------------------------------------ brute force


def _lines(rows: int, cols: int, k: int):
    """Every window of k cells in a row, column or diagonal."""
    for r, c in product(range(rows), range(cols)):
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            cells = [(r + i * dr, c + i * dc) for i in range(k)]
            if all(0 <= a < rows and 0 <= b < cols for a, b in cells):
                yield cells


def _has_run(board, side, k) -> bool:
    return any(all(board[a][b] == side for a, b in w) for w in _lines(len(board), len(board[0]), k))


def _placements(board, side):
    out = {}
    for r, c in product(range(len(board)), range(len(board[0]))):
        if board[r][c] == EMPTY:
            nb = [row[:] for row in board]
            nb[r][c] = side
            out[(r, c)] = nb
    return out


def _ttt_value(board, side, other):
    """(value for side, plies) by plain exhaustive search, preferring faster wins and slower losses."""
    if _has_run(board, other, 3):
        return -1, 0
    moves = _placements(board, side)
    if not moves:
        return 0, 0
    results = []
    for nb in moves.values():
        v, p = _ttt_value(nb, other, side)
        results.append((-v, p + 1))
    return max(results, key=lambda t: (t[0], -t[1] if t[0] > 0 else t[1]))


def _go_play(board, r, c, side):
    opp = "W" if side == "B" else "B"
    nb = [row[:] for row in board]
    nb[r][c] = side
    n = len(board)

    def group(r0, c0):
        colour, seen, todo, libs = nb[r0][c0], {(r0, c0)}, [(r0, c0)], set()
        while todo:
            a, b = todo.pop()
            for x, y in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
                if 0 <= x < n and 0 <= y < n:
                    if nb[x][y] == EMPTY:
                        libs.add((x, y))
                    elif nb[x][y] == colour and (x, y) not in seen:
                        seen.add((x, y))
                        todo.append((x, y))
        return seen, libs

    captured = 0
    for x, y in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
        if 0 <= x < n and 0 <= y < n and nb[x][y] == opp:
            g, libs = group(x, y)
            if not libs:
                captured += len(g)
                for a, b in g:
                    nb[a][b] = EMPTY
    if not group(r, c)[1]:
        return None
    return nb, captured, group


def brute_force(game: str, truth: dict):
    """(accepted boards' hashes, legal successors' hashes) by independent code."""
    board, side, task = parse_board(truth["position"]), truth["side_to_move"], truth["task"]
    a, b = SIDES[game]
    other = b if side == a else a
    legal, accepted = {}, set()
    if game == "tictactoe":
        legal = {k: v for k, v in _placements(board, side).items()}
        values = {k: ((1, 1) if _has_run(v, side, 3) else (lambda t: (-t[0], t[1] + 1))(_ttt_value(v, other, side)))
                  for k, v in legal.items()}
        best = max(values.values(), key=lambda t: (t[0], -t[1] if t[0] > 0 else t[1]))
        accepted = {board_hash(legal[k]) for k, v in values.items() if v == best}
    elif game == "go":
        caps = {}
        for (r, c) in _placements(board, side):
            res = _go_play(board, r, c, side)
            if res:
                legal[(r, c)] = res[0]
                caps[(r, c)] = res[1]
        if task == "capture_most":
            best = max(caps.values())
            accepted = {board_hash(legal[k]) for k, v in caps.items() if v == best}
        else:
            name = task.split(":")[1]
            ar, ac = len(board) - int(name[1:]), "abcdefghi".index(name[0])
            for k, nb in legal.items():
                res = _go_play(board, *k, side)
                if nb[ar][ac] == side and len(res[2](ar, ac)[1]) >= 2:
                    accepted.add(board_hash(nb))
    elif game in ("gomoku", "hex"):
        legal = _placements(board, side)
        if game == "gomoku":
            if task == "win":
                accepted = {board_hash(v) for v in legal.values() if _has_run(v, side, 5)}
            else:  # the opponent wins next move where a window of five holds four of its stones and one gap
                def threats(bd):
                    out = set()
                    for w in _lines(15, 15, 5):
                        vals = [bd[a][b] for a, b in w]
                        if vals.count(other) == 4 and vals.count(EMPTY) == 1:
                            out.add(w[vals.index(EMPTY)])
                    return out
                own_win = any(_has_run(v, side, 5) for v in legal.values())
                accepted = set() if own_win else {board_hash(v) for v in legal.values() if not threats(v)}
        else:
            def joined(bd, s):
                n = len(bd)
                start = [(r, c) for r, c in product(range(n), range(n)) if bd[r][c] == s and (r if s == "R" else c) == 0]
                seen, todo = set(start), list(start)
                while todo:
                    r, c = todo.pop()
                    if (r if s == "R" else c) == n - 1:
                        return True
                    for dr, dc in ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)):
                        x, y = r + dr, c + dc
                        if 0 <= x < n and 0 <= y < n and bd[x][y] == s and (x, y) not in seen:
                            seen.add((x, y))
                            todo.append((x, y))
                return False
            accepted = {board_hash(v) for v in legal.values() if joined(v, side)}
    elif game == "othello":
        counts = {}
        for (r, c) in _placements(board, side):
            nb = [row[:] for row in board]
            n_flip = 0
            for dr, dc in product((-1, 0, 1), repeat=2):
                if not (dr or dc):
                    continue
                run, x, y = [], r + dr, c + dc
                while 0 <= x < 8 and 0 <= y < 8 and board[x][y] == other:
                    run.append((x, y))
                    x, y = x + dr, y + dc
                if run and 0 <= x < 8 and 0 <= y < 8 and board[x][y] == side:
                    for p, q in run:
                        nb[p][q] = side
                    n_flip += len(run)
            if n_flip:
                nb[r][c] = side
                legal[(r, c)] = nb
                counts[(r, c)] = n_flip
        if task == "most_flips":
            best = max(counts.values())
            accepted = {board_hash(legal[k]) for k, v in counts.items() if v == best}
        else:
            name = task.split(":")[1]
            accepted = {board_hash(legal[(8 - int(name[1:]), "abcdefgh".index(name[0]))])}
    elif game == "connect4":
        for c in range(7):
            rows = [r for r in range(6) if board[r][c] == EMPTY]
            if rows:
                nb = [row[:] for row in board]
                nb[max(rows)][c] = side
                legal[c] = nb
        if task == "win":
            accepted = {board_hash(v) for v in legal.values() if _has_run(v, side, 4)}
        else:
            def replies(bd):
                out = []
                for c in range(7):
                    rows = [r for r in range(6) if bd[r][c] == EMPTY]
                    if rows:
                        nb = [row[:] for row in bd]
                        nb[max(rows)][c] = other
                        out.append(nb)
                return out
            accepted = {board_hash(v) for v in legal.values() if not any(_has_run(w, other, 4) for w in replies(v))}
    return accepted, {board_hash(v) for v in legal.values()}


@settings(max_examples=4, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 10_000))
def test_every_generated_answer_set_equals_independent_brute_force(game, seed):
    truth = get_track("board_game").generate(seed, game).ground_truth
    accepted, legal = brute_force(game, truth)
    assert accepted == {a["hash"] for a in truth["accepted"]}
    assert legal == {h for _, h, _ in truth["legal_successors"]}
    assert len(accepted) >= 1 and accepted <= legal


@pytest.mark.parametrize("game", GAMES)
def test_brute_force_agrees_on_more_seeds(game):
    track = get_track("board_game")
    for seed in (101, 202):
        truth = track.generate(seed, game).ground_truth
        assert brute_force(game, truth)[0] == {a["hash"] for a in truth["accepted"]}


# ------------------------------------------------------------------------------------------ the track


def test_track_lists_available_games_and_names_the_missing():
    from genpuzzle.tracks.board_game import GAMES as ALL, missing_games

    track = get_track("board_game")
    assert len(ALL) == 20 and set(GAMES) <= set(track.variants)
    info = track.info()
    assert set(info["variants"]) | set(missing_games()) == set(ALL)
    if missing_games():
        assert all(g in info["description"] for g in missing_games())
    assert track.plan_variants(len(track.variants)) == list(track.variants)  # equal shares


def test_generation_is_deterministic_and_validated(board_set):
    track = get_track("board_game")
    for game in GAMES:
        a, b = track.generate(11, game), track.generate(11, game)
        png = [io.BytesIO(), io.BytesIO()]
        a.input_image.save(png[0], format="PNG")
        b.input_image.save(png[1], format="PNG")
        assert png[0].getvalue() == png[1].getvalue() and a.ground_truth == b.ground_truth
        assert f"{a.ground_truth['side_name']} is to move" in a.instruction or game == "tictactoe"
    root, by_game = board_set
    for records in by_game.values():
        for record in records:
            assert track.validate(record) == [], record.variant
    record = by_game["othello"][0]
    bad = InstanceRecord.from_json(record.to_json())
    wrong = next(m for m in _legal(record) if board_hash(m.board) not in {a["hash"] for a in bad.ground_truth["accepted"]})
    bad.ground_truth["accepted"][0].update(board="/".join("".join(r) for r in wrong.board), hash=board_hash(wrong.board))
    assert any("accepted set" in p for p in track.validate(bad))


# ------------------------------------------------------------------------------------------ calibration


@pytest.mark.parametrize("game", GAMES)
def test_calibration_ladder(board_set, tmp_path, game):
    root, by_game = board_set
    record = by_game[game][0]
    ref = verify_answer(str(root), record, root / record.reference_images[0])
    assert ref.status is Status.CORRECT and ref.score == 100, (ref.codes, ref.subscores)
    blank = verify_answer(str(root), record, root / record.input_image)
    assert blank.score == 0 and blank.codes == ["no_change"]
    for k, board in enumerate(_accepted(record)):  # every accepted alternative
        alt = _verify(root, record, _render(record, board), tmp_path, f"alt{k}")
        assert alt.score == 100 and alt.status is Status.CORRECT
    accepted = {a["hash"] for a in record.ground_truth["accepted"]}
    wrong = next(m for m in _legal(record) if board_hash(m.board) not in accepted)
    verdict = _verify(root, record, _render(record, wrong.board), tmp_path, "wrong")
    ev = next(v for v in verdict.violations if v.code == "wrong_move").evidence
    assert ev["move"] == wrong.name and verdict.subscores["logical_correctness"] == pytest.approx(1 / 3, abs=1e-3)
    assert verdict.score <= 60 and verdict.status is Status.INCORRECT and ev["bbox"]


def _an_opponent_cell(board, side, avoid):
    return next((r, c) for r, row in enumerate(board) for c, v in enumerate(row)
                if v not in (EMPTY, side) and (r, c) not in avoid)


@pytest.mark.parametrize("game", GAMES)
def test_illegal_move_and_unrelated_change_are_named(board_set, tmp_path, game):
    root, by_game = board_set
    record = by_game[game][0]
    side = record.ground_truth["side_to_move"]
    position, target = _position(record), _accepted(record)[0]
    move = [tuple(c) for c in record.ground_truth["accepted"][0]["cells"]]
    illegal = [row[:] for row in position]
    if game == "connect4":  # a disc hanging in the air above an empty cell
        r, c = next((r, c) for r in range(5) for c in range(7) if illegal[r][c] == EMPTY and illegal[r + 1][c] == EMPTY)
        illegal[r][c] = side
    elif game == "othello":  # a disc that outflanks nothing
        from genpuzzle.solvers.board_game.othello import flips

        r, c = next((r, c) for r in range(8) for c in range(8) if position[r][c] == EMPTY and not flips(position, r, c, side))
        illegal[r][c] = side
    else:  # a stone or mark placed over the opponent's
        r, c = _an_opponent_cell(position, side, move)
        illegal[r][c] = side
    verdict = _verify(root, record, _render(record, illegal), tmp_path, "illegal")
    assert "illegal_move" in verdict.codes and verdict.score == 0, verdict.codes
    ev = next(v for v in verdict.violations if v.code == "illegal_move").evidence
    assert ev["cells"] == [f"{'abcdefghijklmno'[c]}{record.layout['rows'] - r}"] and ev["bbox"]
    assert "changed_unrelated_pieces" not in verdict.codes
    if game == "connect4":
        assert "floating_disc" in verdict.codes
    # the right move, plus an unrelated piece taken off the board
    changed = [row[:] for row in target]
    r, c = _an_opponent_cell(target, side, move)
    changed[r][c] = EMPTY
    verdict = _verify(root, record, _render(record, changed), tmp_path, "unrelated")
    if "changed_unrelated_pieces" in verdict.codes:
        assert verdict.subscores["input_preservation"] < 1 and 60 < verdict.score < 100
        assert verdict.subscores["logical_correctness"] == 1
    else:  # removing that piece makes a different legal or illegal board (e.g. connect four gravity)
        assert verdict.score <= 60


@pytest.mark.parametrize("game", ["go", "othello"])
def test_right_move_with_a_missing_capture_or_flip_is_wrong_final_board(board_set, tmp_path, game):
    root, by_game = board_set
    track = get_track("board_game")
    record = None
    for r in by_game[game]:
        pos, tgt = _position(r), _accepted(r)[0]
        if sum(a != b for ra, rb in zip(pos, tgt) for a, b in zip(ra, rb)) >= 2:
            record = r
            break
    if record is None:  # the set's instances happen to capture nothing: take a fresh capturing one
        seed = 0
        while True:
            p = track.generate(seed, game)
            if p.difficulty.get("captured", p.difficulty.get("flips", 0)) >= 1 and p.ground_truth["task"] != "save_group:":
                pos, tgt = parse_board(p.ground_truth["position"]), parse_board(p.ground_truth["accepted"][0]["board"])
                if sum(a != b for ra, rb in zip(pos, tgt) for a, b in zip(ra, rb)) >= 2:
                    break
            seed += 1
        record = InstanceRecord(id="fresh", track="board_game", variant=game, difficulty=p.difficulty, seed=seed,
                                instruction=p.instruction, input_image="", reference_images=[], edit_mask="",
                                ground_truth=p.ground_truth, layout=p.layout, scoring=p.scoring, track_version="1")
        inp, mask = np.asarray(p.input_image), np.asarray(p.edit_mask) > 0
        verify = lambda img: verify_image(record, img, inp, mask)  # noqa: E731
    else:
        verify = lambda img: _verify(root, record, img, tmp_path, "wfb")  # noqa: E731
    pos, tgt = _position(record), _accepted(record)[0]
    move = [tuple(c) for c in record.ground_truth["accepted"][0]["cells"]]
    consequence = next((r, c) for r in range(len(pos)) for c in range(len(pos)) if pos[r][c] != tgt[r][c] and (r, c) not in move)
    botched = [row[:] for row in tgt]
    botched[consequence[0]][consequence[1]] = pos[consequence[0]][consequence[1]]
    verdict = verify(_render(record, botched))
    assert "wrong_final_board" in verdict.codes and verdict.score <= 60, verdict.codes
    ev = next(v for v in verdict.violations if v.code == "wrong_final_board").evidence
    assert ev["cells"] == [f"{'abcdefghi'[consequence[1]]}{len(pos) - consequence[0]}"]


# ------------------------------------------------------------------------------------------ model styles


@pytest.mark.parametrize("game", GAMES)
def test_references_redrawn_as_a_model_would_score_100(board_set, tmp_path, game):
    root, by_game = board_set
    for record in by_game[game][:1]:
        for k, style in enumerate(TUNE):
            image = draw_answer(record, _accepted(record)[0], style, seed=k)
            verdict = _verify(root, record, image, tmp_path, style.name)
            assert verdict.score == 100 and verdict.status is Status.CORRECT, (style.name, verdict.codes, verdict.reason)


def test_held_out_styles_score_100(board_set, tmp_path):
    """Held-out styles (never tuned on): every game's second instance in every held-out style."""
    root, by_game = board_set
    failures = []
    for game in GAMES:
        record = by_game[game][1]
        for k, style in enumerate(HELDOUT):
            verdict = _verify(root, record, draw_answer(record, _accepted(record)[0], style, seed=k), tmp_path, style.name)
            if not (verdict.score == 100 and verdict.status is Status.CORRECT):
                failures.append((game, style.name, verdict.codes, verdict.reason))
    assert not failures


def test_wrong_move_in_a_model_style_is_still_caught(board_set, tmp_path):
    root, by_game = board_set
    for game in ("go", "tictactoe"):
        record = by_game[game][0]
        accepted = {a["hash"] for a in record.ground_truth["accepted"]}
        wrong = next(m for m in _legal(record) if board_hash(m.board) not in accepted)
        verdict = _verify(root, record, draw_answer(record, wrong.board, TUNE[3], seed=1), tmp_path, "wrong_style")
        assert "wrong_move" in verdict.codes and verdict.score <= 60


# ------------------------------------------------------------------------------------------ page checks


def test_erased_labels_and_a_caption_outside_the_board_are_charged(board_set, tmp_path):
    root, by_game = board_set
    record = by_game["gomoku"][0]
    image = Image.fromarray(_render(record, _accepted(record)[0]))
    d = ImageDraw.Draw(image)
    for label in record.layout["labels"][:3]:
        x0, y0, x1, y1 = label["box"]
        d.rectangle([x0 - 1, y0 - 1, x1 + 1, y1 + 1], fill=(255, 255, 255))
    verdict = _verify(root, record, image, tmp_path, "labels")
    assert "labels_changed" in verdict.codes and verdict.subscores["text_label_accuracy"] < 1
    assert verdict.subscores["logical_correctness"] == 1 and 90 <= verdict.score < 100
    image = Image.fromarray(_render(record, _accepted(record)[0]))
    w, h = image.size
    canvas = Image.new("RGB", (w, h), (255, 255, 255))
    canvas.paste(image)
    d = ImageDraw.Draw(canvas)
    x1 = record.layout["board_bbox"][2]
    d.rectangle([x1 + 12, 60, min(w - 8, x1 + 30), 160], fill=(20, 20, 20))  # a note beside the board
    verdict = _verify(root, record, canvas, tmp_path, "extra")
    assert "extra_marks" in verdict.codes and verdict.score == 99 and verdict.needs_review  # the judge decides


def test_unsure_cell_never_passes(board_set, tmp_path, monkeypatch):
    import genpuzzle.verifiers.board_game.base as base

    root, by_game = board_set
    record = by_game["go"][0]
    real = base.read_stone_cells

    def one_unsure(*args, **kw):
        reading = real(*args, **kw)
        r, c = [tuple(x) for x in record.ground_truth["accepted"][0]["cells"]][0]
        reading.states[r][c] = base.UNSURE
        reading.confidence[r][c] = 0.3
        return reading

    monkeypatch.setattr("genpuzzle.verifiers.board_game.go.read_stone_cells", one_unsure)
    verdict = verify_answer(str(root), record, root / record.reference_images[0])
    assert verdict.status is Status.NEEDS_REVIEW and verdict.score < 100 and not verdict.violations


@settings(max_examples=8, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 2 ** 31 - 1), st.sampled_from(["noise", "blank", "blocks"]))
def test_garbage_images_never_crash(board_set, game, seed, kind):
    root, by_game = board_set
    record = by_game[game][0]
    rng = np.random.default_rng(seed)
    h, w = rng.integers(40, 400, 2)
    if kind == "noise":
        image = rng.integers(0, 256, (h, w, 3), dtype=np.uint8)
    elif kind == "blank":
        image = np.full((h, w, 3), int(rng.integers(0, 256)), np.uint8)
    else:
        image = np.full((h, w, 3), 255, np.uint8)
        for _ in range(6):
            y, x = rng.integers(0, h), rng.integers(0, w)
            image[y:y + 30, x:x + 30] = rng.integers(0, 256, 3)
    inp = np.asarray(Image.open(root / record.input_image).convert("RGB"))
    mask = np.asarray(Image.open(root / record.edit_mask)) > 0
    verdict = verify_image(record, image, inp, mask)
    assert 0 <= verdict.score <= 100 and verdict.status is not Status.ERROR, verdict.reason
    assert verdict.status is not Status.CORRECT


@pytest.mark.parametrize("game", ["go", "connect4", "hex"])
def test_an_arrow_and_a_highlight_on_the_board_are_tolerated(board_set, tmp_path, game):
    root, by_game = board_set
    record = by_game[game][0]
    layout = record.layout
    image = Image.fromarray(_render(record, _accepted(record)[0]))
    r, c = record.ground_truth["accepted"][0]["cells"][-1]
    x, y = layout["cell_centers"][r][c]
    p = layout["cell_px"]
    d = ImageDraw.Draw(image)
    d.rectangle([x - 0.5 * p, y - 0.5 * p, x + 0.5 * p, y + 0.5 * p], outline=(230, 30, 30), width=3)
    x0, y0 = layout["board_bbox"][0] + 4, layout["board_bbox"][1] + 4
    d.line([(x0, y0), (x - 0.3 * p * np.sign(x - x0), y - 0.3 * p * np.sign(y - y0))], fill=(230, 30, 30), width=3)
    verdict = _verify(root, record, image, tmp_path, "arrow")
    assert verdict.score == 100 and verdict.status is Status.CORRECT, verdict.codes


def test_a_line_through_three_in_a_row_still_reads():
    """Tic-tac-toe answers often strike the winning row through: the marks under the line still read."""
    from board_game_answers import make_record

    from genpuzzle.solvers.board_game.tictactoe import LINES

    checked = 0
    for seed in range(400, 440):
        record, inp, mask = make_record("tictactoe", seed)
        target = _accepted(record)[0]
        side = record.ground_truth["side_to_move"]
        line = next((cells for cells in LINES if all(target[r][c] == side for r, c in cells)), None)
        if line is None:
            continue
        image = Image.fromarray(_render(record, target))
        a, b = record.layout["cell_centers"][line[0][0]][line[0][1]], record.layout["cell_centers"][line[-1][0]][line[-1][1]]
        ImageDraw.Draw(image).line([tuple(a), tuple(b)], fill=(200, 30, 30), width=6)
        verdict = verify_image(record, np.asarray(image), inp, mask)
        assert verdict.score == 100 and verdict.status is Status.CORRECT, (seed, verdict.extra.get("unsure_cells"))
        checked += 1
        if checked == 3:
            break
    assert checked == 3


# ------------------------------------------------------------------------------------------ shared mechanisms


def _reference(game: str, seed: int):
    import genpuzzle

    puzzle = genpuzzle.generate("board_game", seed, game)
    return puzzle, np.asarray(puzzle.reference_images[0].convert("RGB"))


@pytest.mark.parametrize("game", ["go", "connect4", "minesweeper", "game_2048", "gomoku", "sokoban"])
def test_a_whole_page_one_px_bolder_scores_100(game):
    """A model redrawing with a heavier pen: every stroke (labels, pieces, grid) 1 px bolder per side."""
    import cv2

    import genpuzzle

    puzzle, ref = _reference(game, 311)
    verdict = genpuzzle.verify(puzzle, cv2.erode(ref, np.ones((3, 3), np.uint8)))
    assert verdict.status is Status.CORRECT and verdict.score == 100, (verdict.codes, verdict.extra)


@pytest.mark.parametrize("game", ["knight_route", "go", "sokoban"])
def test_the_combined_page_change_scores_100(game):
    """Rescale, small rotation, keystone, tinted textured paper and JPEG at once (page_perturb)."""
    import genpuzzle
    from genpuzzle.page_perturb import page_change

    puzzle, ref = _reference(game, 312)
    verdict = genpuzzle.verify(puzzle, page_change(ref, "combined", 312)[0])
    assert verdict.status is Status.CORRECT and verdict.score == 100, (verdict.codes, verdict.extra)


@pytest.mark.parametrize(("game", "seed"), [("checkers", 7008), ("lights_out", 7012), ("chess", 9100)])
def test_boards_on_tinted_textured_paper_register_on_the_board(game, seed):
    """The combined page change on boards whose dark squares or lit cells outnumber the tinted, textured
    paper (registration took them for the paper and failed): every cell centre lands within 2 px."""
    from genpuzzle.page_perturb import page_change
    from genpuzzle.registration import register

    puzzle, ref = _reference(game, seed)
    answer, truth = page_change(ref, "combined", seed)
    result = register(answer, np.asarray(puzzle.input_image.convert("RGB")),
                      edit_mask=np.asarray(puzzle.edit_mask.convert("L")) > 127)
    assert result.ok, result.reason
    centres = np.array([c for row in puzzle.layout["cell_centers"] for c in row], float)
    expected = truth @ np.c_[centres, np.ones(len(centres))].T
    error = np.abs(result.source_points(centres) - (expected[:2] / expected[2]).T).max()
    assert error <= 2.0, error


@pytest.mark.parametrize("bolder", [0, 1])
def test_labels_that_are_one_shape_at_the_pages_weight(bolder):
    """Gomoku's "i" and "l": 1 px bolder the dot joins the stem and the two are one shape. On such a page
    both are kept (listed as twins: no swap between them can show); labels of other shapes put in their
    place are still changes, and as drawn an "l" where the "i" was is never kept."""
    import cv2

    from genpuzzle.verifiers.board_game.base import check_labels

    puzzle, ref = _reference("gomoku", 311)
    inp = np.asarray(puzzle.input_image.convert("RGB"))
    page = (lambda a: cv2.erode(a, np.ones((3, 3), np.uint8))) if bolder else (lambda a: a)
    result = check_labels(page(ref), inp, puzzle.layout)
    assert {"i", "l"} <= {e["text"] for e in result["kept"]} and not result["redrawn"]
    assert {e["text"] for e in result["twins"]} == ({"i", "l"} if bolder else set())
    labels = {lab["text"]: lab["box"] for lab in puzzle.layout["labels"]}
    swaps = (("i", "j"), ("a", "e")) + ((("i", "l"),) if not bolder else ())
    answer = ref.copy()
    for old, new in swaps:
        x0, y0, x1, y1 = labels[old]
        X0, Y0, X1, Y1 = labels[new]
        patch = ref[Y0 - 1:Y1 + 1, X0 - 1:X1 + 1].copy()
        answer[y0 - 1:y1 + 1, x0 - 1:x1 + 1] = 255
        left = (x0 + x1) // 2 - patch.shape[1] // 2
        answer[Y0 - 1:Y1 + 1, left:left + patch.shape[1]] = patch
    kept = {e["text"] for e in check_labels(page(answer), inp, puzzle.layout)["kept"]}
    assert not kept & {old for old, _ in swaps}
    assert {"b", "c", "d", "k", "m"} <= kept


def test_labels_on_a_blurred_page_are_decided_at_either_blur():
    """Blurred by the combined page change, nqueens's "i" matches its own crop 0.931 and the "j" 0.916 at
    the best blur (1.5 px), 0.925 / 0.875 at 0.8 px: kept. An "a" and an "e" swapped on such a page are
    not kept (blurred 1.5 px the two correlate 0.97, yet they are no twins there)."""
    from genpuzzle.page_perturb import page_change
    from genpuzzle.registration import register
    from genpuzzle.verifiers.board_game.base import check_labels

    def registered(puzzle, image, seed):
        inp = np.asarray(puzzle.input_image.convert("RGB"))
        result = register(page_change(image, "combined", seed)[0], inp,
                          edit_mask=np.asarray(puzzle.edit_mask.convert("L")) > 127)
        return check_labels(result.image, inp, puzzle.layout)

    puzzle, ref = _reference("nqueens", 7010)
    assert "i" in {e["text"] for e in registered(puzzle, ref, 7010)["kept"]}
    puzzle, ref = _reference("go", 9110)
    answer = _swap_labels(ref, puzzle.layout, "a", "e")
    assert not {"a", "e"} & {e["text"] for e in registered(puzzle, answer, 9110)["kept"]}


def _swap_labels(ref: np.ndarray, layout: dict, first: str, second: str) -> np.ndarray:
    """``ref`` with the coordinate labels ``first`` and ``second`` swapped: each box whitened, then the other
    label's pixels pasted on it, centred across, at their own rows."""
    labels = {lab["text"]: lab["box"] for lab in layout["labels"]}
    answer = ref.copy()
    for old in (first, second):
        x0, y0, x1, y1 = labels[old]
        answer[y0 - 1:y1 + 1, x0 - 1:x1 + 1] = 255
    for old, new in ((first, second), (second, first)):
        x0, y0, x1, y1 = labels[old]
        X0, Y0, X1, Y1 = labels[new]
        patch = ref[Y0 - 1:Y1 + 1, X0 - 1:X1 + 1]
        left = (x0 + x1) // 2 - patch.shape[1] // 2
        answer[Y0 - 1:Y1 + 1, left:left + patch.shape[1]] = patch
    return answer


@pytest.mark.parametrize("bolder", [False, True])
def test_a_label_showing_another_labels_text_is_never_kept(bolder):
    """A "6" redrawn where the "8" was (and a letter where another was): read by value against the
    input's own labels, at the page's stroke weight, it is a change, never an unchanged label."""
    import cv2

    from genpuzzle.verifiers.board_game.base import check_labels

    puzzle, ref = _reference("chess", 313)
    labels = {lab["text"]: lab["box"] for lab in puzzle.layout["labels"]}
    answer = ref.copy()
    for old, new in (("8", "6"), ("a", "e")):
        x0, y0, x1, y1 = labels[old]
        X0, Y0, X1, Y1 = labels[new]
        answer[y0 - 1:y1 + 1, x0 - 1:x1 + 1] = ref[Y0 - 1:Y1 + 1, X0 - 1:X1 + 1]
    if bolder:
        answer = cv2.erode(answer, np.ones((3, 3), np.uint8))
    result = check_labels(answer, np.asarray(puzzle.input_image.convert("RGB")), puzzle.layout)
    kept = {e["text"] for e in result["kept"]}
    assert "8" not in kept and "a" not in kept
    assert {"b", "c", "d", "h", "1", "7"} <= kept


@pytest.mark.parametrize("game", ["chess", "xiangqi", "shogi", "checkers"])
def test_glyph_cells_the_move_leaves_alone_read_unchanged_on_a_bolder_page(game):
    """The glyph reader's unchanged test compares a cell with the input's also at bolder stroke weights:
    on a page 1 px bolder every piece the move leaves in place keeps its input code (read "unchanged")."""
    import cv2

    import importlib

    puzzle, ref = _reference(game, 311)
    record = InstanceRecord(id="x", track="board_game", variant=game, difficulty={}, seed=311, instruction="",
                            input_image="", reference_images=[], edit_mask="", ground_truth=puzzle.ground_truth,
                            layout=puzzle.layout, scoring={}, track_version="")
    verifier = importlib.import_module(f"genpuzzle.verifiers.board_game.{game}")
    reading = verifier.read_board(cv2.erode(ref, np.ones((3, 3), np.uint8)),
                                  np.asarray(puzzle.input_image.convert("RGB")), record)
    position = parse_board(puzzle.ground_truth["position"])
    after = parse_board(puzzle.ground_truth["accepted"][0]["board"])
    for r, row in enumerate(reading.evidence):
        for c, ev in enumerate(row):
            if position[r][c] == after[r][c] != EMPTY:
                assert ev.get("read") == "unchanged" and reading.states[r][c] == position[r][c], (r, c, ev)


def test_labels_on_a_bolder_compressed_page_are_decided_by_their_residuals():
    """Rescaled, 1 px bolder and JPEG'd, xiangqi's "a" matches its own crop 0.974 and the "e" 0.957 (a
    margin under 0.02): a near-exact match whose every rival leaves >= 1.3 x its residual is kept. The
    same page with the "a" and the "e" swapped keeps neither."""
    import cv2

    from genpuzzle import perturb
    from genpuzzle.registration import register
    from genpuzzle.verifiers.board_game.base import check_labels

    puzzle, ref = _reference("xiangqi", 1000)
    inp = np.asarray(puzzle.input_image.convert("RGB"))
    mask = np.asarray(puzzle.edit_mask.convert("L")) > 127

    def labels_of(image):
        page = perturb.jpeg(cv2.erode(perturb.rescale(image, 0.9, 0.9), np.ones((3, 3), np.uint8)), 75)
        result = register(page, inp, edit_mask=mask)
        assert result.ok, result.reason
        return check_labels(result.image, inp, puzzle.layout)

    result = labels_of(ref)
    assert not result["redrawn"] and not result["replaced"], result["redrawn"]
    kept = {e["text"] for e in labels_of(_swap_labels(ref, puzzle.layout, "a", "e"))["kept"]}
    assert not {"a", "e"} & kept
    assert {"b", "c", "d", "f"} <= kept



# ------------------------------------------------------------------------------------------ account for all ink


@pytest.mark.parametrize("game", GAMES)
def test_a_mark_on_an_empty_part_of_the_board_never_passes(board_set, tmp_path, game):
    """Account for all ink on the stone, disc and X/O boards (rubric 7): a dot, a tick, a scribble or a
    "7" (tests/marks.py, 0.035 x the image's short side, as the lead's check draws them) in the empty cell
    farthest from every piece and from the move -- on the cell's centre; on go and gomoku the dot over
    the crossing lines, the others a quarter pitch off them -- on an otherwise correct answer never passes,
    and is ``stray_mark`` (score <= 70) on every board but tic-tac-toe (whose reader makes a mark that size
    in its large cells unsure). Before: every mark passed at 100 on go, gomoku, othello, connect four and
    hex."""
    from marks import KINDS, draw_mark

    root, by_game = board_set
    record = by_game[game][0]
    layout = record.layout
    position, target = _position(record), _accepted(record)[0]
    cells = [(r, c) for r in range(layout["rows"]) for c in range(layout["cols"])]
    busy = [(r, c) for r, c in cells if position[r][c] != EMPTY or target[r][c] != EMPTY]
    r, c = max((rc for rc in cells if rc not in busy),
               key=lambda rc: min(max(abs(rc[0] - r2), abs(rc[1] - c2)) for r2, c2 in busy))
    x, y = layout["cell_centers"][r][c]
    off = 0.25 * layout["cell_px"] if layout.get("lines_through_centres") else 0.0
    reference = Image.fromarray(_render(record, target))
    size = max(8, int(0.035 * min(reference.size)))
    for kind in KINDS:
        at = (int(round(x)), int(round(y))) if kind == "dot" else (int(round(x + off)), int(round(y + off)))
        verdict = _verify(root, record, draw_mark(reference, kind, at, size, seed=3), tmp_path, kind)
        assert not (verdict.score == 100 and verdict.status is Status.CORRECT and not verdict.needs_review), kind
        if game != "tictactoe":
            assert "stray_mark" in verdict.codes and verdict.score <= 70, (kind, verdict.codes, verdict.score)


@pytest.mark.parametrize(("game", "seed", "style"), [
    ("gomoku", 10, "h_shaded_thick_tint"), ("gomoku", 11, "h_shaded_thick_tint"), ("gomoku", 10, "t_outlined_stretch"),
    ("hex", 10, "t_rescale_jpeg"), ("hex", 11, "t_thick_grid"), ("hex", 10, "t_gradient_stones"),
    ("go", 11, "h_shaded_thick_tint"), ("go", 11, "t_outlined_stretch"), ("gomoku", 11, "h_gradient_small_model"),
    ("hex", 1000, "h_shaded_thick_tint")])
def test_empty_cells_as_the_page_draws_them_are_no_mark(game, seed, style):
    """What an empty cell looks like is measured on the page (its lines heavier, blurred, tinted,
    JPEG'd): the answers that gave a confident false ``stray_mark`` (gomoku, lines 3 px heavier on a tinted
    page) or a faint mark for review (hex, gomoku on stretched or JPEG'd pages) with the ink test of the
    glyph games, and those that went to review with this one's first versions (go's JPEG rings about a
    thick crossing; a go corner and a gomoku edge point whose lines a stretched or resampled page drew a
    pixel off, read as a dot on the crossing; hex's border corner drawn heavier, where red meets blue),
    score 100."""
    from board_game_answers import HELDOUT_2, make_record

    styles = TUNE + HELDOUT + HELDOUT_2
    record, inp, mask = make_record(game, seed)
    k = next(n for n, s in enumerate(styles) if s.name == style)
    verdict = verify_image(record, draw_answer(record, _accepted(record)[0], styles[k], seed + k), inp, mask)
    assert verdict.score == 100 and verdict.status is Status.CORRECT and not verdict.needs_review, (
        verdict.codes, verdict.extra.get("unsure_cells"), verdict.extra.get("reader_notes", {}).get("empty_look"))


def _a_piece_to_mark(record: InstanceRecord, moved: bool) -> tuple[int, int]:
    """A piece of the accepted board: one the move places (``moved``) or one it leaves in place of the kind
    the page shows most of."""
    position, target = _position(record), _accepted(record)[0]
    cells = [(r, c) for r, row in enumerate(target) for c, code in enumerate(row) if code != EMPTY]
    if moved:
        return next(rc for rc in cells if position[rc[0]][rc[1]] != target[rc[0]][rc[1]])
    kept = [rc for rc in cells if position[rc[0]][rc[1]] == target[rc[0]][rc[1]]]
    counts = {code: sum(target[r][c] == code for r, c in kept) for code in {target[r][c] for r, c in kept}}
    return next(rc for rc in kept if counts[target[rc[0]][rc[1]]] == max(counts.values()))


def _mark_on_piece(record: InstanceRecord, reference: Image.Image, rc: tuple[int, int], kind: str) -> Image.Image:
    """``reference`` with a tests/marks.py mark (0.035 x the short side) inside the piece at ``rc``: on a
    stone or disc at its centre, dark on a light piece and light on a dark one; in an X/O cell a quarter
    pitch right of the centre (between an X's arms, inside an O)."""
    from marks import draw_mark

    layout = record.layout
    x, y = layout["cell_centers"][rc[0]][rc[1]]
    if layout["cell_kind"] == "mark":
        x += 0.18 * layout["cell_px"]
    light = np.asarray(reference)[int(round(y)), int(round(x))].mean() > 128
    colour = {"dot": (40, 40, 40), "tick": (20, 20, 160), "scribble": (30, 30, 40), "seven": (20, 20, 20)}[kind] \
        if light else {"dot": (240, 240, 240), "tick": (240, 220, 40), "scribble": (250, 250, 250),
                       "seven": (230, 230, 60)}[kind]
    return draw_mark(reference, kind, (int(round(x)), int(round(y))), max(8, int(0.035 * min(reference.size))),
                     colour, seed=3)


@pytest.mark.parametrize("game", GAMES)
def test_a_mark_on_a_piece_never_passes(board_set, tmp_path, game):
    """Account for all ink, on the pieces too (rubric 9): a dot, a tick, a scribble or a "7" inside a piece
    the move leaves in place -- a stone, a disc, an X or an O compared with the page's own pieces of its
    kind -- is ``stray_mark`` (score <= 70); inside the piece the move places it may be a highlight of the
    move and makes the cell unsure (review). Before: every one passed at 100 (go, othello and tic-tac-toe
    in the lead's check at seed 88800: 12 of 12)."""
    from marks import KINDS

    root, by_game = board_set
    record = by_game[game][0]
    reference = Image.fromarray(_render(record, _accepted(record)[0]))
    kept, moved = _a_piece_to_mark(record, False), _a_piece_to_mark(record, True)
    for kind in KINDS:
        verdict = _verify(root, record, _mark_on_piece(record, reference, kept, kind), tmp_path, kind)
        assert "stray_mark" in verdict.codes and verdict.score <= 70, (kind, verdict.codes, verdict.score)
        verdict = _verify(root, record, _mark_on_piece(record, reference, moved, kind), tmp_path, f"{kind}_moved")
        assert verdict.needs_review and verdict.status is not Status.CORRECT and verdict.score < 100, (
            kind, verdict.codes, verdict.score)


def test_star_points_on_a_blurred_page_are_no_dots():
    """A gomoku reference blurred by 2 px (JPEG 85; the lead's degradation check, seed 86600) fitted a
    lighter pen for its empty cells, which shrank the star points in the page's look, and the five star
    points were a confident ``stray_mark`` (70; rubric 8 and before). The input as drawn explains its own
    dark centre pixels too: never a confident fail."""
    from PIL import ImageFilter

    puzzle, reference = _reference("gomoku", 7987937955818683538)  # the degradation check's gomoku at 86600
    record = InstanceRecord(id="t", track="board_game", variant="gomoku", difficulty={}, seed=0, instruction="",
                            input_image="", reference_images=[], edit_mask="", ground_truth=puzzle.ground_truth,
                            layout=puzzle.layout, scoring={"rubric": "board_game"},
                            track_version=get_track("board_game").version)
    buffer = io.BytesIO()
    Image.fromarray(reference).filter(ImageFilter.GaussianBlur(2.0)).save(buffer, "JPEG", quality=85)
    verdict = verify_image(record, np.asarray(Image.open(buffer).convert("RGB")),
                           np.asarray(puzzle.input_image.convert("RGB")), np.asarray(puzzle.edit_mask) > 0)
    assert "stray_mark" not in verdict.codes and (verdict.score == 100 or verdict.needs_review), verdict.codes


def test_a_piece_the_reader_misses_on_a_blurred_page_is_no_confident_fail(tmp_path):
    # the lead's degradation check (seed 12300): the chess reference blurred at sigma 2 lost the white queen moved
    # to g7 on a light square to the piece reader; its ink read as a mark, the move as illegal: a confident 0.
    # A mark the size of a piece on a cell read empty leaves that cell in doubt: the verdict goes to review
    from PIL import ImageFilter

    write_set(tmp_path / "set", {"board_game": 2}, 12300)
    s = load_set(tmp_path / "set")
    rec = next(r for r in s.records if r.variant == "chess")
    page = Image.open(tmp_path / "set" / rec.reference_images[0]).convert("RGB").filter(ImageFilter.GaussianBlur(2.0))
    page.save(tmp_path / "blurred.jpg", quality=85)
    v = verify_answer(tmp_path / "set", rec, tmp_path / "blurred.jpg")
    assert v.score == 100 or v.needs_review, (v.score, v.codes)
